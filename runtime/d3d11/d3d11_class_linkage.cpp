// runtime/d3d11/d3d11_class_linkage.cpp — see d3d11_class_linkage.h.
#include "d3d11_class_linkage.h"

#include "d3d11_device.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace d3dvk::runtime {
namespace {

void linkageError(D3D11Device& device, const char* function, const std::string& text) {
  device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_UNKNOWN,
                      "UNKNOWN", function, text);
}

// D3D's string getters: the length with the NUL when pName is null, else the name cut to the buffer.
void copyName(const std::string& name, LPSTR out, SIZE_T* length) {
  if (!length) return;
  if (!out) {
    *length = name.size() + 1;
    return;
  }
  if (*length == 0) return;
  const SIZE_T n = std::min<SIZE_T>(*length - 1, name.size());
  std::memcpy(out, name.data(), n);
  out[n] = '\0';
  *length = n + 1;
}

}  // namespace

void D3D11ClassLinkage::registerShader(const dxbc::InterfaceInfo& info) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const dxbc::ClassType& t : info.types) {
    bool known = false;
    for (const dxbc::ClassType& k : types_) known = known || k.name == t.name;
    if (!known) types_.push_back(t);
  }
  for (const dxbc::ShaderClassInstance& c : info.instances) {
    std::string typeName;
    for (const dxbc::ClassType& t : info.types)
      if (t.id == c.typeId) typeName = t.name;
    bool known = false;
    for (size_t i = 0; i < instances_.size(); ++i)
      known = known || (instances_[i].name == c.name && instanceTypeNames_[i] == typeName &&
                        instances_[i].constantBuffer == c.constantBuffer &&
                        instances_[i].constantBufferOffset == c.constantBufferOffset);
    if (known) continue;
    instances_.push_back(c);
    instanceTypeNames_.push_back(typeName);
  }
}

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11ClassLinkage)) {
    AddRef();
    *ppvObject = static_cast<ID3D11ClassLinkage*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex,
                                                              ID3D11ClassInstance** ppInstance) try {
  constexpr const char* kFunction = "ID3D11ClassLinkage::GetClassInstance";
  if (!ppInstance) return E_INVALIDARG;
  *ppInstance = nullptr;
  if (!pClassInstanceName) {
    linkageError(device(), kFunction, "pClassInstanceName is null.");
    return E_INVALIDARG;
  }
  // The InstanceIndex-th instance of that name the linkage's shaders declare.
  std::unique_lock<std::mutex> lock(mutex_);
  UINT seen = 0;
  for (size_t i = 0; i < instances_.size(); ++i) {
    if (instances_[i].name != pClassInstanceName || seen++ != InstanceIndex) continue;
    const dxbc::ShaderClassInstance c = instances_[i];
    const std::string typeName = instanceTypeNames_[i];
    UINT typeIndex = 0;
    for (size_t t = 0; t < types_.size(); ++t)
      if (types_[t].name == typeName) typeIndex = UINT(t);
    lock.unlock();
    D3D11_CLASS_INSTANCE_DESC desc{UINT(i), InstanceIndex, typeIndex, c.constantBuffer, c.constantBufferOffset,
                                   c.texture, c.sampler, FALSE};
    auto* instance = new (std::nothrow) D3D11ClassInstance(device(), this, c.name, typeName, desc);
    if (!instance) return E_OUTOFMEMORY;
    instance->AddRef();
    *ppInstance = instance;
    return S_OK;
  }
  linkageError(device(), kFunction,
               "No shader created with this class linkage declares a class instance named '" +
                   std::string(pClassInstanceName) + "' with index " + std::to_string(InstanceIndex) + ".");
  return E_INVALIDARG;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset,
                                                                 UINT ConstantVectorOffset, UINT TextureOffset,
                                                                 UINT SamplerOffset,
                                                                 ID3D11ClassInstance** ppInstance) try {
  constexpr const char* kFunction = "ID3D11ClassLinkage::CreateClassInstance";
  if (!ppInstance) return E_INVALIDARG;
  *ppInstance = nullptr;
  if (!pClassTypeName) {
    linkageError(device(), kFunction, "pClassTypeName is null.");
    return E_INVALIDARG;
  }
  // The limits of the driver's pointer data (D3D11DDIARG_POINTERDATA's bit fields match D3D11's slot counts).
  if (ConstantBufferOffset >= D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT ||
      ConstantVectorOffset >= D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT ||
      TextureOffset >= D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT ||
      SamplerOffset >= D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT) {
    linkageError(device(), kFunction,
                 "The instance's data is out of range: ConstantBufferOffset " + std::to_string(ConstantBufferOffset) +
                     " (< 14), ConstantVectorOffset " + std::to_string(ConstantVectorOffset) +
                     " (< 4096), TextureOffset " + std::to_string(TextureOffset) + " (< 128), SamplerOffset " +
                     std::to_string(SamplerOffset) + " (< 16).");
    return E_INVALIDARG;
  }
  UINT typeIndex = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    bool found = false;
    for (size_t t = 0; t < types_.size(); ++t)
      if (types_[t].name == pClassTypeName) {
        typeIndex = UINT(t);
        found = true;
      }
    if (!found) {
      linkageError(device(), kFunction,
                   "No shader created with this class linkage has a class type named '" + std::string(pClassTypeName) +
                       "'.");
      return E_INVALIDARG;
    }
  }
  D3D11_CLASS_INSTANCE_DESC desc{0, 0, typeIndex, ConstantBufferOffset, ConstantVectorOffset, TextureOffset,
                                 SamplerOffset, TRUE};
  auto* instance = new (std::nothrow) D3D11ClassInstance(device(), this, "", pClassTypeName, desc);
  if (!instance) return E_OUTOFMEMORY;
  instance->AddRef();
  *ppInstance = instance;
  return S_OK;
} D3DVK_CATCH_HRESULT

D3D11ClassInstance::D3D11ClassInstance(D3D11Device& device, D3D11ClassLinkage* linkage, std::string instanceName,
                                       std::string typeName, const D3D11_CLASS_INSTANCE_DESC& desc)
    : D3D11DeviceChild(device),
      linkage_(linkage),
      instanceName_(std::move(instanceName)),
      typeName_(std::move(typeName)),
      desc_(desc) {
  linkage_->addPrivateRef();
}

D3D11ClassInstance::~D3D11ClassInstance() { linkage_->releasePrivateRef(); }

HRESULT STDMETHODCALLTYPE D3D11ClassInstance::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11ClassInstance)) {
    AddRef();
    *ppvObject = static_cast<ID3D11ClassInstance*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11ClassInstance::GetClassLinkage(ID3D11ClassLinkage** ppLinkage) try {
  if (!ppLinkage) return;
  linkage_->AddRef();
  *ppLinkage = linkage_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ClassInstance::GetDesc(D3D11_CLASS_INSTANCE_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ClassInstance::GetInstanceName(LPSTR pInstanceName, SIZE_T* pBufferLength) try {
  copyName(instanceName_, pInstanceName, pBufferLength);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ClassInstance::GetTypeName(LPSTR pTypeName, SIZE_T* pBufferLength) try {
  copyName(typeName_, pTypeName, pBufferLength);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
