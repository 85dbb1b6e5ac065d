// tests/draw: the rules of deferred contexts and command lists — type and
// flags, which Maps a deferred context allows (HRESULTs and debug-layer
// messages), GetData and FinishCommandList where they are invalid, the state a
// deferred context and the immediate context have after FinishCommandList and
// ExecuteCommandList with either flag (Get* calls, and pixels where the list
// inherits nothing), lists of another device, UpdateSubresource's copy of its
// source (and D3D11's box-offset rule for emulated command lists), and
// CheckFeatureSupport(THREADING). On the device's path (lavapipe here).
#include "../render/checked_device.h"
#include "draw_test_util.h"

using namespace d3dvk::test;

namespace {

Com<ID3D11DeviceContext> deferredContext(RenderDevice& d) {
  Com<ID3D11DeviceContext> c;
  REQUIRE(d->CreateDeferredContext(0, c.out()) == S_OK);
  return c;
}

Com<ID3D11Buffer> buffer(RenderDevice& d, UINT bytes, D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_BUFFER_DESC desc{bytes, usage, bind, cpu, 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
  return b;
}

Com<ID3D11InfoQueue> infoQueue(RenderDevice& d) {
  Com<ID3D11InfoQueue> q;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(q.out())) == S_OK);
  return q;
}

}  // namespace

TEST_CASE("Deferred contexts: type and flags and interfaces and CheckFeatureSupport(THREADING)", "[draw][deferred]") {
  RenderDevice d;
  Com<ID3D11Device3> device3;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out())) == S_OK);
  Com<ID3D11DeviceContext3> c3;
  REQUIRE(device3->CreateDeferredContext3(0, c3.out()) == S_OK);
  CHECK(c3->GetType() == D3D11_DEVICE_CONTEXT_DEFERRED);
  CHECK(c3->GetContextFlags() == 0);
  Com<ID3D11DeviceContext> c;
  REQUIRE(c3->QueryInterface(__uuidof(ID3D11DeviceContext), reinterpret_cast<void**>(c.out())) == S_OK);
  Com<ID3D11Device> owner;
  c->GetDevice(owner.out());
  CHECK(owner.get() == d.device.get());
  CHECK(d.context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE);
  Com<ID3D11DeviceContext> bad;
  CHECK(d->CreateDeferredContext(1, bad.out()) == E_INVALIDARG);
  CHECK(bad.get() == nullptr);
  CHECK(d->CreateDeferredContext(0, nullptr) == S_FALSE);

  Com<ID3D11CommandList> list;
  CHECK(d.context->FinishCommandList(FALSE, list.out()) == DXGI_ERROR_INVALID_CALL);
  CHECK(list.get() == nullptr);
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);  // an empty list is a list
  REQUIRE(list.get() != nullptr);
  CHECK(list->GetContextFlags() == 0);
  list->GetDevice(owner.out());
  CHECK(owner.get() == d.device.get());
  d.context->ExecuteCommandList(list.get(), TRUE);

  D3D11_FEATURE_DATA_THREADING threading{TRUE, TRUE};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof threading) == S_OK);
  CHECK(threading.DriverCommandLists == FALSE);  // emulated by the runtime
}

