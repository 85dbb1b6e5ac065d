// ddi/vk/vk_resources.h — RAII owners of Vulkan memory objects: a memory
// allocation of its own (D3D12 heaps: optionally host-visible and persistently
// mapped), a buffer with its own allocation (optionally host-visible and
// persistently mapped) or bound into a Memory at an offset, an image likewise,
// an image view and a buffer view (typed buffer shader resources and UAVs). Creation reports the
// VkResult so callers can turn VK_ERROR_OUT_OF_*_MEMORY into E_OUTOFMEMORY.
// Every allocation is counted against the memory budget (vk_memory_budget.h)
// first: past it, creation fails with VK_ERROR_OUT_OF_DEVICE_MEMORY.
#pragma once

#include "vk_device.h"

#include <memory>

namespace d3dvk::vk {

// How a memory allocation is reached from the CPU (D3D12's CPU page properties).
enum class HostAccess { None, WriteCombine, WriteBack };

class Memory {
 public:
  // `size` bytes of a memory type allowed by typeBits: device-local for
  // HostAccess::None, else host-visible and coherent (host-cached preferred for
  // WriteBack), mapped for the allocation's life.
  static std::unique_ptr<Memory> create(Device& device, VkDeviceSize size, uint32_t typeBits, HostAccess access,
                                        VkResult* result);
  ~Memory();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  VkDeviceMemory handle() const { return memory_; }
  VkDeviceSize size() const { return size_; }
  uint32_t type() const { return type_; }
  unsigned char* mapped() const { return static_cast<unsigned char*>(mapped_); }  // null unless host-visible

 private:
  explicit Memory(Device& device) : device_(device) {}
  Device& device_;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;
  uint32_t type_ = UINT32_MAX;
  void* mapped_ = nullptr;
  uint32_t heap_ = UINT32_MAX;
};

// What a placed buffer or image found wrong with its place (createPlaced's *result
// is VK_ERROR_FEATURE_NOT_PRESENT then).
enum class PlacementError { None, MemoryType, Alignment, Size };

class Buffer {
 public:
  // hostVisible: HOST_VISIBLE | HOST_COHERENT memory, mapped for the buffer's life.
  static std::unique_ptr<Buffer> create(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, bool hostVisible,
                                        VkResult* result);
  // A buffer bound to `memory` at `offset` (it does not own the memory; mapped()
  // is the memory's mapping plus offset when the memory is host-visible).
  static std::unique_ptr<Buffer> createPlaced(Device& device, VkDeviceSize size, VkBufferUsageFlags usage,
                                              const Memory& memory, VkDeviceSize offset, VkResult* result,
                                              PlacementError* error);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  void* mapped() const { return mapped_; }  // null unless host-visible

 private:
  explicit Buffer(Device& device) : device_(device) {}
  // The VkBuffer of create and createPlaced, not yet bound, and its memory requirements; null with *result.
  static std::unique_ptr<Buffer> unbound(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, VkResult* result,
                                         VkMemoryRequirements* requirements);
  Device& device_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;
  void* mapped_ = nullptr;
  uint32_t heap_ = UINT32_MAX;  // the memory heap its allocation is counted in (vk_memory_budget.h)
  VkDeviceSize reserved_ = 0;
};

class Image {
 public:
  // hostVisible: the image's own allocation is host-visible (D3D12 textures on
  // CPU-accessible CUSTOM heaps; the CPU reaches their texels through copies).
  static std::unique_ptr<Image> create(Device& device, const VkImageCreateInfo& info, VkResult* result,
                                       bool hostVisible = false);
  // An image bound to `memory` at `offset` (it does not own the memory).
  static std::unique_ptr<Image> createPlaced(Device& device, const VkImageCreateInfo& info, const Memory& memory,
                                             VkDeviceSize offset, VkResult* result, PlacementError* error);
  ~Image();
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;

  VkImage handle() const { return image_; }
  const VkImageCreateInfo& info() const { return info_; }

 private:
  explicit Image(Device& device) : device_(device) {}
  Device& device_;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkImageCreateInfo info_{};
  uint32_t heap_ = UINT32_MAX;  // the memory heap its allocation is counted in (vk_memory_budget.h)
  VkDeviceSize reserved_ = 0;
};

class ImageView {
 public:
  static std::unique_ptr<ImageView> create(Device& device, const VkImageViewCreateInfo& info, VkResult* result);
  ~ImageView();
  ImageView(const ImageView&) = delete;
  ImageView& operator=(const ImageView&) = delete;
  VkImageView handle() const { return view_; }

 private:
  explicit ImageView(Device& device) : device_(device) {}
  Device& device_;
  VkImageView view_ = VK_NULL_HANDLE;
};

class BufferView {
 public:
  static std::unique_ptr<BufferView> create(Device& device, const VkBufferViewCreateInfo& info, VkResult* result);
  ~BufferView();
  BufferView(const BufferView&) = delete;
  BufferView& operator=(const BufferView&) = delete;
  VkBufferView handle() const { return view_; }

 private:
  explicit BufferView(Device& device) : device_(device) {}
  Device& device_;
  VkBufferView view_ = VK_NULL_HANDLE;
};

}  // namespace d3dvk::vk
