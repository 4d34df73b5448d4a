#!/usr/bin/env python3
"""Where a whole ``ruldiff OLD NEW`` command spends its CPU, stage by stage,
against fd45db9's: the table of issue #25's "2018 pair below its fd45db9
time", for any pair.

Usage: stages.py [--runs N] [--format html|json] [--fd45 PYTHON] [--base DIR] OLD NEW

Each run is one fresh process (`-j 1`: one process, so that every stage's
CPU is this process's), the trees taking turns (interleaved, each round in
the other order), N runs each
(default 7); the table gives each stage's median CPU time in ms
(`time.process_time`). The tree measured is the one on PYTHONPATH (this
repository's by default); ``--fd45`` names the Python of fd45db9's own venv
(its flat layout: ``ruldiff.cli``, ``ruldiff.compare``, ``ruldiff.render``),
``-`` for none; ``--base`` adds another tree of this layout (its
``tool`` folder: a worktree of main), run with this tree's Python.

The stages, each timed by a wrapper around the name its caller calls
(inclusive of what it calls):

- import: from the start of the script (Python itself started) until the
  command's modules are imported (click, the comparison, the outputs, and
  here outputs/templating.py, ~1 ms the command imports when it renders;
  not jinja2, which comes with the template);
- read: both documents read, decoded, parsed, warned about;
- compare, and within it align (`changed_pairs`), worddiff (`diff_all`),
  classify, splits (`join_splits`), merges (`parallel_merges`) and the
  semantic pass (`annotate`); what compare spends outside them is its own
  loop, the renumbering map and the result;
- render, and within it the HTML context (`build_context`: called by the
  command before `render` in this tree, inside it in fd45db9's), the template
  loaded (`load_template`: jinja2's import and the compiled template) and
  rendered (`render_loaded`);
- write: the output written (`deliver`; fd45db9's is not timed: 0);
- total: the whole process's CPU, up to its exit.

A stage a tree lacks shows as 0. Interleaving and CPU time make the table
hold on a loaded machine better than wall-clock times do, though a loaded
machine still inflates every figure a little (shared caches).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# Run inside the measured process: argv = WHICH OUT ruldiff-arguments...
_PROBE = r'''
import gc, importlib, json, os, sys, time
t0 = time.process_time()
which, out = sys.argv[1], sys.argv[2]
sys.argv = ["ruldiff"] + sys.argv[3:]
T = {}
def wrap(mod, name, label):
    f = getattr(mod, name, None)
    if f is None:
        return
    def timed(*a, **k):
        s = time.process_time()
        try:
            return f(*a, **k)
        finally:
            T[label] = T.get(label, 0.0) + time.process_time() - s
    setattr(mod, name, timed)
real_exit = os._exit
def leave(status):
    T["total"] = time.process_time() - t0
    with open(out, "w") as fh:
        json.dump(T, fh)
    real_exit(status)
os._exit = leave  # the command ends with it (no teardown): its figures are written first
gc.set_threshold(1_000_000, 50, 100)  # as the command sets it
if which == "tree":
    import ruldiff.cli.main
    cli = importlib.import_module("ruldiff.cli.diff")
    pipeline = importlib.import_module("ruldiff.diff.pipeline")
    render = importlib.import_module("ruldiff.outputs.render")
    templating = importlib.import_module("ruldiff.outputs.templating")
    wrap(cli, "read_pair_then", "read")
    # The page's context is built by the command, before `render` (its
    # documents let go first): timed as a part of the render stage.
    wrap(cli, "build_context", " context")
    wrap(cli, "build_context", "render")
    wrap(cli, "deliver", "write")
    # The command imports `compare` when it calls it: wrapped where it is.
    wrap(pipeline, "compare", "compare")
    run = ruldiff.cli.main.run
else:
    import ruldiff.cli as cli
    pipeline = importlib.import_module("ruldiff.compare")
    render = templating = importlib.import_module("ruldiff.render")
    wrap(cli, "load", "read")
    def run():
        try:
            cli.run()
        except SystemExit as exc:
            leave(exc.code or 0)
        leave(0)
T["import"] = time.process_time() - t0
wrap(cli, "compare", "compare")
wrap(cli, "render", "render")
for name, label in (("changed_pairs", " align"), ("diff_all", " worddiff"), ("classify", " classify"),
                    ("join_splits", " splits"), ("parallel_merges", " merges"), ("annotate", " semantic")):
    wrap(pipeline, name, label)
wrap(render, "build_context", " context")
wrap(templating, "load_template", " load_template")
wrap(templating, "render_loaded", " render_loaded")
run()
'''

STAGES = ["import", "read", "compare", " align", " worddiff", " classify", " splits", " merges", " semantic",
          "render", " context", " load_template", " render_loaded", "write", "total"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--format", default="html", choices=["html", "json"])
    parser.add_argument("--fd45", default="/tmp/fd45/.venv/bin/python",
                        help="the Python of fd45db9's venv; '-' for none")
    parser.add_argument("--base", metavar="DIR",
                        help="another tree of this layout (its tool/ folder, e.g. a worktree of main), "
                        "measured with this Python in the same rounds (then give --fd45 - for a two-column table)")
    args = parser.parse_args()
    trees = {"this tree": [sys.executable, "tree", None]}
    if args.base and not Path(args.base, "ruldiff", "__init__.py").is_file():
        # Else the installed tree would be imported and measured as the base.
        print(f"stages: no ruldiff package in {args.base} (give a tree's tool/ folder)", file=sys.stderr)
        return 2
    if args.base:
        trees["base"] = [sys.executable, "tree", args.base]
    if args.fd45 != "-":
        trees["fd45db9"] = [args.fd45, "fd45", None]
    found: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as scratch:
        probe = Path(scratch, "probe.py")
        probe.write_text(_PROBE)
        out = Path(scratch, "stages.json")
        for r in range(args.runs):
            # Each round in the other order: no tree always runs first,
            # after the other's process.
            for name, (python, which, path) in (list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]):
                cmd = [python, str(probe), which, str(out), args.old, args.new, "-j", "1",
                       "-f", args.format, "-o", str(Path(scratch, f"out.{args.format}"))]
                # fd45db9 runs from its own venv: this tree's PYTHONPATH is not passed to it.
                env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
                if which == "tree":
                    env = {**env, "PYTHONPATH": path} if path else dict(os.environ)
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
                found[name].append(json.loads(out.read_text()))
    names = list(trees)
    print(f"| stage (ms of CPU, median of {args.runs}) | " + " | ".join(names) + (" | difference |" if len(names) == 2 else " |"))
    print("|---|" + "---:|" * (len(names) + (len(names) == 2)))
    for stage in STAGES:
        medians = [statistics.median(run.get(stage, 0.0) for run in found[name]) * 1000 for name in names]
        cells = [f"{m:.1f}" for m in medians]
        if len(names) == 2:
            cells.append(f"{medians[0] - medians[1]:+.1f}")
        label = stage.strip() if not stage.startswith(" ") else "- " + stage.strip()
        print(f"| {label} | " + " | ".join(cells) + " |")
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
