// ddi/umd/driver_draw.cpp — see driver_draw.h.
#include "driver_draw.h"

#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "driver_view.h"
#include "draw_recording.h"
#include "driver_fallback_draw.h"
#include "pipeline_cache.h"
#include "primitive_topology.h"

#include <algorithm>
#include <cmath>

namespace d3dvk::umd {

void DrawState::unbind(const Resource* r) {
  for (VertexBuffer& vb : vertexBuffers)
    if (vb.buffer == r) vb = {};
  if (indexBuffer == r) indexBuffer = nullptr;
  for (auto& stage : constantBuffers)
    for (ConstantBuffer& cb : stage)
      if (cb.buffer == r) cb = {};
}

VOID APIENTRY iaSetVertexBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                 const UINT* strides, const UINT* offsets) {
  Device* device = Device::from(hDevice);
  if (start >= DrawState::kVertexBufferSlots || count > DrawState::kVertexBufferSlots - start ||
      (count && (!buffers || !strides || !offsets)))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i)
    device->draw.vertexBuffers[start + i] = {Resource::from(buffers[i]), strides[i], offsets[i]};
}

VOID APIENTRY iaSetIndexBuffer(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE buffer, DXGI_FORMAT format, UINT offset) {
  DrawState& s = Device::from(hDevice)->draw;
  s.indexBuffer = Resource::from(buffer);
  s.indexFormat = format;
  s.indexOffset = offset;
}

VOID APIENTRY iaSetTopology(D3D10DDI_HDEVICE hDevice, D3D10_DDI_PRIMITIVE_TOPOLOGY topology) {
  Device::from(hDevice)->draw.topology = topology;
}

namespace {

void setConstantBuffers(Device* device, int stage, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  if (start >= DrawState::kConstantBufferSlots || count > DrawState::kConstantBufferSlots - start ||
      (count && !buffers))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i)
    device->draw.constantBuffers[stage][start + i] = {Resource::from(buffers[i]), first ? first[i] : 0,
                                                      num ? num[i] : 0};
}

}  // namespace

VOID APIENTRY vsSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  setConstantBuffers(Device::from(hDevice), 0, start, count, buffers, first, num);
}

VOID APIENTRY psSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  setConstantBuffers(Device::from(hDevice), 1, start, count, buffers, first, num);
}

VOID APIENTRY setViewports(D3D10DDI_HDEVICE hDevice, UINT count, UINT, const D3D10_DDI_VIEWPORT* viewports) {
  Device* device = Device::from(hDevice);
  if (count > DrawState::kViewportSlots || (count && !viewports)) return device->setError(E_INVALIDARG);
  std::copy(viewports, viewports + count, device->draw.viewports);
  device->draw.viewportCount = count;
}

VOID APIENTRY setScissorRects(D3D10DDI_HDEVICE hDevice, UINT count, UINT, const D3D10_DDI_RECT* rects) {
  Device* device = Device::from(hDevice);
  if (count > DrawState::kViewportSlots || (count && !rects)) return device->setError(E_INVALIDARG);
  std::copy(rects, rects + count, device->draw.scissors);
  device->draw.scissorCount = count;
}

