// ddi/umd/present/present_funcs.cpp — D3DVKGetPresentFuncs (d3dvk_present.h):
// presenters for D3D11 and D3D12 devices. What differs between the two is how a
// back buffer reaches the presenter: a D3D11 texture is moved to
// TRANSFER_SRC_OPTIMAL in the device's open batch, which is then submitted (so
// the present follows everything recorded before it, and the layout tracking
// knows where the image is); a D3D12 texture lives in GENERAL, and the present is
// an operation of the swapchain's queue (queue12.h): it runs once everything
// before it on the queue is in Vulkan, at once or, behind a Wait on a fence not
// signalled yet, when that fence is signalled (from the CPU or another queue).
#include "adapter.h"
#include "d3dvk_entry_guard.h"
#include "d3dvk_present.h"
#include "device.h"
#include "device12.h"
#include "driver_resource.h"
#include "presenter.h"
#include "queue12.h"
#include "resource12.h"

#include <cstdio>
#include <mutex>

namespace d3dvk::umd {
namespace {

struct PresenterObject {
  uint32_t api = 0;
  Device* device11 = nullptr;
  umd12::Device12* device12 = nullptr;
  umd12::Queue12* queue12 = nullptr;  // D3D12: the queue presents are ordered on
  std::unique_ptr<Presenter> presenter;

