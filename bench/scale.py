#!/usr/bin/env python3
"""Time and peak memory of ruldiff against the size of its input, beside git.

Usage: scale.py [--sizes 1000,10000,100000] [--crafted 1000,2000,4000] [--wrapped 20000,40000,80000]
                [--template 10000,40000] [--ruldiff CMD] [--keep DIR]

Generates rules documents of invented text (numbered sections, headings,
rules and subrules, as the Comprehensive Rules are laid out) with the given
numbers of rules, and a second version of each with ~3% of the rules edited,
~1% inserted (renumbering the rest of their heading) and ~1% removed. Then the
crafted worst case of the moved-rule search (align.py, step 6): N old rules
and N new ones, far apart, that all share their rarest words. Then, with
``--wrapped``, a hard-wrapped document whose one rule and one glossary entry
run over N lines each (the parser joins a paragraph's lines: once per line,
that was quadratic); with ``--template``, N rules that are all one template's
instances, every one reworded (no rule the same in both: one gap of N rules
each way, where each rule looks at `BAND` others). For each pair it
runs ``ruldiff OLD NEW -f json -j 1`` and ``git diff --no-index --word-diff``
once each, and prints the wall-clock time, the peak resident memory (max RSS
from os.wait4, MB = 1024 KiB) and the input size. The documents are made from
a fixed seed, so every run compares the same files.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

WORDS = (
    "ember glyph lantern keeper vault tide stone gale flame ash shard rune beacon cinder warden "
    "drift spire hollow marsh crest token phase turn step pool card deck hand discard exile "
    "counter cost target effect ability trigger source player opponent owner controller "
    "choose reveal draw shuffle place return move put gain lose each any another other "
    "may must can cannot only once twice until unless while after before during then"
).split()


def _sentence(rng: random.Random, low: int = 8, high: int = 30) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize() + "."


def document(n_rules: int, seed: int) -> list[tuple[str, str]]:
    """(number, text) of about `n_rules` numbered lines: 9 sections, up to 99
    headings each, rules and subrules under them."""
    rng = random.Random(seed)
    per_heading = max(1, n_rules // (9 * 99))
    out: list[tuple[str, str]] = []
    for section in range(1, 10):
        out.append((f"{section}", f"Section {section}"))
        for h in range(99):
            if len(out) >= n_rules:
                return out
            heading = f"{section}{h:02d}"
            out.append((heading, " ".join(rng.choice(WORDS) for _ in range(2)).title()))
            for r in range(1, per_heading + 1):
                out.append((f"{heading}.{r}", _sentence(rng)))
    return out


def revise(rules: list[tuple[str, str]], seed: int) -> list[tuple[str, str]]:
    """A later version: ~3% of the rules edited, ~1% inserted, ~1% removed;
    rules after an insertion or removal in a heading are renumbered."""
    rng = random.Random(seed)
    texts: list[tuple[str, str]] = []  # (heading or "", text) in order
    for number, text in rules:
        if "." not in number:
            texts.append((number, text))
            continue
        roll = rng.random()
        if roll < 0.01:
            continue  # removed
        if roll < 0.04:
            words = text.rstrip(".").split()
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            text = " ".join(words) + "."
        head = number.split(".")[0]
        texts.append((f"{head}.", text))
        if rng.random() < 0.01:
            texts.append((f"{head}.", _sentence(rng)))  # inserted
    out: list[tuple[str, str]] = []
    counter: dict[str, int] = {}
    for key, text in texts:
        if key.endswith("."):
            head = key[:-1]
            counter[head] = counter.get(head, 0) + 1
            out.append((f"{head}.{counter[head]}", text))
        else:
            out.append((key, text))
    return out


def crafted(n: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The worst case of the moved-rule search: `n` old rules at the start,
    `n` new ones at the end, numbered apart, all sharing every word but one."""
    shared = "alpha bravo charlie delta echo foxtrot golf hotel india"
    anchors = [(f"Anchor rule number {k} says something of its own, {k} times.") for k in range(50)]
    old = [("1", "Old Things"), ("100", "Old")] + [(f"100.{i + 1}", f"{shared} xold{i}") for i in range(n)]
    old += [("2", "Kept Things"), ("200", "Kept")] + [(f"200.{k + 1}", t) for k, t in enumerate(anchors)]
    new = [("1", "Kept Things"), ("100", "Kept")] + [(f"100.{k + 1}", t) for k, t in enumerate(anchors)]
    new += [("2", "New Things"), ("200", "New")] + [(f"200.{i + 51}", f"{shared} ynew{i}") for i in range(n)]
    return old, new


def wrapped(n: int) -> tuple[str, str]:
    """Two hard-wrapped documents whose rule 100.2 and glossary entry "Tide"
    each run over `n` lines; the new one changes a word of each."""
    def text(word: str) -> str:
        rules = [f"100.{k}. The keeper of rule {k} tends the lantern of the tower gallery and then"
                 f"\nreports to the warden at dusk." for k in (1, 3, 4)]
        long_rule = "100.2. The keeper tends the lantern" + "\nand tends the ember of the long watch" * n
        entry = "Tide\nThe water that rises" + "\nand falls at the harbour wall by the old tower" * n
        body = "\n\n".join([rules[0], long_rule.replace("ember", word, 1), *rules[1:]])
        glossary = entry.replace("harbour", word, 1)
        return (f"Scale Test Rules\n\n1. Game Concepts\n\n100. General\n\n{body}\n\nGlossary\n\n{glossary}\n\n"
                "Wick\nA cord that burns.\n")
    return text("ember"), text("cinder")


