// ddi/umd/d3d12/root_signature12.cpp — see root_signature12.h: the
// CalcPrivate/Create/DestroyRootSignature DDIs.
#include "root_signature12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "sampler_state.h"  // translate/state

#include <algorithm>
#include <cstring>
#include <new>

namespace d3dvk::umd12 {
namespace {

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// A static sampler as the D3D11 sampler desc translate/state understands (D3D12's
// filter, address-mode and comparison values are D3D11's).
HRESULT createStaticSampler(Device12& device, const D3D12DDI_STATIC_SAMPLER& s, std::shared_ptr<vk::Sampler>* out) {
  D3D10_DDI_SAMPLER_DESC d{};
  d.Filter = D3D10_DDI_FILTER(s.Filter);
  d.AddressU = D3D10_DDI_TEXTURE_ADDRESS_MODE(s.AddressU);
  d.AddressV = D3D10_DDI_TEXTURE_ADDRESS_MODE(s.AddressV);
  d.AddressW = D3D10_DDI_TEXTURE_ADDRESS_MODE(s.AddressW);
  d.MipLODBias = s.MipLODBias;
  d.MaxAnisotropy = s.MaxAnisotropy;
  d.ComparisonFunc = D3D10_DDI_COMPARISON_FUNC(s.ComparisonFunc);
  const float alpha = s.BorderColor == 0 ? 0.0f : 1.0f, rgb = s.BorderColor == 2 ? 1.0f : 0.0f;
  d.BorderColor[0] = d.BorderColor[1] = d.BorderColor[2] = rgb;
  d.BorderColor[3] = alpha;
  d.MinLOD = s.MinLOD;
  d.MaxLOD = s.MaxLOD;
  if (!state::isValidFilter(d.Filter) || !state::isValidAddressMode(d.AddressU) || !state::isValidAddressMode(d.AddressV) ||
      !state::isValidAddressMode(d.AddressW))
    return E_INVALIDARG;
  const vk::Device& vk = device.vk();
  const float maxAnisotropy =
      vk.enabledFeatures().samplerAnisotropy ? vk.info().properties.limits.maxSamplerAnisotropy : 0.0f;
  state::SamplerState st = state::translateSamplerState(d, maxAnisotropy);
  const float maxBias = vk.info().properties.limits.maxSamplerLodBias;
  st.info.mipLodBias = std::clamp(st.info.mipLodBias, -maxBias, maxBias);
  VkSamplerReductionModeCreateInfo reduction{VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
  if (st.reduction != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
    if (!vk.samplerFeatures().filterMinmax) {
      umd::logError("D3D12 CreateRootSignature: a MINIMUM_/MAXIMUM_ static sampler needs samplerFilterMinmax");
      return E_NOTIMPL;
    }
    reduction.reductionMode = st.reduction;
    st.info.pNext = &reduction;
  }
  if (st.customBorder) return E_INVALIDARG;  // the three static border colours are Vulkan's own
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::Sampler> sampler = vk::createSampler(device.vk(), st.info, &result);
  if (!sampler) return Device12::hresultFor(result);
  *out = std::move(sampler);
  return S_OK;
}

SIZE_T APIENTRY calcPrivateRootSignatureSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0001*) try {
  return sizeof(RootSignature12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createRootSignature(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0001* args,
                                     D3D12DDI_HROOTSIGNATURE hRootSignature) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !args->pRootSignature || !hRootSignature.pDrvPrivate) return E_INVALIDARG;
  const D3D12DDI_ROOT_SIGNATURE& in = *args->pRootSignature;
  if ((in.NumParameters && !in.pRootParameters) || (in.NumStaticSamplers && !in.pStaticSamplers)) return E_INVALIDARG;
  auto* rs = new (hRootSignature.pDrvPrivate) RootSignature12();
  rs->desc.version = rootsig::kVersion1_0;
  rs->desc.flags = in.Flags;
  rs->constantsOffset.assign(in.NumParameters, 0);
  for (UINT i = 0; i < in.NumParameters; ++i) {
    const D3D12DDI_ROOT_PARAMETER& p = in.pRootParameters[i];
    rootsig::RootParameter out;
    out.parameterType = uint32_t(p.ParameterType);
    out.shaderVisibility = uint32_t(p.ShaderVisibility);
    switch (p.ParameterType) {
      case D3D12DDI_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
        for (UINT r = 0; r < p.DescriptorTable.NumDescriptorRanges; ++r) {
          const D3D12DDI_DESCRIPTOR_RANGE& range = p.DescriptorTable.pDescriptorRanges[r];
          rootsig::DescriptorRange dr;
          dr.rangeType = uint32_t(range.RangeType);
          dr.numDescriptors = range.NumDescriptors;
          dr.baseShaderRegister = range.BaseShaderRegister;
          dr.registerSpace = range.RegisterSpace;
          dr.offsetInDescriptorsFromTableStart = range.OffsetInDescriptorsFromTableStart;
          out.ranges.push_back(dr);
        }
        break;
      case D3D12DDI_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
        out.shaderRegister = p.Constants.ShaderRegister;
        out.registerSpace = p.Constants.RegisterSpace;
        out.num32BitValues = p.Constants.Num32BitValues;
        rs->constantsOffset[i] = rs->constantWords;
        rs->constantWords += p.Constants.Num32BitValues;
        break;
      default:
        out.shaderRegister = p.Descriptor.ShaderRegister;
        out.registerSpace = p.Descriptor.RegisterSpace;
        break;
    }
    rs->desc.parameters.push_back(std::move(out));
  }
  for (UINT i = 0; i < in.NumStaticSamplers; ++i) {
    const D3D12DDI_STATIC_SAMPLER& s = in.pStaticSamplers[i];
    rootsig::StaticSampler out;
    out.filter = s.Filter;
    out.addressU = s.AddressU;
    out.addressV = s.AddressV;
    out.addressW = s.AddressW;
    out.mipLODBiasBits = bitsOf(s.MipLODBias);
    out.maxAnisotropy = s.MaxAnisotropy;
    out.comparisonFunc = s.ComparisonFunc;
    out.borderColor = s.BorderColor;
    out.minLODBits = bitsOf(s.MinLOD);
    out.maxLODBits = bitsOf(s.MaxLOD);
    out.shaderRegister = s.ShaderRegister;
    out.registerSpace = s.RegisterSpace;
    out.shaderVisibility = uint32_t(s.ShaderVisibility);
    rs->desc.staticSamplers.push_back(out);
    std::shared_ptr<vk::Sampler> sampler;
    HRESULT hr = createStaticSampler(*device, s, &sampler);
    if (FAILED(hr)) {
      rs->~RootSignature12();
      return hr;
    }
    rs->staticSamplers.push_back(std::move(sampler));
  }
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyRootSignature(D3D12DDI_HDEVICE hDevice, D3D12DDI_HROOTSIGNATURE hRootSignature) try {
  if (Device12* device = Device12::from(hDevice); device && !device->settleIfHung()) return;  // see settleIfHung
  if (RootSignature12* rs = RootSignature12::from(hRootSignature)) rs->~RootSignature12();
} D3DVK_CATCH_VOID

}  // namespace

void fillRootSignatureDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateRootSignatureSize = &calcPrivateRootSignatureSize;
  f.pfnCreateRootSignature = &createRootSignature;
  f.pfnDestroyRootSignature = &destroyRootSignature;
}

}  // namespace d3dvk::umd12
