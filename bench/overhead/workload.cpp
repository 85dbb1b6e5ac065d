// bench/overhead/workload.cpp — the modes' shared geometry, constants and
// shaders, timing and d3dvk's counters (overhead.h).
#include "overhead.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <dlfcn.h>
#include <random>

namespace overhead {

const char* modeName(Mode m) {
  switch (m) {
    case Mode::Draw: return "draw";
    case Mode::Map: return "map";
    case Mode::Blend: return "blend";
    case Mode::Cull: return "cull";
    case Mode::Churn: return "churn";
    case Mode::Conservative: return "conservative";
    case Mode::NewState: return "newstate";
    case Mode::NewDepth: return "newdepth";
  }
  return "?";
}

std::vector<float> oneTriangle() {
  // About 6×6 pixels of the 64×64 target around its centre (moved by cb0[0].xy).
  return {-0.1f, -0.1f, 0.5f, 1.0f, 0.1f, -0.1f, 0.5f, 1.0f, 0.0f, 0.1f, 0.5f, 1.0f};
}

std::vector<float> conservativeTriangles() {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> centre(-0.85f, 0.85f), offset(-0.12f, 0.12f);
  std::vector<float> v;
  for (uint32_t t = 0; t < kConservativeTriangles; ++t) {
    const float cx = centre(rng), cy = centre(rng);
    for (int k = 0; k < 3; ++k) v.insert(v.end(), {cx + offset(rng), cy + offset(rng), 0.5f, 1.0f});
  }
  return v;
}

uint64_t conservativeFragments(bool conservative) {
  // Every draw of the mode keeps draw 0's constants (overhead.h).
  float constants[16];
  constantsOf(0, constants);
  const std::vector<float> v = conservativeTriangles();
  uint64_t count = 0;
  for (uint32_t t = 0; t < kConservativeTriangles; ++t) {
    double x[3], y[3];  // pixels, y down (the viewport is the target)
    for (int k = 0; k < 3; ++k) {
      x[k] = ((v[(3 * t + k) * 4] + constants[0]) * 0.5 + 0.5) * kTarget;
      y[k] = ((v[(3 * t + k) * 4 + 1] + constants[1]) * 0.5 + 0.5) * kTarget;
    }
    const double area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area == 0) continue;
    const double s = area > 0 ? 1 : -1;
    const double lx = std::min({x[0], x[1], x[2]}), hx = std::max({x[0], x[1], x[2]});
    const double ly = std::min({y[0], y[1], y[2]}), hy = std::max({y[0], y[1], y[2]});
    for (uint32_t py = 0; py < kTarget; ++py)
      for (uint32_t px = 0; px < kTarget; ++px) {
        // Each edge's function at the centre; a square touches the triangle when
        // it overlaps the box and no edge has the whole square outside.
        bool centre = true, square = hx >= px && lx <= px + 1 && hy >= py && ly <= py + 1;
        for (int k = 0; k < 3; ++k) {
          const int j = (k + 1) % 3;
          const double a = -(y[j] - y[k]) * s, b = (x[j] - x[k]) * s;
          const double e = a * (px + 0.5 - x[k]) + b * (py + 0.5 - y[k]);
          centre = centre && e >= 0;
          square = square && e + 0.5 * (std::fabs(a) + std::fabs(b)) >= 0;
        }
        count += conservative ? square : centre;
      }
  }
  return count * kConservativeDraws;
}

void constantsOf(uint32_t draw, float out[16]) {
  std::fill(out, out + 16, 0.0f);
  // A walk over the target so that consecutive draws land in different places.
  out[0] = float(int(draw * 37 % 17) - 8) * 0.1f;
  out[1] = float(int(draw * 53 % 15) - 7) * 0.1f;
  out[4] = float(draw % 7) / 7.0f;
  out[5] = float(draw % 5) / 5.0f;
  out[6] = float(draw % 3) / 3.0f;
  out[7] = 0.5f;
}

NewBlend newBlend(uint32_t index) {
  static constexpr uint32_t kAlphaFactors[6] = {0, 1, 4, 5, 6, 7};  // ONE, ZERO, (INV_)SRC_ALPHA, (INV_)DEST_ALPHA
  index %= kNewStates;
  NewBlend b;
  b.writeMask = 1 + index % 15;
  index /= 15;
  b.srcColor = index % kNewStateFactors;
  index /= kNewStateFactors;
  b.dstColor = index % kNewStateFactors;
  b.srcAlpha = kAlphaFactors[index / kNewStateFactors];
  return b;
}

