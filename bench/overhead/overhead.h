// bench/overhead/overhead.h — what the per-draw overhead benchmark's three
// drivers share: the modes, the workload's shaders and geometry, the timing
// of one run and the counters.
//
// Every mode draws into a 64×64 R8G8B8A8_UNORM target, one render pass's
// worth of work: N draws of one small triangle (modes draw, map, blend,
// churn) or 100 draws of 100 triangles (conservative). The vertex shader adds
// cb0[0].xy to the position and passes cb0[1] on as the colour.
//   draw          nothing changes between draws (the constant buffer is bound once)
//   map           each draw: the 64 constant-buffer bytes rewritten (D3D11
//                 Map(WRITE_DISCARD) + VSSetConstantBuffers; D3D12 a new root
//                 CBV into an upload buffer; Vulkan a dynamic uniform offset into a
//                 mapped ring), then the draw
//   blend         map, alternating two blend states (two pipelines)
//   churn         map, cycling 8 pixel shaders (8 pipelines) that each read 16
//                 textures, and the 16 shader resources switched every draw
//   conservative  100 draws of 100 triangles each with conservative
//                 rasterization ON (d3dvk: native or the exact fallback); the
//                 Vulkan baseline draws the same triangles without it, and
//                 a second Vulkan line, the emulation's floor, draws their
//                 conservative pixels in one pass (runVulkanConservativeFloor)
//   newstate      64 draws, each with a blend state no draw used before (D3D11:
//                 the states created before the run, as an application creates
//                 its state objects ahead; what a draw pays is the pipeline for
//                 the new combination). The Vulkan baseline creates a whole
//                 pipeline per draw, as d3dvk does; two more Vulkan lines: a
//                 pipeline library linked per draw (VK_EXT_graphics_pipeline_library,
//                 the shader parts compiled once ahead) and one pipeline whose
//                 blend is dynamic state (VK_EXT_extended_dynamic_state3)
#pragma once

#include "d3dvk_stats.h"

#include <cstdint>
#include <string>
#include <vector>

