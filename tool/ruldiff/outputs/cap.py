"""A changelog shortened to fit a size: `--max-chars` (a PR comment, a CI job summary).

- `shorten(context, render, limit)` -> the longest text that fits, rendered
  from the context with less and less detail, and what it left out.
- `substantive(context)` -> the context of the bulletin style: the
  substantive changes alone, links to the rest made plain text.
- `PRESETS`: named limits (``comment``, ``summary``).
- `size(text)`: the size `limit` counts.

Detail goes in this order, least useful first, and the text says so at its
end (the template shows the context's ``omitted`` note):

1. the rules renumbered with their text unchanged (the renumbering runs at
   the top still say where they went);
2. the mechanical changes (cross-reference updates, substitutions, cosmetic);
3. the texts of changes, longest first, down to their headings (the kind,
   tags and links stay);
4. whole changes, from the end of the document back.

The text is always a whole rendering of the template, so no cut falls in
the middle of markup; links to anchors left out become plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import RuldiffError

__all__ = ["PRESETS", "LimitTooSmall", "parse_limit", "shorten", "smallest_limit", "size", "substantive"]

PRESETS = {"comment": 65_536, "summary": 1_048_576}
"""GitHub's limits: 65,536 characters in a comment (issue, pull request),
1 MiB in a job summary (``$GITHUB_STEP_SUMMARY``)."""

TEXT_STEPS = (4000, 2000, 1000, 500, 250, 0)
"""Longest text kept at each step of 3 (characters of the change's shown text)."""


def size(text: str) -> int:
    """The size a limit counts: UTF-8 bytes, never fewer than the characters a
    comment counts (UTF-16 units), so one number fits both limits.

    >>> size("a → b")
    7
    """
    return len(text.encode("utf-8"))


def parse_limit(text: str) -> int:
    """A limit as given to ``--max-chars``: a number or a preset name.

    >>> parse_limit("comment"), parse_limit("20000")
    (65536, 20000)
    """
    if text in PRESETS:
        return PRESETS[text]
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise ValueError(f"expected a number or one of {', '.join(PRESETS)}, got {text!r}") from None
    if value <= 0:
        raise ValueError(f"expected a positive number, got {text!r}")
    return value


def _text_length(change: dict[str, Any]) -> int:
    return sum(len(e["text"]) for e in change["shown"] if e["op"] != "…")


def _anchors_of(changes: list[dict[str, Any]]) -> set[str]:
    return {a for c in changes for a in (c["anchor"], *c["aliases"])}


def _relink(context: dict[str, Any], kept: set[str]) -> None:
    """Links to anchors not in `kept` become plain text (anchor None)."""

    def fix(link: dict[str, Any], key: str = "anchor") -> None:
        if link.get(key) is not None and link[key] not in kept:
            link[key] = None

    for run in context["new_runs"] + context["removed_runs"]:
        fix(run["first"])
        if run["last"]:
            fix(run["last"])
    for r in context["renumbering"]:
        for link in r["old_links"] + r["new_links"]:
            fix(link)
    for s in context["substitutions"]:
        for link in s["rule_links"]:
            fix(link)
    for item in context["list_items"]:
        fix(item)
    for s in context["stale"]:
        fix(s, "rule_anchor")
        for link in s["links"]:
            fix(link)
            fix(link, "now_anchor")
    for c in _all_changes(context):
        for link in c["links"]:
            fix(link)
        for link in c["stale_links"]:
            fix(link)
            fix(link, "now_anchor")


def _all_changes(context: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        c
        for changes in (
            *(s["changes"] for s in context["sections"]),
            context["glossary"], context["mechanical"], context["renumbered_only"],
        )
        for c in changes
    ]


def _copy(context: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough to shorten: the lists and dicts `shorten` and
    `_relink` change are new, texts and edits are shared."""

    def change(c: dict[str, Any]) -> dict[str, Any]:
        return {
            **c,
            "links": [dict(link) for link in c["links"]],
            "stale_links": [dict(link) for link in c["stale_links"]],
        }

    def run(r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "first": dict(r["first"]), "last": r["last"] and dict(r["last"])}

    return {
        **context,
        "new_runs": [run(r) for r in context["new_runs"]],
        "removed_runs": [run(r) for r in context["removed_runs"]],
        "renumbering": [
            {**r, "old_links": [dict(x) for x in r["old_links"]], "new_links": [dict(x) for x in r["new_links"]]}
            for r in context["renumbering"]
        ],
        "substitutions": [{**s, "rule_links": [dict(x) for x in s["rule_links"]]} for s in context["substitutions"]],
        "list_items": [dict(i) for i in context["list_items"]],
        "stale": [{**s, "links": [dict(x) for x in s["links"]]} for s in context["stale"]],
        "sections": [{**s, "changes": [change(c) for c in s["changes"]]} for s in context["sections"]],
        "glossary": [change(c) for c in context["glossary"]],
        "mechanical": [change(c) for c in context["mechanical"]],
        "renumbered_only": [change(c) for c in context["renumbered_only"]],
    }


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def _note(limit: int, left: dict[str, Any], context: dict[str, Any]) -> str:
    parts = []
    if left["renumbered"]:
        parts.append(_plural(left["renumbered"], "rule renumbered with its text unchanged",
                             "rules renumbered with their text unchanged"))
    if left["mechanical"]:
        parts.append(_plural(left["mechanical"], "mechanical change"))
    if left["texts"]:
        parts.append(f"the text of {_plural(left['texts'], 'change')}")
    if left["changes"]:
        parts.append(f"{_plural(left['changes'], 'change')} from {left['from']} on")
    whole = f"ruldiff {context['old']['path']} {context['new']['path']} -f md"
    return (
        f"Shortened to fit {limit:,} bytes; left out: {'; '.join(parts)}. "
        f"The whole changelog: {whole}"
    )


def _variant(
    context: dict[str, Any], limit: int, step: int, texts: int, keep: int | None
) -> dict[str, Any]:
    """The context at one step of shortening: `step` 1 or more drops the
    renumbered-only rules, 2 or more the mechanical changes, 3 or more the
    texts longer than ``TEXT_STEPS[texts]``; `keep` changes of the sections
    and the glossary kept (all when None)."""
    out = _copy(context)
    left: dict[str, Any] = {"renumbered": 0, "mechanical": 0, "texts": 0, "changes": 0, "from": None}
    if step >= 1:
        left["renumbered"] = len(out["renumbered_only"])
        out["renumbered_only"] = []
    if step >= 2:
        left["mechanical"] = len(out["mechanical"])
        out["mechanical"] = []
    substantive = [c for s in out["sections"] for c in s["changes"]] + out["glossary"]
    if step >= 3:
        longest = TEXT_STEPS[texts]
        for c in substantive:
            if c["shown"] and _text_length(c) > longest:
                c["shown"] = [{"op": "…", "text": ""}]
                left["texts"] += 1
    if keep is not None and keep < len(substantive):
        dropped = substantive[keep:]
        left["changes"] = len(dropped)
        left["from"] = dropped[0]["label"]
        gone = {id(c) for c in dropped}
        out["sections"] = [
            {**s, "changes": [c for c in s["changes"] if id(c) not in gone]} for s in out["sections"]
        ]
        out["sections"] = [s for s in out["sections"] if s["changes"]]
        out["glossary"] = [c for c in out["glossary"] if id(c) not in gone]
    _relink(out, _anchors_of(_all_changes(out)))
    out["omitted"] = {**left, "max_chars": limit, "note": _note(limit, left, context)}
    return out


def shorten(
    context: dict[str, Any], render: Callable[[dict[str, Any]], str], limit: int
) -> tuple[str, dict[str, Any] | None]:
    """The text `render` gives for `context`, shortened to at most `limit`
    (`size`) as the module docstring says, and what was left out (the
    context's ``omitted``), or None when the whole text fits. A limit under
    the shortest text (every change left out, the note saying so) is
    `LimitTooSmall`, naming the smallest that works: honouring it would cut
    the markup, or the note that says what is missing.
    """
    text = render(context)
    if size(text) <= limit:
        return text, None
    attempts = [(step, 0) for step in (1, 2)] + [(3, t) for t in range(len(TEXT_STEPS))]
    last = ""
    last_context: dict[str, Any] = context
    for step, texts in attempts:
        shorter = _variant(context, limit, step, texts, None)
        last, last_context = render(shorter), shorter
        if size(last) <= limit:
            return last, shorter["omitted"]
    # Whole changes from the end: the most that fit, found by bisection.
    total = sum(len(s["changes"]) for s in context["sections"]) + len(context["glossary"])
    low, high = 0, total - 1
    best: tuple[str, dict[str, Any]] | None = None
    while low <= high:
        mid = (low + high) // 2
        shorter = _variant(context, limit, 3, len(TEXT_STEPS) - 1, mid)
        text = render(shorter)
        if size(text) <= limit:
            best, low = (text, shorter["omitted"]), mid + 1
        else:
            high = mid - 1
    if best is not None:
        return best
    raise LimitTooSmall(limit, smallest_limit(context, render, limit))


class LimitTooSmall(RuldiffError):
    """A limit under the size of the shortest text (`smallest_limit`)."""

    def __init__(self, limit: int, smallest: int) -> None:
        super().__init__(
            f"--max-chars {limit:,} is too small: the shortest changelog (headings and the note of what it "
            f"leaves out) takes {smallest:,} bytes; give --max-chars {smallest} or more"
        )
        self.smallest = smallest


def smallest_limit(context: dict[str, Any], render: Callable[[dict[str, Any]], str], limit: int) -> int:
    """The smallest limit the shortest text (no change kept) fits: its note
    names the limit, so the size is found where naming it no longer makes
    the text longer (a digit or a comma more, a few times at most)."""
    need = limit
    for _ in range(8):
        text = render(_variant(context, need, 3, len(TEXT_STEPS) - 1, 0))
        if size(text) <= need:
            return need
        need = size(text)
    return need


def substantive(context: dict[str, Any]) -> dict[str, Any]:
    """The context with the substantive changes alone (``--style bulletin``):
    no mechanical changes, no rules renumbered with their text unchanged;
    ``omitted`` counts them, links to them are plain text."""
    out = _copy(context)
    out["mechanical"], out["renumbered_only"] = [], []
    _relink(out, _anchors_of(_all_changes(out)))
    return out
