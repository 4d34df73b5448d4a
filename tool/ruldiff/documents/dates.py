"""The effective date printed at the start of a rules document.

- `find_date(lines, order=None)` -> ISO ``YYYY-MM-DD`` or None: the date the front
  matter gives, in any of the forms people write it.
- `date_in(line)` -> the match of a date in a line, or None (where a title
  stops).

Forms read, in this order of trust:

1. ``effective as of May 1, 2013`` / ``current on ...`` / ``updated on ...``
   (the Comprehensive Rules' sentence), anywhere in the first 60 lines;
2. a date on a line that says what it is (``Effective 1 March 2025``,
   ``Last updated: 2025-03-01``, ``Valid from 1st March 2025``), in the
   first 20 lines;
3. any other date in the first 20 lines, the first one found.

A date is ``March 1, 2025``, ``1 March 2025``, ``1st March 2025``, ``1st of
March, 2025`` (month names in full or abbreviated, any case),
``2025-03-01``, or ``M/D/YYYY`` when it cannot be read the other way
(``4/29/2026``, ``04/23/99``): ``01/03/2025`` may be the first of March or
the third of January, so it is never taken, unless the profile says which
comes first (``dates: month-first`` for the Comprehensive Rules, a US
publication).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import date as _date

__all__ = ["DATE_ORDERS", "date_in", "find_date"]

DATE_ORDERS = ("month-first", "day-first")
"""The values of a profile's ``dates`` key: which comes first in ``01/03/2025``."""

_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_MONTHS = {m: i for i, m in enumerate(_MONTH_NAMES, 1)} | {m[:3]: i for i, m in enumerate(_MONTH_NAMES, 1)}
_MONTHS["sept"] = 9
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ORDINAL = r"(?:st|nd|rd|th)?"

_SENTENCE = re.compile(
    r"(?:effective|current|updated)\s+(?:as\s+of|on)\s+([A-Z][a-z]+)\s+(\d{1,2}),\s*(\d{4})"
)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One pattern for every form of a date, each in its own groups
    (month-first, day-first, ISO, slashes), and the words that say a line
    gives the effective date. Compiled on first use: 0.75 ms, which a run on
    Comprehensive Rules releases never pays (their sentence is `_SENTENCE`,
    and their title line is followed by a blank line)."""
    any_date = re.compile(
        rf"\b(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}}){_ORDINAL},?\s+(?P<y1>\d{{4}})\b"
        rf"|\b(?P<d2>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?(?P<m2>{_MONTH}),?\s+(?P<y2>\d{{4}})\b"
        r"|\b(?P<y3>\d{4})-(?P<m3>\d{2})-(?P<d3>\d{2})\b"
        r"|\b(?P<m4>\d{1,2})/(?P<d4>\d{1,2})/(?P<y4>\d{4}|\d{2})\b",
        re.IGNORECASE,
    )
    says_date = re.compile(
        r"\b(?:effective|updated|revised|amended|valid|in\s+force|as\s+of|dated|adopted|approved)\b",
        re.IGNORECASE,
    )
    return any_date, says_date


def date_in(line: str) -> re.Match[str] | None:
    """The first date written in `line` in any of the forms read, or None.

    >>> date_in("Last updated: 1st March 2025").group()
    '1st March 2025'
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
    >>> find_date(["League Laws", "Last updated: March 1, 2025"])
    '2025-03-01'
    >>> find_date(["Bylaws", "Adopted 01/03/2025"]) is None
    True
    >>> find_date(["Bylaws", "Adopted 4/29/2026"])
    '2026-04-29'
    >>> find_date(["Bylaws", "Adopted 01/03/2025"], "day-first")
    '2025-03-01'
    """
    for line in lines[:60]:
        m = _SENTENCE.search(line)
        if m and m.group(1).lower() in _MONTHS:
            return _iso(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
    head = lines[:20]
    any_date, says_date = _patterns()
    for wanted in (True, False):
        for line in head:
            if wanted and not says_date.search(line):
                continue
            for m in any_date.finditer(line):
                found = _iso_of(m, order)
                if found is not None:
                    return found
    return None


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
