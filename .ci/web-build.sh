#!/usr/bin/env bash
# Builds the Megahex web site into target/web/: index.html (the page and its loader),
# worker.js (the loader of its workers), the
# editor as WebAssembly with wasm-bindgen's JavaScript glue, and the bundled scenarios with an
# index page that opens each one (scenarios/index.html). Serve the folder as it is.
#
# With rustup's wasm32 target installed (`rustup target add wasm32-unknown-unknown`), the
# build uses it. Where that target cannot be downloaded, the compiler is Debian's rustc-web
# with its standard library built from source (.ci/web-toolchain.sh). Either way
# wasm-bindgen-cli is installed from crates.io at the version Cargo.lock pins. The build
# profile is `web` (Cargo.toml), for WebAssembly SIMD (.cargo/config.toml). wasm-bindgen
# warns that the stripped module has no features section; it reads the module all the same.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  toolchain="rustup's wasm32-unknown-unknown target"
  env_file=/dev/null
  build_std=()
else
  toolchain="Debian's rustc-web"
  bash .ci/web-toolchain.sh >/dev/null
  env_file="$root/target/web-toolchain/env"
  build_std=(-Zbuild-std=std,panic_abort)
fi
echo "building with $toolchain"
tools="$root/target/web-tools"
mkdir -p "$tools"

# wasm-bindgen-cli must match the wasm-bindgen crate exactly.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3}' Cargo.lock)
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $bindgen_version"; then
  echo "installing wasm-bindgen-cli $bindgen_version"
  cargo install --quiet wasm-bindgen-cli --version "$bindgen_version" --root "$tools"
fi

# brotli, for the compressed copies a static host can serve as they are.
if ! command -v brotli >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends brotli >/dev/null ||
    { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends brotli >/dev/null; }
fi

(
  # shellcheck disable=SC1090
  source "$env_file"
  cargo build --quiet -p megahex-web --lib --profile web --target wasm32-unknown-unknown \
    "${build_std[@]}" --target-dir target/wasm
)

out="$root/target/web"
rm -rf "$out"
mkdir -p "$out/scenarios"
"$tools/bin/wasm-bindgen" --target web --no-typescript --out-dir "$out" \
  target/wasm/wasm32-unknown-unknown/web/megahex_web.wasm
# No wasm-opt pass: measured, binaryen's -Oz and -Os shrink the file but make its compressed
# transfer larger (docs/architecture.md, "The web target").
cp editor/web/site/index.html editor/web/site/worker.js "$out/"

# The bundled scenarios, each opened from the index by `?url=`.
{
  echo '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Megahex scenarios</title>'
  echo '<style>body{font:16px system-ui,sans-serif;max-width:40em;margin:2em auto}</style></head><body>'
  echo '<h1>Scenarios</h1><p>Each opens in the Megahex editor, checked as you look.</p><ul>'
  for file in scenarios/*.yaml; do
    name=$(basename "$file")
    title=$(sed -n 's/^title: *//p' "$file" | head -1 | sed 's/^"\(.*\)"$/\1/; s/&/\&amp;/g; s/</\&lt;/g')
    cp "$file" "$out/scenarios/$name"
    echo "<li><a href=\"../?url=scenarios/$name\">${title:-$name}</a> <small>($name)</small></li>"
  done
  echo '</ul></body></html>'
} > "$out/scenarios/index.html"

# Compressed copies, for hosts that serve them as they are, and to measure the transfer.
for file in megahex_web_bg.wasm megahex_web.js; do
  gzip -9 -k -f "$out/$file"
  brotli -q 11 -k -f "$out/$file"
done
size() { echo "$(($(stat -c %s "$1") / 1024)) KiB"; }
echo "target/web: megahex_web_bg.wasm $(size "$out/megahex_web_bg.wasm"), gzip $(size "$out/megahex_web_bg.wasm.gz"), brotli $(size "$out/megahex_web_bg.wasm.br")"
