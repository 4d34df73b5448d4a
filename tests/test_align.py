"""align.py: pairing by number and by content, renumbering, moves, the glossary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.align import (
    BAND, GAP_MIN, GAP_SAME_NUMBER_MIN, _by_own_numbers, _gaps, _Side, _title_key, _uncross, align, changed_pairs, similarity, word_set,
)
from ruldiff.documents.load import load
from ruldiff.model import Document, MatchHow, Pair, Rule, RuleKind


def ids(pairs: tuple[Pair, ...]) -> list[tuple[str | None, str | None]]:
    return [(p.old.id if p.old else None, p.new.id if p.new else None) for p in pairs]


KEYWORDS = [
    ("7", "Actions"),
    ("701", "Keyword Actions"),
    ("701.1.", "Most keyword actions are verbs."),
    ("701.2", "Gather"),
    ("701.2a", "To gather, a keeper takes every ember from the shared bowl."),
    ("701.3", "Scatter"),
    ("701.3a", "To scatter, a keeper spreads their ember among the other keepers."),
    ("701.4", "Kindle"),
    ("701.4a", "To kindle a lantern, a keeper lights it again after it went dark."),
]


def renumber(rules: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Insert 'Bind' as 701.3, shifting Scatter and Kindle down by one."""
    out = []
    for number, text in rules:
        if number.startswith(("701.3", "701.4")):
            head, rest = number[:4], number[4:]
            number = f"{head}{int(rest[0]) + 1}{rest[1:]}"
        out.append((number, text))
    out[5:5] = [("701.3", "Bind"), ("701.3a", "To bind a glyph, a keeper turns it face down under a lantern.")]
    return out


def test_inserted_rule_shifts_later_rules_as_renumbered_not_removed_and_added() -> None:
    old, new = doc(KEYWORDS), doc(renumber(KEYWORDS))
    pairs = align(old, new)
    assert ids(pairs) == [
        ("7", "7"),
        ("701", "701"),
        ("701.1", "701.1"),
        ("701.2", "701.2"),
        ("701.2a", "701.2a"),
        (None, "701.3"),
        (None, "701.3a"),
        ("701.3", "701.4"),
        ("701.3a", "701.4a"),
        ("701.4", "701.5"),
        ("701.4a", "701.5a"),
    ]
    assert {p.how for p in pairs if p.old and p.new and p.old.id != p.new.id} == {MatchHow.TEXT}


def test_renumbered_and_edited_rule_is_paired_by_position_and_similarity() -> None:
    new_rules = renumber(KEYWORDS)
    new_rules = [
        (n, t.replace("among the other keepers", "among all other keepers")) for n, t in new_rules
    ]
    pairs = align(doc(KEYWORDS), doc(new_rules))
    assert ("701.3a", "701.4a") in ids(pairs)
    pair = next(p for p in pairs if p.old and p.old.id == "701.3a")
    assert pair.how is MatchHow.SIMILAR
    assert 0.5 <= pair.similarity < 1


def test_rule_rewritten_in_place_is_paired_by_number() -> None:
    old = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
    new = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Draw two cards."), ("100.2.", "Pass.")])
    pair = next(p for p in align(old, new) if p.new and p.new.id == "100.1")
    assert pair.old is not None and pair.old.id == "100.1"
    assert pair.how is MatchHow.NUMBER


def test_unrelated_rule_under_a_reused_number_is_removed_and_added() -> None:
    old = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Keepers sit in a circle around the bowl.")])
    new = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Glyphs are shuffled before each game starts.")])
    assert ids(align(old, new))[-2:] == [("100.1", None), (None, "100.1")]


def test_repeated_heading_texts_pair_by_position() -> None:
    rules = [("1", "A"), ("100", "General"), ("100.1.", "One."), ("2", "B"), ("200", "General"), ("200.1.", "Two.")]
    moved = [("1", "A"), ("100", "General"), ("100.1.", "One."), ("2", "New"), ("200", "General"),
             ("200.1.", "Fresh."), ("3", "B"), ("300", "General"), ("300.1.", "Two.")]
    aligned = align(doc(rules), doc(moved))
    pairs = ids(aligned)
    assert ("200", "300") in pairs and ("2", "3") in pairs and ("200.1", "300.1") in pairs
    assert (None, "200") in pairs and (None, "200.1") in pairs
    # Paired by position, but the same text: fully similar.
    assert (pair_of(aligned, "200").how, pair_of(aligned, "200").similarity) == (MatchHow.SIMILAR, 1.0)


def test_rule_moved_far_away_with_an_edit_is_found() -> None:
    text = "A keeper who has no glyphs in their vault at the start of their turn loses one lantern instead of drawing."
    old = doc([("1", "A"), ("100", "General"), ("100.1.", text), ("2", "B"), ("200", "General"), ("200.1.", "Other.")])
    new = doc([("1", "A"), ("100", "General"), ("2", "B"), ("200", "General"), ("200.1.", "Other."),
               ("200.2.", text.replace("loses one lantern", "snuffs one lantern"))])
    pair = next(p for p in align(old, new) if p.old and p.old.id == "100.1")
    assert pair.new is not None and pair.new.id == "200.2"
    assert pair.how is MatchHow.MOVED


def test_rule_moved_within_its_section_and_edited_is_found_at_a_lower_similarity() -> None:
    # Moved past the rule that took its number, and cut: 0.6-0.7 similar,
    # too little for a far move, enough within one section.
    moved = "Any keeper may look at both faces of a double-faced glyph at any time, even when it is in the vault."
    old = doc([("1", "A"), ("100", "General"), ("100.1.", "Draw a glyph at dawn."), ("100.1a", moved),
               ("100.1b", "Each keeper keeps one lantern lit."), ("100.2.", "Pass at dusk.")])
    new = doc([("1", "A"), ("100", "General"), ("100.1.", "Draw a glyph at dawn."),
               ("100.1a", "Each keeper keeps one lantern lit."),
               ("100.2.", "Keepers may look at both faces of a double-faced glyph they own."), ("100.3.", "Pass at dusk.")])
    pairs = dict(ids(align(old, new)))
    assert pairs["100.1a"] == "100.2"
    # Across sections, the same similarity is not enough.
    far = doc([("1", "A"), ("100", "General"), ("100.1.", "Draw a glyph at dawn."),
               ("100.1a", "Each keeper keeps one lantern lit."), ("100.2.", "Pass at dusk."),
               ("2", "B"), ("200", "Other"), ("200.1.", "Keepers may look at both faces of a double-faced glyph they own.")])
    assert dict(ids(align(old, far)))["100.1a"] is None


TENDED = [
    ("100.1.", "Some spells light lanterns in the circle of the keepers."),
    ("100.2.", "A lantern is both owned and tended by the keeper under whose watch it was lit."),
    ("100.3.", "A lantern that goes dark leaves the circle and ceases to exist at once."),
]
TALLIES = [(f"101.{k}.", f"Counter rule {word} says what a {word} counter on a glyph does at dusk.")
            for k, word in enumerate(["amber", "birch", "cedar", "dune", "elm", "fern"], 1)]


def _moved_block(lanterns: list[tuple[str, str]]) -> tuple[Document, Document]:
    """Old: 100 (three lantern rules) before 101 (six counter rules). New:
    the counters first as 100, the lanterns after them as 101, their
    texts given: the lanterns moved together, off the order the two share."""
    old = doc([("1", "A"), ("100", "Lanterns"), *TENDED, ("101", "Counters"), *TALLIES])
    new = doc([("1", "A"), ("100", "Counters"), *[(n.replace("101", "100"), t) for n, t in TALLIES],
               ("101", "Lanterns"), *[(n.replace("100", "101"), t) for n, t in lanterns]])
    return old, new


def test_a_rule_reworded_between_two_rules_that_moved_with_it_is_paired() -> None:
    # 0.6 similar: too little for a move across sections, enough between
    # the two neighbours it kept (a gap of step 4, inside the moved run).
    reworded = "The keeper who lit a lantern is its owner. The lantern is tended under that keeper's watch."
    old, new = _moved_block([TENDED[0], ("100.2.", reworded), TENDED[2]])
    assert dict(ids(align(old, new)))["100.2"] == "101.2"
    # Below the least similarity of a gap (0.5), 0.4, it still keeps its
    # place: the same last number (.2) under the heading it moved with
    # (100 -> 101), like a rule reworded under its own number (0.3).
    unlike = "The keeper who lit a lantern keeps it until the owls call twice at dawn."
    old, new = _moved_block([TENDED[0], ("100.2.", unlike), TENDED[2]])
    assert dict(ids(align(old, new)))["100.2"] == "101.2"
    # Not under a heading that is not its own (the new 101 is the old 102) ...
    old, new = _moved_block([TENDED[0], ("100.2.", unlike), TENDED[2]])
    new = doc([(r.id, "Owls" if r.id == "101" else r.full_text) for r in new.rules])
    old = doc([*((r.id, r.full_text) for r in old.rules), ("102", "Owls")])
    assert dict(ids(align(old, new)))["100.2"] is None
    # ... nor below what a rule reworded under its own number keeps (0.15).
    old, new = _moved_block([TENDED[0], ("100.2.", "Owls nest in the old tower and call twice at dawn."), TENDED[2]])
    assert dict(ids(align(old, new)))["100.2"] is None
    # Two new rules where one old rule stood: the hole says less, but the
    # rule stays under the heading it moved with, where 0.6 is enough (step
    # 6, as in one section), and the new one is added.
    old, new = _moved_block([TENDED[0], ("100.2.", reworded), ("100.2a", "Owls never tend lanterns."), TENDED[2]])
    pairs = dict(ids(align(old, new)))
    assert pairs["100.2"] == "101.2" and pairs["100.1"] == "101.1" and pairs["100.3"] == "101.3"
    assert (None, "101.2a") in ids(align(old, new))


def test_a_near_tie_in_a_gap_keeps_the_order_the_documents_share() -> None:
    # Best first, old 100.3 takes new 100.2 (0.95) and leaves old 100.1 to new
    # 100.3 (0.85): crossed. Swapped, both pairs score 0.90: the same total,
    # in the order the two documents share.
    word = "amber basalt cinder dune ember fjord glade heath islet jetty kelp loam marsh " \
           "nettle oxbow peat quarry reef shoal tarn umber vale wold xeric yarrow".split()

    def text(numbers: list[int]) -> str:
        return " ".join(word[n - 1] for n in numbers) + "."

    p = list(range(1, 21))
    b = [*range(1, 20), 21]
    q = [*range(1, 18), 21, 22, 23]
    a = [*range(1, 19), 24, 25]
    old = doc([("1", "A"), ("100", "Steps"), ("100.0.", "Begin."), ("100.1.", text(a)),
               ("100.2.", "Nothing happens here at all."), ("100.3.", text(b)), ("100.4.", "End.")])
    new = doc([("1", "A"), ("100", "Steps"), ("100.0.", "Begin."), ("100.1.", "A brand new step is taken now."),
               ("100.2.", text(p)), ("100.3.", text(q)), ("100.4.", "End.")])
    aligned = align(old, new)
    pairs = dict(ids(aligned))
    assert (pairs["100.1"], pairs["100.3"]) == ("100.2", "100.3")
    assert (pair_of(aligned, "100.1").how, pair_of(aligned, "100.3").how) == (MatchHow.SIMILAR, MatchHow.NUMBER)


def test_a_heading_moved_and_pluralised_is_the_same_heading() -> None:
    old = doc([("1", "Zones"), ("100", "The Ember Zone"), ("100.1.", "Embers rest here."),
               ("101", "Vault"), ("101.1.", "Glyphs rest here.")])
    new = doc([("1", "Zones"), ("101", "Vault"), ("101.1.", "Glyphs rest here."),
               ("2", "Other zones"), ("200", "Ember Zones"), ("200.1.", "Embers rest there, one pile each.")])
    assert dict(ids(align(old, new)))["100"] == "200"


def test_a_glossary_term_renamed_by_a_word_is_the_same_entry() -> None:
    old = doc([("1", "A"), ("100.1.", "Rule.")], [("Lasting Ember", "An ember that stays lit through the night and the day.")])
    new = doc([("1", "A"), ("100.1.", "Rule.")], [("Ember", "An ember stays lit through the night; see rule 100.1.")])
    assert ids(align(old, new))[-1] == ("glossary:Lasting Ember", "glossary:Ember")


def test_glossary_pairs_by_term_whatever_the_text() -> None:
    old = doc([("1", "A"), ("100.1.", "Rule.")], [("Ember", "Fuel."), ("Keeper", "A player.")])
    new = doc([("1", "A"), ("100.1.", "Rule.")], [("Ember", "The resource keepers spend."), ("Lantern", "A marker.")])
    assert ids(align(old, new))[-3:] == [
        ("glossary:Ember", "glossary:Ember"),
        ("glossary:Keeper", None),
        (None, "glossary:Lantern"),
    ]


def test_glossary_terms_sharing_one_unchanged_definition_are_each_fully_similar() -> None:
    # One definition for two terms: step 1 cannot take the text as the
    # entry's, but each term keeps its entry, the definition unchanged.
    old = doc([("1", "A"), ("100.1.", "Rule.")], [("Ember", "Fuel."), ("Spark", "Fuel.")])
    new = doc([("1", "A"), ("100.1.", "Rule.")], [("Ember", "Fuel."), ("Spark", "Fuel.")])
    assert [(p.old.id, p.new.id, p.similarity) for p in align(old, new) if p.old and p.new and p.old.kind is RuleKind.GLOSSARY] == [
        ("glossary:Ember", "glossary:Ember", 1.0), ("glossary:Spark", "glossary:Spark", 1.0)]


def test_removed_rules_come_where_they_stood() -> None:
    old = doc([("1", "A"), ("100.1.", "One."), ("100.2.", "Two."), ("100.3.", "Three.")])
    new = doc([("1", "A"), ("100.1.", "One."), ("100.3.", "Three.")])
    assert ids(align(old, new)) == [("1", "1"), ("100.1", "100.1"), ("100.2", None), ("100.3", "100.3")]


def test_similarity() -> None:
    assert similarity("a b c", "a b c") == 1.0
    assert similarity("a b", "c d") == 0.0
    assert similarity("Draw A card", "draw a CARD") == 1.0


def _crafted(n: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """`n` old rules at the start and `n` new ones at the end, numbered apart,
    all sharing every word but one: every old rule is a candidate for every
    new one in step 6 (bench/scale.py times larger ones)."""
    shared = "alpha bravo charlie delta echo foxtrot golf hotel india"
    anchors = [f"Anchor rule {k} says something of its own, {k} times." for k in range(20)]
    old = [("1", "Old"), ("100", "Old")] + [(f"100.{i + 1}.", f"{shared} xold{i}") for i in range(n)]
    old += [("2", "Kept"), ("200", "Kept")] + [(f"200.{k + 1}.", t) for k, t in enumerate(anchors)]
    new = [("1", "Kept"), ("100", "Kept")] + [(f"100.{k + 1}.", t) for k, t in enumerate(anchors)]
    new += [("2", "New"), ("200", "New")] + [(f"200.{i + 21}.", f"{shared} ynew{i}") for i in range(n)]
    return old, new


def test_the_moved_rule_search_looks_at_a_bounded_number_of_rules_per_rule(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import ruldiff.diff.align as align_module

    calls = 0
    real_dice = align_module.dice

    def counting(a: frozenset[str], b: frozenset[str]) -> float:
        nonlocal calls
        calls += 1
        return real_dice(a, b)

    monkeypatch.setattr(align_module, "MOVED_CANDIDATES", 25)
    monkeypatch.setattr(align_module, "dice", counting)
    old, new = _crafted(200)
    pairs = align(doc(old), doc(new))
    assert calls <= 2 * 200 * 25  # the rules, then the glossary: unbounded, 200 * 200
    # What the caps cost: every old rule looks at the same first 25 new rules
    # and keeps the best MOVED_KEEP of them, the same for all (ties): that many
    # are paired as moved, the others are removed and added.
    moved = [p for p in pairs if p.how is MatchHow.MOVED]
    assert len(moved) == align_module.MOVED_KEEP
    removed = [p for p in pairs if p.old is not None and p.old.id.startswith("100.") and p.new is None]
    assert len(removed) == 200 - align_module.MOVED_KEEP


def test_the_caps_keep_finding_moved_rules_that_share_common_words() -> None:
    """Sixty look-alike rules (most words shared) moved far and edited are
    each paired with their own: its partner is its best candidate, as in
    every real pair, and the caps drop only candidates never taken."""
    shared = "alpha bravo charlie delta echo"
    mine = [f"own{k}a own{k}b own{k}c" for k in range(60)]
    anchors = [f"Anchor rule {k} says something of its own, {k} times." for k in range(20)]
    old = [("1", "Old"), ("100", "Old")] + [(f"100.{k + 1}.", f"{shared} {m} before") for k, m in enumerate(mine)]
    old += [("2", "Kept"), ("200", "Kept")] + [(f"200.{k + 1}.", t) for k, t in enumerate(anchors)]
    new = [("1", "Kept"), ("100", "Kept")] + [(f"100.{k + 1}.", t) for k, t in enumerate(anchors)]
    new += [("2", "New"), ("200", "New")] + [(f"200.{k + 21}.", f"{shared} {m} after") for k, m in enumerate(mine)]
    pairs = ids(align(doc(old), doc(new)))
    assert [p for p in pairs if p[0] and p[0].startswith("100.")] == [(f"100.{k + 1}", f"200.{k + 21}") for k in range(60)]


def test_word_set_is_the_lower_cased_word_characters() -> None:
    # The definition word_set computes faster (see its comment), on random
    # mixes of ASCII, other letters, the context-lowered Σ and punctuation.
    import random
    import re

    from ruldiff.diff.align import word_set

    pieces = ["a", "B", "z", "Q", "_", "7", " ", "\n", ".", "-", "’", "“", "”", "—", "é", "É", "ß", "İ", "Σ", "σ",
              "ﬁ", "\u00a0", "x\u0301", "Keeper", "ÉLAN", "player’s", "\ud800"]  # a lone surrogate too
    rng = random.Random(18)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 10)))
        assert word_set(text) == frozenset(re.findall(r"\w+", text.lower())), text


