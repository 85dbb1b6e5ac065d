#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs ctest. Same
# environment variables as scripts/build.sh; extra arguments go to ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
build=${BUILD_DIR:-$root/build}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/d3dvk-xdg-$(id -u)}
mkdir -p "$XDG_RUNTIME_DIR"
cd "$build"
ctest --output-on-failure -j "$(nproc)" "$@"
