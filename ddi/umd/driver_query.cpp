// ddi/umd/driver_query.cpp — see driver_query.h.
#include "driver_query.h"

#include "driver_stream_output.h"
#include "pipeline_statistics.h"

#include "adapter.h"
#include "device.h"
#include "driver_object.h"
#include "driver_predication.h"
#include "dxbc/translator.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace d3dvk::umd {
namespace {

// The statistics d3dvk asks Vulkan for, in D3D's order (pipeline_statistics.h).
constexpr VkQueryPipelineStatisticFlags kStatistics = kPipelineStatistics;
constexpr uint32_t kStatisticCount = kPipelineStatisticCount;

// The size of a query type's result (0: a type d3dvk does not implement).
UINT resultSize(D3D10DDI_QUERY type) {
  switch (type) {
    case D3D10DDI_QUERY_EVENT:
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE: return sizeof(BOOL);
    case D3D10DDI_QUERY_OCCLUSION:
    case D3D10DDI_QUERY_TIMESTAMP: return sizeof(UINT64);
    case D3D10DDI_QUERY_TIMESTAMPDISJOINT: return sizeof(D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT);
    case D3D10DDI_QUERY_PIPELINESTATS: return sizeof(D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS);
    case D3D11DDI_QUERY_PIPELINESTATS: return sizeof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS);
    case D3D10DDI_QUERY_STREAMOUTPUTSTATS:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3: return sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS);
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3: return sizeof(BOOL);
    default: return 0;
  }
}

// The batch a result issued now waits for: the open one, else the last submitted.
uint64_t issueSerial(Device& device) {
  vk::CommandQueue& q = device.queue();
  return q.hasOpenBatch() ? q.openSerial() : q.submittedSerial();
}

void construct(Device* device, D3D10DDI_QUERY type, UINT miscFlags, UINT contextType, D3D10DDI_HQUERY h) {
  if (!h.pDrvPrivate || miscFlags != 0 || contextType > 4) return device->setError(E_INVALIDARG);
  Constructing<Query> query(h.pDrvPrivate);
  query->type = type;
  const bool supported =
      resultSize(type) != 0 &&
      (!query->isStatistics() || device->vk().enabledFeatures().pipelineStatisticsQuery) &&
      (type != D3D10DDI_QUERY_TIMESTAMP || device->vk().info().properties.limits.timestampComputeAndGraphics) &&
      (!query->streamOutput() || streamOutputQueriesSupported(*device));
  if (!supported) {
    logError("CreateQuery: query type " + std::to_string(int(type)) +
             " is not implemented by d3dvk or not supported by this Vulkan device");
    return device->setError(E_NOTIMPL);
  }
  query.keep();
}

VkQueryType vulkanQueryType(const Query& q) {
  return q.occlusion()                       ? VK_QUERY_TYPE_OCCLUSION
         : q.type == D3D10DDI_QUERY_TIMESTAMP ? VK_QUERY_TYPE_TIMESTAMP
                                              : VK_QUERY_TYPE_PIPELINE_STATISTICS;
}

std::shared_ptr<vk::QueryPool> createPool(Device& device, VkQueryType type, uint32_t slots) {
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::QueryPool> pool = vk::createQueryPool(device.vk(), type, slots, kStatistics, &result);
  if (!pool) device.setVkError(result);
  return pool;
}

// Ends the open segment of a kind in `cmd` (the open batch's command buffer).
void endSegment(QuerySegments& segments, VkCommandBuffer cmd) {
  if (!segments.isOpen) return;
  vkCmdEndQuery(cmd, segments.open.pool->handle(), segments.open.index);
  segments.isOpen = false;
}

// The next unused slot of a kind's pool (a new pool when it is full); false after reporting.
bool nextSlot(Device& device, size_t kind, QuerySlot* out) {
  QuerySegments& segments = device.querySegments[kind];
  if (segments.nextIndex == QuerySegments::kSlotsPerPool) {
    // The full pool lives on in the queries holding its slots.
    segments.pool = createPool(device, kind == 0 ? VK_QUERY_TYPE_OCCLUSION : VK_QUERY_TYPE_PIPELINE_STATISTICS,
                               QuerySegments::kSlotsPerPool);
    if (!segments.pool) return false;
    segments.nextIndex = 0;
  }
  *out = {segments.pool, segments.nextIndex++};
  return true;
}

