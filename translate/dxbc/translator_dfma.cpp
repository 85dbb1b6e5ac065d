// translate/dxbc/translator_dfma.cpp — Translator::exactFma: `dfma`'s single
// rounding (D3D: 0.5 ULP) built from correctly rounded double add and multiply,
// so it does not depend on the device fusing GLSL.std.450 Fma (lavapipe does not).
//
// Method (all in SPIR-V, per scalar double; every FAdd/FSub/FMul is NoContraction
// so no compiler contracts or reassociates them):
//  1. Special operands: a or b zero or not finite → a*b + c (exact product, one
//     rounding); c infinite → c; c zero → a*b.
//  2. Scale: a = A·2^ea, b = B·2^eb with A, B in ±[1,2) (subnormals first scaled by
//     2^64), P = ea + eb, so the product A·B is in [1,4). c's exponent relative to
//     P, d = ec − P, picks: d > 60 → the product is below half an ulp of c: c;
//     d < −110 → c only decides ties: it is replaced by ±2^−110 (same sign, the same
//     side of every rounding boundary of a product that is a multiple of 2^−104);
//     else C = c·2^−P exactly.
//  3. In that scaled range nothing under- or overflows: the exact product is
//     ph + pl (Dekker's product with Veltkamp's split), (th, tl) = TwoSum(C, ph),
//     v = round-to-odd(tl + pl), z = RN(th + v) is the correctly rounded A·B + C
//     (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved
//     algorithms using rounding to odd", 2008). Round to odd: RN, then when the
//     TwoSum error is not 0 and the result is even, one ulp toward the error.
//  4. Back to scale 2^P with one rounding: multiplying by powers of two is exact
//     unless the result is subnormal; then it rounds once, and is right unless z is
//     exactly halfway between two subnormals while A·B + C is not (z's own rounding
//     hid which side it was on): such a z is first moved one ulp toward the exact
//     value (the sign of the residual from the TwoSums).
#include "translator_impl.h"

