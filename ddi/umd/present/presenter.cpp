// ddi/umd/present/presenter.cpp — see presenter.h.
#include "presenter.h"

#include <algorithm>

namespace d3dvk::umd {
namespace {

constexpr HRESULT kOccluded = HRESULT(0x087A0001);  // DXGI_STATUS_OCCLUDED (dxgitype.h is the runtime's)
constexpr HRESULT kWaitTimeout = HRESULT(0x887A0027);  // DXGI_ERROR_WAIT_TIMEOUT

bool sameExtent(VkExtent2D a, VkExtent2D b) { return a.width == b.width && a.height == b.height; }

}  // namespace

std::unique_ptr<Presenter> Presenter::create(vk::Device& device, std::unique_ptr<PresentWindow> window,
                                             VkFormat format, bool srgb, uint32_t bufferCount, HRESULT* hr,
                                             std::string* error) {
  if (!device.extensionEnabled(VK_KHR_SWAPCHAIN_EXTENSION_NAME)) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the Vulkan device has no VK_KHR_swapchain: it cannot present";
    return nullptr;
  }
  std::unique_ptr<Presenter> self(new Presenter(device, std::move(window)));
  self->sourceFormat_ = format;
  self->srgb_ = srgb;
  self->bufferCount_ = bufferCount;
  *hr = self->init(error);
  if (FAILED(*hr)) return nullptr;
  return self;
}

HRESULT Presenter::fail(VkResult result, const char* what, std::string* error) {
  *error = std::string(what) + " failed (VkResult " + std::to_string(int(result)) + ")";
  switch (result) {
    case VK_ERROR_DEVICE_LOST: return DXGI_ERROR_DEVICE_REMOVED;
    case VK_ERROR_SURFACE_LOST_KHR:
      *error += ": the window is gone";
      return DXGI_ERROR_INVALID_CALL;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return E_OUTOFMEMORY;
    default: return E_FAIL;
  }
}

