// ddi/vk/vk_resources.h — RAII owners of Vulkan memory objects: a buffer with
// its own allocation (optionally host-visible and persistently mapped), an
// image with its own allocation, an image view and a buffer view (typed buffer
// shader resources and UAVs). Creation reports the
// VkResult so callers can turn VK_ERROR_OUT_OF_*_MEMORY into E_OUTOFMEMORY.
// Every allocation is counted against the memory budget (vk_memory_budget.h)
// first: past it, creation fails with VK_ERROR_OUT_OF_DEVICE_MEMORY.
#pragma once

#include "vk_device.h"

#include <memory>

namespace d3dvk::vk {

class Buffer {
 public:
  // hostVisible: HOST_VISIBLE | HOST_COHERENT memory, mapped for the buffer's life.
  static std::unique_ptr<Buffer> create(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, bool hostVisible,
                                        VkResult* result);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  void* mapped() const { return mapped_; }  // null unless host-visible

 private:
  explicit Buffer(Device& device) : device_(device) {}
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
  static std::unique_ptr<Image> create(Device& device, const VkImageCreateInfo& info, VkResult* result);
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