def template(n: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """`n` rules on one template, and each reworded the same way."""
    old = [(f"{100 + k // 900}.{k % 900 + 1}", f"The keeper of lantern {k} shall light the ember at dusk.")
           for k in range(n)]
    return old, [(number, text.replace("keeper", "warden").replace("ember", "flame")) for number, text in old]


def layout(rules: list[tuple[str, str]]) -> str:
    out = ["Scale Test Rules", "", "These rules are effective as of May 1, 2024.", ""]
    for number, text in rules:
        sep = "" if "." in number else "."
        out += [f"{number}{sep} {text}" if sep == "" else f"{number}. {text}", ""]
    return "\n".join(out) + "\n"


def measure(cmd: list[str]) -> tuple[float, float]:
    """Wall-clock seconds and peak RSS (MB) of one run of `cmd`."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code not in (0, 1):  # git diff: 1 = files differ
        sys.exit(f"scale: command failed with exit status {code}: {' '.join(cmd)}")
    return elapsed, usage.ru_maxrss / 1024


def default_ruldiff() -> list[str]:
    venv = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "ruldiff"
    return [str(venv)] if venv.exists() else ["ruldiff"]


def write_cases(
    workdir: Path, sizes: list[int], crafted_sizes: list[int], wrapped_sizes: Sequence[int] = (),
    template_sizes: Sequence[int] = (),
) -> None:
    """Write each case's two documents into `workdir`, named by `case_files`."""
    cases = [(f"{n:,} rules", lambda n=n: (document(n, seed=n), revise(document(n, seed=n), seed=n + 1))) for n in sizes]
    cases += [(f"crafted {n:,}", lambda n=n: crafted(n)) for n in crafted_sizes]
    cases += [(f"template {n:,}", lambda n=n: template(n)) for n in template_sizes]
    for name, make in cases:
        old, new = make()
        a, b = case_files(workdir, name)
        a.write_text(layout(old), encoding="utf-8")
        b.write_text(layout(new), encoding="utf-8")
    for n in wrapped_sizes:
        a, b = case_files(workdir, f"wrapped {n:,}")
        old_text, new_text = wrapped(n)
        a.write_text(old_text, encoding="utf-8")
        b.write_text(new_text, encoding="utf-8")


def case_files(workdir: Path, name: str) -> tuple[Path, Path]:
    stem = name.replace(" ", "-").replace(",", "")
    return workdir / f"{stem}-old.txt", workdir / f"{stem}-new.txt"


def count_rules(path: Path) -> int:
    with path.open(encoding="utf-8") as lines:  # line by line: this process stays small
        return sum(1 for line in lines if line[:1].isdigit())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--crafted", default="1000,2000,4000")
    ap.add_argument("--wrapped", default="", help="lines of the long paragraphs, e.g. 20000,40000,80000")
    ap.add_argument("--template", default="", help="rules of one template, all reworded, e.g. 10000,40000")
    ap.add_argument("--ruldiff", help="the command to time (default: .venv/bin/ruldiff)")
    ap.add_argument("--keep", help="write the documents to this directory and keep them")
    ap.add_argument("--write-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    crafted_sizes = [int(s) for s in args.crafted.split(",") if s]
    wrapped_sizes = [int(s) for s in args.wrapped.split(",") if s]
    template_sizes = [int(s) for s in args.template.split(",") if s]
    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="ruldiff-scale-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.write_only:
        write_cases(workdir, sizes, crafted_sizes, wrapped_sizes, template_sizes)
        return
    # The documents are made by another process: a child's peak memory
    # counts the pages it shares with this one when forked, so this one
    # stays small (~10 MB, the floor of every figure below).
    subprocess.run(
        [sys.executable, __file__, "--write-only", "--keep", str(workdir), "--sizes", args.sizes,
         "--crafted", args.crafted, "--wrapped", args.wrapped, "--template", args.template],
        check=True,
    )
    ruldiff = shlex.split(args.ruldiff) if args.ruldiff else default_ruldiff()
    names = [f"{n:,} rules" for n in sizes] + [f"crafted {n:,}" for n in crafted_sizes]
    names += [f"template {n:,}" for n in template_sizes] + [f"wrapped {n:,}" for n in wrapped_sizes]
    print("| case | rules (old/new) | input (old+new) | ruldiff time | ruldiff peak | peak / input | git word diff | git peak |")
    print("|---|---|---|---|---|---|---|---|")
    out = workdir / "out.json"
    for name in names:
        a, b = case_files(workdir, name)
        size_mb = (a.stat().st_size + b.stat().st_size) / 2**20
        r_time, r_peak = measure([*ruldiff, str(a), str(b), "-f", "json", "-j", "1", "-o", str(out)])
        g_time, g_peak = measure(["git", "diff", "--no-index", "--word-diff", str(a), str(b)])
        print(
            f"| {name} | {count_rules(a):,}/{count_rules(b):,} | {size_mb:.1f} MB | {r_time:.2f} s | {r_peak:.0f} MB "
            f"| {r_peak / size_mb:.0f}x | {g_time:.2f} s | {g_peak:.0f} MB |",
            flush=True,
        )
        if not args.keep:
            a.unlink()
            b.unlink()
    if not args.keep:
        out.unlink(missing_ok=True)
        workdir.rmdir()


if __name__ == "__main__":
    main()
