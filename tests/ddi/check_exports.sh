#!/bin/sh
# Usage: check_exports.sh LIB SYMBOL... — passes when LIB's dynamic symbol table
# defines exactly the given symbols.
lib=$1; shift
actual=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort | tr '\n' ' ')
expected=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
if [ "$actual" != "$expected" ]; then
  echo "exports of $lib: '$actual', expected '$expected'"
  exit 1
fi
echo "exports of $lib: $actual"
