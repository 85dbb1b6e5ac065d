// tests/support/vk_test_context.cpp — see vk_test_context.h.
#include "vk_test_context.h"

#include <catch2/catch.hpp>

#include <cstdlib>

namespace d3dvk::test {

VkTestContext::VkTestContext(const std::vector<const char*>& optionalDeviceExtensions) {
  vk::InstanceOptions options = vk::instanceOptionsFromEnvironment();
  options.validation = true;  // always, whatever the environment says
  std::string error;
  instance_ = vk::Instance::shared(options, &error);
  INFO(error);
  REQUIRE(instance_);
  messagesBefore_ = instance_->validationMessageCount();
  VkPhysicalDevice pd = instance_->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), &error);
  INFO(error);
  REQUIRE(pd != VK_NULL_HANDLE);
  device_ = vk::Device::create(pd, &error, optionalDeviceExtensions, instance_->validationLayerVersion());
  INFO(error);
  REQUIRE(device_);
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = device_->queueFamily();
  REQUIRE(vkCreateCommandPool(device_->handle(), &poolInfo, nullptr, &pool_) == VK_SUCCESS);
}

VkTestContext::~VkTestContext() {
  if (device_) {
    vkDeviceWaitIdle(device_->handle());
    for (HostBuffer& b : buffers_) {
      vkDestroyBuffer(device_->handle(), b.buffer, nullptr);
      vkFreeMemory(device_->handle(), b.memory, nullptr);
    }
    if (pool_) vkDestroyCommandPool(device_->handle(), pool_, nullptr);
  }
  device_.reset();
  if (instance_) CHECK(instance_->validationMessageCount() == messagesBefore_);
}

void VkTestContext::submitAndWait(const std::function<void(VkCommandBuffer)>& record) {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  REQUIRE(vkAllocateCommandBuffers(device_->handle(), &alloc, &cmd) == VK_SUCCESS);
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  REQUIRE(vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS);
  record(cmd);
  REQUIRE(vkEndCommandBuffer(cmd) == VK_SUCCESS);
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  REQUIRE(vkQueueSubmit(device_->queue(), 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS);
  REQUIRE(vkQueueWaitIdle(device_->queue()) == VK_SUCCESS);
  vkFreeCommandBuffers(device_->handle(), pool_, 1, &cmd);
}

VkTestContext::HostBuffer VkTestContext::createHostBuffer(VkDeviceSize size, VkBufferUsageFlags usage) {
  HostBuffer b;
  b.size = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  REQUIRE(vkCreateBuffer(device_->handle(), &info, nullptr, &b.buffer) == VK_SUCCESS);
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_->handle(), b.buffer, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = device_->findMemoryType(
      req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  REQUIRE(alloc.memoryTypeIndex != UINT32_MAX);
  REQUIRE(vkAllocateMemory(device_->handle(), &alloc, nullptr, &b.memory) == VK_SUCCESS);
  REQUIRE(vkBindBufferMemory(device_->handle(), b.buffer, b.memory, 0) == VK_SUCCESS);
  REQUIRE(vkMapMemory(device_->handle(), b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped) == VK_SUCCESS);
  buffers_.push_back(b);
  return b;
}

}  // namespace d3dvk::test
