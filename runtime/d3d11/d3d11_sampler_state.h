// runtime/d3d11/d3d11_sampler_state.h — ID3D11SamplerState: the API object for
// one sampler desc, owning the driver's sampler (pfnCreateSampler in memory
// sized by pfnCalcPrivateSamplerSize) until the last reference goes.
// Identical descs share one object (the device's cache, d3d11_state_object_cache.h); the desc is
// validated first (validateSamplerDesc, with the debug layer's messages), then
// normalized as D3D11 stores it (normalizeSamplerDesc).
#pragma once

#include "d3d10umddi.h"
#include "d3d11_driver_object.h"
#include "d3d11_state_object_cache.h"

#include <memory>
#include <string>
#include <vector>

namespace d3dvk::runtime {

struct SamplerDescError {
  D3D11_MESSAGE_ID id;
  const char* idName;
  std::string text;
};

// D3D11's CreateSamplerState rules: filter, address modes, MipLODBias in
// [-16, 15.99], MaxAnisotropy 1..16 for anisotropic filters, ComparisonFunc for
// comparison filters, MinLOD/MaxLOD not NaN and MinLOD <= MaxLOD.
std::vector<SamplerDescError> validateSamplerDesc(const D3D11_SAMPLER_DESC& desc);

// What D3D11 stores for a valid desc (and GetDesc returns; identical results
// share one object): MaxAnisotropy 0 unless the filter is anisotropic,
// ComparisonFunc NEVER unless it is a comparison filter, BorderColor zeros
// unless an address mode is BORDER. The fields the filter uses stay as given.
D3D11_SAMPLER_DESC normalizeSamplerDesc(const D3D11_SAMPLER_DESC& desc);

using SamplerStateKey = StateKey<13>;

class D3D11SamplerState final : public D3D11StateObject<ID3D11SamplerState, D3D11SamplerState, SamplerStateKey> {
 public:
  // The cache key: every field of the desc.
  static SamplerStateKey key(const D3D11_SAMPLER_DESC& desc);
  static D3D11SamplerState* create(D3D11Device& device, const D3D11_SAMPLER_DESC& desc, HRESULT* hr);
  const D3D11_SAMPLER_DESC& desc() const { return desc_; }
  D3D10DDI_HSAMPLER ddiHandle() const { return driverObject_.handle(); }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_SAMPLER_DESC* pDesc) override;

 private:
  D3D11SamplerState(D3D11Device& device, const D3D11_SAMPLER_DESC& desc) : D3D11StateObject(device), desc_(desc) {}
  D3D11_SAMPLER_DESC desc_;
  DriverObject<D3D10DDI_HSAMPLER> driverObject_;
};

}  // namespace d3dvk::runtime
