// ddi/umd/recorder.cpp — see recorder.h.
#include "recorder.h"

#include "device.h"
#include "driver_query.h"
#include "driver_resource.h"
#include "fallback_batch.h"
#include "resource_format.h"  // translate/state

#include <algorithm>

namespace d3dvk::umd {

VkCommandBuffer Recorder::open(VkResult* failure, const RenderPassKey* pass) {
  {
    // Any other command: consecutive fallback draws end here (fallback_batch.h),
    // not predicated (a draw joins a batch only while no condition is active).
    const VkBuffer word = predicateWord_;
    predicateWord_ = VK_NULL_HANDLE;
    flushFallbackBatch(device_);
    predicateWord_ = word;
  }
  VkResult result = VK_SUCCESS;
  bool opened = false;
  VkCommandBuffer cmd = device_.queue().record(&result, &opened);
  if (failure) *failure = result;
  if (!cmd) {
    if (!failure) device_.setVkError(result);
    return VK_NULL_HANDLE;
  }
  if (opened) {
    // The batch's leading barrier orders it after everything before; what is
    // bound belongs to the previous command buffer.
    ++epoch_;
    untrackedWork_ = anyWork_ = false;
    passOpen_ = false;
    conditional_ = Conditional::Off;
    bound_ = BoundCommandState{};
  }
  if (!pendingClears_.empty()) recordPendingClears(cmd, pass);
  return cmd;
}

namespace {
// Whether `pass` loads `c`: its view an attachment of exactly the view's area,
// one layer. (A depth view's clear has only the aspects the view writes,
// clearDepthStencilView: its load op never writes an aspect the pass's
// read-only layout keeps.)
bool loads(const RenderPassKey& pass, const PendingClear& c) {
  if (pass.width != c.width || pass.height != c.height || pass.layers != c.range.layerCount) return false;
  if (c.range.aspectMask & VK_IMAGE_ASPECT_COLOR_BIT)
    return std::find(pass.colors, pass.colors + pass.colorCount, c.view) != pass.colors + pass.colorCount;
  return pass.depth == c.view;
}
}  // namespace

void Recorder::recordPendingClears(VkCommandBuffer cmd, const RenderPassKey* pass) {
  bool recorded = false;
  size_t kept = 0;
  for (PendingClear& c : pendingClears_) {
    if (pass && loads(*pass, c)) {
      pendingClears_[kept++] = c;
      continue;
    }
    // As untracked commands: each after everything before it.
    if (!recorded) endRenderPass();
    if (anyWork_ || recorded) fullBarrier(cmd);
    recorded = true;
    transitionImage(cmd, *c.resource, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    if (c.range.aspectMask & VK_IMAGE_ASPECT_COLOR_BIT)
      vkCmdClearColorImage(cmd, c.resource->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &c.imageValue, 1,
                           &c.range);
    else
      vkCmdClearDepthStencilImage(cmd, c.resource->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                  &c.attachmentValue.depthStencil, 1, &c.range);
    markUsed(device_, *c.resource);
  }
  pendingClears_.resize(kept);
  if (recorded) untrackedWork_ = anyWork_ = true;
}

bool Recorder::deferClear(const PendingClear& clear) {
  if (predicateWord_ || fallbackBatchOpen(device_)) return false;
  // An attachment of the open instance (bound no more): a draw into it again begins a new one.
  if (passOpen_ && (std::find(pass_.colors, pass_.colors + pass_.colorCount, clear.view) != pass_.colors + pass_.colorCount ||
                    pass_.depth == clear.view))
    endRenderPass();
  // A later clear of the same view and aspects replaces an earlier one.
  for (PendingClear& c : pendingClears_)
    if (c.owner == clear.owner && (clear.range.aspectMask & c.range.aspectMask) == c.range.aspectMask) {
      c = clear;
      return true;
    }
  pendingClears_.push_back(clear);
  return true;
}

void Recorder::forgetView(const void* owner) {
  if (pendingClears_.empty()) return;
  if (std::none_of(pendingClears_.begin(), pendingClears_.end(), [&](const PendingClear& c) { return c.owner == owner; }))
    return;
  open();  // records them all (in order)
}

void Recorder::endConditional(VkCommandBuffer cmd) {
  if (conditional_ == Conditional::Off) return;
  vkCmdEndConditionalRenderingEXT(cmd);
  conditional_ = Conditional::Off;
}

void Recorder::syncConditional(VkCommandBuffer cmd, bool inPass) {
  const bool matches = conditional_ != Conditional::Off && conditionalWord_ == predicateWord_ &&
                       conditionalOffset_ == predicateOffset_ && conditionalInverted_ == predicateInverted_;
  if (conditional_ == Conditional::Outside && (inPass || !matches)) {
    endRenderPass();  // begun outside: it must end outside
    endConditional(cmd);
  } else if (conditional_ == Conditional::InPass && !matches) {
    endConditional(cmd);  // inside the instance it began in
  }
  if (!predicateWord_ || conditional_ != Conditional::Off) return;
  if (inPass && !passOpen_) return;  // beginRenderPass begins it
  VkConditionalRenderingBeginInfoEXT begin{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  begin.buffer = predicateWord_;
  begin.offset = predicateOffset_;
  begin.flags = predicateInverted_ ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
  vkCmdBeginConditionalRenderingEXT(cmd, &begin);
  conditional_ = inPass ? Conditional::InPass : Conditional::Outside;
  conditionalWord_ = predicateWord_;
  conditionalOffset_ = predicateOffset_;
  conditionalInverted_ = predicateInverted_;
}

void Recorder::fullBarrier(VkCommandBuffer cmd) {
  vk::fullBarrier(cmd);
  ++epoch_;
  untrackedWork_ = anyWork_ = false;
}

VkCommandBuffer Recorder::outsideRenderPass() {
  VkCommandBuffer cmd = open();
  if (cmd) endRenderPass();
  return cmd;
}

VkCommandBuffer Recorder::untracked() {
  VkResult result = VK_SUCCESS;
  VkCommandBuffer cmd = untracked(&result);
  if (!cmd) device_.setVkError(result);
  return cmd;
}

VkCommandBuffer Recorder::untracked(VkResult* result) {
  VkCommandBuffer cmd = open(result);
  if (!cmd) return VK_NULL_HANDLE;
  endRenderPass();
  if (anyWork_) fullBarrier(cmd);
  // What the command records is unknown: the next command is ordered after it.
  untrackedWork_ = anyWork_ = true;
  // It binds its own pipelines, sets and dynamic state.
  bound_ = BoundCommandState{};
  if (!device_.activeQueries.empty()) resumeQueries(device_, cmd);
  syncConditional(cmd, false);
  return cmd;
}

VkCommandBuffer Recorder::tracked(const RenderPassKey* pass) {
  VkCommandBuffer cmd = open(nullptr, pass);
  if (!cmd) return VK_NULL_HANDLE;
  if (!device_.activeQueries.empty() && queriesNeedSegment(device_)) {
    endRenderPass();  // segments begin outside render passes (and may span several)
    resumeQueries(device_, cmd);
  }
  if (untrackedWork_) needBarrier_ = true;
  syncConditional(cmd, true);
  return cmd;
}

void Recorder::access(Resource& r, bool write, VkImageLayout layout) {
  // Written since the last barrier, or (for a write) read since then: a hazard.
  if (r.writeEpoch == epoch_ || (write && r.readEpoch == epoch_)) needBarrier_ = true;
  if (layout != VK_IMAGE_LAYOUT_UNDEFINED && r.image && r.layout != layout) {
    VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
    b.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    b.srcAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
    b.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    b.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
    b.oldLayout = r.layout;
    b.newLayout = layout;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = r.image->handle();
    b.subresourceRange = {state::formatAspects(*r.format), 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
    imageBarriers_.push_back(b);
    r.layout = layout;
  }
  declared_.push_back({&r, write});
}

void Recorder::barrier(VkCommandBuffer cmd) {
  if (needBarrier_ || !imageBarriers_.empty()) {
    endRenderPass();
    VkMemoryBarrier2 memory{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
    memory.srcStageMask = memory.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    memory.srcAccessMask = memory.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
    VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dep.memoryBarrierCount = 1;
    dep.pMemoryBarriers = &memory;
    dep.imageMemoryBarrierCount = uint32_t(imageBarriers_.size());
    dep.pImageMemoryBarriers = imageBarriers_.data();
    vkCmdPipelineBarrier2(cmd, &dep);
    ++epoch_;
    untrackedWork_ = false;
    imageBarriers_.clear();
    needBarrier_ = false;
  }
  const uint64_t serial = device_.queue().openSerial();
  for (const Declared& d : declared_) {
    d.resource->readEpoch = epoch_;
    if (d.write) d.resource->writeEpoch = epoch_;
    d.resource->lastUse = serial;
  }
  declared_.clear();
  anyWork_ = true;
}

void Recorder::beginRenderPass(VkCommandBuffer cmd, const RenderPassKey& key) {
  endRenderPass();
  VkRenderingAttachmentInfo colors[RenderPassKey::kMaxColors];
  for (uint32_t i = 0; i < key.colorCount; ++i) {
    colors[i] = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    if (!key.colors[i]) continue;  // imageView VK_NULL_HANDLE: the slot is unused
    colors[i].imageView = key.colors[i];
    colors[i].imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    colors[i].loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    colors[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  }
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingAttachmentInfo stencil{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, {key.width, key.height}};
  rendering.layerCount = key.layers;
  rendering.colorAttachmentCount = key.colorCount;
  rendering.pColorAttachments = colors;
  if (key.depth) {
    depth.imageView = key.depth;
    depth.imageLayout = key.depthLayout;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    stencil = depth;
    rendering.pDepthAttachment = &depth;
    if (key.stencil) rendering.pStencilAttachment = &stencil;
  }
  // The pending clears of these attachments (tracked() recorded the others) are their load ops.
  for (const PendingClear& c : pendingClears_) {
    if (!loads(key, c)) continue;  // (none: tracked() recorded them)
    if (c.range.aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) {
      for (uint32_t i = 0; i < key.colorCount; ++i)
        if (key.colors[i] == c.view) colors[i].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, colors[i].clearValue = c.attachmentValue;
      continue;
    }
    if (c.range.aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT) depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, depth.clearValue = c.attachmentValue;
    if (c.range.aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT)
      stencil.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, stencil.clearValue = c.attachmentValue;
  }
  std::erase_if(pendingClears_, [&](const PendingClear& c) { return loads(key, c); });
  vkCmdBeginRendering(cmd, &rendering);
  passOpen_ = true;
  pass_ = key;
  passCmd_ = cmd;
  syncConditional(cmd, true);
}

void Recorder::endRenderPass() {
  if (!passOpen_) return;
  if (conditional_ == Conditional::InPass) endConditional(passCmd_);
  vkCmdEndRendering(passCmd_);
  passOpen_ = false;
}

void Recorder::beforeSubmit(VkCommandBuffer cmd) {
  const VkBuffer word = predicateWord_;
  predicateWord_ = VK_NULL_HANDLE;  // the batch's fallback draws are not predicated (see open())
  flushFallbackBatch(device_);
  predicateWord_ = word;
  if (!pendingClears_.empty()) recordPendingClears(cmd, nullptr);
  endRenderPass();
  endConditional(cmd);  // a command buffer ends without it
}

}  // namespace d3dvk::umd
