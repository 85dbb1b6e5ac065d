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
// can exercise tier-dependent runtime rules on any device;
// D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW=N plays a device lost at the Nth draw DDI
// (counted per device from 1): that draw and every later one report
// DXGI_ERROR_DEVICE_REMOVED through the runtime's pfnSetErrorCb instead of
// reaching the real UMD. All exist only in this test layer, never in the
// production UMD.
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
  // The runtime's error callback, for D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW.
  D3D10DDI_HRTCORELAYER hRTCoreLayer{};
  PFND3D10DDI_SETERROR_CB setError = nullptr;
  unsigned long draws = 0, removeAtDraw = 0;  // 0: never
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
// ---------------------------------------------------------------------------
// Resources, views, clears, copies, maps. Wrappers are templated on the slot
// so slots sharing a signature (the map family) log their own name; the real
// entry is read from the real table at the same slot.
template <typename Fn>
Fn realSlot(D3D10DDI_HDEVICE h, int slot) {
  Fn fn;
  std::memcpy(&fn, reinterpret_cast<const char*>(&traceFrom(h)->real) + (slot - 1) * sizeof(void*), sizeof fn);
  return fn;
}
const char* slotName(int slot) { return d3dvk::ddi::kWddm2_0DeviceFuncNames[slot - 1]; }

const char* dimensionName(int d) {
  switch (d) {
    case D3D10DDIRESOURCE_BUFFER: return "BUFFER";
    case D3D10DDIRESOURCE_TEXTURE1D: return "TEXTURE1D";
    case D3D10DDIRESOURCE_TEXTURE2D: return "TEXTURE2D";
    case D3D10DDIRESOURCE_TEXTURE3D: return "TEXTURE3D";
    case D3D10DDIRESOURCE_TEXTURECUBE: return "TEXTURECUBE";
    case D3D11DDIRESOURCE_BUFFEREX: return "BUFFEREX";
    default: return "?";
  }
}
const char* usageName(UINT u) {
  switch (u) {
    case D3D10_DDI_USAGE_DEFAULT: return "DEFAULT";
    case D3D10_DDI_USAGE_IMMUTABLE: return "IMMUTABLE";
    case D3D10_DDI_USAGE_DYNAMIC: return "DYNAMIC";
    case D3D10_DDI_USAGE_STAGING: return "STAGING";
    default: return "?";
  }
}
const char* mapName(int m) {
  switch (m) {
    case D3D10_DDI_MAP_READ: return "READ";
    case D3D10_DDI_MAP_WRITE: return "WRITE";
    case D3D10_DDI_MAP_READWRITE: return "READWRITE";
    case D3D10_DDI_MAP_WRITE_DISCARD: return "WRITE_DISCARD";
    case D3D10_DDI_MAP_WRITE_NOOVERWRITE: return "WRITE_NOOVERWRITE";
    default: return "?";
  }
}
std::string box(const D3D10_DDI_BOX* b) {
  if (!b) return "null";
  char buf[128];
  std::snprintf(buf, sizeof buf, "{%ld,%ld,%ld}-{%ld,%ld,%ld}", long(b->left), long(b->top), long(b->front),
                long(b->right), long(b->bottom), long(b->back));
  return buf;
}
std::string resourceDesc(const D3D11DDIARG_CREATERESOURCE* a) {
  if (!a) return "null";
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{Dimension=%s, Usage=%s, BindFlags=0x%X, MapFlags=0x%X, MiscFlags=0x%X, Format=%d, Samples=%u/%u, "
                "MipLevels=%u, ArraySize=%u, Size=%ux%u, InitialData=%s, Depth=%u, ByteStride=%u}",
                dimensionName(a->ResourceDimension), usageName(a->Usage), a->BindFlags, a->MapFlags, a->MiscFlags,
                int(a->Format), a->SampleDesc.Count, a->SampleDesc.Quality, a->MipLevels, a->ArraySize,
                a->pMipInfoList ? a->pMipInfoList[0].TexelWidth : 0, a->pMipInfoList ? a->pMipInfoList[0].TexelHeight : 0,
                a->pInitialDataUP ? "yes" : "no", a->pMipInfoList ? a->pMipInfoList[0].TexelDepth : 0, a->ByteStride);
  return buf;
}

