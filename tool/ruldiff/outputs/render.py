"""Comparison -> text: JSON, terminal text, and Markdown or HTML through jinja2.

- `to_json(comparison)` -> the JSON contract as plain dicts (README, "JSON").
- `build_context(comparison)` -> the template context: plain dicts, already
  grouped and ordered, so that templates hold no logic (README, "Templates").
- `render(comparison, fmt, templates=None, color=False, style=..., template=...,
  max_chars=...)` -> the output text, in a style (`STYLES`), with a template
  of the user's, shortened to a size (`cap.shorten`).
- `FORMATS`: the format names `render` accepts.
- `template_name(fmt, style)` -> the built-in template of a format and style.

Cuts and runs of IDs come from `excerpt`, computed once in `build_context`.

Built-in templates live in the package (``ruldiff/templates/``, linked from
the top-level ``templates/`` folder of the source tree). A user's directory,
given with ``--templates DIR``, is searched first: a file named like a built-in
one (``changelog.html.j2``, ``changelog.md.j2``) replaces it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
from functools import partial
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .. import __version__
from .cap import shorten, substantive
from ..errors import TemplateError
from .excerpt import CUT, cut_edits, id_runs
from .notemark import note_html, note_md
from ..model import Annotations, Change, ChangeKind, Comparison, Coverage, Document, Op, Rule, RuleKind, Substitution, change_id
from ..sandbox import RenderLimitError, bound_filters, render_bounded, sandboxed_environment, template_location
from ..diff.semantic import references
from ..documents.grammar import parse_numbering, profile_mapping

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "FORMATS", "STYLES", "build_context", "template_name", "document_json", "render", "render_document", "render_template",
    "to_json",
]

FORMATS = ("text", "md", "html", "json", "context")
STYLES = ("changelog", "bulletin")
"""Built-in styles: the whole changelog, or a bulletin of the substantive
changes by section (`cap.substantive`), as official update bulletins read."""
"""Output formats: terminal text, Markdown, HTML, the JSON contract, and the
template context as JSON (what a custom template receives)."""

BUILTIN_TEMPLATES = Path(__file__).parent / "templates"
TEMPLATE_OF = {"md": "changelog.md.j2", "html": "changelog.html.j2"}
"""The template that renders each template-based format."""


def template_name(fmt: str, style: str = "changelog") -> str | None:
    """The built-in template of a format and style, None for a format that
    has none (text, json, context).

    >>> template_name("md", "bulletin"), template_name("text")
    ('bulletin.md.j2', None)
    """
    if fmt not in TEMPLATE_OF:
        return None
    return TEMPLATE_OF[fmt].replace("changelog.", f"{style}.", 1)

JSON_FORMAT_VERSION = 1


# --- JSON contract ----------------------------------------------------------


_VALUE: dict[Op | ChangeKind | RuleKind, str] = {
    member: member.value for enum in (Op, ChangeKind, RuleKind) for member in enum
}
"""The ``.value`` of each Op, ChangeKind and RuleKind: an enum's ``.value`` is
a Python-level property, read here for every edit of every change (a dict
lookup hashes in C)."""


def _doc_json(doc: Document) -> dict[str, Any]:
    return {
        "path": doc.path,
        "title": doc.title,
        "date": doc.date,
        "rules": len(doc.rules),
        "glossary": len(doc.glossary),
        "profile": doc.profile,
    }


def _ids(rules: tuple[Rule, ...]) -> str | list[str] | None:
    """An ID, a list of IDs for the many side of a split or merge, or None."""
    if not rules:
        return None
    return rules[0].id if len(rules) == 1 else [r.id for r in rules]


def _edits_json(change: Change) -> list[list[str]]:
    value = _VALUE
    return [[value[e.op], e.text] for e in change.edits]


def _substitution_json(s: Substitution) -> dict[str, Any]:
    return {
        "old": s.old, "new": s.new, "count": s.count, "rules": list(s.rules),
        "variants": [{"old": d, "new": i, "count": n} for d, i, n in s.variants],
    }


def _stale_json(stale: tuple[str, tuple[str, ...], tuple[str, ...]]) -> dict[str, Any]:
    rule, refs, should_be = stale
    return {"rule": rule, "references": list(refs), "should_be": [h or None for h in should_be]}


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


def _stale_shown(refs: tuple[str, ...], should_be: tuple[str, ...]) -> list[str]:
    """Stale references as a reader sees them: ``rule 903.13 (now 903.11)``."""
    return [f"{r} (now {h})" if h else r for r, h in zip(refs, should_be)]


def to_json(comparison: Comparison, annotations: Annotations | None = None) -> dict[str, Any]:
    """The JSON contract: ``{"format": "ruldiff", "version": 1, ...}``.

    Later versions add fields; they never remove or change these. With
    `annotations` (``--notes``, ``--reviewed``), each change has ``note``
    and, with a review state, ``reviewed``; the top level ``review``.
    """
    out = {
        "format": "ruldiff",
        "version": JSON_FORMAT_VERSION,
        "old": _doc_json(comparison.old),
        "new": _doc_json(comparison.new),
        "summary": comparison.summary,
        "renumbering": [
            {"old": r.old, "new": r.new} for r in comparison.renumbering
        ],
        "substitutions": [_substitution_json(s) for s in comparison.substitutions],
        "stale_references": [_stale_json(s) for s in comparison.stale],
        "changes": [
            {
                "old": _ids(c.olds),
                "new": _ids(c.news),
                "kind": _VALUE[c.kind],
                "tags": list(c.tags),
                "edits": _edits_json(c),
                "stale": list(c.stale),
                "stale_should_be": [h or None for h in c.stale_should_be],
                "list_items": {"added": list(c.items_added), "removed": list(c.items_removed)},
                "moved": {"old": c.moved[0], "new": c.moved[1]} if c.moved else None,
            }
            for c in comparison.changes
        ],
    }
    if annotations is not None:
        _annotate_json(out, comparison, annotations)
    return out


def _annotate_json(out: dict[str, Any], comparison: Comparison, annotations: Annotations) -> None:
    """Add the editor's notes and review marks to the JSON (`to_json`)."""
    for c, item in zip(comparison.changes, out["changes"]):
        rule = c.new or c.old
        assert rule is not None
        if annotations.notes is not None:
            item["note"] = annotations.note(change_id(c)) or annotations.note(rule.id)
        if annotations.review is not None:
            item["reviewed"] = annotations.mark(change_id(c))
    review = annotations.summary()
    if review is not None:
        out["review"] = review


