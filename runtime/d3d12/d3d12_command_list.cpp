// runtime/d3d12/d3d12_command_list.cpp — see d3d12_command_list.h.
#include "d3d12_command_list.h"

#include "d3d12_command_allocator.h"
#include "d3d12_command_queue.h"
#include "d3d12_descriptor_heap.h"
#include "d3d12_footprints.h"
#include "d3d12_resource.h"
#include "copy_rules.h"
#include "d3dvk_checked_math.h"
#include "raw_enum.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <vector>

namespace d3dvk::runtime {

namespace {
std::string prefixed(const char* method) { return std::string("ID3D12GraphicsCommandList::") + method; }
}  // namespace

HRESULT D3D12CommandList::create(D3D12Device* device, D3D12_COMMAND_LIST_TYPE type, D3D12CommandAllocator* allocator,
                                 ID3D12PipelineState* initialState, D3D12CommandList** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommandList";
  const bool bundle = type == D3D12_COMMAND_LIST_TYPE_BUNDLE;
  UINT flags = ddiQueueFlags(type);
  if (!flags && !bundle) {
    d3d12Error(method, "type must be DIRECT, BUNDLE, COMPUTE or COPY");
    return E_INVALIDARG;
  }
  if (!allocator) {
    d3d12Error(method, "pCommandAllocator is null");
    return E_INVALIDARG;
  }
  if (allocator->type() != type) {
    d3d12Error(method, "the allocator was created for another command list type");
    return E_INVALIDARG;
  }
  std::unique_ptr<D3D12CommandList> self(new D3D12CommandList(device));
  if (!allocator->claim(self.get())) {
    d3d12Error(method, "another command list is recording with this allocator (Close it first)");
    return E_INVALIDARG;
  }
  self->type_ = type;
  self->allocator_ = allocator;
  allocator->AddRef();
  if (bundle) {  // recorded by the runtime, replayed by ExecuteBundle (d3d12_bundle.cpp)
    self->open_ = true;
    self->allocatorEpoch_ = allocator->epoch();
    if (initialState) self->SetPipelineState(initialState);
    *out = self.release();
    return S_OK;
  }
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATE_COMMAND_LIST_0001 args{};
  args.hRTCommandList.handle = self.get();
  args.hDrvCommandAllocator = allocator->ddiHandle();
  args.Type = D3D12DDI_COMMAND_LIST_TYPE_DIRECT;
  args.QueueFlags = flags;
  args.NodeMask = 1;
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateCommandListSize(ddi.handle(), &args));
  args.hDrvCommandList = self->ddiHandle();
  HRESULT hr = ddi.core().pfnCreateCommandList(ddi.handle(), &args);
  if (FAILED(hr)) return hr;  // the destructor releases the allocator
  self->created_ = true;
  self->open_ = true;
  self->allocatorEpoch_ = allocator->epoch();
  if (initialState) self->SetPipelineState(initialState);
  *out = self.release();
  return S_OK;
}

D3D12CommandList::~D3D12CommandList() {
  if (created_) device()->ddi().core().pfnDestroyCommandList(device()->ddi().handle(), ddiHandle());
  releaseHeldHeaps();
  if (allocator_) {
    allocator_->release(this);
    allocator_->Release();
  }
}

bool D3D12CommandList::commandsReleased() const { return allocator_->epoch() != allocatorEpoch_; }

bool D3D12CommandList::recording(const char* method) {
  setMethod("ID3D12GraphicsCommandList", method);
  if (open_ && isBundle()) {
    invalid(method, D3DVK_D3D12_MESSAGE_ID(INVALID_BUNDLE_API), std::string("bundles cannot call ") + method);
    return false;
  }
  if (open_) return true;
  message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED),
          "the command list is closed (call Reset first); the call is ignored");
  return false;
}

void D3D12CommandList::message(const char* method, D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
  const std::string function = prefixed(method);
  device()->debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, function.c_str(), text);
  d3d12Error(function.c_str(), text);
}

void D3D12CommandList::invalid(const char* method, const std::string& why) {
  invalid(method, D3DVK_D3D12_MESSAGE_ID(UNKNOWN), why);
}

