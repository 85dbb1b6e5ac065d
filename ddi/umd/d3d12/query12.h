// ddi/umd/d3d12/query12.h — query heaps: CreateQueryHeap makes one VkQueryPool
// per heap (occlusion heaps: occlusion queries, binary ones not precise;
// timestamp heaps; pipeline-statistics heaps with the ten statistics the D3D11
// path also asks Vulkan for (../pipeline_statistics.h); stream-output statistics heaps of
// VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT queries, each begun indexed by
// the Vulkan stream its D3D stream is emitted to and moved where a capturing
// draw's pipeline state emits it elsewhere, resolved as
// D3D12_QUERY_DATA_SO_STATISTICS). The recording side (BeginQuery, EndQuery,
// ResolveQueryData) is CommandRecorder12's, in query12.cpp: each query is reset
// where it begins (timestamps where they are written), and ResolveQueryData
// copies results as D3D12 lays them out (UINT64 per query; pipeline statistics
// as D3D12_QUERY_DATA_PIPELINE_STATISTICS, the statistics Vulkan lacks as 0)
// without waiting: a query never ended since its last reset resolves to 0.
// A pipeline-statistics query around a conservative fallback draw: the draw
// ends its Vulkan query and begins it again afterwards (its capture and setup
// passes are not counted); what the ended part counted, the application
// draw's own counts and the draw passes' pixel-shader invocations are added
// on the GPU to the query's carried values, which ResolveQueryData adds to the
// Vulkan query's result (translate/fallback/shaders/query_add.comp). A list
// split at a deferred draw (deferred_draw12.h) carries its active queries
// the same way: each part ends them and carries what they counted, the next
// begins them again, and the deferred draw's own commands count into them.
// Also the timestamp frequency for GetTimestampFrequency.
#pragma once

#include "d3d12umddi.h"
#include "internal_compute12.h"
#include "pipeline_statistics.h"  // ddi/umd
#include "vk_device.h"
#include "vk_pipeline.h"
#include "vk_resources.h"

#include <memory>

namespace d3dvk::umd12 {

class Device12;

struct QueryHeap12 {
  Device12* device = nullptr;
  D3D12DDI_QUERY_HEAP_TYPE type{};
  UINT count = 0;
  VkQueryPool pool = VK_NULL_HANDLE;
  // Occlusion and statistics heaps: kCarriedStride 64-bit values per query
  // (the samples passed; the ten statistics in Vulkan's order), zeroed at
  // BeginQuery, added at resolve.
  std::unique_ptr<vk::Buffer> carried;
  // The pool's memory as counted against the memory budget (vk_memory_budget.h).
  uint32_t budgetHeap = 0;
  VkDeviceSize budgetBytes = 0;

  static QueryHeap12* from(D3D12DDI_HQUERYHEAP h) { return static_cast<QueryHeap12*>(h.pDrvPrivate); }
};

// What a Vulkan query pool is assumed to take per query (results of up to the
// ten statistics and availability, rounded up) for the memory budget.
inline constexpr VkDeviceSize kQueryPoolBytesPerQuery = 96;

// The Vulkan statistics of a pipeline-statistics heap, in the order Vulkan
// writes them (umd::PipelineStatistic, ../pipeline_statistics.h), and for
// each the index of its UINT64 in D3D12's layout.
inline constexpr UINT kStatisticCount = umd::kPipelineStatisticCount;
extern const UINT kStatisticD3D12Index[kStatisticCount];

inline constexpr UINT kCarriedStride = 16;  // 64-bit values per query of a heap's carried buffer
static_assert(kCarriedStride >= kStatisticCount);

// The query sums' compute pipeline (query_add.comp: set 0 = the sums and the
// addends as storage buffers; push constants fallback::QueryAddParams),
// created once per device (Device12::queryAdd).
std::unique_ptr<InternalComputePipeline12> createQueryAddPipeline(vk::Device& device, VkResult* result);

UINT64 timestampFrequency(Device12& device);

void fillQueryDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillQueryCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);

}  // namespace d3dvk::umd12
