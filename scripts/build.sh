#!/usr/bin/env bash
# Configures and builds d3dvk. BUILD_DIR (default build), D3DVK_SANITIZE (e.g.
# address,undefined), BUILD_TYPE (default RelWithDebInfo). Warnings are errors.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" \
  -DD3DVK_WERROR=ON -DD3DVK_SANITIZE="${D3DVK_SANITIZE:-}" >/dev/null
cmake --build "$build" -j "$(nproc)"
