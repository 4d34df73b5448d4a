#!/usr/bin/env bash
# Count the CPU instructions of whole ruldiff runs on the bench pairs, with
# valgrind (cachegrind, no cache simulation). Unlike wall-clock times on a
# shared machine, the counts repeat to within about 1% from run to run, so a
# change of a few percent shows. A run that hands work to a second process
# (a long comparison's word diffs, the old document read beside the new) is
# counted whole: the counts of its processes are summed.
# Slow: about a minute per run.
#
#   bench/instructions.sh              # html and json for every pair
#   BENCH_FORMATS=html bench/instructions.sh
#
# Environment: RULDIFF_CORPORA, RULDIFF as for run.sh; RULDIFF_ARGS, options
# added to every run ("-j 1": one process, to set beside a tree that has no second). Exit status 2 on a setup error.
set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$BENCH_DIR")"
CORPORA="${RULDIFF_CORPORA:-$REPO/../shared/corpora}"
FORMATS="${BENCH_FORMATS:-html json}"

die() { echo "bench: $*" >&2; exit 2; }
command -v valgrind >/dev/null 2>&1 || die "valgrind not found: apt-get install valgrind"
[[ -d "$CORPORA/mtg" ]] || die "corpora not found at '$CORPORA'; set RULDIFF_CORPORA"
RULDIFF_BIN="${RULDIFF:-$(command -v ruldiff || echo "$REPO/.venv/bin/ruldiff")}"
[[ -x "$RULDIFF_BIN" ]] || die "ruldiff not found at '$RULDIFF_BIN'; set RULDIFF"

SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
export RULDIFF_CACHE_DIR="$SCRATCH/cache"

printf '%-16s %-6s %14s\n' pair format instructions
for pair in "adjacent mtg/2025-11-14.txt mtg/2026-01-16.txt" \
            "17-year-gap mtg/2009-10-01.txt mtg/2026-01-16.txt" \
            "2018-he-or-she mtg/2018-01-19.txt mtg/2018-04-27.txt"; do
    read -r name old new <<<"$pair"
    for fmt in $FORMATS; do
        # An untimed run first fills the template cache, as after a first use.
        "$RULDIFF_BIN" "$CORPORA/$old" "$CORPORA/$new" -f "$fmt" -o "$SCRATCH/out" ${RULDIFF_ARGS:-} \
            || die "ruldiff failed on $name"
        count="$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
            "$RULDIFF_BIN" "$CORPORA/$old" "$CORPORA/$new" -f "$fmt" -o "$SCRATCH/out" ${RULDIFF_ARGS:-} \
            2>&1 >/dev/null | sed -n 's/.*I *refs: *//p' | tr -d ',' | awk '{ n += $1 } END { if (NR) printf "%.0f\n", n }')"
        [[ -n "$count" ]] || die "no instruction count from valgrind for $name $fmt"
        printf '%-16s %-6s %12d M\n' "$name" "$fmt" "$((count / 1000000))"
    done
done
