// translate/state/conservative_tier.h — the conservative-rasterization tier policy:
// which D3D tier a Vulkan device honours natively (VK_EXT_conservative_rasterization
// properties checked against the spec's bounds, not just its booleans), which tier
// the exact GPU fallback provides, what we report, and whether conservative draws run
// natively or on the fallback. D3DVK_CONSERVATIVE_RASTER=auto|native|fallback|off
// overrides. Pure code: no Vulkan calls, no DDI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace d3dvk::state {

// Same values as D3D11_CONSERVATIVE_RASTERIZATION_TIER / the DDI / D3D12 enums.
enum class ConservativeTier : uint32_t { NotSupported = 0, Tier1 = 1, Tier2 = 2, Tier3 = 3 };

const char* conservativeTierName(ConservativeTier tier);  // "NOT_SUPPORTED", "TIER_1", …

// The facts of VkPhysicalDeviceConservativeRasterizationPropertiesEXT the policy uses.
struct ConservativeRasterizationProperties {
  bool extensionPresent = false;
  float primitiveOverestimationSize = 0.0f;  // pixels, per edge
  bool degenerateTrianglesRasterized = false;
  bool fullyCoveredFragmentShaderInputVariable = false;
};

// Spec bounds on the outer uncertainty region.
inline constexpr float kTier1MaxOverestimation = 0.5f;          // ½ pixel
inline constexpr float kTier2MaxOverestimation = 1.0f / 256.0f;  // one 16.8 subpixel

// Tier 1: extension and size ≤ ½; Tier 2: also size ≤ 1/256 and degenerates
// rasterized; Tier 3: also the fully-covered input (SV_InnerCoverage).
// A NaN or negative size is treated as unusable (NOT_SUPPORTED).
ConservativeTier nativeConservativeTier(const ConservativeRasterizationProperties& props);

// The tier the exact GPU fallback provides end to end: Tier 3 on a device that
// can run it — transform feedback (VK_EXT_transform_feedback) to capture what
// reaches the rasterizer, depth clamp to keep the candidate geometry's
// extrapolated depth inside the viewport range, and 64-bit shader integers
// for the exact edge equations — else NOT_SUPPORTED.
ConservativeTier fallbackConservativeTier(bool transformFeedback, bool depthClamp, bool shaderInt64);

enum class ConservativePolicy { Auto, Native, Fallback, Off };

const char* conservativePolicyName(ConservativePolicy policy);  // "auto", …
// Parses an environment value; null/empty → Auto. An unknown value returns
// nullopt and sets *error to a message naming the valid values.
std::optional<ConservativePolicy> parseConservativePolicy(const char* value, std::string* error);

struct ConservativeTierDecision {
  ConservativePolicy policy = ConservativePolicy::Auto;
  ConservativeTier native = ConservativeTier::NotSupported;
  ConservativeTier fallback = ConservativeTier::NotSupported;
  ConservativeTier reported = ConservativeTier::NotSupported;
  // Conservative draws go through VK_EXT_conservative_rasterization (else: the GPU fallback).
  bool drawsRunNatively = false;
};

// auto: report max(native, fallback); draws run natively when native ≥ reported.
// native: report the native tier; draws run natively.
// fallback: report the fallback tier; draws always take the fallback.
// off: report NOT_SUPPORTED.
ConservativeTierDecision decideConservativeTier(ConservativeTier native, ConservativeTier fallback,
                                                ConservativePolicy policy);

}  // namespace d3dvk::state
