"""The claims printed on top of the pairings (issue #12): substitution
families, list items, stale references, cosmetic edits. Invented text only;
real cases by ID are in test_corpora.py."""

from __future__ import annotations

import pytest

from helpers import doc

from ruldiff.diff.classify import is_cosmetic
from ruldiff.diff.pipeline import compare


def by_new(result):  # type: ignore[no-untyped-def]
    return {c.new.id: c for c in result.changes if c.new}


def pair(old_texts: list[str], new_texts: list[str]):  # type: ignore[no-untyped-def]
    def rules(texts: list[str]) -> list[tuple[str, str]]:
        return [("1", "Basics"), ("100", "General")] + [(f"100.{k}.", t) for k, t in enumerate(texts, 1)]

    return compare(doc(rules(old_texts)), doc(rules(new_texts)))


# --- rules without edits ----------------------------------------------------------

def test_rules_without_edits_are_tagged_by_kind_and_stale_reference() -> None:
    # An added rule is substantive, with a stale reference too; a rule only
    # renumbered says nothing unless a reference of its is stale.
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Draw."), ("100.2", "Pass. See rule 100.9."), ("100.3", "Rest.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Draw."), ("100.2", "Wake."), ("100.3", "Pass. See rule 100.9."),
           ("100.4", "Rest."), ("100.5", "Sleep. See rule 100.8.")]
    result = compare(doc(old), doc(new))
    assert [(c.kind.value, (c.new or c.old).id, c.tags) for c in result.changes] == [
        ("added", "100.2", ("substantive",)),
        ("renumbered", "100.3", ("stale-reference",)),
        ("renumbered", "100.4", ()),
        ("added", "100.5", ("stale-reference", "substantive")),
    ]


# --- substitutions --------------------------------------------------------------

PRONOUNS_OLD = [
    "The keeper shuffles his or her vault, then he or she draws a glyph.",
    "If he or she has no glyph, the keeper loses his or her turn.",
    "A keeper who passes may not act until he or she draws again.",
    "The warden gives him or her a token, and the keeper keeps his or her token.",
    "Each keeper chooses a glyph he or she controls.",
    "If he or she controls a relic, the keeper discards his or her hand.",
    "The keeper tells him or her the order, and he or she has to follow it.",
]
PRONOUNS_NEW = [
    "The keeper shuffles their vault, then they draw a glyph.",
    "If they have no glyph, the keeper loses their turn.",
    "A keeper who passes may not act until they draw again.",
    "The warden gives them a token, and the keeper keeps their token.",
    "Each keeper chooses a glyph they control.",
    "If they control a relic, the keeper discards their hand.",
    "The keeper tells them the order, and they have to follow it.",
]


def test_a_rewrite_with_several_forms_is_one_family_with_its_count() -> None:
    result = pair(PRONOUNS_OLD, PRONOUNS_NEW)
    assert len(result.substitutions) == 1
    family = result.substitutions[0]
    heads = dict(zip(family.old.split(" / "), family.new.split(" / ")))
    assert heads == {"his or her": "their", "he or she": "they", "him or her": "them"}
    # Every occurrence counts, the verb agreement forms included: 4 + 6 + 2.
    assert family.count == 12
    assert set(family.rules) == {f"100.{k}" for k in range(1, 8)}
    forms = {(d, i) for d, i, _n in family.variants}
    # A verb that only agrees with the new subject is the family's own
    # rewrite, counted in it, not a form of its own (#27).
    assert not any(d.startswith("he or she ") for d, _i in forms)


@pytest.mark.parametrize(("old", "new"), [
    # "the chair and the clerk" is one item: its "and" makes no second list, and the item the
    # clause gained is the warden, not the registrar the word diff aligned it with.
    ("Members are the chair and the clerk, the treasurer, and the registrar.",
     "Members are the chair and the clerk, the treasurer, the registrar, and the warden."),
    ("The board: the chair, the secretary, and the registrar and the clerk.",
     "The board: the chair, the secretary, the registrar, and the warden and the clerk."),
    # words that start or end with "or" are no alternatives
    ("Members are the orderly, the organist, the chair, and the clerk.",
     "Members are the orderly, the organist, the chair, the clerk, and the warden."),
    ("Members are the editor, the auditor, the chair, and the clerk.",
     "Members are the editor, the auditor, the chair, the clerk, and the warden."),
])
def test_an_item_holding_and_is_one_item_of_its_list(old: str, new: str) -> None:
    (change,) = pair([old], [new]).changes
    assert (change.items_added, change.items_removed) == (("the warden",), ())
    assert change.tags == ("list-item",)


def test_items_dropped_from_a_list_followed_by_and_in_its_clause_are_named() -> None:
    (change,) = pair(["The tide marks are {W}, {U}, {X}, {Y}, and {Z} and more."],
                     ["The tide marks are {W}, {U}, and {X} and more."]).changes
    assert (change.items_added, change.items_removed) == ((), ("{Y}", "{Z}"))


def test_a_rewrite_found_only_with_its_agreeing_verbs_is_still_listed() -> None:
    old = ["The keeper shuffles, then he or she draws a glyph.", "If he or she has no glyph, the keeper loses.",
           "A keeper who passes waits until he or she draws."]
    new = ["The keeper shuffles, then they draw a glyph.", "If they have no glyph, the keeper loses.",
           "A keeper who passes waits until they draw."]
    result = pair(old, new)
    assert all(c.tags == ("substitution",) for c in result.changes)
    # every change it tags is listed: the family is named by its phrase, the longer forms inside it
    (family,) = result.substitutions
    assert (family.old, family.new, family.count) == ("he or she", "they", 3)
    # the verbs that agree are the rewrite's own, counted in it: no forms of their own (#27)
    assert family.variants == ()


