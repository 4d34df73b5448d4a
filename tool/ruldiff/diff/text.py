"""Text helpers the claims share: no claim of their own.

- `norm(text)` -> the text lower-cased, its white space collapsed.
- `phrase_at(part, whole, start)` -> where a phrase first stands in a text as
  whole words; `phrase_in(part, whole)` -> whether it does there;
  `phrase_count(part, whole)`, `phrase_sub(part, new, whole)`: its
  occurrences counted, replaced. What the pattern ``(?<!\\w)PHRASE(?!\\w)``
  finds, with no pattern compiled.
- `word_edges(text)` -> where the words of a text start and end.
- `in_cited_title(before)` -> whether an edit whose text before it is
  `before` stands inside a title quoted after a reference.
- `DocumentText(doc)`: a document's rules as one normalised text, built
  when first read, that substitutions and corrections both count in.
- `SENTENCE_END`, `SENTENCE_END_OR_TEXT`, `LETTER`: patterns read by more
  than one claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import Document

__all__ = [
    "FUNCTION_WORDS", "LETTER", "SENTENCE_END", "SENTENCE_END_OR_TEXT", "DocumentText", "in_cited_title", "norm", "phrase_at",
    "phrase_count", "phrase_in", "phrase_sub", "word_edges",
]


LETTER = re.compile(r"[^\W\d]")
SENTENCE_END = re.compile(r"[.:;!?]\s")
SENTENCE_END_OR_TEXT = re.compile(r"[.:;!?](?:\s|$)")

ORDINALS = frozenset(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
)
"""The words that open the steps of a procedure ("First, ...", "Second, ..."):
a step renumbered as a step before it was dropped changes only this word."""

FUNCTION_WORDS = frozenset(
    "a an the of to in on or and is are be it its that this by for as at with from if any each was were has "
    "have can may not no do does which who whose s t he she his her their they them than then there these "
    "those one all".split()
)
"""Words that say little of what a rule is about: what the comparisons of
two rules' content set aside (align.py's sibling holes, splits.py's parts)."""

_OPEN_TITLE = re.compile(
    r"(?<!\w)(?:(?:rules?|sections?|articles?|chapters?|parts?|sec\.|art\.)\s+|§+\s*)\d[\w.]*,?\s*[\"“][^\"”]*$",
    re.IGNORECASE,
)
_TITLE_REACH = 120


def in_cited_title(before: str) -> bool:
    """Whether an edit stands inside a title quoted right after a reference
    (a rule, section, article, chapter or part number, or a § sign, then a
    number; `before`: the text before it): 'see section 6, "Spells[- on the
    Stack-]{+, Abilities, and Effects+}."' The title is the cited rule's;
    its words are no list items and no rewrite of the document's wording
    (the title follows the rule it names).

    >>> in_cited_title('For more, see section 6, "Spells'), in_cited_title('(see rule 411, "')
    (True, True)
    >>> in_cited_title('as the card says, "Draw'), in_cited_title('see rule 411, "Mana." Then the')
    (False, False)
    >>> in_cited_title('See Misrule 5, "Ash'), in_cited_title('See rule5, "Ash'), in_cited_title('(§ 4.2, "Fees')
    (False, False, True)
    """
    tail = before[-_TITLE_REACH:]
    # A title is open only if a quote that may open one ("...) is left
    # unclosed: after the last straight or closing quote, only a straight
    # one or a curly opening one may follow. Most texts with quotes close
    # them: told without the pattern.
    last = max(tail.rfind('"'), tail.rfind("”"))
    if last < 0:
        return "“" in tail and bool(_OPEN_TITLE.search(tail))
    return (tail[last] == '"' or "“" in tail[last:]) and bool(_OPEN_TITLE.search(tail))


def norm(text: str) -> str:
    return " ".join(text.lower().split())


_WORD_CHAR = re.compile(r"\w")
_UP_TO_LAST_WORD_CHAR = re.compile(r".*\w", re.DOTALL)


def word_edges(text: str) -> tuple[int, int]:
    """Where the words of a text start and end, the marks around them left
    out: the span of group 1 of ``^[^\\w]*(.*?)[^\\w]*$`` (DOTALL; the
    tests check that they agree), found with two
    matches that do not try every end of the text as the lazy group does
    (`_clean_phrase` 37 -> 29 ms of CPU on the 17-year gap, with its digit
    test made one `map`).

    >>> word_edges(' "Draw, a card." '), word_edges("..."), word_edges("")
    ((2, 14), (3, 3), (0, 0))
    """
    first = _WORD_CHAR.search(text)
    if first is None:
        return len(text), len(text)
    last = _UP_TO_LAST_WORD_CHAR.match(text)
    assert last is not None
    return first.start(), last.end()


