"""How a document whose numbering was inferred cites its own units.

- `citation_syntax(ids)` -> the reference syntax (group ``id``) of a
  document numbered as `ids` are, or None when the built-in syntax reads it.

A document read by an inferred grammar (grammar.py) has no profile to say
how its text refers to its units, and the built-in syntax reads Comprehensive
Rules numbers (``rule 903.13``): it reads ``section 7-304(a)(2)`` as
section 7. The units' own IDs say what a citation of this document looks
like: the forms of their numbers (``9-9`` for ``7-304``, ``§ 9`` for ``§
3``), and how deep their bracketed sub-items go. A reference is a number
of one of those forms after a citing word (``section``, ``Sec.``, ``rule``,
``see``...) or ``§``, with its sub-items (``section 7-304(a)(2)``); a number
of any other form (``CR 184.6`` in a code numbered ``7-304``, ``2016/679``)
names no unit of this document and is not read. Whether a reference of the
right form is tied to another act ("section 12-7 of the Public Health Act")
is diff/references.py's question (`References.other_document`).

Cost: one pass over the IDs when the document is read (0.2 ms for a
thousand units); nothing for a document whose numbers the built-in syntax
reads (numbers without hyphens, brackets or ``§``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["citation_syntax"]

# A numeral of an inferred unit: arabic, upper-case roman, or one capital letter.
_NUMERAL = re.compile(r"\d+|[IVXLC]+(?![A-Za-z])|[A-Z](?![A-Za-z])")
_SUB_ITEM = re.compile(r"\([^()]{1,6}\)")
_CORE = re.compile(r"^(§ )?([^(]+)")
_FORM = {"9": r"\d{1,4}", "I": r"[IVXLC]{1,7}", "A": r"[A-Z]"}
_CITING = (
    r"(?:\b(?:[Ss]ections?|SECTIONS?|[Ss]ecs?\.|[Rr]ules?|RULES?|[Aa]rticles?|[Pp]aragraphs?|[Cc]lauses?"
    r"|[Ss]ee|[Uu]nder)\s+|(?<=[\d)])(?:,\s|\s(?:and|or|to)\s|[–—]))"
)


def _form(core: str) -> str | None:
    """The form of a number without its sub-items: each numeral as the kind
    it is (``9``, ``I``, ``A``), separators kept; None for a form with words
    (``Annex II``).

    >>> _form("7-304"), _form("II.2"), _form("12"), _form("Annex II")
    ('9-9', 'I.9', '9', None)
    """
    out, end = [], 0
    for m in _NUMERAL.finditer(core):
        between = core[end : m.start()]
        if between not in (("",) if end == 0 else (".", "-")):
            return None
        out.append(between + ("9" if m.group().isdigit() else "I" if len(m.group()) > 1 or m.group() in "IVXLC" else "A"))
        end = m.end()
    return "".join(out) if out and end == len(core) else None


def citation_syntax(ids: Iterable[str]) -> re.Pattern[str] | None:
    """The reference syntax of a document numbered as `ids`, or None when
    its numbers are of the forms the built-in syntax reads (no hyphen,
    bracket or ``§``).

    >>> s = citation_syntax(["7-301", "7-304", "7-304(a)", "7-304(a)(1)"])
    >>> [m.group("id") for m in s.finditer("as section 7-304(a)(1) and 7-301 allow, not CR 184.6 or rule 5")]
    ['7-304(a)(1)', '7-301']
    >>> [m.group("id") for m in citation_syntax(["§ 1", "§ 1(a)"]).finditer("under § 1(a), Section 1(a)")]
    ['§ 1(a)']
    >>> citation_syntax(["100", "100.1", "100.1a"]) is None
    True
    """
    forms: set[str] = set()
    section_sign = depth = 0
    special = False
    for rule_id in ids:
        core = _CORE.match(rule_id)
        if core is None:
            continue
        form = _form(core.group(2))
        if form is None:
            continue
        subs = len(_SUB_ITEM.findall(rule_id, core.end()))
        depth = max(depth, subs)
        if core.group(1):
            section_sign += 1
        forms.add(form)
        special = special or bool(core.group(1)) or subs > 0 or "-" in form
    if not special or not forms:
        return None
    numbers = "|".join(
        "".join(_FORM[c] if c in _FORM else re.escape(c) for c in form)
        for form in sorted(forms, key=lambda f: (-len(f), f))
    )
    items = rf"(?:\((?:\d{{1,3}}|[a-z]{{1,4}}|[A-Z])\)){{0,{depth}}}" if depth else ""
    tail = r"(?![\w.-]?\d)(?!\()"
    if section_sign:
        # Units cited with their sign ("§ 3(a)"): only that form is one of them.
        return re.compile(rf"(?P<id>§ (?:{numbers}){items}){tail}")
    return re.compile(rf"{_CITING}(?P<id>(?:{numbers}){items}){tail}")
