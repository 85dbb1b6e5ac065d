// runtime/dxgi/dxgi_adapter.cpp — see dxgi_adapter.h.
#include "dxgi_adapter.h"
#include "dxgi_output.h"

#include "d3dvk_entry_guard.h"
#include "dxgi_factory.h"

#include <d3d11.h>

#include <cstdio>
#include <cstring>
#include <new>

namespace d3dvk::runtime {

void copyUtf8ToWide(const char* text, WCHAR* out, size_t capacity) {
  if (!capacity) return;
  size_t n = 0;
  const auto* s = reinterpret_cast<const unsigned char*>(text ? text : "");
  while (*s && n + 1 < capacity) {
    uint32_t cp = *s++;
    int extra = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
    if (extra) cp &= (0x3F >> extra);
    for (; extra > 0 && (*s & 0xC0) == 0x80; --extra) cp = (cp << 6) | (*s++ & 0x3F);
    out[n++] = WCHAR(extra ? 0xFFFD : cp);
  }
  out[n] = 0;
}

HRESULT DxgiAdapter::create(IDXGIFactory* factory, DxgiAdapter** out, std::string* error) {
  *out = nullptr;
  D3DVK_ADAPTER_INFO info{};
  const HRESULT hr = queryUmdAdapterInfo(&info, nullptr, nullptr, error);
  if (FAILED(hr)) return hr;
  *out = new DxgiAdapter(factory, info);
  return S_OK;
}

HRESULT DxgiAdapter::createDefault(DxgiAdapter** out, std::string* error) {
  *out = nullptr;
  DxgiFactory* factory = new DxgiFactory(0);
  // The adapter holds the factory; this reference goes however create() ends (a failed allocation throws).
  struct ReleaseFactory {
    DxgiFactory* factory;
    ~ReleaseFactory() { factory->Release(); }
  } release{factory};
  return create(factory, out, error);
}

DxgiAdapter* DxgiAdapter::from(IUnknown* unknown) {
  void* self = nullptr;
  if (!unknown || FAILED(unknown->QueryInterface(IID_D3DVKDxgiAdapter, &self))) return nullptr;
  return static_cast<DxgiAdapter*>(self);
}

DxgiAdapter::DxgiAdapter(IDXGIFactory* factory, const D3DVK_ADAPTER_INFO& info) : factory_(factory), info_(info) {
  factory_->AddRef();
}

DxgiAdapter::~DxgiAdapter() { factory_->Release(); }

HRESULT STDMETHODCALLTYPE DxgiAdapter::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIAdapter) ||
      riid == __uuidof(IDXGIAdapter1) || riid == __uuidof(IDXGIAdapter2) || riid == __uuidof(IDXGIAdapter3) ||
      riid == __uuidof(IDXGIAdapter4)) {
    AddRef();
    *ppvObject = static_cast<IDXGIAdapter4*>(this);
    return S_OK;
  }
  if (riid == IID_D3DVKDxgiAdapter) {
    AddRef();
    *ppvObject = this;
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE DxgiAdapter::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE DxgiAdapter::Release() try {
  const ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  return factory_->QueryInterface(riid, ppParent);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::EnumOutputs(UINT Output, IDXGIOutput** ppOutput) try {
  // The X server's monitors (dxgi_output.h); none without a display, as a
  // render-only adapter on Windows.
  if (!ppOutput) return DXGI_ERROR_INVALID_CALL;
  *ppOutput = nullptr;
  return DxgiOutput::create(this, Output, ppOutput);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc(DXGI_ADAPTER_DESC* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  DXGI_ADAPTER_DESC3 d{};
  GetDesc3(&d);
  std::memcpy(pDesc->Description, d.Description, sizeof pDesc->Description);
  pDesc->VendorId = d.VendorId;
  pDesc->DeviceId = d.DeviceId;
  pDesc->SubSysId = d.SubSysId;
  pDesc->Revision = d.Revision;
  pDesc->DedicatedVideoMemory = d.DedicatedVideoMemory;
  pDesc->DedicatedSystemMemory = d.DedicatedSystemMemory;
  pDesc->SharedSystemMemory = d.SharedSystemMemory;
  pDesc->AdapterLuid = d.AdapterLuid;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc1(DXGI_ADAPTER_DESC1* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  DXGI_ADAPTER_DESC d{};
  GetDesc(&d);
  std::memcpy(pDesc, &d, sizeof d);  // DXGI_ADAPTER_DESC1 starts with DXGI_ADAPTER_DESC's fields
  pDesc->Flags = info_.Software ? DXGI_ADAPTER_FLAG_SOFTWARE : DXGI_ADAPTER_FLAG_NONE;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc2(DXGI_ADAPTER_DESC2* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  DXGI_ADAPTER_DESC3 d{};
  GetDesc3(&d);
  DXGI_ADAPTER_DESC1 d1{};
  GetDesc1(&d1);
  std::memcpy(pDesc, &d1, sizeof d1);
  pDesc->GraphicsPreemptionGranularity = d.GraphicsPreemptionGranularity;
  pDesc->ComputePreemptionGranularity = d.ComputePreemptionGranularity;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc3(DXGI_ADAPTER_DESC3* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  std::memset(pDesc, 0, sizeof *pDesc);
  copyUtf8ToWide(info_.Description, pDesc->Description, 128);
  pDesc->VendorId = info_.VendorId;
  pDesc->DeviceId = info_.DeviceId;
  pDesc->DedicatedVideoMemory = SIZE_T(info_.DedicatedVideoMemory);
  pDesc->SharedSystemMemory = SIZE_T(info_.SharedSystemMemory);
  pDesc->AdapterLuid = luid();
  pDesc->Flags = info_.Software ? DXGI_ADAPTER_FLAG3_SOFTWARE : DXGI_ADAPTER_FLAG3_NONE;
  // Vulkan says nothing of preemption: the coarsest granularities, which promise least.
  pDesc->GraphicsPreemptionGranularity = DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY;
  pDesc->ComputePreemptionGranularity = DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::CheckInterfaceSupport(REFGUID InterfaceName, LARGE_INTEGER* pUMDVersion) try {
  // As on Windows: D3D10-era device interfaces answer with the UMD version; D3D11
  // and later are not reported through this method (DXGI_ERROR_UNSUPPORTED).
  (void)InterfaceName;
  if (pUMDVersion) pUMDVersion->QuadPart = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE,
                                                                                           DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE DxgiAdapter::UnregisterHardwareContentProtectionTeardownStatus(DWORD) try {} D3DVK_CATCH_VOID

HRESULT DxgiAdapter::segment(DXGI_MEMORY_SEGMENT_GROUP group, D3DVK_MEMORY_SEGMENT_INFO* out) {
  D3DVK_MEMORY_SEGMENT_INFO local{}, nonLocal{};
  std::string error;
  const HRESULT hr = queryUmdAdapterInfo(nullptr, &local, &nonLocal, &error);
  if (FAILED(hr)) {
    std::fprintf(stderr, "d3dvk: IDXGIAdapter3::QueryVideoMemoryInfo: %s\n", error.c_str());
    return hr;
  }
  *out = group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? local : nonLocal;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::QueryVideoMemoryInfo(UINT NodeIndex,
                                                            DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                            DXGI_QUERY_VIDEO_MEMORY_INFO* pVideoMemoryInfo) try {
  if (!pVideoMemoryInfo || NodeIndex != 0 ||
      (MemorySegmentGroup != DXGI_MEMORY_SEGMENT_GROUP_LOCAL && MemorySegmentGroup != DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL))
    return E_INVALIDARG;
  D3DVK_MEMORY_SEGMENT_INFO s{};
  const HRESULT hr = segment(MemorySegmentGroup, &s);
  if (FAILED(hr)) return hr;
  std::lock_guard lock(mutex_);
  pVideoMemoryInfo->Budget = s.Budget;
  pVideoMemoryInfo->CurrentUsage = s.CurrentUsage;
  // The whole budget may be reserved; a reservation is a promise d3dvk records
  // (it never evicts, so nothing else changes).
  pVideoMemoryInfo->AvailableForReservation = s.Budget;
  pVideoMemoryInfo->CurrentReservation = reservation_[MemorySegmentGroup];
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::SetVideoMemoryReservation(UINT NodeIndex,
                                                                 DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                                 UINT64 Reservation) try {
  if (NodeIndex != 0 ||
      (MemorySegmentGroup != DXGI_MEMORY_SEGMENT_GROUP_LOCAL && MemorySegmentGroup != DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL))
    return E_INVALIDARG;
  D3DVK_MEMORY_SEGMENT_INFO s{};
  const HRESULT hr = segment(MemorySegmentGroup, &s);
  if (FAILED(hr)) return hr;
  if (Reservation > s.Budget) return E_INVALIDARG;
  std::lock_guard lock(mutex_);
  reservation_[MemorySegmentGroup] = Reservation;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE, DWORD* pdwCookie) try {
  if (pdwCookie) *pdwCookie = 0;
  return DXGI_ERROR_UNSUPPORTED;  // d3dvk has no event objects yet
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE DxgiAdapter::UnregisterVideoMemoryBudgetChangeNotification(DWORD) try {} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
