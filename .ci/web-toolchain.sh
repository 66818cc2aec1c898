#!/usr/bin/env bash
# Fetches a compiler that builds for wasm32-unknown-unknown on a machine whose rustup cannot
# download that target. The parts are Debian's packages, extracted into target/web-toolchain;
# nothing is installed system-wide:
# - rustc-web, a rustc built with the WebAssembly targets;
# - its matching rust-web-src, the standard library's source (which -Zbuild-std compiles for the
#   target);
# - the standard library and LLVM it links.
# The script writes target/web-toolchain/env, to source before a web build. It sets RUSTC,
# LD_LIBRARY_PATH, RUSTC_BOOTSTRAP (for -Zbuild-std) and the linker for wasm32 (rustup's
# rust-lld, from the project's own toolchain). With rustup's wasm32 target installed, none of
# this is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="$PWD/target/web-toolchain"
root="$dir/root"
mkdir -p "$dir/debs"

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
if ! apt-cache policy rustc-web | grep -q 'Candidate: [0-9]'; then
  "${sudo[@]}" apt-get update -qq
fi
version=$(apt-cache policy rustc-web | awk '/Candidate:/ {print $2}')
# 1.96.0+dfsg1-1~deb12u2 -> 1.96
short=$(echo "$version" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
libstd="libstd-rust-web-$short"
llvm=$(apt-cache show "$libstd=$version" | awk -F': ' '/^Depends:/ {print $2; exit}' \
  | tr ',' '\n' | grep -o 'libllvm[0-9]*' | head -1)

if [ ! -x "$root/usr/bin/rustc" ] || [ "$(cat "$dir/version" 2>/dev/null)" != "$version" ]; then
  rm -rf "$root" "$dir/debs"/*.deb
  (cd "$dir/debs" && apt-get download -q \
    "rustc-web=$version" "rust-web-src=$version" "libstd-rust-web-dev=$version" \
    "$libstd=$version" "$llvm" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$root"; done
  echo "$version" > "$dir/version"
fi

lld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | awk '/^host:/ {print $2}')/bin/rust-lld"
[ -x "$lld" ] || { echo "rust-lld not found at $lld" >&2; exit 1; }

cat > "$dir/env" <<VARS
export RUSTC="$root/usr/bin/rustc"
export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$lld"
VARS
# shellcheck disable=SC1091
source "$dir/env"
"$RUSTC" --version
echo "source $dir/env, then build with --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort"
