"""A numbering grammar learned from the document itself, not chosen from a list.

- `scan(lines)` -> the numbering tokens at the starts of lines, each with
  its `Style` (``Section 1.``, ``(a)``, ``4-12``, ``A.1`` ...).
- `infer_grammar(text)` -> the `Grammar` of a document (which styles number
  its units, how they nest, how a unit is cited), or None without one.
- `read_units(lines, grammar)` -> the document's units under a grammar:
  IDs as the document cites them (``II.2``, ``4-12(a)(1)``, ``§ 3(a)``).
- `grammar_profile(grammar)`, `profile_mapping(grammar)`,
  `parse_numbering(spec)`: a grammar as a `Profile` (its ``numbering`` key)
  and back, so that an inferred grammar can be saved and passed with
  ``--profile``.

How a numbering is inferred
---------------------------
1. Every line that starts like a number is a token: an optional label (a
   capitalised word such as ``Section``, ``Sec.``, ``ARTICLE``, or ``§``,
   or two such words written alike, ``Standing Order``, ``LOCAL LAW``),
   a numeral (arabic, roman or a letter; dotted ``1.2.3`` or hyphenated
   ``4-12``; a capital and digits, ``B3``, ``B3.2``), in a bracket shape:
   ``(a)``, ``a)`` or bare. A bare number of one part needs its period or
   bracket (``1.``, ``a)``), but for ``B3``; a label followed by
   a lower-case word is a citation inside a sentence (``Section 3 of``).
2. A numeral that reads as a letter and as a roman number (``i``, ``v``,
   ``x``, ``C``) is the letter when it follows the letter before it in the
   same style (``(h)`` then ``(i)``) and no ``(ii)`` comes next; else the
   roman number when it starts (``i``) or continues (``iv`` then ``v``) one.
3. A style (label, numeral kind, parts and separator, bracket shape) numbers
   the document when its numbers run in sequence: each token is the first
   number, or comes after the last of its style by at most `GAP`, or, a
   labelled number or one of several parts, resumes past a reserved block
   (`_resumes`); a token out of sequence is text. A label in the plural is
   its singular's when the document uses both (``Secs.``, ``Sec.``). A style needs two such tokens, or one first
   number in brackets or after a label.
4. Nesting is a stack of open styles: a token of an open style closes what
   is inside it; a new style opens a level under the innermost. Labelled
   styles are divisions: no bare or bracketed item holds one, and a new
   labelled style is nested in the labelled one just before it (``ARTICLE
   I`` then ``Section 1``) or else starts a division of its own at the top
   (``Annex II`` after an article's items).
5. A unit is cited as the document cites it: a bracketed number after its
   parent's ID (``4-12(a)(1)``); a number of several parts alone (``1.1``,
   ``4-12``); a plain number after its parent's ID and a period when its
   style's numbers restart under the parent (``II.2``), alone when they run
   through the document (``Section 7`` -> ``7``). A label word is dropped,
   ``§`` kept; a second labelled style at the top keeps its word
   (``Annex II``), so its numbers do not clash with the first's, and so
   does a division numbered in capital letters (``Subpart A``).
6. A number may carry a letter after its figures, a unit inserted after
   another (``Article 5a``, ``4A.``): in sequence after that number. A
   number closed by a dash (``PART 412—TITLE``, ``CANON 1: Of ...``) is
   closed as by a period; a bracketed item run in after a dash
   (``1.—(1) Text``) is a unit of its own on the same line.

Everything is linear in the text: one bounded match per line, one pass over
the tokens for each step.

Labels of two words (session 23): a council's standing orders, written by a
helper after the session's other changes and shown none of ruldiff's output
(bench/generator/handwritten/standing-orders), numbered ``STANDING ORDER 12
– QUESTIONS`` over ``(1)`` / ``(a)`` / ``(i)``, was read by its paragraphs
alone (units read exactly 0%, edits recovered 1 of 104); with two label
words written alike (both capitalised or both in capitals, the second no
roman numeral) and citations by the label or its initials (``S.O. 16(1)``,
citations.py), 100% and 102 of 104. A first version read a running
header's title and date (``MARROWFIELD COVENANTS 2024-02-01``) as a unit
numbered 2024-02-01 in 6 of 474 generated families (seed 970141527); a date
written year-month-day is now never a number. Generator seeds 970141527,
2026 and 444690756 and the other hand-written documents: the same figures
as before; the real corpora (profiles, not inferred): claims identical.
Nor does a label open with a word that leads into a reference (``See
Section 4.01.`` wrapped to a line's start: seed 927880201, family 165).

Two more documents of new kinds, written blind the same way, the same
session: a school board's policy manual (``BP 5131.2 – Bullying``, codes
with room between them: 5020, 5111, 5113, 5116.1) was read by its
paragraphs alone, its codes out of sequence (units read exactly 0%, edits
1 of 37); labelled headings that follow each other as codes do, however
far apart (`_code_step`), and a style of more parts under the same label
not keeping its word (`_keeps_word`): 100% and 35 of 37. A homeowner's
policy (definitions ``1.``-``12.`` before ``SECTION I``, its parts
``A.`` and their paragraphs ``1.`` again) cited its parts' paragraphs
alone (``1#2``): a style numbered within its parents but for a first run
at the top is numbered within its parents (`_within_parents`): units read
exactly 0 -> 100%, edits 9 -> 32 of 43 (with furniture.py's ``a.`` after a
page break). A fresh seed drawn after these changes, 725116042: units 100%
(as before), edits 97.7 -> 97.9%; seeds 970141527, 2026, 444690756 and
the first 22 hand-written documents unchanged.

A fourth, a Swiss association's statutes (``Art. 14`` over paragraphs
numbered ``1 The ...``, ``2 The ...`` with no period, items ``a)``), was
read by its articles alone: a bare number is text (``2 players may
sit``). Now a bare number before a capitalised word, on a line that starts
a paragraph, is a token (`BARE`) when the document numbers its paragraphs
so throughout (`_bare_runs`: three runs 1, 2, 3 ... at least, each right
after an article's line, nine in ten such numbers in them); cited in
brackets after the article (``14(3)``). Units read exactly 0 -> 100%,
edits 10 -> 62 of 68; seeds 970141527, 2026, 444690756, 725116042 and
the other hand-written documents unchanged; real corpora: claims identical.

A fifth, constitutions numbered as canon law is (``PART I`` / ``TITLE II``
/ ``Can. 12`` / ``§1.`` run in on the canon's line, ``§2.`` below /
items ``1°``): items in degrees are a shape of their own (`DEGREE`); a
``§`` paragraph run in on a labelled unit's line is a unit of its own
(`_run_in_item`) and nested in it, as a labelled style right after a
unit on the same line is. Units read exactly 0 -> 100%, edits 34 -> 77 of
88 (left: citations of a ``§`` paragraph, ``can. 10 §2``, which no syntax
derived from the IDs reads); the seeds and other documents unchanged.
A building code (session 24, bench/generator/handwritten/building-code,
written by a helper shown none of ruldiff's output): provisions ``R302.1``,
``R302.1.1`` and, under a provision, ``Exceptions:`` items ``1.``, ``2.``
restarting in each. Cited ``R302.1.1`` after their parent, the items took
the provision's own next numbers (``R302.1.1#2`` for the provision, nested
in the last item; an exception inserted read as "renumbered R302.1.3 ->
R302.1.4"). An item restarting under a number of several parts is cited in
brackets when the document writes numbers of one part more (`_cite`:
``R302.1(3)``), and a number of several parts goes in the open unit its
number names, closing the items opened since (`_prefix_open`). On the 381
pairs of the archive and the eval sets, seeds 79341519, 2026 and 444690756
and the other 27 hand-written documents: unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Container
from typing import Any

from ..errors import ConfigError
from ..model import record
from .parse import zero_head
from .profiles import Profile, profile_from_mapping

__all__ = [
    "Grammar", "Level", "Style", "Token", "Unit", "grammar_profile", "infer_grammar",
    "parse_numbering", "profile_mapping", "read_units", "scan", "spec_of",
]

GAP = 10
"""How far a number may jump past the last of its style and still be in
sequence: a code skips repealed sections (``Sec. 4-12`` then ``4-15``), but
``1990.`` after ``3.`` is a year."""
MAX_STYLES = 16
"""Styles a document may be numbered in, the most used kept (of those used
alike, the first to appear): a code nests five or six; the bound keeps
reading linear on any text (the stack of open styles holds each style once)."""
TITLE_WORDS = 12
"""A unit's text of at most this many words, without a closing period, is a
title (``ARTICLE II - MEMBERSHIP``): the unit is a heading when items follow."""

ARABIC, ROMAN_UPPER, ROMAN_LOWER, LETTER_UPPER, LETTER_LOWER = "1", "I", "i", "A", "a"
LETTERED = "A1"
"""A number whose first part is a capital and digits (``A1``, ``B3.2``):
the letter is the division's, the digits count within it."""
PAREN, CLOSE, PLAIN = "(x)", "x)", "x"
DEGREE = "x°"
"""An item numbered ``1°``, ``2°`` as canon law numbers them."""
BARE = "x_"
"""A bare number before a capitalised word, no period or bracket after it
(``2 The seat of the Association ...``): a paragraph's number in statutes
written the Swiss or German way, read only when the document numbers its
paragraphs so throughout (`_bare_runs`)."""

