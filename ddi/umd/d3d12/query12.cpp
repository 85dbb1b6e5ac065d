// ddi/umd/d3d12/query12.cpp — see query12.h.
#include "query12.h"

#include "command_list12.h"
#include "dxbc/translator.h"  // vulkanStream
#include "pipeline_state12.h"
#include "shader12.h"
#include "stream_output_declaration.h"  // transformFeedbackProperties
#include "d3dvk_checked_math.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "resource12.h"
#include "setup_shader.h"  // translate/fallback: the query sums' shader
#include "vk_memory_budget.h"

#include <cstddef>
#include <new>
#include <string>

namespace d3dvk::umd12 {

namespace {

constexpr VkQueryPipelineStatisticFlags kStatistics = umd::kPipelineStatistics;  // pipeline_statistics.h

constexpr UINT d3d12Index(size_t offset) { return UINT(offset / sizeof(UINT64)); }

}  // namespace

// Vulkan writes the statistics in bit order, which is D3D's field order
// (pipeline_statistics.h): value s is D3D12's UINT64 number s.
const UINT kStatisticD3D12Index[kStatisticCount] = {
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, IAVertices)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, IAPrimitives)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, VSInvocations)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, GSInvocations)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, GSPrimitives)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, CInvocations)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, CPrimitives)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, HSInvocations)),
    d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, DSInvocations)),
};
static_assert(d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, GSInvocations)) == umd::kGSInvocations &&
              d3d12Index(offsetof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS, DSInvocations)) == umd::kDSInvocations);

UINT64 timestampFrequency(Device12& device) {
  UINT32 count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device.vk().physicalDevice(), &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device.vk().physicalDevice(), &count, families.data());
  UINT32 family = device.vk().queueFamily();
  float period = device.vk().info().properties.limits.timestampPeriod;
  if (family >= count || !families[family].timestampValidBits || !(period > 0.0f)) return 0;
  return UINT64(1e9 / double(period) + 0.5);
}

std::unique_ptr<InternalComputePipeline12> createQueryAddPipeline(vk::Device& device, VkResult* result) {
  return createInternalComputePipeline(device, 2, sizeof(fallback::QueryAddParams), fallback::queryAddShaderSpirv(), result);
}

// --- recording (CommandRecorder12's query members) ---

