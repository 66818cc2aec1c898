#!/usr/bin/env bash
# Copy and paste through the system clipboard under Xvfb: Ctrl+C in one editor puts the
# selection on the X clipboard (a text editor or another program can read it), and Ctrl+V in a
# second editor adds what the clipboard holds, whether another editor or a text editor put it
# there. Usage: .ci/editor-clipboard.sh SCENARIO.yaml (a map with tiles and tokens).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 SCENARIO.yaml (an existing file)" >&2
  exit 2
fi
source_file="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cd "$(dirname "$0")/.."

check_name=editor-clipboard
display_start=160
editor_profile=release
extra_packages="xdotool xclip"
# shellcheck source=.ci/xvfb-lib.sh
. .ci/xvfb-lib.sh
for tool in xdotool xclip; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool not found after installing packages" 2
done

export HOME="$workdir/home" XDG_CACHE_HOME="$workdir/cache" XDG_CONFIG_HOME="$workdir/config"
mkdir -p "$HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME"
cp "$source_file" "$workdir/from.yaml"
# The second editor starts on a map with no tiles or tokens, so everything pasted is new.
printf 'format: 1\nruleset: sentinel-tactics\ntitle: Pasted into\nmap:\n  tiles: []\n' >"$workdir/into.yaml"

# Starts the editor on `$1` in the background; sets `$2` to its pid and `$3` to its window.
# Status 2 before any window is the editor saying the display would not open (a connection to a
# fresh Xvfb refused now and then on this kind of machine): it gets one more try, as in
# .ci/editor-recovery.sh. Any other exit fails the check at once.
start_editor() {
  local file=$1 name attempt pid code window=""
  name=$(basename "$file")
  for attempt in 1 2; do
    env -u WAYLAND_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 "$editor" "$file" >>"$workdir/editor.log" 2>&1 &
    pid=$!
    code=""
    for _ in $(seq 120); do
      window=$(xdotool search --name "^Megahex editor - $name" 2>/dev/null | head -n 1 || true)
      [ -n "$window" ] && break
      if ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid" && code=0 || code=$?
        break
      fi
      sleep 0.5
    done
    [ -n "$window" ] && break
    [ -n "$code" ] || fail "no window for $name after a minute"
    if [ "$code" = 2 ] && [ "$attempt" -eq 1 ]; then
      say "the editor on $name could not open its window (status 2); trying once more"
      sleep 2
      continue
    fi
    sed 's/^/    editor: /' "$workdir/editor.log" >&2
    fail "the editor on $name exited (status $code) before opening its window"
  done
  [ -n "$window" ] || fail "no window for $name"
  sleep 3
  printf -v "$2" '%s' "$pid"
  printf -v "$3" '%s' "$window"
}

title_of() { xdotool getwindowname "$1"; }

# Ctrl+V in window `$1`; passes when its title gains the unsaved mark, else fails with `$2`.
paste_into() {
  local window=$1 what=$2
  focus "$window"
  xdotool key --clearmodifiers ctrl+v
  for _ in $(seq 20); do
    case "$(title_of "$window")" in *•*) break ;; esac
    sleep 0.25
  done
  case "$(title_of "$window")" in
    *•*) say "pasted: \"$(title_of "$window")\"" ;;
    *) fail "$what changed nothing (title \"$(title_of "$window")\")" ;;
  esac
}

focus() {
  xdotool windowfocus --sync "$1" 2>/dev/null || xdotool windowfocus "$1"
  sleep 0.5
}

start_editor "$workdir/from.yaml" from_pid from_window
editor_pid=$from_pid
say "copy: Ctrl+A, Ctrl+C in the first editor"
focus "$from_window"
xdotool key --clearmodifiers ctrl+a
sleep 0.5
xdotool key --clearmodifiers ctrl+c
clip=""
for _ in $(seq 20); do
  clip=$(xclip -o -selection clipboard 2>/dev/null || true)
  [ -n "$clip" ] && break
  sleep 0.25
done
[ -n "$clip" ] || fail "the X clipboard is empty after Ctrl+C"
grep -q 'megahex-clip' <<<"$clip" || fail "the clipboard does not hold a Megahex selection: $(head -c 200 <<<"$clip")"
grep -q 'tiles' <<<"$clip" || fail "the copied selection has no tiles"
say "the clipboard holds $(wc -l <<<"$clip") lines of YAML"

start_editor "$workdir/into.yaml" into_pid into_window
say "paste: Ctrl+V in a second editor, while the first still owns the clipboard"
paste_into "$into_window" "Ctrl+V from another editor"
kill "$into_pid" 2>/dev/null || true
wait "$into_pid" 2>/dev/null || true

say "paste from a text editor: the clipboard set by another program, Ctrl+V in a fresh editor"
kill "$from_pid" 2>/dev/null || true
wait "$from_pid" 2>/dev/null || true
editor_pid=""
# xclip serves the selection in the foreground (-quiet) until two requests have been answered;
# gone after a second means it could not reach the display (the same refusal the editor meets
# now and then), so it gets two more tries.
served=""
for attempt in 1 2 3; do
  printf '%s\n' "$clip" | xclip -quiet -selection clipboard -i -loops 2 >/dev/null &
  clip_pid=$!
  sleep 1
  if kill -0 "$clip_pid" 2>/dev/null; then
    served=yes
    break
  fi
  say "xclip could not take the clipboard (try $attempt); trying again"
done
[ -n "$served" ] || fail "xclip could not put text on the clipboard"
start_editor "$workdir/into.yaml" text_pid text_window
editor_pid=$text_pid
paste_into "$text_window" "Ctrl+V of text another program put on the clipboard"
kill "$clip_pid" 2>/dev/null || true
say "PASS"
