// ddi/umd/predicate_fold.h — the one place both APIs' SetPredication turn
// 64-bit predicate values into the 32-bit word VK_EXT_conditional_rendering
// reads: the fold pipeline (translate/indirect's predicate.comp) and the
// recording of one fold. D3D12 folds the application's 64-bit predicate
// (d3d12/predication12.cpp); D3D11 the occlusion counts of an
// OCCLUSION_PREDICATE's query segments (driver_predication.cpp).
#pragma once

#include "internal_compute12.h"
#include "vk_device.h"

#include <cstdint>
#include <memory>

namespace d3dvk::umd {

// Null with *result on a Vulkan failure.
std::unique_ptr<umd12::InternalComputePipeline12> createPredicateFoldPipeline(vk::Device& device, VkResult* result);

// Writes `set` (of the fold's set layout) and records, in `cmd` outside any
// render pass, the fold of `count` (≥ 1) 64-bit values at `offset` (a multiple
// of 4) of `source` into the 32-bit word at `wordOffset` of `word` (1: any
// value not zero, 0: all zero). The caller orders it: the values written
// before it, the word's reads (VK_PIPELINE_STAGE_2_CONDITIONAL_RENDERING_BIT_EXT)
// after it.
void recordPredicateFold(const vk::Device& device, VkCommandBuffer cmd, const umd12::InternalComputePipeline12& fold,
                         VkDescriptorSet set, VkBuffer source, VkDeviceSize offset, uint32_t count, VkBuffer word,
                         VkDeviceSize wordOffset);

}  // namespace d3dvk::umd
