// ddi/vk/vk_stats.cpp — see vk_stats.h.
#include "vk_stats.h"

#include <volk.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace d3dvk::vk {

namespace {

struct Counters {
  std::atomic<uint64_t> draws{0}, dispatches{0}, renderPasses{0}, pipelineBinds{0}, pipelinesCreated{0},
      descriptorSetBinds{0}, descriptorSetsAllocated{0}, descriptorWrites{0}, descriptorUpdates{0}, barriers{0},
      submits{0}, buffersCreated{0}, memoryAllocations{0};
};
Counters g;

void add(std::atomic<uint64_t>& c, uint64_t n = 1) { c.fetch_add(n, std::memory_order_relaxed); }

// The real entry points (loader trampolines) the wrappers forward to.
struct Real {
  PFN_vkCmdDraw draw;
  PFN_vkCmdDrawIndexed drawIndexed;
  PFN_vkCmdDrawIndirect drawIndirect;
  PFN_vkCmdDrawIndexedIndirect drawIndexedIndirect;
  PFN_vkCmdDispatch dispatch;
  PFN_vkCmdDispatchIndirect dispatchIndirect;
  PFN_vkCmdBeginRendering beginRendering;
  PFN_vkCmdBindPipeline bindPipeline;
  PFN_vkCreateGraphicsPipelines createGraphicsPipelines;
  PFN_vkCreateComputePipelines createComputePipelines;
  PFN_vkCmdBindDescriptorSets bindDescriptorSets;
  PFN_vkAllocateDescriptorSets allocateDescriptorSets;
  PFN_vkUpdateDescriptorSets updateDescriptorSets;
  PFN_vkUpdateDescriptorSetWithTemplate updateWithTemplate;
  PFN_vkCmdPushDescriptorSetKHR pushDescriptorSet;
  PFN_vkCmdPushDescriptorSetWithTemplateKHR pushWithTemplate;
  PFN_vkCmdPipelineBarrier2 pipelineBarrier2;
  PFN_vkQueueSubmit2 queueSubmit2;
  PFN_vkCreateBuffer createBuffer;
  PFN_vkAllocateMemory allocateMemory;
} real{};

VKAPI_ATTR void VKAPI_CALL countDraw(VkCommandBuffer c, uint32_t a, uint32_t b, uint32_t d, uint32_t e) {
  add(g.draws);
  real.draw(c, a, b, d, e);
}
VKAPI_ATTR void VKAPI_CALL countDrawIndexed(VkCommandBuffer c, uint32_t a, uint32_t b, uint32_t d, int32_t e,
                                            uint32_t f) {
  add(g.draws);
  real.drawIndexed(c, a, b, d, e, f);
}
VKAPI_ATTR void VKAPI_CALL countDrawIndirect(VkCommandBuffer c, VkBuffer b, VkDeviceSize o, uint32_t n, uint32_t s) {
  add(g.draws);
  real.drawIndirect(c, b, o, n, s);
}
VKAPI_ATTR void VKAPI_CALL countDrawIndexedIndirect(VkCommandBuffer c, VkBuffer b, VkDeviceSize o, uint32_t n,
                                                    uint32_t s) {
  add(g.draws);
  real.drawIndexedIndirect(c, b, o, n, s);
}
VKAPI_ATTR void VKAPI_CALL countDispatch(VkCommandBuffer c, uint32_t x, uint32_t y, uint32_t z) {
  add(g.dispatches);
  real.dispatch(c, x, y, z);
}
VKAPI_ATTR void VKAPI_CALL countDispatchIndirect(VkCommandBuffer c, VkBuffer b, VkDeviceSize o) {
  add(g.dispatches);
  real.dispatchIndirect(c, b, o);
}
VKAPI_ATTR void VKAPI_CALL countBeginRendering(VkCommandBuffer c, const VkRenderingInfo* i) {
  add(g.renderPasses);
  real.beginRendering(c, i);
}
VKAPI_ATTR void VKAPI_CALL countBindPipeline(VkCommandBuffer c, VkPipelineBindPoint p, VkPipeline h) {
  add(g.pipelineBinds);
  real.bindPipeline(c, p, h);
}
VKAPI_ATTR VkResult VKAPI_CALL countCreateGraphicsPipelines(VkDevice d, VkPipelineCache pc, uint32_t n,
                                                            const VkGraphicsPipelineCreateInfo* i,
                                                            const VkAllocationCallbacks* a, VkPipeline* p) {
  add(g.pipelinesCreated, n);
  return real.createGraphicsPipelines(d, pc, n, i, a, p);
}
VKAPI_ATTR VkResult VKAPI_CALL countCreateComputePipelines(VkDevice d, VkPipelineCache pc, uint32_t n,
                                                           const VkComputePipelineCreateInfo* i,
                                                           const VkAllocationCallbacks* a, VkPipeline* p) {
  add(g.pipelinesCreated, n);
  return real.createComputePipelines(d, pc, n, i, a, p);
}
VKAPI_ATTR void VKAPI_CALL countBindDescriptorSets(VkCommandBuffer c, VkPipelineBindPoint p, VkPipelineLayout l,
                                                   uint32_t first, uint32_t n, const VkDescriptorSet* s,
                                                   uint32_t dn, const uint32_t* d) {
  add(g.descriptorSetBinds);
  real.bindDescriptorSets(c, p, l, first, n, s, dn, d);
}
VKAPI_ATTR VkResult VKAPI_CALL countAllocateDescriptorSets(VkDevice d, const VkDescriptorSetAllocateInfo* i,
                                                           VkDescriptorSet* s) {
  add(g.descriptorSetsAllocated, i ? i->descriptorSetCount : 0);
  return real.allocateDescriptorSets(d, i, s);
}
VKAPI_ATTR void VKAPI_CALL countUpdateDescriptorSets(VkDevice d, uint32_t n, const VkWriteDescriptorSet* w,
                                                     uint32_t cn, const VkCopyDescriptorSet* c) {
  uint64_t descriptors = 0;
  for (uint32_t i = 0; i < n; ++i) descriptors += w[i].descriptorCount;
  add(g.descriptorWrites, descriptors);
  add(g.descriptorUpdates);
  real.updateDescriptorSets(d, n, w, cn, c);
}
VKAPI_ATTR void VKAPI_CALL countUpdateWithTemplate(VkDevice d, VkDescriptorSet s, VkDescriptorUpdateTemplate t,
                                                   const void* data) {
  add(g.descriptorUpdates);
  real.updateWithTemplate(d, s, t, data);
}
VKAPI_ATTR void VKAPI_CALL countPushDescriptorSet(VkCommandBuffer c, VkPipelineBindPoint p, VkPipelineLayout l,
                                                  uint32_t set, uint32_t n, const VkWriteDescriptorSet* w) {
  uint64_t descriptors = 0;
  for (uint32_t i = 0; i < n; ++i) descriptors += w[i].descriptorCount;
  add(g.descriptorWrites, descriptors);
  add(g.descriptorUpdates);
  real.pushDescriptorSet(c, p, l, set, n, w);
}
VKAPI_ATTR void VKAPI_CALL countPushWithTemplate(VkCommandBuffer c, VkDescriptorUpdateTemplate t, VkPipelineLayout l,
                                                 uint32_t set, const void* data) {
  add(g.descriptorUpdates);
  real.pushWithTemplate(c, t, l, set, data);
}
VKAPI_ATTR void VKAPI_CALL countPipelineBarrier2(VkCommandBuffer c, const VkDependencyInfo* d) {
  add(g.barriers);
  real.pipelineBarrier2(c, d);
}
VKAPI_ATTR VkResult VKAPI_CALL countQueueSubmit2(VkQueue q, uint32_t n, const VkSubmitInfo2* s, VkFence f) {
  add(g.submits, n);
  return real.queueSubmit2(q, n, s, f);
}
VKAPI_ATTR VkResult VKAPI_CALL countCreateBuffer(VkDevice d, const VkBufferCreateInfo* i, const VkAllocationCallbacks* a,
                                                 VkBuffer* b) {
  add(g.buffersCreated);
  return real.createBuffer(d, i, a, b);
}
VKAPI_ATTR VkResult VKAPI_CALL countAllocateMemory(VkDevice d, const VkMemoryAllocateInfo* i,
                                                   const VkAllocationCallbacks* a, VkDeviceMemory* m) {
  add(g.memoryAllocations);
  return real.allocateMemory(d, i, a, m);
}

// D3DVK_STATS: 0 off, 1 counting, 2 counting and printing.
int statsMode() {
  static const int mode = [] {
    const char* v = std::getenv("D3DVK_STATS");
    if (!v || !*v || std::strcmp(v, "0") == 0) return 0;
    return std::strcmp(v, "quiet") == 0 ? 1 : 2;
  }();
  return mode;
}

// Wraps one entry point: keeps the loaded one (unless it is already the wrapper) and installs the wrapper.
template <typename F>
void wrap(F& global, F& saved, F wrapper) {
  if (!global || global == wrapper) return;
  saved = global;
  global = wrapper;
}

}  // namespace

