// runtime/d3d11/d3d11_device_resources.cpp — the ID3D11Device methods that
// create resources and views and answer format questions: CreateBuffer,
// CreateTexture2D, Create{RenderTarget,DepthStencil,ShaderResource,UnorderedAccess}View,
// CheckFormatSupport, CheckMultisampleQualityLevels[1]. Invalid arguments are
// rejected here, with the debug-layer message D3D11 gives, before the driver
// is called; driver failures (E_OUTOFMEMORY …) come back unchanged.
#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"
#include "d3d11_view.h"

#include <memory>

namespace d3dvk::runtime {

namespace {

struct ViewError {
  D3D11_MESSAGE_ID id;
  const char* name;
  std::string text;
};

// Message names per view kind, for the shared view validation.
struct ViewMessages {
  const char* function;
  D3D11_MESSAGE_ID invalidResource, invalidDesc, invalidFormat, unrecognizedFormat, invalidDimensions, invalidArg;
  const char *invalidResourceName, *invalidDescName, *invalidFormatName, *unrecognizedFormatName,
      *invalidDimensionsName, *invalidArgName;
  UINT requiredBind;
  const char* bindName;
};

constexpr ViewMessages kRtvMessages{
    "ID3D11Device::CreateRenderTargetView",
    D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE, D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC,
    D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDFORMAT, D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_UNRECOGNIZEDFORMAT,
    D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS, D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN,
    "CREATERENDERTARGETVIEW_INVALIDRESOURCE", "CREATERENDERTARGETVIEW_INVALIDDESC",
    "CREATERENDERTARGETVIEW_INVALIDFORMAT", "CREATERENDERTARGETVIEW_UNRECOGNIZEDFORMAT",
    "CREATERENDERTARGETVIEW_INVALIDDIMENSIONS", "CREATERENDERTARGETVIEW_INVALIDARG_RETURN",
    D3D11_BIND_RENDER_TARGET, "D3D11_BIND_RENDER_TARGET"};
constexpr ViewMessages kDsvMessages{
    "ID3D11Device::CreateDepthStencilView",
    D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE, D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC,
    D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFORMAT, D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_UNRECOGNIZEDFORMAT,
    D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS, D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDARG_RETURN,
    "CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE", "CREATEDEPTHSTENCILVIEW_INVALIDDESC",
    "CREATEDEPTHSTENCILVIEW_INVALIDFORMAT", "CREATEDEPTHSTENCILVIEW_UNRECOGNIZEDFORMAT",
    "CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS", "CREATEDEPTHSTENCILVIEW_INVALIDARG_RETURN",
    D3D11_BIND_DEPTH_STENCIL, "D3D11_BIND_DEPTH_STENCIL"};
constexpr ViewMessages kSrvMessages{
    "ID3D11Device::CreateShaderResourceView",
    D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE, D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC,
    D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT,
    D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_UNRECOGNIZEDFORMAT,
    D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS,
    D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN, "CREATESHADERRESOURCEVIEW_INVALIDRESOURCE",
    "CREATESHADERRESOURCEVIEW_INVALIDDESC", "CREATESHADERRESOURCEVIEW_INVALIDFORMAT",
    "CREATESHADERRESOURCEVIEW_UNRECOGNIZEDFORMAT", "CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS",
    "CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN", D3D11_BIND_SHADER_RESOURCE, "D3D11_BIND_SHADER_RESOURCE"};

constexpr ViewMessages kUavMessages{
    "ID3D11Device::CreateUnorderedAccessView",
    D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE, D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC,
    D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT,
    D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_UNRECOGNIZEDFORMAT,
    D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS,
    D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDARG_RETURN, "CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE",
    "CREATEUNORDEREDACCESSVIEW_INVALIDDESC", "CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT",
    "CREATEUNORDEREDACCESSVIEW_UNRECOGNIZEDFORMAT", "CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS",
    "CREATEUNORDEREDACCESSVIEW_INVALIDARG_RETURN", D3D11_BIND_UNORDERED_ACCESS, "D3D11_BIND_UNORDERED_ACCESS"};

// What a view desc asks for, in one shape for the four view kinds.
struct ViewRequest {
  DXGI_FORMAT format;
  enum class Kind { Tex2D, Tex2DArray, Tex2DMS, Tex2DMSArray, Other } kind;
  ViewRange range;
};

// Render-target and depth-stencil view descs share their Texture2D* members;
// `AttachmentDimensions` names each desc type's ViewDimension values.
template <typename Dimension>
struct AttachmentDimensions {
  Dimension tex2d, tex2dArray, tex2dMS, tex2dMSArray;
};

// The ViewRequest an application's RTV/DSV desc asks for.
template <typename Desc, typename Dimension>
ViewRequest attachmentRequest(const Desc& desc, const AttachmentDimensions<Dimension>& dims) {
  ViewRequest request{desc.Format, ViewRequest::Kind::Other, {}};
  if (desc.ViewDimension == dims.tex2d) {
    request.kind = ViewRequest::Kind::Tex2D;
    request.range = {desc.Texture2D.MipSlice, 1, 0, 1};
  } else if (desc.ViewDimension == dims.tex2dArray) {
    request.kind = ViewRequest::Kind::Tex2DArray;
    request.range = {desc.Texture2DArray.MipSlice, 1, desc.Texture2DArray.FirstArraySlice,
                     desc.Texture2DArray.ArraySize};
  } else if (desc.ViewDimension == dims.tex2dMS) {
    request.kind = ViewRequest::Kind::Tex2DMS;
    request.range = {0, 1, 0, 1};
  } else if (desc.ViewDimension == dims.tex2dMSArray) {
    request.kind = ViewRequest::Kind::Tex2DMSArray;
    request.range = {0, 1, desc.Texture2DMSArray.FirstArraySlice, desc.Texture2DMSArray.ArraySize};
  }
  return request;
}

// A NULL RTV/DSV desc: the whole texture (mip 0, every slice) in its own format.
template <typename Desc, typename Dimension>
ViewRequest defaultAttachmentView(const D3D11ResourceBase& r, const AttachmentDimensions<Dimension>& dims,
                                  Desc* desc) {
  const bool ms = r.sampleDesc.Count > 1, array = r.arraySize > 1;
  ViewRequest request{r.format, ViewRequest::Kind::Tex2D, {0, 1, 0, r.arraySize}};
  desc->Format = r.format;
  if (ms && array) {
    desc->ViewDimension = dims.tex2dMSArray;
    desc->Texture2DMSArray = {0, r.arraySize};
    request.kind = ViewRequest::Kind::Tex2DMSArray;
  } else if (ms) {
    desc->ViewDimension = dims.tex2dMS;
    request.kind = ViewRequest::Kind::Tex2DMS;
  } else if (array) {
    desc->ViewDimension = dims.tex2dArray;
    desc->Texture2DArray = {0, 0, r.arraySize};
    request.kind = ViewRequest::Kind::Tex2DArray;
  } else {
    desc->ViewDimension = dims.tex2d;
  }
  return request;
}

constexpr AttachmentDimensions<D3D11_RTV_DIMENSION> kRtvDimensions{
    D3D11_RTV_DIMENSION_TEXTURE2D, D3D11_RTV_DIMENSION_TEXTURE2DARRAY, D3D11_RTV_DIMENSION_TEXTURE2DMS,
    D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY};
constexpr AttachmentDimensions<D3D11_DSV_DIMENSION> kDsvDimensions{
    D3D11_DSV_DIMENSION_TEXTURE2D, D3D11_DSV_DIMENSION_TEXTURE2DARRAY, D3D11_DSV_DIMENSION_TEXTURE2DMS,
    D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY};

// Checks the resource and the request against each other; fills `range`.
bool validateView(D3D11Device& device, const ViewMessages& m, D3D11ResourceBase* r, const ViewRequest& request,
                  std::vector<ViewError>* errors, ViewRange* range) {
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) {
    errors->push_back({id, name, std::move(text)});
  };
  if (!r || &r->owner() != &device) {
    add(m.invalidResource, m.invalidResourceName,
        r ? "The resource belongs to another device." : "pResource is NULL; a view needs a resource.");
    return false;
  }
  if (!(r->bindFlags & m.requiredBind)) {
    add(m.invalidResource, m.invalidResourceName,
        std::string("The resource was not created with ") + m.bindName + ".");
    return false;
  }
  const FormatFacts facts = formatFacts(request.format);
  if (!facts.recognized) {
    add(m.unrecognizedFormat, m.unrecognizedFormatName,
        "Format " + std::to_string(int(request.format)) + " is not a DXGI_FORMAT value.");
    return false;
  }
  if (request.format != DXGI_FORMAT_UNKNOWN && request.format != r->format) {
    add(m.invalidFormat, m.invalidFormatName,
        "The view format " + std::to_string(int(request.format)) + " differs from the resource's format " +
            std::to_string(int(r->format)) + " (only typeless resources take other view formats).");
    return false;
  }
  const bool ms = r->sampleDesc.Count > 1;
  using Kind = ViewRequest::Kind;
  if (request.kind == Kind::Other || r->isBuffer() ||
      ((request.kind == Kind::Tex2DMS || request.kind == Kind::Tex2DMSArray) != ms)) {
    add(m.invalidDesc, m.invalidDescName,
        std::string("The ViewDimension does not match the resource: a ") + (ms ? "multisampled" : "single-sampled") +
            " Texture2D takes TEXTURE2D" + (ms ? "MS" : "") + " or TEXTURE2D" + (ms ? "MS" : "") + "ARRAY views.");
    return false;
  }
  ViewRange v = request.range;
  if (v.mipCount == UINT(-1)) v.mipCount = v.firstMip < r->mipLevels ? r->mipLevels - v.firstMip : 0;
  if (v.firstMip >= r->mipLevels || v.mipCount == 0 || v.mipCount > r->mipLevels - v.firstMip ||
      v.firstSlice >= r->arraySize || v.sliceCount == 0 || v.sliceCount > r->arraySize - v.firstSlice) {
    add(m.invalidDimensions, m.invalidDimensionsName,
        "Mips " + std::to_string(v.firstMip) + "+" + std::to_string(v.mipCount) + ", slices " +
            std::to_string(v.firstSlice) + "+" + std::to_string(v.sliceCount) + " lie outside the resource's " +
            std::to_string(r->mipLevels) + " mips and " + std::to_string(r->arraySize) + " slices.");
    return false;
  }
  *range = v;
  return true;
}

template <typename View, typename Desc, typename Out>
HRESULT createView(D3D11Device& device, const ViewMessages& m, D3D11ResourceBase* r, const ViewRequest& request,
                   const Desc& desc, Out** out) {
  if (out) *out = nullptr;
  std::vector<ViewError> errors;
  ViewRange range;
  if (r && r->isBuffer() && (r->bindFlags & m.requiredBind)) return E_NOTIMPL;  // buffer views: with the shader path
  if (!validateView(device, m, r, request, &errors, &range)) {
    for (const ViewError& e : errors)
      device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.name,
                          m.function, e.text);
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, m.invalidArg,
                        m.invalidArgName, m.function, "Returning E_INVALIDARG, meaning invalid parameters were passed.");
    return E_INVALIDARG;
  }
  if (!out) return S_FALSE;
  Desc full = desc;
  if (full.Format == DXGI_FORMAT_UNKNOWN) full.Format = r->format;
  std::unique_ptr<View> view(new (std::nothrow) View(device, *r, full, range));
  if (!view) return E_OUTOFMEMORY;
  HRESULT hr = view->create();
  if (FAILED(hr)) return hr;
  view->AddRef();
  *out = view.release();
  return S_OK;
}

