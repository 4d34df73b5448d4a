"""Rule numbers in text: references, their updates, and stale references.

- `references(text, syntax=None)` -> the rule numbers a text refers to.
- `reference_spans(text, syntax=None)` -> the same, with their offsets.
- `other_document(text, at, printed, title)` -> whether a reference is to
  another document; `own_references(text, syntax, title)` -> the spans
  without those.
- `renumbering(changes)` -> the old -> new map collapsed into runs.
- `is_reference_update(deleted, inserted, before, id_map)`,
  `updates_references(deleted, inserted, before, after, id_map, syntax)` ->
  whether an edit run only gives references the new numbers of their rules.
- `repairs_references(deleted, inserted, before, after, id_map, syntax, targets)`
  -> whether an edit run only puts right references that named no rule
  (`Targets`: the two documents' rule IDs).
- `map_numbers(text, id_map)` -> a text with each rule number replaced by its
  new number.
- `References`: what tells a stale reference, in a change (`of_change`,
  asked of the changes `citing` finds) or in the rules a release left alone
  (`of_rules`), and a possibly stale one in an added rule (`possibly_stale`).
- `split_last(rule_id)`, `SEGMENT`: a rule number read as its segments.

Claims: a run is a ``cross-reference`` when its two sides differ only in
rule numbers, each old number replaced by the new number of the same rule
(903.13 -> 903.11 when old 903.13 became new 903.11), or a number the old
document does not hold (a reference an earlier release left dangling) by
one the new document holds (`repairs_references`); a reference is
``stale`` when it points nowhere, or when the release left it at the number
of a rule it renumbered. A reference names this document only when its
number is of a form the document is numbered in (the reference syntax) and
nothing ties it to another document (`other_document`). A hint,
not a claim: an added rule's reference is *possibly stale* when it cites the
old number of a rule the release renumbered and its sentence reads as
meaning what that number held before (`References.possibly_stale`).

Precision, on the blind set (426 changes; docs/trust.md):
``cross-reference`` 100% as drawn and now (41 of 41); stale-reference lines
78.6% as drawn (11 of 14), 100% now (11 of 11); on the four earlier sets
every summary line at 100%. Possibly stale (a hint, not counted), read
over every adjacent MTG and Riftbound pair and the gaps mtg 2009-10-01 ->
2026-01-16, 2013-02-01 -> 2015-01-23 and 2019-01-25 -> 2021-04-19: 1 flag,
1 right (an added rule citing "rule 217.8" in 2001-07 for what 217.8 held
before: the zone change, now 217.1c); of the 159 references of added rules
to a renumbered rule's old number that reach the words test, the test keeps
that one, and every one of 20 others drawn at random cites the number for
what it holds now. A sentence without words of its own ("See rule 103.3a.")
read as its whole rule found nothing more.

A dangling reference put right (`repairs_references`, issue #26's
xref-fix): over every adjacent MTG and Riftbound pair and the 17-year gap,
7 changes newly ``cross-reference`` (6 repairs, one of them in both an
adjacent pair and the gap), 7 of 7 right: each old number is in no rule of
its release (nor anywhere else in its text), and the new one is the rule the
sentence means ("(See rule 102.6.)" on loops -> 102.4b, the loop rule). On
the generator (bench/README.md, "Dangling references put right") every
planted repair of a number that named nothing is found, and no output
changes but those tags. Cost on the 17-year gap (`bench/claims.py --cpu
--runs 5`, interleaved with the code before twice, machine at load ~9):
run building 51, 49 -> 53, 53 ms; the semantic pass 345, 336 -> 338, 338
ms (within the noise). Of 1,898 runs asked, 368 keep their count of words
and 31 reach the reference syntax.

A kept reference is not flagged stale when its sentence speaks of what the
number holds now (`References.meant_now`, the hint's test turned round,
three shared words at least). Over every adjacent MTG and Riftbound pair and
six gap pairs, 58 stale flags: it drops one, the gap-fresh set's only false
stale line (a sentence on face-down cards citing the new face-down rule's
number, 2019-05-03 -> 2023-10-13), and no other; so gap-fresh's stale lines
read 9 of 9, a set now tuned on. The 17-year gap's outputs are unchanged
(its cost is within the noise: the test runs only on a flag).

Cost on the 17-year gap (`bench/claims.py --cpu`, "references/stale": the
renumbering map, stale references of every rule, possibly stale ones of the
added rules, numbers mapped for the tags): 41 ms of CPU on a quiet machine
before the possibly-stale hint; measured with it on a loaded one, interleaved
with the revision before (median of 5 runs, three times each): 53, 53, 53 ms
before and 53, 48, 86 ms after, the semantic pass 390-402 ms before and
393-396 after. The hint costs about 7 ms (it reads the added rule's
references `of_change` just read: `_last_spans`), paid back by asking
`other_document`, the costliest test, last in `stale`. With `of_change`
asking `stale` only of a rule that cites a removed or renumbered number, and
`map_numbers` returning a text without digits as it is: 47 -> 45 and 61 -> 57
ms (two interleaved rounds of `bench/claims.py`, loaded machine, H12).
With `other_document` the one test of every syntax (branch `citations`,
`_REFERENCE` without its look-ahead): 36, 36 ms before and 36, 35 after
(`--cpu --runs 3`, two interleaved rounds, loaded machine). Session 8
(`References.citing`: `of_change` and `possibly_stale` asked only of the
changes whose text cites a moved or missing number, found in one pass):
36/35 -> 24/24 ms (`--cpu --runs 5`, two rounds interleaved with c7ed747).
Session 15 (speed23: the citing changes' spans handed over by `citing`,
not scanned again; `_leans` reading `that` text only when `this` one is
enough): 25 -> 22 ms (`--cpu --runs 3`, medians of seven rounds
interleaved with c6d638e).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import NamedTuple

from .align import dice, word_set
from .classify import is_cosmetic
from .text import SENTENCE_END, SENTENCE_END_OR_TEXT, phrase_in
from ..documents.citations import cited, cited_numbers
from ..model import Change, ChangeKind, Op, Renumbering, Rule, RuleKind

__all__ = [
    "SEGMENT", "References", "Targets", "is_reference_update", "map_numbers", "other_document", "own_references",
    "reference_spans", "references", "renumbering", "repairs_references", "split_last", "updates_references",
]


def _within(inner: str, outer: str) -> bool:
    """Whether number `inner` lies under `outer` ("409.1" under "409",
    "212.4b" under "212.4"; not "4091" nor "409" under itself).

    >>> _within("409.1", "409"), _within("212.4b", "212.4"), _within("4091", "409"), _within("409", "409")
    (True, True, False, False)
    """
    return len(inner) > len(outer) and inner.startswith(outer) and not inner[len(outer)].isdigit()


# A title quoted right after a reference: 'rule 603, "Handling Triggered
# Abilities."' (`References.misnamed`).
_QUOTED_TITLE = re.compile(r",?\s*[“\"]([^“”\"]{1,80}?)[.,]?[”\"]")

SAME_CONTENT = 0.6
"""Word similarity from which a number that a reference kept still holds
what it held (so the reference is not stale)."""


_PLURAL_S = re.compile(r"(?<=\w)s\b")
"""A word's final "s", dropped from a title and the text beside a reference
alike, so that either number names the title (`References.named`)."""
NAMED_TITLE_WORDS = 6
NAMED_REACH = 40
"""A reference is taken as meant when the title of its new target, of
`NAMED_TITLE_WORDS` words or fewer, stands within `NAMED_REACH` characters
of it (`References.named`)."""


# A rule number: 1-3 digits (a section, a heading), then a number with an
# optional subrule letter (903.13, 704.5s), then dotted segments as some
# publishers number subrules (Riftbound: 103.1.b.2).
_ID = r"\d{1,3}(?:\.\d+[a-z]?)?(?:\.(?:\d+|[a-z])\b)*"
_FULL_ID = r"\d{3}\.\d+[a-z]?(?:\.(?:\d+|[a-z])\b)*"
# A reference: "rule 903.13", "rules 702.19–702.21", "section 8", "See rule
# 318. Cleanups", or a bare full rule number (with a period) anywhere in the
# text. Whether it is another document's ("section 4 of the Licensing Act")
# is `other_document`'s question, as for every syntax.
_REFERENCE = re.compile(rf"\b(?:rules?|sections?)\s+({_ID})\b|\b({_FULL_ID})\b")
_RANGE_END = re.compile(rf"\s*(?:[-–—]|through|to)\s*(\d{{3}}(?:\.\d+[a-z]?)?(?:\.(?:\d+|[a-z])\b)*)\b")
# Numbers that can be rule numbers inside an edit run.
_NUMBER = re.compile(rf"\b{_ID}\b")
# A range of subrules by their letters (601.2e–g), else a rule number.
_NUMBER_OR_LETTER_RANGE = re.compile(
    rf"\b(?P<base>\d{{3}}\.\d+)(?P<first>[a-z])(?P<dash>[-–—])(?P<last>[a-z])\b|\b{_ID}\b"
)
_DIGIT = re.compile(r"\d")
_RANGE_LETTER = re.compile(r"\b(\d{3}\.\d+)[a-z][-–—]$")
_DOT_DIGIT = re.compile(r"\.\d")


SEGMENT = re.compile(r"\d+|[A-Za-z]+")


# Enum members as module constants: one read from its class goes through
# `EnumType.__getattr__`'s hook, ~0.1 µs a look-up.
_ADDED, _SPLIT, _EQUAL, _DELETE = ChangeKind.ADDED, ChangeKind.SPLIT, Op.EQUAL, Op.DELETE


def _follows(a: str, b: str) -> bool:
    """Whether ID b is the sibling right after ID a: the same segments but the
    last, which is one more (903.10 -> 903.11, 714 -> 715, 103.1.b.2 ->
    103.1.b.3) or the next letter (704.5s -> 704.5t; k -> m too, as the MTG
    rules skip l and o)."""
    sa, sb = SEGMENT.findall(a), SEGMENT.findall(b)
    if not sa or len(sa) != len(sb) or sa[:-1] != sb[:-1]:
        return False
    x, y = sa[-1], sb[-1]
    if x.isdigit() and y.isdigit():
        return int(y) == int(x) + 1
    if len(x) == 1 and len(y) == 1 and x.isalpha() and y.isalpha():
        after = chr(ord(x) + 1)
        return y == after or (after in "lo" and y == chr(ord(x) + 2))
    return False


def _is_child(rule_id: str, parent: str) -> bool:
    """Whether a rule ID is a subrule right under `parent` (102.4a, 103.1.b)."""
    last = split_last(rule_id)
    return last is not None and last[0] == parent


def split_last(rule_id: str) -> tuple[str, str] | None:
    """(parent ID, last segment): ("903.13", "a") for 903.13a, ("103.1", "b")
    for 103.1.b, ("714", "1") for 714.1, ("12.3", "b") for the sub-item
    12.3(b); None for a single segment."""
    last = None
    for last in SEGMENT.finditer(rule_id):
        pass
    if last is None or last.start() == 0:
        return None
    return rule_id[: last.start()].rstrip(".("), last.group()


def first_parts(*ids: Iterable[str]) -> tuple[int, int] | None:
    """The least and greatest first part, in figures, of the numbers `ids`
    (`References.span`); None when none starts with figures.

    >>> first_parts(["8", "8-1", "8-43"], ["II"]), first_parts(["100.1a", "9"], ["905.2"]), first_parts(["A"])
    ((8, 8), (9, 905), None)
    """
    values = [int(v) for v in {v for group in ids for v in _FIRST_FIGURES.findall("\n".join(group))}]
    return (min(values), max(values)) if values else None


_FIRST_FIGURES = re.compile(r"^\d+(?![A-Za-z\d])", re.MULTILINE)
"""The first part of an ID, one a line, when it is in figures (``8`` of
``8-43``, ``100`` of ``100.1a``; not ``5a`` nor ``12a``, whose first parts
are ``5a`` and ``12a``: the figures are read whole, never cut short of a
letter)."""


def renumbering(changes: Sequence[Change]) -> tuple[Renumbering, ...]:
    """The old -> new numbers of renumbered rules, collapsed into runs.

    A subrule that only follows its renumbered parent (903.13a -> 903.11a
    under 903.13 -> 903.11) is implied and not listed.

    >>> from ruldiff.model import Rule, RuleKind, ChangeKind, Change
    >>> def ch(a, b):
    ...     return Change(ChangeKind.RENUMBERED, Rule(a, RuleKind.RULE, a), Rule(b, RuleKind.RULE, b), ())
    >>> [(r.old, r.new) for r in renumbering([ch("903.10", "903.8"), ch("903.11", "903.9"), ch("701.9", "701.10")])]
    [('903.10-903.11', '903.8-903.9'), ('701.9', '701.10')]
    """
    moved = {
        c.old.id: c.new.id
        for c in changes
        if c.old and c.new and c.old.id != c.new.id and c.old.kind is not RuleKind.GLOSSARY
        and c.kind in (ChangeKind.RENUMBERED, ChangeKind.SPLIT, ChangeKind.MERGED)
    }
    entries: list[tuple[str, str]] = []
    for old, new in moved.items():
        po, pn = split_last(old), split_last(new)
        if po and pn and po[1] == pn[1] and moved.get(po[0]) == pn[0]:
            continue  # implied by its parent (903.13a -> 903.11a under 903.13 -> 903.11)
        entries.append((old, new))
    runs: list[list[tuple[str, str]]] = []
    for old, new in entries:
        if runs and _follows(runs[-1][-1][0], old) and _follows(runs[-1][-1][1], new):
            runs[-1].append((old, new))
        else:
            runs.append([(old, new)])
    return tuple(
        Renumbering(run[0][0], run[0][1])
        if len(run) == 1
        else Renumbering(f"{run[0][0]}-{run[-1][0]}", f"{run[0][1]}-{run[-1][1]}")
        for run in runs
    )


def references(text: str, syntax: re.Pattern[str] | None = None) -> list[tuple[str, str]]:
    """(target ID, text as printed) of each reference in a text.

    `syntax` is a document's own (`Document.references`, from its profile):
    each match is one reference, its group ``id`` the target. Without it, the
    built-in syntax:

    >>> references("See rule 903.13, rules 702.19–702.21, and section 8. Also 101.4a.")
    [('903.13', 'rule 903.13'), ('702.19', 'rules 702.19'), ('702.21', '702.21'), ('8', 'section 8'), ('101.4a', '101.4a')]
    >>> references("See rule 318. Cleanups, and rule 103.1.b.2.")
    [('318', 'rule 318'), ('103.1.b.2', 'rule 103.1.b.2')]
    >>> references("under Art. 12 and Art. 3", re.compile(r"\\bArt\\.\\s*(?P<id>\\d+)"))
    [('12', 'Art. 12'), ('3', 'Art. 3')]
    """
    return [(target, printed) for _, target, printed in reference_spans(text, syntax)]


def reference_spans(text: str, syntax: re.Pattern[str] | None = None) -> list[tuple[int, str, str]]:
    """(offset, target ID, text as printed) of each reference in a text (see
    `references`); the offsets place the references of a whole document,
    scanned at once, in its rules."""
    if syntax is not None:
        return [(m.start(), cited(m), m.group(0)) for m in syntax.finditer(text)]
    out = []
    for m in _reference_matches(text):
        out.append((m.start(), m.group(1) or m.group(2), m.group(0)))
        end = _RANGE_END.match(text, m.end())
        if end and "." not in end.group(1):  # a full number is found by the next match
            out.append((end.start(1), end.group(1), end.group(1)))
    return out


def own_references(text: str, syntax: re.Pattern[str] | None, title: str) -> list[tuple[int, str, str]]:
    """`reference_spans` without those to another document (`other_document`;
    `title` is this document's): the references that name this document.

    >>> own_references("See rule 5.1, not rule 7 of the Fishing Code.", None, "Harbour Rules")
    [(4, '5.1', 'rule 5.1')]
    """
    return [s for s in reference_spans(text, syntax) if not other_document(text, s[0], s[2], title)]


Spans = list[tuple[int, str, str]]
"""A text's references: (offset, target ID, text as printed), `reference_spans`."""


_last_spans = functools.lru_cache(maxsize=1)(reference_spans)
"""`reference_spans` of the last text asked: `References.of_change` and then
`References.possibly_stale` read the same added rule (5 of the 12 ms the
latter costs on the 17-year gap)."""


def _new_text(c: Change) -> str:
    """The new text of a change: its new rule's, or a split's parts' one a
    line (`Change.news`, not built for the others)."""
    assert c.new is not None
    return "\n".join(r.full_text for r in c.news) if c.kind is _SPLIT and c.more else c.new.full_text


def _reference_matches(text: str) -> list[re.Match[str]]:
    """The matches of ``_REFERENCE.finditer(text)``, found from literals.

    The regex engine scans fast only for a pattern that starts with a
    literal, and most rules refer to no other rule: a match can only start at
    ``rule`` or ``section``, or three digits before a period and a digit (a
    full number), so only those places are tried, left to right, each from
    the end of the last match as ``finditer`` goes on.

    >>> [m.group() for m in _reference_matches("See rules 702.19–702.21 and 1903.1, 101.4a.")]
    ['rules 702.19', '702.21', '101.4a']
    """
    starts = [dot.start() - 3 for dot in _DOT_DIGIT.finditer(text)]
    for lead in ("rule", "section"):
        at = text.find(lead)
        while at >= 0:
            starts.append(at)
            at = text.find(lead, at + len(lead))
    out = []
    end = 0
    for at in sorted(starts):
        if at >= end:  # not inside the last match (nor before the text)
            m = _REFERENCE.match(text, at)
            if m:
                out.append(m)
                end = m.end()
    return out


def is_reference_update(deleted: str, inserted: str, before: str, id_map: dict[str, str]) -> bool:
    """Whether a run only replaces rule numbers by their new numbers (the
    built-in reference syntax: numbers shaped like rule numbers)."""
    # The end of a range of subrules: "601.2a–g" -> "601.2a–h" edits one letter.
    d, i = deleted.strip(), inserted.strip()
    if len(d) == 1 == len(i) and "a" <= d <= "z" and "a" <= i <= "z":
        end = _RANGE_LETTER.search(before)
        if end:
            return id_map.get(end.group(1) + d) == end.group(1) + i
    if not _NUMBER.search(deleted) or not _NUMBER.search(inserted):
        return False
    mapped = map_numbers(deleted, id_map).strip()
    return mapped != d and (mapped == i or is_cosmetic(mapped, i) and _NUMBERS_OF(mapped) == _NUMBERS_OF(i))


def _NUMBERS_OF(text: str) -> list[str]:
    return _NUMBER.findall(text)


def map_numbers(text: str, id_map: dict[str, str]) -> str:
    """A text with every rule number replaced by its new number, the letter
    ranges of subrules included ("601.2e–g" -> "601.2f–h" when 601.2e became
    601.2f and 601.2g became 601.2h).

    >>> map_numbers("rules 601.2e–g and 702.1", {"601.2e": "601.2f", "601.2g": "601.2h", "702.1": "702.2"})
    'rules 601.2f–h and 702.2'
    """

    def mapped(m: re.Match[str]) -> str:
        base, first, dash, last = m.group("base", "first", "dash", "last")
        if base is None:
            return id_map.get(m.group(), m.group())
        start, end = id_map.get(base + first, base + first), id_map.get(base + last, base + last)
        if start[:-1] == end[:-1] and start[-1:].isalpha() and end[-1:].isalpha():
            return f"{start}{dash}{end[-1]}"
        return id_map.get(base + first, base + first) + m.group()[len(base) + 1 :]

    if not _DIGIT.search(text):
        return text  # most texts a run deletes: no number, as every match starts with a digit
        # (the 3,777 calls of the 17-year gap 6.1 -> 4.1 ms of CPU)
    # One pass: a number is mapped once, never again after a range mapped it.
    return _NUMBER_OR_LETTER_RANGE.sub(mapped, text)


def updates_references(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str],
) -> bool:
    """Whether a run only replaces the targets of references written in a
    profile's own syntax by their new numbers: in the old text around the run,
    each reference whose ``id`` the run touches gets the new number of its
    target, and that must give the new text.

    >>> art = re.compile(r"\\bArticle (?P<id>[A-Z]\\d+)")
    >>> updates_references("A2", "A3", "As in Article ", ", pass.", {"A2": "A3"}, art)
    True
    >>> updates_references("2", "3", "Draw ", " cards.", {"2": "3"}, art)
    False
    """
    old = before + deleted + after
    start, end = len(before), len(before) + len(deleted)
    pieces, copied = [], 0
    for m in syntax.finditer(old):
        spans = cited_numbers(m)
        if max(b for _, b in spans) <= start or min(a for a, _ in spans) >= max(end, start + 1):
            continue  # a reference the run does not touch
        target = id_map.get(cited(m))
        if target is None:
            return False
        if len(spans) == 1:
            own = target
            if old[spans[0][0] : spans[0][0] + 1].islower():  # "rule 3(b)" -> "rule 3(c)", as printed
                own = own[:1].lower() + own[1:]
            numbers = [own]
        else:  # "Article II, Section 4", "Section 4 of Article II": each number of the new ID where it stood
            numbers = target.rsplit(".", len(spans) - 1)
            if len(numbers) != len(spans):
                return False
        for (a, b), number in sorted(zip(spans, numbers)):
            pieces += [old[copied:a], number]
            copied = b
    if not pieces:
        return False
    return "".join(pieces) + old[copied:] == before + inserted + after != old


