// ddi/umd/adapter_info.cpp — D3DVKGetAdapterInfo (d3dvk_adapter_info.h): the adapter
// description and memory segments DXGI reports, read from the Vulkan physical device
// the UMD drives and the process's memory budget, without creating a device.
#include "adapter.h"
#include "d3dvk_adapter_info.h"
#include "vk_memory_budget.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

namespace d3dvk::umd {
namespace {

// Heap flags decide the segment: device-local heaps are LOCAL on a discrete GPU; a
// UMA device (integrated GPU, CPU) has one memory, which DXGI calls LOCAL as well.
bool umaDevice(VkPhysicalDeviceType type) {
  return type == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU || type == VK_PHYSICAL_DEVICE_TYPE_CPU;
}

HRESULT fill(D3DVK_ADAPTER_INFO* info, D3DVK_MEMORY_SEGMENT_INFO* local, D3DVK_MEMORY_SEGMENT_INFO* nonLocal,
             std::string* error) {
  vk::Instance* instance = vk::Instance::shared(vk::instanceOptionsFromEnvironment(), error);
  if (!instance) return DXGI_ERROR_UNSUPPORTED;
  VkPhysicalDevice pd = instance->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), error);
  if (pd == VK_NULL_HANDLE) return DXGI_ERROR_UNSUPPORTED;
  const vk::PhysicalDeviceInfo physical = vk::queryPhysicalDevice(pd);
  const VkPhysicalDeviceProperties& props = physical.properties;
  const bool uma = umaDevice(props.deviceType);

  VkPhysicalDeviceMemoryProperties memory{};
  vkGetPhysicalDeviceMemoryProperties(pd, &memory);
  auto isLocal = [&](uint32_t heap) {
    return uma || (memory.memoryHeaps[heap].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) != 0;
  };

  if (info) {
    std::memset(info, 0, sizeof *info);
    std::snprintf(info->Description, sizeof info->Description, "%s", props.deviceName);
    info->VendorId = props.vendorID;
    info->DeviceId = props.deviceID;
    info->DeviceType = uint32_t(props.deviceType);
    info->Software = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 1 : 0;
    const std::vector<VkPhysicalDevice>& all = instance->physicalDevices();
    for (uint32_t i = 0; i < all.size(); ++i)
      if (all[i] == pd) info->PhysicalDeviceIndex = i;
    VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
    VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    props2.pNext = &id;
    vkGetPhysicalDeviceProperties2(pd, &props2);
    if (id.deviceLUIDValid) {
      std::memcpy(&info->LuidLowPart, id.deviceLUID, 4);
      std::memcpy(&info->LuidHighPart, id.deviceLUID + 4, 4);
    } else {
      // Unique in this process and the same on every call: "d3d" and the device's index.
      info->LuidLowPart = 0xD3D00000u | info->PhysicalDeviceIndex;
      info->LuidHighPart = 0;
    }
    for (uint32_t h = 0; h < memory.memoryHeapCount; ++h) {
      if (!uma && isLocal(h))
        info->DedicatedVideoMemory += memory.memoryHeaps[h].size;
      else
        info->SharedSystemMemory += memory.memoryHeaps[h].size;
    }
  }
  if (local || nonLocal) {
    vk::MemoryBudget& budget = vk::MemoryBudget::of(pd, physical.hasExtension(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME));
    D3DVK_MEMORY_SEGMENT_INFO segments[2] = {};
    for (uint32_t h = 0; h < budget.heapCount() && h < memory.memoryHeapCount; ++h) {
      const vk::MemoryBudget::HeapState state = budget.heap(h);
      D3DVK_MEMORY_SEGMENT_INFO& s = segments[isLocal(h) ? 0 : 1];
      s.Budget += state.budget;
      s.CurrentUsage += state.usage;
    }
    if (local) *local = segments[0];
    if (nonLocal) *nonLocal = segments[1];
  }
  return S_OK;
}

}  // namespace
}  // namespace d3dvk::umd

extern "C" __attribute__((visibility("default"))) int32_t D3DVKGetAdapterInfo(D3DVK_ADAPTER_INFO* info,
                                                                              D3DVK_MEMORY_SEGMENT_INFO* local,
                                                                              D3DVK_MEMORY_SEGMENT_INFO* nonLocal,
                                                                              char* error, uint32_t errorSize) {
  std::string reason;
  HRESULT hr = E_FAIL;
  try {
    hr = d3dvk::umd::fill(info, local, nonLocal, &reason);
  } catch (const std::bad_alloc&) {
    hr = E_OUTOFMEMORY;
    reason = "out of memory";
  } catch (...) {
    hr = E_FAIL;
    reason = "internal error";
  }
  if (FAILED(hr) && error && errorSize) std::snprintf(error, errorSize, "%s", reason.c_str());
  return hr;
}
