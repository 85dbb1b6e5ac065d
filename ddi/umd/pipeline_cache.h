// ddi/umd/pipeline_cache.h — the device's graphics pipelines, one per distinct
// state::GraphicsPipelineKey (shaders, element layout, topology, rasterizer
// desc, render-target formats, sample count), the GPU fallback's draw-pass
// vertex shaders (one per pair of shaders), plus what every pipeline shares:
// the descriptor-set layouts of translate/dxbc/binding.h (set 0 = VS, set 1 =
// PS; bindings 0..13 = constant buffers b0..b13 (the API slots) as uniform
// buffers, 16..31 = samplers s0..s15, 32.. = shader resources t0.. as sampled
// images, as many of D3D's 128 as the device's per-stage limits allow; in the
// PS set also 160.. = unordered-access views u0.. as storage images, D3D11.0's
// 8 where the device has fragment stores and 8 storage images per stage, and
// 240 = the invocation counter, a storage buffer, where it has
// fragmentStoresAndAtomics), the
// pipeline layout, a zero-filled 64 KiB uniform buffer standing in for
// unbound constant-buffer slots (D3D reads zeros from them) and the sampler
// unbound sampler slots read.
//
// Pipelines use dynamic rendering, and dynamic viewport, scissor, vertex-buffer
// strides, blend constants and stencil reference. Callers hold the device's queue mutex.
#pragma once

#include "d3d10umddi.h"
#include "input_layout.h"  // translate/state
#include "pipeline_key.h"  // translate/state
#include "vk_command_queue.h"
#include "vk_pipeline.h"
#include "vk_resources.h"

#include <memory>
#include <map>
#include <unordered_map>

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
};

class PipelineCache {
 public:
  static constexpr uint32_t kConstantBufferSlots = 14;  // D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
  static constexpr uint32_t kStageSets = 2;  // VS, PS
  static constexpr VkDeviceSize kNullConstantBufferSize = 65536;
  static constexpr uint32_t kSamplerSlots = 16;  // D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT

  static std::unique_ptr<PipelineCache> create(Device& device, VkResult* result);

  VkPipelineLayout layout() const { return layout_->handle(); }
  VkDescriptorSetLayout setLayout(uint32_t set) const { return setLayouts_[set]->handle(); }
  VkBuffer nullConstantBuffer() const { return nullBuffer_->handle(); }
  // Shader-resource slots t0..t(n-1) the layouts hold (D3D's 128, or fewer
  // where maxPerStageResources / the sampled-image limits are lower).
  uint32_t shaderResourceSlots() const { return shaderResourceSlots_; }
  // Unordered-access slots u0..u(n-1) of the PS set (0 without fragment stores).
  uint32_t unorderedAccessSlots() const { return unorderedAccessSlots_; }
  static constexpr uint32_t kUnorderedAccessSlots = 8;  // D3D11_PS_CS_UAV_REGISTER_COUNT
  // The D3D11 default sampler for unbound sampler slots (driver_sampler.cpp creates it).
  std::shared_ptr<vk::Sampler>& defaultSampler() { return defaultSampler_; }

  // The pipeline for `key` (created on first use); VK_NULL_HANDLE with *result on failure.
  VkPipeline get(const state::GraphicsPipelineKey& key, const PipelineInputs& inputs, VkResult* result);
  // The GPU fallback's pixel shader for draws without one: the coverage
  // prelude alone, its variants indexed like Shader::fallbackModules (built by
  // driver_fallback_draw.cpp on first use).
  std::unique_ptr<vk::ShaderModule>& fallbackPixelModule(unsigned variant) { return fallbackPixel_[variant & 3]; }
  // The fallback draw pass's vertex shader for this pair of shaders (built on
  // first use, dxbc/fallback_shaders.h); VK_NULL_HANDLE with *result on a
  // Vulkan failure, or with VK_SUCCESS after logging why it cannot be built.
  VkShaderModule fallbackVertexModule(const Shader& vs, const Shader* ps, uint32_t positionSlot, VkResult* result);
  // Drops the pipelines built from a destroyed object (kept alive until the open batch completes).
  void forget(uint64_t objectId);

 private:
  explicit PipelineCache(Device& device) : device_(device) {}
  Device& device_;
  std::unique_ptr<vk::DescriptorSetLayout> setLayouts_[kStageSets];
  std::unique_ptr<vk::PipelineLayout> layout_;
  std::unique_ptr<vk::Buffer> nullBuffer_;
  std::unique_ptr<vk::ShaderModule> fallbackPixel_[4];
  std::map<std::pair<uint64_t, uint64_t>, std::shared_ptr<vk::ShaderModule>> fallbackVertexModules_;  // (VS, PS) ids
  std::shared_ptr<vk::Sampler> defaultSampler_;
  uint32_t shaderResourceSlots_ = 0;
  uint32_t unorderedAccessSlots_ = 0;
  std::unordered_map<state::GraphicsPipelineKey, std::shared_ptr<vk::Pipeline>, state::GraphicsPipelineKeyHash>
      pipelines_;
};

}  // namespace d3dvk::umd