class Targets(NamedTuple):
    """What tells a dangling reference put right (`repairs_references`): the
    rule IDs of the old and the new document, and the new one's title (for
    `other_document`)."""

    old: frozenset[str]
    new: frozenset[str]
    title: str


_REPAIR_REACH = 300  # characters each side of a run read for the references it touches
# What a rule number's pieces are made of: digits, a letter alone (the "b" of
# "4(b)", the "s" of "704.5s"), a Roman numeral ("II" of "Article II").
_NUMERALS = re.compile(r"\d+|(?<![A-Za-z])(?:[A-Za-z]|[IVXLCDM]+)(?![A-Za-z])")


def repairs_references(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str] | None, targets: Targets, kept: tuple[int, int] | None = None,
) -> bool:
    """Whether a run only puts right references that named no rule: each
    reference to this document whose number the run changes either named a
    number the old document does not hold (a reference left dangling by an
    earlier release) and now names a rule of the new document, or follows
    the renumbering, at least one the former; and the run changes nothing
    but those numbers. A reference whose old number named a rule of the old
    document and now names another is retargeted (a substantive edit), and
    a reference to another document (`other_document`) is never this
    document's to put right.

    `before` and `after` are the new text around the run, and the old text
    only as far as no other run edited it: `kept`, how far that is on each
    side (None: all of `before` and `after`). A reference the run touches
    must lie within it, so that what it named before is read from the old
    text ("§ 5(b)(3)" -> "§ 4(a)(4)" edited in two runs, `5(b` -> `4(a` and
    `3` -> `4`, names § 5(b)(3) before, never the § 5(b)(4) that the first
    run with the second's new text around it would read).

    >>> t = Targets(frozenset({"3.1", "3.4"}), frozenset({"3.1", "3.4"}), "Club Rules")
    >>> m = {"3.1": "3.1", "3.4": "3.4"}
    >>> repairs_references("3.9", "3.4", "as in section ", ", the chair decides.", m, None, t)
    True
    >>> repairs_references("3.1", "3.4", "as in section ", ", the chair decides.", m, None, t)  # retargeted
    False
    >>> repairs_references("3.9", "3.4", "as in section ", " of the Licensing Rules.", m, None, t)
    False
    >>> repairs_references("3.9 and 3.1", "3.4 and 3.1", "sections ", ".", m, None, t)
    True
    """
    # More than numbers changed, word for word: most runs end here (a space
    # is never a number's), the pattern read only on the words that differ.
    if deleted.count(" ") != inserted.count(" "):
        return False
    words, now_words = deleted.split(), inserted.split()
    if not words or len(words) != len(now_words) or any(
        w != v and _NUMERALS.sub("", w) != _NUMERALS.sub("", v) for w, v in zip(words, now_words)
    ):
        return False
    before, after = before[-_REPAIR_REACH:], after[:_REPAIR_REACH]
    start = len(before)
    old, new = before + deleted + after, before + inserted + after
    was = _touched(old, start, start + len(deleted), syntax)
    now = _touched(new, start, start + len(inserted), syntax)
    if not was or len(was) != len(now) or _masked(old, was) != _masked(new, now):
        return False  # the run changed more than the numbers of references
    if kept is not None:
        low, high = start - kept[0], start + len(deleted) + kept[1]
        if any(at < low or at + len(printed) > high for at, _, printed, _ in was):
            return False  # another run edited the reference too: what it named before is not in `old`
    repaired = False
    for (at, target, printed, _), (at_now, fixed, fixed_printed, _) in zip(was, now):
        if target == fixed:
            continue
        if target in targets.old:
            if id_map.get(target) != fixed:
                return False  # retargeted, or an update that is not the renumbering's
        elif fixed in targets.new:
            repaired = True
        else:
            return False  # still naming nothing
        if other_document(old, at, printed, targets.title) or other_document(new, at_now, fixed_printed, targets.title):
            return False
    return repaired


