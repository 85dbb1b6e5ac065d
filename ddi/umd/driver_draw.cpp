// ddi/umd/driver_draw.cpp — see driver_draw.h.
#include "driver_draw.h"

#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_view.h"
#include "draw_recording.h"
#include "driver_fallback_draw.h"
#include "pipeline_cache.h"
#include "dxbc/binding.h"
#include "triangle_topology.h"  // translate/fallback
#include "primitive_topology.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace d3dvk::umd {

void DrawState::unbind(const Resource* r) {
  for (VertexBuffer& vb : vertexBuffers)
    if (vb.buffer == r) vb = {};
  if (indexBuffer == r) indexBuffer = nullptr;
  for (auto& stage : constantBuffers)
    for (ConstantBuffer& cb : stage)
      if (cb.buffer == r) cb = {};
}

void DrawState::unbind(const ShaderResourceView* view) {
  for (auto& stage : shaderResources)
    for (ShaderResourceView*& bound : stage)
      if (bound == view) bound = nullptr;
}

void DrawState::unbind(const Sampler* sampler) {
  for (auto& stage : samplers)
    for (Sampler*& bound : stage)
      if (bound == sampler) bound = nullptr;
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

void setShaderResources(Device* device, int stage, UINT start, UINT count, const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  if (start >= DrawState::kShaderResourceSlots || count > DrawState::kShaderResourceSlots - start ||
      (count && !views))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->draw.shaderResources[stage][start + i] = ShaderResourceView::from(views[i]);
}

void setSamplers(Device* device, int stage, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  if (start >= DrawState::kSamplerSlots || count > DrawState::kSamplerSlots - start || (count && !samplers))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->draw.samplers[stage][start + i] = Sampler::from(samplers[i]);
}

}  // namespace

VOID APIENTRY vsSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  setShaderResources(Device::from(hDevice), 0, start, count, views);
}

VOID APIENTRY psSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  setShaderResources(Device::from(hDevice), 1, start, count, views);
}

VOID APIENTRY vsSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  setSamplers(Device::from(hDevice), 0, start, count, samplers);
}

VOID APIENTRY psSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  setSamplers(Device::from(hDevice), 1, start, count, samplers);
}

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
  if (any) return true;
  // UAV-only rendering: the area every bound UAV covers, one sample (a
  // ForcedSampleCount triangle draw takes the fallback, which applies it).
  for (const UnorderedAccessView* u : device.boundUnorderedAccessViews)
    if (u && u->resource) include(*u);
  *samples = 1;
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
  const RasterizerState* rs = RasterizerState::from(device.boundRasterizerState);
  out->fallback = rs && rs->pipeline.needsFallback;
  // ForcedSampleCount (target-independent rasterization): Vulkan rasterizes
  // with the targets' sample count (mixed-sample extensions aside), so triangle
  // draws take the fallback, which computes the forced samples' coverage on the
  // CPU; others rasterize with the target's samples (reported once).
  if (rs && rs->desc.ForcedSampleCount && !out->fallback) {
    const vk::PhysicalDeviceInfo& info = device.vk().info();
    if (fallback::triangleTopology(uint32_t(s.topology)) && info.transformFeedback && info.depthClamp) {
      out->fallback = true;
    } else {
      static bool reported = false;
      if (!reported) {
        reported = true;
        logError("ForcedSampleCount on a point/line draw (or without the fallback's transform feedback and depth "
                 "clamp) rasterizes with the render target's sample count");
      }
    }
  }
  // D3D applies OMSetBlendState's SampleMask at output merging: the pixel
  // shader still runs for the samples it clears. Vulkan's pipeline sample mask
  // removes them before shading, so when the pixel shader can show that it ran
  // (UAV writes, SV_InnerCoverage, an invocation count) a native draw keeps the
  // pipeline's mask full and the shader writes the mask (the fallback always
  // applies it in its shader).
  const uint32_t allSamples = out->samples >= 32 ? 0xFFFFFFFFu : (1u << out->samples) - 1;
  out->shaderSampleMask = !out->fallback && s.pixelShader && (s.sampleMask & allSamples) != allSamples &&
                          (!s.pixelShader->uavs.empty() || s.pixelShader->reflection.readsInnerCoverage ||
                           countsPixelShaderInvocations(device));
  // Single-sample targets with bit 0 clear: nothing reaches them, and lavapipe
  // ignores a pipeline mask there (0xFFFFFFFE still writes), so such a draw is
  // dropped unless its pixel shader must run (then it writes the mask itself).
  if (out->samples == 1 && !(s.sampleMask & 1) && !out->fallback && !out->shaderSampleMask) return false;
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
  out->rasterizer = rs ? rs->desc : defaultRasterizerDesc();
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

