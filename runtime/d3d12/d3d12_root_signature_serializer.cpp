// runtime/d3d12/d3d12_root_signature_serializer.cpp — the exported root-signature
// serializers and deserializers: D3D12SerializeRootSignature (version 1.0 only),
// D3D12SerializeVersionedRootSignature (1.0 and 1.1), and
// D3D12Create(Versioned)RootSignatureDeserializer with their objects. An invalid
// desc gives E_INVALIDARG and, when asked for, an error blob with the text of
// the rule it breaks; *ppBlob is written only on success, *ppErrorBlob always
// (null on success). The deserializers answer only their own interface (as
// D3D12's do, not even IUnknown) and convert 1.0 <-> 1.1 as D3D12 does.
#include "d3d12_blob.h"
#include "d3d12_root_signature_desc.h"
#include "d3dvk_entry_guard.h"
#include "rootsig/rts0.h"

#include <dxguids/dxguids.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>

using namespace d3dvk;
using namespace d3dvk::runtime;

namespace {

HRESULT fail(ID3DBlob** ppErrorBlob, const std::string& text) {
  if (ppErrorBlob) *ppErrorBlob = D3D12Blob::createText(text);
  return E_INVALIDARG;
}

HRESULT serialize(const char* function, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& desc, ID3DBlob** ppBlob,
                  ID3DBlob** ppErrorBlob) {
  const std::string prefix = std::string(function) + ": ";
  std::string error;
  std::optional<rootsig::RootSignatureDesc> data = rootSignatureFromApi(desc, &error);
  if (!data) return fail(ppErrorBlob, prefix + error);
  error = rootsig::validate(*data);
  if (!error.empty()) return fail(ppErrorBlob, prefix + error);
  *ppBlob = D3D12Blob::create(rootsig::writeBlob(*data));
  return S_OK;
}

// A deserializer's IUnknown: it answers only its own interface (as D3D12's
// do, not even IUnknown), with an atomic reference count.
template <class Iface>
class OwnInterfaceOnly : public Iface {
 public:
  virtual ~OwnInterfaceOnly() = default;
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override try {
    if (!ppvObject) return E_POINTER;
    *ppvObject = nullptr;
    if (riid != __uuidof(Iface)) return E_NOINTERFACE;
    AddRef();
    *ppvObject = static_cast<Iface*>(this);
    return S_OK;
  } D3DVK_CATCH_HRESULT
  ULONG STDMETHODCALLTYPE AddRef() override try { return ++refs_; } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try {
    ULONG left = --refs_;
    if (left == 0) delete this;
    return left;
  } D3DVK_CATCH_RETURN({})

 private:
  std::atomic<ULONG> refs_{1};
};

// ID3D12RootSignatureDeserializer: the blob's desc at version 1.0.
class RootSignatureDeserializer final : public OwnInterfaceOnly<ID3D12RootSignatureDeserializer> {
 public:
  explicit RootSignatureDeserializer(const rootsig::RootSignatureDesc& desc)
      : desc_(rootsig::convert(desc, rootsig::kVersion1_0)) {}

  const D3D12_ROOT_SIGNATURE_DESC* STDMETHODCALLTYPE GetRootSignatureDesc() override try {
    return &desc_.get()->Desc_1_0;
  } D3DVK_CATCH_RETURN(nullptr)

 private:
  ApiRootSignatureDesc desc_;
};

// ID3D12VersionedRootSignatureDeserializer: the blob's desc as it is, and
// converted on request (each version built once, the same pointer after).
class VersionedRootSignatureDeserializer final : public OwnInterfaceOnly<ID3D12VersionedRootSignatureDeserializer> {
 public:
  explicit VersionedRootSignatureDeserializer(rootsig::RootSignatureDesc desc) : source_(std::move(desc)) {
    at(source_.version);
  }


  HRESULT STDMETHODCALLTYPE GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION convertToVersion,
                                                          const D3D12_VERSIONED_ROOT_SIGNATURE_DESC** ppDesc) override try {
    if (!ppDesc) return E_INVALIDARG;
    int version;
    std::memcpy(&version, &convertToVersion, sizeof version);
    if (version != int(rootsig::kVersion1_0) && version != int(rootsig::kVersion1_1)) {
      *ppDesc = nullptr;
      return E_INVALIDARG;
    }
    *ppDesc = at(uint32_t(version));
    return S_OK;
  } D3DVK_CATCH_HRESULT

  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* STDMETHODCALLTYPE GetUnconvertedRootSignatureDesc() override try {
    return at(source_.version);
  } D3DVK_CATCH_RETURN(nullptr)

