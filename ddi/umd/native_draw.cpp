// ddi/umd/native_draw.cpp — see native_draw.h.
#include "native_draw.h"

#include "device.h"
#include "driver_blend_state.h"
#include "driver_input_layout.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "driver_stream_output.h"
#include "driver_view.h"
#include "dynamic_output_state.h"
#include "depth_stencil_state.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace d3dvk::umd {

namespace {

// Brings each stage's collected descriptors up to date (collecting only the
// stages that may have changed); false when the draw is dropped.
bool updateStages(Device& device, NativeDrawCache& c, const Shader* const* shaders, uint32_t setCount) {
  DrawState& s = device.draw;
  PipelineCache& cache = device.pipelines();
  for (uint32_t i = 0; i < setCount; ++i) {
    NativeDrawCache::Stage& st = c.stages[i];
    const uint64_t id = shaders[i] ? shaders[i]->id : 0;
    const uint32_t bit = 1u << i;
    if (st.shaderId == id && st.layout && !(s.dirtyStages & bit)) {
      // Only constant-buffer storage moved (a Map(WRITE_DISCARD)): new dynamic offsets, where that is all.
      if (!(s.movedStages & bit) ||
          moveDynamicOffsets(device, drawStageBindings(device, i, st.layout->dynamicConstantBuffers), st.descriptors)) {
        s.movedStages &= ~bit;
        continue;
      }
    }
    const PipelineCache::StageLayout* layout = st.layout;
    if (st.shaderId != id || !layout) {
      VkResult result = VK_SUCCESS;
      layout = cache.stageLayout(kDrawStageTypes[i], shaders[i], &result);
      if (!layout) {
        device.setVkError(result);
        return false;
      }
    }
    if (!collectStageDescriptors(device, drawStageBindings(device, i, layout->dynamicConstantBuffers), c.scratch))
      return false;
    if (layout != st.layout || st.shaderId != id || !c.scratch.sameDescriptors(st.descriptors)) {
      st.set = VK_NULL_HANDLE;
      ++st.version;
      std::swap(st.descriptors, c.scratch);
    } else {
      // The same descriptors of the same resources: only the dynamic offsets may have moved.
      std::swap(st.descriptors.dynamicOffsets, c.scratch.dynamicOffsets);
    }
    st.layout = layout;
    st.shaderId = id;
    s.dirtyStages &= ~bit;
    s.movedStages &= ~bit;
  }
  return true;
}

// Allocates and writes a set for each allocated-set stage whose descriptors
// changed (or whose set's pool may have been reset); false after reporting.
bool writeChangedSets(Device& device, NativeDrawCache& c, uint32_t setCount) {
  const uint64_t generation = device.descriptors().generation();
  c.writes.clear();
  for (uint32_t i = 0; i < setCount; ++i) {
    NativeDrawCache::Stage& st = c.stages[i];
    if (st.layout->push || (st.set && st.generation == generation)) continue;
    VkResult result = VK_SUCCESS;
    st.set = device.descriptors().allocate(st.layout->handle(), device.queue(), &result);
    if (!st.set) return device.setVkError(result), false;
    st.generation = device.descriptors().generation();
    st.descriptors.appendWrites(st.set, c.writes);
  }
  // A pool retired during these allocations invalidates sets allocated before it in this draw.
  for (uint32_t i = 0; i < setCount; ++i)
    if (!c.stages[i].layout->push && c.stages[i].generation != device.descriptors().generation()) {
      // Rare (a pool filled up mid-draw): write every stage's set afresh from the new pool.
      c.writes.clear();
      for (uint32_t j = 0; j < setCount; ++j) {
        NativeDrawCache::Stage& st = c.stages[j];
        if (st.layout->push) continue;
        VkResult result = VK_SUCCESS;
        st.set = device.descriptors().allocate(st.layout->handle(), device.queue(), &result);
        if (!st.set) return device.setVkError(result), false;
        st.generation = device.descriptors().generation();
        st.descriptors.appendWrites(st.set, c.writes);
      }
      break;
    }
  if (!c.writes.empty())
    vkUpdateDescriptorSets(device.vk().handle(), uint32_t(c.writes.size()), c.writes.data(), 0, nullptr);
  return true;
}

// Binds (or pushes) the stages' sets and dynamic constant-buffer offsets where
// they differ from what `b` says `cmd` has bound, all of them after a layout
// change; updates `b`.
void bindChangedSets(NativeDrawCache& c, VkCommandBuffer cmd, VkPipelineLayout layout, uint32_t setCount,
                     BoundCommandState& b) {
  const bool newLayout = b.layout != layout;
  for (uint32_t i = 0; i < setCount; ++i) {
    const NativeDrawCache::Stage& st = c.stages[i];
    if (st.layout->push) {
      if (!newLayout && !b.sets[i] && b.pushedVersions[i] == st.version) continue;
      c.pushWrites.clear();
      st.descriptors.appendWrites(VK_NULL_HANDLE, c.pushWrites);
      if (!c.pushWrites.empty())  // (a set of only unwritten bindings: nothing to push)
        vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, i, uint32_t(c.pushWrites.size()),
                                  c.pushWrites.data());
      b.sets[i] = VK_NULL_HANDLE;
      b.pushedVersions[i] = st.version;
      continue;
    }
    const std::vector<uint32_t>& offsets = st.descriptors.dynamicOffsets;
    if (!newLayout && b.sets[i] == st.set && b.dynamicOffsets[i] == offsets) continue;
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, i, 1, &st.set, uint32_t(offsets.size()),
                            offsets.data());
    b.sets[i] = st.set;
    b.dynamicOffsets[i] = offsets;
  }
  b.layout = layout;
}

