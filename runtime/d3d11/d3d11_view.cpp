// runtime/d3d11/d3d11_view.cpp — see d3d11_view.h.
#include "d3d11_view.h"

#include "d3d11_device.h"

#include <new>

namespace d3dvk::runtime {

namespace {
template <typename Interface, typename Self>
HRESULT queryView(Self* self, REFIID riid, void** ppvObject) {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11View) ||
      riid == __uuidof(Interface)) {
    self->AddRef();
    *ppvObject = static_cast<Interface*>(self);
    return S_OK;
  }
  return E_NOINTERFACE;
}

// Creates a view's driver object through one table's CalcPrivate*ViewSize /
// Create*View pair (the runtime handle is the view).
template <typename Args, typename Handle, typename RtHandle>
HRESULT createInDriver(DdiDevice& ddi, DriverObject<Handle>& object, VOID(APIENTRY* destroy)(D3D10DDI_HDEVICE, Handle),
                       const Args& args, SIZE_T(APIENTRY* calc)(D3D10DDI_HDEVICE, const Args*),
                       VOID(APIENTRY* create)(D3D10DDI_HDEVICE, const Args*, Handle, RtHandle), void* view) {
  return object.create(
      ddi, destroy, [&] { return calc(ddi.handle(), &args); },
      [&](Handle h) { create(ddi.handle(), &args, h, RtHandle{view}); });
}

// Render-target and UAV args: a Texture2D view of one mip and a slice range.
// (A Texture1D's: a TEXTURE1D view, whose args have the Texture2D layout.)
template <typename Args>
Args singleMipArgs(Args args, const D3D11ResourceBase& resource, DXGI_FORMAT format, const ViewRange& range) {
  args.hDrvResource = resource.ddiHandle();
  args.Format = format;
  if (resource.isTexture1D()) {
    args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE1D;
    args.Tex1D.MipSlice = range.firstMip;
    args.Tex1D.FirstArraySlice = range.firstSlice;
    args.Tex1D.ArraySize = range.sliceCount;
    return args;
  }
  args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
  args.Tex2D.MipSlice = range.firstMip;
  args.Tex2D.FirstArraySlice = range.firstSlice;
  args.Tex2D.ArraySize = range.sliceCount;
  return args;
}

}  // namespace

// The WDDM 2.0 table takes D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW (PlaneSlice 0).
HRESULT D3D11RenderTargetView::create() {
  DdiDevice& ddi = device().ddi();
  auto fill = [&](auto args) {
    if (resource_.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
      args.hDrvResource = resource_.ddiHandle();
      args.Format = desc_.Format;
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE3D;
      args.Tex3D = {range_.firstMip, range_.firstSlice, range_.sliceCount};  // MipSlice, FirstW, WSize
      return args;
    }
    return singleMipArgs(args, resource_, desc_.Format, range_);
  };
  const auto destroy = ddi.funcs().pfnDestroyRenderTargetView;
  return ddi.isWddm2_0()
             ? createInDriver(ddi, driverObject_, destroy, fill(D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW{}),
                              ddi.funcs().pfnCalcPrivateRenderTargetViewSize, ddi.funcs().pfnCreateRenderTargetView, this)
             : createInDriver(ddi, driverObject_, destroy, fill(D3D10DDIARG_CREATERENDERTARGETVIEW{}),
                              ddi.funcs11_1().pfnCalcPrivateRenderTargetViewSize,
                              ddi.funcs11_1().pfnCreateRenderTargetView, this);
}
HRESULT STDMETHODCALLTYPE D3D11RenderTargetView::QueryInterface(REFIID riid, void** ppvObject) try {
  return queryView<ID3D11RenderTargetView>(this, riid, ppvObject);
} D3DVK_CATCH_HRESULT

HRESULT D3D11DepthStencilView::create() {
  DdiDevice& ddi = device().ddi();
  D3D11DDIARG_CREATEDEPTHSTENCILVIEW args{};
  args.hDrvResource = resource_.ddiHandle();
  args.Format = desc_.Format;
  args.ResourceDimension = resource_.isTexture1D() ? D3D10DDIRESOURCE_TEXTURE1D : D3D10DDIRESOURCE_TEXTURE2D;
  args.Flags = (desc_.Flags & D3D11_DSV_READ_ONLY_DEPTH ? D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH : 0) |
               (desc_.Flags & D3D11_DSV_READ_ONLY_STENCIL ? D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL : 0);
  args.Tex2D = {range_.firstMip, range_.firstSlice, range_.sliceCount};
  return createInDriver(ddi, driverObject_, ddi.funcs().pfnDestroyDepthStencilView, args,
                        ddi.funcs().pfnCalcPrivateDepthStencilViewSize, ddi.funcs().pfnCreateDepthStencilView, this);
}
HRESULT STDMETHODCALLTYPE D3D11DepthStencilView::QueryInterface(REFIID riid, void** ppvObject) try {
  return queryView<ID3D11DepthStencilView>(this, riid, ppvObject);
} D3DVK_CATCH_HRESULT

