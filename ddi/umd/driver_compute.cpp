// ddi/umd/driver_compute.cpp — see driver_compute.h.
#include "driver_compute.h"

#include "adapter.h"
#include "d3dvk_checked_math.h"
#include "descriptor_binding.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_view.h"
#include "dispatch_count_shader.h"  // translate/indirect
#include "internal_compute12.h"    // the device's internal compute pipelines (shared with D3D12)
#include "pipeline_cache.h"

#include <algorithm>
#include <string>

namespace d3dvk::umd {

void ComputeState::unbind(const Resource* r) {
  for (DrawState::ConstantBuffer& cb : constantBuffers)
    if (cb.buffer == r) cb = {};
}
void ComputeState::unbind(const ShaderResourceView* view) {
  std::replace(std::begin(shaderResources), std::end(shaderResources), const_cast<ShaderResourceView*>(view),
               static_cast<ShaderResourceView*>(nullptr));
}
void ComputeState::unbind(const UnorderedAccessView* view) {
  std::replace(std::begin(unorderedAccessViews), std::end(unorderedAccessViews), const_cast<UnorderedAccessView*>(view),
               static_cast<UnorderedAccessView*>(nullptr));
}
void ComputeState::unbind(const Sampler* sampler) {
  std::replace(std::begin(samplers), std::end(samplers), const_cast<Sampler*>(sampler), static_cast<Sampler*>(nullptr));
}
void ComputeState::unbind(const Shader* s) {
  if (shader == s) shader = nullptr;
}

VOID APIENTRY createComputeShader(D3D10DDI_HDEVICE hDevice, const UINT* code, D3D10DDI_HSHADER hShader,
                                  D3D10DDI_HRTSHADER) {
  createShaderObject(hDevice, code, hShader, dxbc::ProgramType::Compute);
}

VOID APIENTRY csSetShader(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader) {
  Device* device = Device::from(hDevice);
  device->compute.shader = bindableShader(*device, hShader);
}

VOID APIENTRY csSetShaderWithIfaces(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                                    const D3D11DDIARG_POINTERDATA* pointers) {
  Device* device = Device::from(hDevice);
  device->compute.shader = interfaceVariant(*device, hShader, count, tables, pointers);
}

VOID APIENTRY csSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  Device* device = Device::from(hDevice);
  if (start >= DrawState::kShaderResourceSlots || count > DrawState::kShaderResourceSlots - start || (count && !views))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->compute.shaderResources[start + i] = ShaderResourceView::from(views[i]);
}

VOID APIENTRY csSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  Device* device = Device::from(hDevice);
  if (start >= DrawState::kSamplerSlots || count > DrawState::kSamplerSlots - start || (count && !samplers))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->compute.samplers[start + i] = Sampler::from(samplers[i]);
}

VOID APIENTRY csSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  Device* device = Device::from(hDevice);
  if (start >= DrawState::kConstantBufferSlots || count > DrawState::kConstantBufferSlots - start || (count && !buffers))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i)
    device->compute.constantBuffers[start + i] = {Resource::from(buffers[i]), first ? first[i] : 0, num ? num[i] : 0};
}

VOID APIENTRY csSetUnorderedAccessViews(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                        const D3D11DDI_HUNORDEREDACCESSVIEW* views, const UINT* initialCounts) {
  Device* device = Device::from(hDevice);
  constexpr UINT kSlots = ComputeState::kUnorderedAccessSlots;
  if (start >= kSlots || count > kSlots - start || (count && !views)) return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) {
    UnorderedAccessView* v = UnorderedAccessView::from(views[i]);
    device->compute.unorderedAccessViews[start + i] = v;
    if (v && initialCounts && initialCounts[i] != UINT(-1)) setUavCounter(*device, *v, initialCounts[i]);
  }
}

