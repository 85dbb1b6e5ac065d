// tests/runtime: rasterizer state end to end through the public API —
// CreateRasterizerState/1/2, GetDesc/1/2, RSSetState/RSGetState — with the exact
// DDI calls checked by the trace filter, failures checked for HRESULT, absence
// of DDI calls and the debug-layer message.
#include "ddi_trace_log.h"
#include "rasterizer_test_util.h"
#include "stderr_capture.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string ddiDesc(const D3D11_RASTERIZER_DESC2& d) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "desc={FillMode=%d, CullMode=%d, FrontCounterClockwise=%u, DepthBias=%d, DepthBiasClamp=%g, "
                "SlopeScaledDepthBias=%g, DepthClipEnable=%u, ScissorEnable=%u, MultisampleEnable=%u, "
                "AntialiasedLineEnable=%u, ForcedSampleCount=%u, ConservativeRasterizationMode=%d}",
                int(d.FillMode), int(d.CullMode), d.FrontCounterClockwise, d.DepthBias, double(d.DepthBiasClamp),
                double(d.SlopeScaledDepthBias), d.DepthClipEnable, d.ScissorEnable, d.MultisampleEnable,
                d.AntialiasedLineEnable, d.ForcedSampleCount, int(d.ConservativeRaster));
  return buf;
}

// Everything a failing create must satisfy: E_INVALIDARG, null output, no DDI
// object created, and one debug message with the given ID naming `field`.
void requireRejected(const D3D11_RASTERIZER_DESC2& desc, D3D11_MESSAGE_ID id, const std::string& field,
                     const char* forcedTier = nullptr) {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv tier("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", forcedTier ? forcedTier : "");
  ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG);
  ID3D11InfoQueue* queue = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  ID3D11RasterizerState2* state = reinterpret_cast<ID3D11RasterizerState2*>(0x1);
  CHECK(device->CreateRasterizerState2(&desc, &state) == E_INVALIDARG);
  CHECK(state == nullptr);
  std::vector<StoredMessage> messages = storedMessages(queue);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == id);
  CHECK(messages[0].severity == D3D11_MESSAGE_SEVERITY_ERROR);
  CHECK(messages[0].category == D3D11_MESSAGE_CATEGORY_STATE_CREATION);
  CHECK(contains(messages[0].text, "ID3D11Device3::CreateRasterizerState2: "));
  CHECK(contains(messages[0].text, field));
  queue->Release();
  device->Release();
  CHECK(trace.calls("CalcPrivateRasterizerStateSize").empty());
  CHECK(trace.calls("CreateRasterizerState").empty());
}

}  // namespace

TEST_CASE("CreateRasterizerState2 calls CalcPrivateRasterizerStateSize then CreateRasterizerState with the desc",
          "[runtime][rasterizer][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.CullMode = D3D11_CULL_NONE;
  desc.FrontCounterClockwise = TRUE;
  desc.DepthBias = 3;
  desc.SlopeScaledDepthBias = 0.5f;
  desc.ScissorEnable = TRUE;
  desc.ForcedSampleCount = 4;
  ID3D11RasterizerState2* state = nullptr;
  REQUIRE(device->CreateRasterizerState2(&desc, &state) == S_OK);
  REQUIRE(state);
  D3D11_RASTERIZER_DESC2 back{};
  state->GetDesc2(&back);
  CHECK(std::memcmp(&back, &desc, sizeof desc) == 0);

  std::vector<std::string> lines = trace.lines();
  std::vector<std::string> rasterizerCalls;
  for (const std::string& l : lines)
    if (contains(l, "RasterizerState")) rasterizerCalls.push_back(l);
  REQUIRE(rasterizerCalls.size() == 2);
  CHECK(rasterizerCalls[0].rfind("CalcPrivateRasterizerStateSize(", 0) == 0);
  CHECK(contains(rasterizerCalls[0], ddiDesc(desc)));
  CHECK(rasterizerCalls[1].rfind("CreateRasterizerState(", 0) == 0);
  CHECK(contains(rasterizerCalls[1], ddiDesc(desc)));

  state->Release();  // the last reference: the driver object goes
  CHECK(trace.calls("DestroyRasterizerState").size() == 1);
  device->Release();
}

