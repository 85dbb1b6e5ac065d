// runtime/d3d11/d3d11_context_resources.cpp — the immediate context's resource
// work: Clear{RenderTarget,DepthStencil}View, CopyResource,
// CopySubresourceRegion[1], UpdateSubresource[1], ResolveSubresource,
// Map/Unmap, Flush, the output-merger bindings (OMSetRenderTargets[AndUnorderedAccessViews]
// and their getters) and ClearUnorderedAccessView{Uint,Float}.
// Invalid calls are dropped here with D3D11's debug-layer message and never
// reach the driver; Map reports its HRESULT.
#include "d3d11_context.h"
#include "copy_rules.h"
#include "d3dvk_checked_math.h"

#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"
#include "d3d11_view.h"

namespace d3dvk::runtime {

namespace {

D3D11RenderTargetView* rtvFrom(ID3D11RenderTargetView* v) { return static_cast<D3D11RenderTargetView*>(v); }
D3D11DepthStencilView* dsvFrom(ID3D11DepthStencilView* v) { return static_cast<D3D11DepthStencilView*>(v); }

bool sameShape(const D3D11ResourceBase& a, const D3D11ResourceBase& b) {
  if (a.dimension != b.dimension) return false;
  if (a.isBuffer()) return a.width == b.width;
  // Between a block-compressed and an uncompressed texture, sizes compare in blocks (one texel per 4x4 block).
  const UINT ba = formatFacts(a.format).blockDim, bb = formatFacts(b.format).blockDim;
  const auto blocks = [](UINT texels, UINT block) { return (texels + block - 1) / block; };
  const bool sizes = ba == bb ? a.width == b.width && a.height == b.height
                              : blocks(a.width, ba) == blocks(b.width, bb) && blocks(a.height, ba) == blocks(b.height, bb);
  return sizes && a.depth == b.depth && a.mipLevels == b.mipLevels &&
         a.arraySize == b.arraySize && copyFormatsCompatible(a.format, b.format) && a.sampleDesc.Count == b.sampleDesc.Count;
}

bool anyMapped(const D3D11ResourceBase& r) {
  for (bool m : r.mapped)
    if (m) return true;
  return false;
}

D3D10_DDI_BOX ddiBox(const D3D11_BOX& b) {
  return {LONG(b.left), LONG(b.top), LONG(b.front), LONG(b.right), LONG(b.bottom), LONG(b.back)};
}

}  // namespace

void STDMETHODCALLTYPE D3D11ImmediateContext::ClearRenderTargetView(ID3D11RenderTargetView* pRenderTargetView,
                                                                   const FLOAT ColorRGBA[4]) try {
  const auto contextEntryLock = lockEntry();
  if (!pRenderTargetView || !ColorRGBA) return;
  FLOAT color[4] = {ColorRGBA[0], ColorRGBA[1], ColorRGBA[2], ColorRGBA[3]};
  DdiDevice& ddi = driver();
  ddi.funcs().pfnClearRenderTargetView(ddi.handle(), rtvFrom(pRenderTargetView)->ddiHandle(), color);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::ClearDepthStencilView(ID3D11DepthStencilView* pDepthStencilView,
                                                                   UINT ClearFlags, FLOAT Depth, UINT8 Stencil) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::ClearDepthStencilView";
  if (!pDepthStencilView) return;
  const UINT known = D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL;
  if (ClearFlags == 0 || (ClearFlags & ~known) || !(Depth >= 0.0f && Depth <= 1.0f)) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, "CLEARDEPTHSTENCILVIEW_INVALID", kFunction,
                         "ClearFlags must be D3D11_CLEAR_DEPTH and/or D3D11_CLEAR_STENCIL and Depth must be in [0, 1].");
    return;
  }
  DdiDevice& ddi = driver();
  UINT flags = (ClearFlags & D3D11_CLEAR_DEPTH ? D3D10_DDI_CLEAR_DEPTH : 0) |
               (ClearFlags & D3D11_CLEAR_STENCIL ? D3D10_DDI_CLEAR_STENCIL : 0);
  ddi.funcs().pfnClearDepthStencilView(ddi.handle(), dsvFrom(pDepthStencilView)->ddiHandle(), flags, Depth, Stencil);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CopyResource(ID3D11Resource* pDstResource, ID3D11Resource* pSrcResource) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::CopyResource";
  D3D11ResourceBase* dst = resourceBase(pDstResource);
  D3D11ResourceBase* src = resourceBase(pSrcResource);
  auto reject = [&](D3D11_MESSAGE_ID id, const char* name, const char* text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text);
  };
  if (!dst || !src || &dst->owner() != &device_ || &src->owner() != &device_ || dst == src || !sameShape(*dst, *src))
    return reject(D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCE, "COPYRESOURCE_INVALIDSOURCE",
                  "Source and destination must be different resources of this device with the same type, size, "
                  "mips, array size, format (or formats of one typeless family) and sample count.");
  if (dst->usage == D3D11_USAGE_IMMUTABLE || anyMapped(*dst))
    return reject(D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDDESTINATIONSTATE, "COPYRESOURCE_INVALIDDESTINATIONSTATE",
                  "The destination is immutable or currently mapped.");
  if (anyMapped(*src))
    return reject(D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCESTATE, "COPYRESOURCE_INVALIDSOURCESTATE",
                  "The source is currently mapped.");
  if (!levelAllowsCopy(*dst, *src, kFunction)) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnResourceCopy(ddi.handle(), dst->ddiHandle(), src->ddiHandle());
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CopySubresourceRegion(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                   UINT DstX, UINT DstY, UINT DstZ,
                                                                   ID3D11Resource* pSrcResource, UINT SrcSubresource,
                                                                   const D3D11_BOX* pSrcBox) try {
  const auto contextEntryLock = lockEntry();
  CopySubresourceRegion1(pDstResource, DstSubresource, DstX, DstY, DstZ, pSrcResource, SrcSubresource, pSrcBox, 0);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CopySubresourceRegion1(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                    UINT DstX, UINT DstY, UINT DstZ,
                                                                    ID3D11Resource* pSrcResource, UINT SrcSubresource,
                                                                    const D3D11_BOX* pSrcBox, UINT CopyFlags) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::CopySubresourceRegion";
  D3D11ResourceBase* dst = resourceBase(pDstResource);
  D3D11ResourceBase* src = resourceBase(pSrcResource);
  auto reject = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text);
  };
  if (!dst || !src || &dst->owner() != &device_ || &src->owner() != &device_ || dst->dimension != src->dimension ||
      !copyFormatsCompatible(dst->format, src->format) || dst->sampleDesc.Count != src->sampleDesc.Count)
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE, "COPYSUBRESOURCEREGION_INVALIDSOURCE",
                  "Source and destination must be resources of this device with the same type, format (or formats "
                  "of one typeless family) and sample count.");
  if (DstSubresource >= dst->subresourceCount())
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDDESTINATIONSUBRESOURCE,
                  "COPYSUBRESOURCEREGION_INVALIDDESTINATIONSUBRESOURCE",
                  "DstSubresource " + std::to_string(DstSubresource) + " is out of range.");
  if (SrcSubresource >= src->subresourceCount())
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCESUBRESOURCE,
                  "COPYSUBRESOURCEREGION_INVALIDSOURCESUBRESOURCE",
                  "SrcSubresource " + std::to_string(SrcSubresource) + " is out of range.");
  if (dst->usage == D3D11_USAGE_IMMUTABLE || dst->mapped[DstSubresource])
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDDESTINATIONSTATE,
                  "COPYSUBRESOURCEREGION_INVALIDDESTINATIONSTATE", "The destination is immutable or mapped.");
  if (src->mapped[SrcSubresource])
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCESTATE, "COPYSUBRESOURCEREGION_INVALIDSOURCESTATE",
                  "The source subresource is mapped.");
  const UINT srcW = src->isBuffer() ? src->width : src->mipWidth(SrcSubresource);
  const UINT srcH = src->isBuffer() ? 1 : src->mipHeight(SrcSubresource);
  const UINT srcD = src->isBuffer() ? 1 : src->mipDepth(SrcSubresource);
  D3D11_BOX box = pSrcBox ? *pSrcBox : D3D11_BOX{0, 0, 0, srcW, srcH, srcD};
  if (box.left >= box.right || box.top >= box.bottom || box.front >= box.back) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_WARNING,
                         D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_EMPTYSOURCEBOX, "COPYSUBRESOURCEREGION_EMPTYSOURCEBOX",
                         kFunction, "The source box is empty; nothing is copied.");
    return;
  }
  const UINT w = box.right - box.left, h = box.bottom - box.top, depth = box.back - box.front;
  const UINT dstW = dst->isBuffer() ? dst->width : dst->mipWidth(DstSubresource);
  const UINT dstH = dst->isBuffer() ? 1 : dst->mipHeight(DstSubresource);
  const UINT dstD = dst->isBuffer() ? 1 : dst->mipDepth(DstSubresource);
  // D3D11: a depth-stencil resource (bound as one, or of a depth format) or
  // a multisampled one copies whole subresources only, to offset 0.
  const auto depthStencil = [](const D3D11ResourceBase& r) {
    return (r.bindFlags & D3D11_BIND_DEPTH_STENCIL) || formatFacts(r.format).depth;
  };
  const bool wholeOnly = depthStencil(*src) || depthStencil(*dst) || src->sampleDesc.Count > 1;
  // Block-compressed sides: the box and the destination offset lie on 4x4
  // blocks (or end at a mip's edge); between a block format and an
  // uncompressed one a block copies to a texel and back.
  const UINT sb = src->isBuffer() ? 1 : formatFacts(src->format).blockDim;
  const UINT db = dst->isBuffer() ? 1 : formatFacts(dst->format).blockDim;
  const bool aligned = (box.left % sb == 0 && box.top % sb == 0 && (box.right % sb == 0 || box.right == srcW) &&
                        (box.bottom % sb == 0 || box.bottom == srcH) && DstX % db == 0 && DstY % db == 0);
  const UINT dstExtentW = sb == db ? w : (w + sb - 1) / sb * db, dstExtentH = sb == db ? h : (h + sb - 1) / sb * db;
  const UINT dstWBlocks = (dstW + db - 1) / db * db, dstHBlocks = (dstH + db - 1) / db * db;
  if (!aligned)
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX, "COPYSUBRESOURCEREGION_INVALIDSOURCEBOX",
                  "The source box and the destination offset of a block-compressed copy must lie on 4x4 block "
                  "boundaries (a box may end at the subresource's edge).");
  if (box.right > srcW || box.bottom > srcH || box.back > srcD ||
      !fitsWithin(DstX, dstExtentW, db > 1 ? dstWBlocks : dstW) ||
      !fitsWithin(DstY, dstExtentH, db > 1 ? dstHBlocks : dstH) || !fitsWithin(DstZ, depth, dstD) ||
      (wholeOnly && (box.left || box.top || w != srcW || h != srcH || DstX || DstY || w != dstW || h != dstH)))
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX, "COPYSUBRESOURCEREGION_INVALIDSOURCEBOX",
                  "The source box {" + std::to_string(box.left) + "," + std::to_string(box.top) + "," +
                      std::to_string(box.front) + "}-{" + std::to_string(box.right) + "," +
                      std::to_string(box.bottom) + "," + std::to_string(box.back) +
                      "} at the destination offset does not fit both subresources (depth-stencil and multisampled "
                      "resources copy whole subresources only).");
  if (!levelAllowsCopy(*dst, *src, kFunction)) return;
  if (level9(featureLevel_) && (dst->bindFlags & D3D11_BIND_DEPTH_STENCIL))
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDDESTINATIONSTATE,
                  "COPYSUBRESOURCEREGION_INVALIDDESTINATIONSTATE",
                  "At feature levels 9_x a depth-stencil resource is only a source of CopySubresourceRegion.");
  if (level9(featureLevel_) &&
      ((src->isTexture3D() && src->mipLevels > 1) || (dst->isTexture3D() && dst->mipLevels > 1)))
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE, "COPYSUBRESOURCEREGION_INVALIDSOURCE",
                  "At feature levels 9_x CopySubresourceRegion does not copy mipmapped volume textures.");
  if (dst == src && DstSubresource == SrcSubresource)
    return reject(D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE, "COPYSUBRESOURCEREGION_INVALIDSOURCE",
                  "Copying a subresource onto itself is not supported.");
  D3D10_DDI_BOX ddi = ddiBox(box);
  DdiDevice& d = driver();
  d.funcs().pfnResourceCopyRegion(d.handle(), dst->ddiHandle(), DstSubresource, DstX, DstY, DstZ, src->ddiHandle(),
                                  SrcSubresource, &ddi, CopyFlags & 3u);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::UpdateSubresource(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                               const D3D11_BOX* pDstBox, const void* pSrcData,
                                                               UINT SrcRowPitch, UINT SrcDepthPitch) try {
  const auto contextEntryLock = lockEntry();
  UpdateSubresource1(pDstResource, DstSubresource, pDstBox, pSrcData, SrcRowPitch, SrcDepthPitch, 0);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::UpdateSubresource1(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                const D3D11_BOX* pDstBox, const void* pSrcData,
                                                                UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::UpdateSubresource";
  D3D11ResourceBase* dst = resourceBase(pDstResource);
  auto reject = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text);
  };
  if (!dst || &dst->owner() != &device_ || !pSrcData) return;
  if (dst->usage != D3D11_USAGE_DEFAULT || (dst->bindFlags & D3D11_BIND_DEPTH_STENCIL) || dst->sampleDesc.Count > 1)
    return reject(D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE,
                  "UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE",
                  "UpdateSubresource needs a D3D11_USAGE_DEFAULT resource that is neither depth-stencil nor "
                  "multisampled.");
  if (DstSubresource >= dst->subresourceCount())
    return reject(D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONSUBRESOURCE,
                  "UPDATESUBRESOURCE_INVALIDDESTINATIONSUBRESOURCE",
                  "DstSubresource " + std::to_string(DstSubresource) + " is out of range.");
  const UINT w = dst->isBuffer() ? dst->width : dst->mipWidth(DstSubresource);
  const UINT h = dst->isBuffer() ? 1 : dst->mipHeight(DstSubresource);
  const UINT d = dst->isBuffer() ? 1 : dst->mipDepth(DstSubresource);
  if (pDstBox) {
    if (pDstBox->left >= pDstBox->right || pDstBox->top >= pDstBox->bottom || pDstBox->front >= pDstBox->back)
      return;  // an empty box updates nothing (D3D11 behaviour)
    if (pDstBox->right > w || pDstBox->bottom > h || pDstBox->back > d)
      return reject(D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONBOX, "UPDATESUBRESOURCE_INVALIDDESTINATIONBOX",
                    "The destination box lies outside the subresource.");
    const UINT b = dst->isBuffer() ? 1 : formatFacts(dst->format).blockDim;
    if (pDstBox->left % b || pDstBox->top % b || (pDstBox->right % b && pDstBox->right != w) ||
        (pDstBox->bottom % b && pDstBox->bottom != h))
      return reject(D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONBOX, "UPDATESUBRESOURCE_INVALIDDESTINATIONBOX",
                    "The destination box of a block-compressed texture must lie on 4x4 block boundaries (or end at "
                    "the subresource's edge).");
  }
  D3D10_DDI_BOX box{};
  if (pDstBox) box = ddiBox(*pDstBox);
  DdiDevice& ddi = driver();
  auto fn = (dst->bindFlags & D3D11_BIND_CONSTANT_BUFFER) ? ddi.funcs().pfnDefaultConstantBufferUpdateSubresourceUP
                                                          : ddi.funcs().pfnResourceUpdateSubresourceUP;
  fn(ddi.handle(), dst->ddiHandle(), DstSubresource, pDstBox ? &box : nullptr, pSrcData, SrcRowPitch, SrcDepthPitch,
     CopyFlags & 3u);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::ResolveSubresource(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                ID3D11Resource* pSrcResource, UINT SrcSubresource,
                                                                DXGI_FORMAT Format) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::ResolveSubresource";
  D3D11ResourceBase* dst = resourceBase(pDstResource);
  D3D11ResourceBase* src = resourceBase(pSrcResource);
  auto reject = [&](D3D11_MESSAGE_ID id, const char* name, const char* text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text);
  };
  if (!dst || &dst->owner() != &device_ || dst->isBuffer() || dst->sampleDesc.Count != 1 ||
      dst->usage != D3D11_USAGE_DEFAULT)
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_DESTINATION_INVALID,
                  "DEVICE_RESOLVESUBRESOURCE_DESTINATION_INVALID",
                  "The destination must be a single-sampled D3D11_USAGE_DEFAULT texture of this device.");
  if (DstSubresource >= dst->subresourceCount())
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_DESTINATION_SUBRESOURCE_INVALID,
                  "DEVICE_RESOLVESUBRESOURCE_DESTINATION_SUBRESOURCE_INVALID", "DstSubresource is out of range.");
  if (!src || &src->owner() != &device_ || src->isBuffer() || src->sampleDesc.Count <= 1)
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_SOURCE_INVALID, "DEVICE_RESOLVESUBRESOURCE_SOURCE_INVALID",
                  "The source must be a multisampled texture of this device.");
  if (SrcSubresource >= src->subresourceCount())
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_SOURCE_SUBRESOURCE_INVALID,
                  "DEVICE_RESOLVESUBRESOURCE_SOURCE_SUBRESOURCE_INVALID", "SrcSubresource is out of range.");
  // Format is typed, and each resource's format is Format itself or Format's
  // typeless group (translate/state/copy_rules.h), whose texels are resolved as Format.
  const FormatFacts facts = formatFacts(Format);
  auto fits = [&](DXGI_FORMAT resource) { return resource == Format || state::copyGroup(Format) == resource; };
  if (!facts.recognized || facts.typeless || !fits(src->format) || !fits(dst->format))
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_FORMAT_INVALID, "DEVICE_RESOLVESUBRESOURCE_FORMAT_INVALID",
                  ("Format (" + std::to_string(int(Format)) + ") must be a typed format that both the source (" +
                   std::to_string(int(src->format)) + ") and the destination (" + std::to_string(int(dst->format)) +
                   ") are, or a member of their typeless family.")
                      .c_str());
  UINT support = 0;
  if (FAILED(device_.CheckFormatSupport(Format, &support)) || !(support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE))
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_FORMAT_INVALID, "DEVICE_RESOLVESUBRESOURCE_FORMAT_INVALID",
                  ("Format (" + std::to_string(int(Format)) +
                   ") does not support D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE (integer and depth formats never do).")
                      .c_str());
  if (src->dimension != dst->dimension || src->mipWidth(SrcSubresource) != dst->mipWidth(DstSubresource) ||
      src->mipHeight(SrcSubresource) != dst->mipHeight(DstSubresource))
    return reject(D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_DESTINATION_INVALID,
                  "DEVICE_RESOLVESUBRESOURCE_DESTINATION_INVALID",
                  "The source and destination subresources differ in resource type or size.");
  DdiDevice& ddi = driver();
  ddi.funcs().pfnResourceResolveSubresource(ddi.handle(), dst->ddiHandle(), DstSubresource, src->ddiHandle(),
                                            SrcSubresource, Format);
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::Map(ID3D11Resource* pResource, UINT Subresource, D3D11_MAP MapType,
                                                    UINT MapFlags, D3D11_MAPPED_SUBRESOURCE* pMappedResource) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::Map";
  if (pMappedResource) *pMappedResource = {};
  if (device_.removed()) return driver().removedReason();
  D3D11ResourceBase* r = resourceBase(pResource);
  auto reject = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text);
    return E_INVALIDARG;
  };
  if (!r || &r->owner() != &device_ || !pMappedResource) return E_INVALIDARG;
  if (Subresource >= r->subresourceCount())
    return reject(D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDSUBRESOURCE, "RESOURCE_MAP_INVALIDSUBRESOURCE",
                  "Subresource " + std::to_string(Subresource) + " is out of range.");
  if (MapFlags & ~UINT(D3D11_MAP_FLAG_DO_NOT_WAIT))
    return reject(D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDFLAGS, "RESOURCE_MAP_INVALIDFLAGS",
                  "MapFlags may only contain D3D11_MAP_FLAG_DO_NOT_WAIT.");
  bool valid = false;
  switch (r->usage) {
    case D3D11_USAGE_DYNAMIC:
      valid = MapType == D3D11_MAP_WRITE_DISCARD || (MapType == D3D11_MAP_WRITE_NO_OVERWRITE && r->isBuffer());
      break;
    case D3D11_USAGE_STAGING: {
      const bool read = r->cpuAccessFlags & D3D11_CPU_ACCESS_READ, write = r->cpuAccessFlags & D3D11_CPU_ACCESS_WRITE;
      valid = (MapType == D3D11_MAP_READ && read) || (MapType == D3D11_MAP_WRITE && write) ||
              (MapType == D3D11_MAP_READ_WRITE && read && write);
      break;
    }
    default: break;
  }
  if (!valid)
    return reject(D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDMAPTYPE, "RESOURCE_MAP_INVALIDMAPTYPE",
                  "MapType " + std::to_string(int(MapType)) +
                      " is not allowed for this resource (DYNAMIC: WRITE_DISCARD, and WRITE_NO_OVERWRITE for buffers; "
                      "STAGING: READ/WRITE/READ_WRITE matching its CPUAccessFlags; DEFAULT and IMMUTABLE: none).");
  if (r->mapped[Subresource])
    return reject(D3D11_MESSAGE_ID_RESOURCE_MAP_ALREADYMAPPED, "RESOURCE_MAP_ALREADYMAPPED",
                  "Subresource " + std::to_string(Subresource) + " is already mapped.");

  DdiDevice& ddi = driver();
  const D3DWDDM2_0DDI_DEVICEFUNCS& f = ddi.funcs();
  PFND3D10DDI_RESOURCEMAP map = f.pfnResourceMap;
  const bool discard = MapType == D3D11_MAP_WRITE_DISCARD;
  if (r->usage == D3D11_USAGE_STAGING) {
    map = f.pfnStagingResourceMap;
  } else if (r->isBuffer() && !(r->bindFlags & ~UINT(D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER))) {
    map = discard ? f.pfnDynamicIABufferMapDiscard : f.pfnDynamicIABufferMapNoOverwrite;
  } else if (r->isBuffer() && r->bindFlags == D3D11_BIND_CONSTANT_BUFFER) {
    map = discard ? f.pfnDynamicConstantBufferMapDiscard : f.pfnDynamicConstantBufferMapNoOverwrite;
  } else if (discard) {
    map = f.pfnDynamicResourceMapDiscard;
  }
  D3D10DDI_MAPPED_SUBRESOURCE mapped{};
  const UINT flags = (MapFlags & D3D11_MAP_FLAG_DO_NOT_WAIT) ? D3D10_DDI_MAP_FLAG_DONOTWAIT : 0;
  DdiErrorScope errors;
  map(ddi.handle(), r->ddiHandle(), Subresource, D3D10_DDI_MAP(MapType), flags, &mapped);
  const HRESULT hr = errors.first();
  if (hr == DXGI_DDI_ERR_WASSTILLDRAWING) return DXGI_ERROR_WAS_STILL_DRAWING;
  if (FAILED(hr)) {
    if (hr == E_OUTOFMEMORY)
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_RESOURCE_MAP_OUTOFMEMORY_RETURN, "RESOURCE_MAP_OUTOFMEMORY_RETURN",
                           kFunction, "Returning E_OUTOFMEMORY, meaning memory was exhausted.");
    return hr;
  }
  if (!mapped.pData) return E_FAIL;  // a driver that reported nothing and returned nothing
  r->mapped[Subresource] = true;
  pMappedResource->pData = mapped.pData;
  pMappedResource->RowPitch = mapped.RowPitch;
  pMappedResource->DepthPitch = mapped.DepthPitch;
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ImmediateContext::Unmap(ID3D11Resource* pResource, UINT Subresource) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::Unmap";
  D3D11ResourceBase* r = resourceBase(pResource);
  if (!r || &r->owner() != &device_) return;
  if (Subresource >= r->subresourceCount()) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_RESOURCE_UNMAP_INVALIDSUBRESOURCE, "RESOURCE_UNMAP_INVALIDSUBRESOURCE",
                         kFunction, "Subresource " + std::to_string(Subresource) + " is out of range.");
    return;
  }
  if (!r->mapped[Subresource]) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, "RESOURCE_UNMAP_NOTMAPPED", kFunction,
                         "Subresource " + std::to_string(Subresource) + " is not mapped.");
    return;
  }
  DdiDevice& ddi = driver();
  const D3DWDDM2_0DDI_DEVICEFUNCS& f = ddi.funcs();
  PFND3D10DDI_RESOURCEUNMAP unmap = f.pfnResourceUnmap;
  if (r->usage == D3D11_USAGE_STAGING)
    unmap = f.pfnStagingResourceUnmap;
  else if (r->isBuffer() && !(r->bindFlags & ~UINT(D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER)))
    unmap = f.pfnDynamicIABufferUnmap;
  else if (r->isBuffer() && r->bindFlags == D3D11_BIND_CONSTANT_BUFFER)
    unmap = f.pfnDynamicConstantBufferUnmap;
  else
    unmap = f.pfnDynamicResourceUnmap;
  unmap(ddi.handle(), r->ddiHandle(), Subresource);
  r->mapped[Subresource] = false;
} D3DVK_CATCH_VOID

