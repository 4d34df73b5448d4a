#!/usr/bin/env python3
"""Summarise the benchmark results in bench/out/ and check the targets.

Usage: summarize.py OUTDIR SLUG=LABEL [SLUG=LABEL ...]

Reads OUTDIR/SLUG.json (hyperfine --export-json) and OUTDIR/SLUG.mem.json
(peakmem.py --json) for each pair, prints a table and PASS/FAIL per target,
writes OUTDIR/summary.md, and exits 0 if every target passes, 1 if not.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path

HTML = "ruldiff html"
GIT = "git diff --word-diff"

# (pair slug, description, limit in seconds) for the html median
TIME_TARGETS = [("adjacent", 0.2), ("17-year-gap", 0.8)]  # issue #16, item 4 (were 0.3 and 1.0)
RSS_LIMIT_MB = 100.0


def fmt(x: float | None, spec: str = ".3f") -> str:
    return "-" if x is None else format(x, spec)


def main() -> int:
    outdir = Path(sys.argv[1])
    pairs = [arg.split("=", 1) for arg in sys.argv[2:]]

    header = ["pair", "command", "median s", "min s", "max s", "x git", "peak RSS MB"]
    rows: list[list[str]] = []
    html_median: dict[str, float] = {}
    peak: dict[str, float] = {}

    for slug, label in pairs:
        results = json.loads((outdir / f"{slug}.json").read_text())["results"]
        mem = json.loads((outdir / f"{slug}.mem.json").read_text())
        peak[slug] = mem["peak_mb"]
        by_name = {r["command"]: r for r in results}
        git_median = by_name[GIT]["median"] if GIT in by_name else None
        for r in results:
            name = r["command"]
            if name == HTML:
                html_median[slug] = r["median"]
            ratio = r["median"] / git_median if git_median else None
            rows.append([
                label,
                name,
                fmt(r["median"]),
                fmt(r["min"]),
                fmt(r["max"]),
                fmt(ratio, ".1f"),
                fmt(peak[slug], ".1f") if name == HTML else "-",
            ])

    labels = dict(pairs)
    checks: list[tuple[str, bool]] = []
    for slug, limit in TIME_TARGETS:
        if slug in html_median:
            got = html_median[slug]
            checks.append((f"{labels[slug]}: html median {got:.3f} s < {limit} s", got < limit))
    for slug, _label in pairs:
        got = peak[slug]
        checks.append((f"{labels[slug]}: html peak RSS {got:.1f} MB < {RSS_LIMIT_MB:.0f} MB",
                       got < RSS_LIMIT_MB))

    # -- terminal ---------------------------------------------------------
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    numeric = {2, 3, 4, 5, 6}

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    print(line(header))
    print(line(["-" * w for w in widths]))
    for row in rows:
        print(line(row))
    print()
    for text, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    all_ok = all(ok for _, ok in checks)
    print("all targets met" if all_ok else "some targets missed")

    # -- markdown ---------------------------------------------------------
    runs = os.environ.get("BENCH_RUNS", "?")
    md = [
        "# ruldiff benchmark summary",
        "",
        f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"- host: {platform.node()} ({os.cpu_count()} CPUs), Python {platform.python_version()}",
        f"- ruldiff: {os.environ.get('BENCH_RULDIFF', '?')}",
        f"- startup baseline interpreter: {os.environ.get('BENCH_PYTHON', '?')}",
        f"- hyperfine: --warmup 2 --runs {runs}; peak RSS = max over 3 runs",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---:" if i in numeric else "---" for i in range(len(header))) + "|",
    ]
    md += ["| " + " | ".join(row) + " |" for row in rows]
    md += ["", "## Targets", ""]
    md += [f"- **{'PASS' if ok else 'FAIL'}** {text}" for text, ok in checks]
    md.append("")
    (outdir / "summary.md").write_text("\n".join(md))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
