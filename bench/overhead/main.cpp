// d3dvk bench/overhead: what one draw costs through d3dvk's D3D11 and D3D12
// against the same work written directly in Vulkan on the same device, in
// the same run (README in bench/). Prints, per mode, µs per draw on the
// application thread and until the device is done, the ratios to the Vulkan
// baseline, and d3dvk's Vulkan commands per draw (render passes, pipeline
// binds, descriptor work, barriers, submits: D3DVK_STATS, vk_stats.h).
// Usage: d3dvk-bench-overhead [--draws N] [--repeat R] [--api d3d11,d3d12,vulkan]
//                             [--mode draw,map,blend,cull,churn,conservative,newstate,newdepth] [--sweep] [--steady-heap]
//   --sweep: the map mode at 1 000, 10 000 and 100 000 draws (is the cost per draw flat?)
//   newstate and newdepth set MESA_SHADER_CACHE_DISABLE=true (unless set): every run compiles what it meets first
//   --steady-heap: glibc keeps freed memory instead of returning it to the system (mallopt), for the
//     whole process and so for all three columns alike: on a CPU Vulkan device (lavapipe) the time
//     until the device is done then no longer swings with the page faults of memory its queue thread
//     frees and touches again (bench/README.md)
#include "overhead.h"

#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace overhead;

