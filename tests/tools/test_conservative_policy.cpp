// tests/tools: D3DVK_CONSERVATIVE_RASTER end to end, the way a user sets it —
// on the command line of d3dvk-info and d3dvk-conformance. `fallback` forces
// the CPU path: the tools report it (policy, Tier 3, "fallback"), every
// conformance scenario passes, and each conservative rendering scenario really
// runs on the UMD's fallback (D3DVK_FALLBACK_STATS=1 makes the UMD print one
// "d3dvk: fallback draw:" line per such draw, README "Environment variables").
// `native` on a device without VK_EXT_conservative_rasterization (lavapipe)
// reports NOT_SUPPORTED through CheckFeatureSupport, so the conservative
// scenarios are skipped and no draw reaches the fallback.
#include "json_syntax.h"
#include "run_process.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>

using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

size_t count(const std::string& s, const std::string& part) {
  size_t n = 0;
  for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
  return n;
}

bool lavapipe(const std::string& out) { return contains(out, "llvmpipe"); }

// The conformance scenarios that draw with ConservativeRaster ON (by slug).
const char* const kConservativeDrawScenarios[] = {
    "draw-sv-innercoverage-with-conservative-off",
    "bring-up-on-lights-0-0-1-0-off-lights-nothing",
    "uncertainty-1-2-px-4x4-centre-2x2",
    "uncertainty-1-256-px-3x3-centre-pixel",
    "top-left-rule-4x4-13-pixels",
    "inner-coverage-3x3-centre-pixel-inner",
    "post-snap-degenerate-rasterized-back-facing-vertex-0-attributes",
    "degenerate-on-a-pixel-boundary-at-least-one-pixel-none-with-back-face-culling",
    "tir-forcedsamplecount-4-gives-sv-coverage-0xf",
    "4x-msaa-gives-sv-coverage-0xf",
    "samplemask-0-with-inner-coverage-sv-innercoverage-still-1"};

}  // namespace

TEST_CASE("D3DVK_CONSERVATIVE_RASTER=fallback: d3dvk-info reports the forced CPU path", "[tools][info][policy]") {
  const std::string env = "D3DVK_CONSERVATIVE_RASTER=fallback ";
  ProcessResult text = runProcess(env + D3DVK_INFO_EXE);
  INFO(text.out << text.err);
  REQUIRE(text.exitCode == 0);
  CHECK(contains(text.out, "Conservative rasterization (policy D3DVK_CONSERVATIVE_RASTER=fallback)"));
  ProcessResult json = runProcess(env + D3DVK_INFO_EXE + " --json");
  INFO(json.out);
  REQUIRE(json.exitCode == 0);
  CHECK(JsonSyntax::valid(json.out));
  CHECK(contains(json.out, "\"policy\": \"fallback\""));
  if (!lavapipe(text.out)) {
    WARN("not lavapipe: only the policy is checked");
    return;
  }
  // The fallback needs transform feedback and depth clamp, which lavapipe has.
  CHECK(contains(text.out, "fallback tier    TIER_3"));
  CHECK(contains(text.out, "reported tier    TIER_3 (CheckFeatureSupport at feature level 11_1: TIER_3)"));
  CHECK(contains(text.out, "conservative draws run  fallback (CPU rasterizer)"));
  CHECK(contains(json.out, "\"fallback_tier\": 3, \"reported_tier\": 3, \"api_tier\": 3, \"draws\": \"fallback\""));
}

TEST_CASE("D3DVK_CONSERVATIVE_RASTER=fallback: d3dvk-conformance passes every scenario, the draws run on the "
          "UMD's fallback",
          "[tools][conformance][policy]") {
  const std::string env = "D3DVK_CONSERVATIVE_RASTER=fallback ";
  const std::string json = "/tmp/d3dvk-conformance-fallback-" + std::to_string(getpid()) + ".json";
  ProcessResult r = runProcess(env + D3DVK_CONFORMANCE_EXE + " --json " + json);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(JsonSyntax::valid(text));
  if (!lavapipe(text)) {
    WARN("not lavapipe: only the exit status is checked");
    return;
  }
  CHECK(contains(r.out, "reported tier 3, conservative draws: fallback"));
  CHECK(contains(text, "\"tier\": 3,"));
  CHECK(contains(text, "\"path\": \"fallback\","));
  // Every scenario passes, except the one that applies only to a device without support.
  CHECK(count(text, "\"result\": \"pass\"") + 1 == count(text, "\"name\": "));
  CHECK(contains(text, "{\"name\": \"CreateRasterizerState2: ON rejected without support\", \"required_tier\": 0, "
                       "\"result\": \"skip\""));
  CHECK(count(text, "\"name\": ") >= std::size(kConservativeDrawScenarios));

  // Each conservative rendering scenario, alone: it passes and the UMD reports
  // at least one draw of its own on the fallback.
  for (const char* slug : kConservativeDrawScenarios) {
    INFO(slug);
    ProcessResult one = runProcess("D3DVK_FALLBACK_STATS=1 " + env + D3DVK_CONFORMANCE_EXE + " --scenario " + slug);
    INFO(one.out << one.err);
    CHECK(one.exitCode == 0);
    CHECK(contains(one.out, "1 passed, 0 failed, 0 skipped"));
    CHECK(count(one.err, "d3dvk: fallback draw: ") >= 1);
  }
  // A state-only scenario draws nothing.
  ProcessResult state = runProcess("D3DVK_FALLBACK_STATS=1 " + env + D3DVK_CONFORMANCE_EXE +
                                   " --scenario rssetstate-rsgetstate");
  CHECK(state.exitCode == 0);
  CHECK(count(state.err, "d3dvk: fallback draw: ") == 0);
}

TEST_CASE("D3DVK_CONSERVATIVE_RASTER=native on lavapipe: NOT_SUPPORTED through the API, no fallback draw",
          "[tools][conformance][policy]") {
  const std::string env = "D3DVK_FALLBACK_STATS=1 D3DVK_CONSERVATIVE_RASTER=native ";
  ProcessResult info = runProcess(env + D3DVK_INFO_EXE);
  REQUIRE(info.exitCode == 0);
  if (!lavapipe(info.out)) {
    WARN("not lavapipe: a device with native conservative rasterization reports its own tier");
    return;
  }
  CHECK(contains(info.out, "reported tier    NOT_SUPPORTED (CheckFeatureSupport at feature level 11_1: NOT_SUPPORTED)"));
  const std::string json = "/tmp/d3dvk-conformance-native-" + std::to_string(getpid()) + ".json";
  ProcessResult r = runProcess(env + D3DVK_CONFORMANCE_EXE + " --json " + json);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);  // skipped scenarios are not failures
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(contains(text, "\"tier\": 0,"));
  CHECK(contains(text, "\"path\": \"none\","));
  CHECK(contains(text, "{\"name\": \"Top-left rule (4x4, 13 pixels)\", \"required_tier\": 3, \"result\": \"skip\""));
  CHECK(contains(text, "{\"name\": \"CreateRasterizerState2: ON rejected without support\", \"required_tier\": 0, "
                       "\"result\": \"pass\""));
  CHECK_FALSE(contains(text, "\"result\": \"fail\""));
  CHECK(count(r.err, "d3dvk: fallback draw: ") == 0);
}
