#!/usr/bin/env bash
# Benchmark: the full `ccbulletin report` on a synthetic federation, side by
# side with `pgn-extract -r` validating the same games' PGN records.
#
#   bash bench/federation.sh [TOURNAMENTS] [PLAYERS]      (default 150 10)
#
# Prints, for 1× and 4× the federation: the median of 3 runs of each tool,
# their ratio, games per second, peak memory (GNU time), and ccbulletin with
# --jobs 1 against --jobs 2 on the compute stage. Output goes to BENCH_OUT
# (default: a temporary folder on the same disk as the repository, as the
# nightly run writes to out/), and once more to /dev/shm to show what the
# disk costs.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-150}
P=${2:-10}
if ! command -v pgn-extract >/dev/null && [ ! -x /usr/games/pgn-extract ]; then
  (apt-get update -qq && apt-get install -y -qq pgn-extract) >/dev/null
fi
if ! command -v bc >/dev/null; then (apt-get update -qq && apt-get install -y -qq bc) >/dev/null; fi
if [ ! -x /usr/bin/time ]; then (apt-get update -qq && apt-get install -y -qq time) >/dev/null; fi
PGNX=$(command -v pgn-extract || echo /usr/games/pgn-extract)
cargo build --release -q --bin ccbulletin --example synth --example compute_stage
BIN=target/release/ccbulletin
WORK=${BENCH_OUT:-$(mktemp -d -p "$PWD/target" bench.XXXX)}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
secs() { # command... → wall seconds
  local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
peak() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print int($2/1024)}'; }
run_scale() {
  local n=$1 dir=$WORK/fed-$1
  if [ ! -f "$dir/in/merged.pgn" ]; then
    target/release/examples/synth --tournaments "$n" --players "$P" "$dir/in" 2>/dev/null
  fi
  local games; games=$(grep -c '^\[Event ' "$dir/in/merged.pgn")
  local report=("$BIN" report --tournaments "$dir/in" --out "$dir/out" --as-of 2026-12-02)
  local shm=("$BIN" report --tournaments "$dir/in" --out "/dev/shm/ccbulletin-bench-$n" --as-of 2026-12-02)
  "${report[@]}" >/dev/null 2>&1 || true   # warm the page cache and out/
  local c p s
  c=$(for _ in 1 2 3; do secs "${report[@]}"; done | median)
  s=$(for _ in 1 2 3; do secs "${shm[@]}"; done | median)
  p=$(for _ in 1 2 3; do secs "$PGNX" -r -s "$dir/in/merged.pgn"; done | median)
  local mem pmem j1 j2
  mem=$(peak "${report[@]}")
  pmem=$(peak "$PGNX" -r -s "$dir/in/merged.pgn")
  local cs; cs=$(target/release/examples/compute_stage "$dir/in")
  rm -rf "/dev/shm/ccbulletin-bench-$n"
  printf '%-6s %7s games | ccbulletin %6.2f s (tmpfs %5.2f s) %6.0f games/s %4s MB | pgn-extract -r %5.2f s %4s MB | ratio %5.2f (tmpfs %4.2f) | %s\n' \
    "${n}×$P" "$games" "$c" "$s" "$(echo "$games / $c" | bc -l)" "$mem" "$p" "$pmem" "$(echo "$c / $p" | bc -l)" "$(echo "$s / $p" | bc -l)" "$cs"
  echo "$c" > "$WORK/time-$n"
}
echo "ccbulletin vs pgn-extract on $(nproc) cores; work folder $WORK"
run_scale "$N"
run_scale $((N * 4))
t1=$(cat "$WORK/time-$N"); t4=$(cat "$WORK/time-$((N * 4))")
printf '4× the games in %.2f× the time\n' "$(echo "$t4 / $t1" | bc -l)"
