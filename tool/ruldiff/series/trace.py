"""The lineage of one rule across every version of a series.

- `find_start(rule, versions, at=None)` -> (index of the version, the ID as printed there).
- `follow(rule_id, start, versions, steps)` -> the rule's ID in each
  version (None where it does not exist) and the change that led to it.
- `trace(rule, versions, steps, texts, at=None)` -> `Trace`.
- `render_trace(trace, fmt)` -> text, md, html or json.

A rule is followed through the steps' changes (series.py `Step.forward`
and `backward`): a renumbering changes its ID, a split follows the part
that holds most of the old text (the others are named), a merge goes on
as the merged rule; from the version it is found in, both ways.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import RuldiffError, printable
from ..model import record

if TYPE_CHECKING:
    from .releases import Link, Step, Version

__all__ = ["TRACE_FORMATS", "Trace", "TraceEntry", "find_start", "follow", "render_trace", "runs", "trace"]

TRACE_FORMATS = ("text", "md", "html", "json")


@record
class TraceEntry:
    """The rule in one version."""

    version: Version
    id: str | None
    """Its ID there, or None where it does not exist."""
    text: str | None
    """Its full text there (body, then examples), or None."""
    change: str | None = None
    """How it came from the previous version: a ChangeKind value, or None
    (unchanged, or first seen)."""
    edits: tuple[tuple[str, str], ...] = ()
    """The word edits of the change from the previous version (for a
    merge, from every rule merged, joined in order)."""
    others: tuple[str, ...] = ()
    """The other rules of a split or merge at this step."""


@record
class Trace:
    """A rule followed through every version, oldest first."""

    rule: str
    """The ID asked for, as found."""
    entries: tuple[TraceEntry, ...]


def find_start(rule: str, versions: Sequence[Version], at: int | None = None) -> tuple[int, str]:
    """The version to follow `rule` from, and its ID as printed there: `at`,
    else the last version that has it. An ID matches exactly, else without
    regard to case (``glossary:suspend``).

    >>> from ruldiff.series.releases import Version
    >>> vs = [Version("a", "", None, "T", ("1", "glossary:Suspend")), Version("b", "", None, "T", ("1",))]
    >>> find_start("1", vs), find_start("glossary:suspend", vs)
    ((1, '1'), (0, 'glossary:Suspend'))
    """
    candidates = [at] if at is not None else list(range(len(versions) - 1, -1, -1))
    for exact in (True, False):
        for i in candidates:
            for rule_id in versions[i].ids:
                if rule_id == rule if exact else rule_id.casefold() == rule.casefold():
                    return i, rule_id
    where = f"in {versions[at].path}" if at is not None else "in any version"
    raise RuldiffError(f"rule {rule} not found {where}", fix="give the ID as printed, e.g. 903.11 or glossary:Suspend")


def follow(
    rule_id: str, start: int, versions: Sequence[Version], steps: Sequence[Step]
) -> list[tuple[str | None, Link | None]]:
    """The rule's ID in each version, and the change between the previous
    version and this one that concerns it (None: the same rule, unchanged)."""
    ids: list[str | None] = [None] * len(versions)
    links: list[Link | None] = [None] * len(versions)
    ids[start] = rule_id
    present = [set(v.ids) for v in versions]
    for i in range(start, len(versions) - 1):  # forward
        current = ids[i]
        if current is None:
            break
        step = steps[i]
        moved = step.forward().get(current)
        touched_old, _ = step.touched()
        if moved is not None:
            ids[i + 1], links[i + 1] = moved
        elif current in touched_old:  # removed
            links[i + 1] = next(l for l in step.links if current in l.old)
        elif current in present[i + 1]:
            ids[i + 1] = current
    for i in range(start, 0, -1):  # backward
        current = ids[i]
        if current is None:
            break
        step = steps[i - 1]
        came = step.backward().get(current)
        _, touched_new = step.touched()
        if came is not None:
            ids[i - 1], links[i] = came
        elif current in touched_new:  # added
            links[i] = next(l for l in step.links if current in l.new)
        elif current in present[i - 1]:
            ids[i - 1] = current
    return list(zip(ids, links))


def trace(
    rule: str,
    versions: Sequence[Version],
    steps: Sequence[Step],
    texts: Callable[[int], dict[str, str]],
    at: int | None = None,
) -> Trace:
    """Follow `rule` both ways from version `at` (default: the last that
    has it); `texts(i)` gives every item's full text in version `i`."""
    start, rule_id = find_start(rule, versions, at)
    entries: list[TraceEntry] = []
    for i, (found, link) in enumerate(follow(rule_id, start, versions, steps)):
        text = texts(i).get(found) if found is not None else None
        others: tuple[str, ...] = ()
        if link is not None:
            others = tuple(dict.fromkeys(
                x for x in (*link.old, *link.new) if x != found and x != (entries[-1].id if entries else None)))
        entries.append(TraceEntry(
            versions[i], found, text,
            link.kind if link is not None else None,
            link.edits if link is not None and link.old and link.new else (),
            others,
        ))
    return Trace(rule_id, tuple(entries))


