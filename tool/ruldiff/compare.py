"""The pipeline from two parsed documents to a comparison.

- `compare(old, new, workers=1)` -> `Comparison`: align, diff words,
  classify, then the semantic pass.
"""

from __future__ import annotations

from collections import Counter

from .align import changed_pairs
from .classify import classify
from .model import ChangeKind, Comparison, Document
from .semantic import annotate, join_splits, renumbering
from .worddiff import diff_all, diff_words

__all__ = ["compare"]


def compare(old: Document, new: Document, *, workers: int = 1) -> Comparison:
    """Compare two parsed documents: align, diff words, classify, then read the
    changes across the document (splits and merges, renumbering map,
    references, substitutions, lists; see semantic.py).

    `workers` > 1 lets the word diffs of large comparisons run on that many
    processes; the result does not depend on it.

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> a = Document("a", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw a card."),))
    >>> b = Document("b", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw two cards."),))
    >>> c = compare(a, b)
    >>> [(ch.kind.value, ch.tags) for ch in c.changes], c.summary["changed"]
    ([('changed', ('substantive',))], 1)
    """
    numbered = old.numbered and new.numbered
    # Same number, same text: most rules of a release, counted, never listed.
    unchanged, aligned = changed_pairs(old, new)
    pairs = []
    for p in aligned:
        if p.old and p.new and (p.old.id == p.new.id or not numbered) and p.old.full_text == p.new.full_text:
            unchanged += 1  # a text found several times, which step 1 leaves to position
        else:
            pairs.append(p)
    texts = sorted(
        {
            (p.old.full_text, p.new.full_text)
            for p in pairs
            if p.old and p.new and p.old.full_text != p.new.full_text
        }
    )
    edits = dict(zip(texts, diff_all(texts, workers)))
    classified = []
    for p in pairs:
        c = classify(p, edits.get((p.old.full_text, p.new.full_text)) if p.old and p.new else None, numbered=numbered)
        if c.kind is ChangeKind.UNCHANGED:  # white space only: layout, not text
            unchanged += 1
        else:
            classified.append(c)
    listed = join_splits(classified, diff_words)
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
