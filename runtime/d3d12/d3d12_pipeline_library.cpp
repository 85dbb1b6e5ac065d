// runtime/d3d12/d3d12_pipeline_library.cpp — see d3d12_pipeline_library.h; also
// ID3D12Device1::CreatePipelineLibrary.
#include "d3d12_pipeline_library.h"

#include "d3d12_pipeline_state.h"
#include "d3d12_root_signature.h"

#include <cstddef>
#include <cstring>

namespace d3dvk::runtime {
namespace {

constexpr uint32_t kMagic = 0x424c5056;  // "VPLB"
constexpr uint32_t kFormatVersion = 1;
constexpr const char* kCreateMethod = "ID3D12Device1::CreatePipelineLibrary";

struct LibraryHeader {
  BlobIdentity identity;
  uint64_t checksum;  // of bytes [kChecksummedFrom, size)
  uint64_t size;
  uint32_t entryCount;
  uint32_t reserved;
};
static_assert(sizeof(LibraryHeader) == 48 && offsetof(LibraryHeader, size) == 32);
constexpr size_t kChecksummedFrom = offsetof(LibraryHeader, size);

struct EntryHeader {
  uint32_t kind;
  uint32_t nameLength;  // characters, each stored as a uint32
  uint64_t descHash;
  uint64_t rootSignatureHash;
};
static_assert(sizeof(EntryHeader) == 24);

// Names in messages: the characters as they are where ASCII, '?' elsewhere.
std::string narrow(const wchar_t* name) {
  std::string out;
  for (; *name; ++name) out += (*name >= 0x20 && *name < 0x7f) ? char(*name) : '?';
  return out;
}

std::string quoted(const wchar_t* name) { return "\"" + narrow(name) + "\""; }

}  // namespace

void D3D12PipelineLibrary::refuse(D3D12_MESSAGE_ID id, const char* idName, const char* function,
                                  const std::string& text) {
  device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, function,
                         text);
  d3d12Error(function, text);
}

HRESULT D3D12PipelineLibrary::invalidBlob(const std::string& text) {
  refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB), kCreateMethod,
         "pLibraryBlob is not a library ID3D12PipelineLibrary::Serialize wrote: " + text);
  return E_INVALIDARG;
}

HRESULT D3D12PipelineLibrary::create(D3D12Device* device, const void* blob, SIZE_T size, D3D12PipelineLibrary** out) {
  *out = nullptr;
  std::unique_ptr<D3D12PipelineLibrary> self(new D3D12PipelineLibrary(device));
  if (size) {
    auto invalid = [&](const std::string& text) { return self->invalidBlob(text); };
    if (!blob) return invalid("it is null while BlobLength is " + std::to_string(size));
    if (size < sizeof(LibraryHeader))
      return invalid("BlobLength (" + std::to_string(size) + ") is shorter than a library's " +
                     std::to_string(sizeof(LibraryHeader)) + "-byte header");
    BlobIdentity identity;
    std::memcpy(&identity, blob, sizeof identity);
    switch (checkBlobIdentity(identity, kMagic, kFormatVersion)) {
      case BlobIdentityCheck::kOk: break;
      case BlobIdentityCheck::kNotThisKind: return invalid("its first bytes name no d3dvk pipeline library");
      case BlobIdentityCheck::kOtherVersion:
        self->refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH), kCreateMethod,
                     "pLibraryBlob was made by another driver version (library format " +
                         std::to_string(identity.formatVersion) + ", this driver's is " +
                         std::to_string(kFormatVersion) + ")");
        return D3D12_ERROR_DRIVER_VERSION_MISMATCH;
      case BlobIdentityCheck::kOtherAdapter:
        self->refuse(D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH), kCreateMethod,
                     "pLibraryBlob was made on another adapter");
        return D3D12_ERROR_ADAPTER_NOT_FOUND;
    }
    if (HRESULT hr = self->read(static_cast<const unsigned char*>(blob), size); FAILED(hr)) return hr;
  }
  *out = self.release();
  return S_OK;
}

