"""Moves: a rule renumbered from under one heading to under another.

- `moved(change, id_map)` -> (old heading, new heading) of a renumbered
  rule that changed headings, else None.

Claim: a renumbered rule whose root number (714 for 714.1a, § 7 for
§ 7(1)) changed moved between sections, unless its whole heading was
renumbered with it (the rule then stayed under it).

Precision: not measured; the evaluation sets (docs/trust.md) have no row for
``moved``. Cost on the 17-year gap (`bench/claims.py`, "moves"): 2 ms (3 ms
of CPU) of the semantic pass's 329 ms (327 ms of CPU).
"""

from __future__ import annotations

import re

from ..model import Change, ChangeKind

__all__ = ["moved"]


_ROOT = re.compile(r"[A-Z](?=\.)|\D*?\d+")


def _heading(rule_id: str) -> str | None:
    """The root of a rule's number (714 for 714.1a, § 7 for § 7(1), A for
    A.1); None for a root itself.

    >>> [_heading(i) for i in ("714.1a", "§ 7(1)", "A.1", "714")]
    ['714', '§ 7', 'A', None]
    """
    m = _ROOT.match(rule_id)
    return m.group() if m and m.end() < len(rule_id) else None


def moved(c: Change, id_map: dict[str, str]) -> tuple[str, str] | None:
    if c.old is None or c.new is None or c.kind is not ChangeKind.RENUMBERED:
        return None
    old_heading, new_heading = _heading(c.old.id), _heading(c.new.id)
    if old_heading is None or new_heading is None or old_heading == new_heading:
        return None
    if id_map.get(old_heading) == new_heading:
        return None  # the whole heading was renumbered, the rule stayed under it
    return old_heading, new_heading
