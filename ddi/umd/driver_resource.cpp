// ddi/umd/driver_resource.cpp — see driver_resource.h.
#include "driver_resource.h"
#include "native_draw.h"
#include "typed_uav_loads.h"

#include "adapter.h"
#include "d3dvk_present.h"
#include "device.h"
#include "emulated_blocks.h"
#include "pipeline_cache.h"

#include <cstring>
#include <new>

namespace d3dvk::umd {

namespace {

uint8_t* mappedAt(const Resource& r, uint64_t offset) {
  return static_cast<uint8_t*>(r.buffer->mapped()) + r.bufferOffset + offset;
}

// Depth-stencil linear data in D3D's layout while mapped, in Vulkan's planes
// otherwise (splitDepthStencilRow).
void splitStencil(Resource& r, UINT sub) {
  const state::LinearSubresource& l = r.linear[sub];
  const state::LinearSubresource& p = r.stencilPlane[sub];
  for (UINT y = 0; y < l.height; ++y)
    splitDepthStencilRow(mappedAt(r, l.offset + uint64_t(y) * l.rowPitch), mappedAt(r, p.offset + uint64_t(y) * p.rowPitch),
                         l.width, r.format->bytesPerTexel);
}
void mergeStencil(Resource& r, UINT sub) {
  const state::LinearSubresource& l = r.linear[sub];
  const state::LinearSubresource& p = r.stencilPlane[sub];
  for (UINT y = 0; y < l.height; ++y)
    mergeDepthStencilRow(mappedAt(r, l.offset + uint64_t(y) * l.rowPitch), mappedAt(r, p.offset + uint64_t(y) * p.rowPitch),
                         l.width, r.format->bytesPerTexel);
}

// Linear layouts of a texture (and the stencil plane of D24S8) in one buffer.
uint64_t layoutLinear(Resource& r, bool withStencilPlane) {
  uint64_t total = 0;
  if (r.isTexture3D()) {
    r.linear = state::linearLayoutVolume(r.width, r.height, r.depth, r.mipLevels, r.format->bytesPerTexel, &total,
                                         r.format->blockDim);
    return total;
  }
  r.linear = state::linearLayout(r.width, r.height, r.mipLevels, r.arraySize, r.format->bytesPerTexel, &total,
                                 r.format->blockDim);
  if (withStencilPlane && r.format->kind == state::FormatKind::DepthStencil) {
    uint64_t planeSize = 0;
    r.stencilPlane = state::linearLayout(r.width, r.height, r.mipLevels, r.arraySize, 1, &planeSize);
    uint64_t base = (total + state::kSubresourceAlignment - 1) / state::kSubresourceAlignment * state::kSubresourceAlignment;
    for (state::LinearSubresource& s : r.stencilPlane) s.offset += base;
    total = base + planeSize;
  }
  return total;
}

// Writes application rows (pitch `srcPitch`, slices `srcSlicePitch` apart) into linear subresource `sub` of
// `buffer`: rows of texels, or of 4x4 blocks for block-compressed formats.
void writeRows(uint8_t* base, const state::LinearSubresource& l, const void* src, UINT srcPitch,
               UINT srcSlicePitch = 0) {
  for (UINT z = 0; z < l.depth; ++z)
    for (UINT y = 0; y < l.rows; ++y)
      std::memcpy(base + l.offset + uint64_t(z) * l.depthPitch + uint64_t(y) * l.rowPitch,
                  static_cast<const uint8_t*>(src) + uint64_t(z) * srcSlicePitch + uint64_t(y) * srcPitch, l.rowBytes());
}

HRESULT createBuffer(Device& device, Resource& r, const D3D11DDIARG_CREATERESOURCE& a) {
  r.width = a.pMipInfoList[0].TexelWidth;
  if (r.width == 0) return E_INVALIDARG;
  const bool hostVisible =
      state::needsHostVisibleMemory(r.usage) || DynamicSlices::hostVisible(r.usage, r.bindFlags, r.miscFlags);
  VkResult vr = VK_SUCCESS;
  r.byteStride = a.ByteStride;
  std::unique_ptr<vk::Buffer> buffer =
      vk::Buffer::create(device.vk(), r.width,
                         state::bufferUsageFor(r.bindFlags, r.miscFlags) |
                             (r.bindFlags & D3D10_DDI_BIND_STREAM_OUTPUT && device.vk().transformFeedbackEnabled()
                                  ? VkBufferUsageFlags(VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT)
                                  : VkBufferUsageFlags(0)),
                         hostVisible, &vr);
  if (!buffer) return hresultFromVk(vr);
  r.buffer = std::move(buffer);
  if (!a.pInitialDataUP || !a.pInitialDataUP[0].pSysMem) return S_OK;
  if (hostVisible) {
    std::memcpy(r.buffer->mapped(), a.pInitialDataUP[0].pSysMem, r.width);
    return S_OK;
  }
  std::shared_ptr<vk::Buffer> upload = vk::Buffer::create(device.vk(), r.width, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true, &vr);
  if (!upload) return hresultFromVk(vr);
  std::memcpy(upload->mapped(), a.pInitialDataUP[0].pSysMem, r.width);
  VkCommandBuffer cmd = device.recorder().untracked(&vr);
  if (!cmd) return hresultFromVk(vr);
  VkBufferCopy region{0, 0, r.width};
  vkCmdCopyBuffer(cmd, upload->handle(), r.buffer->handle(), 1, &region);
  markUsed(device, r);
  device.queue().releaseAfter(device.queue().openSerial(), upload);
  return S_OK;
}

HRESULT createTexture(Device& device, Resource& r, const D3D11DDIARG_CREATERESOURCE& a) {
  r.format = state::findFormat(a.Format);
  if (!r.format || a.MipLevels == 0 || a.ArraySize == 0) return E_INVALIDARG;
  // A typeless depth-stencil target lives in its family's depth format: its
  // views read or write aspects of that image. So does every texture of the
  // R24G8 and R32G8X24 families (they exist only as depth and stencil).
  if (const state::FormatInfo* depth = state::depthFormatForTypeless(*r.format);
      depth && (r.bindFlags & D3D10_DDI_BIND_DEPTH_STENCIL))
    r.format = depth;
  if (const state::FormatInfo* image = state::depthStencilFamilyImage(*r.format)) r.format = image;
  r.width = a.pMipInfoList[0].TexelWidth;
  r.height = r.isTexture1D() ? 1 : a.pMipInfoList[0].TexelHeight;
  r.depth = r.isTexture3D() ? a.pMipInfoList[0].TexelDepth : 1;
  r.mipLevels = a.MipLevels;
  r.arraySize = a.ArraySize;
  r.samples = a.SampleDesc.Count ? a.SampleDesc.Count : 1;
  if (r.width == 0 || r.height == 0 || r.depth == 0) return E_INVALIDARG;
  if (r.isTexture3D() && (r.arraySize != 1 || r.samples != 1 || state::isDepthFormat(*r.format))) return E_INVALIDARG;
  if (r.isTexture1D() && r.samples != 1) return E_INVALIDARG;
  if (r.cube && (r.arraySize % 6 || r.width != r.height || r.samples != 1)) return E_INVALIDARG;
  VkResult vr = VK_SUCCESS;
  const UINT bpp = r.format->bytesPerTexel;

  if (r.isStaging()) {
    if (r.samples != 1) return E_INVALIDARG;
    uint64_t size = layoutLinear(r, true);
    std::unique_ptr<vk::Buffer> buffer = vk::Buffer::create(
        device.vk(), size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &vr);
    if (!buffer) return hresultFromVk(vr);
    r.buffer = std::move(buffer);
    if (a.pInitialDataUP)
      for (UINT sub = 0; sub < r.subresourceCount(); ++sub) {
        if (!a.pInitialDataUP[sub].pSysMem) continue;
        writeRows(mappedAt(r, 0), r.linear[sub], a.pInitialDataUP[sub].pSysMem, a.pInitialDataUP[sub].SysMemPitch,
                  a.pInitialDataUP[sub].SysMemSlicePitch);
        if (r.hasStencilPlane()) splitStencil(r, sub);
      }
    return S_OK;
  }

  // A format the device lacks lives in another (emulated_blocks.h); an
  // emulated B4G4R4A4 cannot be a render target (its views swizzle).
  const texture::EmulatedImage held = imageFormatFor(device.vk(), *r.format);
  if (held.format != r.format->vk && (r.bindFlags & (D3D10_DDI_BIND_RENDER_TARGET | D3D11_DDI_BIND_UNORDERED_ACCESS)))
    return E_INVALIDARG;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = r.isTexture3D() ? VK_IMAGE_TYPE_3D : r.isTexture1D() ? VK_IMAGE_TYPE_1D : VK_IMAGE_TYPE_2D;
  if (r.cube) info.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  // A Texture3D render target is drawn into through 2D-array views of its depth slices.
  if (r.isTexture3D() && (r.bindFlags & D3D10_DDI_BIND_RENDER_TARGET)) info.flags = VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
  // A typeless texture (its family's UINT format) is viewed in any typed member of the family.
  if (r.format->kind == state::FormatKind::Typeless || held.mutableFormat) info.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  // A UNORM swapchain back buffer is also viewed in its sRGB form (d3dvk_present.h).
  VkImageFormatListCreateInfo formatList{VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO};
  VkFormat listed[2] = {r.format->vk, VK_FORMAT_UNDEFINED};
  const uint32_t srgbView = D3DVKPresentSrgbViewFormat(uint32_t(r.format->dxgi));
  if ((r.bindFlags & D3D10_DDI_BIND_PRESENT) && srgbView)
    if (const state::FormatInfo* srgb = state::findFormat(DXGI_FORMAT(srgbView))) {
      listed[1] = srgb->vk;
      formatList.viewFormatCount = 2;
      formatList.pViewFormats = listed;
      info.pNext = &formatList;
      info.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
    }
  info.format = held.format;
  info.extent = {r.width, r.height, r.depth};
  info.mipLevels = r.mipLevels;
  if (held.layerSets > 1 && !r.isTexture3D()) r.layerSets = held.layerSets;
  info.arrayLayers = r.arraySize * r.layerSets;
  info.samples = VkSampleCountFlagBits(r.samples);
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = state::imageUsageFor(r.bindFlags);
  // Multisampled depth and colour of one group copy by a per-sample draw (multisample_depth_copy.h).
  info.usage |= multisampledCopyUsage(device.vk(), info.format, info.samples);
  info.flags |= multisampledCopyFlags(info.format, info.samples);
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImageFormatProperties props{};
  if (vkGetPhysicalDeviceImageFormatProperties(device.vk().physicalDevice(), info.format, info.imageType, info.tiling,
                                               info.usage, info.flags, &props) != VK_SUCCESS ||
      !(props.sampleCounts & info.samples) || r.width > props.maxExtent.width || r.height > props.maxExtent.height ||
      r.depth > props.maxExtent.depth || r.mipLevels > props.maxMipLevels || info.arrayLayers > props.maxArrayLayers)
    return E_INVALIDARG;
  // Larger than the device can hold at all: out of memory, as D3D reports it.
  if (uint64_t(r.width) * r.height * r.depth * r.arraySize * r.samples * bpp / (r.format->blockDim * r.format->blockDim) >
      props.maxResourceSize)
    return E_OUTOFMEMORY;
  std::unique_ptr<vk::Image> image = vk::Image::create(device.vk(), info, &vr);
  if (!image) return hresultFromVk(vr);
  r.image = std::move(image);

  std::shared_ptr<vk::Buffer> upload;
  uint64_t uploadSize = layoutLinear(r, true);
  if (emulatesBlocks(device.vk(), *r.format)) {
    r.blocks = vk::Buffer::create(device.vk(), uploadSize,
                                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                  false, &vr);
    if (!r.blocks) return hresultFromVk(vr);
  }
  if (r.isDynamic()) {
    r.buffer = vk::Buffer::create(device.vk(), uploadSize, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true, &vr);
    if (!r.buffer) return hresultFromVk(vr);
    upload = r.buffer;
  }
  if (!a.pInitialDataUP) return S_OK;
  if (!upload) {
    upload = vk::Buffer::create(device.vk(), uploadSize, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true, &vr);
    if (!upload) return hresultFromVk(vr);
  }
  VkCommandBuffer cmd = device.recorder().untracked(&vr);
  if (!cmd) return hresultFromVk(vr);
  markUsed(device, r);
  for (UINT sub = 0; sub < r.subresourceCount(); ++sub) {
    if (!a.pInitialDataUP[sub].pSysMem) continue;
    writeRows(static_cast<uint8_t*>(upload->mapped()), r.linear[sub], a.pInitialDataUP[sub].pSysMem,
              a.pInitialDataUP[sub].SysMemPitch, a.pInitialDataUP[sub].SysMemSlicePitch);
    const state::LinearSubresource* plane = nullptr;
    if (r.hasStencilPlane()) {
      plane = &r.stencilPlane[sub];
      auto* base = static_cast<uint8_t*>(upload->mapped());
      for (UINT y = 0; y < plane->height; ++y)
        splitDepthStencilRow(base + r.linear[sub].offset + uint64_t(y) * r.linear[sub].rowPitch,
                             base + plane->offset + uint64_t(y) * plane->rowPitch, plane->width, r.format->bytesPerTexel);
    }
    recordLinearToImage(device, cmd, upload->handle(), r.linear[sub], plane, 0, 0, r, sub, {0, 0, 0},
                        {r.linear[sub].width, r.linear[sub].height, r.linear[sub].depth});
  }
  if (upload != r.buffer) device.queue().releaseAfter(device.queue().openSerial(), upload);
  return S_OK;
}

}  // namespace

void splitDepthStencilRow(uint8_t* texels, uint8_t* stencil, UINT width, UINT texelBytes) {
  for (UINT x = 0; x < width; ++x) {  // forwards: a packed depth never lands past its texel
    stencil[x] = texels[uint64_t(x) * texelBytes + (texelBytes == 8 ? 4 : 3)];
    if (texelBytes == 8) std::memmove(texels + uint64_t(x) * 4, texels + uint64_t(x) * 8, 4);
  }
}

void mergeDepthStencilRow(uint8_t* texels, const uint8_t* stencil, UINT width, UINT texelBytes) {
  for (UINT x = width; x-- > 0;) {  // backwards: each texel moves up to its D3D place
    if (texelBytes == 8) {
      std::memmove(texels + uint64_t(x) * 8, texels + uint64_t(x) * 4, 4);
      const uint8_t high[4] = {stencil[x], 0, 0, 0};
      std::memcpy(texels + uint64_t(x) * 8 + 4, high, 4);
    } else {
      texels[uint64_t(x) * 4 + 3] = stencil[x];
    }
  }
}

UINT linearPlaneTexelBytes(const state::FormatInfo& f) {
  return f.kind == state::FormatKind::DepthStencil && f.bytesPerTexel == 8 ? 4 : f.bytesPerTexel;
}

void markUsed(Device& device, Resource& resource) { resource.lastUse = device.queue().openSerial(); }

void imageBarrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspects, VkImageLayout oldLayout,
                  VkImageLayout newLayout) {
  VkImageMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  barrier.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  barrier.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  barrier.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  barrier.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  barrier.oldLayout = oldLayout;
  barrier.newLayout = newLayout;
  barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.image = image;
  barrier.subresourceRange = {aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &barrier;
  vkCmdPipelineBarrier2(cmd, &dep);
}

namespace {
void resourceBarrier(VkCommandBuffer cmd, Resource& r, VkImageLayout oldLayout, VkImageLayout newLayout) {
  imageBarrier(cmd, r.image->handle(), state::formatAspects(*r.format), oldLayout, newLayout);
}
}  // namespace

void barrierImage(VkCommandBuffer cmd, Resource& r) { resourceBarrier(cmd, r, r.layout, r.layout); }

void transitionImage(VkCommandBuffer cmd, Resource& r, VkImageLayout layout) {
  if (r.layout == layout) return;
  resourceBarrier(cmd, r, r.layout, layout);
  r.layout = layout;
}

VkImageAspectFlags copyAspects(const Resource& r) { return state::formatAspects(*r.format); }

// The copy regions between a linear (staging) layout at texel (x, y) and one image
// subresource: the colour/depth plane, plus the stencil plane when the format has
// one and the linear side stores it. Returns the region count.
uint32_t linearImageRegions(const state::LinearSubresource& layout, const state::LinearSubresource* stencil, UINT x,
                            UINT y, UINT z, const Resource& image, UINT imageSub, VkOffset3D offset, VkExtent3D extent,
                            VkBufferImageCopy (&regions)[2]) {
  // The linear side's elements (texels, or 4x4 blocks) need not be the
  // image's: a block-compressed image copies block for texel with a 64- or
  // 128-bit uncompressed layout. Vulkan counts the buffer's rows in the image's texels.
  // A D32S8X24 row holds packed 4-byte depths then (splitDepthStencilRow).
  const UINT linearBytes = state::isDepthFormat(*image.format)   ? linearPlaneTexelBytes(*image.format)
                           : layout.elementBytes                  ? layout.elementBytes
                                                                  : image.format->bytesPerTexel;
  const UINT linearBlock = layout.blockDim ? layout.blockDim : 1;
  const UINT imageBlock = image.format->blockDim;
  regions[0] = regions[1] = VkBufferImageCopy{};
  uint32_t count = 0;
  VkImageAspectFlags aspects = copyAspects(image);
  VkBufferImageCopy& main = regions[count++];
  // The linear side's z is the image offset's (both walk the same region).
  main.bufferOffset = layout.offset + uint64_t(z) * layout.depthPitch + uint64_t(y / linearBlock) * layout.rowPitch +
                      uint64_t(x / linearBlock) * linearBytes;
  main.bufferRowLength = layout.rowPitch / linearBytes * imageBlock;
  main.bufferImageHeight = layout.depthPitch / layout.rowPitch * imageBlock;
  main.imageSubresource = {VkImageAspectFlags(aspects & ~VK_IMAGE_ASPECT_STENCIL_BIT), image.mipOf(imageSub),
                           image.sliceOf(imageSub), 1};
  main.imageOffset = offset;
  main.imageExtent = extent;
  if ((aspects & VK_IMAGE_ASPECT_STENCIL_BIT) && stencil) {
    VkBufferImageCopy& s = regions[count++];
    s = main;
    s.bufferOffset = stencil->offset + uint64_t(y) * stencil->rowPitch + x;
    s.bufferRowLength = stencil->rowPitch;
    s.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
  }
  return count;
}

void recordLinearToImage(Device& device, VkCommandBuffer cmd, VkBuffer buffer, const state::LinearSubresource& layout,
                         const state::LinearSubresource* stencil, UINT x, UINT y, Resource& image, UINT imageSub,
                         VkOffset3D offset, VkExtent3D extent, UINT linearZ) {
  if (image.blocks)
    return recordLinearToBlocks(device, cmd, buffer, layout, x, y, linearZ, image, imageSub, offset, extent);
  VkBufferImageCopy regions[2];
  const uint32_t count = linearImageRegions(layout, stencil, x, y, linearZ, image, imageSub, offset, extent, regions);
  transitionImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdCopyBufferToImage(cmd, buffer, image.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, count, regions);
}

void recordImageToLinear(VkCommandBuffer cmd, Resource& image, UINT imageSub, VkOffset3D offset, VkExtent3D extent,
                         VkBuffer buffer, const state::LinearSubresource& layout,
                         const state::LinearSubresource* stencil, UINT x, UINT y, UINT linearZ) {
  VkBufferImageCopy regions[2];
  const uint32_t count = linearImageRegions(layout, stencil, x, y, linearZ, image, imageSub, offset, extent, regions);
  transitionImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  vkCmdCopyImageToBuffer(cmd, image.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer, count, regions);
}

SIZE_T APIENTRY calcPrivateResourceSize(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATERESOURCE*) { return sizeof(Resource); }

VOID APIENTRY createResource(D3D10DDI_HDEVICE hDevice, const D3D11DDIARG_CREATERESOURCE* a, D3D10DDI_HRESOURCE h,
                             D3D10DDI_HRTRESOURCE) {
  Device* device = Device::from(hDevice);
  if (!a || !h.pDrvPrivate || !a->pMipInfoList) {
    device->setError(E_INVALIDARG);
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  Resource* r = new (h.pDrvPrivate) Resource();
  HRESULT hr = E_INVALIDARG;
  try {
    // A cube-compatible texture is a Texture2D here (its copies, maps and
    // non-cube views are a 2D array's); `cube` keeps what its image needs.
    r->cube = a->ResourceDimension == D3D10DDIRESOURCE_TEXTURECUBE;
    r->dimension = r->cube ? D3D10DDIRESOURCE_TEXTURE2D : a->ResourceDimension;
    r->usage = a->Usage;
    r->bindFlags = a->BindFlags;
    r->mapFlags = a->MapFlags;
    r->miscFlags = a->MiscFlags;
    r->dxgiFormat = a->Format;
    if (a->Usage > D3D10_DDI_USAGE_STAGING)
      hr = E_INVALIDARG;
    else if (r->isBuffer())
      hr = createBuffer(*device, *r, *a);
    else if (r->dimension == D3D10DDIRESOURCE_TEXTURE1D || r->dimension == D3D10DDIRESOURCE_TEXTURE2D ||
             r->dimension == D3D10DDIRESOURCE_TEXTURE3D)
      hr = createTexture(*device, *r, *a);
  } catch (const std::bad_alloc&) {
    hr = E_OUTOFMEMORY;
  }
  if (FAILED(hr)) {
    // Anything already recorded for it must finish before its memory goes.
    device->queue().releaseAfter(r->lastUse, r->image);
    device->queue().releaseAfter(r->lastUse, r->buffer);
    device->queue().releaseAfter(r->lastUse, r->blocks);
    r->~Resource();
    device->setError(hr);
  }
}

VOID APIENTRY destroyResource(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE h) {
  if (!h.pDrvPrivate) return;
  Device* device = Device::from(hDevice);
  Resource* r = Resource::from(h);
  forgetCollectedDescriptors(*device);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  device->draw.unbind(r);
  device->compute.unbind(r);
  device->queue().releaseAfter(r->lastUse, std::move(r->image));
  device->queue().releaseAfter(r->lastUse, std::move(r->buffer));
  device->queue().releaseAfter(r->lastUse, std::move(r->blocks));
  device->queue().releaseAfter(r->lastUse, std::move(r->streamOutputCounter));
  device->queue().releaseAfter(r->lastUse, std::move(r->slices));  // its retired slices' batches end by then
  r->~Resource();
}

VOID APIENTRY resourceMap(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE h, UINT sub, D3D10_DDI_MAP mapType, UINT flags,
                          D3D10DDI_MAPPED_SUBRESOURCE* out) {
  Device* device = Device::from(hDevice);
  Resource* r = Resource::from(h);
  if (out) *out = {};
  if (!r || !out || !r->buffer || sub >= r->subresourceCount() || mapType < D3D10_DDI_MAP_READ ||
      mapType > D3D10_DDI_MAP_WRITE_NOOVERWRITE) {
    device->setError(E_INVALIDARG);
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  vk::CommandQueue& queue = device->queue();
  if (mapType == D3D10_DDI_MAP_WRITE_DISCARD) {
    if (!queue.completed(r->lastUse) && DynamicSlices::applies(*r)) {
      // Another slice of the buffer's blocks (dynamic_buffer.h).
      VkResult vr = VK_SUCCESS;
      if (!r->slices) r->slices = std::make_unique<DynamicSlices>();
      if (!r->slices->discard(*device, *r, &vr)) {
        device->setVkError(vr);
        return;
      }
      device->draw.markDirtyWhereBound(*r);  // descriptors name the old slice
    } else if (!queue.completed(r->lastUse)) {
      // Rename: the GPU keeps the old contents, the CPU gets fresh memory.
      VkResult vr = VK_SUCCESS;
      VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
      if (r->isBuffer()) usage = state::bufferUsageFor(r->bindFlags, r->miscFlags);
      std::shared_ptr<vk::Buffer> fresh = vk::Buffer::create(device->vk(), r->buffer->size(), usage, true, &vr);
      if (!fresh) {
        device->setVkError(vr);
        return;
      }
      queue.releaseAfter(r->lastUse, std::move(r->buffer));
      r->buffer = std::move(fresh);
      if (r->isBuffer()) r->lastUse = r->readEpoch = r->writeEpoch = 0;  // fresh memory: nothing to wait for or order after
      device->draw.markDirtyWhereBound(*r);  // descriptors name the old buffer
    }
  } else if (mapType != D3D10_DDI_MAP_WRITE_NOOVERWRITE && !queue.completed(r->lastUse)) {
    if (r->lastUse > queue.openSerial() - 1) {
      VkResult vr = queue.submit();  // the batch using it must at least start
      if (vr != VK_SUCCESS) {
        device->setVkError(vr);
        return;
      }
    }
    if (flags & D3D10_DDI_MAP_FLAG_DONOTWAIT) {
      if (!queue.completed(r->lastUse)) {
        device->setError(DXGI_DDI_ERR_WASSTILLDRAWING);
        return;
      }
    } else {
      VkResult vr = queue.wait(r->lastUse);
      if (vr != VK_SUCCESS) {
        device->setVkError(vr);
        return;
      }
    }
  }
  if (r->isBuffer()) {
    out->pData = mappedAt(*r, 0);
    out->RowPitch = out->DepthPitch = r->width;
    return;
  }
  if (r->hasStencilPlane()) mergeStencil(*r, sub);
  out->pData = mappedAt(*r, r->linear[sub].offset);
  out->RowPitch = r->linear[sub].rowPitch;
  out->DepthPitch = r->linear[sub].depthPitch;
}

VOID APIENTRY resourceUnmap(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE h, UINT sub) {
  Device* device = Device::from(hDevice);
  Resource* r = Resource::from(h);
  if (!r || !r->buffer || sub >= r->subresourceCount()) {
    device->setError(E_INVALIDARG);
    return;
  }
  std::lock_guard<std::mutex> lock(device->queueMutex());
  if (r->hasStencilPlane()) splitStencil(*r, sub);
  if (r->isDynamic() && r->image) {
    VkCommandBuffer cmd = device->record();
    if (!cmd) return;
    // Both of a depth-stencil texture's planes (the depths and the stencil bytes split above).
    recordLinearToImage(*device, cmd, r->buffer->handle(), r->linear[sub], r->hasStencilPlane() ? &r->stencilPlane[sub] : nullptr,
                        0, 0, *r, sub, {0, 0, 0}, {r->linear[sub].width, r->linear[sub].height, r->linear[sub].depth});
    markUsed(*device, *r);
  }
}

BOOL APIENTRY resourceIsStagingBusy(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRESOURCE h) {
  Resource* r = Resource::from(h);
  Device* device = Device::from(hDevice);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  return r && !device->queue().completed(r->lastUse);
}

namespace {

// Whether a storage image (and a storage texel buffer) of `f` reads without a
// declared format on this device: shaderStorageImageReadWithoutFormat enabled
// and the format's VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT
// (VkFormatProperties3, Vulkan 1.3) for optimal tiling and buffers.
bool readsWithoutFormat(vk::Device& vk, const state::FormatInfo& f) {
  if (!vk.enabledFeatures().shaderStorageImageReadWithoutFormat || f.swizzle != state::ViewSwizzle::Identity) return false;
  VkFormatProperties3 p3{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
  VkFormatProperties2 p2{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, &p3};
  vkGetPhysicalDeviceFormatProperties2(vk.physicalDevice(), f.vk, &p2);
  const VkFormatFeatureFlags2 need = VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT;
  return (p3.optimalTilingFeatures & need) == need &&
         (p3.bufferFeatures & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT);
}

// Typed UAV loads of `format` (D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS): the
// R32 formats always (the translator then declares R32); D3D's optional
// formats each where the device reads it without a format; D3D's set
// (TypedUAVLoadAdditionalFormats) only where every member reads so.
bool typedUavLoads(vk::Device& vk, const state::FormatInfo& f) {
  switch (state::typedUavLoadClass(f.dxgi)) {
    case state::TypedUavLoad::Required: return true;
    case state::TypedUavLoad::Individual: return readsWithoutFormat(vk, f);
    case state::TypedUavLoad::Set: {
      unsigned count = 0;
      const DXGI_FORMAT* set = state::typedUavLoadSet(&count);
      for (unsigned i = 0; i < count; ++i) {
        const state::FormatInfo* member = state::findFormat(set[i]);
        if (!member || !readsWithoutFormat(vk, *member)) return false;
      }
      return true;
    }
    case state::TypedUavLoad::None: break;
  }
  return false;
}

// Whether a Vulkan format is a depth and/or stencil one.
bool vkDepthStencilFormat(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_S8_UINT:
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT: return true;
    default: return false;
  }
}

// Whether the device makes the images every texture of `f` needs, whatever
// its bind flags: 2D and (but for depth-stencil images) 3D images in optimal tiling
// that copy both ways, a typeless one viewable in other formats
// (MUTABLE_FORMAT), a typed colour one sampled (a shader-resource view may load
// from it), a depth one a depth attachment. What the runtime's TEXTURE1D/2D/3D/
// CUBE and CPU_LOCKABLE claims rest on.
bool makesTextures(vk::Device& vk, const state::FormatInfo& f) {
  // Depth by the Vulkan format, not the FormatKind: the D24S8 and D32S8
  // families' typeless and typed colour members (R24G8_TYPELESS,
  // R24_UNORM_X8_TYPELESS, ...) live in depth-stencil images too: neither a
  // 3D image (D3D has no 3D depth textures; GPUs rarely make depth-stencil 3D
  // images) nor MUTABLE_FORMAT is asked of them (their views keep the format).
  const bool depth = vkDepthStencilFormat(f.vk), typeless = f.kind == state::FormatKind::Typeless;
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (depth) usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  else if (!typeless) usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  const VkImageCreateFlags flags = typeless && !depth ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT : 0;
  VkImageFormatProperties props{};
  for (VkImageType type : {VK_IMAGE_TYPE_2D, VK_IMAGE_TYPE_3D}) {
    if (type == VK_IMAGE_TYPE_3D && depth) continue;
    if (vkGetPhysicalDeviceImageFormatProperties(vk.physicalDevice(), f.vk, type, VK_IMAGE_TILING_OPTIMAL, usage, flags,
                                                 &props) != VK_SUCCESS)
      return false;
  }
  return true;
}

}  // namespace

UINT formatCaps(vk::Device& vk, DXGI_FORMAT format, bool uavStores, bool emulation) {
  const state::FormatInfo* f = state::findFormat(format);
  if (!f) return 0;
  // A format the device emulates (emulated_blocks.h): what its image's format
  // samples; never a render target, UAV, buffer or multisampled.
  const texture::EmulatedImage held = imageFormatFor(vk, *f);
  if (held.format != f->vk) {
    if (!emulation) return 0;
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(vk.physicalDevice(), held.format, &props);
    return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
               ? UINT(D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE)
               : 0u;
  }
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(vk.physicalDevice(), f->vk, &props);
  const VkFormatFeatureFlags features = props.optimalTilingFeatures;
  // No texture of this format at all where the device makes no image of it
  // (NVIDIA: none of R32G32B32_*): NOT_SUPPORTED, and the runtime claims no
  // resource kind beyond buffers.
  if (!makesTextures(vk, *f)) {
    UINT caps = D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED;
    if ((props.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT) &&
        f->swizzle == state::ViewSwizzle::Identity && !state::isDepthFormat(*f))
      caps |= D3D11_1DDI_FORMAT_SUPPORT_BUFFER;
    return caps;
  }
  UINT caps = 0;
  // D3D samples no integer format, whatever the Vulkan format filters: the
  // stencil-plane formats (X24_TYPELESS_G8_UINT, X32_TYPELESS_G8X24_UINT) live
  // in a depth-stencil image that NVIDIA filters linearly (its depth aspect).
  if ((features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) && !state::isIntegerFormat(*f))
    caps |= D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE;
  if (features & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) caps |= D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET;
  if (features & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) caps |= D3D10_DDI_FORMAT_SUPPORT_BLENDABLE;
  // Typed UAV stores (driver_view.h); not for a format emulated through a
  // swizzle (a storage image sees the Vulkan format's channels).
  const bool swizzled = f->swizzle != state::ViewSwizzle::Identity;
  if ((features & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) && !state::isDepthFormat(*f) && !swizzled && uavStores)
    caps |= D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES;
  if ((caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES) && typedUavLoads(vk, *f)) caps |= D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS;
  // Typed buffer views (shader-resource texel buffers).
  if ((props.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT) && !swizzled && !state::isDepthFormat(*f) &&
      !state::isBlockCompressed(*f))
    caps |= D3D11_1DDI_FORMAT_SUPPORT_BUFFER;
  const UINT levels = qualityLevels(vk, format, 4);
  if (levels && (features & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
    caps |= D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
  if (levels && (features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) && !state::isDepthFormat(*f))
    caps |= D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
  return caps;
}

UINT qualityLevels(vk::Device& vk, DXGI_FORMAT format, UINT sampleCount) {
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || sampleCount == 0 || sampleCount > 64 || (sampleCount & (sampleCount - 1))) return 0;
  if (imageFormatFor(vk, *f).format != f->vk) return 0;  // emulated: single-sampled textures only
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                            (state::isDepthFormat(*f) ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
                                                      : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
  VkImageFormatProperties props{};
  if (vkGetPhysicalDeviceImageFormatProperties(vk.physicalDevice(), f->vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage,
                                               0, &props) != VK_SUCCESS)
    return 0;
  return (props.sampleCounts & sampleCount) ? 1 : 0;
}

VOID APIENTRY checkFormatSupport(D3D10DDI_HDEVICE hDevice, DXGI_FORMAT format, UINT* pFormatCaps) {
  if (!pFormatCaps) return;
  Device* device = Device::from(hDevice);
  *pFormatCaps = formatCaps(device->vk(), format, device->pipelines().unorderedAccessSlots() != 0);
}

VOID APIENTRY checkMultisampleQualityLevels(D3D10DDI_HDEVICE hDevice, DXGI_FORMAT format, UINT sampleCount, UINT,
                                            UINT* pNumQualityLevels) {
  if (!pNumQualityLevels) return;
  *pNumQualityLevels = qualityLevels(Device::from(hDevice)->vk(), format, sampleCount);
}

VOID APIENTRY checkMultisampleQualityLevels11_1(D3D10DDI_HDEVICE hDevice, DXGI_FORMAT format, UINT sampleCount,
                                                UINT* pNumQualityLevels) {
  checkMultisampleQualityLevels(hDevice, format, sampleCount, 0, pNumQualityLevels);
}

}  // namespace d3dvk::umd
