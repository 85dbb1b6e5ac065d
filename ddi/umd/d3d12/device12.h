// ddi/umd/d3d12/device12.h — the UMD's D3D12 device: constructed by
// pfnCreateDevice in the runtime's hDrvDevice memory, it holds the adapter's
// Vulkan device, the runtime's error callback and the one Vulkan queue every
// D3D12 command queue of the device submits to (with the mutex guarding it and
// the fence scheduler, see queue12.h). FillDDITable hands out the device-core,
// command-list, command-queue and d3dvk fence and message tables (device12.cpp); slots not
// filled yet point at one stub that logs the slot's name.
#pragma once

#include "d3d12umddi.h"
#include "d3dvk_stats.h"
#include "multisample_depth_copy.h"  // ddi/umd
#include "multisample_resolve.h"     // ddi/umd
#include "multisample_restore.h"     // ddi/umd
#include "vk_command_queue.h"
#include "vk_device.h"
#include "vk_resources.h"

#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace d3dvk::umd {
class Adapter;
struct FallbackSetupPipelines;
void logError(const std::string& message);
}  // namespace d3dvk::umd

namespace d3dvk::vk {
class Buffer;
class Image;
}

namespace d3dvk::umd12 {

struct AllocatorUse12;
struct InternalComputePipeline12;
struct Queue12;
struct Resource12;
class SamplerCache12;

class Device12 {
 public:
  Device12(umd::Adapter& adapter, const D3D12DDIARG_CREATEDEVICE_0003& args);
  ~Device12();
  HRESULT init();

  static Device12* from(D3D12DDI_HDEVICE h) { return static_cast<Device12*>(h.pDrvPrivate); }

  vk::Device& vk() { return vk_; }
  umd::Adapter& adapter() { return adapter_; }
  VkDevice handle() const { return vk_.handle(); }
  // Reports a failure of a void DDI through pfnSetErrorCb.
  void setError(HRESULT hr);
  void setVkError(VkResult result);
  static HRESULT hresultFor(VkResult result);
  // Says why a call failed (or warns, hr S_OK): through the runtime's
  // D3DVKDDI_MESSAGE_FUNCS callback when it registered one, else on stderr.
  void message(HRESULT hr, const std::string& text);
  void setMessageCallback(PFND3DVKDDI_MESSAGECB callback) { messageCb_ = callback; }

  // Guards the Vulkan queue, every queue's pending operations and the fences' submitted values.
  std::mutex& queueMutex() { return queueMutex_; }
  std::vector<Queue12*>& queues() { return queues_; }  // queue mutex held

