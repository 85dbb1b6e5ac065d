// tests/formats: the BC decoder of emulated BC textures (D3DVK_EMULATE_FORMATS=bc,
// translate/texture/bc_decode.comp): BC1–BC5 against format_decoders.h's exact
// decode, to within the rounding of the 8-bit texels the emulation stores (a
// native device only to within D3D's bounds, which differ by device); every
// mode of BC7 and BC6H (format_decoders.h decodes BC7 modes 5 and 6 and BC6H
// mode 11 only) against the device's own BC decoding, which D3D requires to be
// bit accurate for those two, read back through a native device and an
// emulating one in this process.
// Also what CheckFormatSupport says for the emulated families, the other
// writes (dynamic maps, BC-to-BC copies, array updates) against a native
// device, and a predicated update keeping blocks and texels together.
#include "formats_test_util.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Sets D3DVK_EMULATE_FORMATS for the devices created in its lifetime (the UMD
// reads it when it opens the Vulkan device), then restores it.
struct EmulateFormats {
  std::string saved;
  bool had = false;
  explicit EmulateFormats(const char* value) {
    if (const char* e = std::getenv("D3DVK_EMULATE_FORMATS")) had = true, saved = e;
    if (value) setenv("D3DVK_EMULATE_FORMATS", value, 1);
    else unsetenv("D3DVK_EMULATE_FORMATS");
  }
  ~EmulateFormats() {
    if (had) setenv("D3DVK_EMULATE_FORMATS", saved.c_str(), 1);
    else unsetenv("D3DVK_EMULATE_FORMATS");
  }
};

struct Lcg {
  uint32_t state;
  uint8_t next() {
    state = state * 1664525u + 1013904223u;
    return uint8_t(state >> 24);
  }
};

// 2x2 blocks of `bytes` each from `seed`; `fix` sets mode bits.
std::vector<uint8_t> randomBlocks(UINT bytes, uint32_t seed, void (*fix)(uint8_t*, UINT), UINT modeArg) {
  std::vector<uint8_t> out(4 * bytes);
  Lcg rng{seed};
  for (uint8_t& b : out) b = rng.next();
  for (UINT i = 0; i < 4; ++i) fix(out.data() + i * bytes, modeArg);
  return out;
}

void noMode(uint8_t*, UINT) {}
// BC7 mode m: bit m of the first byte set, the bits below it clear.
void bc7Mode(uint8_t* b, UINT m) { b[0] = uint8_t((b[0] & ~((2u << m) - 1)) | (1u << m)); }
// BC6H mode bits: 2 (modes 1, 2) or 5 (the others); the test clears bits 2–4 for modes 1 and 2 too.
void bc6hMode(uint8_t* b, UINT bits) { b[0] = uint8_t((b[0] & 0xE0) | bits); }

std::vector<Texel> readBlocks(RenderDevice& d, DXGI_FORMAT format, const std::vector<uint8_t>& blocks, UINT bytes) {
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, format, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_IMMUTABLE);
  const D3D11_SUBRESOURCE_DATA init{blocks.data(), 2 * bytes, 0};
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&desc, &init, t.out()) == S_OK);
  Com<ID3D11ShaderResourceView> view = srvOf(d, t.get());
  return readTexels(d, view.get(), loadListing(0));
}

// Texel (x, y) of an 8x8 texture of `blocks` (2x2 blocks, BC1–BC5 of `format`),
// decoded by format_decoders.h, with `bound`: the emulation's bound (the
// rounding of its 8-bit texels: half a step) or D3D's (a native device's).
enum class Bound8 { Emulated, D3D };
BoundedTexel referenceTexel(DXGI_FORMAT format, const std::vector<uint8_t>& blocks, UINT x, UINT y, Bound8 bound) {
  const bool bc1 = format == DXGI_FORMAT_BC1_UNORM || format == DXGI_FORMAT_BC4_UNORM || format == DXGI_FORMAT_BC4_SNORM;
  const uint8_t* b = blocks.data() + ((y / 4) * 2 + x / 4) * (bc1 ? 8 : 16);
  const bool snorm = format == DXGI_FORMAT_BC4_SNORM || format == DXGI_FORMAT_BC5_SNORM;
  Block ref{};
  BlockBound bounds{};
  switch (format) {
    case DXGI_FORMAT_BC1_UNORM: ref = decodeBc1(b), bounds = bc1Bounds(b, ref); break;
    case DXGI_FORMAT_BC2_UNORM: ref = decodeBc2(b), bounds = bc2Bounds(b, ref); break;
    case DXGI_FORMAT_BC3_UNORM: ref = decodeBc3(b), bounds = bc3Bounds(b, ref); break;
    case DXGI_FORMAT_BC4_UNORM: case DXGI_FORMAT_BC4_SNORM: ref = decodeBc4(b, snorm), bounds = bc4Bounds(b, snorm, ref); break;
    default: ref = decodeBc5(b, snorm), bounds = bc5Bounds(b, snorm, ref); break;
  }
  const UINT i = (y % 4) * 4 + x % 4;
  if (bound == Bound8::Emulated)
    for (float& c : bounds[i]) c = (snorm ? 0.5f / 127 : 0.5f / 255) + 1e-6f;
  return {ref[i], bounds[i]};
}

}  // namespace

