// ddi/vk/vk_query_pool.h — the RAII owner of a VkQueryPool (OwnedHandle, like
// the pipeline objects) and its creation: occlusion, timestamp or pipeline
// statistics queries, `count` slots each.
#pragma once

#include "vk_pipeline.h"

#include <memory>

namespace d3dvk::vk {

void destroyQueryPool(VkDevice, VkQueryPool, const VkAllocationCallbacks*);
using QueryPool = OwnedHandle<VkQueryPool, &destroyQueryPool>;

// `statistics` is only read for VK_QUERY_TYPE_PIPELINE_STATISTICS.
std::unique_ptr<QueryPool> createQueryPool(Device& device, VkQueryType type, uint32_t count,
                                           VkQueryPipelineStatisticFlags statistics, VkResult* result);

}  // namespace d3dvk::vk
