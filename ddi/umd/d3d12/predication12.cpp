// ddi/umd/d3d12/predication12.cpp — D3D12 SetPredication through
// VK_EXT_conditional_rendering (command_recorder12.h): the DDI entry, the
// predicate folded to 32 bits by the fold both APIs share
// (predicate_fold.h) into a word of the allocator's transient memory, and the
// warning for the transfer commands Vulkan cannot render conditionally.
#include "command_list12.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "internal_compute12.h"
#include "predicate_fold.h"
#include "resource12.h"

namespace d3dvk::umd12 {

std::unique_ptr<InternalComputePipeline12> createPredicatePipeline(vk::Device& device, VkResult* result) {
  return umd::createPredicateFoldPipeline(device, result);
}

void CommandRecorder12::setPredication(Resource12* buffer, UINT64 offset, D3D12DDI_PREDICATION_OP op) {
  flushDeferredWork();  // what waits was recorded before the predicate changed
  if (!cmd_) return;
  if (!buffer) {
    predicate_ = {};
    return;
  }
  if (!buffer->isBuffer() || offset % 8 || offset > buffer->desc.Width || buffer->desc.Width - offset < 8)
    return fail(E_INVALIDARG, "SetPredication: the predicate (8 bytes at an offset that is a multiple of 8) is not "
                              "within the buffer");
  if (op != D3D12DDI_PREDICATION_OP_EQUAL_ZERO && op != D3D12DDI_PREDICATION_OP_NOT_EQUAL_ZERO)
    return fail(E_INVALIDARG, "SetPredication: Operation is not a D3D12_PREDICATION_OP");
  const vk::Device& vk = device_->vk();
  if (!vk.conditionalRenderingEnabled())
    return fail(E_NOTIMPL, "SetPredication needs VK_EXT_conditional_rendering, which the Vulkan device lacks");
  VkResult result = VK_SUCCESS;
  InternalComputePipeline12* fold = device_->predicatePipeline(&result);
  if (!fold) return fail(Device12::hresultFor(result), "SetPredication: creating the predicate pipeline failed");
  const VkBuffer word = transient_ ? transient_->deviceBuffer(4,
                                                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                                  VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT,
                                                              &result)
                                   : VK_NULL_HANDLE;
  if (!word) return fail(Device12::hresultFor(result), "SetPredication: the predicate word");
  const VkDescriptorSet set = transient_->allocate(fold->setLayout->handle(), &result);
  if (!set) return fail(Device12::hresultFor(result), "SetPredication: the predicate descriptor set");
  // An internal step: after a full barrier (the application's barrier to
  // PREDICATION), and one before the next command (the conditional read).
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  umd::recordPredicateFold(vk, cmd, *fold, set, buffer->buffer->handle(), offset, 1, word, 0);
  predicate_.word = word;
  predicate_.inverted = op == D3D12DDI_PREDICATION_OP_NOT_EQUAL_ZERO;
}

void CommandRecorder12::unpredicated(const char* command, const char* why) {
  if (predicate_.word) warnOnce(std::string(command) + " under SetPredication runs whatever the predicate holds: " + why);
}

umd::TransferTarget CommandRecorder12::subresourceTarget(const Resource12& r, VkImageAspectFlags aspect, UINT mip,
                                                         UINT firstSlice, UINT slices) {
  UINT bytes = r.format->bytesPerTexel;  // colour: a texel's, or a compressed block's
  if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) bytes = 1;
  else if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) bytes = r.image->info().format == VK_FORMAT_D16_UNORM ? 2 : 4;
  const bool is3d = r.desc.ResourceType == D3D12DDI_RT_TEXTURE3D;
  // Images live in GENERAL; both aspects of a depth-stencil image change layout together.
  const VkImageAspectFlags all = r.aspects();
  return umd::imageTarget(r.image->handle(), {aspect, mip, is3d ? 0 : firstSlice, is3d ? 1 : slices}, r.mipExtent(mip),
                          r.format->blockDim, bytes, VK_IMAGE_LAYOUT_GENERAL,
                          (all & VK_IMAGE_ASPECT_COLOR_BIT) ? aspect : all);
}

CommandRecorder12::PredicatedTransfer::PredicatedTransfer(CommandRecorder12& recorder, const char* command,
                                                          std::vector<umd::TransferTarget> targets, Resource12* multisampled)
    : recorder_(recorder) {
  if (!recorder.predicate_.word || !recorder.cmd_) return;
  if (multisampled) {
    saveSamples(command, targets, *multisampled);
    return;
  }
  auto plan = std::make_unique<umd::TransferPredicate>(std::move(targets));
  if (!plan->scratchBytes()) return;
  if (!plan->fits(recorder.device_->vk())) {
    recorder.unpredicated(command, "its destination is larger than the device binds as one storage buffer");
    return;
  }
  VkResult result = VK_SUCCESS;
  const InternalComputePipeline12* restore = recorder.device_->restoreWordsPipeline(&result);
  if (!restore) {
    recorder.fail(Device12::hresultFor(result), "a predicated transfer: creating its restore pipeline failed");
    return;
  }
  if (!recorder.transient_) {
    recorder.fail(E_FAIL, "a predicated transfer: no allocator for its scratch memory");
    return;
  }
  saved_ = recorder.transient_->deviceBuffer(plan->scratchBytes(), umd::TransferPredicate::kScratchUsage, &result);
  if (saved_) current_ = recorder.transient_->deviceBuffer(plan->scratchBytes(), umd::TransferPredicate::kScratchUsage, &result);
  if (current_) set_ = recorder.transient_->allocate(restore->setLayout->handle(), &result);
  if (!set_) {
    recorder.fail(Device12::hresultFor(result), "a predicated transfer: its scratch buffers");
    return;
  }
  VkCommandBuffer cmd = recorder.command();  // after the pending barrier: the destination as the transfer finds it
  if (!cmd) return;
  plan->recordSave(cmd, saved_);
  plan_ = std::move(plan);
}

