// runtime/d3d11/d3d11_device_create_views.cpp — ID3D11Device's
// Create{RenderTarget,DepthStencil,ShaderResource,UnorderedAccess}View: one
// validation for the four kinds of texture views (the resource, its bind flag,
// format, dimension and subresource range against the desc, with D3D11's
// messages per kind), one for buffer views (typed, raw and structured SRVs and
// UAVs, append/counter flags), then the view object and its driver view
// (d3d11_view.h). A null output pointer validates only (S_FALSE).
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"
#include "d3dvk_checked_math.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"
#include "d3d11_view.h"
#include "d3dvk_present.h"

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
  enum class Kind { Tex1D, Tex1DArray, Tex2D, Tex2DArray, Tex2DMS, Tex2DMSArray, TexCube, TexCubeArray, Tex3D, Other } kind;
  // Tex3D: the slices are the W slices of range.firstMip (sliceCount UINT(-1): to the last).
  // mipCount / sliceCount UINT(-1): to the last mip / slice; TexCubeArray's sliceCount counts
  // faces (6 × NumCubes; NumCubes UINT(-1): every whole cube from the first face on).
  ViewRange range;
};

// Render-target and depth-stencil view descs share their Texture2D* members;
// `AttachmentDimensions` names each desc type's ViewDimension values.
template <typename Dimension>
struct AttachmentDimensions {
  Dimension tex2d, tex2dArray, tex2dMS, tex2dMSArray, tex1d, tex1dArray;
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
  } else if (desc.ViewDimension == dims.tex1d) {
    request.kind = ViewRequest::Kind::Tex1D;
    request.range = {desc.Texture1D.MipSlice, 1, 0, 1};
  } else if (desc.ViewDimension == dims.tex1dArray) {
    request.kind = ViewRequest::Kind::Tex1DArray;
    request.range = {desc.Texture1DArray.MipSlice, 1, desc.Texture1DArray.FirstArraySlice,
                     desc.Texture1DArray.ArraySize};
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
  if (r.isTexture1D()) {
    desc->ViewDimension = array ? dims.tex1dArray : dims.tex1d;
    if (array) desc->Texture1DArray = {0, 0, r.arraySize};
    request.kind = array ? ViewRequest::Kind::Tex1DArray : ViewRequest::Kind::Tex1D;
  } else if (ms && array) {
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
    D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY, D3D11_RTV_DIMENSION_TEXTURE1D, D3D11_RTV_DIMENSION_TEXTURE1DARRAY};
constexpr AttachmentDimensions<D3D11_DSV_DIMENSION> kDsvDimensions{
    D3D11_DSV_DIMENSION_TEXTURE2D, D3D11_DSV_DIMENSION_TEXTURE2DARRAY, D3D11_DSV_DIMENSION_TEXTURE2DMS,
    D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY, D3D11_DSV_DIMENSION_TEXTURE1D, D3D11_DSV_DIMENSION_TEXTURE1DARRAY};

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
  const bool typelessResource = formatFacts(r->format).typeless;
  if ((request.format == DXGI_FORMAT_UNKNOWN || request.format == r->format) && typelessResource) {
    add(m.invalidFormat, m.invalidFormatName,
        "The resource's format " + std::to_string(int(r->format)) +
            " is typeless: a view needs a desc naming a typed format of its family.");
    return false;
  }
  // A UNORM swapchain back buffer also takes views in its sRGB form (DXGI's flip model).
  const bool presentSrgb = r->presentable && UINT(request.format) == D3DVKPresentSrgbViewFormat(UINT(r->format));
  if (request.format != DXGI_FORMAT_UNKNOWN && !viewFormatFits(r->format, request.format) && !presentSrgb) {
    add(m.invalidFormat, m.invalidFormatName,
        "The view format " + std::to_string(int(request.format)) + " does not fit the resource's format " +
            std::to_string(int(r->format)) +
            " (the same format, for a typeless resource a typed format of its family, or for a UNORM swapchain "
            "back buffer its sRGB form).");
    return false;
  }
  // Depth formats belong to depth-stencil views alone; a depth-stencil
  // target's shader-resource views read its depth (R32_FLOAT,
  // R24_UNORM_X8_TYPELESS, R32_FLOAT_X8X24_TYPELESS) or its stencil
  // (X24_TYPELESS_G8_UINT, X32_TYPELESS_G8X24_UINT).
  const DXGI_FORMAT viewFormat = request.format != DXGI_FORMAT_UNKNOWN ? request.format : r->format;
  const bool dsv = &m == &kDsvMessages;
  if (dsv != formatFacts(viewFormat).depth) {
    add(m.invalidFormat, m.invalidFormatName,
        dsv ? "A depth-stencil view needs a depth format (D32_FLOAT, D16_UNORM, D24_UNORM_S8_UINT, "
              "D32_FLOAT_S8X24_UINT), not " +
                  std::to_string(int(viewFormat)) + "."
            : "The depth format " + std::to_string(int(viewFormat)) +
                  " is for depth-stencil views only; a shader reads a depth-stencil target through a typeless "
                  "resource (R32_TYPELESS, R16_TYPELESS, R24G8_TYPELESS, R32G8X24_TYPELESS) and a view of its "
                  "depth or stencil member.");
    return false;
  }
  if (&m == &kSrvMessages && (r->bindFlags & D3D11_BIND_DEPTH_STENCIL) && viewFormat != DXGI_FORMAT_R32_FLOAT &&
      viewFormat != DXGI_FORMAT_R16_UNORM && viewFormat != DXGI_FORMAT_R24_UNORM_X8_TYPELESS &&
      viewFormat != DXGI_FORMAT_X24_TYPELESS_G8_UINT && viewFormat != DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS &&
      viewFormat != DXGI_FORMAT_X32_TYPELESS_G8X24_UINT) {
    add(m.invalidFormat, m.invalidFormatName,
        "A depth-stencil target's shader-resource view reads its depth as R32_FLOAT (R32_TYPELESS), R16_UNORM "
        "(R16_TYPELESS), R24_UNORM_X8_TYPELESS (R24G8_TYPELESS) or R32_FLOAT_X8X24_TYPELESS (R32G8X24_TYPELESS), "
        "or its stencil as X24_TYPELESS_G8_UINT or X32_TYPELESS_G8X24_UINT, not " +
            std::to_string(int(viewFormat)) + ".");
    return false;
  }
  // 10level9: the view's format must render (RTV) or be read (SRV) at the level.
  const std::vector<ResourceDescError> level9Errors =
      &m == &kRtvMessages   ? level9RenderTargetViewErrors(device.GetFeatureLevel(), viewFormat)
      : &m == &kSrvMessages ? level9ShaderResourceViewErrors(device.GetFeatureLevel(), viewFormat, r->format)
                            : std::vector<ResourceDescError>{};
  if (!level9Errors.empty()) {
    for (const ResourceDescError& e : level9Errors) add(e.id, e.name, e.text);
    return false;
  }
  const bool ms = r->sampleDesc.Count > 1;
  using Kind = ViewRequest::Kind;
  if (r->isTexture3D() != (request.kind == Kind::Tex3D)) {
    add(m.invalidDesc, m.invalidDescName,
        r->isTexture3D() ? "The ViewDimension does not match the resource: a Texture3D takes TEXTURE3D views."
                         : "The ViewDimension does not match the resource: TEXTURE3D views need a Texture3D.");
    return false;
  }
  const bool oneD = request.kind == Kind::Tex1D || request.kind == Kind::Tex1DArray;
  if (request.kind != Kind::Other && !r->isBuffer() && oneD != r->isTexture1D()) {
    add(m.invalidDesc, m.invalidDescName,
        r->isTexture1D() ? "The ViewDimension does not match the resource: a Texture1D takes TEXTURE1D or "
                           "TEXTURE1DARRAY views."
                         : "The ViewDimension does not match the resource: TEXTURE1D(ARRAY) views need a Texture1D.");
    return false;
  }
  const bool cube = request.kind == Kind::TexCube || request.kind == Kind::TexCubeArray;
  if (cube && !r->isCube()) {
    add(m.invalidDesc, m.invalidDescName,
        "TEXTURECUBE and TEXTURECUBEARRAY views need a Texture2D created with D3D11_RESOURCE_MISC_TEXTURECUBE.");
    return false;
  }
  if (request.kind == Kind::TexCubeArray && !featureLevelLimits(device.GetFeatureLevel()).cubeArrays) {
    add(m.invalidDesc, m.invalidDescName,
        "TEXTURECUBEARRAY views need feature level 10_1; this device is " +
            featureLevelName(device.GetFeatureLevel()) + ".");
    return false;
  }
  if (request.kind == Kind::Other || r->isBuffer() ||
      ((request.kind == Kind::Tex2DMS || request.kind == Kind::Tex2DMSArray) != ms)) {
    add(m.invalidDesc, m.invalidDescName,
        std::string("The ViewDimension does not match the resource: a ") + (ms ? "multisampled" : "single-sampled") +
            " Texture2D takes TEXTURE2D" + (ms ? "MS" : "") + " or TEXTURE2D" + (ms ? "MS" : "") + "ARRAY views.");
    return false;
  }
  ViewRange v = request.range;
  if (v.mipCount == UINT(-1)) v.mipCount = v.firstMip < r->mipLevels ? r->mipLevels - v.firstMip : 0;
  if (request.kind == Kind::TexCubeArray && v.sliceCount == UINT(-1))  // NumCubes -1: the whole cubes left
    v.sliceCount = v.firstSlice < r->arraySize ? (r->arraySize - v.firstSlice) / 6 * 6 : 0;
  else if (request.kind != Kind::Tex3D && v.sliceCount == UINT(-1))
    v.sliceCount = v.firstSlice < r->arraySize ? r->arraySize - v.firstSlice : 0;
  v.cube = cube;
  if (request.kind == Kind::Tex3D) {
    // W slices of the (first) mip: UINT(-1) runs to its last slice.
    const UINT depth = v.firstMip < r->mipLevels ? r->mipDepth(v.firstMip) : 0;
    if (v.sliceCount == UINT(-1)) v.sliceCount = v.firstSlice < depth ? depth - v.firstSlice : 0;
    if (v.firstMip >= r->mipLevels || v.mipCount == 0 || v.mipCount > r->mipLevels - v.firstMip ||
        v.firstSlice >= depth || v.sliceCount == 0 || v.sliceCount > depth - v.firstSlice) {
      add(m.invalidDimensions, m.invalidDimensionsName,
          "Mips " + std::to_string(v.firstMip) + "+" + std::to_string(v.mipCount) + ", W slices " +
              std::to_string(v.firstSlice) + "+" + std::to_string(v.sliceCount) + " lie outside the Texture3D's " +
              std::to_string(r->mipLevels) + " mips and that mip's " + std::to_string(depth) + " slices.");
      return false;
    }
    *range = v;
    return true;
  }
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

// What GetDesc returns for a desc with UINT(-1) counts: the counts they stand for.
void resolveCounts(D3D11_SHADER_RESOURCE_VIEW_DESC& d, const ViewRange& r) {
  switch (d.ViewDimension) {
    case D3D11_SRV_DIMENSION_TEXTURE1D: d.Texture1D.MipLevels = r.mipCount; break;
    case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
      d.Texture1DArray.MipLevels = r.mipCount, d.Texture1DArray.ArraySize = r.sliceCount;
      break;
    case D3D11_SRV_DIMENSION_TEXTURE2D: d.Texture2D.MipLevels = r.mipCount; break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
      d.Texture2DArray.MipLevels = r.mipCount, d.Texture2DArray.ArraySize = r.sliceCount;
      break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY: d.Texture2DMSArray.ArraySize = r.sliceCount; break;
    case D3D11_SRV_DIMENSION_TEXTURE3D: d.Texture3D.MipLevels = r.mipCount; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE: d.TextureCube.MipLevels = r.mipCount; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
      d.TextureCubeArray.MipLevels = r.mipCount, d.TextureCubeArray.NumCubes = r.sliceCount / 6;
      break;
    default: break;
  }
}
void resolveCounts(D3D11_RENDER_TARGET_VIEW_DESC& d, const ViewRange& r) {
  if (d.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1DARRAY) d.Texture1DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY) d.Texture2DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY) d.Texture2DMSArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE3D) d.Texture3D.WSize = r.sliceCount;
}
void resolveCounts(D3D11_DEPTH_STENCIL_VIEW_DESC& d, const ViewRange& r) {
  if (d.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE1DARRAY) d.Texture1DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DARRAY) d.Texture2DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY) d.Texture2DMSArray.ArraySize = r.sliceCount;
}
void resolveCounts(D3D11_UNORDERED_ACCESS_VIEW_DESC& d, const ViewRange& r) {
  if (d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1DARRAY) d.Texture1DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY) d.Texture2DArray.ArraySize = r.sliceCount;
  if (d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE3D) d.Texture3D.WSize = r.sliceCount;
}

