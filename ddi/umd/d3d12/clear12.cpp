// ddi/umd/d3d12/clear12.cpp — a list's render-target and depth-stencil
// clears (command_recorder12.h): inside the open rendering instance when it
// holds the view; a whole-view clear otherwise waits (PendingClear12) for the
// next instance, which takes it as its loadOp CLEAR when the view is one of its
// attachments over the whole render area, or runs as a transfer clear before
// anything else the list records; with rects, an instance of its own.
#include "command_recorder12.h"

#include "descriptor_heap12.h"
#include "device12.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <vector>

namespace d3dvk::umd12 {

namespace {
// The clear rects inside `extent` (clipped; empty ones dropped), each over `layers` layers.
std::vector<VkClearRect> clippedClearRects(UINT numRects, const D3D12DDI_RECT* rects, VkExtent2D extent, UINT layers) {
  std::vector<VkClearRect> out;
  for (UINT i = 0; i < numRects; ++i) {
    const LONG left = std::max<LONG>(rects[i].left, 0), top = std::max<LONG>(rects[i].top, 0);
    const LONG right = std::min<LONG>(rects[i].right, LONG(extent.width));
    const LONG bottom = std::min<LONG>(rects[i].bottom, LONG(extent.height));
    if (right > left && bottom > top) out.push_back({{{left, top}, {UINT(right - left), UINT(bottom - top)}}, 0, layers});
  }
  return out;
}
}  // namespace

void CommandRecorder12::clearRects(const Resource12* target, VkImageView view, VkFormat format, bool depth,
                                   VkImageAspectFlags aspects, VkExtent2D extent, UINT layers, const VkClearValue& value,
                                   UINT numRects, const D3D12DDI_RECT* rects) {
  const std::vector<VkClearRect> clearRects = clippedClearRects(numRects, rects, extent, layers);
  if (clearRects.empty()) return;
  VkCommandBuffer cmd = orderedCommand();
  if (!cmd) return;
  orderAttachmentWrite(cmd, target);
  VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  attachment.imageView = view;
  attachment.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = layers;
  if (depth) {
    if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) rendering.pDepthAttachment = &attachment;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) rendering.pStencilAttachment = &attachment;
  } else {
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &attachment;
  }
  (void)format;
  vkCmdBeginRendering(cmd, &rendering);
  VkClearAttachment clear{};
  clear.aspectMask = depth ? aspects : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT);
  clear.colorAttachment = 0;
  clear.clearValue = value;
  predicated(cmd, [&] { vkCmdClearAttachments(cmd, 1, &clear, uint32_t(clearRects.size()), clearRects.data()); });
  vkCmdEndRendering(cmd);
}

bool CommandRecorder12::clearInOpenInstance(const ViewDescriptor12& d, bool depth, VkImageAspectFlags aspects,
                                            const VkClearValue& value, UINT numRects, const D3D12DDI_RECT* rects) {
  flushFallbackBatch();  // the batched draws come before the clear (and end any open instance)
  // (A Texture3D view's W window is cleared by the transfer paths below.)
  if (!cmd_ || !passOpen_ || pendingBarrier_ || d.sliceCount > pass_.layers ||
      d.resource->desc.ResourceType == D3D12DDI_RT_TEXTURE3D)
    return false;
  const VkExtent3D e = d.resource->mipExtent(d.mip);
  if (e.width != pass_.extent.width || e.height != pass_.extent.height) return false;
  VkResult result = VK_SUCCESS;
  const VkImageView view = d.resource->view(*d.format, d.mip, d.firstSlice, d.sliceCount, &result);
  if (!view) return false;
  VkClearAttachment clear{};
  clear.clearValue = value;
  if (depth) {
    if (pass_.depth.imageView != view || ((aspects & VK_IMAGE_ASPECT_STENCIL_BIT) && !pass_.hasStencil)) return false;
    clear.aspectMask = aspects;
  } else {
    UINT i = 0;
    while (i < pass_.colorCount && pass_.colors[i].imageView != view) ++i;
    if (i == pass_.colorCount) return false;
    clear.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
    clear.colorAttachment = i;
  }
  if (!pendingClears_.empty()) {
    // Clears waiting for another instance come first: they run now (and end this one).
    flushPendingClears();
    return false;
  }
  const std::vector<VkClearRect> clearRects =
      numRects == 0 ? std::vector<VkClearRect>{{{{0, 0}, pass_.extent}, 0, d.sliceCount}}
                    : clippedClearRects(numRects, rects, pass_.extent, d.sliceCount);
  if (!clearRects.empty())
    predicated(cmd_, [&] { vkCmdClearAttachments(cmd_, 1, &clear, uint32_t(clearRects.size()), clearRects.data()); });
  return true;
}

