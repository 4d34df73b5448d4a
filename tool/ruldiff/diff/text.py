"""Text helpers the claims share: no claim of their own.

- `norm(text)` -> the text lower-cased, its white space collapsed.
- `phrase_pattern(phrase)` -> a pattern matching the phrase as whole words.
- `phrase_in(part, whole)` -> whether a phrase stands in a text as whole words.
- `word_edges(text)` -> where the words of a text start and end.
- `DocumentText(doc)`: a document's rules as one normalised text, built
  when first read, that substitutions and corrections both count in.
- `SENTENCE_END`, `SENTENCE_END_OR_TEXT`, `WORD_EDGES`, `LETTER`: patterns
  read by more than one claim.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import Document

__all__ = [
    "LETTER", "SENTENCE_END", "SENTENCE_END_OR_TEXT", "WORD_EDGES", "DocumentText", "norm", "phrase_in",
    "phrase_pattern", "word_edges",
]


LETTER = re.compile(r"[^\W\d]")
SENTENCE_END = re.compile(r"[.:;!?]\s")
SENTENCE_END_OR_TEXT = re.compile(r"[.:;!?](?:\s|$)")


def norm(text: str) -> str:
    return " ".join(text.lower().split())


@functools.lru_cache(maxsize=1024)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")


WORD_EDGES = re.compile(r"^[^\w]*(.*?)[^\w]*$", re.DOTALL)
_WORD_CHAR = re.compile(r"\w")
_UP_TO_LAST_WORD_CHAR = re.compile(r".*\w", re.DOTALL)


def word_edges(text: str) -> tuple[int, int]:
    """Where the words of a text start and end, the marks around them left
    out: the span of ``WORD_EDGES.match(text).group(1)``, found with two
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


def phrase_in(part: str, whole: str) -> bool:
    return phrase_pattern(part).search(whole) is not None


class DocumentText:
    """The text of every rule of a document, normalised (`norm`), one rule a
    line: what substitutions count a phrase in (`_occurs_more_than`) and
    corrections count a word in. Built when first read, then kept for the
    comparison, so the two claims share it: each built its own before
    (corrections a plain lower-cased join), 13 pairs of the 125 adjacent MTG
    ones asking both (2018-01-19 -> 2018-04-27 among them), 2 corrections
    alone.

    A rule whose only white space is one space between words (every other
    white space character is unprintable) is not split and joined again: it
    is lower-cased with the others, in one call (the 6,141 rules of the
    17-year gap 20.7 -> 13.5 ms of CPU; the same text for every document of
    the corpora).

    The two texts of a comparison (`pair`) that changed at most half of the
    new document's rules share the line of each rule text both documents
    hold: each line is worked out once, kept by its rule text, and the
    second text built looks it up rather than testing, normalising and
    lower-casing it again. Each line is lower-cased on its own, which gives
    what lower-casing the whole text gave: the one mapping of ``str.lower``
    that reads its neighbours (a final sigma) stops at a line break as at
    the end of a text, and no line holds a line break (the same texts for
    the 130 pairs of consecutive releases of the corpora, built in either
    order). The two texts of 2018-01-19 -> 2018-04-27 (2,481 of the new
    release's 2,958 rule texts shared) 137.6 -> 98.1 M instructions, of
    2025-11-14 -> 2026-01-16 (3,981 of 3,994) 184.8 -> 110.7 M (cachegrind;
    CPU, medians of 41 interleaved on a loaded machine, 12.9 -> 11.0 and
    19.2 -> 13.6 ms). A comparison that changed more rules shares too few:
    the 17-year gap (3,794 changes; 525 of 3,994 rule texts shared) would
    cost 119.3 -> 124.6 M, so its two texts are built alone, as before. The
    lines are let go once both texts are built.

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> rules = (Rule("1", RuleKind.RULE, "Draw  a Card."), Rule("2", RuleKind.RULE, "Pass."))
    >>> DocumentText(Document("d", "T", None, "p", rules)).text
    'draw a card.\\npass.'
    >>> old, new = DocumentText.pair(Document("d", "T", None, "p", rules), Document("e", "T", None, "p", rules[1:]))
    >>> new.text, old.text
    ('pass.', 'draw a card.\\npass.')
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
                self._text = "\n".join([t if _normal(t) else _normalised(t) for t in texts]).lower()
            else:
                out = []
                for t in texts:
                    line = lines.get(t)
                    if line is None:
                        line = lines[t] = (t if _normal(t) else _normalised(t)).lower()
                    out.append(line)
                self._text = "\n".join(out)
                # Let go: once both texts hold none, the lines go with them.
                self._lines = None
        return self._text


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