// The pipeline layout of the bound shaders (looked up again only when they changed).
VkPipelineLayout pipelineLayout(Device& device, NativeDrawCache& c, const Shader* const* shaders, uint32_t setCount) {
  NativeDrawCache::LayoutKey key;
  for (uint32_t i = 0; i < DrawState::kStages; ++i) key.shaderIds[i] = shaders[i] ? shaders[i]->id : 0;
  key.setCount = setCount;
  if (const VkPipelineLayout known = c.layouts.find(key)) return c.pipelineLayout = known;
  VkResult result = VK_SUCCESS;
  const DrawState& s = device.draw;
  const VkPipelineLayout layout = device.pipelines().graphicsLayout(s.vertexShader, s.pixelShader, s.geometryShader,
                                                                    &result, s.hullShader, s.domainShader);
  if (!layout) {
    device.setVkError(result);
    return VK_NULL_HANDLE;
  }
  c.layouts.remember(key, layout);
  return c.pipelineLayout = layout;
}

void declareAttachments(Device& device) {
  Recorder& rec = device.recorder();
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (RenderTargetView* rtv = device.boundRenderTargets[i])
      rec.access(*rtv->resource, true, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  if (DepthStencilView* dsv = device.boundDepthStencil)
    rec.access(*dsv->resource, dsv->writableAspects() != 0, dsv->attachmentLayout());
}

// Records the barrier the declared accesses need, and declares the bound
// attachments unless `key`'s instance stays open (its attachments are already
// this epoch's writes).
void declareRenderPass(Device& device, VkCommandBuffer cmd, const RenderPassKey& key) {
  Recorder& rec = device.recorder();
  const bool passWasOpen = rec.renderPassOpen(key);
  if (!passWasOpen) declareAttachments(device);
  rec.barrier(cmd);
  // A barrier ended the instance the command would have joined: its attachments
  // are this instance's now (barrier() only marks them: they need none).
  if (passWasOpen && !rec.renderPassOpen(key)) {
    declareAttachments(device);
    rec.barrier(cmd);
  }
}

}  // namespace

