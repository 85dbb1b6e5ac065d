// runtime/d3d11/d3d11_context.cpp — see d3d11_context.h.
#include "d3d11_context.h"

#include "d3d11_device.h"
#include "d3d11_rasterizer_state.h"
#include "d3d11_view.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11DeviceContext) ||
      riid == __uuidof(ID3D11DeviceContext1) || riid == __uuidof(ID3D11DeviceContext2) ||
      riid == __uuidof(ID3D11DeviceContext3)) {
    AddRef();
    *ppvObject = static_cast<ID3D11DeviceContext3*>(this);
    return S_OK;
  }
  if (riid == __uuidof(ID3D11Multithread) && !inertDdi_) {  // the immediate context's (the device's) critical section
    return device_.multithread().QueryInterface(riid, ppvObject);
  }
  if (riid == __uuidof(ID3DUserDefinedAnnotation)) {
    AddRef();
    *ppvObject = static_cast<ID3DUserDefinedAnnotation*>(&annotation_);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

D3D11Multithread::Scope D3D11ImmediateContext::lockEntry() {
  return D3D11Multithread::Scope(inertDdi_ ? nullptr : &device_.multithread());
}

DdiDevice& D3D11ImmediateContext::driver() { return inertDdi_ ? *inertDdi_ : device_.ddi(); }

ULONG STDMETHODCALLTYPE D3D11ImmediateContext::AddRef() try { return device_.AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE D3D11ImmediateContext::Release() try { return device_.Release(); } D3DVK_CATCH_RETURN({})

void STDMETHODCALLTYPE D3D11ImmediateContext::GetDevice(ID3D11Device** ppDevice) try {
  if (!ppDevice) return;
  device_.AddRef();
  *ppDevice = &device_;
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) try {
  return privateData_.get(guid, pDataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) try {
  return privateData_.set(guid, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) try {
  return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
} D3DVK_CATCH_HRESULT

D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE D3D11ImmediateContext::GetType() try { return D3D11_DEVICE_CONTEXT_IMMEDIATE; } D3DVK_CATCH_RETURN({})
UINT STDMETHODCALLTYPE D3D11ImmediateContext::GetContextFlags() try { return 0; } D3DVK_CATCH_RETURN({})
void STDMETHODCALLTYPE D3D11ImmediateContext::Flush() try {
  const auto contextEntryLock = lockEntry();
  DdiDevice& ddi = driver();
  ddi.funcs().pfnFlush(ddi.handle(), 0);
} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::FinishCommandList(BOOL, ID3D11CommandList** ppCommandList) try {
  const auto contextEntryLock = lockEntry();
  if (ppCommandList) *ppCommandList = nullptr;
  return DXGI_ERROR_INVALID_CALL;  // only deferred contexts record command lists
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetState(ID3D11RasterizerState* pRasterizerState) try {
  const auto contextEntryLock = lockEntry();
  auto* state = static_cast<D3D11RasterizerState*>(pRasterizerState);
  if (state == rasterizerState_) return;  // no effective change, no DDI call
  if (state) state->addPrivateRef();
  D3D11RasterizerState* previous = rasterizerState_;
  rasterizerState_ = state;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  // A null handle binds the driver's default state (the D3D11.3 default desc).
  ddi.funcs().pfnSetRasterizerState(ddi.handle(), state ? state->ddiHandle() : D3D10DDI_HRASTERIZERSTATE{nullptr});
  if (previous) previous->releasePrivateRef();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetState(ID3D11RasterizerState** ppRasterizerState) try {
  const auto contextEntryLock = lockEntry();
  if (!ppRasterizerState) return;
  if (rasterizerState_) rasterizerState_->AddRef();
  *ppRasterizerState = rasterizerState_;
} D3DVK_CATCH_VOID

void D3D11ImmediateContext::releaseBindings() {
  for (D3D11RenderTargetView*& view : renderTargets_)
    if (D3D11RenderTargetView* v = view) {
      view = nullptr;
      v->releasePrivateRef();
    }
  renderTargetCount_ = 0;
  if (D3D11DepthStencilView* v = depthStencil_) {
    depthStencil_ = nullptr;
    v->releasePrivateRef();
  }
  for (D3D11UnorderedAccessView*& view : unorderedAccessViews_)
    if (D3D11UnorderedAccessView* v = view) {
      view = nullptr;
      v->releasePrivateRef();
    }
  uavSlotsInUse_ = 0;
  if (D3D11RasterizerState* state = rasterizerState_) {
    rasterizerState_ = nullptr;
    drawValidated_ = false;
    state->releasePrivateRef();
  }
  releasePredicate();
  releaseStreamOutputTargets();
  releaseDrawBindings();
}

}  // namespace d3dvk::runtime
