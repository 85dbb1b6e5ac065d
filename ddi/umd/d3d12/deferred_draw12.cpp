// ddi/umd/d3d12/deferred_draw12.cpp — see deferred_draw12.h: recording a
// deferred fallback draw's readback and segment end, and recording its passes
// when the list executes.
#include "deferred_draw12.h"
#include "d3dvk_checked_math.h"

#include "command_list12.h"
#include "command_recorder12.h"
#include "device12.h"
#include "fallback12.h"
#include "indirect12.h"
#include "pipeline_state12.h"
#include "resource12.h"
#include "triangle_topology.h"  // translate/fallback
#include "vk_command_queue.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace d3dvk::umd12 {

namespace {

// The most a deferred draw reads back (arguments and indices): more fails the list.
constexpr VkDeviceSize kMaxReadbackBytes = VkDeviceSize(1) << 30;

VkDeviceSize align16(VkDeviceSize v) { return (v + 15) & ~VkDeviceSize(15); }

}  // namespace

DeferredDraw12::~DeferredDraw12() {
  transient.reset();
  scratch.clear();
  if (pool) vkDestroyCommandPool(device->handle(), pool, nullptr);
}

std::shared_ptr<DeferredDraw12> CommandRecorder12::newDeferredDraw(const DrawTargets12& targets, bool indexed,
                                                                  VkDeviceSize bytes) {
  if (!allocator_) {
    fail(E_NOTIMPL, "a conservative fallback draw whose counts or indices the GPU holds cannot be deferred here");
    return nullptr;
  }
  if (bytes > kMaxReadbackBytes) {
    fail(E_OUTOFMEMORY, ("a deferred conservative fallback draw would read back " + std::to_string(bytes) +
                         " bytes of arguments and indices (at most " + std::to_string(kMaxReadbackBytes) + ")")
                            .c_str());
    return nullptr;
  }
  auto draw = std::make_shared<DeferredDraw12>();
  draw->device = device_;
  draw->state = state_;
  draw->targets = targets;
  draw->occlusion = activeOcclusion_;
  draw->statistics = activeStatistics_;
  std::copy(std::begin(activeStreamOutput_), std::end(activeStreamOutput_), std::begin(draw->streamOutput));
  draw->predicateWord = predicate_.word;
  draw->predicateInverted = predicate_.inverted;
  draw->indexed = indexed;
  VkResult result = VK_SUCCESS;
  draw->readback = vk::Buffer::create(device_->vk(), std::max<VkDeviceSize>(bytes, 16), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                      true, &result);
  if (!draw->readback) {
    fail(Device12::hresultFor(result), "cannot create a deferred conservative draw's readback buffer");
    return nullptr;
  }
  std::memset(draw->readback->mapped(), 0, size_t(std::max<VkDeviceSize>(bytes, 16)));
  return draw;
}

void CommandRecorder12::defer(std::shared_ptr<DeferredDraw12> draw) {
  flushDeferredWork();
  endRenderPass();
  // A Vulkan query lives in one command buffer: the active ones are carried over.
  suspendActiveQueries();
  if (!cmd_) return;
  // The segment ends as a list does: its writes (the readback's) visible to the host.
  fullBarrier(cmd_);
  vk::memoryBarrier(cmd_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                    VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_HOST_WRITE_BIT);
  VkResult r = vkEndCommandBuffer(cmd_);
  segments_.push_back({cmd_, draw});
  allocator_->deferred.push_back(std::move(draw));
  cmd_ = VK_NULL_HANDLE;
  VkCommandBuffer next = VK_NULL_HANDLE;
  if (r == VK_SUCCESS) r = allocator_->take(&next);
  if (r == VK_SUCCESS) {
    VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    info.flags = VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT;
    r = vkBeginCommandBuffer(next, &info);
  }
  if (r != VK_SUCCESS) return fail(Device12::hresultFor(r), "cannot start the command buffer after a deferred draw");
  cmd_ = next;
  fullBarrierHere(cmd_);
  forgetBound();  // a new command buffer binds nothing yet
  resumeActiveQueries();
}