TEST_CASE("emulated BC textures decode every mode as lavapipe's native BC decoding does", "[formats][emulation]") {
  std::unique_ptr<RenderDevice> native, emulated;
  {
    EmulateFormats none(nullptr);
    native = std::make_unique<RenderDevice>();
  }
  {
    EmulateFormats bc("bc,4444");
    emulated = std::make_unique<RenderDevice>();
  }
  // The second device emulates: B4G4R4A4 renders nowhere there.
  UINT support = 0;
  REQUIRE((*emulated)->CheckFormatSupport(DXGI_FORMAT_B4G4R4A4_UNORM, &support) == S_OK);
  REQUIRE(!(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET));
  REQUIRE((*native)->CheckFormatSupport(DXGI_FORMAT_BC7_UNORM, &support) == S_OK);  // lavapipe has BC natively

  struct Case {
    const char* name;
    DXGI_FORMAT format;
    UINT bytes;
    void (*fix)(uint8_t*, UINT);
    UINT mode;
    // BC6H / BC7 (against the native device): relative. D3D requires both
    // decoders to be bit accurate: only the float rounding of the read.
    float tolerance;
  };
  const Case cases[] = {
      // BC1–BC5 (tolerance unused): against format_decoders.h (referenceTexel).
      {"BC1", DXGI_FORMAT_BC1_UNORM, 8, noMode, 0, 0},        {"BC2", DXGI_FORMAT_BC2_UNORM, 16, noMode, 0, 0},
      {"BC3", DXGI_FORMAT_BC3_UNORM, 16, noMode, 0, 0},       {"BC4", DXGI_FORMAT_BC4_UNORM, 8, noMode, 0, 0},
      {"BC4 SNORM", DXGI_FORMAT_BC4_SNORM, 8, noMode, 0, 0},  {"BC5", DXGI_FORMAT_BC5_UNORM, 16, noMode, 0, 0},
      {"BC5 SNORM", DXGI_FORMAT_BC5_SNORM, 16, noMode, 0, 0}, {"BC7 mode 0", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 0, 1e-6f},
      {"BC7 mode 1", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 1, 1e-6f}, {"BC7 mode 2", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 2, 1e-6f},
      {"BC7 mode 3", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 3, 1e-6f}, {"BC7 mode 4", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 4, 1e-6f},
      {"BC7 mode 5", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 5, 1e-6f}, {"BC7 mode 6", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 6, 1e-6f},
      {"BC7 mode 7", DXGI_FORMAT_BC7_UNORM, 16, bc7Mode, 7, 1e-6f},
      {"BC6H UF16 mode 1", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x00, 1e-6f},
      {"BC6H UF16 mode 2", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x01, 1e-6f},
      {"BC6H UF16 mode 3", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x02, 1e-6f},
      {"BC6H UF16 mode 4", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x06, 1e-6f},
      {"BC6H UF16 mode 5", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x0A, 1e-6f},
      {"BC6H UF16 mode 6", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x0E, 1e-6f},
      {"BC6H UF16 mode 7", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x12, 1e-6f},
      {"BC6H UF16 mode 8", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x16, 1e-6f},
      {"BC6H UF16 mode 9", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x1A, 1e-6f},
      {"BC6H UF16 mode 10", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x1E, 1e-6f},
      {"BC6H SF16 mode 1", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x00, 1e-6f},
      {"BC6H SF16 mode 3", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x02, 1e-6f},
      {"BC6H SF16 mode 7", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x12, 1e-6f},
      {"BC6H SF16 mode 10", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x1E, 1e-6f},
      {"BC6H UF16 mode 11", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x03, 1e-6f},
      {"BC6H UF16 mode 12", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x07, 1e-6f},
      {"BC6H UF16 mode 13", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x0B, 1e-6f},
      {"BC6H UF16 mode 14", DXGI_FORMAT_BC6H_UF16, 16, bc6hMode, 0x0F, 1e-6f},
      {"BC6H SF16 mode 11", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x03, 1e-6f},
      {"BC6H SF16 mode 12", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x07, 1e-6f},
      {"BC6H SF16 mode 13", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x0B, 1e-6f},
      {"BC6H SF16 mode 14", DXGI_FORMAT_BC6H_SF16, 16, bc6hMode, 0x0F, 1e-6f},
  };
  uint32_t seed = 77;
  for (const Case& c : cases) {
    INFO(c.name);
    for (int round = 0; round < 3; ++round) {
      const std::vector<uint8_t> blocks = randomBlocks(c.bytes, seed++, c.fix, c.mode);
      const std::vector<Texel> got = readBlocks(*emulated, c.format, blocks, c.bytes);
      if (c.format != DXGI_FORMAT_BC6H_UF16 && c.format != DXGI_FORMAT_BC6H_SF16 && c.format != DXGI_FORMAT_BC7_UNORM) {
        checkTexelsWithin(got, 8, 8, [&](UINT x, UINT y) { return referenceTexel(c.format, blocks, x, y, Bound8::Emulated); });
        continue;
      }
      const std::vector<Texel> want = readBlocks(*native, c.format, blocks, c.bytes);
      checkTexels(got, 8, 8, c.tolerance, [&](UINT x, UINT y) { return want[y * 8 + x]; });
    }
  }
}

