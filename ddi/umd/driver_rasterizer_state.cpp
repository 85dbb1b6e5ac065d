// ddi/umd/driver_rasterizer_state.cpp — see driver_rasterizer_state.h.
#include "driver_rasterizer_state.h"

#include "adapter.h"
#include "device.h"

#include <new>

namespace d3dvk::umd {

D3DWDDM2_0DDI_RASTERIZER_DESC defaultRasterizerDesc() {
  return {D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE, 0,
          D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
}

state::RasterizerDeviceCaps rasterizerDeviceCaps(Device& device) {
  return rasterizerDeviceCaps(device.adapter().device(), device.adapter().conservative().drawsRunNatively);
}

state::RasterizerDeviceCaps rasterizerDeviceCaps(vk::Device& vk, bool conservativeDrawsRunNatively) {
  state::RasterizerDeviceCaps caps;
  caps.depthClipEnableExtension = vk.extensionEnabled(VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME);
  caps.depthClamp = vk.enabledFeatures().depthClamp == VK_TRUE;
  caps.depthBiasClamp = vk.enabledFeatures().depthBiasClamp == VK_TRUE;
  caps.fillModeNonSolid = vk.enabledFeatures().fillModeNonSolid == VK_TRUE;
  caps.conservativeDrawsRunNatively = conservativeDrawsRunNatively;
  caps.depthBiasExact = vk.depthBiasExactEnabled();
  caps.unormDepthBiasUnit = state::unormDepthBiasUnit(vk.info().driverName, caps.depthBiasExact);
  return caps;
}

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
  Device* device = Device::from(hDevice);
  new (hState.pDrvPrivate) RasterizerState{*pDesc, state::translateRasterizerState(*pDesc, rasterizerDeviceCaps(*device))};
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
