// tests/render: every rejected call of the slice — the HRESULT D3D11 returns,
// the debug-layer message (ID and name), and that the driver was not called
// (DDI trace) — plus Map/Unmap/copy misuse that D3D11 drops with a message.
#include "checked_device.h"

#include <functional>

using namespace d3dvk::test;

namespace {

void expectMessages(Checked& c, std::vector<D3D11_MESSAGE_ID> ids) {
  std::vector<D3D11_MESSAGE_ID> gotIds;
  for (const StoredMessage& m : drainMessages(c.queue.get())) gotIds.push_back(m.id);
  CHECK(gotIds == ids);
}

}  // namespace

TEST_CASE("CreateBuffer rejects invalid descs with E_INVALIDARG, a message, and no driver call",
          "[render][errors]") {
  Checked c;
  uint32_t data[16] = {};
  D3D11_SUBRESOURCE_DATA init{data, 0, 0}, nullInit{nullptr, 0, 0};
  struct Case {
    const char* what;
    D3D11_BUFFER_DESC desc;
    const D3D11_SUBRESOURCE_DATA* init;
    D3D11_MESSAGE_ID id;
  };
  const Case cases[] = {
      {"zero size", {0, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS},
      {"unknown usage", {64, D3D11_USAGE(7), 0, 0, 0, 0}, nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDUSAGE},
      {"unknown bind flag", {64, D3D11_USAGE_DEFAULT, 0x80000000u, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDBINDFLAGS},
      {"unknown CPU flag", {64, D3D11_USAGE_STAGING, 0, 0x1u, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDCPUACCESSFLAGS},
      {"depth-stencil buffer", {64, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS},
      {"staging with bind flags", {64, D3D11_USAGE_STAGING, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_READ, 0, 0},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS},
      {"dynamic stream output",
       {64, D3D11_USAGE_DYNAMIC, D3D11_BIND_STREAM_OUTPUT, D3D11_CPU_ACCESS_WRITE, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS},
      {"default with CPU access", {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCPUACCESSFLAGS},
      {"dynamic with CPU read",
       {64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0, 0},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCPUACCESSFLAGS},
      {"staging without CPU access", {64, D3D11_USAGE_STAGING, 0, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCPUACCESSFLAGS},
      {"immutable without data", {64, D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDINITIALDATA},
      {"null pSysMem", {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0}, &nullInit,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDINITIALDATA},
      {"constant buffer with another bind",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_VERTEX_BUFFER, 0, 0, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCONSTANTBUFFERBINDINGS},
      {"constant buffer size not a multiple of 16", {40, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS},
      {"a texture-only misc flag", {64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_TEXTURECUBE, 0},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS},
      {"structured and raw views",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
        D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 4},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS},
      {"structured indirect arguments",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
        D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 4},
       nullptr, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS},
      {"structured vertex buffer",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS},
      {"raw views on a constant buffer",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS},
      {"structure stride 0",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDSTRUCTURESTRIDE},
      {"structure stride not a multiple of 4",
       {60, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 6}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDSTRUCTURESTRIDE},
      {"structure stride not dividing ByteWidth",
       {64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 12}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDSTRUCTURESTRIDE},
      {"structure stride over 2048",
       {4096, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4096}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDSTRUCTURESTRIDE},
      {"raw views on a buffer whose size is not a multiple of 4",
       {62, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0}, nullptr,
       D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS},
  };
  (void)init;
  for (const Case& k : cases) {
    INFO(k.what);
    ID3D11Buffer* buffer = reinterpret_cast<ID3D11Buffer*>(0x1);
    CHECK(c.d->CreateBuffer(&k.desc, k.init, &buffer) == E_INVALIDARG);
    CHECK(buffer == nullptr);
    expectMessages(c, {k.id, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN});
  }
  CHECK(c.d->CreateBuffer(nullptr, nullptr, nullptr) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN});
  // A valid desc without an output pointer: S_FALSE, nothing created.
  D3D11_BUFFER_DESC ok{64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  CHECK(c.d->CreateBuffer(&ok, nullptr, nullptr) == S_FALSE);
  CHECK(c.ddiCalls("CreateResource") == 0);
  CHECK(c.ddiCalls("CalcPrivateResourceSize") == 0);
}

TEST_CASE("CreateTexture2D rejects invalid descs with E_INVALIDARG, a message, and no driver call",
          "[render][errors]") {
  Checked c;
  uint32_t texels[64] = {};
  D3D11_SUBRESOURCE_DATA init{texels, 16, 0};
  struct Case {
    const char* what;
    D3D11_TEXTURE2D_DESC desc;
    const D3D11_SUBRESOURCE_DATA* init;
    D3D11_MESSAGE_ID id;
  };
  auto desc = [](auto&& edit) {
    D3D11_TEXTURE2D_DESC d = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    edit(d);
    return d;
  };
  const Case cases[] = {
      {"zero width", desc([](auto& d) { d.Width = 0; }), nullptr, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS},
      {"too tall", desc([](auto& d) { d.Height = 16385; }), nullptr, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS},
      {"zero array size", desc([](auto& d) { d.ArraySize = 0; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS},
      {"too many mips", desc([](auto& d) { d.MipLevels = 4; }), nullptr, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMIPLEVELS},
      {"unrecognized format", desc([](auto& d) { d.Format = DXGI_FORMAT(5000); }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDFORMAT},
      {"unsupported format", desc([](auto& d) { d.Format = DXGI_FORMAT_R8G8_B8G8_UNORM; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT},
      {"zero samples", desc([](auto& d) { d.SampleDesc.Count = 0; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES},
      {"unsupported sample count", desc([](auto& d) { d.SampleDesc.Count = 3; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES},
      {"quality beyond the levels", desc([](auto& d) { d.SampleDesc = {4, 1}; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES},
      {"multisampled with mips", desc([](auto& d) { d.SampleDesc.Count = 4, d.MipLevels = 2; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES},
      {"unknown usage", desc([](auto& d) { d.Usage = D3D11_USAGE(9); }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDUSAGE},
      {"unknown bind flag", desc([](auto& d) { d.BindFlags = 0x40000000; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDBINDFLAGS},
      {"vertex-buffer bind", desc([](auto& d) { d.BindFlags = D3D11_BIND_VERTEX_BUFFER; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"depth bind on a colour format", desc([](auto& d) { d.BindFlags = D3D11_BIND_DEPTH_STENCIL; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"render target on a depth format", desc([](auto& d) { d.Format = DXGI_FORMAT_D32_FLOAT; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"shader resource on a depth format",
       desc([](auto& d) { d.Format = DXGI_FORMAT_D24_UNORM_S8_UINT, d.BindFlags = D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE; }),
       nullptr, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"staging render target",
       desc([](auto& d) { d.Usage = D3D11_USAGE_STAGING, d.CPUAccessFlags = D3D11_CPU_ACCESS_READ; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"dynamic render target",
       desc([](auto& d) { d.Usage = D3D11_USAGE_DYNAMIC, d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS},
      {"default with CPU access", desc([](auto& d) { d.CPUAccessFlags = D3D11_CPU_ACCESS_READ; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDCPUACCESSFLAGS},
      {"immutable without data",
       desc([](auto& d) { d.Usage = D3D11_USAGE_IMMUTABLE, d.BindFlags = D3D11_BIND_SHADER_RESOURCE; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA},
      {"multisampled with data", desc([](auto& d) { d.SampleDesc.Count = 4; }), &init,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA},
      {"cube misc flag on one slice", desc([](auto& d) { d.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS},
      {"an unsupported misc flag", desc([](auto& d) { d.MiscFlags = D3D11_RESOURCE_MISC_SHARED; }), nullptr,
       D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS},
  };
  for (const Case& k : cases) {
    INFO(k.what);
    ID3D11Texture2D* texture = reinterpret_cast<ID3D11Texture2D*>(0x1);
    CHECK(c.d->CreateTexture2D(&k.desc, k.init, &texture) == E_INVALIDARG);
    CHECK(texture == nullptr);
    expectMessages(c, {k.id, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDARG_RETURN});
  }
  CHECK(c.d->CreateTexture2D(nullptr, nullptr, nullptr) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATETEXTURE2D_NULLDESC, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDARG_RETURN});
  CHECK(c.ddiCalls("CreateResource") == 0);
}

TEST_CASE("view creation rejects wrong resources, formats, dimensions and ranges without a driver call",
          "[render][errors]") {
  Checked c;
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  D3D11_TEXTURE2D_DESC rd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> srvOnly, rtOnly;
  REQUIRE(c.d->CreateTexture2D(&sd, nullptr, srvOnly.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&rd, nullptr, rtOnly.out()) == S_OK);
  drainMessages(c.queue.get());
  const size_t before = c.ddiCalls("CreateRenderTargetView");

  Com<ID3D11RenderTargetView> rtv;
  CHECK(c.d->CreateRenderTargetView(srvOnly.get(), nullptr, rtv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE,
                     D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN});
  CHECK(c.d->CreateRenderTargetView(nullptr, nullptr, rtv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE,
                     D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN});
  D3D11_RENDER_TARGET_VIEW_DESC wrongFormat{DXGI_FORMAT_R32_UINT, D3D11_RTV_DIMENSION_TEXTURE2D};
  CHECK(c.d->CreateRenderTargetView(rtOnly.get(), &wrongFormat, rtv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDFORMAT,
                     D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN});
  D3D11_RENDER_TARGET_VIEW_DESC msOnSingle{DXGI_FORMAT_UNKNOWN, D3D11_RTV_DIMENSION_TEXTURE2DMS};
  CHECK(c.d->CreateRenderTargetView(rtOnly.get(), &msOnSingle, rtv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC,
                     D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN});
  D3D11_RENDER_TARGET_VIEW_DESC badMip{DXGI_FORMAT_UNKNOWN, D3D11_RTV_DIMENSION_TEXTURE2D};
  badMip.Texture2D.MipSlice = 1;
  CHECK(c.d->CreateRenderTargetView(rtOnly.get(), &badMip, rtv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS,
                     D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN});
  CHECK(c.ddiCalls("CreateRenderTargetView") == before);

  Com<ID3D11DepthStencilView> dsv;
  CHECK(c.d->CreateDepthStencilView(rtOnly.get(), nullptr, dsv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE,
                     D3D11_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDARG_RETURN});
  Com<ID3D11ShaderResourceView> srv;
  CHECK(c.d->CreateShaderResourceView(rtOnly.get(), nullptr, srv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE,
                     D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN});
  D3D11_SHADER_RESOURCE_VIEW_DESC mips{DXGI_FORMAT_UNKNOWN, D3D11_SRV_DIMENSION_TEXTURE2D};
  mips.Texture2D = {0, 2};
  CHECK(c.d->CreateShaderResourceView(srvOnly.get(), &mips, srv.out()) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS,
                     D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN});
  CHECK(c.ddiCalls("CreateDepthStencilView") == 0);
  CHECK(c.ddiCalls("CreateShaderResourceView") == 0);
  // A valid view with no output: S_FALSE.
  CHECK(c.d->CreateShaderResourceView(srvOnly.get(), nullptr, nullptr) == S_FALSE);
}

TEST_CASE("Map/Unmap misuse: HRESULTs and messages, nothing reaches the driver", "[render][errors]") {
  Checked c;
  D3D11_BUFFER_DESC def{64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  D3D11_BUFFER_DESC dyn{64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  D3D11_BUFFER_DESC readOnly{64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  D3D11_TEXTURE2D_DESC dynTex = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                                              D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Buffer> a, b, s;
  Com<ID3D11Texture2D> t;
  REQUIRE(c.d->CreateBuffer(&def, nullptr, a.out()) == S_OK);
  REQUIRE(c.d->CreateBuffer(&dyn, nullptr, b.out()) == S_OK);
  REQUIRE(c.d->CreateBuffer(&readOnly, nullptr, s.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&dynTex, nullptr, t.out()) == S_OK);
  drainMessages(c.queue.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  CHECK(c.d.context->Map(a.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);  // DEFAULT
  CHECK(c.d.context->Map(b.get(), 0, D3D11_MAP_WRITE, 0, &m) == E_INVALIDARG);          // DYNAMIC needs DISCARD
  CHECK(c.d.context->Map(s.get(), 0, D3D11_MAP_WRITE, 0, &m) == E_INVALIDARG);          // no CPU write access
  CHECK(c.d.context->Map(s.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);  // not dynamic
  CHECK(c.d.context->Map(t.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m) == E_INVALIDARG);  // textures: discard only
  CHECK(c.d.context->Map(b.get(), 0, D3D11_MAP(0), 0, &m) == E_INVALIDARG);
  expectMessages(c, std::vector<D3D11_MESSAGE_ID>(6, D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDMAPTYPE));
  CHECK(c.d.context->Map(b.get(), 1, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDSUBRESOURCE});
  CHECK(c.d.context->Map(b.get(), 0, D3D11_MAP_WRITE_DISCARD, 0x1, &m) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_RESOURCE_MAP_INVALIDFLAGS});
  CHECK(c.d.context->Map(b.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, nullptr) == E_INVALIDARG);
  CHECK(c.d.context->Map(nullptr, 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);
  c.d.context->Unmap(b.get(), 0);
  expectMessages(c, {D3D11_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED});
  CHECK(c.ddiCalls("DynamicIABufferMapDiscard") == 0);
  CHECK(c.ddiCalls("StagingResourceMap") == 0);
  CHECK(c.ddiCalls("DynamicIABufferUnmap") == 0);
  REQUIRE(c.d.context->Map(b.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  CHECK(c.d.context->Map(b.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == E_INVALIDARG);
  expectMessages(c, {D3D11_MESSAGE_ID_RESOURCE_MAP_ALREADYMAPPED});
  c.d.context->Unmap(b.get(), 0);
  CHECK(c.ddiCalls("DynamicIABufferMapDiscard") == 1);
  CHECK(c.ddiCalls("DynamicIABufferUnmap") == 1);
}

TEST_CASE("copy, update, resolve and clear misuse is dropped with D3D11's message", "[render][errors]") {
  Checked c;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  D3D11_TEXTURE2D_DESC other = texture2DDesc(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  D3D11_TEXTURE2D_DESC imm = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                                           D3D11_USAGE_IMMUTABLE);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  uint32_t texels[16] = {};
  D3D11_SUBRESOURCE_DATA init{texels, 16, 0};
  Com<ID3D11Texture2D> a, b, wide, immutable, depth;
  REQUIRE(c.d->CreateTexture2D(&td, nullptr, a.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&td, nullptr, b.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&other, nullptr, wide.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&imm, &init, immutable.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  Com<ID3D11DepthStencilView> dsv;
  REQUIRE(c.d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
  drainMessages(c.queue.get());

  c.d.context->CopyResource(wide.get(), a.get());
  c.d.context->CopyResource(a.get(), a.get());
  expectMessages(c, {D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCE, D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCE});
  c.d.context->CopyResource(immutable.get(), a.get());
  expectMessages(c, {D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDDESTINATIONSTATE});
  CHECK(c.ddiCalls("ResourceCopy") == 0);

  D3D11_BOX outside{2, 0, 0, 6, 2, 1};
  c.d.context->CopySubresourceRegion(b.get(), 0, 0, 0, 0, a.get(), 0, &outside);
  D3D11_BOX fits{0, 0, 0, 2, 2, 1};
  c.d.context->CopySubresourceRegion(b.get(), 0, 3, 3, 0, a.get(), 0, &fits);  // runs off the destination
  expectMessages(c, {D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX,
                     D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX});
  c.d.context->CopySubresourceRegion(b.get(), 1, 0, 0, 0, a.get(), 0, nullptr);
  c.d.context->CopySubresourceRegion(b.get(), 0, 0, 0, 0, a.get(), 5, nullptr);
  expectMessages(c, {D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDDESTINATIONSUBRESOURCE,
                     D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCESUBRESOURCE});
  D3D11_BOX empty{1, 1, 0, 1, 2, 1};
  c.d.context->CopySubresourceRegion(b.get(), 0, 0, 0, 0, a.get(), 0, &empty);
  expectMessages(c, {D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_EMPTYSOURCEBOX});
  CHECK(c.ddiCalls("ResourceCopyRegion") == 0);

  c.d.context->UpdateSubresource(immutable.get(), 0, nullptr, texels, 16, 0);
  c.d.context->UpdateSubresource(depth.get(), 0, nullptr, texels, 16, 0);
  expectMessages(c, {D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE,
                     D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE});
  D3D11_BOX beyond{0, 0, 0, 5, 1, 1};
  c.d.context->UpdateSubresource(a.get(), 0, &beyond, texels, 16, 0);
  expectMessages(c, {D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONBOX});
  CHECK(c.ddiCalls("ResourceUpdateSubresourceUP") == 0);

  c.d.context->ResolveSubresource(b.get(), 0, a.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);  // source not multisampled
  expectMessages(c, {D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_SOURCE_INVALID});
  // Resolve formats: Format typed, each resource Format or its typeless family, and resolvable.
  D3D11_TEXTURE2D_DESC msd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_RENDER_TARGET,
                                           D3D11_USAGE_DEFAULT, 0, 4);
  Com<ID3D11Texture2D> msTypeless, msUnorm, msUint, flat, srgbFlat, uintFlat, typelessFlat;
  REQUIRE(c.d->CreateTexture2D(&msd, nullptr, msTypeless.out()) == S_OK);
  msd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  REQUIRE(c.d->CreateTexture2D(&msd, nullptr, msUnorm.out()) == S_OK);
  msd.Format = DXGI_FORMAT_R8G8B8A8_UINT;
  REQUIRE(c.d->CreateTexture2D(&msd, nullptr, msUint.out()) == S_OK);
  REQUIRE(c.d->CreateTexture2D(&td, nullptr, flat.out()) == S_OK);  // R8G8B8A8_UNORM
  D3D11_TEXTURE2D_DESC fd = td;
  fd.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  REQUIRE(c.d->CreateTexture2D(&fd, nullptr, srgbFlat.out()) == S_OK);
  fd.Format = DXGI_FORMAT_R8G8B8A8_UINT;
  REQUIRE(c.d->CreateTexture2D(&fd, nullptr, uintFlat.out()) == S_OK);
  fd.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
  REQUIRE(c.d->CreateTexture2D(&fd, nullptr, typelessFlat.out()) == S_OK);
  struct BadResolve {
    ID3D11Texture2D *dst, *src;
    DXGI_FORMAT format;
    const char* why;
  } bad[] = {
      {flat.get(), msUnorm.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "typed resources: Format must be theirs"},
      {srgbFlat.get(), msUnorm.get(), DXGI_FORMAT_R8G8B8A8_UNORM, "typed resources of two formats"},
      {typelessFlat.get(), msTypeless.get(), DXGI_FORMAT_R8G8B8A8_TYPELESS, "Format typeless"},
      {flat.get(), msTypeless.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "a typed side whose format is not Format"},
      {typelessFlat.get(), msTypeless.get(), DXGI_FORMAT_R16G16_FLOAT, "Format of another family"},
      {uintFlat.get(), msUint.get(), DXGI_FORMAT_R8G8B8A8_UINT, "integer formats do not resolve"},
      {typelessFlat.get(), msTypeless.get(), DXGI_FORMAT_R8G8B8A8_SINT, "nor integer members of a typeless family"},
  };
  for (const BadResolve& r : bad) {
    INFO(r.why);
    c.d.context->ResolveSubresource(r.dst, 0, r.src, 0, r.format);
    expectMessages(c, {D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_FORMAT_INVALID});
  }
  c.d.context->ResolveSubresource(wide.get(), 0, msUnorm.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);  // 8x4 from 4x4
  expectMessages(c, {D3D11_MESSAGE_ID_DEVICE_RESOLVESUBRESOURCE_DESTINATION_INVALID});
  CHECK(c.ddiCalls("ResourceResolveSubresource") == 0);
  // The three valid shapes reach the driver silently.
  c.d.context->ResolveSubresource(flat.get(), 0, msUnorm.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  c.d.context->ResolveSubresource(srgbFlat.get(), 0, msTypeless.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
  c.d.context->ResolveSubresource(typelessFlat.get(), 0, msTypeless.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  expectMessages(c, {});
  CHECK(c.ddiCalls("ResourceResolveSubresource") == 3);

  c.d.context->ClearDepthStencilView(dsv.get(), 0, 0.5f, 0);
  c.d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 1.5f, 0);
  expectMessages(c, {D3D11_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, D3D11_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID});
  CHECK(c.ddiCalls("ClearDepthStencilView") == 0);
}

TEST_CASE("resources larger than the device can hold fail with E_OUTOFMEMORY and the OUTOFMEMORY message",
          "[render][errors]") {
  Checked c;
  Com<ID3D11Buffer> buffer;
  // 16384 × 16384 × 16 bytes × 64 slices = 256 GiB.
  D3D11_TEXTURE2D_DESC big = texture2DDesc(16384, 16384, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
  big.ArraySize = 64;
  Com<ID3D11Texture2D> texture;
  CHECK(c.d->CreateTexture2D(&big, nullptr, texture.out()) == E_OUTOFMEMORY);
  CHECK(!texture);
  expectMessages(c, {D3D11_MESSAGE_ID_CREATETEXTURE2D_OUTOFMEMORY_RETURN});
  // The device still works afterwards.
  D3D11_BUFFER_DESC small{16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  CHECK(c.d->CreateBuffer(&small, nullptr, buffer.out()) == S_OK);
}

TEST_CASE("a buffer beyond D3D11's maximum resource size (2048 MB) is an invalid argument, not a driver allocation",
          "[render][errors]") {
  // D3D11's resource limits: no resource is larger than
  // min(max(128, VRAM / 4), 2048) MB (D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM
  // caps it on every device), so ByteWidth > 2^31 is outside the API's range.
  Checked c;
  for (UINT bytes : {0xFFFFFFFFu, 0xFFFFFFF0u, 0x80000010u}) {
    INFO("ByteWidth " << bytes);
    D3D11_BUFFER_DESC huge{bytes, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    Com<ID3D11Buffer> buffer;
    CHECK(c.d->CreateBuffer(&huge, nullptr, buffer.out()) == E_INVALIDARG);
    CHECK(!buffer);
    CHECK(c.d->CreateBuffer(&huge, nullptr, nullptr) == E_INVALIDARG);  // validation alone says so too
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() == 4);  // the reason and INVALIDARG_RETURN, twice
    CHECK(m[0].id == D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS);
    CHECK(m[0].text.find("2048 MB") != std::string::npos);
    CHECK(m[1].id == D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN);
  }
  CHECK(c.ddiCalls("CalcPrivateResourceSize") == 0);
  CHECK(c.ddiCalls("CreateResource") == 0);
  // Exactly 2048 MB is within the limit (validation only: no 2 GiB allocation here).
  D3D11_BUFFER_DESC limit{0x80000000u, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  CHECK(c.d->CreateBuffer(&limit, nullptr, nullptr) == S_FALSE);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("initial data whose SysMemPitch is below a row is valid: rows start SysMemPitch apart, 0 repeats row 0",
          "[render][resources]") {
  // D3D11.3 functional spec 5.5: "Pitch values are restricted only to non-negative
  // integers, intentionally including zero for which the first row will be
  // replicated to all rows."
  Checked c;
  constexpr UINT kW = 4, kH = 4;
  std::vector<uint32_t> texels(kW * kH * 2);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = 0x01000000u * uint32_t(i) + 0x00010203u;
  for (UINT pitch : {0u, 4u, 8u, 12u}) {  // bytes; a row is 16
    INFO("SysMemPitch " << pitch);
    const D3D11_TEXTURE2D_DESC desc = texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    const D3D11_SUBRESOURCE_DATA init{texels.data(), pitch, 0};
    Com<ID3D11Texture2D> texture;
    REQUIRE(c.d->CreateTexture2D(&desc, &init, texture.out()) == S_OK);
    const std::vector<uint8_t> got = readback(c.d, texture.get());
    for (UINT y = 0; y < kH; ++y)
      for (UINT x = 0; x < kW; ++x) {
        uint32_t want;
        std::memcpy(&want, reinterpret_cast<const uint8_t*>(texels.data()) + y * pitch + x * 4, 4);
        CHECK(texelAt<uint32_t>(got, y * kW + x) == want);
      }
  }
  CHECK(drainMessages(c.queue.get()).empty());
}