void D3D12CommandList::invalid(const char* method, D3D12_MESSAGE_ID id, const char* idName, const std::string& why) {
  message(method, id, idName, why + "; the command is dropped and Close will return E_INVALIDARG");
  if (SUCCEEDED(error_)) error_ = E_INVALIDARG;
}

void D3D12CommandList::resetTracking() {
  pipelineState_ = nullptr;
  graphicsRootSignature_ = computeRootSignature_ = nullptr;
  resourceStates_.clear();
  releaseHeldHeaps();
  bundleCalls_.clear();
}

void D3D12CommandList::releaseHeldHeaps() {
  boundHeaps_[0] = boundHeaps_[1] = {};
  for (D3D12DescriptorHeap* heap : heldHeaps_) heap->Release();
  heldHeaps_.clear();
}

D3D12_COMMAND_LIST_TYPE STDMETHODCALLTYPE D3D12CommandList::GetType() try { return type_; } D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12CommandList::Close() try {
  if (!open_) {
    message("Close", D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED), "the command list is already closed");
    return E_FAIL;
  }
  setMethod("ID3D12GraphicsCommandList", "Close");
  DdiErrorScope12 scope(methodName_, methodInterface_);
  if (!isBundle()) device()->ddi().list().pfnCloseCommandList(ddiHandle());
  open_ = false;
  allocator_->release(this);
  closeResult_ = FAILED(error_) ? error_ : scope.first();
  return closeResult_;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12CommandList::Reset(ID3D12CommandAllocator* pAllocator, ID3D12PipelineState* pInitialState) try {
  const char* method = "Reset";
  if (open_) {
    message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_OPEN), "the command list is still recording (call Close first)");
    return E_FAIL;
  }
  auto* allocator = D3D12CommandAllocator::from(pAllocator);
  if (!allocator) {
    message(method, D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER1), "pAllocator is null");
    return E_INVALIDARG;
  }
  if (allocator->type() != type_) {
    message(method, D3DVK_D3D12_MESSAGE_ID(WRONG_COMMAND_ALLOCATOR_TYPE),
            "the allocator was created for another command list type");
    return E_INVALIDARG;
  }
  if (!allocator->claim(this)) {
    message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_ALLOCATOR_CONTENTION),
            "another command list is recording with this allocator (Close it first)");
    return E_INVALIDARG;
  }
  D3D12DDIARG_RESETCOMMANDLIST args{};
  args.hDrvCommandAllocator = allocator->ddiHandle();
  setMethod("ID3D12GraphicsCommandList", method);
  DdiErrorScope12 scope(methodName_, methodInterface_);
  if (!isBundle()) device()->ddi().list().pfnResetCommandList(ddiHandle(), &args);
  if (FAILED(scope.first())) {
    allocator->release(this);
    return scope.first();
  }
  allocator->AddRef();
  allocator_->Release();
  allocator_ = allocator;
  allocatorEpoch_ = allocator->epoch();
  open_ = true;
  error_ = S_OK;
  resetTracking();
  if (pInitialState) SetPipelineState(pInitialState);
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D12CommandList::ClearState(ID3D12PipelineState*) try {
  // D3D12: ClearState on a bundle is invalid and makes Close return E_FAIL.
  if (isBundle() && open_) {
    message("ClearState", D3DVK_D3D12_MESSAGE_ID(INVALID_BUNDLE_API),
            "bundles cannot call ClearState; the call is dropped and Close will return E_FAIL");
    if (SUCCEEDED(error_)) error_ = E_FAIL;
  }
  // No other pipeline state is tracked yet: nothing to reset.
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::CopyBufferRegion(ID3D12Resource* pDstBuffer, UINT64 DstOffset,
                                                          ID3D12Resource* pSrcBuffer, UINT64 SrcOffset, UINT64 NumBytes) try {
  const char* method = "CopyBufferRegion";
  if (!recording(method)) return;
  auto* dst = D3D12Resource::from(pDstBuffer);
  auto* src = D3D12Resource::from(pSrcBuffer);
  if (!dst) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_NULLDST), "pDstBuffer is null");
  if (!src) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_NULLSRC), "pSrcBuffer is null");
  if (!dst->isBuffer())
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_INVALIDDSTRESOURCEDIMENSION), "pDstBuffer is not a buffer");
  if (!src->isBuffer())
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION), "pSrcBuffer is not a buffer");
  if (!fitsWithin(DstOffset, NumBytes, dst->desc().Width))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS),
                   "the destination range ends past the destination buffer");
  if (!fitsWithin(SrcOffset, NumBytes, src->desc().Width))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS),
                   "the source range ends past the source buffer");
  if (dst == src && DstOffset < SrcOffset + NumBytes && SrcOffset < DstOffset + NumBytes)
    return invalid(method, "the source and destination ranges overlap");
  D3D12DDIARG_BUFFER_PLACEMENT d{}, s{};
  d.BaseAddress.UMD = {dst->ddiHandle(), DstOffset};
  s.BaseAddress.UMD = {src->ddiHandle(), SrcOffset};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnCopyBufferRegion(ddiHandle(), d, s, NumBytes); });
} D3DVK_CATCH_VOID

