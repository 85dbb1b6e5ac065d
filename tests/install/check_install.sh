#!/bin/sh
# Usage: check_install.sh BUILD_DIR SOURCE_DIR — installs the build into a temporary
# prefix, then builds tests/install/consumer/app.cpp (C++) and
# tests/install/consumer-c/app.c (C11, -Wall -Werror, COBJMACROS) against that prefix
# only, each once with find_package(d3dvk) (CMake) and once with pkg-config d3dvk,
# and runs all four.
set -eu
build=$1
source=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
for f in lib/libd3dvk.so lib/libd3dvk_umd.so include/d3dvk/d3d11.h include/d3dvk/dxgi1_6.h \
         lib/pkgconfig/d3dvk.pc lib/cmake/d3dvk/d3dvkConfig.cmake; do
  [ -e "$tmp/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
# The installed headers are the generated ones, with the C form of the interfaces.
grep -q "ID3D11DeviceVtbl" "$tmp/prefix/include/d3dvk/d3d11.h" || { echo "installed d3d11.h has no C form"; exit 1; }

for consumer in consumer consumer-c; do
  cmake -S "$source/tests/install/$consumer" -B "$tmp/$consumer-build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
    -DCMAKE_BUILD_TYPE=Release > "$tmp/configure.log" || { cat "$tmp/configure.log"; exit 1; }
  cmake --build "$tmp/$consumer-build" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
done
echo "find_package(d3dvk), C++:"
"$tmp/consumer-build/d3dvk-consumer"
echo "find_package(d3dvk), C:"
"$tmp/consumer-c-build/d3dvk-consumer-c"

export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
c++ -std=c++20 "$source/tests/install/consumer/app.cpp" -o "$tmp/pkg-config-app" \
  $(pkg-config --cflags --libs d3dvk) -Wl,-rpath,"$tmp/prefix/lib"
echo "pkg-config d3dvk, C++:"
"$tmp/pkg-config-app"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror "$source/tests/install/consumer-c/app.c" -o "$tmp/pkg-config-app-c" \
  $(pkg-config --cflags --libs d3dvk) -Wl,-rpath,"$tmp/prefix/lib"
echo "pkg-config d3dvk, C:"
"$tmp/pkg-config-app-c"