@pytest.mark.parametrize(
    "a, b, score",
    [((), (), 1.0), (("a",), (), 0.0), ((), ("a",), 0.0), (("a", "b"), ("b", "c"), 0.5),
     (("a", "b", "c"), ("a",), 0.5), (("a", "b"), ("a", "b"), 1.0), (("a",), ("b",), 0.0)],
)
def test_dice(a: tuple[str, ...], b: tuple[str, ...], score: float) -> None:
    from ruldiff.diff.align import dice

    assert dice(frozenset(a), frozenset(b)) == score


def test_longest_increasing_is_a_longest_run_in_order() -> None:
    import itertools
    import random

    from ruldiff.diff.align import _longest_increasing

    def brute(anchors: list[tuple[int, int]]) -> int:
        for size in range(len(anchors), 0, -1):
            for pick in itertools.combinations(anchors, size):
                if all(x[1] < y[1] for x, y in zip(pick, pick[1:])):
                    return size
        return 0

    rng = random.Random(18)
    assert _longest_increasing([]) == []
    for _ in range(400):
        n = rng.randrange(0, 9)
        js = rng.sample(range(20), n)
        anchors = list(enumerate(js))
        run = _longest_increasing(anchors)
        assert len(run) == brute(anchors), anchors
        assert all(p in anchors for p in run)
        assert run == sorted(run) and all(x[1] < y[1] for x, y in zip(run, run[1:])), (anchors, run)
    assert _longest_increasing([(0, 3), (1, 1), (2, 2), (3, 0)]) == [(1, 1), (2, 2)]


def test_changed_pairs_is_align_without_the_same_pairs() -> None:
    old = doc([("1", "A"), ("100.1.", "One."), ("100.2.", "Two."), ("100.3.", "Three keepers.")],
              [("Ember", "Fuel."), ("Tide", "Water.")])
    new = doc([("1", "A"), ("100.1.", "Zero."), ("100.2.", "One."), ("100.3.", "Three keepers sit.")],
              [("Ember", "Fuel."), ("Tide", "Sea water.")])
    pairs = align(old, new)
    same, changed = changed_pairs(old, new)
    assert changed == tuple(p for p in pairs if p.how is not MatchHow.SAME)
    assert same == sum(p.how is MatchHow.SAME for p in pairs) == 2  # section 1 and Ember


# Documents built from Rule objects, without parsing: any IDs, in any order,
# with or without numbers, so that each step of the aligner can be reached
# alone. Texts are runs of invented words whose overlaps give exact scores.


Item = tuple[str, str] | tuple[str, str, RuleKind]
"""A rule of `made`: ID, text and, unless it is a rule, kind."""


def made(*rules: Item, glossary: tuple[tuple[str, str], ...] = (),
         numbered: bool = True) -> Document:
    """A document of (ID, text[, kind]) rules (kind RULE by default) and (term, definition) entries."""
    items = tuple(Rule(r[0], r[2] if len(r) == 3 else RuleKind.RULE, r[1]) for r in rules)
    terms = tuple(Rule(f"glossary:{t}", RuleKind.GLOSSARY, d) for t, d in glossary)
    return Document("t.txt", "T", None, "p", items, terms, numbered=numbered)


def words(tag: str, n: int) -> list[str]:
    """`n` distinct invented words, unique to `tag`."""
    return [f"{tag}{k}w" for k in range(n)]


def text(*runs: list[str]) -> str:
    return " ".join(w for run in runs for w in run)


def pair_of(pairs: tuple[Pair, ...], old_id: str) -> Pair:
    return next(p for p in pairs if p.old is not None and p.old.id == old_id)


def partner(pairs: tuple[Pair, ...], old_id: str) -> tuple[str, MatchHow, float] | None:
    """What became of old rule `old_id`: its partner's ID, how it was found and
    their similarity (rounded to 9 places), or None if it was removed."""
    pair = pair_of(pairs, old_id)
    return None if pair.new is None else (pair.new.id, pair.how, round(pair.similarity, 9))


def unchanged(*ids: str) -> list[tuple[str, str]]:
    """Rules whose text names their own number, so found once: paired by step 1 or 2."""
    return [(i, f"Anchor {i} stays.") for i in ids]


@pytest.mark.parametrize("old_numbered, new_numbered, paired", [
    (True, True, True), (False, False, False), (True, False, False), (False, True, False),
])
def test_a_rule_rewritten_in_place_among_moved_rules_keeps_its_number(
    old_numbered: bool, new_numbered: bool, paired: bool
) -> None:
    # Its neighbours moved around it, so no gap holds both versions: step 5
    # pairs them by number, if at least half their words are shared (here
    # exactly half), and only where both documents have numbers.
    shared = words("s", 3)
    a, c, d, e = (f"Rule {x} says its own thing." for x in "ACDE")
    old = made(("100.1", a), ("100.2", text(shared, words("o", 3))), ("100.3", c), ("100.4", d), ("100.5", e),
               numbered=old_numbered)
    new = made(("100.1", c), ("100.2", text(shared, words("n", 3))), ("100.3", d), ("100.4", e), ("100.5", a),
               numbered=new_numbered)
    pairs = align(old, new)
    assert partner(pairs, "100.2") == (("100.2", MatchHow.NUMBER, 0.5) if paired else None)
    assert ((None, "100.2") in ids(pairs)) is not paired


def test_a_rule_rewritten_in_place_among_moved_rules_with_less_than_half_its_words_is_removed_and_added() -> None:
    # As above, but 7 words of 15 in common (0.47): another rule under the number.
    shared = words("s", 7)
    a, c, d, e = (f"Rule {x} says its own thing." for x in "ACDE")
    old = made(("100.1", a), ("100.2", text(shared, words("o", 8))), ("100.3", c), ("100.4", d), ("100.5", e))
    new = made(("100.1", c), ("100.2", text(shared, words("n", 8))), ("100.3", d), ("100.4", e), ("100.5", a))
    pairs = align(old, new)
    assert partner(pairs, "100.2") is None
    assert (None, "100.2") in ids(pairs)


def hows(pairs: tuple[Pair, ...]) -> list[tuple[str | None, str | None, MatchHow, float]]:
    return [(*pid, p.how, p.similarity) for pid, p in zip(ids(pairs), pairs)]


S, U = MatchHow.SAME, MatchHow.UNPAIRED


@pytest.mark.parametrize("old, new, expected", [
    # the first, a middle and the last rule removed: each where it stood, the
    # rules after it still the same (same number, same text)
    (["1", "2", "3"], ["2", "3"], [("1", None, U, 1.0), ("2", "2", S, 1.0), ("3", "3", S, 1.0)]),
    (["1", "2", "3"], ["1", "3"], [("1", "1", S, 1.0), ("2", None, U, 1.0), ("3", "3", S, 1.0)]),
    (["1", "2", "3"], ["1", "2"], [("1", "1", S, 1.0), ("2", "2", S, 1.0), ("3", None, U, 1.0)]),
    (["1", "2", "3"], ["3"], [("1", None, U, 1.0), ("2", None, U, 1.0), ("3", "3", S, 1.0)]),
    # added first and last
    (["2"], ["1", "2", "3"], [(None, "1", U, 1.0), ("2", "2", S, 1.0), (None, "3", U, 1.0)]),
])
def test_removed_and_added_rules_come_where_they_stood(
    old: list[str], new: list[str], expected: list[tuple[str | None, str | None, MatchHow, float]]
) -> None:
    before, after = made(*unchanged(*old)), made(*unchanged(*new))
    pairs = align(before, after)
    assert hows(pairs) == expected
    assert changed_pairs(before, after) == (sum(p.how is S for p in pairs), tuple(p for p in pairs if p.how is not S))


def test_a_renumbered_rule_is_the_same_text_at_full_similarity() -> None:
    pairs = align(doc(KEYWORDS), doc(renumber(KEYWORDS)))
    assert {(p.how, p.similarity) for p in pairs if p.old and p.new} == {(MatchHow.SAME, 1.0), (MatchHow.TEXT, 1.0)}
    assert {p.how for p in pairs if not (p.old and p.new)} == {MatchHow.UNPAIRED}


def test_a_glossary_term_keeps_its_entry_and_says_how_like_its_definition_is() -> None:
    old = made(("1", "A"), glossary=(("Ember", "Fuel that every keeper spends."),))
    new = made(("1", "A"), glossary=(("Ember", "The fuel keepers spend at dusk."),))
    expected = round(similarity("Fuel that every keeper spends.", "The fuel keepers spend at dusk."), 9)
    assert partner(align(old, new), "glossary:Ember") == ("glossary:Ember", MatchHow.NUMBER, expected)


def test_a_glossary_term_renamed_outright_is_found_by_its_definition() -> None:
    definition = words("d", 10)
    old = made(("1", "A"), glossary=(("Ember", text(definition)),))
    new = made(("1", "A"), glossary=(("Cinder", text(definition[:-1], ["glowing"])),))
    assert partner(align(old, new), "glossary:Ember") == ("glossary:Cinder", MatchHow.MOVED, 0.9)


@pytest.mark.parametrize("partners, n_new, gaps", [
    # an edited rule at the start, three between two anchors, one added at the end
    ([None, 1, None, None, 3], 5, [((0, 1), (0, 1)), ((2, 4), (2, 3))]),
    # old rules before the first anchor, but no new ones: no gap
    ([None, None, 0], 1, []),
    ([0, None, None], 1, []),
    # a moved rule (old 0 -> new 2) is off the backbone: the last gap holds its new place
    ([2, 0, 1, None], 4, [((3, 4), (2, 4))]),
])
def test_gaps_are_the_stretches_between_consecutive_anchors(
    partners: list[int | None], n_new: int, gaps: list[tuple[tuple[int, int], tuple[int, int]]]
) -> None:
    assert _gaps(partners, n_new) == gaps


def between_anchors(old: Sequence[Item], new: Sequence[Item], numbered: bool = True) -> tuple[Pair, ...]:
    """`old` and `new` rules aligned between the same two unchanged rules: in one gap."""
    return align(made(*unchanged("100.1"), *old, *unchanged("100.9"), numbered=numbered),
                 made(*unchanged("100.1"), *new, *unchanged("100.9"), numbered=numbered))


def sharing(n: int, shared: int, tag: str = "") -> tuple[str, str]:
    """Two texts of `n` words each with `shared` of them in common: similarity shared / n."""
    common = words(f"c{tag}", shared)
    return text(common, words(f"o{tag}", n - shared)), text(common, words(f"n{tag}", n - shared))


@pytest.mark.parametrize("new_id, n, shared, numbered, how", [
    # the same number needs 0.3 of the words, another number 0.5 (exactly, here)
    ("100.5", 10, 3, True, MatchHow.NUMBER),
    ("100.5", 10, 2, True, None),
    ("100.6", 10, 5, True, MatchHow.SIMILAR),
    ("100.6", 10, 4, True, None),
    # without numbers, an equal ID is only an equal position: it earns nothing
    ("100.5", 10, 5, False, MatchHow.SIMILAR),
    ("100.5", 10, 4, False, None),
])
def test_in_a_gap_a_rule_keeping_its_number_needs_fewer_words_in_common(
    new_id: str, n: int, shared: int, numbered: bool, how: MatchHow | None
) -> None:
    before, after = sharing(n, shared)
    pairs = between_anchors([("100.5", before)], [(new_id, after)], numbered)
    assert partner(pairs, "100.5") == (None if how is None else (new_id, how, shared / n))


def test_in_a_gap_the_most_similar_rule_wins() -> None:
    before, near = sharing(10, 9)
    _, far = sharing(10, 6)
    pairs = between_anchors([("100.5", before)], [("100.6", far), ("100.7", near)])
    assert pair_of(pairs, "100.5").new == Rule("100.7", RuleKind.RULE, near)


def test_in_a_gap_a_tie_goes_to_the_same_number_then_to_the_nearest_place() -> None:
    # Three equally similar new rules for one old rule: the one with its number
    # wins over the one at its place (the first).
    base = words("b", 6)
    pairs = between_anchors([("100.5", text(base, ["old"]))],
                            [("100.4", text(base, ["one"])), ("100.5", text(base, ["two"])), ("100.6", text(base, ["three"]))])
    assert pair_of(pairs, "100.5").new == Rule("100.5", RuleKind.RULE, text(base, ["two"]))


def test_in_a_gap_equal_texts_pair_along_the_diagonal() -> None:
    # Two old copies of a text and four new ones, all equal: the second old one
    # takes the new one at its proportional place (the third), not the next one.
    old = [("100.2", "Same words."), ("100.3", "Same words.")]
    new = [("100.2", "Same words."), ("100.3", "Same words."), ("100.4", "Same words."), ("100.5", "Same words.")]
    pairs = ids(between_anchors(old, new, numbered=False))
    assert pairs == [("100.1", "100.1"), ("100.2", "100.2"), (None, "100.3"), ("100.3", "100.4"), (None, "100.5"),
                     ("100.9", "100.9")]


def test_a_gap_whose_old_rules_all_moved_elsewhere_only_adds() -> None:
    # Old 100.2 moved after 100.3 while a rule was inserted at its place: the
    # gap between 100.1 and 100.3 has no old rule left to pair.
    old = made(*unchanged("100.1"), ("100.2", "Moving rule."), *unchanged("100.3"))
    new = made(*unchanged("100.1"), ("100.2", "Inserted rule."), *unchanged("100.3"), ("100.4", "Moving rule."))
    assert ids(align(old, new)) == [("100.1", "100.1"), (None, "100.2"), ("100.3", "100.3"), ("100.2", "100.4")]


def filler(tag: str) -> str:
    """A text sharing no word with any other."""
    return text(words(f"f{tag}", 3))


def test_in_a_gap_of_band_rules_every_pair_is_compared() -> None:
    before, after = sharing(10, 5)
    new = [(f"100.5.{k}", filler(str(k))) for k in range(BAND - 1)] + [("100.6", after)]
    assert pair_of(between_anchors([("100.5", before)], new), "100.5").new == Rule("100.6", RuleKind.RULE, after)


