// tools/d3dvk-conformance/scenarios12.h — the D3D12 counterparts of the
// state-level scenarios (scenarios.cpp has D3D11's): the tier from
// CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS), and the creation-time rules
// D3D12 checks in CreateGraphicsPipelineState, where the rasterizer desc and
// the pixel shader meet (ConservativeRaster ON accepted at a supported tier,
// refused without one and with D3D12_FILL_MODE_WIREFRAME with #647
// CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE, an invalid value
// refused, a pixel shader reading SV_InnerCoverage only at Tier 3).
#pragma once

#include "scenarios.h"

namespace d3dvk::conformance {

ScenarioResult checkFeatureSupportTier12(RunContext& context);
ScenarioResult createOnAccepted12(RunContext& context);
ScenarioResult createOnRejectedWithoutSupport12(RunContext& context);
ScenarioResult createOnWireframeRejected12(RunContext& context);
ScenarioResult createInvalidModeRejected12(RunContext& context);
ScenarioResult innerCoverageShaderBelowTier3_12(RunContext& context);

}  // namespace d3dvk::conformance
