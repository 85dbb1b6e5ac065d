#!/usr/bin/env bash
# The main job: installs what is missing, builds, prints d3dvk-info for the
# selected Vulkan device (lavapipe on a machine without a GPU), then runs the
# conservative-rasterization conformance report on it: a table on stdout, the
# JSON in $OUT/conformance.json and a PNG of every render target in $OUT/png/
# (OUT defaults to build/conformance). Exit status: d3dvk-conformance's (0 when
# every applicable scenario passes). Arguments go to d3dvk-conformance.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" >/dev/null
build=${BUILD_DIR:-$root/build}
out=${OUT:-$build/conformance}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/d3dvk-xdg-$(id -u)}
mkdir -p "$XDG_RUNTIME_DIR" "$out/png"
"$build/bin/d3dvk-info"
echo
status=0
"$build/bin/d3dvk-conformance" --json "$out/conformance.json" --png-dir "$out/png" "$@" || status=$?
echo
echo "JSON: $out/conformance.json   pictures: $out/png/"
exit $status
