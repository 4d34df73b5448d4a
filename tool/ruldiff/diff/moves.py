"""Moves: a rule renumbered from under one heading to under another.

- `containers(document)` -> each rule's ID -> the ID of the heading it sits
  under (its nearest enclosing heading or section, else its outermost
  enclosing unit), as the document's structure records it (``Rule.parent``).
- `parents(document)` -> each rule's ID -> its parent's ID.
- `moved(change, id_map, old_containers, new_containers, was, old_parents,
  new_parents, gone)` -> (old heading, new heading) of a renumbered rule that
  changed headings, or (old parent, new parent) of one that changed parents
  under its heading, else None.

Claim: a renumbered rule moved between headings when the heading it sits
under in the new release is not the one it sat under in the old release,
renumbered (the whole heading renumbered with it, the rule stayed under
it), and was there before (a heading the release added was put above the
rule; the rule did not move). The heading is read from the structure, not from the number: ``Section
7``, numbered through the document, moved from Article II to Article III
moved; ``4-12(a)`` stays under ``4-12`` whatever its prefix. In documents
whose numbers carry their heading's (``714.1a`` under ``714``) the two agree.
Under the same heading, a rule moved when it sits under another unit that
was there before and did not carry it: item ``1.1(b)`` that became
``1.2(d)``; MTG's 308.1a, "attacking alone", under 308.5 as 308.5a in
2002-02. A rule put under a unit that held its old parent was promoted
(410.8b -> 410.11), one put under a unit its old parent held was demoted:
neither moved.

Precision: not measured on the evaluation sets (docs/trust.md has no row for
``moved``). The moves between units of one heading, read on every adjacent
MTG and Riftbound pair and the 17-year gap: 16, each a rule now under
another rule (two of them follow pairings of align whose texts name other
keywords, 2009-07's 502.17b and 502.8b); on the generator's seed 2026, move
recovered 89.9% -> 100%. Cost on the 17-year gap (`bench/claims.py`, "moves"): 2 ms (3 ms
of CPU) of the semantic pass's 329 ms (327 ms of CPU), measured with the
number's prefix; the two maps of `containers` add 0.7 ms of CPU (one pass
over each release's rules, only when a rule was renumbered); with `parents`
and the moves under one heading, "moves" 4 -> 5 ms (`--cpu --runs 3`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Container

from ..model import Change, ChangeKind, Document, RuleKind

__all__ = ["containers", "moved"]

_HEADINGS = (RuleKind.HEADING, RuleKind.SECTION)


def containers(document: Document) -> dict[str, str]:
    """Each rule's ID -> the ID of the heading it sits under: its nearest
    enclosing heading or section, else the outermost unit enclosing it (a
    top-level rule's sub-items sit under that rule). A rule at the top has
    none.

    >>> from ruldiff.model import Rule
    >>> doc = Document("d", "T", None, "p", (Rule("I", RuleKind.SECTION, "Name"), Rule("7", RuleKind.RULE, "X.", parent="I"),
    ...     Rule("7(a)", RuleKind.RULE, "Y.", parent="7"), Rule("8", RuleKind.RULE, "Z."), Rule("8(a)", RuleKind.RULE, "W.", parent="8")))
    >>> containers(doc)
    {'7': 'I', '7(a)': 'I', '8(a)': '8'}
    """
    kinds: dict[str, RuleKind] = {}
    out: dict[str, str] = {}
    for r in document.rules:
        kinds[r.id] = r.kind
        parent = r.parent
        if parent is not None:
            out[r.id] = parent if kinds.get(parent) in _HEADINGS else out.get(parent, parent)
    return out


def parents(document: Document) -> dict[str, str]:
    """Each rule's ID -> its parent's ID (a rule at the top has none).

    >>> from ruldiff.model import Rule
    >>> parents(Document("d", "T", None, "p", (Rule("7", RuleKind.RULE, "X."), Rule("7(a)", RuleKind.RULE, "Y.", parent="7"))))
    {'7(a)': '7'}
    """
    return {r.id: r.parent for r in document.rules if r.parent is not None}


def moved(
    c: Change, id_map: dict[str, str], old_containers: dict[str, str], new_containers: dict[str, str],
    was: dict[str, str], old_parents: dict[str, str] | None = None, new_parents: dict[str, str] | None = None,
    gone: Container[str] = (),
) -> tuple[str, str] | None:
    """`was`: the old ID of each new ID of the old release's items
    (``id_map`` inverted, a change's pairing before a reused number);
    `old_parents`, `new_parents`: `parents` of the two releases (none: no
    move under one heading is looked for); `gone`: the old IDs of removed
    rules. A rule under a heading that was an item inside
    its old heading (a rule read as a heading now) has not moved. Under a
    heading the release added, the structure cannot tell a rule moved there
    from a heading put above it (``145. Gear`` inserted over the rules on
    gear): the number decides, as it did before the structure was read (its
    root changed, and not with its heading's)."""
    if c.old is None or c.new is None or c.kind is not ChangeKind.RENUMBERED:
        return None
    old_heading, new_heading = old_containers.get(c.old.id), new_containers.get(c.new.id)
    if old_heading is None or new_heading is None:
        return None  # at the top
    if id_map.get(old_heading, old_heading) == new_heading:  # still under its heading (renumbered with it or not)
        return _moved_within(c.old.id, c.new.id, id_map, was, old_parents or {}, new_parents or {}, gone)
    before = was.get(new_heading)
    if before is not None and old_containers.get(before) == old_heading:
        return None  # the new heading was inside the old one: the rule stayed where it was
    if before is None:
        old_root, new_root = _root(c.old.id), _root(c.new.id)
        if old_root is None or new_root is None or old_root == new_root or id_map.get(old_root) == new_root:
            return None
    return old_heading, new_heading


def _moved_within(
    old_id: str, new_id: str, id_map: dict[str, str], was: dict[str, str],
    old_parents: dict[str, str], new_parents: dict[str, str], gone: Container[str],
) -> tuple[str, str] | None:
    """(old parent, new parent) of a rule that stayed under its heading but
    sits under another unit that was there before (not a removed rule
    whose number came back, in `gone`): neither one that holds
    its old parent, before or after the release (promoted: 410.8b ->
    410.11; or gone along with its parent: 403.4a -> 602.5c when 403.4
    became 602.5b; a misprinted parent put right: 306.1c under "306.b" ->
    306.3c under 306.3 when 306.b became 306.3b), nor one its old parent
    held, at any depth (demoted: Riftbound's 747.2 under 821.1.c, once
    747.1.c, in 2026-03); else None."""
    old_parent, new_parent = old_parents.get(old_id), new_parents.get(new_id)
    if old_parent is None or new_parent is None or id_map.get(old_parent, old_parent) == new_parent:
        return None  # at the top, or under its parent (renumbered with it or not)
    before = was.get(new_parent)
    if before is None or before in gone or _holds(old_parent, old_parents.get(before), old_parents, {}):
        return None  # a unit the release added, or one inside the old parent, was put above it
    if _holds(new_parent, old_parents.get(old_parent), old_parents, id_map) or \
            _holds(new_parent, new_parents.get(id_map.get(old_parent, old_parent)), new_parents, {}):
        return None
    return old_parent, new_parent


def _holds(unit: str, above: str | None, parents: dict[str, str], id_map: dict[str, str]) -> bool:
    """Whether `unit` is `above` or one of its ancestors (by `parents`),
    each given its new number by `id_map`."""
    while above is not None:
        if id_map.get(above, above) == unit:
            return True
        above = parents.get(above)
    return False


_root_pattern = functools.cache(lambda: re.compile(r"[A-Z](?=\.)|\D*?\d+"))  # compiled when first used: rare


def _root(rule_id: str) -> str | None:
    """The root of a rule's number (714 for 714.1a, § 7 for § 7(1), A for
    A.1); None for a root itself.

    >>> [_root(i) for i in ("714.1a", "§ 7(1)", "A.1", "714")]
    ['714', '§ 7', 'A', None]
    """
    m = _root_pattern().match(rule_id)
    return m.group() if m and m.end() < len(rule_id) else None
