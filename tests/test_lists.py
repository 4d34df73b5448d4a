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


# --- a chunk of a list replaced, read item by item -------------------------------------------


def test_a_first_item_that_grows_is_never_said_removed() -> None:
    """"Ash" became "Ash wood" while "Yew" was added: Ash is still listed."""
    result = _items("The kinds are ", "Ash, Birch", "Ash wood, Yew, Birch", ", and Cedar.")
    assert result is None or "Ash" not in result[1]


def test_a_subject_reworded_before_a_list_of_verbs_names_no_item() -> None:
    """The words before the first item introduce no list ("Each keeper"):
    the rewording of the subject is no item removed."""
    assert _items("Each ", "keeper draws,", "rival draws, sings,", " shuffles, and rests.") is None


def test_a_list_whose_opening_words_are_reworded_names_no_fragment() -> None:
    assert _items("", "The tree kinds are Ash", "These tree kinds are Yew, Elm, Ash", ", Birch, and Cedar.") is None


@pytest.mark.parametrize(
    "old, new",
    [
        ("'old' Ash", "‘old’ Ash"),  # single quotes made curly
        ('the "old" Ash', "the “old” Ash"),  # double quotes made curly
        ("Rowan's Ash", "Rowan’s Ash"),  # an apostrophe made curly
        ("red\tAsh", "red Ash"),  # a tab made a space
    ],
)
def test_an_item_retyped_while_another_is_added_is_kept(old: str, new: str) -> None:
    """Typography is no rename: only the new item is named."""
    assert _items("The groves are ", f"{old}, Birch", f"{new}, Yew, Birch", ", and Cedar.") == (("Yew",), ())


def test_a_chunk_changed_only_in_typography_names_nothing() -> None:
    assert _items("The groves are ", "'old' Ash, \"Birch\",", "‘old’ Ash, “Birch”,", " and Cedar.") is None


@pytest.mark.parametrize("quote", ['"', "“"])
def test_quoted_items_replaced_in_a_chunk_are_named_without_their_quotes(quote: str) -> None:
    close = "”" if quote == "“" else quote

    def q(word: str) -> str:
        return f"{quote}{word},{close}"
    result = _items(f"The words are {q('glyph')} ", f"{q('rune')} {q('ward')}", f"{q('sigil')} {q('ward')} {q('bane')}",
                    f" and {quote}hex.{close}")
    assert result == (("sigil", "bane"), ("rune",))


def test_a_list_in_the_second_sentence_of_a_rule_is_read() -> None:
    """The clause the list sits in starts after the sentence before it."""
    result = _items("Trees grow here. The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, Beech, Birch, Cedar, Fir",
                    ", Hazel, Larch, Oak, and Pine")
    assert result == (("The Yew", "Beech", "Fir"), ("Elm",))


def test_a_list_that_ends_its_rule_without_a_period_is_read() -> None:
    assert _items("The kinds are ", "Ash, Birch", "Yew, Ash", ", Cedar, and Elm") == (("Yew",), ("Birch",))


@pytest.mark.parametrize(
    "before, deleted, inserted, after",
    [
        ("The kinds are Ash, ", "Elm (see rule 105), Birch", "Birch, Yew", ", and Cedar."),
        ("The kinds are Ash, ", "Elm, Birch", "Birch, Yew (see rule 106)", ", and Cedar."),
        ("The kinds are Ash, ", "Elm (see rule ), Birch", "Birch, Yew", ", and Cedar."),  # its number left out
    ],
)
def test_an_item_s_pointer_to_its_rule_is_no_part_of_its_name(before: str, deleted: str, inserted: str,
                                                              after: str) -> None:
    assert _items(before, deleted, inserted, after) == (("Yew",), ("Elm",))


