"""Format profiles: how one family of rules documents is written, in YAML.

- `Profile`: the grammar of one document family (frozen, validated).
- `load_profile(name_or_path)` -> a built-in profile by name, or a user's
  YAML file.
- `detect_profile(text)` -> the built-in profile whose ``detect`` pattern
  matches the start of the document.
- `BUILTIN`: the names of the built-in profiles (``formats/*.yaml``).
- `pattern_budget(size)`, `slow_pattern(profile, lines, seconds)`: the time
  a user's patterns may take on a document, and which one took longer
  (parse.py's `parse_bounded`).

A profile is a YAML mapping; every key is listed in `Profile` with its
meaning. Patterns are Python regular expressions. A wrong key, a wrong type or
a pattern that does not compile is a `ConfigError` naming the file, the key
and what was expected, with "did you mean" for a misspelt key.
"""

from __future__ import annotations

import os
import re
from dataclasses import fields
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .dates import DATE_ORDERS
from ..errors import ConfigError, brief
from ..limits import TimeLimitError, time_limit
from ..model import record

__all__ = ["BUILTIN", "Profile", "detect_profile", "load_profile", "profile_from_mapping"]

FORMATS_DIR = Path(__file__).parent / "formats"
DETECT_LINES = 40
"""How many lines at the start of a document `detect_profile` looks at."""


@record
class Profile:
    """The grammar of one family of rules documents."""

    name: str
    rule: re.Pattern[str]
    """A rule or subrule line: named groups ``id`` (the number without its
    trailing period) and ``text``."""
    heading: re.Pattern[str] | None = None
    """A rule heading such as ``100. General`` (tried before `rule`); a heading
    whose joined text ends a sentence is taken as a rule."""
    section: re.Pattern[str] | None = None
    """A section heading such as ``1. Game Concepts``."""
    numbered: re.Pattern[str] = re.compile(r"\d")
    """What every numbered line starts with: a cheap test that spares the
    patterns above on most lines."""
    example: re.Pattern[str] | None = None
    """The start of an example paragraph attached to the rule before it; None
    keeps examples inside the rule's text."""
    decoration: re.Pattern[str] | None = None
    """Lines that are only layout (rules of dashes) and carry no text."""
    reference_lead: re.Pattern[str] | None = None
    """In a hard-wrapped document, a numbered line after a line ending with
    this continues a reference ("See rule" / "419.8 ...") instead of starting
    a rule."""
    glossary: str | None = None
    """The line that starts the glossary (its last occurrence), if any."""
    credits: str | None = None
    """The line that starts the credits (its last occurrence), if any."""
    index: str | None = None
    """A line between glossary and credits that starts an index to drop."""
    inline: re.Pattern[str] | None = None
    """A rule number inside a line (group ``id``): the line is cut there into
    several rules when the number comes next in sequence."""
    inline_example: re.Pattern[str] | None = None
    """Where an example starts inside a line, for documents numbered inline."""
    note: re.Pattern[str] | None = None
    """Notes a publisher appends to a rule (``(refs: 202)``): taken out of the
    rule's text and kept as its notes."""
    reference: re.Pattern[str] | None = None
    """A reference to a rule in running text, group ``id`` the number referred
    to (``\\bArt\\.\\s*(?P<id>\\d+)``). None: the built-in syntax, ``rule(s) N``,
    ``section(s) N`` and bare full rule numbers (``903.13``, ``103.1.b.2``),
    ranges included (semantic.py)."""
    subitem: re.Pattern[str] | None = None
    """A sub-item numbered under the item above it, such as ``(b)`` or
    ``(ii)`` (groups ``id`` and ``text``): its ID is the label appended to
    that item's, ``12.3(b)``, ``12.3(b)(ii)`` (outline.py)."""
    paragraphs: str | None = None
    """For documents without numbers: every blank-line-separated paragraph is
    an item, with this prefix and its position as ID (``p1``, ``p2``...)."""
    detect: re.Pattern[str] | None = None
    """Auto-detection: the profile applies when this matches one of the first
    `DETECT_LINES` lines."""
    dates: str | None = None
    """How the family writes a date in figures, ``month-first`` (US:
    ``07/04/01`` is 4 July) or ``day-first``; None: a date such as
    ``01/03/2025``, which can be read either way, is no date (dates.py)."""
    infer: re.Pattern[str] | None = None
    """Inference, for documents no ``detect`` pattern claims: the profile is
    a candidate when this matches at least `INFER_LINES` lines of the
    document, and the candidate whose item patterns read most lines wins
    (`infer_profile`; built-in profiles only, like ``detect``)."""
    numbering: str | None = None
    """A numbering grammar instead of the item patterns: its styles as their
    first numbers, outermost first (``Article I; Section 1 < Article I,
    restarting; (a)``), as `grammar.spec_of` writes an inferred one. Units
    are read and cited by it (grammar.py); ``rule`` is then only shown."""
    description: str = ""


