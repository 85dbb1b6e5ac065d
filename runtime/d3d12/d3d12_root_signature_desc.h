// runtime/d3d12/d3d12_root_signature_desc.h — root-signature descs between the
// D3D12 API structs (D3D12_ROOT_SIGNATURE_DESC, D3D12_ROOT_SIGNATURE_DESC1 and
// the versioned union) and translate/rootsig's plain data: reading an
// application's desc (null arrays with non-zero counts are errors, enum values
// read raw so invalid ones reach validation), and ApiRootSignatureDesc, the API
// structs built from data with the arrays they point into, as the
// deserializers hand them out.
#pragma once

#include "rootsig/root_signature.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <optional>
#include <string>
#include <vector>

namespace d3dvk::runtime {

// The application's desc as data, or nullopt with `error` set. The version
// comes from `desc.Version`; any value other than 1.0 and 1.1 is an error.
std::optional<rootsig::RootSignatureDesc> rootSignatureFromApi(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& desc,
                                                               std::string* error);

// A desc in API form, owning its arrays (not copyable: the structs point into it).
// An empty array is a null pointer, as D3D12 returns it.
class ApiRootSignatureDesc {
 public:
  explicit ApiRootSignatureDesc(const rootsig::RootSignatureDesc& desc);
  ApiRootSignatureDesc(const ApiRootSignatureDesc&) = delete;
  ApiRootSignatureDesc& operator=(const ApiRootSignatureDesc&) = delete;

  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* get() const { return &versioned_; }

 private:
  std::vector<D3D12_ROOT_PARAMETER> parameters_;
  std::vector<D3D12_ROOT_PARAMETER1> parameters1_;
  std::vector<std::vector<D3D12_DESCRIPTOR_RANGE>> ranges_;
  std::vector<std::vector<D3D12_DESCRIPTOR_RANGE1>> ranges1_;
  std::vector<D3D12_STATIC_SAMPLER_DESC> samplers_;
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned_{};
};

}  // namespace d3dvk::runtime
