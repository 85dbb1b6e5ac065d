// runtime/d3d12/d3d12_command_list_draw.cpp — the draw path of
// ID3D12GraphicsCommandList: IA/RS/OM state, SetPipelineState, root signatures
// and root arguments, SetDescriptorHeaps, DrawInstanced, DrawIndexedInstanced,
// Dispatch and ExecuteIndirect, each checked (a closed list; a null or foreign
// object; more views than D3D12 has slots; render-target handles outside an
// RTV/DSV heap; at draw time a pipeline state of the kind and a root signature
// of the pipeline state's layout; ExecuteIndirect's buffers against the
// command signature) and handed to the UMD's command-list table. The UMD
// checks what needs the recorded state (formats against the PSO, root
// parameter types, descriptors) and fails the list's Close with the reason.
#include "d3d12_command_list.h"
#include "d3d12_command_signature.h"
#include "d3d12_descriptor_heap.h"
#include "d3d12_pipeline_state.h"
#include "d3d12_resource.h"
#include "d3d12_root_signature.h"
#include "d3dvk_checked_math.h"
#include "raw_enum.h"

#include <algorithm>
#include <array>

namespace d3dvk::runtime {

bool D3D12CommandList::drawStateValid(const char* method, bool compute) {
  // A draw or dispatch without a pipeline state or root signature is undefined
  // in D3D12 (the debug layer's error, not the core runtime's): it is dropped
  // with the message, and the list still closes.
  D3D12RootSignature* set = compute ? computeRootSignature_ : graphicsRootSignature_;
  if (!pipelineState_ || pipelineState_->isCompute() != compute) {
    message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_PIPELINE_STATE_NOT_SET),
            compute ? "Dispatch without a compute pipeline state (SetPipelineState); the dispatch is dropped"
                    : "a draw without a graphics pipeline state (SetPipelineState); the draw is dropped");
    return false;
  }
  if (!set) {
    if (compute)
      message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET),
              "Dispatch without a compute root signature (SetComputeRootSignature); the dispatch is dropped");
    else
      message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET),
              "a draw without a graphics root signature (SetGraphicsRootSignature); the draw is dropped");
    return false;
  }
  D3D12RootSignature* expected = pipelineState_->rootSignature();
  if (expected && expected != set && !(expected->desc() == set->desc())) {
    const char* text = "the root signature set on the list is not the one the pipeline state was created with (nor "
                       "one of the same layout)";
    if (compute) invalid(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_MISMATCH), text);
    else invalid(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_DRAW_ROOT_SIGNATURE_MISMATCH), text);
    return false;
  }
  return true;
}

