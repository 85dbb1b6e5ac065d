// tests/runtime: ID3D11Multithread (d3d11_4.h) — answered by the device and its
// immediate context as one object; protection off by default, Set returns the
// previous setting; Enter/Leave a recursive critical section that the immediate
// context's methods wait for while protection is on (and not while it is off);
// a Leave without Enter is ignored.
#include <d3d11_4.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

namespace {

struct Device {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  Device() {
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                              nullptr, &context) == S_OK);
  }
  ~Device() {
    context->Release();
    device->Release();
  }
};

// Whether a context call made on another thread finishes within `wait` while this thread holds `m`.
bool contextCallFinishes(ID3D11Multithread* m, ID3D11DeviceContext* context, std::chrono::milliseconds wait) {
  std::atomic<bool> done{false};
  m->Enter();
  m->Enter();  // recursive
  m->Leave();
  std::thread other([&] {
    context->ClearState();
    done = true;
  });
  const auto until = std::chrono::steady_clock::now() + wait;
  while (!done && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const bool finished = done;
  m->Leave();
  other.join();
  CHECK(done);  // it finishes once the section is left
  return finished;
}

}  // namespace

TEST_CASE("ID3D11Multithread: one object of the device and its immediate context", "[runtime][multithread]") {
  Device d;
  ID3D11Multithread* fromDevice = nullptr;
  ID3D11Multithread* fromContext = nullptr;
  REQUIRE(d.device->QueryInterface(__uuidof(ID3D11Multithread), reinterpret_cast<void**>(&fromDevice)) == S_OK);
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11Multithread), reinterpret_cast<void**>(&fromContext)) == S_OK);
  CHECK(fromDevice == fromContext);
  IUnknown* identity = nullptr;
  REQUIRE(fromDevice->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&identity)) == S_OK);
  IUnknown* deviceIdentity = nullptr;
  REQUIRE(d.device->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&deviceIdentity)) == S_OK);
  CHECK(identity == deviceIdentity);
  identity->Release();
  deviceIdentity->Release();

  CHECK(fromDevice->GetMultithreadProtected() == FALSE);
  CHECK(fromDevice->SetMultithreadProtected(TRUE) == FALSE);
  CHECK(fromContext->GetMultithreadProtected() == TRUE);
  CHECK(fromDevice->SetMultithreadProtected(FALSE) == TRUE);
  fromDevice->Leave();  // not entered: ignored
  fromContext->Release();
  fromDevice->Release();

  // A deferred context has none.
  ID3D11DeviceContext* deferred = nullptr;
  REQUIRE(d.device->CreateDeferredContext(0, &deferred) == S_OK);
  void* none = reinterpret_cast<void*>(1);
  CHECK(deferred->QueryInterface(__uuidof(ID3D11Multithread), &none) == E_NOINTERFACE);
  CHECK(none == nullptr);
  deferred->Release();
}

TEST_CASE("ID3D11Multithread: the immediate context waits for Enter's holder while protection is on",
          "[runtime][multithread]") {
  Device d;
  ID3D11Multithread* m = nullptr;
  REQUIRE(d.device->QueryInterface(__uuidof(ID3D11Multithread), reinterpret_cast<void**>(&m)) == S_OK);
  // Off: the other thread's call does not wait (allow it plenty of time on a loaded machine).
  CHECK(contextCallFinishes(m, d.context, std::chrono::seconds(20)));
  // On: it cannot finish while the section is held.
  m->SetMultithreadProtected(TRUE);
  CHECK_FALSE(contextCallFinishes(m, d.context, std::chrono::milliseconds(300)));
  m->SetMultithreadProtected(FALSE);
  m->Release();
}
