// ddi/umd/d3d12/draw12.cpp — see draw12.h: Transient12 and
// CommandRecorder12's draws and dispatches (the DDI entries that set the
// state they read: list_entries12.cpp).
#include "draw12.h"

#include "command_recorder12.h"
#include "device12.h"
#include "pipeline_state12.h"
#include "primitive_topology.h"  // translate/state
#include "resource12.h"
#include "root_signature12.h"
#include "shader12.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>

namespace d3dvk::umd12 {

// ---------------------------------------------------------------------------
// Transient12

namespace {
constexpr VkDeviceSize kUploadChunk = 256 * 1024;
constexpr uint32_t kPoolSets = 256, kPoolDescriptors = 2048;
}  // namespace

Transient12::~Transient12() {
  for (VkDescriptorPool pool : pools_) vkDestroyDescriptorPool(device_.handle(), pool, nullptr);
}

VkDescriptorSet Transient12::allocate(VkDescriptorSetLayout layout, VkResult* result) {
  for (;;) {
    if (pool_ == pools_.size()) {
      const VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,        VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                        VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,         VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                        VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,         VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
                                        VK_DESCRIPTOR_TYPE_SAMPLER,               VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC};
      VkDescriptorPoolSize sizes[std::size(types)];
      for (size_t i = 0; i < std::size(types); ++i) sizes[i] = {types[i], kPoolDescriptors};
      VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
      info.maxSets = kPoolSets;
      // Descriptor tables are written when the list executes (writeTables).
      if (device_.vk().descriptorIndexing().updateAfterBind) info.flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT;
      info.poolSizeCount = uint32_t(std::size(sizes));
      info.pPoolSizes = sizes;
      VkDescriptorPool pool = VK_NULL_HANDLE;
      *result = vkCreateDescriptorPool(device_.handle(), &info, nullptr, &pool);
      if (*result != VK_SUCCESS) return VK_NULL_HANDLE;
      pools_.push_back(pool);
    }
    VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    info.descriptorPool = pools_[pool_];
    info.descriptorSetCount = 1;
    info.pSetLayouts = &layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    *result = vkAllocateDescriptorSets(device_.handle(), &info, &set);
    if (*result == VK_SUCCESS) return set;
    if (*result != VK_ERROR_OUT_OF_POOL_MEMORY && *result != VK_ERROR_FRAGMENTED_POOL) return VK_NULL_HANDLE;
    ++pool_;  // full: the next pool (created on demand)
  }
}

bool Transient12::upload(const void* data, VkDeviceSize bytes, VkBuffer* buffer, VkDeviceSize* offset, VkResult* result,
                         void** mapped) {
  const VkPhysicalDeviceLimits& limits = device_.vk().info().properties.limits;
  const VkDeviceSize align = std::max<VkDeviceSize>(
      {limits.minUniformBufferOffsetAlignment, limits.minStorageBufferOffsetAlignment, 16});
  const VkDeviceSize padded = std::max<VkDeviceSize>((bytes + 15) / 16 * 16, 16);
  if (padded > kUploadChunk) {
    *result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
    return false;
  }
  uploadOffset_ = (uploadOffset_ + align - 1) / align * align;
  if (upload_ < uploads_.size() && uploadOffset_ + padded > kUploadChunk) {
    ++upload_;
    uploadOffset_ = 0;
  }
  if (upload_ == uploads_.size()) {
    uploads_.push_back(vk::Buffer::create(device_.vk(), kUploadChunk,
                                          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true,
                                          result));
    if (!uploads_.back()) {
      uploads_.pop_back();
      return false;
    }
    uploadOffset_ = 0;
  }
  auto* bytesOut = static_cast<uint8_t*>(uploads_[upload_]->mapped()) + uploadOffset_;
  std::memset(bytesOut, 0, size_t(padded));
  if (bytes) std::memcpy(bytesOut, data, size_t(bytes));
  *buffer = uploads_[upload_]->handle();
  *offset = uploadOffset_;
  if (mapped) *mapped = bytesOut;
  uploadOffset_ += padded;
  return true;
}

