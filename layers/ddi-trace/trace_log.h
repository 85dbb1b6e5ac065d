// layers/ddi-trace/trace_log.h — the trace filter's log: one line per DDI call,
// appended to D3DVK_DDI_TRACE_FILE (opened per line, so tests can read it at
// any time) or written to stderr with a "d3dvk-ddi-trace: " prefix; and the
// formatting helpers every part of the filter shares.
#pragma once

#include "d3d12umddi_checks.h"

#include <string>

namespace d3dvk::trace {

// Appends one line (printf format) to the log; serialized across threads.
void trace(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// printf into a std::string.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// S_OK, E_INVALIDARG, … or 0x%08X.
std::string hr(HRESULT value);

// GetSupportedVersions' arguments: "entries=N[, versions=[...]]".
std::string versions(const UINT32* puEntries, const UINT64* pVersions);

}  // namespace d3dvk::trace