  // Buffers' GPU virtual addresses (resource12.cpp): handed out at creation
  // (64 KiB aligned, never reused, CheckResourceVirtualAddress returns them)
  // and looked up by CBVs and root descriptors: the buffer holding `va` and
  // the offset into it, null for an address of no live buffer.
  UINT64 registerBuffer(Resource12& buffer, UINT64 size);
  void unregisterBuffer(UINT64 va);
  Resource12* bufferAt(UINT64 va, UINT64* offset);
  // The device's VkSamplers by sampler desc (sampler12.h).
  SamplerCache12& samplers() { return *samplers_; }
  // The conservative fallback's setup pipelines (../fallback_passes.h),
  // created on first use; null with *result when that fails.
  umd::FallbackSetupPipelines* fallbackSetup(VkResult* result);
  // The query sums' pipeline (query12.h), created on first use; null with *result when that fails.
  InternalComputePipeline12* queryAdd(VkResult* result);
  // ExecuteIndirect's dispatch-count pipeline (indirect12.h), created on
  // first use; null with *result when that fails.
  InternalComputePipeline12* dispatchCount(VkResult* result);
  // SetPredication's fold of the 64-bit predicate (predication12.cpp), made on first use.
  InternalComputePipeline12* predicatePipeline(VkResult* result);
  // The restore step of predicated transfers (../predicated_transfer.h), made on first use.
  InternalComputePipeline12* restoreWordsPipeline(VkResult* result);
  // kZeroVertexBufferBytes of zeros, what an input slot without a vertex
  // buffer reads and indices past the index buffer are (draw12.cpp), created
  // on first use; null with *result.
  VkBuffer zeroVertexBuffer(VkResult* result);
  // The set layout of no bindings that pipeline layouts put in the gaps
  // between their stage sets: one for the device, made on first use.
  VkDescriptorSetLayout emptySetLayout(VkResult* result);
  // A device-local buffer of at least `size` bytes of zeros, for runNow's
  // recording (queue mutex held): what block-compressed textures are
  // zero-filled from at creation (Vulkan clears no compressed image). One
  // buffer serves every texture, replaced by a larger one when a texture
  // needs more; a new one is zeroed in `cmd` before the caller's copies.
  VkBuffer zeroFillBuffer(VkCommandBuffer cmd, VkDeviceSize size, VkResult* result);
  // A device-local 2D image of `format`, `extent` and `samples` in GENERAL
  // that ResolveSubresource of typeless resources resolves through (copied
  // in the resolve format, resolved, copied out: resolve12.cpp). One per
  // shape, kept until the device goes: lists use it one command at a time and
  // every queue submits to the one Vulkan queue. Null with *result on failure.
  VkImage resolveScratch(VkFormat format, VkExtent3D extent, VkSampleCountFlagBits samples, VkResult* result);
  // A predicated transfer's multisampled destination (../multisample_restore.h):
  // the restore's pipelines, made on first use (null with *result).
  umd::SampleRestorePipelines* sampleRestore(VkResult* result);
  // Copies between multisampled depth and colour textures (multisample_depth_copy.h), made on first use.
  umd::DepthColourCopyPipelines* depthColourCopy(VkResult* result);
  // Region resolves by a draw (MIN, MAX, a depth plane's AVERAGE: multisample_resolve.h), made on first use.
  umd::SampleResolvePipelines* sampleResolve(VkResult* result);
  // A scratch image of `format`, extent, layers, samples and usage — what a
  // predicated multisampled destination is saved into and what a resolve
  // draw reads and writes — in GENERAL, with a 2D array view of all its
  // layers for `viewAspects` (one aspect to sample, both of a depth-stencil
  // format to attach); one per shape, kept as resolveScratch's (false with *result).
  bool scratchImage(VkFormat format, VkExtent3D extent, uint32_t layers, VkSampleCountFlagBits samples,
                    VkImageUsageFlags usage, VkImageAspectFlags viewAspects, VkImage* image, VkImageView* view,
                    VkResult* result);

  // A signal of the device's own timeline (queue mutex held): a submission
  // carrying it can then be waited for with waitForSignal (deferred draws).
  // Every wait is bounded (vk::Device::gpuTimeoutNs): one that runs out
  // removes the device as DXGI_ERROR_DEVICE_HUNG and returns VK_TIMEOUT.
  VkSemaphoreSubmitInfo nextSignal();
  VkResult waitForSignal(const VkSemaphoreSubmitInfo& signal);
  // Waits for everything submitted so far (queue mutex held): a signal of the
  // device's timeline after it, waited for with the GPU bound, or with the
  // teardown bound (vk_device.h) when objects are about to be freed.
  VkResult waitIdle(bool teardown);
  // Reports a hung GPU once: DXGI_ERROR_DEVICE_HUNG through pfnSetErrorCb, and why.
  void reportHung();
  // Before an object the GPU may use is freed: on a hung device (nothing new
  // is submitted to it), waits once for the work still running, with the
  // teardown bound. False when even that ran out: the caller leaves the
  // object alive (freeing it under running work could crash the driver).
  bool settleIfHung();
  // Keeps `allocators` in flight until the device's timeline reaches `serial`
  // (queue mutex held); retireCompleted lets go of those that have.
  void retireAfter(uint64_t serial, std::vector<std::shared_ptr<AllocatorUse12>> allocators);
  void retireCompleted();
  void retireAll();  // after waitIdle(true), at destruction

