// tests/tools: d3dvk-conformance — the report's scenarios on the machine's
// device: on the device's own path (auto: native on a GPU with
// VK_EXT_conservative_rasterization, the fallback on lavapipe) every applicable
// scenario passes, each conservatively lit set exact or within the uncertainty
// region; with the fallback forced every rendering scenario passes exactly,
// with its PNG pictures; with the tier forced through the trace filter; its
// JSON, exit codes and scenario list (which the per-scenario ctest cases of
// CMakeLists.txt repeat); the same report through D3D12 (--api d3d12: the
// state scenarios' D3D12 counterparts, the rendering scenarios passing with the
// same pictures as D3D11's); and the PNG writer, read back with libpng.
#include "expected_device.h"
#include "json_syntax.h"
#include "png_writer.h"
#include "run_process.h"

#include <catch2/catch.hpp>
#include <png.h>

#include <array>
#include <cstdio>
#include <dirent.h>
#include <map>
#include <sstream>
#include <unistd.h>
#include <vector>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A PNG file read back as RGBA (width 0 when libpng cannot read it).
struct PngPicture {
  uint32_t width = 0, height = 0;
  std::vector<unsigned char> pixels;
  std::array<int, 3> rgb(uint32_t x, uint32_t y) const {
    const unsigned char* p = &pixels[(size_t(y) * width + x) * 4];
    return {p[0], p[1], p[2]};
  }
};

PngPicture readPng(const std::string& path) {
  PngPicture out;
  png_image read{};
  read.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&read, path.c_str())) return out;
  read.format = PNG_FORMAT_RGBA;
  std::vector<unsigned char> pixels(PNG_IMAGE_SIZE(read));
  if (!png_image_finish_read(&read, nullptr, pixels.data(), 0, nullptr)) return out;
  out.width = read.width;
  out.height = read.height;
  out.pixels = std::move(pixels);
  return out;
}

std::string forcedTier(const char* tier) {
  return std::string("D3DVK_UMD_PATH=") + D3DVK_TRACE_LIBRARY + " D3DVK_DDI_TRACE_FILE=/dev/null " +
         "D3DVK_TRACE_FORCE_CONSERVATIVE_TIER=" + tier + " ";
}

}  // namespace

TEST_CASE("d3dvk-conformance runs the state scenarios and reports them", "[tools][conformance]") {
  const std::string json = "/tmp/d3dvk-conformance-test-" + std::to_string(getpid()) + ".json";
  ProcessResult r = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --json " + json);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(contains(r.out, "CheckFeatureSupport: conservative tier"));
  CHECK(contains(r.out, "0 failed"));
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(JsonSyntax::valid(text));
  CHECK(contains(text, "\"scenarios\": ["));
  CHECK(contains(text, "{\"name\": \"RSSetState / RSGetState\", \"required_tier\": 0, \"result\": \"pass\""));
  if (contains(r.out, "reported tier 0")) {
    CHECK(contains(text, "\"name\": \"CreateRasterizerState2: ON rejected without support\", \"required_tier\": 0, "
                         "\"result\": \"pass\""));
    CHECK(contains(text, "\"name\": \"CreateRasterizerState2: ON accepted\", \"required_tier\": 1, \"result\": \"skip\""));
  }
}

