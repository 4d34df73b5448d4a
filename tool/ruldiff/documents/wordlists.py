"""Word's automatic list numbering -> the numbers Word shows.

- `ListNumbers(numbering, styles)`: the lists of one DOCX, from the root
  elements of ``word/numbering.xml`` and ``word/styles.xml`` (either may be
  None); its `number(p)` is the number Word shows before the paragraph
  element ``<w:p>`` `p`, or None. Paragraphs must be asked in document order:
  the numbers are counted as they come.

A paragraph is numbered by its ``w:pPr/w:numPr`` (``w:numId``, ``w:ilvl``),
or by its paragraph style's (``w:style/w:pPr/w:numPr`` in styles.xml, through
``w:basedOn``; a style a list level names in ``w:pStyle`` gives that level).
``w:numId`` 0 takes the numbering off. The ``w:num`` names an
``w:abstractNum``, whose ``w:lvl`` elements give each level's ``w:start``,
``w:numFmt`` (decimal, decimalZero, lowerLetter, upperLetter, lowerRoman,
upperRoman, ordinal; bullet and none show no number), ``w:lvlText`` (``%1.%2.``,
``(%3)``, ``Article %1``: ``%n`` is level n's counter in level n's format, or
in decimal under ``w:isLgl``) and ``w:lvlRestart`` (restart after that level;
0: never; by default after any level above).

Counters are kept per abstract list: two ``w:num`` of one ``w:abstractNum``
continue one list, as Word shows them, unless a ``w:num`` says otherwise
with ``w:lvlOverride/w:startOverride`` (what Word's "Restart numbering"
writes), which starts that level again the first time the ``w:num`` is used.
A ``w:lvlOverride`` holding a ``w:lvl`` replaces that level for its
``w:num``.

Bounded: the counters live in nine levels a list; a start is held to Word's
own range (0-32767), so a letter number is at most ~1,300 letters; a number
longer than `LONGEST` characters is no rule number and is not shown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..model import record

__all__ = ["LONGEST", "ListNumbers"]

Element = Any
"""An lxml element (python-docx parsed the part: no network, no entities
resolved, ``huge_tree`` off); lxml ships no types this project checks."""

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
LEVELS = 9
"""Word's levels a list: ``w:ilvl`` 0-8."""
LONGEST = 100
"""Most characters of a number shown (``Article 12.3(b)(iv)`` is 19)."""
_MOST = 32767
"""Word's largest start value."""


@record
class Level:
    """One level of a list (``w:lvl``)."""

    start: int
    """``w:start``: the first number (1 when absent)."""
    fmt: str
    """``w:numFmt``: ``decimal``, ``lowerLetter``, ``bullet``…"""
    text: str
    """``w:lvlText``: ``%1.%2.``; the number shown is it with each ``%n`` filled in."""
    restart: int | None
    """``w:lvlRestart``: restart after a paragraph of level (1-based) this or above; 0 never; None by default."""
    legal: bool
    """``w:isLgl``: every ``%n`` in decimal."""
    style: str | None
    """``w:pStyle``: the paragraph style that puts a paragraph on this level."""


@record
class _Num:
    """A ``w:num``: the abstract list it instantiates and its overrides."""

    abstract: str
    starts: tuple[tuple[int, int], ...]
    """(level, ``w:startOverride``) pairs."""
    levels: dict[int, Level]
    """The abstract list's levels, with any ``w:lvlOverride/w:lvl`` in place."""


