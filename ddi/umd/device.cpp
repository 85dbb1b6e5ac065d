// ddi/umd/device.cpp — see device.h.
#include "device.h"

namespace d3dvk::umd {

Device::Device(Adapter& adapter, const D3D10DDIARG_CREATEDEVICE& args)
    : adapter_(adapter),
      interface_(args.Interface),
      hRTCoreLayer_(args.hRTCoreLayer),
      pfnSetErrorCb_(args.p11UMCallbacks->pfnSetErrorCb) {}

void Device::setError(HRESULT hr) { pfnSetErrorCb_(hRTCoreLayer_, hr); }

}  // namespace d3dvk::umd
