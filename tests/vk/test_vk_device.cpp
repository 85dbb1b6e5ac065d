// tests/vk: the Vulkan backend core — instance, validation wiring, device selection.
#include "vk_test_context.h"

#include <catch2/catch.hpp>

using namespace d3dvk;

TEST_CASE("Vulkan device on the selected driver is created under the validation layer with no messages", "[vk]") {
  test::VkTestContext ctx;
  REQUIRE(ctx.instance().validationEnabled());
  const vk::PhysicalDeviceInfo& info = ctx.device().info();
  CHECK(info.properties.apiVersion >= VK_API_VERSION_1_3);
  CHECK(!info.driverName.empty());
  // A trivial submission goes through cleanly.
  ctx.submitAndWait([](VkCommandBuffer) {});
  CHECK(ctx.instance().validationMessageCount() == 0);
}

TEST_CASE("the validation messenger catches a real validation error", "[vk]") {
  // Proves the wiring every other Vulkan test relies on: an invalid call is seen.
  std::vector<std::string> seen;
  vk::InstanceOptions options;
  options.validation = true;
  options.messageSink = [&](const std::string& m) { seen.push_back(m); };
  std::string error;
  auto instance = vk::Instance::create(options, &error);
  INFO(error);
  REQUIRE(instance);
  auto device = vk::Device::create(instance->selectPhysicalDevice(nullptr, &error), &error);
  REQUIRE(device);
  VkBuffer buffer = VK_NULL_HANDLE;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 16;
  info.usage = 0;  // VUID-VkBufferCreateInfo-usage-requiredbitmask
  vkCreateBuffer(device->handle(), &info, nullptr, &buffer);
  if (buffer) vkDestroyBuffer(device->handle(), buffer, nullptr);
  device.reset();
  CHECK(instance->validationMessageCount() >= 1);
  REQUIRE(!seen.empty());
  CHECK(seen[0].find("VUID-VkBufferCreateInfo-usage") != std::string::npos);
}

TEST_CASE("physical device selection by index and by name, with clear errors", "[vk]") {
  std::string error;
  auto instance = vk::Instance::create(vk::InstanceOptions{}, &error);
  REQUIRE(instance);
  REQUIRE(!instance->physicalDevices().empty());
  CHECK(instance->selectPhysicalDevice(nullptr, &error) == instance->physicalDevices()[0]);
  CHECK(instance->selectPhysicalDevice("0", &error) == instance->physicalDevices()[0]);
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(instance->physicalDevices()[0], &props);
  std::string upper = props.deviceName;
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  CHECK(instance->selectPhysicalDevice(upper.substr(0, 4).c_str(), &error) == instance->physicalDevices()[0]);

  error.clear();
  CHECK(instance->selectPhysicalDevice("99", &error) == VK_NULL_HANDLE);
  CHECK(error.find("no physical device with that index") != std::string::npos);
  error.clear();
  CHECK(instance->selectPhysicalDevice("no-such-gpu-xyz", &error) == VK_NULL_HANDLE);
  CHECK(error.find("no physical device name contains it") != std::string::npos);
}
