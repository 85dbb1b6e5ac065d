// ddi/include/d3dvk_checked_math.h — d3dvk's one way to test "offset + size ≤
// limit" and to add or multiply sizes taken from an application (not a WDK
// header; the runtime and the UMD both use it). Nothing here can wrap: a sum or
// product that does not fit its type is reported as not fitting, never as a
// small number. Every range check on application input in runtime/ and ddi/
// goes through these, so a coordinate like 0xFFFFFFF0 or an offset like
// UINT64_MAX − 7 is out of range instead of wrapping to a small one.
//   fitsWithin(offset, size, limit)        offset + size ≤ limit
//   fitsWithinSigned(begin, size, limit)   0 ≤ begin, begin + size ≤ limit (signed begin)
//   checkedAdd(a, b, &sum), checkedMul(a, b, &product), checkedMulAdd(a, b, c, &out)
//   addOr(a, b, fallback), mulOr(a, b, fallback)  the result, or `fallback` when it does not fit
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>

namespace d3dvk {

// *out = a + b; false (and *out untouched) when the sum does not fit in T.
template <std::integral T>
constexpr bool checkedAdd(T a, T b, T* out) noexcept {
  T sum{};
  if (__builtin_add_overflow(a, b, &sum)) return false;
  *out = sum;
  return true;
}

// *out = a * b; false (and *out untouched) when the product does not fit in T.
template <std::integral T>
constexpr bool checkedMul(T a, T b, T* out) noexcept {
  T product{};
  if (__builtin_mul_overflow(a, b, &product)) return false;
  *out = product;
  return true;
}

// *out = a * b + c; false when any step does not fit in T.
template <std::integral T>
constexpr bool checkedMulAdd(T a, T b, T c, T* out) noexcept {
  T product{};
  return checkedMul(a, b, &product) && checkedAdd(product, c, out);
}

// a + b, or `fallback` when it does not fit (e.g. UINT64_MAX: "too large").
template <std::integral T>
constexpr T addOr(T a, T b, T fallback) noexcept {
  T sum{};
  return checkedAdd(a, b, &sum) ? sum : fallback;
}
template <std::integral T>
constexpr T mulOr(T a, T b, T fallback) noexcept {
  T product{};
  return checkedMul(a, b, &product) ? product : fallback;
}

// offset + size ≤ limit, for any unsigned widths (the range [offset, offset +
// size) lies within [0, limit)); a size of 0 fits at any offset ≤ limit.
constexpr bool fitsWithin(uint64_t offset, uint64_t size, uint64_t limit) noexcept {
  return offset <= limit && size <= limit - offset;
}

// The same for a signed start (a D3D box or rect coordinate): 0 ≤ begin and
// begin + size ≤ limit.
constexpr bool fitsWithinSigned(int64_t begin, uint64_t size, uint64_t limit) noexcept {
  return begin >= 0 && fitsWithin(uint64_t(begin), size, limit);
}

// count elements of `stride` bytes from `offset`, the last one `last` bytes
// long (≤ stride or not), within `limit`: offset + (count − 1)·stride + last ≤
// limit; count 0 always fits.
constexpr bool stridedFitsWithin(uint64_t offset, uint64_t count, uint64_t stride, uint64_t last,
                                 uint64_t limit) noexcept {
  if (count == 0) return offset <= limit;
  uint64_t span = 0;
  return checkedMulAdd<uint64_t>(count - 1, stride, last, &span) && fitsWithin(offset, span, limit);
}

}  // namespace d3dvk
