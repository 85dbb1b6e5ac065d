// tests/compute/test_doubles.cpp — the double-precision instructions computed on
// the device (lavapipe) through the public D3D11 API: a compute shader runs every
// double opcode (SM5.0 and the 11.1 double extensions) on one vector of operands
// per thread, edge values included (NaN, ±inf, ±0, denormals, the integer
// conversions' saturation and truncation bounds), and writes the results to a
// structured UAV; each is checked against the value computed here in C++ under
// D3D's rules (NaN → 0 for the integer conversions, min/max returning the
// non-NaN operand, comparisons giving 0 / 0xffffffff).
#include "compute_test_util.h"
#include "draw_test_util.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Per thread: t0 holds a, b, c (doubles, low word first), f (float) and i (int, also read as uint).
// u0 gets 48 dwords per thread (see the offsets in the checks below).
const char kCsDoubles[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed | enableDoublePrecisionFloatOps | enable11_1DoubleExtensions
dcl_resource_structured t0, 32
dcl_uav_structured u0, 192
dcl_input vThreadID.x
dcl_temps 6
dcl_thread_group 8, 1, 1
ld_structured_indexable(structured_buffer, stride=32)(mixed,mixed,mixed,mixed) r0.xyzw, vThreadID.x, l(0), t0.xyzw
ld_structured_indexable(structured_buffer, stride=32)(mixed,mixed,mixed,mixed) r1.xyzw, vThreadID.x, l(16), t0.xyzw
dadd r2.xy, r0.xyxy, r0.zwzw
dmul r2.zw, r0.xyxy, r0.zwzw
store_structured u0.xyzw, vThreadID.x, l(0), r2.xyzw
dmin r2.xy, r0.xyxy, r0.zwzw
dmax r2.zw, r0.xyxy, r0.zwzw
store_structured u0.xyzw, vThreadID.x, l(16), r2.xyzw
ddiv r2.xy, r0.xyxy, r0.zwzw
dfma r2.zw, r0.xyxy, r0.zwzw, r1.xyxy
store_structured u0.xyzw, vThreadID.x, l(32), r2.xyzw
drcp r2.xy, r0.xyxy
dmov r2.zw, -r0.xyxy
store_structured u0.xyzw, vThreadID.x, l(48), r2.xyzw
deq r3.x, r0.xyxy, r0.zwzw
dge r3.y, r0.xyxy, r0.zwzw
dlt r3.z, r0.xyxy, r0.zwzw
dne r3.w, r0.xyxy, r0.zwzw
store_structured u0.xyzw, vThreadID.x, l(64), r3.xyzw
ftod r2.xy, r1.z
itod r2.zw, r1.zwzw
store_structured u0.xyzw, vThreadID.x, l(80), r2.xyzw
utod r2.xy, r1.w
dmov_sat r2.zw, r0.xyxy
store_structured u0.xyzw, vThreadID.x, l(96), r2.xyzw
dtof r3.x, r0.xyxy
dtoi r3.y, r0.xyxy
dtou r3.z, r0.xyxy
dtof r3.w, r0.zwzw
store_structured u0.xyzw, vThreadID.x, l(112), r3.xyzw
dmovc r2.xy, r1.w, r0.xyxy, r0.zwzw
dmov r2.zw, |r0.xyxy|
store_structured u0.xyzw, vThreadID.x, l(128), r2.xyzw
dadd r4.xyzw, r0.zwxy, d(1.0, 2.0)
store_structured u0.xyzw, vThreadID.x, l(144), r4.xyzw
mov r3.xyzw, l(7,7,7,7)
dlt r3.yw, r0.xyzw, r0.zwxy
store_structured u0.xyzw, vThreadID.x, l(160), r3.xyzw
mov r5.xyzw, l(9,9,9,9)
dmovc r5.zw, r1.zwzz, r0.xyzw, r0.zwxy
store_structured u0.xyzw, vThreadID.x, l(176), r5.xyzw
ret
)";

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDenorm = 0x1p-1070;  // a double denormal
constexpr double kMax = std::numeric_limits<double>::max();