namespace {

// Bound for writing at a dispatch: a compute UAV (the SRV hazard rule).
bool isBoundForComputeOutput(const Device& device, const Resource* r) {
  for (const UnorderedAccessView* u : device.compute.unorderedAccessViews)
    if (u && u->resource == r) return true;
  return false;
}

// Binds the compute shader's set and pipeline; false when the dispatch is dropped.
bool prepareDispatch(Device& device, VkCommandBuffer cmd) {
  const ComputeState& s = device.compute;
  PipelineCache& cache = device.pipelines();
  VkResult result = VK_SUCCESS;
  const VkPipeline pipeline = cache.computePipeline(*s.shader, &result);
  const PipelineCache::StageLayout* layout =
      pipeline ? cache.stageLayout(dxbc::ProgramType::Compute, s.shader, &result) : nullptr;
  const VkPipelineLayout pipelineLayout = layout ? cache.computeLayout(*s.shader, &result) : VK_NULL_HANDLE;
  if (!pipelineLayout) {
    device.setVkError(result);
    return false;
  }
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!allocateDescriptorSets(device, {layout->handle()}, layout->sizes, &set)) return false;
  StageBindings stage;
  stage.shader = s.shader;
  stage.constantBuffers = s.constantBuffers;
  stage.shaderResources = s.shaderResources;
  stage.samplers = s.samplers;
  stage.uavs = s.unorderedAccessViews;
  stage.stageName = "compute";
  stage.command = "dispatch";
  stage.boundForOutput = &isBoundForComputeOutput;
  stage.dynamicConstantBuffers = layout->dynamicConstantBuffers;
  DescriptorWrites writes;
  if (!writeStageSet(device, cmd, set, stage, writes)) return false;
  vkUpdateDescriptorSets(device.vk().handle(), uint32_t(writes.writes.size()), writes.writes.data(), 0, nullptr);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &set,
                          uint32_t(writes.dynamicOffsets.size()), writes.dynamicOffsets.data());
  return true;
}

bool haveComputeShader(Device& device) {
  if (device.compute.shader && device.compute.shader->module) return true;
  logError("dispatch without a compute shader is dropped");
  return false;
}

}  // namespace

VOID APIENTRY dispatch(D3D10DDI_HDEVICE hDevice, UINT x, UINT y, UINT z) {
  Device* device = Device::from(hDevice);
  if (x == 0 || y == 0 || z == 0 || !haveComputeShader(*device)) return;
  // D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION (the runtime rejects more).
  constexpr UINT kMaxGroups = 65535;
  const VkPhysicalDeviceLimits& limits = device->vk().info().properties.limits;
  if (x > kMaxGroups || y > kMaxGroups || z > kMaxGroups || x > limits.maxComputeWorkGroupCount[0] ||
      y > limits.maxComputeWorkGroupCount[1] || z > limits.maxComputeWorkGroupCount[2]) {
    logError("Dispatch(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
             ") exceeds 65535 thread groups per dimension; dispatch dropped");
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedCommand predicated(*device);  // rendered conditionally, or the CPU verdict
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd || !prepareDispatch(*device, cmd)) return;
  vkCmdDispatch(cmd, x, y, z);
}

IndirectDispatchClamp::~IndirectDispatchClamp() {
  if (pool) vkDestroyDescriptorPool(device, pool, nullptr);
}

namespace {

// The clamp's objects, made on first use (queue mutex held); null after reporting why not.
IndirectDispatchClamp* indirectDispatchClamp(Device& device) {
  std::unique_ptr<IndirectDispatchClamp>& c = device.indirectDispatchClamp();
  if (c) return c.get();
  auto made = std::make_unique<IndirectDispatchClamp>();
  made->device = device.vk().handle();
  VkResult r = VK_SUCCESS;
  constexpr VkDeviceSize kScratchBytes = indirect::kDispatchCountArgumentsOffset + indirect::kDispatchCommandBytes;
  made->pipeline = umd12::createInternalComputePipeline(device.vk(), 1, indirect::kDispatchCountPushBytes,
                                                        indirect::dispatchCountShaderSpirv(), &r);
  if (made->pipeline)
    made->scratch = vk::Buffer::create(device.vk(), kScratchBytes,
                                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                           VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                       false, &r);
  if (made->scratch) {
    const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &size;
    r = vkCreateDescriptorPool(made->device, &poolInfo, nullptr, &made->pool);
  }
  if (made->pool) {
    const VkDescriptorSetLayout layout = made->pipeline->setLayout->handle();
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = made->pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &layout;
    r = vkAllocateDescriptorSets(made->device, &alloc, &made->set);
  }
  if (!made->set) {
    device.setVkError(r == VK_SUCCESS ? VK_ERROR_INITIALIZATION_FAILED : r);
    return nullptr;
  }
  const VkDescriptorBufferInfo info{made->scratch->handle(), 0, kScratchBytes};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = made->set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  write.pBufferInfo = &info;
  vkUpdateDescriptorSets(made->device, 1, &write, 0, nullptr);
  c = std::move(made);
  return c.get();
}

}  // namespace

