// tests/runtime/test_state_object_cache.cpp — the device's state-object cache
// (rasterizer, blend, depth-stencil and sampler states) through the public API.
// A D3D11 device is free-threaded: 8 threads create and release identical and
// distinct descs of all four kinds at once, so a Release that drops the last
// reference races a Create that finds the same object in the cache. Run in CI
// under ASan and ThreadSanitizer too (scripts/tsan-state-cache.sh). Also the
// cache's key: what D3D11 ignores (RenderTarget[1..7] without
// IndependentBlendEnable, the value of a TRUE BOOL) does not make a new object.
#include "ddi_trace_log.h"
#include "rasterizer_test_util.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

using namespace d3dvk::test;

namespace {

// Desc `variant` of each kind: variant 0 is the one every thread shares, the
// others are one thread's own (they differ in one field each).
D3D11_RASTERIZER_DESC2 rasterizerDesc(int variant) {
  D3D11_RASTERIZER_DESC2 d = defaultDesc2();
  d.DepthBias = variant;
  return d;
}
D3D11_BLEND_DESC1 blendDesc(int variant) {
  D3D11_BLEND_DESC1 d{};
  for (D3D11_RENDER_TARGET_BLEND_DESC1& rt : d.RenderTarget)
    rt = {FALSE,
          FALSE,
          D3D11_BLEND_ONE,
          D3D11_BLEND_ZERO,
          D3D11_BLEND_OP_ADD,
          D3D11_BLEND_ONE,
          D3D11_BLEND_ZERO,
          D3D11_BLEND_OP_ADD,
          D3D11_LOGIC_OP_NOOP,
          UINT8(D3D11_COLOR_WRITE_ENABLE_ALL)};
  d.RenderTarget[0].BlendEnable = TRUE;
  d.RenderTarget[0].RenderTargetWriteMask = UINT8(variant % 16);
  return d;
}
D3D11_DEPTH_STENCIL_DESC depthStencilDesc(int variant) {
  D3D11_DEPTH_STENCIL_DESC d{TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, 0xFF, 0xFF, {}, {}};
  d.FrontFace = d.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                              D3D11_COMPARISON_ALWAYS};
  d.StencilReadMask = UINT8(variant);
  return d;
}
D3D11_SAMPLER_DESC samplerDesc(int variant) {
  D3D11_SAMPLER_DESC d{D3D11_FILTER_MIN_MAG_MIP_LINEAR,
                       D3D11_TEXTURE_ADDRESS_CLAMP,
                       D3D11_TEXTURE_ADDRESS_CLAMP,
                       D3D11_TEXTURE_ADDRESS_CLAMP,
                       0.0f,
                       1,
                       D3D11_COMPARISON_NEVER,
                       {0, 0, 0, 0},
                       0.0f,
                       D3D11_FLOAT32_MAX};
  d.MinLOD = float(variant);
  return d;
}

// One object of each kind for one variant (null where a create failed).
struct StateSet {
  ID3D11RasterizerState2* rasterizer = nullptr;
  ID3D11BlendState1* blend = nullptr;
  ID3D11DepthStencilState* depthStencil = nullptr;
  ID3D11SamplerState* sampler = nullptr;

