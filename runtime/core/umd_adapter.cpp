// runtime/core/umd_adapter.cpp — see umd_adapter.h.
#include "umd_adapter.h"

#include "d3d12umddi_checks.h"
#include "d3dvk_entry_guard.h"

#include <dlfcn.h>

#include <cstdlib>
#include <new>

namespace d3dvk::runtime {
namespace {

thread_local DdiErrorScope* tCurrentScope = nullptr;

std::string hex(UINT64 v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

// The UMD next to this library (libd3dvk.so), unless D3DVK_UMD_PATH says otherwise.
std::string umdPath() {
  if (const char* p = std::getenv("D3DVK_UMD_PATH"); p && *p) return p;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&umdPath), &info) && info.dli_fname) {
    std::string self = info.dli_fname;
    size_t slash = self.rfind('/');
    if (slash != std::string::npos) return self.substr(0, slash + 1) + "libd3dvk_umd.so";
  }
  return "libd3dvk_umd.so";
}

namespace {

// GetSupportedVersions' two-call pattern (D3D10.2 and D3D12 adapters alike).
template <typename Handle, typename Fn>
HRESULT querySupportedVersions(Fn getSupportedVersions, Handle adapter, std::vector<UINT64>* out) {
  UINT32 count = 0;
  HRESULT result = getSupportedVersions(adapter, &count, nullptr);
  if (FAILED(result)) return result;
  if (count == 0 || count >= 1024) return E_FAIL;
  out->resize(count);
  result = getSupportedVersions(adapter, &count, out->data());
  out->resize(SUCCEEDED(result) ? count : 0);
  return result;
}

}  // namespace

DdiErrorScope::DdiErrorScope() : previous_(tCurrentScope) { tCurrentScope = this; }
DdiErrorScope::~DdiErrorScope() { tCurrentScope = previous_; }

std::shared_ptr<UmdAdapter> UmdAdapter::open(HRESULT* hr, std::string* error) {
  std::shared_ptr<UmdAdapter> self(new UmdAdapter());
  self->path_ = umdPath();
  self->library_ = dlopen(self->path_.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!self->library_) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "cannot load the user-mode driver " + self->path_ + ": " + dlerror() +
             " (set D3DVK_UMD_PATH to the driver's path)";
    return nullptr;
  }
  self->debugLabel_ = reinterpret_cast<PFN_D3DVKDebugLabel>(dlsym(self->library_, D3DVK_DEBUG_LABEL_NAME));
  auto openAdapter = reinterpret_cast<PFND3D10DDI_OPENADAPTER>(dlsym(self->library_, "OpenAdapter10_2"));
  if (!openAdapter) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " does not export OpenAdapter10_2";
    return nullptr;
  }
  D3D10DDIARG_OPENADAPTER args{};
  args.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
  args.Version = D3DWDDM2_0_DDI_BUILD_VERSION << 16;
  args.pAdapterFuncs_2 = &self->funcs_;
  HRESULT result = openAdapter(&args);
  if (FAILED(result)) {
    *hr = result;
    *error = "OpenAdapter10_2 of " + self->path_ + " failed with HRESULT " + hex(UINT32(result));
    return nullptr;
  }
  self->hAdapter_ = args.hAdapter;
  const D3D10_2DDI_ADAPTERFUNCS& f = self->funcs_;
  if (!f.pfnCalcPrivateDeviceSize || !f.pfnCreateDevice || !f.pfnCloseAdapter || !f.pfnGetSupportedVersions ||
      !f.pfnGetCaps) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " left adapter functions unset (not a D3D10.2+ DDI driver)";
    return nullptr;
  }

  result = querySupportedVersions(f.pfnGetSupportedVersions, self->hAdapter_, &self->supported_);
  if (FAILED(result)) {
    *hr = result;
    *error = "GetSupportedVersions of " + self->path_ + " failed with HRESULT " + hex(UINT32(result));
    return nullptr;
  }
  // Prefer WDDM 2.0 (conservative rasterization), else D3D11.1.
  for (UINT wanted : {D3DWDDM2_0_DDI_INTERFACE_VERSION, D3D11_1_DDI_INTERFACE_VERSION}) {
    for (UINT64 v : self->supported_)
      if (UINT(v >> 32) == wanted) {
        self->negotiated_ = v;
        break;
      }
    if (self->negotiated_) break;
  }
  if (!self->negotiated_) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " supports neither the WDDM 2.0 nor the D3D11.1 DDI";
    return nullptr;
  }
  *hr = S_OK;
  return self;
}

