"""`text.DocumentText`: the two texts of a comparison, built as a pair that
shares the lines of the rule texts both documents hold, are the texts each
document gives alone, whichever is built first."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruldiff import decode, parse
from ruldiff.diff.text import DocumentText
from ruldiff.model import Document, Rule, RuleKind


def _doc(*texts: str, examples: tuple[tuple[str, ...], ...] = ()) -> Document:
    rules = tuple(
        Rule(f"{n}.1", RuleKind.RULE, text, examples[n] if n < len(examples) else ())
        for n, text in enumerate(texts)
    )
    return Document("d", "T", None, "p", rules)


# Invented rule texts that lower-casing and normalising treat differently:
# a final sigma (the one mapping of str.lower that reads its neighbours), a
# dotted capital I (two characters lower-cased), doubled and edge spaces, a
# tab, a non-breaking space, an empty text, examples on lines of their own.
_OLD = _doc(
    "ΟΔΟΣ ends a word.", "Draw  a Card.", " Edge spaces ", "İstanbul rules.", "Tab\there.", "No\u00a0break.", "",
    "Shared rule.", "Gone rule Σ",
    examples=((), (), (), (), (), (), (), ("Example: A shared example.",), ()),
)
_NEW = _doc(
    "ΟΔΟΣ ends a word.", "Draw a card.", " Edge spaces ", "İstanbul rules.", "Tab\there.", "New\u00a0break.", "",
    "Shared rule.", "New rule ΣΑ",
    examples=((), (), (), (), (), (), (), ("Example: A shared example.",), ()),
)


@pytest.mark.parametrize("new_first", [True, False], ids=["new-first", "old-first"])
def test_a_pair_gives_the_texts_each_document_gives_alone(new_first: bool) -> None:
    old, new = DocumentText.pair(_OLD, _NEW)
    if new_first:
        assert new.text == DocumentText(_NEW).text
        assert old.text == DocumentText(_OLD).text
    else:
        assert old.text == DocumentText(_OLD).text
        assert new.text == DocumentText(_NEW).text
    # What a reader of the counts sees: the final sigma, lower-cased as at the end of a text.
    assert old.text.splitlines()[0] == "οδος ends a word."


def test_a_pair_not_shared_is_two_texts_alone() -> None:
    old, new = DocumentText.pair(_OLD, _NEW, share=False)
    assert (old.text, new.text) == (DocumentText(_OLD).text, DocumentText(_NEW).text)


def test_a_pair_with_an_empty_document() -> None:
    empty = Document("e", "T", None, "p", ())
    old, new = DocumentText.pair(empty, _NEW)
    assert (old.text, new.text) == ("", DocumentText(_NEW).text)


@pytest.mark.parametrize("names", [("2018-01-19.txt", "2018-04-27.txt"), ("2025-11-14.txt", "2026-01-16.txt")])
def test_real_releases_paired_give_their_texts_alone(corpora: Path, names: tuple[str, str]) -> None:
    """Two releases of the Comprehensive Rules (most rules shared): the texts
    the substitutions and corrections count in are the same, paired or alone."""
    old_doc, new_doc = (parse(decode((corpora / "mtg" / name).read_bytes(), name)) for name in names)
    old, new = DocumentText.pair(old_doc, new_doc)
    assert new.text == DocumentText(new_doc).text
    assert old.text == DocumentText(old_doc).text