TEST_CASE("GetDesc, GetDesc1 and GetDesc2 return what was created, QueryInterface across the versions",
          "[runtime][rasterizer]") {
  ID3D11Device3* device = createDevice3();
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.FillMode = D3D11_FILL_WIREFRAME;
  desc.CullMode = D3D11_CULL_FRONT;
  desc.DepthBiasClamp = 0.125f;
  desc.DepthClipEnable = FALSE;
  desc.MultisampleEnable = TRUE;
  desc.AntialiasedLineEnable = TRUE;
  desc.ForcedSampleCount = 8;
  ID3D11RasterizerState2* state = nullptr;
  REQUIRE(device->CreateRasterizerState2(&desc, &state) == S_OK);
  D3D11_RASTERIZER_DESC d0{};
  state->GetDesc(&d0);
  CHECK(d0.FillMode == D3D11_FILL_WIREFRAME);
  CHECK(d0.CullMode == D3D11_CULL_FRONT);
  CHECK(d0.DepthBiasClamp == 0.125f);
  CHECK(d0.DepthClipEnable == FALSE);
  CHECK(d0.MultisampleEnable == TRUE);
  CHECK(d0.AntialiasedLineEnable == TRUE);
  D3D11_RASTERIZER_DESC1 d1{};
  state->GetDesc1(&d1);
  CHECK(d1.ForcedSampleCount == 8);
  CHECK(d1.FillMode == D3D11_FILL_WIREFRAME);

  ID3D11RasterizerState* v0 = nullptr;
  ID3D11RasterizerState1* v1 = nullptr;
  ID3D11DeviceChild* child = nullptr;
  IUnknown* unknown = nullptr;
  REQUIRE(state->QueryInterface(__uuidof(ID3D11RasterizerState), reinterpret_cast<void**>(&v0)) == S_OK);
  REQUIRE(state->QueryInterface(__uuidof(ID3D11RasterizerState1), reinterpret_cast<void**>(&v1)) == S_OK);
  REQUIRE(state->QueryInterface(__uuidof(ID3D11DeviceChild), reinterpret_cast<void**>(&child)) == S_OK);
  REQUIRE(state->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&unknown)) == S_OK);
  void* none = nullptr;
  CHECK(state->QueryInterface(__uuidof(ID3D11BlendState), &none) == E_NOINTERFACE);
  CHECK(none == nullptr);
  CHECK(static_cast<void*>(v0) == static_cast<void*>(state));
  ID3D11Device* parent = nullptr;
  state->GetDevice(&parent);
  CHECK(parent == static_cast<ID3D11Device*>(device));
  parent->Release();

  const GUID key = {0xabcdef01, 0x2345, 0x6789, {1, 1, 2, 3, 5, 8, 13, 21}};
  const int value = 42;
  REQUIRE(state->SetPrivateData(key, sizeof value, &value) == S_OK);
  int read = 0;
  UINT size = sizeof read;
  REQUIRE(state->GetPrivateData(key, &size, &read) == S_OK);
  CHECK(read == 42);

  unknown->Release();
  child->Release();
  v1->Release();
  v0->Release();
  CHECK(state->Release() == 0);
  device->Release();
}

TEST_CASE("CreateRasterizerState and CreateRasterizerState1 forward to the same worker", "[runtime][rasterizer]") {
  ID3D11Device3* device = createDevice3();
  D3D11_RASTERIZER_DESC d0{D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE};
  ID3D11RasterizerState* s0 = nullptr;
  REQUIRE(device->CreateRasterizerState(&d0, &s0) == S_OK);
  D3D11_RASTERIZER_DESC1 d1{D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE, 0};
  ID3D11RasterizerState1* s1 = nullptr;
  REQUIRE(device->CreateRasterizerState1(&d1, &s1) == S_OK);
  D3D11_RASTERIZER_DESC2 d2 = defaultDesc2();
  ID3D11RasterizerState2* s2 = nullptr;
  REQUIRE(device->CreateRasterizerState2(&d2, &s2) == S_OK);
  // Older descs are promoted (ForcedSampleCount 0, ConservativeRaster OFF): the same object.
  CHECK(static_cast<void*>(s0) == static_cast<void*>(s2));
  CHECK(static_cast<void*>(s1) == static_cast<void*>(s2));
  D3D11_RASTERIZER_DESC2 back{};
  ID3D11RasterizerState2* q = nullptr;
  REQUIRE(s0->QueryInterface(__uuidof(ID3D11RasterizerState2), reinterpret_cast<void**>(&q)) == S_OK);
  q->GetDesc2(&back);
  CHECK(back.ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF);
  CHECK(back.ForcedSampleCount == 0);
  q->Release();
  s0->Release();
  s1->Release();
  CHECK(s2->Release() == 0);
  CHECK(device->CreateRasterizerState(nullptr, &s0) == E_INVALIDARG);
  CHECK(device->CreateRasterizerState1(nullptr, &s1) == E_INVALIDARG);
  device->Release();
}

