#!/usr/bin/env python3
"""The targets of issue #16 on the whole MTG archive, in interleaved rounds.

Usage: bench/history.py [--rounds N] [--corpus DIR] [--ruldiff PATH] [--jobs 1,2]
                        [--engines auto|python,compiled] [--json FILE]

Each round times, in turn (wall clock of whole processes, peak memory from
wait4, which covers the forked workers):

- ``cold -jN``: ``ruldiff history`` of every release (126) into a new site
  with an empty cache (RULDIFF_CACHE_DIR), for N = 1 and 2;
- ``add-one -jN``: the rerun after adding the last release: the cache and
  the site as a run on the 125 others left them (restored before each run,
  untimed), then ``ruldiff history`` on all 126 into that site;
- ``git x125``: ``git diff --no-index --word-diff`` on the 125 adjacent
  pairs, one process each, as a reference for the cost of a diff.

With ``--engines python,compiled`` each cold and add-one variant runs once
per word-diff engine (RULDIFF_ENGINE), in turn within each round.

Prints per variant the median, min and max seconds, the ratio of medians to
``git x125``, the peak memory and the median CPU time (user + system, the
workers included: steadier than the wall clock on a busy machine); the machine's load average before and
after, to say how noisy it was. Targets: cold < 15 s, add-one < 2 s, peak
< 300 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(seconds, peak MB, CPU seconds: user + system, workers included) of one run; exits if it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode not in (0, 1):
        sys.exit(f"history bench: {' '.join(argv[:3])}... failed ({proc.returncode}): {err[-500:]}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpora" / "mtg"))
    ap.add_argument("--ruldiff", default=str(ROOT / ".venv" / "bin" / "ruldiff"))
    ap.add_argument("--jobs", default="1,2", help="the -j values of the cold and add-one runs")
    ap.add_argument("--engines", default="auto",
                    help="RULDIFF_ENGINE of the cold and add-one runs, comma-separated (default: auto)")
    ap.add_argument("--json", help="also write the samples to this file")
    opts = ap.parse_args()
    files = sorted(Path(opts.corpus).glob("*.txt"))
    if len(files) < 3:
        sys.exit(f"history bench: no corpus in {opts.corpus}")
    jobs = [int(j) for j in opts.jobs.split(",")]
    engines = opts.engines.split(",")
    runs = [(j, e, f"-j{j}" + (f" {e}" if len(engines) > 1 else "")) for e in engines for j in jobs]
    tmp = Path(tempfile.mkdtemp(prefix="ruldiff-bench-history-"))
    env = dict(os.environ)
    try:
        series = tmp / "series"
        series.mkdir()
        for f in files[:-1]:
            (series / f.name).symlink_to(f)
        # The state the add-one runs start from: cache and site of a run on all but the last.
        warm, site125 = tmp / "warm-cache", tmp / "site125"
        subprocess.run([opts.ruldiff, "history", str(series), "-o", str(site125), "--follow-links"],
                       env=env | {"RULDIFF_CACHE_DIR": str(warm)}, check=True, stderr=subprocess.DEVNULL)
        (series / files[-1].name).symlink_to(files[-1])
        names = [f"cold {v}" for _, _, v in runs] + [f"add-one {v}" for _, _, v in runs] + ["git x125"]
        samples: dict[str, list[tuple[float, float, float]]] = {n: [] for n in names}
        load_before = os.getloadavg()
        for r in range(opts.rounds):
            for j, e, v in runs:
                cache, site = tmp / f"cold-cache-{r}-{j}", tmp / f"cold-site-{r}-{j}"
                samples[f"cold {v}"].append(timed(
                    [opts.ruldiff, "history", str(series), "-o", str(site), "-j", str(j), "--follow-links"],
                    env | {"RULDIFF_CACHE_DIR": str(cache), "RULDIFF_ENGINE": e}))
                shutil.rmtree(cache), shutil.rmtree(site)
            for j, e, v in runs:
                cache, site = tmp / "add-cache", tmp / "add-site"
                shutil.rmtree(cache, ignore_errors=True), shutil.rmtree(site, ignore_errors=True)
                shutil.copytree(warm, cache), shutil.copytree(site125, site)
                samples[f"add-one {v}"].append(timed(
                    [opts.ruldiff, "history", str(series), "-o", str(site), "-j", str(j), "--follow-links"],
                    env | {"RULDIFF_CACHE_DIR": str(cache), "RULDIFF_ENGINE": e}))
            start = time.perf_counter()
            for old, new in zip(files, files[1:]):
                subprocess.run(["git", "diff", "--no-index", "--word-diff", str(old), str(new)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            samples["git x125"].append((time.perf_counter() - start, 0.0, 0.0))
            print(f"round {r + 1}: " + ", ".join(f"{n} {samples[n][-1][0]:.2f}s" for n in names), flush=True)
        load_after = os.getloadavg()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    base = statistics.median(s for s, _, _ in samples["git x125"])
    print(f"\n{len(files)} releases, {opts.rounds} rounds; load average before {load_before[0]:.2f}, "
          f"after {load_after[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{'variant':<24} {'median':>8} {'min':>8} {'max':>8} {'vs git':>7} {'peak MB':>8} {'CPU s':>7}")
    for n in names:
        secs = [s for s, _, _ in samples[n]]
        peak = max(m for _, m, _ in samples[n])
        cpu = statistics.median(c for _, _, c in samples[n])
        print(f"{n:<24} {statistics.median(secs):8.2f} {min(secs):8.2f} {max(secs):8.2f} "
              f"{statistics.median(secs) / base:7.2f} {peak:8.1f} {cpu:7.2f}")
    if opts.json:
        Path(opts.json).write_text(json.dumps({"load": [load_before, load_after], "samples": samples}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
