// ddi/umd/d3d12/list_entries12.cpp — the command-list table's draw, dispatch
// and state entries (fillDrawCommandListFuncs, draw12.h): IA, RS and OM state,
// the pipeline state, root signatures and their arguments, descriptor heaps.
// Thin: each checks its arguments and forwards to the list's CommandRecorder12
// (its draws and dispatches: draw12.cpp). The root-argument setters say so to
// the recorder (a draw after only those needs nothing else again).
#include "command_list12.h"
#include "command_recorder12.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "draw12.h"
#include "pipeline_state12.h"
#include "resource12.h"
#include "root_signature12.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace d3dvk::umd12 {

namespace {

CommandRecorder12* recorderOf(D3D12DDI_HCOMMANDLIST h) {
  CommandList12* list = CommandList12::from(h);
  return list ? &list->recorder : nullptr;
}

VOID APIENTRY drawInstanced(D3D12DDI_HCOMMANDLIST h, UINT count, UINT instances, UINT first, UINT firstInstance) try {
  if (CommandRecorder12* r = recorderOf(h)) r->draw(count, instances, first, firstInstance);
} D3DVK_CATCH_VOID
VOID APIENTRY drawIndexedInstanced(D3D12DDI_HCOMMANDLIST h, UINT count, UINT instances, UINT first, INT baseVertex,
                                   UINT firstInstance) try {
  if (CommandRecorder12* r = recorderOf(h)) r->drawIndexed(count, instances, first, baseVertex, firstInstance);
} D3DVK_CATCH_VOID
VOID APIENTRY dispatch(D3D12DDI_HCOMMANDLIST h, UINT x, UINT y, UINT z) try {
  if (CommandRecorder12* r = recorderOf(h)) r->dispatch(x, y, z);
} D3DVK_CATCH_VOID

VOID APIENTRY iaSetTopology(D3D12DDI_HCOMMANDLIST h, D3D12DDI_PRIMITIVE_TOPOLOGY topology) try {
  if (CommandRecorder12* r = recorderOf(h)) r->state().topology = topology;
} D3DVK_CATCH_VOID
VOID APIENTRY rsSetViewports(D3D12DDI_HCOMMANDLIST h, UINT count, const D3D12DDI_VIEWPORT* viewports) try {
  if (CommandRecorder12* r = recorderOf(h)) r->setViewports(count, viewports);
} D3DVK_CATCH_VOID
VOID APIENTRY rsSetScissorRects(D3D12DDI_HCOMMANDLIST h, UINT count, const D3D12DDI_RECT* rects) try {
  if (CommandRecorder12* r = recorderOf(h)) r->setScissorRects(count, rects);
} D3DVK_CATCH_VOID
VOID APIENTRY omSetBlendFactor(D3D12DDI_HCOMMANDLIST h, const FLOAT factor[4]) try {
  if (CommandRecorder12* r = recorderOf(h)) r->setBlendFactor(factor);
} D3DVK_CATCH_VOID
VOID APIENTRY omSetStencilRef(D3D12DDI_HCOMMANDLIST h, UINT ref) try {
  if (CommandRecorder12* r = recorderOf(h)) r->setStencilRef(ref);
} D3DVK_CATCH_VOID
VOID APIENTRY setPipelineState(D3D12DDI_HCOMMANDLIST h, D3D12DDI_HPIPELINESTATE pso) try {
  if (CommandRecorder12* r = recorderOf(h)) r->state().pipeline = PipelineState12::from(pso);
} D3DVK_CATCH_VOID
VOID APIENTRY setDescriptorHeaps(D3D12DDI_HCOMMANDLIST h, UINT count, D3D12DDI_HDESCRIPTORHEAP* heaps) try {
  // GPU descriptor handles are addresses in the heaps' storage: nothing to bind,
  // but tables are checked against the heaps' ranges (setTable).
  CommandRecorder12* r = recorderOf(h);
  if (!r) return;
  r->state().heaps[0] = r->state().heaps[1] = nullptr;
  for (UINT i = 0; i < count && i < 2 && heaps; ++i)
    if (const DescriptorHeap12* heap = DescriptorHeap12::from(heaps[i]); heap && heap->shaderVisible)
      r->state().heaps[heap->type == D3D12DDI_DESCRIPTOR_HEAP_TYPE_SAMPLER ? 1 : 0] = heap;
} D3DVK_CATCH_VOID
// Another root signature makes every root argument undefined (here: unset); setting the same one keeps them.
VOID APIENTRY setComputeRootSignature(D3D12DDI_HCOMMANDLIST h, D3D12DDI_HROOTSIGNATURE rs) try {
  CommandRecorder12* r = recorderOf(h);
  if (r && r->state().compute.signature != RootSignature12::from(rs)) r->state().compute.reset(RootSignature12::from(rs));
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRootSignature(D3D12DDI_HCOMMANDLIST h, D3D12DDI_HROOTSIGNATURE rs) try {
  CommandRecorder12* r = recorderOf(h);
  if (r && r->state().graphics.signature != RootSignature12::from(rs)) r->state().graphics.reset(RootSignature12::from(rs));
} D3DVK_CATCH_VOID

// The recorder of a Set{Graphics,Compute}Root* call, told it is one.
CommandRecorder12* rootArgumentCall(D3D12DDI_HCOMMANDLIST h) {
  CommandRecorder12* r = recorderOf(h);
  if (r) r->noteRootArgumentCall();
  return r;
}

// The parameter `index` of `args` when it has type `type`; null after fail().
RootArguments12::Parameter* parameter(CommandRecorder12& r, RootArguments12& args, UINT index, uint32_t type, const char* what) {
  if (!args.signature || index >= args.parameters.size() || args.signature->desc.parameters[index].parameterType != type) {
    r.fail(E_INVALIDARG, (std::string(what) + ": the root parameter index names no parameter of that type").c_str());
    return nullptr;
  }
  return &args.parameters[index];
}

void setTable(D3D12DDI_HCOMMANDLIST h, bool compute, UINT index, D3D12DDI_GPU_DESCRIPTOR_HANDLE base) {
  CommandRecorder12* r = rootArgumentCall(h);
  if (!r) return;
  RootArguments12& args = compute ? r->state().compute : r->state().graphics;
  auto* p = parameter(*r, args, index, rootsig::kParameterTable, "Set*RootDescriptorTable");
  if (!p) return;
  // The handle must name a descriptor of a bound heap: the table is read from
  // there, never past the heap's end (tableEntry's callers check tableEntries).
  p->table = nullptr;
  p->tableEntries = 0;
  for (const DescriptorHeap12* heap : r->state().heaps) {
    if (!heap) continue;
    const uintptr_t start = reinterpret_cast<uintptr_t>(heap->storage.get());
    if (base.ptr < start || (base.ptr - start) % kDescriptorSize || (base.ptr - start) / kDescriptorSize >= heap->count)
      continue;
    p->table = ViewDescriptor12::from(base);
    p->tableEntries = uint32_t(heap->count - (base.ptr - start) / kDescriptorSize);
    return;
  }
  r->fail(E_INVALIDARG, "Set*RootDescriptorTable: BaseDescriptor is not a descriptor of a heap set with "
                        "SetDescriptorHeaps (SET_DESCRIPTOR_TABLE_INVALID)");
}
VOID APIENTRY setComputeRootDescriptorTable(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_DESCRIPTOR_HANDLE b) try {
  setTable(h, true, i, b);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRootDescriptorTable(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_DESCRIPTOR_HANDLE b) try {
  setTable(h, false, i, b);
} D3DVK_CATCH_VOID

void setConstants(D3D12DDI_HCOMMANDLIST h, bool compute, UINT index, UINT count, const void* data, UINT offset) {
  CommandRecorder12* r = rootArgumentCall(h);
  if (!r) return;
  RootArguments12& args = compute ? r->state().compute : r->state().graphics;
  if (!parameter(*r, args, index, rootsig::kParameterConstants, "Set*Root32BitConstants")) return;
  const uint32_t values = args.signature->desc.parameters[index].num32BitValues;
  if (uint64_t(offset) + count > values || (count && !data))
    return r->fail(E_INVALIDARG, "Set*Root32BitConstants writes past the parameter's Num32BitValues");
  if (count) std::memcpy(args.constants.data() + args.signature->constantsOffset[index] + offset, data, size_t(count) * 4);
}
VOID APIENTRY setComputeRoot32BitConstant(D3D12DDI_HCOMMANDLIST h, UINT i, UINT v, UINT o) try {
  setConstants(h, true, i, 1, &v, o);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRoot32BitConstant(D3D12DDI_HCOMMANDLIST h, UINT i, UINT v, UINT o) try {
  setConstants(h, false, i, 1, &v, o);
} D3DVK_CATCH_VOID
VOID APIENTRY setComputeRoot32BitConstants(D3D12DDI_HCOMMANDLIST h, UINT i, UINT n, const void* d, UINT o) try {
  setConstants(h, true, i, n, d, o);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRoot32BitConstants(D3D12DDI_HCOMMANDLIST h, UINT i, UINT n, const void* d, UINT o) try {
  setConstants(h, false, i, n, d, o);
} D3DVK_CATCH_VOID

void setRootView(D3D12DDI_HCOMMANDLIST h, bool compute, UINT index, uint32_t type, D3D12DDI_GPU_VIRTUAL_ADDRESS va) {
  CommandRecorder12* r = rootArgumentCall(h);
  if (!r) return;
  RootArguments12& args = compute ? r->state().compute : r->state().graphics;
  if (auto* p = parameter(*r, args, index, type, "Set*Root{Constant,Shader,Unordered}*View")) p->va = va;
}
VOID APIENTRY setComputeRootCbv(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, true, i, rootsig::kParameterCbv, va);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRootCbv(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, false, i, rootsig::kParameterCbv, va);
} D3DVK_CATCH_VOID
VOID APIENTRY setComputeRootSrv(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, true, i, rootsig::kParameterSrv, va);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRootSrv(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, false, i, rootsig::kParameterSrv, va);
} D3DVK_CATCH_VOID
VOID APIENTRY setComputeRootUav(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, true, i, rootsig::kParameterUav, va);
} D3DVK_CATCH_VOID
VOID APIENTRY setGraphicsRootUav(D3D12DDI_HCOMMANDLIST h, UINT i, D3D12DDI_GPU_VIRTUAL_ADDRESS va) try {
  setRootView(h, false, i, rootsig::kParameterUav, va);
} D3DVK_CATCH_VOID

VOID APIENTRY iaSetIndexBuffer(D3D12DDI_HCOMMANDLIST h, const D3D12DDI_INDEX_BUFFER_VIEW* view) try {
  CommandRecorder12* r = recorderOf(h);
  if (!r) return;
  DrawState12::IndexBuffer& ib = r->state().indexBuffer;
  ib = {};
  if (!view || !view->BufferLocation) return;
  if (view->Format != DXGI_FORMAT_R16_UINT && view->Format != DXGI_FORMAT_R32_UINT)
    return r->fail(E_INVALIDARG, "IASetIndexBuffer: Format must be R16_UINT or R32_UINT");
  UINT64 offset = 0;
  Resource12* buffer = CommandList12::from(h)->device->bufferAt(view->BufferLocation, &offset);
  if (!buffer) return r->fail(E_INVALIDARG, "IASetIndexBuffer: BufferLocation names no live buffer");
  ib = {buffer, offset, view->SizeInBytes, view->Format};
} D3DVK_CATCH_VOID

VOID APIENTRY iaSetVertexBuffers(D3D12DDI_HCOMMANDLIST h, UINT start, UINT count, const D3D12DDI_VERTEX_BUFFER_VIEW* views) try {
  CommandRecorder12* r = recorderOf(h);
  if (!r) return;
  if (uint64_t(start) + count > 32) return r->fail(E_INVALIDARG, "IASetVertexBuffers: slots past 31");
  for (UINT i = 0; i < count; ++i) {
    DrawState12::VertexBuffer& vb = r->state().vertexBuffers[start + i];
    vb = {};
    if (!views || !views[i].BufferLocation) continue;
    UINT64 offset = 0;
    Resource12* buffer = CommandList12::from(h)->device->bufferAt(views[i].BufferLocation, &offset);
    if (!buffer) return r->fail(E_INVALIDARG, "IASetVertexBuffers: a BufferLocation names no live buffer");
    const UINT size = UINT(std::min<UINT64>(views[i].SizeInBytes, buffer->desc.Width - offset));
    vb = {buffer, offset, size, views[i].StrideInBytes};
  }
} D3DVK_CATCH_VOID

VOID APIENTRY omSetRenderTargets(D3D12DDI_HCOMMANDLIST h, UINT count, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* rtvs,
                                 BOOL singleRange, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* dsv) try {
  if (CommandRecorder12* r = recorderOf(h)) r->setRenderTargets(count, rtvs, singleRange, dsv);
} D3DVK_CATCH_VOID

VOID APIENTRY clearRootArguments(D3D12DDI_HCOMMANDLIST h) try {
  CommandRecorder12* r = recorderOf(h);
  if (!r) return;
  r->state().graphics.reset(nullptr);
  r->state().compute.reset(nullptr);
} D3DVK_CATCH_VOID

}  // namespace

void fillDrawCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
  f.pfnDrawInstanced = &drawInstanced;
  f.pfnDrawIndexedInstanced = &drawIndexedInstanced;
  f.pfnDispatch = &dispatch;
  f.pfnIaSetTopology = &iaSetTopology;
  f.pfnRsSetViewports = &rsSetViewports;
  f.pfnRsSetScissorRects = &rsSetScissorRects;
  f.pfnOmSetBlendFactor = &omSetBlendFactor;
  f.pfnOmSetStencilRef = &omSetStencilRef;
  f.pfnSetPipelineState = &setPipelineState;
  f.pfnSetDescriptorHeaps = &setDescriptorHeaps;
  f.pfnSetComputeRootSignature = &setComputeRootSignature;
  f.pfnSetGraphicsRootSignature = &setGraphicsRootSignature;
  f.pfnSetComputeRootDescriptorTable = &setComputeRootDescriptorTable;
  f.pfnSetGraphicsRootDescriptorTable = &setGraphicsRootDescriptorTable;
  f.pfnSetComputeRoot32BitConstant = &setComputeRoot32BitConstant;
  f.pfnSetGraphicsRoot32BitConstant = &setGraphicsRoot32BitConstant;
  f.pfnSetComputeRoot32BitConstants = &setComputeRoot32BitConstants;
  f.pfnSetGraphicsRoot32BitConstants = &setGraphicsRoot32BitConstants;
  f.pfnSetComputeRootConstantBufferView = &setComputeRootCbv;
  f.pfnSetGraphicsRootConstantBufferView = &setGraphicsRootCbv;
  f.pfnSetComputeRootShaderResourceView = &setComputeRootSrv;
  f.pfnSetGraphicsRootShaderResourceView = &setGraphicsRootSrv;
  f.pfnSetComputeRootUnorderedAccessView = &setComputeRootUav;
  f.pfnSetGraphicsRootUnorderedAccessView = &setGraphicsRootUav;
  f.pfnIASetIndexBuffer = &iaSetIndexBuffer;
  f.pfnIASetVertexBuffers = &iaSetVertexBuffers;
  f.pfnOMSetRenderTargets = &omSetRenderTargets;
  f.pfnClearRootArguments = &clearRootArguments;
}

}  // namespace d3dvk::umd12
