// tests/formats: BC1–BC7 textures through the public D3D11 API on lavapipe,
// each read back by a compute shader (ld on every mip, sample_l on mip 0) and
// compared with the CPU decoders of format_decoders.h within D3D's error
// bounds (D3D11.3 19.5.2: BC1-BC5 by their endpoints, BC6H/BC7 bit accurate):
// creation with initial
// data in D3D's block pitches, UNORM / SRGB / SNORM / UF16 / SF16 views (also
// of TYPELESS textures), UpdateSubresource of one block, Map of a staging
// texture (row pitch = one row of blocks), CopyResource and
// CopySubresourceRegion between block formats and R32G32_UINT /
// R32G32B32A32_UINT (a block for a texel), and the rules D3D11 keeps for them.
#include "formats_test_util.h"

#include <functional>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

struct BcFormat {
  DXGI_FORMAT format;
  DXGI_FORMAT typeless;
  UINT blockBytes;
  std::function<bool(const uint8_t*, Block&)> decode;
  std::function<void(uint8_t*)> fixup;  // makes random bytes a block the decoder knows (mode bits)
  // D3D's error bound on each decoded texel (format_decoders.h, D3D11.3 19.5.2).
  std::function<BlockBound(const uint8_t*, const Block&)> bounds;
  bool srgb = false;
};

void noFixup(uint8_t*) {}
// BC7 mode 6 (bit 6 set, bits 0–5 clear) or mode 5 (bit 5 set, bits 0–4 clear).
void bc7Mode6(uint8_t* b) { b[0] = uint8_t((b[0] & 0x80) | 0x40); }
void bc7Mode5(uint8_t* b) { b[0] = uint8_t((b[0] & 0xC0) | 0x20); }
void bc6hMode11(uint8_t* b) { b[0] = uint8_t((b[0] & 0xE0) | 0x03); }

std::vector<BcFormat> bcFormats() {
  auto plain = [](Block (*f)(const uint8_t*)) {
    return [f](const uint8_t* b, Block& out) { out = f(b); return true; };
  };
  auto bc4 = [](bool snorm) { return [snorm](const uint8_t* b, const Block& r) { return bc4Bounds(b, snorm, r); }; };
  auto bc5 = [](bool snorm) { return [snorm](const uint8_t* b, const Block& r) { return bc5Bounds(b, snorm, r); }; };
  auto exact = [](const uint8_t*, const Block& r) { return bcBitAccurate(r); };
  return {
      {DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC1_TYPELESS, 8, plain(decodeBc1), noFixup, bc1Bounds},
      {DXGI_FORMAT_BC1_UNORM_SRGB, DXGI_FORMAT_BC1_TYPELESS, 8, plain(decodeBc1), noFixup, bc1Bounds, true},
      {DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC2_TYPELESS, 16, plain(decodeBc2), noFixup, bc2Bounds},
      {DXGI_FORMAT_BC2_UNORM_SRGB, DXGI_FORMAT_BC2_TYPELESS, 16, plain(decodeBc2), noFixup, bc2Bounds, true},
      {DXGI_FORMAT_BC3_UNORM, DXGI_FORMAT_BC3_TYPELESS, 16, plain(decodeBc3), noFixup, bc3Bounds},
      {DXGI_FORMAT_BC3_UNORM_SRGB, DXGI_FORMAT_BC3_TYPELESS, 16, plain(decodeBc3), noFixup, bc3Bounds, true},
      {DXGI_FORMAT_BC4_UNORM, DXGI_FORMAT_BC4_TYPELESS, 8, [](const uint8_t* b, Block& o) { o = decodeBc4(b, false); return true; }, noFixup, bc4(false)},
      {DXGI_FORMAT_BC4_SNORM, DXGI_FORMAT_BC4_TYPELESS, 8, [](const uint8_t* b, Block& o) { o = decodeBc4(b, true); return true; }, noFixup, bc4(true)},
      {DXGI_FORMAT_BC5_UNORM, DXGI_FORMAT_BC5_TYPELESS, 16, [](const uint8_t* b, Block& o) { o = decodeBc5(b, false); return true; }, noFixup, bc5(false)},
      {DXGI_FORMAT_BC5_SNORM, DXGI_FORMAT_BC5_TYPELESS, 16, [](const uint8_t* b, Block& o) { o = decodeBc5(b, true); return true; }, noFixup, bc5(true)},
      {DXGI_FORMAT_BC6H_UF16, DXGI_FORMAT_BC6H_TYPELESS, 16, [](const uint8_t* b, Block& o) { return decodeBc6hMode11(b, false, o); }, bc6hMode11, exact},
      {DXGI_FORMAT_BC6H_SF16, DXGI_FORMAT_BC6H_TYPELESS, 16, [](const uint8_t* b, Block& o) { return decodeBc6hMode11(b, true, o); }, bc6hMode11, exact},
      {DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_BC7_TYPELESS, 16, decodeBc7, bc7Mode6, exact},
      {DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_BC7_TYPELESS, 16, decodeBc7, bc7Mode5, exact},
      {DXGI_FORMAT_BC7_UNORM_SRGB, DXGI_FORMAT_BC7_TYPELESS, 16, decodeBc7, bc7Mode6, exact, true},
  };
}

