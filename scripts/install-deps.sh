#!/usr/bin/env bash
# Installs exactly what d3dvk needs to build, test and run, from Debian 12 packages.
# Idempotent: does nothing (and needs no root) when everything is already there.
set -euo pipefail
packages=(
  build-essential cmake pkg-config       # toolchain
  libvulkan-dev libvulkan-volk-dev       # Vulkan-Headers + loader, volk
  directx-headers-dev                    # DirectX-Headers (winadapter.h, d3d12.h, d3dcommon.h)
  spirv-tools                            # SPIRV-Tools (validation of generated SPIR-V)
  glslang-tools                          # glslangValidator: the fallback's setup shader (GLSL) at build time
  catch2                                 # Catch2 v2 tests
  libbenchmark-dev                       # Google Benchmark (bench/)
  mesa-vulkan-drivers                    # lavapipe, the CPU Vulkan driver
  vulkan-validationlayers                # VK_LAYER_KHRONOS_validation
  libpng-dev                             # PNG output of the conformance report
  clang libclang-rt-14-dev               # libFuzzer targets
  libsdl2-dev libx11-dev                 # tests/present: SDL2 and X11 windows (d3dvk itself loads SDL2/xcb at run time)
  xvfb xauth                             # tests/present: an X server for the presentation tests (xvfb-run)
  libxcb-randr0                          # DXGI outputs: the X server's monitors (RandR, loaded at run time; mesa pulls it in too)
  zlib1g-dev                             # tests/present: the demo test decodes its PNG screenshot with zlib
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