_Cited = tuple[int, str, str, list[tuple[int, int]]]  # where, target, as printed, the spans of its numbers


def _touched(text: str, start: int, end: int, syntax: re.Pattern[str] | None) -> list[_Cited]:
    """The references of `text` whose numbers text[start:end] overlaps (an
    empty stretch: whose number holds its place or ends there)."""
    if syntax is None:
        found: list[_Cited] = [(at, target, printed, [(at + len(printed) - len(target), at + len(printed))])
                               for at, target, printed in reference_spans(text)]
    else:
        found = [(m.start(), cited(m), m.group(0), cited_numbers(m)) for m in syntax.finditer(text)]
    if start == end:
        return [f for f in found if any(a <= start <= b for a, b in f[3])]
    return [f for f in found if any(a < end and start < b for a, b in f[3])]


def _masked(text: str, cited: list[_Cited]) -> str:
    """The text with the numbers of the references `cited` blanked out."""
    pieces, copied = [], 0
    for a, b in sorted(span for f in cited for span in f[3]):
        pieces += [text[copied:a], "\0"]
        copied = b
    return "".join(pieces) + text[copied:]


_RANGE_START = re.compile(r"[-–—]\s*$|\b(?:through|to)\s+$")
_RANGE_NEXT = re.compile(r"\s*(?:[-–—]\s*|\s(?:through|to)\s+)\w")


