// tools/d3dvk-conformance/report.h — the conformance report: a table for people
// (scenario, required tier, result, detail) and JSON for machines:
// {"device": …, "tier": N, "path": "native|fallback|none", "scenarios": [{"name", "required_tier", "result", "detail"}]};
// a D3D12 run says so: "d3dvk conformance (D3D12): …" in the table's first
// line, "api": "d3d12" after "device" in the JSON (a D3D11 run's report is as
// it was before D3D12 existed: no API named means D3D11).
#pragma once

#include "scenarios.h"

#include <cstdio>
#include <string>
#include <vector>

namespace d3dvk::conformance {

struct ReportHeader {
  std::string device;  // the Vulkan device's name
  int tier = 0;        // the reported tier
  std::string path;    // where conservative draws run: "native", "fallback" or "none"
  Api api = Api::D3D11;
};

void printTable(FILE* out, const ReportHeader& header, const std::vector<ScenarioResult>& results);
std::string toJson(const ReportHeader& header, const std::vector<ScenarioResult>& results);

}  // namespace d3dvk::conformance