def test_a_change_made_only_of_the_rewrite_and_its_agreement_is_a_substitution() -> None:
    result = pair(PRONOUNS_OLD, PRONOUNS_NEW)
    for c in result.changes:
        assert c.tags == ("substitution",), (c.new.id, c.tags)


def test_a_verb_that_agrees_later_in_the_sentence_is_part_of_the_rewrite() -> None:
    old = PRONOUNS_OLD + ["If he or she draws the last glyph and then loses, the game ends."]
    new = PRONOUNS_NEW + ["If they draw the last glyph and then lose, the game ends."]
    assert by_new(pair(old, new))["100.8"].tags == ("substitution",)


def test_a_rewrite_beside_a_real_edit_is_both() -> None:
    old = PRONOUNS_OLD + ["When he or she passes, the keeper draws one glyph."]
    new = PRONOUNS_NEW + ["When they pass, the keeper draws two glyphs."]
    assert by_new(pair(old, new))["100.8"].tags == ("substantive", "substitution")


def test_a_phrase_is_whole_words_without_stray_punctuation() -> None:
    old = ["Deal 2 damage to target creature or player.", "Deal 3 damage to target creature or player.",
           "A relic is sturdy."]
    new = ["Deal 2 damage to any target.", "Deal 3 damage to any target.", "A relic is sturdy."]
    subs = pair(old, new).substitutions
    for s in subs:
        for phrase in (s.old, s.new):
            assert phrase == phrase.strip(".,;:") and phrase[0].isalnum() and phrase[-1].isalnum(), s


@pytest.mark.parametrize("new_tail, named", [("?page=keepers", True), ("?page=wardens", False)])
def test_an_address_changed_in_two_pieces_is_named_by_neither(new_tail: str, named: bool) -> None:
    # The word diff keeps an address's shared middle ("?page="): when the
    # part after it changed too, neither piece names what the address was or
    # became (issue #27); when it was kept, the one piece is the rewrite.
    says = ["Card rulings are kept at", "A team captain may print the list from", "Decks are registered through",
            "Match slips are filed at", "Every event is announced on"]
    old = [f"{k} the site (www.lantern.example/old.asp?page=keepers)." for k in says] + ["A relic is sturdy."]
    new = [f"{k} the site (https://play.lantern.example/Rules.aspx{new_tail})." for k in says] + ["A relic is sturdy."]
    subs = [(s.old, s.new) for s in pair(old, new).substitutions if "example" in s.old + s.new]
    assert subs == ([("www.lantern.example/old.asp", "https://play.lantern.example/Rules.aspx")] if named else []), subs


@pytest.mark.parametrize("was, now", [("Keeper of Lanterns", "Lanterns Warden"), ("Head of Collections", "Collections Manager")])
def test_a_rewrite_cut_in_two_pieces_each_found_alone_is_listed_once_with_its_count(was: str, now: str) -> None:
    # "the[- Keeper of-] Lanterns{+ Warden+}": the word diff keeps the shared
    # word, and each piece is a phrase found in every rule; both name the
    # one rewrite, which is listed once, counted once per place (the two
    # pieces in two families, or in one).
    says = ["may close the hall at dusk", "signs every relic slip", "keeps the key of the tower",
            "names the night watch", "hears every appeal"]
    old = [f"The {was} {s}." for s in says] + ["A relic is sturdy."]
    new = [f"The {now} {s}." for s in says] + ["A relic is sturdy."]
    subs = [(s.old, s.new, s.count, len(s.rules)) for s in pair(old, new).substitutions]
    assert subs == [(was, now, 5, 5)], subs


def test_a_list_pluralised_in_several_rules_is_never_cut_into_a_phrase_ending_inside_it() -> None:
    whole = "a particular kind, sort, shape"
    old = [f"A relic that is {whole} glows.", f"Wardens may name {whole} at dusk.",
           f"If a keeper chooses {whole}, the tide turns."]
    new = [o.replace(whole, "one or more particular kinds, sorts, shapes") for o in old]
    phrases = [p for s in pair(old, new).substitutions for p in s.old.split(" / ")]
    # "sort" -> "sorts" after a comma is the list's next item, not a verb
    # agreeing with a new subject: no phrase may stop before it.
    assert not [p for p in phrases if any(f"{p}," in o.lower() for o in old)]


def test_a_renumbered_reference_or_markup_is_never_a_substitution() -> None:
    old = ["See rule 100.2 and _Lanternfall_.", "Also see rule 100.2 and _Lanternfall_.", "Rest."]
    new = ["See rule 100.3 and Lanternfall.", "Also see rule 100.3 and Lanternfall.", "Rest."]
    assert pair(old, new).substitutions == ()


def test_a_phrase_that_only_reads_with_its_neighbour_is_found_with_it() -> None:
    # "artifact" stays everywhere else; "this artifact" became "this token".
    keep = [f"An artifact of kind {k} is an artifact." for k in "abcdefgh"]
    old = keep + ["Sacrifice this artifact: draw.", "Sacrifice this artifact: gain 1 ember.", "Tap this artifact: scry."]
    new = keep + ["Sacrifice this token: draw.", "Sacrifice this token: gain 1 ember.", "Tap this token: scry."]
    subs = pair(old, new).substitutions
    assert [(s.old, s.new, s.count) for s in subs] == [("this artifact", "this token", 3)]


