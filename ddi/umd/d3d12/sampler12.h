// ddi/umd/d3d12/sampler12.h — sampler descriptors: CreateSampler writes a
// ViewDescriptor12 of kind Sampler holding a VkSampler from the device's
// SamplerCache12, which keeps one VkSampler per distinct D3D12 sampler desc
// for the device's life (D3D12 sampler descriptors are plain data, copied and
// overwritten freely, so no descriptor owns its sampler). The desc → Vulkan
// translation is the D3D11 path's (driver_sampler.h, translate/state/sampler_state.h).
#pragma once

#include "d3d12umddi.h"
#include "vk_pipeline.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>

namespace d3dvk::umd12 {

class Device12;

class SamplerCache12 {
 public:
  explicit SamplerCache12(Device12& device) : device_(device) {}
  // The VkSampler for `desc` (created on first use): S_OK, E_INVALIDARG for
  // values D3D12 does not define, E_NOTIMPL for what the Vulkan device lacks.
  HRESULT get(const D3D12DDI_SAMPLER_DESC& desc, VkSampler* out);
  size_t size();

 private:
  Device12& device_;
  std::mutex mutex_;
  std::map<std::array<UINT, sizeof(D3D12DDI_SAMPLER_DESC) / 4>, std::shared_ptr<vk::Sampler>> samplers_;
};

void fillSamplerDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
