"""The steps of a procedure ("First, ...", "Second, ...") in splits and
merges (splits.py). A step renumbered as a step before it was dropped
(`_verbatim_part`): a step's sentence that stands in the kept rule but for
its ordinal is that rule's own, so the same sentence of another
procedure's step is no part of it. A rule split into the steps of its
procedure (`_said_once`): another procedure's step that reads the same as
a part but for its ordinal is no second part.
Invented text; the real cases by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.diff.splits import _said_once
from ruldiff.documents.load import load
from ruldiff.model import Rule, RuleKind

BELL = "the elder keeper rings the bell. Keepers may then leave the square."
OLD = [
    ("1", "Basics"),
    ("50", "Dawn Step"),
    ("50.1", "First, every keeper wakes and counts the lanterns of the square."),
    ("50.2", f"Second, {BELL}"),
    ("51", "Dusk Step"),
    ("51.1", "First, every lantern of the square is lit."),
    ("51.2", "Second, the keepers gather at the well and count the buckets."),
    ("51.3", f"Third, {BELL}"),
]
# Dawn's steps are restated as one rule; dusk's second step is dropped, so
# its third is now the second, its bell sentence kept.
NEW = [
    ("1", "Basics"),
    ("50", "Dawn Step"),
    ("50.1", "The dawn step has no chores of its own. Once it begins, the keepers may leave."),
    ("51", "Dusk Step"),
    ("51.1", "First, every lantern of the square is lit."),
    ("51.2", "Second, the elder keeper rings the bell. (See rule 60, \u201cThe Bell.\u201d)"),
]


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, list[str], list[str]]]:
    result = compare(doc(old), doc(new))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


def test_a_step_moved_up_keeps_its_sentence_and_takes_no_other_procedures_step() -> None:
    kinds = _kinds(OLD, NEW)
    assert ("renumbered", ["51.3"], ["51.2"]) in kinds
    assert not any(k == "merged" for k, _, _ in kinds)


def test_a_sentence_the_kept_rule_lacks_whatever_its_ordinal_is_still_a_part() -> None:
    # The same shapes, but the kept rule never said the bell sentence: the
    # other step's sentence, word for word in the whole, is brought by it.
    old = [*OLD[:7], ("51.3", "Third, the keepers sweep the square and go home.")]
    new = [*NEW[:5], ("51.2", "Second, the keepers sweep the square and go home. Second, " + BELL)]
    assert ("merged", ["50.2", "51.3"], ["51.2"]) in _kinds(old, new)


def test_real_step_moved_up_is_no_merge_of_another_steps_sentence(corpora: Path) -> None:
    # 2014-05 -> 2017-06: the draw step's 504.3, "Third, the active player
    # gets priority. ...", is the new 504.2, "Second, ..."; the upkeep's 503.2,
    # "Second, the active player gets priority. ...", was restated elsewhere.
    result = compare(load(str(corpora / "mtg" / "2014-05-01.txt")), load(str(corpora / "mtg" / "2017-06-05.txt")))
    kinds = [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]
    assert ("renumbered", ["504.3"], ["504.2"]) in kinds
    assert not any("503.2" in olds and k == "merged" for k, olds, _ in kinds)


# A rule split into two steps of its procedure, while another procedure's
# step reads the same as one of them but for its ordinal.
AT_DUSK = ("every \u201cat dusk\u201d ability of a keeper's lantern triggers and goes on the stack, in the order "
           "the keepers choose. (See rule 40, \u201cTriggers.\u201d)")
DUSK = f"As dusk begins, {AT_DUSK} Then the bell rings and keepers may trade embers."
RING = "the bell rings. Keepers may trade embers."


def _dusk_split(dawn_step: str) -> list[tuple[str, list[str], list[str]]]:
    old = [("1", "Basics"), ("30", "Dawn Step"), ("30.1", "Dawn ends as the owls return, and the bell is rung then."),
           ("31", "Dusk Step"), ("31.1", DUSK)]
    new = [("1", "Basics"), ("50", "Dawn Step"), ("50.1", "First, the owls return to the tower one by one."),
           ("50.2", dawn_step), ("51", "Dusk Step"), ("51.1", f"First, {AT_DUSK}"), ("51.2", f"Second, {RING}")]
    return _kinds(old, new)


def test_a_step_read_the_same_in_another_procedure_is_no_second_part() -> None:
    kinds = _dusk_split(f"Third, {RING}")
    assert ("split", ["31.1"], ["51.1", "51.2"]) in kinds
    assert ("added", [], ["50.2"]) in kinds


def test_a_step_of_another_procedure_saying_something_else_is_left_alone() -> None:
    # The control: the other procedure's step shares the whole's words but
    # not the part's text; it was never a part, and the split stands.
    kinds = _dusk_split("Third, the owls sleep in the tower until the next dusk.")
    assert ("split", ["31.1"], ["51.1", "51.2"]) in kinds


def test_real_step_of_another_procedure_is_no_part_of_a_split(corpora: Path) -> None:
    # gap-s48, 2007-10 -> 2012-10: the end of combat's 311.1 went to 511.1
    # and 511.2; the combat damage step's 510.4 reads as 511.2 does but for
    # its ordinal, and came from old 310.4.
    result = compare(load(str(corpora / "mtg" / "2007-10-01.txt")), load(str(corpora / "mtg" / "2012-10-01.txt")))
    kinds = [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]
    assert ("split", ["311.1"], ["511.1", "511.2"]) in kinds
    assert ("added", [], ["510.4"]) in kinds


def _rule(rule_id: str, text: str) -> Rule:
    return Rule(rule_id, RuleKind.RULE, text, parent=rule_id.rsplit(".", 1)[0])


@pytest.mark.parametrize("texts, kept", [
    # Alike but for the ordinal: the one under the kept rule's parent.
    ((("50.2", "Third, the bell rings."), ("51.2", "Second, the bell rings.")), ["51.2"]),
    # Alike, neither under the kept rule's parent: neither (unsure which).
    ((("50.2", "Third, the bell rings."), ("52.2", "Second, the bell rings.")), []),
    # Two that differ in a first word that is no ordinal are two parts.
    ((("50.2", "Lanterns glow at dusk."), ("51.2", "Torches glow at dusk.")), ["50.2", "51.2"]),
])
def test_of_parts_alike_but_for_an_ordinal_one_is_kept(texts: tuple[tuple[str, str], ...], kept: list[str]) -> None:
    parts = [_rule(i, t) for i, t in texts]
    assert [r.id for r in _said_once(_rule("51.1", "First, every lantern is lit."), parts)] == kept
