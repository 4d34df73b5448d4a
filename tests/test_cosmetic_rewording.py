"""``cosmetic`` beside a rewording (issue #27): a full stop made a comma as
two reworded sentences are joined goes with the rewording; a word printed
another way (a curly apostrophe, a character a conversion lost) that the word
diff took into a reworded run is a cosmetic edit beside it. Read through the
CLI as a user would (`ruldiff old new -f json`, the change's tags) on
invented text, and on the real releases the readers judged (by path and
rule ID; skipped without the corpora)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from conftest import corpora_dir
from helpers import real_comparison, rule_tags

from ruldiff.diff.classify import same_glyphs
from ruldiff.diff.cosmetic import completes_pair, goes_with, joins_sentences, printed_at_edges, punctuation_run
from ruldiff.diff.runs import Run


def _tags(tmp_path: Path, old: str, new: str) -> list[str]:
    """The tags of rule 100.1, changed from `old` to `new`."""
    return rule_tags(tmp_path, old, new)


# --- two sentences joined into one -------------------------------------------------------


def test_two_sentences_joined_as_both_are_reworded_is_one_rewording(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path,
        "To gleam means to look at the top glyph of the pile. Put it under the anvil of your hall.",
        "To gleam means to view the top glyph of the pile, put it under the altar of your hall.",
    )
    assert tags == ["substantive"]


def test_two_sentences_joined_beside_a_rewording_of_one_is_cosmetic(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path,
        "The keeper draws one glyph from the pile; see rule 100.2.",
        "The warden draws one glyph from the pile. See rule 100.2.",
    )
    assert tags == ["cosmetic", "substantive"]


def test_sentences_joined_alone_are_cosmetic(tmp_path: Path) -> None:
    assert _tags(tmp_path, "Draw a glyph. Then rest.", "Draw a glyph, then rest.") == ["cosmetic"]


@pytest.mark.parametrize(
    ("a", "b", "joins"),
    [
        (". Put", ", put", True),
        ("; see", ". (See", True),  # one split in two, a bracket opened with it
        ('." Then', '," then', True),  # the quote the full stop closes
        ("Put", "put", False),  # case alone
        ("e.g. Put", "e.g. put", False),  # a full stop on both sides
        (",", ";", False),
    ],
)
def test_joins_sentences(a: str, b: str, joins: bool) -> None:
    assert joins_sentences(a, b) is joins
    assert joins_sentences(b, a) is joins


def _run(deleted: str, inserted: str, before: str, after: str) -> Run:
    return Run(deleted, inserted, before, after, "cosmetic", "", "", len(before))


@pytest.mark.parametrize(
    ("before", "after", "reworded", "goes"),
    [
        # Reworded on both sides of the join, in the sentence it makes: one rewording.
        ("x" * 40, "y" * 40, [(0, 10), (60, 70)], True),
        # On one side only: the join is an edit of its own...
        ("x" * 40, "y" * 40, [(0, 10)], False),
        ("x" * 40, "y" * 40, [(60, 70)], False),
        # ...and one past a sentence's end is no side of it.
        ("x" * 40, "y. " + "y" * 37, [(0, 10), (60, 70)], False),
        ("x. " + "x" * 37, "y" * 40, [(0, 1), (60, 70)], False),
        # Even right beside a rewording of one of them.
        ("x" * 40, "y" * 40, [(30, 35)], False),
        ("x" * 40, "y" * 40, [(30, 35), (45, 50)], True),
    ],
)
def test_a_join_goes_with_a_rewording_of_both_sentences(
    before: str, after: str, reworded: list[tuple[int, int]], goes: bool
) -> None:
    run = _run(". Put", ", put", before, after)
    assert punctuation_run(run)
    assert goes_with(run, reworded) is goes


def test_a_word_case_alone_is_no_punctuation() -> None:
    assert not punctuation_run(_run("Put", "put", "", ""))
    assert not punctuation_run(_run("can't", "can’t", "", ""))
    assert punctuation_run(_run(",", ";", "", ""))


# --- a bracket opened where a rewording closes it ---------------------------------------


def test_a_bracket_opened_where_the_rewording_closes_it_goes_with_it(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path,
        "Glyphs have two faces: two names, two costs, and so on. Rest.",
        "Glyphs have two faces (two names, two costs, and so on) and two seals. Rest.",
    )
    assert tags == ["substantive"]


def test_list_labels_bracketed_beside_a_rewording_are_cosmetic(tmp_path: Path) -> None:
    # "2) It" -> "(2) it": the run completes its own pair; nothing the rewording closes.
    tags = _tags(
        tmp_path,
        "A glyph is bound if: 1) It glows; 2) It hums at dusk; and 3) It rests.",
        "A glyph is bound if: (1) it glows; (2) it hums at dawn; and (3) it rests.",
    )
    assert "cosmetic" in tags and "substantive" in tags, tags


# --- a word printed another way inside a reworded run -----------------------------------


def test_a_curly_apostrophe_beside_a_rewording_is_cosmetic(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path,
        "A keeper's glyph, seal, ring, and crown don't fade if the keeper rests.",
        "A keeper’s glyph and seal don’t fade if the keeper rests.",
    )
    assert "cosmetic" in tags, tags


def test_a_lost_apostrophe_put_back_beside_a_rewording_is_cosmetic(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path,
        "A glyph is spent when the keeper burns it at dusk. A glyph that?s spent can?t move.",
        "A glyph is spent when its keeper casts it away. A glyph that's spent can't move.",
    )
    assert tags == ["cosmetic", "substantive"]


@pytest.mark.parametrize(
    ("deleted", "inserted", "printed"),
    [
        ("card's color, cost, and text don't", "card’s color and cost don’t", True),
        ("the game created by a card that?s", "a separate game that's", True),
        ("Put any", "put all", False),  # case goes with the rewording
        ("(This is", "This was", False),  # so do marks
        ("cards—even an", "cards-even a", True),  # a dash between two words
        ("the ExodusT set", "an Exodus(tm) set", True),  # a trademark sign a conversion damaged
        ("See rule 1, “Gleam.”", 'Read rule 2, "Gleam."', False),  # quotes around a word go with the rewording...
        ("he “", 'she "', False),  # ...as a mark alone right beside it does
        ("it's tapped", "its owner", False),  # an apostrophe dropped is a word changed
        ("_Lantern_ product", "Lantern product such as packs", False),  # italics are marks
    ],
)
def test_printed_at_edges(deleted: str, inserted: str, printed: bool) -> None:
    assert printed_at_edges(deleted, inserted) is printed


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("can't", "can’t", True),
        ("“Gleam.”", '"Gleam."', True),
        ("a—b", "a-b", True),
        ("Lantern(TM)", "Lantern", True),
        ("{oR}", "{R}", True),
        ("that?s", "that's", True),
        ("Mar\u0192n", "Mar\u00e2n", True),  # a stray byte for a letter
        ("Put", "put", False),
        (". Put", ", put", False),
        ("it's", "its", False),
        ("_Gleam_", "Gleam", False),
        ("glyph", "glyphs", False),
    ],
)
def test_same_glyphs(a: str, b: str, same: bool) -> None:
    assert same_glyphs(a, b) is same


# --- a pair of marks, one half in a rewording ----------------------------------------------


def test_a_quote_closed_after_kept_words_goes_with_the_rewording_that_opened_it(tmp_path: Path) -> None:
    # The word diff keeps the last sentence; the closing quote is a run of its own, far from
    # the rewording, across a full stop: one edit with the quote the rewording opened.
    tags = _tags(
        tmp_path,
        "When the vigil ends, all lamps of the keepers go out. Unburnt oil is lost.",
        "Append “4c. Each lamp of a keeper goes dark. Unburnt oil is lost.”",
    )
    assert tags == ["substantive"]


def test_brackets_put_around_a_kept_sentence_are_cosmetic_beside_a_rewording(tmp_path: Path) -> None:
    # The opening bracket is glued to a kept word, the closing one to a sentence added after:
    # nothing inside the pair was reworded.
    tags = _tags(
        tmp_path,
        "A warden keeps the gate. See rule 100.2 for the night watch.",
        "A warden keeps the gate. (See rule 100.2 for the night watch.) Wardens never sleep.",
    )
    assert tags == ["cosmetic", "substantive"]


@pytest.mark.parametrize(
    ("run", "rewording", "completes"),
    [
        (Run("", "”", "", ""), Run("As it ends", "Insert “3e. It", "", ""), True),
        (Run("", ")", "", ""), Run(" as", ". (This is", "", ""), True),
        (Run(")", "", "", ""), Run(" (as in rule 2", "", "", ""), True),  # both dropped
        (Run("See", "(See", "", ""), Run("", ") Using", "", ""), False),  # glued to the edge
        (Run("", ")", "", ""), Run("104.3.", "107.4e.", "", ""), False),  # only a number inside
        (Run(")", "", "", ""), Run(". (See", "). See", "", ""), False),  # the word inside kept
        (Run("", ",", "", ""), Run("a", "(b", "", ""), False),  # not a half of a pair
        (Run("", "”", "", ""), Run("a", "b", "", ""), False),  # nothing left open
    ],
)
def test_completes_pair(run: Run, rewording: Run, completes: bool) -> None:
    assert completes_pair(run, [rewording]) is completes


# --- the real releases the readers judged ------------------------------------------------


@functools.lru_cache(maxsize=None)
def _tags_of(old: str, new: str, rule_id: str) -> tuple[str, ...]:
    comparison = real_comparison(str(corpora_dir() / "mtg" / f"{old}.txt"), str(corpora_dir() / "mtg" / f"{new}.txt"))
    (change,) = [c for c in comparison.changes if c.old is not None and c.old.id == rule_id]
    return change.tags


@pytest.mark.parametrize(
    ("old", "new", "rule_id", "cosmetic"),
    [
        # Recast as a keyword action: the full stop made a comma, "Put" made "put", with it (gap-s15).
        ("2004-06-01", "2007-07-13", "glossary:Scry", False),
        # A bracket moved and a sentence split beside a clause added to one of them (sample).
        ("2010-02-01", "2010-04-23", "108.3", True),
        # Items dropped from a list, its apostrophes curled (gap-s16, gap-s12, gap-s7).
        ("2011-09-30", "2016-09-30", "709.1c", True),
        # A definition recast, the apostrophes a conversion lost put back (gap-s15).
        ("2008-05-01", "2009-05-01", "glossary:Removed from Combat", True),
        # Rewritten whole, a closing quote straightened right beside it (gap-fresh).
        ("2005-10-01", "2009-10-01", "glossary:Modular", False),
        # "[-as-]{+. (This is+} a state-based action. See rule 704.{+)+}": the bracket the
        # rewording opened, closed after kept words (session 17).
        ("2009-10-01", "2010-02-01", "306.9", False),
        # "[-See-]{+(See+} rule 308, ...{+) Using ...+}": brackets put around a kept sentence,
        # the closing one glued to a sentence added after it (session 17).
        ("1999-04-23", "1999-11-01", "glossary:Attack", True),
    ],
)
def test_cosmetic_beside_a_rewording_in_real_releases(corpora: Path, old: str, new: str, rule_id: str, cosmetic: bool) -> None:
    tags = _tags_of(old, new, rule_id)
    assert ("cosmetic" in tags) is cosmetic, tags
    assert set(tags) - {"cosmetic"}, tags  # and the rewording, whatever it is