def test_a_word_swapped_twice_but_kept_more_often_is_no_rewrite() -> None:
    keep = [f"The keeper draws a glyph from pile {k}." for k in "abcdefgh"]
    old = keep + ["Draw a card.", "Draw a relic."]
    new = keep + ["Draw the card.", "Draw the relic."]
    assert pair(old, new).substitutions == ()


@pytest.mark.parametrize(("kept", "found"), [(1, True), (2, False)])
def test_a_phrase_kept_as_often_as_it_was_replaced_is_no_rewrite(kept: int, found: bool) -> None:
    # Replaced twice and kept once: a rewrite. Kept twice: maybe two local
    # edits, so nothing is claimed.
    still = [f"If an order asks a keeper in pool {k} to wait, the keeper waits." for k in "xy"[:kept]]
    old = ["If an order asks a keeper to draw, the keeper draws.", "Wardens follow an order given at dusk."]
    new = ["If a tide asks a keeper to draw, the keeper draws.", "Wardens follow a tide given at dusk."]
    subs = pair(old + still, new + still).substitutions
    assert [(s.old, s.new, s.count) for s in subs] == ([("an order", "a tide", 2)] if found else [])


def test_a_word_inserted_across_the_document_is_found_though_new_text_uses_the_old_phrase() -> None:
    # "double-faced" -> "transforming double-faced" in five rules, while new
    # rules about a new kind ("modal double-faced") use the bare phrase: what
    # the release kept is judged on the old document, not on text it added.
    texts = [
        "A {}double-faced relic turns over when it is flipped.",
        "The keeper may not draw a {}double-faced glyph twice.",
        "Each {}double-faced token leaves the vault at dusk.",
        "If a warden holds a {}double-faced lamp, nothing happens.",
        "Shuffle every {}double-faced card back before the round ends.",
    ]
    old = [t.format("") for t in texts] + ["Rest."]
    new = [t.format("transforming ") for t in texts] + ["Rest."]
    new += [f"A modal double-faced relic of kind {k} and another double-faced one." for k in "abcdefgh"]
    subs = pair(old, new).substitutions
    assert [(s.old, s.new, s.count) for s in subs] == [("double-faced", "transforming double-faced", 5)]
    # A few swaps of a word the old document kept elsewhere are still no rewrite.
    keep = [f"A double-faced relic of kind {k}." for k in "abcdefgh"]
    assert pair(keep + old[:2], keep + new[:2]).substitutions == ()


def test_a_phrase_deleted_across_the_document_is_one_substitution_to_nothing() -> None:
    texts = [
        "Lanterns are lit at dusk. The phrase \"Ember [cost]\" means pay that cost.",
        "Wardens keep the vault. The phrase \"Tidecall [cost]\" means draw a glyph.",
        "A relic is never shuffled. The phrase \"Glimmer\" means the relic shines.",
        "Each keeper may pass once. The phrase \"Hush\" means no keeper speaks.",
    ]
    old = texts + ["Rest."]
    new = [t.replace(" The phrase", "") for t in texts] + ["Rest."]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("The phrase", "", 4)]  # as the rules write it
    assert {c.new.id: c.tags for c in result.changes if c.new} == {f"100.{k}": ("substitution",) for k in range(1, 5)}
    from ruldiff.outputs.render import render

    assert 'substitution: "The phrase" deleted (4 times in 4 rules)' in render(result, "text")
    # Deleted in two rules only, it is two edits, not a rewrite; and a deleted
    # function word is never one.
    assert pair(texts[:2] + ["Rest."], new[:2] + ["Rest."]).substitutions == ()
    words = [t.replace("The phrase", "Then the") for t in texts] + ["Rest."]
    assert pair(words, [t.replace(" Then the", "") for t in words]).substitutions == ()


def test_another_inflection_of_a_big_rewrite_belongs_to_it_even_in_one_rule() -> None:
    # "enters the vault" -> "enters" in five rules; "enter the vault" -> "enter"
    # once, in a card's example, beside a use the release kept: the same rewrite.
    texts = [
        "When a glyph {} the vault, its keeper draws.",
        "A lantern that {} the vault unlit stays dark.",
        "Each token {} the vault face down.",
        "If a relic {} the vault, shuffle it instead.",
        "Whenever an ember {} the vault, count the embers.",
    ]
    old = [t.format("enters") for t in texts] + ["Example: Vault Keeper says “Have this enter the vault tapped.” Glyphs can’t enter the vault."]
    new = [t.format("enters").replace("enters the vault", "enters") for t in texts]
    new += ["Example: Vault Keeper says “Have this enter tapped.” Glyphs can’t enter the vault."]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [
        ("enters the vault / enter the vault", "enters / enter", 6)
    ]
    assert by_new(result)["100.6"].tags == ("substitution",)


def test_a_symbol_spelled_anew_is_never_a_substitution_of_letters() -> None:
    old = [f"Pay {{P}} to flip relic {k}." for k in "abcdef"] + ["Rest."]
    new = [f"Pay {{PW}} to flip relic {k}." for k in "abcdef"] + ["Rest."]
    assert pair(old, new).substitutions == ()


# --- list items --------------------------------------------------------------------