def document_json(doc: Document) -> dict[str, Any]:
    """A parsed document as plain data (``ruldiff parse``): every item in
    order, after what the profile read (`model.Coverage`)."""
    coverage = doc.coverage
    grammar: dict[str, Any] = {}
    if doc.numbering is not None:
        # The numbering it was read by, as a profile to save and pass back with --profile.
        grammar["grammar"] = profile_mapping(parse_numbering(doc.numbering))
    return {
        "profile": doc.profile,
        **grammar,
        "path": doc.path,
        "title": doc.title,
        "date": doc.date,
        "coverage": None if coverage is None else {
            "lines": coverage.lines,
            "rules": coverage.rules,
            "headings": coverage.headings,
            "glossary": coverage.glossary,
            "layout": coverage.layout,
            "unread": coverage.unread,
            "first_unread": [{"line": n, "text": text} for n, text in coverage.first_unread],
        },
        "items": [
            {
                "id": r.id,
                "parent": r.parent,
                "kind": r.kind.value,
                "line": r.line,
                "text": r.text,
                "examples": list(r.examples),
                "notes": list(r.notes),
            }
            for r in doc.items
        ],
    }


def render_document(doc: Document, fmt: str) -> str:
    """A parsed document as ``json``, ``yaml`` or indented ``text``."""
    data = document_json(doc)
    if fmt == "json":
        return _dump(data)
    if fmt == "yaml":
        import yaml

        dumped: str = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        return dumped
    if fmt == "text":
        depth: dict[str | None, int] = {None: 0}
        lines = [f"{doc.title} ({doc.date or 'no date'}), profile {doc.profile}"]
        if doc.numbering is not None:
            lines.append(f"numbering: {doc.numbering}")
        if doc.coverage is not None:
            lines.append(coverage_line(doc.coverage))
        for r in doc.items:
            depth[r.id] = depth.get(r.parent, 0) + 1
            indent = "  " * (depth[r.id] - 1)
            lines.append(f"{indent}{r.id}  {r.text}".replace("\n", " / "))
            lines.extend(f"{indent}    {e}" for e in r.examples)
        return "\n".join(lines) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected json, yaml or text")


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
    )



# --- template context -------------------------------------------------------


def _section_of(rule: Rule, index: dict[str, Rule]) -> Rule | None:
    """The top-level item a rule belongs to (itself, at the top): a section in
    the MTG rules, a root heading such as ``100. Game Concepts`` elsewhere."""
    seen = 0
    while rule.parent is not None and seen < 10:
        parent = index.get(rule.parent)
        if parent is None:
            break
        rule, seen = parent, seen + 1
    return rule if rule.kind in (RuleKind.SECTION, RuleKind.HEADING) else None


def _label(rule: Rule) -> str:
    if rule.kind is RuleKind.GLOSSARY:
        return rule.id.removeprefix("glossary:")
    return rule.id


def _labels(rules: tuple[Rule, ...]) -> str | None:
    """The rules' labels joined by commas, or None without rules."""
    if not rules:
        return None
    if len(rules) == 1:  # all but splits and merges
        return _label(rules[0])
    return ", ".join([_label(r) for r in rules])


_ANCHOR_UNSAFE = re.compile(r"[^\w.-]+")


def _anchor(side: str, rule_id: str) -> str:
    """The anchor of a rule's number on one side: ``new-903.11``, ``old-903.13``.

    >>> _anchor("new", "glossary:Abandon")
    'new-glossary-Abandon'
    """
    return f"{side}-" + _ANCHOR_UNSAFE.sub("-", rule_id)


def _anchors(sides: list[tuple[tuple[Rule, ...], tuple[Rule, ...]]]) -> tuple[dict[str, str], dict[str, str]]:
    """The anchors of every old and every new number that has a change, one
    per number and side: a number removed and then reused (57 in the 17-year
    gap) has two, ``old-`` and ``new-``. Two IDs that read the same once made
    safe (``glossary:A B``, ``glossary:A-B``) get ``-2``, ``-3``... in reading
    order, so that no anchor repeats."""
    taken: set[str] = set()
    maps: tuple[dict[str, str], dict[str, str]] = ({}, {})
    for olds, news in sides:
        for side, rules, found in (("old", olds, maps[0]), ("new", news, maps[1])):
            for r in rules:
                if r.id in found:
                    continue
                anchor = base = _anchor(side, r.id)
                n = 1
                while anchor in taken:
                    n += 1
                    anchor = f"{base}-{n}"
                taken.add(anchor)
                found[r.id] = anchor
    return maps


