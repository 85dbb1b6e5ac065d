// runtime/d3d11/d3d11_context_compute.cpp — the immediate context's geometry
// and compute stages and the commands that go with them: GS/CSSetShader,
// GS/CSSetConstantBuffers, GS/CSSetShaderResources, GS/CSSetSamplers,
// CSSetUnorderedAccessViews (the compute stage's own UAV slots, with the
// hidden counters' initial counts) and their Get variants; Dispatch,
// DispatchIndirect, DrawInstancedIndirect, DrawIndexedInstancedIndirect and
// CopyStructureCount, each checked as D3D11 does (the call is dropped with the
// debug layer's message when its arguments are invalid).
#include "d3d11_context.h"
#include "d3dvk_checked_math.h"
#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3d11_shader.h"
#include "d3d11_view.h"

#include <algorithm>
#include <string>
#include <vector>

namespace d3dvk::runtime {
namespace {

template <typename T>
void rebind(T*& slot, T* next) {
  if (slot == next) return;
  if (next) next->addPrivateRef();
  T* previous = slot;
  slot = next;
  if (previous) previous->releasePrivateRef();
}

template <typename Interface, typename T>
void handOut(T* object, Interface** out) {
  if (object) object->AddRef();
  *out = object;
}

D3D11GeometryShader* gsFrom(ID3D11GeometryShader* s) { return static_cast<D3D11GeometryShader*>(s); }
D3D11ComputeShader* csFrom(ID3D11ComputeShader* s) { return static_cast<D3D11ComputeShader*>(s); }
D3D11Buffer* bufferFrom(ID3D11Buffer* b) { return static_cast<D3D11Buffer*>(b); }

}  // namespace

// ---------------------------------------------------------------------------
// Geometry stage.

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetShader(ID3D11GeometryShader* pShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11GeometryShader* current = gsFrom(geometryShader_);
  D3D11GeometryShader* next = gsFrom(pShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::GSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  geometryShader_ = next;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  bindClassInstances(kGS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnGsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnGsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetShader(ID3D11GeometryShader** ppGeometryShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppGeometryShader) handOut(gsFrom(geometryShader_), ppGeometryShader);
  getClassInstances(kGS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(kGS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(kGS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  const auto contextEntryLock = lockEntry();
  setShaderResources(kGS, "ID3D11DeviceContext::GSSetShaderResources", StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(kGS, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(kGS, "ID3D11DeviceContext::GSSetSamplers", StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(kGS, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

// ---------------------------------------------------------------------------
// Compute stage.

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetShader(ID3D11ComputeShader* pComputeShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11ComputeShader* current = csFrom(computeShader_);
  D3D11ComputeShader* next = csFrom(pComputeShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::CSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  computeShader_ = next;
  DdiDevice& ddi = driver();
  bindClassInstances(kCS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnCsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnCsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetShader(ID3D11ComputeShader** ppComputeShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppComputeShader) handOut(csFrom(computeShader_), ppComputeShader);
  getClassInstances(kCS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(kCS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(kCS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  const auto contextEntryLock = lockEntry();
  setShaderResources(kCS, "ID3D11DeviceContext::CSSetShaderResources", StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(kCS, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(kCS, "ID3D11DeviceContext::CSSetSamplers", StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(kCS, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs,
                                                                       ID3D11UnorderedAccessView* const* ppViews,
                                                                       const UINT* pUAVInitialCounts) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::CSSetUnorderedAccessViews";
  const UINT slots = computeUavSlotCount();
  if (NumUAVs && (StartSlot >= slots || NumUAVs > slots - StartSlot)) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_TOOMANYVIEWS,
                         "DEVICE_CSSETUNORDEREDACCESSVIEWS_TOOMANYVIEWS", kFunction,
                         "StartSlot (" + std::to_string(StartSlot) + ") + NumUAVs (" + std::to_string(NumUAVs) +
                             ") must be at most " + std::to_string(slots) + "; the call is ignored.");
    return;
  }
  if (NumUAVs == 0) return;
  D3D11UnorderedAccessView* next[D3D11_1_UAV_SLOT_COUNT] = {};
  for (UINT i = 0; i < NumUAVs; ++i) {
    next[i] = ppViews ? static_cast<D3D11UnorderedAccessView*>(ppViews[i]) : nullptr;
    if (next[i] && &next[i]->resource().owner() != &device_) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_INVALIDVIEW,
                           "DEVICE_CSSETUNORDEREDACCESSVIEWS_INVALIDVIEW", kFunction,
                           "The view for slot " + std::to_string(StartSlot + i) +
                               " belongs to another device; the call is ignored.");
      return;
    }
  }
  // A resource bound as a CS UAV leaves the compute stage's shader-resource slots.
  D3D11DDI_HUNORDEREDACCESSVIEW handles[D3D11_1_UAV_SLOT_COUNT] = {};
  UINT counts[D3D11_1_UAV_SLOT_COUNT];
  for (UINT i = 0; i < NumUAVs; ++i) {
    if (next[i]) unbindInputsOf(&next[i]->resource(), kFunction, OutputBinding::ComputeUav);
    rebind(computeUavs_[StartSlot + i], next[i]);
    handles[i] = next[i] ? next[i]->ddiHandle() : D3D11DDI_HUNORDEREDACCESSVIEW{};
    counts[i] = pUAVInitialCounts && next[i] && next[i]->hasCounter() ? pUAVInitialCounts[i] : UINT(-1);
  }
  DdiDevice& ddi = driver();
  ddi.funcs().pfnCsSetUnorderedAccessViews(ddi.handle(), StartSlot, NumUAVs, handles, counts);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs,
                                                                       ID3D11UnorderedAccessView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  if (!ppViews) return;
  for (UINT i = 0; i < NumUAVs; ++i) {
    const uint64_t slot = uint64_t(StartSlot) + i;
    handOut(slot < D3D11_1_UAV_SLOT_COUNT ? computeUavs_[slot] : nullptr, &ppViews[i]);
  }
} D3DVK_CATCH_VOID

void D3D11ImmediateContext::releaseComputeBindings() {
  D3D11ComputeShader* cs = csFrom(computeShader_);
  D3D11ComputeShader* none = nullptr;
  rebind(cs, none);
  computeShader_ = nullptr;
  for (D3D11UnorderedAccessView*& v : computeUavs_) {
    D3D11UnorderedAccessView* noView = nullptr;
    rebind(v, noView);
  }
}

// ---------------------------------------------------------------------------
// Dispatches, indirect draws, CopyStructureCount.

namespace {

// An indirect-argument buffer at an offset, as D3D11 checks it; the message's
// IDs differ between draws and dispatches.
struct IndirectIds {
  D3D11_MESSAGE_ID invalidBuffer, unaligned, overflow;
  const char *invalidBufferName, *unalignedName, *overflowName;
};
constexpr IndirectIds kDrawIndirect{
    D3D11_MESSAGE_ID_DEVICE_DRAWINDIRECT_INVALID_ARG_BUFFER, D3D11_MESSAGE_ID_DEVICE_DRAWINDIRECT_OFFSET_UNALIGNED,
    D3D11_MESSAGE_ID_DEVICE_DRAWINDIRECT_OFFSET_OVERFLOW, "DEVICE_DRAWINDIRECT_INVALID_ARG_BUFFER",
    "DEVICE_DRAWINDIRECT_OFFSET_UNALIGNED", "DEVICE_DRAWINDIRECT_OFFSET_OVERFLOW"};
constexpr IndirectIds kDispatchIndirect{
    D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_INVALID_ARG_BUFFER, D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_OFFSET_UNALIGNED,
    D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_OFFSET_OVERFLOW, "DEVICE_DISPATCHINDIRECT_INVALID_ARG_BUFFER",
    "DEVICE_DISPATCHINDIRECT_OFFSET_UNALIGNED", "DEVICE_DISPATCHINDIRECT_OFFSET_OVERFLOW"};

bool checkIndirectArgs(D3D11Device& device, const char* function, const IndirectIds& ids, ID3D11Buffer* buffer,
                       UINT offset, UINT argumentBytes) {
  auto error = [&](D3D11_MESSAGE_ID id, const char* name, const std::string& text) {
    device.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, id, name, function,
                        text + " The call is ignored.");
    return false;
  };
  D3D11Buffer* b = bufferFrom(buffer);
  if (!b || &b->owner() != &device || !(b->miscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS))
    return error(ids.invalidBuffer, ids.invalidBufferName,
                 b ? "The argument buffer was not created with D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS."
                   : "pBufferForArgs is NULL.");
  if (offset % 4)
    return error(ids.unaligned, ids.unalignedName,
                 "AlignedByteOffsetForArgs (" + std::to_string(offset) + ") is not a multiple of 4.");
  if (!fitsWithin(offset, argumentBytes, b->width))
    return error(ids.overflow, ids.overflowName,
                 "The " + std::to_string(argumentBytes) + " bytes of arguments at offset " + std::to_string(offset) +
                     " run past the end of the " + std::to_string(b->width) + "-byte buffer.");
  return true;
}

}  // namespace

void STDMETHODCALLTYPE D3D11ImmediateContext::Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY,
                                                      UINT ThreadGroupCountZ) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::Dispatch";
  constexpr UINT kMax = D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION;
  if (ThreadGroupCountX > kMax || ThreadGroupCountY > kMax || ThreadGroupCountZ > kMax) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_DEVICE_DISPATCH_THREADGROUPCOUNT_OVERFLOW,
                         "DEVICE_DISPATCH_THREADGROUPCOUNT_OVERFLOW", kFunction,
                         "Thread group counts (" + std::to_string(ThreadGroupCountX) + ", " +
                             std::to_string(ThreadGroupCountY) + ", " + std::to_string(ThreadGroupCountZ) +
                             ") exceed " + std::to_string(kMax) + " in a dimension. The call is ignored.");
    return;
  }
  if (ThreadGroupCountX == 0 || ThreadGroupCountY == 0 || ThreadGroupCountZ == 0) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_WARNING,
                         D3D11_MESSAGE_ID_DEVICE_DISPATCH_THREADGROUPCOUNT_ZERO, "DEVICE_DISPATCH_THREADGROUPCOUNT_ZERO",
                         kFunction, "A thread group count is 0: nothing is dispatched.");
    return;
  }
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDispatch(ddi.handle(), ThreadGroupCountX, ThreadGroupCountY, ThreadGroupCountZ);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DispatchIndirect(ID3D11Buffer* pBufferForArgs,
                                                              UINT AlignedByteOffsetForArgs) try {
  const auto contextEntryLock = lockEntry();
  if (!checkIndirectArgs(device_, "ID3D11DeviceContext::DispatchIndirect", kDispatchIndirect, pBufferForArgs,
                         AlignedByteOffsetForArgs, 3 * sizeof(UINT)))
    return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDispatchIndirect(ddi.handle(), bufferFrom(pBufferForArgs)->ddiHandle(), AlignedByteOffsetForArgs);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawInstancedIndirect(ID3D11Buffer* pBufferForArgs,
                                                                   UINT AlignedByteOffsetForArgs) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::DrawInstancedIndirect";
  if (!checkIndirectArgs(device_, kFunction, kDrawIndirect, pBufferForArgs, AlignedByteOffsetForArgs, 4 * sizeof(UINT)) ||
      !validateDraw(kFunction))
    return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDrawInstancedIndirect(ddi.handle(), bufferFrom(pBufferForArgs)->ddiHandle(), AlignedByteOffsetForArgs);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexedInstancedIndirect(ID3D11Buffer* pBufferForArgs,
                                                                          UINT AlignedByteOffsetForArgs) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::DrawIndexedInstancedIndirect";
  if (!checkIndirectArgs(device_, kFunction, kDrawIndirect, pBufferForArgs, AlignedByteOffsetForArgs, 5 * sizeof(UINT)) ||
      !validateDraw(kFunction))
    return;
  DdiDevice& ddi = driver();
  ddi.funcs().pfnDrawIndexedInstancedIndirect(ddi.handle(), bufferFrom(pBufferForArgs)->ddiHandle(),
                                              AlignedByteOffsetForArgs);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::CopyStructureCount(ID3D11Buffer* pDstBuffer, UINT DstAlignedByteOffset,
                                                                ID3D11UnorderedAccessView* pSrcView) try {
  const auto contextEntryLock = lockEntry();
  const char* kFunction = "ID3D11DeviceContext::CopyStructureCount";
  auto error = [&](D3D11_MESSAGE_ID id, const char* name, const std::string& text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name,
                         kFunction, text + " The call is ignored.");
  };
  D3D11Buffer* dst = bufferFrom(pDstBuffer);
  auto* src = static_cast<D3D11UnorderedAccessView*>(pSrcView);
  if (!dst || &dst->owner() != &device_ || dst->usage == D3D11_USAGE_IMMUTABLE)
    return error(D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDDESTINATIONSTATE,
                 "COPYSTRUCTURECOUNT_INVALIDDESTINATIONSTATE",
                 dst ? "The destination buffer is IMMUTABLE or belongs to another device." : "pDstBuffer is NULL.");
  if (DstAlignedByteOffset % 4)
    return error(D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDOFFSET, "COPYSTRUCTURECOUNT_INVALIDOFFSET",
                 "DstAlignedByteOffset (" + std::to_string(DstAlignedByteOffset) + ") is not a multiple of 4.");
  if (!fitsWithin(DstAlignedByteOffset, 4, dst->width))
    return error(D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_LARGEOFFSET, "COPYSTRUCTURECOUNT_LARGEOFFSET",
                 "The count's 4 bytes at offset " + std::to_string(DstAlignedByteOffset) + " run past the end of the " +
                     std::to_string(dst->width) + "-byte buffer.");
  if (!src || &src->resource().owner() != &device_ || !src->hasCounter())
    return error(D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDSOURCESTATE, "COPYSTRUCTURECOUNT_INVALIDSOURCESTATE",
                 src ? "The source view is not a D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER view."
                     : "pSrcView is NULL.");
  DdiDevice& ddi = driver();
  ddi.funcs().pfnCopyStructureCount(ddi.handle(), dst->ddiHandle(), DstAlignedByteOffset, src->ddiHandle());
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
