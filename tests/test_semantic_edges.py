"""semantic.py at the edges of its rules (issue #18): splits forced by an
editor or found in the texts, verb agreement, rule numbers that follow each
other, reference updates, stale references, list pieces, candidate phrases,
and how substitution families are found, joined and named. Invented text
only; bench/mutation.py runs this file for the modules of the semantic pass."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from helpers import articles, doc
from test_claims import by_new, pair

from ruldiff.diff import semantic
from ruldiff.diff import substitutions
from ruldiff.diff import lists
from ruldiff.diff import cosmetic
from ruldiff.diff import moves
from ruldiff.diff import splits
from ruldiff.diff import runs
from ruldiff.diff import references
from ruldiff.diff.text import norm
from ruldiff.diff.pipeline import compare
from ruldiff.model import Change, ChangeKind, Document, Edit, MatchHow, Op, Rule, RuleKind


def _rule(rule_id: str, text: str, line: int = 0, kind: RuleKind = RuleKind.RULE) -> Rule:
    return Rule(rule_id, kind, text, line=line)


def _joined(a: str, b: str) -> tuple[Edit, ...]:
    """A stand-in for the word diff: what it was asked to compare."""
    return (Edit(Op.DELETE, a), Edit(Op.INSERT, b))


# --- splits an editor forces (overrides) ----------------------------------------

OLD_RELIC = _rule("200.2", "A relic stays in the circle. A keeper may hold five.", line=10)
NEW_STAYS = _rule("200.2", "A relic stays in the circle.", line=20)
NEW_HOLDS = _rule("200.3", "A keeper may hold five.", line=22)


def _forced(changes: list[Change], main: Rule = NEW_STAYS) -> list[Change]:
    # Parts given out of order: the split lists them as the document does.
    return splits.force_splits(changes, [(OLD_RELIC, main, (NEW_HOLDS, NEW_STAYS))], _joined)


def test_a_forced_split_replaces_the_changes_of_its_rules_where_the_first_stood() -> None:
    before = Change(ChangeKind.ADDED, None, _rule("100.1", "Draw.", line=1), ())
    changed = Change(ChangeKind.CHANGED, OLD_RELIC, NEW_STAYS, ())
    between = Change(ChangeKind.ADDED, None, _rule("100.9", "Rest.", line=21), ())
    added = Change(ChangeKind.ADDED, None, NEW_HOLDS, ())
    out = _forced([before, changed, between, added])
    assert [c.kind for c in out] == [ChangeKind.ADDED, ChangeKind.SPLIT, ChangeKind.ADDED]
    assert out[0] is before and out[2] is between
    split = out[1]
    assert (split.old, split.new, split.more, split.how) == (OLD_RELIC, NEW_STAYS, (NEW_HOLDS,), MatchHow.OVERRIDE)
    assert [r.id for r in split.news] == ["200.2", "200.3"]
    assert split.edits == _joined(OLD_RELIC.text, "A relic stays in the circle.\nA keeper may hold five.")


def test_a_forced_split_is_paired_with_the_part_the_editor_named() -> None:
    split = _forced([Change(ChangeKind.REMOVED, OLD_RELIC, None, ())], main=NEW_HOLDS)[0]
    assert (split.new, split.more) == (NEW_HOLDS, (NEW_STAYS,))


def test_a_forced_split_whose_rules_are_in_no_change_comes_last() -> None:
    other = Change(ChangeKind.CHANGED, _rule("100.1", "Draw."), _rule("100.1", "Draw two."), ())
    out = _forced([other])
    assert out[0] is other and [c.kind for c in out] == [ChangeKind.CHANGED, ChangeKind.SPLIT]


# --- verb agreement -------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, same_verb",
    [
        ("draws", "draw", True),
        ("draw", "draws,", True),  # punctuation on either side is no part of the word
        ("draws;", "draw", True),
        ("wishes", "wish", True),
        ("goes", "gx", False),  # "-es" dropped must leave the stem
        ("has", "have", True),
        ("were", "was", True),
        ("doesn’t", "don't", True),  # curly or straight, either side
        ("doesn't", "don’t", True),
        ("doesn't", "do", False),  # one negated, one not
        ("do", "doesn't", False),
        ("isn't", "aren't", True),
        ("cat", "ca", False),  # no "s" to drop
        ("us", "u", False),  # two letters are no verb and its "s"
        ("ups", "up", True),  # three are
        ("a", "an", False),
    ],
)
def test_agree(a: str, b: str, same_verb: bool) -> None:
    assert substitutions._agree(a, b) is same_verb


@pytest.mark.parametrize(
    "d, i, without",
    [
        ("he or she has", "they have", ("he or she", "they")),
        ("he has", "they have", ("he", "they")),
        ("has", "have", ("has", "have")),  # the verb alone is the whole candidate
        ("has", "they have", ("has", "they have")),
        ("he has", "have", ("he has", "have")),
        ("he draws", "they draws", ("he draws", "they draws")),  # the same verb: no agreement
        ("he draws", "they pass", ("he draws", "they pass")),
        ("draws he", "draw they", ("draws he", "draw they")),  # only the last word agrees
        ("he have has", "they have", ("he have", "they")),  # the last words, whatever comes before
        ("she has", "they has have", ("she", "they has")),
    ],
)
def test_without_agreement(d: str, i: str, without: tuple[str, str]) -> None:
    assert substitutions._without_agreement(d, i) == without


@pytest.mark.parametrize(
    "a, b, inflected",
    [
        (("enter the vault", "enter"), ("enters the vault", "enters"), True),
        (("enters the vault", "enters"), ("enters the vault", "enters"), False),  # the same candidate
        (("enter the vault", "enter"), ("enters the vault now", "enters"), False),  # not word for word
        (("enter the vault", "enter"), ("enters the vault", "leaves"), False),
    ],
)
def test_inflected(a: tuple[str, str], b: tuple[str, str], inflected: bool) -> None:
    assert substitutions._inflected(a, b) is inflected


# --- rule numbers -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, follows",
    [
        ("903.10", "903.11", True),
        ("903.10", "904.11", False),  # another parent
        ("903", "903.1", False),
        ("", "", False),
        ("714.1", "714.a", False),  # a number, then a letter
        ("714.a", "714.1", False),
        ("1.10", "1.b", False),
        ("1.ab", "1.ac", False),  # letters, but not one each
        ("1.ab", "1.c", False),
        ("704.5s", "704.5t", True),
        ("704.5k", "704.5m", True),  # l is skipped
        ("704.5n", "704.5p", True),  # o too
        ("704.5a", "704.5c", False),  # b is not
        ("1.W", "1.Y", False),
    ],
)
def test_follows(a: str, b: str, follows: bool) -> None:
    assert references._follows(a, b) is follows


@pytest.mark.parametrize(
    "rule_id, last",
    [
        ("903.13a", ("903.13", "a")),
        ("103.1.b", ("103.1", "b")),
        ("12.3(b)", ("12.3", "b")),
        ("714", None),
        ("", None),
        ("A1", ("A", "1")),
        ("IX.2", ("IX", "2")),  # a roman numeral keeps its X
    ],
)
def test_split_last(rule_id: str, last: tuple[str, str] | None) -> None:
    assert references.split_last(rule_id) == last


@pytest.mark.parametrize(
    "rule_id, parent, child",
    [("102.4a", "102.4", True), ("102.4a", "102", False), ("102", "102", False), ("102.4a", "a", False)],
)
def test_is_child(rule_id: str, parent: str, child: bool) -> None:
    assert references._is_child(rule_id, parent) is child


@pytest.mark.parametrize(
    "text, id_map, mapped",
    [
        ("rules 601.2e–g and 702.1", {"601.2e": "601.2f", "601.2g": "601.2h", "702.1": "702.2"},
         "rules 601.2f–h and 702.2"),
        ("rule 702.1 and 702.9", {"702.1": "702.2"}, "rule 702.2 and 702.9"),  # a number not moved stays
        ("rules 601.2e–g", {}, "rules 601.2e–g"),
        ("rules 601.2e–g", {"601.2e": "601.2f"}, "rules 601.2f–g"),  # only the first end moved
        ("rules 601.2e–g", {"601.2g": "601.2h"}, "rules 601.2e–h"),
        # The ends under two parents now: the first end mapped, the rest as written.
        ("rules 601.2e–g", {"601.2e": "602.1a", "601.2g": "602.2b"}, "rules 602.1a–g"),
        ("rules 601.2e–g", {"601.2e": "601.3", "601.2g": "601.4"}, "rules 601.3–g"),  # no letters left
        ("rules 601.2e–g", {"601.2e": "601.2f", "601.2g": "601.20"}, "rules 601.2f–g"),
        ("rules 601.2e–g", {"601.2g": "601.20"}, "rules 601.2e–g"),
    ],
)
def test_map_numbers(text: str, id_map: dict[str, str], mapped: str) -> None:
    assert references.map_numbers(text, id_map) == mapped


def test_containers_are_the_headings_rules_sit_under_not_their_number_prefixes() -> None:
    # A rule under a rule sits under that rule's heading; a heading under a
    # section sits under the section; a top-level rule's sub-items under it.
    doc = Document("d", "T", None, "p", (
        Rule("1", RuleKind.SECTION, "Basics"), Rule("714", RuleKind.HEADING, "Tokens", parent="1"),
        Rule("714.1", RuleKind.RULE, "X.", parent="714"), Rule("714.1a", RuleKind.RULE, "Y.", parent="714.1"),
        Rule("II", RuleKind.SECTION, "Members"), Rule("7", RuleKind.RULE, "Dues.", parent="II"),
        Rule("Rule 3", RuleKind.RULE, "Play."), Rule("Rule 3(a)", RuleKind.RULE, "Fair.", parent="Rule 3"),
        Rule("Rule 3(a)(i)", RuleKind.RULE, "Very.", parent="Rule 3(a)"),
    ))
    assert moves.containers(doc) == {
        "714": "1", "714.1": "714", "714.1a": "714", "7": "II", "Rule 3(a)": "Rule 3", "Rule 3(a)(i)": "Rule 3",
    }


# --- reference updates ----------------------------------------------------------------

RANGE_MAP = {"601.2g": "601.2h", "601.2y": "601.2z", "601.2z": "601.2y", "601.2a": "601.2b",
             "601.2b": "601.2a", "601.2B": "601.2c", "601.2Y": "601.2z", "601.2x": "601.2Y", "601.2c": "601.2B",
             "702.1": "702.2"}


@pytest.mark.parametrize(
    "deleted, inserted, before, update",
    [
        ("g", "h", "Follow 601.2a–", True),  # the end of a range of subrules, one letter
        ("y", "z", "Follow 601.2a–", True),
        ("z", "y", "Follow 601.2a–", True),
        ("a", "b", "Follow 601.2a–", True),
        ("b", "a", "Follow 601.2a–", True),
        ("g", "h", "Follow 601.2a and ", False),  # no range before it
        ("B", "c", "Follow 601.2a–", False),  # a capital is no subrule letter
        ("Y", "z", "Follow 601.2a–", False),
        ("x", "Y", "Follow 601.2a–", False),
        ("c", "B", "Follow 601.2a–", False),
        ("702.1", "702.2", "See rule ", True),
        ("702.1", "702.9", "See rule ", False),  # not where 702.1 went
        ("rule 702.1", "section 702.2", "See ", False),  # the number follows, the words do not
        ("702.5", "702.6", "See rule ", False),  # 702.5 did not move
        ("two", "three", "Draw ", False),
    ],
)
def test_is_reference_update(deleted: str, inserted: str, before: str, update: bool) -> None:
    assert references.is_reference_update(deleted, inserted, before, RANGE_MAP) is update


# --- stale references ----------------------------------------------------------------------


def _refs(id_map: dict[str, str], new_ids: set[str], old_texts: dict[str, str] | None = None,
          new_texts: dict[str, str] | None = None) -> references.References:
    return references.References(id_map, new_ids, None, "Test Game Rules", old_texts or {}, new_texts or {})


def _stale(refs: references.References, text: str, own: str = "100.1") -> tuple[tuple[str, ...], tuple[str, ...]]:
    return refs.stale(text, references.reference_spans(text), own, lambda s, t: True)


def test_a_reference_to_no_rule_is_stale_once_with_no_suggestion() -> None:
    refs = _refs({}, {"100.1", "100.2"})
    assert _stale(refs, "See rule 100.9, then rule 100.9 again.") == (("rule 100.9",), ("",))
    assert _stale(refs, "See rule 100.1 and rule 100.9.") == (("rule 100.9",), ("",))  # its own number aside
    assert _stale(refs, "See rule 100.2 and rule 100.9.") == (("rule 100.9",), ("",))
    assert _stale(_refs({}, set()), "See rule 100.1.") == ((), ())  # a rule's own number is never stale


def test_a_reference_to_a_rule_gone_elsewhere_suggests_where() -> None:
    refs = _refs({"100.3": "100.4"}, {"100.4"})
    assert _stale(refs, "See rule 100.3.") == (("rule 100.3",), ("100.4",))
    # Only a rule of the new document is suggested.
    assert _stale(_refs({"100.3": "100.9"}, {"100.4"}), "See rule 100.3.") == (("rule 100.3",), ("",))


def test_a_kept_reference_to_a_renumbered_rule_is_stale() -> None:
    refs = _refs({"100.3": "100.4"}, {"100.3", "100.4"})
    assert _stale(refs, "See 100.3 first.") == (("100.3",), ("100.4",))
    assert _stale(_refs({"100.3": "100.4"}, {"100.2", "100.3", "100.4"}), "See 100.2–100.3 first.") == ((), ())  # a range's end
    # Written by the release (not kept): as the editors meant it.
    assert refs.stale("See 100.3.", references.reference_spans("See 100.3."), "100.1", lambda s, t: False) == ((), ())
    assert _stale(_refs({}, {"100.3"}), "See 100.3 first.") == ((), ())  # not renumbered


def test_a_kept_reference_to_a_number_that_still_holds_its_rule_or_its_text_is_not_stale() -> None:
    moved = {"100.3": "100.4"}
    same = _refs(moved, {"100.3", "100.4"}, {"100.3": "Spells"}, {"100.3": "Spells on the stack"})
    assert _stale(same, "See rule 100.3.") == ((), ())
    child = _refs({"102.4": "102.4a"}, {"102.4", "102.4a"})
    assert _stale(child, "See rule 102.4.") == ((), ())  # its text went down into 102.4a


@pytest.mark.parametrize(
    "old, new, same",
    [
        ("Spells", "Spells on the stack", True),
        ("Spells", "Spells on the stack of a keeper", True),  # all its words, however few of the new
        ("Lands", "Land", True),  # plural or not, either side
        ("Land", "Lands", True),
        ("alpha beta gamma delta", "alpha beta gamma eps zeta eta", True),  # 0.6
        ("alpha beta gamma delta", "alpha beta gamma eps zeta eta iota", False),
        ("Spells", None, False),
        (None, "Spells", False),
        ("", "Spells", False),
    ],
)
def test_same_content(old: str | None, new: str | None, same: bool) -> None:
    refs = _refs({}, set(), {"1": old} if old is not None else {}, {"1": new} if new is not None else {})
    assert refs.same_content("1") is same


@pytest.mark.parametrize(
    "text, printed, other",
    [
        ("CR 184.6 says so.", "184.6", True),  # an abbreviation at the very start
        ("TGR 184.6 says so.", "184.6", False),  # this document's own initials
        ("See rule 5.1 Rules apply.", "rule 5.1", False),
        ("Core Rules" + " " * 190 + "rule 5.1", "rule 5.1", True),  # a name 200 characters back
        ("Core Rules" + " " * 191 + "rule 5.1", "rule 5.1", False),  # 201
        ("See rule 5.1 of the Core Rules.", "rule 5.1", True),
        ("See rule 5.1 of the Test Game Rules.", "rule 5.1", False),
    ],
)
def test_other_document(text: str, printed: str, other: bool) -> None:
    assert _refs({}, set()).other_document(text, text.index(printed)) is other


# --- punctuation beside a rewording ---------------------------------------------------------


def _punctuation(deleted: str, inserted: str, at: int, before: str = "", after: str = "") -> runs.Run:
    return runs.Run(deleted, inserted, before, after, "cosmetic", "", "", at)


NO_STOP = "y" * 100
STOP_AT_45 = "x" * 45 + ". " + "y" * 53  # a sentence ends 55 characters back


@pytest.mark.parametrize(
    "p, reworded, goes",
    [
        # A mark replaced by another goes with a rewording right beside it (12 characters)...
        (_punctuation('"', "“", 30), [(43, 50)], True),
        (_punctuation('"', "“", 30), [(44, 50)], False),
        (_punctuation('"', "“", 30), [(10, 18)], True),
        (_punctuation('"', "“", 30), [(10, 17)], False),
        # ...never further, even in its sentence.
        (_punctuation('"', "“", 30, NO_STOP, NO_STOP), [(100, 110)], False),
        # A mark only dropped or added goes with a rewording in its sentence.
        (_punctuation(",", "", 10, after="y" * 30), [(40, 45)], True),
        (_punctuation("", ",", 10, after="y" * 30), [(41, 45)], True),
        (_punctuation(",", "", 10, after="y" * 30), [(41, 45)], False),  # past the text after it
        (_punctuation(",", "", 10, after="y" * 20), [(100, 105)], False),
        (_punctuation(",", "", 10, before=STOP_AT_45, after="y" * 50), [(40, 45)], True),
        (_punctuation(",", "", 10, after="y. " * 20), [(40, 45)], False),  # another sentence
        (_punctuation(",", "", 60, before=NO_STOP[:40]), [(10, 20)], True),
        (_punctuation(",", "", 60, before=STOP_AT_45), [(10, 20)], True),
        (_punctuation(",", "", 60, before=STOP_AT_45), [(0, 2)], False),
        (_punctuation(",", "", 60, before=NO_STOP[:39]), [(10, 20)], False),  # before the text before it
        (_punctuation(",", "", 60, before=NO_STOP[:10]), [(10, 20)], False),
        (_punctuation(",", "", 60), [], False),
    ],
)
def test_goes_with(p: runs.Run, reworded: list[tuple[int, int]], goes: bool) -> None:
    assert cosmetic.goes_with(p, reworded) is goes


# --- substitution families, as printed ----------------------------------------------------


def _families(*old_new: tuple[str, str]) -> list[tuple[str, str, int, tuple[str, ...], tuple[tuple[str, str, int], ...]]]:
    result = pair([o for o, _ in old_new], [n for _, n in old_new])
    return [(s.old, s.new, s.count, s.rules, s.variants) for s in result.substitutions]


def test_two_unrelated_rewrites_are_two_families_the_larger_first() -> None:
    assert _families(
        ("The relic glows at dusk.", "The ember glows at dusk."), ("Each relic hums softly.", "Each ember hums softly."),
        ("Shuffle every relic.", "Shuffle every ember."), ("A keeper draws first.", "A warden draws first."),
        ("The keeper passes last.", "The warden passes last."), ("Every keeper rests.", "Every warden rests."),
        ("Another keeper waits.", "Another warden waits."),
    ) == [
        ("keeper", "warden", 4, ("100.4", "100.5", "100.6", "100.7"), ()),
        ("relic", "ember", 3, ("100.1", "100.2", "100.3"), ()),
    ]


def test_new_phrases_spelled_alike_do_not_make_one_family_of_unrelated_old_ones() -> None:
    assert _families(
        ("The ash glows.", "The flame glows."), ("Each ash hums.", "Each flame hums."),
        ("The tide rises.", "The flames rises."), ("Each tide falls.", "Each flames falls."),
    ) == [("ash", "flame", 2, ("100.1", "100.2"), ()), ("tide", "flames", 2, ("100.3", "100.4"), ())]


def test_two_old_phrases_replaced_by_one_new_phrase_are_one_family_named_once() -> None:
    assert _families(
        ("The general draws.", "The commander draws."), ("A general passes.", "A commander passes."),
        ("Each edh game ends.", "Each commander game ends."), ("No edh deck shuffles.", "No commander deck shuffles."),
    ) == [("edh / general", "commander", 4, ("100.1", "100.2", "100.3", "100.4"), ())]


def test_one_old_phrase_replaced_two_ways_is_named_by_its_most_frequent_new_phrase() -> None:
    assert _families(
        ("The warden draws.", "The guard draws."), ("A warden passes.", "A guard passes."),
        ("Each warden rests.", "Each guard rests."), ("No warden sings.", "No sentry sings."),
        ("Any warden hums.", "Any sentry hums."),
    ) == [("warden", "guard", 5, ("100.1", "100.2", "100.3", "100.4", "100.5"), (("warden", "sentry", 2),))]


def test_forms_spelled_alike_on_both_sides_are_one_family_though_never_in_one_rule() -> None:
    assert _families(
        ("The keeper shuffles himself or herself.", "The keeper shuffles themselves."),
        ("A warden counts himself or herself twice.", "A warden counts themselves twice."),
        ("Give him or her a glyph.", "Give them a glyph."), ("Show him or her the vault.", "Show them the vault."),
    ) == [("him or her / himself or herself", "them / themselves", 4, ("100.1", "100.2", "100.3", "100.4"), ())]


@pytest.mark.parametrize("together_first", [True, False])
def test_phrases_replaced_in_one_edit_are_two_families(together_first: bool) -> None:
    # Two rewrites that land in one edit are still two rewrites (#27).
    together = ("The ash and tide glow.", "The flame and wave glow.")
    apart = [("Each ash hums.", "Each flame hums."), ("Any ash rests.", "Any flame rests."),
             ("The tide rises.", "The wave rises."), ("Each tide falls.", "Each wave falls.")]
    pairs = [together, *apart] if together_first else [*apart, together]
    assert [(s[0], s[1], s[2], len(s[3])) for s in _families(*pairs)] == [("ash", "flame", 3, 3), ("tide", "wave", 3, 3)]


def test_a_phrase_is_found_alone_before_the_phrase_with_its_neighbour_word() -> None:
    # "a relic" -> "a ember" holds the same runs; the phrase itself is named.
    assert _families(("Tap a relic now.", "Tap a ember now."), ("Turn a relic over.", "Turn a ember over."),
                     ("Hide a relic well.", "Hide a ember well.")) == [
        ("relic", "ember", 3, ("100.1", "100.2", "100.3"), ())
    ]
    # The phrase in more rules comes first, whatever the alphabet says.
    assert _families(("Tap a relic now.", "Tap a ember now."), ("Turn a relic over.", "Turn a ember over."),
                     ("Hide the relic well.", "Hide the ember well.")) == [
        ("relic", "ember", 3, ("100.1", "100.2", "100.3"), ())
    ]


# A phrase deleted beside its neighbour word, with a word inserted on the
# other side of it ("to{+ any+} seal{- rune or keeper-}"): issue #27.
CUT = ["The lamp deals 1 spark to {}.", "A warden sends a glyph to {} at dusk.",
       "Each bell points to {} twice.", "Shuffle, then look to {} below the bowl."]


def test_a_phrase_cut_short_takes_the_run_beyond_its_neighbour_word() -> None:
    old, new = [t.format("seal rune or keeper") for t in CUT], [t.format("any seal") for t in CUT]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [("seal rune or keeper", "any seal", 4)]
    # With no run beyond the neighbour word, the phrase is as before.
    bare = [t.format("seal") for t in CUT]
    assert [(s.old, s.new, s.count) for s in pair(old, bare).substitutions] == [("seal rune or keeper", "seal", 4)]


def test_a_phrase_cut_short_in_most_of_its_runs_only_is_not_named() -> None:
    # Three runs insert "any" before "seal", one "the": no one phrase is right.
    old = [t.format("seal rune or keeper") for t in CUT]
    new = [t.format("any seal") for t in CUT[:3]] + [CUT[3].format("the seal")]
    result = pair(old, new)
    assert result.substitutions == ()
    assert all("substitution" in c.tags for c in result.changes)  # the runs are tagged as before
    # One run in four inserts a word: the phrase is right for most, and named as before.
    new = [t.format("seal") for t in CUT[:3]] + [CUT[3].format("any seal")]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [("seal rune or keeper", "seal", 4)]


def test_a_phrase_cut_short_is_one_rewrite_with_the_piece_beyond_its_neighbour_word() -> None:
    # "to{+ any+} seal{- rune or keeper-}": the "any" is the rewrite's too, not an
    # edit of its own (#27 item 2); a mark added elsewhere in the rule is cosmetic.
    old, new = [t.format("seal rune or keeper") for t in CUT], [t.format("any seal") for t in CUT]
    assert [c.tags for c in pair(old, new).changes] == [("substitution",)] * 4
    old[3] += " Then wait"
    new[3] += " Then wait."
    assert by_new(pair(old, new))["100.4"].tags == ("cosmetic", "substitution")
    # The whole form, seen in two runs or more, explains a run that makes it in one piece.
    old.append("Name seal rune or keeper")
    new.append("Name any seal.")
    result = pair(old, new)
    assert by_new(result)["100.5"].tags == ("substitution",)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("seal rune or keeper", "any seal", 5)]
    # A word inserted beside an edit the family does not explain is no piece of it.
    old.append("The bowl names seal rune or keeper once.")
    new.append("The bowl names any seal twice.")
    assert "substantive" in by_new(pair(old, new))["100.6"].tags


def test_a_run_holding_a_whole_cut_phrase_and_another_rewrite_is_both_rewrites() -> None:
    # "[-lantern to seal rune or keeper-]{+urn to any seal+}": the word diff
    # made one run of two rewrites, each made elsewhere too; the whole form
    # of the cut phrase explains its part and the family "lantern" -> "urn"
    # the rest, so the rule is a substitution, not a substantive edit.
    old, new = [t.format("seal rune or keeper") for t in CUT], [t.format("any seal") for t in CUT]
    old += ["Name seal rune or keeper", "Hide the lantern well.", "Wash the lantern at dusk.", "Carry the lantern north."]
    new += ["Name any seal.", "Hide the urn well.", "Wash the urn at dusk.", "Carry the urn north."]
    old.append("Lift the lantern to seal rune or keeper")
    new.append("Lift the urn to any seal")
    result = pair(old, new)
    assert by_new(result)["100.9"].tags == ("substitution",)
    rules = {s.old: s.rules for s in result.substitutions}
    assert "100.9" in rules["seal rune or keeper"] and "100.9" in rules["lantern"]
    # One phrase the run makes that no family explains, and it is substantive.
    old[-1], new[-1] = "Lift the lantern to seal rune or keeper", "Drop the urn to any seal"
    assert "substantive" in by_new(pair(old, new))["100.9"].tags


# "the warden(s)" -> "staff" in four rules, "a warden" -> "staff" in three,
# while three rules keep "a warden" where it still means one warden.
WARDEN_OLD = ["Only the warden rings the bell.", "Hide the key where the warden sleeps.", "The wardens meet at dusk.",
              "The wardens keep the ledger.", "Wake a warden at dawn.", "Ask a warden for the lamp.", "Send a warden home.",
              "A warden of the north holds the seal.", "A warden of the south holds the key.", "A warden of the east holds the book."]
WARDEN_NEW = ["Only staff rings the bell.", "Hide the key where staff sleeps.", "Staff meet at dusk.",
              "Staff keep the ledger.", "Wake staff at dawn.", "Ask staff for the lamp.", "Send staff home.", *WARDEN_OLD[7:]]


def test_a_form_kept_as_often_as_replaced_is_taken_with_its_family_in_enough_rules() -> None:
    # "a warden" -> "staff" alone replaced the phrase as often as the release
    # kept it: two local edits, maybe. With "the warden(s)" -> "staff", one
    # rewrite in seven rules, which may keep its old phrase where it still
    # means what it says.
    result = pair(WARDEN_OLD, WARDEN_NEW)
    assert [c.tags for c in result.changes] == [("substitution",)] * 7
    [family] = result.substitutions
    assert family.new == "staff" and "a warden" in family.old.split(" / ") and len(family.rules) == 7
    # In fewer rules than a rewrite may keep its old phrase in, the form is left alone.
    keep = [0, 2, 4, 5, 6, 7, 8, 9]
    result = pair([WARDEN_OLD[k] for k in keep], [WARDEN_NEW[k] for k in keep])
    assert by_new(result)["100.3"].tags == ("substantive",)
    # Nor is a form whose old words are not the family's but for an article ("a
    # keeper" -> "staff"): another rewrite, kept as often as it was made.
    old = [t.replace("a warden", "a keeper").replace("A warden", "A keeper") if k >= 4 else t for k, t in enumerate(WARDEN_OLD)]
    new = [*WARDEN_NEW[:7], *old[7:]]
    assert by_new(pair(old, new))["100.5"].tags == ("substantive",)


def test_a_bracket_moved_as_its_sentence_was_reworded_goes_with_the_rewording() -> None:
    # gap-s28 pair 0, 214.8e -> 212.4f: the opening bracket now opens the
    # sentence before the reworded reference; the bracket moved with the
    # rewording, no cosmetic edit of its own (the reader's label).
    old = ['The lamp fails at dusk. This is a rule of state. (See rule 100.2, "Lamps.")', "Lamps."]
    new = ["The lamp fails at dusk. (This is a rule of state. See rule 100.2.)", "Lamps."]
    assert by_new(pair(old, new))["100.1"].tags == ("substantive",)
    # A bracket put around kept words, nothing reworded, is still cosmetic.
    old = ["The lamp fails at dusk. This is a rule of state.", "Lamps."]
    new = ["The lamp fails at dusk. (This is a rule of state.)", "Lamps."]
    assert by_new(pair(old, new))["100.1"].tags == ("cosmetic",)


def test_an_insertion_before_a_word_that_ends_its_clause_is_found_with_it() -> None:
    # "the{+ Honorary+} Secretary, the Treasurer" / "by the{+ Honorary+}
    # Secretary.": the word after an insertion is its neighbour though a mark
    # closes its clause (a club constitution written in session 18: four
    # rules, two with the word before a comma or a full stop). A replacement
    # takes no such neighbour: "relic now." stays "relic" (test_candidates).
    old = ["Apply to the Secretary in writing.", "The Committee is the Chair, the Secretary, and two members.",
           "Notice is given by the Secretary.", "The Secretary gives notice of every meeting."]
    new = [t.replace("Secretary", "Honorary Secretary") for t in old]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("Secretary", "Honorary Secretary", 4)]
    assert [c.tags for c in result.changes] == [("substitution",)] * 4


PLURAL_OLD = ["Tap the lantern at dusk.", "Hide a lantern under the bowl.", "Shuffle the lantern into the vault.",
              "A keeper may hold a lantern.", "Two lanterns glow in the dark.", "All lanterns hum.",
              "Old lanterns and broken lanterns are lanterns all the same. Each lantern is a lantern, one lantern."]
PLURAL_NEW = ["Tap the urn at dusk.", "Hide an urn under the bowl.", "Shuffle the urn into the vault.",
              "A keeper may hold an urn.", "Two urns glow in the dark.", "All urns hum.", PLURAL_OLD[-1]]


def test_a_family_takes_its_noun_in_the_plural_after_a_number_word_only() -> None:
    # "the lantern" / "a lantern" -> "the urn" / "an urn", one family: "Two
    # lanterns" -> "Two urns" is the same rewrite (#27 item 7); "All lanterns"
    # -> "All urns" may name more than the family renamed (lanterns are still
    # a thing): not taken.
    result = pair(PLURAL_OLD, PLURAL_NEW)
    tags = {c.new.id: c.tags for c in result.changes if c.new}
    assert tags["100.5"] == ("substitution",)
    assert tags["100.6"] == ("substantive",)
    [family] = result.substitutions
    assert family.count == 5 and "100.5" in family.rules and "100.6" not in family.rules
    # Without a form after "a" (two forms after "the"), a number word is no plural of the family.
    keep = [0, 2, 4, 6]
    result = pair([PLURAL_OLD[k] for k in keep] + ["Take the lantern away."], [PLURAL_NEW[k] for k in keep] + ["Take the urn away."])
    assert by_new(result)["100.3"].tags == ("substantive",)



@pytest.mark.parametrize(
    ("word", "taken"),
    [*((w, True) for w in ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Both")),
     ("Many", False)],  # no number: it may name more than the family renamed, as "All" may
)
def test_every_number_word_up_to_ten_takes_the_family_noun_in_the_plural(word: str, taken: bool) -> None:
    old, new = list(PLURAL_OLD), list(PLURAL_NEW)
    old[4], new[4] = f"{word} lanterns glow in the dark.", f"{word} urns glow in the dark."
    result = pair(old, new)
    assert by_new(result)["100.5"].tags == (("substitution",) if taken else ("substantive",))
    [family] = result.substitutions
    assert (f"{word} lanterns" in family.old.split(" / ")) is taken

# How often a release may keep the old phrase: less often than it replaced it
# in fewer than five rules, twice as often in five or more.
DISTINCT = [
    "The {} glows at dusk.", "Each {} hums softly in the dark.", "Shuffle every {} before the round.",
    "A keeper may hide one {} under the bowl.", "No warden touches a {} twice.",
]


@pytest.mark.parametrize(
    "replaced, kept, new_uses, found",
    [
        (5, 10, 0, True),
        (5, 7, 0, True),
        (5, 11, 0, False),
        (2, 1, 0, True),
        (2, 2, 0, False),
        (2, 3, 0, False),
        # New rules that use the old phrase are no evidence against the rewrite:
        # what the old document kept is judged instead.
        (5, 4, 12, True),
    ],
)
def test_how_often_a_rewrite_may_keep_the_old_phrase(replaced: int, kept: int, new_uses: int, found: bool) -> None:
    keep = [f"A relic sits in vault {k} alone." for k in range(kept)]
    old = [t.format("relic") for t in DISTINCT[:replaced]] + keep
    new = [t.format("ember") for t in DISTINCT[:replaced]] + keep + [f"A relic of shelf {k} is new." for k in range(new_uses)]
    expected = [("relic", "ember", replaced)] if found else []
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == expected


def test_the_new_phrase_already_in_the_document_is_no_evidence_for_a_rewrite() -> None:
    keep = [f"A relic sits in vault {k} alone." for k in range(3)] + ["An ember burns.", "Any ember burns.", "Each ember burns."]
    old = [t.format("relic") for t in DISTINCT[:2]] + keep
    new = [t.format("ember") for t in DISTINCT[:2]] + keep
    assert pair(old, new).substitutions == ()


@pytest.mark.parametrize("kept, found", [(1, True), (3, True), (4, False)])
def test_a_grown_phrase_holds_the_old_one_which_is_not_kept_for_that(kept: int, found: bool) -> None:
    # Each "transforming double-faced" holds "double-faced": those are not kept uses.
    keep = [f"Each double-faced lamp {k} stays." for k in range(kept)]
    old = [t.format("double-faced relic") for t in DISTINCT[:3]] + keep
    new = [t.format("transforming double-faced relic") for t in DISTINCT[:3]] + keep
    expected = [("double-faced", "transforming double-faced", 3)] if found else []
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == expected


TYPE_OLD, TYPE_NEW = "Imprint lets a keeper hold a glyph of that type aside.", "Imprint lets a keeper hold a glyph with that quality aside."
IMPRINT_OLD = [("Imprint", "A keeper may hold a glyph of that type aside. See rule 100.1.")]
IMPRINT_NEW = [("Imprint", "A keeper may hold a glyph with that quality aside. See rule 100.1.")]


def _with_glossary(old: list[str], new: list[str]):  # type: ignore[no-untyped-def]
    def rules(texts: list[str]) -> list[tuple[str, str]]:
        return [("1", "Basics"), ("100", "General")] + [(f"100.{k}", t) for k, t in enumerate(texts, 1)]

    return compare(doc(rules(old), glossary=IMPRINT_OLD), doc(rules(new), glossary=IMPRINT_NEW))


def test_a_rewrite_in_two_rules_and_a_glossary_entry_is_a_rewrite() -> None:
    result = _with_glossary([TYPE_OLD, "Wardens keep every glyph of that type in the vault.", "Draw."],
                            [TYPE_NEW, "Wardens keep every glyph with that quality in the vault.", "Draw."])
    assert [(s.old, s.new, s.count, s.rules) for s in result.substitutions] == [
        ("of that type", "with that quality", 3, ("100.1", "100.2", "glossary:Imprint"))
    ]


def test_an_edit_echoed_in_its_glossary_entry_or_copied_hides_no_real_rewrite() -> None:
    zone = (["The zone is red.", "Each zone is blue."], ["The area is red.", "Each area is blue."])
    result = _with_glossary([TYPE_OLD, *zone[0]], [TYPE_NEW, *zone[1]])
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("zone", "area", 2)]
    copied = pair([TYPE_OLD, TYPE_OLD.replace(".", "!"), *zone[0]], [TYPE_NEW, TYPE_NEW.replace(".", "!"), *zone[1]])
    assert [(s.old, s.new, s.count) for s in copied.substitutions] == [("zone", "area", 2)]


# --- tags of a change -----------------------------------------------------------------------


def _tags(old: list[str], new: list[str]) -> dict[str, tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    return {(c.new or c.old).id: (c.kind.value, c.tags, c.items_added, c.items_removed)
            for c in pair(old, new).changes}


RELIC = [("Each relic hums softly.", "Each ember hums softly.")]  # a rewrite in two rules, with the one below


@pytest.mark.parametrize(
    "old, new, tags",
    [
        # A restyled quote before the rewrite; a real edit before it.
        ('Say "go" to the relic.', "Say “go” to the ember.", ("cosmetic", "substitution")),
        ("The keeper draws one glyph, then the relic rests.", "The keeper draws two glyphs, then the ember rests.",
         ("substantive", "substitution")),
    ],
)
def test_each_run_of_a_change_is_read_after_one_that_is_something_else(old: str, new: str, tags: tuple[str, ...]) -> None:
    result = _tags([old, *(o for o, _ in RELIC)], [new, *(n for _, n in RELIC)])
    assert result["100.1"] == ("changed", tags, (), ())


@pytest.mark.parametrize(
    "old, new, rule_id, change",
    [
        # An item that only moved in its list: neither added nor removed, a rewording.
        (["The glyph types are flame, tide, stone, and gale."], ["The glyph types are tide, stone, flame, and gale."],
         "100.1", ("changed", ("substantive",), (), ())),
        # Added and removed rules are substantive, whatever their text looks like.
        (["Rest."], ["Rest.", "Ash, bell, and key."], "100.2", ("added", ("substantive",), (), ())),
        (["Rest.", "Ash, bell, and key."], ["Rest."], "100.2", ("removed", ("substantive",), (), ())),
        # Punctuation alone, restyled or changed.
        (['Say "go" now.', "Rest."], ["Say “go” now.", "Rest."], "100.1", ("changed", ("cosmetic",), (), ())),
        (["Say go; then rest.", "Rest."], ["Say go, then rest.", "Rest."], "100.1", ("changed", ("cosmetic",), (), ())),
    ],
)
def test_tags_of_a_change(
    old: list[str], new: list[str], rule_id: str, change: tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
) -> None:
    assert _tags(old, new)[rule_id] == change


PRONOUN_OLD = ["The keeper shuffles, then he or she may draw a glyph.", "If he or she can pass, the keeper loses.",
               "A keeper who passes waits until he or she must draw."]
PRONOUN_NEW = ["The keeper shuffles, then they may draw a glyph.", "If they can pass, the keeper loses.",
               "A keeper who passes waits until they must draw."]
LONG_TAIL = " twice, shuffles the vault, counts every glyph, and passes the bowl to the left."


def test_a_rewrite_and_a_reference_update_in_one_edit_are_both() -> None:
    old = PRONOUN_OLD + ["Then he or she reads 100.5" + LONG_TAIL, "Draw the glyph of the vault."]
    new = PRONOUN_NEW + ["A new rule.", "Then they read 100.6" + LONG_TAIL, "Draw the glyph of the vault."]
    result = pair(old, new)
    assert by_new(result)["100.5"].tags == ("cross-reference", "substitution")
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("he or she", "they", 4)]


def test_a_part_of_a_split_is_read_with_the_change_not_as_an_unchanged_rule() -> None:
    # 100.3's second sentence went into a rule of its own, 100.4 (a split),
    # its reference updated from "rule 100.5" to "rule 100.6", the number the
    # split gave the rule it cites. Read as an unchanged rule, "rule 100.6"
    # (old 100.6 is now 100.7) would be flagged stale though the release
    # wrote it.
    old = ["Draw.", "Pass the bowl.", "A lantern left dark at dawn is out. Keepers light lanterns at dusk (see rule 100.5).",
           "Rest.", "Dusk falls when the bell rings.", "Costs are paid in embers."]
    new = ["Draw.", "Pass the bowl.", "A lantern left dark at dawn is out.", "Keepers light lanterns at dusk (see rule 100.6).",
           "Rest.", "Dusk falls when the bell rings.", "Costs are paid in embers."]
    result = pair(old, new)
    assert [(c.kind, [r.id for r in c.news]) for c in result.changes if c.kind is ChangeKind.SPLIT] == [
        (ChangeKind.SPLIT, ["100.3", "100.4"])
    ]
    assert result.stale == ()


def test_stale_references_are_listed_in_document_order_changed_rules_or_not() -> None:
    old = ["See rule 100.3.", "Draw.", "Pass.", "Rest.", "Then see rule 100.3."]
    new = ["See rule 100.3 now.", "A new rule.", "Draw.", "Pass.", "Rest.", "Then see rule 100.3."]
    assert pair(old, new).stale == (("100.1", ("rule 100.3",), ("100.4",)), ("100.6", ("rule 100.3",), ("100.4",)))
    # 100.10, unchanged, after 100.9, changed: in the order of the document, not of the numbers as text.
    fill = ["Wardens sing at noon.", "Lamps dim at night.", "Bells ring twice.", "Tokens rest in the bowl.",
            "Embers fade slowly.", "Keys turn left."]
    old = ["Draw.", "Pass the bowl.", *fill, "See rule 100.2 now.", "Then see rule 100.2."]
    new = ["Draw.", "A new rule.", "Pass the bowl.", *fill[:5], "See rule 100.2 then.", "Then see rule 100.2."]
    assert pair(old, new).stale == (("100.9", ("rule 100.2",), ("100.3",)), ("100.10", ("rule 100.2",), ("100.3",)))


# --- the pieces a run is read from -----------------------------------------------------------


def test_runs_gather_consecutive_edits_with_their_place_in_the_new_text() -> None:
    assert runs.runs((Edit(Op.DELETE, "One"), Edit(Op.INSERT, "Two"), Edit(Op.EQUAL, " keeper draws.")), {}) == [
        runs.Run("One", "Two", "", " keeper draws.", "", "one", "two", 0)
    ]
    edits = (Edit(Op.EQUAL, "The "), Edit(Op.DELETE, "one "), Edit(Op.DELETE, "keeper"), Edit(Op.INSERT, "two "),
             Edit(Op.INSERT, "wardens"), Edit(Op.EQUAL, " draw."))
    assert runs.runs(edits, {}) == [
        runs.Run("one keeper", "two wardens", "The ", " draw.", "", "one keeper", "two wardens", 4)
    ]


@pytest.mark.parametrize(
    "deleted, inserted, before, after, plain",
    [
        ("R", "TM", "_Ravnica_(", ") and more", "cosmetic"),  # "(R)" -> "(TM)", read as the whole word
        ("R", "TM", "", ") and more", ""),
        ("a", "b", "x", "y", ""),
        ("702.1", "702.2", "See rule ", ".", "cross-reference"),
        ("702.1", "702.2.", "See rule ", "", "cosmetic cross-reference"),
    ],
)
def test_plain(deleted: str, inserted: str, before: str, after: str, plain: str) -> None:
    assert runs._plain(deleted, inserted, before, after, RANGE_MAP) == plain


ARTICLE = re.compile(r"\bArticle (?P<id>[A-Z]\d+)")
ART = re.compile(r"\bArt\. (?P<id>\d+)")


@pytest.mark.parametrize(
    "deleted, inserted, before, after, id_map, syntax, update",
    [
        ("A2", "A3", "As in Article ", ", pass.", {"A2": "A3"}, ARTICLE, True),
        ("A2", "A3", "As in Article ", ", pass.", {}, ARTICLE, False),  # A2 did not move
        ("A2 and Article A4", "A3 and Article A5", "As in Article ", ".", {"A2": "A3", "A4": "A5"}, ARTICLE, True),
        ("A2", "A3", "Article A1 and Article ", ".", {"A2": "A3"}, ARTICLE, True),  # A1, before it, is not its business
        ("", "1", "See Article A2", " now.", {"A2": "A21"}, ARTICLE, False),  # after a number, not in it
        ("", "1", "See Art. ", "2 now.", {"2": "12"}, ART, True),  # at its very start
        ("2", "3", "Draw ", " cards.", {"2": "3"}, ARTICLE, False),
    ],
)
def test_updates_references(deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
                            syntax: re.Pattern[str], update: bool) -> None:
    assert references.updates_references(deleted, inserted, before, after, id_map, syntax) is update


@pytest.mark.parametrize(
    "text, separated",
    [
        (", cohort, and", (["cohort"], True, True)),
        ("doubles or sets", (["doubles", "sets"], False, False)),
        ("cohort", (["cohort"], False, False)),
        (", cohort,”", (["cohort"], True, True)),  # a closing quote after the separator
        ("“cohort”, tide", (["cohort", "tide"], False, False)),
    ],
)
def test_separated(text: str, separated: tuple[list[str], bool, bool]) -> None:
    assert lists._separated(text) == separated


@pytest.mark.parametrize(
    "text, item",
    [("cohort", True), ("old red iron bell", True), ("old red iron bell lamp", False), ("The", False), ("the", False),
     ("a judge allows it", False), ("rule 702.1", False)],
)
def test_is_item(text: str, item: bool) -> None:
    assert lists._is_item(text) is item


@pytest.mark.parametrize(
    "run, items",
    [
        (runs.Run("", ", or Horn", "The kinds are Lamp and Bell", ", Key."), (("Horn",), ())),
        (runs.Run("", " or Horn", "The kinds are Lamp, Bell", ", Key."), (("Horn",), ())),
        (runs.Run("", " Horn,", "The kinds are Lamp, Bell,", " (see rule 714) Key."), (("Horn",), ())),
        (runs.Run("", " Horn", "The kinds are Lamp, Bell,", " (see rule 714), and Key."), (("Horn",), ())),
    ],
)
def test_list_items(run: runs.Run, items: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    assert lists.list_items(run) == items


@pytest.mark.parametrize(
    "d, deleted",
    [
        ("the phrase", True),
        ("the old red iron bell lamp", True),  # six words
        ("the old red iron bell lamp post", False),
        ("of the", False),
        ("damage", False),
        ("the (bell", False),
        ("the bell-", False),
        ("the bell_tower", False),
        ("lamp 2b", False),
    ],
)
def test_deleted_phrase(d: str, deleted: bool) -> None:
    assert substitutions._deleted_phrase(d) is deleted


def test_small_helpers() -> None:
    assert substitutions._stem_words("relics tokens") == "relic token"
    assert lists.without(("a", "b", "a", "a"), Counter({"a": 2})) == ("b", "a")
    assert splits._cover(frozenset(), frozenset({"a"})) == 0.0
    assert substitutions._two_distinct({"a b c d", "a b c e f g"}) is False  # 0.6 alike: one sentence
    assert substitutions._two_distinct({"a b c d", "a b e f g h"}) is True
    assert substitutions._two_distinct({"one sentence"}) is False


@pytest.mark.parametrize(
    "run_old, run_new, explains",
    [
        ("he or she draws", "they draw", True),
        ("he or she draws one", "they draw two", False),
        ("he or she reads 100.5", "they read 100.6", True),
    ],
)
def test_explains(run_old: str, run_new: str, explains: bool) -> None:
    assert substitutions._explains(run_old, run_new, [("he or she", "they")], {"100.5": "100.6"}) is explains


SPLIT_WHOLE = "Lands have no cost. Relics have no cost either. A keeper may draw a glyph from the bowl at dusk."


@pytest.mark.parametrize(
    "part, verbatim",
    [
        ("Lands have no cost.", True),  # four words, all in the whole
        ("Draw a glyph.", False),  # under four words
        ("Lands have no cost. Each keeper passes the bowl left.", True),  # 4 of 10 words
        ("Lands have no cost. Each keeper then passes the bowl left.", False),  # 4 of 11
        ("Lands have no cost. Relics have no cost either. Wardens then count each relic twice more at dawn.", True),
    ],
)
def test_verbatim_part(part: str, verbatim: bool) -> None:
    whole, kept = _rule("1.1", SPLIT_WHOLE), _rule("1.1", "A keeper may draw a glyph from the bowl at dusk.")
    assert splits._verbatim_part(whole, kept, _rule("1.2", part)) is verbatim


GROWN_TEXT = (
    "If the bowl is empty, the keeper draws nothing and passes the bell to the left instead. Example: A keeper"
    " whose bowl holds no glyph at dusk rings the bell twice, and the owls fly early on the next round of play."
)


@pytest.mark.parametrize(
    "part, grown",
    [
        # The whole's last sentence opens the part, which grew three times its length.
        (f"A keeper may draw a glyph from the bowl at dusk. {GROWN_TEXT}", True),
        (f"{GROWN_TEXT} A keeper may draw a glyph from the bowl at dusk.", True),  # anywhere in the part
        (f"A keeper may draw a glyph from the bowl at noon. {GROWN_TEXT}", False),  # reworded: not word for word
        (f"Relics have no cost either. {GROWN_TEXT}", False),  # the last sentence is nowhere
    ],
)
def test_grown_part(part: str, grown: bool) -> None:
    whole, kept = _rule("1.1", SPLIT_WHOLE), _rule("1.1", "Lands have no cost. Relics have no cost either.")
    assert splits._verbatim_part(whole, kept, _rule("1.2", part)) is False  # too little of the part is old
    rest = splits._words(whole) - splits._words(kept)
    assert splits._grown_part(whole, kept, _rule("1.2", part), rest) is grown
    assert splits._grown_part(whole, whole, _rule("1.2", part), frozenset()) is False  # nothing left to split off


def test_a_part_that_grew_as_it_was_split_off_is_found() -> None:
    whole = _rule("200.2", SPLIT_WHOLE, 10)
    changed = Change(ChangeKind.CHANGED, whole, _rule("200.2", "Lands have no cost. Relics have no cost either.", 10), ())
    part = f"A keeper may draw a glyph from the bowl at dusk. {GROWN_TEXT}"
    added = Change(ChangeKind.ADDED, None, _rule("200.2a", part, 11), ())
    [split] = splits.join_splits([changed, added], _joined)
    assert (split.kind, [r.id for r in split.news]) == (ChangeKind.SPLIT, ["200.2", "200.2a"])


BELL_WHOLE = (
    "One old bell (the Curfew Bell) lets keepers start a night watch at dusk. A vigil is the watch that"
    " the bell starts. The vigil ends when the bell rings again at dawn."
)
BELL_KEPT = "A vigil is a separate watch started by a bell. The vigil ends at the next dawn bell."
BELL_PART = "Some bells in the tower let keepers start a night watch over the square."


@pytest.mark.parametrize(
    "kept, part, others, found",
    [
        # The first sentence, reworded, is the new rule's: five phrases only it shares.
        (BELL_KEPT, BELL_PART, (), True),
        # The kept rule holds that sentence about as well (six phrases to the
        # part's eight, four of them the part's alone): a hint.
        (f"One old bell lets keepers begin a watch at dusk. {BELL_KEPT}",
         "Some bells let keepers start a night watch at dusk.", (), None),
        # Another old rule near it holds the part's phrases as well: its source.
        (BELL_KEPT, BELL_PART, ("Some bells in the tower let keepers start a night watch.",), False),
        (BELL_KEPT, "Some towers let keepers rest.", (), False),  # one phrase shared
        # Four phrases of the whole, but most of the part is new (4 of 15).
        (BELL_KEPT, "Keepers start a night watch whenever owls call twice from the roof of the old square tower.", (), False),
    ],
)
def test_reworded_part(kept: str, part: str, others: tuple[str, ...], found: bool | None) -> None:
    assert _reworded(BELL_WHOLE, kept, part, others) is found


def _reworded(whole: str, kept: str, part: str, others: tuple[str, ...] = ()) -> bool | None:
    """Whether `part` is a reworded part of `whole` beside `kept` (True), a
    likely one (None, a hint) or neither (False); `others`, the old rules near."""
    near = [_rule(f"300.{k}", text) for k, text in enumerate(others, 5)]
    parts, hints = splits._reworded_parts(
        _rule("300.1", whole), [_rule("300.1a", kept)], [_rule("300.0", part)], lambda: near
    )
    return True if parts else None if hints else False


LANTERN_WHOLE = "Old lanterns let guards open the river gate at dusk. The gate shuts at dawn."
LANTERN_KEPT = "The gate shuts at dawn."


@pytest.mark.parametrize(
    ("part", "found"), [("Some lanterns let guards open doors.", True), ("Some lanterns let guards pass.", False)]
)
def test_a_reworded_part_shares_three_phrases_of_the_whole(part: str, found: bool) -> None:
    """"lanterns let", "let guards", "guards open": three phrases of the
    whole that the kept rule lacks make a part; two do not."""
    assert _reworded(LANTERN_WHOLE, LANTERN_KEPT, part) is found


@pytest.mark.parametrize(("side", "found"), [("", True), ("side ", False)])
def test_a_reworded_part_has_three_tenths_of_its_phrases_from_the_whole(side: str, found: bool) -> None:
    """3 phrases of the whole among the part's 10 are three tenths: a part.
    3 of 11 are less: most of the new rule is new."""
    part = f"Some lanterns let guards open {side}doors near the old river tonight."
    assert _reworded(LANTERN_WHOLE, LANTERN_KEPT, part) is found


@pytest.mark.parametrize(("more", "found"), [("", True), (" Lanterns or not.", False)])
def test_a_reworded_part_is_looked_for_when_the_kept_rule_lacks_three_words(more: str, found: bool) -> None:
    """The kept rule rewords the whole but for "lanterns", "let" and
    "guards": three words left, a part that rewords them is found. With
    "lanterns" kept too, two are left: none is looked for."""
    kept = f"The old gate is open from dusk until dawn; at the river it shuts.{more}"
    whole, part = "Old lanterns let guards open the river gate at dusk.", "Some lanterns let guards open doors."
    assert _reworded(whole, kept, part) is found


@pytest.mark.parametrize(("words", "found"), [(20, True), (21, False)])
def test_a_reworded_part_has_seven_twentieths_of_its_words_in_the_whole(words: int, found: bool) -> None:
    """7 words of the whole among the part's 20 are 0.35 of them: a part,
    its 6 phrases of the whole among 19 enough. 7 of 21 are less, though 6
    phrases of 20 would be enough: the part is screened out."""
    part = (
        "Some bright lanterns let guards open the river gate while seven keen herons circle slowly above quiet"
        " marsh reeds near pale stones"
    )
    assert _reworded(LANTERN_WHOLE, LANTERN_KEPT, " ".join(part.split()[:words]) + ".") is found


def test_a_part_reworded_as_it_was_split_off_is_found() -> None:
    # Too few of the part's words are the whole's for a split by words (6 of 13).
    whole, part = _rule("300.1", BELL_WHOLE, 10), _rule("300.1", BELL_PART, 10)
    changed = Change(ChangeKind.RENUMBERED, whole, _rule("300.1a", BELL_KEPT, 11), ())
    added = Change(ChangeKind.ADDED, None, part, ())
    assert not splits._is_part(whole, changed.new, part)  # type: ignore[arg-type]
    [split] = splits.join_splits([added, changed], _joined)
    assert (split.kind, [r.id for r in split.news]) == (ChangeKind.SPLIT, ["300.1", "300.1a"])
    # Under the kept rule that holds its sentence as well, the part is only a hint.
    kept = _rule("300.1a", f"One old bell lets keepers begin a watch at dusk. {BELL_KEPT}", 11)
    hinted = _rule("300.1", "Some bells let keepers start a night watch at dusk.", 10)
    [added, changed] = splits.join_splits(
        [Change(ChangeKind.ADDED, None, hinted, ()), Change(ChangeKind.RENUMBERED, whole, kept, ())], _joined
    )
    assert (changed.kind, changed.see_also) == (ChangeKind.RENUMBERED, (("split", "300.1"),))


# --- splits and merges found from the texts ---------------------------------------------------

GLOW, DRAW = "Relics glow at dusk.", "Keepers draw at dawn."


def _split_pair(rule_id: str = "200.2", line: int = 10, first: str = GLOW, second: str = DRAW,
                how: MatchHow = MatchHow.NUMBER) -> tuple[Change, Change]:
    """A rule whose first sentence went into a new subrule: the pair, and the added part."""
    whole = _rule(rule_id, f"{first} {second}", line)
    changed = Change(ChangeKind.CHANGED, whole, _rule(rule_id, second, line + 1), (), how=how)
    return changed, Change(ChangeKind.ADDED, None, _rule(f"{rule_id}a", first, line), ())


def _kinds(changes: list[Change]) -> list[str]:
    return [c.kind.value for c in changes]


def test_a_split_found_keeps_how_its_pair_was_made_and_diffs_the_parts_joined() -> None:
    [split] = splits.join_splits(list(_split_pair()), _joined)
    assert (split.kind, split.how, [r.id for r in split.news]) == (ChangeKind.SPLIT, MatchHow.NUMBER, ["200.2a", "200.2"])
    assert split.edits == _joined(f"{GLOW} {DRAW}", f"{GLOW}\n{DRAW}")


def test_a_merge_found_keeps_how_its_pair_was_made() -> None:
    changed = Change(ChangeKind.CHANGED, _rule("200.2", DRAW, 12), _rule("200.2", f"{GLOW} {DRAW}", 12), (),
                     how=MatchHow.NUMBER)
    removed = Change(ChangeKind.REMOVED, _rule("200.3", GLOW, 14), None, ())
    [merged] = splits.join_splits([changed, removed], _joined)
    assert (merged.kind, merged.how, merged.old.id) == (ChangeKind.MERGED, MatchHow.NUMBER, "200.2")  # type: ignore[union-attr]
    assert merged.edits == _joined(f"{DRAW}\n{GLOW}", f"{GLOW} {DRAW}")
    unrelated = Change(ChangeKind.REMOVED, _rule("200.9", "Wardens sing loudly every night.", 13), None, ())
    assert _kinds(splits.join_splits([changed, unrelated], _joined)) == ["changed", "removed"]


def test_of_two_parts_holding_as_much_the_one_keeping_the_number_is_the_pair() -> None:
    whole = _rule("200.2", f"{GLOW} {DRAW}", 10)
    changed = Change(ChangeKind.CHANGED, whole, _rule("200.2", DRAW, 12), ())
    added = Change(ChangeKind.ADDED, None, _rule("200.1", GLOW, 11), ())
    [split] = splits.join_splits([added, changed], _joined)
    assert split.new.id == "200.2" and [r.id for r in split.news] == ["200.1", "200.2"]  # type: ignore[union-attr]


def test_parts_are_looked_for_three_changes_away_at_most() -> None:
    # A part only half as similar to the whole as a far part must be (FAR_MIN).
    changed, added = _split_pair(second="Keepers draw a glyph from the bowl at dawn.")
    filler = [Change(ChangeKind.ADDED, None, _rule(f"150.{k}", f"Filler rule number {k} here."), ()) for k in range(3)]
    assert _kinds(splits.join_splits([changed, *filler[:2], added], _joined)) == ["split", "added", "added"]
    assert _kinds(splits.join_splits([changed, *filler, added], _joined)) == ["changed"] + ["added"] * 4


def test_every_pair_is_looked_at_one_after_another() -> None:
    other = Change(ChangeKind.CHANGED, _rule("100.1", "Draw a card."), _rule("100.1", "Draw two cards."), ())
    assert _kinds(splits.join_splits([other, *_split_pair()], _joined)) == ["changed", "split"]
    second = _split_pair("300.2", 30, "Wardens sing at noon.", "Lamps dim at night.")
    assert _kinds(splits.join_splits([*_split_pair(), *second], _joined)) == ["split", "split"]


def test_a_rule_an_editor_named_is_never_taken_as_a_part() -> None:
    assert _kinds(splits.join_splits(list(_split_pair()), _joined, frozenset({"200.2a"}))) == ["changed", "added"]
    assert _kinds(splits.join_splits(list(_split_pair()), _joined, frozenset({"999.1"}))) == ["split"]


def test_unpaired_glossary_forced_or_already_split_changes_are_left_as_they_are() -> None:
    changed, added = _split_pair()
    removed = Change(ChangeKind.REMOVED, changed.old, None, ())
    assert _kinds(splits.join_splits([removed, added], _joined)) == ["removed", "added"]
    forced = _split_pair(how=MatchHow.OVERRIDE)
    assert _kinds(splits.join_splits(list(forced), _joined)) == ["changed", "added"]
    split = Change(ChangeKind.SPLIT, changed.old, changed.new, (), more=(_rule("200.4", "Something else."),))
    assert _kinds(splits.join_splits([split, added], _joined)) == ["split", "added"]
    entry = Change(ChangeKind.CHANGED, _rule("g", f"{GLOW} {DRAW}", kind=RuleKind.GLOSSARY),
                   _rule("g", DRAW, kind=RuleKind.GLOSSARY), ())
    part = Change(ChangeKind.ADDED, None, _rule("h", GLOW, kind=RuleKind.GLOSSARY), ())
    assert _kinds(splits.join_splits([entry, part], _joined)) == ["changed", "added"]


# --- candidate phrases of one run -------------------------------------------------------------


def _run(deleted: str, inserted: str, before: str, after: str) -> runs.Run:
    return runs.Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted), len(before))


@pytest.mark.parametrize(
    "run, candidates",
    [
        (_run("relic", "ember", "Tap the ", " now."), [("relic", "ember", False), ("the relic", "the ember", False)]),
        # The verb that only agrees is set aside.
        (_run("he or she has", "they have", "If ", " no glyph."),
         [("he or she", "they", False), ("if he or she", "if they", False), ("he or she has no", "they have no", False)]),
        # Words shared at the ends are no part of the phrase, but a neighbour.
        (_run("the old relic", "the old ember", "Tap ", " now."), [("relic", "ember", False), ("old relic", "old ember", False)]),
        (_run("one relic glows", "one ember glows", "Tap ", "."),
         [("relic", "ember", False), ("one relic", "one ember", False), ("relic glows", "ember glows", False)]),
        (_run("a relic b", "a ember c", "x ", " y"),
         [("relic b", "ember c", False), ("a relic b", "a ember c", False), ("relic b y", "ember c y", False)]),
        # Inserted or deleted: with a neighbour that is no function word.
        (_run("", "transforming ", "A ", "double-faced relic turns."), [("double-faced", "transforming double-faced", True)]),
        # The word after it ends its clause: a neighbour still, for an insertion or deletion only.
        (_run(" the battlefield", "", "enters", " tapped."),
         [("enters the battlefield", "enters", True), ("the battlefield tapped", "tapped", True)]),
        (_run(" The phrase", "", "hand.", ' "Cycling'), [("the phrase", "", True)]),
        # Function words only: no neighbour makes them a phrase.
        (_run("the,", "a,", "Take ", " then go"), [("the", "a", False)]),
        # A symbol's spelling, on either side of it.
        (_run("P", "PW", "Pay {", "} now."), []),
        (_run("P", "PW", "Pay {", " now."), []),
        (_run("P", "PW", "Pay ", "} now."), []),
    ],
)
def test_candidates(run: runs.Run, candidates: list[tuple[str, str, bool]]) -> None:
    assert substitutions._candidates(run, {}) == candidates


# --- moves and renumberings -------------------------------------------------------------------


_UNDER = {"200.2": "200", "200.3": "200", "201.1": "201", "201.4": "201", "7": "II", "8": "III", "9": "II"}
"""The heading each rule of the cases below sits under (`moves.containers`); 200, 201 sit at the top."""


@pytest.mark.parametrize(
    "kind, old_id, new_id, id_map, moved",
    [
        (ChangeKind.RENUMBERED, "200.2", "201.4", {}, ("200", "201")),
        (ChangeKind.RENUMBERED, "200.2", "201.4", {"200": "201"}, None),  # its heading moved with it
        (ChangeKind.RENUMBERED, "200.2", "200.3", {}, None),  # under the same heading
        (ChangeKind.RENUMBERED, "200.2", "201", {}, None),  # to a heading of its own
        (ChangeKind.RENUMBERED, "200", "201.1", {}, None),
        (ChangeKind.SPLIT, "200.2", "201.1", {}, None),  # only a renumbered rule moves
        # Numbered through the document: the article it sits under decides, not the number.
        (ChangeKind.RENUMBERED, "7", "8", {}, ("II", "III")),
        (ChangeKind.RENUMBERED, "7", "9", {}, None),
        (ChangeKind.RENUMBERED, "7", "8", {"II": "III"}, None),  # the article renumbered with it
        (ChangeKind.RENUMBERED, "7", "8", {"II": "II"}, None),  # III is an article the release added
    ],
)
def test_moved(kind: ChangeKind, old_id: str, new_id: str, id_map: dict[str, str], moved: tuple[str, str] | None) -> None:
    change = Change(kind, _rule(old_id, "Draw."), _rule(new_id, "Draw."), ())
    was = {n: o for o, n in id_map.items()} if id_map else {h: h for h in ("200", "201", "II", "III")}
    assert moves.moved(change, id_map, _UNDER, _UNDER, was) == moved


# Under a heading the release added (not in `was`), the number decides: its root changed, not with its heading's.
_OLD_UNDER = {"200.2": "200", "200": "I", "A.2": "A", "§ 7(1)": "§ 7"}
_NEW_UNDER = {"200.5": "H", "201": "H", "201.1": "H", "202.1": "H", "B.1": "H", "§ 8(1)": "H"}


@pytest.mark.parametrize(
    "old_id, new_id, id_map, moved",
    [
        ("200.2", "202.1", {}, ("200", "H")),  # its root changed on its own: moved
        ("200.2", "202.1", {"200": "201"}, ("200", "H")),  # its heading went elsewhere
        ("200.2", "201.1", {"200": "201"}, None),  # its root renumbered with it: a heading put above it
        ("200.2", "200.5", {}, None),  # the same root
        ("200.2", "201", {"200": "200"}, None),  # now a root itself
        ("200", "201.1", {"200": "200"}, None),  # a root before
        ("A.2", "B.1", {}, ("A", "H")),  # an appendix's letter is its root
        ("§ 7(1)", "§ 8(1)", {}, ("§ 7", "H")),  # so is a section's sign and number
    ],
)
def test_moved_under_a_heading_the_release_added(
    old_id: str, new_id: str, id_map: dict[str, str], moved: tuple[str, str] | None
) -> None:
    change = Change(ChangeKind.RENUMBERED, _rule(old_id, "Draw."), _rule(new_id, "Draw."), ())
    was = {n: o for o, n in id_map.items()}
    assert moves.moved(change, id_map, _OLD_UNDER, _NEW_UNDER, was) == moved


def test_a_rule_at_the_top_before_has_not_moved() -> None:
    change = Change(ChangeKind.RENUMBERED, _rule("200.2", "Draw."), _rule("202.1", "Draw."), ())
    assert moves.moved(change, {}, {}, _NEW_UNDER, {}) is None
    assert moves.moved(change, {}, _OLD_UNDER, {}, {}) is None


def test_a_rule_under_a_heading_that_was_inside_its_old_heading_has_not_moved() -> None:
    # 108 was a rule under heading 107; now a heading of its own: 108.7d, renumbered 108.7e, stayed.
    change = Change(ChangeKind.RENUMBERED, _rule("108.7d", "Draw."), _rule("108.7e", "Draw."), ())
    old_in, new_in = {"108": "107", "108.7": "107", "108.7d": "107"}, {"108.7": "108", "108.7e": "108"}
    assert moves.moved(change, {"107": "107", "108": "108"}, old_in, new_in, {"107": "107", "108": "108"}) is None


def test_a_split_that_kept_its_number_is_no_renumbering() -> None:
    change = Change(ChangeKind.SPLIT, _rule("200.2", "Draw. Pass."), _rule("200.2", "Draw."), ())
    assert references.renumbering([change]) == ()


@pytest.mark.parametrize(
    "old_text, new_text",
    [
        ("100.3 is next; draw.", "100.3 is next; draw two."),  # kept from the very start of the rule
        ("Draw one, then see 100.3", "Draw two, then see 100.3 twice"),  # after an edit, to the end of a kept stretch
    ],
)
def test_a_kept_reference_in_a_changed_rule_to_a_renumbered_rule_is_stale(old_text: str, new_text: str) -> None:
    result = pair([old_text, "Draw.", "Pass.", "Rest."], [new_text, "A new rule.", "Draw.", "Pass.", "Rest."])
    assert result.stale == (("100.1", ("100.3",), ("100.4",)),)


# --- references found, in the built-in syntax and in a profile's own ------------------------------


def test_reference_spans_place_each_reference_and_the_end_of_a_range() -> None:
    assert references.reference_spans("See rules 701–703.") == [(4, "701", "rules 701"), (14, "703", "703")]
    assert references.references("See rule 101, rule 102 and rule 103.") == [
        ("101", "rule 101"), ("102", "rule 102"), ("103", "rule 103")
    ]


def test_stale_references_are_read_in_the_profiles_own_syntax(tmp_path) -> None:  # type: ignore[no-untyped-def]
    old = articles(tmp_path, "A1. Draw a card.", "A2. Pass.", "A3. As in Article A2, pass.", "A4. Rest.")
    new = articles(tmp_path, "A1. Draw a card.", "A3. As in Article A2, pass.", "A4. As in Article A5, rest.")
    assert compare(old, new).stale == (("A3", ("Article A2",), ("",)), ("A4", ("Article A5",), ("",)))


def test_a_document_without_numbers_has_no_stale_references() -> None:
    from ruldiff.documents.parse import parse
    from ruldiff.documents.read import decode

    def prose(*paragraphs: str):  # type: ignore[no-untyped-def]
        return parse(decode(("\n\n".join(paragraphs) + "\n").encode(), "notes.txt"))

    result = compare(prose("Keepers draw first.", "See rule 100.9 for more."),
                     prose("Keepers draw second.", "See rule 100.9 for more, then rest."))
    assert result.stale == () and all(c.stale == () for c in result.changes)


@pytest.mark.parametrize("where", ["end", "start"])
def test_a_stale_reference_in_an_unchanged_rule_is_found_at_either_end_of_it(where: str) -> None:
    text = "Then see 100.9" if where == "end" else "100.9 is gone; rest."
    texts = ["Draw the top glyph.", "Pass the bowl left.", "Rest until dusk.", text]
    assert pair(texts, texts).stale == (("100.4", ("100.9",), ("",)),)


# --- what else a run is read as ----------------------------------------------------------------


@pytest.mark.parametrize(
    "deleted, inserted, before, agrees",
    [
        ("loses", "lose", "If they draw the last glyph and then ", True),
        ("draws", "passes", "Then they ", False),  # another verb
        ("draws it", "draw", "Then they ", False),  # more than the verb
        ("draws", "draw", "Then he ", False),  # no new subject in the sentence
        ("draws", "draw", "They pass. Then he ", False),  # only in the sentence before
    ],
)
def test_agreement_run(deleted: str, inserted: str, before: str, agrees: bool) -> None:
    assert substitutions.agreement_run(_run(deleted, inserted, before, "."), ["they"]) is agrees


def test_a_new_phrase_with_a_backslash_is_applied_as_written() -> None:
    assert substitutions._apply("A b", [("a", "x\\y")], {}) == "x\\y b"


@pytest.mark.parametrize(
    "part, kind, is_part",
    [
        ("Relics glow at dusk.", RuleKind.RULE, True),
        ("Relics glow at dusk.", RuleKind.HEADING, False),  # another kind of item
        ("Relics glow at dusk. Wardens sing loudly every single night.", RuleKind.RULE, True),  # 4 of 10 words
        ("Relics glow at dusk. Wardens sing loudly every single night again.", RuleKind.RULE, False),
    ],
)
def test_is_part(part: str, kind: RuleKind, is_part: bool) -> None:
    whole, kept = _rule("1.1", f"{GLOW} {DRAW}"), _rule("1.1", DRAW)
    assert splits._is_part(whole, kept, _rule("1.2", part, kind=kind)) is is_part


def test_two_rewrites_made_in_the_same_rules_are_two_families() -> None:
    # Never in one edit, not spelled alike: two rewrites, however often they meet (#27).
    texts = ["The {} glows at dusk. Later the {} rises high.", "Each {} hums softly. Then every {} falls back.",
             "A {} may rest here. Only one {} stays long."]
    old = [t.format("ash", "tide") for t in texts]
    new = [t.format("flame", "wave") for t in texts]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [("ash", "flame", 3), ("tide", "wave", 3)]


def test_a_change_of_list_separators_beside_another_edit_is_substantive() -> None:
    old = ['Say "go": draw, scry and pass.', "Rest."]
    new = ["Say “go”: draw, scry or pass.", "Rest."]
    assert by_new(pair(old, new))["100.1"].tags == ("cosmetic", "substantive")


def test_a_change_keeps_how_its_rules_were_paired() -> None:
    assert by_new(pair(["Draw one glyph.", "Rest."], ["Draw two glyphs.", "Rest."]))["100.1"].how is MatchHow.NUMBER


def test_forms_that_share_their_core_are_named_by_it() -> None:
    # "play" alone is kept too often to be the rewrite; "to play" and "play a"
    # are, in the same rules: shown as "play" -> "cast", its forms as variants.
    keep = [f"Every play zone {k} is wide." for k in "abcdefgh"]
    old = ["You want to play, as every keeper at the table does. Then play a glyph.",
           "Keepers wish to play, since no warden at the bowl can. Now play a relic."]
    new = [t.replace("play,", "cast,").replace("play a", "cast a") for t in old]
    [family] = pair(old + keep, new + keep).substitutions
    assert (family.old, family.new, family.count, family.variants) == (
        "play", "cast", 4, (("play a", "cast a", 2), ("to play", "to cast", 2))
    )


def test_a_family_is_named_by_four_forms_at_most() -> None:
    words = ["general", "edh", "captain", "leader", "chief"]
    old = [t.format(w) for w in words for t in ("The {} draws first.", "Each {} passes last.")]
    new = [t.format("commander") for _w in words for t in ("The {} draws first.", "Each {} passes last.")]
    [family] = pair(old, new).substitutions
    assert (family.old, family.new, family.count, family.variants) == (
        "captain / chief / edh / general", "commander", 10, (("leader", "commander", 2),)
    )


def test_a_phrase_too_rare_to_be_a_rewrite_does_not_stop_the_search() -> None:
    # "bright" inserted before "bell" in two rules (an insertion needs three)
    # comes first in the search; "keeper" -> "warden" after it is still found.
    old = ["The bell rings at dusk.", "A bell hangs in the hall.", "The keeper draws first.", "Each keeper passes last."]
    new = ["The bright bell rings at dusk.", "A bright bell hangs in the hall.", "The warden draws first.",
           "Each warden passes last."]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [("keeper", "warden", 2)]


@pytest.mark.parametrize(
    "text, before, after, items",
    [
        ("“", "The kinds are Lamp,", " Bell.", []),  # a quote mark alone: no item
        (" Horn", "The kinds are Lamp, Bell,", "”, and Key.", ["Horn"]),
        (" Horn", "The kinds are Lamp, Bell,", " and Key.", ["Horn"]),
        (" Horn,", "and", " Key.", ["Horn"]),
        (" Horn,", "The kinds Lamp", " Key.", None),  # nothing before it separates it
        (" Horn", "The kinds are Lamp, Bell,", " Xylophones ring.", None),  # nor after it
        (" Horn", "The kinds are Lamp, Bell,", " rings loudly.", None),
    ],
)
def test_list_side(text: str, before: str, after: str, items: list[str] | None) -> None:
    assert lists._list_side(text, before, after) == items


ENTER = ["A glyph that enters the iron vault glows.", "Each lamp enters the iron vault at dusk.",
         "No warden enters the iron vault alone."]
IRON = ["The iron vault is cold.", "Every iron vault has a lock.", "Shuffle near the iron vault.", "An iron vault stays shut."]


def _rewritten(texts: list[str], old: str, new: str) -> list[str]:
    return [t.replace(old, new) for t in texts]


@pytest.mark.parametrize(
    "iron_rules, families",
    [
        # A phrase deleted and a phrase it holds replaced are two rewrites (#27),
        # whichever is in more rules.
        (2, [("enters the iron vault", "enters", 3, ()), ("iron vault", "stone pit", 2, ())]),
        (4, [("iron vault", "stone pit", 4, ()), ("enters the iron vault", "enters", 3, ())]),
    ],
)
def test_a_phrase_holding_another_is_not_one_family_with_it_unless_both_sides_do(iron_rules: int, families: list[object]) -> None:
    old = ENTER + IRON[:iron_rules]
    new = _rewritten(ENTER, "enters the iron vault", "enters") + _rewritten(IRON[:iron_rules], "iron vault", "stone pit")
    assert [(s.old, s.new, s.count, s.variants) for s in pair(old, new).substitutions] == families


@pytest.mark.parametrize("vault_rules", [2, 4])
def test_a_phrase_holding_a_single_word_of_another_is_not_one_family_with_it(vault_rules: int) -> None:
    vault = ["The vault is cold.", "Every vault has a lock.", "Shuffle near the vault.", "A vault stays shut."][:vault_rules]
    enter = _rewritten(ENTER, "iron vault", "vault")
    result = pair(enter + vault, _rewritten(enter, "enters the vault", "enters") + _rewritten(vault, "vault", "pit"))
    assert sorted((s.old, s.new) for s in result.substitutions) == [("enters the vault", "enters"), ("vault", "pit")]


def test_two_unrelated_rewrites_of_two_words_are_two_families() -> None:
    texts = ["The iron vault is cold.", "Every iron vault has a lock.", "The old lamp is dim.", "Each old lamp flickers."]
    new = _rewritten(_rewritten(texts, "iron vault", "stone pit"), "old lamp", "new torch")
    assert [(s.old, s.new) for s in pair(texts, new).substitutions] == [("iron vault", "stone pit"), ("old lamp", "new torch")]


@pytest.mark.parametrize("replaced, kept", [(2, 3), (5, 11)])
def test_the_old_phrase_kept_at_the_start_of_rules_counts_as_kept(replaced: int, kept: int) -> None:
    keep = [f"Relic kinds number {k} in all." for k in range(kept)]
    old = [t.format("relic") for t in DISTINCT[:replaced]] + keep
    assert pair(old, [t.format("ember") for t in DISTINCT[:replaced]] + keep).substitutions == ()


SLOTS = [
    "The {} glows at dusk.", "Each {} hums softly in the dark.", "Shuffle every {} before the round.",
    "A keeper may hide one {} under the bowl.", "No warden touches a {} twice.", "Wardens count each {} at dawn.",
    "If a {} breaks, draw a glyph.", "Lanterns never burn a {} by night.", "Tokens guard the {} in the hall.",
    "Bells ring for the {} at noon.",
]


@pytest.mark.parametrize(
    "ash_rules, tide_rules",
    [({0, 1, 2, 3}, {0, 1, 4, 5}), ({0, 1, 2, 3}, {0, 1, 2, 3}), ({0, 1}, {1, 2})],
)
def test_rewrites_made_in_the_same_rules_are_two_families(ash_rules: set[int], tide_rules: set[int]) -> None:
    # However many rules two rewrites share, they are two (#27: a rename glued
    # to a possessive change made in the same rules).
    old, new = [], []
    for k in range(max(ash_rules | tide_rules) + 1):
        first, second = SLOTS[k], SLOTS[(k + 5) % len(SLOTS)]
        old.append(f"{first.format('ash' if k in ash_rules else 'lamp')} Then, after a long pause, "
                   f"{second.format('tide' if k in tide_rules else 'bell')}")
        new.append(f"{first.format('flame' if k in ash_rules else 'lamp')} Then, after a long pause, "
                   f"{second.format('wave' if k in tide_rules else 'bell')}")
    assert sorted((s.old, s.new) for s in pair(old, new).substitutions) == [("ash", "flame"), ("tide", "wave")]


def test_a_form_after_one_held_in_a_main_form_is_still_a_main_form() -> None:
    old_vault = ["The old vault is dusty.", "Every old vault creaks."]
    old = ENTER + IRON + old_vault
    new = (_rewritten(ENTER, "enters the iron vault", "enters") + _rewritten(IRON, "iron vault", "stone pit")
           + _rewritten(old_vault, "old vault", "stone pit"))
    assert [(s.old, s.new, s.count, s.variants) for s in pair(old, new).substitutions] == [
        ("iron vault / old vault", "stone pit", 6, ()), ("enters the iron vault", "enters", 3, ())
    ]


# --- _written: a substitution's phrase as the rules write it ---------------------


@pytest.mark.parametrize(
    "phrase, text, shown",
    [
        ("shards of alara", "The Shards of Alara set; shards of alara; Shards of Alara.", "Shards of Alara"),  # most often
        ("eventide", "EVENTIDE and Eventide", "EVENTIDE"),  # a tie: the first form
        ("tide", "Eventide, Tides, tidewater", "tide"),  # only inside longer words: as given
        ("tide", "Eventide. Tide", "Tide"),  # the whole word after one inside a word
        ("x", "", "x"),
        ("", "anything", ""),
        ("straße", "STRASSE Straße", "Straße"),
        ("i", "\u0130 stanbul I", "i"),  # İ lower-cases to two characters: left as given
    ],
)
def test_written_takes_the_most_frequent_case_of_the_whole_phrase(phrase: str, text: str, shown: str) -> None:
    assert substitutions._written(phrase, text) == shown


def test_written_reads_only_the_first_occurrences() -> None:
    text = " ".join(["They"] * substitutions.WRITTEN_LOOK + ["they"] * (substitutions.WRITTEN_LOOK + 5))
    # 50 "They" first, then 55 "they": only the first 50 are read.
    assert substitutions._written("they", text) == "They"


@pytest.mark.parametrize("deleted, inserted, before, after, symbol", [
    ("{C}", "{CHAOS}", "roll ", " now", ("{C}", "{CHAOS}")),  # the whole symbols in the run
    ("C", "CHAOS", "roll {", "} now", ("{C}", "{CHAOS}")),  # the braces kept out of it
    ("{C}", "chaos", "roll ", " now", None),  # a symbol replaced by a word
    ("chaos", "{C}", "roll ", " now", None),
    ("C", "CHAOS", "roll ", "} now", None),  # no brace before
    ("C", "CHAOS", "roll {", " now", None),  # no brace after
    ("C", "two words", "roll {", "} now", None),
    ("two words", "C", "roll {", "} now", None),
])
def test_the_symbol_a_run_respells(deleted: str, inserted: str, before: str, after: str,
                                   symbol: tuple[str, str] | None) -> None:
    assert cosmetic.symbol_of(runs.Run(deleted, inserted, before, after)) == symbol


@pytest.mark.parametrize("rules, tag", [(1, "substantive"), (2, "cosmetic")])
def test_a_symbol_is_respelled_when_two_rules_or_more_hold_it(rules: int, tag: str) -> None:
    old = ["Pay {E} to light a lantern, or {E} twice to light two.", "Keepers rest."]
    if rules == 2:
        old[1] = "Keepers rest until {E} is paid."
    new = [t.replace("{E}", "{EMBER}") for t in old]
    assert by_new(pair(old, new))["100.1"].tags == (tag,)


# A part likely but not certainly split off: most of its words are the old
# rule's, but the old rule is only a little closer to both than to its partner.
TURNED = "A relic stays in the circle after it is cast, and its keeper may turn it once each round."
BURNED = " Relics that are turned cannot be burned by a flame glyph or a gale glyph."
LIKELY = "Its keeper may turn a relic in the circle, but a flame glyph cannot burn it once turned."


def test_a_likely_split_is_a_hint_on_the_change_not_a_split() -> None:
    changed = Change(ChangeKind.CHANGED, _rule("200.2", TURNED + BURNED, 10), _rule("200.2", TURNED, 10), ())
    added = Change(ChangeKind.ADDED, None, _rule("200.3", LIKELY, 11), ())
    out = splits.join_splits([changed, added], _joined)
    assert _kinds(out) == ["changed", "added"]
    assert out[0].see_also == (("split", "200.3"),)


def test_a_likely_merge_is_a_hint_naming_the_removed_rule() -> None:
    changed = Change(ChangeKind.CHANGED, _rule("200.2", TURNED, 10), _rule("200.2", TURNED + BURNED, 10), ())
    removed = Change(ChangeKind.REMOVED, _rule("200.3", LIKELY, 11), None, ())
    out = splits.join_splits([changed, removed], _joined)
    assert _kinds(out) == ["changed", "removed"]
    assert out[0].see_also == (("merged", "200.3"),)


def test_an_unrelated_neighbour_is_no_hint() -> None:
    changed = Change(ChangeKind.CHANGED, _rule("200.2", TURNED + BURNED, 10), _rule("200.2", TURNED, 10), ())
    added = Change(ChangeKind.ADDED, None, _rule("200.3", "Wardens sing at noon, and every lamp dims at night.", 11), ())
    assert [c.see_also for c in splits.join_splits([changed, added], _joined)] == [(), ()]


# --- what a family is (#27): one rewrite, counted once per text it is made in ----------------


def test_a_card_text_quoted_in_two_rules_is_one_edit_not_a_rewrite() -> None:
    # The same quoted text, in two rules that say other things around it.
    old = ["Example: One relic reads “{T}: Dusk Warden gains reach until dusk.” It may block.",
           "A keeper who copies a relic gets “{T}: Dusk Warden gains reach until dusk.” Then it waits."]
    new = [t.replace("Dusk Warden", "This relic") for t in old]
    result = pair(old, new)
    assert result.substitutions == ()
    assert all("substitution" not in c.tags for c in result.changes)


def test_a_name_changed_the_same_way_in_two_unrelated_sentences_is_a_rewrite() -> None:
    old = ["The Ashen Vault holds every glyph.", "No keeper may enter the Ashen Vault at dusk."]
    new = [t.replace("Ashen Vault", "Stone Hall") for t in old]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [("Ashen Vault", "Stone Hall", 2)]


def test_a_rule_and_its_subrule_changed_the_same_way_count_once() -> None:
    rules = [("1", "Basics"), ("100", "General"), ("100.1.", "What a relic can hold is {} by its glyph."),
             ("100.1a", "A relic spell needs a target, which is {} by its glyph ability."),
             ("100.2.", "Keepers draw at dawn.")]
    old = doc([(k, t.format("restricted")) for k, t in rules])
    new = doc([(k, t.format("defined")) for k, t in rules])
    assert compare(old, new).substitutions == ()
    # Two rules neither of which is the other's subrule: a rewrite.
    rules[3] = ("100.2.", "A relic spell needs a target, which is {} by its glyph ability.")
    rules[4] = ("100.3.", "Keepers draw at dawn.")
    old = doc([(k, t.format("restricted")) for k, t in rules])
    new = doc([(k, t.format("defined")) for k, t in rules])
    assert [(s.old, s.new) for s in compare(old, new).substitutions] == [("is restricted", "is defined")]


# A keyword's rule, two subrules and its glossary entry, which cites the rule.
SKYWARD = [("1", "Basics"), ("100", "General"), ("100.1.", "Keepers draw at dawn."), ("100.2.", "Wardens rest at dusk."),
           ("7", "Abilities"), ("700", "Keywords"), ("700.1.", "{}"),
           ("700.1a", "{} is a static ability. A glyph with {} can't be held by wardens."),
           ("700.1b", "Two instances of {} on one glyph are redundant; the keeper ignores one."),
           ("700.2.", "Lanterns"), ("700.2a", "A lantern glows while its keeper waits.")]
SKYWARD_GLOSSARY = [("Lantern", "A glyph that glows. See rule 700.2."),
                    ("Wardenproof", "A glyph wardens cannot hold, such as one with {}. See rule 700.1, “{}.”")]


def _skyward(name: str, rules: list[tuple[str, str]] = SKYWARD) -> Document:
    return doc([(k, t.replace("{}", name)) for k, t in rules],
               glossary=[(k, t.replace("{}", name)) for k, t in SKYWARD_GLOSSARY])


def test_a_keyword_renamed_in_its_rule_subrules_and_glossary_entry_is_one_edit() -> None:
    result = compare(_skyward("skyward"), _skyward("starward"))
    assert result.substitutions == ()
    changed = {(c.new.id, c.tags) for c in result.changes if c.new}
    assert changed == {("700.1", ("substantive",)), ("700.1a", ("substantive",)), ("700.1b", ("substantive",)),
                       ("glossary:Wardenproof", ("substantive",))}


def test_the_same_rename_in_two_sibling_subrules_or_a_second_rule_is_a_rewrite() -> None:
    # The keyword's own rule unchanged: its two subrules are two places.
    siblings = [(k, "Skyward keyword" if k == "700.1." else t) for k, t in SKYWARD]
    result = compare(_skyward("skyward", siblings), _skyward("starward", siblings))
    assert [(s.old, s.new) for s in result.substitutions] == [("skyward", "starward")]
    assert {c.new.id for c in result.changes if c.new and "substitution" in c.tags} == {
        "700.1a", "700.1b", "glossary:Wardenproof"}
    # A rule of another section that names the keyword too: a second place.
    elsewhere = [(k, "Keepers draw at dawn, and {} glyphs wait." if k == "100.1." else t) for k, t in SKYWARD]
    result = compare(_skyward("skyward", elsewhere), _skyward("starward", elsewhere))
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("skyward", "starward", 7)]


@pytest.mark.parametrize(("cited", "found"), [("700.1", False), ("100.2", True)])
def test_entries_pointing_to_an_entry_that_cites_the_keyword_rule_are_its_place(cited: str, found: bool) -> None:
    # "Reefdiving: A kind of tidediving. See Diving." in three entries; "Diving", unchanged, cites rule `cited`.
    def quest(name: str) -> Document:
        kinds = [(k, f"A kind of {name}. See Diving.") for k in ("Reefdiving", "Shoaldiving", "Kelpdiving")]
        return doc([(k, t.replace("{}", name)) for k, t in SKYWARD],
                   glossary=[("Diving", f"A keeper dives. See rule {cited}.")] + kinds)

    result = compare(quest("tidediving"), quest("wavediving"))
    assert [(s.old, s.new) for s in result.substitutions] == ([("tidediving", "wavediving")] if found else [])


QUEST = [("1", "Basics"), ("100", "General"), ("100.1.", "Keepers draw at dawn."),
         ("104", "{}"), ("104.1.", "A keeper who holds five glyphs wins."), ("104.2.", "A keeper with no glyph loses."),
         ("105", "Sleep"), ("105.1.", "Keepers sleep at night.")]
QUEST_GLOSSARY = [("Concede", "To leave the quest and lose it. See rule 104, “{}.”"),
                  ("Lose", "Ways to lose are many. See rule 104, “{},” and rule 105.2."),
                  ("Win", "Ways to win are few. See rule 104, “{}.”")]


def _quest(title: str, sleep: list[tuple[str, str]], reference: str = "105.2") -> Document:
    gloss = [(k, t.replace("{}", title).replace("105.2", reference)) for k, t in QUEST_GLOSSARY]
    return doc([(k, t.replace("{}", title)) for k, t in QUEST] + sleep, glossary=gloss)


def test_a_heading_renamed_and_the_glossary_entries_citing_it_are_one_edit() -> None:
    # Rule 105.2 becomes 105.3: the reference beside the cited title follows it.
    old = _quest("Ending the Quest", [("105.2.", "Sleepers lose their turn.")])
    new = _quest("Closing the Quest", [("105.2.", "Dreamers wake at noon."), ("105.3.", "Sleepers lose their turn.")],
                 "105.3")
    result = compare(old, new)
    assert result.substitutions == ()
    tags = {c.new.id: c.tags for c in result.changes if c.new and c.kind is ChangeKind.CHANGED}
    assert tags == {"104": ("substantive",), "glossary:Concede": ("substantive",),
                    "glossary:Lose": ("cross-reference", "substantive"), "glossary:Win": ("substantive",)}


def test_a_heading_renamed_and_cited_by_a_rule_elsewhere_is_a_rewrite() -> None:
    cited = [("105.2.", "A sleeper's quest ends as rule 104, “{}”, says.")]
    old = _quest("Ending the Quest", [(k, t.replace("{}", "Ending the Quest")) for k, t in cited])
    new = _quest("Closing the Quest", [(k, t.replace("{}", "Closing the Quest")) for k, t in cited])
    assert [(s.old, s.new, s.count) for s in compare(old, new).substitutions] == [
        ("Ending", "Closing", 5)]


def test_a_list_item_removed_in_several_rules_is_a_list_item_not_a_substitution() -> None:
    old = ["A relic shows its name, cost, seal mark, rules text, and glow.",
           "Copies keep the glow, seal mark, rules text, and title of what they copy.",
           "When a glyph is turned, its cost, seal mark, rules text, and hue are hidden from every keeper."]
    new = [t.replace("seal mark, ", "") for t in old]
    result = pair(old, new)
    assert result.substitutions == ()
    assert [c.items_removed for c in result.changes if c.new] == [("seal mark",)] * 3


# "warden" -> "steward" across the document; rule 100.4 keeps its list in order, so the renamed item moves.
WARDENS = ["The warden opens the vault at dawn.", "No warden may hold a glyph.", "Each warden hums at dusk.",
           "The offices are {}."]


def _wardens(offices: str, name: str) -> list[str]:
    return [t.replace("{}", offices).replace("warden", name) for t in WARDENS]


def test_a_list_item_a_rewrite_renamed_is_the_rewrite_not_an_item_added_and_removed() -> None:
    old = _wardens("keeper, scribe, warden, and herald", "warden")
    new = _wardens("herald, keeper, scribe, and steward", "steward")
    result = pair(old, new)
    assert [(s.old, s.new, s.count, s.rules) for s in result.substitutions] == [
        ("warden", "steward", 4, ("100.1", "100.2", "100.3", "100.4"))]
    offices = by_new(result)["100.4"]
    assert (offices.items_added, offices.items_removed, offices.tags) == ((), (), ("substitution",))
    # An item added beside the renamed one is still named.
    result = pair(_wardens("herald, keeper, scribe, and warden", "warden"),
                  _wardens("herald, keeper, scribe, steward, and bard", "steward"))
    offices = by_new(result)["100.4"]
    assert (offices.items_added, offices.items_removed, offices.tags) == (("bard",), (), ("list-item", "substitution"))


def test_an_item_removed_beside_an_unrelated_item_added_is_no_rename() -> None:
    result = pair(_wardens("herald, keeper, scribe, and warden", "warden"),
                  _wardens("bard, herald, keeper, and scribe", "steward"))
    offices = by_new(result)["100.4"]
    assert (offices.items_added, offices.items_removed, offices.tags) == (("bard",), ("warden",), ("list-item",))


def test_a_deletion_beside_a_word_and_a_replacement_by_that_word_are_two_rewrites() -> None:
    # "keeper's turn" -> "keeper" (a deletion) and "warden" -> "keeper" share only the kept word.
    old = ["The keeper's turn ends at dusk.", "Each keeper's turn has a glow.", "A keeper's turn may pass.",
           "The warden draws a glyph.", "No warden rests at dawn.", "Every warden hums."]
    new = [t.replace("keeper's turn", "keeper").replace("warden", "keeper") for t in old]
    assert sorted((s.old, s.new) for s in pair(old, new).substitutions) == [("keeper's turn", "keeper"), ("warden", "keeper")]


# Sentences unlike each other, one per section, each holding "type" after another word;
# "type" is kept, unchanged, in six rules more.
TYPED = ["The glyph type of a relic never changes.", "Keepers may name a relic type when they draw.",
         "Two relics that share a token type both glow.", "A warden checks each bowl type at dusk.",
         "Tokens have no lamp type unless a rule gives one."]
KEPT_TYPE = [f"A hall {k} has a type of its own." for k in "abcdef"]


def _sectioned(texts: list[str]) -> list[tuple[str, str]]:
    rows = [("1", "Basics")]
    for k, t in enumerate(texts, 1):
        rows += [(f"{k}00", f"Part {k}"), (f"{k}00.1.", t)]
    return rows


def _card_type(texts: list[str]) -> list[str]:
    return [re.sub(r"(\w+) type", r"\1 card type", t) for t in texts]


def test_a_word_inserted_beside_another_throughout_is_a_rewrite() -> None:
    # No kept word is replaced: found by the inserted word and the word it stands beside.
    old, new = doc(_sectioned(TYPED + KEPT_TYPE)), doc(_sectioned(_card_type(TYPED) + KEPT_TYPE))
    result = compare(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("type", "card type", 5)]
    assert all(c.tags == ("substitution",) for c in result.changes if c.kind is ChangeKind.CHANGED)


def test_an_insertion_in_one_sentence_restated_or_in_one_section_is_no_rewrite() -> None:
    # One sentence in two wordings, restated in five sections.
    same = ["The relics are typed in the hall."] * 3 + ["The relics are typed before the keepers at dawn."] * 2
    kept = [f"Hall {k} has a typed mark, a typed seal and a typed door." for k in "abcd"]  # "typed" kept elsewhere
    old = doc(_sectioned(same + kept))
    # (Without "typed" kept elsewhere it would be found: nothing speaks against it.)
    assert compare(old, doc(_sectioned([t.replace("typed", "typed together") for t in same] + kept))).substitutions == ()
    # Five unlike sentences, all in one section.
    many_kept = [f"Hall {k} has a type, a type mark and a type door." for k in "abcdef"]
    one_section = [("1", "Basics"), ("100", "Part")] + [(f"100.{k}.", t) for k, t in enumerate(TYPED + many_kept, 1)]
    changed = one_section[:2] + [(k, _card_type([t])[0]) for k, t in one_section[2:7]] + one_section[7:]
    assert compare(doc(one_section), doc(changed)).substitutions == ()


def _runs_of(*pieces: tuple[str, str]) -> list[tuple[str, int, int]]:
    ops = {"=": Op.EQUAL, "-": Op.DELETE, "+": Op.INSERT}
    return [(r.plain, len(r.before), len(r.after)) for r in runs.runs([Edit(ops[o], t) for o, t in pieces], {})]


@pytest.mark.parametrize(
    ("pieces", "plain"),
    [
        ((("=", "It gets "), ("-", "+"), ("+", "-"), ("=", "1/+1 until end of turn.")), ""),  # a sign with its number
        ((("=", "Its power is "), ("-", "<"), ("+", ">"), ("=", " 3.")), ""),  # a comparison with its number
        ((("=", "Its power is "), ("-", "<"), ("+", ">"), ("=", " X.")), ""),  # or its variable
        ((("=", "It costs "), ("-", "?"), ("+", "\u2212"), ("=", "4 to cast.")), "cosmetic"),  # a character lost
        ((("=", "It costs "), ("-", "\ufffd"), ("+", "\u2212"), ("=", "4 to cast.")), "cosmetic"),
        # Inside a word the whole word is compared, not the first word within reach.
        ((("=", "Cards from the well known set _Ravnica_("), ("-", "R"), ("+", "TM"), ("=", ") block.")), "cosmetic"),
    ],
)
def test_a_run_is_judged_with_the_number_it_governs_or_the_word_it_sits_in(
    pieces: tuple[tuple[str, str], ...], plain: str
) -> None:
    assert [p for p, _, _ in _runs_of(*pieces)] == [plain]


def test_a_run_sees_600_characters_of_new_text_each_side() -> None:
    assert _runs_of(("=", "x" * 1000), ("-", "a"), ("+", "b"), ("=", "y" * 1000)) == [("", 600, 600)]


@given(st.text(alphabet=st.sampled_from(list("ab1_ .,\"“”—\n()")), max_size=12))
def test_word_edges_is_the_span_the_readable_pattern_gives(text: str) -> None:
    from ruldiff.diff.text import word_edges

    m = re.match(r"^[^\w]*(.*?)[^\w]*$", text, re.DOTALL)
    assert m is not None and word_edges(text) == m.span(1)


def test_the_shared_patterns_of_letters_and_sentence_ends() -> None:
    from ruldiff.diff.text import LETTER, SENTENCE_END, SENTENCE_END_OR_TEXT

    assert [c for c in "aé_1 -.Ж" if LETTER.fullmatch(c)] == ["a", "é", "_", "Ж"]
    text = "One. Two: three; four! Five? Six 3.5 cards.\nSeven."
    assert SENTENCE_END.split(text) == ["One", "Two", "three", "four", "Five", "Six 3.5 cards", "Seven."]
    assert SENTENCE_END_OR_TEXT.split(text) == ["One", "Two", "three", "four", "Five", "Six 3.5 cards", "Seven", ""]


def _run(deleted: str, inserted: str, before: str = "", after: str = "", at: int = 0) -> runs.Run:
    return runs.Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted), at)


@pytest.mark.parametrize(
    ("run", "symbol"),
    [
        (_run("{C}", "{CHAOS}"), ("{C}", "{CHAOS}")),
        (_run("{C}", "{A B}"), None),  # no space in a symbol
        (_run("{C}", "{A{B}"), None),  # nor a brace
        (_run("{C}", "{A}{B}"), None),
        (_run("C", "CHAOS", "pay {", "} now"), ("{C}", "{CHAOS}")),  # the braces kept out of the run
        (_run("C", "A{B", "pay {", "} now"), None),
        (_run("C", "A B", "pay {", "} now"), None),
    ],
)
def test_a_symbol_respelled_is_one_brace_pair_with_no_space_or_brace_inside(
    run: runs.Run, symbol: tuple[str, str] | None
) -> None:
    assert cosmetic.symbol_of(run) == symbol


@pytest.mark.parametrize(("at", "goes"), [(22, True), (23, False)])
def test_a_replaced_mark_goes_with_a_rewording_within_12_characters(at: int, goes: bool) -> None:
    assert cosmetic.goes_with(_run('"', "\u201c", "x" * at, "y" * 40, at), [(0, 10)]) is goes


@pytest.mark.parametrize(
    ("deleted", "inserted", "between", "goes"),
    [
        (",", "", " and then 3.5 more points are ", True),  # the same sentence
        (",", "", " and that ends. Then more words ", False),  # a full stop and a space part them
        (",", "", ' and he said "that ends." Then more ', False),  # so do a full stop and the quote it closes
        (",", "", " and that is the end of it.", False),  # a full stop right before the mark
        ('"', "", " and that is the end of its counters.", True),  # a quote closing the rewording's sentence
        (" ", "", " and that is the end of it.", False),  # white space closes nothing
    ],
)
def test_a_mark_added_or_dropped_goes_with_a_rewording_in_its_sentence(
    deleted: str, inserted: str, between: str, goes: bool
) -> None:
    stop = 10
    at = stop + len(between)
    assert len(between) > 12  # beyond the characters any mark goes with
    run = _run(deleted, inserted, "x" * stop + between, " More.", at)
    assert cosmetic.goes_with(run, [(0, stop)]) is goes


# Issue #27, pattern 6: list items inside a replaced chunk, read item by item.


def _list_run(before: str, deleted: str, inserted: str, after: str) -> runs.Run:
    return runs.Run(deleted, inserted, before, after, "", norm(deleted), norm(inserted))


def test_items_inside_a_replaced_chunk_of_a_list_are_named_item_by_item() -> None:
    run = _list_run("The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, Beech, Birch, Cedar, Fir",
               ", Hazel, Larch, Oak, and Pine. Of those, Ash is rare.")
    assert lists.list_items(run) == (("The Yew", "Beech", "Fir"), ("Elm",))


def test_a_chunk_across_a_sentence_end_that_only_changes_typography_there_is_read() -> None:
    run = _list_run("The tree kinds are Ash, Oak, Pine, ", "Yew, and Rowan's.\nOf", "Yew, Elm, and Rowan’s. Of",
               " that list, Ash is rare.")
    assert lists.list_items(run) == (("Elm",), ())


def test_a_list_shortened_in_a_chunk_names_the_item_dropped_not_the_words_after_it() -> None:
    run = _list_run("A spell with extra costs such as tithe", ", levy, or toll", " or levy", " costs is announced.")
    assert lists.list_items(run) == ((), ("toll",))



# Five rules that name the same list, for `_list_length`.
LISTED = ["Put {} into the bowl at dusk.", "A keeper may hide {} under the stone.", "Count {} before the round ends.",
          "No warden may touch {} twice.", "Shuffle {} into the vault."]


@pytest.mark.parametrize(
    ("old", "new", "rewrite"),
    [
        ("local relics or urns", "embers, urns, or vaults", False),  # two items, then three
        ("relics, urns, and vaults", "embers and urns", False),  # three items, then two
        ("relics or urns", "embers or vaults", True),  # two items each side
        ("relics, urns, or vaults", "lanterns", True),  # a list made one word
    ],
)
def test_a_list_grown_or_shrunk_in_many_rules_is_no_rewrite(old: str, new: str, rewrite: bool) -> None:
    """A list on both sides whose items (between commas, "and", "or")
    are more or fewer on one side adds or removes an item: however many
    rules make the change, it is no family of rewrites."""
    result = pair([t.format(old) for t in LISTED], [t.format(new) for t in LISTED])
    assert [(s.old, s.new, s.count) for s in result.substitutions] == ([(old, new, 5)] if rewrite else [])
    assert {c.tags for c in result.changes} == {("substitution",) if rewrite else ("substantive",)}

def test_an_item_put_in_the_plural_is_reworded_not_added() -> None:
    run = _list_run("The token has no cost, ", "seal, glyph mark,", "seals,", " rules text, or glow.")
    assert lists.list_items(run) == ((), ("glyph mark",))


def test_an_item_appended_after_the_final_and_is_named() -> None:
    assert lists.list_items(_list_run("The hues are red, blue, and green", ".", ", and gold.", "")) == (("gold",), ())
    assert lists.list_items(_list_run("The hues are red, blue", "", ", green", " and gold.")) == (("green",), ())


def test_a_growing_pair_of_alternatives_in_a_chunk_names_nothing() -> None:
    run = _list_run("Face-down relics, face-down wards, and veiled cards allow the card", " or token",
               ", spell, or ward", " to be face down.")
    assert lists.list_items(run) is None


def test_a_clause_or_an_aside_is_never_an_item() -> None:
    assert lists.list_items(_list_run("After this round,", "", " if a keeper won,", " the boards are reset.")) is None
    assert lists.list_items(_list_run("Auras, wards,", "", " however,", " and relics stay.")) is None
    assert lists.list_items(_list_run("In the Grove variant", "", ", a variant made and loved by fans,",
                                 " each deck is led by a tree.")) is None
    assert lists.list_items(_list_run("Power, toughness, and ", "gleam", "/", " are values.")) is None


def test_a_word_of_a_cited_title_is_no_item() -> None:
    assert lists.list_items(_list_run('See rule 202, "Cost, Hue, and', "", " Gleam", '."')) is None
    run = _list_run('See rule 104, “Waxing and Waning,” rule 806.8, and ', "rule 900", "rule 901", ".")
    assert lists.list_items(run) is None
    run = _list_run("See rule 104, ", "“Waxing and Waning,”", "“Ending the Round,”", " rule 806.8, and rule 900.")
    assert lists.list_items(run) is None


def test_items_renamed_in_place_are_a_rewording_not_a_list_edit() -> None:
    run = _list_run("The zones are deck, hand, ", "hold, pile, and void", "keep, pile, and rift", ".")
    assert lists.list_items(run) is None


def test_a_quoted_item_after_the_final_or_is_named_whatever_follows_it() -> None:
    run = _list_run('It names the word "glyph," "relic,"', " or", "", ' "ward," it means a token.')
    assert lists.list_items(run) == ((), ())
    run = _list_run('It names the word "glyph," "relic," "ward,"', "", ' or "rune,"', " it means a token.")
    assert lists.list_items(run) == (("rune",), ())


def test_a_chunk_whose_last_piece_is_a_clause_names_nothing() -> None:
    run = _list_run("", "Plane", "Ember cards, glyph cards, vigil cards, and plane", " cards have no subtypes.")
    assert lists.list_items(run) is None


# Issue #27, item 3: a phrase deleted before a mark it takes with it.


def test_a_phrase_deleted_with_the_closing_quote_beside_it_is_a_rewrite() -> None:
    # Straight quotes became curly ones in the same release: the word diff
    # reads "{G}[- to your glyph pool."-]{+.”+}".
    old = [f'The {name} has the ability "Tap: add {{{hue}}} to your glyph pool."' for name, hue in
           (("Ash Grove", "G"), ("Stone Hall", "W"), ("Mire", "B"))]
    old.append('A relic that reads "Tap: add {C} to your glyph pool," adds one glow at dusk.')
    new = [t.replace(" to your glyph pool", "").replace('"', "“", 1).replace('"', "”") for t in old]
    subs = pair(old, new).substitutions
    assert [(s.old, s.new, s.count) for s in subs] == [("to your glyph pool", "", 4)]


def test_an_or_after_a_list_closed_by_its_or_adds_a_predicate_not_an_item() -> None:
    run = _list_run("After a keeper casts a glyph, ward, or rune,", "", " or takes a rest,", " the keeper waits.")
    assert lists.list_items(run) is None
    # Nor one joined to the list's last item: two kinds of copy, not a list.
    run = _list_run("A glyph is a rune, or copy of a glyph", "", " or rune,", " that's in the well.")
    assert lists.list_items(run) is None


# --- substitutions: what a candidate phrase may hold (issue #30, static mutants) --------------


@pytest.mark.parametrize(
    "d, i, phrase",
    [
        ('keep "relic safe', 'keep "ember safe', None),  # a quotation opened inside the phrase
        ("keep “relic safe", "keep “ember safe", None),
        ("keep 'relic safe", "keep 'ember safe", None),
        ("keep ‘relic safe", "keep ‘ember safe", None),
        ("the relics' keeper", "the embers' keeper", None),  # a quote closed (or a plural's apostrophe)
        ("the relic's keeper", "the ember's keeper", ("the relic's keeper", "the ember's keeper")),  # inside a word
        ("the relic’s keeper", "the ember’s keeper", ("the relic’s keeper", "the ember’s keeper")),
    ],
)
def test_a_candidate_phrase_holds_no_quotation_mark(d: str, i: str, phrase: tuple[str, str] | None) -> None:
    assert substitutions._clean_phrase(d, i) == phrase


@pytest.mark.parametrize(
    "before, after, sentence",
    [
        ("It glows. The ", " rests. Then", "the ember rests"),
        ("It glows! The ", " rests? Then", "the ember rests"),
        ("The ", " rests.", "the ember rests"),
        ("The ", " costs 1.5 marks. Then", "the ember costs 1.5 marks"),  # a decimal point ends no sentence
    ],
)
def test_a_replacement_is_read_in_its_sentence(before: str, after: str, sentence: str) -> None:
    assert substitutions._sentence_of(runs.Run("ash", "ember", before, after)) == sentence


@pytest.mark.parametrize(
    "d, i, kept",
    [
        ("draw’", "cast'", ("draw", "cast")),  # the same marks, however their quotes are typed
        ("draw”", 'cast"', ("draw", "cast")),
        ("‘Draw", "'Cast", ("Draw", "Cast")),
        ("“Draw", '"Cast', ("Draw", "Cast")),
        ("“Draw a card", "“Cast a spell", ("Draw a card", "Cast a spell")),
        ("“Draw", "'Cast", ("“Draw", "'Cast")),  # a double and a single quote differ
    ],
)
def test_marks_both_sides_share_are_set_aside(d: str, i: str, kept: tuple[str, str]) -> None:
    assert substitutions._without_shared_marks(d, i) == kept


def test_a_phrase_in_context_takes_one_word_each_side() -> None:
    assert substitutions._in_context(runs.Run("ash", "ember", "Draw the ", " now.")) == ("the ash now", "the ember now")


@pytest.mark.parametrize(
    "a, b, one",
    [
        # Old phrases spelled alike (difflib's ratio 0.71 from 0.7), new ones too (0.71 from 0.55): one rewrite.
        (("emberglow", "ashfall"), ("ember", "ashfalls"), True),
        (("emberglows", "ashfall"), ("ember", "ashfalls"), False),  # old 0.67
        (("himself or herself", "cinderfall"), ("him or her", "cinders"), True),
        (("himself or herself", "ashfall"), ("him or her", "ashes"), False),  # new 0.50
    ],
)
def test_replacements_spelled_alike_are_one_rewrite(a: tuple[str, str], b: tuple[str, str], one: bool) -> None:
    # a weak tie: it joins two families unless they split one word two ways
    assert (substitutions._one_rewrite(a, b) is substitutions._Tie.WEAK) is one


def test_a_phrase_is_shown_as_written_most_often_in_its_first_50_occurrences() -> None:
    # 24 "Relic", 25 "relic", then the 50th "Relic" ties them: the first form seen wins; the 51st is not read.
    text = " ".join(["Relic draws."] * 24 + ["relic draws."] * 25 + ["Relic draws.", "relic draws."])
    assert substitutions._written("relic", text) == "Relic"


@pytest.mark.parametrize(
    "sentence, bare",
    [("see typecycling.", True), ("see the typecycling.", True), ("see the big typecycling.", False)],
)
def test_a_sentence_of_two_words_besides_the_phrase_is_a_formula(sentence: str, bare: bool) -> None:
    assert substitutions._bare({sentence}, "typecycling") is bare


_KEEPS = ["A relic rests in the vault.", "Each relic may hum once.", "No relic leaves the circle.",
          "Every relic is sealed at dawn.", "The keeper guards one relic."]
_REWRITES = ["The relic glows at dusk.", "Shuffle the relic into the deck.", "A keeper may lift a relic.",
             "Only one relic may burn.", "The last relic fades."]


@pytest.mark.parametrize("rules, found", [(4, [("The relic", "The ember")]), (5, [("relic", "ember")])])
def test_a_rewrite_in_fewer_than_5_rules_must_replace_its_phrase_more_often_than_it_keeps_it(
    rules: int, found: list[tuple[str, str]]
) -> None:
    # The old phrase replaced in as many rules as it is kept in: a rewrite made in 5 rules may keep it up to
    # twice as often as it replaced it; in 4, "relic" is kept too often, and only "The relic" is the rewrite.
    old = _REWRITES[:rules] + _KEEPS[:rules]
    new = [t.replace("relic", "ember") for t in _REWRITES[:rules]] + _KEEPS[:rules]
    assert [(s.old, s.new) for s in pair(old, new).substitutions] == found


# --- cosmetic: a run that only adds or drops marks (issue #30, mutmut's survivors) ----------------


@pytest.mark.parametrize(
    "a, b, only",
    [
        ("(This", "This", True),  # a bracket the word diff glued to a word, dropped
        ("This", "(This", True),  # or added
        ('mulligan"', "mulligan", True),  # one half of a pair goes with the text that holds the other
        ("mulligan'", "mulligan", True),
        ('"mulligan"', "mulligan", False),  # quotes put around a word: an edit of their own
        ("mulligan", '"mulligan"', False),
        ("'mulligan'", "mulligan", False),
        ("“mulligan”", "mulligan", False),
        ('"mulligan\'', "mulligan", True),  # two different quotes make no pair
        ("Coldsnap(tm)", "Coldsnap", False),  # letters dropped too
        ("Coldsnap", "Coldsnap(tm)", False),
        ('"This', "“This", False),  # a mark replaced by another: no mark only added or dropped
        ("This", "this", False),
    ],
)
def test_marks_only(a: str, b: str, only: bool) -> None:
    assert cosmetic.marks_only(a, b) is only


# --- lists: what an item is, and what a list around an edit looks like (issue #30, static mutants) ---


@pytest.mark.parametrize(
    "text, item",
    [
        ("113", False), ("903.11a", False), ("section 4", False), ("sections", False), ("section", False),
        ("rule 712", False), ("rules", False), ("rule", False), ("Rule 5", False),  # what a list of references leaves
        ("rule712", True),  # a word run into a number: no reference (as `references` reads them)
        (".NET", True),  # a name with a dot: no rule number
    ],
)
def test_a_reference_is_no_list_item(text: str, item: bool) -> None:
    assert lists._is_item(text) is item


@pytest.mark.parametrize(
    "before, deleted, inserted, after, items",
    [
        # An item may carry a pointer to its rule, which is not part of its name.
        ("The hues are red, blue, ", "", "green (see rule 105), ", "and gold.", (("green",), ())),
        ("The hues are red, blue, ", "", "green (see section 105), ", "and gold.", (("green",), ())),
        ("The hues are red, blue, ", "", "green (rules 105–106), ", "and gold.", (("green",), ())),
        ("The hues are red, blue, ", "", "green(see rule 105), ", "and gold.", (("green",), ())),
        # An item added after an "and"/"or" that ends the text before it.
        ("The hues are red, blue, or ", "", "green, or ", "gold.", (("green",), ())),
        ("The hues are red, blue or", "", " green,", " gold.", (("green",), ())),
        ("The hues are red, blue, sand", "", " green,", " gold.", None),  # "sand" is no "and"
        ("The hues are red, blue, ", "", "green; ", "and gold.", None),  # a clause's end is in no item
        # A list already closed by its "and"/"or" takes no item after it: a second predicate.
        ("It plays a spell, ability, or land,", "", " or takes a move,", " then rests.", None),
        ("It plays a spell, ability, and land,", "", " and takes a move,", " then rests.", None),
        ("It plays a spell, ability, or land, a rune,", "", " or a move,", " then rests.", (("a move",), ())),
        # The same when the run holds the comma that closes the list.
        ("An ash, elm, or oak tree with moss", ", or any shrub with moss,", "", " grows slowly.", None),
        ("An ash, elm, or oak tree with moss", "", ", or any shrub with moss,", " grows slowly.", None),
        ("An ash, elm, and oak, and so on", "", ", and the shrubs", ".", (("the shrubs",), ())),
        ("The hues are red, blue", "", ", or green,", " gold.", (("green",), ())),
        # The last item after an "or" (quotes around it or not), whatever clause follows the list.
        ("If a card is a “spell,” “plane”", "", ", “or scheme,”", " it means the card rests.", (("scheme",), ())),
        ("If a card is a “spell,” “plane”", "", ", ora “scheme,”", " it means the card rests.", None),
        # Items named inside a quoted title are words of the title; a title closed before them is not.
        ("See rule 202, Mana Cost, Color", "", ", and Pips", " now.", (("Pips",), ())),
        ("See rule 202, “Mana” Cost, Color", "", ", and Pips", " now.", (("Pips",), ())),
        ("See rule 202 “Mana Cost, Color", "", ", and Pips", "” now.", None),
        # A new first item before the words that open the list.
        ("The artifact types are", "", " Blood,", " Clue, Food, and Gold.", (("Blood",), ())),
        ("The artifact types include", "", " Blood,", " Clue, Food, and Gold.", (("Blood",), ())),
        ("The artifact types includes", "", " Blood,", " Clue, Food, and Gold.", (("Blood",), ())),
        ("The artifact types including", "", " Blood,", " Clue, Food, and Gold.", (("Blood",), ())),
        ("The artifact types:", "", " Blood,", " Clue, Food, and Gold.", (("Blood",), ())),
        ("The artifact types spare", "", " Blood,", " Clue, Food, and Gold.", None),  # "spare" is no "are"
        # An item added before the "or" that ends a list; "organ" and "andor" are no separators.
        ("The hues are red, blue", "", ", green", " or gold.", (("green",), ())),
        ("The hues are red, blue", "", ", green", " organ gold.", None),
        ("The hues are red, blue, green", "", " andor gold", ".", None),
        ("The hues are red, blue, ", "", "oriole, ", "and gold.", (("oriole",), ())),  # a word that starts as "or" is one
        ("The hues are red, blue", "", ", oriole", ", and gold.", (("oriole",), ())),
        ("The hues are red, blue or a", "", " green,", " gold.", None),  # the "or" is not what ends the text before
        ("The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, [Beech, Birch, Cedar, Fir",
         ", Hazel, Larch, Oak, and Pine.", None),  # a bracket opened inside the chunk: no list of items
        ("The hues are red, blue", "", ", grand green", ", and gold.", (("grand green",), ())),
        ("The hues are red, blue, ", "", "green sand", ", and gold.", (("green sand",), ())),
        # Items quoted, "and" between the last two: the clause after them is the sentence's, not an item.
        ("If a card is a “spell,”", "", " “plane,” and “scheme,”", " it means the card rests.", (("plane", "scheme"), ())),
        # A chunk of a list replaced, read item by item: not across a clause's end, nor inside a cited title.
        ("The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, Beech, Birch; Cedar, Fir",
         ", Hazel, Larch, Oak, and Pine.", None),
        ("See rule 202 The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, Beech, Birch, Cedar, Fir",
         ", Hazel, Larch, Oak, and Pine.", (("The Yew", "Beech", "Fir"), ("Elm",))),
        ("See rules 202 “The tree kinds are ", "Ash, Birch, Cedar, Elm", "The Yew, Ash, Beech, Birch, Cedar, Fir",
         ", Hazel, Larch, Oak, and Pine.”", None),
    ],
)
def test_list_items_at_the_edges(before: str, deleted: str, inserted: str, after: str, items: object) -> None:
    assert lists.list_items(_list_run(before, deleted, inserted, after)) == items


@pytest.mark.parametrize("gap, near", [(8, True), (9, False)])
def test_a_list_edit_within_8_characters_of_a_rewording_may_be_one_edit_cut_in_two(gap: int, near: bool) -> None:
    listed = runs.Run("", "green, ", "The hues are red, blue, ", "and gold.", "", "", "green,", 10)
    reworded = runs.Run("red", "crimson", "The dye is ", " now.", "", "red", "crimson", 10 + len("green, ") + gap)
    assert lists.list_items(listed) == (("green",), ()) and lists.list_items(reworded) is None
    assert lists.entangled([listed, reworded], 0) is near
    assert lists.entangled([reworded, listed._replace(at=reworded.at + len("crimson") + gap)], 1) is near


@pytest.mark.parametrize(
    "before, items",
    [("The hues are red, then deep dark rich tones", (("green",), ())),  # the list's comma 6 words back
     ("The hues are red, then deep dark rich warm tones", None)],  # 7: too far to be this list's
)
def test_a_list_s_commas_are_within_6_words_of_the_edit(before: str, items: object) -> None:
    assert lists.list_items(_list_run(before, "", ", green", " and gold.")) == items


# --- splits: how much of a part the whole must hold (issue #30, static mutants) -----------------


def _words_of(prefix: str, n: int) -> str:
    """n invented words, distinct and never function words."""
    return " ".join(f"{prefix}{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(n))


def _three(inside: int, total: int) -> tuple[Rule, Rule, Rule]:
    """(whole, kept, part): `part` has `total` words, `inside` of them in `whole`, which is `kept` and those."""
    kept = _rule("200.2", _words_of("kest", 10))
    whole = _rule("200.2", _words_of("kest", 10) + " " + _words_of("pirn", inside))
    part = _rule("200.3", _words_of("pirn", inside) + " " + _words_of("quol", total - inside))
    return whole, kept, part


@pytest.mark.parametrize(
    "inside, total, part, looked_at, hint",
    [
        (16, 20, True, True, True),
        (15, 20, True, True, True),  # three quarters in the whole: a hint at least
        (14, 20, True, True, False),  # 0.7: a part, no longer a hint's cover
        (13, 20, False, True, False),
        (20, 50, False, True, False),  # two fifths: looked at further
        (19, 50, False, False, False),
    ],
)
def test_a_part_s_words_found_in_the_whole(inside: int, total: int, part: bool, looked_at: bool, hint: bool) -> None:
    whole, kept, piece = _three(inside, total)
    assert splits._part_of(whole, kept, piece) is part
    assert splits._may_be_part(whole, kept, piece) is looked_at
    assert splits._likely_part(whole, kept, piece) is hint


@pytest.mark.parametrize("part, verbatim", [("Lands have no costs.", True), ("Lands have costs.", False)])
def test_a_sentence_split_off_word_for_word_has_four_words_at_least(part: str, verbatim: bool) -> None:
    whole = _rule("200.2", f"Keepers draw twice. {part}")
    assert splits._verbatim_part(whole, _rule("200.2", "Keepers draw twice."), _rule("200.3", part)) is verbatim


@pytest.mark.parametrize(
    "kept_n, extra, part, hint",
    [
        (1, 15, False, True),  # the whole 0.0994 closer to both than to the kept rule alone: no part (0.1)
        (16, 37, False, True),  # 0.0217 closer: a hint (0.02)
        (18, 39, False, False),  # 0.0198
    ],
)
def test_the_whole_must_be_closer_to_both_rules_than_to_the_kept_one(kept_n: int, extra: int, part: bool, hint: bool) -> None:
    kept = _rule("200.2", _words_of("kest", kept_n))
    whole = _rule("200.2", f"{_words_of('kest', kept_n)} pirnaa {_words_of('zorb', extra)}")
    piece = _rule("200.3", "pirnaa")
    assert splits._part_of(whole, kept, piece) is part
    assert splits._likely_part(whole, kept, piece) is hint


@pytest.mark.parametrize(
    "before, after, sentence",
    [
        ("It says “{T}: ", " glows.” Later it rests.", "{t}: ember glows."),  # inside a quotation: the quotation
        ('It says "{T}: ', ' glows." Later it rests.', "{t}: ember glows."),
        ("It says “The ", ' rests." Then', "the ember rests."),  # closed by a straight quote
        ('Say "a" or “The ', " rests” now.", "the ember rests"),
        ("It says “Go.” The ", " rests. Then", "it says “go.” the ember rests"),  # a quotation closed before
        ('It says "Go." The ', " rests. Then", 'it says "go." the ember rests'),
        ('It says "Go\nThe ', " rests. Then", 'it says "go the ember rests'),  # a quote opened on a line before
        ("It says “The ", " rests. Then", "it says “the ember rests"),  # never closed: the sentence
    ],
)
def test_a_replacement_inside_a_quotation_is_read_in_the_quotation(before: str, after: str, sentence: str) -> None:
    assert substitutions._sentence_of(runs.Run("ash", "ember", before, after)) == sentence


# Under one heading (I): 1.1 and 1.2 are its rules, 1.1(b) an item of 1.1; 1.3 a rule the release added.
_OLD_PARENTS = {"1.1": "I", "1.2": "I", "1.1(a)": "1.1", "1.1(b)": "1.1", "1.2(a)": "1.2"}
_NEW_PARENTS = {"1.1": "I", "1.2": "I", "1.3": "I", "1.1(a)": "1.1", "1.2(a)": "1.2", "1.2(b)": "1.2",
                "1.3(a)": "1.3", "1.4": "I", "1.1(a)(i)": "1.1(a)", "1.2(a)(i)": "1.2(a)"}


@pytest.mark.parametrize(
    "old_id, new_id, moved",
    [
        ("1.1(b)", "1.2(b)", ("1.1", "1.2")),  # to another rule of its heading
        ("1.1(b)", "1.3(a)", None),  # under a rule the release added: a rule put above it
        ("1.1(b)", "1.4", None),  # promoted to a rule of its own
        ("1.1(b)", "1.1(a)(i)", None),  # demoted under its old sibling
        ("1.1(b)", "1.2(a)(i)", ("1.1", "1.2(a)")),  # under an item of another rule
        ("1.1(a)", "1.1(a)", None),  # under its own parent still
    ],
)
def test_moved_between_units_under_one_heading(old_id: str, new_id: str, moved: tuple[str, str] | None) -> None:
    change = Change(ChangeKind.RENUMBERED, _rule(old_id, "Draw."), _rule(new_id, "Draw."), ())
    id_map = {"1.1": "1.1", "1.2": "1.2", "I": "I", "1.1(a)": "1.1(a)", "1.2(a)": "1.2(a)"}
    was = {n: o for o, n in id_map.items()}
    under = {i: "I" for i in set(_OLD_PARENTS) | set(_NEW_PARENTS)}
    assert moves.moved(change, id_map, under, under, was, _OLD_PARENTS, _NEW_PARENTS) == moved


def test_a_rule_that_went_along_with_its_parent_has_not_moved() -> None:
    # 3.4 became 3.1(b) and its item 3.4(a) became 3.1(c): it sits beside its old parent,
    # under the unit that now holds it. So does an item under a misprinted parent put
    # right (3.b, read as a rule of its own, became 3.2(b), and 3.1(d) under it 3.2(c)).
    old = {"3.1": "3", "3.4": "3", "3.4(a)": "3.4", "3.2": "3", "3.b": "3", "3.1(d)": "3.b"}
    new = {"3.1": "3", "3.1(b)": "3.1", "3.1(c)": "3.1", "3.2": "3", "3.2(b)": "3.2", "3.2(c)": "3.2"}
    id_map = {"3": "3", "3.1": "3.1", "3.4": "3.1(b)", "3.2": "3.2", "3.b": "3.2(b)"}
    was = {n: o for o, n in id_map.items()}
    under = {i: "3" for i in set(old) | set(new)}
    for old_id, new_id in (("3.4(a)", "3.1(c)"), ("3.1(d)", "3.2(c)")):
        change = Change(ChangeKind.RENUMBERED, _rule(old_id, "Draw."), _rule(new_id, "Draw."), ())
        assert moves.moved(change, id_map, under, under, was, old, new) is None
    # Put under another rule that was there before: moved.
    change = Change(ChangeKind.RENUMBERED, _rule("3.4(a)", "Draw."), _rule("3.2(c)", "Draw."), ())
    assert moves.moved(change, id_map, under, under, was, old, new) == ("3.4", "3.2")


def test_a_rule_demoted_under_an_item_of_its_old_parent_has_not_moved() -> None:
    # 7.2 sat under heading 7; now 7.1(b)(i), under an item 7 held two levels down.
    old = {"7.1": "7", "7.1(b)": "7.1", "7.2": "7", "8.1": "8"}
    new = {"7.1": "7", "7.1(b)": "7.1", "7.1(b)(i)": "7.1(b)", "8.1": "8", "8.1(a)": "8.1"}
    id_map = {"7": "7", "8": "8", "7.1": "7.1", "7.1(b)": "7.1(b)", "8.1": "8.1"}
    was = {n: o for o, n in id_map.items()}
    under = {i: i.split(".")[0] for i in set(old) | set(new)}
    change = Change(ChangeKind.RENUMBERED, _rule("7.2", "Draw."), _rule("7.1(b)(i)", "Draw."), ())
    assert moves.moved(change, id_map, under, under, was, old, new) is None


_BLOCKING_OLD = """Club Rules

