"""The part a split (merge) is paired with (splits.py, `_main_part`): the
part that kept the whole's number, when it holds a fair share of the
whole's words (`KEEP_SHARE` of the largest part's) or the whole's opening
sentence (`_opens`), else the part holding most of them. A bylaws article
cut in two, one half kept under its number, is not "renumbered" to the
other half, nor is one that kept only its opening sentence; one that kept
only a closing sentence, its opening under a number of its own, is. In a
renumbered section a split rule's place is its number under the section's
new one. Invented text, and real cases by corpus path and rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import articles, doc, real_comparison

from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind

DUES = "D1. Members pay the annual dues to the treasurer before the first general meeting of the year."
BOARD = "D2. The board meets each quarter at a place the chair announces a week ahead."
QUORUM = ("a quorum of the board is a majority of its serving directors, counted at the start of each meeting")
PROXY = ("a director who cannot attend may give a written proxy to another director, who then votes twice "
         "on every motion of that meeting")
NOTICE = "D5. Notice of a special meeting is mailed to every member ten days ahead."


def _compare(tmp_path: Path, old: list[str], new: list[str]):  # type: ignore[no-untyped-def]
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    return compare(articles(tmp_path / "old", *old), articles(tmp_path / "new", *new))


def _one(result, kind: ChangeKind):  # type: ignore[no-untyped-def]
    found = [c for c in result.changes if c.kind is kind]
    assert len(found) == 1, [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news]) for c in result.changes]
    return found[0]


def test_a_rule_that_kept_its_number_and_half_its_text_is_the_pair_of_its_split(tmp_path: Path) -> None:
    old = [DUES, BOARD, f"D3. At every meeting {QUORUM}. Also {PROXY}.", NOTICE]
    new = [DUES, BOARD, f"D3. At every meeting {QUORUM}.", f"D4. Also {PROXY}.", NOTICE]
    result = _compare(tmp_path, old, new)
    split = _one(result, ChangeKind.SPLIT)
    assert [r.id for r in split.news] == ["D3", "D4"]
    assert split.new.id == "D3"  # kept its number: not renumbered to D4
    assert all(r.old != "D3" for r in result.renumbering), result.renumbering


def test_a_rule_that_kept_its_opening_sentence_keeps_its_number(tmp_path: Path) -> None:
    heading = "The board's meetings follow the rules below."
    old = [DUES, BOARD, f"D3. {heading} At every meeting {QUORUM}, and {PROXY}.", NOTICE]
    new = [DUES, BOARD, f"D3. {heading}", f"D4. At every meeting {QUORUM}, and {PROXY}.", NOTICE]
    result = _compare(tmp_path, old, new)
    split = _one(result, ChangeKind.SPLIT)
    assert [r.id for r in split.news] == ["D3", "D4"]
    # D3 kept 7 of its words, D4 holds the other 36: the number stays with the opening.
    assert split.new.id == "D3"
    assert all(r.old != "D3" for r in result.renumbering), result.renumbering


def test_a_rule_whose_opening_went_to_another_number_is_renumbered_to_it(tmp_path: Path) -> None:
    tail = "The chair keeps the minutes."
    old = [DUES, BOARD, f"D3. At every meeting {QUORUM}, and {PROXY}. {tail}", NOTICE]
    new = [DUES, BOARD, f"D3. {tail}", f"D4. At every meeting {QUORUM}, and {PROXY}.", NOTICE]
    split = _one(_compare(tmp_path, old, new), ChangeKind.SPLIT)
    assert [r.id for r in split.news] == ["D3", "D4"]
    assert split.new.id == "D4"  # D3 kept only the closing sentence; D4 holds the opening and the rest


def test_a_merge_into_a_rule_that_kept_its_number_is_paired_with_that_rule(tmp_path: Path) -> None:
    old = [DUES, BOARD, f"D3. At every meeting {QUORUM}.", f"D4. Also {PROXY}.", NOTICE]
    new = [DUES, BOARD, f"D3. At every meeting {QUORUM}. Also {PROXY}.", NOTICE]
    result = _compare(tmp_path, old, new)
    merged = _one(result, ChangeKind.MERGED)
    assert [r.id for r in merged.olds] == ["D3", "D4"]
    assert merged.old.id == "D3"
    assert all(r.new != "D3" or r.old == "D3" for r in result.renumbering), result.renumbering


def test_a_stale_reference_in_a_split_is_listed_under_the_part_that_holds_it(tmp_path: Path) -> None:
    files = "D6. The secretary keeps every written proxy on file for a year."
    old = [DUES, BOARD, f"D3. At every meeting {QUORUM}. Also {PROXY}, as Article D6 allows.", NOTICE, files]
    new = [DUES, BOARD, f"D3. At every meeting {QUORUM}.", f"D4. Also {PROXY}, as Article D6 allows.", NOTICE]
    result = _compare(tmp_path, old, new)
    assert _one(result, ChangeKind.SPLIT).new.id == "D3"
    assert [(rule, refs) for rule, refs, _ in result.stale] == [("D4", ("Article D6",))]


# A league's handbook: section 101 inserted, so old 101 -> 102 and 102 -> 103.
HANDBOOK = [
    ("1", "Play"),
    ("100", "Teams"),
    ("100.1", "A team names a captain before its first match of the season."),
]
SCORING = ("101", "Scoring")
SCORE_ONE = "A match is scored by the referee on the official card kept at the scorer's table."
SCORE_TWO = ("A disputed score is settled by the referee after hearing both captains at the scorer's table, "
             "unless the league's appeals panel finds that the card was filled in after the final whistle by "
             "someone other than the referee")


def test_a_split_in_a_renumbered_section_is_paired_with_the_part_at_its_new_place() -> None:
    # Old 101.2 is one sentence; new 102.2 keeps its first clause, 102.3 the
    # longer rest, reworded. 101 became 102, so 101.2's place is 102.2: a user reading
    # "renumbered: 101.2 -> 102.3" would look for the rule in the wrong place.
    old = doc([*HANDBOOK, SCORING, ("101.1", SCORE_ONE), ("101.2", f"{SCORE_TWO}.")])
    new = doc([
        *HANDBOOK, ("101", "Kit"), ("101.1", "Each team wears shirts of one colour, numbered on the back."),
        ("102", "Scoring"), ("102.1", SCORE_ONE),
        ("102.2", "A disputed score is settled by the referee after hearing both captains at the scorer's table."),
        ("102.3", "The referee's decision stands unless the league's appeals panel finds that the card was "
                  "filled in after the final whistle by someone other than the referee."),
    ])
    result = compare(old, new)
    split = _one(result, ChangeKind.SPLIT)
    assert [r.id for r in split.news] == ["102.2", "102.3"]
    assert split.new.id == "102.2"
    assert ("101.2", "102.3") not in [(r.old, r.new) for r in result.renumbering], result.renumbering


def test_a_merge_in_a_renumbered_section_follows_its_words_not_a_shifted_number() -> None:
    # Old 101.1 + 101.2 -> new 102.2 under a new 102.1: the old 101.2 that
    # stands at 102.2's place under the renumbered section is not the rule
    # the new one continues (it opens with 101.1's sentence).
    old = doc([*HANDBOOK, SCORING, ("101.1", f"{SCORE_TWO}."), ("101.2", "The referee signs the card.")])
    new = doc([
        *HANDBOOK, ("101", "Kit"), ("101.1", "Each team wears shirts of one colour, numbered on the back."),
        ("102", "Scoring"), ("102.1", SCORE_ONE),
        ("102.2", f"{SCORE_TWO}. The referee signs the card."),
    ])
    merged = _one(compare(old, new), ChangeKind.MERGED)
    assert [r.id for r in merged.olds] == ["101.1", "101.2"]
    assert merged.old.id == "101.1"


@pytest.mark.parametrize(
    ("old", "new", "whole", "pair"),
    [
        # 304 -> 504: the draw step's first rule cut in three, its opening kept first.
        ("mtg/2009-05-01.txt", "mtg/2009-07-11.txt", "304.1", "504.1"),
        # 606.7 -> 806.7: the first of the Two-Headed Giant combat rules kept word for word.
        ("mtg/2009-05-01.txt", "mtg/2009-07-11.txt", "606.7a", "806.7a"),
        # 808.4 -> 807.4: passing the turn marker kept first, the receiving condition given its own rule.
        ("mtg/2009-10-01.txt", "mtg/2026-01-16.txt", "808.4c", "807.4c"),
    ],
)
def test_real_splits_in_renumbered_sections_pair_with_the_part_at_their_place(
    corpora: Path, old: str, new: str, whole: str, pair: str
) -> None:
    result = real_comparison(str(corpora / old), str(corpora / new))
    split = next(c for c in result.changes if c.kind is ChangeKind.SPLIT and c.old is not None and c.old.id == whole)
    assert split.new is not None and split.new.id == pair
    assert all(r.old != whole or r.new == pair for r in result.renumbering), result.renumbering


def test_a_real_merge_under_a_shifted_sibling_follows_the_rule_it_opens_with(corpora: Path) -> None:
    # 2009-07's 702.19c (banding) opens with old 502.10b; old 502.10c stands at
    # its place only because a new 702.19b was inserted before it.
    result = real_comparison(str(corpora / "mtg/2009-05-01.txt"), str(corpora / "mtg/2009-07-11.txt"))
    merged = next(c for c in result.changes if c.kind is ChangeKind.MERGED and c.new is not None and c.new.id == "702.19c")
    assert merged.old is not None and merged.old.id == "502.10b"