TEST_CASE("d3dvk-conformance on the device's own path: every applicable scenario passes, each lit set exact or "
          "within the uncertainty region",
          "[tools][conformance]") {
  const ExpectedDevice e = expectedDevice();
  const std::string json = "/tmp/d3dvk-conformance-auto-" + std::to_string(getpid()) + ".json";
  ProcessResult r = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --json " + json);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(JsonSyntax::valid(text));
  CHECK(contains(text, "\"device\": \"" + e.name + "\""));
  CHECK(contains(text, "\"tier\": " + std::to_string(int(e.decide().reported)) + ","));
  CHECK(contains(text, std::string("\"path\": \"") + e.drawPath() + "\","));
  CHECK_FALSE(contains(text, "\"result\": \"fail\""));
  if (e.decide().reported != state::ConservativeTier::Tier3) return;
  // The verdict on each conservatively lit set: the spec's bounds, and which.
  const char* verdicts[] = {"\"Bring-up: ON lights (0,0),(1,0); OFF lights nothing\", \"required_tier\": 1, "
                            "\"result\": \"pass\", \"detail\": \"ON lit ",
                            "\"Uncertainty: 1/256 px (3x3, centre pixel)\", \"required_tier\": 3, \"result\": "
                            "\"pass\", \"detail\": \"lit {(1,1)} (exact)\"",
                            "\"Top-left rule (4x4, 13 pixels)\", \"required_tier\": 3, \"result\": \"pass\", "
                            "\"detail\": \"13 pixels lit: "};
  for (const char* v : verdicts) CHECK(contains(text, v));
  const size_t bringUp = text.find("\"detail\": \"ON lit ");
  REQUIRE(bringUp != std::string::npos);
  const std::string detail = text.substr(bringUp, text.find('\n', bringUp) - bringUp);
  INFO(detail);
  CHECK((contains(detail, "(exact); OFF lit {}") ||
         contains(detail, "(within the uncertainty region, extra: {(0,1) (1,1)}); OFF lit {}") ||
         contains(detail, "(within the uncertainty region, extra: {(0,1)}); OFF lit {}") ||
         contains(detail, "(within the uncertainty region, extra: {(1,1)}); OFF lit {}")));
}

