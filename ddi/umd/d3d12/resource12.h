// ddi/umd/d3d12/resource12.h — resources and heaps: CreateHeapAndResource
// makes, for a committed resource, one Heap12 (the memory's CPU side:
// MapHeap/UnmapHeap) and one Resource12 (a VkBuffer, or a VkImage of
// 1D/2D/2D-array/3D/MSAA shape) with its own memory; for CreateHeap (no
// resource desc) one Heap12 owning a VkDeviceMemory (heap12.cpp); for a placed
// resource (no heap args, hHeap an existing heap) one Resource12 bound into that
// heap's memory at its offset (d3d12umddi.h: the placement convention), all in
// the runtime's memory. Images live in VK_IMAGE_LAYOUT_GENERAL for their whole life
// (moved there, zeroed, at creation; copies move the subresources they touch
// to a transfer layout and back), so D3D12 resource states need no layout
// tracking; ResourceBarrier orders memory only (command_list12.cpp). Image views
// for RTV/DSV clears are cached per resource and freed with it.
#pragma once

#include "d3d12umddi.h"
#include "d3dvk_present.h"
#include "resource_format.h"  // translate/state
#include "vk_resources.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

namespace d3dvk::umd12 {

class Device12;

struct Resource12 {
  Device12* device = nullptr;
  D3D12DDIARG_CREATERESOURCE_0003 desc{};
  const state::FormatInfo* format = nullptr;  // textures only
  std::unique_ptr<vk::Buffer> buffer;
  std::unique_ptr<vk::Image> image;
  UINT mipLevels = 1, arraySize = 1;  // images (Texture3D: arraySize 1)

  static Resource12* from(D3D12DDI_HRESOURCE h) { return static_cast<Resource12*>(h.pDrvPrivate); }
  bool isBuffer() const { return desc.ResourceType == D3D12DDI_RT_BUFFER; }
  UINT subresourceCount() const { return mipLevels * arraySize; }
  VkImageAspectFlags aspects() const { return format ? state::formatAspects(*format) : 0; }
  VkExtent3D mipExtent(UINT mip) const;
  // A cached view of one mip and slice range in `viewFormat` (null + *result on failure).
  VkImageView view(const state::FormatInfo& viewFormat, UINT mip, UINT firstSlice, UINT sliceCount, VkResult* result);

  // The views shader-visible descriptors name (view12.cpp), cached here and
  // freed with the resource: an image view of any type, mip and slice range,
  // aspect, swizzle and usage (SAMPLED for SRVs, STORAGE for UAVs), and a
  // texel buffer view of a byte window.
  struct ImageViewKey {
    VkFormat format;
    VkImageViewType type;
    VkImageAspectFlags aspect;
    VkImageUsageFlags usage;
    UINT baseMip, mipCount, firstSlice, sliceCount;
    VkComponentMapping swizzle;
    auto tie() const {
      return std::tie(format, type, aspect, usage, baseMip, mipCount, firstSlice, sliceCount, swizzle.r, swizzle.g,
                      swizzle.b, swizzle.a);
    }
    bool operator<(const ImageViewKey& o) const { return tie() < o.tie(); }
  };
  VkImageView imageView(const ImageViewKey& key, VkResult* result);
  VkBufferView texelView(VkFormat format, UINT64 offset, UINT64 range, VkResult* result);
  UINT64 gpuVa = 0;  // buffers: the GPU virtual address the device handed out (CheckResourceVirtualAddress)
  // Placed resources: the heap whose memory holds them and their offset in it.
  struct Heap12* placedIn = nullptr;
  UINT64 placedOffset = 0;
  // A swapchain's back buffer (committed in a D3D12DDI_HEAP_FLAG_PRIMARY heap): an
  // R8G8B8A8_UNORM / B8G8R8A8_UNORM one also takes views in its sRGB form
  // (D3DVKPresentSrgbViewFormat, d3dvk_present.h; its image is MUTABLE_FORMAT).
  bool primary = false;
  // Whether `view` is the sRGB form a primary also takes.
  bool takesSrgbView(const state::FormatInfo& view) const {
    return primary && format && uint32_t(view.dxgi) == D3DVKPresentSrgbViewFormat(uint32_t(format->dxgi));
  }

 private:
  std::mutex viewsMutex_;
  std::map<std::tuple<VkFormat, UINT, UINT, UINT>, std::unique_ptr<vk::ImageView>> views_;
  std::map<ImageViewKey, std::unique_ptr<vk::ImageView>> shaderViews_;
  std::map<std::tuple<VkFormat, UINT64, UINT64>, std::unique_ptr<vk::BufferView>> texelViews_;
};

struct Heap12 {
  Resource12* resource = nullptr;        // a committed resource's implicit heap
  std::unique_ptr<vk::Memory> memory;    // CreateHeap's memory, which placed resources bind into
  D3D12DDIARG_CREATEHEAP_0001 args{};
  static Heap12* from(D3D12DDI_HHEAP h) { return static_cast<Heap12*>(h.pDrvPrivate); }
};

void fillResourceDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
// format_support12.cpp: CheckFormatSupport and CheckMultisampleQualityLevels.
void fillFormatSupportDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

// heap12.cpp: CreateHeap's half of CreateHeapAndResource (memory of the kind the
// heap's pool and CPU page property ask for, of a type every resource category the
// heap allows can bind to, zeroed), and the CPU page property's host access.
HRESULT createHeap(Device12& device, const D3D12DDIARG_CREATEHEAP_0001& args, Heap12& heap);
vk::HostAccess hostAccessOf(const D3D12DDIARG_CREATEHEAP_0001* args);
// TIER_2 where one memory type binds every resource category (device-local and
// CPU-visible) and bufferImageGranularity fits D3D12's small placements.
D3D12DDI_RESOURCE_HEAP_TIER resourceHeapTier(vk::Device& device);
// subresource_cpu12.cpp: the D3DVK_DDI_TABLE_TYPE_RESOURCE_CPU table.
void fillResourceCpuFuncs(D3DVKDDI_RESOURCE_CPU_FUNCS& f);
// The usage every D3D12 buffer is created with (any buffer may serve any use,
// stream output and its filled size too where the device has transform feedback).
VkBufferUsageFlags bufferUsage(vk::Device& device);

}  // namespace d3dvk::umd12