TEST_CASE("Deferred contexts: Map allows WRITE_DISCARD and then WRITE_NO_OVERWRITE on dynamic resources only",
          "[draw][deferred][map]") {
  RenderDevice d(D3D11_CREATE_DEVICE_DEBUG);
  Com<ID3D11InfoQueue> queue = infoQueue(d);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  Com<ID3D11Buffer> dynamic = buffer(d, 64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Buffer> plain = buffer(d, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0);
  Com<ID3D11Buffer> staging = buffer(d, 64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                                          D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  drainMessages(queue.get());

  D3D11_MAPPED_SUBRESOURCE m{};
  auto refused = [&](ID3D11Resource* r, D3D11_MAP type) {
    m.pData = reinterpret_cast<void*>(1);
    const HRESULT hr = c->Map(r, 0, type, 0, &m);
    CHECK(m.pData == nullptr);
    const std::vector<StoredMessage> messages = drainMessages(queue.get());
    CHECK(messages.size() == 1);
    return hr;
  };
  CHECK(refused(dynamic.get(), D3D11_MAP_WRITE_NO_OVERWRITE) == E_INVALIDARG);  // not after a DISCARD in this list
  CHECK(refused(dynamic.get(), D3D11_MAP_WRITE) == E_INVALIDARG);
  CHECK(refused(dynamic.get(), D3D11_MAP_READ) == E_INVALIDARG);
  CHECK(refused(plain.get(), D3D11_MAP_WRITE_DISCARD) == E_INVALIDARG);
  CHECK(refused(staging.get(), D3D11_MAP_READ) == E_INVALIDARG);
  CHECK(refused(staging.get(), D3D11_MAP_WRITE) == E_INVALIDARG);
  CHECK(refused(texture.get(), D3D11_MAP_WRITE_NO_OVERWRITE) == E_INVALIDARG);  // buffers only
  CHECK(refused(dynamic.get(), D3D11_MAP(7)) == E_INVALIDARG);
  CHECK(c->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, nullptr) == E_INVALIDARG);
  drainMessages(queue.get());

  REQUIRE(c->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  CHECK(m.pData != nullptr);
  CHECK(m.RowPitch == 64);
  CHECK(refused(dynamic.get(), D3D11_MAP_WRITE_DISCARD) == E_INVALIDARG);  // already mapped
  c->Unmap(dynamic.get(), 0);
  REQUIRE(c->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m) == S_OK);
  c->Unmap(dynamic.get(), 0);
  REQUIRE(c->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  CHECK(m.RowPitch >= 16);
  c->Unmap(texture.get(), 0);
  c->Unmap(texture.get(), 0);  // not mapped: a message, nothing else
  CHECK(drainMessages(queue.get()).size() == 1);

  // A new list: NO_OVERWRITE needs a DISCARD of its own again.
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);
  CHECK(refused(dynamic.get(), D3D11_MAP_WRITE_NO_OVERWRITE) == E_INVALIDARG);
  // GetData is the immediate context's.
  const D3D11_QUERY_DESC desc{D3D11_QUERY_EVENT, 0};
  Com<ID3D11Query> event;
  REQUIRE(d->CreateQuery(&desc, event.out()) == S_OK);
  BOOL done = FALSE;
  CHECK(c->GetData(event.get(), &done, sizeof done, 0) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("Deferred contexts: FinishCommandList clears the deferred state or keeps it and the next list starts from it",
          "[draw][deferred][state][pixels]") {
  RenderDevice d;
  DrawTarget t(d, 4, 4);
  const Vertex quad[] = {{-1, -1, 0.25f, 0.5f, 0.75f, 1}, {-1, 3, 0.25f, 0.5f, 0.75f, 1}, {3, -1, 0.25f, 0.5f, 0.75f, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  // Bindings on a deferred context are its own: the getters answer them.
  ID3D11RenderTargetView* rtv = t.rtv.get();
  c->OMSetRenderTargets(1, &rtv, nullptr);
  const D3D11_VIEWPORT vp{0, 0, 4, 4, 0, 1};
  c->RSSetViewports(1, &vp);
  c->IASetInputLayout(t.layout.get());
  c->VSSetShader(t.vs.get(), nullptr, 0);
  c->PSSetShader(t.ps.get(), nullptr, 0);
  c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D11Buffer* vbs[] = {vb.get()};
  const UINT stride = sizeof(Vertex), offset = 0;
  c->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  Com<ID3D11PixelShader> ps;
  c->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == t.ps.get());
  Com<ID3D11CommandList> first;
  REQUIRE(c->FinishCommandList(TRUE, first.out()) == S_OK);
  c->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == t.ps.get());  // kept
  UINT viewports = 1;
  D3D11_VIEWPORT got{};
  c->RSGetViewports(&viewports, &got);
  CHECK(viewports == 1);
  CHECK(got.Width == 4.0f);
  c->Draw(3, 0);  // the second list holds only the draw; it runs with the state kept
  Com<ID3D11CommandList> second;
  REQUIRE(c->FinishCommandList(FALSE, second.out()) == S_OK);
  c->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == nullptr);  // cleared
  viewports = 1;
  c->RSGetViewports(&viewports, &got);
  CHECK(viewports == 0);

  // The immediate context's own state does not leak into a list: a list with only a
  // draw, from the cleared deferred context, draws nothing although the immediate
  // context has a complete pipeline bound.
  t.bindVertices(vb.get());
  c->Draw(3, 0);
  Com<ID3D11CommandList> bare;
  REQUIRE(c->FinishCommandList(FALSE, bare.out()) == S_OK);
  d.context->ExecuteCommandList(bare.get(), TRUE);
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0, 0, 0, 0});

  d.context->ExecuteCommandList(second.get(), TRUE);
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.25f, 0.5f, 0.75f, 1});
}

