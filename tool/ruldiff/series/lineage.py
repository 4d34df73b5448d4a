"""Two releases far apart, read through the releases between them (``diff --through``).

- `between(series, paths, old, new)` -> the versions from OLD to NEW among
  the releases given, and the steps between them.
- `relation(versions, steps)` -> old ID -> the IDs it became in the last
  version, step by step.
- `lineage_hints(direct, relation)` -> the comparison with a hint on each
  rule reported removed whose lineage ends in a rule reported added, and
  on that rule.

A long gap moves rules while it rewrites them: Riftbound's 322.4 of v1.1
is 323.6 of its latest release, its words changed a little at each of
several releases. Compared directly, the two texts share too little to
pair, and the rule is reported removed and added (120.5 of 2009, 122.6 of
2026, was such a rule until align's step 12 paired it directly). Each adjacent step pairs it, so its lineage through the
releases between names where it went: a rule reported removed whose
lineage ends in one rule reported added, which came from it alone, gets
the hint ``see also 323.6 (what it became through the releases between)``,
and the added rule the hint back (`Change.see_also`, kinds ``became`` and
``was``). A hint, never a claim: nothing is paired, counted or tagged.

Why a hint and not a pair. On every pair of the seventeen labelled gap
sets taken as releases years apart (125 pairs), the lineage pairs 261
such rules. A random sample of 40 was read in the texts (bench/README.md,
"Session 15: the lineage"): 29 the same rule moved and rewritten, 9 a rule
split (or merged) of which the other is one part, 2 wrong (a number reused
by a new section in a release between, 407 -> 607; a rule dropped whose
number its sibling took, 711.1a). Where it points is right 38 times in
40; as a pairing, 29 in 40, below what a claim must be. Completing splits
from the lineage was measured too and left out: on the sixteen gap sets
then labelled it changed two claims, one doubtful, one short of a part,
and made none right.

Cost: the steps between, compared once and cached as a history caches
them (the 17-year gap's 70 steps: ~18 s once on two cores, with the
archive's 126 releases read; then ~1.3 s more than the comparison alone,
to hash and read back the releases); the hints themselves, under a
millisecond.
"""

from __future__ import annotations

import os
from dataclasses import replace
from collections.abc import Callable, Mapping, Sequence

from ..errors import RuldiffError
from ..model import ChangeKind, Comparison
from .releases import Series, Step, Version
from .store import digest

__all__ = ["between", "lineage_hints", "relation"]


def between(
    series: Series, paths: Sequence[str], old: str, new: str, *, order: Sequence[str] = (),
    warn: Callable[[str], None] = lambda message: None,
) -> tuple[tuple[Version, ...], tuple[Step, ...]]:
    """The versions of the series from OLD to NEW, in order (OLD and NEW
    among them, found by their bytes whether or not `paths` holds them),
    and the steps between consecutive ones (`Series.steps`, cached)."""
    given = {os.path.realpath(p) for p in paths}
    every = [*paths, *(p for p in (old, new) if os.path.realpath(p) not in given)]
    versions, warnings = series.versions(list(dict.fromkeys(every)), order)
    for w in warnings:
        warn(w)
    at = []
    for path in (old, new):
        sha = digest(series.read(path))
        k = next((i for i, v in enumerate(versions) if v.digest == sha), None)
        if k is None:
            raise RuldiffError("--through: not read as a release of that series (another title or profile, or undated)",
                               path=path, fix="give the folder of this document's releases, or leave out --through")
        at.append(k)
    first, last = at
    if first >= last:
        raise RuldiffError("--through: OLD is not dated before NEW among the releases", path=old,
                           fix="give the older release first")
    chosen = versions[first : last + 1]
    return chosen, series.steps(chosen)


def relation(versions: Sequence[Version], steps: Sequence[Step]) -> dict[str, frozenset[str]]:
    """Each ID of ``versions[0]`` -> the IDs of ``versions[-1]`` it became,
    following every step's changes: a renumbering changes the ID, a split
    goes to every part, a merge to the merged rule, a removal ends it; a
    rule no change names keeps its ID (the steps list every rule that is
    not the same rule under the same ID).

    >>> from ruldiff.series.releases import Link, Step, Version
    >>> vs = [Version(str(k), "", None, "T", ids) for k, ids in enumerate((("1", "2"), ("1", "3"), ("1", "4", "5")))]
    >>> s1 = Step(0, (), 0, (Link("renumbered", ("2",), ("3",), "", ()),))
    >>> s2 = Step(1, (), 0, (Link("split", ("3",), ("4", "5"), "", ()),))
    >>> sorted((k, sorted(v)) for k, v in relation(vs, [s1, s2]).items())
    [('1', ['1']), ('2', ['4', '5'])]
    """
    now = {rule_id: frozenset((rule_id,)) for rule_id in versions[0].ids}
    for step, after in zip(steps, versions[1:]):
        present = set(after.ids)
        ahead: dict[str, set[str]] = {}
        for link in step.links:
            for old in link.old:
                ahead.setdefault(old, set()).update(link.new)  # empty for a removal
        now = {
            rule_id: frozenset(n for c in current for n in (ahead[c] if c in ahead else (c,) if c in present else ()))
            for rule_id, current in now.items()
        }
    return now


def lineage_hints(direct: Comparison, lineage: Mapping[str, frozenset[str]]) -> Comparison:
    """`direct` with a ``became`` hint on each rule reported removed whose
    lineage ends in one rule reported added, which came from this rule
    alone, and a ``was`` hint back on that rule (see the module's
    docstring)."""
    came: dict[str, set[str]] = {}
    for old_id, ids in lineage.items():
        for n in ids:
            came.setdefault(n, set()).add(old_id)
    added = {c.new.id for c in direct.changes if c.kind is ChangeKind.ADDED and c.new is not None}
    became: dict[str, str] = {}
    for c in direct.changes:
        if c.kind is ChangeKind.REMOVED and c.old is not None:
            reached = lineage.get(c.old.id, frozenset())
            if len(reached) == 1 and (new_id := next(iter(reached))) in added and came[new_id] == {c.old.id}:
                became[c.old.id] = new_id
    if not became:
        return direct
    was = {n: o for o, n in became.items()}
    changes = []
    for c in direct.changes:
        if c.kind is ChangeKind.REMOVED and c.old is not None and c.old.id in became:
            c = replace(c, see_also=(*c.see_also, ("became", became[c.old.id])))
        elif c.kind is ChangeKind.ADDED and c.new is not None and c.new.id in was:
            c = replace(c, see_also=(*c.see_also, ("was", was[c.new.id])))
        changes.append(c)
    return replace(direct, changes=tuple(changes))
