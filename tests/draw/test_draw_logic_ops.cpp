// tests/draw: D3D11.1 logic ops (CreateBlendState1's LogicOpEnable/LogicOp)
// through the API — every D3D11_LOGIC_OP drawn onto a UINT render target and
// compared with the op computed here on the shader's and the target's bits;
// OutputMergerLogicOp in D3D11_FEATURE_D3D11_OPTIONS; the descs D3D11.1
// refuses (a logic op with blending, with IndependentBlendEnable, an
// out-of-range op), each with its debug-layer message. Device path: Vulkan's
// logicOp (lavapipe has it; a device without it reports FALSE and refuses them).
#include "../render/checked_device.h"
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

constexpr UINT kSide = 8;

// SV_Target (uint4) = the source bits every op combines with the target's.
const char kPsBits[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(0x0000CCCC, 0x12345678, 0, -1)
ret
)";
constexpr uint32_t kSource[4] = {0x0000CCCCu, 0x12345678u, 0u, 0xFFFFFFFFu};
// The target's bits before each draw (ClearRenderTargetView of a UINT view converts the floats).
constexpr uint32_t kDest[4] = {0x0000AAAAu, 4096u, 7u, 0u};

// D3D11_LOGIC_OP on one channel, from its definition (s: shader, d: target).
uint32_t logicOp(D3D11_LOGIC_OP op, uint32_t s, uint32_t d) {
  switch (op) {
    case D3D11_LOGIC_OP_CLEAR: return 0;
    case D3D11_LOGIC_OP_SET: return 0xFFFFFFFFu;
    case D3D11_LOGIC_OP_COPY: return s;
    case D3D11_LOGIC_OP_COPY_INVERTED: return ~s;
    case D3D11_LOGIC_OP_NOOP: return d;
    case D3D11_LOGIC_OP_INVERT: return ~d;
    case D3D11_LOGIC_OP_AND: return s & d;
    case D3D11_LOGIC_OP_NAND: return ~(s & d);
    case D3D11_LOGIC_OP_OR: return s | d;
    case D3D11_LOGIC_OP_NOR: return ~(s | d);
    case D3D11_LOGIC_OP_XOR: return s ^ d;
    case D3D11_LOGIC_OP_EQUIV: return ~(s ^ d);
    case D3D11_LOGIC_OP_AND_REVERSE: return s & ~d;
    case D3D11_LOGIC_OP_AND_INVERTED: return ~s & d;
    case D3D11_LOGIC_OP_OR_REVERSE: return s | ~d;
    case D3D11_LOGIC_OP_OR_INVERTED: return ~s | d;
  }
  return 0;
}

D3D11_BLEND_DESC1 logicDesc(D3D11_LOGIC_OP op) {
  D3D11_BLEND_DESC1 desc{};
  desc.RenderTarget[0] = {FALSE, TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
                          D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, op, D3D11_COLOR_WRITE_ENABLE_ALL};
  return desc;
}

bool logicOpsReported(RenderDevice& d) {
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof options) == S_OK);
  return options.OutputMergerLogicOp;
}

}  // namespace