def test_the_words_after_the_last_item_are_no_part_of_it() -> None:
    """"costs" ends the sentence, shared by the items ("kicker costs", "convoke costs")."""
    result = _items("Spells with ", "kicker, buyback, and convoke", "kicker, buyback, flash, and entwine",
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


def test_quoted_items_first_and_last_in_a_replaced_chunk_are_named_without_their_quotes() -> None:
    """The words before the first item ("The words are") and after the last
    ("costs") are set aside; the quotes around the item are its own, not
    part of its name: "Ash" is kept, not removed and added again as "“Ash"."""
    assert _items("The words are ", "“Ash,” “Elm,”", "“Yew,” “Ash,” “Fir,”", " and “Oak.”") == (("Yew", "Fir"), ("Elm",))
    result = _items("Spells with ", "“kicker,” “buyback,” and “convoke”", "“kicker,” “buyback,” “flash,” and “entwine”",
                    " costs cost more.")
    assert result == (("flash", "entwine"), ("convoke",))


def test_the_last_item_dropped_from_a_list_is_named() -> None:
    assert _items("The kinds are Ash, ", "Elm, Birch, and Oak", "Elm, or Birch", ".") == ((), ("Oak",))


@pytest.mark.parametrize("open_, close", [('"', '"'), ("“", "”")])
def test_an_item_swapped_for_another_in_a_quoted_list_is_named(open_: str, close: str) -> None:
    """"rune" gave way to "sigil" while "ward" moved up: one item each way."""

    def q(word: str) -> str:
        return f"{open_}{word},{close}"
    result = _items(f"The words are {q('glyph')} ", f"{q('rune')} {q('ward')}", f"{q('ward')} {q('sigil')}",
                    f" and {open_}hex.{close}")
    assert result == (("sigil",), ("rune",))


@pytest.mark.parametrize(
    "before, deleted, inserted, after",
    [
        ("The kinds are Ash, Birch, ", "", "they’re gone, ", "and Cedar."),  # a clause added between commas
        ("The kinds are Ash, Birch, ", "Oak, Fir", "Fir, they’re gone", ", and Cedar."),
        ("The wards are Ash, ", "Yew, Elm, or they’re gone", "Elm, or Yew", "."),
    ],
)
def test_a_clause_with_a_curly_apostrophe_is_no_item(before: str, deleted: str, inserted: str, after: str) -> None:
    assert _items(before, deleted, inserted, after) is None


@pytest.mark.parametrize("clause", ["they’re gone", "don’t grow", "they're gone"])
def test_an_item_before_a_clause_with_a_curly_apostrophe_is_an_aside(clause: str) -> None:
    """"Ash, Birch{+, Yew,+} they’re gone, …": what follows the comma is a
    clause, so ", Yew," is an aside, not an item."""
    assert _items("The kinds are Ash, Birch", "", ", Yew,", f" {clause}, and Cedar.") is None


def _run_at(at: int, before: str, deleted: str, inserted: str, after: str, plain: str = "") -> Run:
    return Run(deleted, inserted, before, after, plain, norm(deleted), norm(inserted), at)


LISTED = _run_at(10, "The hues are red, blue, ", "", "green, ", "and gold.")


@pytest.mark.parametrize(
    "neighbour, near",
    [
        (_run_at(20, "The dye is ", "deep", "", " now."), True),  # a word deleted 3 characters away
        (_run_at(20, "The dye is ", "", "deep", " now."), True),  # a word inserted 3 characters away
        (_run_at(20, "The dye is ", "'red'", "‘red’", " now.", "cosmetic"), False),  # typography: no rewording
    ],
)
def test_a_list_edit_beside_a_deletion_or_insertion_may_be_one_edit_cut_in_two(neighbour: Run, near: bool) -> None:
    assert lists.list_items(LISTED) == (("green",), ())
    assert lists.entangled([LISTED, neighbour], 0) is near



def test_one_item_for_another_in_place_is_a_rewording_even_when_the_new_name_is_listed_earlier() -> None:
    """"Ash, Birch, [-Elm-]{+Ash+}, and Oak": Elm was renamed where it stood
    (no separator in the edit), not taken out of the list."""
    assert _items("Ash, Birch, ", "Elm", "Ash", ", and Oak grow.") is None


def test_two_items_replaced_by_one_are_named() -> None:
    """The new list has two commas (three items), as a list must."""
    assert _items("The kinds are Ash, ", "Birch, Cedar", "Yew", ", and Elm.") == (("Yew",), ("Birch", "Cedar"))


@pytest.mark.parametrize(
    "before, deleted, inserted, after, items",
    [
        # A pair that becomes a list of three: the item added is named, the pair's own are kept.
        ("", "Ash and red oak", "Ash, red oak, and yew", " grow here.", (("yew",), ())),
        ("The kinds ", "are Ash and", "are Ash, Yew, and", " Elm.", (("Yew",), ())),
        # One item that becomes a list, or a list cut to one item: no list on one side, no claim.
        ("The kinds are ", "Ash", "Ash, Yew, and Elm", ".", None),
        ("The kinds are ", "Ash, Yew, and Elm", "Ash", ".", None),
        # A list cut to a pair: the item it lost is named.
        ("The kinds ", "are Ash, Yew, and", "are Ash and", " Elm.", ((), ("Yew",))),
        # A pair with one item swapped for two: the pair lost an item, but it was no list.
        ("The kinds ", "are Ash and Elm", "are Ash, Yew, and Fir", ".", None),
    ],
)
def test_a_list_is_three_items_on_the_side_that_names_them(before: str, deleted: str, inserted: str, after: str,
                                                           items: object) -> None:
    assert _items(before, deleted, inserted, after) == items


def test_an_item_s_pointer_after_the_last_item_is_no_part_of_the_list() -> None:
    assert _items("The kinds are Ash, ", "Elm, Yew, or Oak", "Elm, or Yew", " (see rule 9).") == ((), ("Oak",))


@pytest.mark.parametrize("after", [", and Oak; see rule 5, “Trees.”", ", and Oak, in rule 5, “Trees.”"])
def test_a_title_cited_after_the_list_does_not_silence_it(after: str) -> None:
    """The items are not words of the title: that is cited after them."""
    assert _items("The kinds are Ash, ", "Birch, Elm", "Yew, Birch", after) == (("Yew",), ("Elm",))


@pytest.mark.parametrize(
    "before, deleted, inserted, after",
    [
        ("The kinds are Ash, ", "Birch, Elm", "Birch, rule 5, “Yew", ",” and Oak."),
        ("The kinds are Ash, ", "Birch, rule 5, “Yew", "Birch, Elm", ",” and Oak."),
    ],
)
def test_a_title_cited_inside_the_chunk_names_no_item(before: str, deleted: str, inserted: str, after: str) -> None:
    assert _items(before, deleted, inserted, after) is None


@pytest.mark.parametrize(
    "before, deleted, inserted, after",
    [
        ("The hues are red, blue, ", "green;", "green, gold;", " more."),  # the ";" both sides end with is kept text
        ("The hues are red, blue", ", and green.", ", green, and gold.", ""),
    ],
)
def test_a_mark_both_sides_end_with_is_kept_text(before: str, deleted: str, inserted: str, after: str) -> None:
    assert _items(before, deleted, inserted, after) == (("gold",), ())


def test_items_put_in_another_order_are_neither_added_nor_removed() -> None:
    assert _items("The hues are red, ", "blue, green", "green, blue", ", and white.") == ((), ())


def test_the_last_item_cut_from_a_list_that_keeps_its_or_is_named() -> None:
    assert _items("The keeper names Ash, ", "Elm, Birch, and Oak", "Elm, or Birch", ".") == ((), ("Oak",))


@pytest.mark.parametrize(
    "deleted, inserted, items",
    [
        # A last item whose words end the other's is still another item, not the words after the list.
        ("Elm, and oak", "Yew, Fir, and red oak", (("Yew", "Fir", "red oak"), ("Elm", "oak"))),
        ("Elm, and red oak", "Yew, Fir, and oak", (("Yew", "Fir", "oak"), ("Elm", "red oak"))),
        # Last items that share a word inside them, not at their end.
        ("Elm, and the big red oak", "Yew, Fir, and the old red elm", (("Yew", "Fir", "the old red elm"),
                                                                       ("Elm", "the big red oak"))),
    ],
)
def test_last_items_that_share_words_are_named_whole(deleted: str, inserted: str, items: object) -> None:
    assert _items("The kinds are Ash, ", deleted, inserted, ".") == items


# --- the titles a list may sit in (static mutants of _OPEN_TITLE and _CITED) -------------------


@pytest.mark.parametrize(
    "before, items",
    [
        ("See rule 702.1a, “Cost, Hue, and", None),  # a title opened after a rule number with a letter
        ("See rule 702a, “Cost, Hue, and", None),
        ("See rule 702a, Cost, Hue, and", (("Gleam",), ())),  # no title: a list
    ],
)
def test_an_item_inside_a_title_opened_after_its_rule_is_a_word_of_the_title(before: str, items: object) -> None:
    assert _items(before, "", " Gleam", "”.") == items


def test_an_item_after_a_title_closed_with_straight_quotes_is_an_item() -> None:
    assert _items('See rule 202, "Mana" Cost, Color', "", ", and Pips", " now.") == (("Pips",), ())


@pytest.mark.parametrize(
    "before, after, items",
    [
        ("See rule 5, “", ", and Oak.”", None),  # the list is the title cited with rule 5
        ("See Misrule 5, “", ", and Oak.”", (("Yew",), ("Elm",))),  # "Misrule" is no rule
        ("See rule5, “", ", and Oak.”", (("Yew",), ("Elm",))),  # a word run into a number: no rule cited
    ],
)
def test_a_chunk_of_a_title_cited_with_its_rule_names_no_item(before: str, after: str, items: object) -> None:
    assert _items(before, "Ash, Birch, Elm", "Ash, Yew, Birch", after) == items


def test_items_swapped_before_the_last_item_s_pointer_are_named_without_it() -> None:
    result = _items("The kinds are Ash, ", "Elm, Yew, or Oak", "Fir, or Yew", " (see rule 9).")
    assert result == (("Fir",), ("Elm", "Oak"))


def test_a_chunk_that_sweeps_kept_text_across_a_clause_end_is_read_in_its_clause() -> None:
    """The word diff's cleanup may take "Elm; Oak, Fir" into the run on both
    sides: what differs ("Yew, ") is inside the first clause, and is read there."""
    assert _items("The kinds are Ash, ", "Elm; Oak, Fir", "Yew, Elm; Oak, Fir", ", and Pine.") == (("Yew",), ())


@pytest.mark.parametrize(
    "deleted, inserted, items",
    [
        # "cards" ends an old item only ("ember cards"): still the end of every item.
        ("ember cards, and glyph", "Elm, Fir, and rune", (("Elm", "Fir", "rune cards"), ("ember cards", "glyph cards"))),
        # ... or a new item only.
        ("Elm, Fir, and glyph", "ember cards, and rune", (("ember cards", "rune cards"), ("Elm", "Fir", "glyph cards"))),
    ],
)
def test_the_word_that_ends_the_items_is_found_on_either_side(deleted: str, inserted: str, items: object) -> None:
    assert _items("The kinds are Ash, ", deleted, inserted, " cards work.") == items


def test_a_title_cited_on_the_new_side_only_silences_the_chunk() -> None:
    """"See rule 5, [-Ash, Birch, Elm-]{+“Ash, Yew, Birch+},” and Oak": the
    new text cites a title; its words are no items."""
    assert _items("See rule 5, ", "Ash, Birch, Elm", "“Ash, Yew, Birch", ",” and Oak.") is None


def test_a_quoted_item_joined_by_or_to_a_piece_that_is_no_list_names_nothing() -> None:
    """"a different “object”{+ or “player,”+} then the Aura, Equipment, or
    Fortification": the alternative widens a phrase; the list comes later."""
    assert _items("A different “object”", "", " or “player,”", " then the Aura, Equipment, or Fortification.") is None


def test_an_item_added_beside_a_kept_one_after_a_closed_cited_title_is_named() -> None:
    """The title ("Ash") is closed before the list: the list's items are no words of it."""
    assert _items("See rule 5, “Ash,” Birch, ", "Elm", "Elm, Fir", ", and Oak.") == (("Fir",), ())


def test_an_item_renamed_to_the_name_of_the_item_before_it_is_a_rewording() -> None:
    """"Elm, [-Fir-]{+Elm+}, Oak": one item for another where it stood, the
    run's shared start ("Elm, ") measured to the character."""
    assert _items("The kinds are Ash, Birch, ", "Elm, Fir, ", "Elm, Elm, ", "Oak, or Pine.") is None


# --- issue #27, gap pairs: "and/or", predicates, quoted items --------------------------------


def test_and_or_is_one_separator() -> None:
    """"X, Y, or Z" -> "X and/or Y" drops Z; "and/or" is no piece "/or Y"."""
    assert _items("A keeper targets a relic", ", warden, or vault", " and/or warden", ". Then it rests.") == ((), ("vault",))
    assert _items("Sparks hit relics", " and/or", ", wardens, and", " keepers.") == (("wardens",), ())


@pytest.mark.parametrize(
    ("before", "deleted", "inserted", "after", "items"),
    [
        # a verb with its object, joined to a list of predicates, is no item
        ("It leaves if it glows, rests, stops being a relic", "", ", or becomes an ember", ". Then it hums.", None),
        ("A keeper may draw a glyph, pass,", "", " take a special turn,", " or rest.", None),
        # a gerund names an act: an item
        ("Range limits glyphs, sparks, drawing,", " and steering", ", steering, and winning the race", ".",
         (("winning the race",), ())),
        # a name with an article inside is still an item
        ("The kinds are Ash, Elm", "", ", Lord of the Vale,", " and Oak.", (("Lord of the Vale",), ())),
    ],
)
def test_a_predicate_is_no_item_and_a_gerund_is(before: str, deleted: str, inserted: str, after: str, items: object) -> None:
    assert _items(before, deleted, inserted, after) == items


def test_a_quoted_item_is_one_item_whatever_it_holds() -> None:
    """"Choose one or more —" is no two items "Choose one" and "more —"."""
    result = _items('It is modal if it says "Choose one —," "Choose two —,"', "", ' "Choose one or more —,"',
                    ' or "A keeper chooses one —."')
    assert result is None or not any("more" in i and "Choose" not in i for i in result[0])
    assert result is None or "Choose one" not in result[0]
    # the separators that close each quotation are the list's own
    assert _items("The words are “Ash,” “Elm,”", "", " “Yew,”", " and “Oak.”") == (("Yew",), ())


@pytest.mark.parametrize(
    "before, deleted, inserted, after, items",
    [
        # The word diff takes the old last item into the run: " and maps" -> ", maps and games".
        ("The club lends books, films", " and maps", ", maps and games", " to members.", (("games",), ())),
        ("It means any book, film", " or map", ", map or game", " that the club lends.", (("game",), ())),
        ("The club lends books, films", " and maps", ", maps, and games", " to members.", (("games",), ())),
    ],
)
def test_an_item_appended_after_the_final_and_is_named_whatever_the_sentence_goes_on_with(
    before: str, deleted: str, inserted: str, after: str, items: object
) -> None:
    assert _items(before, deleted, inserted, after) == items


@pytest.mark.parametrize(
    "before, deleted, inserted, after",
    [
        # Two alternatives that become a clause: no list on the old side.
        ("He may draw", " and discard", ", shuffle and then discard", " a card."),
        # One item grown into three: the old side has no list to append to.
        ("Allow the card", " or token", ", spell, or permanent", " to be chosen."),
    ],
)
def test_words_after_the_final_and_are_no_item_where_the_old_side_is_no_list(
    before: str, deleted: str, inserted: str, after: str
) -> None:
    assert _items(before, deleted, inserted, after) in (None, ((), ()))


def test_an_item_only_respelled_by_a_broken_character_is_neither_added_nor_removed() -> None:
    # "Rowan" printed "Rowƒn" (a damaged accent) while "Yew" is added: one item added.
    assert _items("The trees are Ash, ", "Elm, Rowan", "Elm, Rowƒn, Yew", ", and Fir.") == (("Yew",), ())
    # A real rename beside it is still read: "Rowan" -> "Larch" adds one and removes one.
    assert _items("The trees are Ash, ", "Elm, Rowan", "Elm, Larch, Yew", ", and Fir.") == (("Larch", "Yew"), ("Rowan",))


def test_a_replaced_chunk_longer_than_any_real_list_names_nothing() -> None:
    # Items are matched pair by pair: a run of more items than any real
    # list holds is read for no list (a hostile run of 3,000 items each way
    # took 8 s); one of a real list's length is.
    def grown(n: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        yews = ", ".join(f"Yew{k}" for k in range(n))
        return _items("The groves are ", "Ash, Birch", f"Ash, {yews}, Birch", ", and Cedar.")

    assert grown(40) == (tuple(f"Yew{k}" for k in range(40)), ())
    assert grown(lists.CLAUSE_ITEMS_MAX) is None


@pytest.mark.parametrize("deleted, inserted, items", [
    # One part cut in two: the same part named another way.
    ("might/ward, seal, and credit", "might and ward, seal, and credit", None),
    # ... beside a part truly added, or truly gone: only that one is named.
    ("might/ward, seal, and credit", "might and ward, seal, rune, and credit", (("rune",), ())),
    ("might/ward, seal, rune, and credit", "might and ward, seal, and credit", ((), ("rune",))),
])
def test_items_only_named_another_way_are_neither_added_nor_removed(
    deleted: str, inserted: str, items: tuple[tuple[str, ...], tuple[str, ...]] | None
) -> None:
    """A chunk of a list replaced, read item by item (gap-s25's 201.1:
    "power/toughness" -> "power and toughness" named three items, each
    wrong)."""
    assert _items("The parts are name, cost, ", deleted, inserted, ".") == items


def test_an_item_named_with_a_modal_word_used_as_a_noun_is_an_item() -> None:
    # "will of the assembly" is a name ("will", a noun before "of"), not a clause; the
    # chunk the word diff replaced, its final "and" moved, is read item by item.
    assert _items(
        "The chant words are blaze, dusk, ember, glow, hush, ",
        "tide, veil, and wisp",
        "knell, tide, veil, wisp, and will of the assembly",
        ".",
    ) == (("knell", "will of the assembly"), ())


@pytest.mark.parametrize("piece", ["it will be", "a keeper can draw", "they must wait", "a player may"])
def test_a_modal_verb_still_makes_a_clause(piece: str) -> None:
    assert not lists._is_item(piece)


def test_a_modal_word_followed_by_of_is_a_noun() -> None:
    assert lists._is_item("will of the assembly") and lists._is_item("can of embers")


def test_an_item_whose_words_an_or_joins_between_two_commas_is_one_item() -> None:
    # The list's own last separator (", and") is still to come: the "or" inside the new
    # piece joins the words of one item.
    assert _items(
        "Keeper acts, such as lighting the lamps,", "", " opening or closing the gates,", " resting, and singing."
    ) == (("opening or closing the gates",), ())


def test_a_bare_or_is_a_separator_where_no_serial_conjunction_follows() -> None:
    # No ", and" / ", or" after the piece: its "or" may be the list's last separator,
    # and each word is an item of its own.
    assert lists._one_item_between_commas(" dusk or dawn,", " and night") is False
    assert lists._one_item_between_commas(" dusk or dawn,", " noon. Then, and only then") is False
    assert _items("Lamps burn at noon,", "", " dusk, dawn,", " and night.") == (("dusk", "dawn"), ())


# --- a run the word diff put one word off (session 23) ------------------------------


@pytest.mark.parametrize(
    ("before", "inserted", "after", "item"),
    [
        # "the{+ Heron Committee, the+} Lark Committee": the item reads "the Heron Committee"
        ("The council appoints the Owl Committee, the Finch Committee, the", " Heron Committee, the",
         " Lark Committee and the Wren Committee.", "the Heron Committee"),
        # "oak{+—[x], oak+} with [y]": the item reads "oak—[x]"
        ("The kinds of oak are: oak, oak", "—[grove], oak", " with [name], red oak, and cork oak.", "oak—[grove]"),
    ],
)
def test_an_item_the_word_diff_put_one_word_off_is_named(before: str, inserted: str, after: str, item: str) -> None:
    """An item inserted between two copies of a word may be printed by the
    word diff one word off ("the{+ X, the+} Y"); it is the item "the X" all
    the same."""
    assert _items(before, "", inserted, after) == ((item,), ())


def test_an_item_the_word_diff_put_one_word_off_is_named_when_removed() -> None:
    assert _items("The council appoints the Owl Committee, the", " Heron Committee, the", "",
                  " Lark Committee, and the Wren Committee.") == ((), ("the Heron Committee",))


def test_a_clause_one_word_off_is_still_no_item() -> None:
    """Moved one word, a clause is still a clause: "a judge allows it" is no
    item wherever the word diff put it."""
    assert _items("If no action was taken, a judge", " allows it, a judge", "", " may rule, and play goes on.") is None


@pytest.mark.parametrize(("before", "deleted", "after"), [
    # The list's conjunction is "and": the "or" joins two words of its last item.
    ("The duties are lighting a lamp, trimming a wick,", " and polishing or", " cleaning the brass."),
    # The "and" outside the run, the "or" in it.
    ("The duties are lighting a lamp, trimming a wick, and ", "polishing or ", "cleaning the brass."),
    # An "or" list, and an "and" inside its last item.
    ("A keeper may light a lamp, trim a wick,", " or polish and", " clean the brass."),
])
def test_a_word_between_the_list_s_conjunction_and_another_is_no_item(before: str, deleted: str, after: str) -> None:
    """A list has one conjunction: a piece between an "and" and an "or" is a
    word of one item ("polishing or cleaning the brass"), never an item
    removed (2003-07 -> 2008-07, 408.1i's "suspending or"; gap-s42)."""
    result = _items(before, deleted, "", after)
    assert result is None or not result[1]


def test_an_item_between_two_of_the_list_s_own_separators_is_still_named() -> None:
    assert _items("The duties are lighting a lamp,", " trimming a wick,", "", " and cleaning the brass.") == ((), ("trimming a wick",))


# --- an item the rule held before (`more_often`) -----------------------------------------------

TALLY_OLD = ("Example: A keeper holds two lanterns and lights a third, making it a 1/4 (0/1, plus +1/+1 "
             "from the shelf, plus +0/+2 from the square).")
TALLY_NEW = ("Example: A keeper holds two lanterns and lights a third, making it 5/8 (0/1, with +4/+4 from "
             "the well, +0/+2 from the square, and +1/+1 from the shelf).")


def test_an_item_moved_to_the_end_of_its_list_is_not_named_added() -> None:
    # "+1/+1 from the shelf" moved to the end; the word diff pairs its old
    # place with the new item ("+4/+4 from the well"), and inserts it last.
    change = by_new(pair([TALLY_OLD], [TALLY_NEW]))["100.1"]
    assert "+1/+1 from the shelf" not in change.items_added


@pytest.mark.parametrize("before, after, added", [
    # Held in another sentence before, now in the list: added.
    ("Zones are hand and deck. Some games use the command zone.", "Zones are hand, deck, and command.", ("command",)),
    # Held once before, twice now: added.
    ("Kinds: ash, elm.", "Kinds: ash, elm. Colours: ash, red, green.", ("ash",)),
    # Held in the same sentence before, as often: moved, not added.
    ("Kinds are ash, elm, and yew.", "Kinds are elm, yew, and ash.", ()),
    # The same sentence: three words of five kept (0.6) will do.
    ("Ash, elm, yew, oak, fir.", "Ash, elm, yew, pine, box.", ()),
])
def test_an_item_is_added_where_the_rule_holds_it_more_often_or_in_a_new_sentence(
    before: str, after: str, added: tuple[str, ...]
) -> None:
    item = added[0] if added else "ash"
    assert lists.more_often((item,), before, after) == added


def test_every_item_new_to_the_rule_is_added() -> None:
    assert lists.more_often(("yew", "elm"), "Kinds are ash and oak.", "Kinds are ash, oak, yew, and elm.") == ("yew", "elm")
    # An item said once more than before, then one new to the rule: both.
    assert lists.more_often(("ash", "yew"), "Kinds are ash.", "Kinds are ash and yew. Colours are ash.") == ("ash", "yew")
