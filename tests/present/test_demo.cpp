// tests/present/test_demo.cpp — d3dvk-demo run as a user runs it, on an X server
// (xvfb-run through with_display.sh): `--frames 3 --screenshot FILE` exits 0 and
// writes a PNG that this test decodes itself (zlib, no libpng), and the pixels of
// the first triangle, computed here with exact integer edge functions from the
// vertices the demo prints, show conservative coverage: pixels the triangle only
// touches (centre outside one edge) are outer coverage in the ON panel and empty
// in the OFF panel, fully covered pixels are inner coverage (tier 3) and centre
// coverage, far pixels are empty in both. Also --help, bad arguments (an error
// line and exit code 2), and D3DVK_CONSERVATIVE_RASTER=off (an empty ON panel).
// The coverage path is the device's (lavapipe: the exact fallback).
#include "run_process.h"

#include <catch2/catch.hpp>

#include <unistd.h>
#include <zlib.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

using namespace d3dvk::test;

namespace {

// The demo's documented colours (docs/tools.md).
struct Colour {
  int r, g, b;
};
constexpr Colour kPanelClear{40, 40, 48}, kOffCovered{70, 140, 255}, kOuter{255, 150, 40}, kInner{90, 220, 110};

struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;
  Colour at(uint32_t x, uint32_t y) const {
    const uint8_t* p = &rgba[(size_t(y) * width + x) * 4];
    return {p[0], p[1], p[2]};
  }
};

uint32_t bigEndian(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

int paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what libpng writes for the
// demo); "" or why not.
std::string decodePng(const std::string& bytes, Image& out) {
  static const uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kSignature, 8) != 0) return "no PNG signature";
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t pos = 8;
  int colourType = -1;
  std::vector<uint8_t> compressed;
  bool ended = false;
  while (pos + 12 <= bytes.size() && !ended) {
    const uint32_t length = bigEndian(data + pos);
    const std::string type(bytes, pos + 4, 4);
    if (pos + 12 + size_t(length) > bytes.size()) return "chunk " + type + " runs past the file's end";
    const uint8_t* body = data + pos + 8;
    if (crc32(crc32(0, data + pos + 4, 4), body, length) != bigEndian(body + length)) return "bad CRC in " + type;
    if (type == "IHDR") {
      out.width = bigEndian(body);
      out.height = bigEndian(body + 4);
      if (body[8] != 8 || (body[9] != 6 && body[9] != 2) || body[12] != 0) return "not 8-bit RGB(A) non-interlaced";
      colourType = body[9];
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), body, body + length);
    } else if (type == "IEND") {
      ended = true;
    }
    pos += 12 + size_t(length);
  }
  if (colourType < 0 || !ended) return "no IHDR or IEND";
  const size_t channels = colourType == 6 ? 4 : 3, stride = out.width * channels;
  std::vector<uint8_t> raw(out.height * (stride + 1));
  uLongf rawSize = uLongf(raw.size());
  if (uncompress(raw.data(), &rawSize, compressed.data(), uLong(compressed.size())) != Z_OK || rawSize != raw.size())
    return "the image data does not inflate to its size";
  std::vector<uint8_t> rows(out.height * stride);
  for (size_t y = 0; y < out.height; ++y) {
    const uint8_t filter = raw[y * (stride + 1)];
    const uint8_t* in = &raw[y * (stride + 1) + 1];
    uint8_t* row = &rows[y * stride];
    const uint8_t* up = y ? &rows[(y - 1) * stride] : nullptr;
    for (size_t i = 0; i < stride; ++i) {
      const int a = i >= channels ? row[i - channels] : 0, b = up ? up[i] : 0,
                c = up && i >= channels ? up[i - channels] : 0;
      int predictor = 0;
      switch (filter) {
        case 0: predictor = 0; break;
        case 1: predictor = a; break;
        case 2: predictor = b; break;
        case 3: predictor = (a + b) / 2; break;
        case 4: predictor = paeth(a, b, c); break;
        default: return "unknown filter " + std::to_string(filter);
      }
      row[i] = uint8_t(in[i] + predictor);
    }
  }
  out.rgba.resize(size_t(out.width) * out.height * 4);
  for (size_t p = 0; p < size_t(out.width) * out.height; ++p)
    for (size_t ch = 0; ch < 4; ++ch) out.rgba[p * 4 + ch] = ch < channels ? rows[p * channels + ch] : 255;
  return "";
}

