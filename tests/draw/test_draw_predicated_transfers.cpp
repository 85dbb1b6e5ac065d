// tests/draw: D3D11 SetPredication over the transfer commands, every byte of
// the destination checked — CopySubresourceRegion of a buffer range,
// UpdateSubresource of a constant buffer and of a texture box,
// ResolveSubresource, GenerateMips, CopyStructureCount,
// ClearUnorderedAccessViewUint of a texture and ClearDepthStencilView of a
// depth texture that is not bound (a transfer clear). For both PredicateValue
// values and both predicate results, the destination is filled with a known
// pattern, the command recorded under the predicate, and the destination read
// back: the pattern when the result equals PredicateValue (skipped), else the
// command's result computed here. On lavapipe (VK_EXT_conditional_rendering)
// d3dvk predicates these on the GPU (the destination saved, restored by a
// dispatch under the inverted condition); the ctest run with
// D3DVK_CONDITIONAL_RENDERING=0 checks the CPU verdict, and the
// sync-validation run the barriers.
#include "draw_test_util.h"

#include <functional>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

std::vector<uint8_t> pattern(size_t size, unsigned seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = uint8_t(seed + i * 7 + (i >> 8) * 13);
  return bytes;
}

Com<ID3D11Predicate> makePredicate(RenderDevice& d) {
  const D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> p;
  REQUIRE(d->CreatePredicate(&desc, p.out()) == S_OK);
  return p;
}

// Two predicates: `passed` built around a draw that covers pixels (TRUE), `failed` around nothing (FALSE).
struct Predicates {
  Com<ID3D11Predicate> passed, failed;
  explicit Predicates(RenderDevice& d) : passed(makePredicate(d)), failed(makePredicate(d)) {
    DrawTarget target(d, 4, 4);
    const Vertex a{-1, 1, 1, 0, 0, 1}, c{1, 1, 1, 0, 0, 1}, e{-1, -1, 1, 0, 0, 1}, f{1, -1, 1, 0, 0, 1};
    const Vertex quad[] = {a, c, e, e, c, f};
    Com<ID3D11Buffer> vertices = makeBuffer(d, quad, sizeof quad, D3D11_BIND_VERTEX_BUFFER);
    target.bindVertices(vertices.get());
    d.context->Begin(passed.get());
    d.context->Draw(6, 0);
    d.context->End(passed.get());
    d.context->Begin(failed.get());
    d.context->End(failed.get());
  }
};

// For both predicates and both PredicateValue values: `fill` (unpredicated),
// `transfer` under the predicate, then `read` compared with `initial`
// (skipped) or `expected` (run).
void checkPredicated(RenderDevice& d, Predicates& p, const std::function<void()>& fill,
                     const std::function<void()>& transfer, const std::function<std::vector<uint8_t>()>& read,
                     const std::vector<uint8_t>& initial, const std::vector<uint8_t>& expected) {
  REQUIRE(initial.size() == expected.size());
  REQUIRE(initial != expected);
  for (const BOOL value : {FALSE, TRUE})
    for (ID3D11Predicate* predicate : {p.passed.get(), p.failed.get()}) {
      const BOOL result = predicate == p.passed.get();
      const bool skipped = result == value;
      CAPTURE(result, value);
      d.context->SetPredication(nullptr, FALSE);
      fill();
      d.context->SetPredication(predicate, value);
      transfer();
      d.context->SetPredication(nullptr, FALSE);
      const std::vector<uint8_t> got = read();
      REQUIRE(got.size() == initial.size());
      size_t differing = 0, first = 0;
      for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != (skipped ? initial[i] : expected[i]) && !differing++) first = i;
      INFO("first differing byte " << first << " of " << got.size());
      CHECK(differing == 0);
    }
}

Com<ID3D11Buffer> defaultBuffer(RenderDevice& d, UINT bytes, UINT bind, UINT misc = 0, UINT stride = 0) {
  const D3D11_BUFFER_DESC desc{bytes, D3D11_USAGE_DEFAULT, bind, 0, misc, stride};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
  return b;
}

}  // namespace