// Deterministic bytes (a 32-bit LCG's high bytes).
struct Bytes {
  uint32_t state;
  uint8_t next() {
    state = state * 1664525u + 1013904223u;
    return uint8_t(state >> 24);
  }
};

// An 8x8 texture of three mips: mip 0 holds 2x2 blocks, mips 1 and 2 one block each.
struct BcTexture {
  static constexpr UINT kBlocks[3] = {4, 1, 1};
  std::vector<uint8_t> mips[3];
  const uint8_t* block(UINT mip, UINT bx, UINT by, UINT blockBytes) const {
    return mips[mip].data() + (by * (mip == 0 ? 2 : 1) + bx) * blockBytes;
  }
};

BcTexture makeBlocks(const BcFormat& f, uint32_t seed) {
  BcTexture t;
  Bytes rng{seed};
  for (UINT mip = 0; mip < 3; ++mip) {
    t.mips[mip].resize(BcTexture::kBlocks[mip] * f.blockBytes);
    for (UINT b = 0; b < BcTexture::kBlocks[mip]; ++b) {
      uint8_t* block = t.mips[mip].data() + b * f.blockBytes;
      for (UINT i = 0; i < f.blockBytes; ++i) block[i] = rng.next();
      f.fixup(block);
    }
  }
  return t;
}

D3D11_TEXTURE2D_DESC bcDesc(DXGI_FORMAT format, UINT mips, D3D11_USAGE usage = D3D11_USAGE_DEFAULT,
                            UINT bind = D3D11_BIND_SHADER_RESOURCE, UINT cpu = 0) {
  D3D11_TEXTURE2D_DESC d = texture2DDesc(8, 8, format, bind, usage, cpu);
  d.MipLevels = mips;
  return d;
}

// The expected texel (x, y) of mip `mip`, decoded, with D3D's bound on it
// (for sRGB views on the sRGB side: checkTexelsWithin linearizes).
BoundedTexel expectedTexel(const BcFormat& f, const BcTexture& t, UINT mip, UINT x, UINT y) {
  Block decoded{};
  const uint8_t* block = t.block(mip, x / 4, y / 4, f.blockBytes);
  REQUIRE(f.decode(block, decoded));
  const BlockBound bounds = f.bounds(block, decoded);
  const UINT i = (y % 4) * 4 + x % 4;
  return {decoded[i], bounds[i], f.srgb};
}

const char* formatName(const BcFormat& f) {
  switch (f.format) {
    case DXGI_FORMAT_BC1_UNORM: return "BC1_UNORM";
    case DXGI_FORMAT_BC1_UNORM_SRGB: return "BC1_UNORM_SRGB";
    case DXGI_FORMAT_BC2_UNORM: return "BC2_UNORM";
    case DXGI_FORMAT_BC2_UNORM_SRGB: return "BC2_UNORM_SRGB";
    case DXGI_FORMAT_BC3_UNORM: return "BC3_UNORM";
    case DXGI_FORMAT_BC3_UNORM_SRGB: return "BC3_UNORM_SRGB";
    case DXGI_FORMAT_BC4_UNORM: return "BC4_UNORM";
    case DXGI_FORMAT_BC4_SNORM: return "BC4_SNORM";
    case DXGI_FORMAT_BC5_UNORM: return "BC5_UNORM";
    case DXGI_FORMAT_BC5_SNORM: return "BC5_SNORM";
    case DXGI_FORMAT_BC6H_UF16: return "BC6H_UF16";
    case DXGI_FORMAT_BC6H_SF16: return "BC6H_SF16";
    case DXGI_FORMAT_BC7_UNORM: return "BC7_UNORM";
    case DXGI_FORMAT_BC7_UNORM_SRGB: return "BC7_UNORM_SRGB";
    default: return "?";
  }
}

}  // namespace

