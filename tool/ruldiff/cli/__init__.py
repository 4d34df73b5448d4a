"""The command line: the only importer of click, one module per command.

    ruldiff OLD NEW [--format text|md|html|json|context] [--stat] [-o FILE] [--exit-code]
    ruldiff parse FILE    ruldiff schema    ruldiff check FILE | OLD NEW
    ruldiff history FILES...    ruldiff trace RULE FILES...    ruldiff review OLD NEW

- `run` (here): the console script, which tunes the cycle collector, then
  imports main.py: the group, its `run`, and the one place where errors
  become a line on stderr and an exit status;
- diff.py, parse.py, schema.py, check.py, history.py, trace.py, review.py:
  one command each, wiring its options to the layers below;
- options.py: options shared by several commands; read.py: a command's
  documents, with the warnings on how they were read; output.py: where
  ``-o`` and standard output are written.

Reading inputs (files, standard input, sizes) is documents/load.py's.
"""

import gc

__all__ = ["GC_THRESHOLD", "SERIES_GC_THRESHOLD", "run", "series_collector"]

GC_THRESHOLD = 1_000_000
"""Allocations between two collections of the youngest generation (Python's
default: 700). A run allocates some 10^5 small objects (rules, pairs, edits)
that live until it ends and form almost no reference cycles; with the default, the
cycle collector walks them hundreds of times, a sixth of the time of a
comparison of two releases. Reference counting still frees everything as usual.
At 100,000 the 17-year gap's run still crossed it once, a collection that
walked every object of the run and freed none: 22.5 ms of CPU (its HTML run
1.04 -> 1.02 s of CPU, medians of 5 interleaved; peak memory the same); the
adjacent and 2018 pairs cross neither."""

SERIES_GC_THRESHOLD = 100_000
"""The same for a run over a series (`history`, `trace`), which compares
release after release in one process: the reference cycles each comparison
leaves wait for a collection, and at `GC_THRESHOLD` they piled up, the cold
history of the 126 MTG releases peaking at 306 MB (-j2; 424 MB -j1) against
270 MB (370 MB) at this one (bench/history.py --rounds 1, session 6)."""


def series_collector() -> None:
    """Collect the youngest generation every `SERIES_GC_THRESHOLD`
    allocations: called by the commands that run over a series."""
    gc.set_threshold(SERIES_GC_THRESHOLD, 50, 100)


def run() -> None:
    """The ``ruldiff`` command (and ``python -m ruldiff``): `main.run`, the
    cycle collector tuned for one short run (`GC_THRESHOLD`) before click and
    the command's modules are imported, which with Python's default walked
    the objects of those imports some twenty times (~3% of the start)."""
    gc.set_threshold(GC_THRESHOLD, 50, 100)
    from .main import run as run_main

    run_main()