HRESULT Presenter::init(std::string* error) {
  const VkPhysicalDevice pd = device_.physicalDevice();
  VkBool32 supported = VK_FALSE;
  VkResult r = vkGetPhysicalDeviceSurfaceSupportKHR(pd, device_.queueFamily(), window_->surface(), &supported);
  if (r != VK_SUCCESS) return fail(r, "vkGetPhysicalDeviceSurfaceSupportKHR", error);
  if (!supported) {
    *error = "the Vulkan device's graphics queue cannot present to this window";
    return DXGI_ERROR_UNSUPPORTED;
  }
  uint32_t count = 0;
  vkGetPhysicalDeviceSurfacePresentModesKHR(pd, window_->surface(), &count, nullptr);
  std::vector<VkPresentModeKHR> modes(count);
  vkGetPhysicalDeviceSurfacePresentModesKHR(pd, window_->surface(), &count, modes.data());
  auto offered = [&](VkPresentModeKHR m) { return std::find(modes.begin(), modes.end(), m) != modes.end(); };
  immediate_ = offered(VK_PRESENT_MODE_IMMEDIATE_KHR) ? VK_PRESENT_MODE_IMMEDIATE_KHR
               : offered(VK_PRESENT_MODE_MAILBOX_KHR) ? VK_PRESENT_MODE_MAILBOX_KHR
                                                        : VK_PRESENT_MODE_FIFO_KHR;

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = device_.queueFamily();
  if ((r = vkCreateCommandPool(device_.handle(), &poolInfo, nullptr, &pool_)) != VK_SUCCESS)
    return fail(r, "vkCreateCommandPool", error);
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  if ((r = vkAllocateCommandBuffers(device_.handle(), &alloc, &cmd_)) != VK_SUCCESS)
    return fail(r, "vkAllocateCommandBuffers", error);
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  if ((r = vkCreateFence(device_.handle(), &fenceInfo, nullptr, &fence_)) != VK_SUCCESS)
    return fail(r, "vkCreateFence", error);
  VkSemaphoreCreateInfo semInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  if ((r = vkCreateSemaphore(device_.handle(), &semInfo, nullptr, &acquireSemaphore_)) != VK_SUCCESS)
    return fail(r, "vkCreateSemaphore", error);
  VkSemaphoreTypeCreateInfo timelineType{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  timelineType.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo timelineInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  timelineInfo.pNext = &timelineType;
  if ((r = vkCreateSemaphore(device_.handle(), &timelineInfo, nullptr, &copyTimeline_)) != VK_SUCCESS)
    return fail(r, "vkCreateSemaphore (timeline)", error);
  return S_OK;
}

Presenter::~Presenter() {
  std::string ignored;
  waitLastPresent(&ignored);
  if (swapchain_) vkQueueWaitIdle(device_.queue());  // the presentation engine's semaphore waits
  destroySwapchain();
  if (acquireSemaphore_) vkDestroySemaphore(device_.handle(), acquireSemaphore_, nullptr);
  if (copyTimeline_) vkDestroySemaphore(device_.handle(), copyTimeline_, nullptr);
  if (fence_) vkDestroyFence(device_.handle(), fence_, nullptr);
  if (pool_) vkDestroyCommandPool(device_.handle(), pool_, nullptr);
}

HRESULT Presenter::waitLastPresent(std::string* error) {
  if (!fencePending_) return S_OK;
  VkResult r = device_.hung() ? VK_ERROR_DEVICE_LOST
                              : vkWaitForFences(device_.handle(), 1, &fence_, VK_TRUE, device_.gpuTimeoutNs());
  if (r == VK_TIMEOUT) {
    device_.markHung();
    r = VK_ERROR_DEVICE_LOST;
  }
  if (r != VK_SUCCESS) return fail(r, "waiting for the last present's copy", error);
  fencePending_ = false;
  vkResetFences(device_.handle(), 1, &fence_);
  return S_OK;
}

void Presenter::destroySwapchain() {
  for (VkSemaphore s : presentSemaphores_) vkDestroySemaphore(device_.handle(), s, nullptr);
  presentSemaphores_.clear();
  images_.clear();
  if (swapchain_) vkDestroySwapchainKHR(device_.handle(), swapchain_, nullptr);
  swapchain_ = VK_NULL_HANDLE;
}

HRESULT Presenter::recreate(VkExtent2D extent, bool immediate, std::string* error) {
  const VkPhysicalDevice pd = device_.physicalDevice();
  const VkSurfaceKHR surface = window_->surface();
  VkSurfaceCapabilitiesKHR caps{};
  VkResult r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(pd, surface, &caps);
  if (r != VK_SUCCESS) return fail(r, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR", error);
  if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
    *error = "the window's swapchain images cannot be copied to (no TRANSFER_DST usage)";
    return DXGI_ERROR_UNSUPPORTED;
  }
  uint32_t count = 0;
  vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface, &count, nullptr);
  std::vector<VkSurfaceFormatKHR> formats(count);
  vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface, &count, formats.data());
  formats.resize(count);
  if (formats.empty()) {
    *error = "the window offers no surface format";
    return DXGI_ERROR_UNSUPPORTED;
  }
  // The back buffer's own format, else 8-bit BGRA or RGBA of the same encoding (the
  // blit converts); always the sRGB colour space (DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709).
  auto find = [&](VkFormat f) {
    return std::find_if(formats.begin(), formats.end(), [&](const VkSurfaceFormatKHR& s) {
      return s.format == f && s.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR;
    });
  };
  auto chosen = find(sourceFormat_);
  if (chosen == formats.end()) chosen = find(srgb_ ? VK_FORMAT_B8G8R8A8_SRGB : VK_FORMAT_B8G8R8A8_UNORM);
  if (chosen == formats.end()) chosen = find(srgb_ ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM);
  if (chosen == formats.end()) chosen = formats.begin();
  surfaceFormat_ = *chosen;

  uint32_t imageCount = std::max(caps.minImageCount, bufferCount_);
  if (caps.maxImageCount) imageCount = std::min(imageCount, caps.maxImageCount);
  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = surface;
  info.minImageCount = imageCount;
  info.imageFormat = surfaceFormat_.format;
  info.imageColorSpace = surfaceFormat_.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  info.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                            : VkCompositeAlphaFlagBitsKHR(caps.supportedCompositeAlpha & -caps.supportedCompositeAlpha);
  info.presentMode = immediate ? immediate_ : VK_PRESENT_MODE_FIFO_KHR;
  info.clipped = VK_TRUE;
  info.oldSwapchain = swapchain_;
  VkSwapchainKHR created = VK_NULL_HANDLE;
  r = vkCreateSwapchainKHR(device_.handle(), &info, nullptr, &created);
  if (swapchain_) {
    vkQueueWaitIdle(device_.queue());  // the old images' presents (queue mutex held)
    destroySwapchain();
  }
  if (r != VK_SUCCESS) return fail(r, "vkCreateSwapchainKHR", error);
  swapchain_ = created;
  extent_ = extent;
  swapchainImmediate_ = immediate;
  outOfDate_ = false;
  vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, nullptr);
  images_.resize(count);
  vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, images_.data());
  VkSemaphoreCreateInfo semInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  for (uint32_t i = 0; i < count; ++i) {
    VkSemaphore s = VK_NULL_HANDLE;
    if ((r = vkCreateSemaphore(device_.handle(), &semInfo, nullptr, &s)) != VK_SUCCESS) {
      destroySwapchain();
      return fail(r, "vkCreateSemaphore", error);
    }
    presentSemaphores_.push_back(s);
  }
  return S_OK;
}

