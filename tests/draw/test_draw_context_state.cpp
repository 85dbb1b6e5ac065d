// tests/draw: ID3D11Device1::CreateDeviceContextState and
// ID3D11DeviceContext1::SwapDeviceContextState — a new state object starts
// cleared, swapping back restores every binding (the getters hand back the
// same objects and values, and a draw renders with them: pixels read back),
// the state a context leaves is kept in the object the swap returns, and the
// creation rules (flags, feature levels, emulated interface) refuse bad input.
#include "draw_test_util.h"

#include <array>
#include <cstring>

using namespace d3dvk::test;

namespace {

Com<ID3D11DeviceContext1> context1(RenderDevice& d) {
  Com<ID3D11DeviceContext1> c;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c.out())) == S_OK);
  return c;
}

Com<ID3DDeviceContextState> newState(RenderDevice& d) {
  Com<ID3D11Device1> device1;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(device1.out())) == S_OK);
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  D3D_FEATURE_LEVEL chosen{};
  Com<ID3DDeviceContextState> state;
  REQUIRE(device1->CreateDeviceContextState(0, levels, 2, D3D11_SDK_VERSION, __uuidof(ID3D11Device1), &chosen,
                                            state.out()) == S_OK);
  CHECK(chosen == D3D_FEATURE_LEVEL_11_1);
  return state;
}

}  // namespace

