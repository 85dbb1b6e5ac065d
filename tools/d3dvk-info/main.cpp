// tools/d3dvk-info — what d3dvk runs on: the runtime and UMD loaded, the DDI
// versions negotiated, the Vulkan device (D3DVK_DEVICE), its
// VK_EXT_conservative_rasterization properties, and the conservative tiers
// (native / fallback / reported) under the policy in force
// (D3DVK_CONSERVATIVE_RASTER). The reported tier is read back through the
// public API (CheckFeatureSupport) and cross-checked against the policy.
// Usage: d3dvk-info [--json]. Exit 0 ok, 1 failure, 2 bad arguments.
#include "device_summary.h"
#include "json_string.h"

#include <d3d11_3.h>
#include <d3dvk.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using d3dvk::state::ConservativeTier;

const char* kUsage =
    "usage: d3dvk-info [--json]\n"
    "  Prints the d3dvk runtime and UMD, the negotiated DDI version, the Vulkan device,\n"
    "  its VK_EXT_conservative_rasterization properties and the conservative tiers.\n"
    "  --json   machine-readable output\n"
    "environment: D3DVK_DEVICE, D3DVK_CONSERVATIVE_RASTER, D3DVK_UMD_PATH, D3DVK_VALIDATION\n";

std::string ddiVersionName(UINT64 supported) {
  UINT iface = UINT(supported >> 32);
  UINT build = UINT((supported >> 16) & 0xFFFF);
  std::string name = iface == ((11u << 16) | 15u)     ? "D3D11.1"
                     : iface == ((11u << 16) | 32u) ? "WDDM 2.0"
                                                                          : "unknown";
  return name + " (interface " + std::to_string(iface >> 16) + "." + std::to_string(iface & 0xFFFF) + ", build " +
         std::to_string(build) + ")";
}

using d3dvk::tools::jsonString;

std::string apiVersion(uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

int fail(const std::string& message) {
  std::fprintf(stderr, "d3dvk-info: %s\n", message.c_str());
  return 1;
}

}  // namespace

static const char* yesNo(bool v, const char* yes = "yes", const char* no = "no") { return v ? yes : no; }

