// ddi/umd/driver_transfer.cpp — see driver_transfer.h.
#include "driver_transfer.h"
#include "d3dvk_checked_math.h"
#include "copy_rules.h"

#include "adapter.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"
#include "emulated_blocks.h"
#include "multisample_depth_copy.h"
#include "staged_image_copy.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace d3dvk::umd {

namespace {

// Copies keep bits: D3D's rule (copy_rules.h: one typeless group, or a
// reinterpreting pair) on the formats the application created the resources
// with (buffers: no format). A typeless depth-stencil target's image is in its
// depth format; with a colour image of its group (D32_FLOAT and R32_FLOAT) it
// copies through a buffer (staged_image_copy.h).
bool copyFormatsMatch(const Resource& a, const Resource& b) {
  if (a.isBuffer() || b.isBuffer()) return a.format == b.format;
  return a.format && b.format && state::copyFormatsCompatible(a.dxgiFormat, b.dxgiFormat);
}

// Whether a copy between two textures pairs a depth image with a colour image
// (staging textures are buffers, which take either).
bool depthWithColour(const Resource& a, const Resource& b) {
  return !a.linearTexture() && !b.linearTexture() && state::isDepthFormat(*a.format) != state::isDepthFormat(*b.format);
}

struct Region {
  UINT x, y, width, height;  // texels (buffers: bytes in x/width)
  UINT z = 0, depth = 1;     // Texture3D depth slices
};

UINT blockOf(const Resource& r) { return r.isBuffer() || !r.format ? 1 : r.format->blockDim; }

// A region fits a subresource: inside it (a block-compressed one's mips
// rounded up to whole blocks), on block boundaries where the format has blocks.
bool fits(const Resource& r, UINT sub, UINT x, UINT y, UINT w, UINT h, UINT z = 0, UINT d = 1) {
  if (sub >= r.subresourceCount()) return false;
  if (r.isBuffer()) return fitsWithin(x, w, r.width) && y == 0 && h == 1 && z == 0 && d == 1;
  const UINT b = blockOf(r), mw = r.mipWidth(sub), mh = r.mipHeight(sub);
  if (x % b || y % b || ((x + w) % b && x + w != mw) || ((y + h) % b && y + h != mh)) return false;
  return fitsWithin(x, w, (mw + b - 1) / b * b) && fitsWithin(y, h, (mh + b - 1) / b * b) &&
         fitsWithin(z, d, r.mipDepth(sub));
}

// A source region's extent in the destination's texels: a block copies to a texel and back.
UINT scaled(UINT extent, UINT from, UINT to) { return from == to ? extent : (extent + from - 1) / from * to; }

// Whether texels of an uncompressed image copied into a block-compressed one
// reach past the destination mip's edge (its last blocks overhang a mip whose
// size is not whole blocks, e.g. a 2x2 mip).
bool overhangsSmallMip(const Resource& src, const Resource& dst, UINT dstSub, UINT dx, UINT dy, const Region& box) {
  const UINT sb = blockOf(src), db = blockOf(dst);
  if (sb != 1 || db == 1) return false;
  return uint64_t(dx) + uint64_t(box.width) * db > dst.mipWidth(dstSub) ||
         uint64_t(dy) + uint64_t(box.height) * db > dst.mipHeight(dstSub);
}

// The whole subresource as a region.
Region wholeRegion(const Resource& r, UINT sub) {
  if (r.isBuffer()) return {0, 0, r.width, 1};
  return {0, 0, r.mipWidth(sub), r.mipHeight(sub), 0, r.mipDepth(sub)};
}

// An emulated BC destination's blocks just copied from `src`'s region `box`: decoded.
void decodeCopied(Device& device, VkCommandBuffer cmd, Resource& dst, UINT dstSub, UINT dx, UINT dy, UINT dz,
                  const Resource& src, const Region& box) {
  const UINT sb = blockOf(src), db = blockOf(dst);
  recordBlockDecode(device, cmd, dst, dstSub, {int32_t(dx), int32_t(dy), int32_t(dz)},
                    {scaled(box.width, sb, db), scaled(box.height, sb, db), box.depth});
}

// A subresource of a multisampled texture as a depth <-> colour copy sees it.
DepthColourCopySide depthColourSide(const Resource& r, UINT sub) {
  return {r.image->handle(), &r.image->info(), r.mipOf(sub), r.sliceOf(sub), 1, {r.mipWidth(sub), r.mipHeight(sub)}};
}

// Why a copy between multisampled depth and colour textures cannot run here
// (logged, E_NOTIMPL), or null. Bad input was refused before (E_INVALIDARG).
const char* multisampledDepthColourUnsupported(Device& device, const Resource& dst, UINT dstSub, const Resource& src,
                                               UINT srcSub) {
  return depthColourCopyUnsupported(device.vk(), depthColourSide(src, srcSub), depthColourSide(dst, dstSub));
}

// Records one region copy between any two compatible resources.
void recordCopy(Device& device, VkCommandBuffer cmd, Resource& dst, UINT dstSub, UINT dx, UINT dy, Resource& src,
                UINT srcSub, Region box, UINT dz = 0) {
  if (src.isBuffer()) {
    VkBufferCopy c{src.bufferOffset + box.x, dst.bufferOffset + dx, box.width};
    vkCmdCopyBuffer(cmd, src.buffer->handle(), dst.buffer->handle(), 1, &c);
  } else if (src.samples > 1 && depthWithColour(src, dst)) {
    // Multisampled depth and colour of one group, whole subresources: a
    // per-sample draw (multisample_depth_copy.h); the entry points checked support.
    transitionImage(cmd, src, VK_IMAGE_LAYOUT_GENERAL);
    transitionImage(cmd, dst, VK_IMAGE_LAYOUT_GENERAL);
    VkResult result = VK_SUCCESS;
    if (!device.depthColourCopy) device.depthColourCopy = DepthColourCopyPipelines::create(device.vk(), &result);
    if (!device.depthColourCopy) return device.setVkError(result);
    auto used = recordDepthColourCopy(device.vk(), cmd, *device.depthColourCopy, depthColourSide(src, srcSub),
                                      depthColourSide(dst, dstSub), &result);
    if (!used) return device.setVkError(result);
    device.queue().releaseAfter(device.queue().openSerial(), std::move(used));
  } else if (!src.copiesThroughBuffer() && !dst.copiesThroughBuffer() &&
             (overhangsSmallMip(src, dst, dstSub, dx, dy, box) || state::isDepthFormat(*src.format) != state::isDepthFormat(*dst.format))) {
    // A depth image and a colour image of one typeless group (D32_FLOAT and
    // R32_FLOAT, D16_UNORM and R16_UINT: Vulkan copies no texels between depth
    // and colour images), or an uncompressed source's texels filling whole
    // blocks of a block-compressed mip smaller than a block (a 2x2 mip): through
    // a device-local buffer, the destination's extent ending at its mip's edge.
    const UINT sb = blockOf(src), db = blockOf(dst);
    const VkExtent3D dstExtent{std::min(scaled(box.width, sb, db), dst.mipWidth(dstSub) - dx),
                               std::min(scaled(box.height, sb, db), dst.mipHeight(dstSub) - dy), box.depth};
    transitionImage(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    transitionImage(cmd, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkResult result = VK_SUCCESS;
    auto staging = recordStagedImageCopy(
        device.vk(), cmd,
        {src.image->handle(), src.layout, {copyAspects(src), src.mipOf(srcSub), src.sliceOf(srcSub), 1},
         {int32_t(box.x), int32_t(box.y), int32_t(box.z)}, {box.width, box.height, box.depth}},
        {dst.image->handle(), dst.layout, {copyAspects(dst), dst.mipOf(dstSub), dst.sliceOf(dstSub), 1},
         {int32_t(dx), int32_t(dy), int32_t(dz)}, dstExtent},
        src.format->bytesPerTexel, &result);
    if (!staging) return device.setVkError(result);
    device.queue().releaseAfter(device.queue().openSerial(), std::move(staging));
  } else if (!src.copiesThroughBuffer() && !dst.copiesThroughBuffer()) {
    VkImageCopy c{};
    const VkImageAspectFlags aspects = copyAspects(src);
    c.srcSubresource = {aspects, src.mipOf(srcSub), src.sliceOf(srcSub), 1};
    c.dstSubresource = {aspects, dst.mipOf(dstSub), dst.sliceOf(dstSub), 1};
    c.srcOffset = {int32_t(box.x), int32_t(box.y), int32_t(box.z)};
    c.dstOffset = {int32_t(dx), int32_t(dy), int32_t(dz)};
    c.extent = {box.width, box.height, box.depth};  // Vulkan: in the source's texels, like D3D's box
    // Two subresources of one image need one layout for both.
    const bool same = &src == &dst;
    transitionImage(cmd, src, same ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    transitionImage(cmd, dst, same ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdCopyImage(cmd, src.image->handle(), src.layout, dst.image->handle(), dst.layout, 1, &c);
  } else if (!src.copiesThroughBuffer()) {
    recordImageToLinear(cmd, src, srcSub, {int32_t(box.x), int32_t(box.y), int32_t(box.z)},
                        {box.width, box.height, box.depth}, dst.copyBuffer(), dst.linear[dstSub],
                        dst.hasStencilPlane() ? &dst.stencilPlane[dstSub] : nullptr, dx, dy, dz);
    if (dst.blocks) decodeCopied(device, cmd, dst, dstSub, dx, dy, dz, src, box);
  } else if (!dst.copiesThroughBuffer()) {
    // Vulkan's extent is in the image's texels (a BC staging texture into an R32G32 image: one per block).
    const UINT sb = blockOf(src), db = blockOf(dst);
    recordLinearToImage(device, cmd, src.copyBuffer(), src.linear[srcSub],
                        src.hasStencilPlane() ? &src.stencilPlane[srcSub] : nullptr, box.x, box.y, dst, dstSub,
                        {int32_t(dx), int32_t(dy), int32_t(dz)},
                        {scaled(box.width, sb, db), scaled(box.height, sb, db), box.depth}, box.z);
  } else {
    // Linear to linear: one buffer copy per row of texels or blocks (and per stencil-plane row).
    const UINT bpp = linearPlaneTexelBytes(*src.format), sb = blockOf(src), db = blockOf(dst);
    const UINT rowCount = (box.height + sb - 1) / sb, rowBytes = (box.width + sb - 1) / sb * bpp;
    std::vector<VkBufferCopy> rows;
    for (UINT slice = 0; slice < box.depth; ++slice)
    for (UINT row = 0; row < rowCount; ++row) {
      const auto& s = src.linear[srcSub];
      const auto& d = dst.linear[dstSub];
      rows.push_back({s.offset + uint64_t(box.z + slice) * s.depthPitch + uint64_t(box.y / sb + row) * s.rowPitch +
                          uint64_t(box.x / sb) * bpp,
                      d.offset + uint64_t(dz + slice) * d.depthPitch + uint64_t(dy / db + row) * d.rowPitch +
                          uint64_t(dx / db) * bpp,
                      rowBytes});
      if (src.hasStencilPlane() && dst.hasStencilPlane()) {
        const auto& sp = src.stencilPlane[srcSub];
        const auto& dp = dst.stencilPlane[dstSub];
        rows.push_back({sp.offset + uint64_t(box.y + row) * sp.rowPitch + box.x,
                        dp.offset + uint64_t(dy + row) * dp.rowPitch + dx, box.width});
      }
    }
    if (src.blocks || dst.blocks)  // the blocks' buffers are written and read by other commands than copies
      vk::memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                        VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
    vkCmdCopyBuffer(cmd, src.copyBuffer(), dst.copyBuffer(), uint32_t(rows.size()), rows.data());
    if (dst.blocks) decodeCopied(device, cmd, dst, dstSub, dx, dy, dz, src, box);
  }
  markUsed(device, src);
  markUsed(device, dst);
  dst.lastGpuWrite = device.queue().openSerial();
}

}  // namespace

VOID APIENTRY resourceCopy(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hDst, D3D10DDI_HRESOURCE hSrc) {
  Device* device = Device::from(hDevice);
  Resource* dst = Resource::from(hDst);
  Resource* src = Resource::from(hSrc);
  // Sizes match (in blocks, between a block-compressed and an uncompressed texture).
  if (!dst || !src || dst == src || dst->isBuffer() != src->isBuffer() || dst->dimension != src->dimension ||
      scaled(src->width, blockOf(*src), blockOf(*dst)) != dst->width ||
      scaled(src->height, blockOf(*src), blockOf(*dst)) != dst->height || dst->depth != src->depth ||
      dst->subresourceCount() != src->subresourceCount() || dst->samples != src->samples || !copyFormatsMatch(*dst, *src))
    return device->setError(E_INVALIDARG);
  if (dst->samples > 1 && depthWithColour(*dst, *src))
    if (const char* why = multisampledDepthColourUnsupported(*device, *dst, 0, *src, 0)) {
      logError(std::string("a copy between multisampled depth and colour textures: ") + why);
      return device->setError(E_NOTIMPL);
    }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, subresourceDestinations(*dst, 0, dst->mipLevels, 0, dst->arraySize));
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  for (UINT sub = 0; sub < src->subresourceCount(); ++sub) recordCopy(*device, cmd, *dst, sub, 0, 0, *src, sub, wholeRegion(*src, sub));
}

VOID APIENTRY resourceCopyRegion(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hDst, UINT dstSub, UINT dstX, UINT dstY,
                                 UINT dstZ, D3D10DDI_HRESOURCE hSrc, UINT srcSub, const D3D10_DDI_BOX* srcBox, UINT) {
  Device* device = Device::from(hDevice);
  Resource* dst = Resource::from(hDst);
  Resource* src = Resource::from(hSrc);
  if (!dst || !src || dst->isBuffer() != src->isBuffer() || !copyFormatsMatch(*dst, *src) || dst->samples != src->samples ||
      srcSub >= src->subresourceCount() || dstSub >= dst->subresourceCount())
    return device->setError(E_INVALIDARG);
  if (dst->samples > 1 && depthWithColour(*dst, *src))
    if (const char* why = multisampledDepthColourUnsupported(*device, *dst, dstSub, *src, srcSub)) {
      logError(std::string("a copy between multisampled depth and colour textures: ") + why);
      return device->setError(E_NOTIMPL);
    }
  Region box{};
  if (srcBox) {
    if (srcBox->left < 0 || srcBox->top < 0 || srcBox->front < 0 || srcBox->right <= srcBox->left ||
        srcBox->bottom <= srcBox->top || srcBox->back <= srcBox->front)
      return device->setError(E_INVALIDARG);
    box = {UINT(srcBox->left), UINT(srcBox->top), UINT(srcBox->right - srcBox->left), UINT(srcBox->bottom - srcBox->top),
           UINT(srcBox->front), UINT(srcBox->back - srcBox->front)};
  } else {
    box = wholeRegion(*src, srcSub);
  }
  // Between a Texture3D and a 2D texture, a region of depth 1 copies one slice.
  const UINT sb = blockOf(*src), db = blockOf(*dst);
  if (!fits(*src, srcSub, box.x, box.y, box.width, box.height, box.z, box.depth) ||
      !fits(*dst, dstSub, dstX, dstY, scaled(box.width, sb, db), scaled(box.height, sb, db), dstZ, box.depth) ||
      (src->isTexture3D() != dst->isTexture3D() && box.depth != 1))
    return device->setError(E_INVALIDARG);
  if (dst == src && dstSub == srcSub) return device->setError(E_INVALIDARG);  // overlapping self-copy
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, {{dst, dstSub, dstX, dst->isBuffer() ? box.width : 0}});
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  recordCopy(*device, cmd, *dst, dstSub, dstX, dstY, *src, srcSub, box, dstZ);
}

VOID APIENTRY resourceUpdateSubresourceUP(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hDst, UINT dstSub,
                                          const D3D10_DDI_BOX* dstBox, const VOID* data, UINT rowPitch, UINT depthPitch,
                                          UINT) {
  Device* device = Device::from(hDevice);
  Resource* dst = Resource::from(hDst);
  if (!dst || !data || dstSub >= dst->subresourceCount() || dst->linearTexture())
    return device->setError(E_INVALIDARG);
  Region box{};
  if (dstBox) {
    if (dstBox->left < 0 || dstBox->top < 0 || dstBox->front < 0 || dstBox->right < dstBox->left ||
        dstBox->bottom < dstBox->top || dstBox->back < dstBox->front)
      return device->setError(E_INVALIDARG);
    box = {UINT(dstBox->left), UINT(dstBox->top), UINT(dstBox->right - dstBox->left),
           UINT(dstBox->bottom - dstBox->top), UINT(dstBox->front), UINT(dstBox->back - dstBox->front)};
    if (box.width == 0 || box.height == 0 || box.depth == 0) return;  // empty box: nothing to do
  } else {
    box = wholeRegion(*dst, dstSub);
  }
  if (!fits(*dst, dstSub, box.x, box.y, box.width, box.height, box.z, box.depth)) return device->setError(E_INVALIDARG);

  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, {{dst, dstSub, box.x, dst->isBuffer() ? box.width : 0}});
  if (predicated.skipped()) return;
  VkResult vr = VK_SUCCESS;
  // (Under a GPU predicate the update is a copy the predicate can undo.)
  if (!predicated.onGpu() && DynamicSlices::applies(*dst) && dst->buffer->mapped() && device->queue().completed(dst->lastGpuWrite)) {
    // A constant buffer's update from the CPU (dynamic_buffer.h): no copy, no barrier.
    if (!dst->slices) dst->slices = std::make_unique<DynamicSlices>();
    if (!dst->slices->update(*device, *dst, box.x, box.width, data, &vr)) return device->setVkError(vr);
    device->draw.markDirtyWhereBound(*dst);  // descriptors may name the old slice
    return;
  }
  const UINT bpp = dst->isBuffer() ? 1 : dst->format->bytesPerTexel, block = blockOf(*dst);
  uint64_t size = 0;
  std::vector<state::LinearSubresource> layout =
      box.depth > 1 ? state::linearLayoutVolume(box.width, box.height, box.depth, 1, bpp, &size, block)
                    : state::linearLayout(box.width, box.height, 1, 1, bpp, &size, block);
  uint64_t planeSize = 0;
  std::vector<state::LinearSubresource> plane;
  const bool stencil = !dst->isBuffer() && dst->format->kind == state::FormatKind::DepthStencil;
  if (stencil) {
    plane = state::linearLayout(box.width, box.height, 1, 1, 1, &planeSize);
    plane[0].offset = size;
  }
  std::shared_ptr<vk::Buffer> upload =
      vk::Buffer::create(device->vk(), size + planeSize, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true, &vr);
  if (!upload) return device->setVkError(vr);
  auto* base = static_cast<uint8_t*>(upload->mapped());
  // Rows of texels, or of 4x4 blocks (D3D's row pitch of a BC texture is a block row's).
  for (UINT z = 0; z < box.depth; ++z)
  for (UINT y = 0; y < layout[0].rows; ++y) {
    const uint8_t* row = static_cast<const uint8_t*>(data) + uint64_t(z) * depthPitch +
                         uint64_t(y) * (dst->isBuffer() ? 0 : rowPitch);
    std::memcpy(base + uint64_t(z) * layout[0].depthPitch + uint64_t(y) * layout[0].rowPitch, row,
                layout[0].rowBytes());
    if (stencil)
      splitDepthStencilRow(base + uint64_t(y) * layout[0].rowPitch, base + plane[0].offset + uint64_t(y) * plane[0].rowPitch,
                           box.width, bpp);
  }
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  if (dst->isBuffer()) {
    VkBufferCopy c{0, dst->bufferOffset + box.x, box.width};
    vkCmdCopyBuffer(cmd, upload->handle(), dst->buffer->handle(), 1, &c);
  } else {
    recordLinearToImage(*device, cmd, upload->handle(), layout[0], stencil ? &plane[0] : nullptr, 0, 0, *dst, dstSub,
                        {int32_t(box.x), int32_t(box.y), int32_t(box.z)}, {box.width, box.height, box.depth});
  }
  markUsed(*device, *dst);
  dst->lastGpuWrite = device->queue().openSerial();
  device->queue().releaseAfter(device->queue().openSerial(), upload);
}

namespace {

// One layout change of a whole single-layer scratch image, ordering all memory around it.
void scratchTransition(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to) {
  vk::imageLayoutBarrier(cmd, image, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}, from, to);
}

// A 2D image of the resolve format a typeless side is copied into or out of
// (its own image holds the family's UINT format, whose Vulkan resolve would
// pick one sample), in TRANSFER_DST_OPTIMAL; null with *result on failure.
std::unique_ptr<vk::Image> resolveScratch(Device& device, VkCommandBuffer cmd, VkFormat format, VkExtent3D extent,
                                          VkSampleCountFlagBits samples, VkResult* result) {
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = extent;
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  auto image = vk::Image::create(device.vk(), info, result);
  if (image) scratchTransition(cmd, image->handle(), VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  return image;
}

}  // namespace

VOID APIENTRY resourceResolveSubresource(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hDst, UINT dstSub,
                                         D3D10DDI_HRESOURCE hSrc, UINT srcSub, DXGI_FORMAT format) {
  Device* device = Device::from(hDevice);
  Resource* dst = Resource::from(hDst);
  Resource* src = Resource::from(hSrc);
  // Each side is of the resolve format or typeless of its family.
  const state::FormatInfo* f = state::findFormat(format);
  auto fits = [&](const Resource& r) {
    return r.format == f || (r.format && r.format->kind == state::FormatKind::Typeless && f->family == r.format->dxgi);
  };
  if (!dst || !src || !dst->image || !src->image || src->samples <= 1 || dst->samples != 1 || !f ||
      f->kind == state::FormatKind::Typeless || state::isDepthFormat(*f) || dstSub >= dst->subresourceCount() ||
      srcSub >= src->subresourceCount() || !fits(*src) || !fits(*dst) || src->mipWidth(srcSub) != dst->mipWidth(dstSub) ||
      src->mipHeight(srcSub) != dst->mipHeight(dstSub))
    return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, {{dst, dstSub}});
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  const VkImageSubresourceLayers srcLayers{VK_IMAGE_ASPECT_COLOR_BIT, src->mipOf(srcSub), src->sliceOf(srcSub), 1};
  const VkImageSubresourceLayers dstLayers{VK_IMAGE_ASPECT_COLOR_BIT, dst->mipOf(dstSub), dst->sliceOf(dstSub), 1};
  const VkImageSubresourceLayers scratchLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  const VkExtent3D extent{src->mipWidth(srcSub), src->mipHeight(srcSub), 1};
  transitionImage(cmd, *src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  transitionImage(cmd, *dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  // A typeless source is copied bit for bit into a multisampled image of the resolve format first.
  VkResult result = VK_SUCCESS;
  std::unique_ptr<vk::Image> srcScratch, dstScratch;
  if (src->format != f) {
    srcScratch = resolveScratch(*device, cmd, f->vk, extent, src->image->info().samples, &result);
    if (!srcScratch) return device->setVkError(result);
    const VkImageCopy c{srcLayers, {0, 0, 0}, scratchLayers, {0, 0, 0}, extent};
    vkCmdCopyImage(cmd, src->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, srcScratch->handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    scratchTransition(cmd, srcScratch->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  }
  if (dst->format != f) {
    dstScratch = resolveScratch(*device, cmd, f->vk, extent, VK_SAMPLE_COUNT_1_BIT, &result);
    if (!dstScratch) return device->setVkError(result);
  }
  const VkImageResolve r{srcScratch ? scratchLayers : srcLayers, {0, 0, 0}, dstScratch ? scratchLayers : dstLayers,
                         {0, 0, 0}, extent};
  vkCmdResolveImage(cmd, srcScratch ? srcScratch->handle() : src->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    dstScratch ? dstScratch->handle() : dst->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
  if (dstScratch) {
    // The resolved texels copied bit for bit into the typeless destination.
    scratchTransition(cmd, dstScratch->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    const VkImageCopy c{scratchLayers, {0, 0, 0}, dstLayers, {0, 0, 0}, extent};
    vkCmdCopyImage(cmd, dstScratch->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst->image->handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
  }
  const uint64_t serial = device->queue().openSerial();
  if (srcScratch) device->queue().releaseAfter(serial, std::move(srcScratch));
  if (dstScratch) device->queue().releaseAfter(serial, std::move(dstScratch));
  markUsed(*device, *src);
  markUsed(*device, *dst);
}

BOOL APIENTRY flush(D3D10DDI_HDEVICE hDevice, UINT) {
  Device* device = Device::from(hDevice);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  VkResult vr = device->queue().submit();
  if (vr != VK_SUCCESS) {
    device->setVkError(vr);
    return FALSE;
  }
  return TRUE;
}

}  // namespace d3dvk::umd