TEST_CASE("d3dvk-conformance with the fallback forced passes every rendering scenario exactly, with PNG pictures",
          "[tools][conformance][png][fallback]") {
  if (expectedDevice().fallback != state::ConservativeTier::Tier3) {
    WARN("this device cannot run the fallback (no transform feedback, depth clamp or 64-bit shader integers)");
    return;
  }
  const std::string base = "/tmp/d3dvk-conformance-render-" + std::to_string(getpid());
  const std::string json = base + ".json", pngDir = base + "-png";
  ProcessResult r = runProcess(std::string("D3DVK_CONSERVATIVE_RASTER=fallback ") + D3DVK_CONFORMANCE_EXE +
                               " --json " + json + " --png-dir " + pngDir);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(JsonSyntax::valid(text));
  // Tier 3 from the fallback, whatever the device has natively.
  CHECK(contains(text, "\"tier\": 3,"));
  CHECK(contains(text, "\"path\": \"fallback\","));
  const std::pair<const char*, int> rendering[] = {
      {"Draw: point/line topology with conservative ON is dropped", 1},
      {"Draw: SV_InnerCoverage with conservative OFF", 3},
      {"Bring-up: ON lights (0,0),(1,0); OFF lights nothing", 1},
      {"Uncertainty: 1/2 px (4x4, centre 2x2)", 1},
      {"Uncertainty: 1/256 px (3x3, centre pixel)", 3},
      {"Top-left rule (4x4, 13 pixels)", 3},
      {"Inner coverage (3x3, centre pixel inner)", 3},
      {"Post-snap degenerate: rasterized, back-facing, vertex 0 attributes", 2},
      {"Degenerate on a pixel boundary: at least one pixel; none with back-face culling", 2},
      {"TIR: ForcedSampleCount 4 gives SV_Coverage 0xF", 1},
      {"4x MSAA gives SV_Coverage 0xF", 1},
      {"SampleMask 0 with inner coverage: SV_InnerCoverage still 1", 3}};
  for (const auto& [name, tier] : rendering) {
    INFO(name);
    CHECK(contains(text, std::string("{\"name\": \"") + name + "\", \"required_tier\": " + std::to_string(tier) +
                             ", \"result\": \"pass\""));
  }
  CHECK_FALSE(contains(text, "\"result\": \"fail\""));
  CHECK_FALSE(contains(text, "within the uncertainty region"));  // the fallback is exact

  // Every read-back target as a picture: 64×64 squares per pixel, a grid line on
  // each square's top and left edge; the centre of a square is the pixel's colour.
  struct Expected {
    const char* file;
    uint32_t width, height;  // render-target pixels
  };
  const Expected pictures[] = {
      {"draw-point-line-topology-with-conservative-on-is-dropped.off-pointlist", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.off-linelist", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.on-pointlist", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.on-linelist", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.on-linestrip", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.on-linelist-adj", 2, 2},
      {"draw-point-line-topology-with-conservative-on-is-dropped.on-linestrip-adj", 2, 2},
      {"draw-sv-innercoverage-with-conservative-off.off", 3, 3},
      {"draw-sv-innercoverage-with-conservative-off.on", 3, 3},
      {"bring-up-on-lights-0-0-1-0-off-lights-nothing.on", 2, 2},
      {"bring-up-on-lights-0-0-1-0-off-lights-nothing.off", 2, 2},
      {"uncertainty-1-2-px-4x4-centre-2x2.on", 4, 4},
      {"uncertainty-1-256-px-3x3-centre-pixel.on", 3, 3},
      {"top-left-rule-4x4-13-pixels.on", 4, 4},
      {"inner-coverage-3x3-centre-pixel-inner.on", 3, 3},
      {"post-snap-degenerate-rasterized-back-facing-vertex-0-attributes.spec-order", 3, 1},
      {"post-snap-degenerate-rasterized-back-facing-vertex-0-attributes.v1-v2-swapped", 3, 1},
      {"post-snap-degenerate-rasterized-back-facing-vertex-0-attributes.cull-back", 3, 1},
      {"degenerate-on-a-pixel-boundary-at-least-one-pixel-none-with-back-face-culling.cull-none", 2, 1},
      {"degenerate-on-a-pixel-boundary-at-least-one-pixel-none-with-back-face-culling.cull-back", 2, 1},
      {"tir-forcedsamplecount-4-gives-sv-coverage-0xf.forced4", 2, 2},
      {"4x-msaa-gives-sv-coverage-0xf.resolved", 2, 2},
      {"samplemask-0-with-inner-coverage-sv-innercoverage-still-1.target", 3, 3},
      {"samplemask-0-with-inner-coverage-sv-innercoverage-still-1.uav", 3, 3}};
  std::map<std::string, PngPicture> read;
  for (const Expected& e : pictures) {
    const std::string path = pngDir + "/" + e.file + ".png";
    INFO(path);
    CHECK(contains(text, "\"" + path + "\""));  // listed in the JSON
    PngPicture p = readPng(path);
    CHECK(p.width == e.width * 64);
    CHECK(p.height == e.height * 64);
    if (p.width == e.width * 64 && p.height == e.height * 64) read[e.file] = std::move(p);
  }
  auto square = [&](const char* file, uint32_t x, uint32_t y) {
    auto it = read.find(file);
    return it == read.end() ? std::array<int, 3>{-1, -1, -1} : it->second.rgb(x * 64 + 32, y * 64 + 32);
  };
  const std::array<int, 3> white{255, 255, 255}, black{0, 0, 0}, red{255, 0, 0}, yellow{255, 255, 0};
  CHECK(square("bring-up-on-lights-0-0-1-0-off-lights-nothing.on", 1, 0) == white);
  CHECK(square("bring-up-on-lights-0-0-1-0-off-lights-nothing.on", 1, 1) == black);
  CHECK(square("top-left-rule-4x4-13-pixels.on", 0, 0) == black);
  CHECK(square("top-left-rule-4x4-13-pixels.on", 3, 3) == white);
  CHECK(square("inner-coverage-3x3-centre-pixel-inner.on", 1, 1) == yellow);  // (1, inner, 0)
  CHECK(square("inner-coverage-3x3-centre-pixel-inner.on", 0, 2) == red);
  // SV_Coverage 15 in green saturates.
  CHECK(square("4x-msaa-gives-sv-coverage-0xf.resolved", 0, 0) == yellow);
  // SampleMask 0: the target keeps its clear colour; the UAV shows the inner pixel.
  CHECK(square("samplemask-0-with-inner-coverage-sv-innercoverage-still-1.target", 1, 1) == black);
  CHECK(square("samplemask-0-with-inner-coverage-sv-innercoverage-still-1.uav", 1, 1) == yellow);
  CHECK(square("samplemask-0-with-inner-coverage-sv-innercoverage-still-1.uav", 0, 0) == red);
  // Vertex 0's colour (.1, .2, .3) as 8 bits.
  CHECK(square("post-snap-degenerate-rasterized-back-facing-vertex-0-attributes.spec-order", 2, 0) ==
        std::array<int, 3>{26, 51, 77});
  // The back-face-culled re-run lights nothing (the clear colour is black).
  for (uint32_t x = 0; x < 3; ++x)
    CHECK(square("post-snap-degenerate-rasterized-back-facing-vertex-0-attributes.cull-back", x, 0) == black);
  CHECK(read.size() == std::size(pictures));

  // Nothing else was written; then clean up.
  size_t files = 0;
  if (DIR* dir = opendir(pngDir.c_str())) {
    while (dirent* e = readdir(dir)) {
      const std::string name = e->d_name;
      if (name == "." || name == "..") continue;
      ++files;
      std::remove((pngDir + "/" + name).c_str());
    }
    closedir(dir);
  }
  rmdir(pngDir.c_str());
  CHECK(files == std::size(pictures));
}

TEST_CASE("d3dvk-conformance --list agrees with the per-scenario ctest cases", "[tools][conformance]") {
  ProcessResult list = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --list");
  REQUIRE(list.exitCode == 0);
  std::vector<std::string> listed, registered;
  std::istringstream lines(list.out);
  for (std::string line; std::getline(lines, line);) listed.push_back(line.substr(0, line.find('\t')));
  std::istringstream cmake(D3DVK_CONFORMANCE_SCENARIOS);
  for (std::string slug; std::getline(cmake, slug, ',');) registered.push_back(slug);
  CHECK(listed == registered);
}

TEST_CASE("d3dvk-conformance at a forced Tier 3 runs the ON scenarios", "[tools][conformance][trace]") {
  ProcessResult r = runProcess(forcedTier("3") + D3DVK_CONFORMANCE_EXE);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(contains(r.out, "reported tier 3"));
  for (const char* name : {"CreateRasterizerState2: ON accepted", "CreateRasterizerState2: ON with FILL_WIREFRAME rejected"}) {
    const size_t at = r.out.find(name);
    REQUIRE(at != std::string::npos);
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    INFO(line);
    CHECK(contains(line, "  pass   "));
  }
}

TEST_CASE("d3dvk-conformance bad arguments", "[tools][conformance]") {
  ProcessResult bad = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --jsn x");
  CHECK(bad.exitCode == 2);
  CHECK(contains(bad.err, "unknown argument '--jsn'"));
  ProcessResult missing = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --json");
  CHECK(missing.exitCode == 2);
  CHECK(contains(missing.err, "--json needs a value"));
  ProcessResult help = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --help");
  CHECK(help.exitCode == 0);
  CHECK(contains(help.out, "usage: d3dvk-conformance"));
  ProcessResult noUmd = runProcess(std::string("D3DVK_UMD_PATH=/nonexistent.so ") + D3DVK_CONFORMANCE_EXE);
  CHECK(noUmd.exitCode == 1);
}

TEST_CASE("d3dvk-conformance --list names every scenario, --scenario runs only the named ones",
          "[tools][conformance]") {
  ProcessResult list = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --list");
  REQUIRE(list.exitCode == 0);
  CHECK(contains(list.out, "top-left-rule-4x4-13-pixels\tTop-left rule (4x4, 13 pixels)\n"));
  CHECK(contains(list.out, "rssetstate-rsgetstate\tRSSetState / RSGetState\n"));
  // By slug or by name, repeatable; the others are not run (nor listed).
  ProcessResult two = runProcess(std::string(D3DVK_CONFORMANCE_EXE) +
                                 " --scenario rssetstate-rsgetstate --scenario 'GetDesc2 returns the created desc'");
  INFO(two.out << two.err);
  CHECK(two.exitCode == 0);
  CHECK(contains(two.out, "RSSetState / RSGetState"));
  CHECK(contains(two.out, "GetDesc2 returns the created desc"));
  CHECK_FALSE(contains(two.out, "CheckFeatureSupport"));
  CHECK(contains(two.out, "2 passed, 0 failed, 0 skipped"));
  ProcessResult unknown = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --scenario no-such-scenario");
  CHECK(unknown.exitCode == 2);
  CHECK(contains(unknown.err, "no scenario named 'no-such-scenario' (see --list)"));
}

namespace {

// The state scenarios, by slug, and whether D3D12 has a counterpart (else: not applicable there).
const std::pair<const char*, bool> kStateScenarios[] = {
    {"checkfeaturesupport-conservative-tier", true},
    {"checkfeaturesupport-not-supported-at-feature-level-11-0", false},
    {"createrasterizerstate2-on-accepted", true},
    {"createrasterizerstate2-on-rejected-without-support", true},
    {"createrasterizerstate2-on-with-fill-wireframe-rejected", true},
    {"createrasterizerstate2-invalid-conservativeraster-value-rejected", true},
    {"getdesc2-returns-the-created-desc", false},
    {"rssetstate-rsgetstate", false},
    {"draw-point-line-topology-with-conservative-on-is-dropped", false},
    {"draw-sv-innercoverage-with-conservative-off", false},
    {"createpixelshader-sv-innercoverage-needs-tier-3", true}};

// The JSON line of the scenario named `name`.
std::string jsonLine(const std::string& text, const std::string& name) {
  const size_t at = text.find("{\"name\": \"" + name + "\"");
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

}  // namespace

TEST_CASE("d3dvk-conformance --api d3d12 runs the state scenarios' D3D12 counterparts and says so",
          "[tools][conformance][d3d12]") {
  const std::string json = "/tmp/d3dvk-conformance-d3d12-state-" + std::to_string(getpid()) + ".json";
  std::string command = std::string(D3DVK_CONFORMANCE_EXE) + " --api d3d12 --json " + json;
  for (const auto& [slug, onD3D12] : kStateScenarios) command += std::string(" --scenario ") + slug;
  ProcessResult r = runProcess(command);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("d3dvk conformance (D3D12): ", 0) == 0);
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(JsonSyntax::valid(text));
  CHECK(contains(text, "\"api\": \"d3d12\",\n  \"tier\": " + std::to_string(int(expectedDevice().decide().reported)) +
                           ","));
  CHECK_FALSE(contains(text, "\"result\": \"fail\""));
  // Each not-applicable scenario says why; each counterpart names the D3D12 call it made.
  CHECK(contains(jsonLine(text, "GetDesc2 returns the created desc"),
                 "\"result\": \"skip\", \"detail\": \"not applicable on D3D12: D3D12 has no rasterizer state object"));
  CHECK(contains(jsonLine(text, "Draw: point/line topology with conservative ON is dropped"),
                 "\"result\": \"skip\", \"detail\": \"not applicable on D3D12: D3D11's draw-time validation"));
  CHECK(contains(jsonLine(text, "CheckFeatureSupport: conservative tier"),
                 "\"result\": \"pass\", \"detail\": \"D3D12_OPTIONS.ConservativeRasterizationTier "));
  CHECK(contains(jsonLine(text, "CreateRasterizerState2: invalid ConservativeRaster value rejected"),
                 "\"result\": \"pass\", \"detail\": \"CreateGraphicsPipelineState with ConservativeRaster = 2: "
                 "E_INVALIDARG; debug layer: ID3D12Device::CreateGraphicsPipelineState: ConservativeRaster is 2; "
                 "valid values are D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF (0) and "
                 "D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON (1)."));
  if (expectedDevice().decide().reported != state::ConservativeTier::NotSupported) {
    CHECK(contains(jsonLine(text, "CreateRasterizerState2: ON accepted"),
                   "\"result\": \"pass\", \"detail\": \"CreateGraphicsPipelineState(ConservativeRaster ON, SOLID): "
                   "S_OK, no message\""));
    CHECK(contains(jsonLine(text, "CreateRasterizerState2: ON with FILL_WIREFRAME rejected"),
                   "\"result\": \"pass\", \"detail\": \"CreateGraphicsPipelineState: E_INVALIDARG; debug layer: "
                   "ID3D12Device::CreateGraphicsPipelineState: ConservativeRaster is "
                   "D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON but FillMode is "
                   "D3D12_FILL_MODE_WIREFRAME"));
  }
  // The D3D11 report of the same scenarios names no API, as before --api existed.
  const std::string json11 = json + ".d3d11";
  ProcessResult d3d11 = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --json " + json11 +
                                   " --scenario rssetstate-rsgetstate");
  CHECK(d3d11.exitCode == 0);
  CHECK(d3d11.out.rfind("d3dvk conformance: ", 0) == 0);
  const std::string text11 = readWholeFile(json11);
  std::remove(json11.c_str());
  CHECK_FALSE(contains(text11, "\"api\""));
  CHECK(contains(text11, "{\"name\": \"RSSetState / RSGetState\", \"required_tier\": 0, \"result\": \"pass\""));
}

