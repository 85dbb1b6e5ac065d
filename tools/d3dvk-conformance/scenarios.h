// tools/d3dvk-conformance/scenarios.h — the spec's functional and conformance
// scenarios (../shared/spec/ConservativeRasterization.txt, "Functional / Unit
// Tests" and the HCK list), each run through the public D3D11 API. A scenario
// applies when the device's reported tier reaches its required tier (some apply
// only without support); one that cannot run yet says why as a skip.
#pragma once

#include <d3d11_3.h>

#include <functional>
#include <string>
#include <vector>

namespace d3dvk::conformance {

enum class Result { Pass, Fail, Skip };
const char* resultName(Result r);  // "pass", "fail", "skip"

struct ScenarioResult {
  std::string name;
  int requiredTier = 0;
  Result result = Result::Skip;
  std::string detail;
  std::vector<std::string> pictures;  // PNG files written for the scenario
};

struct RunContext {
  D3D11_CONSERVATIVE_RASTERIZATION_TIER tier = D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  std::string pngDir;  // empty: no pictures
};

struct Scenario {
  const char* name;
  int requiredTier;            // applies when the reported tier ≥ this
  bool onlyWithoutSupport;     // applies only when the tier is NOT_SUPPORTED
  std::function<ScenarioResult(RunContext&)> run;
};

const std::vector<Scenario>& allScenarios();

// Runs every scenario (or marks it skipped when it does not apply), in order.
std::vector<ScenarioResult> runScenarios(RunContext& context);

}  // namespace d3dvk::conformance
