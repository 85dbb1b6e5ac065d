// ddi/umd/d3d12/view12.cpp — see view12.h.
#include "view12.h"
#include "d3dvk_checked_math.h"

#include "d3dvk_entry_guard.h"
#include "descriptor_heap12.h"
#include "device12.h"
#include "resource12.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>

namespace d3dvk::umd12 {
namespace {

constexpr UINT kAll = UINT(-1);

// Refuses a view: logs why and reports hr; the destination slot is left as it was.
void refuse(Device12& device, const char* what, const std::string& why, HRESULT hr = E_INVALIDARG) {
  device.message(hr, std::string(what) + ": " + why + "; the descriptor is left unchanged");
  device.setError(hr);
}

bool formatSupports(Device12& device, VkFormat format, bool buffer, VkFormatFeatureFlags needed) {
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.vk().physicalDevice(), format, &props);
  return ((buffer ? props.bufferFeatures : props.optimalTilingFeatures) & needed) == needed;
}

// Shader4ComponentMapping → the view's swizzle (identity for the default mapping).
bool swizzleFor(UINT mapping, VkComponentMapping* out) {
  *out = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
          VK_COMPONENT_SWIZZLE_IDENTITY};
  if (mapping == UINT(D3D12DDI_DEFAULT_SHADER_4_COMPONENT_MAPPING)) return true;
  VkComponentSwizzle* dst[4] = {&out->r, &out->g, &out->b, &out->a};
  static constexpr VkComponentSwizzle kFrom[6] = {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B,
                                                  VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE};
  for (UINT c = 0; c < 4; ++c) {
    UINT src = D3D12DDI_DECODE_SHADER_4_COMPONENT_MAPPING(c, mapping);
    if (src > 5) return false;
    *dst[c] = kFrom[src];
  }
  return true;
}

// The mapping's picks of R, G, B, A routed through `source` (what the view's
// image really holds in each D3D component).
void composeSource(const VkComponentSwizzle (&source)[4], VkComponentMapping* m) {
  VkComponentSwizzle* out[4] = {&m->r, &m->g, &m->b, &m->a};
  for (UINT c = 0; c < 4; ++c) {
    VkComponentSwizzle pick = *out[c] == VK_COMPONENT_SWIZZLE_IDENTITY ? VkComponentSwizzle(VK_COMPONENT_SWIZZLE_R + c) : *out[c];
    if (pick >= VK_COMPONENT_SWIZZLE_R && pick <= VK_COMPONENT_SWIZZLE_A) *out[c] = source[pick - VK_COMPONENT_SWIZZLE_R];
  }
}

// A format Vulkan lacks reads its components from the image that holds it
// (state::ViewSwizzle: A8_UNORM's alpha from red, B8G8R8X8's alpha as 1);
// one aspect of a depth-stencil image reads as D3D's member formats do: the
// depth (R32_FLOAT, R24_UNORM_X8_TYPELESS, R32_FLOAT_X8X24_TYPELESS) as
// (depth, 0, 0, 1), the stencil (X24_TYPELESS_G8_UINT, X32_TYPELESS_G8X24_UINT)
// as (0, stencil, 0, 1) where Vulkan returns it in R. The mapping's picks of
// R, G, B, A are routed through that first.
void composeFormatSwizzle(const state::FormatInfo& format, VkImageAspectFlags aspect, VkComponentMapping* m) {
  constexpr VkComponentSwizzle Z = VK_COMPONENT_SWIZZLE_ZERO, O = VK_COMPONENT_SWIZZLE_ONE, R = VK_COMPONENT_SWIZZLE_R;
  if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) return composeSource({Z, R, Z, O}, m);
  if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) return composeSource({R, Z, Z, O}, m);
  if (format.swizzle == state::ViewSwizzle::AlphaFromRed) return composeSource({Z, Z, Z, R}, m);
  if (format.swizzle == state::ViewSwizzle::OpaqueAlpha)
    return composeSource({R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B, O}, m);
}

