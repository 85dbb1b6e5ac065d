// tools/d3dvk-conformance/scenarios.h — the spec's functional and conformance
// scenarios (../shared/spec/ConservativeRasterization.txt, "Functional / Unit
// Tests" and the HCK list), each run through the public D3D11 or D3D12 API (the
// rendering scenarios are the same code on both, through DrawRig; a state
// scenario has a D3D12 counterpart where D3D12 has the rule, else it is listed
// as not applicable on D3D12 with the reason). A scenario applies when the
// device's reported tier reaches its required tier (some apply only without
// support); one that cannot run yet says why as a skip.
#pragma once

#include <d3d11_3.h>

#include <functional>
#include <string>
#include <vector>

namespace d3dvk::conformance {

enum class Result { Pass, Fail, Skip };
enum class Api { D3D11, D3D12 };
const char* resultName(Result r);  // "pass", "fail", "skip"
const char* apiName(Api api);      // "d3d11", "d3d12" (the --api values)

struct ScenarioResult {
  std::string name;
  int requiredTier = 0;
  Result result = Result::Skip;
  std::string detail;
  std::vector<std::string> pictures;  // PNG files written for the scenario
};

struct RunContext {
  Api api = Api::D3D11;
  // The tier the API reports (D3D12_CONSERVATIVE_RASTERIZATION_TIER has the same values).
  D3D11_CONSERVATIVE_RASTERIZATION_TIER tier = D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  std::string pngDir;    // empty: no pictures
  std::string scenario;  // the running scenario's name (pictures are named after it)
};

struct Scenario {
  const char* name;
  int requiredTier;            // applies when the reported tier ≥ this
  bool onlyWithoutSupport;     // applies only when the tier is NOT_SUPPORTED
  std::function<ScenarioResult(RunContext&)> run;    // through D3D11 (and D3D12 when run12 is empty and
                                                     // d3d12NotApplicable is null: a rendering scenario)
  std::function<ScenarioResult(RunContext&)> run12 = {};  // the D3D12 counterpart of a state scenario
  const char* d3d12NotApplicable = nullptr;               // why the scenario has no D3D12 meaning
};

const std::vector<Scenario>& allScenarios();

// A scenario's name as a file name and command-line selector: lower case,
// letters and digits kept, every other run of characters one '-'
// ("Top-left rule (4x4, 13 pixels)" → "top-left-rule-4x4-13-pixels").
std::string scenarioSlug(const std::string& name);

// Runs every scenario, or only those named in `only` (by name or slug), in
// order; one that does not apply at the device's tier is marked skipped. A
// scenario that throws (SetupError: the API refused a step) is a failure.
std::vector<ScenarioResult> runScenarios(RunContext& context, const std::vector<std::string>& only = {});

}  // namespace d3dvk::conformance