bool near(Colour a, Colour b) { return std::abs(a.r - b.r) <= 2 && std::abs(a.g - b.g) <= 2 && std::abs(a.b - b.b) <= 2; }

// What the demo printed about its layout and triangles.
struct Layout {
  int tier = -1;
  uint32_t width = 0, height = 0, pixelsX = 0, pixelsY = 0, magnify = 0;
  int offLeft = 0, onLeft = 0, top = 0;
  std::vector<std::array<std::array<int64_t, 2>, 3>> triangles;  // vertices in 1/256 pixel
};

Layout parseOutput(const std::string& out) {
  Layout l;
  std::smatch m;
  if (std::regex_search(out, m, std::regex("conservative rasterization tier ([0-3])"))) l.tier = std::stoi(m[1]);
  if (std::regex_search(out, m,
                        std::regex("layout: back buffer ([0-9]+)x([0-9]+), panel off at ([0-9]+),([0-9]+), panel on "
                                   "at ([0-9]+),([0-9]+), ([0-9]+)x([0-9]+) pixels magnified ([0-9]+)x"))) {
    l.width = uint32_t(std::stoul(m[1]));
    l.height = uint32_t(std::stoul(m[2]));
    l.offLeft = std::stoi(m[3]);
    l.top = std::stoi(m[4]);
    l.onLeft = std::stoi(m[5]);
    CHECK(std::stoi(m[6]) == l.top);
    l.pixelsX = uint32_t(std::stoul(m[7]));
    l.pixelsY = uint32_t(std::stoul(m[8]));
    l.magnify = uint32_t(std::stoul(m[9]));
  }
  const std::regex triangle("triangle [0-9]+: ([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+)");
  for (auto it = std::sregex_iterator(out.begin(), out.end(), triangle); it != std::sregex_iterator(); ++it) {
    std::array<std::array<int64_t, 2>, 3> t{};
    for (int v = 0; v < 3; ++v)
      for (int c = 0; c < 2; ++c) {
        const double value = std::stod((*it)[size_t(1 + v * 2 + c)]) * 256;
        REQUIRE(value == double(int64_t(value)));  // on the 16.8 grid, so exact here
        t[size_t(v)][size_t(c)] = int64_t(value);
      }
    l.triangles.push_back(t);
  }
  return l;
}

// How many pixels of magnified pixel (i, j) of the panel at `left` (inside its
// grid lines) are `colour`.
int countInBlock(const Image& img, const Layout& l, int left, int i, int j, Colour colour) {
  int n = 0;
  for (uint32_t dy = 1; dy < l.magnify; ++dy)
    for (uint32_t dx = 1; dx < l.magnify; ++dx)
      if (near(img.at(uint32_t(left) + uint32_t(i) * l.magnify + dx, uint32_t(l.top) + uint32_t(j) * l.magnify + dy),
               colour))
        ++n;
  return n;
}

std::string runDemo(const std::string& args, int expectedExit, Image* picture = nullptr) {
  const std::string png = "/tmp/d3dvk-demo-test-" + std::to_string(getpid()) + ".png";
  const ProcessResult r =
      runProcess(std::string(D3DVK_DEMO_EXE) + args + (picture ? " --screenshot " + png : std::string()));
  INFO(args << "\n" << r.out << r.err);
  REQUIRE(r.exitCode == expectedExit);
  if (picture) {
    const std::string error = decodePng(readWholeFile(png), *picture);
    std::remove(png.c_str());
    INFO(error);
    REQUIRE(error.empty());
  }
  return r.out;
}

}  // namespace

