// tests/hostile/fuzz/fuzz_input.h — how the API fuzzer reads its bytes: small
// choices, and 32/64-bit values biased to the edges where bounds checks wrap
// (0, 1, 0xFFFFFFF0, 0xFFFFFFFF, UINT64_MAX − 7, UINT64_MAX − 511, 2^31, …).
// Past the end of the input every read gives 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace d3dvk::fuzz {

class Input {
 public:
  Input(const uint8_t* data, size_t size) : p_(data), n_(size) {}
  bool done() const { return n_ == 0; }
  uint8_t byte() {
    if (!n_) return 0;
    --n_;
    return *p_++;
  }
  // 0 … count − 1.
  uint32_t choose(uint32_t count) { return count ? byte() % count : 0; }
  uint32_t raw32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(byte()) << (8 * i);
    return v;
  }
  uint64_t raw64() { return raw32() | (uint64_t(raw32()) << 32); }
  // Small values most of the time (the resources are small), edge values often.
  uint32_t value32() {
    static constexpr uint32_t kEdges[] = {0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 255, 256, 4095, 4096, 65535,
                                          65536, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFF0u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    switch (byte() % 4) {
      case 0: return kEdges[choose(sizeof kEdges / sizeof kEdges[0])];
      case 1: return raw32();
      default: return byte() % 40;
    }
  }
  uint64_t value64() {
    static constexpr uint64_t kEdges[] = {0, 1, 256, 512, 4096, 65536, UINT64_C(1) << 32, UINT64_C(1) << 63,
                                          UINT64_MAX - 511, UINT64_MAX - 7, UINT64_MAX - 3, UINT64_MAX};
    switch (byte() % 4) {
      case 0: return kEdges[choose(sizeof kEdges / sizeof kEdges[0])];
      case 1: return raw64();
      default: return uint64_t(byte() % 64) * 16;
    }
  }
  int32_t signed32() { return int32_t(value32()); }
  float number() {
    static constexpr float kFloats[] = {0.0f, 1.0f, -1.0f, 0.5f, 16.0f, 1e30f, -1e30f, 1e-30f};
    return kFloats[choose(sizeof kFloats / sizeof kFloats[0])];
  }

 private:
  const uint8_t* p_;
  size_t n_;
};

// The two worlds the fuzzer drives (fuzz_api_d3d12.cpp, fuzz_api_d3d11.cpp):
// made once per process, each input recorded against them.
void fuzzD3D12(Input& in);
void fuzzD3D11(Input& in);
// Ends the run as a crash, saying why on the original stderr (fuzz_api.cpp).
[[noreturn]] void fail(const char* what, long code);

}  // namespace d3dvk::fuzz
