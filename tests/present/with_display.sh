#!/bin/sh
# Usage: with_display.sh TEST [ARGS...] — runs a presentation test on an X server:
# the one DISPLAY names, else a private Xvfb through `xvfb-run -a`; with neither it
# exits 77 (ctest's SKIP_RETURN_CODE for these tests) saying why. Listing the tests
# (catch_discover_tests at build time) needs no display.
case " $* " in *" --list"*) exec "$@" ;; esac
if [ -n "$DISPLAY" ]; then exec "$@"; fi
if command -v xvfb-run >/dev/null 2>&1; then
  # -noreset: by default Xvfb resets itself when its last client disconnects, and a
  # client connecting during the reset is refused (a test's child process, e.g.
  # d3dvk-demo, or the next test case's connection, failed that way now and then).
  exec xvfb-run -a -s "-screen 0 640x480x24 -noreset" "$@"
fi
echo "SKIP: no X display (DISPLAY is unset) and no xvfb-run (Debian packages xvfb, xauth)"
exit 77
