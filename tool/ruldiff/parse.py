"""Text -> Document: find the title, date, rules, glossary and credits.

- `parse(source, profile=MTG_CR)` -> `Document`.
- `Profile`: the grammar of one document family (patterns for rule numbers,
  headings, examples, the glossary and credits). `MTG_CR` is the built-in one
  for the Magic: The Gathering Comprehensive Rules, 1999 to today.

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
  change. A numbered line whose previous line does not end a sentence
  (``...See rule`` / ``419.8 "Sources of Damage."``) is a continuation too.

A document counts as hard-wrapped when a good share of the lines of its rules
run on into an unnumbered line (`WRAPPED_SHARE`). Line length would not do: a
short document with one paragraph per line has only short lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date as _date

from .errors import ParseError
from .model import Document, Rule, RuleKind
from .read import Source

__all__ = ["MTG_CR", "Profile", "parse"]

WRAP_SAMPLE = 1500
"""Lines at the start of the rules that decide whether a document is wrapped:
a document is wrapped throughout or not at all."""
WRAPPED_SHARE = 0.2
"""Share of the lines of the rules that run on into a plain (unnumbered) line,
from which a document counts as hard-wrapped. Hard-wrapped releases score
0.45-0.7; releases with one paragraph per line score under 0.01 (a line runs on
only where a rule is followed by an unnumbered note)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The grammar of one family of rules documents."""

    name: str
    rule: re.Pattern[str]
    """A rule or subrule line: groups ``id`` and ``text``."""
    heading: re.Pattern[str]
    """A rule heading such as ``100. General``: groups ``id`` and ``text``."""
    section: re.Pattern[str]
    """A section heading such as ``1. Game Concepts``: groups ``id`` and ``text``."""
    example: re.Pattern[str]
    """The start of an example paragraph."""
    decoration: re.Pattern[str]
    """Lines that are only layout (rules of dashes) and carry no text."""
    numbered: re.Pattern[str] = re.compile(r"\d")
    """What every numbered line (rule, heading, section) starts with: a cheap
    test that spares the three patterns above on most lines."""
    glossary: str = "Glossary"
    credits: str = "Credits"
    index: str = "Index"
    sentence_end: str = ".:;!?)\"'”’]"
    """Characters that end a sentence: a numbered line after any other
    character, inside a hard-wrapped block, is a continuation."""


MTG_CR = Profile(
    name="mtg-cr",
    # 100.1. / 100.1a / 309.2a. (1999) / 409.3 (no period) / 901.4.All (no
    # space) / 408.f (a 1999 typo for a subrule). The period after the number
    # is not part of the ID.
    rule=re.compile(
        r"^(?P<id>\d{3}\.(?:\d+[a-z]{0,2}|[a-z]))(?:\.(?=\s|[A-Z\"“(])|(?=\s)|$)\s*(?P<text>.*)$"
    ),
    heading=re.compile(r"^(?P<id>\d{3})\.\s+(?P<text>\S.*)$"),
    section=re.compile(r"^(?P<id>\d{1,2})\.\s+(?P<text>[A-Z_].*)$"),
    example=re.compile(r"^examples?:", re.IGNORECASE),  # "EXAMPLE:" in 1999
    decoration=re.compile(r"^\s*[-=_*~]{3,}\s*$"),
)

_MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october "
        "november december".split(),
        1,
    )
}
_DATE_WORDS = re.compile(
    r"(?:effective|current|updated)\s+(?:as\s+of|on)\s+([A-Z][a-z]+)\s+(\d{1,2}),\s*(\d{4})"
)
_DATE_SLASH = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\b")


def parse(source: Source, profile: Profile = MTG_CR) -> Document:
    """Parse a decoded rules document.

    >>> from ruldiff.read import decode
    >>> text = "Game Rules\\n\\n1. Basics\\n\\n100. General\\n\\n100.1. Play nicely.\\n"
    >>> doc = parse(decode(text.encode(), "g.txt"))
    >>> [(r.id, r.kind.value, r.text, r.parent) for r in doc.rules]
    [('1', 'section', 'Basics', None), ('100', 'heading', 'General', '1'), ('100.1', 'rule', 'Play nicely.', '100')]
    """
    lines = source.text.split("\n")
    start = _body_start(lines, profile)
    if start is None:
        raise ParseError(
            "no numbered rules found",
            path=source.path,
            fix=f"is this a rules document? profile {profile.name} expects lines like '100.1. ...'",
        )
    gloss = _last_index(lines, profile.glossary, start)
    credits = _last_index(lines, profile.credits, gloss if gloss is not None else start)
    rules_end = _first_not_none(gloss, credits, len(lines))
    gloss_end = _first_not_none(credits, len(lines))
    if gloss is not None:
        index = _last_index(lines, profile.index, gloss, gloss_end)
        if index is not None:
            gloss_end = index

    wrapped = _is_wrapped(lines, start, rules_end, profile)
    rules = _parse_rules(lines, start, rules_end, profile, wrapped)
    glossary = (
        _parse_glossary(lines, gloss + 1, gloss_end, profile, wrapped) if gloss is not None else ()
    )
    title, date = _title_and_date(lines[:start])
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
    )


def _is_wrapped(lines: list[str], start: int, end: int, profile: Profile) -> bool:
    """Whether the rules are hard-wrapped: many lines run on into a plain line."""
    runs_on = nonblank = 0
    for i in range(start, min(end, start + WRAP_SAMPLE)):
        s = lines[i].strip()
        if not s or profile.decoration.match(s):
            continue
        nonblank += 1
        nxt = lines[i + 1].strip() if i + 1 < end else ""
        if nxt and not _classify(nxt, profile)[0] and not profile.example.match(nxt):
            if not profile.decoration.match(nxt):
                runs_on += 1
    return nonblank > 0 and runs_on / nonblank >= WRAPPED_SHARE


# --- front matter ---------------------------------------------------------


def _body_start(lines: list[str], profile: Profile) -> int | None:
    """Index of the first line of the rules: the section heading before the first rule."""
    first = next((i for i, line in enumerate(lines) if profile.rule.match(line.strip())), None)
    if first is None:
        return None
    start = first
    seen: set[str] = set()
    j = first - 1
    while j >= 0:
        s = lines[j].strip()
        if not s or profile.decoration.match(s):
            j -= 1
            continue
        m = profile.heading.match(s) or profile.section.match(s)
        if m and m.group("id") not in seen:  # a repeated heading is the Contents
            seen.add(m.group("id"))
            start = j
            j -= 1
            continue
        break
    return start


def _title_and_date(front: list[str]) -> tuple[str, str | None]:
    # The title is the first paragraph: one line, or two in the 1999 releases
    # ("COMPREHENSIVE" / "RULES").
    words: list[str] = []
    for line in front:
        s = line.strip()
        if _is_decoration(s) or (not s and not words):
            continue
        if not s or len(words) == 3:
            break
        words.append(s)
    title = " ".join(words)
    date: str | None = None
    for line in front[:60]:
        m = _DATE_WORDS.search(line)
        if m and m.group(1).lower() in _MONTHS:
            date = _iso(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
            break
    if date is None:
        for line in front[:20]:
            m = _DATE_SLASH.search(line)
            if m:
                year = int(m.group(3))
                year += 0 if year >= 100 else (1900 if year >= 70 else 2000)
                date = _iso(year, int(m.group(1)), int(m.group(2)))
                if date:
                    title = title.replace(m.group(0), "").strip()
                    break
    title = re.sub(r"\s{2,}", " ", title.replace("_", "")).strip()
    return title, date


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return _date(year, month, day).isoformat()
    except ValueError:
        return None


def _is_decoration(s: str) -> bool:
    return bool(re.fullmatch(r"[-=_*~]{3,}", s))


def _last_index(lines: list[str], word: str, lo: int, hi: int | None = None) -> int | None:
    hi = len(lines) if hi is None else hi
    for i in range(hi - 1, lo - 1, -1):
        if lines[i].strip() == word:
            return i
    return None


def _first_not_none(*values: int | None) -> int:
    return next(v for v in values if v is not None)


# --- numbered rules -------------------------------------------------------

_LEVEL = {RuleKind.SECTION: 0, RuleKind.HEADING: 1}


def _level(kind: RuleKind, rule_id: str) -> int:
    if kind in _LEVEL:
        return _LEVEL[kind]
    return 3 if rule_id[-1].isalpha() else 2


class _Builder:
    """Accumulates paragraphs into items, then freezes them into Rules."""

    def __init__(self) -> None:
        self.items: list[tuple[str, RuleKind, list[str], list[str], int]] = []
        self.seen: dict[str, int] = {}
        self.in_example = False

    def start(self, rule_id: str, kind: RuleKind, text: str, line: int) -> None:
        n = self.seen.get(rule_id, 0) + 1
        self.seen[rule_id] = n
        if n > 1:
            rule_id = f"{rule_id}#{n}"
        self.items.append((rule_id, kind, [text] if text else [], [], line))
        self.in_example = False

    def example(self, text: str) -> bool:
        if not self.items:
            return False
        self.items[-1][3].append(text)
        self.in_example = True
        return True

    def paragraph(self, text: str) -> bool:
        """Add a new paragraph to the current example or rule."""
        if not self.items:
            return False
        target = self.items[-1][3] if self.in_example else self.items[-1][2]
        target.append(text)
        return True

    def extend(self, text: str) -> bool:
        """Join a hard-wrapped continuation line to the current paragraph."""
        if not self.items:
            return False
        target = self.items[-1][3] if self.in_example else self.items[-1][2]
        if not target:
            target.append(text)
        else:
            target[-1] = f"{target[-1]} {text}"
        return True

    def freeze(self) -> tuple[Rule, ...]:
        out: list[Rule] = []
        stack: list[tuple[int, str]] = []
        for rule_id, kind, paras, examples, line in self.items:
            level = _level(kind, rule_id.split("#")[0])
            while stack and stack[-1][0] >= level:
                stack.pop()
            parent = stack[-1][1] if stack else None
            stack.append((level, rule_id))
            out.append(
                Rule(
                    id=rule_id,
                    kind=kind,
                    text="\n".join(paras),
                    examples=tuple(examples),
                    parent=parent,
                    line=line,
                )
            )
        return tuple(out)


def _classify(s: str, profile: Profile) -> tuple[RuleKind | None, str, str]:
    """(kind, id, text) of a stripped line; kind None for a plain line."""
    if not profile.numbered.match(s):
        return None, "", s
    for kind, pattern in (
        (RuleKind.RULE, profile.rule),
        (RuleKind.HEADING, profile.heading),
        (RuleKind.SECTION, profile.section),
    ):
        m = pattern.match(s)
        if m:
            return kind, m.group("id"), m.group("text").strip()
    return None, "", s


def _parse_rules(
    lines: list[str], start: int, end: int, profile: Profile, wrapped: bool
) -> tuple[Rule, ...]:
    b = _Builder()
    prev: str | None = None  # previous line of the same block, stripped
    for i in range(start, end):
        raw = lines[i]
        s = _clean(raw)
        if not s or profile.decoration.match(s):
            prev = None if not s else prev
            continue
        kind, rule_id, text = _classify(s, profile)
        continuation = wrapped and prev is not None and prev[-1] not in profile.sentence_end
        if kind is not None and not continuation:
            b.start(rule_id, kind, text, i + 1)
        elif profile.example.match(s) and not continuation:
            b.example(s)
        elif wrapped and prev is not None:
            b.extend(s)
        else:
            b.paragraph(s)
        prev = s
    return b.freeze()


def _clean(line: str) -> str:
    return line.strip().replace("\t", " ")


# --- glossary and free text -----------------------------------------------


def _parse_glossary(
    lines: list[str], start: int, end: int, profile: Profile, wrapped: bool
) -> tuple[Rule, ...]:
    """Glossary entries: a term line, then definition paragraphs.

    A block (between blank lines) that starts with an unindented line starts an
    entry; a block that starts indented continues the previous entry (1999-2008
    releases indent later paragraphs of a definition).
    """
    entries: list[tuple[str, list[str], list[str], int]] = []
    seen: dict[str, int] = {}
    for block in _blocks(lines, start, end, profile):
        first_line, first = block[0]
        body = block
        if first[:1].isspace() and entries:
            paras, examples = entries[-1][1], entries[-1][2]
        else:
            term = _clean(first)
            n = seen.get(term, 0) + 1
            seen[term] = n
            entries.append((term if n == 1 else f"{term}#{n}", [], [], first_line))
            paras, examples = entries[-1][1], entries[-1][2]
            body = block[1:]
        target = paras
        prev_indent = -1
        for _, raw in body:
            s = _clean(raw)
            indent = len(raw) - len(raw.lstrip())
            if profile.example.match(s):
                examples.append(s)
                target = examples
            elif wrapped and target and prev_indent >= 0 and indent <= prev_indent:
                target[-1] = f"{target[-1]} {s}"
            else:
                target.append(s)
            prev_indent = indent
    return tuple(
        Rule(
            id=f"glossary:{term}",
            kind=RuleKind.GLOSSARY,
            text="\n".join(paras),
            examples=tuple(examples),
            line=line,
        )
        for term, paras, examples, line in entries
    )


def _blocks(
    lines: list[str], start: int, end: int, profile: Profile
) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for i in range(start, end):
        raw = lines[i].rstrip()
        if not raw.strip() or profile.decoration.match(raw):
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
