"""Issue #27 item 6 (pairing over long gaps): a heading follows its rules
at any depth (the alignment's step 5b for headings, `_match_sections`),
when its children alone do not show it: a section moved and retitled,
its rules regrouped under one of them. Invented text only; the real cases
by corpus path and rule ID at the end."""

from __future__ import annotations

from helpers import doc
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind

_PAUSE = [
    ("8.1", "A judge may pause a match when a table is disturbed. When a match is paused, follow these steps in order."),
    ("8.1a", "Every clock at the table stops, and the time it showed is written on the match slip."),
    ("8.1b", "Each player places the cards held face down on the table, in one pile per zone."),
    ("8.1c", "No player may touch a card or a counter until the judge announces that the match resumes."),
]
_AFTER = [
    ("Even though the match is paused, effects that last until the end of the round keep lasting."),
    ("No card is drawn during a pause, so effects that count draws in a turn do not see one."),
    ("A player who leaves the table during a pause needs a judge's leave to return to it."),
]


def _old() -> list[tuple[str, str]]:
    return [("7", "Other Procedures"), ("701", "Seating"),
            ("701.1", "Players sit where the pairing board assigns them, across from their opponent."),
            ("701.2", "A player who sits at the wrong table receives a warning and moves at once."),
            ("702", "Pausing a Match"), *[(f"702{n[1:]}", t) for n, t in _PAUSE],
            ("702.2", _AFTER[0]), ("702.3", _AFTER[1]), ("702.4", _AFTER[2]),
            ("703", "Draws by Agreement"),
            ("703.1", "Both players may agree to a draw at any time before the result is written."),
            ("703.2", "A draw agreed for a reward or a bribe is no draw: both players are disqualified.")]


def _new(split: bool = False) -> list[tuple[str, str]]:
    steps = [(f"705{n[1:]}", t) for n, t in _PAUSE] + [("705.1d", _AFTER[0])]
    rest = [("706", "Leaving the Table"), ("706.1", _AFTER[1]), ("706.2", _AFTER[2])]
    if not split:  # split: two of its rules under a heading of their own
        steps, rest = steps + [("705.1e", _AFTER[1]), ("705.1f", _AFTER[2])], []
    return [("7", "Other Procedures"), ("701", "Seating"),
            ("701.1", "Players sit where the pairing board assigns them, across from their opponent."),
            ("701.2", "A player who sits at the wrong table receives a warning and moves at once."),
            ("702", "Late Arrivals"),
            ("702.1", "A player who arrives after the round starts receives a game loss after ten minutes."),
            ("703", "Draws by Agreement"),
            ("703.1", "Both players may agree to a draw at any time before the result is written."),
            ("703.2", "A draw agreed for a reward or a bribe is no draw: both players are disqualified."),
            ("704", "Dropping"),
            ("704.1", "A player may drop from the event between rounds by telling the scorekeeper."),
            ("705", "Interruptions"), *steps,
            ("705.2", "A judge may also pause a whole round. When a round is paused, every match of it is paused."),
            ("705.2a", "The round's clock stops, and the time it showed is announced to the hall."), *rest]


def _pairs(result):  # type: ignore[no-untyped-def]
    return {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind for c in result.changes}


def test_a_section_moved_and_retitled_follows_its_rules() -> None:
    """"702 Pausing a Match" became "705 Interruptions": its
    first child moved with its subrules to 705.1, and its other three
    children became subrules of 705.1, so three of its four children stand
    under 705.1, not 705. All eight of its rules stand under 705, and 705's
    rules paired all come from 702 (705.2 and 705.2a are new): one
    heading."""
    kinds = _pairs(compare(doc(_old()), doc(_new())))
    assert kinds[("702", "705")] is ChangeKind.RENUMBERED
    assert ("702", None) not in kinds and (None, "705") not in kinds
    assert kinds[("702.4", "705.1f")] is ChangeKind.RENUMBERED


def test_a_section_split_in_two_is_no_one_heading() -> None:
    """The same section, six of its eight rules under the new 705 and two
    under a new heading 706: a section split, whose old heading is neither
    705 nor 706 (of its four children, one stands under 705, one under
    705.1, two under 706: no majority)."""
    kinds = _pairs(compare(doc(_old()), doc(_new(split=True))))
    assert kinds[("702", None)] is ChangeKind.REMOVED
    assert kinds[(None, "705")] is ChangeKind.ADDED
    assert kinds[("702.4", "706.2")] is ChangeKind.RENUMBERED


def test_real_ending_the_turn_follows_its_rules() -> None:
    """2017-04 -> 2020-06 (gap-s45): "715 Ending the Turn" became "717
    Ending Turns and Phases" over the same rules (715.1 with its subrules
    -> 717.1, 715.2 and 715.3 -> 717.1f and 717.1e), with 717.2 and its
    subrules added. It was reported removed, and 717 added."""
    kinds = _pairs(_real("mtg/2017-04-28.txt", "mtg/2020-06-01.txt"))
    assert kinds[("715", "717")] is ChangeKind.RENUMBERED
    assert ("715", None) not in kinds


def test_real_targets_section_follows_its_rules() -> None:
    """2007-09 -> 2012-10: "415 Targeted Spells and Abilities" is "114
    Targets" (8 of its 10 rules there, 16 rules added), while "409 Playing
    Spells and Activated Abilities", split between 601 "Casting Spells"
    and 602 "Activating Activated Abilities", is paired with neither."""
    kinds = _pairs(_real("mtg/2007-09-07.txt", "mtg/2012-10-01.txt"))
    assert kinds[("415", "114")] is ChangeKind.RENUMBERED
    assert kinds[("409", None)] is ChangeKind.REMOVED
