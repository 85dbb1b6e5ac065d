// translate/state/conservative_tier.cpp — see conservative_tier.h.
#include "conservative_tier.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace d3dvk::state {

const char* conservativeTierName(ConservativeTier tier) {
  switch (tier) {
    case ConservativeTier::NotSupported: return "NOT_SUPPORTED";
    case ConservativeTier::Tier1: return "TIER_1";
    case ConservativeTier::Tier2: return "TIER_2";
    case ConservativeTier::Tier3: return "TIER_3";
  }
  return "INVALID";
}

ConservativeTier nativeConservativeTier(const ConservativeRasterizationProperties& props) {
  const float size = props.primitiveOverestimationSize;
  if (!props.extensionPresent || !(size >= 0.0f) || !(size <= kTier1MaxOverestimation))
    return ConservativeTier::NotSupported;
  if (!(size <= kTier2MaxOverestimation) || !props.degenerateTrianglesRasterized) return ConservativeTier::Tier1;
  if (!props.fullyCoveredFragmentShaderInputVariable) return ConservativeTier::Tier2;
  return ConservativeTier::Tier3;
}

const char* conservativePolicyName(ConservativePolicy policy) {
  switch (policy) {
    case ConservativePolicy::Auto: return "auto";
    case ConservativePolicy::Native: return "native";
    case ConservativePolicy::Fallback: return "fallback";
    case ConservativePolicy::Off: return "off";
  }
  return "invalid";
}

std::optional<ConservativePolicy> parseConservativePolicy(const char* value, std::string* error) {
  if (!value || !*value) return ConservativePolicy::Auto;
  for (ConservativePolicy p : {ConservativePolicy::Auto, ConservativePolicy::Native, ConservativePolicy::Fallback,
                               ConservativePolicy::Off})
    if (std::strcmp(value, conservativePolicyName(p)) == 0) return p;
  if (error)
    *error = std::string("D3DVK_CONSERVATIVE_RASTER=") + value +
             " is not valid; use one of: auto, native, fallback, off";
  return std::nullopt;
}

ConservativeTier fallbackConservativeTier(bool transformFeedback, bool depthClamp, bool shaderInt64) {
  return transformFeedback && depthClamp && shaderInt64 ? ConservativeTier::Tier3 : ConservativeTier::NotSupported;
}

ConservativeTierDecision decideConservativeTier(ConservativeTier native, ConservativeTier fallback,
                                                ConservativePolicy policy) {
  ConservativeTierDecision d;
  d.policy = policy;
  d.native = native;
  d.fallback = fallback;
  switch (policy) {
    case ConservativePolicy::Auto:
      d.reported = std::max(native, fallback);
      break;
    case ConservativePolicy::Native:
      d.reported = native;
      break;
    case ConservativePolicy::Fallback:
      d.reported = fallback;
      break;
    case ConservativePolicy::Off:
      d.reported = ConservativeTier::NotSupported;
      break;
  }
  d.drawsRunNatively = policy != ConservativePolicy::Fallback && d.reported != ConservativeTier::NotSupported &&
                       native >= d.reported;
  return d;
}

}  // namespace d3dvk::state
