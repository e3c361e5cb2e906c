#!/usr/bin/env bash
# Builds the browser site into web/dist: the engine (web/engine) for wasm32-unknown-unknown,
# the page (web/src) and the examples. Serve it with any static server, e.g.
#   python3 -m http.server -d web/dist
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# For the module only: no debug info, whole-program optimisation (3.0 MB rather than 3.5 MB).
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
cargo build --release --target wasm32-unknown-unknown -p cgt-web
wasm="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/release/cgt_web.wasm"
dist="$root/web/dist"
rm -rf "$dist"
mkdir -p "$dist/examples"
cp web/src/*.html web/src/*.js web/src/*.css "$dist/"
# Names and other custom sections are no use to the page.
python3 web/strip_wasm.py "$wasm" "$dist/cgt.wasm"
names=()
for f in examples/*.cgt; do
  cp "$f" "$dist/examples/"
  names+=("\"$(basename "$f" .cgt)\"")
done
(IFS=,; echo "[${names[*]}]") > "$dist/examples/index.json"
# What the service worker keeps for offline use.
(
  cd "$dist"
  files=("\"./\"")
  for f in *.html *.js *.css cgt.wasm examples/*; do files+=("\"$f\""); done
  (IFS=,; echo "[${files[*]}]") > files.json
)
echo "built $dist ($(wc -c < "$dist/cgt.wasm") bytes of wasm, $(gzip -9 -c "$dist/cgt.wasm" | wc -c) gzipped)"