// Begins a segment of a kind in `cmd` and appends it to every active query of that kind.
void beginSegment(Device& device, size_t kind, VkCommandBuffer cmd) {
  QuerySegments& segments = device.querySegments[kind];
  if (!nextSlot(device, kind, &segments.open)) return;
  vkCmdResetQueryPool(cmd, segments.open.pool->handle(), segments.open.index, 1);
  // Precise for every occlusion segment: OCCLUSION needs the count, OCCLUSION_PREDICATE only its being non-zero.
  const bool precise = kind == 0 && device.vk().enabledFeatures().occlusionQueryPrecise;
  vkCmdBeginQuery(cmd, segments.open.pool->handle(), segments.open.index, precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
  segments.isOpen = true;
  for (Query* q : device.activeQueries)
    if (q->segmentKind() == kind) q->slots.push_back(segments.open);
}

// The active set of a kind changes: its open segment ends in the open batch
// (the next Device::record() begins one for the queries then active).
void endSegmentOf(Device& device, size_t kind) {
  QuerySegments& segments = device.querySegments[kind];
  if (!segments.isOpen) return;
  VkCommandBuffer cmd = device.recorder().outsideRenderPass();  // the segment's batch is still open
  if (cmd) endSegment(segments, cmd);
}

// Drops a query's slots: the batches that write them may still be in flight.
void releaseSlots(Device& device, Query& q) {
  for (std::vector<QuerySlot>* slots : {&q.slots, &q.captureSlots}) {
    for (QuerySlot& slot : *slots) device.queue().releaseAfter(device.queue().openSerial(), std::move(slot.pool));
    slots->clear();
  }
}

// Stops a Begin/End query: the segment it shares ends in the open batch.
void deactivate(Device& device, Query& q) {
  auto& active = device.activeQueries;
  auto it = std::find(active.begin(), active.end(), &q);
  if (it == active.end()) {
    std::erase(device.activeStreamOutputQueries, &q);  // (no segments: nothing to end)
    return;
  }
  active.erase(it);
  endSegmentOf(device, q.segmentKind());
}

// Sums the query's slots (or `captureSlots`); false if Vulkan has not written them all (yet).
bool readSegments(Device& device, Query& q, uint64_t* sums, uint32_t values, bool captureSlots = false) {
  std::fill(sums, sums + values, 0);
  std::vector<uint64_t> data(values);
  for (const QuerySlot& slot : captureSlots ? q.captureSlots : q.slots) {
    const VkResult r = vkGetQueryPoolResults(device.vk().handle(), slot.pool->handle(), slot.index, 1,
                                             data.size() * sizeof(uint64_t), data.data(), values * sizeof(uint64_t),
                                             VK_QUERY_RESULT_64_BIT);
    if (r != VK_SUCCESS) return false;
    for (uint32_t v = 0; v < values; ++v) sums[v] += data[v];
  }
  return true;
}

// Whether PSInvocations comes from the counting pixel shaders instead of the
// Vulkan statistic (the device can run them).
bool countingSupported(Device& device) { return device.vk().enabledFeatures().fragmentStoresAndAtomics; }

// Copies the used slots of the open batch's counter block to its readback twin
// (after the pixel shaders' atomics) and retires it.
void retireCounterBlock(Device& device, VkCommandBuffer cmd) {
  InvocationCounters& c = device.invocationCounters;
  if (!c.current) return;
  InvocationCounterBlock& block = *c.current;
  if (block.used) {
    vk::memoryBarrier(cmd, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    const VkBufferCopy region{0, 0, block.used * block.stride};
    vkCmdCopyBuffer(cmd, block.counters->handle(), block.readback->handle(), 1, &region);
  }
  c.retired.push_back(std::move(c.current));
}

// A zeroed block for the open batch: a retired one nobody reads any more, or a
// new one. Retired blocks beyond a few spares are dropped, kept alive until
// their batch completes (and by the queries still holding them).
std::shared_ptr<InvocationCounterBlock> startCounterBlock(Device& device) {
  InvocationCounters& c = device.invocationCounters;
  std::shared_ptr<InvocationCounterBlock> block;
  const uint64_t completed = device.queue().completedSerial();
  for (auto it = c.retired.begin(); it != c.retired.end(); ++it)
    if (it->use_count() == 1 && (*it)->serial <= completed) {
      block = std::move(*it);
      c.retired.erase(it);
      break;
    }
  constexpr size_t kSpareBlocks = 4;
  while (c.retired.size() > kSpareBlocks) {
    const uint64_t serial = c.retired.front()->serial;
    device.queue().releaseAfter(serial, std::move(c.retired.front()));
    c.retired.erase(c.retired.begin());
  }
  if (!block) {
    block = std::make_shared<InvocationCounterBlock>();
    const VkDeviceSize alignment = device.vk().info().properties.limits.minStorageBufferOffsetAlignment;
    block->stride = std::max<VkDeviceSize>(alignment, dxbc::kInvocationCounterBytes);
    const VkDeviceSize size = block->stride * InvocationCounterBlock::kSlots;
    VkResult result = VK_SUCCESS;
    block->counters = vk::Buffer::create(
        device.vk(), size,
        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        false, &result);
    if (block->counters)
      block->readback = vk::Buffer::create(device.vk(), size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &result);
    if (!block->readback) {
      device.setVkError(result);
      return nullptr;
    }
  }
  VkCommandBuffer cmd = device.record();  // its barrier orders the fill after the block's last use
  if (!cmd) return nullptr;
  vkCmdFillBuffer(cmd, block->counters->handle(), 0, VK_WHOLE_SIZE, 0);
  block->used = 0;
  block->serial = device.queue().openSerial();
  return block;
}

// The fallback setup passes' triangle counts: word `word` of each slot of `ranges`.
uint64_t countedPrimitives(const std::vector<InvocationCounterRange>& ranges, uint32_t word) {
  uint64_t sum = 0;
  for (const InvocationCounterRange& r : ranges) {
    const auto* bytes = static_cast<const uint8_t*>(r.block->readback->mapped());
    for (uint32_t slot = r.first; slot < r.end; ++slot) {
      uint32_t value = 0;
      std::memcpy(&value, bytes + slot * r.block->stride + 4 * word, sizeof value);
      sum += value;
    }
  }
  return sum;
}

// PSInvocations of the counted draws: the sum of the query's counter slots
// (the batches holding them have completed).
uint64_t countedInvocations(const Query& q) {
  uint64_t sum = 0;
  for (const InvocationCounterRange& r : q.counterRanges) {
    const auto* bytes = static_cast<const uint8_t*>(r.block->readback->mapped());
    for (uint32_t slot = r.first; slot < r.end; ++slot)
      for (uint32_t lane = 0; lane < dxbc::kInvocationCounterLanes; ++lane) {
        uint32_t value = 0;
        std::memcpy(&value, bytes + slot * r.block->stride + lane * dxbc::kInvocationCounterLaneBytes, sizeof value);
        sum += value;
      }
  }
  return sum;
}

}  // namespace

void suspendQueries(Device& device, VkCommandBuffer cmd) {
  for (QuerySegments& segments : device.querySegments) endSegment(segments, cmd);
  retireCounterBlock(device, cmd);
}

bool countsPixelShaderInvocations(Device& device) {
  if (!countingSupported(device) || device.statisticsSuspended) return false;
  return std::any_of(device.activeQueries.begin(), device.activeQueries.end(),
                     [](const Query* q) { return q->isStatistics(); });
}

namespace {

// The next slot of the open batch's counter block, appended to `member` of every active statistics query.
bool allocateCounterSlot(Device& device, std::vector<InvocationCounterRange> Query::*member, InvocationCounter* out) {
  InvocationCounters& c = device.invocationCounters;
  if (c.current && c.current->used == InvocationCounterBlock::kSlots) {
    VkCommandBuffer cmd = device.record();
    if (!cmd) return false;
    retireCounterBlock(device, cmd);
  }
  if (!c.current && !(c.current = startCounterBlock(device))) return false;
  const uint32_t slot = c.current->used++;
  for (Query* q : device.activeQueries) {
    if (!q->isStatistics()) continue;
    std::vector<InvocationCounterRange>& ranges = q->*member;
    if (!ranges.empty() && ranges.back().block == c.current && ranges.back().end == slot)
      ++ranges.back().end;
    else
      ranges.push_back({c.current, slot, slot + 1});
  }
  *out = {c.current->counters->handle(), slot * c.current->stride};
  return true;
}

}  // namespace

bool allocateInvocationCounter(Device& device, InvocationCounter* out) {
  return allocateCounterSlot(device, &Query::counterRanges, out);
}

bool allocateFallbackStatisticsCounter(Device& device, InvocationCounter* out, bool afterGeometryShader) {
  return allocateCounterSlot(device, afterGeometryShader ? &Query::geometryShaderPrimitiveRanges : &Query::primitiveRanges,
                             out);
}

void resumeQueries(Device& device, VkCommandBuffer cmd) {
  for (size_t kind = 0; kind < 2; ++kind) {
    if (device.querySegments[kind].isOpen || (kind == 1 && device.statisticsSuspended)) continue;
    if (std::any_of(device.activeQueries.begin(), device.activeQueries.end(),
                    [kind](const Query* q) { return q->segmentKind() == kind; }))
      beginSegment(device, kind, cmd);
  }
}

bool queriesNeedSegment(const Device& device) {
  for (size_t kind = 0; kind < 2; ++kind) {
    if (device.querySegments[kind].isOpen || (kind == 1 && device.statisticsSuspended)) continue;
    if (std::any_of(device.activeQueries.begin(), device.activeQueries.end(),
                    [kind](const Query* q) { return q->segmentKind() == kind; }))
      return true;
  }
  return false;
}

FallbackQueryScope::FallbackQueryScope(Device& device) : device_(device) {
  device.statisticsSuspended = true;
  // (Only an open statistics segment needs a command; none keeps the render pass and a fallback batch open.)
  if (!device.queue().hasOpenBatch() || !device.querySegments[1].isOpen) return;
  VkCommandBuffer cmd = device.recorder().outsideRenderPass();
  if (!cmd) return;
  endSegment(device.querySegments[1], cmd);
}

FallbackQueryScope::~FallbackQueryScope() { device_.statisticsSuspended = false; }  // the next record() resumes

void FallbackQueryScope::add(const FallbackStatistics& s) {
  for (Query* q : device_.activeQueries) {
    if (!q->isStatistics()) continue;
    D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS& c = q->cpuStatistics;
    c.IAVertices += s.vertices;
    c.VSInvocations += s.vertices;
  }
}

bool FallbackQueryScope::active() const {
  return std::any_of(device_.activeQueries.begin(), device_.activeQueries.end(),
                     [](const Query* q) { return q->isStatistics(); });
}

bool FallbackQueryScope::countsPixelShaderInvocations() const { return countingSupported(device_) && active(); }

bool FallbackQueryScope::beginCapture(VkCommandBuffer cmd) {
  if (!nextSlot(device_, 1, &capture_)) return false;
  vkCmdResetQueryPool(cmd, capture_.pool->handle(), capture_.index, 1);
  vkCmdBeginQuery(cmd, capture_.pool->handle(), capture_.index, 0);
  return true;
}

void FallbackQueryScope::endCapture(VkCommandBuffer cmd) {
  if (!capture_.pool) return;
  vkCmdEndQuery(cmd, capture_.pool->handle(), capture_.index);
  for (Query* q : device_.activeQueries)
    if (q->isStatistics()) q->captureSlots.push_back(capture_);
  capture_ = {};
}

SIZE_T APIENTRY calcPrivateQuerySize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEQUERY*) { return sizeof(Query); }
SIZE_T APIENTRY calcPrivateQuerySize11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEQUERY*) { return sizeof(Query); }