3. Play

309. Blocking

309.1. Blockers are named at the start of the fight.
309.1a A keeper blocks alone when it is the only keeper named to block.
309.2. The named keepers then face their foes in turn.
309.3. A keeper that blocks stays in the fight until the bell.
309.4. Lanterns in the hall are lit before any fight begins tonight.
"""
_BLOCKING_NEW = """Club Rules

3. Play

309. Blocking

309.1. Blockers are named at the start of the fight.
309.2. The named keepers then face their foes in turn.
309.3. The referee blows the whistle twice to end a round.
309.4. A keeper that blocks stays in the fight until the bell.
309.4a A keeper blocks alone when it is the only keeper named to block.
"""


def test_a_rule_moved_under_a_renumbered_rule_whose_old_number_was_removed_is_moved_under_every_hash_seed(
    tmp_path: Path,
) -> None:
    """Old 309.3 became 309.4, old 309.4 was removed, and 309.1a went under
    the new 309.4 as 309.4a: it moved from 309.1 to 309.4 (the rule that was
    309.3), whatever order Python's hash seed gives the sets of numbers."""
    from helpers import same_under_every_hash_seed

    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(_BLOCKING_OLD, encoding="utf-8")
    new.write_text(_BLOCKING_NEW, encoding="utf-8")
    out = json.loads(same_under_every_hash_seed(["-m", "ruldiff", str(old), str(new), "-f", "json"]))
    moved = {c["new"]: c["moved"] for c in out["changes"] if c["kind"] == "renumbered"}
    assert moved["309.4a"] == {"old": "309.1", "new": "309.4"}


