// runtime/d3d12/d3d12_pipeline_state_cache.cpp — cached pipeline-state blobs:
// what ID3D12PipelineState::GetCachedBlob returns and what a desc's CachedPSO
// (or a stream's CACHED_PSO subobject) is checked against. d3dvk's blob holds
// no compiled code (the UMD builds the Vulkan pipeline again; a cached PSO
// only has to describe the same PSO): a header naming d3dvk's blob format,
// the adapter (its LUID, vendor and device IDs) and a 64-bit hash of the desc
// (shaders' bytecode, stream output, fixed-function state, input layout,
// formats, sample desc; not the root signature). The identity at its start
// (BlobIdentity: magic, format version, adapter) and its check are shared with
// pipeline libraries (d3d12_pipeline_library.h). A CachedPSO is refused as
// D3D12 refuses one:
//   a null pointer with a size, a size with a null pointer,
//   not a d3dvk blob (too short, another magic)        E_INVALIDARG #884 INVALIDCACHEDBLOB
//   made on another adapter                            D3D12_ERROR_ADAPTER_NOT_FOUND #885
//   made by another version of d3dvk's blob format     D3D12_ERROR_DRIVER_VERSION_MISMATCH #886
//   made from another desc                             E_INVALIDARG #887 CACHEDBLOBDESCMISMATCH
#include "d3d12_pipeline_state.h"

#include "d3d12_blob.h"
#include "d3d12_root_signature.h"
#include "rootsig/rts0.h"
#include "umd_adapter_info.h"

#include <cstring>
#include <string>

namespace d3dvk::runtime {
namespace {

constexpr uint32_t kMagic = 0x4f535056;  // "VPSO"
constexpr uint32_t kFormatVersion = 1;

struct CachedBlobHeader {
  BlobIdentity identity;
  uint64_t descHash;
};
static_assert(sizeof(CachedBlobHeader) == 32);

// FNV-1a over the fields one at a time (the descs' padding bytes are not hashed).
struct Hasher {
  uint64_t value = 0xcbf29ce484222325ull;
  void bytes(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) value = (value ^ p[i]) * 0x100000001b3ull;
  }
  template <typename T>
  void field(const T& v) {
    bytes(&v, sizeof v);
  }
  void shader(const D3D12_SHADER_BYTECODE& code) {
    field(uint64_t(code.BytecodeLength));
    if (code.pShaderBytecode) bytes(code.pShaderBytecode, code.BytecodeLength);
  }
  void text(const char* s) {
    if (s) bytes(s, std::strlen(s) + 1);
    else field(uint8_t(0));
  }
};

bool adapterIdentity(D3DVK_ADAPTER_INFO* info) {
  std::string error;
  *info = {};
  return SUCCEEDED(queryUmdAdapterInfo(info, nullptr, nullptr, &error));
}

}  // namespace

bool currentBlobIdentity(uint32_t magic, uint32_t formatVersion, BlobIdentity* out) {
  D3DVK_ADAPTER_INFO info;
  if (!adapterIdentity(&info)) return false;
  *out = {magic, formatVersion, info.LuidLowPart, info.LuidHighPart, info.VendorId, info.DeviceId};
  return true;
}

BlobIdentityCheck checkBlobIdentity(const BlobIdentity& identity, uint32_t magic, uint32_t formatVersion) {
  if (identity.magic != magic) return BlobIdentityCheck::kNotThisKind;
  if (identity.formatVersion != formatVersion) return BlobIdentityCheck::kOtherVersion;
  BlobIdentity current;
  if (!currentBlobIdentity(magic, formatVersion, &current) || identity.luidLow != current.luidLow ||
      identity.luidHigh != current.luidHigh || identity.vendorId != current.vendorId ||
      identity.deviceId != current.deviceId)
    return BlobIdentityCheck::kOtherAdapter;
  return BlobIdentityCheck::kOk;
}

uint64_t hashBytes(const void* data, size_t size) {
  Hasher h;
  h.bytes(data, size);
  return h.value;
}

uint64_t hashRootSignature(const D3D12RootSignature& rootSignature) {
  const std::vector<uint8_t> rts0 = rootsig::writeRts0(rootSignature.desc());
  return hashBytes(rts0.data(), rts0.size());
}

bool cachedPipelineStateBlob(uint64_t descHash, std::vector<unsigned char>* out) {
  CachedBlobHeader header{};
  if (!currentBlobIdentity(kMagic, kFormatVersion, &header.identity)) return false;
  header.descHash = descHash;
  const auto* bytes = reinterpret_cast<const unsigned char*>(&header);
  out->assign(bytes, bytes + sizeof header);
  return true;
}