def test_an_item_added_to_a_list_is_named_once_without_its_neighbours() -> None:
    old = ["The glyph types are flame, tide, stone, and gale. A relic of flame or tide burns, stone, or gale."]
    new = ["The glyph types are flame, tide, stone, gale, and ash. A relic of flame or tide burns, stone, gale, or ash."]
    c = by_new(pair(old, new))["100.1"]
    assert c.tags == ("list-item",)
    assert c.items_added == ("ash",) and c.items_removed == ()


def test_an_item_that_only_moved_inside_a_list_is_neither_added_nor_removed() -> None:
    old = ["Keepers may bank, draw, or scry, then rest, or pass."]
    new = ["Keepers may draw, or scry, then bank, rest, or pass."]
    c = by_new(pair(old, new))["100.1"]
    assert "bank" not in c.items_added and "bank" not in c.items_removed


def test_a_function_word_or_a_fragment_is_never_an_item() -> None:
    old = ["Unless that effect sets a keeper's ember to a value, doubles a keeper's ember, or sets a relic's power."]
    new = ["Unless that effect doubles or sets a keeper's ember to a value or a relic's power and toughness."]
    c = by_new(pair(old, new))["100.1"]
    assert c.items_added == () and c.items_removed == ()
    assert "list-item" not in c.tags and "substantive" in c.tags
    old = ["Flame, tide, and stone are types, in order."]
    new = ["Flame, tide, and stone are types, then in order."]
    c = by_new(pair(old, new))["100.1"]
    assert c.items_added == () and "list-item" not in c.tags


@pytest.mark.parametrize(
    ("old", "new", "added", "removed"),
    [
        # the word diff cut the edit in two: {X} stays, {Y} and {Z} went; naming {X} would be
        # false, the clause read whole names the two (lists.joined)
        ("The tide marks are {W}, {U}, {B}, {R}, {G}, {X}, {Y}, and {Z}; the numerals are {0} and {1}.",
         "The tide marks are {W}, {U}, {B}, {R}, {G}, and {X}; the numerals are {0} and {1}.", (), ("{Y}", "{Z}")),
        # a clause of alternatives dropped whole: no list is left to have lost items
        ("Pay the toll if possible, by tapping, or discarding glyphs as needed.", "Pay the toll if possible.", (), ()),
        # a new first item, the old first item kept after it
        ("There are two shell types. The shell types are Conch and Whelk.",
         "There are three shell types. The shell types are Cowrie, Conch, and Whelk.", ("Cowrie",), ()),
    ],
)
def test_items_are_named_only_where_the_list_edit_is_whole(
    old: str, new: str, added: tuple[str, ...], removed: tuple[str, ...]
) -> None:
    (change,) = pair([old], [new]).changes
    assert (change.items_added, change.items_removed) == (added, removed)
    assert ("list-item" in change.tags) == bool(added or removed)


def test_the_last_item_of_a_list_that_is_a_subject_is_an_item() -> None:
    old = ["Only a keeper or a warden can be attacked."]
    new = ["Only a keeper, a warden, or a relic can be attacked."]
    c = by_new(pair(old, new))["100.1"]
    assert c.tags == ("list-item",) and c.items_added == ("a relic",)


# --- stale references ----------------------------------------------------------------


def test_a_reference_the_release_updated_is_not_stale_even_after_a_chain() -> None:
    # 100.2 -> 100.3 and 100.3 -> 100.4: 100.1 now cites 100.3 for old 100.2, rightly.
    old = ["See rule 100.2 and rule 100.3.", "Draw.", "Pass.", "Rest."]
    new = ["See rule 100.3 and rule 100.4.", "A new rule.", "Draw.", "Pass.", "Rest."]
    result = pair(old, new)
    assert result.stale == ()
    assert by_new(result)["100.1"].tags == ("cross-reference",)


def test_a_reference_left_at_an_old_number_is_stale_and_says_what_it_should_be() -> None:
    old = ["See rule 100.3.", "Draw.", "Pass.", "Rest."]
    new = ["See rule 100.3.", "A new rule.", "Draw.", "Pass.", "Rest."]
    result = pair(old, new)
    assert result.stale == (("100.1", ("rule 100.3",), ("100.4",)),)


def test_a_reference_to_the_next_step_is_not_stale_when_a_step_is_inserted_after_it() -> None:
    # "..., then proceed to rule 100.2": a rule inserted right after 100.1 is
    # the next step now; the editors may well have meant it. Unsure: no flag.
    old = ["Shuffle, then proceed to rule 100.2.", "Draw.", "Pass."]
    new = ["Shuffle, then proceed to rule 100.2.", "Reveal the top glyph.", "Draw.", "Pass."]
    assert pair(old, new).stale == ()


def test_a_reference_to_another_document_is_never_stale() -> None:
    old = ["Decks are built as the Core Rules say. See CR 101.1 and CR 999.9.", "Pass."]
    new = ["Decks are built as the Core Rules say. See CR 101.1 and CR 999.9.", "Pass. Rest."]
    assert pair(old, new).stale == ()


# --- cosmetic and white space ----------------------------------------------------------


def test_typography_markup_signs_and_old_symbols_are_cosmetic() -> None:
    assert is_cosmetic("_Future Sight_", "Future Sight")
    assert is_cosmetic("Lanternfall™ rules", "Lanternfall® rules")
    assert is_cosmetic("Pay {oR}{o2}.", "Pay {R}{2}.")
    assert is_cosmetic("“Swift” — fast", '"Swift" - fast')
    assert not is_cosmetic("red or green", "red R green")


