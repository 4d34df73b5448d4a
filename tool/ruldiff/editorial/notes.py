"""Editors' notes: an explanation ("why") written for a change, by its ID.

- `parse_notes(text, path)` -> the notes of a YAML file, in file order.
- `compose_text(text, path)` -> the YAML node tree of an editor's file,
  numbers read as text (also for overrides.py).
- `match_notes(comparison, notes)` -> (change ID -> note, the unused notes,
  the notes whose key names two changes).

A notes file maps change IDs to Markdown::

    903.11: |
      Commander damage now has its own rule, so that the **Brawl** rules
      can refer to it.
    "glossary:Relic": Relics no longer count towards the five-relic limit.

The ID of a change is its rule's number in NEW (its number in OLD for a
removed rule, bare or as the review state writes it: ``702.124k (removed)``),
or ``glossary:Term``. Keys are read as text, as written:
``903.10`` stays ``903.10`` (plain YAML would read the float 903.1).

A note whose ID has no change is unused: it names a rule the release did
not touch, a number that is not a rule, or the old number of a renumbered
rule (then the new number is the "did you mean").
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, yaml_error
from ..model import Comparison, change_id, record

if TYPE_CHECKING:
    import yaml

__all__ = ["Note", "UnusedNote", "compose_text", "match_notes", "parse_notes"]

MAX_NOTE = 20_000
"""Longest note, in characters: a paragraph or a few, not a document."""


@record
class Note:
    """One editor's note."""

    id: str
    """The change ID as written in the file."""
    text: str
    """The explanation, Markdown, as written (surrounding white space removed)."""
    line: int
    """1-based line of the notes file where its key is."""


@record
class UnusedNote:
    """A note for an ID with no change in this comparison."""

    note: Note
    reason: str
    """Why it matches nothing, in one line."""
    did_you_mean: str = ""
    """The change ID it probably means: the new number of a renumbered rule,
    or, for a number that is no rule, the closest change ID; ``""`` when none."""


@functools.cache
def _text_loader() -> Any:
    """safe_load's loader, reading every plain scalar as text: rule numbers
    such as 903.10 are not numbers. Built, and yaml imported, only when an
    editor's file is read: a comparison without one is ~14 ms faster to start
    (yaml is a fifth of the imports)."""
    import yaml

    from ..config import yaml_loader

    class _TextLoader(yaml_loader()):  # type: ignore[misc]  # aliases refused
        pass

    _TextLoader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag == "tag:yaml.org,2002:null"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
    }
    return _TextLoader


def compose_text(text: str, path: str) -> yaml.Node | None:
    """The YAML node tree of an editor's file (notes, overrides), every
    plain scalar read as text, with its line marks; a YAML error becomes a
    ConfigError at its line."""
    import yaml

    try:
        root: yaml.Node | None = yaml.compose(text, Loader=_text_loader())
    except yaml.YAMLError as exc:
        raise yaml_error(exc, path) from None
    _refuse_surrogates(root, path)
    return root


def _refuse_surrogates(root: yaml.Node | None, path: str) -> None:
    """A ConfigError at the first scalar holding a lone surrogate (``"\\ud800"``
    in double quotes: an escape YAML accepts, which is no character and
    that no output could write)."""
    import yaml

    todo = [root] if root is not None else []
    while todo:  # no aliases (config.yaml_loader): a tree, each node seen once
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode):
            try:
                node.value.encode("utf-8")
            except UnicodeEncodeError:
                raise ConfigError(
                    "a lone surrogate (a \\ud800-\\udfff escape) is no character", path=path,
                    line=node.start_mark.line + 1, fix="write the character itself",
                ) from None
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            todo.extend(item for pair in node.value for item in pair)


