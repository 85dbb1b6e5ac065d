// ddi/umd/driver_view.h — the driver's render-target, depth-stencil,
// shader-resource (Texture2D(MS)(Array), Texture3D, typed/raw/structured
// buffers) and unordered-access (RWTexture2D(Array), RWTexture3D, typed/raw/
// structured buffers, append/counter) view objects, constructed in
// runtime-allocated memory: the resource, the subresource range and a
// VkImageView, or for a buffer view its byte window (and VkBufferView when
// typed; driver_buffer_view.cpp), for the draw and dispatch paths.
// Also the four clear DDIs and SetRenderTargets (render targets, depth-stencil
// and the pixel shader's UAV slots); the SRV bindings are draw state (driver_draw.h).
#pragma once

#include "d3d10umddi.h"
#include "resource_format.h"  // translate/state
#include "vk_resources.h"

#include <memory>

namespace d3dvk::umd {

struct Resource;
class Device;

struct ImageViewRange {
  Resource* resource = nullptr;
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;  // the view's format (a typed member of a typeless resource's family)
  const state::FormatInfo* viewFormat = nullptr;
  UINT firstMip = 0, mipCount = 1, firstSlice = 0, sliceCount = 1;
  // The image aspects the view covers (one of a depth image's for a shader-resource view, state::depthViewAspect).
  VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT;
  VkImageViewType viewType = VK_IMAGE_VIEW_TYPE_2D;  // of `view` (image views)
  // A shader-resource view: takes its format's swizzle (state::ViewSwizzle; A8_UNORM, B8G8R8X8).
  bool shaderRead = false;
  std::unique_ptr<vk::ImageView> view;
};

struct RenderTargetView : ImageViewRange {
  static RenderTargetView* from(D3D10DDI_HRENDERTARGETVIEW h) { return static_cast<RenderTargetView*>(h.pDrvPrivate); }
};
struct DepthStencilView : ImageViewRange {
  UINT flags = 0;  // D3D11_DDI_CREATE_DSV_READ_ONLY_*
  // Read-only depth/stencil (D3D11.3 §17.13): the aspects the output merger
  // may write through this view (its format's, less the read-only ones; the
  // draw forces writes to the others off), and the layout the view is an
  // attachment in: read-only for those aspects, so that shader-resource views
  // of them can be read in the same draw (in this layout too).
  VkImageAspectFlags writableAspects() const;
  VkImageLayout attachmentLayout() const;
  static DepthStencilView* from(D3D10DDI_HDEPTHSTENCILVIEW h) { return static_cast<DepthStencilView*>(h.pDrvPrivate); }
};
// A buffer view's window of its buffer: raw views see dwords, structured views
// elements of the buffer's stride, typed views texels of their format (through
// a VkBufferView). Its descriptor (the texel view, or the storage buffer's
// range) starts `shift` elements (typed) or dwords (raw, structured) before
// the window, at the aligned byte Vulkan needs (binding.h's buffer view shifts).
struct BufferWindow {
  VkDeviceSize offset = 0, size = 0;  // bytes: the view's own elements
  UINT elementBytes = 0;
  UINT shift = 0;
  bool raw = false, structured = false;
  std::unique_ptr<vk::BufferView> texel;  // typed views
  bool typed() const { return !raw && !structured; }
  VkDeviceSize shiftBytes() const { return VkDeviceSize(shift) * (typed() ? elementBytes : 4); }
  // The descriptor's bytes of the buffer (from the resource's start).
  VkDeviceSize descriptorOffset() const { return offset - shiftBytes(); }
  VkDeviceSize descriptorSize() const { return size + shiftBytes(); }
};

struct ShaderResourceView : ImageViewRange {
  bool isBuffer = false;  // a buffer view: `window` instead of the image views
  BufferWindow window;
  // A single-slice view also as a one-layer 2D_ARRAY view: the DDI does not say
  // whether the application made a Texture2D or a Texture2DArray view, and the
  // shader's declaration decides which Vulkan view type it reads.
  std::unique_ptr<vk::ImageView> arrayView;
  // The last declaration shape (dimension and return type) this view passed
  // the draw's checks for, and the image view it read through then: those
  // checks depend only on the view and the shape, so a draw that binds the
  // view for the same shape again asks only the hazard rule
  // (descriptor_binding.cpp). 0: none yet. Written under the device's lock.
  mutable uint32_t servedShape = 0;
  mutable VkImageView servedImage = VK_NULL_HANDLE;
  static ShaderResourceView* from(D3D10DDI_HSHADERRESOURCEVIEW h) {
    return static_cast<ShaderResourceView*>(h.pDrvPrivate);
  }
};

// A UAV is one mip of one or more slices; the draw path binds it as a storage
// image in the GENERAL layout.
struct UnorderedAccessView : ImageViewRange {
  // A single-slice view also as a one-layer 2D_ARRAY view (like ShaderResourceView).
  std::unique_ptr<vk::ImageView> arrayView;
  bool isBuffer = false;  // a buffer view: `window` instead of the image views
  // Shaders may load from it (ld_uav_typed): its format has
  // D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS (formatCaps).
  bool typedLoads = false;
  BufferWindow window;
  // APPEND / COUNTER views (D3D11_DDI_BUFFER_UAV_FLAG_*): the hidden counter, a
  // uint in its own buffer, set by the UAV bindings' initial counts and read by
  // CopyStructureCount.
  UINT flags = 0;
  std::shared_ptr<vk::Buffer> counter;
  VkDeviceSize counterLastUse = 0;
  // Texture3D views: the W window (FirstWSlice, WSize in a storage buffer) a
  // RWTexture3D applies to its z coordinate (the image view is the whole mip).
  std::shared_ptr<vk::Buffer> wWindow;
  static UnorderedAccessView* from(D3D11DDI_HUNORDEREDACCESSVIEW h) {
    return static_cast<UnorderedAccessView*>(h.pDrvPrivate);
  }
};

// The WDDM 2.0 table's view entry points take the D3DWDDM2_0DDIARG_* args
// (Texture2D with a PlaneSlice, which must be 0); the *11_1 ones the D3D11.1 table's.
SIZE_T APIENTRY calcPrivateRenderTargetViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW*);
VOID APIENTRY createRenderTargetView(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW*,
                                     D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW);
