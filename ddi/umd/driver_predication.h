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
// - The others — copies, UpdateSubresource, resolves, GenerateMips,
//   CopyStructureCount, UAV clears and the clears done by transfer (a view
//   that is not bound, not the whole render area, Texture3D slices) — and
//   every command on a device without conditional rendering or under a
//   predicate the UMD cannot put in a condition word, take the CPU verdict
//   (predicatedOut): the first such command after SetPredication, or after
//   the predicate's Begin/End, waits for the result (submitting the batch it
//   needs, up to D3DVK_GPU_TIMEOUT_MS); the verdict holds until then.
// - A predicate that was never issued, or is building, predicates nothing.
// Queue mutex held by every function here.
#pragma once

#include "d3d10umddi.h"

#include <cstdint>

namespace d3dvk::umd {

class Device;
struct Query;

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

VOID APIENTRY setPredication(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, BOOL);

}  // namespace d3dvk::umd