// Viewports, scissors, blend constants and stencil reference, where they differ from the command buffer's.
void setDynamicStateChanges(Device& device, VkCommandBuffer cmd, const PreparedDraw& prepared, BoundCommandState& b) {
  const DrawState& s = device.draw;
  VkViewport viewports[DrawState::kViewportSlots];
  VkRect2D scissors[DrawState::kViewportSlots];
  const uint32_t count = dynamicViewports(device, prepared, viewports, scissors);
  if (count != b.viewportCount || std::memcmp(viewports, b.viewports, count * sizeof(VkViewport)) != 0) {
    vkCmdSetViewport(cmd, 0, count, viewports);
    std::memcpy(b.viewports, viewports, count * sizeof(VkViewport));
  }
  if (count != b.viewportCount || std::memcmp(scissors, b.scissors, count * sizeof(VkRect2D)) != 0) {
    vkCmdSetScissor(cmd, 0, count, scissors);
    std::memcpy(b.scissors, scissors, count * sizeof(VkRect2D));
  }
  b.viewportCount = count;
  if (!b.blendConstantsSet || std::memcmp(b.blendConstants, s.blendFactor, sizeof b.blendConstants) != 0) {
    vkCmdSetBlendConstants(cmd, s.blendFactor);
    std::memcpy(b.blendConstants, s.blendFactor, sizeof b.blendConstants);
    b.blendConstantsSet = true;
  }
  const uint32_t reference = s.stencilRef & 0xFF;
  if (!b.stencilReferenceSet || b.stencilReference != reference) {
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, reference);
    b.stencilReference = reference;
    b.stencilReferenceSet = true;
  }
}

void forgetCollectedDescriptors(Device& device) {
  std::lock_guard<std::mutex> lock(device.queueMutex());
  NativeDrawCache& c = device.nativeDrawCache();
  for (NativeDrawCache::Stage& st : c.stages) {
    st.shaderId = ~uint64_t(0);
    st.descriptors.clear();
    st.set = VK_NULL_HANDLE;
    ++st.version;
  }
  // (A repeated or prepared draw cannot follow: the destroy counted itself in Device::ddiCalls and stateCalls.)
}

bool bindStageDescriptors(Device& device, VkCommandBuffer cmd, BoundCommandState* bound) {
  NativeDrawCache& c = device.nativeDrawCache();
  const std::array<const Shader*, DrawState::kStages> stageShaders = device.draw.stageShaders();
  const Shader* const* shaders = stageShaders.data();
  const uint32_t setCount = device.draw.drawSetCount();
  const VkPipelineLayout layout = pipelineLayout(device, c, shaders, setCount);
  if (!layout || !updateStages(device, c, shaders, setCount)) return false;
  for (uint32_t i = 0; i < setCount; ++i) declareUntrackedAccesses(device, cmd, c.stages[i].descriptors);
  if (!writeChangedSets(device, c, setCount)) return false;
  if (bound) {
    bindChangedSets(c, cmd, layout, setCount, *bound);
  } else {
    BoundCommandState fresh;  // nothing known bound: every set
    bindChangedSets(c, cmd, layout, setCount, fresh);
  }
  return true;
}

RenderPassKey renderPassKey(const Device& device, VkExtent2D extent, uint32_t layers) {
  RenderPassKey key;
  key.colorCount = device.boundRenderTargetCount;
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (const RenderTargetView* rtv = device.boundRenderTargets[i]) key.colors[i] = rtv->view->handle();
  if (const DepthStencilView* dsv = device.boundDepthStencil) {
    key.depth = dsv->view->handle();
    key.depthLayout = dsv->attachmentLayout();
    key.stencil = dsv->resource->format->kind == state::FormatKind::DepthStencil;
  }
  key.width = extent.width;
  key.height = extent.height;
  key.layers = layers;
  return key;
}

