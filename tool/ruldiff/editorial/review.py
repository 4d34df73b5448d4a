"""Review state: which changes an editor has accepted, by a stable
fingerprint of each change, so that a later run shows only what is new or
differs since.

- `fingerprint(change)` -> a stable hex digest of the change's IDs and edits.
- `accept(change, note)` -> the state entry accepting it: its fingerprint
  and the text accepted.
- `since_accepted(change, entry)` -> the word edits since the text accepted.
- `change_id(change)` -> the ID a change is known by (NEW's number, OLD's
  for a removed rule).
- `partition(changes, state)` -> `Partition`: accepted, differs, new.
- `walk(changes, state, ask)` -> the state after an editor's session
  (accept, skip, note, quit), asking through `ask`.
- `parse_reviewed(text, path)`, `dump_reviewed(state)`: the state file.
- `merge(recorded, current)` -> the state to write when another session
  wrote the file meanwhile: its entries, and this session's over them.

The state file is JSON, written with sorted keys (deterministic, so that it
diffs well in version control)::

    {"ruldiff_reviewed": 1,
     "accepted": {"903.11": {"fingerprint": "5c1e…", "note": "…", "text": "…"}}}

The fingerprint covers the change's kind, its old and new IDs and its word
edits, and nothing that depends on the run (no line numbers, paths or
dates): the same change in a later draft has the same fingerprint; an
accepted ID whose change reads otherwise now "differs". The text accepted is
kept beside it, so that a change that differs shows what changed since.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import ConfigError
from ..model import Change, Edit, change_id, record

__all__ = [
    "Accepted",
    "Partition",
    "accept",
    "accepted_text",
    "change_id",
    "dump_reviewed",
    "fingerprint",
    "merge",
    "parse_reviewed",
    "partition",
    "since_accepted",
    "walk",
]

STATE_VERSION = 1


@record
class Accepted:
    """One accepted change."""

    fingerprint: str
    note: str = ""
    """The editor's note, Markdown (``""``: none)."""
    text: str = ""
    """The rule's text as accepted (NEW's; OLD's for a removed rule), from
    which `since_accepted` tells what changed since; ``""`` in a state
    written before it was recorded."""


@record
class Partition:
    """The changes of a run, by what the review state says of them, each in
    the run's order."""

    accepted: tuple[Change, ...] = ()
    """Accepted, and unchanged since: hidden or marked."""
    differs: tuple[Change, ...] = ()
    """Accepted once under this ID, but reading otherwise now."""
    new: tuple[Change, ...] = ()
    """Never reviewed."""

    @property
    def hidden_note(self) -> str:
        """What an output says of the accepted changes it leaves out."""
        n = len(self.accepted)
        return f"{n} accepted change{'s' if n != 1 else ''} hidden" if n else ""


def fingerprint(change: Change) -> str:
    """A stable digest of what a change is: kind, IDs, edits.

    >>> from ruldiff.model import Change, ChangeKind, Edit, Op, Rule, RuleKind
    >>> r = Rule("1.1", RuleKind.RULE, "x", line=3)
    >>> c = Change(ChangeKind.CHANGED, r, r, (Edit(Op.EQUAL, "Draw "), Edit(Op.INSERT, "two")))
    >>> moved = Change(ChangeKind.CHANGED, Rule("1.1", RuleKind.RULE, "x", line=9), r, c.edits)
    >>> fingerprint(c) == fingerprint(moved), len(fingerprint(c))
    (True, 20)
    """
    data = [
        change.kind.value,
        [r.id for r in change.olds],
        [r.id for r in change.news],
        [[e.op.value, e.text] for e in change.edits],
    ]
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:20]


def accepted_text(change: Change) -> str:
    """The text an acceptance records: the rules of NEW, OLD's for a removed rule."""
    return "\n".join(r.full_text for r in (change.news or change.olds))


def accept(change: Change, note: str = "") -> Accepted:
    """The state entry that accepts `change` as it reads now."""
    return Accepted(fingerprint(change), note, accepted_text(change))


def since_accepted(change: Change, entry: Accepted) -> tuple[Edit, ...] | None:
    """The word edits from the text `entry` accepted to the change's text
    now; None when the entry recorded no text (a state written before), or
    when the text reads the same (the kind or the IDs differ)."""
    from ..diff.worddiff import diff_words

    now = accepted_text(change)
    if not entry.text or entry.text == now:
        return None
    return diff_words(entry.text, now)


