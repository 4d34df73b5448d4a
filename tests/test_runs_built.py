"""diff/runs.py: the runs of an edit list, built as `Run`s whichever test
settles their claim (speed24: a cosmetic run read no further than its first
test, each run made without the named tuple's own `__new__`). Invented text."""

from __future__ import annotations

from ruldiff.diff.references import Targets
from ruldiff.diff.runs import Run, Seen, _plain, runs
from ruldiff.model import Edit, Op


def _edits() -> tuple[Edit, ...]:
    # A quote respelled (typography alone), a word reworded, a number
    # updated as its rule was renumbered.
    return (
        Edit(Op.EQUAL, "The keeper "), Edit(Op.DELETE, "can't"), Edit(Op.INSERT, "can’t"),
        Edit(Op.EQUAL, " draw "), Edit(Op.DELETE, "two"), Edit(Op.INSERT, "three"),
        Edit(Op.EQUAL, " oars. See rule "), Edit(Op.DELETE, "4.2"), Edit(Op.INSERT, "4.3"), Edit(Op.EQUAL, "."),
    )


def test_each_run_is_a_run_with_its_fields_and_its_claim() -> None:
    id_map = {"4.2": "4.3"}
    found = runs(_edits(), id_map, None, Targets(frozenset({"4.2"}), frozenset({"4.3"}), "Harbour Rules"))
    assert all(type(r) is Run for r in found)
    assert [(r.deleted, r.inserted, r.plain, r.old, r.new) for r in found] == [
        ("can't", "can’t", "cosmetic", "can't", "can’t"),
        ("two", "three", "", "two", "three"),
        ("4.2", "4.3", "cross-reference", "4.2", "4.3"),
    ]
    first = found[0]
    assert first.before == "The keeper " and first.after.startswith(" draw three oars.") and first.at == len("The keeper ")
    assert found[1]._replace(plain="x").plain == "x"  # still a named tuple


def test_the_claim_of_each_run_is_what_plain_says_of_it() -> None:
    id_map = {"4.2": "4.3"}
    for r in runs(_edits(), id_map):
        assert r.plain == _plain(r.deleted, r.inserted, r.before, r.after, id_map)


def test_runs_read_with_what_the_comparison_has_seen_are_the_same() -> None:
    seen = Seen()
    edits = (
        Edit(Op.EQUAL, "Row "), Edit(Op.DELETE, "Two  Oars"), Edit(Op.INSERT, "THREE oars"), Edit(Op.EQUAL, ". The keeper "),
        Edit(Op.DELETE, "can't"), Edit(Op.INSERT, "can’t"), Edit(Op.EQUAL, " row "), Edit(Op.DELETE, "-"),
        Edit(Op.INSERT, "−"), Edit(Op.EQUAL, "1 boats."),
    )
    first = runs(edits, {}, None, None, seen)
    again = runs(edits, {}, None, None, seen)
    assert first == again == runs(edits, {})
    assert [r.plain for r in first] == ["", "cosmetic", "cosmetic"]
    assert (first[0].old, first[0].new) == ("two oars", "three oars")
    assert seen.normed["Two  Oars"] == "two oars" and seen.normed["THREE oars"] == "three oars"
    # Read once a pair of sides where no number follows: a sign before one is read with it.
    assert seen.typography == {("Two  Oars", "THREE oars"): False, ("can't", "can’t"): True}