  bool create(ID3D11Device3* device, int variant) {
    const D3D11_RASTERIZER_DESC2 r = rasterizerDesc(variant);
    const D3D11_BLEND_DESC1 b = blendDesc(variant);
    const D3D11_DEPTH_STENCIL_DESC ds = depthStencilDesc(variant);
    const D3D11_SAMPLER_DESC s = samplerDesc(variant);
    return device->CreateRasterizerState2(&r, &rasterizer) == S_OK && device->CreateBlendState1(&b, &blend) == S_OK &&
           device->CreateDepthStencilState(&ds, &depthStencil) == S_OK &&
           device->CreateSamplerState(&s, &sampler) == S_OK;
  }
  // Each object still describes `variant` (reads the object: freed memory shows under ASan).
  bool describes(int variant) const {
    D3D11_RASTERIZER_DESC2 r{};
    rasterizer->GetDesc2(&r);
    D3D11_BLEND_DESC1 b{};
    blend->GetDesc1(&b);
    D3D11_DEPTH_STENCIL_DESC ds{};
    depthStencil->GetDesc(&ds);
    D3D11_SAMPLER_DESC s{};
    sampler->GetDesc(&s);
    return r.DepthBias == variant && b.RenderTarget[0].RenderTargetWriteMask == UINT8(variant % 16) &&
           ds.StencilReadMask == UINT8(variant) && s.MinLOD == float(variant);
  }
  // Releases in an order that depends on `turn`, so the kinds interleave differently.
  void release(int turn) {
    IUnknown* all[4] = {rasterizer, blend, depthStencil, sampler};
    for (int i = 0; i < 4; ++i)
      if (IUnknown* o = all[(i + turn) % 4]) o->Release();
    *this = {};
  }
};

// Rounds per thread; D3DVK_STATE_CACHE_ROUNDS overrides (the TSan script uses fewer).
int rounds(int fallback) {
  const char* v = std::getenv("D3DVK_STATE_CACHE_ROUNDS");
  return v && *v ? std::atoi(v) : fallback;
}

}  // namespace

TEST_CASE("8 threads creating and releasing identical and distinct state objects of all four kinds",
          "[runtime][state-cache][threads]") {
  ID3D11Device3* device = createDevice3();
  constexpr int kThreads = 8;
  const int kRounds = rounds(20000);
  std::atomic<int> failures{0}, wrongDescs{0}, notShared{0};
  std::barrier sync(kThreads);
  // What each thread got for the shared desc while everyone held it (phase 2).
  std::vector<StateSet> held(kThreads);
  std::vector<std::thread> threads;
  const auto start = std::chrono::steady_clock::now();
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Phase 1: churn. Every thread creates the shared desc (variant 0) and its
      // own (variant t + 1), reads them and releases them, so last releases
      // race cache hits on the same objects all the time.
      for (int round = 0; round < kRounds; ++round) {
        for (int variant : {0, t + 1}) {
          StateSet set;
          if (!set.create(device, variant)) {
            ++failures;
          } else if (!set.describes(variant)) {
            ++wrongDescs;
          }
          set.release(round + t);
        }
      }
      // Phase 2: everyone holds the shared desc at once: one object per kind.
      sync.arrive_and_wait();
      if (!held[t].create(device, 0)) ++failures;
      sync.arrive_and_wait();
      if (t > 0 && held[t].rasterizer &&
          (held[t].rasterizer != held[0].rasterizer || held[t].blend != held[0].blend ||
           held[t].depthStencil != held[0].depthStencil || held[t].sampler != held[0].sampler))
        ++notShared;
      sync.arrive_and_wait();
      held[t].release(t);
    });
  for (std::thread& th : threads) th.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  UNSCOPED_INFO(kThreads << " threads x " << kRounds << " rounds in " << seconds << " s");
  CHECK(failures == 0);
  CHECK(wrongDescs == 0);
  CHECK(notShared == 0);
  // Everything was released: the device's own reference is the last one.
  CHECK(device->Release() == 0);
}

TEST_CASE("concurrent creates and releases destroy every driver state object exactly once",
          "[runtime][state-cache][threads][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  constexpr int kThreads = 8;
  const int kRounds = rounds(20000) / 100 + 1;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < kRounds; ++round)
        for (int variant : {0, t + 1}) {
          StateSet set;
          if (!set.create(device, variant)) ++failures;
          set.release(round + t);
        }
    });
  for (std::thread& th : threads) th.join();
  CHECK(failures == 0);
  CHECK(device->Release() == 0);
  for (auto [create, destroy] : {std::pair{"CreateRasterizerState", "DestroyRasterizerState"},
                                 std::pair{"CreateBlendState", "DestroyBlendState"},
                                 std::pair{"CreateDepthStencilState", "DestroyDepthStencilState"},
                                 std::pair{"CreateSampler", "DestroySampler"}}) {
    INFO(create);
    CHECK(trace.calls(create).size() >= size_t(kThreads + 1));  // at least one per variant
    CHECK(trace.calls(create).size() == trace.calls(destroy).size());
  }
}

