// runtime/d3d11/d3d11_context_draw.cpp — the immediate context's draw path:
// IASetInputLayout / VertexBuffers / IndexBuffer / PrimitiveTopology,
// OMSetBlendState / OMSetDepthStencilState,
// VS/PSSetShader, VS/PSSetConstantBuffers (over d3d11_context_constant_buffers.cpp), RSSetViewports / ScissorRects,
// their Get variants, and Draw, DrawIndexed, DrawInstanced,
// DrawIndexedInstanced, and ClearState. Bound objects hold a private reference; every call
// reaches the driver through the DDI table except the ones D3D11 drops
// (invalid arguments, and draws the conservative-rasterization rules reject).
#include "conservative_validator.h"
#include "d3d11_context.h"
#include "d3dvk_stream_output_ddi.h"
#include "raw_enum.h"
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_input_layout.h"
#include "d3d11_level9.h"
#include "d3d11_output_merger_state.h"
#include "d3d11_rasterizer_state.h"
#include "d3d11_resource.h"
#include "d3d11_shader.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace d3dvk::runtime {
namespace {

// Swaps a bound object for another, moving the private reference.
template <typename T>
void rebind(T*& slot, T* next) {
  if (slot == next) return;
  if (next) next->addPrivateRef();
  T* previous = slot;
  slot = next;
  if (previous) previous->releasePrivateRef();
}

D3D11Buffer* bufferFrom(ID3D11Buffer* b) { return static_cast<D3D11Buffer*>(b); }
D3D11VertexShader* vsFrom(ID3D11VertexShader* s) { return static_cast<D3D11VertexShader*>(s); }
D3D11PixelShader* psFrom(ID3D11PixelShader* s) { return static_cast<D3D11PixelShader*>(s); }

template <typename Interface, typename T>
void handOut(T* object, Interface** out) {
  if (object) object->AddRef();
  *out = object;
}

}  // namespace

