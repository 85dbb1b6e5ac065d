// tests/compute: the R8 / R16 / R32 format families through the public D3D11
// API on lavapipe, read back through staging copies and compute shaders:
//  * render targets of R8G8_UNORM, R8G8B8A8_UNORM_SRGB, R16_FLOAT, R16_UNORM,
//    R16G16_SNORM and R8_UINT: clears and draws store what D3D's conversions
//    give (computed here independently), and SRVs read it back normalized;
//  * typed buffer SRVs of R8G8B8A8_UNORM and R16_UINT;
//  * typeless textures: R32_TYPELESS written through an R32_UINT UAV
//    (InterlockedAdd), cleared through an R32_FLOAT UAV and read through an
//    R32_FLOAT SRV; R8G8B8A8_TYPELESS drawn through an UNORM_SRGB view and read
//    through an UNORM view; copies within a family;
//  * the runtime's rules for typeless resources and their views, each with its message.
#include "compute_test_util.h"
#include "draw_test_util.h"
#include "norm_tolerance.h"

#include <cmath>
#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// u0[y * 4 + x] = t0.Load(x, y) as float4 (4x4 threads).
const char kCsLoadFloat[] = R"(cs_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_structured u0, 16
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 4, 4, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0, 0, 0, 0)
ld r1.xyzw, r0.xyzw, t0.xyzw
imad r0.x, vThreadID.y, l(4), vThreadID.x
store_structured u0.xyzw, r0.x, l(0), r1.xyzw
ret
)";

// u0[i] = t0[i] (a typed buffer of floats) and u0[i].w = t1[i] (a typed buffer of uints), 4 threads.
const char kCsLoadBuffers[] = R"(cs_5_0
dcl_resource_buffer (float,float,float,float) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_uav_structured u0, 16
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 4, 1, 1
ld r0.xyzw, vThreadID.xxxx, t0.xyzw
ld r1.x, vThreadID.xxxx, t1.xyzw
utof r0.w, r1.x
store_structured u0.xyzw, vThreadID.x, l(0), r0.xyzw
ret
)";

// 4x4 threads: u1[xy] += x + 1 (an R32_UINT view of an R32_TYPELESS texture).
const char kCsAddUint[] = R"(cs_5_0
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_input vThreadID.xy
dcl_temps 1
dcl_thread_group 4, 4, 1
iadd r0.x, vThreadID.x, l(1)
atomic_iadd u1, vThreadID.xyxx, r0.x
ret
)";

float srgbEncode(float v) { return v <= 0.0031308f ? v * 12.92f : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f; }
float srgbDecode(float v) { return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); }

Com<ID3D11ShaderResourceView> textureSrv(RenderDevice& d, ID3D11Texture2D* t, DXGI_FORMAT format) {
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.Format = format;
  s.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  s.Texture2D = {0, 1};
  Com<ID3D11ShaderResourceView> v;
  REQUIRE(d->CreateShaderResourceView(t, &s, v.out()) == S_OK);
  return v;
}

// t0 of a 4x4 texture through `srv`, loaded by a compute shader: 16 float4s.
std::vector<std::array<float, 4>> loadThroughShader(RenderDevice& d, ID3D11ShaderResourceView* srv) {
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 16);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsLoadFloat);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetShaderResources(0, 1, &srv);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  ID3D11ShaderResourceView* none = nullptr;
  d.context->CSSetShaderResources(0, 1, &none);
  const std::vector<uint32_t> raw = readBuffer(d, out.get());
  std::vector<std::array<float, 4>> texels(16);
  std::memcpy(texels.data(), raw.data(), 256);
  return texels;
}

std::vector<uint8_t> readTexels(RenderDevice& d, ID3D11Texture2D* t, UINT bytesPerTexel) {
  D3D11_TEXTURE2D_DESC desc;
  t->GetDesc(&desc);
  D3D11_TEXTURE2D_DESC sd = desc;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopyResource(staging.get(), t);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  std::vector<uint8_t> out(size_t(desc.Width) * desc.Height * bytesPerTexel);
  for (UINT y = 0; y < desc.Height; ++y)
    std::memcpy(out.data() + size_t(y) * desc.Width * bytesPerTexel, static_cast<uint8_t*>(m.pData) + y * m.RowPitch,
                desc.Width * bytesPerTexel);
  d.context->Unmap(staging.get(), 0);
  return out;
}

