"""The template context -> readable terminal text (``--format text``).

- `render_text(context, color=False)` -> the changelog as terminal text, laid
  out like the Markdown and HTML ones: with `color`, deletions red and struck
  through, insertions green and underlined (SGR 9 and 4, so colour is never
  the only mark); without, git-style ``[-x-]{+y+}`` markers.
- `change_text(change, color=False)` -> one change of the context as text.
- `coverage_line(coverage)` -> what a profile read, for ``ruldiff parse -f text``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .context import _KINDS
from .excerpt import CUT, cut_mark
from .jsonout import _VALUE
from ..errors import printable
from ..model import Coverage, Op

__all__ = ["change_text", "coverage_line", "render_text"]

def coverage_line(coverage: Coverage) -> str:
    """What a profile read, for ``ruldiff parse -f text``.

    >>> from ruldiff.model import Coverage
    >>> print(coverage_line(Coverage(200, 150, 10, 30, 8, 2)))
    coverage: 200 non-blank lines: 150 rules, 10 headings, 30 glossary, 8 layout, 2 unread (1%)
    """
    return (
        f"coverage: {coverage.lines:,} non-blank lines: {coverage.rules:,} rules, "
        f"{coverage.headings:,} headings, {coverage.glossary:,} glossary, {coverage.layout:,} layout, "
        f"{coverage.unread:,} unread ({coverage.unread_share:.0%})"
        + (f"; furniture: {coverage.furniture:,} lines removed" if coverage.furniture else "")
    )



SHOWN_VARIANTS = 6
"""Forms of a substitution family named in the terminal text; the rest are
counted ("and 12 more")."""


def _variants_text(variants: list[dict[str, Any]]) -> str:
    """A family's other forms, most frequent first: ``"he or she has" ->
    "they have" (31); ...; and 3 more``."""
    shown = [f"{_rewrite_text(v['old'], v['new'])} ({v['count']})" for v in variants[:SHOWN_VARIANTS]]
    more = len(variants) - SHOWN_VARIANTS
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")


def _rewrite_text(old: str, new: str) -> str:
    """One form of a substitution: ``"he or she" -> "they"``, or
    ``"the phrase" deleted`` when it is replaced by nothing."""
    return f"\"{old}\" deleted" if not new else f"\"{old}\" -> \"{new}\""



# --- terminal text -----------------------------------------------------------

_SGR = {
    "bold": "\x1b[1m",
    "red": "\x1b[31m",
    "green": "\x1b[32m",
    "yellow": "\x1b[33m",
    "cyan": "\x1b[36m",
    "dim": "\x1b[2m",
    "underline": "\x1b[4m",
    "strike": "\x1b[9m",
    "reset": "\x1b[0m",
}
COLOURS = tuple(_SGR.values())
"""The escape sequences of ruldiff's own colours: the only ones a terminal
text holds raw (`errors.printable` escapes every other control character
and bidi control, those of a document, a note or a file name)."""
_MARK = {"added": "+", "removed": "-", "changed": "~", "renumbered": ">", "split": "<", "merged": ">"}
_KIND_COLOR = {
    "added": "green", "removed": "red", "changed": "yellow",
    "renumbered": "cyan", "split": "cyan", "merged": "cyan",
}



def _run_text(run: dict[str, Any]) -> str:
    """A run of IDs as text: ``701.9–701.9f (7 rules)``, or one ID.

    >>> _run_text({"first": {"label": "701.9"}, "last": {"label": "701.9f"}, "count": 7})
    '701.9–701.9f (7 rules)'
    """
    if run["last"] is None:
        return str(run["first"]["label"])
    return f"{run['first']['label']}–{run['last']['label']} ({run['count']} rules)"


def _each_line(text: str, start: str, end: str) -> str:
    """Mark each line of an edit on its own, so that no marker spans a line break."""
    if "\n" not in text:  # most edits
        return start + text + end if text else text
    return "\n".join(start + t + end if t else t for t in text.split("\n"))


_REVIEW_MARK = {"accepted": "[accepted]", "differs": "[differs since accepted]"}
"""How the terminal text marks a change the review state knows (a new one is not marked)."""


def _see_also(hints: list[dict[str, Any]]) -> str:
    """A change's hints of a split or merge (`Change.see_also`), as a phrase:
    ``103.6a (perhaps split off this rule)``."""
    return "; ".join(f"{h['id']} ({h['why']})" for h in hints)


def _review_line(review: dict[str, Any]) -> str:
    """``review: 2 accepted, 1 differs since accepted, 4 new; 2 accepted changes hidden``."""
    line = f"review: {review['accepted']} accepted, {review['differs']} differs since accepted, {review['new']} new"
    return line + (f"; {review['note']}" if review["note"] else "")


def _note_lines(note: str) -> list[str]:
    """An editor's note in the terminal text: as written, under its change.

    >>> _note_lines("Why.\\n\\nBecause.")
    ['      note: Why.', '', '            Because.']
    """
    lines = note.split("\n")
    return ["      note: " + lines[0]] + [("            " + line) if line.strip() else "" for line in lines[1:]]


def _omitted_lines(omitted: dict[str, Any], paint: Callable[..., str]) -> list[str]:
    """What a shortened changelog left out (`cap.shorten`): the changes listed
    by ID alone, then the note, as the Markdown and HTML end."""
    lines = []
    if omitted["listed"]:
        lines += ["", paint("Listed by ID only", "bold")]
        for g in omitted["listed"]:
            kinds = "; ".join(f"{k['kind']} {', '.join(k['labels'])}" for k in g["kinds"])
            lines.append(f"  {g['heading']}: {kinds}")
    return lines + ["", paint(f"{omitted['note']} The whole changelog: {omitted['command']}", "yellow")]


def _text_writers(color: bool) -> tuple[Callable[..., str], Callable[[dict[str, Any]], list[str]]]:
    """`paint(text, *styles)` and `change_block(change)` of the terminal text."""

    def paint(text: str, *styles: str) -> str:
        if not color or not text:
            return text
        return "".join(_SGR[s] for s in styles) + text + _SGR["reset"]

    # What goes around each line of a deletion, and of any other edit (an
    # insertion). Never colour alone (a colour-blind reader, a monochrome
    # terminal, a copy pasted elsewhere): struck through and underlined as the
    # HTML is, and git's word-diff brackets when there is no colour.
    deleted = (_SGR["red"] + _SGR["strike"], _SGR["reset"]) if color else ("[-", "-]")
    inserted = (_SGR["green"] + _SGR["underline"], _SGR["reset"]) if color else ("{+", "+}")
    equal, delete = _VALUE[Op.EQUAL], _VALUE[Op.DELETE]

    def edits(change: dict[str, Any]) -> str:
        out = []
        for e in change["shown"]:
            op = e["op"]
            if op == equal:
                out.append(e["text"])
            elif op == CUT:
                out.append(paint(cut_mark("[…]", e["text"]), "dim"))
            else:
                out.append(_each_line(e["text"], *(deleted if op == delete else inserted)))
        return "".join(out)

    def change_block(c: dict[str, Any]) -> list[str]:
        kind = c["kind"]
        if kind in ("renumbered", "split", "merged"):
            head = f"{c['old_label']} -> {c['new_label']}"
        else:
            head = c["label"]
        tags = f" [{', '.join(c['tags'])}]" if c["tags"] else ""
        note = " (text unchanged)" if kind == "renumbered" and not c["text_changed"] else ""
        if c["moved"]:
            note += f" (moved from {c['moved'][0]} to {c['moved'][1]})"
        lines = [
            "  "
            + paint(f"{_MARK[kind]} {head}", "bold", _KIND_COLOR[kind])
            + paint(f"  {kind}{note}{tags}", "dim")
            + (paint(f"  {_REVIEW_MARK[c['reviewed']]}", "yellow" if c["reviewed"] == "differs" else "dim")
               if c["reviewed"] in _REVIEW_MARK else "")
        ]
        if c["since_accepted"]:
            lines.append("      since accepted: " + edits({"shown": c["since_accepted"]}).replace("\n", " / "))
        # A text --max-chars left out has edits but none shown: no empty body.
        if (c["shown"] or not c["edits"]) and (c["text_changed"] or kind in ("added", "removed")):
            for para in edits(c).split("\n"):
                lines.append("      " + para)
        if c["items_added"] or c["items_removed"]:
            items = [f"+ {i}" for i in c["items_added"]] + [f"- {i}" for i in c["items_removed"]]
            lines.append("      list: " + "; ".join(items))
        if c["stale"]:
            lines.append("      stale reference: " + ", ".join(c["stale_shown"]))
        for hint in c["possibly_stale"]:
            lines.append(paint("      possibly stale: " + hint["shown"], "dim"))
        if c["links"]:
            lines.append("      see: " + ", ".join(link["id"] for link in c["links"]))
        if c["see_also"]:
            lines.append(paint("      see also " + _see_also(c["see_also"]), "dim"))
        if c["note"]:
            lines.extend(_note_lines(c["note"]))
        return lines

    return paint, change_block


def change_text(change: dict[str, Any], *, color: bool = False) -> str:
    """One change of the context (`build_context`) as the terminal text shows it."""
    return printable("\n".join(_text_writers(color)[1](change)) + "\n", keep="\t\n", spare=COLOURS * color)


def render_text(context: dict[str, Any], *, color: bool = False) -> str:
    """Readable terminal text, laid out like the Markdown and HTML changelogs;
    ANSI colours when `color`, git-style ``[-x-]{+y+}`` markers without."""

    paint, change_block = _text_writers(color)

    def doc_line(side: str, doc: dict[str, Any]) -> str:
        date = doc["date"] or "no date"
        title = f"{doc['title']} " if doc["title"] else ""
        return (
            f"{side} {doc['path']}: {title}({date}), "
            f"{doc['rules']} rules, {doc['glossary']} glossary entries, profile {doc['profile']}"
        )

    s = context["summary"]
    out = [
        paint(
            f"{context['old']['title'] or context['old']['path']} ({context['old']['date'] or 'no date'}) -> "
            f"{context['new']['title'] or context['new']['path']} ({context['new']['date'] or 'no date'})",
            "bold",
        ),
        doc_line("---", context["old"]),
        doc_line("+++", context["new"]),
        "summary: "
        + ", ".join(f"{s[k]} {k}" for k in _KINDS if s.get(k) or k not in ("split", "merged")),
    ]
    if context["review"] is not None:
        out.append(_review_line(context["review"]))
    if not context["total_changes"]:
        out.append("no changes left to review" if context["review"] and context["review"]["hidden"] else "no changes")
    if context["new_rules"]:
        out.append("new rules: " + ", ".join(map(_run_text, context["new_runs"])))
    if context["removed_rules"]:
        out.append("removed rules: " + ", ".join(map(_run_text, context["removed_runs"])))
    if context["renumbering"]:
        out.append("renumbered: " + "; ".join(f"{r['old']} -> {r['new']}" for r in context["renumbering"]))
    for sub in context["substitutions"]:
        out.append(
            f"substitution: {_rewrite_text(sub['old'], sub['new'])} "
            f"({sub['count']} times in {len(sub['rules'])} rules)"
        )
        if sub["variants"]:
            out.append("  with: " + _variants_text(sub["variants"]))
    for item in context["list_items"]:
        items = [f"+ {i}" for i in item["items_added"]] + [f"- {i}" for i in item["items_removed"]]
        out.append(f"list {item['label']}: " + "; ".join(items))
    for stale in context["stale"]:
        out.append(f"stale reference in {stale['rule']}: " + ", ".join(stale["shown"]))
    for section in context["sections"]:
        out.append("")
        title = (
            f"{section['id']}. {section['title']}" if section["id"] is not None else "(no section)"
        )
        out.append(paint(title, "bold"))
        for c in section["changes"]:
            out.extend(change_block(c))
    for title, key in (
        ("Glossary", "glossary"),
        ("Mechanical changes (cross-references, substitutions, cosmetic)", "mechanical"),
        ("Renumbered, text unchanged", "renumbered_only"),
    ):
        if context[key]:
            out.append("")
            out.append(paint(title, "bold"))
            for c in context[key]:
                out.extend(change_block(c))
    if context["omitted"]:
        out.extend(_omitted_lines(context["omitted"], paint))
    # Colour sequences are spared only when ruldiff paints: without colour, an
    # ESC that came in with a file name or a rule's text is always escaped.
    return printable("\n".join(out) + "\n", keep="\t\n", spare=COLOURS * color)
