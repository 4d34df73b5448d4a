"""The part a split (merge) is paired with (splits.py, `_main_part`): the
part that kept the whole's number, when it holds a fair share of the
whole's words (`KEEP_SHARE` of the largest part's) or the whole's opening
sentence (`_opens`), else the part holding most of them. A bylaws article
cut in two, one half kept under its number, is not "renumbered" to the
other half, nor is one that kept only its opening sentence; one that kept
only a closing sentence, its opening under a number of its own, is. Invented text."""

from __future__ import annotations

from pathlib import Path

from helpers import articles

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
