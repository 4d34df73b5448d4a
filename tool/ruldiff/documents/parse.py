"""Text -> Document: find the title, date, rules, glossary and credits.

- `parse(source, profile=None)` -> `Document`, with the profile given or the
  one detected from the text (profiles.py; the grammars are YAML files in
  ``formats/``).
- `parse_bounded(source, profile, origin)` -> the same, for a profile from a
  user's file, whose patterns are bounded in time.

How a document is read
----------------------
The front matter (title, effective date, introduction, Contents) ends where the
first numbered rule begins: walking back from that line over headings finds the
first section heading (``1. Game Concepts``). This is how the Contents, which
repeats every heading, is never mistaken for rules. The glossary starts at the
last line reading ``Glossary`` and the credits at the last ``Credits`` after it
(the Contents names both earlier). An ``Index`` between them (1999) is dropped.

The rules region is cut into blocks at blank lines. Inside a block, a line that
starts with a rule number, a heading or ``Example:`` starts a new paragraph; any
other line continues the current one. Documents come in two shapes:

* one paragraph per line (most releases): a plain line inside a rule's block is
  a new paragraph of that rule;
* hard-wrapped at ~80-120 columns (1999-2002, some 2003-2004 releases): a plain
  line is a continuation and is joined with one space, so re-wrapping is never a
  change. A numbered line whose previous line ends with a reference lead-in
  (the profile's ``reference_lead``: ``...See rule`` / ``419.8 "Sources of
  Damage."``) is a continuation too.

Profiles with ``inline`` first cut lines that hold several rules; profiles
with ``paragraphs`` read every blank-line-separated paragraph as one item.
A profile's ``subitem`` line (``(b)``, ``(ii)``) is an item numbered under
the one above it (``12.3(b)``, outline.py).

A document that the detected profile misreads (no rules found, a tenth of
its lines unread or of its IDs repeated, units left in the front matter, or
no numbers at all) is read by the numbering inferred from it, grammar.py,
when that reads it better: the profile ``inferred``, whose ``numbering`` key
`parse -f yaml` shows. No corpus release comes near these thresholds, so
every one is read by its preset as before.

Every document says how much of it the profile read (`model.Coverage`): the
rules region counted as it is read (items, decorations, and the lines left
unread: one that starts with a number or a label but no item, a further
paragraph of a rule), the glossary region, and the rest as layout.

A document counts as hard-wrapped when a good share of the lines of its rules
run on into an unnumbered line (`WRAPPED_SHARE`). Line length would not do: a
short document with one paragraph per line has only short lines.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from .citations import citation_syntax
from .dates import date_in, find_date
from ..errors import ConfigError, ParseError
from ..model import Coverage, Document, Rule, RuleKind, RuleRow, make_rules
from ..limits import TimeLimitError, time_limit
from .furniture import Cleared, remove_furniture
from .hyphens import hyphen_kept
from .outline import SubStack, next_sub_item, sub_item_id
from .profiles import Profile, detect_profile, pattern_budget, slow_pattern
from .read import Source

if TYPE_CHECKING:
    from .grammar import Grammar, Style, Unit

__all__ = ["parse"]

WRAP_SAMPLE = 1500
"""Lines at the start of the rules that decide whether a document is wrapped:
a document is wrapped throughout or not at all."""
WRAPPED_SHARE = 0.2
"""Share of the lines of the rules that run on into a plain (unnumbered) line,
from which a document counts as hard-wrapped. Hard-wrapped releases score
0.45-0.7; releases with one paragraph per line score under 0.01 (a line runs on
only where a rule is followed by an unnumbered note)."""


_date_slash = functools.cache(lambda: re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\b"))


def parse_bounded(source: Source, profile: Profile, origin: str) -> Document:
    r"""`parse` with a profile read from the user's file `origin`: a pattern
    may backtrack without end (``(\d+)+x`` on a long number), so parsing, and
    running the ``reference`` pattern over the text as the comparison will,
    is stopped after `profiles.pattern_budget`; the pattern that takes that
    long is a `ConfigError` naming its key. Built-in profiles are trusted and
    parsed by `parse` without a timer."""
    seconds = pattern_budget(len(source.text))
    try:
        with time_limit(seconds):
            document = parse(source, profile)
            if profile.reference is not None:
                for line in source.text.split("\n"):
                    for _ in profile.reference.finditer(line):
                        pass
        return document
    except TimeLimitError:
        key = slow_pattern(profile, source.text.split("\n"), seconds)
        what = f"the pattern of key {key!r}" if key else "the profile's patterns"
        raise ConfigError(
            f"{what} took longer than {seconds:.1f} s on {source.path}", key=key, path=origin,
            fix="a repeat inside a repeat, such as (\\d+)+, can backtrack without end",
        ) from None


def parse(source: Source, profile: Profile | None = None) -> Document:
    """Parse a decoded rules document, its page furniture removed first
    (furniture.py; `Coverage.furniture` counts the lines).

    >>> from ruldiff.documents.read import decode
    >>> text = "Game Rules\\n\\n1. Basics\\n\\n100. General\\n\\n100.1. Play nicely.\\n"
    >>> doc = parse(decode(text.encode(), "g.txt"))
    >>> [(r.id, r.kind.value, r.text, r.parent) for r in doc.rules]
    [('1', 'section', 'Basics', None), ('100', 'heading', 'General', '1'), ('100.1', 'rule', 'Play nicely.', '100')]
    """
    cleared = remove_furniture(source.text)
    if cleared.text is source.text:
        return _parse(source, profile, cleared.lines)
    doc = _parse(dataclasses.replace(source, text=cleared.text), profile)
    return _at_source_lines(doc, cleared)


def _at_source_lines(doc: Document, cleared: Cleared) -> Document:
    """`doc`, read from the text without furniture, with the line of each
    item (and of each line reported in its coverage) that of the file, and
    the furniture counted in its coverage."""
    origin = cleared.origin

    def at(line: int) -> int:
        return origin[line - 1] + 1 if 0 < line <= len(origin) else line

    def moved(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
        return make_rules((r.id, r.kind, r.text, r.examples, r.parent, at(r.line), r.notes, r.title) for r in rules)

    coverage = doc.coverage
    if coverage is not None:
        coverage = dataclasses.replace(
            coverage,
            furniture=cleared.removed,
            first_unread=tuple((at(n), s) for n, s in coverage.first_unread),
            repaired=tuple((at(n), s) for n, s in coverage.repaired),
        )
    return dataclasses.replace(doc, rules=moved(doc.rules), glossary=moved(doc.glossary), coverage=coverage)


def _parse(source: Source, profile: Profile | None = None, lines: list[str] | None = None) -> Document:
    """`parse`, on text without furniture; `lines`, if given, its lines
    (``source.text.split("\\n")``, which is not changed)."""
    if profile is None:
        return _parse_detected(source, lines)
    if profile.numbering is not None:
        from .grammar import parse_numbering  # see `_parse_detected`

        return _parse_numbering(source, profile, parse_numbering(profile.numbering, profile.name))
    if profile.paragraphs is not None:
        return _parse_paragraphs(source, profile, profile.paragraphs)
    if lines is None:
        lines = source.text.split("\n")
    origin: list[int] | None = None
    if profile.inline is not None:
        lines, origin = _split_inline(lines, profile)
    start = _body_start(lines, profile)
    if start is None:
        raise ParseError(
            "no numbered rules found",
            path=source.path,
            fix=f"is this a rules document? profile {profile.name} expects numbered lines; "
            "for paragraphs without numbers, use --profile paragraphs",
        )
    gloss = _last_index(lines, profile.glossary, start)
    credits = _last_index(lines, profile.credits, gloss if gloss is not None else start)
    rules_end = _first_not_none(gloss, credits, len(lines))
    gloss_end = _first_not_none(credits, len(lines))
    if gloss is not None and profile.index:
        index = _last_index(lines, profile.index, gloss, gloss_end)
        if index is not None:
            gloss_end = index

    wrapped = _is_wrapped(lines, start, rules_end, profile)
    clean = _cleaner(source.text)
    rules, tally = _parse_rules(lines, start, rules_end, profile, wrapped, origin, clean, hyphen_kept(source.text))
    glossary = (
        _parse_glossary(lines, gloss + 1, gloss_end, profile, wrapped, clean)
        if gloss is not None
        else ()
    )
    title, date = _title_and_date(lines[:start], profile.dates)
    contents = _last_index(lines, "Contents", 0, start)
    intro_end = contents if contents is not None else start
    intro = "\n".join(_paragraphs(lines[1:intro_end], wrapped, profile))
    credits_text = (
        "\n".join(_paragraphs(lines[credits + 1 :], wrapped, profile)) if credits is not None else ""
    )
    return Document(
        path=source.path,
        title=title,
        date=date,
        profile=profile.name,
        rules=rules,
        glossary=glossary,
        intro=intro,
        credits=credits_text,
        references=profile.reference,
        coverage=_coverage(lines, (start, rules_end), (gloss, gloss_end) if gloss is not None else None, tally, origin),
    )


def _nonblank(lines: list[str]) -> int:
    """How many of `lines` are not blank, counted in C: 0.35 ms for the
    9,258 lines of a Comprehensive Rules release, against 0.95 ms for a
    Python loop over them."""
    return len(lines) - lines.count("") - sum(map(str.isspace, lines))


def _coverage(
    lines: list[str],
    rules: tuple[int, int],
    gloss: tuple[int, int] | None,
    tally: _Tally,
    origin: list[int] | None,
) -> Coverage:
    """What the profile read the document as (`model.Coverage`): the rules
    region (its first and end line) as `_parse_rules` counted it, the
    glossary region (`gloss`), and the rest (front matter, credits, index)
    as layout."""
    region, decorations, headings, unread, repaired = tally
    # The glossary, when there is one, starts where the rules end.
    glossary = _nonblank(lines[gloss[0] : gloss[1]]) if gloss is not None else 0
    after = gloss[1] if gloss is not None else rules[1]
    total = _nonblank(lines[: rules[0]]) + region + glossary + _nonblank(lines[after:])
    return Coverage(
        lines=total,
        rules=region - decorations - headings - len(unread),
        headings=headings,
        glossary=glossary,
        layout=total - region - glossary + decorations,
        unread=len(unread),
        first_unread=tuple(
            ((origin[i] if origin else i) + 1, lines[i].strip()) for i in unread[:FIRST_UNREAD]
        ),
        repaired=tuple(repaired),
    )


def _is_wrapped(lines: list[str], start: int, end: int, profile: Profile) -> bool:
    """Whether the rules are hard-wrapped: many lines run on into a plain line."""
    items = _joined_items(profile)
    joined = items[0].match if items is not None else None
    sub = profile.subitem.match if profile.subitem is not None else None
    runs_on = nonblank = 0
    for i in range(start, min(end, start + WRAP_SAMPLE)):
        s = lines[i].strip()
        if not s or _decoration(s, profile):
            continue
        nonblank += 1
        nxt = lines[i + 1].strip() if i + 1 < end else ""
        if not nxt or _match(profile.example, nxt):
            continue
        # Does the line run on into a plain line: no numbered item, no
        # decoration? The joined pattern tells both in one match.
        if joined is not None:
            plain = joined(nxt) is None
        else:
            plain = not _kind(nxt, profile) and not _decoration(nxt, profile)
        runs_on += plain and not (sub is not None and sub(nxt))  # a sub-item is no run-on
    return nonblank > 0 and runs_on / nonblank >= WRAPPED_SHARE


# --- front matter ---------------------------------------------------------


def _body_start(lines: list[str], profile: Profile) -> int | None:
    """Index of the first line of the rules: the section heading before the
    first rule (or sub-item: a constitution's "§ 1" may hold only "(1)"...).
    A line the section pattern reads is no rule here, though the rule
    pattern reads it too (an outline's "1. Scope", where "1. Be kind." is
    a rule)."""
    rule = profile.rule.match
    sub = profile.subitem.match if profile.subitem is not None else None
    section = profile.section.match if profile.section is not None else None
    lead = profile.reference_lead.search if profile.reference_lead is not None else None
    first = None
    prev = ""  # the line above, stripped
    for i, line in enumerate(lines):
        s = line.strip()
        if ((rule(s) and (section is None or not section(s))) or (sub is not None and sub(s))) and not (
            # A number that ends a citation wrapped onto this line ("... under
            # Article IV, Section" / "1. See ...") starts no rule, as
            # `_parse_rules` reads it; its lead-in is what a line ends with
            # only when it is wrapped.
            lead is not None and prev and lead(prev)
        ):
            first = i
            break
        prev = s
    if first is None:
        return None
    start = first
    seen: set[str] = set()
    taken: str | None = None  # the last heading taken, walking back
    j = first - 1
    while j >= 0:
        s = lines[j].strip()
        if not s or _decoration(s, profile):
            j -= 1
            continue
        m = _match(profile.heading, s) or _match(profile.section, s)
        # A repeated heading is the Contents, and so is one numbered after
        # the heading below it ("3. Money" above "1. Scope"): a Contents
        # that lists only numbered headings ends there.
        if m is None:
            # The last line of a wrapped heading item ("§ 1. Berths. A berth is let by the" /
            # "year."): read from the nearest line above it that starts a heading, up to the blank
            # line above (a PDF's text has none between the introduction and "§ 1"), however many
            # lines it runs over (each line is passed once: the walk goes on above it or stops).
            for k in range(j - 1, -1, -1):
                above = lines[k].strip()
                if not above:
                    break
                if m := _match(profile.heading, above) or _match(profile.section, above):
                    j = k
                    break
        if m and m.group("id") not in seen and not _numbered_after(m.group("id"), taken):
            seen.add(m.group("id"))
            taken = m.group("id")
            start = j
            j -= 1
            continue
        break
    return start


def _numbered_after(heading: str, below: str | None) -> bool:
    """Whether a heading's plain number is not below that of the heading
    under it (``3`` above ``1``); False unless both are plain numbers.

    >>> _numbered_after("3", "1"), _numbered_after("1", "100"), _numbered_after("Law 3", "1")
    (True, False, False)
    """
    return below is not None and heading.isdigit() and below.isdigit() and int(heading) >= int(below)


def _match(pattern: re.Pattern[str] | None, s: str) -> re.Match[str] | None:
    return pattern.match(s) if pattern is not None else None


def _decoration(s: str, profile: Profile) -> bool:
    return profile.decoration is not None and profile.decoration.match(s) is not None


def _title_and_date(front: list[str], order: str | None = None) -> tuple[str, str | None]:
    """The title (the first paragraph: one line, or up to three, as in the
    1999 releases' "COMPREHENSIVE" / "RULES") and the effective date (dates.py)."""
    words: list[str] = []
    for line in front:
        s = line.strip()
        if _is_decoration(s) or (not s and not words):
            continue
        if not s or len(words) == 3:
            break
        if words and date_in(s):
            break  # "Last Updated: 2025-10-01" under the title is not part of it
        words.append(s)
    title = " ".join(words)
    date = find_date(front, order)
    if date is not None:
        # A date printed on the title line (04/23/99) is not part of the title.
        for m in _date_slash().finditer(title) if "/" in title else ():
            title = title.replace(m.group(0), "").strip()
    title = re.sub(r"\s{2,}", " ", title.replace("_", "")).strip()
    return title, date


def _is_decoration(s: str) -> bool:
    return bool(re.fullmatch(r"[-=_*~]{3,}", s))


def _last_index(lines: list[str], word: str | None, lo: int, hi: int | None = None) -> int | None:
    if word is None:
        return None
    hi = len(lines) if hi is None else hi
    for i in range(hi - 1, lo - 1, -1):
        if lines[i].strip() == word:
            return i
    return None


def _first_not_none(*values: int | None) -> int:
    return next(v for v in values if v is not None)


# --- numbered rules -------------------------------------------------------

_segment = functools.cache(lambda: re.compile(r"\d+|[a-z]+"))


_suffix = functools.cache(lambda: re.compile(r"#.*"))
# Digits -> "0", lower-case letters -> "a", any other ASCII character but the
# line break -> " ": see _segments.
_CLASSES = str.maketrans(
    {chr(c): " " for c in range(128) if chr(c) != "\n"}
    | dict.fromkeys("0123456789", "0")
    | dict.fromkeys("abcdefghijklmnopqrstuvwxyz", "a")
)


def _segments(rule_ids: list[str]) -> list[int]:
    """How many segments (``\\d+`` or ``[a-z]+``) the number of each rule
    has, the ID up to any ``#2``: its depth.

    >>> _segments(["100.1", "100.1a", "103.1.b.2", "901.4.All", "100.1a#2"])
    [2, 3, 4, 3, 3]

    One regex call per rule cost more than all the rest of the work on its
    level; these are a few calls for a whole document. The IDs, one per line,
    become classes of characters ("100.1a" -> "000 0a"); each run of a class
    shrinks to one character ("0 0a"), and what is left but spaces is one
    character per segment.
    """
    numbers = "\n".join(rule_ids)  # an ID holds no line break
    if "#" in numbers:
        numbers = _suffix().sub("", numbers)
    if not numbers.isascii():  # \d is also a digit of another script
        segments = _segment().findall
        return [len(segments(number)) for number in numbers.split("\n")]
    classes = numbers.translate(_CLASSES)
    for run in ("00", "aa"):
        while run in classes:
            classes = classes.replace(run, run[0])
    return list(map(len, classes.replace(" ", "").split("\n")))


def zero_head(number: str, separator: str = ".") -> str:
    """The prefix a section numbered with a last part of zeros heads
    (``3.0``, ``1.00``), or ``""``: the one rule of the outline profile's
    nesting (`_Builder`) and the inferred grammar's (`grammar._holds`).

    >>> zero_head("3.0"), zero_head("1.00"), zero_head("3.10"), zero_head("0"), zero_head("4-0", "-")
    ('3', '1', '', '', '4')
    """
    head, _, last = number.rpartition(separator)
    return head if head and last and not last.strip("0") else ""


def _under_zero(rule_id: str, zeros: set[str], longest: int) -> bool:
    """Whether `rule_id` is numbered under one of the sections ``.0`` whose
    prefixes are `zeros` (``3.1``, ``3.1.2`` under ``3.0``), `longest` the
    longest of them: its prefixes that end before a dot are looked up, not
    each of `zeros` tried in turn (a document of 10,000 such sections and
    10,000 rules under them: 1.9 s -> 0.1 s).

    >>> _under_zero("3.1", {"3"}, 1), _under_zero("3.1.2", {"3"}, 1), _under_zero("31.1", {"3"}, 1)
    (True, True, False)
    >>> _under_zero("3.1.2", {"3.1"}, 3), _under_zero("3.1", {"3.1"}, 3)
    (True, False)
    """
    at = rule_id.find(".")
    while 0 <= at <= longest:
        if rule_id[:at] in zeros:
            return True
        at = rule_id.find(".", at + 1)
    return False


_HEADING = RuleKind.HEADING
"""Read once per item and per numbered line: a module name, not the enum's
member, which Python 3.11 reads ~20 times slower (`model._Enum`)."""


class _Builder:
    """Accumulates paragraphs into items, then freezes them into Rules."""

    def __init__(
        self, heading: Callable[[str], object] | None = None, hyphen: Callable[[str, str], bool] | None = None
    ) -> None:
        self.items: list[tuple[str, RuleKind, list[str], list[str], int]] = []
        self.notes: dict[int, list[str]] = {}
        self.wrapped_headings: set[int] = set()  # items whose title line ran on
        # The profile's heading pattern, and the lines of each heading, to
        # test the joined paragraph again (see _rows).
        self.heading = heading
        self.heading_lines: dict[int, list[str]] = {}
        self.seen: dict[str, int] = {}
        self.in_example = False
        self.hyphen = hyphen  # whether a word broken at a line's end keeps its hyphen (hyphens.hyphen_kept)
        # The paragraph being extended, as its lines, joined (`_joined`) once
        # it is complete: joined at each line, a paragraph of n lines cost
        # O(n^2) (a crafted 60,000-line paragraph: 2.5 s in `extend`).
        self._open: list[str] | None = None  # the list whose last paragraph the lines are
        self._lines: list[str] = []

    def _close(self) -> None:
        """Join the lines of the paragraph being extended into it."""
        if self._open is not None:
            self._open[-1] = _joined(self._lines, self.hyphen or _keep_hyphen)
            self._open, self._lines = None, []

    def start(self, rule_id: str, kind: RuleKind, text: str, line: int, raw: str | None = None) -> None:
        """Open an item; `raw` is its line as printed, kept for a heading."""
        self._close()
        n = self.seen.get(rule_id, 0) + 1
        self.seen[rule_id] = n
        if n > 1:
            rule_id = f"{rule_id}#{n}"
        if kind is _HEADING and raw is not None:
            self.heading_lines[len(self.items)] = [raw]
        self.items.append((rule_id, kind, [text] if text else [], [], line))
        self.in_example = False

    def example(self, text: str) -> None:
        """Add an example to the current item (none before the first item)."""
        if not self.items:
            return
        self._close()
        self.items[-1][3].append(text)
        self.in_example = True

    def paragraph(self, text: str) -> None:
        """Add a new paragraph to the current example or rule."""
        if not self.items:
            return
        self._close()
        target = self.items[-1][3] if self.in_example else self.items[-1][2]
        target.append(text)

    def extend(self, text: str) -> None:
        """Join a hard-wrapped continuation line to the current paragraph."""
        if not self.items:
            return
        target = self.items[-1][3] if self.in_example else self.items[-1][2]
        if self.items[-1][1] is RuleKind.HEADING:
            self.wrapped_headings.add(len(self.items) - 1)
            if not self.in_example and len(self.items) - 1 in self.heading_lines:
                self.heading_lines[len(self.items) - 1].append(text)
        if not target:
            self._close()
            target.append(text)
        else:
            # A hyphen at the end of a line joins a word broken there
            # ("permanent-" / "type-changing", "-1/-" / "1"): no space, the
            # hyphen kept or not as the document spells the word (`_joined`).
            if target is not self._open:
                self._close()
                self._open, self._lines = target, [target[-1]]
            self._lines.append(text)

    def note(self, notes: list[str]) -> None:
        if self.items and notes:
            self.notes.setdefault(len(self.items) - 1, []).extend(notes)

    def freeze(self) -> tuple[Rule, ...]:
        self._close()
        return make_rules(self._rows())

    def _is_heading(self, n: int, text: str) -> bool:
        """Whether item `n`, read as a heading from its first line, is one:
        heading or rule is decided by the whole numbered paragraph, its lines
        joined, never by where a line break fell. Its joined lines must still
        match the profile's heading pattern (Riftbound: a title of a few
        words, not a sentence), and a wrapped one must not end a sentence
        unless the document's headings do (`sentence_headings`)."""
        if n in self.wrapped_headings and text.endswith((".", "!", "?")) and not self.sentence_headings:
            return False  # a wrapped rule whose first line looked like a title
        lines = self.heading_lines.get(n)
        if self.heading is None or lines is None or len(lines) < 2:
            return True  # its one line matched the pattern
        return bool(self.heading(" ".join(lines)))

    @functools.cached_property
    def sentence_headings(self) -> bool:
        """Whether the document has headings that end a sentence on one line
        (a constitution's "§ 9. Permits required.", "§ 3. Fees. Each member
        pays."): its headings take sentences, so one wrapped over two lines
        that ends a sentence ("§ 10. Reserves. No person may" / "... of the
        Warden.") is a heading as well, not a rule fallen under the one
        before it. Riftbound's and the Comprehensive Rules' headings are
        titles: no period ends one (every real corpus reads as before,
        bench/identical.py). Cost: one pass over the items, joining the
        paragraphs of headings only, once a document."""
        return any(
            kind is RuleKind.HEADING and n not in self.wrapped_headings and "\n".join(paras).endswith((".", "!", "?"))
            for n, (_, kind, paras, _, _) in enumerate(self.items)
        )

    def _rows(self) -> Iterator[RuleRow]:
        # The parent of an item is the nearest open item above its level; the
        # stack holds the open items, deepest last, as (level, id).
        # Sections are at depth 0, headings at 1, rules one below their
        # segments' count, so that a rule numbered like a heading (Riftbound's
        # "440.") is under the heading before it, not beside it.
        stack: list[tuple[int, str]] = []
        notes, wrapped_headings = self.notes, self.wrapped_headings
        section, heading = RuleKind.SECTION, RuleKind.HEADING
        depths = _segments([item[0] for item in self.items])
        # A section numbered ``.0`` (or ``.00``) heads the numbers of its
        # prefix (``3.0 DEFINITIONS`` over ``3.1``), as grammar._holds reads it.
        # Only a number that ends in 0 can (a tenth of a release's: 0.2 ms less).
        zeros = {head for head in map(zero_head, (item[0] for item in self.items if item[0].endswith("0"))) if head}
        longest = max(map(len, zeros), default=0)
        for n, (rule_id, kind, paras, examples, line) in enumerate(self.items):
            text = "\n".join(paras)
            if kind is heading and not self._is_heading(n, text):
                kind = RuleKind.RULE
            level = 0 if kind is section else 1 if kind is heading else depths[n] + 1
            if zeros and kind is not section and not zero_head(rule_id) and _under_zero(rule_id, zeros, longest):
                level += 1
            while stack and stack[-1][0] >= level:
                stack.pop()
            parent = stack[-1][1] if stack else None
            stack.append((level, rule_id))
            yield (
                rule_id,
                kind,
                text,
                tuple(examples) if examples else (),
                parent,
                line,
                tuple(notes[n]) if n in notes else (),
                "",
            )


def _kind(s: str, profile: Profile) -> RuleKind | None:
    """The kind of item a stripped line starts; None for a plain line."""
    if not profile.numbered.match(s):
        return None
    for kind, pattern in (
        (RuleKind.HEADING, profile.heading),
        (RuleKind.SECTION, profile.section),
        (RuleKind.RULE, profile.rule),
    ):
        if pattern is not None and pattern.match(s):
            return kind
    return None


# Match.lastindex (never None after a match) -> (kind, id group, text group);
# kind None for a decoration.
_ItemAlternatives = dict[int | None, tuple[RuleKind | None, int, int]]


@functools.lru_cache(maxsize=16)
def _joined_items(profile: Profile) -> tuple[re.Pattern[str], _ItemAlternatives] | None:
    """One pattern that does the work of the profile's ``decoration``,
    ``numbered``, ``heading``, ``section`` and ``rule`` patterns in one match,
    or None.

    Returns the pattern ``(decoration)|(?=numbered)(?:(heading)|(section)|(rule))``
    and, for the index of each wrapping group, (kind, index of its ``id``
    group, index of its ``text`` group), kind None for the decoration. The
    alternation tries the patterns in the parser's order at the same place, so
    the one that matches is the pattern the parser would have taken, and
    `re.Match.lastindex` names it (its wrapping group closes last). One match
    per line instead of up to five cuts the cost of reading the lines of the
    rules by a third: each match call costs more than the matching itself.

    The patterns' groups are renamed (``_2_id``) and renumbered. That changes
    nothing as long as no pattern refers to a group (``\\1``, ``(?P=id)``,
    ``(?(1)...)``) and the patterns share their flags, none verbose. Where this
    cannot be shown (or a pattern's inline ``(?i)``, valid only at the start,
    keeps the join from compiling), None: the patterns are tried one by one.
    So they are for a profile with a ``note`` pattern, which edits the line
    between the decoration test and the others.
    """
    if profile.note is not None:
        return None
    items = [
        (kind, pattern)
        for kind, pattern in (
            (RuleKind.HEADING, profile.heading),
            (RuleKind.SECTION, profile.section),
            (RuleKind.RULE, profile.rule),
        )
        if pattern is not None
    ]
    every = [profile.numbered, *(pattern for _, pattern in items)]
    if profile.decoration is not None:
        every.append(profile.decoration)
    flags = profile.numbered.flags
    if any(pattern.flags != flags for pattern in every) or flags & re.VERBOSE:
        return None
    sources = []
    for n, pattern in enumerate(every):
        source = pattern.pattern
        # Every named group is written (?P<name>; when nothing else in the
        # source reads so, renaming them renames nothing else.
        if source.count("(?P<") != len(pattern.groupindex) or _refers_to_group(source):
            return None
        sources.append(source.replace("(?P<", f"(?P<_{n}_"))
    numbered = sources[0]
    joined = f"(?={numbered})(?:" + "|".join(f"({s})" for s in sources[1 : 1 + len(items)]) + ")"
    if profile.decoration is not None:
        joined = f"({sources[-1]})|{joined}"
    try:
        pattern = re.compile(joined, flags)
    except re.error:
        return None
    # Groups are numbered in the order they open: the decoration's wrapping
    # group and its groups, those of numbered, then for each alternative its
    # wrapping group and its groups.
    alternatives: _ItemAlternatives = {}
    wrapper = 1
    if profile.decoration is not None:
        alternatives[wrapper] = (None, 0, 0)
        wrapper += 1 + profile.decoration.groups
    wrapper += profile.numbered.groups
    for n, (kind, item) in enumerate(items, 1):
        id_group, text_group = pattern.groupindex[f"_{n}_id"], pattern.groupindex[f"_{n}_text"]
        if (id_group, text_group) != (wrapper + item.groupindex["id"], wrapper + item.groupindex["text"]):
            return None  # not reached: a safety net for the reasoning above
        alternatives[wrapper] = (kind, id_group, text_group)
        wrapper += 1 + item.groups
    return pattern, alternatives


def _refers_to_group(source: str) -> bool:
    """Whether a pattern may refer to one of its groups by number or name: a
    backreference (``\\1``, ``(?P=id)``) or a conditional (``(?(1)...)``)."""
    return "(?P=" in source or "(?(" in source or any(f"\\{d}" in source for d in "123456789")


def _clean(line: str) -> str:
    # Tabs are spaces; zero-width spaces (pasted from PDFs) are nothing.
    line = line.strip()
    if "\t" in line or "\u200b" in line:
        line = line.replace("\t", " ").replace("\u200b", "")
    return line


def _cleaner(text: str) -> Callable[[str], str]:
    """`_clean`, or plain `str.strip` when `text` holds no tab and no
    zero-width space: on any line of it `_clean` only strips, and the test is
    made once per document instead of once per line."""
    return _clean if "\t" in text or "\u200b" in text else str.strip


def _parse_rules(
    lines: list[str],
    start: int,
    end: int,
    profile: Profile,
    wrapped: bool,
    origin: list[int] | None = None,
    clean: Callable[[str], str] = _clean,
    hyphen: Callable[[str, str], bool] | None = None,
) -> tuple[tuple[Rule, ...], _Tally]:
    """The rules of lines ``start:end``, and what was read there (`_Tally`).

    A line the profile does not read as an item, but that starts like one
    (``100.1a``, ``(b)``, ``§ 3``: `_label`), and a further paragraph of a
    rule that already has one, are unread (`model.Coverage`); both are
    counted only on the branches that take them, off the path of the item
    lines."""
    # The loop runs once per line of the document: the profile's patterns and
    # the builder's methods are looked up once, before it.
    b = _Builder(profile.heading.match if profile.heading is not None else None, hyphen)
    blank = decorations = headings = 0
    rule_kind = RuleKind.RULE
    unread: list[int] = []
    repaired: list[tuple[int, str]] = []  # numbers printed "606. 8b", read as 606.8b
    sub = profile.subitem.match if profile.subitem is not None else None
    sub_stack: SubStack = ()
    sub_anchor = ""  # the item the current run of sub-items is under
    last_sub = -1  # index in b.items of the last sub-item
    start_item, add_example, add_paragraph, extend = b.start, b.example, b.paragraph, b.extend
    decoration = profile.decoration.match if profile.decoration is not None else None
    example = profile.example.match if profile.example is not None else None
    lead = profile.reference_lead.search if wrapped and profile.reference_lead is not None else None
    note = profile.note
    numbered = profile.numbered.match
    patterns = [
        (kind, pattern.match)
        for kind, pattern in (
            (RuleKind.HEADING, profile.heading),
            (RuleKind.SECTION, profile.section),
            (RuleKind.RULE, profile.rule),
        )
        if pattern is not None
    ]
    # With the joined pattern (see _joined_items), one match per line tells a
    # decoration, a numbered item and which, or a plain line; without it, the
    # patterns are tried one by one. Its table gives an item's kind and groups.
    items = _joined_items(profile)
    joined = items[0].match if items is not None else None
    alternatives = items[1] if items is not None else {}
    kind = RuleKind.RULE
    id_group: int | str = "id"
    text_group: int | str = "text"
    prev: str | None = None  # previous line of the same block, stripped
    appendix: tuple[str, int] | None = None  # the open appendix's letter, its last item
    for i in range(start, end):
        s = clean(lines[i])
        if not s:
            prev = None
            blank += 1
            continue
        notes: list[str] | None = None
        if joined is not None:
            m = joined(s)
            if m:
                found, id_group, text_group = alternatives[m.lastindex]
                if found is None:
                    decorations += 1
                    continue  # a decoration
                kind = found
        else:
            if decoration is not None and decoration(s):
                decorations += 1
                continue
            if note is not None:
                notes = [n.group().strip() for n in note.finditer(s)]
                s = note.sub("", s).strip()
                if not s:
                    b.note(notes)
                    continue
            m = None
            if numbered(s):
                for kind, match in patterns:
                    m = match(s)
                    if m:
                        break
        # A numbered or example line continues the paragraph when the line
        # before leads into a reference ("See rule" / "419.8 ..."). The lead-in
        # pattern is searched at every position of that line, so it is asked
        # only about those lines, which it can change, and not about all.
        if m and not (lead is not None and prev is not None and lead(prev)):
            rule_id, text = m.group(id_group, text_group)
            item_kind, line = kind, (origin[i] if origin else i) + 1
            if kind is _HEADING and b.items and (spaced := _spaced_number(rule_id, text, b.items[-1][0])):
                repaired.append((line, f"{rule_id}. {spaced[0].split('.', 1)[1]}"))
                rule_id, text = spaced
                item_kind = RuleKind.RULE
            headings += item_kind is not rule_kind
            start_item(rule_id, item_kind, text.strip(), line, s)
        elif sub is not None and b.items and (sm := sub(s)) is not None and sm.group("id"):
            # A sub-item, (a) or (ii): numbered under the item above (`outline.py`);
            # a label a profile's pattern leaves empty, "()", is none.
            if last_sub != len(b.items) - 1:  # the first of a run
                sub_anchor, sub_stack = b.items[-1][0], ()
            sub_stack = next_sub_item(sub_stack, sm.group("id"))
            line = (origin[i] if origin else i) + 1
            start_item(sub_item_id(sub_anchor, sub_stack), RuleKind.RULE, sm.group("text").strip(), line)
            last_sub = len(b.items) - 1
        elif s[0] in _APPENDIX_FIRST and (found_appendix := _appendix(s, appendix, prev)) is not None:
            # An appendix and its items, under any profile (see _appendix).
            rule_id, text, appendix = found_appendix
            is_head = "." not in rule_id
            headings += is_head
            start_item(rule_id, RuleKind.SECTION if is_head else RuleKind.RULE, text, (origin[i] if origin else i) + 1)
        elif (
            example is not None
            and example(s)
            and not (lead is not None and prev is not None and lead(prev))
        ):
            add_example(s)
        elif wrapped and prev is not None:
            extend(s)
            # A unit the profile does not read, run into the rule before:
            # unread, so that a misread document is told.
            if s[0] in _LABEL_FIRST and _label().match(s):
                unread.append(i)
        else:
            if (b.items and not b.in_example and b.items[-1][2]) or (s[0] in _LABEL_FIRST and _label().match(s)):
                unread.append(i)
            add_paragraph(s)
        if notes:
            b.note(notes)
        prev = s
    return b.freeze(), (end - start - blank, decorations, headings, unread, repaired)


_SPACED = re.compile(r"(\d+[a-z]) (\S.*)")

_APPENDIX_WORDS = ("Appendix", "APPENDIX", "Annex", "ANNEX", "Schedule", "SCHEDULE")


# "Appendix A", "ANNEX B - Fees", "Schedule C: Forms" (a title, not a sentence).
@functools.cache
def _appendix_pattern() -> re.Pattern[str]:
    return re.compile(
        rf"(?:{'|'.join(_APPENDIX_WORDS)})\s+(?P<id>[A-Z])(?:\.|\s*[-–—:])?"
        r"(?:\s+(?P<text>[A-Z\"“‘(][^.!?]*[^.!?\s:])|)$"
    )


def _appendix_head(s: str) -> re.Match[str] | None:
    """An appendix's heading line; only a line that starts with one of the
    words asks the pattern (compiling it costs ~1 ms, and a document without
    appendices never does)."""
    return _appendix_pattern().match(s) if s.startswith(_APPENDIX_WORDS) else None


# "A.1 Forms are white.", an item of appendix A.
@functools.cache
def _appendix_item() -> re.Pattern[str]:
    return re.compile(r"(?P<id>[A-Z])\.(?P<n>\d{1,3})\.?\s+(?P<text>\S.*)$")


_APPENDIX_FIRST = frozenset("AS" + "ABCDEFGH")
_SENTENCE_ENDED = (".", "!", "?", ":", ";", ")", '"', "”")


def _appendix(s: str, open_: tuple[str, int] | None, prev: str | None) -> tuple[str, str, tuple[str, int]] | None:
    """An appendix heading or item that the profile does not read, as (ID,
    text, the open appendix after it); None for any other line.

    Any profile reads them after its own patterns: ``Appendix A - Forms``
    (``Annex``, ``Schedule``; ID ``A``, a section) opens appendix A, and
    then ``A.1 ...``, ``A.2 ...`` are its items (``A.1``), each the next
    number of the open appendix. A line after a line that does not end a
    sentence is the text going on (``see paragraph`` / ``A.2 for ...``).
    Its cost: a set lookup per line that no pattern of the profile reads.

    >>> _appendix("Appendix B — Fees", None, None)
    ('B', 'Fees', ('B', 0))
    >>> _appendix("B.1 Fees are due.", ("B", 0), "Appendix B — Fees")
    ('B.1', 'Fees are due.', ('B', 1))
    >>> _appendix("B.3 is the form.", ("B", 1), None) is None  # not the next item
    True
    >>> _appendix("B.2 for the form.", ("B", 1), "the form in paragraph") is None
    True
    >>> _appendix("Schedule A sets out the fees.", None, None) is None
    True
    """
    if (head := _appendix_head(s)) is not None:
        letter = head.group("id")
        return letter, head.group("text") or "", (letter, 0)
    if open_ is None or (prev is not None and not prev.endswith(_SENTENCE_ENDED) and not _appendix_head(prev)):
        return None
    item = _appendix_item().match(s)
    if item is None or item.group("id") != open_[0] or int(item.group("n")) != open_[1] + 1:
        return None
    return f"{open_[0]}.{item.group('n')}", item.group("text"), (open_[0], open_[1] + 1)


def _spaced_number(heading: str, text: str, previous: str) -> tuple[str, str] | None:
    """A rule whose number was printed with a space after its first dot
    ("606. 8b Players ..."), read as a heading "606" titled "8b Players ...":
    the rule's number and text when the joined number is the one expected
    after the item before it (606.8a -> 606.8b, 702.37 -> 702.37a), else None.
    Only a lettered number is joined: "606. 8 Players" could be a title."""
    m = _SPACED.fullmatch(text.strip())
    if m is None:
        return None
    joined = f"{heading}.{m.group(1)}"
    # Its first child or next sibling. (After "606.8" the sibling would be
    # "606.9" and after "606.8z" "606.8{": never a lettered number, so
    # never taken.)
    expected = (previous + "a", previous[:-1] + chr(ord(previous[-1]) + 1))
    return (joined, m.group(2)) if joined in expected else None


_Tally = tuple[int, int, int, list[int], list[tuple[int, str]]]
"""What `_parse_rules` read: non-blank lines, decorations and section or
heading lines among them, the indexes of the unread lines, and the numbers
it repaired (`Coverage.repaired`)."""
FIRST_UNREAD = 3
"""Unread lines a `Coverage` keeps, to show."""


# What starts like a numbered item: 100.1a, 103.1.b.2., 1.2.3, 12., (b), (ii), § 4;
# a unit's word and number before a title or a sentence ("Section 1.01
# Definitions.", "ARTICLE IV", "Sec. 4-12. Fees."); not a number in running
# text ("2 damage") nor a citation in a sentence ("Section 3 of the Act").
@functools.cache
def _label() -> re.Pattern[str]:
    return re.compile(
        r"\d{1,3}(?:(?:\.(?:\d+|[a-z]))+[a-z]{0,2}\.?|[a-z]{0,2}\.)(?:\s|$)|\(\w{1,4}\)\s|§"
        r"|(?:Section|SECTION|Sec\.|SEC\.|Article|ARTICLE|Rule|RULE|Law|LAW|Regulation|REGULATION|Clause|CLAUSE"
        r"|Paragraph|PARAGRAPH|Part|PART|Chapter|CHAPTER|Canon|CANON|Title|TITLE)\s+"
        r"(?:\d{1,4}(?:[.-]\d{1,4})*[A-Za-z]?|[IVXLC]{1,7})\.?(?:\s*[-–—:]?\s+[A-Z(“\"]|\s*$)"
    )


_LABEL_FIRST = frozenset("0123456789(§SARLPCT")


# --- a numbering learned from the document ---------------------------------

MISREAD_UNREAD = 0.1
"""Share of non-blank lines a detected profile may leave unread before the
numbering inferred from the document is tried (fit.py warns from the same
share: every corpus release read with its own profile is under 0.01)."""
MISREAD_FRONT = 0.5
"""Share of its non-blank lines a detected profile may leave before its first
rule (the title, introduction, contents) before the inferred numbering is
tried: a profile that finds its first rule near the end has taken the body
for front matter (the corpora: at most 0.11, MTG 1999-11-01)."""
MISREAD_REPEATS = 0.1
"""Share of its items a detected profile may give an ID already given
(``Section 1#2``) before the inferred numbering is tried: numbers that
repeat are numbers read outside the units they restart in (every corpus
release: under 0.002)."""
FRONT_ITEMS = 0.25
"""Lines a detected profile may leave in the front matter that it reads as
items of the body with other words (`_front_items`), as a share of the items
it read, before the inferred numbering is tried (every corpus release:
under 0.003)."""
PARAGRAPHS_NUMBERED = 0.5
"""Share of a document's paragraphs that must start with a unit of the
inferred numbering for it to take the document from the ``paragraphs``
profile: a letter with a numbered list in it stays paragraphs."""


def _parse_detected(source: Source, lines: list[str] | None = None) -> Document:
    """`source` read by the built-in profile detected for it, as always;
    and, when that profile misreads it (it finds no rules, leaves
    `MISREAD_UNREAD` of the lines unread, gives `MISREAD_REPEATS` of its
    items a repeated ID, or finds no numbers at all), read by the numbering
    inferred from the document (grammar.py) if that reads it better."""
    preset = detect_profile(source.text)
    failure: ParseError | None = None
    doc: Document | None = None
    try:
        doc = _parse(source, preset, lines)
    except ParseError as exc:
        failure = exc
    front_items = doc is not None and _front_items(source, preset, doc)
    if doc is not None and not _misread(doc) and not front_items and not _front_heavy(source, doc):
        return doc
    # Imported here: a document its preset reads well (every corpus release)
    # never needs grammar.py, ~4 ms of the start of a plain comparison.
    from .grammar import grammar_profile, infer_grammar

    grammar = infer_grammar(source.text)
    if grammar is not None:
        inferred = _parse_numbering(source, grammar_profile(grammar), grammar)
        if doc is None or _reads_better(inferred, doc, source, front_items):
            return inferred
    if doc is None:
        assert failure is not None
        raise failure
    return doc


def _misread(doc: Document) -> bool:
    coverage = doc.coverage
    if not doc.numbered:
        return True
    if coverage is not None and coverage.unread_share >= MISREAD_UNREAD:
        return True
    return _repeats(doc) >= MISREAD_REPEATS * len(doc.rules)


def _front_items(source: Source, profile: Profile, doc: Document) -> bool:
    """Whether the front matter of `doc` holds `FRONT_ITEMS` or more lines
    that `profile` reads as items of the body with another text: a Contents
    repeats the body's headings word for word; a number that comes back
    with other words is a unit that reading started after (the sections of
    a constitution, which restart in each article)."""
    if not doc.rules or doc.rules[0].line - 1 < FRONT_ITEMS * len(doc.rules):
        # Each line before the first rule counts once at most: too few
        # lines cannot reach the share, and are not read (a Comprehensive
        # Rules release: ~150 lines for ~3,000 rules; 0.5 ms).
        return False
    texts = {r.id: r.text for r in doc.rules}
    patterns = [p.match for p in (profile.heading, profile.section, profile.rule, profile.subitem) if p is not None]
    front = source.text.split("\n", doc.rules[0].line)[: doc.rules[0].line - 1]
    items = 0
    for line in front:
        m = next((found for match in patterns if (found := match(line.strip()))), None)
        if m is not None and m.group("id") in texts:
            entry, body = _entry(m.group("text")), _entry(texts[m.group("id")])
            items += entry != body and not body.startswith(entry)
    return items >= FRONT_ITEMS * len(doc.rules)


def _entry(text: str) -> str:
    """A heading's words as a Contents lists them: without leader dots and a
    page number, in any case.

    >>> _entry("The Game........ 4"), _entry("THE GAME")
    ('the game', 'the game')
    """
    return text.rstrip().rstrip("0123456789").rstrip(" \t.·…_").casefold()  # no regex: linear on any run


def _repeats(doc: Document) -> int:
    return sum(1 for r in doc.rules if "#" in r.id)


def _reads_better(inferred: Document, doc: Document, source: Source, front_items: bool = False) -> bool:
    """Whether the inferred numbering reads a document better than the
    detected profile that read it as `doc`; `front_items`: whether `doc`'s
    front matter holds items of its body (`_front_items`)."""
    new, old = inferred.coverage, doc.coverage
    assert new is not None and old is not None
    if not doc.numbered:
        return len(inferred.rules) >= max(2, PARAGRAPHS_NUMBERED * len(doc.rules))
    # Fewer lines unread (the body taken for front matter counted as unread:
    # a front that is most of the document, or that holds the body's units,
    # the sections of articles before the one reading started at), then
    # fewer repeated IDs, then more units.
    new_unread = new.unread + (_front(source, inferred) if _front_heavy(source, inferred) else 0)
    old_unread = old.unread + (_front(source, doc) if front_items or _front_heavy(source, doc) else 0)
    return (new_unread, _repeats(inferred), -len(inferred.rules)) < (old_unread, _repeats(doc), -len(doc.rules))


def _front(source: Source, doc: Document) -> int:
    """The non-blank lines of `source` before the first rule of `doc`."""
    if not doc.rules:
        return 0
    return _nonblank(source.text.split("\n", doc.rules[0].line)[: doc.rules[0].line - 1])


DATE_LINE_WORDS = 4
"""Most words beside its date on a line that only dates the document
(``Effective March 1, 2022``, ``Last updated: 1 May 2025``)."""


def _date_lines(lines: list[str], units: list[Unit], clean: Callable[[str], str]) -> set[int]:
    """The lines that only date the document, printed under the headings
    that open it (``CHAPTER 7 - PARKS`` / ``Effective March 1, 2022``, a
    code's chapter whose number the grammar reads as its first unit), before
    its first unit without a title: front matter, read for the date and left
    out of the heading's text. A heading's text is its title; a line of a
    date and a few words of label under it is the document's edition.

    >>> from types import SimpleNamespace as U
    >>> lines = ["CHAPTER 7 - PARKS", "", "Effective March 1, 2022", "", "Sec. 7-101. Definitions."]
    >>> sorted(_date_lines(lines, [U(line=0, end=4, title=True), U(line=4, end=5, title=False)], str.strip))
    [2]
    >>> _date_lines(["7. Parks", "Effective March 1, 2022"], [U(line=0, end=2, title=False)], str.strip)
    set()
    """
    out: set[int] = set()
    for unit in units:
        if not unit.title:
            break
        for i in range(unit.line + 1, unit.end):
            s = clean(lines[i])
            m = date_in(s) if s else None
            if m is not None and len((s[: m.start()] + s[m.end() :]).split()) <= DATE_LINE_WORDS and find_date([s]):
                out.add(i)
    return out


def _front_heavy(source: Source, doc: Document) -> bool:
    """Whether `doc` leaves `MISREAD_FRONT` of the lines before its first rule."""
    coverage = doc.coverage
    return coverage is not None and _front(source, doc) > MISREAD_FRONT * coverage.lines


def _parse_numbering(source: Source, profile: Profile, grammar: Grammar) -> Document:
    """The units of `source` under a numbering grammar (grammar.py): each
    runs from its number to the next unit's; its lines are joined into
    paragraphs at blank lines. Lines before the first unit are the front
    matter; a line that starts like a number but is no unit is unread."""
    from .grammar import read_units  # see `_parse_detected`

    lines = source.text.split("\n")
    units, stray = read_units(lines, grammar)
    if not units:
        raise ParseError(
            "no numbered rules found",
            path=source.path,
            fix=f"is this a rules document? profile {profile.name} expects numbered lines; "
            "for paragraphs without numbers, use --profile paragraphs",
        )
    clean = _cleaner(source.text)
    start = units[0].line
    rows: list[RuleRow] = []
    headings = 0
    titled = _run_in_titled(units)
    above = _titles_above(lines, units, set(stray))
    below = _titles_below(lines, units, set(stray))
    if units[0].line - 1 in above:
        start = units[0].line - 1
    closing = _closing_block(lines, units[-1].line)
    hyphen = hyphen_kept(source.text)
    dated = _date_lines(lines, units, clean)
    for unit in units:
        paragraphs: list[str] = []
        current = [unit.text] if unit.text else []
        for i in range(unit.line + 1, min(unit.end, closing)):
            s = clean(lines[i])
            if i + 1 == unit.end and i in above:
                continue  # the next unit's title
            if i in below or i in dated:
                continue  # its own title, on the line below its number; the document's date
            if not s or _decoration(s, profile):
                if current:
                    paragraphs.append(_joined(current, hyphen))
                    current = []
                continue
            current.append(s)
        if current:
            paragraphs.append(_joined(current, hyphen))
        run_in_title = ""
        if unit.line - 1 in above:  # the first unit on its line: 1.—(1) is regulation 1's, not (1)'s
            run_in_title = clean(lines[unit.line - 1])
            above.discard(unit.line - 1)
        elif unit.line + 1 in below:
            run_in_title = clean(lines[unit.line + 1])
        if not run_in_title and unit.style in titled and paragraphs and (run_in := _run_in().match(paragraphs[0])):
            run_in_title, paragraphs[0] = run_in.group(1) + ".", paragraphs[0][run_in.end() :]
        kind = RuleKind.RULE
        if unit.title:
            kind = RuleKind.SECTION if unit.parent is None else RuleKind.HEADING
            headings += 1
        rows.append((unit.id, kind, "\n".join(paragraphs), (), unit.parent, unit.line + 1, (), run_in_title))
    title, date = _title_and_date(lines[:start] + [lines[i] for i in sorted(dated)], profile.dates)
    unread = [i for i in stray if start < i < closing]
    total = _nonblank(lines)
    layout = _nonblank(lines[:start]) + _nonblank(lines[closing:]) + sum(
        1 for i in range(start, closing) if _decoration(lines[i].strip(), profile)
    )
    return Document(
        path=source.path,
        title=title,
        date=date,
        profile=profile.name,
        rules=make_rules(rows),
        intro="\n".join(_paragraphs(lines[1:start], True, profile)),
        # A profile's own reference syntax wins; else the one its IDs and labels give.
        references=profile.reference or citation_syntax(
            (row[0] for row in rows), (level.style.label for level in grammar.levels)
        ),
        coverage=Coverage(
            lines=total,
            rules=total - layout - headings - len(unread),
            headings=headings,
            glossary=0,
            layout=layout,
            unread=len(unread),
            first_unread=tuple((i + 1, lines[i].strip()) for i in unread[:FIRST_UNREAD]),
        ),
        numbering=profile.numbering,
    )


def _joined(lines: list[str], hyphen: Callable[[str, str], bool]) -> str:
    """The lines of a paragraph as one: with a space between two lines, or
    nothing where the first ends with a word broken by a hyphen (``regis-``
    / ``tration``), the hyphen kept or not as `hyphen` says.

    >>> _joined(["the regis-", "tration is", "due"], lambda before, after: False)
    'the registration is due'
    """
    out = lines[:1]
    for line, after in zip(lines, lines[1:]):
        if line.endswith("-") and line[-2:-1].strip() and after[:1].isalnum():
            if not hyphen(line, after):
                out[-1] = out[-1][:-1]
        else:
            out.append(" ")
        out.append(after)
    return "".join(out)


def _keep_hyphen(before: str, after: str) -> bool:
    """`_joined`'s `hyphen` where the document's spellings are not read: the
    hyphen that ends a line is kept."""
    return True


TITLES_ABOVE_LEAST = 3
"""Units that must have a title on the line above their number for a
document to be read as titling its units so (`_titles_above`)."""


def _titles_above(lines: list[str], units: list[Unit], stray: set[int]) -> set[int]:
    """The lines that are the title of the unit numbered on the line below:
    a line of its own after a blank line, short and ending no sentence
    (``Registration of beekeepers`` / ``3.—(1) A person who ...``, as UK
    statutory instruments title their regulations), when at least
    `TITLES_ABOVE_LEAST` units of the document are titled so; never from
    one unit alone, so that a short last line of a paragraph stays its
    unit's text. Without it, each title is read as the end of the unit
    before, and a unit inserted with its title changes the one before it.

    >>> from ruldiff.documents.grammar import infer_grammar, read_units
    >>> text = "Rules\\n\\nFees\\n1. Pay.\\n\\nDues\\n2. Pay more.\\n\\nRoom hire\\n3. Book.\\n"
    >>> units, stray = read_units(text.split("\\n"), infer_grammar(text))
    >>> sorted(_titles_above(text.split("\\n"), units, set(stray)))
    [2, 5, 8]
    """
    found: set[int] = set()
    numbered = stray | {unit.line for unit in units}
    for unit in units:
        h = unit.line - 1
        if h < 1 or h in numbered or lines[h - 1].strip() or not lines[h].strip():
            continue
        s = lines[h].strip()
        if _title_line(s):
            found.add(h)
    return found if len(found) >= TITLES_ABOVE_LEAST else set()


_TITLE_ABOVE_WORDS = 10

TITLES_BELOW_LEAST = 3
"""Units of a style that must have their number alone on its line and a
title on the next for the style to be read as titled so (`_titles_below`)."""
TITLES_BELOW_SHARE = 0.75
"""Share of the units of a style with their number alone on its line that
must have a title on the next line (`_titles_below`)."""


def _titles_below(lines: list[str], units: list[Unit], stray: set[int]) -> set[int]:
    """The lines that are the title of a unit whose number stands alone on
    the line above and whose own unnumbered text follows (``Article 2`` /
    ``Definitions`` / ``For the purposes of this Regulation:`` / ``(a) ...``,
    as EU acts and many statutes title their articles): a line short and
    ending no sentence, as a title reads, then a line that starts a sentence
    and ends one or a clause, or runs longer than a title. Only in a style
    titled so: at least `TITLES_BELOW_LEAST` of its units, and
    `TITLES_BELOW_SHARE` of those with their number alone, have a title on
    the next line (the headings among them count: ``Article 1`` /
    ``Scope`` / ``1. ...``), so that in a document of plain articles a
    wrapped sentence's first line, or a list's first item, stays text. A
    heading's title is its text already, and is not counted here. Without
    it, the title is read as the first words of the unit's text, and the
    changelog cannot group the unit's points under it. Its precision: the
    15 titles it reads in the hand-written EU acts are all right; it reads
    none in 689 generated documents (seed 121121) and never runs on the
    archive (no inferred numbering). Its cost: a look at two lines per unit
    of an inferred numbering (5 µs for a generated code of 84 units).

    >>> from ruldiff.documents.grammar import infer_grammar, read_units
    >>> text = "Act\\n\\nArticle 1\\nScope\\n1. It applies.\\n\\nArticle 2\\nTerms\\nIn this Act:\\n(a) 'fee' is a sum.\\n\\n"
    >>> text += "Article 3\\nFees\\n1. Pay.\\n\\nArticle 4\\nStart\\nIt applies from May.\\n"
    >>> units, stray = read_units(text.split("\\n"), infer_grammar(text))
    >>> sorted(_titles_below(text.split("\\n"), units, set(stray)))
    [7, 16]
    """
    starts = {unit.line for unit in units}
    numbered = stray | starts
    counts: dict[Style, list[int]] = {}
    found: dict[Style, set[int]] = {}
    for unit in units:
        if unit.text:
            continue
        count = counts.setdefault(unit.style, [0, 0])
        count[1] += 1
        t = unit.line + 1
        if t >= unit.end or t in numbered or not _title_line(lines[t].strip()):
            continue
        count[0] += 1
        if unit.title:
            continue
        j = next((i for i in range(t + 1, unit.end) if lines[i].strip()), None)
        if j is None or j in starts:  # a line only like a number ("By 31 May, ...") is text
            continue
        s = lines[j].strip()
        if (s[:1].isupper() or s[:1] in "\"'“‘") and (
            s.endswith((".", "!", "?", ";", ":")) or len(s.split()) > _TITLE_ABOVE_WORDS
        ):
            found.setdefault(unit.style, set()).add(t)
    return {
        t
        for style, titles in found.items()
        for t in titles
        if counts[style][0] >= TITLES_BELOW_LEAST and counts[style][0] >= TITLES_BELOW_SHARE * counts[style][1]
    }


def _title_line(s: str) -> bool:
    """Whether a line reads as a title (`_titles_above`, `_titles_below`): a
    capital first, `_TITLE_ABOVE_WORDS` words at most, no sentence or clause
    ended."""
    return s[:1].isupper() and len(s.split()) <= _TITLE_ABOVE_WORDS and not s.endswith(
        (".", "!", "?", ";", ":", ",")
    )

CLOSING_WORDS = 16
"""Most words of a line of a closing block (`_closing_block`)."""


def _closing_block(lines: list[str], last: int) -> int:
    """Where the closing block of a document starts (its signatures: a
    name, an office, a date), else the number of lines: the lines after
    the last unit's text, past a blank line, two at least, none of more
    than `CLOSING_WORDS` words or ending a sentence or a clause, below a
    line that ends a sentence (``... are revoked.`` / ``Gwenllian Parry``
    / ``Minister for Rural Affairs`` / ``9th February 2026``). Read into
    the last unit, a date signed anew is a change to it.

    >>> _closing_block(["1. Fees are due.", "", "A. Byrne", "Secretary", "1st May 2026", ""], 0)
    2
    >>> _closing_block(["1. Fees are due:", "", "in cash", "by card", ""], 0)
    5
    """
    end = len(lines)
    while end > last + 1 and not lines[end - 1].strip():
        end -= 1
    k = end
    while k > last + 1:
        s = lines[k - 1].strip()
        if s and (len(s.split()) > CLOSING_WORDS or s.endswith((".", "!", "?", ";", ":", ","))):
            break
        k -= 1
    while k < end and not lines[k].strip():
        k += 1  # the block starts at its first line
    block = [line for line in lines[k:end] if line.strip()]
    if len(block) < 2 or k == 0 or lines[k - 1].strip():
        return len(lines)
    above = next((lines[i].strip() for i in range(k - 1, last - 1, -1) if lines[i].strip()), "")
    return k if above.endswith((".", "!", "?")) else len(lines)


# A run-in title: one to six words, the first capitalised, and a period,
# then a sentence ("Noise. No person shall ...", "Annual fee. Each ...").
@functools.cache
def _run_in() -> re.Pattern[str]:
    """A run-in title: up to six words and a full stop, then the text, the two
    apart by one space or more ("Dues.  Members pay ...": two spaces after a
    full stop are how many people type). A space typed before the full stop
    ("Fees . Members pay ...") is a slip: the title is "Fees." all the same."""
    return re.compile(r"([A-Z][^\s.!?]*(?:[^\S\n]+[^\s.!?]+){0,5})[^\S\n]*\.[^\S\n]+(?=[A-Z\"“‘(])")


RUN_IN_SHARE = 0.75
"""Share of the units of a numbering style, with text on their number's
line, that must start with a run-in title for the style to have them."""
RUN_IN_LEAST = 3


def _run_in_titled(units: list[Unit]) -> set[Style]:
    """The styles whose units start with a run-in title (``Sec. 4-12. Noise.
    No person shall ...``, ``Section 3. Membership. Any person ...``): a
    short sentence is a title when it is how most units of the style start
    (`RUN_IN_SHARE`, at least `RUN_IN_LEAST`), never from one unit alone, so
    "Dogs. No dog ..." in a code of titled sections is a title and "A fee is
    due." in a document of plain rules is text. The title is then the
    unit's `Rule.title`, apart from its text (the diff sees it on a line of
    its own, so it tells a new title from new text). Its cost: one match per unit of an inferred
    numbering (profiles other than an inferred one never get here).

    >>> from ruldiff.documents.grammar import parse_numbering, read_units
    >>> lines = ["Code", "Sec. 1-1. Noise. No music.", "Sec. 1-2. Dogs. No dogs.", "Sec. 1-3. Fees. Pay.", "Sec. 1-4. Pay now."]
    >>> units, _ = read_units(lines, parse_numbering("Sec. 1-1", "t"))
    >>> len(_run_in_titled(units)), len(_run_in_titled(units[:2]))
    (1, 0)
    """
    counts: dict[Style, list[int]] = {}
    for unit in units:
        if unit.text and not unit.title:
            count = counts.setdefault(unit.style, [0, 0])
            count[0] += _run_in().match(unit.text) is not None
            count[1] += 1
    return {style for style, (hits, total) in counts.items() if hits >= RUN_IN_LEAST and hits >= RUN_IN_SHARE * total}


# --- paragraphs without numbers ---------------------------------------------


def _parse_paragraphs(source: Source, profile: Profile, prefix: str) -> Document:
    """Every blank-line-separated paragraph is an item (``p1``, ``p2``...); an
    example paragraph belongs to the paragraph before it."""
    lines = source.text.split("\n")
    b = _Builder()
    for block in _blocks(lines, 0, len(lines), profile):
        text = " ".join(_clean(raw) for _, raw in block)
        if _match(profile.example, text) and b.items:
            b.example(text)
        else:
            b.start(f"{prefix}{len(b.items) + 1}", RuleKind.RULE, text, block[0][0])
    rules = b.freeze()
    if not rules:
        raise ParseError("no paragraphs found", path=source.path, fix="the file holds no text")
    read = _nonblank(lines)  # every line is part of a paragraph
    return Document(
        path=source.path, title="", date=None, profile=profile.name, rules=rules, numbered=False,
        coverage=Coverage(lines=read, rules=read, headings=0, glossary=0, layout=0, unread=0),
    )


# --- rules numbered inline -------------------------------------------------


def _successors(rule_id: str) -> set[str]:
    """Numbers that may follow a rule: its first child, its next sibling, and
    the next sibling of each of its parents (5 -> 5.a, 5.1, 6; 5.b -> 5.c, 6)."""
    segments = rule_id.split(".")
    out = {f"{rule_id}.a", f"{rule_id}.1"}
    for k in range(len(segments), 0, -1):
        last = segments[k - 1]
        if last.isdigit():
            following = str(int(last) + 1).zfill(len(last))
        elif len(last) == 1 and last.isalpha() and last != "z":
            following = chr(ord(last) + 1)
        else:
            continue
        out.add(".".join([*segments[: k - 1], following]))
    return out


def _split_inline(lines: list[str], profile: Profile) -> tuple[list[str], list[int]]:
    """Cut lines that hold several rules into one line per rule (and per
    example); return the new lines and the source line each came from."""
    assert profile.inline is not None
    out: list[str] = []
    origin: list[int] = []
    previous: str | None = None
    for n, line in enumerate(lines):
        cuts = []
        for m in profile.inline.finditer(line):
            rule_id = m.group("id")
            before = line[: m.start()]
            if profile.reference_lead is not None and profile.reference_lead.search(before):
                continue  # "See rule 134. Domain": a reference
            if previous is None or rule_id in _successors(previous):
                cuts.append(m.start())
                previous = rule_id
        if profile.inline_example is not None:
            cuts.extend(m.start() for m in profile.inline_example.finditer(line))
        bounds = [0, *sorted(set(cuts)), len(line)]
        for a, b in zip(bounds, bounds[1:]):
            piece = line[a:b].strip()
            if piece or a == 0:
                out.append(piece)
                origin.append(n)
    return out, origin


# --- glossary and free text -----------------------------------------------


# A numbered sense of a glossary term ("1. To counter a spell…", "2. A counter
# is a marker…"): always part of the entry above it, even when a blank line
# sets it apart, as in the 1999-11 and 2003-05 releases; read as a term, each
# sense became an entry of its own, added or removed on every comparison with
# a neighbouring release. No term is printed as a number and a period.
# A term glued to its first numbered sense: a letter or a closing bracket
# ("Cat (Pet)1. A pet."), then "1. " and text; after a digit, a hyphen or a
# sign ("Form 11. ...", "Level-1. ...") the number is the term's own.
_GLUED_SENSE = re.compile(r"^(.*(?:[^\W\d_]|[)\]]))(1\. \S.*)$")
_SENSE = re.compile(r"\d{1,2}\.\s")
# A term line inside a block: a few words, capitalised, with no closing
# punctuation (see `_glued_entries`); a doubled space between its words
# ("Dog  Bowl") is a slip, and "&" may stand anywhere ("AT&T Line").
_TERM_LINE = re.compile(r"[A-Z][\w'’,/()&-]*(?: +[\w'’,/()&-]+){0,4}")


@functools.cache
def _sentence_done() -> re.Pattern[str]:
    return re.compile(r"[.!?:;)\"”]$")


def _glued_entries(block: list[tuple[int, str]], wrapped: bool) -> list[list[tuple[int, str]]]:
    """A block cut where a term line follows a finished definition line
    with no blank line between them ("Companion", its definition, then
    "Concede" and its own: 2020-08-07 lost the blank line); unwrapped text
    only, where every paragraph is one line.

    >>> [[s for _, s in b] for b in _glued_entries([(1, "Cat"), (2, "A pet."), (3, "Dog"), (4, "A friend.")], False)]
    [['Cat', 'A pet.'], ['Dog', 'A friend.']]
    """
    if wrapped or len(block) < 4:
        return [block]
    out = [block[:2]]
    for k in range(2, len(block)):
        line = block[k][1]
        if (
            k + 1 < len(block)
            and len(out[-1]) >= 2
            and _TERM_LINE.fullmatch(line.rstrip())
            and _sentence_done().search(block[k - 1][1].rstrip())
        ):
            out.append([block[k]])
        else:
            out[-1].append(block[k])
    return out


def _parse_glossary(
    lines: list[str],
    start: int,
    end: int,
    profile: Profile,
    wrapped: bool,
    clean: Callable[[str], str] = _clean,
) -> tuple[Rule, ...]:
    """Glossary entries: a term line, then definition paragraphs.

    A block (between blank lines) that starts with an unindented line starts an
    entry; a block that starts indented continues the previous entry (1999-2008
    releases indent later paragraphs of a definition), and so does a block that
    starts with a sense number (`_SENSE`).
    """
    # Each paragraph and example as the lines it joins, joined at the end
    # (joined at each line, an entry of n wrapped lines cost O(n^2)).
    entries: list[tuple[str, list[list[str]], list[list[str]], int]] = []
    seen: dict[str, int] = {}
    example = profile.example.match if profile.example is not None else None
    for block in (b for whole in _blocks(lines, start, end, profile) for b in _glued_entries(whole, wrapped)):
        first_line, first = block[0]
        body = block
        if entries and (first[:1].isspace() or _SENSE.match(first)):
            paras, examples = entries[-1][1], entries[-1][2]
        else:
            term = " ".join(clean(first).split())  # "Dog  Bowl": one space between words
            # The pattern backtracks over the whole term; only a term holding
            # its "1. " can match (0.4 -> 0.01 ms a Comprehensive Rules release).
            glued = _GLUED_SENSE.match(term) if "1. " in term else None
            if glued:
                # "Ante1. A zone used only…": a release lost the line break
                # between a term and its first sense (2021-06-09, 11 terms).
                term = glued.group(1)
            n = seen.get(term, 0) + 1
            seen[term] = n
            entries.append((term if n == 1 else f"{term}#{n}", [], [], first_line))
            paras, examples = entries[-1][1], entries[-1][2]
            body = block[1:]
            if glued:
                paras.append([glued.group(2)])
        target = paras
        prev_indent = -1
        for _, raw in body:
            s = clean(raw)
            indent = len(raw) - len(raw.lstrip()) if wrapped else 0  # only read when wrapped
            if example is not None and example(s):
                examples.append([s])
                target = examples
            elif wrapped and target and prev_indent >= 0 and indent <= prev_indent:
                target[-1].append(s)
            else:
                target.append([s])
            prev_indent = indent
    glossary = RuleKind.GLOSSARY
    return make_rules(
        (f"glossary:{term}", glossary, "\n".join(map(" ".join, paras)), tuple(map(" ".join, examples)), None, line, (), "")
        for term, paras, examples, line in entries
    )


def _blocks(
    lines: list[str], start: int, end: int, profile: Profile
) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    decoration = profile.decoration.match if profile.decoration is not None else None
    for i in range(start, end):
        raw = lines[i].rstrip()
        # raw has no trailing white space: it is blank when empty, and
        # stripped when its indent is.
        if not raw or (decoration is not None and decoration(raw.lstrip())):
            if current:
                blocks.append(current)
                current = []
            continue
        current.append((i + 1, raw))
    if current:
        blocks.append(current)
    return blocks


def _paragraphs(lines: list[str], wrapped: bool, profile: Profile) -> list[str]:
    out: list[str] = []
    for block in _blocks(lines, 0, len(lines), profile):
        if wrapped:
            out.append(" ".join(_clean(raw) for _, raw in block))
        else:
            out.extend(_clean(raw) for _, raw in block)
    return out