void rejectResource(D3D11Device& device, const char* function, const std::vector<ResourceDescError>& errors,
                    D3D11_MESSAGE_ID returnId, const char* returnName) {
  for (const ResourceDescError& e : errors)
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.name, function,
                        e.text);
  device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, returnId, returnName,
                      function, "Returning E_INVALIDARG, meaning invalid parameters were passed.");
}

}  // namespace

UINT D3D11Device::qualityLevels(DXGI_FORMAT format, UINT sampleCount) {
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

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture2D(const D3D11_TEXTURE2D_DESC* pDesc,
                                                       const D3D11_SUBRESOURCE_DATA* pInitialData,
                                                       ID3D11Texture2D** ppTexture2D) try {
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
                          ? qualityLevels(pDesc->Format, pDesc->SampleDesc.Count)
                          : 0;
  std::vector<ResourceDescError> errors = validateTexture2DDesc(*pDesc, pInitialData, levels);
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
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRenderTargetView(ID3D11Resource* pResource,
                                                              const D3D11_RENDER_TARGET_VIEW_DESC* pDesc,
                                                              ID3D11RenderTargetView** ppRTView) try {
  if (removed()) return removedFailure(ppRTView);
  D3D11ResourceBase* r = resourceBase(pResource);
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  ViewRequest request{DXGI_FORMAT_UNKNOWN, ViewRequest::Kind::Other, {}};
  if (pDesc) {
    desc = *pDesc;
    request = attachmentRequest(desc, kRtvDimensions);
  } else if (r && !r->isBuffer()) {
    request = defaultAttachmentView(*r, kRtvDimensions, &desc);
  }
  return createView<D3D11RenderTargetView>(*this, kRtvMessages, r, request, desc, ppRTView);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDepthStencilView(ID3D11Resource* pResource,
                                                              const D3D11_DEPTH_STENCIL_VIEW_DESC* pDesc,
                                                              ID3D11DepthStencilView** ppDepthStencilView) try {
  if (removed()) return removedFailure(ppDepthStencilView);
  D3D11ResourceBase* r = resourceBase(pResource);
  D3D11_DEPTH_STENCIL_VIEW_DESC desc{};
  ViewRequest request{DXGI_FORMAT_UNKNOWN, ViewRequest::Kind::Other, {}};
  if (pDesc && (pDesc->Flags & ~UINT(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL))) {
    if (ppDepthStencilView) *ppDepthStencilView = nullptr;
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                 D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC, "CREATEDEPTHSTENCILVIEW_INVALIDDESC",
                 kDsvMessages.function, "Flags contains unrecognized bits.");
    return E_INVALIDARG;
  }
  if (pDesc) {
    desc = *pDesc;
    request = attachmentRequest(desc, kDsvDimensions);
  } else if (r && !r->isBuffer()) {
    request = defaultAttachmentView(*r, kDsvDimensions, &desc);
  }
  return createView<D3D11DepthStencilView>(*this, kDsvMessages, r, request, desc, ppDepthStencilView);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateShaderResourceView(ID3D11Resource* pResource,
                                                                const D3D11_SHADER_RESOURCE_VIEW_DESC* pDesc,
                                                                ID3D11ShaderResourceView** ppSRView) try {
  if (removed()) return removedFailure(ppSRView);
  D3D11ResourceBase* r = resourceBase(pResource);
  D3D11_SHADER_RESOURCE_VIEW_DESC desc{};
  ViewRequest request{DXGI_FORMAT_UNKNOWN, ViewRequest::Kind::Other, {}};
  if (pDesc) {
    desc = *pDesc;
    request.format = desc.Format;
    switch (desc.ViewDimension) {
      case D3D11_SRV_DIMENSION_TEXTURE2D:
        request.kind = ViewRequest::Kind::Tex2D;
        request.range = {desc.Texture2D.MostDetailedMip, desc.Texture2D.MipLevels, 0, 1};
        break;
      case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        request.kind = ViewRequest::Kind::Tex2DArray;
        request.range = {desc.Texture2DArray.MostDetailedMip, desc.Texture2DArray.MipLevels,
                         desc.Texture2DArray.FirstArraySlice, desc.Texture2DArray.ArraySize};
        break;
      case D3D11_SRV_DIMENSION_TEXTURE2DMS:
        request.kind = ViewRequest::Kind::Tex2DMS;
        request.range = {0, 1, 0, 1};
        break;
      case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
        request.kind = ViewRequest::Kind::Tex2DMSArray;
        request.range = {0, 1, desc.Texture2DMSArray.FirstArraySlice, desc.Texture2DMSArray.ArraySize};
        break;
      default: break;
    }
  } else if (r && !r->isBuffer()) {
    const bool ms = r->sampleDesc.Count > 1, array = r->arraySize > 1;
    desc.Format = r->format;
    if (ms) {
      desc.ViewDimension = array ? D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY : D3D11_SRV_DIMENSION_TEXTURE2DMS;
      request.kind = array ? ViewRequest::Kind::Tex2DMSArray : ViewRequest::Kind::Tex2DMS;
      if (array) desc.Texture2DMSArray = {0, r->arraySize};
    } else if (array) {
      desc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
      desc.Texture2DArray = {0, r->mipLevels, 0, r->arraySize};
      request.kind = ViewRequest::Kind::Tex2DArray;
    } else {
      desc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
      desc.Texture2D = {0, r->mipLevels};
      request.kind = ViewRequest::Kind::Tex2D;
    }
    request.format = r->format;
    request.range = {0, r->mipLevels, 0, r->arraySize};
  }
  return createView<D3D11ShaderResourceView>(*this, kSrvMessages, r, request, desc, ppSRView);
} D3DVK_CATCH_HRESULT

// Texture2D and Texture2DArray UAVs: one mip, one or more slices.
HRESULT STDMETHODCALLTYPE D3D11Device::CreateUnorderedAccessView(ID3D11Resource* pResource,
                                                                 const D3D11_UNORDERED_ACCESS_VIEW_DESC* pDesc,
                                                                 ID3D11UnorderedAccessView** ppUAView) try {
  if (removed()) return removedFailure(ppUAView);
  D3D11ResourceBase* r = resourceBase(pResource);
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
  ViewRequest request{DXGI_FORMAT_UNKNOWN, ViewRequest::Kind::Other, {}};
  if (pDesc) {
    desc = *pDesc;
    request.format = desc.Format;
    if (desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D) {
      request.kind = ViewRequest::Kind::Tex2D;
      request.range = {desc.Texture2D.MipSlice, 1, 0, 1};
    } else if (desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY) {
      request.kind = ViewRequest::Kind::Tex2DArray;
      request.range = {desc.Texture2DArray.MipSlice, 1, desc.Texture2DArray.FirstArraySlice,
                       desc.Texture2DArray.ArraySize};
    }
  } else if (r && !r->isBuffer()) {
    desc.Format = r->format;
    request.format = r->format;
    if (r->arraySize > 1) {
      desc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY;
      desc.Texture2DArray = {0, 0, r->arraySize};
      request.kind = ViewRequest::Kind::Tex2DArray;
    } else {
      desc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
      request.kind = ViewRequest::Kind::Tex2D;
    }
    request.range = {0, 1, 0, r->arraySize};
  }
  return createView<D3D11UnorderedAccessView>(*this, kUavMessages, r, request, desc, ppUAView);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFormatSupport(DXGI_FORMAT Format, UINT* pFormatSupport) try {
  if (!pFormatSupport) return E_INVALIDARG;
  *pFormatSupport = 0;
  const FormatFacts facts = formatFacts(Format);
  if (!facts.supported) return E_FAIL;  // D3D11: a format the device cannot use at all
  UINT caps = 0;
  {
    DdiErrorScope errors;
    ddi_->funcs().pfnCheckFormatSupport(ddi_->handle(), Format, &caps);
    if (FAILED(errors.first())) return errors.first();
  }
  UINT support = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
  if (facts.depth) {
    support |= D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    if (qualityLevels(Format, 4)) support |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
  } else {
    support |= D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE) support |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET) support |= D3D11_FORMAT_SUPPORT_RENDER_TARGET;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_BLENDABLE) support |= D3D11_FORMAT_SUPPORT_BLENDABLE;
    if (caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES) support |= D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) {
      support |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
      if (!facts.integer) support |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE;
    }
    if (caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD) support |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
  }
  *pFormatSupport = support;
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
  if (!formatFacts(Format).supported) return S_OK;          // 0 levels: not a multisample format here
  *pNumQualityLevels = qualityLevels(Format, SampleCount);
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
