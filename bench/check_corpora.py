"""Run `ruldiff check` over every real release and count the findings by class.

    .venv/bin/python bench/check_corpora.py [--pairs] [--sample N --seed S] [--json OUT]

Reads the shared corpora ($RULDIFF_CORPORA, else ../shared/corpora): every
MTG release, the Riftbound Core Rules and Tournament Rules. Without
--pairs, each version alone (`check_document`); with --pairs, each release
against the one before it in its family (`check_release`), which adds the
release classes. --sample N prints N findings drawn at random (seeded) with
the lines of the text they point at, to be read and judged by hand
(bench/README.md gives the method and the figures).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

from ruldiff.editorial.check import check_document, check_release
from ruldiff.diff.pipeline import compare
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import detect_profile
from ruldiff.documents.read import decode

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("mtg", "riftbound", "riftbound-tournament")


def corpora() -> Path:
    env = os.environ.get("RULDIFF_CORPORA")
    return Path(env) if env else ROOT.parent / "shared" / "corpora"


def load(path: Path):  # type: ignore[no-untyped-def]
    source = decode(path.read_bytes(), str(path))
    profile = detect_profile(source.text)
    return source, profile, parse(source, profile)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", action="store_true", help="check each release against the one before it")
    ap.add_argument("--sample", type=int, default=0, help="findings to print for reading")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--code", action="append", help="sample only these codes")
    ap.add_argument("--severity", choices=("problem", "review"), help="sample only this severity")
    ap.add_argument("--json", help="write every finding here")
    args = ap.parse_args()
    base = corpora()
    rows = []
    t0 = time.perf_counter()
    texts: dict[str, list[str]] = {}
    for family in FAMILIES:
        files = sorted((base / family).glob("*.txt"))
        prev = None
        for path in files:
            source, profile, doc = load(path)
            name = f"{family}/{path.name}"
            texts[name] = source.text.split("\n")
            if args.pairs and prev is not None:  # the first of a family is checked alone
                findings = check_release(compare(prev, doc), source.text, profile)
            else:
                findings = check_document(doc, source.text, profile)
            prev = doc
            for f in findings:
                rows.append((name, f))
    elapsed = time.perf_counter() - t0
    by_code = Counter(f.code for _, f in rows)
    in_docs = Counter(c for _, c in {(n, f.code) for n, f in rows})
    # The same error printed in release after release is one error: counted
    # once by (code, rule, what is cited, fix).
    distinct = Counter(c for c, *_ in {(f.code, f.rule, f.cited, f.suggestion) for _, f in rows})
    print(f"{len(texts)} documents, {len(rows)} findings, {elapsed:.1f} s")
    print(f"  {'code':22} {'findings':>8} {'documents':>9} {'distinct':>8}")
    for code, n in sorted(by_code.items()):
        print(f"  {code:22} {n:8} {in_docs[code]:9} {distinct[code]:8}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [dict(doc=n, code=f.code, rule=f.rule, line=f.line, reason=f.reason, suggestion=f.suggestion)
             for n, f in rows], indent=1, ensure_ascii=False), encoding="utf-8")
    if args.sample:
        pool = [
            r for r in rows
            if (not args.code or r[1].code in args.code) and (not args.severity or r[1].severity == args.severity)
        ]
        rng = random.Random(args.seed)
        for name, f in rng.sample(pool, min(args.sample, len(pool))):
            print(f"\n## {name}:{f.line} {f.code} {f.rule}: {f.reason} [fix: {f.suggestion}]")
            lines = texts[name]
            for k in range(max(0, f.line - 1), min(len(lines), f.line + 2)):
                print(f"   {k + 1}: {lines[k][:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
