// ddi/umd/rasterizer_state.h — the driver's rasterizer-state object, constructed
// by pfnCreateRasterizerState in runtime-allocated memory; and the four
// rasterizer-state DDIs (WDDM 2.0 desc, and the D3D11.1 desc promoted with
// conservative rasterization OFF).
#pragma once

#include "d3d10umddi.h"

namespace d3dvk::umd {

struct RasterizerState {
  D3DWDDM2_0DDI_RASTERIZER_DESC desc;

  static RasterizerState* from(D3D10DDI_HRASTERIZERSTATE h) { return static_cast<RasterizerState*>(h.pDrvPrivate); }
};

SIZE_T APIENTRY calcPrivateRasterizerStateSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*);
VOID APIENTRY createRasterizerState(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*, D3D10DDI_HRASTERIZERSTATE,
                                    D3D10DDI_HRTRASTERIZERSTATE);
SIZE_T APIENTRY calcPrivateRasterizerStateSize11_1(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*);
VOID APIENTRY createRasterizerState11_1(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*,
                                        D3D10DDI_HRASTERIZERSTATE, D3D10DDI_HRTRASTERIZERSTATE);
VOID APIENTRY destroyRasterizerState(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
VOID APIENTRY setRasterizerState(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);

}  // namespace d3dvk::umd
