"""What the changes mean, across the document: the pass after the word diffs.

- `join_splits(changes, words)` -> changes with ``split`` and ``merged`` kinds.
- `renumbering(changes)` -> the old -> new map collapsed into runs.
- `references(text, syntax=None)` -> the rule numbers a text refers to.
- `annotate(changes, old, new)` -> (changes with tags and notes,
  substitutions, stale references).

Every word-level edit is read as a *run*: the deleted and inserted text
between two kept stretches. A run is explained, in this order, as

1. ``cosmetic``: the two sides differ only in quotes, dashes, case,
   punctuation or spacing;
2. ``cross-reference``: the two sides differ only in rule numbers, each old
   number replaced by the new number of the same rule (903.13 -> 903.11 when
   old 903.13 became new 903.11);
3. ``substitution``: the run is one of the replacements made across the
   document (found below), possibly together with reference updates;
4. ``list-item``: the run adds or removes items of an enumeration
   (``..., cohort, constellation, ...``), the "and" before the last item
   moving with them;
5. otherwise ``substantive``.

A change's tags are the kinds of its runs; one that is all mechanical (no
``substantive``) is shown apart from the real edits.

Substitutions are found from the data, not from a list of phrases: a run that
deletes one short phrase and inserts another (at most `SUB_MAX_WORDS` words
each) is a candidate; a candidate seen in at least two rules, whose old phrase
the release replaced at least as often as it kept it, is a substitution.
Runs that contain a substitution inside a longer edit ("he or she has" ->
"they have") count as occurrences of it too.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import NamedTuple

from .align import dice, word_set
from .classify import is_cosmetic
from .model import (
    Change,
    ChangeKind,
    Document,
    Edit,
    Op,
    Renumbering,
    Rule,
    RuleKind,
    Substitution,
)

__all__ = ["annotate", "join_splits", "references", "renumbering"]

SPLIT_COVER = 0.7
"""Least share of a new rule's words found in an old rule, for that new rule
to be a part split off the old one (or, for a merge, of the old rule's words
found in the new one)."""
SPLIT_GAIN = 0.1
"""How much more similar the old rule must be to the parts together than to
its partner alone."""
SUB_MAX_WORDS = 6
"""Longest phrase, in words, that a substitution replaces or inserts."""

# A rule number: 1-3 digits (a section, a heading), then a number with an
# optional subrule letter (903.13, 704.5s), then dotted segments as some
# publishers number subrules (Riftbound: 103.1.b.2).
_ID = r"\d{1,3}(?:\.\d+[a-z]?)?(?:\.(?:\d+|[a-z])\b)*"
_FULL_ID = r"\d{3}\.\d+[a-z]?(?:\.(?:\d+|[a-z])\b)*"
# A reference: "rule 903.13", "rules 702.19–702.21", "section 8", "See rule
# 318. Cleanups", or a bare full rule number (with a period) anywhere in the text.
_REFERENCE = re.compile(rf"\b(?:rules?|sections?)\s+({_ID})\b|\b({_FULL_ID})\b")
_RANGE_END = re.compile(rf"\s*(?:[-–—]|through|to)\s*(\d{{3}}(?:\.\d+[a-z]?)?(?:\.(?:\d+|[a-z])\b)*)\b")
# Numbers that can be rule numbers inside an edit run.
_NUMBER = re.compile(rf"\b{_ID}\b")
_RANGE_LETTER = re.compile(r"\b(\d{3}\.\d+)[a-z][-–—]$")
_DOT_DIGIT = re.compile(r"\.\d")
_WORD = re.compile(r"\w+")
_WORD_CHAR = re.compile(r"\w")
_LETTER = re.compile(r"[^\W\d]")
_SENTENCE_END = re.compile(r"[.:;!?]\s")
_SENTENCE_END_OR_TEXT = re.compile(r"[.:;!?](?:\s|$)")
_NOT_IN_ITEM = re.compile(r"[;:.!?()]")
_ITEM_SEPARATOR = re.compile(r",|\band\b|\bor\b")
_ITEM_ENDS = " \t\n\"“”"
# What a list of references leaves as items: "rule 712", "rule", "113", "903.11".
_REFERENCE_ITEM = re.compile(r"(?:rules?|sections?)(?:\s+\d.*)?|\d+(?:\.\w+)*", re.IGNORECASE)
_SEGMENT = re.compile(r"\d+|[A-Za-z]+")
_CONTEXT = 600  # characters around an edit searched for the sentence it sits in  # subrule letters skip l and o


# --- numbers -----------------------------------------------------------------


def _follows(a: str, b: str) -> bool:
    """Whether ID b is the sibling right after ID a: the same segments but the
    last, which is one more (903.10 -> 903.11, 714 -> 715, 103.1.b.2 ->
    103.1.b.3) or the next letter (704.5s -> 704.5t; k -> m too, as the MTG
    rules skip l and o)."""
    sa, sb = _SEGMENT.findall(a), _SEGMENT.findall(b)
    if not sa or len(sa) != len(sb) or sa[:-1] != sb[:-1]:
        return False
    x, y = sa[-1], sb[-1]
    if x.isdigit() and y.isdigit():
        return int(y) == int(x) + 1
    if len(x) == 1 and len(y) == 1 and x.isalpha() and y.isalpha():
        after = chr(ord(x) + 1)
        return y == after or (after in "lo" and y == chr(ord(x) + 2))
    return False


def _split_last(rule_id: str) -> tuple[str, str] | None:
    """(parent ID, last segment): ("903.13", "a") for 903.13a, ("103.1", "b")
    for 103.1.b, ("714", "1") for 714.1; None for a single segment."""
    last = None
    for last in _SEGMENT.finditer(rule_id):
        pass
    if last is None or last.start() == 0:
        return None
    return rule_id[: last.start()].rstrip("."), last.group()


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
        po, pn = _split_last(old), _split_last(new)
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
    return [(target, printed) for _, target, printed in _reference_spans(text, syntax)]


def _reference_spans(text: str, syntax: re.Pattern[str] | None = None) -> list[tuple[int, str, str]]:
    """(offset, target ID, text as printed) of each reference in a text (see
    `references`); the offsets place the references of a whole document,
    scanned at once, in its rules."""
    if syntax is not None:
        return [(m.start(), m.group("id"), m.group(0)) for m in syntax.finditer(text)]
    out = []
    for m in _reference_matches(text):
        out.append((m.start(), m.group(1) or m.group(2), m.group(0)))
        end = _RANGE_END.match(text, m.end())
        if end and "." not in end.group(1):  # a full number is found by the next match
            out.append((end.start(1), end.group(1), end.group(1)))
    return out


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


# --- splits and merges ---------------------------------------------------------


# Cached: join_splits looks at each rule from both of its neighbours.
_text_words = functools.lru_cache(maxsize=4096)(word_set)


def _words(rule: Rule) -> frozenset[str]:
    return _text_words(rule.full_text)


def _cover(part: frozenset[str], whole: frozenset[str]) -> float:
    return len(part & whole) / len(part) if part else 0.0


def _part_of(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `whole` is `kept` and `part` together: `part`'s words are mostly
    in `whole`, and `whole` is clearly closer to both than to `kept` alone."""
    if part.kind is not kept.kind:
        return False
    whole_w, part_w = _words(whole), _words(part)
    if _cover(part_w, whole_w) < SPLIT_COVER:
        return False  # most neighbours: `kept`'s words are not needed
    kept_w = _words(kept)
    return dice(whole_w, kept_w | part_w) >= dice(whole_w, kept_w) + SPLIT_GAIN