UINT D3D11ImmediateContext::uavSlotCount() const {
  const D3D_FEATURE_LEVEL level = featureLevel_;
  return level >= D3D_FEATURE_LEVEL_11_1   ? D3D11_1_UAV_SLOT_COUNT
         : level >= D3D_FEATURE_LEVEL_11_0 ? D3D11_PS_CS_UAV_REGISTER_COUNT
                                           : 0;  // 10_x: no UAVs in the graphics stages
}

UINT D3D11ImmediateContext::computeUavSlotCount() const {
  const D3D_FEATURE_LEVEL level = featureLevel_;
  if (level >= D3D_FEATURE_LEVEL_11_0) return uavSlotCount();
  return featureLevelLimits(level).computeShaders ? 1 : 0;  // cs_4_x: one UAV (D3D11_CS_4_X_UAV_REGISTER_COUNT)
}

UINT D3D11ImmediateContext::renderTargetSlotCount() const {
  return featureLevelLimits(featureLevel_).renderTargets;
}

void D3D11ImmediateContext::setOutputMerger(bool setTargets, UINT numRTVs, D3D11RenderTargetView* const* rtvs,
                                            D3D11DepthStencilView* dsv, D3D11UnorderedAccessView* const* uavs,
                                            const char* function, const UINT* initialCounts) {
  constexpr UINT kRtSlots = D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT;
  D3D11RenderTargetView* nextRt[kRtSlots] = {};
  D3D11DepthStencilView* nextDsv = depthStencil_;
  UINT nextRtCount = renderTargetCount_;
  if (setTargets) {
    for (UINT i = 0; i < numRTVs; ++i) nextRt[i] = rtvs[i];
    nextDsv = dsv;
    nextRtCount = numRTVs;
  } else {
    std::copy(std::begin(renderTargets_), std::end(renderTargets_), nextRt);
  }
  // References first, so rebinding an object to its own slot cannot free it.
  for (D3D11RenderTargetView* v : nextRt)
    if (v) v->addPrivateRef();
  if (nextDsv) nextDsv->addPrivateRef();
  for (UINT i = 0; i < D3D11_1_UAV_SLOT_COUNT; ++i)
    if (uavs[i]) uavs[i]->addPrivateRef();

  // D3D11's hazard rule: whatever is bound for output leaves the shader-resource slots.
  for (D3D11RenderTargetView* v : nextRt)
    if (v) unbindInputsOf(&v->resource(), function);
  if (nextDsv) unbindInputsOf(&nextDsv->resource(), function, OutputBinding::OutputMerger, nextDsv);
  for (UINT i = 0; i < D3D11_1_UAV_SLOT_COUNT; ++i)
    if (uavs[i]) unbindInputsOf(&uavs[i]->resource(), function);

  D3D10DDI_HRENDERTARGETVIEW rtHandles[kRtSlots] = {};
  for (UINT i = 0; i < nextRtCount; ++i) rtHandles[i] = nextRt[i] ? nextRt[i]->ddiHandle() : D3D10DDI_HRENDERTARGETVIEW{};
  const UINT clearSlots = renderTargetCount_ > nextRtCount ? renderTargetCount_ - nextRtCount : 0;
  // UAVs go to the driver as slots [nextRtCount, uavSlotCount()); the updated
  // range is every UAV slot, so slots below the render targets are emptied too.
  // Without any UAV before or after, the call names none (the common case).
  bool anyUav = false;
  for (UINT i = 0; i < D3D11_1_UAV_SLOT_COUNT; ++i) anyUav = anyUav || uavs[i] || unorderedAccessViews_[i];
  const UINT uavSlots = uavSlotCount();
  const UINT uavStart = std::min(nextRtCount, uavSlots);
  D3D11DDI_HUNORDEREDACCESSVIEW uavHandles[D3D11_1_UAV_SLOT_COUNT] = {};
  for (UINT i = uavStart; i < uavSlots; ++i)
    uavHandles[i - uavStart] = uavs[i] ? uavs[i]->ddiHandle() : D3D11DDI_HUNORDEREDACCESSVIEW{};
  // The hidden counters of append/counter views: UINT(-1) keeps them, other values set them.
  UINT counts[D3D11_1_UAV_SLOT_COUNT];
  for (UINT i = uavStart; i < uavSlots; ++i) counts[i - uavStart] = initialCounts ? initialCounts[i] : UINT(-1);
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetRenderTargets(ddi.handle(), rtHandles, nextRtCount, clearSlots,
                                  nextDsv ? nextDsv->ddiHandle() : D3D10DDI_HDEPTHSTENCILVIEW{},
                                  anyUav ? uavHandles : nullptr, anyUav ? counts : nullptr, uavStart,
                                  anyUav ? uavSlots - uavStart : 0, anyUav ? 0 : uavStart, anyUav ? uavSlots : 0);

  for (UINT i = 0; i < kRtSlots; ++i) {
    D3D11RenderTargetView* previous = renderTargets_[i];
    renderTargets_[i] = nextRt[i];
    if (previous) previous->releasePrivateRef();
  }
  renderTargetCount_ = nextRtCount;
  D3D11DepthStencilView* previousDsv = depthStencil_;
  depthStencil_ = nextDsv;
  if (previousDsv) previousDsv->releasePrivateRef();
  uavSlotsInUse_ = 0;
  for (UINT i = 0; i < D3D11_1_UAV_SLOT_COUNT; ++i) {
    D3D11UnorderedAccessView* previous = unorderedAccessViews_[i];
    unorderedAccessViews_[i] = uavs[i];
    if (uavs[i]) uavSlotsInUse_ = i + 1;
    if (previous) previous->releasePrivateRef();
  }
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetRenderTargets(UINT NumViews,
                                                                ID3D11RenderTargetView* const* ppRenderTargetViews,
                                                                ID3D11DepthStencilView* pDepthStencilView) try {
  const auto contextEntryLock = lockEntry();
  if (NumViews > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT || (NumViews && !ppRenderTargetViews)) return;
  if (NumViews > renderTargetSlotCount()) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_CORRUPTION,
                         D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1",
                         "ID3D11DeviceContext::OMSetRenderTargets",
                         "NumViews (" + std::to_string(NumViews) + ") is more than the " +
                             std::to_string(renderTargetSlotCount()) + " simultaneous render targets of feature level " +
                             featureLevelName(featureLevel_) + "; the call is ignored.");
    return;
  }
  D3D11RenderTargetView* next[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  for (UINT i = 0; i < NumViews; ++i) next[i] = rtvFrom(ppRenderTargetViews[i]);
  if (!levelAllowsRenderTargets(NumViews, next, "ID3D11DeviceContext::OMSetRenderTargets")) return;
  // UAVs stay, except in the slots the render targets now take.
  D3D11UnorderedAccessView* uavs[D3D11_1_UAV_SLOT_COUNT];
  std::copy(std::begin(unorderedAccessViews_), std::end(unorderedAccessViews_), uavs);
  for (UINT i = 0; i < NumViews; ++i) uavs[i] = nullptr;
  setOutputMerger(true, NumViews, next, dsvFrom(pDepthStencilView), uavs, "ID3D11DeviceContext::OMSetRenderTargets");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetRenderTargetsAndUnorderedAccessViews(
    UINT NumRTVs, ID3D11RenderTargetView* const* ppRenderTargetViews, ID3D11DepthStencilView* pDepthStencilView,
    UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView* const* ppUnorderedAccessViews,
    const UINT* pUAVInitialCounts) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::OMSetRenderTargetsAndUnorderedAccessViews";
  const bool setTargets = NumRTVs != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL;
  const bool setUavs = NumUAVs != D3D11_KEEP_UNORDERED_ACCESS_VIEWS;
  const UINT uavSlots = uavSlotCount();
  auto reject = [&](const std::string& text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_CORRUPTION,
                         D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1", kFunction,
                         text + "; the call is ignored.");
  };
  if (setTargets && (NumRTVs > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT || (NumRTVs && !ppRenderTargetViews)))
    return reject("NumRTVs (" + std::to_string(NumRTVs) + ") must be at most 8, with ppRenderTargetViews for them");
  if (setTargets && NumRTVs > renderTargetSlotCount())
    return reject("NumRTVs (" + std::to_string(NumRTVs) + ") is more than the " +
                  std::to_string(renderTargetSlotCount()) + " simultaneous render targets of feature level " +
                  featureLevelName(featureLevel_));
  const UINT rtCount = setTargets ? NumRTVs : renderTargetCount_;
  // (No UAVs at all: the start slot names nothing. Feature levels 10_x and 9_x have no
  // UAV slots in the graphics stages, and take only that.)
  if (setUavs && NumUAVs &&
      (UAVStartSlot >= uavSlots || NumUAVs > uavSlots - UAVStartSlot || UAVStartSlot < rtCount ||
       !ppUnorderedAccessViews))
    return reject("UAVStartSlot (" + std::to_string(UAVStartSlot) + ") + NumUAVs (" + std::to_string(NumUAVs) +
                  ") must lie within the " + std::to_string(uavSlots) +
                  " UAV slots of this feature level, starting at or after the " + std::to_string(rtCount) +
                  " render targets");
  D3D11RenderTargetView* rtvs[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  if (setTargets)
    for (UINT i = 0; i < NumRTVs; ++i) rtvs[i] = rtvFrom(ppRenderTargetViews[i]);
  if (setTargets && !levelAllowsRenderTargets(NumRTVs, rtvs, kFunction)) return;
  D3D11UnorderedAccessView* uavs[D3D11_1_UAV_SLOT_COUNT] = {};
  if (setUavs) {
    for (UINT i = 0; i < NumUAVs; ++i) uavs[UAVStartSlot + i] = static_cast<D3D11UnorderedAccessView*>(ppUnorderedAccessViews[i]);
  } else {
    std::copy(std::begin(unorderedAccessViews_), std::end(unorderedAccessViews_), uavs);
    for (UINT i = 0; i < rtCount; ++i) {
      if (uavs[i])
        device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                             D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_OVERLAPPING_OLD_SLOTS,
                             "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_OVERLAPPING_OLD_SLOTS", kFunction,
                             "UAV slot " + std::to_string(i) + " is now a render-target slot; that UAV is unbound.");
      uavs[i] = nullptr;
    }
  }
  // One resource cannot be both a render target / depth-stencil and a UAV, nor two UAVs.
  for (UINT i = 0; i < uavSlots; ++i) {
    if (!uavs[i]) continue;
    const void* r = &uavs[i]->resource();
    bool clash = (setTargets ? pDepthStencilView && &dsvFrom(pDepthStencilView)->resource() == r
                             : depthStencil_ && &depthStencil_->resource() == r);
    for (UINT k = 0; k < rtCount; ++k) {
      D3D11RenderTargetView* rt = setTargets ? rtvs[k] : renderTargets_[k];
      clash = clash || (rt && &rt->resource() == r);
    }
    for (UINT k = 0; k < i; ++k) clash = clash || (uavs[k] && &uavs[k]->resource() == r);
    if (clash) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_HAZARD,
                           "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_HAZARD", kFunction,
                           "The resource of the UAV for slot " + std::to_string(i) +
                               " is also bound as another output (render target, depth-stencil or UAV); the call "
                               "is ignored.");
      return;
    }
  }
  // Initial counts apply to the views set now that have a hidden counter (append/counter buffers).
  UINT counts[D3D11_1_UAV_SLOT_COUNT];
  std::fill(std::begin(counts), std::end(counts), UINT(-1));
  if (setUavs && pUAVInitialCounts)
    for (UINT i = 0; i < NumUAVs; ++i)
      if (uavs[UAVStartSlot + i] && uavs[UAVStartSlot + i]->hasCounter()) counts[UAVStartSlot + i] = pUAVInitialCounts[i];
  setOutputMerger(setTargets, NumRTVs, rtvs, dsvFrom(pDepthStencilView), uavs, kFunction, counts);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetRenderTargetsAndUnorderedAccessViews(
    UINT NumRTVs, ID3D11RenderTargetView** ppRenderTargetViews, ID3D11DepthStencilView** ppDepthStencilView,
    UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView** ppUnorderedAccessViews) try {
  const auto contextEntryLock = lockEntry();
  if (ppRenderTargetViews || ppDepthStencilView) OMGetRenderTargets(NumRTVs, ppRenderTargetViews, ppDepthStencilView);
  if (!ppUnorderedAccessViews) return;
  for (UINT i = 0; i < NumUAVs; ++i) {
    const uint64_t slot = uint64_t(UAVStartSlot) + i;
    D3D11UnorderedAccessView* v = slot < D3D11_1_UAV_SLOT_COUNT ? unorderedAccessViews_[slot] : nullptr;
    if (v) v->AddRef();
    ppUnorderedAccessViews[i] = v;
  }
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView* pView,
                                                                          const UINT Values[4]) try {
  const auto contextEntryLock = lockEntry();
  if (!pView || !Values) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnClearUnorderedAccessViewUint(ddi.handle(), static_cast<D3D11UnorderedAccessView*>(pView)->ddiHandle(),
                                              Values);
} D3DVK_CATCH_VOID