namespace {

// Whether a view's format can serve a declaration's return type: float/norm
// formats for float/unorm/snorm declarations, UINT for uint, SINT for sint.
bool formatServesReturnType(state::FormatKind kind, dxbc::ReturnType type) {
  if (kind == state::FormatKind::Uint) return type == dxbc::ReturnType::Uint;
  if (kind == state::FormatKind::Sint) return type == dxbc::ReturnType::Sint;
  return type != dxbc::ReturnType::Uint && type != dxbc::ReturnType::Sint;
}

// Bound for writing: a render target, the depth-stencil view or a UAV.
bool isBoundForOutput(const Device& device, const Resource* r) {
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (device.boundRenderTargets[i] && device.boundRenderTargets[i]->resource == r) return true;
  for (const UnorderedAccessView* u : device.boundUnorderedAccessViews)
    if (u && u->resource == r) return true;
  return device.boundDepthStencil && device.boundDepthStencil->resource == r;
}

// The view a declared u# writes through: VK_NULL_HANDLE (a null descriptor:
// stores are dropped, loads read zeros) when nothing is bound or the bound view
// cannot serve the declaration.
VkImageView unorderedAccessImageView(const Device& device, const DeclaredUav& decl, const UnorderedAccessView* v) {
  if (!v || !v->resource || !v->view || !v->resource->format) return VK_NULL_HANDLE;
  const Resource& r = *v->resource;
  auto mismatch = [&](const char* why) {
    logError("draw: pixel shader UAV u" + std::to_string(decl.slot) + " " + why + "; it is left unbound");
    return VK_NULL_HANDLE;
  };
  if (!formatServesReturnType(r.format->kind, decl.returnType))
    return mismatch("has a format whose type differs from the declared return type");
  if (decl.loaded && r.format->dxgi != DXGI_FORMAT_R32_UINT && r.format->dxgi != DXGI_FORMAT_R32_SINT &&
      r.format->dxgi != DXGI_FORMAT_R32_FLOAT)
    return mismatch("is read (ld_uav_typed) but its format is not R32_UINT, R32_SINT or R32_FLOAT");
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (device.boundRenderTargets[i] && device.boundRenderTargets[i]->resource == &r)
      return mismatch("is also bound as a render target");
  if (device.boundDepthStencil && device.boundDepthStencil->resource == &r)
    return mismatch("is also bound as the depth-stencil view");
  if (decl.arrayed()) return v->sliceCount > 1 ? v->view->handle() : v->arrayView->handle();
  if (v->sliceCount > 1) return mismatch("is an array view but the shader declares a non-array texture");
  return v->view->handle();
}

// The view a declared t# reads through: VK_NULL_HANDLE (a null descriptor,
// zeros) when nothing is bound or the bound view cannot serve the declaration
// (D3D leaves those reads undefined; the debug layer would complain).
VkImageView shaderResourceImageView(const Device& device, const DeclaredResource& decl, const ShaderResourceView* v,
                                    const char* stage) {
  if (!v || !v->resource || !v->view || !v->resource->format) return VK_NULL_HANDLE;
  const Resource& r = *v->resource;
  auto mismatch = [&](const char* why) {
    logError(std::string("draw: ") + stage + " shader resource t" + std::to_string(decl.slot) + " " + why +
             "; it reads zeros");
    return VK_NULL_HANDLE;
  };
  if ((r.samples > 1) != decl.multisampled()) return mismatch("does not match the declared sample count");
  if (!formatServesReturnType(r.format->kind, decl.returnType))
    return mismatch("has a format whose type differs from the declared return type");
  if (isBoundForOutput(device, &r)) return mismatch("is also bound as a render target, depth-stencil view or UAV");
  if (decl.arrayed()) return v->sliceCount > 1 ? v->view->handle() : v->arrayView->handle();
  if (v->sliceCount > 1) return mismatch("is an array view but the shader declares a non-array texture");
  return v->view->handle();
}

}  // namespace

