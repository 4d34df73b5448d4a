"""Typed errors. Core code raises these; `cli/main.py` turns them into one line and exit 2.

- `RuldiffError`   base: a message, optionally located (path, line) and with a fix.
- `ReadError`      the bytes of a file cannot be read or decoded.
- `ParseError`     the text is not a rules document the profile understands.
- `TemplateError`  a template is missing or fails to render.
- `ConfigError`    a configuration or profile value is wrong (`yaml_error` makes one from a YAML error).
- `brief(value)`   a value as a message shows it: its ``repr``, at most `BRIEF` characters.
"""

from __future__ import annotations


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