VOID APIENTRY createQuery(D3D10DDI_HDEVICE hDevice, const D3DWDDM2_0DDIARG_CREATEQUERY* args, D3D10DDI_HQUERY h,
                          D3D10DDI_HRTQUERY) {
  Device* device = Device::from(hDevice);
  if (!args) return device->setError(E_INVALIDARG);
  construct(device, args->Query, args->MiscFlags, args->ContextType, h);
}

VOID APIENTRY createQuery11_1(D3D10DDI_HDEVICE hDevice, const D3D10DDIARG_CREATEQUERY* args, D3D10DDI_HQUERY h,
                              D3D10DDI_HRTQUERY) {
  Device* device = Device::from(hDevice);
  if (!args) return device->setError(E_INVALIDARG);
  construct(device, args->Query, args->MiscFlags, 0, h);
}

VOID APIENTRY destroyQuery(D3D10DDI_HDEVICE hDevice, D3D10DDI_HQUERY h) {
  Device* device = Device::from(hDevice);
  Query* q = Query::from(h);
  if (!q) return;
  std::lock_guard<std::mutex> lock(device->queueMutex());
  deactivate(*device, *q);
  releaseSlots(*device, *q);  // recorded or in-flight batches may still write them
  if (device->predication.query == q) device->predication = {};
  // Conditional rendering in recorded or in-flight batches may still read them.
  device->queue().releaseAfter(device->queue().openSerial(), std::move(q->conditionWord));
  device->queue().releaseAfter(device->queue().openSerial(), std::move(q->conditionValues));
  q->~Query();
}

