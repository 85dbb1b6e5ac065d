// tests/hostile: the checked arithmetic every "offset + size ≤ limit" test of
// the runtime and the UMD goes through (ddi/include/d3dvk_checked_math.h):
// nothing wraps at the edges of 32- and 64-bit values; and the memory
// budget's static rules (ddi/vk/vk_memory_budget.h).
#include "d3dvk_checked_math.h"
#include "vk_memory_budget.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace d3dvk;

TEST_CASE("checked math: fitsWithin never wraps", "[hostile][checked]") {
  CHECK(fitsWithin(0, 0, 0));
  CHECK(fitsWithin(10, 6, 16));
  CHECK_FALSE(fitsWithin(10, 7, 16));
  CHECK_FALSE(fitsWithin(17, 0, 16));
  // The review's wraps: UINT64_MAX − 7 + 16 and 0xFFFFFFF0 + 16 (in 32 bits) are small numbers.
  CHECK_FALSE(fitsWithin(UINT64_MAX - 7, 16, 4096));
  CHECK_FALSE(fitsWithin(UINT64_MAX - 511, 1024, UINT64_MAX));
  CHECK_FALSE(fitsWithin(0xFFFFFFF0u, 16, 16));
  CHECK_FALSE(fitsWithin(16, UINT64_MAX, 16));
  CHECK(fitsWithin(UINT64_MAX, 0, UINT64_MAX));
  CHECK(fitsWithin(1, UINT64_MAX - 1, UINT64_MAX));
  CHECK_FALSE(fitsWithin(2, UINT64_MAX - 1, UINT64_MAX));
}

TEST_CASE("checked math: signed starts, strides and the add/multiply helpers", "[hostile][checked]") {
  CHECK(fitsWithinSigned(0, 4, 4));
  CHECK_FALSE(fitsWithinSigned(-1, 1, 4));
  CHECK_FALSE(fitsWithinSigned(INT64_MIN, 1, 4));
  CHECK(stridedFitsWithin(0, 0, 1000, 1000, 0));
  CHECK(stridedFitsWithin(4, 3, 16, 12, 4 + 2 * 16 + 12));
  CHECK_FALSE(stridedFitsWithin(4, 3, 16, 12, 4 + 2 * 16 + 11));
  CHECK_FALSE(stridedFitsWithin(0, 0xFFFFFFFFu, UINT64_MAX / 2, 12, UINT64_MAX));
  uint32_t sum32 = 7;
  CHECK_FALSE(checkedAdd<uint32_t>(0xFFFFFFF0u, 16, &sum32));
  CHECK(sum32 == 7);  // untouched on overflow
  CHECK(checkedAdd<uint32_t>(0xFFFFFFF0u, 15, &sum32));
  CHECK(sum32 == 0xFFFFFFFFu);
  uint64_t product = 0;
  CHECK_FALSE(checkedMul<uint64_t>(UINT64_C(1) << 32, UINT64_C(1) << 32, &product));
  CHECK(checkedMul<uint64_t>(UINT64_C(1) << 31, UINT64_C(1) << 32, &product));
  CHECK(product == UINT64_C(1) << 63);
  CHECK_FALSE(checkedMulAdd<uint64_t>(UINT64_C(1) << 63, 2, 0, &product));
  CHECK_FALSE(checkedMulAdd<uint64_t>(UINT64_C(1) << 62, 3, UINT64_C(1) << 62, &product));
  CHECK(addOr<uint64_t>(UINT64_MAX, 1, 5) == 5);
  CHECK(mulOr<uint64_t>(UINT64_MAX, 2, 9) == 9);
  CHECK(mulOr<uint64_t>(3, 4, 9) == 12);
  int32_t signedSum = 0;
  CHECK_FALSE(checkedAdd<int32_t>(INT32_MAX, 1, &signedSum));
}

TEST_CASE("memory budget: D3DVK_MEMORY_BUDGET_MB overrides the heap size, a CPU device keeps 3/4 of the RAM",
          "[hostile][budget]") {
  unsetenv("D3DVK_MEMORY_BUDGET_MB");
  const VkDeviceSize huge = UINT64_C(1) << 50;  // 1 PiB: more than any machine has
  CHECK(vk::MemoryBudget::staticBudget(huge, false) == huge);
  const VkDeviceSize cpu = vk::MemoryBudget::staticBudget(huge, true);
  CHECK(cpu < huge);
  CHECK(cpu > 0);
  CHECK(vk::MemoryBudget::staticBudget(1024, true) == 1024);  // never more than the heap
  setenv("D3DVK_MEMORY_BUDGET_MB", "96", 1);
  CHECK(vk::MemoryBudget::staticBudget(huge, true) == VkDeviceSize(96) << 20);
  setenv("D3DVK_MEMORY_BUDGET_MB", "not a number", 1);
  CHECK(vk::MemoryBudget::staticBudget(huge, false) == huge);
  unsetenv("D3DVK_MEMORY_BUDGET_MB");
}
