"""A summary of a comparison, as ``git diff --stat`` summarises a diff.

- `render_stat(comparison, color=False)` -> text: one line per section with
  its number of changes and a bar of their kinds, then the totals by kind
  and by tag, the most frequent substitutions and the renumbering runs.

It reads the model (`Comparison`) directly, not the template context: it
needs counts, never the text of a rule, and stays short on the largest
comparison (a 17-year gap with thousands of changes is some twenty lines
plus one per section).
"""

from __future__ import annotations

from collections import Counter

from ..errors import printable
from ..model import Change, ChangeKind, Comparison, Document, Rule, RuleKind

__all__ = ["BAR_WIDTH", "render_stat"]

BAR_WIDTH = 40
"""Characters of the longest bar. Fixed, not the terminal's width, so that the
output is the same wherever it is written."""

SHOWN = 5
"""Substitutions and renumbering runs named; the rest are counted."""

SECTIONS_SHOWN = 20
"""Section lines at most: beyond, the sections with the most changes are
shown (in reading order) and the others counted in one line. A Riftbound
release has some 200 root headings, where a Comprehensive Rules release
has 9 sections and a glossary."""

_KINDS = (
    ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.CHANGED,
    ChangeKind.RENUMBERED, ChangeKind.SPLIT, ChangeKind.MERGED,
)
_MARK = {
    ChangeKind.ADDED: "+", ChangeKind.REMOVED: "-", ChangeKind.CHANGED: "~",
    ChangeKind.RENUMBERED: ">", ChangeKind.SPLIT: "<", ChangeKind.MERGED: "<",
}
_COLOR = {"+": "\x1b[32m", "-": "\x1b[31m", "~": "\x1b[33m", ">": "\x1b[36m", "<": "\x1b[36m"}
_RESET = "\x1b[0m"
_TITLE_WIDTH = 36
"""Characters of a section's label, longer titles cut with an ellipsis."""


def render_stat(comparison: Comparison, *, color: bool = False) -> str:
    r"""The summary: sections with their bars, then totals, tags,
    substitutions and renumbering; ANSI colours on the bars when `color`.

    >>> from ruldiff import compare, decode, parse
    >>> def doc(*rules): return parse(decode(("Rules\n\n1. Basics\n\n" + "\n\n".join(rules)).encode(), "x"))
    >>> print(render_stat(compare(doc("100.1. Draw.", "100.2. Pass."), doc("100.1. Draw two.", "100.2. Pass."))), end="")
    Rules (no date) -> Rules (no date)
     1  Basics  | 1 ~
     1 change: 1 changed (~); 2 unchanged
     tags: 1 substantive
    """
    changes = comparison.changes
    summary = comparison.summary
    out = [f"{_name(comparison.old)} -> {_name(comparison.new)}"]
    rows = _sections(comparison)
    hidden: list[tuple[str, Counter[ChangeKind]]] = []
    if len(rows) > SECTIONS_SHOWN:
        kept = set(sorted(range(len(rows)), key=lambda i: (-sum(rows[i][1].values()), i))[:SECTIONS_SHOWN])
        hidden = [row for i, row in enumerate(rows) if i not in kept]
        rows = [row for i, row in enumerate(rows) if i in kept]
    label_width = max((len(label) for label, _ in rows), default=0)
    count_width = max((len(str(sum(c.values()))) for _, c in rows), default=1)
    most = max((sum(c.values()) for _, c in rows), default=0)
    for label, counts in rows:
        total = sum(counts.values())
        bar = "".join(_paint(_MARK[k] * n, color) for k, n in _bar(counts, most))
        out.append(f" {label:<{label_width}}  | {total:>{count_width}} {bar}")
    if hidden:
        count = sum(sum(c.values()) for _, c in hidden)
        out.append(f" … {len(hidden)} more sections with fewer changes: {count} in all")
    # Each kind with its mark, as git writes "10 insertions(+)": the legend of the bars.
    kinds = ", ".join(f"{summary[k.value]} {k.value} ({_MARK[k]})" for k in _KINDS if summary.get(k.value))
    plural = "" if len(changes) == 1 else "s"
    if changes:
        out.append(f" {len(changes)} change{plural}: {kinds}; {summary.get('unchanged', 0)} unchanged")
    else:
        out.append(f" no changes; {summary.get('unchanged', 0)} unchanged")
    tags = Counter(tag for c in changes for tag in c.tags)
    if tags:
        out.append(" tags: " + ", ".join(f"{n} {tag}" for tag, n in sorted(tags.items(), key=_most_first)))
    subs = comparison.substitutions
    if subs:
        shown = [f'"{s.old}" -> "{s.new}" ({s.count})' for s in subs[:SHOWN]]
        out.append(" substitutions: " + "; ".join(shown) + _more(len(subs)))
    runs = comparison.renumbering
    if runs:
        shown = [f"{r.old} -> {r.new}" for r in runs[:SHOWN]]
        noun = "run" if len(runs) == 1 else "runs"
        out.append(f" renumbering: {len(runs)} {noun}: " + "; ".join(shown) + _more(len(runs)))
    return printable("\n".join(out) + "\n", keep="\t\n", spare=(*_COLOR.values(), _RESET) * color)