VkBuffer Transient12::deviceBuffer(VkDeviceSize size, VkBufferUsageFlags usage, VkResult* result) {
  size_t found = deviceBuffers_.size();
  for (size_t i = deviceBuffersUsed_; i < deviceBuffers_.size(); ++i)
    if (deviceBuffers_[i].usage == usage && deviceBuffers_[i].buffer->size() >= size &&
        (found == deviceBuffers_.size() || deviceBuffers_[i].buffer->size() < deviceBuffers_[found].buffer->size()))
      found = i;
  if (found == deviceBuffers_.size()) {
    VkDeviceSize rounded = 4096;
    while (rounded < size) rounded *= 2;
    std::unique_ptr<vk::Buffer> buffer = vk::Buffer::create(device_.vk(), rounded, usage, false, result);
    if (!buffer) return VK_NULL_HANDLE;
    deviceBuffers_.push_back({std::move(buffer), usage});
  }
  std::swap(deviceBuffers_[found], deviceBuffers_[deviceBuffersUsed_]);
  return deviceBuffers_[deviceBuffersUsed_++].buffer->handle();
}

void Transient12::reset() {
  for (VkDescriptorPool pool : pools_) vkResetDescriptorPool(device_.handle(), pool, 0);
  pool_ = 0;
  upload_ = 0;
  uploadOffset_ = 0;
  deviceBuffersUsed_ = 0;
}

void RootArguments12::reset(RootSignature12* rs) {
  signature = rs;
  constants.assign(rs ? rs->constantWords : 0, 0);
  parameters.assign(rs ? rs->desc.parameters.size() : 0, Parameter{});
}

// ---------------------------------------------------------------------------
// Recording

namespace {

bool isStrip(VkPrimitiveTopology t) {
  return t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP || t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP ||
         t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY || t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
}

D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE topologyType(VkPrimitiveTopology t) {
  switch (t) {
    case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: return D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_POINT;
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
    case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
    case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY: return D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_LINE;
    case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST: return D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    default: return D3D12DDI_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  }
}

}  // namespace

void CommandRecorder12::setRenderTargets(UINT count, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* rtvs, BOOL singleRange,
                                         const D3D12DDI_CPU_DESCRIPTOR_HANDLE* dsv) {
  if (count > 8 || (count && !rtvs)) return fail(E_INVALIDARG, "OMSetRenderTargets: more than 8 render targets, or no array");
  ++targetsVersion_;
  for (UINT i = 0; i < count; ++i) {
    const ViewDescriptor12* d = singleRange ? ViewDescriptor12::from(D3D12DDI_CPU_DESCRIPTOR_HANDLE{rtvs[0].ptr + i * kDescriptorSize})
                                            : ViewDescriptor12::from(rtvs[i]);
    if (!d || d->kind != ViewDescriptor12::RenderTarget)  // a null RTV (no resource) binds nothing
      return fail(E_INVALIDARG, "OMSetRenderTargets: a descriptor holds no render-target view");
    state_.renderTargets[i] = *d;
  }
  state_.renderTargetCount = count;
  state_.hasDepthStencil = false;
  if (dsv) {
    const ViewDescriptor12* d = ViewDescriptor12::from(*dsv);
    if (!d || d->kind != ViewDescriptor12::DepthStencil)
      return fail(E_INVALIDARG, "OMSetRenderTargets: the depth-stencil descriptor holds no depth-stencil view");
    state_.depthStencil = *d;
    state_.hasDepthStencil = true;
  }
}

void CommandRecorder12::setViewports(UINT count, const D3D12DDI_VIEWPORT* viewports) {
  if (count && !viewports) return fail(E_INVALIDARG, "RSSetViewports without viewports");
  if (count > 16) return fail(E_INVALIDARG, "RSSetViewports: more than 16 viewports");
  ++dynamicVersion_;
  state_.viewports.clear();
  for (UINT i = 0; i < count; ++i) {
    const D3D12DDI_VIEWPORT& v = viewports[i];
    state_.viewports.push_back({v.TopLeftX, v.TopLeftY, v.Width, v.Height, std::clamp(v.MinDepth, 0.0f, 1.0f),
                                std::clamp(v.MaxDepth, 0.0f, 1.0f)});
  }
}