SIZE_T APIENTRY calcPrivateRenderTargetViewSize11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATERENDERTARGETVIEW*);
VOID APIENTRY createRenderTargetView11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATERENDERTARGETVIEW*,
                                         D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW);
VOID APIENTRY destroyRenderTargetView(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW);
SIZE_T APIENTRY calcPrivateDepthStencilViewSize(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW*);
VOID APIENTRY createDepthStencilView(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW*,
                                     D3D10DDI_HDEPTHSTENCILVIEW, D3D10DDI_HRTDEPTHSTENCILVIEW);
VOID APIENTRY destroyDepthStencilView(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW);
SIZE_T APIENTRY calcPrivateShaderResourceViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW*);
VOID APIENTRY createShaderResourceView(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW*,
                                       D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRTSHADERRESOURCEVIEW);
SIZE_T APIENTRY calcPrivateShaderResourceViewSize11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATESHADERRESOURCEVIEW*);
VOID APIENTRY createShaderResourceView11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATESHADERRESOURCEVIEW*,
                                           D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRTSHADERRESOURCEVIEW);
VOID APIENTRY destroyShaderResourceView(D3D10DDI_HDEVICE, D3D10DDI_HSHADERRESOURCEVIEW);

// The WDDM 2.0 table's entry points (Texture2D with a PlaneSlice, which must be
// 0) and the D3D11.1 table's.
SIZE_T APIENTRY calcPrivateUnorderedAccessViewSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW*);
VOID APIENTRY createUnorderedAccessView(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW*,
                                        D3D11DDI_HUNORDEREDACCESSVIEW, D3D11DDI_HRTUNORDEREDACCESSVIEW);
SIZE_T APIENTRY calcPrivateUnorderedAccessViewSize11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW*);
VOID APIENTRY createUnorderedAccessView11_1(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW*,
                                            D3D11DDI_HUNORDEREDACCESSVIEW, D3D11DDI_HRTUNORDEREDACCESSVIEW);
VOID APIENTRY destroyUnorderedAccessView(D3D10DDI_HDEVICE, D3D11DDI_HUNORDEREDACCESSVIEW);
VOID APIENTRY clearUnorderedAccessViewUint(D3D10DDI_HDEVICE, D3D11DDI_HUNORDEREDACCESSVIEW, const UINT[4]);
VOID APIENTRY clearUnorderedAccessViewFloat(D3D10DDI_HDEVICE, D3D11DDI_HUNORDEREDACCESSVIEW, const FLOAT[4]);

// Buffer views (driver_buffer_view.cpp): fill `view` from the DDI's buffer
// args; E_INVALIDARG for a window, format or flag the buffer cannot provide,
// E_NOTIMPL for what d3dvk cannot back (logged).
HRESULT initBufferShaderResourceView(Device& device, ShaderResourceView& view, Resource& buffer, DXGI_FORMAT format,
                                     UINT firstElement, UINT numElements, UINT bufferExFlags);
HRESULT initBufferUnorderedAccessView(Device& device, UnorderedAccessView& view, Resource& buffer, DXGI_FORMAT format,
                                      UINT firstElement, UINT numElements, UINT flags);
// Records the clear of a buffer UAV's window, exactly its elements (raw/structured:
// values[0] in every dword; typed: the value converted to the view's format).
void clearBufferUnorderedAccessView(Device& device, UnorderedAccessView& view, const UINT values[4]);
void clearBufferUnorderedAccessViewFloat(Device& device, UnorderedAccessView& view, const FLOAT values[4]);
// Records setting a UAV's hidden counter (a bound view with an initial count other than UINT(-1)).
void setUavCounter(Device& device, UnorderedAccessView& view, UINT value);

VOID APIENTRY clearRenderTargetView(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW, FLOAT color[4]);
// ClearView (driver_clear_view.cpp).
VOID APIENTRY clearView(D3D10DDI_HDEVICE, D3D11DDI_HANDLETYPE viewType, VOID* hView, const FLOAT color[4],
                        const D3D10_DDI_RECT* rects, UINT numRects);
VOID APIENTRY clearDepthStencilView(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW, UINT flags, FLOAT depth,
                                    UINT8 stencil);
VOID APIENTRY setRenderTargets(D3D10DDI_HDEVICE, const D3D10DDI_HRENDERTARGETVIEW*, UINT, UINT,
                               D3D10DDI_HDEPTHSTENCILVIEW, const D3D11DDI_HUNORDEREDACCESSVIEW*, const UINT*, UINT,
                               UINT, UINT, UINT);

}  // namespace d3dvk::umd
