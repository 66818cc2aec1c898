#!/usr/bin/env bash
# Installs the third-party clients that tests/e2e/clients.rs checks Megahex against, into
# target/ci-clients (never into the checkout itself), and writes target/ci-clients/env with the
# variables the tests read. Source that file, then run
# `cargo test -p megahex --test e2e -- --ignored clients::`.
#
# - check-jsonschema (pip): an independent JSON Schema validator;
# - yaml-language-server (npm): the engine of VS Code's YAML extension;
# - @microsoft/sarif-multitool-linux (npm): Microsoft's SARIF validator, with GitHub's code
#   scanning rules and the official SARIF 2.1.0 schema;
# - Neovim (Debian): a real editor's LSP client for `megahex lsp` (tests/e2e/neovim.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: the versions the tests were written against. yaml-language-server 2 needs Node 22.
YAML_LANGUAGE_SERVER=1.25.0
SARIF_MULTITOOL=5.7.0
prefix="$PWD/target/ci-clients"
mkdir -p "$prefix"

if ! command -v check-jsonschema >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore check-jsonschema
fi

# Neovim's built-in LSP client, for tests/e2e/neovim.rs (Debian's 0.7 has it).
if ! command -v nvim >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends neovim >/dev/null
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi

npm install --prefix "$prefix" --no-audit --no-fund --silent \
  "yaml-language-server@$YAML_LANGUAGE_SERVER" \
  "@microsoft/sarif-multitool-linux@$SARIF_MULTITOOL"
multitool="$prefix/node_modules/@microsoft/sarif-multitool-linux"
chmod +x "$multitool/Sarif.Multitool"

cat > "$prefix/env" <<VARS
export MEGAHEX_CHECK_JSONSCHEMA="$(command -v check-jsonschema)"
export MEGAHEX_YAML_LANGUAGE_SERVER="$prefix/node_modules/yaml-language-server/bin/yaml-language-server"
export MEGAHEX_SARIF_MULTITOOL="$multitool"
export MEGAHEX_NEOVIM="$(command -v nvim)"
VARS
echo "installed into $prefix; source $prefix/env"
