// ddi/umd/recorder.h — how the D3D11 device records into the open batch
// (vk_command_queue.h): the render pass that spans draws, the barriers the
// commands' hazards need, and what is bound in the command buffer.
//
// Two kinds of commands:
// - Tracked commands (native draws, driver_draw.cpp) say what they read and
//   write (access()); the recorder compares that with what earlier commands
//   did since the last barrier and records one barrier only where there is a
//   hazard: a resource written since then and read or written again, one read
//   since then and written, an image whose layout must change, attachments of
//   a new render pass that an earlier pass wrote. Consecutive draws into the
//   same render targets stay in one dynamic-rendering instance.
// - Untracked commands (copies, clears, maps, queries, dispatches, the
//   conservative fallback's passes) take untracked(): it ends the render pass
//   and records a full barrier (every earlier command before this one); the
//   next command of either kind is ordered after it by another full barrier.
//   That is the whole synchronization those commands need, as before the
//   recorder existed; they move to tracked recording one by one. Consecutive
//   conservative fallback draws are recorded aside as one batch
//   (fallback_batch.h), executed here before the next command of any kind.
//
// Hazards are tracked with epochs: every barrier the recorder records starts
// a new epoch; a resource remembers the last epoch in which a command read it
// and wrote it. A barrier is needed when an access meets an access of the
// same epoch that it conflicts with. Barriers are full memory barriers
// (ALL_COMMANDS, MEMORY_READ|WRITE): few, since steady-state draws need none.
//
// Clears of views that are not attachments of the open instance
// (ClearRenderTargetView / ClearDepthStencilView of a whole view, the usual
// "clear, bind, draw") are kept aside (deferClear): the next rendering
// instance whose attachments include the view over exactly its area and
// layers loads it with VK_ATTACHMENT_LOAD_OP_CLEAR; any other command, and
// the submit, first records it as the transfer clear it was.
//
// Conditional rendering (D3D11 SetPredication, driver_predication.h): while
// a predicated command records, predicate() names the condition word; the
// command buffers the recorder hands out then have VK_EXT_conditional_rendering
// active on it. Tracked commands (draws and attachment clears in the spanning
// render pass) begin it inside the instance, so predicated draws stay in one
// instance; it ends with the instance or when a command needs another
// condition or none. Untracked commands (dispatches, the fallback's passes,
// ClearView) begin it outside render passes, for the whole command.
//
// Callers hold the device's queue mutex.
#pragma once

#include "vk_command_queue.h"

#include <cstdint>
#include <vector>