def _name(doc: Document) -> str:
    return f"{doc.title or doc.path} ({doc.date or 'no date'})"


def _most_first(item: tuple[str, int]) -> tuple[int, str]:
    return -item[1], item[0]


def _more(total: int) -> str:
    return f"; and {total - SHOWN} more" if total > SHOWN else ""


def _paint(text: str, color: bool) -> str:
    return _COLOR[text[0]] + text + _RESET if color and text else text


def _bar(counts: Counter[ChangeKind], most: int) -> list[tuple[ChangeKind, int]]:
    """Each kind's share of a bar at most `BAR_WIDTH` long, scaled to the
    section with the `most` changes, as git scales; a kind present keeps
    at least one mark."""
    scale = min(1.0, BAR_WIDTH / most) if most else 1.0
    return [(k, max(1, round(counts[k] * scale))) for k in _KINDS if counts[k]]


def _sections(comparison: Comparison) -> list[tuple[str, Counter[ChangeKind]]]:
    """(label, changes by kind) for each section with a change, in the order
    their first change is read; the glossary last."""
    index = {r.id: r for r in comparison.new.rules}
    old_index = {r.id: r for r in comparison.old.rules}
    rows: dict[str, Counter[ChangeKind]] = {}
    glossary: Counter[ChangeKind] = Counter()
    # A removed rule counts under its old section's new self where the
    # section was renumbered, as the changelog shows it (context.build_context).
    moved = {
        c.old.id: c.new
        for c in comparison.changes
        if c.old is not None and c.new is not None and c.old.kind in (RuleKind.SECTION, RuleKind.HEADING)
    }
    for c in comparison.changes:
        rule = c.new or c.old
        assert rule is not None
        if rule.kind is RuleKind.GLOSSARY:
            glossary[c.kind] += 1
            continue
        rows.setdefault(_section_label(c, index, old_index, moved), Counter())[c.kind] += 1
    out = list(rows.items())
    if glossary:
        out.append(("Glossary", glossary))
    return out


def _section_label(c: Change, index: dict[str, Rule], old_index: dict[str, Rule], moved: dict[str, Rule]) -> str:
    if c.new is not None:
        top = _top(c.new, index)
    else:
        assert c.old is not None
        top = _top(c.old, old_index)
        top = moved.get(top.id, top) if top is not None else None
    if top is None:
        return "(no section)"
    label = f"{top.id}  {' '.join(top.text.split())}" if top.text else top.id
    return label if len(label) <= _TITLE_WIDTH else label[: _TITLE_WIDTH - 1] + "…"


def _top(rule: Rule, index: dict[str, Rule]) -> Rule | None:
    """The top-level section or heading a rule belongs to (itself, at the
    top), as the changelog groups it."""
    for _ in range(10):
        parent = index.get(rule.parent) if rule.parent is not None else None
        if parent is None:
            break
        rule = parent
    return rule if rule.kind in (RuleKind.SECTION, RuleKind.HEADING) else None
