// ddi/umd/d3d12/resolve12.cpp — ResolveSubresource (CommandRecorder12, see
// command_recorder12.h): vkCmdResolveImage from one multisampled subresource
// into one single-sampled subresource of the same extent, both of the resolve
// format (D3D's average for float, UNORM and SNORM formats; the runtime
// refuses the others). A typeless resource's image holds its family's UINT
// format, whose Vulkan resolve would pick one sample: its subresource is
// copied bit for bit into (or out of) a scratch image of the resolve format
// (Device12::resolveScratch), which Vulkan resolves with the average.
#include "command_recorder12.h"

#include "device12.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <string>

namespace d3dvk::umd12 {

void CommandRecorder12::resolveSubresource(Resource12& dst, UINT dstSubresource, Resource12& src, UINT srcSubresource,
                                           DXGI_FORMAT format, const ResolveRegion* region) {
  if (dst.isBuffer() || src.isBuffer()) return fail(E_INVALIDARG, "ResolveSubresource between buffers");
  if (src.image->info().samples == VK_SAMPLE_COUNT_1_BIT || dst.image->info().samples != VK_SAMPLE_COUNT_1_BIT)
    return fail(E_INVALIDARG, "ResolveSubresource needs a multisampled source and a single-sampled destination");
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || f->kind == state::FormatKind::Typeless || state::isDepthFormat(*f) || f->kind == state::FormatKind::Uint ||
      f->kind == state::FormatKind::Sint)
    return fail(E_INVALIDARG, "ResolveSubresource: the format is not a float, UNORM or SNORM colour format");
  // Each resource is of the resolve format or typeless of its family.
  auto fits = [&](const Resource12& r) {
    return r.format == f || (r.format->kind == state::FormatKind::Typeless && f->family == r.format->dxgi);
  };
  if (!fits(src) || !fits(dst))
    return fail(E_INVALIDARG, ("ResolveSubresource: both resources must have format " + std::to_string(int(format)) +
                               " or be typeless of its family")
                                  .c_str());
  if (srcSubresource >= src.subresourceCount() || dstSubresource >= dst.subresourceCount())
    return fail(E_INVALIDARG, "ResolveSubresource: a subresource is out of range");
  UINT srcMip = srcSubresource % src.mipLevels, srcSlice = srcSubresource / src.mipLevels;
  UINT dstMip = dstSubresource % dst.mipLevels, dstSlice = dstSubresource / dst.mipLevels;
  VkExtent3D se = src.mipExtent(srcMip), de = dst.mipExtent(dstMip);
  // The rectangle resolved: the whole subresource, or the region's.
  VkOffset3D srcAt{0, 0, 0}, dstAt{0, 0, 0};
  VkExtent3D extent{se.width, se.height, 1};
  if (region) {
    const D3D12DDI_RECT& r = region->src;
    if (r.left < 0 || r.top < 0 || r.right <= r.left || r.bottom <= r.top || UINT(r.right) > se.width ||
        UINT(r.bottom) > se.height || uint64_t(region->dstX) + UINT(r.right - r.left) > de.width ||
        uint64_t(region->dstY) + UINT(r.bottom - r.top) > de.height)
      return fail(E_INVALIDARG, "ResolveSubresourceRegion: the region lies outside a subresource");
    srcAt = {r.left, r.top, 0};
    dstAt = {int32_t(region->dstX), int32_t(region->dstY), 0};
    extent = {UINT(r.right - r.left), UINT(r.bottom - r.top), 1};
  } else if (se.width != de.width || se.height != de.height) {
    return fail(E_INVALIDARG, "ResolveSubresource: the subresources differ in size");
  }
  // Typeless sides go through scratch images of the resolve format (the region's size, at 0, 0).
  VkResult result = VK_SUCCESS;
  const VkImage srcScratch = src.format == f ? VK_NULL_HANDLE
                                             : device_->resolveScratch(f->vk, extent, src.image->info().samples, &result);
  const VkImage dstScratch = dst.format == f || result != VK_SUCCESS
                                 ? VK_NULL_HANDLE
                                 : device_->resolveScratch(f->vk, extent, VK_SAMPLE_COUNT_1_BIT, &result);
  if (result != VK_SUCCESS)
    return fail(Device12::hresultFor(result), "ResolveSubresource: cannot create a scratch image of the resolve format");
  const PredicatedTransfer predicated(*this, "ResolveSubresource",
                                      {subresourceTarget(dst, VK_IMAGE_ASPECT_COLOR_BIT, dstMip, dstSlice, 1)});
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  const VkImageSubresourceLayers srcLayers{VK_IMAGE_ASPECT_COLOR_BIT, srcMip, srcSlice, 1};
  const VkImageSubresourceLayers dstLayers{VK_IMAGE_ASPECT_COLOR_BIT, dstMip, dstSlice, 1};
  const VkImageSubresourceLayers scratchLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  // One transfer from `from` to `to` (GENERAL outside it), recorded by `op`.
  auto transfer = [&](VkImage from, const VkImageSubresourceLayers& fl, VkImage to, const VkImageSubresourceLayers& tl,
                      auto&& op) {
    const VkImageSubresourceRange fr{fl.aspectMask, fl.mipLevel, 1, fl.baseArrayLayer, 1};
    const VkImageSubresourceRange tr{tl.aspectMask, tl.mipLevel, 1, tl.baseArrayLayer, 1};
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    op();
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  };
  auto copy = [&](VkImage from, const VkImageSubresourceLayers& fl, VkOffset3D fo, VkImage to,
                  const VkImageSubresourceLayers& tl, VkOffset3D to3) {
    const VkImageCopy c{fl, fo, tl, to3, extent};
    transfer(from, fl, to, tl, [&] {
      vkCmdCopyImage(cmd, from, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    });
  };
  const VkImage resolveFrom = srcScratch ? srcScratch : src.image->handle();
  const VkImage resolveTo = dstScratch ? dstScratch : dst.image->handle();
  const VkImageSubresourceLayers& fromLayers = srcScratch ? scratchLayers : srcLayers;
  const VkImageSubresourceLayers& toLayers = dstScratch ? scratchLayers : dstLayers;
  const VkOffset3D origin{0, 0, 0};
  if (srcScratch) copy(src.image->handle(), srcLayers, srcAt, srcScratch, scratchLayers, origin);
  const VkImageResolve resolve{fromLayers, srcScratch ? origin : srcAt, toLayers, dstScratch ? origin : dstAt, extent};
  transfer(resolveFrom, fromLayers, resolveTo, toLayers, [&] {
    vkCmdResolveImage(cmd, resolveFrom, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, resolveTo, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                      1, &resolve);
  });
  if (dstScratch) copy(dstScratch, scratchLayers, origin, dst.image->handle(), dstLayers, dstAt);
}

}  // namespace d3dvk::umd12