def join_splits(
    changes: Sequence[Change], diff: Callable[[str, str], tuple[Edit, ...]]
) -> list[Change]:
    """Replace a paired rule and an added (removed) neighbour that together
    hold one old (new) rule's text by a single ``split`` (``merged``) change.

    `diff` computes the word edits of the joined texts.
    """
    out = list(changes)
    i = 0
    while i < len(out):
        c = out[i]
        if c.old is None or c.new is None or c.old.kind is RuleKind.GLOSSARY:
            i += 1
            continue
        joined = None
        for j in (i - 1, i + 1):
            other = out[j] if 0 <= j < len(out) else None
            if other is None:
                continue
            # A split is a merge seen backwards: one rule on one side holds the
            # words of its partner and of a neighbour that has no partner.
            if other.kind is ChangeKind.ADDED and other.new and _part_of(c.old, c.new, other.new):
                parts = sorted((c.new, other.new), key=lambda r: r.line)
                text = "\n".join(r.full_text for r in parts)
                edits = diff(c.old.full_text, text)
                joined = (j, Change(ChangeKind.SPLIT, c.old, parts[0], edits, how=c.how, more=tuple(parts[1:])))
                break
            if other.kind is ChangeKind.REMOVED and other.old and _part_of(c.new, c.old, other.old):
                parts = sorted((c.old, other.old), key=lambda r: r.line)
                text = "\n".join(r.full_text for r in parts)
                edits = diff(text, c.new.full_text)
                joined = (j, Change(ChangeKind.MERGED, parts[0], c.new, edits, how=c.how, more=tuple(parts[1:])))
                break
        if joined is None:
            i += 1
            continue
        j, change = joined
        out[min(i, j)] = change
        del out[max(i, j)]
        i = min(i, j) + 1
    return out