  // Records `record` into a one-time command buffer, submits it on the queue
  // and waits for it (resource initialization). Queue mutex NOT held.
  template <typename F>
  VkResult runNow(F&& record) {
    std::lock_guard lock(queueMutex_);
    if (vk_.hung()) return VK_ERROR_DEVICE_LOST;  // nothing new goes to a hung device
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkResult r = beginOneTime(&cmd);
    if (r != VK_SUCCESS) return r;
    record(cmd);
    return submitOneTimeAndWait(cmd);
  }

 private:
  VkResult beginOneTime(VkCommandBuffer* cmd);
  VkResult submitOneTimeAndWait(VkCommandBuffer cmd);

  umd::Adapter& adapter_;
  vk::Device& vk_;
  D3D12DDI_HRTDEVICE hRTDevice_;
  const D3D12DDI_CORELAYER_DEVICECALLBACKS_0003* callbacks_;
  PFND3DVKDDI_MESSAGECB messageCb_ = nullptr;
  std::mutex queueMutex_;
  std::vector<Queue12*> queues_;
  VkCommandPool oneTimePool_ = VK_NULL_HANDLE;
  VkSemaphore oneTimeTimeline_ = VK_NULL_HANDLE;
  uint64_t oneTimeSerial_ = 0;
  std::mutex buffersMutex_;
  std::map<UINT64, std::pair<UINT64, Resource12*>> buffers_;  // by VA: (size, buffer)
  UINT64 nextVa_ = UINT64(1) << 32;
  std::unique_ptr<SamplerCache12> samplers_;
  std::mutex fallbackMutex_;
  std::unique_ptr<umd::FallbackSetupPipelines> fallbackSetup_;
  std::unique_ptr<InternalComputePipeline12> queryAdd_;
  std::mutex dispatchCountMutex_;
  std::unique_ptr<InternalComputePipeline12> dispatchCount_;
  std::mutex predicateMutex_;
  std::unique_ptr<InternalComputePipeline12> predicate_;
  std::unique_ptr<InternalComputePipeline12> restoreWords_;  // under predicateMutex_
  std::mutex lazyObjectsMutex_;  // zeroVertexBuffer_, emptySetLayout_ (made on first use)
  std::unique_ptr<vk::Buffer> zeroVertexBuffer_;
  std::unique_ptr<vk::DescriptorSetLayout> emptySetLayout_;
  std::unique_ptr<vk::Buffer> zeroFillBuffer_;  // queue mutex held
  std::mutex resolveScratchMutex_;
  std::map<std::tuple<VkFormat, uint32_t, uint32_t, VkSampleCountFlagBits>, std::unique_ptr<vk::Image>> resolveScratch_;
  struct ScratchImage {
    std::unique_ptr<vk::Image> image;
    std::map<VkImageAspectFlags, std::unique_ptr<vk::ImageView>> views;
  };
  std::map<std::tuple<VkFormat, uint32_t, uint32_t, uint32_t, VkSampleCountFlagBits, VkImageUsageFlags>, ScratchImage>
      scratchImages_;  // under resolveScratchMutex_
  std::unique_ptr<umd::SampleRestorePipelines> sampleRestore_;  // under predicateMutex_
  std::unique_ptr<umd::DepthColourCopyPipelines> depthColourCopy_;  // under predicateMutex_
  std::unique_ptr<umd::SampleResolvePipelines> sampleResolve_;  // under predicateMutex_
  // Moves a new image's `layers` layers (`aspects`) from UNDEFINED to GENERAL (a one-time submission).
  VkResult initialiseGeneral(VkImage image, uint32_t layers, VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT);
  struct Retiring {
    uint64_t serial;
    std::vector<std::shared_ptr<AllocatorUse12>> allocators;
  };
  std::deque<Retiring> retiring_;  // queue mutex held; serials ascending
  std::atomic<bool> hungReported_{false};
  bool settled_ = false;  // queue mutex held
  D3DVKStats statsAtCreation_;  // D3DVK_STATS=1 prints the counts since (vk_stats.h)
};

// Bytes of zeros bound to an input slot with no vertex buffer: the largest
// element (16 bytes) at the largest AlignedByteOffset (2048), stride 0.
inline constexpr VkDeviceSize kZeroVertexBufferBytes = 4096;

using vk::fullBarrier;  // one full memory barrier: everything before → everything after

}  // namespace d3dvk::umd12