int main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      json = true;
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    } else {
      std::fprintf(stderr, "d3dvk-info: unknown argument '%s'\n%s", argv[i], kUsage);
      return 2;
    }
  }

  // The Vulkan device and the tier policy, as the UMD sees them.
  std::string error;
  d3dvk::tools::DeviceSummary summary;
  if (!d3dvk::tools::summarizeDevice(&summary, &error)) return fail(error);
  const auto& info = summary.info;
  const auto& props = summary.conservative;
  const auto& decision = summary.decision;
  const size_t index = summary.index;
  const auto policy = &decision.policy;

  // The runtime and the UMD it loads.
  D3DVK_RUNTIME_INFO runtime;
  char message[1024] = {};
  HRESULT hr = D3DVKGetRuntimeInfo(&runtime, message, sizeof message);
  if (FAILED(hr)) return fail(std::string("the runtime cannot open the UMD: ") + message);

  // The tier as an application sees it.
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ID3D11Device* device = nullptr;
  hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, &device,
                         nullptr, nullptr);
  if (FAILED(hr)) return fail("D3D11CreateDevice failed with HRESULT " + std::to_string(hr));
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  hr = device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof options2);
  device->Release();
  if (FAILED(hr)) return fail("CheckFeatureSupport(D3D11_OPTIONS2) failed with HRESULT " + std::to_string(hr));
  auto apiTier = static_cast<ConservativeTier>(options2.ConservativeRasterizationTier);

  const char* route = decision.reported == ConservativeTier::NotSupported ? "none (not supported)"
                      : decision.drawsRunNatively                         ? "native (VK_EXT_conservative_rasterization)"
                                                                          : "fallback (exact, on the GPU)";
  bool consistent = apiTier == decision.reported;

  if (json) {
    std::printf("{\n  \"runtime\": %s,\n  \"umd\": %s,\n  \"ddi\": {\"supported\": [", jsonString(runtime.RuntimePath).c_str(),
                jsonString(runtime.UmdPath).c_str());
    for (UINT i = 0; i < runtime.SupportedVersionCount; ++i)
      std::printf("%s%s", i ? ", " : "", jsonString(ddiVersionName(runtime.SupportedVersions[i])).c_str());
    std::printf("], \"negotiated\": %s},\n", jsonString(ddiVersionName(runtime.NegotiatedVersion)).c_str());
    std::printf("  \"vulkan\": {\"index\": %zu, \"name\": %s, \"driver\": %s, \"driver_info\": %s, \"api_version\": %s},\n",
                index, jsonString(info.properties.deviceName).c_str(), jsonString(info.driverName).c_str(),
                jsonString(info.driverInfo).c_str(), jsonString(apiVersion(info.properties.apiVersion)).c_str());
    std::printf("  \"conservative_rasterization_extension\": ");
    if (!info.conservativeRasterization)
      std::printf("null,\n");
    else
      std::printf("{\"primitiveOverestimationSize\": %.9g, \"degenerateTrianglesRasterized\": %s, "
                  "\"fullyCoveredFragmentShaderInputVariable\": %s},\n",
                  double(props.primitiveOverestimationSize), props.degenerateTrianglesRasterized ? "true" : "false",
                  props.fullyCoveredFragmentShaderInputVariable ? "true" : "false");
    std::printf("  \"conservative\": {\"policy\": \"%s\", \"native_tier\": %u, \"fallback_tier\": %u, "
                "\"reported_tier\": %u, \"api_tier\": %u, \"draws\": \"%s\"},\n",
                d3dvk::state::conservativePolicyName(*policy), unsigned(decision.native), unsigned(decision.fallback),
                unsigned(decision.reported), unsigned(apiTier), summary.drawPath());
    std::printf("  \"fallback_device\": {\"transform_feedback\": %s, \"depth_clamp\": %s, \"shader_int64\": %s, "
                "\"setup_precision\": \"%s\", \"demote_to_helper\": %s}\n}\n",
                yesNo(info.transformFeedback, "true", "false"), yesNo(info.depthClamp, "true", "false"),
                yesNo(info.shaderInt64, "true", "false"), info.shaderFloat64 ? "double" : "float",
                yesNo(info.demoteToHelperInvocation, "true", "false"));
  } else {
    std::printf("d3dvk-info\n");
    std::printf("  runtime          %s\n", runtime.RuntimePath);
    std::printf("  UMD              %s\n", runtime.UmdPath);
    for (UINT i = 0; i < runtime.SupportedVersionCount; ++i)
      std::printf("  DDI supported    %s\n", ddiVersionName(runtime.SupportedVersions[i]).c_str());
    std::printf("  DDI negotiated   %s\n", ddiVersionName(runtime.NegotiatedVersion).c_str());
    std::printf("Vulkan device [%zu] %s\n", index, info.properties.deviceName);
    std::printf("  driver           %s (%s)\n", info.driverName.c_str(), info.driverInfo.c_str());
    std::printf("  API version      %s\n", apiVersion(info.properties.apiVersion).c_str());
    if (!info.conservativeRasterization) {
      std::printf("  VK_EXT_conservative_rasterization  absent\n");
    } else {
      std::printf("  VK_EXT_conservative_rasterization  present\n");
      std::printf("    primitiveOverestimationSize             %.9g px\n", double(props.primitiveOverestimationSize));
      std::printf("    degenerateTrianglesRasterized           %s\n", props.degenerateTrianglesRasterized ? "yes" : "no");
      std::printf("    fullyCoveredFragmentShaderInputVariable %s\n",
                  props.fullyCoveredFragmentShaderInputVariable ? "yes" : "no");
    }
    std::printf("Conservative rasterization (policy D3DVK_CONSERVATIVE_RASTER=%s)\n",
                d3dvk::state::conservativePolicyName(*policy));
    std::printf("  native tier      %s\n", d3dvk::state::conservativeTierName(decision.native));
    std::printf("  fallback tier    %s\n", d3dvk::state::conservativeTierName(decision.fallback));
    std::printf("  reported tier    %s (CheckFeatureSupport at feature level 11_1: %s)\n",
                d3dvk::state::conservativeTierName(decision.reported), d3dvk::state::conservativeTierName(apiTier));
    std::printf("  conservative draws run  %s\n", route);
    // What the exact fallback needs of the device (translate/fallback/gpu_layout.h).
    std::printf("Conservative fallback device features\n");
    std::printf("  transform feedback  %s (required: captures the rasterized triangles)\n", yesNo(info.transformFeedback));
    std::printf("  depth clamp         %s (required: DepthClipEnable FALSE)\n", yesNo(info.depthClamp));
    std::printf("  shaderInt64         %s (required: the exact 64-bit edge equations)\n", yesNo(info.shaderInt64));
    std::printf("  shaderFloat64       %s (%s)\n", yesNo(info.shaderFloat64),
                info.shaderFloat64 ? "the setup pass clips and projects in double"
                                   : "the setup pass runs in single precision: clipped vertices within Tier 3's bound");
    std::printf("  demote to helper    %s (%s)\n", yesNo(info.demoteToHelperInvocation),
                info.demoteToHelperInvocation ? "uncovered pixels become helpers"
                                              : "uncovered pixels are discarded: derivatives at coverage edges undefined");
  }
  if (!consistent)
    return fail(std::string("the API reports ") + d3dvk::state::conservativeTierName(apiTier) +
                " but the policy computes " + d3dvk::state::conservativeTierName(decision.reported));
  return 0;
}