def parse_notes(text: str, path: str) -> tuple[Note, ...]:
    """The notes of a YAML file: a mapping of change IDs to Markdown.

    >>> [(n.id, n.text, n.line) for n in parse_notes("903.10: Why it moved.\\n'glossary:Relic': |\\n  Shorter.\\n", "n.yaml")]
    [('903.10', 'Why it moved.', 1), ('glossary:Relic', 'Shorter.', 2)]
    """
    import yaml

    root = compose_text(text, path)
    if root is None:
        return ()
    if not isinstance(root, yaml.MappingNode):
        raise ConfigError("expected a mapping of change IDs to notes (903.11: Why...)", path=path)
    notes: list[Note] = []
    seen: dict[str, int] = {}
    for key, value in root.value:
        line = key.start_mark.line + 1
        if not isinstance(key, yaml.ScalarNode) or not key.value.strip():
            raise ConfigError("a change ID must be a rule number or glossary:Term", path=path, line=line)
        if not isinstance(value, yaml.ScalarNode) or not value.value.strip():
            raise ConfigError(f"the note for {key.value} must be text (Markdown)", path=path, line=line)
        rule_id, note = key.value.strip(), value.value.strip()
        if rule_id in seen:
            raise ConfigError(f"{rule_id} has two notes (the other at line {seen[rule_id]})", path=path, line=line)
        if len(note) > MAX_NOTE:
            raise ConfigError(f"the note for {rule_id} is longer than {MAX_NOTE} characters", path=path, line=line)
        seen[rule_id] = line
        notes.append(Note(rule_id, note, line))
    return tuple(notes)


def match_notes(
    comparison: Comparison, notes: Sequence[Note]
) -> tuple[dict[str, Note], tuple[UnusedNote, ...], tuple[UnusedNote, ...]]:
    """The notes attached to changes (by change ID, `model.change_id`), those
    unused, and those whose key names two changes, each in file order.

    A note is keyed by a change ID: a rule's number in NEW, or, for a removed
    rule, its number in OLD, bare (``903.9``) or as the review state writes
    it (``903.9 (removed)``). A bare number that is both a removed rule and
    the new number of another change names two changes: the note goes to
    the change whose ID it is (the other one, as in the review state), and
    it comes back among the third, with the form that names the removed rule.

    >>> from ruldiff.model import Change, ChangeKind, Comparison, Document, Rule, RuleKind
    >>> old, new = Rule("903.13", RuleKind.RULE, "x"), Rule("903.11", RuleKind.RULE, "x")
    >>> d = Document("a", "T", None, "p", ())
    >>> c = Comparison(d, d, (Change(ChangeKind.RENUMBERED, old, new, ()),), ())
    >>> used, unused, _ = match_notes(c, [Note("903.13", "Why.", 1)])
    >>> used, unused[0].did_you_mean
    ({}, '903.11')
    """
    ids: dict[str, str] = {}  # change ID -> its kind
    removed: dict[str, str] = {}  # a removed rule's bare number -> its change ID
    moved: dict[str, str] = {}  # old number -> change ID
    for c in comparison.changes:
        if c.new is None and c.old is None:
            continue
        ids[change_id(c)] = c.kind.value
        if c.new is None and c.old is not None:
            removed[c.old.id] = change_id(c)
        for o in c.olds:
            if c.new is not None and o.id != c.new.id:
                moved.setdefault(o.id, c.new.id)
    rules = {r.id for r in comparison.new.items} | {r.id for r in comparison.old.items}
    used: dict[str, Note] = {}
    unused: list[UnusedNote] = []
    clashes: list[UnusedNote] = []
    for note in notes:
        if note.id in ids:
            used[note.id] = note
            if note.id in removed:
                clashes.append(UnusedNote(
                    note, f"{note.id} names two changes: the {ids[note.id]} rule {note.id} (the note's) and the "
                    f"removed rule {note.id}; write '{removed[note.id]}' for the removed one", removed[note.id],
                ))
            continue
        if note.id in removed:
            used[removed[note.id]] = note
            continue
        if note.id in moved:
            unused.append(UnusedNote(note, f"{note.id} is the old number of a rule now {moved[note.id]}", moved[note.id]))
            continue
        if note.id in rules:
            unused.append(UnusedNote(note, f"{note.id} did not change in this release"))
            continue
        # A number that is no rule is likely mistyped: the closest change ID.
        close = difflib.get_close_matches(note.id, list(ids), n=1, cutoff=0.8)
        unused.append(UnusedNote(note, f"{note.id} is no rule of either version", close[0] if close else ""))
    return used, tuple(unused), tuple(clashes)
