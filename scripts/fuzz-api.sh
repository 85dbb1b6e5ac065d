#!/usr/bin/env bash
# Builds the API libFuzzer target (tests/hostile/fuzz: D3D12 command lists and
# D3D11 context calls from fuzzed bytes, through libd3dvk.so and the real UMD on
# the Vulkan device, lavapipe on a machine without a GPU) with clang (ASan+UBSan)
# in its own build dir and runs it briefly.
#   FUZZ_SECONDS   run time (default 45)
#   FUZZ_BUILD_DIR build dir (default build-fuzz, shared with scripts/fuzz-dxbc.sh)
# Exit status: 0 when the run found nothing, non-zero on a crash, a hang
# (libFuzzer's -timeout), a removed device (the target aborts, saying so) or a
# sanitizer report (leaks are not checked here, see below); libFuzzer writes the reproducer as crash-* / timeout-* /
# leak-* into the build dir (replay: build-fuzz/bin/fuzz_api <file>).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${FUZZ_BUILD_DIR:-$PWD/build-fuzz}
SECONDS_TO_RUN=${FUZZ_SECONDS:-45}
cmake -S . -B "$BUILD_DIR" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DD3DVK_FUZZ=ON -DD3DVK_SANITIZE=address,undefined \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DD3DVK_BUILD_BENCH=OFF -DD3DVK_WERROR=OFF \
  "-DCMAKE_CXX_FLAGS=-Wno-unknown-warning-option -fsanitize=fuzzer-no-link" >/dev/null
cmake --build "$BUILD_DIR" --target fuzz_api d3dvk_umd -j2
CORPUS="$BUILD_DIR/fuzz-api-corpus"
mkdir -p "$CORPUS"
# Seeds: each API with a run of every operation (the bytes 0..255 read as choices and values).
seq=$(printf '\\x%02x' $(seq 0 255))
printf '\x00'"$seq$seq" > "$CORPUS/d3d12-every-op"
printf '\x01'"$seq$seq" > "$CORPUS/d3d11-every-op"
# Leak checking is off for this target: with lavapipe's JIT threads alive, clang's
# LeakSanitizer tracer crashes scanning them ("Tracer caught signal 11"), between
# inputs and at exit alike. Leaks are the ASan+UBSan test suite's job (.ci/run).
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}:detect_leaks=0
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The system Vulkan stack's own leaks are not ours (.ci/lsan.supp, as CI sets it).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/.ci/lsan.supp:print_suppressions=0}
# The UMD is next to libd3dvk.so; the Vulkan validation layer stays off (speed).
unset D3DVK_VALIDATION
cd "$BUILD_DIR"
echo "fuzz-api: running for ${SECONDS_TO_RUN}s"
# stderr (d3dvk's validation messages, one per refused call) is closed; crash reports still print.
./bin/fuzz_api -max_total_time="$SECONDS_TO_RUN" -max_len=2048 -timeout=60 -rss_limit_mb=6144 -close_fd_mask=2 -detect_leaks=0 \
  -print_final_stats=1 "$CORPUS"
