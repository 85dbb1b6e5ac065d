// runtime/d3d11/d3d11_device_create_resources.cpp — the ID3D11Device methods
// that create resources and answer format questions: CreateBuffer,
// CreateTexture1D, CreateTexture2D, CreateTexture3D, CheckFormatSupport,
// CheckMultisampleQualityLevels[1]. The device's feature level adds its limits
// (d3d11_feature_level.h).
// Invalid arguments are rejected here, with the debug-layer message D3D11
// gives, before the driver is called (the rules are in
// d3d11_resource_validation.cpp); driver failures (E_OUTOFMEMORY …) come back
// unchanged. Views are created in d3d11_device_create_views.cpp.
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"

#include <memory>

namespace d3dvk::runtime {

namespace {

void rejectResource(D3D11Device& device, const char* function, const std::vector<ResourceDescError>& errors,
                    D3D11_MESSAGE_ID returnId, const char* returnName) {
  for (const ResourceDescError& e : errors)
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.name, function,
                        e.text);
  device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, returnId, returnName,
                      function, "Returning E_INVALIDARG, meaning invalid parameters were passed.");
}

// A typeless depth-stencil target's image is its depth member's (R24G8 → D24_UNORM_S8_UINT, R32G8X24 → D32_FLOAT_S8X24_UINT):
// its sample counts are that format's as a depth-stencil attachment.
DXGI_FORMAT multisampleQueryFormat(const D3D11_TEXTURE2D_DESC& d) {
  const DXGI_FORMAT depth = depthMember(d.Format);
  return (d.BindFlags & D3D11_BIND_DEPTH_STENCIL) && depth != DXGI_FORMAT_UNKNOWN ? depth : d.Format;
}

}  // namespace

