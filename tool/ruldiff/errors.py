"""Typed errors. Core code raises these; `cli/main.py` turns them into one line and exit 2.

- `RuldiffError`   base: a message, optionally located (path, line) and with a fix.
- `ReadError`      the bytes of a file cannot be read or decoded.
- `ParseError`     the text is not a rules document the profile understands.
- `TemplateError`  a template is missing or fails to render.
- `ConfigError`    a configuration or profile value is wrong (`yaml_error` makes one from a YAML error).
- `brief(value)`   a value as a message shows it: its ``repr``, at most `BRIEF` characters.
- `printable(text, keep, spare)`  text safe to write to a terminal: control
  and bidi characters escaped (``\\x1b``, ``\\u202e``, ``\\n``).
"""

from __future__ import annotations

import functools
import re


BRIEF = 60
"""Most characters of a value (its ``repr``) a message shows: a value can be
megabytes long (a YAML list of lists), a message is one line."""


def brief(value: object, limit: int = BRIEF) -> str:
    """``repr(value)`` in at most `limit` characters (``…`` where cut),
    computed without writing a large or deeply nested value out whole
    (`reprlib`).

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> brief([[1, 2, 3, 4, 5, 6, 7]] * 9), brief({"a": 1})
    ('[[1, 2, 3, 4, 5, 6, ...], [1, 2, 3, 4, 5, 6, ...], [1, 2, 3…', "{'a': 1}")
    """
    import reprlib

    shower = reprlib.Repr()
    shower.maxlevel, shower.maxstring, shower.maxother = 3, limit + 2, limit + 2
    text = shower.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Bidirectional controls: marks, embeddings, overrides and isolates. Shown
raw, they make a text read in another order than its characters are in
(U+202E turns ``a := b`` around), so no output shows them as they are."""

_CONTROLS = "".join(map(chr, (*range(0x20), 0x7F, *range(0x80, 0xA0))))
_ESCAPES = {ord(c): f"\\x{ord(c):02x}" for c in _CONTROLS} | {ord(c): f"\\u{ord(c):04x}" for c in BIDI}
_ESCAPES |= {ord("\n"): "\\n", ord("\t"): "\\t", ord("\r"): "\\r"}


@functools.cache
def _unsafe() -> re.Pattern[str]:
    return re.compile(f"[{re.escape(_CONTROLS + BIDI)}]")


def printable(text: str, keep: str = "", spare: tuple[str, ...] = ()) -> str:
    """`text` safe to write to a terminal: control characters (C0, DEL, C1:
    ESC starts a terminal's commands, U+009B too; NUL, CR and BS overwrite
    what is shown) and bidi controls (`BIDI`) escaped, as Python writes them
    (``\\x1b``, ``\\u202e``, ``\\n``), except the characters of `keep` (a
    text's tabs and line ends) and the sequences of `spare` (ruldiff's own
    colours). Text without any comes back as it is.

    >>> print(printable("a\\x1b]0;title\\x07 b\\nc \\u202eevil"))
    a\\x1b]0;title\\x07 b\\nc \\u202eevil
    >>> printable("line\\tone\\n", keep="\\t\\n") == "line\\tone\\n"
    True
    """
    if _unsafe().search(text) is None:
        return text
    table = {k: v for k, v in _ESCAPES.items() if chr(k) not in keep}
    if not spare:
        return text.translate(table)
    pieces = re.split("(" + "|".join(map(re.escape, spare)) + ")", text)
    return "".join(p if i % 2 else p.translate(table) for i, p in enumerate(pieces))


class RuldiffError(Exception):
    """An error the user can act on, located in a file when that makes sense."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        fix: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.fix = fix

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        fix = f" ({self.fix})" if self.fix else ""
        return f"{where}{self.message}{fix}"


class ReadError(RuldiffError):
    """A file cannot be read, or its bytes decode as none of the supported encodings."""


class ParseError(RuldiffError):
    """The text is not a rules document the profile understands (e.g. no rules found)."""


class TemplateError(RuldiffError):
    """A template is missing or fails to render."""


class ConfigError(RuldiffError):
    """A configuration or profile key has a wrong value."""

    def __init__(self, message: str, *, key: str | None = None, **kw: object) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        self.key = key


def yaml_error(exc: Exception, path: str) -> ConfigError:
    """A ``yaml.YAMLError`` as a ConfigError at the line its ``problem_mark``
    names (config files, editors' notes)."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return ConfigError(f"not valid YAML: {problem}", path=path, line=mark.line + 1 if mark is not None else None)
