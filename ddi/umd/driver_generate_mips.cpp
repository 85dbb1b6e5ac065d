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

// One mip (of the view's slices) from one transfer layout to another, earlier
// transfer writes before later transfer reads and writes.
void mipBarrier(VkCommandBuffer cmd, const Resource& r, UINT mip, UINT firstSlice, UINT sliceCount,
                VkImageLayout from, VkImageLayout to) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = b.dstStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  b.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = r.image->handle();
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, mip, 1, firstSlice, sliceCount};
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

int32_t half(UINT extent, UINT mip) { return int32_t((extent >> mip) ? (extent >> mip) : 1); }

}  // namespace

VOID APIENTRY genMips(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADERRESOURCEVIEW hView) {
  Device* device = Device::from(hDevice);
  ShaderResourceView* v = ShaderResourceView::from(hView);
  if (!v || v->isBuffer || !v->resource || !v->resource->image || !v->viewFormat) return device->setError(E_INVALIDARG);
  Resource& r = *v->resource;
  if (v->mipCount < 2) return;
  // A blit filters in the image's format: a typeless image holds its family's
  // UINT format, which no blit filters; depth images are not colour.
  if (v->aspects != VK_IMAGE_ASPECT_COLOR_BIT || r.format->vk != v->viewFormat->vk) {
    logError("GenerateMips: the view's format " + std::to_string(int(v->format)) +
             " is not its image's own (a typeless resource viewed typed); no mips are generated");
    return;
  }
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device->vk().physicalDevice(), r.format->vk, &props);
  const VkFormatFeatureFlags needed =
      VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  if ((props.optimalTilingFeatures & needed) != needed) {
    logError("GenerateMips: the Vulkan device cannot filter-blit format " + std::to_string(int(v->format)) +
             "; no mips are generated");
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  if (predicatedOut(*device)) return;  // transfer commands take the CPU verdict (driver_predication.h)
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  markUsed(*device, r);
  transitionImage(cmd, r, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  const bool volume = r.isTexture3D();
  const UINT firstSlice = volume ? 0 : v->firstSlice, sliceCount = volume ? 1 : v->sliceCount;
  for (UINT mip = v->firstMip + 1; mip < v->firstMip + v->mipCount; ++mip) {
    mipBarrier(cmd, r, mip - 1, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip - 1, firstSlice, sliceCount};
    blit.srcOffsets[1] = {half(r.width, mip - 1), half(r.height, mip - 1), half(r.depth, mip - 1)};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip, firstSlice, sliceCount};
    blit.dstOffsets[1] = {half(r.width, mip), half(r.height, mip), half(r.depth, mip)};
    vkCmdBlitImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r.image->handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_LINEAR);
  }
  // Back to the image's tracked layout (every subresource TRANSFER_DST).
  for (UINT mip = v->firstMip; mip + 1 < v->firstMip + v->mipCount; ++mip)
    mipBarrier(cmd, r, mip, firstSlice, sliceCount, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
}

}  // namespace d3dvk::umd
