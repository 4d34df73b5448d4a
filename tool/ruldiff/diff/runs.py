"""Edit runs: how every claim of the semantic pass reads a word diff.

- `runs(edits, id_map, syntax=None, targets=None, seen=None)` -> the `Run`s of an edit list.
- `Run`: one edit run, the deleted and inserted text between two kept
  stretches, with the new text around it.
- `Seen`: what the runs of one comparison read once and share.

A run is what each claim explains (semantic.py gives the order). This
module also makes the two claims a run can hold alone, read from its text
only and stored in `Run.plain`: ``cosmetic`` (the two sides differ only in
typography, `classify.is_cosmetic`, whole words compared when the run
falls inside a word) and ``cross-reference`` (the two sides differ only in
rule numbers, each given its new number, or a number that named no rule of
the old document put right: references.py).

Precision, on the blind set (426 changes; docs/trust.md): ``cosmetic`` 94.3%
as drawn, 100% now (33 of 33); ``cross-reference`` 100% as drawn and now (41
of 41); on the four earlier sets (1,742 changes) every tag at 96% or more.
Cost on the 17-year gap (`bench/claims.py`, "run building"): 56 ms (57 ms of
CPU) of the semantic pass's 329 ms (327 ms of CPU), the two claims a run
holds alone included. With `classify._damaged` telling an ASCII text
without a bracket undamaged before its pattern: 71/69 -> 63/64 ms of CPU
(`--cpu --runs 3`, interleaved with the code before, twice, on a machine
at load ~25), 56 -> 50 ms at load ~2.7, of a semantic pass of 330
(bench/README.md, "Issue #25, third round"). With the edits read in one
pass and `classify.is_cosmetic` telling two ASCII texts apart by their
letters before their skeletons (`classify._kept_letters`): 63 -> 50 ms of
CPU (min of 5 runs, loaded machine; issue #25 item 3). Session 8 (the ops
read as module constants, not through the enum class): 46/46 -> 43/43 ms
(`bench/claims.py --cpu --runs 5`, two rounds interleaved with c7ed747);
of the 43, `classify.is_cosmetic` takes some 15 (bench/README.md, "Session
8"). Speed10 (`classify._DAMAGE` scanned for in C, the bench's collector
tuned as the command's): 42/41/42 -> 38/38/38 ms, of which `is_cosmetic`
some 9 (`--cpu --runs 5`, three rounds interleaved with f5e8160's code).
Speed24 (a cosmetic run read no further than its first test, `_cosmetic`;
each run made by `tuple.__new__`; what the runs of a comparison read once
shared, `Seen`): 42/42/41/42 -> 39/39/39/41 ms (`--cpu --runs 3`, four
rounds interleaved with 20108df; `runs` alone, medians of 21 in five
rounds, 42.5 -> 40.1 ms); `compare` of the 17-year gap 5,499 -> 5,465 M
instructions (bench/README.md, "speed24"); the same runs, field for field.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .classify import is_cosmetic
from .references import Targets, is_reference_update, map_numbers, repairs_references, updates_references
from .text import LETTER, norm
from ..model import Edit, Op

__all__ = ["Run", "Seen", "runs"]


_CONTEXT = 600  # characters around an edit searched for the sentence it sits in
_END = Edit(Op.EQUAL, "")  # closes the last run
# The ops as module constants: an enum member read from its class goes
# through `EnumType.__getattr__`'s hook, ~0.1 µs a look-up, two for each of
# the 17,000 edits of the 17-year gap.
_EQUAL, _DELETE = Op.EQUAL, Op.DELETE


# A named tuple rather than a frozen dataclass: as immutable, and a comparison
# makes one per edit run (5,000 on the largest), which a frozen dataclass's
# __init__ (one object.__setattr__ per field) makes several times slower.
class Run(NamedTuple):
    """One edit run: the deleted and inserted text between two kept stretches."""

    deleted: str
    inserted: str
    before: str
    """New text before the run (for the sentence it sits in)."""
    after: str
    """New text after the run."""
    plain: str = ""
    """``cosmetic`` or ``cross-reference`` when the run is that alone, else empty."""
    old: str = ""
    """The deleted text normalised (`norm`): what substitutions are read from."""
    new: str = ""
    """The inserted text normalised."""
    at: int = 0
    """Where the run starts in the new text."""


def runs(
    edits: Sequence[Edit], id_map: dict[str, str], syntax: re.Pattern[str] | None = None,
    targets: Targets | None = None, seen: Seen | None = None,
) -> list[Run]:
    """The runs of an edit list, each with some new text before and after it
    (`_CONTEXT` characters: enough for the sentence it sits in). `syntax`:
    the document's own reference syntax, if its profile gives one;
    `targets`: the two documents' rule IDs, to tell a dangling reference
    put right (`references.repairs_references`), if both are numbered;
    `seen`: what the runs of one comparison read already (`Seen`)."""
    # One pass over the edits finds the runs and the new text's pieces; the
    # runs are read once the new text is whole.
    pieces: list[str] = []
    found: list[tuple[str, str, int, int]] = []  # deleted, inserted, start, end in the new text
    position = 0  # in the new text
    deleted: list[str] = []
    inserted: list[str] = []
    start = 0
    for e in [*edits, _END]:
        if e.op is _EQUAL:
            if deleted or inserted:
                found.append(("".join(deleted), "".join(inserted), start, position))
                deleted, inserted = [], []
            pieces.append(e.text)
            position += len(e.text)
            start = position
        elif e.op is _DELETE:
            deleted.append(e.text)
        else:
            inserted.append(e.text)
            pieces.append(e.text)
            position += len(e.text)
    if not found:
        return []
    new_text = "".join(pieces)
    if seen is None:
        seen = Seen()
    typography, normed = seen.typography, seen.normed
    runs: list[Run] = []
    last = len(found) - 1
    for k, (d, i, start, end) in enumerate(found):
        before = new_text[max(0, start - _CONTEXT) : start]
        after = new_text[end : end + _CONTEXT]
        if _cosmetic(d, i, before, after, typography):
            plain = "cosmetic"  # most runs (3,324 of the 17-year gap's 5,562): read no further
        else:
            # The text no other run edited on each side: where the old text
            # reads as the new one does around this run.
            kept = (start - (found[k - 1][3] if k else 0), (found[k + 1][2] if k < last else len(new_text)) - end)
            plain = _not_cosmetic(d, i, before, after, id_map, syntax, targets, kept)
        d_norm = normed.get(d)
        if d_norm is None:
            d_norm = normed[d] = norm(d)
        i_norm = normed.get(i)
        if i_norm is None:
            i_norm = normed[i] = norm(i)
        runs.append(_run((d, i, before, after, plain, d_norm, i_norm, start)))
    return runs


@dataclass(frozen=True)
class Seen:
    """What the runs of one comparison read once and share (`runs`): the
    17-year gap's 5,562 runs hold 3,147 distinct texts among their 11,124
    sides (a quote, a dash, "can't" respelled in hundreds of rules), and its
    3,324 runs of typography alone 328 pairs of sides."""

    normed: dict[str, str] = field(default_factory=dict)
    """Each side of a run as `norm` gives it."""
    typography: dict[tuple[str, str], bool] = field(default_factory=dict)
    """Two sides -> whether they differ in typography alone
    (`classify.is_cosmetic`), read for a run that no number follows."""


# `Run(...)` without the named tuple's own `__new__`, a function in Python
# that only passes its arguments on: one per run (5,562 on the 17-year gap).
_run = functools.partial(tuple.__new__, Run)


_SPACE_AT_START = re.compile(r"\s")
_WORD_START = re.compile(r"\S{1,40}$")  # searched in the last 40 characters: all a match can hold
_WORD_END = re.compile(r"\S{1,40}")
_NUMBER_AFTER = re.compile(r"\s{0,3}[\dxX]")  # the number a sign or comparison before it governs


def _doubled(deleted: str, inserted: str, before: str, after: str) -> bool:
    """Whether a run only deletes one word printed twice: a typing slip put
    right (a doubled label, "[-Example:-]Example:"; "the [-the -]card"), as
    a misspelling corrected is. A word doubled by the new text is no such
    thing (the readers call "See{+ See+} rule" substantive).

    >>> _doubled("Example:", "", "", "Example: A player"), _doubled("the ", "", "Draw ", "the card")
    (True, True)
    >>> _doubled("two ", "", "Draw ", "cards"), _doubled("a b ", "", "", "a b c"), _doubled("", " See", "See", " rule")
    (False, False, False)
    """
    if inserted or not deleted:
        return False
    word = deleted.strip()
    if not word or " " in word or not LETTER.search(word):
        return False
    return after.split(None, 1)[:1] == [word] or before.rsplit(None, 1)[-1:] == [word]


def _plain(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str] | None = None, targets: Targets | None = None, kept: tuple[int, int] | None = None,
) -> str:
    """``cosmetic`` or ``cross-reference`` when a run is only that, else
    ``""``; ``cosmetic cross-reference`` for a reference updated with a
    change of punctuation ("[-421-]{+434.+}")."""
    if _cosmetic(deleted, inserted, before, after):
        return "cosmetic"
    return _not_cosmetic(deleted, inserted, before, after, id_map, syntax, targets, kept)


def _cosmetic(
    deleted: str, inserted: str, before: str, after: str, typography: dict[tuple[str, str], bool] | None = None
) -> bool:
    """`_plain`'s first test: the run's two sides differ only in typography,
    with the number after them that a sign governs, or the run deletes a
    word printed twice (`_doubled`). `typography`: the answers for two
    sides that no number follows, a function of the two, kept for the
    runs of one comparison (`Seen.typography`)."""
    # A sign or a comparison is a word only before the number it governs
    # (classify._WORD): "gets [-+-]{+-+}1/..." and "power [-<-]{+>+} 3" are
    # judged with that number, never as a bare mark of punctuation. A
    # character lost in a conversion ("?", U+FFFD) stands for whatever the
    # other text has, a sign included: "costs [-?-]{+−+}4" stays cosmetic.
    number = _NUMBER_AFTER.match(after)
    if number is None:  # most runs
        same = None if typography is None else typography.get((deleted, inserted))
        if same is None:
            same = is_cosmetic(deleted, inserted)
            if typography is not None:
                typography[deleted, inserted] = same
        return same or _doubled(deleted, inserted, before, after)
    both = deleted + inserted
    lead = number.group() if "?" not in both and "\ufffd" not in both else ""
    return is_cosmetic(deleted + lead, inserted + lead) or _doubled(deleted, inserted, before, after)


def _not_cosmetic(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str] | None = None, targets: Targets | None = None, kept: tuple[int, int] | None = None,
) -> str:
    """`_plain` of a run that is not `_cosmetic`."""
    # `before[-1:].isspace()`, not a search for r"\s$", which tries every
    # position of the 600 characters: `\s` is `str.isspace`. With the
    # 40-character tail below: run building 75 -> 66 ms of CPU on the 17-year gap.
    if not before[-1:].isspace() and not _SPACE_AT_START.match(after):
        # Inside a word: compared as the whole word ("_Ravnica_([-R-]{+TM+})"
        # is a trademark sign, "(R)" -> "(TM)", not "R" -> "TM").
        head = _WORD_START.search(before[-40:])
        tail = _WORD_END.match(after)
        h = head.group() if head else ""
        t = tail.group() if tail else ""
        if (h or t) and is_cosmetic(h + deleted + t, h + inserted + t):
            return "cosmetic"
    if syntax is not None:
        if updates_references(deleted, inserted, before, after, id_map, syntax):
            return "cross-reference"
    elif is_reference_update(deleted, inserted, before, id_map):
        mapped = map_numbers(deleted, id_map).strip()
        if mapped not in (inserted.strip(), deleted.strip()) and is_cosmetic(mapped, inserted):
            return "cosmetic cross-reference"
        return "cross-reference"
    if targets is not None and repairs_references(deleted, inserted, before, after, id_map, syntax, targets, kept):
        return "cross-reference"  # a reference left dangling by an earlier release, put right
    return ""
