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

void CommandRecorder12::unpredicated(const char* command) {
  if (predicate_.word)
    warnOnce(std::string(command) + " under SetPredication: Vulkan renders only draws, dispatches and attachment "
                                    "clears conditionally, so it runs whatever the predicate holds");
}

namespace {

VOID APIENTRY setPredication(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HRESOURCE hBuffer, UINT64 offset,
                             D3D12DDI_PREDICATION_OP op) try {
  if (CommandList12* list = CommandList12::from(hList)) list->recorder.setPredication(Resource12::from(hBuffer), offset, op);
} D3DVK_CATCH_VOID

}  // namespace

void fillPredicationCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnSetPredication = &setPredication; }

}  // namespace d3dvk::umd12
