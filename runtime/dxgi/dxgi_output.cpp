// runtime/dxgi/dxgi_output.cpp — see dxgi_output.h.
#include "dxgi_output.h"

#include "raw_enum.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <ctime>
#include <new>
#include <string>
#include <thread>

namespace d3dvk::runtime {
namespace {

// X tells no refresh rate through RandR's monitors: every output runs at 60 Hz.
constexpr UINT kRefreshHz = 60;
constexpr int64_t kRefreshPeriodNs = 1000000000 / kRefreshHz;

HRESULT fail(const char* method, HRESULT hr, const std::string& why) {
  std::fprintf(stderr, "d3dvk: %s: %s\n", method, why.c_str());
  return hr;
}

int64_t monotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The formats an output lists modes for: those a swapchain's back buffer takes.
bool listedFormat(int format) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R16G16B16A16_FLOAT: return true;
    default: return false;
  }
}

// DXGI_MODE_DESC is DXGI_MODE_DESC1 without Stereo: copied as bytes, so that an
// application's out-of-range enum values are not loaded as enums (raw_enum.h).
static_assert(sizeof(DXGI_MODE_DESC) <= sizeof(DXGI_MODE_DESC1));
DXGI_MODE_DESC toDesc(const DXGI_MODE_DESC1& m) {
  DXGI_MODE_DESC d;
  std::memcpy(&d, &m, sizeof d);
  return d;
}
DXGI_MODE_DESC1 toDesc1(const DXGI_MODE_DESC& m) {
  DXGI_MODE_DESC1 d{};
  std::memcpy(&d, &m, sizeof m);
  return d;
}

// GetDisplayModeList's contract over any mode struct.
template <typename Mode, typename Convert>
HRESULT listModes(const char* method, UINT count, const DXGI_MODE_DESC1* all, UINT* pNumModes, Mode* pDesc,
                  Convert convert) {
  if (!pNumModes) return fail(method, DXGI_ERROR_INVALID_CALL, "pNumModes is null");
  if (!pDesc) {
    *pNumModes = count;
    return S_OK;
  }
  const UINT n = *pNumModes < count ? *pNumModes : count;
  for (UINT i = 0; i < n; ++i) pDesc[i] = convert(all[i]);
  *pNumModes = n;
  return n < count ? DXGI_ERROR_MORE_DATA : S_OK;
}

}  // namespace

HRESULT DxgiOutput::create(IDXGIAdapter* adapter, UINT index, IDXGIOutput** out) {
  *out = nullptr;
  const std::vector<DisplayMonitor> monitors = displayMonitors();
  if (index >= monitors.size()) return DXGI_ERROR_NOT_FOUND;
  *out = new DxgiOutput(adapter, index, monitors[index]);
  return S_OK;
}

DxgiOutput* DxgiOutput::from(IUnknown* unknown) {
  void* self = nullptr;
  if (!unknown || FAILED(unknown->QueryInterface(IID_D3DVKDxgiOutput, &self))) return nullptr;
  return static_cast<DxgiOutput*>(self);
}

DxgiOutput::DxgiOutput(IDXGIAdapter* adapter, UINT index, const DisplayMonitor& monitor)
    : adapter_(adapter), index_(index), monitor_(monitor) {
  adapter_->AddRef();
}

DxgiOutput::~DxgiOutput() { adapter_->Release(); }