TEST_CASE("predicated CopySubresourceRegion of a buffer range and UpdateSubresource of a constant buffer skip exactly "
          "when the predicate says so",
          "[predication][transfer]") {
  RenderDevice d;
  Predicates p(d);
  const std::vector<uint8_t> initial = pattern(64, 3), source = pattern(64, 101);
  Com<ID3D11Buffer> src = makeBuffer(d, source.data(), 64, D3D11_BIND_VERTEX_BUFFER);
  {
    INFO("CopySubresourceRegion of bytes [4, 41) to 13");
    Com<ID3D11Buffer> dst = defaultBuffer(d, 64, D3D11_BIND_VERTEX_BUFFER);
    std::vector<uint8_t> expected = initial;
    std::copy(source.begin() + 4, source.begin() + 41, expected.begin() + 13);
    const D3D11_BOX box{4, 0, 0, 41, 1, 1};
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, initial.data(), 0, 0); },
        [&] { d.context->CopySubresourceRegion(dst.get(), 0, 13, 0, 0, src.get(), 0, &box); },
        [&] { return readback(d, dst.get()); }, initial, expected);
  }
  {
    INFO("UpdateSubresource of a whole constant buffer");
    Com<ID3D11Buffer> dst = defaultBuffer(d, 64, D3D11_BIND_CONSTANT_BUFFER);
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, initial.data(), 0, 0); },
        [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, source.data(), 0, 0); },
        [&] { return readback(d, dst.get()); }, initial, source);
  }
}

TEST_CASE("predicated UpdateSubresource of a texture box ResolveSubresource and GenerateMips skip exactly when the "
          "predicate says so",
          "[predication][transfer]") {
  RenderDevice d;
  Predicates p(d);
  const std::vector<uint8_t> initial = pattern(8 * 8 * 4, 9);
  SECTION("UpdateSubresource of the box (2,3)-(5,6) of an R8G8B8A8 texture") {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> dst;
    REQUIRE(d->CreateTexture2D(&td, nullptr, dst.out()) == S_OK);
    const std::vector<uint8_t> box = pattern(3 * 3 * 4, 150);
    std::vector<uint8_t> expected = initial;
    for (UINT y = 0; y < 3; ++y) std::memcpy(&expected[((3 + y) * 8 + 2) * 4], &box[y * 12], 12);
    const D3D11_BOX where{2, 3, 0, 5, 6, 1};
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, initial.data(), 32, 0); },
        [&] { d.context->UpdateSubresource(dst.get(), 0, &where, box.data(), 12, 0); },
        [&] { return readback(d, dst.get()); }, initial, expected);
  }
  SECTION("ResolveSubresource of a 4x multisampled target") {
    D3D11_TEXTURE2D_DESC md = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                                            D3D11_USAGE_DEFAULT, 0, 4);
    Com<ID3D11Texture2D> msaa;
    REQUIRE(d->CreateTexture2D(&md, nullptr, msaa.out()) == S_OK);
    Com<ID3D11RenderTargetView> rtv;
    REQUIRE(d->CreateRenderTargetView(msaa.get(), nullptr, rtv.out()) == S_OK);
    const float colour[4] = {0.2f, 0.4f, 0.6f, 1.0f};  // every sample: the resolve is it, 8-bit UNORM rounded
    d.context->ClearRenderTargetView(rtv.get(), colour);
    D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> dst;
    REQUIRE(d->CreateTexture2D(&td, nullptr, dst.out()) == S_OK);
    std::vector<uint8_t> expected(initial.size());
    for (size_t i = 0; i < expected.size(); i += 4) {
      expected[i] = 51;
      expected[i + 1] = 102;
      expected[i + 2] = 153;
      expected[i + 3] = 255;
    }
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, initial.data(), 32, 0); },
        [&] { d.context->ResolveSubresource(dst.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM); },
        [&] { return readback(d, dst.get()); }, initial, expected);
  }
  SECTION("GenerateMips of a texture whose mip 0 is one colour") {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
    td.MipLevels = 4;
    td.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    Com<ID3D11Texture2D> tex;
    REQUIRE(d->CreateTexture2D(&td, nullptr, tex.out()) == S_OK);
    Com<ID3D11ShaderResourceView> srv;
    REQUIRE(d->CreateShaderResourceView(tex.get(), nullptr, srv.out()) == S_OK);
    const std::vector<uint8_t> top(8 * 8 * 4, 0x60);  // filtering one colour gives it back exactly
    // Mips 1..3 (4x4, 2x2, 1x1) read back one after the other.
    std::vector<uint8_t> before, after;
    for (UINT mip = 1; mip < 4; ++mip) {
      const std::vector<uint8_t> m = pattern(size_t(8 >> mip) * (8 >> mip) * 4, 30 + mip);
      before.insert(before.end(), m.begin(), m.end());
      after.insert(after.end(), m.size(), 0x60);
    }
    checkPredicated(
        d, p,
        [&] {
          d.context->UpdateSubresource(tex.get(), 0, nullptr, top.data(), 32, 0);
          size_t at = 0;
          for (UINT mip = 1; mip < 4; ++mip) {
            const UINT side = 8 >> mip;
            d.context->UpdateSubresource(tex.get(), mip, nullptr, before.data() + at, side * 4, 0);
            at += size_t(side) * side * 4;
          }
        },
        [&] { d.context->GenerateMips(srv.get()); },
        [&] {
          std::vector<uint8_t> all;
          for (UINT mip = 1; mip < 4; ++mip) {
            const std::vector<uint8_t> m = readback(d, tex.get(), mip);
            all.insert(all.end(), m.begin(), m.end());
          }
          return all;
        },
        before, after);
  }
}

