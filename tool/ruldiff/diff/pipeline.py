"""The pipeline from two parsed documents to a comparison.

- `compare(old, new, plan=None, workers=1)` -> `Comparison`: align, diff
  words, classify, then the semantic pass; `plan` holds an editor's
  overrides (overrides.py), applied before the alignment; `workers` > 1
  lets the word diffs of a long comparison share a second process
  (`worddiff.diff_all`: the same result, sooner on a second core).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .align import changed_pairs, dice, text_words, word_set
from .classify import classify
from ..model import ChangeKind, Comparison, Document, MatchHow, Pair, Plan
from .references import renumbering
from .semantic import annotate
from .splits import force_splits, forget_phrases, join_splits, parallel_merges
from .worddiff import diff_all, diff_words

__all__ = ["compare"]


def compare(old: Document, new: Document, *, plan: Plan | None = None, workers: int = 1) -> Comparison:
    """Compare two parsed documents: align, diff words, classify, then read the
    changes across the document (splits and merges, renumbering map,
    references, substitutions, lists; see semantic.py).

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> a = Document("a", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw a card."),))
    >>> b = Document("b", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw two cards."),))
    >>> c = compare(a, b)
    >>> [(ch.kind.value, ch.tags) for ch in c.changes], c.summary["changed"]
    ([('changed', ('substantive',))], 1)
    """
    numbered = old.numbered and new.numbered
    # Same number, same text: most rules of a release, counted, never listed.
    unchanged, aligned = _aligned_with(plan, old, new) if plan else changed_pairs(old, new)
    pairs = []
    for p in aligned:
        if p.old and p.new and (p.old.id == p.new.id or not numbered) and p.old.full_text == p.new.full_text:
            unchanged += 1  # a text found several times, which step 1 leaves to position
        else:
            pairs.append(p)
    texts = {(p.old.full_text, p.new.full_text) for p in pairs if p.old and p.new and p.old.full_text != p.new.full_text}
    edits = diff_all(texts, workers)
    classified = []
    for p in pairs:
        c = classify(p, edits.get((p.old.full_text, p.new.full_text)) if p.old and p.new else None, numbered=numbered)
        if c.kind is ChangeKind.UNCHANGED:  # white space only: layout, not text
            unchanged += 1
        else:
            classified.append(c)
    fixed = frozenset(plan.taken_old | plan.taken_new) if plan else frozenset()
    listed = join_splits(classified, diff_words, fixed)
    if plan and plan.splits:
        olds, news = {r.id: r for r in old.items}, {r.id: r for r in new.items}
        mains = dict(plan.pairs)
        listed = force_splits(
            listed, [(olds[o], news[mains[o]], tuple(news[n] for n in parts)) for o, parts in plan.splits], diff_words
        )
    listed = parallel_merges(listed, diff_words)
    # The word sets the alignment kept for splits.py (`align.text_words`) are
    # not read again: dropped here, their ~16 MB on the 17-year gap (a fifth
    # of the peak of its HTML run) serve the semantic pass and the output;
    # so are the phrases splits.py read reworded parts by.
    text_words.cache_clear()
    forget_phrases()
    counts = Counter(c.kind for c in listed)
    counts[ChangeKind.UNCHANGED] = unchanged
    annotated, substitutions, stale = annotate(listed, old, new)
    return Comparison(
        old=old,
        new=new,
        changes=tuple(annotated),
        counts=tuple((kind, counts.get(kind, 0)) for kind in ChangeKind),
        renumbering=renumbering(annotated),
        substitutions=substitutions,
        stale=stale,
    )


def _aligned_with(plan: Plan, old: Document, new: Document) -> tuple[int, tuple[Pair, ...]]:
    """`changed_pairs` with an editor's overrides: the rules they name are
    taken out before the automatic alignment, which pairs the rest; their
    pairs and unpaired rules are then put in reading order with the others
    (new document order; a removed rule after the new place of the old
    rule before it, as align.py places them)."""
    taken_old, taken_new = plan.taken_old, plan.taken_new

    def rest(doc: Document, taken: set[str]) -> Document:
        return replace(
            doc,
            rules=tuple(r for r in doc.rules if r.id not in taken),
            glossary=tuple(r for r in doc.glossary if r.id not in taken),
        )

    unchanged, aligned = changed_pairs(rest(old, taken_old), rest(new, taken_new))
    olds = {r.id: r for r in old.items}
    news = {r.id: r for r in new.items}
    forced = [
        Pair(olds[o], news[n], MatchHow.OVERRIDE, dice(word_set(olds[o].full_text), word_set(news[n].full_text)))
        for o, n in plan.pairs
    ]
    forced += [Pair(olds[o], None, MatchHow.UNPAIRED) for o in plan.removed]
    forced += [Pair(None, news[n], MatchHow.UNPAIRED) for n in plan.added]
    every = [*aligned, *forced]
    # The new place of each old rule: its partner's; a rule in no pair kept
    # its number and text (a pair of step 1, which is not listed).
    place = {r.id: k for k, r in enumerate(new.items)}
    partner: dict[str, int | None] = {p.old.id: place[p.new.id] if p.new else None for p in every if p.old}
    anchor: dict[str, int] = {}
    last = -1
    for r in old.items:
        at = partner.get(r.id, place.get(r.id))
        anchor[r.id] = last
        if at is not None:
            last = at
    order = {r.id: k for k, r in enumerate(old.items)}

    def key(p: Pair) -> tuple[int, int, int]:
        if p.new is not None:
            return place[p.new.id], 0, 0
        assert p.old is not None
        return anchor[p.old.id], 1, order[p.old.id]

    return unchanged, tuple(sorted(every, key=key))
