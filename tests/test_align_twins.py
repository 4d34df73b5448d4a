"""Issue #27 item 6 (pairing over long gaps): a rule about one subject is
no rule about another, however alike the two read. A template's instance
for a keyword dropped ("Multiple instances of gallop ...") is not the same
rule as the instance for a keyword the release brought in ("... of trot
..."). Invented text only; the real case by corpus path and rule ID at the
end."""

from __future__ import annotations

from helpers import doc
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind

_HEAD = [("7", "Additional Rules"), ("702", "Keyword Abilities")]


def _kinds(result):  # type: ignore[no-untyped-def]
    return {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind for c in result.changes}


def test_a_template_for_a_new_subject_is_no_renumbered_rule() -> None:
    """Gallop's redundancy rule is dropped; the new keyword Trot has its
    own, worded alike: one removed, one added, never "renumbered"."""
    old = _HEAD + [
        ("702.1", "Gallop"), ("702.1a", "Gallop is a static ability of horses that move twice."),
        ("702.1b", "Multiple instances of gallop on the same horse are redundant."),
        ("702.2", "Canter"), ("702.2a", "Canter is a triggered ability of horses that enter a field."),
    ]
    new = _HEAD + [
        ("702.1", "Gallop"), ("702.1a", "Gallop is a static ability of horses that move twice."),
        ("702.2", "Canter"), ("702.2a", "Canter is a triggered ability of horses that enter a field."),
        ("702.3", "Trot"), ("702.3a", "Trot is an evasion ability of ponies in a parade."),
        ("702.3b", "Multiple instances of trot on the same horse are redundant."),
    ]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("702.1b", None)] is ChangeKind.REMOVED
    assert kinds[(None, "702.3b")] is ChangeKind.ADDED


def test_a_keyword_replaced_under_its_number_is_no_renumbered_rule() -> None:
    """Gallop is dropped and the new Trot takes its number: neither heading
    pairs, and the two redundancy rules, worded alike, are two rules."""
    old = _HEAD + [
        ("702.1", "Canter"), ("702.1a", "Canter is a triggered ability of horses that enter a field."),
        ("702.2", "Gallop"), ("702.2a", "Gallop is a static ability of horses that move twice."),
        ("702.2b", "Gallop was printed on old cards of the first riders' set."),
        ("702.2c", "Multiple instances of gallop on the same horse are redundant."),
    ]
    new = _HEAD + [
        ("702.1", "Canter"), ("702.1a", "Canter is a triggered ability of horses that enter a field."),
        ("702.2", "Trot"), ("702.2a", "Trot lets ponies in a parade step lightly past guards."),
        ("702.2b", "Multiple instances of trot on the same horse are redundant."),
    ]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("702.2c", None)] is ChangeKind.REMOVED
    assert kinds[(None, "702.2b")] is ChangeKind.ADDED


def test_a_section_recast_keeps_its_rules_paired() -> None:
    """The giant variant's combat rules move, with their subrule, into a
    new option's section ("variant" -> "option"); the variant stays, under
    another number: the rule moved with its content, paired."""
    old = [("8", "Multiplayer"), ("805", "Giant Variant"),
           ("805.1", "Giant games are played by two teams of two players."),
           ("805.7", "The giant variant uses different combat rules than the others."),
           ("805.7a", "Each team's knights attack the other team as a group during the tilt."),
           ("806", "Emperor Variant"), ("806.1", "Emperor games are played by two teams of three players.")]
    new = [("8", "Multiplayer"), ("805", "Shared Turns Option"),
           ("805.1", "Some games between teams use the shared turns option."),
           ("805.7", "The shared turns option uses different combat rules than the others."),
           ("805.7a", "Each team's knights attack the other team as a group during the tilt."),
           ("806", "Emperor Variant"), ("806.1", "Emperor games are played by two teams of three players."),
           ("807", "Giant Variant"), ("807.1", "Giant games are played by two teams of two players.")]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("805.7", "805.7")] is ChangeKind.CHANGED
    assert ("805.7", None) not in kinds and (None, "805.7") not in kinds and ("805.7a", None) not in kinds


