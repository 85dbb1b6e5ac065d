// ddi/umd/driver_draw.cpp — see driver_draw.h.
#include "driver_draw.h"

#include "adapter.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_depth_stencil_state.h"
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_stream_output.h"
#include "driver_view.h"
#include "draw_arguments.h"
#include "draw_recording.h"
#include "descriptor_binding.h"
#include "driver_fallback_draw.h"
#include "native_draw.h"
#include "pipeline_cache.h"
#include "dxbc/binding.h"
#include "triangle_topology.h"  // translate/fallback
#include "primitive_topology.h"
#include "depth_stencil_state.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace d3dvk::umd {

void DrawState::unbind(const Resource* r) {
  // (Only a real unbinding marks the stages: destruction may come from another thread.)
  bool found = false;
  for (VertexBuffer& vb : vertexBuffers)
    if (vb.buffer == r) vb = {}, found = true;
  if (indexBuffer == r) indexBuffer = nullptr, found = true;
  for (Resource*& target : streamOutputTargets)
    if (target == r) target = nullptr;
  for (auto& stage : constantBuffers)
    for (ConstantBuffer& cb : stage)
      if (cb.buffer == r) cb = {}, found = true;
  if (found) markAllDirty();
}

void DrawState::markDirtyWhereBound(Resource& buffer) {
  if (buffer.bindFlags & (D3D10_DDI_BIND_SHADER_RESOURCE | D3D11_DDI_BIND_UNORDERED_ACCESS)) return markAllDirty();
  // Only the stages that bound it since they last held it (constantBufferStages).
  // (A stage without a shader, or already dirty, collects afresh anyway when it next draws.)
  for (uint32_t stages = buffer.constantBufferStages & ~dirtyStages; stages; stages &= stages - 1) {
    const UINT stage = UINT(__builtin_ctz(stages));
    if (!stageShader(stage)) continue;
    const ConstantBuffer* slots = constantBuffers[stage];
    const bool held = std::any_of(slots, slots + kConstantBufferSlots, [&](const ConstantBuffer& cb) { return cb.buffer == &buffer; });
    if (held)
      movedStages |= 1u << stage;
    else
      buffer.constantBufferStages &= uint8_t(~(1u << stage));
  }
}

void DrawState::unbind(const ShaderResourceView* view) {
  bool found = false;
  for (auto& stage : shaderResources)
    for (ShaderResourceView*& bound : stage)
      if (bound == view) bound = nullptr, found = true;
  if (found) markAllDirty();
}

void DrawState::unbind(const Sampler* sampler) {
  bool found = false;
  for (auto& stage : samplers)
    for (Sampler*& bound : stage)
      if (bound == sampler) bound = nullptr, found = true;
  if (found) markAllDirty();
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
  bool changed = false;
  for (UINT i = 0; i < count; ++i) {
    DrawState::ConstantBuffer& bound = device->draw.constantBuffers[stage][start + i];
    const DrawState::ConstantBuffer next{Resource::from(buffers[i]), first ? first[i] : 0, num ? num[i] : 0};
    changed = changed || bound.buffer != next.buffer || bound.firstConstant != next.firstConstant ||
              bound.numConstants != next.numConstants;
    bound = next;
    if (next.buffer) next.buffer->constantBufferStages |= uint8_t(1u << stage);
  }
  if (changed) device->draw.markDirty(UINT(stage));  // (the same buffers again change nothing)
}

void setShaderResources(Device* device, int stage, UINT start, UINT count, const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  if (start >= DrawState::kShaderResourceSlots || count > DrawState::kShaderResourceSlots - start ||
      (count && !views))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->draw.shaderResources[stage][start + i] = ShaderResourceView::from(views[i]);
  device->draw.markDirty(UINT(stage));
}

void setSamplers(Device* device, int stage, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  if (start >= DrawState::kSamplerSlots || count > DrawState::kSamplerSlots - start || (count && !samplers))
    return device->setError(E_INVALIDARG);
  for (UINT i = 0; i < count; ++i) device->draw.samplers[stage][start + i] = Sampler::from(samplers[i]);
  device->draw.markDirty(UINT(stage));
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

VOID APIENTRY gsSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  setShaderResources(Device::from(hDevice), 2, start, count, views);
}

