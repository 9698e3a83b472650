#!/usr/bin/env bash
# Phone first: renders every kind of page of the sample, English and
# Russian (the indexes, the bulletins, the arbiter's lists, the longest game
# pages, every player's page), in headless Chromium at 390 px wide and fails
# when any page scrolls sideways as a whole
# (document.documentElement.scrollWidth > 390) or when the standings or a
# card table (a player's games, the bulletin's games) scroll inside their
# box; then runs tools/axe-check.sh on the same report (axe-core, WCAG A/AA,
# at 390 and 1280 px, every kind of page) and tools/html-check.sh
# (html-validate, recommended preset, every page) and fails on any
# violation or error.
# The measuring script stands only in a page made here beside each one; the
# published pages hold no JavaScript.
#   bash tools/phone-check.sh   (CCB_BIN=path/to/ccbulletin skips the build;
#                                CCB_TEMPLATES=DIR checks edited templates)
set -euo pipefail
cd "$(dirname "$0")/.."
width=390
if ! command -v chromium >/dev/null; then
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
fi
bin=${CCB_BIN:-}
if [ -z "$bin" ]; then
  cargo build -q
  bin=target/debug/ccbulletin
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" report --tournaments tournaments --out "$tmp/out" --as-of 2026-12-02 --quiet ${CCB_TEMPLATES:+--templates "$CCB_TEMPLATES"} >/dev/null 2>&1 || true
root="$tmp/out/public"
arb="$tmp/out/arbiter"
# Every kind of page in both languages (ec2026-sf3 is English, cup2025-ru
# Russian): both indexes, each bulletin and arbiter's list, each
# tournament's longest game page, and every player's page (long notes and
# grace periods included).
longest() { ls -S "$1"/*.html | head -1; }
pages=(
  "$root/index.html"
  "$arb/index.html"
)
for t in ec2026-sf3 cup2025-ru; do
  pages+=("$root/$t/index.html" "$arb/$t/arbiter.html" "$(longest "$root/$t/games")")
  pages+=("$root/$t"/players/*.html)
done
# Headless Chromium will not open a window under 500 px, so each page is
# measured inside a 390 px wide iframe of a measuring page beside it.
fail=0
for page in "${pages[@]}"; do
  dir=$(dirname "$page")
  measure="$dir/phone-check-measure.html"
  cat >"$measure" <<HTML
<html><body style="margin:0"><iframe id="f" src="$(basename "$page")" style="width:${width}px;height:800px;border:0"></iframe>
<script>document.getElementById("f").onload=function(){var c=this.contentDocument,d=c.documentElement,n=0;
c.querySelectorAll(".scroll").forEach(function(s){if(s.querySelector("table.standings, table.cards")){n=Math.max(n,s.scrollWidth-s.clientWidth);}});
document.title="SW="+d.scrollWidth+" CW="+d.clientWidth+" TO="+n;};</script></body></html>
HTML
  dom=$(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --allow-file-access-from-files --hide-scrollbars --user-data-dir="$tmp/profile" --window-size=1280,900 \
    --virtual-time-budget=5000 --dump-dom "file://$measure" 2>/dev/null || true)
  rm -f "$measure"
  title=$(printf '%s' "$dom" | sed -n 's/.*<title>\(SW=[^<]*\)<\/title>.*/\1/p' | head -1)
  sw=$(printf '%s' "$title" | sed -n 's/.*SW=\([0-9]*\).*/\1/p')
  cw=$(printf '%s' "$title" | sed -n 's/.*CW=\([0-9]*\).*/\1/p')
  to=$(printf '%s' "$title" | sed -n 's/.*TO=\([0-9]*\).*/\1/p')
  rel=${page#"$tmp/out"/}
  if [ -z "$sw" ] || [ -z "$cw" ]; then
    echo "phone-check: $rel: no measurement" >&2
    fail=1
  elif [ "$cw" -ne "$width" ] || [ "$sw" -gt "$width" ]; then
    echo "phone-check: $rel scrolls sideways at $width px: scrollWidth $sw (viewport $cw)" >&2
    fail=1
  elif [ "${to:-0}" -gt 0 ]; then
    echo "phone-check: $rel: the standings or a card table scroll sideways at $width px by $to px" >&2
    fail=1
  else
    echo "phone-check: $rel: scrollWidth $sw <= $width, standings and cards fit"
  fi
done
# Accessibility on the same report: axe-core, 390 and 1280 px, every kind
# of page, English and Russian.
bash tools/axe-check.sh "$tmp/out" || fail=1
# Validity of every page of the same report.
bash tools/html-check.sh "$tmp/out" || fail=1
exit $fail
