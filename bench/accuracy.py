"""Compare ruldiff's pairings with another tool's rule-level diffs.

    python bench/accuracy.py [--corpora DIR] [--out bench/out/accuracy.md]

The labels (``corpora/labels/mtg-vensersjournal-cr-diffs/*.json``) were made
by another tool (VensersJournal) for consecutive MTG Comprehensive Rules
releases, named by set codes. This script

1. finds, for each labels file, the pair of CR files it describes, from
   the content (the pair where most label texts changed: old ones only in
   the older file, new ones only in the newer), consecutive or one release
   apart (the labels' tool skipped 2018-08-10: M19-GRN is 2018-07-13 ->
   2018-10-05);
2. runs ruldiff on that pair;
3. compares the rule pairings: a pairing is (old number or None, new number
   or None) for every numbered rule that was added, removed, or whose text
   changed beyond typography, reference updates and examples (the labels
   list none of these, nor unchanged or renumbered-only rules, nor the
   glossary);
4. writes, per release, how many pairings agree and lists every disagreement
   with both texts, for a person to judge.

It is a measurement, not a test: the labels are a peer's output, not ground
truth.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tool"))

from ruldiff.documents.load import load  # noqa: E402
from ruldiff.diff.pipeline import compare  # noqa: E402
from ruldiff.model import Document, RuleKind  # noqa: E402

SKIP_MARGIN = 5
"""Label texts a pair one release apart must explain beyond both of its
steps to be taken as the pair a labels file describes."""

IGNORED_BY_LABELS = {"cosmetic", "cross-reference", "stale-reference"}
"""Changes the labels do not list: quote-only edits and reference updates."""

_MARK = re.compile(r"\s*\b(?:old|new)_(?:start|end)\b\s*")


def clean(text: str) -> str:
    """A label text without its change markers, as a typography-free skeleton."""
    return skeleton(_MARK.sub(" ", text))


def skeleton(text: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def texts(doc: Document) -> dict[str, str]:
    return {skeleton(r.text): r.id for r in doc.rules}


def number(label: dict[str, str] | None) -> str | None:
    """A label's rule number without the trailing period some releases print."""
    return label["ruleNum"].rstrip(".") if label else None


def pairings(result) -> set[tuple[str | None, str | None]]:  # type: ignore[no-untyped-def]
    out = set()
    for c in result.changes:
        rules = c.news or c.olds
        if not rules or rules[0].kind is RuleKind.GLOSSARY:
            continue
        if c.olds and c.news and (not c.text_changed or set(c.tags) <= IGNORED_BY_LABELS):
            continue  # renumbered only, typography or reference updates only: not in the labels
        if c.olds and c.news and [r.text for r in c.olds] == [r.text for r in c.news]:
            continue  # only the examples changed: the labels leave examples out
        olds = [r.id for r in c.olds] or [None]
        news = [r.id for r in c.news] or [None]
        for o in olds:
            for n in news:
                out.add((o, n))
    return out


def pairing_lines(label: str, old: Document, new: Document, o: str | None, n: str | None) -> list[str]:
    """A disagreement as Markdown lines, with the texts of both rules."""
    old_rules = {r.id: r for r in old.rules}
    new_rules = {r.id: r for r in new.rules}
    out = [f"- {label}: {o} -> {n}"]
    if o in old_rules:
        out.append(f"  - old {o}: {old_rules[o].text[:400]}")
    if n in new_rules:
        out.append(f"  - new {n}: {new_rules[n].text[:400]}")
    return out


