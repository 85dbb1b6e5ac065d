// ddi/umd/driver_predication.cpp — see driver_predication.h.
#include "driver_predication.h"
#include "emulated_blocks.h"

#include "device.h"
#include "driver_query.h"
#include "driver_resource.h"
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

namespace {

// The targets a destination's bytes are saved from and restored to.
void addTargets(const TransferDestination& d, std::vector<TransferTarget>* out) {
  const Resource& r = *d.resource;
  if (r.isBuffer() || r.linearTexture()) {  // a staging texture lives in a buffer: all of it
    const VkDeviceSize size = r.isBuffer() ? (d.size ? d.size : r.width) : r.buffer->size();
    out->push_back(bufferTarget(r.buffer->handle(), r.isBuffer() ? r.bufferOffset + d.offset : 0, size));
    return;
  }
  const VkImageAspectFlags all = copyAspects(r);
  const UINT mip = r.mipOf(d.sub);
  const VkExtent3D mipExtent{r.mipWidth(d.sub), r.mipHeight(d.sub), r.mipDepth(d.sub)};
  if (r.blocks) {  // an emulated BC texture (emulated_blocks.h): its blocks and its decoded image
    out->push_back(bufferTarget(r.blocks->handle(), 0, r.blocks->size()));
    for (UINT set = 0; set < r.layerSets; ++set)  // a BC6H_TYPELESS image's two readings
      out->push_back(imageTarget(r.image->handle(),
                                 {VK_IMAGE_ASPECT_COLOR_BIT, mip, r.isTexture3D() ? 0 : r.sliceOf(d.sub) + set * r.arraySize, 1},
                                 mipExtent, 1, texture::bcDecodeFormat(*r.format).texelBytes, VK_IMAGE_LAYOUT_GENERAL, all));
    return;
  }
  const VkExtent3D extent{r.mipWidth(d.sub), r.mipHeight(d.sub), r.mipDepth(d.sub)};
  for (VkImageAspectFlags aspect : {VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT}) {
    if (!(all & aspect)) continue;
    UINT bytes = r.format->bytesPerTexel;  // colour: a texel's, or a compressed block's
    if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) bytes = 1;
    else if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) bytes = r.image->info().format == VK_FORMAT_D16_UNORM ? 2 : 4;
    out->push_back(imageTarget(r.image->handle(), {aspect, mip, r.isTexture3D() ? 0 : r.sliceOf(d.sub), 1}, extent,
                               r.format->blockDim, bytes, VK_IMAGE_LAYOUT_GENERAL, all));
  }
}

}  // namespace

std::vector<TransferDestination> subresourceDestinations(Resource& r, UINT firstMip, UINT mips, UINT firstSlice,
                                                         UINT slices) {
  if (r.isBuffer()) return {{&r}};
  if (r.isTexture3D()) firstSlice = 0, slices = 1;
  std::vector<TransferDestination> out;
  for (UINT slice = firstSlice; slice < firstSlice + slices; ++slice)
    for (UINT mip = firstMip; mip < firstMip + mips; ++mip) out.push_back({&r, mip + slice * r.mipLevels});
  return out;
}

PredicatedTransfer::PredicatedTransfer(Device& device, std::vector<TransferDestination> destinations)
    : device_(device), destinations_(std::move(destinations)) {
  if (!device.predication.query) return;
  bool gpu = gpuCondition(device);
  if (gpu && destinations_.size() == 1 && destinations_.front().resource &&
      !destinations_.front().resource->isBuffer() && !destinations_.front().resource->linearTexture() &&
      destinations_.front().resource->samples > 1 && saveSamples(destinations_.front()))
    return;
  std::vector<TransferTarget> targets;
  for (const TransferDestination& d : destinations_) {
    if (!d.resource || (!d.resource->isBuffer() && !d.resource->linearTexture() && d.resource->samples > 1)) gpu = false;
    if (gpu) addTargets(d, &targets);
  }
  auto plan = std::make_unique<TransferPredicate>(std::move(targets));
  if (gpu && !plan->scratchBytes()) return;  // an empty destination: nothing to undo
  VkResult result = VK_SUCCESS;
  if (gpu && plan->fits(device.vk())) {
    if (!device.restoreWords) device.restoreWords = createRestoreWordsPipeline(device.vk(), &result);
    if (device.restoreWords) saved_ = vk::Buffer::create(device.vk(), plan->scratchBytes(), TransferPredicate::kScratchUsage, false, &result);
    if (saved_) current_ = vk::Buffer::create(device.vk(), plan->scratchBytes(), TransferPredicate::kScratchUsage, false, &result);
    if (current_) set_ = device.descriptors().allocate(device.restoreWords->setLayout->handle(), device.queue(), &result);
    if (!set_) device.setVkError(result);
    VkCommandBuffer cmd = set_ ? device.record() : VK_NULL_HANDLE;  // after a full barrier: the destination as the command finds it
    if (cmd) {
      toGeneral(cmd);
      plan->recordSave(cmd, saved_->handle());
      word_ = device.predication.query->conditionWord->handle();
      skipWhenZero_ = !device.predication.value;  // PredicateValue TRUE: skipped when the result is TRUE (the word 1)
      plan_ = std::move(plan);
      return;
    }
  }
  skipped_ = predicatedOut(device);
}

