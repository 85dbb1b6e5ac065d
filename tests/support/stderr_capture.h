// tests/support/stderr_capture.h — captures what this process writes to stderr
// (file descriptor 2) between construction and text(), for checking printed
// diagnostics such as debug-layer lines.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace d3dvk::test {

class StderrCapture {
 public:
  StderrCapture() : path_("/tmp/d3dvk-stderr-" + std::to_string(getpid()) + ".txt") {
    std::fflush(stderr);
    saved_ = dup(2);
    FILE* f = std::fopen(path_.c_str(), "w");
    dup2(fileno(f), 2);
    std::fclose(f);
  }
  ~StderrCapture() { restore(); }
  // Stops capturing and returns what was written.
  std::string text() {
    stop();
    std::ifstream in(path_);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

 private:
  void stop() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    saved_ = -1;
  }
  void restore() {
    stop();
    std::remove(path_.c_str());
  }
  std::string path_;
  int saved_ = -1;
};

}  // namespace d3dvk::test
