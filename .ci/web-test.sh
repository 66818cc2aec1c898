#!/usr/bin/env bash
# Tests the web site .ci/web-build.sh wrote to target/web:
# - tests/web/verdicts.mjs: the WebAssembly checker, run in Node on every fixture and bundled
#   scenario, reports what `megahex validate --format json` reports;
# - tests/web/browser.mjs: the page in headless Chromium (Debian's package, driven by
#   playwright-core from npm), opened through share links and `?url=`.
# Installs what it needs: Chromium (apt) and playwright-core (npm, into target/web-test).
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYWRIGHT_CORE=1.65.2
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -f target/web-test/node_modules/playwright-core/package.json ] ||
  ! grep -q "\"version\": \"$PLAYWRIGHT_CORE\"" target/web-test/node_modules/playwright-core/package.json; then
  mkdir -p target/web-test
  npm install --prefix target/web-test --no-audit --no-fund --silent "playwright-core@$PLAYWRIGHT_CORE"
fi

cargo build --quiet -p megahex
node tests/web/verdicts.mjs target/debug/megahex
node tests/web/browser.mjs target/debug/megahex target/web-test/screenshots
