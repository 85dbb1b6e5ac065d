// tests/tools: D3DVK_CONSERVATIVE_RASTER end to end, the way a user sets it —
// on the command line of d3dvk-info and d3dvk-conformance. `fallback` forces
// the GPU fallback: the tools report it (policy, Tier 3, "fallback"), every
// conformance scenario passes, and each conservative rendering scenario really
// runs on the UMD's fallback (D3DVK_FALLBACK_STATS=1 makes the UMD print one
// "d3dvk: fallback draw:" line per such draw, README.md's "Environment variables").
// `native` reports the device's own tier: NOT_SUPPORTED through
// CheckFeatureSupport on a device without VK_EXT_conservative_rasterization
// (lavapipe), so the conservative scenarios are skipped; a GPU's native tier
// otherwise, its scenarios drawn natively. Either way no draw reaches the
// fallback. What each policy should give is worked out from the device
// (expected_device.h), not assumed.
#include "expected_device.h"
#include "json_syntax.h"
#include "run_process.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

size_t count(const std::string& s, const std::string& part) {
  size_t n = 0;
  for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
  return n;
}

std::string tier(state::ConservativeTier t) { return state::conservativeTierName(t); }

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

TEST_CASE("D3DVK_CONSERVATIVE_RASTER=fallback: d3dvk-info reports the forced fallback path", "[tools][info][policy]") {
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
  // The fallback's tier (Tier 3 with transform feedback and depth clamp), reported whatever the native one is.
  const ExpectedDevice e = expectedDevice();
  const state::ConservativeTierDecision d = e.decide(state::ConservativePolicy::Fallback);
  CHECK(d.reported == e.fallback);
  CHECK(contains(text.out, "fallback tier    " + tier(e.fallback) + "\n"));
  CHECK(contains(text.out, "reported tier    " + tier(d.reported) + " (CheckFeatureSupport at feature level 11_1: " +
                               tier(d.reported) + ")"));
  CHECK(contains(text.out, std::string("conservative draws run  ") +
                               (d.reported == state::ConservativeTier::NotSupported ? "none" : "fallback")));
  const std::string t = std::to_string(int(d.reported));
  CHECK(contains(json.out, "\"reported_tier\": " + t + ", \"api_tier\": " + t + ", \"draws\": \"" +
                               e.drawPath(state::ConservativePolicy::Fallback) + "\""));
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
  const ExpectedDevice e = expectedDevice();
  if (e.fallback != state::ConservativeTier::Tier3) {
    WARN("this device cannot run the fallback (no transform feedback, depth clamp or 64-bit shader integers): only the exit status is checked");
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

TEST_CASE("D3DVK_CONSERVATIVE_RASTER=native: the device's own tier through the API, scenarios drawn natively, "
          "no fallback draw",
          "[tools][conformance][policy]") {
  const std::string env = "D3DVK_FALLBACK_STATS=1 D3DVK_CONSERVATIVE_RASTER=native ";
  ProcessResult info = runProcess(env + D3DVK_INFO_EXE);
  REQUIRE(info.exitCode == 0);
  const ExpectedDevice e = expectedDevice();
  const std::string reported = tier(e.native);  // NOT_SUPPORTED without VK_EXT_conservative_rasterization (lavapipe)
  CHECK(contains(info.out, "reported tier    " + reported + " (CheckFeatureSupport at feature level 11_1: " + reported +
                               ")"));
  const std::string json = "/tmp/d3dvk-conformance-native-" + std::to_string(getpid()) + ".json";
  ProcessResult r = runProcess(env + D3DVK_CONFORMANCE_EXE + " --json " + json);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);  // every applicable scenario passes; skipped ones are not failures
  const std::string text = readWholeFile(json);
  std::remove(json.c_str());
  CHECK(contains(text, "\"tier\": " + std::to_string(int(e.native)) + ","));
  CHECK(contains(text, std::string("\"path\": \"") + e.drawPath(state::ConservativePolicy::Native) + "\","));
  const bool tier3 = e.native == state::ConservativeTier::Tier3;
  CHECK(contains(text, std::string("{\"name\": \"Top-left rule (4x4, 13 pixels)\", \"required_tier\": 3, ") +
                           "\"result\": \"" + (tier3 ? "pass" : "skip") + "\""));
  CHECK(contains(text, std::string("{\"name\": \"CreateRasterizerState2: ON rejected without support\", ") +
                           "\"required_tier\": 0, \"result\": \"" +
                           (e.native == state::ConservativeTier::NotSupported ? "pass" : "skip") + "\""));
  CHECK_FALSE(contains(text, "\"result\": \"fail\""));
  if (e.native == state::ConservativeTier::NotSupported) {
    CHECK(count(r.err, "d3dvk: fallback draw: ") == 0);
    return;
  }
  // Each conservative scenario alone draws natively; only ForcedSampleCount
  // into a single-sample target (which Vulkan cannot rasterize) takes the fallback.
  for (const char* slug : kConservativeDrawScenarios) {
    if (std::string(slug) == "tir-forcedsamplecount-4-gives-sv-coverage-0xf") continue;
    INFO(slug);
    ProcessResult one = runProcess(env + D3DVK_CONFORMANCE_EXE + " --scenario " + slug);
    INFO(one.out << one.err);
    CHECK(one.exitCode == 0);
    CHECK(count(one.err, "d3dvk: fallback draw: ") == 0);
  }
}