def test_a_hyphen_at_a_line_break_is_no_change() -> None:
    from ruldiff.documents.parse import parse
    from ruldiff.documents.read import decode

    head = "Test Game Rules\nEffective May 1, 2024\n\n1. Basics\n\n100. General\n\n"
    wrapped = head + "100.1. A permanent-\ntype-changing effect applies\nfirst. It is a long rule that\nruns on.\n"
    flat = head + "100.1. A permanent-type-changing effect applies first. It is a long rule that runs on.\n"
    a = parse(decode(wrapped.encode(), "a.txt"))
    b = parse(decode(flat.encode(), "b.txt"))
    assert compare(a, b).changes == ()


def test_an_item_may_carry_a_pointer_to_its_rule() -> None:
    old = ["The relic kinds are Lamp (see rule 100.2), Bell, and Key.", "Lamps glow.", "Horns sound."]
    new = ["The relic kinds are Lamp (see rule 100.2), Bell, Horn (see rule 100.3), and Key.", "Lamps glow.", "Horns sound."]
    c = by_new(pair(old, new))["100.1"]
    assert c.tags == ("list-item",) and c.items_added == ("Horn",)


def test_an_alternative_added_to_a_single_term_is_no_list_item() -> None:
    # The sentence has commas, but not around the edit: no list there.
    old = ["If a relic enters by other means, and nothing says what it binds, the keeper chooses a glyph for it."]
    new = ["If a relic enters by other means, and nothing says what it binds, the keeper chooses a glyph or keeper for it."]
    c = by_new(pair(old, new))["100.1"]
    assert "list-item" not in c.tags and c.items_added == ()


def test_a_reference_updated_with_its_punctuation_is_a_reference_update_and_cosmetic() -> None:
    old = ["See rule 100.3", "Draw.", "Pass."]
    new = ["See rule 100.4.", "A new rule.", "Draw.", "Pass."]
    assert by_new(pair(old, new))["100.1"].tags == ("cosmetic", "cross-reference")


def test_a_kept_reference_whose_number_still_holds_the_same_rule_is_not_stale() -> None:
    # The pairing moved old 100.2 ("Spells") elsewhere, but new 100.2 still
    # holds its words: the reference still names what it named.
    old = [("1", "Basics"), ("100", "General"), ("100.1", "See rule 100.2."), ("100.2", "Spells"),
           ("101", "Other"), ("101.1", "Draw.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "See rule 100.2."), ("100.2", "Spells on the stack"),
           ("101", "Other"), ("101.1", "Draw."), ("101.2", "Spells")]
    assert compare(doc(old), doc(new)).stale == ()


def test_a_document_named_in_the_next_sentence_does_not_hide_a_stale_reference() -> None:
    first = "See rule 100.3. The Core Rules differ."
    result = pair([first, "Draw.", "Pass.", "Rest."], [first, "A new rule.", "Draw.", "Pass.", "Rest."])
    assert result.stale == (("100.1", ("rule 100.3",), ("100.4",)),)


def test_a_document_named_after_the_reference_is_another_document() -> None:
    old = ["Teammates share cards as defined by 101.1. in the Core Rules.", "Pass."]
    new = ["Teammates share cards as defined by 101.1. in the Core Rules.", "Pass. Rest."]
    assert pair(old, new).stale == ()


# --- splits and merges ---------------------------------------------------------------


def test_a_rule_split_in_three_is_one_split_paired_with_the_part_that_kept_its_opening() -> None:
    old = [
        "Effects can add or remove abilities of glyphs. An effect that adds one says the glyph gains it. "
        "Effects that remove an ability remove every instance of it. "
        "If two or more effects add and remove the same ability, the most recent one wins, whatever the order "
        "in which the keepers chose to apply them during the turn and whatever kind of glyph carries it."
    ]
    new = [
        "Effects can add or remove abilities of glyphs. An effect that adds one says the glyph gains it.",
        "An effect that adds an activated ability may say how to activate it.",
        "Effects that remove an ability remove every instance of it.",
        "If two or more effects add and remove the same ability, the most recent one wins, whatever the order "
        "in which the keepers chose to apply them during the turn and whatever kind of glyph carries it.",
    ]
    result = pair(old, new)
    splits = [c for c in result.changes if c.kind.value == "split"]
    assert len(splits) == 1
    assert [r.id for r in splits[0].news] == ["100.1", "100.3", "100.4"]
    # 100.4 holds most of the old text, 100.1 its number and opening (splits.py, `_opens`).
    assert splits[0].new.id == "100.1"
    assert by_new(result)["100.2"].kind.value == "added"  # new text, not a part


def test_a_sentence_moved_into_a_rule_of_its_own_is_a_split_not_an_addition() -> None:
    old = ["Landwalk is an evasion ability. A creature with landwalk can't be blocked while the defender controls such a land."]
    new = ["Landwalk is an evasion ability.", "A creature with landwalk can't be blocked while the defender controls such a land."]
    result = pair(old, new)
    assert [c.kind.value for c in result.changes] == ["split"]


def test_one_sentence_restated_in_its_glossary_entry_is_one_edit_not_a_rewrite() -> None:
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Imprint lets a keeper hold a glyph of that type aside."),
           ("100.2", "Draw.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Imprint lets a keeper hold a glyph with that quality aside."),
           ("100.2", "Draw.")]
    gloss_old = [("Imprint", "A keeper may hold a glyph of that type aside. See rule 100.1.")]
    gloss_new = [("Imprint", "A keeper may hold a glyph with that quality aside. See rule 100.1.")]
    result = compare(doc(old, glossary=gloss_old), doc(new, glossary=gloss_new))
    assert result.substitutions == ()
    assert all("substitution" not in c.tags for c in result.changes)


