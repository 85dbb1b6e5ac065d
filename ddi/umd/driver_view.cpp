// ddi/umd/driver_view.cpp — see driver_view.h.
#include "driver_view.h"

#include "adapter.h"
#include "d3dvk_present.h"
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"
#include "emulated_blocks.h"
#include "native_draw.h"

#include <cstring>
#include <new>
#include <string>

namespace d3dvk::umd {

namespace {

// The format a view of `r` in `format` reads and writes: the resource's own
// (also for UNKNOWN), a typed member of its typeless family, or the sRGB form of a
// UNORM swapchain back buffer (d3dvk_present.h); null otherwise.
const state::FormatInfo* viewFormatFor(const Resource& r, DXGI_FORMAT format) {
  if (format == DXGI_FORMAT_UNKNOWN) return r.format->kind == state::FormatKind::Typeless ? nullptr : r.format;
  const state::FormatInfo* f = state::findFormat(format);
  if (f && (r.bindFlags & D3D10_DDI_BIND_PRESENT) && uint32_t(format) == D3DVKPresentSrgbViewFormat(r.format->dxgi))
    return f;
  return f && state::viewFormatFits(*r.format, *f) ? f : nullptr;
}

// The Vulkan format of a view's VkImageView: its own, except that a view of
// one aspect of a depth image keeps the image's format.
VkFormat imageViewFormat(const ImageViewRange& v) {
  return v.aspects == VK_IMAGE_ASPECT_COLOR_BIT ? v.viewFormat->vk : v.resource->format->vk;
}
// A shader-resource view of one aspect of a depth image reads as D3D's format
// does: R32_FLOAT / R24_UNORM_X8_TYPELESS (depth, 0, 0, 1),
// X24_TYPELESS_G8_UINT (0, stencil, 0, 1).
VkComponentMapping imageViewComponents(const ImageViewRange& v) {
  if (v.aspects == VK_IMAGE_ASPECT_DEPTH_BIT && !state::isDepthFormat(*v.viewFormat))
    return {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE};
  if (v.aspects == VK_IMAGE_ASPECT_STENCIL_BIT)
    return {VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE};
  // Formats Vulkan lacks, read from the image that holds them (resource_format.h).
  if (v.shaderRead && v.viewFormat && v.viewFormat->swizzle == state::ViewSwizzle::AlphaFromRed)
    return {VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_R};
  if (v.shaderRead && v.viewFormat && v.viewFormat->swizzle == state::ViewSwizzle::OpaqueAlpha)
    return {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
            VK_COMPONENT_SWIZZLE_ONE};
  return {};
}

// The image view's format and components: the view's, or for a format the
// device lacks, how the image that holds it reads (emulated_blocks.h), from
// the layers holding its reading (set after info.subresourceRange).
void setViewFormat(Device& device, const ImageViewRange& v, VkImageViewCreateInfo& info) {
  info.format = imageViewFormat(v);
  info.components = imageViewComponents(v);
  if (texture::EmulatedView emulated; emulatedViewFor(device.vk(), *v.resource->format, *v.viewFormat, &emulated)) {
    info.format = emulated.format;
    info.components = emulated.components;
    if (emulated.secondLayerSet && v.resource->layerSets > 1) info.subresourceRange.baseArrayLayer += v.resource->arraySize;
  }
}

// Fills the range and creates the VkImageView; E_INVALIDARG for a range or
// format the resource cannot provide.
// A Texture1D's views are 1D / 1D_ARRAY, a cube SRV's (`cube`: whole cubes of
// faces) CUBE / CUBE_ARRAY, the others 2D / 2D_ARRAY.
HRESULT initView(Device& device, ImageViewRange& v, D3D10DDI_HRESOURCE hResource, DXGI_FORMAT format, UINT firstMip,
                 UINT mipCount, UINT firstSlice, UINT sliceCount, VkImageAspectFlags aspects, bool cube = false) {
  Resource* r = Resource::from(hResource);
  if (!r || !r->image || !r->format) return E_INVALIDARG;
  const state::FormatInfo* viewFormat = viewFormatFor(*r, format);
  if (!viewFormat) return E_INVALIDARG;
  if (mipCount == UINT(-1)) mipCount = r->mipLevels - (firstMip < r->mipLevels ? firstMip : r->mipLevels);
  if (firstMip >= r->mipLevels || mipCount == 0 || mipCount > r->mipLevels - firstMip) return E_INVALIDARG;
  if (firstSlice >= r->arraySize || sliceCount == 0 || sliceCount > r->arraySize - firstSlice) return E_INVALIDARG;
  if (cube && (!r->cube || sliceCount % 6)) return E_INVALIDARG;
  v.resource = r;
  v.format = viewFormat->dxgi;
  v.viewFormat = viewFormat;
  v.firstMip = firstMip;
  v.mipCount = mipCount;
  v.firstSlice = firstSlice;
  v.sliceCount = sliceCount;
  v.aspects = aspects;
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = r->image->handle();
  v.viewType = cube               ? (sliceCount > 6 ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY : VK_IMAGE_VIEW_TYPE_CUBE)
               : r->isTexture1D() ? (sliceCount > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D)
                                  : (sliceCount > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D);
  info.viewType = v.viewType;
  info.subresourceRange = {aspects, firstMip, mipCount, firstSlice, sliceCount};
  setViewFormat(device, v, info);
  VkResult vr = VK_SUCCESS;
  v.view = vk::ImageView::create(device.vk(), info, &vr);
  return v.view ? S_OK : hresultFromVk(vr);
}

// A view of a Texture3D: SRVs and UAVs see it as a 3D image (mips [firstMip,
// +mipCount), every depth slice of them; a UAV's W slices [firstW, +wSize)
// are its W window, which the shader applies: `window` receives them, and
// the UAV's window buffer holds them, binding.h), render targets as a 2D array
// of the W slices [firstW, +wSize) of one mip (the image is 2D-array
// compatible). wSize UINT(-1): to the mip's last slice.
HRESULT initVolumeView(Device& device, ImageViewRange& v, Resource* r, DXGI_FORMAT format, UINT firstMip, UINT mipCount,
                       UINT firstW, UINT wSize, bool renderTarget, UINT (*window)[2] = nullptr) {
  if (!r || !r->image || !r->format || !r->isTexture3D()) return E_INVALIDARG;
  const state::FormatInfo* viewFormat = viewFormatFor(*r, format);
  if (!viewFormat) return E_INVALIDARG;
  if (mipCount == UINT(-1)) mipCount = firstMip < r->mipLevels ? r->mipLevels - firstMip : 0;
  if (firstMip >= r->mipLevels || mipCount == 0 || mipCount > r->mipLevels - firstMip) return E_INVALIDARG;
  const UINT depth = r->mipDepth(firstMip);
  if (wSize == UINT(-1)) wSize = firstW < depth ? depth - firstW : 0;
  if (firstW >= depth || wSize == 0 || wSize > depth - firstW) return E_INVALIDARG;
  if (window) (*window)[0] = firstW, (*window)[1] = wSize;
  v.resource = r;
  v.format = viewFormat->dxgi;
  v.viewFormat = viewFormat;
  v.firstMip = firstMip;
  v.mipCount = mipCount;
  v.firstSlice = renderTarget ? firstW : 0;
  v.sliceCount = renderTarget ? wSize : 1;
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = r->image->handle();
  v.viewType = renderTarget ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_3D;
  info.viewType = v.viewType;
  info.format = viewFormat->vk;
  if (texture::EmulatedView emulated; emulatedViewFor(device.vk(), *r->format, *viewFormat, &emulated)) {
    info.format = emulated.format;
    info.components = emulated.components;
  }
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, firstMip, mipCount, renderTarget ? firstW : 0,
                           renderTarget ? wSize : 1};
  VkResult vr = VK_SUCCESS;
  v.view = vk::ImageView::create(device.vk(), info, &vr);
  return v.view ? S_OK : hresultFromVk(vr);
}

// A single-slice (single-cube) view's range also as a one-layer 2D_ARRAY
// (1D_ARRAY, one-cube CUBE_ARRAY) view: the DDI does not say whether the
// application made a Texture2D or a Texture2DArray view, and the shader's
// declaration decides which Vulkan view type it uses.
HRESULT createOneLayerArrayView(Device& device, const ImageViewRange& v, std::unique_ptr<vk::ImageView>* out) {
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = v.resource->image->handle();
  info.viewType = v.viewType == VK_IMAGE_VIEW_TYPE_CUBE ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY
                  : v.viewType == VK_IMAGE_VIEW_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                        : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  info.subresourceRange = {v.aspects, v.firstMip, v.mipCount, v.firstSlice, v.sliceCount};
  setViewFormat(device, v, info);
  VkResult vr = VK_SUCCESS;
  *out = vk::ImageView::create(device.vk(), info, &vr);
  return *out ? S_OK : hresultFromVk(vr);
}

// Frees a view's one-layer array view once the GPU is done with the resource.
void releaseArrayView(Device& device, const ImageViewRange& v, std::unique_ptr<vk::ImageView>& arrayView) {
  if (!v.resource || !arrayView) return;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  device.queue().releaseAfter(v.resource->lastUse, std::move(arrayView));
}

// Ends a view: its VkImageView (or VkBufferView and counter) is freed once the GPU is done with the resource.
template <typename View>
void destroyView(Device& device, View* v) {
  std::lock_guard<std::mutex> lock(device.queueMutex());
  device.recorder().forgetView(v);  // a clear it has pending is recorded now
  if (v->resource && v->view)
    device.queue().releaseAfter(v->resource->lastUse, std::move(v->view));
  if constexpr (requires { v->window; }) {
    if (v->resource && v->window.texel) device.queue().releaseAfter(v->resource->lastUse, std::move(v->window.texel));
  }
  if constexpr (requires { v->counter; }) {
    if (v->counter) device.queue().releaseAfter(std::max<uint64_t>(v->counterLastUse, device.queue().openSerial()), std::move(v->counter));
  }
  if constexpr (requires { v->wWindow; }) {
    if (v->wWindow)
      device.queue().releaseAfter(std::max<uint64_t>(v->resource ? v->resource->lastUse : 0, device.queue().openSerial()),
                                  std::move(v->wWindow));
  }
  v->~View();
}

template <typename View>
void finishCreate(Device& device, View* view, HRESULT hr) {
  if (FAILED(hr)) {
    view->~View();
    device.setError(hr);
  }
}

}  // namespace