TEST_CASE("SwapDeviceContextState: a new state is cleared and swapping back restores every binding",
          "[draw][context-state][pixels]") {
  RenderDevice d;
  DrawTarget t(d, 8, 8);
  const Com<ID3D11DeviceContext1> c = context1(d);
  // A full-target quad in white, scaled by the pixel shader's cb2[0].
  const Vertex quad[] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  const std::vector<uint8_t> psCode = assembled(kPsScaled);
  Com<ID3D11PixelShader> scaled;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, scaled.out()) == S_OK);
  c->PSSetShader(scaled.get(), nullptr, 0);
  const float colour[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  Com<ID3D11Buffer> constants = makeBuffer(d, colour, sizeof colour, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {constants.get()};
  c->PSSetConstantBuffers(2, 1, cbs);
  const float factor[4] = {0.5f, 0.25f, 0.125f, 1.0f};
  c->OMSetBlendState(nullptr, factor, 0x0000FFFF);
  const D3D11_RECT scissor{1, 2, 7, 6};
  c->RSSetScissorRects(1, &scissor);

  const Com<ID3DDeviceContextState> state = newState(d);
  Com<ID3DDeviceContextState> previous;
  c->SwapDeviceContextState(state.get(), previous.out());
  REQUIRE(previous.get() != nullptr);
  CHECK(previous.get() != state.get());
  {  // Cleared: nothing bound.
    Com<ID3D11PixelShader> ps;
    c->PSGetShader(ps.out(), nullptr, nullptr);
    CHECK(ps.get() == nullptr);
    Com<ID3D11RenderTargetView> rtv;
    c->OMGetRenderTargets(1, rtv.out(), nullptr);
    CHECK(rtv.get() == nullptr);
    Com<ID3D11Buffer> cb;
    c->PSGetConstantBuffers(2, 1, cb.out());
    CHECK(cb.get() == nullptr);
    UINT viewports = D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE;
    D3D11_VIEWPORT vp[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    c->RSGetViewports(&viewports, vp);
    CHECK(viewports == 0);
    FLOAT f[4];
    UINT mask = 0;
    c->OMGetBlendState(nullptr, f, &mask);
    CHECK(mask == 0xFFFFFFFF);
    CHECK(f[0] == 1.0f);
  }
  // Something of the new state's own, kept in it across the next swaps.
  c->PSSetShader(t.ps.get(), nullptr, 0);

  Com<ID3DDeviceContextState> back;
  c->SwapDeviceContextState(previous.get(), back.out());
  CHECK(back.get() == state.get());
  {  // Restored: the same objects and values.
    Com<ID3D11PixelShader> ps;
    c->PSGetShader(ps.out(), nullptr, nullptr);
    CHECK(ps.get() == scaled.get());
    Com<ID3D11RenderTargetView> rtv;
    c->OMGetRenderTargets(1, rtv.out(), nullptr);
    CHECK(rtv.get() == t.rtv.get());
    Com<ID3D11Buffer> cb;
    c->PSGetConstantBuffers(2, 1, cb.out());
    CHECK(cb.get() == constants.get());
    Com<ID3D11Buffer> vertexBuffer;
    UINT stride = 0, offset = 0;
    c->IAGetVertexBuffers(0, 1, vertexBuffer.out(), &stride, &offset);
    CHECK(vertexBuffer.get() == vb.get());
    CHECK(stride == sizeof(Vertex));
    D3D11_PRIMITIVE_TOPOLOGY topology{};
    c->IAGetPrimitiveTopology(&topology);
    CHECK(topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    FLOAT f[4];
    UINT mask = 0;
    c->OMGetBlendState(nullptr, f, &mask);
    CHECK(mask == 0x0000FFFF);
    CHECK(std::memcmp(f, factor, sizeof f) == 0);
    UINT rects = D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE;
    D3D11_RECT r[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    c->RSGetScissorRects(&rects, r);
    REQUIRE(rects == 1);
    CHECK(std::memcmp(&r[0], &scissor, sizeof scissor) == 0);
  }
  // And the pipeline renders with them: every pixel the quad covers is the constant buffer's colour.
  c->Draw(3, 0);
  const auto pixels = t.pixels();
  for (size_t i = 0; i < pixels.size(); ++i) {
    INFO("pixel " << i);
    CHECK(pixels[i] == std::array<float, 4>{colour[0], colour[1], colour[2], colour[3]});
  }

  // The state object kept what was set while it was active.
  Com<ID3DDeviceContextState> again;
  c->SwapDeviceContextState(state.get(), again.out());
  CHECK(again.get() == previous.get());
  Com<ID3D11PixelShader> ps;
  c->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == t.ps.get());
  // Swapping to the active state changes nothing and hands it back.
  Com<ID3DDeviceContextState> same;
  c->SwapDeviceContextState(state.get(), same.out());
  CHECK(same.get() == state.get());
  c->SwapDeviceContextState(previous.get(), nullptr);
}

TEST_CASE("CreateDeviceContextState refuses bad flags, feature levels and emulated interfaces",
          "[draw][context-state][errors]") {
  RenderDevice d;
  Com<ID3D11Device1> device1;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device1), reinterpret_cast<void**>(device1.out())) == S_OK);
  const D3D_FEATURE_LEVEL ok[] = {D3D_FEATURE_LEVEL_11_0};
  const D3D_FEATURE_LEVEL tooHigh[] = {D3D_FEATURE_LEVEL_12_1};
  Com<ID3DDeviceContextState> state;
  CHECK(device1->CreateDeviceContextState(0x2, ok, 1, D3D11_SDK_VERSION, __uuidof(ID3D11Device), nullptr,
                                          state.out()) == E_INVALIDARG);
  CHECK(device1->CreateDeviceContextState(0, nullptr, 1, D3D11_SDK_VERSION, __uuidof(ID3D11Device), nullptr,
                                          state.out()) == E_INVALIDARG);
  CHECK(device1->CreateDeviceContextState(0, ok, 0, D3D11_SDK_VERSION, __uuidof(ID3D11Device), nullptr, state.out()) ==
        E_INVALIDARG);
  CHECK(device1->CreateDeviceContextState(0, tooHigh, 1, D3D11_SDK_VERSION, __uuidof(ID3D11Device), nullptr,
                                          state.out()) == E_INVALIDARG);
  CHECK(device1->CreateDeviceContextState(0, ok, 1, D3D11_SDK_VERSION, __uuidof(IUnknown), nullptr, state.out()) ==
        E_INVALIDARG);
  CHECK(state.get() == nullptr);
  D3D_FEATURE_LEVEL chosen{};
  CHECK(device1->CreateDeviceContextState(D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED, ok, 1,
                                          D3D11_SDK_VERSION, __uuidof(ID3D11Device), &chosen, nullptr) == S_FALSE);
  CHECK(chosen == D3D_FEATURE_LEVEL_11_0);
}