uint16_t halfOf(float f) {  // exact for the values used here
  if (f == 0.0f) return 0;
  int e = 0;
  const float m = std::frexp(std::fabs(f), &e);  // f = m · 2^e, m in [0.5, 1)
  const uint16_t mantissa = uint16_t(std::lround((m * 2 - 1) * 1024));
  return uint16_t((f < 0 ? 0x8000 : 0) | ((e - 1 + 15) << 10) | mantissa);
}

}  // namespace

TEST_CASE("R8, R16 and sRGB render targets: clears and draws store D3D's conversions, SRVs read them normalized",
          "[compute][formats]") {
  Checked c;
  RenderDevice& d = c.d;
  DrawTarget target(d, 4, 4);
  const float colour[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  const Vertex cover[3] = {{-1, -1, colour[0], colour[1], colour[2], colour[3]},
                           {-1, 3, colour[0], colour[1], colour[2], colour[3]},
                           {3, -1, colour[0], colour[1], colour[2], colour[3]}};
  Com<ID3D11Buffer> vb = makeBuffer(d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
  target.bindVertices(vb.get());
  const float clear[4] = {1.0f, 0.2f, -0.5f, 0.0f};

  struct Case {
    DXGI_FORMAT format;
    UINT bytes, channels, bits;
    bool snorm, srgb, half;
  };
  const Case cases[] = {
      {DXGI_FORMAT_R8G8_UNORM, 2, 2, 8, false, false, false},
      {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 4, 4, 8, false, true, false},
      {DXGI_FORMAT_R16_UNORM, 2, 1, 16, false, false, false},
      {DXGI_FORMAT_R16G16_SNORM, 4, 2, 16, true, false, false},
      {DXGI_FORMAT_R16_FLOAT, 2, 1, 16, false, false, true},
  };
  // The stored channel D3D gives a float (the sRGB curve on colour channels first).
  auto stored = [](const Case& k, float v, UINT channel) -> int64_t {
    if (k.half) return halfOf(v);
    if (k.srgb && channel < 3) v = srgbEncode(std::clamp(v, 0.0f, 1.0f));
    const double max = k.snorm ? double((1 << (k.bits - 1)) - 1) : double((1u << k.bits) - 1);
    v = std::clamp(v, k.snorm ? -1.0f : 0.0f, 1.0f);
    return std::lround(double(v) * max);
  };
  // UNORM / SNORM channels: D3D's 0.6 ULP tolerance (0.5 is 127.5 in UNORM8, a tie: 127 or 128;
  // tests/support/norm_tolerance.h); sRGB colour channels within one step of the curve; halves exact.
  auto checkStored = [&stored](int64_t got, const Case& k, float v, UINT channel) {
    if (k.half || (k.srgb && channel < 3)) CHECK(std::abs(got - stored(k, v, channel)) <= (k.srgb ? 1 : 0));
    else if (k.snorm) CHECK_THAT(got, IsSnorm(v, k.bits));
    else CHECK_THAT(got, IsUnorm(v, k.bits));
  };
  auto channelAt = [](const std::vector<uint8_t>& bytes, const Case& k, UINT texel, UINT channel) -> int64_t {
    const uint8_t* p = bytes.data() + texel * k.bytes + channel * (k.bits / 8);
    if (k.bits == 8) return k.snorm ? int8_t(*p) : *p;
    uint16_t v;
    std::memcpy(&v, p, 2);
    return k.snorm ? int16_t(v) : v;
  };
  for (const Case& k : cases) {
    INFO("format " << int(k.format));
    D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, k.format, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> t;
    REQUIRE(d->CreateTexture2D(&td, nullptr, t.out()) == S_OK);
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(d->CreateRenderTargetView(t.get(), nullptr, rtv.out()) == S_OK);
    d.context->ClearRenderTargetView(rtv.get(), clear);
    std::vector<uint8_t> bytes = readTexels(d, t.get(), k.bytes);
    for (UINT ch = 0; ch < k.channels; ++ch) {
      INFO("cleared channel " << ch);
      checkStored(channelAt(bytes, k, 5, ch), k, clear[ch], ch);
    }
    // A full-screen triangle of `colour`.
    ID3D11RenderTargetView* views[] = {rtv.get()};
    d.context->OMSetRenderTargets(1, views, nullptr);
    d.context->Draw(3, 0);
    bytes = readTexels(d, t.get(), k.bytes);
    for (UINT ch = 0; ch < k.channels; ++ch) {
      INFO("drawn channel " << ch);
      checkStored(channelAt(bytes, k, 5, ch), k, colour[ch], ch);
    }
    // Read back through an SRV: normalized (sRGB decoded).
    const std::vector<std::array<float, 4>> loaded = loadThroughShader(d, textureSrv(d, t.get(), k.format).get());
    for (UINT ch = 0; ch < k.channels; ++ch) {
      INFO("loaded channel " << ch);
      const double max = k.snorm ? double((1 << (k.bits - 1)) - 1) : double((1u << k.bits) - 1);
      double want = k.half ? double(colour[ch]) : double(channelAt(bytes, k, 5, ch)) / max;
      if (k.srgb && ch < 3) want = srgbDecode(float(want));
      // (lavapipe's sRGB decode is a table a little off the curve.)
      CHECK(std::abs(loaded[5][ch] - want) <= (k.srgb ? 2e-3 : 1e-6));
    }
  }

  // An integer target saturates its clear to the channel (R8_UINT: 300 → 255).
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8_UINT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> u8;
  REQUIRE(d->CreateTexture2D(&td, nullptr, u8.out()) == S_OK);
  Com<ID3D11RenderTargetView> u8View;
  REQUIRE(d->CreateRenderTargetView(u8.get(), nullptr, u8View.out()) == S_OK);
  const float big[4] = {300.0f, 0, 0, 0};
  d.context->ClearRenderTargetView(u8View.get(), big);
  CHECK(readTexels(d, u8.get(), 1)[0] == 255);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("typed buffer SRVs of R8G8B8A8_UNORM and R16_UINT read their elements", "[compute][formats][buffers]") {
  Checked c;
  RenderDevice& d = c.d;
  const uint32_t rgba[4] = {0xFF804000u, 0x00000000u, 0x7F7F7F7Fu, 0x01020304u};
  const uint16_t shorts[8] = {7, 65535, 300, 0, 1, 2, 3, 4};
  Com<ID3D11Buffer> colours = makeBuffer(d, rgba, sizeof rgba, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Buffer> counts = makeBuffer(d, shorts, sizeof shorts, D3D11_BIND_SHADER_RESOURCE);
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  s.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  s.Buffer.FirstElement = 0;
  s.Buffer.NumElements = 4;
  Com<ID3D11ShaderResourceView> t0, t1;
  REQUIRE(d->CreateShaderResourceView(colours.get(), &s, t0.out()) == S_OK);
  s.Format = DXGI_FORMAT_R16_UINT;
  s.Buffer.NumElements = 8;
  REQUIRE(d->CreateShaderResourceView(counts.get(), &s, t1.out()) == S_OK);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(16, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 4);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsLoadBuffers);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {t0.get(), t1.get()};
  d.context->CSSetShaderResources(0, 2, srvs);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> r = readBuffer(d, out.get());
  auto f = [&](UINT i) {
    float v;
    std::memcpy(&v, &r[i], 4);
    return v;
  };
  for (UINT i = 0; i < 4; ++i) {
    INFO("element " << i);
    for (UINT ch = 0; ch < 3; ++ch)
      CHECK(std::abs(f(4 * i + ch) - float((rgba[i] >> (8 * ch)) & 0xFF) / 255.0f) <= 1e-6f);
    CHECK(f(4 * i + 3) == float(shorts[i]));
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("typeless textures: views of typed members of the family write and read the same bits",
          "[compute][formats][typeless]") {
  Checked c;
  RenderDevice& d = c.d;
  // R32_TYPELESS: R32_UINT UAV atomics, an R32_FLOAT UAV clear, an R32_FLOAT SRV.
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R32_TYPELESS,
                                          D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> r32;
  REQUIRE(d->CreateTexture2D(&td, nullptr, r32.out()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uv{};
  uv.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
  uv.Format = DXGI_FORMAT_R32_FLOAT;
  Com<ID3D11UnorderedAccessView> asFloat, asUint;
  REQUIRE(d->CreateUnorderedAccessView(r32.get(), &uv, asFloat.out()) == S_OK);
  uv.Format = DXGI_FORMAT_R32_UINT;
  REQUIRE(d->CreateUnorderedAccessView(r32.get(), &uv, asUint.out()) == S_OK);
  const float two[4] = {2.0f, 0, 0, 0};
  d.context->ClearUnorderedAccessViewFloat(asFloat.get(), two);  // bits 0x40000000
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsAddUint);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {nullptr, asUint.get()};
  d.context->CSSetUnorderedAccessViews(0, 2, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  ID3D11UnorderedAccessView* none[] = {nullptr, nullptr};
  d.context->CSSetUnorderedAccessViews(0, 2, none, nullptr);
  const std::vector<std::array<float, 4>> loaded = loadThroughShader(d, textureSrv(d, r32.get(), DXGI_FORMAT_R32_FLOAT).get());
  for (UINT i = 0; i < 16; ++i) {
    const uint32_t bits = 0x40000000u + i % 4 + 1;
    float want;
    std::memcpy(&want, &bits, 4);
    CHECK(loaded[i][0] == want);
  }

  // R8G8B8A8_TYPELESS: drawn through an UNORM_SRGB render target, read through an UNORM SRV and copied to
  // an R8G8B8A8_UINT staging texture.
  DrawTarget target(d, 4, 4);
  const Vertex cover[3] = {{-1, -1, 0.5f, 0.25f, 1, 1}, {-1, 3, 0.5f, 0.25f, 1, 1}, {3, -1, 0.5f, 0.25f, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, cover, sizeof cover, D3D11_BIND_VERTEX_BUFFER);
  target.bindVertices(vb.get());
  td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> rgba;
  REQUIRE(d->CreateTexture2D(&td, nullptr, rgba.out()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rv{};
  rv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  Com<ID3D11RenderTargetView> srgb;
  REQUIRE(d->CreateRenderTargetView(rgba.get(), &rv, srgb.out()) == S_OK);
  ID3D11RenderTargetView* views[] = {srgb.get()};
  d.context->OMSetRenderTargets(1, views, nullptr);
  d.context->Draw(3, 0);
  const std::vector<std::array<float, 4>> unorm =
      loadThroughShader(d, textureSrv(d, rgba.get(), DXGI_FORMAT_R8G8B8A8_UNORM).get());
  const long red = std::lround(srgbEncode(0.5f) * 255), green = std::lround(srgbEncode(0.25f) * 255);
  CHECK(std::abs(std::lround(unorm[0][0] * 255) - red) <= 1);
  CHECK(std::abs(std::lround(unorm[0][1] * 255) - green) <= 1);
  CHECK(unorm[0][2] == 1.0f);
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UINT, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopyResource(staging.get(), rgba.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  const uint8_t* texel = static_cast<const uint8_t*>(m.pData);
  CHECK(texel[0] == uint8_t(std::lround(unorm[0][0] * 255)));
  CHECK(texel[3] == 255);
  d.context->Unmap(staging.get(), 0);

  // A clear through the SRGB view of the typeless texture encodes like a clear of an SRGB texture.
  const float half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  d.context->ClearRenderTargetView(srgb.get(), half);
  const std::vector<uint8_t> cleared = readback(d, rgba.get());
  CHECK(std::abs(int(cleared[0]) - int(red)) <= 1);
  CHECK_THAT(int64_t(cleared[3]), IsUnorm(0.5f, 8));  // alpha stays linear (127.5, a tie: 127 or 128)

  // The DDI saw the typeless resources and their typed views.
  bool typelessSeen = false;
  for (const std::string& line : c.trace.calls("CreateResource"))
    typelessSeen = typelessSeen || line.find("Format=39,") != std::string::npos;
  CHECK(typelessSeen);
  CHECK(c.trace.calls("CreateUnorderedAccessView").at(0).find("Format=41, Dimension=TEXTURE2D") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("typeless formats: the runtime's rules for views, copies and bind flags, each with its message",
          "[compute][formats][typeless][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> typeless;
  REQUIRE(d->CreateTexture2D(&td, nullptr, typeless.out()) == S_OK);
  const size_t calls = c.ddiCalls("CreateShaderResourceView");
  Com<ID3D11ShaderResourceView> v;
  auto rejected = [&](const D3D11_SHADER_RESOURCE_VIEW_DESC* desc) {
    CHECK(d->CreateShaderResourceView(typeless.get(), desc, v.out()) == E_INVALIDARG);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(!m.empty());
    CHECK(m.front().id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT);
  };
  rejected(nullptr);  // a typeless resource needs a typed view format
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  s.Texture2D = {0, 1};
  s.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
  rejected(&s);
  s.Format = DXGI_FORMAT_B8G8R8A8_UNORM;  // another family
  rejected(&s);
  s.Format = DXGI_FORMAT_R16G16_UNORM;  // same size, another family
  rejected(&s);
  CHECK(c.ddiCalls("CreateShaderResourceView") == calls);
  s.Format = DXGI_FORMAT_R8G8B8A8_SINT;
  REQUIRE(d->CreateShaderResourceView(typeless.get(), &s, v.out()) == S_OK);

  // A typed texture keeps its own format.
  td.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  Com<ID3D11Texture2D> typed;
  REQUIRE(d->CreateTexture2D(&td, nullptr, typed.out()) == S_OK);
  s.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  CHECK(d->CreateShaderResourceView(typed.get(), &s, v.out()) == E_INVALIDARG);
  CHECK(drainMessages(c.queue.get()).front().id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT);

  // Typed buffer views need a typed format.
  Com<ID3D11Buffer> buffer = makeDataBuffer(d, std::vector<uint32_t>(4, 0), D3D11_BIND_SHADER_RESOURCE);
  D3D11_SHADER_RESOURCE_VIEW_DESC bs{};
  bs.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  bs.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
  bs.Buffer.NumElements = 4;
  CHECK(d->CreateShaderResourceView(buffer.get(), &bs, v.out()) == E_INVALIDARG);
  CHECK(drainMessages(c.queue.get()).front().id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT);

  // Copies within a family go to the driver; across families they are refused.
  const size_t copies = c.ddiCalls("ResourceCopy");
  d.context->CopyResource(typed.get(), typeless.get());
  CHECK(c.ddiCalls("ResourceCopy") == copies + 1);
  td.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
  Com<ID3D11Texture2D> bgra;
  REQUIRE(d->CreateTexture2D(&td, nullptr, bgra.out()) == S_OK);
  d.context->CopyResource(bgra.get(), typed.get());
  CHECK(c.ddiCalls("ResourceCopy") == copies + 1);
  CHECK(drainMessages(c.queue.get()).front().id == D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCE);

  // A typeless depth-stencil target needs a family with a depth member (R32_TYPELESS and
  // R24G8_TYPELESS have one: tests/draw/test_draw_depth_srv.cpp); others are refused with a message.
  td = texture2DDesc(4, 4, DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> depth;
  CHECK(d->CreateTexture2D(&td, nullptr, depth.out()) == S_OK);
  td.Format = DXGI_FORMAT_R16G16_TYPELESS;
  CHECK(d->CreateTexture2D(&td, nullptr, depth.out()) == E_INVALIDARG);
  const std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(!m.empty());
  CHECK(m.front().id == D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS);
  CHECK(m.front().text.find("typeless") != std::string::npos);

  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_TYPELESS, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE2D) != 0);
  CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) == 0);
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R8G8_UNORM, &support) == S_OK);
  CHECK((support & (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
                    D3D11_FORMAT_SUPPORT_TEXTURE3D)) ==
        (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_TEXTURE3D));
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW) == 0);  // no sRGB storage images
}
