// ddi/umd/d3d12/device12.cpp — see device12.h: the D3D12 device DDIs
// (CalcPrivateDeviceSize, CreateDevice, DestroyDevice, FillDDITable) and the
// table filling.
#include "device12.h"

#include "adapter.h"
#include "command_list12.h"
#include "d3d12umddi_checks.h"
#include "d3dvk_entry_guard.h"
#include "descriptor_heap12.h"
#include "fallback_passes.h"
#include "fence12.h"
#include "indirect12.h"
#include "pipeline_state12.h"
#include "predicated_transfer.h"
#include "query12.h"
#include "queue12.h"
#include "resource12.h"
#include "root_signature12.h"
#include "sampler12.h"
#include "shader12.h"
#include "stream_output12.h"
#include "view12.h"
#include "vk_command_queue.h"
#include "vk_resources.h"
#include "vk_stats.h"

#include <cstring>
#include <new>

namespace d3dvk::umd12 {

Device12::Device12(umd::Adapter& adapter, const D3D12DDIARG_CREATEDEVICE_0003& args)
    : adapter_(adapter),
      vk_(adapter.device()),
      hRTDevice_(args.hRTDevice),
      callbacks_(args.p12UMCallbacks),
      samplers_(std::make_unique<SamplerCache12>(*this)),
      statsAtCreation_(vk::statsSnapshot()) {}

umd::FallbackSetupPipelines* Device12::fallbackSetup(VkResult* result) {
  std::lock_guard lock(fallbackMutex_);
  if (!fallbackSetup_) fallbackSetup_ = umd::createFallbackSetupPipelines(vk_, result);
  return fallbackSetup_.get();
}

InternalComputePipeline12* Device12::queryAdd(VkResult* result) {
  std::lock_guard lock(fallbackMutex_);
  if (!queryAdd_) queryAdd_ = createQueryAddPipeline(vk_, result);
  return queryAdd_.get();
}

std::unique_ptr<InternalComputePipeline12> createPredicatePipeline(vk::Device& device, VkResult* result);

InternalComputePipeline12* Device12::predicatePipeline(VkResult* result) {
  std::lock_guard lock(predicateMutex_);
  if (!predicate_) predicate_ = createPredicatePipeline(vk_, result);
  return predicate_.get();
}

InternalComputePipeline12* Device12::restoreWordsPipeline(VkResult* result) {
  std::lock_guard lock(predicateMutex_);
  if (!restoreWords_) restoreWords_ = umd::createRestoreWordsPipeline(vk_, result);
  return restoreWords_.get();
}

InternalComputePipeline12* Device12::dispatchCount(VkResult* result) {
  std::lock_guard lock(dispatchCountMutex_);
  if (!dispatchCount_) dispatchCount_ = createDispatchCountPipeline(vk_, result);
  return dispatchCount_.get();
}

Device12::~Device12() {
  if (vk::statsPrinted()) vk::printStatsSince("D3D12 device", statsAtCreation_);
  if (oneTimeTimeline_) vkDestroySemaphore(vk_.handle(), oneTimeTimeline_, nullptr);
  if (oneTimePool_) vkDestroyCommandPool(vk_.handle(), oneTimePool_, nullptr);
}

HRESULT Device12::init() {
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT | VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  poolInfo.queueFamilyIndex = vk_.queueFamily();
  VkResult r = vkCreateCommandPool(vk_.handle(), &poolInfo, nullptr, &oneTimePool_);
  if (r != VK_SUCCESS) return hresultFor(r);
  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo semInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  semInfo.pNext = &type;
  r = vkCreateSemaphore(vk_.handle(), &semInfo, nullptr, &oneTimeTimeline_);
  return hresultFor(r);
}

HRESULT Device12::hresultFor(VkResult result) {
  switch (result) {
    case VK_SUCCESS: return S_OK;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return E_OUTOFMEMORY;
    case VK_ERROR_DEVICE_LOST: return DXGI_ERROR_DEVICE_REMOVED;
    case VK_TIMEOUT: return DXGI_ERROR_DEVICE_HUNG;  // a bounded wait for the GPU ran out (vk_device.h)
    default: return E_FAIL;
  }
}

void Device12::setError(HRESULT hr) {
  if (callbacks_ && callbacks_->pfnSetErrorCb) callbacks_->pfnSetErrorCb(hRTDevice_, hr);
}
void Device12::setVkError(VkResult result) { setError(hresultFor(result)); }

void Device12::message(HRESULT hr, const std::string& text) {
  if (messageCb_) messageCb_(hRTDevice_, hr, text.c_str());
  else umd::logError("D3D12 " + text);
}

VkResult Device12::beginOneTime(VkCommandBuffer* cmd) {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = oneTimePool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkResult r = vkAllocateCommandBuffers(vk_.handle(), &alloc, cmd);
  if (r != VK_SUCCESS) return r;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  r = vkBeginCommandBuffer(*cmd, &begin);
  if (r != VK_SUCCESS) vkFreeCommandBuffers(vk_.handle(), oneTimePool_, 1, cmd);
  else fullBarrier(*cmd);
  return r;
}

VkSemaphoreSubmitInfo Device12::nextSignal() {
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = oneTimeTimeline_;
  signal.value = ++oneTimeSerial_;
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  return signal;
}

VkResult Device12::waitForSignal(const VkSemaphoreSubmitInfo& signal) {
  const VkResult r = vk_.waitSemaphores(1, &signal.semaphore, &signal.value);
  if (r == VK_TIMEOUT) reportHung();
  return r;
}

VkResult Device12::waitIdle(bool teardown) {
  const VkSemaphoreSubmitInfo signal = nextSignal();
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.signalSemaphoreInfoCount = 1;
  submit.pSignalSemaphoreInfos = &signal;
  VkResult r = vkQueueSubmit2(vk_.queue(), 1, &submit, VK_NULL_HANDLE);
  if (r != VK_SUCCESS) return r;
  if (!teardown) return waitForSignal(signal);
  r = vk_.waitSemaphoresForTeardown(1, &signal.semaphore, &signal.value);
  if (r == VK_TIMEOUT) reportHung();
  return r;
}

void Device12::reportHung() {
  if (hungReported_.exchange(true)) return;
  message(DXGI_ERROR_DEVICE_HUNG, "the GPU made no progress for " + std::to_string(vk_.gpuTimeoutNs() / 1'000'000) +
                                      " ms (D3DVK_GPU_TIMEOUT_MS); the device is removed (DXGI_ERROR_DEVICE_HUNG)");
  setError(DXGI_ERROR_DEVICE_HUNG);
}

VkDescriptorSetLayout Device12::emptySetLayout(VkResult* result) {
  std::lock_guard lock(lazyObjectsMutex_);
  if (!emptySetLayout_) {
    const VkDescriptorSetLayoutCreateInfo empty{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    emptySetLayout_ = vk::createDescriptorSetLayout(vk_, empty, result);
    if (!emptySetLayout_) return VK_NULL_HANDLE;
  }
  return emptySetLayout_->handle();
}

VkBuffer Device12::zeroVertexBuffer(VkResult* result) {
  std::lock_guard lock(lazyObjectsMutex_);
  if (!zeroVertexBuffer_) {
    // Host-visible and zeroed by the CPU: no submission (draws may ask while the queue mutex is held).
    auto buffer = vk::Buffer::create(vk_, kZeroVertexBufferBytes,
                                     VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT, true, result);
    if (!buffer) return VK_NULL_HANDLE;
    std::memset(buffer->mapped(), 0, size_t(kZeroVertexBufferBytes));
    zeroVertexBuffer_ = std::move(buffer);
  }
  return zeroVertexBuffer_->handle();
}

VkBuffer Device12::zeroFillBuffer(VkCommandBuffer cmd, VkDeviceSize size, VkResult* result) {
  if (zeroFillBuffer_ && zeroFillBuffer_->size() >= size) return zeroFillBuffer_->handle();
  // Grown in powers of two from 1 MiB; the old buffer is idle (runNow waits for its work).
  VkDeviceSize bytes = VkDeviceSize(1) << 20;
  while (bytes < size) bytes <<= 1;
  auto buffer = vk::Buffer::create(vk_, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                   false, result);
  if (!buffer) return VK_NULL_HANDLE;
  vkCmdFillBuffer(cmd, buffer->handle(), 0, VK_WHOLE_SIZE, 0);
  vk::memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
  zeroFillBuffer_ = std::move(buffer);
  return zeroFillBuffer_->handle();
}

VkImage Device12::resolveScratch(VkFormat format, VkExtent3D extent, VkSampleCountFlagBits samples, VkResult* result) {
  std::lock_guard lock(resolveScratchMutex_);
  auto key = std::make_tuple(format, extent.width, extent.height, samples);
  auto it = resolveScratch_.find(key);
  if (it != resolveScratch_.end()) return it->second->handle();
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  auto image = vk::Image::create(vk_, info, result);
  if (!image) return VK_NULL_HANDLE;
  *result = initialiseGeneral(image->handle(), 1);
  if (*result != VK_SUCCESS) return VK_NULL_HANDLE;
  VkImage handle = image->handle();
  resolveScratch_.emplace(key, std::move(image));
  return handle;
}

VkResult Device12::initialiseGeneral(VkImage image, uint32_t layers, VkImageAspectFlags aspects) {
  return runNow([&](VkCommandBuffer cmd) {
    vk::imageLayoutBarrier(cmd, image, {aspects, 0, 1, 0, layers}, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
  });
}

namespace {

// The aspects of an image of `format` (its layout transitions cover them all).
VkImageAspectFlags imageAspects(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM: case VK_FORMAT_X8_D24_UNORM_PACK32: case VK_FORMAT_D32_SFLOAT:
      return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT: return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT: case VK_FORMAT_D24_UNORM_S8_UINT: case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

}  // namespace

umd::SampleRestorePipelines* Device12::sampleRestore(VkResult* result) {
  std::lock_guard lock(predicateMutex_);
  if (!sampleRestore_) sampleRestore_ = umd::SampleRestorePipelines::create(vk_, result);
  return sampleRestore_.get();
}

umd::DepthColourCopyPipelines* Device12::depthColourCopy(VkResult* result) {
  std::lock_guard lock(predicateMutex_);
  if (!depthColourCopy_) depthColourCopy_ = umd::DepthColourCopyPipelines::create(vk_, result);
  return depthColourCopy_.get();
}

umd::SampleResolvePipelines* Device12::sampleResolve(VkResult* result) {
  std::lock_guard lock(predicateMutex_);
  if (!sampleResolve_) sampleResolve_ = umd::SampleResolvePipelines::create(vk_, result);
  return sampleResolve_.get();
}

bool Device12::scratchImage(VkFormat format, VkExtent3D extent, uint32_t layers, VkSampleCountFlagBits samples,
                            VkImageUsageFlags usage, VkImageAspectFlags viewAspects, VkImage* image, VkImageView* view,
                            VkResult* result) {
  std::lock_guard lock(resolveScratchMutex_);
  ScratchImage& s = scratchImages_[std::make_tuple(format, extent.width, extent.height, layers, samples, usage)];
  if (!s.image) {
    VkImageCreateInfo info = umd::sampleSaveImageInfo(format, extent, layers, samples);
    info.usage = usage;
    auto created = vk::Image::create(vk_, info, result);
    if (!created) return false;
    const VkImageAspectFlags all = imageAspects(format);
    if ((*result = initialiseGeneral(created->handle(), layers, all)) != VK_SUCCESS) return false;
    s.image = std::move(created);
  }
  std::unique_ptr<vk::ImageView>& v = s.views[viewAspects];
  if (!v) {
    VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    viewInfo.image = s.image->handle();
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    viewInfo.format = format;
    viewInfo.subresourceRange = {viewAspects, 0, 1, 0, layers};
    if (!(v = vk::ImageView::create(vk_, viewInfo, result))) return false;
  }
  *image = s.image->handle();
  *view = v->handle();
  return true;
}

bool Device12::settleIfHung() {
  if (!vk_.hung()) return true;
  std::lock_guard lock(queueMutex_);
  if (!settled_) settled_ = waitIdle(true) == VK_SUCCESS;
  return settled_;
}

void Device12::retireAfter(uint64_t serial, std::vector<std::shared_ptr<AllocatorUse12>> allocators) {
  if (!allocators.empty()) retiring_.push_back({serial, std::move(allocators)});
}

void Device12::retireCompleted() {
  if (retiring_.empty()) return;
  uint64_t done = 0;
  if (vkGetSemaphoreCounterValue(vk_.handle(), oneTimeTimeline_, &done) != VK_SUCCESS) return;
  while (!retiring_.empty() && retiring_.front().serial <= done) retiring_.pop_front();
}

void Device12::retireAll() { retiring_.clear(); }

VkResult Device12::submitOneTimeAndWait(VkCommandBuffer cmd) {
  fullBarrier(cmd);
  VkResult r = vkEndCommandBuffer(cmd);
  if (r == VK_SUCCESS) {
    VkCommandBufferSubmitInfo cbInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    cbInfo.commandBuffer = cmd;
    const VkSemaphoreSubmitInfo signal = nextSignal();
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cbInfo;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    r = vkQueueSubmit2(vk_.queue(), 1, &submit, VK_NULL_HANDLE);
    if (r == VK_SUCCESS) r = waitForSignal(signal);
  }
  if (r == VK_TIMEOUT) return r;  // still in use by a hung GPU: the pool frees it with the device
  vkFreeCommandBuffers(vk_.handle(), oneTimePool_, 1, &cmd);
  return r;
}

namespace {

umd::Adapter* adapterFrom(D3D12DDI_HADAPTER h) { return static_cast<umd::Adapter*>(h.pDrvPrivate); }

// The slot names of the tables, for the not-implemented stub's message.
const char* const kDeviceSlotNames[] = {
#define D3DVK_SLOT(name) #name,
#include "device12_slots.inc"
#undef D3DVK_SLOT
};
const char* const kCommandListSlotNames[] = {
#define D3DVK_SLOT(name) #name,
#include "command_list12_slots.inc"
#undef D3DVK_SLOT
};
static_assert(sizeof(kDeviceSlotNames) / sizeof(void*) == D3DVK_D3D12DDI_DEVICE_FUNCS_CORE_0003_SLOTS);
static_assert(sizeof(kCommandListSlotNames) / sizeof(void*) == D3DVK_D3D12DDI_COMMAND_LIST_FUNCS_3D_0003_SLOTS);

// One stub per slot index (so the message can name the slot), generated at compile time.
template <const char* const* Names, int Slot>
VOID APIENTRY unimplemented() noexcept {
  std::fprintf(stderr, "d3dvk: the D3D12 DDI %s is not implemented yet\n", Names[Slot]);
}
template <const char* const* Names, int... Slots>
void fillUnimplemented(void* table, std::integer_sequence<int, Slots...>) {
  PFND3DVKDDI_UNIMPLEMENTED stubs[] = {&unimplemented<Names, Slots>...};
  std::memcpy(table, stubs, sizeof stubs);
}

}  // namespace

// Defined by each DDI group's file.
void fillDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);
void fillCommandQueueFuncs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001& f);
void fillFenceFuncs(D3DVKDDI_FENCE_FUNCS& f);

SIZE_T APIENTRY calcPrivateDeviceSize(D3D12DDI_HADAPTER, const D3D12DDIARG_CALCPRIVATEDEVICESIZE*) try {
  return sizeof(Device12);
} D3DVK_CATCH_RETURN({})

HRESULT APIENTRY createDevice(D3D12DDI_HADAPTER hAdapter, const D3D12DDIARG_CREATEDEVICE_0003* args) try {
  if (!hAdapter.pDrvPrivate || !args || !args->hDrvDevice.pDrvPrivate) return E_INVALIDARG;
  auto* device = new (args->hDrvDevice.pDrvPrivate) Device12(*adapterFrom(hAdapter), *args);
  HRESULT hr = device->init();
  if (FAILED(hr)) device->~Device12();
  return hr;
} D3DVK_CATCH_HRESULT

VOID APIENTRY destroyDevice(D3D12DDI_HDEVICE hDevice) try {
  if (Device12* d = Device12::from(hDevice)) {
    {
      std::lock_guard lock(d->queueMutex());
      d->waitIdle(true);  // bounded: a hung device is not waited for forever
      d->retireAll();
    }
    d->~Device12();
  }
} D3DVK_CATCH_VOID

HRESULT APIENTRY getOptionalDDITables(D3D12DDI_HADAPTER, UINT32* puEntries, D3D12DDI_TABLE_REQUEST*) try {
  if (!puEntries) return E_INVALIDARG;
  *puEntries = 0;  // no optional tables
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT APIENTRY fillDDITable(D3D12DDI_HADAPTER, D3D12DDI_TABLE_TYPE type, VOID* table, SIZE_T size, UINT,
                              D3D12DDI_HRTTABLE) try {
  if (!table) return E_INVALIDARG;
  switch (type) {
    case D3D12DDI_TABLE_TYPE_DEVICE_CORE: {
      if (size != sizeof(D3D12DDI_DEVICE_FUNCS_CORE_0003)) return E_INVALIDARG;
      auto& f = *static_cast<D3D12DDI_DEVICE_FUNCS_CORE_0003*>(table);
      fillUnimplemented<kDeviceSlotNames>(&f, std::make_integer_sequence<int, D3DVK_D3D12DDI_DEVICE_FUNCS_CORE_0003_SLOTS>());
      fillDeviceFuncs(f);
      return S_OK;
    }
    case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D: {
      if (size != sizeof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003)) return E_INVALIDARG;
      auto& f = *static_cast<D3D12DDI_COMMAND_LIST_FUNCS_3D_0003*>(table);
      fillUnimplemented<kCommandListSlotNames>(
          &f, std::make_integer_sequence<int, D3DVK_D3D12DDI_COMMAND_LIST_FUNCS_3D_0003_SLOTS>());
      fillCommandListFuncs(f);
      return S_OK;
    }
    case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D: {
      if (size != sizeof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001)) return E_INVALIDARG;
      auto& f = *static_cast<D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001*>(table);
      std::memset(&f, 0, sizeof f);
      fillCommandQueueFuncs(f);
      return S_OK;
    }
    case D3DVK_DDI_TABLE_TYPE_FENCE_CPU: {
      if (size != sizeof(D3DVKDDI_FENCE_FUNCS)) return E_INVALIDARG;
      fillFenceFuncs(*static_cast<D3DVKDDI_FENCE_FUNCS*>(table));
      return S_OK;
    }
    case D3DVK_DDI_TABLE_TYPE_COMMAND_LIST_EXT: {
      if (size != sizeof(D3DVKDDI_COMMAND_LIST_EXT_FUNCS)) return E_INVALIDARG;
      fillCommandListExtFuncs(*static_cast<D3DVKDDI_COMMAND_LIST_EXT_FUNCS*>(table));
      return S_OK;
    }
    case D3DVK_DDI_TABLE_TYPE_RESOURCE_CPU: {
      if (size != sizeof(D3DVKDDI_RESOURCE_CPU_FUNCS)) return E_INVALIDARG;
      fillResourceCpuFuncs(*static_cast<D3DVKDDI_RESOURCE_CPU_FUNCS*>(table));
      return S_OK;
    }
    case D3DVK_DDI_TABLE_TYPE_MESSAGES: {
      if (size != sizeof(D3DVKDDI_MESSAGE_FUNCS)) return E_INVALIDARG;
      static_cast<D3DVKDDI_MESSAGE_FUNCS*>(table)->pfnSetMessageCb = [](D3D12DDI_HDEVICE h, PFND3DVKDDI_MESSAGECB cb) {
        if (Device12* device = Device12::from(h)) device->setMessageCallback(cb);
      };
      return S_OK;
    }
    default:
      return E_NOTIMPL;
  }
} D3DVK_CATCH_HRESULT

void fillDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  fillQueueDeviceFuncs(f);
  fillFenceDeviceFuncs(f);
  fillCommandListDeviceFuncs(f);
  fillResourceDeviceFuncs(f);
  fillFormatSupportDeviceFuncs(f);
  fillDescriptorHeapDeviceFuncs(f);
  fillViewDeviceFuncs(f);
  fillSamplerDeviceFuncs(f);
  fillRootSignatureDeviceFuncs(f);
  fillShaderDeviceFuncs(f);
  fillStreamOutputDeviceFuncs(f);
  fillPipelineStateDeviceFuncs(f);
  fillQueryDeviceFuncs(f);
  fillIndirectDeviceFuncs(f);
}

}  // namespace d3dvk::umd12
