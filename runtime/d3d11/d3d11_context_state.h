// runtime/d3d11/d3d11_context_state.h — a context's whole pipeline state as
// an object: ContextStateSnapshot (every binding of an ID3D11DeviceContext1,
// taken through its getters and put back through its setters, so validation,
// references and the DDI calls are the context's own), and
// ID3DDeviceContextState (ID3D11Device1::CreateDeviceContextState,
// ID3D11DeviceContext1::SwapDeviceContextState), which holds a snapshot while
// it is not the active state of the immediate context.
#pragma once

#include "d3d11_device_child.h"

#include <d3d11_3.h>

#include <vector>

namespace d3dvk::runtime {

// Every binding of a context, with a public reference on each object (released by clear()).
class ContextStateSnapshot {
 public:
  ContextStateSnapshot() = default;
  ContextStateSnapshot(const ContextStateSnapshot&) = delete;
  ContextStateSnapshot& operator=(const ContextStateSnapshot&) = delete;
  ~ContextStateSnapshot() { clear(); }

  // Takes `context`'s bindings (replacing what this held).
  void capture(ID3D11DeviceContext1* context);
  // Clears `context`'s state and binds what this holds.
  void apply(ID3D11DeviceContext1* context) const;
  // Drops the references: the default (cleared) state.
  void clear();

  static constexpr UINT kStages = 6;  // VS, HS, DS, GS, PS, CS

 private:
  struct Stage {
    IUnknown* shader = nullptr;  // ID3D11*Shader
    std::vector<ID3D11ClassInstance*> classInstances;
    ID3D11Buffer* constantBuffers[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
    UINT firstConstant[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
    UINT numConstants[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {};
    ID3D11ShaderResourceView* shaderResources[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT] = {};
    ID3D11SamplerState* samplers[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT] = {};
  };
  Stage stages_[kStages];
  ID3D11InputLayout* inputLayout_ = nullptr;
  ID3D11Buffer* vertexBuffers_[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  UINT strides_[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  UINT offsets_[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  ID3D11Buffer* indexBuffer_ = nullptr;
  DXGI_FORMAT indexFormat_ = DXGI_FORMAT_UNKNOWN;
  UINT indexOffset_ = 0;
  D3D11_PRIMITIVE_TOPOLOGY topology_ = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  ID3D11RasterizerState* rasterizerState_ = nullptr;
  UINT viewportCount_ = 0, scissorCount_ = 0;
  D3D11_VIEWPORT viewports_[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  D3D11_RECT scissors_[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE] = {};
  ID3D11BlendState* blendState_ = nullptr;
  FLOAT blendFactor_[4] = {1, 1, 1, 1};
  UINT sampleMask_ = 0xFFFFFFFF;
  ID3D11DepthStencilState* depthStencilState_ = nullptr;
  UINT stencilRef_ = 0;
  ID3D11RenderTargetView* renderTargets_[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  ID3D11DepthStencilView* depthStencil_ = nullptr;
  ID3D11UnorderedAccessView* unorderedAccessViews_[D3D11_1_UAV_SLOT_COUNT] = {};
  ID3D11UnorderedAccessView* computeUnorderedAccessViews_[D3D11_1_UAV_SLOT_COUNT] = {};
  // Stream-output targets: they go back with offset -1, so capture continues
  // where each buffer's last one ended (SOGetTargets has no offsets).
  ID3D11Buffer* streamOutputTargets_[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  ID3D11Predicate* predicate_ = nullptr;
  BOOL predicateValue_ = FALSE;
};

class D3D11DeviceContextState final : public D3D11DeviceChild<ID3DDeviceContextState> {
 public:
  D3D11DeviceContextState(D3D11Device& device, D3D_FEATURE_LEVEL featureLevel, const IID& emulatedInterface)
      : D3D11DeviceChild(device), featureLevel_(featureLevel), emulatedInterface_(emulatedInterface) {}

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

  D3D_FEATURE_LEVEL featureLevel() const { return featureLevel_; }
  const IID& emulatedInterface() const { return emulatedInterface_; }
  D3D11Device& owner() { return device(); }
  // The state it holds while not active (the default state when created).
  ContextStateSnapshot& snapshot() { return snapshot_; }

 private:
  D3D_FEATURE_LEVEL featureLevel_;
  IID emulatedInterface_;
  ContextStateSnapshot snapshot_;
};

}  // namespace d3dvk::runtime
