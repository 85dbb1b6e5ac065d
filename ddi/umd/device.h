// ddi/umd/device.h — the UMD's device object, constructed by pfnCreateDevice in
// the runtime-allocated hDrvDevice memory (CalcPrivateDeviceSize bytes) and
// destroyed by pfnDestroyDevice. Holds the runtime's core-layer error callback
// (how void DDIs report failures) and the currently bound state.
#pragma once

#include "d3d10umddi.h"

namespace d3dvk::umd {

class Adapter;

class Device {
 public:
  Device(Adapter& adapter, const D3D10DDIARG_CREATEDEVICE& args);

  static Device* from(D3D10DDI_HDEVICE h) { return static_cast<Device*>(h.pDrvPrivate); }

  Adapter& adapter() { return adapter_; }
  UINT interfaceVersion() const { return interface_; }
  bool isWddm2_0() const { return interface_ == D3DWDDM2_0_DDI_INTERFACE_VERSION; }

  // Reports a failure of a void DDI to the runtime (pfnSetErrorCb).
  void setError(HRESULT hr);

  D3D10DDI_HRASTERIZERSTATE boundRasterizerState{};

 private:
  Adapter& adapter_;
  UINT interface_;
  D3D10DDI_HRTCORELAYER hRTCoreLayer_;
  PFND3D10DDI_SETERROR_CB pfnSetErrorCb_;
};

// Fills the runtime's device table for the negotiated interface: implemented
// slots get their entry points, every other slot a stub that reports E_NOTIMPL.
void fillDeviceFuncs(const D3D10DDIARG_CREATEDEVICE& args);

}  // namespace d3dvk::umd
