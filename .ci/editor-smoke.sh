#!/usr/bin/env bash
# Editor smoke test: builds megahex-editor, runs it on a virtual X display with software
# OpenGL, takes a screenshot and checks that a map was really painted.
#
# Usage: .ci/editor-smoke.sh [SCENARIO.yaml]
#   Without a scenario the editor opens its bundled sample.
# Environment:
#   SMOKE_SHOT        screenshot path (default /tmp/megahex-editor-smoke.png)
#   SMOKE_TIMEOUT     seconds to wait for the window (default 60)
#   SMOKE_EXPECT_MAP  1 (default): fail unless map colours cover part of the screen;
#                     0: only check that the window is not one flat colour (for broken files)
#
# Exit codes: 0 pass, 1 the editor did not start or did not draw, 2 setup failure.
set -euo pipefail

shot=${SMOKE_SHOT:-/tmp/megahex-editor-smoke.png}
timeout=${SMOKE_TIMEOUT:-60}
expect_map=${SMOKE_EXPECT_MAP:-1}

scenario=()
if [ $# -gt 1 ]; then
  echo "usage: $0 [SCENARIO.yaml]" >&2
  exit 2
fi
if [ $# -eq 1 ]; then
  if [ ! -f "$1" ]; then
    echo "editor-smoke: no such scenario file: $1" >&2
    exit 2
  fi
  # Resolve before changing directory, so paths relative to the caller work.
  scenario=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")")
fi
cd "$(dirname "$0")/.."

check_name=editor-smoke
# shellcheck source=.ci/xvfb-lib.sh
. .ci/xvfb-lib.sh

editor_log() {
  say "editor output:" >&2
  sed 's/^/    /' "$workdir/editor.log" >&2
}

# Status 2 before any window is the editor saying the X display or OpenGL would not open (a
# fresh virtual display can refuse the first connection): it gets one more try; anything else
# fails at once.
for attempt in 1 2; do
  say "running $editor ${scenario[*]:-(bundled sample)}"
  # Software GL (llvmpipe) and X11 only: no GPU or Wayland compositor on CI machines.
  env -u WAYLAND_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 "$editor" "${scenario[@]}" \
    >"$workdir/editor.log" 2>&1 &
  editor_pid=$!
  deadline=$((SECONDS + timeout))
  code=""
  until xwininfo -root -tree 2>/dev/null | grep -q '"Megahex editor - '; do
    if ! kill -0 "$editor_pid" 2>/dev/null; then
      wait "$editor_pid" && code=0 || code=$?
      editor_log
      break
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      editor_log
      fail "no \"Megahex editor - ...\" window after ${timeout}s"
    fi
    sleep 0.5
  done
  [ -z "$code" ] && break
  if [ "$code" -ne 2 ] || [ "$attempt" -eq 2 ]; then
    fail "the editor exited (status $code) before opening its window"
  fi
  say "the editor could not open its window (status 2); trying once more"
  editor_pid=""
  sleep 2
done
say "window is up: $(xwininfo -root -tree | grep -o '"Megahex editor - [^"]*"' | head -n 1)"

# --- screenshot and checks ---------------------------------------------------------------
# The UI chrome (dark theme) is grey and text is grey or white; map grounds and tokens are
# colourful. So "coloured" pixels (max - min channel >= 24) measure how much map was painted,
# and the most common colour's share tells a blank or flat window.
analyse() {
  identify -format '%k' "$shot" >"$workdir/colours" || return 1
  convert "$shot" -depth 8 -format %c histogram:info:- |
    awk '
      {
        count = $1 + 0
        if (match($0, /\(([0-9.]+),([0-9.]+),([0-9.]+)/) == 0) next
        split(substr($0, RSTART + 1, RLENGTH - 1), c, ",")
        mx = c[1]; mn = c[1]
        for (i = 2; i <= 3; i++) { if (c[i] > mx) mx = c[i]; if (c[i] < mn) mn = c[i] }
        total += count
        if (count > top) top = count
        if (mx - mn >= 24) coloured += count
      }
      END { if (total == 0) exit 1; printf "%d %.2f %.2f\n", total, 100 * top / total, 100 * coloured / total }
    ' >"$workdir/stats"
}

passed=0
paint_deadline=$((SECONDS + 30))
while :; do
  if ! kill -0 "$editor_pid" 2>/dev/null; then
    editor_log
    fail "the editor exited after opening its window"
  fi
  # Let the first frames paint (software GL is slow on small machines).
  sleep 1
  import -window root "$shot" 2>"$workdir/import.log" || { cat "$workdir/import.log" >&2; fail "import failed" 2; }
  if analyse; then
    colours=$(cat "$workdir/colours")
    read -r pixels top_share coloured_share <"$workdir/stats"
    flat=$(awk -v t="$top_share" 'BEGIN { print (t >= 98.0) ? 1 : 0 }')
    has_map=$(awk -v c="$coloured_share" 'BEGIN { print (c >= 1.0) ? 1 : 0 }')
    if [ "$colours" -gt 1 ] && [ "$flat" = 0 ] && { [ "$expect_map" = 0 ] || [ "$has_map" = 1 ]; }; then
      passed=1
      break
    fi
  fi
  [ "$SECONDS" -lt "$paint_deadline" ] || break
done

say "screenshot: $shot (${colours:-?} colours, most common ${top_share:-?}%, map-coloured ${coloured_share:-?}% of ${pixels:-?} px)"
if [ "$passed" != 1 ]; then
  editor_log
  if [ "${colours:-0}" -le 1 ] || [ "${flat:-1}" = 1 ]; then
    fail "the screen is one flat colour: the editor window did not paint"
  fi
  fail "the window painted but no map is visible (under 1% map-coloured pixels); set SMOKE_EXPECT_MAP=0 for files that have no map"
fi
say "PASS"