VOID APIENTRY queryBegin(D3D10DDI_HDEVICE hDevice, D3D10DDI_HQUERY h) {
  Device* device = Device::from(hDevice);
  Query* q = Query::from(h);
  if (!q) return device->setError(E_INVALIDARG);
  if (q->type == D3D10DDI_QUERY_EVENT || q->type == D3D10DDI_QUERY_TIMESTAMP) return;  // nothing to begin
  std::lock_guard<std::mutex> lock(device->queueMutex());
  deactivate(*device, *q);  // a Begin while building restarts the query
  q->state = Query::State::Building;
  releaseSlots(*device, *q);
  q->cpuStatistics = {};
  q->counterRanges.clear();
  q->primitiveRanges.clear();
  q->geometryShaderPrimitiveRanges.clear();
  predicateRestarted(*device, *q);
  // The segment the queries of this type share ends here; the next recorded
  // command (Device::record()) begins one that includes this query.
  if (q->usesSegments()) {
    endSegmentOf(*device, q->segmentKind());
    device->activeQueries.push_back(q);
  }
  if (q->streamOutput()) device->activeStreamOutputQueries.push_back(q);  // the capturing draws count for it
}

VOID APIENTRY queryEnd(D3D10DDI_HDEVICE hDevice, D3D10DDI_HQUERY h) {
  Device* device = Device::from(hDevice);
  Query* q = Query::from(h);
  if (!q) return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  if (q->type == D3D10DDI_QUERY_TIMESTAMP) {
    VkCommandBuffer cmd = device->record();
    if (!cmd) return;
    if (q->slots.empty()) {
      std::shared_ptr<vk::QueryPool> pool = createPool(*device, vulkanQueryType(*q), 1);
      if (!pool) return;
      q->slots.push_back({std::move(pool), 0});
    }
    const QuerySlot& slot = q->slots.front();
    vkCmdResetQueryPool(cmd, slot.pool->handle(), slot.index, 1);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, slot.pool->handle(), slot.index);
  } else if (q->usesSegments() || q->streamOutput()) {
    if (q->state == Query::State::Building) {
      deactivate(*device, *q);
    } else {  // End without Begin: an empty query
      releaseSlots(*device, *q);
      q->cpuStatistics = {};
      q->counterRanges.clear();
      q->primitiveRanges.clear();
      q->geometryShaderPrimitiveRanges.clear();
    }
  }
  q->readySerial = issueSerial(*device);
  q->state = Query::State::Issued;
  if (q->type == D3D10DDI_QUERY_OCCLUSIONPREDICATE) predicateEnded(*device, *q);
}

