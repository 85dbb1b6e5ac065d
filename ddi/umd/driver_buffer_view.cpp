// ddi/umd/driver_buffer_view.cpp — buffer shader-resource and unordered-access
// views (see driver_view.h): raw (R32_TYPELESS, BUFFEREX_SRV_FLAG_RAW /
// BUFFER_UAV_FLAG_RAW, on buffers created with BUFFER_ALLOW_RAW_VIEWS),
// structured (format UNKNOWN on BUFFER_STRUCTURED buffers, elements of the
// buffer's stride, APPEND / COUNTER with a hidden counter) and typed views (a
// VkBufferView of the format), their clears and the hidden counters.
//
// The shader reads a raw or structured view as a storage buffer over the
// view's window and a typed one through its texel buffer view. Vulkan starts
// those at multiples of the device's minimum storage / texel buffer offset
// alignment (16 bytes on lavapipe), D3D at any element: a view starting
// elsewhere gets its descriptor from the aligned byte below (typed: a
// multiple of the alignment and the texel size, so whole texels lie between)
// and its shift, which the shader adds to every index (binding.h's buffer
// view shifts, buffer_view_shifts.h). Refused with E_NOTIMPL (logged) only
// where the resource's own memory is not so aligned or the widened typed view
// would hold more than maxTexelBufferElements texels.
#include "driver_view.h"
#include "d3dvk_checked_math.h"

#include "adapter.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

namespace d3dvk::umd {

namespace {

// The window, or E_INVALIDARG when it is not inside the buffer.
HRESULT window(Device& device, BufferWindow& w, const Resource& buffer, UINT firstElement, UINT numElements,
               const char* what) {
  if (numElements == 0 || w.elementBytes == 0) return E_INVALIDARG;
  const uint64_t offset = uint64_t(firstElement) * w.elementBytes, size = uint64_t(numElements) * w.elementBytes;
  if (!fitsWithin(offset, size, buffer.width)) return E_INVALIDARG;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  const VkDeviceSize alignment =
      std::max<VkDeviceSize>(w.typed() ? limits.minTexelBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment, 1);
  // The descriptor starts at the aligned byte below the view (typed: whole texels below it).
  const VkDeviceSize step = w.typed() ? std::lcm<VkDeviceSize>(alignment, w.elementBytes) : alignment;
  const VkDeviceSize shiftBytes = offset % step;
  if (shiftBytes && buffer.bufferOffset % alignment) {
    logError(std::string(what) + ": a buffer view starting at byte " + std::to_string(offset) +
             " of a buffer whose memory starts unaligned for this Vulkan device is not supported");
    return E_NOTIMPL;
  }
  if (w.typed() && (size + shiftBytes) / w.elementBytes > limits.maxTexelBufferElements) {
    logError(std::string(what) + ": a typed buffer view of " + std::to_string((size + shiftBytes) / w.elementBytes) +
             " texels (" + std::to_string(shiftBytes / w.elementBytes) +
             " before its first element to start aligned) is more than this Vulkan device's maxTexelBufferElements (" +
             std::to_string(limits.maxTexelBufferElements) + ")");
    return E_NOTIMPL;
  }
  w.offset = offset;
  w.size = size;
  w.shift = UINT(shiftBytes / (w.typed() ? w.elementBytes : 4));
  return S_OK;
}

HRESULT texelView(Device& device, BufferWindow& w, const Resource& buffer, const state::FormatInfo& format,
                  VkFormatFeatureFlags needed, const char* what) {
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.vk().physicalDevice(), format.vk, &props);
  if ((props.bufferFeatures & needed) != needed) {
    logError(std::string(what) + ": format " + std::to_string(int(format.dxgi)) +
             " cannot back a typed buffer view on this Vulkan device");
    return E_NOTIMPL;
  }
  VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  info.buffer = buffer.buffer->handle();
  info.format = format.vk;
  info.offset = buffer.bufferOffset + w.descriptorOffset();
  info.range = w.descriptorSize();
  VkResult vr = VK_SUCCESS;
  w.texel = vk::BufferView::create(device.vk(), info, &vr);
  return w.texel ? S_OK : hresultFromVk(vr);
}

}  // namespace

