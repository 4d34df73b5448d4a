"""excerpt.py: context cuts and runs of IDs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ruldiff.outputs.excerpt import CUT, cut_edits, id_runs

WORDS = st.lists(st.sampled_from(["draw", "a", "card", "the", "player\n", "may", "  ", "—", "x."]), max_size=40)
EDITS = st.lists(
    st.tuples(st.sampled_from(["=", "-", "+"]), WORDS.map("".join)).filter(lambda e: e[1] != ""),
    max_size=8,
)


@given(EDITS, st.integers(0, 8), st.integers(1, 12))
def test_cuts_lose_no_text_and_only_cut_unchanged_text(edits: list[tuple[str, str]], words: int, minimum: int) -> None:
    given_edits = [{"op": op, "text": text} for op, text in edits]
    out = cut_edits(given_edits, words=words, minimum=minimum)
    assert "".join(e["text"] for e in out) == "".join(e["text"] for e in given_edits)
    assert [e for e in out if e["op"] not in ("=", CUT)] == [e for e in given_edits if e["op"] != "="]
    for e in out:
        if e["op"] == CUT:
            assert len(e["text"].split()) >= minimum


def test_a_one_word_edit_in_a_long_rule_keeps_six_words_each_side() -> None:
    before = " ".join(f"w{i}" for i in range(200)) + " "
    after = " " + " ".join(f"v{i}" for i in range(200))
    edits = [{"op": "=", "text": before}, {"op": "+", "text": "Sorcerer,"}, {"op": "=", "text": after}]
    out = cut_edits(edits)
    assert [e["op"] for e in out] == [CUT, "=", "+", "=", CUT]
    assert out[1]["text"] == "w194 w195 w196 w197 w198 w199 "
    assert out[3]["text"] == " v0 v1 v2 v3 v4 v5 "
    # between two edits: both ends kept
    middle = [{"op": "-", "text": "a"}, {"op": "=", "text": before}, {"op": "+", "text": "b"}]
    assert [e["op"] for e in cut_edits(middle)] == ["-", "=", CUT, "=", "+"]


def test_added_removed_and_unchanged_rules_are_not_cut() -> None:
    long = " ".join(["word"] * 300)
    for edits in ([{"op": "+", "text": long}], [{"op": "=", "text": long}], [{"op": "-", "text": long}, {"op": "+", "text": "x"}]):
        assert cut_edits(edits) == edits


def test_id_runs_collapse_three_or_more_in_a_row() -> None:
    items = [{"label": str(i)} for i in range(10)]
    runs = id_runs(items, [0, 1, 2, 3, 5, 6, 8, 9, 10, 20])
    assert [(r["first"]["label"], r["last"] and r["last"]["label"], r["count"]) for r in runs] == [
        ("0", "3", 4), ("4", None, 1), ("5", None, 1), ("6", "8", 3), ("9", None, 1),
    ]
    assert id_runs([], []) == []


def test_a_cut_hides_ten_words_at_least() -> None:
    """Before the first edit six words are kept: 16 words leave 10 to cut, 15 only 9."""
    for count, cut in ((16, True), (15, False)):
        run = " ".join(f"w{i}" for i in range(count)) + " "
        out = cut_edits([{"op": "=", "text": run}, {"op": "+", "text": "now"}])
        assert [e["op"] for e in out] == ([CUT, "=", "+"] if cut else ["=", "+"]), count
        if cut:
            assert out[0]["text"] == "w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 "


def test_two_ids_in_a_row_are_listed_three_make_a_run() -> None:
    items = [{"label": str(i)} for i in range(5)]
    runs = id_runs(items, [1, 2, 5, 6, 7])
    assert [(r["first"]["label"], r["last"] and r["last"]["label"], r["count"]) for r in runs] == [
        ("0", None, 1), ("1", None, 1), ("2", "4", 3),
    ]


def test_a_run_is_cut_exactly_when_it_has_enough_words_however_short_its_words() -> None:
    """The shortest text that holds the words to cut (one-letter words, one
    space apart) is cut; one character less, or one word less, is not."""
    from ruldiff.outputs.excerpt import _cut

    need = 2 + 2 + 3
    shortest = " ".join("abcdefg")  # 7 words in 2 * 7 - 1 characters
    assert len(shortest) == 2 * need - 1
    assert _cut(shortest, 2, 2, 3) == [{"op": "=", "text": "a b "}, {"op": "…", "text": "c d e "},
                                      {"op": "=", "text": "f g"}]
    assert _cut(shortest[:-2], 2, 2, 3) is None  # six words
    assert _cut("a\tb\nc  d e\u3000f g", 2, 2, 3) is not None  # any white space parts words
