#!/usr/bin/env python3
"""Peak resident memory of a command, as the maximum over several runs.

Usage: peakmem.py [--runs N] [--json FILE] -- COMMAND [ARG...]

Each run is a fresh child process; its max RSS comes from os.wait4(), which on
Linux also covers any descendants the child waited for. Prints the maximum in
MB (1 MB = 1024 KiB) on stdout. Exits 2 if any run fails.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys


def peak_kib(cmd: list[str]) -> int:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code  # keep Popen from reaping again
    if code != 0:
        sys.exit(f"peakmem: command failed with exit status {code}: {' '.join(cmd)}")
    return usage.ru_maxrss  # KiB on Linux


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", help="also write the result as JSON to this file")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd or args.runs < 1:
        ap.error("need --runs >= 1 and a command after --")

    samples = [peak_kib(cmd) for _ in range(args.runs)]
    peak_mb = max(samples) / 1024
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"command": cmd, "max_rss_kib": samples, "peak_mb": peak_mb}, fh, indent=2)
    print(f"{peak_mb:.1f}")


if __name__ == "__main__":
    main()
