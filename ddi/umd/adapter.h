// ddi/umd/adapter.h — the UMD's adapter object: opened by OpenAdapter10_2 /
// OpenAdapter12, it owns the Vulkan device (chosen by D3DVK_DEVICE) on the
// process-wide Vulkan instance of the D3DVK_VALIDATION mode (vk::Instance::shared,
// never reloaded per adapter), and the conservative-rasterization tier decision
// (D3DVK_CONSERVATIVE_RASTER), which GetCaps reports and the draw path follows.
#pragma once

#include "conservative_tier.h"
#include "vk_device.h"
#include "vk_instance.h"

#include <wsl/winadapter.h>

#include <memory>
#include <string>

namespace d3dvk::umd {

class Adapter {
 public:
  // Reads the environment, creates the Vulkan device. Returns null
  // with *error set (and *hr the HRESULT to return) on failure.
  static std::unique_ptr<Adapter> open(std::string* error, HRESULT* hr);

  vk::Instance& instance() { return *instance_; }
  vk::Device& device() { return *device_; }
  const state::ConservativeTierDecision& conservative() const { return conservative_; }

 private:
  Adapter() = default;
  vk::Instance* instance_ = nullptr;  // process-wide, never destroyed
  std::unique_ptr<vk::Device> device_;
  state::ConservativeTierDecision conservative_;
};

// The conservative-rasterization properties of a device, for the tier policy.
state::ConservativeRasterizationProperties conservativeProperties(const vk::PhysicalDeviceInfo& info);

// Prints "d3dvk: <message>" to stderr (UMD-level diagnostics).
void logError(const std::string& message);

}  // namespace d3dvk::umd
