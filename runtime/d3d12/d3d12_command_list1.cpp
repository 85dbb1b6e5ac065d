// runtime/d3d12/d3d12_command_list1.cpp — what ID3D12GraphicsCommandList1 and 2
// add to a command list, checked as D3D12's debug layer does (a command with
// invalid arguments is dropped and Close returns E_INVALIDARG):
// - AtomicCopyBufferUINT / UINT64: a 4- or 8-byte copy between buffers at
//   naturally aligned offsets (the dependent resources only order other
//   adapters' work: checked, nothing to do on one device);
// - WriteBufferImmediate: 32-bit values written at GPU virtual addresses, with
//   MARKER_IN / MARKER_OUT ordering (the UMD's table of d3dvk's own,
//   D3DVKDDI_COMMAND_LIST_EXT_FUNCS); also in bundles;
// - ResolveSubresourceRegion: AVERAGE, MIN and MAX over a rectangle into any
//   place of the destination subresource (a depth-stencil texture's
//   subresources per plane: both on one plane; the stencil plane and integer
//   formats take MIN and MAX only); DECOMPRESS in place is nothing to do
//   (d3dvk keeps no compressed surfaces), into another place a copy of the
//   region;
// - OMSetDepthBounds, SetSamplePositions, SetViewInstanceMask: this device
//   reports no depth-bounds test, no programmable sample positions and no
//   view instancing (CheckFeatureSupport), so they set nothing the pipeline
//   reads: bounds are checked and kept, a sample pattern or a mask other than
//   the default is reported and ignored.
#include "d3d12_command_list.h"
#include "d3d12_device.h"
#include "d3d12_resource.h"

#include "raw_enum.h"

#include <algorithm>
#include <string>
#include <vector>

namespace d3dvk::runtime {

void D3D12CommandList::unsupported(const char* method, const std::string& why) {
  message(method, D3DVK_D3D12_MESSAGE_ID(UNKNOWN), why + "; the command is dropped and Close will return E_NOTIMPL");
  if (SUCCEEDED(error_)) error_ = E_NOTIMPL;
}

void D3D12CommandList::atomicCopy(const char* method, UINT bytes, ID3D12Resource* dstBuffer, UINT64 dstOffset,
                                  ID3D12Resource* srcBuffer, UINT64 srcOffset, UINT dependencies,
                                  ID3D12Resource* const* dependentResources,
                                  const D3D12_SUBRESOURCE_RANGE_UINT64* dependentRanges) {
  if (!recording(method)) return;
  auto* dst = D3D12Resource::from(dstBuffer);
  auto* src = D3D12Resource::from(srcBuffer);
  if (!dst || !src) return invalid(method, "pDstBuffer and pSrcBuffer must be buffers");
  if (!dst->isBuffer() || !src->isBuffer()) return invalid(method, "pDstBuffer and pSrcBuffer must be buffers");
  if (dstOffset % bytes || srcOffset % bytes)
    return invalid(method, "DstOffset and SrcOffset must be multiples of " + std::to_string(bytes));
  if (dstOffset > dst->desc().Width || dst->desc().Width - dstOffset < bytes || srcOffset > src->desc().Width ||
      src->desc().Width - srcOffset < bytes)
    return invalid(method, "the " + std::to_string(bytes) + " bytes reach past the end of a buffer");
  if (dst == src && dstOffset < srcOffset + bytes && srcOffset < dstOffset + bytes)
    return invalid(method, "the source and destination bytes overlap");
  if (dependencies && (!dependentResources || !dependentRanges))
    return invalid(method, "Dependencies is " + std::to_string(dependencies) +
                               " but ppDependentResources or pDependentSubresourceRanges is null");
  for (UINT i = 0; i < dependencies; ++i) {
    auto* r = D3D12Resource::from(dependentResources[i]);
    if (!r) return invalid(method, "ppDependentResources[" + std::to_string(i) + "] is null");
    const D3D12_SUBRESOURCE_RANGE_UINT64& range = dependentRanges[i];
    if (range.Subresource >= r->subresourceCount())
      return invalid(method, "pDependentSubresourceRanges[" + std::to_string(i) + "] names no subresource");
  }
  D3D12DDIARG_BUFFER_PLACEMENT d{}, s{};
  d.BaseAddress.UMD = {dst->ddiHandle(), dstOffset};
  s.BaseAddress.UMD = {src->ddiHandle(), srcOffset};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnCopyBufferRegion(ddiHandle(), d, s, bytes); });
}