TEST_CASE("blend descs that differ only where D3D11 ignores them are one object",
          "[runtime][state-cache][blend][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  D3D11_BLEND_DESC1 a = blendDesc(3);
  a.IndependentBlendEnable = FALSE;
  // Without IndependentBlendEnable, RenderTarget[1..7] are ignored (only [0] is used).
  D3D11_BLEND_DESC1 b = a;
  b.RenderTarget[1].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
  b.RenderTarget[7].SrcBlend = D3D11_BLEND_SRC_ALPHA;
  // A TRUE BOOL is TRUE whatever its value.
  D3D11_BLEND_DESC1 c = a;
  c.RenderTarget[0].BlendEnable = 7;
  ID3D11BlendState1 *sa = nullptr, *sb = nullptr, *sc = nullptr;
  REQUIRE(device->CreateBlendState1(&a, &sa) == S_OK);
  REQUIRE(device->CreateBlendState1(&b, &sb) == S_OK);
  REQUIRE(device->CreateBlendState1(&c, &sc) == S_OK);
  CHECK(sb == sa);
  CHECK(sc == sa);
  // With IndependentBlendEnable the other render targets count.
  D3D11_BLEND_DESC1 independentA = a, independentB = b;
  independentA.IndependentBlendEnable = independentB.IndependentBlendEnable = TRUE;
  ID3D11BlendState1 *ia = nullptr, *ib = nullptr;
  REQUIRE(device->CreateBlendState1(&independentA, &ia) == S_OK);
  REQUIRE(device->CreateBlendState1(&independentB, &ib) == S_OK);
  CHECK(ia != ib);
  CHECK(ia != sa);
  // The same through CreateBlendState (D3D11_BLEND_DESC).
  D3D11_BLEND_DESC legacy{a.AlphaToCoverageEnable, FALSE, {}};
  const D3D11_RENDER_TARGET_BLEND_DESC1& r = a.RenderTarget[0];
  legacy.RenderTarget[0] = {r.BlendEnable,   r.SrcBlend,       r.DestBlend,    r.BlendOp,
                            r.SrcBlendAlpha, r.DestBlendAlpha, r.BlendOpAlpha, r.RenderTargetWriteMask};
  legacy.RenderTarget[5].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_GREEN;
  ID3D11BlendState* sl = nullptr;
  REQUIRE(device->CreateBlendState(&legacy, &sl) == S_OK);
  CHECK(static_cast<ID3D11BlendState*>(sa) == sl);
  CHECK(trace.calls("CreateBlendState").size() == 3);  // a, independentA, independentB
  for (IUnknown* o : std::initializer_list<IUnknown*>{sa, sb, sc, ia, ib, sl}) o->Release();
  device->Release();
  CHECK(trace.calls("DestroyBlendState").size() == 3);
}

TEST_CASE("depth-stencil descs whose BOOLs differ only in the value of TRUE are one object",
          "[runtime][state-cache][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  D3D11_DEPTH_STENCIL_DESC a = depthStencilDesc(1), b = a;
  b.DepthEnable = 2;
  ID3D11DepthStencilState *sa = nullptr, *sb = nullptr;
  REQUIRE(device->CreateDepthStencilState(&a, &sa) == S_OK);
  REQUIRE(device->CreateDepthStencilState(&b, &sb) == S_OK);
  CHECK(sa == sb);
  CHECK(trace.calls("CreateDepthStencilState").size() == 1);
  sa->Release();
  sb->Release();
  device->Release();
}
