// runtime/d3d11/d3d11_view.h — ID3D11RenderTargetView, ID3D11DepthStencilView,
// ID3D11ShaderResourceView (Texture1D, Texture2D, Texture2DMS and their arrays,
// TextureCube(Array), Texture3D,
// typed / raw / structured buffers) and ID3D11UnorderedAccessView (Texture1D(Array), Texture2D(Array),
// Texture3D, typed / raw / structured buffers with append/counter flags): each
// owns the driver's view object (pfnCreate*View in memory sized by
// pfnCalcPrivate*ViewSize) and a private reference on its resource.
#pragma once

#include "d3d10umddi.h"
#include "d3d11_device_child.h"
#include "d3d11_driver_object.h"
#include "d3d11_resource.h"

#include <memory>

namespace d3dvk::runtime {

// The subresource range a view covers, in its resource; for a buffer view its
// elements and the DDI's flags (BUFFEREX_SRV_FLAG_* / BUFFER_UAV_FLAG_*), and
// whether an SRV goes to the driver as BUFFEREX (D3D11_SRV_DIMENSION_BUFFEREX).
// A Texture1D's views go to the driver as TEXTURE1D; a TEXTURECUBE(ARRAY) SRV
// as TEXTURECUBE with its faces [firstSlice, +sliceCount) (6 per cube).
struct ViewRange {
  UINT firstMip = 0, mipCount = 1, firstSlice = 0, sliceCount = 1;
  bool cube = false;
  bool buffer = false, bufferEx = false;
  UINT firstElement = 0, numElements = 0, bufferFlags = 0;
};

template <typename Interface, typename Desc>
class D3D11View : public D3D11DeviceChild<Interface> {
 public:
  D3D11View(D3D11Device& device, D3D11ResourceBase& resource, const Desc& desc, ViewRange range)
      : D3D11DeviceChild<Interface>(device), resource_(resource), desc_(desc), range_(range) {
    resource_.addInternalRef();
  }
  ~D3D11View() override { resource_.releaseInternalRef(); }

  void STDMETHODCALLTYPE GetResource(ID3D11Resource** ppResource) override try {
    if (!ppResource) return;
    resource_.asResource()->AddRef();
    *ppResource = resource_.asResource();
  } D3DVK_CATCH_VOID
  void STDMETHODCALLTYPE GetDesc(Desc* pDesc) override try {
    if (pDesc) *pDesc = desc_;
  } D3DVK_CATCH_VOID
  D3D11ResourceBase& resource() { return resource_; }
  const Desc& desc() const { return desc_; }
  const ViewRange& range() const { return range_; }

 protected:
  D3D11ResourceBase& resource_;
  Desc desc_;
  ViewRange range_;
};

class D3D11RenderTargetView final : public D3D11View<ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC> {
 public:
  using D3D11View::D3D11View;
  HRESULT create();
  D3D10DDI_HRENDERTARGETVIEW ddiHandle() const { return driverObject_.handle(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  DriverObject<D3D10DDI_HRENDERTARGETVIEW> driverObject_;  // destroyed before the view releases its resource
};

class D3D11DepthStencilView final : public D3D11View<ID3D11DepthStencilView, D3D11_DEPTH_STENCIL_VIEW_DESC> {
 public:
  using D3D11View::D3D11View;
  HRESULT create();
  D3D10DDI_HDEPTHSTENCILVIEW ddiHandle() const { return driverObject_.handle(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  DriverObject<D3D10DDI_HDEPTHSTENCILVIEW> driverObject_;  // destroyed before the view releases its resource
};

class D3D11ShaderResourceView final : public D3D11View<ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC> {
 public:
  using D3D11View::D3D11View;
  HRESULT create();
  D3D10DDI_HSHADERRESOURCEVIEW ddiHandle() const { return driverObject_.handle(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  DriverObject<D3D10DDI_HSHADERRESOURCEVIEW> driverObject_;  // destroyed before the view releases its resource
};

class D3D11UnorderedAccessView final
    : public D3D11View<ID3D11UnorderedAccessView, D3D11_UNORDERED_ACCESS_VIEW_DESC> {
 public:
  using D3D11View::D3D11View;
  HRESULT create();
  D3D11DDI_HUNORDEREDACCESSVIEW ddiHandle() const { return driverObject_.handle(); }
  // An APPEND or COUNTER buffer view (it has a hidden counter).
  bool hasCounter() const { return range_.buffer && (range_.bufferFlags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER)); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  DriverObject<D3D11DDI_HUNORDEREDACCESSVIEW> driverObject_;  // destroyed before the view releases its resource
};

}  // namespace d3dvk::runtime
