// tests/hostile/fuzz/fuzz_api.cpp — libFuzzer entry of the API fuzzer (issue
// 30): the first byte picks the API, the rest drives a D3D12 command list
// (fuzz_api_d3d12.cpp) or the D3D11 immediate context (fuzz_api_d3d11.cpp) on
// the real UMD and Vulkan device (lavapipe). Any input must end with the
// process alive, the device not removed and no sanitizer report; the bounds
// checks it aims at are the ones d3dvk_checked_math.h makes unable to wrap.
// Run by scripts/fuzz-api.sh (clang, ASan+UBSan, build-fuzz/).
#include "fuzz_input.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace d3dvk::fuzz {

namespace {
int reportFd = 2;  // stderr as it was before libFuzzer's -close_fd_mask closed it
}

void fail(const char* what, long code) {
  dprintf(reportFd, "fuzz_api: %s (0x%lx)\n", what, code);
  std::abort();
}

}  // namespace d3dvk::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  d3dvk::fuzz::reportFd = dup(2);
  if (d3dvk::fuzz::reportFd < 0) d3dvk::fuzz::reportFd = 2;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // FUZZ_API_ONLY=d3d11 or d3d12 keeps to one API (to tell which one a crash on a driver thread came from).
  static const char* only = std::getenv("FUZZ_API_ONLY");
  d3dvk::fuzz::Input in(data, size);
  const bool d3d11 = only ? only[3] == '1' && only[4] == '1' : (in.byte() & 1);
  if (only) in.byte();
  if (d3d11) d3dvk::fuzz::fuzzD3D11(in);
  else d3dvk::fuzz::fuzzD3D12(in);
  return 0;
}
