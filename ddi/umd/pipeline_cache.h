// ddi/umd/pipeline_cache.h — the device's graphics and compute pipelines, one
// per distinct state::GraphicsPipelineKey (shaders, element layout, topology,
// rasterizer desc, render-target formats, sample count) or compute shader, the
// GPU fallback's draw-pass vertex shaders (one per pair of shaders), plus the
// descriptor-set and pipeline layouts of translate/dxbc/binding.h.
//
// Set layouts are per stage and per shader: set 0 = VS (or CS), 1 = PS, 2 = GS.
// A stage set has a binding for each constant buffer b0..b13 the shader
// declares (binding = slot, uniform buffers: the first few with dynamic
// offsets, as many per stage as the device lets five stages' sets hold, so a
// constant buffer moving within its memory — Map(WRITE_DISCARD),
// dynamic_buffer.h — needs no new set; none in a pushed set) and each sampler s0..s15 it
// declares (16 + slot); then one binding per t# and u# the shader declares, of the descriptor type its declaration
// needs (sampled image, uniform/storage texel buffer, storage image, storage
// buffer; 32 + t, 160 + u) and 256 + u for a structured UAV's counter. The
// VS set also has 241..243 (the GPU fallback's draw pass: captured vertices,
// corners, records) and the PS set 240 (the counting pixel shader's
// invocation counter, where the device has fragmentStoresAndAtomics) and 241
// (the fallback prelude's records). The PS set is a push-descriptor set
// where the device has VK_KHR_push_descriptor and the set fits its
// maxPushDescriptors: the descriptor set that changes most often (textures)
// costs one vkCmdPushDescriptorSetKHR instead of an allocation, an update and a bind. Layouts are shared by every shader with
// the same bindings. Every graphics pipeline layout has one push-constant
// range, VS bytes 0..7: the fallback capture variant's SV_VertexID /
// SV_InstanceID bases (dxbc::kIdBasePushConstantBytes). Also: a zero-filled 64 KiB uniform buffer standing in for
// unbound constant-buffer slots (D3D reads zeros from them) and the sampler
// unbound sampler slots read.
//
// Pipelines use dynamic rendering, and dynamic viewport, scissor, vertex-buffer
// strides, blend constants and stencil reference. Callers hold the device's queue mutex.
#pragma once

#include "d3d10umddi.h"
#include "blend_state.h"   // translate/state
#include "input_layout.h"  // translate/state
#include "pipeline_key.h"  // translate/state
#include "vk_command_queue.h"
#include "vk_pipeline.h"
#include "vk_resources.h"

#include "dxbc/tokens.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace d3dvk::state {
struct FormatInfo;
}

