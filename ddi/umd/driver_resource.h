// ddi/umd/driver_resource.h — the driver's resource object (buffers, 1D, 2D
// (also cube-compatible) and 3D textures), constructed by pfnCreateResource in runtime-allocated memory, and
// the resource DDIs: create/destroy, Map/Unmap (every map slot), IsStagingBusy,
// CheckFormatSupport and CheckMultisampleQualityLevels.
//
// Backing: a Texture1D is a VK_IMAGE_TYPE_1D image; a TEXTURECUBE resource
// is a 2D image with VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT (dimension TEXTURE2D
// here, `cube` set) whose cube SRVs are CUBE / CUBE_ARRAY image views.
// Buffers are VkBuffers (host-visible and persistently mapped for
// DYNAMIC and STAGING). Textures are VkImages whose (whole-image) layout is
// tracked and changed before each use (transferLayout), except
// STAGING textures, which are host-visible VkBuffers in the linear layout of
// state::linearLayout (what Map returns); a D24_UNORM_S8_UINT or
// D32_FLOAT_S8X24_UINT staging texture keeps the stencil bytes in a separate
// plane after the texels (Vulkan copies the two aspects separately; D32S8X24's
// depths are packed to 4 bytes while unmapped) and merges/splits them on
// Map/Unmap (splitDepthStencilRow).
// DYNAMIC textures are an image plus a host-visible upload buffer in the
// linear layout, copied into the image at Unmap. WRITE_DISCARD on a busy
// dynamic vertex, index or constant buffer moves it to a free slice of its
// blocks (dynamic_buffer.h); on other busy dynamic resources it renames their
// host-visible buffer.
#pragma once

#include "d3d10umddi.h"
#include "dynamic_buffer.h"
#include "resource_format.h"
#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::umd {

class Device;

struct Resource {
  D3D10DDIRESOURCE_TYPE dimension = D3D10DDIRESOURCE_BUFFER;
  UINT usage = 0, bindFlags = 0, mapFlags = 0, miscFlags = 0;
  DXGI_FORMAT dxgiFormat = DXGI_FORMAT_UNKNOWN;
  const state::FormatInfo* format = nullptr;  // textures only
  UINT width = 0, height = 1, mipLevels = 1, arraySize = 1, samples = 1;  // buffers: width = bytes
  UINT depth = 1;       // Texture3D
  UINT byteStride = 0;  // structured buffers (D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED)
  bool cube = false;    // created as TEXTURECUBE (D3D10_DDI_RESOURCE_MISC_TEXTURECUBE): faces are array slices

  std::shared_ptr<vk::Buffer> buffer;  // buffers; staging textures; dynamic textures' upload buffer
  VkDeviceSize bufferOffset = 0;       // where a buffer's bytes begin in `buffer` (a dynamic buffer's slice)
  std::unique_ptr<DynamicSlices> slices;  // dynamic vertex/index/constant buffers (dynamic_buffer.h)
  std::shared_ptr<vk::Image> image;    // non-staging textures
  // A BC texture whose format the device emulates (emulated_blocks.h): the
  // application's blocks, device-local, in the linear layout `linear`; `image`
  // holds them decoded.
  std::shared_ptr<vk::Buffer> blocks;
  // Sets of arraySize layers the image holds: 2 for an emulated 2D BC6H_TYPELESS texture (UF16's decoding, then SF16's).
  UINT layerSets = 1;
  // Buffers bound for stream output: the byte offset where capture into it
  // ends (driver_stream_output.h), made on first use.
  std::shared_ptr<vk::Buffer> streamOutputCounter;
  std::vector<state::LinearSubresource> linear;        // staging / dynamic textures
  std::vector<state::LinearSubresource> stencilPlane;  // D24S8 / D32S8X24 staging textures
  uint64_t lastUse = 0;  // serial of the last batch using the backing
  uint64_t lastGpuWrite = 0;  // serial of the last batch a copy or update writes it in (buffers)
  // The recorder's epochs (recorder.h) in which a tracked command last read and wrote it.
  uint64_t readEpoch = 0, writeEpoch = 0;
  VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;  // of every subresource, as recorded so far
  // The draw stages (DrawState's numbering) whose constant-buffer slots may hold
  // this buffer: set on binding, cleared by DrawState::markDirtyWhereBound
  // where a stage holds it no longer (a superset, so its scan stays short).
  uint8_t constantBufferStages = 0;

  static Resource* from(D3D10DDI_HRESOURCE h) { return static_cast<Resource*>(h.pDrvPrivate); }
  bool isBuffer() const { return dimension == D3D10DDIRESOURCE_BUFFER || dimension == D3D11DDIRESOURCE_BUFFEREX; }
  bool isStaging() const { return usage == D3D10_DDI_USAGE_STAGING; }
  bool isDynamic() const { return usage == D3D10_DDI_USAGE_DYNAMIC; }
  bool linearTexture() const { return !isBuffer() && isStaging(); }
  // Copies read and write its texels in a buffer in the linear layout: a
  // staging texture's own, or an emulated BC texture's blocks.
  bool copiesThroughBuffer() const { return linearTexture() || blocks; }
  VkBuffer copyBuffer() const { return blocks ? blocks->handle() : buffer->handle(); }
  UINT subresourceCount() const { return isBuffer() ? 1 : mipLevels * arraySize; }
  UINT mipOf(UINT sub) const { return sub % mipLevels; }
  UINT sliceOf(UINT sub) const { return sub / mipLevels; }
  UINT mipWidth(UINT sub) const { return (width >> mipOf(sub)) ? (width >> mipOf(sub)) : 1; }
  UINT mipHeight(UINT sub) const { return (height >> mipOf(sub)) ? (height >> mipOf(sub)) : 1; }
  UINT mipDepth(UINT sub) const { return (depth >> mipOf(sub)) ? (depth >> mipOf(sub)) : 1; }
  bool isTexture3D() const { return dimension == D3D10DDIRESOURCE_TEXTURE3D; }
  bool isTexture1D() const { return dimension == D3D10DDIRESOURCE_TEXTURE1D; }
  bool hasStencilPlane() const { return !stencilPlane.empty(); }
};

