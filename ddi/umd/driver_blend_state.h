// ddi/umd/driver_blend_state.h — the driver's blend-state object, constructed by
// pfnCreateBlendState in runtime-allocated memory (the desc, its Vulkan
// translation from translate/state/blend_state.h and a unique id for the
// pipeline cache), and the blend-state DDIs including SetBlendState (blend
// factor and sample mask).
#pragma once

#include "blend_state.h"  // translate/state
#include "d3d10umddi.h"

namespace d3dvk::umd {

struct BlendState {
  uint64_t id = 0;
  D3D11_1_DDI_BLEND_DESC desc{};
  state::BlendPipelineState pipeline;

  static BlendState* from(D3D10DDI_HBLENDSTATE h) { return static_cast<BlendState*>(h.pDrvPrivate); }
};

SIZE_T APIENTRY calcPrivateBlendStateSize(D3D10DDI_HDEVICE, const D3D11_1_DDI_BLEND_DESC*);
VOID APIENTRY createBlendState(D3D10DDI_HDEVICE, const D3D11_1_DDI_BLEND_DESC*, D3D10DDI_HBLENDSTATE,
                               D3D10DDI_HRTBLENDSTATE);
VOID APIENTRY destroyBlendState(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE);
VOID APIENTRY setBlendState(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE, const FLOAT[4], UINT);

}  // namespace d3dvk::umd