TEST_CASE("emulated BC and B4G4R4A4 formats claim what the emulation provides, as native ones do", "[formats][emulation]") {
  std::unique_ptr<RenderDevice> native, emulated;
  {
    EmulateFormats none(nullptr);
    native = std::make_unique<RenderDevice>();
  }
  {
    EmulateFormats bc("bc,4444");
    emulated = std::make_unique<RenderDevice>();
  }
  // Sampling, loads, mips, 2D and 3D textures and CPU access, for every BC
  // format and B4G4R4A4; no render target, UAV or multisampling emulated.
  const UINT provided = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURE3D | D3D11_FORMAT_SUPPORT_MIP |
                        D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
                        D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
  const UINT never = D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW |
                     D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD |
                     D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_BLENDABLE;
  for (int value = int(DXGI_FORMAT_BC1_TYPELESS); value <= int(DXGI_FORMAT_B4G4R4A4_UNORM); ++value) {
    const DXGI_FORMAT format = DXGI_FORMAT(value);
    const bool bc = (value >= int(DXGI_FORMAT_BC1_TYPELESS) && value <= int(DXGI_FORMAT_BC5_SNORM)) ||
                    (value >= int(DXGI_FORMAT_BC6H_TYPELESS) && value <= int(DXGI_FORMAT_BC7_UNORM_SRGB));
    if (!bc && format != DXGI_FORMAT_B4G4R4A4_UNORM) continue;
    INFO("DXGI_FORMAT " << value);
    UINT nativeSupport = 0, emulatedSupport = 0;
    REQUIRE((*native)->CheckFormatSupport(format, &nativeSupport) == S_OK);
    REQUIRE((*emulated)->CheckFormatSupport(format, &emulatedSupport) == S_OK);
    // A TYPELESS format is a resource format: what shaders do is its views' formats' business.
    const bool typeless = value == int(DXGI_FORMAT_BC1_TYPELESS) || value == int(DXGI_FORMAT_BC2_TYPELESS) ||
                          value == int(DXGI_FORMAT_BC3_TYPELESS) || value == int(DXGI_FORMAT_BC4_TYPELESS) ||
                          value == int(DXGI_FORMAT_BC5_TYPELESS) || value == int(DXGI_FORMAT_BC6H_TYPELESS) ||
                          value == int(DXGI_FORMAT_BC7_TYPELESS);
    const UINT expected =
        typeless ? provided & ~UINT(D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE) : provided;
    CHECK((nativeSupport & expected) == expected);
    CHECK((emulatedSupport & expected) == expected);
    CHECK((emulatedSupport & provided) == (nativeSupport & provided));
    CHECK(!(emulatedSupport & never));
    // A render target of an emulated B4G4R4A4 is refused, as CheckFormatSupport said.
    if (format == DXGI_FORMAT_B4G4R4A4_UNORM) {
      const D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, format, D3D11_BIND_RENDER_TARGET);
      Com<ID3D11Texture2D> t;
      CHECK(FAILED((*emulated)->CreateTexture2D(&desc, nullptr, t.out())));
    }
  }
}

