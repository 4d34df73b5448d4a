"""Project defaults: ``ruldiff.yaml`` -> a frozen `Config`.

- `load_config(text, path)` -> `Config`: YAML (``safe_load`` only), every
  key checked; an unknown key is a `ConfigError` that suggests the key
  meant (``did you mean 'profile'?``), a value of the wrong type one that
  says the type expected.
- `CONFIG_NAME`: the file looked for in the current directory.
- `yaml_loader()`: the YAML loader of every file the tool reads (this one,
  profiles, editors' notes and overrides): ``SafeLoader`` refusing aliases.

Aliases (``*name``, and the ``<<: *name`` merges built on them) are refused
in every YAML file: nine levels of nine aliases, 1 KB, stand for 9^9
values, which reading (and any message that shows the value) would take
minutes and gigabytes to walk. No file of the tool needs them.

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
import functools
from dataclasses import fields
from typing import Any

from .errors import ConfigError, brief
from .model import record

__all__ = ["CONFIG_NAME", "Config", "load_config", "yaml_loader"]

CONFIG_NAME = "ruldiff.yaml"


@record
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
        data = yaml.load(text, Loader=yaml_loader())  # noqa: S506 (a SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        # A ReaderError (a NUL, a control character) has no `problem`: its first line says which character.
        problem = getattr(exc, "problem", None) or f"not valid YAML: {str(exc).splitlines()[0]}"
        line = mark.line + 1 if mark else None
        position = getattr(exc, "position", None)  # a ReaderError's, in characters
        if line is None and isinstance(position, int):
            line = text.count("\n", 0, position) + 1
        raise ConfigError(f"cannot read: {problem}", path=path, line=line) from None
    if data is None:
        return Config()
    if not isinstance(data, dict):
        raise ConfigError("expected keys and values (a mapping) at the top", path=path)
    known = [f.name for f in fields(Config)]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            close = difflib.get_close_matches(brief(key), known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(known)}"
            raise ConfigError(f"unknown key {brief(key)}", key=brief(key), path=path, fix=hint)
        if key == "check":
            values[key] = _check_ignores(value, path)
            continue
        if key in _STRINGS:
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{key}: expected a string, not {brief(value)}", key=key, path=path)
            values[key] = value
        else:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise ConfigError(f"{key}: expected a list of file names, not {brief(value)}", key=key, path=path)
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
            key = key if isinstance(key, str) and len(key) <= 60 else brief(key)
            close = difflib.get_close_matches(key, ["ignore"], n=1)
            fix = f"did you mean check.{close[0]}?" if close else "known: check.ignore"
            raise ConfigError(f"unknown key check.{key}", key=f"check.{key}", path=path, fix=fix)
    ignore = value.get("ignore") or []
    if not isinstance(ignore, list) or not all(isinstance(i, str) for i in ignore):
        raise ConfigError("'check.ignore' must be a list of codes or code:rule", key="check.ignore", path=path)
    return tuple(ignore)


@functools.cache
def yaml_loader() -> Any:
    """``yaml.SafeLoader``, refusing aliases (see the module docstring): a
    ``ComposerError`` at the alias's line, which the readers turn into a
    ConfigError. Built, and yaml imported, on first use."""
    import yaml

    class NoAliasLoader(yaml.SafeLoader):
        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise yaml.composer.ComposerError(
                    None, None, "aliases (*name) are not allowed in ruldiff's files; write the value out", mark
                )
            return super().compose_node(parent, index)

    return NoAliasLoader
