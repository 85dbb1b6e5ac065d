// tests/ddi/umd_harness.h — loads a UMD shared object the way a D3D runtime or a
// driver test harness does (dlopen + OpenAdapter10_2 / OpenAdapter12) and
// provides the runtime side of device creation (hDrvDevice memory, the
// core-layer error callback that records what void DDIs report).
#pragma once

#include "d3d12umddi_checks.h"

#include <dlfcn.h>

#include <memory>
#include <string>
#include <vector>

namespace d3dvk::test {

class UmdLibrary {
 public:
  explicit UmdLibrary(const std::string& path) : handle_(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    if (!handle_) error_ = dlerror();
  }
  ~UmdLibrary() {
    if (handle_) dlclose(handle_);
  }
  bool loaded() const { return handle_ != nullptr; }
  const std::string& error() const { return error_; }
  template <typename Fn>
  Fn symbol(const char* name) const {
    return reinterpret_cast<Fn>(dlsym(handle_, name));
  }

 private:
  void* handle_;
  std::string error_;
};

// The runtime side of one D3D10/11 device.
struct HarnessDevice {
  static inline thread_local std::vector<HRESULT>* errors = nullptr;
  static VOID APIENTRY onSetError(D3D10DDI_HRTCORELAYER, HRESULT hr) {
    if (errors) errors->push_back(hr);
  }

  std::vector<HRESULT> reported;
  D3D11DDI_CORELAYER_DEVICECALLBACKS callbacks{&onSetError};
  union {  // the runtime's table storage; D3D11.1 uses the first 157 slots
    D3DWDDM2_0DDI_DEVICEFUNCS funcs;
    D3D11_1DDI_DEVICEFUNCS funcs11_1;
  };
  std::unique_ptr<char[]> memory;
  D3D10DDI_HDEVICE hDevice{};

  HarnessDevice() : funcs{} { errors = &reported; }
  ~HarnessDevice() { errors = nullptr; }
};

inline std::string umdPath() { return D3DVK_UMD_LIBRARY; }
inline std::string traceUmdPath() { return D3DVK_TRACE_LIBRARY; }

}  // namespace d3dvk::test