class ListNumbers:
    """The numbers Word shows before the paragraphs of one document (see the module docstring)."""

    def __init__(self, numbering: Element | None, styles: Element | None) -> None:
        self.styles = _styles(styles)
        self.default_style = _default_style(styles)
        self.nums = _nums(numbering, self.styles)
        self.counters: dict[str, list[int | None]] = {}
        self.used: set[str] = set()
        self.seen: dict[Element, str | None] = {}
        """Paragraphs already numbered (a merged table cell repeats its paragraphs)."""

    def number(self, p: Element) -> str | None:
        """The number Word shows before paragraph `p`, or None; counts it."""
        if p in self.seen:
            return self.seen[p]
        shown = self._count(p)
        self.seen[p] = shown
        return shown

    def _count(self, p: Element) -> str | None:
        num_id, ilvl, style = self._num_pr(p)
        num = self.nums.get(num_id) if num_id is not None else None
        if num_id is None or num is None:
            return None
        if ilvl is None:  # the level whose w:pStyle is the paragraph's style, else the first
            ilvl = next((i for i, level in num.levels.items() if style is not None and level.style == style), 0)
        ilvl = min(max(ilvl, 0), LEVELS - 1)
        level = num.levels.get(ilvl)
        if level is None or level.fmt == "bullet":
            return None
        counters = self.counters.setdefault(num.abstract, [None] * LEVELS)
        if num_id not in self.used:
            self.used.add(num_id)
            for at, _ in num.starts:  # its levels start at the override
                counters[at:] = [None] * (LEVELS - at)
        current = counters[ilvl]
        counters[ilvl] = level.start if current is None else current + 1
        for deeper in range(ilvl + 1, LEVELS):
            below = num.levels.get(deeper)
            restart = below.restart if below is not None and below.restart is not None else deeper
            if ilvl < restart:
                counters[deeper] = None
        shown = _fill(level, num.levels, counters).strip()
        return shown if shown and len(shown) <= LONGEST else None

    def _num_pr(self, p: Element) -> tuple[str | None, int | None, str | None]:
        """The paragraph's list (``w:numId``), level and style: its own
        ``w:numPr`` first, then its style's, through ``w:basedOn``."""
        num_id: str | None = None
        ilvl: int | None = None
        style: str | None = None
        ppr = p.find(W + "pPr")
        if ppr is not None:
            num_id, ilvl = _num_pr(ppr)
            style = _val(ppr.find(W + "pStyle"))
        style = style or self.default_style
        at, hops = style, 0
        while at is not None and at in self.styles and hops < 16 and (num_id is None or ilvl is None):
            s_num, s_ilvl, based_on = self.styles[at]
            num_id = num_id if num_id is not None else s_num
            ilvl = ilvl if ilvl is not None else s_ilvl
            at, hops = based_on, hops + 1
        return (None if num_id == "0" else num_id), ilvl, style


def _fill(level: Level, levels: dict[int, Level], counters: list[int | None]) -> str:
    """`level`'s ``w:lvlText`` with each ``%n`` replaced by level n's number."""
    out: list[str] = []
    text = level.text
    i = 0
    while i < len(text):
        if text[i] == "%" and i + 1 < len(text) and text[i + 1] in "123456789":
            n = int(text[i + 1]) - 1
            of = levels.get(n)
            value = counters[n]
            if value is None:
                value = of.start if of is not None else 1
            out.append(_format(value, "decimal" if level.legal or of is None else of.fmt))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def _format(n: int, fmt: str) -> str:
    """A counter in a ``w:numFmt``; formats not listed show in decimal, as Word falls back.

    >>> [_format(n, f) for n, f in ((3, "lowerLetter"), (28, "upperLetter"), (14, "lowerRoman"), (4, "upperRoman"))]
    ['c', 'BB', 'xiv', 'IV']
    >>> _format(7, "decimalZero"), _format(22, "ordinal"), _format(5, "none")
    ('07', '22nd', '')
    """
    if fmt == "none":
        return ""
    if n > 0 and fmt in ("lowerLetter", "upperLetter"):
        letters = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)  # z, aa, bb…: Word repeats the letter
        return letters.upper() if fmt == "upperLetter" else letters
    if n > 0 and fmt in ("lowerRoman", "upperRoman"):
        roman = []
        for value, numeral in _ROMAN:
            count, n = divmod(n, value)
            roman.append(numeral * count)
        return "".join(roman).upper() if fmt == "upperRoman" else "".join(roman)
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt == "ordinal":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return str(n)


def _val(element: Element | None) -> str | None:
    return None if element is None else element.get(W + "val")


def _int(element: Element | None, low: int = 0, high: int = _MOST) -> int | None:
    value = _val(element)
    try:
        return None if value is None else min(max(int(value), low), high)
    except ValueError:
        return None