void CommandRecorder12::setScissorRects(UINT count, const D3D12DDI_RECT* rects) {
  if (count && !rects) return fail(E_INVALIDARG, "RSSetScissorRects without rects");
  if (count > 16) return fail(E_INVALIDARG, "RSSetScissorRects: more than 16 rects");
  ++dynamicVersion_;
  state_.scissors.clear();
  for (UINT i = 0; i < count; ++i) {
    const D3D12DDI_RECT& rc = rects[i];
    state_.scissors.push_back({{int32_t(rc.left), int32_t(rc.top)},
                               {uint32_t(std::max<LONG>(rc.right - rc.left, 0)), uint32_t(std::max<LONG>(rc.bottom - rc.top, 0))}});
  }
}

void CommandRecorder12::setBlendFactor(const FLOAT factor[4]) {
  if (!factor) return;
  ++dynamicVersion_;
  std::copy(factor, factor + 4, state_.blendFactor);
}

void CommandRecorder12::setStencilRef(UINT ref) {
  ++dynamicVersion_;
  state_.stencilRef = ref;
}

bool CommandRecorder12::rootSignatureMatches(const PipelineState12& pso, const RootArguments12& args, const char* what) {
  if (matchedSignature_.pipeline == &pso && matchedSignature_.signature == args.signature) return true;
  if (pso.stages.empty() || !args.signature || !(pso.stages.front()->signature == args.signature->desc))
    return fail(E_INVALIDARG, (std::string(what) + ": the root signature set on the list is not the one the pipeline "
                               "state was created with (nor one of the same layout)").c_str()),
           false;
  matchedSignature_ = {&pso, args.signature};
  return true;
}

// Checks the graphics state against the pipeline state and the bound
// targets; false (nothing recorded) when the draw is dropped or failed. The
// targets are derived again only when the render targets, the pipeline
// state or (for a draw without targets, whose extent they bound) the
// viewports changed since the last draw.
const DrawTargets12* CommandRecorder12::prepareDraw(bool indexed) {
  DrawState12& s = state_;
  PipelineState12* pso = s.pipeline;
  if (!pso || pso->compute) return fail(E_INVALIDARG, "a draw without a graphics pipeline state (SetPipelineState)"), nullptr;
  if (!s.graphics.signature)
    return fail(E_INVALIDARG, "a draw without a graphics root signature (SetGraphicsRootSignature)"), nullptr;
  if (!rootSignatureMatches(*pso, s.graphics, "a draw")) return nullptr;
  const state::InputAssembly assembly = state::translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(s.topology));
  if (!assembly.valid) return fail(E_INVALIDARG, "a draw without a primitive topology (IASetPrimitiveTopology)"), nullptr;
  if (topologyType(assembly.topology) != pso->topologyType)
    return fail(E_INVALIDARG, "the primitive topology does not match the pipeline state's PrimitiveTopologyType"), nullptr;
  // D3D_PRIMITIVE_TOPOLOGY_N_CONTROL_POINT_PATCHLIST is 32 + N: N must be the hull shader's input control points.
  if (pso->patchControlPoints && UINT(s.topology) != 32 + pso->patchControlPoints)
    return fail(E_INVALIDARG, ("the patch list's control points are not the hull shader's " +
                               std::to_string(pso->patchControlPoints)).c_str()),
           nullptr;
  if (indexed && !s.indexBuffer.resource) return fail(E_INVALIDARG, "an indexed draw without an index buffer"), nullptr;
  auto& prepared = preparedTargets_;
  if (!prepared.pipeline || prepared.targetsVersion != targetsVersion_ ||
      (prepared.extentFromViewports && prepared.dynamicVersion != dynamicVersion_) ||
      (prepared.pipeline != pso && !prepared.sameFormats(*pso))) {
    if (!prepareTargets(prepared.targets)) return nullptr;
  }
  prepared.pipeline = pso;
  DrawTargets12& t = prepared.targets;
  t.topology = assembly.topology;
  t.d3dTopology = s.topology;
  if (pso->drawsNothing) return nullptr;  // SampleMask clears the only sample and the shader has no side effects
  // D3D12: nothing is rasterized without them; a stream-output PSO still captures.
  if ((s.viewports.empty() || s.scissors.empty()) && !pso->streamOutput) return nullptr;
  return &t;
}

