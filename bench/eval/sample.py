"""Draw the evaluation set: changes sampled at random from real release pairs.

    python bench/eval/sample.py [--corpora DIR] [--seed 12] [--packets DIR]
    python bench/eval/sample.py --gaps --seed S --out bench/eval/gap-blind.json --packets DIR

The pairs: the 125 adjacent MTG Comprehensive Rules releases are cut, in
date order, into `STRATA` runs of consecutive pairs, and one pair is drawn
at random from each run, so every era is in the set; then every adjacent
pair of Riftbound Core Rules and of Riftbound Tournament Rules.

With ``--gaps``, the pairs are releases far apart instead (issue #27):
the 126 MTG releases are cut, in date order, into `GAP_STRATA` runs; from
each run a gap of 1 to 5 whole years is drawn at random (among the lengths
that fit), then a release of the run and the first release at least that
many years after it (less than half a year more); no pair with both ends in
one of the `TUNED_SPANS`, the year spans read while the code was tuned on
gaps. Then the 17-year gap `LONG_GAP` and Riftbound's first core rules
against its latest. `PER_GAP_PAIR` changes are drawn from each.

The changes: from each pair, `PER_MTG_PAIR` (`PER_RIFTBOUND_PAIR`) changes
drawn at random among those the reader has to judge: every listed change but
a rule renumbered with its text unchanged (those pair on identical text
found once in each document, and print no claim beyond the renumbering).

Writes ``bench/eval/sample.json``: the pairs and, for each drawn change, its
old and new IDs as ruldiff paired them when the set was drawn; no text of the
documents. ``--packets DIR`` also writes review packets (with the texts, for
the people who label the set) into DIR, which must be outside the repository:
the texts are others' copyrighted work.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tool"))

from ruldiff.diff.align import dice, word_set  # noqa: E402
from ruldiff.documents.load import load  # noqa: E402
from ruldiff.diff.pipeline import compare  # noqa: E402
from ruldiff.model import Change, ChangeKind, Comparison, Rule  # noqa: E402
from ruldiff.diff.references import references  # noqa: E402

STRATA = 22
PER_MTG_PAIR = 18
PER_RIFTBOUND_PAIR = 12
GAP_STRATA = 8
GAP_YEARS = (1, 2, 3, 4, 5)
PER_GAP_PAIR = 12
TUNED_SPANS = ((2006, 2008), (2013, 2015), (2019, 2021), (2023, 2025))
LONG_GAP = "mtg/2009-10-01.txt mtg/2026-01-16.txt"
OUT = Path(__file__).resolve().parent / "sample.json"


def corpora_default() -> str:
    return os.environ.get("RULDIFF_CORPORA", str(ROOT.parent / "shared" / "corpora"))


def adjacent(folder: Path) -> list[tuple[str, str]]:
    files = sorted(p.name for p in folder.glob("*.txt"))
    return [(a, b) for a, b in zip(files, files[1:])]


def draw_pairs(corpora: Path, rng: random.Random, exclude: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """One MTG pair at random from each of `STRATA` runs of consecutive
    pairs (none of `exclude`), then every Riftbound pair."""
    mtg = adjacent(corpora / "mtg")
    pairs = []
    for k in range(STRATA):
        stratum = mtg[k * len(mtg) // STRATA : (k + 1) * len(mtg) // STRATA]
        left = [(a, b) for a, b in stratum if f"mtg/{a} mtg/{b}" not in exclude]
        a, b = rng.choice(left)
        pairs.append(f"mtg/{a} mtg/{b}")
    for family in ("riftbound", "riftbound-tournament"):
        pairs += [f"{family}/{a} {family}/{b}" for a, b in adjacent(corpora / family)]
    return pairs


def _date(name: str) -> datetime.date:
    return datetime.date.fromisoformat(name.removesuffix(".txt"))


def _tuned(a: str, b: str) -> bool:
    """Whether both ends of a pair fall in one span read while tuning."""
    return any(lo <= _date(a).year <= hi and lo <= _date(b).year <= hi for lo, hi in TUNED_SPANS)


def _years_after(a: str, files: list[str], years: int) -> str | None:
    """The first release at least `years` whole years after `a`, if it
    comes less than half a year later than that."""
    start = _date(a)
    due = start.replace(year=start.year + years, day=min(start.day, 28))
    later = [b for b in files if _date(b) >= due]
    return later[0] if later and (_date(later[0]) - due).days < 183 else None


def draw_gap_pairs(corpora: Path, rng: random.Random, exclude: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """One MTG pair 1 to 5 years apart from each of `GAP_STRATA` runs of
    releases (a gap length drawn first, then a start; none of `exclude`; a
    run with none left gives none),
    then `LONG_GAP` and the first Riftbound core rules against the latest."""
    files = sorted(p.name for p in (corpora / "mtg").glob("*.txt"))
    pairs = []
    for k in range(GAP_STRATA):
        starts = files[k * len(files) // GAP_STRATA : (k + 1) * len(files) // GAP_STRATA]
        options = {}
        for years in GAP_YEARS:
            ends = ((a, _years_after(a, files, years)) for a in starts)
            fit = [
                (a, b)
                for a, b in ends
                if b and not _tuned(a, b) and f"mtg/{a} mtg/{b}" not in exclude | {LONG_GAP}
            ]
            if fit:
                options[years] = fit
        if not options:  # every pair of this run is in an earlier set: the set is a pair shorter
            print(f"no gap pair left among releases {starts[0]} .. {starts[-1]}", file=sys.stderr)
            continue
        a, b = rng.choice(options[rng.choice(sorted(options))])
        pairs.append(f"mtg/{a} mtg/{b}")
    core = sorted(p.name for p in (corpora / "riftbound").glob("*.txt"))
    return pairs + [LONG_GAP, f"riftbound/{core[0]} riftbound/{core[-1]}"]


def judged(change: Change) -> bool:
    """Whether a change is one a reader must judge (not a bare renumbering)."""
    return not (change.kind is ChangeKind.RENUMBERED and not change.text_changed)


def key(change: Change) -> dict[str, list[str]]:
    return {"old": [r.id for r in change.olds], "new": [r.id for r in change.news]}


def run_pair(corpora: Path, pair: str) -> Comparison:
    a, b = pair.split()
    return compare(load(str(corpora / a)), load(str(corpora / b)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", default=corpora_default())
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--packets", help="write review packets (with text) into this directory")
    parser.add_argument("--out", default=str(OUT), help="the sample file to write (default: sample.json)")
    parser.add_argument(
        "--exclude", action="append", default=[],
        help="a sample file whose MTG pairs this one must not draw (a held-out set); may be repeated",
    )
    parser.add_argument("--gaps", action="store_true", help="draw releases 1 to 5 years apart (issue #27)")
    args = parser.parse_args()
    corpora = Path(args.corpora)
    rng = random.Random(args.seed)
    exclude = {pair for f in args.exclude for pair in json.loads(Path(f).read_text(encoding="utf-8"))["pairs"]}
    pairs = draw_gap_pairs(corpora, rng, exclude) if args.gaps else draw_pairs(corpora, rng, exclude)
    sample = []
    for n, pair in enumerate(pairs):
        comparison = run_pair(corpora, pair)
        pool = [c for c in comparison.changes if judged(c)]
        k = PER_GAP_PAIR if args.gaps else PER_MTG_PAIR if pair.startswith("mtg/") else PER_RIFTBOUND_PAIR
        drawn = sorted(rng.sample(range(len(pool)), min(k, len(pool))))
        sample += [{"pair": n, **key(pool[i])} for i in drawn]
        if args.packets:
            write_packet(Path(args.packets), n, pair, comparison, [pool[i] for i in drawn],
                         args.seed if args.gaps else None)
        print(f"{pair}: {len(pool)} changes, {len(drawn)} drawn", file=sys.stderr)
    out = Path(args.out)
    out.write_text(
        "{\n"
        f'"seed": {args.seed},\n'
        f'"pairs": {json.dumps(pairs)},\n'
        '"changes": [\n'
        + ",\n".join(json.dumps(s) for s in sample)
        + "\n]\n}\n",
        encoding="utf-8",
    )
    print(f"{len(sample)} changes from {len(pairs)} pairs -> {out}", file=sys.stderr)


# --- review packets (texts; never committed) -----------------------------------


def _edits(change: Change) -> str:
    out = []
    for e in change.edits:
        text = e.text
        out.append(text if e.op.value == "=" else f"[-{text}-]" if e.op.value == "-" else f"{{+{text}+}}")
    return "".join(out)


def _near(rule: Rule, others: list[Rule], k: int = 3) -> list[tuple[float, Rule]]:
    words = word_set(rule.full_text)
    scored = sorted(((dice(words, word_set(o.full_text)), o) for o in others), key=lambda s: -s[0])
    return [(round(s, 2), o) for s, o in scored[:k] if s > 0.3]


def write_packet(folder: Path, n: int, pair: str, comparison: Comparison, drawn: list[Change],
                 seed: int | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if ROOT in folder.resolve().parents:
        raise SystemExit("packets hold the documents' text: write them outside the repository")
    old, new = comparison.old, comparison.new
    old_by = {r.id: r for r in old.items}
    new_by = {r.id: r for r in new.items}
    moves = {o.id: c.news[0].id for c in comparison.changes for o in c.olds if c.news}
    lines = [f"# pair {n}: {pair}", ""]
    lines.append("## document-wide claims printed for this pair")
    for s in comparison.substitutions:
        lines.append(f"substitution: {s.old!r} -> {s.new!r} ({s.count} times in {len(s.rules)} rules)")
        lines += [f"    variant: {o!r} -> {w!r} ({k} times)" for o, w, k in s.variants]
    lines.append("")
    for c in drawn:
        k = key(c)
        lines.append(f"## change old={','.join(k['old']) or '-'} new={','.join(k['new']) or '-'}")
        lines.append(f"kind: {c.kind.value}; tags: {', '.join(c.tags)}; matched by: {c.how.value}")
        if c.items_added or c.items_removed:
            lines.append(f"list items: + {c.items_added} - {c.items_removed}")
        if c.stale:
            lines.append(f"stale references flagged: {c.stale}")
        if c.moved:
            lines.append(f"moved: {c.moved}")
        for r in c.olds:
            lines.append(f"OLD {r.id}: {r.full_text}")
        for r in c.news:
            lines.append(f"NEW {r.id}: {r.full_text}")
        if c.olds and c.news:
            lines.append(f"WORD DIFF: {_edits(c)}")
        # Where else could the rule have gone?
        for r in c.olds if not c.news else ():
            for s, o in _near(r, list(new.items)):
                lines.append(f"  similar NEW {o.id} ({s}; old {o.id} became {moves.get(o.id, 'unchanged' if o.id in old_by else 'n/a')}): {o.full_text[:200]}")
        for r in c.news if not c.olds else ():
            for s, o in _near(r, list(old.items)):
                lines.append(f"  similar OLD {o.id} ({s}; it became {moves.get(o.id, o.id if o.id in new_by else 'removed')}): {o.full_text[:200]}")
        for r in c.news:
            for target, printed in references(r.full_text, new.references):
                here = new_by.get(target)
                was = old_by.get(target)
                lines.append(
                    f"  ref {printed!r}: new {target} = {here.full_text[:90] if here else 'NO SUCH RULE'!r}; "
                    f"old {target} = {was.full_text[:60] if was else 'none'!r} -> now {moves.get(target, target if was and target in new_by else '?')}"
                )
        lines.append("")
    (folder / f"pair-{n:02d}.md").write_text("\n".join(lines), encoding="utf-8")
    if seed is not None:
        write_claims(folder, n, pair, comparison, seed)


ITEM_SAMPLE = 40


def printed_items(comparison: Comparison) -> list[tuple[Change, str, str]]:
    """Every list item printed for a pair: (its change, "+" or "-", the item)."""
    return [(c, sign, i) for c in comparison.changes
            for sign, items in (("+", c.items_added), ("-", c.items_removed)) for i in items]


def item_sample(comparison: Comparison, seed: int, n: int) -> list[tuple[Change, str, str]]:
    """The list items of pair `n` to judge: all of them, or `ITEM_SAMPLE`
    drawn with the seed ``seed + n`` when there are more."""
    items = printed_items(comparison)
    if len(items) <= ITEM_SAMPLE:
        return items
    return [items[i] for i in sorted(random.Random(seed + n).sample(range(len(items)), ITEM_SAMPLE))]


def write_claims(folder: Path, n: int, pair: str, comparison: Comparison, seed: int) -> None:
    """The pair's other claims to judge: every stale-reference flag and the
    list items (all, or a sample), each with its rule's texts."""
    old_by = {r.id: r for r in comparison.old.items}
    new_by = {r.id: r for r in comparison.new.items}
    moves = {o.id: c.news[0].id for c in comparison.changes for o in c.olds if c.news}
    lines = [f"# pair {n}: {pair}: stale flags and list items", ""]
    for rule, refs, should in comparison.stale:
        lines.append(f"## stale rule={rule} refs={list(refs)} should={list(should)}")
        lines.append(f"NEW {rule}: {new_by[rule].full_text if rule in new_by else '?'}")
        for target, printed in references(new_by[rule].full_text, comparison.new.references) if rule in new_by else ():
            here, was = new_by.get(target), old_by.get(target)
            lines.append(f"  ref {printed!r}: new {target} = {here.full_text[:120] if here else 'NO SUCH RULE'!r}; "
                         f"old {target} = {was.full_text[:120] if was else 'none'!r} -> now {moves.get(target, '?')}")
        lines.append("")
    items = printed_items(comparison)
    chosen = item_sample(comparison, seed, n)
    lines.append(f"# list items: {len(items)} printed, {len(chosen)} to judge")
    for c, sign, item in chosen:
        k = key(c)
        lines.append(f"## item {sign}{item!r} old={','.join(k['old']) or '-'} new={','.join(k['new']) or '-'}")
        lines.append(f"kind: {c.kind.value}; tags: {', '.join(c.tags)}; all: + {list(c.items_added)} - {list(c.items_removed)}")
        lines.append(f"WORD DIFF: {_edits(c)}")
        lines.append("")
    (folder / f"claims-{n:02d}.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
