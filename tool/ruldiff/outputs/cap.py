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
2. the entries of the mechanical changes (cross-reference updates,
   substitutions, cosmetic), listed by ID instead;
3. the texts of changes, longest first, down to their headings (the kind,
   tags and links stay; no empty quote is written);
4. when even the headings do not all fit: the first changes in reading
   order with their texts (as at the first text step), every later one
   listed by its ID alone, with its kind, under its section;
5. only then, the IDs themselves, from the end back.

Every format says at its end what it left out and the command that writes
the whole (the context's ``omitted``: ``note``, ``command``, and ``listed``, the IDs of
the changes whose entries were left out, ``{"heading", "kinds": [{"kind",
"labels"}]}`` per section, the glossary and the mechanical changes). The
text is always a whole rendering of the template, so no cut falls in the
middle of markup; links to anchors left out become plain text.

Cost: the renderings of the ladder and the bisection (about twenty on a long
gap). The 17-year gap as a comment (``-f md --max-chars comment``) takes
1.95 s CPU against 1.10 s whole, the same as when the changes left out were
dropped rather than listed (one run each, ``/usr/bin/time``).
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
        for hint in c["possibly_stale"]:
            fix(hint, "now_anchor")


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


def _note(limit: int, left: dict[str, Any]) -> str:
    parts = []
    if left["renumbered"]:
        parts.append(_plural(left["renumbered"], "rule renumbered with its text unchanged",
                             "rules renumbered with their text unchanged"))
    if left["mechanical"]:
        parts.append(f"the entries of {_plural(left['mechanical'], 'mechanical change')} (listed by ID)")
    if left["texts"]:
        parts.append(f"the text of {_plural(left['texts'], 'change')}")
    if left["changes"]:
        parts.append(f"the entries of {_plural(left['changes'], 'change')} from {left['from']} on (listed by ID)")
    if left["unlisted"]:
        parts.append(f"even the IDs of {_plural(left['unlisted'], 'change')} from {left['unlisted_from']} on")
    return f"Shortened to fit {limit:,} bytes; left out: {'; '.join(parts)}."


def _heading(section: dict[str, Any]) -> str:
    return f"{section['id']}. {section['title']}" if section["id"] is not None else "Before the first section"


def _id_label(c: dict[str, Any]) -> str:
    if c["kind"] in ("renumbered", "split", "merged"):
        return f"{c['old_label']} → {c['new_label']}"
    return str(c["label"])


