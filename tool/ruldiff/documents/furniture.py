"""Page furniture out of decoded text, before it is parsed.

- `remove_furniture(text)` -> `Cleared`: the text without its running
  headers and footers, page numbers and form feeds, the number of lines
  removed, and where each line left was in `text` (so that a rule's line
  is the file's); the text itself (the same object) when there is none.

A paginated document (a text file printed from a word processor, a PDF's
text layer) repeats a few short lines on every page: the title and date at
the top, ``Page 3 of 9``, ``- 3 -``, ``[3]`` or a bare ``3`` at the bottom.
Left in, they land inside whatever unit a page break falls in, and each one
is a change between two versions paginated differently. No list of forms
is kept; one rule says what furniture is:

    a short line whose *shape* (its text with every number, arabic or a
    roman numeral standing alone, replaced by ``#``) comes back on page
    after page: at least `MIN_REPEAT` times at a roughly regular interval of
    lines, or at the edge of the pages that form feeds mark, with its
    numbers either the same every time (a date) or counting up (a page
    number).

The numbers are what keep a document's own lines: rules whose text is the
same but for their number (``4. Reserved.``, ``9. Reserved.``) do not count
up by one or two from one to the next, and a numbered heading never comes
back at the interval of a page. A repeated line without numbers must also
come back across most of the document (`SPREAD`). A line that ends the
sentence the line above it leaves open is text (`_completes_sentence`), and
the rest of its group is furniture only if it still comes back as furniture
does. When unsure, a line is kept.

Where furniture was, a line that starts in lower case goes on the sentence
before it, and is joined to it (a word hyphenated at the page break joined
without a space, its hyphen kept or not as parse.py keeps it within a page:
hyphens.py). Otherwise the lines are
put side by side when they read as one paragraph (the first does not end a
sentence, or fills the line, or the document does not separate paragraphs
with blank lines), so that parse.py reads them as it would within a page;
else one blank line is left between them.

Time and memory are linear: one pass groups the short lines by shape (a
dict), each group is walked once per start tried (`STARTS`), and the only
patterns are run on lines of at most `MAX_LENGTH` characters.

>>> page = "Club Rules 2024\\n\\n{body}\\n\\n- {n} -"
>>> body = [f"{i}. Rule {i} of the club" for i in range(1, 121)]
>>> pages = [page.format(body="\\n".join(body[i:i + 40]), n=n) for n, i in enumerate(range(0, 120, 40), 1)]
>>> cleared = remove_furniture("\\n\\f".join(pages) + "\\n")
>>> cleared.removed, "Club Rules" in cleared.text, "- 2 -" in cleared.text, cleared.origin[:2]
(6, False, False, (2, 3))
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import field

from .hyphens import hyphen_kept
from ..model import record

__all__ = ["Cleared", "remove_furniture"]

MAX_LENGTH = 80
"""Longest line (stripped) that can be furniture: running headers and
footers are a title, a date, a page number, seldom more."""
MIN_REPEAT = 3
"""Least number of pages a line must come back on, without form feeds, to
be furniture; two when it is the first line of the document (a running
header), or the last and its number counts up (a page number), or at the
edge of pages that form feeds mark. The last line of a document can also be its last page's
number alone."""
MIN_GAP = 20
"""Fewest lines between two occurrences counted as two pages (a page holds
40-60 lines of text; a line that comes back more often is the document's)."""
MAX_GAP = 150
"""Most lines between two occurrences on consecutive pages (a dense page
of a two-column PDF reads as ~120 lines)."""
REGULAR = (0.7, 1.4)
"""Bounds of each interval between occurrences, as a share of their median
interval: pages hold about as many lines each (a PDF's pages a few lines
more or fewer), where a document's own sections vary in length. The last
interval may be shorter (a short last page)."""
SPREAD = 0.5
"""Share of the document that a repeated line without numbers must span
(its first to its last occurrence, plus one interval)."""
EDGE = 2
"""Non-blank lines from the top or bottom of a page (marked by form feeds)
within which furniture stands."""
STARTS = 3
"""Occurrences tried, in turn, as the first of a group's run (a numbered
heading alone on a line may come before the page numbers)."""
STEP = 1
"""Most a page number may go up by from one occurrence to the next."""

_NUMBERS = re.compile(r"(\d+)")  # a line's split at its numbers: the text between them, and the numbers
# A roman numeral alone among non-letters ("iv", "- xii -"): front matter's page numbers.
_ROMAN = re.compile(r"([^A-Za-z]*)\b([ivxlcdm]{1,7}|[IVXLCDM]{1,7})\b([^A-Za-z]*)")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
# A line's skeleton (`_skeleton`): the line without white space, digits, "#" and the
# letters of roman numerals.
_SKELETON = re.compile(r"[\d\s#ivxlcdmIVXLCDM]+")


# A page number's shape: "#" with punctuation, a short word before it, "of #" after it.
@functools.cache
def _page_number() -> re.Pattern[str]:
    return re.compile(r"[^A-Za-z#]{0,4}(?:[A-Za-z]{1,4}\.? ?)?#(?: of #)?[^A-Za-z#.]{0,4}")


# The word that names a page number, right before it ("Page 3", "p. 3").
_page_word = functools.cache(lambda: re.compile(r"(?:^|[^A-Za-z])(?:[Pp]age|PAGE|[Pp]g?\.)\s*$"))
# What may follow a page number on its line: "of 9", punctuation.
_after_page_number = functools.cache(lambda: re.compile(r"(?: of #)?[^A-Za-z]*"))
_SENTENCE_END = (".", "!", "?", ":", ";", '"', "\u201d", "\u2019", ")")


@record
class Cleared:
    """A text without its page furniture."""

    text: str
    """The text; the one given (the same object) when it had no furniture
    and no form feed."""
    removed: int
    """Lines of furniture removed (form feeds and blank lines not counted)."""
    origin: tuple[int, ...] = ()
    """For each line of `text`, the 0-based line of the text given it comes
    from; empty when they are the same lines."""
    lines: list[str] | None = field(default=None, compare=False, repr=False)
    """``text.split("\\n")`` when `text` is the text given, long enough to
    have pages: split to look for furniture, and given to the parser, which
    splits it no second time (7.5 M instructions on a Comprehensive Rules
    release). None otherwise."""


def remove_furniture(text: str) -> Cleared:
    """`text` without its page furniture (see the module docstring).

    >>> remove_furniture("1. One.\\n2. Two.\\n")
    Cleared(text='1. One.\\n2. Two.\\n', removed=0, origin=())
    """
    footer = _page_one_footer(text)
    lines, starts, origin = _pages(text)
    # Its lines, not `str.count`, tell a text too short: the count walks a
    # text with characters beyond Latin-1 one by one (5.6 M instructions on
    # a Comprehensive Rules release), and the lines are split anyway.
    if "\f" not in text and len(lines) <= 2 * MIN_GAP and footer is None:
        return Cleared(text, 0)  # too short to have pages
    furniture = _furniture(lines, starts)
    if footer is not None and "\f" not in text:
        furniture.add(footer)
    if not furniture:
        if "\f" not in text:
            return Cleared(text, 0, lines=lines)
        return Cleared("\n".join(lines), 0, tuple(origin))
    kept, where = _rejoined(lines, furniture)
    return Cleared("\n".join(kept), len(furniture), tuple(origin[i] for i in where))


_PAGE_ONE = re.compile(r"-\s?1\s?-|\[1\]|(?:[Pp]age|PAGE|p\.)\s?1(?:\s(?:of|OF)\s1)?|1")


def _page_one_footer(text: str) -> int | None:
    """The index of the last line of `text` when it is the footer of a
    one-page document: the page number of page one (``- 1 -``, ``Page 1 of
    1``, ``[1]``, ``p. 1``, a bare ``1``) after a blank line or a line that
    ends a sentence (text read from a PDF has no blank lines). A footer
    printed once cannot come back page after page; and nothing a rule says
    is a page-one number alone after its last sentence. A bare ``1`` below
    a line left open is text ("... under Law" / "1").

    >>> _page_one_footer("Rules\\n\\n1. One.\\n\\n- 1 -\\n"), _page_one_footer("Rules\\n1. One.\\n1\\n")
    (4, 2)
    >>> _page_one_footer("Rules\\n1. Under Law\\n1\\n"), _page_one_footer("1. One.\\n- 1 -\\n")
    (None, None)
    """
    stripped = text.rstrip()
    # The last two lines, found from the end: the whole text is not split.
    last = stripped.rfind("\n")
    above = stripped.rfind("\n", 0, last) if last > 0 else -1
    if above < 0 or not _PAGE_ONE.fullmatch(stripped[last + 1 :].strip()):
        return None
    line = stripped[above + 1 : last].rstrip()
    return stripped.count("\n", 0, above) + 2 if not line or line.endswith(_SENTENCE_END) else None


def _pages(text: str) -> tuple[list[str], set[int], Sequence[int]]:
    """The lines of `text`, form feeds taken out; the index of the first
    line of each page they start (a form feed inside a line ends it); and
    the line of `text` each comes from."""
    if "\f" not in text:
        split = text.split("\n")
        return split, set(), range(len(split))
    lines: list[str] = []
    starts: set[int] = set()
    origin: list[int] = []
    for n, line in enumerate(text.split("\n")):
        if "\f" not in line:
            lines.append(line)
            origin.append(n)
            continue
        parts = line.split("\f")
        if parts[0].strip():
            lines.append(parts[0])
            origin.append(n)
        for part in parts[1:-1]:
            if part.strip():
                starts.add(len(lines))
                lines.append(part)
                origin.append(n)
        starts.add(len(lines))
        lines.append(parts[-1])
        origin.append(n)
    return lines, starts, origin


def _shape(line: str) -> tuple[str, tuple[int, ...]] | None:
    """A short line's shape and its numbers, or None for a line that is long
    or blank.

    >>> _shape("Page 3 of 9"), _shape("- iv -"), _shape("")
    (('Page # of #', (3, 9)), ('- # -', (4,)), None)
    """
    s = line.strip()
    if not s or len(s) > MAX_LENGTH:
        return None
    # Called for every short line of a document: C-level calls, not a
    # generator over characters, and one split at the numbers rather than a
    # findall and a sub (furniture 11.0 -> 8.4 -> 7.0 ms on a Comprehensive
    # Rules release, measured in one process, same shapes on all 795,556
    # lines of the corpora). Splitting and joining the words is as fast as
    # looking for white space to change.
    parts = _NUMBERS.split(" ".join(s.split()))
    if len(parts) == 1:
        roman = _ROMAN.fullmatch(parts[0])
        if roman is not None:
            return f"{roman.group(1)}#{roman.group(3)}", (_roman_value(roman.group(2)),)
        return parts[0], ()
    return "#".join(parts[0::2]), tuple(map(int, parts[1::2]))


_ASCII_SKELETON = b"0123456789 \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f#ivxlcdmIVXLCDM"
"""The bytes `_SKELETON` deletes from an ASCII line: its digits and white
space (``str.split``'s), "#" and the roman numerals' letters."""


def _skeleton(line: str) -> bytes:
    """What `_shape` keeps of a line, and more: two lines of the same shape
    have the same skeleton (the converse need not hold), so a line whose
    skeleton no other short line has can be no furniture, and is not shaped
    (`_furniture`). A shape is the line with white space made single spaces,
    each number (or a roman numeral standing alone) made "#": all of that is
    deleted here, in C (an ASCII line's bytes translated). On a
    Comprehensive Rules release, 307 of the 1,288 short lines were shaped
    (headings and glossary terms are not; 31 since pairs away from the
    document's ends are not either): `_furniture` of 2018-04-27 34.8
    -> 25.0 M instructions (cachegrind; `remove_furniture` 50.6 -> 33.5 M
    with the line breaks no longer counted by `str.count`).

    >>> _skeleton("Page 3 of 9") == _skeleton("Page 12 of 13"), _skeleton("- iv -") == _skeleton("- 4 -")
    (True, True)
    >>> _skeleton("Page\u00a03 of 9") == _skeleton("Page 3 of 9"), _skeleton("100. General") == _skeleton("101. Generic")
    (True, False)
    """
    if line.isascii():
        return line.encode().translate(None, _ASCII_SKELETON)
    return _SKELETON.sub("", line).encode("utf-8", "surrogatepass")


def _roman_value(numeral: str) -> int:
    """The value of a roman numeral.

    >>> _roman_value("xiv"), _roman_value("MMXXIV")
    (14, 2024)
    """
    values = [_ROMAN_VALUES[c] for c in numeral.lower()]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _furniture(lines: list[str], starts: set[int]) -> set[int]:
    """Indexes of the lines that are furniture."""
    groups: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    # Only short lines have a shape: the others are passed over without a call.
    short = [i for i, n in enumerate(map(len, map(str.strip, lines))) if 0 < n <= MAX_LENGTH]
    # Only a line whose shape comes back can be furniture (a group of one is
    # passed over below): a line whose `_skeleton` no other short line has
    # is not shaped at all (most headings and glossary terms).
    skeletons = [_skeleton(lines[i]) for i in short]
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return set()
    ends = (first, next(i for i in range(len(lines) - 1, -1, -1) if lines[i].strip()))
    # Without form feeds, fewer than `MIN_REPEAT` occurrences are furniture
    # only at the document's first or last line (`_is_furniture`): a
    # skeleton that fewer lines have, neither of them at an end, is not
    # shaped, nor its groups weighed (a section heading listed in the
    # contents and again over its rules: 276 of the 307 lines shaped on a
    # Comprehensive Rules release; `remove_furniture` of 2018-04-27 33.6 ->
    # 25.6 M instructions, cachegrind; the same result on every text of the
    # corpora and 138 generated ones, 113 with furniture, each also with form
    # feeds put in).
    at_ends: set[bytes] = set() if starts else {_skeleton(lines[i]) for i in ends}
    repeated = {k for k, n in Counter(skeletons).items() if n >= MIN_REPEAT or (n > 1 and (starts or k in at_ends))}
    for i, skeleton in zip(short, skeletons):
        if skeleton not in repeated:
            continue
        shape = _shape(lines[i])
        assert shape is not None
        groups.setdefault(shape[0], []).append((i, shape[1]))
    edges = _edges(lines, starts) if starts else set()
    cuts = sorted(starts)
    runs: list[list[tuple[int, tuple[int, ...]]]] = []
    for key, occurrences in groups.items():
        if len(occurrences) < 2:
            continue
        for first in range(min(STARTS, len(occurrences) - 1)):
            run = _run(occurrences[first:], cuts, ends[1])
            if run and not _numbers_lines(key, run) and _is_furniture(run, len(lines), ends, edges):
                runs.append(run)
                break
    found = {i for run in runs for i, _ in run}
    last = _shape(lines[ends[1]])
    if ends[1] not in found and last is not None and _last_page_number(last, len(starts) + 1):
        found.add(ends[1])
        runs.append([(ends[1], last[1])])
    text = {i for i in found if _completes_sentence(lines, i, found, starts)}
    if not text:
        return found
    # A line that completes the sentence above it is the document's own: its
    # group is furniture only if the rest still comes back as furniture does
    # ("Competitor." ending a paragraph at the foot of one page, and at the
    # top of another, under the header, is text both times).
    out: set[int] = set()
    for run in runs:
        rest = [(i, numbers) for i, numbers in run if i not in text]
        if len(rest) == len(run) or len(run) == 1 or _is_furniture(rest, len(lines), ends, edges):
            out.update(i for i, _ in rest)
    return out


_SENTENCE_FINAL = (".", "!", "?", ".\"", ".\u201d", ".)")


def _completes_sentence(lines: list[str], i: int, found: set[int], starts: set[int]) -> bool:
    """Whether line `i` ends the sentence that the text line above it leaves
    open: the last line of a wrapped paragraph (``... without the consent
    of the`` / ``Director.``), kept however often it comes back at a page's
    interval. The line above is the one right above it on the page, or,
    across a page break (furniture or a form feed between them), the last
    text line of the page before when this line starts in lower case (the
    sentence going on). A running footer follows a blank line or another
    footer, or ends no sentence.

    >>> _completes_sentence(["the consent of the", "Director."], 1, {1}, set())
    True
    >>> _completes_sentence(["The end.", "Director."], 1, {1}, set())
    False
    >>> _completes_sentence(["the consent of the", "", "Director."], 2, {2}, set())
    False
    >>> _completes_sentence(["the request", "", "- 1 -", "", "and keep a record of it."], 4, {2, 4}, set())
    True
    """
    if not lines[i].strip().endswith(_SENTENCE_FINAL):
        return False
    j, broken = i - 1, i in starts
    while j >= 0 and (j in found or not lines[j].strip()):
        broken = broken or j in found
        j -= 1
    if j < 0 or (j < i - 1 and not broken):  # a blank line between: a new paragraph
        return False
    if broken and not lines[i].strip()[:1].islower():
        return False
    above = lines[j].rstrip()
    return bool(above.strip()) and not above.endswith(_SENTENCE_END)


def _last_page_number(shape: tuple[str, tuple[int, ...]], pages: int) -> bool:
    """Whether the last line of a document, of this shape, is the number of
    its last page (on a page of its own, or the only page, it comes back on
    no other): its numbers all the count of pages, with at most a short
    word before them (``Page 1 of 1``, ``- 1 -``, ``[2]``, ``p. 2``), never
    a word after the first number, as a numbered line has.

    >>> _last_page_number(("Page # of #", (1, 1)), 1), _last_page_number(("# Fees", (1,)), 1)
    (True, False)
    """
    text, numbers = shape
    return bool(numbers) and all(n == pages for n in numbers) and _page_number().fullmatch(text) is not None


def _run(
    occurrences: Sequence[tuple[int, tuple[int, ...]]], cuts: list[int], last_line: int
) -> list[tuple[int, tuple[int, ...]]]:
    """The occurrences, from the first, that follow each other as a page's
    furniture does: on another page (`MIN_GAP` lines on, or past a form
    feed; the document's last line may close a short last page), each number
    the same or up by at most `STEP`; then only if each number is the same
    throughout or goes up every time (a page number, not a heading's
    number); else []."""
    run = [occurrences[0]]
    for i, numbers in occurrences[1:]:
        last, before = run[-1]
        apart = i - last >= MIN_GAP or i == last_line or bisect.bisect(cuts, last) != bisect.bisect(cuts, i)
        if apart and all(0 <= n - b <= STEP for n, b in zip(numbers, before)):
            run.append((i, numbers))
    for field in range(len(run[0][1])):
        steps = {run[k + 1][1][field] > run[k][1][field] for k in range(len(run) - 1)}
        if len(steps) > 1:
            return []
    return run


def _numbers_lines(shape: str, run: list[tuple[int, tuple[int, ...]]]) -> bool:
    """Whether a number that counts up through the run is followed by words,
    as the number of a unit is (``702.6.b. Remedies:``, ``702.7.b.
    Remedies:``) and a page number is not (``Page 3 of 9``, ``Rules - 3``)
    unless the word before it says it counts pages (``Page 3 of 9   Supp.
    No. 7``, a code's supplement beside its page number: `_page_word`; it
    changes none of the archive's 393 outputs, written for a code invented
    for the check; cost: one search of a short shape per counting run).

    >>> _numbers_lines("#.#.b. Remedies:", [(0, (702, 6)), (40, (702, 7))])
    True
    >>> _numbers_lines("Page # of #", [(0, (1, 9)), (40, (2, 9))])
    False
    >>> _numbers_lines("Page # of #    Supp. No. #", [(0, (1, 9, 7)), (40, (2, 9, 7))])
    False
    """
    counting = [k for k in range(len(run[0][1])) if run[-1][1][k] > run[0][1][k]]
    if not counting:
        return False
    *before, after = shape.split("#", counting[0] + 1)
    if _page_word().search(before[-1]):
        return False  # "Page 3 of 9      Supp. No. 7": the word says what the number counts
    return _after_page_number().fullmatch(after) is None


def _is_furniture(
    run: list[tuple[int, tuple[int, ...]]], size: int, ends: tuple[int, int], edges: set[int]
) -> bool:
    """Whether a run of occurrences is furniture: on the edge of every page
    the form feeds mark, or at a regular interval (see the module docstring)."""
    if len(run) < 2:
        return False
    at = [i for i, _ in run]
    if edges and all(i in edges for i in at):
        return True
    gaps = [b - a for a, b in zip(at, at[1:])]
    if max(gaps) > MAX_GAP:
        return False
    counts = any(b > a for (_, before), (_, after) in zip(run, run[1:]) for a, b in zip(before, after))
    if len(run) < MIN_REPEAT:  # two pages: a header from the first line, a page number to the last
        return at[0] == ends[0] or (counts and at[-1] == ends[1])
    median = sorted(gaps)[len(gaps) // 2]
    low, high = REGULAR[0] * median, REGULAR[1] * median
    if not all(low <= g <= high for g in gaps[:-1]) or gaps[-1] > high:
        return False
    return counts or at[-1] - at[0] + median >= SPREAD * size


def _edges(lines: list[str], starts: set[int]) -> set[int]:
    """Indexes of the lines within `EDGE` non-blank lines of the top or the
    bottom of a page, pages being cut at `starts` (and the text's ends)."""
    cuts = sorted(starts | {0, len(lines)})
    edges: set[int] = set()
    for top, bottom in zip(cuts, cuts[1:]):
        page = [i for i in range(top, bottom) if lines[i].strip()]
        edges.update(page[:EDGE])
        edges.update(page[-EDGE:])
    return edges


def _rejoined(lines: list[str], furniture: set[int]) -> tuple[list[str], list[int]]:
    """`lines` without the furniture and the blank lines around it, and the
    index in `lines` of each line kept; the lines on either side are put
    together when they read as one paragraph, else separated by one blank
    line."""
    blank_lines = sum(1 for line in lines if not line.strip())
    spaced = blank_lines >= 0.1 * max(1, len(lines) - blank_lines)  # paragraphs apart
    full = _full_width(lines, furniture)
    out: list[str] = []
    where: list[int] = []
    hyphen: Callable[[str, str], bool] | None = None  # read at the first broken word (hyphens.py)
    i = 0
    while i < len(lines):
        if i not in furniture:
            out.append(lines[i])
            where.append(i)
            i += 1
            continue
        while out and not out[-1].strip():  # the blank lines before it
            out.pop()
            where.pop()
        while i < len(lines) and (i in furniture or not lines[i].strip()):
            i += 1
        if not out or i == len(lines):
            continue
        before, after = out[-1].rstrip(), lines[i].strip()
        if after[:1].islower() and not _item().match(after):  # the sentence goes on: one line, as if never broken
            if _broken_word(before, after):
                hyphen = hyphen or hyphen_kept("\n".join(lines))
                out[-1] = (before if hyphen(before, after) else before[:-1]) + after
            else:
                out[-1] = f"{before} {after}"
            i += 1
        elif not _one_paragraph(before.strip(), after, spaced, full):
            out.append("")
            where.append(i - 1)
    if lines and not lines[-1].strip() and (not out or out[-1].strip()):
        out.append("")  # the text still ends with a line break
        where.append(len(lines) - 1)
    return out, where


@functools.cache
def _item() -> re.Pattern[str]:
    """A line that starts with an item numbered in lower case (``c) Fees``,
    ``iv) by post``, ``a.  give notice``): a new item after the page break,
    not the sentence going on (``e.g. the``, ``a.m. on`` are no items).

    >>> [bool(_item().match(s)) for s in ("c) Fees", "a.  give notice", "iv. by post", "e.g. the", "and so")]
    [True, True, True, False, False]
    """
    return re.compile(r"(?:[a-z]|[ivxlc]{1,6})[.)]\s")


def _broken_word(before: str, after: str) -> bool:
    """Whether `before` ends with a word broken by a hyphen that `after`
    completes: joined without a space, as parse.py joins wrapped lines.

    >>> _broken_word("every mooring allo-", "cated"), _broken_word("see rule 4 -", "in")
    (True, False)
    """
    return before.endswith("-") and before[-2:-1].strip() != "" and after[:1].isalnum()


def _full_width(lines: list[str], furniture: set[int]) -> int:
    """The length from which a line fills the width the text is wrapped at:
    nine tenths of the 90th percentile of the lines' lengths."""
    lengths = sorted(len(line.strip()) for i, line in enumerate(lines) if i not in furniture and line.strip())
    return int(0.9 * lengths[int(0.9 * (len(lengths) - 1))]) if lengths else 0


def _one_paragraph(before: str, after: str, spaced: bool, full: int) -> bool:
    """Whether a line and the next, with a page break between them, are one
    paragraph.

    >>> _one_paragraph("the members of the", "club shall", True, 60)
    True
    >>> _one_paragraph("The end.", "2. Next", True, 60)
    False
    """
    if not before.endswith(_SENTENCE_END):
        return True
    return not spaced or len(before) >= full
