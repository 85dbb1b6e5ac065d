// ddi/umd/device.cpp — see device.h.
#include "device.h"

#include "adapter.h"
#include "driver_fallback_draw.h"
#include "driver_query.h"
#include "pipeline_cache.h"

namespace d3dvk::umd {

Device::Device(Adapter& adapter, const D3D10DDIARG_CREATEDEVICE& args)
    : adapter_(adapter),
      interface_(args.Interface),
      hRTCoreLayer_(args.hRTCoreLayer),
      pfnSetErrorCb_(args.p11UMCallbacks->pfnSetErrorCb) {}

Device::~Device() = default;  // the queue waits for the GPU before freeing; then the pipeline cache goes

HRESULT Device::init() {
  VkResult result = VK_SUCCESS;
  queue_ = vk::CommandQueue::create(adapter_.device(), &result);
  if (!queue_) return hresultFromVk(result);
  queue_->setBeforeSubmit([this](VkCommandBuffer cmd) { suspendQueries(*this, cmd); });
  pipelines_ = PipelineCache::create(*this, &result);
  return pipelines_ ? S_OK : hresultFromVk(result);
}

vk::Device& Device::vk() { return adapter_.device(); }

void Device::setError(HRESULT hr) { pfnSetErrorCb_(hRTCoreLayer_, hr); }

HRESULT hresultFromVk(VkResult result) {
  switch (result) {
    case VK_SUCCESS: return S_OK;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
    case VK_ERROR_OUT_OF_POOL_MEMORY:
    case VK_ERROR_TOO_MANY_OBJECTS: return E_OUTOFMEMORY;
    case VK_ERROR_DEVICE_LOST: return DXGI_ERROR_DEVICE_REMOVED;
    case VK_TIMEOUT: return DXGI_ERROR_DEVICE_HUNG;  // a bounded wait for the GPU ran out (vk_device.h)
    default: return E_FAIL;
  }
}

void Device::setVkError(VkResult result) { setError(hresultFromVk(result)); }

VkCommandBuffer Device::record() {
  VkResult result = VK_SUCCESS;
  VkCommandBuffer cmd = queue_->record(&result);
  if (!cmd) setVkError(result);
  else if (!activeQueries.empty()) resumeQueries(*this, cmd);
  return cmd;
}

}  // namespace d3dvk::umd