TEST_CASE("ExecuteCommandList: the immediate context's state afterwards is restored (TRUE) or cleared (FALSE)",
          "[draw][deferred][state]") {
  RenderDevice d;
  DrawTarget t(d, 4, 4);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  c->PSSetShader(nullptr, nullptr, 0);
  const D3D11_VIEWPORT other{1, 1, 2, 2, 0, 1};
  c->RSSetViewports(1, &other);
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);

  d.context->ExecuteCommandList(list.get(), TRUE);
  Com<ID3D11PixelShader> ps;
  d.context->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == t.ps.get());
  Com<ID3D11RenderTargetView> rtv;
  d.context->OMGetRenderTargets(1, rtv.out(), nullptr);
  CHECK(rtv.get() == t.rtv.get());
  UINT viewports = 1;
  D3D11_VIEWPORT vp{};
  d.context->RSGetViewports(&viewports, &vp);
  REQUIRE(viewports == 1);
  CHECK(vp.Width == 4.0f);
  CHECK(vp.TopLeftX == 0.0f);

  d.context->ExecuteCommandList(list.get(), FALSE);
  d.context->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == nullptr);
  d.context->OMGetRenderTargets(1, rtv.out(), nullptr);
  CHECK(rtv.get() == nullptr);
  viewports = 1;
  d.context->RSGetViewports(&viewports, &vp);
  CHECK(viewports == 0);
  Com<ID3D11InputLayout> layout;
  d.context->IAGetInputLayout(layout.out());
  CHECK(layout.get() == nullptr);
}

TEST_CASE("ExecuteCommandList: a list of another device or none is refused with a message",
          "[draw][deferred][errors][pixels]") {
  RenderDevice d(D3D11_CREATE_DEVICE_DEBUG), other;
  Com<ID3D11InfoQueue> queue = infoQueue(d);
  DrawTarget t(d, 4, 4);
  DrawTarget otherTarget(other, 4, 4);
  Com<ID3D11DeviceContext> c;
  REQUIRE(other->CreateDeferredContext(0, c.out()) == S_OK);
  const float red[4] = {1, 0, 0, 1};
  c->ClearRenderTargetView(otherTarget.rtv.get(), red);
  Com<ID3D11CommandList> foreign;
  REQUIRE(c->FinishCommandList(FALSE, foreign.out()) == S_OK);
  drainMessages(queue.get());
  d.context->ExecuteCommandList(foreign.get(), FALSE);
  CHECK(drainMessages(queue.get()).size() == 1);
  d.context->ExecuteCommandList(nullptr, FALSE);
  CHECK(drainMessages(queue.get()).size() == 1);
  Com<ID3D11PixelShader> ps;
  d.context->PSGetShader(ps.out(), nullptr, nullptr);
  CHECK(ps.get() == t.ps.get());  // nothing happened
  Com<ID3D11DeviceContext> mine = deferredContext(d);
  mine->ExecuteCommandList(foreign.get(), FALSE);
  CHECK(drainMessages(queue.get()).size() == 1);
  // On its own device the list runs.
  other.context->ExecuteCommandList(foreign.get(), FALSE);
  for (const auto& p : otherTarget.pixels()) CHECK(p == std::array<float, 4>{1, 0, 0, 1});
}

