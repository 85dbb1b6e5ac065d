// ddi/umd/d3d12/deferred_draw12.h — conservative fallback draws recorded when
// their command list executes, not while it records. The fallback plans its
// passes from a draw's counts and, for an indexed strip larger than one
// piece, from its indices; a list cannot read those while it records when
// the GPU produces them (ExecuteIndirect with a fallback pipeline state) or
// when they lie in GPU memory (the strip). So recording copies them into a
// host-visible buffer and ends a segment of the list there
// (CommandRecorder12::defer). ExecuteCommandLists (queue12.cpp) submits the
// segments before it, waits for them, and records the draws into the
// deferred draw's own command buffer (recordDeferredDraw) between that
// segment and the next: the call blocks until the GPU reaches the draw, as
// D3D11's indirect fallback draws do. Queries active at the draw go on over
// the split: each part ends them and carries what they counted (query12.h),
// the next part begins them again. The list's state at the draw is kept
// here; the allocator keeps the deferred draw (its readback buffer, command
// pool and transient memory) until it is reset, as D3D12's command memory is.
#pragma once

#include "command_recorder12.h"  // ActiveQuery12
#include "d3d12umddi.h"
#include "draw12.h"
#include "draw_recording.h"  // umd::DrawCall
#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::umd12 {

class Device12;

struct DeferredDraw12 {
  enum class Kind {
    Indirect,  // ExecuteIndirect's draws: the count and arguments are read back
    Strip,     // one indexed strip too large for a piece: its indices are read back
  } kind = Kind::Strip;
  DrawState12 state;  // the list's draw state at the draw
  DrawTargets12 targets;
  ActiveQuery12 occlusion, statistics;  // the list's queries active at the draw: its passes count into them
  ActiveQuery12 streamOutput[4];        // and its SO_STATISTICS_STREAMn ones (a stream-output PSO's capture)
  // The list's predicate at the draw (its folded word lives in the list's
  // allocator, written by a segment before the draw): the passes run under it.
  VkBuffer predicateWord = VK_NULL_HANDLE;
  bool predicateInverted = false;
  bool indexed = false;
  umd::DrawCall call;  // Strip: the draw (clamped to the index buffer)
  // Indirect: the signature's stride, MaxCommandCount, whether a count buffer bounds it.
  UINT stride = 0, maxCount = 0;
  bool counted = false;
  // The readback buffer: the count at 0, the arguments at argumentsAt, and
  // the indices (a strip's: its own; ExecuteIndirect's indexed strips: the
  // whole bound index buffer view) at indicesAt, the first of them being
  // index number firstIndex of the bound view.
  std::unique_ptr<vk::Buffer> readback;
  VkDeviceSize argumentsAt = 0, indicesAt = 0, indexBytes = 0;
  UINT firstIndex = 0;

  // Execution: the command buffer the draws are recorded into, and what its
  // commands use (reused at the list's next execution: the segment before it,
  // which ExecuteCommandLists waits for, comes after the previous one).
  Device12* device = nullptr;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  std::unique_ptr<Transient12> transient;
  std::vector<std::shared_ptr<void>> scratch;

  DeferredDraw12() = default;
  DeferredDraw12(const DeferredDraw12&) = delete;
  DeferredDraw12& operator=(const DeferredDraw12&) = delete;
  ~DeferredDraw12();
};

// Records `draw`'s fallback passes from its read-back data into its command
// buffer (ExecuteCommandLists, queue mutex held, after the segment before it
// completed). Null with *hr, reported, when it cannot.
VkCommandBuffer recordDeferredDraw(Device12& device, DeferredDraw12& draw, HRESULT* hr);

}  // namespace d3dvk::umd12