MECHANICAL = frozenset({"cross-reference", "substitution", "cosmetic"})
"""Tags of edits that carry no new meaning: shown apart, folded."""


def _is_mechanical(tags: tuple[str, ...], text_changed: bool) -> bool:
    return text_changed and bool(tags) and set(tags) - {"stale-reference"} <= MECHANICAL


def _link(rule_id: str, anchors: dict[str, str]) -> dict[str, Any]:
    """An ID and the anchor of its change, or None where it has none here."""
    return {"id": rule_id, "anchor": anchors.get(rule_id)}


_PRINTED_ID = re.compile(r"[\w.-]+?(?=[.,;:)]*$)")


def _stale_links(
    refs: tuple[str, ...], should_be: tuple[str, ...], old: dict[str, str], new: dict[str, str]
) -> list[dict[str, Any]]:
    """Stale references as links: ``{"text", "anchor", "now", "now_anchor"}``,
    the reference as printed (``rule 903.13``) to its old number's change, and
    the number it should be to its new one.

    >>> _stale_links(("rule 903.13", "rule 100.9."), ("903.11", ""), {"903.13": "old-903.13"}, {})
    [{'text': 'rule 903.13', 'anchor': 'old-903.13', 'now': '903.11', 'now_anchor': None}, {'text': 'rule 100.9.', 'anchor': None, 'now': None, 'now_anchor': None}]
    """
    out = []
    for ref, now in zip(refs, should_be):
        printed = _PRINTED_ID.search(ref)
        out.append({
            "text": ref,
            "anchor": old.get(printed.group()) if printed else None,
            "now": now or None,
            "now_anchor": new.get(now) if now else None,
        })
    return out


def _range_links(ids: str, anchors: dict[str, str]) -> list[dict[str, Any]]:
    """The ends of a run of IDs (``903.10-903.13``, or one ID) as links."""
    first, sep, last = ids.partition("-")
    if sep and first in anchors and last in anchors:
        return [_link(first, anchors), _link(last, anchors)]
    return [_link(ids, anchors)]


def _change_context(
    c: Change,
    olds: tuple[Rule, ...],
    news: tuple[Rule, ...],
    anchors: tuple[dict[str, str], dict[str, str]],
    syntax: re.Pattern[str] | None = None,
) -> dict[str, Any]:
    """One change of the context; `olds` and `news` are ``c.olds`` and ``c.news``
    (properties that build a tuple on every read), `anchors` the anchor of
    every old and every new number with a change (see `_anchors`)."""
    rule = c.new or c.old
    assert rule is not None
    item = rule.kind
    old_label = _labels(olds)
    new_label = _labels(news)
    old_anchors, new_anchors = anchors
    refs = []
    if item is RuleKind.GLOSSARY:
        for target, _printed in references(rule.full_text, syntax):
            if target in new_anchors and target not in refs and not target.startswith("glossary:"):
                refs.append(target)
    text_changed = c.text_changed
    value = _VALUE
    edits = [{"op": value[e.op], "text": e.text} for e in c.edits]
    own = [new_anchors[r.id] for r in news] + [old_anchors[r.id] for r in olds]
    own = list(dict.fromkeys(own))
    shown = cut_edits(edits) if text_changed else edits
    return {
        "id": rule.id,
        "kind": value[c.kind],
        "old": _ids(olds),
        "new": _ids(news),
        "label": new_label if new_label is not None else old_label,
        "old_label": old_label,
        "new_label": new_label,
        "anchor": own[0],
        "aliases": own[1:],
        "item": value[item],
        "title": rule.text if item is RuleKind.SECTION or item is RuleKind.HEADING else None,
        "tags": list(c.tags),
        "mechanical": _is_mechanical(c.tags, text_changed),
        "text_changed": text_changed,
        "edits": edits,
        "shown": shown,
        "cut": len(shown) != len(edits),
        "stale": list(c.stale),
        "stale_should_be": [h or None for h in c.stale_should_be],
        "stale_shown": _stale_shown(c.stale, c.stale_should_be),
        "stale_links": _stale_links(c.stale, c.stale_should_be, old_anchors, new_anchors),
        "items_added": list(c.items_added),
        "items_removed": list(c.items_removed),
        "moved": list(c.moved) if c.moved else None,
        "links": [{"id": t, "anchor": new_anchors[t]} for t in refs],
        "old_line": c.old.line if c.old else None,
        "new_line": c.new.line if c.new else None,
        "note": None,
        "reviewed": None,
    }


