"""Match overrides: an editor's word on how rules pair, applied before the
automatic alignment.

- `parse_overrides(text, path)` -> the overrides of a YAML file, in order.
- `unmet(overrides, old, new)` -> those that no longer apply, with why.
- `apply(overrides, old, new)` -> what `compare` needs: the rules to take
  out of the automatic alignment, and the pairs, removals, additions and
  splits to put in its place.

An overrides file is a list; each entry is one of::

    - {old: 903.9, removed: true}          # old 903.9 is removed, not moved
    - {new: 701.9, added: true}            # new 701.9 is new, not a moved rule
    - {old: 702.9, new: 702.10}            # old 702.9 became new 702.10
    - {old: 112.10, new: [112.10, 112.10c]}  # old 112.10 was split in two

Numbers are read as text (903.10 stays 903.10). An override whose rules
are not in the documents (the draft moved on) no longer applies: `unmet`
says which, and `compare` leaves it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import ConfigError
from ..model import Document, Plan, record
from .notes import compose_text

if TYPE_CHECKING:
    import yaml

__all__ = ["Override", "Plan", "apply", "parse_overrides", "unmet"]


@record
class Override:
    """One forced or forbidden pairing."""

    old: str | None
    """The old rule's ID; None for ``added``."""
    new: tuple[str, ...]
    """The new rule's IDs: none for ``removed``, one for a pairing, several
    for a split."""
    line: int
    """1-based line of the file where the entry starts."""

    @property
    def shown(self) -> str:
        """The entry in words, for messages."""
        if self.old is None:
            return f"new {self.new[0]} is added"
        if not self.new:
            return f"old {self.old} is removed"
        return f"old {self.old} became {' and '.join(self.new)}"


def _scalar(node: yaml.Node, what: str, path: str) -> str:
    import yaml

    if not isinstance(node, yaml.ScalarNode) or not node.value.strip():
        raise ConfigError(f"{what} must be a rule number", path=path, line=node.start_mark.line + 1)
    return str(node.value).strip()


def parse_overrides(text: str, path: str) -> tuple[Override, ...]:
    """The overrides of a YAML file.

    >>> [o.shown for o in parse_overrides("- {old: 903.9, removed: true}\\n- {old: 112.10, new: [112.10, 112.10c]}\\n", "o.yaml")]
    ['old 903.9 is removed', 'old 112.10 became 112.10 and 112.10c']
    """
    import yaml  # only a run given overrides pays for it (~14 ms of a ~0.27 s comparison)

    root = compose_text(text, path)
    if root is None:
        return ()
    if not isinstance(root, yaml.SequenceNode):
        raise ConfigError("expected a list of overrides (- {old: 903.9, removed: true})", path=path)
    out: list[Override] = []
    for entry in root.value:
        line = entry.start_mark.line + 1
        if not isinstance(entry, yaml.MappingNode):
            raise ConfigError("an override is a mapping with old and/or new", path=path, line=line)
        fields: dict[str, yaml.Node] = {}
        for key, value in entry.value:
            name = _scalar(key, "a key", path)
            if name not in ("old", "new", "removed", "added"):
                raise ConfigError(f"unknown key {name}", path=path, line=line, fix="keys: old, new, removed, added")
            fields[name] = value
        old = _scalar(fields["old"], "old", path) if "old" in fields else None
        news: tuple[str, ...] = ()
        if "new" in fields:
            node = fields["new"]
            items = node.value if isinstance(node, yaml.SequenceNode) else [node]
            news = tuple(_scalar(n, "new", path) for n in items)
        removed = "removed" in fields and _scalar(fields["removed"], "removed", path) == "true"
        added = "added" in fields and _scalar(fields["added"], "added", path) == "true"
        if removed and old is not None and not news and not added:
            out.append(Override(old, (), line))
        elif added and old is None and len(news) == 1 and not removed:
            out.append(Override(None, news, line))
        elif old is not None and news and not removed and not added:
            if len(set(news)) != len(news):
                raise ConfigError(f"old {old}: a new rule is listed twice", path=path, line=line)
            out.append(Override(old, news, line))
        else:
            raise ConfigError(
                "an override is {old: ID, removed: true}, {new: ID, added: true} or {old: ID, new: ID or [IDs]}",
                path=path, line=line,
            )
    return tuple(out)


def unmet(overrides: Sequence[Override], old: Document, new: Document) -> tuple[tuple[Override, str], ...]:
    """The overrides that no longer apply, with why: a rule they name is
    not in its document, or a rule is already named by an earlier override."""
    old_ids = {r.id for r in old.items}
    new_ids = {r.id for r in new.items}
    used_old: set[str] = set()
    used_new: set[str] = set()
    out = []
    for o in overrides:
        if o.old is not None and o.old not in old_ids:
            out.append((o, f"old {o.old} is not a rule of {old.path}"))
        elif missing := [n for n in o.new if n not in new_ids]:
            out.append((o, f"new {missing[0]} is not a rule of {new.path}"))
        elif (o.old is not None and o.old in used_old) or used_new.intersection(o.new):
            out.append((o, "a rule it names is in an earlier override"))
        else:
            if o.old is not None:
                used_old.add(o.old)
            used_new.update(o.new)
    return tuple(out)


def apply(overrides: Sequence[Override], old: Document, new: Document) -> Plan:
    """The `Plan` of the overrides that apply (`unmet` left out)."""
    bad = {id(o) for o, _ in unmet(overrides, old, new)}
    pairs: list[tuple[str, str]] = []
    removed: list[str] = []
    added: list[str] = []
    splits: list[tuple[str, tuple[str, ...]]] = []
    for o in overrides:
        if id(o) in bad:
            continue
        if o.old is None:
            added.extend(o.new)
        elif not o.new:
            removed.append(o.old)
        else:
            main = o.old if o.old in o.new else o.new[0]
            pairs.append((o.old, main))
            added.extend(n for n in o.new if n != main)
            if len(o.new) > 1:
                splits.append((o.old, o.new))
    return Plan(tuple(pairs), tuple(removed), tuple(added), tuple(splits))