bool waitPredicateResult(Device& device, Query& q, bool* result) {
  const bool occlusion = q.type == D3D10DDI_QUERY_OCCLUSIONPREDICATE;
  if (q.state != Query::State::Issued || !(occlusion || q.overflowPredicate())) return false;
  vk::CommandQueue& queue = device.queue();
  if (!queue.completed(q.readySerial) && queue.wait(q.readySerial) != VK_SUCCESS) return false;
  if (occlusion) {
    uint64_t samples = 0;
    if (!readSegments(device, q, &samples, 1)) return false;
    *result = samples != 0;
    return true;
  }
  uint64_t v[2];  // primitives written, primitives needed (as GetData reads them)
  if (!readSegments(device, q, v, 2)) return false;
  *result = v[1] > v[0];
  return true;
}

VOID APIENTRY queryGetData(D3D10DDI_HDEVICE hDevice, D3D10DDI_HQUERY h, VOID* pData, UINT DataSize, UINT Flags) {
  Device* device = Device::from(hDevice);
  Query* q = Query::from(h);
  if (!q || q->state != Query::State::Issued) return device->setError(E_INVALIDARG);
  const UINT size = resultSize(q->type);
  if (size == 0 || (pData ? DataSize != size : DataSize != 0) || (Flags & ~UINT(D3D10_DDI_GET_DATA_DO_NOT_FLUSH)))
    return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  vk::CommandQueue& queue = device->queue();
  if (!queue.completed(q->readySerial)) {
    if (!(Flags & D3D10_DDI_GET_DATA_DO_NOT_FLUSH) && queue.hasOpenBatch() && q->readySerial == queue.openSerial()) {
      const VkResult r = queue.submit();
      if (r != VK_SUCCESS) return device->setVkError(r);
    }
    if (!queue.completed(q->readySerial)) return device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
  }
  switch (q->type) {
    case D3D10DDI_QUERY_EVENT: {
      if (pData) {
        const BOOL done = TRUE;
        std::memcpy(pData, &done, sizeof done);
      }
      return;
    }
    case D3D10DDI_QUERY_TIMESTAMPDISJOINT: {
      if (pData) {
        D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT d{};
        const double period = device->vk().info().properties.limits.timestampPeriod;
        d.Frequency = UINT64(1e9 / (period > 0 ? period : 1.0) + 0.5);
        d.Disjoint = FALSE;
        std::memcpy(pData, &d, sizeof d);
      }
      return;
    }
    case D3D10DDI_QUERY_OCCLUSION:
    case D3D10DDI_QUERY_TIMESTAMP: {
      uint64_t value = 0;
      if (!readSegments(*device, *q, &value, 1)) return device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
      if (pData) std::memcpy(pData, &value, sizeof value);
      return;
    }
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE: {  // TRUE when any sample passed
      uint64_t value = 0;
      if (!readSegments(*device, *q, &value, 1)) return device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
      const BOOL passed = value != 0;
      if (pData) std::memcpy(pData, &passed, sizeof passed);
      return;
    }
    case D3D10DDI_QUERY_STREAMOUTPUTSTATS:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2:
    case D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3:
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3: {
      // Each slot: [primitives written, primitives the stream emitted] (VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT).
      uint64_t v[2];
      if (!readSegments(*device, *q, v, 2)) return device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
      if (!pData) return;
      if (q->overflowPredicate()) {
        // Overflow on some counted stream: written <= needed on each, so the sums differ exactly then.
        const BOOL overflow = v[1] > v[0];
        std::memcpy(pData, &overflow, sizeof overflow);
      } else {
        const D3D10_DDI_QUERY_DATA_SO_STATISTICS s{v[0], v[1]};
        std::memcpy(pData, &s, sizeof s);
      }
      return;
    }
    default: {  // pipeline statistics
      uint64_t v[kStatisticCount], captured[kStatisticCount];
      if (!readSegments(*device, *q, v, kStatisticCount) || !readSegments(*device, *q, captured, kStatisticCount, true))
        return device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
      if (!pData) return;
      D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS s = q->cpuStatistics;
      s.IAVertices += v[kIAVertices];
      const uint64_t assembled = countedPrimitives(q->primitiveRanges, 0), clipped = countedPrimitives(q->primitiveRanges, 1);
      const uint64_t emitted = countedPrimitives(q->geometryShaderPrimitiveRanges, 0),
                     emittedClipped = countedPrimitives(q->geometryShaderPrimitiveRanges, 1);
      s.IAPrimitives += v[kIAPrimitives] + assembled + captured[kIAPrimitives];
      s.VSInvocations += v[kVSInvocations];
      s.GSInvocations += v[kGSInvocations] + captured[kGSInvocations];
      s.GSPrimitives += v[kGSPrimitives] + captured[kGSPrimitives];
      s.CInvocations += v[kCInvocations] + assembled + emitted;
      s.CPrimitives += v[kCPrimitives] + clipped + emittedClipped;
      s.PSInvocations += countingSupported(*device) ? countedInvocations(*q) : v[kPSInvocations];
      s.HSInvocations += v[kHSInvocations];
      s.DSInvocations += v[kDSInvocations];
      std::memcpy(pData, &s, size);  // the D3D10 layout is the D3D11 one's first 8 members
      return;
    }
  }
}

}  // namespace d3dvk::umd