namespace {
// Whether a view's dimension fits its resource: TEXTURE2D views of 2D
// (also cube-compatible) textures, TEXTURE1D views of 1D ones.
bool twoDOrOneD(D3D10DDIRESOURCE_TYPE viewDimension, const Resource* r) {
  if (!r) return false;
  if (viewDimension == D3D10DDIRESOURCE_TEXTURE1D) return r->isTexture1D();
  return viewDimension == D3D10DDIRESOURCE_TEXTURE2D && r->dimension == D3D10DDIRESOURCE_TEXTURE2D;
}

// The WDDM 2.0 args' PlaneSlice (0 for every format d3dvk backs: none is planar).
template <typename Args>
UINT planeSliceOf(const Args& a) {
  if constexpr (requires { a.Tex2D.PlaneSlice; }) return a.Tex2D.PlaneSlice;
  return 0;
}

template <typename Args>
void createRenderTargetViewFrom(D3D10DDI_HDEVICE hDevice, const Args* a, D3D10DDI_HRENDERTARGETVIEW h) {
  Device* device = Device::from(hDevice);
  if (!a || !h.pDrvPrivate) return device->setError(E_INVALIDARG);
  auto* v = new (h.pDrvPrivate) RenderTargetView();
  HRESULT hr = E_INVALIDARG;
  Resource* r = Resource::from(a->hDrvResource);
  // (A TEXTURE1D view's args have the Texture2D layout.)
  if (twoDOrOneD(a->ResourceDimension, r) && r->format && !state::isDepthFormat(*r->format) &&
      (r->bindFlags & D3D10_DDI_BIND_RENDER_TARGET) && planeSliceOf(*a) == 0)
    hr = initView(*device, *v, a->hDrvResource, a->Format, a->Tex2D.MipSlice, 1, a->Tex2D.FirstArraySlice,
                  a->Tex2D.ArraySize, VK_IMAGE_ASPECT_COLOR_BIT);
  else if (a->ResourceDimension == D3D10DDIRESOURCE_TEXTURE3D && r && (r->bindFlags & D3D10_DDI_BIND_RENDER_TARGET))
    hr = initVolumeView(*device, *v, r, a->Format, a->Tex3D.MipSlice, 1, a->Tex3D.FirstW, a->Tex3D.WSize, true);
  finishCreate<RenderTargetView>(*device, v, hr);
}

template <typename Args>
void createShaderResourceViewFrom(D3D10DDI_HDEVICE hDevice, const Args* a, D3D10DDI_HSHADERRESOURCEVIEW h) {
  Device* device = Device::from(hDevice);
  if (!a || !h.pDrvPrivate) return device->setError(E_INVALIDARG);
  auto* v = new (h.pDrvPrivate) ShaderResourceView();
  v->shaderRead = true;
  HRESULT hr = E_INVALIDARG;
  Resource* r = Resource::from(a->hDrvResource);
  const bool cube = a->ResourceDimension == D3D10DDIRESOURCE_TEXTURECUBE;
  if ((twoDOrOneD(a->ResourceDimension, r) || (cube && r && r->cube)) && r->format &&
      (r->bindFlags & D3D10_DDI_BIND_SHADER_RESOURCE) && planeSliceOf(*a) == 0) {
    // A depth image is read one aspect at a time, in the aspect's format (state::depthViewAspect).
    VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT;
    if (state::isDepthFormat(*r->format)) {
      const state::FormatInfo* f = state::findFormat(a->Format);
      aspects = f ? state::depthViewAspect(*r->format, *f) : 0;
    }
    if (aspects && cube)
      hr = a->TexCube.NumCubes == 0 || a->TexCube.NumCubes > r->arraySize / 6
               ? E_INVALIDARG
               : initView(*device, *v, a->hDrvResource, a->Format, a->TexCube.MostDetailedMip, a->TexCube.MipLevels,
                          a->TexCube.First2DArrayFace, a->TexCube.NumCubes * 6, aspects, true);
    else if (aspects)
      hr = initView(*device, *v, a->hDrvResource, a->Format, a->Tex2D.MostDetailedMip, a->Tex2D.MipLevels,
                    a->Tex2D.FirstArraySlice, a->Tex2D.ArraySize, aspects);
    if (SUCCEEDED(hr) && (v->sliceCount == 1 || v->viewType == VK_IMAGE_VIEW_TYPE_CUBE))
      hr = createOneLayerArrayView(*device, *v, &v->arrayView);
  } else if (a->ResourceDimension == D3D10DDIRESOURCE_TEXTURE3D && r && (r->bindFlags & D3D10_DDI_BIND_SHADER_RESOURCE))
    hr = initVolumeView(*device, *v, r, a->Format, a->Tex3D.MostDetailedMip, a->Tex3D.MipLevels, 0, UINT(-1), false);
  else if (r && a->ResourceDimension == D3D10DDIRESOURCE_BUFFER)
    hr = initBufferShaderResourceView(*device, *v, *r, a->Format, a->Buffer.FirstElement, a->Buffer.NumElements, 0);
  else if (r && a->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX)
    hr = initBufferShaderResourceView(*device, *v, *r, a->Format, a->BufferEx.FirstElement, a->BufferEx.NumElements,
                                      a->BufferEx.Flags);
  finishCreate<ShaderResourceView>(*device, v, hr);
}
}  // namespace