namespace overhead {

enum class Mode { Draw, Map, Blend, Cull, Churn, Conservative, NewState, NewDepth };
inline constexpr Mode kModes[] = {Mode::Draw,  Mode::Map,          Mode::Blend,    Mode::Cull,
                                  Mode::Churn, Mode::Conservative, Mode::NewState, Mode::NewDepth};
// The modes whose every draw meets state no draw used before (newstate: a
// blend state; newdepth: a depth-stencil and a rasterizer state, D3D11 only).
// The Vulkan baseline of both makes a pipeline per draw (a new blend state).
inline constexpr bool meetsNewState(Mode m) { return m == Mode::NewState || m == Mode::NewDepth; }
const char* modeName(Mode m);

constexpr uint32_t kTarget = 64;             // render target width and height
constexpr uint32_t kConservativeDraws = 100;  // draws of the conservative mode
constexpr uint32_t kConservativeTriangles = 100;  // triangles per conservative draw
constexpr uint32_t kShaderVariants = 8;       // churn: pixel shaders (pipelines) cycled
constexpr uint32_t kChurnTextures = 16;       // churn: textures each pixel shader reads
constexpr uint32_t kNewStateDraws = 64;       // newstate: draws per run, each with a new blend state

struct Options {
  uint32_t draws = 20000;  // N of the one-triangle modes
  uint32_t repeat = 3;     // runs per mode; the median is printed
};

// One timed run: µs per draw on the application thread (issuing the draws,
// ending with the submit) and until the device has finished them.
struct Timing {
  double appUs = 0, doneUs = 0;
  // The application thread's CPU time while issuing (CLOCK_THREAD_CPUTIME_ID):
  // what issuing costs that thread, steadier than the wall clock when other
  // work shares the machine's cores.
  double appCpuUs = 0;
};

struct Result {
  bool ran = false;
  std::string skipped;  // why not, when !ran
  Timing timing;        // the median run's
  double appCpuUs = 0;  // the median of the runs' Timing::appCpuUs
  D3DVKStats stats{};   // d3dvk's Vulkan commands in the median run (all zero for the baseline)
  uint32_t draws = 0;   // API draws in one run
  uint64_t samples = 0; // the Vulkan conservative-mode runs: the samples the last run drew (occlusion query)
};

// The draws one run of `mode` makes.
inline uint32_t drawsOf(Mode m, const Options& o) {
  return m == Mode::Conservative ? kConservativeDraws : meetsNewState(m) ? kNewStateDraws : o.draws;
}

// Vertex data: float4 positions (clip space, w = 1). The one-triangle modes
// draw vertices 0..2; the conservative mode draws all 300 of
// conservativeTriangles().
std::vector<float> oneTriangle();
std::vector<float> conservativeTriangles();
// What one run of the conservative mode draws, counted on the CPU (float
// arithmetic, exact for its triangles, which touch no pixel centre or
// corner): per triangle the pixels whose centre it covers (the plain
// baseline's fragments) or whose square it touches (its conservative set).
uint64_t conservativeFragments(bool conservative);
// The 16-float constant buffer of draw i: offset (xy) and colour.
void constantsOf(uint32_t draw, float out[16]);
// Blend factors of the two blend states (SRC_ALPHA/INV_SRC_ALPHA and ONE/ONE).
// Colour of churn texture k (1×1 RGBA8).
uint32_t textureColour(uint32_t k);
// The newstate mode's blend state number `index` (blending on, ADD): its colour
// factors index kNewStateFactors, its source alpha factor too (an alpha-valid
// one), its write mask 1..15. Distinct for indices below kNewStates.
struct NewBlend {
  uint32_t srcColor, dstColor, srcAlpha;
  uint32_t writeMask;
};
// The factors in this order: ONE, ZERO, SRC_COLOR, INV_SRC_COLOR, SRC_ALPHA,
// INV_SRC_ALPHA, DEST_ALPHA, INV_DEST_ALPHA, DEST_COLOR, INV_DEST_COLOR.
constexpr uint32_t kNewStateFactors = 10;
constexpr uint32_t kNewStates = 15 * kNewStateFactors * kNewStateFactors * 6;
NewBlend newBlend(uint32_t index);

// The other Vulkan ways the newstate mode measures (runVulkanNewState).
enum class NewStateWay { Library, DynamicBlend };

// DXBC listings (assembled by d3dvk's assembler for D3D11 and D3D12).
extern const char kVertexShaderListing[];
extern const char kPixelShaderListing[];
// The churn pixel shader `variant` (0..7): reads t0..t15 at (0, 0).
std::string churnPixelShaderListing(uint32_t variant);

// Median of the repeated runs (by time until done).
Timing median(std::vector<Timing> runs);
// Median of the runs' application-thread CPU times.
double medianAppCpu(const std::vector<Timing>& runs);

// Times `repeat` runs of `draws` draws: before(), then issue() (the
// application thread's part, ending with the submit), then wait() (until the
// device is done); the median run's timing and d3dvk's counters during it.
template <typename Before, typename Issue, typename Wait>
Result measure(uint32_t draws, uint32_t repeat, Before before, Issue issue, Wait wait);
double nowUs();
double threadCpuUs();  // the calling thread's CPU time

// d3dvk's counters (D3DVK_STATS=quiet is set by main), zero when not found.
D3DVKStats statsNow();
D3DVKStats statsDelta(const D3DVKStats& after, const D3DVKStats& before);

Result runD3D11(Mode mode, const Options& options);
Result runD3D12(Mode mode, const Options& options);
Result runVulkan(Mode mode, const Options& options);
Result runVulkanNewState(NewStateWay way, const Options& options);
// The conservative mode's triangles drawn the least one pass could to
// emulate conservative rasterization (shaders/conservative_floor.*): a
// geometry shader's bounding box per triangle, a fragment shader's float edge
// test. Not exact: a lower bound for any fallback, the exact one included.
Result runVulkanConservativeFloor(const Options& options);

template <typename Before, typename Issue, typename Wait>
Result measure(uint32_t draws, uint32_t repeat, Before before, Issue issue, Wait wait) {
  std::vector<Timing> runs;
  std::vector<D3DVKStats> stats;
  for (uint32_t run = 0; run < repeat; ++run) {
    before();
    const D3DVKStats counted = statsNow();
    const double c0 = threadCpuUs();
    const double t0 = nowUs();
    issue();
    const double t1 = nowUs();
    const double c1 = threadCpuUs();
    wait();
    const double t2 = nowUs();
    runs.push_back({(t1 - t0) / draws, (t2 - t0) / draws, (c1 - c0) / draws});
    stats.push_back(statsDelta(statsNow(), counted));
  }
  Result result;
  result.timing = median(runs);
  result.appCpuUs = medianAppCpu(runs);
  for (size_t i = 0; i < runs.size(); ++i)
    if (runs[i].doneUs == result.timing.doneUs) result.stats = stats[i];
  result.ran = true;
  result.draws = draws;
  return result;
}

}  // namespace overhead
