"""Project defaults: ``ruldiff.yaml`` -> a frozen `Config`.

- `load_config(text, path)` -> `Config`: YAML (``safe_load`` only), every
  key checked; an unknown key is a `ConfigError` that suggests the key
  meant (``did you mean 'profile'?``), a value of the wrong type one that
  says the type expected.
- `CONFIG_NAME`: the file looked for in the current directory.

Keys (README, "Configuration"), each a default that a command-line option
overrides:

- ``profile``: how to read the documents (a built-in profile's name, or a
  YAML profile's path);
- ``templates``: a directory of templates replacing the built-in ones
  (``changelog.html.j2``, ``changelog.md.j2``) in the history site;
- ``output``: the directory ``ruldiff history`` writes the site to;
- ``releases``: the folder (or the files) of the versions, when
  ``history`` or ``trace`` is given none;
- ``order``: the file names of the versions, oldest first: the order of
  the series, instead of the dates the documents print.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, fields
from typing import Any

from .errors import ConfigError

__all__ = ["CONFIG_NAME", "Config", "load_config"]

CONFIG_NAME = "ruldiff.yaml"


@dataclass(frozen=True, slots=True)
class Config:
    """Project defaults read from ``ruldiff.yaml``; None: not set."""

    profile: str | None = None
    """How to read the documents: a built-in profile or a YAML profile's path."""
    templates: str | None = None
    """A directory whose templates replace the built-in ones of the same name."""
    output: str | None = None
    """Where ``ruldiff history`` writes the site."""
    releases: tuple[str, ...] = ()
    """The folder of the versions, or the files, when a command is given none."""
    order: tuple[str, ...] = ()
    """File names of the versions, oldest first (instead of their printed dates)."""
    check: tuple[str, ...] = ()
    """Findings of ``ruldiff check`` an editor accepted (``check: {ignore: [...]}``),
    as written: ``check.parse_config`` validates the codes."""


_STRINGS = ("profile", "templates", "output")
_LISTS = ("releases", "order")


def load_config(text: str, path: str = CONFIG_NAME) -> Config:
    """The `Config` of a ``ruldiff.yaml`` text; `ConfigError` naming the key
    (and the line, for a YAML error) when it is wrong.

    >>> load_config("profile: mtg-cr\\norder: [a.txt, b.txt]\\n")
    Config(profile='mtg-cr', templates=None, output=None, releases=(), order=('a.txt', 'b.txt'), check=())
    >>> load_config("profil: mtg-cr\\n")
    Traceback (most recent call last):
    ruldiff.errors.ConfigError: ruldiff.yaml: unknown key 'profil' (did you mean 'profile'?)
    """
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise ConfigError(f"cannot read: {problem}", path=path, line=mark.line + 1 if mark else None) from None
    if data is None:
        return Config()
    if not isinstance(data, dict):
        raise ConfigError("expected keys and values (a mapping) at the top", path=path)
    known = [f.name for f in fields(Config)]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(known)}"
            raise ConfigError(f"unknown key {key!r}", key=str(key), path=path, fix=hint)
        if key == "check":
            values[key] = _check_ignores(value, path)
            continue
        if key in _STRINGS:
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{key}: expected a string, not {value!r}", key=key, path=path)
            values[key] = value
        else:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise ConfigError(f"{key}: expected a list of file names, not {value!r}", key=key, path=path)
            if len(set(value)) != len(value):
                raise ConfigError(f"{key}: a name is listed twice", key=key, path=path)
            values[key] = tuple(value)
    return Config(**values)


def _check_ignores(value: Any, path: str) -> tuple[str, ...]:
    """The ``check.ignore`` list: what ``ruldiff check`` leaves out."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise ConfigError("'check' must be a mapping with an 'ignore' list", key="check", path=path)
    for key in value:
        if key != "ignore":
            close = difflib.get_close_matches(str(key), ["ignore"], n=1)
            fix = f"did you mean check.{close[0]}?" if close else "known: check.ignore"
            raise ConfigError(f"unknown key check.{key}", key=f"check.{key}", path=path, fix=fix)
    ignore = value.get("ignore") or []
    if not isinstance(ignore, list) or not all(isinstance(i, str) for i in ignore):
        raise ConfigError("'check.ignore' must be a list of codes or code:rule", key="check.ignore", path=path)
    return tuple(ignore)
