// ddi/umd/d3d12/indirect12.cpp — see indirect12.h.
#include "indirect12.h"

#include "command_list12.h"
#include "d3dvk_checked_math.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "dispatch_count_shader.h"  // translate/indirect
#include "pipeline_state12.h"
#include "resource12.h"

#include <algorithm>
#include <new>
#include <string>
#include <vector>

namespace d3dvk::umd12 {

namespace {

// The bytes one argument of `kind` takes in the buffer (D3D12's structs, Vulkan's layouts).
UINT argumentBytes(CommandSignature12::Kind kind) {
  switch (kind) {
    case CommandSignature12::Kind::Draw: return sizeof(VkDrawIndirectCommand);
    case CommandSignature12::Kind::DrawIndexed: return sizeof(VkDrawIndexedIndirectCommand);
    case CommandSignature12::Kind::Dispatch: return sizeof(VkDispatchIndirectCommand);
  }
  return 0;
}

SIZE_T APIENTRY calcPrivateCommandSignatureSize(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001*) try {
  return sizeof(CommandSignature12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createCommandSignature(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001* args,
                                        D3D12DDI_HCOMMANDSIGNATURE hSignature) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !args || !hSignature.pDrvPrivate || !args->pArgumentDescs) return E_INVALIDARG;
  if (args->NumArgumentDescs != 1) {
    device->message(E_NOTIMPL, "CreateCommandSignature: only signatures of one DRAW, DRAW_INDEXED or DISPATCH argument "
                               "are supported (arguments that change bindings are not)");
    return E_NOTIMPL;
  }
  CommandSignature12 signature;
  switch (args->pArgumentDescs[0].Type) {
    case D3D12DDI_INDIRECT_ARGUMENT_TYPE_DRAW: signature.kind = CommandSignature12::Kind::Draw; break;
    case D3D12DDI_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED: signature.kind = CommandSignature12::Kind::DrawIndexed; break;
    case D3D12DDI_INDIRECT_ARGUMENT_TYPE_DISPATCH: signature.kind = CommandSignature12::Kind::Dispatch; break;
    default:
      device->message(E_NOTIMPL, "CreateCommandSignature: argument type " +
                                     std::to_string(int(args->pArgumentDescs[0].Type)) + " is not supported");
      return E_NOTIMPL;
  }
  signature.byteStride = args->ByteStride;
  if (signature.byteStride < argumentBytes(signature.kind) || signature.byteStride % 4) return E_INVALIDARG;
  new (hSignature.pDrvPrivate) CommandSignature12(signature);
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyCommandSignature(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDSIGNATURE hSignature) try {
  if (CommandSignature12* signature = CommandSignature12::from(hSignature)) signature->~CommandSignature12();
} D3DVK_CATCH_VOID

VOID APIENTRY executeIndirect(D3D12DDI_HCOMMANDLIST hList, D3D12DDI_HCOMMANDSIGNATURE hSignature, UINT maxCommandCount,
                              D3D12DDIARG_BUFFER_PLACEMENT argumentBuffer, D3D12DDIARG_BUFFER_PLACEMENT countBuffer) try {
  CommandList12* list = CommandList12::from(hList);
  if (!list) return;
  CommandSignature12* signature = CommandSignature12::from(hSignature);
  Resource12* arguments = Resource12::from(argumentBuffer.BaseAddress.UMD.hResource);
  if (!signature || !arguments) return list->recorder.fail(E_INVALIDARG, "ExecuteIndirect without a signature or an argument buffer");
  list->recorder.executeIndirect(*signature, maxCommandCount, *arguments, argumentBuffer.BaseAddress.UMD.Offset,
                                 Resource12::from(countBuffer.BaseAddress.UMD.hResource), countBuffer.BaseAddress.UMD.Offset);
} D3DVK_CATCH_VOID

}  // namespace

std::unique_ptr<InternalComputePipeline12> createDispatchCountPipeline(vk::Device& device, VkResult* result) {
  return createInternalComputePipeline(device, 1, indirect::kDispatchCountPushBytes, indirect::dispatchCountShaderSpirv(),
                                       result);
}

void CommandRecorder12::executeIndirect(const CommandSignature12& signature, UINT maxCount, Resource12& arguments,
                                        UINT64 argumentOffset, Resource12* count, UINT64 countOffset) {
  const UINT bytes = argumentBytes(signature.kind);
  if (!arguments.isBuffer() || (count && !count->isBuffer()))
    return fail(E_INVALIDARG, "ExecuteIndirect: the argument and count buffers must be buffers");
  if (argumentOffset % 4 || countOffset % 4) return fail(E_INVALIDARG, "ExecuteIndirect: a buffer offset is not a multiple of 4");
  if (maxCount == 0) return;
  if (!stridedFitsWithin(argumentOffset, maxCount, signature.byteStride, bytes, arguments.desc.Width))
    return fail(E_INVALIDARG, "ExecuteIndirect: MaxCommandCount commands reach past the argument buffer");
  if (count && !fitsWithin(countOffset, 4, count->desc.Width))
    return fail(E_INVALIDARG, "ExecuteIndirect: the count is past the count buffer");
  const VkBuffer args = arguments.buffer->handle();
  const vk::Device& vk = device_->vk();

  if (signature.kind == CommandSignature12::Kind::Dispatch) {
    PipelineState12* pso = state_.pipeline;
    if (!pso || !pso->compute) return fail(E_INVALIDARG, "ExecuteIndirect (DISPATCH) without a compute pipeline state");
    if (!state_.compute.signature)
      return fail(E_INVALIDARG, "ExecuteIndirect (DISPATCH) without a compute root signature (SetComputeRootSignature)");
    if (!rootSignatureMatches(*pso, state_.compute, "ExecuteIndirect (DISPATCH)")) return;
    // Every command goes through a scratch copy, whose commands past the count
    // (Vulkan has no vkCmdDispatchIndirectCount) and whose commands of more than
    // 65535 groups in a dimension are zeroed on the GPU (dispatch_count.comp).
    const UINT64 groups = (UINT64(maxCount) + indirect::kDispatchCountGroupSize - 1) / indirect::kDispatchCountGroupSize;
    if (groups > vk.info().properties.limits.maxComputeWorkGroupCount[0])
      return fail(E_NOTIMPL, "ExecuteIndirect: MaxCommandCount is too large for a DISPATCH signature");
    VkResult result = VK_SUCCESS;
    InternalComputePipeline12* zeroing = device_->dispatchCount(&result);
    if (!zeroing) return fail(Device12::hresultFor(result), "ExecuteIndirect: creating the dispatch-count pipeline failed");
    const VkDeviceSize scratchBytes =
        indirect::kDispatchCountArgumentsOffset + VkDeviceSize(maxCount) * indirect::kDispatchCommandBytes;
    if (scratchBytes > vk.info().properties.limits.maxStorageBufferRange)
      return fail(E_NOTIMPL, "ExecuteIndirect: MaxCommandCount is too large for a DISPATCH signature (its copy "
                             "would exceed the Vulkan device's storage-buffer range)");
    const VkBuffer scratch = transient_ ? transient_->deviceBuffer(scratchBytes,
                                                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                                       VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                                                       VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                                   &result)
                                        : VK_NULL_HANDLE;
    if (!scratch) return fail(Device12::hresultFor(result), "ExecuteIndirect: the dispatch-count scratch buffer");
    const VkDescriptorSet set = transient_->allocate(zeroing->setLayout->handle(), &result);
    if (!set) return fail(Device12::hresultFor(result), "ExecuteIndirect: the dispatch-count descriptor set");
    const VkDescriptorBufferInfo bufferInfo{scratch, 0, scratchBytes};
    VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &bufferInfo;
    vkUpdateDescriptorSets(vk.handle(), 1, &write, 0, nullptr);
    std::vector<VkBufferCopy> regions;
    if (signature.byteStride == indirect::kDispatchCommandBytes)
      regions.push_back({argumentOffset, indirect::kDispatchCountArgumentsOffset,
                         VkDeviceSize(maxCount) * indirect::kDispatchCommandBytes});
    else
      for (UINT i = 0; i < maxCount; ++i)
        regions.push_back({argumentOffset + UINT64(i) * signature.byteStride,
                           indirect::kDispatchCountArgumentsOffset + VkDeviceSize(i) * indirect::kDispatchCommandBytes,
                           indirect::kDispatchCommandBytes});
    VkCommandBuffer copy = command();
    if (!copy) return;
    if (count) {
      const VkBufferCopy countRegion{countOffset, 0, 4};
      vkCmdCopyBuffer(copy, count->buffer->handle(), scratch, 1, &countRegion);
    } else {
      vkCmdFillBuffer(copy, scratch, 0, 4, maxCount);  // no count buffer: every command counts
    }
    vkCmdCopyBuffer(copy, args, scratch, uint32_t(regions.size()), regions.data());
    VkCommandBuffer zero = command();  // after a full barrier: the copies are visible
    vkCmdBindPipeline(zero, VK_PIPELINE_BIND_POINT_COMPUTE, zeroing->pipeline->handle());
    vkCmdBindDescriptorSets(zero, VK_PIPELINE_BIND_POINT_COMPUTE, zeroing->layout->handle(), 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(zero, zeroing->layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, indirect::kDispatchCountPushBytes,
                       &maxCount);
    vkCmdDispatch(zero, uint32_t(groups), 1, 1);
    const VkBuffer source = scratch;
    const UINT64 firstOffset = indirect::kDispatchCountArgumentsOffset, stride = indirect::kDispatchCommandBytes;
    VkCommandBuffer cmd = command();  // after a full barrier: the zeroed arguments are visible to indirect reads
    if (!cmd) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pso->pipeline->handle());
    if (!bindRootArguments(cmd, *pso, state_.compute)) return;
    predicated(cmd, [&] {
      for (UINT i = 0; i < maxCount; ++i) vkCmdDispatchIndirect(cmd, source, firstOffset + UINT64(i) * stride);
    });
    return;
  }

  const bool indexed = signature.kind == CommandSignature12::Kind::DrawIndexed;
  const DrawTargets12* prepared = prepareDraw(indexed);
  if (!prepared) return;
  const DrawTargets12& targets = *prepared;
  // The exact conservative fallback plans each draw from its counts: they are
  // read back when the list executes (deferred_draw12.h).
  if (state_.pipeline->needsFallback) {
    return deferIndirect(signature, maxCount, arguments, argumentOffset, count, countOffset, targets);
  }
  if (count && !vk.drawIndirectCountEnabled())
    return fail(E_NOTIMPL, "ExecuteIndirect with a count buffer needs the Vulkan device's drawIndirectCount feature, "
                           "which it lacks");
  const UINT limit = vk.info().properties.limits.maxDrawIndirectCount;
  if (maxCount > limit)
    return fail(E_NOTIMPL, ("ExecuteIndirect: MaxCommandCount is above the Vulkan device's maxDrawIndirectCount (" +
                            std::to_string(limit) + ")").c_str());
  // Lavapipe (Mesa 22.3) reads an indexed indirect draw's indices from the start
  // of the index buffer, ignoring the bound offset: the bound range is copied to
  // the start of a scratch buffer first and bound from there.
  VkBuffer indexCopy = VK_NULL_HANDLE;
  const DrawState12::IndexBuffer& ib = state_.indexBuffer;
  if (indexed && ib.resource && ib.offset) {
    const UINT64 available = ib.offset < ib.resource->desc.Width ? ib.resource->desc.Width - ib.offset : 0;
    const UINT64 size = ib.size ? std::min<UINT64>(ib.size, available) : available;
    if (size) {
      indexCopy = scratchBuffer(size, nullptr, 0, VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
      VkCommandBuffer copy = indexCopy ? command() : VK_NULL_HANDLE;
      if (!copy) return;
      const VkBufferCopy region{ib.offset, 0, size};
      vkCmdCopyBuffer(copy, ib.resource->buffer->handle(), indexCopy, 1, &region);
    }
  }
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!beginDraw(&cmd, indexed, targets, true)) return;  // its full barrier orders the copy before the draw
  if (indexCopy)
    vkCmdBindIndexBuffer(cmd, indexCopy, 0, ib.format == DXGI_FORMAT_R16_UINT ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32);
  // A stream-output PSO captures every command's primitives, appending in
  // order (one transform-feedback scope over the indirect draws, as a direct draw's).
  const bool capturing = beginStreamOutput(cmd);
  predicated(cmd, [&] {
    if (count) {
      const VkBuffer counts = count->buffer->handle();
      if (indexed) vkCmdDrawIndexedIndirectCount(cmd, args, argumentOffset, counts, countOffset, maxCount, signature.byteStride);
      else vkCmdDrawIndirectCount(cmd, args, argumentOffset, counts, countOffset, maxCount, signature.byteStride);
    } else if (vk.enabledFeatures().multiDrawIndirect) {
      if (indexed) vkCmdDrawIndexedIndirect(cmd, args, argumentOffset, maxCount, signature.byteStride);
      else vkCmdDrawIndirect(cmd, args, argumentOffset, maxCount, signature.byteStride);
    } else {
      for (UINT i = 0; i < maxCount; ++i) {
        const VkDeviceSize offset = argumentOffset + UINT64(i) * signature.byteStride;
        if (indexed) vkCmdDrawIndexedIndirect(cmd, args, offset, 1, 0);
        else vkCmdDrawIndirect(cmd, args, offset, 1, 0);
      }
    }
  });
  if (capturing) endStreamOutput(cmd);
  endRenderPass();
}

void fillIndirectDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateCommandSignatureSize = &calcPrivateCommandSignatureSize;
  f.pfnCreateCommandSignature = &createCommandSignature;
  f.pfnDestroyCommandSignature = &destroyCommandSignature;
}

void fillIndirectCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnExecuteIndirect = &executeIndirect; }

}  // namespace d3dvk::umd12