UINT D3D11Device::qualityLevels(DXGI_FORMAT format, UINT sampleCount) {
  // 10level9 multisamples only the formats its table renders or depth-tests at the level.
  if (sampleCount > 1 && !(level9FormatSupportMask(featureLevel_, format) & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET))
    return 0;
  UINT levels = 0;
  DdiErrorScope errors;
  if (ddi_->isWddm2_0())
    ddi_->funcs().pfnCheckMultisampleQualityLevels(ddi_->handle(), format, sampleCount, 0, &levels);
  else
    ddi_->funcs11_1().pfnCheckMultisampleQualityLevels(ddi_->handle(), format, sampleCount, &levels);
  return FAILED(errors.first()) ? 0 : levels;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBuffer(const D3D11_BUFFER_DESC* pDesc,
                                                    const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Buffer** ppBuffer) try {
  if (removed()) return removedFailure(ppBuffer);
  static constexpr const char* kFunction = "ID3D11Device::CreateBuffer";
  if (ppBuffer) *ppBuffer = nullptr;
  if (!pDesc) {
    rejectResource(*this, kFunction,
                   {{D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC, "CREATEBUFFER_NULLDESC", "pDesc is NULL."}},
                   D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN, "CREATEBUFFER_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  std::vector<ResourceDescError> errors = validateBufferDesc(*pDesc, pInitialData);
  if (errors.empty()) errors = bufferLevelErrors(featureLevel_, *pDesc);  // the feature level's limits
  if (!errors.empty()) {
    rejectResource(*this, kFunction, errors, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN,
                   "CREATEBUFFER_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  if (!ppBuffer) return S_FALSE;
  std::unique_ptr<D3D11Buffer> buffer(new (std::nothrow) D3D11Buffer(*this, *pDesc));
  if (!buffer) return E_OUTOFMEMORY;
  HRESULT hr = buffer->createDriverResource(pInitialData);
  if (FAILED(hr)) {
    if (hr == E_OUTOFMEMORY)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                   D3D11_MESSAGE_ID_CREATEBUFFER_OUTOFMEMORY_RETURN, "CREATEBUFFER_OUTOFMEMORY_RETURN", kFunction,
                   "Returning E_OUTOFMEMORY, meaning memory was exhausted.");
    return hr;
  }
  buffer->AddRef();
  *ppBuffer = buffer.release();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture1D(const D3D11_TEXTURE1D_DESC* pDesc,
                                                       const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                       ID3D11Texture1D** ppTexture1D) try {
  if (removed()) return removedFailure(ppTexture1D);
  static constexpr const char* kFunction = "ID3D11Device::CreateTexture1D";
  if (ppTexture1D) *ppTexture1D = nullptr;
  if (!pDesc) {
    rejectResource(*this, kFunction,
                   {{D3D11_MESSAGE_ID_CREATETEXTURE1D_NULLDESC, "CREATETEXTURE1D_NULLDESC", "pDesc is NULL."}},
                   D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDARG_RETURN, "CREATETEXTURE1D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  std::vector<ResourceDescError> errors = validateTexture1DDesc(*pDesc, pInitialData);
  if (errors.empty()) errors = textureLevelErrors(featureLevel_, *pDesc);  // the feature level's limits
  if (errors.empty() && (pDesc->BindFlags & D3D11_BIND_UNORDERED_ACCESS)) {
    UINT caps = 0;
    DdiErrorScope scope;
    ddi_->funcs().pfnCheckFormatSupport(ddi_->handle(), pDesc->Format, &caps);
    if (!(caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES))
      errors.push_back({D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDBINDFLAGS, "CREATETEXTURE1D_INVALIDBINDFLAGS",
                        "Format " + std::to_string(int(pDesc->Format)) +
                            " does not support D3D11_BIND_UNORDERED_ACCESS on this device (no typed UAV stores)."});
  }
  if (!errors.empty()) {
    rejectResource(*this, kFunction, errors, D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDARG_RETURN,
                   "CREATETEXTURE1D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  if (!ppTexture1D) return S_FALSE;
  D3D11_TEXTURE1D_DESC desc = *pDesc;
  desc.MipLevels = resolvedMipLevels(desc.Width, 1, desc.MipLevels);
  std::unique_ptr<D3D11Texture1D> texture(new (std::nothrow) D3D11Texture1D(*this, desc));
  if (!texture) return E_OUTOFMEMORY;
  HRESULT hr = texture->createDriverResource(pInitialData);
  if (FAILED(hr)) {
    if (hr == E_OUTOFMEMORY)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                   D3D11_MESSAGE_ID_CREATETEXTURE1D_OUTOFMEMORY_RETURN, "CREATETEXTURE1D_OUTOFMEMORY_RETURN",
                   kFunction, "Returning E_OUTOFMEMORY, meaning memory was exhausted.");
    return hr;
  }
  texture->AddRef();
  *ppTexture1D = texture.release();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture2D(const D3D11_TEXTURE2D_DESC* pDesc,
                                                       const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                       ID3D11Texture2D** ppTexture2D) try {
  return createTexture2D(pDesc, pInitialData, ppTexture2D, false);
} D3DVK_CATCH_HRESULT

HRESULT D3D11Device::createSwapChainBuffer(const D3D11_TEXTURE2D_DESC& desc, bool readOnly,
                                           ID3D11Texture2D** texture) try {
  return createTexture2D(&desc, nullptr, texture, true, readOnly);
} D3DVK_CATCH_HRESULT

HRESULT D3D11Device::createTexture2D(const D3D11_TEXTURE2D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData,
                                     ID3D11Texture2D** ppTexture2D, bool presentable, bool readOnly) {
  if (removed()) return removedFailure(ppTexture2D);
  static constexpr const char* kFunction = "ID3D11Device::CreateTexture2D";
  if (ppTexture2D) *ppTexture2D = nullptr;
  if (!pDesc) {
    rejectResource(*this, kFunction,
                   {{D3D11_MESSAGE_ID_CREATETEXTURE2D_NULLDESC, "CREATETEXTURE2D_NULLDESC", "pDesc is NULL."}},
                   D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDARG_RETURN, "CREATETEXTURE2D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  const UINT levels = formatFacts(pDesc->Format).supported && pDesc->SampleDesc.Count >= 1 &&
                              pDesc->SampleDesc.Count <= 32
                          ? qualityLevels(multisampleQueryFormat(*pDesc), pDesc->SampleDesc.Count)
                          : 0;
  std::vector<ResourceDescError> errors = validateTexture2DDesc(*pDesc, pInitialData, levels);
  if (errors.empty()) errors = textureLevelErrors(featureLevel_, *pDesc);  // the feature level's limits
  if (errors.empty() && (pDesc->BindFlags & D3D11_BIND_UNORDERED_ACCESS)) {
    UINT caps = 0;
    DdiErrorScope scope;
    ddi_->funcs().pfnCheckFormatSupport(ddi_->handle(), pDesc->Format, &caps);
    if (!(caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES))
      errors.push_back({D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
                        "Format " + std::to_string(int(pDesc->Format)) +
                            " does not support D3D11_BIND_UNORDERED_ACCESS on this device (no typed UAV stores)."});
  }
  if (!errors.empty()) {
    rejectResource(*this, kFunction, errors, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDARG_RETURN,
                   "CREATETEXTURE2D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  if (!ppTexture2D) return S_FALSE;
  D3D11_TEXTURE2D_DESC desc = *pDesc;
  desc.MipLevels = resolvedMipLevels(desc.Width, desc.Height, desc.MipLevels);
  std::unique_ptr<D3D11Texture2D> texture(new (std::nothrow) D3D11Texture2D(*this, desc));
  if (!texture) return E_OUTOFMEMORY;
  texture->presentable = presentable;
  texture->readOnlyBackBuffer = readOnly;
  HRESULT hr = texture->createDriverResource(pInitialData);
  if (FAILED(hr)) {
    if (hr == E_OUTOFMEMORY)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                   D3D11_MESSAGE_ID_CREATETEXTURE2D_OUTOFMEMORY_RETURN, "CREATETEXTURE2D_OUTOFMEMORY_RETURN",
                   kFunction, "Returning E_OUTOFMEMORY, meaning memory was exhausted.");
    return hr;
  }
  texture->AddRef();
  *ppTexture2D = texture.release();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture3D(const D3D11_TEXTURE3D_DESC* pDesc,
                                                       const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                       ID3D11Texture3D** ppTexture3D) try {
  if (removed()) return removedFailure(ppTexture3D);
  static constexpr const char* kFunction = "ID3D11Device::CreateTexture3D";
  if (ppTexture3D) *ppTexture3D = nullptr;
  if (!pDesc) {
    rejectResource(*this, kFunction,
                   {{D3D11_MESSAGE_ID_CREATETEXTURE3D_NULLDESC, "CREATETEXTURE3D_NULLDESC", "pDesc is NULL."}},
                   D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDARG_RETURN, "CREATETEXTURE3D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  std::vector<ResourceDescError> errors = validateTexture3DDesc(*pDesc, pInitialData);
  if (errors.empty()) errors = textureLevelErrors(featureLevel_, *pDesc);  // the feature level's limits
  if (errors.empty() && (pDesc->BindFlags & D3D11_BIND_UNORDERED_ACCESS)) {
    UINT caps = 0;
    DdiErrorScope scope;
    ddi_->funcs().pfnCheckFormatSupport(ddi_->handle(), pDesc->Format, &caps);
    if (!(caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES))
      errors.push_back({D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
                        "Format " + std::to_string(int(pDesc->Format)) +
                            " does not support D3D11_BIND_UNORDERED_ACCESS on this device (no typed UAV stores)."});
  }
  if (!errors.empty()) {
    rejectResource(*this, kFunction, errors, D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDARG_RETURN,
                   "CREATETEXTURE3D_INVALIDARG_RETURN");
    return E_INVALIDARG;
  }
  if (!ppTexture3D) return S_FALSE;
  D3D11_TEXTURE3D_DESC desc = *pDesc;
  desc.MipLevels = resolvedMipLevels(desc.Width, desc.Height, desc.MipLevels, desc.Depth);
  std::unique_ptr<D3D11Texture3D> texture(new (std::nothrow) D3D11Texture3D(*this, desc));
  if (!texture) return E_OUTOFMEMORY;
  HRESULT hr = texture->createDriverResource(pInitialData);
  if (FAILED(hr)) {
    if (hr == E_OUTOFMEMORY)
      debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                   D3D11_MESSAGE_ID_CREATETEXTURE3D_OUTOFMEMORY_RETURN, "CREATETEXTURE3D_OUTOFMEMORY_RETURN",
                   kFunction, "Returning E_OUTOFMEMORY, meaning memory was exhausted.");
    return hr;
  }
  texture->AddRef();
  *ppTexture3D = texture.release();
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount,
                                                                     UINT* pNumQualityLevels) try {
  return CheckMultisampleQualityLevels1(Format, SampleCount, 0, pNumQualityLevels);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CheckMultisampleQualityLevels1(DXGI_FORMAT Format, UINT SampleCount, UINT Flags,
                                                                      UINT* pNumQualityLevels) try {
  if (!pNumQualityLevels) return E_INVALIDARG;
  *pNumQualityLevels = 0;
  if (Flags != 0) {  // D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE: no tiled resources
    debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CHECKMULTISAMPLEQUALITYLEVELS_INVALIDFLAGS, "CHECKMULTISAMPLEQUALITYLEVELS_INVALIDFLAGS",
                 "ID3D11Device2::CheckMultisampleQualityLevels1", "Flags must be 0 (tiled resources are not supported).");
    return E_INVALIDARG;
  }
  if (SampleCount == 0 || SampleCount > 32) return E_FAIL;  // D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT is 32
  // 0 levels: not a multisample format here (formats that are no render or depth target, BC among them).
  const FormatFacts facts = formatFacts(Format);
  if (!facts.supported || (!facts.depth && !facts.renderTarget && !depthStencilOnlyFamily(facts.family))) return S_OK;
  *pNumQualityLevels = qualityLevels(Format, SampleCount);
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