EMBER_WHOLE = "Kindling means make a colorless Ember lantern token with 'Tend this lantern: draw a glyph.'"
EMBER_PART = "An Ember token is a colorless Ember lantern token with 'Tend this lantern: draw a glyph.'"
FILLER = [Change(ChangeKind.ADDED, None, _rule(f"150.{k}", f"Owl rule {word} says how owls roost at dusk.", 20 + k), ())
          for k, word in enumerate(["amber", "birch", "cedar", "dune", "elm"], 1)]


@pytest.mark.parametrize(
    "kept_id, part, found",
    [
        # The definition moved out into a list of its kind, five changes
        # away, the old rule now pointing to it: a split.
        ("300.1a", EMBER_PART, True),
        # The old rule's number went with the part left there: no split so far away.
        ("300.2a", EMBER_PART, False),
        # A rule made on the same pattern, for another token: too little of the whole.
        ("300.1a", "A Spark token is a red Spark token with 'Flare: deal one damage.'", False),
    ],
)
def test_a_part_far_from_its_whole_is_found_when_it_holds_what_the_kept_rule_lost(
    kept_id: str, part: str, found: bool
) -> None:
    added = Change(ChangeKind.ADDED, None, _rule("100.4c", part, 5), ())
    kept = _rule(kept_id, "Kindling means make an Ember token. See rule 100.4c.", 40)
    changed = Change(ChangeKind.CHANGED, _rule("300.1a", EMBER_WHOLE, 40), kept, ())
    out = splits.join_splits([added, *FILLER, changed], _joined)
    got = [c for c in out if c.old is not None and c.old.id == "300.1a"]
    assert [(c.kind, [r.id for r in c.news]) for c in got] == (
        [(ChangeKind.SPLIT, ["100.4c", kept_id])] if found else [(ChangeKind.CHANGED, [kept_id])])
    assert len(out) == (6 if found else 7)


