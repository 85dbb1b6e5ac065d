// ddi/umd/device.h — the UMD's device object, constructed by pfnCreateDevice in
// the runtime-allocated hDrvDevice memory (CalcPrivateDeviceSize bytes) and
// destroyed by pfnDestroyDevice. Holds the runtime's core-layer error callback
// (how void DDIs report failures), the command queue that records and submits
// this device's Vulkan work (see vk_command_queue.h for the synchronization
// model), the graphics-pipeline cache, the currently bound state, the
// active queries and the pixel-shader invocation counters.
#pragma once

#include "d3d10umddi.h"
#include "driver_compute.h"
#include "driver_draw.h"
#include "driver_predication.h"
#include "driver_query.h"
#include "multisample_depth_copy.h"
#include "buffer_view_shifts.h"
#include "descriptor_allocator.h"
#include "recorder.h"
#include "vk_command_queue.h"
#include "d3dvk_stats.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace d3dvk::umd12 {
struct InternalComputePipeline12;
}  // namespace d3dvk::umd12

namespace d3dvk::umd {

class Adapter;
struct RenderTargetView;
struct DepthStencilView;
struct UnorderedAccessView;
class PipelineCache;
struct FallbackResources;
struct IndirectDispatchClamp;
struct Query;
struct NativeDrawCache;

class Device {
 public:
  Device(Adapter& adapter, const D3D10DDIARG_CREATEDEVICE& args);
  ~Device();
  // Creates the Vulkan objects; an HRESULT for pfnCreateDevice.
  HRESULT init();

  static Device* from(D3D10DDI_HDEVICE h) { return static_cast<Device*>(h.pDrvPrivate); }

  Adapter& adapter() { return adapter_; }
  vk::Device& vk();
  vk::CommandQueue& queue() { return *queue_; }
  PipelineCache& pipelines() { return *pipelines_; }
  // The GPU fallback's shared objects (driver_fallback_draw.h), created on
  // the first fallback draw. Queue mutex held.
  std::unique_ptr<FallbackResources>& fallbackResources() { return fallbackResources_; }
  // DispatchIndirect's clamp of its group counts (driver_compute.cpp), made on first use. Queue mutex held.
  std::unique_ptr<IndirectDispatchClamp>& indirectDispatchClamp() { return indirectDispatchClamp_; }
  UINT interfaceVersion() const { return interface_; }
  bool isWddm2_0() const { return interface_ == D3DWDDM2_0_DDI_INTERFACE_VERSION; }

  // Reports a failure of a void DDI to the runtime (pfnSetErrorCb).
  void setError(HRESULT hr);
  // Reports a failed Vulkan call: E_OUTOFMEMORY for out-of-memory results,
  // DXGI_ERROR_DEVICE_REMOVED for a lost device, E_FAIL otherwise.
  void setVkError(VkResult result);

  // For an untracked command (recorder.h): the open batch's command buffer
  // outside any render pass after a full barrier, or null after reporting
  // the error. Begins a segment of every active query there (driver_query.h).
  VkCommandBuffer record() { return recorder_.untracked(); }
  // The render pass, barriers and bound state of the open batch (recorder.h).
  Recorder& recorder() { return recorder_; }
  // Where descriptor sets come from (descriptor_allocator.h).
  DescriptorAllocator& descriptors() { return *descriptors_; }
  // What the last native draws bound (native_draw.h).
  NativeDrawCache& nativeDrawCache() { return *nativeDraws_; }
  // The buffer view shift tables of stage sets (buffer_view_shifts.h). Queue mutex held.
  BufferViewShiftTables& bufferViewShifts() { return bufferViewShifts_; }
  // Serializes the DDIs that touch the command queue: the runtime may create
  // and destroy resources on any thread while the immediate context records.
  std::mutex& queueMutex() { return queueMutex_; }
  // Every device DDI call but the four direct draws (device_funcs.cpp): a
  // direct draw that finds the count where the previous native draw left it
  // may repeat that draw's state (native_draw.h). Relaxed: a context's calls
  // come from one thread at a time; another thread's device calls (creates)
  // only make a repeat less likely.
  uint64_t ddiCalls() const { return ddiCalls_.load(std::memory_order_relaxed); }
  void countDdiCall() { ddiCalls_.fetch_add(1, std::memory_order_relaxed); }
  // The counted calls but those that change only what the shaders read
  // (constant buffers, shader resources, samplers, vertex buffers, Map and
  // Unmap, UpdateSubresourceUP): a draw that finds this count where the
  // previous native draw left it reuses that draw's checks and pipeline key,
  // collecting only the descriptors and buffers again (native_draw.h).
  uint64_t stateCalls() const { return stateCalls_.load(std::memory_order_relaxed); }
  void countStateCall() { stateCalls_.fetch_add(1, std::memory_order_relaxed); }
  // Of those, the blend, depth-stencil and rasterizer state calls: they may
  // change only the pipeline key's state ids and dynamic state (a prepared
  // draw takes them in where they do).
  uint64_t pipelineStateCalls() const { return pipelineStateCalls_.load(std::memory_order_relaxed); }
  void countPipelineStateCall() { pipelineStateCalls_.fetch_add(1, std::memory_order_relaxed); }