# One token at the start of a stripped line: a label, a numeral in a bracket
# shape, what follows it. Every repeat is bounded and the alternatives are
# tried at one place: a line costs a match of a few dozen characters.
_TOKEN = re.compile(
    r"(?:(?P<sym>§{1,2})\s*|(?P<word>[A-Z][a-z]{1,11}(?:\s[A-Z][a-z]{1,11})?\.?"
    r"|[A-Z]{2,12}(?:\s(?![IVXLC]+\b)[A-Z]{2,12})?\.?)\s+)?"
    r"(?:\((?P<pn>\d{1,3}|[a-z]{1,5}|[A-Z]{1,5})\)"
    r"|(?P<n>\d{1,4}(?:\.\d{1,4}){1,5}|\d{1,4}(?:-\d{1,4}){1,3}|(?:[A-Z]|[IVXLC]{2,7})(?:\.\d{1,3}){1,4}|[A-Z]\d{1,3}(?:\.\d{1,3}){0,4}"
    r"|\d{1,4}[A-Za-z]?|[IVXLC]{1,7}|[ivxlc]{1,7}|[A-Za-z])(?P<close>[)°])?)"
    r"(?P<dot>\.)?(?=[\s:–—]|$)\s*(?P<dash>[-–—:]\s*)?(?P<rest>.*)$"
)
# The end of a line that leads into a number on the next one: a word that
# cites (``section``, ``Law``, ``§``), one a reference follows (``see``,
# ``under``, ``subject to``), or a division cited before its unit
# (``Article II,`` / ``Section 5.``), after a lower-case word or a sentence's
# end, as in running text (``... lies under Law`` / ``2.3.``), not in a
# title (``2 Playing Rules`` / ``2.1 ...``). A token on the next line is a
# reference wrapped to the line's start, not a unit. ``and`` and ``or`` are
# not here: ``(a) the chair; and`` / ``(b)`` is a list's next item. The
# outline, laws and articles profiles hold the same pattern as their
# ``reference_lead``.
REFERENCE_LEAD = re.compile(
    r"(?:^|[.!?;:]\s+|\b[a-z][\w'’-]*,?\s+|\b(?i:article|section|part|chapter|title|law|rule|canon)\s+[\w.-]{1,12},\s+)"
    r"(?i:(?:see\s+|under\s+)?(?:see|under|in|to|of|by|with|per|rules?"
    r"|sections?|secs?\.|laws?|articles?|paragraphs?|clauses?|parts?|chapters?|regulations?|subsections?|annex"
    r"|appendix|schedule|canons?|titles?|(?:article|section|part|chapter|title|law|rule|canon)\s+[\w.-]{1,12},))$"
    r"|§$"
)
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_ROMAN = re.compile(r"[ivxlc]{1,7}", re.IGNORECASE)


def _roman(s: str) -> int | None:
    """The value of a roman numeral written the usual way, else None.

    >>> _roman("xiv"), _roman("IX"), _roman("iiv")
    (14, 9, None)
    """
    if not _ROMAN.fullmatch(s):
        return None
    digits = [_ROMAN_VALUES[c] for c in s.lower()]
    total = sum(-d if d < e else d for d, e in zip(digits, digits[1:] + [0]))
    return total if total > 0 and _to_roman(total) == s.lower() else None


def _to_roman(n: int) -> str:
    out = []
    for value, numeral in ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"),
                           (5, "v"), (4, "iv"), (1, "i")):
        count, n = divmod(n, value)
        out.append(numeral * count)
    return "".join(out)


def _printed(label: str) -> str:
    """A label as a line prints it, each word capitalised: ``Section``,
    ``Standing Order``.

    >>> _printed("section"), _printed("standing order")
    ('Section', 'Standing Order')
    """
    return " ".join(w.capitalize() for w in label.split())


