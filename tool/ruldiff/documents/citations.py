"""How a document cites its own units: one reference syntax, derived from its IDs.

- `citation_syntax(ids, words=())` -> the reference syntax of a document
  numbered as `ids` are, its units labelled with `words`; None without a
  number of a form it can cite.
- `cited(m)` -> the ID a match of a reference syntax cites.

A document read by a numbering grammar (an inferred one, grammar.py, or a
profile's ``numbering`` key) cites its units as their IDs are formed: the
forms of their numbers (``9-9`` for ``7-304``, ``I.9`` for ``II.2``, ``§
9`` for ``§ 3``), and how deep their bracketed sub-items go. A reference
is a number of one of those forms after a citing word (``section``,
``Sec.``, ``rule``, ``see``..., and the document's own label words:
``Law 1.6(c)``, ``Canon 4``), after another reference in a list (``4-12,
4-13 and 4-15``), or after ``§``; a number of any other form (``CR 184.6``
in a code numbered ``7-304``, ``2016/679``) names no unit of this document
and is not read. A unit numbered again in each division (ID ``II.2``) is
also cited with its division's number first: ``Article II, Section 2``,
or after it: ``Section 2 of Article II``; three levels numbered so (ID
``I.2.3``) as ``Title I, Canon 2, Sec. 3`` (the middle number is in the
syntax only of a document that has such IDs).
A profile's own ``reference`` pattern, when it has one, is used instead
(parse.py): the user's word wins. Whether a reference of the right form is
tied to another act ("section 12-7 of the Public Health Act") is asked in
one place, `diff.references.other_document`, whatever the syntax.

Precision, on the generator's documents (bench/generator; a fresh seed,
1796467650, drawn after the last change; bench/README.md): planted stale
references found 92.7% (115 of 124), reference updates tagged 97.8% (223
of 228), no stale reference that was not planted but for one the planted
removal made (right). Cost: one pass over the IDs when the document is read
(0.2 ms for a thousand units); documents read by an item profile (the
Comprehensive Rules) never get here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

__all__ = ["citation_syntax", "cited", "cited_numbers"]


# A numeral of an inferred unit: arabic, upper-case roman, or one capital letter.
@functools.cache
def _numeral() -> re.Pattern[str]:
    return re.compile(r"\d+|[IVXLC]+(?![A-Za-z])|[A-Z](?![A-Za-z])")


_sub_item = functools.cache(lambda: re.compile(r"\([^()]{1,6}\)"))
_core = functools.cache(lambda: re.compile(r"^(§ )?([^(]+)"))
_FORM = {"9": r"\d{1,4}", "I": r"[IVXLC]{1,7}(?![A-Za-z])", "A": r"[A-Z](?![A-Za-z])"}
CITING_WORDS = ("section", "sec", "rule", "article", "paragraph", "clause")
"""Words a text puts before a unit's number to cite it, whatever label the
unit's own line prints (``Sec. 4-12`` is cited ``section 4-12``); the
document's label words are added (``Law``, ``Canon``, ``Title``)."""
_LEADS = r"[Ss]ee|[Uu]nder"
_LIST = r"(?<=[\d)])(?:,\s|\s(?:and|or|to)\s|[–—])"
# A quantity, not a unit of the document: "under 18 years of age", "see 2.5 metres".
_UNITS = (
    r"%|per\s?cent|[mk]?m|cm|kg|g|s|seconds?|minutes?|hours?|days?|weeks?|months?|years?|metres?|meters?"
    r"|points?|goals?|yards?|feet|dollars?|pounds?|euros?|persons?|people|members?"
)


