#!/usr/bin/env bash
# The main job: installs what is missing, builds, prints d3dvk-info for the
# selected Vulkan device (lavapipe on a machine without a GPU), then runs the
# conservative-rasterization conformance report on it through both APIs, D3D11
# then D3D12: a table each on stdout, the JSON in $OUT/conformance.json and
# $OUT/conformance-d3d12.json and a PNG of every render target in $OUT/png/
# (D3D12's named *.d3d12.png; OUT defaults to build/conformance). Exit status: 0
# when every applicable scenario passes through both APIs, else 1 (or 2 for bad
# arguments). Arguments go to both d3dvk-conformance runs.
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
status12=0
"$build/bin/d3dvk-conformance" --api d3d12 --json "$out/conformance-d3d12.json" --png-dir "$out/png" "$@" || status12=$?
echo
echo "JSON: $out/conformance.json (D3D11), $out/conformance-d3d12.json (D3D12)   pictures: $out/png/"
if [ "$status" -ne 0 ]; then exit $status; fi
exit $status12
