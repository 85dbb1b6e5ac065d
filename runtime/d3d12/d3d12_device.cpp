// runtime/d3d12/d3d12_device.cpp — see d3d12_device.h.
#include "d3d12_device.h"
#include "umd_adapter_info.h"
#include "d3dvk_checked_math.h"

#include <dxguids/dxguids.h>

#include <cstring>

namespace d3dvk::runtime {
namespace {
// kDebugObjectNameW, where SetName stores the name (as Windows does).
constexpr GUID kDebugObjectNameW = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
}  // namespace

HRESULT STDMETHODCALLTYPE D3D12Device::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  // ID3D12Device3 and later (OpenExistingHeapFrom*, EnqueueMakeResident, …) are
  // not implemented: E_NOINTERFACE, as D3D12 answers for an interface an object lacks.
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D12Object) || riid == __uuidof(ID3D12Device) ||
      riid == __uuidof(ID3D12Device1) || riid == __uuidof(ID3D12Device2)) {
    AddRef();
    *ppvObject = static_cast<ID3D12Device2*>(this);
    return S_OK;
  }
  if (riid == __uuidof(ID3D12InfoQueue) && infoQueue_) {
    AddRef();
    *ppvObject = static_cast<ID3D12InfoQueue*>(infoQueue_.get());
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE D3D12Device::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE D3D12Device::Release() try {
  ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE D3D12Device::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) try {
  return privateData_.get(guid, pDataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12Device::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) try {
  return privateData_.set(guid, DataSize, pData);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12Device::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) try {
  return privateData_.setInterface(guid, const_cast<IUnknown*>(pData));
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D3D12Device::SetName(LPCWSTR Name) try {
  if (!Name) return E_INVALIDARG;
  size_t length = 0;
  while (Name[length]) ++length;
  return privateData_.set(kDebugObjectNameW, UINT((length + 1) * sizeof(WCHAR)), Name);
} D3DVK_CATCH_HRESULT

UINT STDMETHODCALLTYPE D3D12Device::GetNodeCount() try { return 1; } D3DVK_CATCH_RETURN({})
HRESULT STDMETHODCALLTYPE D3D12Device::GetDeviceRemovedReason() try {
  return ddi_ ? ddi_->removedReason() : S_OK;
} D3DVK_CATCH_HRESULT

HRESULT D3D12Device::init(std::string* error) {
  HRESULT hr = E_FAIL;
  ddi_ = DdiDevice12::create(adapter_, &hr, error);
  if (!ddi_) return hr;
  // The UMD's reasons (a recording error, a fence signalled backwards, a view it
  // refuses) have no D3D12 message ID: they are stored as UNKNOWN with d3dvk's text.
  ddi_->setMessageSink([this](HRESULT result, const char* method, const char* text) {
    const char* function = method ? method : "d3dvk driver";
    debugMessage(D3D12_MESSAGE_CATEGORY_EXECUTION, FAILED(result) ? D3D12_MESSAGE_SEVERITY_ERROR : D3D12_MESSAGE_SEVERITY_WARNING,
                 D3DVK_D3D12_MESSAGE_ID(UNKNOWN), function, text);
    d3d12Error(function, text);
  });
  return S_OK;
}

void D3D12Device::registerDescriptorRange(SIZE_T start, SIZE_T bytes, D3D12_DESCRIPTOR_HEAP_TYPE type) {
  std::lock_guard lock(heapsMutex_);
  heaps_[start] = {start + bytes, type};
}
void D3D12Device::unregisterDescriptorRange(SIZE_T start) {
  std::lock_guard lock(heapsMutex_);
  heaps_.erase(start);
}
bool D3D12Device::descriptorInHeap(SIZE_T handle, D3D12_DESCRIPTOR_HEAP_TYPE type) const {
  std::lock_guard lock(heapsMutex_);
  auto it = heaps_.upper_bound(handle);
  if (it == heaps_.begin()) return false;
  --it;
  if (handle >= it->second.end || it->second.type != type) return false;
  SIZE_T increment = ddi_->core().pfnGetDescriptorSizeInBytes(ddi_->handle(), D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(type)));
  return (handle - it->first) % increment == 0;
}
bool D3D12Device::descriptorRangeInHeap(SIZE_T handle, UINT64 count, D3D12_DESCRIPTOR_HEAP_TYPE type) const {
  if (!count || !descriptorInHeap(handle, type)) return false;
  std::lock_guard lock(heapsMutex_);
  auto it = heaps_.upper_bound(handle);
  --it;  // descriptorInHeap found it
  const UINT64 increment =
      ddi_->core().pfnGetDescriptorSizeInBytes(ddi_->handle(), D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(type)));
  UINT64 bytes = 0;
  return checkedMul<UINT64>(count, increment, &bytes) && fitsWithin(handle - it->first, bytes, it->second.end - it->first);
}
// The LUID DXGI's adapter reports (IDXGIAdapter::GetDesc), so EnumAdapterByLuid finds it.
LUID STDMETHODCALLTYPE D3D12Device::GetAdapterLuid() try {
  D3DVK_ADAPTER_INFO info{};
  std::string error;
  if (FAILED(queryUmdAdapterInfo(&info, nullptr, nullptr, &error))) return LUID{0, 0};
  return LUID{info.LuidLowPart, info.LuidHighPart};
} D3DVK_CATCH_RETURN({})

HRESULT D3D12Device::queryOptions(D3D12DDI_D3D12_OPTIONS_DATA_0032* data) {
  std::memset(data, 0, sizeof *data);
  D3D12DDIARG_GETCAPS args{D3D12DDICAPS_TYPE_D3D12_OPTIONS, nullptr, data, sizeof *data};
  HRESULT hr = adapter_->funcs().pfnGetCaps(adapter_->handle(), &args);
  if (FAILED(hr)) return hr;
  int tier;
  std::memcpy(&tier, &data->ConservativeRasterizationTier, sizeof tier);
  if (tier < 0 || tier > 3) return E_FAIL;  // a driver answering nonsense
  return S_OK;
}

// Residency: Vulkan keeps every allocation resident, so MakeResident has
// nothing to do and Evict is a hint d3dvk does not act on (an evicted object
// made resident again is as it was). The arguments are checked as D3D12 does.
namespace {
HRESULT checkPageables(const char* method, UINT count, ID3D12Pageable* const* objects) {
  if (count && !objects) return d3d12Error(method, "ppObjects is null"), E_INVALIDARG;
  for (UINT i = 0; i < count; ++i)
    if (!objects[i]) return d3d12Error(method, "ppObjects[" + std::to_string(i) + "] is null"), E_INVALIDARG;
  return S_OK;
}
}  // namespace

HRESULT STDMETHODCALLTYPE D3D12Device::MakeResident(UINT NumObjects, ID3D12Pageable* const* ppObjects) try {
  return checkPageables("ID3D12Device::MakeResident", NumObjects, ppObjects);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::Evict(UINT NumObjects, ID3D12Pageable* const* ppObjects) try {
  return checkPageables("ID3D12Device::Evict", NumObjects, ppObjects);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::CheckFeatureSupport(D3D12_FEATURE Feature, void* pFeatureSupportData,
                                                           UINT FeatureSupportDataSize) try {
  if (!pFeatureSupportData) return E_INVALIDARG;
  return checkFeature(Feature, pFeatureSupportData, FeatureSupportDataSize);  // d3d12_feature_support.cpp
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