SIZE_T APIENTRY calcPrivateRenderTargetViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW*) {
  return sizeof(RenderTargetView);
}
SIZE_T APIENTRY calcPrivateRenderTargetViewSize11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATERENDERTARGETVIEW*) {
  return sizeof(RenderTargetView);
}
VOID APIENTRY createRenderTargetView(D3D10DDI_HDEVICE hDevice, const D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW* a,
                                     D3D10DDI_HRENDERTARGETVIEW h, D3D10DDI_HRTRENDERTARGETVIEW) {
  createRenderTargetViewFrom(hDevice, a, h);
}
VOID APIENTRY createRenderTargetView11_1(D3D10DDI_HDEVICE hDevice, const D3D10DDIARG_CREATERENDERTARGETVIEW* a,
                                         D3D10DDI_HRENDERTARGETVIEW h, D3D10DDI_HRTRENDERTARGETVIEW) {
  createRenderTargetViewFrom(hDevice, a, h);
}

VOID APIENTRY destroyRenderTargetView(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRENDERTARGETVIEW h) {
  if (!h.pDrvPrivate) return;
  Device* device = Device::from(hDevice);
  RenderTargetView* v = RenderTargetView::from(h);
  bool wasBound = false;
  for (RenderTargetView*& bound : device->boundRenderTargets)
    if (bound == v) bound = nullptr, wasBound = true;
  if (wasBound) device->outputsChanged();
  destroyView(*device, v);
}