def partition(changes: Sequence[Change], state: Mapping[str, Accepted]) -> Partition:
    """Split the changes of a run by the review state."""
    accepted: list[Change] = []
    differs: list[Change] = []
    new: list[Change] = []
    for c in changes:
        seen = state.get(change_id(c))
        if seen is None:
            new.append(c)
        elif seen.fingerprint == fingerprint(c):
            accepted.append(c)
        else:
            differs.append(c)
    return Partition(tuple(accepted), tuple(differs), tuple(new))


Answer = tuple[str, str]
"""What an editor answers for a change: (``accept`` | ``skip`` | ``note`` |
``quit``, a note for ``note``)."""


def walk(
    changes: Sequence[Change], state: Mapping[str, Accepted], ask: Callable[[Change, int, int], Answer]
) -> dict[str, Accepted]:
    """The review state after a session over the changes not accepted as
    they are (new, then differing, in the run's order). `ask(change, k, n)`
    asks about the k-th of n: ``accept`` records it, ``note`` records it
    with the note, ``skip`` leaves it for later, ``quit`` ends the session,
    keeping what was recorded."""
    out = dict(state)
    p = partition(changes, state)
    todo = [*p.new, *p.differs]
    for k, c in enumerate(todo, 1):
        action, note = ask(c, k, len(todo))
        if action == "quit":
            break
        if action in ("accept", "note"):
            out[change_id(c)] = accept(c, note.strip() if action == "note" else "")
        elif action != "skip":
            raise ValueError(f"unknown answer {action!r}")
    return out


def merge(recorded: Mapping[str, Accepted], current: Mapping[str, Accepted]) -> dict[str, Accepted]:
    """The state to write: `current` (the file as it is now, perhaps written
    by another session since this one read it) with the entries this session
    `recorded` over it. An entry another session recorded for a change this
    session left alone is kept; for a change both recorded, this session's
    (the later answer) wins.

    >>> merge({"1.1": Accepted("aa")}, {"1.2": Accepted("bb"), "1.1": Accepted("cc")})
    {'1.2': Accepted(fingerprint='bb', note='', text=''), '1.1': Accepted(fingerprint='aa', note='', text='')}
    """
    return {**current, **recorded}


def parse_reviewed(text: str, path: str) -> dict[str, Accepted]:
    """The review state of a file written by `dump_reviewed`.

    >>> parse_reviewed(dump_reviewed({"1.1": Accepted("ab12", "ok")}), "r.json")
    {'1.1': Accepted(fingerprint='ab12', note='ok', text='')}
    """
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"not valid JSON: {exc.msg}", path=path, line=exc.lineno) from None
    except RecursionError:  # [[[[... thousands deep: json's decoder recurses
        raise ConfigError("not a review state file: nested too deeply", path=path) from None
    if not isinstance(data, dict) or data.get("ruldiff_reviewed") != STATE_VERSION:
        raise ConfigError(
            f"not a review state file (expected \"ruldiff_reviewed\": {STATE_VERSION})", path=path,
        )
    accepted = data.get("accepted", {})
    if not isinstance(accepted, dict):
        raise ConfigError("'accepted' must map change IDs to {fingerprint, note}", path=path, key="accepted")
    out: dict[str, Accepted] = {}
    for rule_id, entry in accepted.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise ConfigError(f"the entry for {rule_id} needs a fingerprint", path=path, key=f"accepted.{rule_id}")
        note = entry.get("note", "")
        if not isinstance(note, str):
            raise ConfigError(f"the note for {rule_id} must be text", path=path, key=f"accepted.{rule_id}.note")
        text = entry.get("text", "")
        if not isinstance(text, str):
            raise ConfigError(f"the text of {rule_id} must be text", path=path, key=f"accepted.{rule_id}.text")
        out[str(rule_id)] = Accepted(entry["fingerprint"], note, text)
    return out


def dump_reviewed(state: Mapping[str, Accepted]) -> str:
    """The state file's text: sorted keys, one entry per line, a final newline."""
    data = {
        "ruldiff_reviewed": STATE_VERSION,
        "accepted": {
            k: {"fingerprint": a.fingerprint, **({"note": a.note} if a.note else {}), **({"text": a.text} if a.text else {})}
            for k, a in sorted(state.items())
        },
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
