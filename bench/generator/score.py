"""Score ruldiff against documents whose truth is known.

- `score_family(directory, truth, run)` -> a `Tally` for one family already
  written (generated, or one of the hand-written ones).
- `main()`: ``python -m bench.generator.score [--seed N] [--families N]
  [--fresh] [--handwritten] [--python PATH | --tree DIR] [--jobs 2]``:
  generate the families, run ``ruldiff parse`` on every version and
  ``ruldiff diff -f json`` on every pair, in every format written, and print
  the tables.

What is scored (see README.md):

- units read exactly: the IDs ``ruldiff parse`` reads (glossary entries
  aside) are the truth's, same count, same order. IDs are compared as their
  sequence of number tokens (``§ 4-12(a)`` = ``4-12a`` = ``4.12.a``): words
  such as Section, Rule, Article and §, spaces and punctuation are ignored,
  a duplicate marker (``#2``) is not.
- planted edits recovered with the right kind (per edit kind, see
  `recovered`).
- furniture: no running header or footer line inside any unit's text.
- no unplanted change: every change ruldiff reports (and every stale
  reference) touches a unit the truth says changed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
HANDWRITTEN = HERE / "handwritten"
DEFAULT_SEED = "2026"

# --------------------------------------------------------------------------
# IDs

_WORDS = {"section", "sections", "sec", "s", "ss", "article", "art", "rule", "rules", "law", "chapter", "part",
          "appendix", "annex", "schedule", "regulation", "reg", "paragraph", "para", "clause", "canon", "title", "lr"}


def norm_id(ident: str | None) -> str | None:
    """An ID as its number tokens, for comparing IDs written differently.

    >>> norm_id("Sec. 4-12(a)(1)"), norm_id("4.12a1"), norm_id("Article IV, Section 2"), norm_id("Rule 2#2")
    ('4 12 a 1', '4 12 a 1', 'iv 2', '2 #2')
    """
    if ident is None:
        return None
    tokens = re.findall(r"#\d+|[a-z]+|\d+", ident.lower())
    return " ".join(t for t in tokens if t not in _WORDS)


def _side(value) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(norm_id(v) for v in value)
    return (norm_id(value),)


# --------------------------------------------------------------------------
# Running ruldiff


class Runner:
    """A `runner.py` process under the interpreter being scored."""

    def __init__(self, python: str, tree: str | None) -> None:
        env = dict(os.environ)
        if tree:
            env["PYTHONPATH"] = str(Path(tree) / "tool") + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen([python, str(HERE / "runner.py")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd=tempfile.gettempdir())

    def __call__(self, args: list[str]) -> tuple[int, str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(args) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline() or '{"rc": 2, "err": "runner died"}')
        return answer["rc"], answer["err"]

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# --------------------------------------------------------------------------
# Tallies


@dataclass
class Tally:
    """Counts, summed over families; every key is (format, what) or (group, what)."""

    n: dict = field(default_factory=lambda: defaultdict(int))

    def add(self, other: "Tally") -> None:
        for k, v in other.n.items():
            self.n[k] += v


def _count_token(line: str, text: str) -> int:
    return len(re.findall(r"(?<!\S)" + re.escape(line) + r"(?!\S)", text))


def recovered(edit: dict, report: dict) -> bool:
    """Whether the diff report shows this planted edit with the right kind."""
    kind = edit["kind"]
    o, n = _side(edit.get("old")), _side(edit.get("new"))
    changes = report["changes"]

    def pair(c: dict) -> bool:
        return _side(c["old"]) == o and _side(c["new"]) == n

    if kind == "insert":
        return any(c["kind"] == "added" and _side(c["new"]) == n for c in changes)
    if kind == "remove":
        return any(c["kind"] == "removed" and _side(c["old"]) == o for c in changes)
    if kind == "split":
        return any(c["kind"] == "split" and _side(c["old"]) == o and set(_side(c["new"])) == set(n) for c in changes)
    if kind == "merge":
        return any(c["kind"] == "merged" and set(_side(c["old"])) == set(o) and _side(c["new"]) == n for c in changes)
    if kind == "reword":
        return any(pair(c) and "substantive" in c["tags"] for c in changes)
    if kind == "move":
        return any(pair(c) and c["moved"] for c in changes)
    if kind == "renumber":
        return any(pair(c) for c in changes)
    if kind == "xref-fix" and edit.get("dangling") is False:
        # The stale reference named another unit of the old version: the pair alone shows a
        # reference retargeted (no renumbering of this release explains it), not a fix.
        return any(pair(c) for c in changes)
    if kind in ("xref-update", "xref-fix"):
        return any(pair(c) and "cross-reference" in c["tags"] for c in changes)
    if kind == "cosmetic":
        return any(pair(c) and "cosmetic" in c["tags"] and "substantive" not in c["tags"] for c in changes)
    if kind == "list-item":
        item = edit["item"].lower()
        return any(pair(c) and "list-item" in c["tags"]
                   and any(item in a.lower() or a.lower() in item for a in c["list_items"]["added"]) for c in changes)
    if kind == "substitution":
        def forms(text: str) -> set[str]:
            return {f.strip().lower() for f in text.split(" / ")}
        # The words that changed are the substitution ruldiff reports ("Common Area" ->
        # "Shared Area" is "Common" -> "Shared"): the planted phrases less the words
        # both share at their ends are accepted as well as the whole phrases.
        planted = {(edit["old"].lower(), edit["new"].lower()), _differing(edit["old"].lower(), edit["new"].lower())}
        return any(any(a in forms(s["old"]) and b in forms(s["new"]) for a, b in planted)
                   and s["count"] == edit["count"] for s in report["substitutions"])
    if kind in ("stale", "stale-kept"):
        return any(norm_id(s["rule"]) == n[0] for s in report["stale_references"])
    raise ValueError(kind)


def _differing(a: str, b: str) -> tuple[str, str]:
    """Two phrases less the words they share at their start and end.

    >>> _differing("common area", "shared area"), _differing("the chair", "the vice-chair")
    (('common', 'shared'), ('chair', 'vice-chair'))
    """
    x, y = a.split(), b.split()
    while len(x) > 1 and len(y) > 1 and x[0] == y[0]:
        x, y = x[1:], y[1:]
    while len(x) > 1 and len(y) > 1 and x[-1] == y[-1]:
        x, y = x[:-1], y[:-1]
    return " ".join(x), " ".join(y)


def unplanted(pair: dict, report: dict) -> list[str]:
    """Changes (and stale references) the report shows that no planted edit explains."""
    olds: set[str] = set()
    news: set[str] = set()
    stale_rules = set()
    for e in pair["edits"]:
        if e["kind"] in ("stale", "stale-kept"):
            stale_rules.add(norm_id(e["new"]))
            continue
        if e["kind"] == "substitution":
            for a, b in e.get("units", []):
                olds.add(norm_id(a))
                news.add(norm_id(b))
            continue
        olds.update(_side(e.get("old")))
        news.update(_side(e.get("new")))
    for a, b in pair.get("renumbering", {}).items():
        olds.add(norm_id(a))
        news.add(norm_id(b))
    extra = []
    for c in report["changes"]:
        ids = [x for x in (c["old"] if isinstance(c["old"], list) else [c["old"]]) if x]
        ids_new = [x for x in (c["new"] if isinstance(c["new"], list) else [c["new"]]) if x]
        if any(x.startswith("glossary:") for x in ids + ids_new):
            continue  # definitions read as a glossary: their IDs are not the truth's
        if any(norm_id(x) not in olds for x in ids) or any(norm_id(x) not in news for x in ids_new):
            extra.append(f"{c['kind']} {c['old']} -> {c['new']}")
    for s in report["stale_references"]:
        if norm_id(s["rule"]) not in stale_rules:
            extra.append(f"stale {s['rule']}: {', '.join(s['references'])}")
    return extra


def format_row(fmt: str, truth: dict) -> str:
    """The row a family's files of one format are counted in: ``docx-auto`` for a DOCX
    family any of whose versions leaves its numbers to Word's list numbering, apart
    from ``docx`` (typed numbers)."""
    if fmt == "docx" and any(v.get("docx_autonumber") for v in truth["versions"]):
        return "docx-auto"
    return fmt


def score_family(directory: Path, truth: dict, run, group: str, details: list | None = None) -> Tally:
    """Parse every version and diff every pair of one family, in every format."""
    t = Tally()
    out = Path(tempfile.mkdtemp(prefix="score-", dir=directory))
    versions = {v["name"]: v for v in truth["versions"]}
    for fmt in truth.get("formats", ["txt"]):
        row = format_row(fmt, truth)
        keys = [(row, "families"), (group, "families"), ("all", "families")]
        for k in keys:
            t.n[k] += 1
        for v in truth["versions"]:
            path = directory / v["files"][fmt]
            target = out / f"{v['name']}.{fmt}.parse.json"
            rc, err = run(["parse", str(path), "-f", "json", "-o", str(target)])
            for key in (row, group, "all"):
                t.n[(key, "docs")] += 1
                t.n[(key, "units")] += len(v["units"])
            if rc != 0 or not target.exists():
                for key in (row, group, "all"):
                    t.n[(key, "failed")] += 1
                if details is not None:
                    details.append(f"{directory.name} {v['name']}.{row}: parse failed: {err.strip()[:200]}")
                continue
            parsed = json.loads(target.read_text(encoding="utf-8"))
            items = [i for i in parsed["items"] if i["kind"] != "glossary"]
            got = [norm_id(i["id"]) for i in items]
            want = [norm_id(u["id"]) for u in v["units"]]
            exact = got == want
            found = len(set(got) & set(want))
            truth_text = {norm_id(u["id"]): u.get("text", "") for u in v["units"]}
            leak = False
            for i in parsed["items"]:
                mine = truth_text.get(norm_id(i["id"]))
                for f in v.get("furniture", {}).get(fmt, []):
                    if f.strip().isdigit() and mine is None:
                        continue  # a bare page number is only checked against the unit's true text
                    if _count_token(f.strip(), i["text"]) > _count_token(f.strip(), mine or ""):
                        leak = True
            for key in (row, group, "all"):
                t.n[(key, "parsed")] += 1
                t.n[(key, "exact")] += exact
                t.n[(key, "found")] += found
                t.n[(key, "read")] += len(got)
                t.n[(key, "clean")] += not leak
            if details is not None and leak:
                details.append(f"{directory.name} {v['name']}.{row}: furniture inside a unit's text")
            if details is not None and not exact:
                missing = [u["id"] for u in v["units"] if norm_id(u["id"]) not in set(got)][:6]
                details.append(f"{directory.name} {v['name']}.{row}: read {len(got)} units of {len(want)}, "
                               f"profile {parsed.get('profile')}, missing {missing}")
        family_clean = True
        for pair in truth["pairs"]:
            old, new = versions[pair["old"]], versions[pair["new"]]
            target = out / f"{pair['old']}-{pair['new']}.{fmt}.json"
            rc, err = run(["diff", str(directory / old["files"][fmt]), str(directory / new["files"][fmt]),
                           "-f", "json", "-o", str(target)])
            if rc not in (0, 1) or not target.exists():
                report = None
                family_clean = False
                if details is not None:
                    details.append(f"{directory.name} {pair['old']}-{pair['new']}.{row}: diff failed: {err.strip()[:200]}")
            else:
                report = json.loads(target.read_text(encoding="utf-8"))
            for e in pair["edits"]:
                ok = bool(report) and recovered(e, report)
                for key in (row, group, "all"):
                    t.n[(key, "planted")] += 1
                    t.n[(key, "recovered")] += ok
                t.n[("kind:" + e["kind"], "planted")] += 1
                t.n[("kind:" + e["kind"], "recovered")] += ok
                t.n[(f"kind:{e['kind']}", f"fmt:{row}:planted")] += 1
                t.n[(f"kind:{e['kind']}", f"fmt:{row}:recovered")] += ok
                if details is not None and not ok:
                    details.append(f"{directory.name} {pair['old']}-{pair['new']}.{row}: missed {e}")
            if report:
                extra = unplanted(pair, report)
                if extra:
                    family_clean = False
                    for key in (row, group, "all"):
                        t.n[(key, "unplanted")] += len(extra)
                    if details is not None:
                        details.append(f"{directory.name} {pair['old']}-{pair['new']}.{row}: unplanted {extra[:5]}")
        for key in (row, group, "all"):
            t.n[(key, "families_clean")] += family_clean
    return t


# --------------------------------------------------------------------------
# Workers

_RUNNER: Runner | None = None


def _init(python: str, tree: str | None) -> None:
    global _RUNNER
    _RUNNER = Runner(python, tree)


def _generated(job: tuple[str, int, str | None, bool]) -> tuple[Tally, list[str]]:
    from bench.generator.generate import make_family, write_family  # noqa: PLC0415 (workers import it once)
    seed, index, keep, verbose = job
    fam = make_family(seed, index)
    details: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ruldiff-gen-") as scratch:
        directory = Path(keep) / fam.name if keep else Path(scratch) / fam.name
        write_family(fam, directory)
        truth = json.loads((directory / "truth.json").read_text(encoding="utf-8"))
        tally = score_family(directory, truth, _RUNNER, "grammar:" + fam.grammar.name, details)
    return tally, details if verbose else []


def _handwritten(path: str) -> tuple[Tally, list[str]]:
    directory = Path(path)
    truth = json.loads((directory / "truth.json").read_text(encoding="utf-8"))
    details: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ruldiff-hand-") as scratch:
        # Score a copy, so the scratch output never lands in the source tree.
        work = Path(scratch) / directory.name
        work.mkdir()
        for f in directory.iterdir():
            if f.is_file():
                (work / f.name).write_bytes(f.read_bytes())
        tally = score_family(work, truth, _RUNNER, "doc:" + directory.name, details)
    return tally, details


# --------------------------------------------------------------------------
# Tables


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}%" if b else "    -"


def table(t: Tally, title: str, groups: list[str]) -> str:
    n = t.n
    rows = [f"### {title}", "",
            "| set | families | docs | units read exactly | units found | furniture-free | edits recovered | "
            "families without unplanted change | failed runs |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for g in groups:
        if not n.get((g, "families")):
            continue
        rows.append(f"| {g} | {n[(g, 'families')]} | {n[(g, 'docs')]} | {_pct(n[(g, 'exact')], n[(g, 'docs')])} | "
                    f"{_pct(n[(g, 'found')], n[(g, 'units')])} | {_pct(n[(g, 'clean')], n[(g, 'parsed')])} | "
                    f"{_pct(n[(g, 'recovered')], n[(g, 'planted')])} ({n[(g, 'recovered')]}/{n[(g, 'planted')]}) | "
                    f"{_pct(n[(g, 'families_clean')], n[(g, 'families')])} | {n[(g, 'failed')]} |")
    return "\n".join(rows)


def kind_table(t: Tally, formats: list[str]) -> str:
    n = t.n
    kinds = sorted({k[0][5:] for k in n if isinstance(k[0], str) and k[0].startswith("kind:")})
    rows = ["### Planted edits recovered, by kind and format", "",
            "| edit kind | planted | recovered | " + " | ".join(formats) + " |",
            "|---|---:|---:|" + "---:|" * len(formats)]
    for kind in kinds:
        key = "kind:" + kind
        cells = [_pct(n[(key, f"fmt:{f}:recovered")], n[(key, f"fmt:{f}:planted")]) for f in formats]
        rows.append(f"| {kind} | {n[(key, 'planted')]} | {_pct(n[(key, 'recovered')], n[(key, 'planted')])} | "
                    + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Score ruldiff on generated (and hand-written) documents.")
    ap.add_argument("--seed", default=DEFAULT_SEED, help=f"generator seed [default: {DEFAULT_SEED}]")
    ap.add_argument("--families", type=int, default=300, help="generated families [default: 300]")
    ap.add_argument("--fresh", action="store_true", help="draw a seed from the clock (printed)")
    ap.add_argument("--handwritten", action="store_true", help="score the hand-written documents too")
    ap.add_argument("--only-handwritten", action="store_true", help="score only the hand-written documents")
    ap.add_argument("--python", default=sys.executable,
                    help="the interpreter whose ruldiff is scored [default: this one]")
    ap.add_argument("--tree", help="score the ruldiff of this source tree (its tool/ put first on PYTHONPATH)")
    ap.add_argument("--jobs", type=int, default=2, help="processes [default: 2]")
    ap.add_argument("--keep", help="write the generated families into this folder and keep them")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    args = ap.parse_args(argv)
    seed = str(int(time.time())) if args.fresh else args.seed
    jobs: list = []
    started = time.monotonic()
    repo = str(HERE.parent.parent)
    if repo not in sys.path:
        sys.path.insert(0, repo)
    with multiprocessing.Pool(args.jobs, _init, (args.python, args.tree)) as pool:
        total = Tally()
        details: list[str] = []
        if not args.only_handwritten and args.families:
            print(f"seed {seed}, {args.families} families")
            jobs = [(seed, i, args.keep, args.verbose) for i in range(args.families)]
            gen = Tally()
            for tally, lines in pool.imap(_generated, jobs, chunksize=4):
                gen.add(tally)
                details += lines
            fmts = [f for f in ("txt", "html", "docx", "docx-auto", "pdf") if gen.n.get((f, "families"))]
            grammars = sorted(k[0] for k in gen.n if isinstance(k[0], str) and k[0].startswith("grammar:") and k[1] == "families")
            print()
            print(table(gen, f"Generated families (seed {seed}), by format", ["all", *fmts]))
            print()
            print(table(gen, "Generated families, by numbering grammar", grammars))
            print()
            print(kind_table(gen, fmts))
            total.add(gen)
        if args.handwritten or args.only_handwritten:
            hand = Tally()
            dirs = sorted(str(p.parent) for p in HANDWRITTEN.glob("*/truth.json"))
            for tally, lines in pool.imap(_handwritten, dirs):
                hand.add(tally)
                details += lines
            print()
            print(table(hand, "Hand-written documents", ["all", *sorted(k[0] for k in hand.n if isinstance(k[0], str) and k[0].startswith("doc:") and k[1] == "families")]))
            print()
            print(kind_table(hand, ["txt"]))
        pool.close()
        pool.join()
    if args.verbose:
        print()
        print("\n".join(details))
    print(f"\n({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