SIZE_T APIENTRY calcPrivateDepthStencilViewSize(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW*) {
  return sizeof(DepthStencilView);
}

VOID APIENTRY createDepthStencilView(D3D10DDI_HDEVICE hDevice, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW* a,
                                     D3D10DDI_HDEPTHSTENCILVIEW h, D3D10DDI_HRTDEPTHSTENCILVIEW) {
  Device* device = Device::from(hDevice);
  if (!a || !h.pDrvPrivate) return device->setError(E_INVALIDARG);
  auto* v = new (h.pDrvPrivate) DepthStencilView();
  v->flags = a->Flags;
  HRESULT hr = E_INVALIDARG;
  Resource* r = Resource::from(a->hDrvResource);
  const state::FormatInfo* viewFormat = state::findFormat(a->Format);
  if (twoDOrOneD(a->ResourceDimension, r) && r->format && state::isDepthFormat(*r->format) &&
      viewFormat && state::isDepthFormat(*viewFormat) && (r->bindFlags & D3D10_DDI_BIND_DEPTH_STENCIL))
    hr = initView(*device, *v, a->hDrvResource, a->Format, a->Tex2D.MipSlice, 1, a->Tex2D.FirstArraySlice,
                  a->Tex2D.ArraySize, state::formatAspects(*r->format));
  finishCreate<DepthStencilView>(*device, v, hr);
}