# What shows that a reference is to another document: an abbreviation of its
# name right before the number ("CR 184.6", "MTR section 2"), or a document
# named earlier in the sentence ("as the Core Rules say in rule 101").
_OTHER_DOCUMENT_ABBREVIATION = re.compile(r"\b([A-Z]{2,6})\s+(?:(?:rules?|sections?)\s+)?$")
_REFERENCE_AT = re.compile(r"^(?:[^\W\d]+\s+)?\S+")  # "rule 903.13", "484.8.e": what `at` starts
_NEXT_SENTENCE = re.compile(r"\s*$|\s+[^\w\s]*[A-Z]")  # what follows a full stop that ends a sentence
_QUOTED_AFTER = re.compile(r"\s*[“\"][^”\"\n]{1,80}[”\"]")  # a title quoted after the reference
_OTHER_DOCUMENT_NAME = re.compile(
    r"\b((?:[A-Z][\w’'-]*\s+)+)(?:Rules|Guide|Policy|Regulations|Procedures|Handbook)\b"
)
# A reference tied to the document or part it is "of" ("section 12-7 of the
# Public Health Act", "§ 5(b) of the Coastal Code", "rule 5 of Chapter 3",
# "article 5 of the Treaty"): capitalised words after "of", the rest of a
# number and the sub-items the reference syntax left out allowed between
# ("section 12" of "section 12-7 of the Public Health Act"). A slip of the
# pen there ("rule 5. of Chapter 3", "rule 5of Chapter 3", "rule 5((b) of
# Chapter 3") still ties it: read as this document's, the reference could be
# flagged stale, a claim made on a guess; read as another's, nothing is said.
_OF_NAME = re.compile(r"(?:[-–.]\d*)*(?:\([^)\s]{1,6}\))*,?\s*of\s+(?:the\s+)?((?:[A-Z][\w’'-]*\s*)+)")
# A document cited by a number no rule is numbered in, before the reference
# in its sentence: "Directive 2003/88/EC, article 7", "Regulation (EU)
# 2016/679, Article 6(1)", "Ordinance 2004/17, section 3": a year on one side
# of the slash (a creature's "Zombie 2/2" is no document). Glued
# ("Directive2003/88", "Regulation (EU)2016/679") it is the same document.
_OTHER_DOCUMENT_NUMBER = re.compile(
    r"\b[A-Z][a-z]+\s*(?:\([A-Z]{2,6}\)\s*)?(?:No\.\s*)?(?:\d{4}/\d+|\d+/\d{4})"
)