bool recordNativeDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared,
                      const state::GraphicsPipelineKey& key, const PipelineInputs& inputs) {
  NativeDrawCache& c = device.nativeDrawCache();
  const DrawState& s = device.draw;
  Recorder& rec = device.recorder();
  const std::array<const Shader*, DrawState::kStages> stageShaders = s.stageShaders();
  const Shader* const* shaders = stageShaders.data();
  const uint32_t setCount = s.drawSetCount();

  if (!(c.pipeline = c.pipelines.find(key))) {
    VkResult result = VK_SUCCESS;
    const VkPipeline pipeline = device.pipelines().get(key, inputs, &result);
    if (!pipeline) return device.setVkError(result), false;
    c.pipelines.remember(key, pipeline);
    c.pipeline = pipeline;
  }
  const VkPipelineLayout layout = pipelineLayout(device, c, shaders, setCount);
  if (!layout || !updateStages(device, c, shaders, setCount)) return false;

  if (!reserveStreamOutputQueries(device)) return false;  // (may record a query-pool reset: before the draw's commands)
  const RenderPassKey passKey = renderPassKey(device, prepared.extent, prepared.layerCount);
  VkCommandBuffer cmd = rec.tracked(&passKey);
  if (!cmd) return false;
  // What the draw reads and writes: hazards, layouts, lifetimes.
  bool writes = false;
  for (uint32_t i = 0; i < setCount; ++i)
    for (const StageDescriptors::Access& a : c.stages[i].descriptors.accesses) {
      rec.access(*a.resource, a.write, a.layout);
      writes = writes || a.write;
    }
  VertexBufferBinding vertexBuffers[DrawState::kVertexBufferSlots];
  uint32_t vertexBindings[DrawState::kVertexBufferSlots];
  uint32_t vertexBufferCount = 0;
  if (s.inputLayout)
    for (const VkVertexInputBindingDescription& b : s.inputLayout->vertexInput.bindings) {
      const VertexBufferBinding vb = vertexBufferBinding(device, call, b);
      if (vb.resource) rec.access(*vb.resource, false);
      vertexBindings[vertexBufferCount] = b.binding;
      vertexBuffers[vertexBufferCount++] = vb;
    }
  if (call.indexed && !call.zeroIndices) rec.access(*s.indexBuffer, false);
  if (call.indirectBuffer) rec.access(*call.indirectBuffer, false);
  if (call.autoBuffer) rec.access(*call.autoBuffer, false);  // its counter (DrawAuto)
  declareStreamOutputTargets(device);
  declareRenderPass(device, cmd, passKey);
  const uint64_t serial = device.queue().openSerial();
  for (uint32_t i = 0; i < setCount; ++i)
    for (uint64_t* lastUse : c.stages[i].descriptors.lastUses) *lastUse = serial;

  // New descriptor sets for the stages whose descriptors changed (a host
  // operation: no render-pass rule applies).
  if (!writeChangedSets(device, c, setCount)) return false;

  if (!rec.renderPassOpen(passKey)) rec.beginRenderPass(cmd, passKey);
  BoundCommandState& b = rec.bound();
  const bool dynamicBlend = key.blendState & state::kDynamicBlendKey;
  const bool dynamicDepthStencil = key.depthStencilState & state::kDynamicDepthStencilKey;
  if (b.pipeline != c.pipeline) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c.pipeline);
    b.pipeline = c.pipeline;
    // A pipeline with its blending (depth-stencil) in it leaves that dynamic
    // state undefined for the next one that takes it dynamically.
    if (!dynamicBlend) b.blend = {};
    if (!dynamicDepthStencil) b.depth = {};
  }
  if (dynamicBlend) setDynamicBlend(cmd, key, inputs, b);
  if (dynamicDepthStencil) setDynamicDepthStencil(device, cmd, key, inputs, b);
  bindChangedSets(c, cmd, layout, setCount, b);
  for (uint32_t i = 0; i < vertexBufferCount; ++i) {
    const VertexBufferBinding& vb = vertexBuffers[i];
    const uint32_t binding = vertexBindings[i];
    const BoundCommandState::VertexBuffer want{vb.buffer, vb.offset, vb.stride};
    if ((b.vertexBuffersValid & (1u << binding)) && b.vertexBuffers[binding] == want) continue;
    vkCmdBindVertexBuffers2(cmd, binding, 1, &vb.buffer, &vb.offset, nullptr, &vb.stride);
    b.vertexBuffers[binding] = want;
    b.vertexBuffersValid |= 1u << binding;
  }
  if (call.indexed) {
    // Indices wholly past the buffer read zeros from the null buffer (recordDraw).
    const VkBuffer ib = call.zeroIndices ? device.pipelines().nullConstantBuffer() : s.indexBuffer->buffer->handle();
    const VkDeviceSize offset = call.zeroIndices ? 0 : s.indexBuffer->bufferOffset + s.indexOffset;
    if (b.indexBuffer != ib || b.indexOffset != offset || b.indexType != prepared.indexType) {
      vkCmdBindIndexBuffer(cmd, ib, offset, prepared.indexType);
      b.indexBuffer = ib;
      b.indexOffset = offset;
      b.indexType = prepared.indexType;
    }
  }
  setDynamicStateChanges(device, cmd, prepared, b);
  // Transform feedback is active for the draw alone (driver_stream_output.h).
  const bool capturing = beginStreamOutput(device, cmd);
  cmdDraw(cmd, call);
  if (capturing) endStreamOutput(device, cmd);

  // What a repeat of this draw depends on (allowRepeatedDraw decides whether one may follow).
  NativeDrawCache::Repeat& r = c.repeat;
  r.valid = false;
  r.cmd = cmd;
  r.epoch = rec.epoch();
  r.serial = serial;
  r.writes = writes || capturing;
  r.indexed = call.indexed;
  r.indexBytes = prepared.indexType == VK_INDEX_TYPE_UINT32 ? 4 : 2;
  r.indexLimit = call.indexed && !call.zeroIndices ? s.indexBuffer->width - s.indexOffset : 0;
  r.outOfBoundsBaseVertex = INT64_MAX;
  if (s.inputLayout)
    for (const VkVertexInputBindingDescription& binding : s.inputLayout->vertexInput.bindings)
      if (binding.inputRate == VK_VERTEX_INPUT_RATE_VERTEX)
        r.outOfBoundsBaseVertex =
            std::min(r.outOfBoundsBaseVertex, firstBaseVertexPastEnd(s.vertexBuffers[binding.binding]));
  return true;
}