namespace {

// The render area every bound attachment covers (D3D renders to the intersection).
bool renderExtent(Device& device, VkExtent2D* extent, UINT* samples) {
  bool any = false;
  auto include = [&](const ImageViewRange& v) {
    const VkExtent2D e{v.resource->mipWidth(v.firstMip), v.resource->mipHeight(v.firstMip)};
    *extent = any ? VkExtent2D{std::min(extent->width, e.width), std::min(extent->height, e.height)} : e;
    *samples = v.resource->samples;
    any = true;
  };
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (device.boundRenderTargets[i]) include(*device.boundRenderTargets[i]);
  if (device.boundDepthStencil) include(*device.boundDepthStencil);
  return any;
}

// D3D viewport → Vulkan viewport with negative height (y flipped: framebuffer y = D3D y).
// Depths are clamped to [0, 1] (D3D's valid range; Vulkan requires it without
// VK_EXT_depth_range_unrestricted).
VkViewport vulkanViewport(const D3D10_DDI_VIEWPORT& v) {
  const float minDepth = std::clamp(v.MinDepth, 0.0f, 1.0f), maxDepth = std::clamp(v.MaxDepth, 0.0f, 1.0f);
  return {v.TopLeftX, v.TopLeftY + v.Height, v.Width, -v.Height, minDepth, maxDepth};
}

VkRect2D vulkanScissor(const DrawState& s, bool scissorEnable, VkExtent2D extent) {
  if (!scissorEnable) return {{0, 0}, extent};
  if (s.scissorCount == 0) return {{0, 0}, {0, 0}};
  const D3D10_DDI_RECT& r = s.scissors[0];
  const LONG left = std::clamp<LONG>(r.left, 0, LONG(extent.width)), top = std::clamp<LONG>(r.top, 0, LONG(extent.height));
  const LONG right = std::clamp<LONG>(r.right, 0, LONG(extent.width)),
             bottom = std::clamp<LONG>(r.bottom, 0, LONG(extent.height));
  return {{int32_t(left), int32_t(top)}, {uint32_t(std::max<LONG>(right - left, 0)), uint32_t(std::max<LONG>(bottom - top, 0))}};
}

// Every vertex-shader input register the signature feeds from vertex data (not
// system-generated values) needs an attribute in the bound input layout; a
// layout made for another shader, or none, would leave a SPIR-V input without
// one. Returns the first register missing, or -1.
int64_t missingVertexInput(const Shader& vs, const InputLayout* layout) {
  for (const dxbc::SignatureElement& in : vs.reflection.inputs.elements) {
    if (in.systemValue != 0 || in.registerIndex == 0xFFFFFFFFu) continue;
    const bool present =
        layout && std::any_of(layout->vertexInput.attributes.begin(), layout->vertexInput.attributes.end(),
                              [&](const VkVertexInputAttributeDescription& a) { return a.location == in.registerIndex; });
    if (!present) return in.registerIndex;
  }
  return -1;
}

}  // namespace

bool prepareDraw(Device& device, const DrawCall& call, PreparedDraw* out) {
  DrawState& s = device.draw;
  if (call.count == 0 || call.instances == 0) return false;
  if (!s.vertexShader || !s.vertexShader->module) {
    logError("draw without a vertex shader is dropped");
    return false;
  }
  if (const int64_t reg = missingVertexInput(*s.vertexShader, s.inputLayout); reg >= 0) {
    logError("draw dropped: the bound input layout has no element for vertex-shader input v" + std::to_string(reg));
    return false;
  }
  if (s.pixelShader && !s.pixelShader->module) return false;
  const state::InputAssembly assembly = state::translateTopology(s.topology);
  if (!assembly.valid) return false;  // D3D drops draws with an undefined topology
  if (!renderExtent(device, &out->extent, &out->samples)) return false;  // nothing bound: nothing to rasterize into
  // Single-sample targets: the sample mask's bit 0 decides every write. lavapipe
  // ignores a nonzero mask there (0xFFFFFFFE still writes), so drop the draw here.
  if (out->samples == 1 && !(s.sampleMask & 1)) return false;
  if (s.viewportCount == 0 || !(s.viewports[0].Width > 0) || !(s.viewports[0].Height > 0)) return false;
  if (call.indexed && (!s.indexBuffer || !s.indexBuffer->buffer)) return false;
  out->indexType = VK_INDEX_TYPE_UINT16;
  if (call.indexed) {
    if (s.indexFormat == DXGI_FORMAT_R32_UINT) out->indexType = VK_INDEX_TYPE_UINT32;
    else if (s.indexFormat != DXGI_FORMAT_R16_UINT) {
      device.setError(E_INVALIDARG);
      return false;
    }
    if (s.indexOffset % (out->indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2) != 0 || s.indexOffset >= s.indexBuffer->width) {
      logError("DrawIndexed: index buffer offset not aligned to the index size or past the buffer; draw dropped");
      return false;
    }
  }
  if ((s.inputLayout && !s.inputLayout->id) || (s.blendState && !s.blendState->id) ||
      (s.depthStencilState && !s.depthStencilState->id))
    return false;  // a failed create: nothing valid to draw with
  const RasterizerState* rs = RasterizerState::from(device.boundRasterizerState);
  out->rasterizer = rs ? rs->desc : defaultRasterizerDesc();
  out->fallback = rs && rs->pipeline.needsFallback;
  return true;
}

