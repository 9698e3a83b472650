#!/usr/bin/env bash
# Benchmark row: peak memory and time of a run over one accepted 16 MB move
# log of bad rows (the sample tournaments, one log grown to just under the
# 16 MB limit with rows whose move number cannot be read).
#
#   bash bench/bad_rows.sh
#
# Prints one line: peak resident memory (MB), wall-clock seconds, and the
# size of the arbiter's tree. The target is ≤ 256 MB (issue 31).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { (apt-get update -qq && apt-get install -y -qq time) >/dev/null; }
cargo build --release -q --bin ccbulletin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r tournaments "$work/in"
log="$work/in/ec2026-sf3/games/g01.csv"
python3 - "$log" <<'PY'
import sys
path = sys.argv[1]
limit = 16 * 1024 * 1024 - 64
with open(path, 'a') as f:
    size = f.tell()
    i = 0
    while True:
        row = f"x{i},white,e4,,2026-01-19,,a note that pads the row a little\n"
        if size + len(row) > limit:
            break
        f.write(row)
        size += len(row)
        i += 1
PY
/usr/bin/time -f "%M %e" -o "$work/time" target/release/ccbulletin report \
    --tournaments "$work/in" --out "$work/out" --as-of 2026-12-02 --quiet >/dev/null 2>&1 || true
read -r kb secs < <(tail -n 1 "$work/time")
echo "bad rows: log $(du -m "$log" | cut -f1) MB, peak $((kb / 1024)) MB, $secs s, arbiter tree $(du -sm "$work/out/arbiter" | cut -f1) MB"
