// runtime/d3d11/d3d11_device_shaders.cpp — ID3D11Device's CreateVertexShader,
// CreatePixelShader, CreateGeometryShader, CreateComputeShader and CreateInputLayout (the objects are in d3d11_shader.h
// and d3d11_input_layout.h), and CreateBlendState (as CreateBlendState1, which
// is in d3d11_output_merger_state.cpp with CreateDepthStencilState). Class
// linkage is not supported (E_NOTIMPL).
#include "d3d11_device.h"
#include "d3d11_input_layout.h"
#include "d3d11_output_merger_state.h"
#include "d3d11_shader.h"

namespace d3dvk::runtime {
namespace {

template <typename Object, typename Interface, typename... Args>
HRESULT createObject(Interface** out, Args&&... args) {
  if (out) *out = nullptr;
  HRESULT hr = S_OK;
  Object* object = Object::create(std::forward<Args>(args)..., &hr);
  if (!object) return hr;
  if (!out) {  // validation only (D3D11 returns S_FALSE)
    delete object;
    return S_FALSE;
  }
  object->AddRef();
  *out = object;
  return S_OK;
}

}  // namespace

HRESULT STDMETHODCALLTYPE D3D11Device::CreateVertexShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                          ID3D11ClassLinkage* pClassLinkage,
                                                          ID3D11VertexShader** ppVertexShader) {
  if (removed()) return removedFailure(ppVertexShader);
  if (pClassLinkage) {
    if (ppVertexShader) *ppVertexShader = nullptr;
    return E_NOTIMPL;
  }
  return createObject<D3D11VertexShader>(ppVertexShader, *this, pShaderBytecode, BytecodeLength);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreatePixelShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                         ID3D11ClassLinkage* pClassLinkage,
                                                         ID3D11PixelShader** ppPixelShader) {
  if (removed()) return removedFailure(ppPixelShader);
  if (pClassLinkage) {
    if (ppPixelShader) *ppPixelShader = nullptr;
    return E_NOTIMPL;
  }
  return createObject<D3D11PixelShader>(ppPixelShader, *this, pShaderBytecode, BytecodeLength);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateGeometryShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                            ID3D11ClassLinkage* pClassLinkage,
                                                            ID3D11GeometryShader** ppGeometryShader) {
  if (removed()) return removedFailure(ppGeometryShader);
  if (pClassLinkage) {
    if (ppGeometryShader) *ppGeometryShader = nullptr;
    return E_NOTIMPL;
  }
  return createObject<D3D11GeometryShader>(ppGeometryShader, *this, pShaderBytecode, BytecodeLength);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateComputeShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                           ID3D11ClassLinkage* pClassLinkage,
                                                           ID3D11ComputeShader** ppComputeShader) {
  if (removed()) return removedFailure(ppComputeShader);
  if (pClassLinkage) {
    if (ppComputeShader) *ppComputeShader = nullptr;
    return E_NOTIMPL;
  }
  // Compute shaders need feature level 11_0 (d3dvk's devices are 11_0 and up).
  return createObject<D3D11ComputeShader>(ppComputeShader, *this, pShaderBytecode, BytecodeLength);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateInputLayout(const D3D11_INPUT_ELEMENT_DESC* pInputElementDescs,
                                                         UINT NumElements, const void* pShaderBytecodeWithInputSignature,
                                                         SIZE_T BytecodeLength, ID3D11InputLayout** ppInputLayout) {
  if (removed()) return removedFailure(ppInputLayout);
  return createObject<D3D11InputLayout>(ppInputLayout, *this, pInputElementDescs, NumElements,
                                        pShaderBytecodeWithInputSignature, BytecodeLength);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBlendState(const D3D11_BLEND_DESC* pBlendStateDesc,
                                                        ID3D11BlendState** ppBlendState) {
  if (removed()) return removedFailure(ppBlendState);
  if (ppBlendState) *ppBlendState = nullptr;
  if (!pBlendStateDesc) return E_INVALIDARG;
  D3D11_BLEND_DESC1 desc{pBlendStateDesc->AlphaToCoverageEnable, pBlendStateDesc->IndependentBlendEnable, {}};
  for (int i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC& r = pBlendStateDesc->RenderTarget[i];
    desc.RenderTarget[i] = {r.BlendEnable,    FALSE,          r.SrcBlend,          r.DestBlend,
                            r.BlendOp,        r.SrcBlendAlpha, r.DestBlendAlpha,   r.BlendOpAlpha,
                            D3D11_LOGIC_OP_NOOP, r.RenderTargetWriteMask};
  }
  ID3D11BlendState1* state = nullptr;
  HRESULT hr = CreateBlendState1(&desc, ppBlendState ? &state : nullptr);
  if (ppBlendState) *ppBlendState = state;
  return hr;
}

}  // namespace d3dvk::runtime