// A range (first, count) within `total`, count kAll meaning "to the end".
bool window(UINT first, UINT count, UINT total, UINT* outCount) {
  if (first >= total) return false;
  if (count == kAll) count = total - first;
  if (count == 0 || count > total - first) return false;
  *outCount = count;
  return true;
}

// Whether `format` views the stencil plane of depth-stencil resource `r`.
bool stencilViewFormat(const Resource12& r, DXGI_FORMAT format) {
  const state::FormatInfo* f = state::findFormat(format);
  return f && state::isDepthFormat(*r.format) && state::depthViewAspect(*r.format, *f) == VK_IMAGE_ASPECT_STENCIL_BIT;
}

// The view format and aspect of a texture view: the resource's own format for
// depth/stencil resources (depth aspect, or stencil for plane 1), else the
// requested typed format (UNKNOWN: the resource's), which must fit the resource.
bool textureViewFormat(const Resource12& r, DXGI_FORMAT requested, UINT plane, const state::FormatInfo** format,
                       VkImageAspectFlags* aspect) {
  if (state::isDepthFormat(*r.format)) {
    *format = r.format;
    VkImageAspectFlags aspects = r.aspects();
    if (plane == 1 && !(aspects & VK_IMAGE_ASPECT_STENCIL_BIT)) return false;
    *aspect = plane == 1 ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
    return true;
  }
  if (plane != 0) return false;
  const state::FormatInfo* f = requested == DXGI_FORMAT_UNKNOWN ? r.format : state::findFormat(requested);
  if (!f || f->kind == state::FormatKind::Typeless) return false;
  if (!state::viewFormatFits(*r.format, *f) && !r.takesSrgbView(*f)) return false;
  *format = f;
  *aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  return true;
}

// The byte window of a buffer view's descriptor: FirstElement/NumElements of
// elementBytes, from the aligned byte below the first element Vulkan can start
// a descriptor at (typed: whole texels below), that far from the view's start
// in *shift elements (typed) or dwords (binding.h's buffer view shifts).
bool bufferWindow(Device12& device, const char* what, const Resource12& r, UINT64 firstElement, UINT numElements,
                  UINT elementBytes, bool typed, UINT64* offset, UINT64* range, UINT* shift) {
  if (!numElements || !elementBytes) {
    refuse(device, what, "the buffer view has no elements");
    return false;
  }
  *range = UINT64(numElements) * elementBytes;
  if (!checkedMul<UINT64>(firstElement, elementBytes, offset) || !fitsWithin(*offset, *range, r.desc.Width)) {
    refuse(device, what, "the view's elements reach past the end of the buffer");
    return false;
  }
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  const VkDeviceSize alignment =
      std::max<VkDeviceSize>(typed ? limits.minTexelBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment, 1);
  const VkDeviceSize step = typed ? std::lcm<VkDeviceSize>(alignment, elementBytes) : alignment;
  const UINT64 shiftBytes = *offset % step;
  if (typed && (*range + shiftBytes) / elementBytes > limits.maxTexelBufferElements) {
    refuse(device, what,
           "a typed buffer view of " + std::to_string((*range + shiftBytes) / elementBytes) + " texels (" +
               std::to_string(shiftBytes / elementBytes) +
               " before its first element to start aligned) is more than this Vulkan device's maxTexelBufferElements (" +
               std::to_string(limits.maxTexelBufferElements) + ")",
           E_NOTIMPL);
    return false;
  }
  *offset -= shiftBytes;
  *range += shiftBytes;
  *shift = UINT(shiftBytes / (typed ? elementBytes : 4));
  return true;
}