bool PredicatedTransfer::saveSamples(const TransferDestination& d) {
  Device& device = device_;
  Resource& r = *d.resource;
  std::vector<TransferTarget> targets;
  addTargets(d, &targets);
  const VkImageCreateInfo& info = r.image->info();
  if (targets.size() != 1 || !sampleRestoreSupported(device.vk(), targets.front(), info.format, info.samples))
    return false;
  const TransferTarget& t = targets.front();
  VkResult result = VK_SUCCESS;
  if (!device.sampleRestore) device.sampleRestore = SampleRestorePipelines::create(device.vk(), &result);
  const VkPipeline pipeline =
      device.sampleRestore ? device.sampleRestore->pipeline(device.vk(), info.format, info.samples,
                                                            restoreSampleKind(t, info.format), &result)
                           : VK_NULL_HANDLE;
  if (pipeline)
    samples_.saved = vk::Image::create(device.vk(), sampleSaveImageInfo(info.format, t.extent, t.layers.layerCount, info.samples),
                                       &result);
  VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  viewInfo.format = info.format;
  if (samples_.saved) {  // sampled: the target's aspect
    viewInfo.image = samples_.saved->handle();
    viewInfo.subresourceRange = {t.layers.aspectMask, 0, 1, 0, t.layers.layerCount};
    samples_.savedView = vk::ImageView::create(device.vk(), viewInfo, &result);
  }
  for (uint32_t layer = 0; samples_.savedView && layer < t.layers.layerCount; ++layer) {
    viewInfo.image = r.image->handle();  // attached: every aspect of the image
    viewInfo.subresourceRange = {copyAspects(r), t.layers.mipLevel, 1, t.layers.baseArrayLayer + layer, 1};
    samples_.layerViews.push_back(vk::ImageView::create(device.vk(), viewInfo, &result));
    if (!samples_.layerViews.back()) break;
  }
  const bool views = samples_.savedView && samples_.layerViews.size() == t.layers.layerCount && samples_.layerViews.back();
  if (views) set_ = device.descriptors().allocate(device.sampleRestore->setLayout->handle(), device.queue(), &result);
  VkCommandBuffer cmd = set_ ? device.record() : VK_NULL_HANDLE;  // after a full barrier: the destination as the command finds it
  if (!cmd) {
    if (result != VK_SUCCESS) device.setVkError(result);
    samples_ = {};
    skipped_ = predicatedOut(device);
    return true;  // (the CPU verdict, after reporting)
  }
  toGeneral(cmd);
  recordSampleSave(cmd, t, samples_.saved->handle(), true);
  word_ = device.predication.query->conditionWord->handle();
  skipWhenZero_ = !device.predication.value;  // PredicateValue TRUE: skipped when the result is TRUE (the word 1)
  samples_.target = t;
  samples_.pipeline = pipeline;
  return true;
}

PredicatedTransfer::~PredicatedTransfer() {
  if (samples_.pipeline) {
    if (VkCommandBuffer cmd = device_.record()) {
      toGeneral(cmd);
      std::vector<VkImageView> layers;
      for (const auto& v : samples_.layerViews) layers.push_back(v->handle());
      recordSampleRestore(device_.vk(), cmd, *device_.sampleRestore, samples_.pipeline, set_, samples_.target,
                          samples_.savedView->handle(), layers, word_, 0, skipWhenZero_);
    }
    const uint64_t serial = device_.queue().openSerial();
    device_.queue().releaseAfter(serial, std::move(samples_.saved));
    device_.queue().releaseAfter(serial, std::move(samples_.savedView));
    for (auto& v : samples_.layerViews) device_.queue().releaseAfter(serial, std::move(v));
    return;
  }
  if (!plan_) return;
  VkCommandBuffer cmd = device_.record();
  if (cmd) {
    toGeneral(cmd);
    plan_->recordRestore(device_.vk(), cmd, saved_->handle(), current_->handle(), *device_.restoreWords, set_, word_, 0,
                         skipWhenZero_);
  }
  const uint64_t serial = device_.queue().openSerial();
  device_.queue().releaseAfter(serial, std::move(saved_));
  device_.queue().releaseAfter(serial, std::move(current_));
}

void PredicatedTransfer::toGeneral(VkCommandBuffer cmd) {
  for (const TransferDestination& d : destinations_) {
    Resource& r = *d.resource;
    if (!r.isBuffer() && !r.linearTexture()) transitionImage(cmd, r, VK_IMAGE_LAYOUT_GENERAL);
    markUsed(device_, r);
  }
}

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
