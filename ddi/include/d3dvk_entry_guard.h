// ddi/include/d3dvk_entry_guard.h — d3dvk's exception barrier for its C ABI
// entry points (not a WDK header): the DDIs of the UMD and the trace filter and
// the runtime's API methods and exports. Nothing thrown may cross them, so each
// catches whatever its implementation throws and answers with the HRESULT it
// stands for — E_OUTOFMEMORY for std::bad_alloc, E_FAIL for anything else (its
// what() printed once to stderr) — through the entry point's own channel:
//   - a function-try-block with D3DVK_CATCH_HRESULT / D3DVK_CATCH_VOID /
//     D3DVK_CATCH_RETURN(value) for functions written out by hand;
//   - DeviceEntryGuard<Slot, Fn, Report> for device-table DDIs, which reports
//     the HRESULT through the runtime's pfnSetErrorCb (Report) and returns a
//     zero value; the device tables are filled with these wrappers only.
#pragma once

#include "d3d10umddi.h"

#include <cstdio>
#include <exception>
#include <new>

namespace d3dvk {

// Call only inside a catch handler: the HRESULT for the exception in flight.
inline HRESULT hresultFromCaughtException(const char* entryPoint) noexcept {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "d3dvk: %s: internal error: %s\n", entryPoint, e.what());
  } catch (...) {
    std::fprintf(stderr, "d3dvk: %s: internal error (an unknown exception)\n", entryPoint);
  }
  return E_FAIL;
}

// Wraps the device DDI Fn (first parameter D3D10DDI_HDEVICE) for table slot
// Slot: call() has Fn's signature and never throws. Before (optional, must
// not throw) runs first: the UMD counts its state-changing DDIs there.
template <int Slot, auto Fn, void (*Report)(D3D10DDI_HDEVICE, HRESULT), void (*Before)(D3D10DDI_HDEVICE) = nullptr>
struct DeviceEntryGuard;
template <int Slot, typename R, typename... A, R(APIENTRY* Fn)(D3D10DDI_HDEVICE, A...),
          void (*Report)(D3D10DDI_HDEVICE, HRESULT), void (*Before)(D3D10DDI_HDEVICE)>
struct DeviceEntryGuard<Slot, Fn, Report, Before> {
  static R APIENTRY call(D3D10DDI_HDEVICE hDevice, A... args) noexcept {
    if constexpr (Before != nullptr) Before(hDevice);
    try {
      return Fn(hDevice, args...);
    } catch (...) {
      Report(hDevice, hresultFromCaughtException(ddi::kWddm2_0DeviceFuncNames[Slot - 1]));
      return R();
    }
  }
};

// The number of slots of a device table type (the D3D11.1 table is the first
// 157 slots of the WDDM 2.0 one).
template <typename Table>
inline constexpr int kDeviceFuncSlotCount = sizeof(Table) / sizeof(void*);

}  // namespace d3dvk

// Function-try-block handlers, e.g.
//   HRESULT STDMETHODCALLTYPE D3D11Device::CreateBuffer(...) try { ... } D3DVK_CATCH_HRESULT
#define D3DVK_CATCH_HRESULT \
  catch (...) {             \
    return ::d3dvk::hresultFromCaughtException(__func__); \
  }
#define D3DVK_CATCH_VOID \
  catch (...) {          \
    ::d3dvk::hresultFromCaughtException(__func__); \
  }
#define D3DVK_CATCH_RETURN(value)                  \
  catch (...) {                                    \
    ::d3dvk::hresultFromCaughtException(__func__); \
    return value;                                  \
  }