TEST_CASE("BC1-BC7 textures from initial data read back as the BC format decodes them, on every mip",
          "[formats][bc]") {
  RenderDevice d;
  uint32_t seed = 1;
  for (const BcFormat& f : bcFormats()) {
    INFO(formatName(f));
    const BcTexture blocks = makeBlocks(f, seed++);
    for (bool typeless : {false, true}) {
      INFO((typeless ? "created TYPELESS, viewed typed" : "created typed"));
      const D3D11_TEXTURE2D_DESC desc = bcDesc(typeless ? f.typeless : f.format, 3, D3D11_USAGE_IMMUTABLE);
      // Initial data: rows of blocks (SysMemPitch = one row of blocks).
      const D3D11_SUBRESOURCE_DATA init[3] = {{blocks.mips[0].data(), 2 * f.blockBytes, 0},
                                              {blocks.mips[1].data(), f.blockBytes, 0},
                                              {blocks.mips[2].data(), f.blockBytes, 0}};
      Com<ID3D11Texture2D> texture;
      REQUIRE(d->CreateTexture2D(&desc, init, texture.out()) == S_OK);
      Com<ID3D11ShaderResourceView> view = srvOf(d, texture.get(), f.format);
      for (UINT mip = 0; mip < 3; ++mip) {
        INFO("mip " << mip);
        const UINT size = 8 >> mip;
        checkTexelsWithin(readTexels(d, view.get(), loadListing(mip)), size, size, [&](UINT x, UINT y) { return expectedTexel(f, blocks, mip, x, y); });
      }
      checkTexelsWithin(readTexels(d, view.get(), kSampleListing), 8, 8, [&](UINT x, UINT y) { return expectedTexel(f, blocks, 0, x, y); });
    }
  }
}

