// ddi/umd/d3d12/copy12.cpp — D3D12 copies: CopyBufferRegion (and
// WriteBufferImmediate, immediate values copied), CopyResource and
// CopyTextureRegion (subresources and placed footprints), between formats
// D3D12 copies into each other (translate/state/copy_rules.h): one typeless
// group, block-compressed <-> uncompressed block for texel, R9G9B9E5 <-> R32,
// and depth or stencil planes <-> colour data through a scratch buffer.
#include "command_recorder12.h"

#include "copy_rules.h"
#include "d3dvk_checked_math.h"
#include "device12.h"
#include "resource12.h"
#include "staged_image_copy.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <climits>
#include <string>

namespace d3dvk::umd12 {

namespace {

VkImageSubresourceRange rangeOf(const VkImageSubresourceLayers& l) {
  return {l.aspectMask, l.mipLevel, 1, l.baseArrayLayer, l.layerCount};
}

// Runs `copy` with `src` in TRANSFER_SRC_OPTIMAL and `dst` in TRANSFER_DST_OPTIMAL
// (either may be absent), back in GENERAL afterwards.
template <typename F>
void inTransferLayouts(VkCommandBuffer cmd, VkImage src, const VkImageSubresourceRange& srcRange, VkImage dst,
                       const VkImageSubresourceRange& dstRange, F&& copy) {
  if (src) vk::imageLayoutBarrier(cmd, src, srcRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  if (dst) vk::imageLayoutBarrier(cmd, dst, dstRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  copy();
  if (src) vk::imageLayoutBarrier(cmd, src, srcRange, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  if (dst) vk::imageLayoutBarrier(cmd, dst, dstRange, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
}

}  // namespace

void CommandRecorder12::copyBufferRegion(Resource12& dst, UINT64 dstOffset, Resource12& src, UINT64 srcOffset, UINT64 bytes) {
  if (!dst.isBuffer() || !src.isBuffer()) return fail(E_INVALIDARG, "CopyBufferRegion needs two buffers");
  if (!fitsWithin(dstOffset, bytes, dst.desc.Width) || !fitsWithin(srcOffset, bytes, src.desc.Width))
    return fail(E_INVALIDARG, "CopyBufferRegion reaches past the end of a buffer");
  if (!bytes) return;
  if (&dst == &src && dstOffset < srcOffset + bytes && srcOffset < dstOffset + bytes)
    return fail(E_INVALIDARG, "CopyBufferRegion's source and destination ranges overlap");
  const PredicatedTransfer predicated(*this, "CopyBufferRegion", {umd::bufferTarget(dst.buffer->handle(), dstOffset, bytes)});
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  VkBufferCopy region{srcOffset, dstOffset, bytes};
  vkCmdCopyBuffer(cmd, src.buffer->handle(), dst.buffer->handle(), 1, &region);
}

void CommandRecorder12::writeBufferImmediate(UINT count, const D3DVKDDI_WRITEBUFFERIMMEDIATE* writes) {
  if (!count) return;
  if (!writes) return fail(E_INVALIDARG, "WriteBufferImmediate without its writes");
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  for (UINT i = 0; i < count; ++i) {
    const D3DVKDDI_WRITEBUFFERIMMEDIATE& w = writes[i];
    UINT64 offset = 0;
    Resource12* buffer = w.Dest % 4 ? nullptr : device_->bufferAt(w.Dest, &offset);
    if (!buffer || offset + 4 > buffer->desc.Width) {
      warnOnce("WriteBufferImmediate: a Dest names no 4 bytes of a live buffer; that write is skipped");
      continue;
    }
    // MARKER_OUT: after everything before it has completed (MARKER_IN and
    // DEFAULT are ordered as copies are: after what came before has started).
    if (w.Mode == D3DVKDDI_WRITEBUFFERIMMEDIATE_MODE_MARKER_OUT) fullBarrierHere(cmd);
    vkCmdFillBuffer(cmd, buffer->buffer->handle(), offset, 4, w.Value);
  }
}

namespace {

// The range a copy's layout transitions cover: the copied aspect's layers, with
// both aspects of a depth-stencil image (they change layout together: no
// separateDepthStencilLayouts).
VkImageSubresourceRange transferRange(const Resource12& r, const VkImageSubresourceLayers& l) {
  VkImageSubresourceRange range = rangeOf(l);
  if (range.aspectMask & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) range.aspectMask = r.aspects();
  return range;
}

// One subresource of a texture: its Vulkan layers, aspect and texel size.
struct Subresource {
  UINT mip, slice;
  VkImageAspectFlags aspect;
  UINT texelBytes;
};

bool pickSubresource(const Resource12& r, UINT64 index, Subresource* out) {
  UINT perPlane = r.mipLevels * r.arraySize;
  if (index >= UINT64(perPlane) * 2) return false;
  UINT plane = UINT(index / perPlane);
  UINT within = UINT(index % perPlane);
  out->mip = within % r.mipLevels;
  out->slice = within / r.mipLevels;
  VkImageAspectFlags aspects = r.aspects();
  out->texelBytes = r.format->bytesPerTexel;
  if (aspects == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
    // D3D12's planes: 0 is depth (R24X8, 4 bytes), 1 is stencil (R8, 1 byte).
    out->aspect = plane == 0 ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_STENCIL_BIT;
    out->texelBytes = plane == 0 ? 4 : 1;
    return true;
  }
  if (plane != 0) return false;
  out->aspect = aspects;
  return true;
}

}  // namespace

namespace {

// Whether Vulkan copies between these aspects of two images image to image:
// colour to colour (size-compatible formats, block-compressed ones a block for
// a texel), or one depth or stencil aspect between images of one format.
// Depth or stencil data to or from colour goes through a buffer.
bool copiesImageToImage(const Resource12& src, VkImageAspectFlags srcAspect, const Resource12& dst,
                        VkImageAspectFlags dstAspect) {
  if (srcAspect == VK_IMAGE_ASPECT_COLOR_BIT && dstAspect == VK_IMAGE_ASPECT_COLOR_BIT) return true;
  return srcAspect == dstAspect && src.image->info().format == dst.image->info().format;
}

// The DXGI format of the data one aspect of a texture holds, as D3D12 copies
// count it: a depth or stencil plane's group (D24 depth: R32_TYPELESS, stencil:
// R8_TYPELESS), else the resource's own format.
DXGI_FORMAT copyDataFormat(const Resource12& r, VkImageAspectFlags aspect) {
  const DXGI_FORMAT f = DXGI_FORMAT(r.desc.Format);
  if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) return state::copyPlaneGroup(f, 1);
  if (aspect & VK_IMAGE_ASPECT_DEPTH_BIT) return state::copyPlaneGroup(f, 0);
  return f;
}

}  // namespace

void CommandRecorder12::copyImage(VkCommandBuffer cmd, Resource12& src, const VkImageSubresourceLayers& s,
                                  VkOffset3D srcOffset, Resource12& dst, const VkImageSubresourceLayers& d,
                                  VkOffset3D dstOffset, VkExtent3D extent, UINT texelBytes) {
  // The destination's region in its own texels, ending at its mip's edge: an
  // uncompressed source's texel fills a whole block of a block-compressed
  // destination, which Vulkan's image-to-image copy cannot express where the
  // block overhangs a mip smaller than it (a 2x2 mip): that goes through a buffer.
  const UINT sb = src.format->blockDim, db = dst.format->blockDim;
  const VkExtent3D dstMip = dst.mipExtent(d.mipLevel);
  VkExtent3D dstExtent = extent;
  if (sb != db) {
    dstExtent.width = std::min<UINT>((extent.width + sb - 1) / sb * db, dstMip.width - UINT(dstOffset.x));
    dstExtent.height = std::min<UINT>((extent.height + sb - 1) / sb * db, dstMip.height - UINT(dstOffset.y));
  }
  const bool overhang = db > 1 && sb == 1 && (dstExtent.width != extent.width * db || dstExtent.height != extent.height * db);
  if (copiesImageToImage(src, s.aspectMask, dst, d.aspectMask) && !overhang) {
    VkImageCopy c{s, srcOffset, d, dstOffset, extent};
    if (&src == &dst && s.mipLevel == d.mipLevel && s.baseArrayLayer == d.baseArrayLayer) {
      // One subresource as source and destination: GENERAL serves both.
      vkCmdCopyImage(cmd, src.image->handle(), VK_IMAGE_LAYOUT_GENERAL, dst.image->handle(), VK_IMAGE_LAYOUT_GENERAL, 1, &c);
      return;
    }
    inTransferLayouts(cmd, src.image->handle(), transferRange(src, s), dst.image->handle(), transferRange(dst, d), [&] {
      vkCmdCopyImage(cmd, src.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst.image->handle(),
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    });
    return;
  }
  // A depth or stencil plane and colour data of its size (Vulkan copies no
  // texels between depth and colour images), or texels into overhanging
  // blocks: through a device-local buffer, image to buffer, buffer to image.
  if (src.image->info().samples != VK_SAMPLE_COUNT_1_BIT || dst.image->info().samples != VK_SAMPLE_COUNT_1_BIT) {
    // (BC is never multisampled.) Multisampled depth and colour of one group,
    // whole subresources: a per-sample draw (multisample_depth_copy.h).
    const umd::DepthColourCopySide from{src.image->handle(), &src.image->info(), s.mipLevel, s.baseArrayLayer,
                                        s.layerCount, {extent.width, extent.height}};
    const umd::DepthColourCopySide to{dst.image->handle(), &dst.image->info(), d.mipLevel, d.baseArrayLayer,
                                      d.layerCount, {dstExtent.width, dstExtent.height}};
    if (const char* why = umd::depthColourCopyUnsupported(device_->vk(), from, to))
      return fail(E_NOTIMPL, (std::string("a copy between multisampled depth and colour textures: ") + why).c_str());
    if (!keepAlive_) return fail(E_FAIL, "no allocator to keep a copy's views with");
    VkResult result = VK_SUCCESS;
    umd::DepthColourCopyPipelines* pipelines = device_->depthColourCopy(&result);
    auto used = pipelines ? umd::recordDepthColourCopy(device_->vk(), cmd, *pipelines, from, to, &result) : nullptr;
    if (!used) return fail(Device12::hresultFor(result), "a copy between multisampled depth and colour textures");
    keepAlive_->push_back(std::move(used));
    return;
  }
  if (!keepAlive_) return fail(E_FAIL, "no allocator to keep a copy's staging buffer with");
  VkResult result = VK_SUCCESS;
  std::unique_ptr<vk::Buffer> buffer;
  inTransferLayouts(cmd, src.image->handle(), transferRange(src, s), dst.image->handle(), transferRange(dst, d), [&] {
    buffer = umd::recordStagedImageCopy(
        device_->vk(), cmd, {src.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s, srcOffset, extent},
        {dst.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, d, dstOffset, dstExtent}, texelBytes, &result);
  });
  if (!buffer) return fail(Device12::hresultFor(result), "cannot create a copy's staging buffer");
  keepAlive_->push_back(std::move(buffer));
}

void CommandRecorder12::copyResource(Resource12& dst, Resource12& src) {
  if (&dst == &src) return fail(E_INVALIDARG, "CopyResource with one resource as source and destination");
  if (dst.isBuffer() != src.isBuffer()) return fail(E_INVALIDARG, "CopyResource between a buffer and a texture");
  if (dst.isBuffer()) {
    if (dst.desc.Width != src.desc.Width) return fail(E_INVALIDARG, "CopyResource between buffers of different sizes");
    const PredicatedTransfer predicated(*this, "CopyResource", {umd::bufferTarget(dst.buffer->handle(), 0, dst.desc.Width)});
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    VkBufferCopy region{0, 0, dst.desc.Width};
    vkCmdCopyBuffer(cmd, src.buffer->handle(), dst.buffer->handle(), 1, &region);
    return;
  }
  // One shape, the block-compressed side 4x the other's; formats of one
  // group or a reinterpreting pair; one plane each or the same planes.
  const VkImageCreateInfo& a = dst.image->info();
  const VkImageCreateInfo& b = src.image->info();
  const UINT sb = src.format->blockDim, db = dst.format->blockDim;
  const bool planar = dst.aspects() == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT) ||
                      src.aspects() == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
  if (a.imageType != b.imageType || UINT64(a.extent.width) * sb != UINT64(b.extent.width) * db ||
      UINT64(a.extent.height) * sb != UINT64(b.extent.height) * db || a.extent.depth != b.extent.depth ||
      a.mipLevels != b.mipLevels || a.arrayLayers != b.arrayLayers || a.samples != b.samples ||
      !state::copyFormatsCompatible(DXGI_FORMAT(dst.desc.Format), DXGI_FORMAT(src.desc.Format)) ||
      (planar && dst.aspects() != src.aspects()))
    return fail(E_INVALIDARG, "CopyResource between textures of different shapes or incompatible formats");
  if (planar && a.format != b.format)
    return fail(E_INVALIDARG, "CopyResource between depth-stencil textures of different formats");
  std::vector<umd::TransferTarget> targets;  // every mip, each aspect on its own
  for (UINT mip = 0; mip < dst.mipLevels; ++mip)
    for (VkImageAspectFlags aspect : {VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT})
      if (dst.aspects() & aspect) targets.push_back(subresourceTarget(dst, aspect, mip, 0, dst.arraySize));
  const PredicatedTransfer predicated(*this, "CopyResource", std::move(targets),
                                      a.samples != VK_SAMPLE_COUNT_1_BIT ? &dst : nullptr);
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  for (UINT mip = 0; mip < dst.mipLevels && SUCCEEDED(error_); ++mip) {
    // Vulkan's extent counts the source's texels (a block of a compressed source is one destination texel).
    copyImage(cmd, src, {src.aspects(), mip, 0, src.arraySize}, {0, 0, 0}, dst, {dst.aspects(), mip, 0, dst.arraySize},
              {0, 0, 0}, src.mipExtent(mip), src.format->bytesPerTexel);
  }
}

void CommandRecorder12::copyTextureRegion(const D3D12DDIARG_BUFFER_PLACEMENT& dst, const D3D12DDIARG_PLACED_RESOURCE& dstLayout,
                                          UINT dstX, UINT dstY, UINT dstZ, const D3D12DDIARG_BUFFER_PLACEMENT& src,
                                          const D3D12DDIARG_PLACED_RESOURCE& srcLayout, const D3D12DDI_BOX* box) {
  Resource12* dstRes = Resource12::from(dst.BaseAddress.UMD.hResource);
  Resource12* srcRes = Resource12::from(src.BaseAddress.UMD.hResource);
  if (!dstRes || !srcRes) return fail(E_INVALIDARG, "CopyTextureRegion without a resource");
  bool dstTexture = dstLayout.Layout == D3D12DDI_RL_SELECT_SUBRESOURCE;
  bool srcTexture = srcLayout.Layout == D3D12DDI_RL_SELECT_SUBRESOURCE;
  if (dstTexture == dstRes->isBuffer() || srcTexture == srcRes->isBuffer())
    return fail(E_INVALIDARG, "CopyTextureRegion: a location's type does not match its resource");
  if (!dstTexture && !srcTexture) return fail(E_INVALIDARG, "CopyTextureRegion between two placed footprints");
  if ((!dstTexture && !dstLayout.pLayout) || (!srcTexture && !srcLayout.pLayout))
    return fail(E_INVALIDARG, "CopyTextureRegion: a placed footprint without its layout");

  Subresource dsub{}, ssub{};
  if (dstTexture && !pickSubresource(*dstRes, dst.BaseAddress.UMD.Offset, &dsub))
    return fail(E_INVALIDARG, "CopyTextureRegion: destination subresource out of range");
  if (srcTexture && !pickSubresource(*srcRes, src.BaseAddress.UMD.Offset, &ssub))
    return fail(E_INVALIDARG, "CopyTextureRegion: source subresource out of range");

  // The source window: the box, else the whole source subresource or footprint.
  // A footprint of a block-compressed texture counts blocks (the runtime's
  // PhysicalWidth/Height); boxes and offsets count texels, and a texture's
  // mips are whole blocks for copies (a 2x2 mip copies as its one block).
  // Between two textures each side counts its own texels: a block of a
  // block-compressed one is a texel of an uncompressed one.
  VkOffset3D srcOffset{0, 0, 0};
  VkExtent3D extent{};
  const auto* srcFoot = static_cast<const D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT*>(srcLayout.pLayout);
  const auto* dstFoot = static_cast<const D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT*>(dstLayout.pLayout);
  const UINT srcBlock = srcTexture ? srcRes->format->blockDim : dstRes->format->blockDim;
  const UINT dstBlock = dstTexture ? dstRes->format->blockDim : srcRes->format->blockDim;
  const UINT block = srcBlock == dstBlock ? srcBlock : 1;  // the footprint's unit, where a buffer is involved
  auto blockExtent = [](VkExtent3D e, UINT b) {
    return VkExtent3D{(e.width + b - 1) / b * b, (e.height + b - 1) / b * b, e.depth};
  };
  VkExtent3D srcSize = srcTexture ? blockExtent(srcRes->mipExtent(ssub.mip), srcBlock)
                                  : VkExtent3D{srcFoot->PhysicalWidth * block, srcFoot->PhysicalHeight * block,
                                               srcFoot->PhysicalDepth};
  if (box) {
    // An empty box copies nothing (D3D12); a box reaching outside the source
    // copies the part inside it, and one wholly outside copies nothing.
    if (box->Right <= box->Left || box->Bottom <= box->Top || box->Back <= box->Front) return;
    if (box->Left < 0 || box->Top < 0 || box->Front < 0)
      return fail(E_INVALIDARG, "CopyTextureRegion: the source box starts before the source");
    const int64_t right = std::min<int64_t>(box->Right, srcSize.width), bottom = std::min<int64_t>(box->Bottom, srcSize.height),
                  back = std::min<int64_t>(box->Back, srcSize.depth);
    if (right != box->Right || bottom != box->Bottom || back != box->Back)
      warnOnce("CopyTextureRegion: the source box reaches outside the source; the part inside is copied");
    if (box->Left >= right || box->Top >= bottom || box->Front >= back) return;
    srcOffset = {INT(box->Left), INT(box->Top), INT(box->Front)};
    extent = {UINT(right - box->Left), UINT(bottom - box->Top), UINT(back - box->Front)};
  } else {
    extent = srcSize;
  }
  VkExtent3D dstSize = dstTexture ? blockExtent(dstRes->mipExtent(dsub.mip), dstBlock)
                                  : VkExtent3D{dstFoot->PhysicalWidth * block, dstFoot->PhysicalHeight * block,
                                               dstFoot->PhysicalDepth};
  if ((srcBlock > 1 && (srcOffset.x % srcBlock || srcOffset.y % srcBlock)) ||
      (dstBlock > 1 && (dstX % dstBlock || dstY % dstBlock)))
    return fail(E_INVALIDARG, "CopyTextureRegion: a block-compressed copy must start on a 4x4 block");
  // The region in the destination's texels.
  const UINT dstWidth = srcBlock == dstBlock ? extent.width : (extent.width + srcBlock - 1) / srcBlock * dstBlock;
  const UINT dstHeight = srcBlock == dstBlock ? extent.height : (extent.height + srcBlock - 1) / srcBlock * dstBlock;
  if (!fitsWithin(dstX, dstWidth, dstSize.width) || !fitsWithin(dstY, dstHeight, dstSize.height) ||
      !fitsWithin(dstZ, extent.depth, dstSize.depth) || dstX > uint32_t(INT32_MAX) || dstY > uint32_t(INT32_MAX) ||
      dstZ > uint32_t(INT32_MAX))
    return fail(E_INVALIDARG, "CopyTextureRegion: the copy reaches outside the destination");

  // The footprint's region as a buffer-image copy; false when the footprint's
  // pitches do not fit the format or the region reaches past `buffer`.
  auto bufferRegion = [&](const D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT& foot, UINT64 offset, UINT texelBytes,
                          VkOffset3D at, const Subresource& sub, VkOffset3D imageOffset, const Resource12& buffer,
                          VkBufferImageCopy* out) -> bool {
    if (!texelBytes || foot.Pitch % texelBytes || !foot.Pitch || (foot.PhysicalHeight > 1 && foot.SlicePitch % foot.Pitch))
      return false;
    if (foot.Pitch < UINT64(foot.PhysicalWidth) * texelBytes) return false;
    UINT64 rows = foot.Pitch ? foot.SlicePitch / foot.Pitch : 0;
    if (rows < foot.PhysicalHeight) rows = foot.PhysicalHeight;
    // The region's first byte and the end of its last row (of texels or blocks), none of it wrapping.
    UINT64 first = 0, last = 0;
    if (at.x < 0 || at.y < 0 || at.z < 0 || !extent.width || !extent.height || !extent.depth) return false;
    const UINT64 blocksWide = (UINT64(extent.width) + block - 1) / block, blocksHigh = (UINT64(extent.height) + block - 1) / block;
    if (!checkedMulAdd<UINT64>(UINT64(at.x) / block, texelBytes, offset, &first) ||
        !checkedMulAdd<UINT64>(UINT64(at.y) / block, foot.Pitch, first, &first) ||
        !checkedMulAdd<UINT64>(UINT64(at.z), foot.SlicePitch, first, &first) ||
        !checkedMulAdd<UINT64>(blocksHigh - 1, foot.Pitch, blocksWide * texelBytes, &last) ||
        !checkedMulAdd<UINT64>(UINT64(extent.depth) - 1, rows * foot.Pitch, last, &last) ||
        !fitsWithin(first, last, buffer.desc.Width))
      return false;
    out->bufferOffset = first;
    out->bufferRowLength = UINT(foot.Pitch / texelBytes * block);
    out->bufferImageHeight = UINT(rows * block);
    out->imageSubresource = {sub.aspect, sub.mip, sub.slice, 1};
    out->imageOffset = imageOffset;
    // Vulkan's extent ends at the mip's edge where the last block overhangs it.
    const VkExtent3D mip = dstTexture ? dstRes->mipExtent(sub.mip) : srcRes->mipExtent(sub.mip);
    out->imageExtent = extent;
    if (block > 1) {
      out->imageExtent.width = std::min<UINT>(extent.width, mip.width - UINT(imageOffset.x));
      out->imageExtent.height = std::min<UINT>(extent.height, mip.height - UINT(imageOffset.y));
    }
    return true;
  };

  if (dstTexture && srcTexture) {
    // One typeless group (a depth or stencil plane counting as R32/R16 or R8
    // data) or a reinterpreting pair, one sample count.
    if (!state::copyFormatsCompatible(copyDataFormat(*dstRes, dsub.aspect), copyDataFormat(*srcRes, ssub.aspect)) ||
        dstRes->image->info().samples != srcRes->image->info().samples || dsub.texelBytes != ssub.texelBytes)
      return fail(E_INVALIDARG, "CopyTextureRegion between incompatible textures");
    // Vulkan's extent counts the source's texels and ends at its mip's edge
    // where a block-compressed source's last block overhangs it.
    const VkExtent3D mip = srcRes->mipExtent(ssub.mip);
    extent.width = std::min<UINT>(extent.width, mip.width - UINT(srcOffset.x));
    extent.height = std::min<UINT>(extent.height, mip.height - UINT(srcOffset.y));
    const PredicatedTransfer predicated(*this, "CopyTextureRegion", {subresourceTarget(*dstRes, dsub.aspect, dsub.mip, dsub.slice, 1)},
                                        dstRes->image->info().samples != VK_SAMPLE_COUNT_1_BIT ? dstRes : nullptr);
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    copyImage(cmd, *srcRes, {ssub.aspect, ssub.mip, ssub.slice, 1}, srcOffset, *dstRes, {dsub.aspect, dsub.mip, dsub.slice, 1},
              {INT(dstX), INT(dstY), INT(dstZ)}, extent, ssub.texelBytes);
    return;
  }
  VkBufferImageCopy region{};
  if (dstTexture) {  // buffer footprint → texture
    if (!bufferRegion(*srcFoot, src.BaseAddress.UMD.Offset, dsub.texelBytes, srcOffset, dsub,
                      {INT(dstX), INT(dstY), INT(dstZ)}, *srcRes, &region))
      return fail(E_INVALIDARG, "CopyTextureRegion: the source footprint's pitch does not fit the texture's format, or "
                                "the region reaches past its buffer");
    const PredicatedTransfer predicated(*this, "CopyTextureRegion", {subresourceTarget(*dstRes, dsub.aspect, dsub.mip, dsub.slice, 1)});
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    inTransferLayouts(cmd, VK_NULL_HANDLE, {}, dstRes->image->handle(), transferRange(*dstRes, region.imageSubresource), [&] {
      vkCmdCopyBufferToImage(cmd, srcRes->buffer->handle(), dstRes->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             1, &region);
    });
  } else {  // texture → buffer footprint
    if (!bufferRegion(*dstFoot, dst.BaseAddress.UMD.Offset, ssub.texelBytes, {INT(dstX), INT(dstY), INT(dstZ)}, ssub,
                      srcOffset, *dstRes, &region))
      return fail(E_INVALIDARG, "CopyTextureRegion: the destination footprint's pitch does not fit the texture's format, "
                                "or the region reaches past its buffer");
    if (srcRes->image->info().samples != VK_SAMPLE_COUNT_1_BIT)
      return fail(E_INVALIDARG, "CopyTextureRegion from a multisampled texture into a buffer");
    // The footprint's bytes from the region's first to the end of its last row.
    const UINT64 end = region.bufferOffset + UINT64(region.bufferRowLength / block) * ssub.texelBytes *
                                                 (UINT64(region.bufferImageHeight / block) * (extent.depth - 1) +
                                                  (region.imageExtent.height + block - 1) / block - 1) +
                       UINT64(region.imageExtent.width + block - 1) / block * ssub.texelBytes;
    const PredicatedTransfer predicated(*this, "CopyTextureRegion",
                                        {umd::bufferTarget(dstRes->buffer->handle(), region.bufferOffset,
                                                           std::min<UINT64>(end, dstRes->desc.Width) - region.bufferOffset)});
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    inTransferLayouts(cmd, srcRes->image->handle(), transferRange(*srcRes, region.imageSubresource), VK_NULL_HANDLE, {}, [&] {
      vkCmdCopyImageToBuffer(cmd, srcRes->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dstRes->buffer->handle(),
                             1, &region);
    });
  }
}

}  // namespace d3dvk::umd12
