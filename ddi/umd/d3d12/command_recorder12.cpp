// ddi/umd/d3d12/command_recorder12.cpp — see command_recorder12.h.
#include "command_recorder12.h"

#include "d3dvk_checked_math.h"
#include "descriptor_heap12.h"
#include "device12.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <climits>
#include <string>

namespace d3dvk::umd12 {

void CommandRecorder12::begin(Device12& device, VkCommandBuffer cmd, Transient12* transient) {
  device_ = &device;
  error_ = S_OK;
  transient_ = transient;
  state_ = DrawState12{};
  stateReplaced();
  matchedSignature_ = {};
  predicate_ = {};
  pendingBarrier_ = false;
  pendingScope_ = {};
  streamOutputSinceBarrier_ = false;
  forgetBound();
  passOpen_ = false;
  attachmentWrites_.clear();
  pendingTables_.clear();
  for (CachedStageSet& c : stageSets_) c = CachedStageSet{};  // (their sets were the last recording's)
  stageSetUses_ = 0;
  warned_.clear();
  segments_.clear();
  fallbackBatch_.clear();
  flushingFallback_ = false;
  readIndices_ = {};
  activeOcclusion_ = activeStatistics_ = {};
  for (ActiveQuery12& q : activeStreamOutput_) q = {};
  VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  info.flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT;
  VkResult r = vkBeginCommandBuffer(cmd, &info);
  if (r != VK_SUCCESS) {
    cmd_ = VK_NULL_HANDLE;
    error_ = Device12::hresultFor(r);
    return;
  }
  cmd_ = cmd;
  fullBarrier(cmd_);  // after everything submitted before this list
}

VkResult CommandRecorder12::end() {
  if (!cmd_) return VK_ERROR_INITIALIZATION_FAILED;
  flushDeferredWork();
  if (!cmd_) return VK_ERROR_INITIALIZATION_FAILED;
  endRenderPass();
  endOpenQueries();
  fullBarrier(cmd_);
  vk::memoryBarrier(cmd_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                    VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_HOST_WRITE_BIT);
  VkResult r = vkEndCommandBuffer(cmd_);
  segments_.push_back({cmd_, nullptr});
  cmd_ = VK_NULL_HANDLE;
  return r;
}

void CommandRecorder12::fail(HRESULT hr, const char* what) {
  if (device_) device_->message(hr, what);
  else umd::logError(std::string("D3D12 command list: ") + what);
  if (SUCCEEDED(error_)) error_ = hr;
}

void CommandRecorder12::warnOnce(const std::string& what) {
  if (!warned_.insert(what).second) return;
  if (device_) device_->message(S_OK, what);
  else umd::logError("D3D12 command list: " + what);
}


VkCommandBuffer CommandRecorder12::command() {
  flushDeferredWork();
  if (!cmd_) return VK_NULL_HANDLE;
  endRenderPass();
  fullBarrierHere(cmd_);
  pendingBarrier_ = true;  // what the step records is ordered before the next command too
  pendingScope_.all();
  forgetBound();  // it binds its own pipelines, sets and state
  return cmd_;
}

VkCommandBuffer CommandRecorder12::orderedCommand(bool inRenderPass) {
  flushDeferredWork();
  if (!cmd_) return VK_NULL_HANDLE;
  if (pendingBarrier_ || !inRenderPass) endRenderPass();
  if (pendingBarrier_) pendingBarrierHere(cmd_);
  return cmd_;
}

void CommandRecorder12::fullBarrierHere(VkCommandBuffer cmd) {
  fullBarrier(cmd);
  pendingBarrier_ = false;
  pendingScope_ = {};
  streamOutputSinceBarrier_ = false;
  attachmentWrites_.clear();
}

void CommandRecorder12::pendingBarrierHere(VkCommandBuffer cmd) {
  const state::BarrierScope everything = state::resourceStateScope(0);
  if (pendingScope_.src == everything && pendingScope_.dst == everything) return fullBarrierHere(cmd);
  const VkPhysicalDeviceFeatures& f = device_->vk().enabledFeatures();
  vk::memoryBarrier(cmd, state::stagesFor(pendingScope_.src.stages, f.geometryShader, f.tessellationShader),
                    pendingScope_.src.access,
                    state::stagesFor(pendingScope_.dst.stages, f.geometryShader, f.tessellationShader),
                    pendingScope_.dst.access);
  pendingBarrier_ = false;
  pendingScope_ = {};
}

void CommandRecorder12::orderAttachmentWrite(VkCommandBuffer cmd, const Resource12* r) {
  if (r && attachmentWrites_.count(r)) fullBarrierHere(cmd);  // write after write, which D3D12 orders implicitly
  if (r) attachmentWrites_.insert(r);
}

void CommandRecorder12::endRenderPass() {
  if (!passOpen_) return;
  vkCmdEndRendering(cmd_);
  passOpen_ = false;
}

void CommandRecorder12::barrier(UINT count, const D3D12DDIARG_RESOURCE_BARRIER_0003* barriers) {
  flushDeferredWork();  // the batched draws and waiting clears are before the barrier
  if (!cmd_) return;
  for (UINT i = 0; i < count; ++i) {
    const D3D12DDIARG_RESOURCE_BARRIER_0003& b = barriers[i];
    if (b.Type == D3D12DDI_RESOURCE_BARRIER_TYPE_TRANSITION) {
      const uint32_t before = uint32_t(b.Transition.StateBefore), after = uint32_t(b.Transition.StateAfter);
      pendingScope_.transition(before, after);
      // Its attachment writes are ordered before what follows by this barrier
      // (and, chained, by the next one): a new instance needs no other.
      if (before & (D3D12DDI_RESOURCE_STATE_RENDER_TARGET | D3D12DDI_RESOURCE_STATE_DEPTH_WRITE))
        attachmentWrites_.erase(Resource12::from(b.Transition.hResource));
    } else if (b.Type == D3D12DDI_RESOURCE_BARRIER_TYPE_UAV) {
      pendingScope_.unorderedAccess();
    } else {
      pendingScope_.all();
    }
  }
  pendingBarrier_ = true;
}

}  // namespace d3dvk::umd12
