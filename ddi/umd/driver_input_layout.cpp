// ddi/umd/driver_input_layout.cpp — see driver_input_layout.h.
#include "driver_input_layout.h"

#include "adapter.h"
#include "device.h"
#include "driver_object.h"
#include "pipeline_cache.h"
#include "vk_device.h"

#include <atomic>
#include <new>

namespace d3dvk::umd {

state::VertexInputCaps vertexInputCaps(const vk::Device& device) {
  const vk::VertexDivisorFeatures& f = device.vertexDivisor();
  return {f.instanceRateDivisor, f.instanceRateZeroDivisor, f.maxDivisor};
}

void chainVertexDivisors(const state::VertexInputState& state, VkPipelineVertexInputStateCreateInfo* info,
                         VkPipelineVertexInputDivisorStateCreateInfoEXT* divisors) {
  if (state.divisors.empty()) return;
  *divisors = {VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT};
  divisors->vertexBindingDivisorCount = uint32_t(state.divisors.size());
  divisors->pVertexBindingDivisors = state.divisors.data();
  divisors->pNext = info->pNext;
  info->pNext = divisors;
}

SIZE_T APIENTRY calcPrivateElementLayoutSize(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEELEMENTLAYOUT*) {
  return sizeof(InputLayout);
}

VOID APIENTRY createElementLayout(D3D10DDI_HDEVICE hDevice, const D3D10DDIARG_CREATEELEMENTLAYOUT* args,
                                  D3D10DDI_HELEMENTLAYOUT hLayout, D3D10DDI_HRTELEMENTLAYOUT) {
  Device* device = Device::from(hDevice);
  if (!hLayout.pDrvPrivate) return device->setError(E_INVALIDARG);
  if (!args) return device->setError(E_INVALIDARG);
  Constructing<InputLayout> layout(hLayout.pDrvPrivate);
  std::string error;
  try {
    if (!state::translateInputLayout(args->pVertexElements, args->NumElements, &layout->vertexInput, &error,
                                     vertexInputCaps(device->vk()))) {
      logError("CreateElementLayout: " + error);
      return device->setError(E_INVALIDARG);
    }
  } catch (const std::bad_alloc&) {
    return device->setError(E_OUTOFMEMORY);
  }
  layout->id = nextObjectId();
  layout.keep();
}

VOID APIENTRY destroyElementLayout(D3D10DDI_HDEVICE hDevice, D3D10DDI_HELEMENTLAYOUT hLayout) {
  Device* device = Device::from(hDevice);
  InputLayout* layout = InputLayout::from(hLayout);
  if (!layout) return;
  if (device->draw.inputLayout == layout) device->draw.inputLayout = nullptr;
  if (layout->id) {
    std::lock_guard<std::mutex> lock(device->queueMutex());
    device->pipelines().forget(layout->id);
  }
  layout->~InputLayout();
}

VOID APIENTRY iaSetInputLayout(D3D10DDI_HDEVICE hDevice, D3D10DDI_HELEMENTLAYOUT hLayout) {
  Device::from(hDevice)->draw.inputLayout = InputLayout::from(hLayout);
}

}  // namespace d3dvk::umd
