// runtime/dxgi/dxgi_device.cpp — see dxgi_device.h.
#include "dxgi_device.h"

#include "d3dvk_entry_guard.h"

#include <cstdio>

namespace d3dvk::runtime {

namespace {
constexpr UINT kDefaultFrameLatency = 3;
constexpr UINT kMaxFrameLatency = 16;

bool validPriority(DXGI_OFFER_RESOURCE_PRIORITY p) {
  return p == DXGI_OFFER_RESOURCE_PRIORITY_LOW || p == DXGI_OFFER_RESOURCE_PRIORITY_NORMAL ||
         p == DXGI_OFFER_RESOURCE_PRIORITY_HIGH;
}

bool validResources(UINT count, IDXGIResource* const* resources) {
  if (count == 0 || !resources) return false;
  for (UINT i = 0; i < count; ++i)
    if (!resources[i]) return false;
  return true;
}
}  // namespace

DxgiDevice::DxgiDevice(IUnknown& owner, DxgiAdapter& adapter) : owner_(owner), adapter_(adapter) { adapter_.AddRef(); }

DxgiDevice::~DxgiDevice() { adapter_.Release(); }

bool DxgiDevice::answers(REFIID riid) {
  return riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDevice) || riid == __uuidof(IDXGIDevice1) ||
         riid == __uuidof(IDXGIDevice2) || riid == __uuidof(IDXGIDevice3) || riid == __uuidof(IDXGIDevice4);
}

HRESULT STDMETHODCALLTYPE DxgiDevice::QueryInterface(REFIID riid, void** ppvObject) try {
  return owner_.QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT
ULONG STDMETHODCALLTYPE DxgiDevice::AddRef() try { return owner_.AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE DxgiDevice::Release() try { return owner_.Release(); } D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiDevice::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  return adapter_.QueryInterface(riid, ppParent);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::GetAdapter(IDXGIAdapter** pAdapter) try {
  if (!pAdapter) return DXGI_ERROR_INVALID_CALL;
  adapter_.AddRef();
  *pAdapter = &adapter_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::CreateSurface(const DXGI_SURFACE_DESC*, UINT, DXGI_USAGE,
                                                    const DXGI_SHARED_RESOURCE*, IDXGISurface** ppSurface) try {
  if (ppSurface) *ppSurface = nullptr;
  // DXGI's own surfaces (for the D3D10-era runtime) are not provided: create a
  // texture and query IDXGISurface from it instead.
  std::fprintf(stderr, "d3dvk: IDXGIDevice::CreateSurface is not implemented; create an ID3D11Texture2D\n");
  return E_NOTIMPL;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::QueryResourceResidency(IUnknown* const* ppResources,
                                                             DXGI_RESIDENCY* pResidencyStatus, UINT NumResources) try {
  if (!ppResources || !pResidencyStatus || NumResources == 0) return E_INVALIDARG;
  for (UINT i = 0; i < NumResources; ++i)
    if (!ppResources[i]) return E_INVALIDARG;
  for (UINT i = 0; i < NumResources; ++i) pResidencyStatus[i] = DXGI_RESIDENCY_FULLY_RESIDENT;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::SetGPUThreadPriority(INT Priority) try {
  if (Priority < -7 || Priority > 7) return E_INVALIDARG;
  gpuThreadPriority_ = Priority;  // recorded; Vulkan queues keep their priority
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::GetGPUThreadPriority(INT* pPriority) try {
  if (!pPriority) return E_POINTER;
  *pPriority = gpuThreadPriority_.load();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::SetMaximumFrameLatency(UINT MaxLatency) try {
  if (MaxLatency > kMaxFrameLatency) return DXGI_ERROR_INVALID_CALL;
  maxFrameLatency_ = MaxLatency == 0 ? kDefaultFrameLatency : MaxLatency;  // 0: back to the default
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::GetMaximumFrameLatency(UINT* pMaxLatency) try {
  if (!pMaxLatency) return DXGI_ERROR_INVALID_CALL;
  *pMaxLatency = maxFrameLatency_.load();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::OfferResources(UINT NumResources, IDXGIResource* const* ppResources,
                                                     DXGI_OFFER_RESOURCE_PRIORITY Priority) try {
  return OfferResources1(NumResources, ppResources, Priority, 0);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::OfferResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                                      DXGI_OFFER_RESOURCE_PRIORITY Priority, UINT Flags) try {
  if (!validResources(NumResources, ppResources) || !validPriority(Priority) ||
      (Flags & ~UINT(DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT)))
    return E_INVALIDARG;
  return S_OK;  // d3dvk keeps offered memory (and so its contents)
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::ReclaimResources(UINT NumResources, IDXGIResource* const* ppResources,
                                                       BOOL* pDiscarded) try {
  if (!validResources(NumResources, ppResources)) return E_INVALIDARG;
  if (pDiscarded)
    for (UINT i = 0; i < NumResources; ++i) pDiscarded[i] = FALSE;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::ReclaimResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                                        DXGI_RECLAIM_RESOURCE_RESULTS* pResults) try {
  if (!validResources(NumResources, ppResources)) return E_INVALIDARG;
  if (pResults)
    for (UINT i = 0; i < NumResources; ++i) pResults[i] = DXGI_RECLAIM_RESOURCE_RESULT_OK;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiDevice::EnqueueSetEvent(HANDLE) try {
  return E_NOTIMPL;  // d3dvk has no Win32 event objects
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE DxgiDevice::Trim() try {} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