HRESULT initBufferShaderResourceView(Device& device, ShaderResourceView& v, Resource& r, DXGI_FORMAT format,
                                     UINT firstElement, UINT numElements, UINT flags) {
  constexpr const char* kWhat = "CreateShaderResourceView";
  if (!r.isBuffer() || !r.buffer || !(r.bindFlags & D3D10_DDI_BIND_SHADER_RESOURCE) ||
      (flags & ~UINT(D3D11_DDI_BUFFEREX_SRV_FLAG_RAW)))
    return E_INVALIDARG;
  v.isBuffer = true;
  v.resource = &r;
  v.format = format;
  BufferWindow& w = v.window;
  w.raw = flags & D3D11_DDI_BUFFEREX_SRV_FLAG_RAW;
  if (w.raw) {
    if (format != DXGI_FORMAT_R32_TYPELESS || !(r.miscFlags & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
      return E_INVALIDARG;
    w.elementBytes = 4;
    return window(device, w, r, firstElement, numElements, kWhat);
  }
  if (r.miscFlags & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED) {
    if (format != DXGI_FORMAT_UNKNOWN || r.byteStride == 0) return E_INVALIDARG;
    w.structured = true;
    w.elementBytes = r.byteStride;
    return window(device, w, r, firstElement, numElements, kWhat);
  }
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || state::isDepthFormat(*f)) return E_INVALIDARG;
  w.elementBytes = f->bytesPerTexel;
  const HRESULT hr = window(device, w, r, firstElement, numElements, kWhat);
  if (FAILED(hr)) return hr;
  return texelView(device, w, r, *f, VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT, kWhat);
}

HRESULT initBufferUnorderedAccessView(Device& device, UnorderedAccessView& v, Resource& r, DXGI_FORMAT format,
                                      UINT firstElement, UINT numElements, UINT flags) {
  constexpr const char* kWhat = "CreateUnorderedAccessView";
  constexpr UINT kKnown = D3D11_DDI_BUFFER_UAV_FLAG_RAW | D3D11_DDI_BUFFER_UAV_FLAG_APPEND | D3D11_DDI_BUFFER_UAV_FLAG_COUNTER;
  if (!r.isBuffer() || !r.buffer || !(r.bindFlags & D3D11_DDI_BIND_UNORDERED_ACCESS) || (flags & ~kKnown))
    return E_INVALIDARG;
  v.isBuffer = true;
  v.resource = &r;
  v.format = format;
  v.flags = flags;
  BufferWindow& w = v.window;
  w.raw = flags & D3D11_DDI_BUFFER_UAV_FLAG_RAW;
  const bool counted = flags & (D3D11_DDI_BUFFER_UAV_FLAG_APPEND | D3D11_DDI_BUFFER_UAV_FLAG_COUNTER);
  HRESULT hr;
  if (w.raw) {
    if (counted || format != DXGI_FORMAT_R32_TYPELESS || !(r.miscFlags & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
      return E_INVALIDARG;
    w.elementBytes = 4;
    hr = window(device, w, r, firstElement, numElements, kWhat);
  } else if (r.miscFlags & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED) {
    if (format != DXGI_FORMAT_UNKNOWN || r.byteStride == 0 ||
        (flags & (D3D11_DDI_BUFFER_UAV_FLAG_APPEND | D3D11_DDI_BUFFER_UAV_FLAG_COUNTER)) ==
            (D3D11_DDI_BUFFER_UAV_FLAG_APPEND | D3D11_DDI_BUFFER_UAV_FLAG_COUNTER))
      return E_INVALIDARG;
    w.structured = true;
    w.elementBytes = r.byteStride;
    hr = window(device, w, r, firstElement, numElements, kWhat);
  } else {
    const state::FormatInfo* f = state::findFormat(format);
    if (counted || !f || state::isDepthFormat(*f)) return E_INVALIDARG;
    w.elementBytes = f->bytesPerTexel;
    hr = window(device, w, r, firstElement, numElements, kWhat);
    if (SUCCEEDED(hr)) hr = texelView(device, w, r, *f, VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT, kWhat);
  }
  if (FAILED(hr) || !counted) return hr;
  VkResult vr = VK_SUCCESS;
  v.counter = vk::Buffer::create(device.vk(), 4,
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                 false, &vr);
  if (!v.counter) return hresultFromVk(vr);
  setUavCounter(device, v, 0);
  return S_OK;
}

void setUavCounter(Device& device, UnorderedAccessView& v, UINT value) {
  if (!v.counter) return;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  vkCmdFillBuffer(cmd, v.counter->handle(), 0, 4, value);
  v.counterLastUse = device.queue().openSerial();
}

namespace {

// Fills the view's window (and nothing else) with one element's bytes repeated:
// vkCmdFillBuffer when the element repeats a dword at a dword-aligned window,
// else copies from a host-visible chunk of repeated elements.
void fillWindow(Device& device, UnorderedAccessView& v, const uint8_t* element, uint32_t elementBytes) {
  const BufferWindow& w = v.window;
  Resource& r = *v.resource;
  const VkDeviceSize offset = r.bufferOffset + w.offset;
  uint8_t dword[4];
  bool repeatsDword = elementBytes <= 4 && 4 % elementBytes == 0;
  for (uint32_t i = 0; repeatsDword && i < 4; ++i) dword[i] = element[i % elementBytes];
  std::lock_guard<std::mutex> lock(device.queueMutex());
  const PredicatedTransfer predicated(device, {{&r, 0, w.offset, w.size}});
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  markUsed(device, r);
  if (repeatsDword && offset % 4 == 0 && w.size % 4 == 0) {
    uint32_t value;
    std::memcpy(&value, dword, 4);
    vkCmdFillBuffer(cmd, r.buffer->handle(), offset, w.size, value);
    return;
  }
  const VkDeviceSize chunk = std::min<VkDeviceSize>(w.size, VkDeviceSize(65536) / elementBytes * elementBytes);
  VkResult vr = VK_SUCCESS;
  std::shared_ptr<vk::Buffer> upload = vk::Buffer::create(device.vk(), chunk, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true, &vr);
  if (!upload) return device.setVkError(vr);
  auto* bytes = static_cast<uint8_t*>(upload->mapped());
  for (VkDeviceSize i = 0; i < chunk; i += elementBytes) std::memcpy(bytes + i, element, elementBytes);
  std::vector<VkBufferCopy> regions;
  for (VkDeviceSize done = 0; done < w.size; done += chunk)
    regions.push_back({0, offset + done, std::min(chunk, w.size - done)});
  vkCmdCopyBuffer(cmd, upload->handle(), r.buffer->handle(), uint32_t(regions.size()), regions.data());
  device.queue().releaseAfter(device.queue().openSerial(), std::move(upload));
}

}  // namespace

// Raw and structured views: values[0] in every dword of the window. Typed
// views: each element the value as ClearUnorderedAccessViewUint defines it
// (each channel the low bits of its value, state::uavClearColorFromBits),
// packed in the view's format.
void clearBufferUnorderedAccessView(Device& device, UnorderedAccessView& v, const UINT values[4]) {
  const BufferWindow& w = v.window;
  uint8_t element[16];
  uint32_t bytes = 4;
  if (w.typed()) {
    const state::FormatInfo* f = state::findFormat(v.format);
    bytes = f ? state::packTexel(*f, state::uavClearColorFromBits(*f, values), element) : 0;
  } else {
    std::memcpy(element, &values[0], 4);
  }
  if (bytes == 0) {
    logError("ClearUnorderedAccessViewUint on a typed buffer view of format " + std::to_string(int(v.format)) +
             " cannot be encoded; the call is ignored");
    return device.setError(E_NOTIMPL);
  }
  fillWindow(device, v, element, bytes);
}

// Typed views of float, UNORM and SNORM formats: each element the colour
// converted to the view's format (state::clearColorFor, then packed).
void clearBufferUnorderedAccessViewFloat(Device& device, UnorderedAccessView& v, const FLOAT values[4]) {
  const state::FormatInfo* f = v.window.typed() ? state::findFormat(v.format) : nullptr;
  uint8_t element[16];
  const uint32_t bytes = f ? state::packTexel(*f, state::clearColorFor(*f, values), element) : 0;
  if (bytes == 0) {
    logError("ClearUnorderedAccessViewFloat on a raw, structured or unencodable buffer view (format " +
             std::to_string(int(v.format)) + "); the call is ignored");
    return device.setError(E_INVALIDARG);
  }
  fillWindow(device, v, element, bytes);
}

}  // namespace d3dvk::umd
