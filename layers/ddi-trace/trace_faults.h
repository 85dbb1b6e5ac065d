// layers/ddi-trace/trace_faults.h — the trace filter's fault injection: what it
// changes on the way between the runtime and the real UMD, each chosen by an
// environment variable of this test layer only (never read by the production
// UMD or runtime):
//   D3DVK_TRACE_HIDE_VERSIONS=d3d11_1,wddm2_0  GetSupportedVersions leaves them out
//   D3DVK_TRACE_FORCE_CONSERVATIVE_TIER=0..3   GetCaps (D3D11 OPTIONS2, D3D12 OPTIONS) reports it
//   D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW=N        the Nth draw DDI (indirect ones too) of a device (from 1) and every
//                                              later one report DXGI_ERROR_DEVICE_REMOVED
//                                              through pfnSetErrorCb instead of reaching the UMD
//   D3DVK_TRACE_FAIL_DDI=Name[,Name...]        those device DDIs (slot names, e.g.
//                                              CreateBlendState) report E_OUTOFMEMORY through
//                                              pfnSetErrorCb instead of reaching the UMD: a
//                                              driver whose create fails
#pragma once

#include "trace_log.h"

#include <string>
#include <vector>

namespace d3dvk::trace {

// The tier forced by D3DVK_TRACE_FORCE_CONSERVATIVE_TIER, or -1.
int forcedTier();

// Whether D3DVK_TRACE_HIDE_VERSIONS hides this GetSupportedVersions entry.
bool hiddenVersion(UINT64 version);

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
    if (!hiddenVersion(all[i])) kept.push_back(all[i]);
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

// One device's faults, read from the environment when the device is created.
class DeviceFaults {
 public:
  DeviceFaults(D3D10DDI_HRTCORELAYER hRTCoreLayer, PFND3D10DDI_SETERROR_CB setError);

  // Reports hr to the runtime as the device's pfnSetErrorCb.
  void report(HRESULT hr) const;
  // Before the DDI in `slot` reaches the UMD: true when a fault replaces the
  // call (it has been reported and traced; the UMD must not see it).
  bool intercept(int slot);

 private:
  D3D10DDI_HRTCORELAYER hRTCoreLayer_{};
  PFND3D10DDI_SETERROR_CB setError_ = nullptr;
  unsigned long draws_ = 0, removeAtDraw_ = 0;  // 0: never
  std::vector<bool> failSlot_;                  // index slot − 1
};

}  // namespace d3dvk::trace