def other_document(text: str, at: int, printed: str = "", title: str = "") -> bool:
    """Whether the reference at `at` in `text` (`printed` as the
    reference syntax read it, if known) is to another document: another
    document's abbreviation right before it ("CR 184.6"), its name
    earlier in the sentence or after the reference ("as the Core Rules
    say, rule 5.1"), a document cited by a number of another form before
    it ("Directive 2003/88/EC, article 7"), or capitalised words it is
    "of" ("section 12-7 of the Public Health Act", "rule 5 of Chapter 3")
    that are not this document's `title`. The one place that tells: every
    reference syntax (the built-in one, a profile's, one derived from a
    document's IDs) says only what a reference looks like, and everything
    that reads a document's references asks this (`own_references`).

    >>> title = "Riftbound Tournament Rules"
    >>> other_document("See CR 184.6.", 7, title=title), other_document("as the Core Rules say, rule 5.1", 26, title=title)
    (True, True)
    >>> other_document("See rule 184.6 of these Tournament Rules.", 4, title=title)
    False
    >>> other_document("See rule 184.6. The Core Rules differ.", 4), other_document("See 18.4.b. The Core Rules differ.", 4)
    (False, False)
    >>> other_document("as defined by 101.1. in the Core Rules.", 14, title=title)
    True
    >>> t = "under section 12-7 of the Public Health Act"
    >>> other_document(t, 6, "section 12-7"), other_document("rule 5(b) of Chapter 3", 0, "rule 5")
    (True, True)
    >>> other_document("rule 5 of the Riftbound Tournament Rules", 0, "rule 5", title)
    False
    >>> other_document("Directive 2003/88/EC, article 7 applies", 21, "article 7")
    True
    >>> other_document('See section 6, "Multiplayer Rules."', 4, "section 6", title)
    False
    """
    sentence = SENTENCE_END.split(text[max(0, at - 200) : at])[-1]
    abbreviation = _OTHER_DOCUMENT_ABBREVIATION.search(sentence)
    initials = _initials(title)
    if abbreviation and not initials.endswith(abbreviation.group(1)):
        return True
    if printed:
        of = _OF_NAME.match(text, at + len(printed))
        if of:
            return not all(w in title for w in of.group(1).split())
    if _OTHER_DOCUMENT_NUMBER.search(sentence):
        return True
    window = text[at : at + 200]
    m = _REFERENCE_AT.match(window)
    reference = m.group() if m else ""
    # "See rule 100.3. The Core Rules differ.": the full stop the match
    # took ends the sentence; the next one names nothing of this reference.
    after = window[len(reference) :]
    # "See section 6, "Multiplayer Rules."": a title quoted right after the
    # reference is what it cites, no other document.
    quoted = _QUOTED_AFTER.match(after)
    if quoted:
        after = after[quoted.end() :]
    ended = reference.endswith((".", ";", "!", "?")) and _NEXT_SENTENCE.match(after) is not None
    rest = "" if ended else SENTENCE_END_OR_TEXT.split(after, maxsplit=1)[0]
    for name in (*_OTHER_DOCUMENT_NAME.finditer(sentence), *_OTHER_DOCUMENT_NAME.finditer(rest)):
        words = name.group(1).split()
        if not all(w in title for w in words):
            return True
    return False


HELD_WORDS = 8
"""How many words of what a number held before a possibly stale reference shows."""