# --- runs and their explanations -----------------------------------------------


# A named tuple rather than a frozen dataclass: as immutable, and a comparison
# makes one per edit run (5,000 on the largest), which a frozen dataclass's
# __init__ (one object.__setattr__ per field) makes several times slower.
class _Run(NamedTuple):
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
    """The deleted text normalised (`_norm`): what substitutions are read from."""
    new: str = ""
    """The inserted text normalised."""


def _runs(
    edits: Sequence[Edit], id_map: dict[str, str], syntax: re.Pattern[str] | None = None
) -> list[_Run]:
    """The runs of an edit list, each with some new text before and after it
    (`_CONTEXT` characters: enough for the sentence it sits in). `syntax`:
    the document's own reference syntax, if its profile gives one."""
    new_text = "".join([e.text for e in edits if e.op is not Op.DELETE])
    runs: list[_Run] = []
    position = 0  # in the new text
    deleted: list[str] = []
    inserted: list[str] = []
    start = 0
    for e in [*edits, Edit(Op.EQUAL, "")]:
        if e.op is Op.EQUAL:
            if deleted or inserted:
                d, i = "".join(deleted), "".join(inserted)
                before = new_text[max(0, start - _CONTEXT) : start]
                after = new_text[position : position + _CONTEXT]
                plain = _plain(d, i, before, after, id_map, syntax)
                runs.append(_Run(d, i, before, after, plain, _norm(d), _norm(i)))
                deleted, inserted = [], []
            position += len(e.text)
            start = position
        elif e.op is Op.DELETE:
            deleted.append(e.text)
        else:
            inserted.append(e.text)
            position += len(e.text)
    return runs


def _is_reference_update(deleted: str, inserted: str, before: str, id_map: dict[str, str]) -> bool:
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
    mapped = _NUMBER.sub(lambda m: id_map.get(m.group(), m.group()), deleted).strip()
    return mapped == i and mapped != d


def _updates_references(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str],
) -> bool:
    """Whether a run only replaces the targets of references written in a
    profile's own syntax by their new numbers: in the old text around the run,
    each reference whose ``id`` the run touches gets the new number of its
    target, and that must give the new text.

    >>> art = re.compile(r"\\bArticle (?P<id>[A-Z]\\d+)")
    >>> _updates_references("A2", "A3", "As in Article ", ", pass.", {"A2": "A3"}, art)
    True
    >>> _updates_references("2", "3", "Draw ", " cards.", {"2": "3"}, art)
    False
    """
    old = before + deleted + after
    start, end = len(before), len(before) + len(deleted)
    pieces, copied = [], 0
    for m in syntax.finditer(old):
        id_start, id_end = m.span("id")
        if id_end <= start or id_start >= max(end, start + 1):
            continue  # a reference the run does not touch
        target = id_map.get(m.group("id"))
        if target is None:
            return False
        pieces += [old[copied:id_start], target]
        copied = id_end
    if not pieces:
        return False
    return "".join(pieces) + old[copied:] == before + inserted + after != old