template <typename View, typename Desc, typename Out>
HRESULT createView(D3D11Device& device, const ViewMessages& m, D3D11ResourceBase* r, const ViewRequest& request,
                   const Desc& desc, Out** out) {
  if (out) *out = nullptr;
  std::vector<ViewError> errors;
  ViewRange range;
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
  resolveCounts(full, range);
  std::unique_ptr<View> view(new (std::nothrow) View(device, *r, full, range));
  if (!view) return E_OUTOFMEMORY;
  HRESULT hr = view->create();
  if (FAILED(hr)) return hr;
  view->AddRef();
  *out = view.release();
  return S_OK;
}

// A buffer view: what kind of elements it has (typed: of its format; raw:
// dwords through R32_TYPELESS; structured: of the buffer's stride, format
// UNKNOWN) and whether they lie in the buffer, with D3D11's rules and messages.
struct BufferViewRequest {
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  UINT firstElement = 0, numElements = 0;
  bool raw = false;
  UINT flags = 0;         // BUFFEREX_SRV_FLAG_* / BUFFER_UAV_FLAG_* as the desc gives them
  bool bufferEx = false;  // SRV: D3D11_SRV_DIMENSION_BUFFEREX
};

template <typename View, typename Desc, typename Out>
HRESULT createBufferView(D3D11Device& device, const ViewMessages& m, D3D11ResourceBase* r, bool uav, bool dimensionOk,
                         const BufferViewRequest& request, const Desc& desc, Out** out) {
  if (out) *out = nullptr;
  std::vector<ViewError> errors;
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) {
    errors.push_back({id, name, std::move(text)});
  };
  const bool structured = r->miscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  const bool rawAllowed = r->miscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
  const UINT knownFlags = uav ? UINT(D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER)
                              : UINT(D3D11_BUFFEREX_SRV_FLAG_RAW);
  const UINT counterFlags = D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER;
  const FormatFacts facts = formatFacts(request.format);
  UINT elementBytes = 0;
  if (!(r->bindFlags & m.requiredBind)) {
    add(m.invalidResource, m.invalidResourceName, std::string("The buffer was not created with ") + m.bindName + ".");
  } else if (!dimensionOk) {
    add(m.invalidDesc, m.invalidDescName,
        std::string("The ViewDimension does not match the resource: a buffer takes ") +
            (uav ? "D3D11_UAV_DIMENSION_BUFFER" : "D3D11_SRV_DIMENSION_BUFFER or BUFFEREX") + " views.");
  } else if (uav && !featureLevelLimits(device.GetFeatureLevel()).textureUav && !structured &&
             !(request.flags & D3D11_BUFFER_UAV_FLAG_RAW)) {
    add(m.invalidDesc, m.invalidDescName,
        "At feature level " + featureLevelName(device.GetFeatureLevel()) +
            " a buffer's unordered-access view is raw or structured (typed UAVs need 11_0).");
  } else if (request.flags & ~knownFlags) {
    if (uav)
      add(D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS, "CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS",
          "Buffer.Flags " + std::to_string(request.flags) + " contains unrecognized flags.");
    else
      add(D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFLAGS, "CREATESHADERRESOURCEVIEW_INVALIDFLAGS",
          "BufferEx.Flags " + std::to_string(request.flags) + " contains unrecognized flags.");
  } else if (request.raw) {
    if (!rawAllowed)
      add(m.invalidDesc, m.invalidDescName,
          "A raw view needs a buffer created with D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS.");
    else if (request.format != DXGI_FORMAT_R32_TYPELESS)
      add(m.invalidFormat, m.invalidFormatName,
          "A raw view's format must be DXGI_FORMAT_R32_TYPELESS, not " + std::to_string(int(request.format)) + ".");
    else if (uav && (request.flags & counterFlags))
      add(D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS, "CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS",
          "D3D11_BUFFER_UAV_FLAG_APPEND and _COUNTER need a structured buffer, not a raw view.");
    elementBytes = 4;
  } else if (structured) {
    if (request.format != DXGI_FORMAT_UNKNOWN)
      add(m.invalidFormat, m.invalidFormatName,
          "A view of a structured buffer must have DXGI_FORMAT_UNKNOWN, not " + std::to_string(int(request.format)) + ".");
    else if (uav && (request.flags & counterFlags) == counterFlags)
      add(D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS, "CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS",
          "D3D11_BUFFER_UAV_FLAG_APPEND and D3D11_BUFFER_UAV_FLAG_COUNTER cannot be combined.");
    elementBytes = r->structureByteStride;
  } else {
    if (!facts.recognized)
      add(m.unrecognizedFormat, m.unrecognizedFormatName,
          "Format " + std::to_string(int(request.format)) + " is not a DXGI_FORMAT value.");
    else if (request.format == DXGI_FORMAT_UNKNOWN || !facts.supported || facts.depth || facts.typeless)
      add(m.invalidFormat, m.invalidFormatName,
          "A typed buffer view needs a typed format this device supports in buffers; " +
              std::to_string(int(request.format)) + " is not one (raw views need the RAW flag, structured buffers "
              "D3D11_RESOURCE_MISC_BUFFER_STRUCTURED).");
    else if (uav && (request.flags & counterFlags))
      add(D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS, "CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS",
          "D3D11_BUFFER_UAV_FLAG_APPEND and _COUNTER need a structured buffer.");
    elementBytes = facts.bytesPerTexel;
  }
  if (errors.empty() && elementBytes &&
      (request.numElements == 0 ||
       !fitsWithin(request.firstElement, request.numElements, uint64_t(r->width) / elementBytes)))
    add(m.invalidDimensions, m.invalidDimensionsName,
        "Elements " + std::to_string(request.firstElement) + "+" + std::to_string(request.numElements) + " of " +
            std::to_string(elementBytes) + " bytes lie outside the " + std::to_string(r->width) + "-byte buffer.");
  if (!errors.empty()) {
    for (const ViewError& e : errors)
      device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, e.id, e.name,
                          m.function, e.text);
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, m.invalidArg,
                        m.invalidArgName, m.function, "Returning E_INVALIDARG, meaning invalid parameters were passed.");
    return E_INVALIDARG;
  }
  if (!out) return S_FALSE;
  ViewRange range;
  range.buffer = true;
  range.bufferEx = request.bufferEx;
  range.firstElement = request.firstElement;
  range.numElements = request.numElements;
  range.bufferFlags = request.flags;
  std::unique_ptr<View> view(new (std::nothrow) View(device, *r, desc, range));
  if (!view) return E_OUTOFMEMORY;
  HRESULT hr = view->create();
  if (FAILED(hr)) return hr;
  view->AddRef();
  *out = view.release();
  return S_OK;
}

}  // namespace

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
    if (desc.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE3D) {
      request.kind = ViewRequest::Kind::Tex3D;
      request.range = {desc.Texture3D.MipSlice, 1, desc.Texture3D.FirstWSlice, desc.Texture3D.WSize};
    }
  } else if (r && r->isTexture3D()) {
    desc.Format = r->format;
    desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
    desc.Texture3D = {0, 0, r->depth};
    request = {r->format, ViewRequest::Kind::Tex3D, {0, 1, 0, r->depth}};
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
  if (r && &r->owner() == this && r->isBuffer()) {
    // A NULL desc views a whole structured buffer; other buffers need a desc (their format).
    D3D11_SHADER_RESOURCE_VIEW_DESC desc{};
    BufferViewRequest request;
    bool dimensionOk = true;
    if (pDesc) {
      desc = *pDesc;
      request.format = desc.Format;
      if (desc.ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX) {
        request = {desc.Format, desc.BufferEx.FirstElement, desc.BufferEx.NumElements,
                   (desc.BufferEx.Flags & D3D11_BUFFEREX_SRV_FLAG_RAW) != 0, desc.BufferEx.Flags, true};
      } else if (desc.ViewDimension == D3D11_SRV_DIMENSION_BUFFER) {
        request.firstElement = desc.Buffer.FirstElement;
        request.numElements = desc.Buffer.NumElements;
      } else {
        dimensionOk = false;
      }
    } else if ((r->miscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) && r->structureByteStride) {
      desc.Format = DXGI_FORMAT_UNKNOWN;
      desc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
      desc.Buffer.FirstElement = 0;
      desc.Buffer.NumElements = r->width / r->structureByteStride;
      request.numElements = desc.Buffer.NumElements;
    } else {
      dimensionOk = false;
    }
    return createBufferView<D3D11ShaderResourceView>(*this, kSrvMessages, r, false, dimensionOk, request, desc,
                                                     ppSRView);
  }
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
      case D3D11_SRV_DIMENSION_TEXTURE3D:
        request.kind = ViewRequest::Kind::Tex3D;
        request.range = {desc.Texture3D.MostDetailedMip, desc.Texture3D.MipLevels, 0, UINT(-1)};
        break;
      case D3D11_SRV_DIMENSION_TEXTURE1D:
        request.kind = ViewRequest::Kind::Tex1D;
        request.range = {desc.Texture1D.MostDetailedMip, desc.Texture1D.MipLevels, 0, 1};
        break;
      case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        request.kind = ViewRequest::Kind::Tex1DArray;
        request.range = {desc.Texture1DArray.MostDetailedMip, desc.Texture1DArray.MipLevels,
                         desc.Texture1DArray.FirstArraySlice, desc.Texture1DArray.ArraySize};
        break;
      case D3D11_SRV_DIMENSION_TEXTURECUBE:
        request.kind = ViewRequest::Kind::TexCube;
        request.range = {desc.TextureCube.MostDetailedMip, desc.TextureCube.MipLevels, 0, 6};
        break;
      case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY: {
        request.kind = ViewRequest::Kind::TexCubeArray;
        const UINT cubes = desc.TextureCubeArray.NumCubes;
        // More cubes than slices can exist fails the range check below (an oversized product would wrap).
        const UINT faces = cubes == UINT(-1) ? UINT(-1) : cubes > 0x10000 ? 0x60000 : cubes * 6;
        request.range = {desc.TextureCubeArray.MostDetailedMip, desc.TextureCubeArray.MipLevels,
                         desc.TextureCubeArray.First2DArrayFace, faces};
        break;
      }
      default: break;
    }
  } else if (r && r->isTexture3D()) {
    desc.Format = r->format;
    desc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
    desc.Texture3D = {0, r->mipLevels};
    request = {r->format, ViewRequest::Kind::Tex3D, {0, r->mipLevels, 0, UINT(-1)}};
  } else if (r && !r->isBuffer()) {
    const bool ms = r->sampleDesc.Count > 1, array = r->arraySize > 1;
    desc.Format = r->format;
    if (r->isCube()) {  // D3D11: a cube-compatible texture's whole-resource view is a cube (array)
      desc.ViewDimension = array && r->arraySize > 6 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY : D3D11_SRV_DIMENSION_TEXTURECUBE;
      if (desc.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE) {
        desc.TextureCube = {0, r->mipLevels};
        request.kind = ViewRequest::Kind::TexCube;
      } else {
        desc.TextureCubeArray = {0, r->mipLevels, 0, r->arraySize / 6};
        request.kind = ViewRequest::Kind::TexCubeArray;
      }
    } else if (r->isTexture1D()) {
      desc.ViewDimension = array ? D3D11_SRV_DIMENSION_TEXTURE1DARRAY : D3D11_SRV_DIMENSION_TEXTURE1D;
      if (array) desc.Texture1DArray = {0, r->mipLevels, 0, r->arraySize};
      else desc.Texture1D = {0, r->mipLevels};
      request.kind = array ? ViewRequest::Kind::Tex1DArray : ViewRequest::Kind::Tex1D;
    } else if (ms) {
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

// Texture2D(Array) UAVs: one mip, one or more slices; Texture3D UAVs: one mip's W slices.
HRESULT STDMETHODCALLTYPE D3D11Device::CreateUnorderedAccessView(ID3D11Resource* pResource,
                                                                 const D3D11_UNORDERED_ACCESS_VIEW_DESC* pDesc,
                                                                 ID3D11UnorderedAccessView** ppUAView) try {
  if (removed()) return removedFailure(ppUAView);
  D3D11ResourceBase* r = resourceBase(pResource);
  if (r && &r->owner() == this && r->isBuffer()) {
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
    BufferViewRequest request;
    bool dimensionOk = true;
    if (pDesc && pDesc->ViewDimension == D3D11_UAV_DIMENSION_BUFFER) {
      desc = *pDesc;
      request = {desc.Format, desc.Buffer.FirstElement, desc.Buffer.NumElements,
                 (desc.Buffer.Flags & D3D11_BUFFER_UAV_FLAG_RAW) != 0, desc.Buffer.Flags, false};
    } else if (!pDesc && (r->miscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) && r->structureByteStride) {
      desc.Format = DXGI_FORMAT_UNKNOWN;
      desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
      desc.Buffer = {0, r->width / r->structureByteStride, 0};
      request.numElements = desc.Buffer.NumElements;
    } else {
      if (pDesc) desc = *pDesc;
      dimensionOk = false;
    }
    return createBufferView<D3D11UnorderedAccessView>(*this, kUavMessages, r, true, dimensionOk, request, desc,
                                                      ppUAView);
  }
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
    } else if (desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE3D) {
      request.kind = ViewRequest::Kind::Tex3D;
      request.range = {desc.Texture3D.MipSlice, 1, desc.Texture3D.FirstWSlice, desc.Texture3D.WSize};
    } else if (desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1D) {
      request.kind = ViewRequest::Kind::Tex1D;
      request.range = {desc.Texture1D.MipSlice, 1, 0, 1};
    } else if (desc.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1DARRAY) {
      request.kind = ViewRequest::Kind::Tex1DArray;
      request.range = {desc.Texture1DArray.MipSlice, 1, desc.Texture1DArray.FirstArraySlice,
                       desc.Texture1DArray.ArraySize};
    }
  } else if (r && r->isTexture3D()) {
    desc.Format = r->format;
    desc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
    desc.Texture3D = {0, 0, r->depth};
    request = {r->format, ViewRequest::Kind::Tex3D, {0, 1, 0, r->depth}};
  } else if (r && !r->isBuffer()) {
    desc.Format = r->format;
    request.format = r->format;
    if (r->isTexture1D()) {
      desc.ViewDimension = r->arraySize > 1 ? D3D11_UAV_DIMENSION_TEXTURE1DARRAY : D3D11_UAV_DIMENSION_TEXTURE1D;
      if (r->arraySize > 1) desc.Texture1DArray = {0, 0, r->arraySize};
      request.kind = r->arraySize > 1 ? ViewRequest::Kind::Tex1DArray : ViewRequest::Kind::Tex1D;
    } else if (r->arraySize > 1) {
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

}  // namespace d3dvk::runtime
