"""The history site of a series: a static site that works from ``file://``.

- `build(paths, series, write)` -> the pages written: order the versions, compare each
  consecutive pair (series.py) and write, through `write(relative path,
  text)`, the whole site:

  - ``index.html``: a timeline of the releases, with their counts and an
    inline SVG chart; ``index.json``: the same as data; ``feed.xml``: an
    Atom feed of the releases;
  - ``steps/NNN-OLD_to_NEW.{html,md,json}``: each step's changelog, as
    ``ruldiff OLD NEW`` renders it, with links to the previous and next
    steps, the index and the lineage of each rule it changes;
  - ``steps/NNN-OLD_to_NEW.rules.html``: the rules that step changes, each
    linked to its lineage (the changelog's navigation links there);
  - ``rules/index.html`` and ``rules/<rule>.html``: the lineage of each rule
    that changed in the series: its numbers through the versions, and each
    change, linked to the step's changelog.

- `safe_name(text)` -> a file name made of ``[A-Za-z0-9._-]``: every name in
  the site derived from a document (a date, a file name, a rule ID) goes
  through it, and `SiteWriter` refuses any other.
- `SiteWriter`, `MANIFEST` (site.py): where a site may be, and what of it a
  build owns, writes and removes.

Nothing in the site is fetched from the network: styles are inline, the
chart is inline SVG, links are relative.
"""

from __future__ import annotations

import contextlib
import signal
import functools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import RuldiffError
from ..model import Comparison
from ..outputs.context import build_context
from ..outputs.render import TEMPLATE_OF, render
from ..outputs.templating import load_template, render_loaded
from .releases import Series, Step, Version
from .site import MANIFEST, SiteWriter, manifest_text, site_files
from .store import Store, code_digest, digest

@functools.cache
def _template(name: str, templates: str | None = None) -> Any:
    """A template (the user's, from `templates`, else the built-in one),
    compiled once per process: compiling costs ~7 ms, more than rendering a
    rule's page, of which the archive has 4,000."""
    return load_template(name, templates)


def render_template(name: str, context: dict[str, Any], templates: str | None = None) -> str:
    """`templating.render_template`, each template compiled once (`_template`)."""
    return render_loaded(_template(name, templates), name, context, templates)


def templates_digest(templates: str | None) -> str:
    """What of a user's template directory the cached pages depend on: the
    content of each of its ``*.j2`` files ("" without one)."""
    if templates is None:
        return ""
    directory = Path(templates)
    if not directory.is_dir():
        raise RuldiffError("templates directory not found", path=templates)
    parts: list[str | bytes] = []
    for path in sorted(directory.glob("*.j2")):
        parts += [path.name, path.read_bytes()]
    return digest(*parts)


__all__ = ["MANIFEST", "SITE_FORMATS", "SiteWriter", "build", "lineages", "manifest_text", "safe_name", "site_files"]

SITE_FORMATS = ("html", "md", "json")
"""The formats of each step's changelog in the site."""

KINDS = ("added", "removed", "changed", "renumbered")
"""The counts shown per release, and the colours of the chart, in this order."""

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(text: str, limit: int = 60) -> str:
    """`text` as a piece of a file name: runs of other characters become
    ``-``, no leading dot or dash, at most `limit` characters, never empty.

    >>> safe_name("glossary:Suspend"), safe_name("../../etc/passwd"), safe_name("..")
    ('glossary-Suspend', 'etc-passwd', 'x')
    """
    name = _UNSAFE.sub("-", text).strip(".-")[:limit].rstrip(".-")
    return name or "x"


@dataclass(frozen=True, slots=True)
class Lineage:
    """One rule followed through the series (a chain of IDs joined by the
    steps' changes; a split's parts stay in the chain of the rule split)."""

    first: int
    """Index of the first version that has it."""
    first_id: str
    events: tuple[tuple[int, str, tuple[str, ...], tuple[str, ...], str], ...]
    """(step index, kind, old IDs, new IDs, anchor) of each change, in order."""
    last_id: str
    """Its ID in the last version that has it."""
    page: str
    """Its page in the site, ``rules/GROUP.html``: one page per rule heading
    (``rules/903.html``) or glossary letter (``rules/glossary-S.html``) of
    the number it was first seen under."""
    anchor: str
    """Its place in the page."""

    @property
    def href(self) -> str:
        """``rules/903.html#l-...``: where it is, from the site's root."""
        return f"{self.page}#{self.anchor}"


