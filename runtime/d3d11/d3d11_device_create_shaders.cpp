// runtime/d3d11/d3d11_device_create_shaders.cpp — ID3D11Device's
// CreateVertexShader, CreatePixelShader, CreateGeometryShader, CreateHullShader,
// CreateDomainShader, CreateComputeShader and CreateInputLayout (the objects are in d3d11_shader.h
// and d3d11_input_layout.h), and CreateClassLinkage (d3d11_class_linkage.h): a
// shader created with a linkage registers its class data there.
#include "d3d11_class_linkage.h"
#include "d3d11_device.h"
#include "d3d11_input_layout.h"
#include "d3d11_level9.h"
#include "d3d11_shader.h"

#include <new>

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
                                                          ID3D11VertexShader** ppVertexShader) try {
  if (removed()) return removedFailure(ppVertexShader);
  return createObject<D3D11VertexShader>(ppVertexShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreatePixelShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                         ID3D11ClassLinkage* pClassLinkage,
                                                         ID3D11PixelShader** ppPixelShader) try {
  if (removed()) return removedFailure(ppPixelShader);
  return createObject<D3D11PixelShader>(ppPixelShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateGeometryShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                            ID3D11ClassLinkage* pClassLinkage,
                                                            ID3D11GeometryShader** ppGeometryShader) try {
  if (removed()) return removedFailure(ppGeometryShader);
  return createObject<D3D11GeometryShader>(ppGeometryShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateHullShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                        ID3D11ClassLinkage* pClassLinkage,
                                                        ID3D11HullShader** ppHullShader) try {
  if (removed()) return removedFailure(ppHullShader);
  return createObject<D3D11HullShader>(ppHullShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDomainShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                          ID3D11ClassLinkage* pClassLinkage,
                                                          ID3D11DomainShader** ppDomainShader) try {
  if (removed()) return removedFailure(ppDomainShader);
  return createObject<D3D11DomainShader>(ppDomainShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateComputeShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                           ID3D11ClassLinkage* pClassLinkage,
                                                           ID3D11ComputeShader** ppComputeShader) try {
  if (removed()) return removedFailure(ppComputeShader);
  // Compute shaders: cs_4_x from 10_0, cs_5_0 from 11_0 (checked with the shader model in d3d11_shader.cpp).
  return createObject<D3D11ComputeShader>(ppComputeShader, *this, pShaderBytecode, BytecodeLength,
                                          static_cast<D3D11ClassLinkage*>(pClassLinkage));
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateClassLinkage(ID3D11ClassLinkage** ppLinkage) try {
  if (removed()) return removedFailure(ppLinkage);
  if (!ppLinkage) return S_FALSE;  // validation only
  *ppLinkage = nullptr;
  auto* linkage = new (std::nothrow) D3D11ClassLinkage(*this);
  if (!linkage) return E_OUTOFMEMORY;
  linkage->AddRef();
  *ppLinkage = linkage;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateInputLayout(const D3D11_INPUT_ELEMENT_DESC* pInputElementDescs,
                                                         UINT NumElements, const void* pShaderBytecodeWithInputSignature,
                                                         SIZE_T BytecodeLength, ID3D11InputLayout** ppInputLayout) try {
  if (removed()) return removedFailure(ppInputLayout);
  if (ppInputLayout) *ppInputLayout = nullptr;
  // 10level9: its vertex formats, and slot 0 per-vertex when any slot is.
  if (NumElements <= D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT &&
      reportLevel9Errors("ID3D11Device::CreateInputLayout",
                         level9InputLayoutErrors(featureLevel_, pInputElementDescs, NumElements)))
    return E_INVALIDARG;
  return createObject<D3D11InputLayout>(ppInputLayout, *this, pInputElementDescs, NumElements,
                                        pShaderBytecodeWithInputSignature, BytecodeLength);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
