"""Editorial review: what a reader would trip over in one release, and what a
release broke. A layer over the parsed documents and the comparison; no I/O.

- `check_document(doc, text="", profile=None)` -> the findings of one version:
  references to no rule, a reference in a form no rule is numbered in, a
  reference whose quoted title names another rule, duplicate numbers, gaps and
  numbers out of order, Contents entries that do not match the headings.
- `check_release(comparison, text="", profile=None)` -> the findings of NEW
  (as `check_document`) and what the release broke: references still at the
  old number of a renumbered rule, references to removed rules, the rules that
  cite a substantively changed rule, glossary entries whose rule links moved.
- `apply_ignores(findings, ignores)` -> (kept, how many were dropped).
- `parse_config(text, path)` -> the ignore list of a project's config file.
- `is_problem(finding)`; `CODES`: every code, with its severity.

**Precision first.** A finding must be right: where a check cannot tell, it
says nothing. Each class was measured by reading a seeded sample of its
findings in the real releases (bench/check_corpora.py, bench/README.md);
classes or cases that were not precise were narrowed until they were.

The reference syntax and the stale-reference logic are diff/references.py's
(`own_references`, `reference_spans`): one grammar of references for the
changelog and for the review.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ..diff.align import dice, word_set
from ..config import load_config
from ..errors import ConfigError, brief
from ..model import ChangeKind, Comparison, Document, Rule, RuleKind, record
from .notes import UnusedNote
from .overrides import Override
from ..documents.profiles import Profile
from ..diff.references import SEGMENT, own_references, reference_spans, split_last

__all__ = [
    "CODES",
    "Finding",
    "apply_ignores",
    "check_document",
    "check_release",
    "is_problem",
    "note_findings",
    "override_findings",
    "parse_config",
]

PROBLEM = "problem"
REVIEW = "review"

CODES: dict[str, tuple[str, str]] = {
    "dangling-reference": (PROBLEM, "a reference to a rule the document does not have"),
    "mistyped-reference": (PROBLEM, "a rule number cited in a form no rule is numbered in"),
    "title-mismatch": (PROBLEM, "a reference whose quoted title is that of another rule"),
    "duplicate-number": (PROBLEM, "two rules printed with the same number"),
    "numbering-gap": (PROBLEM, "a number skipped between two sibling rules"),
    "out-of-order": (PROBLEM, "a rule numbered below the sibling before it"),
    "contents-mismatch": (PROBLEM, "a Contents entry that does not match the headings"),
    "renumbered-reference": (PROBLEM, "a reference left at the old number of a renumbered rule"),
    "removed-reference": (PROBLEM, "a reference to a rule the release removed"),
    "cites-changed": (REVIEW, "rules that cite a substantively changed rule, to review"),
    "glossary-link-moved": (REVIEW, "a glossary entry whose rule links moved"),
    "unused-note": (PROBLEM, "an editor's note for an ID with no change"),
    "ambiguous-note": (PROBLEM, "an editor's note whose ID names two changes (a removed rule and another)"),
    "stale-override": (PROBLEM, "a match override that no longer applies"),
}
"""Every finding code: (severity, what it means). Only ``problem`` findings
make ``ruldiff check`` exit 1; ``review`` findings are lists to read."""

TITLE_WORDS = 8
"""Longest title, in words, that a reference's quoted title is matched
against: keyword and heading titles ("Trample", "Casting Spells") are short;
a longer rule text is no title."""
MOVED_MARGIN = 0.1
"""How much closer (word similarity) an old rule must be to the rule at its
new number than to what its old number holds now, for a reference left at
the old number to be reported: two near-twins (510.1c "A blocked creature
assigns…", 510.1d "A blocking creature assigns…", 0.55 against 0.53) are
no evidence of a move, and an aligner can swap them."""
MIN_CONTENTS = 3
"""Least number of entries a Contents must list to be checked: fewer, and
the block is not taken as a table of contents."""


@record
class Finding:
    """One thing an editor should look at."""

    code: str
    """What kind of finding (a key of `CODES`)."""
    rule: str
    """The ID of the rule (or heading, or ``glossary:Term``) where it is;
    ``contents`` for an entry of the Contents."""
    line: int
    """1-based line of the document where that rule starts (of the Contents
    entry, for ``contents-mismatch``); 0 when unknown."""
    reason: str
    """One line saying what is wrong."""
    suggestion: str = ""
    """The rule ID the reference probably means, or the fix; ``""`` when
    there is none worth giving."""
    cited: str = ""
    """The reference as printed, for a reference finding."""
    related: tuple[str, ...] = ()
    """Other rules involved: for ``cites-changed``, the rules that cite it."""
    path: str = ""
    """The file `line` is in when it is not the document checked (NEW): the
    notes file, for ``unused-note``."""

    @property
    def severity(self) -> str:
        return CODES[self.code][0]

    @property
    def key(self) -> str:
        """``code:rule``, what an ignore list names to accept one finding."""
        return f"{self.code}:{self.rule}"


def is_problem(finding: Finding) -> bool:
    """Whether a finding is a problem (``ruldiff check`` exits 1), not a list to review."""
    return finding.severity == PROBLEM


# --- one version ------------------------------------------------------------------


_QUOTED_TITLE = re.compile(r"\.?,?\s*[“\"]([^”\"\n]{1,80})[”\"]")
# Riftbound's references followed by the cited rule's title ("See rule 207.
# Upkeep for more information.")
_DOTTED_TITLE = re.compile(r"\.\s+([A-Z][^.\n]{0,80}?)\s+for more information\b")
_NOT_TITLE_CHARS = re.compile(r"[_*“”\"'‘’]")
_SPACES = re.compile(r"\s+")


def _norm_title(text: str) -> str:
    """A title as compared: lower case, no quotes or italics marks, single
    spaces, no punctuation at its ends.

    >>> _norm_title("  “Casting  _Spells_,”")
    'casting spells'
    """
    text = _SPACES.sub(" ", _NOT_TITLE_CHARS.sub("", text)).strip()
    return text.strip(".,;: ").lower()


def _title_after(text: str, end: int) -> tuple[str, str] | None:
    """The title printed right after a reference that ends at `end`
    ("rule 702.19, “Trample.”", "rule 318. Cleanups for more information"):
    as printed (without its end punctuation) and normalised; None when there
    is none."""
    m = _QUOTED_TITLE.match(text, end) or _DOTTED_TITLE.match(text, end)
    return (m.group(1).strip().rstrip(".,;:"), _norm_title(m.group(1))) if m else None


def _shape(rule_id: str) -> str:
    """The form of a number: digits as ``9``, letters as ``a``, separators kept.

    >>> _shape("702.19a"), _shape("103.1.b.2")
    ('9.9a', '9.9.a.9')
    """
    return re.sub(r"[a-z]+", "a", re.sub(r"\d+", "9", rule_id))


def _base(rule_id: str) -> str:
    """An ID without the ``#2`` the parser gives a number printed twice."""
    return rule_id.split("#", 1)[0]


def _titles(doc: Document) -> dict[str, str]:
    """Normalised title -> ID, for headings and for rules whose whole text is a
    short title ("702.19. Trample"); a title two rules share is left out."""
    seen: dict[str, list[str]] = defaultdict(list)
    for r in doc.rules:
        if r.kind is RuleKind.GLOSSARY or "#" in r.id:
            continue
        words = r.text.split()
        if r.kind is RuleKind.RULE and (len(words) > TITLE_WORDS or r.text.rstrip().endswith((".", ":"))):
            continue
        if words:
            seen[_norm_title(r.text)].append(r.id)
    return {t: ids[0] for t, ids in seen.items() if len(ids) == 1}


def _reference_findings(doc: Document) -> list[Finding]:
    """References to no rule, in a form no rule is numbered in, or whose
    quoted title is another rule's."""
    ids = {r.id for r in doc.rules}
    by_segments: dict[tuple[str, ...], str] = {}
    for r in doc.rules:
        by_segments.setdefault(tuple(SEGMENT.findall(r.id)), r.id)
    shapes = {_shape(i) for i in ids}
    texts = {r.id: r.text for r in doc.rules}
    titles = _titles(doc)
    out: list[Finding] = []
    for rule in doc.items:
        text = rule.full_text
        reported: set[str] = set()
        for at, target, printed in own_references(text, doc.references, doc.title):
            if target == rule.id or printed in reported:
                continue
            found_title = _title_after(text, at + len(printed))
            printed_title, title = found_title if found_title else ("", None)
            where = _where(rule)
            if target in ids:
                if title is None or doc.references is not None:
                    continue
                own = _norm_title(texts[target])
                meant = titles.get(title)
                # Only a title that is, word for word, another rule's: a
                # title inside the target's own ("Continuous Effects" for
                # "Interaction of Continuous Effects") is a short form, and
                # the title of the heading above the target ("rule 409.1,
                # Playing Spells" under 409) names where it stands.
                if meant is None or title in own or _related(meant, target):
                    continue
                reported.add(printed)
                out.append(Finding(
                    "title-mismatch", rule.id, rule.line,
                    f"{where} cites {printed}, “{printed_title}”, but {target} is “{texts[target]}”; "
                    f"“{printed_title}” is {meant}",
                    meant, printed,
                ))
                continue
            reported.add(printed)
            same = by_segments.get(tuple(SEGMENT.findall(target)))
            if same is not None and _shape(target) not in shapes:
                out.append(Finding(
                    "mistyped-reference", rule.id, rule.line,
                    f"{where} cites {printed}: no rule is numbered in that form; rule {same} is",
                    same, printed,
                ))
                continue
            meant = titles.get(title) if title is not None else None
            hint = f"; “{printed_title}” is {meant}" if meant else ""
            if not meant:
                meant = _transposed(target, ids)
                hint = f"; {meant}, with two digits swapped, is a rule" if meant else ""
            out.append(Finding(
                "dangling-reference", rule.id, rule.line,
                f"{where} cites {printed}, but there is no rule {target}{hint}",
                meant or "", printed,
            ))
    return out


def _related(a: str, b: str) -> bool:
    """Whether one ID is the other or above it (409 and 409.1, 317 and 317.2.a).

    >>> _related("409", "409.1"), _related("317.2.a", "317"), _related("41", "410")
    (True, True, False)
    """
    short, long = sorted((a, b), key=len)
    return long == short or (long.startswith(short) and not long[len(short)].isdigit())


def _transposed(target: str, ids: set[str]) -> str | None:
    """The one rule ID that `target` with two neighbouring digits swapped
    is (241.8g for 214.8g); None when none is, or several are.

    >>> _transposed("241.8g", {"214.8g", "100.1"}), _transposed("100.1", {"100.1"})
    ('214.8g', None)
    """
    found = set()
    for k in range(len(target) - 1):
        a, b = target[k], target[k + 1]
        if a != b and a.isdigit() and b.isdigit():
            swapped = target[:k] + b + a + target[k + 2 :]
            if swapped in ids:
                found.add(swapped)
    return found.pop() if len(found) == 1 else None


def _where(rule: Rule) -> str:
    if rule.kind is RuleKind.GLOSSARY:
        return f"glossary entry “{rule.id.split(':', 1)[1]}”"
    return f"rule {rule.id}"


_SPLIT_NUMBER = re.compile(r"^(\d+[a-z]?)\b")


def _duplicate_findings(doc: Document) -> list[Finding]:
    """Numbers printed twice. The fix, when one is clear: a number printed
    with a space inside ("606. 8b": 606.8b), else the number after the rule
    before it, when the document has no such rule (502.35b printed after
    502.36a: 502.36b)."""
    first: dict[str, int] = {}
    ids = {r.id for r in doc.rules}
    out = []
    prev: str | None = None  # the number of the rule before, as it should read
    for r in doc.rules:
        if "#" not in r.id:
            first.setdefault(r.id, r.line)
            prev = r.id
            continue
        base = _base(r.id)
        fix = ""
        split = _SPLIT_NUMBER.match(r.text) if "." not in base else None
        if split:
            fix = f"{base}.{split.group(1)}"
            reason = f"{base}. {split.group(1)} is printed with a space inside: {fix}?"
        else:
            after = _next_id(prev) if prev is not None else None
            if after is not None and after not in ids and _shape(after) == _shape(base):
                fix = after
            reason = f"{base} is printed twice: at line {first.get(base, 0)} and here"
            if fix:
                reason += f"; after {prev} it is probably {fix}"
        prev = fix or base
        out.append(Finding("duplicate-number", base, r.line, reason, fix))
    # The misprints the parser read as the number expected there: the
    # document still prints a heading's number twice.
    for line, printed in doc.coverage.repaired if doc.coverage is not None else ():
        base, _, rest = printed.partition(". ")
        fix = f"{base}.{rest}"
        out.append(Finding("duplicate-number", base, line, f"{printed} is printed with a space inside: {fix}?", fix))
    return sorted(out, key=lambda f: f.line)


def _next_id(rule_id: str) -> str | None:
    """The sibling number after an ID (702.30d -> 702.30e, 510.1 -> 510.2;
    k -> m, n -> p: l and o are skipped).

    >>> _next_id("702.30k"), _next_id("510.1"), _next_id("100")
    ('702.30m', '510.2', None)
    """
    split = split_last(rule_id)
    if split is None:
        return None
    segment = split[1]
    head = rule_id[: len(rule_id) - len(segment)]
    if segment.isdigit():
        return f"{head}{int(segment) + 1}"
    if len(segment) == 1 and "a" <= segment < "z":
        nxt = chr(ord(segment) + 1)
        if nxt in _SKIPPED_LETTERS:
            nxt = chr(ord(nxt) + 1)
        return f"{head}{nxt}"
    return None


_SKIPPED_LETTERS = "lo"


def _position(segment: str) -> int | None:
    """Where a last segment stands among its siblings: a number's value, a
    letter's place in the alphabet; None for anything else ("aa")."""
    if segment.isdigit():
        return int(segment)
    if len(segment) == 1 and "a" <= segment <= "z":
        return ord(segment) - ord("a")
    return None


def _label(kind_digit: bool, position: int) -> str:
    return str(position) if kind_digit else chr(ord("a") + position)


def _sequence_findings(doc: Document) -> list[Finding]:
    """Gaps and numbers out of order among siblings (the rules numbered
    under one parent number), in one pass in document order. A heading
    (one segment: 100, 101) is not checked: sections leave room between
    headings on purpose (Riftbound's 000, 050, 100)."""
    last: dict[str, tuple[str, int, bool]] = {}
    out: list[Finding] = []
    for r in doc.rules:
        if r.kind is not RuleKind.RULE or "#" in r.id:
            continue
        split = split_last(r.id)
        if split is None:
            continue
        parent, segment = split
        pos = _position(segment)
        if pos is None:
            continue
        digit = segment.isdigit()
        prev = last.get(parent)
        last[parent] = (r.id, pos, digit)
        sep = r.id[len(parent) : len(r.id) - len(segment)]
        if prev is None or prev[2] != digit:
            continue
        prev_id, prev_pos, _ = prev
        if pos <= prev_pos:
            out.append(Finding(
                "out-of-order", r.id, r.line, f"{r.id} comes after {prev_id}", "",
            ))
        elif pos > prev_pos + 1:
            # Letters skip l and o (the MTG rules do; k -> m is no gap).
            missing = [
                f"{parent}{sep}{_label(digit, p)}" for p in range(prev_pos + 1, pos)
                if digit or _label(digit, p) not in _SKIPPED_LETTERS
            ]
            if not missing:
                continue
            shown = ", ".join(missing[:3]) + (" …" if len(missing) > 3 else "")
            out.append(Finding(
                "numbering-gap", r.id, r.line,
                f"{r.id} follows {prev_id}: no {shown}", missing[0], related=tuple(missing),
            ))
    return out


# Dot leaders and a page number after a Contents title ("General.....2").
_LEADER = re.compile(r"(?<![\s.…])\s*(?:\.{3,}|…+)\s*\d*\s*$")  # from a run's first character only: linear


def _contents_findings(doc: Document, text: str, profile: Profile | None) -> list[Finding]:
    """Entries of the Contents (the block between a ``Contents`` line and
    the first rule) that name a heading the document does not have, or with
    another title than the heading's; headings of a kind the Contents lists
    (sections, rule headings) that it leaves out."""
    if profile is None or not text or not doc.rules:
        return []
    patterns = [(p, k) for p, k in ((profile.section, RuleKind.SECTION), (profile.heading, RuleKind.HEADING)) if p]
    if not patterns:
        return []
    lines = text.split("\n")
    body = doc.rules[0].line - 1
    start = next((i for i in range(min(body, len(lines)) - 1, -1, -1) if lines[i].strip().lower() == "contents"), None)
    if start is None:
        return []
    entries: list[tuple[int, str, str, RuleKind]] = []
    for i in range(start + 1, body):
        s = lines[i].strip()
        for pattern, kind in patterns:
            m = pattern.match(s)
            if m:
                title = _LEADER.sub("", m.group("text"))
                entries.append((i + 1, m.group("id"), title, kind))
                break
    if len(entries) < MIN_CONTENTS:
        return []
    headings = {r.id: r for r in doc.rules if r.kind in (RuleKind.SECTION, RuleKind.HEADING) and "#" not in r.id}
    out: list[Finding] = []
    listed: set[str] = set()
    for line, rule_id, title, kind in entries:
        listed.add(rule_id)
        h = headings.get(rule_id)
        if h is None:
            out.append(Finding(
                "contents-mismatch", "contents", line,
                f"the Contents lists {rule_id}. {title}, but there is no heading {rule_id}", "",
            ))
        elif _norm_title(h.text) != _norm_title(title):
            out.append(Finding(
                "contents-mismatch", "contents", line,
                f"the Contents lists {rule_id}. {title}, but heading {rule_id} is “{h.text}”",
                f"{rule_id}. {h.text}",
            ))
    kinds = {kind for *_, kind in entries}
    for h in headings.values():
        # A heading that is a sentence ("This section is now empty.") holds
        # a place, and is not listed.
        if h.kind in kinds and h.id not in listed and "#" not in h.id and not h.text.rstrip().endswith((".", "]")):
            out.append(Finding(
                "contents-mismatch", h.id, h.line,
                f"heading {h.id}. {h.text} is not in the Contents", f"{h.id}. {h.text}",
            ))
    return out


def check_document(doc: Document, text: str = "", profile: Profile | None = None) -> tuple[Finding, ...]:
    """The findings of one version, in document order. `text` and `profile`
    (the decoded source and the profile that read it) are only needed for the
    Contents, which the parsed document does not keep.

    >>> from ruldiff.model import Document, Rule, RuleKind
    >>> doc = Document("r.txt", "T", None, "p", (
    ...     Rule("100.1", RuleKind.RULE, "See rule 100.3.", line=3),
    ...     Rule("100.2", RuleKind.RULE, "Play.", line=4)))
    >>> [(f.code, f.rule, f.reason) for f in check_document(doc)]
    [('dangling-reference', '100.1', 'rule 100.1 cites rule 100.3, but there is no rule 100.3')]
    """
    if not doc.numbered:
        return ()
    duplicates = _duplicate_findings(doc)
    # A gap filled by a number printed wrong ("606. 8b") is that one finding.
    fixes = {f.suggestion for f in duplicates}
    gaps = [f for f in _sequence_findings(doc) if not (f.related and set(f.related) <= fixes)]
    found = [
        *_reference_findings(doc),
        *duplicates,
        *gaps,
        *_contents_findings(doc, text, profile),
    ]
    return _ordered(found)


def _ordered(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Sorted by line, then code and rule: a stable, deterministic order."""
    return tuple(sorted(set(findings), key=lambda f: (f.line, f.code, f.rule, f.cited, f.reason)))


# --- what a release broke -------------------------------------------------------------


def check_release(comparison: Comparison, text: str = "", profile: Profile | None = None) -> tuple[Finding, ...]:
    """The findings of NEW (`check_document`), with the references the
    comparison found stale (diff/references.py) told apart as left at an old
    number (``renumbered-reference``) or aimed at a removed rule
    (``removed-reference``), and two lists to review: the rules citing each
    substantively changed rule, and the glossary entries whose links moved.
    """
    new, old = comparison.new, comparison.old
    found = list(check_document(new, text, profile))
    if not new.numbered:
        return _ordered(found)
    new_ids = {r.id for r in new.rules}
    old_ids = {r.id for r in old.rules}
    items = {r.id: r for r in new.items}
    old_texts = {r.id: r.full_text for r in old.rules}
    new_texts = {r.id: r.full_text for r in new.rules}
    new_titles = {r.id: _norm_title(r.text) for r in new.rules if len(r.text.split()) <= TITLE_WORDS}
    # Old ID -> new ID of each rule the release renumbered (split and merged too).
    moved = {c.old.id: c.new.id for c in comparison.changes if c.old is not None and c.new is not None}
    release: dict[tuple[str, str], Finding] = {}
    for rule_id, printed_refs, should_be in comparison.stale:
        rule = items.get(rule_id)
        if rule is None:
            continue
        # The targets as the rule's whole text reads them: a reference syntax
        # may look behind the number ("see 2.3(a)"), which the printed
        # reference alone no longer shows.
        target_of = {p: t for _, t, p in reversed(reference_spans(rule.full_text, new.references))}
        for printed, hint in zip(printed_refs, should_be):
            target = target_of.get(printed)
            if target is None:
                continue
            where = _where(rule)
            if target in new_ids:
                if not hint or _names_target(rule.full_text, printed, new_titles.get(target)):
                    continue
                if not _moved_there(old_texts.get(target), new_texts.get(target), new_texts.get(hint)):
                    continue
                finding = Finding(
                    "renumbered-reference", rule_id, rule.line,
                    f"{where} cites {printed}, but that rule is now {hint}; {target} is now another rule",
                    hint, printed,
                )
            elif target in old_ids and hint and moved.get(target) == hint:
                finding = Finding(
                    "renumbered-reference", rule_id, rule.line,
                    f"{where} cites {printed}, but that rule is now {hint}; no rule is {target} now",
                    hint, printed,
                )
            elif target in old_ids:
                now = f"; it is now {hint}" if hint else " by this release"
                finding = Finding(
                    "removed-reference", rule_id, rule.line,
                    f"{where} cites {printed}, removed{now}", hint, printed,
                )
            else:
                continue  # no rule in either version: a dangling reference, found above
            release[(rule_id, printed)] = finding
    # A reference the release explains replaces the plain dangling one.
    found = [f for f in found if (f.rule, f.cited) not in release]
    found.extend(release.values())
    found.extend(_cites_changed(comparison))
    found.extend(_glossary_moves(comparison))
    return _ordered(found)


def _names_target(text: str, printed: str, title: str | None) -> bool:
    """Whether the sentence around a reference names the rule it points at
    now ("the untap step (see rule 502)", "rule 603, “Handling Triggered
    Abilities”"): then the reference is right, whatever was renumbered."""
    if not title:
        return False
    at = text.find(printed)
    around = _norm_title(text[max(0, at - 80) : at + len(printed) + 80]) if at >= 0 else ""
    return title in around


def _moved_there(old: str | None, now: str | None, hint: str | None) -> bool:
    """Whether the old rule's words are closer to the rule at its new
    number (`hint`) than to what its old number holds now (`now`): the
    pairing that calls the reference stale is borne out by the texts."""
    if old is None or hint is None:
        return False
    a = word_set(old)
    return dice(a, word_set(hint)) >= (dice(a, word_set(now)) if now is not None else 0.0) + MOVED_MARGIN


def _citations(doc: Document) -> dict[str, list[str]]:
    """Target ID -> the items of `doc` that cite it, in document order; one
    pass over the document."""
    cites: dict[str, list[str]] = defaultdict(list)
    for r in doc.items:
        for target in dict.fromkeys(t for _, t, _ in own_references(r.full_text, doc.references, doc.title)):
            if target != r.id:
                cites[target].append(r.id)
    return cites


def _cites_changed(comparison: Comparison) -> list[Finding]:
    cites = _citations(comparison.new)
    out = []
    for c in comparison.changes:
        if c.new is None or c.old is None or c.new.kind is RuleKind.GLOSSARY:
            continue
        if "substantive" not in c.tags or c.kind not in (ChangeKind.CHANGED, ChangeKind.RENUMBERED):
            continue
        citing = [i for i in cites.get(c.new.id, ()) if not i.startswith(c.new.id)]
        if not citing:
            continue
        shown = ", ".join(_short(i) for i in citing[:5]) + (f" and {len(citing) - 5} more" if len(citing) > 5 else "")
        out.append(Finding(
            "cites-changed", c.new.id, c.new.line,
            f"rule {c.new.id} changed substantively; {len(citing)} cite it: {shown}", "",
            related=tuple(citing),
        ))
    return out


def _short(item_id: str) -> str:
    return f"glossary “{item_id.split(':', 1)[1]}”" if item_id.startswith("glossary:") else item_id


def _glossary_moves(comparison: Comparison) -> list[Finding]:
    """Glossary entries whose rule links changed with a renumbering: a link
    to old X became a link to new Y where old X is new Y."""
    moved = {
        c.old.id: c.new.id
        for c in comparison.changes
        if c.old and c.new and c.old.id != c.new.id and c.old.kind is not RuleKind.GLOSSARY
    }
    syntax_old, syntax_new = comparison.old.references, comparison.new.references
    out = []
    for c in comparison.changes:
        if not (c.old and c.new and c.new.kind is RuleKind.GLOSSARY):
            continue
        before = dict.fromkeys(t for _, t, _ in own_references(c.old.full_text, syntax_old, comparison.old.title))
        after = dict.fromkeys(t for _, t, _ in own_references(c.new.full_text, syntax_new, comparison.new.title))
        pairs = [f"{t} -> {moved[t]}" for t in before if t not in after and moved.get(t) in after]
        if pairs:
            out.append(Finding(
                "glossary-link-moved", c.new.id, c.new.line,
                f"{_where(c.new)} now links {', '.join(pairs)}", "",
            ))
    return out


def note_findings(unused: Sequence[UnusedNote], path: str, code: str = "unused-note") -> list[Finding]:
    """The editors' notes that match no change (notes.py), as findings at
    their line of the notes file `path`; with ``ambiguous-note``, those whose
    key names two changes."""
    if code == "ambiguous-note":
        return [Finding(code, u.note.id, u.note.line, u.reason, u.did_you_mean, path=path) for u in unused]
    return [
        Finding(
            code, u.note.id, u.note.line,
            f"the note for {u.note.id} matches no change: {u.reason}"
            + (f"; did you mean {u.did_you_mean}?" if u.did_you_mean else ""),
            u.did_you_mean, path=path,
        )
        for u in unused
    ]


def override_findings(unmet: Sequence[tuple[Override, str]], path: str) -> list[Finding]:
    """The match overrides that no longer apply (overrides.py), as findings
    at their line of the overrides file `path`."""
    return [
        Finding("stale-override", o.old or o.new[0], o.line, f"override “{o.shown}” no longer applies: {why}", path=path)
        for o, why in unmet
    ]


# --- accepted findings ----------------------------------------------------------------


def apply_ignores(findings: Sequence[Finding], ignores: Iterable[str]) -> tuple[tuple[Finding, ...], int]:
    """The findings not ignored, and how many were. An ignore is a code
    (``numbering-gap``: every such finding) or ``code:rule``
    (``dangling-reference:702.19``: that one, accepted by an editor).

    >>> f = Finding("numbering-gap", "100.3", 5, "...")
    >>> apply_ignores([f], ["numbering-gap:100.3"])
    ((), 1)
    """
    names = set(ignores)
    kept = tuple(f for f in findings if f.code not in names and f.key not in names)
    return kept, len(findings) - len(kept)


def check_ignore(name: str, where: str | None = None) -> str:
    """An ignore as given, checked: a known code, or ``code:rule``; else a
    ConfigError with the closest code."""
    code = name.split(":", 1)[0]
    if code not in CODES:
        close = difflib.get_close_matches(code[:100], list(CODES), n=1)
        hint = f"did you mean {close[0]}?" if close else f"codes: {', '.join(CODES)}"
        raise ConfigError(f"unknown finding code {brief(code)}", key="check.ignore", path=where, fix=hint)
    return name


def parse_config(text: str, path: str) -> tuple[str, ...]:
    """The ``check.ignore`` list of a project's config file (YAML)::

        check:
          ignore:
            - numbering-gap              # every finding of a code
            - dangling-reference:702.19  # one finding an editor accepted

    >>> parse_config("check:\\n  ignore: [numbering-gap]\\n", "ruldiff.yaml")
    ('numbering-gap',)
    """
    # One file for every command: ruldiff.yaml's other keys are history's
    # and trace's (config.py reads them all, and refuses unknown ones).
    ignore = load_config(text, path).check
    return tuple(check_ignore(i, path) for i in ignore)