// The arguments are copied to the clamp's scratch buffer and a count above
// 65535 in any dimension zeroes them on the GPU (D3D11 leaves such a dispatch
// undefined; a device could run it for ever), then the dispatch reads the copy.
VOID APIENTRY dispatchIndirect(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hArgs, UINT offset) {
  Device* device = Device::from(hDevice);
  Resource* args = Resource::from(hArgs);
  if (!haveComputeShader(*device)) return;
  if (!args || !args->buffer || !(args->miscFlags & D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS) || offset % 4 ||
      !fitsWithin(offset, sizeof(VkDispatchIndirectCommand), args->width)) {
    logError("DispatchIndirect: the argument buffer is not a DRAWINDIRECT_ARGS buffer, or the offset is unaligned "
             "or past its end; dispatch dropped");
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedCommand predicated(*device);  // the clamp and the dispatch: both or neither
  if (predicated.skipped()) return;
  IndirectDispatchClamp* clamp = indirectDispatchClamp(*device);
  if (!clamp) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  const VkBuffer scratch = clamp->scratch->handle();
  const VkBufferCopy region{args->bufferOffset + offset, indirect::kDispatchCountArgumentsOffset,
                            sizeof(VkDispatchIndirectCommand)};
  vkCmdFillBuffer(cmd, scratch, 0, 4, 1);  // the count: one command
  vkCmdCopyBuffer(cmd, args->buffer->handle(), scratch, 1, &region);
  cmd = device->record();  // after a full barrier: the copy is visible to the clamp
  const uint32_t one = 1;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, clamp->pipeline->pipeline->handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, clamp->pipeline->layout->handle(), 0, 1, &clamp->set, 0,
                          nullptr);
  vkCmdPushConstants(cmd, clamp->pipeline->layout->handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                     indirect::kDispatchCountPushBytes, &one);
  vkCmdDispatch(cmd, 1, 1, 1);
  cmd = device->record();  // after a full barrier: the clamped arguments are visible to the indirect read
  if (!cmd || !prepareDispatch(*device, cmd)) return;
  vkCmdDispatchIndirect(cmd, scratch, indirect::kDispatchCountArgumentsOffset);
  markUsed(*device, *args);
}

VOID APIENTRY copyStructureCount(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE hDst, UINT offset,
                                 D3D11DDI_HUNORDEREDACCESSVIEW hSrc) {
  Device* device = Device::from(hDevice);
  Resource* dst = Resource::from(hDst);
  UnorderedAccessView* src = UnorderedAccessView::from(hSrc);
  if (!dst || !dst->buffer || !src || offset % 4 || !fitsWithin(offset, 4, dst->width))
    return device->setError(E_INVALIDARG);
  if (!src->counter) {
    logError("CopyStructureCount: the view has no hidden counter (not an APPEND or COUNTER view); the call is ignored");
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedTransfer predicated(*device, {{dst, 0, offset, 4}});
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  const VkBufferCopy region{0, dst->bufferOffset + offset, 4};
  vkCmdCopyBuffer(cmd, src->counter->handle(), dst->buffer->handle(), 1, &region);
  src->counterLastUse = device->queue().openSerial();
  markUsed(*device, *dst);
  dst->lastGpuWrite = device->queue().openSerial();
}

}  // namespace d3dvk::umd