HRESULT STDMETHODCALLTYPE DxgiOutput::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIOutput) ||
      riid == __uuidof(IDXGIOutput1) || riid == __uuidof(IDXGIOutput2) || riid == __uuidof(IDXGIOutput3) ||
      riid == __uuidof(IDXGIOutput4) || riid == __uuidof(IDXGIOutput5) || riid == __uuidof(IDXGIOutput6)) {
    AddRef();
    *ppvObject = static_cast<IDXGIOutput6*>(this);
    return S_OK;
  }
  if (riid == IID_D3DVKDxgiOutput) {
    AddRef();
    *ppvObject = this;
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE DxgiOutput::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN(0)
ULONG STDMETHODCALLTYPE DxgiOutput::Release() try {
  const ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN(0)

HRESULT STDMETHODCALLTYPE DxgiOutput::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  *ppParent = nullptr;
  return adapter_->QueryInterface(riid, ppParent);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDesc(DXGI_OUTPUT_DESC* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  DXGI_OUTPUT_DESC1 d;
  GetDesc1(&d);
  *pDesc = {};
  std::copy(std::begin(d.DeviceName), std::end(d.DeviceName), pDesc->DeviceName);
  pDesc->DesktopCoordinates = d.DesktopCoordinates;
  pDesc->AttachedToDesktop = d.AttachedToDesktop;
  pDesc->Rotation = d.Rotation;
  pDesc->Monitor = d.Monitor;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDesc1(DXGI_OUTPUT_DESC1* pDesc) try {
  if (!pDesc) return E_INVALIDARG;
  *pDesc = {};
  const std::string name = "\\\\.\\DISPLAY" + std::to_string(index_ + 1);  // Windows' names: \\.\DISPLAY1 …
  copyUtf8ToWide(name.c_str(), pDesc->DeviceName, 32);
  const ScreenRect& r = monitor_.rect;
  pDesc->DesktopCoordinates = RECT{LONG(r.x), LONG(r.y), LONG(r.x + int32_t(r.width)), LONG(r.y + int32_t(r.height))};
  pDesc->AttachedToDesktop = TRUE;
  pDesc->Rotation = DXGI_MODE_ROTATION_IDENTITY;
  pDesc->Monitor = reinterpret_cast<HMONITOR>(uintptr_t(index_ + 1));  // 1, 2, …: the output's index + 1
  // What swapchains present in: sRGB, 8 bits a channel, BT.709 primaries, D65 white, 80 nits.
  pDesc->BitsPerColor = 8;
  pDesc->ColorSpace = DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709;
  pDesc->RedPrimary[0] = 0.64f, pDesc->RedPrimary[1] = 0.33f;
  pDesc->GreenPrimary[0] = 0.30f, pDesc->GreenPrimary[1] = 0.60f;
  pDesc->BluePrimary[0] = 0.15f, pDesc->BluePrimary[1] = 0.06f;
  pDesc->WhitePoint[0] = 0.3127f, pDesc->WhitePoint[1] = 0.3290f;
  pDesc->MinLuminance = 0.0f;
  pDesc->MaxLuminance = 80.0f;
  pDesc->MaxFullFrameLuminance = 80.0f;
  return S_OK;
} D3DVK_CATCH_HRESULT

UINT DxgiOutput::modes(const DXGI_FORMAT& format, DXGI_MODE_DESC1* out) const {
  if (!listedFormat(rawEnum(format))) return 0;
  if (out) {
    *out = {};
    out->Width = monitor_.rect.width;
    out->Height = monitor_.rect.height;
    out->RefreshRate = {kRefreshHz, 1};
    out->Format = format;
    out->ScanlineOrdering = DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE;
    out->Scaling = DXGI_MODE_SCALING_UNSPECIFIED;
    out->Stereo = FALSE;
  }
  return 1;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplayModeList(DXGI_FORMAT EnumFormat, UINT, UINT* pNumModes,
                                                         DXGI_MODE_DESC* pDesc) try {
  DXGI_MODE_DESC1 mode;
  const UINT count = modes(EnumFormat, &mode);
  return listModes("IDXGIOutput::GetDisplayModeList", count, &mode, pNumModes, pDesc, toDesc);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplayModeList1(DXGI_FORMAT EnumFormat, UINT, UINT* pNumModes,
                                                          DXGI_MODE_DESC1* pDesc) try {
  DXGI_MODE_DESC1 mode;
  const UINT count = modes(EnumFormat, &mode);
  return listModes("IDXGIOutput1::GetDisplayModeList1", count, &mode, pNumModes, pDesc,
                   [](const DXGI_MODE_DESC1& m) { return m; });
} D3DVK_CATCH_HRESULT

HRESULT DxgiOutput::findClosest(const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* out, IUnknown* device,
                                const char* method) const {
  if ((request.Width == 0) != (request.Height == 0))
    return fail(method, DXGI_ERROR_INVALID_CALL, "Width and Height are both 0 (unspecified) or both not");
  if ((request.RefreshRate.Numerator == 0) != (request.RefreshRate.Denominator == 0))
    return fail(method, DXGI_ERROR_INVALID_CALL,
                "RefreshRate's Numerator and Denominator are both 0 (unspecified) or both not");
  const int format = rawEnum(request.Format);
  if (format == DXGI_FORMAT_UNKNOWN && !device)
    return fail(method, DXGI_ERROR_INVALID_CALL, "Format is DXGI_FORMAT_UNKNOWN and pConcernedDevice is null");
  const int scaling = rawEnum(request.Scaling), ordering = rawEnum(request.ScanlineOrdering);
  if (scaling < DXGI_MODE_SCALING_UNSPECIFIED || scaling > DXGI_MODE_SCALING_STRETCHED)
    return fail(method, DXGI_ERROR_INVALID_CALL, "Scaling is no DXGI_MODE_SCALING");
  if (ordering < DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED || ordering > DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST)
    return fail(method, DXGI_ERROR_INVALID_CALL, "ScanlineOrdering is no DXGI_MODE_SCANLINE_ORDER");
  if (format != DXGI_FORMAT_UNKNOWN && !listedFormat(format))
    return fail(method, DXGI_ERROR_NOT_FOUND, "the output has no mode of format " + std::to_string(format));
  // Unspecified format: the desktop's (R8G8B8A8_UNORM, what a device renders to by default).
  const DXGI_FORMAT wanted = format == DXGI_FORMAT_UNKNOWN ? DXGI_FORMAT_R8G8B8A8_UNORM : request.Format;
  modes(wanted, out);
  // The one mode is the closest to any request; a requested scaling is kept (the
  // presenter stretches or, for CENTERED, still stretches: see docs/dxgi.md).
  if (scaling != DXGI_MODE_SCALING_UNSPECIFIED) out->Scaling = request.Scaling;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::FindClosestMatchingMode(const DXGI_MODE_DESC* pModeToMatch,
                                                              DXGI_MODE_DESC* pClosestMatch, IUnknown* pConcernedDevice) try {
  const char* method = "IDXGIOutput::FindClosestMatchingMode";
  if (!pModeToMatch || !pClosestMatch) return fail(method, DXGI_ERROR_INVALID_CALL, "a mode pointer is null");
  DXGI_MODE_DESC1 found;
  const HRESULT hr = findClosest(toDesc1(*pModeToMatch), &found, pConcernedDevice, method);
  if (SUCCEEDED(hr)) *pClosestMatch = toDesc(found);
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::FindClosestMatchingMode1(const DXGI_MODE_DESC1* pModeToMatch,
                                                               DXGI_MODE_DESC1* pClosestMatch,
                                                               IUnknown* pConcernedDevice) try {
  const char* method = "IDXGIOutput1::FindClosestMatchingMode1";
  if (!pModeToMatch || !pClosestMatch) return fail(method, DXGI_ERROR_INVALID_CALL, "a mode pointer is null");
  DXGI_MODE_DESC1 found;
  const HRESULT hr = findClosest(*pModeToMatch, &found, pConcernedDevice, method);
  if (SUCCEEDED(hr)) *pClosestMatch = found;
  return hr;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::WaitForVBlank() try {
  // The next 60 Hz boundary of CLOCK_MONOTONIC.
  const int64_t now = monotonicNs();
  std::this_thread::sleep_for(std::chrono::nanoseconds(kRefreshPeriodNs - now % kRefreshPeriodNs));
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) try {
  if (!pStats) return E_INVALIDARG;
  *pStats = {};
  const int64_t now = monotonicNs();
  pStats->SyncRefreshCount = UINT(now / kRefreshPeriodNs);  // vertical blanks of the 60 Hz clock
  pStats->PresentRefreshCount = pStats->SyncRefreshCount;
  pStats->SyncQPCTime.QuadPart = now - now % kRefreshPeriodNs;  // CLOCK_MONOTONIC nanoseconds of the last one
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::TakeOwnership(IUnknown* pDevice, BOOL) try {
  if (!pDevice) return E_INVALIDARG;
  return S_OK;  // nothing to own: fullscreen is a borderless window
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE DxgiOutput::ReleaseOwnership() try {} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE DxgiOutput::GetGammaControlCapabilities(DXGI_GAMMA_CONTROL_CAPABILITIES* pGammaCaps) try {
  if (!pGammaCaps) return E_INVALIDARG;
  return fail("IDXGIOutput::GetGammaControlCapabilities", DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
              "d3dvk's fullscreen is a borderless window: no gamma ramps");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::SetGammaControl(const DXGI_GAMMA_CONTROL* pArray) try {
  if (!pArray) return E_INVALIDARG;
  return fail("IDXGIOutput::SetGammaControl", DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
              "d3dvk's fullscreen is a borderless window: no gamma ramps");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetGammaControl(DXGI_GAMMA_CONTROL* pArray) try {
  if (!pArray) return E_INVALIDARG;
  return fail("IDXGIOutput::GetGammaControl", DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
              "d3dvk's fullscreen is a borderless window: no gamma ramps");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::SetDisplaySurface(IDXGISurface*) try {
  return fail("IDXGIOutput::SetDisplaySurface", DXGI_ERROR_UNSUPPORTED, "d3dvk scans out no surfaces");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplaySurfaceData(IDXGISurface*) try {
  return fail("IDXGIOutput::GetDisplaySurfaceData", DXGI_ERROR_UNSUPPORTED, "d3dvk does not read the display back");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplaySurfaceData1(IDXGIResource*) try {
  return fail("IDXGIOutput1::GetDisplaySurfaceData1", DXGI_ERROR_UNSUPPORTED, "d3dvk does not read the display back");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::DuplicateOutput(IUnknown*, IDXGIOutputDuplication** ppOutputDuplication) try {
  if (ppOutputDuplication) *ppOutputDuplication = nullptr;
  return fail("IDXGIOutput1::DuplicateOutput", DXGI_ERROR_UNSUPPORTED, "desktop duplication is not supported");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::DuplicateOutput1(IUnknown*, UINT, UINT, const DXGI_FORMAT*,
                                                       IDXGIOutputDuplication** ppOutputDuplication) try {
  if (ppOutputDuplication) *ppOutputDuplication = nullptr;
  return fail("IDXGIOutput5::DuplicateOutput1", DXGI_ERROR_UNSUPPORTED, "desktop duplication is not supported");
} D3DVK_CATCH_HRESULT

BOOL STDMETHODCALLTYPE DxgiOutput::SupportsOverlays() try { return FALSE; } D3DVK_CATCH_RETURN(FALSE)

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckOverlaySupport(DXGI_FORMAT, IUnknown* pConcernedDevice, UINT* pFlags) try {
  if (!pConcernedDevice || !pFlags) return E_INVALIDARG;
  *pFlags = 0;  // no overlay planes
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckOverlayColorSpaceSupport(DXGI_FORMAT, DXGI_COLOR_SPACE_TYPE,
                                                                    IUnknown* pConcernedDevice, UINT* pFlags) try {
  if (!pConcernedDevice || !pFlags) return E_INVALIDARG;
  *pFlags = 0;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckHardwareCompositionSupport(UINT* pFlags) try {
  if (!pFlags) return E_INVALIDARG;
  *pFlags = 0;
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