def build_context(comparison: Comparison, annotations: Annotations | None = None) -> dict[str, Any]:
    """The context every template receives (dump it with ``--format context``).

    Keys, in the order a release bulletin reads:

    - ``tool`` (name, version); ``old`` and ``new`` (as in the JSON contract);
      ``summary`` (counts by kind, ``unchanged`` included); ``total_changes``;
      ``kind_counts`` and ``tag_counts``: ``{"kind"|"tag", "count"}`` of the
      kinds and tags the changes have (what the HTML page filters by);
    - ``new_rules`` and ``removed_rules``: ``{"label", "anchor", "title"}`` of
      every added and removed numbered rule; ``new_runs`` and ``removed_runs``:
      the same collapsed into runs of rules in a row, ``{"first", "last",
      "count"}`` (``last`` None for a rule alone), read ``701.9–701.9f (7 rules)``;
    - ``renumbering``: ``{"old", "new", "old_links", "new_links"}`` runs, the
      links being the run's ends ``{"id", "anchor"}``; ``substitutions``:
      ``{"old", "new", "count", "rules", "rule_links", "variants"}``;
      ``list_items``: ``{"label", "anchor", "added", "removed"}``; ``stale``:
      ``{"rule", "rule_anchor", "references", "should_be", "shown", "links"}``
      (``shown``: each reference with the ID it should be, ``rule 903.13 (now
      903.11)``; ``links``: the same as ``{"text", "anchor", "now",
      "now_anchor"}``);
    - ``sections``: the substantive changes of the numbered rules, as
      ``{"id", "title", "changes"}`` groups in reading order (``id`` None for
      rules outside any section);
    - ``glossary``: every glossary change;
    - ``mechanical``: changes whose edits are only cross-reference updates,
      substitutions or cosmetic;
    - ``renumbered_only``: rules renumbered with their text unchanged;
    - ``omitted``: what a shortened changelog left out (`cap.shorten`), or None;
    - ``review``: with ``--reviewed``, ``{"accepted", "differs", "new",
      "hidden", "note"}``: how many changes the review state marks each way,
      how many accepted ones were left out (``--hide-reviewed``) and a
      sentence saying so (``note``, None when none); else None.

    Each change has ``kind``, ``old``, ``new``, ``label``, ``old_label``,
    ``new_label``, ``anchor`` and ``aliases`` (the anchors of its numbers,
    ``new-903.11`` and ``old-903.13``: unique, one per number and side, the
    new first), ``item`` (section/heading/rule/glossary), ``title``, ``tags``,
    ``mechanical``, ``text_changed``, ``edits`` (``{"op", "text"}``),
    ``shown`` (the edits with long unchanged runs cut, each cut an edit of op
    ``"…"`` holding the text cut: `excerpt.cut_edits`), ``cut`` (whether
    ``shown`` has a cut), ``stale``,
    ``stale_should_be``, ``stale_shown``, ``stale_links``, ``items_added``,
    ``items_removed``, ``moved`` (``[old heading, new heading]`` or None),
    ``links`` (rules a glossary entry refers to that have a change here:
    ``{"id", "anchor"}``), ``old_line`` and ``new_line``, ``id`` (the change
    ID notes and the review state use: NEW's number, OLD's for a removed
    rule), ``note`` (the editor's note, Markdown: write it with the
    ``note_md`` or ``note_html`` filter; None without one) and ``reviewed``
    (``accepted``, ``differs`` or ``new`` with ``--reviewed``; else None).

    A link's ``anchor`` is None where the ID has no change here: the
    templates print it as plain text.
    """
    old_index = {r.id: r for r in comparison.old.rules}
    new_index = {r.id: r for r in comparison.new.rules}
    # Change.olds and Change.news build a tuple on each read: read them once.
    sides = [(c.olds, c.news) for c in comparison.changes]
    anchors = _anchors(sides)
    old_anchors, new_anchors = anchors
    sections: list[dict[str, Any]] = []
    glossary: list[dict[str, Any]] = []
    mechanical: list[dict[str, Any]] = []
    renumbered_only: list[dict[str, Any]] = []
    new_rules: list[dict[str, Any]] = []
    removed_rules: list[dict[str, Any]] = []
    list_items: list[dict[str, Any]] = []
    syntax = comparison.new.references
    # A removed rule is shown under its old section's new self, where the
    # section was renumbered (Riftbound's "440. Step 3" became 444): else the
    # removed rules among the new ones would open the same section again
    # under its old number, alternating with the new.
    moved_sections = {
        c.old.id: c.new
        for c in comparison.changes
        if c.old is not None and c.new is not None and c.old.kind in (RuleKind.SECTION, RuleKind.HEADING)
    }
    for c, (olds, news) in zip(comparison.changes, sides):
        rule = c.new or c.old
        assert rule is not None
        item = _change_context(c, olds, news, anchors, syntax)
        if annotations is not None:
            item["note"] = annotations.note(change_id(c)) or annotations.note(rule.id)
            item["reviewed"] = annotations.mark(change_id(c))
        if c.items_added or c.items_removed:
            list_items.append({k: item[k] for k in ("label", "anchor", "items_added", "items_removed")})
        if rule.kind is RuleKind.GLOSSARY:
            glossary.append(item)
            continue
        brief = {"label": item["label"], "anchor": item["anchor"], "title": item["title"]}
        if c.kind is ChangeKind.ADDED:
            new_rules.append(brief)
        elif c.kind is ChangeKind.REMOVED:
            removed_rules.append(brief)
        if c.kind is ChangeKind.RENUMBERED and not item["text_changed"]:
            renumbered_only.append(item)
            continue
        if item["mechanical"]:
            mechanical.append(item)
            continue
        if c.new:
            section = _section_of(c.new, new_index)
        else:
            section = _section_of(rule, old_index)
            if section is not None:
                section = moved_sections.get(section.id, section)
        key = section.id if section else None
        if not sections or sections[-1]["id"] != key:
            sections.append(
                {"id": key, "title": section.text if section else None, "changes": []}
            )
        sections[-1]["changes"].append(item)
    tag_counts: dict[str, int] = {}
    for c in comparison.changes:
        for t in c.tags:
            tag_counts[t] = tag_counts.get(t, 0) + 1
    old_at = {r.id: i for i, r in enumerate(comparison.old.rules)}
    new_at = {r.id: i for i, r in enumerate(comparison.new.rules)}
    return {
        "tool": {"name": "ruldiff", "version": __version__},
        "old": _doc_json(comparison.old),
        "new": _doc_json(comparison.new),
        "summary": comparison.summary,
        "total_changes": len(comparison.changes),
        "kind_counts": [
            {"kind": k, "count": comparison.summary.get(k, 0)}
            for k in _KINDS if k != "unchanged" and comparison.summary.get(k)
        ],
        "tag_counts": [{"tag": t, "count": tag_counts[t]} for t in sorted(tag_counts)],
        "new_rules": new_rules,
        "removed_rules": removed_rules,
        "new_runs": id_runs(new_rules, [new_at.get(r["label"], -2) for r in new_rules]),
        "removed_runs": id_runs(removed_rules, [old_at.get(r["label"], -2) for r in removed_rules]),
        "renumbering": [
            {
                "old": r.old, "new": r.new,
                "old_links": _range_links(r.old, old_anchors),
                "new_links": _range_links(r.new, new_anchors),
            }
            for r in comparison.renumbering
        ],
        "substitutions": [
            {**_substitution_json(s), "rule_links": [_link(r, new_anchors) for r in s.rules]}
            for s in comparison.substitutions
        ],
        "list_items": list_items,
        "stale": [
            {
                **_stale_json(s),
                "rule_anchor": new_anchors.get(s[0]),
                "shown": _stale_shown(s[1], s[2]),
                "links": _stale_links(s[1], s[2], old_anchors, new_anchors),
            }
            for s in comparison.stale
        ],
        "sections": sections,
        "glossary": glossary,
        "mechanical": mechanical,
        "renumbered_only": renumbered_only,
        "omitted": None,
        "review": annotations.summary() if annotations is not None else None,
    }