bool CommandRecorder12::PreparedTargets::sameFormats(const PipelineState12& pso) const {
  return renderTargetCount == pso.renderTargetCount && dsvFormat == pso.dsvFormat &&
         std::equal(std::begin(rtvFormats), std::end(rtvFormats), std::begin(pso.rtvFormats));
}

// prepareDraw's targets: the bound render targets and depth-stencil view
// checked against the pipeline state's formats, their views, extent and
// layers; kept in preparedTargets_ for the draws after.
bool CommandRecorder12::prepareTargets(DrawTargets12& t) {
  const DrawState12& s = state_;
  const PipelineState12* pso = s.pipeline;
  preparedTargets_.pipeline = nullptr;
  t = DrawTargets12{};
  // The bound render targets against the pipeline state's formats.
  VkExtent2D extent{UINT32_MAX, UINT32_MAX};
  UINT layers = UINT32_MAX;
  t.colorCount = pso->renderTargetCount;
  for (UINT i = 0; i < pso->renderTargetCount; ++i) {
    VkRenderingAttachmentInfo& color = t.colors[i];
    color = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    // An unused slot, or a null RTV: no attachment, the writes go nowhere.
    if (i >= s.renderTargetCount || pso->rtvFormats[i] == DXGI_FORMAT_UNKNOWN || !s.renderTargets[i].resource) continue;
    const ViewDescriptor12& d = s.renderTargets[i];
    const state::FormatInfo* want = state::findFormat(pso->rtvFormats[i]);
    if (!want || d.format->vk != want->vk)
      return fail(E_INVALIDARG, ("render target " + std::to_string(i) +
                                 "'s format does not match the pipeline state's RTVFormats").c_str()),
             false;
    VkResult result = VK_SUCCESS;
    color.imageView = d.resource->view(*d.format, d.mip, d.firstSlice, d.sliceCount, &result);
    if (!color.imageView) return fail(Device12::hresultFor(result), "cannot create a render-target view"), false;
    color.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    t.resources[i] = d.resource;
    const VkExtent3D e = d.resource->mipExtent(d.mip);
    extent = {std::min(extent.width, e.width), std::min(extent.height, e.height)};
    layers = std::min(layers, d.sliceCount);
  }
  t.depth = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  t.hasStencil = false;
  if (s.hasDepthStencil && pso->dsvFormat != DXGI_FORMAT_UNKNOWN && s.depthStencil.resource) {
    const ViewDescriptor12& d = s.depthStencil;
    const state::FormatInfo* want = state::findFormat(pso->dsvFormat);
    if (!want || d.format->vk != want->vk)
      return fail(E_INVALIDARG, "the depth-stencil view's format does not match the pipeline state's DSVFormat"), false;
    VkResult result = VK_SUCCESS;
    t.depth.imageView = d.resource->view(*d.format, d.mip, d.firstSlice, d.sliceCount, &result);
    if (!t.depth.imageView) return fail(Device12::hresultFor(result), "cannot create a depth-stencil view"), false;
    t.depth.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    t.depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    t.depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    t.hasStencil = d.format->kind == state::FormatKind::DepthStencil;
    t.resources[8] = d.resource;
    const VkExtent3D e = d.resource->mipExtent(d.mip);
    extent = {std::min(extent.width, e.width), std::min(extent.height, e.height)};
    layers = std::min(layers, d.sliceCount);
  }
  preparedTargets_.extentFromViewports = extent.width == UINT32_MAX;
  if (extent.width == UINT32_MAX) {  // nothing bound: the viewport's extent bounds the draw
    extent = {1, 1};
    for (const VkViewport& v : s.viewports)
      extent = {std::max(extent.width, UINT(std::max(v.x + v.width, 1.0f))),
                std::max(extent.height, UINT(std::max(v.y + std::abs(v.height), 1.0f)))};
    layers = 1;
  }
  t.extent = extent;
  t.layers = layers;
  preparedTargets_.pipeline = pso;
  preparedTargets_.renderTargetCount = pso->renderTargetCount;
  std::copy(std::begin(pso->rtvFormats), std::end(pso->rtvFormats), preparedTargets_.rtvFormats);
  preparedTargets_.dsvFormat = pso->dsvFormat;
  preparedTargets_.targetsVersion = targetsVersion_;
  preparedTargets_.dynamicVersion = dynamicVersion_;
  return true;
}