uint64_t hashPipelineDesc(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  Hasher h;
  h.field(uint32_t(1));  // graphics
  for (const D3D12_SHADER_BYTECODE* s : {&d.VS, &d.PS, &d.DS, &d.HS, &d.GS}) h.shader(*s);
  const D3D12_STREAM_OUTPUT_DESC& so = d.StreamOutput;
  h.field(so.NumEntries);
  for (UINT i = 0; so.pSODeclaration && i < so.NumEntries; ++i) {
    const D3D12_SO_DECLARATION_ENTRY& e = so.pSODeclaration[i];
    h.field(e.Stream);
    h.text(e.SemanticName);
    h.field(e.SemanticIndex);
    h.field(e.StartComponent);
    h.field(e.ComponentCount);
    h.field(e.OutputSlot);
  }
  h.field(so.NumStrides);
  for (UINT i = 0; so.pBufferStrides && i < so.NumStrides; ++i) h.field(so.pBufferStrides[i]);
  h.field(so.RasterizedStream);
  h.field(d.BlendState.AlphaToCoverageEnable);
  h.field(d.BlendState.IndependentBlendEnable);
  for (const D3D12_RENDER_TARGET_BLEND_DESC& rt : d.BlendState.RenderTarget) {
    h.field(rt.BlendEnable);
    h.field(rt.LogicOpEnable);
    h.field(rt.SrcBlend);
    h.field(rt.DestBlend);
    h.field(rt.BlendOp);
    h.field(rt.SrcBlendAlpha);
    h.field(rt.DestBlendAlpha);
    h.field(rt.BlendOpAlpha);
    h.field(rt.LogicOp);
    h.field(rt.RenderTargetWriteMask);
  }
  h.field(d.SampleMask);
  h.field(d.RasterizerState);  // 4-byte fields only: no padding
  const D3D12_DEPTH_STENCIL_DESC& ds = d.DepthStencilState;
  h.field(ds.DepthEnable);
  h.field(ds.DepthWriteMask);
  h.field(ds.DepthFunc);
  h.field(ds.StencilEnable);
  h.field(ds.StencilReadMask);
  h.field(ds.StencilWriteMask);
  h.field(ds.FrontFace);
  h.field(ds.BackFace);
  h.field(d.InputLayout.NumElements);
  for (UINT i = 0; d.InputLayout.pInputElementDescs && i < d.InputLayout.NumElements; ++i) {
    const D3D12_INPUT_ELEMENT_DESC& e = d.InputLayout.pInputElementDescs[i];
    h.text(e.SemanticName);
    h.field(e.SemanticIndex);
    h.field(e.Format);
    h.field(e.InputSlot);
    h.field(e.AlignedByteOffset);
    h.field(e.InputSlotClass);
    h.field(e.InstanceDataStepRate);
  }
  h.field(d.IBStripCutValue);
  h.field(d.PrimitiveTopologyType);
  h.field(d.NumRenderTargets);
  h.field(d.RTVFormats);
  h.field(d.DSVFormat);
  h.field(d.SampleDesc);
  return h.value;
}

uint64_t hashPipelineDesc(const D3D12_COMPUTE_PIPELINE_STATE_DESC& d) {
  Hasher h;
  h.field(uint32_t(2));  // compute
  h.shader(d.CS);
  return h.value;
}

HRESULT checkCachedPipelineState(D3D12Device& device, const D3D12_CACHED_PIPELINE_STATE& cached, uint64_t descHash,
                                 const char* function) {
  if (!cached.pCachedBlob && !cached.CachedBlobSizeInBytes) return S_OK;
  auto refuse = [&](HRESULT hr, D3D12_MESSAGE_ID id, const char* idName, const std::string& text) {
    device.debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, function,
                        text);
    d3d12Error(function, text);
    return hr;
  };
  CachedBlobHeader header{};
  if (!cached.pCachedBlob || cached.CachedBlobSizeInBytes != sizeof header)
    return refuse(E_INVALIDARG, D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALIDCACHEDBLOB),
                  "CachedPSO is not a blob ID3D12PipelineState::GetCachedBlob returned (pCachedBlob is null, or "
                  "CachedBlobSizeInBytes is " + std::to_string(cached.CachedBlobSizeInBytes) + ")");
  std::memcpy(&header, cached.pCachedBlob, sizeof header);
  switch (checkBlobIdentity(header.identity, kMagic, kFormatVersion)) {
    case BlobIdentityCheck::kOk: break;
    case BlobIdentityCheck::kNotThisKind:
      return refuse(E_INVALIDARG, D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_INVALIDCACHEDBLOB),
                    "CachedPSO is not a blob ID3D12PipelineState::GetCachedBlob returned");
    case BlobIdentityCheck::kOtherVersion:
      return refuse(D3D12_ERROR_DRIVER_VERSION_MISMATCH,
                    D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH),
                    "CachedPSO was made by another driver version (blob format " +
                        std::to_string(header.identity.formatVersion) + ", this driver's is " +
                        std::to_string(kFormatVersion) + ")");
    case BlobIdentityCheck::kOtherAdapter:
      return refuse(D3D12_ERROR_ADAPTER_NOT_FOUND,
                    D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_CACHEDBLOBADAPTERMISMATCH),
                    "CachedPSO was made on another adapter");
  }
  if (header.descHash != descHash)
    return refuse(E_INVALIDARG, D3DVK_D3D12_MESSAGE_ID(CREATEPIPELINESTATE_CACHEDBLOBDESCMISMATCH),
                  "CachedPSO was made from another pipeline state desc");
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D12PipelineState::GetCachedBlob(ID3DBlob** ppBlob) try {
  if (!ppBlob) return E_POINTER;
  *ppBlob = nullptr;
  std::vector<unsigned char> bytes;
  if (!cachedPipelineStateBlob(descHash_, &bytes)) return E_FAIL;
  *ppBlob = D3D12Blob::create({bytes.data(), bytes.size()});
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
