// ddi/umd/d3d12/fallback_batch12.cpp — CommandRecorder12::flushFallbackBatch:
// a list's consecutive conservative fallback draws (fallbackDraw's batch)
// recorded phase by phase, and grouped: draws whose setups and draw passes
// differ only in their triangles share one buffer set, one capture stream,
// one triage, one deferred setup and one draw pass, as D3D11's batch does
// (ddi/umd/fallback_batch.h).
#include "adapter.h"  // logError
#include "command_recorder12.h"
#include "device12.h"
#include "fallback12.h"
#include "fallback_passes.h"
#include "pipeline_cache.h"  // PipelineCache::idBaseStages
#include "shader12.h"

#include <array>
#include <cstring>

namespace d3dvk::umd12 {

namespace gpu = fallback::gpu;

bool CommandRecorder12::sameStageArguments(const Shader12* shader, const RootArguments12& a, const RootArguments12& b) {
  if (!shader) return true;
  if (a.signature != b.signature) return false;
  for (size_t i = 0; i < shader->bindings.bindings.size(); ++i) {
    const rootsig::ShaderBinding& binding = shader->bindings.bindings[i];
    // (The buffer view shifts follow from the parameters the other bindings compare.)
    if (binding.source == rootsig::BindingSource::StaticSampler ||
        binding.source == rootsig::BindingSource::BufferViewShifts)
      continue;
    if (binding.source == rootsig::BindingSource::RootConstants) {
      const auto [first, count] = shader->constantWords[i];
      if (std::memcmp(a.constants.data() + first, b.constants.data() + first, size_t(count) * 4) != 0) return false;
      continue;
    }
    if (!(a.parameters[binding.index] == b.parameters[binding.index])) return false;
  }
  return true;
}

// Whether `next` may join the group `first` opened: the same pipelines, header,
// setup parameters (but its triangles), dynamic state and pixel-shader inputs.
bool CommandRecorder12::sameFallbackGroup(const PendingFallback12& first, const PendingFallback12& next) {
  gpu::SetupParams a = first.params, b = next.params;
  a.slots = b.slots = 0;
  a.instances = b.instances = 1;
  a.primitiveIdBase = b.primitiveIdBase = 0;
  return first.fallback == next.fallback && std::memcmp(&first.header, &next.header, sizeof first.header) == 0 &&
         std::memcmp(&a, &b, sizeof a) == 0 &&
         std::memcmp(first.state.blendFactor, next.state.blendFactor, sizeof first.state.blendFactor) == 0 &&
         first.state.stencilRef == next.state.stencilRef && first.minDepth == next.minDepth &&
         first.maxDepth == next.maxDepth && std::memcmp(&first.clip, &next.clip, sizeof first.clip) == 0 &&
         sameStageArguments(first.fallback->pixelShader, first.state.graphics, next.state.graphics);
}

void CommandRecorder12::flushFallbackBatch() {
  if (fallbackBatch_.empty() || flushingFallback_) return;
  flushingFallback_ = true;  // command() below must not flush again
  std::vector<PendingFallback12> batch = std::move(fallbackBatch_);
  fallbackBatch_.clear();
  Device12& device = *device_;
  VkResult result = VK_SUCCESS;
  const umd::FallbackSetupPipelines* setup = device.fallbackSetup(&result);
  if (!setup) {
    flushingFallback_ = false;
    return fail(Device12::hresultFor(result), "cannot create the conservative fallback's setup pipelines");
  }

  // The groups, each with its buffers and sets (the pixel set from its first draw's state).
  struct Group {
    size_t first = 0, end = 0;
    uint32_t slots = 0;
    umd::FallbackPieceBuffers buffers;
    VkDescriptorSet setupSet = VK_NULL_HANDLE;
    VkDescriptorSet drawSets[2] = {};
    gpu::SetupParams params{};
  };
  std::vector<Group> groups;
  for (size_t i = 0; i < batch.size();) {
    const Fallback12& f = *batch[i].fallback;
    // Without a numbered SV_PrimitiveID in the pixel shader (a geometry shader's is captured), a group may form.
    const bool groupable = f.primitiveIdWord != gpu::kNoPrimitiveIdWord ||
                           !umd::readsPrimitiveId(f.pixelShader ? &f.pixelShader->reflection : nullptr);
    Group g;
    g.first = i;
    g.end = i + 1;
    uint64_t slots = batch[i].piece.slots;
    while (groupable && g.end < batch.size() && slots + batch[g.end].piece.slots <= umd::kFallbackDefaultPieceTriangles &&
           sameFallbackGroup(batch[i], batch[g.end]))
      slots += batch[g.end++].piece.slots;
    g.slots = uint32_t(slots);
    g.params = batch[i].params;
    g.params.slots = g.slots;
    if (g.end - g.first > 1) g.params.instances = 1, g.params.primitiveIdBase = 0;  // (no SV_PrimitiveID read)
    std::swap(state_, batch[i].state);
    const bool ok = fallbackBuffers(f, g.slots, &g.buffers, &g.setupSet, g.drawSets);
    std::swap(state_, batch[i].state);
    if (!ok) {
      flushingFallback_ = false;
      return;  // reported
    }
    groups.push_back(g);
    i = g.end;
  }

  const VkShaderStageFlags idBaseStages = umd::PipelineCache::idBaseStages(device.vk());
  // Each phase reads what the one before wrote: command() puts a full barrier between them.
  auto record = [&] {
    // 1. The fills: every group's header, counters and flat-only draw arguments.
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    for (const Group& g : groups) umd::recordFallbackPieceStart(cmd, g.buffers, batch[g.first].header, g.slots, true);
    // 2. The captures, each group's draws into its one stream, in one 1×1
    //    rendering instance; each draw binds from the list's state at the draw.
    if (!(cmd = command())) return;
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {1, 1}};
    rendering.layerCount = 1;
    vkCmdBeginRendering(cmd, &rendering);
    VkPipeline bound = VK_NULL_HANDLE;
    VkPipelineLayout boundLayout = VK_NULL_HANDLE;
    std::array<VkDescriptorSet, 8> boundSets{};  // by set index, under boundLayout
    for (const Group& g : groups) {
      const Fallback12& f = *batch[g.first].fallback;
      // (No pipeline bind while transform feedback is active: the group's draws share this one.)
      if (bound != f.capture->handle()) vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bound = f.capture->handle());
      if (boundLayout != f.captureLayout->handle()) boundLayout = f.captureLayout->handle(), boundSets = {};
      const uint32_t strideBytes = 16 * uint32_t(f.capturedRegisters.size());
      umd::beginFallbackCapture(cmd, g.buffers, VkDeviceSize(g.slots) * 3 * strideBytes);
      for (size_t k = g.first; k < g.end; ++k) {
        const PendingFallback12& p = batch[k];
        for (const auto& [index, set] : p.captureSets) {
          if (index < boundSets.size() && boundSets[index] == set) continue;  // (a draw that reused its predecessor's)
          vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f.captureLayout->handle(), index, 1, &set, 0,
                                  nullptr);
          if (index < boundSets.size()) boundSets[index] = set;
        }
        const int32_t idBases[3] = {p.call.indexed ? p.call.baseVertex : int32_t(p.call.first),
                                    int32_t(p.call.firstInstance), int32_t(p.piece.primitiveIdBase)};
        vkCmdPushConstants(cmd, f.captureLayout->handle(), idBaseStages, 0, sizeof idBases, idBases);
        bindInputAssembly(cmd, p.call.indexed, &p.state);
        setDynamicState(cmd, p.capture, &p.state);
        umd::cmdDraw(cmd, p.piece.call);
      }
      umd::endFallbackCapture(cmd, g.buffers);
    }
    vkCmdEndRendering(cmd);
    // 3. The triages, then 4. the deferred setups.
    if (!(cmd = command())) return;
    for (const Group& g : groups) umd::recordFallbackTriage(cmd, *setup, g.setupSet, g.params, &g == &groups.front());
    if (!(cmd = command())) return;
    for (const Group& g : groups)
      umd::recordFallbackDeferredSetup(cmd, *setup, g.setupSet, g.params, g.buffers, &g == &groups.front());
    // 5. The draw passes, in API order, in one rendering instance over the targets.
    if (!(cmd = command())) return;
    beginRendering(cmd, batch.front().targets);
    for (const Group& g : groups) {
      const PendingFallback12& p = batch[g.first];
      const Fallback12& f = *p.fallback;
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f.drawLayout->handle(), 0, 2, g.drawSets, 0, nullptr);
      vkCmdSetBlendConstants(cmd, p.state.blendFactor);
      vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, p.state.stencilRef & 0xFF);
      umd::recordFallbackDraws(cmd, g.buffers, f.flatDraw->handle(), f.exactDraw->handle(), g.params, p.minDepth,
                               p.maxDepth, p.clip);
    }
    vkCmdEndRendering(cmd);
  };
  {
    // The batch's draws were all recorded under the list's predicate now
    // (SetPredication flushes the batch): all their passes render under it.
    VkCommandBuffer outside = predicate_.word ? command() : VK_NULL_HANDLE;
    const PredicateScope predicated(*this, outside);
    if (!predicate_.word || outside) record();
  }
  // The vector's storage serves the next batch (no reallocation per batch).
  batch.clear();
  if (fallbackBatch_.empty()) fallbackBatch_.swap(batch);
  flushingFallback_ = false;
}

}  // namespace d3dvk::umd12