void STDMETHODCALLTYPE D3D12CommandList::DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount,
                                                       UINT StartVertexLocation, UINT StartInstanceLocation) try {
  if (isBundle()) return capture("DrawInstanced", [=](D3D12CommandList& l) { l.DrawInstanced(VertexCountPerInstance, InstanceCount, StartVertexLocation, StartInstanceLocation); });
  if (!recording("DrawInstanced") || !drawStateValid("DrawInstanced", false)) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnDrawInstanced(ddiHandle(), VertexCountPerInstance, InstanceCount, StartVertexLocation, StartInstanceLocation);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount,
                                                              UINT StartIndexLocation, INT BaseVertexLocation,
                                                              UINT StartInstanceLocation) try {
  if (isBundle()) return capture("DrawIndexedInstanced", [=](D3D12CommandList& l) { l.DrawIndexedInstanced(IndexCountPerInstance, InstanceCount, StartIndexLocation, BaseVertexLocation, StartInstanceLocation); });
  if (!recording("DrawIndexedInstanced") || !drawStateValid("DrawIndexedInstanced", false)) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnDrawIndexedInstanced(ddiHandle(), IndexCountPerInstance, InstanceCount, StartIndexLocation, BaseVertexLocation,
                              StartInstanceLocation);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) try {
  if (isBundle()) return capture("Dispatch", [=](D3D12CommandList& l) { l.Dispatch(ThreadGroupCountX, ThreadGroupCountY, ThreadGroupCountZ); });
  const char* method = "Dispatch";
  if (!recording(method)) return;
  if (ThreadGroupCountX > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION ||
      ThreadGroupCountY > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION ||
      ThreadGroupCountZ > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)
    return invalid(method, "a thread-group count is above 65535");
  if (!drawStateValid(method, true)) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnDispatch(ddiHandle(), ThreadGroupCountX, ThreadGroupCountY, ThreadGroupCountZ);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::ExecuteIndirect(ID3D12CommandSignature* pCommandSignature, UINT MaxCommandCount,
                                                         ID3D12Resource* pArgumentBuffer, UINT64 ArgumentBufferOffset,
                                                         ID3D12Resource* pCountBuffer, UINT64 CountBufferOffset) try {
  if (isBundle()) return capture("ExecuteIndirect", [=](D3D12CommandList& l) { l.ExecuteIndirect(pCommandSignature, MaxCommandCount, pArgumentBuffer, ArgumentBufferOffset, pCountBuffer, CountBufferOffset); });
  const char* method = "ExecuteIndirect";
  if (!recording(method)) return;
  auto refuse = [&](const std::string& why) {
    invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_INDIRECT_INVALID_PARAMETERS), why);
  };
  auto* signature = D3D12CommandSignature::from(pCommandSignature);
  auto* arguments = D3D12Resource::from(pArgumentBuffer);
  auto* count = D3D12Resource::from(pCountBuffer);
  if (!signature) return refuse("pCommandSignature is null");
  if (!arguments || !arguments->isBuffer()) return refuse("pArgumentBuffer is not a buffer");
  if (pCountBuffer && !count->isBuffer()) return refuse("pCountBuffer is not a buffer");
  if (ArgumentBufferOffset % 4) return refuse("ArgumentBufferOffset is not a multiple of 4");
  if (pCountBuffer && CountBufferOffset % 4) return refuse("CountBufferOffset is not a multiple of 4");
  if (MaxCommandCount &&
      (ArgumentBufferOffset + UINT64(MaxCommandCount - 1) * signature->byteStride() + signature->commandBytes() >
           arguments->desc().Width ||
       ArgumentBufferOffset > arguments->desc().Width))
    return refuse("MaxCommandCount commands of ByteStride " + std::to_string(signature->byteStride()) +
                  " from ArgumentBufferOffset reach past the argument buffer");
  if (pCountBuffer && (CountBufferOffset > count->desc().Width || count->desc().Width - CountBufferOffset < 4))
    return refuse("the count (a UINT at CountBufferOffset) is past the count buffer");
  const bool dispatch = signature->commandType() == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
  if (type_ == D3D12_COMMAND_LIST_TYPE_COPY || (!dispatch && type_ != D3D12_COMMAND_LIST_TYPE_DIRECT))
    return refuse(dispatch ? "copy command lists do not dispatch" : "only direct command lists draw");
  if (!drawStateValid(method, dispatch)) return;
  D3D12DDIARG_BUFFER_PLACEMENT args{}, counts{};
  args.BaseAddress.UMD = {arguments->ddiHandle(), ArgumentBufferOffset};
  if (count) counts.BaseAddress.UMD = {count->ddiHandle(), CountBufferOffset};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnExecuteIndirect(ddiHandle(), signature->ddiHandle(), MaxCommandCount, args, counts);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY PrimitiveTopology) try {
  if (isBundle()) return capture("IASetPrimitiveTopology", [=](D3D12CommandList& l) { l.IASetPrimitiveTopology(PrimitiveTopology); });
  const char* method = "IASetPrimitiveTopology";
  if (!recording(method)) return;
  // D3D_PRIMITIVE_TOPOLOGY: UNDEFINED, the lists and strips (1–5, 10–13), 1..32 control-point patch lists (33–64).
  const int topology = rawEnum(PrimitiveTopology);
  if (!((topology >= 0 && topology <= 5) || (topology >= 10 && topology <= 13) || (topology >= 33 && topology <= 64)))
    return invalid(method, "PrimitiveTopology " + std::to_string(topology) + " is not a D3D_PRIMITIVE_TOPOLOGY");
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnIaSetTopology(ddiHandle(), D3D12DDI_PRIMITIVE_TOPOLOGY(PrimitiveTopology));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::RSSetViewports(UINT NumViewports, const D3D12_VIEWPORT* pViewports) try {
  const char* method = "RSSetViewports";
  if (!recording(method)) return;
  if (NumViewports > D3D12_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumViewports && !pViewports))
    return invalid(method, "more than 16 viewports, or pViewports is null");
  // D3D12's bounds: corners within [-32768, 32767], no negative (or NaN) extent, depths within [0, 1].
  for (UINT i = 0; i < NumViewports; ++i) {
    const D3D12_VIEWPORT& v = pViewports[i];
    const auto inBounds = [](float x) { return x >= D3D12_VIEWPORT_BOUNDS_MIN && x <= D3D12_VIEWPORT_BOUNDS_MAX; };
    if (!inBounds(v.TopLeftX) || !inBounds(v.TopLeftY) || !(v.Width >= 0) || !(v.Height >= 0) ||
        !inBounds(v.TopLeftX + v.Width) || !inBounds(v.TopLeftY + v.Height) || !(v.MinDepth >= 0 && v.MinDepth <= 1) ||
        !(v.MaxDepth >= 0 && v.MaxDepth <= 1))
      return invalid(method, "viewport " + std::to_string(i) +
                                 " is outside D3D12's bounds ([-32768, 32767], a non-negative extent, depths in [0, 1])");
  }
  static_assert(sizeof(D3D12_VIEWPORT) == sizeof(D3D12DDI_VIEWPORT));
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnRsSetViewports(ddiHandle(), NumViewports, reinterpret_cast<const D3D12DDI_VIEWPORT*>(pViewports));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::RSSetScissorRects(UINT NumRects, const D3D12_RECT* pRects) try {
  const char* method = "RSSetScissorRects";
  if (!recording(method)) return;
  if (NumRects > D3D12_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumRects && !pRects))
    return invalid(method, "more than 16 rects, or pRects is null");
  // Coordinates beyond D3D12's viewport bounds select nothing more: the driver
  // gets them clamped to [-32768, 32767], so its extents cannot overflow.
  D3D12_RECT rects[D3D12_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
  for (UINT i = 0; i < NumRects; ++i) {
    const auto clamp = [](LONG v) { return std::clamp<LONG>(v, D3D12_VIEWPORT_BOUNDS_MIN, D3D12_VIEWPORT_BOUNDS_MAX); };
    rects[i] = {clamp(pRects[i].left), clamp(pRects[i].top), clamp(pRects[i].right), clamp(pRects[i].bottom)};
  }
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnRsSetScissorRects(ddiHandle(), NumRects, rects); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetBlendFactor(const FLOAT BlendFactor[4]) try {
  if (isBundle()) {
    std::array<FLOAT, 4> factor{};
    if (BlendFactor) std::copy(BlendFactor, BlendFactor + 4, factor.begin());
    const bool null = !BlendFactor;
    return capture("OMSetBlendFactor", [=](D3D12CommandList& l) { l.OMSetBlendFactor(null ? nullptr : factor.data()); });
  }
  if (!recording("OMSetBlendFactor")) return;
  const FLOAT ones[4] = {1, 1, 1, 1};  // D3D12: null sets {1, 1, 1, 1}
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnOmSetBlendFactor(ddiHandle(), BlendFactor ? BlendFactor : ones);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetStencilRef(UINT StencilRef) try {
  if (isBundle()) return capture("OMSetStencilRef", [=](D3D12CommandList& l) { l.OMSetStencilRef(StencilRef); });
  if (!recording("OMSetStencilRef")) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnOmSetStencilRef(ddiHandle(), StencilRef); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetPipelineState(ID3D12PipelineState* pPipelineState) try {
  if (isBundle()) {
    // Bundles share the list's pipeline state: what one sets stays set after it (D3D12).
    if (!pPipelineState && open_)
      return invalid("SetPipelineState", D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER1), "pPipelineState is null");
    return capture("SetPipelineState", [=](D3D12CommandList& l) { l.SetPipelineState(pPipelineState); });
  }
  const char* method = "SetPipelineState";
  if (!recording(method)) return;
  if (!pPipelineState) return invalid(method, D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER1), "pPipelineState is null");
  pipelineState_ = D3D12PipelineState::from(pPipelineState);
  // The list keeps no reference: D3D12 makes the application keep the PSO alive until the list ran.
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetPipelineState(ddiHandle(), D3D12PipelineState::from(pPipelineState)->ddiHandle());
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetDescriptorHeaps(UINT NumDescriptorHeaps,
                                                            ID3D12DescriptorHeap* const* ppDescriptorHeaps) try {
  if (isBundle()) {
    std::vector<ID3D12DescriptorHeap*> heaps;
    if (ppDescriptorHeaps) heaps.assign(ppDescriptorHeaps, ppDescriptorHeaps + std::min<UINT>(NumDescriptorHeaps, 2));
    return capture("SetDescriptorHeaps", [=](D3D12CommandList& l) { l.bundleSetDescriptorHeaps(NumDescriptorHeaps, heaps); });
  }
  const char* method = "SetDescriptorHeaps";
  if (!recording(method)) return;
  if (NumDescriptorHeaps > 2 || (NumDescriptorHeaps && !ppDescriptorHeaps))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_HEAP_INVALID), "at most one CBV/SRV/UAV and one sampler heap");
  BoundHeap bound[2];
  D3D12DDI_HDESCRIPTORHEAP handles[2]{};
  for (UINT i = 0; i < NumDescriptorHeaps; ++i) {
    auto* heap = D3D12DescriptorHeap::from(ppDescriptorHeaps[i]);
    if (!heap) return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_HEAP_INVALID), "a heap is null");
    const D3D12_DESCRIPTOR_HEAP_DESC& d = heap->desc();
    const int slot = d.Type == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV ? 0 : d.Type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER ? 1 : -1;
    if (slot < 0 || !(d.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_HEAP_INVALID),
                     "heap " + std::to_string(i) + " is not a shader-visible CBV/SRV/UAV or sampler heap");
    if (bound[slot].heap)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_HEAP_INVALID), "two heaps of one type");
    bound[slot] = {heap, heap->gpuStart(), d.NumDescriptors};
    handles[i] = heap->ddiHandle();
  }
  // The list keeps the heaps until it is reset or released: the driver reads
  // descriptor tables from them when the list executes.
  for (const BoundHeap& b : bound)
    if (b.heap) {
      b.heap->AddRef();
      heldHeaps_.push_back(b.heap);
    }
  boundHeaps_[0] = bound[0];
  boundHeaps_[1] = bound[1];
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetDescriptorHeaps(ddiHandle(), NumDescriptorHeaps, NumDescriptorHeaps ? handles : nullptr);
  });
} D3DVK_CATCH_VOID

