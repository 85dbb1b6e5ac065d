// tests/runtime/test_entry_barriers.cpp — nothing thrown crosses an API or DDI
// entry point. A test-only hook, this binary's replacement of the global
// operator new, throws std::bad_alloc (or returns null, for the nothrow form)
// at the Nth allocation that d3dvk's own libraries (libd3dvk.so,
// libd3dvk_umd.so, libd3dvk_ddi_trace.so) make on the calling thread. Each API
// call below is repeated with N = 0, 1, 2, … until it completes without
// reaching N: every run must return (no exception may reach the test), with
// S_OK or E_OUTOFMEMORY, and the device must still work afterwards. The
// allocations the runtime makes fail in its API methods; those the UMD makes
// fail in its DDIs, which report E_OUTOFMEMORY through pfnSetErrorCb.
#include "dxbc/listing.h"
#include "rasterizer_test_util.h"

#include <dlfcn.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <string>

// The replacements below pair malloc with free on purpose; GCC cannot see that
// through its inlining of operator delete.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {

thread_local long tFailAt = -1;  // allocations of d3dvk's libraries to let through before failing; -1: off
thread_local bool tFailed = false;

// Whether the code at `caller` is one of d3dvk's libraries (the test's own
// allocations, the C++ library's and the Vulkan stack's are never failed).
bool fromD3dvk(void* caller) {
  Dl_info info{};
  return dladdr(caller, &info) && info.dli_fname && std::strstr(info.dli_fname, "/libd3dvk");
}

bool failThisOne(void* caller) {
  if (tFailAt < 0 || !fromD3dvk(caller)) return false;
  if (tFailAt-- > 0) return false;
  tFailed = true;
  tFailAt = -1;  // one failure per run
  return true;
}