def _held(word: str, rest: str, cited: str = "100.3") -> list[tuple[str, str]]:
    """A rule and its two subrules that all say `word`: one place (`_one_place`)."""
    return [("1", "Basics"), ("100", "General"), ("100.1", f"A keeper may hold a {word} aside."),
            ("100.1a", f"A held {word} {rest}"), ("100.1b", f"Only one {word} is held aside at a time."),
            ("100.2", "Draw."), *([("100.3", "Pass.")] if cited == "100.4" else []), (cited, "Rest.")]


def test_a_word_restated_in_a_rule_and_its_subrules_with_a_reference_updated_tells_both() -> None:
    # "totem" -> "umbra" in 100.1 and both its subrules is one edit, not a rewrite
    # made across the document; where the same run also gives a shifted rule its
    # new number ("totem 100.3" -> "umbra 100.4"), it says so.
    result = compare(doc(_held("totem", "100.3 stays hidden.")), doc(_held("umbra", "100.4 stays hidden.", "100.4")))
    assert result.substitutions == ()
    tags = {k: c.tags for k, c in by_new(result).items() if k.startswith("100.1")}
    assert tags == {"100.1": ("substantive",), "100.1a": ("cross-reference", "substantive"), "100.1b": ("substantive",)}


@pytest.mark.parametrize(("old_rest", "new_rest"), [
    ("stays hidden, until the keeper draws again.", "stays hidden until the keeper draws again."),  # a comma dropped
    ("stays put; hidden until the keeper draws.", "stays put, hidden until the keeper draws."),  # a mark replaced nearby
])
def test_a_mark_beside_a_word_restated_in_a_rule_and_its_subrules_goes_with_it(old_rest: str, new_rest: str) -> None:
    result = compare(doc(_held("totem", old_rest)), doc(_held("umbra", new_rest)))
    assert result.substitutions == ()
    assert by_new(result)["100.1a"].tags == ("substantive",)  # not cosmetic: the mark goes with the edit


@pytest.mark.parametrize(("renamed", "found"), [(3, True), (2, False)])
def test_a_term_renamed_in_the_pointers_many_entries_share_is_a_substitution(renamed: int, found: bool) -> None:
    rules = [("1", "Basics"), ("100", "General"), ("100.1", "Draw.")]
    kinds = ["Reefdiving", "Shoaldiving", "Kelpdiving", "Duskdiving"][:renamed]
    gloss_old = [(k, "See Tidediving.") for k in kinds] + [("Tidediving", "A keeper may dive. See rule 100.1.")]
    gloss_new = [(k, "See Wavediving.") for k in kinds] + [("Wavediving", "A keeper may dive. See rule 100.1.")]
    result = compare(doc(rules, glossary=gloss_old), doc(rules, glossary=gloss_new))
    # Three entries sharing the formula "See X." are three places renamed;
    # two alike sentences could still be one sentence and its echo.
    assert [(s.old, s.new, s.count) for s in result.substitutions] == (
        [("Tidediving", "Wavediving", renamed)] if found else []
    )
    pointers = [c for c in result.changes if c.new and c.new.id.removeprefix("glossary:") in kinds]
    assert len(pointers) == renamed
    assert all(("substitution" in c.tags) == found and ("substantive" in c.tags) != found for c in pointers)


def test_a_phrase_with_a_stray_quote_mark_is_never_a_substitution() -> None:
    old = ["A keeper that’s waiting may pass.", "The keeper that’s ready draws.", "Rest."]
    new = ["A keeper ’who’s waiting may pass.", "The keeper ’who’s ready draws.", "Rest."]
    assert pair(old, new).substitutions == ()


def test_a_comma_dropped_with_a_deleted_clause_is_not_cosmetic() -> None:
    old = ["A token that’s faded, or that’s in the vault, ceases to exist. See rule 100.2.", "Draw."]
    new = ["A token that’s in the vault ceases to exist. See rule 100.2.", "Draw."]
    assert by_new(pair(old, new))["100.1"].tags == ("substantive",)


def test_a_quote_restyled_beside_a_rewording_is_still_cosmetic() -> None:
    old = ['The keeper says "Swift" out loud, and after a pause draws one glyph.']
    new = ["The keeper says “Swift” out loud, and after a pause draws two glyphs."]
    assert by_new(pair(old, new))["100.1"].tags == ("cosmetic", "substantive")


def test_an_alternative_beside_another_list_adds_to_no_list() -> None:
    old = ["Moving a Lamp, Bell, or Key to a different glyph gives the Lamp, Bell, or Key a new mark."]
    new = ["Moving a Lamp, Bell, or Key to a different glyph or keeper gives the Lamp, Bell, or Key a new mark."]
    c = by_new(pair(old, new))["100.1"]
    assert c.items_added == () and "list-item" not in c.tags


def test_a_range_of_subrules_whose_both_ends_moved_is_a_reference_update() -> None:
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Follow rules 100.2a–c."), ("100.2", "Steps:"),
           ("100.2a", "Draw."), ("100.2b", "Pass."), ("100.2c", "Rest.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Follow rules 100.2b–d."), ("100.2", "Steps:"),
           ("100.2a", "Wake."), ("100.2b", "Draw."), ("100.2c", "Pass."), ("100.2d", "Rest.")]
    c = by_new(compare(doc(old), doc(new)))["100.1"]
    assert c.tags == ("cross-reference",)


