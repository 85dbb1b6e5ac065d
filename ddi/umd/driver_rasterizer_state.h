// ddi/umd/driver_rasterizer_state.h — the driver's rasterizer-state object, constructed
// by pfnCreateRasterizerState in runtime-allocated memory; and the four
// rasterizer-state DDIs (WDDM 2.0 desc, and the D3D11.1 desc promoted with
// conservative rasterization OFF).
#pragma once

#include "d3d10umddi.h"
#include "rasterizer_state.h"  // translate/state

namespace d3dvk::vk {
class Device;
}

namespace d3dvk::umd {

class Device;

struct RasterizerState {
  D3DWDDM2_0DDI_RASTERIZER_DESC desc;
  // The Vulkan pipeline state the draw path uses, including whether
  // conservative draws with this state take the GPU fallback.
  state::RasterizerPipelineState pipeline;

  static RasterizerState* from(D3D10DDI_HRASTERIZERSTATE h) { return static_cast<RasterizerState*>(h.pDrvPrivate); }
};

// The D3D11.3 default rasterizer desc, bound by a null handle.
D3DWDDM2_0DDI_RASTERIZER_DESC defaultRasterizerDesc();
// What the device offers the rasterizer-state translation.
state::RasterizerDeviceCaps rasterizerDeviceCaps(Device& device);
// The same from the Vulkan device, for either API (D3D12's rasterizerCaps12).
state::RasterizerDeviceCaps rasterizerDeviceCaps(vk::Device& vk, bool conservativeDrawsRunNatively);

SIZE_T APIENTRY calcPrivateRasterizerStateSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*);
VOID APIENTRY createRasterizerState(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*, D3D10DDI_HRASTERIZERSTATE,
                                    D3D10DDI_HRTRASTERIZERSTATE);
SIZE_T APIENTRY calcPrivateRasterizerStateSize11_1(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*);
VOID APIENTRY createRasterizerState11_1(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*,
                                        D3D10DDI_HRASTERIZERSTATE, D3D10DDI_HRTRASTERIZERSTATE);
VOID APIENTRY destroyRasterizerState(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
VOID APIENTRY setRasterizerState(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);

}  // namespace d3dvk::umd
