// layers/ddi-trace/ddi_trace.cpp — libd3dvk_ddi_trace.so, a filter UMD. It
// exports the same two OpenAdapter entry points as the real UMD, loads the real
// one (D3DVK_TRACE_REAL_UMD, else libd3dvk_umd.so next to itself), forwards
// every adapter and device DDI to it and records each call — name, arguments,
// result — one line per call to D3DVK_DDI_TRACE_FILE (appended) or stderr.
// Tests select it with D3DVK_UMD_PATH and read the file to see the exact DDI
// traffic. D3DVK_TRACE_HIDE_VERSIONS=d3d11_1,wddm2_0 removes interface versions
// from GetSupportedVersions, to play a UMD that lacks them;
// D3DVK_TRACE_FORCE_CONSERVATIVE_TIER=0|1|2|3 replaces the conservative tier the
// real UMD reports through GetCaps (D3D11 OPTIONS2 and D3D12 OPTIONS), so tests
// can exercise tier-dependent runtime rules on any device. Both exist only in
// this test layer, never in the production UMD.
#include "d3d12umddi_checks.h"

#include <dlfcn.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

namespace {

// ---------------------------------------------------------------------------
// The log.
std::mutex gLogMutex;

void trace(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void trace(const char* fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  std::lock_guard<std::mutex> lock(gLogMutex);
  const char* path = std::getenv("D3DVK_DDI_TRACE_FILE");
  FILE* out = path && *path ? std::fopen(path, "a") : stderr;
  if (!out) out = stderr;
  std::fprintf(out, "%s%s\n", out == stderr ? "d3dvk-ddi-trace: " : "", line);
  if (out != stderr) std::fclose(out);
}

std::string hr(HRESULT value) {
  switch (value) {
    case S_OK: return "S_OK";
    case S_FALSE: return "S_FALSE";
    case E_INVALIDARG: return "E_INVALIDARG";
    case E_OUTOFMEMORY: return "E_OUTOFMEMORY";
    case E_NOTIMPL: return "E_NOTIMPL";
    case E_FAIL: return "E_FAIL";
    default: {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(value));
      return buf;
    }
  }
}

std::string desc(const D3DWDDM2_0DDI_RASTERIZER_DESC* d) {
  if (!d) return "null";
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{FillMode=%d, CullMode=%d, FrontCounterClockwise=%u, DepthBias=%d, DepthBiasClamp=%g, "
                "SlopeScaledDepthBias=%g, DepthClipEnable=%u, ScissorEnable=%u, MultisampleEnable=%u, "
                "AntialiasedLineEnable=%u, ForcedSampleCount=%u, ConservativeRasterizationMode=%d}",
                int(d->FillMode), int(d->CullMode), d->FrontCounterClockwise, d->DepthBias, double(d->DepthBiasClamp),
                double(d->SlopeScaledDepthBias), d->DepthClipEnable, d->ScissorEnable, d->MultisampleEnable,
                d->AntialiasedLineEnable, d->ForcedSampleCount, int(d->ConservativeRasterizationMode));
  return buf;
}

D3DWDDM2_0DDI_RASTERIZER_DESC promote(const D3D11_1_DDI_RASTERIZER_DESC* d) {
  return {d->FillMode,          d->CullMode,          d->FrontCounterClockwise, d->DepthBias,
          d->DepthBiasClamp,    d->SlopeScaledDepthBias, d->DepthClipEnable,   d->ScissorEnable,
          d->MultisampleEnable, d->AntialiasedLineEnable, d->ForcedSampleCount,
          D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
}

// ---------------------------------------------------------------------------
// The real UMD.
void* loadRealUmd() {
  std::string path;
  if (const char* p = std::getenv("D3DVK_TRACE_REAL_UMD"); p && *p) {
    path = p;
  } else {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&loadRealUmd), &info) && info.dli_fname) {
      path = info.dli_fname;
      size_t slash = path.rfind('/');
      path = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + "libd3dvk_umd.so";
    }
  }
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) trace("error: cannot load the real UMD %s: %s", path.c_str(), dlerror());
  return lib;
}