TEST_CASE("Deferred contexts: UpdateSubresource copies its source when recorded and with a box reads at the box's "
          "offset (D3D11's rule for emulated command lists) where UpdateSubresource1 does not",
          "[draw][deferred][pixels]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  Com<ID3D11DeviceContext1> c1;
  REQUIRE(c->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c1.out())) == S_OK);

  std::array<uint32_t, 16> whole{};
  for (uint32_t i = 0; i < 16; ++i) whole[i] = 100 + i;
  c->UpdateSubresource(texture.get(), 0, nullptr, whole.data(), 16, 64);
  // A 2×2 box at (1, 2): the source is laid out with a 16-byte row pitch. For
  // UpdateSubresource the runtime adds the box's offset (2 rows + 1 texel), so the
  // application passes the data that far before it, as the documentation shows.
  std::array<uint32_t, 8> box{7, 8, 0, 0, 9, 10, 0, 0};
  const D3D11_BOX b{1, 2, 0, 3, 4, 1};
  const auto* adjusted = reinterpret_cast<const uint32_t*>(reinterpret_cast<uintptr_t>(box.data()) - (2 * 16 + 4));
  c->UpdateSubresource(texture.get(), 0, &b, adjusted, 16, 0);
  // UpdateSubresource1 reads at the pointer: the top-left 1×2 column gets 5 and 6.
  std::array<uint32_t, 8> column{5, 0, 0, 0, 6, 0, 0, 0};
  const D3D11_BOX b1{0, 0, 0, 1, 2, 1};
  c1->UpdateSubresource1(texture.get(), 0, &b1, column.data(), 16, 0, 0);
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);
  whole.fill(0), box.fill(0), column.fill(0);  // the list holds its own copies
  d.context->ExecuteCommandList(list.get(), FALSE);

  const std::vector<uint8_t> raw = readback(d, texture.get());
  std::array<uint32_t, 16> got{};
  std::memcpy(got.data(), raw.data(), sizeof got);
  std::array<uint32_t, 16> want{};
  for (uint32_t i = 0; i < 16; ++i) want[i] = 100 + i;
  want[0 * 4 + 0] = 5, want[1 * 4 + 0] = 6;
  want[2 * 4 + 1] = 7, want[2 * 4 + 2] = 8, want[3 * 4 + 1] = 9, want[3 * 4 + 2] = 10;
  CHECK(got == want);
}

TEST_CASE("Deferred contexts: every kind of state setter is answered by the deferred context's getters and replays "
          "without a message",
          "[draw][deferred][state]") {
  RenderDevice d(D3D11_CREATE_DEVICE_DEBUG);
  Com<ID3D11InfoQueue> queue = infoQueue(d);
  DrawTarget t(d, 4, 4);
  Com<ID3D11Buffer> constants = buffer(d, 1024, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0);
  Com<ID3D11Buffer> indices = buffer(d, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0);
  Com<ID3D11Buffer> graphicsUav = buffer(d, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0);
  Com<ID3D11Buffer> computeUav = buffer(d, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0);
  const D3D11_UNORDERED_ACCESS_VIEW_DESC ud{DXGI_FORMAT_R32_UINT, D3D11_UAV_DIMENSION_BUFFER, {}};
  D3D11_UNORDERED_ACCESS_VIEW_DESC uavDesc = ud;
  uavDesc.Buffer = {0, 16, 0};
  Com<ID3D11UnorderedAccessView> uav, uav2;
  REQUIRE(d->CreateUnorderedAccessView(graphicsUav.get(), &uavDesc, uav.out()) == S_OK);
  REQUIRE(d->CreateUnorderedAccessView(computeUav.get(), &uavDesc, uav2.out()) == S_OK);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(d->CreateShaderResourceView(texture.get(), nullptr, srv.out()) == S_OK);
  D3D11_SAMPLER_DESC sd{D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                        D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
  Com<ID3D11SamplerState> sampler;
  REQUIRE(d->CreateSamplerState(&sd, sampler.out()) == S_OK);
  D3D11_RASTERIZER_DESC rd{D3D11_FILL_SOLID, D3D11_CULL_FRONT, FALSE, 0, 0, 0, TRUE, TRUE, FALSE, FALSE};
  Com<ID3D11RasterizerState> rasterizer;
  REQUIRE(d->CreateRasterizerState(&rd, rasterizer.out()) == S_OK);
  D3D11_DEPTH_STENCIL_DESC dd{};
  dd.DepthFunc = D3D11_COMPARISON_LESS;
  dd.StencilEnable = TRUE;
  dd.StencilReadMask = dd.StencilWriteMask = 0xFF;
  dd.FrontFace = dd.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                D3D11_COMPARISON_ALWAYS};
  Com<ID3D11DepthStencilState> depthStencil;
  REQUIRE(d->CreateDepthStencilState(&dd, depthStencil.out()) == S_OK);
  drainMessages(queue.get());

  Com<ID3D11DeviceContext> c = deferredContext(d);
  Com<ID3D11DeviceContext1> c1;
  REQUIRE(c->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c1.out())) == S_OK);
  using SetBuffers1 = void (STDMETHODCALLTYPE ID3D11DeviceContext1::*)(UINT, UINT, ID3D11Buffer* const*, const UINT*,
                                                                       const UINT*);
  using GetBuffers1 = void (STDMETHODCALLTYPE ID3D11DeviceContext1::*)(UINT, UINT, ID3D11Buffer**, UINT*, UINT*);
  using SetViews = void (STDMETHODCALLTYPE ID3D11DeviceContext::*)(UINT, UINT, ID3D11ShaderResourceView* const*);
  using GetViews = void (STDMETHODCALLTYPE ID3D11DeviceContext::*)(UINT, UINT, ID3D11ShaderResourceView**);
  using SetSamplers = void (STDMETHODCALLTYPE ID3D11DeviceContext::*)(UINT, UINT, ID3D11SamplerState* const*);
  using GetSamplers = void (STDMETHODCALLTYPE ID3D11DeviceContext::*)(UINT, UINT, ID3D11SamplerState**);
  struct StageCalls {
    SetBuffers1 setBuffers1;
    GetBuffers1 getBuffers1;
    SetViews setViews;
    GetViews getViews;
    SetSamplers setSamplers;
    GetSamplers getSamplers;
  };