namespace {
// D3DVK_REPEAT_DRAWS=0: every draw is recorded in full (for comparison and debugging).
bool repeatedDrawsEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("D3DVK_REPEAT_DRAWS");
    return !v || std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

// What both the repeated and the prepared draws need of the draw just
// recorded: direct arguments, no stream-output target, no predication.
bool reusableDraw(const Device& device, const DrawCall& call) {
  bool streamOutput = false;
  for (const Resource* target : device.draw.streamOutputTargets) streamOutput = streamOutput || target;
  return repeatedDrawsEnabled() && !call.indirectBuffer && !call.autoBuffer && !streamOutput &&
         !device.predication.query;
}
}  // namespace

void allowRepeatedDraw(Device& device, const DrawCall& call) {
  NativeDrawCache::Repeat& r = device.nativeDrawCache().repeat;
  r.valid = reusableDraw(device, call) && !call.zeroIndices && !r.writes && device.recorder().renderPassOpen() &&
            !(call.indexed && call.baseVertex > 0 && call.baseVertex >= r.outOfBoundsBaseVertex);
  r.ddiCalls = device.ddiCalls();
}

namespace {
// A repeat after binding calls (rebind in recordRepeatedDraw): collects the
// dirty stages again and binds the sets whose dynamic constant-buffer offsets
// moved, where nothing else did — the same descriptors in every stage, the
// bound vertex and index buffers. False: the caller records the draw in full
// (from the collections as they are now). Queue mutex held.
bool rebindDynamicOffsets(Device& device, const DrawCall& call, VkCommandBuffer cmd) {
  NativeDrawCache& c = device.nativeDrawCache();
  const DrawState& s = device.draw;
  BoundCommandState& b = device.recorder().bound();
  if (b.layout != c.pipelineLayout) return false;
  if (s.inputLayout)
    for (const VkVertexInputBindingDescription& binding : s.inputLayout->vertexInput.bindings) {
      const VertexBufferBinding vb = vertexBufferBinding(device, call, binding);
      const BoundCommandState::VertexBuffer want{vb.buffer, vb.offset, vb.stride};
      if (!(b.vertexBuffersValid & (1u << binding.binding)) || !(b.vertexBuffers[binding.binding] == want)) return false;
    }
  if (call.indexed && (b.indexBuffer != s.indexBuffer->buffer->handle() ||
                       b.indexOffset != s.indexBuffer->bufferOffset + s.indexOffset))
    return false;
  const std::array<const Shader*, DrawState::kStages> shaders = s.stageShaders();
  const uint32_t setCount = s.drawSetCount();
  uint64_t versions[DrawState::kStages];
  for (uint32_t i = 0; i < setCount; ++i) versions[i] = c.stages[i].version;
  if (!updateStages(device, c, shaders.data(), setCount)) return false;
  for (uint32_t i = 0; i < setCount; ++i)
    if (c.stages[i].version != versions[i] || (!c.stages[i].layout->push && b.sets[i] != c.stages[i].set)) return false;
  // The same resources as the previous draw, but a moved slice's are fresh
  // (dynamic_buffer.h): declared again (no barrier may be needed), and in use
  // by this batch, so that the next Map(WRITE_DISCARD) takes another slice.
  Recorder& rec = device.recorder();
  for (uint32_t i = 0; i < setCount; ++i)
    for (const StageDescriptors::Access& a : c.stages[i].descriptors.accesses) rec.access(*a.resource, a.write, a.layout);
  if (rec.barrierNeeded()) return false;
  rec.barrier(cmd);  // (records nothing: marks the accesses as this batch's)
  const uint64_t serial = device.queue().openSerial();
  for (uint32_t i = 0; i < setCount; ++i)
    for (uint64_t* lastUse : c.stages[i].descriptors.lastUses) *lastUse = serial;
  for (uint32_t i = 0; i < setCount; ++i) {
    const NativeDrawCache::Stage& st = c.stages[i];
    const std::vector<uint32_t>& offsets = st.descriptors.dynamicOffsets;
    if (st.layout->push || b.dynamicOffsets[i] == offsets) continue;
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c.pipelineLayout, i, 1, &st.set,
                            uint32_t(offsets.size()), offsets.data());
    b.dynamicOffsets[i] = offsets;
  }
  return true;
}
}  // namespace

