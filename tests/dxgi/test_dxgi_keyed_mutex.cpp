// IDXGIKeyedMutex on a Texture2D created with D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX,
// within one process (docs/dxgi.md): only such textures have it; it starts released
// with key 0; AcquireSync waits for the key it names (WAIT_TIMEOUT after the timeout,
// 0 only tests), ReleaseSync hands it on with a key and is E_FAIL unowned; a thread
// waiting on a key is woken by the release with that key; the creation rules.
#include "dxgi_test_util.h"

#include <atomic>
#include <chrono>
#include <thread>

using d3dvk::test::Com;

namespace {

constexpr HRESULT kWaitTimeout = HRESULT(0x102);  // WAIT_TIMEOUT
constexpr DWORD kInfinite = 0xFFFFFFFFu;

Com<ID3D11Device> makeDevice() {
  Com<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  return device;
}

D3D11_TEXTURE2D_DESC keyedTexture() {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = 16;
  d.Height = 16;
  d.MipLevels = 1;
  d.ArraySize = 1;
  d.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
  d.SampleDesc.Count = 1;
  d.Usage = D3D11_USAGE_DEFAULT;
  d.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
  d.MiscFlags = D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
  return d;
}

}  // namespace

TEST_CASE("IDXGIKeyedMutex: keys and timeouts and ReleaseSync's rule", "[dxgi][keyedmutex]") {
  Com<ID3D11Device> device = makeDevice();
  const D3D11_TEXTURE2D_DESC desc = keyedTexture();
  Com<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  Com<IDXGIKeyedMutex> mutex;
  REQUIRE(texture->QueryInterface(__uuidof(IDXGIKeyedMutex), mutex.putVoid()) == S_OK);
  // A part of the texture: the same object behind IUnknown; the device is its device.
  Com<IUnknown> a, b;
  REQUIRE(texture->QueryInterface(__uuidof(IUnknown), a.putVoid()) == S_OK);
  REQUIRE(mutex->QueryInterface(__uuidof(IUnknown), b.putVoid()) == S_OK);
  CHECK(a.p == b.p);
  Com<ID3D11Device> owner;
  REQUIRE(mutex->GetDevice(__uuidof(ID3D11Device), owner.putVoid()) == S_OK);
  CHECK(owner.p == device.p);

  CHECK(mutex->ReleaseSync(0) == E_FAIL);            // not acquired
  CHECK(mutex->AcquireSync(1, 0) == kWaitTimeout);   // released with key 0, not 1 (0 ms: a test)
  const auto before = std::chrono::steady_clock::now();
  CHECK(mutex->AcquireSync(1, 50) == kWaitTimeout);  // waits its 50 ms
  CHECK(std::chrono::steady_clock::now() - before >= std::chrono::milliseconds(45));
  REQUIRE(mutex->AcquireSync(0, 0) == S_OK);         // the creation key
  CHECK(mutex->AcquireSync(0, 10) == kWaitTimeout);  // owned: nobody can acquire it
  REQUIRE(mutex->ReleaseSync(7) == S_OK);
  CHECK(mutex->ReleaseSync(7) == E_FAIL);            // released already
  CHECK(mutex->AcquireSync(0, 0) == kWaitTimeout);   // now its key is 7
  REQUIRE(mutex->AcquireSync(7, kInfinite) == S_OK);

  // A thread waiting for key 9 wakes when the owner releases with 9 (and not for 8).
  std::atomic<int> woke{0};
  std::atomic<HRESULT> result{E_FAIL};
  std::thread waiter([&] {
    result = mutex->AcquireSync(9, 5000);
    woke = 1;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(woke == 0);
  REQUIRE(mutex->ReleaseSync(8) == S_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(woke == 0);
  REQUIRE(mutex->AcquireSync(8, 0) == S_OK);
  REQUIRE(mutex->ReleaseSync(9) == S_OK);
  waiter.join();
  CHECK(result == S_OK);
  CHECK(mutex->ReleaseSync(0) == S_OK);  // the waiter owns it; any holder of the interface releases it
}

TEST_CASE("IDXGIKeyedMutex: only keyed-mutex Texture2Ds of DEFAULT usage have it", "[dxgi][keyedmutex]") {
  Com<ID3D11Device> device = makeDevice();
  D3D11_TEXTURE2D_DESC desc = keyedTexture();
  desc.MiscFlags = 0;
  Com<ID3D11Texture2D> plain;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, plain.put()) == S_OK);
  Com<IDXGIKeyedMutex> mutex;
  CHECK(plain->QueryInterface(__uuidof(IDXGIKeyedMutex), mutex.putVoid()) == E_NOINTERFACE);
  CHECK(!mutex);

  desc = keyedTexture();
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  Com<ID3D11Texture2D> staging;
  CHECK(device->CreateTexture2D(&desc, nullptr, staging.put()) == E_INVALIDARG);
  desc = keyedTexture();
  desc.MiscFlags |= D3D11_RESOURCE_MISC_SHARED;  // SHARED and SHARED_KEYEDMUTEX exclude each other
  CHECK(device->CreateTexture2D(&desc, nullptr, staging.put()) == E_INVALIDARG);
}