// Raw (R32_TYPELESS + RAW), structured (stride, format UNKNOWN) or typed buffer views.
bool bufferView(Device12& device, const char* what, Resource12& r, DXGI_FORMAT format, UINT64 firstElement,
                UINT numElements, UINT stride, bool raw, VkFormatFeatureFlags texelFeature, ViewDescriptor12& d) {
  if (raw) {
    if (format != DXGI_FORMAT_R32_TYPELESS || stride) {
      refuse(device, what, "a raw buffer view needs DXGI_FORMAT_R32_TYPELESS and no structure stride");
      return false;
    }
    return bufferWindow(device, what, r, firstElement, numElements, 4, false, &d.offset, &d.range, &d.shift);
  }
  if (stride) {
    if (format != DXGI_FORMAT_UNKNOWN) {
      refuse(device, what, "a structured buffer view needs DXGI_FORMAT_UNKNOWN");
      return false;
    }
    d.structureStride = stride;
    return bufferWindow(device, what, r, firstElement, numElements, stride, false, &d.offset, &d.range, &d.shift);
  }
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || f->kind == state::FormatKind::Typeless || state::isDepthFormat(*f)) {
    refuse(device, what, "a typed buffer view needs a typed colour format d3dvk knows (format " +
                             std::to_string(int(format)) + ")");
    return false;
  }
  if (!formatSupports(device, f->vk, true, texelFeature)) {
    refuse(device, what, "format " + std::to_string(int(format)) + " cannot back this typed buffer view on this Vulkan device",
           E_NOTIMPL);
    return false;
  }
  UINT64 offset = 0, range = 0;
  if (!bufferWindow(device, what, r, firstElement, numElements, f->bytesPerTexel, true, &offset, &range, &d.shift))
    return false;
  VkResult result = VK_SUCCESS;
  d.format = f;
  d.texelView = r.texelView(f->vk, offset, range, &result);
  if (!d.texelView) {
    refuse(device, what, "cannot create the texel buffer view", Device12::hresultFor(result));
    return false;
  }
  d.offset = offset;
  d.range = range;
  return true;
}

VOID APIENTRY createConstantBufferView(D3D12DDI_HDEVICE hDevice, const D3D12DDI_CONSTANT_BUFFER_VIEW_DESC* desc,
                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  Device12* device = Device12::from(hDevice);
  ViewDescriptor12* slot = ViewDescriptor12::from(dest);
  const char* what = "CreateConstantBufferView";
  if (!device || !slot) return;
  ViewDescriptor12 d;
  d.kind = ViewDescriptor12::ConstantBuffer;
  if (desc && desc->BufferLocation) {
    if (desc->BufferLocation % 256 || desc->SizeInBytes % 256 || !desc->SizeInBytes || desc->SizeInBytes > 65536)
      return refuse(*device, what, "BufferLocation and SizeInBytes must be multiples of 256 and SizeInBytes at most 65536");
    UINT64 offset = 0;
    Resource12* r = device->bufferAt(desc->BufferLocation, &offset);
    if (!r) return refuse(*device, what, "BufferLocation is not inside a live buffer");
    d.resource = r;
    d.offset = offset;
    d.range = desc->SizeInBytes;
    if (!fitsWithin(offset, desc->SizeInBytes, r->desc.Width)) {
      // D3D12 leaves reads past the buffer undefined, not the view: the view
      // ends with the buffer and reads past it return zeros (robust access).
      d.range = r->desc.Width - offset;
      device->message(S_OK, std::string(what) + ": the constant buffer view reaches past the end of its buffer (" +
                                std::to_string(desc->SizeInBytes) + " bytes from byte " + std::to_string(offset) + " of " +
                                std::to_string(r->desc.Width) + "); reads past the buffer's end return zeros");
    }
  }
  *slot = d;
} D3DVK_CATCH_VOID

