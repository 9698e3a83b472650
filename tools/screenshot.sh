#!/usr/bin/env bash
# Renders the sample's bulletin (out/public/ec2026-sf3/index.html, as of 2026-12-02)
# in headless Chromium to docs/screenshot.png, for the README.
#   bash tools/screenshot.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo run --release -q -- report --tournaments tournaments --out "$tmp/out" --as-of 2026-12-02 --quiet || true
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$tmp/profile" --hide-scrollbars --window-size=1280,1700 \
  --screenshot="$PWD/docs/screenshot.png" "file://$tmp/out/public/ec2026-sf3/index.html" 2>/dev/null
echo "wrote docs/screenshot.png"
