"""Issue #27 items 2-4 (families round six): a long phrase shortened across
the document, a rule and the examples that restate it counted once, list
items after a determiner or re-sorted, white space alone, and a doubled word
removed. Each test is a claim a reader of the changelog could check, on two
invented releases (`compare`) or one run given to the claim's function.
Invented text only; real cases by corpus path and rule ID at the end."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import doc
from test_claims import by_new

from ruldiff.diff import lists
from ruldiff.diff.pipeline import compare
from ruldiff.diff.runs import Run
from ruldiff.diff.text import norm


def _items(before: str, deleted: str, inserted: str, after: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    return lists.list_items(Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted)))


# --- a long phrase shortened in many rules ------------------------------------------------

_LONG = "this power solely at any moment you could sow"
_OPENINGS = [
    "Gardeners who water a fern may use {} a seed.",
    "Each moss patch lets its keeper use {} a seed.",
    "Climbing ivy on old walls can use {} a seed.",
    "Reeds beside the pond quietly use {} a seed.",
    "Sedge grass, once cut short, will use {} a seed.",
    "Thyme in a clay pot may still use {} a seed.",
]


def _gardens(long_in: int, short_in: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    head = [("1", "Basics"), ("100", "General")]
    old = head + [(f"100.{k}", t.format(_LONG)) for k, t in enumerate(_OPENINGS[:long_in], 1)]
    new = head + [(f"100.{k}", t.format("only as")) for k, t in enumerate(_OPENINGS[:short_in], 1)]
    return old, new


def test_a_long_phrase_shortened_in_many_rules_is_one_rewrite() -> None:
    """Seven words replaced by two, the same way in six rules, the old form
    gone: one family, every rule tagged ``substitution``."""
    old, new = _gardens(6, 6)
    result = compare(doc(old), doc(new))
    assert [(s.old, s.new) for s in result.substitutions] == [
        ("this power solely at any moment you could sow", "only as")
    ]
    assert all("substitution" in c.tags and "substantive" not in c.tags for c in result.changes)


def test_a_long_phrase_shortened_in_few_rules_is_no_rewrite() -> None:
    """The same rewrite in three rules: a long phrase needs five."""
    old, new = _gardens(3, 3)
    result = compare(doc(old), doc(new))
    assert result.substitutions == ()
    assert all("substantive" in c.tags for c in result.changes)


# --- a rule and the examples that restate it count once ---------------------------------------

def test_a_word_changed_in_a_rule_and_its_sibling_s_examples_is_one_edit() -> None:
    """"steeped" -> "brewed" in step 200.1b and in the examples closing
    200.1c that walk through the steps: one edit, no family."""
    head = [("1", "Basics"), ("200", "Tea"), ("200.1", "Tea is made in three steps.")]

    def rules(word: str) -> list[tuple[str, str]]:
        return head + [
            ("200.1a", "First, the leaves are weighed."),
            ("200.1b", f"Next, the weighed leaves are {word} into a pot, as the kettle allows."),
            ("200.1c", "Finally, the pot is poured."),
            ("Example", f"Example: Ann weighs three spoons. They're {word} into the pot, so the pot now holds tea."),
            ("Example", f"Example: Bo weighs one spoon. That's {word} into the pot, so the pot is weak."),
        ]

    result = compare(doc(rules("steeped")), doc(rules("brewed")))
    assert result.substitutions == ()
    assert "substantive" in by_new(result)["200.1b"].tags


def test_a_word_changed_in_the_examples_of_two_rules_apart_is_still_a_family() -> None:
    """Examples under two other headings are two places: the family stands."""
    def rules(word: str) -> list[tuple[str, str]]:
        return [
            ("1", "Basics"), ("200", "Tea"), ("200.1", "Tea is made in a pot."),
            ("Example", f"Example: Ann's leaves are {word} into the pot."),
            ("300", "Coffee"), ("300.1", "Coffee is made in a press."),
            ("Example", f"Example: Bo's grounds are {word} into the press."),
        ]

    result = compare(doc(rules("steeped")), doc(rules("brewed")))
    assert [s.new for s in result.substitutions] in (["brewed"], ["are brewed"])


# --- list items -----------------------------------------------------------------------------

def test_a_new_first_item_after_the_determiner_of_its_list_is_named() -> None:
    assert _items("Damage dealt to one", "", " gnome,", " elf, dwarf, or troll is halved.") == (("gnome",), ())
    assert _items("It is no longer a ", "dwarf", "gnome, dwarf,", " or troll when it leaves.") == (("gnome",), ())


def test_an_item_added_while_the_others_are_re_sorted_is_the_only_one_named() -> None:
    """"If a [-pear-]{+apple+}, fig, [-quince, or lime-]{+lime, pear, or
    quince+} crate …": apple added, the others only moved."""
    def rules(listed: str) -> list[tuple[str, str]]:
        return [("1", "Basics"), ("100", "General"),
                ("100.1", f"If a {listed} crate would leave the cellar, it stays in the cellar.")]

    result = compare(doc(rules("pear, fig, quince, or lime")), doc(rules("apple, fig, lime, pear, or quince")))
    change = by_new(result)["100.1"]
    assert change.items_added == ("apple",) and change.items_removed == ()
    assert change.tags == ("list-item",)


