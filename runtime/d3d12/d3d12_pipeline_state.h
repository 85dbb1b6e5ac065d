// runtime/d3d12/d3d12_pipeline_state.h — ID3D12PipelineState: graphics and
// compute PSOs. CreateGraphicsPipelineState / CreateComputePipelineState
// validate the desc and decompose it into the D3D12 DDI's objects — one shader
// per stage (created with the root signature's DDI handle), an element layout,
// blend, depth-stencil and rasterizer states — and pfnCreatePipelineState; the
// PSO owns them and a reference on its root signature. Refused, each with a
// debug-layer message:
//   null pRootSignature                              E_INVALIDARG  (#883 for compute)
//   DXIL bytecode (SM6), not DXBC                    E_INVALIDARG  #67/#93/… INVALIDSHADERBYTECODE, naming the stage
//   bytecode of another stage, not a container      E_INVALIDARG  likewise
//   a register the root signature does not cover     E_INVALIDARG  #688/#690/#689/#882 *_ROOT_SIGNATURE_MISMATCH
//   NumRenderTargets > 8, an RTVFormat UNKNOWN below
//   NumRenderTargets                                  E_INVALIDARG  #656 INVALID_RENDER_TARGET_COUNT / #679 RENDERTARGETVIEW_NOT_SET
//   the rasterizer desc (ConservativeRaster ON
//   without a tier: #647)                             E_INVALIDARG  (d3d12_pipeline_state_validation.cpp)
//   NodeMask other than 0 or 1, PrimitiveTopologyType
//   outside the enum, SampleDesc.Count not a power of
//   two up to 32 (or one the device lacks: the driver)  E_INVALIDARG  #673 / #685
//   an input element's AlignedByteOffset misaligned or
//   past the 2048-byte vertex                         E_INVALIDARG  #61 CREATEINPUTLAYOUT_INVALIDALIGNMENT
//   a pixel-shader input it reads that the stage
//   before it does not write                          E_INVALIDARG  #666 SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND
//   StreamOutput: the declaration against the last
//   pre-rasterizer stage's outputs (D3D11's rules)   E_INVALIDARG  #75…#91, #240, #280, #284, #287 CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_*
//   stream output with a root signature lacking
//   ALLOW_STREAM_OUTPUT                               E_INVALIDARG  #688/#882/#689 *_ROOT_SIGNATURE_MISMATCH
//   stream output the Vulkan device cannot capture,
//   or with the exact conservative fallback           E_NOTIMPL     (the driver's message)
//   Flags other than NONE / TOOL_DEBUG                E_INVALIDARG  #922 CREATEPIPELINESTATE_INVALID_FLAGS
//   a CachedPSO GetCachedBlob did not make for this
//   adapter and desc                                  see d3d12_pipeline_state_cache.cpp
// ID3D12Device2::CreatePipelineState's streams become these descs
// (d3d12_pipeline_state_stream.cpp) and take the same path.
#pragma once

#include "d3d12_device_child.h"

#include <memory>
#include <vector>

// winerror.h's D3D12 errors (not in DirectX-Headers' wsl headers).
#ifndef D3D12_ERROR_ADAPTER_NOT_FOUND
#define D3D12_ERROR_ADAPTER_NOT_FOUND static_cast<HRESULT>(0x887E0001)
#endif
#ifndef D3D12_ERROR_DRIVER_VERSION_MISMATCH
#define D3D12_ERROR_DRIVER_VERSION_MISMATCH static_cast<HRESULT>(0x887E0002)
#endif

namespace d3dvk::runtime {

class D3D12RootSignature;

class D3D12PipelineState final : public D3D12DeviceChild<ID3D12PipelineState> {
 public:
  // `function` names the API method in messages (CreatePipelineState's streams pass theirs).
  static HRESULT createGraphics(D3D12Device* device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& desc,
                                D3D12PipelineState** out,
                                const char* function = "ID3D12Device::CreateGraphicsPipelineState");
  static HRESULT createCompute(D3D12Device* device, const D3D12_COMPUTE_PIPELINE_STATE_DESC& desc,
                               D3D12PipelineState** out,
                               const char* function = "ID3D12Device::CreateComputePipelineState");
  ~D3D12PipelineState() override;

  static D3D12PipelineState* from(ID3D12PipelineState* p) { return static_cast<D3D12PipelineState*>(p); }
  D3D12DDI_HPIPELINESTATE ddiHandle() const { return {memory_.get()}; }
  bool isCompute() const { return compute_; }
  uint64_t descHash() const { return descHash_; }  // hashPipelineDesc of the creating desc
  D3D12RootSignature* rootSignature() const { return rootSignature_; }