_PATTERNS = (
    "numbered", "decoration", "inline", "inline_example", "reference_lead", "note", "heading", "section",
    "rule", "subitem", "example", "reference", "detect", "infer",
)
"""The keys whose values are patterns, roughly in the order parsing uses them."""
_REQUIRED = {"name", "rule"}


def _from_mapping(data: Any, source: str) -> Profile:
    if not isinstance(data, dict):
        raise ConfigError(
            "a profile must be a YAML mapping of keys to values", path=source,
            fix="see tool/ruldiff/formats/mtg-cr.yaml for an example",
        )
    known = {f.name for f in fields(Profile)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            import difflib  # only for the message: most runs never pay for it

            close = difflib.get_close_matches(brief(key), sorted(known), n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known keys: {', '.join(sorted(known))}"
            raise ConfigError(f"unknown key {brief(key)}", key=brief(key), path=source, fix=hint)
        if value is None:
            if key in _REQUIRED:
                raise ConfigError(f"key {key!r} needs a value", key=key, path=source)
            continue
        if not isinstance(value, str):
            raise ConfigError(
                f"key {key!r} must be a string, not {type(value).__name__}", key=key, path=source
            )
        if key in _PATTERNS:
            try:
                values[key] = re.compile(value)
            except re.error as exc:
                raise ConfigError(
                    f"key {key!r} is not a valid regular expression: {exc}", key=key, path=source
                ) from None
        else:
            values[key] = value
    missing = sorted(_REQUIRED - values.keys())
    if missing:
        raise ConfigError(f"missing key {missing[0]!r}", key=missing[0], path=source)
    if values.get("dates") not in (None, *DATE_ORDERS):
        raise ConfigError(
            f"key 'dates' must be one of {', '.join(DATE_ORDERS)}", key="dates", path=source
        )
    reference = values.get("reference")
    if reference is not None and "id" not in reference.groupindex:
        raise ConfigError("key 'reference' must have the named group (?P<id>...)", key="reference", path=source)
    for key in ("rule", "heading", "section", "subitem"):
        pattern = values.get(key)
        if pattern is not None and not {"id", "text"} <= set(pattern.groupindex):
            raise ConfigError(
                f"key {key!r} must have the named groups (?P<id>...) and (?P<text>...)",
                key=key, path=source,
            )
    numbering = values.get("numbering")
    if numbering is not None:
        from .grammar import parse_numbering  # grammar.py builds profiles: imported here, when used

        parse_numbering(numbering, source)  # a wrong style is an error now, naming the file
    return Profile(**values)


def profile_from_mapping(data: Any, source: str) -> Profile:
    """A profile from the keys of a YAML mapping (`data`), checked as a
    user's file is; `source` names it in errors."""
    return _from_mapping(data, source)


def _parse_yaml(text: str, source: str) -> Any:
    import yaml  # only loading a profile pays for importing it

    from ..config import yaml_loader

    try:
        # Aliases refused (config.py): a user's profile is a few lines, the C loader's speed is not needed.
        return yaml.load(text, Loader=yaml_loader())  # noqa: S506 (a SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"not valid YAML: {problem}", path=source, line=line) from None


_FLAT_LINE = re.compile(
    r"""^(?P<key>[a-z_]+):(?:\s+(?P<value>'(?:[^']|'')*'|[^'\s#\[\]{}&*!|>"%@`][^#]*?|null))?\s*(?:#.*)?$"""
)


def _parse_flat(text: str) -> dict[str, str | None] | None:
    r"""Read the flat subset of YAML the built-in profiles are written in
    (comments, and ``key: value`` lines whose value is plain, 'single-quoted'
    or null), or None if the text is not in that subset.

    Importing PyYAML costs more than parsing a document's rules takes on a
    small machine, so the built-in profiles do without it; a user's profile is
    read by PyYAML, and a test checks that both readers agree on the
    built-in files.

    >>> _parse_flat("# a comment\nname: x\nrule: 'it''s (?P<id>\\d)'\nnote: null\n")
    {'name': 'x', 'rule': "it's (?P<id>\\d)", 'note': None}
    >>> _parse_flat("name: [a, list]\n") is None
    True
    """
    out: dict[str, str | None] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _FLAT_LINE.match(line)
        if m is None or m.group("key") in out:
            return None
        value = m.group("value")
        if value is None or value == "null":
            out[m.group("key")] = None
        elif value.startswith("'"):
            out[m.group("key")] = value[1:-1].replace("''", "'")
        else:
            out[m.group("key")] = value.strip()
    return out


_CACHE: dict[str, Profile] = {}

BUILTIN = tuple(sorted(p.stem for p in FORMATS_DIR.glob("*.yaml")))
"""Names of the built-in profiles."""


def load_profile(name_or_path: str) -> Profile:
    """A built-in profile by name (``mtg-cr``), or a profile from a YAML file."""
    if name_or_path in _CACHE:
        return _CACHE[name_or_path]
    path = FORMATS_DIR / f"{name_or_path}.yaml"
    if name_or_path in BUILTIN:
        text, source = path.read_text(encoding="utf-8"), name_or_path
        flat = _parse_flat(text)
        if flat is not None:
            profile = _from_mapping(flat, source)
            _CACHE[name_or_path] = profile
            return profile
    else:
        from .load import read_editor_file  # load.py imports this module: here, when a file is given

        try:
            os.lstat(name_or_path)
        except FileNotFoundError:
            raise ConfigError(
                f"no profile named {brief(name_or_path)}",
                fix=f"built-in profiles: {', '.join(BUILTIN)}; or give a YAML file",
            ) from None
        except OSError as exc:  # a name too long, a path through a file: the file's error, named
            reason = exc.strerror or type(exc).__name__
            raise ConfigError(reason[:1].lower() + reason[1:], path=name_or_path) from None
        text, source = read_editor_file(name_or_path, "profile"), name_or_path
    profile = _from_mapping(_parse_yaml(text, source), source)
    _CACHE[name_or_path] = profile
    return profile


def _detect_pattern(name: str) -> re.Pattern[str] | None:
    """The ``detect`` pattern of a built-in profile, without compiling the
    rest of it: detection looks at every profile and keeps one."""
    if name not in _DETECT:
        flat = _parse_flat((FORMATS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
        if flat is None:
            _DETECT[name] = load_profile(name).detect
        else:
            value = flat.get("detect")
            _DETECT[name] = re.compile(value) if value else None
    return _DETECT[name]


_DETECT: dict[str, re.Pattern[str] | None] = {}


PATTERN_SECONDS = 2.0
PATTERN_SECONDS_PER_MB = 5.0
r"""A user's profile may take 2 s plus 5 s per million characters to parse a
document (and to run its `reference` pattern over it): built-in profiles
parse a 1 MB Comprehensive Rules release in ~0.05 s, so only a pattern that
backtracks without end, such as ``(\d+)+x`` on a long number, gets there."""


def pattern_budget(size: int) -> float:
    """Seconds a user profile's patterns may take on a text of `size` characters.

    >>> pattern_budget(1_000_000)
    7.0
    """
    return PATTERN_SECONDS + PATTERN_SECONDS_PER_MB * size / 1e6


def slow_pattern(profile: Profile, lines: list[str], seconds: float) -> str | None:
    """The first key of `profile` whose pattern, run over every line of
    `lines`, takes longer than `seconds` (None if none does)."""
    for key in _PATTERNS:
        pattern = getattr(profile, key)
        if pattern is None:
            continue
        try:
            with time_limit(seconds):
                for line in lines:
                    for _ in pattern.finditer(line):
                        pass
        except TimeLimitError:
            return key
    return None


def _lines(text: str) -> Iterator[str]:
    """The lines of a text, one at a time: detection usually stops at the first few."""
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        yield text[start:end]
        start = end + 1


def detect_profile(text: str) -> Profile:
    """The built-in profile that reads `text`, chosen from the document.

    1. A profile whose ``detect`` pattern matches one of the first lines
       (profiles tried in name order), if its ``rule`` pattern reads a line
       of the document: a "Last Updated" line alone does not make a
       document Riftbound.
    2. ``mtg-cr``, when its ``rule`` pattern reads a line (``100.1.``).
    3. The numbering inferred from the document (`infer_profile`): the
       profiles with an ``infer`` key (``outline``, ``laws``, ``articles``).
    4. ``mtg-cr`` for a document with its headings but no rules (parsing
       says what is missing), and ``paragraphs`` for one with no numbered
       line at all.
    """
    head = text.split("\n", DETECT_LINES)[:DETECT_LINES]
    for name in BUILTIN:
        if name == "mtg-cr":
            continue  # the fallback below; its detect pattern decides nothing
        detect = _detect_pattern(name)
        if detect is not None and any(detect.search(line) for line in head):
            profile = load_profile(name)
            if profile.inline is not None or _reads(text, (profile.rule,)):
                return profile
    fallback = load_profile("mtg-cr")
    if _reads(text, (fallback.rule,)):
        return fallback
    inferred = infer_profile(text)
    if inferred is not None:
        return inferred
    if _reads(text, tuple(p for p in (fallback.heading, fallback.section) if p is not None)):
        return fallback
    return load_profile("paragraphs")


def _reads(text: str, patterns: tuple[re.Pattern[str], ...]) -> bool:
    """Whether one of `patterns` matches a line of `text` (stripped)."""
    return any(p.match(line.strip()) for line in _lines(text) for p in patterns)


INFER_LINES = 2
"""Lines an ``infer`` pattern must match for its profile to be a candidate:
one ``Law 1`` line may be a sentence, two are a numbering."""


def infer_profile(text: str) -> Profile | None:
    r"""The built-in profile with an ``infer`` key that reads most lines of
    `text` as numbered items, among those whose ``infer`` pattern matches
    at least `INFER_LINES` lines; None when there is none.

    >>> infer_profile("Laws\n\nLaw 1 - Field\n1.1 Grass.\nLaw 2 - Ball\n2.1 Round.\n").name
    'laws'
    >>> infer_profile("House Rules\n\n1. Kitchen\n1.1 Wash up.\n1.2 Dry.\n").name
    'outline'
    >>> infer_profile("Dear players,\nsee you at noon.\n") is None
    True
    """
    lines = [line.strip() for line in text.split("\n")]
    best: tuple[tuple[int, int], Profile] | None = None
    for name in BUILTIN:
        if _infer_pattern(name) is None:
            continue
        profile = load_profile(name)
        assert profile.infer is not None
        infer = profile.infer.match
        claimed = sum(1 for line in lines if infer(line))
        if claimed < INFER_LINES:
            continue
        items = [p.match for p in (profile.heading, profile.section, profile.rule, profile.subitem) if p is not None]
        # Most lines read wins; on a tie, the numbering most used.
        score = (sum(1 for line in lines if any(match(line) for match in items)), claimed)
        if best is None or score > best[0]:
            best = (score, profile)
    return best[1] if best is not None else None


def _infer_pattern(name: str) -> str | None:
    """The ``infer`` pattern of a built-in profile, as written (None without
    one), read without compiling the profile."""
    flat = _parse_flat((FORMATS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    return flat.get("infer") if flat is not None else None
