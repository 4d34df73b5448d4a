"""Comparison -> text: JSON, terminal text, and Markdown or HTML through jinja2.

- `to_json(comparison)` -> the JSON contract as plain dicts (README, "JSON").
- `build_context(comparison)` -> the template context: plain dicts, already
  grouped and ordered, so that templates hold no logic (README, "Templates").
- `render(comparison, fmt, templates=None, color=False)` -> the output text.
- `FORMATS`: the format names `render` accepts.

Built-in templates live in the package (``ruldiff/templates/``, linked from
the top-level ``templates/`` folder of the source tree). A user's directory,
given with ``--templates DIR``, is searched first: a file named like a built-in
one (``changelog.html.j2``, ``changelog.md.j2``) replaces it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from .errors import TemplateError
from .model import Change, ChangeKind, Comparison, Document, Op, Rule, RuleKind

if TYPE_CHECKING:
    import jinja2

__all__ = ["FORMATS", "build_context", "render", "to_json"]

FORMATS = ("text", "md", "html", "json", "context")
"""Output formats: terminal text, Markdown, HTML, the JSON contract, and the
template context as JSON (what a custom template receives)."""

BUILTIN_TEMPLATES = Path(__file__).parent / "templates"
_TEMPLATE = {"md": "changelog.md.j2", "html": "changelog.html.j2"}

JSON_FORMAT_VERSION = 1


# --- JSON contract ----------------------------------------------------------


def _doc_json(doc: Document) -> dict[str, Any]:
    return {
        "path": doc.path,
        "title": doc.title,
        "date": doc.date,
        "rules": len(doc.rules),
        "glossary": len(doc.glossary),
        "profile": doc.profile,
    }


def _id(rule: Rule | None) -> str | None:
    if rule is None:
        return None
    return rule.id


def _edits_json(change: Change) -> list[list[str]]:
    return [[e.op.value, e.text] for e in change.edits]


def to_json(comparison: Comparison) -> dict[str, Any]:
    """The JSON contract: ``{"format": "ruldiff", "version": 1, ...}``.

    Later versions add fields; they never remove or change these.
    """
    return {
        "format": "ruldiff",
        "version": JSON_FORMAT_VERSION,
        "old": _doc_json(comparison.old),
        "new": _doc_json(comparison.new),
        "summary": comparison.summary,
        "changes": [
            {
                "old": _id(c.old),
                "new": _id(c.new),
                "kind": c.kind.value,
                "tags": list(c.tags),
                "edits": _edits_json(c),
            }
            for c in comparison.changes
        ],
    }


# --- template context -------------------------------------------------------


def _section_of(rule: Rule, index: dict[str, Rule]) -> Rule | None:
    """The top-level section a rule belongs to (itself, for a section)."""
    seen = 0
    while rule.parent is not None and seen < 10:
        parent = index.get(rule.parent)
        if parent is None:
            break
        rule, seen = parent, seen + 1
    return rule if rule.kind is RuleKind.SECTION else None


def _label(rule: Rule) -> str:
    if rule.kind is RuleKind.GLOSSARY:
        return rule.id.removeprefix("glossary:")
    return rule.id


def _change_context(c: Change) -> dict[str, Any]:
    rule = c.new or c.old
    assert rule is not None
    old_label = _label(c.old) if c.old else None
    new_label = _label(c.new) if c.new else None
    return {
        "kind": c.kind.value,
        "old": _id(c.old),
        "new": _id(c.new),
        "label": new_label if new_label is not None else old_label,
        "old_label": old_label,
        "new_label": new_label,
        "anchor": "r-" + re.sub(r"[^\w.-]+", "-", (c.new or c.old).id),  # type: ignore[union-attr]
        "item": rule.kind.value,
        "title": rule.text if rule.kind in (RuleKind.SECTION, RuleKind.HEADING) else None,
        "tags": list(c.tags),
        "text_changed": c.text_changed,
        "edits": [{"op": e.op.value, "text": e.text} for e in c.edits],
        "old_line": c.old.line if c.old else None,
        "new_line": c.new.line if c.new else None,
    }


def build_context(comparison: Comparison) -> dict[str, Any]:
    """The context every template receives (dump it with ``--format context``).

    Keys: ``tool`` (name, version), ``old`` and ``new`` (as in the JSON
    contract), ``summary`` (counts by kind, ``unchanged`` included),
    ``total_changes``, ``sections`` (a list of ``{"id", "title", "changes"}``
    in reading order, ``id`` None for rules outside any section) and
    ``glossary`` (the glossary changes). Each change has ``kind``, ``old``,
    ``new``, ``label``, ``old_label``, ``new_label``, ``anchor``, ``item``
    (section/heading/rule/glossary), ``title``, ``tags``, ``text_changed``,
    ``edits`` (``{"op", "text"}``), ``old_line`` and ``new_line``.
    """
    old_index = {r.id: r for r in comparison.old.rules}
    new_index = {r.id: r for r in comparison.new.rules}
    sections: list[dict[str, Any]] = []
    glossary: list[dict[str, Any]] = []
    for c in comparison.changes:
        rule = c.new or c.old
        assert rule is not None
        if rule.kind is RuleKind.GLOSSARY:
            glossary.append(_change_context(c))
            continue
        section = _section_of(c.new, new_index) if c.new else _section_of(rule, old_index)
        key = section.id if section else None
        if not sections or sections[-1]["id"] != key:
            sections.append(
                {"id": key, "title": section.text if section else None, "changes": []}
            )
        sections[-1]["changes"].append(_change_context(c))
    return {
        "tool": {"name": "ruldiff", "version": __version__},
        "old": _doc_json(comparison.old),
        "new": _doc_json(comparison.new),
        "summary": comparison.summary,
        "total_changes": len(comparison.changes),
        "sections": sections,
        "glossary": glossary,
    }


# --- rendering ---------------------------------------------------------------


def render(
    comparison: Comparison,
    fmt: str,
    *,
    templates: str | Path | None = None,
    color: bool = False,
) -> str:
    """Render a comparison in one of `FORMATS`; the text always ends with a newline."""
    if fmt == "json":
        return _dump(to_json(comparison))
    context = build_context(comparison)
    if fmt == "context":
        return _dump(context)
    if fmt == "text":
        return render_text(context, color=color)
    if fmt in _TEMPLATE:
        return render_template(_TEMPLATE[fmt], context, templates)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


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


def environment(templates: str | Path | None = None) -> jinja2.Environment:
    """The jinja2 environment: the user's directory first, then the built-in templates."""
    import jinja2  # only the Markdown and HTML formats pay for importing it

    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.FileSystemLoader(str(BUILTIN_TEMPLATES)))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=jinja2.select_autoescape(["html", "html.j2"]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_escape
    return env


def render_template(
    name: str, context: dict[str, Any], templates: str | Path | None = None
) -> str:
    """Render a template by name with the given context."""
    import jinja2

    searched = ([str(templates)] if templates is not None else []) + [str(BUILTIN_TEMPLATES)]
    try:
        template = environment(templates).get_template(name)
        out = template.render(**context)
    except jinja2.TemplateNotFound:
        raise TemplateError(
            f"template {name} not found; searched {', '.join(searched)}"
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
    return out if out.endswith("\n") else out + "\n"


# Characters that are Markdown syntax anywhere in a line, and those that are
# syntax only at its start (headings, list items). Rule numbers inside a
# sentence ("See rule 903.13.") stay readable in the Markdown source.
_MD_INLINE = re.compile(r"([\\`*_\[\]|~])")
_MD_LINE_START = re.compile(r"^(\s*)(#|[-+](?=\s)|\d+(?=[.)]\s))")


def md_escape(text: str) -> str:
    r"""Escape text for Markdown (GitHub flavour), HTML specials included.

    >>> md_escape("See rule 903.13 [1] <b> *x*")
    'See rule 903.13 \\[1\\] &lt;b&gt; \\*x\\*'
    >>> md_escape("1. Text on an object.")
    '1\\. Text on an object.'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_INLINE.sub(r"\\\1", text)
    text = _MD_LINE_START.sub(_escape_line_start, text)
    return text.replace("\n", "<br>")


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
_MARK = {"added": "+", "removed": "-", "changed": "~", "renumbered": ">"}
_KIND_COLOR = {"added": "green", "removed": "red", "changed": "yellow", "renumbered": "cyan"}


def _each_line(text: str, mark: Callable[[str], str]) -> str:
    """Mark each line of an edit on its own, so that no marker spans a line break."""
    return "\n".join(mark(t) if t else t for t in text.split("\n"))


def render_text(context: dict[str, Any], *, color: bool = False) -> str:
    """Readable terminal text; ANSI colours when `color`, git-style ``[-x-]{+y+}`` markers without."""

    def paint(text: str, *styles: str) -> str:
        if not color or not text:
            return text
        return "".join(_SGR[s] for s in styles) + text + _SGR["reset"]

    def doc_line(side: str, doc: dict[str, Any]) -> str:
        date = doc["date"] or "no date"
        return (
            f"{side} {doc['path']}: {doc['title']} ({date}), "
            f"{doc['rules']} rules, {doc['glossary']} glossary entries"
        )

    def edits(change: dict[str, Any]) -> str:
        out = []
        for e in change["edits"]:
            if e["op"] == Op.EQUAL.value:
                out.append(e["text"])
            elif e["op"] == Op.DELETE.value:
                out.append(_each_line(e["text"], lambda t: paint(t, "red") if color else f"[-{t}-]"))
            else:
                out.append(_each_line(e["text"], lambda t: paint(t, "green") if color else f"{{+{t}+}}"))
        return "".join(out)

    def change_block(c: dict[str, Any]) -> list[str]:
        kind = c["kind"]
        if kind == ChangeKind.RENUMBERED.value:
            head = f"{c['old_label']} -> {c['new_label']}"
        else:
            head = c["label"]
        tags = f" [{', '.join(c['tags'])}]" if c["tags"] else ""
        note = " (text unchanged)" if kind == "renumbered" and not c["text_changed"] else ""
        lines = [
            "  "
            + paint(f"{_MARK[kind]} {head}", "bold", _KIND_COLOR[kind])
            + paint(f"  {kind}{note}{tags}", "dim")
        ]
        if c["text_changed"] or kind in ("added", "removed"):
            for para in edits(c).split("\n"):
                lines.append("      " + para)
        return lines

    s = context["summary"]
    out = [
        paint(
            f"{context['old']['title']} ({context['old']['date'] or 'no date'}) -> "
            f"{context['new']['title']} ({context['new']['date'] or 'no date'})",
            "bold",
        ),
        doc_line("---", context["old"]),
        doc_line("+++", context["new"]),
        "summary: "
        + ", ".join(f"{s[k]} {k}" for k in ("added", "removed", "changed", "renumbered", "unchanged")),
    ]
    if not context["total_changes"]:
        out.append("no changes")
    for section in context["sections"]:
        out.append("")
        title = (
            f"{section['id']}. {section['title']}" if section["id"] is not None else "(no section)"
        )
        out.append(paint(title, "bold"))
        for c in section["changes"]:
            out.extend(change_block(c))
    if context["glossary"]:
        out.append("")
        out.append(paint("Glossary", "bold"))
        for c in context["glossary"]:
            out.extend(change_block(c))
    return "\n".join(out) + "\n"
