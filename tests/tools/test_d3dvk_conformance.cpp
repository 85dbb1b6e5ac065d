// tests/tools: d3dvk-conformance — the report's state-level scenarios on the
// machine's device, with the tier forced through the trace filter, its JSON,
// its exit codes; and the PNG writer, read back with libpng.
#include "json_syntax.h"
#include "png_writer.h"
#include "run_process.h"

#include <catch2/catch.hpp>
#include <png.h>

#include <cstdio>
#include <unistd.h>

using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

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
