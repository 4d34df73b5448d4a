"""Issue #27 item 6 (pairing over long gaps): a rule moved within its
section, the section renumbered with it, is no far move. Step 6 asks less
of two rules whose parents are paired with each other than of two rules
anywhere in the document, as it does of two rules with the same first
number. Invented text only; the real case by corpus path and rule ID at
the end."""

from __future__ import annotations

from helpers import doc
from test_families6 import _real

from ruldiff.diff.align import dice, word_set
from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind

_OLD_MOVED = "A keeper may trim the wick of a lantern when the owls are quiet at dusk."
_NEW_MOVED = "A keeper may trim the wick of any old lamp while the owls are silent after dusk."


def _kinds(result):  # type: ignore[no-untyped-def]
    return {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind for c in result.changes}


def _documents(new_heading: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Section 4 "Lanterns" renumbered 5 (a new section 4 in its place), its
    last rule reworded and moved to its head."""
    old = [("4", "Lanterns"),
           ("4.1", "Every lantern hangs from a hook of the tower gallery facing north."),
           ("4.2", "The bell ringer counts the lanterns each evening before the gate closes."),
           ("4.3", _OLD_MOVED)]
    new = [("4", "Bells"), ("4.1", "The great bell is rung once at noon by the youngest ringer."),
           ("5", new_heading), ("5.1", _NEW_MOVED),
           ("5.2", "Every lantern hangs from a hook of the tower gallery facing north."),
           ("5.3", "The bell ringer counts the lanterns each evening before the gate closes.")]
    return old, new


def test_the_moved_rule_is_neither_near_nor_far_by_its_words_alone() -> None:
    # What the test stands on: similar enough for a rule of one section,
    # not for a far move.
    assert 0.6 <= dice(word_set(_OLD_MOVED), word_set(_NEW_MOVED)) < 0.7


def test_a_rule_moved_within_a_renumbered_section_pairs() -> None:
    old, new = _documents("Lanterns")
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("4.3", "5.1")] is ChangeKind.RENUMBERED
    assert ("4.3", None) not in kinds and (None, "5.1") not in kinds


def test_the_same_words_under_another_section_are_no_pair() -> None:
    # The reworded rule now opens another section, "Lamps", put first: its
    # parent is paired with nothing, and the rule is far away.
    old, new = _documents("Lanterns")
    moved = next(r for r in new if r[0] == "5.1")
    new = [("3", "Lamps"), ("3.1", moved[1])] + [r for r in new if r[0] != "5.1"]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("4.3", None)] is ChangeKind.REMOVED
    assert kinds[(None, "3.1")] is ChangeKind.ADDED


def test_a_heading_made_singular_is_paired_before_its_moved_rule_is_looked_for() -> None:
    # Too few rules of "Lanterns" kept for its children to pair the two
    # headings; their titles do, before the moved rule is looked for.
    old = [("4", "Lanterns"),
           ("4.1", "Every lantern hangs from a hook of the tower gallery facing north."),
           ("4.2", "The bell ringer counts the lanterns each evening before the gate closes."),
           ("4.3", "Owls may perch on a cold lantern but never on a lit one."),
           ("4.4", "A broken lantern is mended by the smith within three days."),
           ("4.5", _OLD_MOVED)]
    new = [("4", "Bells"), ("4.1", "The great bell is rung once at noon by the youngest ringer."),
           ("5", "Lantern"), ("5.1", _NEW_MOVED),
           ("5.2", "Every lantern hangs from a hook of the tower gallery facing north."),
           ("5.3", "The bell ringer counts the lanterns each evening before the gate closes.")]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("4", "5")] is ChangeKind.RENUMBERED
    assert kinds[("4.5", "5.1")] is ChangeKind.RENUMBERED


def test_real_banishment_rule_moved_to_the_head_of_its_section() -> None:
    """Riftbound 2025-10 -> 2026-06 (gap-s32): "107.5 Banishment" became
    "108.6 Banishments", and its rule 107.5.c, reworded, 108.6.a: it was
    reported removed and added."""
    kinds = _kinds(_real("riftbound/2025-10-01.txt", "riftbound/2026-06-18.txt"))
    assert kinds[("107.5.c", "108.6.a")] is ChangeKind.RENUMBERED


def test_real_static_abilities_rule_moved_with_its_section() -> None:
    """2008-10 -> 2010-10 (claims_dump, session 20): 412.1, the first rule of
    "Handling Static Abilities", reworded as 604.2 under the same section
    renumbered 604, 0.6-0.7 similar: it was reported removed and added."""
    kinds = _kinds(_real("mtg/2008-10-01.txt", "mtg/2010-10-01.txt"))
    assert kinds[("412.1", "604.2")] is ChangeKind.RENUMBERED
    assert ("412.1", None) not in kinds