void D3D11ImmediateContext::releaseDrawBindings() {
  releaseShaderResourceBindings();
  D3D11InputLayout* layout = nullptr;
  rebind(inputLayout_, layout);
  for (VertexBufferBinding& vb : vertexBuffers_) {
    D3D11Buffer* none = nullptr;
    rebind(vb.buffer, none);
  }
  D3D11Buffer* none = nullptr;
  rebind(indexBuffer_, none);
  for (auto& stage : constantBuffers_)
    for (D3D11Buffer*& cb : stage) rebind(cb, none);
  D3D11VertexShader* vs = vsFrom(vertexShader_);
  D3D11VertexShader* noVs = nullptr;
  rebind(vs, noVs);
  vertexShader_ = nullptr;
  D3D11PixelShader* ps = psFrom(pixelShader_);
  D3D11PixelShader* noPs = nullptr;
  rebind(ps, noPs);
  pixelShader_ = nullptr;
  D3D11GeometryShader* gs = static_cast<D3D11GeometryShader*>(geometryShader_);
  D3D11GeometryShader* noGs = nullptr;
  rebind(gs, noGs);
  geometryShader_ = nullptr;
  drawValidated_ = false;
  releaseTessellationBindings();
  releaseComputeBindings();
  releaseClassInstances();
  D3D11BlendState* noBlend = nullptr;
  rebind(blendState_, noBlend);
  D3D11DepthStencilState* noDepthStencil = nullptr;
  rebind(depthStencilState_, noDepthStencil);
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetBlendState(ID3D11BlendState* pBlendState,
                                                             const FLOAT BlendFactor[4], UINT SampleMask) try {
  const auto contextEntryLock = lockEntry();
  if (SampleMask == 0 && level9(featureLevel_)) {  // dropped, as 10level9
    stateSettingError(D3D11_MESSAGE_ID_SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO,
                      "SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO", "ID3D11DeviceContext::OMSetBlendState",
                      "SampleMask cannot be 0 at feature level " + featureLevelName(featureLevel_) +
                          "; the call is ignored.");
    return;
  }
  D3D11BlendState* next = static_cast<D3D11BlendState*>(static_cast<ID3D11BlendState1*>(pBlendState));
  rebind(blendState_, next);
  for (int i = 0; i < 4; ++i) blendFactor_[i] = BlendFactor ? BlendFactor[i] : 1.0f;  // null: {1,1,1,1}
  sampleMask_ = SampleMask;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetBlendState(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HBLENDSTATE{}, blendFactor_,
                               SampleMask);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetBlendState(ID3D11BlendState** ppBlendState, FLOAT BlendFactor[4],
                                                             UINT* pSampleMask) try {
  const auto contextEntryLock = lockEntry();
  if (ppBlendState) {
    if (blendState_) blendState_->AddRef();
    *ppBlendState = blendState_;
  }
  if (BlendFactor)
    for (int i = 0; i < 4; ++i) BlendFactor[i] = blendFactor_[i];
  if (pSampleMask) *pSampleMask = sampleMask_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetDepthStencilState(ID3D11DepthStencilState* pDepthStencilState,
                                                                    UINT StencilRef) try {
  const auto contextEntryLock = lockEntry();
  D3D11DepthStencilState* next = static_cast<D3D11DepthStencilState*>(pDepthStencilState);
  rebind(depthStencilState_, next);
  stencilRef_ = StencilRef;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetDepthStencilState(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HDEPTHSTENCILSTATE{},
                                      StencilRef);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetDepthStencilState(ID3D11DepthStencilState** ppDepthStencilState,
                                                                    UINT* pStencilRef) try {
  const auto contextEntryLock = lockEntry();
  if (ppDepthStencilState) handOut(depthStencilState_, ppDepthStencilState);
  if (pStencilRef) *pStencilRef = stencilRef_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetInputLayout(ID3D11InputLayout* pInputLayout) try {
  const auto contextEntryLock = lockEntry();
  D3D11InputLayout* next = static_cast<D3D11InputLayout*>(pInputLayout);
  rebind(inputLayout_, next);
  DdiDevice& ddi = driver();
  ddi.funcs().pfnIaSetInputLayout(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HELEMENTLAYOUT{});
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetInputLayout(ID3D11InputLayout** ppInputLayout) try {
  const auto contextEntryLock = lockEntry();
  if (ppInputLayout) handOut(inputLayout_, ppInputLayout);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetVertexBuffers(UINT StartSlot, UINT NumBuffers,
                                                                ID3D11Buffer* const* ppVertexBuffers,
                                                                const UINT* pStrides, const UINT* pOffsets) try {
  const auto contextEntryLock = lockEntry();
  if (StartSlot >= D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT ||
      NumBuffers > D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT - StartSlot)
    return;
  if (NumBuffers == 0) return;
  if (!ppVertexBuffers || !pStrides || !pOffsets) return;
  D3D10DDI_HRESOURCE handles[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  UINT strides[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};  // what the driver sees: 0 for NULL slots
  for (UINT i = 0; i < NumBuffers; ++i) {
    VertexBufferBinding& vb = vertexBuffers_[StartSlot + i];
    D3D11Buffer* next = bufferFrom(ppVertexBuffers[i]);
    // D3D11 binds null for a buffer created without the vertex-buffer bind flag
    // or with a stride past the 2048-byte structure limit.
    if (next && (!(next->bindFlags & D3D11_BIND_VERTEX_BUFFER) ||
                 pStrides[i] > D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES))
      next = nullptr;
    if (next && boundForOutput(kVS, static_cast<D3D11ResourceBase*>(next))) {  // the hazard rule (d3d11_context.h)
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                           D3D11_MESSAGE_ID_DEVICE_IASETVERTEXBUFFERS_HAZARD, "DEVICE_IASETVERTEXBUFFERS_HAZARD",
                           "ID3D11DeviceContext::IASetVertexBuffers",
                           "Resource being set to vertex buffer slot " + std::to_string(StartSlot + i) +
                               " is still bound on output! Forcing to NULL.");
      next = nullptr;
    }
    rebind(vb.buffer, next);
    vb.stride = pStrides[i];
    vb.offset = pOffsets[i];
    handles[i] = next ? next->ddiHandle() : D3D10DDI_HRESOURCE{};
    strides[i] = next ? pStrides[i] : 0;
  }
  DdiDevice& ddi = driver();
  ddi.funcs().pfnIaSetVertexBuffers(ddi.handle(), StartSlot, NumBuffers, handles, strides, pOffsets);
} D3DVK_CATCH_VOID

void D3D11ImmediateContext::unbindInputAssemblerOf(const void* resource, const char* function, const char* output,
                                                   D3D11_MESSAGE_ID id, const char* idName) {
  auto warn = [&](const std::string& slot) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING, id, idName, function,
                         std::string("Resource being set to ") + output + " is still bound on input (" + slot +
                             "); forcing that slot to NULL.");
  };
  DdiDevice& ddi = driver();
  for (UINT slot = 0; slot < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; ++slot) {
    VertexBufferBinding& vb = vertexBuffers_[slot];
    if (!vb.buffer || static_cast<const D3D11ResourceBase*>(vb.buffer) != resource) continue;
    warn("vertex buffer slot " + std::to_string(slot));
    D3D11Buffer* none = nullptr;
    rebind(vb.buffer, none);
    const D3D10DDI_HRESOURCE null{};
    const UINT zero = 0, offset = vb.offset;
    ddi.funcs().pfnIaSetVertexBuffers(ddi.handle(), slot, 1, &null, &zero, &offset);
  }
  if (indexBuffer_ && static_cast<const D3D11ResourceBase*>(indexBuffer_) == resource) {
    warn("the index buffer");
    D3D11Buffer* none = nullptr;
    rebind(indexBuffer_, none);
    ddi.funcs().pfnIaSetIndexBuffer(ddi.handle(), D3D10DDI_HRESOURCE{}, indexFormat_, indexOffset_);
  }
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers,
                                                                ID3D11Buffer** ppVertexBuffers, UINT* pStrides,
                                                                UINT* pOffsets) try {
  const auto contextEntryLock = lockEntry();
  for (UINT i = 0; i < NumBuffers; ++i) {
    const uint64_t slot = uint64_t(StartSlot) + i;  // no wrap to slot 0
    const bool valid = slot < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT;
    if (ppVertexBuffers) {
      if (valid) handOut(vertexBuffers_[slot].buffer, &ppVertexBuffers[i]);
      else ppVertexBuffers[i] = nullptr;
    }
    if (pStrides) pStrides[i] = valid ? vertexBuffers_[slot].stride : 0;
    if (pOffsets) pOffsets[i] = valid ? vertexBuffers_[slot].offset : 0;
  }
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetIndexBuffer(ID3D11Buffer* pIndexBuffer, DXGI_FORMAT Format,
                                                              UINT Offset) try {
  const auto contextEntryLock = lockEntry();
  if (pIndexBuffer && Format != DXGI_FORMAT_R16_UINT && Format != DXGI_FORMAT_R32_UINT) return;  // dropped, as D3D11
  // 10level9's index formats: 9_1 has 16-bit indices only.
  if (pIndexBuffer && !(level9FormatSupportMask(featureLevel_, Format) & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER)) {
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_FORMAT_INVALID, "DEVICE_IASETINDEXBUFFER_FORMAT_INVALID",
                      "ID3D11DeviceContext::IASetIndexBuffer",
                      "Format " + std::to_string(int(Format)) + " is not an index format at feature level " +
                          featureLevelName(featureLevel_) +
                          " (9_1 takes DXGI_FORMAT_R16_UINT only); the call is ignored.");
    return;
  }
  D3D11Buffer* next = bufferFrom(pIndexBuffer);
  if (next && !(next->bindFlags & D3D11_BIND_INDEX_BUFFER)) next = nullptr;  // D3D11 binds null instead
  if (next && boundForOutput(kVS, static_cast<D3D11ResourceBase*>(next))) {  // the hazard rule (d3d11_context.h)
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                         D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_HAZARD, "DEVICE_IASETINDEXBUFFER_HAZARD",
                         "ID3D11DeviceContext::IASetIndexBuffer",
                         "Resource being set as the index buffer is still bound on output! Forcing to NULL.");
    next = nullptr;
  }
  rebind(indexBuffer_, next);
  indexFormat_ = Format;
  indexOffset_ = Offset;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnIaSetIndexBuffer(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HRESOURCE{}, Format, Offset);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetIndexBuffer(ID3D11Buffer** pIndexBuffer, DXGI_FORMAT* Format,
                                                              UINT* Offset) try {
  const auto contextEntryLock = lockEntry();
  if (pIndexBuffer) handOut(indexBuffer_, pIndexBuffer);
  if (Format) *Format = indexFormat_;
  if (Offset) *Offset = indexOffset_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY Topology) try {
  const auto contextEntryLock = lockEntry();
  const int t = rawEnum(Topology);  // as an integer: any value may arrive (raw_enum.h)
  const bool known = (t >= 1 && t <= 5) || (t >= 10 && t <= 13) || (t >= 33 && t <= 64);
  if (!known) {  // dropped, as D3D11
    if (t == 0)
      stateSettingError(D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNDEFINED,
                        "DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNDEFINED", "ID3D11DeviceContext::IASetPrimitiveTopology",
                        "Topology is D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED, which cannot be set; the call is ignored.");
    else
      stateSettingError(D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNRECOGNIZED,
                        "DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNRECOGNIZED",
                        "ID3D11DeviceContext::IASetPrimitiveTopology",
                        "Topology " + std::to_string(t) + " is not a D3D11_PRIMITIVE_TOPOLOGY value; the call is ignored.");
    return;
  }
  if (t >= 10 && t <= 13 && level9(featureLevel_)) {  // dropped, as 10level9
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_ADJACENCY_UNSUPPORTED,
                      "DEVICE_IASETPRIMITIVETOPOLOGY_ADJACENCY_UNSUPPORTED", "ID3D11DeviceContext::IASetPrimitiveTopology",
                      "Topologies with adjacency are not supported at feature level " +
                          featureLevelName(featureLevel_) + "; the call is ignored.");
    return;
  }
  topology_ = Topology;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnIaSetTopology(ddi.handle(), D3D10_DDI_PRIMITIVE_TOPOLOGY(Topology));
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY* pTopology) try {
  const auto contextEntryLock = lockEntry();
  if (pTopology) *pTopology = topology_;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetShader(ID3D11VertexShader* pVertexShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11VertexShader* current = vsFrom(vertexShader_);
  D3D11VertexShader* next = vsFrom(pVertexShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::VSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  vertexShader_ = next;
  DdiDevice& ddi = driver();
  bindClassInstances(kVS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnVsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnVsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetShader(ID3D11VertexShader** ppVertexShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppVertexShader) handOut(vsFrom(vertexShader_), ppVertexShader);
  getClassInstances(kVS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetShader(ID3D11PixelShader* pPixelShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11PixelShader* current = psFrom(pixelShader_);
  D3D11PixelShader* next = psFrom(pPixelShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::PSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  pixelShader_ = next;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  bindClassInstances(kPS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnPsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnPsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetShader(ID3D11PixelShader** ppPixelShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppPixelShader) handOut(psFrom(pixelShader_), ppPixelShader);
  getClassInstances(kPS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(0, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(1, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(0, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(1, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetViewports(UINT NumViewports, const D3D11_VIEWPORT* pViewports) try {
  const auto contextEntryLock = lockEntry();
  const char* function = "ID3D11DeviceContext::RSSetViewports";
  if (NumViewports > 1 && level9(featureLevel_)) {  // dropped, as 10level9: viewport 0 only
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_TOO_MANY_VIEWPORTS,
                      "DEVICE_RSSETVIEWPORTS_TOO_MANY_VIEWPORTS", function,
                      "NumViewports is " + std::to_string(NumViewports) + "; feature level " +
                          featureLevelName(featureLevel_) + " has one viewport; the call is ignored.");
    return;
  }
  if (NumViewports > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumViewports && !pViewports)) {
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT, "DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT",
                      function,
                      NumViewports && !pViewports
                          ? std::string("pViewports is NULL with NumViewports ") + std::to_string(NumViewports) +
                                "; the call is ignored."
                          : "NumViewports is " + std::to_string(NumViewports) + "; at most " +
                                std::to_string(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE) +
                                " are allowed; the call is ignored.");
    return;
  }
  // D3D11 drops a call whose viewports leave the legal range (NaN included).
  for (UINT i = 0; i < NumViewports; ++i) {
    const D3D11_VIEWPORT& v = pViewports[i];
    const auto inRange = [](float x, float lo, float hi) { return x >= lo && x <= hi; };
    if (!inRange(v.TopLeftX, D3D11_VIEWPORT_BOUNDS_MIN, D3D11_VIEWPORT_BOUNDS_MAX) ||
        !inRange(v.TopLeftY, D3D11_VIEWPORT_BOUNDS_MIN, D3D11_VIEWPORT_BOUNDS_MAX) ||
        !inRange(v.Width, 0.0f, float(D3D11_VIEWPORT_BOUNDS_MAX) - v.TopLeftX) ||
        !inRange(v.Height, 0.0f, float(D3D11_VIEWPORT_BOUNDS_MAX) - v.TopLeftY) ||
        !inRange(v.MinDepth, D3D11_MIN_DEPTH, D3D11_MAX_DEPTH) ||
        !inRange(v.MaxDepth, D3D11_MIN_DEPTH, D3D11_MAX_DEPTH)) {
      char text[512];
      std::snprintf(text, sizeof text,
                    "viewport %u {TopLeftX %g, TopLeftY %g, Width %g, Height %g, MinDepth %g, MaxDepth %g} is outside "
                    "the legal range (corners within [%d, %d], width and height >= 0, depths within [0, 1]); the "
                    "call is ignored.",
                    i, double(v.TopLeftX), double(v.TopLeftY), double(v.Width), double(v.Height), double(v.MinDepth),
                    double(v.MaxDepth), D3D11_VIEWPORT_BOUNDS_MIN, D3D11_VIEWPORT_BOUNDS_MAX);
      stateSettingError(D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT, "DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT",
                        function, text);
      return;
    }
  }
  D3D10_DDI_VIEWPORT ddiViewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
  for (UINT i = 0; i < NumViewports; ++i) {
    const D3D11_VIEWPORT& v = pViewports[i];
    ddiViewports[i] = {v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth};
    viewports_[i] = v;
  }
  const UINT clear = viewportCount_ > NumViewports ? viewportCount_ - NumViewports : 0;
  viewportCount_ = NumViewports;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetViewports(ddi.handle(), NumViewports, clear, ddiViewports);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetViewports(UINT* pNumViewports, D3D11_VIEWPORT* pViewports) try {
  const auto contextEntryLock = lockEntry();
  if (!pNumViewports) return;
  if (!pViewports) {
    *pNumViewports = viewportCount_;
    return;
  }
  for (UINT i = 0; i < *pNumViewports; ++i) pViewports[i] = i < viewportCount_ ? viewports_[i] : D3D11_VIEWPORT{};
  *pNumViewports = std::min(*pNumViewports, viewportCount_);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetScissorRects(UINT NumRects, const D3D11_RECT* pRects) try {
  const auto contextEntryLock = lockEntry();
  if (NumRects > 1 && level9(featureLevel_)) {  // dropped, as 10level9: scissor 0 only
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_RSSETSCISSORRECTS_TOO_MANY_SCISSORS,
                      "DEVICE_RSSETSCISSORRECTS_TOO_MANY_SCISSORS", "ID3D11DeviceContext::RSSetScissorRects",
                      "NumRects is " + std::to_string(NumRects) + "; feature level " +
                          featureLevelName(featureLevel_) + " has one scissor rectangle; the call is "
                          "ignored.");
    return;
  }
  if (NumRects > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumRects && !pRects)) {
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_RSSETSCISSORRECTS_INVALIDSCISSOR,
                      "DEVICE_RSSETSCISSORRECTS_INVALIDSCISSOR", "ID3D11DeviceContext::RSSetScissorRects",
                      NumRects && !pRects ? "pRects is NULL with NumRects " + std::to_string(NumRects) +
                                                "; the call is ignored."
                                          : "NumRects is " + std::to_string(NumRects) + "; at most " +
                                                std::to_string(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE) +
                                                " are allowed; the call is ignored.");
    return;
  }
  for (UINT i = 0; i < NumRects; ++i) scissorRects_[i] = pRects[i];
  const UINT clear = scissorRectCount_ > NumRects ? scissorRectCount_ - NumRects : 0;
  scissorRectCount_ = NumRects;
  // Coordinates beyond D3D11's viewport bounds select nothing more: the driver
  // gets them clamped to [-32768, 32767] (RSGetScissorRects still answers the
  // application's), so its extents cannot overflow.
  D3D11_RECT rects[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
  for (UINT i = 0; i < NumRects; ++i) {
    const auto clamp = [](LONG v) { return std::clamp<LONG>(v, D3D11_VIEWPORT_BOUNDS_MIN, D3D11_VIEWPORT_BOUNDS_MAX); };
    rects[i] = {clamp(pRects[i].left), clamp(pRects[i].top), clamp(pRects[i].right), clamp(pRects[i].bottom)};
  }
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetScissorRects(ddi.handle(), NumRects, clear, rects);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetScissorRects(UINT* pNumRects, D3D11_RECT* pRects) try {
  const auto contextEntryLock = lockEntry();
  if (!pNumRects) return;
  if (!pRects) {
    *pNumRects = scissorRectCount_;
    return;
  }
  for (UINT i = 0; i < *pNumRects; ++i) pRects[i] = i < scissorRectCount_ ? scissorRects_[i] : D3D11_RECT{};
  *pNumRects = std::min(*pNumRects, scissorRectCount_);
} D3DVK_CATCH_VOID

void D3D11ImmediateContext::stateSettingError(int id, const char* idName, const char* function,
                                              const std::string& text) {
  device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR, id, idName, function, text);
}

namespace {
// Whether an IA topology feeds a geometry shader's input primitive (D3D10_SB_PRIMITIVE).
bool feedsGeometryShader(D3D11_PRIMITIVE_TOPOLOGY t, uint32_t primitive) {
  switch (primitive) {
    case 1: return t == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST;
    case 2: return t == D3D11_PRIMITIVE_TOPOLOGY_LINELIST || t == D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP;
    case 3: return t == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST || t == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP;
    case 6: return t == D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ || t == D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ;
    case 7: return t == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ || t == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ;
    default: return false;
  }
}
}  // namespace

bool D3D11ImmediateContext::checkDraw(const char* function) {
  DrawCheck check;
  check.topology = uint32_t(topology_);
  // Tessellation: the domain shader's points, lines or triangles go on down the pipeline.
  if (!validateTessellation(function, &check.topology)) return false;
  // (A vertex or domain shader's stream-output object adds no geometry stage.)
  if (geometryShader_ && !static_cast<D3D11GeometryShader*>(geometryShader_)->streamOutputWithoutGeometryStage()) {
    const dxbc::ShaderReflection& gs = static_cast<D3D11GeometryShader*>(geometryShader_)->reflection();
    if (!feedsGeometryShader(D3D11_PRIMITIVE_TOPOLOGY(check.topology), gs.gsInputPrimitive)) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH,
                           "DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH", function,
                           "The primitive topology " + std::to_string(int(topology_)) +
                               " does not match the geometry shader's input primitive (D3D10_SB_PRIMITIVE " +
                               std::to_string(gs.gsInputPrimitive) + "); the draw is dropped.");
      return false;
    }
    // The rasterizer sees the geometry shader's output: a point list, line strip or triangle strip.
    check.topology = gs.gsOutputTopology == 1   ? uint32_t(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
                     : gs.gsOutputTopology == 3 ? uint32_t(D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP)
                                                : uint32_t(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  }
  check.conservativeOn =
      rasterizerState_ && rasterizerState_->desc().ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  check.pixelShaderReadsInnerCoverage = pixelShader_ && psFrom(pixelShader_)->reflection().readsInnerCoverage;
  const DrawVerdict verdict = validateConservativeDraw(check);
  for (const ValidationMessage& m : verdict.messages)
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, m.id, m.idName, function,
                         m.text);
  drawValidated_ = !verdict.drop && verdict.messages.empty();
  return !verdict.drop;
}

void STDMETHODCALLTYPE D3D11ImmediateContext::Draw(UINT VertexCount, UINT StartVertexLocation) try {
  const auto contextEntryLock = lockEntry();
  if (!levelAllowsDraw(DrawKind::Draw, VertexCount, "ID3D11DeviceContext::Draw")) return;
  if (!validateDraw("ID3D11DeviceContext::Draw")) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDraw(ddi.handle(), VertexCount, StartVertexLocation);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexed(UINT IndexCount, UINT StartIndexLocation,
                                                         INT BaseVertexLocation) try {
  const auto contextEntryLock = lockEntry();
  if (!levelAllowsDraw(DrawKind::Indexed, IndexCount, "ID3D11DeviceContext::DrawIndexed")) return;
  if (!validateDraw("ID3D11DeviceContext::DrawIndexed")) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDrawIndexed(ddi.handle(), IndexCount, StartIndexLocation, BaseVertexLocation);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount,
                                                           UINT StartVertexLocation, UINT StartInstanceLocation) try {
  const auto contextEntryLock = lockEntry();
  if (!levelAllowsDraw(DrawKind::Instanced, VertexCountPerInstance, "ID3D11DeviceContext::DrawInstanced")) return;
  if (!validateDraw("ID3D11DeviceContext::DrawInstanced")) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDrawInstanced(ddi.handle(), VertexCountPerInstance, InstanceCount, StartVertexLocation,
                               StartInstanceLocation);
} D3DVK_CATCH_VOID

// DrawAuto: what stream output wrote into vertex-buffer slot 0's buffer (the driver knows how much).
void STDMETHODCALLTYPE D3D11ImmediateContext::DrawAuto() try {
  const auto contextEntryLock = lockEntry();
  if (!levelAllowsDraw(DrawKind::Auto, 0, "ID3D11DeviceContext::DrawAuto")) return;
  if (!validateDraw("ID3D11DeviceContext::DrawAuto")) return;  // (predicated in the UMD, like every draw)
  DdiDevice& ddi = driver();
  ddi::streamOutputSlot<PFND3D10DDI_DRAWAUTO>(ddi.funcs().pfnDrawAuto)(ddi.handle());
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount,
                                                                  UINT StartIndexLocation, INT BaseVertexLocation,
                                                                  UINT StartInstanceLocation) try {
  const auto contextEntryLock = lockEntry();
  if (!levelAllowsDraw(DrawKind::IndexedInstanced, IndexCountPerInstance, "ID3D11DeviceContext::DrawIndexedInstanced")) return;
  if (!validateDraw("ID3D11DeviceContext::DrawIndexedInstanced")) return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDrawIndexedInstanced(ddi.handle(), IndexCountPerInstance, InstanceCount, StartIndexLocation,
                                      BaseVertexLocation, StartInstanceLocation);
} D3DVK_CATCH_VOID

// Every pipeline binding back to its default, through the same setters (so the
// driver sees the unbinding DDIs and the references are released): no shaders,
// layout, buffers, shader resources, samplers, views or state objects; topology UNDEFINED; no viewports or
// scissors; blend factor 1s and sample mask 0xFFFFFFFF; stencil reference 0.
void STDMETHODCALLTYPE D3D11ImmediateContext::ClearState() try {
  const auto contextEntryLock = lockEntry();
  ID3D11Buffer* const noBuffers[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  const UINT zeros[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  IASetInputLayout(nullptr);
  IASetVertexBuffers(0, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, noBuffers, zeros, zeros);
  IASetIndexBuffer(nullptr, DXGI_FORMAT_UNKNOWN, 0);
  topology_ = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnIaSetTopology(ddi.handle(), D3D10_DDI_PRIMITIVE_TOPOLOGY_UNDEFINED);
  SetPredication(nullptr, FALSE);
  SOSetTargets(0, nullptr, nullptr);
  VSSetShader(nullptr, nullptr, 0);
  PSSetShader(nullptr, nullptr, 0);
  GSSetShader(nullptr, nullptr, 0);
  HSSetShader(nullptr, nullptr, 0);
  DSSetShader(nullptr, nullptr, 0);
  CSSetShader(nullptr, nullptr, 0);
  VSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  PSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  GSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  HSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  DSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  CSSetConstantBuffers(0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, noBuffers);
  ID3D11ShaderResourceView* const noViews[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT] = {};
  ID3D11SamplerState* const noSamplers[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT] = {};
  VSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  PSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  GSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  HSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  DSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  CSSetShaderResources(0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, noViews);
  VSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  PSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  GSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  HSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  DSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  CSSetSamplers(0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, noSamplers);
  RSSetState(nullptr);
  RSSetViewports(0, nullptr);
  RSSetScissorRects(0, nullptr);
  ID3D11UnorderedAccessView* const noUavs[D3D11_1_UAV_SLOT_COUNT] = {};
  OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, uavSlotCount(), noUavs, nullptr);
  CSSetUnorderedAccessViews(0, computeUavSlotCount(), noUavs, nullptr);
  const FLOAT ones[4] = {1, 1, 1, 1};
  OMSetBlendState(nullptr, ones, 0xFFFFFFFF);
  OMSetDepthStencilState(nullptr, 0);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