def _form(core: str) -> str | None:
    """The form of a number without its sub-items: each numeral as the kind
    it is (``9``, ``I``, ``A``), separators kept, a capital letter joined
    to the number it prefixes (``R4.7``: ``A9.9``); None for a form with
    words (``Annex II``).

    >>> _form("7-304"), _form("II.2"), _form("12"), _form("Annex II"), _form("R4.7"), _form("C2")
    ('9-9', 'I.9', '9', None, 'A9.9', 'A9')
    """
    out: list[str] = []
    end = 0
    for m in _numeral().finditer(core):
        between = core[end : m.start()]
        # "R4", "C4": one letter, then the number (no roman numeral); the
        # first numeral is a letter, since digits would have run on into these.
        prefixed = not between and end == 1 and m.group().isdigit()
        if prefixed:
            out[0] = "A"
        elif between not in (("",) if end == 0 else (".", "-")):
            return None
        out.append(between + ("9" if m.group().isdigit() else "I" if len(m.group()) > 1 or m.group() in "IVXLC" else "A"))
        end = m.end()
    return "".join(out) if out and end == len(core) else None


def _pattern(form: str) -> str:
    return "".join(_FORM[c] if c in _FORM else re.escape(c) for c in form)


def _word(words: Iterable[str]) -> str:
    """A citing word of `words`, in any case, singular or plural, a short
    one abbreviated with its period (``Sec.``); a label of two words
    (``standing order``) with any white space between them, and also by
    its initials with their periods (``S.O.``).

    >>> re.fullmatch(_word(["standing order"]), "Standing  Orders") is not None
    True
    >>> [bool(re.fullmatch(_word(["standing order"]), w)) for w in ("S.O.", "STANDING ORDER", "so")]
    [True, True, False]
    """
    out = []
    for w in sorted(set(words)):
        parts = w.split()
        if len(parts) > 1:
            space = r"\s+"
            out += [
                space.join(map(re.escape, parts)) + "s?",
                space.join(re.escape(p.capitalize()) for p in parts) + "s?",
                space.join(re.escape(p.upper()) for p in parts) + "S?",
                r"\.\s?".join(p[0].upper() for p in parts) + r"\.",
            ]
            continue
        out += [f"{w}s?", f"{w.capitalize()}s?", f"{w.upper()}S?"]
        if len(w) <= 4:
            out.append(f"{w.capitalize()}s?\\.")
    return "|".join(out)


def citation_syntax(ids: Iterable[str], words: Iterable[str] = ()) -> re.Pattern[str] | None:
    """The reference syntax (`cited` reads a match) of a document numbered
    as `ids`, whose lines label its units with `words` (``law``, ``canon``);
    None when no ID has a form it can cite.

    >>> s = citation_syntax(["7-301", "7-304", "7-304(a)", "7-304(a)(1)"])
    >>> [cited(m) for m in s.finditer("as section 7-304(a)(1) and 7-301 allow, not CR 184.6 or rule 5")]
    ['7-304(a)(1)', '7-301']
    >>> [cited(m) for m in citation_syntax(["§ 1", "§ 1(a)"]).finditer("under § 1(a), Section 1(a)")]
    ['§ 1(a)']
    >>> s = citation_syntax(["1", "1.1", "1.1(a)"], ["law"])
    >>> [cited(m) for m in s.finditer("An appeal lies under Law 1.1(a), see Laws 1 and 1.1, not under 18 years.")]
    ['1.1(a)', '1', '1.1']
    >>> s = citation_syntax(["II", "II.1", "II.2"], ["article", "section"])
    >>> [cited(m) for m in s.finditer("See Article II, Section 2, and Section II.1.")]
    ['II.2', 'II.1']
    >>> [cited(m) for m in s.finditer("as Section 2 of Article II says")]
    ['II.2']
    >>> s = citation_syntax(["I", "I.1", "I.1.1", "I.2", "I.2.3"], ["title", "canon", "sec"])
    >>> [cited(m) for m in s.finditer("under Title I, Canon 2, Sec. 3 and Title I, Canon 1")]
    ['I.2.3', 'I.1']
    """
    forms: set[str] = set()
    section_sign = depth = 0
    core_of, sub_item = _core().match, _sub_item().findall
    for rule_id in ids:
        core = core_of(rule_id)
        if core is None:
            continue
        form = _form(core.group(2))
        if form is None:
            continue
        depth = max(depth, len(sub_item(rule_id, core.end())))
        if core.group(1):
            section_sign += 1
        forms.add(form)
    if not forms:
        return None
    numbers = "|".join(_pattern(form) for form in sorted(forms, key=lambda f: (-len(f), f)))
    items = rf"(?:\((?:\d{{1,3}}|[a-z]{{1,4}}|[A-Z])\)){{0,{depth}}}" if depth else ""
    tail = rf"(?![\w.-]?\d)(?!\()(?!\s*(?:{_UNITS})\b)"
    if section_sign:
        # Units cited with their sign ("§ 3(a)"): only that form is one of them.
        return re.compile(rf"(?P<id>§ (?:{numbers}){items}){tail}")
    citing = _word({*CITING_WORDS, *(w.casefold() for w in words if w.replace(" ", "").isalpha())})
    single = rf"(?:\b(?:{citing}|{_LEADS})\s+|{_LIST})(?P<id>(?:{numbers}){items}){tail}"
    # A unit numbered again in each division, cited after its division's
    # number with two different words: "Article II, Section 2" (ID II.2).
    restarting = sorted({f.rsplit(".", 1)[0] for f in forms if "." in f and f.rsplit(".", 1)[0] in forms}, key=len)
    if not restarting:
        return re.compile(single)
    divisions = "|".join(_pattern(f) for f in reversed(restarting))
    # Three levels numbered again in each other (ID I.2.3): "Title I, Canon 2, Sec. 3".
    middle = (
        rf"(?:(?P<middle>\d{{1,4}}),?\s+(?:{citing})\s+)?"
        if any(f.count(".") >= 2 and f.rsplit(".", 1)[0] in restarting for f in forms) else ""
    )
    pair = (
        rf"\b(?P<word>{citing})\s+(?P<division>{divisions}),?\s+(?!(?i:(?P=word)))(?:{citing})\s+{middle}"
        rf"(?P<item>\d{{1,4}}{items}){tail}"
    )
    # The unit first, then its division: "Section 2 of Article II" (ID II.2).
    inverse = (
        rf"\b(?P<word_after>{citing})\s+(?P<item_first>\d{{1,4}}{items})\s+of\s+(?:this\s+|the\s+)?"
        rf"(?!(?i:(?P=word_after)))(?:{citing})\s+(?P<division_after>{divisions}){tail}"
    )
    return re.compile(f"{pair}|{inverse}|{single}")


