"""lists.py: which items an edit adds to or removes from a list, and when it
names none (issue #30, round three). Each test is a list edit a reader of the
changelog could check: the run the word diff made, given to `list_items`
(the claim's public function), or two invented releases (`compare`).
Invented text only; bench/mutation.py runs this file for lists.py."""

from __future__ import annotations

import pytest

from test_claims import by_new, pair

from ruldiff.diff import lists
from ruldiff.diff.runs import Run
from ruldiff.diff.text import norm


def _items(before: str, deleted: str, inserted: str, after: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) of the run "before[-deleted-]{+inserted+}after"."""
    return lists.list_items(Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted)))


def test_quoted_items_first_and_last_in_a_replaced_chunk_are_named_without_their_quotes() -> None:
    """The words before the first item ("The words are") and after the last
    ("costs") are set aside; the quotes around the item are its own, not
    part of its name: "Ash" is kept, not removed and added again as "“Ash"."""
    assert _items("The words are ", "“Ash,” “Elm,”", "“Yew,” “Ash,” “Fir,”", " and “Oak.”") == (("Yew", "Fir"), ("Elm",))
    result = _items("Spells with ", "“kicker,” “buyback,” and “convoke”", "“kicker,” “buyback,” “flash,” and “entwine”",
                    " costs cost more.")
    assert result == (("flash", "entwine"), ("convoke",))


@pytest.mark.parametrize(
    "old, new, added",
    [
        ("Abilities of glyph cards and ward cards work in the well.",
         "Abilities of glyph cards, ward cards, and rune cards work in the well.", ("rune cards",)),
        ("To copy a glyph or bound ward means to put a copy of it in the well.",
         "To copy a glyph, bound ward, or loose ward means to put a copy of it in the well.", ("loose ward",)),
    ],
)
def test_a_last_item_that_ends_as_the_others_do_is_named_without_the_sentence_after_it(
    old: str, new: str, added: tuple[str, ...]
) -> None:
    """"cards" ends every item, so it is part of the last one; "work in the
    well" is the sentence's, not the item's."""
    change = by_new(pair([old], [new]))["100.1"]
    assert (change.items_added, change.items_removed) == (added, ())
    assert "list-item" in change.tags
