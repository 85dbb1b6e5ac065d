// ddi/umd/driver_blend_state.cpp — see driver_blend_state.h.
#include "driver_blend_state.h"

#include "device.h"
#include "pipeline_cache.h"

#include <new>

namespace d3dvk::umd {

SIZE_T APIENTRY calcPrivateBlendStateSize(D3D10DDI_HDEVICE, const D3D11_1_DDI_BLEND_DESC*) {
  return sizeof(BlendState);
}

VOID APIENTRY createBlendState(D3D10DDI_HDEVICE hDevice, const D3D11_1_DDI_BLEND_DESC* desc, D3D10DDI_HBLENDSTATE h,
                               D3D10DDI_HRTBLENDSTATE) {
  Device* device = Device::from(hDevice);
  if (!h.pDrvPrivate || !desc) return device->setError(E_INVALIDARG);
  BlendState* state = new (h.pDrvPrivate) BlendState{};
  state->desc = *desc;
  state->pipeline = state::translateBlendState(*desc);
  state->id = nextObjectId();
}

VOID APIENTRY destroyBlendState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HBLENDSTATE h) {
  Device* device = Device::from(hDevice);
  BlendState* state = BlendState::from(h);
  if (!state) return;
  if (device->draw.blendState == state) device->draw.blendState = nullptr;
  if (state->id) {
    std::lock_guard<std::mutex> lock(device->queueMutex());
    device->pipelines().forget(state->id);
  }
  state->~BlendState();
}

VOID APIENTRY setBlendState(D3D10DDI_HDEVICE hDevice, D3D10DDI_HBLENDSTATE h, const FLOAT factor[4], UINT sampleMask) {
  DrawState& s = Device::from(hDevice)->draw;
  s.blendState = BlendState::from(h);
  for (int i = 0; i < 4; ++i) s.blendFactor[i] = factor ? factor[i] : 1.0f;
  s.sampleMask = sampleMask;
}

}  // namespace d3dvk::umd