# --- rendering ---------------------------------------------------------------


def render(
    comparison: Comparison,
    fmt: str,
    *,
    templates: str | Path | None = None,
    color: bool = False,
    cache: str | Path | None = None,
    prepared: Callable[[dict[str, Any]], str] | None = None,
    style: str = "changelog",
    template: str | None = None,
    max_chars: int | None = None,
    annotations: Annotations | None = None,
    context: dict[str, Any] | None = None,
) -> str:
    """Render a comparison in one of `FORMATS`; the text always ends with a newline.

    `templates`: a directory searched before the built-in templates; `cache`: a
    directory for compiled templates (see `environment`). `prepared`: for ``md``
    and ``html``, a function that renders the context with that format's
    template, loaded once for many renders (`history.step_pages`); it must give what
    `render_template` gives. `style`: one of `STYLES`; `template`: the name of
    the template to use instead of the style's (found in `templates` first);
    `max_chars`: shorten the text to fit (`cap.shorten`); `annotations`: the
    editor's notes and review marks (annotate.py); `context`: the
    comparison's `build_context(comparison, annotations)`, when the caller
    renders it in several formats (it is never changed here)."""
    if fmt == "json":
        return _dump(to_json(comparison, annotations))
    if context is None:
        context = build_context(comparison, annotations)
    if style == "bulletin":
        context = substantive(context)
    elif style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")
    if fmt == "context":
        return _dump(context)
    draw: Callable[[dict[str, Any]], str]
    if fmt == "text" and template is None:
        draw = partial(render_text, color=color)
    elif fmt in TEMPLATE_OF or template is not None:
        name = template or template_name(fmt, style)
        assert name is not None
        draw = prepared if prepared is not None else partial(
            render_template, name, templates=templates, cache=cache
        )
    else:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if max_chars is None:
        return draw(context)
    return shorten(context, draw, max_chars)[0]