def _label_pattern(label: str) -> str:
    """A label as a pattern, its words apart by any white space (a label of
    two words may be wrapped or spaced twice: ``Standing  Order``)."""
    return r"\s+".join(re.escape(w) for w in label.split())


@record
class Style:
    """How one numbering looks, whatever the document: ``Section 1``,
    ``(a)``, ``4-12``, ``A.1`` are four styles."""

    label: str
    """The label case-folded without its period (``section``, ``sec``), a
    label of two words with one space between them (``standing order``),
    ``§``, or empty."""
    kind: str
    """The numeral of its first part: `ARABIC`, `ROMAN_UPPER`,
    `ROMAN_LOWER`, `LETTER_UPPER`, `LETTER_LOWER` or `LETTERED` (``B3``)."""
    parts: int = 1
    """How many parts the number has (``1.2.3``: 3)."""
    separator: str = ""
    """What joins the parts: ``.`` or ``-`` (empty for one part)."""
    shape: str = PLAIN
    """`PAREN` ``(a)``, `CLOSE` ``a)`` or `PLAIN`."""

    @property
    def sample(self) -> str:
        """The style written as its first number: ``Section 1``, ``(a)``, ``1-1``.

        >>> Style("sec", ARABIC, 2, "-").sample, Style("", LETTER_LOWER, shape=CLOSE).sample
        ('Sec 1-1', 'a)')
        """
        first = {ARABIC: "1", ROMAN_UPPER: "I", ROMAN_LOWER: "i", LETTER_UPPER: "A", LETTER_LOWER: "a", LETTERED: "A1"}[self.kind]
        number = self.separator.join([first] + ["1"] * (self.parts - 1))
        if self.shape == PAREN:
            number = f"({number})"
        elif self.shape == CLOSE:
            number += ")"
        elif self.shape == DEGREE:
            number += "°"
        elif not self.label and self.parts == 1 and self.kind != LETTERED and self.shape != BARE:
            number += "."
        if not self.label:
            return number
        return f"{self.label} {number}" if self.label == "§" else f"{_printed(self.label)} {number}"


@record
class Token:
    """A numbering token at the start of a line."""

    line: int
    """Index of its line (0-based)."""
    style: Style
    number: str
    """The number as printed, without label or brackets (``4-12``, ``ii``)."""
    value: int
    """Its last part as a count: ``ii`` -> 2, ``c`` -> 3, ``4-12`` -> 12."""
    rest: str
    """The text after it on its line."""
    stop: bool = True
    """Whether a period, a bracket, a colon or a dash closes the number, or
    nothing follows it (``Section 1.``, ``(a)``, ``ARTICLE I - NAME``)."""


@record
class Level:
    """A style the document is numbered in, and how its units are cited."""

    style: Style
    parent: Style | None = None
    """For a labelled style: the labelled style it is nested in (None: at the top)."""
    restarts: bool = False
    """Whether its numbers start again under each parent (cited ``II.2``)."""
    word: bool = False
    """Whether its ID keeps the label word (``Annex II``)."""
    brackets: bool = False
    """Whether its units, numbered ``1.`` under a division, are cited in
    brackets after it (``Article 5(1)``), as the document's text cites them."""


@record
class Grammar:
    """The numbering of a document: its styles, in order of appearance."""

    levels: tuple[Level, ...]


@record
class Unit:
    """One numbered unit of a document."""

    id: str
    parent: str | None
    line: int
    """Index of its first line (0-based)."""
    end: int
    """Index after its last line."""
    text: str
    """Its text on its first line, after the number."""
    style: Style
    value: int
    """Its number's last part as a count (`Token.value`)."""
    title: bool
    """Whether its text is a title and units are nested in it (a heading)."""


# --- tokens -------------------------------------------------------------------


def _candidates(numeral: str) -> list[tuple[str, int]]:
    """Readings of a numeral of one part: (kind, value)."""
    if numeral.isdigit():
        return [(ARABIC, int(numeral))]
    out: list[tuple[str, int]] = []
    roman = _roman(numeral)
    if roman is not None:
        out.append((ROMAN_UPPER if numeral.isupper() else ROMAN_LOWER, roman))
    if len(numeral) == 1:
        out.append((LETTER_UPPER if numeral.isupper() else LETTER_LOWER, ord(numeral.lower()) - 96))
    return out


_Raw = tuple[int, str, str, int, str, list[tuple[str, int]], str, bool]
"""A token before its kind is settled: line, label, shape, parts, separator,
readings, number, whether a stop closes it."""


def _raw(index: int, line: str, bare: bool = False) -> tuple[_Raw, str] | None:
    m = _TOKEN.match(line)
    if m is None:
        return None
    word, sym, rest = m.group("word"), m.group("sym"), m.group("rest")
    label = sym[:1] if sym else (" ".join(word.rstrip(".").casefold().split()) if word else "")
    if m.group("pn") is not None:
        numeral, shape = m.group("pn"), PAREN
    else:
        numeral = m.group("n")
        shape = {")": CLOSE, "°": DEGREE}.get(m.group("close") or "", PLAIN)
    separator = "." if "." in numeral else "-" if "-" in numeral else ""
    parts = numeral.split(separator) if separator else [numeral]
    lettered = numeral[:1].isupper() and numeral[1:2].isdigit()
    if shape == PLAIN and not label and len(parts) == 1 and not m.group("dot") and not lettered:
        if not (bare and numeral.isdigit() and rest[:1].isupper() and not m.group("dash")):
            return None  # "2 players": a number in running text
        shape = BARE
    if separator == "-" and _ISO_DATE.fullmatch(numeral):
        return None  # "RULES 2024-02-01": a date (a running header's), not a section 2024-2-1
    if label and label != "§" and shape == PLAIN and not m.group("dot") and rest[:1].islower():
        return None  # "Section 3 of the Act": a citation in a sentence
    if " " in label and label.split()[0] in _NOT_A_LABEL:
        return None  # "See Section 4.01.": a citation wrapped to a line's start, not a label of two words
    if word and (not label.replace(" ", "").isalpha() or numeral[:1].islower()):
        return None  # "In a Commander game": a word numbers in figures, roman capitals or capitals
    readings = _candidates(parts[-1]) if len(parts) == 1 else [(ARABIC, int(parts[-1]))]
    if _inserted(numeral):
        readings = [(ARABIC, int(numeral[:-1]))]  # 5a, 4A: a unit inserted after 5, after 4
    elif lettered:
        readings = [(LETTERED, int(parts[-1][1:] if len(parts) == 1 else parts[-1]))]  # A1, B3.2
    elif len(parts) > 1 and not parts[0].isdigit():
        readings = [(LETTER_UPPER, int(parts[-1]))]  # A.1: the kind of its first part
    if not readings:
        return None
    stop = bool(m.group("dot") or m.group("dash") or shape != PLAIN or not rest)
    return (index, label, shape, len(parts), separator, readings, numeral, stop), rest