VkImageAspectFlags DepthStencilView::writableAspects() const {
  VkImageAspectFlags writable = aspects;
  if (flags & D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH) writable &= ~VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT);
  if (flags & D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL) writable &= ~VkImageAspectFlags(VK_IMAGE_ASPECT_STENCIL_BIT);
  return writable;
}

VkImageLayout DepthStencilView::attachmentLayout() const {
  const VkImageAspectFlags writable = writableAspects();
  const bool depthWritable = writable & VK_IMAGE_ASPECT_DEPTH_BIT;
  const bool stencilWritable = writable & VK_IMAGE_ASPECT_STENCIL_BIT;
  if (!depthWritable && !stencilWritable) return VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL;
  if (!depthWritable) return VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL;
  if ((aspects & VK_IMAGE_ASPECT_STENCIL_BIT) && !stencilWritable)
    return VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL;
  return VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
}

VOID APIENTRY destroyDepthStencilView(D3D10DDI_HDEVICE hDevice, D3D10DDI_HDEPTHSTENCILVIEW h) {
  if (!h.pDrvPrivate) return;
  Device* device = Device::from(hDevice);
  DepthStencilView* v = DepthStencilView::from(h);
  if (device->boundDepthStencil == v) {
    device->boundDepthStencil = nullptr;
    device->outputsChanged();
  }
  destroyView(*device, v);
}

SIZE_T APIENTRY calcPrivateShaderResourceViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW*) {
  return sizeof(ShaderResourceView);
}
SIZE_T APIENTRY calcPrivateShaderResourceViewSize11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATESHADERRESOURCEVIEW*) {
  return sizeof(ShaderResourceView);
}
VOID APIENTRY createShaderResourceView(D3D10DDI_HDEVICE hDevice, const D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW* a,
                                       D3D10DDI_HSHADERRESOURCEVIEW h, D3D10DDI_HRTSHADERRESOURCEVIEW) {
  createShaderResourceViewFrom(hDevice, a, h);
}
VOID APIENTRY createShaderResourceView11_1(D3D10DDI_HDEVICE hDevice, const D3D11DDIARG_CREATESHADERRESOURCEVIEW* a,
                                           D3D10DDI_HSHADERRESOURCEVIEW h, D3D10DDI_HRTSHADERRESOURCEVIEW) {
  createShaderResourceViewFrom(hDevice, a, h);
}

VOID APIENTRY destroyShaderResourceView(D3D10DDI_HDEVICE hDevice, D3D10DDI_HSHADERRESOURCEVIEW h) {
  if (!h.pDrvPrivate) return;
  Device* device = Device::from(hDevice);
  ShaderResourceView* v = ShaderResourceView::from(h);
  forgetCollectedDescriptors(*device);
  device->draw.unbind(v);
  device->compute.unbind(v);
  releaseArrayView(*device, *v, v->arrayView);
  destroyView(*device, v);
}

