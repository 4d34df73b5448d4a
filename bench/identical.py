#!/usr/bin/env python3
"""Byte-identity of ruldiff's outputs across a change that must not change them.

Usage:
  bench/identical.py write DIR [--python PY]   every pair's outputs into DIR
  bench/identical.py compare DIR_A DIR_B       list the files that differ; exit 1 if any

`write` runs `PY -m ruldiff OLD NEW -f FORMAT -o DIR/NAME.FORMAT` for every
adjacent pair of each real corpus (MTG, Riftbound, Riftbound Tournament),
plus the 17-year gap (MTG 2009-10-01 -> 2026-01-16), in JSON, HTML and
Markdown, two at a time, and keeps each run's standard error and exit
status beside its output. PY defaults to this interpreter; give another
venv's python to write a base revision's outputs (a clean clone with its own
venv: `git clone -q . /tmp/base && git -C /tmp/base checkout REV`, then
`python3 -m venv /tmp/base/.venv && /tmp/base/.venv/bin/pip install -q /tmp/base`).

The corpora are read from $RULDIFF_CORPORA, else ../shared/corpora.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("json", "html", "md")
GAP = ("mtg/2009-10-01.txt", "mtg/2026-01-16.txt")


def corpora() -> Path:
    return Path(os.environ.get("RULDIFF_CORPORA") or ROOT.parent / "shared" / "corpora")


def pairs(root: Path) -> list[tuple[Path, Path]]:
    """Every adjacent pair of each corpus, in date order, then the 17-year gap."""
    out = []
    for family in ("mtg", "riftbound", "riftbound-tournament"):
        releases = sorted((root / family).glob("*.txt"))
        out += list(zip(releases, releases[1:]))
    out.append((root / GAP[0], root / GAP[1]))
    return out


def write(directory: Path, python: str) -> int:
    directory.mkdir(parents=True, exist_ok=True)
    jobs = []
    for old, new in pairs(corpora()):
        name = f"{old.parent.name}_{old.stem}_{new.stem}"
        jobs += [(old, new, fmt, directory / f"{name}.{fmt}") for fmt in FORMATS]

    def run(job: tuple[Path, Path, str, Path]) -> None:
        old, new, fmt, out = job
        done = subprocess.run([python, "-m", "ruldiff", str(old), str(new), "-f", fmt, "-o", str(out)],
                              capture_output=True)
        out.with_name(out.name + ".err").write_bytes(done.stderr)
        out.with_name(out.name + ".rc").write_text(f"{done.returncode}\n")

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(run, jobs))
    print(f"{len(jobs)} outputs written to {directory}")
    return 0


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if not (a / n).is_file() or not (b / n).is_file()
              or (a / n).read_bytes() != (b / n).read_bytes()]
    for name in differ:
        print(f"differs: {name}")
    outputs = sum(1 for n in names if n.rsplit(".", 1)[-1] in FORMATS)
    print(f"{outputs} outputs, {len(names) - outputs} status and stderr files compared; {len(differ)} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("directory", type=Path)
    w.add_argument("--python", default=sys.executable)
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    opts = parser.parse_args()
    return write(opts.directory, opts.python) if opts.command == "write" else compare(opts.a, opts.b)


if __name__ == "__main__":
    sys.exit(main())
