"""A rule written for two things at once ("a lantern or a torch"), reworded
as it was split into two twins, one for each thing, in sections side by side
(splits.py, `_twin`, `_twins`): one split, however far apart the twins stand.
An old rule may also say one thing twice, once of each (`_said_twice`). A
twin for a thing the old rule never named, or an old rule that named both
things but neither together nor in two sentences alike, leaves the new rule
added. Invented text; the real
cases by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.diff.splits import _said_twice
from ruldiff.documents.load import load


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> list[tuple[str, list[str], list[str]]]:
    result = compare(doc(old), doc(new))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


WHOLE = "Lighting a lantern or a torch that changes its colour won't do anything to lights already burning on the wall."
LANTERN = "Kindling a lantern that changes its colour won't affect lights already burning on the wall."
TORCH = "Kindling a torch that changes its colour won't affect lights already burning on the wall."
# Rules around them, each reworded: the twins stand beyond the changes looked
# at around the pair (`SPLIT_WINDOW`), and not under one parent.
OLD_FILL = [(f"40.{k}", f"The keeper checks shelf {k} before the round starts.") for k in (1, 2, 4, 5, 6, 7)]
LANTERN_FILL = [(f"41.{k}", f"The lantern keeper checks shelf {k} before the round starts, twice.") for k in range(1, 8)]
TORCH_FILL = [(f"42.{k}", f"The torch keeper trims wick {k} after the round ends, once.") for k in range(1, 8)]
OLD = [("1", "Basics"), ("40", "Lights"), *OLD_FILL[:2], ("40.3", WHOLE), *OLD_FILL[2:]]


def _new(lantern: str, torch: str) -> list[tuple[str, str]]:
    return [("1", "Basics"), ("41", "Lanterns"), *LANTERN_FILL[:2], ("41.3", lantern), *LANTERN_FILL[3:],
            ("42", "Torches"), *TORCH_FILL[:2], ("42.3", torch), *TORCH_FILL[3:]]


def test_twins_in_sections_side_by_side_are_one_split() -> None:
    kinds = _kinds(OLD, _new(LANTERN, TORCH))
    assert ("split", ["40.3"], ["41.3", "42.3"]) in kinds
    assert ("added", [], ["42.3"]) not in kinds


def test_the_merge_of_two_twins_is_found_the_same_way() -> None:
    kinds = _kinds(_new(LANTERN, TORCH), OLD)
    assert ("merged", ["41.3", "42.3"], ["40.3"]) in kinds


def test_a_twin_for_a_thing_the_old_rule_never_named_stays_added() -> None:
    old = [("1", "Basics"), ("40", "Lights"), *OLD_FILL[:2], ("40.3", WHOLE.replace("a lantern or a torch", "a lantern")),
           *OLD_FILL[2:]]
    kinds = _kinds(old, _new(LANTERN, TORCH))
    assert ("added", [], ["42.3"]) in kinds
    assert not any(k in ("split", "merged") for k, _, _ in kinds)


def test_two_things_named_apart_are_not_named_together() -> None:
    # The old rule names the torch, but not beside the lantern it covers: the
    # torch's rule may be a new one on the same template.
    whole = ("Lighting a lantern that changes its colour won't do anything to lights already burning on the wall; "
             "a torch is always lit by hand.")
    old = [("1", "Basics"), ("40", "Lights"), *OLD_FILL[:2], ("40.3", whole), *OLD_FILL[2:]]
    kinds = _kinds(old, _new(LANTERN, TORCH))
    assert ("added", [], ["42.3"]) in kinds


def test_one_thing_said_twice_of_two_things_is_split_into_twins() -> None:
    # The old rule says the same sentence of the lantern, then of the torch
    # (`_said_twice`); each twin took one of them, reworded.
    whole = ("Lighting a lantern that changes its colour won't do anything to lights already burning on the wall. "
             "Lighting a torch that changes its colour won't do anything to lights already burning on the wall.")
    old = [("1", "Basics"), ("40", "Lights"), *OLD_FILL[:2], ("40.3", whole), *OLD_FILL[2:]]
    kinds = _kinds(old, _new(LANTERN, TORCH))
    assert ("split", ["40.3"], ["41.3", "42.3"]) in kinds


def test_rules_that_are_not_twins_stay_apart() -> None:
    # The torch's rule holds many of the old rule's words, but is written on
    # a template of its own: no twin of the lantern's rule.
    torch = "Kindling a torch that changes its colour takes a full turn for lights burning on the wall."
    kinds = _kinds(OLD, _new(LANTERN, torch))
    assert ("added", [], ["42.3"]) in kinds


@pytest.mark.parametrize(("old", "new", "whole", "parts"), [
    # Casting and activating given a section each (the M10 rewrite): "a spell or ability".
    ("2008-10-01", "2009-10-01", "409.3", ["601.4", "602.4"]),
    ("2008-10-01", "2009-10-01", "409.2", ["601.3", "602.3"]),
    # Replacement and prevention effects given a section each.
    ("2008-10-01", "2009-10-01", "419.5", ["614.6", "615.6"]),
    # gap-s23, gap-s37: labelled a split by their readers.
    ("2007-10-01", "2009-10-01", "419.4", ["614.4", "615.4"]),
    # gap-s46: one sentence said of a sorcery, then of an instant, each now a rule.
    ("2008-10-01", "2012-10-01", "403.5", ["602.5d", "602.5e"]),
])
def test_real_twins(corpora: Path, old: str, new: str, whole: str, parts: list[str]) -> None:
    result = compare(load(str(corpora / "mtg" / f"{old}.txt")), load(str(corpora / "mtg" / f"{new}.txt")))
    (change,) = [c for c in result.changes if whole in [r.id for r in c.olds]]
    assert (change.kind.value, [r.id for r in change.news]) == ("split", parts)


def test_two_parallel_lines_made_one_for_both_are_a_merge(corpora: Path) -> None:
    # Riftbound: the attacker's and the defender's lines made one line for
    # "the Attacker or Defender".
    result = compare(load(str(corpora / "riftbound" / "2026-03-30.txt")),
                     load(str(corpora / "riftbound" / "2026-06-18.txt")))
    (change,) = [c for c in result.changes if "464.2.c.3" in [r.id for r in c.news]]
    assert (change.kind.value, [r.id for r in change.olds]) == ("merged", ["459.2.b.3", "459.2.b.4"])


LANTERN_W, TORCH_W = frozenset({"lantern"}), frozenset({"torch"})


@pytest.mark.parametrize("text, said", [
    ("A lantern lit at dusk burns till dawn. A torch lit at dusk burns till dawn.", True),
    # Four words of five alike (0.8) will do.
    ("Lantern glows red warm bright. Torch glows red warm bright.", True),
    ("A lantern lit at dusk burns till dawn.", False),  # one sentence
    # A sentence naming both is neither thing's own.
    ("A lantern or a torch lit at dusk burns till dawn. A torch lit at dusk burns till dawn.", False),
    ("A lantern lit at dusk burns till dawn. A lantern or a torch lit at dusk burns till dawn.", False),
])
def test_a_rule_says_a_thing_twice_in_two_alike_sentences_one_for_each(text: str, said: bool) -> None:
    assert _said_twice(text, LANTERN_W, TORCH_W) is said