_NOT_A_LABEL = frozenset(
    "see under in per by and or of the a an to as at on from with for also cf pursuant this that these those"
    " each every any all no our your its their".split()
)
"""Words that never open a label of two words: a label names a kind of unit
(``Standing Order``, ``Local Law``); these lead into a reference or a
sentence (``See Section 4.01.``, ``Under Article 3``, ``The Council``)."""

_ISO_DATE = re.compile(r"(?:1[89]|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])")
"""A date written year-month-day, never a unit's number: a code's sections
run ``4-12``, ``33-14-101``, not ``2024-02-01``."""


def _inserted(numeral: str) -> bool:
    """Whether a number of one part is one inserted after another, a letter
    after its figures (``Article 5a`` after ``Article 5``, ``4A.`` after
    ``4.``): counted as that number, in sequence after it.

    >>> _inserted("5a"), _inserted("4A"), _inserted("5"), _inserted("B3")
    (True, True, False, False)
    """
    return numeral[:1].isdigit() and numeral[-1:].isalpha()


def _run_in_item(index: int, line: str, found: tuple[_Raw, str]) -> tuple[_Raw, str] | None:
    """The bracketed item that a unit's number runs in after a dash, on its
    line (``1.—(1) These Regulations ...``: regulation 1, and its paragraph
    (1) with the text), or the ``§`` paragraph a labelled unit runs in
    (``Can. 4 §1. The Institute ...``: canon 4, and its paragraph §1), else
    None."""
    rest = found[1]
    if rest.startswith("§") and found[0][1] not in ("", "§"):
        # "Can. 4 §1. The Institute ...": a canon whose first paragraph runs in on its line
        item = _raw(index, rest)
        return item if item is not None and item[0][1] == "§" else None
    if not rest.startswith("(") or not line[: len(line) - len(rest)].rstrip().endswith(("—", "–")):
        return None
    item = _raw(index, rest)
    return item if item is not None and item[0][2] == PAREN else None


def scan(lines: list[str], bare: bool = False) -> list[Token]:
    """The numbering tokens at the starts of `lines`, each read in one style;
    with `bare`, also the bare numbers before a capitalised word (`BARE`)
    on a line that starts a paragraph (`_starts_paragraph`).

    >>> [(t.style.sample, t.number) for t in scan(["(h) eight", "(i) nine", "(i) one", "(ii) two"])]
    [('(a)', 'h'), ('(a)', 'i'), ('(i)', 'i'), ('(i)', 'ii')]

    A number after a line that leads into it (`REFERENCE_LEAD`) is a
    reference wrapped to the line's start, not a token:

    >>> [t.number for t in scan(["1.1 Dues. See Section", "1.2. Fees are due.", "1.3 Pay."])]
    ['1.1', '1.3']
    """
    raws: list[tuple[_Raw, str]] = []
    for index, line in enumerate(lines):
        s = line.strip()
        if s and (s[0].isalnum() or s[0] in "(§"):
            found = _raw(index, s, bare)
            if found is not None and found[0][2] == BARE and not _starts_paragraph(lines, index):
                found = None  # "... the fee of CHF" / "40 Francs per year": a wrapped sentence
            if found is not None and not (index and _leads_into_number(lines, index - 1)):
                item = _run_in_item(index, s, found)
                raws.append(found if item is None else (found[0], ""))
                if item is not None:
                    raws.append(item)
    # A label in the plural is its singular's, when the document uses that
    # (``Secs. 4-5—4-19. Reserved.`` among ``Sec. 4-4.``): one style.
    labels = {raw[1] for raw, _ in raws}
    # The last letter and roman value read in each (label, shape, case).
    last: dict[tuple[str, str, str], int] = {}
    tokens: list[Token] = []
    for k, ((index, label, shape, parts, separator, readings, numeral, stop), rest) in enumerate(raws):
        if label[-1:] == "s" and label[:-1] in labels:
            label = label[:-1]
        kind, value = readings[0]
        if len(readings) == 2:
            kind, value = _settle(raws, k, label, shape, numeral, readings, last)
        if parts == 1:
            last[(label, shape, kind)] = value
        tokens.append(Token(index, Style(label, kind, parts, separator, shape), numeral, value, rest, stop))
    return tokens


_SENTENCE_END = re.compile(r"[.!?;:][\"”’)]?(?:\s|$)")


def _starts_paragraph(lines: list[str], index: int) -> bool:
    """Whether line `index` starts a paragraph: the document's first line,
    or after a blank line, a line that ends a sentence or a clause (``.``,
    ``:``, ``;``), or a numbered line that is a heading (``Art. 2 Purpose``)."""
    if index == 0:
        return True
    above = lines[index - 1].strip()
    if not above or _SENTENCE_END.search(above[-3:] + " "):
        return True
    found = _raw(index - 1, above) if above[:1].isalnum() or above[:1] in "(§" else None
    return found is not None and _is_title(found[1])


def _bare_runs(tokens: list[Token]) -> list[Token]:
    """`tokens` less the bare numbers (`BARE`) that number no paragraphs: kept
    only where the document numbers its paragraphs so throughout, each run
    ``1``, ``2``, ``3`` ... starting at 1 right after a token of another
    style (a heading, an article) and going up by one (items may stand
    between), until the next token of that style or a labelled one; three
    runs at least, and nine in ten of its bare numbers in such runs. ``2
    players may sit`` wrapped to a line's start is in no run."""
    runs: list[list[int]] = []
    current: list[int] | None = None
    opener: Style | None = None  # the style of the token the run follows (the article's)
    previous: Token | None = None
    for k, t in enumerate(tokens):
        if t.style.shape == BARE:
            if t.value == 1 and previous is not None and previous.style.shape != BARE:
                current, opener = [k], previous.style
                runs.append(current)
            elif current is not None and t.value == tokens[current[-1]].value + 1:
                current.append(k)  # the paragraph after the last, its items between them
            else:
                current = None
        elif current is not None and (t.style == opener or t.style.label):
            current = None  # the next article: the run ends
        previous = t
    in_runs = {k for run in runs for k in run}
    bare = sum(1 for t in tokens if t.style.shape == BARE)
    if len(runs) < 3 or len(in_runs) * 10 < bare * 9:
        return [t for t in tokens if t.style.shape != BARE]
    return [t for k, t in enumerate(tokens) if t.style.shape != BARE or k in in_runs]


