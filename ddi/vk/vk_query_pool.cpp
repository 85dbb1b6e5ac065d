// ddi/vk/vk_query_pool.cpp — see vk_query_pool.h.
#include "vk_query_pool.h"

namespace d3dvk::vk {

void destroyQueryPool(VkDevice d, VkQueryPool h, const VkAllocationCallbacks* a) { vkDestroyQueryPool(d, h, a); }

std::unique_ptr<QueryPool> createQueryPool(Device& device, VkQueryType type, uint32_t count,
                                           VkQueryPipelineStatisticFlags statistics, VkResult* result) {
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = type;
  info.queryCount = count;
  if (type == VK_QUERY_TYPE_PIPELINE_STATISTICS) info.pipelineStatistics = statistics;
  VkQueryPool pool = VK_NULL_HANDLE;
  *result = vkCreateQueryPool(device.handle(), &info, nullptr, &pool);
  if (*result != VK_SUCCESS) return nullptr;
  try {
    return std::make_unique<QueryPool>(device, pool);
  } catch (...) {
    vkDestroyQueryPool(device.handle(), pool, nullptr);  // the owner could not be allocated
    throw;
  }
}

}  // namespace d3dvk::vk