state::GraphicsPipelineKey pipelineKey(Device& device, const PreparedDraw& draw) {
  const DrawState& s = device.draw;
  state::GraphicsPipelineKey key;
  key.vertexShader = s.vertexShader->id;
  key.pixelShader = s.pixelShader ? s.pixelShader->id : 0;
  key.inputLayout = s.inputLayout ? s.inputLayout->id : 0;
  key.blendState = s.blendState ? s.blendState->id : 0;
  key.depthStencilState = s.depthStencilState ? s.depthStencilState->id : 0;
  key.sampleMask = s.sampleMask;
  key.topology = s.topology;
  key.sampleCount = draw.samples;
  key.rasterizer = draw.rasterizer;
  key.renderTargetCount = device.boundRenderTargetCount;
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    key.renderTargetFormats[i] = device.boundRenderTargets[i] ? device.boundRenderTargets[i]->format : DXGI_FORMAT_UNKNOWN;
  key.depthStencilFormat = device.boundDepthStencil ? device.boundDepthStencil->format : DXGI_FORMAT_UNKNOWN;
  return key;
}

bool bindConstantBuffers(Device& device, VkCommandBuffer cmd) {
  const DrawState& s = device.draw;
  PipelineCache& cache = device.pipelines();
  VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                PipelineCache::kStageSets * PipelineCache::kConstantBufferSlots};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = PipelineCache::kStageSets;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::DescriptorPool> pool = vk::createDescriptorPool(device.vk(), poolInfo, &result);
  if (!pool) {
    device.setVkError(result);
    return false;
  }
  VkDescriptorSetLayout setLayouts[PipelineCache::kStageSets] = {cache.setLayout(0), cache.setLayout(1)};
  VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocInfo.descriptorPool = pool->handle();
  allocInfo.descriptorSetCount = PipelineCache::kStageSets;
  allocInfo.pSetLayouts = setLayouts;
  VkDescriptorSet sets[PipelineCache::kStageSets];
  result = vkAllocateDescriptorSets(device.vk().handle(), &allocInfo, sets);
  if (result != VK_SUCCESS) {
    device.setVkError(result);
    return false;
  }
  VkDescriptorBufferInfo bufferInfos[PipelineCache::kStageSets][PipelineCache::kConstantBufferSlots];
  VkWriteDescriptorSet writes[PipelineCache::kStageSets];
  for (uint32_t set = 0; set < PipelineCache::kStageSets; ++set) {
    for (uint32_t slot = 0; slot < PipelineCache::kConstantBufferSlots; ++slot) {
      const DrawState::ConstantBuffer& cb = s.constantBuffers[set][slot];
      VkDescriptorBufferInfo& info = bufferInfos[set][slot];
      const VkDeviceSize offset = VkDeviceSize(cb.firstConstant) * 16;
      if (cb.buffer && cb.buffer->buffer && offset < cb.buffer->width) {
        VkDeviceSize range = cb.buffer->width - offset;
        if (cb.numConstants) range = std::min<VkDeviceSize>(range, VkDeviceSize(cb.numConstants) * 16);
        info = {cb.buffer->buffer->handle(), offset, std::min<VkDeviceSize>(range, 65536)};
        markUsed(device, *cb.buffer);
      } else {
        info = {cache.nullConstantBuffer(), 0, PipelineCache::kNullConstantBufferSize};
      }
    }
    writes[set] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[set].dstSet = sets[set];
    writes[set].dstBinding = 0;
    writes[set].descriptorCount = PipelineCache::kConstantBufferSlots;
    writes[set].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    writes[set].pBufferInfo = bufferInfos[set];
  }
  vkUpdateDescriptorSets(device.vk().handle(), PipelineCache::kStageSets, writes, 0, nullptr);
  device.queue().releaseAfter(device.queue().openSerial(), pool);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, cache.layout(), 0, PipelineCache::kStageSets, sets, 0,
                          nullptr);
  return true;
}