bool statsEnabled() { return statsMode() != 0; }
bool statsPrinted() { return statsMode() == 2; }

void installCounters() {
  if (!statsEnabled()) return;
  wrap(vkCmdDraw, real.draw, &countDraw);
  wrap(vkCmdDrawIndexed, real.drawIndexed, &countDrawIndexed);
  wrap(vkCmdDrawIndirect, real.drawIndirect, &countDrawIndirect);
  wrap(vkCmdDrawIndexedIndirect, real.drawIndexedIndirect, &countDrawIndexedIndirect);
  wrap(vkCmdDispatch, real.dispatch, &countDispatch);
  wrap(vkCmdDispatchIndirect, real.dispatchIndirect, &countDispatchIndirect);
  wrap(vkCmdBeginRendering, real.beginRendering, &countBeginRendering);
  wrap(vkCmdBindPipeline, real.bindPipeline, &countBindPipeline);
  wrap(vkCreateGraphicsPipelines, real.createGraphicsPipelines, &countCreateGraphicsPipelines);
  wrap(vkCreateComputePipelines, real.createComputePipelines, &countCreateComputePipelines);
  wrap(vkCmdBindDescriptorSets, real.bindDescriptorSets, &countBindDescriptorSets);
  wrap(vkAllocateDescriptorSets, real.allocateDescriptorSets, &countAllocateDescriptorSets);
  wrap(vkUpdateDescriptorSets, real.updateDescriptorSets, &countUpdateDescriptorSets);
  wrap(vkUpdateDescriptorSetWithTemplate, real.updateWithTemplate, &countUpdateWithTemplate);
  wrap(vkCmdPushDescriptorSetKHR, real.pushDescriptorSet, &countPushDescriptorSet);
  wrap(vkCmdPushDescriptorSetWithTemplateKHR, real.pushWithTemplate, &countPushWithTemplate);
  wrap(vkCmdPipelineBarrier2, real.pipelineBarrier2, &countPipelineBarrier2);
  wrap(vkQueueSubmit2, real.queueSubmit2, &countQueueSubmit2);
  wrap(vkCreateBuffer, real.createBuffer, &countCreateBuffer);
  wrap(vkAllocateMemory, real.allocateMemory, &countAllocateMemory);
}

