// ddi/umd/pipeline_statistics.h — the pipeline statistics d3dvk asks Vulkan
// for, shared by D3D11's queries (driver_query.cpp) and D3D12's statistics
// heaps (d3d12/query12.cpp). Vulkan writes a pipeline-statistics query's
// values in the order of their flag bits, which is D3D's field order of
// D3D11_QUERY_DATA_PIPELINE_STATISTICS and D3D12_QUERY_DATA_PIPELINE_STATISTICS
// up to DSInvocations: IA vertices and primitives, VS invocations, GS
// invocations and primitives, clipper invocations and primitives, PS
// invocations, HS invocations (Vulkan: tessellation-control patches), DS
// invocations (tessellation-evaluation invocations). So value i is D3D's field
// i. CSInvocations is not asked for: the drivers' own compute passes
// (query sums, predicate folds, the conservative fallback's setup) would count
// in it; it stays 0.
#pragma once

#include "d3d10umddi.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>

namespace d3dvk::umd {

enum PipelineStatistic : uint32_t {
  kIAVertices,
  kIAPrimitives,
  kVSInvocations,
  kGSInvocations,
  kGSPrimitives,
  kCInvocations,
  kCPrimitives,
  kPSInvocations,
  kHSInvocations,
  kDSInvocations,
  kPipelineStatisticCount
};

inline constexpr VkQueryPipelineStatisticFlags kPipelineStatistics =
    VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT | VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT |
    VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT | VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT |
    VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT | VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT |
    VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT | VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT |
    VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT |
    VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT;
static_assert(kPipelineStatistics == (1u << kPipelineStatisticCount) - 1, "Vulkan's bits 0..9, in D3D's order");

#define D3DVK_STATISTIC_AT(type, field, index) \
  static_assert(offsetof(type, field) == (index) * sizeof(UINT64), #field " is D3D's field " #index)
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, IAVertices, kIAVertices);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, IAPrimitives, kIAPrimitives);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, VSInvocations, kVSInvocations);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, GSInvocations, kGSInvocations);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, GSPrimitives, kGSPrimitives);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, CInvocations, kCInvocations);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, CPrimitives, kCPrimitives);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations, kPSInvocations);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, HSInvocations, kHSInvocations);
D3DVK_STATISTIC_AT(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, DSInvocations, kDSInvocations);

}  // namespace d3dvk::umd