TEST_CASE("d3dvk-conformance --api d3d12 at a forced tier 0: ConservativeRaster ON and an SV_InnerCoverage pixel "
          "shader refused at PSO creation",
          "[tools][conformance][d3d12][trace]") {
  ProcessResult r = runProcess(forcedTier("0") + D3DVK_CONFORMANCE_EXE + " --api d3d12");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "d3dvk conformance (D3D12): "));
  CHECK(contains(r.out, "reported tier 0"));
  for (const char* name : {"CreateRasterizerState2: ON rejected without support",
                           "CreatePixelShader: SV_InnerCoverage needs Tier 3"}) {
    const size_t at = r.out.find(name);
    REQUIRE(at != std::string::npos);
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    INFO(line);
    CHECK(contains(line, "  pass   CreateGraphicsPipelineState: E_INVALIDARG"));
  }
  CHECK(contains(r.out, "CreateGraphicsPipelineState: E_INVALIDARG below Tier 3; debug layer: "
                        "ID3D12Device::CreateGraphicsPipelineState: Pixel Shader: "));
  CHECK(contains(r.out, "0 failed"));
}

TEST_CASE("d3dvk-conformance --api d3d12 passes every rendering scenario with the same pictures as D3D11",
          "[tools][conformance][d3d12][png]") {
  const ExpectedDevice e = expectedDevice();
  if (e.decide().reported != state::ConservativeTier::Tier3) {
    WARN("the device does not report Tier 3: not every rendering scenario applies");
    return;
  }
  const std::string base = "/tmp/d3dvk-conformance-apis-" + std::to_string(getpid());
  const std::string pngDir = base + "-png";
  ProcessResult r11 = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --json " + base + ".d3d11.json --png-dir " + pngDir);
  INFO(r11.out << r11.err);
  CHECK(r11.exitCode == 0);
  ProcessResult r12 = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --api d3d12 --json " + base +
                                 ".d3d12.json --png-dir " + pngDir);
  INFO(r12.out << r12.err);
  CHECK(r12.exitCode == 0);
  const std::string text11 = readWholeFile(base + ".d3d11.json"), text12 = readWholeFile(base + ".d3d12.json");
  std::remove((base + ".d3d11.json").c_str());
  std::remove((base + ".d3d12.json").c_str());
  CHECK(JsonSyntax::valid(text12));
  CHECK_FALSE(contains(text12, "\"result\": \"fail\""));
  const char* rendering[] = {"Bring-up: ON lights (0,0),(1,0); OFF lights nothing",
                             "Uncertainty: 1/2 px (4x4, centre 2x2)",
                             "Uncertainty: 1/256 px (3x3, centre pixel)",
                             "Top-left rule (4x4, 13 pixels)",
                             "Inner coverage (3x3, centre pixel inner)",
                             "Post-snap degenerate: rasterized, back-facing, vertex 0 attributes",
                             "Degenerate on a pixel boundary: at least one pixel; none with back-face culling",
                             "TIR: ForcedSampleCount 4 gives SV_Coverage 0xF",
                             "4x MSAA gives SV_Coverage 0xF",
                             "SampleMask 0 with inner coverage: SV_InnerCoverage still 1"};
  for (const char* name : rendering) {
    INFO(name);
    // The same verdict and detail through both APIs (the pass rules are the same code).
    const std::string line11 = jsonLine(text11, name), line12 = jsonLine(text12, name);
    CHECK(contains(line12, "\"result\": \"pass\""));
    const std::string detail11 = line11.substr(0, line11.find(", \"pictures\"")),
                      detail12 = line12.substr(0, line12.find(", \"pictures\""));
    CHECK(detail12 == detail11);
  }
  // Every D3D11 picture has its D3D12 twin (<name>.d3d12.png), byte for byte the same.
  size_t pairs = 0, files = 0;
  std::vector<std::string> names;
  if (DIR* dir = opendir(pngDir.c_str())) {
    while (dirent* entry = readdir(dir)) {
      const std::string name = entry->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    closedir(dir);
  }
  for (const std::string& name : names) {
    ++files;
    if (contains(name, ".d3d12.png")) continue;
    const std::string twin = name.substr(0, name.size() - 4) + ".d3d12.png";
    // Scenarios with no D3D12 meaning draw nothing there.
    if (name.rfind("draw-", 0) == 0) continue;
    INFO(name);
    const std::string a = readWholeFile(pngDir + "/" + name), b = readWholeFile(pngDir + "/" + twin);
    CHECK(!a.empty());
    CHECK(a == b);
    ++pairs;
  }
  for (const std::string& name : names) std::remove((pngDir + "/" + name).c_str());
  rmdir(pngDir.c_str());
  CHECK(pairs == 15);  // the rendering scenarios' pictures (the draw-validation ones are D3D11's only)
  CHECK(files == 24 + 15);
}