def _num_pr(ppr: Element) -> tuple[str | None, int | None]:
    numpr = ppr.find(W + "numPr")
    if numpr is None:
        return None, None
    return _val(numpr.find(W + "numId")), _int(numpr.find(W + "ilvl"), 0, LEVELS - 1)


def _styles(styles: Element | None) -> dict[str, tuple[str | None, int | None, str | None]]:
    """Paragraph style id -> (``w:numId``, ``w:ilvl``, ``w:basedOn``)."""
    out: dict[str, tuple[str | None, int | None, str | None]] = {}
    for style in styles.iterfind(W + "style") if styles is not None else ():
        style_id = style.get(W + "styleId")
        if style_id is None:
            continue
        ppr = style.find(W + "pPr")
        num_id, ilvl = _num_pr(ppr) if ppr is not None else (None, None)
        out[style_id] = (num_id, ilvl, _val(style.find(W + "basedOn")))
    return out


def _default_style(styles: Element | None) -> str | None:
    for style in styles.iterfind(W + "style") if styles is not None else ():
        if style.get(W + "type") == "paragraph" and style.get(W + "default") in ("1", "true", "on"):
            return str(style.get(W + "styleId"))
    return None


def _levels(parent: Element) -> dict[int, Level]:
    levels = {}
    for lvl in parent.iterfind(W + "lvl"):
        ilvl = _int_attr(lvl.get(W + "ilvl"))
        if ilvl is None or not 0 <= ilvl < LEVELS:
            continue
        start = _int(lvl.find(W + "start"))
        legal = lvl.find(W + "isLgl")
        levels[ilvl] = Level(
            start=1 if start is None else start,
            fmt=_val(lvl.find(W + "numFmt")) or "decimal",
            text=(_val(lvl.find(W + "lvlText")) or "")[: LONGEST + 1],
            restart=_int(lvl.find(W + "lvlRestart"), 0, LEVELS),
            legal=legal is not None and _val(legal) not in ("0", "false", "off"),
            style=_val(lvl.find(W + "pStyle")),
        )
    return levels


def _int_attr(value: str | None) -> int | None:
    try:
        return None if value is None else int(value)
    except ValueError:
        return None


def _nums(numbering: Element | None, styles: dict[str, tuple[str | None, int | None, str | None]]) -> dict[str, _Num]:
    """``w:numId`` -> its list. An abstract list that only links to a
    numbering style (``w:numStyleLink``) takes the levels of the list that
    style's ``w:numId`` names."""
    if numbering is None:
        return {}
    abstracts: dict[str, dict[int, Level]] = {}
    links: dict[str, str] = {}
    for abstract in numbering.iterfind(W + "abstractNum"):
        abstract_id = abstract.get(W + "abstractNumId")
        if abstract_id is None:
            continue
        abstracts[abstract_id] = _levels(abstract)
        link = _val(abstract.find(W + "numStyleLink"))
        if link is not None:
            links[abstract_id] = link
    num_abstract = {
        num.get(W + "numId"): _val(num.find(W + "abstractNumId")) for num in numbering.iterfind(W + "num")
    }
    for abstract_id, link in links.items():  # one hop: a style's list is an abstract list with levels
        target = num_abstract.get(styles.get(link, (None, None, None))[0])
        if target is not None and target != abstract_id and abstracts.get(target):
            abstracts[abstract_id] = abstracts[target]
    nums: dict[str, _Num] = {}
    for num in numbering.iterfind(W + "num"):
        num_id, abstract_id = num.get(W + "numId"), _val(num.find(W + "abstractNumId"))
        if num_id is None or abstract_id is None or abstract_id not in abstracts:
            continue
        levels = dict(abstracts[abstract_id])
        starts = []
        for override in num.iterfind(W + "lvlOverride"):
            at = _int_attr(override.get(W + "ilvl"))
            if at is None or not 0 <= at < LEVELS:
                continue
            replaced = _levels(override).get(at)
            if replaced is not None:
                levels[at] = replaced
            start = _int(override.find(W + "startOverride"))
            if start is not None:
                starts.append((at, start))
                if at in levels:
                    levels[at] = replace(levels[at], start=start)
        nums[num_id] = _Num(abstract_id, tuple(starts), levels)
    return nums
