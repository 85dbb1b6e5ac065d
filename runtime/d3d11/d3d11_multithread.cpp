// runtime/d3d11/d3d11_multithread.cpp — see d3d11_multithread.h.
#include "d3d11_multithread.h"

#include "d3d11_device.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D11Multithread::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  if (riid == __uuidof(ID3D11Multithread)) {
    AddRef();
    *ppvObject = static_cast<ID3D11Multithread*>(this);
    return S_OK;
  }
  return device_.QueryInterface(riid, ppvObject);  // IUnknown is the device's identity
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE D3D11Multithread::AddRef() try { return device_.AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE D3D11Multithread::Release() try { return device_.Release(); } D3DVK_CATCH_RETURN({})

void D3D11Multithread::lock() {
  const std::thread::id self = std::this_thread::get_id();
  if (owner_.load(std::memory_order_relaxed) == self) {
    ++depth_;
    return;
  }
  mutex_.lock();
  owner_.store(self, std::memory_order_relaxed);
  depth_ = 1;
}

bool D3D11Multithread::unlock() {
  if (owner_.load(std::memory_order_relaxed) != std::this_thread::get_id()) return false;
  if (--depth_ == 0) {
    owner_.store(std::thread::id(), std::memory_order_relaxed);
    mutex_.unlock();
  }
  return true;
}

void STDMETHODCALLTYPE D3D11Multithread::Enter() try { lock(); } D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11Multithread::Leave() try {
  if (!unlock())
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, 0, "MULTITHREAD_LEAVE_NOT_ENTERED",
                         "ID3D11Multithread::Leave", "Leave without a matching Enter on this thread; ignored.");
} D3DVK_CATCH_VOID

BOOL STDMETHODCALLTYPE D3D11Multithread::SetMultithreadProtected(BOOL bMTProtect) try {
  return protected_.exchange(bMTProtect != FALSE, std::memory_order_acq_rel) ? TRUE : FALSE;
} D3DVK_CATCH_RETURN(FALSE)

BOOL STDMETHODCALLTYPE D3D11Multithread::GetMultithreadProtected() try {
  return protected_.load(std::memory_order_acquire) ? TRUE : FALSE;
} D3DVK_CATCH_RETURN(FALSE)

}  // namespace d3dvk::runtime
