#!/bin/sh
# Usage: check_entry_barriers.sh SOURCE_DIR — passes when every C ABI entry
# point in d3dvk's sources is an exception barrier (d3dvk_entry_guard.h):
#  - every COM method definition (STDMETHODCALLTYPE, runtime/ and layers/debug/)
#    and every exported or DDI function written out by hand (WINAPI in runtime/,
#    APIENTRY in ddi/umd/, layers/ddi-trace/, runtime/core/) is a function-try-block;
#  - except the UMD's device DDIs, which device_funcs.cpp installs behind
#    DeviceEntryGuard: each must be named there (the Implemented tables, the stub).
root=$1
status=0
# Prints "file:line: signature" for every definition of the given marker whose
# body does not start with "try {" (the signature may span lines).
unguarded() {
  marker=$1; shift
  awk -v marker="$marker" '
    FNR == 1 { collecting = 0 }
    !collecting && $0 ~ ("[A-Za-z_][A-Za-z0-9_:<>*]*[ ]+" marker "[ ]+[A-Za-z_~][A-Za-z0-9_:<>~]*[ ]*\\(") &&
        $0 !~ /typedef/ && $0 !~ /\(APIENTRY\*/ && $0 !~ /^[ ]*\/\// {
      collecting = 1; text = ""; start = FNR
    }
    collecting {
      text = text $0 " "
      if (text ~ /;[ ]*$/ && text !~ /\{/) { collecting = 0; next }
      if (text ~ /\{/) {
        collecting = 0
        if (text !~ /\)[^;{]*try[ ]*\{/) { sig = text; sub(/\{.*/, "", sig); print FILENAME ":" start ": " sig }
      }
    }' "$@"
}
found=$(unguarded STDMETHODCALLTYPE $(find "$root/runtime" "$root/layers/debug" -name '*.cpp' -o -name '*.h' | sort))
found="$found$(unguarded WINAPI $(find "$root/runtime" -name '*.cpp' | sort))"
found="$found$(unguarded APIENTRY "$root"/runtime/core/*.cpp "$root"/layers/ddi-trace/*.cpp)"
# The UMD: hand-written entry points need try; the device DDIs must be in the table.
implemented=$(grep -o '&[A-Za-z_][A-Za-z0-9_]*' "$root/ddi/umd/device_funcs.cpp" | tr -d '&' | sort -u)
for line in $(unguarded APIENTRY "$root"/ddi/umd/*.cpp | tr ' ' '~'); do
  name=$(echo "$line" | sed 's/.*APIENTRY~*\([A-Za-z0-9_]*\)~*(.*/\1/')
  if ! echo "$implemented" | grep -qx "$name"; then found="$found
$(echo "$line" | tr '~' ' ')"; fi
done
if [ -n "$(echo "$found" | tr -d '[:space:]')" ]; then
  echo "entry points that are not exception barriers:"
  echo "$found"
  status=1
else
  echo "every API and DDI entry point is an exception barrier"
fi
exit $status
