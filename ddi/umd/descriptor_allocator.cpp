// ddi/umd/descriptor_allocator.cpp — see descriptor_allocator.h.
#include "descriptor_allocator.h"

namespace d3dvk::umd {

DescriptorAllocator::~DescriptorAllocator() {
  const VkDevice d = device_.handle();
  if (current_) vkDestroyDescriptorPool(d, current_, nullptr);
  for (const Retired& r : retired_) vkDestroyDescriptorPool(d, r.pool, nullptr);
  for (VkDescriptorPool p : free_) vkDestroyDescriptorPool(d, p, nullptr);
}

VkResult DescriptorAllocator::newPool(vk::CommandQueue& queue) {
  const uint64_t completed = queue.completedSerial();
  while (!retired_.empty() && retired_.front().serial <= completed) {
    VkDescriptorPool pool = retired_.front().pool;
    retired_.pop_front();
    vkResetDescriptorPool(device_.handle(), pool, 0);
    free_.push_back(pool);
  }
  if (!free_.empty()) {
    current_ = free_.back();
    free_.pop_back();
    return VK_SUCCESS;
  }
  // Sized for a pool's worth of typical stage sets: a few constant buffers,
  // samplers and views each, a set of 128 views fitting many times over.
  static constexpr VkDescriptorPoolSize kSizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4 * kSetsPerPool},   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 4 * kSetsPerPool},
      {VK_DESCRIPTOR_TYPE_SAMPLER, 4 * kSetsPerPool},
      {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 4 * kSetsPerPool},    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 * kSetsPerPool},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, kSetsPerPool},        {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, kSetsPerPool},
      {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, kSetsPerPool},
  };
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = kSetsPerPool;
  info.poolSizeCount = uint32_t(std::size(kSizes));
  info.pPoolSizes = kSizes;
  return vkCreateDescriptorPool(device_.handle(), &info, nullptr, &current_);
}

VkDescriptorSet DescriptorAllocator::allocate(VkDescriptorSetLayout layout, vk::CommandQueue& queue, VkResult* result) {
  *result = VK_SUCCESS;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!current_) {
      *result = newPool(queue);
      if (*result != VK_SUCCESS) {
        current_ = VK_NULL_HANDLE;
        return VK_NULL_HANDLE;
      }
    }
    VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    info.descriptorPool = current_;
    info.descriptorSetCount = 1;
    info.pSetLayouts = &layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    *result = vkAllocateDescriptorSets(device_.handle(), &info, &set);
    if (*result == VK_SUCCESS) return set;
    if (*result != VK_ERROR_OUT_OF_POOL_MEMORY && *result != VK_ERROR_FRAGMENTED_POOL) return VK_NULL_HANDLE;
    // Full: retire it until the open batch (its last possible user) completes.
    try {
      retired_.push_back({queue.openSerial(), current_});
    } catch (const std::bad_alloc&) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return VK_NULL_HANDLE;  // the pool stays current (and full)
    }
    current_ = VK_NULL_HANDLE;
    ++generation_;
  }
  return VK_NULL_HANDLE;  // a set larger than a whole pool
}

}  // namespace d3dvk::umd