def _leads_into_number(lines: list[str], index: int) -> bool:
    """Whether line `index` leads into a number on the next line
    (`REFERENCE_LEAD`) as running text does, not as a heading: a heading
    (``2.1 Use of common parts``) is short, ends no sentence, and is a
    numbered line or a paragraph of its own.

    >>> _leads_into_number(["The fee is due. See Section"], 0), _leads_into_number(["", "Hire of club parts"], 1)
    (True, False)
    """
    line = lines[index].strip()
    if not REFERENCE_LEAD.search(line[-40:]):
        return False
    found = _raw(index, line) if line[:1].isalnum() or line[:1] in "(§" else None
    rest = found[1] if found is not None else line
    words = rest.split()
    if len(words) > TITLE_WORDS or _SENTENCE_END.search(rest):
        return True
    return not (found is not None or index == 0 or not lines[index - 1].strip())


def _settle(
    raws: list[tuple[_Raw, str]], k: int, label: str, shape: str, numeral: str,
    readings: list[tuple[str, int]], last: dict[tuple[str, str, str], int],
) -> tuple[str, int]:
    """A numeral that is a roman number and a letter: the letter after the
    letter before it, unless the next token of its style reads as the roman
    number after it; else the roman number that starts or continues one."""
    (roman_kind, roman), (letter_kind, letter) = readings
    following = next(
        (r for r, _ in raws[k + 1 : k + 2] if r[1] == label and r[2] == shape and r[3] == 1), None
    )
    next_roman = _roman(following[6]) if following is not None and following[6].isupper() == numeral.isupper() else None
    if last.get((label, shape, letter_kind)) == letter - 1 and next_roman != roman + 1:
        return letter_kind, letter
    if roman == 1 or last.get((label, shape, roman_kind)) == roman - 1:
        return roman_kind, roman
    return letter_kind, letter


# --- sequence ---------------------------------------------------------------


def _in_sequence(tokens: list[Token], styles: set[Style] | None = None) -> list[Token]:
    """The tokens whose numbers run in sequence within their style (of
    `styles`, if given): the first number, or the last of the style plus 1
    to `GAP`, or a number of several parts under a new prefix."""
    if styles is not None:
        tokens = [t for t in tokens if t.style in styles]
    # The next token of each token's style: a first number
    # past `GAP` (Rule 12) is in sequence when the next one follows it.
    next_of_style: list[Token | None] = [None] * len(tokens)
    ahead: dict[Style, Token] = {}
    for k in range(len(tokens) - 1, -1, -1):
        next_of_style[k] = ahead.get(tokens[k].style)
        ahead[tokens[k].style] = tokens[k]
    last: dict[Style, Token] = {}
    kept: list[Token] = []
    for t, previous, nxt, carrier in zip(tokens, [None, *tokens], next_of_style, _carriers(tokens)):
        after = nxt.value if nxt is not None else None
        before = last.get(t.style)
        if before is None:  # TITLE 33 is in sequence when 33-14-101 follows
            ok = t.value <= GAP or t.style.parts > 1 or after == t.value + 1 or _carried(t, carrier) or (
                nxt is not None and _code_step(t, nxt)
            )
        elif t.style.parts > 1 and t.number.rsplit(t.style.separator, 1)[0] != before.number.rsplit(
            t.style.separator, 1
        )[0]:
            ok = True  # a new prefix: 2-101 after 1-103
        else:  # under the same prefix, a number of several parts never starts again (1.01 after 1.03)
            least = 0 if _inserted(t.number) and t.number != before.number else 1  # 5a after 5
            step = t.value - before.value
            ok = (t.value == 1 and t.style.parts == 1) or least <= step <= GAP or (
                step > GAP and _resumes(t, previous, after)
            ) or _code_step(before, t)
        if ok:
            kept.append(t)
            last[t.style] = t
    return kept


def _code_step(a: Token, b: Token) -> bool:
    """Whether `b` follows `a` as codes do: both labelled headings of one
    style (a label, a number closed by a period or a dash, a title: ``BP
    5131.2 – Bullying``), `b` the greater, read as a code is, each part after
    the first a decimal fraction (``5141.21`` before ``5141.3``), however far
    apart. A policy manual numbers by codes with room between them (``BP
    5020``, ``BP 5111``, ``BP 5113``): a heading that names a unit, printed
    with its label and title, is no year or count whatever its value.

    >>> a, b, c = scan(["BP 5141.21 – Immunization", "BP 5141.3 – Health Exams", "BP 5141.4 Fees. Each pays."])
    >>> _code_step(a, b), _code_step(b, a), _code_step(a, c)
    (True, False, False)
    """
    return (
        a.style == b.style and bool(a.style.label) and a.style.label != "§" and a.style.shape == PLAIN
        and _code_heading(a) and _code_heading(b) and _code_key(a) < _code_key(b)
    )


def _code_heading(t: Token) -> bool:
    """A number closed by a period or a dash, with a title after it."""
    return t.stop and bool(t.rest) and _is_title(t.rest)


def _code_key(t: Token) -> tuple[float, ...]:
    first, *rest = t.number.split(t.style.separator) if t.style.separator else [t.number]
    return (_number_value(first), *(float(f"0.{p}") if p.isdigit() else float(_number_value(p)) for p in rest))


def _number_value(part: str) -> float:
    if part.isdigit():
        return float(part)
    return float(_roman(part) or (ord(part[0].upper()) - 64 if part[:1].isalpha() else 0))


def _resumes(t: Token, previous: Token | None, after: int | None) -> bool:
    """Whether `t`, a labelled number or one of several parts that jumps past
    `GAP` under its prefix, resumes its sequence there, as a code's numbers do
    past the sections it reserves (``Sec. 4-4`` in Article I, ``Sec. 4-20``
    opening Article II): when it opens a division just headed by a labelled
    number of another style, or the next number of its style follows it by
    1 to `GAP` (``4-20`` then ``4-21``). A bare number of one part never
    does: ``1990.`` after ``3.`` is a year, whatever comes next."""
    if not (t.style.label or t.style.parts > 1):
        return False
    opens = previous is not None and previous.style != t.style and bool(previous.style.label) and previous.stop
    return opens or (after is not None and 1 <= after - t.value <= GAP)


def _carriers(tokens: list[Token]) -> list[Token | None]:
    """The next number of several parts after each token (``TITLE 33`` /
    ``ARTICLE 14`` / ``PART 1`` / ``33-14-101``: ``33-14-101`` for each)."""
    out: list[Token | None] = [None] * len(tokens)
    for k in range(len(tokens) - 2, -1, -1):
        out[k] = tokens[k + 1] if tokens[k + 1].style.parts > 1 else out[k + 1]
    return out


