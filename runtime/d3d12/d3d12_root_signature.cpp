// runtime/d3d12/d3d12_root_signature.cpp — see d3d12_root_signature.h; also
// ID3D12Device::CreateRootSignature. Its failures, with the debug layer's IDs:
//   nodeMask with a bit other than node 0      E_INVALIDARG  #900 INVALID_NODE_INDEX
//   null or empty blob, not a DXBC container,
//   a malformed RTS0 chunk                     E_INVALIDARG  #697 CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED
//   a container without RTS0                   E_FAIL        #696 CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND
//   a desc breaking a rule (rootsig::validate) E_INVALIDARG  #698 CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION
//   heap-directly-indexed flags (SM 6.6 only)  E_INVALIDARG  #699 CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE
#include "d3d12_root_signature.h"

#include "d3d12_device.h"
#include "rootsig/rts0.h"

#include <dxguids/dxguids.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace d3dvk::runtime {
namespace {
constexpr GUID kDebugObjectNameW = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
constexpr const char* kCreate = "ID3D12Device::CreateRootSignature";
std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}
}  // namespace

D3D12RootSignature::D3D12RootSignature(D3D12Device& device, rootsig::RootSignatureDesc desc, uint32_t blobVersion)
    : device_(device), desc_(std::move(desc)), blobVersion_(blobVersion) {
  device_.AddRef();
}

D3D12RootSignature::~D3D12RootSignature() {
  if (created_) device_.ddi().core().pfnDestroyRootSignature(device_.ddi().handle(), ddiHandle());
  device_.Release();
}

HRESULT D3D12RootSignature::createDdi() {
  // The DDI's 1.0-shaped desc: the 1.1 flags stay in the runtime (the UMD does not need them).
  std::vector<std::vector<D3D12DDI_DESCRIPTOR_RANGE>> ranges(desc_.parameters.size());
  std::vector<D3D12DDI_ROOT_PARAMETER> parameters(desc_.parameters.size());
  for (size_t i = 0; i < desc_.parameters.size(); ++i) {
    const rootsig::RootParameter& p = desc_.parameters[i];
    D3D12DDI_ROOT_PARAMETER& out = parameters[i];
    out.ParameterType = D3D12DDI_ROOT_PARAMETER_TYPE(p.parameterType);
    out.ShaderVisibility = D3D12DDI_SHADER_VISIBILITY(p.shaderVisibility);
    if (p.parameterType == rootsig::kParameterTable) {
      for (const rootsig::DescriptorRange& r : p.ranges)
        ranges[i].push_back({D3D12DDI_DESCRIPTOR_RANGE_TYPE(r.rangeType), r.numDescriptors, r.baseShaderRegister,
                             r.registerSpace, r.offsetInDescriptorsFromTableStart});
      out.DescriptorTable = {UINT(ranges[i].size()), ranges[i].data()};
    } else if (p.parameterType == rootsig::kParameterConstants) {
      out.Constants = {p.shaderRegister, p.registerSpace, p.num32BitValues};
    } else {
      out.Descriptor = {p.shaderRegister, p.registerSpace};
    }
  }
  std::vector<D3D12DDI_STATIC_SAMPLER> samplers;
  auto asFloat = [](uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  };
  for (const rootsig::StaticSampler& s : desc_.staticSamplers)
    samplers.push_back({s.filter, s.addressU, s.addressV, s.addressW, asFloat(s.mipLODBiasBits), s.maxAnisotropy,
                        s.comparisonFunc, s.borderColor, asFloat(s.minLODBits), asFloat(s.maxLODBits), s.shaderRegister,
                        s.registerSpace, D3D12DDI_SHADER_VISIBILITY(s.shaderVisibility)});
  const D3D12DDI_ROOT_SIGNATURE ddiDesc{UINT(parameters.size()), parameters.data(), UINT(samplers.size()), samplers.data(),
                                        desc_.flags};
  const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0001 args{&ddiDesc, 1};
  const DdiDevice12& ddi = device_.ddi();
  memory_ = driverMemory(ddi.core().pfnCalcPrivateRootSignatureSize(ddi.handle(), &args));
  HRESULT hr = ddi.core().pfnCreateRootSignature(ddi.handle(), &args, ddiHandle());
  created_ = SUCCEEDED(hr);
  return hr;
}

HRESULT STDMETHODCALLTYPE D3D12RootSignature::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12DeviceChild) ||
      riid == __uuidof(ID3D12RootSignature)) {
    AddRef();
    *ppvObject = static_cast<ID3D12RootSignature*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE D3D12RootSignature::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE D3D12RootSignature::Release() try {
  ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12RootSignature::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) try {
  return privateData_.get(guid, pDataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12RootSignature::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) try {
  return privateData_.set(guid, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12RootSignature::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) try {
  return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12RootSignature::SetName(LPCWSTR Name) try {
  if (!Name) return E_INVALIDARG;
  size_t length = 0;
  while (Name[length]) ++length;
  return privateData_.set(kDebugObjectNameW, UINT((length + 1) * sizeof(WCHAR)), Name);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12RootSignature::GetDevice(REFIID riid, void** ppvDevice) try {
  return device_.QueryInterface(riid, ppvDevice);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreateRootSignature(UINT nodeMask, const void* pBlobWithRootSignature,
                                                           SIZE_T blobLengthInBytes, REFIID riid,
                                                           void** ppvRootSignature) try {
  if (ppvRootSignature) *ppvRootSignature = nullptr;
  auto error = [&](D3D12_MESSAGE_ID id, const char* name, const std::string& text, HRESULT hr) {
    debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, name, kCreate, text);
    return hr;
  };
  if (nodeMask > 1)
    return error(D3DVK_D3D12_MESSAGE_ID(INVALID_NODE_INDEX),
                 "nodeMask " + hex(nodeMask) + " names a node this single-node device does not have (use 0 or 1)",
                 E_INVALIDARG);
  if (!pBlobWithRootSignature || blobLengthInBytes == 0)
    return error(D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED),
                 "pBlobWithRootSignature is null or blobLengthInBytes is 0", E_INVALIDARG);
  rootsig::ParsedBlob parsed =
      rootsig::parseBlob({static_cast<const uint8_t*>(pBlobWithRootSignature), size_t(blobLengthInBytes)});
  if (parsed.status == rootsig::ParsedBlob::kNoRootSignature)
    return error(D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND), parsed.error, E_FAIL);
  if (parsed.status != rootsig::ParsedBlob::kOk)
    return error(D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED),
                 "the blob is not a serialized root signature: " + parsed.error, E_INVALIDARG);
  if (std::string invalid = rootsig::validate(parsed.desc); !invalid.empty())
    return error(D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION), invalid, E_INVALIDARG);
  constexpr uint32_t kDirectlyIndexed = 0x400 | 0x800;
  if (parsed.desc.flags & kDirectlyIndexed)
    return error(D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE),
                 "CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED and SAMPLER_HEAP_DIRECTLY_INDEXED need shader model 6.6 "
                 "(DXIL), which d3dvk does not run",
                 E_INVALIDARG);
  const uint32_t blobVersion = parsed.desc.version;
  auto* signature =
      new D3D12RootSignature(*this, rootsig::convert(parsed.desc, rootsig::kVersion1_1), blobVersion);
  if (HRESULT hr = signature->createDdi(); FAILED(hr)) {
    signature->Release();
    d3d12Error(kCreate, "the driver could not create the root signature (a static sampler it cannot build?)");
    return hr;
  }
  return handOut(signature, riid, ppvRootSignature);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
