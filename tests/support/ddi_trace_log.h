// tests/support/ddi_trace_log.h — a fresh DDI trace file for one test, set as
// D3DVK_DDI_TRACE_FILE for the trace filter (layers/ddi-trace), read back as lines.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace d3dvk::test {

class DdiTraceLog {
 public:
  DdiTraceLog() : path_("/tmp/d3dvk-ddi-trace-test-" + std::to_string(getpid()) + ".log") {
    std::remove(path_.c_str());
    setenv("D3DVK_DDI_TRACE_FILE", path_.c_str(), 1);
  }
  ~DdiTraceLog() {
    unsetenv("D3DVK_DDI_TRACE_FILE");
    std::remove(path_.c_str());
  }
  std::vector<std::string> lines() const {
    std::ifstream in(path_);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  // Lines whose DDI name (text before '(') is `name`.
  std::vector<std::string> calls(const std::string& name) const {
    std::vector<std::string> out;
    for (const std::string& l : lines())
      if (l.compare(0, name.size() + 1, name + "(") == 0) out.push_back(l);
    return out;
  }

 private:
  std::string path_;
};

// Sets an environment variable for the current scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

}  // namespace d3dvk::test