def test_a_new_first_item_of_a_list_is_an_item() -> None:
    old = ["The relic types are Bell, Key (see rule 100.3), Lamp, and Shell.", "Rest.", "More."]
    new = ["The relic types are Anchor (see rule 100.3), Bell, Key (see rule 100.3), Lamp, and Shell.", "Rest.", "More."]
    c = by_new(pair(old, new))["100.1"]
    assert (c.items_added, c.items_removed, c.tags) == (("Anchor",), (), ("list-item",))
    # A word glued before the old first item is no new item: "Old Bell" is one.
    glued = ["The relic types are Old Bell, Key, Lamp, and Shell.", "Rest.", "More."]
    c = by_new(pair(["The relic types are Bell, Key, Lamp, and Shell.", "Rest.", "More."], glued))["100.1"]
    assert c.items_added == () and "list-item" not in c.tags


def test_a_condition_dropped_from_a_list_of_conditions_is_no_list_item() -> None:
    old = ["A keeper may take back a move if no glyph was drawn since, a warden allows it, and both agree.", "Rest."]
    new = ["A keeper may take back a move if no glyph was drawn since and both agree.", "Rest."]
    c = by_new(pair(old, new))["100.1"]
    assert c.items_removed == () and c.tags == ("substantive",)


def test_a_reference_to_a_rule_whose_text_went_into_its_first_subrule_is_not_stale() -> None:
    # Old 100.2 became 100.2a under a new 100.2 that introduces it: "see rule
    # 100.2" still holds it.
    old = ["Draw; see rule 100.2.", "A keeper may pass.", "Rest."]
    new = ["Draw; see rule 100.2.", "Passing", "A keeper may pass.", "Rest."]
    old_doc = [("1", "Basics"), ("100", "General"), ("100.1.", old[0]), ("100.2.", old[1]), ("100.3.", old[2])]
    new_doc = [("1", "Basics"), ("100", "General"), ("100.1.", new[0]), ("100.2.", new[1]), ("100.2a", new[2]), ("100.3.", new[3])]
    result = compare(doc(old_doc), doc(new_doc))
    assert {c.new.id: c.kind.value for c in result.changes if c.new and c.old} == {"100.2a": "renumbered"}
    assert result.stale == ()


def test_a_comma_moved_with_a_dropped_and_goes_with_that_edit() -> None:
    # "cost[-,-] that holds a glyph[- and-]{+,+} the only": the comma is part
    # of recasting the sentence, not a cosmetic edit of its own.
    old = ["If a keeper pays no cost, that holds a glyph and the only choice left is to pass.", "Rest."]
    new = ["If a keeper pays no cost that holds a glyph, the only choice left is to pass.", "Rest."]
    assert "cosmetic" not in by_new(pair(old, new))["100.1"].tags


def test_a_renamed_word_in_italics_is_a_substitution_shown_without_markup() -> None:
    texts = [
        "Relic kinds, counted through the {} set, are Bell and Key.",
        "Every glyph printed up to the {} set reads from left to right.",
        "Wardens named before the {} set keep their old titles.",
        "Since the {} set, lanterns have no wick.",
    ]
    old = [t.format("_Tidefall_") for t in texts]
    new = [t.format("_Shards of Dusk_") for t in texts]
    old += ["Rest.", "Tidefall tokens are embers."]
    new += ["Rest.", "Tidefall tokens are embers."]
    subs = pair(old, new).substitutions
    assert [(s.old, s.new, s.count) for s in subs] == [("Tidefall", "Shards of Dusk", 4)]


def test_a_reference_that_names_its_new_target_is_not_stale() -> None:
    # Old section 102 (Relics) moved to 103, and 102 now heads the Ember
    # Step: a kept "rule 102" beside the words "the ember step" names what
    # 102 holds now; a kept "rule 102" naming nothing still points at relics.
    def rules(sections: list[tuple[str, str]], cite: str) -> list[tuple[str, str]]:
        out = [("1", "Basics"), ("100", "General"), ("100.1.", cite)]
        for number, title in sections:
            out += [(number, title), (f"{number}.1.", f"This section says how {title.lower()} work in every game.")]
        return out

    old_sections = [("101", "Keepers"), ("102", "Relics")]
    new_sections = [("101", "Keepers"), ("102", "Ember Step"), ("103", "Relics")]
    for cite, stale in (
        ("Embers glow only during the ember step (see rule 102).", ()),
        # the title in the plural or the singular names it too (gap-s34's
        # "a substitute card (see rule 713)", 713 "Substitute Cards")
        ("Embers glow only during the ember steps (see rule 102).", ()),
        ('Embers glow only then (see rule 102, "Ember Step").', ()),
        ("Embers glow only then (see rule 102).", (("100.1", ("rule 102",), ("103",)),)),
    ):
        result = compare(doc(rules(old_sections, cite)), doc(rules(new_sections, cite)))
        assert result.stale == stale, cite


