"""The search for rewrites counts its candidates before it reads their
wording (`substitutions._unread_candidates`, `_wording`): a phrase is read
only where the search weighs it, and one that is no wording is passed over
as if never found. These tests pin that the search finds what reading every
candidate first finds. Invented text."""

from __future__ import annotations

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.diff.runs import Run
from ruldiff.diff.substitutions import _candidates, _clean_phrase, _trimmed, _unread_candidates, _wording


def _run(deleted: str, inserted: str, before: str, after: str) -> Run:
    from ruldiff.diff.text import norm

    return Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted))


_RUNS = [
    _run("relic", "ember", "Tap the ", " now."),
    _run("he or she has", "they have", "If ", " no glyph."),
    _run("z", "x", "set the variable ", " before dusk."),  # the phrase alone is no wording, with its neighbours it is
    _run("3", "4", "draw ", " glyphs."),  # a number: no wording with any neighbour
    _run("“relic", "“ember", "says ", " glows”."),  # a quotation's mark inside the phrase
    _run(" the battlefield", "", "enters", " tapped."),
    _run(" The phrase", "", "hand.", ' "Cycling'),
    _run("this", "a", "Whenever [", " creature] blocks"),  # a placeholder
    _run("R", "TM", "Ravnica (", ") is a set."),
]


@pytest.mark.parametrize("run", _RUNS)
def test_unread_candidates_read_are_the_candidates(run: Run) -> None:
    """Each run's candidates counted unread, those that are no wording left
    out, are its candidates, in the same order."""
    unread = _unread_candidates(run, {}, False)
    assert [(d, i, one) for d, i, one, read in unread if read or _wording(d, i)] == _candidates(run, {})


@pytest.mark.parametrize(("d", "i"), [
    ("comes into play,", "enters the battlefield,"), ("player", "any target."), ("110.5a", "111.2"),
    ("_magic_", "magic"), ("z", "x"), ("relics, urns", "urns"), ("zone. The zone", "zone"), ("a (b", "c"),
])
def test_a_phrase_is_clean_when_trimmed_and_wording(d: str, i: str) -> None:
    """`_clean_phrase` is its two halves: the marks at the edges set aside,
    then the wording read."""
    trimmed = _trimmed(d, i)
    assert _clean_phrase(d, i) == (trimmed if trimmed is not None and _wording(*trimmed) else None)


def test_a_rewrite_whose_bare_phrase_is_no_wording_is_named_with_its_neighbour() -> None:
    """A variable's letter renamed in three rules: "z" -> "x" alone is too
    few rules for one letter (`_letters`), "variable z" -> "variable x" is
    the rewrite, found first of its runs' candidates once the bare letter is
    passed over."""
    head = [("1", "Basics"), ("100", "General"), ("200", "Feasts"), ("300", "Songs")]
    rules = [
        ("100.1", "When the keeper names the variable {} the tally grows by one."),
        ("200.1", "A bard may set the variable {} before the feast begins."),
        ("300.1", "Each squire reads the variable {} aloud at dusk."),
    ]
    old = head + [(n, t.format("z")) for n, t in rules]
    new = head + [(n, t.format("x")) for n, t in rules]
    result = compare(doc(sorted(old)), doc(sorted(new)))
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("variable z", "variable x", 3)]
    assert [c.tags for c in result.changes if c.old and c.new] == [("substitution",)] * 3


def test_a_variable_renamed_in_five_rules_or_more_is_one_letter_for_another() -> None:
    """A keyword's variable renamed across its rules ("Bushido X" -> "Bushido
    N", "X times", "where X is"): one rewrite, "X" -> "N", counted in every
    place, and the rules tagged only `substitution`."""
    head = [("7", "Keywords")]
    words = ["Harvest", "Kindle", "Ward", "Ember", "Shroud", "Anchor"]
    text = "{k} {v} is a keyword. Its holder gains {v} counters, where {v} is the number after the word {k}."
    old = head + [(f"7.{n}", text.format(k=k, v="X")) for n, k in enumerate(words, 1)]
    new = head + [(f"7.{n}", text.format(k=k, v="N")) for n, k in enumerate(words, 1)]
    result = compare(doc(old), doc(new))
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("X", "N", 18)]
    assert {c.tags for c in result.changes} == {("substitution",)}


def test_two_counts_that_changed_alike_are_no_rewrite() -> None:
    """Two rules that each count something, both counts grown from six to
    seven: a count updated in each, not one rewrite "are six" -> "are
    seven", unless made in five rules or more."""
    head = [("1", "Basics"), ("100", "General"), ("200", "Feasts")]
    old = head + [("100.1", "There are six kinds of feast, listed below."),
                  ("200.1", "There are six exceptions to the rule that a guest may leave early.")]
    new = head + [("100.1", "There are seven kinds of feast, listed below."),
                  ("200.1", "There are seven exceptions to the rule that a guest may leave early.")]
    result = compare(doc(old), doc(new))
    assert result.substitutions == ()
    assert {c.tags for c in result.changes} == {("substantive",)}
