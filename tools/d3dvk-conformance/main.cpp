// tools/d3dvk-conformance — runs the conservative-rasterization scenarios of the
// spec through the public D3D11 API (or D3D12 with --api d3d12) on the selected
// Vulkan device and reports them (table on stdout, --json FILE, PNG pictures of
// render targets in --png-dir DIR); --scenario NAME runs only the named ones,
// --list names them.
// Exit 0 when every applicable scenario passes, 1 when one fails (or the
// device cannot be used), 2 for bad arguments.
#include "device_summary.h"
#include "report.h"
#include "scenarios.h"

#include <d3d11_3.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

const char* kUsage =
    "usage: d3dvk-conformance [--api d3d11|d3d12] [--json FILE] [--png-dir DIR] [--scenario NAME]... | --list\n"
    "  Runs the conservative-rasterization scenarios of the spec through the D3D11 (or D3D12)\n"
    "  API on the selected Vulkan device (D3DVK_DEVICE) and prints a table of results.\n"
    "  --api API        d3d11 (default) or d3d12: the API the scenarios run through\n"
    "  --json FILE      also write the report as JSON\n"
    "  --png-dir DIR    write a picture of every render target a scenario reads back (created if missing)\n"
    "  --scenario NAME  run only this scenario (its name or its --list slug); repeatable\n"
    "  --list           print each scenario's slug and name, and exit\n"
    "exit status: 0 all applicable scenarios pass, 1 a scenario fails, 2 bad arguments\n";

int usageError(const std::string& message) {
  std::fprintf(stderr, "d3dvk-conformance: %s\n%s", message.c_str(), kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace d3dvk;
  std::string jsonPath, pngDir;
  std::vector<std::string> only;
  conformance::Api api = conformance::Api::D3D11;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "--list") {
      for (const conformance::Scenario& s : conformance::allScenarios())
        std::printf("%s\t%s\n", conformance::scenarioSlug(s.name).c_str(), s.name);
      return 0;
    }
    if ((arg == "--json" || arg == "--png-dir" || arg == "--scenario" || arg == "--api") && i + 1 >= argc)
      return usageError(arg + " needs a value");
    if (arg == "--api") {
      const std::string value = argv[++i];
      if (value == "d3d11") api = conformance::Api::D3D11;
      else if (value == "d3d12") api = conformance::Api::D3D12;
      else return usageError("--api must be d3d11 or d3d12, not '" + value + "'");
    } else if (arg == "--json") {
      jsonPath = argv[++i];
    } else if (arg == "--png-dir") {
      pngDir = argv[++i];
    } else if (arg == "--scenario") {
      const std::string name = argv[++i];
      const auto& all = conformance::allScenarios();
      if (std::none_of(all.begin(), all.end(), [&](const conformance::Scenario& s) {
            return name == s.name || name == conformance::scenarioSlug(s.name);
          }))
        return usageError("no scenario named '" + name + "' (see --list)");
      only.push_back(name);
    } else {
      return usageError("unknown argument '" + arg + "'");
    }
  }
  if (!pngDir.empty() && mkdir(pngDir.c_str(), 0755) != 0 && errno != EEXIST) {
    std::fprintf(stderr, "d3dvk-conformance: cannot create %s: %s\n", pngDir.c_str(), std::strerror(errno));
    return 1;
  }

  tools::DeviceSummary summary;
  std::string error;
  if (!tools::summarizeDevice(&summary, &error)) {
    std::fprintf(stderr, "d3dvk-conformance: %s\n", error.c_str());
    return 1;
  }
  // The tier as an application sees it.
  D3D11_CONSERVATIVE_RASTERIZATION_TIER tier = D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  if (api == conformance::Api::D3D12) {
    ID3D12Device* device = nullptr;
    HRESULT hr = D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
                                   reinterpret_cast<void**>(&device));
    if (FAILED(hr)) {
      std::fprintf(stderr, "d3dvk-conformance: D3D12CreateDevice failed with HRESULT 0x%08X\n", unsigned(hr));
      return 1;
    }
    D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
    hr = device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options);
    device->Release();
    if (FAILED(hr)) {
      std::fprintf(stderr, "d3dvk-conformance: CheckFeatureSupport(D3D12_OPTIONS) failed with HRESULT 0x%08X\n",
                   unsigned(hr));
      return 1;
    }
    tier = D3D11_CONSERVATIVE_RASTERIZATION_TIER(options.ConservativeRasterizationTier);
  } else {
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
    ID3D11Device* device = nullptr;
    HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                   &device, nullptr, nullptr);
    if (FAILED(hr)) {
      std::fprintf(stderr, "d3dvk-conformance: D3D11CreateDevice failed with HRESULT 0x%08X\n", unsigned(hr));
      return 1;
    }
    D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
    hr = device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof options2);
    device->Release();
    if (FAILED(hr)) {
      std::fprintf(stderr, "d3dvk-conformance: CheckFeatureSupport(OPTIONS2) failed with HRESULT 0x%08X\n",
                   unsigned(hr));
      return 1;
    }
    tier = options2.ConservativeRasterizationTier;
  }

  conformance::RunContext context;
  context.api = api;
  context.tier = tier;
  context.pngDir = pngDir;
  std::vector<conformance::ScenarioResult> results = conformance::runScenarios(context, only);

  conformance::ReportHeader header{summary.info.properties.deviceName, int(context.tier), summary.drawPath(), api};
  conformance::printTable(stdout, header, results);
  if (!jsonPath.empty()) {
    std::ofstream out(jsonPath);
    out << conformance::toJson(header, results);
    if (!out) {
      std::fprintf(stderr, "d3dvk-conformance: cannot write %s\n", jsonPath.c_str());
      return 1;
    }
  }
  for (const auto& r : results)
    if (r.result == conformance::Result::Fail) return 1;
  return 0;
}
