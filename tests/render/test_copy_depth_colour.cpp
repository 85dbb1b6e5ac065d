// tests/render: D3D11 copies between depth and colour textures of one typeless
// group (CopyResource, CopySubresourceRegion): D32_FLOAT / R32_TYPELESS
// depth-stencil targets with R32_FLOAT and R32_UINT textures, D16_UNORM with
// R16 ones, every mip; depths written by ClearDepthStencilView and by copies
// of colour data, read back through colour textures and staging copies, the
// expected bits computed here. The whole-subresource rule of depth-stencil
// resources checked with D3D11's messages. (The driver copies through a
// buffer: ddi/umd/staged_image_copy.h.)
#include "render_test_util.h"

#include <d3d11sdklayers.h>

using namespace d3dvk::test;

namespace {

std::vector<uint8_t> bytesOf(const std::vector<float>& values) {
  std::vector<uint8_t> out(values.size() * 4);
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

std::vector<D3D11_MESSAGE_ID> drainIds(ID3D11InfoQueue* q) {
  std::vector<D3D11_MESSAGE_ID> ids;
  for (UINT64 i = 0; i < q->GetNumStoredMessages(); ++i) {
    SIZE_T size = 0;
    q->GetMessage(i, nullptr, &size);
    std::vector<uint8_t> storage(size);
    auto* m = reinterpret_cast<D3D11_MESSAGE*>(storage.data());
    q->GetMessage(i, m, &size);
    ids.push_back(m->ID);
  }
  q->ClearStoredMessages();
  return ids;
}

}  // namespace

TEST_CASE("D3D11 copies D32_FLOAT depth into R32 colour textures and R32 colour data into depth",
          "[render][copy][depth]") {
  RenderDevice d;
  // Depths in [0, 1] (a float depth image holds only those).
  std::vector<float> depths(6 * 4);
  for (size_t i = 0; i < depths.size(); ++i) depths[i] = float(i) / 32.0f + 0.125f;
  D3D11_TEXTURE2D_DESC cd = texture2DDesc(6, 4, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  D3D11_SUBRESOURCE_DATA init{depths.data(), 6 * 4, 0};
  Com<ID3D11Texture2D> colour, uintColour, floatColour;
  REQUIRE(d->CreateTexture2D(&cd, &init, colour.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&cd, nullptr, floatColour.out()) == S_OK);
  cd.Format = DXGI_FORMAT_R32_UINT;
  REQUIRE(d->CreateTexture2D(&cd, nullptr, uintColour.out()) == S_OK);

  SECTION("a typeless depth-stencil target (R32_TYPELESS) by CopyResource both ways") {
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(6, 4, DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> depth;
    REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
    d.context->CopyResource(depth.get(), colour.get());
    d.context->CopyResource(uintColour.get(), depth.get());
    CHECK(readback(d, uintColour.get()) == bytesOf(depths));
  }
  SECTION("a D32_FLOAT target cleared by ClearDepthStencilView, then by CopySubresourceRegion of colour data") {
    D3D11_TEXTURE2D_DESC dd = texture2DDesc(6, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> depth;
    REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateDepthStencilView(depth.get(), nullptr, dsv.out()) == S_OK);
    d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.75f, 0);
    d.context->CopySubresourceRegion(floatColour.get(), 0, 0, 0, 0, depth.get(), 0, nullptr);
    CHECK(readback(d, floatColour.get()) == bytesOf(std::vector<float>(24, 0.75f)));
    // A box covering the whole subresource is a whole-subresource copy too.
    const D3D11_BOX whole{0, 0, 0, 6, 4, 1};
    d.context->CopySubresourceRegion(depth.get(), 0, 0, 0, 0, colour.get(), 0, &whole);
    d.context->CopySubresourceRegion(uintColour.get(), 0, 0, 0, 0, depth.get(), 0, nullptr);
    CHECK(readback(d, uintColour.get()) == bytesOf(depths));
  }
}

TEST_CASE("D3D11 copies D16_UNORM depth to and from R16 colour textures on every mip", "[render][copy][depth]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC cd = texture2DDesc(8, 4, DXGI_FORMAT_R16_UINT, D3D11_BIND_SHADER_RESOURCE);
  cd.MipLevels = 3;
  // Mip m is (8 >> m) x (4 >> m) texels; each texel a distinct 16-bit value.
  std::vector<std::vector<uint16_t>> mips;
  std::vector<D3D11_SUBRESOURCE_DATA> init;
  for (UINT m = 0; m < 3; ++m) {
    const UINT w = 8 >> m, h = std::max(1u, 4u >> m);
    std::vector<uint16_t> v(size_t(w) * h);
    for (size_t i = 0; i < v.size(); ++i) v[i] = uint16_t(0x1234u + m * 0x2000u + i * 0x0101u);
    mips.push_back(std::move(v));
  }
  for (UINT m = 0; m < 3; ++m) init.push_back({mips[m].data(), (8u >> m) * 2, 0});
  Com<ID3D11Texture2D> source, back;
  REQUIRE(d->CreateTexture2D(&cd, init.data(), source.out()) == S_OK);
  cd.Format = DXGI_FORMAT_R16_UNORM;
  REQUIRE(d->CreateTexture2D(&cd, nullptr, back.out()) == S_OK);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(8, 4, DXGI_FORMAT_R16_TYPELESS, D3D11_BIND_DEPTH_STENCIL);
  dd.MipLevels = 3;
  Com<ID3D11Texture2D> depth;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  for (UINT m = 0; m < 3; ++m) d.context->CopySubresourceRegion(depth.get(), m, 0, 0, 0, source.get(), m, nullptr);
  d.context->CopyResource(back.get(), depth.get());
  for (UINT m = 0; m < 3; ++m) {
    INFO("mip " << m);
    std::vector<uint8_t> expected(mips[m].size() * 2);
    std::memcpy(expected.data(), mips[m].data(), expected.size());
    CHECK(readback(d, back.get(), m) == expected);
  }
}

TEST_CASE("D3D11 copies of depth-stencil resources take whole subresources only", "[render][copy][depth][errors]") {
  RenderDevice d(D3D11_CREATE_DEVICE_DEBUG);
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  D3D11_TEXTURE2D_DESC cd = texture2DDesc(4, 4, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> colour, depth, typelessDepth;
  REQUIRE(d->CreateTexture2D(&cd, nullptr, colour.out()) == S_OK);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
  REQUIRE(d->CreateTexture2D(&dd, nullptr, depth.out()) == S_OK);
  dd.Format = DXGI_FORMAT_R32_TYPELESS;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, typelessDepth.out()) == S_OK);
  drainIds(queue.get());
  const D3D11_BOX part{0, 0, 0, 2, 2, 1};
  const auto boxError = std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX};
  d.context->CopySubresourceRegion(colour.get(), 0, 0, 0, 0, depth.get(), 0, &part);  // a box of a depth source
  CHECK(drainIds(queue.get()) == boxError);
  d.context->CopySubresourceRegion(depth.get(), 0, 0, 0, 0, colour.get(), 0, &part);  // into a depth destination
  CHECK(drainIds(queue.get()) == boxError);
  d.context->CopySubresourceRegion(colour.get(), 0, 0, 0, 0, typelessDepth.get(), 0, &part);  // bound as depth-stencil
  CHECK(drainIds(queue.get()) == boxError);
  d.context->CopySubresourceRegion(typelessDepth.get(), 0, 0, 0, 0, colour.get(), 0, &part);
  CHECK(drainIds(queue.get()) == boxError);
  d.context->CopySubresourceRegion(colour.get(), 0, 1, 0, 0, depth.get(), 0, nullptr);  // an offset
  CHECK(drainIds(queue.get()) == boxError);
  // Whole subresources pass without a message.
  d.context->CopySubresourceRegion(colour.get(), 0, 0, 0, 0, typelessDepth.get(), 0, nullptr);
  d.context->CopyResource(depth.get(), colour.get());
  CHECK(drainIds(queue.get()).empty());
}

