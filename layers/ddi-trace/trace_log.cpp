// layers/ddi-trace/trace_log.cpp — see trace_log.h.
#include "trace_log.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace d3dvk::trace {
namespace {
std::mutex gLogMutex;
}

void trace(const char* fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  std::lock_guard<std::mutex> lock(gLogMutex);
  const char* path = std::getenv("D3DVK_DDI_TRACE_FILE");
  FILE* out = path && *path ? std::fopen(path, "a") : stderr;
  if (!out) out = stderr;
  std::fprintf(out, "%s%s\n", out == stderr ? "d3dvk-ddi-trace: " : "", line);
  if (out != stderr) std::fclose(out);
}

std::string format(const char* fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

std::string hr(HRESULT value) {
  switch (value) {
    case S_OK: return "S_OK";
    case S_FALSE: return "S_FALSE";
    case E_INVALIDARG: return "E_INVALIDARG";
    case E_OUTOFMEMORY: return "E_OUTOFMEMORY";
    case E_NOTIMPL: return "E_NOTIMPL";
    case E_FAIL: return "E_FAIL";
    default: return format("0x%08X", static_cast<unsigned>(value));
  }
}

std::string versions(const UINT32* puEntries, const UINT64* pVersions) {
  if (!puEntries) return "puEntries=null";
  std::string s = "entries=" + std::to_string(*puEntries);
  if (pVersions) {
    s += ", versions=[";
    for (UINT32 i = 0; i < *puEntries; ++i) s += format("%s0x%016" PRIX64, i ? ", " : "", pVersions[i]);
    s += "]";
  }
  return s;
}

}  // namespace d3dvk::trace
