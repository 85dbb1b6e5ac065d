// ddi/vk/vk_stats.h — process-wide counters of the Vulkan commands d3dvk
// records (draws, render passes, pipeline binds, descriptor work, barriers,
// submits, buffer and memory creation): what bench/overhead and
// D3DVK_STATS=1 report to show the structure of the per-draw path.
//
// With D3DVK_STATS set (any value but "0"), installCounters() replaces volk's
// global entry points of the counted commands with wrappers that count and
// forward, so every call site in the UMD is counted and nothing is paid when
// the variable is unset. D3DVK_STATS=1 also prints the counts since a device
// was created when it is destroyed (printSince); "quiet" only counts.
#pragma once

#include "d3dvk_stats.h"  // ddi/include: the exported snapshot struct

#include <string>

namespace d3dvk::vk {

// Whether D3DVK_STATS asks for counting (read once).
bool statsEnabled();
// Whether D3DVK_STATS asks for a line per destroyed device.
bool statsPrinted();
// Wraps volk's entry points of the counted commands (after volkLoadInstance;
// again after each reload). Nothing when statsEnabled() is false.
void installCounters();
// The counts so far (all zero when counting is off).
D3DVKStats statsSnapshot();
// Prints "d3dvk stats (<what>): …" with the counts since `since` to stderr.
void printStatsSince(const char* what, const D3DVKStats& since);

}  // namespace d3dvk::vk
