// runtime/d3d11/d3d11_sampler_state.cpp — see d3d11_sampler_state.h.
#include "d3d11_sampler_state.h"

#include "d3d11_device.h"

#include <cmath>
#include <cstring>
#include <new>

namespace d3dvk::runtime {
namespace {

bool validFilter(D3D11_FILTER filter) {
  const unsigned f = unsigned(filter);
  if (f & ~0x1D5u) return false;
  if (f & 0x40u) return (f & 0x3Fu) == 0x15u;
  return true;
}

D3D10_DDI_SAMPLER_DESC toDdi(const D3D11_SAMPLER_DESC& d) {
  D3D10_DDI_SAMPLER_DESC out{};
  out.Filter = D3D10_DDI_FILTER(d.Filter);
  out.AddressU = D3D10_DDI_TEXTURE_ADDRESS_MODE(d.AddressU);
  out.AddressV = D3D10_DDI_TEXTURE_ADDRESS_MODE(d.AddressV);
  out.AddressW = D3D10_DDI_TEXTURE_ADDRESS_MODE(d.AddressW);
  out.MipLODBias = d.MipLODBias;
  out.MaxAnisotropy = d.MaxAnisotropy;
  out.ComparisonFunc = D3D10_DDI_COMPARISON_FUNC(d.ComparisonFunc);
  std::memcpy(out.BorderColor, d.BorderColor, sizeof out.BorderColor);
  out.MinLOD = d.MinLOD;
  out.MaxLOD = d.MaxLOD;
  return out;
}

}  // namespace

std::vector<SamplerDescError> validateSamplerDesc(const D3D11_SAMPLER_DESC& d) {
  std::vector<SamplerDescError> errors;
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) { errors.push_back({id, name, std::move(text)}); };
  if (!validFilter(d.Filter))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDFILTER, "CREATESAMPLERSTATE_INVALIDFILTER",
        "Filter (0x" + [&] { char b[16]; std::snprintf(b, sizeof b, "%X", unsigned(d.Filter)); return std::string(b); }() +
            ") is not a valid D3D11_FILTER.");
  auto validAddress = [](D3D11_TEXTURE_ADDRESS_MODE m) { return m >= 1 && m <= 5; };
  if (!validAddress(d.AddressU))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDADDRESSU, "CREATESAMPLERSTATE_INVALIDADDRESSU",
        "AddressU (" + std::to_string(int(d.AddressU)) + ") is not a valid D3D11_TEXTURE_ADDRESS_MODE.");
  if (!validAddress(d.AddressV))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDADDRESSV, "CREATESAMPLERSTATE_INVALIDADDRESSV",
        "AddressV (" + std::to_string(int(d.AddressV)) + ") is not a valid D3D11_TEXTURE_ADDRESS_MODE.");
  if (!validAddress(d.AddressW))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDADDRESSW, "CREATESAMPLERSTATE_INVALIDADDRESSW",
        "AddressW (" + std::to_string(int(d.AddressW)) + ") is not a valid D3D11_TEXTURE_ADDRESS_MODE.");
  if (!(d.MipLODBias >= D3D11_MIP_LOD_BIAS_MIN && d.MipLODBias <= D3D11_MIP_LOD_BIAS_MAX))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDMIPLODBIAS, "CREATESAMPLERSTATE_INVALIDMIPLODBIAS",
        "MipLODBias (" + std::to_string(d.MipLODBias) + ") must be in [-16.0, 15.99].");
  if ((unsigned(d.Filter) & 0x40u) && (d.MaxAnisotropy < 1 || d.MaxAnisotropy > D3D11_MAX_MAXANISOTROPY))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDMAXANISOTROPY, "CREATESAMPLERSTATE_INVALIDMAXANISOTROPY",
        "MaxAnisotropy (" + std::to_string(d.MaxAnisotropy) + ") must be in [1, 16] for an anisotropic filter.");
  if (((unsigned(d.Filter) >> 7) & 3u) == 1u && !(d.ComparisonFunc >= 1 && d.ComparisonFunc <= 8))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDCOMPARISONFUNC, "CREATESAMPLERSTATE_INVALIDCOMPARISONFUNC",
        "ComparisonFunc (" + std::to_string(int(d.ComparisonFunc)) + ") is not a valid D3D11_COMPARISON_FUNC.");
  if (std::isnan(d.MinLOD))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDMINLOD, "CREATESAMPLERSTATE_INVALIDMINLOD", "MinLOD is NaN.");
  if (std::isnan(d.MaxLOD) || (!std::isnan(d.MinLOD) && d.MaxLOD < d.MinLOD))
    add(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_INVALIDMAXLOD, "CREATESAMPLERSTATE_INVALIDMAXLOD",
        "MaxLOD (" + std::to_string(d.MaxLOD) + ") must not be NaN or below MinLOD (" + std::to_string(d.MinLOD) +
            ").");
  return errors;
}

D3D11_SAMPLER_DESC normalizeSamplerDesc(const D3D11_SAMPLER_DESC& d) {
  D3D11_SAMPLER_DESC n = d;
  if (!D3D11_DECODE_IS_ANISOTROPIC_FILTER(unsigned(d.Filter))) n.MaxAnisotropy = 0;
  if (!D3D11_DECODE_IS_COMPARISON_FILTER(unsigned(d.Filter))) n.ComparisonFunc = D3D11_COMPARISON_NEVER;
  if (d.AddressU != D3D11_TEXTURE_ADDRESS_BORDER && d.AddressV != D3D11_TEXTURE_ADDRESS_BORDER &&
      d.AddressW != D3D11_TEXTURE_ADDRESS_BORDER)
    std::memset(n.BorderColor, 0, sizeof n.BorderColor);
  return n;
}

SamplerStateKey D3D11SamplerState::key(const D3D11_SAMPLER_DESC& d) {
  SamplerStateKey key;
  StateKeyWriter(key)
      .add(d.Filter, d.AddressU, d.AddressV, d.AddressW, d.MipLODBias, d.MaxAnisotropy, d.ComparisonFunc)
      .add(d.BorderColor[0], d.BorderColor[1], d.BorderColor[2], d.BorderColor[3], d.MinLOD, d.MaxLOD);
  return key;
}

D3D11SamplerState* D3D11SamplerState::create(D3D11Device& device, const D3D11_SAMPLER_DESC& desc, HRESULT* hr) {
  std::unique_ptr<D3D11SamplerState> state(new (std::nothrow) D3D11SamplerState(device, desc));
  if (!state) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  DdiDevice& ddi = device.ddi();
  const D3D10_DDI_SAMPLER_DESC ddiDesc = toDdi(desc);
  *hr = state->driverObject_.create(
      ddi, ddi.funcs().pfnDestroySampler,
      [&] { return ddi.funcs().pfnCalcPrivateSamplerSize(ddi.handle(), &ddiDesc); },
      [&](D3D10DDI_HSAMPLER h) {
        ddi.funcs().pfnCreateSampler(ddi.handle(), &ddiDesc, h, D3D10DDI_HRTSAMPLER{state.get()});
      });
  return SUCCEEDED(*hr) ? state.release() : nullptr;
}

HRESULT STDMETHODCALLTYPE D3D11SamplerState::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11SamplerState)) {
    AddRef();
    *ppvObject = static_cast<ID3D11SamplerState*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11SamplerState::GetDesc(D3D11_SAMPLER_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