  std::mutex& queueMutex() { return device11 ? device11->queueMutex() : device12->queueMutex(); }
};

HRESULT report(HRESULT hr, const std::string& message, char* error, uint32_t errorSize) {
  if (error && errorSize) std::snprintf(error, errorSize, "%s", message.c_str());
  return hr;
}

// The back buffer format's Vulkan format and whether it is sRGB-encoded.
bool presentFormat(uint32_t dxgiFormat, VkFormat* format, bool* srgb) {
  const state::FormatInfo* f = state::findFormat(DXGI_FORMAT(dxgiFormat));
  if (!f || f->kind == state::FormatKind::Typeless || f->vk == VK_FORMAT_UNDEFINED) return false;
  *format = f->vk;
  *srgb = f->srgb;
  return true;
}

int32_t createPresenter(const D3DVK_PRESENTER_DESC* desc, void** out, char* error, uint32_t errorSize) try {
  if (!desc || !out || !desc->Device) return report(E_INVALIDARG, "null presenter description", error, errorSize);
  *out = nullptr;
  auto object = std::make_unique<PresenterObject>();
  object->api = desc->Api;
  Adapter* adapter = nullptr;
  if (desc->Api == D3DVK_PRESENT_API_D3D11) {
    object->device11 = static_cast<Device*>(desc->Device);
    adapter = &object->device11->adapter();
  } else if (desc->Api == D3DVK_PRESENT_API_D3D12) {
    object->device12 = static_cast<umd12::Device12*>(desc->Device);
    object->queue12 = static_cast<umd12::Queue12*>(desc->Queue);
    if (!object->queue12) return report(E_INVALIDARG, "a D3D12 presenter needs its command queue", error, errorSize);
    adapter = &object->device12->adapter();
  } else {
    return report(E_INVALIDARG, "unknown API " + std::to_string(desc->Api), error, errorSize);
  }
  VkFormat format = VK_FORMAT_UNDEFINED;
  bool srgb = false;
  if (!presentFormat(desc->Format, &format, &srgb))
    return report(E_INVALIDARG, "the back buffer format has no Vulkan format", error, errorSize);
  std::string message;
  std::unique_ptr<PresentWindow> window = PresentWindow::open(adapter->instance(), desc->WindowSystem, desc->Window,
                                                              &message);
  if (!window) return report(DXGI_ERROR_UNSUPPORTED, message, error, errorSize);
  HRESULT hr = S_OK;
  std::lock_guard<std::mutex> lock(object->queueMutex());
  object->presenter = Presenter::create(adapter->device(), std::move(window), format, srgb, desc->BufferCount, &hr,
                                        &message);
  if (!object->presenter) return report(hr, message, error, errorSize);
  *out = object.release();
  return S_OK;
} catch (const std::bad_alloc&) {
  return report(E_OUTOFMEMORY, "out of memory", error, errorSize);
} catch (...) {
  return report(E_FAIL, "unexpected exception", error, errorSize);
}

// Presents of the object still held back by a fence Wait are dropped (queue mutex held).
void dropHeldPresents(PresenterObject& object, const char* why) {
  if (!object.device12) return;
  if (const size_t dropped = umd12::dropPendingPresents(*object.device12, &object))
    object.device12->message(S_OK, std::string(why) + " while " + std::to_string(dropped) +
                                       " of its presents waited on a fence Wait of the queue; they are dropped");
}

void destroyPresenter(void* handle) try {
  auto* object = static_cast<PresenterObject*>(handle);
  if (!object) return;
  {
    std::lock_guard<std::mutex> lock(object->queueMutex());
    dropHeldPresents(*object, "the swapchain was released");
    object->presenter.reset();
  }
  delete object;
} D3DVK_CATCH_VOID

HRESULT presentD3D11(PresenterObject& object, const D3DVK_PRESENT_ARGS& args, std::string* message) {
  Device& device = *object.device11;
  Resource* resource = static_cast<Resource*>(args.Resource);
  if (!resource || resource->isBuffer() || !resource->image || resource->samples != 1) {
    *message = "the back buffer is not a single-sampled 2D texture";
    return E_INVALIDARG;
  }
  if (device.vk().hung()) {
    *message = "the device was removed";
    return DXGI_ERROR_DEVICE_REMOVED;
  }
  VkCommandBuffer cmd = device.record();
  if (!cmd) {
    *message = "cannot record the back buffer's transition";
    return E_OUTOFMEMORY;
  }
  transitionImage(cmd, *resource, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  markUsed(device, *resource);
  VkResult r = device.queue().submit();
  if (r != VK_SUCCESS) {
    *message = "submitting the device's commands failed (VkResult " + std::to_string(int(r)) + ")";
    return hresultFromVk(r);
  }
  PresentSource source;
  source.image = resource->image->handle();
  source.format = resource->format->vk;
  source.layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  source.extent = {resource->width, resource->height};
  return object.presenter->present(source, args.SyncInterval, message);
}

HRESULT presentD3D12(PresenterObject& object, const D3DVK_PRESENT_ARGS& args, std::string* message) {
  umd12::Device12& device = *object.device12;
  auto* resource = static_cast<umd12::Resource12*>(args.Resource);
  if (!resource || resource->isBuffer() || !resource->image || !resource->format ||
      resource->desc.SampleDesc.Count > 1) {
    *message = "the back buffer is not a single-sampled 2D texture";
    return E_INVALIDARG;
  }
  if (device.vk().hung()) {
    *message = "the device was removed";
    return DXGI_ERROR_DEVICE_REMOVED;
  }
  PresentSource source;
  source.image = resource->image->handle();
  source.format = resource->format->vk;
  source.layout = VK_IMAGE_LAYOUT_GENERAL;
  source.extent = {UINT(resource->desc.Width), resource->desc.Height};
  // The present as an operation of the queue: run by submitReadyOperations now, or
  // later by whatever satisfies the Wait that holds the queue back.
  struct Outcome {
    bool ran = false;
    bool deferred = false;
    HRESULT hr = S_OK;
    std::string message;
  };
  auto outcome = std::make_shared<Outcome>();
  umd12::Queue12::Operation op{umd12::Queue12::Operation::Present, {}, nullptr, 0};
  op.owner = &object;
  const uint32_t interval = args.SyncInterval;
  op.present = [&object, &device, source, interval, outcome] {
    outcome->hr = object.presenter->present(source, interval, &outcome->message);
    outcome->ran = true;
    if (outcome->deferred && FAILED(outcome->hr))
      device.message(outcome->hr, "a present held back by a fence Wait failed: " + outcome->message);
  };
  object.queue12->pending.push_back(std::move(op));
  const HRESULT hr = umd12::submitReadyOperations(device);
  if (FAILED(hr)) {
    umd12::dropPendingPresents(device, &object);
    *message = "handing the queue's work to Vulkan failed";
    return hr;
  }
  if (outcome->ran) {
    *message = outcome->message;
    return outcome->hr;
  }
  outcome->deferred = true;  // shown when the queue's Wait is satisfied
  return S_OK;
}

int32_t present(void* handle, const D3DVK_PRESENT_ARGS* args, char* error, uint32_t errorSize) try {
  auto* object = static_cast<PresenterObject*>(handle);
  if (!object || !args) return report(E_INVALIDARG, "null presenter or arguments", error, errorSize);
  std::string message;
  std::lock_guard<std::mutex> lock(object->queueMutex());
  const HRESULT hr = object->device11 ? presentD3D11(*object, *args, &message) : presentD3D12(*object, *args, &message);
  return report(hr, message, error, errorSize);
} catch (const std::bad_alloc&) {
  return report(E_OUTOFMEMORY, "out of memory", error, errorSize);
} catch (...) {
  return report(E_FAIL, "unexpected exception", error, errorSize);
}

int32_t getStatus(void* handle, D3DVK_PRESENTER_STATUS* status, char* error, uint32_t errorSize) try {
  auto* object = static_cast<PresenterObject*>(handle);
  if (!object || !status) return report(E_INVALIDARG, "null presenter or status", error, errorSize);
  *status = {};
  std::lock_guard<std::mutex> lock(object->queueMutex());
  Presenter& p = *object->presenter;
  status->PresentCount = p.presentCount();
  status->Immediate = p.immediateOffered() ? 1 : 0;
  if (!p.windowSize(&status->WindowWidth, &status->WindowHeight))
    return report(DXGI_ERROR_INVALID_CALL, "the window was destroyed", error, errorSize);
  return S_OK;
} catch (...) {
  return report(E_FAIL, "unexpected exception", error, errorSize);
}

int32_t resize(void* handle, uint32_t dxgiFormat, uint32_t bufferCount, char* error, uint32_t errorSize) try {
  auto* object = static_cast<PresenterObject*>(handle);
  if (!object) return report(E_INVALIDARG, "null presenter", error, errorSize);
  VkFormat format = VK_FORMAT_UNDEFINED;
  bool srgb = false;
  if (!presentFormat(dxgiFormat, &format, &srgb))
    return report(E_INVALIDARG, "the back buffer format has no Vulkan format", error, errorSize);
  std::string message;
  std::lock_guard<std::mutex> lock(object->queueMutex());
  dropHeldPresents(*object, "the swapchain's buffers were resized");
  return report(object->presenter->resize(format, srgb, bufferCount, &message), message, error, errorSize);
} catch (...) {
  return report(E_FAIL, "unexpected exception", error, errorSize);
}

uint64_t lastFrame(void* handle) try {
  auto* object = static_cast<PresenterObject*>(handle);
  return object ? object->presenter->lastFrame() : 0;
} catch (...) {
  return 0;
}

// No queue mutex: the presenter's timeline semaphore needs no external synchronization.
int32_t waitForFrame(void* handle, uint64_t frame, uint64_t timeoutNs) try {
  auto* object = static_cast<PresenterObject*>(handle);
  if (!object) return E_INVALIDARG;
  return object->presenter->waitForFrame(frame, timeoutNs);
} catch (...) {
  return E_FAIL;
}

}  // namespace
}  // namespace d3dvk::umd

extern "C" __attribute__((visibility("default"))) int32_t D3DVKGetPresentFuncs(D3DVK_PRESENT_FUNCS* funcs,
                                                                             uint32_t size) try {
  if (!funcs || size != sizeof(D3DVK_PRESENT_FUNCS)) return E_INVALIDARG;
  funcs->pfnCreatePresenter = &d3dvk::umd::createPresenter;
  funcs->pfnDestroyPresenter = &d3dvk::umd::destroyPresenter;
  funcs->pfnPresent = &d3dvk::umd::present;
  funcs->pfnGetStatus = &d3dvk::umd::getStatus;
  funcs->pfnResize = &d3dvk::umd::resize;
  funcs->pfnLastFrame = &d3dvk::umd::lastFrame;
  funcs->pfnWaitForFrame = &d3dvk::umd::waitForFrame;
  return S_OK;
} D3DVK_CATCH_RETURN(E_FAIL)
