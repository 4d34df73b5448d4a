"""align.py: pairing by number and by content, renumbering, moves, the glossary."""

from __future__ import annotations

import pytest
from helpers import doc

from ruldiff.align import align, similarity
from ruldiff.model import MatchHow, Pair


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
    pairs = ids(align(doc(rules), doc(moved)))
    assert ("200", "300") in pairs and ("2", "3") in pairs and ("200.1", "300.1") in pairs
    assert (None, "200") in pairs and (None, "200.1") in pairs


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
    pairs = dict(ids(align(old, new)))
    assert (pairs["100.1"], pairs["100.3"]) == ("100.2", "100.3")


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
    import ruldiff.align as align_module

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

    from ruldiff.align import word_set

    pieces = ["a", "B", "z", "Q", "_", "7", " ", "\n", ".", "-", "’", "“", "—", "é", "É", "ß", "İ", "Σ", "σ",
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
    from ruldiff.align import dice

    assert dice(frozenset(a), frozenset(b)) == score


def test_longest_increasing_is_a_longest_run_in_order() -> None:
    import itertools
    import random

    from ruldiff.align import _longest_increasing

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
    from ruldiff.align import changed_pairs

    old = doc([("1", "A"), ("100.1.", "One."), ("100.2.", "Two."), ("100.3.", "Three keepers.")],
              [("Ember", "Fuel."), ("Tide", "Water.")])
    new = doc([("1", "A"), ("100.1.", "Zero."), ("100.2.", "One."), ("100.3.", "Three keepers sit.")],
              [("Ember", "Fuel."), ("Tide", "Sea water.")])
    pairs = align(old, new)
    same, changed = changed_pairs(old, new)
    assert changed == tuple(p for p in pairs if p.how is not MatchHow.SAME)
    assert same == sum(p.how is MatchHow.SAME for p in pairs) == 2  # section 1 and Ember