void STDMETHODCALLTYPE D3D12CommandList::AtomicCopyBufferUINT(ID3D12Resource* pDstBuffer, UINT64 DstOffset,
                                                              ID3D12Resource* pSrcBuffer, UINT64 SrcOffset,
                                                              UINT Dependencies,
                                                              ID3D12Resource* const* ppDependentResources,
                                                              const D3D12_SUBRESOURCE_RANGE_UINT64* pDependentSubresourceRanges) try {
  atomicCopy("AtomicCopyBufferUINT", 4, pDstBuffer, DstOffset, pSrcBuffer, SrcOffset, Dependencies, ppDependentResources,
             pDependentSubresourceRanges);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::AtomicCopyBufferUINT64(ID3D12Resource* pDstBuffer, UINT64 DstOffset,
                                                                ID3D12Resource* pSrcBuffer, UINT64 SrcOffset,
                                                                UINT Dependencies,
                                                                ID3D12Resource* const* ppDependentResources,
                                                                const D3D12_SUBRESOURCE_RANGE_UINT64* pDependentSubresourceRanges) try {
  atomicCopy("AtomicCopyBufferUINT64", 8, pDstBuffer, DstOffset, pSrcBuffer, SrcOffset, Dependencies,
             ppDependentResources, pDependentSubresourceRanges);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetDepthBounds(FLOAT Min, FLOAT Max) try {
  if (isBundle()) return capture("OMSetDepthBounds", [=](D3D12CommandList& l) { l.OMSetDepthBounds(Min, Max); });
  const char* method = "OMSetDepthBounds";
  if (!open_) return message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED), "the command list is closed");
  setMethod("ID3D12GraphicsCommandList1", method);
  if (!(Min >= 0.0f && Min <= Max && Max <= 1.0f))
    return invalid(method, "Min and Max must satisfy 0 <= Min <= Max <= 1 (got " + std::to_string(Min) + ", " +
                               std::to_string(Max) + ")");
  depthBounds_[0] = Min;
  depthBounds_[1] = Max;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetSamplePositions(UINT NumSamplesPerPixel, UINT NumPixels,
                                                            D3D12_SAMPLE_POSITION* pSamplePositions) try {
  const char* method = "SetSamplePositions";
  if (!open_) return message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED), "the command list is closed");
  if (NumSamplesPerPixel == 0 && NumPixels == 0) return;  // back to the standard pattern: what is in use
  device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING,
                         D3DVK_D3D12_MESSAGE_ID(UNKNOWN), "ID3D12GraphicsCommandList1::SetSamplePositions",
                         "this device reports D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED; the standard "
                         "sample pattern stays in use");
  (void)pSamplePositions;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetViewInstanceMask(UINT Mask) try {
  const char* method = "SetViewInstanceMask";
  if (!open_) return message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED), "the command list is closed");
  if (Mask == 0) return;
  device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING,
                         D3DVK_D3D12_MESSAGE_ID(UNKNOWN), "ID3D12GraphicsCommandList1::SetViewInstanceMask",
                         "this device reports D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED (no pipeline state has view "
                         "instances); the mask is ignored");
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ResolveSubresourceRegion(ID3D12Resource* pDstResource, UINT DstSubresource,
                                                                  UINT DstX, UINT DstY, ID3D12Resource* pSrcResource,
                                                                  UINT SrcSubresource, D3D12_RECT* pSrcRect,
                                                                  DXGI_FORMAT Format, D3D12_RESOLVE_MODE ResolveMode) try {
  const char* method = "ResolveSubresourceRegion";
  if (!recording(method)) return;
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT) return invalid(method, "only direct command lists resolve");
  auto* dst = D3D12Resource::from(pDstResource);
  auto* src = D3D12Resource::from(pSrcResource);
  if (!dst || !src) return invalid(method, "pDstResource or pSrcResource is null");
  const D3D12_RESOURCE_DESC &d = dst->desc(), &s = src->desc();
  if (d.Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || s.Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
    return invalid(method, "both resources must be Texture2Ds");
  if (DstSubresource >= dst->subresourceCount() || SrcSubresource >= src->subresourceCount())
    return invalid(method, "DstSubresource or SrcSubresource is out of range");
  const UINT srcMip = SrcSubresource % s.MipLevels, dstMip = DstSubresource % d.MipLevels;
  const UINT srcWidth = UINT(std::max<UINT64>(1, s.Width >> srcMip)), srcHeight = std::max(1u, s.Height >> srcMip);
  const UINT dstWidth = UINT(std::max<UINT64>(1, d.Width >> dstMip)), dstHeight = std::max(1u, d.Height >> dstMip);
  const D3D12_RECT whole{0, 0, LONG(srcWidth), LONG(srcHeight)};
  const D3D12_RECT r = pSrcRect ? *pSrcRect : whole;
  if (r.left < 0 || r.top < 0 || r.right <= r.left || r.bottom <= r.top || UINT(r.right) > srcWidth ||
      UINT(r.bottom) > srcHeight)
    return invalid(method, "pSrcRect is empty or reaches outside the source subresource");
  if (uint64_t(DstX) + UINT(r.right - r.left) > dstWidth || uint64_t(DstY) + UINT(r.bottom - r.top) > dstHeight)
    return invalid(method, "the destination region reaches outside the destination subresource");
  const int mode = rawEnum(ResolveMode);
  switch (mode) {
    case D3D12_RESOLVE_MODE_DECOMPRESS:
      if (s.SampleDesc.Count != d.SampleDesc.Count)
        return invalid(method, "D3D12_RESOLVE_MODE_DECOMPRESS needs resources of one sample count");
      // Nothing is compressed: in place it is nothing to do; elsewhere a copy
      // of the region (CopyTextureRegion's rules but for its whole-subresource
      // one: formats of one group, the sample counts equal).
      if (dst == src && DstSubresource == SrcSubresource && LONG(DstX) == r.left && LONG(DstY) == r.top) return;
      {
        D3D12_TEXTURE_COPY_LOCATION to{}, from{};
        to.pResource = pDstResource;
        to.Type = from.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        to.SubresourceIndex = DstSubresource;
        from.pResource = pSrcResource;
        from.SubresourceIndex = SrcSubresource;
        const D3D12_BOX box{UINT(r.left), UINT(r.top), 0, UINT(r.right), UINT(r.bottom), 1};
        return copyTextureRegion(method, &to, DstX, DstY, 0, &from, &box, true);
      }
    case D3D12_RESOLVE_MODE_MIN:
    case D3D12_RESOLVE_MODE_MAX:
    case D3D12_RESOLVE_MODE_AVERAGE:
      break;
    default:
      return invalid(method, "ResolveMode " + std::to_string(mode) +
                                 " is not a resolve mode this device has (no sampler feedback)");
  }
  if (s.SampleDesc.Count < 2 || d.SampleDesc.Count != 1)
    return invalid(method, "MIN, MAX and AVERAGE resolve a multisampled source into a single-sampled destination");
  if (!resolveFormatValid(method, Format, s.Format, d.Format)) return;
  // A depth-stencil texture's subresources count plane 0 (depth), then plane 1 (stencil).
  const UINT srcPlane = SrcSubresource / (UINT(s.MipLevels) * s.DepthOrArraySize);
  const UINT dstPlane = DstSubresource / (UINT(d.MipLevels) * d.DepthOrArraySize);
  if (srcPlane != dstPlane) return invalid(method, "SrcSubresource and DstSubresource are of different planes");
  if (mode == D3D12_RESOLVE_MODE_AVERAGE && srcPlane == 1)
    return invalid(method, "D3D12_RESOLVE_MODE_AVERAGE cannot resolve the stencil plane (MIN and MAX can)");
  const auto& ext = device()->ddi().listExt();
  if (!ext.pfnResolveSubresourceRegion) return unsupported(method, "the driver has no ResolveSubresourceRegion");
  const D3D12DDI_RECT rect{r.left, r.top, r.right, r.bottom};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003&) {
    ext.pfnResolveSubresourceRegion(ddiHandle(), dst->ddiHandle(), DstSubresource, DstX, DstY, src->ddiHandle(),
                                    SrcSubresource, &rect, Format, UINT(mode));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::WriteBufferImmediate(UINT Count,
                                                              const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER* pParams,
                                                              const D3D12_WRITEBUFFERIMMEDIATE_MODE* pModes) try {
  const char* method = "WriteBufferImmediate";
  if (!open_) return message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED), "the command list is closed");
  setMethod("ID3D12GraphicsCommandList2", method);
  if (Count == 0) return;
  if (!pParams) return invalid(method, "pParams is null");
  // Checked here, bundles too (a bad call fails the bundle's Close), and kept as the DDI's writes.
  std::vector<D3DVKDDI_WRITEBUFFERIMMEDIATE> writes(Count);
  for (UINT i = 0; i < Count; ++i) {
    const int mode = pModes ? rawEnum(pModes[i]) : 0;
    if (mode < D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT || mode > D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_OUT)
      return invalid(method, "pModes[" + std::to_string(i) + "] is not a D3D12_WRITEBUFFERIMMEDIATE_MODE");
    if (!pParams[i].Dest || pParams[i].Dest % 4)
      return invalid(method, "pParams[" + std::to_string(i) + "].Dest must be a non-zero multiple of 4");
    writes[i] = {pParams[i].Dest, pParams[i].Value, UINT(mode)};
  }
  if (isBundle()) return capture(method, [writes](D3D12CommandList& l) { l.writeBufferImmediate(writes); });
  writeBufferImmediate(writes);
} D3DVK_CATCH_VOID

void D3D12CommandList::writeBufferImmediate(const std::vector<D3DVKDDI_WRITEBUFFERIMMEDIATE>& writes) {
  const char* method = "WriteBufferImmediate";
  if (!recording(method)) return;
  const auto& ext = device()->ddi().listExt();
  if (!ext.pfnWriteBufferImmediate) return unsupported(method, "the driver has no WriteBufferImmediate");
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003&) {
    ext.pfnWriteBufferImmediate(ddiHandle(), UINT(writes.size()), writes.data());
  });
}

}  // namespace d3dvk::runtime
