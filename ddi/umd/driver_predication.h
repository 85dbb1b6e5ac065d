// ddi/umd/driver_predication.h — D3D11 SetPredication in the UMD
// (pfnSetPredication): which commands run when the predicate's result equals
// PredicateValue (they must not).
//
// - On the GPU, where the device has VK_EXT_conditional_rendering and the
//   predicate is an OCCLUSION_PREDICATE: QueryEnd of such a query copies its
//   segments' occlusion counts (vkCmdCopyQueryPoolResults) and folds them into
//   the query's 32-bit condition word (predicate_fold.h), in the batch that
//   ends it. SetPredication records nothing and waits for nothing: the
//   commands Vulkan renders conditionally — draws (indirect ones and the
//   conservative fallback's passes, as a whole), dispatches (DispatchIndirect's
//   clamp included), and render-target / depth-stencil clears done inside a
//   render pass (attachment clears), ClearView — record under conditional
//   rendering on that word (PredicatedCommand), inverted when PredicateValue
//   is TRUE. A render-pass instance that spans draws stays open across
//   SetPredication.
// - The transfer commands — copies, UpdateSubresource, resolves,
//   GenerateMips, CopyStructureCount, UAV clears and the clears done by
//   transfer (a view that is not bound, not the whole render area, Texture3D
//   slices) — run on the GPU too (PredicatedTransfer): their destination is
//   saved before them and restored after them by a dispatch under the
//   inverted condition (predicated_transfer.h), so nothing waits; a
//   multisampled colour or depth-only (D32_FLOAT, D16_UNORM) destination by
//   an image copy and a per-sample draw under the inverted condition
//   (multisample_restore.h).
// - Multisampled destinations of both depth and stencil (D24_UNORM_S8_UINT,
//   D32_FLOAT_S8X24_UINT: a D3D11 subresource holds both planes), every
//   command on a device without conditional rendering (D3DVK_CONDITIONAL_RENDERING=0) and every command
//   under a predicate the UMD cannot put in a condition word take the CPU
//   verdict (predicatedOut): the first such command after SetPredication, or
//   after the predicate's Begin/End, waits for the result (submitting the
//   batch it needs, up to D3DVK_GPU_TIMEOUT_MS); the verdict holds until then.
// - A predicate that was never issued, or is building, predicates nothing.
// Queue mutex held by every function here.
#pragma once

#include "d3d10umddi.h"
#include "multisample_restore.h"
#include "predicated_transfer.h"
#include "vk_resources.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace d3dvk::umd {

class Device;
struct Query;
struct Resource;

// The device's predicate.
struct Predication {
  Query* query = nullptr;  // null: none
  bool value = false;      // PredicateValue: commands are skipped when the result equals it
  int8_t verdict = -1;     // the CPU verdict: -1 not taken yet, 0 run, 1 skip
};

// Whether a command Vulkan cannot render conditionally is skipped (the CPU verdict).
bool predicatedOut(Device& device);

// QueryEnd of an OCCLUSION_PREDICATE: records its condition word (the
// segments have ended). Also called when the set predicate is begun or
// ended, to drop the CPU verdict.
void predicateEnded(Device& device, Query& query);
void predicateRestarted(Device& device, Query& query);

// For a command Vulkan renders conditionally, over its recording: with a GPU
// condition, the command buffers the recorder hands out render under it;
// without one, skipped() is the CPU verdict.
class PredicatedCommand {
 public:
  explicit PredicatedCommand(Device& device);
  ~PredicatedCommand();
  PredicatedCommand(const PredicatedCommand&) = delete;
  PredicatedCommand& operator=(const PredicatedCommand&) = delete;
  // Whether the command is skipped on the CPU (never with a GPU condition).
  bool skipped() const;
  bool onGpu() const { return gpu_; }

 private:
  Device& device_;
  bool gpu_ = false;
};

// A destination of a transfer command: subresource `sub` of `resource`, or,
// for a buffer, `size` bytes at `offset` of it (size 0: the whole buffer).
struct TransferDestination {
  Resource* resource = nullptr;
  UINT sub = 0;
  VkDeviceSize offset = 0, size = 0;
};

// The subresources [firstMip, +mips) x [firstSlice, +slices) of a texture
// (a Texture3D's mips whole), or a whole buffer, as destinations.
std::vector<TransferDestination> subresourceDestinations(Resource& r, UINT firstMip, UINT mips, UINT firstSlice,
                                                         UINT slices);

// Over a transfer command D3D11 predicates, made after its validation with
// the queue mutex held and before its recording: with a GPU condition its
// destinations are saved now and restored, under the inverted condition,
// when it ends (predicated_transfer.h; a multisampled colour destination, the
// only one, by an image copy and a per-sample draw: multisample_restore.h);
// otherwise (no condition word, a multisampled depth-stencil destination, one
// the device cannot bind as one storage buffer) skipped() is the CPU verdict.
class PredicatedTransfer {
 public:
  PredicatedTransfer(Device& device, std::vector<TransferDestination> destinations);
  ~PredicatedTransfer();
  PredicatedTransfer(const PredicatedTransfer&) = delete;
  PredicatedTransfer& operator=(const PredicatedTransfer&) = delete;
  bool skipped() const { return skipped_; }
  bool onGpu() const { return plan_ != nullptr || samples_.pipeline; }

 private:
  void toGeneral(VkCommandBuffer cmd);  // the destination images, where the save and restore copy them
  // A multisampled colour destination's save (false: not saved, nothing recorded).
  bool saveSamples(const TransferDestination& destination);
  Device& device_;
  std::vector<TransferDestination> destinations_;
  std::unique_ptr<TransferPredicate> plan_;
  std::unique_ptr<vk::Buffer> saved_, current_;
  VkDescriptorSet set_ = VK_NULL_HANDLE;
  VkBuffer word_ = VK_NULL_HANDLE;
  bool skipWhenZero_ = false;
  bool skipped_ = false;
  struct {  // a multisampled destination's save (pipeline null: none)
    TransferTarget target;
    VkPipeline pipeline = VK_NULL_HANDLE;
    std::unique_ptr<vk::Image> saved;
    std::unique_ptr<vk::ImageView> savedView;
    std::vector<std::unique_ptr<vk::ImageView>> layerViews;
  } samples_;
};

VOID APIENTRY setPredication(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, BOOL);

}  // namespace d3dvk::umd