def test_a_determiner_before_two_words_lists_nothing() -> None:
    """"a [-red-]{+blue+} hat": one word for another, no list around."""
    assert _items("Each player wears a ", "red", "blue", " hat.") is None


# --- white space alone, a doubled word removed -------------------------------------------------

def _renumbered(old_text: str, new_text: str) -> tuple[str, ...]:
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Dwarves dig."), ("100.2", old_text)]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Dwarves dig."), ("100.2", "Elves sing."), ("100.3", new_text)]
    return by_new(compare(doc(old), doc(new)))["100.3"].tags


def test_white_space_alone_around_a_dash_is_no_change() -> None:
    assert _renumbered("“Dig N--[cost]” means “[Cost]: Dig.”", "“Dig N -- [cost]” means “[Cost]: Dig.”") == ()


def test_a_doubled_word_removed_is_cosmetic_and_one_doubled_is_not() -> None:
    assert _renumbered("Dig the the tunnel.", "Dig the tunnel.") == ("cosmetic",)
    assert _renumbered("See rule 100.1.", "See See rule 100.1.") == ("substantive",)


# --- the real cases (corpora by path and rule ID) ----------------------------------------------

_CORPORA = Path(os.environ.get("RULDIFF_CORPORA", Path(__file__).resolve().parents[2] / "shared" / "corpora"))


def _real(old: str, new: str):  # type: ignore[no-untyped-def]
    if not (_CORPORA / old).exists():
        pytest.skip(f"corpora not found at {_CORPORA} (set RULDIFF_CORPORA)")
    from ruldiff.documents.load import load

    return compare(load(str(_CORPORA / old)), load(str(_CORPORA / new)))


def test_real_the_sorcery_timing_phrase_is_one_family() -> None:
    result = _real("mtg/2020-11-20.txt", "mtg/2025-02-07.txt")
    family = [s for s in result.substitutions if s.new == "only as"]
    assert len(family) == 1 and "702.67a" in family[0].rules and len(family[0].rules) >= 13


def test_real_a_rule_and_its_sibling_s_examples_print_no_family() -> None:
    result = _real("mtg/2011-05-01.txt", "mtg/2013-07-11.txt")
    assert not any(s.old == "transformed" for s in result.substitutions)


def test_real_items_added_beside_reworded_sentences_are_named() -> None:
    result = _real("mtg/2015-01-23.txt", "mtg/2016-04-08.txt")
    change = by_new(result)["400.4b"]
    assert change.items_added == ("conspiracy",) and "list-item" in change.tags
    assert by_new(result)["704.4"].tags == ("cosmetic",)
    battle = by_new(_real("mtg/2020-04-17.txt", "mtg/2024-06-07.txt"))["614.9"]
    assert battle.items_added == ("battle",) and "list-item" in battle.tags


def test_a_list_with_an_empty_place_names_nothing() -> None:
    """"Numeral symbols, , and can …": the symbols were lost in a
    conversion, not removed from the list."""
    assert _items("Numeral symbols, ", "X, and Y", ", and", " can also stand for mana.") is None


# --- families round seven (#27 items 2 and 7): real cases ---------------------------------------


def test_real_a_family_s_noun_in_the_plural_after_a_number_word() -> None:
    result = _real("mtg/2005-02-01.txt", "mtg/2009-02-01.txt")
    assert by_new(result)["418.5h"].tags == ("substitution",)
    [aura] = [s for s in result.substitutions if "the Aura" in s.new]
    assert "418.5h" in aura.rules


def test_real_a_phrase_cut_short_is_one_rewrite_with_its_other_piece() -> None:
    result = _real("mtg/2017-09-25.txt", "mtg/2020-09-25.txt")
    assert by_new(result)["801.13b"].tags == ("cosmetic", "substitution")
    result = _real("mtg/2018-01-19.txt", "mtg/2018-04-27.txt")
    assert by_new(result)["119.5"].tags == ("substitution",)
    assert by_new(result)["510.2"].tags == ("substitution",)