// The vertex buffers, and the index buffer of an indexed draw (where they
// differ from what the command buffer has bound).
void CommandRecorder12::bindInputAssembly(VkCommandBuffer cmd, bool indexed, const DrawState12* state) {
  const DrawState12& s = state ? *state : state_;
  BoundDrawState12& bound = bound_;
  // Every slot the pipeline reads gets a buffer: a slot with no view, or an
  // empty one, reads zeros (D3D12) from the device's zero buffer (stride 0); so
  // does one Vulkan cannot fetch from (a stride short of a vertex, misaligned).
  // A binding the command buffer already has is not bound again.
  VkResult result = VK_SUCCESS;
  static const std::vector<PipelineState12::VertexBinding> none;
  for (const PipelineState12::VertexBinding& b : s.pipeline ? s.pipeline->vertexBindings : none) {
    const UINT slot = b.slot;
    const DrawState12::VertexBuffer& vb = slot < 32 ? s.vertexBuffers[slot] : DrawState12::VertexBuffer{};
    const bool usable = vb.resource && vb.size && vb.offset < vb.resource->desc.Width &&
                        (!vb.stride || vb.stride >= b.extent) && vb.offset % b.alignment == 0 &&
                        vb.stride % b.alignment == 0;
    const VkBuffer zeros = usable ? VK_NULL_HANDLE : device_->zeroVertexBuffer(&result);  // (created once, under a mutex)
    const BoundDrawState12::VertexBuffer want{usable ? vb.resource->buffer->handle() : zeros, usable ? vb.offset : 0,
                                              usable ? VkDeviceSize(vb.size) : kZeroVertexBufferBytes,
                                              usable ? vb.stride : 0};
    if (!want.buffer || (slot < 32 && bound.vertexBuffers[slot] == want)) continue;
    vkCmdBindVertexBuffers2(cmd, slot, 1, &want.buffer, &want.offset, &want.size, &want.stride);
    if (slot < 32) bound.vertexBuffers[slot] = want;
  }
  if (indexed) {
    const VkIndexType type = s.indexBuffer.format == DXGI_FORMAT_R16_UINT ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
    const VkBuffer buffer = s.indexBuffer.resource->buffer->handle();
    if (bound.indexBuffer != buffer || bound.indexOffset != s.indexBuffer.offset || bound.indexType != type) {
      vkCmdBindIndexBuffer(cmd, buffer, s.indexBuffer.offset, type);
      bound.indexBuffer = buffer;
      bound.indexOffset = s.indexBuffer.offset;
      bound.indexType = type;
    }
  }
}

VkRect2D CommandRecorder12::scissorIn(VkExtent2D extent, size_t index, const DrawState12* state) const {
  VkRect2D scissor = (state ? *state : state_).scissors[index];
  const int32_t right = std::clamp<int32_t>(scissor.offset.x + int32_t(scissor.extent.width), 0, int32_t(extent.width));
  const int32_t bottom = std::clamp<int32_t>(scissor.offset.y + int32_t(scissor.extent.height), 0, int32_t(extent.height));
  scissor.offset.x = std::clamp<int32_t>(scissor.offset.x, 0, int32_t(extent.width));
  scissor.offset.y = std::clamp<int32_t>(scissor.offset.y, 0, int32_t(extent.height));
  scissor.extent = {uint32_t(std::max(right - scissor.offset.x, 0)), uint32_t(std::max(bottom - scissor.offset.y, 0))};
  return scissor;
}