TEST_CASE("identical descs return the same object AddRef'd, BOOLs normalized", "[runtime][rasterizer][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  D3D11_RASTERIZER_DESC2 a = defaultDesc2();
  a.FrontCounterClockwise = TRUE;
  D3D11_RASTERIZER_DESC2 b = a;
  b.FrontCounterClockwise = 7;  // any non-zero BOOL is TRUE
  ID3D11RasterizerState2 *sa = nullptr, *sb = nullptr, *sc = nullptr;
  REQUIRE(device->CreateRasterizerState2(&a, &sa) == S_OK);
  REQUIRE(device->CreateRasterizerState2(&b, &sb) == S_OK);
  CHECK(sa == sb);
  D3D11_RASTERIZER_DESC2 back{};
  sb->GetDesc2(&back);
  CHECK(back.FrontCounterClockwise == TRUE);
  D3D11_RASTERIZER_DESC2 c = a;
  c.DepthBias = 1;
  REQUIRE(device->CreateRasterizerState2(&c, &sc) == S_OK);
  CHECK(sc != sa);
  CHECK(trace.calls("CreateRasterizerState").size() == 2);
  CHECK(sa->Release() == 1);  // sb's reference is the same object's
  CHECK(sb->Release() == 0);
  sc->Release();
  CHECK(trace.calls("DestroyRasterizerState").size() == 2);
  device->Release();
}

TEST_CASE("a valid desc with a null output pointer is S_FALSE and creates nothing", "[runtime][rasterizer][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  CHECK(device->CreateRasterizerState2(&desc, nullptr) == S_FALSE);
  desc.FillMode = D3D11_FILL_MODE(9);
  CHECK(device->CreateRasterizerState2(&desc, nullptr) == E_INVALIDARG);  // validation comes first
  device->Release();
  CHECK(trace.calls("CalcPrivateRasterizerStateSize").empty());
  CHECK(trace.calls("CreateRasterizerState").empty());
}

TEST_CASE("invalid descs are E_INVALIDARG with a debug message naming the field", "[runtime][rasterizer][debug]") {
  D3D11_RASTERIZER_DESC2 d = defaultDesc2();
  SECTION("FillMode") {
    d.FillMode = D3D11_FILL_MODE(7);
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE, "FillMode is 7");
  }
  SECTION("CullMode") {
    d.CullMode = D3D11_CULL_MODE(0);
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDCULLMODE, "CullMode is 0");
  }
  SECTION("DepthBiasClamp NaN") {
    d.DepthBiasClamp = std::numeric_limits<float>::quiet_NaN();
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDDEPTHBIASCLAMP, "DepthBiasClamp is NaN");
  }
  SECTION("SlopeScaledDepthBias NaN") {
    d.SlopeScaledDepthBias = std::numeric_limits<float>::quiet_NaN();
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDSLOPESCALEDDEPTHBIAS,
                    "SlopeScaledDepthBias is NaN");
  }
  SECTION("ForcedSampleCount") {
    for (UINT count : {3u, 5u, 32u}) {
      d.ForcedSampleCount = count;
      requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT,
                      "ForcedSampleCount is " + std::to_string(count));
    }
  }
  SECTION("ConservativeRaster out of range") {
    d.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE(2);
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE,
                    "ConservativeRaster is 2; valid values are D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF (0) and "
                    "D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON (1).",
                    "3");
  }
  SECTION("ConservativeRaster ON when the device reports NOT_SUPPORTED") {
    d.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE,
                    "ConservativeRaster is D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON but the device does not support "
                    "conservative rasterization",
                    "0");
  }
  SECTION("ConservativeRaster ON with FillMode WIREFRAME, at every tier") {
    d.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    d.FillMode = D3D11_FILL_WIREFRAME;
    for (const char* tier : {"1", "2", "3"})
      requireRejected(d, D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE,
                      "ConservativeRaster is D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON but FillMode is "
                      "D3D11_FILL_WIREFRAME; conservative rasterization requires D3D11_FILL_SOLID.",
                      tier);
  }
}