#define STAGE(P)                                                                                                  \
  StageCalls {                                                                                                    \
    &ID3D11DeviceContext1::P##SetConstantBuffers1, &ID3D11DeviceContext1::P##GetConstantBuffers1,                 \
        &ID3D11DeviceContext::P##SetShaderResources, &ID3D11DeviceContext::P##GetShaderResources,                 \
        &ID3D11DeviceContext::P##SetSamplers, &ID3D11DeviceContext::P##GetSamplers                                \
  }
  const StageCalls stages[] = {STAGE(VS), STAGE(HS), STAGE(DS), STAGE(GS), STAGE(PS), STAGE(CS)};
#undef STAGE
  ID3D11Buffer* cb = constants.get();
  ID3D11ShaderResourceView* view = srv.get();
  ID3D11SamplerState* s = sampler.get();
  const UINT first = 16, num = 16;
  for (const StageCalls& st : stages) {
    (c1.get()->*st.setBuffers1)(1, 1, &cb, &first, &num);
    (c1.get()->*st.setViews)(3, 1, &view);
    (c1.get()->*st.setSamplers)(2, 1, &s);
  }
  c->RSSetState(rasterizer.get());
  const D3D11_RECT scissor{1, 1, 3, 3};
  c->RSSetScissorRects(1, &scissor);
  c->OMSetDepthStencilState(depthStencil.get(), 7);
  c->IASetIndexBuffer(indices.get(), DXGI_FORMAT_R16_UINT, 4);
  ID3D11RenderTargetView* rtv = t.rtv.get();
  ID3D11UnorderedAccessView* u = uav.get();
  const UINT keepCounter = UINT(-1);
  c->OMSetRenderTargetsAndUnorderedAccessViews(1, &rtv, nullptr, 1, 1, &u, &keepCounter);
  ID3D11UnorderedAccessView* u2 = uav2.get();
  c->CSSetUnorderedAccessViews(0, 1, &u2, nullptr);

  for (const StageCalls& st : stages) {
    Com<ID3D11Buffer> gotBuffer;
    UINT gotFirst = 0, gotNum = 0;
    (c1.get()->*st.getBuffers1)(1, 1, gotBuffer.out(), &gotFirst, &gotNum);
    CHECK(gotBuffer.get() == constants.get());
    CHECK(gotFirst == 16);
    CHECK(gotNum == 16);
    Com<ID3D11ShaderResourceView> gotView;
    (c.get()->*st.getViews)(3, 1, gotView.out());
    CHECK(gotView.get() == srv.get());
    Com<ID3D11SamplerState> gotSampler;
    (c.get()->*st.getSamplers)(2, 1, gotSampler.out());
    CHECK(gotSampler.get() == sampler.get());
  }
  Com<ID3D11RasterizerState> gotRasterizer;
  c->RSGetState(gotRasterizer.out());
  CHECK(gotRasterizer.get() == rasterizer.get());
  UINT rects = 1;
  D3D11_RECT gotScissor{};
  c->RSGetScissorRects(&rects, &gotScissor);
  CHECK(rects == 1);
  CHECK(gotScissor.right == 3);
  Com<ID3D11DepthStencilState> gotDepthStencil;
  UINT ref = 0;
  c->OMGetDepthStencilState(gotDepthStencil.out(), &ref);
  CHECK(gotDepthStencil.get() == depthStencil.get());
  CHECK(ref == 7);
  Com<ID3D11Buffer> gotIndices;
  DXGI_FORMAT format{};
  UINT offset = 0;
  c->IAGetIndexBuffer(gotIndices.out(), &format, &offset);
  CHECK(gotIndices.get() == indices.get());
  CHECK(format == DXGI_FORMAT_R16_UINT);
  CHECK(offset == 4);
  Com<ID3D11RenderTargetView> gotTarget;
  Com<ID3D11UnorderedAccessView> gotUav, gotComputeUav;
  c->OMGetRenderTargetsAndUnorderedAccessViews(1, gotTarget.out(), nullptr, 1, 1, gotUav.out());
  CHECK(gotTarget.get() == t.rtv.get());
  CHECK(gotUav.get() == uav.get());
  c->CSGetUnorderedAccessViews(0, 1, gotComputeUav.out());
  CHECK(gotComputeUav.get() == uav2.get());
  // The immediate context's own bindings are untouched by a deferred context.
  Com<ID3D11RasterizerState> immediateRasterizer;
  d.context->RSGetState(immediateRasterizer.out());
  CHECK(immediateRasterizer.get() == nullptr);

  CHECK(drainMessages(queue.get()).empty());
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);
  d.context->ExecuteCommandList(list.get(), TRUE);
  CHECK(drainMessages(queue.get()).empty());
  d.context->RSGetState(immediateRasterizer.out());
  CHECK(immediateRasterizer.get() == nullptr);
}