bool recordRepeatedDraw(Device& device, const DrawCall& call) {
  NativeDrawCache& c = device.nativeDrawCache();
  NativeDrawCache::Repeat& r = c.repeat;
  if (!r.valid || call.indexed != r.indexed || call.indirectBuffer || call.autoBuffer) return false;
  // Only binding calls since (Map of a constant buffer, *SetConstantBuffers,
  // ...): a repeat if they moved nothing but dynamic offsets.
  const bool rebind = r.ddiCalls != device.ddiCalls();
  if (rebind && !(c.prepared.valid && c.prepared.stateCalls == device.stateCalls())) return false;
  if (call.count == 0 || call.instances == 0) return true;  // nothing drawn (prepareDraw)
  // The index and vertex buffers the previous draw bound must serve this one too.
  if (call.indexed && (uint64_t(call.first) * r.indexBytes >= r.indexLimit ||
                       (call.baseVertex > 0 && call.baseVertex >= r.outOfBoundsBaseVertex)))
    return false;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  Recorder& rec = device.recorder();
  VkCommandBuffer cmd = rec.tracked();
  // Still the previous draw's command buffer, epoch (no barrier since), open
  // instance and batch: its accesses, bindings and dynamic state all hold.
  if (!cmd || cmd != r.cmd || rec.epoch() != r.epoch || !rec.renderPassOpen() || rec.barrierNeeded() ||
      device.queue().openSerial() != r.serial)
    return false;
  if (rebind && !rebindDynamicOffsets(device, call, cmd)) return false;
  cmdDraw(cmd, call);
  r.ddiCalls = device.ddiCalls();
  return true;
}

void keepPreparedDraw(Device& device, const DrawCall& call, const PreparedDraw& prepared,
                      const state::GraphicsPipelineKey& key, const PipelineInputs& inputs) {
  NativeDrawCache::Prepared& p = device.nativeDrawCache().prepared;
  p.valid = reusableDraw(device, call) && !device.draw.streamOutputShader && !prepared.fallback;
  if (!p.valid) return;
  p.stateCalls = device.stateCalls();
  p.pipelineStateCalls = device.pipelineStateCalls();
  p.sampleMask = device.draw.sampleMask;
  p.indexed = call.indexed;
  p.draw = prepared;
  p.key = key;
  p.inputs = inputs;
  p.inputs.rasterizer = &p.draw.rasterizer;
}

