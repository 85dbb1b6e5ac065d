/* ddi/include/d3dvk_adapter_info.h — what libd3dvk_umd.so tells the runtime's DXGI
 * about its adapter, the role the kernel's adapter queries (D3DKMTQueryAdapterInfo)
 * have on Windows: D3DVKGetAdapterInfo describes the Vulkan physical device the UMD
 * drives (the one D3DVK_DEVICE selects) and the memory budget and usage of its local
 * and non-local segments, without creating a Vulkan device. The runtime finds it with
 * dlsym on the UMD it loaded; a UMD without it (a filter such as ddi-trace) leaves
 * DXGI with a generic description. */
#ifndef D3DVK_ADAPTER_INFO_H
#define D3DVK_ADAPTER_INFO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct D3DVK_MEMORY_SEGMENT_INFO {
  uint64_t Budget;       /* VK_EXT_memory_budget's heapBudget, else the heap size (see vk_memory_budget.h) */
  uint64_t CurrentUsage; /* what d3dvk has allocated from the segment's heaps in this process */
} D3DVK_MEMORY_SEGMENT_INFO;

typedef struct D3DVK_ADAPTER_INFO {
  char Description[256];         /* VkPhysicalDeviceProperties::deviceName (UTF-8) */
  uint32_t VendorId;             /* VkPhysicalDeviceProperties::vendorID */
  uint32_t DeviceId;             /* VkPhysicalDeviceProperties::deviceID */
  uint32_t DeviceType;           /* VkPhysicalDeviceType */
  uint32_t Software;             /* 1 for a CPU implementation (lavapipe): DXGI_ADAPTER_FLAG_SOFTWARE */
  uint32_t PhysicalDeviceIndex;  /* index in vkEnumeratePhysicalDevices */
  uint32_t LuidLowPart;          /* VkPhysicalDeviceIDProperties::deviceLUID when valid, else made from the index */
  int32_t LuidHighPart;
  uint32_t Reserved;
  uint64_t DedicatedVideoMemory; /* device-local heaps of a discrete GPU; 0 on a UMA device */
  uint64_t SharedSystemMemory;   /* the other heaps; on a UMA device all of them */
} D3DVK_ADAPTER_INFO;

/* S_OK (0) and the three outputs filled (each may be null), or a failure HRESULT with
 * a NUL-terminated reason in error (when errorSize > 0): no Vulkan, no device. */
typedef int32_t (*PFN_D3DVKGetAdapterInfo)(D3DVK_ADAPTER_INFO* info, D3DVK_MEMORY_SEGMENT_INFO* local,
                                           D3DVK_MEMORY_SEGMENT_INFO* nonLocal, char* error, uint32_t errorSize);
#define D3DVK_GET_ADAPTER_INFO_NAME "D3DVKGetAdapterInfo"

#ifdef __cplusplus
}
#endif

#endif
