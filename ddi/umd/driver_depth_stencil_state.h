// ddi/umd/driver_depth_stencil_state.h — the driver's depth-stencil-state
// object, constructed by pfnCreateDepthStencilState in runtime-allocated memory
// (the desc and a unique id for the pipeline cache; translated per pipeline,
// since the stencil test depends on the bound view's format), and the
// depth-stencil-state DDIs including SetDepthStencilState (stencil reference).
#pragma once

#include "d3d10umddi.h"

#include <cstdint>

namespace d3dvk::umd {

struct DepthStencilState {
  uint64_t id = 0;
  D3D10_DDI_DEPTH_STENCIL_DESC desc{};

  static DepthStencilState* from(D3D10DDI_HDEPTHSTENCILSTATE h) {
    return static_cast<DepthStencilState*>(h.pDrvPrivate);
  }
};

SIZE_T APIENTRY calcPrivateDepthStencilStateSize(D3D10DDI_HDEVICE, const D3D10_DDI_DEPTH_STENCIL_DESC*);
VOID APIENTRY createDepthStencilState(D3D10DDI_HDEVICE, const D3D10_DDI_DEPTH_STENCIL_DESC*,
                                      D3D10DDI_HDEPTHSTENCILSTATE, D3D10DDI_HRTDEPTHSTENCILSTATE);
VOID APIENTRY destroyDepthStencilState(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE);
VOID APIENTRY setDepthStencilState(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE, UINT);

}  // namespace d3dvk::umd
