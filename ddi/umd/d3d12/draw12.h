// ddi/umd/d3d12/draw12.h — a D3D12 command list's pipeline state and root
// arguments (IA/RS/OM state, the pipeline state, the graphics and compute root
// signatures with their arguments, the descriptor heaps) and what a draw or
// dispatch records from them (draw12.cpp, descriptor_sets12.cpp): one
// descriptor set per shader stage written from the root arguments it reads
// (root constants uploaded to a host-visible buffer, root CBV/SRV/UAV at their
// GPU virtual addresses — root CBVs as dynamic offsets, in a set of their own
// beside descriptor tables — descriptor-table entries read from the heap),
// written only for argument values the recording has not seen; draws into the
// same RTVs/DSV share one dynamic-rendering instance (LOAD/STORE, images in
// GENERAL), with barriers only where the application or an attachment hazard
// asks (command_recorder12.h); the attachments and dynamic state are derived
// again only when their setters or the pipeline state changed, and a draw
// with no other call on the list since the last one (or only root-argument
// calls) records only itself (and its sets; CommandRecorder12::repeatsLastDraw).
// The descriptor
// sets and uploads come from the command allocator's Transient12 and live
// until the allocator is reset, as D3D12's command memory does.
#pragma once

#include "d3d12umddi.h"
#include "descriptor_heap12.h"
#include "vk_device.h"
#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::umd12 {

class Device12;
struct PipelineState12;
struct Resource12;
struct RootSignature12;

// Descriptor pools and upload memory of one command allocator.
class Transient12 {
 public:
  explicit Transient12(Device12& device) : device_(device) {}
  ~Transient12();
  Transient12(const Transient12&) = delete;
  Transient12& operator=(const Transient12&) = delete;
  VkDescriptorSet allocate(VkDescriptorSetLayout layout, VkResult* result);
  // Copies `bytes` (zero-padded to a multiple of 16) into upload memory; false with *result on failure.
  // *mapped, when asked for: the copy's host address (host-coherent; written until the list is submitted).
  bool upload(const void* data, VkDeviceSize bytes, VkBuffer* buffer, VkDeviceSize* offset, VkResult* result,
              void** mapped = nullptr);
  // A device-local buffer of at least `size` bytes with exactly `usage`, for
  // one draw's own use until the allocator is reset (the conservative
  // fallback's piece buffers); buffers are reused after a reset. Null with *result.
  VkBuffer deviceBuffer(VkDeviceSize size, VkBufferUsageFlags usage, VkResult* result);
  void reset();  // the allocator was reset: every set, upload and device buffer is free again

 private:
  Device12& device_;
  std::vector<VkDescriptorPool> pools_;
  size_t pool_ = 0;
  std::vector<std::unique_ptr<vk::Buffer>> uploads_;
  size_t upload_ = 0;
  VkDeviceSize uploadOffset_ = 0;
  struct DeviceBuffer {
    std::unique_ptr<vk::Buffer> buffer;
    VkBufferUsageFlags usage = 0;
  };
  std::vector<DeviceBuffer> deviceBuffers_;  // [0, deviceBuffersUsed_) handed out since the last reset
  size_t deviceBuffersUsed_ = 0;
};

// The root arguments of one bind point.
struct RootArguments12 {
  RootSignature12* signature = nullptr;
  std::vector<uint32_t> constants;  // every root-constants parameter's words (RootSignature12::constantsOffset)
  struct Parameter {
    UINT64 va = 0;                             // root CBV/SRV/UAV
    const ViewDescriptor12* table = nullptr;   // descriptor table: its first descriptor
    uint32_t tableEntries = 0;                 // the descriptors from there to its heap's end (never read past)
    bool operator==(const Parameter&) const = default;
  };
  std::vector<Parameter> parameters;
  void reset(RootSignature12* rs);
  bool operator==(const RootArguments12&) const = default;
};