TEST_CASE("logic ops: every D3D11_LOGIC_OP combines the shader's bits with a UINT target's", "[draw][logic-op]") {
  Checked k;
  RenderDevice& d = k.d;
  Com<ID3D11Device1> d1;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(d1.out())) == S_OK);
  if (!logicOpsReported(d)) {
    // A device without logicOp: nothing claimed, nothing accepted.
    D3D11_BLEND_DESC1 desc = logicDesc(D3D11_LOGIC_OP_XOR);
    Com<ID3D11BlendState1> state;
    CHECK(d1->CreateBlendState1(&desc, state.out()) == E_INVALIDARG);
    WARN("the Vulkan device has no logicOp feature: only the refusal is checked");
    return;
  }
  DrawTarget t(d, kSide, kSide);
  const Vertex v[3] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  D3D11_TEXTURE2D_DESC td = texture2DDesc(kSide, kSide, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> target;
  REQUIRE(d->CreateTexture2D(&td, nullptr, target.out()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {rtv.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  const std::vector<uint8_t> psCode = assembled(kPsBits);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  const float clear[4] = {float(kDest[0]), float(kDest[1]), float(kDest[2]), float(kDest[3])};
  for (int op = D3D11_LOGIC_OP_CLEAR; op <= D3D11_LOGIC_OP_OR_INVERTED; ++op) {
    INFO("D3D11_LOGIC_OP " << op);
    const D3D11_BLEND_DESC1 desc = logicDesc(D3D11_LOGIC_OP(op));
    Com<ID3D11BlendState1> state;
    REQUIRE(d1->CreateBlendState1(&desc, state.out()) == S_OK);
    D3D11_BLEND_DESC1 back{};
    state->GetDesc1(&back);
    CHECK(back.RenderTarget[0].LogicOpEnable == TRUE);
    CHECK(back.RenderTarget[0].LogicOp == D3D11_LOGIC_OP(op));
    d.context->ClearRenderTargetView(rtv.get(), clear);
    d.context->OMSetBlendState(state.get(), nullptr, 0xFFFFFFFF);
    d.context->Draw(3, 0);
    const std::vector<uint8_t> raw = readback(d, target.get());
    REQUIRE(raw.size() == size_t(kSide) * kSide * 16);
    for (const UINT texel : {0u, kSide * kSide / 2 + 3, kSide * kSide - 1}) {
      uint32_t got[4];
      std::memcpy(got, raw.data() + size_t(texel) * 16, 16);
      for (int c = 0; c < 4; ++c) {
        INFO("texel " << texel << " channel " << c);
        CHECK(got[c] == logicOp(D3D11_LOGIC_OP(op), kSource[c], kDest[c]));
      }
    }
  }
  // The write mask still applies: XOR onto R and A only.
  D3D11_BLEND_DESC1 masked = logicDesc(D3D11_LOGIC_OP_XOR);
  masked.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA;
  Com<ID3D11BlendState1> maskedState;
  REQUIRE(d1->CreateBlendState1(&masked, maskedState.out()) == S_OK);
  d.context->ClearRenderTargetView(rtv.get(), clear);
  d.context->OMSetBlendState(maskedState.get(), nullptr, 0xFFFFFFFF);
  d.context->Draw(3, 0);
  const std::vector<uint8_t> raw = readback(d, target.get());
  uint32_t got[4];
  std::memcpy(got, raw.data(), 16);
  CHECK(got[0] == (kSource[0] ^ kDest[0]));
  CHECK(got[1] == kDest[1]);
  CHECK(got[2] == kDest[2]);
  CHECK(got[3] == (kSource[3] ^ kDest[3]));
  d.context->OMSetBlendState(nullptr, nullptr, 0xFFFFFFFF);
  CHECK(drainMessages(k.queue.get()).empty());
}

TEST_CASE("logic ops: the descs D3D11.1 refuses, each with CREATEBLENDSTATE_INVALIDLOGICOPS",
          "[draw][logic-op][errors]") {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  queue->SetMuteDebugOutput(TRUE);
  Com<ID3D11Device1> d1;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(d1.out())) == S_OK);
  const bool supported = logicOpsReported(d);
  auto refused = [&](const D3D11_BLEND_DESC1& desc, const char* text) {
    Com<ID3D11BlendState1> state;
    CHECK(d1->CreateBlendState1(&desc, state.out()) == E_INVALIDARG);
    CHECK(!state);
    CHECK(d1->CreateBlendState1(&desc, nullptr) == E_INVALIDARG);  // validation only
    bool said = false;
    for (const StoredMessage& m : drainMessages(queue.get()))
      said = said || (m.id == D3D11_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS && m.text.find(text) != std::string::npos);
    CHECK(said);
  };
  D3D11_BLEND_DESC1 both = logicDesc(D3D11_LOGIC_OP_AND);
  both.RenderTarget[0].BlendEnable = TRUE;
  refused(both, supported ? "both blending and a logic op" : "OutputMergerLogicOp");
  D3D11_BLEND_DESC1 independent = logicDesc(D3D11_LOGIC_OP_AND);
  independent.IndependentBlendEnable = TRUE;
  independent.RenderTarget[1] = independent.RenderTarget[0];
  refused(independent, supported ? "IndependentBlendEnable" : "OutputMergerLogicOp");
  D3D11_BLEND_DESC1 outOfRange = logicDesc(D3D11_LOGIC_OP_AND);
  const int sixteen = 16;
  std::memcpy(&outOfRange.RenderTarget[0].LogicOp, &sixteen, sizeof sixteen);
  refused(outOfRange, supported ? "not a D3D11_LOGIC_OP" : "OutputMergerLogicOp");
  // LogicOp is ignored without LogicOpEnable (the default desc's NOOP, or any valid op).
  D3D11_BLEND_DESC1 off = logicDesc(D3D11_LOGIC_OP_SET);
  off.RenderTarget[0].LogicOpEnable = FALSE;
  Com<ID3D11BlendState1> state;
  CHECK(d1->CreateBlendState1(&off, state.out()) == S_OK);
  if (supported) {
    const D3D11_BLEND_DESC1 ok = logicDesc(D3D11_LOGIC_OP_XOR);
    CHECK(d1->CreateBlendState1(&ok, nullptr) == S_FALSE);
  }
}
