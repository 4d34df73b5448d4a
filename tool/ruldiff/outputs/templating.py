"""Markdown and HTML through jinja2: the environments, loading and rendering
a template, and the filters the templates use.

- `render_template(name, context, templates, cache)` -> the text; in two
  halves, `load_template` and `render_loaded`, for a template rendered many
  times (`series.history`).
- `environment(templates, cache)` -> the jinja2 environment.
- `edits_html(edits)`, `edits_md(edits)` -> a change's edits, written at once
  (the ``edits_html`` and ``edits_md`` filters).
- `md_escape(text)`, `md_code(text)` -> text safe in Markdown (the ``md`` and
  ``md_code`` filters).

Built-in templates live in the package (``ruldiff/templates/``, linked from
the top-level ``templates/`` folder of the source tree). A user's directory,
given with ``--templates DIR``, is searched first: a file named like a built-in
one (``changelog.html.j2``, ``changelog.md.j2``) replaces it.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BIDI, TemplateError
from .excerpt import CUT, cut_mark
from .files import _DAY, _NOFOLLOW, _NONBLOCK, CACHE_MAX_AGE, _private, _trusted_entry, prune, write_entry
from ..sandbox import RenderLimitError, bound_filters, render_bounded, sandboxed_environment, template_location

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "BUILTIN_TEMPLATES", "edits_html", "edits_md", "environment", "load_template", "md_code", "md_escape",
    "render_loaded", "render_template",
]

BUILTIN_TEMPLATES = Path(__file__).parent / "templates"


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
        if template.environment.sandboxed:  # the user's, or loaded with the user's (`environment`)
            out = render_bounded(template, context)
        else:
            out = template.render(context)
    out = visible_bidi(out)
    return out if out.endswith("\n") else out + "\n"


_VISIBLE_BIDI = {ord(c): f"\u27e8U+{ord(c):04X}\u27e9" for c in BIDI}


def visible_bidi(text: str) -> str:
    """`text` with each bidi control (`errors.BIDI`: U+202A-202E, U+2066-2069,
    U+200E/F, U+061C) replaced by a visible marker, ``⟨U+202E⟩``: in a page,
    an override makes an edit read in another order than its characters
    are in (a rule could seem to say what it does not). Every Markdown and
    HTML output goes through here (`render_loaded`); terminal text escapes
    them instead (`errors.printable`), JSON keeps them, as data.

    >>> visible_bidi("may \u202etsum\u202c")
    'may ⟨U+202E⟩tsum⟨U+202C⟩'
    """
    return text.translate(_VISIBLE_BIDI) if any(c in text for c in BIDI) else text


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


def environment(
    templates: str | Path | None = None, cache: str | Path | None = None
) -> jinja2.Environment:
    """The jinja2 environment: the user's directory first, then the built-in templates.

    The built-in templates are code of ours, as trusted as this module:
    without a user's directory they render in a plain jinja2 environment,
    built once per process when there is no `cache`, their outputs escaped
    by `_escaped` (`_trusted_template_class`). The sandbox's checks of
    every attribute, call and operator (sandbox.py) cost the HTML template
    on the 17-year gap: 99 ms a render sandboxed, 74 ms plain (median of 15
    renders in one process, the two trees alternated).
    With a user's directory (``--templates DIR``,
    ``--template FILE``) every template of the render is sandboxed, the
    built-in ones included: any of them may be one the user's extends,
    includes or imports, or load one of the user's.

    With `cache`, compiled templates are kept in that directory (jinja2's
    bytecode cache, checked against each template's source): compiling the
    HTML template costs more than rendering a typical changelog with it.
    """
    if templates is None and cache is None:
        return _builtin_environment()
    return _environment(templates, cache)


@functools.cache
def _builtin_environment() -> jinja2.Environment:
    """The built-in templates' environment, without a cache: one per process,
    so that each template is compiled once however many times it renders
    (`cap.shorten` renders up to a dozen times)."""
    return _environment(None, None)


def _environment(templates: str | Path | None, cache: str | Path | None) -> jinja2.Environment:
    """A new environment for `environment`: sandboxed when `templates` is given."""
    import jinja2  # only the Markdown and HTML formats pay for importing it

    sandboxed = templates is not None
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.FileSystemLoader(str(BUILTIN_TEMPLATES)))
    options: dict[str, Any] = dict(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=jinja2.select_autoescape(["html", "html.j2"]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_bytecode_cache(Path(cache), sandboxed) if cache is not None else None,
    )
    if sandboxed:
        env = sandboxed_environment(**options)  # the user's templates are data, not code (sandbox.py)
        bound_filters(env)  # jinja2's own filters; ours below give at most a few times their input
    else:
        env = jinja2.Environment(**options)
        env.template_class = _trusted_template_class()
    env.filters["md"] = md_escape
    env.filters["md_code"] = md_code
    env.filters["edits_html"] = edits_html
    env.filters["edits_md"] = edits_md
    env.filters["note_md"] = _note_md
    env.filters["note_html"] = _note_html
    return env


@functools.cache
def _trusted_template_class() -> type[jinja2.Template]:
    """The template class of the built-in templates' environment: each
    template's value outputs (``{{ c["kind"] }}``) escaped by `_escaped`
    rather than by markupsafe's `escape`.

    In a template compiled with autoescaping on, jinja2 writes each output
    as ``escape(value)``, the name taken from the compiled module's globals,
    and joins the pieces of a page, a macro or a block as strings (a
    macro's or block's result wrapped in `Markup` by jinja2 itself): the
    escaped text is only ever yielded or joined, never escaped again, so a
    plain string serves as well as a `Markup`. The user's templates, and any
    template loaded with them, keep jinja2's (they are sandboxed: `environment`)."""
    import jinja2

    class TrustedTemplate(jinja2.Template):
        @classmethod
        def from_code(cls, environment: Any, code: Any, globals: Any, uptodate: Any = None) -> Any:
            template = super().from_code(environment, code, globals, uptodate)
            namespace = template.root_render_func.__globals__
            if "escape" in namespace:  # the compiled module's own name for it
                namespace["escape"] = _escaped
            return template

    return TrustedTemplate


def _escaped(value: Any) -> Any:
    """`markupsafe.escape(value)` as the output of a built-in template: a
    string's text escaped the same way (``&<>'"``), returned as a plain
    string, without building a `Markup` (the 17-year gap's HTML page
    escapes ~42,000 values: ~0.4 µs each with markupsafe's, ~0.15 here); a
    value that writes itself as HTML (``__html__``: a `Markup`, ~10,000 on
    that page) as it writes itself, as markupsafe's would, without a copy;
    anything else (a number, an undefined value) through markupsafe's own.
    The changelog page's render, 84.0 -> 67.1 ms of CPU on the 17-year
    gap, 14.7 -> 12.1 ms on the 2018-01-19 -> 2018-04-27 pair; the
    bulletin's on the gap 37.6 -> 30.1 (medians of 15 or 7 renders of one
    context, the two alternated in one process, load ~8; the string path
    alone: 79.3 -> 69.5 and 12.9 -> 11.4 at load 4-5); each page the same,
    byte for byte.

    >>> _escaped("a <b> & 'c'"), str(_escaped(3))
    ('a &lt;b&gt; &amp; &#39;c&#39;', '3')
    """
    if type(value) is str:
        return (
            value.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
            .replace("'", "&#39;").replace('"', "&#34;")
        )
    html = getattr(value, "__html__", None)
    if html is not None:  # a macro's or a filter's output (a Markup): already escaped
        return html()
    import markupsafe

    return markupsafe.escape(value)


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



class _Formats(dict[str, str]):
    """`_WRAP` for `_write_edits`' joined format: an op it lacks is an
    insertion, and a cut is its text as `cut` writes it."""

    def __missing__(self, op: str) -> str:
        return _WRAP["+"]


_FORMATS = _Formats({**_WRAP, CUT: "%s"})
_TEXT, _OP = operator.itemgetter("text"), operator.itemgetter("op")


def _write_edits(
    edits: list[dict[str, str]],
    escape: Callable[[str], str],
    escape_joined: Callable[[str], str],
    cut: Callable[[str, str], str],
) -> str:
    """Each edit's text through `escape`, deletions and insertions in ``<del>``
    and ``<ins>``; `escape_joined` escapes texts joined by `_SEPARATOR` at once;
    `cut(raw, escaped)` writes a cut.

    The change is written with one format, its edits' formats joined
    (`_FORMATS`), and its escaped texts as the arguments: no format and no
    test of the op per edit in Python (the 17-year gap's 20,500 edits in
    3,500 changes, `edits_html` 23.5 -> 19.8 ms of CPU, median of 5)."""
    if len(edits) == 1:  # an added or removed rule, most often
        return _WRAP.get(edits[0]["op"], _WRAP["+"]) % escape(edits[0]["text"])
    texts = list(map(_TEXT, edits))
    pieces = escape_joined(_SEPARATOR.join(texts)).split(_SEPARATOR)
    if len(pieces) != len(texts):  # a text holds the separator
        pieces = [escape(t) for t in texts]
    ops = list(map(_OP, edits))
    if CUT in ops:
        for k, op in enumerate(ops):
            if op == CUT:
                pieces[k] = cut(texts[k], pieces[k])
    return "".join(map(_FORMATS.__getitem__, ops)) % tuple(pieces)


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

    from .notemark import note_html  # only a changelog with notes pays for it (and for html.entities)

    return markupsafe.Markup(note_html(text))


def _note_md(text: str, indent: str = "  ") -> str:
    """An editor's note as Markdown (the ``note_md`` filter, notemark.py)."""
    from .notemark import note_md  # see `_note_html`

    return note_md(text, indent)


def _html_cut(raw: str, escaped: str) -> str:
    return _HTML_CUT % escaped


def _html_escape(text: str) -> str:
    """markupsafe's escaping, as a plain string (Markup's own methods would
    escape their arguments): `_escaped`'s."""
    return str(_escaped(text))


def edits_md(edits: list[dict[str, str]]) -> str:
    """A change's edits as Markdown (GitHub renders ``<del>`` and ``<ins>``),
    each text through `md_escape` (the ``edits_md`` filter).

    >>> edits_md([{"op": "=", "text": "Draw *one* "}, {"op": "-", "text": "card"}, {"op": "+", "text": "cards"}])
    'Draw \\\\*one\\\\* <del>card</del><ins>cards</ins>'
    """
    return _write_edits(edits, md_escape, _md_escape_pieces, _md_cut)


def _md_cut(raw: str, escaped: str) -> str:
    return cut_mark(_MD_CUT, raw)


def _bytecode_cache(directory: Path, sandboxed: bool = True) -> jinja2.BytecodeCache:
    """A bytecode cache that is only ever an optimisation: a directory that
    cannot be created, read or written means compiling, never an error.

    A template compiled for the sandbox is not the same code (its operators
    call the sandbox's checks), so the plain environment's entries have keys
    of their own: neither ever runs the other's."""
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

        def get_cache_key(self, name: str, filename: str | None = None) -> str:
            # "|bounded": code compiled since the sandbox counts `~` (sandbox.py), not an older cache's.
            return super().get_cache_key(f"{name}|bounded" if sandboxed else f"{name}|plain", filename)

    return Cache()


# Characters that are Markdown syntax anywhere in a line, and those that are
# syntax only at its start (headings, list items). Rule numbers inside a
# sentence ("See rule 903.13.") stay readable in the Markdown source.
_MD_INLINE = "\\`*_[]|~"
_MD_ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;"} | {c: "\\" + c for c in _MD_INLINE}
# Every character escaped anywhere, found in one scan of the text: a chain of
# str.replace would scan it once per character (the texts are long, and most
# hold none of these).
_md_special = functools.cache(lambda: re.compile("[" + re.escape("".join(_MD_ESCAPED)) + "]"))
_MD_MARK = r"(#|[-+](?=\s)|\d+(?=[.)]\s))"
_md_line_start = functools.cache(lambda: re.compile(r"^(\s*)" + _MD_MARK))
# The same after each _SEPARATOR, which is neither white space nor any
# character the rule looks at (`_write_edits`): a literal first character lets
# the regex engine skip to each text's start, where ``^|(?<=\x00)`` would not.
_md_piece_start = functools.cache(lambda: re.compile("(" + re.escape(_SEPARATOR) + r"\s*)" + _MD_MARK))


def md_escape(text: str) -> str:
    r"""Escape text for Markdown (GitHub flavour), HTML specials included.

    >>> md_escape("See rule 903.13 [1] <b> *x*")
    'See rule 903.13 \\[1\\] &lt;b&gt; \\*x\\*'
    >>> md_escape("1. Text on an object.")
    '1\\. Text on an object.'
    """
    return _md_escape(text, _md_line_start())


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
    fence = "`" * (max(map(len, _backticks().findall(text)), default=0) + 1)
    if text[:1] == "`" or text[-1:] == "`" or (text[:1] == " " and text[-1:] == " " and text.strip()):
        text = f" {text} "
    return f"{fence}{text}{fence}"


_backticks = functools.cache(lambda: re.compile("`+"))


def _md_escape_pieces(text: str) -> str:
    """`md_escape` of each of several texts joined by ``_SEPARATOR``."""
    return _md_escape(_SEPARATOR + text, _md_piece_start())[1:]


def _md_escape(text: str, line_start: re.Pattern[str]) -> str:
    """`md_escape`, line-start marks found with `line_start`."""
    text = _md_special().sub(_md_escaped, text)
    text = line_start.sub(_escape_line_start, text)
    return text.replace("\n", "<br>")


def _md_escaped(m: re.Match[str]) -> str:
    return _MD_ESCAPED[m.group()]


def _escape_line_start(m: re.Match[str]) -> str:
    indent, mark = m.group(1), m.group(2)
    # "1." -> "1\." (the period is what makes a list); "#" -> "\#"
    return f"{indent}{mark}\\" if mark[0].isdigit() else f"{indent}\\{mark}"
