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
#include <string>

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

D3D12RootSignature::~D3D12RootSignature() { device_.Release(); }

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
  if (!ppvRootSignature) {
    signature->Release();
    return S_FALSE;
  }
  HRESULT hr = signature->QueryInterface(riid, ppvRootSignature);
  signature->Release();
  return hr;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
