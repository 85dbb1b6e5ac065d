// ddi/umd/driver_generate_mips.cpp — see driver_generate_mips.h.
#include "driver_generate_mips.h"

#include "adapter.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"
#include "driver_view.h"

#include <string>

namespace d3dvk::umd {

namespace {

// Mips [mip, mip + mipCount) of slices [firstSlice, +sliceCount) from one
// transfer layout to another, earlier transfer writes before later transfer
// reads and writes.
void mipBarrier(VkCommandBuffer cmd, VkImage image, UINT mip, UINT mipCount, UINT firstSlice, UINT sliceCount,
                VkImageLayout from, VkImageLayout to) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = b.dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, mip, mipCount, firstSlice, sliceCount};
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

int32_t half(UINT extent, UINT mip) { return int32_t((extent >> mip) ? (extent >> mip) : 1); }

// Blits mips [first + 1, first + count) of `image`, each from the one before
// (slices [firstSlice, +sliceCount)); every mip of the range is in
// TRANSFER_DST before and after. `extent` is the image's mip 0 size.
void blitChain(VkCommandBuffer cmd, VkImage image, VkExtent3D extent, UINT first, UINT count, UINT firstSlice,
               UINT sliceCount) {
  for (UINT mip = first + 1; mip < first + count; ++mip) {
    mipBarrier(cmd, image, mip - 1, 1, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip - 1, firstSlice, sliceCount};
    blit.srcOffsets[1] = {half(extent.width, mip - 1), half(extent.height, mip - 1), half(extent.depth, mip - 1)};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip, firstSlice, sliceCount};
    blit.dstOffsets[1] = {half(extent.width, mip), half(extent.height, mip), half(extent.depth, mip)};
    vkCmdBlitImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                   &blit, VK_FILTER_LINEAR);
  }
  if (count > 1)
    mipBarrier(cmd, image, first, count - 1, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
}

}  // namespace

VOID APIENTRY genMips(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADERRESOURCEVIEW hView) {
  Device* device = Device::from(hDevice);
  ShaderResourceView* v = ShaderResourceView::from(hView);
  if (!v || v->isBuffer || !v->resource || !v->resource->image || !v->viewFormat) return device->setError(E_INVALIDARG);
  Resource& r = *v->resource;
  if (v->mipCount < 2) return;
  if (v->aspects != VK_IMAGE_ASPECT_COLOR_BIT) {
    logError("GenerateMips: the view " + std::to_string(int(v->format)) + " is no colour view; no mips are generated");
    return;
  }
  // A blit filters in the image's format. A typeless image holds its family's
  // UINT format, which no blit filters: its view's mips are blitted in a
  // scratch image of the view's format (copies move the texels' bits both ways).
  const bool typedView = r.format->vk != v->viewFormat->vk;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device->vk().physicalDevice(), v->viewFormat->vk, &props);
  const VkFormatFeatureFlags needed =
      VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  if ((props.optimalTilingFeatures & needed) != needed) {
    logError("GenerateMips: the Vulkan device cannot filter-blit format " + std::to_string(int(v->format)) +
             "; no mips are generated");
    return;
  }
  const bool volume = r.isTexture3D();
  const UINT firstSlice = volume ? 0 : v->firstSlice, sliceCount = volume ? 1 : v->sliceCount;
  const VkExtent3D extent{r.width, r.height, r.depth};
  std::unique_ptr<vk::Image> scratch;
  const VkExtent3D top{UINT(half(r.width, v->firstMip)), UINT(half(r.height, v->firstMip)),
                       UINT(half(r.depth, v->firstMip))};
  if (typedView) {
    VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    info.imageType = r.image->info().imageType;
    info.format = v->viewFormat->vk;
    info.extent = top;
    info.mipLevels = v->mipCount;
    info.arrayLayers = sliceCount;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkResult vr = VK_SUCCESS;
    scratch = vk::Image::create(device->vk(), info, &vr);
    if (!scratch) return device->setVkError(vr);
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, subresourceDestinations(r, v->firstMip + 1, v->mipCount - 1, firstSlice, sliceCount));
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  markUsed(*device, r);
  transitionImage(cmd, r, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  // Earlier transfer writes of the view's mips (uploads, copies) before these reads and writes.
  mipBarrier(cmd, r.image->handle(), v->firstMip, v->mipCount, firstSlice, sliceCount,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  if (!typedView) return blitChain(cmd, r.image->handle(), extent, v->firstMip, v->mipCount, firstSlice, sliceCount);

  // The view's top mip into the scratch image's mip 0, the chain there, its
  // mips back into the resource's.
  VkImage image = r.image->handle(), temp = scratch->handle();
  mipBarrier(cmd, image, v->firstMip, 1, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  mipBarrier(cmd, temp, 0, v->mipCount, 0, sliceCount, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  VkImageCopy in{};
  in.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, v->firstMip, firstSlice, sliceCount};
  in.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, sliceCount};
  in.extent = top;
  vkCmdCopyImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, temp, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &in);
  mipBarrier(cmd, image, v->firstMip, 1, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  blitChain(cmd, temp, top, 0, v->mipCount, 0, sliceCount);
  mipBarrier(cmd, temp, 1, v->mipCount - 1, 0, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  std::vector<VkImageCopy> out(v->mipCount - 1);
  for (UINT m = 1; m < v->mipCount; ++m) {
    VkImageCopy& c = out[m - 1];
    c.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m, 0, sliceCount};
    c.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, v->firstMip + m, firstSlice, sliceCount};
    c.extent = {UINT(half(top.width, m)), UINT(half(top.height, m)), UINT(half(top.depth, m))};
  }
  vkCmdCopyImage(cmd, temp, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 UINT(out.size()), out.data());
  device->queue().releaseAfter(device->queue().openSerial(), std::move(scratch));
}

}  // namespace d3dvk::umd