def categorize(result, ours, theirs, only_theirs, only_ours):  # type: ignore[no-untyped-def]
    """One label per disagreement, from what each side says about the rules involved."""
    by_old = {r.id: c for c in result.changes for r in c.olds}
    by_new = {r.id: c for c in result.changes for r in c.news}
    out = []
    for o, n in only_theirs:
        mine = by_old.get(o) if o else by_new.get(n)
        if mine is not None and mine.text_changed and set(mine.tags) <= IGNORED_BY_LABELS:
            out.append(("labels list a typography or reference-only change", o, n))
        elif o and n and o == n and mine is not None and mine.news and mine.news[0].id != o:
            out.append(("labels pair by number a rule that ruldiff finds renumbered", o, n))
        elif o and n and (o, None) in ours and (None, n) in ours:
            out.append(("labels pair two rules; ruldiff: one removed, one added", o, n))
        elif o is None and n and any(p[1] == n for p in ours):
            out.append(("labels: added; ruldiff pairs it with an old rule", o, n))
        elif n is None and o and any(p[0] == o for p in ours):
            out.append(("labels: removed; ruldiff pairs it with a new rule", o, n))
        elif mine is None:
            out.append(("labels list a rule ruldiff finds unchanged or renumbered only", o, n))
        else:
            out.append(("labels pair with another partner", o, n))
    for o, n in only_ours:
        if o and n and (o, None) in theirs and (None, n) in theirs:
            out.append(("ruldiff pairs two rules; labels: one removed, one added", o, n))
        elif (o is None and n and any(p[1] == n for p in theirs)) or (n is None and o and any(p[0] == o for p in theirs)):
            continue  # the other side of a pairing counted above
        elif o and n and not any(p[0] == o for p in theirs) and not any(p[1] == n for p in theirs):
            out.append(("ruldiff lists a change the labels miss", o, n))
        elif o is None or n is None:
            out.append(("ruldiff: added or removed; labels do not list it", o, n))
        else:
            out.append(("ruldiff pairs with another partner", o, n))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpora", default=os.environ.get("RULDIFF_CORPORA", str(ROOT.parent / "shared" / "corpora")))
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "accuracy.md"))
    args = parser.parse_args()
    corpora = Path(args.corpora)
    labels_dir = corpora / "labels" / "mtg-vensersjournal-cr-diffs"
    if not labels_dir.is_dir():
        print(f"accuracy: no labels at {labels_dir}", file=sys.stderr)
        return 2
    files = sorted((corpora / "mtg").glob("*.txt"))
    # Releases of the labels' period (2014-2022) are enough to search.
    docs = {f.stem: load(str(f)) for f in files if "2014" <= f.stem <= "2022"}
    known = {name: texts(doc) for name, doc in docs.items()}

    lines = ["# ruldiff pairings vs VensersJournal labels", ""]
    table = ["| labels | old CR | new CR | agree | labels only | ruldiff only |", "|---|---|---|---|---|---|"]
    details: list[str] = []
    totals: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    examples: dict[str, list[tuple[str, str, str, str | None, str | None]]] = {}
    for path in sorted(labels_dir.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))[1:]
        old_texts = [clean(e["old"]["ruleText"]) for e in entries if e.get("old")]
        new_texts = [clean(e["new"]["ruleText"]) for e in entries if e.get("new")]
        names = sorted(known)
        # The release where the label texts changed: old texts in the older
        # file and no longer in the newer one, new texts the other way round.
        # The labels' tool sometimes skipped a release (M19-GRN describes
        # 2018-07-13 -> 2018-10-05, over 2018-08-10): pairs two releases
        # apart are candidates too, and win only with a higher score.
        score = {
            (a, b): sum(t in known[a] and t not in known[b] for t in old_texts)
            + sum(t in known[b] and t not in known[a] for t in new_texts)
            for step in (1, 2)
            for a, b in zip(names, names[step:])
        }
        old_name, new_name = max(score, key=lambda k: (score[k], k) if names.index(k[1]) - names.index(k[0]) == 1 else (-1, k))
        # One release apart only when that explains clearly more of the
        # labels than either step alone (a skipped release's changes are in
        # them too); else an unchanged in-between release would tie.
        for a, c in ((x, y) for x, y in zip(names, names[2:])):
            b = names[names.index(a) + 1]
            if score[(a, c)] > max(score[(a, b)], score[(b, c)]) + SKIP_MARGIN and score[(a, c)] > score[(old_name, new_name)]:
                old_name, new_name = a, c
        theirs = {(number(e.get("old")), number(e.get("new"))) for e in entries}
        result = compare(docs[old_name], docs[new_name])
        ours = pairings(result)
        agree = ours & theirs
        only_theirs, only_ours = sorted(theirs - ours, key=str), sorted(ours - theirs, key=str)
        totals.update(agree=len(agree), theirs=len(only_theirs), ours=len(only_ours))
        table.append(f"| {path.stem} | {old_name} | {new_name} | {len(agree)} | {len(only_theirs)} | {len(only_ours)} |")
        for category, o, n in categorize(result, ours, theirs, only_theirs, only_ours):
            kinds[category] += 1
            examples.setdefault(category, []).append((path.stem, old_name, new_name, o, n))
        if only_theirs or only_ours:
            details.append(f"## {path.stem}: {old_name} -> {new_name}")
            for side, items in (("labels only", only_theirs), ("ruldiff only", only_ours)):
                for o, n in items:
                    details += pairing_lines(side, docs[old_name], docs[new_name], o, n)
            details.append("")
    lines += table
    lines += ["", f"Total: {totals['agree']} agree, {totals['theirs']} labels only, {totals['ours']} ruldiff only.", ""]
    lines += ["| disagreement | count |", "|---|---|"]
    lines += [f"| {k} | {n} |" for k, n in kinds.most_common()]
    lines += [""]
    lines += ["# Disagreements by category (first 8 of each, with the texts)", ""]
    for category, items in sorted(examples.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"## {category} ({len(items)})")
        for labels, old_name, new_name, o, n in items[:8]:
            lines += pairing_lines(labels, docs[old_name], docs[new_name], o, n)
        lines.append("")
    lines += ["# Every disagreement, by release", ""]
    lines += details
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(table))
    print(f"Total: {totals['agree']} agree, {totals['theirs']} labels only, {totals['ours']} ruldiff only.")
    for k, n in kinds.most_common():
        print(f"{n:5d}  {k}")
    print(f"details: {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