TEST_CASE("d3dvk-conformance --api takes d3d11 or d3d12", "[tools][conformance][d3d12]") {
  ProcessResult bad = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --api d3d13");
  CHECK(bad.exitCode == 2);
  CHECK(contains(bad.err, "d3dvk-conformance: --api must be d3d11 or d3d12, not 'd3d13'"));
  CHECK(bad.out.empty());
  ProcessResult missing = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --api");
  CHECK(missing.exitCode == 2);
  CHECK(contains(missing.err, "--api needs a value"));
  ProcessResult upper = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --api D3D12");
  CHECK(upper.exitCode == 2);
  ProcessResult help = runProcess(std::string(D3DVK_CONFORMANCE_EXE) + " --help");
  CHECK(contains(help.out, "--api API"));
}

TEST_CASE("PNG pictures are scaled up with square pixels and read back by libpng", "[tools][conformance][png]") {
  d3dvk::conformance::Rgba8Image image;
  image.width = 2;
  image.height = 1;
  image.pixels = {255, 0, 0, 255, 0, 128, 255, 255};
  const std::string path = "/tmp/d3dvk-png-test-" + std::to_string(getpid()) + ".png";
  REQUIRE(d3dvk::conformance::writePng(path, image, 8).empty());

  png_image read{};
  read.version = PNG_IMAGE_VERSION;
  REQUIRE(png_image_begin_read_from_file(&read, path.c_str()));
  read.format = PNG_FORMAT_RGBA;
  std::vector<unsigned char> pixels(PNG_IMAGE_SIZE(read));
  REQUIRE(png_image_finish_read(&read, nullptr, pixels.data(), 0, nullptr));
  std::remove(path.c_str());
  REQUIRE(read.width == 16);
  REQUIRE(read.height == 8);
  auto at = [&](int x, int y, int c) { return pixels[(size_t(y) * 16 + x) * 4 + c]; };
  CHECK(at(3, 3, 0) == 255);  // inside the first pixel: red
  CHECK(at(3, 3, 1) == 0);
  CHECK(at(11, 5, 1) == 128);  // inside the second: (0, 128, 255)
  CHECK(at(11, 5, 2) == 255);
  CHECK(at(8, 5, 0) == 64);  // the grid line at the pixel boundary: darkened
  CHECK(d3dvk::conformance::writePng("/nonexistent-dir/x.png", image, 8).find("/nonexistent-dir/x.png") == 0);
  image.pixels.pop_back();
  CHECK_FALSE(d3dvk::conformance::writePng(path, image, 8).empty());
}
