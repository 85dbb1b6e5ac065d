// ddi/umd/d3d12/sampler12.cpp — see sampler12.h.
#include "sampler12.h"

#include "d3dvk_entry_guard.h"
#include "descriptor_heap12.h"
#include "device12.h"
#include "driver_sampler.h"

#include <cstring>

namespace d3dvk::umd12 {

HRESULT SamplerCache12::get(const D3D12DDI_SAMPLER_DESC& desc, VkSampler* out) {
  *out = VK_NULL_HANDLE;
  std::array<UINT, sizeof(D3D12DDI_SAMPLER_DESC) / 4> key;
  static_assert(sizeof(key) == sizeof(desc));
  std::memcpy(key.data(), &desc, sizeof desc);
  std::lock_guard lock(mutex_);
  auto it = samplers_.find(key);
  if (it != samplers_.end()) {
    *out = it->second->handle();
    return S_OK;
  }
  // D3D12's sampler desc is D3D11's with the same field values.
  D3D10_DDI_SAMPLER_DESC d11{};
  d11.Filter = D3D10_DDI_FILTER(desc.Filter);
  d11.AddressU = D3D10_DDI_TEXTURE_ADDRESS_MODE(desc.AddressU);
  d11.AddressV = D3D10_DDI_TEXTURE_ADDRESS_MODE(desc.AddressV);
  d11.AddressW = D3D10_DDI_TEXTURE_ADDRESS_MODE(desc.AddressW);
  d11.MipLODBias = desc.MipLODBias;
  d11.MaxAnisotropy = desc.MaxAnisotropy;
  d11.ComparisonFunc = D3D10_DDI_COMPARISON_FUNC(desc.ComparisonFunc);
  std::memcpy(d11.BorderColor, desc.BorderColor, sizeof d11.BorderColor);
  d11.MinLOD = desc.MinLOD;
  d11.MaxLOD = desc.MaxLOD;
  std::shared_ptr<vk::Sampler> sampler;
  HRESULT hr = umd::createVkSampler(device_.vk(), d11, &sampler);
  if (FAILED(hr)) return hr;
  *out = sampler->handle();
  samplers_.emplace(key, std::move(sampler));
  return S_OK;
}

size_t SamplerCache12::size() {
  std::lock_guard lock(mutex_);
  return samplers_.size();
}

namespace {

VOID APIENTRY createSampler(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_SAMPLER* args,
                            D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  Device12* device = Device12::from(hDevice);
  ViewDescriptor12* d = ViewDescriptor12::from(dest);
  if (!device || !d || !args || !args->pSamplerDesc) {
    if (device) device->setError(E_INVALIDARG);
    return;
  }
  VkSampler sampler = VK_NULL_HANDLE;
  HRESULT hr = device->samplers().get(*args->pSamplerDesc, &sampler);
  if (FAILED(hr)) {
    umd::logError("D3D12 CreateSampler: the sampler desc cannot be created; the descriptor is left unchanged");
    return device->setError(hr);
  }
  *d = ViewDescriptor12{};
  d->kind = ViewDescriptor12::Sampler;
  d->sampler = sampler;
} D3DVK_CATCH_VOID

}  // namespace

void fillSamplerDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) { f.pfnCreateSampler = &createSampler; }

}  // namespace d3dvk::umd12