def _carried(t: Token, carrier: Token | None) -> bool:
    """Whether `t` is a labelled number standing alone as a heading does
    (`Token.stop`) that `carrier` carries among its parts (``CHAPTER 9.`` in
    ``9-12``, ``ARTICLE 14`` in ``33-14-101``; not ``Effective 1 March``)."""
    return (
        bool(t.style.label) and t.stop and carrier is not None
        and t.number in carrier.number.split(carrier.style.separator)[:-1]
    )


def _numbering_styles(tokens: list[Token]) -> set[Style]:
    """The styles that number the document: two tokens in sequence, or one
    first number in brackets or after a label."""
    count: dict[Style, int] = {}
    first: dict[Style, Token] = {}
    last: dict[Style, Token] = {}
    prefixes: set[Style] = set()  # labelled numbers that the next number carries: Chapter 4, then 4-11
    for t, previous, after, carrier in zip(tokens, [None, *tokens], [*tokens[1:], None], _carriers(tokens)):
        before = last.get(t.style)
        if before is not None and (
            t.value == before.value + 1 or t.style.parts > 1 or (t.value == 1 and previous is not before)
            or _code_step(before, t)
        ):
            count[t.style] = count.get(t.style, 1) + 1  # a number after the one before it, or a restart
        elif previous is not None and t.number.startswith(previous.number + t.style.separator) and t.style.parts > 1:
            count[t.style] = count.get(t.style, 0) + 2  # 12.1.1 under 12.1: the number carries its parent's
        last[t.style] = t
        first.setdefault(t.style, t)
        if _carried(t, carrier) or (t.style.label and after is not None and after.style.parts > 1 and after.number.startswith(
            t.number + after.style.separator
        )):
            prefixes.add(t.style)
    return {
        s for s, t in first.items()
        if count.get(s, 0) >= 2 or s in prefixes or (t.value == 1 and t.stop and (s.label or s.shape != PLAIN))
    }


# --- nesting and IDs --------------------------------------------------------


def infer_grammar(text: str) -> Grammar | None:
    """The numbering of `text`, learned from it; None when it has none.

    >>> g = infer_grammar("Bylaws\\n\\nARTICLE I - NAME\\nSection 1. X.\\nARTICLE II - MEMBERS\\nSection 1. Y.\\n")
    >>> spec_of(g)
    'Article I; Section 1 < Article I, restarting'
    """
    lines = text.split("\n")
    tokens = _in_sequence(_bare_runs(scan(lines, bare=True)))
    styles = _numbering_styles(tokens)
    tokens = _in_sequence([t for t in tokens if t.style in styles])
    styles = _numbering_styles(tokens)
    if len(styles) > MAX_STYLES:
        used: dict[Style, int] = {}  # in the order the styles first appear
        for t in tokens:
            if t.style in styles:
                used[t.style] = used.get(t.style, 0) + 1
        # A stable sort: of styles used alike, the first to appear is kept,
        # whatever order the set holds them in (it differs between runs).
        styles = set(sorted(used, key=lambda s: -used[s])[:MAX_STYLES])
    tokens = [t for t in tokens if t.style in styles]
    if not tokens:
        return None
    order: list[Style] = []
    parent: dict[Style, Style | None] = {}
    previous: Token | None = None
    previous_first = False  # whether `previous` is the first token of its style
    for t in tokens:
        first = t.style not in parent
        if first:
            order.append(t.style)
            # Nested in the labelled unit right above it when that is a heading (ARTICLE I - NAME,
            # then Section 1) or the first of its style (a first article holds the first sections);
            # after the 15th § with text of its own (§ 15. Removal. Each ...), a division of its own.
            labelled_before = (
                previous is not None and previous.style.label and previous.style != t.style
                and (previous_first or _titled(lines, previous) or previous.line == t.line)
            )  # (on the same line: run in, "Can. 4 §1.", inside it)
            parent[t.style] = previous.style if t.style.label and labelled_before and previous else None
        previous, previous_first = t, first
    tops = [s for s in order if s.label and s.label != "§" and parent[s] is None]
    levels = tuple(Level(s, parent[s], False, _keeps_word(s, tops) or _lettered_division(s)) for s in order)
    restarts = _within_parents(read_units(lines, Grammar(levels))[0])
    bracketed = _cited_in_brackets(text, [s.label for s in order if s.label])
    return Grammar(tuple(
        Level(v.style, v.parent, v.style in restarts, v.word, bracketed and v.style in restarts and not v.style.label)
        for v in levels
    ))


def _keeps_word(style: Style, tops: list[Style]) -> bool:
    """Whether a labelled style at the top keeps its word in its IDs: a
    second one does (``Annex II`` after ``Article 1``), unless its word is
    that of a top style before it numbered with more or fewer parts: ``BP
    5131.2`` beside ``BP 5131`` is ``5131.2``, as ``1.1`` beside ``1.`` is,
    the same word naming both and the parts telling them apart."""
    if style not in tops[1:]:
        return False
    return not any(o.label == style.label and o.parts != style.parts for o in tops[: tops.index(style)])


def _lettered_division(style: Style) -> bool:
    """Whether a labelled style numbers its divisions with capital letters
    (``Subpart A``, ``Appendix B``, ``Schedule C``): its ID keeps the word,
    as the document cites it, a letter alone being no name."""
    return bool(style.label) and style.label != "§" and style.kind == LETTER_UPPER and style.parts == 1


def _cited_in_brackets(text: str, labels: list[str]) -> bool:
    """Whether the text cites a numbered item of a division in brackets
    after the division's number (``Article 5(1)``, ``Section 3(2)``)."""
    words = "|".join(_label_pattern(label) for label in dict.fromkeys(labels) if label != "§")
    if not words:
        return False
    return re.search(rf"\b(?:{words})\.?\s+[0-9IVXLC]{{1,7}}\(\d{{1,3}}\)", text, re.IGNORECASE) is not None


def _within_parents(units: list[Unit]) -> set[Style]:
    """The plain styles of one part numbered within their parent unit: each
    of their units has a parent (but those of a first run at the top, before
    the first with a parent: a policy's definitions ``1.``-``12.`` before
    its sections, whose paragraphs are numbered ``1.`` again in each part),
    no number follows the one before it under another parent (Sections 1-9
    running through three articles do), and they are seen under two parents
    at least, or cited alone would give an ID already given (``1.`` under
    ``Annex II`` after ``Article 1``): the articles of a code's one chapter
    are cited I, II, not 9.I."""
    out: set[Style] = set()
    through: set[Style] = set()
    last: dict[Style, Unit] = {}
    parents: dict[Style, set[str | None]] = {}
    for u in units:
        style = u.style
        if style.parts != 1 or style.shape != PLAIN or style.kind == LETTERED:  # B3 carries its division's B
            continue
        before = last.get(style)
        if (u.parent is None and any(p is not None for p in parents.get(style, ()))) or (
            before is not None and before.parent != u.parent and u.value != 1
        ):
            through.add(style)
        out.add(style)
        last[style] = u
        parents.setdefault(style, set()).add(u.parent)
    clash = {u.style for u in units if "#" in u.id}
    return {
        style for style in out - through
        if parents[style] != {None} and (len(parents[style]) > 1 or style in clash)
    }


