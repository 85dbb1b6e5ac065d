/* ddi/include/d3dvk_stats.h — the counters libd3dvk_umd.so exports for
 * benchmarks and debugging: D3DVKGetStats fills a snapshot of the Vulkan
 * commands the UMD has recorded in this process so far. Counting is on only
 * when D3DVK_STATS is set (any value but "0") before the first device is
 * created; otherwise every count stays 0. Find the function with
 * dlopen("libd3dvk_umd.so", RTLD_NOLOAD) + dlsym (the runtime loads the UMD). */
#ifndef D3DVK_STATS_H
#define D3DVK_STATS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct D3DVKStats {
  uint64_t draws;              /* vkCmdDraw* (indirect ones included) */
  uint64_t dispatches;         /* vkCmdDispatch* */
  uint64_t renderPasses;       /* vkCmdBeginRendering */
  uint64_t pipelineBinds;      /* vkCmdBindPipeline */
  uint64_t pipelinesCreated;   /* pipelines made by vkCreateGraphicsPipelines / vkCreateComputePipelines */
  uint64_t descriptorSetBinds; /* vkCmdBindDescriptorSets calls */
  uint64_t descriptorSetsAllocated;
  uint64_t descriptorWrites;   /* descriptors written by vkUpdateDescriptorSets and vkCmdPushDescriptorSetKHR */
  uint64_t descriptorUpdates;  /* calls that write descriptors: those two and the *WithTemplate updates */
  uint64_t barriers;           /* vkCmdPipelineBarrier2 calls */
  uint64_t submits;            /* vkQueueSubmit2 calls */
  uint64_t buffersCreated;     /* vkCreateBuffer */
  uint64_t memoryAllocations;  /* vkAllocateMemory */
} D3DVKStats;

typedef void (*PFN_D3DVKGetStats)(D3DVKStats* out);
#define D3DVK_GET_STATS_NAME "D3DVKGetStats"

#ifdef __cplusplus
}
#endif

#endif
