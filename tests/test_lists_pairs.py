"""lists.py: a pair of alternatives grown into a list, or a list cut to a
pair (issue #27, item 4). A list has three items (bench/eval/RUBRIC.md): the
item that makes the pair a list is added, the one that makes the list a
pair removed. Invented text, and the real cases by corpus path and rule ID
(skipped when the corpora are absent)."""

from __future__ import annotations

import pytest

from conftest import corpora_dir, require
from test_claims import by_new, pair

from ruldiff.diff import lists
from ruldiff.diff.pipeline import compare
from ruldiff.diff.runs import Run
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode
from ruldiff.model import Document
from ruldiff.diff.text import norm


def _items(before: str, deleted: str, inserted: str, after: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) of the run "before[-deleted-]{+inserted+}after"."""
    return lists.list_items(Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted)))


@pytest.mark.parametrize(
    ("before", "deleted", "inserted", "after", "expected"),
    [
        # "neither A nor B" is "not C, A, or B": C added
        ("A glyph can't land on a tile that's ", "neither a lake nor", "not a dune, a lake, or", " a marsh.",
         (("a dune",), ())),
        # a new first item, after the words the pair had before it
        ("Carve the ", "oak or", "yew, oak, or", " ash.", (("yew",), ())),
        # "either A or B" is "A, B, or C"
        ("The lantern is ", "either amber or", "amber, teal, or", " violet.", (("teal",), ())),
        # and back: a list of three cut to a pair drops an item
        ("Carve the ", "yew, oak, or", "oak or", " ash.", ((), ("yew",))),
        # the word that opens the pair inside the run, after a word the two texts share
        ("A glyph can't land on a tile that ", "is neither a lake nor", "is not a dune, a lake, or", " a marsh.",
         (("a dune",), ())),
        ("The lantern ", "is either amber or", "is amber, teal, or", " violet.", (("teal",), ())),
        ("The lantern ", "is both amber and", "is amber, teal, and", " violet.", (("teal",), ())),
    ],
)
def test_a_pair_grown_into_a_list_names_the_item_that_makes_it_one(
    before: str, deleted: str, inserted: str, after: str, expected: object
) -> None:
    assert _items(before, deleted, inserted, after) == expected


@pytest.mark.parametrize(
    ("before", "deleted", "inserted", "after"),
    [
        # no serial comma: one comma and an "or" are as often a clause (docs/limits.md)
        ("Carve the ", "oak or", "yew, oak or", " ash."),
        # the words before the pair reworded: no longer the same sentence around it
        ("Then ", "carve the oak or", "burn the yew, oak, or", " ash."),
        # an aside between the commas, not an item
        ("Carve the oak", " or ash", ", which is hard, or ash", "."),
        # the pair's conjunction changed: "neither … nor" is "not …, or", never "and"
        ("Carve ", "neither oak nor", "not yew, oak, and", " ash."),
        # the pair's items are not both items of the list
        ("Carve the ", "oak or", "yew, elm, or", " ash."),
    ],
)
def test_a_pair_that_does_not_become_an_enumeration_names_nothing(
    before: str, deleted: str, inserted: str, after: str
) -> None:
    result = _items(before, deleted, inserted, after)
    assert result is None or not (result[0] or result[1])


def test_a_list_cut_to_a_pair_in_two_runs_names_the_item_dropped() -> None:
    """"Ash(s), elm(s), and/or oak(s)" -> "ash(s) and/or elm(s)": the word diff
    takes ", elm(s)," out and rewords oak into elm; read together, oak(s) is
    the item dropped, whatever other "or" the clause holds."""
    result = pair(["The kinds are ash(s), elm(s), and/or oak(s) the guild or the town may cut."],
                  ["The kinds are ash(s) and/or elm(s) the guild or the town may cut."])
    change = by_new(result)["100.1"]
    assert change.items_removed == ("oak(s)",) and change.tags == ("list-item",)


# --- the real cases --------------------------------------------------------------------------


def _real(old: str, new: str):  # type: ignore[no-untyped-def]
    root = require(corpora_dir() / "mtg", "the real MTG corpus")
    from ruldiff.documents.load import load

    return compare(load(str(root.parent / old)), load(str(root.parent / new)))


def test_real_neither_nor_recast_as_a_list_adds_its_new_item() -> None:
    """gap-s8 pair 6: 120.1a, battles added to what damage can be dealt to."""
    change = by_new(_real("mtg/2022-07-08.txt", "mtg/2023-10-13.txt"))["120.1a"]
    assert change.items_added == ("a battle",) and change.tags == ("list-item", "substantive")


def test_real_a_list_of_three_cut_to_a_pair_removes_its_item() -> None:
    """adj-s13 pair 9: 114.1, zones dropped from what a target can be."""
    change = by_new(_real("mtg/2018-08-10.txt", "mtg/2018-10-05.txt"))["114.1"]
    assert change.items_removed == ("zone(s)",) and change.tags == ("list-item",)


def test_real_an_item_named_with_a_word_more_is_neither_added_nor_removed() -> None:
    """gap-s28 pair 0: 201.1, "credit" named "illustration credit" (two
    list items of 287 judged wrong as drawn: one added, one removed)."""
    change = by_new(_real("mtg/1999-11-01.txt", "mtg/2005-02-01.txt"))["201.1"]
    assert change.items_added == () and change.items_removed == () and change.tags == ("substantive",)


@pytest.mark.parametrize(
    ("removed", "added", "same"),
    [
        (("credit", "legal text"), ("illustration credit", "artist"), {"credit": "illustration credit"}),
        (("blue mana",), ("mana",), {"blue mana": "mana"}),  # named with a word fewer
        (("Type",), ("card type", "supertype"), {"Type": "card type"}),  # whatever the case
        (("red",), ("redirect",), {}),  # letters, not a word
        (("oil", "wax"), ("lamp oil",), {"oil": "lamp oil"}),  # each added item taken once
        (("oil",), ("oil",), {}),  # the same item: moved, told elsewhere
    ],
)
def test_an_item_with_words_more_or_fewer_at_one_end_is_the_same_item(
    removed: tuple[str, ...], added: tuple[str, ...], same: dict[str, str]
) -> None:
    assert lists.requalified_items(removed, added) == same


def test_neither_recast_as_not_is_a_rewording_beside_the_item() -> None:
    """"neither A nor B" -> "not C, A, or B": C is added, and the word that
    opened the pair was reworded with it (``substantive`` too); a pair grown
    with no such word is the list edit alone."""
    result = pair(["A glyph can't land on a tile that's neither a lake nor a marsh.", "Carve the oak or ash."],
                  ["A glyph can't land on a tile that's not a dune, a lake, or a marsh.", "Carve the yew, oak, or ash."])
    assert by_new(result)["100.1"].tags == ("list-item", "substantive")
    assert by_new(result)["100.1"].items_added == ("a dune",)
    assert by_new(result)["100.2"].tags == ("list-item",) and by_new(result)["100.2"].items_added == ("yew",)


def test_real_items_of_a_replaced_chunk_named_with_a_modal_word_are_named() -> None:
    """gap-s26 pair 3: 207.2c, eleven ability words added, four of them in a
    chunk whose final "and" moved, one named with "will" as a noun: every
    one named, and the rule a list edit alone (the reader's label)."""
    change = by_new(_real("mtg/2014-05-01.txt", "mtg/2016-07-22.txt"))["207.2c"]
    assert len(change.items_added) == 11 and not change.items_removed
    assert {"raid", "rally", "spell mastery", "will of the council"} <= set(change.items_added)
    assert change.tags == ("list-item",)


# A regulation whose list items are units of their own: a point appended at
# the end moves the list's "and" from the old second-to-last point to the new.
_REG = (
    "Harbour Lighting Regulations\n\n"
    "Regulation 3. Lamps\n\n"
    "(1) Every lamp on a pontoon must be\n\n"
    "(a) fixed to a post;\n\n"
    "(b) lit from dusk to dawn; and\n\n"
    "(c) shielded from the water{end}\n\n"
    "{more}"
    "(2) A lamp that fails is reported to the harbour master.\n"
)


def _regulation(end: str, more: str = "") -> Document:
    return parse(decode(_REG.format(end=end, more=more).encode("utf-8"), "reg.txt"))


def test_the_lists_conjunction_moved_to_a_new_last_point_is_cosmetic() -> None:
    old = _regulation(".")
    new = parse(decode(_REG.format(end="; and", more="(d) inspected once a year.\n\n").replace(
        "(b) lit from dusk to dawn; and", "(b) lit from dusk to dawn;").encode("utf-8"), "reg.txt"))
    tags = {c.new.id: c.tags for c in compare(old, new).changes if c.new is not None}
    b, c, d = (next(k for k in tags if k.endswith(x)) for x in ("(1)(b)", "(1)(c)", "(1)(d)"))
    assert tags[b] == ("cosmetic",) and tags[c] == ("cosmetic",) and tags[d] == ("substantive",)


def test_and_made_or_at_the_end_of_a_point_is_a_change_of_meaning() -> None:
    old = _regulation(".")
    new = parse(decode(_REG.format(end="; or", more="(d) inspected once a year.\n\n").replace(
        "(b) lit from dusk to dawn; and", "(b) lit from dusk to dawn;").encode("utf-8"), "reg.txt"))
    tags = {c.new.id: c.tags for c in compare(old, new).changes if c.new is not None}
    c = next(k for k in tags if k.endswith("(1)(c)"))
    assert tags[c] == ("substantive",)  # "and" gone from (b), "or" put at (c): the list now says "or"


def test_real_an_item_moved_to_the_end_of_its_list_is_not_named_added() -> None:
    """gap-s48 pair 1 (and gap-s46, gap-s47): 418.5a's example, split into
    613.2-613.4, lists the counter's +1/+1 last where it stood first; the
    item the release added is the resolved spell's."""
    result = _real("mtg/2007-05-01.txt", "mtg/2012-05-01.txt")
    change = next(c for c in result.changes if c.old is not None and c.old.id == "418.5a")
    assert "+1/+1 from the counter" not in change.items_added
