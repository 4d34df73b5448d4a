"""Comparison -> the JSON contract, and a parsed document as plain data.

- `to_json(comparison, annotations)` -> the JSON contract as plain dicts
  (README, "JSON"); `JSON_FORMAT_VERSION` its version.
- `document_json(doc)` -> a parsed document as plain data (``ruldiff parse``).
- `_dump(data)` -> JSON text, one top-level key and one list item per line.

The helpers that write a document, a substitution or a stale reference as
plain data are shared with the template context (`context.build_context`).
"""

from __future__ import annotations

from typing import Any

from ..model import Annotations, Change, ChangeKind, Comparison, Document, Op, Rule, RuleKind, Substitution, change_id

__all__ = ["JSON_FORMAT_VERSION", "document_json", "to_json"]

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



def _possibly_stale_json(c: Change) -> list[dict[str, str]]:
    return [{"reference": p, "target": t, "held": h, "now": n} for p, t, h, n in c.possibly_stale]


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
                **({"possibly_stale": _possibly_stale_json(c)} if c.possibly_stale else {}),
                **({"see_also": [{"kind": k, "id": i} for k, i in c.see_also]} if c.see_also else {}),
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
            item["note"] = annotations.note(change_id(c))
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
        from ..documents.grammar import parse_numbering, profile_mapping  # only an inferred document pays for it

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
                **({"title": r.title} if r.title else {}),
                "text": r.text,
                "examples": list(r.examples),
                "notes": list(r.notes),
            }
            for r in doc.items
        ],
    }


def _dump(data: dict[str, Any]) -> str:
    """JSON with one top-level key per line and one list item per line.

    Readable, diffable between releases, and written by the C encoder
    (``indent=`` would switch the standard library to its pure-Python one,
    several times slower on thousands of changes). `json` is imported
    here: an HTML or Markdown changelog, whose context this module's
    helpers build, never loads it (~1.5 ms of the start).
    """
    import json

    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join("    " + compact(item) for item in value)
            lines.append(f"  {compact(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
