// ddi/umd/driver_sampler.h — the driver's sampler object, constructed by
// pfnCreateSampler in runtime-allocated memory: the D3D desc and its VkSampler
// (translate/state/sampler_state.h), kept alive past DestroySampler until the
// last batch that used it completes. Also the three sampler DDIs; the
// Vs/PsSetSamplers bindings live with the rest of the bound draw state
// (driver_draw.h).
#pragma once

#include "d3d10umddi.h"
#include "vk_pipeline.h"

#include <cstdint>
#include <memory>

namespace d3dvk::umd {

class Device;

struct Sampler {
  D3D10_DDI_SAMPLER_DESC desc{};
  std::shared_ptr<vk::Sampler> sampler;  // null after a failed create
  uint64_t lastUse = 0;                  // serial of the last batch whose draws read it

  static Sampler* from(D3D10DDI_HSAMPLER h) { return static_cast<Sampler*>(h.pDrvPrivate); }
};

// Creates the VkSampler for a desc (D3D11 samplers and D3D12 sampler
// descriptors); E_INVALIDARG for values D3D does not define, E_NOTIMPL for
// what the Vulkan device lacks (logged).
HRESULT createVkSampler(vk::Device& device, const D3D10_DDI_SAMPLER_DESC& desc, std::shared_ptr<vk::Sampler>* out);

// The sampler unbound sampler slots read (the D3D11 default sampler state),
// created on first use. Queue mutex held; VK_NULL_HANDLE after reporting.
VkSampler defaultSampler(Device& device);

SIZE_T APIENTRY calcPrivateSamplerSize(D3D10DDI_HDEVICE, const D3D10_DDI_SAMPLER_DESC*);
VOID APIENTRY createSampler(D3D10DDI_HDEVICE, const D3D10_DDI_SAMPLER_DESC*, D3D10DDI_HSAMPLER, D3D10DDI_HRTSAMPLER);
VOID APIENTRY destroySampler(D3D10DDI_HDEVICE, D3D10DDI_HSAMPLER);

}  // namespace d3dvk::umd
