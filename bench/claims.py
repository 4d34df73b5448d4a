#!/usr/bin/env python3
"""The cost of each claim of a comparison, in-process, as a Markdown table.

Usage: claims.py [--runs N] [--pair NAME ...] [--cpu]

Another tree is timed with `PYTHONPATH=/tmp/base/tool .venv/bin/python
bench/claims.py` (a stage its code lacks is timed as 0).

For each pair (the 17-year gap, the adjacent pair 2025-11-14 -> 2026-01-16
and the 2018 "he or she" pair), both documents are parsed once, then
`compare` runs N times (default 7); each stage is timed on every run and
the table gives the median. The stages:

- align, worddiff, classify: `changed_pairs`, `diff_words` (the word diffs
  of the pairs; those `join_splits` asks for count under splits) and
  `classify`, as `pipeline.compare` calls them;
- the semantic pass, split into run building (`runs.runs`, with the two
  claims a run holds alone), references/stale (`References`, the
  renumbering map, numbers mapped in the loop), splits (`join_splits`,
  `force_splits`), substitutions (`rewrites` and the `Rewrites` methods,
  `agreement_run`), lists, cosmetic, moves, and the rest of `annotate`
  (its loop itself: "annotate, other").

Each stage is timed exclusive of the stages it calls (a word diff asked
for by `join_splits` counts under worddiff), by wrapping the names that
pipeline.py and semantic.py call; a wrapper costs ~0.3 µs a call, which
the per-change claims (lists, cosmetic, moves: a call or more per change,
3,800 changes on the 17-year gap) pay most. Every cache of ruldiff's
functions is emptied before each run (`fresh`), as in a new process. The last rows give the
semantic pass (`annotate` + `join_splits` + `renumbering`) and the whole
`compare` timed in runs of their own, with no wrapper but theirs: the
figures to quote for the pass as a whole.

The cycle collector is tuned as the `ruldiff` command tunes it
(`ruldiff.cli.GC_THRESHOLD`, set before the documents are parsed): with
Python's default it walks the objects of the parsed documents and of the
runs hundreds of times, which the command never does (the gap's semantic
pass 315 -> 296 ms, compare 660 -> 600 ms of CPU; bench/README.md, speed10).
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The installed ruldiff, or another tree's (`PYTHONPATH=/tmp/base/tool`, for
# figures before a change); this tree's only if none is installed.
sys.path.append(str(ROOT / "tool"))

from ruldiff import compare, decode, parse  # noqa: E402
try:
    from ruldiff.cli import GC_THRESHOLD  # noqa: E402
except ImportError:  # a tree older than the command's tuning: Python's default
    GC_THRESHOLD = 700
from ruldiff.diff import cosmetic, pipeline, semantic, substitutions  # noqa: E402
from ruldiff.diff.references import References  # noqa: E402

PAIRS = {
    "17-year gap": ("mtg/2009-10-01.txt", "mtg/2026-01-16.txt"),
    "adjacent": ("mtg/2025-11-14.txt", "mtg/2026-01-16.txt"),
    "2018 he-or-she": ("mtg/2018-01-19.txt", "mtg/2018-04-27.txt"),
}

# stage -> (module, names in it) wrapped; a method is "Class.method".
STAGES: dict[str, list[tuple[Any, str]]] = {
    "align": [(pipeline, "changed_pairs")],
    "worddiff": [(pipeline, "diff_words")],
    "classify": [(pipeline, "classify")],
    "run building": [(semantic, "runs")],
    "references/stale": [
        (semantic, "References"), (References, "citing"), (References, "of_change"), (References, "of_rules"),
        (References, "possibly_stale"),
        (semantic, "map_numbers"), (pipeline, "renumbering"),
    ],
    "splits": [(pipeline, "join_splits"), (pipeline, "force_splits")],
    "substitutions": [
        (semantic, "rewrites"), (substitutions.Rewrites, "used"), (substitutions.Rewrites, "tally"),
        (substitutions.Rewrites, "listed"), (substitutions.Rewrites, "renames"), (semantic, "agreement_run"),
    ],
    "lists": [(semantic, "list_items"), (semantic, "entangled"), (semantic, "without"), (semantic, "joined")],
    "cosmetic": [
        (semantic, "respellings"), (semantic, "symbol_of"), (semantic, "goes_with"),
        (semantic, "marks_only"), (semantic, "marks_at_edges"), (semantic, "corrections"), (semantic, "word_of"),
        (semantic, "punctuation_run"), (semantic, "printed_at_edges"),
    ],
    "moves": [(semantic, "moved"), (semantic, "containers"), (semantic, "parents")],
    "annotate, other": [(pipeline, "annotate")],
}
SEMANTIC = ("run building", "references/stale", "splits", "substitutions", "lists", "cosmetic", "moves", "annotate, other")


CLOCK = time.perf_counter
"""What the stages are timed with; `--cpu` makes it `time.process_time`, the
time this process ran, which another process on the machine disturbs less."""


def corpora() -> Path:
    return Path(os.environ.get("RULDIFF_CORPORA") or ROOT.parent / "shared" / "corpora")


@contextmanager
def wrapped(stages: dict[str, list[tuple[Any, str]]], spent: dict[str, float]) -> Iterator[None]:
    """Wrap each named function so that its time, less that of the wrapped
    functions it calls, is added to its stage in `spent`."""
    children = [0.0]  # time of wrapped calls inside the current one
    saved: list[tuple[Any, str, Any]] = []

    def timer(stage: str, f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def timed(*args: Any, **kwargs: Any) -> Any:
            outer = children[0]
            children[0] = 0.0
            start = CLOCK()
            try:
                return f(*args, **kwargs)
            finally:
                took = CLOCK() - start
                spent[stage] += took - children[0]
                children[0] = outer + took

        return timed

    try:
        for stage, names in stages.items():
            for owner, name in names:
                original = owner.__dict__.get(name)
                if original is None:
                    continue  # an older tree (bench/README.md's "before" figures) may lack it
                saved.append((owner, name, original))
                setattr(owner, name, timer(stage, original))
        yield
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


def fresh() -> None:
    """Empty every cache of ruldiff's functions (`functools.lru_cache`): each
    run then costs what the one comparison of a `ruldiff` process costs."""
    for name, module in list(sys.modules.items()):
        if name.startswith("ruldiff"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def measure(old: Any, new: Any, runs: int) -> dict[str, float]:
    """Median seconds of each stage, and of the semantic pass and `compare` whole."""
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(runs):
        fresh()
        spent: dict[str, float] = defaultdict(float)
        with wrapped(STAGES, spent):
            compare(old, new)
        for stage in STAGES:
            samples[stage].append(spent[stage])
        whole: dict[str, float] = defaultdict(float)
        semantic_only = {
            "semantic pass": [(pipeline, n) for n in ("annotate", "join_splits", "force_splits", "renumbering")],
            "worddiff": [(pipeline, "diff_words")],  # those join_splits asks for are not the semantic pass
        }
        fresh()
        start = CLOCK()
        with wrapped(semantic_only, whole):
            compare(old, new)
        samples["compare"].append(CLOCK() - start)
        samples["semantic pass"].append(whole["semantic pass"])
    return {stage: statistics.median(values) for stage, values in samples.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each pair (median); default 7")
    parser.add_argument("--pair", action="append", choices=list(PAIRS), help="a pair to time (default: all)")
    parser.add_argument("--cpu", action="store_true", help="time the process's CPU time, not wall-clock time")
    args = parser.parse_args(argv)
    gc.set_threshold(GC_THRESHOLD, 50, 100)  # as the command runs (`ruldiff.cli.run`)
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    names = args.pair or list(PAIRS)
    root = corpora()
    results = {}
    for name in names:
        a, b = PAIRS[name]
        old, new = (parse(decode((root / p).read_bytes(), str(root / p))) for p in (a, b))
        compare(old, new)  # warm-up: imports, caches of compiled patterns
        results[name] = measure(old, new, args.runs)
    clock = "CPU time" if args.cpu else "wall-clock time"
    print(f"Median of {args.runs} runs, ms of {clock} (`bench/claims.py{' --cpu' if args.cpu else ''}`):\n")
    print("| stage | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    rows = [s for s in STAGES if s not in SEMANTIC] + [f"semantic: {s}" for s in SEMANTIC] + ["semantic pass", "compare"]
    for row in rows:
        stage = row.removeprefix("semantic: ")
        label = f"**{row}** (unwrapped)" if row in ("semantic pass", "compare") else row
        print(f"| {label} | " + " | ".join(f"{results[n][stage] * 1000:.0f}" for n in names) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
