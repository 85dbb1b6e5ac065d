// runtime/d3d12/d3d12_ddi_device.h — the D3D12 DDI device: the runtime-allocated
// hDrvDevice memory, the device-core, command-list, command-queue and d3dvk
// fence tables the UMD fills (FillDDITable), and the error callback through
// which the UMD's void DDIs report failures (collected per thread by
// DdiErrorScope12, remembered as the removed reason when it is a removal), and
// d3dvk's message callback through which the UMD says why (handed to the
// device's message sink, which stores it for ID3D12InfoQueue). Also d3d12Error,
// the one place D3D12 validation messages are printed.
#pragma once

#include "umd_adapter.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace d3dvk::runtime {

// Prints "d3dvk: D3D12 ERROR: <method>: <message>" to stderr.
void d3d12Error(const char* method, const std::string& message);

class DdiDevice12 {
 public:
  static std::unique_ptr<DdiDevice12> create(std::shared_ptr<UmdAdapter12> adapter, HRESULT* hr, std::string* error);
  ~DdiDevice12();

  D3D12DDI_HDEVICE handle() const { return hDevice_; }
  const D3D12DDI_DEVICE_FUNCS_CORE_0003& core() const { return core_; }
  const D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& list() const { return list_; }
  const D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001& queue() const { return queue_; }
  const D3DVKDDI_FENCE_FUNCS& fence() const { return fence_; }
  // The CPU's access to textures (d3dvk's own table; null entries when the UMD lacks it).
  const D3DVKDDI_RESOURCE_CPU_FUNCS& resourceCpu() const { return resourceCpu_; }
  // ID3D12GraphicsCommandList1/2's commands (d3dvk's own table; null entries when the UMD lacks it).
  const D3DVKDDI_COMMAND_LIST_EXT_FUNCS& listExt() const { return listExt_; }
  HRESULT removedReason() const { return removed_.load(std::memory_order_acquire); }
  // Where the UMD's messages go: (its HRESULT, the API method being called on
  // this thread or null, the text). Set once, before the device is handed out.
  using MessageSink = std::function<void(HRESULT, const char* method, const char* text)>;
  void setMessageSink(MessageSink sink) { messageSink_ = std::move(sink); }

 private:
  DdiDevice12() = default;
  static VOID APIENTRY onSetError(D3D12DDI_HRTDEVICE, HRESULT hr);
  static VOID APIENTRY onSetCommandListError(D3D12DDI_HRTCOMMANDLIST, HRESULT hr);
  static VOID APIENTRY onMessage(D3D12DDI_HRTDEVICE, HRESULT hr, LPCSTR text);
  MessageSink messageSink_;
  std::shared_ptr<UmdAdapter12> adapter_;
  std::atomic<HRESULT> removed_{S_OK};
  std::unique_ptr<unsigned char[]> memory_;
  D3D12DDI_HDEVICE hDevice_{};
  D3D12DDI_CORELAYER_DEVICECALLBACKS_0003 callbacks_{};
  D3D12DDI_DEVICE_FUNCS_CORE_0003 core_{};
  D3D12DDI_COMMAND_LIST_FUNCS_3D_0003 list_{};
  D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001 queue_{};
  D3DVKDDI_FENCE_FUNCS fence_{};
  D3DVKDDI_RESOURCE_CPU_FUNCS resourceCpu_{};
  D3DVKDDI_COMMAND_LIST_EXT_FUNCS listExt_{};
  bool created_ = false;
  friend class DdiErrorScope12;
};

// Collects what the UMD reports through the error callbacks during one API call;
// `method` (e.g. "ID3D12GraphicsCommandList::DrawInstanced", or "DrawInstanced"
// with `interfaceName` "ID3D12GraphicsCommandList": joined only when the UMD
// reports something) names the call in the UMD's messages.
class DdiErrorScope12 {
 public:
  explicit DdiErrorScope12(const char* method = nullptr, const char* interfaceName = nullptr);
  ~DdiErrorScope12();
  HRESULT first() const { return first_; }

 private:
  friend class DdiDevice12;
  HRESULT first_ = S_OK;
  const char* method_;
  const char* interfaceName_;
  DdiErrorScope12* previous_;
};

// Driver-private memory of `size` bytes for one DDI object (zeroed).
inline std::unique_ptr<unsigned char[]> driverMemory(SIZE_T size) {
  return std::make_unique<unsigned char[]>(size ? size : 1);
}

}  // namespace d3dvk::runtime