namespace {

// A Texture3D UAV's W window short of its whole mip: Vulkan clears whole 3D
// mips only, so a scratch image of the window's extent is cleared and copied
// into the window's slices (a rare call: the scratch lives until the batch ends).
void clearVolumeWindow(Device& device, VkCommandBuffer cmd, UnorderedAccessView& v, const VkClearColorValue& bits,
                       uint32_t firstW, uint32_t wSize) {
  Resource& r = *v.resource;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_3D;
  info.format = r.format->vk;
  info.extent = {r.mipWidth(v.firstMip), r.mipHeight(v.firstMip), wSize};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkResult vr = VK_SUCCESS;
  std::unique_ptr<vk::Image> scratch = vk::Image::create(device.vk(), info, &vr);
  if (!scratch) return device.setVkError(vr);
  const VkImageSubresourceRange whole{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  imageBarrier(cmd, scratch->handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdClearColorImage(cmd, scratch->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &bits, 1, &whole);
  imageBarrier(cmd, scratch->handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  VkImageCopy region{};
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, v.firstMip, 0, 1};
  region.dstOffset = {0, 0, int32_t(firstW)};
  region.extent = info.extent;
  vkCmdCopyImage(cmd, scratch->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r.image->handle(),
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
  device.queue().releaseAfter(device.queue().openSerial(), std::move(scratch));
}

// Clears every texel of the view's mip and slices (outside any rendering).
void clearUav(Device& device, UnorderedAccessView* v, const VkClearColorValue& value) {
  std::lock_guard<std::mutex> lock(device.queueMutex());
  const PredicatedTransfer predicated(device, subresourceDestinations(*v->resource, v->firstMip, 1, v->firstSlice, v->sliceCount));
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device.record();
  if (!cmd) return;
  // (A Texture3D's view covers its whole mip: one "layer" of the 3D image.)
  VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, v->firstMip, 1, v->firstSlice, v->sliceCount};
  transitionImage(cmd, *v->resource, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  // (A typeless image clears with the bits the view's format gives the value.)
  const VkClearColorValue bits = state::clearValueForImage(*v->viewFormat, *v->resource->format, value);
  markUsed(device, *v->resource);
  if (v->wWindow) {  // a Texture3D UAV: (FirstWSlice, WSize) in its window buffer
    uint32_t window[2];
    std::memcpy(window, v->wWindow->mapped(), sizeof window);
    if (window[0] != 0 || window[1] != v->resource->mipDepth(v->firstMip))
      return clearVolumeWindow(device, cmd, *v, bits, window[0], window[1]);
  }
  vkCmdClearColorImage(cmd, v->resource->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &bits, 1, &range);
}

}  // namespace

SIZE_T APIENTRY calcPrivateUnorderedAccessViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW*) {
  return sizeof(UnorderedAccessView);
}
SIZE_T APIENTRY calcPrivateUnorderedAccessViewSize11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW*) {
  return sizeof(UnorderedAccessView);
}

namespace {
template <typename Args>
void createUavFrom(D3D10DDI_HDEVICE hDevice, const Args* a, D3D11DDI_HUNORDEREDACCESSVIEW h) {
  Device* device = Device::from(hDevice);
  if (!a || !h.pDrvPrivate) return device->setError(E_INVALIDARG);
  auto* v = new (h.pDrvPrivate) UnorderedAccessView();
  HRESULT hr = E_INVALIDARG;
  Resource* r = Resource::from(a->hDrvResource);
  if (r && a->ResourceDimension == D3D10DDIRESOURCE_BUFFER) {
    hr = initBufferUnorderedAccessView(*device, *v, *r, a->Format, a->Buffer.FirstElement, a->Buffer.NumElements,
                                       a->Buffer.Flags);
  } else if (twoDOrOneD(a->ResourceDimension, r) && r->format &&
             !state::isDepthFormat(*r->format) && (r->bindFlags & D3D11_DDI_BIND_UNORDERED_ACCESS) &&
             r->samples == 1 && planeSliceOf(*a) == 0) {
    hr = initView(*device, *v, a->hDrvResource, a->Format, a->Tex2D.MipSlice, 1, a->Tex2D.FirstArraySlice,
                  a->Tex2D.ArraySize, VK_IMAGE_ASPECT_COLOR_BIT);
    if (SUCCEEDED(hr) && v->sliceCount == 1) hr = createOneLayerArrayView(*device, *v, &v->arrayView);
  } else if (a->ResourceDimension == D3D10DDIRESOURCE_TEXTURE3D && r && (r->bindFlags & D3D11_DDI_BIND_UNORDERED_ACCESS)) {
    UINT window[2] = {0, 0};
    hr = initVolumeView(*device, *v, r, a->Format, a->Tex3D.MipSlice, 1, a->Tex3D.FirstW, a->Tex3D.WSize, false,
                        &window);
    if (SUCCEEDED(hr)) {
      // The W window the shader applies (binding.h): FirstWSlice, WSize.
      VkResult vr = VK_SUCCESS;
      v->wWindow = vk::Buffer::create(device->vk(), 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true, &vr);
      if (!v->wWindow) {
        hr = hresultFromVk(vr);
      } else {
        const uint32_t words[4] = {window[0], window[1], 0, 0};
        std::memcpy(v->wWindow->mapped(), words, sizeof words);
      }
    }
  }
  if (SUCCEEDED(hr) && v->viewFormat)
    v->typedLoads = (formatCaps(device->vk(), v->viewFormat->dxgi, true) & D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS) != 0;
  finishCreate<UnorderedAccessView>(*device, v, hr);
}
}  // namespace

VOID APIENTRY createUnorderedAccessView(D3D10DDI_HDEVICE hDevice, const D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW* a,
                                        D3D11DDI_HUNORDEREDACCESSVIEW h, D3D11DDI_HRTUNORDEREDACCESSVIEW) {
  createUavFrom(hDevice, a, h);
}

VOID APIENTRY createUnorderedAccessView11_1(D3D10DDI_HDEVICE hDevice, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW* a,
                                            D3D11DDI_HUNORDEREDACCESSVIEW h, D3D11DDI_HRTUNORDEREDACCESSVIEW) {
  createUavFrom(hDevice, a, h);
}

VOID APIENTRY destroyUnorderedAccessView(D3D10DDI_HDEVICE hDevice, D3D11DDI_HUNORDEREDACCESSVIEW h) {
  if (!h.pDrvPrivate) return;
  Device* device = Device::from(hDevice);
  UnorderedAccessView* v = UnorderedAccessView::from(h);
  forgetCollectedDescriptors(*device);
  bool wasBound = false;
  for (UnorderedAccessView*& bound : device->boundUnorderedAccessViews)
    if (bound == v) bound = nullptr, wasBound = true;
  if (wasBound) device->outputsChanged();
  device->compute.unbind(v);
  releaseArrayView(*device, *v, v->arrayView);
  destroyView(*device, v);
}

VOID APIENTRY clearUnorderedAccessViewUint(D3D10DDI_HDEVICE hDevice, D3D11DDI_HUNORDEREDACCESSVIEW h,
                                           const UINT values[4]) {
  Device* device = Device::from(hDevice);
  UnorderedAccessView* v = UnorderedAccessView::from(h);
  if (!v || !v->resource || !values) return device->setError(E_INVALIDARG);
  if (v->isBuffer) return clearBufferUnorderedAccessView(*device, *v, values);
  clearUav(*device, v, state::uavClearColorFromBits(*v->viewFormat, values));
}

VOID APIENTRY clearUnorderedAccessViewFloat(D3D10DDI_HDEVICE hDevice, D3D11DDI_HUNORDEREDACCESSVIEW h,
                                            const FLOAT values[4]) {
  Device* device = Device::from(hDevice);
  UnorderedAccessView* v = UnorderedAccessView::from(h);
  if (!v || !v->resource || !values) return device->setError(E_INVALIDARG);
  if (v->isBuffer) return clearBufferUnorderedAccessViewFloat(*device, *v, values);
  clearUav(*device, v, state::clearColorFor(*v->viewFormat, values));
}

namespace {
// A clear of the whole of `v` (ClearRenderTargetView / ClearDepthStencilView) as Recorder::deferClear keeps it.
PendingClear pendingClear(const ImageViewRange& v, VkImageAspectFlags aspects, const VkClearValue& attachmentValue,
                          const VkClearColorValue& imageValue) {
  PendingClear c;
  c.owner = &v;
  c.resource = v.resource;
  c.view = v.view->handle();
  c.range = {aspects, v.firstMip, v.mipCount, v.firstSlice, v.sliceCount};
  c.width = v.resource->mipWidth(v.firstMip);
  c.height = v.resource->mipHeight(v.firstMip);
  c.attachmentValue = attachmentValue;
  c.imageValue = imageValue;
  return c;
}
}  // namespace

VOID APIENTRY clearRenderTargetView(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRENDERTARGETVIEW h, FLOAT color[4]) {
  Device* device = Device::from(hDevice);
  RenderTargetView* v = RenderTargetView::from(h);
  if (!v || !v->resource || !color) return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  VkClearColorValue value = state::clearColorFor(*v->viewFormat, color);
  VkClearAttachment inPass{VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
  inPass.clearValue.color = value;
  {
    const PredicatedCommand predicated(*device);  // an attachment clear renders conditionally
    if (predicated.skipped()) return;
    if (recordAttachmentClear(*device, *v, inPass)) return;
  }
  // No predicate set: the next instance rendering it loads the clear.
  if (!device->predication.query && !v->resource->isTexture3D() &&
      device->recorder().deferClear(pendingClear(*v, VK_IMAGE_ASPECT_COLOR_BIT, inPass.clearValue,
                                                 state::clearValueForImage(*v->viewFormat, *v->resource->format, value))))
    return;
  // A transfer clear (or a Texture3D's rendering instance), predicated as a transfer.
  const PredicatedTransfer predicated(
      *device, subresourceDestinations(*v->resource, v->firstMip, v->mipCount, v->firstSlice, v->sliceCount));
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  if (v->resource->isTexture3D()) {
    // A Texture3D's W slices: cleared as the view's layers by a rendering instance (vkCmdClearColorImage would clear the whole mip).
    transitionImage(cmd, *v->resource, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    attachment.imageView = v->view->handle();
    attachment.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.clearValue.color = value;
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {v->resource->mipWidth(v->firstMip), v->resource->mipHeight(v->firstMip)}};
    rendering.layerCount = v->sliceCount;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &attachment;
    vkCmdBeginRendering(cmd, &rendering);
    vkCmdEndRendering(cmd);
    markUsed(*device, *v->resource);
    return;
  }
  VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, v->firstMip, v->mipCount, v->firstSlice, v->sliceCount};
  transitionImage(cmd, *v->resource, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  value = state::clearValueForImage(*v->viewFormat, *v->resource->format, value);
  vkCmdClearColorImage(cmd, v->resource->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
  markUsed(*device, *v->resource);
}

VOID APIENTRY clearDepthStencilView(D3D10DDI_HDEVICE hDevice, D3D10DDI_HDEPTHSTENCILVIEW h, UINT flags, FLOAT depth,
                                    UINT8 stencil) {
  Device* device = Device::from(hDevice);
  DepthStencilView* v = DepthStencilView::from(h);
  if (!v || !v->resource) return device->setError(E_INVALIDARG);
  VkImageAspectFlags aspects = 0;
  const VkImageAspectFlags available = state::formatAspects(*v->resource->format);
  if (flags & D3D10_DDI_CLEAR_DEPTH) aspects |= VK_IMAGE_ASPECT_DEPTH_BIT;
  if (flags & D3D10_DDI_CLEAR_STENCIL) aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
  // Nothing is written through a read-only plane of the view, a clear neither
  // (shader-resource views may read it meanwhile).
  aspects &= available & v->writableAspects();
  if (!aspects) return;
  std::lock_guard<std::mutex> lock(device->queueMutex());
  VkClearDepthStencilValue value{depth, stencil};
  VkClearAttachment inPass{aspects, 0, {}};
  inPass.clearValue.depthStencil = value;
  {
    const PredicatedCommand predicated(*device);  // an attachment clear renders conditionally
    if (predicated.skipped()) return;
    if (recordAttachmentClear(*device, *v, inPass)) return;
  }
  if (!device->predication.query && device->recorder().deferClear(pendingClear(*v, aspects, inPass.clearValue, {})))
    return;  // no predicate set: the next instance rendering it loads the clear
  const PredicatedTransfer predicated(
      *device, subresourceDestinations(*v->resource, v->firstMip, v->mipCount, v->firstSlice, v->sliceCount));
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  VkImageSubresourceRange range{aspects, v->firstMip, v->mipCount, v->firstSlice, v->sliceCount};
  transitionImage(cmd, *v->resource, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdClearDepthStencilImage(cmd, v->resource->image->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1,
                              &range);
  markUsed(*device, *v->resource);
}

// UAVs: slots [uavStart, uavStart + numUAVs) take the given views; the other
// slots of the updated range [rangeStart, rangeStart + rangeSize) become empty.
VOID APIENTRY setRenderTargets(D3D10DDI_HDEVICE hDevice, const D3D10DDI_HRENDERTARGETVIEW* rtvs, UINT numRTVs, UINT,
                               D3D10DDI_HDEPTHSTENCILVIEW dsv, const D3D11DDI_HUNORDEREDACCESSVIEW* uavs,
                               const UINT* initialCounts, UINT uavStart, UINT numUAVs, UINT rangeStart, UINT rangeSize) {
  Device* device = Device::from(hDevice);
  constexpr UINT kUavSlots = Device::kMaxUnorderedAccessViews;
  if (numRTVs > Device::kMaxRenderTargets || (numRTVs && !rtvs) || (numUAVs && !uavs) || uavStart > kUavSlots ||
      numUAVs > kUavSlots - uavStart || rangeStart > kUavSlots || rangeSize > kUavSlots - rangeStart)
    return device->setError(E_INVALIDARG);
  for (UINT slot = rangeStart; slot < rangeStart + rangeSize; ++slot) device->boundUnorderedAccessViews[slot] = nullptr;
  for (UINT i = 0; i < numUAVs; ++i) {
    UnorderedAccessView* v = UnorderedAccessView::from(uavs[i]);
    device->boundUnorderedAccessViews[uavStart + i] = v;
    // An append/counter view's hidden counter takes the initial count (UINT(-1): kept).
    if (v && initialCounts && initialCounts[i] != UINT(-1)) setUavCounter(*device, *v, initialCounts[i]);
  }
  for (UINT i = 0; i < Device::kMaxRenderTargets; ++i)
    device->boundRenderTargets[i] = i < numRTVs ? RenderTargetView::from(rtvs[i]) : nullptr;
  device->boundRenderTargetCount = numRTVs;
  device->boundDepthStencil = DepthStencilView::from(dsv);
  device->outputsChanged();
}

}  // namespace d3dvk::umd