def read_units(lines: list[str], grammar: Grammar) -> tuple[list[Unit], list[int]]:
    """The units of `lines` under `grammar`, in order, and the lines that
    start like a number but are no unit (out of sequence, or of a style the
    grammar does not know).

    >>> text = "Sec. 4-12. Noise. No.\\n(a) Hours.\\n(1) no music;\\n(2) no engines.\\nSec. 4-13. Dogs.\\n"
    >>> [u.id for u in read_units(text.split("\\n"), infer_grammar(text) or Grammar(()))[0]]
    ['4-12', '4-12(a)', '4-12(a)(1)', '4-12(a)(2)', '4-13']
    """
    levels = {level.style: level for level in grammar.levels}
    scanned = scan(lines, bare=any(level.style.shape == BARE for level in grammar.levels))
    tokens = _in_sequence(scanned, set(levels))
    tokens = tokens[_contents_end(tokens):]
    kept = {t.line for t in tokens} | {t.line for t in scanned if tokens and t.line < tokens[0].line}
    stray = [t.line for t in scanned if t.line not in kept]
    # The open units, outermost first: (style, number, ID).
    stack: list[tuple[Style, str, str]] = []
    shapes = {(level.style.separator, level.style.parts) for level in grammar.levels}  # for `_cite`
    units: list[Unit] = []
    seen: dict[str, int] = {}
    for k, t in enumerate(tokens):
        level = levels[t.style]
        depth = next((d for d in range(len(stack)) if stack[d][0] == t.style and not _holds(stack[d][1], t)), None)
        if depth is not None:
            del stack[depth:]
        elif (up := _prefix_open(t, stack)) is not None:
            del stack[up + 1:]  # its number says whose part it is: ``R302.1.1`` after ``R302.1``'s items ``(4)``
        elif t.style.label:
            # A division: no item holds it; it goes in its parent, or at the top.
            while stack and (not stack[-1][0].label or stack[-1][0] != level.parent):
                stack.pop()
        unit_id = _cite(t, level, stack[-1] if stack else None, shapes)
        n = seen.get(unit_id, 0) + 1
        seen[unit_id] = n
        if n > 1:
            unit_id = f"{unit_id}#{n}"
        end = tokens[k + 1].line if k + 1 < len(tokens) else len(lines)
        child_follows = k + 1 < len(tokens) and (
            _opens(tokens[k + 1].style, t.style, stack) or _holds(t.number, tokens[k + 1])
        )
        units.append(Unit(unit_id, stack[-1][2] if stack else None, t.line, end, t.rest.strip(), t.style, t.value,
                          child_follows and _titled(lines, t)))
        stack.append((t.style, t.number, unit_id))
    return units, stray


def _contents_end(tokens: list[Token]) -> int:
    """How many tokens at the start are a table of contents: a run that the
    document numbers again, each entry's words at the start of the unit of
    the same style and number further on (leader dots and page numbers
    aside). 0 when there is none.

    >>> t = scan(["Section 1 Name", "Section 2 Dues ..... 3", "Section 1. Name. X.", "Section 2. Dues. Y."])
    >>> _contents_end(t)
    2
    """
    if not tokens:
        return 0
    first = tokens[0]
    again = next((j for j in range(1, len(tokens)) if (tokens[j].style, tokens[j].number) == (first.style, first.number)), None)
    if again is None:
        return 0
    later = {(t.style, t.number): _words(t.rest) for t in tokens[again:]}
    for t in tokens[:again]:
        body = later.get((t.style, t.number))
        if body is None or not body.startswith(_words(t.rest)):
            return 0
    return again


def _words(text: str) -> str:
    """A heading's words without leader dots and a page number, in any case."""
    return text.rstrip().rstrip("0123456789").rstrip(" \t.·…_").casefold()


def _holds(number: str, t: Token) -> bool:
    """Whether the unit numbered `number` heads `t` as a section ``.0`` heads
    its numbers in a policy or a standard (``3.0 DEFINITIONS`` over ``3.1``,
    ``3.2``; ``4.0`` is their sibling): a number of several parts whose last
    part is zero, with `t`'s prefix.

    >>> t = scan(["3.0 DEFINITIONS", "3.1 Approver: a manager.", "4.0 BOOKING"])
    >>> _holds("3.0", t[1]), _holds("3.0", t[2]), _holds("3.1", t[2])
    (True, False, False)
    """
    separator = t.style.separator
    if not separator:
        return False
    head = zero_head(number, separator)
    return bool(head) and number != t.number and head == t.number.rpartition(separator)[0]


def _prefix_open(t: Token, stack: list[tuple[Style, str, str]]) -> int | None:
    """Where in `stack` the open unit stands whose number is `t`'s but for
    its last part (``R302.1`` for ``R302.1.1``), of a style of one part
    fewer, when an item of another style opened since: `t` closes that item
    and goes in the unit its number names. None when there is none.

    >>> t = scan(["R302.1 Walls.", "1. Eaves.", "R302.1.1 Soffits."])
    >>> stack = [(t[0].style, t[0].number, "R302.1"), (t[1].style, t[1].number, "R302.1(1)")]
    >>> _prefix_open(t[2], stack), _prefix_open(t[1], stack[:1])
    (0, None)
    """
    separator = t.style.separator
    if not separator or t.style.parts < 2:
        return None
    head = t.number.rpartition(separator)[0]
    for d in range(len(stack) - 2, -1, -1):  # not the innermost: a new style opens there anyway
        style, number, _ = stack[d]
        if number == head and style.separator == separator and style.parts == t.style.parts - 1:
            return d
    return None


def _opens(style: Style, current: Style, stack: list[tuple[Style, str, str]]) -> bool:
    """Whether a token of `style` after one of `current` is nested in it."""
    return style != current and all(s != style for s, _, _ in stack)


def _is_title(rest: str) -> bool:
    words = rest.split()
    return len(words) <= TITLE_WORDS and not rest.rstrip().endswith((".", "!", "?", ";", ":"))


