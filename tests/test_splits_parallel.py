"""Two parallel rules made one rule for both: the removed one joins its
sibling's change, a `merged` claim (`splits.parallel_merges`; a hint until
session 21, 27 of 27 read right)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc, real_comparison

from ruldiff.diff.pipeline import compare

HEAD = [("7", "Variants"), ("701", "Variant Games"), ("701.1", "Variant games use the rules below.")]
HARBOUR = "At the start of a harbour game, each captain shuffles their harbour deck and places it face down beside the board."
TEMPEST = "At the start of a tempest game, the storm player shuffles their tempest deck and places it face down beside the board."
BOTH = ("At the start of a game with a supplementary deck, each player who has one shuffles their supplementary deck "
        "and places it face down beside the board.")
END = "A variant game ends as a normal game does."


def hints(old_rules: list[tuple[str, str]], new_rules: list[tuple[str, str]]) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each merge, as new ID -> (("merged", the other old rule's ID), ...)."""
    comparison = compare(doc(HEAD + old_rules), doc(HEAD + new_rules))
    return {
        c.new.id: tuple(("merged", r.id) for r in c.more)
        for c in comparison.changes if c.kind.value == "merged" and c.new is not None
    }


def test_two_parallel_rules_made_one_name_the_removed_one() -> None:
    got = hints([("701.1a", HARBOUR), ("701.1b", TEMPEST), ("701.1c", END)], [("701.1a", BOTH), ("701.1b", END)])
    assert got == {"701.1a": (("merged", "701.1b"),)}


def test_the_merge_is_a_claim_and_the_removed_rule_goes() -> None:
    comparison = compare(doc(HEAD + [("701.1a", HARBOUR), ("701.1b", TEMPEST), ("701.1c", END)]),
                         doc(HEAD + [("701.1a", BOTH), ("701.1b", END)]))
    assert comparison.summary["merged"] == 1 and comparison.summary["removed"] == 0
    merged = next(c for c in comparison.changes if c.kind.value == "merged")
    # Its edits go from both old texts, in document order, to the new one.
    assert "".join(e.text for e in merged.edits if e.op.value in "=-") == HARBOUR + "\n" + TEMPEST
    assert "".join(e.text for e in merged.edits if e.op.value in "=+") == BOTH


def test_a_sibling_kept_as_it_was_beside_a_removed_one_is_no_merge() -> None:
    assert hints([("701.1a", HARBOUR), ("701.1b", TEMPEST), ("701.1c", END)], [("701.1a", HARBOUR), ("701.1b", END)]) == {}


def test_a_removed_rule_of_another_parent_is_no_merge() -> None:
    old = [("701.1a", HARBOUR), ("701.1c", END), ("702", "Other Games"), ("702.1", TEMPEST)]
    new = [("701.1a", BOTH), ("701.1c", END), ("702", "Other Games")]
    assert hints(old, new) == {}


def test_a_removed_rule_unlike_its_sibling_is_no_merge() -> None:
    other = "A captain may trade one card with the harbour master once per round, paying two coins each time."
    assert hints([("701.1a", HARBOUR), ("701.1b", other), ("701.1c", END)], [("701.1a", BOTH), ("701.1b", END)]) == {}



# The slack (`PARALLEL_SLACK`, a tenth) at its edge: the sibling keeps one word
# of its own, the removed rule three. Word sets of 6 (sibling), 8 (removed) and
# 9 or 7 (new) words, 5 shared by all: the removed rule is 0.800 - 0.706 = 0.094
# less alike to the new text than the sibling (named), or 0.769 - 0.667 = 0.103
# (not named).
MOORED = "Each captain shuffles the harbour deck."
STORMED = "Each captain shuffles the tempest deck twice daily."


@pytest.mark.parametrize(
    ("new", "named"),
    [
        ("Each captain shuffles the harbour deck and the tempest deck together.", True),  # 0.094 < 0.1
        ("Each captain shuffles the supplementary deck first.", False),  # 0.103 > 0.1
    ],
)
def test_a_removed_rule_is_named_while_at_most_a_tenth_less_alike_than_its_sibling(new: str, named: bool) -> None:
    got = hints([("701.1a", MOORED), ("701.1b", STORMED), ("701.1c", END)], [("701.1a", new), ("701.1b", END)])
    assert got == ({"701.1a": (("merged", "701.1b"),)} if named else {})

@pytest.mark.parametrize(
    ("old", "new", "kept", "removed"),
    [
        # Riftbound: the Reaction lines for spells and for units made one line for cards.
        ("riftbound/2025-12-01.txt", "riftbound/2026-03-30.txt", "813.1.c.1", "739.1.c.2"),
        # Archenemy's subgame rule folded into the supplementary-deck rule with Planechase's.
        ("mtg/2022-09-08.txt", "mtg/2022-10-07.txt", "724.5a", "723.5d"),
    ],
)
def test_real_parallel_rules_made_one(corpora: Path, old: str, new: str, kept: str, removed: str) -> None:
    comparison = real_comparison(str(corpora / old), str(corpora / new))
    change = next(c for c in comparison.changes if c.new is not None and c.new.id == kept)
    assert change.kind.value == "merged" and removed in [r.id for r in change.more]
    assert not any(c.old is not None and c.old.id == removed and c.kind.value == "removed" for c in comparison.changes)


