// ddi/vk/vk_resources.cpp — see vk_resources.h.
#include "vk_resources.h"

#include "vk_memory_budget.h"

namespace d3dvk::vk {

namespace {
// Allocates `req` from the budget (vk_memory_budget.h) and then from the
// device; *heap is the heap reserved from (UINT32_MAX when nothing is).
uint32_t memoryTypeFor(Device& device, uint32_t typeBits, HostAccess access) {
  constexpr VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  uint32_t type = UINT32_MAX;
  switch (access) {
    case HostAccess::WriteBack:
      type = device.findMemoryType(typeBits, kHost | VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
      if (type == UINT32_MAX) type = device.findMemoryType(typeBits, kHost);
      break;
    case HostAccess::WriteCombine: type = device.findMemoryType(typeBits, kHost); break;
    case HostAccess::None:
      type = device.findMemoryType(typeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
      if (type == UINT32_MAX) type = device.findMemoryType(typeBits, 0);
      break;
  }
  return type;
}

VkResult allocate(Device& device, const VkMemoryRequirements& req, bool hostVisible, VkDeviceMemory* memory,
                  uint32_t* heap, uint32_t* typeOut = nullptr, HostAccess access = HostAccess::None) {
  *heap = UINT32_MAX;
  if (hostVisible && access == HostAccess::None) access = HostAccess::WriteCombine;
  const uint32_t type = memoryTypeFor(device, req.memoryTypeBits, access);
  if (typeOut) *typeOut = type;
  if (type == UINT32_MAX || !device.allocationFits(type, req.size)) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
  const uint32_t heapIndex = device.heapOf(type);
  if (!device.memoryBudget().reserve(heapIndex, req.size)) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
  VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  info.allocationSize = req.size;
  info.memoryTypeIndex = type;
  const VkResult r = vkAllocateMemory(device.handle(), &info, nullptr, memory);
  if (r != VK_SUCCESS) device.memoryBudget().release(heapIndex, req.size);
  else *heap = heapIndex;
  return r;
}

// Whether `req` can be bound to `memory` at `offset`.
PlacementError checkPlacement(const VkMemoryRequirements& req, const Memory& memory, VkDeviceSize offset) {
  if (!(req.memoryTypeBits & (1u << memory.type()))) return PlacementError::MemoryType;
  if (req.alignment && offset % req.alignment) return PlacementError::Alignment;
  if (offset > memory.size() || req.size > memory.size() - offset) return PlacementError::Size;
  return PlacementError::None;
}
}  // namespace

std::unique_ptr<Memory> Memory::create(Device& device, VkDeviceSize size, uint32_t typeBits, HostAccess access,
                                       VkResult* result) {
  std::unique_ptr<Memory> self(new Memory(device));
  self->size_ = size;
  VkMemoryRequirements req{size, 1, typeBits};
  *result = allocate(device, req, access != HostAccess::None, &self->memory_, &self->heap_, &self->type_, access);
  if (*result != VK_SUCCESS) return nullptr;
  if (access != HostAccess::None) {
    *result = vkMapMemory(device.handle(), self->memory_, 0, VK_WHOLE_SIZE, 0, &self->mapped_);
    if (*result != VK_SUCCESS) return nullptr;
  }
  return self;
}

Memory::~Memory() {
  if (memory_) {
    vkFreeMemory(device_.handle(), memory_, nullptr);  // unmaps implicitly
    device_.memoryBudget().release(heap_, size_);
  }
}

std::unique_ptr<Buffer> Buffer::unbound(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, VkResult* result,
                                        VkMemoryRequirements* requirements) {
  if (device.maxBufferSize() && size > device.maxBufferSize()) {
    *result = VK_ERROR_OUT_OF_DEVICE_MEMORY;  // creating it would be invalid usage
    return nullptr;
  }
  std::unique_ptr<Buffer> self(new Buffer(device));
  self->size_ = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size ? size : 1;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  *result = vkCreateBuffer(device.handle(), &info, nullptr, &self->buffer_);
  if (*result != VK_SUCCESS) return nullptr;
  vkGetBufferMemoryRequirements(device.handle(), self->buffer_, requirements);
  return self;
}

std::unique_ptr<Buffer> Buffer::createPlaced(Device& device, VkDeviceSize size, VkBufferUsageFlags usage,
                                             const Memory& memory, VkDeviceSize offset, VkResult* result,
                                             PlacementError* error) {
  *error = PlacementError::None;
  VkMemoryRequirements req;
  std::unique_ptr<Buffer> self = unbound(device, size, usage, result, &req);
  if (!self) return nullptr;
  if ((*error = checkPlacement(req, memory, offset)) != PlacementError::None) {
    *result = VK_ERROR_FEATURE_NOT_PRESENT;
    return nullptr;
  }
  *result = vkBindBufferMemory(device.handle(), self->buffer_, memory.handle(), offset);
  if (*result != VK_SUCCESS) return nullptr;
  if (memory.mapped()) self->mapped_ = memory.mapped() + offset;
  return self;
}

std::unique_ptr<Buffer> Buffer::create(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, bool hostVisible,
                                       VkResult* result) {
  VkMemoryRequirements req;
  std::unique_ptr<Buffer> self = unbound(device, size, usage, result, &req);
  if (!self) return nullptr;
  *result = allocate(device, req, hostVisible, &self->memory_, &self->heap_);
  self->reserved_ = req.size;
  if (*result != VK_SUCCESS) return nullptr;
  *result = vkBindBufferMemory(device.handle(), self->buffer_, self->memory_, 0);
  if (*result != VK_SUCCESS) return nullptr;
  if (hostVisible) {
    *result = vkMapMemory(device.handle(), self->memory_, 0, VK_WHOLE_SIZE, 0, &self->mapped_);
    if (*result != VK_SUCCESS) return nullptr;
  }
  return self;
}

Buffer::~Buffer() {
  if (buffer_) vkDestroyBuffer(device_.handle(), buffer_, nullptr);
  if (memory_) {
    vkFreeMemory(device_.handle(), memory_, nullptr);  // unmaps implicitly
    device_.memoryBudget().release(heap_, reserved_);
  }
}

std::unique_ptr<Image> Image::createPlaced(Device& device, const VkImageCreateInfo& info, const Memory& memory,
                                           VkDeviceSize offset, VkResult* result, PlacementError* error) {
  *error = PlacementError::None;
  std::unique_ptr<Image> self(new Image(device));
  self->info_ = info;
  self->info_.pNext = nullptr;
  self->info_.pQueueFamilyIndices = nullptr;
  *result = vkCreateImage(device.handle(), &info, nullptr, &self->image_);
  if (*result != VK_SUCCESS) return nullptr;
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device.handle(), self->image_, &req);
  if ((*error = checkPlacement(req, memory, offset)) != PlacementError::None) {
    *result = VK_ERROR_FEATURE_NOT_PRESENT;
    return nullptr;
  }
  *result = vkBindImageMemory(device.handle(), self->image_, memory.handle(), offset);
  if (*result != VK_SUCCESS) return nullptr;
  return self;
}

std::unique_ptr<Image> Image::create(Device& device, const VkImageCreateInfo& info, VkResult* result, bool hostVisible) {
  std::unique_ptr<Image> self(new Image(device));
  self->info_ = info;
  self->info_.pNext = nullptr;
  self->info_.pQueueFamilyIndices = nullptr;
  *result = vkCreateImage(device.handle(), &info, nullptr, &self->image_);
  if (*result != VK_SUCCESS) return nullptr;
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device.handle(), self->image_, &req);
  // Host-visible where a host-visible type holds the image; else (NVIDIA: no
  // host-visible type takes optimal-tiling images) device memory: nothing maps
  // an image, the CPU reaches one only through copies (D3D12's
  // Write/ReadFromSubresource, subresource_cpu12.cpp).
  if (hostVisible &&
      (!device.hostVisibleImages() ||
       device.findMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) ==
           UINT32_MAX))
    hostVisible = false;
  *result = allocate(device, req, hostVisible, &self->memory_, &self->heap_);
  self->reserved_ = req.size;
  if (*result != VK_SUCCESS) return nullptr;
  *result = vkBindImageMemory(device.handle(), self->image_, self->memory_, 0);
  if (*result != VK_SUCCESS) return nullptr;
  return self;
}

Image::~Image() {
  if (image_) vkDestroyImage(device_.handle(), image_, nullptr);
  if (memory_) {
    vkFreeMemory(device_.handle(), memory_, nullptr);
    device_.memoryBudget().release(heap_, reserved_);
  }
}

std::unique_ptr<ImageView> ImageView::create(Device& device, const VkImageViewCreateInfo& info, VkResult* result) {
  std::unique_ptr<ImageView> self(new ImageView(device));
  *result = vkCreateImageView(device.handle(), &info, nullptr, &self->view_);
  if (*result != VK_SUCCESS) return nullptr;
  return self;
}

ImageView::~ImageView() {
  if (view_) vkDestroyImageView(device_.handle(), view_, nullptr);
}

std::unique_ptr<BufferView> BufferView::create(Device& device, const VkBufferViewCreateInfo& info, VkResult* result) {
  std::unique_ptr<BufferView> self(new BufferView(device));
  *result = vkCreateBufferView(device.handle(), &info, nullptr, &self->view_);
  if (*result != VK_SUCCESS) return nullptr;
  return self;
}

BufferView::~BufferView() {
  if (view_) vkDestroyBufferView(device_.handle(), view_, nullptr);
}

}  // namespace d3dvk::vk