void CommandRecorder12::clearRenderTargetView(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle, const FLOAT color[4], UINT numRects,
                                              const D3D12DDI_RECT* rects) {
  const ViewDescriptor12* d = ViewDescriptor12::from(handle);
  if (!d || d->kind != ViewDescriptor12::RenderTarget || !color)
    return fail(E_INVALIDARG, "ClearRenderTargetView on a descriptor that holds no render-target view");
  if (!d->resource) return;  // a null RTV: the clear writes nothing
  Resource12& r = *d->resource;
  VkClearColorValue viewValue = state::clearColorFor(*d->format, color);
  if (numRects && !rects) return fail(E_INVALIDARG, "ClearRenderTargetView with NumRects but no rects");
  VkClearValue attachmentValue{};
  attachmentValue.color = viewValue;
  if (clearInOpenInstance(*d, false, VK_IMAGE_ASPECT_COLOR_BIT, attachmentValue, numRects, rects)) return;
  if (numRects == 0 && r.desc.ResourceType == D3D12DDI_RT_TEXTURE3D) {
    // A Texture3D view's W window (descriptor_heap12.cpp keeps it in offset and
    // range): when it is not the whole mip, the texel is copied into its slices
    // (vkCmdClearColorImage clears every slice of a 3D mip).
    const VkExtent3D e = r.mipExtent(d->mip);
    const UINT firstW = UINT(d->offset), wSize = UINT(d->range);
    if (wSize && (firstW || wSize < e.depth)) {
      unsigned char texel[16];
      const UINT texelBytes = state::packTexel(*d->format, viewValue, texel);
      if (!texelBytes) return fail(E_NOTIMPL, "ClearRenderTargetView: a W window of this format cannot be cleared");
      VkBuffer scratch = scratchBuffer(UINT64(e.width) * e.height * wSize * texelBytes, texel, texelBytes,
                                       VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
      if (!scratch) return;
      const PredicatedTransfer predicated(*this, "ClearRenderTargetView",
                                          {subresourceTarget(r, VK_IMAGE_ASPECT_COLOR_BIT, d->mip, 0, 1)});
      VkCommandBuffer cmd = orderedCommand();
      if (!cmd) return;
      orderAttachmentWrite(cmd, &r);
      VkBufferImageCopy c{};
      c.bufferRowLength = e.width;
      c.bufferImageHeight = e.height;
      c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, d->mip, 0, 1};
      c.imageOffset = {0, 0, INT(firstW)};
      c.imageExtent = {e.width, e.height, wSize};
      const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, d->mip, 1, 0, 1};
      vk::imageLayoutBarrier(cmd, r.image->handle(), range, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
      vkCmdCopyBufferToImage(cmd, scratch, r.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      vk::imageLayoutBarrier(cmd, r.image->handle(), range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
      return;
    }
  }
  // Under a predicate a whole-view clear is an attachment clear too (Vulkan renders those conditionally).
  const D3D12DDI_RECT whole{0, 0, LONG(r.mipExtent(d->mip).width), LONG(r.mipExtent(d->mip).height)};
  if (numRects == 0 && predicate_.word && r.desc.ResourceType != D3D12DDI_RT_TEXTURE3D) {
    numRects = 1;
    rects = &whole;
  }
  if (numRects == 0) {
    if (r.desc.ResourceType != D3D12DDI_RT_TEXTURE3D && deferClear(*d, false, VK_IMAGE_ASPECT_COLOR_BIT, attachmentValue))
      return;
    // (Under a predicate only a Texture3D view gets here: a transfer clear of its mip.)
    const PredicatedTransfer predicated(*this, "ClearRenderTargetView",
                                        {subresourceTarget(r, VK_IMAGE_ASPECT_COLOR_BIT, d->mip, d->firstSlice, d->sliceCount)},
                                        r.image->info().samples != VK_SAMPLE_COUNT_1_BIT ? &r : nullptr);
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    clearImageNow(cmd, *d, VK_IMAGE_ASPECT_COLOR_BIT, attachmentValue);
    return;
  }
  if (!rects) return fail(E_INVALIDARG, "ClearRenderTargetView with NumRects but no rects");
  if (r.desc.ResourceType == D3D12DDI_RT_TEXTURE3D)
    return fail(E_NOTIMPL, "ClearRenderTargetView with rects on a Texture3D is not supported yet");
  VkResult result = VK_SUCCESS;
  VkImageView view = r.view(*d->format, d->mip, d->firstSlice, d->sliceCount, &result);
  if (!view) return fail(Device12::hresultFor(result), "ClearRenderTargetView: cannot create the image view");
  VkExtent3D e = r.mipExtent(d->mip);
  VkClearValue value{};
  value.color = viewValue;
  clearRects(&r, view, d->format->vk, false, VK_IMAGE_ASPECT_COLOR_BIT, {e.width, e.height}, d->sliceCount, value,
             numRects, rects);
}

void CommandRecorder12::clearDepthStencilView(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle, UINT flags, FLOAT depth, UINT8 stencil,
                                              UINT numRects, const D3D12DDI_RECT* rects) {
  const ViewDescriptor12* d = ViewDescriptor12::from(handle);
  if (!d || d->kind != ViewDescriptor12::DepthStencil)
    return fail(E_INVALIDARG, "ClearDepthStencilView on a descriptor that holds no depth-stencil view");
  if (!d->resource) return;  // a null DSV: the clear writes nothing
  Resource12& r = *d->resource;
  VkImageAspectFlags formatAspects = r.aspects();
  VkImageAspectFlags aspects = 0;
  if (flags & D3D12DDI_CLEAR_FLAG_DEPTH) aspects |= formatAspects & VK_IMAGE_ASPECT_DEPTH_BIT;
  if (flags & D3D12DDI_CLEAR_FLAG_STENCIL) aspects |= formatAspects & VK_IMAGE_ASPECT_STENCIL_BIT;
  if (!(flags & (D3D12DDI_CLEAR_FLAG_DEPTH | D3D12DDI_CLEAR_FLAG_STENCIL)))
    return fail(E_INVALIDARG, "ClearDepthStencilView without D3D12_CLEAR_FLAG_DEPTH or _STENCIL");
  if (!aspects) return;
  if (depth < 0.0f || depth > 1.0f) return fail(E_INVALIDARG, "ClearDepthStencilView: depth outside [0, 1]");
  VkClearDepthStencilValue value{depth, stencil};
  if (numRects && !rects) return fail(E_INVALIDARG, "ClearDepthStencilView with NumRects but no rects");
  VkClearValue attachmentValue{};
  attachmentValue.depthStencil = value;
  if (clearInOpenInstance(*d, true, aspects, attachmentValue, numRects, rects)) return;
  const D3D12DDI_RECT whole{0, 0, LONG(r.mipExtent(d->mip).width), LONG(r.mipExtent(d->mip).height)};
  if (numRects == 0 && predicate_.word) {
    numRects = 1;
    rects = &whole;
  }
  if (numRects == 0) {
    if (deferClear(*d, true, aspects, attachmentValue)) return;
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    clearImageNow(cmd, *d, aspects, attachmentValue);
    return;
  }
  if (!rects) return fail(E_INVALIDARG, "ClearDepthStencilView with NumRects but no rects");
  VkResult result = VK_SUCCESS;
  VkImageView view = r.view(*d->format, d->mip, d->firstSlice, d->sliceCount, &result);
  if (!view) return fail(Device12::hresultFor(result), "ClearDepthStencilView: cannot create the image view");
  VkExtent3D e = r.mipExtent(d->mip);
  VkClearValue clear{};
  clear.depthStencil = value;
  clearRects(&r, view, d->format->vk, true, aspects, {e.width, e.height}, d->sliceCount, clear, numRects, rects);
}

void CommandRecorder12::clearImageNow(VkCommandBuffer cmd, const ViewDescriptor12& d, VkImageAspectFlags aspects,
                                      const VkClearValue& value) {
  Resource12& r = *d.resource;
  orderAttachmentWrite(cmd, &r);
  const VkImageSubresourceRange range{aspects, d.mip, 1, d.firstSlice, d.sliceCount};
  if (aspects & VK_IMAGE_ASPECT_COLOR_BIT) {
    const VkClearColorValue image = state::clearValueForImage(*d.format, *r.format, value.color);
    vkCmdClearColorImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_GENERAL, &image, 1, &range);
  } else {
    vkCmdClearDepthStencilImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_GENERAL, &value.depthStencil, 1, &range);
  }
}