def test_an_alternative_joined_to_a_clause_of_a_list_is_no_list_item() -> None:
    # The list's pieces are clauses ("whether they're tapped"): "or flipped"
    # widens one of them; an item after a name is still an item.
    old = ["Each keeper sees who holds the relics, whether they're tapped, and what binds them, at all times."]
    new = ["Each keeper sees who holds the relics, whether they're tapped or flipped, and what binds them, at all times."]
    c = by_new(pair(old, new))["100.1"]
    assert "list-item" not in c.tags and c.items_added == ()
    old = ["The relic kinds are lantern, bowl, and bell."]
    new = ["The relic kinds are lantern, bowl, bell, and horn."]
    assert by_new(pair(old, new))["100.1"].items_added == ("horn",)


@pytest.mark.parametrize("old, new, tags", [
    # A bracket the word diff glued to a word, whose other half went with
    # the rewording: part of the rewording.
    (["The keeper wins. (This may not end the game if wardens play; see rule 100.2.)", "Draw."],
     ["The keeper wins. This may not end the game.", "Draw."], ("substantive",)),
    # A closing quote right after the full stop that ends a rewritten quotation.
    (['Glow means "Whenever a keeper draws, that keeper gets an ember." See rule 100.2.', "Draw."],
     ["Glow gives a keeper an ember. See rule 100.2.", "Draw."], ("substantive",)),
    # Quotes taken off around a word are an edit of their own, beside a rewording or not.
    (["To take a “pause” is to skip a turn and draw one glyph.", "Draw."],
     ["To take a pause is to skip a turn in favour of a new one.", "Draw."], ("cosmetic", "substantive")),
    # A full stop added after one: typography, wherever the rewording is.
    (["The symbol has no rules meaning.", "Draw."], ["The sign has no rules meaning..", "Draw."],
     ("cosmetic", "substantive")),
])
def test_marks_that_go_with_a_rewording_are_not_cosmetic(old: list[str], new: list[str], tags: tuple[str, ...]) -> None:
    assert by_new(pair(old, new))["100.1"].tags == tags


def test_a_rewrite_beside_a_dropped_trademark_sign_is_still_the_rewrite() -> None:
    # Each type list is "updated through" the latest set; one of them had
    # the set's name with its trademark sign.
    old = [
        "Relics come in many kinds; their list, updated through the Emberfall set, names bowls and bells.",
        "A glyph may be carved or painted, as the Emberfall set first allowed for keepers.",
        "Lantern types, updated through the Emberfall(tm) set, are: Horn.",
    ]
    new = [text.replace("Emberfall(tm)", "Tidecall").replace("Emberfall", "Tidecall") for text in old]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("Emberfall", "Tidecall", 3)]
    assert by_new(result)["100.3"].tags == ("substitution",)


@pytest.mark.parametrize("kept, tag", [(False, "cosmetic"), (True, "substantive")])
def test_a_symbol_respelled_everywhere_it_stood_is_cosmetic(kept: bool, tag: str) -> None:
    # {E} (the ember symbol) became {EMBER} in every rule that had it, as
    # {E} was to mean something else; one {E} left as it was makes the
    # others real edits.
    old = ["Pay {E} to light a lantern.", "A keeper with {E} on a relic may wake it.", "Tap: add {E}."]
    new = [t.replace("{E}", "{EMBER}") for t in old]
    if kept:
        new[2] = old[2]
    result = pair(old, new)
    assert by_new(result)["100.1"].tags == (tag,)
    assert by_new(result)["100.2"].tags == (tag,)
    assert result.substitutions == ()  # a spelling is no phrase


# --- a sign or a comparison is never cosmetic (a shipped bug) -----------------

_SIGNS = "Game Rules\n\n1. Basics\n\n100. General\n\n100.1. {one}\n\n100.2. Deal 2 damage.\n"


@pytest.mark.parametrize(
    "old, new",
    [
        ("A creature gets +1/+1 until end of turn.", "A creature gets -1/-1 until end of turn."),
        ("If its power < 3, it can block.", "If its power > 3, it can block."),
        ("If its power ≥ 3, it can block.", "If its power ≤ 3, it can block."),
        ("Add +X/+0 to it.", "Add -X/+0 to it."),
    ],
)
def test_a_sign_or_comparison_changed_is_substantive_and_in_the_bulletin(tmp_path, old: str, new: str) -> None:
    """Through the command, as a user reads it: the change is tagged
    substantive in JSON, and `--style bulletin` (substantive changes only)
    lists it. Judging the bare sign without its number once called it
    cosmetic."""
    import json

    from click.testing import CliRunner

    from ruldiff.cli.main import main

    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(_SIGNS.format(one=old), encoding="utf-8")
    b.write_text(_SIGNS.format(one=new), encoding="utf-8")
    result = CliRunner().invoke(main, [str(a), str(b), "-f", "json"])
    assert result.exit_code == 0, result.output
    (change,) = json.loads(result.stdout)["changes"]
    assert change["old"] == "100.1" and change["tags"] == ["substantive"]
    bulletin = CliRunner().invoke(main, [str(a), str(b), "-f", "md", "--style", "bulletin"])
    assert "100.1" in bulletin.stdout


def test_a_sign_retyped_or_restored_after_a_conversion_stays_cosmetic() -> None:
    """The other side of the rule: the same sign in another typeface, and a
    sign standing where a conversion had lost a character, are typography."""
    for old, new in [("gets −1/−1 until", "gets -1/-1 until"), ("costs [?4], they", "costs [−4], they")]:
        result = compare(doc([("100.1.", old)]), doc([("100.1.", new)]))
        (change,) = result.changes
        assert change.tags == ("cosmetic",), (old, new, change.edits)