std::shared_ptr<UmdAdapter12> UmdAdapter12::open(HRESULT* hr, std::string* error) {
  std::shared_ptr<UmdAdapter12> self(new UmdAdapter12());
  self->path_ = umdPath();
  self->library_ = dlopen(self->path_.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!self->library_) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "cannot load the user-mode driver " + self->path_ + ": " + dlerror() +
             " (set D3DVK_UMD_PATH to the driver's path)";
    return nullptr;
  }
  auto openAdapter = reinterpret_cast<PFND3D12DDI_OPENADAPTER>(dlsym(self->library_, "OpenAdapter12"));
  if (!openAdapter) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " does not export OpenAdapter12 (no D3D12 support)";
    return nullptr;
  }
  D3D12DDIARG_OPENADAPTER args{};
  args.pAdapterFuncs = &self->funcs_;
  HRESULT result = openAdapter(&args);
  if (FAILED(result)) {
    *hr = result;
    *error = "OpenAdapter12 of " + self->path_ + " failed with HRESULT " + hex(UINT32(result));
    return nullptr;
  }
  self->hAdapter_ = args.hAdapter;
  const D3D12DDI_ADAPTERFUNCS& f = self->funcs_;
  if (!f.pfnCloseAdapter || !f.pfnGetSupportedVersions || !f.pfnGetCaps) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " left D3D12 adapter functions unset";
    return nullptr;
  }
  result = querySupportedVersions(f.pfnGetSupportedVersions, self->hAdapter_, &self->supported_);
  if (FAILED(result)) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver " + self->path_ + " reports no D3D12 DDI version";
    return nullptr;
  }
  *hr = S_OK;
  return self;
}

UmdAdapter12::~UmdAdapter12() {
  if (hAdapter_.pDrvPrivate && funcs_.pfnCloseAdapter) funcs_.pfnCloseAdapter(hAdapter_);
  if (library_) dlclose(library_);
}

UmdAdapter::~UmdAdapter() {
  if (hAdapter_.pDrvPrivate && funcs_.pfnCloseAdapter) funcs_.pfnCloseAdapter(hAdapter_);
  if (library_) dlclose(library_);
}

VOID APIENTRY DdiDevice::onSetError(D3D10DDI_HRTCORELAYER layer, HRESULT hr) try {
  if (tCurrentScope && tCurrentScope->first_ == S_OK) tCurrentScope->first_ = hr;
  // DXGI_ERROR_DEVICE_REMOVED, _HUNG, _RESET and DXGI_ERROR_DRIVER_INTERNAL_ERROR (winerror.h values).
  const bool removal = hr == HRESULT(0x887A0005) || hr == HRESULT(0x887A0006) || hr == HRESULT(0x887A0007) ||
                       hr == HRESULT(0x887A0020);
  if (removal && layer.handle) {
    HRESULT none = S_OK;
    static_cast<DdiDevice*>(layer.handle)->removed_.compare_exchange_strong(none, hr, std::memory_order_acq_rel);
  }
} D3DVK_CATCH_VOID

std::unique_ptr<DdiDevice> DdiDevice::create(std::shared_ptr<UmdAdapter> adapter, HRESULT* hr, std::string* error) {
  std::unique_ptr<DdiDevice> self(new DdiDevice());
  self->adapter_ = std::move(adapter);
  UmdAdapter& a = *self->adapter_;
  const UINT interfaceVersion = a.negotiatedInterface();
  const UINT version = UINT(a.negotiatedVersion() & 0xFFFFFFFFu);
  D3D10DDIARG_CALCPRIVATEDEVICESIZE calc{interfaceVersion, version, 0};
  SIZE_T size = a.funcs().pfnCalcPrivateDeviceSize(a.handle(), &calc);
  if (size == 0 || size > (SIZE_T(1) << 30)) {
    *hr = E_FAIL;
    *error = "CalcPrivateDeviceSize returned an unusable size " + std::to_string(size);
    return nullptr;
  }
  self->memory_.reset(new (std::nothrow) unsigned char[size]());
  if (!self->memory_) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  self->hDevice_.pDrvPrivate = self->memory_.get();
  self->callbacks_.pfnSetErrorCb = &DdiDevice::onSetError;

  D3D10DDIARG_CREATEDEVICE args{};
  args.hRTDevice.handle = self.get();
  args.Interface = interfaceVersion;
  args.Version = version;
  args.pWDDM2_0DeviceFuncs = &self->funcs_;
  args.hDrvDevice = self->hDevice_;
  args.hRTCoreLayer.handle = self.get();
  args.p11UMCallbacks = &self->callbacks_;
  HRESULT result = a.funcs().pfnCreateDevice(a.handle(), &args);
  if (FAILED(result)) {
    *hr = result;
    *error = "CreateDevice of the user-mode driver failed with HRESULT " + hex(UINT32(result));
    return nullptr;
  }
  self->created_ = true;
  *hr = S_OK;
  return self;
}

std::unique_ptr<DdiDevice> DdiDevice::inert(std::shared_ptr<UmdAdapter> adapter, const D3DWDDM2_0DDI_DEVICEFUNCS& funcs) {
  std::unique_ptr<DdiDevice> self(new DdiDevice());
  self->adapter_ = std::move(adapter);
  self->funcs_ = funcs;
  return self;
}

DdiDevice::~DdiDevice() {
  if (created_ && funcs_.pfnDestroyDevice) funcs_.pfnDestroyDevice(hDevice_);
}

}  // namespace d3dvk::runtime