namespace d3dvk::dxbc::detail {

namespace {
constexpr uint32_t kNoContraction = 42;  // SPIR-V Decoration NoContraction
constexpr uint32_t kOpIsInf = 157;
}  // namespace

uint32_t Translator::exactFma(uint32_t a, uint32_t b, uint32_t c) {
  const uint32_t tD = b_.tDouble(), tU = b_.tUint(), tI = b_.tInt(), tB = b_.tBool(), tU2 = b_.tVec(tU, 2);
  // Exactly rounded arithmetic, never contracted.
  auto exact = [&](uint32_t op, uint32_t x, uint32_t y) {
    const uint32_t r = b_.op(op, tD, {x, y});
    b_.decorate(r, kNoContraction);
    return r;
  };
  auto add = [&](uint32_t x, uint32_t y) { return exact(OpFAdd, x, y); };
  auto sub = [&](uint32_t x, uint32_t y) { return exact(OpFSub, x, y); };
  auto mul = [&](uint32_t x, uint32_t y) { return exact(OpFMul, x, y); };
  auto sel = [&](uint32_t type, uint32_t cond, uint32_t x, uint32_t y) { return b_.op(OpSelect, type, {cond, x, y}); };
  auto u = [&](uint32_t v) { return b_.cUint(v); };
  auto iconst = [&](int32_t v) { return b_.cInt(v); };
  auto ieq = [&](uint32_t x, uint32_t y) { return b_.op(OpIEqual, tB, {x, y}); };
  auto band = [&](uint32_t x, uint32_t y) { return b_.op(OpLogicalAnd, tB, {x, y}); };
  auto bor = [&](uint32_t x, uint32_t y) { return b_.op(OpLogicalOr, tB, {x, y}); };
  auto bnot = [&](uint32_t x) { return b_.op(OpLogicalNot, tB, {x}); };
  auto words = [&](uint32_t x) { return b_.op(OpBitcast, tU2, {x}); };  // (low, high)
  auto lowOf = [&](uint32_t w) { return b_.op(OpCompositeExtract, tU, {w, 0}); };
  auto highOf = [&](uint32_t w) { return b_.op(OpCompositeExtract, tU, {w, 1}); };
  auto fromWords = [&](uint32_t lo, uint32_t hi) {
    return b_.op(OpBitcast, tD, {b_.op(OpCompositeConstruct, tU2, {lo, hi})});
  };
  // 2^k for k in [-1022, 1023] (an int id).
  auto pow2 = [&](uint32_t k) {
    const uint32_t biased = b_.op(OpBitcast, tU, {b_.op(OpIAdd, tI, {k, iconst(1023)})});
    return fromWords(u(0), b_.op(OpShiftLeftLogical, tU, {biased, u(20)}));
  };
  auto clampI = [&](uint32_t x, int32_t lo, int32_t hi) { return b_.ext(tI, 45 /*SClamp*/, {x, iconst(lo), iconst(hi)}); };
  auto isZero = [&](uint32_t x) { return b_.op(OpFOrdEqual, tB, {x, b_.cDouble(0.0)}); };
  auto finite = [&](uint32_t x) {
    return bnot(bor(b_.op(OpIsNan, tB, {x}), b_.op(kOpIsInf, tB, {x})));
  };
  // Finite nonzero x → (x's significand with the exponent of 1, i.e. ±[1,2), its exponent).
  auto split = [&](uint32_t x) -> std::pair<uint32_t, uint32_t> {
    const uint32_t subnormal = b_.op(OpIEqual, tB, {b_.op(OpBitwiseAnd, tU, {highOf(words(x)), u(0x7ff00000)}), u(0)});
    const uint32_t scaled = sel(tD, subnormal, mul(x, b_.cDouble(0x1p64)), x);  // exact
    const uint32_t w = words(scaled), hi = highOf(w);
    const uint32_t field = b_.op(OpBitcast, tI, {b_.op(OpBitFieldUExtract, tU, {hi, u(20), u(11)})});
    const uint32_t e = b_.op(OpISub, tI, {field, sel(tI, subnormal, iconst(1023 + 64), iconst(1023))});
    const uint32_t m = fromWords(lowOf(w), b_.op(OpBitwiseOr, tU, {b_.op(OpBitwiseAnd, tU, {hi, u(0x800fffff)}), u(0x3ff00000)}));
    return {m, e};
  };
  auto twoSum = [&](uint32_t x, uint32_t y) -> std::pair<uint32_t, uint32_t> {
    const uint32_t s = add(x, y), yy = sub(s, x);
    return {s, add(sub(x, sub(s, yy)), sub(y, yy))};
  };
  auto veltkamp = [&](uint32_t x) -> std::pair<uint32_t, uint32_t> {
    const uint32_t g = mul(x, b_.cDouble(134217729.0));  // 2^27 + 1
    const uint32_t hi = sub(g, sub(g, x));
    return {hi, sub(x, hi)};
  };
  // x one ulp up (magnitude) when `up`, else down; x finite and nonzero.
  auto stepUlp = [&](uint32_t x, uint32_t up) {
    const uint32_t w = words(x), lo = lowOf(w), hi = highOf(w);
    const uint32_t loUp = b_.op(OpIAdd, tU, {lo, u(1)}), loDown = b_.op(OpISub, tU, {lo, u(1)});
    const uint32_t hiUp = b_.op(OpIAdd, tU, {hi, sel(tU, ieq(lo, u(0xffffffffu)), u(1), u(0))});
    const uint32_t hiDown = b_.op(OpISub, tU, {hi, sel(tU, ieq(lo, u(0)), u(1), u(0))});
    return fromWords(sel(tU, up, loUp, loDown), sel(tU, up, hiUp, hiDown));
  };
  auto sameSign = [&](uint32_t x, uint32_t y) {  // sign bits equal
    const uint32_t sx = b_.op(OpShiftRightLogical, tU, {highOf(words(x)), u(31)});
    const uint32_t sy = b_.op(OpShiftRightLogical, tU, {highOf(words(y)), u(31)});
    return ieq(sx, sy);
  };
  auto negative = [&](uint32_t x) { return b_.op(OpFOrdLessThan, tB, {x, b_.cDouble(0.0)}); };
  auto positive = [&](uint32_t x) { return b_.op(OpFOrdLessThan, tB, {b_.cDouble(0.0), x}); };

  // 2. Scale.
  auto [A, ea] = split(a);
  auto [B, eb] = split(b);
  auto [Cm, ec] = split(c);
  const uint32_t P = b_.op(OpIAdd, tI, {ea, eb});
  const uint32_t d = b_.op(OpISub, tI, {ec, P});
  const uint32_t cDominates = b_.op(OpSGreaterThan, tB, {d, iconst(60)});
  const uint32_t cNegligible = b_.op(OpSLessThan, tB, {d, iconst(-110)});
  const uint32_t tiny = sel(tD, negative(c), b_.cDouble(-0x1p-110), b_.cDouble(0x1p-110));
  const uint32_t C = sel(tD, cNegligible, tiny, mul(Cm, pow2(clampI(d, -110, 60))));

  // 3. The correctly rounded scaled sum z and the sign of what it left out.
  const uint32_t ph = mul(A, B);
  auto [ah, al] = veltkamp(A);
  auto [bh, bl] = veltkamp(B);
  const uint32_t pl = add(add(add(sub(mul(ah, bh), ph), mul(ah, bl)), mul(al, bh)), mul(al, bl));
  auto [th, tl] = twoSum(C, ph);
  auto [s, e] = twoSum(tl, pl);
  const uint32_t sOdd = ieq(b_.op(OpBitwiseAnd, tU, {lowOf(words(s)), u(1)}), u(1));
  const uint32_t inexact = bnot(isZero(e));
  const uint32_t v = sel(tD, band(inexact, bnot(sOdd)), stepUlp(s, sameSign(s, e)), s);
  auto [z, e1] = twoSum(th, v);
  // residual sign of (tl + pl) − v: 0 when exact, e's when v = s (odd), −e's when v stepped past the exact value
  const uint32_t deltaPos = band(inexact, sel(tB, sOdd, positive(e), negative(e)));
  const uint32_t deltaNeg = band(inexact, sel(tB, sOdd, negative(e), positive(e)));
  const uint32_t e1Zero = isZero(e1);
  const uint32_t residualPos = sel(tB, e1Zero, deltaPos, positive(e1));
  const uint32_t residualNeg = sel(tB, e1Zero, deltaNeg, negative(e1));

  // 4. Halfway between two subnormals at the final scale? (s lost bits of z's 53.)
  const uint32_t zw = words(z), zlo = lowOf(zw), zhi = highOf(zw);
  const uint32_t ez = b_.op(OpISub, tI, {b_.op(OpBitcast, tI, {b_.op(OpBitFieldUExtract, tU, {zhi, u(20), u(11)})}), iconst(1023)});
  const uint32_t lost = b_.op(OpISub, tI, {iconst(-1022), b_.op(OpIAdd, tI, {ez, P})});
  const uint32_t lostU = b_.op(OpBitcast, tU, {clampI(lost, 1, 53)});
  //   s <= 32: the low s bits of the low word are 100…0
  const uint32_t sLow = b_.ext(tU, GlslUMin, {lostU, u(32)});
  const uint32_t maskLow = b_.op(OpShiftRightLogical, tU, {u(0xffffffffu), b_.op(OpISub, tU, {u(32), sLow})});
  const uint32_t halfLow = b_.op(OpShiftLeftLogical, tU, {u(1), b_.op(OpISub, tU, {sLow, u(1)})});
  const uint32_t midLow = ieq(b_.op(OpBitwiseAnd, tU, {zlo, maskLow}), halfLow);
  //   s > 32: the low word is 0 and the low s − 32 bits of the high significand (implicit bit included) are 100…0
  const uint32_t sHigh = b_.ext(tU, GlslUMax, {b_.op(OpISub, tU, {b_.ext(tU, GlslUMax, {lostU, u(33)}), u(32)}), u(1)});
  const uint32_t mHigh = b_.op(OpBitwiseOr, tU, {b_.op(OpBitwiseAnd, tU, {zhi, u(0x000fffff)}), u(0x00100000)});
  const uint32_t maskHigh = b_.op(OpShiftRightLogical, tU, {u(0xffffffffu), b_.op(OpISub, tU, {u(32), sHigh})});
  const uint32_t halfHigh = b_.op(OpShiftLeftLogical, tU, {u(1), b_.op(OpISub, tU, {sHigh, u(1)})});
  const uint32_t midHigh = band(ieq(zlo, u(0)), ieq(b_.op(OpBitwiseAnd, tU, {mHigh, maskHigh}), halfHigh));
  const uint32_t inRange = band(b_.op(OpSGreaterThanEqual, tB, {lost, iconst(1)}), b_.op(OpSLessThanEqual, tB, {lost, iconst(53)}));
  const uint32_t halfway = band(band(inRange, bnot(isZero(z))),
                                sel(tB, b_.op(OpSLessThanEqual, tB, {lost, iconst(32)}), midLow, midHigh));
  const uint32_t nudge = band(halfway, bor(residualPos, residualNeg));
  // toward the residual: magnitude up when the residual has z's sign
  const uint32_t up = sel(tB, positive(z), residualPos, residualNeg);
  const uint32_t zNudged = sel(tD, nudge, stepUlp(z, up), z);
  const uint32_t P1 = clampI(P, -850, 900);
  const uint32_t P2 = clampI(b_.op(OpISub, tI, {P, P1}), -1022, 1023);
  const uint32_t scaledBack = mul(mul(zNudged, pow2(P1)), pow2(P2));

  // 1. Special operands, and the two ends of step 2.
  const uint32_t naive = add(mul(a, b), c);
  const uint32_t special = bor(bor(isZero(a), isZero(b)), bnot(band(finite(a), finite(b))));
  uint32_t r = sel(tD, cDominates, c, scaledBack);
  r = sel(tD, isZero(c), mul(a, b), r);
  r = sel(tD, bnot(finite(c)), naive, r);  // NaN c: NaN; infinite c (a, b finite): c
  r = sel(tD, b_.op(kOpIsInf, tB, {c}), c, r);
  r = sel(tD, special, naive, r);
  return r;
}

}  // namespace d3dvk::dxbc::detail
