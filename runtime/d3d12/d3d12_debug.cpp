// runtime/d3d12/d3d12_debug.cpp — see d3d12_debug.h: D3D12GetDebugInterface,
// ID3D12Debug, and the device's side of the debug layer (debugMessage).
#include "d3d12_debug.h"

#include "d3d12_device.h"
#include "d3dvk_entry_guard.h"

#include <dxguids/dxguids.h>

#include <atomic>

using namespace d3dvk::runtime;

namespace {

std::atomic<bool> debugLayerEnabled{false};

// One object for the process: EnableDebugLayer is a process-wide switch, so
// there is nothing per-instance to own; its reference count is kept for show.
class D3D12Debug final : public ID3D12Debug {
 public:
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override try {
    if (!ppvObject) return E_POINTER;
    *ppvObject = nullptr;
    if (riid != __uuidof(IUnknown) && riid != __uuidof(ID3D12Debug)) return E_NOINTERFACE;
    AddRef();
    *ppvObject = static_cast<ID3D12Debug*>(this);
    return S_OK;
  } D3DVK_CATCH_HRESULT
  ULONG STDMETHODCALLTYPE AddRef() override try { return ++refs_; } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try { return refs_ > 1 ? --refs_ : ULONG(1); } D3DVK_CATCH_RETURN({})
  void STDMETHODCALLTYPE EnableDebugLayer() override try { debugLayerEnabled = true; } D3DVK_CATCH_VOID

 private:
  std::atomic<ULONG> refs_{1};
};

D3D12Debug theDebugInterface;

}  // namespace

namespace d3dvk::runtime {

bool d3d12DebugLayerEnabled() { return debugLayerEnabled; }

void D3D12Device::debugMessage(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                               const char* idName, const char* function, const std::string& text) {
  if (infoQueue_) infoQueue_->report(category, severity, id, idName, function, text);
}

}  // namespace d3dvk::runtime

extern "C" __attribute__((visibility("default"))) HRESULT WINAPI D3D12GetDebugInterface(REFIID riid,
                                                                                        void** ppvDebug) try {
  if (!ppvDebug) {
    // Asking without a pointer tells whether the interface exists.
    return riid == __uuidof(ID3D12Debug) ? S_FALSE : E_NOINTERFACE;
  }
  return theDebugInterface.QueryInterface(riid, ppvDebug);
} D3DVK_CATCH_HRESULT