// The tier forced by D3DVK_TRACE_FORCE_CONSERVATIVE_TIER, or -1.
int forcedTier() {
  const char* v = std::getenv("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER");
  if (!v || !*v) return -1;
  if (v[1] == 0 && v[0] >= '0' && v[0] <= '3') return v[0] - '0';
  trace("error: D3DVK_TRACE_FORCE_CONSERVATIVE_TIER=%s is not one of 0, 1, 2, 3; not forcing", v);
  return -1;
}

bool hidden(UINT64 version) {
  const char* hide = std::getenv("D3DVK_TRACE_HIDE_VERSIONS");
  if (!hide) return false;
  std::string list = std::string(",") + hide + ",";
  UINT interface_ = UINT(version >> 32);
  return (interface_ == D3D11_1_DDI_INTERFACE_VERSION && list.find(",d3d11_1,") != std::string::npos) ||
         (interface_ == D3DWDDM2_0_DDI_INTERFACE_VERSION && list.find(",wddm2_0,") != std::string::npos);
}

// Calls the real GetSupportedVersions and drops the hidden versions, keeping
// the two-call pattern consistent (the count query reports the filtered count).
template <typename Handle, typename Fn>
HRESULT filteredVersions(Fn real, Handle h, UINT32* puEntries, UINT64* pVersions) {
  if (!puEntries) return real(h, puEntries, pVersions);
  UINT32 count = 0;
  HRESULT result = real(h, &count, nullptr);
  if (FAILED(result)) return result;
  std::vector<UINT64> all(count);
  result = real(h, &count, all.data());
  if (FAILED(result)) return result;
  std::vector<UINT64> kept;
  for (UINT32 i = 0; i < count; ++i)
    if (!hidden(all[i])) kept.push_back(all[i]);
  if (!pVersions) {
    *puEntries = UINT32(kept.size());
    return S_OK;
  }
  if (*puEntries < kept.size()) {
    *puEntries = UINT32(kept.size());
    return E_OUTOFMEMORY;
  }
  for (size_t i = 0; i < kept.size(); ++i) pVersions[i] = kept[i];
  *puEntries = UINT32(kept.size());
  return S_OK;
}

std::string versions(const UINT32* puEntries, const UINT64* pVersions) {
  if (!puEntries) return "puEntries=null";
  std::string s = "entries=" + std::to_string(*puEntries);
  if (pVersions) {
    s += ", versions=[";
    for (UINT32 i = 0; i < *puEntries; ++i) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s0x%016" PRIX64, i ? ", " : "", pVersions[i]);
      s += buf;
    }
    s += "]";
  }
  return s;
}

// ---------------------------------------------------------------------------
// D3D10/11 adapter.
struct TraceAdapter {
  void* lib = nullptr;
  D3D10DDI_HADAPTER real{};
  D3D10_2DDI_ADAPTERFUNCS funcs{};
};

TraceAdapter* adapterFrom(D3D10DDI_HADAPTER h) { return static_cast<TraceAdapter*>(h.pDrvPrivate); }

// Placed at the start of the runtime's hDrvDevice memory; the real device's
// private memory follows at kDevicePrefix.
struct TraceDevice {
  // Storage for the real UMD's table: the D3D11.1 table is a prefix of the
  // WDDM 2.0 one (GCC defines reading a union through either member).
  union {
    D3DWDDM2_0DDI_DEVICEFUNCS real;
    D3D11_1DDI_DEVICEFUNCS real11_1;
  };
  UINT interface_ = 0;
  TraceDevice() : real{} {}
};
constexpr SIZE_T kDevicePrefix = (sizeof(TraceDevice) + 63) & ~SIZE_T(63);

