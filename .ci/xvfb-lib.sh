#!/usr/bin/env bash
# Shared by the editor's Xvfb checks: installs what they need, builds the editor, starts a
# virtual X display, and waits for the editor's window. Set `check_name` (and
# `extra_packages`) first; it defines `say`, `fail`, `$workdir`, `$editor` and `$DISPLAY`, and cleans up on exit.
# shellcheck disable=SC2034

say() { printf '%s: %s\n' "${check_name:-editor-check}" "$*"; }
fail() {
  say "FAIL: $*" >&2
  exit "${2:-1}"
}

# --- tools -------------------------------------------------------------------------------
# Packages: the X server, screenshots and analysis, window listing, and what winit + glutin
# load at run time for software OpenGL on X11.
packages=(xvfb imagemagick x11-utils libgl1 libegl1 libgl1-mesa-dri libegl-mesa0
  libglx-mesa0 libx11-xcb1 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0 ${extra_packages:-})
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    fail "missing packages ${missing[*]}; run as root or install them first" 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || fail "apt-get update failed" 2
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    fail "apt-get install ${missing[*]} failed" 2
fi
# ImageMagick's own tools; `convert` may be shadowed by a wrapper, `identify` and `import` not.
for tool in Xvfb xwininfo import identify; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool not found after installing packages" 2
done

# --- build -------------------------------------------------------------------------------
# A check may ask for the release build (editor_profile=release), the program designers run.
# It is built in the target folder of the sample-workflow test's release build (.ci/run runs
# that step first), so the crates both use are compiled once.
profile=${editor_profile:-debug}
build_dir=${CARGO_TARGET_DIR:-target}
profile_flag=()
if [ "$profile" = release ]; then
  profile_flag=(--release)
  build_dir=${MEGAHEX_RELEASE_TARGET_DIR:-target/tmp/sample-workflow-target}
fi
say "building megahex-editor ($profile, in $build_dir)"
if [ "$profile" = release ]; then
  CARGO_TARGET_DIR="$build_dir" cargo build "${profile_flag[@]}" -p megahex-editor ||
    fail "cargo build -p megahex-editor ($profile) failed" 2
else
  # The debug program is the one `cargo test --workspace` builds for the editor's tests (.ci/run
  # runs them first): `cargo build -p megahex-editor` alone picks the dependencies' features
  # for the editor only and compiles most of them again, which took eight minutes on 2 cores.
  CARGO_TARGET_DIR="$build_dir" cargo test --workspace --no-run ||
    fail "cargo test --workspace --no-run failed" 2
fi
editor="$build_dir/$profile/megahex-editor"
[ -x "$editor" ] || fail "built binary not found at $editor" 2

# --- run ---------------------------------------------------------------------------------
workdir=$(mktemp -d "/tmp/megahex-${check_name:-editor-check}.XXXXXX")
xvfb_pid=""
editor_pid=""
cleanup() {
  if [ -n "$editor_pid" ] && kill -0 "$editor_pid" 2>/dev/null; then
    kill "$editor_pid" 2>/dev/null || true
    wait "$editor_pid" 2>/dev/null || true
  fi
  if [ -n "$xvfb_pid" ] && kill -0 "$xvfb_pid" 2>/dev/null; then
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT

# :99 unless another X server (someone else's smoke run) holds it.
# Each check starts from its own number (`display_start`), so one check never takes a display
# the one before it is still shutting down.
display_num=${display_start:-99}
while [ -e "/tmp/.X${display_num}-lock" ] || [ -e "/tmp/.X11-unix/X${display_num}" ]; do
  display_num=$((display_num + 1))
  [ "$display_num" -lt 199 ] || fail "no free X display between :${display_start:-99} and :198" 2
done
export DISPLAY=":${display_num}"
say "starting Xvfb on $DISPLAY"
Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp >"$workdir/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
  xwininfo -root >/dev/null 2>&1 && break
  kill -0 "$xvfb_pid" 2>/dev/null || { cat "$workdir/xvfb.log" >&2; fail "Xvfb exited" 2; }
  sleep 0.2
done
xwininfo -root >/dev/null 2>&1 || fail "Xvfb did not come up on $DISPLAY" 2


# Waits up to `$1` seconds for a "Megahex editor - ..." window while process `$2` runs. With
# `window_attempt_failed` set, an editor that exits first makes it return 1 (its status in
# `window_exit`) instead of failing the check, so the caller can try again.
wait_for_window() {
  local limit=$1 pid=$2 deadline=$((SECONDS + $1))
  until xwininfo -root -tree 2>/dev/null | grep -q '"Megahex editor - '; do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" && code=0 || code=$?
      # What the editor said, so a failure in CI can be read without running it again.
      [ -s "$workdir/editor.log" ] && sed 's/^/    editor: /' "$workdir/editor.log" >&2
      [ -n "${window_attempt_failed:-}" ] && { window_exit=$code; return 1; }
      fail "the editor exited (status $code) before opening its window"
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "no \"Megahex editor - ...\" window after ${limit}s"
    sleep 0.5
  done
}