namespace {

bool listed(const std::string& list, const char* name) {
  if (list.empty()) return true;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t end = list.find(',', start);
    if (list.substr(start, end - start) == name) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

void printCounters(const char* api, const Result& r) {
  if (!r.ran || !r.draws) return;
  const D3DVKStats& s = r.stats;
  const double n = r.draws;
  std::printf("    %-5s per draw: %.2f render passes, %.2f pipeline binds, %.2f set binds, %.2f sets allocated, "
              "%.2f descriptors written in %.2f updates, %.2f barriers, %.3f submits, %.3f buffers created "
              "(%llu Vulkan draws)\n",
              api, s.renderPasses / n, s.pipelineBinds / n, s.descriptorSetBinds / n, s.descriptorSetsAllocated / n,
              s.descriptorWrites / n, s.descriptorUpdates / n, s.barriers / n, s.submits / n, s.buffersCreated / n,
              (unsigned long long)s.draws);
}

std::string cell(const Result& r) {
  if (!r.ran) return r.skipped.empty() ? "-" : "skipped";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%8.2f / %8.2f", r.timing.appUs, r.timing.doneUs);
  return buf;
}

std::string ratio(const Result& r, const Result& base) {
  if (!r.ran || !base.ran || base.timing.doneUs <= 0) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%5.1f× / %5.1f×", r.timing.appUs / base.timing.appUs,
                r.timing.doneUs / base.timing.doneUs);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  std::string apis, modes;
  bool sweep = false, steadyHeap = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--draws" || a == "--repeat") && i + 1 < argc) {
      char* end = nullptr;
      const long v = std::strtol(argv[++i], &end, 10);
      if (*end != 0 || v < 1 || v > 1000000) {
        std::fprintf(stderr, "d3dvk-bench-overhead: %s needs a number from 1 to 1000000\n", a.c_str());
        return 2;
      }
      (a == "--draws" ? options.draws : options.repeat) = uint32_t(v);
    } else if (a == "--api" && i + 1 < argc) {
      apis = argv[++i];
    } else if (a == "--mode" && i + 1 < argc) {
      modes = argv[++i];
    } else if (a == "--sweep") {
      sweep = true;
    } else if (a == "--steady-heap") {
      steadyHeap = true;
    } else {
      std::fprintf(stderr,
                   "usage: d3dvk-bench-overhead [--draws N] [--repeat R] [--api d3d11,d3d12,vulkan] "
                   "[--mode draw,map,blend,cull,churn,conservative,newstate,newdepth] [--sweep] [--steady-heap]\n");
      return 2;
    }
  }
  if (steadyHeap) {
    // Before any Vulkan device exists: freed memory stays in the heap (no trim,
    // no madvise), and blocks up to 32 MiB come from it instead of fresh mmaps.
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
  }
  // newstate and newdepth measure a first encounter: Mesa's on-disk shader cache (lavapipe)
  // would hand a later run the compiles of an earlier one (the states repeat across runs).
  if ((listed(modes, "newstate") || listed(modes, "newdepth")) && !sweep) setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
  // Count d3dvk's Vulkan commands without printing them per device (unless the user asked for that).
  setenv("D3DVK_STATS", "quiet", 0);

  const bool d3d11 = listed(apis, "d3d11"), d3d12 = listed(apis, "d3d12"), vulkan = listed(apis, "vulkan");
  std::printf("d3dvk-bench-overhead: µs per draw, application thread / until the device is done (median of %u runs)%s\n",
              options.repeat, steadyHeap ? ", steady heap" : "");
  std::printf("%-13s %7s | %-19s | %-19s | %-19s | %-15s | %-15s\n", "mode", "draws", "D3D11 (d3dvk)",
              "D3D12 (d3dvk)", "Vulkan baseline", "D3D11 / Vulkan", "D3D12 / Vulkan");
  auto runMode = [&](Mode mode, const Options& o) {
    Result r11, r12, rvk;
    if (vulkan) rvk = runVulkan(mode, o);
    if (d3d11) r11 = runD3D11(mode, o);
    if (d3d12) r12 = runD3D12(mode, o);
    std::printf("%-13s %7u | %-19s | %-19s | %-19s | %-15s | %-15s\n", modeName(mode), drawsOf(mode, o),
                cell(r11).c_str(), cell(r12).c_str(), cell(rvk).c_str(), ratio(r11, rvk).c_str(),
                ratio(r12, rvk).c_str());
    if (!rvk.ran && !rvk.skipped.empty()) std::printf("    Vulkan baseline skipped: %s\n", rvk.skipped.c_str());
    if (!r12.ran && !r12.skipped.empty()) std::printf("    D3D12 skipped: %s\n", r12.skipped.c_str());
    if (meetsNewState(mode) && vulkan) {
      // The baseline makes a whole pipeline per new state, as d3dvk does; the other two ways:
      const struct {
        NewStateWay way;
        const char* what;
      } ways[] = {{NewStateWay::Library, "a pipeline linked per state from libraries made ahead (graphics pipeline library)"},
                  {NewStateWay::DynamicBlend, "one pipeline, the blend as dynamic state (extended dynamic state 3)"}};
      for (const auto& w : ways) {
        const Result r = runVulkanNewState(w.way, o);
        std::printf("    Vulkan, %s: %s%s%s\n", w.what, cell(r).c_str(), r.ran ? "" : ": ", r.ran ? "" : r.skipped.c_str());
      }
    }
    if (mode == Mode::Conservative && vulkan) {
      const Result f = runVulkanConservativeFloor(o);
      std::printf("    Vulkan, an emulation's floor (one pass: a geometry shader's bounding box per triangle, a fragment "
                  "shader's float edge test): %s%s%s; it / the baseline %s, D3D11 / it %s, D3D12 / it %s\n",
                  cell(f).c_str(), f.ran ? "" : ": ", f.ran ? "" : f.skipped.c_str(), ratio(f, rvk).c_str(),
                  ratio(r11, f).c_str(), ratio(r12, f).c_str());
      // What each drew, against the CPU's count: the floor draws the conservative set.
      if (f.ran)
        std::printf("    fragments per run: the floor %llu (the pixels the unsnapped triangles touch, counted on the CPU: "
                    "%llu), d3dvk's D3D11 %llu (the vertices snapped to 1/256 pixel first, as D3D's rules say); "
                    "the baseline %llu (pixel centres covered: %llu)\n",
                    (unsigned long long)f.samples, (unsigned long long)conservativeFragments(true),
                    (unsigned long long)r11.samples, (unsigned long long)rvk.samples,
                    (unsigned long long)conservativeFragments(false));
    }
    printCounters("D3D11", r11);
    printCounters("D3D12", r12);
    auto cpu = [](const Result& r) {
      char buf[32] = "-";
      if (r.ran) std::snprintf(buf, sizeof buf, "%.2f", r.appCpuUs);
      return std::string(buf);
    };
    std::printf("    application thread's CPU time per draw (µs): D3D11 %s, D3D12 %s, Vulkan %s\n", cpu(r11).c_str(),
                cpu(r12).c_str(), cpu(rvk).c_str());
    std::fflush(stdout);
  };
  if (sweep) {
    for (uint32_t n : {1000u, 10000u, 100000u}) {
      Options o = options;
      o.draws = n;
      runMode(Mode::Map, o);
    }
    return 0;
  }
  for (Mode mode : kModes)
    if (listed(modes, modeName(mode))) runMode(mode, options);
  std::printf("(conservative: d3dvk draws with conservative rasterization ON, natively or on the exact fallback; "
              "the Vulkan baseline draws the same triangles without it, and the emulation's floor draws their "
              "conservative pixels as cheaply as one pass can on a device without conservative rasterization. newstate: each draw with a blend state "
              "no draw used before; newdepth: each D3D11 draw with a depth-stencil state and a rasterizer state no draw used "
              "before, into a target with a depth-stencil view; the Vulkan baseline creates a whole pipeline for each)\n");
  return 0;
}