namespace {
// Takes the blend, depth-stencil and rasterizer states set since the prepared
// draw into its pipeline key and inputs, where nothing else can have changed:
// only such state calls followed it, the sample mask (which prepareDraw
// decides with) is the same, and the rasterizer state differs from the
// prepared draw's only in what the key leaves to dynamic state (cull mode,
// winding, depth bias, scissor enable: prepareDraw decides nothing with them).
bool takePipelineStates(Device& device, NativeDrawCache::Prepared& p) {
  const DrawState& s = device.draw;
  const uint64_t states = device.stateCalls(), pipelineStates = device.pipelineStateCalls();
  if (states - p.stateCalls != pipelineStates - p.pipelineStateCalls || s.sampleMask != p.sampleMask ||
      !outputMergerStatesCreated(s))
    return false;  // (a failed create: prepareDraw drops the draw)
  const RasterizerState* rs = RasterizerState::from(device.boundRasterizerState);
  const D3DWDDM2_0DDI_RASTERIZER_DESC& rasterizer = rs ? rs->desc : defaultRasterizerDesc();
  // (The descs hold 4-byte fields only: no padding to compare.)
  if (std::memcmp(&rasterizer, &p.draw.rasterizer, sizeof rasterizer) != 0) {
    if (!(p.key.depthStencilState & state::kDynamicDepthStencilKey)) return false;
    const D3DWDDM2_0DDI_RASTERIZER_DESC keyed =
        state::dynamicRasterizerKey(rasterizer, state::keyHasDynamicDepthBias(p.key.depthStencilState));
    if (std::memcmp(&keyed, &p.key.rasterizer, sizeof keyed) != 0) return false;
    p.draw.rasterizer = rasterizer;  // (p.inputs.rasterizer points at it)
  }
  setOutputMergerStateIds(s, &p.key);
  keyDynamicOutputMergerState(device, &p.key);  // (p.key's rasterizer desc is keyed already)
  p.inputs.blend = s.blendState;
  p.inputs.depthStencil = s.depthStencilState;
  p.stateCalls = states;
  p.pipelineStateCalls = pipelineStates;
  return true;
}
}  // namespace

bool recordPreparedDraw(Device& device, DrawCall call) {
  NativeDrawCache::Prepared& p = device.nativeDrawCache().prepared;
  if (!p.valid || call.indexed != p.indexed || call.indirectBuffer || call.autoBuffer ||
      (p.stateCalls != device.stateCalls() && !takePipelineStates(device, p)))
    return false;
  if (call.count == 0 || call.instances == 0) return true;  // nothing drawn (prepareDraw)
  clampIndicesPastBuffer(device, p.draw, &call);
  std::lock_guard<std::mutex> lock(device.queueMutex());
  if (!recordNativeDraw(device, call, p.draw, p.key, p.inputs)) {
    p.valid = false;  // (reported) the next draw prepares in full
    return true;
  }
  allowRepeatedDraw(device, call);
  return true;
}

bool recordAttachmentClear(Device& device, const ImageViewRange& view, const VkClearAttachment& clear) {
  // The view must be one of the bound attachments, single-slice, covering the render area.
  VkClearAttachment attachment = clear;
  bool bound = false;
  if (clear.aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) {
    for (UINT i = 0; i < device.boundRenderTargetCount && !bound; ++i)
      if (device.boundRenderTargets[i] == &view) attachment.colorAttachment = i, bound = true;
  } else {
    bound = device.boundDepthStencil == &view;
  }
  VkExtent2D extent{};
  UINT samples = 0;
  if (!bound || view.sliceCount != 1 || view.resource->isTexture3D() || !boundRenderExtent(device, &extent, &samples) ||
      extent.width != view.resource->mipWidth(view.firstMip) || extent.height != view.resource->mipHeight(view.firstMip))
    return false;
  Recorder& rec = device.recorder();
  const RenderPassKey key = renderPassKey(device, extent, 1);
  VkCommandBuffer cmd = rec.tracked(&key);
  if (!cmd) return true;  // reported
  declareRenderPass(device, cmd, key);
  if (!rec.renderPassOpen(key)) rec.beginRenderPass(cmd, key);
  // In rasterization order with the instance's draws: no barrier either side.
  const VkClearRect rect{{{0, 0}, extent}, 0, 1};
  vkCmdClearAttachments(cmd, 1, &attachment, 1, &rect);
  return true;
}

}  // namespace d3dvk::umd
