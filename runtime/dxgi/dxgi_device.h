// runtime/dxgi/dxgi_device.h — IDXGIDevice4 on a D3D11 device: a tear-off part of
// the device (its IUnknown is the device's, so QueryInterface goes both ways and
// the device's reference count is the one that counts). GetAdapter / GetParent give
// the adapter the device was created on; the maximum frame latency (default 3,
// 1–16) is what swapchains of the device honour; GPU thread priority is recorded
// (-7…7); residency is always "fully resident" (d3dvk never evicts), so offering
// and reclaiming resources keeps their contents.
#pragma once

#include "dxgi_adapter.h"

#include <atomic>

namespace d3dvk::runtime {

class DxgiDevice final : public DxgiPrivateData<IDXGIDevice4> {
 public:
  // owner: the device whose IUnknown this shares (not held: it owns this object).
  // adapter: held with a reference.
  DxgiDevice(IUnknown& owner, DxgiAdapter& adapter);
  ~DxgiDevice();

  DxgiAdapter& adapter() { return adapter_; }
  UINT maximumFrameLatency() const { return maxFrameLatency_.load(); }

  // IUnknown: the owner's.
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  // IDXGIDevice
  HRESULT STDMETHODCALLTYPE GetAdapter(IDXGIAdapter** pAdapter) override;
  HRESULT STDMETHODCALLTYPE CreateSurface(const DXGI_SURFACE_DESC* pDesc, UINT NumSurfaces, DXGI_USAGE Usage,
                                          const DXGI_SHARED_RESOURCE* pSharedResource,
                                          IDXGISurface** ppSurface) override;
  HRESULT STDMETHODCALLTYPE QueryResourceResidency(IUnknown* const* ppResources, DXGI_RESIDENCY* pResidencyStatus,
                                                   UINT NumResources) override;
  HRESULT STDMETHODCALLTYPE SetGPUThreadPriority(INT Priority) override;
  HRESULT STDMETHODCALLTYPE GetGPUThreadPriority(INT* pPriority) override;
  // IDXGIDevice1
  HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) override;
  HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* pMaxLatency) override;
  // IDXGIDevice2
  HRESULT STDMETHODCALLTYPE OfferResources(UINT NumResources, IDXGIResource* const* ppResources,
                                           DXGI_OFFER_RESOURCE_PRIORITY Priority) override;
  HRESULT STDMETHODCALLTYPE ReclaimResources(UINT NumResources, IDXGIResource* const* ppResources,
                                             BOOL* pDiscarded) override;
  HRESULT STDMETHODCALLTYPE EnqueueSetEvent(HANDLE hEvent) override;
  // IDXGIDevice3
  void STDMETHODCALLTYPE Trim() override;
  // IDXGIDevice4
  HRESULT STDMETHODCALLTYPE OfferResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                            DXGI_OFFER_RESOURCE_PRIORITY Priority, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE ReclaimResources1(UINT NumResources, IDXGIResource* const* ppResources,
                                              DXGI_RECLAIM_RESOURCE_RESULTS* pResults) override;

  // Whether riid is one of the interfaces this part answers for its owner.
  static bool answers(REFIID riid);

 private:
  IUnknown& owner_;
  DxgiAdapter& adapter_;
  std::atomic<UINT> maxFrameLatency_{3};
  std::atomic<INT> gpuThreadPriority_{0};
};

}  // namespace d3dvk::runtime
