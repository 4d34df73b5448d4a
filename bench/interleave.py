#!/usr/bin/env python3
"""Time whole commands in turn, round after round, and compare their medians.

Usage: interleave.py [--rounds N] [--warmup N] NAME=COMMAND [NAME=COMMAND ...]

Each round runs every command once, in the order given; the wall-clock time
of each whole process is recorded. On a shared machine whose speed drifts
from one minute to the next, this compares two versions (or two options)
far better than timing each command in a block of its own, as hyperfine
does: a slow minute falls on both. Prints, per command, the median, mean,
min and max, and the ratio of its median to the first command's.

    bench/interleave.py --rounds 20 \\
        "before=env PYTHONPATH=/tmp/old/tool .venv/bin/python -m ruldiff A B -f html -o /tmp/a.html" \\
        "after=.venv/bin/ruldiff A B -f html -o /tmp/b.html"

A COMMAND is split like a shell command line (shlex), but run without a
shell. Its output is discarded. Exit status: 0, or 2 if a command fails or
the arguments are wrong.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
import time


def parse_commands(specs: list[str]) -> list[tuple[str, list[str]]]:
    """NAME=COMMAND strings -> (name, argv) pairs; ValueError on a bad one."""
    out = []
    for spec in specs:
        name, sep, command = spec.partition("=")
        if not sep or not name.strip() or not command.strip():
            raise ValueError(f"expected NAME=COMMAND, got {spec!r}")
        out.append((name.strip(), shlex.split(command)))
    names = [name for name, _ in out]
    if len(set(names)) != len(names):
        raise ValueError("each command needs its own name")
    return out


def run_once(argv: list[str]) -> float:
    """Wall-clock seconds of one run; CalledProcessError if it fails."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return time.perf_counter() - start


def main(args: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="timed rounds (default 20)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first (default 1)")
    parser.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    opts = parser.parse_args(args)
    if opts.rounds < 1 or opts.warmup < 0:
        print("interleave: --rounds must be at least 1 and --warmup at least 0", file=sys.stderr)
        return 2
    try:
        commands = parse_commands(opts.commands)
    except ValueError as exc:
        print(f"interleave: {exc}", file=sys.stderr)
        return 2
    times: dict[str, list[float]] = {name: [] for name, _ in commands}
    name = commands[0][0]
    try:
        for round_ in range(opts.warmup + opts.rounds):
            for name, argv in commands:
                seconds = run_once(argv)
                if round_ >= opts.warmup:
                    times[name].append(seconds)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        last = detail.decode(errors="replace").strip().splitlines()[-1:] or [str(exc)]
        print(f"interleave: {name} failed: {last[0]}", file=sys.stderr)
        return 2
    first = statistics.median(times[commands[0][0]])
    print(f"{opts.rounds} rounds, each command once per round, in this order")
    print(f"{'command':<16} {'median s':>9} {'mean s':>8} {'min s':>7} {'max s':>7} {'ratio':>6}")
    for name, _ in commands:
        t = times[name]
        median = statistics.median(t)
        print(
            f"{name:<16} {median:9.3f} {statistics.mean(t):8.3f} {min(t):7.3f} {max(t):7.3f} "
            f"{median / first:6.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
