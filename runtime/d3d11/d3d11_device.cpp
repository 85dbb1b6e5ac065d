// runtime/d3d11/d3d11_device.cpp — see d3d11_device.h.
#include "d3d11_device.h"

#include <cstring>

namespace d3dvk::runtime {

HRESULT D3D11Device::create(std::shared_ptr<UmdAdapter> adapter, D3D_FEATURE_LEVEL featureLevel, UINT flags,
                            D3D11Device** out, std::string* error) {
  HRESULT hr = E_FAIL;
  std::unique_ptr<DdiDevice> ddi = DdiDevice::create(std::move(adapter), &hr, error);
  if (!ddi) return hr;
  *out = new D3D11Device(std::move(ddi), featureLevel, flags);
  return S_OK;
}

D3D11Device::D3D11Device(std::unique_ptr<DdiDevice> ddi, D3D_FEATURE_LEVEL featureLevel, UINT flags)
    : ddi_(std::move(ddi)), featureLevel_(featureLevel), flags_(flags), context_(*this) {}

HRESULT STDMETHODCALLTYPE D3D11Device::QueryInterface(REFIID riid, void** ppvObject) {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11Device) || riid == __uuidof(ID3D11Device1) ||
      riid == __uuidof(ID3D11Device2) || riid == __uuidof(ID3D11Device3)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Device3*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
}

ULONG STDMETHODCALLTYPE D3D11Device::AddRef() { return ++refs_; }

ULONG STDMETHODCALLTYPE D3D11Device::Release() {
  ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
}

HRESULT D3D11Device::checkOptions2(D3D11_FEATURE_DATA_D3D11_OPTIONS2* data) {
  std::memset(data, 0, sizeof *data);  // every OPTIONS2 capability off unless the driver says otherwise
  // Conservative rasterization needs feature level 11_1 and a WDDM 2.0 UMD; the
  // driver is not asked otherwise.
  if (featureLevel_ < D3D_FEATURE_LEVEL_11_1 || !ddi_->isWddm2_0()) return S_OK;
  D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA caps{};
  D3D10_2DDIARG_GETCAPS args{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &caps, sizeof caps};
  UmdAdapter& adapter = ddi_->adapter();
  HRESULT hr = adapter.funcs().pfnGetCaps(adapter.handle(), &args);
  if (FAILED(hr)) return hr;
  if (caps.ConservativeRasterizationTier > D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_3) return E_FAIL;
  data->ConservativeRasterizationTier = static_cast<D3D11_CONSERVATIVE_RASTERIZATION_TIER>(caps.ConservativeRasterizationTier);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFeatureSupport(D3D11_FEATURE Feature, void* pFeatureSupportData,
                                                           UINT FeatureSupportDataSize) {
  if (!pFeatureSupportData) return E_INVALIDARG;
  switch (Feature) {
    case D3D11_FEATURE_THREADING: {
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_THREADING)) return E_INVALIDARG;
      auto* data = static_cast<D3D11_FEATURE_DATA_THREADING*>(pFeatureSupportData);
      data->DriverConcurrentCreates = FALSE;
      data->DriverCommandLists = FALSE;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS2:
      if (FeatureSupportDataSize != sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2)) return E_INVALIDARG;
      return checkOptions2(static_cast<D3D11_FEATURE_DATA_D3D11_OPTIONS2*>(pFeatureSupportData));
    default:
      return E_INVALIDARG;
  }
}

HRESULT STDMETHODCALLTYPE D3D11Device::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) {
  return privateData_.get(guid, pDataSize, pData);
}
HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) {
  return privateData_.set(guid, DataSize, pData);
}
HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) {
  return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
}
D3D_FEATURE_LEVEL STDMETHODCALLTYPE D3D11Device::GetFeatureLevel() { return featureLevel_; }
UINT STDMETHODCALLTYPE D3D11Device::GetCreationFlags() { return flags_; }
HRESULT STDMETHODCALLTYPE D3D11Device::GetDeviceRemovedReason() { return S_OK; }
HRESULT STDMETHODCALLTYPE D3D11Device::SetExceptionMode(UINT RaiseFlags) {
  if (RaiseFlags & ~UINT(D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR)) return E_INVALIDARG;
  exceptionMode_ = RaiseFlags;
  return S_OK;
}
UINT STDMETHODCALLTYPE D3D11Device::GetExceptionMode() { return exceptionMode_; }

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext(ID3D11DeviceContext** ppImmediateContext) {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
}
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext1(ID3D11DeviceContext1** ppImmediateContext) {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
}
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext2(ID3D11DeviceContext2** ppImmediateContext) {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
}
void STDMETHODCALLTYPE D3D11Device::GetImmediateContext3(ID3D11DeviceContext3** ppImmediateContext) {
  if (!ppImmediateContext) return;
  context_.AddRef();
  *ppImmediateContext = &context_;
}

}  // namespace d3dvk::runtime
