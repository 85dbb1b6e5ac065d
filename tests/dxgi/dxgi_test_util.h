// tests/dxgi/dxgi_test_util.h — what the DXGI tests share: a small COM pointer,
// the Vulkan facts of the device d3dvk drives (queried from Vulkan by the test
// itself), and WCHAR → UTF-8 for comparing descriptions.
#pragma once

#include <d3d11_3.h>
#include <dxgi1_6.h>

#include "vk_instance.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

namespace d3dvk::test {

template <typename T>
struct Com {
  T* p = nullptr;
  Com() = default;
  Com(Com&& other) noexcept : p(other.p) { other.p = nullptr; }
  Com(const Com&) = delete;
  Com& operator=(const Com&) = delete;
  ~Com() { reset(); }
  void reset() {
    if (p) p->Release();
    p = nullptr;
  }
  T** put() {
    reset();
    return &p;
  }
  void** putVoid() { return reinterpret_cast<void**>(put()); }
  T* operator->() const { return p; }
  explicit operator bool() const { return p != nullptr; }
};

// The Vulkan physical device D3DVK_DEVICE selects, as Vulkan describes it.
struct VulkanAdapterFacts {
  std::string name;
  uint32_t vendorId = 0, deviceId = 0;
  bool cpu = false;
};

inline VulkanAdapterFacts vulkanAdapterFacts() {
  std::string error;
  vk::Instance* instance = vk::Instance::shared(vk::InstanceOptions{}, &error);
  INFO(error);
  REQUIRE(instance);
  VkPhysicalDevice pd = instance->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), &error);
  REQUIRE(pd != VK_NULL_HANDLE);
  VkPhysicalDeviceProperties props{};
  vkGetPhysicalDeviceProperties(pd, &props);
  return {props.deviceName, props.vendorID, props.deviceID, props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU};
}

inline std::string narrow(const WCHAR* text) {
  std::string out;
  for (; *text; ++text) {
    const uint32_t c = uint32_t(*text);
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3F));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

inline bool sameLuid(const LUID& a, const LUID& b) { return a.LowPart == b.LowPart && a.HighPart == b.HighPart; }

}  // namespace d3dvk::test
