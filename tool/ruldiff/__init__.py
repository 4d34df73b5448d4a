"""ruldiff: semantic diffs of numbered rules documents.

The pipeline, each stage a pure function over the frozen types of `model`:

    decode(bytes, path) -> Source        read.py
    parse(source, profile) -> Document   parse.py (profiles.py, formats/*.yaml)
    compare(old, new) -> Comparison      compare.py (align.py, worddiff.py, classify.py, semantic.py)
    render(comparison, fmt) -> str       render.py

>>> from ruldiff import decode, parse, compare, render
>>> old = parse(decode(b"1. Basics\\n\\n100. General\\n\\n100.1. Draw a card.\\n", "a.txt"))
>>> new = parse(decode(b"1. Basics\\n\\n100. General\\n\\n100.1. Draw two cards.\\n", "b.txt"))
>>> compare(old, new).summary
{'added': 0, 'removed': 0, 'changed': 1, 'renumbered': 0, 'split': 0, 'merged': 0, 'unchanged': 2}
"""

__version__ = "0.1.0"

from .compare import compare
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
from .parse import parse
from .profiles import Profile, detect_profile, load_profile
from .read import Source, decode
from .render import build_context, render, to_json

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