def test_two_rules_folded_into_one_far_from_each_other_are_a_merge() -> None:
    # Two sections' rules made one: the new rule holds both, each brings it
    # words the other lacks.
    whole = ("Melded lanterns and other paired lanterns can't be dimmed. If an effect tries to dim a paired"
             " lantern, nothing happens. Each face of a melded lantern keeps its own glow.")
    kept = _rule("400.5", "Paired lanterns can't be dimmed. If an effect tries to dim a paired lantern, nothing happens.", 50)
    part = _rule("410.6", "Melded lanterns can't be dimmed. Each face of a melded lantern keeps its own glow.", 60)
    changes = [Change(ChangeKind.RENUMBERED, kept, _rule("401.6", whole, 50), ()), *FILLER,
               Change(ChangeKind.REMOVED, part, None, ())]
    [merge] = [c for c in splits.join_splits(changes, _joined) if c.kind is ChangeKind.MERGED]
    assert [r.id for r in merge.olds] == ["400.5", "410.6"]


LIFTED_WHOLE = "Two lanterns glow alike if the amber versions of their wicks are identical."
LIFTED_KEPT = "Two lanterns glow alike if their wicks are identical."


def _lifted(parent_text: str, kept_parent: str) -> list[str]:
    """The kinds of the changes when old 200.2 became a new 200.2 and a
    200.2a under `kept_parent`."""
    added = Change(ChangeKind.ADDED, None, Rule("200.2", RuleKind.RULE, parent_text, parent="200", line=10), ())
    kept = Rule("200.2a", RuleKind.RULE, LIFTED_KEPT, parent=kept_parent, line=11)
    changed = Change(ChangeKind.RENUMBERED, _rule("200.2", LIFTED_WHOLE, 10), kept, ())
    return _kinds(splits.join_splits([added, changed], _joined))