// Topology, primitive restart, the pipeline's viewports and scissors (those
// set, then viewport and scissor 0 again up to its count), blend factor and
// stencil reference.
void CommandRecorder12::setDynamicState(VkCommandBuffer cmd, const DrawTargets12& t, const DrawState12* state) {
  const DrawState12& s = state ? *state : state_;
  BoundDrawState12& b = bound_;
  if (!b.dynamicValid || b.topology != t.topology) {
    vkCmdSetPrimitiveTopology(cmd, t.topology);
    vkCmdSetPrimitiveRestartEnable(cmd, isStrip(t.topology) ? VK_TRUE : VK_FALSE);
    b.topology = t.topology;
  }
  const uint32_t count = std::min<uint32_t>(s.pipeline ? s.pipeline->viewportCount : 1, 16);
  // Nothing to record while the values, the pipeline's viewport count and the
  // scissors' bounds are those recorded (another state's are compared below).
  if (!state && b.dynamicValid && b.dynamicVersion == dynamicVersion_ && b.viewportCount == count &&
      b.dynamicExtent.width == t.extent.width && b.dynamicExtent.height == t.extent.height)
    return;
  VkViewport viewports[16];
  VkRect2D scissors[16];
  for (uint32_t i = 0; i < count; ++i) {
    // D3D viewports as Vulkan's with a negative height (framebuffer y = D3D y).
    // No viewport or scissor (a stream-output draw that only captures): an empty one.
    const VkViewport v = s.viewports.empty() || s.scissors.empty() ? VkViewport{0, 0, 0, 0, 0, 1}
                                                                   : s.viewports[i < s.viewports.size() ? i : 0];
    viewports[i] = {v.x, v.y + v.height, v.width, -v.height, v.minDepth, v.maxDepth};
    if (!s.scissors.empty()) scissors[i] = scissorIn(t.extent, i < s.scissors.size() ? i : 0, &s);
    if (!(v.width > 0) || !(v.height > 0)) {  // an empty viewport draws nothing (Vulkan needs a positive width)
      viewports[i] = {0, 1, 1, -1, v.minDepth, v.maxDepth};
      scissors[i] = {{0, 0}, {0, 0}};
    }
  }
  if (!b.dynamicValid || b.viewportCount != count || std::memcmp(b.viewports, viewports, count * sizeof(VkViewport))) {
    vkCmdSetViewport(cmd, 0, count, viewports);
    std::memcpy(b.viewports, viewports, count * sizeof(VkViewport));
  }
  if (!b.dynamicValid || b.viewportCount != count || std::memcmp(b.scissors, scissors, count * sizeof(VkRect2D))) {
    vkCmdSetScissor(cmd, 0, count, scissors);
    std::memcpy(b.scissors, scissors, count * sizeof(VkRect2D));
  }
  b.viewportCount = count;
  b.dynamicVersion = state ? 0 : dynamicVersion_;  // (0: never the list's version)
  b.dynamicExtent = t.extent;
  if (!b.dynamicValid || std::memcmp(b.blendFactor, s.blendFactor, sizeof b.blendFactor)) {
    vkCmdSetBlendConstants(cmd, s.blendFactor);
    std::memcpy(b.blendFactor, s.blendFactor, sizeof b.blendFactor);
  }
  if (!b.dynamicValid || b.stencilRef != (s.stencilRef & 0xFF)) {
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, s.stencilRef & 0xFF);
    b.stencilRef = s.stencilRef & 0xFF;
  }
  b.dynamicValid = true;
}

void CommandRecorder12::beginRendering(VkCommandBuffer cmd, const DrawTargets12& t) {
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, t.extent};
  rendering.layerCount = t.layers;
  rendering.colorAttachmentCount = t.colorCount;
  rendering.pColorAttachments = t.colors;
  if (t.depth.imageView) {
    rendering.pDepthAttachment = &t.depth;
    if (t.hasStencil) rendering.pStencilAttachment = &t.depth;
  }
  vkCmdBeginRendering(cmd, &rendering);
}

