#!/usr/bin/env bash
# Builds the DXBC libFuzzer target with clang (ASan+UBSan; -O1 and line tables, as
# libFuzzer advises) in its own build dir and
# runs it briefly. Seeds: the listings under tests/dxbc, as listing text and as
# assembled containers; dictionary: tests/dxbc/fuzz/dxbc.dict.
#   FUZZ_SECONDS   run time (default 45)
#   FUZZ_BUILD_DIR build dir (default build-fuzz)
# Exit status: 0 when the run found nothing, non-zero on a crash/leak/sanitizer report
# (libFuzzer writes the reproducer as crash-* / leak-* into the build dir).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${FUZZ_BUILD_DIR:-$PWD/build-fuzz}
SECONDS_TO_RUN=${FUZZ_SECONDS:-45}
cmake -S . -B "$BUILD_DIR" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DD3DVK_FUZZ=ON -DD3DVK_SANITIZE=address,undefined \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DD3DVK_BUILD_BENCH=OFF -DD3DVK_WERROR=OFF \
  "-DCMAKE_CXX_FLAGS=-Wno-unknown-warning-option -fsanitize=fuzzer-no-link" >/dev/null
cmake --build "$BUILD_DIR" --target fuzz_dxbc d3dvk-shader -j2
CORPUS="$BUILD_DIR/fuzz-corpus"
mkdir -p "$CORPUS"
i=0
for f in tests/dxbc/*.asm; do
  # selector byte 2 = listing, 0 = container (see fuzz_dxbc.cpp)
  { printf '\x02'; cat "$f"; } > "$CORPUS/listing-$i"
  if "$BUILD_DIR/bin/d3dvk-shader" assemble "$f" -o "$BUILD_DIR/seed.dxbc" 2>/dev/null; then
    { printf '\x00'; cat "$BUILD_DIR/seed.dxbc"; } > "$CORPUS/container-$i"
    { printf '\x01'; tail -c +"$(( $(stat -c %s "$BUILD_DIR/seed.dxbc") - 200 ))" "$BUILD_DIR/seed.dxbc"; } > "$CORPUS/tokens-$i"
  fi
  i=$((i + 1))
done
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$BUILD_DIR"
echo "fuzz-dxbc: running for ${SECONDS_TO_RUN}s"
./bin/fuzz_dxbc -max_total_time="$SECONDS_TO_RUN" -max_len=8192 -timeout=10 -print_final_stats=1 \
  -dict="$ROOT/tests/dxbc/fuzz/dxbc.dict" "$CORPUS"
