// runtime/d3d12/d3d12_pipeline_library.h — ID3D12PipelineLibrary1, made by
// ID3D12Device1::CreatePipelineLibrary: named pipeline states an application
// stores (StorePipeline), loads back with the desc they were made from
// (LoadGraphicsPipeline, LoadComputePipeline, Library1's LoadPipeline from a
// stream) and serializes to a blob (GetSerializedSize, Serialize) that a later
// CreatePipelineLibrary on this adapter reads again.
//
// Like d3dvk's cached PSO blobs (d3d12_pipeline_state_cache.cpp) a library holds
// no compiled code: an entry is the PSO's kind, the hash of its desc (the one
// GetCachedBlob's blob carries) and the hash of its root signature. A load
// compares the given desc with the entry's — the same desc means every field
// that hash covers (shaders' bytecode, stream output, blend, rasterizer,
// depth-stencil, input layout, strip cut, topology, formats, sample desc and
// mask) and a root signature of the same content; NodeMask, Flags and CachedPSO
// are not compared — and creates the PSO from the desc with the entry's cached
// blob, as a CachedPSO creates one. CreatePipelineLibrary reads the blob's entries
// into the library, so the application may free its blob once the call returns
// (D3D12 asks it to keep the blob alive; d3dvk does not need that).
//
// The blob (little-endian): the identity every d3dvk blob starts with (magic
// "VPLB", format version, the adapter's LUID, vendor and device IDs; 24 bytes),
// a 64-bit FNV-1a checksum of everything from byte 32 to the blob's end, the
// blob's size (uint64), the entry count (uint32), 4 zero bytes; then per entry
// kind (1 graphics, 2 compute), name length in characters (uint32), desc hash,
// root-signature hash (uint64 each), the name's characters (uint32 each).
//
// Refused, each with a debug-layer message:
//   CreatePipelineLibrary: a blob that is not such a blob (too short, another
//     magic, a size, checksum, kind, name or count that does not add up, a null
//     pointer with a length)                      E_INVALIDARG #962 CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB
//   another format version                        D3D12_ERROR_DRIVER_VERSION_MISMATCH #963
//   another adapter                               D3D12_ERROR_ADAPTER_NOT_FOUND #964 ADAPTERVERSIONMISMATCH
//   StorePipeline: a null name                    E_INVALIDARG #969 STOREPIPELINE_NONAME
//   a name the library has                        E_INVALIDARG #970 STOREPIPELINE_DUPLICATENAME
//   a null PSO or one of another device           E_INVALIDARG
//   Load*: a null or absent name                  E_INVALIDARG #971 LOADPIPELINE_NAMENOTFOUND
//   a null desc, a desc of the other kind or
//   another desc / root signature                 E_INVALIDARG #972 LOADPIPELINE_INVALIDDESC
//   Serialize: a null pointer or fewer bytes than
//   GetSerializedSize                             E_INVALIDARG #973 PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY
#pragma once

#include "d3d12_device_child.h"

#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace d3dvk::runtime {

class D3D12PipelineLibrary final : public D3D12DeviceChild<ID3D12PipelineLibrary1> {
 public:
  // An empty library when `size` is 0, else the library `blob` holds.
  static HRESULT create(D3D12Device* device, const void* blob, SIZE_T size, D3D12PipelineLibrary** out);

  // ID3D12PipelineLibrary
  HRESULT STDMETHODCALLTYPE StorePipeline(LPCWSTR pName, ID3D12PipelineState* pPipeline) override;
  HRESULT STDMETHODCALLTYPE LoadGraphicsPipeline(LPCWSTR pName, const D3D12_GRAPHICS_PIPELINE_STATE_DESC* pDesc,
                                                 REFIID riid, void** ppPipelineState) override;
  HRESULT STDMETHODCALLTYPE LoadComputePipeline(LPCWSTR pName, const D3D12_COMPUTE_PIPELINE_STATE_DESC* pDesc,
                                                REFIID riid, void** ppPipelineState) override;
  SIZE_T STDMETHODCALLTYPE GetSerializedSize() override;
  HRESULT STDMETHODCALLTYPE Serialize(void* pData, SIZE_T DataSizeInBytes) override;
  // ID3D12PipelineLibrary1
  HRESULT STDMETHODCALLTYPE LoadPipeline(LPCWSTR pName, const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc, REFIID riid,
                                         void** ppPipelineState) override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12PipelineLibrary) || riid == __uuidof(ID3D12PipelineLibrary1);
  }

 private:
  explicit D3D12PipelineLibrary(D3D12Device* device) : D3D12DeviceChild(device) {}
  enum Kind : uint32_t { kGraphics = 1, kCompute = 2 };
  struct Entry {
    std::wstring name;
    uint32_t kind = 0;
    uint64_t descHash = 0;
    uint64_t rootSignatureHash = 0;
  };
  // Reads a serialized library into entries_ (its identity already checked).
  HRESULT read(const unsigned char* blob, size_t size);
  std::vector<unsigned char> serialized() const;  // with mutex_ held
  // The checks of every Load* and the PSO made from the desc (exactly one of graphics, compute).
  HRESULT load(LPCWSTR name, const D3D12_GRAPHICS_PIPELINE_STATE_DESC* graphics,
               const D3D12_COMPUTE_PIPELINE_STATE_DESC* compute, REFIID riid, void** out, const char* function);
  void refuse(D3D12_MESSAGE_ID id, const char* idName, const char* function, const std::string& text);
  // CreatePipelineLibrary's E_INVALIDARG (#962) for a blob that is no library.
  HRESULT invalidBlob(const std::string& text);

  std::mutex mutex_;
  std::vector<Entry> entries_;  // in the order stored, the order Serialize writes
  std::unordered_map<std::wstring, size_t> byName_;
};

}  // namespace d3dvk::runtime
