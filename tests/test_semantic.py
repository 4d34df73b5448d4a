"""semantic.py: renumbering map, references, substitutions, lists, splits, merges, moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import articles, doc

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind, Rule, RuleKind
from ruldiff.diff import semantic
from ruldiff.diff import lists
from ruldiff.diff import splits
from ruldiff.diff import runs
from ruldiff.diff.references import references

BASE = [
    ("1", "Basics"),
    ("100", "General"),
    ("100.1.", "The active keeper draws a glyph. See rule 100.4."),
    ("100.2.", "The active keeper may cast glyphs during their main phase."),
    ("100.3.", "The glyph types are flame, tide, stone, and gale."),
    ("100.4.", "Keepers sit around the bowl in a circle."),
    ("100.5.", "The active keeper chooses the order of triggered effects."),
    ("100.6.", "Every other keeper waits. See rule 100.5."),
    ("2", "Glyphs"),
    ("200", "General"),
    ("200.1.", "A glyph is a card."),
    ("200.2.", "A relic stays in the circle after it is cast, and a keeper may control up to five relics at a time."),
]


def changes_by_new(result):  # type: ignore[no-untyped-def]
    return {c.new.id: c for c in result.changes if c.new}


def test_inserted_rule_gives_one_renumbering_run_and_reference_updates() -> None:
    # A new 100.4 shifts old 100.4-100.6 to 100.5-100.7; 100.1 updates its reference.
    new = [
        ("1", "Basics"), ("100", "General"),
        ("100.1.", "The active keeper draws a glyph. See rule 100.5."),
        ("100.2.", "The active keeper may cast glyphs during their main phase."),
        ("100.3.", "The glyph types are flame, tide, stone, and gale."),
        ("100.4.", "A new rule about ember pools that did not exist before."),
        ("100.5.", "Keepers sit around the bowl in a circle."),
        ("100.6.", "The active keeper chooses the order of triggered effects."),
        ("100.7.", "Every other keeper waits. See rule 100.5."),
        *BASE[8:],
    ]
    result = compare(doc(BASE), doc(new))
    assert [(r.old, r.new) for r in result.renumbering] == [("100.4-100.6", "100.5-100.7")]
    by_new = changes_by_new(result)
    assert by_new["100.1"].tags == ("cross-reference",)  # 100.4 -> 100.5, as renumbered
    # 100.7 still says "See rule 100.5", but old 100.5 is now 100.6: stale.
    assert by_new["100.7"].stale == ("rule 100.5",)
    assert "stale-reference" in by_new["100.7"].tags
    assert ("100.7", ("rule 100.5",), ("100.6",)) in result.stale  # and what it should be


def test_reference_to_a_missing_rule_is_stale() -> None:
    new = [(n, t.replace("See rule 100.4.", "See rule 100.9.")) for n, t in BASE]
    result = compare(doc(BASE), doc(new))
    change = changes_by_new(result)["100.1"]
    assert change.stale == ("rule 100.9",)
    assert change.tags == ("stale-reference", "substantive")


def test_substitution_across_rules_is_found_and_counted() -> None:
    new = [(n, t.replace("active keeper", "current keeper")) for n, t in BASE]
    result = compare(doc(BASE), doc(new))
    assert [(s.old, s.new, s.count, s.rules) for s in result.substitutions] == [
        ("active", "current", 3, ("100.1", "100.2", "100.5"))
    ]
    assert {c.new.id: c.tags for c in result.changes if c.new} == {
        "100.1": ("substitution",), "100.2": ("substitution",), "100.5": ("substitution",)
    }


def test_a_replacement_in_one_rule_is_not_a_substitution() -> None:
    new = [(n, t.replace("The active keeper draws", "The current keeper draws")) for n, t in BASE]
    result = compare(doc(BASE), doc(new))
    assert result.substitutions == ()
    assert changes_by_new(result)["100.1"].tags == ("substantive",)


def test_list_item_added_with_the_and_moving() -> None:
    new = [(n, t.replace("stone, and gale.", "stone, gale, and ash.")) for n, t in BASE]
    change = changes_by_new(compare(doc(BASE), doc(new)))["100.3"]
    assert change.tags == ("list-item",)
    assert change.items_added == ("ash",) and change.items_removed == ()


def test_list_item_removed_in_the_middle() -> None:
    new = [(n, t.replace("tide, stone,", "tide,")) for n, t in BASE]
    change = changes_by_new(compare(doc(BASE), doc(new)))["100.3"]
    assert change.tags == ("list-item",) and change.items_removed == ("stone",)


def test_an_inserted_word_is_not_a_list_item() -> None:
    new = [(n, t.replace("A relic stays", "A relic always stays")) for n, t in BASE]
    change = changes_by_new(compare(doc(BASE), doc(new)))["200.2"]
    assert change.tags == ("substantive",) and change.items_added == ()


def test_split_rule() -> None:
    new = BASE[:11] + [
        ("200.2.", "A relic stays in the circle after it is cast."),
        ("200.3.", "A keeper may control up to five relics at a time."),
    ]
    result = compare(doc(BASE), doc(new))
    split = [c for c in result.changes if c.kind is ChangeKind.SPLIT]
    assert len(split) == 1
    assert split[0].old.id == "200.2"  # type: ignore[union-attr]
    assert [r.id for r in split[0].news] == ["200.2", "200.3"]
    assert result.summary["split"] == 1 and result.summary["added"] == 0


def test_merged_rules() -> None:
    old = BASE[:11] + [
        ("200.2.", "A relic stays in the circle after it is cast."),
        ("200.3.", "A keeper may control up to five relics at a time."),
    ]
    result = compare(doc(old), doc(BASE))
    merged = [c for c in result.changes if c.kind is ChangeKind.MERGED]
    assert len(merged) == 1
    assert [r.id for r in merged[0].olds] == ["200.2", "200.3"]
    assert merged[0].new.id == "200.2"  # type: ignore[union-attr]
    assert result.summary["merged"] == 1 and result.summary["removed"] == 0


def test_rule_moved_to_another_heading() -> None:
    moved_text = "Keepers sit around the bowl in a circle."
    new = [(n, t) for n, t in BASE if t != moved_text]
    new = [(n.replace("100.5.", "100.4.").replace("100.6.", "100.5."), t.replace("rule 100.5", "rule 100.4").replace("See rule 100.4.", "See rule 200.3."))
           for n, t in new]
    new.append(("200.3.", moved_text))
    result = compare(doc(BASE), doc(new))
    change = next(c for c in result.changes if c.old and c.old.id == "100.4")
    assert change.kind is ChangeKind.RENUMBERED and change.new.id == "200.3"  # type: ignore[union-attr]
    assert change.moved == ("100", "200")


def test_a_subrule_moved_to_another_rule_of_its_heading_moved() -> None:
    rules = [*BASE[:5], ("100.3a", "A flame glyph burns."), ("100.3b", "A tide glyph floods."), *BASE[5:]]
    moved_text = "A tide glyph floods."
    new = [(n, t) for n, t in rules if t != moved_text]
    at = next(k for k, (n, _) in enumerate(new) if n == "100.5.")
    new.insert(at + 1, ("100.5a", moved_text))
    change = next(c for c in compare(doc(rules), doc(new)).changes if c.old and c.old.id == "100.3b")
    assert change.kind is ChangeKind.RENUMBERED and change.new.id == "100.5a"  # type: ignore[union-attr]
    assert change.moved == ("100.3", "100.5")  # both sit under heading 100: their rules tell the move


def test_subrules_that_follow_their_renumbered_rule_have_not_moved() -> None:
    rules = [*BASE[:5], ("100.3a", "A flame glyph burns."), *BASE[5:]]
    renumber = {"100.3.": "100.4.", "100.3a": "100.4a", "100.4.": "100.5.", "100.5.": "100.6.", "100.6.": "100.7."}
    new = [*rules[:4], ("100.3.", "A keeper may pass."), *[(renumber.get(n, n), t) for n, t in rules[4:]]]
    changes = compare(doc(rules), doc(new)).changes
    change = next(c for c in changes if c.old and c.old.id == "100.3a")
    assert change.new.id == "100.4a" and change.moved is None  # type: ignore[union-attr]


def test_a_rule_moved_to_another_heading_and_reworded_is_both() -> None:
    # As test_rule_moved_to_another_heading, with a word changed on the way: the move
    # is told beside the rewording.
    old_text = "Keepers sit around the bowl in a circle."
    new = [(n.replace("100.5.", "100.4.").replace("100.6.", "100.5."),
            t.replace("rule 100.5", "rule 100.4").replace("See rule 100.4.", "See rule 200.3."))
           for n, t in BASE if t != old_text]
    new.append(("200.3.", "Keepers sit around the bowl in a ring."))
    change = next(c for c in compare(doc(BASE), doc(new)).changes if c.old and c.old.id == "100.4")
    assert change.kind is ChangeKind.RENUMBERED and change.new.id == "200.3"  # type: ignore[union-attr]
    assert change.tags == ("substantive",) and change.moved == ("100", "200")


def test_a_subrule_moved_to_another_rule_and_reworded_is_both() -> None:
    rules = [*BASE[:5], ("100.3a", "A flame glyph burns."), ("100.3b", "A tide glyph floods."), *BASE[5:]]
    new = [(n, t) for n, t in rules if n != "100.3b"]
    at = next(k for k, (n, _) in enumerate(new) if n == "100.5.")
    new.insert(at + 1, ("100.5a", "A tide glyph floods the bowl."))
    change = next(c for c in compare(doc(rules), doc(new)).changes if c.old and c.old.id == "100.3b")
    assert change.kind is ChangeKind.RENUMBERED and change.new.id == "100.5a"  # type: ignore[union-attr]
    assert change.tags == ("substantive",) and change.moved == ("100.3", "100.5")


@pytest.mark.parametrize("tide", ["A tide glyph floods.", "A tide glyph floods the bowl."])
@pytest.mark.parametrize(("rule_3", "moved"), [
    ("Keepers sit around the bowl in a circle.", ("100.2", "100.3")),  # old 100.3 kept: 100.2b moved under it
    # 100.3 removed and its number given to a new rule: that rule was put above 100.2b, which did not move.
    ("Every relic must rest on the altar before dusk.", None),
])
def test_a_subrule_under_a_new_rule_that_took_a_removed_rule_s_number_has_not_moved(
    tide: str, rule_3: str, moved: tuple[str, str] | None
) -> None:
    head = [("1", "Basics"), ("100", "General"), ("100.1", "The active keeper draws a glyph."),
            ("100.2", "The glyph types are flame and tide."), ("100.2a", "A flame glyph burns.")]
    old = [*head, ("100.2b", "A tide glyph floods."), ("100.3", "Keepers sit around the bowl in a circle.")]
    new = [*head, ("100.3", rule_3), ("100.3a", tide)]  # with its text kept, or reworded
    result = compare(doc(old), doc(new))
    change = next(c for c in result.changes if c.old and c.old.id == "100.2b")
    assert change.kind is ChangeKind.RENUMBERED and change.new.id == "100.3a"  # type: ignore[union-attr]
    assert change.moved == moved
    assert [c.kind.value for c in result.changes if c.kind is not ChangeKind.RENUMBERED] == (
        [] if moved else ["added", "removed"]
    )


def test_references() -> None:
    assert references("see rules 701.2–701.4 and section 8") == [
        ("701.2", "rules 701.2"), ("701.4", "701.4"), ("8", "section 8")
    ]
    assert references("Draw 2 cards; {2/W} costs 2.") == []


def test_range_of_subrules_following_the_renumbering_is_a_reference_update() -> None:
    rules = [("1", "A"), ("100", "General"), ("100.1", "Steps."), ("100.1a", "First."), ("100.1b", "Second."),
             ("100.2.", "Once the steps in 100.1a–b are done, the spell is cast.")]
    new = rules[:4] + [("100.1b", "A new second step."), ("100.1c", "Second."),
                       ("100.2.", "Once the steps in 100.1a–c are done, the spell is cast.")]
    change = changes_by_new(compare(doc(rules), doc(new)))["100.2"]
    assert change.tags == ("cross-reference",)


def _renumbered(*pairs: tuple[str, str]) -> list[tuple[str, str]]:
    from ruldiff.model import Change, Rule, RuleKind
    from ruldiff.diff.references import renumbering

    changes = [
        Change(ChangeKind.RENUMBERED, Rule(a, RuleKind.RULE, a), Rule(b, RuleKind.RULE, b), ())
        for a, b in pairs
    ]
    return [(r.old, r.new) for r in renumbering(changes)]


def test_renumbering_runs_of_dotted_numbers_and_implied_subrules() -> None:
    # Riftbound numbers subrules with dotted segments: 138.1.a.2.
    assert _renumbered(
        ("138", "140"), ("138.1", "140.1"), ("138.1.a", "140.1.a"), ("138.1.a.2", "140.1.a.2"),
        ("139", "141"), ("103.1.b.2", "103.1.b.3"), ("103.1.b.3", "103.1.b.4"),
    ) == [("138-139", "140-141"), ("103.1.b.2-103.1.b.3", "103.1.b.3-103.1.b.4")]
    # MTG subrule letters skip l and o.
    assert _renumbered(("702.19k", "702.19m"), ("702.19m", "702.19n"), ("702.19n", "702.19p")) == [
        ("702.19k-702.19n", "702.19m-702.19p")
    ]


def test_a_rule_that_became_a_subrule_is_not_implied_by_its_heading() -> None:
    # 112 -> 113 moves 112.10 to 113.10 at most; 112.10 -> 113.10c is news.
    assert _renumbered(("112", "113"), ("112.10", "113.10c")) == [("112", "113"), ("112.10", "113.10c")]


def test_dotted_references() -> None:
    assert references("See rule 318. Cleanups for more.") == [("318", "rule 318")]
    assert references("as in rule 103.1.b.2. Then") == [("103.1.b.2", "rule 103.1.b.2")]
    assert references("rules 442.2.a–442.2.c") == [("442.2.a", "rules 442.2.a"), ("442.2.c", "442.2.c")]


def test_a_profile_defines_how_its_documents_refer_to_rules(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from ruldiff.documents.parse import parse
    from ruldiff.documents.profiles import load_profile
    from ruldiff.documents.read import decode

    from helpers import layout

    base = (tmp_path / "mtg.yaml")
    mtg = (Path(__file__).parent.parent / "tool/ruldiff/documents/formats/mtg-cr.yaml").read_text(encoding="utf-8")
    base.write_text(mtg.replace("name: mtg-cr", "name: articles")
                    + "reference: '\\bArt\\.\\s*(?P<id>\\d{3}\\.\\d+)'\n", encoding="utf-8")
    profile = load_profile(str(base))
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Draw a card."), ("100.2", "Pass."),
           ("100.3", "As in Art. 100.2, pass; see rule 100.1.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Draw a card."),
           ("100.3", "As in Art. 100.2, pass; see rule 100.1.")]

    def parsed(rules: list[tuple[str, str]], name: str):  # type: ignore[no-untyped-def]
        return parse(decode(layout(rules).encode(), name), profile)

    result = compare(parsed(old, "a.txt"), parsed(new, "b.txt"))
    # 100.2 is gone: "Art. 100.2" in the unchanged 100.3 is stale; "rule 100.1"
    # is no reference in this syntax.
    assert result.stale == (("100.3", ("Art. 100.2",), ("",)),)  # gone: nothing to suggest
    assert references("Art. 100.2 and rule 100.1", result.new.references) == [("100.2", "Art. 100.2")]


def test_a_reference_syntax_without_an_id_group_is_a_config_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from ruldiff.errors import ConfigError
    from ruldiff.documents.profiles import load_profile

    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nrule: '^(?P<id>\\d+)\\.\\s+(?P<text>.*)$'\nreference: 'Art\\. \\d+'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="reference.*named group"):
        load_profile(str(bad))


def test_a_stale_reference_to_a_heading_in_an_unchanged_rule_is_found() -> None:
    old = [("1", "Basics"), ("100", "General"), ("100.1", "Draw a card."), ("101", "Turns"),
           ("101.1", "Pass."), ("102", "Ending"), ("102.1", "See rule 101 for turns.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1", "Draw a card."),
           ("102", "Ending"), ("102.1", "See rule 101 for turns.")]
    result = compare(doc(old), doc(new))
    assert result.stale == (("102.1", ("rule 101",), ("",)),)  # removed: nothing to suggest


def _random_texts(pieces: list[str], count: int = 2000, seed: int = 7) -> list[str]:
    import random

    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 16))) for _ in range(count)]


def test_reference_matches_are_those_of_the_reference_regex() -> None:
    # _reference_matches only tries the places a match can start at; it must
    # give what scanning every position gives, overlaps and ranges included.
    from ruldiff.diff.references import _REFERENCE, _reference_matches

    pieces = ["rule", "rules", "section", "sections", " ", "  ", "\n", ".", "-", "–", " to ", "a",
              "x", "8", "12", "903", "903.13", "1903.1", ".5", "704.5s", "103.1.b.2", "318. ", "Rule "]
    for text in _random_texts(pieces):
        expected = [(m.span(), m.groups()) for m in _REFERENCE.finditer(text)]
        assert [(m.span(), m.groups()) for m in _reference_matches(text)] == expected, text


def test_occurs_more_than_counts_whole_words_and_phrases() -> None:
    import re

    from ruldiff.diff.substitutions import _occurs_more_than

    def count(phrase: str, text: str) -> int:  # the definition: whole words for a word
        if re.fullmatch(r"\w+", phrase):
            return re.findall(r"\w+", text).count(phrase)
        return text.count(phrase)

    pieces = ["he", "she", "or", "the", "hen", " ", "\n", ",", "_", "é", "’"]
    texts = _random_texts(pieces, 300) + ["he he he", "he hen he", "the he"]
    for phrase in ["he", "or", "he or she", "he he", "e", "she,", "_he"]:
        for text in texts:
            n = count(phrase, text)
            assert [_occurs_more_than(phrase, text, k) for k in range(4)] == [n > k for k in range(4)]


def test_reference_updates_are_read_in_the_profiles_own_syntax(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Articles numbered A1, A2... and cited as "Article A2": no MTG-shaped
    # number anywhere, so only the profile's syntax can tell an update.
    old = articles(tmp_path, "A1. Draw a card.", "A2. Pass.", "A3. As in Article A2, pass 2 turns.")
    new = articles(tmp_path, "A1. Draw a card.", "A2. Shuffle.", "A3. Pass.", "A4. As in Article A3, pass 3 turns.")
    by_new = {c.new.id: c for c in compare(old, new).changes if c.new}
    assert by_new["A3"].kind is ChangeKind.RENUMBERED and not by_new["A3"].text_changed
    # "Article A2" -> "Article A3" follows A2 -> A3; "2 turns" -> "3 turns" is
    # a real edit, though a rule 2 -> 3 would look like an update to a syntax
    # that only sees numbers.
    assert by_new["A4"].tags == ("cross-reference", "substantive")

    new_refs_only = articles(tmp_path, "A1. Draw a card.", "A2. Shuffle.", "A3. Pass.", "A4. As in Article A3, pass 2 turns.")
    assert {c.new.id: c for c in compare(old, new_refs_only).changes if c.new}["A4"].tags == ("cross-reference",)


def test_an_item_swept_into_a_run_by_the_cleanup_is_kept() -> None:
    # Semantic cleanup can merge a kept item into the run between two new
    # ones: "Bram, [-Cato][+Dace, Cato, Edda], Fenn". Cato is on both sides,
    # so it was kept; Dace and Edda were added.
    run = runs.Run(
        deleted=" Cato", inserted=" Dace, Cato, Edda", before="The wardens are Ash, Bram,", after=", Fenn."
    )
    assert lists.list_items(run) == (("Dace", "Edda"), ())


def test_an_item_replaced_by_another_is_not_a_list_edit() -> None:
    run = runs.Run(deleted=" Cato", inserted=" Dace", before="The wardens are Ash, Bram,", after=", Fenn.")
    assert lists.list_items(run) is None


def test_items_swapped_around_a_kept_one_are_read_item_by_item() -> None:
    # Gale out and Dace in, Cato kept between them: the list itself was
    # edited (#27: "sorcery, tribal" -> "scheme, sorcery"), both named.
    run = runs.Run(
        deleted=" Cato, Gale", inserted=" Dace, Cato", before="The wardens are Ash, Bram,", after=", Fenn."
    )
    assert lists.list_items(run) == (("Dace",), ("Gale",))


def test_quoted_items_are_named_without_their_quotes() -> None:
    run = runs.Run(
        deleted="", inserted=" “Pick two —,”", before="A modal spell says “Pick one —,”", after=" or “Pick any —.”"
    )
    assert lists.list_items(run) == (("Pick two —",), ())


def test_a_reference_with_its_title_is_not_a_list_item() -> None:
    run = runs.Run(
        deleted="", inserted=" and rule 712, “Lanterns”", before="See rule 711, “Embers,”", after=". Then pass."
    )
    assert lists.list_items(run) is None
    # The same inserted before a reference: "See rule[+ 113, “Lanterns,” rule] 901"
    run = runs.Run(
        deleted="", inserted=" 113, “Lanterns,” rule", before="See rule", after=" 901, “Embers,” and rule 902."
    )
    assert lists.list_items(run) is None


@pytest.mark.parametrize(
    "d, i, core",
    [
        ("also see rule 903.11", "see also rule 903.11", ("also see", "see also")),
        ("a b c", "a b c", ("", "")),
        ("a b c", "a x c", ("b", "x")),
        ("a b", "a b c", ("", "c")),
        ("b c", "a b c", ("", "a")),
        ("x y", "p q", ("x y", "p q")),
        ("", "new words", ("", "new words")),
        ("a  b\nc", "a b d", ("c", "d")),
        ("a a", "a", ("a", "")),
    ],
)
def test_core_drops_the_words_shared_at_both_ends(d: str, i: str, core: tuple[str, str]) -> None:
    from ruldiff.diff.substitutions import _core

    assert _core(d, i) == core


@pytest.mark.parametrize(
    "text, last, word",
    [
        ("draw a card", True, "card"),
        ("draw a card", False, "draw"),
        ("draw a card.", True, ""),  # ends with punctuation
        ("(draw a card", False, ""),
        ("keeper's turn", False, "keeper's"),
        ("the keeper'", True, ""),  # a word, but it ends with an apostrophe
        ("", True, ""),
        ("   ", False, ""),
        ("x", True, "x"),
    ],
)
def test_edge_word(text: str, last: bool, word: str) -> None:
    from ruldiff.diff.substitutions import _edge_word

    assert _edge_word(text, last) == word


@pytest.mark.parametrize(
    "text, printed, end",
    [
        ("See rules 903.6–903.11 for more.", "903.11", True),
        ("See rules 903.6 - 903.11 for more.", "903.11", True),
        ("See rules 903.6—903.11.", "903.11", True),
        ("See rules 903.6 through 903.11.", "903.11", True),
        ("See rules 903.6 to 903.11.", "903.11", True),
        ("See rules 903.6 and 903.11.", "903.11", False),
        ("Pick one–a card from rule 903.11.", "903.11", False),  # the dash is more than 12 characters back
        ("See 903.6–Glossary.", "Glossary", False),  # only a number ends a range
        ("See rules 6–7.1.", "7.1", True),
        ("–903.11 ends it.", "903.11", True),  # a dash at the very start
        ("See 903.6–" + " " * 11 + "903.11.", "903.11", True),  # 12 characters back
        ("See 903.6–" + " " * 12 + "903.11.", "903.11", False),  # 13
    ],
)
def test_a_range_end_is_a_number_after_a_dash_through_or_to(text: str, printed: str, end: bool) -> None:
    from ruldiff.diff.references import References

    assert References.range_end(text, text.index(printed), printed) is end


@pytest.mark.parametrize(
    "d, i, phrases",
    [
        ("comes into play,", "enters the battlefield,", ("comes into play", "enters the battlefield")),
        ("“comes into play”", "“enters the battlefield”", ("comes into play", "enters the battlefield")),
        ("target creature or player", "any target.", None),  # the ends differ: a rewrite and a period
        ("110.5a", "111.2", None),
        ("_magic_", "magic", None),
        ("Magic", "magic", None),  # typography only
        ("z", "x", ("z", "x")),  # one letter for another: a rewrite only in five rules or more (`_letters`)
        ("zone", "x", ("zone", "x")),
        ("a", "a", None),
        ("one two three four five six seven eight nine ten eleven", "one", None),  # too long, even for a rewrite in many rules
        ("one two three four five six", "seven", ("one two three four five six", "seven")),
        ("draw 2", "draw two", None),
        ("...", "!!!", None),
        ("zone", "!!!", None),  # one side is no words at all
        ("!!!", "zone", None),
        ("zone", "", None),  # a pure insertion or deletion is no wording change
        ("", "zone", None),
        ("seven", "one two three four five six", ("seven", "one two three four five six")),
        # Italics around a renamed word are markup, the rename is wording
        # ("through the _Eventide_ set" -> "_Shards of Alara_"); italics alone are not.
        ("_zone_", "_area_", ("_zone_", "_area_")),
        ("_zone_", "area", ("_zone_", "area")),
        ("_zone_", "zone", None),
        ("zone_a", "area", None),  # an underscore inside a word is no markup
    ],
)
def test_clean_phrase(d: str, i: str, phrases: tuple[str, str] | None) -> None:
    from ruldiff.diff.substitutions import _clean_phrase

    assert _clean_phrase(d, i) == phrases


def _rule(text: str, kind: RuleKind = RuleKind.RULE) -> Rule:
    return Rule("1.1", kind, text)


@pytest.mark.parametrize(
    "whole, kept, part, kind, expected",
    [
        ("a b c d e f g h i j", "a b c d e", "f g h i j", RuleKind.RULE, True),
        ("a b c d e f g h i j", "a b c d e", "f g h i j", RuleKind.HEADING, False),  # another kind of item
        # 7 of the part's 10 words in the whole is enough (SPLIT_COVER), 6 is not.
        ("a b c d e f g h i j k l", "a b c d e", "f g h i j k l x y z", RuleKind.RULE, True),
        ("a b c d e f g h i j k l", "a b c d e", "f g h i j k w x y z", RuleKind.RULE, False),
        # The whole must be closer to both by SPLIT_GAIN: 1.0 against 0.9 is enough...
        ("a b c d e f g h i j k", "a b c d e f g h i", "j k", RuleKind.RULE, True),
        # ...1.0 against 18/19 is not.
        ("a b c d e f g h i j", "a b c d e f g h i", "i j", RuleKind.RULE, False),
    ],
)
def test_part_of_a_split(whole: str, kept: str, part: str, kind: RuleKind, expected: bool) -> None:
    assert splits._part_of(_rule(whole), _rule(kept), _rule(part, kind)) is expected


ADDRESS = "www.lanterns.example/default.page"
NEW_ADDRESS = "https://www.lanterns.example/Keepers/Events.page"
WEB = [
    ("1", "Basics"),
    ("100", "General"),
    ("100.1.", f"The handbook is at {ADDRESS}?x=hall/books/all."),
    ("100.2.", "Keepers sit around the bowl in a circle."),
    ("100.3.", f"Tournament rules ({ADDRESS}?x=hall/books/all) apply."),
    ("100.4.", "Every other keeper waits."),
    ("100.5.", f"Judges read floor notes at {ADDRESS}?x=hall/books/all before ruling."),
]


def test_a_web_address_updated_across_unrelated_rules_is_one_substitution() -> None:
    # The long address, the same in every sentence, made three unrelated
    # sentences read as copies of one: the address itself is no sign of that.
    new = [(n, t.replace(ADDRESS, NEW_ADDRESS)) for n, t in WEB]
    result = compare(doc(WEB), doc(new))
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [(ADDRESS, NEW_ADDRESS, 3)]  # as written, not lower-cased
    assert {c.new.id: c.tags for c in result.changes if c.new} == {
        "100.1": ("substitution",), "100.3": ("substitution",), "100.5": ("substitution",)
    }


def test_brackets_that_come_with_a_rewrite_go_with_it() -> None:
    # "<" came in with the new address and ">" closes it: part of the
    # rewrite, not a cosmetic edit of the rule.
    new = [(n, t.replace(f"at {ADDRESS}?x=hall/books/all", f"at <{NEW_ADDRESS}?x=hall/books/all>").replace(ADDRESS, NEW_ADDRESS))
           for n, t in WEB]
    by_new = changes_by_new(compare(doc(WEB), doc(new)))
    assert by_new["100.1"].tags == ("substitution",)
    assert by_new["100.5"].tags == ("substitution",)


def test_a_mark_added_away_from_a_clean_rewrite_is_still_cosmetic() -> None:
    # The rewrite brought no mark: a comma added elsewhere in the rule is an
    # edit of its own.
    new = [(n, t.replace(ADDRESS, NEW_ADDRESS).replace("books/all before", "books/all, before")) for n, t in WEB]
    by_new = changes_by_new(compare(doc(WEB), doc(new)))
    assert by_new["100.5"].tags == ("cosmetic", "substitution")
    assert by_new["100.1"].tags == ("substitution",)


def _list_change(old: str, new: str):  # type: ignore[no-untyped-def]
    rules = [(n, old if t.startswith("The glyph types") else t) for n, t in BASE]
    edited = [(n, new if t.startswith("The glyph types") else t) for n, t in BASE]
    return changes_by_new(compare(doc(rules), doc(edited)))["100.3"]


def test_an_item_appended_after_the_last_is_named_though_the_word_diff_cuts_it_apart() -> None:
    # The word diff aligns the old last item with the new one ("and the
    # [-lantern-]{+mirror+}") and inserts the old one before: read alone, the
    # first piece names the wrong item and the second is a rewording.
    change = _list_change(
        "The glyph types are the flame, the tide, and the lantern.",
        "The glyph types are the flame, the tide, the lantern, and the mirror.",
    )
    assert change.tags == ("list-item",) and change.items_added == ("the mirror",) and change.items_removed == ()


def test_an_item_appended_to_a_list_without_the_serial_comma_is_named() -> None:
    change = _list_change(
        "The glyph types are flame, two bright tides and a pale stone lantern.",
        "The glyph types are flame, two bright tides, a pale stone lantern and a mirror.",
    )
    assert change.tags == ("list-item",) and change.items_added == ("a mirror",) and change.items_removed == ()


def test_words_that_end_two_last_items_stay_with_them_when_the_old_last_item_is_kept() -> None:
    change = _list_change(
        "The glyph types are flames, tides, and embers in the bowl.",
        "The glyph types are flames, tides, embers in the bowl, and ashes in the bowl.",
    )
    assert change.tags == ("list-item",) and change.items_added == ("ashes in the bowl",)
    assert change.items_removed == ()


def test_an_alternative_added_inside_the_last_item_is_no_item_of_the_list() -> None:
    # "or quenched" widens the last item ("stone set alight or quenched"); read item by
    # item across both pieces, the clause's two "or"s would make "quenched" an item.
    change = _list_change(
        "The glyph types are flame, tide, or stone set alight.",
        "The glyph types are flame, tide, ash, or stone set alight or quenched.",
    )
    assert "quenched" not in change.items_added and "substantive" in change.tags


def test_a_shifted_rule_citing_a_shifted_number_is_stale_and_gets_no_hint() -> None:
    # A rule inserted first shifts every rule; one whose text was kept still cites the old
    # number of a rule two places on (not the next step): a stale reference, with the number
    # it should be. The possibly-stale hint is for added rules only.
    rules = [
        ("1", "Basics"), ("100", "General"),
        ("100.1.", "Keepers sit around the bowl in a circle of lanterns; see rule 100.4."),
        ("100.2.", "The active keeper draws a glyph."),
        ("100.3.", "A relic stays lit after it is cast."),
        ("100.4.", "Keepers sit around the bowl in a circle."),
    ]
    new = [rules[0], rules[1], ("100.1.", "A keeper may pass."),
           *[(f"100.{k + 2}.", t) for k, (_, t) in enumerate(rules[2:])]]
    changes = compare(doc(rules), doc(new)).changes
    shifted = next(c for c in changes if c.old and c.old.id == "100.1")
    assert shifted.kind is ChangeKind.RENUMBERED and shifted.new.id == "100.2"  # type: ignore[union-attr]
    assert shifted.stale == ("rule 100.4",) and shifted.stale_should_be == ("100.5",)
    assert shifted.possibly_stale == () and "stale-reference" in shifted.tags
    added = next(c for c in changes if c.kind is ChangeKind.ADDED)
    assert added.new.id == "100.1" and added.possibly_stale == ()  # type: ignore[union-attr]


@pytest.mark.parametrize("holder_first", [False, True])
def test_a_stale_reference_in_a_split_rule_is_listed_under_the_part_that_holds_it(holder_first: bool) -> None:
    # 100.1 is split in two as a rule is inserted before it; the part with the reference kept
    # "see rule 100.5", whose rule is now 100.7. The stale line names the part that holds the
    # reference, whether or not it is the part the split is reported under.
    cited = "A keeper who leaves the circle before dawn loses one lantern; see rule 100.5."
    other = "Keepers sit around the bowl in a circle of lanterns and sing the old songs of the hall every night."
    parts = [cited, other] if holder_first else [other, cited]
    rules = [("1", "Basics"), ("100", "General"), ("100.1.", " ".join(parts)),
             ("100.2.", "The active keeper draws a glyph."), ("100.3.", "A relic stays lit after it is cast."),
             ("100.4.", "A keeper may trade one glyph each turn."), ("100.5.", "Lanterns lost are put back in the box.")]
    new = [rules[0], rules[1], ("100.1.", "A keeper may pass."), ("100.2.", parts[0]), ("100.3.", parts[1]),
           *[(f"100.{k + 4}.", t) for k, (_, t) in enumerate(rules[3:])]]
    from ruldiff.outputs.jsonout import to_json

    result = compare(doc(rules), doc(new))
    split = next(c for c in result.changes if c.kind is ChangeKind.SPLIT)
    assert [r.id for r in split.news] == ["100.2", "100.3"] and split.stale == ("rule 100.5",)
    holder = "100.2" if holder_first else "100.3"
    assert to_json(result)["stale_references"] == [{"rule": holder, "references": ["rule 100.5"], "should_be": ["100.7"]}]
