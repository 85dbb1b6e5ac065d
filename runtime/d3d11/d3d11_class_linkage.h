// runtime/d3d11/d3d11_class_linkage.h — ID3D11ClassLinkage and ID3D11ClassInstance
// (SM5 dynamic shader linkage). A linkage collects the class data of the shaders
// created with it (their IFCE chunks: class types and the instances the shaders
// declare); GetClassInstance hands out a declared instance, CreateClassInstance
// one whose data the application places (constant buffer, vector offset, first
// texture and sampler). An instance is matched to a shader's interface slots by
// its class type's name at *SetShader (d3d11_context_class_instances.cpp).
#pragma once

#include "d3d11_device_child.h"
#include "dxbc/interfaces.h"

#include <mutex>
#include <string>
#include <vector>

namespace d3dvk::runtime {

class D3D11ClassLinkage final : public D3D11DeviceChild<ID3D11ClassLinkage> {
 public:
  explicit D3D11ClassLinkage(D3D11Device& device) : D3D11DeviceChild(device) {}

  // Called by Create*Shader with this linkage: the shader's class types and declared instances.
  void registerShader(const dxbc::InterfaceInfo& info);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  HRESULT STDMETHODCALLTYPE GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex,
                                             ID3D11ClassInstance** ppInstance) override;
  HRESULT STDMETHODCALLTYPE CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset,
                                                UINT ConstantVectorOffset, UINT TextureOffset, UINT SamplerOffset,
                                                ID3D11ClassInstance** ppInstance) override;

 private:
  std::mutex mutex_;
  std::vector<dxbc::ClassType> types_;  // by name, first registration wins (ids are per shader)
  std::vector<dxbc::ShaderClassInstance> instances_;
  std::vector<std::string> instanceTypeNames_;  // instances_[i]'s class type name
};

class D3D11ClassInstance final : public D3D11DeviceChild<ID3D11ClassInstance> {
 public:
  D3D11ClassInstance(D3D11Device& device, D3D11ClassLinkage* linkage, std::string instanceName, std::string typeName,
                     const D3D11_CLASS_INSTANCE_DESC& desc);
  ~D3D11ClassInstance() override;

  const std::string& typeName() const { return typeName_; }
  const D3D11_CLASS_INSTANCE_DESC& desc() const { return desc_; }
  // this[] as the shader reads it (.x constant buffer, .y vector offset, .z first texture, .w first sampler).
  dxbc::InterfacePointer pointer() const {
    return {desc_.ConstantBuffer, desc_.BaseConstantBufferOffset, desc_.BaseTexture, desc_.BaseSampler};
  }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetClassLinkage(ID3D11ClassLinkage** ppLinkage) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_CLASS_INSTANCE_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetInstanceName(LPSTR pInstanceName, SIZE_T* pBufferLength) override;
  void STDMETHODCALLTYPE GetTypeName(LPSTR pTypeName, SIZE_T* pBufferLength) override;

 private:
  // A private reference: it keeps the linkage, not the device, alive, so an
  // instance a context still binds cannot keep its device alive through it.
  D3D11ClassLinkage* linkage_;
  std::string instanceName_, typeName_;
  D3D11_CLASS_INSTANCE_DESC desc_;
};

}  // namespace d3dvk::runtime
