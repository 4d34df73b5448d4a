"""Issue #27 item 6 (pairing over long gaps): a number reused after a move
follows the content, not the number, when the content's new place is
clear (the alignment's step 6b, `_follow_content`). Invented text only;
the real cases by corpus path and rule ID at the end."""

from __future__ import annotations

from helpers import doc
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind


def _pairs(result):  # type: ignore[no-untyped-def]
    """(old ID, new ID) -> kind, for each change of one rule to one rule
    (or added, removed: None on the other side)."""
    return {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind for c in result.changes}


def _partners(result, old_id):  # type: ignore[no-untyped-def]
    """The new rules the old rule `old_id` went to (the main one first)."""
    for c in result.changes:
        if any(r.id == old_id for r in (c.olds or ((c.old,) if c.old else ()))):
            return [c.new.id] + [r.id for r in c.news if r.id != c.new.id] if c.new else []
    raise AssertionError(old_id)


def test_a_definition_moved_out_leaves_the_rule_where_its_heading_went() -> None:
    """Seek's rule now names a Lamp token that a new token rule defines,
    with the old rule's words. The token rule reads more like the old rule,
    but the rule stays under Seek, its heading's partner, where its number
    went: the content did not leave the keyword."""
    lamp = "a colorless Lamp artifact token with \"{2}, Sacrifice this artifact: Light a candle.\""
    old = [("7", "Additional Rules"), ("701", "Keyword Actions"),
           ("701.3", "Seek"), ("701.3a", f"\"Seek\" means \"Create {lamp}\""),
           ("701.3b", "A player who seeks more than once in a turn still lights one candle.")]
    new = [("1", "Game Concepts"), ("111", "Tokens"),
           ("111.1", "Some effects put tokens onto the table."),
           ("111.10", "Some effects create predefined tokens."),
           ("111.10f", f"A Lamp token is {lamp}"),
           ("7", "Additional Rules"), ("701", "Keyword Actions"),
           ("701.5", "Seek"), ("701.5a", "\"Seek\" means \"Create a Lamp artifact token.\" See rule 111.10f."),
           ("701.5b", "A player who seeks more than once in a turn still lights one candle.")]
    partners = _partners(compare(doc(old), doc(new)), "701.3a")
    assert partners[0] == "701.5a"


def test_real_scry_moved_from_keyword_abilities_to_keyword_actions() -> None:
    """2004-06 -> 2007-07: scry's rule 502.36a ("Scry is a static ability
    ...") became the keyword action 501.8a ("To scry N means ..."), 0.75
    similar; another keyword took 502.36. It was reported removed, 501.8a
    added."""
    kinds = _pairs(_real("mtg/2004-06-01.txt", "mtg/2007-07-13.txt"))
    assert kinds[("502.36a", "501.8a")] is ChangeKind.RENUMBERED


def test_real_naming_a_split_card_follows_its_content() -> None:
    """2009-05 -> 2014-05 (gap-s23): the rule on naming a split card, 505.7,
    reworded as 708.7 (0.80 similar), was paired with the new rule on
    naming a double-faced card, 711.8, at its place (0.51)."""
    kinds = _pairs(_real("mtg/2009-05-01.txt", "mtg/2014-05-01.txt"))
    assert kinds[("505.7", "708.7")] is ChangeKind.RENUMBERED
    assert kinds[(None, "711.8")] is ChangeKind.ADDED


def test_real_equip_quality_keeps_its_number() -> None:
    """2021-04 -> 2025-06: "Equip [quality] creature" 702.6c, reworded
    under its number (0.46), stays 702.6c; "Equip planeswalker", 702.6e,
    worded like the old rule (0.76), is another variant."""
    result = _real("mtg/2021-04-19.txt", "mtg/2025-06-06.txt")
    assert _partners(result, "702.6c")[0] == "702.6c"


def test_real_investigate_stays_under_investigate() -> None:
    """2016-09 -> 2021-11: investigate's rule 701.34a keeps its place,
    701.36a, though the new Clue token rule 111.10f holds its words."""
    assert _partners(_real("mtg/2016-09-30.txt", "mtg/2021-11-15.txt"), "701.34a")[0] == "701.36a"


def test_real_a_copy_of_a_permanent_spell_follows_its_content() -> None:
    """2022-04 -> 2022-06 (blind): the rule on a copy of a permanent spell,
    608.3b, reworded as 608.3f (0.82 similar), was paired with the new
    608.3a at its place (0.60), its own text reported added."""
    kinds = _pairs(_real("mtg/2022-04-29.txt", "mtg/2022-06-10.txt"))
    assert kinds[("608.3b", "608.3f")] is ChangeKind.RENUMBERED