def test_a_huge_gap_compares_each_rule_with_the_band_around_its_place(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # 80 old and 80 new rules between two anchors: each old rule is compared
    # with the BAND new ones around the same place only, which still finds a
    # rule edited in place and ones moved up to BAND / 2 places either way.
    import ruldiff.diff.align as align_module

    compared: set[tuple[str, str]] = set()
    real = align_module.dice
    moves = {0: 0, 40: 65, 50: 25}  # old place -> new place in the gap
    texts = {k: sharing(10, 5, str(k)) for k in moves}
    old = [(f"o{k}", texts[k][0] if k in moves else filler(f"o{k}")) for k in range(80)]
    new_at = {c: r for r, c in moves.items()}
    new = [(f"n{c}", texts[new_at[c]][1] if c in new_at else filler(f"n{c}")) for c in range(80)]
    rule_of = {align_module.word_set(text): rule for rule, text in [*old, *new]}

    def counting(a, b):  # type: ignore[no-untyped-def]
        compared.add((rule_of.get(a, ""), rule_of.get(b, "")))
        return real(a, b)

    monkeypatch.setattr(align_module, "dice", counting)
    pairs = between_anchors(old, new, numbered=False)
    assert {(p.old.id, p.new.id) for p in pairs if p.old and p.new} == {
        ("100.1", "100.1"), ("100.9", "100.9"), ("o0", "n0"), ("o40", "n65"), ("o50", "n25")}
    per_rule = Counter(i for i, _ in compared)
    assert max(per_rule.values()) == align_module.BAND


def uncrossed(old: list[tuple[str, str]], new: list[tuple[str, str]], taken: list[tuple[int, int, float]],
              numbered: bool = True) -> dict[int, tuple[int, MatchHow | None, float]]:
    """What `_uncross` makes of the pairs `taken` by a gap's greedy choice: old index -> (new index, how, similarity)."""
    a, b = _Side(made(*old).rules), _Side(made(*new).rules)
    out: dict[int, tuple[int, MatchHow | None, float]] = {i: (j, None, s) for i, j, s in taken}

    def link(i: int, j: int, how: MatchHow, sim: float) -> None:
        out[i] = (j, how, sim)

    _uncross(a, b, taken, link, numbered)
    return out


SIM, NUM = MatchHow.SIMILAR, MatchHow.NUMBER


@pytest.mark.parametrize("shared, taken_sims, same_number, numbered, expected", [
    # Old 0 took new 1 and old 1 new 0 (crossed); shared: the words old 0 and
    # new 0, old 1 and new 1 share, of 10. Swapped when that loses nothing in
    # total and each new pair is similar enough (0.5; 0.3 for the same number).
    ((9, 9), (0.9, 0.9), (False, False), True, {0: (0, SIM, 0.9), 1: (1, SIM, 0.9)}),
    ((8, 8), (0.9, 0.9), (False, False), True, None),
    ((4, 10), (0.5, 0.5), (False, False), True, None),
    ((10, 4), (0.5, 0.5), (False, False), True, None),
    ((5, 9), (0.5, 0.5), (False, False), True, {0: (0, SIM, 0.5), 1: (1, SIM, 0.9)}),
    ((9, 5), (0.5, 0.5), (False, False), True, {0: (0, SIM, 0.9), 1: (1, SIM, 0.5)}),
    ((4, 9), (0.5, 0.5), (True, False), True, {0: (0, NUM, 0.4), 1: (1, SIM, 0.9)}),
    ((9, 4), (0.5, 0.5), (False, True), True, {0: (0, SIM, 0.9), 1: (1, NUM, 0.4)}),
    ((3, 9), (0.5, 0.5), (True, False), True, {0: (0, NUM, 0.3), 1: (1, SIM, 0.9)}),
    ((2, 9), (0.5, 0.5), (True, False), True, None),
    # without numbers, an equal ID earns nothing
    ((4, 9), (0.5, 0.5), (True, False), False, None),
    ((9, 4), (0.5, 0.5), (False, True), False, None),
    ((5, 9), (0.5, 0.5), (True, True), False, {0: (0, SIM, 0.5), 1: (1, SIM, 0.9)}),
])
def test_crossed_pairs_in_a_gap_are_swapped_when_that_loses_nothing(
    shared: tuple[int, int], taken_sims: tuple[float, float], same_number: tuple[bool, bool], numbered: bool,
    expected: dict[int, tuple[int, MatchHow | None, float]] | None,
) -> None:
    texts = [sharing(10, k, str(n)) for n, k in enumerate(shared)]
    old = [("100.1", texts[0][0]), ("100.2", texts[1][0])]
    new = [("100.1" if same_number[0] else "100.1a", texts[0][1]), ("100.2" if same_number[1] else "100.2a", texts[1][1])]
    taken = [(0, 1, taken_sims[0]), (1, 0, taken_sims[1])]
    result = uncrossed(old, new, taken, numbered)
    assert result == (expected or {0: (1, None, taken_sims[0]), 1: (0, None, taken_sims[1])})


@pytest.mark.parametrize("taken", [[(0, 2), (1, 1), (2, 0)], [(0, 0), (1, 2), (2, 1)], [(0, 1), (1, 2), (2, 0)]])
def test_equally_similar_crossed_pairs_are_put_back_in_order_however_many(taken: list[tuple[int, int]]) -> None:
    base = words("b", 6)
    old = [(f"100.{k}", text(base, [f"old{k}"])) for k in range(3)]
    new = [(f"100.{k}a", text(base, [f"new{k}"])) for k in range(3)]
    sim = similarity(old[0][1], new[0][1])
    result = uncrossed(old, new, [(i, j, sim) for i, j in taken])
    assert {i: j for i, (j, _, _) in result.items()} == {0: 0, 1: 1, 2: 2}


def far_apart(old: Sequence[Item], new: Sequence[Item],
              glossary: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = ((), ())) -> tuple[Pair, ...]:
    """`old` rules before three unchanged ones and `new` rules after them: no
    gap holds both, so only the moved-rule search (step 6) and later can pair them."""
    anchors = unchanged("200.1", "200.2", "200.3")
    return align(made(*old, *anchors, glossary=glossary[0]), made(*anchors, *new, glossary=glossary[1]))


TEN = words("t", 10)
TWENTY = words("t", 20)


@pytest.mark.parametrize("old_id, old, new_id, new, paired", [
    # far: 0.7 of the words
    ("100.1", text(TEN), "300.1", text(TEN[:7], words("x", 3)), 0.7),
    ("100.1", text(TEN), "300.1", text(TEN[:6], words("x", 4)), None),
    # within its section: 0.6 (Riftbound numbers have two dots)
    ("100.1", text(TEN), "100.9", text(TEN[:6], words("x", 4)), 0.6),
    ("100.1", text(TEN), "100.9", text(TEN[:5], words("x", 5)), None),
    ("100.1", text(TWENTY), "100.9", text(TWENTY[:11], words("x", 9)), None),  # 0.55
    ("345.2.a", text(TEN), "345.3.b", text(TEN[:6], words("x", 4)), 0.6),
    # far, cut or lengthened: a text of ten words or more nine tenths inside
    # the other is enough at 0.5 (inside it: at its start or end, step 6a
    # pairs it whatever the similarity)
    ("100.1", text(TEN), "300.1", text(TEN, words("x", 20)), 0.5),
    ("100.1", text(TEN), "300.1", text(TEN[:9], words("x", 11)), 0.6),
    ("100.1", text(TEN), "300.1", text(TEN[:9], words("x", 14)), round(18 / 33, 9)),  # 0.9 inside at 0.55-
    ("100.1", text(TWENTY), "300.1", text(TWENTY[:17], words("x", 25)), None),  # 0.85 inside at 0.55-
    ("100.1", text(TEN), "300.1", text(words("x", 10), TEN, words("y", 10)), 0.5),
    ("100.1", text(TEN), "300.1", text(words("x", 10), TEN, words("y", 11)), None),
    ("100.1", text(TEN[:9]), "300.1", text(words("x", 4), TEN[:9], words("y", 5)), None),
    ("100.1", text(TEN), "300.1", text(TEN, words("x", 21)), round(20 / 41, 9)),
    ("100.1", text(TEN[:9]), "300.1", text(words("x", 9), TEN[:9]), round(2 / 3, 9)),
    # far, rewritten: each the other's best, 0.55 similar or more and eight
    # tenths of the shorter text inside the other
    ("100.1", text(TEN), "300.1", text(TEN[:8], words("x", 9)), round(16 / 27, 9)),
    ("100.1", text(TEN), "300.1", text(TEN[:8], words("x", 12)), None),  # 0.53
    ("100.1", text(TWENTY[:13]), "300.1", text(TWENTY[:11], words("x", 16)), 0.55),  # 0.85 inside
    ("100.1", text(TEN), "300.1", text(TEN[:7], words("x", 8)), None),  # 0.56, but 0.7 inside
])
def test_a_rule_moved_far_and_edited_needs_most_of_its_words(
    old_id: str, old: str, new_id: str, new: str, paired: float | None
) -> None:
    pairs = far_apart([(old_id, old)], [(new_id, new)])
    assert partner(pairs, old_id) == (None if paired is None else (new_id, MatchHow.MOVED, paired))


def test_a_moved_rule_goes_to_its_most_similar_candidate_of_its_own_kind() -> None:
    # A heading with the very same words comes first, then two rules, the
    # second more similar: the rule takes the second.
    pairs = far_apart([("100.1", text(TEN))],
                      [("300", text(TEN), RuleKind.HEADING), ("300.1", text(TEN[:8], words("x", 2))),
                       ("300.2", text(TEN[:9], ["x"]))])
    assert partner(pairs, "100.1") == ("300.2", MatchHow.MOVED, 0.9)


def test_a_moved_rule_is_looked_up_by_its_rarest_words(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Its common words lead to three other new rules first; its rarest lead
    # to its new version at once, within a look-up of two rules.
    import ruldiff.diff.align as align_module

    monkeypatch.setattr(align_module, "MOVED_CANDIDATES", 2)
    common, rare = words("c", 4), words("r", 6)
    decoys = [(f"300.{k}", text(common, words(f"d{k}", 6))) for k in range(1, 4)]
    pairs = far_apart([("100.1", text(common, rare))], [*decoys, ("300.4", text(common, rare[:5], ["x"]))])
    assert pair_of(pairs, "100.1").new == Rule("300.4", RuleKind.RULE, text(common, rare[:5], ["x"]))


def test_a_moved_rule_sharing_none_of_its_four_rarest_words_with_its_new_text_is_not_found() -> None:
    # The price of the index (RARE_WORDS): old 100.1's four rarest words are
    # all in one other rule; its new text, 0.8 similar, holds only its
    # commoner words, each also in a third rule. It reads as removed and added.
    rare, common = words("r", 4), words("c", 16)
    old_rule = text(rare, common)
    decoy, moved, other = text(rare, words("d", 8)), text(common, words("x", 4)), text(common, words("e", 30))
    assert similarity(old_rule, moved) == 0.8 and similarity(old_rule, other) < 0.5
    pairs = far_apart([("100.1", old_rule)], [("300.1", decoy), ("300.2", moved), ("300.3", other)])
    assert partner(pairs, "100.1") is None
    # One of its rarest words in the new text is enough.
    found = text(common, words("x", 4), rare[:1])
    pairs = far_apart([("100.1", old_rule)], [("300.1", text(rare[1:], words("d", 8))), ("300.2", found), ("300.3", other)])
    assert partner(pairs, "100.1") == ("300.2", MatchHow.MOVED, round(similarity(old_rule, found), 9))


def test_a_moved_rule_is_found_past_a_rule_sharing_only_its_rarest_word() -> None:
    # Old 100.1's rarest word leads first to a rule unlike it; its new
    # text (0.91 similar) comes after, through its other words.
    t = words("t", 10)
    old_rule = text(["r"], t)
    pairs = far_apart([("100.1", old_rule)], [("300.1", text(["r"], words("d", 5))), ("300.2", text(t, ["p"])),
                                              ("300.3", text(t, words("e", 30)))])
    assert partner(pairs, "100.1") == ("300.2", MatchHow.MOVED, round(20 / 22, 9))


def test_a_candidate_found_through_several_rare_words_counts_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Old 100.2 finds new 300.1 through three of its rarest words and 300.2
    # through the fourth; 300.1 goes to old 100.1 (more similar), so 100.2
    # needs 300.2 among its two best candidates kept.
    import ruldiff.diff.align as align_module

    monkeypatch.setattr(align_module, "MOVED_KEEP", 2)
    a, b, c = words("a", 10), words("b", 2), words("c", 3)
    pairs = far_apart([("100.1", text(a[:9], ["z"])), ("100.2", text(a[:8], b))],
                      [("300.1", text(a)), ("300.2", text(a[:5], b, c))])
    assert ids(pairs)[-2:] == [("100.1", "300.1"), ("100.2", "300.2")]


@pytest.mark.parametrize("old, new, paired", [
    ("Gem", "Gems", True),
    ("The Ember Zone", "Ember Zones", True),
    ("Keeper Lantern Ember Zone", "Keeper Lanterns Ember Zones", True),
    # five words are no title; a word of three letters keeps its final s
    ("The Keeper Lantern Ember Zone", "Keeper Lanterns Ember Zones", False),
    ("Its Owner", "It Owner", False),
    ("The", "A", False),
])
def test_a_heading_moved_away_pairs_up_if_it_reads_the_same_but_for_plurals_and_articles(
    old: str, new: str, paired: bool
) -> None:
    pairs = far_apart([("100", old, RuleKind.HEADING)], [("300", new, RuleKind.HEADING)])
    assert partner(pairs, "100") == (("300", MatchHow.MOVED, round(similarity(old, new), 9)) if paired else None)


def glossary_pairs(old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, MatchHow, float]]:
    return {p.old.id: (p.new.id, p.how, p.similarity) for p in far_apart([], [], (old, new))
            if p.old and p.new and p.old.kind is RuleKind.GLOSSARY}


FIVE = sharing(5, 2, "def")  # two definitions 0.4 similar


@pytest.mark.parametrize("old, new, expected", [
    ((("Lasting Ember", FIVE[0]),), (("Ember", FIVE[1]),), {"glossary:Lasting Ember": ("glossary:Ember", MatchHow.MOVED, 0.4)}),
    ((("Ember", FIVE[0]),), (("Ember (Obsolete)", FIVE[1]),), {"glossary:Ember": ("glossary:Ember (Obsolete)", MatchHow.MOVED, 0.4)}),
    ((("Ember: Lasting", FIVE[0]),), (("Ember", FIVE[1]),), {"glossary:Ember: Lasting": ("glossary:Ember", MatchHow.MOVED, 0.4)}),
    # definitions too far apart (0.2, 0.375)
    ((("Lasting Ember", sharing(5, 1)[0]),), (("Ember", sharing(5, 1)[1]),), {}),
    ((("Lasting Ember", sharing(8, 3)[0]),), (("Ember", sharing(8, 3)[1]),), {}),
    # two candidates either way: neither is taken
    ((("Lasting Ember", FIVE[0]), ("Bright Ember", FIVE[0])), (("Ember", FIVE[1]),), {}),
    ((("Ember", FIVE[0]),), (("Lasting Ember", FIVE[1]), ("Bright Ember", FIVE[1])), {}),
])
def test_a_glossary_term_renamed_by_adding_or_dropping_words_pairs_up_if_it_is_the_only_one(
    old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...], expected: dict[str, tuple[str, MatchHow, float]]
) -> None:
    assert glossary_pairs(old, new) == expected


def test_a_rule_is_compared_only_within_its_own_gap() -> None:
    # Old 100.2 is removed in the first gap; a rule half like it, added in
    # the next gap, is another rule: removed and added, not paired.
    removed, added = sharing(10, 5)
    old = made(*unchanged("100.1"), ("100.2", removed), *unchanged("100.3"), ("100.4", filler("old")), *unchanged("100.5"))
    new = made(*unchanged("100.1"), ("100.2a", filler("one")), *unchanged("100.3"), ("100.4a", added),
               *unchanged("100.5"))
    assert partner(align(old, new), "100.2") is None


def test_in_a_gap_a_rule_of_another_kind_does_not_stop_the_search() -> None:
    before, after = sharing(10, 5)
    pairs = between_anchors([("100.5", before)], [("100.5a", "Heading", RuleKind.HEADING), ("100.6", after)])
    assert partner(pairs, "100.5") == ("100.6", MatchHow.SIMILAR, 0.5)


CONDUCT = [
    ("7", "Conduct"),
    ("704", "Unsporting Conduct"),
    ("704.1.", "Examples of serious unsporting conduct include:"),
    ("704.1a", "Shouting at a judge"),
    ("704.1b", "Throwing glyphs"),
    ("704.2.", "A keeper who sees such conduct tells a judge at once."),
]


def test_a_short_item_rewritten_whole_where_it_stood_keeps_its_number() -> None:
    # No word in common, but the same number between neighbours paired with
    # each other: one item of the list reworded, not one removed and one added.
    new = [(n, "Insulting an official" if n == "704.1a" else t) for n, t in CONDUCT]
    pair = pair_of(align(doc(CONDUCT), doc(new)), "704.1a")
    assert pair.new is not None and pair.new.id == "704.1a"
    assert pair.how is MatchHow.NUMBER and pair.similarity == 0.0


def test_a_short_title_renamed_in_place_keeps_its_number() -> None:
    new = [(n, "Sportsmanship" if n == "704" else t) for n, t in CONDUCT]
    assert ("704", "704") in ids(align(doc(CONDUCT), doc(new)))


@pytest.mark.parametrize(
    "text",
    [
        "Keepers may never insult any tournament official",  # seven words: no longer short
        "Keepers shuffle glyphs before every game starts today",
    ],
)
def test_a_longer_text_under_a_reused_number_is_removed_and_added(text: str) -> None:
    new = [(n, text if n == "704.1a" else t) for n, t in CONDUCT]
    assert ("704.1a", None) in ids(align(doc(CONDUCT), doc(new)))
    assert (None, "704.1a") in ids(align(doc(CONDUCT), doc(new)))