namespace {

// One side of a CopyTextureRegion in DDI terms, with the size of what it
// names in texels (the subresource's mip, or the footprint).
struct DdiLocation {
  D3D12DDIARG_BUFFER_PLACEMENT placement{};
  D3D12DDIARG_PLACED_RESOURCE layout{};
  D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT pitched{};
  UINT64 width = 0, height = 0, depth = 0;
  // What the location's data is for copies: a subresource's plane group
  // (state::copyPlaneGroup; the resource's own format for one-plane colour
  // resources), or the footprint's format; and texels per block side.
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  UINT block = 1;
  UINT samples = 1;
  UINT plane = 0;  // a subresource's plane slice
  // A subresource of a depth-stencil (ALLOW_DEPTH_STENCIL or a depth format)
  // or multisampled texture: D3D12 copies it whole, at offset 0.
  bool wholeOnly = false;
};

// The depth-stencil formats and groups, whose subresources copy one plane's data.
bool planarForCopies(DXGI_FORMAT f) {
  const DXGI_FORMAT group = state::copyGroup(f);
  return state::isDepthStencilFormat(f) || group == DXGI_FORMAT_R24G8_TYPELESS || group == DXGI_FORMAT_R32G8X24_TYPELESS;
}

bool toDdi(const D3D12_TEXTURE_COPY_LOCATION& loc, DdiLocation* out, std::string* why) {
  auto* r = D3D12Resource::from(loc.pResource);
  if (!r) return *why = "pResource is null", false;
  out->placement.BaseAddress.UMD.hResource = r->ddiHandle();
  if (loc.Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX) {
    if (r->isBuffer()) return *why = "a SUBRESOURCE_INDEX location names a buffer", false;
    if (loc.SubresourceIndex >= r->subresourceCount())
      return *why = "subresource " + std::to_string(loc.SubresourceIndex) + " is out of range", false;
    out->placement.BaseAddress.UMD.Offset = loc.SubresourceIndex;
    out->layout = {D3D12DDI_RL_SELECT_SUBRESOURCE, nullptr};
    const D3D12_RESOURCE_DESC& d = r->desc();
    const UINT mip = loc.SubresourceIndex % std::max<UINT>(d.MipLevels, 1);
    const UINT perPlane = std::max<UINT>(d.MipLevels, 1) *
                          (d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : std::max<UINT>(d.DepthOrArraySize, 1));
    out->plane = loc.SubresourceIndex / perPlane;
    out->format = planarForCopies(d.Format) ? state::copyPlaneGroup(d.Format, out->plane) : d.Format;
    out->block = state::copyBlockDim(d.Format);
    out->samples = std::max<UINT>(d.SampleDesc.Count, 1);
    out->wholeOnly = (d.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) || planarForCopies(d.Format) ||
                     state::isDepthStencilFormat(d.Format) || out->samples > 1;
    out->width = std::max<UINT64>(d.Width >> mip, 1);
    out->height = d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? 1 : std::max<UINT64>(d.Height >> mip, 1);
    out->depth = d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? std::max<UINT64>(UINT64(d.DepthOrArraySize) >> mip, 1) : 1;
    // A block-compressed mip copies in whole blocks (a 2x2 mip is one 4x4 block, as its footprint says).
    FormatBlock block{};
    if (formatBlock(d.Format, 0, &block) && block.width > 1) {
      out->width = (out->width + block.width - 1) / block.width * block.width;
      out->height = (out->height + block.height - 1) / block.height * block.height;
    }
    return true;
  }
  if (loc.Type != D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT) return *why = "Type is not a D3D12_TEXTURE_COPY_TYPE", false;
  if (!r->isBuffer()) return *why = "a PLACED_FOOTPRINT location names a texture", false;
  const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& fp = loc.PlacedFootprint;
  if (fp.Offset % D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT)
    return *why = "the footprint's Offset is not a multiple of 512", false;
  if (fp.Footprint.RowPitch % D3D12_TEXTURE_DATA_PITCH_ALIGNMENT)
    return *why = "the footprint's RowPitch is not a multiple of 256", false;
  FormatBlock block;
  if (!formatBlock(fp.Footprint.Format, 0, &block)) return *why = "the footprint's Format is not supported", false;
  if (!fp.Footprint.Width || !fp.Footprint.Height || !fp.Footprint.Depth) return *why = "the footprint is empty", false;
  const UINT64 blocksW = (UINT64(fp.Footprint.Width) + block.width - 1) / block.width;
  const UINT64 rows = (UINT64(fp.Footprint.Height) + block.height - 1) / block.height;
  if (blocksW * block.bytes > fp.Footprint.RowPitch) return *why = "the footprint's RowPitch is smaller than a row", false;
  // Offset + RowPitch·(rows·Depth − 1) + the last row's bytes, none of it wrapping.
  UINT64 lastRow = 0, span = 0, slicePitch = 0;
  if (!checkedMul<UINT64>(rows, fp.Footprint.Depth, &lastRow) ||
      !checkedMulAdd<UINT64>(fp.Footprint.RowPitch, lastRow - 1, blocksW * block.bytes, &span) ||
      !fitsWithin(fp.Offset, span, r->desc().Width))
    return *why = "the footprint ends past the buffer", false;
  if (!checkedMul<UINT64>(fp.Footprint.RowPitch, rows, &slicePitch) || slicePitch > UINT_MAX)
    return *why = "the footprint's slice pitch (RowPitch × rows) is larger than 4 GiB", false;
  out->placement.BaseAddress.UMD.Offset = fp.Offset;
  out->pitched = {fp.Footprint.Format, UINT(blocksW), UINT(rows), fp.Footprint.Depth, fp.Footprint.RowPitch, UINT(slicePitch)};
  out->layout = {D3D12DDI_RL_PLACED_PHYSICAL_SUBRESOURCE_PITCHED, &out->pitched};
  out->width = fp.Footprint.Width;
  out->height = fp.Footprint.Height;
  out->depth = fp.Footprint.Depth;
  out->format = fp.Footprint.Format;
  out->block = block.width;
  return true;
}

}  // namespace