TEST_CASE("a null desc is E_INVALIDARG with CREATERASTERIZERSTATE_NULLDESC", "[runtime][rasterizer][debug]") {
  ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG);
  ID3D11InfoQueue* queue = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  ID3D11RasterizerState2* state = nullptr;
  CHECK(device->CreateRasterizerState2(nullptr, &state) == E_INVALIDARG);
  auto messages = storedMessages(queue);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_NULLDESC);
  CHECK(contains(messages[0].text, "pRasterizerDesc is NULL"));
  queue->Release();
  device->Release();
}

TEST_CASE("ConservativeRaster ON is accepted at tiers 1 to 3 and reaches the driver", "[runtime][rasterizer][trace]") {
  for (const char* tier : {"1", "2", "3"}) {
    DdiTraceLog trace;
    ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
    ScopedEnv force("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", tier);
    ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG);
    D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
    desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    ID3D11RasterizerState2* state = nullptr;
    REQUIRE(device->CreateRasterizerState2(&desc, &state) == S_OK);
    std::vector<std::string> create = trace.calls("CreateRasterizerState");
    REQUIRE(create.size() == 1);
    CHECK(contains(create[0], "ConservativeRasterizationMode=1}"));
    ID3D11InfoQueue* queue = nullptr;
    REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
    CHECK(queue->GetNumStoredMessages() == 0);  // a valid create says nothing
    queue->Release();
    state->Release();
    device->Release();
  }
}

TEST_CASE("RSSetState binds through the DDI once per effective change, RSGetState returns it AddRef'd",
          "[runtime][rasterizer][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11DeviceContext* context = nullptr;
  ID3D11Device3* device = createDevice3(0, &context);
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.CullMode = D3D11_CULL_NONE;
  ID3D11RasterizerState2* state = nullptr;
  REQUIRE(device->CreateRasterizerState2(&desc, &state) == S_OK);

  context->RSSetState(state);
  context->RSSetState(state);  // no change: no DDI call
  REQUIRE(trace.calls("SetRasterizerState").size() == 1);
  std::string handle = trace.calls("CreateRasterizerState")[0];
  handle = handle.substr(handle.find("hRasterizerState="));
  CHECK(contains(trace.calls("SetRasterizerState")[0], handle));

  ID3D11RasterizerState* got = nullptr;
  context->RSGetState(&got);
  REQUIRE(got == state);
  D3D11_RASTERIZER_DESC2 back{};
  static_cast<ID3D11RasterizerState2*>(got)->GetDesc2(&back);
  CHECK(back.CullMode == D3D11_CULL_NONE);
  CHECK(got->Release() == 1);  // RSGetState added a reference

  // The bound state outlives the application's reference, and goes when unbound.
  CHECK(state->Release() == 0);
  CHECK(trace.calls("DestroyRasterizerState").empty());
  context->RSGetState(&got);
  CHECK(got == state);  // still bound
  got->Release();
  context->RSSetState(nullptr);  // the default state
  std::vector<std::string> sets = trace.calls("SetRasterizerState");
  REQUIRE(sets.size() == 2);
  CHECK(contains(sets[1], "hRasterizerState=(nil)"));
  CHECK(trace.calls("DestroyRasterizerState").size() == 1);
  context->RSGetState(&got);
  CHECK(got == nullptr);
  context->RSSetState(nullptr);  // already default: no call
  CHECK(trace.calls("SetRasterizerState").size() == 2);
  context->Release();
  device->Release();
}

