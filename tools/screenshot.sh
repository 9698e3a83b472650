#!/usr/bin/env bash
# Renders the sample (as of 2026-12-02) in headless Chromium for the README:
#   docs/screenshot.png         the bulletin at 1280 px
#   docs/player.png             a player's page at 1280 px
#   docs/phone-bulletin.png     the bulletin at 390 px (a phone)
#   docs/phone-player.png       the player's page at 390 px
#   docs/phone-game.png         a game page at 390 px, with its next message
#   bash tools/screenshot.sh    (CCB_BIN=path/to/ccbulletin to skip the build)
# Headless Chromium opens no window under 500 px: a phone shot is the page
# in a 390 px wide iframe, scaled to fill 500 px.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
fi
bin=${CCB_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q
  bin=target/release/ccbulletin
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" report --tournaments tournaments --out "$tmp/out" --as-of 2026-12-02 --quiet >/dev/null 2>&1 || true
root="$tmp/out"
[ -d "$root/public" ] && root="$root/public"
shot() { # url width height file
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --allow-file-access-from-files --user-data-dir="$tmp/profile" --hide-scrollbars \
    --virtual-time-budget=5000 --window-size="$2,$3" --screenshot="$4" "$1" 2>/dev/null
}
phone() { # page height file
  local frame
  frame="$(dirname "$1")/screenshot-frame.html"
  # 390 CSS px drawn 500 px wide: the phone's layout, as on a 1.28x screen.
  printf '<html><body style="margin:0;overflow:hidden"><iframe src="%s" style="width:390px;height:%spx;border:0;transform:scale(%s);transform-origin:0 0"></iframe></body></html>' \
    "$(basename "$1")" "$2" "$(awk 'BEGIN{printf "%.4f", 500/390}')" >"$frame"
  shot "file://$frame" 500 "$(awk -v h="$2" 'BEGIN{printf "%d", h*500/390}')" "$3"
  rm -f "$frame"
}
player="$root/ec2026-sf3/players/kuznetsova-anna.html"
shot "file://$root/ec2026-sf3/index.html" 1280 1700 "$PWD/docs/screenshot.png"
shot "file://$player" 1280 900 "$PWD/docs/player.png"
phone "$root/ec2026-sf3/index.html" 1600 "$PWD/docs/phone-bulletin.png"
phone "$player" 1400 "$PWD/docs/phone-player.png"
phone "$root/ec2026-sf3/games/g01.html" 1600 "$PWD/docs/phone-game.png"
echo "wrote docs/screenshot.png docs/player.png docs/phone-bulletin.png docs/phone-player.png docs/phone-game.png"