# Two sections made one (`splits._folded`): one heading dropped, the rules of
# both under the other; a rule of each, on one template, made one rule.
_PLAIN = [("7", "Card Kinds"), ("710", "Plain Cards"), ("710.1", "A plain card has one face.")]
_LANTERN = [("711.1", "A lantern card has a lit face and an unlit face, and it enters the table with its unlit face up."),
            ("711.2", "To flip a lantern card, turn it over so that its other face is up.")]
_LANTERN_DOWN = "Lantern permanents always stay face up. An effect that would flip a lantern permanent over does nothing."
_MIRROR_DOWN = ("Mirror cards on the table and mirrored permanents always stay face up. An effect that would flip"
                " one of them over does nothing.")
_MIRROR_CAST = "A player who casts a mirror card names the card it reflects as it enters the table."
_OLD_SECTIONS = [*_PLAIN, ("711", "Lantern Cards"), *_LANTERN, ("711.3", _LANTERN_DOWN), ("712", "Mirror Cards"),
                 ("712.1", "A mirror card has a reflection printed on its back, which copies one other card the player"
                           " chooses."),
                 ("712.2", _MIRROR_CAST), ("712.3", _MIRROR_DOWN)]
_MIRROR_AS_LANTERN = ("A mirror card is a lantern card whose unlit face is a reflection, which copies one other card"
                      " the player chooses.")


def _merges(old, new):  # type: ignore[no-untyped-def]
    """Each merge of a comparison, as new ID -> the old IDs, sorted."""
    return {c.new.id: sorted(r.id for r in c.olds) for c in compare(doc(old), doc(new)).changes
            if c.kind.value == "merged" and c.new is not None}


def test_rules_of_two_sections_made_one_are_merged() -> None:
    """Mirror cards became a kind of lantern card: "712 Mirror Cards" is
    dropped, its rules under 711; the two face-down rules made one rule
    that names mirrored permanents and lantern permanents both."""
    both = ("Mirrored permanents and other lantern permanents always stay face up. An effect that would flip a"
            " lantern permanent over does nothing.")
    new = [*_PLAIN, ("711", "Lantern Cards"), *_LANTERN, ("711.3", _MIRROR_AS_LANTERN), ("711.4", _MIRROR_CAST),
           ("711.5", both)]
    assert _merges(_OLD_SECTIONS, new) == {"711.5": ["711.3", "712.3"]}


def test_a_rule_of_a_folded_section_the_new_text_says_nothing_of_is_no_merge() -> None:
    """The same, but the new rule is the lantern rule alone: the mirror
    cards' rule, alike as it is, was dropped, not made a part of it."""
    new = [*_PLAIN, ("711", "Lantern Cards"), *_LANTERN, ("711.3", _MIRROR_AS_LANTERN), ("711.4", _MIRROR_CAST),
           ("711.5", _LANTERN_DOWN.replace("Lantern permanents", "Lantern and other permanents"))]
    assert _merges(_OLD_SECTIONS, new) == {}


def test_a_rule_of_a_section_kept_apart_is_no_merge() -> None:
    """Both sections kept, each under its heading: a mirror rule removed
    beside a lantern rule that now names mirrored permanents is no merge
    (the rule of another parent, as above)."""
    both = ("Mirrored permanents and other lantern permanents always stay face up. An effect that would flip a"
            " lantern permanent over does nothing.")
    new = [*_PLAIN, ("711", "Lantern Cards"), *_LANTERN, ("711.3", both), ("712", "Mirror Cards"),
           ("712.1", "A mirror card has a reflection printed on its back, which copies one other card the player"
                     " chooses."),
           ("712.2", _MIRROR_CAST)]
    assert _merges(_OLD_SECTIONS, new) == {}


@pytest.mark.parametrize(
    ("old", "new", "kept", "parts"),
    [
        # The meld cards' section folded into the double-faced cards' (2023).
        ("mtg/2020-07-03.txt", "mtg/2024-08-02.txt", "712.16", ["711.10", "712.10"]),
        ("mtg/2022-11-18.txt", "mtg/2026-01-16.txt", "712.8", ["712.4", "713.4"]),
        # "Bands with other" folded into banding (2009-07).
        ("mtg/2009-05-01.txt", "mtg/2009-07-11.txt", "702.19j", ["502.10h", "502.11c"]),
    ],
)
def test_real_rules_of_two_sections_made_one(corpora: Path, old: str, new: str, kept: str, parts: list[str]) -> None:
    comparison = real_comparison(str(corpora / old), str(corpora / new))
    change = next(c for c in comparison.changes if c.new is not None and c.new.id == kept)
    assert change.kind.value == "merged" and sorted(r.id for r in change.olds) == parts
