#!/usr/bin/env bash
# Usage: SNAP=DIR FD45=PY_BIN ROUNDS=N bench/four_runs.sh
# SNAP: a worktree of the revision to measure, its byte code compiled
# (python -m compileall -q SNAP/tool); FD45: the ruldiff command of fd45db9 in its own venv.
# The #25 table: four runs, fd45db9 vs main snapshot vs git word diff, interleaved.
C=${RULDIFF_CORPORA:-$(dirname "$0")/../../shared/corpora}/mtg
SNAP=${SNAP:-/tmp/snap}
M="env PYTHONPATH=$SNAP/tool $(dirname "$0")/../.venv/bin/python -m ruldiff"
F=${FD45:-/tmp/fd45/.venv/bin/ruldiff}
B=$(dirname "$0")/interleave.py
PY=$(dirname "$0")/../.venv/bin/python
run() { # name old new
  echo "## $1"
  $PY $B --rounds ${ROUNDS:-12} \
    "fd45db9=$F $C/$2 $C/$3 -f html -o /tmp/b25-f.html" \
    "main=$M $C/$2 $C/$3 -f html -o /tmp/b25-m.html" \
    "main-json=$M $C/$2 $C/$3 -f json -o /tmp/b25-m.json" \
    "git=sh -c \"git diff --no-index --word-diff $C/$2 $C/$3 > /dev/null; exit 0\""
}
run adjacent 2025-11-14.txt 2026-01-16.txt
run he-or-she 2018-01-19.txt 2018-04-27.txt
run gap17 2009-10-01.txt 2026-01-16.txt
echo "## --version"
$PY $B --rounds ${ROUNDS:-12} "fd45db9=$F --version" "main=$M --version"
echo "## peak memory, 17-year gap, HTML"
for n in fd45db9 main; do
  if [ $n = fd45db9 ]; then cmd="$F"; else cmd="env PYTHONPATH=$SNAP/tool $(dirname "$0")/../.venv/bin/python -m ruldiff"; fi
  echo "$n: $($PY $(dirname "$0")/peakmem.py --runs 3 -- $cmd $C/2009-10-01.txt $C/2026-01-16.txt -f html -o /tmp/b25-p.html) MB"
done