def test_a_sentence_lifted_into_a_new_parent_that_took_the_number_is_a_split() -> None:
    holds = "A lantern's wick is always read as the amber version of its wick."
    # The lost words ("amber versions") went into the new rule that took
    # the number and now heads the rest: a split.
    assert _lifted(holds, "200.2") == ["split"]
    # The new parent does not hold them: no part.
    assert _lifted("A lantern's wick is always read as printed.", "200.2") == ["added", "renumbered"]
    # The rest is not under the new rule: nothing ties them.
    assert _lifted(holds, "200") == ["added", "renumbered"]


# --- issue #27, gap pairs: what a family's variant is ----------------------------------------


def test_a_variant_never_spans_a_sentence_end() -> None:
    # "relic vault. The relic vault" is the rewrite twice, not a form of it.
    old = ["Put it in the relic vault. The relic vault is closed.", "The relic vault glows.", "Each relic vault hums.",
           "A relic vault rests."]
    new = ["Put it in the ember. The ember is closed.", "The ember glows.", "Each ember hums.", "A ember rests."]
    assert [(s.old, s.new, s.count, s.variants) for s in pair(old, new).substitutions] == [("relic vault", "ember", 5, ())]


def test_a_variant_never_catches_the_first_word_of_a_bracket() -> None:
    old = ["You may wake (such as a relic) now.", "Keepers wake a glyph.", "Each warden wakes a rune.", "Wake a sigil."]
    new = ["You may stir such as a relic now.", "Keepers stir a glyph.", "Each warden stirs a rune.", "Stir a sigil."]
    assert [(s.old, s.new, s.variants) for s in pair(old, new).substitutions] == [("wake", "stir", ())]


