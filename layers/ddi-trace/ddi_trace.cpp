// layers/ddi-trace/ddi_trace.cpp — libd3dvk_ddi_trace.so, a filter UMD (its
// forwarding part). It exports the same two OpenAdapter entry points as the
// real UMD, loads the real one (D3DVK_TRACE_REAL_UMD, else libd3dvk_umd.so next
// to itself), forwards every adapter and device DDI to it and records each call
// — name, arguments, result — one line per call to D3DVK_DDI_TRACE_FILE
// (appended) or stderr. Tests select it with D3DVK_UMD_PATH and read the file
// to see the exact DDI traffic. The device-table wrappers are generated from the
// one slot list (d3d10umddi.h); trace_format.h says how each call is written,
// trace_log.cpp writes it, and trace_faults.h lists the faults this layer can
// inject (environment variables of this test layer only, never of the
// production UMD). Every entry point is an exception barrier.
#include "d3dvk_entry_guard.h"
#include "ddi_trace12.h"
#include "trace_faults.h"
#include "trace_format.h"
#include "d3dvk_stream_output_ddi.h"
#include "trace_log.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <type_traits>

namespace d3dvk::trace {
namespace {

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

// ---------------------------------------------------------------------------
// D3D10/11 adapter and device.
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
  DeviceFaults faults;
  TraceDevice(D3D10DDI_HRTCORELAYER hRTCoreLayer, PFND3D10DDI_SETERROR_CB setError)
      : real{}, faults(hRTCoreLayer, setError) {}
};
constexpr SIZE_T kDevicePrefix = (sizeof(TraceDevice) + 63) & ~SIZE_T(63);

TraceDevice* traceFrom(D3D10DDI_HDEVICE h) { return static_cast<TraceDevice*>(h.pDrvPrivate); }
D3D10DDI_HDEVICE realFrom(D3D10DDI_HDEVICE h) { return {static_cast<char*>(h.pDrvPrivate) + kDevicePrefix}; }

// The real UMD's entry in `slot` (same position in both tables).
template <typename Fn>
Fn realSlot(D3D10DDI_HDEVICE h, int slot) {
  Fn fn;
  std::memcpy(&fn, reinterpret_cast<const char*>(&traceFrom(h)->real) + (slot - 1) * sizeof(void*), sizeof fn);
  return fn;
}

// The wrapper of one device-table slot (Fn: the slot's function type in the
// table being filled): trace the call — before forwarding it, or after when
// the line shows a result — unless a fault replaces it, forward it to the same
// slot of the real table, and never let an exception out.
template <int Slot, typename Fn>
struct TraceEntry;
template <int Slot, typename R, typename... A>
struct TraceEntry<Slot, R(APIENTRY*)(D3D10DDI_HDEVICE, A...)> {
  using Fn = R(APIENTRY*)(D3D10DDI_HDEVICE, A...);
  static constexpr bool kTraceAfter = !std::is_void_v<R> || kHasResult<Slot, A...>;

  static R APIENTRY call(D3D10DDI_HDEVICE h, A... a) noexcept try {
    if constexpr (!kTraceAfter) trace("%s", callLine<Slot>(h, a...).c_str());
    if (traceFrom(h)->faults.intercept(Slot)) {
      if constexpr (kTraceAfter) trace("%s", callLine<Slot>(h, a...).c_str());
      return R();
    }
    if constexpr (std::is_void_v<R>) {
      realSlot<Fn>(h, Slot)(realFrom(h), a...);
      if constexpr (kTraceAfter) trace("%s%s", callLine<Slot>(h, a...).c_str(), result(SlotTag<Slot>{}, a...).c_str());
      if constexpr (Slot == int(ddi::DeviceSlot::DestroyDevice)) traceFrom(h)->~TraceDevice();
    } else {
      const R value = realSlot<Fn>(h, Slot)(realFrom(h), a...);
      trace("%s%s", callLine<Slot>(h, a...).c_str(), returned(value).c_str());
      return value;
    }
    return R();
  } catch (...) {
    traceFrom(h)->faults.report(hresultFromCaughtException(slotName(Slot)));
    return R();
  }