void STDMETHODCALLTYPE D3D12CommandList::CopyTextureRegion(const D3D12_TEXTURE_COPY_LOCATION* pDst, UINT DstX, UINT DstY,
                                                           UINT DstZ, const D3D12_TEXTURE_COPY_LOCATION* pSrc,
                                                           const D3D12_BOX* pSrcBox) try {
  copyTextureRegion("CopyTextureRegion", pDst, DstX, DstY, DstZ, pSrc, pSrcBox, false);
} D3DVK_CATCH_VOID

void D3D12CommandList::copyTextureRegion(const char* method, const D3D12_TEXTURE_COPY_LOCATION* pDst, UINT DstX,
                                         UINT DstY, UINT DstZ, const D3D12_TEXTURE_COPY_LOCATION* pSrc,
                                         const D3D12_BOX* pSrcBox, bool anyRegion) {
  if (!recording(method)) return;
  if (!pDst) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_NULLDST), "pDst is null");
  if (!pSrc) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_NULLSRC), "pSrc is null");
  DdiLocation dst, src;
  std::string why;
  if (!toDdi(*pDst, &dst, &why)) return invalid(method, "destination: " + why);
  if (!toDdi(*pSrc, &src, &why)) return invalid(method, "source: " + why);
  if (pDst->Type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT && pSrc->Type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT)
    return invalid(method, "both locations are placed footprints (use CopyBufferRegion)");
  // Two subresources copy between one typeless group (D3D12's depth plane
  // with R32 or R16 colour data, the stencil plane with R8) or a
  // reinterpreting pair (BC <-> a texel of its block's size, R9G9B9E5 <-> R32).
  if (pDst->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX && pSrc->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX) {
    if (!state::copyFormatsCompatible(dst.format, src.format))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_FORMATMISMATCH),
                     "the source's and destination's formats (" + std::to_string(int(src.format)) + " and " +
                         std::to_string(int(dst.format)) +
                         " as copied) are neither one typeless group nor a reinterpreting pair");
    if (dst.samples != src.samples)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_FORMATMISMATCH),
                     "the source and destination have different sample counts");
  } else {
    // A footprint describes its subresource's data: a format of the plane's
    // group (a depth-stencil format naming the same plane's data), with the
    // same block size.
    const bool dstIsFootprint = pDst->Type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    const DdiLocation& texture = dstIsFootprint ? src : dst;
    const DdiLocation& footprint = dstIsFootprint ? dst : src;
    const DXGI_FORMAT data =
        planarForCopies(footprint.format) ? state::copyPlaneGroup(footprint.format, texture.plane) : footprint.format;
    if (!state::copyFormatsCompatible(data, texture.format) || footprint.block != texture.block)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_FORMATMISMATCH),
                     "the footprint's Format (" + std::to_string(int(footprint.format)) +
                         ") does not describe the subresource's data (" + std::to_string(int(texture.format)) + ")");
  }
  // The copied region: the box (within the source), else the whole source.
  UINT64 width = src.width, height = src.height, depth = src.depth;
  D3D12DDI_BOX box{};
  if (pSrcBox) {
    // D3D12: an empty box copies nothing; a box reaching outside the source
    // copies the part inside it (nothing when none is). The debug layer says so;
    // the list still closes.
    D3D12_BOX b = *pSrcBox;
    if (b.right <= b.left || b.bottom <= b.top || b.back <= b.front)
      return message(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDSRCBOX), "pSrcBox is empty; nothing is copied");
    if (b.right > src.width || b.bottom > src.height || b.back > src.depth) {
      b.right = UINT(std::min<UINT64>(b.right, src.width));
      b.bottom = UINT(std::min<UINT64>(b.bottom, src.height));
      b.back = UINT(std::min<UINT64>(b.back, src.depth));
      if (b.right <= b.left || b.bottom <= b.top || b.back <= b.front)
        return message(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDSRCBOX),
                       "pSrcBox lies outside the source; nothing is copied");
      message(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDSRCBOX),
              "pSrcBox reaches outside the source; the part inside it is copied");
    }
    if (src.block > 1 && (b.left % src.block || b.top % src.block))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDSRCBOX),
                     "pSrcBox of a block-compressed source must start on a 4x4 block");
    width = b.right - b.left;
    height = b.bottom - b.top;
    depth = b.back - b.front;
    box = {LONG(b.left), LONG(b.top), LONG(b.front), LONG(b.right), LONG(b.bottom), LONG(b.back)};
  }
  // A depth-stencil or multisampled subresource is copied whole: no offset,
  // no box but one covering the whole source, and the whole destination written.
  if (!anyRegion && (src.wholeOnly || dst.wholeOnly)) {
    if (DstX || DstY || DstZ)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDDSTCOORDINATES),
                     "a depth-stencil or multisampled subresource is copied whole: DstX, DstY and DstZ must be 0");
    if (pSrcBox && (box.Left || box.Top || box.Front || UINT64(box.Right) != src.width ||
                    UINT64(box.Bottom) != src.height || UINT64(box.Back) != src.depth))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDSRCBOX),
                     "a depth-stencil or multisampled subresource is copied whole: pSrcBox must be null or cover "
                     "the whole source");
    if ((dst.wholeOnly && (width != dst.width || height != dst.height || depth != dst.depth)) ||
        (pDst->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX && src.wholeOnly &&
         (width != dst.width || height != dst.height || depth != dst.depth)))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDDSTDIMENSIONS),
                     "a depth-stencil or multisampled subresource is copied whole: the source and destination "
                     "subresources must have the same size");
  }
  if (dst.block > 1 && (DstX % dst.block || DstY % dst.block))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_INVALIDDSTCOORDINATES),
                   "DstX and DstY of a block-compressed destination must lie on a 4x4 block");
  // The region in the destination's texels: a block of a block-compressed
  // side copies to a texel of an uncompressed one and back.
  if (src.block != dst.block) {
    width = (width + src.block - 1) / src.block * dst.block;
    height = (height + src.block - 1) / src.block * dst.block;
  }
  if (!fitsWithin(DstX, width, dst.width) || !fitsWithin(DstY, height, dst.height) || !fitsWithin(DstZ, depth, dst.depth))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS),
                   "the region at (" + std::to_string(DstX) + ", " + std::to_string(DstY) + ", " + std::to_string(DstZ) +
                       ") of " + std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(depth) +
                       " reaches outside the destination (" + std::to_string(dst.width) + "x" +
                       std::to_string(dst.height) + "x" + std::to_string(dst.depth) + ")");
  // One subresource as source and destination: the regions must not overlap (D3D12).
  if (pDst->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX && pSrc->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX &&
      pDst->pResource == pSrc->pResource && pDst->SubresourceIndex == pSrc->SubresourceIndex) {
    const UINT64 left = UINT64(box.Left), top = UINT64(box.Top), front = UINT64(box.Front);
    const bool apart = DstX >= left + width || left >= DstX + UINT64(width) || DstY >= top + height ||
                       top >= DstY + UINT64(height) || DstZ >= front + depth || front >= DstZ + UINT64(depth);
    if (!apart)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPY_ON_SAME_SUBRESOURCE),
                     "the source and destination regions of one subresource overlap");
  }
  // The layouts point into dst/src, which outlive the call.
  dst.layout.pLayout = dst.layout.Layout == D3D12DDI_RL_SELECT_SUBRESOURCE ? nullptr : &dst.pitched;
  src.layout.pLayout = src.layout.Layout == D3D12DDI_RL_SELECT_SUBRESOURCE ? nullptr : &src.pitched;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnCopyTextureRegion(ddiHandle(), &dst.placement, dst.layout, DstX, DstY, DstZ, &src.placement, src.layout,
                           pSrcBox ? &box : nullptr);
  });
}