def test_a_verb_that_agrees_beside_the_phrase_is_no_variant_but_a_possessive_is() -> None:
    # "resolve" -> "resolves" agrees with a subject changed elsewhere: the
    # run is the family's rewrite, counted in it, with no form of its own.
    old = ["Keepers, at the end of each long turn, resolve ward effects.", "Ward effects end.",
           "Each of the ward effects glows.", "Two ward effects rest."]
    new = ["The keeper, at the end of each long turn, resolves ward actions.", "Ward actions end.",
           "Each of the ward actions glows.", "Two ward actions rest."]
    result = pair(old, new)
    assert [(s.old, s.new, s.count, s.variants) for s in result.substitutions] == [("effects", "actions", 4, ())]
    assert "substitution" in by_new(result)["100.1"].tags
    old = ["A ward effect's glow ends.", "Ward effects end.", "A ward effect glows.", "One ward effect rests."]
    new = ["A ward action's glow ends.", "Ward actions end.", "A ward action glows.", "One ward action rests."]
    assert [s.variants for s in pair(old, new).substitutions] == [(("effect's", "action's", 1),)]


def test_one_word_replaced_two_ways_in_two_of_its_forms_is_two_families() -> None:
    # "wake" -> "cast" / "activate", "waked" -> "casted" / "activated": one
    # word split in two meanings, each a family with its own tense.
    old = ["Wake the relic now.", "A keeper may wake glyphs.", "You wake runes at dusk.", "Wardens wake sigils.",
           "Wake this ability once.", "A keeper may wake this ability twice.", "You wake this ability at dusk.",
           "The relic was waked by a keeper.", "A rune is waked at dusk.",
           "The ability was waked by a warden.", "A sigil ability is waked at noon."]
    new = ["Cast the relic now.", "A keeper may cast glyphs.", "You cast runes at dusk.", "Wardens cast sigils.",
           "Activate this ability once.", "A keeper may activate this ability twice.", "You activate this ability at dusk.",
           "The relic was casted by a keeper.", "A rune is casted at dusk.",
           "The ability was activated by a warden.", "A sigil ability is activated at noon."]
    assert [(s.old, s.new, s.count) for s in pair(old, new).substitutions] == [
        ("wake / waked", "cast / casted", 6), ("wake / waked", "activate / activated", 5)
    ]