TEST_CASE("Deferred contexts: out-of-range slot ranges and null arrays are refused by the state and not recorded",
          "[draw][deferred][errors]") {
  RenderDevice d;
  DrawTarget t(d, 4, 4);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  Com<ID3D11Buffer> cb = buffer(d, 256, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0);
  ID3D11Buffer* one[] = {cb.get()};
  c->VSSetConstantBuffers(0, 1, one);
  // Counts past D3D11's slots (the arrays are far shorter: nothing may read past them).
  c->VSSetConstantBuffers(0xFFFFFFF0u, 0x20, one);
  c->PSSetShaderResources(120, 0xFFFFFFFFu, nullptr);
  c->CSSetSamplers(15, 2, nullptr);
  c->IASetVertexBuffers(0, 0x7FFFFFFF, nullptr, nullptr, nullptr);
  c->RSSetViewports(0xFFFF, nullptr);
  c->RSSetScissorRects(17, nullptr);
  c->OMSetRenderTargets(9, nullptr, nullptr);
  c->CSSetUnorderedAccessViews(60, 8, nullptr, nullptr);
  c->SOSetTargets(5, nullptr, nullptr);
  c->ClearRenderTargetView(t.rtv.get(), nullptr);
  Com<ID3D11DeviceContext1> c1;
  REQUIRE(c->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(c1.out())) == S_OK);
  c1->ClearView(t.rtv.get(), nullptr, nullptr, 0);
  c->UpdateSubresource(cb.get(), 7, nullptr, one, 0, 0);
  c->UpdateSubresource(nullptr, 0, nullptr, nullptr, 0, 0);
  D3D11_MAPPED_SUBRESOURCE m{};
  CHECK(c->Map(cb.get(), 0xFFFFFFFFu, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);
  CHECK(c->Map(nullptr, 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);
  c->Unmap(nullptr, 0);
  Com<ID3D11Buffer> kept;
  c->VSGetConstantBuffers(0, 1, kept.out());
  CHECK(kept.get() == cb.get());
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);
  d.context->ExecuteCommandList(list.get(), TRUE);
  d.context->ExecuteCommandList(list.get(), FALSE);
  Com<ID3D11Buffer> none;
  d.context->VSGetConstantBuffers(0, 1, none.out());
  CHECK(none.get() == nullptr);
}

TEST_CASE("Deferred contexts: a list of many commands records and replays (its memory grows in blocks)",
          "[draw][deferred][pixels]") {
  RenderDevice d;
  DrawTarget t(d, 4, 4);
  Com<ID3D11DeviceContext> c = deferredContext(d);
  ID3D11RenderTargetView* rtv = t.rtv.get();
  c->OMSetRenderTargets(1, &rtv, nullptr);
  // 20000 clears, each a colour of its own; the last one stays.
  for (int i = 0; i < 20000; ++i) {
    const float colour[4] = {float(i % 256) / 256.0f, float(i / 256) / 256.0f, 0.5f, 1.0f};
    c->ClearRenderTargetView(rtv, colour);
  }
  Com<ID3D11CommandList> list;
  REQUIRE(c->FinishCommandList(FALSE, list.out()) == S_OK);
  d.context->ExecuteCommandList(list.get(), FALSE);
  const int last = 19999;
  for (const auto& p : t.pixels())
    CHECK(p == std::array<float, 4>{float(last % 256) / 256.0f, float(last / 256) / 256.0f, 0.5f, 1.0f});
}
