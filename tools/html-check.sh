#!/usr/bin/env bash
# HTML validity: runs html-validate with its recommended preset
# (tools/htmlvalidate.json; a rule is turned off there only with its
# reason beside it) on every HTML page of a report, both trees, and fails
# on any error.
#   bash tools/html-check.sh OUT_DIR     (OUT_DIR: a report's out/ folder)
# html-validate comes from the npm registry into target/html-validate
# (once), as tools/axe-check.sh installs axe-core.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/html-check.sh OUT_DIR}
dir=target/html-validate
if [ ! -x "$dir/node_modules/.bin/html-validate" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm install --silent --no-audit --no-fund html-validate@9 >/dev/null)
fi
mapfile -t pages < <(find "$out" -name '*.html' | sort)
if [ "${#pages[@]}" -eq 0 ]; then
  echo "html-check: no HTML page under $out" >&2
  exit 1
fi
if "$dir/node_modules/.bin/html-validate" --config tools/htmlvalidate.json --formatter stylish "${pages[@]}"; then
  echo "html-check: ${#pages[@]} pages, 0 errors (html-validate recommended)"
else
  echo "html-check: html-validate found errors in the pages above" >&2
  exit 1
fi
