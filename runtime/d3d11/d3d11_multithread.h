// runtime/d3d11/d3d11_multithread.h — ID3D11Multithread (d3d11_4.h) of a
// D3D11 device: its critical section, a recursive lock that Enter/Leave take
// and release, and that every method of the immediate context takes while
// multithread protection is on (SetMultithreadProtected; off by default, as in
// D3D11). Deferred contexts do not take it (one thread each by D3D11's rules).
// Reference count shared with the device.
#pragma once

#include <d3d11_4.h>

#include <atomic>
#include <mutex>
#include <thread>

namespace d3dvk::runtime {

class D3D11Device;

class D3D11Multithread final : public ID3D11Multithread {
 public:
  explicit D3D11Multithread(D3D11Device& device) : device_(device) {}

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  void STDMETHODCALLTYPE Enter() override;
  void STDMETHODCALLTYPE Leave() override;
  BOOL STDMETHODCALLTYPE SetMultithreadProtected(BOOL bMTProtect) override;
  BOOL STDMETHODCALLTYPE GetMultithreadProtected() override;

  // What an immediate-context method holds for its duration: the lock when protection is on.
  class Scope {
   public:
    // m null: holds nothing.
    explicit Scope(D3D11Multithread* m) : m_(m && m->protected_.load(std::memory_order_acquire) ? m : nullptr) {
      if (m_) m_->lock();
    }
    ~Scope() {
      if (m_) m_->unlock();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    D3D11Multithread* m_;
  };

 private:
  void lock();
  // Releases one level held by this thread; false (nothing released) when it holds none.
  bool unlock();

  D3D11Device& device_;
  std::atomic<bool> protected_{false};
  std::mutex mutex_;
  std::atomic<std::thread::id> owner_{};
  unsigned depth_ = 0;  // levels the owner holds (touched by the owner only)
};

}  // namespace d3dvk::runtime
