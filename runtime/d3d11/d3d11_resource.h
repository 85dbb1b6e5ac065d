// runtime/d3d11/d3d11_resource.h — ID3D11Buffer, ID3D11Texture1D, ID3D11Texture2D (also
// cube-compatible, D3D11_RESOURCE_MISC_TEXTURECUBE) and ID3D11Texture3D: the API
// objects for a resource, owning the driver's resource (pfnCreateResource in
// memory sized by pfnCalcPrivateResourceSize) until the last public and
// private reference goes, plus what the context validates against (desc,
// subresource extents, which subresources are mapped). Views hold private
// references, so a view keeps its resource alive without keeping the device
// alive. Each has its DXGI face (IDXGIResource1, IDXGISurface2: dxgi_resource.h).
#pragma once

#include "d3d10umddi.h"
#include "d3d11_device_child.h"
#include "d3d11_driver_object.h"
#include "dxgi_resource.h"

#include <memory>
#include <vector>

namespace d3dvk::runtime {

class D3D11Device;

// The API-independent part every resource shares.
class D3D11ResourceBase {
 public:
  virtual ~D3D11ResourceBase() = default;

  D3D11_RESOURCE_DIMENSION dimension = D3D11_RESOURCE_DIMENSION_UNKNOWN;
  D3D11_USAGE usage = D3D11_USAGE_DEFAULT;
  UINT bindFlags = 0, cpuAccessFlags = 0, miscFlags = 0;
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  UINT width = 0, height = 1, mipLevels = 1, arraySize = 1;  // buffers: width = ByteWidth
  UINT depth = 1;                // Texture3D
  UINT structureByteStride = 0;  // D3D11_RESOURCE_MISC_BUFFER_STRUCTURED buffers
  DXGI_SAMPLE_DESC sampleDesc{1, 0};
  // A swapchain's back buffer (DDI bind flag PRESENT): a UNORM one also takes views
  // in its sRGB form (D3DVKPresentSrgbViewFormat, d3dvk_present.h).
  bool presentable = false;
  // A sequential swapchain's buffer above 0: read-only (GetUsage: DXGI_USAGE_READ_ONLY).
  bool readOnlyBackBuffer = false;
  std::vector<bool> mapped;  // per subresource; guarded by the immediate context

  D3D10DDI_HRESOURCE ddiHandle() const { return driverObject_.handle(); }
  D3D11Device& owner() const { return *owner_; }
  UINT subresourceCount() const { return mipLevels * arraySize; }
  UINT mipWidth(UINT sub) const { return (width >> (sub % mipLevels)) ? (width >> (sub % mipLevels)) : 1; }
  UINT mipHeight(UINT sub) const { return (height >> (sub % mipLevels)) ? (height >> (sub % mipLevels)) : 1; }
  UINT mipDepth(UINT sub) const { return (depth >> (sub % mipLevels)) ? (depth >> (sub % mipLevels)) : 1; }
  bool isBuffer() const { return dimension == D3D11_RESOURCE_DIMENSION_BUFFER; }
  bool isTexture3D() const { return dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D; }
  bool isTexture1D() const { return dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D; }
  bool isCube() const { return (miscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) != 0; }

  virtual ID3D11Resource* asResource() = 0;
  virtual void addInternalRef() = 0;
  virtual void releaseInternalRef() = 0;

  // Creates the driver object (initial data: one entry per subresource, or
  // null). Returns the HRESULT the driver reported.
  HRESULT createDriverResource(const D3D11_SUBRESOURCE_DATA* initial);

 protected:
  void destroyDriverResource() { driverObject_.destroy(); }
  D3D11Device* owner_ = nullptr;
  DriverObject<D3D10DDI_HRESOURCE> driverObject_;
};

// Resolves an application's ID3D11Resource (one of ours) to its base, or null.
D3D11ResourceBase* resourceBase(ID3D11Resource* resource);

template <typename Interface>
class D3D11Resource : public D3D11DeviceChild<Interface>, public D3D11ResourceBase {
 public:
  explicit D3D11Resource(D3D11Device& device) : D3D11DeviceChild<Interface>(device), dxgi_(*this) { owner_ = &device; }
  ~D3D11Resource() override { destroyDriverResource(); }

  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* pResourceDimension) override try {
    if (pResourceDimension) *pResourceDimension = dimension;
  } D3DVK_CATCH_VOID
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override try { evictionPriority_ = priority; } D3DVK_CATCH_VOID
  UINT STDMETHODCALLTYPE GetEvictionPriority() override try { return evictionPriority_; } D3DVK_CATCH_RETURN({})

  ID3D11Resource* asResource() override { return this; }
  void addInternalRef() override { this->addPrivateRef(); }
  void releaseInternalRef() override { this->releasePrivateRef(); }

 protected:
  // The DXGI interfaces (IDXGIResource1, IDXGISurface2) for QueryInterface.
  HRESULT queryDxgi(REFIID riid, void** ppvObject) { return dxgi_.query(riid, ppvObject); }

 private:
  UINT evictionPriority_ = 0;
  DxgiResource dxgi_;
};

class D3D11Buffer final : public D3D11Resource<ID3D11Buffer> {
 public:
  D3D11Buffer(D3D11Device& device, const D3D11_BUFFER_DESC& desc);
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_BUFFER_DESC* pDesc) override;

 private:
  D3D11_BUFFER_DESC desc_;
};

class D3D11Texture1D final : public D3D11Resource<ID3D11Texture1D> {
 public:
  // desc.MipLevels is the resolved count (0 replaced by the full chain).
  D3D11Texture1D(D3D11Device& device, const D3D11_TEXTURE1D_DESC& desc);
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE1D_DESC* pDesc) override;

 private:
  D3D11_TEXTURE1D_DESC desc_;
};

class D3D11Texture2D final : public D3D11Resource<ID3D11Texture2D> {
 public:
  // desc.MipLevels is the resolved count (0 replaced by the full chain).
  D3D11Texture2D(D3D11Device& device, const D3D11_TEXTURE2D_DESC& desc);
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE2D_DESC* pDesc) override;

 private:
  D3D11_TEXTURE2D_DESC desc_;
};

class D3D11Texture3D final : public D3D11Resource<ID3D11Texture3D> {
 public:
  // desc.MipLevels is the resolved count (0 replaced by the full chain).
  D3D11Texture3D(D3D11Device& device, const D3D11_TEXTURE3D_DESC& desc);
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE3D_DESC* pDesc) override;

 private:
  D3D11_TEXTURE3D_DESC desc_;
};

}  // namespace d3dvk::runtime
