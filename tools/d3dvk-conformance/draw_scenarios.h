// tools/d3dvk-conformance/draw_scenarios.h — the scenarios that draw: draw-time
// validation (topology, SV_InnerCoverage with conservative OFF) and the spec's
// HCK rendering scenarios in the exact pixels of
// ../shared/reference/conservative-raster.md ("The spec's scenarios in pixel
// coordinates"), each drawn through the context's API (DrawRig: D3D11 or D3D12,
// the same code) and read back. The two draw-time validation scenarios are
// D3D11's (D3D12 has no draw-time rule for them). Expected pixel
// sets are written out here from the spec's geometry, never computed by d3dvk.
#pragma once

#include "scenarios.h"

namespace d3dvk::conformance {

ScenarioResult drawPointLineTopologyDropped(RunContext& context);
ScenarioResult drawInnerCoverageWithConservativeOff(RunContext& context);
ScenarioResult bringUp(RunContext& context);
ScenarioResult uncertaintyHalfPixel(RunContext& context);
ScenarioResult uncertainty256thPixel(RunContext& context);
ScenarioResult topLeftRule(RunContext& context);
ScenarioResult innerCoverage(RunContext& context);
ScenarioResult postSnapDegenerate(RunContext& context);
ScenarioResult degenerateOnPixelBoundary(RunContext& context);
ScenarioResult targetIndependentRasterization(RunContext& context);
ScenarioResult msaaCoverage(RunContext& context);
ScenarioResult sampleMaskZeroInnerCoverage(RunContext& context);

}  // namespace d3dvk::conformance