TEST_CASE("d3dvk-demo --frames 3 --screenshot shows conservative coverage where pixel-centre coverage has none",
          "[present][demo]") {
  Image img;
  const std::string out = runDemo(" --frames 3", 0, &img);
  INFO(out);
  const Layout l = parseOutput(out);
  REQUIRE(l.tier >= 0);
  REQUIRE(l.magnify >= 3);
  REQUIRE(l.triangles.size() >= 1);
  CHECK(img.width == l.width);
  CHECK(img.height == l.height);
  REQUIRE(l.onLeft + int(l.pixelsX * l.magnify) < int(img.width));
  REQUIRE(l.top + int(l.pixelsY * l.magnify) < int(img.height));
  if (l.tier == 0) {
    WARN("the device reports no conservative rasterization: only the OFF panel is checked");
  }

  // Triangle 0 with edge functions positive inside (coordinates in 1/256 pixel).
  auto t = l.triangles[0];
  auto cross = [](std::array<int64_t, 2> a, std::array<int64_t, 2> b, int64_t x, int64_t y) {
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
  };
  if (cross(t[0], t[1], t[2][0], t[2][1]) < 0) std::swap(t[1], t[2]);
  REQUIRE(cross(t[0], t[1], t[2][0], t[2][1]) > 0);
  // E_e(x, y) / (|dx| + |dy|) bounds the distance to edge e from below, in 1/256 pixel.
  auto edge = [&](int e, int64_t x, int64_t y) { return cross(t[size_t(e)], t[size_t((e + 1) % 3)], x, y); };
  auto norm1 = [&](int e) {
    const auto& a = t[size_t(e)];
    const auto& b = t[size_t((e + 1) % 3)];
    return std::abs(b[0] - a[0]) + std::abs(b[1] - a[1]);
  };
  // The other triangles are more than a pixel away from this one's bounding box,
  // so nothing but triangle 0 reaches the pixels checked.
  int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {INT64_MIN, INT64_MIN};
  for (const auto& v : t)
    for (int c = 0; c < 2; ++c) lo[c] = std::min(lo[c], v[size_t(c)]), hi[c] = std::max(hi[c], v[size_t(c)]);
  for (size_t k = 1; k < l.triangles.size(); ++k) {
    bool apart = false;
    for (int c = 0; c < 2; ++c) {
      int64_t klo = INT64_MAX, khi = INT64_MIN;
      for (const auto& v : l.triangles[k]) klo = std::min(klo, v[size_t(c)]), khi = std::max(khi, v[size_t(c)]);
      apart = apart || klo > hi[c] + 2 * 256 || khi < lo[c] - 2 * 256;
    }
    REQUIRE(apart);
  }

  int touched = 0, full = 0, empty = 0;
  for (int j = 0; j < int(l.pixelsY); ++j)
    for (int i = 0; i < int(l.pixelsX); ++i) {
      const int64_t cx = i * 256 + 128, cy = j * 256 + 128;
      const int64_t corners[4][2] = {{i * 256, j * 256}, {i * 256 + 256, j * 256}, {i * 256, j * 256 + 256},
                                     {i * 256 + 256, j * 256 + 256}};
      bool allInside = true;  // every corner deeper than 2/256 pixel inside every edge
      bool farOutside = false;  // every corner more than a pixel outside some edge
      for (int e = 0; e < 3; ++e) {
        bool eInside = true, eFar = true;
        for (const auto& c : corners) {
          eInside = eInside && edge(e, c[0], c[1]) > 2 * norm1(e);
          eFar = eFar && edge(e, c[0], c[1]) < -256 * norm1(e);
        }
        allInside = allInside && eInside;
        farOutside = farOutside || eFar;
      }
      const bool nearTriangle = i * 256 >= lo[0] - 512 && i * 256 <= hi[0] + 512 && j * 256 >= lo[1] - 512 &&
                                j * 256 <= hi[1] + 512;
      INFO("pixel (" << i << ", " << j << ")");
      if (allInside) {
        ++full;
        CHECK(countInBlock(img, l, l.offLeft, i, j, kOffCovered) >= 32);
        if (l.tier > 0) CHECK(countInBlock(img, l, l.onLeft, i, j, l.tier == 3 ? kInner : kOuter) >= 32);
        continue;
      }
      if (farOutside && nearTriangle) {
        ++empty;
        CHECK(countInBlock(img, l, l.offLeft, i, j, kPanelClear) >= 32);
        CHECK(countInBlock(img, l, l.onLeft, i, j, kPanelClear) >= 32);
        continue;
      }
      // One edge: the pixel centre strictly outside it, a corner more than 2/256
      // pixel inside it, and the whole pixel inside the other two edges. The
      // triangle then covers part of the pixel's area but not its centre.
      for (int e = 0; e < 3; ++e) {
        if (edge(e, cx, cy) >= 0) continue;
        bool cornerInside = false, otherInside = true;
        for (const auto& c : corners) {
          cornerInside = cornerInside || edge(e, c[0], c[1]) > 2 * norm1(e);
          for (int f = 0; f < 3; ++f)
            if (f != e) otherInside = otherInside && edge(f, c[0], c[1]) > 2 * norm1(f);
        }
        if (!cornerInside || !otherInside) continue;
        ++touched;
        CHECK(countInBlock(img, l, l.offLeft, i, j, kOffCovered) == 0);
        CHECK(countInBlock(img, l, l.offLeft, i, j, kPanelClear) >= 32);
        if (l.tier > 0) {
          CHECK(countInBlock(img, l, l.onLeft, i, j, kOuter) >= 32);
          CHECK(countInBlock(img, l, l.onLeft, i, j, kInner) == 0);
        }
      }
    }
  INFO("touched " << touched << ", fully covered " << full << ", empty " << empty);
  CHECK(touched >= 5);
  CHECK(full >= 5);
  CHECK(empty >= 5);
}

