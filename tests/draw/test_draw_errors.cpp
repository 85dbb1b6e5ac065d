// tests/draw: the DDI traffic of shader creation and a draw (trace filter), and
// every rejected call of the draw path — the HRESULT, the debug-layer message
// (ID) and that the driver was not called.
#include "../render/checked_device.h"
#include "draw_test_util.h"
#include "dxbc/container.h"
#include "dxbc/shader.h"

#include <cmath>
#include <limits>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

std::vector<D3D11_MESSAGE_ID> drainIds(ID3D11InfoQueue* queue) {
  std::vector<D3D11_MESSAGE_ID> out;
  for (const StoredMessage& m : drainMessages(queue)) out.push_back(m.id);
  return out;
}

const char kInnerCoveragePs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, vInnerCoverage
mov o0.xyzw, r0.xxxx
ret
)";

// SV_Target = SV_Coverage + SV_InnerCoverage: both declared, which the spec forbids.
const char kInnerAndCoveragePs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Coverage              0    N/A   vCoverage  COVERAGE    uint    YES
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vCoverage
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
iadd r0.x, vCoverage, vInnerCoverage
utof o0.xyzw, r0.xxxx
ret
)";

// SV_Target = SV_Coverage (input) alone: valid at every tier.
const char kCoveragePs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Coverage              0    N/A   vCoverage  COVERAGE    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vCoverage
dcl_output o0.xyzw
utof o0.xyzw, vCoverage
ret
)";

}  // namespace

TEST_CASE("shader creation and a draw reach the driver as the typed DDIs, in order", "[draw][ddi]") {
  Checked c;
  {
    DrawTarget t(c.d, 8, 8);
    const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 1, 1, 1, 1, 1}, {1, -1, 1, 1, 1, 1}};
    Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    c.d.context->Draw(3, 0);
    CHECK(t.pixels()[7 * 8 + 0][0] == 1.0f);
    // Unbinding lets the objects go when the last reference does.
    c.d.context->VSSetShader(nullptr, nullptr, 0);
    c.d.context->PSSetShader(nullptr, nullptr, 0);
    c.d.context->IASetInputLayout(nullptr);
  }
  const std::vector<std::string> lines = c.trace.lines();
  auto indexOf = [&](const std::string& prefix) {
    for (size_t i = 0; i < lines.size(); ++i)
      if (lines[i].compare(0, prefix.size(), prefix) == 0) return long(i);
    return -1L;
  };
  const long calcVs = indexOf("CalcPrivateShaderSize(");
  const long createVs = indexOf("CreateVertexShader(");
  const long createPs = indexOf("CreatePixelShader(");
  const long layout = indexOf("CreateElementLayout(");
  const long draw = indexOf("Draw(");
  REQUIRE(calcVs >= 0);
  REQUIRE(createVs > calcVs);
  REQUIRE(createPs > createVs);
  REQUIRE(layout > createPs);
  REQUIRE(draw > layout);
  CHECK(lines[createVs].find("signatures={inputs=2, outputs=2}") != std::string::npos);
  CHECK(lines[createPs].find("signatures={inputs=2, outputs=1}") != std::string::npos);
  CHECK(lines[layout].find("{Slot=0, Offset=0, Format=16, Class=0, StepRate=0, Register=0}, "
                           "{Slot=0, Offset=8, Format=2, Class=0, StepRate=0, Register=1}") != std::string::npos);
  CHECK(lines[draw].find("VertexCount=3, StartVertexLocation=0") != std::string::npos);
  for (const char* name : {"IaSetInputLayout", "VsSetShader", "PsSetShader", "IaSetTopology", "SetViewports",
                           "IaSetVertexBuffers"}) {
    INFO(name);
    const long at = indexOf(std::string(name) + "(");
    CHECK(at >= 0);
    CHECK(at < draw);
  }
  CHECK(c.ddiCalls("DestroyShader") == 2);
  CHECK(c.ddiCalls("DestroyElementLayout") == 1);
  CHECK(drainIds(c.queue.get()).empty());
}