TEST_CASE("BC updates, maps and copies use block pitches and copy a block for a texel", "[formats][bc]") {
  RenderDevice d;
  const std::vector<BcFormat> formats = bcFormats();
  const BcFormat& bc7 = formats[12];  // BC7_UNORM, mode 6
  const BcFormat& bc3 = formats[4];
  const BcFormat& bc1 = formats[0];
  REQUIRE(bc7.format == DXGI_FORMAT_BC7_UNORM);
  REQUIRE(bc3.format == DXGI_FORMAT_BC3_UNORM);

  SECTION("UpdateSubresource writes one 4x4 block of a DEFAULT texture") {
    BcTexture blocks = makeBlocks(bc7, 11);
    const D3D11_TEXTURE2D_DESC desc = bcDesc(DXGI_FORMAT_BC7_UNORM, 1);
    const D3D11_SUBRESOURCE_DATA init{blocks.mips[0].data(), 32, 0};
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&desc, &init, texture.out()) == S_OK);
    const BcTexture update = makeBlocks(bc7, 12);
    const D3D11_BOX box{4, 4, 0, 8, 8, 1};
    d.context->UpdateSubresource(texture.get(), 0, &box, update.mips[1].data(), 16, 0);
    std::memcpy(blocks.mips[0].data() + 3 * 16, update.mips[1].data(), 16);  // block (1, 1)
    Com<ID3D11ShaderResourceView> view = srvOf(d, texture.get());
    checkTexelsWithin(readTexels(d, view.get(), loadListing(0)), 8, 8, [&](UINT x, UINT y) { return expectedTexel(bc7, blocks, 0, x, y); });
  }

  SECTION("a staging texture maps with a row pitch of one row of blocks and copies into a DEFAULT one") {
    BcTexture blocks = makeBlocks(bc3, 21);
    const D3D11_TEXTURE2D_DESC desc =
        bcDesc(DXGI_FORMAT_BC3_UNORM, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
    const D3D11_SUBRESOURCE_DATA init{blocks.mips[0].data(), 32, 0};
    Com<ID3D11Texture2D> staging;
    REQUIRE(d->CreateTexture2D(&desc, &init, staging.out()) == S_OK);
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ_WRITE, 0, &m) == S_OK);
    REQUIRE(m.RowPitch >= 32);
    CHECK(m.DepthPitch >= 2 * m.RowPitch);
    for (UINT row = 0; row < 2; ++row)
      CHECK(std::memcmp(static_cast<uint8_t*>(m.pData) + row * m.RowPitch, blocks.mips[0].data() + row * 32, 32) == 0);
    // Replace block (0, 1) through the map.
    const BcTexture update = makeBlocks(bc3, 22);
    std::memcpy(static_cast<uint8_t*>(m.pData) + m.RowPitch, update.mips[1].data(), 16);
    std::memcpy(blocks.mips[0].data() + 32, update.mips[1].data(), 16);
    d.context->Unmap(staging.get(), 0);
    Com<ID3D11Texture2D> texture;
    const D3D11_TEXTURE2D_DESC defaultDesc = bcDesc(DXGI_FORMAT_BC3_UNORM, 1);
    REQUIRE(d->CreateTexture2D(&defaultDesc, nullptr, texture.out()) == S_OK);
    d.context->CopyResource(texture.get(), staging.get());
    Com<ID3D11ShaderResourceView> view = srvOf(d, texture.get());
    checkTexelsWithin(readTexels(d, view.get(), loadListing(0)), 8, 8, [&](UINT x, UINT y) { return expectedTexel(bc3, blocks, 0, x, y); });
  }

  SECTION("CopyResource from BC1 to R32G32_UINT keeps each block's bits as one texel") {
    const BcTexture blocks = makeBlocks(bc1, 31);
    const D3D11_TEXTURE2D_DESC desc = bcDesc(DXGI_FORMAT_BC1_UNORM, 1);
    const D3D11_SUBRESOURCE_DATA init{blocks.mips[0].data(), 16, 0};
    Com<ID3D11Texture2D> texture;
    REQUIRE(d->CreateTexture2D(&desc, &init, texture.out()) == S_OK);
    Com<ID3D11Texture2D> texels;
    const D3D11_TEXTURE2D_DESC texelDesc = texture2DDesc(2, 2, DXGI_FORMAT_R32G32_UINT, D3D11_BIND_SHADER_RESOURCE);
    REQUIRE(d->CreateTexture2D(&texelDesc, nullptr, texels.out()) == S_OK);
    d.context->CopyResource(texels.get(), texture.get());
    const std::vector<uint8_t> bytes = readback(d, texels.get());
    REQUIRE(bytes.size() == 32);
    CHECK(std::memcmp(bytes.data(), blocks.mips[0].data(), 32) == 0);
  }

  SECTION("a texel copied into a BC1 mip smaller than a block (2x2) fills its one block, and copies back out") {
    const uint32_t data[2] = {0x12345678u, 0x9ABCDEF0u};
    const D3D11_TEXTURE2D_DESC texelDesc = texture2DDesc(1, 1, DXGI_FORMAT_R32G32_UINT, D3D11_BIND_SHADER_RESOURCE);
    const D3D11_SUBRESOURCE_DATA init{data, 8, 0};
    Com<ID3D11Texture2D> texel, back, texture;
    REQUIRE(d->CreateTexture2D(&texelDesc, &init, texel.out()) == S_OK);
    REQUIRE(d->CreateTexture2D(&texelDesc, nullptr, back.out()) == S_OK);
    const D3D11_TEXTURE2D_DESC desc = bcDesc(DXGI_FORMAT_BC1_UNORM, 3);  // 8x8, 4x4, 2x2
    REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
    d.context->CopySubresourceRegion(texture.get(), 2, 0, 0, 0, texel.get(), 0, nullptr);
    d.context->CopySubresourceRegion(back.get(), 0, 0, 0, 0, texture.get(), 2, nullptr);
    const std::vector<uint8_t> bytes = readback(d, back.get());
    REQUIRE(bytes.size() == 8);
    CHECK(std::memcmp(bytes.data(), data, 8) == 0);
  }

  SECTION("CopyResource between R32_UINT and R9G9B9E5_SHAREDEXP keeps each texel's bits") {
    std::vector<uint32_t> words(16);
    for (UINT i = 0; i < 16; ++i) words[i] = 0x9E3779B9u * (i + 1);  // arbitrary bits, shared exponent included
    const D3D11_TEXTURE2D_DESC wordDesc = texture2DDesc(4, 4, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE);
    const D3D11_SUBRESOURCE_DATA init{words.data(), 16, 0};
    Com<ID3D11Texture2D> source;
    REQUIRE(d->CreateTexture2D(&wordDesc, &init, source.out()) == S_OK);
    const D3D11_TEXTURE2D_DESC sharedDesc = texture2DDesc(4, 4, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, D3D11_BIND_SHADER_RESOURCE);
    Com<ID3D11Texture2D> shared;
    REQUIRE(d->CreateTexture2D(&sharedDesc, nullptr, shared.out()) == S_OK);
    d.context->CopyResource(shared.get(), source.get());
    const std::vector<uint8_t> bytes = readback(d, shared.get());
    REQUIRE(bytes.size() == 64);
    CHECK(std::memcmp(bytes.data(), words.data(), 64) == 0);
  }

  SECTION("CopySubresourceRegion from R32G32B32A32_UINT texels into BC7 blocks") {
    const BcTexture blocks = makeBlocks(bc7, 41);
    const D3D11_TEXTURE2D_DESC texelDesc = texture2DDesc(2, 2, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_BIND_SHADER_RESOURCE);
    const D3D11_SUBRESOURCE_DATA init{blocks.mips[0].data(), 32, 0};
    Com<ID3D11Texture2D> texels;
    REQUIRE(d->CreateTexture2D(&texelDesc, &init, texels.out()) == S_OK);
    Com<ID3D11Texture2D> texture;
    const D3D11_TEXTURE2D_DESC desc = bcDesc(DXGI_FORMAT_BC7_UNORM, 1);
    REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
    // Texel (1, 0) lands on block (1, 0) = texels (4..7, 0..3); then all four.
    const D3D11_BOX one{1, 0, 0, 2, 1, 1};
    d.context->CopySubresourceRegion(texture.get(), 0, 4, 0, 0, texels.get(), 0, &one);
    d.context->CopySubresourceRegion(texture.get(), 0, 0, 0, 0, texels.get(), 0, nullptr);
    Com<ID3D11ShaderResourceView> view = srvOf(d, texture.get());
    checkTexelsWithin(readTexels(d, view.get(), loadListing(0)), 8, 8, [&](UINT x, UINT y) { return expectedTexel(bc7, blocks, 0, x, y); });
  }
}

