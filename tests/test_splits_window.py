"""The window of a split (splits.py, `SPLIT_WINDOW`): the parts of a split
are looked for among the changes on each side of the pair, and a change
with no rule without a partner in its window is passed over. Each change's
window is read from flags kept beside the changes as splits and merges join
them (`join_splits`). Invented text."""

from __future__ import annotations

from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.diff.splits import SPLIT_WINDOW

KEPT = ("The keeper rings the copper bell at dawn, before any guest wakes. "
        "Each morning she counts the visitors waiting by the northern gate.")
PART = "Afterwards a porter sweeps the courtyard."
WHOLE = f"{KEPT} {PART}"
"""Too little of the whole for a part far from it (`FAR_MIN`): found in the window only."""


def _between(n: int, word: str) -> list[tuple[str, str]]:
    """`n` rules, each reworded between the two versions (`word`)."""
    return [(f"100.{k}", f"Herald {k} {word} verse number {k} before the round.") for k in range(2, n + 2)]


def _kinds(distance: int) -> list[tuple[str, list[str], list[str]]]:
    """A rule split in two, its second part `distance` changes after it."""
    between = distance - 1
    old = [("1", "Basics"), ("100", "Bells"), ("100.1", WHOLE), *_between(between, "reads")]
    last = f"100.{between + 1}" if between else "100.1"
    new = [("1", "Basics"), ("100", "Bells"), ("100.1", KEPT), *_between(between, "sings"), (f"{last}z", PART)]
    result = compare(doc(old), doc(new))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]


def test_a_part_at_the_edge_of_the_window_is_found_one_beyond_is_not() -> None:
    at_edge = _kinds(SPLIT_WINDOW)
    assert at_edge[0] == ("split", ["100.1"], ["100.1", f"100.{SPLIT_WINDOW}z"])
    beyond = _kinds(SPLIT_WINDOW + 1)
    assert beyond[0] == ("changed", ["100.1"], ["100.1"])
    assert ("added", [], [f"100.{SPLIT_WINDOW + 1}z"]) in beyond


def test_splits_in_a_row_are_each_found_after_the_one_before_is_joined() -> None:
    wholes = ["The keeper rings the copper bell at dawn. Then she lights the brass lamp.",
              "A porter sweeps every courtyard weekly. Gardeners water roses each evening.",
              "Guests may borrow umbrellas from reception. Lost keys cost three silver coins."]
    old = [("1", "Basics"), ("100", "Bells")] + [(f"100.{k}", t) for k, t in enumerate(wholes, 1)]
    new = [("1", "Basics"), ("100", "Bells")]
    for k, t in enumerate(wholes, 1):
        first, second = t.split(". ")
        new += [(f"100.{k}", first + "."), (f"100.{k}a", second)]
    result = compare(doc(old), doc(new))
    assert [(c.kind.value, [r.id for r in c.news]) for c in result.changes] == [
        ("split", [f"100.{k}", f"100.{k}a"]) for k in (1, 2, 3)
    ]


def test_a_rule_renumbered_with_its_text_is_no_whole_whatever_stands_beside_it() -> None:
    """A rule paired by its unchanged text under a new number holds every
    word and sentence of itself: the added rule beside it that repeats one of
    its sentences word for word is no part of it, nor hinted as one (the
    change is passed over before its neighbours are read)."""
    old = [("1", "Basics"), ("100", "Bells"), ("100.1", WHOLE), ("100.2", "Guests may borrow umbrellas at the desk.")]
    new = [("1", "Basics"), ("100", "Bells"), ("100.1", PART), ("100.2", WHOLE),
           ("100.3", "Guests may borrow umbrellas at the desk.")]
    result = compare(doc(old), doc(new))
    moved = [c for c in result.changes if c.old is not None and c.old.id == "100.1"]
    assert [(c.kind.value, c.how.value, c.new.id, c.see_also) for c in moved] == [  # type: ignore[union-attr]
        ("renumbered", "text", "100.2", ())
    ]
    assert ("added", "100.1") in [(c.kind.value, c.new.id) for c in result.changes if c.new is not None]
