// tests/recording/recording_stats.h — the UMD's D3DVK_STATS counters
// (d3dvk_stats.h) as the recording tests read them: counting is switched on
// before the process's first device, and Counted takes the counts between its
// construction and delta().
#pragma once

#include "d3dvk_stats.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <dlfcn.h>

namespace d3dvk::test {

// Counting must be on before the process creates its first device (a static initializer).
inline const bool kRecordingStatsOn = [] {
  setenv("D3DVK_STATS", "quiet", 1);
  return true;
}();

inline D3DVKStats umdStats() {
  D3DVKStats s{};
  void* umd = dlopen("libd3dvk_umd.so", RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(umd != nullptr);
  auto get = reinterpret_cast<PFN_D3DVKGetStats>(dlsym(umd, D3DVK_GET_STATS_NAME));
  REQUIRE(get != nullptr);
  get(&s);
  dlclose(umd);
  return s;
}

struct Counted {
  D3DVKStats before = umdStats();
  D3DVKStats delta() const {
    const D3DVKStats a = umdStats();
    D3DVKStats d{};
    d.draws = a.draws - before.draws;
    d.renderPasses = a.renderPasses - before.renderPasses;
    d.pipelineBinds = a.pipelineBinds - before.pipelineBinds;
    d.pipelinesCreated = a.pipelinesCreated - before.pipelinesCreated;
    d.descriptorSetBinds = a.descriptorSetBinds - before.descriptorSetBinds;
    d.descriptorSetsAllocated = a.descriptorSetsAllocated - before.descriptorSetsAllocated;
    d.barriers = a.barriers - before.barriers;
    d.submits = a.submits - before.submits;
    d.buffersCreated = a.buffersCreated - before.buffersCreated;
    return d;
  }
};

}  // namespace d3dvk::test