def trace_json(t: Trace) -> dict[str, Any]:
    """``{"rule": ID, "versions": [{"path", "date", "id", "text", "change", "edits"}, ...]}``."""
    return {
        "rule": t.rule,
        "versions": [
            {
                "path": e.version.path,
                "date": e.version.date,
                "id": e.id,
                "text": e.text,
                "change": e.change,
                "edits": [[op, text] for op, text in e.edits],
            }
            for e in t.entries
        ],
    }


def _runs(t: Trace) -> list[dict[str, Any]]:
    """Consecutive versions where the rule is the same (same ID, same text,
    no change) as one run: what text, Markdown and HTML show."""
    return runs(t.entries)


def runs(entries: Sequence[TraceEntry]) -> list[dict[str, Any]]:
    """`_runs` of any entries in order (a history site's lineages too); each
    run's ``at`` is the position of its first entry."""
    out: list[dict[str, Any]] = []
    for at, e in enumerate(entries):
        last = out[-1] if out else None
        if last is not None and e.change is None and last["id"] == e.id and last["text"] == e.text:
            last["to"] = e.version.label
            last["count"] += 1
            continue
        out.append({
            "at": at, "from": e.version.label, "to": e.version.label, "count": 1, "id": e.id, "text": e.text,
            "change": e.change, "others": list(e.others),
            "edits": [{"op": op, "text": text} for op, text in e.edits],
            "changed": any(op != "=" for op, _ in e.edits), "href": None, "open": False,
        })
    return out


def _edits_text(edits: Sequence[dict[str, str]]) -> str:
    marks = {"=": "{}", "-": "[-{}-]", "+": "{{+{}+}}"}
    return "".join(marks[e["op"]].format(e["text"]) for e in edits)


def render_trace(t: Trace, fmt: str) -> str:
    """The trace in one of `TRACE_FORMATS`; the text ends with a newline."""
    if fmt == "json":
        return json.dumps(trace_json(t), ensure_ascii=False, indent=1) + "\n"
    runs = _runs(t)
    if fmt == "text":
        lines = [f"Lineage of {t.rule}"]
        for r in runs:
            span = r["from"] if r["count"] == 1 else f"{r['from']} .. {r['to']} ({r['count']} versions)"
            what = r["change"] or ("" if r["id"] else "")
            head = f"{span}  {r['id'] or '(absent)'}"
            if what:
                head += f"  {what}"
            if r["others"]:
                head += f" (with {', '.join(r['others'])})"
            lines.append("")
            lines.append(head)
            if r["changed"]:
                lines.append("  " + _edits_text(r["edits"]).replace("\n", "\n  "))
            elif r["text"] is not None:
                lines.append("  " + r["text"].replace("\n", "\n  "))
        return printable("\n".join(lines) + "\n", keep="\t\n")  # terminal text: no control characters raw
    if fmt in ("md", "html"):
        from .history import render_template

        return render_template(f"trace.{fmt}.j2", {
            "rule": t.rule, "runs": runs, "tool": {"name": "ruldiff", "version": __version__},
        })
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(TRACE_FORMATS)}")
