// runtime/core/umd_adapter.h — how the runtime reaches the driver: locates the UMD
// (D3DVK_UMD_PATH, else libd3dvk_umd.so next to libd3dvk.so), dlopens it, calls
// OpenAdapter10_2, negotiates the DDI interface through GetSupportedVersions
// (WDDM 2.0 preferred, else D3D11.1) and creates DDI devices in memory the
// runtime allocates. Errors come back as HRESULT + a message naming the cause.
#pragma once

#include "d3d12umddi.h"
#include "d3dvk_debug_labels.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace d3dvk::runtime {

// The UMD's path: D3DVK_UMD_PATH, else libd3dvk_umd.so next to libd3dvk.so.
std::string umdPath();

class UmdAdapter {
 public:
  // Loads the UMD and opens its adapter. On failure returns null, with *hr and *error set.
  static std::shared_ptr<UmdAdapter> open(HRESULT* hr, std::string* error);
  ~UmdAdapter();
  UmdAdapter(const UmdAdapter&) = delete;
  UmdAdapter& operator=(const UmdAdapter&) = delete;

  const std::string& path() const { return path_; }
  const std::vector<UINT64>& supportedVersions() const { return supported_; }
  UINT64 negotiatedVersion() const { return negotiated_; }  // a "supported" value (interface << 32 | build << 16)
  UINT negotiatedInterface() const { return UINT(negotiated_ >> 32); }
  bool supportsWddm2_0() const { return negotiatedInterface() == D3DWDDM2_0_DDI_INTERFACE_VERSION; }

  D3D10DDI_HADAPTER handle() const { return hAdapter_; }
  const D3D10_2DDI_ADAPTERFUNCS& funcs() const { return funcs_; }
  // The UMD's D3DVKDebugLabel (d3dvk_debug_labels.h), or null (a UMD without it).
  PFN_D3DVKDebugLabel debugLabel() const { return debugLabel_; }

 private:
  UmdAdapter() = default;
  void* library_ = nullptr;
  PFN_D3DVKDebugLabel debugLabel_ = nullptr;
  std::string path_;
  D3D10DDI_HADAPTER hAdapter_{};
  D3D10_2DDI_ADAPTERFUNCS funcs_{};
  std::vector<UINT64> supported_;
  UINT64 negotiated_ = 0;
};

// One DDI device: the runtime-allocated hDrvDevice memory, the device function
// table the UMD fills, and the core-layer error callback through which the
// UMD's void DDIs report failures (collected per thread by DdiErrorScope).
class DdiDevice {
 public:
  static std::unique_ptr<DdiDevice> create(std::shared_ptr<UmdAdapter> adapter, HRESULT* hr, std::string* error);
  // A device no driver backs: `funcs` answer every call its holder makes, with a
  // null handle (a D3D11 deferred context's state tracking, which must not reach
  // the driver). Nothing is destroyed with it.
  static std::unique_ptr<DdiDevice> inert(std::shared_ptr<UmdAdapter> adapter, const D3DWDDM2_0DDI_DEVICEFUNCS& funcs);
  ~DdiDevice();

  D3D10DDI_HDEVICE handle() const { return hDevice_; }
  const D3DWDDM2_0DDI_DEVICEFUNCS& funcs() const { return funcs_; }
  const D3D11_1DDI_DEVICEFUNCS& funcs11_1() const { return funcs11_1_; }
  UmdAdapter& adapter() { return *adapter_; }
  const std::shared_ptr<UmdAdapter>& sharedAdapter() const { return adapter_; }
  bool isWddm2_0() const { return adapter_->supportsWddm2_0(); }
  // S_OK, or why the device was removed: the first device-removal HRESULT
  // (DXGI_ERROR_DEVICE_REMOVED / HUNG / RESET / DRIVER_INTERNAL_ERROR) the UMD
  // reported through pfnSetErrorCb. Permanent: from then on the API returns it.
  HRESULT removedReason() const { return removed_.load(std::memory_order_acquire); }

 private:
  DdiDevice() : funcs_{} {}
  static VOID APIENTRY onSetError(D3D10DDI_HRTCORELAYER, HRESULT hr);
  std::shared_ptr<UmdAdapter> adapter_;
  std::atomic<HRESULT> removed_{S_OK};
  std::unique_ptr<unsigned char[]> memory_;
  D3D10DDI_HDEVICE hDevice_{};
  D3D11DDI_CORELAYER_DEVICECALLBACKS callbacks_{};
  union {  // D3D11.1 uses the first 157 slots
    D3DWDDM2_0DDI_DEVICEFUNCS funcs_;
    D3D11_1DDI_DEVICEFUNCS funcs11_1_;
  };
  bool created_ = false;
  friend class DdiErrorScope;
};

// The D3D12 side of the same UMD: OpenAdapter12, GetSupportedVersions, GetCaps.
class UmdAdapter12 {
 public:
  static std::shared_ptr<UmdAdapter12> open(HRESULT* hr, std::string* error);
  ~UmdAdapter12();
  UmdAdapter12(const UmdAdapter12&) = delete;
  UmdAdapter12& operator=(const UmdAdapter12&) = delete;

  const std::string& path() const { return path_; }
  const std::vector<UINT64>& supportedVersions() const { return supported_; }
  D3D12DDI_HADAPTER handle() const { return hAdapter_; }
  const D3D12DDI_ADAPTERFUNCS& funcs() const { return funcs_; }

 private:
  UmdAdapter12() = default;
  void* library_ = nullptr;
  std::string path_;
  D3D12DDI_HADAPTER hAdapter_{};
  D3D12DDI_ADAPTERFUNCS funcs_{};
  std::vector<UINT64> supported_;
};

// Collects what the UMD reports through pfnSetErrorCb during one API call.
class DdiErrorScope {
 public:
  DdiErrorScope();
  ~DdiErrorScope();
  HRESULT first() const { return first_; }  // S_OK when nothing was reported

 private:
  friend class DdiDevice;
  HRESULT first_ = S_OK;
  DdiErrorScope* previous_;
};

}  // namespace d3dvk::runtime