// D3D11: FLOAT, UNORM and SNORM views only; on others the call does not reach the driver.
void STDMETHODCALLTYPE D3D11ImmediateContext::ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView* pView,
                                                                           const FLOAT Values[4]) try {
  const auto contextEntryLock = lockEntry();
  if (!pView || !Values) return;
  auto* view = static_cast<D3D11UnorderedAccessView*>(pView);
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc;
  view->GetDesc(&desc);
  // D3D11: FLOAT, UNORM and SNORM views only; raw (R32_TYPELESS) and structured (UNKNOWN) buffer views are not.
  if (formatFacts(desc.Format).integer || (desc.ViewDimension == D3D11_UAV_DIMENSION_BUFFER &&
                                           (desc.Format == DXGI_FORMAT_UNKNOWN || formatFacts(desc.Format).typeless))) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1",
                         "ID3D11DeviceContext::ClearUnorderedAccessViewFloat",
                         "The view's format " + std::to_string(int(desc.Format)) +
                             " is an integer, raw or structured view's; use ClearUnorderedAccessViewUint. The call is "
                             "ignored.");
    return;
  }
  DdiDevice& ddi = driver();
  ddi.funcs().pfnClearUnorderedAccessViewFloat(ddi.handle(), view->ddiHandle(), Values);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetRenderTargets(UINT NumViews,
                                                                ID3D11RenderTargetView** ppRenderTargetViews,
                                                                ID3D11DepthStencilView** ppDepthStencilView) try {
  const auto contextEntryLock = lockEntry();
  if (ppRenderTargetViews)
    for (UINT i = 0; i < NumViews && i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
      ppRenderTargetViews[i] = renderTargets_[i];
      if (renderTargets_[i]) renderTargets_[i]->AddRef();
    }
  if (ppDepthStencilView) {
    *ppDepthStencilView = depthStencil_;
    if (depthStencil_) depthStencil_->AddRef();
  }
} D3DVK_CATCH_VOID

// GenerateMips: the view's mips after its most detailed one, each filtered from
// the one before, for the view's slices; a view of a resource without
// D3D11_RESOURCE_MISC_GENERATE_MIPS (or a buffer view) is an error and a no-op.
void STDMETHODCALLTYPE D3D11ImmediateContext::GenerateMips(ID3D11ShaderResourceView* pShaderResourceView) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext::GenerateMips";
  auto* view = static_cast<D3D11ShaderResourceView*>(pShaderResourceView);
  auto reject = [&](const char* text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_UNKNOWN, "UNKNOWN", kFunction, text);
  };
  if (!view) return reject("pShaderResourceView is NULL.");
  D3D11ResourceBase& r = view->resource();
  if (&r.owner() != &device_) return reject("The view belongs to another device.");
  if (r.isBuffer() || !(r.miscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS))
    return reject("The view's resource was not created with D3D11_RESOURCE_MISC_GENERATE_MIPS (and "
                  "D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE); nothing is generated.");
  if (anyMapped(r)) return reject("The view's resource is mapped.");
  if (view->range().mipCount < 2) return;  // one mip: nothing below it to generate
  DdiDevice& ddi = driver();
  ddi.funcs().pfnGenMips(ddi.handle(), view->ddiHandle());
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
