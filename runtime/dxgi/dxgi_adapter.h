// runtime/dxgi/dxgi_adapter.h — the DXGI adapter (IDXGIAdapter4): the Vulkan
// physical device the UMD drives, described by the UMD (umd_adapter_info.h):
// GetDesc/1/2/3, QueryVideoMemoryInfo and video-memory reservations, CheckInterfaceSupport,
// EnumOutputs (the X server's monitors, dxgi_output.h), GetParent → its factory.
#pragma once

#include "dxgi_object.h"
#include "umd_adapter_info.h"

#include <atomic>
#include <mutex>

namespace d3dvk::runtime {

class DxgiAdapter final : public DxgiPrivateData<IDXGIAdapter4> {
 public:
  // The adapter of `factory` (which it holds a reference to). *error says why on failure.
  static HRESULT create(IDXGIFactory* factory, DxgiAdapter** out, std::string* error);
  // An adapter on a new factory, for D3D11CreateDevice / D3D12CreateDevice without one.
  static HRESULT createDefault(DxgiAdapter** out, std::string* error);
  // The d3dvk adapter behind `unknown` (with a reference), or null when it is not one.
  static DxgiAdapter* from(IUnknown* unknown);

  const D3DVK_ADAPTER_INFO& info() const { return info_; }
  LUID luid() const { return LUID{info_.LuidLowPart, info_.LuidHighPart}; }

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  // IDXGIAdapter
  HRESULT STDMETHODCALLTYPE EnumOutputs(UINT Output, IDXGIOutput** ppOutput) override;
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_ADAPTER_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE CheckInterfaceSupport(REFGUID InterfaceName, LARGE_INTEGER* pUMDVersion) override;
  // IDXGIAdapter1 … 4
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_ADAPTER_DESC1* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetDesc2(DXGI_ADAPTER_DESC2* pDesc) override;
  HRESULT STDMETHODCALLTYPE RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE hEvent,
                                                                                 DWORD* pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterHardwareContentProtectionTeardownStatus(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE QueryVideoMemoryInfo(UINT NodeIndex, DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                 DXGI_QUERY_VIDEO_MEMORY_INFO* pVideoMemoryInfo) override;
  HRESULT STDMETHODCALLTYPE SetVideoMemoryReservation(UINT NodeIndex, DXGI_MEMORY_SEGMENT_GROUP MemorySegmentGroup,
                                                      UINT64 Reservation) override;
  HRESULT STDMETHODCALLTYPE RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE hEvent, DWORD* pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterVideoMemoryBudgetChangeNotification(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE GetDesc3(DXGI_ADAPTER_DESC3* pDesc) override;

 private:
  DxgiAdapter(IDXGIFactory* factory, const D3DVK_ADAPTER_INFO& info);
  ~DxgiAdapter();
  // The segment's budget and usage now (asked of the UMD each time).
  HRESULT segment(DXGI_MEMORY_SEGMENT_GROUP group, D3DVK_MEMORY_SEGMENT_INFO* out);

  std::atomic<ULONG> refs_{1};
  IDXGIFactory* factory_;  // holds a reference
  D3DVK_ADAPTER_INFO info_;
  std::mutex mutex_;
  UINT64 reservation_[2] = {};  // SetVideoMemoryReservation per segment group
};

}  // namespace d3dvk::runtime