struct Operands {
  double a, b, c;
  float f;
  int32_t i;
};

// Edge values for every instruction: NaN, ±inf, ±0, denormals (sums that stay
// denormal), overflow, the integer conversions' bounds (truncation toward zero,
// saturation, NaN → 0), fma's single rounding, and ordinary values.
const Operands kCases[] = {
    {1.5, 2.25, -0.5, 1.5f, 7},
    {0.1, 0.2, 0.3, 0.1f, -7},
    {kNaN, 1.0, 2.0, std::numeric_limits<float>::quiet_NaN(), 0},
    {1.0, kNaN, 2.0, -0.0f, 1},
    {kInf, -kInf, 1.0, std::numeric_limits<float>::infinity(), -1},
    {-kInf, 3.0, kInf, -std::numeric_limits<float>::infinity(), std::numeric_limits<int32_t>::min()},
    {-0.0, 0.0, -0.0, 0.0f, std::numeric_limits<int32_t>::max()},
    {0.0, -0.0, 0.0, 3.0e38f, 2},
    {kDenorm, kDenorm, -kDenorm, 1.0e-30f, 3},
    {-kDenorm, 0x1p-1060, kDenorm, -2.5f, 4},
    {kMax, kMax, -kMax, 16777217.0f, 5},
    {1e300, 1e-300, 1.0, 0.333333343f, 6},
    {2147483647.5, 1.0, 0.0, 1.0f, 8},
    {2147483648.0, -1.0, 0.0, 1.0f, 9},
    {-2147483648.9, 2.0, 0.0, 1.0f, 10},
    {-2147483649.0, 2.0, 0.0, 1.0f, 11},
    {4294967295.9, 0.5, 0.0, 1.0f, 12},
    {4294967296.0, 0.5, 0.0, 1.0f, 13},
    {-0.9, 0.5, 0.0, 1.0f, 14},
    {-1.5, -1.5, 0.0, 1.0f, 15},
    {3e9, 4.0, 0.0, 1.0f, 16},
    {1.0 + 0x1p-30, 1.0 - 0x1p-30, -1.0, 1.0f, 17},  // fused: -2^-60, unfused: 0
    {3.0, 0.0, 0.0, 1.0f, 18},
    {0.0, 0.0, 0.0, 1.0f, 19},
    {1.0 / 3.0, 3.0, -1.0, 1.0f, 20},
    {0.75, -1e-310, 2.0, 1.0f, 21},
    {3.4028235677973366e38, 1.0, 0.0, 1.0f, 22},  // dtof rounds up past FLT_MAX: +inf
    {1.0000000596046448, 1.0, 0.0, 1.0f, 23},     // dtof: a tie, rounds to even (1.0)
};
constexpr uint32_t kCount = sizeof(kCases) / sizeof(kCases[0]);
constexpr uint32_t kThreads = (kCount + 7) / 8 * 8;

uint64_t bitsOf(double d) { return std::bit_cast<uint64_t>(d); }
double doubleAt(const std::vector<uint32_t>& out, size_t i) {
  return std::bit_cast<double>(uint64_t(out[i + 1]) << 32 | out[i]);
}

// D3D's dmin/dmax: a NaN operand yields the other one.
double d3dMin(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : b < a ? b : a; }
double d3dMax(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : b > a ? b : a; }
int32_t d3dToInt(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 2147483647.0) return std::numeric_limits<int32_t>::max();
  if (v <= -2147483648.0) return std::numeric_limits<int32_t>::min();
  return int32_t(std::trunc(v));
}
uint32_t d3dToUint(double v) {
  if (std::isnan(v) || v <= 0.0) return 0;
  if (v >= 4294967295.0) return 0xffffffffu;
  return uint32_t(std::trunc(v));
}
double saturate(double v) { return std::isnan(v) ? 0.0 : v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v; }

}  // namespace