namespace d3dvk::umd {

class Device;
struct Resource;

// The attachments and area of a dynamic-rendering instance.
struct RenderPassKey {
  static constexpr uint32_t kMaxColors = 8;
  VkImageView colors[kMaxColors] = {};  // [colorCount, kMaxColors) stay null
  uint32_t colorCount = 0;
  VkImageView depth = VK_NULL_HANDLE;
  VkImageLayout depthLayout = VK_IMAGE_LAYOUT_UNDEFINED;  // the depth view's (read-only for its read-only aspects)
  bool stencil = false;  // the depth view's format has stencil
  uint32_t width = 0, height = 0;  // the render area
  uint32_t layers = 1;
  // Asked at every draw: the scalars first, then only the colors in use.
  bool operator==(const RenderPassKey& o) const {
    if (colorCount != o.colorCount || depth != o.depth || depthLayout != o.depthLayout || stencil != o.stencil ||
        width != o.width || height != o.height || layers != o.layers)
      return false;
    for (uint32_t i = 0; i < colorCount; ++i)
      if (colors[i] != o.colors[i]) return false;
    return true;
  }
};

// What is bound in the open command buffer (emitted again only when it changes).
struct BoundCommandState {
  static constexpr uint32_t kSets = 5;
  static constexpr uint32_t kVertexBuffers = 32;
  static constexpr uint32_t kViewports = 16;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkDescriptorSet sets[kSets] = {};
  std::vector<uint32_t> dynamicOffsets[kSets];  // each set's dynamic constant-buffer offsets
  uint64_t pushedVersions[kSets] = {};           // a push-descriptor set's pushed descriptors (native_draw.h)
  struct VertexBuffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0, stride = 0;
    bool operator==(const VertexBuffer&) const = default;
  };
  VertexBuffer vertexBuffers[kVertexBuffers];
  uint32_t vertexBuffersValid = 0;  // bit per binding
  VkBuffer indexBuffer = VK_NULL_HANDLE;
  VkDeviceSize indexOffset = 0;
  VkIndexType indexType = VK_INDEX_TYPE_MAX_ENUM;
  uint32_t viewportCount = 0;  // 0: not set
  VkViewport viewports[kViewports] = {};
  VkRect2D scissors[kViewports] = {};
  bool blendConstantsSet = false;
  float blendConstants[4] = {};
  bool stencilReferenceSet = false;
  uint32_t stencilReference = 0;
  // Dynamic blend (native_draw.cpp's setDynamicBlend): what the targets'
  // blending was last set from (the blend state's id, the pixel shader's
  // written targets, the formats) and the values set; count 0: none set.
  struct DynamicBlend {
    uint32_t count = 0;
    uint64_t blendState = 0;
    uint32_t writtenTargets = 0;
    uint32_t formats[8] = {};  // DXGI_FORMAT values
    uint32_t integerTargets = 0, alphaInRedTargets = 0, unknownTargets = 0;  // of the formats (TargetFormatMasks)
    VkBool32 enables[8] = {};
    VkColorBlendEquationEXT equations[8] = {};
    VkColorComponentFlags writeMasks[8] = {};
  } blend;
  // Dynamic depth-stencil (dynamic_output_state.h): the depth and stencil
  // tests as last set and what they came from (the depth-stencil state's id,
  // the depth-stencil view's format and read-only flags), the cull mode,
  // winding and depth bias as last set; set false: none set since a pipeline
  // without them was bound.
  struct DynamicDepthStencil {
    bool set = false;
    uint64_t depthStencilState = 0;
    uint32_t depthStencilFormat = 0;  // DXGI_FORMAT
    uint32_t depthStencilReadOnly = 0;  // the view's D3D11_DDI_CREATE_DSV_READ_ONLY_* flags
    VkBool32 depthTest = VK_FALSE, depthWrite = VK_FALSE, stencilTest = VK_FALSE;
    VkCompareOp depthCompare = VK_COMPARE_OP_NEVER;
    VkStencilOpState front{}, back{};
    VkCullModeFlags cullMode = 0;
    VkFrontFace frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    // The depth bias where the pipeline's is dynamic: set, from the
    // rasterizer desc's DepthBias, DepthBiasClamp and SlopeScaledDepthBias
    // (with depthStencilFormat), as these values.
    bool depthBiasSet = false;
    int32_t depthBiasSource = 0;
    float depthBiasClampSource = 0.0f, slopeScaledDepthBiasSource = 0.0f;
    VkBool32 depthBiasEnable = VK_FALSE;
    float depthBias[3] = {};  // constant factor, clamp, slope factor
  } depth;
  // The SV_VertexID, SV_InstanceID and SV_PrimitiveID bases pushed for a
  // conservative fallback capture (driver_fallback_draw.cpp).
  bool idBasesSet = false;
  int32_t idBases[3] = {};
};

// A whole-view clear kept for the next rendering instance (deferClear).
struct PendingClear {
  const void* owner = nullptr;  // the view object (forgetView)
  Resource* resource = nullptr;
  VkImageView view = VK_NULL_HANDLE;
  VkImageSubresourceRange range{};  // the view's subresources; aspectMask: what is cleared
  uint32_t width = 0, height = 0;   // the view's mip
  VkClearValue attachmentValue{};   // in the view's format (load op)
  VkClearColorValue imageValue{};   // a colour in the image's format (transfer clear)
};

class Recorder {
 public:
  explicit Recorder(Device& device) : device_(device) {}

  // For an untracked command: the open batch's command buffer outside any
  // render pass, after a full barrier; active queries resumed. Null after
  // reporting a failure.
  VkCommandBuffer untracked();
  // The same, returning a failure in *result instead of reporting it (create DDIs).
  VkCommandBuffer untracked(VkResult* result);
  // The open batch's command buffer outside any render pass, without a
  // barrier (ending or beginning a query segment). Null after reporting.
  VkCommandBuffer outsideRenderPass();
  // For a tracked command: the open batch's command buffer (a render pass may
  // be open); active queries have an open segment. Null after reporting.
  // `pass`: the instance the command renders in; the pending clears it can
  // load stay pending for beginRenderPass, the others are recorded first.
  VkCommandBuffer tracked(const RenderPassKey* pass = nullptr);

