// ddi/umd/device.cpp — see device.h.
#include "device.h"

#include "internal_compute12.h"

#include "adapter.h"
#include "driver_fallback_draw.h"
#include "driver_query.h"
#include "driver_view.h"
#include "native_draw.h"
#include "pipeline_cache.h"
#include "vk_stats.h"

namespace d3dvk::umd {

Device::Device(Adapter& adapter, const D3D10DDIARG_CREATEDEVICE& args)
    : adapter_(adapter),
      interface_(args.Interface),
      hRTCoreLayer_(args.hRTCoreLayer),
      pfnSetErrorCb_(args.p11UMCallbacks->pfnSetErrorCb),
      statsAtCreation_(vk::statsSnapshot()) {}

// The queue waits for the GPU before freeing; then the pipeline cache goes.
Device::~Device() {
  if (!vk::statsPrinted()) return;
  try {
    if (queue_) queue_->submit();  // what is still recorded counts too
  } catch (...) {
  }
  vk::printStatsSince("D3D11 device", statsAtCreation_);
}

HRESULT Device::init() {
  VkResult result = VK_SUCCESS;
  queue_ = vk::CommandQueue::create(adapter_.device(), &result);
  if (!queue_) return hresultFromVk(result);
  queue_->setBeforeSubmit([this](VkCommandBuffer cmd) {
    recorder_.beforeSubmit(cmd);  // ends the render pass
    suspendQueries(*this, cmd);
  });
  descriptors_ = std::make_unique<DescriptorAllocator>(vk());
  nativeDraws_ = std::make_unique<NativeDrawCache>();
  pipelines_ = PipelineCache::create(*this, &result);
  return pipelines_ ? S_OK : hresultFromVk(result);
}

vk::Device& Device::vk() { return adapter_.device(); }

void Device::setError(HRESULT hr) { pfnSetErrorCb_(hRTCoreLayer_, hr); }

void Device::outputsChanged() {
  outputResourceCount = 0;
  auto add = [&](const ImageViewRange* v) {
    if (!v || !v->resource) return;
    for (UINT i = 0; i < outputResourceCount; ++i)
      if (outputResources[i] == v->resource) return;
    outputResources[outputResourceCount++] = v->resource;
  };
  for (UINT i = 0; i < boundRenderTargetCount; ++i) add(boundRenderTargets[i]);
  // (The depth-stencil view's resource is not: its read-only aspects may be read, StageBindings::depthStencil.)
  for (const UnorderedAccessView* u : boundUnorderedAccessViews) add(u);
  draw.markAllDirty();  // what counts as bound for output, and the UAVs
}

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


}  // namespace d3dvk::umd