void beginRendering(Device& device, VkCommandBuffer cmd, VkExtent2D extent) {
  VkRenderingAttachmentInfo colors[Device::kMaxRenderTargets];
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i) {
    colors[i] = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    RenderTargetView* rtv = device.boundRenderTargets[i];
    if (!rtv) continue;  // imageView VK_NULL_HANDLE: the slot is unused
    transitionImage(cmd, *rtv->resource, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    colors[i].imageView = rtv->view->handle();
    colors[i].imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    colors[i].loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    colors[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    markUsed(device, *rtv->resource);
  }
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingAttachmentInfo stencil{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = device.boundRenderTargetCount;
  rendering.pColorAttachments = colors;
  if (DepthStencilView* dsv = device.boundDepthStencil) {
    transitionImage(cmd, *dsv->resource, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    depth.imageView = dsv->view->handle();
    depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    rendering.pDepthAttachment = &depth;
    if (dsv->resource->format->kind == state::FormatKind::DepthStencil) {
      stencil = depth;
      rendering.pStencilAttachment = &stencil;
    }
    markUsed(device, *dsv->resource);
  }
  vkCmdBeginRendering(cmd, &rendering);
}

void bindInputAssembly(Device& device, VkCommandBuffer cmd, const DrawCall& call, VkIndexType indexType) {
  const DrawState& s = device.draw;
  if (s.inputLayout) {
    for (const VkVertexInputBindingDescription& b : s.inputLayout->vertexInput.bindings) {
      const DrawState::VertexBuffer& vb = s.vertexBuffers[b.binding];
      VkBuffer buffer = device.pipelines().nullConstantBuffer();
      VkDeviceSize offset = 0, stride = 0;
      if (vb.buffer && vb.buffer->buffer && vb.offset < vb.buffer->width) {
        buffer = vb.buffer->buffer->handle();
        offset = vb.offset;
        stride = vb.stride;
        markUsed(device, *vb.buffer);
      }
      vkCmdBindVertexBuffers2(cmd, b.binding, 1, &buffer, &offset, nullptr, &stride);
    }
  }
  if (call.indexed) {
    vkCmdBindIndexBuffer(cmd, s.indexBuffer->buffer->handle(), s.indexOffset, indexType);
    markUsed(device, *s.indexBuffer);
  }
}

void setDynamicState(Device& device, VkCommandBuffer cmd, const PreparedDraw& draw) {
  const DrawState& s = device.draw;
  const VkViewport viewport = vulkanViewport(s.viewports[0]);
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor = vulkanScissor(s, draw.rasterizer.ScissorEnable, draw.extent);
  vkCmdSetScissor(cmd, 0, 1, &scissor);
  vkCmdSetBlendConstants(cmd, s.blendFactor);
  vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, s.stencilRef & 0xFF);
}

namespace {

void recordDraw(Device& device, const DrawCall& call) {
  PreparedDraw prepared;
  if (!prepareDraw(device, call, &prepared)) return;
  if (prepared.fallback) return recordFallbackDraw(device, call, prepared);

  const state::GraphicsPipelineKey key = pipelineKey(device, prepared);
  const DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  PipelineInputs inputs{s.vertexShader, s.pixelShader, s.inputLayout, &prepared.rasterizer, s.blendState,
                        s.depthStencilState};
  VkResult result = VK_SUCCESS;
  VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
  if (!pipeline) return device.setVkError(result);

  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  beginRendering(device, cmd, prepared.extent);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  if (!bindConstantBuffers(device, cmd)) return vkCmdEndRendering(cmd);
  bindInputAssembly(device, cmd, call, prepared.indexType);
  setDynamicState(device, cmd, prepared);
  if (call.indexed)
    vkCmdDrawIndexed(cmd, call.count, call.instances, call.first, call.baseVertex, call.firstInstance);
  else
    vkCmdDraw(cmd, call.count, call.instances, call.first, call.firstInstance);
  vkCmdEndRendering(cmd);
}

}  // namespace

VOID APIENTRY draw(D3D10DDI_HDEVICE hDevice, UINT vertexCount, UINT startVertex) {
  recordDraw(*Device::from(hDevice), {false, vertexCount, 1, startVertex, 0, 0});
}

VOID APIENTRY drawIndexed(D3D10DDI_HDEVICE hDevice, UINT indexCount, UINT startIndex, INT baseVertex) {
  recordDraw(*Device::from(hDevice), {true, indexCount, 1, startIndex, 0, baseVertex});
}

VOID APIENTRY drawInstanced(D3D10DDI_HDEVICE hDevice, UINT vertexCount, UINT instanceCount, UINT startVertex,
                            UINT startInstance) {
  recordDraw(*Device::from(hDevice), {false, vertexCount, instanceCount, startVertex, startInstance, 0});
}

VOID APIENTRY drawIndexedInstanced(D3D10DDI_HDEVICE hDevice, UINT indexCount, UINT instanceCount, UINT startIndex,
                                   INT baseVertex, UINT startInstance) {
  recordDraw(*Device::from(hDevice), {true, indexCount, instanceCount, startIndex, startInstance, baseVertex});
}

}  // namespace d3dvk::umd