TEST_CASE("CreateVertexShader/CreatePixelShader reject bad bytecode with E_INVALIDARG, a message and no DDI call",
          "[draw][errors]") {
  ForceConservativeFallback fallback;  // a reported Tier 3 on any device that can run the fallback
  Checked c;
  const std::vector<uint8_t> vs = assembled(kVsColor), ps = assembled(kPsColor);
  Com<ID3D11VertexShader> v;
  Com<ID3D11PixelShader> p;
  std::vector<uint8_t> corrupt = vs;
  corrupt[40] ^= 0xFF;  // checksum no longer matches
  const uint8_t garbage[64] = {1, 2, 3};

  CHECK(c.d->CreateVertexShader(nullptr, 0, nullptr, v.out()) == E_INVALIDARG);
  CHECK(c.d->CreateVertexShader(garbage, sizeof garbage, nullptr, v.out()) == E_INVALIDARG);
  CHECK(c.d->CreateVertexShader(corrupt.data(), corrupt.size(), nullptr, v.out()) == E_INVALIDARG);
  CHECK(c.d->CreateVertexShader(ps.data(), ps.size(), nullptr, v.out()) == E_INVALIDARG);  // a pixel shader
  CHECK(!v);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(4, D3D11_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERBYTECODE));

  CHECK(c.d->CreatePixelShader(garbage, sizeof garbage, nullptr, p.out()) == E_INVALIDARG);
  CHECK(c.d->CreatePixelShader(vs.data(), vs.size(), nullptr, p.out()) == E_INVALIDARG);  // a vertex shader
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(2, D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE));

  // Shader model 5.1 (register spaces) is Direct3D 12's: refused with a message that says so.
  const std::vector<uint8_t> ps51 = assembled("ps_5_1\ndcl_output o0.xyzw\nmov o0.xyzw, l(0,0,0,0)\nret\n");
  CHECK(c.d->CreatePixelShader(ps51.data(), ps51.size(), nullptr, p.out()) == E_INVALIDARG);
  CHECK(!p);
  const std::vector<StoredMessage> sm51 = drainMessages(c.queue.get());
  REQUIRE(sm51.size() == 1);
  CHECK(sm51[0].id == D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE);
  CHECK(sm51[0].text.find("Shader model 5.1 (register spaces and resource ranges) is Direct3D 12 only") !=
        std::string::npos);

  // SV_InnerCoverage needs a reported Tier 3: fine here (the fallback's, forced above), refused
  // on a device reporting less (D3DVK_CONSERVATIVE_RASTER=off reports NOT_SUPPORTED).
  const std::vector<uint8_t> inner = assembled(kInnerCoveragePs);
  CHECK(c.d->CreatePixelShader(inner.data(), inner.size(), nullptr, nullptr) == S_FALSE);

  // Validation only (null output): S_FALSE for good bytecode.
  CHECK(c.d->CreateVertexShader(vs.data(), vs.size(), nullptr, nullptr) == S_FALSE);
  // The two good shaders reach the driver; none of the bad ones did.
  CHECK(c.ddiCalls("CalcPrivateShaderSize") == 2);
  CHECK(c.ddiCalls("CreateVertexShader") == 1);
  CHECK(c.ddiCalls("CreatePixelShader") == 1);
  // (after the checks above: a second checked device records its own DDI trace)
  {
    ScopedEnv off("D3DVK_CONSERVATIVE_RASTER", "off");
    Checked low;
    CHECK(low.d->CreatePixelShader(inner.data(), inner.size(), nullptr, p.out()) == E_INVALIDARG);
    CHECK(drainIds(low.queue.get()) ==
          std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE});
    CHECK(!p);
    CHECK(low.ddiCalls("CreatePixelShader") == 0);
  }
}

