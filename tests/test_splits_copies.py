"""Two shapes of a rule split as it was reworded (splits.py): a rule copied,
one copy for each of the things it named together (`_copied`), wherever the
copy stands; and a list recast as subrules, each child taking one item of
the old list (found by the run of the whole each carries, `_run_parts`). A
new rule that brings a word of its own, or a child whose item the old list
does not hold, stays added. Invented
text; the real cases by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.diff.splits import _renumbered_part
from ruldiff.documents.load import load
from ruldiff.model import Rule, RuleKind


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, list[str], list[str]]]:
    result = compare(doc(old), doc(new))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


WHOLE = ("200.2", "If more than one warden could make such a call, the bell or gong keeper decides "
                  "which of those wardens will make the call.")
BELL = ("200.2", "If more than one warden could make such a call, the bell keeper decides "
                 "which of those wardens will make the call.")
GONG = "If more than one warden could make such a call, the gong keeper decides which of those wardens will make the call."
# Rules between the two sections, each changed: the copy stands beyond the
# changes looked at around the whole (`SPLIT_WINDOW`).
BETWEEN_OLD = [(f"300.{k}", f"The herald reads verse {k} aloud before the round starts.") for k in range(1, 6)]
BETWEEN_NEW = [(f"300.{k}", f"The herald sings verse {k} aloud before the round starts.") for k in range(1, 6)]
HEAD_OLD = [("1", "Basics"), ("200", "Bells"), ("200.1", "The bell keeper sits at the head of the table."), WHOLE,
            ("300", "Verses"), *BETWEEN_OLD, ("400", "Gongs"),
            ("400.1", "The gong keeper sits at the foot of the table.")]


def _new(copy: str) -> list[tuple[str, str]]:
    return [("1", "Basics"), ("200", "Bells"), ("200.1", "The bell keeper sits at the head of the table."), BELL,
            ("300", "Verses"), *BETWEEN_NEW, ("400", "Gongs"),
            ("400.1", "The gong keeper sits at the foot of the table."), ("400.2", copy)]


def test_a_rule_copied_into_another_section_is_a_split() -> None:
    assert ("split", ["200.2"], ["200.2", "400.2"]) in _kinds(HEAD_OLD, _new(GONG))


def test_a_copy_beside_the_kept_rule_is_a_split_too() -> None:
    old = [("1", "Basics"), ("200", "Bells"), WHOLE]
    new = [("1", "Basics"), ("200", "Bells"), BELL, ("200.3", GONG)]
    assert ("split", ["200.2"], ["200.2", "200.3"]) in _kinds(old, new)


def test_the_merge_of_two_copies_is_found_the_same_way() -> None:
    assert ("merged", ["200.2", "400.2"], ["200.2"]) in _kinds(_new(GONG), HEAD_OLD)


def test_a_rule_that_brings_a_word_of_its_own_is_no_copy() -> None:
    own = GONG.replace("the gong keeper decides", "the gong keeper alone decides")
    kinds = _kinds(HEAD_OLD, _new(own))
    assert ("added", [], ["400.2"]) in kinds
    assert not any(k in ("split", "merged") for k, _, _ in kinds)


LIST_OLD = [
    ("1", "Basics"), ("500", "Calls"),
    ("500.3", "Normally the warden answers a call at once. Some calls must wait until the round ends. "
              "Calls that ring when a lantern goes out, calls that ring when a keeper leaves the table, "
              "and calls that ring when the gong is struck twice wait in this way."),
]
WAIT = " wait until the round ends."
LIST_NEW = [
    ("1", "Basics"), ("500", "Calls"),
    ("500.3", "Normally the warden answers a call at once."),
    ("500.3a", "Some calls must wait until the round ends."),
    ("500.3b", "Calls that ring when a lantern goes out" + WAIT),
    ("500.3c", "Calls that ring when a keeper leaves the table" + WAIT),
    ("500.3d", "Calls that ring when a keeper sneezes at the table" + WAIT),
    ("500.3e", "Calls that ring when the gong is struck twice" + WAIT),
]


def test_a_list_recast_as_subrules_is_one_split_with_a_part_per_item() -> None:
    kinds = _kinds(LIST_OLD, LIST_NEW)
    # 500.3d's item ("a keeper sneezes") was not in the old list: a new rule.
    assert ("split", ["500.3"], ["500.3", "500.3a", "500.3b", "500.3c", "500.3e"]) in kinds
    assert ("added", [], ["500.3d"]) in kinds


def test_subrules_folded_back_into_a_list_are_one_merge() -> None:
    kinds = _kinds(LIST_NEW, LIST_OLD)
    assert ("merged", ["500.3", "500.3a", "500.3b", "500.3c", "500.3e"], ["500.3"]) in kinds
    assert ("removed", ["500.3d"], []) in kinds


@pytest.mark.parametrize(("old", "new", "whole", "parts"), [
    # gap-s9: casting and activating given a section each, the rule copied into both.
    ("2008-10-01", "2012-02-01", "409.2a", ["601.3a", "602.3a"]),
    ("2009-05-01", "2009-07-11", "409.2a", ["601.3a", "602.3a"]),
    # gap-s9: the look-back list made subrules; 603.10e and 603.10f are new items.
    ("2016-08-26", "2017-09-25", "603.6d", ["603.10", "603.10a", "603.10b", "603.10c", "603.10d", "603.10g"]),
])
def test_real_copies_and_lists(corpora: Path, old: str, new: str, whole: str, parts: list[str]) -> None:
    result = compare(load(str(corpora / "mtg" / f"{old}.txt")), load(str(corpora / "mtg" / f"{new}.txt")))
    (change,) = [c for c in result.changes if whole in [r.id for r in c.olds]]
    assert (change.kind.value, [r.id for r in change.news]) == ("split", parts)


# A part, not a hint: an added rule that took the number of a rule whose
# partner moved on, holding the piece of it that stayed (`_renumbered_part`).
RINGS = Rule("200.4", RuleKind.RULE, 'A power that reads "Whenever [this keeper] rings," or "Whenever [this keeper] '
             'is rung," triggers only once each round for that keeper, even if it rings or is rung by several keepers.')
RUNG = Rule("200.6", RuleKind.RULE, 'A power that reads "Whenever [this keeper] is rung" triggers only once each '
            'round for that keeper, even if it is rung by several keepers.')
RINGS_HALF = ('A power that reads "Whenever [this keeper] rings" triggers only once each round '
              "for that keeper, even if it rings several keepers.")


@pytest.mark.parametrize(("part", "taken"), [
    # The "rings" half, under the old number: the numbering says it stayed.
    (Rule("200.4", RuleKind.RULE, RINGS_HALF), True),
    # Under another number: nothing says the piece stayed there.
    (Rule("200.5", RuleKind.RULE, RINGS_HALF), False),
    # Under the old number but bringing nothing the partner lacks.
    (Rule("200.4", RuleKind.RULE, 'A power that reads "Whenever [this keeper] is rung" triggers once each round.'), False),
])
def test_a_rule_that_took_the_old_number_with_the_piece_that_stayed_is_a_part(part: Rule, taken: bool) -> None:
    assert _renumbered_part(RINGS, RUNG, part) is taken


def test_a_sentence_cut_in_two_halves_is_one_split_under_the_old_number() -> None:
    # The old rule's two triggers: "rings" stays under 200.4, "is rung" goes to
    # 200.6 (the closer of the two by words, the change's pair); 200.5 is new.
    head = [("1", "Basics"), ("200", "Keepers")]
    old = [*head, ("200.4", RINGS.text), ("200.5", "A keeper may rest between rounds.")]
    new = [*head, ("200.4", RINGS_HALF), ("200.5", "A keeper may rest between rounds."), ("200.6", RUNG.text)]
    kinds = _kinds(old, new)
    assert ("split", ["200.4"], ["200.4", "200.6"]) in kinds
    assert not any(k == "added" for k, _, _ in kinds)
    # Seen backwards, the two halves folded back into one rule are a merge.
    assert ("merged", ["200.4", "200.6"], ["200.4"]) in _kinds(new, old)


@pytest.mark.parametrize(("old", "new", "whole", "parts"), [
    # gap-s10: old 410.9a's two triggers, one to new 410.9a and one to 410.9c.
    ("2005-08-01", "2007-09-07", "410.9a", ["410.9a", "410.9c"]),
    # gap-s11: old 309.3's blocking half kept as 309.3, the blocked half reworked as 309.4.
    ("2005-02-01", "2009-02-01", "309.3", ["309.3", "309.4"]),
])
def test_real_sentence_cut_in_two_is_a_split(corpora: Path, old: str, new: str, whole: str, parts: list[str]) -> None:
    result = compare(load(str(corpora / "mtg" / f"{old}.txt")), load(str(corpora / "mtg" / f"{new}.txt")))
    (change,) = [c for c in result.changes if whole in [r.id for r in c.olds]]
    assert (change.kind.value, [r.id for r in change.news], change.see_also) == ("split", parts, ())