TEST_CASE("D3D11's rules for block-compressed textures", "[formats][bc]") {
  RenderDevice d;
  Com<ID3D11Texture2D> t;
  D3D11_TEXTURE2D_DESC desc = bcDesc(DXGI_FORMAT_BC1_UNORM, 1);
  desc.Width = 6;  // the top mip must be whole blocks
  CHECK(d->CreateTexture2D(&desc, nullptr, t.out()) == E_INVALIDARG);
  desc = bcDesc(DXGI_FORMAT_BC3_UNORM, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
  CHECK(d->CreateTexture2D(&desc, nullptr, t.out()) == E_INVALIDARG);
  desc = bcDesc(DXGI_FORMAT_BC7_UNORM, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  CHECK(d->CreateTexture2D(&desc, nullptr, t.out()) == E_INVALIDARG);
  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_BC7_UNORM, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE2D));
  CHECK((support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE));
  CHECK(!(support & (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)));
  // A BC1 texture does not copy to R32G32B32A32_UINT (blocks of 8 bytes, texels of 16).
  desc = bcDesc(DXGI_FORMAT_BC1_UNORM, 1);
  REQUIRE(d->CreateTexture2D(&desc, nullptr, t.out()) == S_OK);
  Com<ID3D11Texture2D> wide;
  const D3D11_TEXTURE2D_DESC wideDesc = texture2DDesc(2, 2, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_BIND_SHADER_RESOURCE);
  REQUIRE(d->CreateTexture2D(&wideDesc, nullptr, wide.out()) == S_OK);
  d.context->CopyResource(wide.get(), t.get());  // dropped (no crash, no Vulkan call)
  d.context->Flush();
}