TEST_CASE("SV_InnerCoverage with an SV_Coverage input and tier rules: messages per failure", "[draw][errors]") {
  // The spec's pixel-shader validation: SV_InnerCoverage (declared, or only the
  // SFI0 inner-coverage flag) needs a reported Tier 3, and SV_InnerCoverage
  // together with an SV_Coverage input is invalid at any tier. Each failure is
  // E_INVALIDARG with its own message, and the driver never sees the shader.
  const std::vector<uint8_t> inner = assembled(kInnerCoveragePs), both = assembled(kInnerAndCoveragePs),
                             coverage = assembled(kCoveragePs);
  // kPsColor with only the SFI0 inner-coverage flag added (nothing declared).
  dxbc::Container plain = dxbc::parseContainer(assembled(kPsColor));
  REQUIRE(plain.find(dxbc::fourcc("SFI0")) == nullptr);
  plain.chunks.push_back({dxbc::fourcc("SFI0"), dxbc::writeFeatureFlags(dxbc::kFeatureInnerCoverage), 0});
  const std::vector<uint8_t> flagOnly = dxbc::writeContainer(plain.chunks);
  const std::string tierText = "The shader uses SV_InnerCoverage, which requires D3D11_CONSERVATIVE_RASTERIZATION_TIER_3";
  const std::string bothText =
      "The shader declares both SV_InnerCoverage and an SV_Coverage input; they are mutually exclusive.";
  auto rejected = [](Checked& c, const std::vector<uint8_t>& code) {
    Com<ID3D11PixelShader> p;
    CHECK(c.d->CreatePixelShader(code.data(), code.size(), nullptr, p.out()) == E_INVALIDARG);
    CHECK(!p);
    // Validation only (null output) fails the same way.
    CHECK(c.d->CreatePixelShader(code.data(), code.size(), nullptr, nullptr) == E_INVALIDARG);
    std::vector<StoredMessage> messages = drainMessages(c.queue.get());
    for (const StoredMessage& m : messages) {
      CHECK(m.id == D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE);
      CHECK(m.category == D3D11_MESSAGE_CATEGORY_STATE_CREATION);
    }
    return messages;
  };

  SECTION("Tier 3: SV_InnerCoverage alone and an SV_Coverage input alone are fine, both together are not") {
    ScopedEnv tier{"D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "3"};
    Checked c;
    Com<ID3D11PixelShader> p;
    CHECK(c.d->CreatePixelShader(inner.data(), inner.size(), nullptr, p.out()) == S_OK);
    CHECK(c.d->CreatePixelShader(coverage.data(), coverage.size(), nullptr, p.out()) == S_OK);
    CHECK(c.d->CreatePixelShader(flagOnly.data(), flagOnly.size(), nullptr, p.out()) == S_OK);
    CHECK(drainIds(c.queue.get()).empty());
    CHECK(c.ddiCalls("CreatePixelShader") == 3);
    p.reset();
    const std::vector<StoredMessage> messages = rejected(c, both);
    REQUIRE(messages.size() == 2);  // one per call
    CHECK(messages[0].text.find(bothText) != std::string::npos);
    CHECK(messages[0].text.find("TIER_3") == std::string::npos);
    CHECK(messages[1].text == messages[0].text);
    CHECK(c.ddiCalls("CreatePixelShader") == 3);
  }
  SECTION("Tier 2: SV_InnerCoverage (declared or only flagged) is refused, with both faults both messages") {
    ScopedEnv tier{"D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "2"};
    Checked c;
    Com<ID3D11PixelShader> p;
    CHECK(c.d->CreatePixelShader(coverage.data(), coverage.size(), nullptr, p.out()) == S_OK);  // no inner coverage
    CHECK(drainIds(c.queue.get()).empty());
    for (const std::vector<uint8_t>* code : {&inner, &flagOnly}) {
      const std::vector<StoredMessage> messages = rejected(c, *code);
      REQUIRE(messages.size() == 2);
      CHECK(messages[0].text.find(tierText + ", but the device reports D3D11_CONSERVATIVE_RASTERIZATION_TIER_2.") !=
            std::string::npos);
    }
    const std::vector<StoredMessage> messages = rejected(c, both);
    REQUIRE(messages.size() == 4);  // two per call
    CHECK(messages[0].text.find(tierText) != std::string::npos);
    CHECK(messages[1].text.find(bothText) != std::string::npos);
    CHECK(c.ddiCalls("CreatePixelShader") == 1);
  }
}

TEST_CASE("CreateInputLayout checks the elements against the VS input signature", "[draw][errors]") {
  Checked c;
  const std::vector<uint8_t> vs = assembled(kVsColor);
  Com<ID3D11InputLayout> layout;
  const D3D11_INPUT_ELEMENT_DESC missingColor[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(missingColor, 1, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  const D3D11_INPUT_ELEMENT_DESC wrongIndex[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(wrongIndex, 2, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  CHECK(c.d->CreateInputLayout(kColorLayout, 2, nullptr, 0, layout.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(3, D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT));
  CHECK(c.d->CreateInputLayout(nullptr, 2, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_NULLDESC});
  CHECK(!layout);
  CHECK(c.ddiCalls("CreateElementLayout") == 0);
  CHECK(c.ddiCalls("CalcPrivateElementLayoutSize") == 0);

  // Extra elements the shader does not read are fine; case-insensitive semantic match.
  const D3D11_INPUT_ELEMENT_DESC extra[] = {
      {"position", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"Color", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(extra, 3, vs.data(), vs.size(), layout.out()) == S_OK);
  CHECK(c.ddiCalls("CreateElementLayout") == 1);
}

TEST_CASE("invalid draw-path calls are dropped before the driver, draws without state draw nothing",
          "[draw][errors]") {
  Checked c;
  DrawTarget t(c.d, 8, 8, {0.5f, 0.5f, 0.5f, 0.5f});
  ID3D11Buffer* none[1] = {nullptr};
  const UINT zero[1] = {0};
  c.d.context->IASetVertexBuffers(40, 1, none, zero, zero);  // slot out of range
  c.d.context->IASetIndexBuffer(nullptr, DXGI_FORMAT_R8_UINT, 0);  // accepted: null buffer
  Com<ID3D11Buffer> ib = makeBuffer(c.d, zero, 4, D3D11_BIND_INDEX_BUFFER);
  c.d.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R8_UINT, 0);  // bad index format
  c.d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY(7));  // not a topology
  D3D11_VIEWPORT many[17] = {};
  c.d.context->RSSetViewports(17, many);
  c.d.context->VSSetConstantBuffers(14, 1, none);
  CHECK(c.ddiCalls("IaSetVertexBuffers") == 0);
  CHECK(c.ddiCalls("IaSetIndexBuffer") == 1);
  CHECK(c.ddiCalls("IaSetTopology") == 1);  // the DrawTarget's TRIANGLELIST only
  CHECK(c.ddiCalls("SetViewports") == 1);
  CHECK(c.ddiCalls("VsSetConstantBuffers") == 0);

  // A draw with no vertex buffer bound reads zeros (all vertices at the origin: nothing drawn);
  // zero counts and a draw without a vertex shader draw nothing, and nothing crashes.
  c.d.context->Draw(3, 0);
  c.d.context->Draw(0, 0);
  c.d.context->VSSetShader(nullptr, nullptr, 0);
  c.d.context->Draw(3, 0);
  c.d.context->DrawIndexed(3, 0, 0);  // no index buffer
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.5f, 0.5f, 0.5f, 0.5f});
}

TEST_CASE("the D3D11.1 DDI table (a UMD without WDDM 2.0) draws the same", "[draw][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv hide("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0");
  {
    RenderDevice d;
    DrawTarget t(d, 8, 8);
    const Vertex v[3] = {{-1, -1, 0.5f, 0.25f, 1, 1}, {-1, 3, 0.5f, 0.25f, 1, 1}, {3, -1, 0.5f, 0.25f, 1, 1}};
    Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
    t.bindVertices(vb.get());
    // Out-of-range viewport depths are clamped, not passed to Vulkan.
    const D3D11_VIEWPORT vp{0, 0, 8, 8, -1.0f, 2.0f};
    d.context->RSSetViewports(1, &vp);
    d.context->Draw(3, 0);
    for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.5f, 0.25f, 1, 1});
  }
  std::vector<std::string> created = trace.calls("CreateDevice");
  REQUIRE(created.size() == 1);
  CHECK(created[0].find("Interface=0x000B000F") != std::string::npos);  // D3D11.1
  CHECK(trace.calls("Draw").size() == 1);
}

TEST_CASE("conservative rasterization ON with a point or line topology: the draw is dropped with its message",
          "[draw][errors][conservative]") {
  ScopedEnv tier{"D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "3"};
  Checked c;
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  DrawTarget t(c.d, 8, 8);
  c.d.context->RSSetState(conservative.get());
  for (D3D11_PRIMITIVE_TOPOLOGY topology : {D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP}) {
    c.d.context->IASetPrimitiveTopology(topology);
    c.d.context->Draw(2, 0);
    c.d.context->DrawInstanced(2, 1, 0, 0);
    CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>(2, D3D11_MESSAGE_ID(365)));
  }
  CHECK(c.ddiCalls("Draw") == 0);
  CHECK(c.ddiCalls("DrawInstanced") == 0);
  c.d.context->RSSetState(nullptr);
}

TEST_CASE("a draw's checks run again after the topology, the rasterizer state or the pixel shader changes",
          "[draw][errors][conservative]") {
  ScopedEnv tier{"D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "3"};
  Checked c;
  Com<ID3D11RasterizerState2> conservative = conservativeState(c.d);
  DrawTarget t(c.d, 8, 8);
  ID3D11DeviceContext* ctx = c.d.context.get();
  size_t draws = 0;
  auto draw = [&](bool reaches) {
    ctx->Draw(3, 0);
    if (reaches) ++draws;
    CHECK(c.ddiCalls("Draw") == draws);
    CHECK(drainIds(c.queue.get()) == (reaches ? std::vector<D3D11_MESSAGE_ID>{}
                                              : std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID(365)}));
  };
  ctx->RSSetState(conservative.get());
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  draw(true);
  draw(true);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
  draw(false);
  draw(false);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  draw(true);
  ctx->RSSetState(nullptr);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
  draw(true);
  draw(true);
  ctx->RSSetState(conservative.get());
  draw(false);
  // A pixel shader reading SV_InnerCoverage without conservative rasterization: reported at
  // every draw (a verdict with a message is never kept), drawn all the same.
  ctx->RSSetState(nullptr);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  draw(true);
  const std::vector<uint8_t> innerCode = assembled(kInnerCoveragePs);
  Com<ID3D11PixelShader> inner;
  REQUIRE(c.d->CreatePixelShader(innerCode.data(), innerCode.size(), nullptr, inner.out()) == S_OK);
  ctx->PSSetShader(inner.get(), nullptr, 0);
  for (int i = 0; i < 2; ++i) {
    ctx->Draw(3, 0);
    CHECK(c.ddiCalls("Draw") == ++draws);
    CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID(3146155)});
  }
  ctx->PSSetShader(t.ps.get(), nullptr, 0);
  draw(true);
}

