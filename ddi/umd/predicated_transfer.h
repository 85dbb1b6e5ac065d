// ddi/umd/predicated_transfer.h — transfer commands under a GPU predicate,
// written once for D3D11 (driver_transfer.cpp and the other transfer
// commands) and D3D12 (d3d12/transfer_predicate12.cpp).
//
// Vulkan's conditional rendering covers draws and dispatches only; copies,
// fills, clears of images, resolves and blits always run. A transfer D3D
// predicates is therefore recorded unconditionally between two steps:
//   1. save: the destination's bytes (each target below) are copied into a
//      scratch buffer `saved`;
//   2. (the transfer itself, recorded by the caller);
//   3. restore: the destination's new bytes are copied into a second scratch
//      buffer `current`; a compute dispatch (translate/indirect's
//      restore_words.comp), under conditional rendering on the predicate's
//      word inverted — it runs exactly when the transfer should have been
//      skipped — copies `saved` over `current`; `current` is copied back into
//      the destination.
// Only the dispatch is conditional, so no CPU waits for the predicate, and
// any destination a buffer copy reaches works, whatever its format (block-
// compressed, depth or stencil aspects). Multisampled images cannot be copied
// to buffers: the callers keep their documented fallbacks for those. The
// cost is paid only under a predicate: two copies of the destination out,
// one in and a dispatch.
// Image targets are whole mips (mip level, layers, one aspect), in a layout
// the caller names at both steps; buffer targets byte ranges. Every
// step is bracketed by full memory barriers, so the caller only orders the
// save after earlier commands (its usual barrier before a command).
#pragma once

#include "internal_compute12.h"
#include "vk_device.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace d3dvk::umd {

struct TransferTarget {
  // A buffer range ...
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0, size = 0;
  // ... or one aspect of whole mips of an image (layers.layerCount layers, or
  // a Texture3D mip's `extent.depth` slices), in GENERAL.
  VkImage image = VK_NULL_HANDLE;
  VkImageSubresourceLayers layers{};
  VkExtent3D extent{};      // the mip's extent in texels
  uint32_t blockDim = 1;    // texels per block side (4: block-compressed)
  uint32_t blockBytes = 0;  // bytes per block (per texel when blockDim is 1) of that aspect in a buffer
  // The layout the image is in at both steps (moved to a transfer layout
  // around each copy and back), and the aspects its layout transitions cover
  // (0: the target's; both of a depth-stencil image).
  VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;
  VkImageAspectFlags transitionAspects = 0;
};

TransferTarget bufferTarget(VkBuffer buffer, VkDeviceSize offset, VkDeviceSize size);
TransferTarget imageTarget(VkImage image, const VkImageSubresourceLayers& layers, VkExtent3D extent, uint32_t blockDim,
                           uint32_t blockBytes, VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL,
                           VkImageAspectFlags transitionAspects = 0);

// The restore step's pipeline (both devices keep one, made on first use).
std::unique_ptr<umd12::InternalComputePipeline12> createRestoreWordsPipeline(vk::Device& device, VkResult* result);

// One predicated transfer's plan: where each target's bytes go in the scratch buffers.
class TransferPredicate {
 public:
  explicit TransferPredicate(std::vector<TransferTarget> targets);
  // Bytes of each of the two scratch buffers (a multiple of 4; 0: no target).
  VkDeviceSize scratchBytes() const { return bytes_; }
  // Whether the device can bind that much as one storage buffer (else the
  // caller takes its fallback).
  bool fits(const vk::Device& device) const;
  // The scratch buffers' usage.
  static constexpr VkBufferUsageFlags kScratchUsage =
      VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;

  // Step 1, outside any render pass: the targets into `saved`, then a full barrier.
  void recordSave(VkCommandBuffer cmd, VkBuffer saved) const;
  // Step 3, outside any render pass, after the transfer: writes `set` (of the
  // restore pipeline's layout) and records the restore; the dispatch runs when
  // the 32-bit word at `wordOffset` of `word` is not zero (`skipWhenZero`
  // false) or is zero (true) — the condition under which the transfer is
  // skipped. Ends with a full barrier.
  void recordRestore(const vk::Device& device, VkCommandBuffer cmd, VkBuffer saved, VkBuffer current,
                     const umd12::InternalComputePipeline12& restore, VkDescriptorSet set, VkBuffer word,
                     VkDeviceSize wordOffset, bool skipWhenZero) const;

 private:
  void copyOut(VkCommandBuffer cmd, VkBuffer scratch) const;  // targets → scratch
  std::vector<TransferTarget> targets_;
  std::vector<VkDeviceSize> at_;  // each target's offset in a scratch buffer
  VkDeviceSize bytes_ = 0;
};

}  // namespace d3dvk::umd
