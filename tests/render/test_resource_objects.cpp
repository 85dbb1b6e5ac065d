// tests/render: the API objects — ID3D11Buffer/ID3D11Texture2D GetDesc,
// GetType, QueryInterface, private data and device; views' GetResource and
// GetDesc (defaults filled in); OMSetRenderTargets/OMGetRenderTargets and the
// SetRenderTargets DDI; CheckFormatSupport and CheckMultisampleQualityLevels.
#include "ddi_trace_log.h"
#include "render_test_util.h"

#include <atomic>
#include <thread>

using namespace d3dvk::test;

namespace {
const GUID kTestGuid = {0x12345678, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
}

TEST_CASE("ID3D11Buffer and ID3D11Texture2D: GetDesc, GetType, QueryInterface, private data, GetDevice",
          "[render][objects]") {
  RenderDevice d;
  D3D11_BUFFER_DESC bd{48, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(d->CreateBuffer(&bd, nullptr, buffer.out()) == S_OK);
  D3D11_BUFFER_DESC got{};
  buffer->GetDesc(&got);
  CHECK(std::memcmp(&got, &bd, sizeof bd) == 0);
  D3D11_RESOURCE_DIMENSION dim{};
  buffer->GetType(&dim);
  CHECK(dim == D3D11_RESOURCE_DIMENSION_BUFFER);

  D3D11_TEXTURE2D_DESC td = texture2DDesc(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  td.MipLevels = 0;  // full chain
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  D3D11_TEXTURE2D_DESC tgot{};
  texture->GetDesc(&tgot);
  CHECK(tgot.MipLevels == 5);  // 16x8 → 16, 8, 4, 2, 1
  CHECK(tgot.Width == 16);
  CHECK(tgot.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  texture->GetType(&dim);
  CHECK(dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D);

  Com<ID3D11Resource> resource;
  REQUIRE(texture->QueryInterface(__uuidof(ID3D11Resource), reinterpret_cast<void**>(resource.out())) == S_OK);
  CHECK(static_cast<void*>(resource.get()) == static_cast<void*>(texture.get()));
  Com<ID3D11Buffer> notBuffer;
  CHECK(texture->QueryInterface(__uuidof(ID3D11Buffer), reinterpret_cast<void**>(notBuffer.out())) == E_NOINTERFACE);

  const char name[] = "albedo";
  REQUIRE(texture->SetPrivateData(kTestGuid, sizeof name, name) == S_OK);
  char back[16] = {};
  UINT size = sizeof back;
  REQUIRE(texture->GetPrivateData(kTestGuid, &size, back) == S_OK);
  CHECK(size == sizeof name);
  CHECK(std::string(back) == "albedo");
  Com<ID3D11Device> owner;
  texture->GetDevice(owner.out());
  CHECK(owner.get() == d.device.get());
  texture->SetEvictionPriority(0x28000000);
  CHECK(texture->GetEvictionPriority() == 0x28000000u);
}

TEST_CASE("views: default descs, GetResource keeps the resource alive after the app releases it",
          "[render][objects]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R16G16B16A16_FLOAT,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  td.ArraySize = 3;
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11ShaderResourceView> srv;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateShaderResourceView(texture.get(), nullptr, srv.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(texture.get(), nullptr, rtv.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
  srv->GetDesc(&sd);
  CHECK(sd.Format == DXGI_FORMAT_R16G16B16A16_FLOAT);
  CHECK(sd.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY);
  CHECK(sd.Texture2DArray.ArraySize == 3);
  CHECK(sd.Texture2DArray.MipLevels == 1);
  D3D11_RENDER_TARGET_VIEW_DESC rd{};
  rtv->GetDesc(&rd);
  CHECK(rd.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY);
  ID3D11Texture2D* raw = texture.get();
  texture.p = nullptr;
  raw->Release();  // the views still hold it
  Com<ID3D11Resource> fromView;
  rtv->GetResource(fromView.out());
  CHECK(static_cast<void*>(fromView.get()) == static_cast<void*>(raw));
  const float color[4] = {1, 2, 3, 4};
  d.context->ClearRenderTargetView(rtv.get(), color);  // still a live resource

  D3D11_TEXTURE2D_DESC ms = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0, 4);
  Com<ID3D11Texture2D> msTexture;
  REQUIRE(d->CreateTexture2D(&ms, nullptr, msTexture.out()) == S_OK);
  Com<ID3D11ShaderResourceView> msSrv;
  REQUIRE(d->CreateShaderResourceView(msTexture.get(), nullptr, msSrv.out()) == S_OK);
  msSrv->GetDesc(&sd);
  CHECK(sd.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMS);
}

TEST_CASE("OMSetRenderTargets binds views (DDI SetRenderTargets) and OMGetRenderTargets returns them",
          "[render][objects][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  {
    RenderDevice d;
    D3D11_TEXTURE2D_DESC cd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> c0, c1, depth;
    REQUIRE(d->CreateTexture2D(&cd, nullptr, c0.out()) == S_OK);
    REQUIRE(d->CreateTexture2D(&cd, nullptr, c1.out()) == S_OK);
    REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
    Com<ID3D11RenderTargetView> r0, r1;
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateRenderTargetView(c0.get(), nullptr, r0.out()) == S_OK);
    REQUIRE(d->CreateRenderTargetView(c1.get(), nullptr, r1.out()) == S_OK);
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    ID3D11RenderTargetView* views[2] = {r0.get(), r1.get()};
    d.context->OMSetRenderTargets(2, views, dsv.get());
    ID3D11RenderTargetView* got[3] = {};
    ID3D11DepthStencilView* gotDsv = nullptr;
    d.context->OMGetRenderTargets(3, got, &gotDsv);
    CHECK(got[0] == r0.get());
    CHECK(got[1] == r1.get());
    CHECK(got[2] == nullptr);
    CHECK(gotDsv == dsv.get());
    for (auto* v : got)
      if (v) v->Release();
    gotDsv->Release();
    ID3D11RenderTargetView* one[1] = {r1.get()};
    d.context->OMSetRenderTargets(1, one, nullptr);
    // Bound views outlive the application's references; releasing everything is clean.
  }
  std::vector<std::string> sets = trace.calls("SetRenderTargets");
  REQUIRE(sets.size() == 2);
  CHECK(sets[0].find("NumRTVs=2, ClearSlots=0") != std::string::npos);
  CHECK(sets[1].find("NumRTVs=1, ClearSlots=1, hDSV=(nil)") != std::string::npos);
  CHECK(trace.calls("DestroyRenderTargetView").size() == 2);
  CHECK(trace.calls("DestroyDepthStencilView").size() == 1);
  CHECK(trace.calls("DestroyResource").size() == 3);
}

TEST_CASE("CheckFormatSupport and CheckMultisampleQualityLevels for the slice's formats", "[render][objects]") {
  RenderDevice d;
  for (DXGI_FORMAT f : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R32G32B32A32_FLOAT}) {
    UINT support = 0;
    REQUIRE(d->CheckFormatSupport(f, &support) == S_OK);
    INFO("format " << int(f));
    const UINT want = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET |
                      D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE |
                      D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE;
    CHECK((support & want) == want);
    CHECK(!(support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL));
  }
  for (DXGI_FORMAT f : {DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32G32_UINT}) {
    UINT support = 0;
    REQUIRE(d->CheckFormatSupport(f, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET));
    CHECK(!(support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE));  // integer formats do not resolve
    CHECK(!(support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE));        // nor filter
  }
  for (DXGI_FORMAT f : {DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_D32_FLOAT}) {
    UINT support = 0;
    REQUIRE(d->CheckFormatSupport(f, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL));
    CHECK(!(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET));
    UINT levels = 0;
    REQUIRE(d->CheckMultisampleQualityLevels(f, 4, &levels) == S_OK);
    CHECK(levels == 1);
  }
  UINT support = 1;
  CHECK(d->CheckFormatSupport(DXGI_FORMAT_R8G8_B8G8_UNORM, &support) == E_FAIL);  // not backed (docs/formats.md)
  CHECK(support == 0);
  CHECK(d->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, nullptr) == E_INVALIDARG);

  UINT levels = 99;
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 1, &levels) == S_OK);
  CHECK(levels == 1);
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 3, &levels) == S_OK);
  CHECK(levels == 0);  // not a sample count the device has
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_BC7_UNORM, 4, &levels) == S_OK);
  CHECK(levels == 0);
  CHECK(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &levels) == E_FAIL);
  CHECK(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 64, &levels) == E_FAIL);
  CHECK(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, nullptr) == E_INVALIDARG);
}

TEST_CASE("resources can be created and released on other threads while the immediate context works",
          "[render][objects][threads]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC rd = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> target;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateTexture2D(&rd, nullptr, target.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(target.get(), nullptr, rtv.out()) == S_OK);
  std::atomic<int> failures{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < 3; ++t)
    workers.emplace_back([&, t] {
      std::vector<uint32_t> texels(8 * 8, 0x01010101u * uint32_t(t + 1));
      D3D11_SUBRESOURCE_DATA init{texels.data(), 8 * 4, 0};
      D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
      for (int i = 0; i < 20; ++i) {
        ID3D11Texture2D* texture = nullptr;
        if (d->CreateTexture2D(&td, &init, &texture) != S_OK) ++failures;
        if (texture) texture->Release();
      }
    });
  for (int i = 0; i < 20; ++i) {
    const float color[4] = {float(i) / 20.0f, 0, 0, 1};
    d.context->ClearRenderTargetView(rtv.get(), color);
  }
  for (std::thread& w : workers) w.join();
  CHECK(failures == 0);
  std::vector<uint8_t> px = readback(d, target.get());
  CHECK(px[0] == floatToUnorm(19.0f / 20.0f, 8));
}