def test_a_pronoun_s_possessive_form_is_its_family_s_and_another_phrase_is_not() -> None:
    # "his or her" -> "that player’s" is "he or she" -> "that player" in the
    # possessive, wherever it is; "his or her" -> "the player’s" is not.
    rules = ["If a keeper loses, {} leaves at once.", "When a warden draws, {} passes.", "Once a seer wins, {} rests.",
             "If a guard falls, {} stands.", "If a scout hides, {} waits.", "If a sage sings, {} hums."]
    old = [r.format("he or she") for r in rules] + [
        "The game ends for all keepers within his or her range.", "All wardens within his or her reach rest."]
    new = [r.format("that player") for r in rules] + [
        "The game ends for all keepers within that player’s range.", "All wardens within the player’s reach rest."]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [
        ("he or she / his or her", "that player / that player’s", 7)
    ]
    assert by_new(result)["100.7"].tags == ("substitution",)
    assert by_new(result)["100.8"].tags == ("substantive",)


def test_a_phrase_too_long_once_named_whole_is_not_named_at_all() -> None:
    # "to{+ one two three four five six+} seal{- rune or keeper-}": whole, the
    # new side would pass SUB_MAX_WORDS, so no phrase is right: nothing is said
    # (before, the family was named by two empty phrases).
    from ruldiff.diff.runs import Run
    from ruldiff.diff.substitutions import _cut_names, _cut_short

    inserted = " one two three four five six"
    runs = [Run("", inserted, "to", " seal.", old="", new=inserted.strip(), at=2),
            Run(" rune or keeper", "", "to" + inserted + " seal", ".", old="rune or keeper", new="",
                at=2 + len(inserted) + len(" seal"))]
    phrase = ("seal rune or keeper", "seal")
    assert _cut_short(runs, 1, phrase) == ("", "")
    assert _cut_names({0: [(1, [phrase], "", "")]}, {0: runs}) == {phrase: None}