template <int Slot>
SIZE_T APIENTRY calcResourceSize(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATERESOURCE* a) {
  SIZE_T size = realSlot<PFND3D11DDI_CALCPRIVATERESOURCESIZE>(h, Slot)(realFrom(h), a);
  trace("%s(hDevice=%p, desc=%s) -> %zu", slotName(Slot), h.pDrvPrivate, resourceDesc(a).c_str(), size);
  return size;
}
VOID APIENTRY createResource(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATERESOURCE* a, D3D10DDI_HRESOURCE r,
                             D3D10DDI_HRTRESOURCE rt) {
  trace("CreateResource(hDevice=%p, desc=%s, hResource=%p)", h.pDrvPrivate, resourceDesc(a).c_str(), r.pDrvPrivate);
  traceFrom(h)->real.pfnCreateResource(realFrom(h), a, r, rt);
}
VOID APIENTRY destroyResource(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r) {
  trace("DestroyResource(hDevice=%p, hResource=%p)", h.pDrvPrivate, r.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyResource(realFrom(h), r);
}
template <typename Args>
SIZE_T APIENTRY calcRtvSize(D3D10DDI_HDEVICE h, const Args* a) {
  SIZE_T size = realSlot<SIZE_T(APIENTRY*)(D3D10DDI_HDEVICE, const Args*)>(h, 65)(realFrom(h), a);
  trace("CalcPrivateRenderTargetViewSize(hDevice=%p) -> %zu", h.pDrvPrivate, size);
  return size;
}
// A Texture3D view's args: its mips and W slices (render targets and UAVs: one
// mip, FirstW + WSize; shader resources: a mip range, every slice).
template <typename Args>
bool traceVolumeView(const char* name, D3D10DDI_HDEVICE h, const Args* a, void* view) {
  if (!a || a->ResourceDimension != D3D10DDIRESOURCE_TEXTURE3D) return false;
  if constexpr (requires { a->Tex3D.MostDetailedMip; })
    trace("%s(hDevice=%p, hResource=%p, Format=%d, Dimension=TEXTURE3D, MostDetailedMip=%u, MipLevels=%u, hView=%p)",
          name, h.pDrvPrivate, a->hDrvResource.pDrvPrivate, int(a->Format), a->Tex3D.MostDetailedMip,
          a->Tex3D.MipLevels, view);
  else
    trace("%s(hDevice=%p, hResource=%p, Format=%d, Dimension=TEXTURE3D, MipSlice=%u, FirstW=%u, WSize=%u, hView=%p)",
          name, h.pDrvPrivate, a->hDrvResource.pDrvPrivate, int(a->Format), a->Tex3D.MipSlice, a->Tex3D.FirstW,
          a->Tex3D.WSize, view);
  return true;
}
template <typename Args>
VOID APIENTRY createRtv(D3D10DDI_HDEVICE h, const Args* a, D3D10DDI_HRENDERTARGETVIEW v,
                        D3D10DDI_HRTRENDERTARGETVIEW rt) {
  if (!traceVolumeView("CreateRenderTargetView", h, a, v.pDrvPrivate))
    trace("CreateRenderTargetView(hDevice=%p, hResource=%p, Format=%d, Dimension=%s, MipSlice=%u, FirstArraySlice=%u, "
          "ArraySize=%u, hView=%p)",
          h.pDrvPrivate, a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
          a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MipSlice : 0, a ? a->Tex2D.FirstArraySlice : 0,
          a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
  realSlot<VOID(APIENTRY*)(D3D10DDI_HDEVICE, const Args*, D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW)>(
      h, 66)(realFrom(h), a, v, rt);
}
VOID APIENTRY destroyRtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v) {
  trace("DestroyRenderTargetView(hDevice=%p, hView=%p)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyRenderTargetView(realFrom(h), v);
}
SIZE_T APIENTRY calcDsvSize(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW* a) {
  SIZE_T size = traceFrom(h)->real.pfnCalcPrivateDepthStencilViewSize(realFrom(h), a);
  trace("CalcPrivateDepthStencilViewSize(hDevice=%p) -> %zu", h.pDrvPrivate, size);
  return size;
}
VOID APIENTRY createDsv(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW* a, D3D10DDI_HDEPTHSTENCILVIEW v,
                        D3D10DDI_HRTDEPTHSTENCILVIEW rt) {
  trace("CreateDepthStencilView(hDevice=%p, hResource=%p, Format=%d, Dimension=%s, Flags=0x%X, MipSlice=%u, "
        "FirstArraySlice=%u, ArraySize=%u, hView=%p)",
        h.pDrvPrivate, a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
        a ? dimensionName(a->ResourceDimension) : "?", a ? a->Flags : 0, a ? a->Tex2D.MipSlice : 0,
        a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
  traceFrom(h)->real.pfnCreateDepthStencilView(realFrom(h), a, v, rt);
}
VOID APIENTRY destroyDsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v) {
  trace("DestroyDepthStencilView(hDevice=%p, hView=%p)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyDepthStencilView(realFrom(h), v);
}
template <typename Args>
SIZE_T APIENTRY calcSrvSize(D3D10DDI_HDEVICE h, const Args* a) {
  SIZE_T size = realSlot<SIZE_T(APIENTRY*)(D3D10DDI_HDEVICE, const Args*)>(h, 62)(realFrom(h), a);
  trace("CalcPrivateShaderResourceViewSize(hDevice=%p) -> %zu", h.pDrvPrivate, size);
  return size;
}
// A buffer view's window and flags (the DDI's union read as Buffer / BufferEx).
template <typename Args>
bool traceBufferView(const char* name, D3D10DDI_HDEVICE h, const Args* a, void* view) {
  if (!a || (a->ResourceDimension != D3D10DDIRESOURCE_BUFFER && a->ResourceDimension != D3D11DDIRESOURCE_BUFFEREX))
    return false;
  UINT first = 0, count = 0, flags = 0;
  if constexpr (requires { a->BufferEx; }) {
    if (a->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX) first = a->BufferEx.FirstElement, count = a->BufferEx.NumElements, flags = a->BufferEx.Flags;
    else first = a->Buffer.FirstElement, count = a->Buffer.NumElements;
  } else {
    first = a->Buffer.FirstElement, count = a->Buffer.NumElements, flags = a->Buffer.Flags;
  }
  trace("%s(hDevice=%p, hResource=%p, Format=%d, Dimension=%s, FirstElement=%u, NumElements=%u, Flags=0x%X, hView=%p)",
        name, h.pDrvPrivate, a->hDrvResource.pDrvPrivate, int(a->Format), dimensionName(a->ResourceDimension), first,
        count, flags, view);
  return true;
}
template <typename Args>
VOID APIENTRY createSrv(D3D10DDI_HDEVICE h, const Args* a, D3D10DDI_HSHADERRESOURCEVIEW v,
                        D3D10DDI_HRTSHADERRESOURCEVIEW rt) {
  if (!traceBufferView("CreateShaderResourceView", h, a, v.pDrvPrivate) &&
      !traceVolumeView("CreateShaderResourceView", h, a, v.pDrvPrivate))
    trace("CreateShaderResourceView(hDevice=%p, hResource=%p, Format=%d, Dimension=%s, MostDetailedMip=%u, "
          "FirstArraySlice=%u, MipLevels=%u, ArraySize=%u, hView=%p)",
          h.pDrvPrivate, a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
          a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MostDetailedMip : 0,
          a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.MipLevels : 0, a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
  realSlot<VOID(APIENTRY*)(D3D10DDI_HDEVICE, const Args*, D3D10DDI_HSHADERRESOURCEVIEW,
                           D3D10DDI_HRTSHADERRESOURCEVIEW)>(h, 63)(realFrom(h), a, v, rt);
}
VOID APIENTRY destroySrv(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v) {
  trace("DestroyShaderResourceView(hDevice=%p, hView=%p)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyShaderResourceView(realFrom(h), v);
}
template <typename Args>
SIZE_T APIENTRY calcUavSize(D3D10DDI_HDEVICE h, const Args* a) {
  SIZE_T size = realSlot<SIZE_T(APIENTRY*)(D3D10DDI_HDEVICE, const Args*)>(h, 139)(realFrom(h), a);
  trace("CalcPrivateUnorderedAccessViewSize(hDevice=%p) -> %zu", h.pDrvPrivate, size);
  return size;
}
template <typename Args>
VOID APIENTRY createUav(D3D10DDI_HDEVICE h, const Args* a, D3D11DDI_HUNORDEREDACCESSVIEW v,
                        D3D11DDI_HRTUNORDEREDACCESSVIEW rt) {
  if (!traceBufferView("CreateUnorderedAccessView", h, a, v.pDrvPrivate) &&
      !traceVolumeView("CreateUnorderedAccessView", h, a, v.pDrvPrivate))
    trace("CreateUnorderedAccessView(hDevice=%p, hResource=%p, Format=%d, Dimension=%s, MipSlice=%u, "
          "FirstArraySlice=%u, ArraySize=%u, hView=%p)",
          h.pDrvPrivate, a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
          a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MipSlice : 0, a ? a->Tex2D.FirstArraySlice : 0,
          a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
  realSlot<VOID(APIENTRY*)(D3D10DDI_HDEVICE, const Args*, D3D11DDI_HUNORDEREDACCESSVIEW,
                           D3D11DDI_HRTUNORDEREDACCESSVIEW)>(h, 140)(realFrom(h), a, v, rt);
}
VOID APIENTRY destroyUav(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v) {
  trace("DestroyUnorderedAccessView(hDevice=%p, hView=%p)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnDestroyUnorderedAccessView(realFrom(h), v);
}
VOID APIENTRY clearUavUint(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v, const UINT c[4]) {
  if (c)
    trace("ClearUnorderedAccessViewUint(hDevice=%p, hView=%p, Values={%u, %u, %u, %u})", h.pDrvPrivate, v.pDrvPrivate,
          c[0], c[1], c[2], c[3]);
  else
    trace("ClearUnorderedAccessViewUint(hDevice=%p, hView=%p, Values=null)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnClearUnorderedAccessViewUint(realFrom(h), v, c);
}
VOID APIENTRY clearUavFloat(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v, const FLOAT c[4]) {
  if (c)
    trace("ClearUnorderedAccessViewFloat(hDevice=%p, hView=%p, Values={%g, %g, %g, %g})", h.pDrvPrivate,
          v.pDrvPrivate, double(c[0]), double(c[1]), double(c[2]), double(c[3]));
  else
    trace("ClearUnorderedAccessViewFloat(hDevice=%p, hView=%p, Values=null)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnClearUnorderedAccessViewFloat(realFrom(h), v, c);
}
VOID APIENTRY clearRtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v, FLOAT c[4]) {
  if (c)
    trace("ClearRenderTargetView(hDevice=%p, hView=%p, Color={%g, %g, %g, %g})", h.pDrvPrivate, v.pDrvPrivate,
          double(c[0]), double(c[1]), double(c[2]), double(c[3]));
  else
    trace("ClearRenderTargetView(hDevice=%p, hView=%p, Color=null)", h.pDrvPrivate, v.pDrvPrivate);
  traceFrom(h)->real.pfnClearRenderTargetView(realFrom(h), v, c);
}
VOID APIENTRY clearDsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v, UINT flags, FLOAT depth, UINT8 stencil) {
  trace("ClearDepthStencilView(hDevice=%p, hView=%p, Flags=0x%X, Depth=%g, Stencil=%u)", h.pDrvPrivate, v.pDrvPrivate,
        flags, double(depth), unsigned(stencil));
  traceFrom(h)->real.pfnClearDepthStencilView(realFrom(h), v, flags, depth, stencil);
}
VOID APIENTRY setRenderTargets(D3D10DDI_HDEVICE h, const D3D10DDI_HRENDERTARGETVIEW* rtvs, UINT num, UINT clear,
                               D3D10DDI_HDEPTHSTENCILVIEW dsv, const D3D11DDI_HUNORDEREDACCESSVIEW* uavs,
                               const UINT* counts, UINT uavStart, UINT numUavs, UINT rangeStart, UINT rangeSize) {
  std::string list = "[";
  for (UINT i = 0; rtvs && i < num && i < 8; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%p", i ? ", " : "", rtvs[i].pDrvPrivate);
    list += buf;
  }
  list += "]";
  std::string uavList = "[";
  for (UINT i = 0; uavs && i < numUavs && i < 64; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%p", i ? ", " : "", uavs[i].pDrvPrivate);
    uavList += buf;
  }
  uavList += "]";
  std::string countList = counts ? "[" : "null";
  for (UINT i = 0; counts && i < numUavs && i < 64; ++i) countList += (i ? ", " : "") + std::to_string(int(counts[i]));
  if (counts) countList += "]";
  trace("SetRenderTargets(hDevice=%p, RTVs=%s, NumRTVs=%u, ClearSlots=%u, hDSV=%p, UAVs=%s, UAVInitialCounts=%s, "
        "UAVStartSlot=%u, NumUAVs=%u, UAVRangeStart=%u, UAVRangeSize=%u)",
        h.pDrvPrivate, list.c_str(), num, clear, dsv.pDrvPrivate, uavList.c_str(), countList.c_str(), uavStart, numUavs,
        rangeStart, rangeSize);
  traceFrom(h)->real.pfnSetRenderTargets(realFrom(h), rtvs, num, clear, dsv, uavs, counts, uavStart, numUavs,
                                         rangeStart, rangeSize);
}
VOID APIENTRY resourceCopy(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src) {
  trace("ResourceCopy(hDevice=%p, hDst=%p, hSrc=%p)", h.pDrvPrivate, dst.pDrvPrivate, src.pDrvPrivate);
  traceFrom(h)->real.pfnResourceCopy(realFrom(h), dst, src);
}
VOID APIENTRY resourceCopyRegion(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT dstSub, UINT x, UINT y, UINT z,
                                 D3D10DDI_HRESOURCE src, UINT srcSub, const D3D10_DDI_BOX* b, UINT flags) {
  trace("ResourceCopyRegion(hDevice=%p, hDst=%p, DstSubresource=%u, Dst={%u,%u,%u}, hSrc=%p, SrcSubresource=%u, "
        "SrcBox=%s, CopyFlags=0x%X)",
        h.pDrvPrivate, dst.pDrvPrivate, dstSub, x, y, z, src.pDrvPrivate, srcSub, box(b).c_str(), flags);
  traceFrom(h)->real.pfnResourceCopyRegion(realFrom(h), dst, dstSub, x, y, z, src, srcSub, b, flags);
}
template <int Slot>
VOID APIENTRY updateSubresourceUP(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT sub, const D3D10_DDI_BOX* b,
                                  const VOID* data, UINT rowPitch, UINT depthPitch, UINT flags) {
  trace("%s(hDevice=%p, hDst=%p, DstSubresource=%u, DstBox=%s, RowPitch=%u, DepthPitch=%u, CopyFlags=0x%X)",
        slotName(Slot), h.pDrvPrivate, dst.pDrvPrivate, sub, box(b).c_str(), rowPitch, depthPitch, flags);
  realSlot<PFND3D11_1DDI_RESOURCEUPDATESUBRESOURCEUP>(h, Slot)(realFrom(h), dst, sub, b, data, rowPitch, depthPitch,
                                                               flags);
}
VOID APIENTRY resolveSubresource(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT dstSub, D3D10DDI_HRESOURCE src,
                                 UINT srcSub, DXGI_FORMAT format) {
  trace("ResourceResolveSubresource(hDevice=%p, hDst=%p, DstSubresource=%u, hSrc=%p, SrcSubresource=%u, Format=%d)",
        h.pDrvPrivate, dst.pDrvPrivate, dstSub, src.pDrvPrivate, srcSub, int(format));
  traceFrom(h)->real.pfnResourceResolveSubresource(realFrom(h), dst, dstSub, src, srcSub, format);
}
template <int Slot>
VOID APIENTRY resourceMap(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub, D3D10_DDI_MAP type, UINT flags,
                          D3D10DDI_MAPPED_SUBRESOURCE* out) {
  realSlot<PFND3D10DDI_RESOURCEMAP>(h, Slot)(realFrom(h), r, sub, type, flags, out);
  trace("%s(hDevice=%p, hResource=%p, Subresource=%u, MapType=%s, Flags=0x%X) -> {pData=%s, RowPitch=%u, "
        "DepthPitch=%u}",
        slotName(Slot), h.pDrvPrivate, r.pDrvPrivate, sub, mapName(type), flags,
        out && out->pData ? "set" : "null", out ? out->RowPitch : 0, out ? out->DepthPitch : 0);
}
template <int Slot>
VOID APIENTRY resourceUnmap(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub) {
  trace("%s(hDevice=%p, hResource=%p, Subresource=%u)", slotName(Slot), h.pDrvPrivate, r.pDrvPrivate, sub);
  realSlot<PFND3D10DDI_RESOURCEUNMAP>(h, Slot)(realFrom(h), r, sub);
}
BOOL APIENTRY isStagingBusy(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r) {
  BOOL busy = traceFrom(h)->real.pfnResourceIsStagingBusy(realFrom(h), r);
  trace("ResourceIsStagingBusy(hDevice=%p, hResource=%p) -> %s", h.pDrvPrivate, r.pDrvPrivate, busy ? "TRUE" : "FALSE");
  return busy;
}
BOOL APIENTRY flush(D3D10DDI_HDEVICE h, UINT flags) {
  BOOL ok = traceFrom(h)->real.pfnFlush(realFrom(h), flags);
  trace("Flush(hDevice=%p, FlushFlags=0x%X) -> %s", h.pDrvPrivate, flags, ok ? "TRUE" : "FALSE");
  return ok;
}
VOID APIENTRY checkFormatSupport(D3D10DDI_HDEVICE h, DXGI_FORMAT format, UINT* caps) {
  traceFrom(h)->real.pfnCheckFormatSupport(realFrom(h), format, caps);
  trace("CheckFormatSupport(hDevice=%p, Format=%d) -> 0x%X", h.pDrvPrivate, int(format), caps ? *caps : 0);
}
VOID APIENTRY checkMultisampleQualityLevels(D3D10DDI_HDEVICE h, DXGI_FORMAT format, UINT samples, UINT flags,
                                            UINT* levels) {
  traceFrom(h)->real.pfnCheckMultisampleQualityLevels(realFrom(h), format, samples, flags, levels);
  trace("CheckMultisampleQualityLevels(hDevice=%p, Format=%d, SampleCount=%u, Flags=0x%X) -> %u", h.pDrvPrivate,
        int(format), samples, flags, levels ? *levels : 0);
}
VOID APIENTRY checkMultisampleQualityLevels11_1(D3D10DDI_HDEVICE h, DXGI_FORMAT format, UINT samples, UINT* levels) {
  traceFrom(h)->real11_1.pfnCheckMultisampleQualityLevels(realFrom(h), format, samples, levels);
  trace("CheckMultisampleQualityLevels(hDevice=%p, Format=%d, SampleCount=%u) -> %u", h.pDrvPrivate, int(format),
        samples, levels ? *levels : 0);
}

template <typename Table>
void fillResourceWrappers(Table& t) {
  t.pfnCalcPrivateResourceSize = &calcResourceSize<57>;
  t.pfnCreateResource = &createResource;
  t.pfnDestroyResource = &destroyResource;
  t.pfnDestroyRenderTargetView = &destroyRtv;
  t.pfnCalcPrivateDepthStencilViewSize = &calcDsvSize;
  t.pfnCreateDepthStencilView = &createDsv;
  t.pfnDestroyDepthStencilView = &destroyDsv;
  t.pfnDestroyShaderResourceView = &destroySrv;
  t.pfnClearRenderTargetView = &clearRtv;
  t.pfnClearDepthStencilView = &clearDsv;
  t.pfnSetRenderTargets = &setRenderTargets;
  t.pfnDestroyUnorderedAccessView = &destroyUav;
  t.pfnClearUnorderedAccessViewUint = &clearUavUint;
  t.pfnClearUnorderedAccessViewFloat = &clearUavFloat;
  t.pfnResourceCopy = &resourceCopy;
  t.pfnResourceCopyRegion = &resourceCopyRegion;
  t.pfnResourceUpdateSubresourceUP = &updateSubresourceUP<40>;
  t.pfnDefaultConstantBufferUpdateSubresourceUP = &updateSubresourceUP<1>;
  t.pfnResourceResolveSubresource = &resolveSubresource;
  t.pfnFlush = &flush;
  t.pfnDynamicIABufferMapNoOverwrite = &resourceMap<9>;
  t.pfnDynamicIABufferUnmap = &resourceUnmap<10>;
  t.pfnDynamicConstantBufferMapDiscard = &resourceMap<11>;
  t.pfnDynamicIABufferMapDiscard = &resourceMap<12>;
  t.pfnDynamicConstantBufferUnmap = &resourceUnmap<13>;
  t.pfnDynamicResourceMapDiscard = &resourceMap<20>;
  t.pfnDynamicResourceUnmap = &resourceUnmap<21>;
  t.pfnStagingResourceMap = &resourceMap<25>;
  t.pfnStagingResourceUnmap = &resourceUnmap<26>;
  t.pfnResourceMap = &resourceMap<53>;
  t.pfnResourceUnmap = &resourceUnmap<54>;
  t.pfnDynamicConstantBufferMapNoOverwrite = &resourceMap<155>;
  t.pfnResourceIsStagingBusy = &isStagingBusy;
  t.pfnCheckFormatSupport = &checkFormatSupport;
}

// ---------------------------------------------------------------------------
// The draw path: shaders, element layouts, input assembly, constant buffers,
// viewports, scissors and draws (same slots and signatures in both tables).
std::string shaderCode(const UINT* code) {
  if (!code) return "null";
  char buf[96];
  // DXBC container: the byte size is the dword at offset 24.
  std::snprintf(buf, sizeof buf, "{DXBC, %u bytes}", code[0] == 0x43425844u ? code[6] : 0u);
  return buf;
}
std::string signatures(const D3D11_1DDIARG_STAGE_IO_SIGNATURES* s) {
  if (!s) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "{inputs=%u, outputs=%u}", s->NumInputSignatureEntries, s->NumOutputSignatureEntries);
  return buf;
}
template <int Slot>
SIZE_T APIENTRY calcShaderSize(D3D10DDI_HDEVICE h, const UINT* code, const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  SIZE_T size = realSlot<PFND3D11_1DDI_CALCPRIVATESHADERSIZE>(h, Slot)(realFrom(h), code, sig);
  trace("%s(hDevice=%p, code=%s, signatures=%s) -> %zu", slotName(Slot), h.pDrvPrivate, shaderCode(code).c_str(),
        signatures(sig).c_str(), size);
  return size;
}
template <int Slot>
VOID APIENTRY createShader(D3D10DDI_HDEVICE h, const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER rt,
                           const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  trace("%s(hDevice=%p, code=%s, hShader=%p, signatures=%s)", slotName(Slot), h.pDrvPrivate, shaderCode(code).c_str(),
        s.pDrvPrivate, signatures(sig).c_str());
  realSlot<PFND3D11_1DDI_CREATEVERTEXSHADER>(h, Slot)(realFrom(h), code, s, rt, sig);
}
VOID APIENTRY destroyShader(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s) {
  trace("DestroyShader(hDevice=%p, hShader=%p)", h.pDrvPrivate, s.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYSHADER>(h, 89)(realFrom(h), s);
}
template <int Slot>
VOID APIENTRY setShader(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s) {
  trace("%s(hDevice=%p, hShader=%p)", slotName(Slot), h.pDrvPrivate, s.pDrvPrivate);
  realSlot<PFND3D10DDI_SETSHADER>(h, Slot)(realFrom(h), s);
}
std::string elements(const D3D10DDIARG_CREATEELEMENTLAYOUT* a) {
  if (!a) return "null";
  std::string out = "[";
  for (UINT i = 0; a->pVertexElements && i < a->NumElements; ++i) {
    const D3D10DDIARG_INPUT_ELEMENT_DESC& e = a->pVertexElements[i];
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s{Slot=%u, Offset=%u, Format=%d, Class=%d, StepRate=%u, Register=%u}",
                  i ? ", " : "", e.InputSlot, e.AlignedByteOffset, int(e.Format), int(e.InputSlotClass),
                  e.InstanceDataStepRate, e.InputRegister);
    out += buf;
  }
  return out + "]";
}
SIZE_T APIENTRY calcElementLayoutSize(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEELEMENTLAYOUT* a) {
  SIZE_T size = realSlot<PFND3D10DDI_CALCPRIVATEELEMENTLAYOUTSIZE>(h, 71)(realFrom(h), a);
  trace("CalcPrivateElementLayoutSize(hDevice=%p, elements=%s) -> %zu", h.pDrvPrivate, elements(a).c_str(), size);
  return size;
}
VOID APIENTRY createElementLayout(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEELEMENTLAYOUT* a,
                                  D3D10DDI_HELEMENTLAYOUT l, D3D10DDI_HRTELEMENTLAYOUT rt) {
  trace("CreateElementLayout(hDevice=%p, elements=%s, hElementLayout=%p)", h.pDrvPrivate, elements(a).c_str(),
        l.pDrvPrivate);
  realSlot<PFND3D10DDI_CREATEELEMENTLAYOUT>(h, 72)(realFrom(h), a, l, rt);
}
VOID APIENTRY destroyElementLayout(D3D10DDI_HDEVICE h, D3D10DDI_HELEMENTLAYOUT l) {
  trace("DestroyElementLayout(hDevice=%p, hElementLayout=%p)", h.pDrvPrivate, l.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYELEMENTLAYOUT>(h, 73)(realFrom(h), l);
}
VOID APIENTRY iaSetInputLayout(D3D10DDI_HDEVICE h, D3D10DDI_HELEMENTLAYOUT l) {
  trace("IaSetInputLayout(hDevice=%p, hElementLayout=%p)", h.pDrvPrivate, l.pDrvPrivate);
  realSlot<PFND3D10DDI_SETINPUTLAYOUT>(h, 15)(realFrom(h), l);
}
VOID APIENTRY iaSetVertexBuffers(D3D10DDI_HDEVICE h, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                 const UINT* strides, const UINT* offsets) {
  std::string list = "[";
  for (UINT i = 0; buffers && strides && offsets && i < count; ++i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s{%p, stride=%u, offset=%u}", i ? ", " : "", buffers[i].pDrvPrivate, strides[i],
                  offsets[i]);
    list += buf;
  }
  trace("IaSetVertexBuffers(hDevice=%p, StartSlot=%u, NumBuffers=%u, buffers=%s])", h.pDrvPrivate, start, count,
        list.c_str());
  realSlot<PFND3D10DDI_IA_SETVERTEXBUFFERS>(h, 16)(realFrom(h), start, count, buffers, strides, offsets);
}
VOID APIENTRY iaSetIndexBuffer(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, DXGI_FORMAT format, UINT offset) {
  trace("IaSetIndexBuffer(hDevice=%p, hBuffer=%p, Format=%d, Offset=%u)", h.pDrvPrivate, r.pDrvPrivate, int(format),
        offset);
  realSlot<PFND3D10DDI_IA_SETINDEXBUFFER>(h, 17)(realFrom(h), r, format, offset);
}
VOID APIENTRY iaSetTopology(D3D10DDI_HDEVICE h, D3D10_DDI_PRIMITIVE_TOPOLOGY topology) {
  trace("IaSetTopology(hDevice=%p, Topology=%d)", h.pDrvPrivate, int(topology));
  realSlot<PFND3D10DDI_IA_SETTOPOLOGY>(h, 24)(realFrom(h), topology);
}
template <int Slot>
VOID APIENTRY setConstantBuffers(D3D10DDI_HDEVICE h, UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                                 const UINT* first, const UINT* num) {
  std::string list = "[";
  for (UINT i = 0; buffers && i < count; ++i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%p", i ? ", " : "", buffers[i].pDrvPrivate);
    list += buf;
  }
  trace("%s(hDevice=%p, StartSlot=%u, NumBuffers=%u, buffers=%s], FirstConstant=%s, NumConstants=%s)", slotName(Slot),
        h.pDrvPrivate, start, count, list.c_str(), first ? "set" : "null", num ? "set" : "null");
  realSlot<PFND3D11_1DDI_SETCONSTANTBUFFERS>(h, Slot)(realFrom(h), start, count, buffers, first, num);
}
VOID APIENTRY setViewports(D3D10DDI_HDEVICE h, UINT count, UINT clear, const D3D10_DDI_VIEWPORT* v) {
  std::string list = "[";
  for (UINT i = 0; v && i < count; ++i) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s{%g,%g %gx%g depth %g..%g}", i ? ", " : "", v[i].TopLeftX, v[i].TopLeftY,
                  v[i].Width, v[i].Height, v[i].MinDepth, v[i].MaxDepth);
    list += buf;
  }
  trace("SetViewports(hDevice=%p, NumViewports=%u, ClearViewports=%u, viewports=%s])", h.pDrvPrivate, count, clear,
        list.c_str());
  realSlot<PFND3D10DDI_SETVIEWPORTS>(h, 43)(realFrom(h), count, clear, v);
}
VOID APIENTRY setScissorRects(D3D10DDI_HDEVICE h, UINT count, UINT clear, const D3D10_DDI_RECT* r) {
  std::string list = "[";
  for (UINT i = 0; r && i < count; ++i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s{%ld,%ld,%ld,%ld}", i ? ", " : "", long(r[i].left), long(r[i].top),
                  long(r[i].right), long(r[i].bottom));
    list += buf;
  }
  trace("SetScissorRects(hDevice=%p, NumRects=%u, ClearRects=%u, rects=%s])", h.pDrvPrivate, count, clear,
        list.c_str());
  realSlot<PFND3D10DDI_SETSCISSORRECTS>(h, 44)(realFrom(h), count, clear, r);
}
// D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW: true when this draw finds the device
// removed (reported to the runtime; the draw must not reach the real UMD).
bool deviceRemovedAtDraw(D3D10DDI_HDEVICE h) {
  TraceDevice* d = traceFrom(h);
  ++d->draws;
  if (!d->removeAtDraw || d->draws < d->removeAtDraw || !d->setError) return false;
  trace("(device removed at draw %lu: pfnSetErrorCb(DXGI_ERROR_DEVICE_REMOVED))", d->draws);
  d->setError(d->hRTCoreLayer, DXGI_ERROR_DEVICE_REMOVED);
  return true;
}

VOID APIENTRY drawWrapper(D3D10DDI_HDEVICE h, UINT count, UINT start) {
  trace("Draw(hDevice=%p, VertexCount=%u, StartVertexLocation=%u)", h.pDrvPrivate, count, start);
  if (deviceRemovedAtDraw(h)) return;
  realSlot<PFND3D10DDI_DRAW>(h, 8)(realFrom(h), count, start);
}
VOID APIENTRY drawIndexed(D3D10DDI_HDEVICE h, UINT count, UINT start, INT base) {
  trace("DrawIndexed(hDevice=%p, IndexCount=%u, StartIndexLocation=%u, BaseVertexLocation=%d)", h.pDrvPrivate, count,
        start, base);
  if (deviceRemovedAtDraw(h)) return;
  realSlot<PFND3D10DDI_DRAWINDEXED>(h, 7)(realFrom(h), count, start, base);
}
VOID APIENTRY drawInstanced(D3D10DDI_HDEVICE h, UINT count, UINT instances, UINT start, UINT startInstance) {
  trace("DrawInstanced(hDevice=%p, VertexCountPerInstance=%u, InstanceCount=%u, StartVertexLocation=%u, "
        "StartInstanceLocation=%u)",
        h.pDrvPrivate, count, instances, start, startInstance);
  if (deviceRemovedAtDraw(h)) return;
  realSlot<PFND3D10DDI_DRAWINSTANCED>(h, 19)(realFrom(h), count, instances, start, startInstance);
}
VOID APIENTRY drawIndexedInstanced(D3D10DDI_HDEVICE h, UINT count, UINT instances, UINT start, INT base,
                                   UINT startInstance) {
  trace("DrawIndexedInstanced(hDevice=%p, IndexCountPerInstance=%u, InstanceCount=%u, StartIndexLocation=%u, "
        "BaseVertexLocation=%d, StartInstanceLocation=%u)",
        h.pDrvPrivate, count, instances, start, base, startInstance);
  if (deviceRemovedAtDraw(h)) return;
  realSlot<PFND3D10DDI_DRAWINDEXEDINSTANCED>(h, 18)(realFrom(h), count, instances, start, base, startInstance);
}

std::string blendDesc(const D3D11_1_DDI_BLEND_DESC* d) {
  if (!d) return "null";
  char buf[256];
  const D3D11_1_DDI_RENDER_TARGET_BLEND_DESC& r = d->RenderTarget[0];
  std::snprintf(buf, sizeof buf,
                "{AlphaToCoverage=%d, Independent=%d, RT0={Blend=%d, Src=%d, Dest=%d, Op=%d, SrcA=%d, DestA=%d, "
                "OpA=%d, WriteMask=0x%X}}",
                d->AlphaToCoverageEnable, d->IndependentBlendEnable, r.BlendEnable, int(r.SrcBlend), int(r.DestBlend),
                int(r.BlendOp), int(r.SrcBlendAlpha), int(r.DestBlendAlpha), int(r.BlendOpAlpha),
                unsigned(r.RenderTargetWriteMask));
  return buf;
}
std::string depthStencilDesc(const D3D10_DDI_DEPTH_STENCIL_DESC* d) {
  if (!d) return "null";
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "{Depth=%d, WriteMask=%d, Func=%d, Stencil=%d, ReadMask=0x%X, WriteMask=0x%X, Front={%d,%d,%d,%d}, "
                "Back={%d,%d,%d,%d}}",
                d->DepthEnable, int(d->DepthWriteMask), int(d->DepthFunc), d->StencilEnable,
                unsigned(d->StencilReadMask), unsigned(d->StencilWriteMask), int(d->FrontFace.StencilFailOp),
                int(d->FrontFace.StencilDepthFailOp), int(d->FrontFace.StencilPassOp), int(d->FrontFace.StencilFunc),
                int(d->BackFace.StencilFailOp), int(d->BackFace.StencilDepthFailOp), int(d->BackFace.StencilPassOp),
                int(d->BackFace.StencilFunc));
  return buf;
}
SIZE_T APIENTRY calcBlendStateSize(D3D10DDI_HDEVICE h, const D3D11_1_DDI_BLEND_DESC* d) {
  SIZE_T size = realSlot<PFND3D11_1DDI_CALCPRIVATEBLENDSTATESIZE>(h, 74)(realFrom(h), d);
  trace("CalcPrivateBlendStateSize(hDevice=%p, desc=%s) -> %zu", h.pDrvPrivate, blendDesc(d).c_str(), size);
  return size;
}
VOID APIENTRY createBlendState(D3D10DDI_HDEVICE h, const D3D11_1_DDI_BLEND_DESC* d, D3D10DDI_HBLENDSTATE s,
                               D3D10DDI_HRTBLENDSTATE rt) {
  trace("CreateBlendState(hDevice=%p, desc=%s, hBlendState=%p)", h.pDrvPrivate, blendDesc(d).c_str(), s.pDrvPrivate);
  realSlot<PFND3D11_1DDI_CREATEBLENDSTATE>(h, 75)(realFrom(h), d, s, rt);
}
VOID APIENTRY destroyBlendState(D3D10DDI_HDEVICE h, D3D10DDI_HBLENDSTATE s) {
  trace("DestroyBlendState(hDevice=%p, hBlendState=%p)", h.pDrvPrivate, s.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYBLENDSTATE>(h, 76)(realFrom(h), s);
}
VOID APIENTRY setBlendState(D3D10DDI_HDEVICE h, D3D10DDI_HBLENDSTATE s, const FLOAT f[4], UINT mask) {
  trace("SetBlendState(hDevice=%p, hBlendState=%p, BlendFactor={%g,%g,%g,%g}, SampleMask=0x%X)", h.pDrvPrivate,
        s.pDrvPrivate, f ? f[0] : 1.0, f ? f[1] : 1.0, f ? f[2] : 1.0, f ? f[3] : 1.0, mask);
  realSlot<PFND3D10DDI_SETBLENDSTATE>(h, 34)(realFrom(h), s, f, mask);
}
SIZE_T APIENTRY calcDepthStencilStateSize(D3D10DDI_HDEVICE h, const D3D10_DDI_DEPTH_STENCIL_DESC* d) {
  SIZE_T size = realSlot<PFND3D10DDI_CALCPRIVATEDEPTHSTENCILSTATESIZE>(h, 77)(realFrom(h), d);
  trace("CalcPrivateDepthStencilStateSize(hDevice=%p, desc=%s) -> %zu", h.pDrvPrivate, depthStencilDesc(d).c_str(),
        size);
  return size;
}
VOID APIENTRY createDepthStencilState(D3D10DDI_HDEVICE h, const D3D10_DDI_DEPTH_STENCIL_DESC* d,
                                      D3D10DDI_HDEPTHSTENCILSTATE s, D3D10DDI_HRTDEPTHSTENCILSTATE rt) {
  trace("CreateDepthStencilState(hDevice=%p, desc=%s, hDepthStencilState=%p)", h.pDrvPrivate,
        depthStencilDesc(d).c_str(), s.pDrvPrivate);
  realSlot<PFND3D10DDI_CREATEDEPTHSTENCILSTATE>(h, 78)(realFrom(h), d, s, rt);
}
VOID APIENTRY destroyDepthStencilState(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILSTATE s) {
  trace("DestroyDepthStencilState(hDevice=%p, hDepthStencilState=%p)", h.pDrvPrivate, s.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYDEPTHSTENCILSTATE>(h, 79)(realFrom(h), s);
}
VOID APIENTRY setDepthStencilState(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILSTATE s, UINT ref) {
  trace("SetDepthStencilState(hDevice=%p, hDepthStencilState=%p, StencilRef=%u)", h.pDrvPrivate, s.pDrvPrivate, ref);
  realSlot<PFND3D10DDI_SETDEPTHSTENCILSTATE>(h, 35)(realFrom(h), s, ref);
}

std::string samplerDesc(const D3D10_DDI_SAMPLER_DESC* d) {
  if (!d) return "null";
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "{Filter=0x%X, Address={%d,%d,%d}, MipLODBias=%g, MaxAnisotropy=%u, ComparisonFunc=%d, "
                "BorderColor={%g,%g,%g,%g}, LOD=%g..%g}",
                unsigned(d->Filter), int(d->AddressU), int(d->AddressV), int(d->AddressW), d->MipLODBias,
                d->MaxAnisotropy, int(d->ComparisonFunc), d->BorderColor[0], d->BorderColor[1], d->BorderColor[2],
                d->BorderColor[3], d->MinLOD, d->MaxLOD);
  return buf;
}
SIZE_T APIENTRY calcSamplerSize(D3D10DDI_HDEVICE h, const D3D10_DDI_SAMPLER_DESC* d) {
  SIZE_T size = realSlot<PFND3D10DDI_CALCPRIVATESAMPLERSIZE>(h, 90)(realFrom(h), d);
  trace("CalcPrivateSamplerSize(hDevice=%p, desc=%s) -> %zu", h.pDrvPrivate, samplerDesc(d).c_str(), size);
  return size;
}
VOID APIENTRY createSampler(D3D10DDI_HDEVICE h, const D3D10_DDI_SAMPLER_DESC* d, D3D10DDI_HSAMPLER s,
                            D3D10DDI_HRTSAMPLER rt) {
  trace("CreateSampler(hDevice=%p, desc=%s, hSampler=%p)", h.pDrvPrivate, samplerDesc(d).c_str(), s.pDrvPrivate);
  realSlot<PFND3D10DDI_CREATESAMPLER>(h, 91)(realFrom(h), d, s, rt);
}
VOID APIENTRY destroySampler(D3D10DDI_HDEVICE h, D3D10DDI_HSAMPLER s) {
  trace("DestroySampler(hDevice=%p, hSampler=%p)", h.pDrvPrivate, s.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYSAMPLER>(h, 92)(realFrom(h), s);
}
template <typename Handle>
std::string handleList(const Handle* handles, UINT count) {
  std::string list = "[";
  for (UINT i = 0; handles && i < count; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%p", i ? ", " : "", handles[i].pDrvPrivate);
    list += buf;
  }
  return list + "]";
}
template <int Slot>
VOID APIENTRY setShaderResources(D3D10DDI_HDEVICE h, UINT start, UINT count, const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  trace("%s(hDevice=%p, StartSlot=%u, NumViews=%u, views=%s)", slotName(Slot), h.pDrvPrivate, start, count,
        handleList(v, count).c_str());
  realSlot<PFND3D10DDI_SETSHADERRESOURCES>(h, Slot)(realFrom(h), start, count, v);
}
template <int Slot>
VOID APIENTRY setSamplers(D3D10DDI_HDEVICE h, UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  trace("%s(hDevice=%p, Offset=%u, NumSamplers=%u, samplers=%s)", slotName(Slot), h.pDrvPrivate, start, count,
        handleList(s, count).c_str());
  realSlot<PFND3D10DDI_SETSAMPLERS>(h, Slot)(realFrom(h), start, count, s);
}

template <typename Table>
void fillDrawWrappers(Table& t) {
  t.pfnCalcPrivateShaderSize = &calcShaderSize<83>;
  t.pfnCreateVertexShader = &createShader<84>;
  t.pfnCreatePixelShader = &createShader<86>;
  t.pfnDestroyShader = &destroyShader;
  t.pfnVsSetShader = &setShader<6>;
  t.pfnPsSetShader = &setShader<4>;
  t.pfnCalcPrivateElementLayoutSize = &calcElementLayoutSize;
  t.pfnCreateElementLayout = &createElementLayout;
  t.pfnDestroyElementLayout = &destroyElementLayout;
  t.pfnIaSetInputLayout = &iaSetInputLayout;
  t.pfnIaSetVertexBuffers = &iaSetVertexBuffers;
  t.pfnIaSetIndexBuffer = &iaSetIndexBuffer;
  t.pfnIaSetTopology = &iaSetTopology;
  t.pfnVsSetConstantBuffers = &setConstantBuffers<2>;
  t.pfnPsSetConstantBuffers = &setConstantBuffers<14>;
  t.pfnSetViewports = &setViewports;
  t.pfnSetScissorRects = &setScissorRects;
  t.pfnDraw = &drawWrapper;
  t.pfnDrawIndexed = &drawIndexed;
  t.pfnDrawInstanced = &drawInstanced;
  t.pfnDrawIndexedInstanced = &drawIndexedInstanced;
  t.pfnCalcPrivateBlendStateSize = &calcBlendStateSize;
  t.pfnCreateBlendState = &createBlendState;
  t.pfnDestroyBlendState = &destroyBlendState;
  t.pfnSetBlendState = &setBlendState;
  t.pfnCalcPrivateDepthStencilStateSize = &calcDepthStencilStateSize;
  t.pfnCreateDepthStencilState = &createDepthStencilState;
  t.pfnDestroyDepthStencilState = &destroyDepthStencilState;
  t.pfnSetDepthStencilState = &setDepthStencilState;
  t.pfnCalcPrivateSamplerSize = &calcSamplerSize;
  t.pfnCreateSampler = &createSampler;
  t.pfnDestroySampler = &destroySampler;
  t.pfnPsSetShaderResources = &setShaderResources<3>;
  t.pfnVsSetShaderResources = &setShaderResources<27>;
  t.pfnPsSetSamplers = &setSamplers<5>;
  t.pfnVsSetSamplers = &setSamplers<28>;
}

// The geometry and compute stages, indirect draws and dispatches, UAV counters
// (the same signatures in both tables; the indirect draws count as draws for
// D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW).
VOID APIENTRY createComputeShader(D3D10DDI_HDEVICE h, const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER rt) {
  trace("CreateComputeShader(hDevice=%p, code=%s, hShader=%p)", h.pDrvPrivate, shaderCode(code).c_str(), s.pDrvPrivate);
  realSlot<PFND3D11DDI_CREATECOMPUTESHADER>(h, 134)(realFrom(h), code, s, rt);
}
VOID APIENTRY csSetUnorderedAccessViews(D3D10DDI_HDEVICE h, UINT start, UINT count,
                                        const D3D11DDI_HUNORDEREDACCESSVIEW* v, const UINT* counts) {
  std::string list = "[";
  for (UINT i = 0; counts && i < count; ++i) list += (i ? ", " : "") + std::to_string(int(counts[i]));
  trace("CsSetUnorderedAccessViews(hDevice=%p, StartSlot=%u, NumViews=%u, views=%s, initialCounts=%s)", h.pDrvPrivate,
        start, count, handleList(v, count).c_str(), counts ? (list + "]").c_str() : "null");
  realSlot<PFND3D11DDI_SETUNORDEREDACCESSVIEWS>(h, 144)(realFrom(h), start, count, v, counts);
}
VOID APIENTRY dispatchWrapper(D3D10DDI_HDEVICE h, UINT x, UINT y, UINT z) {
  trace("Dispatch(hDevice=%p, ThreadGroupCountX=%u, ThreadGroupCountY=%u, ThreadGroupCountZ=%u)", h.pDrvPrivate, x, y, z);
  realSlot<PFND3D11DDI_DISPATCH>(h, 145)(realFrom(h), x, y, z);
}
VOID APIENTRY dispatchIndirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE args, UINT offset) {
  trace("DispatchIndirect(hDevice=%p, hBufferForArgs=%p, AlignedByteOffsetForArgs=%u)", h.pDrvPrivate, args.pDrvPrivate,
        offset);
  realSlot<PFND3D11DDI_DISPATCHINDIRECT>(h, 146)(realFrom(h), args, offset);
}
VOID APIENTRY copyStructureCount(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT offset, D3D11DDI_HUNORDEREDACCESSVIEW v) {
  trace("CopyStructureCount(hDevice=%p, hDstBuffer=%p, DstAlignedByteOffset=%u, hSrcView=%p)", h.pDrvPrivate,
        dst.pDrvPrivate, offset, v.pDrvPrivate);
  realSlot<PFND3D11DDI_COPYSTRUCTURECOUNT>(h, 148)(realFrom(h), dst, offset, v);
}
template <int Slot>
VOID APIENTRY drawIndirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE args, UINT offset) {
  trace("%s(hDevice=%p, hBufferForArgs=%p, AlignedByteOffsetForArgs=%u)", slotName(Slot), h.pDrvPrivate,
        args.pDrvPrivate, offset);
  if (deviceRemovedAtDraw(h)) return;
  realSlot<PFND3D11DDI_DRAWINSTANCEDINDIRECT>(h, Slot)(realFrom(h), args, offset);
}
template <typename Table>
void fillComputeWrappers(Table& t) {
  t.pfnCreateGeometryShader = &createShader<85>;
  t.pfnGsSetShader = &setShader<23>;
  t.pfnGsSetConstantBuffers = &setConstantBuffers<22>;
  t.pfnGsSetShaderResources = &setShaderResources<29>;
  t.pfnGsSetSamplers = &setSamplers<30>;
  t.pfnDrawIndexedInstancedIndirect = &drawIndirect<106>;
  t.pfnDrawInstancedIndirect = &drawIndirect<107>;
  t.pfnCreateComputeShader = &createComputeShader;
  t.pfnCsSetShader = &setShader<135>;
  t.pfnCsSetShaderResources = &setShaderResources<136>;
  t.pfnCsSetSamplers = &setSamplers<137>;
  t.pfnCsSetConstantBuffers = &setConstantBuffers<138>;
  t.pfnCsSetUnorderedAccessViews = &csSetUnorderedAccessViews;
  t.pfnDispatch = &dispatchWrapper;
  t.pfnDispatchIndirect = &dispatchIndirect;
  t.pfnCopyStructureCount = &copyStructureCount;
}

// Queries: the creation entries differ per table (the WDDM 2.0 args add ContextType).
const char* queryName(int q) {
  switch (q) {
    case D3D10DDI_QUERY_EVENT: return "EVENT";
    case D3D10DDI_QUERY_OCCLUSION: return "OCCLUSION";
    case D3D10DDI_QUERY_TIMESTAMP: return "TIMESTAMP";
    case D3D10DDI_QUERY_TIMESTAMPDISJOINT: return "TIMESTAMPDISJOINT";
    case D3D10DDI_QUERY_PIPELINESTATS: return "PIPELINESTATS";
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE: return "OCCLUSIONPREDICATE";
    case D3D10DDI_QUERY_STREAMOUTPUTSTATS: return "STREAMOUTPUTSTATS";
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE: return "STREAMOVERFLOWPREDICATE";
    case D3D11DDI_QUERY_PIPELINESTATS: return "D3D11_PIPELINESTATS";
    default: return "?";
  }
}
std::string queryArgs(const D3DWDDM2_0DDIARG_CREATEQUERY* a) {
  if (!a) return "null";
  char buf[128];
  std::snprintf(buf, sizeof buf, "{Query=%s(%d), MiscFlags=0x%X, ContextType=%u}", queryName(a->Query), int(a->Query),
                a->MiscFlags, a->ContextType);
  return buf;
}
std::string queryArgs(const D3D10DDIARG_CREATEQUERY* a) {
  if (!a) return "null";
  char buf[128];
  std::snprintf(buf, sizeof buf, "{Query=%s(%d), MiscFlags=0x%X}", queryName(a->Query), int(a->Query), a->MiscFlags);
  return buf;
}
template <typename Args>
SIZE_T APIENTRY calcQuerySize(D3D10DDI_HDEVICE h, const Args* a) {
  using Fn = SIZE_T(APIENTRY*)(D3D10DDI_HDEVICE, const Args*);
  SIZE_T size = realSlot<Fn>(h, 93)(realFrom(h), a);
  trace("CalcPrivateQuerySize(hDevice=%p, args=%s) -> %zu", h.pDrvPrivate, queryArgs(a).c_str(), size);
  return size;
}
template <typename Args>
VOID APIENTRY createQuery(D3D10DDI_HDEVICE h, const Args* a, D3D10DDI_HQUERY q, D3D10DDI_HRTQUERY rt) {
  trace("CreateQuery(hDevice=%p, args=%s, hQuery=%p)", h.pDrvPrivate, queryArgs(a).c_str(), q.pDrvPrivate);
  using Fn = VOID(APIENTRY*)(D3D10DDI_HDEVICE, const Args*, D3D10DDI_HQUERY, D3D10DDI_HRTQUERY);
  realSlot<Fn>(h, 94)(realFrom(h), a, q, rt);
}
VOID APIENTRY destroyQuery(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q) {
  trace("DestroyQuery(hDevice=%p, hQuery=%p)", h.pDrvPrivate, q.pDrvPrivate);
  realSlot<PFND3D10DDI_DESTROYQUERY>(h, 95)(realFrom(h), q);
}
VOID APIENTRY queryBegin(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q) {
  trace("QueryBegin(hDevice=%p, hQuery=%p)", h.pDrvPrivate, q.pDrvPrivate);
  realSlot<PFND3D10DDI_QUERYBEGIN>(h, 38)(realFrom(h), q);
}
VOID APIENTRY queryEnd(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q) {
  trace("QueryEnd(hDevice=%p, hQuery=%p)", h.pDrvPrivate, q.pDrvPrivate);
  realSlot<PFND3D10DDI_QUERYEND>(h, 37)(realFrom(h), q);
}
VOID APIENTRY queryGetData(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q, VOID* data, UINT size, UINT flags) {
  trace("QueryGetData(hDevice=%p, hQuery=%p, pData=%s, DataSize=%u, Flags=0x%X)", h.pDrvPrivate, q.pDrvPrivate,
        data ? "non-null" : "null", size, flags);
  realSlot<PFND3D10DDI_QUERYGETDATA>(h, 48)(realFrom(h), q, data, size, flags);
}
template <typename Table>
void fillQueryWrappers(Table& t) {
  t.pfnDestroyQuery = &destroyQuery;
  t.pfnQueryBegin = &queryBegin;
  t.pfnQueryEnd = &queryEnd;
  t.pfnQueryGetData = &queryGetData;
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
  fillResourceWrappers(t);
  fillDrawWrappers(t);
  fillComputeWrappers(t);
  fillQueryWrappers(t);
  t.pfnCalcPrivateQuerySize = &calcQuerySize<D3DWDDM2_0DDIARG_CREATEQUERY>;
  t.pfnCreateQuery = &createQuery<D3DWDDM2_0DDIARG_CREATEQUERY>;
  t.pfnCheckMultisampleQualityLevels = &checkMultisampleQualityLevels;
  t.pfnCalcPrivateUnorderedAccessViewSize = &calcUavSize<D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW>;
  t.pfnCreateUnorderedAccessView = &createUav<D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW>;
  t.pfnCalcPrivateRenderTargetViewSize = &calcRtvSize<D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW>;
  t.pfnCreateRenderTargetView = &createRtv<D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW>;
  t.pfnCalcPrivateShaderResourceViewSize = &calcSrvSize<D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW>;
  t.pfnCreateShaderResourceView = &createSrv<D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW>;
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
  fillResourceWrappers(t);
  fillDrawWrappers(t);
  fillComputeWrappers(t);
  fillQueryWrappers(t);
  t.pfnCalcPrivateQuerySize = &calcQuerySize<D3D10DDIARG_CREATEQUERY>;
  t.pfnCreateQuery = &createQuery<D3D10DDIARG_CREATEQUERY>;
  t.pfnCheckMultisampleQualityLevels = &checkMultisampleQualityLevels11_1;
  t.pfnCalcPrivateUnorderedAccessViewSize = &calcUavSize<D3D11DDIARG_CREATEUNORDEREDACCESSVIEW>;
  t.pfnCreateUnorderedAccessView = &createUav<D3D11DDIARG_CREATEUNORDEREDACCESSVIEW>;
  t.pfnCalcPrivateRenderTargetViewSize = &calcRtvSize<D3D10DDIARG_CREATERENDERTARGETVIEW>;
  t.pfnCreateRenderTargetView = &createRtv<D3D10DDIARG_CREATERENDERTARGETVIEW>;
  t.pfnCalcPrivateShaderResourceViewSize = &calcSrvSize<D3D11DDIARG_CREATESHADERRESOURCEVIEW>;
  t.pfnCreateShaderResourceView = &createSrv<D3D11DDIARG_CREATESHADERRESOURCEVIEW>;
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
  device->hRTCoreLayer = args->hRTCoreLayer;
  device->setError = args->p11UMCallbacks ? args->p11UMCallbacks->pfnSetErrorCb : nullptr;
  if (const char* v = std::getenv("D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW"); v && *v) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (*end || n == 0) trace("error: D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW=%s is not a positive number; ignored", v);
    else device->removeAtDraw = n;
  }
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