def lineages(versions: Sequence[Version], steps: Sequence[Step]) -> tuple[Lineage, ...]:
    """Every rule's lineage through the series, in the order the rules first appear.

    >>> from ruldiff.series.releases import Link
    >>> v = [Version(p, "", p, "T", ids) for p, ids in (("a", ("1", "2")), ("b", ("1", "3")))]
    >>> s = Step(0, (), 0, (Link("renumbered", ("2",), ("3",), "r-3", ()),))
    >>> [(l.first_id, l.last_id, len(l.events)) for l in lineages(v, [s])]
    [('1', '1', 0), ('2', '3', 1)]
    """
    chains: list[list[Any]] = []  # [first, first_id, events, last_id]
    current: dict[str, int] = {}
    if versions:
        for rule_id in versions[0].ids:
            current[rule_id] = len(chains)
            chains.append([0, rule_id, [], rule_id])
    for step in steps:
        # A rule not in any change of the step keeps its chain and its ID:
        # the map is copied whole (in C), then only the changes are walked.
        old_ids, current = current, dict(current)
        for link in step.links:
            for old in link.old:
                current.pop(old, None)
        for link in step.links:
            event = (step.index, link.kind, link.old, link.new, link.anchor)
            chain = old_ids.get(link.old[0]) if link.old else None
            if chain is None:
                if not link.new:
                    continue
                chain = len(chains)
                chains.append([step.index + 1, link.new[0], [], link.new[0]])
            chains[chain][2].append(event)
            for other in link.old[1:]:  # merged into this rule: their chains end here
                if old_ids.get(other, chain) != chain:
                    chains[old_ids[other]][2].append(event)
            for new in link.new:  # a split's parts stay in the chain of the rule split
                current[new] = chain
            if link.new:
                chains[chain][3] = link.new[0]
    out = []
    for first, first_id, events, last_id in chains:
        name = f"l-{safe_name(first_id)}_{safe_name(versions[first].label, 30)}_{digest(first_id)[:6]}"
        # Grouped by the number it was first seen under, which a new release
        # never changes: its page and anchor stay, and so do the links to it
        # (grouped by its last number, adding a release moved the lineages it
        # renumbered, and re-rendered every page linking to them: 265 pages).
        out.append(Lineage(first, first_id, tuple(events), last_id, f"rules/{rule_group(first_id)}.html", name))
    return tuple(out)


def rule_group(rule_id: str) -> str:
    """The page a rule's lineage is on: its number before the first dot, or
    ``glossary-`` and its term's first letter. Grouped, the archive's 4,300
    lineages make ~600 pages, not as many files: creating a file took ~1 ms
    on the shared machine, a quarter of the writing of a site.

    >>> rule_group("903.11"), rule_group("103.1.b.2"), rule_group("glossary:Suspend"), rule_group("glossary:?")
    ('903', '103', 'glossary-S', 'glossary-other')
    """
    if rule_id.startswith("glossary:"):
        first = rule_id[len("glossary:"):][:1].upper()
        return "glossary-" + (first if first.isascii() and first.isalnum() else "other")
    return safe_name(rule_id.split(".")[0].split("#")[0], 30)


def step_name(index: int, old: Version, new: Version) -> str:
    """The file name of a step's pages, without extension: ``001-2024-01-15_to_2024-06-01``."""
    return f"{index + 1:03d}-{safe_name(old.label, 40)}_to_{safe_name(new.label, 40)}"


def step_pages(comparison: Comparison, templates: str | None = None) -> tuple[str, ...]:
    """A step's changelog in each of `SITE_FORMATS`, as ``ruldiff OLD NEW -f FMT`` writes it.

    The templates are compiled once per process (`_template`), not once per
    step as `render` alone would: compiling the HTML and Markdown templates
    takes ~60 ms, rendering an adjacent pair's changelogs with them ~4 ms
    (measured on 2025-11-14 -> 2026-01-16, CPU time). The template context
    is built once for both: built per format, it took 9.5 of the 69 s of a
    profiled run on the whole MTG archive; built once, the pages of 25 steps
    spread over the archive took 4.38 s of CPU against 5.54 s (4 rounds, the
    order alternated; ~1.4 s saved over the archive's 125 steps)."""
    context = build_context(comparison)
    return tuple(
        render(comparison, fmt, prepared=_prepared(fmt, templates), context=context) for fmt in SITE_FORMATS
    )