VOID APIENTRY gsSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  setSamplers(Device::from(hDevice), 2, start, count, samplers);
}

VOID APIENTRY gsSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  setConstantBuffers(Device::from(hDevice), 2, start, count, buffers, first, num);
}

VOID APIENTRY hsSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  setShaderResources(Device::from(hDevice), 3, start, count, views);
}

VOID APIENTRY hsSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  setSamplers(Device::from(hDevice), 3, start, count, samplers);
}

VOID APIENTRY hsSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  setConstantBuffers(Device::from(hDevice), 3, start, count, buffers, first, num);
}

VOID APIENTRY dsSetShaderResources(D3D10DDI_HDEVICE hDevice, UINT start, UINT count,
                                   const D3D10DDI_HSHADERRESOURCEVIEW* views) {
  setShaderResources(Device::from(hDevice), 4, start, count, views);
}

VOID APIENTRY dsSetSamplers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HSAMPLER* samplers) {
  setSamplers(Device::from(hDevice), 4, start, count, samplers);
}

VOID APIENTRY dsSetConstantBuffers(D3D10DDI_HDEVICE hDevice, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                   const UINT* first, const UINT* num) {
  setConstantBuffers(Device::from(hDevice), 4, start, count, buffers, first, num);
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

bool boundRenderExtent(Device& device, VkExtent2D* extent, UINT* samples) {
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
  // UAV-only rendering (no render target or depth-stencil view, buffer or
  // texture UAVs): D3D rasterizes over the viewports, one sample (a
  // ForcedSampleCount triangle draw takes the fallback, which applies it).
  const DrawState& s = device.draw;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  uint32_t width = 0, height = 0;
  for (UINT i = 0; i < s.viewportCount; ++i) {
    const D3D10_DDI_VIEWPORT& v = s.viewports[i];
    if (!(v.Width > 0) || !(v.Height > 0)) continue;
    width = std::max(width, uint32_t(std::clamp(std::ceil(double(v.TopLeftX) + v.Width), 0.0,
                                                double(limits.maxFramebufferWidth))));
    height = std::max(height, uint32_t(std::clamp(std::ceil(double(v.TopLeftY) + v.Height), 0.0,
                                                  double(limits.maxFramebufferHeight))));
  }
  *extent = {width, height};
  *samples = 1;
  return width > 0 && height > 0;
}

namespace {

// D3D viewport → Vulkan viewport with negative height (y flipped: framebuffer y = D3D y).
// Depths are clamped to [0, 1] (D3D's valid range; Vulkan requires it without
// VK_EXT_depth_range_unrestricted).
VkViewport vulkanViewport(const D3D10_DDI_VIEWPORT& v) {
  const float minDepth = std::clamp(v.MinDepth, 0.0f, 1.0f), maxDepth = std::clamp(v.MaxDepth, 0.0f, 1.0f);
  return {v.TopLeftX, v.TopLeftY + v.Height, v.Width, -v.Height, minDepth, maxDepth};
}

VkRect2D vulkanScissor(const DrawState& s, bool scissorEnable, VkExtent2D extent, UINT index = 0) {
  if (!scissorEnable) return {{0, 0}, extent};
  if (s.scissorCount <= index) return {{0, 0}, {0, 0}};
  const D3D10_DDI_RECT& r = s.scissors[index];
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

// Whether an IA topology feeds a geometry shader's input primitive (D3D10_SB_PRIMITIVE).
bool feedsGeometryShader(D3D10_DDI_PRIMITIVE_TOPOLOGY t, uint32_t primitive) {
  switch (primitive) {
    case 1: return t == D3D10_DDI_PRIMITIVE_TOPOLOGY_POINTLIST;
    case 2: return t == D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST || t == D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP;
    case 3: return t == D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST || t == D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP;
    case 6: return t == D3D10_DDI_PRIMITIVE_TOPOLOGY_LINELIST_ADJ || t == D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ;
    case 7:
      return t == D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ || t == D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ;
    default: return false;
  }
}

// A bound geometry shader: it must exist and match the topology.
bool prepareGeometryStage(Device& device) {
  const DrawState& s = device.draw;
  const Shader& gs = *s.geometryShader;
  if (!gs.module) return false;  // a failed create
  if (s.hullShader && s.domainShader) {
    // After tessellation the geometry shader takes the tessellator's primitives
    // (D3D11_TESSELLATOR_OUTPUT_PRIMITIVE: 1 point, 2 line, 3/4 triangle).
    const uint32_t tessellated = s.hullShader->reflection.tessOutputPrimitive;
    const uint32_t primitive = tessellated >= 3 ? 3u : tessellated;
    if (gs.reflection.gsInputPrimitive != primitive) {
      logError("draw dropped: the tessellator's output primitive does not feed the geometry shader's input primitive");
      return false;
    }
  } else if (!feedsGeometryShader(s.topology, gs.reflection.gsInputPrimitive)) {
    logError("draw dropped: primitive topology " + std::to_string(int(s.topology)) +
             " does not feed the geometry shader's input primitive");
    return false;
  }
  return true;
}

// The last stage before the rasterizer (the geometry shader, else the domain
// shader, else the vertex shader) decides how many viewports the draw uses
// (SV_ViewportArrayIndex) and whether it renders into every layer the bound
// views share (SV_RenderTargetArrayIndex).
void prepareViewportsAndLayers(Device& device, PreparedDraw* out) {
  const DrawState& s = device.draw;
  const Shader& last = s.geometryShader                    ? *s.geometryShader
                       : s.hullShader && s.domainShader    ? *s.domainShader
                                                           : *s.vertexShader;
  if (last.reflection.writesViewportArrayIndex)
    out->viewportCount = std::clamp<uint32_t>(s.viewportCount, 1, device.vk().info().properties.limits.maxViewports);
  if (last.reflection.writesRenderTargetArrayIndex) {
    uint32_t layers = UINT32_MAX;
    for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
      if (device.boundRenderTargets[i]) layers = std::min(layers, device.boundRenderTargets[i]->sliceCount);
    if (device.boundDepthStencil) layers = std::min(layers, device.boundDepthStencil->sliceCount);
    out->layerCount = layers == UINT32_MAX ? 1 : layers;
  }
}

// Bound hull and domain shaders: both or neither, a patch list of the hull
// shader's input control points exactly when they are, the domain shader's
// control points and domain those the hull shader outputs (the runtime's
// debug layer says so first; the UMD drops such draws too), and a device with
// tessellation shaders.
bool prepareTessellationStages(Device& device) {
  const DrawState& s = device.draw;
  const bool patches = s.topology >= 33 && s.topology <= 64;
  if (!s.hullShader && !s.domainShader) {
    if (patches) logError("draw dropped: a patch-list topology without hull and domain shaders");
    return !patches;
  }
  if (!s.hullShader || !s.domainShader) {
    logError("draw dropped: a hull shader without a domain shader, or a domain shader without a hull shader");
    return false;
  }
  if (!s.hullShader->module || !s.domainShader->module) return false;  // a failed create
  const dxbc::ShaderReflection& hs = s.hullShader->reflection;
  const dxbc::ShaderReflection& ds = s.domainShader->reflection;
  if (!patches || uint32_t(s.topology - 32) != hs.inputControlPoints) {
    logError("draw dropped: the hull shader takes " + std::to_string(hs.inputControlPoints) +
             "-control-point patches, the topology is " + std::to_string(int(s.topology)));
    return false;
  }
  if (hs.outputControlPoints != ds.inputControlPoints || hs.tessDomain != ds.tessDomain) {
    logError("draw dropped: the domain shader's control points or domain are not the hull shader's");
    return false;
  }
  if (uint32_t(s.topology - 32) > device.vk().info().properties.limits.maxTessellationPatchSize) {
    logError("draw dropped: patches of " + std::to_string(s.topology - 32) + " control points exceed the device's limit");
    return false;
  }
  return true;
}

}  // namespace

uint32_t tessellatedPrimitiveBound(float maxTessFactor) {
  const uint32_t f = uint32_t(std::ceil(std::clamp(maxTessFactor, 1.0f, 64.0f))) + 1;
  return 2 * f * f + 8 * f;
}

bool tessellationOutputTriangles(const DrawState& s) {
  return s.hullShader && s.domainShader && s.hullShader->reflection.tessOutputPrimitive >= 3;
}

bool prepareDraw(Device& device, const DrawCall& call, PreparedDraw* out) {
  DrawState& s = device.draw;
  if (!call.indirectBuffer && !call.autoBuffer && (call.count == 0 || call.instances == 0)) return false;
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
  if (!prepareTessellationStages(device)) return false;
  if (s.geometryShader && !prepareGeometryStage(device)) return false;
  prepareViewportsAndLayers(device, out);
  // D3D11 captures stream output whether or not anything is rasterized.
  const bool captures = streamOutputCaptures(device);
  const bool noViewport = s.viewportCount == 0 || !(s.viewports[0].Width > 0) || !(s.viewports[0].Height > 0);
  if (!boundRenderExtent(device, &out->extent, &out->samples) || noViewport) {
    if (!captures) return false;  // nothing bound: nothing to rasterize into
    out->streamOutputOnly = true;
    out->extent = {1, 1};
    out->samples = 1;
    out->viewportCount = 1;
    out->layerCount = 1;
  }
  const RasterizerState* rs = RasterizerState::from(device.boundRasterizerState);
  out->fallback = rs && rs->pipeline.needsFallback;
  // ForcedSampleCount (target-independent rasterization): Vulkan rasterizes
  // with the targets' sample count (mixed-sample extensions aside), so
  // triangle draws (a geometry shader's triangle strips included) take the
  // fallback, whose pixel shader tests the forced sample positions; points
  // and lines rasterize with the target's samples (reported once).
  if (rs && rs->desc.ForcedSampleCount && !out->fallback) {
    const vk::PhysicalDeviceInfo& info = device.vk().info();
    const bool triangles = s.geometryShader ? s.geometryShader->reflection.gsOutputTopology == 5
                           : s.hullShader   ? tessellationOutputTriangles(s)
                                            : fallback::triangleTopology(uint32_t(s.topology)).has_value();
    if (triangles && info.transformFeedback && info.depthClamp) {
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
  if (out->samples == 1 && !(s.sampleMask & 1) && !out->fallback && !out->shaderSampleMask && !captures) return false;
  if (call.indexed && (!s.indexBuffer || !s.indexBuffer->buffer)) return false;
  if (call.indirectBuffer && (!call.indirectBuffer->buffer || !(call.indirectBuffer->miscFlags & D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS) ||
                              call.indirectOffset % 4 ||
                              uint64_t(call.indirectOffset) + (call.indexed ? 20 : 16) > call.indirectBuffer->width)) {
    logError("indirect draw: the argument buffer is not a DRAWINDIRECT_ARGS buffer, or the offset is unaligned or "
             "past its end; draw dropped");
    return false;
  }
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
  if ((s.inputLayout && !s.inputLayout->id) || !outputMergerStatesCreated(s))
    return false;  // a failed create: nothing valid to draw with
  out->rasterizer = rs ? rs->desc : defaultRasterizerDesc();
  return true;
}

bool outputMergerStatesCreated(const DrawState& s) {
  return !(s.blendState && !s.blendState->id) && !(s.depthStencilState && !s.depthStencilState->id);
}

void setOutputMergerStateIds(const DrawState& s, state::GraphicsPipelineKey* key) {
  key->blendState = s.blendState ? s.blendState->id : 0;
  key->depthStencilState = s.depthStencilState ? s.depthStencilState->id : 0;
}

void keyDynamicOutputMergerState(Device& device, state::GraphicsPipelineKey* key) {
  const vk::Device& vk = device.vk();
  // (Without a render target there is no blending to share, and nothing to
  // set: vkCmdSetColorBlend*EXT take at least one attachment.)
  if (vk.dynamicBlendEnabled() && key->renderTargetCount > 0)
    key->blendState = state::dynamicBlendKey(blendPipelineState(device.draw.blendState));
  if (vk.dynamicDepthStencilEnabled()) {
    key->depthStencilState = state::dynamicDepthStencilKey(!vk.depthBiasExactEnabled());
    key->depthStencilReadOnly = 0;
  }
}

void keyDynamicState(Device& device, state::GraphicsPipelineKey* key) {
  keyDynamicOutputMergerState(device, key);
  if (key->depthStencilState & state::kDynamicDepthStencilKey)
    key->rasterizer =
        state::dynamicRasterizerKey(key->rasterizer, state::keyHasDynamicDepthBias(key->depthStencilState));
}

state::GraphicsPipelineKey pipelineKey(Device& device, const PreparedDraw& draw) {
  const DrawState& s = device.draw;
  state::GraphicsPipelineKey key;
  key.vertexShader = s.vertexShader->id;
  key.pixelShader = s.pixelShader ? s.pixelShader->id : 0;
  key.geometryShader = s.geometryShader ? s.geometryShader->id : 0;
  key.hullShader = s.hullShader ? s.hullShader->id : 0;
  key.domainShader = s.domainShader ? s.domainShader->id : 0;
  key.inputLayout = s.inputLayout ? s.inputLayout->id : 0;
  setOutputMergerStateIds(s, &key);
  key.sampleMask = s.sampleMask;
  key.topology = s.topology;
  key.sampleCount = draw.samples;
  key.viewportCount = draw.viewportCount;
  key.rasterizer = draw.rasterizer;
  key.renderTargetCount = device.boundRenderTargetCount;
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    key.renderTargetFormats[i] = device.boundRenderTargets[i] ? device.boundRenderTargets[i]->format : DXGI_FORMAT_UNKNOWN;
  key.depthStencilFormat = device.boundDepthStencil ? device.boundDepthStencil->format : DXGI_FORMAT_UNKNOWN;
  key.depthStencilReadOnly = boundDepthStencilReadOnly(device);
  return key;
}

uint32_t boundDepthStencilReadOnly(const Device& device) {
  constexpr uint32_t kReadOnly = D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH | D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL;
  return device.boundDepthStencil ? device.boundDepthStencil->flags & kReadOnly : 0;
}

const dxbc::ProgramType kDrawStageTypes[DrawState::kStages] = {dxbc::ProgramType::Vertex, dxbc::ProgramType::Pixel,
                                                              dxbc::ProgramType::Geometry, dxbc::ProgramType::Hull,
                                                              dxbc::ProgramType::Domain};

StageBindings drawStageBindings(const Device& device, uint32_t stage, uint32_t dynamicConstantBuffers) {
  static constexpr const char* kNames[DrawState::kStages] = {"vertex", "pixel", "geometry", "hull", "domain"};
  const DrawState& s = device.draw;
  StageBindings b;
  b.shader = s.stageShaders()[stage];
  b.constantBuffers = s.constantBuffers[stage];
  b.shaderResources = s.shaderResources[stage];
  b.samplers = s.samplers[stage];
  b.uavs = device.boundUnorderedAccessViews;  // D3D11.1: the UAV slots are shared by every graphics stage
  b.stageName = kNames[stage];
  b.boundForOutput = &isBoundForDrawOutput;
  b.depthStencil = device.boundDepthStencil;
  b.dynamicConstantBuffers = dynamicConstantBuffers;
  return b;
}

bool isBoundForDrawOutput(const Device& device, const Resource* r) {
  for (UINT i = 0; i < device.outputResourceCount; ++i)
    if (device.outputResources[i] == r) return true;
  return false;
}

bool bindShaderResources(Device& device, VkCommandBuffer cmd, const InvocationCounter* counter,
                         const FallbackBuffers* fallback) {
  const DrawState& s = device.draw;
  PipelineCache& cache = device.pipelines();
  const std::array<const Shader*, DrawState::kStages> shaders = s.stageShaders();
  const uint32_t setCount = s.drawSetCount();

  VkResult result = VK_SUCCESS;
  const PipelineCache::StageLayout* layouts[DrawState::kStages] = {};
  VkDescriptorSet sets[DrawState::kStages] = {};
  for (uint32_t i = 0; i < setCount; ++i) {
    layouts[i] = cache.stageLayout(kDrawStageTypes[i], shaders[i], &result);
    if (!layouts[i]) {
      device.setVkError(result);
      return false;
    }
    if (!layouts[i]->push && !allocateDescriptorSets(device, {layouts[i]->handle()}, {}, &sets[i])) return false;
  }
  const VkPipelineLayout pipelineLayout = cache.graphicsLayout(s.vertexShader, s.pixelShader, s.geometryShader, &result,
                                                              s.hullShader, s.domainShader);
  if (!pipelineLayout) {
    device.setVkError(result);
    return false;
  }
  DescriptorWrites* writes = device.nativeDrawCache().stageWrites;
  for (uint32_t i = 0; i < setCount; ++i) writes[i].clear();
  for (uint32_t i = 0; i < setCount; ++i)
    if (!writeStageSet(device, cmd, sets[i], drawStageBindings(device, i, layouts[i]->dynamicConstantBuffers), writes[i]))
      return false;
  // The counting pixel shader's counter; other draws leave the binding unwritten (unused).
  if (counter) {
    writes[1].buffers.push_back({counter->buffer, counter->offset, dxbc::kInvocationCounterBytes});
    writes[1].add(sets[1], dxbc::kInvocationCounterBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).pBufferInfo =
        &writes[1].buffers.back();
  }
  // The fallback draw pass's buffers; other draws leave these bindings unwritten (unused).
  if (fallback) {
    const VkBuffer buffers[2] = {fallback->captured, fallback->records};
    const uint32_t targets[2][2] = {{0, dxbc::kFallbackCapturedBinding}, {1, dxbc::kFallbackRecordsBinding}};
    for (uint32_t i = 0; i < 2; ++i) {
      DescriptorWrites& w = writes[targets[i][0]];
      w.buffers.push_back({buffers[i], 0, VK_WHOLE_SIZE});
      w.add(sets[targets[i][0]], targets[i][1], VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).pBufferInfo = &w.buffers.back();
    }
  }
  // Allocated sets are written and bound; a push-descriptor set (pipeline_cache.h) is pushed.
  for (uint32_t i = 0; i < setCount; ++i) {
    std::vector<VkWriteDescriptorSet>& w = writes[i].writes;
    if (layouts[i]->push) {
      if (!w.empty())
        vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout, i, uint32_t(w.size()), w.data());
      continue;
    }
    vkUpdateDescriptorSets(device.vk().handle(), uint32_t(w.size()), w.data(), 0, nullptr);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout, i, 1, &sets[i],
                            uint32_t(writes[i].dynamicOffsets.size()), writes[i].dynamicOffsets.data());
  }
  return true;
}

void beginRendering(Device& device, VkCommandBuffer cmd, VkExtent2D extent, uint32_t layerCount) {
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
  rendering.layerCount = layerCount;
  rendering.colorAttachmentCount = device.boundRenderTargetCount;
  rendering.pColorAttachments = colors;
  if (DepthStencilView* dsv = device.boundDepthStencil) {
    transitionImage(cmd, *dsv->resource, dsv->attachmentLayout());
    depth.imageView = dsv->view->handle();
    depth.imageLayout = dsv->attachmentLayout();
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

VertexBufferBinding vertexBufferBinding(Device& device, const DrawCall& call, const VkVertexInputBindingDescription& b) {
  const DrawState::VertexBuffer& vb = device.draw.vertexBuffers[b.binding];
  VertexBufferBinding out{device.pipelines().nullConstantBuffer(), 0, 0, nullptr};
  // A base vertex past the buffer's end puts every fetch of a per-vertex
  // buffer out of bounds (indices are ≥ 0): D3D reads zeros there, while a
  // device computing the address in 32 bits can wrap into the buffer.
  const bool allOutOfBounds = call.indexed && call.baseVertex > 0 && b.inputRate == VK_VERTEX_INPUT_RATE_VERTEX &&
                              call.baseVertex >= firstBaseVertexPastEnd(vb);
  if (vb.buffer && vb.buffer->buffer && vb.offset < vb.buffer->width && !allOutOfBounds)
    out = {vb.buffer->buffer->handle(), vb.buffer->bufferOffset + vb.offset, vb.stride, vb.buffer};
  return out;
}

int64_t firstBaseVertexPastEnd(const DrawState::VertexBuffer& vb) {
  // baseVertex * stride + offset >= width, solved for baseVertex.
  if (!vb.buffer) return INT64_MAX;
  if (vb.offset >= vb.buffer->width) return 1;
  if (vb.stride == 0) return INT64_MAX;
  return int64_t((vb.buffer->width - vb.offset + vb.stride - 1) / vb.stride);
}

void bindInputAssembly(Device& device, VkCommandBuffer cmd, const DrawCall& call, VkIndexType indexType,
                       BoundCommandState* bound) {
  const DrawState& s = device.draw;
  if (s.inputLayout) {
    for (const VkVertexInputBindingDescription& b : s.inputLayout->vertexInput.bindings) {
      const VertexBufferBinding vb = vertexBufferBinding(device, call, b);
      if (vb.resource) markUsed(device, *vb.resource);
      if (bound) {
        const BoundCommandState::VertexBuffer want{vb.buffer, vb.offset, vb.stride};
        if ((bound->vertexBuffersValid & (1u << b.binding)) && bound->vertexBuffers[b.binding] == want) continue;
        bound->vertexBuffers[b.binding] = want;
        bound->vertexBuffersValid |= 1u << b.binding;
      }
      vkCmdBindVertexBuffers2(cmd, b.binding, 1, &vb.buffer, &vb.offset, nullptr, &vb.stride);
    }
  }
  if (!call.indexed) return;
  const VkBuffer buffer = call.zeroIndices ? device.pipelines().nullConstantBuffer() : s.indexBuffer->buffer->handle();
  const VkDeviceSize offset = call.zeroIndices ? 0 : s.indexBuffer->bufferOffset + s.indexOffset;  // zeros (recordDraw)
  if (!call.zeroIndices) markUsed(device, *s.indexBuffer);
  if (bound) {
    if (bound->indexBuffer == buffer && bound->indexOffset == offset && bound->indexType == indexType) return;
    bound->indexBuffer = buffer;
    bound->indexOffset = offset;
    bound->indexType = indexType;
  }
  vkCmdBindIndexBuffer(cmd, buffer, offset, indexType);
}

uint32_t dynamicViewports(const Device& device, const PreparedDraw& draw, VkViewport* viewports, VkRect2D* scissors) {
  const DrawState& s = device.draw;
  const uint32_t count = std::min<uint32_t>(draw.viewportCount, DrawState::kViewportSlots);
  for (uint32_t i = 0; i < count; ++i) {
    // Viewports past the bound ones are empty (nothing drawn through them).
    const bool bound = i < s.viewportCount && !draw.streamOutputOnly;
    viewports[i] = bound ? vulkanViewport(s.viewports[i]) : VkViewport{0, 0, 1, 1, 0, 1};
    scissors[i] = bound ? vulkanScissor(s, draw.rasterizer.ScissorEnable, draw.extent, i) : VkRect2D{{0, 0}, {0, 0}};
  }
  return count;
}

void setDynamicState(Device& device, VkCommandBuffer cmd, const PreparedDraw& draw) {
  const DrawState& s = device.draw;
  VkViewport viewports[DrawState::kViewportSlots];
  VkRect2D scissors[DrawState::kViewportSlots];
  const uint32_t count = dynamicViewports(device, draw, viewports, scissors);
  vkCmdSetViewport(cmd, 0, count, viewports);
  vkCmdSetScissor(cmd, 0, count, scissors);
  vkCmdSetBlendConstants(cmd, s.blendFactor);
  vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, s.stencilRef & 0xFF);
}

void cmdDraw(VkCommandBuffer cmd, const DrawCall& call) {
  // D3D11's indirect argument layouts are VkDrawIndirectCommand / VkDrawIndexedIndirectCommand.
  if (call.autoBuffer)  // DrawAuto: what capture wrote past the vertex buffer's offset, in vertices
    vkCmdDrawIndirectByteCountEXT(cmd, 1, 0, call.autoBuffer->streamOutputCounter->handle(), 0, call.autoOffset,
                                  call.autoStride);
  else if (call.indirectBuffer && call.indexed)
    vkCmdDrawIndexedIndirect(cmd, call.indirectBuffer->buffer->handle(), call.indirectBuffer->bufferOffset + call.indirectOffset, 1,
                             sizeof(VkDrawIndexedIndirectCommand));
  else if (call.indirectBuffer)
    vkCmdDrawIndirect(cmd, call.indirectBuffer->buffer->handle(), call.indirectBuffer->bufferOffset + call.indirectOffset, 1,
                      sizeof(VkDrawIndirectCommand));
  else if (call.indexed)
    vkCmdDrawIndexed(cmd, call.count, call.instances, call.first, call.baseVertex, call.firstInstance);
  else
    vkCmdDraw(cmd, call.count, call.instances, call.first, call.firstInstance);
}

void clampIndicesPastBuffer(const Device& device, const PreparedDraw& prepared, DrawCall* call) {
  if (call->indexed && !call->indirectBuffer &&
      uint64_t(call->first) * (prepared.indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2) >=
          device.draw.indexBuffer->width - device.draw.indexOffset) {
    call->first = 0;
    call->zeroIndices = true;
  }
}

void recordDraw(Device& device, DrawCall call) {
  if (recordRepeatedDraw(device, call)) return;
  device.nativeDrawCache().repeat.valid = false;
  if (recordPreparedDraw(device, call)) return;
  device.nativeDrawCache().prepared.valid = false;
  PreparedDraw prepared;
  if (!prepareDraw(device, call, &prepared)) return;
  // A stream-output draw that rasterizes nothing (no rasterized stream, or
  // nothing bound to rasterize into) leaves the conservative fallback nothing
  // to do: it is the native capturing draw, its rasterizer state unused.
  if (prepared.fallback && (prepared.streamOutputOnly || streamOutputRasterizesNothing(device))) {
    prepared.fallback = false;
    prepared.rasterizer = defaultRasterizerDesc();
  }
  if (prepared.fallback) {
    // The fallback sizes its passes from CPU-known counts (a rare readback).
    if (call.autoBuffer && !resolveAutoArguments(device, &call)) return;
    if (call.indirectBuffer && !resolveIndirectArguments(device, &call)) return;
    if (call.count == 0 || call.instances == 0) return;
    return recordFallbackDraw(device, call, prepared);
  }
  clampIndicesPastBuffer(device, prepared, &call);

  state::GraphicsPipelineKey key = pipelineKey(device, prepared);
  const DrawState& s = device.draw;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  const PredicatedCommand predicated(device);  // rendered conditionally, or the CPU verdict
  if (predicated.skipped()) return;
  PipelineInputs inputs{s.vertexShader, s.pixelShader, s.inputLayout, &prepared.rasterizer, s.blendState,
                        s.depthStencilState};
  inputs.geometryShader = s.geometryShader;
  inputs.hullShader = s.hullShader;
  inputs.domainShader = s.domainShader;
  if (!prepareStreamOutputDraw(device, key, inputs)) return;
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
  if (!counting) {
    keyDynamicState(device, &key);  // (counting draws are untracked commands with pipelines of their own)
    if (!recordNativeDraw(device, call, prepared, key, inputs)) return;
    allowRepeatedDraw(device, call);
    keepPreparedDraw(device, call, prepared, key, inputs);
    return;
  }

  // Counting draws (a statistics query is active) write a counter slot of
  // their own each: an untracked command (recorder.h).
  VkResult result = VK_SUCCESS;
  VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
  if (!pipeline) return device.setVkError(result);
  InvocationCounter counter;
  if (!allocateInvocationCounter(device, &counter) || !reserveStreamOutputQueries(device)) return;
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  if (!bindShaderResources(device, cmd, &counter)) return;
  beginRendering(device, cmd, prepared.extent, prepared.layerCount);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  bindInputAssembly(device, cmd, call, prepared.indexType);
  setDynamicState(device, cmd, prepared);
  if (call.autoBuffer) markUsed(device, *call.autoBuffer);
  for (Resource* target : s.streamOutputTargets)
    if (target) markUsed(device, *target);
  const bool capturing = beginStreamOutput(device, cmd);
  cmdDraw(cmd, call);
  if (capturing) endStreamOutput(device, cmd);
  vkCmdEndRendering(cmd);
}


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

VOID APIENTRY drawInstancedIndirect(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE args, UINT offset) {
  recordDraw(*Device::from(hDevice), {false, 0, 0, 0, 0, 0, Resource::from(args), offset});
}

VOID APIENTRY drawIndexedInstancedIndirect(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE args, UINT offset) {
  recordDraw(*Device::from(hDevice), {true, 0, 0, 0, 0, 0, Resource::from(args), offset});
}

}  // namespace d3dvk::umd
