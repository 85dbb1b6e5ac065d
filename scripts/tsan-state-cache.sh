#!/usr/bin/env bash
# The state-object cache's 8-thread stress test (tests/runtime/
# test_state_object_cache.cpp) under ThreadSanitizer: builds only that test and
# what it loads (the runtime, the UMD, the trace filter) with -fsanitize=thread
# into its own build dir and runs it. .ci/run calls it.
#   TSAN_BUILD_DIR  build dir (default build-tsan)
#   D3DVK_STATE_CACHE_ROUNDS  rounds per thread (the test's default otherwise)
# Exit status: non-zero on a failed test or a ThreadSanitizer report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSAN_BUILD_DIR:-$root/build-tsan}
# -O1 and line tables only (what ThreadSanitizer's reports use): a third less compile time than -O2 -g.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DD3DVK_SANITIZE=thread -DD3DVK_WERROR=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
  -DD3DVK_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target test_state_object_cache -j "$(nproc)"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/d3dvk-xdg-$(id -u)}
mkdir -p "$XDG_RUNTIME_DIR"
# halt_on_error: the first report fails the run; the Vulkan stack (loader,
# lavapipe, validation layer) is not instrumented, so only our code is checked.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
D3DVK_VALIDATION=1 "$build/bin/test_state_object_cache" --durations yes
