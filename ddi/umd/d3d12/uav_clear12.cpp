// ddi/umd/d3d12/uav_clear12.cpp — ClearUnorderedAccessViewUint/Float of
// CommandRecorder12 (command_recorder12.h), its scratch buffers and the layout
// transition the transfer-based commands share.
//
// D3D's rules: Uint writes each channel's low bits as the format's bits
// (integer formats: the integer; UNORM/SNORM/float: those bits reinterpreted);
// Float converts to float, UNORM and SNORM formats and is invalid on integer
// formats, raw and structured buffers; structured buffers take no clears;
// raw buffers take Uint (values[0] in every 32-bit element). Rects are texel
// rectangles of the view's mip (buffers: left/right are element indices),
// clipped to it. A whole texture view clears with vkCmdClearColorImage; rects,
// a Texture3D W window short of the mip, and buffers whose texel is not 32
// bits copy the packed texel from a scratch buffer (state::packTexel).
#include "command_recorder12.h"

#include "descriptor_heap12.h"
#include "device12.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <algorithm>
#include <cstring>

namespace d3dvk::umd12 {

VkBuffer CommandRecorder12::scratchBuffer(UINT64 size, const void* pattern, size_t patternSize, VkBufferUsageFlags usage) {
  if (!keepAlive_) {
    fail(E_FAIL, "no allocator to keep scratch data with");
    return VK_NULL_HANDLE;
  }
  VkResult result = VK_SUCCESS;
  auto buffer = vk::Buffer::create(device_->vk(), std::max<UINT64>(size, 4), usage, true, &result);
  if (!buffer) {
    fail(Device12::hresultFor(result), "cannot create a scratch buffer");
    return VK_NULL_HANDLE;
  }
  auto* bytes = static_cast<unsigned char*>(buffer->mapped());
  if (pattern && patternSize) {
    for (UINT64 at = 0; at < size; at += patternSize)
      std::memcpy(bytes + at, pattern, size_t(std::min<UINT64>(patternSize, size - at)));
  } else {
    std::memset(bytes, 0, size_t(size));
  }
  VkBuffer handle = buffer->handle();
  keepAlive_->push_back(std::move(buffer));
  return handle;
}

void CommandRecorder12::clearUnorderedAccessView(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle, Resource12& resource,
                                                 const UINT* uintValues, const FLOAT* floatValues, UINT numRects,
                                                 const D3D12DDI_RECT* rects) {
  const char* what = uintValues ? "ClearUnorderedAccessViewUint" : "ClearUnorderedAccessViewFloat";
  auto failWith = [&](HRESULT hr, const std::string& why) { fail(hr, (std::string(what) + ": " + why).c_str()); };
  const ViewDescriptor12* d = ViewDescriptor12::from(handle);
  if (!d || d->kind != ViewDescriptor12::UnorderedAccess) return failWith(E_INVALIDARG, "the descriptor holds no UAV");
  if (d->resource != &resource) return failWith(E_INVALIDARG, "the descriptor's UAV does not view pResource");
  if (numRects && !rects) return failWith(E_INVALIDARG, "NumRects but no rects");
  Resource12& r = resource;

  if (r.isBuffer()) {
    if (d->structureStride) return failWith(E_INVALIDARG, "structured buffer views cannot be cleared");
    const bool typed = d->format != nullptr;
    // The view's own bytes (its descriptor may start before them, ViewDescriptor12::shift).
    UINT64 first = d->offset + d->shiftBytes(), bytes = d->range - d->shiftBytes();
    UINT elementBytes = typed ? d->format->bytesPerTexel : 4;
    unsigned char texel[16] = {};
    if (!typed) {
      if (!uintValues) return failWith(E_INVALIDARG, "raw buffer views take only ClearUnorderedAccessViewUint");
      std::memcpy(texel, &uintValues[0], 4);
    } else {
      VkClearColorValue value{};
      if (uintValues) {
        value = state::uavClearColorFromBits(*d->format, uintValues);
      } else {
        if (d->format->kind == state::FormatKind::Uint || d->format->kind == state::FormatKind::Sint)
          return failWith(E_INVALIDARG, "integer formats take only ClearUnorderedAccessViewUint");
        value = state::clearColorFor(*d->format, floatValues);
      }
      if (!state::packTexel(*d->format, value, texel)) return failWith(E_NOTIMPL, "the view's format cannot be cleared");
    }
    // The element windows to clear: the whole view, or each rect's [left, right).
    std::vector<std::pair<UINT64, UINT64>> windows;  // (byte offset, bytes)
    UINT64 elements = bytes / elementBytes;
    if (!numRects) windows.push_back({first, bytes});
    for (UINT i = 0; i < numRects; ++i) {
      UINT64 left = UINT64(std::max<LONG>(rects[i].left, 0)), right = std::min<UINT64>(UINT64(std::max<LONG>(rects[i].right, 0)), elements);
      if (right > left) windows.push_back({first + left * elementBytes, (right - left) * elementBytes});
    }
    if (windows.empty()) return;
    std::vector<umd::TransferTarget> targets;
    for (auto [offset, size] : windows) targets.push_back(umd::bufferTarget(r.buffer->handle(), offset, size));
    const PredicatedTransfer predicated(*this, what, std::move(targets));
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    for (auto [offset, size] : windows) {
      // vkCmdFillBuffer repeats 32 bits: texels of 1, 2 or 4 bytes on 4-byte boundaries.
      if (elementBytes <= 4 && offset % 4 == 0 && size % 4 == 0) {
        uint32_t word = 0;
        for (UINT b = 0; b < 4; ++b) reinterpret_cast<unsigned char*>(&word)[b] = texel[b % elementBytes];
        vkCmdFillBuffer(cmd, r.buffer->handle(), offset, size, word);
        continue;
      }
      VkBuffer scratch = scratchBuffer(size, texel, elementBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
      if (!scratch) return;
      VkBufferCopy region{0, offset, size};
      vkCmdCopyBuffer(cmd, scratch, r.buffer->handle(), 1, &region);
    }
    return;
  }

  const state::FormatInfo& format = *d->format;
  VkClearColorValue value{};
  if (uintValues) {
    value = state::uavClearColorFromBits(format, uintValues);
  } else {
    if (format.kind == state::FormatKind::Uint || format.kind == state::FormatKind::Sint)
      return failWith(E_INVALIDARG, "integer formats take only ClearUnorderedAccessViewUint");
    value = state::clearColorFor(format, floatValues);
  }
  const bool is3d = r.desc.ResourceType == D3D12DDI_RT_TEXTURE3D;
  VkExtent3D extent = r.mipExtent(d->mip);
  const bool wholeWindow = !is3d || (d->firstSlice == 0 && d->sliceCount == extent.depth);
  const UINT mipSlices = is3d ? extent.depth : d->sliceCount;
  if (!numRects && wholeWindow) {
    const PredicatedTransfer predicated(*this, what, {subresourceTarget(r, VK_IMAGE_ASPECT_COLOR_BIT, d->mip, d->firstSlice, mipSlices)});
    VkCommandBuffer cmd = command();
    if (!cmd) return;
    VkClearColorValue bits = state::clearValueForImage(format, *r.format, value);
    VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, d->mip, 1, is3d ? 0 : d->firstSlice, is3d ? 1 : d->sliceCount};
    vkCmdClearColorImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_GENERAL, &bits, 1, &range);
    return;
  }
  unsigned char texel[16];
  UINT texelBytes = state::packTexel(format, value, texel);
  if (!texelBytes) return failWith(E_NOTIMPL, "the view's format cannot be cleared with rects");
  std::vector<VkRect2D> areas;
  if (!numRects) areas.push_back({{0, 0}, {extent.width, extent.height}});
  for (UINT i = 0; i < numRects; ++i) {
    LONG left = std::max<LONG>(rects[i].left, 0), top = std::max<LONG>(rects[i].top, 0);
    LONG right = std::min<LONG>(rects[i].right, LONG(extent.width)), bottom = std::min<LONG>(rects[i].bottom, LONG(extent.height));
    if (right > left && bottom > top) areas.push_back({{left, top}, {UINT(right - left), UINT(bottom - top)}});
  }
  if (areas.empty()) return;
  UINT64 largest = 0;
  for (const VkRect2D& a : areas) largest = std::max<UINT64>(largest, UINT64(a.extent.width) * a.extent.height);
  UINT layers = d->sliceCount;  // Texture3D: the W window's depth slices
  VkBuffer scratch = scratchBuffer(largest * layers * texelBytes, texel, texelBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
  if (!scratch) return;
  std::vector<VkBufferImageCopy> regions;
  for (const VkRect2D& a : areas) {
    VkBufferImageCopy c{};
    c.bufferRowLength = a.extent.width;
    c.bufferImageHeight = a.extent.height;
    c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, d->mip, is3d ? 0 : d->firstSlice, is3d ? 1 : layers};
    c.imageOffset = {a.offset.x, a.offset.y, is3d ? INT(d->firstSlice) : 0};
    c.imageExtent = {a.extent.width, a.extent.height, is3d ? layers : 1};
    regions.push_back(c);
  }
  const PredicatedTransfer predicated(*this, what, {subresourceTarget(r, VK_IMAGE_ASPECT_COLOR_BIT, d->mip, d->firstSlice, mipSlices)});
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, d->mip, 1, is3d ? 0 : d->firstSlice, is3d ? 1 : layers};
  vk::imageLayoutBarrier(cmd, r.image->handle(), range, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdCopyBufferToImage(cmd, scratch, r.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, uint32_t(regions.size()),
                         regions.data());
  vk::imageLayoutBarrier(cmd, r.image->handle(), range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
}

}  // namespace d3dvk::umd12