namespace {

// The texels of mip 0 (8x8) of `t`, a texture of device `d`.
std::vector<Texel> texelsOf(RenderDevice& d, ID3D11Texture2D* t) {
  Com<ID3D11ShaderResourceView> view = srvOf(d, t);
  return readTexels(d, view.get(), loadListing(0));
}

}  // namespace

TEST_CASE("emulated BC textures take dynamic maps, BC-to-BC region copies and array updates as native ones do",
          "[formats][emulation]") {
  std::unique_ptr<RenderDevice> native, emulated;
  {
    EmulateFormats none(nullptr);
    native = std::make_unique<RenderDevice>();
  }
  {
    EmulateFormats bc("bc");
    emulated = std::make_unique<RenderDevice>();
  }
  const std::vector<uint8_t> first = randomBlocks(16, 901, noMode, 0), second = randomBlocks(16, 902, noMode, 0);
  const std::vector<uint8_t> bc1 = randomBlocks(8, 903, noMode, 0);

  SECTION("a DYNAMIC BC1 texture written through Map(WRITE_DISCARD) in rows of blocks") {
    std::vector<Texel> results[2];
    RenderDevice* devices[2] = {native.get(), emulated.get()};
    for (int i = 0; i < 2; ++i) {
      RenderDevice& d = *devices[i];
      const D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_SHADER_RESOURCE,
                                                      D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
      Com<ID3D11Texture2D> t;
      REQUIRE(d->CreateTexture2D(&desc, nullptr, t.out()) == S_OK);
      D3D11_MAPPED_SUBRESOURCE m{};
      REQUIRE(d.context->Map(t.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
      for (UINT row = 0; row < 2; ++row) std::memcpy(static_cast<uint8_t*>(m.pData) + row * m.RowPitch, bc1.data() + row * 16, 16);
      d.context->Unmap(t.get(), 0);
      results[i] = texelsOf(d, t.get());
    }
    checkTexelsWithin(results[0], 8, 8, [&](UINT x, UINT y) { return referenceTexel(DXGI_FORMAT_BC1_UNORM, bc1, x, y, Bound8::D3D); });
    checkTexelsWithin(results[1], 8, 8,
                      [&](UINT x, UINT y) { return referenceTexel(DXGI_FORMAT_BC1_UNORM, bc1, x, y, Bound8::Emulated); });
  }

  SECTION("CopySubresourceRegion of one BC3 block into another BC3 texture, then the blocks read back through staging") {
    std::vector<Texel> results[2];
    std::vector<uint8_t> bytes[2];
    RenderDevice* devices[2] = {native.get(), emulated.get()};
    for (int i = 0; i < 2; ++i) {
      RenderDevice& d = *devices[i];
      const D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_BC3_UNORM, D3D11_BIND_SHADER_RESOURCE);
      const D3D11_SUBRESOURCE_DATA a{first.data(), 32, 0}, b{second.data(), 32, 0};
      Com<ID3D11Texture2D> ta, tb;
      REQUIRE(d->CreateTexture2D(&desc, &a, ta.out()) == S_OK);
      REQUIRE(d->CreateTexture2D(&desc, &b, tb.out()) == S_OK);
      const D3D11_BOX box{4, 4, 0, 8, 8, 1};  // block (1, 1) of a into block (1, 0) of b
      d.context->CopySubresourceRegion(tb.get(), 0, 4, 0, 0, ta.get(), 0, &box);
      results[i] = texelsOf(d, tb.get());
      const D3D11_TEXTURE2D_DESC stagingDesc =
          texture2DDesc(8, 8, DXGI_FORMAT_BC3_UNORM, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
      Com<ID3D11Texture2D> staging;
      REQUIRE(d->CreateTexture2D(&stagingDesc, nullptr, staging.out()) == S_OK);
      d.context->CopyResource(staging.get(), tb.get());
      D3D11_MAPPED_SUBRESOURCE m{};
      REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
      for (UINT row = 0; row < 2; ++row)
        bytes[i].insert(bytes[i].end(), static_cast<uint8_t*>(m.pData) + row * m.RowPitch,
                        static_cast<uint8_t*>(m.pData) + row * m.RowPitch + 32);
      d.context->Unmap(staging.get(), 0);
    }
    // The blocks themselves, computed here: b's with its block (1, 0) replaced by a's block (1, 1).
    std::vector<uint8_t> expected = second;
    std::memcpy(expected.data() + 16, first.data() + 3 * 16, 16);
    checkTexelsWithin(results[0], 8, 8, [&](UINT x, UINT y) { return referenceTexel(DXGI_FORMAT_BC3_UNORM, expected, x, y, Bound8::D3D); });
    checkTexelsWithin(results[1], 8, 8,
                      [&](UINT x, UINT y) { return referenceTexel(DXGI_FORMAT_BC3_UNORM, expected, x, y, Bound8::Emulated); });
    CHECK(bytes[0] == expected);
    CHECK(bytes[1] == expected);
  }

  SECTION("UpdateSubresource of one slice's second mip of a BC7 array, read back as blocks and texels") {
    std::vector<uint8_t> bytes[2];
    std::vector<Texel> results[2];
    RenderDevice* devices[2] = {native.get(), emulated.get()};
    for (int i = 0; i < 2; ++i) {
      RenderDevice& d = *devices[i];
      D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_BC7_UNORM, D3D11_BIND_SHADER_RESOURCE);
      desc.MipLevels = 2;
      desc.ArraySize = 2;
      Com<ID3D11Texture2D> t;
      REQUIRE(d->CreateTexture2D(&desc, nullptr, t.out()) == S_OK);
      d.context->UpdateSubresource(t.get(), 3, nullptr, second.data(), 16, 0);  // slice 1, mip 1: one block
      d.context->UpdateSubresource(t.get(), 2, nullptr, first.data(), 32, 0);   // slice 1, mip 0
      // Slice 1 copied out: mip 0 into a 2D texture read by a shader, mip 1 as bytes through staging.
      const D3D11_TEXTURE2D_DESC plain = texture2DDesc(8, 8, DXGI_FORMAT_BC7_UNORM, D3D11_BIND_SHADER_RESOURCE);
      Com<ID3D11Texture2D> one;
      REQUIRE(d->CreateTexture2D(&plain, nullptr, one.out()) == S_OK);
      d.context->CopySubresourceRegion(one.get(), 0, 0, 0, 0, t.get(), 2, nullptr);
      results[i] = texelsOf(d, one.get());
      const D3D11_TEXTURE2D_DESC stagingDesc =
          texture2DDesc(4, 4, DXGI_FORMAT_BC7_UNORM, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
      Com<ID3D11Texture2D> staging;
      REQUIRE(d->CreateTexture2D(&stagingDesc, nullptr, staging.out()) == S_OK);
      d.context->CopySubresourceRegion(staging.get(), 0, 0, 0, 0, t.get(), 3, nullptr);
      D3D11_MAPPED_SUBRESOURCE m{};
      REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
      bytes[i].assign(static_cast<uint8_t*>(m.pData), static_cast<uint8_t*>(m.pData) + 16);
      d.context->Unmap(staging.get(), 0);
    }
    checkTexels(results[1], 8, 8, 1e-6f, [&](UINT x, UINT y) { return results[0][y * 8 + x]; });  // BC7: bit accurate
    const std::vector<uint8_t> expected(second.begin(), second.begin() + 16);
    CHECK(bytes[0] == expected);
    CHECK(bytes[1] == expected);
  }
}

TEST_CASE("a predicated UpdateSubresource of an emulated BC texture keeps or replaces its blocks and texels together",
          "[formats][emulation]") {
  std::unique_ptr<RenderDevice> holder;
  {
    EmulateFormats bc("bc");
    holder = std::make_unique<RenderDevice>();
  }
  RenderDevice& d = *holder;
  // A predicate around nothing: its result is FALSE (no samples passed).
  const D3D11_QUERY_DESC predicateDesc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  Com<ID3D11Predicate> predicate;
  REQUIRE(d->CreatePredicate(&predicateDesc, predicate.out()) == S_OK);
  d.context->Begin(predicate.get());
  d.context->End(predicate.get());
  const std::vector<uint8_t> before = randomBlocks(8, 911, noMode, 0), update = randomBlocks(8, 912, noMode, 0);
  for (const BOOL value : {FALSE, TRUE}) {
    const bool skipped = value == FALSE;  // D3D skips when the predicate's result equals the value
    CAPTURE(value);
    const D3D11_TEXTURE2D_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_BC1_UNORM, D3D11_BIND_SHADER_RESOURCE);
    const D3D11_SUBRESOURCE_DATA init{before.data(), 16, 0};
    Com<ID3D11Texture2D> t;
    REQUIRE(d->CreateTexture2D(&desc, &init, t.out()) == S_OK);
    d.context->SetPredication(predicate.get(), value);
    d.context->UpdateSubresource(t.get(), 0, nullptr, update.data(), 16, 0);
    d.context->SetPredication(nullptr, FALSE);
    const std::vector<uint8_t>& want = skipped ? before : update;
    // The texels decode the blocks that should be there (format_decoders.h's BC1 decoder) ...
    checkTexelsWithin(texelsOf(d, t.get()), 8, 8,
                      [&](UINT x, UINT y) { return referenceTexel(DXGI_FORMAT_BC1_UNORM, want, x, y, Bound8::Emulated); });
    // ... and the blocks read back are those bytes.
    const D3D11_TEXTURE2D_DESC stagingDesc =
        texture2DDesc(8, 8, DXGI_FORMAT_BC1_UNORM, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    Com<ID3D11Texture2D> staging;
    REQUIRE(d->CreateTexture2D(&stagingDesc, nullptr, staging.out()) == S_OK);
    d.context->CopyResource(staging.get(), t.get());
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
    std::vector<uint8_t> got;
    for (UINT row = 0; row < 2; ++row)
      got.insert(got.end(), static_cast<uint8_t*>(m.pData) + row * m.RowPitch,
                 static_cast<uint8_t*>(m.pData) + row * m.RowPitch + 16);
    d.context->Unmap(staging.get(), 0);
    CHECK(got == want);
  }
}

TEST_CASE("an emulated BC7 Texture3D decodes each depth slice, initial data and updates", "[formats][emulation]") {
  // u0[y * 8 + x] = t0.Load(x, y, 1, mip 0): depth slice 1 of an 8x8x2 Texture3D.
  const std::string sliceOne = R"(cs_5_0
dcl_resource_texture3d (float,float,float,float) t0
dcl_uav_structured u0, 16
dcl_input vThreadID.xy
dcl_temps 2
dcl_thread_group 8, 8, 1
mov r0.xy, vThreadID.xyxx
mov r0.zw, l(0, 0, 1, 0)
ld r1.xyzw, r0.xyzw, t0.xyzw
imad r0.x, vThreadID.y, l(8), vThreadID.x
store_structured u0.xyzw, r0.x, l(0), r1.xyzw
ret
)";
  std::unique_ptr<RenderDevice> native, emulated;
  {
    EmulateFormats none(nullptr);
    native = std::make_unique<RenderDevice>();
  }
  {
    EmulateFormats bc("bc");
    emulated = std::make_unique<RenderDevice>();
  }
  std::vector<uint8_t> slices = randomBlocks(16, 921, bc7Mode, 1);
  const std::vector<uint8_t> second = randomBlocks(16, 922, bc7Mode, 3);
  slices.insert(slices.end(), second.begin(), second.end());  // two slices of 2x2 blocks
  const std::vector<uint8_t> update = randomBlocks(16, 923, bc7Mode, 6);
  std::vector<Texel> results[2][2];
  RenderDevice* devices[2] = {native.get(), emulated.get()};
  for (int i = 0; i < 2; ++i) {
    RenderDevice& d = *devices[i];
    const D3D11_TEXTURE3D_DESC desc{8, 8, 2, 1, DXGI_FORMAT_BC7_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    const D3D11_SUBRESOURCE_DATA init{slices.data(), 32, 64};
    Com<ID3D11Texture3D> t;
    REQUIRE(d->CreateTexture3D(&desc, &init, t.out()) == S_OK);
    Com<ID3D11ShaderResourceView> view;
    REQUIRE(d->CreateShaderResourceView(t.get(), nullptr, view.out()) == S_OK);
    results[i][0] = readTexels(d, view.get(), sliceOne);
    const D3D11_BOX box{4, 0, 1, 8, 4, 2};  // block (1, 0) of slice 1
    d.context->UpdateSubresource(t.get(), 0, &box, update.data(), 16, 16);
    results[i][1] = readTexels(d, view.get(), sliceOne);
  }
  for (int step = 0; step < 2; ++step) {
    INFO((step ? "after UpdateSubresource" : "initial data"));
    checkTexels(results[1][step], 8, 8, 1e-6f, [&](UINT x, UINT y) { return results[0][step][y * 8 + x]; });  // BC7: bit accurate
  }
  // The update changed the texels it covers.
  CHECK(std::memcmp(&results[0][0][4], &results[0][1][4], sizeof(Texel)) != 0);
}
