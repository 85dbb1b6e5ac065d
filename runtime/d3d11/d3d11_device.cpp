// runtime/d3d11/d3d11_device.cpp — see d3d11_device.h.
#include "d3d11_device.h"

namespace d3dvk::runtime {

HRESULT D3D11Device::create(std::shared_ptr<UmdAdapter> adapter, DxgiAdapter& dxgiAdapter,
                            D3D_FEATURE_LEVEL featureLevel, UINT flags, D3D11Device** out, std::string* error) {
  HRESULT hr = E_FAIL;
  std::unique_ptr<DdiDevice> ddi = DdiDevice::create(std::move(adapter), &hr, error);
  if (!ddi) return hr;
  *out = new D3D11Device(std::move(ddi), dxgiAdapter, featureLevel, flags);
  return S_OK;
}

D3D11Device::D3D11Device(std::unique_ptr<DdiDevice> ddi, DxgiAdapter& dxgiAdapter, D3D_FEATURE_LEVEL featureLevel,
                         UINT flags)
    : ddi_(std::move(ddi)), featureLevel_(featureLevel), flags_(flags),
      dxgiDevice_(std::make_unique<DxgiDevice>(static_cast<ID3D11Device3&>(*this), dxgiAdapter)), context_(*this, featureLevel) {
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
  if (DxgiDevice::answers(riid)) {
    AddRef();
    *ppvObject = static_cast<IDXGIDevice4*>(dxgiDevice_.get());
    return S_OK;
  }
  if (riid == __uuidof(ID3D11Multithread)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Multithread*>(&multithread_);
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
  data->PSSpecifiedStencilRefSupported = stencilRefSupported();
  // D3D's "supported as a set" typed-UAV-load formats: the driver reports all or none.
  UINT support = 0, support2 = 0;
  data->TypedUAVLoadAdditionalFormats =
      SUCCEEDED(formatSupport(DXGI_FORMAT_R32G32B32A32_FLOAT, &support, &support2)) &&
      (support2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD);
  return S_OK;
}

bool D3D11Device::logicOpSupported() {
  if (featureLevel_ < D3D_FEATURE_LEVEL_10_0) return false;  // 9_x has no logic ops
  D3D11_1DDI_D3D11_OPTIONS_DATA options{};
  D3D10_2DDIARG_GETCAPS args{D3D11_1DDICAPS_D3D11_OPTIONS, nullptr, &options, sizeof options};
  UmdAdapter& adapter = ddi_->adapter();
  return SUCCEEDED(adapter.funcs().pfnGetCaps(adapter.handle(), &args)) && options.OutputMergerLogicOp;
}

bool D3D11Device::stencilRefSupported() {
  if (featureLevel_ < D3D_FEATURE_LEVEL_11_0 || !ddi_->isWddm2_0()) return false;
  D3D11DDI_SHADER_CAPS caps{};
  D3D10_2DDIARG_GETCAPS args{D3D11DDICAPS_SHADER, nullptr, &caps, sizeof caps};
  UmdAdapter& adapter = ddi_->adapter();
  return SUCCEEDED(adapter.funcs().pfnGetCaps(adapter.handle(), &args)) &&
         (caps.Caps & D3D11DDICAPS_SHADER_SPECIFIED_STENCIL_REF);
}

void D3D11Device::debugMessage(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, int id,
                               const char* idName, const char* function, const std::string& text) {
  if (infoQueue_) infoQueue_->report(category, severity, D3D11_MESSAGE_ID(id), idName, function, text);
}

namespace {
// The size of each D3D11_FEATURE's data struct (0: not a feature this runtime knows).
UINT featureDataSize(D3D11_FEATURE feature) {
  switch (feature) {
    case D3D11_FEATURE_THREADING: return sizeof(D3D11_FEATURE_DATA_THREADING);
    case D3D11_FEATURE_DOUBLES: return sizeof(D3D11_FEATURE_DATA_DOUBLES);
    case D3D11_FEATURE_FORMAT_SUPPORT: return sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT);
    case D3D11_FEATURE_FORMAT_SUPPORT2: return sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT2);
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: return sizeof(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS);
    case D3D11_FEATURE_D3D11_OPTIONS: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS);
    case D3D11_FEATURE_ARCHITECTURE_INFO: return sizeof(D3D11_FEATURE_DATA_ARCHITECTURE_INFO);
    case D3D11_FEATURE_D3D9_OPTIONS: return sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS);
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT: return sizeof(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT);
    case D3D11_FEATURE_D3D9_SHADOW_SUPPORT: return sizeof(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT);
    case D3D11_FEATURE_D3D11_OPTIONS1: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1);
    case D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT: return sizeof(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT);
    case D3D11_FEATURE_MARKER_SUPPORT: return sizeof(D3D11_FEATURE_DATA_MARKER_SUPPORT);
    case D3D11_FEATURE_D3D9_OPTIONS1: return sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS1);
    case D3D11_FEATURE_D3D11_OPTIONS2: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2);
    case D3D11_FEATURE_D3D11_OPTIONS3: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS3);
    case D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT: return sizeof(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT);
    case D3D11_FEATURE_D3D11_OPTIONS4: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS4);
    case D3D11_FEATURE_SHADER_CACHE: return sizeof(D3D11_FEATURE_DATA_SHADER_CACHE);
    case D3D11_FEATURE_D3D11_OPTIONS5: return sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS5);
    default: return 0;
  }
}
}  // namespace

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFeatureSupport(D3D11_FEATURE Feature, void* pFeatureSupportData,
                                                           UINT FeatureSupportDataSize) try {
  static constexpr const char* kFunction = "ID3D11Device::CheckFeatureSupport";
  if (!pFeatureSupportData) return E_INVALIDARG;
  const UINT expected = featureDataSize(Feature);
  if (!expected) {
    debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE,
                 "DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE", kFunction,
                 "Feature " + std::to_string(int(Feature)) + " is not a D3D11_FEATURE this device answers.");
    return E_INVALIDARG;
  }
  if (FeatureSupportDataSize != expected) {
    debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
                 "DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE", kFunction,
                 "FeatureSupportDataSize " + std::to_string(FeatureSupportDataSize) + " does not match feature " +
                     std::to_string(int(Feature)) + "'s data size " + std::to_string(expected) + ".");
    return E_INVALIDARG;
  }
  switch (Feature) {
    case D3D11_FEATURE_FORMAT_SUPPORT: {
      auto* data = static_cast<D3D11_FEATURE_DATA_FORMAT_SUPPORT*>(pFeatureSupportData);
      UINT support2 = 0;
      return formatSupport(data->InFormat, &data->OutFormatSupport, &support2);
    }
    case D3D11_FEATURE_FORMAT_SUPPORT2: {
      auto* data = static_cast<D3D11_FEATURE_DATA_FORMAT_SUPPORT2*>(pFeatureSupportData);
      UINT support = 0;
      return formatSupport(data->InFormat, &support, &data->OutFormatSupport2);
    }
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS:
      // Compute shaders (cs_4_x) with raw and structured buffers run at 10_0 and up (9_x has no compute).
      static_cast<D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS*>(pFeatureSupportData)
          ->ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x = featureLevel_ >= D3D_FEATURE_LEVEL_10_0;
      return S_OK;
    case D3D11_FEATURE_ARCHITECTURE_INFO:
      static_cast<D3D11_FEATURE_DATA_ARCHITECTURE_INFO*>(pFeatureSupportData)->TileBasedDeferredRenderer = FALSE;
      return S_OK;
    case D3D11_FEATURE_D3D9_OPTIONS:
      static_cast<D3D11_FEATURE_DATA_D3D9_OPTIONS*>(pFeatureSupportData)->FullNonPow2TextureSupport = TRUE;
      return S_OK;
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT:
      // 0: shaders compute at full 32-bit precision (min-precision hints are ignored).
      *static_cast<D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT*>(pFeatureSupportData) = {0, 0};
      return S_OK;
    case D3D11_FEATURE_D3D9_SHADOW_SUPPORT:
      // Depth textures sampled with comparison (sample_c on R24_UNORM_X8_TYPELESS / R32_FLOAT views of depth).
      static_cast<D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT*>(pFeatureSupportData)
          ->SupportsDepthAsTextureWithLessEqualComparisonFilter = TRUE;
      return S_OK;
    case D3D11_FEATURE_D3D11_OPTIONS1:
      *static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS1*>(pFeatureSupportData) = {D3D11_TILED_RESOURCES_NOT_SUPPORTED, FALSE,
                                                                               FALSE, FALSE};
      return S_OK;
    case D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT:
      static_cast<D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT*>(pFeatureSupportData)->SimpleInstancingSupported = TRUE;
      return S_OK;
    case D3D11_FEATURE_MARKER_SUPPORT:
      static_cast<D3D11_FEATURE_DATA_MARKER_SUPPORT*>(pFeatureSupportData)->Profile = FALSE;
      return S_OK;
    case D3D11_FEATURE_D3D9_OPTIONS1:
      *static_cast<D3D11_FEATURE_DATA_D3D9_OPTIONS1*>(pFeatureSupportData) = {TRUE, TRUE, TRUE, FALSE};
      return S_OK;
    case D3D11_FEATURE_D3D11_OPTIONS3: {
      // SV_RenderTargetArrayIndex / SV_ViewportArrayIndex from any stage feeding the rasterizer, as the driver says.
      D3DWDDM2_0DDI_D3D11_OPTIONS3_DATA caps{};
      D3D10_2DDIARG_GETCAPS args{D3DWDDM2_0DDICAPS_D3D11_OPTIONS3, nullptr, &caps, sizeof caps};
      UmdAdapter& adapter = ddi_->adapter();
      static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS3*>(pFeatureSupportData)->VPAndRTArrayIndexFromAnyShaderFeedingRasterizer =
          SUCCEEDED(adapter.funcs().pfnGetCaps(adapter.handle(), &args)) && caps.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer;
      return S_OK;
    }
    case D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT:
      // A conservative answer (32 bits, 4 GB): the runtime does not ask the Vulkan device for its address range.
      *static_cast<D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT*>(pFeatureSupportData) = {32, 32};
      return S_OK;
    case D3D11_FEATURE_D3D11_OPTIONS4:
      static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS4*>(pFeatureSupportData)->ExtendedNV12SharedTextureSupported = FALSE;
      return S_OK;
    case D3D11_FEATURE_SHADER_CACHE:
      static_cast<D3D11_FEATURE_DATA_SHADER_CACHE*>(pFeatureSupportData)->SupportFlags = D3D11_SHADER_CACHE_SUPPORT_NONE;
      return S_OK;
    case D3D11_FEATURE_D3D11_OPTIONS5:
      static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS5*>(pFeatureSupportData)->SharedResourceTier = D3D11_SHARED_RESOURCE_TIER_0;
      return S_OK;
    case D3D11_FEATURE_THREADING: {
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_THREADING)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_FEATURE_DATA_THREADING*>(pFeatureSupportData);
      data->DriverConcurrentCreates = FALSE;
      data->DriverCommandLists = FALSE;
      return S_OK;
    }
    case D3D11_FEATURE_DOUBLES: {
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_DOUBLES)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_FEATURE_DATA_DOUBLES*>(pFeatureSupportData);
      D3D11DDI_SHADER_CAPS caps{};
      D3D10_2DDIARG_GETCAPS args{D3D11DDICAPS_SHADER, nullptr, &caps, sizeof caps};
      UmdAdapter& adapter = ddi_->adapter();
      const HRESULT hr = adapter.funcs().pfnGetCaps(adapter.handle(), &args);
      // Doubles are a shader model 5 feature: feature level 11_0 and up.
      data->DoublePrecisionFloatShaderOps =
          featureLevel_ >= D3D_FEATURE_LEVEL_11_0 && SUCCEEDED(hr) && (caps.Caps & D3D11DDICAPS_SHADER_DOUBLES) ? TRUE : FALSE;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS: {
      // What d3dvk implements of D3D11.1's optional features; the rest stays FALSE.
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS*>(pFeatureSupportData);
      *data = {};
      data->ConstantBufferOffsetting = TRUE;                // *SetConstantBuffers1
      data->MapNoOverwriteOnDynamicConstantBuffer = TRUE;   // WRITE_NO_OVERWRITE on every dynamic buffer
      data->MapNoOverwriteOnDynamicBufferSRV = TRUE;
      data->SAD4ShaderInstructions = TRUE;  // msad: integer operations every Vulkan device has
      data->OutputMergerLogicOp = logicOpSupported();        // Vulkan's logicOp (CreateBlendState1)
      D3D11DDI_SHADER_CAPS caps{};
      D3D10_2DDIARG_GETCAPS args{D3D11DDICAPS_SHADER, nullptr, &caps, sizeof caps};
      UmdAdapter& adapter = ddi_->adapter();
      // The 11.1 double instructions (ddiv, dfma, drcp, dtoi, dtou, itod, utod) come with doubles.
      data->ExtendedDoublesShaderInstructions =
          featureLevel_ >= D3D_FEATURE_LEVEL_11_0 && SUCCEEDED(adapter.funcs().pfnGetCaps(adapter.handle(), &args)) &&
          (caps.Caps & D3D11DDICAPS_SHADER_DOUBLES);
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

}  // namespace d3dvk::runtime
