#!/usr/bin/env bash
# Benchmark ruldiff against `git diff --word-diff` on real MTG rules documents.
# See bench/README.md.  Exit status: 0 all targets met, 1 some missed, 2 setup error.
set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$BENCH_DIR")"
OUT="$BENCH_DIR/out"
CORPORA="${RULDIFF_CORPORA:-$REPO/../shared/corpora}"
RUNS="${BENCH_RUNS:-10}"

die() { echo "bench: $*" >&2; exit 2; }

# -- setup checks -------------------------------------------------------------
[[ -d "$CORPORA/mtg" ]] || die "corpora not found at '$CORPORA' (expected an mtg/ folder); set RULDIFF_CORPORA"

if [[ -n "${RULDIFF:-}" ]]; then
    RULDIFF_BIN="$RULDIFF"
elif command -v ruldiff >/dev/null 2>&1; then
    RULDIFF_BIN="$(command -v ruldiff)"
else
    RULDIFF_BIN="$REPO/.venv/bin/ruldiff"
fi
[[ -x "$RULDIFF_BIN" ]] || die "ruldiff not found or not executable at '$RULDIFF_BIN'; set RULDIFF"

command -v hyperfine >/dev/null 2>&1 || die "hyperfine not found: apt-get install hyperfine"
command -v git >/dev/null 2>&1 || die "git not found"
command -v python3 >/dev/null 2>&1 || die "python3 not found"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive integer, got '$RUNS'"

# name|label|old|new
PAIRS=(
    "adjacent|adjacent|mtg/2025-11-14.txt|mtg/2026-01-16.txt"
    "17-year-gap|17-year gap|mtg/2009-10-01.txt|mtg/2026-01-16.txt"
    "2018-he-or-she|2018 he-or-she|mtg/2018-01-19.txt|mtg/2018-04-27.txt"
)
for pair in "${PAIRS[@]}"; do
    IFS='|' read -r _ _ old new <<<"$pair"
    for f in "$old" "$new"; do
        [[ -f "$CORPORA/$f" ]] || die "missing corpus file '$CORPORA/$f'"
    done
done

mkdir -p "$OUT"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT

# Python startup baseline: use the interpreter that runs ruldiff (from its #! line),
# not a `python3` on PATH that may be a slow wrapper such as a pyenv shim.
PY_BASE=python3
if [[ "$(head -c2 "$RULDIFF_BIN")" == '#!' ]]; then
    read -r -a shebang < <(head -n1 "$RULDIFF_BIN" | cut -c3-)
    if [[ "${shebang[0]:-}" == */env ]]; then PY_BASE="${shebang[1]:-python3}"; else PY_BASE="${shebang[0]:-python3}"; fi
    [[ "$(basename -- "$PY_BASE")" == python* ]] && command -v "$PY_BASE" >/dev/null 2>&1 || PY_BASE=python3
fi

RD_VERSION="$("$RULDIFF_BIN" --version 2>&1 | head -n1 || true)"
export BENCH_RUNS="$RUNS" BENCH_RULDIFF="$RULDIFF_BIN ($RD_VERSION)" BENCH_PYTHON="$PY_BASE"
echo "ruldiff:   $RULDIFF_BIN ($RD_VERSION)"
echo "python:    $PY_BASE (startup baseline)"
echo "corpora:   $CORPORA"
echo "hyperfine: $(hyperfine --version), --warmup 2 --runs $RUNS"
echo

# -- runs ---------------------------------------------------------------------
q() { printf '%q' "$1"; }
RD="$(q "$RULDIFF_BIN")"
SUMMARY_ARGS=()
cd "$SCRATCH"   # keep git and ruldiff away from any repository state
# Compiled templates are cached in a directory of the bench's own; the first
# (untimed) run of each pair fills it. One command runs without the cache to
# show what a first run costs.
export RULDIFF_CACHE_DIR="$SCRATCH/cache"
for pair in "${PAIRS[@]}"; do
    IFS='|' read -r slug label old new <<<"$pair"
    OLD="$(q "$CORPORA/$old")"
    NEW="$(q "$CORPORA/$new")"
    HTML_OUT="$SCRATCH/x.html"
    echo "=== $label: $old -> $new"

    # Sanity run first, so a ruldiff error shows its message instead of a hyperfine abort.
    for fmt in html json; do
        if ! "$RULDIFF_BIN" "$CORPORA/$old" "$CORPORA/$new" --format "$fmt" -o "$SCRATCH/x.$fmt" \
                >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"; then
            cat "$SCRATCH/stderr" >&2
            die "ruldiff --format $fmt failed on $label"
        fi
        if [[ -s "$SCRATCH/stderr" ]]; then
            echo "note: ruldiff --format $fmt wrote to stderr:" >&2
            head -n 20 "$SCRATCH/stderr" >&2
        fi
    done

    # git diff exits 1 when the files differ, hence `|| true` for that command only.
    hyperfine --warmup 2 --runs "$RUNS" --export-json "$OUT/$slug.json" \
        -n "ruldiff html" "$RD $OLD $NEW --format html -o $(q "$HTML_OUT")" \
        -n "ruldiff html, no template cache" "env RULDIFF_CACHE_DIR= $RD $OLD $NEW --format html -o $(q "$HTML_OUT")" \
        -n "ruldiff html, pure-Python engine" "env RULDIFF_ENGINE=python $RD $OLD $NEW --format html -o $(q "$HTML_OUT")" \
        -n "ruldiff json" "$RD $OLD $NEW --format json -o $(q "$SCRATCH/x.json")" \
        -n "git diff --word-diff" "git diff --no-index --word-diff $OLD $NEW > /dev/null || true" \
        -n "python3 -c pass" "$(q "$PY_BASE") -c pass" \
        || die "hyperfine failed on $label"

    printf 'peak RSS (ruldiff html, max of 3 runs): '
    python3 "$BENCH_DIR/peakmem.py" --runs 3 --json "$OUT/$slug.mem.json" -- \
        "$RULDIFF_BIN" "$CORPORA/$old" "$CORPORA/$new" --format html -o "$HTML_OUT" \
        || die "peak-memory run failed on $label"
    echo
    SUMMARY_ARGS+=("$slug=$label")
done

# -- summary ------------------------------------------------------------------
echo "=== summary (also in $OUT/summary.md)"
status=0
python3 "$BENCH_DIR/summarize.py" "$OUT" "${SUMMARY_ARGS[@]}" || status=$?
# summarize.py exits 1 for missed targets; anything else is a crash.
(( status <= 1 )) || die "summarize.py failed (exit $status)"
exit "$status"
