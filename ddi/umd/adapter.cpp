// ddi/umd/adapter.cpp — see adapter.h.
#include "adapter.h"

#include <wsl/winadapter.h>

#include <cstdio>
#include <cstdlib>

namespace d3dvk::umd {

void logError(const std::string& message) { std::fprintf(stderr, "d3dvk: %s\n", message.c_str()); }

state::ConservativeRasterizationProperties conservativeProperties(const vk::PhysicalDeviceInfo& info) {
  state::ConservativeRasterizationProperties p;
  p.extensionPresent = info.conservativeRasterization;
  if (p.extensionPresent) {
    p.primitiveOverestimationSize = info.conservative.primitiveOverestimationSize;
    p.degenerateTrianglesRasterized = info.conservative.degenerateTrianglesRasterized == VK_TRUE;
    p.fullyCoveredFragmentShaderInputVariable = info.conservative.fullyCoveredFragmentShaderInputVariable == VK_TRUE;
  }
  return p;
}

std::unique_ptr<Adapter> Adapter::open(std::string* error, HRESULT* hr) {
  std::optional<state::ConservativePolicy> policy =
      state::parseConservativePolicy(std::getenv("D3DVK_CONSERVATIVE_RASTER"), error);
  if (!policy) {
    *hr = E_INVALIDARG;
    return nullptr;
  }
  std::unique_ptr<Adapter> self(new Adapter());
  vk::InstanceOptions options = vk::instanceOptionsFromEnvironment();
  self->instance_ = vk::Instance::shared(options, error);
  if (!self->instance_) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    return nullptr;
  }
  VkPhysicalDevice pd = self->instance_->selectPhysicalDevice(std::getenv("D3DVK_DEVICE"), error);
  if (pd == VK_NULL_HANDLE) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    return nullptr;
  }
  self->device_ = vk::Device::create(pd, error, {}, self->instance_->validationLayerVersion());
  if (!self->device_) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    return nullptr;
  }
  self->conservative_ = state::decideConservativeTier(
      state::nativeConservativeTier(conservativeProperties(self->device_->info())),
      state::fallbackConservativeTier(self->device_->info().transformFeedback, self->device_->info().depthClamp,
                                      self->device_->info().shaderInt64),
      *policy);
  *hr = S_OK;
  return self;
}

}  // namespace d3dvk::umd