// What the list's command buffer has bound for draws, so that a draw binds
// only what changed (the recorder's internal steps bind their own and forget it).
struct BoundDrawState12 {
  VkPipeline pipeline = VK_NULL_HANDLE;
  const struct PipelineState12* argumentsPipeline = nullptr;  // the root arguments' sets were written for it
  RootArguments12 arguments;
  bool argumentsValid = false;
  bool indexed = false;
  struct VertexBuffer {
    VkBuffer buffer;
    VkDeviceSize offset, size, stride;
    bool operator==(const VertexBuffer&) const = default;
  } vertexBuffers[32] = {};
  VkBuffer indexBuffer = VK_NULL_HANDLE;
  VkDeviceSize indexOffset = 0;
  VkIndexType indexType = VK_INDEX_TYPE_MAX_ENUM;
  // The graphics sets bound by set index, under `setsLayout` (bindRootArguments).
  VkPipelineLayout setsLayout = VK_NULL_HANDLE;
  VkDescriptorSet sets[8] = {};
  uint32_t setOffsets[8][4] = {};  // their dynamic offsets (Shader12::dynamicRootCbvs)
  bool dynamicValid = false;
  uint64_t dynamicVersion = 0;  // CommandRecorder12's, when the values below were recorded
  VkExtent2D dynamicExtent{};   // the targets' extent the scissors were clamped to
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_MAX_ENUM;
  uint32_t viewportCount = 0;
  VkViewport viewports[16] = {};
  VkRect2D scissors[16] = {};
  float blendFactor[4] = {};
  uint32_t stencilRef = 0;
};

struct DrawState12 {
  PipelineState12* pipeline = nullptr;
  // SetDescriptorHeaps: [0] CBV/SRV/UAV, [1] sampler; a table must start in one.
  const DescriptorHeap12* heaps[2] = {};
  RootArguments12 graphics, compute;
  D3D12DDI_PRIMITIVE_TOPOLOGY topology = 0;  // UNDEFINED
  // Viewports, scissors, blend factor, stencil reference and the render
  // targets below: written by CommandRecorder12's setters only.
  std::vector<VkViewport> viewports;
  std::vector<VkRect2D> scissors;
  float blendFactor[4] = {1, 1, 1, 1};
  UINT stencilRef = 0;
  struct VertexBuffer {
    Resource12* resource = nullptr;
    UINT64 offset = 0;
    UINT size = 0, stride = 0;
  } vertexBuffers[32];
  struct IndexBuffer {
    Resource12* resource = nullptr;
    UINT64 offset = 0;
    UINT size = 0;
    DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  } indexBuffer;
  ViewDescriptor12 renderTargets[8];
  UINT renderTargetCount = 0;
  ViewDescriptor12 depthStencil;
  bool hasDepthStencil = false;
  // SOSetTargets (stream_output12.h): per output slot the target's bytes and
  // its filled-size counter (4 bytes); a null buffer drops the slot's data.
  struct StreamOutputTarget {
    Resource12* buffer = nullptr;
    UINT64 offset = 0, size = 0;
    Resource12* filledSize = nullptr;
    UINT64 filledSizeOffset = 0;
  } streamOutput[4];
};

// What a draw's checks established (CommandRecorder12::prepareDraw): the
// dynamic-rendering attachments over the bound RTVs/DSV and their extent.
struct DrawTargets12 {
  VkRenderingAttachmentInfo colors[8]{};
  UINT colorCount = 0;
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  bool hasStencil = false;
  VkExtent2D extent{};
  UINT layers = 1;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  D3D12DDI_PRIMITIVE_TOPOLOGY d3dTopology = 0;  // IASetPrimitiveTopology's value
  const struct Resource12* resources[9] = {};  // the attachments' resources: colors, then depth
  // Whether two draws' targets are one rendering instance (views, area, layers).
  bool sameInstance(const DrawTargets12& other) const;
};

void fillDrawCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);

}  // namespace d3dvk::umd12
