"""An editor's note (Markdown) as safe HTML or Markdown: a small subset, never raw HTML.

- `note_html(text)` -> HTML: paragraphs (blank lines), line breaks,
  ``**strong**``, ``*emphasis*`` / ``_emphasis_``, ```code``` and
  ``[links](url)``; everything else escaped.
- `note_md(text, indent)` -> Markdown for a changelog: the same subset kept,
  HTML specials escaped (no raw HTML reaches the page), continuation lines
  indented to stay inside the change's list item.

A link is kept only for an http, https or relative URL: ``javascript:``,
``data:``, ``mailto:`` and any other scheme are written as plain text.
The scheme is checked as a Markdown renderer and a browser read the URL:
character references (``&colon;``, ``&#58;``, ``&#x3A;``), backslash
escapes and percent-encoding decoded, control, white-space and invisible
format characters dropped (``java&Tab;script:``). ``mailto:`` stays
refused, as before: a link can fill in a mail's recipients, subject and
body for whoever clicks; an address written as text is as useful. Notes are an
editor's, but a changelog is published: what they hold stays text.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterator
from urllib.parse import unquote

__all__ = ["note_html", "note_md", "safe_url"]

_TOKEN = re.compile(
    r"(?P<code>(?P<fence>`+)(?P<code_text>.+?)(?P=fence))"
    r"|(?P<link>\[(?P<link_text>[^\]\n]+)\]\((?P<url>[^()\s]+)\))"
    r"|(?P<strong>\*\*(?P<strong_text>\S(?:.*?\S)?)\*\*)"
    r"|(?P<em>(?<![\w*])\*(?P<em_text>[^\s*](?:[^*]*?[^\s*])?)\*(?![\w*]))"
    r"|(?P<under>(?<!\w)_(?P<under_text>[^\s_](?:[^_]*?[^\s_])?)_(?!\w))",
    re.S,
)
_SCHEME = re.compile(r"^[^/?#]*:")
_BLANK = re.compile(r"\n[ \t]*\n\s*")


def safe_url(url: str) -> bool:
    """Whether a link may point there: http(s), or relative (no scheme), as
    a renderer reads the URL (`_as_read`).

    >>> safe_url("https://example.org/a?b=1"), safe_url("../rules.html#r-1"), safe_url("javascript:alert(1)")
    (True, True, False)
    >>> safe_url("JaVa\\tscript:x"), safe_url("HTTP://x"), safe_url("mailto:editor@example.org")
    (False, True, False)
    >>> [safe_url(u) for u in ("javascript&colon;x", "javascript&#58;x", "javascript&#x3A;x", "javascript%3Ax")]
    [False, False, False, False]
    """
    m = _SCHEME.match(_as_read(url))
    return m is None or m.group().lower() in _SCHEMES


_SCHEMES = ("http:", "https:")
_BACKSLASH_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _as_read(url: str) -> str:
    """`url` as a renderer may end up reading it: entities, backslash
    escapes and percent-encoding decoded (again, while that changes it: an
    ``&amp;colon;`` is a ``&colon;`` once), then control characters (C0, DEL,
    C1), white space and format characters (zero-width ones, bidi marks)
    removed, as browsers strip them from a scheme.

    >>> _as_read("jav&#x09;a\\\\:script%253Ax")
    'java:script:x'
    """
    for _ in range(4):
        decoded = unquote(_BACKSLASH_ESCAPE.sub(r"\1", html.unescape(url)))
        if decoded == url:
            break
        url = decoded
    return "".join(ch for ch in url if not (ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf")))


def _tokens(text: str) -> Iterator[tuple[str, str, str]]:
    """(kind, text, url) pieces of a paragraph: ``plain``, ``code``, ``link``,
    ``strong``, ``em``."""
    at = 0
    for m in _TOKEN.finditer(text):
        if m.start() > at:
            yield "plain", text[at:m.start()], ""
        if m.group("code"):
            yield "code", m.group("code_text"), ""
        elif m.group("link"):
            url = m.group("url")
            if safe_url(url):
                yield "link", m.group("link_text"), url
            else:
                yield "plain", m.group(), ""
        elif m.group("strong"):
            yield "strong", m.group("strong_text"), ""
        else:
            yield "em", m.group("em_text") or m.group("under_text"), ""
        at = m.end()
    if at < len(text):
        yield "plain", text[at:], ""


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


def _inline_html(text: str, depth: int = 0) -> str:
    out = []
    for kind, piece, url in _tokens(text):
        if kind == "plain" or depth > 3:
            out.append(_html_escape(piece).replace("\n", "<br>\n") if kind == "plain" else _html_escape(piece))
        elif kind == "code":
            out.append(f"<code>{_html_escape(piece)}</code>")
        elif kind == "link":
            out.append(f'<a href="{_html_escape(url)}">{_inline_html(piece, depth + 1)}</a>')
        else:
            tag = "strong" if kind == "strong" else "em"
            out.append(f"<{tag}>{_inline_html(piece, depth + 1)}</{tag}>")
    return "".join(out)


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in _BLANK.split(text.replace("\r\n", "\n").strip()) if p.strip()]


def note_html(text: str) -> str:
    """A note as HTML paragraphs (a plain string: the caller marks it safe).

    >>> note_html("Now **two** cards.\\n\\nSee [the FAQ](https://x.org/faq) <b>")
    '<p>Now <strong>two</strong> cards.</p><p>See <a href="https://x.org/faq">the FAQ</a> &lt;b&gt;</p>'
    >>> note_html("[click](javascript:alert(1))")
    '<p>[click](javascript:alert(1))</p>'
    """
    return "".join(f"<p>{_inline_html(p)}</p>" for p in _paragraphs(text))


_MD_SPECIAL = re.compile(r"[&<>\\`*_\[\]|~]")
_MD_ENTITY = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_MD_LINE_START = re.compile(r"^([ \t]*)([#>+-]|\d+(?=[.)]))", re.M)


def _md_plain(text: str) -> str:
    """Plain text of a note, as Markdown that reads as that text: HTML
    specials as entities, Markdown marks backslash-escaped."""
    text = _MD_SPECIAL.sub(lambda m: _MD_ENTITY.get(m.group(), "\\" + m.group()), text)
    return _MD_LINE_START.sub(lambda m: m.group(1) + ("\\" + m.group(2) if not m.group(2)[0].isdigit() else m.group(2) + "\\"), text)


def _inline_md(text: str, escape: Callable[[str], str] = _md_plain) -> str:
    out = []
    for kind, piece, url in _tokens(text):
        if kind == "plain":
            out.append(escape(piece))
        elif kind == "code":
            fence = "`" * (max((len(r) for r in re.findall("`+", piece)), default=0) + 1)
            pad = " " if piece[:1] == "`" or piece[-1:] == "`" else ""
            out.append(f"{fence}{pad}{piece}{pad}{fence}")
        elif kind == "link":
            out.append(f"[{_inline_md(piece)}](<{url}>)" if "<" not in url and ">" not in url else escape(piece))
        else:
            mark = "**" if kind == "strong" else "*"
            out.append(f"{mark}{_inline_md(piece)}{mark}")
    return "".join(out)


def note_md(text: str, indent: str = "  ") -> str:
    """A note as Markdown: the safe subset, no raw HTML, each line after
    the first indented by `indent`.

    >>> print(note_md("Draw **two**.\\n\\n<script>x</script> [a](data:x)"))
    Draw **two**.
    <BLANKLINE>
      &lt;script&gt;x&lt;/script&gt; \\[a\\](data:x)
    """
    paras = [_inline_md(p) for p in _paragraphs(text)]
    joined = "\n\n".join(paras)
    return "\n".join((indent + line) if i and line else line for i, line in enumerate(joined.split("\n")))