def test_real_changeling_is_no_skulk() -> None:
    """2015-07 -> 2017-08 (gap-s30): 702.72b, changeling's redundancy rule,
    was dropped; 702.117c is the new skulk's. They were paired as
    renumbered."""
    kinds = _kinds(_real("mtg/2015-07-17.txt", "mtg/2017-08-25.txt"))
    assert kinds[("702.72b", None)] is ChangeKind.REMOVED
    assert kinds[(None, "702.117c")] is ChangeKind.ADDED


def test_real_snow_covered_is_no_vigilance() -> None:
    """2004-02 -> 2006-02 (gap-s32): 502.14 Snow-Covered was dropped and
    vigilance took its number; 502.14d, snow-covered's redundancy rule, was
    paired with vigilance's 502.14c."""
    kinds = _kinds(_real("mtg/2004-02-01.txt", "mtg/2006-02-01.txt"))
    assert kinds[("502.14d", None)] is ChangeKind.REMOVED
    assert kinds[(None, "502.14c")] is ChangeKind.ADDED


def test_real_banding_merged_with_bands_with_other() -> None:
    """2005-10 -> 2009-10: 502.10i (banding's redundancy) was paired with
    intimidate's 702.11c; it is merged with 502.11d into 702.19m."""
    kinds = _kinds(_real("mtg/2005-10-01.txt", "mtg/2009-10-01.txt"))
    assert (None, "702.11c") in kinds
    assert not any(old == "502.10i" and new == "702.11c" for old, new in kinds)


def test_a_rule_freed_from_its_twin_goes_where_its_siblings_say() -> None:
    """The keyword section moves (502 -> 702) and a new keyword, Haunt,
    brings a rule worded as Soar's blocking rule was, with a clause more;
    Soar's is reworded. The old rule reads most like Haunt's, its twin, and
    is first paired with it; undone, it goes where its siblings' partners
    say: Soar's own rule, reworded. Haunt's is no part of it (a split)."""
    blocked = "A creature with {} can't be blocked except by artifact creatures and/or creatures that share a color with it"
    old = [("5", "Keywords"), ("502", "Keyword Abilities"),
           ("502.4", "Soar"), ("502.4a", "Soar is an evasion ability of birds and kites."),
           ("502.4b", blocked.format("soar") + "."),
           ("502.4c", "Multiple instances of soar on the same creature are redundant."),
           ("502.9", "Height"), ("502.9a", "Height is a static ability of towers and giants.")]
    new = [("7", "Keywords"), ("702", "Keyword Abilities"),
           ("702.4", "Haunt"), ("702.4a", "Haunt is an evasion ability of ghosts in an old house."),
           ("702.4b", blocked.format("haunt") + ", unless a ghost hunter is watching the old house at midnight."),
           ("702.8", "Soar"), ("702.8a", "Soar is an evasion ability of birds and kites."),
           ("702.8b", "Only creatures with soar or height can block a creature with soar, however tall the walls are."),
           ("702.8c", "Multiple instances of soar on the same creature are redundant."),
           ("702.12", "Height"), ("702.12a", "Height is a static ability of towers and giants.")]
    kinds = _kinds(compare(doc(old), doc(new)))
    assert kinds[("502.4b", "702.8b")] is ChangeKind.RENUMBERED
    assert kinds[(None, "702.4b")] is ChangeKind.ADDED


def test_real_reach_blocking_rule_follows_its_siblings() -> None:
    """2008-07 -> 2009-09 (gap-s38): reach's blocking rule 502.70b, only its
    references renumbered, was paired with intimidate's 702.11b, undone as
    a twin, and reported removed, 702.15b added."""
    result = _real("mtg/2008-07-15.txt", "mtg/2009-09-04.txt")
    kinds = _kinds(result)
    assert kinds[("502.70b", "702.15b")] is ChangeKind.RENUMBERED
    change = next(c for c in result.changes if c.old is not None and c.old.id == "502.70b")
    assert "substantive" not in change.tags and "cross-reference" in change.tags
