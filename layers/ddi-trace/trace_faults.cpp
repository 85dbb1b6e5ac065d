// layers/ddi-trace/trace_faults.cpp — see trace_faults.h.
#include "trace_faults.h"

#include <cstdlib>
#include <cstring>

namespace d3dvk::trace {

int forcedTier() {
  const char* v = std::getenv("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER");
  if (!v || !*v) return -1;
  if (v[1] == 0 && v[0] >= '0' && v[0] <= '3') return v[0] - '0';
  trace("error: D3DVK_TRACE_FORCE_CONSERVATIVE_TIER=%s is not one of 0, 1, 2, 3; not forcing", v);
  return -1;
}

bool hiddenVersion(UINT64 version) {
  const char* hide = std::getenv("D3DVK_TRACE_HIDE_VERSIONS");
  if (!hide) return false;
  std::string list = std::string(",") + hide + ",";
  UINT interface_ = UINT(version >> 32);
  return (interface_ == D3D11_1_DDI_INTERFACE_VERSION && list.find(",d3d11_1,") != std::string::npos) ||
         (interface_ == D3DWDDM2_0_DDI_INTERFACE_VERSION && list.find(",wddm2_0,") != std::string::npos);
}

DeviceFaults::DeviceFaults(D3D10DDI_HRTCORELAYER hRTCoreLayer, PFND3D10DDI_SETERROR_CB setError)
    : hRTCoreLayer_(hRTCoreLayer), setError_(setError), failSlot_(D3DWDDM2_0DDI_DEVICEFUNCS_SLOT_COUNT, false) {
  if (const char* v = std::getenv("D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW"); v && *v) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (*end || n == 0)
      trace("error: D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW=%s is not a positive number; ignored", v);
    else
      removeAtDraw_ = n;
  }
  if (const char* v = std::getenv("D3DVK_TRACE_FAIL_DDI"); v && *v) {
    const std::string list = std::string(",") + v + ",";
    for (int slot = 1; slot <= D3DWDDM2_0DDI_DEVICEFUNCS_SLOT_COUNT; ++slot)
      failSlot_[slot - 1] = list.find(std::string(",") + ddi::kWddm2_0DeviceFuncNames[slot - 1] + ",") != std::string::npos;
  }
}

void DeviceFaults::report(HRESULT hr) const {
  if (setError_) setError_(hRTCoreLayer_, hr);
}

bool DeviceFaults::intercept(int slot) {
  if (failSlot_[slot - 1] && setError_) {
    trace("(fault injected by D3DVK_TRACE_FAIL_DDI: pfnSetErrorCb(E_OUTOFMEMORY))");
    report(E_OUTOFMEMORY);
    return true;
  }
  using ddi::DeviceSlot;
  const bool draw = slot == int(DeviceSlot::Draw) || slot == int(DeviceSlot::DrawIndexed) ||
                    slot == int(DeviceSlot::DrawInstanced) || slot == int(DeviceSlot::DrawIndexedInstanced) ||
                    slot == int(DeviceSlot::DrawInstancedIndirect) ||
                    slot == int(DeviceSlot::DrawIndexedInstancedIndirect);
  if (!draw) return false;
  ++draws_;
  if (!removeAtDraw_ || draws_ < removeAtDraw_ || !setError_) return false;
  trace("(device removed at draw %lu: pfnSetErrorCb(DXGI_ERROR_DEVICE_REMOVED))", draws_);
  report(DXGI_ERROR_DEVICE_REMOVED);
  return true;
}

}  // namespace d3dvk::trace