def _plain(
    deleted: str, inserted: str, before: str, after: str, id_map: dict[str, str],
    syntax: re.Pattern[str] | None = None,
) -> str:
    """``cosmetic`` or ``cross-reference`` when a run is only that, else ``""``."""
    if is_cosmetic(deleted, inserted):
        return "cosmetic"
    if syntax is not None:
        if _updates_references(deleted, inserted, before, after, id_map, syntax):
            return "cross-reference"
    elif _is_reference_update(deleted, inserted, before, id_map):
        return "cross-reference"
    return ""


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _apply(
    text: str, subs: Sequence[tuple[str, str]], id_map: dict[str, str]
) -> str:
    text = _norm(_NUMBER.sub(lambda m: id_map.get(m.group(), m.group()), text))
    for old, new in subs:
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)
    return text


def _list_items(run: _Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) items if the run edits an enumeration, else None."""
    # The edit must touch a comma: an item comes with its comma, or sits right
    # next to one ("colored{+ or colorless+} mana" is no list).
    edited = run.inserted + run.deleted
    if not ("," in edited or run.before.rstrip().endswith(",") or run.after.lstrip().startswith(",")):
        return None

    def items(text: str) -> tuple[str, ...] | None:
        if _NOT_IN_ITEM.search(text):
            return None
        # An item is quoted when the list is of phrases ("Choose one -," "Choose
        # two -,"): the quotes and the comma inside them are not the item.
        parts = [p.strip(_ITEM_ENDS) for p in _ITEM_SEPARATOR.split(text)]
        words = [p for p in parts if p]
        if any(len(p.split()) > 4 or _REFERENCE_ITEM.fullmatch(p) for p in words):
            return None  # a clause, or a reference with its title ("rule 712, “Meld”")
        return tuple(words)

    # The two sides first: they are short, the sentence around them is not.
    added, removed = items(run.inserted), items(run.deleted)
    if added is None or removed is None:
        return None
    if added and removed:
        # An item kept between two new ones can be swept into the run by the
        # cleanup of the word diff ("[-Lukka][+Lolth, Lukka, Mordenkainen]"):
        # an item on both sides is kept. What is left must be one side only.
        kept = Counter(added) & Counter(removed)
        added, removed = _without(added, kept), _without(removed, kept)
        if added and removed:
            return None
    # And the sentence the edit sits in must have two commas (three items).
    sentence_before = _SENTENCE_END.split(run.before)[-1]
    sentence_after = _SENTENCE_END_OR_TEXT.split(run.after, maxsplit=1)[0]
    context = sentence_before + run.inserted + sentence_after
    if context.count(",") < 2:
        return None
    # Neither side holds an item: only the separators moved (the "and" before
    # the last item, when an item is appended).
    return added, removed


def _without(items: tuple[str, ...], kept: Counter[str]) -> tuple[str, ...]:
    """`items` in order, less as many of each item as `kept` counts.

    >>> _without(("Lolth", "Lukka", "Mordenkainen"), Counter({"Lukka": 1}))
    ('Lolth', 'Mordenkainen')
    """
    left = Counter(kept)
    out = []
    for item in items:
        if left[item]:
            left[item] -= 1
        else:
            out.append(item)
    return tuple(out)


def _count_phrase(phrase: str, text: str) -> int:
    """Occurrences of a phrase in a text as whole words."""
    return len(_phrase_pattern(phrase).findall(text))


@functools.lru_cache(maxsize=1024)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")


def _occurs_more_than(phrase: str, text: str, limit: int) -> bool:
    """Whether a text has a phrase more than `limit` times: as a whole word
    for a word; a phrase of several words is rare enough inside other words.

    Counting stops at `limit` + 1: the old phrase of a candidate is often a
    common word ("the", "or"), whose every occurrence in a document would
    otherwise be visited.

    >>> _occurs_more_than("he", "he or she; the hen: he", 2), _occurs_more_than("he", "he or she; the hen: he", 1)
    (False, True)
    >>> _occurs_more_than("or she", "he or she; or shell", 1)
    True
    """
    whole_word = _WORD.fullmatch(phrase) is not None
    count = 0
    at = text.find(phrase)
    while at >= 0:
        end = at + len(phrase)
        # A word inside a longer word is not counted; no whole-word
        # occurrence can start inside this one, so the search goes on from
        # its end either way (as str.count does).
        if not whole_word or not (
            (at and _WORD_CHAR.match(text, at - 1)) or _WORD_CHAR.match(text, end)
        ):
            count += 1
            if count > limit:
                return True
        at = text.find(phrase, end)
    return False


def _core(d: str, i: str) -> tuple[str, str]:
    """Two phrases without the words they share at the start and at the end.

    >>> _core("also see rule 903.11", "see also rule 903.11")
    ('also see', 'see also')
    """
    a, b = d.split(), i.split()
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    return " ".join(a[start:end_a]), " ".join(b[start:end_b])


def _find_substitutions(
    changes: Sequence[Change], runs: dict[int, list[_Run]], id_map: dict[str, str], new: Document
) -> list[tuple[str, str]]:
    seen: dict[tuple[str, str], set[int]] = defaultdict(set)
    for n, c in enumerate(changes):
        for run in runs.get(n, ()):
            if run.plain:
                continue
            # Set aside reference updates and the words both sides share at
            # their ends: "also see rule 903.13" -> "see also rule 903.11" is
            # the candidate "also see" -> "see also".
            d, i = _core(_apply(run.deleted, (), id_map), run.new)
            if not d or not i or d == i:
                continue
            if len(d.split()) > SUB_MAX_WORDS or len(i.split()) > SUB_MAX_WORDS:
                continue
            if not _LETTER.search(d + i):
                continue  # numbers only: not a wording change
            seen[(d, i)].add(n)
    candidates = [(d, i) for (d, i), where in seen.items() if len(where) >= 2]
    if not candidates:
        return []
    new_text = "\n".join(_norm(r.full_text) for r in new.items)
    accepted: list[tuple[str, str]] = []
    for d, i in sorted(candidates, key=lambda p: (-len(seen[p]), p)):
        replaced = len(seen[(d, i)])
        if _occurs_more_than(d, new_text, replaced):
            continue  # the release kept the old phrase more often than it replaced it
        # (d is normalised and is not i: a substitution whose old phrase is
        # not in d leaves d as it is, so it cannot explain the candidate.)
        if any(a in d and _apply(d, [(a, b)], {}) == i for a, b in accepted):
            continue  # explained by a shorter substitution already accepted
        accepted.append((d, i))
    return accepted


def annotate(
    changes: Sequence[Change], old: Document, new: Document
) -> tuple[list[Change], tuple[Substitution, ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """Tag each change and find the document-wide substitutions and stale references.

    Returns the changes (tags, stale references, list items and moves filled
    in), the substitutions, and every rule of the new document (changed or not)
    whose references point nowhere or at the old number of a renumbered rule.
    """
    moves: dict[str, str] = {}
    for c in changes:
        for o in c.olds:
            if c.news:
                moves.setdefault(o.id, c.news[0].id)
    renumbered = {o for o, n in moves.items() if o != n}
    old_ids = {r.id for r in old.rules}
    new_ids = {r.id for r in new.rules}
    # Unchanged rules keep their number; the changes' numbers take precedence.
    same_ids = old_ids & new_ids
    id_map = dict(zip(same_ids, same_ids))
    id_map.update(moves)

    runs = {n: _runs(c.edits, id_map, new.references) for n, c in enumerate(changes) if c.old and c.new}
    subs = _find_substitutions(changes, runs, id_map, new)
    # Most runs hold no substitution's old phrase: one search for any of them
    # (never empty: without substitutions it matches nothing) spares trying
    # each substitution on each run.
    any_old = re.compile("|".join(re.escape(a) for a, _ in subs) or "(?!)")
    sub_count: Counter[tuple[str, str]] = Counter()
    sub_rules: dict[tuple[str, str], list[str]] = defaultdict(list)

    out: list[Change] = []
    for n, c in enumerate(changes):
        tags: set[str] = set()
        added: list[str] = []
        removed: list[str] = []
        if c.kind in (ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.SPLIT, ChangeKind.MERGED):
            tags.add("substantive")
        for run in runs.get(n, ()):
            d, i = run.old, run.new
            if not d and not i:
                continue  # white space only: layout, not text
            used = []
            for a, b in subs if i and any_old.search(d) else ():
                count = _count_phrase(a, d) if a in d and b in i else 0
                if count and _count_phrase(b, i):
                    used.append((a, b))
                    sub_count[(a, b)] += count
                    rule_id = (c.new or c.old).id  # type: ignore[union-attr]
                    if rule_id not in sub_rules[(a, b)]:
                        sub_rules[(a, b)].append(rule_id)
            if run.plain:
                tags.add(run.plain)
            elif used and _apply(run.deleted, used, id_map) == i:
                tags.add("substitution")
                if _norm(_NUMBER.sub(lambda m: id_map.get(m.group(), m.group()), run.deleted)) != d:
                    tags.add("cross-reference")
            elif (items := _list_items(run)) is not None:
                tags.add("list-item")
                added.extend(items[0])
                removed.extend(items[1])
            else:
                tags.add("substantive")
        stale = _stale(c, id_map, new_ids, new.references) if new.numbered else ()
        if stale:
            tags.add("stale-reference")
        moved = _moved(c, id_map)
        out.append(
            Change(
                c.kind, c.old, c.new, c.edits, tuple(sorted(tags)), c.how, c.more,
                stale, tuple(added), tuple(removed), moved,
            )
        )
    substitutions = tuple(
        sorted(
            (Substitution(a, b, sub_count[(a, b)], tuple(sub_rules[(a, b)])) for a, b in subs
             if sub_count[(a, b)]),
            key=lambda s: (-s.count, s.old, s.new),
        )
    )
    listed = {c.new.id for c in out if c.new}
    stale_all = []
    # Unchanged rules: only those that mention a number which is not a rule of
    # the new document, or which was renumbered, can hold a stale reference.
    # One pass over the whole document finds them.
    unlisted = [r for r in new.items if r.id not in listed]
    texts = [r.full_text for r in unlisted]
    starts = list(accumulate((len(t) + 1 for t in texts), initial=0))
    suspects: set[int] = set()
    if not new.numbered:
        texts = []  # an excerpt without numbers refers to rules it does not hold
    for start, number, _printed in _reference_spans("\n".join(texts), new.references):
        if number in renumbered or number not in new_ids:
            suspects.add(bisect_right(starts, start) - 1)
    for k in sorted(suspects):
        refs = references(texts[k], new.references)
        found = _stale_refs(refs, texts[k], id_map, new_ids, unlisted[k].id)
        if found:
            stale_all.append((unlisted[k].id, found))
    stale_all.extend((c.new.id, c.stale) for c in out if c.new and c.stale)
    order = {r.id: k for k, r in enumerate(new.items)}
    stale_all.sort(key=lambda s: order.get(s[0], 0))
    return out, substitutions, tuple(stale_all)


def _stale_refs(
    refs: list[tuple[str, str]],
    old_text: str | None,
    id_map: dict[str, str],
    new_ids: set[str],
    own: str,
) -> tuple[str, ...]:
    """Of a text's references (`references`), those that point nowhere, or
    that still use (as the old text did) the old number of a rule that was
    renumbered."""
    found: list[str] = []
    for target, printed in refs:
        if target == own or printed in found:
            continue
        nowhere = target not in new_ids
        kept_old_number = (
            id_map.get(target, target) != target and old_text is not None and printed in old_text
        )
        if nowhere or kept_old_number:
            found.append(printed)
    return tuple(found)


def _stale(
    c: Change, id_map: dict[str, str], new_ids: set[str], syntax: re.Pattern[str] | None = None
) -> tuple[str, ...]:
    if c.new is None:
        return ()
    refs = references("\n".join(r.full_text for r in c.news), syntax)
    if not refs:
        return ()  # most rules: no old text to join
    old_text = "\n".join(r.full_text for r in c.olds) if c.olds else None
    return _stale_refs(refs, old_text, id_map, new_ids, c.new.id)


def _heading(rule_id: str) -> str | None:
    """The root of a rule's number (714 for 714.1a); None for a root itself."""
    split = _SEGMENT.findall(rule_id)
    return split[0] if len(split) > 1 else None


def _moved(c: Change, id_map: dict[str, str]) -> tuple[str, str] | None:
    if c.old is None or c.new is None or c.kind is not ChangeKind.RENUMBERED:
        return None
    old_heading, new_heading = _heading(c.old.id), _heading(c.new.id)
    if old_heading is None or new_heading is None or old_heading == new_heading:
        return None
    if id_map.get(old_heading) == new_heading:
        return None  # the whole heading was renumbered, the rule stayed under it
    return old_heading, new_heading