VOID APIENTRY createShaderResourceView(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0002* a,
                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  Device12* device = Device12::from(hDevice);
  ViewDescriptor12* slot = ViewDescriptor12::from(dest);
  const char* what = "CreateShaderResourceView";
  if (!device || !slot) return;
  if (!a) return refuse(*device, what, "no arguments");
  ViewDescriptor12 d;
  d.kind = ViewDescriptor12::ShaderResource;
  d.viewDimension = UINT(a->ViewDimension);
  Resource12* r = Resource12::from(a->hDrvResource);
  if (!r) {  // a null descriptor: reads return zeros
    *slot = d;
    return;
  }
  d.resource = r;
  if (r->isBuffer()) {
    if (a->ResourceDimension != D3D12DDI_RD_BUFFER) return refuse(*device, what, "the view's dimension does not match the buffer");
    if (!bufferView(*device, what, *r, a->Format, a->Buffer.FirstElement, a->Buffer.NumElements,
                    a->Buffer.StructureByteStride, a->Buffer.Flags & D3D12DDI_BUFFER_SRV_FLAG_RAW,
                    VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT, d))
      return;
    d.viewDimension = D3DVK_SRV_DIMENSION_BUFFER;  // what the view is, whatever the runtime said
    *slot = d;
    return;
  }
  bool ms = r->image->info().samples != VK_SAMPLE_COUNT_1_BIT;
  D3DVK_SRV_DIMENSION dim = a->ViewDimension;
  if (dim == D3DVK_SRV_DIMENSION_UNKNOWN) {  // a runtime that does not say: the resource's natural view
    switch (a->ResourceDimension) {
      case D3D12DDI_RD_TEXTURE1D: dim = r->arraySize > 1 ? D3DVK_SRV_DIMENSION_TEXTURE1DARRAY : D3DVK_SRV_DIMENSION_TEXTURE1D; break;
      case D3D12DDI_RD_TEXTURE3D: dim = D3DVK_SRV_DIMENSION_TEXTURE3D; break;
      case D3D12DDI_RD_TEXTURECUBE: dim = a->TexCube.NumCubes > 1 ? D3DVK_SRV_DIMENSION_TEXTURECUBEARRAY : D3DVK_SRV_DIMENSION_TEXTURECUBE; break;
      default:
        dim = ms ? (r->arraySize > 1 ? D3DVK_SRV_DIMENSION_TEXTURE2DMSARRAY : D3DVK_SRV_DIMENSION_TEXTURE2DMS)
                 : (r->arraySize > 1 ? D3DVK_SRV_DIMENSION_TEXTURE2DARRAY : D3DVK_SRV_DIMENSION_TEXTURE2D);
        break;
    }
  }
  d.viewDimension = UINT(dim);
  Resource12::ImageViewKey key{};
  key.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
  UINT plane = 0, mostDetailed = 0, mipLevels = kAll, firstSlice = 0, slices = kAll;
  bool is3d = r->desc.ResourceType == D3D12DDI_RT_TEXTURE3D, is1d = r->desc.ResourceType == D3D12DDI_RT_TEXTURE1D;
  bool fits = true;
  switch (dim) {
    case D3DVK_SRV_DIMENSION_TEXTURE1D:
    case D3DVK_SRV_DIMENSION_TEXTURE1DARRAY:
      fits = is1d && a->ResourceDimension == D3D12DDI_RD_TEXTURE1D;
      key.type = dim == D3DVK_SRV_DIMENSION_TEXTURE1D ? VK_IMAGE_VIEW_TYPE_1D : VK_IMAGE_VIEW_TYPE_1D_ARRAY;
      mostDetailed = a->Tex1D.MostDetailedMip, mipLevels = a->Tex1D.MipLevels;
      firstSlice = a->Tex1D.FirstArraySlice, slices = a->Tex1D.ArraySize;
      break;
    case D3DVK_SRV_DIMENSION_TEXTURE2D:
    case D3DVK_SRV_DIMENSION_TEXTURE2DARRAY:
    case D3DVK_SRV_DIMENSION_TEXTURE2DMS:
    case D3DVK_SRV_DIMENSION_TEXTURE2DMSARRAY: {
      bool msView = dim == D3DVK_SRV_DIMENSION_TEXTURE2DMS || dim == D3DVK_SRV_DIMENSION_TEXTURE2DMSARRAY;
      fits = !is1d && !is3d && a->ResourceDimension == D3D12DDI_RD_TEXTURE2D && msView == ms;
      key.type = dim == D3DVK_SRV_DIMENSION_TEXTURE2D || dim == D3DVK_SRV_DIMENSION_TEXTURE2DMS ? VK_IMAGE_VIEW_TYPE_2D
                                                                                                : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
      mostDetailed = msView ? 0 : a->Tex2D.MostDetailedMip, mipLevels = msView ? 1 : a->Tex2D.MipLevels;
      firstSlice = a->Tex2D.FirstArraySlice, slices = a->Tex2D.ArraySize, plane = a->Tex2D.PlaneSlice;
      // A multisampled view has no PlaneSlice: its format names the plane (X24_TYPELESS_G8_UINT: the stencil).
      if (msView) plane = stencilViewFormat(*r, a->Format) ? 1 : 0;
      break;
    }
    case D3DVK_SRV_DIMENSION_TEXTURE3D:
      fits = is3d && a->ResourceDimension == D3D12DDI_RD_TEXTURE3D;
      key.type = VK_IMAGE_VIEW_TYPE_3D;
      mostDetailed = a->Tex3D.MostDetailedMip, mipLevels = a->Tex3D.MipLevels, slices = 1;
      break;
    case D3DVK_SRV_DIMENSION_TEXTURECUBE:
    case D3DVK_SRV_DIMENSION_TEXTURECUBEARRAY:
      fits = a->ResourceDimension == D3D12DDI_RD_TEXTURECUBE &&
             (r->image->info().flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT);
      key.type = dim == D3DVK_SRV_DIMENSION_TEXTURECUBE ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
      mostDetailed = a->TexCube.MostDetailedMip, mipLevels = a->TexCube.MipLevels;
      firstSlice = a->TexCube.First2DArrayFace;
      slices = dim == D3DVK_SRV_DIMENSION_TEXTURECUBE ? 6
               : a->TexCube.NumCubes == kAll ? (r->arraySize > firstSlice ? (r->arraySize - firstSlice) / 6 * 6 : 0)
                                             : a->TexCube.NumCubes * 6;
      break;
    default:
      fits = false;
      break;
  }
  if (!fits) return refuse(*device, what, "the view dimension does not fit the resource");
  if (!window(mostDetailed, mipLevels, r->mipLevels, &key.mipCount))
    return refuse(*device, what, "the view's mips are outside the resource's");
  if (!window(firstSlice, slices, r->arraySize, &key.sliceCount))
    return refuse(*device, what, "the view's array slices are outside the resource's");
  key.baseMip = mostDetailed;
  key.firstSlice = firstSlice;
  const state::FormatInfo* format = nullptr;
  if (!textureViewFormat(*r, a->Format, plane, &format, &key.aspect))
    return refuse(*device, what, "format " + std::to_string(int(a->Format)) + " (plane " + std::to_string(plane) +
                                     ") cannot view the resource");
  if (!swizzleFor(a->Shader4ComponentMapping, &key.swizzle))
    return refuse(*device, what, "Shader4ComponentMapping names a component that does not exist");
  composeFormatSwizzle(*format, key.aspect, &key.swizzle);
  if (!(r->image->info().usage & VK_IMAGE_USAGE_SAMPLED_BIT) ||
      !formatSupports(*device, format->vk, false, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
    return refuse(*device, what, "the resource cannot be sampled (D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE, or a format "
                                 "this Vulkan device cannot sample)");
  key.format = format->vk;
  VkResult result = VK_SUCCESS;
  d.format = format;
  d.mip = key.baseMip;
  d.firstSlice = key.firstSlice;
  d.sliceCount = key.sliceCount;
  d.imageView = r->imageView(key, &result);
  if (!d.imageView) return refuse(*device, what, "cannot create the image view", Device12::hresultFor(result));
  *slot = d;
} D3DVK_CATCH_VOID

VOID APIENTRY createUnorderedAccessView(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0002* a,
                                        D3D12DDI_CPU_DESCRIPTOR_HANDLE dest) try {
  Device12* device = Device12::from(hDevice);
  ViewDescriptor12* slot = ViewDescriptor12::from(dest);
  const char* what = "CreateUnorderedAccessView";
  if (!device || !slot) return;
  if (!a) return refuse(*device, what, "no arguments");
  ViewDescriptor12 d;
  d.kind = ViewDescriptor12::UnorderedAccess;
  d.viewDimension = UINT(a->ViewDimension);
  Resource12* r = Resource12::from(a->hDrvResource);
  if (!r) {  // a null descriptor: reads return zeros, writes are dropped
    *slot = d;
    return;
  }
  d.resource = r;
  if (r->isBuffer()) {
    const D3D12DDIARG_BUFFER_UNORDERED_ACCESS_VIEW& b = a->Buffer;
    if (a->ResourceDimension != D3D12DDI_RD_BUFFER) return refuse(*device, what, "the view's dimension does not match the buffer");
    if (!bufferView(*device, what, *r, a->Format, b.FirstElement, b.NumElements, b.StructureByteStride,
                    b.Flags & D3D12DDI_BUFFER_UAV_FLAG_RAW, VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT, d))
      return;
    if (Resource12* counter = Resource12::from(b.hDrvCounterResource)) {
      if (!b.StructureByteStride || !counter->isBuffer() || b.CounterOffsetInBytes % 4 ||
          !fitsWithin(b.CounterOffsetInBytes, 4, counter->desc.Width))
        return refuse(*device, what, "a counter needs a structured view and 4 bytes inside a buffer at a 4-byte offset");
      d.counter = counter;
      d.counterOffset = b.CounterOffsetInBytes;
    }
    d.viewDimension = D3DVK_UAV_DIMENSION_BUFFER;
    *slot = d;
    return;
  }
  bool is3d = r->desc.ResourceType == D3D12DDI_RT_TEXTURE3D, is1d = r->desc.ResourceType == D3D12DDI_RT_TEXTURE1D;
  D3DVK_UAV_DIMENSION dim = a->ViewDimension;
  if (dim == D3DVK_UAV_DIMENSION_UNKNOWN)
    dim = is3d   ? D3DVK_UAV_DIMENSION_TEXTURE3D
          : is1d ? (r->arraySize > 1 ? D3DVK_UAV_DIMENSION_TEXTURE1DARRAY : D3DVK_UAV_DIMENSION_TEXTURE1D)
                 : (r->arraySize > 1 ? D3DVK_UAV_DIMENSION_TEXTURE2DARRAY : D3DVK_UAV_DIMENSION_TEXTURE2D);
  d.viewDimension = UINT(dim);
  Resource12::ImageViewKey key{};
  key.usage = VK_IMAGE_USAGE_STORAGE_BIT;
  key.mipCount = 1;
  key.swizzle = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                 VK_COMPONENT_SWIZZLE_IDENTITY};
  UINT plane = 0, firstSlice = 0, slices = kAll;
  bool fits = true;
  switch (dim) {
    case D3DVK_UAV_DIMENSION_TEXTURE1D:
    case D3DVK_UAV_DIMENSION_TEXTURE1DARRAY:
      fits = is1d && a->ResourceDimension == D3D12DDI_RD_TEXTURE1D;
      key.type = dim == D3DVK_UAV_DIMENSION_TEXTURE1D ? VK_IMAGE_VIEW_TYPE_1D : VK_IMAGE_VIEW_TYPE_1D_ARRAY;
      key.baseMip = a->Tex1D.MipSlice, firstSlice = a->Tex1D.FirstArraySlice, slices = a->Tex1D.ArraySize;
      break;
    case D3DVK_UAV_DIMENSION_TEXTURE2D:
    case D3DVK_UAV_DIMENSION_TEXTURE2DARRAY:
      fits = !is1d && !is3d && a->ResourceDimension == D3D12DDI_RD_TEXTURE2D;
      key.type = dim == D3DVK_UAV_DIMENSION_TEXTURE2D ? VK_IMAGE_VIEW_TYPE_2D : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
      key.baseMip = a->Tex2D.MipSlice, firstSlice = a->Tex2D.FirstArraySlice, slices = a->Tex2D.ArraySize;
      plane = a->Tex2D.PlaneSlice;
      break;
    case D3DVK_UAV_DIMENSION_TEXTURE3D:
      fits = is3d && a->ResourceDimension == D3D12DDI_RD_TEXTURE3D;
      key.type = VK_IMAGE_VIEW_TYPE_3D;
      key.baseMip = a->Tex3D.MipSlice, slices = 1;
      break;
    default:
      fits = false;
      break;
  }
  if (!fits) return refuse(*device, what, "the view dimension does not fit the resource");
  if (key.baseMip >= r->mipLevels) return refuse(*device, what, "MipSlice is outside the resource's mips");
  if (!window(firstSlice, slices, r->arraySize, &key.sliceCount))
    return refuse(*device, what, "the view's array slices are outside the resource's");
  key.firstSlice = firstSlice;
  const state::FormatInfo* format = nullptr;
  if (!textureViewFormat(*r, a->Format, plane, &format, &key.aspect) || state::isDepthFormat(*format))
    return refuse(*device, what, "format " + std::to_string(int(a->Format)) + " cannot view the resource for unordered access");
  if (!(r->image->info().usage & VK_IMAGE_USAGE_STORAGE_BIT) ||
      !formatSupports(*device, format->vk, false, VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
    return refuse(*device, what, "the resource cannot be a storage image (no D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, "
                                 "multisampled, or a format this Vulkan device cannot store to)");
  key.format = format->vk;
  d.format = format;
  d.mip = key.baseMip;
  d.firstSlice = key.firstSlice;
  d.sliceCount = key.sliceCount;
  if (is3d) {  // the view covers the mip's whole depth; the W window is the descriptor's slices
    UINT depth = r->mipExtent(key.baseMip).depth;
    UINT wCount = 0;
    if (!window(a->Tex3D.FirstW, a->Tex3D.WSize, depth, &wCount))
      return refuse(*device, what, "FirstWSlice/WSize are outside the mip's depth");
    d.firstSlice = a->Tex3D.FirstW;
    d.sliceCount = wCount;
  }
  VkResult result = VK_SUCCESS;
  d.imageView = r->imageView(key, &result);
  if (!d.imageView) return refuse(*device, what, "cannot create the image view", Device12::hresultFor(result));
  *slot = d;
} D3DVK_CATCH_VOID

void copySlots(D3D12DDI_CPU_DESCRIPTOR_HANDLE dst, D3D12DDI_CPU_DESCRIPTOR_HANDLE src, UINT count) {
  if (!count || !dst.ptr || !src.ptr) return;
  std::memmove(reinterpret_cast<void*>(dst.ptr), reinterpret_cast<const void*>(src.ptr), size_t(count) * kDescriptorSize);
}

VOID APIENTRY copyDescriptors(D3D12DDI_HDEVICE, UINT numDst, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* dstStarts,
                              const UINT* dstSizes, UINT numSrc, const D3D12DDI_CPU_DESCRIPTOR_HANDLE* srcStarts,
                              const UINT* srcSizes, D3D12DDI_DESCRIPTOR_HEAP_TYPE) try {
  if (!dstStarts || !srcStarts) return;
  // Walks both range lists in step, copying the overlap of the current ranges.
  UINT di = 0, si = 0, dOff = 0, sOff = 0;
  while (di < numDst && si < numSrc) {
    UINT dSize = dstSizes ? dstSizes[di] : 1, sSize = srcSizes ? srcSizes[si] : 1;
    if (dOff == dSize) { ++di, dOff = 0; continue; }
    if (sOff == sSize) { ++si, sOff = 0; continue; }
    UINT n = std::min(dSize - dOff, sSize - sOff);
    copySlots({dstStarts[di].ptr + SIZE_T(dOff) * kDescriptorSize}, {srcStarts[si].ptr + SIZE_T(sOff) * kDescriptorSize}, n);
    dOff += n;
    sOff += n;
  }
} D3DVK_CATCH_VOID

VOID APIENTRY copyDescriptorsSimple(D3D12DDI_HDEVICE, UINT count, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst,
                                    D3D12DDI_CPU_DESCRIPTOR_HANDLE src, D3D12DDI_DESCRIPTOR_HEAP_TYPE) try {
  copySlots(dst, src, count);
} D3DVK_CATCH_VOID

}  // namespace

void fillViewDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCreateConstantBufferView = &createConstantBufferView;
  f.pfnCreateShaderResourceView = &createShaderResourceView;
  f.pfnCreateUnorderedAccessView = &createUnorderedAccessView;
  f.pfnCopyDescriptors = &copyDescriptors;
  f.pfnCopyDescriptorsSimple = &copyDescriptorsSimple;
}

}  // namespace d3dvk::umd12
