// ddi/umd/rasterizer_state.cpp — see rasterizer_state.h.
#include "rasterizer_state.h"

#include "device.h"

#include <new>

namespace d3dvk::umd {

SIZE_T APIENTRY calcPrivateRasterizerStateSize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDI_RASTERIZER_DESC*) {
  return sizeof(RasterizerState);
}

SIZE_T APIENTRY calcPrivateRasterizerStateSize11_1(D3D10DDI_HDEVICE, const D3D11_1_DDI_RASTERIZER_DESC*) {
  return sizeof(RasterizerState);
}

VOID APIENTRY createRasterizerState(D3D10DDI_HDEVICE hDevice, const D3DWDDM2_0DDI_RASTERIZER_DESC* pDesc,
                                    D3D10DDI_HRASTERIZERSTATE hState, D3D10DDI_HRTRASTERIZERSTATE) {
  if (!pDesc || !hState.pDrvPrivate) {
    Device::from(hDevice)->setError(E_INVALIDARG);
    return;
  }
  new (hState.pDrvPrivate) RasterizerState{*pDesc};
}

VOID APIENTRY createRasterizerState11_1(D3D10DDI_HDEVICE hDevice, const D3D11_1_DDI_RASTERIZER_DESC* pDesc,
                                        D3D10DDI_HRASTERIZERSTATE hState, D3D10DDI_HRTRASTERIZERSTATE hRT) {
  if (!pDesc) {
    Device::from(hDevice)->setError(E_INVALIDARG);
    return;
  }
  D3DWDDM2_0DDI_RASTERIZER_DESC desc{pDesc->FillMode,          pDesc->CullMode,
                                     pDesc->FrontCounterClockwise, pDesc->DepthBias,
                                     pDesc->DepthBiasClamp,    pDesc->SlopeScaledDepthBias,
                                     pDesc->DepthClipEnable,   pDesc->ScissorEnable,
                                     pDesc->MultisampleEnable, pDesc->AntialiasedLineEnable,
                                     pDesc->ForcedSampleCount, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
  createRasterizerState(hDevice, &desc, hState, hRT);
}

VOID APIENTRY destroyRasterizerState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRASTERIZERSTATE hState) {
  Device* device = Device::from(hDevice);
  if (device->boundRasterizerState.pDrvPrivate == hState.pDrvPrivate) device->boundRasterizerState = {};
  if (hState.pDrvPrivate) RasterizerState::from(hState)->~RasterizerState();
}

VOID APIENTRY setRasterizerState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HRASTERIZERSTATE hState) {
  Device::from(hDevice)->boundRasterizerState = hState;  // null = the default state
}

}  // namespace d3dvk::umd