bool bindShaderResources(Device& device, VkCommandBuffer cmd, const InvocationCounter* counter,
                         const FallbackBuffers* fallback) {
  const DrawState& s = device.draw;
  PipelineCache& cache = device.pipelines();
  constexpr uint32_t kSets = PipelineCache::kStageSets;
  const Shader* shaders[kSets] = {s.vertexShader, s.pixelShader};
  const char* stageNames[kSets] = {"vertex", "pixel"};

  const uint32_t srvSlots = cache.shaderResourceSlots();
  const bool nullDescriptor = device.vk().samplerFeatures().nullDescriptor;
  std::vector<VkWriteDescriptorSet> writes;
  writes.reserve(3 * kSets + DrawState::kShaderResourceSlots);
  // Every binding of the sets is written (lavapipe reads all of a bound set's
  // descriptors): unbound samplers get the default sampler, unbound or
  // undeclared shader resources null descriptors. Without null descriptors only
  // the declared shader resources are written.
  VkDescriptorImageInfo samplerInfos[kSets][PipelineCache::kSamplerSlots];
  std::vector<VkDescriptorImageInfo> imageInfos(size_t(kSets) * srvSlots,
                                                VkDescriptorImageInfo{VK_NULL_HANDLE, VK_NULL_HANDLE,
                                                                      VK_IMAGE_LAYOUT_UNDEFINED});
  const VkSampler fallbackSampler = defaultSampler(device);
  if (!fallbackSampler) return false;

  const uint32_t uavSlots = cache.unorderedAccessSlots();
  std::vector<VkDescriptorPoolSize> poolSizes = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSets * PipelineCache::kConstantBufferSlots},
      {VK_DESCRIPTOR_TYPE_SAMPLER, kSets * PipelineCache::kSamplerSlots},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 5},  // the invocation counter, the fallback's four bindings
  };
  if (srvSlots) poolSizes.push_back({VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, kSets * srvSlots});
  if (uavSlots) poolSizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, uavSlots});  // the PS set only
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = kSets;
  poolInfo.poolSizeCount = uint32_t(poolSizes.size());
  poolInfo.pPoolSizes = poolSizes.data();
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::DescriptorPool> pool = vk::createDescriptorPool(device.vk(), poolInfo, &result);
  if (!pool) {
    device.setVkError(result);
    return false;
  }
  VkDescriptorSetLayout setLayouts[kSets] = {cache.setLayout(0), cache.setLayout(1)};
  VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocInfo.descriptorPool = pool->handle();
  allocInfo.descriptorSetCount = kSets;
  allocInfo.pSetLayouts = setLayouts;
  VkDescriptorSet sets[kSets];
  result = vkAllocateDescriptorSets(device.vk().handle(), &allocInfo, sets);
  if (result != VK_SUCCESS) {
    device.setVkError(result);
    return false;
  }
  device.queue().releaseAfter(device.queue().openSerial(), pool);

  VkDescriptorBufferInfo bufferInfos[kSets][PipelineCache::kConstantBufferSlots];
  for (uint32_t set = 0; set < kSets; ++set) {
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
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = sets[set];
    w.dstBinding = 0;
    w.descriptorCount = PipelineCache::kConstantBufferSlots;
    w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    w.pBufferInfo = bufferInfos[set];
    writes.push_back(w);

    VkDescriptorImageInfo* samplerInfo = samplerInfos[set];
    VkDescriptorImageInfo* imageInfo = imageInfos.data() + size_t(set) * srvSlots;
    for (uint32_t slot = 0; slot < PipelineCache::kSamplerSlots; ++slot)
      samplerInfo[slot] = {fallbackSampler, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
    const Shader* shader = shaders[set];
    if (shader) {
      for (uint32_t slot : shader->samplers) {
        Sampler* sampler = s.samplers[set][slot];
        if (!sampler || !sampler->sampler) continue;
        samplerInfo[slot].sampler = sampler->sampler->handle();
        sampler->lastUse = device.queue().openSerial();
      }
      for (const DeclaredResource& decl : shader->resources) {
        ShaderResourceView* view = s.shaderResources[set][decl.slot];
        const VkImageView imageView = shaderResourceImageView(device, decl, view, stageNames[set]);
        if (imageView) {
          transitionImage(cmd, *view->resource, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
          markUsed(device, *view->resource);
          imageInfo[decl.slot] = {VK_NULL_HANDLE, imageView, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        } else if (!nullDescriptor) {
          logError(std::string("draw dropped: ") + stageNames[set] + " shader resource t" +
                   std::to_string(decl.slot) + " has nothing usable bound and the Vulkan device has no null descriptors");
          return false;
        }
        if (!nullDescriptor) {
          VkWriteDescriptorSet iw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
          iw.dstSet = sets[set];
          iw.dstBinding = dxbc::kShaderResourceBindingBase + decl.slot;
          iw.descriptorCount = 1;
          iw.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
          iw.pImageInfo = &imageInfo[decl.slot];
          writes.push_back(iw);
        }
      }
    }
    VkWriteDescriptorSet sw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    sw.dstSet = sets[set];
    sw.dstBinding = dxbc::kSamplerBindingBase;
    sw.descriptorCount = PipelineCache::kSamplerSlots;
    sw.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER;
    sw.pImageInfo = samplerInfo;
    writes.push_back(sw);
    if (nullDescriptor && srvSlots) {
      VkWriteDescriptorSet iw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      iw.dstSet = sets[set];
      iw.dstBinding = dxbc::kShaderResourceBindingBase;
      iw.descriptorCount = srvSlots;
      iw.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
      iw.pImageInfo = imageInfo;
      writes.push_back(iw);
    }
  }

  // The pixel shader's UAVs (storage images in the GENERAL layout). A UAV
  // written by an earlier command gets a barrier: D3D orders UAV accesses
  // across draws.
  std::vector<VkDescriptorImageInfo> uavInfos(uavSlots, VkDescriptorImageInfo{VK_NULL_HANDLE, VK_NULL_HANDLE,
                                                                              VK_IMAGE_LAYOUT_GENERAL});
  if (s.pixelShader)
    for (const DeclaredUav& decl : s.pixelShader->uavs) {
      UnorderedAccessView* view = device.boundUnorderedAccessViews[decl.slot];
      const VkImageView imageView = unorderedAccessImageView(device, decl, view);
      if (imageView) {
        if (view->resource->layout == VK_IMAGE_LAYOUT_GENERAL) barrierImage(cmd, *view->resource);
        transitionImage(cmd, *view->resource, VK_IMAGE_LAYOUT_GENERAL);
        markUsed(device, *view->resource);
        uavInfos[decl.slot].imageView = imageView;
      } else if (!nullDescriptor) {
        logError("draw dropped: pixel shader UAV u" + std::to_string(decl.slot) +
                 " has nothing usable bound and the Vulkan device has no null descriptors");
        return false;
      }
      if (!nullDescriptor) {
        VkWriteDescriptorSet uw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        uw.dstSet = sets[1];
        uw.dstBinding = dxbc::kUnorderedAccessBindingBase + decl.slot;
        uw.descriptorCount = 1;
        uw.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        uw.pImageInfo = &uavInfos[decl.slot];
        writes.push_back(uw);
      }
    }
  if (nullDescriptor && uavSlots) {
    VkWriteDescriptorSet uw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    uw.dstSet = sets[1];
    uw.dstBinding = dxbc::kUnorderedAccessBindingBase;
    uw.descriptorCount = uavSlots;
    uw.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    uw.pImageInfo = uavInfos.data();
    writes.push_back(uw);
  }
  // The counting pixel shader's counter; other draws leave the binding unwritten (unused).
  VkDescriptorBufferInfo counterInfo{};
  if (counter) {
    counterInfo = {counter->buffer, counter->offset, dxbc::kInvocationCounterBytes};
    VkWriteDescriptorSet cw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    cw.dstSet = sets[1];
    cw.dstBinding = dxbc::kInvocationCounterBinding;
    cw.descriptorCount = 1;
    cw.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    cw.pBufferInfo = &counterInfo;
    writes.push_back(cw);
  }
  // The fallback draw pass's buffers; other draws leave these bindings unwritten (unused).
  VkDescriptorBufferInfo fallbackInfos[4]{};
  if (fallback) {
    const VkBuffer buffers[4] = {fallback->captured, fallback->corners, fallback->records, fallback->records};
    const uint32_t targets[4][2] = {{0, dxbc::kFallbackCapturedBinding},
                                    {0, dxbc::kFallbackCornersBinding},
                                    {0, dxbc::kFallbackVertexRecordsBinding},
                                    {1, dxbc::kFallbackRecordsBinding}};
    for (uint32_t i = 0; i < 4; ++i) {
      fallbackInfos[i] = {buffers[i], 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet fw{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      fw.dstSet = sets[targets[i][0]];
      fw.dstBinding = targets[i][1];
      fw.descriptorCount = 1;
      fw.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      fw.pBufferInfo = &fallbackInfos[i];
      writes.push_back(fw);
    }
  }
  vkUpdateDescriptorSets(device.vk().handle(), uint32_t(writes.size()), writes.data(), 0, nullptr);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, cache.layout(), 0, kSets, sets, 0, nullptr);
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
      // A base vertex past the buffer's end puts every fetch of a per-vertex
      // buffer out of bounds (indices are ≥ 0): D3D reads zeros there, while a
      // device computing the address in 32 bits can wrap into the buffer.
      const bool allOutOfBounds =
          call.indexed && call.baseVertex > 0 && b.inputRate == VK_VERTEX_INPUT_RATE_VERTEX && vb.buffer &&
          uint64_t(call.baseVertex) * vb.stride + vb.offset >= vb.buffer->width;
      if (vb.buffer && vb.buffer->buffer && vb.offset < vb.buffer->width && !allOutOfBounds) {
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

void cmdDraw(VkCommandBuffer cmd, const DrawCall& call) {
  if (call.indexed)
    vkCmdDrawIndexed(cmd, call.count, call.instances, call.first, call.baseVertex, call.firstInstance);
  else
    vkCmdDraw(cmd, call.count, call.instances, call.first, call.firstInstance);
}

namespace {

void recordDraw(Device& device, const DrawCall& call) {
  PreparedDraw prepared;
  if (!prepareDraw(device, call, &prepared)) return;
  if (prepared.fallback) return recordFallbackDraw(device, call, prepared);

  state::GraphicsPipelineKey key = pipelineKey(device, prepared);
  const DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  PipelineInputs inputs{s.vertexShader, s.pixelShader, s.inputLayout, &prepared.rasterizer, s.blendState,
                        s.depthStencilState};
  // Under a pipeline-statistics query the pixel shader counts its invocations (driver_query.h).
  const bool counting = s.pixelShader && countsPixelShaderInvocations(device);
  if (prepared.shaderSampleMask) {
    key.variant = counting ? state::PipelineVariant::NativeCountingShaderSampleMask
                           : state::PipelineVariant::NativeShaderSampleMask;
    key.sampleMask = s.sampleMask & (prepared.samples >= 32 ? 0xFFFFFFFFu : (1u << prepared.samples) - 1);
    inputs.pixelModule = sampleMaskPixelShaderModule(device, *s.pixelShader, key.sampleMask, counting);
    if (!inputs.pixelModule) return;
  } else if (counting) {
    key.variant = state::PipelineVariant::NativeCounting;
    inputs.pixelModule = countingPixelShaderModule(device, *s.pixelShader);
    if (!inputs.pixelModule) return;
  }
  VkResult result = VK_SUCCESS;
  VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
  if (!pipeline) return device.setVkError(result);

  InvocationCounter counter;
  if (counting && !allocateInvocationCounter(device, &counter)) return;
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  if (!bindShaderResources(device, cmd, counting ? &counter : nullptr)) return;
  beginRendering(device, cmd, prepared.extent);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  bindInputAssembly(device, cmd, call, prepared.indexType);
  setDynamicState(device, cmd, prepared);
  cmdDraw(cmd, call);
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