void CommandRecorder12::deferIndirect(const CommandSignature12& signature, UINT maxCount, Resource12& arguments,
                                      UINT64 argumentOffset, Resource12* count, UINT64 countOffset,
                                      const DrawTargets12& targets) {
  const bool indexed = signature.kind == CommandSignature12::Kind::DrawIndexed;
  const VkDeviceSize argumentBytes =
      VkDeviceSize(maxCount - 1) * signature.byteStride +
      (indexed ? sizeof(VkDrawIndexedIndirectCommand) : sizeof(VkDrawIndirectCommand));
  // An indexed strip may need its indices (one larger than a piece): the whole bound view is read back.
  const std::optional<fallback::PrimitiveLayout> layout = fallback::primitiveLayout(uint32_t(targets.d3dTopology));
  const DrawState12::IndexBuffer& ib = state_.indexBuffer;
  VkDeviceSize indexBytes = 0;
  if (indexed && layout && layout->strip && ib.resource && ib.offset < ib.resource->desc.Width)
    indexBytes = std::min<VkDeviceSize>(ib.size, ib.resource->desc.Width - ib.offset);
  const VkDeviceSize argumentsAt = 16, indicesAt = align16(argumentsAt + argumentBytes);
  std::shared_ptr<DeferredDraw12> draw = newDeferredDraw(targets, indexed, indicesAt + indexBytes);
  if (!draw) return;
  draw->kind = DeferredDraw12::Kind::Indirect;
  draw->stride = signature.byteStride;
  draw->maxCount = maxCount;
  draw->counted = count != nullptr;
  draw->argumentsAt = argumentsAt;
  draw->indicesAt = indicesAt;
  draw->indexBytes = indexBytes;
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  const VkBuffer readback = draw->readback->handle();
  if (count) {
    const VkBufferCopy region{countOffset, 0, 4};
    vkCmdCopyBuffer(cmd, count->buffer->handle(), readback, 1, &region);
  }
  const VkBufferCopy args{argumentOffset, argumentsAt, argumentBytes};
  vkCmdCopyBuffer(cmd, arguments.buffer->handle(), readback, 1, &args);
  if (indexBytes) {
    const VkBufferCopy indices{ib.offset, indicesAt, indexBytes};
    vkCmdCopyBuffer(cmd, ib.resource->buffer->handle(), readback, 1, &indices);
  }
  defer(std::move(draw));
}

void CommandRecorder12::deferStrip(const umd::DrawCall& call, const DrawTargets12& targets) {
  const DrawState12::IndexBuffer& ib = state_.indexBuffer;
  const VkDeviceSize indexSize = ib.format == DXGI_FORMAT_R16_UINT ? 2 : 4;
  const VkDeviceSize start = ib.offset + VkDeviceSize(call.first) * indexSize;
  const VkDeviceSize held = start < ib.resource->desc.Width ? ib.resource->desc.Width - start : 0;
  const VkDeviceSize bytes = std::min<VkDeviceSize>(VkDeviceSize(call.count) * indexSize, held);
  std::shared_ptr<DeferredDraw12> draw = newDeferredDraw(targets, true, bytes);
  if (!draw) return;
  draw->kind = DeferredDraw12::Kind::Strip;
  draw->call = call;
  draw->indicesAt = 0;
  draw->indexBytes = bytes;
  draw->firstIndex = call.first;
  if (bytes) {
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    const VkBufferCopy region{start, 0, bytes};
    vkCmdCopyBuffer(cmd, ib.resource->buffer->handle(), draw->readback->handle(), 1, &region);
  }
  defer(std::move(draw));
}

