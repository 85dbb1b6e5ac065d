// ddi/umd/d3d12/subresource_cpu12.cpp — d3dvk's D3DVK_DDI_TABLE_TYPE_RESOURCE_CPU
// table: ID3D12Resource::WriteToSubresource and ReadFromSubresource on textures
// of CPU-accessible (CUSTOM) heaps. Their Vulkan images are optimally tiled, so
// the CPU reaches a box of texels through a host-visible staging buffer and one
// copy the device runs at once (D3D12 makes the application keep the GPU off
// the resource meanwhile). Colour textures only: depth-stencil textures never
// live on CPU-accessible heaps.
#include "resource12.h"

#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "vk_command_queue.h"

#include <cstring>
#include <string>

namespace d3dvk::umd12 {

namespace {

// A box of one subresource, as a Vulkan copy region and its tightly packed bytes.
struct Region {
  VkBufferImageCopy copy{};
  UINT64 rowBytes = 0, rows = 0, slices = 0;
};

HRESULT regionOf(Resource12& r, UINT subresource, const D3D12DDI_BOX& box, Region* out, std::string* why) {
  if (r.isBuffer() || !r.image || !r.format) return *why = "the resource is no texture", E_INVALIDARG;
  if (!(r.aspects() & VK_IMAGE_ASPECT_COLOR_BIT))
    return *why = "depth-stencil textures have no CPU access", E_INVALIDARG;
  if (subresource >= r.subresourceCount()) return *why = "the subresource is out of range", E_INVALIDARG;
  const UINT mip = subresource % r.mipLevels, layer = subresource / r.mipLevels;
  const VkExtent3D e = r.mipExtent(mip);
  if (box.Left < 0 || box.Top < 0 || box.Front < 0 || box.Left >= box.Right || box.Top >= box.Bottom ||
      box.Front >= box.Back || UINT(box.Right) > e.width || UINT(box.Bottom) > e.height || UINT(box.Back) > e.depth)
    return *why = "the box is empty or outside the subresource", E_INVALIDARG;
  const UINT block = r.format->blockDim;
  auto aligned = [&](LONG v, UINT edge) { return UINT(v) % block == 0 || UINT(v) == edge; };
  if (!aligned(box.Left, e.width) || !aligned(box.Top, e.height) || !aligned(box.Right, e.width) ||
      !aligned(box.Bottom, e.height))
    return *why = "a block-compressed texture's box must lie on 4x4 block boundaries", E_INVALIDARG;
  const UINT width = UINT(box.Right - box.Left), height = UINT(box.Bottom - box.Top), depth = UINT(box.Back - box.Front);
  out->rowBytes = UINT64((width + block - 1) / block) * r.format->bytesPerTexel;
  out->rows = (height + block - 1) / block;
  out->slices = depth;
  VkBufferImageCopy& c = out->copy;
  c.bufferOffset = 0;
  c.bufferRowLength = 0;  // tightly packed
  c.bufferImageHeight = 0;
  const bool is3d = r.desc.ResourceType == D3D12DDI_RT_TEXTURE3D;
  c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip, is3d ? 0u : layer, 1};
  c.imageOffset = {box.Left, box.Top, box.Front};
  c.imageExtent = {width, height, depth};
  return S_OK;
}

// Copies `rows` rows of `rowBytes` in each of `slices` slices between a pitched
// and a tightly packed layout.
void copyRows(unsigned char* dst, UINT64 dstRowPitch, UINT64 dstDepthPitch, const unsigned char* src, UINT64 srcRowPitch,
              UINT64 srcDepthPitch, const Region& g) {
  for (UINT64 z = 0; z < g.slices; ++z)
    for (UINT64 y = 0; y < g.rows; ++y)
      std::memcpy(dst + z * dstDepthPitch + y * dstRowPitch, src + z * srcDepthPitch + y * srcRowPitch, size_t(g.rowBytes));
}

// A host-visible staging buffer for the region's packed bytes.
HRESULT stagingFor(Device12& device, const Region& g, unsigned char** staged, std::unique_ptr<vk::Buffer>* staging) {
  VkResult result = VK_SUCCESS;
  *staging = vk::Buffer::create(device.vk(), g.rowBytes * g.rows * g.slices,
                                VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &result);
  if (!*staging) return Device12::hresultFor(result);
  *staged = static_cast<unsigned char*>((*staging)->mapped());
  return S_OK;
}

// Moves the copied subresource between GENERAL (where every image lives) and a transfer layout.
void relayout(VkCommandBuffer cmd, Resource12& r, const Region& g, VkImageLayout from, VkImageLayout to) {
  const VkImageSubresourceLayers& l = g.copy.imageSubresource;
  vk::imageLayoutBarrier(cmd, r.image->handle(), {l.aspectMask, l.mipLevel, 1, l.baseArrayLayer, 1}, from, to);
}

HRESULT runCopy(Device12& device, Resource12& r, const Region& g, vk::Buffer& staging, bool toImage) {
  const VkImageLayout transfer = toImage ? VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL : VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkResult result = device.runNow([&](VkCommandBuffer cmd) {
    fullBarrier(cmd);
    relayout(cmd, r, g, VK_IMAGE_LAYOUT_GENERAL, transfer);
    if (toImage)
      vkCmdCopyBufferToImage(cmd, staging.handle(), r.image->handle(), transfer, 1, &g.copy);
    else
      vkCmdCopyImageToBuffer(cmd, r.image->handle(), transfer, staging.handle(), 1, &g.copy);
    relayout(cmd, r, g, transfer, VK_IMAGE_LAYOUT_GENERAL);
    fullBarrier(cmd);
  });
  return Device12::hresultFor(result);
}

HRESULT APIENTRY writeToSubresource(D3D12DDI_HDEVICE hDevice, D3D12DDI_HRESOURCE hResource, UINT subresource,
                                    const D3D12DDI_BOX* box, const VOID* src, UINT rowPitch, UINT depthPitch) try {
  Device12* device = Device12::from(hDevice);
  Resource12* r = Resource12::from(hResource);
  if (!device || !r || !box || !src) return E_INVALIDARG;
  Region g;
  std::string why;
  if (HRESULT hr = regionOf(*r, subresource, *box, &g, &why); FAILED(hr))
    return device->message(hr, "WriteToSubresource: " + why), hr;
  std::unique_ptr<vk::Buffer> staging;
  unsigned char* staged = nullptr;
  if (HRESULT hr = stagingFor(*device, g, &staged, &staging); FAILED(hr)) return hr;
  copyRows(staged, g.rowBytes, g.rowBytes * g.rows, static_cast<const unsigned char*>(src), rowPitch, depthPitch, g);
  return runCopy(*device, *r, g, *staging, true);
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY readFromSubresource(D3D12DDI_HDEVICE hDevice, VOID* dst, UINT rowPitch, UINT depthPitch,
                                     D3D12DDI_HRESOURCE hResource, UINT subresource, const D3D12DDI_BOX* box) try {
  Device12* device = Device12::from(hDevice);
  Resource12* r = Resource12::from(hResource);
  if (!device || !r || !box || !dst) return E_INVALIDARG;
  Region g;
  std::string why;
  if (HRESULT hr = regionOf(*r, subresource, *box, &g, &why); FAILED(hr))
    return device->message(hr, "ReadFromSubresource: " + why), hr;
  std::unique_ptr<vk::Buffer> staging;
  unsigned char* staged = nullptr;
  if (HRESULT hr = stagingFor(*device, g, &staged, &staging); FAILED(hr)) return hr;
  if (HRESULT hr = runCopy(*device, *r, g, *staging, false); FAILED(hr)) return hr;
  copyRows(static_cast<unsigned char*>(dst), rowPitch, depthPitch, staged, g.rowBytes, g.rowBytes * g.rows, g);
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace

void fillResourceCpuFuncs(D3DVKDDI_RESOURCE_CPU_FUNCS& f) {
  f.pfnWriteToSubresource = &writeToSubresource;
  f.pfnReadFromSubresource = &readFromSubresource;
}

}  // namespace d3dvk::umd12
