"""`text.DocumentText`: a document's rules normalised, one a line, built
from the whole document's bytes when every character is printable but its
line breaks, and rule by rule otherwise; two built as a pair share the lines
of the rule texts both documents hold: the same texts every way."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruldiff import decode, parse
from ruldiff.diff.text import DocumentText, norm
from ruldiff.model import Document, Rule, RuleKind


def _doc(*texts: str, examples: tuple[tuple[str, ...], ...] = ()) -> Document:
    rules = tuple(
        Rule(f"{n}.1", RuleKind.RULE, text, examples[n] if n < len(examples) else ())
        for n, text in enumerate(texts)
    )
    return Document("d", "T", None, "p", rules)


def _by_rule(doc: Document) -> str:
    """What the text means: each rule's `norm`, one a line."""
    return "\n".join(norm(r.full_text) for r in doc.items)


# Invented rule texts that lower-casing and normalising treat differently:
# a final sigma (the one mapping of str.lower that reads its neighbours), a
# dotted capital I (two characters lower-cased), doubled and edge spaces, a
# tab, a non-breaking space, a lone surrogate, an empty text, examples on
# lines of their own, curly quotes and dashes (no case), accented letters.
_SHARED = ("Draw  a Card.", " Edge spaces ", "", "Shared rule.", "A \u201cquoted\u201d rule \u2014 dashed.", "caf\u00e9 rules")


@pytest.mark.parametrize(
    "odd",
    [
        (), ("\u039f\u0394\u039f\u03a3 ends a word.",), ("\u0130stanbul rules.",), ("Tab\there.",),
        ("No\u00a0break.",), ("Lone \udcff surrogate.",), ("CAF\u00c9 RULES",), ("Line\rfeed.",),
    ],
    ids=["printable", "final-sigma", "dotted-i", "tab", "nbsp", "surrogate", "capital-accent", "carriage-return"],
)
def test_the_text_is_each_rule_normalised(odd: tuple[str, ...]) -> None:
    doc = _doc(*_SHARED, *odd, examples=((), (), (), ("Example: A shared  example.",), (" Example: X ",)))
    assert DocumentText(doc).text == _by_rule(doc)


def test_the_final_sigma_is_lower_cased_as_at_the_end_of_a_text() -> None:
    assert DocumentText(_doc("\u039f\u0394\u039f\u03a3 ends a word.")).text == "\u03bf\u03b4\u03bf\u03c2 ends a word."


def test_an_empty_document() -> None:
    assert DocumentText(Document("e", "T", None, "p", ())).text == ""


@pytest.mark.parametrize("name", ["2009-10-01.txt", "2018-04-27.txt", "2026-01-16.txt"])
def test_real_releases_give_each_rule_normalised(corpora: Path, name: str) -> None:
    """Releases of the Comprehensive Rules, in ASCII (2009) and with curly
    quotes and accented card names (2018, 2026): the text the substitutions
    and corrections count in is each rule's `norm`."""
    doc = parse(decode((corpora / "mtg" / name).read_bytes(), name))
    assert DocumentText(doc).text == _by_rule(doc)


_OTHER = _doc(
    "Draw a card.", " Edge spaces ", "", "Shared rule.", "A \u201cquoted\u201d rule \u2014 dashed.", "New\u00a0break.",
    "New rule \u03a3\u0391", examples=((), (), (), ("Example: A shared  example.",)),
)


@pytest.mark.parametrize("share", [True, False], ids=["shared", "alone"])
@pytest.mark.parametrize("new_first", [True, False], ids=["new-first", "old-first"])
@pytest.mark.parametrize("odd", [(), ("Tab\there.",), ("CAF\u00c9 RULES",)], ids=["printable", "tab", "capital-accent"])
def test_a_pair_gives_the_texts_each_document_gives_alone(share: bool, new_first: bool, odd: tuple[str, ...]) -> None:
    """The second text of a pair reads the lines of the rule texts both
    documents hold from the first, whichever is built first and however each
    was built (from its bytes, or rule by rule); not shared (a comparison
    that changed most rules), each is built alone."""
    one = _doc(*_SHARED, *odd, examples=((), (), (), ("Example: A shared  example.",)))
    old, new = DocumentText.pair(one, _OTHER, share=share)
    if new_first:
        assert new.text == _by_rule(_OTHER)
        assert old.text == _by_rule(one)
    else:
        assert old.text == _by_rule(one)
        assert new.text == _by_rule(_OTHER)


def test_a_pair_with_an_empty_document() -> None:
    empty = Document("e", "T", None, "p", ())
    old, new = DocumentText.pair(empty, _OTHER)
    assert (old.text, new.text) == ("", _by_rule(_OTHER))


@pytest.mark.parametrize("names", [("2018-01-19.txt", "2018-04-27.txt"), ("2025-11-14.txt", "2026-01-16.txt")])
def test_real_releases_paired_give_their_texts_alone(corpora: Path, names: tuple[str, str]) -> None:
    """Two releases of the Comprehensive Rules (most rules shared): the texts
    the substitutions and corrections count in are the same, paired or alone."""
    old_doc, new_doc = (parse(decode((corpora / "mtg" / name).read_bytes(), name)) for name in names)
    old, new = DocumentText.pair(old_doc, new_doc)
    assert new.text == DocumentText(new_doc).text == _by_rule(new_doc)
    assert old.text == DocumentText(old_doc).text == _by_rule(old_doc)


# Characters each path of `_document_text` reads apart: ASCII letters and
# controls, a final sigma and other cased letters beyond ASCII, letters
# without case, curly quotes, unprintable white space and a lone surrogate.
_ODD = st.sampled_from(list("aZ  \n\t\r\x0b\x1c\x7fΣσςİéÉßǅﬁ’—\u00a0\u2028\x85\u200b\udcff中"))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.text(_ODD, max_size=10), max_size=5), st.lists(st.text(_ODD, max_size=10), max_size=5))
def test_any_texts_give_each_rule_normalised(old: list[str], new: list[str]) -> None:
    """Whatever the characters, alone or as a pair, each way: each rule's `norm`."""
    one, other = _doc(*old), _doc(*new)
    assert DocumentText(one).text == _by_rule(one)
    first, second = DocumentText.pair(one, other)
    assert (second.text, first.text) == (_by_rule(other), _by_rule(one))
