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


# A section moved, and another's rule took its rule's number (`_follow_section`).
_RELAY = [("801", "Relay Variant"),
          ("801.1", "In the Relay variant, each team hands a baton from runner to runner."),
          ("801.2", "A runner holding the baton may move two spaces on each turn."),
          ("801.3", "The Relay variant uses the normal rules for scoring points (see rule 104), as changed by"
                    " rules 800.4 and 800.5, with the following additions."),
          ("801.3a", "A team whose baton is dropped scores no points that round.")]
_PAIRS = [("1", "In the Pairs variant, two players sit on each side of the board."),
          ("2", "Partners may show each other their tiles at any time."),
          ("3", "Pair games use the normal rules for scoring points (see rule 104), as changed by rules 800.4"
                " and 800.5."),
          ("4", "A pair that passes twice in a row loses its next turn."),
          ("5", "Partners may swap seats once per game.")]


def _variants(relay_scoring: str):  # type: ignore[no-untyped-def]
    """Relay (801) and Pairs (802) swap places; Pairs' scoring rule 802.3 is
    dropped and a new rule takes 801.3; Relay's scoring rule, reworded as
    `relay_scoring`, is now 802.3, the number Pairs' had."""
    head = [("8", "Variants"), ("800", "General"), ("800.1", "A variant changes some rules of a plain game.")]
    old = [*head, *_RELAY, ("802", "Pairs Variant"), *[(f"802.{k}", t) for k, t in _PAIRS]]
    pairs = [(f"801.{k}", "Partners may not trade tiles." if k == "3" else t) for k, t in _PAIRS]
    relay = [("802" + n[3:], relay_scoring if n == "801.3" else t) for n, t in _RELAY]
    new = [*head, ("801", "Pairs Variant"), *pairs, *relay]
    return compare(doc(old), doc(new))


def test_a_rule_follows_its_section_not_the_number_another_section_left() -> None:
    """Relay's scoring rule, reworded (0.62 like its old text), goes with
    its section to 802.3, not to Pairs' old 802.3 (0.61 like it), whose
    section went to 801: the number says nothing once both sections moved,
    the section's move says where the rule went."""
    kinds = _pairs(_variants("In the Relay variant, games use the following rules for scoring points. The normal"
                             " rules for scoring points also apply. (See rule 104.)"))
    assert kinds[("801.3", "802.3")] is ChangeKind.RENUMBERED
    assert kinds[("802.3", None)] is ChangeKind.REMOVED


def test_the_number_stays_when_its_partner_reads_closer() -> None:
    """Worded closer to Pairs' old rule (0.57) than to Relay's (0.53), the
    new 802.3 keeps its number's partner: the place wins only over a
    partner it reads less like."""
    kinds = _pairs(_variants("Relay games use the following rules for scoring points. All other rules for scoring"
                             " points also apply. (See rule 104.)"))
    assert kinds[("802.3", "802.3")] is ChangeKind.CHANGED
    assert kinds[("801.3", None)] is ChangeKind.REMOVED


def test_real_the_emperor_rule_follows_its_section() -> None:
    """2009-09 -> 2010-10 (gap-s43): the Emperor variant, 807, became 809;
    its rule on winning and losing, 807.5, reworded (0.62), is 809.5, which
    had been paired with Teams' old 809.5 (0.51), whose section went to 811."""
    result = _real("mtg/2009-09-04.txt", "mtg/2010-10-01.txt")
    assert _partners(result, "807.5")[0] == "809.5"
    assert _partners(result, "809.5") == []


def test_real_transform_rules_follow_transform() -> None:
    """2022-04 -> 2025-06: transform, 701.28, became 701.27 and convert took
    701.28; transform's 701.28c and 701.28d, reworded, are 701.27c and
    701.27d, not convert's rules written on their template."""
    result = _real("mtg/2022-04-29.txt", "mtg/2025-06-06.txt")
    assert _partners(result, "701.28c")[0] == "701.27c"
    assert _partners(result, "701.28d")[0] == "701.27d"