bool Presenter::windowSize(uint32_t* width, uint32_t* height) {
  *width = *height = 0;
  if (!window_->alive()) return false;
  VkSurfaceCapabilitiesKHR caps{};
  if (vkGetPhysicalDeviceSurfaceCapabilitiesKHR(device_.physicalDevice(), window_->surface(), &caps) != VK_SUCCESS)
    return false;
  if (caps.currentExtent.width != 0xFFFFFFFFu) {
    *width = caps.currentExtent.width;
    *height = caps.currentExtent.height;
  }
  return true;
}

HRESULT Presenter::resize(VkFormat format, bool srgb, uint32_t bufferCount, std::string* error) {
  const HRESULT hr = waitLastPresent(error);
  if (FAILED(hr)) return hr;
  if (format != sourceFormat_ || srgb != srgb_ || bufferCount != bufferCount_) outOfDate_ = true;
  sourceFormat_ = format;
  srgb_ = srgb;
  bufferCount_ = bufferCount;
  return S_OK;
}

HRESULT Presenter::present(const PresentSource& source, uint32_t syncInterval, std::string* error) {
  // Interval N > 1 shows the frame for N vertical blanks: N FIFO presents of it.
  const bool immediate = syncInterval == 0 && immediate_ != VK_PRESENT_MODE_FIFO_KHR;
  const uint32_t times = syncInterval > 1 ? syncInterval : 1;
  for (uint32_t i = 0; i < times; ++i) {
    const HRESULT hr = presentOnce(source, immediate, error);
    if (hr != S_OK) return hr;  // a failure, or occluded: nothing more to show
  }
  ++presentCount_;
  lastFrame_.store(copySerial_, std::memory_order_release);
  return S_OK;
}

HRESULT Presenter::waitForFrame(uint64_t frame, uint64_t timeoutNs) {
  if (frame == 0) return S_OK;
  if (timeoutNs >= device_.gpuTimeoutNs()) {  // bounded by the GPU timeout: a hung device is removed
    const VkResult r = device_.waitSemaphores(1, &copyTimeline_, &frame);
    return r == VK_SUCCESS ? S_OK : DXGI_ERROR_DEVICE_REMOVED;
  }
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = 1;
  info.pSemaphores = &copyTimeline_;
  info.pValues = &frame;
  const VkResult r = vkWaitSemaphores(device_.handle(), &info, device_.hung() ? 0 : timeoutNs);
  if (r == VK_TIMEOUT && !device_.hung()) return kWaitTimeout;
  return r == VK_SUCCESS ? S_OK : DXGI_ERROR_DEVICE_REMOVED;
}