D3DVKStats statsSnapshot() {
  D3DVKStats s{};
  s.draws = g.draws.load();
  s.dispatches = g.dispatches.load();
  s.renderPasses = g.renderPasses.load();
  s.pipelineBinds = g.pipelineBinds.load();
  s.pipelinesCreated = g.pipelinesCreated.load();
  s.descriptorSetBinds = g.descriptorSetBinds.load();
  s.descriptorSetsAllocated = g.descriptorSetsAllocated.load();
  s.descriptorWrites = g.descriptorWrites.load();
  s.descriptorUpdates = g.descriptorUpdates.load();
  s.barriers = g.barriers.load();
  s.submits = g.submits.load();
  s.buffersCreated = g.buffersCreated.load();
  s.memoryAllocations = g.memoryAllocations.load();
  return s;
}

void printStatsSince(const char* what, const D3DVKStats& since) {
  const D3DVKStats n = statsSnapshot();
  std::fprintf(stderr,
               "d3dvk stats (%s): %llu draws, %llu dispatches, %llu render passes, %llu pipeline binds, %llu pipelines "
               "created, %llu descriptor-set binds, %llu descriptor sets allocated, %llu descriptors written in %llu "
               "updates, %llu barriers, %llu submits, %llu buffers created, %llu memory allocations\n",
               what, (unsigned long long)(n.draws - since.draws), (unsigned long long)(n.dispatches - since.dispatches),
               (unsigned long long)(n.renderPasses - since.renderPasses),
               (unsigned long long)(n.pipelineBinds - since.pipelineBinds),
               (unsigned long long)(n.pipelinesCreated - since.pipelinesCreated),
               (unsigned long long)(n.descriptorSetBinds - since.descriptorSetBinds),
               (unsigned long long)(n.descriptorSetsAllocated - since.descriptorSetsAllocated),
               (unsigned long long)(n.descriptorWrites - since.descriptorWrites),
               (unsigned long long)(n.descriptorUpdates - since.descriptorUpdates),
               (unsigned long long)(n.barriers - since.barriers), (unsigned long long)(n.submits - since.submits),
               (unsigned long long)(n.buffersCreated - since.buffersCreated),
               (unsigned long long)(n.memoryAllocations - since.memoryAllocations));
}

}  // namespace d3dvk::vk