bool DrawTargets12::sameInstance(const DrawTargets12& o) const {
  if (colorCount != o.colorCount || extent.width != o.extent.width || extent.height != o.extent.height ||
      layers != o.layers || depth.imageView != o.depth.imageView || hasStencil != o.hasStencil)
    return false;
  for (UINT i = 0; i < colorCount; ++i)
    if (colors[i].imageView != o.colors[i].imageView) return false;
  return true;
}

// Takes the command buffer in the rendering instance of the draw's targets
// (the open one when it matches; a new one ordered after earlier attachment
// writes to them otherwise), binds the pipeline, the root arguments, the input
// assembly and the dynamic state. False when the draw is dropped or failed.
bool CommandRecorder12::beginDraw(VkCommandBuffer* out, bool indexed, const DrawTargets12& t, bool internal) {
  const PipelineState12& pso = *state_.pipeline;
  if (pso.streamOutput) retargetStreamOutputQueries();  // (may end the open instance)
  // A new instance takes the clears waiting for it as its load ops (clear12.cpp).
  const DrawTargets12* withClears = &t;
  if (!internal && !pendingClears_.empty() && (!passOpen_ || !pass_.sameInstance(t))) {
    targetsWithClears_ = t;
    takePendingClears(&targetsWithClears_);
    withClears = &targetsWithClears_;
  }
  const DrawTargets12& begun = *withClears;
  // A capture after a capture reads the filled sizes that one wrote: a barrier first.
  if (pso.streamOutput && streamOutputSinceBarrier_ && streamOutputSlots()) {
    pendingBarrier_ = true;
    pendingScope_.all();
  }
  const VkPipeline pipeline = drawPipeline();
  if (!pipeline) return false;
  VkCommandBuffer cmd = internal ? command() : orderedCommand(true);
  if (!cmd) return false;
  if (!passOpen_ || !pass_.sameInstance(t)) {
    endRenderPass();
    for (const Resource12* r : t.resources) orderAttachmentWrite(cmd, r);
    beginRendering(cmd, begun);
    pass_ = begun;
    passOpen_ = true;
  }
  // What changed since the last draw of this command buffer.
  BoundDrawState12& b = bound_;
  if (b.pipeline != pipeline) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    b.pipeline = pipeline;
  }
  if (!bindDrawArguments(cmd, pso)) return false;
  bindInputAssembly(cmd, indexed);
  setDynamicState(cmd, t);
  *out = cmd;
  return true;
}

bool CommandRecorder12::bindDrawArguments(VkCommandBuffer cmd, const PipelineState12& pso) {
  BoundDrawState12& b = bound_;
  if (b.argumentsValid && b.argumentsPipeline == &pso && b.arguments == state_.graphics) return true;
  b.argumentsValid = false;
  if (!bindRootArguments(cmd, pso, state_.graphics)) return false;
  b.argumentsPipeline = &pso;
  b.arguments = state_.graphics;
  b.argumentsValid = true;
  return true;
}

void CommandRecorder12::draw(UINT vertexCount, UINT instanceCount, UINT firstVertex, UINT firstInstance) {
  if (const Repeat repeat = repeatsLastDraw(false); repeat != Repeat::No) {
    if (repeat == Repeat::NewRootArguments && !bindDrawArguments(cmd_, *state_.pipeline))
      return void(repeatable_.valid = false);
    return predicated(cmd_, [&] { vkCmdDraw(cmd_, vertexCount, instanceCount, firstVertex, firstInstance); });
  }
  const DrawTargets12* prepared = prepareDraw(false);
  if (!prepared) return;
  const DrawTargets12& targets = *prepared;
  if (state_.pipeline->needsFallback) {
    umd::DrawCall call;
    call.count = vertexCount;
    call.instances = instanceCount;
    call.first = firstVertex;
    call.firstInstance = firstInstance;
    return fallbackDraw(call, targets);
  }
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!beginDraw(&cmd, false, targets)) return;
  const bool capturing = beginStreamOutput(cmd);
  predicated(cmd, [&] { vkCmdDraw(cmd, vertexCount, instanceCount, firstVertex, firstInstance); });
  if (capturing) endStreamOutput(cmd);
  if (!state_.pipeline->streamOutput) rememberDraw(false);
}