HRESULT Presenter::presentOnce(const PresentSource& source, bool immediate, std::string* error) {
  if (!window_->alive()) {
    *error = "the window was destroyed";
    return DXGI_ERROR_INVALID_CALL;
  }
  HRESULT hr = waitLastPresent(error);
  if (FAILED(hr)) return hr;
  if (acquireSignaled_) {  // a failed present left it signalled with no wait: a fresh one
    vkDestroySemaphore(device_.handle(), acquireSemaphore_, nullptr);
    acquireSemaphore_ = VK_NULL_HANDLE;
    VkSemaphoreCreateInfo semInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    const VkResult r = vkCreateSemaphore(device_.handle(), &semInfo, nullptr, &acquireSemaphore_);
    if (r != VK_SUCCESS) return fail(r, "vkCreateSemaphore", error);
    acquireSignaled_ = false;
  }
  const VkPhysicalDevice pd = device_.physicalDevice();
  uint32_t index = 0;
  for (int attempt = 0;; ++attempt) {
    VkSurfaceCapabilitiesKHR caps{};
    VkResult r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(pd, window_->surface(), &caps);
    if (r != VK_SUCCESS) return fail(r, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR", error);
    VkExtent2D extent = caps.currentExtent;
    if (extent.width == 0xFFFFFFFFu) {  // the swapchain decides: the back buffer's size
      extent.width = std::clamp(source.extent.width, caps.minImageExtent.width, caps.maxImageExtent.width);
      extent.height = std::clamp(source.extent.height, caps.minImageExtent.height, caps.maxImageExtent.height);
    }
    if (extent.width == 0 || extent.height == 0) return kOccluded;  // minimized: nothing to show
    if (!swapchain_ || outOfDate_ || !sameExtent(extent, extent_) || immediate != swapchainImmediate_) {
      hr = recreate(extent, immediate, error);
      if (FAILED(hr)) return hr;
    }
    r = vkAcquireNextImageKHR(device_.handle(), swapchain_, device_.gpuTimeoutNs(), acquireSemaphore_,
                              VK_NULL_HANDLE, &index);
    if (r == VK_SUCCESS || r == VK_SUBOPTIMAL_KHR) {
      acquireSignaled_ = true;
      if (r == VK_SUBOPTIMAL_KHR) outOfDate_ = true;  // shown now, remade next time
      break;
    }
    if (r == VK_ERROR_OUT_OF_DATE_KHR && attempt == 0) {
      outOfDate_ = true;
      continue;
    }
    return fail(r, "vkAcquireNextImageKHR", error);
  }

  VkResult r = vkResetCommandBuffer(cmd_, 0);
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (r == VK_SUCCESS) r = vkBeginCommandBuffer(cmd_, &begin);
  if (r != VK_SUCCESS) {
    outOfDate_ = true;  // the acquired image is never presented: a new swapchain next time
    return fail(r, "vkBeginCommandBuffer", error);
  }
  const VkImage target = images_[index];
  VkMemoryBarrier2 earlier{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};  // everything submitted before
  earlier.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  earlier.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  earlier.dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  earlier.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT;
  VkImageMemoryBarrier2 toDst{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  toDst.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;  // after the acquire semaphore's wait
  toDst.dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  toDst.dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  toDst.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  toDst.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  toDst.srcQueueFamilyIndex = toDst.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  toDst.image = target;
  toDst.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  // A GENERAL source (D3D12's images) moves to TRANSFER_SRC_OPTIMAL for the blit and back.
  const bool moveSource = source.layout != VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkImageMemoryBarrier2 sourceToSrc{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  sourceToSrc.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  sourceToSrc.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  sourceToSrc.dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  sourceToSrc.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
  sourceToSrc.oldLayout = source.layout;
  sourceToSrc.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  sourceToSrc.srcQueueFamilyIndex = sourceToSrc.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  sourceToSrc.image = source.image;
  sourceToSrc.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  const VkImageMemoryBarrier2 before[2] = {toDst, sourceToSrc};
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.memoryBarrierCount = 1;
  dep.pMemoryBarriers = &earlier;
  dep.imageMemoryBarrierCount = moveSource ? 2 : 1;
  dep.pImageMemoryBarriers = before;
  vkCmdPipelineBarrier2(cmd_, &dep);

  VkImageBlit region{};
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.srcOffsets[1] = {int32_t(source.extent.width), int32_t(source.extent.height), 1};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.dstOffsets[1] = {int32_t(extent_.width), int32_t(extent_.height), 1};
  VkFilter filter = VK_FILTER_NEAREST;
  if (!sameExtent(source.extent, extent_)) {
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(pd, source.format, &props);
    if (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) filter = VK_FILTER_LINEAR;
  }
  vkCmdBlitImage(cmd_, source.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, target, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 1, &region, filter);

  VkImageMemoryBarrier2 toPresent = toDst;
  toPresent.srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  toPresent.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  toPresent.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;  // before the semaphore signal
  toPresent.dstAccessMask = 0;
  toPresent.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  toPresent.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
  VkImageMemoryBarrier2 sourceBack = sourceToSrc;  // reads done before the next batch's full barrier
  sourceBack.srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  sourceBack.srcAccessMask = 0;
  sourceBack.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  sourceBack.dstAccessMask = 0;
  sourceBack.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  sourceBack.newLayout = source.layout;
  const VkImageMemoryBarrier2 after[2] = {toPresent, sourceBack};
  dep.memoryBarrierCount = 0;
  dep.imageMemoryBarrierCount = moveSource ? 2 : 1;
  dep.pImageMemoryBarriers = after;
  vkCmdPipelineBarrier2(cmd_, &dep);
  if ((r = vkEndCommandBuffer(cmd_)) != VK_SUCCESS) {
    outOfDate_ = true;
    return fail(r, "vkEndCommandBuffer", error);
  }

  VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  wait.semaphore = acquireSemaphore_;
  wait.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkSemaphoreSubmitInfo signal[2] = {{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO},
                                      {VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO}};
  signal[0].semaphore = presentSemaphores_[index];
  signal[0].stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  signal[1].semaphore = copyTimeline_;  // this copy's serial, for waitForFrame
  signal[1].value = copySerial_ + 1;
  signal[1].stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkCommandBufferSubmitInfo cmdInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cmdInfo.commandBuffer = cmd_;
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.waitSemaphoreInfoCount = 1;
  submit.pWaitSemaphoreInfos = &wait;
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmdInfo;
  submit.signalSemaphoreInfoCount = 2;
  submit.pSignalSemaphoreInfos = signal;
  if ((r = vkQueueSubmit2(device_.queue(), 1, &submit, fence_)) != VK_SUCCESS) {
    outOfDate_ = true;
    return fail(r, "vkQueueSubmit2", error);
  }
  ++copySerial_;
  fencePending_ = true;
  acquireSignaled_ = false;

  VkPresentInfoKHR info{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  info.waitSemaphoreCount = 1;
  info.pWaitSemaphores = &presentSemaphores_[index];
  info.swapchainCount = 1;
  info.pSwapchains = &swapchain_;
  info.pImageIndices = &index;
  r = vkQueuePresentKHR(device_.queue(), &info);
  if (r == VK_SUBOPTIMAL_KHR || r == VK_ERROR_OUT_OF_DATE_KHR) {
    outOfDate_ = true;  // the window changed: remade at the next present
    r = VK_SUCCESS;
  }
  if (r != VK_SUCCESS) return fail(r, "vkQueuePresentKHR", error);
  return S_OK;
}

}  // namespace d3dvk::umd