HRESULT D3D12PipelineLibrary::read(const unsigned char* blob, size_t size) {
  auto invalid = [&](const std::string& text) { return invalidBlob(text); };
  LibraryHeader header;
  std::memcpy(&header, blob, sizeof header);
  // Bytes after the library's own (a larger buffer it was serialized into) are not read.
  if (header.size < sizeof header || header.size > size)
    return invalid("it says it is " + std::to_string(header.size) + " bytes long, BlobLength is " +
                   std::to_string(size));
  if (header.checksum != hashBytes(blob + kChecksummedFrom, size_t(header.size) - kChecksummedFrom))
    return invalid("its checksum does not match its content (a changed or damaged blob)");
  if (header.reserved) return invalid("its reserved header word is not 0");
  size_t at = sizeof header;
  const size_t end = size_t(header.size);
  for (uint32_t i = 0; i < header.entryCount; ++i) {
    const std::string which = "entry " + std::to_string(i);
    EntryHeader e;
    if (end - at < sizeof e) return invalid(which + " ends past the blob");
    std::memcpy(&e, blob + at, sizeof e);
    at += sizeof e;
    if (e.kind != kGraphics && e.kind != kCompute) return invalid(which + " has kind " + std::to_string(e.kind));
    if ((end - at) / sizeof(uint32_t) < e.nameLength) return invalid(which + "'s name ends past the blob");
    Entry entry{std::wstring(e.nameLength, L'\0'), e.kind, e.descHash, e.rootSignatureHash};
    for (uint32_t c = 0; c < e.nameLength; ++c, at += sizeof(uint32_t)) {
      uint32_t ch;
      std::memcpy(&ch, blob + at, sizeof ch);
      if (!ch) return invalid(which + "'s name has a NUL character");
      entry.name[c] = wchar_t(ch);
    }
    if (byName_.count(entry.name)) return invalid(which + " repeats the name " + quoted(entry.name.c_str()));
    byName_.emplace(entry.name, entries_.size());
    entries_.push_back(std::move(entry));
  }
  if (at != end) return invalid(std::to_string(end - at) + " bytes follow its last entry");
  return S_OK;
}

std::vector<unsigned char> D3D12PipelineLibrary::serialized() const {
  size_t size = sizeof(LibraryHeader);
  for (const Entry& e : entries_) size += sizeof(EntryHeader) + e.name.size() * sizeof(uint32_t);
  std::vector<unsigned char> out(size);
  size_t at = sizeof(LibraryHeader);
  for (const Entry& e : entries_) {
    const EntryHeader h{e.kind, uint32_t(e.name.size()), e.descHash, e.rootSignatureHash};
    std::memcpy(out.data() + at, &h, sizeof h);
    at += sizeof h;
    for (wchar_t c : e.name) {
      const uint32_t ch = uint32_t(c);
      std::memcpy(out.data() + at, &ch, sizeof ch);
      at += sizeof ch;
    }
  }
  LibraryHeader header{};
  if (!currentBlobIdentity(kMagic, kFormatVersion, &header.identity)) return {};
  header.size = size;
  header.entryCount = uint32_t(entries_.size());
  std::memcpy(out.data(), &header, sizeof header);
  header.checksum = hashBytes(out.data() + kChecksummedFrom, size - kChecksummedFrom);
  std::memcpy(out.data(), &header, sizeof header);
  return out;
}

