// tools/d3dvk-conformance/report.cpp — see report.h.
#include "report.h"

#include "json_string.h"

namespace d3dvk::conformance {

using tools::jsonString;

void printTable(FILE* out, const ReportHeader& header, const std::vector<ScenarioResult>& results) {
  std::fprintf(out, "d3dvk conformance%s: %s, reported tier %d, conservative draws: %s\n\n",
               header.api == Api::D3D12 ? " (D3D12)" : "", header.device.c_str(), header.tier, header.path.c_str());
  std::fprintf(out, "%-82s %4s  %-4s  %s\n", "scenario", "tier", "result", "detail");
  int pass = 0, fail = 0, skip = 0;
  for (const ScenarioResult& r : results) {
    std::fprintf(out, "%-82s %4d  %-6s %s\n", r.name.c_str(), r.requiredTier, resultName(r.result), r.detail.c_str());
    for (const std::string& p : r.pictures) std::fprintf(out, "%-82s %4s  %-6s picture: %s\n", "", "", "", p.c_str());
    (r.result == Result::Pass ? pass : r.result == Result::Fail ? fail : skip)++;
  }
  std::fprintf(out, "\n%d passed, %d failed, %d skipped\n", pass, fail, skip);
}

std::string toJson(const ReportHeader& header, const std::vector<ScenarioResult>& results) {
  std::string j = "{\n  \"device\": " + jsonString(header.device) +
                  (header.api == Api::D3D12 ? ",\n  \"api\": \"d3d12\"" : "") + ",\n  \"tier\": " + std::to_string(header.tier) +
                  ",\n  \"path\": " + jsonString(header.path) + ",\n  \"scenarios\": [";
  for (size_t i = 0; i < results.size(); ++i) {
    const ScenarioResult& r = results[i];
    j += std::string(i ? "," : "") + "\n    {\"name\": " + jsonString(r.name) +
         ", \"required_tier\": " + std::to_string(r.requiredTier) + ", \"result\": " + jsonString(resultName(r.result)) +
         ", \"detail\": " + jsonString(r.detail);
    if (!r.pictures.empty()) {
      j += ", \"pictures\": [";
      for (size_t k = 0; k < r.pictures.size(); ++k) j += (k ? ", " : "") + jsonString(r.pictures[k]);
      j += "]";
    }
    j += "}";
  }
  return j + "\n  ]\n}\n";
}

}  // namespace d3dvk::conformance
