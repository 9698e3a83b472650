#!/usr/bin/env bash
# Benchmark: the full `ccbulletin report` on a synthetic federation, side by
# side with what bounds it, at 1× and 4× the federation, in one run:
#
#   bash bench/federation.sh [TOURNAMENTS] [PLAYERS]      (default 150 10)
#
# BENCH_SCALES=1 measures 1× alone (a shared machine's shorter run).
#
# - the report with its output on tmpfs vs `pgn-extract -r` on the same
#   games (the CPU work side by side), and the write floor on tmpfs (writing
#   the report's files alone, which pgn-extract does not do);
# - the report on disk (a fresh output folder each run) vs the write floor
#   (examples/write_floor.rs: the same files, from memory, on the same disk);
# - a rerun with nothing changed (same output folder, same inputs);
# - a rerun after one game's log changed (a copy of the federation; each run
#   appends a word to the note column of one move-log row);
# - the next night: the same inputs, the as-of date one day later, over the
#   output of nightly runs on the three days before (disk; and the first
#   night after a fresh report, before there are spare folders), with its
#   count of files whose bytes stayed the same but which were written again
#   (another inode or modification time; the lock file, rewritten by every
#   run, and the spare folders, the tool's working copy, left out), its
#   count of files whose bytes changed (or that are new) and their bytes:
#   what an rsync of the output would send;
# - `--jobs 1` vs `--jobs 2` of the whole report (output on tmpfs);
# - peak memory (GNU time).
# Every figure is the median of 3 wall-clock runs; the runs compared are
# interleaved; the full runs pass --force (runs are incremental otherwise).
# The script knows nothing of the output's layout beyond
# `--out DIR`. Inputs and outputs go to BENCH_OUT (default: a temporary folder
# under target/, on the repository's disk) and to /dev/shm. The moves come
# from twic1599.pgn: BENCH_PGN, else $CCB_CORPUS/pgn/, else ../shared/corpus/pgn/.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-150}
P=${2:-10}
install() { (apt-get update -qq && apt-get install -y -qq "$1") >/dev/null; }
if ! command -v pgn-extract >/dev/null && [ ! -x /usr/games/pgn-extract ]; then install pgn-extract; fi
if ! command -v bc >/dev/null; then install bc; fi
if [ ! -x /usr/bin/time ]; then install time; fi
PGNX=$(command -v pgn-extract || echo /usr/games/pgn-extract)
PGN=${BENCH_PGN:-${CCB_CORPUS:-../shared/corpus}/pgn/twic1599.pgn}
[ -f "$PGN" ] || { echo "no $PGN: set BENCH_PGN or CCB_CORPUS" >&2; exit 2; }
cargo build --release -q --bin ccbulletin --example synth --example write_floor
BIN=target/release/ccbulletin
FLOOR=target/release/examples/write_floor
WORK=${BENCH_OUT:-$(mktemp -d -p "$PWD/target" bench.XXXX)}
SHM=$(mktemp -d -p /dev/shm ccbulletin-bench.XXXX)
trap 'rm -rf "$SHM"' EXIT
AS_OF=2026-12-02
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
# report IN OUT [ARGS...] → wall seconds; stops the bench if the run could not be made.
report() {
  local in=$1 out=$2; shift 2
  local t0 t1 rc=0; t0=$(now)
  "$BIN" report --tournaments "$in" --out "$out" --as-of "${RUN_AS_OF:-$AS_OF}" --quiet "$@" >/dev/null 2>"$WORK/last.err" || rc=$?
  t1=$(now)
  if [ "$rc" -gt 1 ]; then echo "report failed ($rc):" >&2; cat "$WORK/last.err" >&2; exit 2; fi
  echo "$t1 - $t0" | bc -l
}
pgnx() { local t0 t1; t0=$(now); "$PGNX" -r -s "$1" >/dev/null 2>&1 || true; t1=$(now); echo "$t1 - $t0" | bc -l; }
peak() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print int($2/1024)}'; }
# files DIR → "path inode mtime md5 size" per file, sorted by path.
# (md5sum is run on many files at once: one process a file took minutes at 4×.)
# The tool's own working files are left out: the lock, and the spare
# folders (the folders replaced last, kept to be made into the next ones).
report_files() { find . -path ./.ccbulletin.spare -prune -o -type f -not -name .ccbulletin.lock "$@"; }
files() {
  (cd "$1" && LC_ALL=C join \
    <(report_files -printf '%p %i %T@ %s\n' | LC_ALL=C sort) \
    <(report_files -print0 | xargs -0 md5sum | awk '{print $2, $1}' | LC_ALL=C sort) |
    awk '{print $1, $2, $3, $5, $4}')
}
# rewritten BEFORE AFTER → files with the same bytes but another inode or time.
rewritten() { LC_ALL=C join <(cat "$1") <(cat "$2") | awk '$4 == $8 && ($2 != $6 || $3 != $7)' | wc -l; }
# changed BEFORE AFTER → "N BYTES": the files of AFTER whose bytes differ
# from BEFORE's or that are new, and their size (what rsync sends).
changed() { LC_ALL=C join -a 2 -e NONE -o 2.1,1.4,2.4,2.5 <(cat "$1") <(cat "$2") | awk '$2 != $3 {n++; b += $4} END {print n + 0, b + 0}'; }
ratio() { if [ "$1" = - ] || [ "$2" = - ]; then echo -; else LC_ALL=C printf "%.2f" "$(echo "scale=6; $1 / $2" | bc -l)"; fi; }  # rounded, not truncated
declare -A R
measure() {
  local s=$1 n=$2 dir=$WORK/fed-$2
  local in=$dir/in out=$dir/out
  [ -f "$in/merged.pgn" ] || target/release/examples/synth --tournaments "$n" --players "$P" --pgn "$PGN" "$in" >/dev/null 2>&1
  R[games,$s]=$(grep -c '^\[Event ' "$in/merged.pgn")
  report "$in" "$SHM/out" >/dev/null   # warm the page cache
  local a=() b=() c=() d=() i
  # tmpfs report vs pgn-extract -r.
  for i in 1 2 3; do a+=("$(report "$in" "$SHM/out" --force)"); b+=("$(pgnx "$in/merged.pgn")"); done
  R[shm,$s]=$(printf '%s\n' "${a[@]}" | median); R[pgnx,$s]=$(printf '%s\n' "${b[@]}" | median)
  # The report's own summary line (stage thread times), from a last tmpfs run.
  "$BIN" report --tournaments "$in" --out "$SHM/out" --as-of "$AS_OF" --force 2>&1 >/dev/null | grep '^ccbulletin: [0-9]* tournaments' > "$WORK/summary-$s" || true
  # --jobs 1 vs --jobs 2, on tmpfs.
  a=() b=()
  for i in 1 2 3; do a+=("$(report "$in" "$SHM/out" --force --jobs 1)"); b+=("$(report "$in" "$SHM/out" --force --jobs 2)"); done
  R[j1,$s]=$(printf '%s\n' "${a[@]}" | median); R[j2,$s]=$(printf '%s\n' "${b[@]}" | median)
  R[mem,$s]=$(peak "$BIN" report --tournaments "$in" --out "$SHM/out" --as-of "$AS_OF" --quiet --force)
  R[pmem,$s]=$(peak "$PGNX" -r -s "$in/merged.pgn")
  # The write floor on tmpfs: what writing the report's files alone costs
  # there, beside pgn-extract, which writes nothing.
  a=()
  for i in 1 2 3; do a+=("$("$FLOOR" "$SHM/out" "$SHM/floor" | awk '{print $(NF-1)}')"); done
  R[shmfloor,$s]=$(printf '%s\n' "${a[@]}" | median)
  rm -rf "$SHM/out" "$SHM/floor"
  # Disk: a fresh output folder each run vs the write floor of the same tree.
  a=() b=()
  for i in 1 2 3; do
    rm -rf "$out"; sync; a+=("$(report "$in" "$out")")
    sync; b+=("$("$FLOOR" "$out" "$dir/floor" | awk '{print $(NF-1)}')")
  done
  R[disk,$s]=$(printf '%s\n' "${a[@]}" | median); R[floor,$s]=$(printf '%s\n' "${b[@]}" | median)
  R[files,$s]=$(cd "$out" && report_files -print | wc -l); R[mb,$s]=$(du -sm --exclude=.ccbulletin.spare "$out" | cut -f1)
  rm -rf "$dir/floor"
  # Reruns into the same output folder: nothing changed; one log changed.
  rm -rf "$dir/copy" "$dir/copy-out"; cp -r "$in" "$dir/copy"; report "$dir/copy" "$dir/copy-out" >/dev/null
  local log; log=$(find "$dir/copy" -path '*/games/*.csv' | sort | awk 'NR == 1')
  a=() b=()
  for i in 1 2 3; do
    sync; a+=("$(report "$in" "$out")")
    sed -i "2s/\$/ bench$i/" "$log"; sync; b+=("$(report "$dir/copy" "$dir/copy-out")")
  done
  R[same,$s]=$(printf '%s\n' "${a[@]}" | median); R[one,$s]=$(printf '%s\n' "${b[@]}" | median)
  rm -rf "$dir/copy" "$dir/copy-out"
  # The next night, as a nightly cron runs it: reports on the two days
  # before AS_OF, then AS_OF, then the same inputs one day later (timed).
  # The first night after a fresh report (no spare folders yet) is timed
  # too, as "first next night".
  local next prev prev2; next=$(date -d "$AS_OF + 1 day" +%F)
  prev=$(date -d "$AS_OF - 1 day" +%F); prev2=$(date -d "$AS_OF - 2 day" +%F)
  a=() b=() c=() d=()
  for i in 1 2 3; do
    rm -rf "$dir/night"; RUN_AS_OF=$prev2 report "$in" "$dir/night" >/dev/null
    sync; d+=("$(RUN_AS_OF=$prev report "$in" "$dir/night")")
    report "$in" "$dir/night" >/dev/null; files "$dir/night" > "$WORK/night-before"
    sync; a+=("$(RUN_AS_OF=$next report "$in" "$dir/night")")
    files "$dir/night" > "$WORK/night-after"; b+=("$(rewritten "$WORK/night-before" "$WORK/night-after")")
    c+=("$(changed "$WORK/night-before" "$WORK/night-after")")
  done
  R[night,$s]=$(printf '%s\n' "${a[@]}" | median); R[nightrw,$s]=$(printf '%s\n' "${b[@]}" | median)
  R[first,$s]=$(printf '%s\n' "${d[@]}" | median)
  R[nightfiles,$s]=$(wc -l < "$WORK/night-after")
  R[nightch,$s]=$(printf '%s\n' "${c[@]}" | awk '{print $1}' | median)
  R[nightmb,$s]=$(printf '%s\n' "${c[@]}" | awk '{printf "%.1f\n", $2 / 1048576}' | median)
  rm -rf "$dir/night"
}
echo "ccbulletin bench, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); work folder $WORK"
echo "medians of 3 wall-clock seconds; on a shared machine the figures are noisy"
SCALES=${BENCH_SCALES:-1 4}
for s in $SCALES; do measure "$s" $((N * s)); done
# A scale not measured prints as "-".
for s in 1 4; do
  case " $SCALES " in *" $s "*) ;; *) for k in games files mb shm pgnx shmfloor disk floor same one night first nightrw nightfiles nightch nightmb j1 j2 mem pmem; do R[$k,$s]=-; done ;; esac