def phrase_at(part: str, whole: str, start: int = 0) -> int:
    """Where `part` first stands in `whole` as whole words, at `start` or
    after (-1: nowhere): the start of what ``(?<!\\w)PART(?!\\w)`` (`part`
    escaped) finds searching `whole` from `start`, its one way to match
    tried at each place `str.find` turns up, the characters on either side
    read as that pattern reads them (`\\w`, before `start` too).

    No pattern is compiled: the claims look for a few dozen phrases (the
    17-year gap: 85, 3,900 searches), most in a text of a few words, and
    compiling a pattern for each cost more than the searches (the gap's
    HTML run 6,381 -> 6,353 M instructions, cachegrind; 2018-01-19 ->
    2018-04-27 the same, 1,949 -> 1,948 M).

    >>> phrase_at("he", "the hen, he said"), phrase_at("or", "for more"), phrase_at("", "a b")
    (9, -1, -1)
    """
    at = whole.find(part, start)
    while at >= 0:
        # A character is `\w` when `str.isalnum` or "_" (what `re` asks of it).
        before, after = whole[at - 1 : at], whole[at + len(part) : at + len(part) + 1]
        if not (before.isalnum() or before == "_" or after.isalnum() or after == "_"):
            return at
        at = whole.find(part, at + 1)
    return -1


def phrase_in(part: str, whole: str) -> bool:
    return phrase_at(part, whole) >= 0


def phrase_count(part: str, whole: str) -> int:
    """How many times `part` stands in `whole` as whole words, none
    overlapping: what ``findall`` of `phrase_at`'s pattern counts.

    >>> phrase_count("he", "he, the hen: he"), phrase_count("a a", "a a a a")
    (2, 2)
    """
    return sum(1 for _ in _phrase_places(part, whole))


def phrase_sub(part: str, new: str, whole: str) -> str:
    """`whole` with each time `part` stands in it as whole words (as
    `phrase_count` counts them) replaced by `new`, as it is: what ``sub`` of
    `phrase_at`'s pattern gives with `new` escaped.

    >>> phrase_sub("he", "she", "he, the hen: he"), phrase_sub("a", "x\\\\1", "a b")
    ('she, the hen: she', 'x\\\\1 b')
    """
    pieces: list[str] = []
    last = 0
    for at in _phrase_places(part, whole):
        pieces += (whole[last:at], new)
        last = at + len(part)
    if not pieces:
        return whole
    pieces.append(whole[last:])
    return "".join(pieces)


def _phrase_places(part: str, whole: str) -> Iterator[int]:
    """Where `part` stands in `whole` as whole words, none overlapping, in
    order: the matches ``finditer`` of `phrase_at`'s pattern finds."""
    at = phrase_at(part, whole)
    while at >= 0:
        yield at
        at = phrase_at(part, whole, at + (len(part) or 1))  # an empty match: the next one further on, as `re` goes


