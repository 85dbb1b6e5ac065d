// runtime/d3d11/d3d11_device.cpp — see d3d11_device.h.
#include "d3d11_device.h"

#include "d3d11_rasterizer_state.h"
#include "rasterizer_validator.h"

#include <cstring>

namespace d3dvk::runtime {

HRESULT D3D11Device::create(std::shared_ptr<UmdAdapter> adapter, D3D_FEATURE_LEVEL featureLevel, UINT flags,
                            D3D11Device** out, std::string* error) {
  HRESULT hr = E_FAIL;
  std::unique_ptr<DdiDevice> ddi = DdiDevice::create(std::move(adapter), &hr, error);
  if (!ddi) return hr;
  *out = new D3D11Device(std::move(ddi), featureLevel, flags);
  return S_OK;
}

D3D11Device::D3D11Device(std::unique_ptr<DdiDevice> ddi, D3D_FEATURE_LEVEL featureLevel, UINT flags)
    : ddi_(std::move(ddi)), featureLevel_(featureLevel), flags_(flags), context_(*this) {
  if (flags & D3D11_CREATE_DEVICE_DEBUG) infoQueue_ = std::make_unique<debug::InfoQueue>(*this);
}

D3D11Device::~D3D11Device() { context_.releaseBindings(); }

HRESULT STDMETHODCALLTYPE D3D11Device::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11Device) || riid == __uuidof(ID3D11Device1) ||
      riid == __uuidof(ID3D11Device2) || riid == __uuidof(ID3D11Device3)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Device3*>(this);
    return S_OK;
  }
  if (riid == __uuidof(ID3D11InfoQueue) && infoQueue_) {
    AddRef();
    *ppvObject = static_cast<ID3D11InfoQueue*>(infoQueue_.get());
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE D3D11Device::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE D3D11Device::Release() try {
  ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT D3D11Device::queryConservativeTier(D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER* tier) {
  *tier = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  // Conservative rasterization needs feature level 11_1 and a WDDM 2.0 UMD; the
  // driver is not asked otherwise.
  if (featureLevel_ < D3D_FEATURE_LEVEL_11_1 || !ddi_->isWddm2_0()) return S_OK;
  D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA caps{};
  D3D10_2DDIARG_GETCAPS args{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &caps, sizeof caps};
  UmdAdapter& adapter = ddi_->adapter();
  HRESULT hr = adapter.funcs().pfnGetCaps(adapter.handle(), &args);
  if (FAILED(hr)) return hr;
  if (caps.ConservativeRasterizationTier < D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED ||
      caps.ConservativeRasterizationTier > D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_3)
    return E_FAIL;  // a driver answering nonsense
  *tier = caps.ConservativeRasterizationTier;
  return S_OK;
}

D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER D3D11Device::conservativeTier() {
  std::call_once(conservativeTierOnce_, [this] {
    if (FAILED(queryConservativeTier(&conservativeTier_)))
      conservativeTier_ = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  });
  return conservativeTier_;
}

HRESULT D3D11Device::checkOptions2(D3D11_FEATURE_DATA_D3D11_OPTIONS2* data) {
  std::memset(data, 0, sizeof *data);  // every OPTIONS2 capability off unless the driver says otherwise
  D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER tier;
  HRESULT hr = queryConservativeTier(&tier);
  if (FAILED(hr)) return hr;
  data->ConservativeRasterizationTier = static_cast<D3D11_CONSERVATIVE_RASTERIZATION_TIER>(tier);
  return S_OK;
}

void D3D11Device::debugMessage(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, int id,
                               const char* idName, const char* function, const std::string& text) {
  if (infoQueue_) infoQueue_->report(category, severity, D3D11_MESSAGE_ID(id), idName, function, text);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFeatureSupport(D3D11_FEATURE Feature, void* pFeatureSupportData,
                                                           UINT FeatureSupportDataSize) try {
  if (!pFeatureSupportData) return E_INVALIDARG;
  switch (Feature) {
    case D3D11_FEATURE_THREADING: {
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_THREADING)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_FEATURE_DATA_THREADING*>(pFeatureSupportData);
      data->DriverConcurrentCreates = FALSE;
      data->DriverCommandLists = FALSE;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS2:
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2)) return E_INVALIDARG;
      return checkOptions2(static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS2*>(pFeatureSupportData));
    default:
      return E_INVALIDARG;
  }
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) try {
  return privateData_.get(guid, pDataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) try {
  return privateData_.set(guid, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) try {
  return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
} D3DVK_CATCH_HRESULT
D3D_FEATURE_LEVEL STDMETHODCALLTYPE D3D11Device::GetFeatureLevel() try { return featureLevel_; } D3DVK_CATCH_RETURN({})
UINT STDMETHODCALLTYPE D3D11Device::GetCreationFlags() try { return flags_; } D3DVK_CATCH_RETURN({})
HRESULT STDMETHODCALLTYPE D3D11Device::GetDeviceRemovedReason() try { return ddi_->removedReason(); } D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D11Device::SetExceptionMode(UINT RaiseFlags) try {
  if (RaiseFlags & ~UINT(D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR)) return E_INVALIDARG;
  exceptionMode_ = RaiseFlags;
  return S_OK;
} D3DVK_CATCH_HRESULT
UINT STDMETHODCALLTYPE D3D11Device::GetExceptionMode() try { return exceptionMode_; } D3DVK_CATCH_RETURN({})

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext(ID3D11DeviceContext** ppImmediateContext) try {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext1(ID3D11DeviceContext1** ppImmediateContext) try {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext2(ID3D11DeviceContext2** ppImmediateContext) try {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext3(ID3D11DeviceContext3** ppImmediateContext) try {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
} D3DVK_CATCH_VOID

// --- Rasterizer states ------------------------------------------------------

HRESULT D3D11Device::createRasterizerState(const char* function, const D3D11_RASTERIZER_DESC2* desc,
                                           ID3D11RasterizerState2** out) {
  if (out) *out = nullptr;
  if (!desc) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_NULLDESC, "CREATERASTERIZERSTATE_NULLDESC", function,
                 "pRasterizerDesc is NULL; a rasterizer desc is required.");
    return E_INVALIDARG;
  }
  // Validation (the spec's CCreateRasterizerStateValidator, shared with D3D12).
  std::vector<RasterizerDescError> errors =
      validateRasterizerDesc(D3D11RasterizerState::toDdi(*desc), conservativeTier(), Api::D3D11);
  if (!errors.empty()) {
    for (const RasterizerDescError& e : errors)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.d3d11Id, e.d3d11Name,
                   function, e.text);
    return E_INVALIDARG;
  }
  if (!out) return S_FALSE;  // a valid desc with nowhere to put the object: nothing created

  // Identical descs (BOOLs normalized) share one object; it keeps the normalized desc.
  D3D11_RASTERIZER_DESC2 normalized = *desc;
  for (BOOL* b : {&normalized.FrontCounterClockwise, &normalized.DepthClipEnable, &normalized.ScissorEnable,
                  &normalized.MultisampleEnable, &normalized.AntialiasedLineEnable})
    *b = *b ? TRUE : FALSE;
  D3D11RasterizerState* state = nullptr;
  const HRESULT hr = rasterizerStates_.findOrCreate(
      D3D11RasterizerState::key(normalized),
      [&](HRESULT* created) { return D3D11RasterizerState::create(*this, normalized, created); }, &state);
  *out = state;
  return hr;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState(const D3D11_RASTERIZER_DESC* pRasterizerDesc,
                                                             ID3D11RasterizerState** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  if (!pRasterizerDesc)
    return createRasterizerState("ID3D11Device::CreateRasterizerState", nullptr, nullptr);
  const D3D11_RASTERIZER_DESC& d = *pRasterizerDesc;
  D3D11_RASTERIZER_DESC2 desc2{d.FillMode,          d.CullMode,          d.FrontCounterClockwise,
                               d.DepthBias,         d.DepthBiasClamp,    d.SlopeScaledDepthBias,
                               d.DepthClipEnable,   d.ScissorEnable,     d.MultisampleEnable,
                               d.AntialiasedLineEnable, 0,               D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = createRasterizerState("ID3D11Device::CreateRasterizerState", &desc2,
                                     ppRasterizerState ? &state : nullptr);
  if (ppRasterizerState) *ppRasterizerState = state;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState1(const D3D11_RASTERIZER_DESC1* pRasterizerDesc,
                                                              ID3D11RasterizerState1** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  if (!pRasterizerDesc)
    return createRasterizerState("ID3D11Device1::CreateRasterizerState1", nullptr, nullptr);
  const D3D11_RASTERIZER_DESC1& d = *pRasterizerDesc;
  D3D11_RASTERIZER_DESC2 desc2{d.FillMode,          d.CullMode,          d.FrontCounterClockwise,
                               d.DepthBias,         d.DepthBiasClamp,    d.SlopeScaledDepthBias,
                               d.DepthClipEnable,   d.ScissorEnable,     d.MultisampleEnable,
                               d.AntialiasedLineEnable, d.ForcedSampleCount, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  ID3D11RasterizerState2* state = nullptr;
  HRESULT hr = createRasterizerState("ID3D11Device1::CreateRasterizerState1", &desc2,
                                     ppRasterizerState ? &state : nullptr);
  if (ppRasterizerState) *ppRasterizerState = state;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState2(const D3D11_RASTERIZER_DESC2* pRasterizerDesc,
                                                              ID3D11RasterizerState2** ppRasterizerState) try {
  if (removed()) return removedFailure(ppRasterizerState);
  return createRasterizerState("ID3D11Device3::CreateRasterizerState2", pRasterizerDesc, ppRasterizerState);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