  // Keeps `clear` for the next instance rendering its view, if it may wait:
  // no fallback batch or condition active (the open instance ends if the view
  // is one of its attachments). False: the caller records the clear now.
  bool deferClear(const PendingClear& clear);
  // A view being destroyed: its pending clears are recorded now.
  void forgetView(const void* owner);

  // Tracked commands: declare each access, then barrier(), then record.
  // `layout`: the layout an image must be in (VK_IMAGE_LAYOUT_UNDEFINED for
  // buffers and for "any"); `write`: the command may write it.
  void access(Resource& resource, bool write, VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED);
  // Whether what was declared so far needs a barrier (then the render pass ends).
  bool barrierNeeded() const { return needBarrier_ || !imageBarriers_.empty(); }
  // Records the barrier the declared accesses need (ending the render pass
  // first), marks them as this command's and starts the next declaration.
  void barrier(VkCommandBuffer cmd);
  // A tracked command whose accesses are not all declared (an invocation
  // counter's writes): the next command of either kind gets a full barrier.
  void untrackedWritesFollow() { untrackedWork_ = true; }

  // Dynamic rendering: whether `key`'s instance is the open one.
  bool renderPassOpen(const RenderPassKey& key) const { return passOpen_ && key == pass_; }
  bool renderPassOpen() const { return passOpen_; }
  // Begins an instance (ending the open one); the attachments' accesses and
  // layouts must have been declared and barrier() called.
  void beginRenderPass(VkCommandBuffer cmd, const RenderPassKey& key);
  void endRenderPass();

  // The condition the commands recorded from now on are predicated by (a
  // 32-bit word of `word` at `offset`; `inverted`: run when it is zero), or
  // none (VK_NULL_HANDLE). Records nothing: the next command's buffer has it.
  void predicate(VkBuffer word, VkDeviceSize offset, bool inverted) {
    predicateWord_ = word, predicateOffset_ = offset, predicateInverted_ = inverted;
  }
  VkBuffer predicateWord() const { return predicateWord_; }

  BoundCommandState& bound() { return bound_; }
  // The epoch of the last barrier (changes whenever one is recorded).
  uint64_t epoch() const { return epoch_; }

  // The queue's before-submit hook: ends the render pass.
  void beforeSubmit(VkCommandBuffer cmd);

 private:
  // The open batch's command buffer; a new batch starts a new epoch. Null
  // with *result on failure (reported when `result` is null).
  VkCommandBuffer open(VkResult* result = nullptr, const RenderPassKey* pass = nullptr);
  // Records the pending clears that `pass` cannot load (all without one) as transfer clears.
  void recordPendingClears(VkCommandBuffer cmd, const RenderPassKey* pass);
  void fullBarrier(VkCommandBuffer cmd);
  // Makes conditional rendering in `cmd` what predicate() says: inside the
  // open instance (`inPass`, tracked commands: begun by beginRenderPass when
  // none is open) or outside render passes (untracked commands).
  void syncConditional(VkCommandBuffer cmd, bool inPass);
  void endConditional(VkCommandBuffer cmd);

  Device& device_;
  uint64_t epoch_ = 1;
  // Work recorded since the last barrier: untracked (unknown accesses) or any.
  bool untrackedWork_ = false;
  bool anyWork_ = false;
  // The declaration in progress.
  bool needBarrier_ = false;
  struct Declared {
    Resource* resource;
    bool write;
  };
  std::vector<Declared> declared_;
  std::vector<VkImageMemoryBarrier2> imageBarriers_;
  bool passOpen_ = false;
  RenderPassKey pass_;
  VkCommandBuffer passCmd_ = VK_NULL_HANDLE;
  BoundCommandState bound_;
  std::vector<PendingClear> pendingClears_;  // in API order
  VkBuffer predicateWord_ = VK_NULL_HANDLE;  // what predicate() asks for
  VkDeviceSize predicateOffset_ = 0;
  bool predicateInverted_ = false;
  enum class Conditional { Off, InPass, Outside } conditional_ = Conditional::Off;  // active in the open batch
  VkBuffer conditionalWord_ = VK_NULL_HANDLE;  // what the active one reads
  VkDeviceSize conditionalOffset_ = 0;
  bool conditionalInverted_ = false;
};

}  // namespace d3dvk::umd