  HRESULT STDMETHODCALLTYPE GetCachedBlob(ID3DBlob** ppBlob) override;

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12PipelineState);
  }

 private:
  explicit D3D12PipelineState(D3D12Device* device) : D3D12DeviceChild(device) {}
  // One DDI object the PSO owns, destroyed after the pipeline state.
  struct Part {
    enum Kind { Shader, ElementLayout, Blend, DepthStencil, Rasterizer } kind;
    std::unique_ptr<unsigned char[]> memory;
  };
  HRESULT addShader(const D3D12_SHADER_BYTECODE& code, int stage, const char* function, D3D12DDI_HSHADER* out);
  HRESULT finish(D3D12DDIARG_CREATE_PIPELINE_STATE_0001& args);
  // D3D12_STREAM_OUTPUT_DESC (d3d12_pipeline_state_stream_output.cpp): checked
  // against the last stage before the rasterizer and created as the DDI's
  // geometry shader with stream output in *out (left null without entries).
  HRESULT addStreamOutput(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& desc, D3D12DDI_HSHADER* out);

  D3D12RootSignature* rootSignature_ = nullptr;  // referenced
  uint64_t descHash_ = 0;                         // what GetCachedBlob's blob names
  const char* function_ = "";                     // the creating method, for messages
  std::vector<Part> parts_;
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
  bool compute_ = false;
};

// Cached blobs (d3d12_pipeline_state_cache.cpp): the hash a blob carries, and
// the check of a desc's CachedPSO (S_OK when it is empty).
uint64_t hashPipelineDesc(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& desc);
uint64_t hashPipelineDesc(const D3D12_COMPUTE_PIPELINE_STATE_DESC& desc);
HRESULT checkCachedPipelineState(D3D12Device& device, const D3D12_CACHED_PIPELINE_STATE& cached, uint64_t descHash,
                                 const char* function);
// The blob GetCachedBlob returns for a PSO of `descHash` (false when the
// adapter's identity cannot be read).
bool cachedPipelineStateBlob(uint64_t descHash, std::vector<unsigned char>* out);

// What every d3dvk blob (cached PSOs, pipeline libraries) starts with: which
// blob it is, the version of its format, and the adapter that made it.
struct BlobIdentity {
  uint32_t magic;
  uint32_t formatVersion;
  uint32_t luidLow;
  int32_t luidHigh;
  uint32_t vendorId;
  uint32_t deviceId;
};
static_assert(sizeof(BlobIdentity) == 24);
enum class BlobIdentityCheck { kOk, kNotThisKind, kOtherVersion, kOtherAdapter };
// This adapter's identity for a blob of `magic` at `formatVersion` (false when the UMD cannot say).
bool currentBlobIdentity(uint32_t magic, uint32_t formatVersion, BlobIdentity* out);
// Another magic first, then another format version, then another adapter.
BlobIdentityCheck checkBlobIdentity(const BlobIdentity& identity, uint32_t magic, uint32_t formatVersion);
// 64-bit FNV-1a of the bytes.
uint64_t hashBytes(const void* data, size_t size);
// The hash of a root signature's content (its desc at version 1.1, serialized):
// equal for two root signatures made from the same desc.
uint64_t hashRootSignature(const D3D12RootSignature& rootSignature);

// A pipeline state stream read into the desc it describes
// (d3d12_pipeline_state_stream.cpp), D3D12's defaults for what it leaves out;
// E_INVALIDARG with a debug-layer message naming `function` for a malformed
// stream or what the device does not support. The descs point into the stream.
struct PipelineStateStreamDesc {
  bool isCompute = false;
  D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics{};
  D3D12_COMPUTE_PIPELINE_STATE_DESC compute{};
};
HRESULT readPipelineStateStream(D3D12Device& device, const D3D12_PIPELINE_STATE_STREAM_DESC* stream,
                                const char* function, PipelineStateStreamDesc* out);
// Flags: NONE or TOOL_DEBUG (#922 otherwise).
HRESULT validatePipelineStateFlags(D3D12Device& device, const D3D12_PIPELINE_STATE_FLAGS& flags, const char* function);

// The desc checks of d3d12_pipeline_state_validation.cpp (each reports its message; E_INVALIDARG).
HRESULT validateNodeMask(D3D12Device& device, UINT nodeMask, const char* function);
HRESULT validateGraphicsPipelineDesc(D3D12Device& device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& desc,
                                     const char* function);
// The pixel shader's read user inputs against `producer`'s outputs of the
// rasterized stream (both valid DXBC, or empty).
HRESULT validateShaderLinkage(D3D12Device& device, const D3D12_SHADER_BYTECODE& producer, const D3D12_SHADER_BYTECODE& ps,
                              const char* producerName, const char* function, UINT rasterizedStream = 0);

}  // namespace d3dvk::runtime
