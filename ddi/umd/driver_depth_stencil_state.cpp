// ddi/umd/driver_depth_stencil_state.cpp — see driver_depth_stencil_state.h.
#include "driver_depth_stencil_state.h"

#include "device.h"
#include "pipeline_cache.h"

#include <new>

namespace d3dvk::umd {

SIZE_T APIENTRY calcPrivateDepthStencilStateSize(D3D10DDI_HDEVICE, const D3D10_DDI_DEPTH_STENCIL_DESC*) {
  return sizeof(DepthStencilState);
}

VOID APIENTRY createDepthStencilState(D3D10DDI_HDEVICE hDevice, const D3D10_DDI_DEPTH_STENCIL_DESC* desc,
                                      D3D10DDI_HDEPTHSTENCILSTATE h, D3D10DDI_HRTDEPTHSTENCILSTATE) {
  Device* device = Device::from(hDevice);
  if (!h.pDrvPrivate || !desc) return device->setError(E_INVALIDARG);
  DepthStencilState* state = new (h.pDrvPrivate) DepthStencilState{};
  state->desc = *desc;
  state->id = nextObjectId();
}

VOID APIENTRY destroyDepthStencilState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HDEPTHSTENCILSTATE h) {
  Device* device = Device::from(hDevice);
  DepthStencilState* state = DepthStencilState::from(h);
  if (!state) return;
  if (device->draw.depthStencilState == state) device->draw.depthStencilState = nullptr;
  if (state->id) {
    std::lock_guard<std::mutex> lock(device->queueMutex());
    device->pipelines().forget(state->id);
  }
  state->~DepthStencilState();
}

VOID APIENTRY setDepthStencilState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HDEPTHSTENCILSTATE h, UINT stencilRef) {
  DrawState& s = Device::from(hDevice)->draw;
  s.depthStencilState = DepthStencilState::from(h);
  s.stencilRef = stencilRef;
}

}  // namespace d3dvk::umd