TEST_CASE("predicated CopyStructureCount and UAV and depth clears skip exactly when the predicate says so",
          "[predication][transfer]") {
  RenderDevice d;
  Predicates p(d);
  SECTION("CopyStructureCount into bytes [8, 12) of a buffer") {
    Com<ID3D11Buffer> structured = defaultBuffer(d, 64, D3D11_BIND_UNORDERED_ACCESS,
                                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
    D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
    ud.Format = DXGI_FORMAT_UNKNOWN;
    ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    ud.Buffer = {0, 16, D3D11_BUFFER_UAV_FLAG_APPEND};
    Com<ID3D11UnorderedAccessView> uav;
    REQUIRE(d->CreateUnorderedAccessView(structured.get(), &ud, uav.out()) == S_OK);
    ID3D11UnorderedAccessView* views[] = {uav.get()};
    const UINT count = 0x0A0B0C0D;
    d.context->CSSetUnorderedAccessViews(0, 1, views, &count);  // sets the hidden counter
    ID3D11UnorderedAccessView* none[] = {nullptr};
    d.context->CSSetUnorderedAccessViews(0, 1, none, nullptr);
    Com<ID3D11Buffer> dst = defaultBuffer(d, 32, D3D11_BIND_VERTEX_BUFFER);
    const std::vector<uint8_t> initial = pattern(32, 77);
    std::vector<uint8_t> expected = initial;
    std::memcpy(&expected[8], &count, 4);
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(dst.get(), 0, nullptr, initial.data(), 0, 0); },
        [&] { d.context->CopyStructureCount(dst.get(), 8, uav.get()); }, [&] { return readback(d, dst.get()); },
        initial, expected);
  }
  SECTION("ClearUnorderedAccessViewUint of an R32_UINT texture") {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(5, 3, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
    Com<ID3D11Texture2D> tex;
    REQUIRE(d->CreateTexture2D(&td, nullptr, tex.out()) == S_OK);
    Com<ID3D11UnorderedAccessView> uav;
    REQUIRE(d->CreateUnorderedAccessView(tex.get(), nullptr, uav.out()) == S_OK);
    const std::vector<uint8_t> initial = pattern(5 * 3 * 4, 60);
    const UINT values[4] = {0x01020304, 5, 6, 7};
    std::vector<uint8_t> expected(initial.size());
    for (size_t i = 0; i < expected.size(); i += 4) std::memcpy(&expected[i], &values[0], 4);
    checkPredicated(
        d, p, [&] { d.context->UpdateSubresource(tex.get(), 0, nullptr, initial.data(), 20, 0); },
        [&] { d.context->ClearUnorderedAccessViewUint(uav.get(), values); }, [&] { return readback(d, tex.get()); },
        initial, expected);
  }
  SECTION("ClearDepthStencilView of a D32_FLOAT texture that is not bound") {
    D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL);
    Com<ID3D11Texture2D> tex;
    REQUIRE(d->CreateTexture2D(&td, nullptr, tex.out()) == S_OK);
    Com<ID3D11DepthStencilView> dsv;
    REQUIRE(d->CreateDepthStencilView(tex.get(), nullptr, dsv.out()) == S_OK);
    std::vector<uint8_t> initial(64), expected(64);
    const float quarter = 0.25f, threeQuarters = 0.75f;
    for (size_t i = 0; i < 64; i += 4) {
      std::memcpy(&initial[i], &quarter, 4);
      std::memcpy(&expected[i], &threeQuarters, 4);
    }
    checkPredicated(
        d, p, [&] { d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.25f, 0); },
        [&] { d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.75f, 0); },
        [&] { return readback(d, tex.get()); }, initial, expected);
  }
}