void CommandRecorder12::drawIndexed(UINT indexCount, UINT instanceCount, UINT firstIndex, INT baseVertex, UINT firstInstance) {
  const bool past = indicesPastEnd(firstIndex);  // (then the zero buffer is bound instead: no repeat)
  if (const Repeat repeat = past ? Repeat::No : repeatsLastDraw(true); repeat != Repeat::No) {
    if (repeat == Repeat::NewRootArguments && !bindDrawArguments(cmd_, *state_.pipeline))
      return void(repeatable_.valid = false);
    return predicated(cmd_, [&] { vkCmdDrawIndexed(cmd_, indexCount, instanceCount, firstIndex, baseVertex, firstInstance); });
  }
  const DrawTargets12* prepared = prepareDraw(true);
  if (!prepared) return;
  const DrawTargets12& targets = *prepared;
  if (state_.pipeline->needsFallback) {
    umd::DrawCall call;
    call.indexed = true;
    call.count = indexCount;
    call.instances = instanceCount;
    call.first = firstIndex;
    call.baseVertex = baseVertex;
    call.firstInstance = firstInstance;
    return fallbackDraw(call, targets);
  }
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!beginDraw(&cmd, true, targets)) return;
  if (past) firstIndex = indicesPastBuffer(cmd, firstIndex);
  const bool capturing = beginStreamOutput(cmd);
  predicated(cmd, [&] { vkCmdDrawIndexed(cmd, indexCount, instanceCount, firstIndex, baseVertex, firstInstance); });
  if (capturing) endStreamOutput(cmd);
  if (!past && !state_.pipeline->streamOutput) rememberDraw(true);
}

bool CommandRecorder12::indicesPastEnd(UINT firstIndex) const {
  const DrawState12::IndexBuffer& ib = state_.indexBuffer;
  const VkDeviceSize indexBytes = ib.format == DXGI_FORMAT_R16_UINT ? 2 : 4;
  return ib.resource &&
         VkDeviceSize(firstIndex) * indexBytes >= ib.resource->desc.Width - std::min(ib.offset, ib.resource->desc.Width);
}

UINT CommandRecorder12::indicesPastBuffer(VkCommandBuffer cmd, UINT firstIndex) {
  // They are read from the device's zero buffer, so no device computes an
  // address from such a firstIndex.
  if (!indicesPastEnd(firstIndex)) return firstIndex;
  const VkDeviceSize indexBytes = state_.indexBuffer.format == DXGI_FORMAT_R16_UINT ? 2 : 4;
  VkResult result = VK_SUCCESS;
  const VkBuffer zeros = device_->zeroVertexBuffer(&result);
  if (!zeros) return firstIndex;
  const VkIndexType type = indexBytes == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
  vkCmdBindIndexBuffer(cmd, zeros, 0, type);
  bound_.indexBuffer = zeros;  // what the command buffer has bound now
  bound_.indexOffset = 0;
  bound_.indexType = type;
  return 0;
}

void CommandRecorder12::dispatch(UINT x, UINT y, UINT z) {
  PipelineState12* pso = state_.pipeline;
  if (!pso || !pso->compute) return fail(E_INVALIDARG, "Dispatch without a compute pipeline state (SetPipelineState)");
  if (!state_.compute.signature)
    return fail(E_INVALIDARG, "Dispatch without a compute root signature (SetComputeRootSignature)");
  if (!rootSignatureMatches(*pso, state_.compute, "Dispatch")) return;
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pso->pipeline->handle());
  if (!bindRootArguments(cmd, *pso, state_.compute)) return;
  predicated(cmd, [&] { vkCmdDispatch(cmd, x, y, z); });
}

}  // namespace d3dvk::umd12
