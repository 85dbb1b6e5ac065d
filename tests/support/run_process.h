// tests/support/run_process.h — runs a command line (through /bin/sh), feeding
// it stdin and capturing stdout, stderr and the exit code, for CLI tests. A
// child's Vulkan validation messages are passed on to our stderr, where ctest
// fails the test on them.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace d3dvk::test {

struct ProcessResult {
  int exitCode = -1;
  std::string out;
  std::string err;
};

inline std::string readWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline ProcessResult runProcess(const std::string& command, const std::string& input = "") {
  static int counter = 0;
  std::string base = "/tmp/d3dvk-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  std::string inPath = base + ".in", outPath = base + ".out", errPath = base + ".err";
  std::ofstream(inPath, std::ios::binary) << input;
  // Child processes cannot pin the Vulkan driver the way test binaries do
  // (keep_vulkan_driver_loaded.cpp), so leak checking is off for them under
  // ASan; the same library code is leak-checked inside the test binaries.
  std::string full = "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 " + command + " <" + inPath + " >" +
                     outPath + " 2>" + errPath;
  int status = std::system(full.c_str());
  ProcessResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = readWholeFile(outPath);
  r.err = readWholeFile(errPath);
  std::remove(inPath.c_str());
  std::remove(outPath.c_str());
  std::remove(errPath.c_str());
  // Validation messages of the child must fail the test like our own would.
  if (r.err.find("d3dvk: vulkan validation:") != std::string::npos) std::fprintf(stderr, "%s", r.err.c_str());
  return r;
}

}  // namespace d3dvk::test