uint32_t textureColour(uint32_t k) { return 0xFF000000u | (k * 0x0F) << 16 | (255 - k * 0x0F) << 8 | (k * 7); }

const char kVertexShaderListing[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_constantbuffer CB0[2], immediateIndexed
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
add o0.xy, v0.xyxx, cb0[0].xyxx
mov o0.zw, v0.zzzw
mov o1.xyzw, cb0[1].xyzw
ret
)";

const char kPixelShaderListing[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

std::string churnPixelShaderListing(uint32_t variant) {
  std::string s = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
)";
  for (uint32_t t = 0; t < kChurnTextures; ++t)
    s += "dcl_resource_texture2d (float,float,float,float) t" + std::to_string(t) + "\n";
  s += "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n";
  s += "ld_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0,0,0,0), t0.xyzw\n";
  for (uint32_t t = 1; t < kChurnTextures; ++t) {
    s += "ld_indexable(texture2d)(float,float,float,float) r1.xyzw, l(0,0,0,0), t" + std::to_string(t) + ".xyzw\n";
    s += "add r0.xyzw, r0.xyzw, r1.xyzw\n";
  }
  const std::string scale = std::to_string(0.5 + 0.0625 * variant);
  s += "mul r0.xyzw, r0.xyzw, l(0.01, 0.01, 0.01, 0.01)\n";
  s += "mad o0.xyzw, v1.xyzw, l(" + scale + ", " + scale + ", " + scale + ", " + scale + "), r0.xyzw\nret\n";
  return s;
}

Timing median(std::vector<Timing> runs) {
  if (runs.empty()) return {};
  std::sort(runs.begin(), runs.end(), [](const Timing& a, const Timing& b) { return a.doneUs < b.doneUs; });
  return runs[runs.size() / 2];
}

double medianAppCpu(const std::vector<Timing>& runs) {
  if (runs.empty()) return 0;
  std::vector<double> cpu;
  for (const Timing& t : runs) cpu.push_back(t.appCpuUs);
  std::sort(cpu.begin(), cpu.end());
  return cpu[cpu.size() / 2];
}

double threadCpuUs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

double nowUs() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

D3DVKStats statsNow() {
  static PFN_D3DVKGetStats get = [] {
    void* umd = dlopen("libd3dvk_umd.so", RTLD_NOW | RTLD_NOLOAD);
    return umd ? reinterpret_cast<PFN_D3DVKGetStats>(dlsym(umd, D3DVK_GET_STATS_NAME)) : nullptr;
  }();
  D3DVKStats s{};
  if (!get) {  // the UMD is loaded with the first device: look again next time
    void* umd = dlopen("libd3dvk_umd.so", RTLD_NOW | RTLD_NOLOAD);
    if (umd) get = reinterpret_cast<PFN_D3DVKGetStats>(dlsym(umd, D3DVK_GET_STATS_NAME));
  }
  if (get) get(&s);
  return s;
}

D3DVKStats statsDelta(const D3DVKStats& a, const D3DVKStats& b) {
  D3DVKStats d;
  d.draws = a.draws - b.draws;
  d.dispatches = a.dispatches - b.dispatches;
  d.renderPasses = a.renderPasses - b.renderPasses;
  d.pipelineBinds = a.pipelineBinds - b.pipelineBinds;
  d.pipelinesCreated = a.pipelinesCreated - b.pipelinesCreated;
  d.descriptorSetBinds = a.descriptorSetBinds - b.descriptorSetBinds;
  d.descriptorSetsAllocated = a.descriptorSetsAllocated - b.descriptorSetsAllocated;
  d.descriptorWrites = a.descriptorWrites - b.descriptorWrites;
  d.descriptorUpdates = a.descriptorUpdates - b.descriptorUpdates;
  d.barriers = a.barriers - b.barriers;
  d.submits = a.submits - b.submits;
  d.buffersCreated = a.buffersCreated - b.buffersCreated;
  d.memoryAllocations = a.memoryAllocations - b.memoryAllocations;
  return d;
}

}  // namespace overhead