def cited(m: re.Match[str]) -> str:
    r"""The ID a match of a reference syntax cites: its group ``id`` (a label
    word in it capitalised: ``rule 3(b)`` cites ``Rule 3(b)``), or, for a
    unit cited after its division (``Article II, Section 2``), the
    division's number and the unit's, joined as the ID is (``II.2``).

    >>> [cited(m) for m in re.finditer(r"(?P<id>[Rr]ule \d(?:\(\w\))?)", "rule 3(b), Rule 4")]
    ['Rule 3(b)', 'Rule 4']
    """
    spans = cited_numbers(m)
    if len(spans) > 1:
        return ".".join(m.string[a:b] for a, b in spans)
    cited_id = m.group("id")
    if cited_id[:1].islower() and " " in cited_id:
        # "rule 3(b)" cites Rule 3(b): a label word in an ID is capitalised,
        # as the line that numbers the unit prints it.
        return cited_id[0].upper() + cited_id[1:]
    return cited_id


def cited_numbers(m: re.Match[str]) -> list[tuple[int, int]]:
    """Where `cited` read each number of the ID in the text, in the ID's
    order: the span of group ``id``; or, for a unit cited with its
    division, the division's number, a middle division's, and the unit's
    (``Title I, Canon 2, Sec. 3``, ``Section 2 of Article II``: the
    division's first).

    >>> s = citation_syntax(["II", "II.1", "II.2"], ["article", "section"])
    >>> [(cited(m), cited_numbers(m)) for m in s.finditer("Section 2 of Article II")]
    [('II.2', [(21, 23), (8, 9)])]
    """
    groups = m.re.groupindex
    if "division" in groups and m.group("division") is not None:
        names = ("division", "middle", "item") if "middle" in groups else ("division", "item")
        return [m.span(n) for n in names if m.group(n) is not None]
    if "division_after" in groups and m.group("division_after") is not None:
        return [m.span("division_after"), m.span("item_first")]
    return [m.span("id")]
