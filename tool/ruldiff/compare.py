"""The pipeline from two parsed documents to a comparison.

- `compare(old, new)` -> `Comparison`: align, diff and classify.
"""

from __future__ import annotations

from collections import Counter

from .align import align
from .classify import classify
from .model import ChangeKind, Comparison, Document

__all__ = ["compare"]


def compare(old: Document, new: Document) -> Comparison:
    """Compare two parsed documents.

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> a = Document("a", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw a card."),))
    >>> b = Document("b", "T", None, "p", (Rule("1.1", RuleKind.RULE, "Draw two cards."),))
    >>> c = compare(a, b)
    >>> [(ch.kind.value, ch.tags) for ch in c.changes], c.summary["changed"]
    ([('changed', ('substantive',))], 1)
    """
    changes = [classify(pair) for pair in align(old, new)]
    counts = Counter(c.kind for c in changes)
    return Comparison(
        old=old,
        new=new,
        changes=tuple(c for c in changes if c.kind is not ChangeKind.UNCHANGED),
        counts=tuple((kind, counts.get(kind, 0)) for kind in ChangeKind),
    )