void STDMETHODCALLTYPE D3D12CommandList::CopyResource(ID3D12Resource* pDstResource, ID3D12Resource* pSrcResource) try {
  const char* method = "CopyResource";
  if (!recording(method)) return;
  auto* dst = D3D12Resource::from(pDstResource);
  auto* src = D3D12Resource::from(pSrcResource);
  if (!dst) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYRESOURCE_NULLDST), "pDstResource is null");
  if (!src) return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYRESOURCE_NULLSRC), "pSrcResource is null");
  if (dst == src)
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPY_ON_SAME_SUBRESOURCE), "the source and destination are one resource");
  const D3D12_RESOURCE_DESC &a = dst->desc(), &b = src->desc();
  // Textures: one typeless group (D32_FLOAT with R32_FLOAT too) or a
  // reinterpreting pair, whose block-compressed side is 4x the other's size.
  const bool textures = a.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER && b.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER;
  if (textures && (!state::copyFormatsCompatible(a.Format, b.Format) || formatPlaneCount(a.Format) != formatPlaneCount(b.Format)))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYRESOURCE_INVALIDSRCRESOURCE),
                   "the formats " + std::to_string(int(b.Format)) + " (source) and " + std::to_string(int(a.Format)) +
                       " (destination) are neither one typeless group nor a reinterpreting pair");
  const UINT64 srcBlock = textures ? state::copyBlockDim(b.Format) : 1, dstBlock = textures ? state::copyBlockDim(a.Format) : 1;
  if (a.Dimension != b.Dimension || a.Width * srcBlock != b.Width * dstBlock ||
      UINT64(a.Height) * srcBlock != UINT64(b.Height) * dstBlock || a.DepthOrArraySize != b.DepthOrArraySize ||
      a.MipLevels != b.MipLevels || a.SampleDesc.Count != b.SampleDesc.Count)
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COPYRESOURCE_INVALIDSRCRESOURCE),
                   "the resources differ in dimension, size (a block-compressed side is 4x the other's), mips or "
                   "sample count");
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnResourceCopy(ddiHandle(), dst->ddiHandle(), src->ddiHandle());
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ResourceBarrier(UINT NumBarriers, const D3D12_RESOURCE_BARRIER* pBarriers) try {
  const char* method = "ResourceBarrier";
  if (!recording(method)) return;
  if (NumBarriers == 0) return;
  if (!pBarriers) return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_NULL_POINTER), "pBarriers is null");
  std::vector<D3D12DDIARG_RESOURCE_BARRIER_0003> barriers(NumBarriers);
  for (UINT i = 0; i < NumBarriers; ++i) {
    const D3D12_RESOURCE_BARRIER& b = pBarriers[i];
    D3D12DDIARG_RESOURCE_BARRIER_0003& d = barriers[i];
    std::string at = "barrier " + std::to_string(i) + ": ";
    constexpr int kSplit = D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY;
    if ((rawEnum(b.Flags) & ~kSplit) || rawEnum(b.Flags) == kSplit)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_INVALID_FLAGS), at + "invalid Flags");
    d.Flags = D3D12DDI_RESOURCE_BARRIER_FLAGS(int(b.Flags));
    switch (rawEnum(b.Type)) {
      case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION: {
        auto* r = D3D12Resource::from(b.Transition.pResource);
        if (!r)
          return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_NULL_POINTER),
                         at + "the transition's resource is null");
        // D3D12_RESOURCE_STATES' bits end at VIDEO_ENCODE_WRITE (0x800000).
        if ((rawEnum(b.Transition.StateBefore) | rawEnum(b.Transition.StateAfter)) & ~0xFFFFFF)
          return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_INVALID_COMBINATION),
                         at + "StateBefore or StateAfter has bits that are not D3D12_RESOURCE_STATES");
        if (b.Transition.StateBefore == b.Transition.StateAfter)
          return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_MATCHING_STATES),
                         at + "StateBefore and StateAfter are the same");
        if (b.Transition.Subresource != D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES &&
            b.Transition.Subresource >= r->subresourceCount())
          return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_INVALID_SUBRESOURCE),
                         at + "subresource " + std::to_string(b.Transition.Subresource) + " is out of range");
        // A split barrier's state changes at its END_ONLY half.
        std::string why;
        if (!(b.Flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY) &&
            !resourceStates_.transition(r, b.Transition.Subresource, b.Transition.StateBefore, b.Transition.StateAfter, &why))
          return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH), at + why);
        d.Type = D3D12DDI_RESOURCE_BARRIER_TYPE_TRANSITION;
        d.Transition = {r->ddiHandle(), b.Transition.Subresource, D3D12DDI_RESOURCE_STATES(int(b.Transition.StateBefore)),
                        D3D12DDI_RESOURCE_STATES(int(b.Transition.StateAfter))};
        break;
      }
      case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
        d.Type = D3D12DDI_RESOURCE_BARRIER_TYPE_ALIASING;
        d.Aliasing.hResourceBefore = b.Aliasing.pResourceBefore ? D3D12Resource::from(b.Aliasing.pResourceBefore)->ddiHandle()
                                                                 : D3D12DDI_HRESOURCE{};
        d.Aliasing.hResourceAfter = b.Aliasing.pResourceAfter ? D3D12Resource::from(b.Aliasing.pResourceAfter)->ddiHandle()
                                                               : D3D12DDI_HRESOURCE{};
        break;
      case D3D12_RESOURCE_BARRIER_TYPE_UAV:
        d.Type = D3D12DDI_RESOURCE_BARRIER_TYPE_UAV;
        d.UAV.hResource = b.UAV.pResource ? D3D12Resource::from(b.UAV.pResource)->ddiHandle() : D3D12DDI_HRESOURCE{};
        break;
      default:
        return invalid(method, D3DVK_D3D12_MESSAGE_ID(RESOURCE_BARRIER_INVALID_TYPE),
                       at + "Type is not a D3D12_RESOURCE_BARRIER_TYPE");
    }
  }
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnResourceBarrier(ddiHandle(), NumBarriers, barriers.data());
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ClearDepthStencilView(D3D12_CPU_DESCRIPTOR_HANDLE DepthStencilView,
                                                               D3D12_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil,
                                                               UINT NumRects, const D3D12_RECT* pRects) try {
  const char* method = "ClearDepthStencilView";
  if (!recording(method)) return;
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT) return invalid(method, "only direct command lists clear views");
  if (!device()->descriptorInHeap(DepthStencilView.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(INVALID_DESCRIPTOR_HANDLE),
                   "the handle is not a descriptor of a DSV heap of this device");
  const int clearFlags = rawEnum(ClearFlags), depthStencil = D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL;
  if (!(clearFlags & depthStencil) || (clearFlags & ~depthStencil))
    return invalid(method, "ClearFlags must be DEPTH, STENCIL or both");
  if ((ClearFlags & D3D12_CLEAR_FLAG_DEPTH) && !(Depth >= 0.0f && Depth <= 1.0f))
    return invalid(method, "Depth must be within [0, 1]");
  if (NumRects && !pRects) return invalid(method, "NumRects is not 0 but pRects is null");
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnClearDepthStencilView(ddiHandle(), {DepthStencilView.ptr}, UINT(ClearFlags), Depth, Stencil, NumRects, pRects);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ClearRenderTargetView(D3D12_CPU_DESCRIPTOR_HANDLE RenderTargetView,
                                                               const FLOAT ColorRGBA[4], UINT NumRects,
                                                               const D3D12_RECT* pRects) try {
  const char* method = "ClearRenderTargetView";
  if (!recording(method)) return;
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT) return invalid(method, "only direct command lists clear views");
  if (!device()->descriptorInHeap(RenderTargetView.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(INVALID_DESCRIPTOR_HANDLE),
                   "the handle is not a descriptor of an RTV heap of this device");
  if (!ColorRGBA) return invalid(method, "ColorRGBA is null");
  if (NumRects && !pRects) return invalid(method, "NumRects is not 0 but pRects is null");
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnClearRenderTargetView(ddiHandle(), {RenderTargetView.ptr}, ColorRGBA, NumRects, pRects);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetPredication(ID3D12Resource* pBuffer, UINT64 AlignedBufferOffset,
                                                        D3D12_PREDICATION_OP Operation) try {
  const char* method = "SetPredication";
  if (!recording(method)) return;  // bundles refuse it there
  if (type_ == D3D12_COMMAND_LIST_TYPE_COPY) return invalid(method, "copy command lists have no predication");
  auto* buffer = D3D12Resource::from(pBuffer);
  if (buffer) {
    const auto refuse = [&](const std::string& why) {
      invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_PREDICATION_INVALID_PARAMETERS), why);
    };
    if (!buffer->isBuffer()) return refuse("pBuffer is not a buffer");
    if (AlignedBufferOffset % 8) return refuse("AlignedBufferOffset is not a multiple of 8");
    if (!fitsWithin(AlignedBufferOffset, 8, buffer->desc().Width))
      return refuse("the 64-bit predicate at AlignedBufferOffset ends past the buffer");
    const int op = rawEnum(Operation);
    if (op != D3D12_PREDICATION_OP_EQUAL_ZERO && op != D3D12_PREDICATION_OP_NOT_EQUAL_ZERO)
      return refuse("Operation is not a D3D12_PREDICATION_OP");
  }
  // A null buffer turns predication off (Offset and Operation are ignored).
  const D3D12DDI_HRESOURCE h = buffer ? buffer->ddiHandle() : D3D12DDI_HRESOURCE{};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetPredication(ddiHandle(), h, buffer ? AlignedBufferOffset : 0,
                        buffer ? D3D12DDI_PREDICATION_OP(int(Operation)) : D3D12DDI_PREDICATION_OP_EQUAL_ZERO);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetMarker(UINT, const void*, UINT) try {} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandList::BeginEvent(UINT, const void*, UINT) try {} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D12CommandList::EndEvent() try {} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