def _dump(data: dict[str, Any]) -> str:
    """JSON with one top-level key per line and one list item per line.

    Readable, diffable between releases, and written by the C encoder
    (``indent=`` would switch the standard library to its pure-Python one,
    several times slower on thousands of changes).
    """
    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join("    " + compact(item) for item in value)
            lines.append(f"  {compact(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def environment(
    templates: str | Path | None = None, cache: str | Path | None = None
) -> jinja2.Environment:
    """The jinja2 environment: the user's directory first, then the built-in templates.

    With `cache`, compiled templates are kept in that directory (jinja2's
    bytecode cache, checked against each template's source): compiling the
    HTML template costs more than rendering a typical changelog with it.
    """
    import jinja2  # only the Markdown and HTML formats pay for importing it

    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.FileSystemLoader(str(BUILTIN_TEMPLATES)))
    env = sandboxed_environment(  # templates are data, not code (sandbox.py)
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=jinja2.select_autoescape(["html", "html.j2"]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_bytecode_cache(Path(cache)) if cache is not None else None,
    )
    bound_filters(env)  # jinja2's own filters; ours below give at most a few times their input
    env.filters["md"] = md_escape
    env.filters["md_code"] = md_code
    env.filters["edits_html"] = edits_html
    env.filters["edits_md"] = edits_md
    env.filters["note_md"] = note_md
    env.filters["note_html"] = _note_html
    return env


# Edits are the bulk of a changelog (tens of thousands on a long gap between
# releases); these filters write them in one Python loop, several times faster
# than a template loop. A template may still loop over `edits` itself.
#
# Escaping is a character-by-character replacement, so escaping texts joined
# by a separator and splitting the result gives each text escaped: one call
# per change instead of one per edit (the Markdown line-start rule, which looks
# at where each text begins, is anchored at the separator as well). A text that
# holds the separator itself is escaped on its own, as before.

_SEPARATOR = "\x00"
_WRAP = {"=": "%s", "-": "<del>%s</del>", "+": "<ins>%s</ins>"}
"""How each op's escaped text is written, in HTML and in Markdown alike (any
op but ``=``, ``-`` and the cut ``…`` as an insertion)."""
_HTML_CUT = (
    '<span class="cut"><button aria-expanded="false" aria-label="show text cut">[…]</button><span>%s</span></span>'
)
"""A cut in HTML: the mark, a button that opens it (the page's script), and
the text cut, hidden until then (and shown in print)."""
_MD_CUT = "\\[…\\]"
"""A cut in Markdown (and in the terminal, unescaped): ``[…]``, followed by a
space where the text cut ended with one."""


def _cut_mark(mark: str, text: str) -> str:
    return mark + " " if text[-1:].isspace() else mark


def _write_edits(
    edits: list[dict[str, str]],
    escape: Callable[[str], str],
    escape_joined: Callable[[str], str],
    cut: Callable[[str, str], str],
) -> str:
    """Each edit's text through `escape`, deletions and insertions in ``<del>``
    and ``<ins>``; `escape_joined` escapes texts joined by `_SEPARATOR` at once;
    `cut(raw, escaped)` writes a cut."""
    if len(edits) == 1:  # an added or removed rule, most often
        return _WRAP.get(edits[0]["op"], _WRAP["+"]) % escape(edits[0]["text"])
    texts = [e["text"] for e in edits]
    pieces = escape_joined(_SEPARATOR.join(texts)).split(_SEPARATOR)
    if len(pieces) != len(texts):  # a text holds the separator
        pieces = [escape(t) for t in texts]
    wrap, insert = _WRAP.get, _WRAP["+"]
    return "".join([
        cut(e["text"], text) if e["op"] == CUT else wrap(e["op"], insert) % text
        for e, text in zip(edits, pieces)
    ])


def edits_html(edits: list[dict[str, str]]) -> Any:
    """A change's edits as HTML: kept text escaped, ``<del>`` and ``<ins>`` around
    the rest (the ``edits_html`` filter).

    >>> str(edits_html([{"op": "=", "text": "a <b> "}, {"op": "-", "text": "c"}, {"op": "+", "text": "d"}]))
    'a &lt;b&gt; <del>c</del><ins>d</ins>'
    """
    import markupsafe  # installed with jinja2 (`from` would cost more, per change)

    return markupsafe.Markup(_write_edits(edits, _html_escape, _html_escape, _html_cut))


def _note_html(text: str) -> Any:
    """An editor's note as HTML (the ``note_html`` filter): notemark's safe
    subset, everything else escaped."""
    import markupsafe

    return markupsafe.Markup(note_html(text))


def _html_cut(raw: str, escaped: str) -> str:
    return _HTML_CUT % escaped


def _html_escape(text: str) -> str:
    """markupsafe's escaping, as a plain string (Markup's own methods would
    escape their arguments)."""
    import markupsafe

    return str(markupsafe.escape(text))


def edits_md(edits: list[dict[str, str]]) -> str:
    """A change's edits as Markdown (GitHub renders ``<del>`` and ``<ins>``),
    each text through `md_escape` (the ``edits_md`` filter).

    >>> edits_md([{"op": "=", "text": "Draw *one* "}, {"op": "-", "text": "card"}, {"op": "+", "text": "cards"}])
    'Draw \\\\*one\\\\* <del>card</del><ins>cards</ins>'
    """
    return _write_edits(edits, md_escape, _md_escape_pieces, _md_cut)


def _md_cut(raw: str, escaped: str) -> str:
    return _cut_mark(_MD_CUT, raw)


def _bytecode_cache(directory: Path) -> jinja2.BytecodeCache:
    """A bytecode cache that is only ever an optimisation: a directory that
    cannot be created, read or written means compiling, never an error."""
    import jinja2

    class Cache(jinja2.BytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if not _private(directory):
                return  # compiled code that others can write is never run
            entry = directory / f"{bucket.key}.jinja"
            try:
                # Not through a symbolic link, and never waiting on a FIFO.
                fd = os.open(entry, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
            except OSError:
                return  # no entry (or not one to open): compiled and written anew
            try:
                with os.fdopen(fd, "rb") as f:
                    st = os.fstat(f.fileno())
                    if not _trusted_entry(st):
                        return  # ignored: compiled, and replaced by a good entry
                    bucket.load_bytecode(f)
                    # An entry in use stays young (see `prune`); once a day is enough.
                    if time.time() - st.st_mtime > _DAY:
                        os.utime(f.fileno())
            except Exception:  # a damaged or unreadable entry is a miss
                bucket.reset()

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if write_entry(directory, f"{bucket.key}.jinja", bucket.write_bytecode):
                prune(directory, CACHE_MAX_AGE, (".jinja", ".tmp"))

    return Cache()


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _trusted_entry(st: os.stat_result) -> bool:
    """Whether a cache entry may be run: a regular file of this user's that
    no one else may write (it is unpickled code)."""
    if not hasattr(os, "getuid"):
        return stat.S_ISREG(st.st_mode)
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


_DAY = 24 * 3600
CACHE_MAX_AGE = 30 * _DAY
"""Compiled templates unused for this long (seconds) are removed from the
cache when another is written: one entry is left behind by every template
file that was edited or used from a new directory."""


def write_entry(directory: Path, name: str, write: Callable[[BinaryIO], object]) -> bool:
    """Write a cache entry `name` in `directory` with `write`: created if
    missing, only in a `_private` directory, and readable by this user only
    from its creation on; written to a temporary file then renamed, so that
    readers see a whole entry or none (a link is replaced, not followed).
    False, and nothing left behind, when it could not be written."""
    target = directory / name
    tmp = directory / f".{name}.{os.urandom(8).hex()}.tmp"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(directory):
            return False
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, target)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False
    return True


def prune(directory: Path, max_age: float, suffixes: tuple[str, ...] | None = None) -> None:
    """Remove the cache entries (those ending with `suffixes`, if given; and
    temporary files of interrupted writes) not used for `max_age` seconds.
    The template cache runs it only after a template was compiled, which is
    rare: an entry is used for as long as its template is not edited."""
    limit = time.time() - max_age
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if (suffixes is None or entry.name.endswith(suffixes)) and entry.is_file(follow_symlinks=False):
                    try:
                        if entry.stat(follow_symlinks=False).st_mtime < limit:
                            os.unlink(entry.path)
                    except OSError:
                        pass
    except OSError:
        pass


def _private(directory: Path) -> bool:
    """Whether a directory belongs to this user and no one else may write in it
    (as jinja2 asks of its own default cache directory): a cache entry is code
    that the next run executes."""
    if not hasattr(os, "getuid"):
        return True  # Windows: the user's profile directory is private already
    try:
        st = directory.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and not st.st_mode & 0o022


def render_template(
    name: str,
    context: dict[str, Any],
    templates: str | Path | None = None,
    cache: str | Path | None = None,
) -> str:
    """Render a template by name with the given context."""
    return render_loaded(load_template(name, templates, cache), name, context, templates)


def load_template(
    name: str, templates: str | Path | None = None, cache: str | Path | None = None
) -> jinja2.Template:
    """The template of that name, compiled (or read from the cache): the first
    half of `render_template`."""
    with _template_errors(name, templates):
        return environment(templates, cache).get_template(name)


def render_loaded(
    template: jinja2.Template,
    name: str,
    context: dict[str, Any],
    templates: str | Path | None = None,
) -> str:
    """Render a template from `load_template`: the second half of `render_template`."""
    with _template_errors(name, templates):
        out = render_bounded(template, context)
    return out if out.endswith("\n") else out + "\n"


@contextlib.contextmanager
def _template_errors(name: str, templates: str | Path | None) -> Iterator[None]:
    """jinja2's errors as `TemplateError`s, whether raised while loading a
    template or while rendering it (an ``{% include %}`` loads another then)."""
    import jinja2

    try:
        yield
    except jinja2.TemplateNotFound as exc:
        searched = ([str(templates)] if templates is not None else []) + [str(BUILTIN_TEMPLATES)]
        raise TemplateError(
            f"template {exc.name} not found; searched {', '.join(searched)}"
        ) from None
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(
            f"template syntax error: {exc.message}", path=exc.filename or name, line=exc.lineno
        ) from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(
            f"template {name} uses an unknown variable: {exc.message}",
            fix="see --format context for the variables a template receives",
        ) from None
    except jinja2.exceptions.SecurityError as exc:
        path, line = template_location(exc) or (name, None)
        raise TemplateError(f"template not allowed to do this: {exc}", path=path, line=line) from None
    except RenderLimitError as exc:
        path, line = exc.location or (name, None)
        raise TemplateError(f"template stopped: {exc}", path=path, line=line) from None
    except RecursionError as exc:  # its message depends on the depth of the stack
        path, line = template_location(exc) or (name, None)
        raise TemplateError("template failed: calls nested too deep", path=path, line=line) from None
    except Exception as exc:  # the template's own error: {{ 1/0 }}...
        path, line = template_location(exc) or (name, None)
        raise TemplateError(f"template failed: {type(exc).__name__}: {exc}", path=path, line=line) from None


# Characters that are Markdown syntax anywhere in a line, and those that are
# syntax only at its start (headings, list items). Rule numbers inside a
# sentence ("See rule 903.13.") stay readable in the Markdown source.
_MD_INLINE = "\\`*_[]|~"
_MD_ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;"} | {c: "\\" + c for c in _MD_INLINE}
# Every character escaped anywhere, found in one scan of the text: a chain of
# str.replace would scan it once per character (the texts are long, and most
# hold none of these).
_MD_SPECIAL = re.compile("[" + re.escape("".join(_MD_ESCAPED)) + "]")
_MD_MARK = r"(#|[-+](?=\s)|\d+(?=[.)]\s))"
_MD_LINE_START = re.compile(r"^(\s*)" + _MD_MARK)
# The same after each _SEPARATOR, which is neither white space nor any
# character the rule looks at (`_write_edits`): a literal first character lets
# the regex engine skip to each text's start, where ``^|(?<=\x00)`` would not.
_MD_PIECE_START = re.compile("(" + re.escape(_SEPARATOR) + r"\s*)" + _MD_MARK)


def md_escape(text: str) -> str:
    r"""Escape text for Markdown (GitHub flavour), HTML specials included.

    >>> md_escape("See rule 903.13 [1] <b> *x*")
    'See rule 903.13 \\[1\\] &lt;b&gt; \\*x\\*'
    >>> md_escape("1. Text on an object.")
    '1\\. Text on an object.'
    """
    return _md_escape(text, _MD_LINE_START)


def md_code(text: str) -> str:
    r"""Text as a Markdown code span in a table cell, whatever it holds (a
    file name): shown as it is, never as Markdown or HTML.

    Inside a code span nothing is escaped or interpreted, so the text can only
    end the span early: the fence is one backtick longer than the longest run
    of backticks in the text, with a space inside it where the text would
    otherwise touch it with a backtick (or lose a space at both ends).
    A table cell ends at any ``|`` not written ``\|``, code spans included
    (GitHub's tables), and a row at a line break, written ``
`` here.

    >>> md_code("corpora/v1.txt")
    '`corpora/v1.txt`'
    >>> md_code("a`b``c|<script>")
    '```a`b``c\\|<script>```'
    >>> md_code("`tick")
    '`` `tick ``'
    """
    text = text.replace("|", "\\|").replace("\r", "\\r").replace("\n", "\\n")
    fence = "`" * (max(map(len, _BACKTICKS.findall(text)), default=0) + 1)
    if text[:1] == "`" or text[-1:] == "`" or (text[:1] == " " and text[-1:] == " " and text.strip()):
        text = f" {text} "
    return f"{fence}{text}{fence}"


_BACKTICKS = re.compile("`+")


def _md_escape_pieces(text: str) -> str:
    """`md_escape` of each of several texts joined by ``_SEPARATOR``."""
    return _md_escape(_SEPARATOR + text, _MD_PIECE_START)[1:]


def _md_escape(text: str, line_start: re.Pattern[str]) -> str:
    """`md_escape`, line-start marks found with `line_start`."""
    text = _MD_SPECIAL.sub(_md_escaped, text)
    text = line_start.sub(_escape_line_start, text)
    return text.replace("\n", "<br>")


def _md_escaped(m: re.Match[str]) -> str:
    return _MD_ESCAPED[m.group()]


def _escape_line_start(m: re.Match[str]) -> str:
    indent, mark = m.group(1), m.group(2)
    # "1." -> "1\." (the period is what makes a list); "#" -> "\#"
    return f"{indent}{mark}\\" if mark[0].isdigit() else f"{indent}\\{mark}"


# --- terminal text -----------------------------------------------------------

_SGR = {
    "bold": "\x1b[1m",
    "red": "\x1b[31m",
    "green": "\x1b[32m",
    "yellow": "\x1b[33m",
    "cyan": "\x1b[36m",
    "dim": "\x1b[2m",
    "reset": "\x1b[0m",
}
_MARK = {"added": "+", "removed": "-", "changed": "~", "renumbered": ">", "split": "<", "merged": ">"}
_KIND_COLOR = {
    "added": "green", "removed": "red", "changed": "yellow",
    "renumbered": "cyan", "split": "cyan", "merged": "cyan",
}
_KINDS = ("added", "removed", "changed", "renumbered", "split", "merged", "unchanged")


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


def _text_writers(color: bool) -> tuple[Callable[..., str], Callable[[dict[str, Any]], list[str]]]:
    """`paint(text, *styles)` and `change_block(change)` of the terminal text."""

    def paint(text: str, *styles: str) -> str:
        if not color or not text:
            return text
        return "".join(_SGR[s] for s in styles) + text + _SGR["reset"]

    # What goes around each line of a deletion, and of any other edit (an insertion)
    deleted = (_SGR["red"], _SGR["reset"]) if color else ("[-", "-]")
    inserted = (_SGR["green"], _SGR["reset"]) if color else ("{+", "+}")
    equal, delete = _VALUE[Op.EQUAL], _VALUE[Op.DELETE]

    def edits(change: dict[str, Any]) -> str:
        out = []
        for e in change["shown"]:
            op = e["op"]
            if op == equal:
                out.append(e["text"])
            elif op == CUT:
                out.append(paint(_cut_mark("[…]", e["text"]), "dim"))
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
        if c["text_changed"] or kind in ("added", "removed"):
            for para in edits(c).split("\n"):
                lines.append("      " + para)
        if c["items_added"] or c["items_removed"]:
            items = [f"+ {i}" for i in c["items_added"]] + [f"- {i}" for i in c["items_removed"]]
            lines.append("      list: " + "; ".join(items))
        if c["stale"]:
            lines.append("      stale reference: " + ", ".join(c["stale_shown"]))
        if c["links"]:
            lines.append("      see: " + ", ".join(link["id"] for link in c["links"]))
        if c["note"]:
            lines.extend(_note_lines(c["note"]))
        return lines

    return paint, change_block


def change_text(change: dict[str, Any], *, color: bool = False) -> str:
    """One change of the context (`build_context`) as the terminal text shows it."""
    return "\n".join(_text_writers(color)[1](change)) + "\n"


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
    return "\n".join(out) + "\n"