// The WDDM 2.0 table takes D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW (PlaneSlice 0).
HRESULT D3D11ShaderResourceView::create() {
  DdiDevice& ddi = device().ddi();
  auto fill = [&](auto args) {
    args.hDrvResource = resource_.ddiHandle();
    args.Format = desc_.Format;
    if (range_.buffer && range_.bufferEx) {
      args.ResourceDimension = D3D11DDIRESOURCE_BUFFEREX;
      args.BufferEx = {range_.firstElement, range_.numElements, range_.bufferFlags};
    } else if (range_.buffer) {
      args.ResourceDimension = D3D10DDIRESOURCE_BUFFER;
      args.Buffer = {range_.firstElement, range_.numElements};
    } else if (resource_.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE3D;
      args.Tex3D = {range_.firstMip, range_.mipCount};
    } else if (range_.cube) {
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURECUBE;
      args.TexCube = {range_.firstMip, range_.mipCount, range_.firstSlice, range_.sliceCount / 6};
    } else if (resource_.isTexture1D()) {
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE1D;
      args.Tex1D = {range_.firstMip, range_.firstSlice, range_.mipCount, range_.sliceCount};
    } else {
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
      args.Tex2D.MostDetailedMip = range_.firstMip;
      args.Tex2D.FirstArraySlice = range_.firstSlice;
      args.Tex2D.MipLevels = range_.mipCount;
      args.Tex2D.ArraySize = range_.sliceCount;
    }
    return args;
  };
  const auto destroy = ddi.funcs().pfnDestroyShaderResourceView;
  return ddi.isWddm2_0()
             ? createInDriver(ddi, driverObject_, destroy, fill(D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW{}),
                              ddi.funcs().pfnCalcPrivateShaderResourceViewSize,
                              ddi.funcs().pfnCreateShaderResourceView, this)
             : createInDriver(ddi, driverObject_, destroy, fill(D3D11DDIARG_CREATESHADERRESOURCEVIEW{}),
                              ddi.funcs11_1().pfnCalcPrivateShaderResourceViewSize,
                              ddi.funcs11_1().pfnCreateShaderResourceView, this);
}
HRESULT STDMETHODCALLTYPE D3D11ShaderResourceView::QueryInterface(REFIID riid, void** ppvObject) try {
  return queryView<ID3D11ShaderResourceView>(this, riid, ppvObject);
} D3DVK_CATCH_HRESULT

// The WDDM 2.0 table takes D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW (PlaneSlice 0).
HRESULT D3D11UnorderedAccessView::create() {
  DdiDevice& ddi = device().ddi();
  auto fill = [&](auto args) {
    if (range_.buffer) {
      args.hDrvResource = resource_.ddiHandle();
      args.Format = desc_.Format;
      args.ResourceDimension = D3D10DDIRESOURCE_BUFFER;
      args.Buffer = {range_.firstElement, range_.numElements, range_.bufferFlags};
      return args;
    }
    if (resource_.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
      args.hDrvResource = resource_.ddiHandle();
      args.Format = desc_.Format;
      args.ResourceDimension = D3D10DDIRESOURCE_TEXTURE3D;
      args.Tex3D = {range_.firstMip, range_.firstSlice, range_.sliceCount};  // MipSlice, FirstW, WSize
      return args;
    }
    return singleMipArgs(args, resource_, desc_.Format, range_);
  };
  const auto destroy = ddi.funcs().pfnDestroyUnorderedAccessView;
  return ddi.isWddm2_0()
             ? createInDriver(ddi, driverObject_, destroy, fill(D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW{}),
                              ddi.funcs().pfnCalcPrivateUnorderedAccessViewSize,
                              ddi.funcs().pfnCreateUnorderedAccessView, this)
             : createInDriver(ddi, driverObject_, destroy, fill(D3D11DDIARG_CREATEUNORDEREDACCESSVIEW{}),
                              ddi.funcs11_1().pfnCalcPrivateUnorderedAccessViewSize,
                              ddi.funcs11_1().pfnCreateUnorderedAccessView, this);
}
HRESULT STDMETHODCALLTYPE D3D11UnorderedAccessView::QueryInterface(REFIID riid, void** ppvObject) try {
  return queryView<ID3D11UnorderedAccessView>(this, riid, ppvObject);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