TEST_CASE("out-of-range element offsets, wrong bind flags, big strides and bad viewports never reach the device",
          "[draw][errors]") {
  Checked c;
  const std::vector<uint8_t> vs = assembled(kVsColor);
  Com<ID3D11InputLayout> layout;
  const D3D11_INPUT_ELEMENT_DESC unaligned[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 9, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(unaligned, 2, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  const D3D11_INPUT_ELEMENT_DESC pastVertex[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 2040, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(pastVertex, 2, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  const D3D11_INPUT_ELEMENT_DESC wraps[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0xFFFFFFF0u, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(wraps, 2, vs.data(), vs.size(), layout.out()) == E_INVALIDARG);
  CHECK(drainIds(c.queue.get()) ==
        std::vector<D3D11_MESSAGE_ID>(3, D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDALIGNMENT));
  CHECK(!layout);
  CHECK(c.ddiCalls("CreateElementLayout") == 0);
  const D3D11_INPUT_ELEMENT_DESC lastFits[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 2032, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  CHECK(c.d->CreateInputLayout(lastFits, 2, vs.data(), vs.size(), layout.out()) == S_OK);

  // A buffer without the vertex/index bind flag, or a stride past 2048 bytes, binds NULL.
  DrawTarget t(c.d, 8, 8, {0.5f, 0.5f, 0.5f, 0.5f});
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 1, 1, 1, 1, 1}, {1, -1, 1, 1, 1, 1}};
  const float constantData[24] = {};  // 96 bytes: a multiple of 16, as constant buffers need
  Com<ID3D11Buffer> cbOnly = makeBuffer(c.d, constantData, sizeof constantData, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  auto boundVertexBuffer = [&](UINT slot) {
    Com<ID3D11Buffer> out;
    c.d.context->IAGetVertexBuffers(slot, 1, out.out(), nullptr, nullptr);
    return out.get();
  };
  t.bindVertices(cbOnly.get());
  CHECK(boundVertexBuffer(0) == nullptr);
  t.bindVertices(vb.get(), 4096);
  CHECK(boundVertexBuffer(0) == nullptr);
  c.d.context->Draw(3, 0);
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.5f, 0.5f, 0.5f, 0.5f});
  c.d.context->IASetIndexBuffer(cbOnly.get(), DXGI_FORMAT_R16_UINT, 0);
  Com<ID3D11Buffer> ib;
  c.d.context->IAGetIndexBuffer(ib.out(), nullptr, nullptr);
  CHECK(!ib);

  // Getters never wrap a slot index around to slot 0.
  t.bindVertices(vb.get());
  ID3D11Buffer* got[2] = {vb.get(), vb.get()};
  c.d.context->IAGetVertexBuffers(0xFFFFFFFFu, 2, got, nullptr, nullptr);
  CHECK(got[0] == nullptr);
  CHECK(got[1] == nullptr);
  ID3D11Buffer* constants[1] = {cbOnly.get()};
  c.d.context->VSSetConstantBuffers(0, 1, constants);
  ID3D11Buffer* cbs[2] = {vb.get(), vb.get()};
  c.d.context->VSGetConstantBuffers(0xFFFFFFFFu, 2, cbs);
  CHECK(cbs[0] == nullptr);
  CHECK(cbs[1] == nullptr);

  // Viewports outside D3D11's range (NaN included) drop the call; the previous ones stay.
  const size_t viewportCalls = c.ddiCalls("SetViewports");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const D3D11_VIEWPORT bad[] = {{nan, 0, 8, 8, 0, 1}, {0, 0, 1e30f, 8, 0, 1}, {0, 0, 8, 8, 0, 2},
                                {-40000, 0, 8, 8, 0, 1}, {0, 0, -1, 8, 0, 1}};
  for (const D3D11_VIEWPORT& vp : bad) c.d.context->RSSetViewports(1, &vp);
  CHECK(c.ddiCalls("SetViewports") == viewportCalls);
  UINT count = 1;
  D3D11_VIEWPORT kept{};
  c.d.context->RSGetViewports(&count, &kept);
  CHECK(count == 1);
  CHECK(kept.Width == 8.0f);
  CHECK(kept.MaxDepth == 1.0f);
  c.d.context->Draw(3, 0);
  CHECK(t.pixels()[7 * 8 + 0][0] == 1.0f);
}

TEST_CASE("a draw whose input layout lacks a vertex-shader input is dropped, not sent to the device",
          "[draw][errors]") {
  Checked c;
  DrawTarget t(c.d, 8, 8, {0.5f, 0.5f, 0.5f, 0.5f});
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 1, 1, 1, 1, 1}, {1, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  // The layout made for kVsColor has no OFFSET/INSTCOLOR for this shader's v1/v2.
  const std::vector<uint8_t> code = assembled(kVsInstanced);
  Com<ID3D11VertexShader> instanced;
  REQUIRE(c.d->CreateVertexShader(code.data(), code.size(), nullptr, instanced.out()) == S_OK);
  c.d.context->VSSetShader(instanced.get(), nullptr, 0);
  c.d.context->Draw(3, 0);
  // No input layout at all.
  c.d.context->VSSetShader(t.vs.get(), nullptr, 0);
  c.d.context->IASetInputLayout(nullptr);
  c.d.context->Draw(3, 0);
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.5f, 0.5f, 0.5f, 0.5f});
  CHECK(c.ddiCalls("Draw") == 2);  // the runtime forwards them; the driver drops them
  // The matching pair still draws.
  c.d.context->IASetInputLayout(t.layout.get());
  c.d.context->Draw(3, 0);
  CHECK(t.pixels()[7 * 8 + 0][0] == 1.0f);
}