TEST_CASE("D3D11 at feature level 9_x: CopySubresourceRegion takes depth-stencil resources only as sources and no "
          "mipmapped volume textures",
          "[render][copy][depth][errors]") {
  RenderDevice d(D3D11_CREATE_DEVICE_DEBUG, D3D_FEATURE_LEVEL_9_3);
  Com<ID3D11InfoQueue> queue;
  REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
  D3D11_TEXTURE2D_DESC dd = texture2DDesc(4, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
  Com<ID3D11Texture2D> a, b;
  REQUIRE(d->CreateTexture2D(&dd, nullptr, a.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&dd, nullptr, b.out()) == S_OK);
  drainIds(queue.get());
  d.context->CopySubresourceRegion(b.get(), 0, 0, 0, 0, a.get(), 0, nullptr);
  CHECK(drainIds(queue.get()) ==
        std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDDESTINATIONSTATE});
  // Volume textures go from CPU-accessible into GPU-accessible memory (9_x copies
  // only Texture2Ds and buffers within GPU memory): one mip copies, two mips do not.
  D3D11_TEXTURE3D_DESC vd{4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  Com<ID3D11Texture3D> one, other, mipped;
  REQUIRE(d->CreateTexture3D(&vd, nullptr, other.out()) == S_OK);
  vd.Usage = D3D11_USAGE_STAGING;
  vd.BindFlags = 0;
  vd.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
  REQUIRE(d->CreateTexture3D(&vd, nullptr, one.out()) == S_OK);
  vd.MipLevels = 2;
  REQUIRE(d->CreateTexture3D(&vd, nullptr, mipped.out()) == S_OK);
  drainIds(queue.get());
  d.context->CopySubresourceRegion(other.get(), 0, 0, 0, 0, one.get(), 0, nullptr);
  CHECK(drainIds(queue.get()).empty());
  d.context->CopySubresourceRegion(other.get(), 0, 0, 0, 0, mipped.get(), 0, nullptr);
  CHECK(drainIds(queue.get()) == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE});
}
