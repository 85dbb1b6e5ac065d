// runtime/dxgi/dxgi_output.h — IDXGIOutput … IDXGIOutput6: a monitor of the X
// server (dxgi_window_system.h) as DXGI describes an output — its desktop
// rectangle and name (GetDesc, GetDesc1: sRGB, 8 bits), its one display mode (the
// desktop's: d3dvk never changes modes, fullscreen is borderless) for the formats
// a swapchain's back buffer takes (GetDisplayModeList[1], FindClosestMatchingMode[1]),
// and WaitForVBlank / GetFrameStatistics from a 60 Hz clock. Gamma ramps, display
// surfaces, duplication and overlays are not offered.
#pragma once

#include "dxgi_object.h"
#include "dxgi_window_system.h"

#include <atomic>

namespace d3dvk::runtime {

// d3dvk-internal: QueryInterface(IID_D3DVKDxgiOutput) on a d3dvk output returns it (with a reference).
inline constexpr IID IID_D3DVKDxgiOutput = {0xd3d5a0a1, 0x6c2b, 0x4f11, {0x9a, 0x52, 0x31, 0x7e, 0x0d, 0x3d, 0x00, 0x02}};

class DxgiOutput final : public DxgiPrivateData<IDXGIOutput6> {
 public:
  // Output `index` of the display's monitors for `adapter` (which it holds);
  // DXGI_ERROR_NOT_FOUND past the last (and for every index when headless).
  static HRESULT create(IDXGIAdapter* adapter, UINT index, IDXGIOutput** out);
  // The d3dvk output behind `unknown` (with a reference), or null.
  static DxgiOutput* from(IUnknown* unknown);
  const DisplayMonitor& monitor() const { return monitor_; }
  UINT index() const { return index_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** ppParent) override;
  // IDXGIOutput
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_OUTPUT_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetDisplayModeList(DXGI_FORMAT EnumFormat, UINT Flags, UINT* pNumModes,
                                               DXGI_MODE_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE FindClosestMatchingMode(const DXGI_MODE_DESC* pModeToMatch, DXGI_MODE_DESC* pClosestMatch,
                                                    IUnknown* pConcernedDevice) override;
  HRESULT STDMETHODCALLTYPE WaitForVBlank() override;
  HRESULT STDMETHODCALLTYPE TakeOwnership(IUnknown* pDevice, BOOL Exclusive) override;
  void STDMETHODCALLTYPE ReleaseOwnership() override;
  HRESULT STDMETHODCALLTYPE GetGammaControlCapabilities(DXGI_GAMMA_CONTROL_CAPABILITIES* pGammaCaps) override;
  HRESULT STDMETHODCALLTYPE SetGammaControl(const DXGI_GAMMA_CONTROL* pArray) override;
  HRESULT STDMETHODCALLTYPE GetGammaControl(DXGI_GAMMA_CONTROL* pArray) override;
  HRESULT STDMETHODCALLTYPE SetDisplaySurface(IDXGISurface* pScanoutSurface) override;
  HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData(IDXGISurface* pDestination) override;
  HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) override;
  // IDXGIOutput1 … 6
  HRESULT STDMETHODCALLTYPE GetDisplayModeList1(DXGI_FORMAT EnumFormat, UINT Flags, UINT* pNumModes,
                                                DXGI_MODE_DESC1* pDesc) override;
  HRESULT STDMETHODCALLTYPE FindClosestMatchingMode1(const DXGI_MODE_DESC1* pModeToMatch, DXGI_MODE_DESC1* pClosestMatch,
                                                     IUnknown* pConcernedDevice) override;
  HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData1(IDXGIResource* pDestination) override;
  HRESULT STDMETHODCALLTYPE DuplicateOutput(IUnknown* pDevice, IDXGIOutputDuplication** ppOutputDuplication) override;
  BOOL STDMETHODCALLTYPE SupportsOverlays() override;
  HRESULT STDMETHODCALLTYPE CheckOverlaySupport(DXGI_FORMAT EnumFormat, IUnknown* pConcernedDevice, UINT* pFlags) override;
  HRESULT STDMETHODCALLTYPE CheckOverlayColorSpaceSupport(DXGI_FORMAT Format, DXGI_COLOR_SPACE_TYPE ColorSpace,
                                                          IUnknown* pConcernedDevice, UINT* pFlags) override;
  HRESULT STDMETHODCALLTYPE DuplicateOutput1(IUnknown* pDevice, UINT Flags, UINT SupportedFormatsCount,
                                             const DXGI_FORMAT* pSupportedFormats,
                                             IDXGIOutputDuplication** ppOutputDuplication) override;
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_OUTPUT_DESC1* pDesc) override;
  HRESULT STDMETHODCALLTYPE CheckHardwareCompositionSupport(UINT* pFlags) override;

 private:
  DxgiOutput(IDXGIAdapter* adapter, UINT index, const DisplayMonitor& monitor);
  ~DxgiOutput();
  // The modes of `format` (the desktop mode; none for a format a back buffer cannot have).
  UINT modes(const DXGI_FORMAT& format, DXGI_MODE_DESC1* out) const;
  HRESULT findClosest(const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* out, IUnknown* device, const char* method) const;

  std::atomic<ULONG> refs_{1};
  IDXGIAdapter* adapter_;  // holds a reference
  UINT index_;
  DisplayMonitor monitor_;
};

}  // namespace d3dvk::runtime