TEST_CASE("d3dvk-demo with D3DVK_CONSERVATIVE_RASTER=off reports tier 0 and leaves the ON panel empty",
          "[present][demo]") {
  Image img;
  const std::string out = runDemo(" --frames 1", 0, &img);
  (void)out;
  Image off;
  setenv("D3DVK_CONSERVATIVE_RASTER", "off", 1);
  const std::string offOut = runDemo(" --frames 1", 0, &off);
  unsetenv("D3DVK_CONSERVATIVE_RASTER");
  INFO(offOut);
  const Layout l = parseOutput(offOut);
  CHECK(l.tier == 0);
  CHECK(offOut.find("conservative draws: none") != std::string::npos);
  // Every magnified pixel of the ON panel is the clear colour.
  for (int j = 0; j < int(l.pixelsY); ++j)
    for (int i = 0; i < int(l.pixelsX); ++i) {
      INFO("pixel (" << i << ", " << j << ")");
      CHECK(countInBlock(off, l, l.onLeft, i, j, kOuter) == 0);
      CHECK(countInBlock(off, l, l.onLeft, i, j, kInner) == 0);
    }
  // The OFF panel is the same picture as with conservative rasterization available.
  int same = 0, total = 0;
  for (uint32_t y = uint32_t(l.top); y < uint32_t(l.top) + l.pixelsY * l.magnify; ++y)
    for (uint32_t x = uint32_t(l.offLeft); x < uint32_t(l.offLeft) + l.pixelsX * l.magnify; ++x, ++total)
      same += near(img.at(x, y), off.at(x, y));
  CHECK(same == total);
}

TEST_CASE("d3dvk-demo --help prints the usage and exits 0", "[present][demo]") {
  const ProcessResult r = runProcess(std::string(D3DVK_DEMO_EXE) + " --help");
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("usage: d3dvk-demo [--frames N [--screenshot FILE]]\n", 0) == 0);
  CHECK(r.out.find("Esc quits, space turns the animation on or off") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("d3dvk-demo answers bad arguments with an error line and exit code 2", "[present][demo][errors]") {
  const std::pair<std::string, std::string> cases[] = {
      {" --frames 0", "d3dvk-demo: --frames must be an integer from 1 to 1000000, not '0'"},
      {" --frames -3", "d3dvk-demo: --frames must be an integer from 1 to 1000000, not '-3'"},
      {" --frames 1000001", "d3dvk-demo: --frames must be an integer from 1 to 1000000, not '1000001'"},
      {" --frames three", "d3dvk-demo: --frames must be an integer from 1 to 1000000, not 'three'"},
      {" --frames", "d3dvk-demo: --frames needs a value"},
      {" --screenshot out.png", "d3dvk-demo: --screenshot needs --frames N"},
      {" --frames 2 --screenshot", "d3dvk-demo: --screenshot needs a value"},
      {" --window", "d3dvk-demo: unknown argument '--window'"},
  };
  for (const auto& [args, error] : cases) {
    const ProcessResult r = runProcess(std::string(D3DVK_DEMO_EXE) + args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.substr(0, r.err.find('\n')) == error);
    CHECK(r.out.empty());  // nothing ran
  }
}