namespace d3dvk::umd {

class Device;
struct Shader;
struct InputLayout;

// Unique ids for driver objects that enter pipeline keys (never reused).
uint64_t nextObjectId();

// What a pipeline is built from, besides its key.
struct PipelineInputs {
  const Shader* vertexShader = nullptr;
  const Shader* pixelShader = nullptr;  // null: no pixel shader (no color writes)
  const InputLayout* inputLayout = nullptr;  // null: no vertex input
  const D3DWDDM2_0DDI_RASTERIZER_DESC* rasterizer = nullptr;
  const struct BlendState* blend = nullptr;                // null: the default state
  const struct DepthStencilState* depthStencil = nullptr;  // null: the default state
  // Fallback variants (key.variant): the modules and vertex input used instead of
  // the shaders' native modules and the input layout's.
  VkShaderModule vertexModule = VK_NULL_HANDLE;
  VkShaderModule pixelModule = VK_NULL_HANDLE;
  const state::VertexInputState* vertexInput = nullptr;
  const Shader* geometryShader = nullptr;  // null: none
  VkShaderModule geometryModule = VK_NULL_HANDLE;  // instead of geometryShader's native module (the capture variant)
  // Tessellation: both or neither; the patch's control points come from key.topology (33..64).
  const Shader* hullShader = nullptr;
  const Shader* domainShader = nullptr;
  VkShaderModule domainModule = VK_NULL_HANDLE;  // instead of domainShader's native module (the capture variant)
  // Stream output with D3D11_SO_NO_RASTERIZED_STREAM: nothing reaches the rasterizer.
  bool rasterizerDiscard = false;
};

// A blend state's Vulkan translation (the default state's without one).
const state::BlendPipelineState& blendPipelineState(const struct BlendState* blend);
// A depth-stencil state's (the default's without one) against a view of
// `format` with `readOnly` flags (D3D11_DDI_CREATE_DSV_READ_ONLY_*): both
// tests off without a view (D3D: nothing to test against), the stencil test
// off on a view without stencil, depth writes off on a read-only depth and
// stencil writes (the write mask) on a read-only stencil (D3D11.3 §17.13).
// `format`'s facts, if asked.
VkPipelineDepthStencilStateCreateInfo depthStencilPipelineState(const struct DepthStencilState* state,
                                                                DXGI_FORMAT format, uint32_t readOnly,
                                                                const state::FormatInfo** formatInfo = nullptr);
// What `key`'s render-target formats change in their blending, a bit per target.
struct TargetFormatMasks {
  uint32_t integer = 0;     // an integer format: no blending
  uint32_t alphaInRed = 0;  // alpha kept in red (state::alphaInRedAttachment)
  uint32_t unknown = 0;     // no format d3dvk knows: nothing written
};
TargetFormatMasks targetFormatMasks(const state::GraphicsPipelineKey& key);
// The colour-blend attachment states of `key`'s render targets: the blend
// state's, adjusted per target by `formats` (targetFormatMasks(key)), and
// nothing written where the pixel shader writes no colour. Pipelines take
// them; under dynamic blend (key.blendState has state::kDynamicBlendKey) a
// native draw sets them.
void targetBlendAttachments(const state::GraphicsPipelineKey& key, const PipelineInputs& in,
                            const TargetFormatMasks& formats, VkPipelineColorBlendAttachmentState out[8]);

class PipelineCache {
 public:
  static constexpr uint32_t kConstantBufferSlots = 14;  // D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
  static constexpr uint32_t kStageSets = 5;  // VS, PS, GS, HS, DS (binding.h's set numbers)
  static constexpr VkDeviceSize kNullConstantBufferSize = 65536;
  static constexpr uint32_t kSamplerSlots = 16;  // D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT

  static std::unique_ptr<PipelineCache> create(Device& device, VkResult* result);

  // One stage's descriptor-set layout for `shader` (null: the stage's fixed
  // bindings only), with the descriptors a set of it needs; null with *result on failure.
  struct StageLayout {
    std::unique_ptr<vk::DescriptorSetLayout> layout;
    std::vector<VkDescriptorPoolSize> sizes;
    // The constant-buffer slots bound with dynamic offsets (bit per slot).
    uint32_t dynamicConstantBuffers = 0;
    // Its descriptors are pushed (vkCmdPushDescriptorSetKHR), never allocated.
    bool push = false;
    VkDescriptorSetLayout handle() const { return layout->handle(); }
  };
  const StageLayout* stageLayout(dxbc::ProgramType stage, const Shader* shader, VkResult* result);
  // The pipeline layout of a draw (sets 0 VS, 1 PS, 2 GS when `gs` or
  // tessellating, 3 HS and 4 DS when tessellating) or of a dispatch (set 0 CS).
  VkPipelineLayout graphicsLayout(const Shader* vs, const Shader* ps, const Shader* gs, VkResult* result,
                                  const Shader* hs = nullptr, const Shader* ds = nullptr);
  // The stages of every graphics layout's push-constant range (the id bases):
  // vertex, and geometry where the device enabled geometry shaders.
  static VkShaderStageFlags idBaseStages(const vk::Device& device) {
    return VK_SHADER_STAGE_VERTEX_BIT |
           (device.enabledFeatures().geometryShader ? VkShaderStageFlags(VK_SHADER_STAGE_GEOMETRY_BIT) : 0u) |
           (device.enabledFeatures().tessellationShader ? VkShaderStageFlags(VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT) : 0u);
  }
  VkPipelineLayout computeLayout(const Shader& cs, VkResult* result);
  // Why this device cannot bind what `shader` declares in one stage (its
  // per-stage descriptor limits), or "".
  std::string checkStageLimits(const Shader& shader) const;
  VkBuffer nullConstantBuffer() const { return nullBuffer_->handle(); }
  // Unordered-access slots u0..u(n-1) (D3D11.1's 64; 0 without fragment stores).
  uint32_t unorderedAccessSlots() const { return unorderedAccessSlots_; }
  static constexpr uint32_t kUnorderedAccessSlots = 64;  // D3D11_1_UAV_SLOT_COUNT
  // The D3D11 default sampler for unbound sampler slots (driver_sampler.cpp creates it).
  std::shared_ptr<vk::Sampler>& defaultSampler() { return defaultSampler_; }