done
row() { printf '%-44s %12s %12s %8s\n' "$@"; }
sec() { if [ "$1" = - ]; then echo -; else printf '%.3f s' "$1"; fi; }
row "" "${N}×$P" "$((N * 4))×$P" "4×/1×"
row "games" "${R[games,1]}" "${R[games,4]}" ""
row "output files (MB)" "${R[files,1]} (${R[mb,1]})" "${R[files,4]} (${R[mb,4]})" ""
line() { # label key
  row "$1" "$(sec "${R[$2,1]}")" "$(sec "${R[$2,4]}")" "$(ratio "${R[$2,4]}" "${R[$2,1]}")"
}
rat() { # label num den
  row "  $1" "$(ratio "${R[$2,1]}" "${R[$3,1]}")" "$(ratio "${R[$2,4]}" "${R[$3,4]}")" ""
}
line "report, output on tmpfs" shm
line "pgn-extract -r, same games" pgnx
rat "tmpfs / pgn-extract" shm pgnx
line "write floor, same files, tmpfs" shmfloor
rat "tmpfs write floor / pgn-extract" shmfloor pgnx
for s in 1 4; do R[pgnfloor,$s]=-; [ "${R[pgnx,$s]}" = - ] || R[pgnfloor,$s]=$(echo "${R[pgnx,$s]} + ${R[shmfloor,$s]}" | bc -l); done
rat "tmpfs / (pgn-extract + write floor)" shm pgnfloor
line "report, output on disk (fresh folder)" disk
line "write floor, same files, same disk" floor
rat "disk / floor" disk floor
line "rerun, nothing changed (disk)" same
rat "rerun / full (disk)" same disk
line "rerun after one log changed (disk)" one
rat "one change / full (disk)" one disk
line "next night, as-of + 1 day (disk)" night
rat "next night / full (disk)" night disk
line "first next night after a fresh report" first
rat "first next night / full (disk)" first disk
row "  unchanged files rewritten (of all)" "${R[nightrw,1]} (${R[nightfiles,1]})" "${R[nightrw,4]} (${R[nightfiles,4]})" ""
pct() { if [ "$1" = - ]; then echo -; else LC_ALL=C printf "%.0f%%" "$(echo "scale=6; 100 * $1 / $2" | bc -l)"; fi; }
row "  files changed (share), MB rsync sends" "${R[nightch,1]} ($(pct "${R[nightch,1]}" "${R[nightfiles,1]}")), ${R[nightmb,1]}" \
  "${R[nightch,4]} ($(pct "${R[nightch,4]}" "${R[nightfiles,4]}")), ${R[nightmb,4]}" ""
line "report --jobs 1 (tmpfs)" j1
line "report --jobs 2 (tmpfs)" j2
rat "jobs 1 / jobs 2" j1 j2
row "peak memory, report (MB)" "${R[mem,1]}" "${R[mem,4]}" ""
row "peak memory, pgn-extract -r (MB)" "${R[pmem,1]}" "${R[pmem,4]}" ""
echo "summary line of the tool, 1×: $(cat "$WORK/summary-1")"
echo "summary line of the tool, 4×: $(cat "$WORK/summary-4" 2>/dev/null)"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
