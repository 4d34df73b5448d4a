"""ruldiff: semantic diffs of numbered rules documents.

The pipeline, each stage a pure function over the frozen types of `model`:

    decode(bytes, path) -> Source        documents/read.py
    parse(source, profile) -> Document   documents/parse.py (profiles.py, formats/*.yaml)
    compare(old, new) -> Comparison      diff/pipeline.py (align, worddiff, classify, semantic)
    render(comparison, fmt) -> str       outputs/render.py

The layers, top to bottom (imports only point down; `lint-imports` checks
them): cli; series, editorial; outputs; diff; documents; and the modules
every layer shares (model, errors, limits, sandbox, config).

Each name below is imported when first used, so that `ruldiff --version`
or `import ruldiff.model` loads nothing else.

>>> from ruldiff import decode, parse, compare, render
>>> old = parse(decode(b"1. Basics\\n\\n100. General\\n\\n100.1. Draw a card.\\n", "a.txt"))
>>> new = parse(decode(b"1. Basics\\n\\n100. General\\n\\n100.1. Draw two cards.\\n", "b.txt"))
>>> compare(old, new).summary
{'added': 0, 'removed': 0, 'changed': 1, 'renumbered': 0, 'split': 0, 'merged': 0, 'unchanged': 2}
"""

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module that defines it, imported on first use (PEP 562).
_WHERE = {
    **dict.fromkeys(("ConfigError", "ParseError", "ReadError", "RuldiffError", "TemplateError"), "errors"),
    **dict.fromkeys(
        ("Change", "ChangeKind", "Comparison", "Document", "Edit", "MatchHow", "Op", "Pair", "Renumbering", "Rule",
         "RuleKind", "Substitution"),
        "model",
    ),
    "compare": "diff.pipeline",
    "parse": "documents.parse",
    **dict.fromkeys(("Profile", "detect_profile", "load_profile"), "documents.profiles"),
    **dict.fromkeys(("Source", "decode"), "documents.read"),
    "build_context": "outputs.context",
    "render": "outputs.render",
    "to_json": "outputs.jsonout",
}

if TYPE_CHECKING:
    from .diff.pipeline import compare
    from .errors import ConfigError, ParseError, ReadError, RuldiffError, TemplateError
    from .model import (
        Change,
        ChangeKind,
        Comparison,
        Document,
        Edit,
        MatchHow,
        Op,
        Pair,
        Renumbering,
        Rule,
        RuleKind,
        Substitution,
    )
    from .documents.parse import parse
    from .documents.profiles import Profile, detect_profile, load_profile
    from .documents.read import Source, decode
    from .outputs.context import build_context
    from .outputs.jsonout import to_json
    from .outputs.render import render


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'ruldiff' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"ruldiff.{where}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "Change",
    "ChangeKind",
    "Comparison",
    "ConfigError",
    "Document",
    "Edit",
    "MatchHow",
    "Op",
    "Pair",
    "ParseError",
    "Profile",
    "ReadError",
    "Renumbering",
    "Rule",
    "RuleKind",
    "RuldiffError",
    "Source",
    "Substitution",
    "TemplateError",
    "__version__",
    "build_context",
    "compare",
    "decode",
    "detect_profile",
    "load_profile",
    "parse",
    "render",
    "to_json",
]