bool CommandRecorder12::PredicatedTransfer::saveSamples(const char* command,
                                                        const std::vector<umd::TransferTarget>& targets,
                                                        Resource12& resource) {
  CommandRecorder12& r = recorder_;
  Device12& device = *r.device_;
  const VkImageCreateInfo& info = resource.image->info();
  for (const umd::TransferTarget& t : targets)
    if (!umd::sampleRestoreSupported(device.vk(), t, info.format, info.samples)) {
      r.unpredicated(command, "a multisampled destination whose format the device does not sample and render to at "
                              "its sample count (or a device without sampleRateShading) cannot be saved and restored");
      return false;
    }
  VkResult result = VK_SUCCESS;
  umd::SampleRestorePipelines* pipelines = device.sampleRestore(&result);
  std::vector<SampleRestore> restores;
  for (const umd::TransferTarget& t : targets) {
    SampleRestore s;
    s.target = t;
    VkImage saved = VK_NULL_HANDLE;
    const indirect::SampleKind kind = umd::restoreSampleKind(t, info.format);
    if (!pipelines || !(s.pipeline = pipelines->pipeline(device.vk(), info.format, info.samples, kind, &result)) ||
        !device.scratchImage(info.format, t.extent, t.layers.layerCount, info.samples,
                             umd::sampleSaveImageInfo(info.format, t.extent, 1, info.samples).usage, t.layers.aspectMask,
                             &saved, &s.savedView, &result) ||
        !(s.set = r.transient_ ? r.transient_->allocate(pipelines->setLayout->handle(), &result) : VK_NULL_HANDLE)) {
      r.fail(Device12::hresultFor(result), "a predicated transfer: saving its multisampled destination");
      return false;
    }
    // The destination's layers as attachments (a depth-stencil image's views have both aspects).
    for (uint32_t layer = 0; layer < t.layers.layerCount; ++layer) {
      const VkImageView view =
          resource.view(*resource.format, t.layers.mipLevel, t.layers.baseArrayLayer + layer, 1, &result);
      if (!view) {
        r.fail(Device12::hresultFor(result), "a predicated transfer: a view of its multisampled destination");
        return false;
      }
      s.layerViews.push_back(view);
    }
    s.saved = saved;
    restores.push_back(std::move(s));
  }
  VkCommandBuffer cmd = r.command();  // after the pending barrier: the destination as the transfer finds it
  if (!cmd) return false;
  for (const SampleRestore& s : restores) umd::recordSampleSave(cmd, s.target, s.saved);
  samples_ = std::move(restores);
  return true;
}

CommandRecorder12::PredicatedTransfer::~PredicatedTransfer() {
  if (!samples_.empty() && recorder_.cmd_) {
    VkResult result = VK_SUCCESS;
    const umd::SampleRestorePipelines* pipelines = recorder_.device_->sampleRestore(&result);  // made by the save
    VkCommandBuffer cmd = recorder_.command();
    if (!cmd || !pipelines) return;
    for (const SampleRestore& s : samples_)
      umd::recordSampleRestore(recorder_.device_->vk(), cmd, *pipelines, s.pipeline, s.set, s.target, s.savedView,
                               s.layerViews, recorder_.predicate_.word, 0, !recorder_.predicate_.inverted);
    return;
  }
  if (!plan_ || !recorder_.cmd_) return;
  VkResult result = VK_SUCCESS;
  const InternalComputePipeline12* restore = recorder_.device_->restoreWordsPipeline(&result);  // made by the constructor
  VkCommandBuffer cmd = recorder_.command();
  if (!cmd || !restore) return;
  // EQUAL_ZERO skips when the folded word is 0; NOT_EQUAL_ZERO when it is 1.
  plan_->recordRestore(recorder_.device_->vk(), cmd, saved_, current_, *restore, set_, recorder_.predicate_.word, 0,
                       !recorder_.predicate_.inverted);
}

namespace {

VOID APIENTRY setPredication(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HRESOURCE hBuffer, UINT64 offset,
                             D3D12DDI_PREDICATION_OP op) try {
  if (CommandList12* list = CommandList12::from(hList)) list->recorder.setPredication(Resource12::from(hBuffer), offset, op);
} D3DVK_CATCH_VOID

}  // namespace

void fillPredicationCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnSetPredication = &setPredication; }

}  // namespace d3dvk::umd12
