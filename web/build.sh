#!/usr/bin/env bash
# Builds the browser site into web/dist: the engine (web/engine) for wasm32-unknown-unknown,
# the page (web/src) and the examples. Serve it with any static server, e.g.
#   python3 -m http.server -d web/dist
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# For the module only: no debug info, whole-program optimisation, optimised for size
# (opt-level z: 3.9 MB instead of 5.6 MB stripped, about 1.5 times slower in the measures
# of its pull request; wasm-opt -Oz then takes it to 3.2 MB). Its own target directory keeps
# these settings from rebuilding the native crates of target/.
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_OPT_LEVEL=z
export CARGO_TARGET_DIR="${CGT_WASM_TARGET_DIR:-$root/target/wasm}"
cargo build --release --target wasm32-unknown-unknown -p cgt-web
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/cgt_web.wasm"
dist="$root/web/dist"
rm -rf "$dist"
mkdir -p "$dist/examples"
cp web/src/*.html web/src/*.js web/src/*.css "$dist/"
# Names and other custom sections are no use to the page.
python3 web/strip_wasm.py "$wasm" "$dist/cgt.wasm"
# Binaryen's wasm-opt shrinks it further (Debian's package binaryen; CI installs it).
if ! command -v wasm-opt >/dev/null && [ "${CI:-}" = true ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q binaryen >/dev/null || true
fi
if command -v wasm-opt >/dev/null; then
  wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int "$dist/cgt.wasm" -o "$dist/cgt.opt.wasm"
  mv "$dist/cgt.opt.wasm" "$dist/cgt.wasm"
else
  echo "wasm-opt not found (apt-get install binaryen): the module is not shrunk further" >&2
fi
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