TraceDevice* traceFrom(D3D10DDI_HDEVICE h) { return static_cast<TraceDevice*>(h.pDrvPrivate); }
D3D10DDI_HDEVICE realFrom(D3D10DDI_HDEVICE h) { return {static_cast<char*>(h.pDrvPrivate) + kDevicePrefix}; }

template <int Slot>
VOID APIENTRY tracePlaceholder(D3D10DDI_HDEVICE h) {
  trace("%s(hDevice=%p)", d3dvk::ddi::kWddm2_0DeviceFuncNames[Slot - 1], h.pDrvPrivate);
  PFND3DVK_DDI_PLACEHOLDER real;
  std::memcpy(&real, reinterpret_cast<const char*>(&traceFrom(h)->real) + (Slot - 1) * sizeof(void*), sizeof real);
  real(realFrom(h));
}

template <int Slot, typename Fn>
void wrapSlot(Fn& member) {
  if constexpr (std::is_same_v<Fn, PFND3DVK_DDI_PLACEHOLDER>)
    member = &tracePlaceholder<Slot>;
  else
    member = nullptr;  // typed slots get their own wrapper below
}

VOID APIENTRY setRasterizerState(D3D10DDI_HDEVICE h, D3D10DDI_HRASTERIZERSTATE s) {
  trace("SetRasterizerState(hDevice=%p, hRasterizerState=%p)", h.pDrvPrivate, s.pDrvPrivate);
  traceFrom(h)->real.pfnSetRasterizerState(realFrom(h), s);
}
SIZE_T APIENTRY calcPrivateRasterizerStateSize(D3D10DDI_HDEVICE h, const D3DWDDM2_0DDI_RASTERIZER_DESC* d) {
  SIZE_T size = traceFrom(h)->real.pfnCalcPrivateRasterizerStateSize(realFrom(h), d);
  trace("CalcPrivateRasterizerStateSize(hDevice=%p, desc=%s) -> %zu", h.pDrvPrivate, desc(d).c_str(), size);
  return size;
}
VOID APIENTRY createRasterizerState(D3D10DDI_HDEVICE h, const D3DWDDM2_0DDI_RASTERIZER_DESC* d,
                                    D3D10DDI_HRASTERIZERSTATE s, D3D10DDI_HRTRASTERIZERSTATE rt) {
  trace("CreateRasterizerState(hDevice=%p, desc=%s, hRasterizerState=%p)", h.pDrvPrivate, desc(d).c_str(),
        s.pDrvPrivate);
  traceFrom(h)->real.pfnCreateRasterizerState(realFrom(h), d, s, rt);
}
SIZE_T APIENTRY calcPrivateRasterizerStateSize11_1(D3D10DDI_HDEVICE h, const D3D11_1_DDI_RASTERIZER_DESC* d) {
  SIZE_T size = traceFrom(h)->real11_1.pfnCalcPrivateRasterizerStateSize(realFrom(h), d);
  D3DWDDM2_0DDI_RASTERIZER_DESC p = d ? promote(d) : D3DWDDM2_0DDI_RASTERIZER_DESC{};
  trace("CalcPrivateRasterizerStateSize(hDevice=%p, desc11_1=%s) -> %zu", h.pDrvPrivate, desc(d ? &p : nullptr).c_str(),
        size);
  return size;
}
VOID APIENTRY createRasterizerState11_1(D3D10DDI_HDEVICE h, const D3D11_1_DDI_RASTERIZER_DESC* d,
                                        D3D10DDI_HRASTERIZERSTATE s, D3D10DDI_HRTRASTERIZERSTATE rt) {
  D3DWDDM2_0DDI_RASTERIZER_DESC p = d ? promote(d) : D3DWDDM2_0DDI_RASTERIZER_DESC{};
  trace("CreateRasterizerState(hDevice=%p, desc11_1=%s, hRasterizerState=%p)", h.pDrvPrivate,
        desc(d ? &p : nullptr).c_str(), s.pDrvPrivate);
  traceFrom(h)->real11_1.pfnCreateRasterizerState(realFrom(h), d, s, rt);
}
VOID APIENTRY destroyRasterizerState(D3D10DDI_HDEVICE h, D3D10DDI_HRASTERIZERSTATE s) {
  trace("DestroyRasterizerState(hDevice=%p, hRasterizerState=%p)", h.pDrvPrivate, s.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyRasterizerState(realFrom(h), s);
}
VOID APIENTRY destroyDevice(D3D10DDI_HDEVICE h) {
  trace("DestroyDevice(hDevice=%p)", h.pDrvPrivate);
  TraceDevice* t = traceFrom(h);
  t->real.pfnDestroyDevice(realFrom(h));
  t->~TraceDevice();
}

void fillWrappers(D3DWDDM2_0DDI_DEVICEFUNCS& t) {
#define D3DVK_X(slot, name) wrapSlot<slot>(t.pfn##name);
  D3DVK_WDDM2_0_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
  t.pfnSetRasterizerState = &setRasterizerState;
  t.pfnCalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize;
  t.pfnCreateRasterizerState = &createRasterizerState;
  t.pfnDestroyRasterizerState = &destroyRasterizerState;
  t.pfnDestroyDevice = &destroyDevice;
}

void fillWrappers(D3D11_1DDI_DEVICEFUNCS& t) {
#define D3DVK_X(slot, name) wrapSlot<slot>(t.pfn##name);
  D3DVK_D3D11_1_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
  t.pfnSetRasterizerState = &setRasterizerState;
  t.pfnCalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize11_1;
  t.pfnCreateRasterizerState = &createRasterizerState11_1;
  t.pfnDestroyRasterizerState = &destroyRasterizerState;
  t.pfnDestroyDevice = &destroyDevice;
}

SIZE_T APIENTRY calcPrivateDeviceSize(D3D10DDI_HADAPTER a, const D3D10DDIARG_CALCPRIVATEDEVICESIZE* args) {
  TraceAdapter* t = adapterFrom(a);
  SIZE_T size = kDevicePrefix + t->funcs.pfnCalcPrivateDeviceSize(t->real, args);
  trace("CalcPrivateDeviceSize(Interface=0x%08X, Version=0x%08X) -> %zu", args ? args->Interface : 0,
        args ? args->Version : 0, size);
  return size;
}

HRESULT APIENTRY createDevice(D3D10DDI_HADAPTER a, D3D10DDIARG_CREATEDEVICE* args) {
  TraceAdapter* t = adapterFrom(a);
  if (!args || !args->hDrvDevice.pDrvPrivate || !args->pWDDM2_0DeviceFuncs) {
    trace("CreateDevice(args=invalid) -> E_INVALIDARG");
    return E_INVALIDARG;
  }
  auto* device = new (args->hDrvDevice.pDrvPrivate) TraceDevice();
  device->interface_ = args->Interface;
  D3D10DDIARG_CREATEDEVICE forwarded = *args;
  forwarded.hDrvDevice = realFrom(args->hDrvDevice);
  forwarded.pWDDM2_0DeviceFuncs = &device->real;
  HRESULT result = t->funcs.pfnCreateDevice(t->real, &forwarded);
  trace("CreateDevice(Interface=0x%08X, Version=0x%08X) -> %s", args->Interface, args->Version, hr(result).c_str());
  if (FAILED(result)) {
    device->~TraceDevice();
    return result;
  }
  if (args->Interface == D3DWDDM2_0_DDI_INTERFACE_VERSION)
    fillWrappers(*args->pWDDM2_0DeviceFuncs);
  else
    fillWrappers(*args->p11_1DeviceFuncs);
  return result;
}

HRESULT APIENTRY closeAdapter(D3D10DDI_HADAPTER a) {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = t->funcs.pfnCloseAdapter(t->real);
  trace("CloseAdapter() -> %s", hr(result).c_str());
  dlclose(t->lib);
  delete t;
  return result;
}

HRESULT APIENTRY getSupportedVersions(D3D10DDI_HADAPTER a, UINT32* puEntries, UINT64* pVersions) {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = filteredVersions(t->funcs.pfnGetSupportedVersions, t->real, puEntries, pVersions);
  trace("GetSupportedVersions(%s) -> %s", versions(puEntries, pVersions).c_str(), hr(result).c_str());
  return result;
}

HRESULT APIENTRY getCaps(D3D10DDI_HADAPTER a, const D3D10_2DDIARG_GETCAPS* caps) {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = t->funcs.pfnGetCaps(t->real, caps);
  if (caps && caps->Type == D3DWDDM2_0DDICAPS_D3D11_OPTIONS2 && SUCCEEDED(result)) {
    auto* data = static_cast<D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA*>(caps->pData);
    int forced = forcedTier();
    if (forced >= 0) data->ConservativeRasterizationTier = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER(forced);
    trace("GetCaps(Type=D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, DataSize=%u) -> %s {ConservativeRasterizationTier=%d}%s",
          caps->DataSize, hr(result).c_str(), int(data->ConservativeRasterizationTier),
          forced >= 0 ? " (forced by D3DVK_TRACE_FORCE_CONSERVATIVE_TIER)" : "");
  }
  else
    trace("GetCaps(Type=%d, DataSize=%u) -> %s", caps ? int(caps->Type) : -1, caps ? caps->DataSize : 0,
          hr(result).c_str());
  return result;
}

// ---------------------------------------------------------------------------
// D3D12 adapter.
struct TraceAdapter12 {
  void* lib = nullptr;
  D3D12DDI_HADAPTER real{};
  D3D12DDI_ADAPTERFUNCS funcs{};
};
TraceAdapter12* adapter12From(D3D12DDI_HADAPTER h) { return static_cast<TraceAdapter12*>(h.pDrvPrivate); }

SIZE_T APIENTRY calcPrivateDeviceSize12(D3D12DDI_HADAPTER a, const D3D12DDIARG_CALCPRIVATEDEVICESIZE* args) {
  SIZE_T size = adapter12From(a)->funcs.pfnCalcPrivateDeviceSize(adapter12From(a)->real, args);
  trace("D3D12 CalcPrivateDeviceSize() -> %zu", size);
  return size;
}
HRESULT APIENTRY createDevice12(D3D12DDI_HADAPTER a, D3D12DDIARG_CREATEDEVICE_0003* args) {
  HRESULT result = adapter12From(a)->funcs.pfnCreateDevice(adapter12From(a)->real, args);
  trace("D3D12 CreateDevice() -> %s", hr(result).c_str());
  return result;
}
HRESULT APIENTRY closeAdapter12(D3D12DDI_HADAPTER a) {
  TraceAdapter12* t = adapter12From(a);
  HRESULT result = t->funcs.pfnCloseAdapter(t->real);
  trace("D3D12 CloseAdapter() -> %s", hr(result).c_str());
  dlclose(t->lib);
  delete t;
  return result;
}
HRESULT APIENTRY getSupportedVersions12(D3D12DDI_HADAPTER a, UINT32* puEntries, UINT64* pVersions) {
  HRESULT result = adapter12From(a)->funcs.pfnGetSupportedVersions(adapter12From(a)->real, puEntries, pVersions);
  trace("D3D12 GetSupportedVersions(%s) -> %s", versions(puEntries, pVersions).c_str(), hr(result).c_str());
  return result;
}
HRESULT APIENTRY getCaps12(D3D12DDI_HADAPTER a, const D3D12DDIARG_GETCAPS* caps) {
  HRESULT result = adapter12From(a)->funcs.pfnGetCaps(adapter12From(a)->real, caps);
  if (caps && caps->Type == D3D12DDICAPS_TYPE_D3D12_OPTIONS && SUCCEEDED(result)) {
    auto* data = static_cast<D3D12DDI_D3D12_OPTIONS_DATA_0032*>(caps->pData);
    int forced = forcedTier();
    if (forced >= 0) data->ConservativeRasterizationTier = D3D12DDI_CONSERVATIVE_RASTERIZATION_TIER(forced);
    trace("D3D12 GetCaps(Type=D3D12DDICAPS_TYPE_D3D12_OPTIONS, DataSize=%u) -> %s {ConservativeRasterizationTier=%d}%s",
          caps->DataSize, hr(result).c_str(), int(data->ConservativeRasterizationTier),
          forced >= 0 ? " (forced by D3DVK_TRACE_FORCE_CONSERVATIVE_TIER)" : "");
  }
  else
    trace("D3D12 GetCaps(Type=%d, DataSize=%u) -> %s", caps ? int(caps->Type) : -1, caps ? caps->DataSize : 0,
          hr(result).c_str());
  return result;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER* args) {
  if (!args || !args->pAdapterFuncs_2) return E_INVALIDARG;
  void* lib = loadRealUmd();
  auto open = lib ? reinterpret_cast<PFND3D10DDI_OPENADAPTER>(dlsym(lib, "OpenAdapter10_2")) : nullptr;
  if (!open) {
    if (lib) dlclose(lib);
    trace("OpenAdapter10_2() -> E_FAIL (real UMD unavailable)");
    return E_FAIL;
  }
  auto* t = new (std::nothrow) TraceAdapter();
  if (!t) return E_OUTOFMEMORY;
  t->lib = lib;
  D3D10DDIARG_OPENADAPTER forwarded = *args;
  forwarded.pAdapterFuncs_2 = &t->funcs;
  HRESULT result = open(&forwarded);
  trace("OpenAdapter10_2(Interface=0x%08X, Version=0x%08X) -> %s", args->Interface, args->Version, hr(result).c_str());
  if (FAILED(result)) {
    dlclose(lib);
    delete t;
    return result;
  }
  t->real = forwarded.hAdapter;
  args->hAdapter.pDrvPrivate = t;
  *args->pAdapterFuncs_2 = {&calcPrivateDeviceSize, &createDevice, &closeAdapter, &getSupportedVersions, &getCaps};
  return result;
}

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter12(D3D12DDIARG_OPENADAPTER* args) {
  if (!args || !args->pAdapterFuncs) return E_INVALIDARG;
  void* lib = loadRealUmd();
  auto open = lib ? reinterpret_cast<PFND3D12DDI_OPENADAPTER>(dlsym(lib, "OpenAdapter12")) : nullptr;
  if (!open) {
    if (lib) dlclose(lib);
    trace("OpenAdapter12() -> E_FAIL (real UMD unavailable)");
    return E_FAIL;
  }
  auto* t = new (std::nothrow) TraceAdapter12();
  if (!t) return E_OUTOFMEMORY;
  t->lib = lib;
  D3D12DDIARG_OPENADAPTER forwarded = *args;
  forwarded.pAdapterFuncs = &t->funcs;
  HRESULT result = open(&forwarded);
  trace("OpenAdapter12() -> %s", hr(result).c_str());
  if (FAILED(result)) {
    dlclose(lib);
    delete t;
    return result;
  }
  t->real = forwarded.hAdapter;
  args->hAdapter.pDrvPrivate = t;
  *args->pAdapterFuncs = t->funcs;  // optional tables etc. pass through untraced
  args->pAdapterFuncs->pfnCalcPrivateDeviceSize = &calcPrivateDeviceSize12;
  args->pAdapterFuncs->pfnCreateDevice = &createDevice12;
  args->pAdapterFuncs->pfnCloseAdapter = &closeAdapter12;
  args->pAdapterFuncs->pfnGetSupportedVersions = &getSupportedVersions12;
  args->pAdapterFuncs->pfnGetCaps = &getCaps12;
  return result;
}
