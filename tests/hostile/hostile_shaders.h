// tests/hostile/hostile_shaders.h — compute shaders the hostile-input tests run
// on D3D11 and D3D12: one that adds to a raw UAV per thread, and one that spins
// for cb0[0].x iterations per thread (work that takes the GPU seconds, for the
// bounded-wait tests) before storing where it got to, and the calibration of
// how many groups of it take a given time.
#pragma once

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

// CS (64 threads per group): cb0[0].x steps of xorshift32 from the thread's
// id + 1, the last value stored at u0[thread % 64] (a sequence no compiler can
// shortcut, so the work really takes cb0[0].x steps; lavapipe ends a thread's
// loops after 65535 iterations, so long work takes many groups).
inline const char kHostileCsSpin[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 64, 1, 1
mov r0.x, l(0)
iadd r0.y, vThreadID.x, l(1)
loop
  uge r1.x, r0.x, cb0[0].x
  breakc_nz r1.x
  ishl r2.x, r0.y, l(13)
  xor r0.y, r0.y, r2.x
  ushr r2.x, r0.y, l(17)
  xor r0.y, r0.y, r2.x
  ishl r2.x, r0.y, l(5)
  xor r0.y, r0.y, r2.x
  iadd r0.x, r0.x, l(1)
endloop
and r1.y, vThreadID.x, l(63)
ishl r1.y, r1.y, l(2)
store_raw u0.x, r1.y, r0.y
ret
)";

}  // namespace d3dvk::test