TEST_CASE("a state bound at device release is destroyed with the device", "[runtime][rasterizer][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11DeviceContext* context = nullptr;
  ID3D11Device3* device = createDevice3(0, &context);
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  ID3D11RasterizerState2* state = nullptr;
  REQUIRE(device->CreateRasterizerState2(&desc, &state) == S_OK);
  context->RSSetState(state);
  state->Release();
  context->Release();
  CHECK(device->Release() == 0);
  std::vector<std::string> lines = trace.lines();
  size_t destroyState = 0, destroyDevice = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("DestroyRasterizerState(", 0) == 0) destroyState = i;
    if (lines[i].rfind("DestroyDevice(", 0) == 0) destroyDevice = i;
  }
  CHECK(destroyState > 0);
  CHECK(destroyState < destroyDevice);
}

TEST_CASE("concurrent creation from many threads deduplicates safely", "[runtime][rasterizer][threads][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device3* device = createDevice3();
  constexpr int kThreads = 8, kIterations = 200, kDescs = 4;
  std::vector<std::vector<ID3D11RasterizerState2*>> got(kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kIterations; ++i) {
        D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
        desc.DepthBias = (t + i) % kDescs;
        ID3D11RasterizerState2* state = nullptr;
        if (device->CreateRasterizerState2(&desc, &state) != S_OK) ++failures;
        got[t].push_back(state);
        // Churn: release every third one right away (may destroy and recreate).
        if (i % 3 == 0) {
          state->Release();
          got[t].back() = nullptr;
        }
      }
    });
  for (auto& th : threads) th.join();
  CHECK(failures == 0);
  // Among the live references, one object per desc.
  ID3D11RasterizerState2* perDesc[kDescs] = {};
  for (auto& list : got)
    for (ID3D11RasterizerState2* s : list) {
      if (!s) continue;
      D3D11_RASTERIZER_DESC2 d{};
      s->GetDesc2(&d);
      REQUIRE(d.DepthBias >= 0);
      REQUIRE(d.DepthBias < kDescs);
      if (!perDesc[d.DepthBias]) perDesc[d.DepthBias] = s;
      CHECK(perDesc[d.DepthBias] == s);
    }
  for (auto& list : got)
    for (ID3D11RasterizerState2* s : list)
      if (s) s->Release();
  device->Release();
  // Every driver object created was destroyed exactly once.
  CHECK(trace.calls("CreateRasterizerState").size() == trace.calls("DestroyRasterizerState").size());
  CHECK(trace.calls("CreateRasterizerState").size() >= size_t(kDescs));
}

TEST_CASE("without D3D11_CREATE_DEVICE_DEBUG nothing is printed and there is no info queue",
          "[runtime][rasterizer][debug]") {
  ID3D11Device3* device = createDevice3();
  void* queue = nullptr;
  CHECK(device->QueryInterface(__uuidof(ID3D11InfoQueue), &queue) == E_NOINTERFACE);
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.FillMode = D3D11_FILL_MODE(0);
  ID3D11RasterizerState2* state = nullptr;
  StderrCapture capture;
  CHECK(device->CreateRasterizerState2(&desc, &state) == E_INVALIDARG);
  CHECK(capture.text().empty());
  device->Release();
}

TEST_CASE("the debug layer prints D3D11's message format to stderr", "[runtime][rasterizer][debug]") {
  ScopedEnv force("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "3");
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv log("D3DVK_DDI_TRACE_FILE", "/dev/null");
  ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG);
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  desc.FillMode = D3D11_FILL_WIREFRAME;
  ID3D11RasterizerState2* state = nullptr;
  StderrCapture capture;
  CHECK(device->CreateRasterizerState2(&desc, &state) == E_INVALIDARG);
  CHECK(capture.text() ==
        "D3D11 ERROR: ID3D11Device3::CreateRasterizerState2: ConservativeRaster is "
        "D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON but FillMode is D3D11_FILL_WIREFRAME; conservative rasterization "
        "requires D3D11_FILL_SOLID. [ STATE_CREATION ERROR #3146154: "
        "CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE]\n");
  device->Release();
}