  // The pipeline for `key` (created on first use); VK_NULL_HANDLE with *result on failure.
  VkPipeline get(const state::GraphicsPipelineKey& key, const PipelineInputs& inputs, VkResult* result);
  // The compute pipeline of a compute shader (created on first use).
  VkPipeline computePipeline(const Shader& cs, VkResult* result);
  // The GPU fallback's pixel shader for draws without one: the coverage
  // prelude alone, its variants indexed like Shader::fallbackModules (built by
  // driver_fallback_draw.cpp on first use).
  std::unique_ptr<vk::ShaderModule>& fallbackPixelModule(unsigned variant) { return fallbackPixel_[variant & 7]; }
  // The fallback draw pass's vertex shader for the captured stage (the vertex
  // or geometry shader) and the pixel shader (built on
  // first use, dxbc/fallback_shaders.h); VK_NULL_HANDLE with *result on a
  // Vulkan failure, or with VK_SUCCESS after logging why it cannot be built.
  VkShaderModule fallbackVertexModule(const Shader& captured, const Shader* ps, uint32_t positionSlot, VkResult* result);
  // Drops the pipelines built from a destroyed object (kept alive until the open batch completes).
  void forget(uint64_t objectId);

 private:
  explicit PipelineCache(Device& device) : device_(device) {}
  const StageLayout* buildStageLayout(dxbc::ProgramType stage, const Shader* shader, VkResult* result);
  Device& device_;
  std::map<std::vector<uint64_t>, std::unique_ptr<StageLayout>> stageLayouts_;  // key: stage flags + bindings
  // The layout each shader (by id) and each stage without a shader resolved to.
  std::unordered_map<uint64_t, const StageLayout*> shaderStageLayouts_;
  const StageLayout* emptyStageLayouts_[6] = {};
  std::map<std::vector<VkDescriptorSetLayout>, std::unique_ptr<vk::PipelineLayout>> pipelineLayouts_;
  std::map<uint64_t, std::shared_ptr<vk::Pipeline>> computePipelines_;  // by compute shader id
  std::unique_ptr<vk::Buffer> nullBuffer_;
  std::unique_ptr<vk::ShaderModule> fallbackPixel_[8];
  std::map<std::pair<uint64_t, uint64_t>, std::shared_ptr<vk::ShaderModule>> fallbackVertexModules_;  // (captured VS or GS, PS) ids
  std::shared_ptr<vk::Sampler> defaultSampler_;
  uint32_t unorderedAccessSlots_ = 0;
  bool invocationCounter_ = false;  // the PS set's binding 240
  uint32_t dynamicConstantBuffersPerStage_ = 0;
  uint32_t maxPushDescriptors_ = 0;  // 0: no push descriptors
  std::unordered_map<state::GraphicsPipelineKey, std::shared_ptr<vk::Pipeline>, state::GraphicsPipelineKeyHash>
      pipelines_;
};

}  // namespace d3dvk::umd
