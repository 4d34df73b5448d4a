"""A part reworded as it was split off (or merged in) under the kept rule's
new parent or new child (splits.py, `_kin`, `KIN_PHRASES`): the numbering
says where the piece went, so two phrases of content words of the old
sentence are enough; a new subrule that shares only common phrases with the
lost text, one that shares a term with a sentence another part took, or a
new rule beside the kept one (not its parent or child), stays added.
Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind
from ruldiff.documents.load import load

HEAD = [("1", "Basics"), ("300", "Charges")]
TAIL = [("300.9", "The warden keeps the lantern until the round is over.")]


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, list[str], list[str]]]:
    result = compare(doc(HEAD + old + TAIL), doc(HEAD + new + TAIL))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


WHOLE = (
    "300.1", "Charged effects are a special group that apply only to the states listed below. "
    "Powers that watch for a charged state are triggered powers, not charged effects.",
)
PARENT_AND_CHILD = [
    ("300.1", "Charged actions are game actions that happen whenever certain states (listed below) are met. "
              "Charged actions never use the queue."),
    ("300.1a", "Powers that watch for a charged state are triggered powers, not charged actions."),
]
LANTERN = "The warden lights the lantern at the start of each round and passes it to the left."
TORCH = ("300.2", LANTERN + " Otherwise, no keeper gains torch tokens and play ends.")
REWORDED_TORCH = "Normally, a keeper gains torch cards at the end."


def test_a_reworded_intro_made_the_new_parent_of_the_rest_is_part_of_a_split() -> None:
    # The first sentence reworded as a new parent; the second kept as its child.
    assert ("split", ["300.1"], ["300.1", "300.1a"]) in _kinds([WHOLE], PARENT_AND_CHILD)


def test_a_reworded_sentence_made_a_new_child_is_part_of_a_split() -> None:
    new = [("300.2", LANTERN), ("300.2a", REWORDED_TORCH)]
    assert ("split", ["300.2"], ["300.2", "300.2a"]) in _kinds([TORCH], new)


def test_a_merge_of_a_parent_and_its_reworded_child_is_found_the_same_way() -> None:
    assert ("merged", ["300.1", "300.1a"], ["300.1"]) in _kinds(PARENT_AND_CHILD, [WHOLE])


@pytest.mark.parametrize(("old", "new", "added"), [
    # Beside the kept rule, not under it: two phrases are too few without the numbering.
    ([TORCH], [("300.2", LANTERN), ("300.3", REWORDED_TORCH)], "300.3"),
    # A new child sharing only "the first" and "hand the" with the lost sentence.
    (
        [("300.3", "A keeper who dislikes the first hand may redraw it once. "
                   "Once the first keeper has kept a hand, the second keeper may redraw.")],
        [("300.3", "A keeper who dislikes the first hand may redraw it once."),
         ("300.3a", "In the team variant, each team draws in turn, and the hand the team keeps is shown to all. "
                    "The first team to finish takes the lantern.")],
        "300.3a",
    ),
    # A new kind of card sharing only the term "twin sided card" with the
    # sentence the first new child took, reworded.
    (
        [("300.4", "A roster card has a plain back. Each roster section lists the title and the "
                   "ember cost of each twin-sided card it could stand for, beside a blank ring.")],
        [("300.4", "A roster card has a plain back."),
         ("300.4a", "Some roster cards list the titles and ember costs of the cards they can stand for, "
                    "each roster section beside a blank ring."),
         ("300.4b", "Some roster cards can stand for any twin-sided card of the spring set. "
                    "Write on them the title of each face.")],
        "300.4b",
    ),
])
def test_a_new_rule_that_only_echoes_the_lost_text_stays_added(
    old: list[tuple[str, str]], new: list[tuple[str, str]], added: str
) -> None:
    kinds = _kinds(old, new)
    assert ("added", [], [added]) in kinds
    assert not any(added in news for k, _, news in kinds if k in ("split", "merged"))


@pytest.mark.parametrize(("old", "new", "whole", "parts"), [
    ("2007-05-01", "2010-06-18", "420.1", ["704.1", "704.1a"]),  # gap-blind: the intro reworded as a new parent
    ("2009-05-01", "2009-07-11", "314.3", ["514.3", "514.3a"]),  # blind: a sentence reworded as the new parent
    ("2020-08-07", "2020-09-25", "711.8", ["711.9", "711.9a"]),  # sample: was a see-also hint
])
def test_real_splits_under_the_kept_rule(corpora: Path, old: str, new: str, whole: str, parts: list[str]) -> None:
    result = compare(load(str(corpora / "mtg" / f"{old}.txt")), load(str(corpora / "mtg" / f"{new}.txt")))
    (change,) = [c for c in result.changes if whole in [r.id for r in c.olds]]
    assert (change.kind.value, [r.id for r in change.news]) == ("split", parts)


def test_a_new_parent_at_another_level_is_no_part(corpora: Path) -> None:
    # 2009-07: new 510.1 rewords old 310.1 and 310.2, not old 310.2b (now 510.1b).
    result = compare(load(str(corpora / "mtg" / "2009-05-01.txt")), load(str(corpora / "mtg" / "2009-07-11.txt")))
    (change,) = [c for c in result.changes if "310.2b" in [r.id for r in c.olds]]
    assert [r.id for r in change.news] == ["510.1b"]


def test_a_rule_recast_as_a_list_keeps_its_number_with_its_intro() -> None:
    """Old 105.1, one paragraph, becomes an intro under its number, five new
    items 105.1a-105.1e, and its last sentence, grown, as 105.1f. The
    intro, more than three changes from the pair 105.1 -> 105.1f, is the
    split's part under the whole's number, and the change's pair: not
    "105.1 added"."""
    old = [("1", "Game Concepts"), ("105", "Lanterns"),
           ("105.1", "Lanterns burn only while their keeper is awake. A lantern whose wick was trimmed by a "
                     "master of the guild of lamplighters may burn at dusk, at dawn and through the small hours "
                     "of any night on which the watch is doubled.")]
    new = [("1", "Game Concepts"), ("105", "Lanterns"),
           ("105.1", "Lanterns burn only while their keeper is awake, except as follows:"),
           ("105.1a", "On feast nights every lantern may burn."),
           ("105.1b", "A lantern at a gate may burn while the gate is open."),
           ("105.1c", "A lantern in a ship may burn at sea."),
           ("105.1d", "A lantern in a mine may burn underground."),
           ("105.1e", "A lantern in a chapel may burn during a vigil."),
           ("105.1f", "A lantern whose wick was trimmed by a master of the guild of lamplighters may burn at "
                      "dusk, at dawn and through the small hours of any night on which the watch is doubled "
                      "or a feast is held.")]
    result = compare(doc(old), doc(new))
    split = next(c for c in result.changes if c.old is not None and c.old.id == "105.1")
    assert split.kind is ChangeKind.SPLIT and split.new is not None and split.new.id == "105.1"
    assert {r.id for r in split.news} >= {"105.1", "105.1f"}
    assert not any(c.kind is ChangeKind.ADDED and c.new is not None and c.new.id == "105.1" for c in result.changes)


def test_real_a_rule_that_only_took_the_number_is_no_part() -> None:
    """2010-02 -> 2014-02: indestructible's rule 700.4 became the keyword's
    702.12b; the new 700.4 defines "dies", sharing two of its content words
    ("put", "graveyard"): no part of it (`OWN_COVER`)."""
    from test_families6 import _real

    result = _real("mtg/2010-02-01.txt", "mtg/2014-02-01.txt")
    kinds = {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind for c in result.changes}
    assert kinds[("700.4", "702.12b")] is ChangeKind.RENUMBERED
    assert kinds[(None, "700.4")] is ChangeKind.ADDED


def test_real_a_rule_cut_in_two_keeps_its_number_with_its_first_paragraph() -> None:
    """2002-10 -> 2003-12: 409.1's first paragraph stays under 409.1 word for
    word, its second becomes 409.2: a split paired 409.1 -> 409.1, not
    "409.1 -> 409.2 renumbered" and "409.1 added"."""
    from test_families6 import _real

    result = _real("mtg/2002-10-07.txt", "mtg/2003-12-01.txt")
    split = next(c for c in result.changes if c.old is not None and c.old.id == "409.1")
    assert split.kind is ChangeKind.SPLIT and split.new is not None and split.new.id == "409.1"
    assert [r.id for r in split.news] == ["409.1", "409.2"]