def _titled(lines: list[str], t: Token) -> bool:
    """Whether the text of `t`'s unit starts with a title: its words up to a
    blank line or the next numbered line (`_is_title`), so that the first
    line of a wrapped sentence (``Sec. 5-3. Forfeits. A student who`` /
    ``fails to ...``) is not taken for one.

    >>> t = scan(["Sec. 5-3. Forfeits. A student who", "fails to pay.", "Sec. 5-4. FEES"])
    >>> _titled(["Sec. 5-3. Forfeits. A student who", "fails to pay.", "Sec. 5-4. FEES"], t[0]), _titled([], t[1])
    (False, True)
    """
    text = [t.rest]
    for line in lines[t.line + 1 : t.line + 3]:  # a title runs over two lines at most
        s = line.strip()
        if not s or ((s[0].isalnum() or s[0] in "(§") and _raw(0, s) is not None):
            break
        text.append(s)
    return _is_title(" ".join(text))


def _cite(
    t: Token, level: Level, parent: tuple[Style, str, str] | None, shapes: Container[tuple[str, int]] = ()
) -> str:
    """A unit's ID as the document cites it (see the module's step 5)."""
    style = t.style
    if style.shape != PLAIN:  # (a) and a) are cited (a) after their parent
        return f"{parent[2] if parent else ''}({t.number})"
    own = t.number
    if style.label == "§":
        own = f"§ {own}"
    elif level.word:
        own = f"{_printed(style.label)} {own}"
    if parent is not None and level.brackets:
        return f"{parent[2]}({own})"
    if parent is not None and level.restarts and style.parts == 1:
        if parent[0].parts > 1 and (parent[0].separator, parent[0].parts + 1) in shapes:
            # ".1" would read as one part more of the parent's number, a
            # number the document's own styles write (``R302.1.1``, the
            # code's next provision, `shapes`: each style's separator and
            # parts): an item ``1.`` under ``R302.1`` is cited in brackets.
            return f"{parent[2]}({own})"
        return f"{parent[2]}.{own}"
    return own


# --- as a profile -------------------------------------------------------------


FLAGS = ("restarting", "with its word", "cited in brackets")
"""The flags of a style in a ``numbering`` key: `Level.restarts`,
`Level.word`, `Level.brackets`."""


def spec_of(grammar: Grammar) -> str:
    """A grammar written as a profile's ``numbering`` key: its styles as
    their first numbers, ``; `` between them, each with ``< PARENT`` for a
    division nested in another, ``restarting`` when its numbers start again
    in each parent, ``with its word`` when its ID keeps its label, ``cited
    in brackets`` when its units are cited ``Article 5(1)``.

    >>> spec_of(Grammar((Level(Style("article", ROMAN_UPPER)), Level(Style("", LETTER_LOWER, shape=PAREN)))))
    'Article I; (a)'
    """
    out = []
    for level in grammar.levels:
        entry = level.style.sample
        if level.parent is not None:
            entry += f" < {level.parent.sample}"
        flags = [flag for flag, on in zip(FLAGS, (level.restarts, level.word, level.brackets)) if on]
        out.append(", ".join([entry, *flags]))
    return "; ".join(out)


def parse_numbering(spec: str, source: str = "numbering") -> Grammar:
    """The grammar written by `spec_of`.

    >>> parse_numbering("Article I; Section 1 < Article I, restarting; (a)") == infer_grammar(
    ...     "ARTICLE I - A\\nSection 1. X.\\n(a) y.\\nARTICLE II - B\\nSection 1. Z.\\n")
    True
    """
    levels = []
    for entry in spec.split(";"):
        head, *flags = [part.strip() for part in entry.split(",")]
        sample, _, parent_sample = (p.strip() for p in head.partition("<"))
        unknown = [f for f in flags if f not in FLAGS]
        if unknown:
            raise ConfigError(
                f"unknown numbering flag {unknown[0]!r}", key="numbering", path=source,
                fix=f"flags are {', '.join(repr(f) for f in FLAGS)}",
            )
        parent = _style_of(parent_sample, source) if parent_sample else None
        levels.append(Level(_style_of(sample, source), parent, *(flag in flags for flag in FLAGS)))
    return Grammar(tuple(levels))


def _style_of(sample: str, source: str) -> Style:
    tokens = scan([f"{sample} X"], bare=True)
    if len(tokens) != 1:
        raise ConfigError(
            f"{sample!r} is not a numbering style", key="numbering", path=source,
            fix="write each style as its first number: 'Section 1', '(a)', '1.1', 'Article I'",
        )
    return tokens[0].style


def _style_pattern(style: Style) -> str:
    numeral = {
        ARABIC: r"\d{1,4}", ROMAN_UPPER: r"[IVXLC]{1,7}", ROMAN_LOWER: r"[ivxlc]{1,7}",
        LETTER_UPPER: "[A-Z]", LETTER_LOWER: "[a-z]", LETTERED: r"[A-Z]\d{1,3}",
    }[style.kind]
    if style.parts > 1 and style.kind == LETTER_UPPER:
        numeral = r"(?:[A-Z]|[IVXLC]{2,7})"  # A.1, or a roman article's II.1
    if style.parts > 1:
        numeral += f"(?:{re.escape(style.separator)}\\d{{1,4}}){{{style.parts - 1}}}"
    if style.shape == PAREN:
        numeral = rf"\({numeral}\)"
    elif style.shape == CLOSE:
        numeral += r"\)"
    elif style.shape == DEGREE:
        numeral += "°"
    if style.label == "§":
        return rf"§\s*{numeral}"
    if style.label:
        return rf"(?i:{_label_pattern(style.label)}\.?)\s+{numeral}"
    return numeral


def profile_mapping(grammar: Grammar) -> dict[str, Any]:
    """The grammar as a profile's keys, to save as YAML and pass back with
    ``--profile``: ``numbering`` says how the document is read; ``rule``
    (a pattern of every style) is there for a reader of the file. How the
    document cites its units is derived from its IDs when it is read
    (citations.py); a ``reference`` key added to the file overrides it."""
    styles = "|".join(_style_pattern(level.style) for level in grammar.levels)
    mapping: dict[str, Any] = {
        "name": "inferred",
        "description": "numbering inferred from the document",
        "numbering": spec_of(grammar),
        "rule": f"^(?P<id>{styles})\\.?(?:\\s+|$)(?P<text>.*)$",
        "decoration": "^[-=_*~]{3,}$",
    }
    return mapping


def grammar_profile(grammar: Grammar) -> Profile:
    """The grammar as a `profiles.Profile`."""
    return profile_from_mapping(profile_mapping(grammar), "inferred")
