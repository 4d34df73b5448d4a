"""A part far from its whole, reworded as it went (splits.py, `_far_parts`
with `_reworded_parts`): two sections folded into one, a rule of the
section that went reworded into a sentence of the rule it joined, is one
merge (a split, seen backwards), wherever the two stood. A far rule that
only echoes the whole's template, or that the kept rule already holds, is
no part. Invented text; the real case by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.documents.load import load


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, list[str], list[str]]]:
    result = compare(doc(old), doc(new))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


NAME_BELL = "If a rule asks a warden to name a bell, the warden may name either side of a double bell but not both."
NAME_GONG = ("If a rule asks a warden to name a bell, the warden may name the front of a hanging gong "
             "or the joined back of a gong pair.")
JOINED = (f"{NAME_BELL.replace('may name either', 'may choose the name of either')} "
          "The warden may choose the name of the joined back of a gong pair.")
# Rules between the two sections, each changed: the gong rule stands beyond
# the changes looked at around the whole (`SPLIT_WINDOW`).
BETWEEN_OLD = [(f"300.{k}", f"The herald reads verse {k} aloud before the round starts.") for k in range(1, 6)]
BETWEEN_NEW = [(f"300.{k}", f"The herald sings verse {k} aloud before the round starts.") for k in range(1, 6)]
HEAD = [("1", "Basics"), ("200", "Bells"), ("200.1", "The bell keeper sits at the head of the table.")]
OLD = [*HEAD, ("200.2", NAME_BELL), ("300", "Verses"), *BETWEEN_OLD, ("400", "Gongs"),
       ("400.1", "The gong keeper sits at the foot of the table."), ("400.2", NAME_GONG)]


def _new(whole: str) -> list[tuple[str, str]]:
    return [*HEAD, ("200.2", whole), ("300", "Verses"), *BETWEEN_NEW, ("400", "Gongs"),
            ("400.1", "The gong keeper sits at the foot of the table.")]


def test_a_far_rule_reworded_into_a_sentence_of_the_whole_is_merged() -> None:
    kinds = _kinds(OLD, _new(JOINED))
    assert ("merged", ["200.2", "400.2"], ["200.2"]) in kinds
    assert not any(k == "removed" for k, _, _ in kinds)


def test_the_split_seen_backwards_is_found_the_same_way() -> None:
    old, new = _new(JOINED), [*OLD[:-1], ("400.2", NAME_GONG)]
    assert ("split", ["200.2"], ["200.2", "400.2"]) in _kinds(old, new)


def test_a_far_rule_whose_words_the_kept_rule_holds_is_no_part() -> None:
    # The whole only rewords the bell sentence: the gong rule brings it nothing.
    kinds = _kinds(OLD, _new(NAME_BELL.replace("may name either", "may choose the name of either")))
    assert ("removed", ["400.2"], []) in kinds
    assert not any(k in ("split", "merged") for k, _, _ in kinds)


def test_real_far_merge_reworded(corpora: Path) -> None:
    # gap-s17: the meld section folded into the double-faced cards' one; old
    # 712.11 (a meld pair's name) reworded as new 712.19's second sentence.
    result = compare(load(str(corpora / "mtg" / "2020-11-20.txt")), load(str(corpora / "mtg" / "2026-01-16.txt")))
    (change,) = [c for c in result.changes if "712.19" in [r.id for r in c.news]]
    assert (change.kind.value, [r.id for r in change.olds]) == ("merged", ["711.15", "712.11"])
    assert change.old.id == "711.15"  # the pair: the renumbered line shows 711.15 -> 712.19
