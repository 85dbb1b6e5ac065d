// ddi/umd/d3d12/root_signature12.h — the UMD's root signature: the desc the
// runtime hands CreateRootSignature (as rootsig::RootSignatureDesc, which
// rootsig::bindShader maps shader registers with, see
// translate/rootsig/shader_bindings.h), the static samplers as Vulkan samplers
// (immutable samplers of every set layout that binds them), and where each
// root-constants parameter's values live in a command list's root-constant
// words. The Vulkan pipeline layout itself belongs to each pipeline state: one
// descriptor set per shader stage holding what that stage declares
// (shader12.h), so the layout depends on the root signature and the shaders.
#pragma once

#include "d3d12umddi.h"
#include "rootsig/root_signature.h"
#include "vk_pipeline.h"

#include <memory>
#include <vector>

namespace d3dvk::umd12 {

class Device12;

struct RootSignature12 {
  rootsig::RootSignatureDesc desc;
  std::vector<std::shared_ptr<vk::Sampler>> staticSamplers;  // by static-sampler index
  std::vector<uint32_t> constantsOffset;  // by parameter: first root-constant word (root-constants parameters)
  uint32_t constantWords = 0;             // all root-constants parameters together

  static RootSignature12* from(D3D12DDI_HROOTSIGNATURE h) { return static_cast<RootSignature12*>(h.pDrvPrivate); }
};

void fillRootSignatureDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
