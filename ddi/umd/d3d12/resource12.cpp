// ddi/umd/d3d12/resource12.cpp — see resource12.h: CalcPrivateHeapAndResourceSizes,
// CreateHeapAndResource, DestroyHeapAndResource, MapHeap/UnmapHeap and
// CheckResourceAllocationInfo (D3D12's 64 KiB resource alignment, 4 MiB for MSAA).
#include "resource12.h"
#include "emulated_blocks.h"

#include "d3dvk_checked_math.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace d3dvk::umd12 {

VkExtent3D Resource12::mipExtent(UINT mip) const {
  const VkExtent3D& e = image->info().extent;
  return {std::max(1u, e.width >> mip), std::max(1u, e.height >> mip), std::max(1u, e.depth >> mip)};
}

VkImageView Resource12::view(const state::FormatInfo& viewFormat, UINT mip, UINT firstSlice, UINT sliceCount,
                             VkResult* result) {
  std::lock_guard lock(viewsMutex_);
  auto key = std::make_tuple(viewFormat.vk, mip, firstSlice, sliceCount);
  auto it = views_.find(key);
  if (it != views_.end()) return it->second->handle();
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = image->handle();
  bool is3d = desc.ResourceType == D3D12DDI_RT_TEXTURE3D;
  info.viewType = is3d ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                       : (desc.ResourceType == D3D12DDI_RT_TEXTURE1D ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                                      : VK_IMAGE_VIEW_TYPE_2D_ARRAY);
  if (is3d) info.viewType = VK_IMAGE_VIEW_TYPE_3D;
  info.format = viewFormat.vk;
  info.subresourceRange = {state::formatAspects(viewFormat), mip, 1, is3d ? 0u : firstSlice, is3d ? 1u : sliceCount};
  // A view in another format of a mutable image (a typed member of a typeless family,
  // the sRGB form of a back buffer) is an attachment or a clear's: it does not
  // inherit the image's storage usage, which the view's format may lack.
  VkImageViewUsageCreateInfo usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
  usage.usage = image->info().usage & ~VkImageUsageFlags(VK_IMAGE_USAGE_STORAGE_BIT);
  if (viewFormat.vk != image->info().format && usage.usage) info.pNext = &usage;
  auto v = vk::ImageView::create(device->vk(), info, result);
  if (!v) return VK_NULL_HANDLE;
  VkImageView handle = v->handle();
  views_.emplace(key, std::move(v));
  return handle;
}

VkImageView Resource12::imageView(const ImageViewKey& key, VkResult* result) {
  std::lock_guard lock(viewsMutex_);
  auto it = shaderViews_.find(key);
  if (it != shaderViews_.end()) return it->second->handle();
  VkImageViewUsageCreateInfo usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
  usage.usage = key.usage;
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.pNext = &usage;
  info.image = image->handle();
  info.viewType = key.type;
  info.format = key.format;
  info.components = key.swizzle;
  info.subresourceRange = {key.aspect, key.baseMip, key.mipCount, key.firstSlice, key.sliceCount};
  auto v = vk::ImageView::create(device->vk(), info, result);
  if (!v) return VK_NULL_HANDLE;
  VkImageView handle = v->handle();
  shaderViews_.emplace(key, std::move(v));
  return handle;
}

VkBufferView Resource12::texelView(VkFormat format, UINT64 offset, UINT64 range, VkResult* result) {
  std::lock_guard lock(viewsMutex_);
  auto key = std::make_tuple(format, offset, range);
  auto it = texelViews_.find(key);
  if (it != texelViews_.end()) return it->second->handle();
  VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  info.buffer = buffer->handle();
  info.format = format;
  info.offset = offset;
  info.range = range;
  auto v = vk::BufferView::create(device->vk(), info, result);
  if (!v) return VK_NULL_HANDLE;
  VkBufferView handle = v->handle();
  texelViews_.emplace(key, std::move(v));
  return handle;
}

UINT64 Device12::registerBuffer(Resource12& buffer, UINT64 size) {
  std::lock_guard lock(buffersMutex_);
  UINT64 aligned = (std::max<UINT64>(size, 1) + 0xFFFF) & ~UINT64(0xFFFF);
  UINT64 va = nextVa_;
  nextVa_ += aligned;
  buffers_.emplace(va, std::make_pair(size, &buffer));
  return va;
}

