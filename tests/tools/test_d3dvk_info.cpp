// tests/tools: d3dvk-info on the machine's Vulkan device, checked against what
// the test works out about that device itself (expected_device.h): lavapipe
// here, the GPU on a GPU machine.
#include "expected_device.h"
#include "json_syntax.h"
#include "run_process.h"

#include <catch2/catch.hpp>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {
bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

const char* tierName(state::ConservativeTier t) { return state::conservativeTierName(t); }

std::string route(const ExpectedDevice& e) {
  const std::string path = e.drawPath();
  return path == "native" ? "native (VK_EXT_conservative_rasterization)"
         : path == "fallback" ? "fallback (exact, on the GPU)" : "none (not supported)";
}
}  // namespace

TEST_CASE("d3dvk-info reports the runtime, the negotiated DDI and the Vulkan device", "[tools][info]") {
  ProcessResult r = runProcess(D3DVK_INFO_EXE);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(contains(r.out, "libd3dvk.so"));
  CHECK(contains(r.out, "libd3dvk_umd.so"));
  CHECK(contains(r.out, "DDI negotiated   WDDM 2.0 (interface 11.32, build 9)"));
  const ExpectedDevice e = expectedDevice();
  CHECK(contains(r.out, "] " + e.name + "\n"));
  CHECK(contains(r.out, "API version      " + e.apiVersion + "\n"));
  CHECK(contains(r.out, std::string("VK_EXT_conservative_rasterization  ") +
                            (e.conservativeExtension ? "present" : "absent")));
  CHECK(contains(r.out, std::string("native tier      ") + tierName(e.native) + "\n"));
  CHECK(contains(r.out, std::string("fallback tier    ") + tierName(e.fallback) + "\n"));
  const std::string reported = tierName(e.decide().reported);
  CHECK(contains(r.out, "reported tier    " + reported + " (CheckFeatureSupport at feature level 11_1: " + reported +
                            ")"));
  CHECK(contains(r.out, "conservative draws run  " + route(e) + "\n"));
  // The fallback's device features, as the device reports them.
  CHECK(contains(r.out, std::string("transform feedback  ") + (e.transformFeedback ? "yes" : "no") + " (required"));
  CHECK(contains(r.out, std::string("depth clamp         ") + (e.depthClamp ? "yes" : "no") + " (required"));
  CHECK(contains(r.out, std::string("shaderInt64         ") + (e.shaderInt64 ? "yes" : "no") + " (required"));
  CHECK(contains(r.out, e.shaderFloat64 ? "shaderFloat64       yes (the setup pass clips and projects in double)"
                                        : "shaderFloat64       no (the setup pass runs in single precision"));
  CHECK(contains(r.out, std::string("demote to helper    ") + (e.demoteToHelper ? "yes" : "no")));
}

TEST_CASE("d3dvk-info --json is machine-readable", "[tools][info]") {
  ProcessResult r = runProcess(std::string(D3DVK_INFO_EXE) + " --json");
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.front() == '{');
  CHECK(contains(r.out, "\"negotiated\": \"WDDM 2.0 (interface 11.32, build 9)\""));
  const ExpectedDevice e = expectedDevice();
  const state::ConservativeTierDecision d = e.decide();
  CHECK(contains(r.out, "\"api_version\": \"" + e.apiVersion + "\""));
  CHECK(contains(r.out, std::string("\"conservative_rasterization_extension\": ") +
                            (e.conservativeExtension ? "{\"primitiveOverestimationSize\": " : "null")));
  CHECK(contains(r.out, "\"conservative\": {\"policy\": \"auto\", \"native_tier\": " + std::to_string(int(d.native)) +
                            ", \"fallback_tier\": " + std::to_string(int(d.fallback)) +
                            ", \"reported_tier\": " + std::to_string(int(d.reported)) +
                            ", \"api_tier\": " + std::to_string(int(d.reported)) + ", \"draws\": \"" + e.drawPath() +
                            "\"}"));
  const auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  CHECK(contains(r.out, "\"fallback_device\": {\"transform_feedback\": " + b(e.transformFeedback) +
                            ", \"depth_clamp\": " + b(e.depthClamp) + ", \"shader_int64\": " + b(e.shaderInt64) +
                            ", \"setup_precision\": \"" + (e.shaderFloat64 ? "double" : "float") +
                            "\", \"demote_to_helper\": " + b(e.demoteToHelper) + "}"));
  CHECK(JsonSyntax::valid(r.out));
}

TEST_CASE("the JSON syntax check used on tool output accepts JSON and rejects non-JSON", "[tools][json]") {
  CHECK(JsonSyntax::valid(R"({"a": [1, -2.5e3, true, null, "x\n\u00e9"], "b": {}})"));
  CHECK(JsonSyntax::valid("[]"));
  CHECK_FALSE(JsonSyntax::valid(R"({"a": 1,})"));
  CHECK_FALSE(JsonSyntax::valid(R"({"a" 1})"));
  CHECK_FALSE(JsonSyntax::valid("[01]"));
  CHECK_FALSE(JsonSyntax::valid(R"(["unterminated])"));
  CHECK_FALSE(JsonSyntax::valid("{} {}"));
  CHECK_FALSE(JsonSyntax::valid("nan"));
}

TEST_CASE("d3dvk-info honours D3DVK_CONSERVATIVE_RASTER and rejects invalid values", "[tools][info]") {
  ProcessResult off = runProcess(std::string("D3DVK_CONSERVATIVE_RASTER=off ") + D3DVK_INFO_EXE);
  CHECK(off.exitCode == 0);
  CHECK(contains(off.out, "policy D3DVK_CONSERVATIVE_RASTER=off"));
  CHECK(contains(off.out, "reported tier    NOT_SUPPORTED"));
  ProcessResult bad = runProcess(std::string("D3DVK_CONSERVATIVE_RASTER=sometimes ") + D3DVK_INFO_EXE);
  CHECK(bad.exitCode == 1);
  CHECK(contains(bad.err, "D3DVK_CONSERVATIVE_RASTER=sometimes is not valid; use one of: auto, native, fallback, off"));
}

TEST_CASE("d3dvk-info bad arguments and a missing UMD", "[tools][info]") {
  ProcessResult bad = runProcess(std::string(D3DVK_INFO_EXE) + " --verbose");
  CHECK(bad.exitCode == 2);
  CHECK(contains(bad.err, "unknown argument '--verbose'"));
  CHECK(contains(bad.err, "usage: d3dvk-info"));
  ProcessResult help = runProcess(std::string(D3DVK_INFO_EXE) + " --help");
  CHECK(help.exitCode == 0);
  CHECK(contains(help.out, "usage: d3dvk-info"));
  ProcessResult missing = runProcess(std::string("D3DVK_UMD_PATH=/nonexistent.so ") + D3DVK_INFO_EXE);
  CHECK(missing.exitCode == 1);
  CHECK(contains(missing.err, "cannot load the user-mode driver /nonexistent.so"));
  ProcessResult noDevice = runProcess(std::string("D3DVK_DEVICE=no-such-gpu ") + D3DVK_INFO_EXE);
  CHECK(noDevice.exitCode == 1);
  CHECK(contains(noDevice.err, "no physical device name contains it"));
}

TEST_CASE("d3dvk-info works through the DDI trace filter", "[tools][info][trace]") {
  ProcessResult r = runProcess(std::string("D3DVK_DDI_TRACE_FILE=/dev/null D3DVK_UMD_PATH=") + D3DVK_TRACE_LIBRARY +
                               " " + D3DVK_INFO_EXE);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "libd3dvk_ddi_trace.so"));
}
