// runtime/d3d12/d3d12_root_signature_desc.cpp — see d3d12_root_signature_desc.h.
#include "d3d12_root_signature_desc.h"

#include <cstring>

namespace d3dvk::runtime {
namespace {

// DirectX-Headers' enums have no fixed underlying type, so an application's
// out-of-range value must not be loaded as the enum: read its bytes.
template <typename T>
uint32_t raw(const T& value) {
  static_assert(sizeof(T) == sizeof(uint32_t));
  uint32_t v;
  std::memcpy(&v, &value, sizeof v);
  return v;
}
template <typename T>
T fromRaw(uint32_t v) {
  static_assert(sizeof(T) == sizeof(uint32_t));
  T value;
  std::memcpy(&value, &v, sizeof v);
  return value;
}

rootsig::StaticSampler samplerFromApi(const D3D12_STATIC_SAMPLER_DESC& s) {
  return {raw(s.Filter),      raw(s.AddressU),       raw(s.AddressV),    raw(s.AddressW), raw(s.MipLODBias),
          s.MaxAnisotropy,    raw(s.ComparisonFunc), raw(s.BorderColor), raw(s.MinLOD),   raw(s.MaxLOD),
          s.ShaderRegister,   s.RegisterSpace,       raw(s.ShaderVisibility)};
}

D3D12_STATIC_SAMPLER_DESC samplerToApi(const rootsig::StaticSampler& s) {
  D3D12_STATIC_SAMPLER_DESC d;
  d.Filter = fromRaw<D3D12_FILTER>(s.filter);
  d.AddressU = fromRaw<D3D12_TEXTURE_ADDRESS_MODE>(s.addressU);
  d.AddressV = fromRaw<D3D12_TEXTURE_ADDRESS_MODE>(s.addressV);
  d.AddressW = fromRaw<D3D12_TEXTURE_ADDRESS_MODE>(s.addressW);
  d.MipLODBias = fromRaw<FLOAT>(s.mipLODBiasBits);
  d.MaxAnisotropy = s.maxAnisotropy;
  d.ComparisonFunc = fromRaw<D3D12_COMPARISON_FUNC>(s.comparisonFunc);
  d.BorderColor = fromRaw<D3D12_STATIC_BORDER_COLOR>(s.borderColor);
  d.MinLOD = fromRaw<FLOAT>(s.minLODBits);
  d.MaxLOD = fromRaw<FLOAT>(s.maxLODBits);
  d.ShaderRegister = s.shaderRegister;
  d.RegisterSpace = s.registerSpace;
  d.ShaderVisibility = fromRaw<D3D12_SHADER_VISIBILITY>(s.shaderVisibility);
  return d;
}

// Fills the parts of a parameter both versions share; `Param` is
// D3D12_ROOT_PARAMETER or D3D12_ROOT_PARAMETER1.
template <typename Param>
rootsig::RootParameter parameterFromApi(const Param& p) {
  rootsig::RootParameter out;
  out.parameterType = raw(p.ParameterType);
  out.shaderVisibility = raw(p.ShaderVisibility);
  if (out.parameterType == rootsig::kParameterConstants) {
    out.shaderRegister = p.Constants.ShaderRegister;
    out.registerSpace = p.Constants.RegisterSpace;
    out.num32BitValues = p.Constants.Num32BitValues;
  } else if (out.parameterType != rootsig::kParameterTable) {
    out.shaderRegister = p.Descriptor.ShaderRegister;
    out.registerSpace = p.Descriptor.RegisterSpace;
  }
  return out;
}

template <typename Desc>
std::optional<rootsig::RootSignatureDesc> fromApi(const Desc& desc, uint32_t version, std::string* error) {
  rootsig::RootSignatureDesc out;
  out.version = version;
  out.flags = raw(desc.Flags);
  if (desc.NumParameters && !desc.pParameters) {
    *error = "NumParameters is " + std::to_string(desc.NumParameters) + " but pParameters is null";
    return std::nullopt;
  }
  if (desc.NumStaticSamplers && !desc.pStaticSamplers) {
    *error = "NumStaticSamplers is " + std::to_string(desc.NumStaticSamplers) + " but pStaticSamplers is null";
    return std::nullopt;
  }
  out.parameters.reserve(desc.NumParameters);
  for (UINT i = 0; i < desc.NumParameters; ++i) {
    const auto& p = desc.pParameters[i];
    rootsig::RootParameter param = parameterFromApi(p);
    if (param.parameterType == rootsig::kParameterTable) {
      const auto& table = p.DescriptorTable;
      if (table.NumDescriptorRanges && !table.pDescriptorRanges) {
        *error = "root parameter [" + std::to_string(i) + "]: NumDescriptorRanges is " +
                 std::to_string(table.NumDescriptorRanges) + " but pDescriptorRanges is null";
        return std::nullopt;
      }
      for (UINT j = 0; j < table.NumDescriptorRanges; ++j) {
        const auto& r = table.pDescriptorRanges[j];
        rootsig::DescriptorRange range;
        range.rangeType = raw(r.RangeType);
        range.numDescriptors = r.NumDescriptors;
        range.baseShaderRegister = r.BaseShaderRegister;
        range.registerSpace = r.RegisterSpace;
        if constexpr (std::is_same_v<Desc, D3D12_ROOT_SIGNATURE_DESC1>) range.flags = raw(r.Flags);
        range.offsetInDescriptorsFromTableStart = r.OffsetInDescriptorsFromTableStart;
        param.ranges.push_back(range);
      }
    } else if constexpr (std::is_same_v<Desc, D3D12_ROOT_SIGNATURE_DESC1>) {
      if (param.parameterType != rootsig::kParameterConstants) param.flags = raw(p.Descriptor.Flags);
    }
    out.parameters.push_back(std::move(param));
  }
  for (UINT i = 0; i < desc.NumStaticSamplers; ++i) out.staticSamplers.push_back(samplerFromApi(desc.pStaticSamplers[i]));
  return out;
}

}  // namespace

std::optional<rootsig::RootSignatureDesc> rootSignatureFromApi(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& desc,
                                                               std::string* error) {
  const uint32_t version = raw(desc.Version);
  if (version == rootsig::kVersion1_0) return fromApi(desc.Desc_1_0, version, error);
  if (version == rootsig::kVersion1_1) return fromApi(desc.Desc_1_1, version, error);
  *error = "unknown root signature version " + std::to_string(version) +
           " (D3D_ROOT_SIGNATURE_VERSION_1_0 is 1, D3D_ROOT_SIGNATURE_VERSION_1_1 is 2)";
  return std::nullopt;
}

ApiRootSignatureDesc::ApiRootSignatureDesc(const rootsig::RootSignatureDesc& desc) {
  const bool v11 = desc.version == rootsig::kVersion1_1;
  for (const rootsig::StaticSampler& s : desc.staticSamplers) samplers_.push_back(samplerToApi(s));
  // Ranges first: the parameters point into these vectors, which must not move afterwards.
  for (const rootsig::RootParameter& p : desc.parameters) {
    std::vector<D3D12_DESCRIPTOR_RANGE> ranges;
    std::vector<D3D12_DESCRIPTOR_RANGE1> ranges1;
    for (const rootsig::DescriptorRange& r : p.ranges) {
      const auto type = fromRaw<D3D12_DESCRIPTOR_RANGE_TYPE>(r.rangeType);
      if (v11)
        ranges1.push_back({type, r.numDescriptors, r.baseShaderRegister, r.registerSpace,
                           fromRaw<D3D12_DESCRIPTOR_RANGE_FLAGS>(r.flags), r.offsetInDescriptorsFromTableStart});
      else
        ranges.push_back({type, r.numDescriptors, r.baseShaderRegister, r.registerSpace,
                          r.offsetInDescriptorsFromTableStart});
    }
    ranges_.push_back(std::move(ranges));
    ranges1_.push_back(std::move(ranges1));
  }
  for (size_t i = 0; i < desc.parameters.size(); ++i) {
    const rootsig::RootParameter& p = desc.parameters[i];
    const auto type = fromRaw<D3D12_ROOT_PARAMETER_TYPE>(p.parameterType);
    const auto visibility = fromRaw<D3D12_SHADER_VISIBILITY>(p.shaderVisibility);
    if (v11) {
      D3D12_ROOT_PARAMETER1 out{};
      out.ParameterType = type;
      out.ShaderVisibility = visibility;
      if (p.parameterType == rootsig::kParameterTable)
        out.DescriptorTable = {UINT(ranges1_[i].size()), ranges1_[i].empty() ? nullptr : ranges1_[i].data()};
      else if (p.parameterType == rootsig::kParameterConstants)
        out.Constants = {p.shaderRegister, p.registerSpace, p.num32BitValues};
      else
        out.Descriptor = {p.shaderRegister, p.registerSpace, fromRaw<D3D12_ROOT_DESCRIPTOR_FLAGS>(p.flags)};
      parameters1_.push_back(out);
    } else {
      D3D12_ROOT_PARAMETER out{};
      out.ParameterType = type;
      out.ShaderVisibility = visibility;
      if (p.parameterType == rootsig::kParameterTable)
        out.DescriptorTable = {UINT(ranges_[i].size()), ranges_[i].empty() ? nullptr : ranges_[i].data()};
      else if (p.parameterType == rootsig::kParameterConstants)
        out.Constants = {p.shaderRegister, p.registerSpace, p.num32BitValues};
      else
        out.Descriptor = {p.shaderRegister, p.registerSpace};
      parameters_.push_back(out);
    }
  }
  const D3D12_STATIC_SAMPLER_DESC* samplers = samplers_.empty() ? nullptr : samplers_.data();
  const auto flags = fromRaw<D3D12_ROOT_SIGNATURE_FLAGS>(desc.flags);
  if (v11) {
    versioned_.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    versioned_.Desc_1_1 = {UINT(parameters1_.size()), parameters1_.empty() ? nullptr : parameters1_.data(),
                           UINT(samplers_.size()), samplers, flags};
  } else {
    versioned_.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
    versioned_.Desc_1_0 = {UINT(parameters_.size()), parameters_.empty() ? nullptr : parameters_.data(),
                           UINT(samplers_.size()), samplers, flags};
  }
}

}  // namespace d3dvk::runtime