void Device12::unregisterBuffer(UINT64 va) {
  std::lock_guard lock(buffersMutex_);
  buffers_.erase(va);
}

Resource12* Device12::bufferAt(UINT64 va, UINT64* offset) {
  std::lock_guard lock(buffersMutex_);
  auto it = buffers_.upper_bound(va);
  if (it == buffers_.begin()) return nullptr;
  --it;
  if (va - it->first >= it->second.first) return nullptr;
  *offset = va - it->first;
  return it->second.second;
}

namespace {

bool isHostHeap(const D3D12DDIARG_CREATEHEAP_0001* heap) {
  return heap && heap->CPUPageProperty != D3D12DDI_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
}

VkImageUsageFlags imageUsage(Device12& device, const D3D12DDIARG_CREATERESOURCE_0003& d, VkFormat format, VkImageTiling tiling) {
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(device.vk().physicalDevice(), format, &props);
  VkFormatFeatureFlags features = tiling == VK_IMAGE_TILING_OPTIMAL ? props.optimalTilingFeatures : props.linearTilingFeatures;
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (d.Flags & D3D12DDI_RESOURCE_FLAG_0003_RENDER_TARGET) usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (d.Flags & D3D12DDI_RESOURCE_FLAG_0003_DEPTH_STENCIL) usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if ((d.Flags & D3D12DDI_RESOURCE_FLAG_0003_SHADER_RESOURCE) && (features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
    usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if ((d.Flags & D3D12DDI_RESOURCE_FLAG_0022_UNORDERED_ACCESS) && (features & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) &&
      d.SampleDesc.Count <= 1)
    usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  return usage;
}

// Square 2D textures of 6+ slices can back TextureCube / TextureCubeArray SRVs.
VkImageCreateFlags cubeFlags(const D3D12DDIARG_CREATERESOURCE_0003& d) {
  return d.ResourceType == D3D12DDI_RT_TEXTURE2D && d.DepthOrArraySize >= 6 && d.Width == d.Height &&
                 d.SampleDesc.Count <= 1
             ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT
             : 0;
}

// D3D12's resource limits (d3d12.h's D3D12_REQ_*): a texture larger than these
// is E_INVALIDARG before anything reaches Vulkan.
constexpr UINT64 kMaxTexture1DWidth = 16384, kMaxTexture2DExtent = 16384, kMaxTexture3DExtent = 2048,
                 kMaxArraySize = 2048, kMaxSampleCount = 32;

// The desc's checks that need no Vulkan call: its kind, format and D3D12's limits.
HRESULT validateDesc(const D3D12DDIARG_CREATERESOURCE_0003& d, const state::FormatInfo** format, std::string* why) {
  *format = nullptr;
  if (d.ResourceType == D3D12DDI_RT_BUFFER) return d.Width ? S_OK : (*why = "a buffer of 0 bytes", E_INVALIDARG);
  if (d.ResourceType < D3D12DDI_RT_TEXTURE1D || d.ResourceType > D3D12DDI_RT_TEXTURE3D)
    return *why = "the resource type is not a buffer or a 1D, 2D or 3D texture", E_INVALIDARG;
  *format = state::findFormat(d.Format);
  if (!*format) return *why = "DXGI format " + std::to_string(int(d.Format)) + " is not supported for textures yet", E_INVALIDARG;
  if (!d.Width || !d.Height || !d.DepthOrArraySize || !d.SampleDesc.Count) return *why = "a texture of no texels", E_INVALIDARG;
  if (state::isBlockCompressed(**format) && (d.Width % (*format)->blockDim || d.Height % (*format)->blockDim))
    return *why = "a block-compressed texture's top mip must be a multiple of 4 texels wide and high", E_INVALIDARG;
  const bool is3d = d.ResourceType == D3D12DDI_RT_TEXTURE3D, is1d = d.ResourceType == D3D12DDI_RT_TEXTURE1D;
  const UINT64 maxExtent = is3d ? kMaxTexture3DExtent : is1d ? kMaxTexture1DWidth : kMaxTexture2DExtent;
  if (d.Width > maxExtent || d.Height > (is1d ? 1 : maxExtent) || (is3d && d.DepthOrArraySize > kMaxTexture3DExtent))
    return *why = "the texture is larger than D3D12 allows (Texture1D/2D 16384, Texture3D 2048 texels a side)", E_INVALIDARG;
  if (!is3d && d.DepthOrArraySize > kMaxArraySize) return *why = "more than D3D12's 2048 array slices", E_INVALIDARG;
  if (d.SampleDesc.Count > kMaxSampleCount || (d.SampleDesc.Count & (d.SampleDesc.Count - 1)))
    return *why = "SampleDesc.Count " + std::to_string(d.SampleDesc.Count) + " is not a power of two up to 32", E_INVALIDARG;
  const UINT fullChain = state::fullMipCount(UINT(d.Width), std::max<UINT>(d.Height, is3d ? d.DepthOrArraySize : 1));
  if (d.MipLevels > fullChain) return *why = "MipLevels is larger than the full mip chain", E_INVALIDARG;
  // A typeless depth-stencil texture (and any of the R24G8 and R32G8X24
  // families, which only exist as depth and stencil) lives in its family's
  // depth format: its barriers, clears and copies use the depth/stencil
  // aspects, its views read one aspect of it (the same rule as D3D11's,
  // driver_resource.cpp).
  if (const state::FormatInfo* image = state::depthStencilFamilyImage(**format)) {
    *format = image;
  } else if (const state::FormatInfo* depth = state::depthFormatForTypeless(**format);
             depth && (d.Flags & D3D12DDI_RESOURCE_FLAG_0003_DEPTH_STENCIL)) {
    *format = depth;
  }
  return S_OK;
}

// A swapchain back buffer's view formats: its own and its sRGB form.
struct PrimaryFormatList {
  VkImageFormatListCreateInfo list{VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO};
  VkFormat formats[2] = {};
};

// The VkImageCreateInfo of a texture desc that passed validateDesc, checked
// against the device's image-format properties (extent, mips, layers, sample
// count, size) before any Vulkan object is made: E_INVALIDARG for what the
// device cannot make, E_OUTOFMEMORY for what it could never hold.
// `srgbList` (a primary's, else null): the format list of a UNORM back buffer that
// also takes sRGB views, chained into *info when it applies (it must outlive *info).
HRESULT imageInfoFor(Device12& device, const D3D12DDIARG_CREATERESOURCE_0003& d, const state::FormatInfo& format,
                     VkImageCreateInfo* info, std::string* why, PrimaryFormatList* srgbList = nullptr) {
  *info = VkImageCreateInfo{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  const bool is3d = d.ResourceType == D3D12DDI_RT_TEXTURE3D;
  info->imageType = is3d ? VK_IMAGE_TYPE_3D : (d.ResourceType == D3D12DDI_RT_TEXTURE1D ? VK_IMAGE_TYPE_1D : VK_IMAGE_TYPE_2D);
  // D3D11's drivers emulate formats the device lacks (emulated_blocks.h); D3D12's resources do not yet.
  if (umd::imageFormatFor(device.vk(), format).format != format.vk)
    return *why = "the Vulkan device lacks this format (textureCompressionBC / the 4444 formats, or "
                  "D3DVK_EMULATE_FORMATS); D3D12 resources do not emulate it yet",
           E_INVALIDARG;
  info->format = format.vk;
  if (format.kind == state::FormatKind::Typeless) info->flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  if (srgbList)
    if (const state::FormatInfo* srgb = state::findFormat(DXGI_FORMAT(D3DVKPresentSrgbViewFormat(uint32_t(format.dxgi))))) {
      srgbList->formats[0] = format.vk;
      srgbList->formats[1] = srgb->vk;
      srgbList->list.viewFormatCount = 2;
      srgbList->list.pViewFormats = srgbList->formats;
      info->pNext = &srgbList->list;
      info->flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
    }
  info->flags |= cubeFlags(d);
  info->extent = {UINT(d.Width), d.ResourceType == D3D12DDI_RT_TEXTURE1D ? 1u : d.Height, is3d ? UINT(d.DepthOrArraySize) : 1u};
  info->mipLevels = d.MipLevels ? d.MipLevels : state::fullMipCount(UINT(d.Width), std::max<UINT>(d.Height, info->extent.depth));
  info->arrayLayers = is3d ? 1u : d.DepthOrArraySize;
  info->samples = VkSampleCountFlagBits(d.SampleDesc.Count);
  info->tiling = VK_IMAGE_TILING_OPTIMAL;
  info->usage = imageUsage(device, d, info->format, info->tiling);
  // Multisampled depth and colour of one group copy by a per-sample draw (multisample_depth_copy.h).
  info->usage |= umd::multisampledCopyUsage(device.vk(), info->format, info->samples);
  info->flags |= umd::multisampledCopyFlags(info->format, info->samples);
  info->sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info->initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImageFormatProperties props{};
  if (vkGetPhysicalDeviceImageFormatProperties(device.vk().physicalDevice(), info->format, info->imageType, info->tiling,
                                               info->usage, info->flags, &props) != VK_SUCCESS)
    return *why = "the Vulkan device cannot make an image of this format and usage", E_INVALIDARG;
  if (!(props.sampleCounts & info->samples))
    return *why = "the Vulkan device does not support SampleDesc.Count " + std::to_string(d.SampleDesc.Count) +
                  " for this format", E_INVALIDARG;
  if (info->extent.width > props.maxExtent.width || info->extent.height > props.maxExtent.height ||
      info->extent.depth > props.maxExtent.depth || info->mipLevels > props.maxMipLevels ||
      info->arrayLayers > props.maxArrayLayers)
    return *why = "the texture is larger than the Vulkan device's images of this format", E_INVALIDARG;
  UINT64 texels = 1;
  for (UINT64 factor : {UINT64(info->extent.width), UINT64(info->extent.height), UINT64(info->extent.depth),
                        UINT64(info->arrayLayers), UINT64(d.SampleDesc.Count), UINT64(format.bytesPerTexel)})
    texels = mulOr<UINT64>(texels, factor, UINT64_MAX);
  if (texels > props.maxResourceSize) return *why = "the texture is larger than the Vulkan device can hold", E_OUTOFMEMORY;
  return S_OK;
}

D3D12DDI_HEAP_AND_RESOURCE_SIZES APIENTRY calcPrivateHeapAndResourceSizes(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATEHEAP_0001*,
                                                                         const D3D12DDIARG_CREATERESOURCE_0003*) try {
  return {sizeof(Heap12), sizeof(Resource12)};
} D3DVK_CATCH_RETURN({})

const char* placementProblem(vk::PlacementError e) {
  switch (e) {
    case vk::PlacementError::MemoryType: return "the heap's Vulkan memory type cannot hold this resource";
    case vk::PlacementError::Alignment: return "the Vulkan device needs a larger alignment for this resource than its heap offset has";
    case vk::PlacementError::Size: return "the resource reaches past the end of its heap";
    default: return "the resource cannot be placed";
  }
}

// A committed resource (placedIn null: its own memory, host-visible when `heap`
// has a CPU page property) or a placed one (bound into placedIn's memory at
// `offset`, its contents left as the heap's bytes are).
HRESULT createResource(Device12& device, const D3D12DDIARG_CREATEHEAP_0001* heap, Heap12* placedIn, UINT64 offset,
                       const D3D12DDIARG_CREATERESOURCE_0003& d, Resource12& r) {
  r.device = &device;
  r.desc = d;
  r.desc.pRowMajorLayout = nullptr;
  r.desc.ReuseBufferGPUVA = {};
  r.placedIn = placedIn;
  r.placedOffset = offset;
  const char* method = placedIn ? "CreatePlacedResource: " : "CreateCommittedResource: ";
  std::string why;
  HRESULT hr = validateDesc(d, &r.format, &why);
  if (FAILED(hr)) return device.message(hr, method + why), hr;
  const bool host = placedIn ? placedIn->memory->mapped() != nullptr : isHostHeap(heap);
  VkResult result = VK_SUCCESS;
  vk::PlacementError placement = vk::PlacementError::None;
  if (r.isBuffer()) {
    r.buffer = placedIn ? vk::Buffer::createPlaced(device.vk(), d.Width, bufferUsage(device.vk()), *placedIn->memory, offset, &result,
                                                   &placement)
                        : vk::Buffer::create(device.vk(), d.Width, bufferUsage(device.vk()), host, &result);
    if (placement != vk::PlacementError::None) return device.message(E_INVALIDARG, method + std::string(placementProblem(placement))), E_INVALIDARG;
    if (!r.buffer) return Device12::hresultFor(result);
    r.gpuVa = device.registerBuffer(r, d.Width);
    if (placedIn) return S_OK;  // the heap was zeroed when it was made; aliased bytes stay as they are
    if (host) {
      std::memset(r.buffer->mapped(), 0, size_t(d.Width));
      return S_OK;
    }
    result = device.runNow([&](VkCommandBuffer cmd) { vkCmdFillBuffer(cmd, r.buffer->handle(), 0, VK_WHOLE_SIZE, 0); });
    return Device12::hresultFor(result);
  }
  VkImageCreateInfo info;
  r.primary = !placedIn && heap && (heap->Flags & D3D12DDI_HEAP_FLAG_PRIMARY);
  PrimaryFormatList srgbList;
  hr = imageInfoFor(device, d, *r.format, &info, &why, r.primary ? &srgbList : nullptr);
  if (FAILED(hr)) return device.message(hr, method + why), hr;
  r.mipLevels = info.mipLevels;
  r.desc.MipLevels = UINT16(r.mipLevels);
  r.arraySize = info.arrayLayers;
  r.image = placedIn ? vk::Image::createPlaced(device.vk(), info, *placedIn->memory, offset, &result, &placement)
                     : vk::Image::create(device.vk(), info, &result, host);
  if (placement != vk::PlacementError::None) return device.message(E_INVALIDARG, method + std::string(placementProblem(placement))), E_INVALIDARG;
  if (!r.image) return result == VK_ERROR_FORMAT_NOT_SUPPORTED ? E_INVALIDARG : Device12::hresultFor(result);
  VkImageAspectFlags aspects = r.aspects();
  VkResult zeroFailure = VK_SUCCESS;
  result = device.runNow([&](VkCommandBuffer cmd) {
    VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
    b.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    b.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    b.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
    // A committed BC texture is zero-filled by a copy first (in TRANSFER_DST_OPTIMAL).
    const bool zeroFill = !placedIn && state::isBlockCompressed(*r.format);
    b.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    b.newLayout = zeroFill ? VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL : VK_IMAGE_LAYOUT_GENERAL;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = r.image->handle();
    b.subresourceRange = {aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
    VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dep.imageMemoryBarrierCount = 1;
    dep.pImageMemoryBarriers = &b;
    vkCmdPipelineBarrier2(cmd, &dep);
    fullBarrier(cmd);
    VkImageSubresourceRange range{aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
    if (placedIn) {
      // A placed texture's contents are undefined until the application
      // initializes it (D3D12: a clear, a copy or DiscardResource).
    } else if (state::isBlockCompressed(*r.format)) {
      // Vulkan clears no compressed image: every mip and slice is copied from
      // the device's buffer of zeros (one region per subresource, each from
      // its start: the buffer holds the top mip's slice).
      const VkExtent3D top = r.mipExtent(0);
      const UINT bd = r.format->blockDim;
      const VkDeviceSize sliceBytes = VkDeviceSize((top.width + bd - 1) / bd) * ((top.height + bd - 1) / bd) *
                                      r.format->bytesPerTexel * top.depth;
      VkResult zeroResult = VK_SUCCESS;
      VkBuffer zeros = device.zeroFillBuffer(cmd, sliceBytes, &zeroResult);
      if (!zeros) {
        zeroFailure = zeroResult;  // the texture is not created: its layout does not matter
        return;
      }
      std::vector<VkBufferImageCopy> regions;
      for (UINT mip = 0; mip < r.mipLevels; ++mip)
        for (UINT layer = 0; layer < r.arraySize; ++layer)
          regions.push_back({0, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, mip, layer, 1}, {0, 0, 0}, r.mipExtent(mip)});
      vkCmdCopyBufferToImage(cmd, zeros, r.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             uint32_t(regions.size()), regions.data());
      b.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
      b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
      b.newLayout = VK_IMAGE_LAYOUT_GENERAL;
      vkCmdPipelineBarrier2(cmd, &dep);
    } else if (aspects & VK_IMAGE_ASPECT_COLOR_BIT) {
      VkClearColorValue zero{};
      vkCmdClearColorImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &range);
    } else {
      VkClearDepthStencilValue zero{};
      vkCmdClearDepthStencilImage(cmd, r.image->handle(), VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &range);
    }
  });
  if (result == VK_SUCCESS) result = zeroFailure;
  return Device12::hresultFor(result);
}

HRESULT APIENTRY createHeapAndResource(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATEHEAP_0001* heap, D3D12DDI_HHEAP hHeap,
                                       D3D12DDI_HRTRESOURCE, const D3D12DDIARG_CREATERESOURCE_0003* desc,
                                       const D3D12DDI_CLEAR_VALUES*, D3D12DDI_HRESOURCE hResource) try {
  Device12* device = Device12::from(hDevice);
  if (!device || !hHeap.pDrvPrivate || (!heap && !desc) || (desc && !hResource.pDrvPrivate)) {
    umd::logError("D3D12 CreateHeapAndResource: no heap, or a resource desc without the resource's memory");
    return E_INVALIDARG;
  }
  if (heap && !desc) {  // CreateHeap
    auto* h = new (hHeap.pDrvPrivate) Heap12();
    HRESULT hr = createHeap(*device, *heap, *h);
    if (FAILED(hr)) h->~Heap12();
    return hr;
  }
  if (!heap) {  // a placed resource in an existing heap
    Heap12* h = Heap12::from(hHeap);
    if (!h->memory) {
      umd::logError("D3D12 CreateHeapAndResource: a placed resource's heap has no memory of its own");
      return E_INVALIDARG;
    }
    auto* r = new (hResource.pDrvPrivate) Resource12();
    HRESULT hr = createResource(*device, nullptr, h, desc->ReuseBufferGPUVA.BaseAddress.UMD.Offset, *desc, *r);
    if (FAILED(hr)) {
      if (r->gpuVa) device->unregisterBuffer(r->gpuVa);
      r->~Resource12();
    }
    return hr;
  }
  auto* r = new (hResource.pDrvPrivate) Resource12();
  auto* h = new (hHeap.pDrvPrivate) Heap12();
  h->resource = r;
  h->args = *heap;
  HRESULT hr = createResource(*device, heap, nullptr, 0, *desc, *r);
  if (FAILED(hr)) {
    if (r->gpuVa) device->unregisterBuffer(r->gpuVa);
    h->~Heap12();
    r->~Resource12();
  }
  return hr;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyHeapAndResource(D3D12DDI_HDEVICE hDevice, D3D12DDI_HHEAP hHeap, D3D12DDI_HRESOURCE hResource) try {
  // D3D12 makes the application keep a resource alive while queued work uses
  // it; on a hung device the work still running is waited for (bounded) first.
  if (Device12* device = Device12::from(hDevice); device && !device->settleIfHung()) return;
  if (Heap12* h = Heap12::from(hHeap)) h->~Heap12();
  if (Resource12* r = Resource12::from(hResource)) {
    if (r->gpuVa) r->device->unregisterBuffer(r->gpuVa);
    r->~Resource12();
  }
} D3DVK_CATCH_VOID

D3D12DDI_GPU_VIRTUAL_ADDRESS APIENTRY checkResourceVirtualAddress(D3D12DDI_HDEVICE, D3D12DDI_HRESOURCE hResource) try {
  Resource12* r = Resource12::from(hResource);
  return r ? r->gpuVa : 0;  // textures have none
} D3DVK_CATCH_RETURN(0)

HRESULT APIENTRY mapHeap(D3D12DDI_HDEVICE, D3D12DDI_HHEAP hHeap, VOID** data) try {
  Heap12* h = Heap12::from(hHeap);
  if (!h || !data) return E_INVALIDARG;
  *data = nullptr;
  if (h->memory) {
    if (!h->memory->mapped()) return E_INVALIDARG;
    *data = h->memory->mapped();
    return S_OK;
  }
  if (!h->resource || !h->resource->buffer || !h->resource->buffer->mapped()) return E_INVALIDARG;
  *data = h->resource->buffer->mapped();
  return S_OK;
} D3DVK_CATCH_HRESULT

VOID APIENTRY unmapHeap(D3D12DDI_HDEVICE, D3D12DDI_HHEAP) try {
  // Host-coherent, persistently mapped: nothing to flush.
} D3DVK_CATCH_VOID

VOID APIENTRY checkResourceAllocationInfo(D3D12DDI_HDEVICE hDevice, const D3D12DDIARG_CREATERESOURCE_0003* desc,
                                          D3D12DDI_RESOURCE_OPTIMIZATION_FLAGS, UINT64 alignmentRestriction, UINT,
                                          D3D12DDI_RESOURCE_ALLOCATION_INFO* info) try {
  if (!info) return;
  *info = {};
  Device12* device = Device12::from(hDevice);
  const state::FormatInfo* format = nullptr;
  std::string why;
  VkImageCreateInfo ci{};
  if (!device || !desc || FAILED(validateDesc(*desc, &format, &why)) ||
      (desc->ResourceType != D3D12DDI_RT_BUFFER && FAILED(imageInfoFor(*device, *desc, *format, &ci, &why)))) {
    info->ResourceDataSize = UINT64_MAX;  // what D3D12 answers for an invalid desc
    return;
  }
  UINT64 alignment = desc->SampleDesc.Count > 1 ? (4u << 20) : (64u << 10);
  if (alignmentRestriction > alignment) alignment = alignmentRestriction;
  UINT64 size = desc->Width;
  if (desc->ResourceType != D3D12DDI_RT_BUFFER) {
    VkDeviceImageMemoryRequirements q{VK_STRUCTURE_TYPE_DEVICE_IMAGE_MEMORY_REQUIREMENTS};
    q.pCreateInfo = &ci;
    VkMemoryRequirements2 req{VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
    vkGetDeviceImageMemoryRequirements(device->handle(), &q, &req);
    size = req.memoryRequirements.size;
    // D3D12's small resources: a texture asking for 4 KiB (64 KiB when
    // multisampled) gets it when its most detailed mip is at most 64 KiB (4 MiB)
    // and it is no render target or depth stencil (MSAA: either may be);
    // otherwise the default alignment stands.
    const bool msaa = desc->SampleDesc.Count > 1;
    const UINT64 small = msaa ? (64u << 10) : 4096u, limit = msaa ? (4u << 20) : (64u << 10);
    UINT64 topMip = UINT64(format->bytesPerTexel) * desc->SampleDesc.Count;
    for (UINT64 extent : {UINT64(desc->Width), UINT64(desc->Height),
                          UINT64(desc->ResourceType == D3D12DDI_RT_TEXTURE3D ? desc->DepthOrArraySize : 1)})
      topMip = mulOr<UINT64>(topMip, extent, UINT64_MAX);
    const bool target = desc->Flags & (D3D12DDI_RESOURCE_FLAG_0003_RENDER_TARGET | D3D12DDI_RESOURCE_FLAG_0003_DEPTH_STENCIL);
    if (alignmentRestriction == small && topMip <= limit && (msaa || !target) &&
        req.memoryRequirements.alignment <= small)
      alignment = small;
  }
  UINT64 rounded = 0;
  if (!checkedAdd<UINT64>(size, alignment - 1, &rounded)) {
    info->ResourceDataSize = UINT64_MAX;  // as D3D12 answers for a size it cannot place
    return;
  }
  info->ResourceDataSize = rounded / alignment * alignment;
  info->ResourceDataAlignment = alignment;
  info->Layout = desc->ResourceType == D3D12DDI_RT_BUFFER ? D3D12DDI_TL_ROW_MAJOR : D3D12DDI_TL_UNDEFINED;
} D3DVK_CATCH_VOID

}  // namespace

void fillResourceDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateHeapAndResourceSizes = &calcPrivateHeapAndResourceSizes;
  f.pfnCreateHeapAndResource = &createHeapAndResource;
  f.pfnDestroyHeapAndResource = &destroyHeapAndResource;
  f.pfnMapHeap = &mapHeap;
  f.pfnUnmapHeap = &unmapHeap;
  f.pfnCheckResourceAllocationInfo = &checkResourceAllocationInfo;
  f.pfnCheckResourceVirtualAddress = &checkResourceVirtualAddress;
}

}  // namespace d3dvk::umd12