def test_a_short_item_whose_neighbour_was_replaced_too_is_removed_and_added() -> None:
    # The next item is new as well: the list was rewritten, and nothing ties
    # the old first item to the new one but the number.
    new = [(n, {"704.1a": "Insulting an official", "704.1b": "Leaving the hall early in anger"}.get(n, t))
           for n, t in CONDUCT]
    pairs = ids(align(doc(CONDUCT), doc(new)))
    assert ("704.1a", None) in pairs and (None, "704.1a") in pairs


def test_a_short_item_last_in_the_document_pairs_only_with_the_last() -> None:
    old = CONDUCT[:5]
    new = [*CONDUCT[:4], ("704.1b", "Tearing cards")]
    assert ids(align(doc(old), doc(new)))[-1] == ("704.1b", "704.1b")
    longer = [*CONDUCT[:4], ("704.1b", "Tearing cards"), ("704.1c", "Hiding a glyph")]
    assert ("704.1b", None) in ids(align(doc(old), doc(longer)))


def test_step_8_looks_past_rules_it_cannot_pair() -> None:
    # Before the list: a rule removed outright (no new rule of its number)
    # and one rewritten at length; neither stops the short item after them.
    old = [("7", "Conduct"), ("703", "Warnings"), ("703.1.", "A judge warns any keeper who breaks a rule of play."),
           ("703.2.", "Warnings expire."), *CONDUCT[1:]]
    new = [("7", "Conduct"), ("703", "Warnings"), ("703.1.", "Glyph pools are refilled at the start of every round."),
           *[(n, "Insulting an official" if n == "704.1a" else t) for n, t in CONDUCT[1:]]]
    pairs = ids(align(doc(old), doc(new)))
    assert ("704.1a", "704.1a") in pairs
    assert ("703.1", None) in pairs and ("703.2", None) in pairs


@pytest.mark.parametrize(
    "before, after",
    [("Shouting at a judge", "Insulting an official during a round"),  # six words: still short
     ("Shouting at judges during a round", "Insulting an official")],
)
def test_six_words_are_short_on_either_side(before: str, after: str) -> None:
    old = [(n, before if n == "704.1a" else t) for n, t in CONDUCT]
    new = [(n, after if n == "704.1a" else t) for n, t in CONDUCT]
    assert ("704.1a", "704.1a") in ids(align(doc(old), doc(new)))


def test_a_short_item_after_a_replaced_one_is_removed_and_added() -> None:
    # Both items of the list replaced: the second one's neighbour before it
    # is no pair, so nothing ties it to its number either.
    new = [(n, {"704.1a": "Insulting an official", "704.1b": "Biting"}.get(n, t)) for n, t in CONDUCT]
    pairs = ids(align(doc(CONDUCT), doc(new)))
    assert ("704.1b", None) in pairs and (None, "704.1b") in pairs


def test_the_first_item_has_no_neighbour_before_it() -> None:
    # Old "1" is first; in the new order the rule before new "1" is the old
    # last one, and the one after it the old second: the neighbours around
    # the end of the document are no neighbours.
    old = [("1", "Basics"), ("100", "General"), ("100.1.", "Keepers sit around the bowl in a circle.")]
    new = [("100.1.", "Keepers sit around the bowl in a circle."), ("1", "Fundamentals"), ("100", "General")]
    pairs = ids(align(doc(old), doc(new)))
    assert ("1", None) in pairs and (None, "1") in pairs


def test_a_number_whose_new_rule_is_another_old_rule_is_not_reused() -> None:
    # New 100.2 is old 100.4, moved up: old 100.2 is removed, whatever its
    # neighbours say.
    old = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Shout."),
           ("100.3.", "Pass the bowl."), ("100.4.", "Sit in a circle.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Sit in a circle."),
           ("100.3.", "Pass the bowl.")]
    pairs = ids(align(doc(old), doc(new)))
    assert ("100.4", "100.2") in pairs and ("100.2", None) in pairs


@pytest.mark.parametrize("own_old_x, paired_by_number", [
    # Old X keeps 5 of its 10 words in new X (0.5), old Y 6 in new X (0.6)
    # and 5 in new Y (0.5): by number the two pairs hold 1.0 against 0.6.
    (5, True),
    # Old X keeps 3 (0.3): by number 0.8, not clearly more than 0.6 + 0.3.
    (3, False),
])
def test_two_rules_rewritten_in_place_keep_their_own_numbers(own_old_x: int, paired_by_number: bool) -> None:
    # Two rules of one subject, both rewritten where they stood: new X reads
    # most like old Y, but that pair would leave X's and Y's own numbers
    # unpaired on the other side (2024-11, 510.1c and 510.1d).
    common, xs, ys = words("c", 2), words("x", 8), words("y", 8)
    old_x, old_y = text(common, xs), text(common, ys)
    new_x = text(common, xs[: own_old_x - 2], ys[:4], words("nx", 6 - own_old_x))
    new_y = text(common, ys[4:7], words("ny", 5))
    steady = [("510.1a", "Keepers count embers first."), ("510.1e", "Then the round ends for everyone.")]
    old = made(steady[0], ("510.1c", old_x), ("510.1d", old_y), steady[1])
    new = made(steady[0], ("510.1c", new_x), ("510.1d", new_y), steady[1])
    assert similarity(old_y, new_x) == 0.6 and similarity(old_y, new_y) == 0.5
    assert similarity(old_x, new_x) == own_old_x / 10
    pairs = align(old, new)
    if paired_by_number:
        assert partner(pairs, "510.1c") == ("510.1c", MatchHow.NUMBER, own_old_x / 10)
        assert partner(pairs, "510.1d") == ("510.1d", MatchHow.NUMBER, 0.5)
    else:
        assert partner(pairs, "510.1d") == ("510.1c", MatchHow.SIMILAR, 0.6)
        assert partner(pairs, "510.1c") is None


def by_own_numbers(
    old: list[tuple[str, str]], new: list[tuple[str, str]], taken: list[tuple[int, int, float]],
    also: list[tuple[int, int]] = (), rows: range | None = None, cols: range | None = None,  # type: ignore[assignment]
) -> dict[int, int]:
    """What `_by_own_numbers` relinks, old index -> new index, for the pairs
    `taken` in a gap over `rows` x `cols` (all by default), with the pairs
    `also` made elsewhere."""
    a, b = _Side(made(*old).rules), _Side(made(*new).rules)
    for i, j, _ in taken:
        a.partner[i], b.partner[j] = j, i
    for i, j in also:
        a.partner[i], b.partner[j] = j, i
    out: dict[int, int] = {}

    def link(i: int, j: int, how: MatchHow, sim: float) -> None:
        assert how is MatchHow.NUMBER and sim == similarity(a.items[i].full_text, b.items[j].full_text)
        out[i] = j
        a.partner[i], b.partner[j] = j, i

    _by_own_numbers(a, b, taken, rows or range(len(old)), cols or range(len(new)), link)
    return out


def _ten(common: int, tag: str) -> str:
    """Ten words, the first `common` of them shared by every text built with that count."""
    return text(words("c", common), words(tag, 10 - common))


def test_a_cross_pair_is_undone_after_a_pair_by_number_and_at_the_least_similarity() -> None:
    # Old 1.2 took new 1.1; each own number shares exactly 3 of 10 words
    # (0.3, the least) and 5 (0.5): 0.8 against a cross pair of 0.5 + 0.3.
    x_old, x_new = text(words("c", 3), words("xo", 7)), text(words("c", 3), words("xn", 7))
    y_old, y_new = text(words("d", 5), words("yo", 5)), text(words("d", 5), words("yn", 5))
    old = [("1.0", "Keepers sit."), ("1.1", x_old), ("1.2", y_old)]
    new = [("1.0", "Keepers sit."), ("1.1", x_new), ("1.2", y_new)]
    assert similarity(x_old, x_new) == GAP_SAME_NUMBER_MIN and similarity(y_old, y_new) == 0.5
    # The pair by number (1.0) comes first: it is passed over, not the end.
    taken = [(0, 0, 1.0), (2, 1, 0.5)]
    assert 0.3 + 0.5 == 0.5 + GAP_SAME_NUMBER_MIN
    assert by_own_numbers(old, new, taken) == {2: 2, 1: 1}
    # Just short: the cross pair was 0.51.
    assert by_own_numbers(old, new, [(0, 0, 1.0), (2, 1, 0.51)]) == {}


@pytest.mark.parametrize("case", ["own new taken", "own old taken", "own new outside", "own old outside",
                                  "own old kind", "own new kind", "no own old", "swapped since"])
def test_a_cross_pair_stays_unless_both_own_numbers_are_free_and_alike(case: str) -> None:
    y_old, y_new = _ten(5, "yo"), _ten(5, "yn")
    x_old, x_new = text(words("e", 5), words("xo", 5)), text(words("e", 5), words("xn", 5))
    # A second cross pair after it, with both own numbers free: undone
    # whatever became of the first.
    second_old = [("2.1", text(words("f", 5), words("po", 5))), ("2.2", text(words("g", 5), words("qo", 5)))]
    second_new = [("2.1", text(words("f", 5), words("pn", 5))), ("2.2", text(words("g", 5), words("qn", 5)))]
    old = [("1.1", x_old), ("1.2", y_old), ("1.3", "Keepers rest."), *second_old]
    new = [("1.1", x_new), ("1.2", y_new), ("1.3", "Keepers wake."), *second_new]
    taken, also, rows, cols = [(1, 0, 0.6), (4, 3, 0.6)], [], None, None
    if case == "own new taken":
        also = [(2, 1)]
    elif case == "own old taken":
        also = [(0, 2)]
    elif case == "own new outside":
        cols = range(2, 5)
    elif case == "own old outside":
        rows = range(1, 5)
    elif case == "own old kind":
        old[0] = ("1.1", x_old, RuleKind.HEADING)  # type: ignore[assignment]
    elif case == "own new kind":
        new[1] = ("1.2", y_new, RuleKind.HEADING)  # type: ignore[assignment]
    elif case == "no own old":
        old[0] = ("1.0", x_old)
    elif case == "swapped since":
        also = [(1, 2)]  # old 1.2's partner is no longer new 1.1
    assert by_own_numbers(old, new, taken, also, rows, cols) == {4: 4, 3: 3}
    # The same texts with nothing in the way: all pairs by number.
    plain_old = [("1.1", x_old), ("1.2", y_old), ("1.3", "Keepers rest."), *second_old]
    plain_new = [("1.1", x_new), ("1.2", y_new), ("1.3", "Keepers wake."), *second_new]
    assert by_own_numbers(plain_old, plain_new, taken) == {1: 1, 0: 0, 4: 4, 3: 3}


# A rule that grew, or was cut short, as it moved; a rule rewritten as it moved.
GROWN = "A keeper who lights a lantern at dusk keeps it lit until the morning bell rings."
GROWTH = (
    " If the bell is silent, the lantern burns out at noon. A lantern that burns out is turned face down"
    " and its ember goes back to the shared bowl, where any other keeper may take it on a later turn."
    " Owls that see a burnt-out lantern call out twice, and every sleeping player wakes."
)
NIGHT = [("3", "Night"), ("300.1.", "Night falls after the third round."), ("300.2.", "Owls watch the keepers during the night.")]
LANTERNS = [("1", "Lanterns"), ("100.1.", "Every keeper starts with one lantern."), ("100.2.", "A lantern is lit or dark.")]


def test_a_rule_that_grew_as_it_moved_is_paired_by_its_old_text_at_the_start() -> None:
    old = doc([*LANTERNS, ("100.3.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", GROWN + GROWTH)])
    assert similarity(GROWN, GROWN + GROWTH) < 0.5  # too unlike for the steps that compare words
    assert ("100.3", "300.3") in ids(align(old, new))


@pytest.mark.parametrize("growth", [" The café by the bowl closes at noon.", " Owls – and bats – may call out twice."])
def test_a_rule_that_grew_is_paired_whatever_letters_the_added_text_holds(growth: str) -> None:
    old = doc([*LANTERNS, ("100.3.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", GROWN + GROWTH + growth)])
    assert ("100.3", "300.3") in ids(align(old, new))


def long_words(tag: str, n: int, size: int) -> list[str]:
    """`n` invented words of `size` letters (a compound-rich language's)."""
    return [f"{tag}{k:02d}".rjust(size, "x") for k in range(n)]


SHORT_WORDS = (
    "Owls then call out twice, and every keeper wakes at once to count the embers in the bowl before dawn;"
    " whoever finds fewer than three lights another lantern from the shared fire, while the others sing quietly."
)