class DocumentText:
    """The text of every rule of a document, normalised (`norm`), one rule a
    line: what substitutions count a phrase in (`_occurs_more_than`) and
    corrections count a word in. Built when first read, then kept for the
    comparison, so the two claims share it: each built its own before
    (corrections a plain lower-cased join), 13 pairs of the 125 adjacent MTG
    ones asking both (2018-01-19 -> 2018-04-27 among them), 2 corrections
    alone.

    A rule whose only white space is one space between words is not split
    and joined again: it is lower-cased with the others, in one call (the
    6,141 rules of the 17-year gap 20.7 -> 13.5 ms of CPU; the same text for
    every document of the corpora). Whether the whole document is printable
    but for its line breaks is asked once, of its UTF-8 bytes, not of each
    rule (`str.isprintable` reads a text with a curly quote character by
    character through the Unicode tables); a document with another control
    or unprintable character (a tab, a non-breaking space) is read rule by
    rule, as before. And a text whose characters beyond ASCII have no case
    (curly quotes, dashes, the accented small letters of card names) is
    lower-cased as UTF-8 bytes, which `bytes.lower` does in ASCII alone:
    what `str.lower` gives, without its per-character lookups (`_document_text`;
    the same text for the 175 documents of the corpora, 171 read this way).

    The two texts of a comparison (`pair`) that changed at most half of the
    new document's rules share the line of each rule text both documents
    hold: the first text built keeps its lines by their rule texts (one
    split of the text, no line holding a line break), and the second looks
    them up, building only the lines of the rule texts it alone holds.
    Each line is what lower-casing the whole text gives it: the one mapping
    of ``str.lower`` that reads its neighbours (a final sigma) stops at a
    line break as at the end of a text, and no line holds a line break (the
    same texts for the 130 pairs of consecutive releases of the corpora,
    built in either order). A comparison that changed more rules shares too
    few: the 17-year gap (3,794 changes; 525 of 3,994 rule texts shared)
    builds its two texts alone. The lines are let go once both texts are
    built. Both texts, CPU (medians of 41 interleaved with the code before,
    load ~8): the 17-year gap 11.0 -> 7.9 ms, 2018-01-19 -> 2018-04-27 10.5
    -> 9.7, 2025-11-14 -> 2026-01-16 13.3 -> 12.8 (session 10's pair built
    its first text rule by rule, each line lower-cased alone).

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> rules = (Rule("1", RuleKind.RULE, "Draw  a Card."), Rule("2", RuleKind.RULE, "Pass “it”."))
    >>> DocumentText(Document("d", "T", None, "p", rules)).text
    'draw a card.\\npass “it”.'
    """

    __slots__ = ("_doc", "_lines", "_text")

    def __init__(self, doc: Document, lines: dict[str, str] | None = None) -> None:
        self._doc = doc
        self._text: str | None = None
        self._lines = lines  # shared with the other text of a pair (`pair`)

    @classmethod
    def pair(cls, old: Document, new: Document, share: bool = True) -> tuple[DocumentText, DocumentText]:
        """The texts of the two documents of a comparison; with `share`,
        the second built reads the lines of the rule texts both hold from
        the first (see the class docstring)."""
        if not share:
            return cls(old), cls(new)
        lines: dict[str, str] = {}
        return cls(old, lines), cls(new, lines)

    @property
    def document(self) -> Document:
        """The document whose text this is."""
        return self._doc

    @property
    def text(self) -> str:
        if self._text is None:
            texts = [r.full_text for r in self._doc.items]
            lines = self._lines
            if lines is None:
                self._text = _document_text(texts)
            elif not lines:  # the first of a pair: its lines kept for the second
                self._text = _document_text(texts)
                lines.update(zip(texts, self._text.split("\n")))  # no line holds a line break
            else:
                missing = [t for t in dict.fromkeys(texts) if t not in lines]
                if missing:
                    lines.update(zip(missing, _document_text(missing).split("\n")))
                self._text = "\n".join([lines[t] for t in texts])
            # Let go: once both texts hold none, the lines go with them.
            self._lines = None
        return self._text


_NOT_CONTROL = bytes(range(32, 127)) + bytes(range(128, 256))
"""Every byte but ASCII's control characters: deleted, they leave those."""
_ASCII = bytes(range(128))
"""Every ASCII byte: deleted from UTF-8, they leave the other characters whole."""


def _document_text(texts: list[str]) -> str:
    """The rule texts `texts`, each normalised (`norm`), one a line (see
    `DocumentText`).

    >>> _document_text(["Draw  a Card.", "Pass.\\nExample: Été.", " été "])
    'draw a card.\\npass. example: été.\\nété'
    """
    joined = "\n".join(texts)
    raw = joined.encode("utf-8", "surrogatepass")  # a lone surrogate (Python's own strings) is unprintable
    # The characters beyond ASCII, and the control characters (line breaks alone, or read rule by rule).
    high = "" if joined.isascii() else raw.translate(None, _ASCII).decode("utf-8", "surrogatepass")
    if raw.translate(None, _NOT_CONTROL).strip(b"\n") or not high.isprintable():  # a tab, a non-breaking space...
        return "\n".join([t if _normal(t) else _normalised(t) for t in texts]).lower()
    # Every character printable but the line breaks, the only white space
    # left is spaces and line breaks: `_normal` and `_normalised`, less
    # their `isprintable`.
    text = "\n".join([t if "\n" not in t and "  " not in t and t.strip(" ") == t else _spaced(t) for t in texts])
    if high and high.lower() == high:  # no character beyond ASCII has case
        return text.encode().lower().decode()
    return text.lower()


def _spaced(text: str) -> str:
    """`_normalised` of a printable text but for its line breaks."""
    spaced = text.replace("\n", " ")
    return spaced if "  " not in spaced and spaced.strip(" ") == spaced else norm(text)


def _normal(text: str) -> bool:
    """Whether a text's only white space is single spaces between words:
    `norm` would only lower-case it."""
    return text.isprintable() and "  " not in text and text.strip(" ") == text


def _normalised(text: str) -> str:
    """``norm(text)``, but for its case, of a text that is not `_normal`.
    A rule with examples is one but for the line breaks before them: those
    made spaces, it is normal (the 234 rules of 2009-10-01 and 244 of
    2026-01-16 that have examples: `DocumentText.text` 3.0 -> 2.3 and 8.9
    -> 6.7 ms of CPU), and no text is split into words and joined again.

    >>> _normalised("Draw a card.\\nExample: Draw."), _normalised(" Draw\\n\\na  card ")
    ('Draw a card. Example: Draw.', 'draw a card')
    """
    spaced = text.replace("\n", " ")
    return spaced if _normal(spaced) else norm(text)
