#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs d3dvk-info on the
# selected Vulkan device (lavapipe on a machine without a GPU). Arguments go to d3dvk-info.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" >/dev/null
build=${BUILD_DIR:-$root/build}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/d3dvk-xdg-$(id -u)}
mkdir -p "$XDG_RUNTIME_DIR"
exec "$build/bin/d3dvk-info" "$@"