  D3D10DDI_HRASTERIZERSTATE boundRasterizerState{};
  static constexpr UINT kMaxRenderTargets = 8;
  RenderTargetView* boundRenderTargets[kMaxRenderTargets] = {};
  UINT boundRenderTargetCount = 0;
  DepthStencilView* boundDepthStencil = nullptr;
  // The graphics stages' UAV slots (D3D11_1_UAV_SLOT_COUNT, shared by every
  // graphics stage; the compute stage has its own, ComputeState).
  static constexpr UINT kMaxUnorderedAccessViews = 64;
  UnorderedAccessView* boundUnorderedAccessViews[kMaxUnorderedAccessViews] = {};
  // The resources of the render targets and UAVs above, distinct, for the SRV
  // hazard rule (isBoundForDrawOutput; the depth-stencil view's aspects are
  // asked apart, StageBindings::depthStencil); outputsChanged()
  // recomputes them after any of those bindings changes.
  const Resource* outputResources[kMaxRenderTargets + 1 + kMaxUnorderedAccessViews] = {};
  UINT outputResourceCount = 0;
  void outputsChanged();
  DrawState draw;  // input assembly, shaders, constant buffers, viewports, scissors
  ComputeState compute;  // the compute stage (driver_compute.h)
  // Begin/End queries between QueryBegin and QueryEnd (queue mutex held), and
  // whether a fallback draw hides the statistics (driver_query.h). Declared
  // before the queue, whose destruction still runs the before-submit hook.
  std::vector<Query*> activeQueries;
  bool statisticsSuspended = false;
  QuerySegments querySegments[2];  // [0] occlusion, [1] pipeline statistics (driver_query.h)
  InvocationCounters invocationCounters;  // the counted draws' PSInvocations (driver_query.h)
  // SetPredication's predicate, and the fold that writes predicates'
  // condition words, made on first use (driver_predication.h). Queue mutex held.
  Predication predication;
  std::unique_ptr<umd12::InternalComputePipeline12> predicateFold;
  // Predicated transfers' restore step (predicated_transfer.h), made on first use.
  std::unique_ptr<umd12::InternalComputePipeline12> restoreWords;
  std::unique_ptr<SampleRestorePipelines> sampleRestore;  // a multisampled destination's (multisample_restore.h)
  // Copies between multisampled depth and colour textures (multisample_depth_copy.h), made on first use.
  std::unique_ptr<DepthColourCopyPipelines> depthColourCopy;
  // The BC decoder of textures whose BC format the device emulates (emulated_blocks.h), made on first use.
  std::unique_ptr<umd12::InternalComputePipeline12> bcDecode;
  // Active stream-output queries, the pool the capturing draws' per-stream
  // query slots come from (its `open` unused) and the slots the draw being
  // recorded began (driver_stream_output.h).
  std::vector<Query*> activeStreamOutputQueries;
  QuerySegments streamOutputQueryPool;
  std::vector<std::pair<QuerySlot, uint32_t>> streamOutputDrawQueries;
  // What a counting-only capture binds in its slots (with a size of 0), made on first use.
  std::shared_ptr<vk::Buffer> streamOutputNullBuffer;

 private:
  Adapter& adapter_;
  UINT interface_;
  D3D10DDI_HRTCORELAYER hRTCoreLayer_;
  PFND3D10DDI_SETERROR_CB pfnSetErrorCb_;
  BufferViewShiftTables bufferViewShifts_;  // (its tables keep their memory alive themselves)
  std::unique_ptr<PipelineCache> pipelines_;  // destroyed after the queue has drained
  std::unique_ptr<FallbackResources> fallbackResources_;  // likewise
  std::unique_ptr<IndirectDispatchClamp> indirectDispatchClamp_;  // likewise
  std::unique_ptr<DescriptorAllocator> descriptors_;  // destroyed after the queue has drained
  std::unique_ptr<NativeDrawCache> nativeDraws_;
  std::atomic<uint64_t> ddiCalls_{0};
  std::atomic<uint64_t> stateCalls_{0};
  std::atomic<uint64_t> pipelineStateCalls_{0};
  Recorder recorder_{*this};  // before the queue: its destruction runs the before-submit hook
  std::unique_ptr<vk::CommandQueue> queue_;
  std::mutex queueMutex_;
  D3DVKStats statsAtCreation_;  // D3DVK_STATS=1 prints the counts since (vk_stats.h)
};

// HRESULT for a failed VkResult (see Device::setVkError).
HRESULT hresultFromVk(VkResult result);

// Fills the runtime's device table for the negotiated interface: implemented
// slots get their entry points, every other slot a stub that reports E_NOTIMPL.
void fillDeviceFuncs(const D3D10DDIARG_CREATEDEVICE& args);

}  // namespace d3dvk::umd