void* allocate(std::size_t size) {
  void* p = std::malloc(size ? size : 1);
  if (!p) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(std::size_t size) {
  if (failThisOne(__builtin_return_address(0))) throw std::bad_alloc();
  return allocate(size);
}
void* operator new[](std::size_t size) {
  if (failThisOne(__builtin_return_address(0))) throw std::bad_alloc();
  return allocate(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (failThisOne(__builtin_return_address(0))) return nullptr;
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  if (failThisOne(__builtin_return_address(0))) return nullptr;
  return std::malloc(size ? size : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace d3dvk::test;

namespace {

const char* kVs =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

struct Sweep {
  int runs = 0, failures = 0;
};

// Runs op with the Nth d3dvk allocation failing, N = 0, 1, … until it runs
// without reaching N (at most `limit` runs). op returns the call's HRESULT.
Sweep sweep(const char* what, const std::function<HRESULT()>& op, int limit = 4000) {
  Sweep s;
  for (long n = 0; n < limit; ++n) {
    tFailed = false;
    tFailAt = n;
    HRESULT hr = E_FAIL;
    try {
      hr = op();
    } catch (...) {
      tFailAt = -1;
      FAIL(what << ": an exception crossed the API when allocation " << n << " failed");
    }
    tFailAt = -1;
    ++s.runs;
    if (!tFailed) {
      INFO(what << " with no allocation failing");
      CHECK(hr == S_OK);
      return s;
    }
    ++s.failures;
    INFO(what << " with allocation " << n << " failing");
    CHECK((hr == S_OK || hr == E_OUTOFMEMORY));
  }
  FAIL(what << " still allocated after " << limit << " runs");
  return s;
}

}  // namespace

TEST_CASE("an allocation failure anywhere in object creation returns E_OUTOFMEMORY and throws nothing",
          "[runtime][barrier]") {
  ID3D11DeviceContext* context = nullptr;
  ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG, &context);
  ID3D11InfoQueue* queue = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  int variant = 0;  // a new desc each run, so every run creates (no cache hit)
  std::vector<Sweep> sweeps;

  sweeps.push_back(sweep("CreateRasterizerState2", [&] {
    D3D11_RASTERIZER_DESC2 d = defaultDesc2();
    d.DepthBias = ++variant;
    ID3D11RasterizerState2* s = nullptr;
    const HRESULT hr = device->CreateRasterizerState2(&d, &s);
    if (s) s->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateBlendState", [&] {
    D3D11_BLEND_DESC d{};
    d.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                         D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, UINT8(++variant % 16)};
    d.AlphaToCoverageEnable = variant % 32 >= 16;
    ID3D11BlendState* s = nullptr;
    const HRESULT hr = device->CreateBlendState(&d, &s);
    if (s) s->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateSamplerState", [&] {
    const D3D11_SAMPLER_DESC d{D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP,
                               D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0, 1,
                               D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, float(++variant), D3D11_FLOAT32_MAX};
    ID3D11SamplerState* s = nullptr;
    const HRESULT hr = device->CreateSamplerState(&d, &s);
    if (s) s->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateBuffer with initial data", [&] {
    std::vector<float> data(64, 1.0f);
    const D3D11_BUFFER_DESC d{UINT(data.size() * sizeof(float)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0,
                              0};
    const D3D11_SUBRESOURCE_DATA init{data.data(), 0, 0};
    ID3D11Buffer* b = nullptr;
    const HRESULT hr = device->CreateBuffer(&d, &init, &b);
    if (b) b->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateTexture2D and CreateRenderTargetView", [&] {
    D3D11_TEXTURE2D_DESC d{8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                           D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    ID3D11Texture2D* t = nullptr;
    HRESULT hr = device->CreateTexture2D(&d, nullptr, &t);
    if (FAILED(hr)) return hr;
    ID3D11RenderTargetView* v = nullptr;
    hr = device->CreateRenderTargetView(t, nullptr, &v);
    if (v) v->Release();
    t->Release();
    return hr;
  }));
  const std::vector<uint8_t> vs = d3dvk::dxbc::assemble(kVs).container;  // the test's own code: never failed
  sweeps.push_back(sweep("CreateVertexShader", [&] {
    ID3D11VertexShader* s = nullptr;
    const HRESULT hr = device->CreateVertexShader(vs.data(), vs.size(), nullptr, &s);
    if (s) s->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateInputLayout", [&] {
    const D3D11_INPUT_ELEMENT_DESC e{"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA,
                                     0};
    ID3D11InputLayout* l = nullptr;
    const HRESULT hr = device->CreateInputLayout(&e, 1, vs.data(), vs.size(), &l);
    if (l) l->Release();
    return hr;
  }));
  sweeps.push_back(sweep("CreateQuery", [&] {
    const D3D11_QUERY_DESC d{D3D11_QUERY_OCCLUSION, 0};
    ID3D11Query* q = nullptr;
    const HRESULT hr = device->CreateQuery(&d, &q);
    if (q) q->Release();
    return hr;
  }));
  sweeps.push_back(sweep("the debug layer storing a message (an invalid desc)", [&] {
    D3D11_RASTERIZER_DESC2 d = defaultDesc2();
    d.FillMode = D3D11_FILL_MODE(0);
    ID3D11RasterizerState2* s = nullptr;
    const HRESULT hr = device->CreateRasterizerState2(&d, &s);
    return hr == E_INVALIDARG ? S_OK : hr;  // E_INVALIDARG, or E_OUTOFMEMORY when the message could not be made
  }));

  int failures = 0;
  for (const Sweep& s : sweeps) failures += s.failures;
  UNSCOPED_INFO(failures << " injected allocation failures");
  CHECK(failures > 50);  // the sweeps did reach d3dvk's allocations
  // The device still works.
  D3D11_RASTERIZER_DESC2 d = defaultDesc2();
  ID3D11RasterizerState2* s = nullptr;
  CHECK(device->CreateRasterizerState2(&d, &s) == S_OK);
  s->Release();
  queue->Release();
  context->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("an allocation failure in D3D11CreateDevice returns an error and throws nothing", "[runtime][barrier]") {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  // Device creation allocates a lot (the UMD, its Vulkan device, pipelines); every 7th allocation up to 400.
  int runs = 0;
  for (long n = 0; n < 400; n += 7) {
    tFailed = false;
    tFailAt = n;
    ID3D11Device* device = nullptr;
    HRESULT hr = E_FAIL;
    try {
      hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                             nullptr, nullptr);
    } catch (...) {
      tFailAt = -1;
      FAIL("an exception crossed D3D11CreateDevice when allocation " << n << " failed");
    }
    tFailAt = -1;
    ++runs;
    INFO("allocation " << n);
    if (tFailed) {
      CHECK(FAILED(hr));
      CHECK(device == nullptr);
    } else {
      CHECK(hr == S_OK);
    }
    if (device) device->Release();
    if (!tFailed) break;
  }
  CHECK(runs > 3);
}