_FUNCTION_WORDS = frozenset(
    "a an and are as at be by for from has have if in is it its of on or that the this to was with "
    "rule rules see section sections".split()
)


def _content_words(text: str) -> frozenset[str]:
    """The words of a text that say what it is about: lower-cased, a final
    "s" dropped, neither numbers nor function words."""
    return frozenset(
        w[:-1] if w.endswith("s") else w
        for w in word_set(text) if len(w) > 2 and not w[0].isdigit() and w not in _FUNCTION_WORDS
    )


def _shared(words: frozenset[str], text: str) -> int:
    """How many of `words` (`_content_words`) a text holds, plural or not."""
    in_text = word_set(text)
    return sum(1 for w in words if w in in_text or w + "s" in in_text)


def _sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds text[start:end], without it."""
    before = SENTENCE_END.split(text[max(0, start - 300) : start])[-1]
    after = SENTENCE_END_OR_TEXT.split(text[end : end + 300], maxsplit=1)[0]
    return before + " " + after


def _start(text: str) -> str:
    """The first `HELD_WORDS` words of a text, "…" marking a cut."""
    words = text.split()
    return " ".join(words[:HELD_WORDS]) + (" …" if len(words) > HELD_WORDS else "")


@functools.lru_cache(maxsize=8)
def _initials(title: str) -> str:
    """The initials of a document's title ("Riftbound Tournament Rules" ->
    "RTR"): its own abbreviation."""
    return "".join(w[0] for w in re.findall(r"[A-Z][\w’'-]*", title))


class References(NamedTuple):
    """What tells a stale reference: the old -> new numbers, the new IDs,
    the document's reference syntax and title, and the texts under each
    number."""

    id_map: dict[str, str]
    new_ids: set[str]
    syntax: re.Pattern[str] | None
    title: str
    old_texts: dict[str, str]
    new_texts: dict[str, str]
    span: Callable[[], tuple[int, int] | None] | None = None
    """The least and greatest first part of the two versions' numbers
    (`first_parts`), computed when first asked (only a reference to no rule
    asks); None: every number is taken as this document's."""

    def same_content(self, target: str) -> bool:
        """Whether the number still holds what it held, whatever the
        pairing said: the old rule's words (plural or not) all in the new
        one ("Spells" -> "Spells on the Stack", "Land" -> "Lands"), or most
        of them. A short heading paired elsewhere on its title alone is
        the usual case."""
        old, new = self.old_texts.get(target), self.new_texts.get(target)
        if old is None or new is None:
            return False
        a = {w.rstrip("s") for w in word_set(old)}
        b = {w.rstrip("s") for w in word_set(new)}
        return bool(a) and (a <= b or dice(frozenset(a), frozenset(b)) >= SAME_CONTENT)

    def other_document(self, text: str, at: int, printed: str = "") -> bool:
        """`other_document` for this document's title."""
        return other_document(text, at, printed, self.title)

    def named(self, text: str, at: int, printed: str, target: str) -> bool:
        """Whether the text names, beside the reference, the title its
        number holds in the new document: quoted after it ("rule 603,
        "Handling Triggered Abilities."") or written just before it ("the
        untap step (see rule 502)"). The reference then says what it means
        to point at, and is right there, whatever the number held before
        (2009-07 moved whole sections and gave their numbers to others). A
        title that heads several rules ("General") names none of them.

        >>> r = References({}, set(), None, "", {}, {"502": "Untap Step", "100": "General", "200": "General"})
        >>> r.named("the untap step (see rule 502)", 19, "rule 502", "502")
        True
        >>> r.named("in general (see rule 100)", 16, "rule 100", "100"), r.named("see rule 502", 4, "rule 502", "502")
        (False, False)

        The title in the singular or the plural names it as well: "a
        substitute card (see rule 713)" beside a new 713 "Substitute Cards"
        (2018-01 -> 2023-04, gap-s34: the release wrote the reference anew
        for the rule that took 713, its old holder, Checklist Cards, now 716).

        >>> r = References({}, set(), None, "", {}, {"713": "Substitute Cards"})
        >>> r.named("may use a substitute card (see rule 713)", 30, "rule 713", "713")
        True
        """
        title = self.new_texts.get(target, "").strip().lower()
        if not title or len(title.split()) > NAMED_TITLE_WORDS:
            return False
        if sum(t.strip().lower() == title for t in self.new_texts.values()) != 1:
            return False
        near = text[max(0, at - NAMED_REACH) : at + len(printed) + NAMED_REACH].lower()
        return phrase_in(title, near) or phrase_in(_PLURAL_S.sub("", title), _PLURAL_S.sub("", near))

    def misnamed(self, text: str, end: int, target: str) -> str:
        """The rule that the title quoted right after a reference (its end at
        `end`) names, when that is another rule than its target: the one
        rule of the new document whose text is that title, its target's text
        another ("See rule 214.4, "Enchantments."" where 214.4 is now a rule
        of control and 212.4 "Enchantments": the document says what it
        means, and the number is wrong, whoever wrote it); else "".

        Precision (session 18): on the 297 pairs of the archive and the eval
        sets, 2 distinct references flagged, both right: gap-s28's 205.2c
        (1999-11 -> 2005-02; the set's one stale reference in a drawn
        change, missed as drawn) and the glossary's Endure, "See rule 702.62,
        "Endure."" where Endure is 701.63 (2025-04 on; 6 pairs). A first
        version also flagged a rule citing 409.1 with the title of 409, the
        section it lies in: not taken (`_within`). Cost: a regular
        expression at the end of each reference to a number that moved or
        is missing (the only ones `stale` reads); the titles are read only
        after a quoted title that is not the target's.

        >>> r = References({}, {"212.4", "214.4"}, None, "", {}, {"212.4": "Enchantments", "214.4": "A permanent has a controller."})
        >>> text = 'See rule 214.4, "Enchantments."'
        >>> r.misnamed(text, 14, "214.4"), r.misnamed(text, 14, "212.4"), r.misnamed("See rule 214.4.", 14, "214.4")
        ('212.4', '', '')
        >>> r.misnamed('See rule 212.4b, "Enchantments."', 15, "212.4b")  # a rule under the section it names
        ''
        """
        m = _QUOTED_TITLE.match(text, end)
        if m is None:
            return ""
        title = m.group(1).strip().rstrip(".").lower()
        if not title or len(title.split()) > NAMED_TITLE_WORDS or self.new_texts.get(target, "").strip().rstrip(".").lower() == title:
            return ""
        found = [i for i, t in self.new_texts.items() if len(t) < 80 and t.strip().rstrip(".").lower() == title]
        if len(found) != 1 or _within(target, found[0]) or _within(found[0], target):
            return ""  # the title of the section it lies in ("rule 409.1, "Playing Spells."" under 409) is its own
        return found[0]

    def in_document(self, target: str) -> bool:
        """Whether a number that no rule of the new document holds is still
        this document's: it, or a division above it, is numbered in either
        version, or its first part lies among the first parts of theirs
        (`span`: MTG's 241.8g, a typo for 214.8g, between 100 and 905).
        Else the reference is to a part of a larger work this document does
        not hold (chapter 8 of a code citing ``section 4-25`` or ``chapter
        32``), and pointing at no rule here says nothing. Cost: the span,
        1.8 ms on the 17-year gap, is built once, and only when a reference
        points at no rule.

        >>> r = References({}, {"8", "8-21"}, None, "", {"8-20": ""}, {}, lambda: (8, 8))
        >>> r.in_document("8-99"), r.in_document("4-25"), r.in_document("32"), r.in_document("8-20")
        (True, False, False, True)
        >>> r._replace(span=lambda: (1, 905)).in_document("241.8g")
        True
        """
        span = self.span() if self.span is not None else None
        if span is None:
            return True
        first = SEGMENT.match(target)
        if first is not None and first.group().isdigit() and span[0] <= int(first.group()) <= span[1]:
            return True
        while target:
            if target in self.new_ids or target in self.old_texts:
                return True
            last = split_last(target)
            if last is None:
                return False
            target = last[0].rstrip("-")
        return False

    @staticmethod
    def range_end(text: str, at: int, printed: str) -> bool:
        """Whether a reference is the end of a range ("903.6–903.11"): a
        range still covers its rules when the numbers inside it shift."""
        return printed[:1].isdigit() and _RANGE_START.search(text[max(0, at - 12) : at]) is not None

    def stale(
        self, text: str, spans: list[tuple[int, str, str]], own: str, kept: Callable[[int, int], bool]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The stale references of a new text (its `reference_spans`), and
        what each should be.

        A reference is stale when it points at no rule of the new document,
        or when, left as it was in the old text (`kept` tells, from the
        offsets of its characters), it points at a number whose old rule was
        renumbered: it now names another rule. A reference the release wrote
        or updated is taken as the editors meant it. So is a reference to
        the rule right after its own ("616.1c ... proceed to 616.1d"): the
        next step, which a rule inserted after it becomes (2022-02). And so
        is a reference to a rule whose text went down into its own first
        subrule ("rule 102.4" when old 102.4 became 102.4a under a new
        102.4): the rule still holds it.
        """
        printed_refs: list[str] = []
        should_be: list[str] = []
        for at, target, printed in spans:
            moved_to = self.id_map.get(target, target)
            if (target == own and moved_to == target) or printed in printed_refs:
                continue  # a rule that names itself, unless the number was another rule's
            if target in self.new_ids and (other := self.misnamed(text, at + len(printed), target)):
                hint = other  # the title quoted after it is another rule's, whoever wrote it
            elif target not in self.new_ids:
                if not self.in_document(target):
                    continue  # another chapter's, or another code's: nothing to check it against
                hint = moved_to if moved_to != target and moved_to in self.new_ids else ""
            elif (
                moved_to != target and kept(at, at + len(printed))
                and not self.range_end(text, at, printed) and not self.same_content(target)
                and not _follows(own, target) and not _is_child(moved_to, target)
                and not self.named(text, at, printed, target)
                and (target == own or not self.meant_now(text, at, printed, target))
            ):
                # A rule that was removed, its number taken by another, is
                # left alone: a short heading whose title changed ("Land" ->
                # "Lands") is often that rule, unpaired.
                hint = moved_to
            else:
                continue
            if self.other_document(text, at, printed):
                continue  # asked last: it costs the most, and most references point where they should
            printed_refs.append(printed)
            should_be.append(hint)
        return tuple(printed_refs), tuple(should_be)

    def possibly_stale(self, c: Change, spans: Spans | None = None) -> tuple[tuple[str, str, str, str], ...]:
        """The references of an added rule that are possibly stale: to a
        number whose old rule the release renumbered, when the words around
        the reference say it means what the number held before rather than
        what it holds now (`meant_before`). A rule written for this release
        may have been drafted against the old numbering; it may as well
        cite the number for what it now holds, so this is a hint, not the
        `stale` claim. Each is (reference as printed, target, the start of
        what the target held before, where that rule went). `spans`: the
        text's `reference_spans`, when `citing` found them."""
        if c.kind is not _ADDED or c.new is None:
            return ()
        text = c.new.full_text
        out: list[tuple[str, str, str, str]] = []
        for at, target, printed in _last_spans(text, self.syntax) if spans is None else spans:
            moved_to = self.id_map.get(target, target)
            if (
                moved_to == target or target not in self.new_ids or moved_to not in self.new_ids
                or target == c.new.id or any(p == printed for p, *_ in out) or _is_child(moved_to, target)
                or not self.meant_before(text, at, printed, target)  # the others cost more; this rules most out
                or self.other_document(text, at, printed) or self.in_range(text, at, printed)
                or self.same_content(target) or self.named(text, at, printed, target)
            ):
                continue
            out.append((printed, target, _start(self.old_texts[target]), moved_to))
        return tuple(out)

    def meant_before(self, text: str, at: int, printed: str, target: str) -> bool:
        """Whether the sentence around a reference shares words with what
        its target held before, more than twice as many as with what it
        holds now (content words: not the commonest function words, not
        numbers), and at least two unless the target held a title of
        `NAMED_TITLE_WORDS` words or fewer ("soaring" for "Soaring"). A
        sentence that shares words with both ("interchangeable names ...
        three-letter set code (see rule 212.1d)", the new 212.1d on
        interchangeable names, the old one on set codes) is left alone, and
        so is one word in common with a long rule ("This is an exception to
        rule 107.3i", the old 107.3i an exception itself).

        >>> r = References({}, set(), None, "", {"5": "Soaring"}, {"5": "Tidecall"})
        >>> r.meant_before("A keeper may block as if it had soaring (see rule 5).", 44, "rule 5", "5")
        True
        >>> r.meant_before("See rule 5.", 4, "rule 5", "5")
        False
        """
        return self._leans(text, at, printed, self.old_texts.get(target, ""), self.new_texts.get(target, ""), 1)

    def meant_now(self, text: str, at: int, printed: str, target: str) -> bool:
        """`meant_before` turned round: whether the sentence around a kept
        reference speaks of what its number holds now, far more than of
        what it held before. The number was then right already, or was
        made right by the release's other moves, and is not stale (a
        sentence on cards cast face down citing the number of the new
        face-down rule, whose old holder, another kind of card, moved on).
        Never asked of a number that now holds the citing rule itself: its
        sentence shares its own words. Three words at least, even for a
        title: a stale flag is dropped only on clear evidence ("Embers glow
        then (see rule 102)" beside a new 102 "Ember Step" stays stale, and
        so does "the house meeting's agreement, see 4.2" beside a new 4.2 on
        rent raised at the house meeting: two words of the document's
        subject).

        >>> r = References({}, set(), None, "", {"5": "Soaring"}, {"5": "Keepers hold the tidecall rites."})
        >>> r.meant_now("Keepers hold the tidecall rites (see rule 5).", 33, "rule 5", "5")
        True
        >>> r.meant_now("Keepers rest at the rites (see rule 5).", 27, "rule 5", "5")
        False
        >>> r.meant_now("See rule 5.", 4, "rule 5", "5")
        False
        """
        return self._leans(text, at, printed, self.new_texts.get(target, ""), self.old_texts.get(target, ""), 3)

    @staticmethod
    def _leans(text: str, at: int, printed: str, this: str, that: str, least: int) -> bool:
        """Whether the sentence around a reference shares more than twice as
        many content words with `this` text as with `that`, and at least two
        (`least` when `this` is a title of `NAMED_TITLE_WORDS` words or
        fewer, else the more of two and `least`).

        Read from the cheapest up: the sentence's words, then those `this`
        holds, and `that` only when they are enough (most references of
        `possibly_stale` and `stale` stop before: its words are not read)."""
        need = least if len(this.split()) <= NAMED_TITLE_WORDS else max(2, least)
        words = _content_words(_sentence_at(text, at, at + len(printed)))
        if len(words) < need:
            return False
        here = _shared(words, this)
        return here >= need and here > 2 * _shared(words, that)

    @staticmethod
    def in_range(text: str, at: int, printed: str) -> bool:
        """Whether a reference starts or ends a range ("608.3c–e",
        "rules 702.19–702.21"): a range covers its rules whatever their
        numbers."""
        end = at + len(printed)
        return References.range_end(text, at, printed) or _RANGE_NEXT.match(text, end) is not None

    def citing(self, changes: Sequence[Change]) -> dict[int, Spans]:
        """The places in `changes` of those whose new text refers to a
        number that is no rule of the new document or whose rule was
        renumbered: the only ones `of_change` can find a stale reference in,
        and `possibly_stale` a possibly stale one (483 of the 3,794 changes
        of the 17-year gap, 195 of its 1,892 added rules; none of the
        adjacent pair's: the others are not asked). Each maps to its text's
        `reference_spans`, which those two then read instead of scanning
        the text again.

        With the built-in syntax the texts are read in one pass, joined by a
        NUL that no reference can hold or cross (nor a `\\b` tell from the
        end of a text), as `of_rules` reads the rules the release left alone:
        the references found are those of each text, at its offset. On the
        17-year gap (CPU, min of 5, in-process): `of_change` of every change
        13.5 ms -> `citing` 7.2 ms and `of_change` of the 483 3.4 ms;
        `possibly_stale` of the added rules 9.5 -> 4.9 ms.

        A text's spans are those of the joined scan between its offsets,
        moved back by its offset: the same list, in the same order, as its
        own scan gives (all 330,537 rule texts of the corpora, session 15).
        Read so, the 475 texts the 17-year gap asks of are not scanned a
        second time (`of_change`, `possibly_stale`)."""
        at = [k for k, c in enumerate(changes) if c.new is not None]
        texts = [_new_text(changes[k]) for k in at]
        joined = "\0".join(texts)
        if self.syntax is not None or joined.count("\0") != len(texts) - 1:
            # A profile's syntax may match anything; a text with a NUL is read alone.
            return {k: spans for k, text in zip(at, texts) if self._cites_moved(spans := reference_spans(text, self.syntax))}
        starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        ids, new_ids = self.id_map, self.new_ids
        found = reference_spans(joined)
        where = [offset for offset, _, _ in found]
        ordered = where == sorted(where)  # (always, on the corpora: a text's spans are then one slice)
        out: dict[int, Spans] = {}
        for offset, target, _ in found:
            if target not in new_ids or ids.get(target, target) != target:
                k = bisect_right(starts, offset) - 1
                if at[k] not in out:
                    start = starts[k]
                    out[at[k]] = [
                        (o - start, t, p) for o, t, p in found[bisect_right(where, start - 1):bisect_right(where, starts[k + 1] - 1)]
                    ] if ordered else reference_spans(texts[k])
        return out

    def _cites_moved(self, spans: list[tuple[int, str, str]]) -> bool:
        ids, new_ids = self.id_map, self.new_ids
        return any(target not in new_ids or ids.get(target, target) != target for _, target, _ in spans)

    def of_change(self, c: Change, spans: Spans | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The stale references of a change's new text (`stale`), and what
        each should be; `spans`: the text's `reference_spans`, when
        `citing` found them."""
        if c.new is None:
            return (), ()
        text = _new_text(c)
        if spans is None:
            spans = _last_spans(text, self.syntax)
        if not spans or not self._cites_moved(spans):
            # most rules: no reference that `stale` could flag, so no kept
            # text to find (`of_change` over the 17-year gap 21.3 -> 19.6 ms of CPU)
            return (), ()
        kept: list[tuple[int, int]] = []
        at = 0
        for e in c.edits if c.olds else ():
            if e.op is _EQUAL:
                kept.append((at, at + len(e.text)))
            if e.op is not _DELETE:
                at += len(e.text)
        return self.stale(text, spans, c.new.id, lambda s, t: any(a <= s and t <= b for a, b in kept))

    def of_rules(self, rules: Sequence[Rule]) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
        """The stale references of rules the release did not change. Only
        those that mention a number which is not a rule of the new document,
        or whose old rule was renumbered, can hold one: one pass over the
        whole document finds them."""
        texts = [r.full_text for r in rules]
        starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
        suspects: set[int] = set()
        for start, number, _printed in reference_spans("\n".join(texts), self.syntax):
            if self.id_map.get(number, number) != number or number not in self.new_ids:
                suspects.add(bisect_right(starts, start) - 1)
        out = []
        for k in sorted(suspects):
            text = texts[k]
            stale, should_be = self.stale(text, reference_spans(text, self.syntax), rules[k].id, lambda s, t: True)
            if stale:
                out.append((rules[k].id, stale, should_be))
        return out