namespace {
bool isOcclusion(D3D12DDI_QUERY_TYPE t) {
  return t == D3D12DDI_QUERY_TYPE_OCCLUSION || t == D3D12DDI_QUERY_TYPE_BINARY_OCCLUSION;
}
bool isStreamOutput(D3D12DDI_QUERY_TYPE t) {
  return t >= D3D12DDI_QUERY_TYPE_SO_STATISTICS_STREAM0 && t <= D3D12DDI_QUERY_TYPE_SO_STATISTICS_STREAM3;
}
// The 64-bit values one query of an occlusion, statistics or stream-output heap counts.
UINT carriedValues(const QueryHeap12& heap) {
  return heap.type == D3D12DDI_QUERY_HEAP_TYPE_PIPELINE_STATISTICS ? kStatisticCount
         : heap.type == D3D12DDI_QUERY_HEAP_TYPE_SO_STATISTICS     ? 2  // written, storage needed
                                                                    : 1;
}
// Begins / ends the Vulkan query of an active D3D12 one (indexed by its Vulkan stream for stream output).
void beginVulkanQuery(VkCommandBuffer cmd, const ActiveQuery12& q) {
  if (isStreamOutput(q.type)) return vkCmdBeginQueryIndexedEXT(cmd, q.heap->pool, q.index, 0, q.vulkanStream);
  vkCmdBeginQuery(cmd, q.heap->pool, q.index, q.type == D3D12DDI_QUERY_TYPE_OCCLUSION ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
}
void endVulkanQuery(VkCommandBuffer cmd, const ActiveQuery12& q) {
  if (isStreamOutput(q.type)) return vkCmdEndQueryIndexedEXT(cmd, q.heap->pool, q.index, q.vulkanStream);
  vkCmdEndQuery(cmd, q.heap->pool, q.index);
}
bool typeFitsHeap(D3D12DDI_QUERY_TYPE t, D3D12DDI_QUERY_HEAP_TYPE heap) {
  switch (heap) {
    case D3D12DDI_QUERY_HEAP_TYPE_OCCLUSION: return isOcclusion(t);
    case D3D12DDI_QUERY_HEAP_TYPE_TIMESTAMP: return t == D3D12DDI_QUERY_TYPE_TIMESTAMP;
    case D3D12DDI_QUERY_HEAP_TYPE_PIPELINE_STATISTICS: return t == D3D12DDI_QUERY_TYPE_PIPELINE_STATISTICS;
    case D3D12DDI_QUERY_HEAP_TYPE_SO_STATISTICS: return isStreamOutput(t);
    default: return false;
  }
}
}  // namespace

void CommandRecorder12::beginQuery(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT index) {
  if (!typeFitsHeap(type, heap.type) || type == D3D12DDI_QUERY_TYPE_TIMESTAMP || index >= heap.count)
    return fail(E_INVALIDARG, "BeginQuery: the query type does not fit the heap, is a timestamp, or the index is out of range");
  ActiveQuery12& slot = activeSlot(type);
  if (slot.heap)
    return fail(E_INVALIDARG, "BeginQuery: another query of this kind is active in the list (Vulkan runs one at a time)");
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  if (heap.carried) vkCmdFillBuffer(cmd, heap.carried->handle(), VkDeviceSize(index) * kCarriedStride * 8, kCarriedStride * 8, 0);
  vkCmdResetQueryPool(cmd, heap.pool, index, 1);
  slot = {&heap, type, index};
  if (isStreamOutput(type)) {
    // The Vulkan stream the bound pipeline state emits this D3D stream to (draws retarget it).
    const uint32_t d3dStream = uint32_t(type - D3D12DDI_QUERY_TYPE_SO_STATISTICS_STREAM0);
    const PipelineState12* pso = state_.pipeline;
    slot.vulkanStream = pso && pso->streamOutput
                            ? dxbc::vulkanStream(d3dStream, pso->streamOutput->streamOutput->rasterizedStream)
                            : d3dStream;
  }
  beginVulkanQuery(cmd, slot);
}

ActiveQuery12& CommandRecorder12::activeSlot(D3D12DDI_QUERY_TYPE type) {
  if (isStreamOutput(type)) return activeStreamOutput_[type - D3D12DDI_QUERY_TYPE_SO_STATISTICS_STREAM0];
  return isOcclusion(type) ? activeOcclusion_ : activeStatistics_;
}

std::vector<ActiveQuery12*> CommandRecorder12::activeQueries() {
  std::vector<ActiveQuery12*> active;
  for (ActiveQuery12* q : {&activeOcclusion_, &activeStatistics_, &activeStreamOutput_[0], &activeStreamOutput_[1],
                           &activeStreamOutput_[2], &activeStreamOutput_[3]})
    if (q->heap) active.push_back(q);
  return active;
}

void CommandRecorder12::retargetStreamOutputQueries() {
  const PipelineState12* pso = state_.pipeline;
  const uint32_t rasterized = pso && pso->streamOutput ? pso->streamOutput->streamOutput->rasterizedStream : 0;
  std::vector<ActiveQuery12*> moved;
  for (uint32_t s = 0; s < 4; ++s) {
    ActiveQuery12& q = activeStreamOutput_[s];
    if (q.heap && q.vulkanStream != dxbc::vulkanStream(s, rasterized)) moved.push_back(&q);
  }
  // All are ended before any begins again: two active queries never share a Vulkan stream.
  for (ActiveQuery12* q : moved) suspendQuery(*q);
  for (ActiveQuery12* q : moved) {
    q->vulkanStream = dxbc::vulkanStream(uint32_t(q->type - D3D12DDI_QUERY_TYPE_SO_STATISTICS_STREAM0), rasterized);
    resumeQuery(*q);
  }
}

void CommandRecorder12::suspendQuery(const ActiveQuery12& query) {
  const QueryHeap12& heap = *query.heap;
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  endVulkanQuery(cmd, query);  // first: whatever fails below, the query is ended
  const UINT values = carriedValues(heap);
  VkResult result = VK_SUCCESS;
  const VkBuffer counted = transient_->deviceBuffer(
      values * sizeof(UINT64), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &result);
  if (!counted) return fail(Device12::hresultFor(result), "cannot allocate a query's buffer");
  if (!(cmd = command())) return;
  vkCmdCopyQueryPoolResults(cmd, heap.pool, query.index, 1, counted, 0, values * sizeof(UINT64),
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  fallback::QueryAddParams carry;
  carry.queries = 1;
  carry.values = values;
  carry.sumBase = query.index * kCarriedStride;
  addQueryValues(heap.carried->handle(), counted, carry);
}

void CommandRecorder12::suspendActiveQueries() {
  for (const ActiveQuery12* query : activeQueries()) suspendQuery(*query);
}

void CommandRecorder12::resumeActiveQueries() {
  for (const ActiveQuery12* query : activeQueries()) resumeQuery(*query);
}

void CommandRecorder12::resumeQuery(const ActiveQuery12& query) {
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  vkCmdResetQueryPool(cmd, query.heap->pool, query.index, 1);
  beginVulkanQuery(cmd, query);
}

void CommandRecorder12::addQueryValues(VkBuffer sums, VkBuffer addends, const fallback::QueryAddParams& params) {
  VkResult result = VK_SUCCESS;
  const InternalComputePipeline12* add = device_->queryAdd(&result);
  if (!add) return fail(Device12::hresultFor(result), "cannot create the query sums' pipeline");
  const VkDescriptorSet set = transient_->allocate(add->setLayout->handle(), &result);
  if (!set) return fail(Device12::hresultFor(result), "cannot allocate a descriptor set for a query sum");
  const VkDescriptorBufferInfo buffers[2] = {{sums, 0, VK_WHOLE_SIZE}, {addends, 0, VK_WHOLE_SIZE}};
  writeStorageBufferSet(device_->vk(), set, buffers);
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, add->pipeline->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, add->layout->handle(), 0, 1, &set, 0, nullptr);
  vkCmdPushConstants(cmd, add->layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
  vkCmdDispatch(cmd, (params.queries * params.values + fallback::kQueryAddLocalSize - 1) / fallback::kQueryAddLocalSize, 1, 1);
  fullBarrier(cmd);
}

void CommandRecorder12::endQuery(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT index) {
  if (!typeFitsHeap(type, heap.type) || index >= heap.count)
    return fail(E_INVALIDARG, "EndQuery: the query type does not fit the heap or the index is out of range");
  if (type == D3D12DDI_QUERY_TYPE_TIMESTAMP) {
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    vkCmdResetQueryPool(cmd, heap.pool, index, 1);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, heap.pool, index);
    return;
  }
  ActiveQuery12& slot = activeSlot(type);
  if (slot.heap != &heap || slot.type != type || slot.index != index)
    return fail(E_INVALIDARG, "EndQuery: the query was not begun in this list");
  flushDeferredWork();  // what waits comes before the query ends
  if (!cmd_) return;
  if (isStreamOutput(type)) endRenderPass();  // begun outside any rendering instance: ended outside too
  endVulkanQuery(cmd_, slot);
  slot = {};
}

void CommandRecorder12::endOpenQueries() {
  for (ActiveQuery12* slot : activeQueries()) {
    fail(E_INVALIDARG, "Close: a query begun in the list was not ended");
    if (cmd_) endVulkanQuery(cmd_, *slot);
    *slot = {};
  }
}

void CommandRecorder12::resolveQueryData(QueryHeap12& heap, D3D12DDI_QUERY_TYPE type, UINT start, UINT count,
                                         Resource12& dst, UINT64 offset) {
  const bool statistics = heap.type == D3D12DDI_QUERY_HEAP_TYPE_PIPELINE_STATISTICS;
  // Stream output: D3D12_QUERY_DATA_SO_STATISTICS {NumPrimitivesWritten,
  // PrimitivesStorageNeeded}, the order Vulkan's transform-feedback query writes.
  const UINT64 stride = statistics ? sizeof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS)
                        : heap.type == D3D12DDI_QUERY_HEAP_TYPE_SO_STATISTICS ? 2 * sizeof(UINT64)
                                                                               : sizeof(UINT64);
  if (!typeFitsHeap(type, heap.type) || start > heap.count || count > heap.count - start)
    return fail(E_INVALIDARG, "ResolveQueryData: the query type does not fit the heap or the range is out of it");
  if (!dst.isBuffer() || offset % 8 || !fitsWithin(offset, stride * count, dst.desc.Width))
    return fail(E_INVALIDARG, "ResolveQueryData: the destination is not a buffer, is misaligned, or is too small");
  if (!count) return;
  for (const ActiveQuery12* slot : activeQueries())
    if (slot->heap == &heap && slot->index >= start && slot->index < start + count)
      return fail(E_INVALIDARG, "ResolveQueryData: a query of the range is still active");
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  // Unavailable queries (never ended since their reset) are not written: zero first.
  vkCmdFillBuffer(cmd, dst.buffer->handle(), offset, stride * count, 0);
  fullBarrier(cmd);
  if (!heap.carried) {  // timestamps
    vkCmdCopyQueryPoolResults(cmd, heap.pool, start, count, dst.buffer->handle(), offset, sizeof(UINT64),
                              VK_QUERY_RESULT_64_BIT);
    return;
  }
  // Occlusion: one count per query (binary occlusion is not precise: Vulkan
  // still counts; D3D12 wants 0 or 1); statistics: Vulkan's ten, each then
  // moved to its D3D12 field. Plus what was carried over fallback and
  // deferred draws (query12.h).
  const UINT values = carriedValues(heap);
  const UINT64 vkStride = values * sizeof(UINT64);
  VkBuffer scratch = scratchBuffer(vkStride * count, nullptr, 0,
                                   VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
  if (!scratch) return;
  vkCmdCopyQueryPoolResults(cmd, heap.pool, start, count, scratch, 0, vkStride, VK_QUERY_RESULT_64_BIT);
  fullBarrier(cmd);
  fallback::QueryAddParams params;
  params.queries = count;
  params.values = values;
  params.sumStride = values;
  params.addendBase = start * kCarriedStride;
  params.addendStride = kCarriedStride;
  addQueryValues(scratch, heap.carried->handle(), params);
  if (!(cmd = command())) return;
  std::vector<VkBufferCopy> regions;
  if (!statistics) {
    regions.push_back({0, offset, vkStride * count});
  } else {
    for (UINT q = 0; q < count; ++q)
      for (UINT s = 0; s < kStatisticCount; ++s)
        regions.push_back({q * vkStride + s * sizeof(UINT64),
                           offset + q * stride + kStatisticD3D12Index[s] * sizeof(UINT64), sizeof(UINT64)});
  }
  vkCmdCopyBuffer(cmd, scratch, dst.buffer->handle(), uint32_t(regions.size()), regions.data());
}

namespace {

SIZE_T APIENTRY calcPrivateQueryHeapSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_QUERY_HEAP_0001*) try {
  return sizeof(QueryHeap12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createQueryHeap(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_QUERY_HEAP_0001* args,
                                 D3D12DDI_HQUERYHEAP hHeap) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !hHeap.pDrvPrivate || !args->Count) return E_INVALIDARG;
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryCount = args->Count;
  switch (args->Type) {
    case D3D12DDI_QUERY_HEAP_TYPE_OCCLUSION: info.queryType = VK_QUERY_TYPE_OCCLUSION; break;
    case D3D12DDI_QUERY_HEAP_TYPE_TIMESTAMP:
      if (!timestampFrequency(*device)) {
        umd::logError("D3D12 CreateQueryHeap: the Vulkan queue has no timestamps");
        return E_NOTIMPL;
      }
      info.queryType = VK_QUERY_TYPE_TIMESTAMP;
      break;
    case D3D12DDI_QUERY_HEAP_TYPE_PIPELINE_STATISTICS:
      if (!device->vk().enabledFeatures().pipelineStatisticsQuery) {
        umd::logError("D3D12 CreateQueryHeap: pipeline statistics need the Vulkan pipelineStatisticsQuery feature");
        return E_NOTIMPL;
      }
      info.queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS;
      info.pipelineStatistics = kStatistics;
      break;
    case D3D12DDI_QUERY_HEAP_TYPE_SO_STATISTICS:
      if (!device->vk().transformFeedbackEnabled() ||
          !umd::transformFeedbackProperties(device->vk()).transformFeedbackQueries) {
        device->message(E_NOTIMPL, "CreateQueryHeap: stream-output statistics need VK_EXT_transform_feedback's "
                                   "transformFeedbackQueries, which the Vulkan device lacks");
        return E_NOTIMPL;
      }
      info.queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
      break;
    default:
      umd::logError("D3D12 CreateQueryHeap: heap type " + std::to_string(int(args->Type)) + " is not supported");
      return E_NOTIMPL;
  }
  // Every size check runs before Vulkan sees the count. The carried values
  // are one storage buffer (query12.h); the pool's own memory, which the
  // driver allocates, is counted against the memory budget (an estimate: its
  // results and availability, kQueryPoolBytesPerQuery a query).
  const VkDeviceSize carriedBytes = VkDeviceSize(args->Count) * kCarriedStride * sizeof(UINT64);
  if (args->Type != D3D12DDI_QUERY_HEAP_TYPE_TIMESTAMP &&
      carriedBytes > device->vk().info().properties.limits.maxStorageBufferRange) {
    device->message(E_OUTOFMEMORY, "CreateQueryHeap: " + std::to_string(args->Count) + " queries are more than this Vulkan "
                    "device's storage-buffer range holds for their carried values (" +
                    std::to_string(device->vk().info().properties.limits.maxStorageBufferRange / (kCarriedStride * 8)) +
                    " at most)");
    return E_OUTOFMEMORY;
  }
  const VkDeviceSize poolBytes = VkDeviceSize(args->Count) * kQueryPoolBytesPerQuery;
  const uint32_t poolHeap = device->vk().heapOf(device->vk().findMemoryType(~0u, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT));
  if (!device->vk().memoryBudget().reserve(poolHeap, poolBytes)) {
    device->message(E_OUTOFMEMORY, "CreateQueryHeap: " + std::to_string(args->Count) +
                                       " queries are more than the memory budget holds");
    return E_OUTOFMEMORY;
  }
  VkQueryPool pool = VK_NULL_HANDLE;
  VkResult r = vkCreateQueryPool(device->handle(), &info, nullptr, &pool);
  if (r != VK_SUCCESS) {
    device->vk().memoryBudget().release(poolHeap, poolBytes);
    return Device12::hresultFor(r);
  }
  std::unique_ptr<vk::Buffer> carried;
  if (args->Type != D3D12DDI_QUERY_HEAP_TYPE_TIMESTAMP) {
    const VkDeviceSize bytes = carriedBytes;
    carried = vk::Buffer::create(device->vk(), bytes,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, false, &r);
    if (carried) r = device->runNow([&](VkCommandBuffer cmd) { vkCmdFillBuffer(cmd, carried->handle(), 0, bytes, 0); });
    if (r != VK_SUCCESS) {
      vkDestroyQueryPool(device->handle(), pool, nullptr);
      device->vk().memoryBudget().release(poolHeap, poolBytes);
      return Device12::hresultFor(r);
    }
  }
  auto* heap = new (hHeap.pDrvPrivate) QueryHeap12();
  heap->budgetHeap = poolHeap;
  heap->budgetBytes = poolBytes;
  heap->device = device;
  heap->type = args->Type;
  heap->count = args->Count;
  heap->pool = pool;
  heap->carried = std::move(carried);
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyQueryHeap(D3D12DDI_HDEVICE, D3D12DDI_HQUERYHEAP hHeap) try {
  QueryHeap12* heap = QueryHeap12::from(hHeap);
  if (!heap || !heap->device->settleIfHung()) return;  // see Device12::settleIfHung
  // D3D12 makes the application keep a heap alive while queued work uses it.
  vkDestroyQueryPool(heap->device->handle(), heap->pool, nullptr);
  heap->device->vk().memoryBudget().release(heap->budgetHeap, heap->budgetBytes);
  heap->~QueryHeap12();
} D3DVK_CATCH_VOID

VOID APIENTRY beginQuery(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HQUERYHEAP hHeap, D3D12DDI_QUERY_TYPE type, UINT index) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  QueryHeap12* heap = QueryHeap12::from(hHeap);
  if (!heap) return list->recorder.fail(E_INVALIDARG, "BeginQuery without a query heap");
  list->recorder.beginQuery(*heap, type, index);
} D3DVK_CATCH_VOID

VOID APIENTRY endQuery(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HQUERYHEAP hHeap, D3D12DDI_QUERY_TYPE type, UINT index) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  QueryHeap12* heap = QueryHeap12::from(hHeap);
  if (!heap) return list->recorder.fail(E_INVALIDARG, "EndQuery without a query heap");
  list->recorder.endQuery(*heap, type, index);
} D3DVK_CATCH_VOID

VOID APIENTRY resolveQueryData(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HQUERYHEAP hHeap, D3D12DDI_QUERY_TYPE type, UINT start,
                               UINT count, D3D12DDI_HRESOURCE hDst, UINT64 offset) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  QueryHeap12* heap = QueryHeap12::from(hHeap);
  Resource12* dst = Resource12::from(hDst);
  if (!heap || !dst) return list->recorder.fail(E_INVALIDARG, "ResolveQueryData without a query heap or a buffer");
  list->recorder.resolveQueryData(*heap, type, start, count, *dst, offset);
} D3DVK_CATCH_VOID

}  // namespace

void fillQueryDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateQueryHeapSize = &calcPrivateQueryHeapSize;
  f.pfnCreateQueryHeap = &createQueryHeap;
  f.pfnDestroyQueryHeap = &destroyQueryHeap;
}

void fillQueryCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) {
  f.pfnBeginQuery = &beginQuery;
  f.pfnEndQuery = &endQuery;
  f.pfnResolveQueryData = &resolveQueryData;
}

}  // namespace d3dvk::umd12
