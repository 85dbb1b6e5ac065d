// tests/hostile/hostile_shaders.h — compute shaders the hostile-input tests run
// on D3D11 and D3D12: one that adds to a raw UAV per thread, and one that spins
// for cb0[0].x rounds of steps per thread (work that takes the GPU seconds,
// for the bounded-wait tests) before storing where it got to.
#pragma once

#include <cstdint>

namespace d3dvk::test {

// CS (64 threads per group): u0[group * 64 + thread] += 1, raw UAV of 32-bit words.
inline const char kHostileCsCount[] = R"(cs_5_0
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
atomic_iadd u0, r0.x, l(1)
ret
)";

// CS (64 threads per group): cb0[0].x rounds of 65535 steps of xorshift32
// from the thread's id + 1, the last value stored at u0[thread % 64] (a
// sequence no compiler can shortcut, so the work really takes the steps).
// Lavapipe ends a thread's loops after 65535 iterations in all, so there long
// work takes many groups; a GPU runs thousands of groups at once, so there it
// takes many rounds (each thread's steps are one dependent chain).
inline constexpr uint32_t kHostileSpinStepsPerRound = 65535;
inline const char kHostileCsSpin[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 64, 1, 1
mov r0.z, l(0)
iadd r0.y, vThreadID.x, l(1)
loop
  uge r1.x, r0.z, cb0[0].x
  breakc_nz r1.x
  mov r0.x, l(0)
  loop
    uge r1.x, r0.x, l(65535)
    breakc_nz r1.x
    ishl r2.x, r0.y, l(13)
    xor r0.y, r0.y, r2.x
    ushr r2.x, r0.y, l(17)
    xor r0.y, r0.y, r2.x
    ishl r2.x, r0.y, l(5)
    xor r0.y, r0.y, r2.x
    iadd r0.x, r0.x, l(1)
  endloop
  iadd r0.z, r0.z, l(1)
endloop
and r1.y, vThreadID.x, l(63)
ishl r1.y, r1.y, l(2)
store_raw u0.x, r1.y, r0.y
ret
)";

}  // namespace d3dvk::test
