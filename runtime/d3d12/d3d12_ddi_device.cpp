// runtime/d3d12/d3d12_ddi_device.cpp — see d3d12_ddi_device.h.
#include "d3d12_ddi_device.h"

#include "d3dvk_entry_guard.h"

#include <cstdio>
#include <new>

namespace d3dvk::runtime {

void d3d12Error(const char* method, const std::string& message) {
  std::fprintf(stderr, "d3dvk: D3D12 ERROR: %s: %s\n", method, message.c_str());
}

namespace {
thread_local DdiErrorScope12* currentScope = nullptr;

bool isRemoval(HRESULT hr) {
  return hr == DXGI_ERROR_DEVICE_REMOVED || hr == DXGI_ERROR_DEVICE_HUNG || hr == DXGI_ERROR_DEVICE_RESET ||
         hr == DXGI_ERROR_DRIVER_INTERNAL_ERROR;
}
}  // namespace

DdiErrorScope12::DdiErrorScope12(const char* method, const char* interfaceName)
    : method_(method), interfaceName_(interfaceName), previous_(currentScope) {
  currentScope = this;
}
DdiErrorScope12::~DdiErrorScope12() { currentScope = previous_; }

VOID APIENTRY DdiDevice12::onSetError(D3D12DDI_HRTDEVICE h, HRESULT hr) {
  auto* self = static_cast<DdiDevice12*>(h.handle);
  if (self && isRemoval(hr)) {
    HRESULT expected = S_OK;
    self->removed_.compare_exchange_strong(expected, hr, std::memory_order_acq_rel);
  }
  if (currentScope && SUCCEEDED(currentScope->first_)) currentScope->first_ = hr;
}

VOID APIENTRY DdiDevice12::onSetCommandListError(D3D12DDI_HRTCOMMANDLIST, HRESULT hr) {
  if (currentScope && SUCCEEDED(currentScope->first_)) currentScope->first_ = hr;
}

VOID APIENTRY DdiDevice12::onMessage(D3D12DDI_HRTDEVICE h, HRESULT hr, LPCSTR text) try {
  auto* self = static_cast<DdiDevice12*>(h.handle);
  const DdiErrorScope12* scope = currentScope;
  while (scope && !scope->method_) scope = scope->previous_;
  std::string joined;  // Interface::Method
  const char* method = scope ? scope->method_ : nullptr;
  if (scope && scope->interfaceName_) method = (joined = std::string(scope->interfaceName_) + "::" + method).c_str();
  if (self && self->messageSink_) self->messageSink_(hr, method, text ? text : "");
  else d3d12Error(method ? method : "d3dvk driver", text ? text : "");
} D3DVK_CATCH_VOID

std::unique_ptr<DdiDevice12> DdiDevice12::create(std::shared_ptr<UmdAdapter12> adapter, HRESULT* hr, std::string* error) {
  std::unique_ptr<DdiDevice12> self(new DdiDevice12());
  self->adapter_ = std::move(adapter);
  const D3D12DDI_ADAPTERFUNCS& f = self->adapter_->funcs();
  if (!f.pfnCalcPrivateDeviceSize || !f.pfnCreateDevice || !f.pfnFillDDITable || !f.pfnDestroyDevice) {
    *hr = DXGI_ERROR_UNSUPPORTED;
    *error = "the user-mode driver has no D3D12 device functions";
    return nullptr;
  }
  D3D12DDIARG_CALCPRIVATEDEVICESIZE size{D3D12DDI_INTERFACE_VERSION_R0, D3D12DDI_BUILD_VERSION_0003,
                                         D3D12DDI_CREATE_DEVICE_FLAG_NONE};
  self->memory_ = driverMemory(f.pfnCalcPrivateDeviceSize(self->adapter_->handle(), &size));
  self->hDevice_.pDrvPrivate = self->memory_.get();
  self->callbacks_.pfnSetErrorCb = &DdiDevice12::onSetError;
  self->callbacks_.pfnSetCommandListErrorCb = &DdiDevice12::onSetCommandListError;
  D3D12DDIARG_CREATEDEVICE_0003 args{};
  args.hRTDevice.handle = self.get();
  args.Interface = D3D12DDI_INTERFACE_VERSION_R0;
  args.Version = D3D12DDI_BUILD_VERSION_0003;
  args.hDrvDevice = self->hDevice_;
  args.p12UMCallbacks = &self->callbacks_;
  HRESULT result = f.pfnCreateDevice(self->adapter_->handle(), &args);
  if (FAILED(result)) {
    *hr = result;
    *error = "the user-mode driver's D3D12 CreateDevice failed";
    return nullptr;
  }
  self->created_ = true;
  struct Request {
    D3D12DDI_TABLE_TYPE type;
    void* table;
    SIZE_T size;
  } requests[] = {
      {D3D12DDI_TABLE_TYPE_DEVICE_CORE, &self->core_, sizeof self->core_},
      {D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &self->list_, sizeof self->list_},
      {D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D, &self->queue_, sizeof self->queue_},
      {D3DVK_DDI_TABLE_TYPE_FENCE_CPU, &self->fence_, sizeof self->fence_},
  };
  for (const Request& r : requests) {
    result = f.pfnFillDDITable(self->adapter_->handle(), r.type, r.table, r.size, 0, D3D12DDI_HRTTABLE{});
    if (FAILED(result)) {
      *hr = DXGI_ERROR_UNSUPPORTED;
      *error = "the user-mode driver did not fill D3D12 DDI table " + std::to_string(int(r.type));
      return nullptr;
    }
  }
  // The CPU's access to textures is d3dvk's own table too: without it,
  // Write/ReadFromSubresource on textures answer E_NOTIMPL.
  if (FAILED(f.pfnFillDDITable(self->adapter_->handle(), D3DVK_DDI_TABLE_TYPE_RESOURCE_CPU, &self->resourceCpu_,
                               sizeof self->resourceCpu_, 0, D3D12DDI_HRTTABLE{})))
    self->resourceCpu_ = {};
  if (FAILED(f.pfnFillDDITable(self->adapter_->handle(), D3DVK_DDI_TABLE_TYPE_COMMAND_LIST_EXT, &self->listExt_,
                               sizeof self->listExt_, 0, D3D12DDI_HRTTABLE{})))
    self->listExt_ = {};
  // The message table is d3dvk's own; a UMD without it prints its messages itself.
  D3DVKDDI_MESSAGE_FUNCS messages{};
  if (SUCCEEDED(f.pfnFillDDITable(self->adapter_->handle(), D3DVK_DDI_TABLE_TYPE_MESSAGES, &messages, sizeof messages, 0,
                                  D3D12DDI_HRTTABLE{})) &&
      messages.pfnSetMessageCb)
    messages.pfnSetMessageCb(self->hDevice_, &DdiDevice12::onMessage);
  *hr = S_OK;
  return self;
}

DdiDevice12::~DdiDevice12() {
  if (created_) adapter_->funcs().pfnDestroyDevice(hDevice_);
}

}  // namespace d3dvk::runtime
