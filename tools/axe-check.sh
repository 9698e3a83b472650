#!/usr/bin/env bash
# Accessibility: runs axe-core (WCAG 2.x A and AA rules) in headless
# Chromium on every kind of page of a report, English and Russian, at
# 390 px and at 1280 px, and fails on any violation.
#   bash tools/axe-check.sh OUT_DIR     (OUT_DIR: a report's out/ folder)
# axe-core comes from the npm registry into target/axe (once); Chromium is
# installed by tools/phone-check.sh, which calls this script.
# Each page is opened inside an iframe of the given width on a checking
# page beside it (headless Chromium opens no window under 500 px); axe is
# loaded into the framed page and its result read back from the title. The
# published pages hold no script.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/axe-check.sh OUT_DIR}
axe_dir=target/axe
if [ ! -f "$axe_dir/node_modules/axe-core/axe.min.js" ]; then
  mkdir -p "$axe_dir"
  (cd "$axe_dir" && npm install --silent --no-audit --no-fund axe-core@4 >/dev/null)
fi
axe="$(cd "$axe_dir" && pwd)/node_modules/axe-core/axe.min.js"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pub="$out/public"
arb="$out/arbiter"
first() { find "$1" -maxdepth 1 -name "$2" | sort | head -1; }
pages=(
  "$pub/index.html"
  "$arb/index.html"
)
for t in "$pub"/*/; do
  t=${t%/}
  id=$(basename "$t")
  [ -f "$t/index.html" ] || continue
  pages+=("$t/index.html")
  g=$(first "$t/games" '*.html'); [ -n "$g" ] && pages+=("$g")
  p=$(first "$t/players" '*.html'); [ -n "$p" ] && pages+=("$p")
  [ -f "$arb/$id/arbiter.html" ] && pages+=("$arb/$id/arbiter.html")
done
fail=0
for page in "${pages[@]}"; do
  dir=$(dirname "$page")
  for width in 390 1280; do
    check="$dir/axe-check-$width.html"
    cp "$axe" "$dir/axe-check.min.js"
    cat >"$check" <<HTML
<html lang="en"><head><title>pending</title></head><body style="margin:0"><iframe id="f" title="page" src="$(basename "$page")" style="width:${width}px;height:900px;border:0"></iframe>
<script>
document.getElementById("f").onload = function () {
  var w = this.contentWindow, d = this.contentDocument;
  var s = d.createElement("script");
  s.src = "axe-check.min.js";
  s.onload = function () {
    w.axe.run(d, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } })
      .then(function (r) {
        document.title = "AXE " + JSON.stringify(r.violations.map(function (v) {
          return v.id + " x" + v.nodes.length + " " + v.nodes.slice(0, 2).map(function (n) { return n.target.join(" "); }).join(" | ");
        }));
      }, function (e) { document.title = "AXE-ERROR " + e; });
  };
  d.head.appendChild(s);
};
</script></body></html>
HTML
    dom=$(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --allow-file-access-from-files --hide-scrollbars --user-data-dir="$tmp/profile" --window-size=1400,1000 \
      --virtual-time-budget=20000 --dump-dom "file://$check" 2>/dev/null || true)
    rm -f "$check" "$dir/axe-check.min.js"
    title=$(printf '%s' "$dom" | tr '\n' ' ' | sed -n 's/.*<title>\(.*\)<\/title>.*/\1/p' | head -1)
    rel=${page#"$out"/}
    case "$title" in
      'AXE []') echo "axe-check: $rel at $width px: 0 violations" ;;
      AXE*) echo "axe-check: $rel at $width px: ${title#AXE }" >&2; fail=1 ;;
      *) echo "axe-check: $rel at $width px: no result (${title:-no title})" >&2; fail=1 ;;
    esac
  done
done
exit $fail