TEST_CASE("doubles: every double-precision instruction computes D3D's result on the device, edge values included",
          "[compute][doubles]") {
  Checked c;
  RenderDevice& d = c.d;
  std::vector<uint32_t> input(kThreads * 8, 0);
  for (uint32_t t = 0; t < kCount; ++t) {
    const Operands& o = kCases[t];
    const uint64_t a = bitsOf(o.a), b = bitsOf(o.b), cc = bitsOf(o.c);
    uint32_t* r = &input[8 * t];
    r[0] = uint32_t(a), r[1] = uint32_t(a >> 32), r[2] = uint32_t(b), r[3] = uint32_t(b >> 32);
    r[4] = uint32_t(cc), r[5] = uint32_t(cc >> 32), r[6] = std::bit_cast<uint32_t>(o.f), r[7] = uint32_t(o.i);
  }
  Com<ID3D11Buffer> in = makeDataBuffer(d, input, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 32);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(kThreads * 48, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 192);
  Com<ID3D11ShaderResourceView> inView = structuredSrv(d, in.get(), kThreads);
  Com<ID3D11UnorderedAccessView> outView = structuredUav(d, out.get(), kThreads);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsDoubles);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {outView.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  ID3D11ShaderResourceView* srvs[] = {inView.get()};
  d.context->CSSetShaderResources(0, 1, srvs);
  d.context->Dispatch(kThreads / 8, 1, 1);
  const std::vector<uint32_t> result = readBuffer(d, out.get());
  REQUIRE(result.size() == kThreads * 48);

  // A double result: bit-exact, any NaN for a NaN; `eitherZero` accepts ±0 (D3D leaves min/max of ±0 open).
  auto checkDouble = [&](const char* what, uint32_t t, size_t dword, double expected, bool eitherZero = false) {
    const double got = doubleAt(result, 48 * t + dword);
    INFO(what << " thread " << t << ": expected " << expected << " (0x" << std::hex << bitsOf(expected) << "), got "
              << got << " (0x" << bitsOf(got) << ")");
    if (std::isnan(expected)) CHECK(std::isnan(got));
    else if (eitherZero && expected == 0.0) CHECK(got == 0.0);
    else CHECK(bitsOf(got) == bitsOf(expected));
  };
  auto checkWord = [&](const char* what, uint32_t t, size_t dword, uint32_t expected) {
    INFO(what << " thread " << t);
    CHECK(result[48 * t + dword] == expected);
  };
  auto mask = [](bool b) { return b ? 0xffffffffu : 0u; };

  for (uint32_t t = 0; t < kCount; ++t) {
    const Operands& o = kCases[t];
    const double a = o.a, b = o.b;
    checkDouble("dadd", t, 0, a + b);
    checkDouble("dmul", t, 2, a * b);
    const bool zeros = a == 0.0 && b == 0.0;
    checkDouble("dmin", t, 4, d3dMin(a, b), zeros);
    checkDouble("dmax", t, 6, d3dMax(a, b), zeros);
    checkDouble("ddiv", t, 8, a / b);
    checkDouble("dfma (one rounding, as D3D requires)", t, 10, std::fma(a, b, o.c));
    checkDouble("drcp", t, 12, 1.0 / a);
    checkDouble("dmov -a", t, 14, -a);
    checkWord("deq", t, 16, mask(a == b));
    checkWord("dge", t, 17, mask(a >= b));
    checkWord("dlt", t, 18, mask(a < b));
    checkWord("dne", t, 19, mask(a != b));
    checkDouble("ftod", t, 20, double(o.f));
    checkDouble("itod (pair .zw takes component y of the swizzle)", t, 22, double(o.i));
    checkDouble("utod", t, 24, double(uint32_t(o.i)));
    checkDouble("dmov_sat", t, 26, saturate(a), true);
    {
      const float expected = float(a);  // round to nearest even, overflow to ±inf
      const float got = std::bit_cast<float>(result[48 * t + 28]);
      INFO("dtof thread " << t << ": expected " << expected << ", got " << got);
      if (std::isnan(expected)) CHECK(std::isnan(got));
      else CHECK(std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(expected));
    }
    checkWord("dtoi", t, 29, uint32_t(d3dToInt(a)));
    checkWord("dtou", t, 30, d3dToUint(a));
    {
      const float expected = float(b);
      const float got = std::bit_cast<float>(result[48 * t + 31]);
      if (std::isnan(expected)) CHECK(std::isnan(got));
      else if (expected != 0.0f && std::fabs(expected) < std::numeric_limits<float>::min())
        CHECK((got == expected || got == 0.0f));  // float32 denormals may flush (D3D allows both)
      else CHECK(std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(expected));
    }
    checkDouble("dmovc", t, 32, o.i ? a : b);
    checkDouble("dmov |a|", t, 34, std::fabs(a));
    checkDouble("dadd .xyzw first (b + 1)", t, 36, b + 1.0);
    checkDouble("dadd .xyzw second (a + 2)", t, 38, a + 2.0);
    checkWord("untouched x", t, 40, 7);
    checkWord("dlt .yw first (a < b)", t, 41, mask(a < b));
    checkWord("untouched z", t, 42, 7);
    checkWord("dlt .yw second (b < a)", t, 43, mask(b < a));
    checkWord("untouched", t, 44, 9);
    checkWord("untouched", t, 45, 9);
    checkDouble("dmovc .zw (condition: swizzle component y)", t, 46, o.i ? b : a);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// dfma on one double (.xy) and on two (.xyzw: fma(a, b, c) and fma(b, a, c)) per thread.
const char kCsDfma[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed | enableDoublePrecisionFloatOps | enable11_1DoubleExtensions
dcl_resource_structured t0, 32
dcl_uav_structured u0, 32
dcl_input vThreadID.x
dcl_temps 4
dcl_thread_group 64, 1, 1
ld_structured_indexable(structured_buffer, stride=32)(mixed,mixed,mixed,mixed) r0.xyzw, vThreadID.x, l(0), t0.xyzw
ld_structured_indexable(structured_buffer, stride=32)(mixed,mixed,mixed,mixed) r1.xyzw, vThreadID.x, l(16), t0.xyzw
dfma r2.xy, r0.xyxy, r0.zwzw, r1.xyxy
dfma r3.xyzw, r0.xyzw, r0.zwxy, r1.xyxy
mov r2.zw, l(0,0,0,0)
store_structured u0.xyzw, vThreadID.x, l(0), r2.xyzw
store_structured u0.xyzw, vThreadID.x, l(16), r3.xyzw
ret
)";

struct Fma {
  double a, b, c;
};

// The hard cases for a single rounding, then random ones of the same kinds.
std::vector<Fma> dfmaCases() {
  const double e = 0x1p-52, minSub = 0x1p-1074, minNormal = 0x1p-1022;
  std::vector<Fma> v = {
      // cancellation: the exact product's low half is the whole result
      {1.0 + 0x1p-30, 1.0 - 0x1p-30, -1.0},
      {1.0 + e, 1.0 + e, -(1.0 + 2 * e)},
      {1.0 / 3.0, 3.0, -1.0},
      {0.1, 10.0, -1.0},
      {-0.1, 10.0, 1.0},
      // near-ties: the product is just above / below / at the midpoint of two doubles
      {1.0 + e, 1.0 + 0.5 * 1.0 + e, 0x1p-53},
      {1.0 + e, 1.0 - e, 0x1p-53},
      {1.0 + e, 1.0 - e, -0x1p-53},
      {1.0 + 2 * e, 1.0 + 2 * e, -0x1p-52},
      {3.0, 1.0 + e, 0x1p-52},
      // subnormal results: rounding at the subnormal ulp, ties, and the top subnormal binade
      {1.5 + e, minSub, 0.0},
      {1.5 + e, minSub, minSub},
      {1.5 - e, minSub, -minSub},
      {1.5, minSub, minSub},
      {2.5, minSub, -minSub},
      {0x1p-600, 0x1p-480, minSub},
      {(1.0 + e) * 0x1p-500, (1.0 - e) * 0x1p-523, -minNormal},
      {(1.0 + 3 * e) * 0x1p-511, 0x1p-512, -0x1p-1024},
      {minNormal, 0.5 + 0x1p-40, -0x1p-1040},
      {0x1p-1000, 0x1p-100, 0x1p-1073},
      {-0x1p-1000, 0x1p-100, 0x1p-1073},
      {0x1p-537, 0x1p-537, 0.0},
      {0x1p-537, 0x1p-538, -0x1p-1074},
      // signed zeros: an exact zero sum is +0; a product that underflows keeps its sign
      {1.0, 1.0, -1.0},
      {-1.0, 1.0, 1.0},
      {-0x1p-600, 0x1p-600, 0.0},
      {-0x1p-600, 0x1p-600, -0.0},
      {0.0, -5.0, -0.0},
      {-0.0, -5.0, -0.0},
      {0.0, 5.0, -0.0},
      // overflow: of the product only, of the result, and at the boundary
      {std::numeric_limits<double>::max(), 1.0 + e, -std::numeric_limits<double>::max()},
      {std::numeric_limits<double>::max(), 2.0, -std::numeric_limits<double>::max()},
      {std::numeric_limits<double>::max(), 1.0, std::numeric_limits<double>::max()},
      {0x1p1000, 0x1p1000, -0x1p1023},
      {0x1p600, 0x1p500, -1.0},
      {std::numeric_limits<double>::max(), -(1.0 + e), std::numeric_limits<double>::max()},
      // c far larger or far smaller than the product
      {0x1p-60, 0x1p-60, 1.0},
      {-0x1p-60, 0x1p-60, 1.0},
      {1.0 + e, 1.0 + e, 0x1p-200},
      {1.0 + e, 1.0 + e, -0x1p-200},
      {1.0 + 0x1p-26, 1.0 + 0x1p-27, 0x1p-500},
      {0x1p900, 0x1p100, 1.0},
      {3.0, 5.0, 0x1p-1074},
      // infinities and NaN
      {std::numeric_limits<double>::infinity(), 2.0, 1.0},
      {std::numeric_limits<double>::infinity(), 0.0, 1.0},
      {std::numeric_limits<double>::infinity(), 1.0, -std::numeric_limits<double>::infinity()},
      {std::numeric_limits<double>::max(), 4.0, -std::numeric_limits<double>::infinity()},
      {2.0, 3.0, std::numeric_limits<double>::infinity()},
      {2.0, 3.0, std::numeric_limits<double>::quiet_NaN()},
      {std::numeric_limits<double>::quiet_NaN(), 0.0, 1.0},
  };
  std::mt19937_64 rng(16);
  std::uniform_real_distribution<double> unit(1.0, 2.0);
  std::uniform_int_distribution<int> sign(0, 1), expo(-1100, 1100), spread(-60, 60);
  auto s = [&](double x) { return sign(rng) ? -x : x; };
  while (v.size() < 4096) {
    const double a = s(unit(rng)), b = s(unit(rng));
    const double p = a * b, pl = std::fma(a, b, -p);
    switch (v.size() % 6) {
      case 0: v.push_back({a, b, s(unit(rng)) * std::ldexp(1.0, spread(rng))}); break;  // ordinary
      case 1: v.push_back({a, b, -p}); break;                                           // cancellation
      case 2: {  // near a midpoint of p's binade: c = ±half an ulp of p, and a bit of pl
        const double half = std::ldexp(std::nextafter(std::fabs(p), 4.0) - std::fabs(p), -1);
        v.push_back({a, b, s(half) + (sign(rng) ? pl : 0.0)});
        break;
      }
      case 3: {  // wide exponents: subnormal, tiny and huge results
        const int ea = expo(rng) / 2, eb = expo(rng) / 2 - 500;
        v.push_back({std::ldexp(a, ea), std::ldexp(b, eb), s(unit(rng)) * std::ldexp(1.0, ea + eb + spread(rng))});
        break;
      }
      case 4: {  // subnormal results near ties: the product in subnormal range plus a subnormal c
        const double pa = std::ldexp(a, -520), pb = std::ldexp(b, -530 - int(rng() % 40));
        v.push_back({pa, pb, s(double(rng() % 4096) * minSub)});
        break;
      }
      case 5: {  // c near the "far larger" / "far smaller" thresholds of the product
        const int k = int(rng() % 30);
        v.push_back({a, b, s(unit(rng)) * std::ldexp(1.0, sign(rng) ? 50 + k : -100 - k)});
        break;
      }
    }
  }
  return v;
}

}  // namespace

TEST_CASE("doubles: dfma rounds once (std::fma bit for bit) without a fused Fma, on hard and random operands",
          "[compute][doubles][dfma]") {
  Checked c;
  RenderDevice& d = c.d;
  const std::vector<Fma> cases = dfmaCases();
  const uint32_t n = uint32_t(cases.size());
  REQUIRE(n % 64 == 0);
  std::vector<uint32_t> input(n * 8, 0);
  for (uint32_t t = 0; t < n; ++t) {
    const uint64_t w[3] = {bitsOf(cases[t].a), bitsOf(cases[t].b), bitsOf(cases[t].c)};
    for (int i = 0; i < 3; ++i) input[8 * t + 2 * i] = uint32_t(w[i]), input[8 * t + 2 * i + 1] = uint32_t(w[i] >> 32);
  }
  Com<ID3D11Buffer> in = makeDataBuffer(d, input, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 32);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(n * 8, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 32);
  Com<ID3D11ShaderResourceView> inView = structuredSrv(d, in.get(), n);
  Com<ID3D11UnorderedAccessView> outView = structuredUav(d, out.get(), n);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsDfma);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {outView.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  ID3D11ShaderResourceView* srvs[] = {inView.get()};
  d.context->CSSetShaderResources(0, 1, srvs);
  d.context->Dispatch(n / 64, 1, 1);
  const std::vector<uint32_t> result = readBuffer(d, out.get());
  REQUIRE(result.size() == n * 8);
  uint32_t wrong = 0, wrongUnfused = 0;
  for (uint32_t t = 0; t < n; ++t) {
    const Fma& f = cases[t];
    const double expected = std::fma(f.a, f.b, f.c);
    volatile double product = f.a * f.b;
    const double unfused = product + f.c;
    if (bitsOf(unfused) != bitsOf(expected) && !std::isnan(expected)) ++wrongUnfused;
    for (size_t at : {size_t(0), size_t(4), size_t(6)}) {
      const double got = doubleAt(result, 8 * t + at);
      const bool ok = std::isnan(expected) ? std::isnan(got) : bitsOf(got) == bitsOf(expected);
      if (!ok && ++wrong <= 20)
        FAIL_CHECK("dfma(" << std::hexfloat << f.a << ", " << f.b << ", " << f.c << ") case " << std::dec << t
                           << " dword " << at << ": expected " << std::hexfloat << expected << ", got " << got);
    }
  }
  CHECK(wrong == 0);
  // The cases are hard ones: rounding the product first gets many of them wrong.
  INFO("cases where a*b+c (two roundings) differs from fma: " << wrongUnfused);
  CHECK(wrongUnfused > 500);
  CHECK(drainMessages(c.queue.get()).empty());
}