def _listing(groups: list[tuple[str, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """Changes listed by ID alone, ``{"heading", "kinds": [{"kind", "labels"}]}``
    per group (a section, the glossary, the mechanical changes) that has any,
    the kinds in the order they first come, each kind's IDs in reading order."""
    out = []
    for heading, changes in groups:
        kinds: dict[str, list[str]] = {}
        for c in changes:
            kinds.setdefault(c["kind"], []).append(_id_label(c))
        if kinds:
            out.append({"heading": heading, "kinds": [{"kind": k, "labels": v} for k, v in kinds.items()]})
    return out


def _variant(
    context: dict[str, Any], limit: int, whole: str, step: int, texts: int,
    keep: int | None = None, listed: int | None = None,
) -> dict[str, Any]:
    """The context at one step of shortening: `step` 1 or more drops the
    renumbered-only rules, 2 or more lists the mechanical changes by ID, 3 or
    more drops the texts longer than ``TEXT_STEPS[texts]``; `keep` changes
    of the sections and the glossary kept whole (all when None), the rest
    listed by ID; `listed`: how many IDs are listed (all when None)."""
    out = _copy(context)
    left: dict[str, Any] = {
        "renumbered": 0, "mechanical": 0, "texts": 0, "changes": 0, "from": None,
        "unlisted": 0, "unlisted_from": None,
    }
    mechanical: list[dict[str, Any]] = []
    if step >= 1:
        left["renumbered"] = len(out["renumbered_only"])
        out["renumbered_only"] = []
    if step >= 2:
        mechanical, out["mechanical"] = out["mechanical"], []
        left["mechanical"] = len(mechanical)
    substantive = [c for s in out["sections"] for c in s["changes"]] + out["glossary"]
    if step >= 3:
        longest = TEXT_STEPS[texts]
        for c in substantive:
            if c["shown"] and _text_length(c) > longest:
                c["shown"] = []
                left["texts"] += 1
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    if keep is not None and keep < len(substantive):
        dropped = substantive[keep:]
        left["changes"] = len(dropped)
        left["from"] = dropped[0]["label"]
        gone = {id(c) for c in dropped}
        groups = [(_heading(s), [c for c in s["changes"] if id(c) in gone]) for s in out["sections"]]
        groups.append(("Glossary", [c for c in out["glossary"] if id(c) in gone]))
        out["sections"] = [
            {**s, "changes": [c for c in s["changes"] if id(c) not in gone]} for s in out["sections"]
        ]
        out["sections"] = [s for s in out["sections"] if s["changes"]]
        out["glossary"] = [c for c in out["glossary"] if id(c) not in gone]
    groups.append(("Mechanical changes", mechanical))
    if listed is not None:
        unlisted = [c for _, changes in groups for c in changes][listed:]
        if unlisted:
            left["unlisted"], left["unlisted_from"] = len(unlisted), _id_label(unlisted[0])
            gone = {id(c) for c in unlisted}
            groups = [(h, [c for c in changes if id(c) not in gone]) for h, changes in groups]
    _relink(out, _anchors_of(_all_changes(out)))
    out["omitted"] = {
        **left, "max_chars": limit, "listed": _listing(groups), "note": _note(limit, left),
        "command": whole,
    }
    return out


def _most(fits: Callable[[int], tuple[str, dict[str, Any]] | None], high: int) -> tuple[str, dict[str, Any]] | None:
    """The rendering of the largest n in 0..`high` that `fits` (bisection: more
    is longer), or None when not even 0 fits."""
    low, best = 0, None
    while low <= high:
        mid = (low + high) // 2
        done = fits(mid)
        if done is not None:
            best, low = done, mid + 1
        else:
            high = mid - 1
    return best


def shorten(
    context: dict[str, Any], render: Callable[[dict[str, Any]], str], limit: int, whole: str = "ruldiff OLD NEW"
) -> tuple[str, dict[str, Any] | None]:
    """The text `render` gives for `context`, shortened to at most `limit`
    (`size`) as the module docstring says, and what was left out (the
    context's ``omitted``), or None when the whole text fits. `whole` is the
    command that writes the whole text, which the note names. A limit under
    the shortest text (no ID listed, the note saying so) is `LimitTooSmall`,
    naming the smallest that works: honouring it would cut the markup, or
    the note that says what is missing.
    """
    text = render(context)
    if size(text) <= limit:
        return text, None
    for step, texts, _, _ in _ladder()[:-2]:
        shorter = _variant(context, limit, whole, step, texts)
        text = render(shorter)
        if size(text) <= limit:
            return text, shorter["omitted"]

    def attempt(shorter: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
        text = render(shorter)
        return (text, shorter["omitted"]) if size(text) <= limit else None

    # Every change listed, the first ones with their texts; then fewer IDs listed.
    total = sum(len(s["changes"]) for s in context["sections"]) + len(context["glossary"])
    best = _most(lambda keep: attempt(_variant(context, limit, whole, 3, 0, keep)), total)
    if best is None:
        best = _most(lambda n: attempt(_variant(context, limit, whole, 3, 0, 0, n)),
                     total + len(context["mechanical"]))
    if best is not None:
        return best
    raise LimitTooSmall(limit, smallest_limit(context, render, limit, whole))


class LimitTooSmall(RuldiffError):
    """A limit under the size of the shortest text (`smallest_limit`)."""

    def __init__(self, limit: int, smallest: int) -> None:
        super().__init__(
            f"--max-chars {limit:,} is too small: the shortest changelog (its headings and the note of what it "
            f"leaves out) takes {smallest:,} bytes; give --max-chars {smallest} or more"
        )
        self.smallest = smallest


def _ladder() -> list[tuple[int, int, int | None, int | None]]:
    """The shortenings `shorten` tries, ``(step, texts, keep, listed)``, in
    order; the two bisections at their shortest (keep 0; no ID listed)."""
    return [(1, 0, None, None), (2, 0, None, None)] + [(3, t, None, None) for t in range(len(TEXT_STEPS))] + [
        (3, 0, 0, None), (3, 0, 0, 0),
    ]


def smallest_limit(
    context: dict[str, Any], render: Callable[[dict[str, Any]], str], limit: int, whole: str = "ruldiff OLD NEW"
) -> int:
    """The smallest limit a text fits: the least of the whole text and each
    shortening at its shortest (on a small change the note of a shorter
    shortening can outweigh what it saves). A note names the limit, so its
    size is found where naming it no longer makes the text longer (a digit
    or a comma more, a few times at most)."""

    def fixed_point(step: int, texts: int, keep: int | None, listed: int | None) -> int:
        need = limit
        for _ in range(8):
            text = render(_variant(context, need, whole, step, texts, keep, listed))
            if size(text) <= need:
                break
            need = size(text)
        return need

    return min([size(render(context))] + [fixed_point(*rung) for rung in _ladder()])


def substantive(context: dict[str, Any]) -> dict[str, Any]:
    """The context with the substantive changes alone (``--style bulletin``):
    no mechanical changes, no rules renumbered with their text unchanged;
    ``omitted`` counts them, links to them are plain text."""
    out = _copy(context)
    out["mechanical"], out["renumbered_only"] = [], []
    _relink(out, _anchors_of(_all_changes(out)))
    return out
