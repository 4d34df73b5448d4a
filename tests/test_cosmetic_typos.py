"""A misspelling corrected is ``cosmetic`` (cosmetic.corrections), read
through the CLI as a user would (`ruldiff old new -f json`, the change's
tags); and what looks like one but is not: an inflection, a word replaced
by another in use, a number, a spelling the document does not use
elsewhere. Invented text only."""

from __future__ import annotations

from pathlib import Path

from helpers import rule_tags


# Rule 100.2 spells the words the edits below correct to, in both releases.
OTHER = "A notice received by a player is valid; a player is independently free to draw from the deck."


def _tags(tmp_path: Path, old: str, new: str, other: str = OTHER) -> list[str]:
    """The tags of rule 100.1, changed from `old` to `new`, beside rule 100.2 (`other`)."""
    return rule_tags(tmp_path, old, new, other)


def test_a_corrected_misspelling_is_cosmetic(tmp_path: Path) -> None:
    assert _tags(tmp_path, "The notice is recieved at noon.", "The notice is received at noon.") == ["cosmetic"]
    assert _tags(tmp_path, "Each player acts independantly.", "Each player acts independently.") == ["cosmetic"]


def test_two_letters_swapped_beside_a_rewording(tmp_path: Path) -> None:
    tags = _tags(
        tmp_path, "The notice is recieved by the secretary of the club at noon.",
        "The notice is received by the secretary of the club at dusk.",
    )
    assert tags == ["cosmetic", "substantive"]


def test_an_inflection_is_not_a_spelling(tmp_path: Path) -> None:
    other = "The list, updated each season, is kept by the secretary."
    tags = _tags(tmp_path, "The roster, updates weekly, is public.", "The roster, updated weekly, is public.", other)
    assert tags == ["substantive"]


def test_a_word_in_use_replaced_by_another_is_a_rewording(tmp_path: Path) -> None:
    # "form" is a word of its own in this document: not a misspelling of "from"
    other = "Fill in the form; a player is free to draw from the deck."
    assert _tags(tmp_path, "Take a card form the deck.", "Take a card from the deck.", other) == ["substantive"]


def test_a_spelling_the_document_does_not_use_is_no_evidence(tmp_path: Path) -> None:
    # "lock" -> "lick": one letter apart, but nothing says "lick" is how the document spells a word
    assert _tags(tmp_path, "The player may lock the door.", "The player may lick the door.") == ["substantive"]


def test_a_number_in_a_word_is_not_a_spelling(tmp_path: Path) -> None:
    other = "Players of tier3 and tier4 play on Sundays."
    assert _tags(tmp_path, "Players of tier2 play first.", "Players of tier3 play first.", other) == ["substantive"]