// Records that the open batch uses the resource.
void markUsed(Device& device, Resource& resource);
// Records a layout transition of the whole image to `layout` (nothing if it is
// already there); the previous contents are kept unless the layout was UNDEFINED.
void transitionImage(VkCommandBuffer cmd, Resource& resource, VkImageLayout layout);
// Records a layout transition of every subresource of an image the UMD owns
// outside a Resource (a scratch image), every earlier access before every later one.
void imageBarrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspects, VkImageLayout oldLayout,
                  VkImageLayout newLayout);
// Records a barrier on the whole image that keeps its layout: every earlier
// write before every later access (UAVs written by consecutive draws).
void barrierImage(VkCommandBuffer cmd, Resource& resource);

// Copies between a resource's linear buffer and an image subresource region.
// (x, y) is the texel position in the linear subresource `sub`.
// (A Texture3D's linear subresource holds its mip's depth slices, depthPitch apart;
// offsets and extents then carry z.)
// An image whose blocks are emulated takes the linear rows into its blocks and decodes them.
void recordLinearToImage(Device& device, VkCommandBuffer cmd, VkBuffer buffer,
                         const state::LinearSubresource& layout, const state::LinearSubresource* stencil, UINT x, UINT y,
                         Resource& image, UINT imageSub, VkOffset3D offset, VkExtent3D extent, UINT linearZ = 0);
void recordImageToLinear(VkCommandBuffer cmd, Resource& image, UINT imageSub, VkOffset3D offset, VkExtent3D extent,
                         VkBuffer buffer, const state::LinearSubresource& layout,
                         const state::LinearSubresource* stencil, UINT x, UINT y, UINT linearZ = 0);
// A depth-stencil texel row between D3D's layout (D24S8: depth in bits 0–23,
// stencil in 24–31; D32S8X24: float depth in bytes 0–3, stencil in byte 4,
// 24 unused bits) and the planes Vulkan copies: split moves the stencil bytes
// to `stencil` and, for 8-byte texels, packs the depths into the row's first
// 4 × width bytes (Vulkan's depth texel of D32_SFLOAT_S8_UINT is 4 bytes;
// D24S8's stay in place, Vulkan ignores their top byte); merge undoes it.
void splitDepthStencilRow(uint8_t* texels, uint8_t* stencil, UINT width, UINT texelBytes);
void mergeDepthStencilRow(uint8_t* texels, const uint8_t* stencil, UINT width, UINT texelBytes);
// The bytes of a texel in a linear buffer holding Vulkan's planes: 4 for
// D32S8X24 (packed depths), the format's texel size otherwise.
UINT linearPlaneTexelBytes(const state::FormatInfo& f);
// Aspects to copy for a texture's format.
VkImageAspectFlags copyAspects(const Resource& r);

SIZE_T APIENTRY calcPrivateResourceSize(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATERESOURCE*);
VOID APIENTRY createResource(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATERESOURCE*, D3D10DDI_HRESOURCE,
                             D3D10DDI_HRTRESOURCE);
VOID APIENTRY destroyResource(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
VOID APIENTRY resourceMap(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT, D3D10_DDI_MAP, UINT, D3D10DDI_MAPPED_SUBRESOURCE*);
VOID APIENTRY resourceUnmap(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT);
BOOL APIENTRY resourceIsStagingBusy(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
// What the Vulkan device does with the format behind `format`, as
// D3D10_DDI_FORMAT_SUPPORT / D3D11_1DDI_FORMAT_SUPPORT bits (uavStores: typed
// UAV stores exist at all; D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS: typed UAV
// loads, by D3D's lists in typed_uav_loads.h and the device's storage reads
// without a format), and its multisample quality levels (1 where the
// sample count is supported, else 0). D3D11's and D3D12's format queries share them.
// A format the device emulates (emulated_blocks.h) reports what the emulation
// provides where `emulation` (D3D11's resources), nothing otherwise (D3D12's).
UINT formatCaps(vk::Device& vk, DXGI_FORMAT format, bool uavStores, bool emulation = true);
UINT qualityLevels(vk::Device& vk, DXGI_FORMAT format, UINT sampleCount);
VOID APIENTRY checkFormatSupport(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT*);
VOID APIENTRY checkMultisampleQualityLevels(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT, UINT, UINT*);
VOID APIENTRY checkMultisampleQualityLevels11_1(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT, UINT*);

}  // namespace d3dvk::umd