HRESULT STDMETHODCALLTYPE D3D12PipelineLibrary::StorePipeline(LPCWSTR pName, ID3D12PipelineState* pPipeline) try {
  const char* function = "ID3D12PipelineLibrary::StorePipeline";
  if (!pName) {
    refuse(D3DVK_D3D12_MESSAGE_ID(STOREPIPELINE_NONAME), function, "pName is null; a stored pipeline needs a name");
    return E_INVALIDARG;
  }
  if (!pPipeline) {
    refuse(D3DVK_D3D12_MESSAGE_ID(UNKNOWN), function, "pPipeline is null");
    return E_INVALIDARG;
  }
  D3D12PipelineState* pso = D3D12PipelineState::from(pPipeline);
  if (pso->device() != device()) {
    refuse(D3DVK_D3D12_MESSAGE_ID(UNKNOWN), function, "pPipeline belongs to another device");
    return E_INVALIDARG;
  }
  Entry entry{pName, pso->isCompute() ? uint32_t(kCompute) : uint32_t(kGraphics), pso->descHash(),
              hashRootSignature(*pso->rootSignature())};
  std::lock_guard lock(mutex_);
  if (byName_.count(entry.name)) {
    refuse(D3DVK_D3D12_MESSAGE_ID(STOREPIPELINE_DUPLICATENAME), function,
           "the library already has a pipeline named " + quoted(pName) + " (D3D12 does not overwrite one)");
    return E_INVALIDARG;
  }
  byName_.emplace(entry.name, entries_.size());
  entries_.push_back(std::move(entry));
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT D3D12PipelineLibrary::load(LPCWSTR name, const D3D12_GRAPHICS_PIPELINE_STATE_DESC* graphics,
                                   const D3D12_COMPUTE_PIPELINE_STATE_DESC* compute, REFIID riid, void** out,
                                   const char* function) {
  if (!name) {
    refuse(D3DVK_D3D12_MESSAGE_ID(LOADPIPELINE_NAMENOTFOUND), function, "pName is null");
    return E_INVALIDARG;
  }
  Entry entry;
  {
    std::lock_guard lock(mutex_);
    auto found = byName_.find(name);
    if (found == byName_.end()) {
      refuse(D3DVK_D3D12_MESSAGE_ID(LOADPIPELINE_NAMENOTFOUND), function,
             "the library has no pipeline named " + quoted(name));
      return E_INVALIDARG;
    }
    entry = entries_[found->second];
  }
  auto mismatch = [&](const std::string& text) {
    refuse(D3DVK_D3D12_MESSAGE_ID(LOADPIPELINE_INVALIDDESC), function,
           "pDesc does not describe the pipeline stored as " + quoted(name) + ": " + text);
    return E_INVALIDARG;
  };
  if (!graphics && !compute) return mismatch("it is null");
  const uint32_t kind = compute ? uint32_t(kCompute) : uint32_t(kGraphics);
  if (kind != entry.kind)
    return mismatch(std::string("it is a ") + (compute ? "compute" : "graphics") + " desc, the stored pipeline a " +
                    (compute ? "graphics" : "compute") + " one");
  ID3D12RootSignature* rs = compute ? compute->pRootSignature : graphics->pRootSignature;
  if (!rs) return mismatch("pRootSignature is null");
  if (hashRootSignature(*D3D12RootSignature::from(rs)) != entry.rootSignatureHash)
    return mismatch("its root signature is not the stored pipeline's");
  if ((compute ? hashPipelineDesc(*compute) : hashPipelineDesc(*graphics)) != entry.descHash)
    return mismatch("its shaders or state differ from the stored pipeline's");
  // The PSO as a CachedPSO makes it: the entry's cached blob with the desc.
  std::vector<unsigned char> cached;
  if (!cachedPipelineStateBlob(entry.descHash, &cached)) return E_FAIL;
  const D3D12_CACHED_PIPELINE_STATE cachedPso{cached.data(), cached.size()};
  D3D12PipelineState* pso = nullptr;
  HRESULT hr;
  if (compute) {
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc = *compute;
    desc.CachedPSO = cachedPso;
    hr = D3D12PipelineState::createCompute(device(), desc, &pso, function);
  } else {
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = *graphics;
    desc.CachedPSO = cachedPso;
    hr = D3D12PipelineState::createGraphics(device(), desc, &pso, function);
  }
  return FAILED(hr) ? hr : handOut(pso, riid, out);
}

HRESULT STDMETHODCALLTYPE D3D12PipelineLibrary::LoadGraphicsPipeline(LPCWSTR pName,
                                                                     const D3D12_GRAPHICS_PIPELINE_STATE_DESC* pDesc,
                                                                     REFIID riid, void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  return load(pName, pDesc, nullptr, riid, ppPipelineState, "ID3D12PipelineLibrary::LoadGraphicsPipeline");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12PipelineLibrary::LoadComputePipeline(LPCWSTR pName,
                                                                    const D3D12_COMPUTE_PIPELINE_STATE_DESC* pDesc,
                                                                    REFIID riid, void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  return load(pName, nullptr, pDesc, riid, ppPipelineState, "ID3D12PipelineLibrary::LoadComputePipeline");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12PipelineLibrary::LoadPipeline(LPCWSTR pName, const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc,
                                                             REFIID riid, void** ppPipelineState) try {
  if (ppPipelineState) *ppPipelineState = nullptr;
  const char* function = "ID3D12PipelineLibrary1::LoadPipeline";
  PipelineStateStreamDesc desc;
  if (HRESULT hr = readPipelineStateStream(*device(), pDesc, function, &desc); FAILED(hr)) return hr;
  return desc.isCompute ? load(pName, nullptr, &desc.compute, riid, ppPipelineState, function)
                        : load(pName, &desc.graphics, nullptr, riid, ppPipelineState, function);
} D3DVK_CATCH_HRESULT

SIZE_T STDMETHODCALLTYPE D3D12PipelineLibrary::GetSerializedSize() try {
  std::lock_guard lock(mutex_);
  return serialized().size();
} D3DVK_CATCH_RETURN(0)

HRESULT STDMETHODCALLTYPE D3D12PipelineLibrary::Serialize(void* pData, SIZE_T DataSizeInBytes) try {
  const char* function = "ID3D12PipelineLibrary::Serialize";
  std::lock_guard lock(mutex_);
  const std::vector<unsigned char> bytes = serialized();
  if (bytes.empty()) {
    d3d12Error(function, "the adapter's identity (LUID, vendor and device IDs) could not be read");
    return E_FAIL;
  }
  if (!pData || DataSizeInBytes < bytes.size()) {
    refuse(D3DVK_D3D12_MESSAGE_ID(PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY), function,
           std::string(pData ? "" : "pData is null; ") + "DataSizeInBytes is " + std::to_string(DataSizeInBytes) +
               ", GetSerializedSize is " + std::to_string(bytes.size()));
    return E_INVALIDARG;
  }
  std::memcpy(pData, bytes.data(), bytes.size());
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CreatePipelineLibrary(const void* pLibraryBlob, SIZE_T BlobLength, REFIID riid,
                                                             void** ppPipelineLibrary) try {
  if (ppPipelineLibrary) *ppPipelineLibrary = nullptr;
  D3D12PipelineLibrary* library = nullptr;
  HRESULT hr = D3D12PipelineLibrary::create(this, pLibraryBlob, BlobLength, &library);
  return FAILED(hr) ? hr : handOut(library, riid, ppPipelineLibrary);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
