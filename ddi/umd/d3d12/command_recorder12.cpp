// ddi/umd/d3d12/command_recorder12.cpp — see command_recorder12.h.
#include "command_recorder12.h"

#include "d3dvk_checked_math.h"
#include "descriptor_heap12.h"
#include "device12.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <climits>
#include <string>

namespace d3dvk::umd12 {

void CommandRecorder12::begin(Device12& device, VkCommandBuffer cmd, Transient12* transient) {
  device_ = &device;
  error_ = S_OK;
  transient_ = transient;
  state_ = DrawState12{};
  predicate_ = {};
  pendingBarrier_ = false;
  pendingScope_ = {};
  bound_ = BoundDrawState12{};
  passOpen_ = false;
  attachmentWrites_.clear();
  pendingTables_.clear();
  warned_.clear();
  segments_.clear();
  fallbackBatch_.clear();
  flushingFallback_ = false;
  readIndices_ = {};
  activeOcclusion_ = activeStatistics_ = {};
  VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  info.flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT;
  VkResult r = vkBeginCommandBuffer(cmd, &info);
  if (r != VK_SUCCESS) {
    cmd_ = VK_NULL_HANDLE;
    error_ = Device12::hresultFor(r);
    return;
  }
  cmd_ = cmd;
  fullBarrier(cmd_);  // after everything submitted before this list
}

VkResult CommandRecorder12::end() {
  if (!cmd_) return VK_ERROR_INITIALIZATION_FAILED;
  flushDeferredWork();
  if (!cmd_) return VK_ERROR_INITIALIZATION_FAILED;
  endRenderPass();
  endOpenQueries();
  fullBarrier(cmd_);
  vk::memoryBarrier(cmd_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                    VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_HOST_WRITE_BIT);
  VkResult r = vkEndCommandBuffer(cmd_);
  segments_.push_back({cmd_, nullptr});
  cmd_ = VK_NULL_HANDLE;
  return r;
}

void CommandRecorder12::fail(HRESULT hr, const char* what) {
  if (device_) device_->message(hr, what);
  else umd::logError(std::string("D3D12 command list: ") + what);
  if (SUCCEEDED(error_)) error_ = hr;
}

void CommandRecorder12::warnOnce(const std::string& what) {
  if (!warned_.insert(what).second) return;
  if (device_) device_->message(S_OK, what);
  else umd::logError("D3D12 command list: " + what);
}

namespace {

// Moves one subresource range of an image between GENERAL (where images live)
// and a transfer layout around a copy.
void transition(VkCommandBuffer cmd, VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                VkImageLayout to) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  b.srcAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  b.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  b.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = range;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

VkImageSubresourceRange rangeOf(const VkImageSubresourceLayers& l) {
  return {l.aspectMask, l.mipLevel, 1, l.baseArrayLayer, l.layerCount};
}

// Runs `copy` with `src` in TRANSFER_SRC_OPTIMAL and `dst` in TRANSFER_DST_OPTIMAL
// (either may be absent), back in GENERAL afterwards.
template <typename F>
void inTransferLayouts(VkCommandBuffer cmd, VkImage src, const VkImageSubresourceRange& srcRange, VkImage dst,
                       const VkImageSubresourceRange& dstRange, F&& copy) {
  if (src) transition(cmd, src, srcRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  if (dst) transition(cmd, dst, dstRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  copy();
  if (src) transition(cmd, src, srcRange, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  if (dst) transition(cmd, dst, dstRange, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
}

}  // namespace

VkCommandBuffer CommandRecorder12::command() {
  flushDeferredWork();
  if (!cmd_) return VK_NULL_HANDLE;
  endRenderPass();
  fullBarrierHere(cmd_);
  pendingBarrier_ = true;  // what the step records is ordered before the next command too
  pendingScope_.all();
  bound_ = BoundDrawState12{};  // it binds its own pipelines, sets and state
  return cmd_;
}

VkCommandBuffer CommandRecorder12::orderedCommand(bool inRenderPass) {
  flushDeferredWork();
  if (!cmd_) return VK_NULL_HANDLE;
  if (pendingBarrier_ || !inRenderPass) endRenderPass();
  if (pendingBarrier_) pendingBarrierHere(cmd_);
  return cmd_;
}

void CommandRecorder12::fullBarrierHere(VkCommandBuffer cmd) {
  fullBarrier(cmd);
  pendingBarrier_ = false;
  pendingScope_ = {};
  attachmentWrites_.clear();
}

void CommandRecorder12::pendingBarrierHere(VkCommandBuffer cmd) {
  const state::BarrierScope everything = state::resourceStateScope(0);
  if (pendingScope_.src == everything && pendingScope_.dst == everything) return fullBarrierHere(cmd);
  const VkPhysicalDeviceFeatures& f = device_->vk().enabledFeatures();
  vk::memoryBarrier(cmd, state::stagesFor(pendingScope_.src.stages, f.geometryShader, f.tessellationShader),
                    pendingScope_.src.access,
                    state::stagesFor(pendingScope_.dst.stages, f.geometryShader, f.tessellationShader),
                    pendingScope_.dst.access);
  pendingBarrier_ = false;
  pendingScope_ = {};
}

void CommandRecorder12::orderAttachmentWrite(VkCommandBuffer cmd, const Resource12* r) {
  if (r && attachmentWrites_.count(r)) fullBarrierHere(cmd);  // write after write, which D3D12 orders implicitly
  if (r) attachmentWrites_.insert(r);
}

void CommandRecorder12::endRenderPass() {
  if (!passOpen_) return;
  vkCmdEndRendering(cmd_);
  passOpen_ = false;
}

void CommandRecorder12::barrier(UINT count, const D3D12DDIARG_RESOURCE_BARRIER_0003* barriers) {
  flushDeferredWork();  // the batched draws and waiting clears are before the barrier
  if (!cmd_) return;
  for (UINT i = 0; i < count; ++i) {
    const D3D12DDIARG_RESOURCE_BARRIER_0003& b = barriers[i];
    if (b.Type == D3D12DDI_RESOURCE_BARRIER_TYPE_TRANSITION) {
      const uint32_t before = uint32_t(b.Transition.StateBefore), after = uint32_t(b.Transition.StateAfter);
      pendingScope_.transition(before, after);
      // Its attachment writes are ordered before what follows by this barrier
      // (and, chained, by the next one): a new instance needs no other.
      if (before & (D3D12DDI_RESOURCE_STATE_RENDER_TARGET | D3D12DDI_RESOURCE_STATE_DEPTH_WRITE))
        attachmentWrites_.erase(Resource12::from(b.Transition.hResource));
    } else if (b.Type == D3D12DDI_RESOURCE_BARRIER_TYPE_UAV) {
      pendingScope_.unorderedAccess();
    } else {
      pendingScope_.all();
    }
  }
  pendingBarrier_ = true;
}

void CommandRecorder12::copyBufferRegion(Resource12& dst, UINT64 dstOffset, Resource12& src, UINT64 srcOffset, UINT64 bytes) {
  unpredicated("CopyBufferRegion");
  if (!dst.isBuffer() || !src.isBuffer()) return fail(E_INVALIDARG, "CopyBufferRegion needs two buffers");
  if (!fitsWithin(dstOffset, bytes, dst.desc.Width) || !fitsWithin(srcOffset, bytes, src.desc.Width))
    return fail(E_INVALIDARG, "CopyBufferRegion reaches past the end of a buffer");
  if (!bytes) return;
  if (&dst == &src && dstOffset < srcOffset + bytes && srcOffset < dstOffset + bytes)
    return fail(E_INVALIDARG, "CopyBufferRegion's source and destination ranges overlap");
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  VkBufferCopy region{srcOffset, dstOffset, bytes};
  vkCmdCopyBuffer(cmd, src.buffer->handle(), dst.buffer->handle(), 1, &region);
}

void CommandRecorder12::copyResource(Resource12& dst, Resource12& src) {
  unpredicated("CopyResource");
  if (&dst == &src) return fail(E_INVALIDARG, "CopyResource with one resource as source and destination");
  if (dst.isBuffer() != src.isBuffer()) return fail(E_INVALIDARG, "CopyResource between a buffer and a texture");
  if (dst.isBuffer()) {
    if (dst.desc.Width != src.desc.Width) return fail(E_INVALIDARG, "CopyResource between buffers of different sizes");
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    VkBufferCopy region{0, 0, dst.desc.Width};
    vkCmdCopyBuffer(cmd, src.buffer->handle(), dst.buffer->handle(), 1, &region);
    return;
  }
  const VkImageCreateInfo& a = dst.image->info();
  const VkImageCreateInfo& b = src.image->info();
  if (a.imageType != b.imageType || a.extent.width != b.extent.width || a.extent.height != b.extent.height ||
      a.extent.depth != b.extent.depth || a.mipLevels != b.mipLevels || a.arrayLayers != b.arrayLayers ||
      a.samples != b.samples || !state::copyCompatible(*dst.format, *src.format))
    return fail(E_INVALIDARG, "CopyResource between textures of different shapes or incompatible formats");
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  std::vector<VkImageCopy> regions;
  for (UINT mip = 0; mip < dst.mipLevels; ++mip) {
    VkImageCopy c{};
    c.srcSubresource = {src.aspects(), mip, 0, src.arraySize};
    c.dstSubresource = {dst.aspects(), mip, 0, dst.arraySize};
    c.extent = dst.mipExtent(mip);
    regions.push_back(c);
  }
  VkImageSubresourceRange all{src.aspects(), 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  VkImageSubresourceRange allDst{dst.aspects(), 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  inTransferLayouts(cmd, src.image->handle(), all, dst.image->handle(), allDst, [&] {
    vkCmdCopyImage(cmd, src.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst.image->handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, uint32_t(regions.size()), regions.data());
  });
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

void CommandRecorder12::copyTextureRegion(const D3D12DDIARG_BUFFER_PLACEMENT& dst, const D3D12DDIARG_PLACED_RESOURCE& dstLayout,
                                          UINT dstX, UINT dstY, UINT dstZ, const D3D12DDIARG_BUFFER_PLACEMENT& src,
                                          const D3D12DDIARG_PLACED_RESOURCE& srcLayout, const D3D12DDI_BOX* box) {
  unpredicated("CopyTextureRegion");
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
  VkOffset3D srcOffset{0, 0, 0};
  VkExtent3D extent{};
  const auto* srcFoot = static_cast<const D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT*>(srcLayout.pLayout);
  const auto* dstFoot = static_cast<const D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT*>(dstLayout.pLayout);
  const UINT block = (dstTexture && !srcTexture)   ? dstRes->format->blockDim
                     : (srcTexture && !dstTexture) ? srcRes->format->blockDim
                                                   : 1;
  auto blockExtent = [](VkExtent3D e, UINT b) {
    return VkExtent3D{(e.width + b - 1) / b * b, (e.height + b - 1) / b * b, e.depth};
  };
  VkExtent3D srcSize = srcTexture ? blockExtent(srcRes->mipExtent(ssub.mip), block)
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
  VkExtent3D dstSize = dstTexture ? blockExtent(dstRes->mipExtent(dsub.mip), block)
                                  : VkExtent3D{dstFoot->PhysicalWidth * block, dstFoot->PhysicalHeight * block,
                                               dstFoot->PhysicalDepth};
  if (block > 1 && (srcOffset.x % block || srcOffset.y % block || dstX % block || dstY % block))
    return fail(E_INVALIDARG, "CopyTextureRegion: a block-compressed copy must start on a 4x4 block");
  if (!fitsWithin(dstX, extent.width, dstSize.width) || !fitsWithin(dstY, extent.height, dstSize.height) ||
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
    if (!state::copyCompatible(*dstRes->format, *srcRes->format) || dsub.aspect != ssub.aspect ||
        dstRes->image->info().samples != srcRes->image->info().samples)
      return fail(E_INVALIDARG, "CopyTextureRegion between incompatible textures");
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    VkImageCopy c{};
    c.srcSubresource = {ssub.aspect, ssub.mip, ssub.slice, 1};
    c.srcOffset = srcOffset;
    c.dstSubresource = {dsub.aspect, dsub.mip, dsub.slice, 1};
    c.dstOffset = {INT(dstX), INT(dstY), INT(dstZ)};
    c.extent = extent;
    if (srcRes == dstRes && ssub.mip == dsub.mip && ssub.slice == dsub.slice) {
      // One subresource as source and destination: GENERAL serves both.
      vkCmdCopyImage(cmd, srcRes->image->handle(), VK_IMAGE_LAYOUT_GENERAL, dstRes->image->handle(),
                     VK_IMAGE_LAYOUT_GENERAL, 1, &c);
      return;
    }
    inTransferLayouts(cmd, srcRes->image->handle(), transferRange(*srcRes, c.srcSubresource), dstRes->image->handle(),
                      transferRange(*dstRes, c.dstSubresource), [&] {
                        vkCmdCopyImage(cmd, srcRes->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                       dstRes->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
                      });
    return;
  }
  VkBufferImageCopy region{};
  if (dstTexture) {  // buffer footprint → texture
    if (!bufferRegion(*srcFoot, src.BaseAddress.UMD.Offset, dsub.texelBytes, srcOffset, dsub,
                      {INT(dstX), INT(dstY), INT(dstZ)}, *srcRes, &region))
      return fail(E_INVALIDARG, "CopyTextureRegion: the source footprint's pitch does not fit the texture's format, or "
                                "the region reaches past its buffer");
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
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    inTransferLayouts(cmd, srcRes->image->handle(), transferRange(*srcRes, region.imageSubresource), VK_NULL_HANDLE, {}, [&] {
      vkCmdCopyImageToBuffer(cmd, srcRes->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dstRes->buffer->handle(),
                             1, &region);
    });
  }
}

}  // namespace d3dvk::umd12
