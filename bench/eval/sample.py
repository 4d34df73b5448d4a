"""Draw the evaluation set: changes sampled at random from real release pairs.

    python bench/eval/sample.py [--corpora DIR] [--seed 12] [--packets DIR]

The pairs: the 125 adjacent MTG Comprehensive Rules releases are cut, in
date order, into `STRATA` runs of consecutive pairs, and one pair is drawn
at random from each run, so every era is in the set; then every adjacent
pair of Riftbound Core Rules and of Riftbound Tournament Rules.

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
    args = parser.parse_args()
    corpora = Path(args.corpora)
    rng = random.Random(args.seed)
    exclude = {pair for f in args.exclude for pair in json.loads(Path(f).read_text(encoding="utf-8"))["pairs"]}
    pairs = draw_pairs(corpora, rng, exclude)
    sample = []
    for n, pair in enumerate(pairs):
        comparison = run_pair(corpora, pair)
        pool = [c for c in comparison.changes if judged(c)]
        k = PER_MTG_PAIR if pair.startswith("mtg/") else PER_RIFTBOUND_PAIR
        drawn = sorted(rng.sample(range(len(pool)), min(k, len(pool))))
        sample += [{"pair": n, **key(pool[i])} for i in drawn]
        if args.packets:
            write_packet(Path(args.packets), n, pair, comparison, [pool[i] for i in drawn])
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


def write_packet(folder: Path, n: int, pair: str, comparison: Comparison, drawn: list[Change]) -> None:
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


if __name__ == "__main__":
    main()
