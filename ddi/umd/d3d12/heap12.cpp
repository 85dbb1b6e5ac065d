// ddi/umd/d3d12/heap12.cpp — CreateHeap's half of CreateHeapAndResource (see
// resource12.h): one VkDeviceMemory per heap, of the kind its memory pool and CPU
// page property ask for (device-local for L1 and NOT_AVAILABLE pages,
// host-visible and mapped for the heap's life otherwise, host-cached preferred
// for WRITE_BACK — but device-local for a heap of textures only where no
// host-visible type holds them), of a memory type every resource category the heap allows
// (buffers, render-target/depth-stencil textures, other textures) can bind to,
// and zeroed, as D3D12 heaps are; and the RESOURCE_HEAP_TIER that follows from
// the device's memory types.
#include "resource12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"

#include <cstring>

namespace d3dvk::umd12 {

VkBufferUsageFlags bufferUsage(vk::Device& device) {
  const VkBufferUsageFlags streamOutput =
      device.transformFeedbackEnabled()
          ? VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT
          : 0;
  return streamOutput | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
         VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
         VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
}

vk::HostAccess hostAccessOf(const D3D12DDIARG_CREATEHEAP_0001* args) {
  if (!args) return vk::HostAccess::None;
  switch (args->CPUPageProperty) {
    case D3D12DDI_CPU_PAGE_PROPERTY_WRITE_COMBINE: return vk::HostAccess::WriteCombine;
    case D3D12DDI_CPU_PAGE_PROPERTY_WRITE_BACK: return vk::HostAccess::WriteBack;
    default: return vk::HostAccess::None;
  }
}

namespace {

uint32_t imageTypeBits(vk::Device& device, VkFormat format, VkImageUsageFlags usage) {
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {64, 64, 1};
  info.mipLevels = info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  VkDeviceImageMemoryRequirements q{VK_STRUCTURE_TYPE_DEVICE_IMAGE_MEMORY_REQUIREMENTS};
  q.pCreateInfo = &info;
  VkMemoryRequirements2 req{VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
  vkGetDeviceImageMemoryRequirements(device.handle(), &q, &req);
  return req.memoryRequirements.memoryTypeBits;
}

// The memory types every resource category `flags` allows can bind to.
uint32_t heapTypeBits(vk::Device& device, int flags) {
  uint32_t bits = ~0u;
  if (flags & D3D12DDI_HEAP_FLAG_BUFFERS) {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = 65536;
    info.usage = bufferUsage(device);
    VkDeviceBufferMemoryRequirements q{VK_STRUCTURE_TYPE_DEVICE_BUFFER_MEMORY_REQUIREMENTS};
    q.pCreateInfo = &info;
    VkMemoryRequirements2 req{VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
    vkGetDeviceBufferMemoryRequirements(device.handle(), &q, &req);
    bits &= req.memoryRequirements.memoryTypeBits;
  }
  if (flags & D3D12DDI_HEAP_FLAG_NON_RT_DS_TEXTURES)
    bits &= imageTypeBits(device, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT);
  if (flags & D3D12DDI_HEAP_FLAG_RT_DS_TEXTURES) {
    bits &= imageTypeBits(device, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
    bits &= imageTypeBits(device, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
  }
  return bits;
}

}  // namespace

D3D12DDI_RESOURCE_HEAP_TIER resourceHeapTier(vk::Device& device) {
  constexpr VkDeviceSize kSmallPlacementAlignment = 4096;  // D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT
  // Tier 2 heaps hold buffers and both kinds of textures side by side: one
  // memory type must bind them all, for device-local heaps and for
  // CPU-visible ones, and a buffer and an optimal-tiling image in
  // neighbouring D3D12 placements (64 KiB apart for buffers, 4 KiB for small
  // textures) must never share a bufferImageGranularity page.
  const uint32_t all =
      heapTypeBits(device, D3D12DDI_HEAP_FLAG_BUFFERS | D3D12DDI_HEAP_FLAG_RT_DS_TEXTURES | D3D12DDI_HEAP_FLAG_NON_RT_DS_TEXTURES);
  const bool deviceLocal = device.findMemoryType(all, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) != UINT32_MAX;
  const bool hostVisible =
      device.findMemoryType(all, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != UINT32_MAX;
  const bool granular = device.info().properties.limits.bufferImageGranularity <= kSmallPlacementAlignment;
  return deviceLocal && hostVisible && granular ? D3D12DDI_RESOURCE_HEAP_TIER_2 : D3D12DDI_RESOURCE_HEAP_TIER_1;
}

HRESULT createHeap(Device12& device, const D3D12DDIARG_CREATEHEAP_0001& args, Heap12& heap) {
  heap.args = args;
  if (!args.ByteSize) return device.message(E_INVALIDARG, "CreateHeap: a heap of 0 bytes"), E_INVALIDARG;
  const int flags = args.Flags;
  const uint32_t bits = heapTypeBits(device.vk(), flags);
  if (!bits) {
    device.message(E_INVALIDARG, "CreateHeap: no Vulkan memory type holds every resource kind the heap allows");
    return E_INVALIDARG;
  }
  // A CPU-visible heap of textures only whose memory types are none of them
  // host-visible (NVIDIA: optimal-tiling images never are) takes device
  // memory: its textures are reached only through Write/ReadFromSubresource's
  // copies (subresource_cpu12.cpp), never mapped, whatever the page property.
  vk::HostAccess access = hostAccessOf(&args);
  constexpr VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  if (access != vk::HostAccess::None && !(flags & D3D12DDI_HEAP_FLAG_BUFFERS) &&
      (!device.vk().hostVisibleImages() || device.vk().findMemoryType(bits, kHost) == UINT32_MAX))
    access = vk::HostAccess::None;
  VkResult result = VK_SUCCESS;
  heap.memory = vk::Memory::create(device.vk(), args.ByteSize, bits, access, &result);
  if (!heap.memory) return Device12::hresultFor(result);
  if (heap.memory->mapped()) {
    std::memset(heap.memory->mapped(), 0, size_t(args.ByteSize));
    return S_OK;
  }
  // Zeroed through a buffer over the whole heap where its memory type holds
  // buffers (it does wherever the heap allows them; elsewhere textures start
  // undefined as D3D12's placed textures do).
  VkResult bufferResult = VK_SUCCESS;
  vk::PlacementError placement = vk::PlacementError::None;
  auto zero = vk::Buffer::createPlaced(device.vk(), args.ByteSize, VK_BUFFER_USAGE_TRANSFER_DST_BIT, *heap.memory, 0,
                                       &bufferResult, &placement);
  if (!zero) return S_OK;
  result = device.runNow([&](VkCommandBuffer cmd) { vkCmdFillBuffer(cmd, zero->handle(), 0, VK_WHOLE_SIZE, 0); });
  return Device12::hresultFor(result);
}

}  // namespace d3dvk::umd12
