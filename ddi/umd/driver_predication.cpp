// ddi/umd/driver_predication.cpp — see driver_predication.h.
#include "driver_predication.h"

#include "device.h"
#include "driver_query.h"
#include "internal_compute12.h"
#include "predicate_fold.h"
#include "vk_resources.h"

#include <mutex>

namespace d3dvk::umd {
namespace {

bool isPredicateType(D3D10DDI_QUERY type) {
  switch (type) {
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE:
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2:
    case D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3: return true;
    default: return false;
  }
}

// The set predicate's condition word, when its commands render conditionally.
bool gpuCondition(const Device& device) {
  const Query* q = device.predication.query;
  return q && q->state == Query::State::Issued && q->conditionWritten && q->conditionWord;
}

}  // namespace

bool predicatedOut(Device& device) {
  Predication& p = device.predication;
  if (!p.query || p.query->state != Query::State::Issued) return false;  // never issued, or building: nothing
  if (p.verdict < 0) {
    bool result = false;
    p.verdict = waitPredicateResult(device, *p.query, &result) && result == p.value ? 1 : 0;
  }
  return p.verdict == 1;
}

void predicateRestarted(Device& device, Query& q) {
  if (device.predication.query == &q) device.predication.verdict = -1;
  q.conditionWritten = false;
}

void predicateEnded(Device& device, Query& q) {
  predicateRestarted(device, q);
  if (q.type != D3D10DDI_QUERY_OCCLUSIONPREDICATE || !device.vk().conditionalRenderingEnabled()) return;
  VkResult result = VK_SUCCESS;
  if (!device.predicateFold) {
    device.predicateFold = createPredicateFoldPipeline(device.vk(), &result);
    if (!device.predicateFold) return device.setVkError(result);
  }
  if (!q.conditionWord) {
    q.conditionWord = vk::Buffer::create(device.vk(), 4,
                                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                             VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT |
                                             VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         false, &result);
    if (!q.conditionWord) return device.setVkError(result);
  }
  const uint32_t count = uint32_t(q.slots.size());
  const VkDeviceSize bytes = VkDeviceSize(count) * 8;
  if (count && (!q.conditionValues || q.conditionValues->size() < bytes)) {
    if (q.conditionValues) device.queue().releaseAfter(device.queue().openSerial(), std::move(q.conditionValues));
    VkDeviceSize size = 64;
    while (size < bytes) size *= 2;
    q.conditionValues = vk::Buffer::create(device.vk(), size,
                                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                           false, &result);
    if (!q.conditionValues) return device.setVkError(result);
  }
  // After a full barrier: the segments' ends, and earlier reads of the word.
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  const VkBuffer word = q.conditionWord->handle();
  if (count == 0) {  // nothing was recorded while it was building: no sample passed
    vkCmdFillBuffer(cmd, word, 0, 4, 0);
    q.conditionWritten = true;
    return;
  }
  const VkBuffer values = q.conditionValues->handle();
  for (uint32_t i = 0; i < count; ++i)
    vkCmdCopyQueryPoolResults(cmd, q.slots[i].pool->handle(), q.slots[i].index, 1, values, VkDeviceSize(i) * 8, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  const VkDescriptorSet set = device.descriptors().allocate(device.predicateFold->setLayout->handle(), device.queue(), &result);
  if (!set) return device.setVkError(result);
  cmd = device.record();  // the copies before the fold; the next command after it
  if (!cmd) return;
  recordPredicateFold(device.vk(), cmd, *device.predicateFold, set, values, 0, count, word, 0);
  q.conditionWritten = true;
}

PredicatedCommand::PredicatedCommand(Device& device) : device_(device), gpu_(gpuCondition(device)) {
  if (gpu_) device.recorder().predicate(device.predication.query->conditionWord->handle(), 0, device.predication.value);
}

PredicatedCommand::~PredicatedCommand() {
  if (gpu_) device_.recorder().predicate(VK_NULL_HANDLE, 0, false);
}

bool PredicatedCommand::skipped() const { return !gpu_ && predicatedOut(device_); }

VOID APIENTRY setPredication(D3D10DDI_HDEVICE hDevice, D3D10DDI_HQUERY hQuery, BOOL value) {
  Device* device = Device::from(hDevice);
  Query* q = Query::from(hQuery);
  if (q && !isPredicateType(q->type)) return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  // Nothing is recorded: the next predicated command renders under the new
  // condition (an open render-pass instance stays open).
  device->predication = {q, value != FALSE, -1};
}

}  // namespace d3dvk::umd
