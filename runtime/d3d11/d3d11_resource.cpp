// runtime/d3d11/d3d11_resource.cpp — see d3d11_resource.h.
#include "d3d11_resource.h"

#include "d3d11_device.h"

#include <new>

namespace d3dvk::runtime {

namespace {
// API flag values → DDI values (bind flags and usages share values; CPU access does not).
UINT ddiCpuAccess(UINT api) {
  UINT ddi = 0;
  if (api & D3D11_CPU_ACCESS_WRITE) ddi |= D3D10_DDI_CPU_ACCESS_WRITE;
  if (api & D3D11_CPU_ACCESS_READ) ddi |= D3D10_DDI_CPU_ACCESS_READ;
  return ddi;
}
}  // namespace

D3D11ResourceBase* resourceBase(ID3D11Resource* resource) {
  if (!resource) return nullptr;
  D3D11_RESOURCE_DIMENSION dim = D3D11_RESOURCE_DIMENSION_UNKNOWN;
  resource->GetType(&dim);
  if (dim == D3D11_RESOURCE_DIMENSION_BUFFER) return static_cast<D3D11Buffer*>(resource);
  if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) return static_cast<D3D11Texture1D*>(resource);
  if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D) return static_cast<D3D11Texture2D*>(resource);
  if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) return static_cast<D3D11Texture3D*>(resource);
  return nullptr;
}

HRESULT D3D11ResourceBase::createDriverResource(const D3D11_SUBRESOURCE_DATA* initial) {
  DdiDevice& ddi = owner_->ddi();
  std::vector<D3D10DDI_MIPINFO> mips(mipLevels);
  for (UINT m = 0; m < mipLevels; ++m) {
    UINT w = (width >> m) ? (width >> m) : 1, h = (height >> m) ? (height >> m) : 1,
         d = (depth >> m) ? (depth >> m) : 1;
    mips[m] = {w, h, d, w, h, d};
  }
  std::vector<D3D10_DDIARG_SUBRESOURCE_UP> data;
  if (initial) {
    data.resize(subresourceCount());
    for (UINT i = 0; i < data.size(); ++i)
      data[i] = {const_cast<void*>(initial[i].pSysMem), initial[i].SysMemPitch, initial[i].SysMemSlicePitch};
  }
  D3D11DDIARG_CREATERESOURCE args{};
  args.pMipInfoList = mips.data();
  args.pInitialDataUP = initial ? data.data() : nullptr;
  // A cube-compatible Texture2D goes to the driver as TEXTURECUBE (ArraySize
  // counts faces: 6 per cube).
  args.ResourceDimension = isBuffer()      ? D3D10DDIRESOURCE_BUFFER
                           : isTexture3D() ? D3D10DDIRESOURCE_TEXTURE3D
                           : isTexture1D() ? D3D10DDIRESOURCE_TEXTURE1D
                           : isCube()      ? D3D10DDIRESOURCE_TEXTURECUBE
                                           : D3D10DDIRESOURCE_TEXTURE2D;
  args.Usage = UINT(usage);
  // The API's bind bits equal the DDI's up to DEPTH_STENCIL; UNORDERED_ACCESS
  // is 0x80 in the API and 0x100 in the DDI (0x80 there is PRESENT).
  args.BindFlags = (bindFlags & 0x7F) | (bindFlags & D3D11_BIND_UNORDERED_ACCESS ? D3D11_DDI_BIND_UNORDERED_ACCESS : 0);
  if (presentable) args.BindFlags |= D3D10_DDI_BIND_PRESENT;  // a swapchain's back buffer
  args.MapFlags = ddiCpuAccess(cpuAccessFlags);
  // Buffer misc flags share their values with the DDI's (D3D11_DDI_RESOURCE_MISC_*).
  args.MiscFlags = miscFlags & (D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED);
  if (isCube()) args.MiscFlags |= D3D10_DDI_RESOURCE_MISC_TEXTURECUBE;
  args.ByteStride = (miscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) ? structureByteStride : 0;
  args.Format = format;
  args.SampleDesc = sampleDesc;
  args.MipLevels = mipLevels;
  args.ArraySize = arraySize;

  const HRESULT hr = driverObject_.create(
      ddi, ddi.funcs().pfnDestroyResource, [&] { return ddi.funcs().pfnCalcPrivateResourceSize(ddi.handle(), &args); },
      [&](D3D10DDI_HRESOURCE h) { ddi.funcs().pfnCreateResource(ddi.handle(), &args, h, D3D10DDI_HRTRESOURCE{this}); });
  if (FAILED(hr)) return hr;
  mapped.assign(subresourceCount(), false);
  return S_OK;
}

