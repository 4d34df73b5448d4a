"""Comparison -> text in one of `FORMATS`: each format is written by its own
module, over one template context.

- `render(comparison, fmt, templates=None, color=False, style=..., template=...,
  max_chars=..., context=...)` -> the output text, in a style (`STYLES`), with a template
  of the user's, shortened to a size (`cap.shorten`); from the comparison's
  context alone, the comparison let go (cli/diff.py: the 17-year gap's
  HTML run 70 -> 66 MB at its peak).
- `render_document(doc, fmt)` -> a parsed document as JSON, YAML or text.
- `FORMATS`: the format names `render` accepts.
- `template_name(fmt, style)` -> the built-in template of a format and style.

The formats: `jsonout` (the JSON contract), `context` (the template context,
``--format context``), `text` (terminal text), `templating` (Markdown and HTML
through jinja2); `files` holds the cache-file helpers; `ahead` has a short
changelog rendered by the helper process that read OLD.
"""

from __future__ import annotations

from functools import partial
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .jsonout import _dump, document_json, to_json
from ..errors import printable
from ..model import Annotations, Comparison, Document

# Each format's writer is imported when that format is asked for (templating:
# md and html, with jinja2 then; text: the terminal; cap: --max-chars and the
# bulletin): a plain comparison loads only the one it writes.

__all__ = [
    "FORMATS", "STYLES", "TEMPLATE_OF", "render", "render_document", "template_name", "whole_command",
]

FORMATS = ("text", "md", "html", "json", "context")
STYLES = ("changelog", "bulletin")
"""Built-in styles: the whole changelog, or a bulletin of the substantive
changes by section (`cap.substantive`), as official update bulletins read."""
"""Output formats: terminal text, Markdown, HTML, the JSON contract, and the
template context as JSON (what a custom template receives)."""

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


# --- rendering ---------------------------------------------------------------


def render(
    comparison: Comparison | None,
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
    renders it in several formats (it is never changed here), or has let
    the comparison go (`comparison` None, any format but ``json``: a
    page's run keeps neither the documents nor the comparison while it is
    written, cli/diff.py)."""
    if fmt == "json" or context is None:
        if comparison is None:
            raise ValueError(f"rendering {fmt!r} needs the comparison (or, but for json, its context)")
        if fmt == "json":
            return _dump(to_json(comparison, annotations))
        from .context import build_context  # the diff layer's reference syntax with it: not for json

        context = build_context(comparison, annotations)
    if style == "bulletin":
        from .cap import substantive

        context = substantive(context)
    elif style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {', '.join(STYLES)}")
    if fmt == "context":
        return _dump(context)
    draw: Callable[[dict[str, Any]], str]
    if fmt == "text" and template is None:
        from .text import render_text

        draw = partial(render_text, color=color)
    elif fmt in TEMPLATE_OF or template is not None:
        if prepared is not None:
            draw = prepared  # rendered elsewhere (the helper, outputs/ahead.py; a history's series)
        else:
            from .templating import render_template

            name = template or template_name(fmt, style)
            assert name is not None
            draw = partial(render_template, name, templates=templates, cache=cache)
    else:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if max_chars is None:
        return draw(context)
    from .cap import shorten

    return shorten(context, draw, max_chars, whole_command(context, fmt, style))[0]


def whole_command(context: dict[str, Any], fmt: str, style: str) -> str:
    """The command that writes what ``--max-chars`` shortened, whole: the
    same files, format and style, quoted for a POSIX shell.

    >>> whole_command({"old": {"path": "a.txt"}, "new": {"path": "my b.txt"}}, "md", "changelog")
    "ruldiff a.txt 'my b.txt' -f md"
    >>> whole_command({"old": {"path": "a.txt"}, "new": {"path": "b.txt"}}, "text", "bulletin")
    'ruldiff a.txt b.txt --style bulletin'
    """
    from shlex import quote

    words = ["ruldiff", context["old"]["path"], context["new"]["path"]]
    words += ["-f", fmt] * (fmt != "text") + ["--style", style] * (style != "changelog")
    return " ".join(map(quote, words))


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
        from .text import coverage_line

        depth: dict[str | None, int] = {None: 0}
        lines = [f"{doc.title} ({doc.date or 'no date'}), profile {doc.profile}"]
        if doc.numbering is not None:
            lines.append(f"numbering: {doc.numbering}")
        if doc.coverage is not None:
            lines.append(coverage_line(doc.coverage))
        for r in doc.items:
            depth[r.id] = depth.get(r.parent, 0) + 1
            indent = "  " * (depth[r.id] - 1)
            title = f"[{r.title}] " if r.title else ""
            lines.append(f"{indent}{r.id}  {title}{r.text}".replace("\n", " / "))
            lines.extend(f"{indent}    {e}" for e in r.examples)
        return printable("\n".join(lines) + "\n", keep="\t\n")  # terminal text: no control characters raw
    raise ValueError(f"unknown format {fmt!r}; expected json, yaml or text")
