"""The effective date printed at the start of a rules document.

- `find_date(lines, order=None)` -> ISO ``YYYY-MM-DD`` or None: the date the front
  matter gives, in any of the forms people write it.
- `date_in(line)` -> the match of a date in a line, or None (where a title
  stops).

The rule: find every date written in the front matter, and the word that
labels each, the last one written before it on its line (or, for a date
alone at the start of its line, at the end of the line above):

- a *revision* label (``effective``, ``amended``, ``as amended through``,
  ``revised``, ``updated``, ``current as of``, ``valid``, ``in force``,
  ``as of``) says the text is as it stands on that date: the effective date
  is the **latest** of them in the first 60 lines (``Adopted 12 March 2024,
  amended 18 February 2025`` is 2025-02-18, whatever order they come in);
  a date after a revision date joined only by ``,``, ``;`` or ``and``
  shares its label (``amended 3 May 2019, 4 June 2021 and 5 July 2023``);
- an *origin* label (``adopted``, ``made``, ``approved``, ``dated``,
  ``enacted``, ``issued``…) or none: with no revision date, the first date
  on a labelled line in the first 20 lines, else the first date there, as
  a title page gives it;
- a *limit* label (``until``, ``expires``, ``next``, ``due``, ``review``)
  makes a date never the effective date (``effective 1 May 2025 until 30
  April 2026``, ``Next review: 1 January 2027``).

A date is ``March 1, 2025``, ``1 March 2025``, ``1st March 2025``, ``1st of
March, 2025``, ``the 3rd day of June, 2025`` (month names in full or
abbreviated, any case), ``2025-03-01``, or ``M/D/YYYY`` when it cannot be
read the other way (``4/29/2026``, ``04/23/99``): ``01/03/2025`` may be the
first of March or the third of January, so it is never taken, unless the
profile says which comes first (``dates: month-first`` for the
Comprehensive Rules, a US publication). A revision date that cannot be read
for sure leaves the document undated, rather than dated by an older one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import date as _date

__all__ = ["DATE_ORDERS", "date_in", "find_date"]

DATE_ORDERS = ("month-first", "day-first")
"""The values of a profile's ``dates`` key: which comes first in ``01/03/2025``."""

REVISION_LINES = 60
"""Lines of front matter where a revision date is looked for: the
Comprehensive Rules' ``These rules are effective as of …`` comes after a
long header in some releases. A label says what a date is, so it is
trusted farther from the title than a date without one."""

TITLE_LINES = 20
"""Lines where, with no revision date, the first (labelled) date is taken."""

_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)} | {m[:3]: i for i, m in enumerate(_MONTH_NAMES, 1)}
_MONTHS["sept"] = 9
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ORDINAL = r"(?:st|nd|rd|th)?"

_PUNCTUATION = " \t:-\u2013\u2014,.()"