def _prepared(fmt: str, templates: str | None) -> Callable[[dict[str, Any]], str] | None:
    name = TEMPLATE_OF.get(fmt)
    if name is None:
        return None
    return lambda context: render_template(name, context, templates)


def _nav(index: int, names: Sequence[str], versions: Sequence[Version], fmt: str, templates: str | None = None) -> str:
    """The navigation put at the top of a step's HTML or Markdown changelog."""
    context = {
        "format": fmt,
        "step": index + 1,
        "steps": len(names),
        "old": versions[index].label,
        "new": versions[index + 1].label,
        "previous": f"{names[index - 1]}.{fmt}" if index > 0 else None,
        "next": f"{names[index + 1]}.{fmt}" if index + 1 < len(names) else None,
        "rules": f"{names[index]}.rules.html",
    }
    return render_template(f"history-nav.{fmt}.j2", context, templates)


_BODY = re.compile(r"<body[^>]*>\n?")


def with_nav(page: str, nav: str, fmt: str) -> str:
    """A changelog with the navigation on top: in HTML, right after ``<body>``."""
    if fmt == "html":
        m = _BODY.search(page)
        if m is not None:
            return page[: m.end()] + nav + page[m.end() :]
    if fmt in ("html", "md"):
        return nav + page
    return page


def build(
    paths: Sequence[str],
    series: Series,
    write: Callable[[str, str], None],
    warn: Callable[[str], None] = lambda message: None,
    *,
    templates: str | None = None,
    explicit_order: Sequence[str] = (),
    claim: Callable[[Iterable[str]], None] = lambda names: None,
) -> tuple[str, ...]:
    """Write the history site of the files `paths` (see the module's
    docstring) through `write`; `warn` is told at once of what is doubtful
    in the order of the versions; return the names of the pages written
    (some by worker processes), sorted. `templates`: a
    directory of the user's templates, searched first for every page;
    `explicit_order`: file names, oldest first, instead of the dates.

    `claim(names)` is told of pages before any of them is written
    (`SiteWriter.claim`: the manifest lists them first): the steps' and the
    indexes' once the versions are ordered, the rules' once the steps are
    compared. The index, the feed and ``index.json`` are rendered all three
    before any is written, and written last: a build that fails leaves
    them as they were, or, stopped between two of the writes, as one earlier
    build and this one wrote them."""
    variant = "site" + templates_digest(templates)
    _template.cache_clear()  # compiled once per site: a template edited since an earlier build is read anew
    versions, warnings = series.versions(paths, explicit_order)
    for w in warnings:
        warn(w)
    if len(versions) < 2:
        raise RuldiffError("a history needs at least two versions", fix="give two files or more, or a directory of them")
    names = [step_name(i, versions[i], versions[i + 1]) for i in range(len(versions) - 1)]
    pages = {f"steps/{name}.{fmt}" for name in names for fmt in SITE_FORMATS}  # `deliver`'s, from any process
    claim([*pages, *(f"steps/{name}.rules.html" for name in names), "rules/index.html", *INDEXES])

    def put(name: str, text: str) -> None:
        pages.add(name)
        write(name, text)

    def deliver(i: int, rendered: Any) -> None:
        for fmt, page in zip(SITE_FORMATS, rendered):
            if fmt != "json":
                page = with_nav(page, _nav(i, names, versions, fmt, templates), fmt)
            write(f"steps/{names[i]}.{fmt}", page)

    steps = series.steps(versions, functools.partial(step_pages, templates=templates), variant=variant, deliver=deliver,
                         rendered_shape=_is_pages)
    chains = lineages(versions, steps)
    memo = Memo(series.store, versions[0], variant, templates)
    groups: dict[str, list[Lineage]] = {}
    for lineage in chains:
        if lineage.events:
            groups.setdefault(lineage.page, []).append(lineage)
    claim(groups)
    for page, members in sorted(groups.items()):
        members.sort(key=lambda l: (_id_key(l.last_id), l.anchor))
        put(page, rule_page(members, versions, names, memo))
    for i, rules in enumerate(_by_step(chains, len(names))):
        put(f"steps/{names[i]}.rules.html", memo("history-step-rules.html.j2", {
            "step": i + 1, "old": versions[i].label, "new": versions[i + 1].label, "page": f"{names[i]}.html",
            "rules": rules,
        }))
    changed = [l for l in chains if l.events]
    put("rules/index.html", render_template("history-rules.html.j2", templates=templates, context={
        "rules": [{"id": l.last_id, "first_id": l.first_id, "page": l.href.removeprefix("rules/"),
                   "changes": len(l.events)} for l in sorted(changed, key=lambda l: _id_key(l.last_id))],
    }))
    memo.save()
    indexes = {
        "index.json": index_json(versions, steps, names, warnings),
        "index.html": render_template("history-index.html.j2", index_context(versions, steps, names, warnings), templates),
        "feed.xml": render_template("history-feed.xml.j2", feed_context(versions, steps, names), templates),
    }
    with _signals_held():  # the three change together: a Ctrl-C or SIGTERM lands after the last
        for name in INDEXES:
            put(name, indexes[name])
    return tuple(sorted(pages))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back inside (delivered on leaving), so that
    the index, the feed and ``index.json``, rendered before and written
    inside, are never left one from this build beside one from the last.
    Each is itself written whole (a temporary file renamed)."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):  # no signal masks here (Windows, or not the main thread)
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