@pytest.mark.parametrize("old_text, new_text", [
    # grown: the old text at the start, eight words or more of twenty letters,
    # the first 160 characters of the new one ending inside its eighth word
    (text(long_words("a", 9, 20)), f"{text(long_words('a', 9, 20))}. {SHORT_WORDS}"),
    # the least: eight words, of forty letters
    (text(long_words("a", 8, 40)), f"{text(long_words('a', 8, 40))}. {SHORT_WORDS}"),
    # cut short: only its end kept
    (f"{SHORT_WORDS} {text(long_words('a', 9, 20))}", text(long_words("a", 9, 20))),
])
def test_a_rule_of_long_words_that_grew_or_was_cut_short_is_paired_by_the_text_it_kept(old_text: str, new_text: str) -> None:
    # Before it, two removed rules of fewer than eight words, short and long:
    # too few to say anything.
    old = doc([*LANTERNS, ("100.3.", "Keepers rest at dusk."), ("100.4.", text(long_words("b", 7, 50))),
               ("100.5.", old_text), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", new_text)])
    assert similarity(old_text, new_text) < 0.5
    assert ("100.5", "300.3") in ids(align(old, new))


def test_a_heading_is_not_paired_with_a_rule_that_opens_with_its_words() -> None:
    heading = "Keepers Who Light a Lantern at Dusk Alone"
    old = made(("100", heading, RuleKind.HEADING), *unchanged("200.1", "200.2", "200.3"))
    new = made(*unchanged("200.1", "200.2", "200.3"), ("300.1", f"{heading.lower()} keep it lit. {SHORT_WORDS}"))
    assert partner(align(old, new), "100") is None


def test_a_rule_that_opens_another_but_for_its_last_word_is_not_paired_by_its_text() -> None:
    old = doc([*LANTERNS, ("100.3.", "A keeper who lights a lantern at dusk keeps it."), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", "A keeper who lights a lantern at dusk loses it" + GROWTH)])
    assert ("100.3", None) in ids(align(old, new))


def test_a_new_rule_that_opens_with_two_old_texts_pairs_with_the_longer() -> None:
    # Old 100.3 is the start of old 100.4, and both the start of new 300.3:
    # the new rule grew from the one it adds least to. Old 100.5 grew into
    # new 300.4 meanwhile, adding more.
    opening = "A keeper who lights a lantern at dusk"
    old = doc([*LANTERNS, ("100.3.", f"{opening}."), ("100.4.", f"{opening} keeps it lit."), ("100.5.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", f"{opening} keeps it lit. {SHORT_WORDS}"), ("300.4.", GROWN + GROWTH)])
    pairs = ids(align(old, new))
    assert ("100.4", "300.3") in pairs and ("100.3", None) in pairs
    assert ("100.5", "300.4") in pairs


def test_two_old_rules_equally_at_the_start_of_a_new_one_pair_with_neither() -> None:
    # Old 100.3 and 100.4 read the same but for their punctuation; old 100.5
    # grew into new 300.4 meanwhile, adding more.
    opening = "A keeper who lights a lantern at dusk keeps it lit"
    old = doc([*LANTERNS, ("100.3.", f"{opening}."), ("100.4.", f"{opening}!"), ("100.5.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", f"{opening}. {SHORT_WORDS}"), ("300.4.", GROWN + GROWTH)])
    pairs = ids(align(old, new))
    assert ("100.3", None) in pairs and ("100.4", None) in pairs and (None, "300.3") in pairs
    assert ("100.5", "300.4") in pairs


def test_a_rule_cut_short_to_its_last_sentence_is_paired_by_the_text_it_kept() -> None:
    kept = "A lantern that burns out is turned face down and its ember goes back to the shared bowl."
    old = doc([*LANTERNS, ("100.3.", GROWN + " If the bell is silent, the lantern burns out at noon, or at dusk on a winter round. " + kept), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", kept)])
    assert ("100.3", "300.3") in ids(align(old, new))


@pytest.mark.parametrize("copy", [GROWN.replace("dusk keeps", "dusk, keeps"), GROWN.lower()])
def test_a_rule_moved_with_its_punctuation_or_case_changed_pairs_with_its_copy_not_a_rule_that_grew_from_it(
    copy: str,
) -> None:
    old = doc([*LANTERNS, ("100.3.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", copy), ("300.4.", GROWN + GROWTH)])
    pairs = align(old, new)
    assert partner(pairs, "100.3") == ("300.3", MatchHow.MOVED, 1.0)
    assert (None, "300.4") in ids(pairs)


def test_a_rule_whose_text_opens_and_closes_a_new_one_pairs_with_it() -> None:
    # Found at both ends of the new rule: one partner, not two equal ones.
    old = doc([*LANTERNS, ("100.3.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", f"{GROWN}{GROWTH} {GROWN}")])
    assert ("100.3", "300.3") in ids(align(old, new))


def test_a_text_at_the_start_of_two_rules_equally_pairs_with_neither() -> None:
    old = doc([*LANTERNS, ("100.3.", GROWN), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", GROWN + GROWTH), ("300.4.", GROWN + GROWTH.replace("noon", "midnight"))])
    assert ("100.3", None) in ids(align(old, new))


@pytest.mark.parametrize("opening, paired", [
    # Seven words: a common opening, not a rule's whole text; eight: a sentence.
    ("A keeper who lights a lantern wins", False),
    ("A keeper who lights a lantern wins twice", True),
])
def test_a_short_text_at_the_start_of_another_is_no_evidence(opening: str, paired: bool) -> None:
    old = doc([*LANTERNS, ("100.3.", f"{opening}."), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", opening + GROWTH)])
    assert (("100.3", "300.3") in ids(align(old, new))) is paired
    assert (("100.3", None) in ids(align(old, new))) is not paired


UNBREAKABLE = (
    "If a lantern is unbreakable, rules and effects can't break it. Such lanterns are not broken by wind,"
    " and they ignore the wind check of the night. Effects may still cause an unbreakable lantern to be given away."
)
UNBREAKABLE_NOW = "A lantern with unbreakable can't be broken. Such lanterns aren't broken by wind, and they ignore the night check for wind."


def test_a_rule_rewritten_as_it_moved_pairs_when_each_is_the_others_best() -> None:
    old = doc([*LANTERNS, ("100.3.", UNBREAKABLE), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", UNBREAKABLE_NOW)])
    assert 0.55 <= similarity(UNBREAKABLE, UNBREAKABLE_NOW) < 0.7  # below the bar of a far move
    pairs = align(old, new)
    assert ("100.3", "300.3") in ids(pairs)
    assert next(p.how for p in pairs if p.old and p.old.id == "100.3") is MatchHow.MOVED


def test_a_rewritten_rule_with_two_equal_candidates_stays_removed() -> None:
    old = doc([*LANTERNS, ("100.3.", UNBREAKABLE), *NIGHT])
    new = doc([*LANTERNS, *NIGHT, ("300.3.", UNBREAKABLE_NOW.replace("night", "dark")), ("300.4.", UNBREAKABLE_NOW.replace("night", "dusk"))])
    assert ("100.3", None) in ids(align(old, new))


def test_a_rewritten_rule_with_two_equal_old_candidates_stays_added() -> None:
    # New 300.1 reads 0.59 like old 100.1 and like old 100.2, each holding
    # eight tenths of its words: either could be its old text, so neither is.
    t = words("t", 10)
    pairs = far_apart([("100.1", text(t[:8], words("a", 9))), ("100.2", text(t[:8], words("b", 9)))], [("300.1", text(t))])
    assert partner(pairs, "100.1") is None and partner(pairs, "100.2") is None
    assert (None, "300.1") in ids(pairs)


def test_a_rewritten_rule_pairs_with_its_best_old_candidate_whatever_came_before() -> None:
    # Old 100.1 and 100.2 tie for new 300.1 (0.62); old 100.3 reads more
    # like it (0.64) and old 100.4 less (0.57): 100.3 is its old text.
    t = words("t", 10)
    old = [("100.1", text(t[:8], words("a", 8))), ("100.2", text(t[:8], words("b", 8))),
           ("100.3", text(t[:8], words("c", 7))), ("100.4", text(t[:8], words("d", 10)))]
    pairs = far_apart(old, [("300.1", text(t))])
    assert partner(pairs, "100.3") == ("300.1", MatchHow.MOVED, round(16 / 25, 9))
    assert [partner(pairs, k) for k in ("100.1", "100.2", "100.4")] == [None, None, None]


def test_a_rewritten_rule_whose_best_candidate_went_to_another_stays_removed() -> None:
    # Old 100.1 reads 0.73 like new 300.1, which old 100.2 takes (0.92), and
    # 0.59 like new 300.2: its best candidate was not 300.2, so it is removed.
    t, z = words("t", 10), words("z", 4)
    old = [("100.1", text(t)), ("100.2", text(t[2:], z[:3], ["w"]))]
    new = [("300.1", text(t[2:], z)), ("300.2", text(t[:8], words("y", 9)))]
    pairs = far_apart(old, new)
    assert partner(pairs, "100.2") == ("300.1", MatchHow.MOVED, round(22 / 24, 9))
    assert partner(pairs, "100.1") is None and (None, "300.2") in ids(pairs)


def test_two_rules_merged_into_one_pair_it_once() -> None:
    # New 300.1 holds all of old 100.1 (0.53 similar) and eight tenths of
    # old 100.2 (0.67, its best candidate): the rule wholly inside pairs,
    # the other is removed, and each old rule is reported once.
    p, q = words("p", 10), words("q", 20)
    pairs = far_apart([("100.1", text(p)), ("100.2", text(q))], [("300.1", text(q[:16], p, ["r", "s"]))])
    assert partner(pairs, "100.1") == ("300.1", MatchHow.MOVED, round(20 / 38, 9))
    assert partner(pairs, "100.2") is None
    assert Counter(p.old.id for p in pairs if p.old) == Counter(
        ["100.1", "100.2", "200.1", "200.2", "200.3"])


def test_a_glossary_headword_renamed_with_its_definition_rewritten_stays_removed_and_added() -> None:
    # The weaker pairing of rules rewritten as they moved is not used in the
    # glossary (see `_match_mutual`).
    old = doc([("1", "A"), ("100.1.", "Rule.")], [("Unbreakable", UNBREAKABLE)])
    new = doc([("1", "A"), ("100.1.", "Rule.")], [("Sturdy", UNBREAKABLE_NOW.replace("unbreakable", "sturdy"))])
    assert ids(align(old, new))[-2:] == [("glossary:Unbreakable", None), (None, "glossary:Sturdy")]


def test_a_number_reused_after_a_move_follows_the_content_not_the_number() -> None:
    # "Kindle" moves from 100.3 to 300.3, barely edited; a new rule on
    # lanterns takes 100.3, a third of its words in common with "Kindle".
    kindle = "To kindle a lantern, a keeper lights it again after it went dark and the owls have flown."
    taker = "A lantern that went dark stays dark until a keeper pays one ember to the bowl."
    old = doc([*LANTERNS, ("100.3.", kindle), *NIGHT])
    new = doc([*LANTERNS, ("100.3.", taker), *NIGHT, ("300.3.", kindle.replace("flown", "flown away"))])
    assert similarity(kindle, taker) >= GAP_SAME_NUMBER_MIN  # enough for its number alone
    pairs = ids(align(old, new))
    assert ("100.3", "300.3") in pairs
    assert (None, "100.3") in pairs


@pytest.mark.parametrize("kept, copied, follows", [
    # Old 100.3 keeps `kept` of its 20 words under its number; a new rule
    # elsewhere holds `copied` of them (and no other but one): the pair by
    # number follows the content when the content stands at least 0.9
    # similar elsewhere, and, if the number kept 0.6 of the words or more,
    # at least 0.1 more similar there than under the number; or at 0.7 or
    # more and 0.2 more similar (no parents here to say more than the
    # words: `test_align_reused.py`).
    (11, 19, True),
    (11, 18, True),
    (12, 19, True),
    (15, 19, True),
    (17, 18, False),
    (18, 19, False),
    (11, 17, True),
    (11, 16, True),
    (11, 14, False),
    (12, 17, True),
    (12, 15, False),
    (14, 17, False),
])
def test_a_number_reused_follows_the_content_only_when_it_kept_little_and_the_content_stands_whole(
    kept: int, copied: int, follows: bool
) -> None:
    content = words("a", 20)
    old = made(*unchanged("100.1", "100.2"), ("100.3", text(content)), *unchanged("300.1", "300.2"))
    new = made(*unchanged("100.1", "100.2"), ("100.3", text(content[:kept], words("n", 20 - kept))),
               *unchanged("300.1", "300.2"), ("300.3", text(content[:copied], words("m", 20 - copied))))
    pairs = align(old, new)
    if follows:
        assert partner(pairs, "100.3") == ("300.3", MatchHow.MOVED, copied / 20)
        assert (None, "100.3") in ids(pairs)
    else:
        assert partner(pairs, "100.3") == ("100.3", MatchHow.NUMBER, kept / 20)
        assert (None, "300.3") in ids(pairs)


@pytest.mark.parametrize("kept, added", [(10, 2), (8, 2)])
def test_a_rule_split_keeps_its_number_with_the_part_left_there(kept: int, added: int) -> None:
    # Old 100.3 is A + B; new 100.3 is A (or most of it) and two new words,
    # eight tenths of its words old or more; B went to 300.3 with A's first
    # words, 0.97 similar to old 100.3: a split, whose part under the old
    # number stays its partner.
    a_run, b_run = words("a", 10), words("b", 30)
    old = doc([*LANTERNS, ("100.3.", text(a_run, b_run)), *NIGHT])
    new = doc([*LANTERNS, ("100.3.", text(a_run[:kept], words("c", added))), *NIGHT, ("300.3.", text(b_run, a_run[:8]))])
    assert similarity(text(a_run, b_run), text(b_run, a_run[:8])) >= 0.9
    assert ("100.3", "100.3") in ids(align(old, new))


def test_a_rule_moved_onto_a_reused_number_pairs_with_its_old_text_not_the_number() -> None:
    # Old 300.3 moved to 100.3, one word changed; old 100.3, a third like
    # it, was dropped: the number's new rule is old 300.3's, and old 100.3
    # is removed.
    moved = words("b", 20)
    dropped = text(moved[:6], words("d", 8))
    old = made(*unchanged("100.1", "100.2"), ("100.3", dropped), *unchanged("300.1", "300.2"), ("300.3", text(moved)))
    new = made(*unchanged("100.1", "100.2"), ("100.3", text(moved[:19], ["x"])), *unchanged("300.1", "300.2"))
    assert similarity(dropped, text(moved[:19], ["x"])) >= GAP_SAME_NUMBER_MIN  # enough for its number alone
    pairs = align(old, new)
    assert partner(pairs, "100.3") is None
    assert partner(pairs, "300.3") == ("100.3", MatchHow.MOVED, 0.95)


A20, B46 = words("a", 20), words("b", 46)


@pytest.mark.parametrize("kept, merged, new_text", [
    # all of old 100.3 in the new text
    (text(A20[:10]), text(B46), text(A20[:10], B46)),
    # eight tenths of it (old 300.3 held those words already)
    (text(A20), text(A20[:16], B46[:20]), text(A20[:16], B46[:21])),
])
def test_a_rule_merged_into_another_keeps_its_number(kept: str, merged: str, new_text: str) -> None:
    # Old 300.3 was merged into old 100.3, whose words are (nearly) all in
    # the new 100.3: the number keeps its pair, though new 100.3 reads most
    # like old 300.3.
    old = made(*unchanged("100.1", "100.2"), ("100.3", kept), *unchanged("300.1", "300.2"), ("300.3", merged))
    new = made(*unchanged("100.1", "100.2"), ("100.3", new_text), *unchanged("300.1", "300.2"))
    assert similarity(merged, new_text) >= 0.9 > 0.6 > similarity(kept, new_text)
    pairs = align(old, new)
    assert partner(pairs, "100.3") == ("100.3", MatchHow.NUMBER, round(similarity(kept, new_text), 9))
    assert partner(pairs, "300.3") is None


def test_a_content_found_twice_elsewhere_leaves_the_number_its_pair() -> None:
    # Old 100.3 kept a little of its words under its number, and its text
    # stands, 0.95 similar, in two new rules: neither is its new place.
    content = words("a", 20)
    old = made(*unchanged("100.1", "100.2"), ("100.3", text(content)), *unchanged("300.1", "300.2"))
    new = made(*unchanged("100.1", "100.2"), ("100.3", text(content[:11], words("n", 9))), *unchanged("300.1", "300.2"),
               ("300.3", text(content[:19], ["x"])), ("300.4", text(content[:19], ["y"])))
    assert partner(align(old, new), "100.3") == ("100.3", MatchHow.NUMBER, 0.55)


def test_the_content_followed_is_a_rule_not_a_heading_with_the_same_words() -> None:
    content = words("a", 20)
    old = made(*unchanged("100.1", "100.2"), ("100.3", text(content)), *unchanged("300.1", "300.2"))
    new = made(*unchanged("100.1", "100.2"), ("100.3", text(content[:11], words("n", 9))), *unchanged("300.1", "300.2"),
               ("301", text(content), RuleKind.HEADING), ("301.1", text(content[:19], ["x"])))
    assert partner(align(old, new), "100.3") == ("301.1", MatchHow.MOVED, 0.95)


def test_two_rules_whose_content_went_to_one_place_move_once() -> None:
    # Old 100.3 and 100.4 are one text but for a word, each rewritten under
    # its number (0.35); a new 300.3 reads 0.95 like both: the first follows
    # it, the second keeps its number. Old 100.5's content went to 300.4.
    c, d = words("c", 20), words("d", 20)
    old = made(*unchanged("100.1", "100.2"), ("100.3", text(c)), ("100.4", text(c[:19], ["e"])), ("100.5", text(d)),
               *unchanged("300.1", "300.2"))
    new = made(*unchanged("100.1", "100.2"), ("100.3", text(c[:7], words("n", 13))), ("100.4", text(c[7:14], words("m", 13))),
               ("100.5", text(d[:7], words("o", 13))), *unchanged("300.1", "300.2"),
               ("300.3", text(c[:19], ["z"])), ("300.4", text(d[:19], ["w"])))
    pairs = align(old, new)
    assert [partner(pairs, k) for k in ("100.3", "100.4", "100.5")] == [
        ("300.3", MatchHow.MOVED, 0.95), ("100.4", MatchHow.NUMBER, 0.35), ("300.4", MatchHow.MOVED, 0.95)]
    assert (None, "100.3") in ids(pairs) and (None, "100.5") in ids(pairs)


def _steps(*texts: str) -> list[tuple[str, str]]:
    return [("5", "Night Step"), *((f"500.{k}.", t) for k, t in enumerate(texts, 1))]


TRADE = "Keepers may then trade embers, swap lanterns or sing."


def test_a_step_moved_in_its_procedure_pairs_by_its_first_sentence_without_the_ordinal() -> None:
    old = doc(_steps("First, each keeper lights a lantern.", "Second, owls fly over the bowl at dusk.",
                     f"Third, the active keeper gets the bell. {TRADE}"))
    new = doc(_steps("First, each keeper lights a lantern, and owls fly over the bowl.",
                     "Second, the active keeper gets the bell. (See rule 300.1.)"))
    assert similarity(f"Third, the active keeper gets the bell. {TRADE}",
                      "Second, the active keeper gets the bell. (See rule 300.1.)") < 0.5  # too unlike for a gap
    pairs = ids(align(old, new))
    assert ("500.3", "500.2") in pairs
    assert partner(align(old, new), "500.3") == ("500.2", MatchHow.MOVED, round(similarity(
        f"Third, the active keeper gets the bell. {TRADE}", "Second, the active keeper gets the bell. (See rule 300.1.)"), 9))


def test_two_steps_alike_but_for_their_ordinals_left_in_one_section_say_nothing() -> None:
    old = doc(_steps(f"First, the active keeper gets the bell. {TRADE}", "Second, owls fly.",
                     f"Third, the active keeper gets the bell. {TRADE.replace('sing', 'dance')}"))
    new = doc(_steps("First, owls fly over the bowl and the lanterns.",
                     "Second, the active keeper gets the bell. (See rule 300.1.)"))
    assert (None, "500.2") in ids(align(old, new))


def test_a_step_whose_first_sentence_changed_after_its_ordinal_is_not_paired() -> None:
    old = doc(_steps("First, each keeper lights a lantern.", "Second, owls fly over a bowl.",
                     f"Third, owls gather at the bell. {TRADE}"))
    new = doc(_steps("First, each keeper lights a lantern, and owls fly over the bowl.",
                     "Second, bats gather at the bell. (See rule 300.1.)"))
    assert ("500.3", None) in ids(align(old, new))


def test_a_removed_rule_without_a_word_is_reported_removed() -> None:
    old = made(*unchanged("500.1"), ("500.2", "—"), *unchanged("500.3"))
    new = made(*unchanged("500.1", "500.3"), ("500.4", "…"))
    assert ids(align(old, new)) == [("500.1", "500.1"), ("500.2", None), ("500.3", "500.3"), (None, "500.4")]


def test_a_step_of_another_section_is_not_paired_by_its_ordinal_sentence() -> None:
    old = doc([*_steps("First, owls fly.", "Second, the active keeper gets the bell. Keepers trade embers."),
               ("6", "Dawn Step"), ("600.1.", "First, lanterns dim.")])
    new = doc([*_steps("First, owls fly."), ("6", "Dawn Step"), ("600.1.", "First, lanterns dim."),
               ("600.2.", "Second, the active keeper gets the bell. (See rule 300.1.)")])
    assert ("500.2", None) in ids(align(old, new))


@pytest.mark.parametrize("sentence, paired", [
    # The first sentence, its ordinal left out: three words or more, not two.
    ("keepers trade embers", True),
    ("owls fly", False),
])
def test_a_step_is_paired_by_a_first_sentence_of_three_words_or_more(sentence: str, paired: bool) -> None:
    old = doc(_steps("First, each keeper lights a lantern.", "Second, the bell rings at dusk for every keeper.",
                     f"Third, {sentence}. Lanterns then dim, and the bowl is passed to the left."))
    new = doc(_steps("First, each keeper lights a lantern, and the bell rings at dusk.",
                     f"Second, {sentence}. (See rule 300.1.)"))
    assert (("500.3", "500.2") in ids(align(old, new))) is paired
    assert ((None, "500.2") in ids(align(old, new))) is not paired


# A procedure dissolved: its first step folded elsewhere, its second said
# as a plain rule ("Once it begins, ..."), the rule after it kept.
RESTATED = [("500.1.", "The night step has no chores. Once it begins, the active keeper gets the bell."),
            ("500.2.", "A keeper who sleeps through the bell wakes at dawn and gives up a lantern.")]
PROCEDURE = ["First, every owl of the tower is counted and fed by the keepers.",
             f"Second, the active keeper gets the bell. {TRADE}",
             "A keeper who sleeps through the bell wakes at dawn and gives up a lantern."]


def test_a_step_restated_without_its_ordinal_pairs_with_the_rule_that_says_it() -> None:
    # (A section added before it: rules of other sections are passed over.)
    old = doc(_steps(*PROCEDURE))
    new = doc([("4", "Dusk Step"), ("400.1.", "Owls wake at dusk."), ("5", "Night Step"), *RESTATED])
    pairs = align(old, new)
    assert partner(pairs, "500.2") == ("500.1", MatchHow.MOVED, round(similarity(PROCEDURE[1], RESTATED[0][1]), 9))
    assert ("500.3", "500.2") in ids(pairs) and ("500.1", None) in ids(pairs)


def test_a_rule_restated_as_a_step_pairs_with_it() -> None:
    # The other way round: the step is new, the plain rule old (with a rule
    # before it, so that no hole of one rule holds the two).
    old = doc([("5", "Night Step"), ("500.1.", "Owls nest in the tower all year."),
               ("500.2.", "Owls hoot at the moon, never at keepers."), *(
        (f"500.{k}.", t) for k, (_, t) in enumerate(RESTATED, 3))])
    new = doc(_steps(*PROCEDURE))
    assert ("500.3", "500.2") in ids(align(old, new))


@pytest.mark.parametrize("restated, paired", [
    ("Once the night step begins, the active keeper gets the bell.", True),
    ("Owls sleep. The active keeper gets the bell.", True),  # a whole sentence of its own
    # The step's sentence must end a sentence of the rule, not open it.
    ("The active keeper gets the bell once the night step begins.", False),
    # Two rules left over that say it: neither is taken for the step.
    (None, False),
])
def test_a_step_restated_pairs_only_with_the_one_rule_ending_a_sentence_in_it(restated: str | None, paired: bool) -> None:
    if restated is None:
        rules = [RESTATED[0], ("500.2.", "Owls wake at dusk. At dawn, the active keeper gets the bell."), RESTATED[1]]
        rules = [(f"500.{k}.", t) for k, (_, t) in enumerate(rules, 1)]
    else:
        rules = [("500.1.", restated), RESTATED[1]]
    pairs = ids(align(doc(_steps(*PROCEDURE)), doc([("5", "Night Step"), *rules])))
    assert (("500.2", "500.1") in pairs) is paired


def test_a_rule_ending_sentences_in_two_steps_sentences_is_taken_for_neither() -> None:
    # Two steps restated in one rule: a merge, not a step moved.
    procedure = [f"First, every owl of the tower is fed. {TRADE}", *PROCEDURE[1:]]
    restated = "The night step has no chores. Once it begins, the active keeper gets the bell. Then every owl of the tower is fed."
    new = doc([("5", "Night Step"), ("500.1.", "Owls nest in the tower all year."),
               ("500.2.", "Owls hoot at the moon, never at keepers."), ("500.3.", restated), ("500.4.", RESTATED[1][1])])
    pairs = ids(align(doc(_steps(*procedure)), new))
    assert ("500.1", None) in pairs and ("500.2", None) in pairs


def test_a_step_restated_in_another_section_is_not_paired() -> None:
    old = doc([*_steps(*PROCEDURE), ("6", "Dawn Step"), ("600.1.", "Lanterns dim at dawn, one by one.")])
    new = doc([("5", "Night Step"), ("500.1.", RESTATED[1][1]), ("6", "Dawn Step"),
               ("600.1.", "Lanterns dim at dawn, one by one."), ("600.2.", RESTATED[0][1])])
    assert ("500.2", None) in ids(align(old, new))


def test_real_steps_restated_without_their_ordinals(corpora: Path) -> None:
    # gap-s47, 2014-05 -> 2017-06: the upkeep's and the end step's
    # "Second, the active player gets priority. ..." became "... Once it
    # begins, the active player gets priority." as their first steps went.
    pairs = ids(align(load(str(corpora / "mtg" / "2014-05-01.txt")), load(str(corpora / "mtg" / "2017-06-05.txt"))))
    assert {("503.2", "503.1"), ("513.2", "513.1")} <= set(pairs)


@pytest.mark.parametrize(
    "old, new",
    [("The Champion Zone", "Champion Zones"), ("A Banishment", "Banishments"), ("An Oath", "Oaths"),
     ("Rules of Play", "Rules Play")],
)
def test_a_short_title_reads_the_same_without_articles_or_plurals(old: str, new: str) -> None:
    assert _title_key(word_set(old)) == _title_key(word_set(new))


LORE = [("100.1", "Lanterns glow amber while a keeper tends them."), ("100.2", "A lantern left untended gutters out at dusk.")]


def test_a_parent_renamed_as_it_moved_pairs_by_its_children() -> None:
    # No word in common, another number: but its two children are paired
    # with the two children of the new heading, and no other's.
    old = doc([("1", "Game"), ("100", "Lantern Lore"), *LORE, ("200", "Owls"), ("200.1", "Owls hoot.")])
    new = doc([("1", "Game"), ("100", "Wicks"), ("100.1", "Wicks burn down."), ("101", "Keeping the Lights"),
               *[(n.replace("100", "101"), t) for n, t in LORE], ("200", "Owls"), ("200.1", "Owls hoot.")])
    assert dict(ids(align(old, new)))["100"] == "101"
    # A title turned into the sentence that heads the same children: the same.
    old = doc([("1", "Game"), ("100", "Lore"), ("100.1", "Lantern Keeping"), ("100.1a", LORE[0][1]),
               ("100.1b", LORE[1][1]), ("200", "Owls"), ("200.1", "Owls hoot.")])
    new = doc([("1", "Game"), ("100", "Lore"), ("100.1", "Owls nest in towers."),
               ("100.2", "Keepers light lanterns at dusk and tend them."), ("100.2a", LORE[0][1]),
               ("100.2b", LORE[1][1]), ("200", "Owls"), ("200.1", "Owls hoot.")])
    assert dict(ids(align(old, new)))["100.1"] == "100.2"


# A rule reworded (0.44 alike, no content word shared) between two siblings
# that kept their texts, in a section renumbered as a section was inserted
# before it.
DUSK = "The keeper of the square lights each lantern at dusk, and then the bell is rung."
OWLS = "An owl of the tower hoots at the moon, and then the dawn is near."
TOLD = "Owls tell the keepers nothing at all."


def renumbered_section(headings: bool, reworded: str = OWLS) -> tuple[Document, Document]:
    """Section 100 moved to 101 over its rules, the middle one reworded;
    without `headings`, neither section's heading is in the document."""
    rules = [("100.1", "Keepers light lanterns."), ("100.2", DUSK), ("100.3", "Keepers sleep by day.")]
    moved = [(n.replace("100", "101"), reworded if n == "100.2" else t) for n, t in rules]
    old_head, new_head = ([("100", "Lanterns")], [("101", "Lanterns")]) if headings else ([], [])
    old = doc([("1", "Game"), *old_head, *rules, ("200", "Owls"), ("200.1", TOLD)])
    new = doc([("1", "Game"), ("100", "Wicks"), ("100.1", "Wicks burn down."), *new_head, *moved, ("200", "Owls"),
               ("200.1", TOLD)])
    return old, new


def test_a_rule_reworded_in_place_in_a_renumbered_section_keeps_its_place() -> None:
    assert GAP_SAME_NUMBER_MIN <= similarity(DUSK, OWLS) < GAP_MIN
    pairs = dict(ids(align(*renumbered_section(headings=True))))
    assert (pairs["100"], pairs["100.1"], pairs["100.2"], pairs["100.3"]) == ("101", "101.1", "101.2", "101.3")


@pytest.mark.parametrize("headings, reworded", [
    (False, OWLS),  # no parents to be paired: nothing says the place is the same
    (True, "The owl of the tower hoots at the moon until the dawn comes."),  # 0.25: too little even there
])
def test_a_rule_reworded_in_a_renumbered_section_needs_paired_parents_and_a_third_of_its_words(
    headings: bool, reworded: str
) -> None:
    pairs = dict(ids(align(*renumbered_section(headings, reworded=reworded))))
    assert pairs["100.2"] is None


def test_a_parent_whose_new_number_also_gained_children_pairs_by_the_old_ones() -> None:
    # The step rewritten as it moved (100.2 -> 101.2, no telling word in
    # common), its two children with it; the new step also gained a child
    # of its own and one from its neighbour. Children added to a rule are
    # no evidence against it: of its children that were paired, most came
    # from the old step, and they are half of all.
    steps = [("100.2a", "This ends the watch if no bell has rung this night."),
             ("100.2b", "The keeper who rang need not be the one who answers.")]
    old = doc([("1", "Game"), ("100", "The Watch"), ("100.1", "Trim every wick."),
               ("100.1a", "Sweep the ash from the hearth before the bell."),
               ("100.2", "If any keeper remains at the tower, and holds it not, that keeper claims the tower."),
               *steps, ("200", "Owls"), ("200.1", "Owls hoot.")])
    new = doc([("1", "Game"), ("100", "Owls at Rest"), ("100.1", "Owls sleep by day."),
               ("101", "The Watch"), ("101.1", "Trim every wick."),
               ("101.2", "2. With no vigil staged here, whoever stays claims it."),
               ("101.2a", "Sweep the ash from the hearth before the bell."),
               *[(n.replace("100.2a", "101.2b").replace("100.2b", "101.2c"), t) for n, t in steps],
               ("101.2d", "A claimed tower stays claimed until the next vigil."),
               ("200", "Owls"), ("200.1", "Owls hoot.")])
    assert dict(ids(align(old, new)))["100.2"] == "101.2"
    # With the new children the most, it is another step: not paired.
    new = doc([*[(r.id, r.text) for r in new.rules if r.id not in ("200", "200.1")],
               ("101.2e", "Bells toll twice at dawn."), ("101.2f", "Lanterns are lit at the second toll."),
               ("200", "Owls"), ("200.1", "Owls hoot.")])
    assert dict(ids(align(old, new)))["100.2"] is None


HOLE_OLD = [("1", "Game"), ("100", "The Watch"), ("100.1", "Trim every wick before the first bell."),
            ("100.2", None), ("100.2a", "Owls may not be kept in the tower."),
            ("100.2b", "The warden keeps the great key of the lamp room."),
            ("100.3", "Sweep the ash from the hearth at dawn."), ("200", "Owls"), ("200.1", "Owls hoot.")]


def _hole_new(text: str) -> list[tuple[str, str]]:
    # The section renumbered, a rule inserted at its head; old 100.2a gone,
    # old 100.2b kept under the rule at old 100.2's place.
    return [("1", "Game"), ("101", "The Watch"), ("101.1", "Light the beacon when the tide turns."),
            ("101.2", "Trim every wick before the first bell."), ("101.3", text),
            ("101.3a", "The warden keeps the great key of the lamp room."),
            ("101.4", "Sweep the ash from the hearth at dawn."), ("200", "Owls"), ("200.1", "Owls hoot.")]


HOLE_PAIRED = ("Lanterns are still kept by the warden.",
               "Lanterns are kept by the warden. A warden may lend a lantern to any keeper at any time during the "
               "vigil, including a rival.")


@pytest.mark.parametrize("old_text, new_text, paired", [
    # Between its two neighbours' partners, reworded but about the same
    # thing (three of its four content words kept): the same rule, though
    # its removed subrule stands between it and its next sibling.
    (*HOLE_PAIRED, True),
    # At the same place, as alike by plain words, but sharing only the
    # words of its section (4 of its 15 content words): another rule.
    ("If the watch holds more than one set of optional bells, each rung by a different keeper, the first keeper "
     "chooses a number for each set in turn; then each set of bells is rung that many times.",
     "No keeper can be forced to ring a bell that would end the watch other than bells called for by the watch "
     "itself. Example: a keeper holds a lamp that can end it; the keeper need not light it.", False),
])
def test_a_rule_between_paired_siblings_pairs_with_the_rule_between_theirs(
    old_text: str, new_text: str, paired: bool
) -> None:
    old = doc([(n, t if t is not None else old_text) for n, t in HOLE_OLD])
    new = doc(_hole_new(new_text))
    pairs = dict(ids(align(old, new)))
    assert pairs["100.1"] == "101.2" and pairs["100.3"] == "101.4" and pairs["100.2b"] == "101.3a"
    assert pairs["100.2"] == ("101.3" if paired else None)


def test_the_last_rule_of_a_list_pairs_with_the_last_rule_of_its_partner() -> None:
    # The end of a list counts as paired with the end of the other: the
    # last rule, reworded (0.46 similar, three of its four content words
    # kept), after its previous sibling's partner and last under its
    # parent's partner, is the same rule; the section renumbered, with a
    # rule inserted at its head.
    kept = [("100.1", "Trim every wick before the first bell."), ("100.2", "Sweep the ash from the hearth at dawn.")]
    old = doc([("1", "Game"), ("100", "The Watch"), *kept, ("100.3", HOLE_PAIRED[0]),
               ("200", "Owls"), ("200.1", "Owls hoot.")])
    new = doc([("1", "Game"), ("101", "The Watch"), ("101.1", "Light the beacon when the tide turns."),
               ("101.2", kept[0][1]), ("101.3", kept[1][1]),
               ("101.4", HOLE_PAIRED[1]), ("200", "Owls"), ("200.1", "Owls hoot.")])
    pairs = dict(ids(align(old, new)))
    assert pairs["100.1"] == "101.2" and pairs["100.2"] == "101.3"
    assert pairs["100.3"] == "101.4"


def test_a_parent_whose_children_went_apart_is_removed_and_added() -> None:
    # One child under each of two new headings: no parent holds most of them.
    old = doc([("1", "Game"), ("100", "Lantern Lore"), *LORE, ("200", "Owls"), ("200.1", "Owls hoot.")])
    new = doc([("1", "Game"), ("100", "Wicks"), ("100.1", "Wicks burn down."), ("101", "Keeping the Lights"),
               ("101.1", LORE[0][1]), ("101.2", "Dusk falls."), ("102", "Dusk"), ("102.1", LORE[1][1]),
               ("102.2", "Owls wake."), ("200", "Owls"), ("200.1", "Owls hoot.")])
    pairs = dict(ids(align(old, new)))
    assert pairs["100.1"] == "101.1" and pairs["100.2"] == "102.1"
    assert pairs["100"] is None


def test_a_title_rule_made_a_heading_over_the_same_children_pairs_by_them() -> None:
    # Old 200.7, a rule that titles its subrules, became heading 307 over
    # the same subrules renumbered: another kind, another place, but the
    # parent of the same children.
    old = doc([("2", "Cards"), ("200", "Kinds"), ("200.6", "Owls"), ("200.6a", "Owls hoot."),
               ("200.7", "Lantern Lore"), ("200.7a", LORE[0][1]), ("200.7b", LORE[1][1])])
    new = doc([("2", "Cards"), ("200", "Kinds"), ("200.6", "Owls"), ("200.6a", "Owls hoot."),
               ("3", "Kinds of Light"), ("307", "Lantern Lore"), ("307.1", LORE[0][1]), ("307.2", LORE[1][1])])
    kinds = {r.id: r.kind for r in (*old.rules, *new.rules)}
    assert kinds["200.7"] is not kinds["307"]
    assert dict(ids(align(old, new)))["200.7"] == "307"


POINTED = "A wager in which each keeper is led by a lantern warden. See rule 903."


@pytest.mark.parametrize("old, new, expected", [
    # the same headword with a qualifier, its definition rewritten whole
    ((("Ember", FIVE[0]),), (("Ember (Obsolete)", "A word that once meant burning."),),
     {"glossary:Ember": "glossary:Ember (Obsolete)"}),
    ((("Ember (Obsolete)", FIVE[0]),), (("Ember", "A word that once meant burning."),),
     {"glossary:Ember (Obsolete)": "glossary:Ember"}),
    # two such entries on one side: neither is taken
    ((("Ember", FIVE[0]),), (("Ember (Obsolete)", "Once burning."), ("Ember (Variant)", "Also burning.")), {}),
    # renamed, the old headword kept to point at the new one, whose
    # definition is the old one's (0.67 similar): the old entry pairs with it
    ((("Wager", POINTED),),
     (("Wager (Obsolete)", "An older name for the Vigil variant."),
      ("Vigil", POINTED.replace("warden", "keeper").replace("Wager", "Vigil") + " Also a keeper's title.")),
     {"glossary:Wager": "glossary:Vigil"}),
    # the pointer names a new term whose definition is another's: the same headword
    ((("Wager", POINTED),),
     (("Wager (Obsolete)", "An older name for the Vigil variant."), ("Vigil", "Owls hoot at dusk.")),
     {"glossary:Wager": "glossary:Wager (Obsolete)"}),
])
def test_a_glossary_term_that_gained_or_lost_a_qualifier_is_the_same_entry_unless_it_points_elsewhere(
    old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...], expected: dict[str, str]
) -> None:
    assert {k: v[0] for k, v in glossary_pairs(old, new).items()} == expected


@pytest.mark.parametrize("new_id", ["300", "305"])
def test_the_same_words_read_as_a_rule_in_one_release_and_a_heading_in_the_other_are_one_unit(new_id: str) -> None:
    # "§ 3. Fees. Members pay dues." read as a rule under § 2 in one release
    # (its line wrapped) and as a section heading in the next: unchanged under
    # its number, renumbered under another; never removed and added.
    body = text(words("fee", 12))
    pairs = far_apart([("300", body)], [(new_id, body, RuleKind.HEADING)])
    assert ("300", new_id) in ids(pairs)
    assert ("300", None) not in ids(pairs) and (None, new_id) not in ids(pairs)


def test_a_text_found_twice_is_not_paired_across_kinds() -> None:
    # The same words twice on one side: which is the heading's is not known.
    body = text(words("fee", 12))
    pairs = far_apart([("300", body), ("301", body)], [("305", body, RuleKind.HEADING)])
    assert (None, "305") in ids(pairs)



def renamed_in_rules(old_phrase: str, new_phrase: str, n: int = 3, kept: int = 0,
                     old_terms: tuple[str, ...] = ("Kindles the Vigil",)) -> set[tuple[str | None, str | None]]:
    """What `align` pairs when rules 100.1-100.n say `old_phrase` in the old
    document and `new_phrase` in the new one (rules 200.1-200.kept, edited,
    say `old_phrase` in both), and the glossary's `old_terms` are removed and
    "Lights the Watch" added, their definitions sharing no word."""
    body = "When a lantern {} at dusk, its keeper hoots number {}."
    kept_rules = [(f"200.{k}", f"Owls see a lantern that {old_phrase} at dawn {k}.") for k in range(1, kept + 1)]
    edited = [(i, t.replace("dawn", "noon")) for i, t in kept_rules]
    old = made(*[(f"100.{k}", body.format(old_phrase, k)) for k in range(1, n + 1)], *kept_rules,
               glossary=tuple((t, f"A wick burning bright under bowl {k}.") for k, t in enumerate(old_terms)))
    new = made(*[(f"100.{k}", body.format(new_phrase, k)) for k in range(1, n + 1)], *edited,
               glossary=(("Lights the Watch", "Owls hoot; the flame rises on the tower."),))
    return {(p.old and p.old.id, p.new and p.new.id) for p in align(old, new)}


RENAMED = ("glossary:Kindles the Vigil", "glossary:Lights the Watch")


@pytest.mark.parametrize("old_phrase, new_phrase, n, kept, paired", [
    # the old headword replaced by the new one in three rules paired with
    # each other, whatever their inflections
    ("kindles the vigil", "lights the watch", 3, 0, True),
    ("kindled the vigil", "lighting the watch", 5, 0, True),
    # two rules are not enough
    ("kindles the vigil", "lights the watch", 2, 0, False),
    # the old headword stays in as many rules edited as it left: no rename
    ("kindles the vigil", "lights the watch", 3, 3, False),
    ("kindles the vigil", "lights the watch", 4, 3, True),
    # "rekindles" is another word, not the headword
    ("rekindles the vigil", "lights the watch", 3, 0, False),
])
def test_a_glossary_headword_renamed_across_the_rules_pairs_whatever_its_definition(
    old_phrase: str, new_phrase: str, n: int, kept: int, paired: bool
) -> None:
    pairs = renamed_in_rules(old_phrase, new_phrase, n, kept)
    assert (RENAMED in pairs) is paired
    assert ((RENAMED[0], None) in pairs) is not paired


def test_a_headword_renamed_in_rules_is_found_in_its_plural() -> None:
    # "Wick-Setting Ability" said "wick-setting abilities" in the rules,
    # and "ability" is no stem of "abilities" plus three letters.
    old = made(*[(f"100.{k}", f"Lanterns have wick-setting abilities of kind {k}.") for k in range(1, 4)],
               glossary=(("Wick-Setting Ability", "A wick burning bright under bowl one."),))
    new = made(*[(f"100.{k}", f"Lanterns have wick-defining abilities of kind {k}.") for k in range(1, 4)],
               glossary=(("Wick-Defining Ability", "Owls hoot; the flame rises on the tower."),))
    pairs = {(p.old and p.old.id, p.new and p.new.id) for p in align(old, new)}
    assert ("glossary:Wick-Setting Ability", "glossary:Wick-Defining Ability") in pairs


def _cited(old_terms: tuple[tuple[str, str], ...], new_terms: tuple[tuple[str, str], ...]) -> set[tuple[str | None, str | None]]:
    """What `align` pairs of glossaries citing rule 405.2, renumbered 604.3
    (its text kept), and rule 405.3, kept."""
    lamp = "A lamp's wick is trimmed by the keeper of the tower every evening."
    owl = "Owls perch on the gallery rail and never on the lamps themselves."
    old = made(("405.2", lamp), ("405.3", owl), glossary=old_terms)
    new = made(("405.3", owl), ("604.3", lamp), glossary=new_terms)
    return {(p.old and p.old.id, p.new and p.new.id) for p in align(old, new)}


@pytest.mark.parametrize("old_terms, new_terms, expected", [
    # the same rule cited, through its new number; headwords alike: one entry
    ((("Wick-Setting Ability", "Some lamps state what their wick is. See rule 405.2."),),
     (("Wick-Defining Ability", "A trait of a lantern told by its label alone. See rule 604.3."),),
     ("glossary:Wick-Setting Ability", "glossary:Wick-Defining Ability")),
    # the same rule cited, but headwords of nothing in common: two entries
    ((("Snowy", "Some lamps state what their wick is. See rule 405.2."),),
     (("Watchful", "A trait of a lantern told by its label alone. See rule 604.3."),), None),
    # the old number kept by the new entry: not the rule the old one cited
    ((("Wick-Setting Ability", "Some lamps state what their wick is. See rule 405.2."),),
     (("Wick-Defining Ability", "A trait of a lantern told by its label alone. See rule 405.2."),), None),
    # two new entries cite it: which one is the old is not known
    ((("Wick-Setting Ability", "Some lamps state what their wick is. See rule 405.2."),),
     (("Wick-Defining Ability", "A trait of a lantern told by its label alone. See rule 604.3."),
      ("Wick-Making Ability", "Owls hoot when a wick is made. See rule 604.3.")), None),
])
def test_a_glossary_entry_rewritten_whole_pairs_by_the_rules_it_cites(
    old_terms: tuple[tuple[str, str], ...], new_terms: tuple[tuple[str, str], ...],
    expected: tuple[str, str] | None,
) -> None:
    pairs = _cited(old_terms, new_terms)
    old_id = f"glossary:{old_terms[0][0]}"
    if expected is None:
        assert (old_id, None) in pairs
    else:
        assert expected in pairs


def test_an_entry_citing_an_unchanged_rule_pairs_in_a_plain_comparison_too() -> None:
    # The rule cited, 405.3, is the same number and text in both (a pair of
    # step 1, which `changed_pairs` leaves out): the command's comparison
    # pairs the entry as `align` does.
    lamp = "A lamp's wick is trimmed by the keeper of the tower every evening."
    owl = "Owls perch on the gallery rail and never on the lamps themselves."
    old = made(("405.2", lamp), ("405.3", owl), glossary=(("Perch-Setting Rule", "Some birds rest there. See rule 405.3."),))
    new = made(("405.3", owl), ("604.3", lamp), glossary=(("Perch-Defining Rule", "A rail is for owls. See rule 405.3."),))
    wanted = ("glossary:Perch-Setting Rule", "glossary:Perch-Defining Rule")
    assert wanted in {(p.old and p.old.id, p.new and p.new.id) for p in align(old, new)}
    assert wanted in {(p.old and p.old.id, p.new and p.new.id) for p in changed_pairs(old, new)[1]}


def test_a_headword_renamed_in_rules_pairs_only_with_its_one_candidate() -> None:
    # Two old entries whose headwords both left those rules for the new one
    # ("Kindles the Vigil" and "Vigil"): which one was renamed is not known.
    pairs = renamed_in_rules("kindles the vigil", "lights the watch", 4,
                             old_terms=("Kindles the Vigil", "Vigil"))
    assert (None, RENAMED[1]) in pairs


@pytest.mark.parametrize("old, new, expected", [
    # the headword made singular, its definition rewritten whole
    ((("Lantern Wardens", "Lantern wardens are keepers who watch a flame rather than a door, and ring once it dims."),),
     (("Lantern Warden", "A keeper who watches a flame. See rule 903."),),
     {"glossary:Lantern Wardens": "glossary:Lantern Warden"}),
    # and made plural
    ((("Ember", "A word that once meant burning."),), (("Embers", "Owls hoot at dusk."),),
     {"glossary:Ember": "glossary:Embers"}),
    # two entries of that headword left on one side: neither is taken
    ((("Ember", FIVE[0]),), (("Embers", "Once burning."), ("Embers (Variant)", "Also burning.")), {}),
    # a plural in "-ies"
    ((("Trinity", "A word that once meant three bells."),), (("Trinities", "Owls hoot at dusk."),),
     {"glossary:Trinity": "glossary:Trinities"}),
    # another word, not its plural ("Owl" -> "Owlet"): no pair
    ((("Owl", "A bird that hoots at dusk."),), (("Owlet", "A young bird of the lantern hall."),), {}),
])
def test_a_glossary_headword_made_plural_or_singular_is_the_same_entry(
    old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...], expected: dict[str, str]
) -> None:
    assert {k: v[0] for k, v in glossary_pairs(old, new).items()} == expected


def test_real_glossary_headword_renamed_in_its_plural(corpora: Path) -> None:
    # claims_dump, session 20: "Characteristic-Setting Ability" ->
    # "Characteristic-Defining Ability", renamed in rules that say
    # "abilities"; both were reported, removed and added.
    old = load(str(corpora / "mtg" / "2003-12-01.txt"))
    new = load(str(corpora / "mtg" / "2009-02-01.txt"))
    assert partner(align(old, new), "glossary:Characteristic-Setting Ability")[0] == "glossary:Characteristic-Defining Ability"


def test_real_glossary_entry_rewritten_whole_pairs_by_its_cited_rule(corpora: Path) -> None:
    # gap-s32: "Characteristic-Setting Ability" -> "Characteristic-Defining
    # Ability", both citing rule 405.2, their definitions rewritten whole;
    # the rename is in too few rules here for _match_terms_renamed_in_rules.
    old = load(str(corpora / "mtg" / "2006-05-01.txt"))
    new = load(str(corpora / "mtg" / "2009-05-01.txt"))
    assert partner(align(old, new), "glossary:Characteristic-Setting Ability")[0] == "glossary:Characteristic-Defining Ability"


def test_real_glossary_headword_made_singular(corpora: Path) -> None:
    # gap-s12: "State Triggers" -> "State Trigger", its definition reworded.
    old = load(str(corpora / "mtg" / "2008-02-01.txt"))
    new = load(str(corpora / "mtg" / "2012-02-01.txt"))
    assert ("glossary:State Triggers", "glossary:State Trigger") in ids(align(old, new))


def _run_docs(order: Sequence[int], count: int = 2) -> tuple[Pair, ...]:
    """`count` rules under old 100.5 moved far, under new 300.2, each
    rewritten to two thirds of its words (too little alone for step 6), the
    new rules in `order`."""
    def rule(rule_id: str, parent: str, body: str) -> Rule:
        return Rule(rule_id, RuleKind.RULE, body, parent=parent)

    kept = [words(f"k{n}", 10) for n in range(count)]
    olds = [rule(f"100.5{'ab'[n]}", "100.5", text(kept[n], words(f"o{n}", 5))) for n in range(count)]
    news = [rule(f"300.2{'ab'[k]}", "300.2", text(kept[n], words(f"n{n}", 5))) for k, n in enumerate(order)]
    anchors = tuple(Rule(i, RuleKind.RULE, t) for i, t in unchanged("200.1", "200.2", "200.3"))
    return align(Document("t.txt", "T", None, "p", (*olds, *anchors)), Document("t.txt", "T", None, "p", (*anchors, *news)))


def test_rules_moved_together_and_reworded_pair_as_a_run() -> None:
    # Each pair is 0.67 alike, two thirds of each text in the other: alone,
    # too weak (`_match_mutual` asks four fifths); two of them, from one
    # parent to one parent in the same order, are a section that moved.
    assert similarity(text(TEN, words("o", 5)), text(TEN, words("n", 5))) == pytest.approx(2 / 3)
    pairs = _run_docs([0, 1])
    assert partner(pairs, "100.5a") == ("300.2a", MatchHow.MOVED, round(2 / 3, 9))
    assert partner(pairs, "100.5b") == ("300.2b", MatchHow.MOVED, round(2 / 3, 9))


@pytest.mark.parametrize("order, count", [
    ([0], 1),  # a lone pair: a rule removed and another added
    ([1, 0], 2),  # the pairs cross: not a run
])
def test_rules_reworded_as_they_moved_but_not_as_a_run_stay_removed_and_added(order: list[int], count: int) -> None:
    pairs = _run_docs(order, count)
    assert [partner(pairs, f"100.5{'ab'[n]}") for n in range(count)] == [None] * count


def test_real_special_actions_moved_and_reworded_together(corpora: Path) -> None:
    # blind, 2009-05 -> 2009-07: the special actions of 408.2 rewritten as
    # 114.2a and 114.2b (0.67 and 0.68 similar), removed and added before.
    old = load(str(corpora / "mtg" / "2009-05-01.txt"))
    new = load(str(corpora / "mtg" / "2009-07-11.txt"))
    pairs = ids(align(old, new))
    assert ("408.2d", "114.2a") in pairs and ("408.2h", "114.2b") in pairs


def test_pairs_in_order_with_another_are_those_the_definition_gives() -> None:
    # `_in_order` (step 6d): a pair stands in order with another when one
    # pair comes before it on both sides or after it on both; read in one
    # sort, the same as asking each pair of every other (new indices repeat
    # here, which the alignment never gives: the definition still holds).
    import random

    from ruldiff.diff.align import _in_order

    def brute(pairs: list[tuple[int, int]]) -> set[int]:
        return {i for i, j in pairs if any(k != i and (k < i) == (q < j) for k, q in pairs)}

    rng = random.Random(140)
    for _ in range(2000):
        n = rng.randrange(0, 8)
        pairs = list(zip(rng.sample(range(20), n), (rng.randrange(12) for _ in range(n))))
        assert _in_order(pairs) == brute(pairs), pairs
    # A crafted section of 8,000 rules moved with their order reversed: no
    # run, found in one sort (asking each pair of every other took seconds).
    assert _in_order([(k, 8000 - k) for k in range(8000)]) == set()
    assert _in_order([(k, k) for k in range(8000)]) == set(range(8000))


def _rules(*items: tuple[str, str]) -> Document:
    return Document("t.txt", "T", None, "p", tuple(Rule(i, RuleKind.RULE, t) for i, t in items))


def test_a_text_found_whole_in_a_rule_left_over_beats_a_partial_pair_by_number() -> None:
    # New 100.2 stands word for word at the start of old 300.2, which was
    # dropped; old 100.2 shares 0.6 of its words with new 100.2, enough for
    # the same number, but not the content: the pair follows the content,
    # and old 100.2 is removed (gap-s17's 200.8 -> 109.1, not 200.5).
    common, kept = words("c", 6), text(words("c", 6), words("n", 4))
    old = _rules(*unchanged("100.1"), ("100.2", text(common, words("o", 4))), *unchanged("100.3", "300.1"),
                 ("300.2", text([kept], words("z", 10))), *unchanged("300.3"))
    new = _rules(*unchanged("100.1"), ("100.2", kept), *unchanged("100.3", "300.1", "300.3"))
    pairs = align(old, new)
    assert similarity(old.rules[1].full_text, new.rules[1].full_text) == pytest.approx(0.6)
    assert partner(pairs, "300.2") == ("100.2", MatchHow.MOVED, round(2 * 10 / 30, 9))
    assert partner(pairs, "100.2") is None


def test_a_partial_pair_that_holds_a_rule_left_over_at_its_start_keeps_its_partner() -> None:
    # Old 100.2 is new 300.2 (its first sentence, found word for word) and
    # more, and shares 0.5 of its words with new 100.2: perhaps a rule split
    # in two, its partner one part; the pair by number stays, and new 300.2
    # is added (for the semantic pass to join as a part, if it is one).
    head, rest = words("h", 8), words("r", 12)
    old = _rules(*unchanged("100.1"), ("100.2", text(head, rest)), *unchanged("100.3", "300.1", "300.3"))
    new = _rules(*unchanged("100.1"), ("100.2", text(rest[:8], words("n", 4))), *unchanged("100.3", "300.1"),
                 ("300.2", text(head)), *unchanged("300.3"))
    pairs = align(old, new)
    assert partner(pairs, "100.2") == ("100.2", MatchHow.NUMBER, 0.5)
    assert (None, "300.2") in ids(pairs)


def test_real_number_reused_after_a_move_follows_the_content(corpora: Path) -> None:
    # gap-s17, 2007-07 -> 2009-09: new 109.1 (what an object is) is the first
    # sentence of old 200.8; old 200.5 (what a spell is), 0.65 similar to it
    # in their common words, was dropped.
    old = load(str(corpora / "mtg" / "2007-07-13.txt"))
    new = load(str(corpora / "mtg" / "2009-09-04.txt"))
    pairs = ids(align(old, new))
    assert ("200.8", "109.1") in pairs and ("200.5", None) in pairs


SPLIT_DEFINITIONS = sharing(10, 6, "sp")  # 0.6 similar


@pytest.mark.parametrize("old, new, expected", [
    # one entry per term of the headword: the closer definition pairs
    ((("Ember, Embered Lantern", SPLIT_DEFINITIONS[0]),),
     (("Ember", sharing(10, 4, "sp")[1]), ("Embered Lantern", SPLIT_DEFINITIONS[1])),
     {"glossary:Ember, Embered Lantern": "glossary:Embered Lantern"}),
    ((("Ember/Embered Lantern", SPLIT_DEFINITIONS[0]),), (("Ember", SPLIT_DEFINITIONS[1]),),
     {"glossary:Ember/Embered Lantern": "glossary:Ember"}),
    # merged under one headword that lists both
    ((("Ember", sharing(10, 4, "sp")[1]), ("Embered Lantern", SPLIT_DEFINITIONS[1])),
     (("Ember, Embered Lantern", SPLIT_DEFINITIONS[0]),),
     {"glossary:Embered Lantern": "glossary:Ember, Embered Lantern"}),
    # definitions unlike (0.3), or as like each other: no pair
    ((("Ember, Embered Lantern", sharing(10, 3, "sp")[0]),), (("Ember", sharing(10, 3, "sp")[1]),), {}),
    ((("Ember, Embered Lantern", SPLIT_DEFINITIONS[0]),),
     (("Ember", SPLIT_DEFINITIONS[1]), ("Embered Lantern", SPLIT_DEFINITIONS[1])), {}),
    # a term the headword does not list
    ((("Ember, Embered Lantern", SPLIT_DEFINITIONS[0]),), (("Glow", SPLIT_DEFINITIONS[1]),), {}),
])
def test_a_glossary_headword_listing_several_terms_pairs_with_the_entry_of_one_of_them(
    old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...], expected: dict[str, str]
) -> None:
    assert {k: v[0] for k, v in glossary_pairs(old, new).items()} == expected


def test_a_glossary_entry_split_into_one_entry_per_term_is_one_split() -> None:
    from ruldiff.diff.pipeline import compare
    from ruldiff.model import ChangeKind

    first, second = words("f", 8), words("s", 8)
    old = doc([("100.1.", "Anchor rule.")], [("Ember, Embered Lantern", text(first, second) + ".")])
    new = doc([("100.1.", "Anchor rule.")], [("Ember", text(first[:6], words("x", 2)) + "."),
                                             ("Embered Lantern", text(second[:5], words("y", 3)) + ".")])
    changes = [(c.kind, [r.id for r in c.olds], [r.id for r in c.news]) for c in compare(old, new).changes]
    assert changes == [(ChangeKind.SPLIT, ["glossary:Ember, Embered Lantern"], ["glossary:Ember", "glossary:Embered Lantern"])]


def test_real_glossary_entry_split_one_entry_per_term(corpora: Path) -> None:
    # gap-s17, 2007-07 -> 2009-09: "Trigger, Triggered Ability" became
    # "Trigger" and "Triggered Ability"; it was reported removed.
    from ruldiff.diff.pipeline import compare

    old = load(str(corpora / "mtg" / "2007-07-13.txt"))
    new = load(str(corpora / "mtg" / "2009-09-04.txt"))
    split = [c for c in compare(old, new).changes if any(r.id == "glossary:Trigger, Triggered Ability" for r in c.olds)]
    assert [(c.kind.value, [r.id for r in c.news]) for c in split] == [
        ("split", ["glossary:Trigger", "glossary:Triggered Ability"])]



LANTERNS = [
    ("1", "Keepers"),
    ("105", "Lanterns"),
    ("105.1", "Lantern Rules"),
    ("105.1a", "A lantern is lit at dusk by the keeper of the square."),
    ("105.1b", "Each keeper carries two spare wicks and a flint in a leather pouch."),
    ("105.1c", "The first lantern a keeper lights each night burns without oil until the bell rings."),
    ("105.1d", "A lantern that falls into the river is lost and is never lit again."),
    ("106", "Owls"),
]
HEAD, (_, A), (_, B), (_, C), (_, D), TAIL = LANTERNS[:3], *LANTERNS[3:7], LANTERNS[7]
# 105.1c reworded: 0.3 to 0.5 similar to its old text, too little for a gap
# (0.5), as much as a rule reworded under its own number keeps (0.3).
REWORDED_C = "The first lantern of the night needs no oil; later ones need it as normal."
BORROW = "A keeper whose square has no lantern may borrow one from the next square."


def test_a_rule_reworded_in_a_list_shifted_by_an_insertion_takes_its_neighbours_shift() -> None:
    assert GAP_SAME_NUMBER_MIN <= similarity(C, REWORDED_C) < 0.5
    new = [*HEAD, ("105.1a", A), ("105.1b", BORROW), ("105.1c", B), ("105.1d", REWORDED_C), ("105.1e", D), TAIL]
    pairs = dict(ids(align(doc(LANTERNS), doc(new))))
    # 105.1b -> 105.1c and 105.1d -> 105.1e moved down one place; 105.1c between them did too.
    assert (pairs["105.1b"], pairs["105.1c"], pairs["105.1d"]) == ("105.1c", "105.1d", "105.1e")
    # A deletion above: the numbers move up one place, and so does the rule.
    old = [*HEAD, ("105.1a", A), ("105.1b", BORROW), ("105.1c", B), ("105.1d", C), ("105.1e", D), TAIL]
    new = [*HEAD, ("105.1a", A), ("105.1b", B), ("105.1c", REWORDED_C), ("105.1d", D), TAIL]
    pairs = dict(ids(align(doc(old), doc(new))))
    assert (pairs["105.1c"], pairs["105.1d"], pairs["105.1e"]) == ("105.1b", "105.1c", "105.1d")


def test_a_rule_between_neighbours_renumbered_otherwise_is_at_its_place_only_by_its_content() -> None:
    # The neighbours moved two places (two insertions above): the rule
    # between them is not numbered as they were, and 0.36 is too little for
    # step 9; but it stands between its two siblings' partners, and keeps
    # what it is about ("first", "lantern", "night", "oil"): step 9b.
    returned = "A borrowed lantern goes back before the bell rings at dawn."
    new = [*HEAD, ("105.1a", A), ("105.1b", BORROW), ("105.1c", returned), ("105.1d", B), ("105.1e", REWORDED_C),
           ("105.1f", D), TAIL]
    pairs = dict(ids(align(doc(LANTERNS), doc(new))))
    assert (pairs["105.1b"], pairs["105.1c"], pairs["105.1d"]) == ("105.1d", "105.1e", "105.1f")
    # Shifted by one, but unrelated (below what a rule keeps under its own number): removed and added.
    new = [*HEAD, ("105.1a", A), ("105.1b", BORROW), ("105.1c", B), ("105.1d", "Owls nest in the old tower."),
           ("105.1e", D), TAIL]
    assert dict(ids(align(doc(LANTERNS), doc(new))))["105.1c"] is None


def test_real_rule_reworded_in_a_list_shifted_by_an_insertion(corpora: Path) -> None:
    # gap-s18, 2018-10 -> 2020-01: a new 903.11e pushed the Brawl rules down
    # one place; 903.11f (the free mulligan), reworded for the new mulligan
    # rule, 0.48 similar, went down with its neighbours.
    old = load(str(corpora / "mtg" / "2018-10-05.txt"))
    new = load(str(corpora / "mtg" / "2020-01-22.txt"))
    pairs = ids(align(old, new))
    assert {("903.11e", "903.11f"), ("903.11f", "903.11g"), ("903.11g", "903.11h")} <= set(pairs)
    assert (None, "903.11e") in pairs


# Two steps of a procedure whose sentences exchanged places, each reworded.
STEPS_OLD = [
    ("1", "Keepers"),
    ("105", "Dusk"),
    ("105.1", "First, every lantern of the square is lit and hung on its hook by the keeper."),
    ("105.2", "Second, the elder keeper rings the bell. Keepers may then leave the square."),
    ("105.3", "When the bell has rung, dusk is over and night begins (see rule 106)."),
    ("106", "Night"),
]
SWAPPED_1 = "Dusk has no lanterns of its own. Once it begins, the elder keeper rings the bell by the square."
SWAPPED_2 = "Lanterns of the square are lit as dusk begins, each hung at once on a hook."


def test_two_neighbours_that_exchanged_their_texts_are_paired_crosswise() -> None:
    # Each old rule is closer to its neighbour's new text than to its own
    # number's, by 0.3 or more; its own number's text is less than 0.5 alike.
    (_, old1), (_, old2) = STEPS_OLD[2:4]
    assert GAP_SAME_NUMBER_MIN <= similarity(old1, SWAPPED_1) < similarity(old1, SWAPPED_2) < 0.5
    assert similarity(old2, SWAPPED_2) < GAP_SAME_NUMBER_MIN <= similarity(old2, SWAPPED_1)
    new = [*STEPS_OLD[:2], ("105.1", SWAPPED_1), ("105.2", SWAPPED_2), *STEPS_OLD[4:]]
    pairs = dict(ids(align(doc(STEPS_OLD), doc(new))))
    assert (pairs["105.1"], pairs["105.2"]) == ("105.2", "105.1")
    # When the rule is closer to its own number's text, it keeps its number.
    new = [*STEPS_OLD[:2], ("105.1", SWAPPED_2), ("105.2", SWAPPED_1), *STEPS_OLD[4:]]
    pairs = dict(ids(align(doc(STEPS_OLD), doc(new))))
    assert pairs["105.1"] == "105.1"


def test_real_neighbours_that_exchanged_their_texts(corpora: Path) -> None:
    # gap-final, 2016-08 -> 2016-09: the end of combat step's trigger rule
    # and its priority rule exchanged places, each reworded.
    old = load(str(corpora / "mtg" / "2016-08-26.txt"))
    new = load(str(corpora / "mtg" / "2016-09-30.txt"))
    pairs = ids(align(old, new))
    assert {("511.1", "511.2"), ("511.2", "511.1")} <= set(pairs)


def test_a_parent_pairs_by_children_that_moved_and_were_reworded() -> None:
    # The heading moved to another section and was renamed ("Lantern
    # Effects" -> "Lantern Actions"); its children moved with it and were
    # reworded, so they pair only as rules moved and edited, after the first
    # search for parents: the parent of the same children is still one item.
    kids = [
        "Lantern effects are checked whenever a keeper would receive the silver bell at dusk.",
        "Lantern effects never use the stone bowl and no keeper controls them at any moment.",
        "Whenever lantern effects apply together, every keeper performs them at once before dawn.",
    ]
    old = doc([("1", "Dusk"), ("100", "Owls"), ("100.1", "Owls hoot at night."), ("100.2", "Owls nest in towers."),
               ("400", "Lantern Effects"), *[(f"400.{k + 1}", t) for k, t in enumerate(kids)],
               ("500", "Wicks"), ("500.1", "Wicks burn down slowly."), ("500.2", "A wick may be trimmed.")])
    new = doc([("1", "Dusk"), ("100", "Owls"), ("100.1", "Owls hoot at night."), ("100.2", "Owls nest in towers."),
               ("500", "Wicks"), ("500.1", "Wicks burn down slowly."), ("500.2", "A wick may be trimmed."),
               ("7", "Dawn"), ("704", "Lantern Actions"),
               *[(f"704.{k + 1}", t.replace("effects", "actions")) for k, t in enumerate(kids)]])
    pairs = dict(ids(align(old, new)))
    assert [pairs[f"400.{k}"] for k in (1, 2, 3)] == ["704.1", "704.2", "704.3"]
    assert pairs["400"] == "704"


def test_a_text_written_twice_pairs_with_the_copy_under_its_own_parent() -> None:
    # A new variant (808) copies a seating rule of an old one, which moved (806 -> 810, after
    # the variant that stays at 807) and lost a sentence: the two new copies are equally
    # close; the one under the variant the old rule's own heading became is its partner,
    # the other is added.
    seat = "Each team sits together on one bench of the hall. Each team decides the order of its keepers."
    games = [
        ("Hall Games Variant", "In the hall games variant, every keeper plays for themself."),
        ("", "Each keeper draws three embers at the start of the game."),
        ("", "A keeper who runs out of embers leaves the game."),
    ]
    old = doc([
        ("8", "Variants"),
        ("806", "Twin Lanterns Variant"),
        ("806.1", "In the twin lanterns variant, two teams of two keepers tend the lamps together."),
        ("806.2", seat + " The keeper seated on the right is the elder keeper of the team."),
        ("807", games[0][0]), ("807.1", games[0][1]), ("807.2", games[1][1]), ("807.3", games[2][1]),
    ])
    new = doc([
        ("8", "Variants"),
        ("807", games[0][0]), ("807.1", games[0][1]), ("807.2", games[1][1]), ("807.3", games[2][1]),
        ("808", "Paired Watch Variant"),
        ("808.1", "In the paired watch variant, teams of any size take turns at the gate."),
        ("808.2", seat),
        ("810", "Twin Lanterns Variant"),
        ("810.1", "In the twin lanterns variant, two teams of two keepers tend the lamps together."),
        ("810.2", "Each team shares one lamp and one bowl of embers between its keepers."),
        ("810.3", seat),
    ])
    assert ("806.2", "810.3") in ids(align(old, new))
    assert (None, "808.2") in ids(align(old, new))


def test_a_gap_of_rules_all_alike_pairs_each_with_its_own_keeping_few_candidates(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """One template's 150 instances, every one reworded: no rule is the same
    in both, so the whole list is one gap, where each rule looks at `BAND`
    others, all alike. Each keeps its best `GAP_KEEP` (here 1) candidates
    (unbounded, 40,000 such rules peaked at 590 MB: bench/scale.py
    --template), and still pairs with its own number."""
    import ruldiff.diff.align as align_module

    monkeypatch.setattr(align_module, "GAP_KEEP", 1)
    old = doc([("1", "Lanterns"), ("100", "Keepers")]
              + [(f"100.{k}", f"The keeper of lantern {k} shall light the ember at dusk.") for k in range(1, 151)])
    new = doc([("1", "Lanterns"), ("100", "Keepers")]
              + [(f"100.{k}", f"The warden of lantern {k} shall light the flame at dusk.") for k in range(1, 151)])
    pairs = dict(ids(align(old, new)))
    assert all(pairs[f"100.{k}"] == f"100.{k}" for k in range(1, 151))
