"""The steps of a procedure ("First, ...", "Second, ...") renumbered as a
step before them was dropped (splits.py, `_verbatim_part`): a step's
sentence that stands in the kept rule but for its ordinal is that rule's
own, so the same sentence of another procedure's step is no part of it.
Invented text; the real case by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.documents.load import load

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
