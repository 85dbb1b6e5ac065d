// ddi/umd/driver_sampler.cpp — see driver_sampler.h.
#include "driver_sampler.h"
#include "native_draw.h"

#include "adapter.h"
#include "device.h"
#include "driver_object.h"
#include "pipeline_cache.h"
#include "sampler_state.h"  // translate/state

#include <algorithm>
#include <new>
#include <string>

namespace d3dvk::umd {

HRESULT createVkSampler(vk::Device& device, const D3D10_DDI_SAMPLER_DESC& desc, std::shared_ptr<vk::Sampler>* out) {
  if (!state::isValidFilter(desc.Filter) || !state::isValidAddressMode(desc.AddressU) ||
      !state::isValidAddressMode(desc.AddressV) || !state::isValidAddressMode(desc.AddressW) ||
      (state::isComparisonFilter(desc.Filter) &&
       (desc.ComparisonFunc < D3D10_DDI_COMPARISON_NEVER || desc.ComparisonFunc > D3D10_DDI_COMPARISON_ALWAYS)))
    return E_INVALIDARG;
  const vk::Device& vk = device;
  const vk::SamplerFeatures& features = vk.samplerFeatures();
  const float maxAnisotropy =
      vk.enabledFeatures().samplerAnisotropy ? vk.info().properties.limits.maxSamplerAnisotropy : 0.0f;
  state::SamplerState s = state::translateSamplerState(desc, maxAnisotropy);
  const float maxBias = vk.info().properties.limits.maxSamplerLodBias;
  s.info.mipLodBias = std::clamp(s.info.mipLodBias, -maxBias, maxBias);
  const bool mirrorOnce = desc.AddressU == D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE ||
                          desc.AddressV == D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE ||
                          desc.AddressW == D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE;
  if (mirrorOnce && !features.mirrorClampToEdge) {
    logError("CreateSampler: MIRRORONCE addressing needs samplerMirrorClampToEdge, which the Vulkan device lacks");
    return E_NOTIMPL;
  }
  VkSamplerReductionModeCreateInfo reduction{VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
  if (s.reduction != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
    if (!features.filterMinmax) {
      logError("CreateSampler: MINIMUM_/MAXIMUM_ filters need samplerFilterMinmax, which the Vulkan device lacks");
      return E_NOTIMPL;
    }
    reduction.reductionMode = s.reduction;
    reduction.pNext = s.info.pNext;
    s.info.pNext = &reduction;
  }
  VkSamplerCustomBorderColorCreateInfoEXT border{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
  if (s.customBorder) {
    if (!features.customBorderColors) {
      logError("CreateSampler: this border colour needs VK_EXT_custom_border_color, which the Vulkan device lacks");
      return E_NOTIMPL;
    }
    border.customBorderColor = s.customBorderColor;
    border.format = VK_FORMAT_UNDEFINED;
    border.pNext = s.info.pNext;
    s.info.pNext = &border;
  }
  VkResult result = VK_SUCCESS;
  std::unique_ptr<vk::Sampler> sampler = vk::createSampler(device, s.info, &result);
  if (!sampler) return hresultFromVk(result);
  *out = std::move(sampler);
  return S_OK;
}


VkSampler defaultSampler(Device& device) {
  std::shared_ptr<vk::Sampler>& sampler = device.pipelines().defaultSampler();
  if (!sampler) {
    const HRESULT hr = createVkSampler(device.vk(), state::defaultSamplerDesc(), &sampler);
    if (FAILED(hr)) {
      device.setError(hr);
      return VK_NULL_HANDLE;
    }
  }
  return sampler->handle();
}

SIZE_T APIENTRY calcPrivateSamplerSize(D3D10DDI_HDEVICE, const D3D10_DDI_SAMPLER_DESC*) { return sizeof(Sampler); }

VOID APIENTRY createSampler(D3D10DDI_HDEVICE hDevice, const D3D10_DDI_SAMPLER_DESC* desc, D3D10DDI_HSAMPLER h,
                            D3D10DDI_HRTSAMPLER) {
  Device* device = Device::from(hDevice);
  if (!h.pDrvPrivate) return device->setError(E_INVALIDARG);
  if (!desc) return device->setError(E_INVALIDARG);
  Constructing<Sampler> sampler(h.pDrvPrivate);
  sampler->desc = *desc;
  const HRESULT hr = createVkSampler(device->vk(), *desc, &sampler->sampler);
  if (FAILED(hr)) return device->setError(hr);
  sampler.keep();
}

VOID APIENTRY destroySampler(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSAMPLER h) {
  Device* device = Device::from(hDevice);
  Sampler* sampler = Sampler::from(h);
  if (!sampler) return;
  forgetCollectedDescriptors(*device);
  device->draw.unbind(sampler);
  device->compute.unbind(sampler);
  if (sampler->sampler) {
    std::lock_guard<std::mutex> lock(device->queueMutex());
    device->queue().releaseAfter(sampler->lastUse, std::move(sampler->sampler));
  }
  sampler->~Sampler();
}

}  // namespace d3dvk::umd