 private:
  static std::string returned(SIZE_T size) { return format(" -> %zu", size); }
  static std::string returned(BOOL b) { return b ? " -> TRUE" : " -> FALSE"; }
};

// Fills every slot of the runtime's table (WDDM 2.0 or its D3D11.1 prefix)
// with its wrapper, from the one slot list.
template <typename Table>
void fillWrappers(Table& t) {
#define D3DVK_X(slot, name) \
  if constexpr (slot <= kDeviceFuncSlotCount<Table>) t.pfn##name = &TraceEntry<slot, decltype(t.pfn##name)>::call;
  D3DVK_WDDM2_0_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
  // Stream output's slots are placeholder-typed in d3d10umddi.h: wrapped with their WDK types.
  t.pfnCalcPrivateGeometryShaderWithStreamOutput = ddi::streamOutputSlotValue(
      &TraceEntry<87, PFND3D11_1DDI_CALCPRIVATEGEOMETRYSHADERWITHSTREAMOUTPUT>::call);
  t.pfnCreateGeometryShaderWithStreamOutput =
      ddi::streamOutputSlotValue(&TraceEntry<88, PFND3D11_1DDI_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT>::call);
  t.pfnSoSetTargets = ddi::streamOutputSlotValue(&TraceEntry<41, PFND3D10DDI_SO_SETTARGETS>::call);
}

SIZE_T APIENTRY calcPrivateDeviceSize(D3D10DDI_HADAPTER a, const D3D10DDIARG_CALCPRIVATEDEVICESIZE* args) try {
  TraceAdapter* t = adapterFrom(a);
  SIZE_T size = kDevicePrefix + t->funcs.pfnCalcPrivateDeviceSize(t->real, args);
  trace("CalcPrivateDeviceSize(Interface=0x%08X, Version=0x%08X) -> %zu", args ? args->Interface : 0,
        args ? args->Version : 0, size);
  return size;
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createDevice(D3D10DDI_HADAPTER a, D3D10DDIARG_CREATEDEVICE* args) try {
  TraceAdapter* t = adapterFrom(a);
  if (!args || !args->hDrvDevice.pDrvPrivate || !args->pWDDM2_0DeviceFuncs) {
    trace("CreateDevice(args=invalid) -> E_INVALIDARG");
    return E_INVALIDARG;
  }
  auto* device = new (args->hDrvDevice.pDrvPrivate)
      TraceDevice(args->hRTCoreLayer, args->p11UMCallbacks ? args->p11UMCallbacks->pfnSetErrorCb : nullptr);
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
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY closeAdapter(D3D10DDI_HADAPTER a) try {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = t->funcs.pfnCloseAdapter(t->real);
  trace("CloseAdapter() -> %s", hr(result).c_str());
  dlclose(t->lib);
  delete t;
  return result;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getSupportedVersions(D3D10DDI_HADAPTER a, UINT32* puEntries, UINT64* pVersions) try {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = filteredVersions(t->funcs.pfnGetSupportedVersions, t->real, puEntries, pVersions);
  trace("GetSupportedVersions(%s) -> %s", versions(puEntries, pVersions).c_str(), hr(result).c_str());
  return result;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY getCaps(D3D10DDI_HADAPTER a, const D3D10_2DDIARG_GETCAPS* caps) try {
  TraceAdapter* t = adapterFrom(a);
  HRESULT result = t->funcs.pfnGetCaps(t->real, caps);
  if (caps && caps->Type == D3DWDDM2_0DDICAPS_D3D11_OPTIONS2 && SUCCEEDED(result)) {
    auto* data = static_cast<D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA*>(caps->pData);
    int forced = forcedTier();
    if (forced >= 0) data->ConservativeRasterizationTier = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER(forced);
    trace("GetCaps(Type=D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, DataSize=%u) -> %s {ConservativeRasterizationTier=%d}%s",
          caps->DataSize, hr(result).c_str(), int(data->ConservativeRasterizationTier),
          forced >= 0 ? " (forced by D3DVK_TRACE_FORCE_CONSERVATIVE_TIER)" : "");
  } else if (caps && caps->Type == D3D11DDICAPS_SHADER && SUCCEEDED(result)) {
    trace("GetCaps(Type=D3D11DDICAPS_SHADER, DataSize=%u) -> %s {Caps=0x%x}", caps->DataSize, hr(result).c_str(),
          static_cast<const D3D11DDI_SHADER_CAPS*>(caps->pData)->Caps);
  } else
    trace("GetCaps(Type=%d, DataSize=%u) -> %s", caps ? int(caps->Type) : -1, caps ? caps->DataSize : 0,
          hr(result).c_str());
  return result;
} D3DVK_CATCH_HRESULT

// ---------------------------------------------------------------------------
// D3D12 adapter.
struct TraceAdapter12 {
  void* lib = nullptr;
  D3D12DDI_HADAPTER real{};
  D3D12DDI_ADAPTERFUNCS funcs{};
};
TraceAdapter12* adapter12From(D3D12DDI_HADAPTER h) { return static_cast<TraceAdapter12*>(h.pDrvPrivate); }

SIZE_T APIENTRY calcPrivateDeviceSize12(D3D12DDI_HADAPTER a, const D3D12DDIARG_CALCPRIVATEDEVICESIZE* args) try {
  SIZE_T size = adapter12From(a)->funcs.pfnCalcPrivateDeviceSize(adapter12From(a)->real, args);
  trace("D3D12 CalcPrivateDeviceSize() -> %zu", size);
  return size;
} D3DVK_CATCH_RETURN({})
HRESULT APIENTRY createDevice12(D3D12DDI_HADAPTER a, const D3D12DDIARG_CREATEDEVICE_0003* args) try {
  HRESULT result = adapter12From(a)->funcs.pfnCreateDevice(adapter12From(a)->real, args);
  trace("D3D12 CreateDevice() -> %s", hr(result).c_str());
  return result;
} D3DVK_CATCH_HRESULT
// The D3D12 device tables: the filled entries traced (ddi_trace12.cpp).
HRESULT APIENTRY fillDDITable12(D3D12DDI_HADAPTER a, D3D12DDI_TABLE_TYPE type, VOID* table, SIZE_T size, UINT index,
                                D3D12DDI_HRTTABLE hRT) try {
  HRESULT result = adapter12From(a)->funcs.pfnFillDDITable(adapter12From(a)->real, type, table, size, index, hRT);
  trace("D3D12 FillDDITable(Type=%d, Size=%zu) -> %s", int(type), size_t(size), hr(result).c_str());
  if (SUCCEEDED(result)) wrapTable12(type, table, size);
  return result;
} D3DVK_CATCH_HRESULT
HRESULT APIENTRY getOptionalDDITables12(D3D12DDI_HADAPTER a, UINT32* puEntries, D3D12DDI_TABLE_REQUEST* requests) try {
  return adapter12From(a)->funcs.pfnGetOptionalDDITables(adapter12From(a)->real, puEntries, requests);
} D3DVK_CATCH_HRESULT
HRESULT APIENTRY closeAdapter12(D3D12DDI_HADAPTER a) try {
  TraceAdapter12* t = adapter12From(a);
  HRESULT result = t->funcs.pfnCloseAdapter(t->real);
  trace("D3D12 CloseAdapter() -> %s", hr(result).c_str());
  dlclose(t->lib);
  delete t;
  return result;
} D3DVK_CATCH_HRESULT
HRESULT APIENTRY getSupportedVersions12(D3D12DDI_HADAPTER a, UINT32* puEntries, UINT64* pVersions) try {
  HRESULT result = adapter12From(a)->funcs.pfnGetSupportedVersions(adapter12From(a)->real, puEntries, pVersions);
  trace("D3D12 GetSupportedVersions(%s) -> %s", versions(puEntries, pVersions).c_str(), hr(result).c_str());
  return result;
} D3DVK_CATCH_HRESULT
HRESULT APIENTRY getCaps12(D3D12DDI_HADAPTER a, const D3D12DDIARG_GETCAPS* caps) try {
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
} D3DVK_CATCH_HRESULT

}  // namespace
}  // namespace d3dvk::trace

using namespace d3dvk::trace;

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER* args) try {
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
} D3DVK_CATCH_HRESULT

extern "C" __attribute__((visibility("default"))) HRESULT APIENTRY OpenAdapter12(D3D12DDIARG_OPENADAPTER* args) try {
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
  *args->pAdapterFuncs = t->funcs;  // DestroyDevice passes through untraced
  args->pAdapterFuncs->pfnCalcPrivateDeviceSize = &calcPrivateDeviceSize12;
  args->pAdapterFuncs->pfnCreateDevice = &createDevice12;
  args->pAdapterFuncs->pfnCloseAdapter = &closeAdapter12;
  args->pAdapterFuncs->pfnGetSupportedVersions = &getSupportedVersions12;
  args->pAdapterFuncs->pfnGetCaps = &getCaps12;
  args->pAdapterFuncs->pfnFillDDITable = &fillDDITable12;
  args->pAdapterFuncs->pfnGetOptionalDDITables = &getOptionalDDITables12;
  return result;
} D3DVK_CATCH_HRESULT
