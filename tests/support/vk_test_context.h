// tests/support/vk_test_context.h — a Vulkan device for tests that talk to Vulkan
// directly (shader semantics, rasterization cross-checks), on the process-wide
// instance with the Khronos validation layer (always on, with synchronization
// validation when D3DVK_VALIDATION=sync): every message is printed with the
// prefix ctest fails on, and the destructor CHECKs that none was seen while the
// context lived. The instance is never destroyed, so a test program with many
// contexts loads the Vulkan driver once.
#pragma once

#include "vk_device.h"
#include "vk_instance.h"

#include <functional>
#include <memory>
#include <vector>

namespace d3dvk::test {

class VkTestContext {
 public:
  // Creates the context on the device D3DVK_DEVICE selects (the first GPU, else lavapipe).
  // FAILs the current test (REQUIRE) when Vulkan or the validation layer is missing.
  explicit VkTestContext(const std::vector<const char*>& optionalDeviceExtensions = {});
  ~VkTestContext();

  vk::Instance& instance() { return *instance_; }
  vk::Device& device() { return *device_; }
  VkDevice vkDevice() const { return device_->handle(); }

  // Records with `record` into a fresh primary command buffer, submits it and waits.
  void submitAndWait(const std::function<void(VkCommandBuffer)>& record);

  // A host-visible, coherent buffer (freed with the context).
  struct HostBuffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
    VkDeviceSize size = 0;
  };
  HostBuffer createHostBuffer(VkDeviceSize size, VkBufferUsageFlags usage);

 private:
  vk::Instance* instance_ = nullptr;  // process-wide
  uint32_t messagesBefore_ = 0;
  std::unique_ptr<vk::Device> device_;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  std::vector<HostBuffer> buffers_;
};

}  // namespace d3dvk::test