bool CommandRecorder12::stripAsList(fallback::TriangleTopology strip, umd::DrawCall* call, VkBuffer* listIndices) {
  const bool wide = state_.indexBuffer.format != DXGI_FORMAT_R16_UINT;
  const VkDeviceSize indexSize = wide ? 4 : 2;
  std::vector<uint32_t> indices(call->count, 0);  // D3D reads index 0 past the buffer's end
  for (uint32_t i = 0; i < call->count; ++i) {
    if (call->first < readIndices_.firstIndex) break;
    const VkDeviceSize at = (VkDeviceSize(call->first) - readIndices_.firstIndex + i) * indexSize;
    if (!fitsWithin(at, indexSize, readIndices_.bytes)) break;
    if (wide) {
      std::memcpy(&indices[i], readIndices_.data + at, 4);
    } else {
      uint16_t v;
      std::memcpy(&v, readIndices_.data + at, 2);
      indices[i] = v;
    }
  }
  const std::vector<uint32_t> triangles = fallback::stripTriangleIndices(
      indices, wide ? 0xFFFFFFFFu : 0xFFFFu, strip == fallback::TriangleTopology::TriangleStripAdj);
  if (triangles.empty()) return false;
  const VkDeviceSize bytes = triangles.size() * 4;
  *listIndices = scratchBuffer(bytes, triangles.data(), size_t(bytes), VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
  if (!*listIndices) return false;
  call->first = 0;
  call->count = uint32_t(triangles.size());
  return true;
}

void CommandRecorder12::replay(const DeferredDraw12& draw) {
  state_ = draw.state;
  stateReplaced();
  predicate_.word = draw.predicateWord;  // its passes under the list's predicate, as a whole (PredicateScope)
  predicate_.inverted = draw.predicateInverted;
  // The list's active queries count the draw's passes too (carried, as over the split).
  activeOcclusion_ = draw.occlusion;
  activeStatistics_ = draw.statistics;
  std::copy(std::begin(draw.streamOutput), std::end(draw.streamOutput), std::begin(activeStreamOutput_));
  resumeActiveQueries();
  const auto* data = static_cast<const unsigned char*>(draw.readback->mapped());
  readIndices_ = {data + draw.indicesAt, draw.indexBytes, draw.firstIndex};
  if (draw.kind == DeferredDraw12::Kind::Strip) {
    streamOutputCaptured_ = true;
    fallbackDraw(draw.call, draw.targets);
    streamOutputCaptured_ = false;
  } else {
    UINT count = draw.maxCount;
    if (draw.counted) {
      std::memcpy(&count, data, 4);
      count = std::min(count, draw.maxCount);
    }
    for (UINT i = 0; i < count && SUCCEEDED(error_); ++i) {
      const unsigned char* at = data + draw.argumentsAt + VkDeviceSize(i) * draw.stride;
      umd::DrawCall call;
      call.indexed = draw.indexed;
      if (draw.indexed) {
        VkDrawIndexedIndirectCommand a;
        std::memcpy(&a, at, sizeof a);
        call.count = a.indexCount;
        call.instances = a.instanceCount;
        call.first = a.firstIndex;
        call.baseVertex = a.vertexOffset;
        call.firstInstance = a.firstInstance;
      } else {
        VkDrawIndirectCommand a;
        std::memcpy(&a, at, sizeof a);
        call.count = a.vertexCount;
        call.instances = a.instanceCount;
        call.first = a.firstVertex;
        call.firstInstance = a.firstInstance;
      }
      if (call.count && call.instances) fallbackDraw(call, draw.targets);
    }
  }
  readIndices_ = {};
  suspendActiveQueries();
  activeOcclusion_ = activeStatistics_ = {};
  for (ActiveQuery12& q : activeStreamOutput_) q = {};
}

VkCommandBuffer recordDeferredDraw(Device12& device, DeferredDraw12& draw, HRESULT* hr) {
  VkResult r = VK_SUCCESS;
  if (!draw.cmd) {
    if (!draw.pool) {
      VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
      info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
      info.queueFamilyIndex = device.vk().queueFamily();
      r = vkCreateCommandPool(device.handle(), &info, nullptr, &draw.pool);
    }
    if (r == VK_SUCCESS) {
      VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      allocate.commandPool = draw.pool;
      allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      allocate.commandBufferCount = 1;
      r = vkAllocateCommandBuffers(device.handle(), &allocate, &draw.cmd);
      if (r != VK_SUCCESS) draw.cmd = VK_NULL_HANDLE;  // tried again at the next execution
    }
    if (r == VK_SUCCESS && !draw.transient) draw.transient = std::make_unique<Transient12>(device);
  } else {
    // Its previous execution is complete: the segment just waited for came after it.
    r = vkResetCommandBuffer(draw.cmd, 0);
    draw.transient->reset();
    draw.scratch.clear();
  }
  if (r != VK_SUCCESS) {
    *hr = Device12::hresultFor(r);
    device.message(*hr, "cannot create the command buffer of a deferred conservative fallback draw");
    return VK_NULL_HANDLE;
  }
  CommandRecorder12 recorder;
  recorder.setKeepAlive(&draw.scratch);
  recorder.begin(device, draw.cmd, draw.transient.get());
  recorder.replay(draw);
  recorder.writeTables();
  r = recorder.end();
  *hr = FAILED(recorder.error()) ? recorder.error() : Device12::hresultFor(r);
  return SUCCEEDED(*hr) ? draw.cmd : VK_NULL_HANDLE;
}

}  // namespace d3dvk::umd12