@functools.cache
def _joined() -> re.Pattern[str]:
    """What joins two dates that share one label: "amended 3 May 2019, 4 June 2021 and 5 July 2023"."""
    return re.compile(r"[\s,;&]*(?:(?:and|or)[\s,;]*)?", re.IGNORECASE)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One pattern for every form of a date, each in its own groups
    (month-first, day-first, ISO, slashes), and the labels a date can have
    (one group per kind). Compiled on first use: ~1 ms."""
    any_date = re.compile(
        rf"\b(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}}){_ORDINAL},?\s+(?P<y1>\d{{4}})\b"
        rf"|\b(?P<d2>\d{{1,2}}){_ORDINAL}\s+(?:day\s+of\s+|of\s+)?(?P<m2>{_MONTH}),?\s+(?P<y2>\d{{4}})\b"
        r"|\b(?P<y3>\d{4})-(?P<m3>\d{2})-(?P<d3>\d{2})\b"
        r"|\b(?P<m4>\d{1,2})/(?P<d4>\d{1,2})/(?P<y4>\d{4}|\d{2})\b",
        re.IGNORECASE,
    )
    label = re.compile(
        r"(?<!\w)(?:"
        r"(?P<revision>effective|amended|amendments?|revised|revision|rev\.|updated|current\s+(?:as\s+of|on|to|through)"
        r"|valid|in\s+force|as\s+of|consolidated)"
        r"|(?P<origin>adopted|approved|made|dated|enacted|passed|ratified|signed|issued|published|established)"
        r"|(?P<limit>until|till|expires?|expiry|next|due|review)"
        r")(?!\w)",
        re.IGNORECASE,
    )
    return any_date, label


def date_in(line: str) -> re.Match[str] | None:
    """The first date written in `line` in any of the forms read, or None.

    >>> date_in("Last updated: 1st March 2025").group()
    '1st March 2025'
    >>> date_in("Made on the 3rd day of June, 2025").group()
    '3rd day of June, 2025'
    >>> date_in("Rule 1.1 applies") is None
    True
    """
    for m in _patterns()[0].finditer(line):
        if _iso_of(m, "month-first") is not None or _iso_of(m, "day-first") is not None:
            return m  # a date, though perhaps one that cannot be read for sure
    return None


def find_date(lines: Sequence[str], order: str | None = None) -> str | None:
    """The effective date of a document from its front matter, ISO, or None.

    >>> find_date(["House Rules", "Effective 1 March 2025"])
    '2025-03-01'
    >>> find_date(["Bylaws", "Adopted 12 March 2024, amended 18 February 2025"])
    '2025-02-18'
    >>> find_date(["Bylaws", "Made on the 3rd day of June, 2025"])
    '2025-06-03'
    >>> find_date(["Bylaws", "Adopted 01/03/2025"]) is None
    True
    >>> find_date(["Bylaws", "Adopted 4/29/2026"])
    '2026-04-29'
    >>> find_date(["Bylaws", "Adopted 01/03/2025"], "day-first")
    '2025-03-01'
    """
    revisions: list[str] = []
    first_labelled: str | None = None
    first: str | None = None
    for index, m, kind in _labelled_dates(lines[:REVISION_LINES]):
        found = _iso_of(m, order)
        if kind == "revision":
            if found is None:
                return None  # "amended 01/03/2025": which date is the latest is unknown
            revisions.append(found)
        elif kind != "limit" and found is not None and index < TITLE_LINES:
            first = first or found
            if kind is not None:
                first_labelled = first_labelled or found
    if revisions:
        return max(revisions)
    return first_labelled or first


def _labelled_dates(lines: Sequence[str]) -> list[tuple[int, re.Match[str], str | None]]:
    """Each date written in `lines`: the index of its line, the match, and
    the kind of its label (``revision``, ``origin``, ``limit``) or None."""
    any_date, label = _patterns()
    out: list[tuple[int, re.Match[str], str | None]] = []
    above: str | None = None  # the label that ends the last non-blank line, if that line holds no date
    for index, line in enumerate(lines):
        kind: str | None = None
        end = 0
        for m in any_date.finditer(line):
            if _iso_of(m, "month-first") is None and _iso_of(m, "day-first") is None:
                continue  # "2025-13-45" is no date
            before = line[end : m.start()]
            labels = list(label.finditer(before))
            if labels:
                kind = labels[-1].lastgroup
            elif end == 0:
                kind = above if not before.strip(_PUNCTUATION) else None
            elif not _joined().fullmatch(before):
                kind = None
            out.append((index, m, kind))
            end = m.end()
        if line.strip():
            last = list(label.finditer(line))
            ends_with_label = end == 0 and last and not line[last[-1].end() :].strip(_PUNCTUATION)
            above = last[-1].lastgroup if ends_with_label else None
    return out


def _iso_of(m: re.Match[str], order: str | None = None) -> str | None:
    """The ISO date of a match of the pattern of every date, or None if it is no date or, with
    no `order`, an ambiguous one (``01/03/2025``)."""
    g = m.groupdict()
    if g["m1"] is not None:
        return _iso(int(g["y1"]), _MONTHS[g["m1"].lower().rstrip(".")], int(g["d1"]))
    if g["m2"] is not None:
        return _iso(int(g["y2"]), _MONTHS[g["m2"].lower().rstrip(".")], int(g["d2"]))
    if g["y3"] is not None:
        return _iso(int(g["y3"]), int(g["m3"]), int(g["d3"]))
    month, day, year = int(g["m4"]), int(g["d4"]), int(g["y4"])
    if order == "day-first" or (order is None and month > 12):
        month, day = day, month
    elif order is None and day <= 12 and month != day:
        return None  # day and month could be either way round
    year += 0 if year >= 100 else (1900 if year >= 70 else 2000)
    return _iso(year, month, day)


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return _date(year, month, day).isoformat()
    except ValueError:
        return None