bool CommandRecorder12::deferClear(const ViewDescriptor12& d, bool depth, VkImageAspectFlags aspects,
                                   const VkClearValue& value) {
  if (!cmd_ || predicate_.word) return false;  // (predicated clears are attachment clears with rects)
  flushFallbackBatch();  // the batched draws come first; the clear waits with the earlier ones
  VkResult result = VK_SUCCESS;
  const VkImageView view = d.resource->view(*d.format, d.mip, d.firstSlice, d.sliceCount, &result);
  if (!view) return false;  // the transfer clear needs no view
  const VkExtent3D e = d.resource->mipExtent(d.mip);
  pendingClears_.push_back({d, view, {e.width, e.height}, d.sliceCount, depth, aspects, value});
  return true;
}

void CommandRecorder12::takePendingClears(DrawTargets12* t) {
  if (pendingClears_.empty()) return;
  // All or none: a clear left pending runs before the instance, so one taken
  // as a load op (at the instance's start) must not be older than it.
  DrawTargets12 taken = *t;
  for (const PendingClear12& c : pendingClears_) {
    if (c.extent.width != t->extent.width || c.extent.height != t->extent.height || c.layers != t->layers) return;
    VkRenderingAttachmentInfo* attachment = nullptr;
    if (c.depth) {
      const VkImageAspectFlags all = VK_IMAGE_ASPECT_DEPTH_BIT | (t->hasStencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
      if (t->depth.imageView == c.view && c.aspects == all) attachment = &taken.depth;
    } else {
      for (UINT i = 0; i < t->colorCount && !attachment; ++i)
        if (t->colors[i].imageView == c.view) attachment = &taken.colors[i];
    }
    if (!attachment) return;
    attachment->loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachment->clearValue = c.value;  // a later clear of the same view wins, as it would in order
  }
  pendingClears_.clear();
  *t = taken;
}

void CommandRecorder12::flushPendingClears() {
  if (pendingClears_.empty()) return;
  std::vector<PendingClear12> clears = std::move(pendingClears_);
  pendingClears_.clear();
  for (const PendingClear12& c : clears) {
    VkCommandBuffer cmd = orderedCommand();
    if (!cmd) return;
    clearImageNow(cmd, c.descriptor, c.aspects, c.value);
  }
}

}  // namespace d3dvk::umd12
