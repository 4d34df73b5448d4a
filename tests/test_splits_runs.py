"""Splits and merges across a long gap (issue #27 item 6, splits.py).

A rule that holds a run of the whole's words word for word (`_run_parts`:
`RUN_WORDS`, two of them words the kept rules lost), which neither the kept
rules nor the changed rules beside the whole hold, is a part; and in the
glossary, an entry named in the other's headword (`_named`: "Legend" and
"Legendary" -> "Legend/Legendary"). A run the kept rule or a neighbour
also holds, or a short one, says nothing. Invented text; real cases by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.documents.load import load

HEAD = [("1", "Basics"), ("300", "Keepers")]
TAIL = [("300.9", "The warden keeps the lantern until the round is over.")]

Kinds = list[tuple[str, list[str], list[str]]]


def _kinds(old: list[tuple[str, str]], new: list[tuple[str, str]], old_g=(), new_g=()) -> Kinds:  # type: ignore[no-untyped-def]
    changes = compare(doc(HEAD + old + TAIL, old_g), doc(HEAD + new + TAIL, new_g)).changes
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in changes]


ROUSE = (
    "300.2", "Some powers and gifts can rouse a keeper. Until the next round of the owner of that power or gift, "
    "that keeper of the tower walks each night if able and walks toward a tower other than that owner's if able.",
)
ROUSED = [
    ("300.2", "Some powers and gifts can rouse a keeper. Until the next round of the owner of that power or gift, "
              "that keeper of the tower is roused."),
    ("300.3", "Roused is a mark a keeper can have. A roused keeper walks each night if able and walks toward a tower "
              "other than the owner of the power, gift, or charm that roused it if able. Roused is neither a gift "
              "nor part of the keeper's copied traits."),
]


def test_a_clause_carried_into_a_new_rule_makes_a_split() -> None:
    # "walks each night if able and walks toward a tower other than": ten words
    # of the old rule, word for word, that the kept rule lost.
    assert ("split", ["300.2"], ["300.2", "300.3"]) in _kinds([ROUSE], ROUSED)


def test_the_same_seen_backwards_is_a_merge() -> None:
    assert ("merged", ["300.2", "300.3"], ["300.2"]) in _kinds(ROUSED, [ROUSE])


@pytest.mark.parametrize(("part", "kind"), [
    # Mostly the old rule's words (the clause carried off, a few words of
    # its own around it): a part (`RUN_COVER`).
    (ROUSED[1][1], "split"),
    # A new rule of its own that holds the old clause among many more new
    # words: a hint, never a claim, and the new rule stays added.
    ("A drowsy keeper, marked by the moon charm or summoned by the bellringer, carries a dim lamp, hums "
     "quietly, forgets every name it learned and walks each night if able and walks toward a tower other than "
     "the bellringer's. Drowsy keepers never trade, never gather herbs, never guard the granary gate.", "hint"),
])
def test_a_run_part_mostly_of_new_words_is_a_hint(part: str, kind: str) -> None:
    changes = compare(doc(HEAD + [ROUSE] + TAIL), doc(HEAD + [ROUSED[0], ("300.3", part)] + TAIL)).changes
    (c,) = [c for c in changes if "300.2" in [r.id for r in c.olds]]
    if kind == "split":
        assert (c.kind.value, [r.id for r in c.news], c.see_also) == ("split", ["300.2", "300.3"], ())
    else:
        assert (c.kind.value, c.see_also) == ("changed", (("split", "300.3"),))
        assert any(x.kind.value == "added" and [r.id for r in x.news] == ["300.3"] for x in changes)


def test_a_run_hint_beside_other_parts_is_shown_once() -> None:
    # The new rule 300.4 holds a clause of 300.2 among words of its own, and
    # is a new child of the part 300.3 too (read twice): one hint, on the split.
    child = ("300.3a", "A drowsy keeper, marked by the moon charm or summoned by the bellringer, carries a dim lamp, "
                       "hums quietly, forgets every name it learned and walks each night if able and walks toward a "
                       "tower other than the bellringer's. Drowsy keepers never trade, never gather herbs.")
    old = [("300.2", ROUSE[1] + " Roused keepers carry no lantern, and no warden may lend them one.")]
    new = [ROUSED[0], ("300.3", "Roused keepers carry no lantern, and no warden may lend them one."), child]
    changes = compare(doc(HEAD + old + TAIL), doc(HEAD + new + TAIL)).changes
    (c,) = [c for c in changes if "300.2" in [r.id for r in c.olds]]
    assert (c.kind.value, [r.id for r in c.news], c.see_also) == ("split", ["300.2", "300.3"], (("split", "300.3a"),))


def test_a_run_the_kept_rule_holds_too_says_nothing() -> None:
    # The new rule repeats a run the kept rule also holds: no piece left for it.
    kept = ("300.2", "Some powers can rouse a keeper. That keeper walks each night if able and walks toward "
                     "a tower other than its own if able, until the next round.")
    echo = ("300.3", "A sleeping keeper walks each night if able and walks toward a tower other than the warden's "
                     "tower. Sleeping keepers dream of lanterns and of the winter gardens.")
    changes = compare(doc(HEAD + [ROUSE] + TAIL), doc(HEAD + [kept, echo] + TAIL)).changes
    # 300.3 stays added, no part of 300.2 and no hint of one (`see also`).
    assert [(c.kind.value, [r.id for r in c.news], c.see_also) for c in changes] == [
        ("changed", ["300.2"], ()), ("added", ["300.3"], ()),
    ]


def test_a_run_a_neighbour_holds_says_nothing() -> None:
    # The run stands in the old rule beside the whole too (a rule changed in
    # this release, as the whole's neighbours among the changes are read):
    # it need not come from the whole.
    neighbour = ("300.1", "A keeper who is called walks each night if able and walks toward a tower other than "
                          "its own, then rests.")
    new = [("300.1", neighbour[1].replace("then rests", "then sleeps")), *ROUSED]
    changes = compare(doc(HEAD + [neighbour, ROUSE] + TAIL), doc(HEAD + new + TAIL)).changes
    # 300.3 stays added, and no rule points to it as a part (`see also`).
    assert [(c.kind.value, [r.id for r in c.news], c.see_also) for c in changes] == [
        ("changed", ["300.1"], ()), ("changed", ["300.2"], ()), ("added", ["300.3"], ()),
    ]


LANTERNS = ("300.4", "Lanterns.")
SAME = ("300.4a", "Two keepers share a lantern if their lanterns are identical.")
SEVERAL = ("300.4b", "If a keeper carries more than one lantern, it shares a lantern with another keeper if there "
                     "are one or more lanterns that both keepers carry in common.")
MERGED = ("300.4a", "Two or more keepers share a lantern if they carry at least one lantern in common, even if one "
                    "or more of those keepers carry more lanterns. A keeper with no lantern shares no lantern with "
                    "any other keeper.")


@pytest.mark.parametrize("old", [
    [LANTERNS, SAME, SEVERAL],
    [LANTERNS, ("300.4a", SEVERAL[1]), ("300.4b", SAME[1])],
])
def test_a_short_run_of_words_the_kept_rule_holds_says_nothing(old: list[tuple[str, str]]) -> None:
    # "keepers share a lantern if": five words, each of them in the kept
    # rule too: too little to say the removed rule went into the new one
    # (a merge missed; gap-s14's 201.2a + 201.2b -> 201.2a is of this kind).
    kinds = _kinds(old, [LANTERNS, MERGED])
    assert not any(k == "merged" for k, _, _ in kinds)


BEACON = ("Beacon", "A beacon is a special tower marker. Whenever two beacons stand on one hill, the older is lit.")


@pytest.mark.parametrize(("term", "headword", "expected"), [
    # The new headword names the removed entry: a merge.
    ("Beaconed", "Beacon/Beaconed",
     ("merged", ["glossary:Beacon", "glossary:Beaconed"], ["glossary:Beacon/Beaconed"])),
    # It names another term: the entry stays removed.
    ("Bell", "Beacon/Lantern", ("removed", ["glossary:Bell"], [])),
])
def test_a_glossary_entry_is_a_part_when_the_other_headword_names_it(
    term: str, headword: str, expected: tuple[str, list[str], list[str]]
) -> None:
    old_g = [BEACON, (term, f"The word \"{term}\" in a tower's text gives it the beacon marker.")]
    second = headword.split("/")[1]
    new_g = [(headword, f"Beacon is a special tower marker. {second} is a marker any tower may carry. "
                        f"Whenever two beacons or {second.lower()} towers stand on one hill, the older is lit.")]
    assert expected in _kinds([], [], old_g, new_g)


@pytest.mark.parametrize(("headword", "expected"), [
    # The new headword holds the term among more words: a paragraph given an
    # entry of its own, named after the term.
    ("Beacon Rule", ("split", ["glossary:Beacon"], ["glossary:Beacon", "glossary:Beacon Rule"])),
    ("Hill Beacon", ("split", ["glossary:Beacon"], ["glossary:Beacon", "glossary:Hill Beacon"])),
    # Only part of a word of it ("Beacons" is an inflection, `_inflected`;
    # "Beaconry" adds too many letters), or another term: no part.
    ("Beaconry Rule", ("added", [], ["glossary:Beaconry Rule"])),
    ("Lantern Rule", ("added", [], ["glossary:Lantern Rule"])),
])
def test_a_glossary_entry_is_a_part_when_its_headword_holds_the_term(
    headword: str, expected: tuple[str, list[str], list[str]]
) -> None:
    old_g = [("Beacon", "A beacon is a special tower marker that any tower may carry.\n"
                        "Whenever two beacons stand on one hill, the older is lit and the others go dark.")]
    new_g = [("Beacon", "A special tower marker. See also Beacon Rule."),
             (headword, "Whenever two beacons stand on one hill, the older is lit and the others go dark.")]
    assert expected in _kinds([], [], old_g, new_g)


Hinted = tuple[str, list[str], list[str], tuple[tuple[str, str], ...]]


def _change(corpora: Path, old: str, new: str, whole: str, side: str) -> Hinted:
    """The change holding `whole`: its kind, its rules, its `see also` hints."""
    result = compare(load(str(corpora / "mtg" / f"{old}.txt")), load(str(corpora / "mtg" / f"{new}.txt")))
    (c,) = [c for c in result.changes if whole in [r.id for r in (c.olds if side == "old" else c.news)]]
    return c.kind.value, [r.id for r in c.olds], [r.id for r in c.news], c.see_also


@pytest.mark.parametrize(("old", "new", "whole", "side", "expected"), [
    # gap-s14: a requirement moved into a new designation rule.
    ("2017-07-07", "2022-07-08", "701.36a", "old", ("split", ["701.36a"], ["701.38a", "701.38b"], ())),
    # gap-s12: a clause cut out into its own subrule; an example carried into a child.
    ("2008-02-01", "2012-02-01", "212.3d", "old", ("split", ["212.3d"], ["302.4", "302.4a", "302.4b", "302.4c"], ())),
    # gap-s12: 616.1e holds 419.9a's example, reworded, but more words of its
    # own (a new rule sentence, a second example): a hint on the split, not a part.
    ("2008-02-01", "2012-02-01", "419.9a", "old", ("split", ["419.9a"], ["616.1", "616.1a"], (("split", "616.1e"),))),
    # blind: two kinds of coin flip made one rule.
    ("2022-04-29", "2022-06-10", "705.2", "new", ("merged", ["705.1", "705.2"], ["705.2"], ())),
    # gap-s40: a glossary paragraph given an entry named after the term.
    ("2008-07-15", "2010-07-16", "glossary:Tap", "old",
     ("split", ["glossary:Tap"], ["glossary:Tap", "glossary:Tap Symbol"], ())),
    # Two entries, each named after a sense of the term (1999-04 -> 2004-06).
    ("1999-04-23", "2004-06-01", "glossary:Source", "old",
     ("split", ["glossary:Source"], ["glossary:Source of an Ability", "glossary:Source of Damage"], ())),
    # gap-s38: a rule merged into its sibling's new place, four rules added between.
    ("2002-02-20", "2006-05-01", "418.5h", "new", ("merged", ["418.5a", "418.5d"], ["418.5h"], ())),
    # A sentence given a rule of its own seven changes away, under the same parent.
    ("2005-02-01", "2010-02-01", "416.1", "old", ("split", ["416.1"], ["609.1", "609.6"], ())),
    # holdout: two glossary entries under one headword.
    ("1999-04-23", "1999-11-01", "glossary:Legend/Legendary", "new",
     ("merged", ["glossary:Legend/Legend Rule", "glossary:Legendary"], ["glossary:Legend/Legendary"], ())),
])
def test_real_splits_and_merges(
    corpora: Path, old: str, new: str, whole: str, side: str, expected: Hinted
) -> None:
    assert _change(corpora, old, new, whole, side) == expected


def test_runs_are_the_word_for_word_runs_of_the_text() -> None:
    # `_runs` (a set looked up) says what searching the spaced text said: a
    # run of `RUN_WORDS` words stands in a text word for word, not across a
    # word's edge nor across typography.
    from ruldiff.diff.splits import RUN_WORDS, _runs, _spaced_skeleton

    text = "A keeper’s lantern — lit at dusk — walks each night if able, and walks toward a tower."
    words = _spaced_skeleton(text).split()
    probes = [" ".join(words[k:k + RUN_WORDS]) for k in range(len(words) - RUN_WORDS + 1)]
    probes += ["eper s lantern lit at dusk walks each", "keeper s lantern lit at dusk walks eac"]
    assert [p in _runs(text) for p in probes] == [f" {p} " in _spaced_skeleton(text) for p in probes]
    assert sum(p in _runs(text) for p in probes) == len(words) - RUN_WORDS + 1


def test_two_long_rules_are_read_in_linear_time() -> None:
    # Two crafted rules of 100,000 words each, from one vocabulary: every
    # run of the part is looked up, none searched for in the whole's text
    # (a quarter of a second; searched for, near a minute).
    import random

    from ruldiff.diff.splits import _run_parts
    from ruldiff.model import Rule, RuleKind

    rng = random.Random(140)
    vocab = [f"w{k}x" for k in range(5000)]
    whole, part = (Rule(i, RuleKind.RULE, " ".join(rng.choice(vocab) for _ in range(100_000)) + ".") for i in ("1.1", "1.2"))
    kept = Rule("1.1", RuleKind.RULE, "Kept words only.")
    assert _run_parts(whole, [kept], [part], lambda: iter(())) == ([], [])


SIBLING_OLD = [
    ("300.1", "Sometimes the light of one lantern decides whether another lantern shines or what colour it shows."),
    ("300.2", "A keeper may carry one lantern at a time."),
    ("300.3", "A keeper who drops a lantern must relight it before dusk."),
    ("300.4", "One lantern can outshine another.\nExample: Two lanterns hang on one tower, a red one lit at dusk "
              "and a green one lit at midnight; the newer one outshines the older until the bell rings at dawn."),
]
SIBLING_NEW = [
    ("300.1", "Lanterns are lit in the order the keepers reached the tower."),
    ("300.2", "A keeper may carry one lantern at a time."),
    ("300.3", "A lantern hung on a tower belongs to the warden."),
    ("300.4", "A keeper who drops a lantern must relight it before the bell rings at dusk."),
    ("300.5", "A warden may hang a lantern on any tower the warden holds."),
    ("300.6", "A tower with no lantern is dark."),
    ("300.7", "One lantern can outshine another. Sometimes the light of one lantern decides whether another lantern "
              "shines or what colour another lantern shows.\n"
              "Example: Two lanterns hang on one tower, a red one lit at dusk and a green one lit at midnight; the "
              "newer one outshines the older until the bell rings at dawn."),
]


@pytest.mark.parametrize("reach", [3, None])
def test_a_rule_merged_into_a_sibling_beyond_the_window_is_a_part(reach: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    # Old 300.1 is read word for word in new 300.7, its sibling's new place,
    # five changes away: under the same parent, a part (`SIBLING_REACH`); with
    # the reach cut to the window, it is reported removed.
    import ruldiff.diff.splits as splits

    if reach is not None:
        monkeypatch.setattr(splits, "SIBLING_REACH", reach)
    kinds = _kinds(SIBLING_OLD, SIBLING_NEW)
    merged = ("merged", ["300.1", "300.4"], ["300.7"])
    assert (merged in kinds) is (reach is None)
    assert (("removed", ["300.1"], []) in kinds) is (reach is not None)

