#!/usr/bin/env bash
# The editor never loses work, checked on the real program (the release build, as designers run
# it) under Xvfb: open a copy of a scenario, make an edit (select everything, delete it), wait
# for the recovery copy, kill the editor with SIGKILL, check the file on disk is untouched, start the editor again, check the
# recovery banner is on screen, restore with Enter, save with Ctrl+S, and check the saved file
# holds the edit.
#
# Usage: .ci/editor-recovery.sh SCENARIO.yaml
# Exit codes: 0 pass, 1 the check failed, 2 setup failure.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 SCENARIO.yaml (an existing file)" >&2
  exit 2
fi
source_file="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")/.."

check_name=editor-recovery
display_start=140
editor_profile=release
extra_packages=xdotool
# shellcheck source=.ci/xvfb-lib.sh
. .ci/xvfb-lib.sh
command -v xdotool >/dev/null 2>&1 || fail "xdotool not found after installing packages" 2

# A home of its own: recovery copies, preferences and recent files start empty.
export HOME="$workdir/home" XDG_CACHE_HOME="$workdir/cache" XDG_CONFIG_HOME="$workdir/config"
mkdir -p "$HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME"
scenario="$workdir/scenario.yaml"
cp "$source_file" "$scenario"
cp "$source_file" "$workdir/original.yaml"
shot="$workdir/screen.png"

start_editor() {
  # Status 2 before any window is the editor saying the display or OpenGL would not open
  # (it prints why, shown above): a failure of the virtual display, not of recovery, so it
  # gets one more try. Anything else fails the check at once.
  local attempt
  for attempt in 1 2; do
    : >"$workdir/editor.log"
    env -u WAYLAND_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 "$editor" "$scenario" >>"$workdir/editor.log" 2>&1 &
    editor_pid=$!
    window_attempt_failed=1 wait_for_window 60 "$editor_pid" && break
    [ "$window_exit" -eq 2 ] && [ "$attempt" -eq 1 ] ||
      fail "the editor exited (status $window_exit) before opening its window"
    say "the editor could not open its window (status 2); trying once more"
    editor_pid=""
    sleep 2
  done
  # The first frames, in software GL.
  sleep 3
  window=$(xdotool search --name '^Megahex editor - ' | head -n 1)
  [ -n "$window" ] || fail "the window has no X id"
  xdotool windowfocus --sync "$window" || xdotool windowfocus "$window"
  sleep 0.5
}

# How many pixels have the recovery banner's fill, rgb(90,70,10).
banner_pixels() {
  import -window root "$shot"
  convert "$shot" -depth 8 -format %c histogram:info:- |
    awk '/\( *90, *70, *10/ { n += $1 } END { print n + 0 }'
}

say "first session: edit, then SIGKILL"
start_editor
[ "$(banner_pixels)" -lt 1000 ] || fail "a recovery banner showed before there was anything to recover"
xdotool key --clearmodifiers ctrl+a
sleep 0.5
xdotool key --clearmodifiers Delete
# The recovery copy is written about two seconds after an edit.
copy=""
for _ in $(seq 40); do
  # The finished copy, not the temporary file it is written through.
  copy=$(find "$XDG_CACHE_HOME/megahex/recovery" -type f -name '[!.]*.yaml' 2>/dev/null | head -n 1 || true)
  [ -n "$copy" ] && break
  sleep 0.25
done
[ -n "$copy" ] || { sed 's/^/    /' "$workdir/editor.log" >&2; fail "no recovery copy under $XDG_CACHE_HOME/megahex/recovery after the edit"; }
say "recovery copy: $copy"
kill -9 "$editor_pid"
wait "$editor_pid" 2>/dev/null || true
editor_pid=""
cmp -s "$scenario" "$workdir/original.yaml" || fail "the scenario file changed although nothing was saved"

say "second session: the banner, Enter to restore, Ctrl+S to save"
start_editor
pixels=$(banner_pixels)
say "recovery banner: $pixels px"
[ "$pixels" -ge 1000 ] || fail "no recovery banner after the editor was killed (screenshot $shot)"
xdotool key --clearmodifiers Return
sleep 1
[ "$(banner_pixels)" -lt 1000 ] || fail "the banner stayed after Enter"
xdotool key --clearmodifiers ctrl+s
for _ in $(seq 20); do
  cmp -s "$scenario" "$workdir/original.yaml" || break
  sleep 0.25
done
cmp -s "$scenario" "$workdir/original.yaml" && fail "Ctrl+S after the restore did not write the file"
# Everything was deleted: the saved map has no tiles and there are no tokens.
if grep -Eq '^ *- *\{? *tile:' "$scenario"; then
  sed 's/^/    /' "$scenario" >&2
  fail "the saved file still has tiles: the restored edit was not the one made"
fi
say "what the restored save changed (first lines):"
diff "$workdir/original.yaml" "$scenario" | head -n 12 | sed 's/^/    /' || true
say "PASS"