TEST_CASE("SV_InnerCoverage with conservative OFF: error 3146155, and the draw still runs natively",
          "[draw][errors][conservative]") {
  // On a device without VK_EXT_conservative_rasterization (lavapipe) the native
  // pixel shader cannot use FullyCoveredEXT; SV_InnerCoverage is undefined with
  // conservative OFF, so the draw must run without it (the validation layer
  // fails this test otherwise).
  Checked c;
  DrawTarget t(c.d, 8, 8, {0.5f, 0.5f, 0.5f, 0.5f});
  const std::vector<uint8_t> code = assembled(kInnerCoveragePs);
  Com<ID3D11PixelShader> inner;
  REQUIRE(c.d->CreatePixelShader(code.data(), code.size(), nullptr, inner.out()) == S_OK);
  c.d.context->PSSetShader(inner.get(), nullptr, 0);
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  c.d.context->Draw(3, 0);
  CHECK(drainIds(c.queue.get()) == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID(3146155)});
  CHECK(c.ddiCalls("Draw") == 1);
  for (const auto& p : t.pixels()) CHECK(p != std::array<float, 4>{0.5f, 0.5f, 0.5f, 0.5f});  // drawn over
}

TEST_CASE("ClearState: every pipeline binding back to its default, the driver told through the setters",
          "[draw][state]") {
  Checked c;
  DrawTarget t(c.d, 8, 8);
  const Vertex v[3] = {{-1, -1, 1, 0, 0, 1}, {-1, 3, 1, 0, 0, 1}, {3, -1, 1, 0, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  const uint16_t indices[3] = {0, 1, 2};
  Com<ID3D11Buffer> ib = makeBuffer(c.d, indices, sizeof indices, D3D11_BIND_INDEX_BUFFER);
  const float constants[4] = {1, 2, 3, 4};
  Com<ID3D11Buffer> cb = makeBuffer(c.d, constants, sizeof constants, D3D11_BIND_CONSTANT_BUFFER);
  t.bindVertices(vb.get());
  ID3D11DeviceContext* ctx = c.d.context.get();
  ID3D11Buffer* cbs[] = {cb.get()};
  ctx->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  ctx->VSSetConstantBuffers(0, 1, cbs);
  ctx->PSSetConstantBuffers(3, 1, cbs);
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, TRUE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  REQUIRE(c.d->CreateRasterizerState(&rd, rs.out()) == S_OK);
  ctx->RSSetState(rs.get());
  const D3D11_RECT scissor{0, 0, 4, 4};
  ctx->RSSetScissorRects(1, &scissor);
  D3D11_BLEND_DESC bd{};
  bd.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                        D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  Com<ID3D11BlendState> blend;
  REQUIRE(c.d->CreateBlendState(&bd, blend.out()) == S_OK);
  const FLOAT factor[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  ctx->OMSetBlendState(blend.get(), factor, 0x3);
  ctx->Draw(3, 0);
  REQUIRE(c.ddiCalls("Draw") == 1);

  ctx->ClearState();
  Com<ID3D11InputLayout> layout;
  ctx->IAGetInputLayout(layout.out());
  CHECK(!layout);
  ID3D11Buffer* buffers[2] = {};
  UINT strides[2] = {7, 7}, offsets[2] = {7, 7};
  ctx->IAGetVertexBuffers(0, 2, buffers, strides, offsets);
  CHECK(buffers[0] == nullptr);
  CHECK(strides[0] == 0);
  ID3D11Buffer* index = nullptr;
  DXGI_FORMAT format = DXGI_FORMAT_R32_UINT;
  UINT offset = 9;
  ctx->IAGetIndexBuffer(&index, &format, &offset);
  CHECK(index == nullptr);
  CHECK(format == DXGI_FORMAT_UNKNOWN);
  D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_POINTLIST;
  ctx->IAGetPrimitiveTopology(&topology);
  CHECK(topology == D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
  Com<ID3D11VertexShader> vs;
  Com<ID3D11PixelShader> ps;
  ctx->VSGetShader(vs.out(), nullptr, nullptr);
  ctx->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(!vs);
  CHECK(!ps);
  ID3D11Buffer* gotCb = nullptr;
  ctx->PSGetConstantBuffers(3, 1, &gotCb);
  CHECK(gotCb == nullptr);
  Com<ID3D11RasterizerState> gotRs;
  ctx->RSGetState(gotRs.out());
  CHECK(!gotRs);
  UINT viewports = 5, rects = 5;
  ctx->RSGetViewports(&viewports, nullptr);
  ctx->RSGetScissorRects(&rects, nullptr);
  CHECK(viewports == 0);
  CHECK(rects == 0);
  Com<ID3D11RenderTargetView> rtv;
  ctx->OMGetRenderTargets(1, rtv.out(), nullptr);
  CHECK(!rtv);
  Com<ID3D11BlendState> gotBlend;
  FLOAT gotFactor[4] = {};
  UINT mask = 0;
  ctx->OMGetBlendState(gotBlend.out(), gotFactor, &mask);
  CHECK(!gotBlend);
  CHECK(gotFactor[0] == 1.0f);
  CHECK(mask == 0xFFFFFFFFu);
  // The driver was told: the last setters it saw carry no objects.
  const std::vector<std::string> topologies = c.trace.calls("IaSetTopology");
  REQUIRE(!topologies.empty());
  CHECK(topologies.back().find("Topology=0)") != std::string::npos);
  const std::vector<std::string> blends = c.trace.calls("SetBlendState");
  REQUIRE(!blends.empty());
  CHECK(blends.back().find("BlendFactor={1,1,1,1}, SampleMask=0xFFFFFFFF") != std::string::npos);
  // Nothing is bound: a draw reaches nothing.
  ctx->Draw(3, 0);
  CHECK(drainIds(c.queue.get()).empty());
}

TEST_CASE("dropped state-setting calls: a debug-layer message each, the previous state kept, no DDI call",
          "[draw][errors][state]") {
  Checked c;
  DrawTarget t(c.d, 8, 8);
  ID3D11DeviceContext* ctx = c.d.context.get();
  const size_t topologyCalls = c.ddiCalls("IaSetTopology"), viewportCalls = c.ddiCalls("SetViewports");
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
  ctx->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY(99));
  const D3D11_VIEWPORT nan{0, 0, std::nanf(""), 8, 0, 1};
  ctx->RSSetViewports(1, &nan);
  D3D11_VIEWPORT many[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE + 1] = {};
  ctx->RSSetViewports(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE + 1, many);
  ctx->RSSetScissorRects(2, nullptr);
  const std::vector<StoredMessage> messages = drainMessages(c.queue.get());
  REQUIRE(messages.size() == 5);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNDEFINED);
  CHECK(messages[1].id == D3D11_MESSAGE_ID_DEVICE_IASETPRIMITIVETOPOLOGY_TOPOLOGY_UNRECOGNIZED);
  CHECK(messages[1].text.find("Topology 99") != std::string::npos);
  CHECK(messages[2].id == D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT);
  CHECK(messages[2].text.find("Width nan") != std::string::npos);
  CHECK(messages[3].id == D3D11_MESSAGE_ID_DEVICE_RSSETVIEWPORTS_INVALIDVIEWPORT);
  CHECK(messages[4].id == D3D11_MESSAGE_ID_DEVICE_RSSETSCISSORRECTS_INVALIDSCISSOR);
  for (const StoredMessage& m : messages) CHECK(m.category == D3D11_MESSAGE_CATEGORY_STATE_SETTING);
  D3D11_PRIMITIVE_TOPOLOGY topology{};
  ctx->IAGetPrimitiveTopology(&topology);
  CHECK(topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  UINT count = 0;
  ctx->RSGetViewports(&count, nullptr);
  CHECK(count == 1);
  CHECK(c.ddiCalls("IaSetTopology") == topologyCalls);
  CHECK(c.ddiCalls("SetViewports") == viewportCalls);
}

TEST_CASE("device removal: reported once by the driver, DXGI_ERROR_DEVICE_REMOVED from then on, never a crash",
          "[draw][errors][removal]") {
  // The trace filter plays a device lost at the second draw.
  ScopedEnv removal{"D3DVK_TRACE_REMOVE_DEVICE_AT_DRAW", "2"};
  Checked c;
  DrawTarget t(c.d, 8, 8);
  const Vertex v[3] = {{-1, -1, 1, 0, 0, 1}, {-1, 3, 1, 0, 0, 1}, {3, -1, 1, 0, 0, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(c.d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  c.d.context->Draw(3, 0);
  CHECK(c.d->GetDeviceRemovedReason() == S_OK);
  const D3D11_QUERY_DESC qd{D3D11_QUERY_EVENT, 0};
  Com<ID3D11Query> before;
  REQUIRE(c.d->CreateQuery(&qd, before.out()) == S_OK);
  c.d.context->Draw(3, 0);  // the device is lost here
  CHECK(c.d->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_REMOVED);

  // Every HRESULT method says so, creates hand out null, and nothing crashes.
  D3D11_BUFFER_DESC bd{16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  ID3D11Buffer* buffer = reinterpret_cast<ID3D11Buffer*>(uintptr_t(1));
  CHECK(c.d->CreateBuffer(&bd, nullptr, &buffer) == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(buffer == nullptr);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> texture;
  CHECK(c.d->CreateTexture2D(&td, nullptr, texture.out()) == DXGI_ERROR_DEVICE_REMOVED);
  const std::vector<uint8_t> psCode = assembled(kPsColor);
  Com<ID3D11PixelShader> ps;
  CHECK(c.d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == DXGI_ERROR_DEVICE_REMOVED);
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rs;
  CHECK(c.d->CreateRasterizerState(&rd, rs.out()) == DXGI_ERROR_DEVICE_REMOVED);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  CHECK(c.d.context->Map(vb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(mapped.pData == nullptr);
  Com<ID3D11Query> event;
  CHECK(c.d->CreateQuery(&qd, event.out()) == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(!event);
  c.d.context->End(before.get());
  BOOL done = FALSE;
  CHECK(c.d.context->GetData(before.get(), &done, sizeof done, 0) == DXGI_ERROR_DEVICE_REMOVED);
  c.d.context->Draw(3, 0);
  c.d.context->Flush();
  CHECK(c.d->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_REMOVED);  // permanent
  CHECK(c.ddiCalls("CreateResource") == 2);  // the target and the vertex buffer, before the loss
}