KINDLE_OLD = ("Kindle is a keyword that stands for three abilities. The first works while the lantern with kindle"
              " is in a keeper's hand. The others work in the warden's vault.")
KINDLED = "A lantern is \"kindled\" if it's in the warden's vault, has kindle, and has a wick counter on it."
KINDLE_NEW = ("A keyword ability that lets a lantern burn later. See rule 702.5. A lantern is \"kindled\" if it's"
              " in the quiet vault, has kindle, and has a wick counter on it.")


@pytest.mark.parametrize("term, merged", [("Kindled", True), ("Kindling", False), ("Lanterns", False)])
def test_a_glossary_entry_merged_into_the_entry_of_its_base_word_is_a_merge(term: str, merged: bool) -> None:
    # "Kindled" became a sentence of "Kindle" (a word of it reworded): a
    # merge. The same entry under another headword ("Kindling", "kindl" +
    # four letters; an alphabetical neighbour) is an entry removed: the
    # glossary's neighbours are no parts of one text.
    entry = Change(ChangeKind.CHANGED, _rule("glossary:Kindle", KINDLE_OLD, 10, RuleKind.GLOSSARY),
                   _rule("glossary:Kindle", KINDLE_NEW, 10, RuleKind.GLOSSARY), ())
    part = Change(ChangeKind.REMOVED, _rule(f"glossary:{term}", KINDLED, 11, RuleKind.GLOSSARY), None, ())
    out = splits.join_splits([entry, part], _joined)
    assert _kinds(out) == (["merged"] if merged else ["changed", "removed"])
    if merged:
        assert [r.id for r in out[0].olds] == ["glossary:Kindle", f"glossary:{term}"]


def test_an_article_that_agrees_with_a_renamed_noun_is_part_of_the_rename() -> None:
    # "Ember" -> "Urn" in five rules, twice after "an" ("an Ember" -> "a
    # Urn" is what the rename forces, no edit of its own): every rule is
    # the rename alone.
    old = ["An Ember glows.", "Keepers guard an Ember at dusk.", "The Ember rests in the vault.",
           "Wardens watch the Ember closely.", "Each Ember fades by dawn."]
    new = [t.replace("An Ember", "A Urn").replace("an Ember", "a Urn").replace("Ember", "Urn") for t in old]
    result = compare(doc([(f"100.{k}.", t) for k, t in enumerate(old, 1)]),
                     doc([(f"100.{k}.", t) for k, t in enumerate(new, 1)]))
    assert {c.new.id: c.tags for c in result.changes if c.new} == {f"100.{k}": ("substitution",) for k in range(1, 6)}


# --- #27 items 2-3: rewrites the neighbour-word search missed -------------------

def test_a_placeholder_respelled_in_sibling_rules_is_one_substitution() -> None:
    # "[this keeper]" -> "[a keeper]" in the templates of three sibling rules;
    # "this keeper" in running text, kept, is another use of the same words.
    templates = ["A glyph that reads “When [{}] draws, . . .” fires once.",
                 "A glyph that reads “When [{}] passes, . . .” fires twice.",
                 "A relic that reads “When [{}] rests, . . .” glows at dusk."]
    kept = ["Then this keeper draws.", "If this keeper wins, this keeper rests.", "Only this keeper may pass."]
    result = pair([t.format("this keeper") for t in templates] + kept, [t.format("a keeper") for t in templates] + kept)
    assert [(s.old, s.new, s.count, s.rules) for s in result.substitutions] == [
        ("[this keeper]", "[a keeper]", 3, ("100.1", "100.2", "100.3"))
    ]
    assert {by_new(result)[f"100.{k}"].tags for k in (1, 2, 3)} == {("substitution",)}
    # The same words respelled out of brackets, kept elsewhere: two local edits.
    loose = ["When this keeper draws, a glyph fires.", "When this keeper passes, a glyph fires twice."]
    result = pair(loose + kept, [t.replace("this keeper", "a keeper") for t in loose] + kept)
    assert result.substitutions == ()


def test_a_term_renamed_in_the_singular_and_the_plural_is_renamed_in_two_rules() -> None:
    # "Sealed Relic" in one rule, "Sealed Relics" in another: one rename in
    # two rules, named in its two numbers; "sealed" alone is kept elsewhere.
    kept = ["A sealed vault stays shut.", "Sealed glyphs cannot be drawn.", "A keeper may open a sealed door."]
    old = ["After a Pending Relic becomes a Sealed Relic at dusk, it rests.", "New relics may be added, but Sealed Relics cannot move.", *kept]
    new = [t.replace("Sealed Relic", "Bound Relic") for t in old]
    result = pair(old, new)
    assert [(s.old, s.new, s.count, s.rules) for s in result.substitutions] == [
        ("Sealed Relic / Sealed Relics", "Bound Relic / Bound Relics", 2, ("100.1", "100.2"))
    ]
    assert by_new(result)["100.1"].tags == ("substitution",)
    # The old term still used in the new text: two local edits, not a rename.
    result = pair(old + ["A Sealed Relic glows."], new + ["A Sealed Relic glows."])
    assert result.substitutions == ()


def test_a_pronoun_form_of_a_possessive_dropped_with_its_word_is_that_rewrite() -> None:
    # "keeper's turn" -> "keeper" in five rules; "his or her turn" -> "he or
    # she" is its pronoun form; "his or her turn" -> "the turn" is not.
    rules = ["The controller of another {} may pass.", "A glyph may control another {} at dusk.",
             "The warden of another {} may rest.", "A relic names another {} at noon.", "Seers watch another {} closely."]
    old = [r.format("keeper's turn") for r in rules] + [
        "A keeper may leave even if his or her turn is controlled by a seer.", "Each keeper ends his or her turn at dusk.",
        "A keeper may rest when his or her turn is held by a warden."]
    new = [r.format("keeper") for r in rules] + [
        "A keeper may leave even if he or she is controlled by a seer.", "Each keeper ends his or her turn at dusk.",
        "A keeper may rest when the turn is held by a warden."]
    result = pair(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [
        ("keeper's turn / his or her turn", "keeper / he or she", 6)
    ]
    assert by_new(result)["100.6"].tags == ("substitution",)
    assert by_new(result)["100.8"].tags == ("substantive",)


@pytest.mark.parametrize(
    "a, b", [("his", "he"), ("him", "he"), ("her", "she"), ("their", "they"), ("them", "they"), ("its", "it"), ("your", "you")]
)
def test_each_case_of_a_pronoun_is_one_word_with_its_subject_form(a: str, b: str) -> None:
    # A family's forms in another case are the same
    # rewrite (substitutions._one_word), both ways round.
    from ruldiff.diff.substitutions import _one_word

    assert _one_word(a, b) and _one_word(b, a)
    assert not _one_word(a, "player")