INDEXES = ("index.json", "index.html", "feed.xml")
"""The pages that describe the whole series, written last, in this order."""


class Memo:
    """`render_template` that remembers the pages it rendered, by their
    template and context, in the cache (one entry per series, keyed by its
    first release): a rerun renders again only the pages whose context
    changed. Adding a release changes a few hundred of the archive's 4,500
    rule pages; rendering them all took ~1 of the ~2 s of CPU of a rerun."""

    def __init__(self, store: Store, first: Version, variant: str = "", templates: str | None = None) -> None:
        self.store = store
        self.templates = templates
        self.key = digest(__version__, code_digest(), "pages", variant, first.digest)
        found = store.get("memo", self.key, _is_memo)
        self.old: dict[str, str] = found if found is not None else {}
        self.new: dict[str, str] = {}

    def __call__(self, name: str, context: dict[str, Any]) -> str:
        key = digest(name, repr(context))
        text = self.old.get(key)
        if text is None:
            text = render_template(name, context, self.templates)
        self.new[key] = text
        return text

    def save(self) -> None:
        """Keep the pages of this run (only those: the entry does not grow)."""
        if self.new != self.old:
            self.store.put("memo", self.key, self.new)


def _is_memo(value: Any) -> bool:
    """Whether a cached value has the shape `Memo` keeps: a dict of strings."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _is_pages(value: Any) -> bool:
    """Whether a cached value has the shape `step_pages` makes: a page per format."""
    return isinstance(value, tuple) and len(value) == len(SITE_FORMATS) and all(isinstance(p, str) for p in value)


def _by_step(chains: Sequence[Lineage], steps: int) -> list[list[dict[str, str]]]:
    """For each step, the rules it changes, each with its lineage page (in
    the order of the step's changelog)."""
    out: list[list[dict[str, str]]] = [[] for _ in range(steps)]
    for lineage in chains:
        for i, kind, old, new, anchor in lineage.events:
            out[i].append({"label": ", ".join(new or old), "kind": kind, "anchor": anchor,
                           "page": "../" + lineage.href, "key": anchor})
    for rules in out:
        rules.sort(key=lambda r: _id_key(r["label"]))
    return out


@functools.lru_cache(maxsize=65536)
def _id_key(rule_id: str) -> tuple[Any, ...]:
    """Rule IDs in reading order: numbers as numbers (``2.10`` after ``2.9``), the glossary last."""
    return (rule_id.startswith("glossary:"),) + tuple(
        (0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", rule_id) if p
    )


def rule_page(
    lineages: Sequence[Lineage],
    versions: Sequence[Version],
    names: Sequence[str],
    memo: Callable[[str, dict[str, Any]], str] | None = None,
) -> str:
    """The page of the lineages of one group of rules (`rule_group`),
    through `memo` when given."""
    rules = []
    for lineage in lineages:
        events = [
            {
                "version": versions[i + 1].label,
                "kind": kind,
                "old": ", ".join(old),
                "new": ", ".join(new),
                "href": f"../steps/{names[i]}.html#{anchor}",
            }
            for i, kind, old, new, anchor in lineage.events
        ]
        rules.append({
            "id": lineage.last_id,
            "anchor": lineage.anchor,
            "first_id": lineage.first_id,
            "first_version": versions[lineage.first].label,
            "events": events,
        })
    return (memo or render_template)("history-rule.html.j2", {
        "group": lineages[0].page.removeprefix("rules/").removesuffix(".html"),
        "rules": rules,
        "tool": {"name": "ruldiff", "version": __version__},
    })


def _counts(step: Step) -> dict[str, int]:
    summary = step.summary
    out = {k: summary.get(k, 0) for k in KINDS}
    out["renumbered"] += summary.get("split", 0) + summary.get("merged", 0)
    out["substitutions"] = step.substitutions
    return out


def index_json(versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str], warnings: Sequence[str]) -> str:
    """``index.json``: the versions in order, each step's counts and pages."""
    data = {
        "format": "ruldiff-history",
        "version": 1,
        "tool": {"name": "ruldiff", "version": __version__},
        "warnings": list(warnings),
        "versions": [{"path": v.path, "date": v.date, "title": v.title, "sha256": v.digest} for v in versions],
        "steps": [
            {
                "old": versions[s.index].path,
                "new": versions[s.index + 1].path,
                "date": versions[s.index + 1].date,
                "summary": s.summary,
                "substitutions": s.substitutions,
                "pages": {fmt: f"steps/{names[s.index]}.{fmt}" for fmt in SITE_FORMATS},
                # The step JSON is the changelog contract (its schema allows no other keys):
                # its previous and next steps are given here.
                "previous": f"steps/{names[s.index - 1]}.json" if s.index > 0 else None,
                "next": f"steps/{names[s.index + 1]}.json" if s.index + 1 < len(names) else None,
            }
            for s in steps
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _timestamp(version: Version) -> str:
    """An Atom date from a release's effective date (none printed: the epoch,
    so that the feed never depends on when it was written)."""
    return f"{version.date or '1970-01-01'}T00:00:00Z"


def feed_context(versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str]) -> dict[str, Any]:
    """What ``history-feed.xml.j2`` receives: an Atom entry per release but
    the first, newest first, identified by the digest of its content."""
    entries = []
    for s in reversed(steps):
        new = versions[s.index + 1]
        counts = _counts(s)
        entries.append({
            "title": f"{new.title} {new.label}",
            "id": f"urn:sha256:{new.digest}",
            "updated": _timestamp(new),
            "href": f"steps/{names[s.index]}.html",
            "summary": ", ".join(f"{counts[k]} {k}" for k in KINDS) + f", {counts['substitutions']} substitutions",
        })
    return {
        "title": versions[-1].title,
        "id": f"urn:sha256:{versions[0].digest}",
        "updated": _timestamp(versions[-1]),
        "entries": entries,
        "tool": {"name": "ruldiff", "version": __version__},
    }


CHART_HEIGHT = 120
BAR_WIDTH = 8


def index_context(versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str], warnings: Sequence[str]) -> dict[str, Any]:
    """What ``history-index.html.j2`` receives: the timeline rows and the
    chart's bars, already laid out (a stacked bar per step, its height the
    changes of that step on a square-root scale, so that a quiet release
    stays visible beside a rewrite)."""
    rows, bars = [], []
    totals = [sum(_counts(s)[k] for k in KINDS) for s in steps]
    top = max(totals, default=0) or 1
    for s, total in zip(steps, totals):
        counts = _counts(s)
        rows.append({
            "old": versions[s.index].label,
            "new": versions[s.index + 1].label,
            "title": versions[s.index + 1].title,
            "page": f"steps/{names[s.index]}",
            **counts,
        })
        height = CHART_HEIGHT * (total / top) ** 0.5
        y = float(CHART_HEIGHT)
        for kind in KINDS:
            h = height * counts[kind] / total if total else 0.0
            if h > 0:
                y -= h
                bars.append({"x": s.index * BAR_WIDTH, "y": round(y, 2), "h": round(h, 2), "kind": kind,
                             "title": f"{versions[s.index + 1].label}: {counts[kind]} {kind}",
                             "href": f"steps/{names[s.index]}.html"})
    years: list[dict[str, Any]] = []
    seen: set[str] = set()
    for s in steps:
        year = (versions[s.index + 1].date or "")[:4]
        if year and year not in seen and (not years or s.index * BAR_WIDTH - years[-1]["x"] >= 40):
            years.append({"x": s.index * BAR_WIDTH, "label": year})
        seen.add(year)
    first, last = versions[0], versions[-1]
    return {
        "title": last.title,
        "first": first.label,
        "last": last.label,
        "releases": len(versions),
        "warnings": list(warnings),
        "rows": rows,
        "chart": {"width": max(len(steps), 1) * BAR_WIDTH, "height": CHART_HEIGHT, "bars": bars, "years": years},
        "kinds": list(KINDS),
        "tool": {"name": "ruldiff", "version": __version__},
    }