bool D3D12CommandList::tableValid(const char* method, bool compute, UINT index, UINT64 base) {
  const D3D12RootSignature* rs = compute ? computeRootSignature_ : graphicsRootSignature_;
  // Without a root signature, or a parameter of another type, the driver refuses the call.
  if (!rs || index >= rs->desc().parameters.size()) return true;
  const rootsig::RootParameter& p = rs->desc().parameters[index];
  if (p.parameterType != rootsig::kParameterTable || p.ranges.empty()) return true;
  const bool samplers = p.ranges[0].rangeType == rootsig::kRangeSampler;
  // The descriptors the table spans from its start (an unbounded range: at least its first).
  uint64_t span = 0, next = 0;
  for (const rootsig::DescriptorRange& r : p.ranges) {
    const uint64_t first = r.offsetInDescriptorsFromTableStart == rootsig::kOffsetAppend ? next
                                                                                        : r.offsetInDescriptorsFromTableStart;
    const uint64_t count = r.numDescriptors == rootsig::kUnboundedDescriptors ? 1 : r.numDescriptors;
    next = first + count;
    span = std::max(span, next);
  }
  const BoundHeap& heap = boundHeaps_[samplers ? 1 : 0];
  const char* kind = samplers ? "sampler" : "CBV/SRV/UAV";
  std::string why;
  if (!heap.heap) {
    why = std::string("no shader-visible ") + kind + " heap is set (SetDescriptorHeaps) for the table";
  } else {
    const UINT64 increment = device()->GetDescriptorHandleIncrementSize(heap.heap->desc().Type);
    const UINT64 offset = base - heap.gpuStart;
    if (base < heap.gpuStart || offset % increment || offset / increment >= heap.count)
      why = "BaseDescriptor " + std::to_string(base) + " is not a descriptor of the bound " + kind + " heap";
    else if (!fitsWithin(offset / increment, span, heap.count))
      why = "the table (" + std::to_string(span) + " descriptors from descriptor " + std::to_string(offset / increment) +
            ") runs past the end of the bound " + kind + " heap (" + std::to_string(heap.count) + " descriptors)";
  }
  if (why.empty()) return true;
  invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_TABLE_INVALID),
          "root parameter " + std::to_string(index) + ": " + why);
  return false;
}

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootSignature(ID3D12RootSignature* pRootSignature) try {
  if (isBundle()) return capture("SetComputeRootSignature", [=](D3D12CommandList& l) { l.SetComputeRootSignature(pRootSignature); });
  if (!recording("SetComputeRootSignature")) return;
  computeRootSignature_ = D3D12RootSignature::from(pRootSignature);
  const D3D12DDI_HROOTSIGNATURE h = pRootSignature ? D3D12RootSignature::from(pRootSignature)->ddiHandle() : D3D12DDI_HROOTSIGNATURE{};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnSetComputeRootSignature(ddiHandle(), h); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootSignature(ID3D12RootSignature* pRootSignature) try {
  if (isBundle()) return capture("SetGraphicsRootSignature", [=](D3D12CommandList& l) { l.SetGraphicsRootSignature(pRootSignature); });
  if (!recording("SetGraphicsRootSignature")) return;
  graphicsRootSignature_ = D3D12RootSignature::from(pRootSignature);
  const D3D12DDI_HROOTSIGNATURE h = pRootSignature ? D3D12RootSignature::from(pRootSignature)->ddiHandle() : D3D12DDI_HROOTSIGNATURE{};
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnSetGraphicsRootSignature(ddiHandle(), h); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRootDescriptorTable(UINT RootParameterIndex,
                                                                       D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) try {
  if (isBundle()) return capture("SetComputeRootDescriptorTable", [=](D3D12CommandList& l) { l.SetComputeRootDescriptorTable(RootParameterIndex, BaseDescriptor); });
  const char* method = "SetComputeRootDescriptorTable";
  if (!recording(method) || !tableValid(method, true, RootParameterIndex, BaseDescriptor.ptr)) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetComputeRootDescriptorTable(ddiHandle(), RootParameterIndex, {BaseDescriptor.ptr});
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRootDescriptorTable(UINT RootParameterIndex,
                                                                        D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) try {
  if (isBundle()) return capture("SetGraphicsRootDescriptorTable", [=](D3D12CommandList& l) { l.SetGraphicsRootDescriptorTable(RootParameterIndex, BaseDescriptor); });
  const char* method = "SetGraphicsRootDescriptorTable";
  if (!recording(method) || !tableValid(method, false, RootParameterIndex, BaseDescriptor.ptr)) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetGraphicsRootDescriptorTable(ddiHandle(), RootParameterIndex, {BaseDescriptor.ptr});
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRoot32BitConstant(UINT RootParameterIndex, UINT SrcData,
                                                                     UINT DestOffsetIn32BitValues) try {
  if (isBundle()) return capture("SetComputeRoot32BitConstant", [=](D3D12CommandList& l) { l.SetComputeRoot32BitConstant(RootParameterIndex, SrcData, DestOffsetIn32BitValues); });
  if (!recording("SetComputeRoot32BitConstant")) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetComputeRoot32BitConstant(ddiHandle(), RootParameterIndex, SrcData, DestOffsetIn32BitValues);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRoot32BitConstant(UINT RootParameterIndex, UINT SrcData,
                                                                      UINT DestOffsetIn32BitValues) try {
  if (isBundle()) return capture("SetGraphicsRoot32BitConstant", [=](D3D12CommandList& l) { l.SetGraphicsRoot32BitConstant(RootParameterIndex, SrcData, DestOffsetIn32BitValues); });
  if (!recording("SetGraphicsRoot32BitConstant")) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetGraphicsRoot32BitConstant(ddiHandle(), RootParameterIndex, SrcData, DestOffsetIn32BitValues);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetComputeRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet,
                                                                      const void* pSrcData, UINT DestOffsetIn32BitValues) try {
  if (isBundle()) {
    std::vector<UINT> values;
    if (pSrcData) values.assign(static_cast<const UINT*>(pSrcData), static_cast<const UINT*>(pSrcData) + Num32BitValuesToSet);
    const bool null = !pSrcData;
    return capture("SetComputeRoot32BitConstants", [=](D3D12CommandList& l) {
      l.SetComputeRoot32BitConstants(RootParameterIndex, Num32BitValuesToSet, null ? nullptr : values.data(), DestOffsetIn32BitValues);
    });
  }
  if (!recording("SetComputeRoot32BitConstants")) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetComputeRoot32BitConstants(ddiHandle(), RootParameterIndex, Num32BitValuesToSet, pSrcData, DestOffsetIn32BitValues);
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::SetGraphicsRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet,
                                                                       const void* pSrcData, UINT DestOffsetIn32BitValues) try {
  if (isBundle()) {
    std::vector<UINT> values;
    if (pSrcData) values.assign(static_cast<const UINT*>(pSrcData), static_cast<const UINT*>(pSrcData) + Num32BitValuesToSet);
    const bool null = !pSrcData;
    return capture("SetGraphicsRoot32BitConstants", [=](D3D12CommandList& l) {
      l.SetGraphicsRoot32BitConstants(RootParameterIndex, Num32BitValuesToSet, null ? nullptr : values.data(), DestOffsetIn32BitValues);
    });
  }
  if (!recording("SetGraphicsRoot32BitConstants")) return;
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSetGraphicsRoot32BitConstants(ddiHandle(), RootParameterIndex, Num32BitValuesToSet, pSrcData, DestOffsetIn32BitValues);
  });
} D3DVK_CATCH_VOID

#define D3DVK_ROOT_VIEW(Method, Slot)                                                                        \
  void STDMETHODCALLTYPE D3D12CommandList::Method(UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) try { \
    if (isBundle()) return capture(#Method, [=](D3D12CommandList& l) { l.Method(RootParameterIndex, BufferLocation); }); \
    if (!recording(#Method)) return;                                                                         \
    ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.Slot(ddiHandle(), RootParameterIndex, BufferLocation); }); \
  } D3DVK_CATCH_VOID
D3DVK_ROOT_VIEW(SetComputeRootConstantBufferView, pfnSetComputeRootConstantBufferView)
D3DVK_ROOT_VIEW(SetGraphicsRootConstantBufferView, pfnSetGraphicsRootConstantBufferView)
D3DVK_ROOT_VIEW(SetComputeRootShaderResourceView, pfnSetComputeRootShaderResourceView)
D3DVK_ROOT_VIEW(SetGraphicsRootShaderResourceView, pfnSetGraphicsRootShaderResourceView)
D3DVK_ROOT_VIEW(SetComputeRootUnorderedAccessView, pfnSetComputeRootUnorderedAccessView)
D3DVK_ROOT_VIEW(SetGraphicsRootUnorderedAccessView, pfnSetGraphicsRootUnorderedAccessView)
#undef D3DVK_ROOT_VIEW

void STDMETHODCALLTYPE D3D12CommandList::IASetIndexBuffer(const D3D12_INDEX_BUFFER_VIEW* pView) try {
  if (isBundle()) {
    D3D12_INDEX_BUFFER_VIEW view{};
    if (pView) view = *pView;
    const bool null = !pView;
    return capture("IASetIndexBuffer", [=](D3D12CommandList& l) { l.IASetIndexBuffer(null ? nullptr : &view); });
  }
  const char* method = "IASetIndexBuffer";
  if (!recording(method)) return;
  // Indices are read at their own alignment.
  if (pView && pView->BufferLocation && pView->BufferLocation % (rawEnum(pView->Format) == DXGI_FORMAT_R16_UINT ? 2 : 4))
    return invalid(method, "BufferLocation is not a multiple of the index size");
  static_assert(sizeof(D3D12_INDEX_BUFFER_VIEW) == sizeof(D3D12DDI_INDEX_BUFFER_VIEW));
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnIASetIndexBuffer(ddiHandle(), reinterpret_cast<const D3D12DDI_INDEX_BUFFER_VIEW*>(pView));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::IASetVertexBuffers(UINT StartSlot, UINT NumViews,
                                                            const D3D12_VERTEX_BUFFER_VIEW* pViews) try {
  if (isBundle()) {
    std::vector<D3D12_VERTEX_BUFFER_VIEW> views;
    if (!fitsWithin(StartSlot, NumViews, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT) && open_)
      return invalid("IASetVertexBuffers", "StartSlot + NumViews is past the 32 input slots");
    if (pViews) views.assign(pViews, pViews + std::min<UINT>(NumViews, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT));
    const bool null = !pViews;
    return capture("IASetVertexBuffers", [=](D3D12CommandList& l) {
      l.IASetVertexBuffers(StartSlot, null ? NumViews : UINT(views.size()), null ? nullptr : views.data());
    });
  }
  const char* method = "IASetVertexBuffers";
  if (!recording(method)) return;
  if (!fitsWithin(StartSlot, NumViews, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT))
    return invalid(method, "StartSlot + NumViews is past the 32 input slots");
  for (UINT i = 0; pViews && i < NumViews; ++i)
    if (pViews[i].StrideInBytes > D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)
      return invalid(method, "view " + std::to_string(i) + "'s StrideInBytes " + std::to_string(pViews[i].StrideInBytes) +
                                 " is more than a vertex's 2048 bytes");
  static_assert(sizeof(D3D12_VERTEX_BUFFER_VIEW) == sizeof(D3D12DDI_VERTEX_BUFFER_VIEW));
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnIASetVertexBuffers(ddiHandle(), StartSlot, NumViews, reinterpret_cast<const D3D12DDI_VERTEX_BUFFER_VIEW*>(pViews));
  });
} D3DVK_CATCH_VOID

// Stream-output targets: slots StartSlot.. (at most 4), a null pViews unbinding
// them; a view whose BufferLocation or SizeInBytes is 0 is NULL (its slot's
// data is dropped). The driver finds the buffers by their GPU addresses.
void STDMETHODCALLTYPE D3D12CommandList::SOSetTargets(UINT StartSlot, UINT NumViews,
                                                      const D3D12_STREAM_OUTPUT_BUFFER_VIEW* pViews) try {
  const char* method = "SOSetTargets";
  if (!recording(method) || isBundle()) return;  // refused in bundles (recording says so)
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT)
    return invalid(method, "stream-output targets are set on direct command lists only");
  if (!fitsWithin(StartSlot, NumViews, D3D12_SO_BUFFER_SLOT_COUNT))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_STREAM_OUTPUT_BUFFERS_INVALID),
                   "StartSlot + NumViews is past the 4 stream-output slots");
  for (UINT i = 0; pViews && i < NumViews; ++i) {
    const D3D12_STREAM_OUTPUT_BUFFER_VIEW& v = pViews[i];
    if (!v.BufferLocation || !v.SizeInBytes) continue;
    if (!v.BufferFilledSizeLocation)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_STREAM_OUTPUT_BUFFERS_INVALID_DESC),
                     "view " + std::to_string(i) + " has no BufferFilledSizeLocation");
    if (v.BufferLocation % 4 || v.SizeInBytes % 4 || v.BufferFilledSizeLocation % 4)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_STREAM_OUTPUT_BUFFERS_INVALID_DESC),
                     "view " + std::to_string(i) + "'s BufferLocation, SizeInBytes or BufferFilledSizeLocation is not a "
                     "multiple of 4");
  }
  static_assert(sizeof(D3D12_STREAM_OUTPUT_BUFFER_VIEW) == sizeof(D3D12DDI_STREAM_OUTPUT_BUFFER_VIEW));
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnSOSetTargets(ddiHandle(), StartSlot, NumViews, reinterpret_cast<const D3D12DDI_STREAM_OUTPUT_BUFFER_VIEW*>(pViews));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12CommandList::OMSetRenderTargets(UINT NumRenderTargetDescriptors,
                                                            const D3D12_CPU_DESCRIPTOR_HANDLE* pRenderTargetDescriptors,
                                                            BOOL RTsSingleHandleToDescriptorRange,
                                                            const D3D12_CPU_DESCRIPTOR_HANDLE* pDepthStencilDescriptor) try {
  const char* method = "OMSetRenderTargets";
  if (!recording(method)) return;
  if (NumRenderTargetDescriptors > D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT ||
      (NumRenderTargetDescriptors && !pRenderTargetDescriptors))
    return invalid(method, "more than 8 render targets, or pRenderTargetDescriptors is null");
  const SIZE_T increment = device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  for (UINT i = 0; i < NumRenderTargetDescriptors; ++i) {
    const SIZE_T h = RTsSingleHandleToDescriptorRange ? pRenderTargetDescriptors[0].ptr + i * increment
                                                      : pRenderTargetDescriptors[i].ptr;
    if (!device()->descriptorInHeap(h, D3D12_DESCRIPTOR_HEAP_TYPE_RTV))
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(INVALID_DESCRIPTOR_HANDLE),
                     "render-target descriptor " + std::to_string(i) + " is not in an RTV heap");
  }
  if (pDepthStencilDescriptor && !device()->descriptorInHeap(pDepthStencilDescriptor->ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(INVALID_DESCRIPTOR_HANDLE), "the depth-stencil descriptor is not in a DSV heap");
  static_assert(sizeof(D3D12_CPU_DESCRIPTOR_HANDLE) == sizeof(D3D12DDI_CPU_DESCRIPTOR_HANDLE));
  ddiCall([&](const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
    f.pfnOMSetRenderTargets(ddiHandle(), NumRenderTargetDescriptors,
                            reinterpret_cast<const D3D12DDI_CPU_DESCRIPTOR_HANDLE*>(pRenderTargetDescriptors),
                            RTsSingleHandleToDescriptorRange,
                            reinterpret_cast<const D3D12DDI_CPU_DESCRIPTOR_HANDLE*>(pDepthStencilDescriptor));
  });
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