D3D11Buffer::D3D11Buffer(D3D11Device& device, const D3D11_BUFFER_DESC& desc) : D3D11Resource(device), desc_(desc) {
  dimension = D3D11_RESOURCE_DIMENSION_BUFFER;
  usage = desc.Usage;
  bindFlags = desc.BindFlags;
  cpuAccessFlags = desc.CPUAccessFlags;
  miscFlags = desc.MiscFlags;
  width = desc.ByteWidth;
  structureByteStride = desc.StructureByteStride;
}

HRESULT STDMETHODCALLTYPE D3D11Buffer::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Buffer)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Buffer*>(this);
    return S_OK;
  }
  return queryDxgi(riid, ppvObject);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Buffer::GetDesc(D3D11_BUFFER_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

D3D11Texture1D::D3D11Texture1D(D3D11Device& device, const D3D11_TEXTURE1D_DESC& desc)
    : D3D11Resource(device), desc_(desc) {
  dimension = D3D11_RESOURCE_DIMENSION_TEXTURE1D;
  usage = desc.Usage;
  bindFlags = desc.BindFlags;
  cpuAccessFlags = desc.CPUAccessFlags;
  miscFlags = desc.MiscFlags;
  format = desc.Format;
  width = desc.Width;
  mipLevels = desc.MipLevels;
  arraySize = desc.ArraySize;
}

HRESULT STDMETHODCALLTYPE D3D11Texture1D::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture1D)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Texture1D*>(this);
    return S_OK;
  }
  return queryDxgi(riid, ppvObject);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Texture1D::GetDesc(D3D11_TEXTURE1D_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

D3D11Texture2D::D3D11Texture2D(D3D11Device& device, const D3D11_TEXTURE2D_DESC& desc)
    : D3D11Resource(device), desc_(desc) {
  dimension = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
  usage = desc.Usage;
  bindFlags = desc.BindFlags;
  cpuAccessFlags = desc.CPUAccessFlags;
  miscFlags = desc.MiscFlags;
  format = desc.Format;
  width = desc.Width;
  height = desc.Height;
  mipLevels = desc.MipLevels;
  arraySize = desc.ArraySize;
  sampleDesc = desc.SampleDesc;
}

HRESULT STDMETHODCALLTYPE D3D11Texture2D::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture2D)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Texture2D*>(this);
    return S_OK;
  }
  return queryDxgi(riid, ppvObject);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Texture2D::GetDesc(D3D11_TEXTURE2D_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

D3D11Texture3D::D3D11Texture3D(D3D11Device& device, const D3D11_TEXTURE3D_DESC& desc)
    : D3D11Resource(device), desc_(desc) {
  dimension = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
  usage = desc.Usage;
  bindFlags = desc.BindFlags;
  cpuAccessFlags = desc.CPUAccessFlags;
  miscFlags = desc.MiscFlags;
  format = desc.Format;
  width = desc.Width;
  height = desc.Height;
  depth = desc.Depth;
  mipLevels = desc.MipLevels;
}

HRESULT STDMETHODCALLTYPE D3D11Texture3D::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture3D)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Texture3D*>(this);
    return S_OK;
  }
  return queryDxgi(riid, ppvObject);
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11Texture3D::GetDesc(D3D11_TEXTURE3D_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