 private:
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* at(uint32_t version) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::unique_ptr<ApiRootSignatureDesc>& slot = versions_[version - 1];
    if (!slot) slot = std::make_unique<ApiRootSignatureDesc>(rootsig::convert(source_, version));
    return slot->get();
  }

  rootsig::RootSignatureDesc source_;
  std::mutex mutex_;
  std::unique_ptr<ApiRootSignatureDesc> versions_[2];
};

// Parses the blob for a deserializer; E_INVALIDARG when it holds no well-formed root signature.
HRESULT parseForDeserializer(const char* function, LPCVOID pSrcData, SIZE_T size, rootsig::RootSignatureDesc* out) {
  if (!pSrcData || size == 0) {
    std::fprintf(stderr, "d3dvk: %s: pSrcData is null or SrcDataSizeInBytes is 0\n", function);
    return E_INVALIDARG;
  }
  rootsig::ParsedBlob parsed = rootsig::parseBlob({static_cast<const uint8_t*>(pSrcData), size_t(size)});
  if (parsed.status != rootsig::ParsedBlob::kOk) {
    std::fprintf(stderr, "d3dvk: %s: %s\n", function, parsed.error.c_str());
    return E_INVALIDARG;
  }
  *out = std::move(parsed.desc);
  return S_OK;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12SerializeRootSignature(
    const D3D12_ROOT_SIGNATURE_DESC* pRootSignature, D3D_ROOT_SIGNATURE_VERSION Version, ID3DBlob** ppBlob,
    ID3DBlob** ppErrorBlob) try {
  if (ppErrorBlob) *ppErrorBlob = nullptr;
  const char* function = "D3D12SerializeRootSignature";
  if (!pRootSignature) return fail(ppErrorBlob, std::string(function) + ": pRootSignature is null");
  if (!ppBlob) return fail(ppErrorBlob, std::string(function) + ": ppBlob is null");
  int version;
  std::memcpy(&version, &Version, sizeof version);
  if (version != int(rootsig::kVersion1_0))
    return fail(ppErrorBlob, std::string(function) + ": Version " + std::to_string(version) +
                                 " is not D3D_ROOT_SIGNATURE_VERSION_1_0; version 1.1 descs go through "
                                 "D3D12SerializeVersionedRootSignature");
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned{};
  versioned.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
  versioned.Desc_1_0 = *pRootSignature;
  return serialize(function, versioned, ppBlob, ppErrorBlob);
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12SerializeVersionedRootSignature(
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* pRootSignature, ID3DBlob** ppBlob, ID3DBlob** ppErrorBlob) try {
  if (ppErrorBlob) *ppErrorBlob = nullptr;
  const char* function = "D3D12SerializeVersionedRootSignature";
  if (!pRootSignature) return fail(ppErrorBlob, std::string(function) + ": pRootSignature is null");
  if (!ppBlob) return fail(ppErrorBlob, std::string(function) + ": ppBlob is null");
  return serialize(function, *pRootSignature, ppBlob, ppErrorBlob);
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12CreateRootSignatureDeserializer(
    LPCVOID pSrcData, SIZE_T SrcDataSizeInBytes, REFIID pRootSignatureDeserializerInterface,
    void** ppRootSignatureDeserializer) try {
  if (!ppRootSignatureDeserializer) return E_INVALIDARG;
  *ppRootSignatureDeserializer = nullptr;
  if (pRootSignatureDeserializerInterface != __uuidof(ID3D12RootSignatureDeserializer)) return E_NOINTERFACE;
  rootsig::RootSignatureDesc desc;
  HRESULT hr = parseForDeserializer("D3D12CreateRootSignatureDeserializer", pSrcData, SrcDataSizeInBytes, &desc);
  if (FAILED(hr)) return hr;
  *ppRootSignatureDeserializer = static_cast<ID3D12RootSignatureDeserializer*>(new RootSignatureDeserializer(desc));
  return S_OK;
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializer(
    LPCVOID pSrcData, SIZE_T SrcDataSizeInBytes, REFIID pRootSignatureDeserializerInterface,
    void** ppRootSignatureDeserializer) try {
  if (!ppRootSignatureDeserializer) return E_INVALIDARG;
  *ppRootSignatureDeserializer = nullptr;
  if (pRootSignatureDeserializerInterface != __uuidof(ID3D12VersionedRootSignatureDeserializer)) return E_NOINTERFACE;
  rootsig::RootSignatureDesc desc;
  HRESULT hr =
      parseForDeserializer("D3D12CreateVersionedRootSignatureDeserializer", pSrcData, SrcDataSizeInBytes, &desc);
  if (FAILED(hr)) return hr;
  *ppRootSignatureDeserializer =
      static_cast<ID3D12VersionedRootSignatureDeserializer*>(new VersionedRootSignatureDeserializer(std::move(desc)));
  return S_OK;
} D3DVK_CATCH_HRESULT
