"""The history site of a series: a static site that works from ``file://``.

- `build(paths, series, write)` -> the pages written: take the files that
  are releases of the series and order them (releases.py), compare each
  consecutive pair and write, through `write(relative path, text)`, the
  whole site:

  - ``index.html``: a timeline of the releases, with their counts, an inline
    SVG chart on a time axis (`chart`) and the year-long jumps; ``index.json``:
    the same as data; ``feed.xml``: an Atom feed of the releases;
  - ``steps/OLD_to_NEW.{html,md,json}``: each step's changelog, as
    ``ruldiff OLD NEW`` renders it (the releases named by file name,
    `shown`), with links to the previous and next steps, the index and the
    lineage of each rule it changes; OLD and NEW are the releases' dates
    (`addresses`), so the name stays when releases are added;
  - ``steps/OLD_to_NEW.rules.html``: the rules that step changes, each
    linked to its lineage;
  - the same ``steps/OLD_to_NEW.*`` for each year-long jump (`jumps`);
  - ``rules/index.html`` and ``rules/<ID>.html``: for each ID a rule that
    changed had, the lineage of each such rule: its text in each version
    and the word edits of each change, as ``ruldiff trace -f html`` shows
    them (`rule_pages`).

- `safe_name(text)` -> a file name made of ``[A-Za-z0-9._-]``: every name in
  the site derived from a document (a date, a file name, a rule ID) goes
  through it, and `SiteWriter` refuses any other.
- `SiteWriter`, `MANIFEST` (site.py): where a site may be, and what of it a
  build owns, writes and removes.

Nothing in the site is fetched from the network: styles are inline, the
chart is inline SVG, links are relative (absolute in the feed and
``index.json`` under ``--base-url``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import functools
import signal
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .. import __version__
from ..errors import RuldiffError
from ..model import Comparison, record
from ..outputs.context import build_context
from ..outputs.render import TEMPLATE_OF, render
from ..outputs.templating import load_template, render_loaded
from .releases import Series, Step, Version, fan_out
from .trace import TraceEntry, runs
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


@record
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
    spans: tuple[tuple[int, int, str], ...]
    """(first version, last version, ID): the IDs it had, in order."""

    @property
    def pages(self) -> tuple[str, ...]:
        """Its pages, one per ID it had, ``rules/903.11.html``: a rule's page
        is named by its ID, which no release added later takes away."""
        return tuple(dict.fromkeys(rule_page_name(i) for _, _, i in self.spans))

    def anchor(self, rule_id: str, where: Sequence[str]) -> str:
        """Its section on the page of `rule_id`: the version (by its address
        in `where`, see `addresses`) from which it had that ID, or
        ``from-start`` when it had it in the first: an anchor that a release
        added before or after the others leaves as it is, unless the rule
        had another ID in it."""
        first = next(a for a, _, i in self.spans if rule_page_name(i) == rule_page_name(rule_id))
        return f"from-{where[first]}" if first else "from-start"

    @property
    def ids(self) -> list[str]:
        """The IDs it had, in order (one it had twice, twice)."""
        out: list[str] = []
        for _, _, rule_id in self.spans:
            if not out or out[-1] != rule_id:
                out.append(rule_id)
        return out

    def id_at(self, index: int) -> str | None:
        """Its ID in version `index`, or None where it does not exist."""
        for a, b, rule_id in self.spans:
            if a <= index <= b:
                return rule_id
        return None


def lineages(versions: Sequence[Version], steps: Sequence[Step]) -> tuple[Lineage, ...]:
    """Every rule's lineage through the series, in the order the rules first appear.

    >>> from ruldiff.series.releases import Link
    >>> v = [Version(p, "", p, "T", ids) for p, ids in (("a", ("1", "2")), ("b", ("1", "3")))]
    >>> s = Step(0, (), 0, (Link("renumbered", ("2",), ("3",), "r-3", ()),))
    >>> [(l.first_id, l.last_id, len(l.events), l.spans) for l in lineages(v, [s])]
    [('1', '1', 0, ((0, 1, '1'),)), ('2', '3', 1, ((0, 0, '2'), (1, 1, '3')))]
    """
    chains: list[list[Any]] = []  # [first, first_id, events, last_id, spans: [[from, to, id]...]]
    current: dict[str, int] = {}
    if versions:
        for rule_id in versions[0].ids:
            current[rule_id] = len(chains)
            chains.append([0, rule_id, [], rule_id, [[0, None, rule_id]]])
    for step in steps:
        # A rule not in any change of the step keeps its chain and its ID:
        # the map is copied whole (in C), then only the changes are walked.
        old_ids, current = current, dict(current)
        touched: set[int] = set()
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
                chains.append([step.index + 1, link.new[0], [], link.new[0], [[step.index + 1, None, link.new[0]]]])
            touched.add(chain)
            chains[chain][2].append(event)
            for other in link.old[1:]:  # merged into this rule: their chains end here
                if old_ids.get(other, chain) != chain:
                    chains[old_ids[other]][2].append(event)
                    touched.add(old_ids[other])
            for new in link.new:  # a split's parts stay in the chain of the rule split
                current[new] = chain
            if link.new:
                chains[chain][3] = link.new[0]
        for chain in touched:  # its ID in the new version, if it lives on
            spans = chains[chain][4]
            if not spans or spans[-1][1] is not None:
                continue
            last_id = chains[chain][3]
            alive = current.get(last_id) == chain
            if not alive or spans[-1][2] != last_id:
                if spans[-1][0] <= step.index:
                    spans[-1][1] = step.index
                else:  # added by this step: no span before
                    spans.pop()
                if alive:
                    spans.append([step.index + 1, None, last_id])
    end = len(versions) - 1
    return tuple(
        Lineage(first, first_id, tuple(events), last_id,
                tuple((a, end if b is None else b, i) for a, b, i in spans))
        for first, first_id, events, last_id, spans in chains
    )


@functools.lru_cache(maxsize=None)
def rule_page_name(rule_id: str) -> str:
    """The page of the rules that had the ID `rule_id`, from the site's root.

    >>> rule_page_name("903.11"), rule_page_name("glossary:Suspend")
    ('rules/903.11.html', 'rules/glossary-Suspend.html')
    """
    return f"rules/{safe_name(rule_id, 80)}.html"


def addresses(versions: Sequence[Version]) -> list[str]:
    """The name of each version in the site's addresses: its date (its file
    name without one); a date two versions give is followed by the file name.

    >>> vs = [Version(p, "", d, "T", ()) for p, d in (("a.txt", "2020-01-01"), ("b.txt", "2021-01-01"),
    ...                                               ("c.txt", "2021-01-01"), ("d.txt", None))]
    >>> addresses(vs)
    ['2020-01-01', '2021-01-01-b.txt', '2021-01-01-c.txt', 'd.txt']
    """
    labels = [v.label for v in versions]
    return [safe_name(label if labels.count(label) == 1 else f"{label}-{v.name}", 60)
            for label, v in zip(labels, versions)]


def step_name(old: str, new: str) -> str:
    """The file name of a step's pages, without extension, from the two
    versions' `addresses`: ``2024-01-15_to_2024-06-01``. It names the two
    releases only, so it stays when releases are added before or after."""
    return f"{old}_to_{new}"


def shown(comparison: Comparison) -> Comparison:
    """The comparison with each document named by its file name only: a page
    of the site never prints where the build machine keeps the releases."""
    old, new = comparison.old, comparison.new
    return dataclasses.replace(
        comparison,
        old=dataclasses.replace(old, path=os.path.basename(old.path)),
        new=dataclasses.replace(new, path=os.path.basename(new.path)),
    )


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
    comparison = shown(comparison)
    context = build_context(comparison)
    return tuple(
        render(comparison, fmt, prepared=_prepared(fmt, templates), context=context) for fmt in SITE_FORMATS
    )


def _prepared(fmt: str, templates: str | None) -> Callable[[dict[str, Any]], str] | None:
    name = TEMPLATE_OF.get(fmt)
    if name is None:
        return None
    return lambda context: render_template(name, context, templates)


def _nav(fmt: str, old: str, new: str, page: str, previous: str | None, following: str | None,
         rules: str | None, span: str | None = None, templates: str | None = None) -> str:
    """The navigation put at the top of a step's (or a jump's) HTML or
    Markdown changelog: no count of the steps, so that adding a release
    changes only the pages next to it."""
    context = {
        "format": fmt,
        "old": old,
        "new": new,
        "previous": f"{previous}.{fmt}" if previous else None,
        "next": f"{following}.{fmt}" if following else None,
        "rules": f"{rules}.rules.html" if rules else None,
        "span": span,
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
    strict: bool = False,
    base_url: str | None = None,
) -> tuple[str, ...]:
    """Write the history site of the files `paths` (see the module's
    docstring) through `write`; `warn` is told at once of the files skipped
    and what is doubtful in the order of the versions (`Series.versions`;
    with `strict`, a file skipped is an error); return the names of the
    pages written (some by worker processes), sorted. `templates`: a
    directory of the user's templates, searched first for every page;
    `explicit_order`: file names, oldest first, instead of the dates;
    `base_url`: where the site is published, for the absolute links of the
    feed and ``index.json``.

    `claim(names)` is told of pages before any of them is written
    (`SiteWriter.claim`: the manifest lists them first): the steps' and the
    indexes' once the versions are ordered, the rules' once the steps are
    compared. The index, the feed and ``index.json`` are rendered all three
    before any is written, and written last: a build that fails leaves
    them as they were, or, stopped between two of the writes, as one earlier
    build and this one wrote them."""
    base = _base(base_url)
    variant = "site" + templates_digest(templates)
    _template.cache_clear()  # compiled once per site: a template edited since an earlier build is read anew
    versions, warnings = series.versions(paths, explicit_order, strict=strict)
    for w in warnings:
        warn(w)
    if len(versions) < 2:
        raise RuldiffError("a history needs at least two versions", fix="give two files or more, or a directory of them")
    where = addresses(versions)
    names = [step_name(where[i], where[i + 1]) for i in range(len(versions) - 1)]
    spans = jumps(versions)
    jump_names = [step_name(where[i], where[j]) for _, i, j in spans]
    pages = {f"steps/{name}.{fmt}" for name in (*names, *jump_names) for fmt in SITE_FORMATS}  # `deliver`'s
    claim([*pages, *(f"steps/{name}.rules.html" for name in names), "rules/index.html", *INDEXES])

    def put(name: str, text: str) -> None:
        pages.add(name)
        write(name, text)

    def deliver(i: int, rendered: Any) -> None:
        if i >= len(names):
            deliver_jump(i - len(names), rendered)
            return
        for fmt, page in zip(SITE_FORMATS, rendered):
            if fmt != "json":
                nav = _nav(fmt, versions[i].label, versions[i + 1].label, names[i], names[i - 1] if i > 0 else None,
                           names[i + 1] if i + 1 < len(names) else None, names[i], None, templates)
                page = with_nav(page, nav, fmt)
            write(f"steps/{names[i]}.{fmt}", page)

    def deliver_jump(k: int, rendered: Any) -> None:
        year, i, j = spans[k]
        for fmt, page in zip(SITE_FORMATS, rendered):
            if fmt != "json":
                nav = _nav(fmt, versions[i].label, versions[j].label, jump_names[k],
                           jump_names[k - 1] if k > 0 else None,
                           jump_names[k + 1] if k + 1 < len(jump_names) else None, None,
                           _span_text(year, j - i), templates)
                page = with_nav(page, nav, fmt)
            write(f"steps/{jump_names[k]}.{fmt}", page)

    render_pages = functools.partial(step_pages, templates=templates)
    steps = series.steps(versions, render_pages, variant=variant, deliver=deliver, rendered_shape=_is_pages,
                         jumps=[(i, j) for _, i, j in spans])
    chains = [l for l in lineages(versions, steps) if l.events]
    memo = Memo(series.store, versions[0], variant, templates)
    groups = page_groups(chains)
    claim(groups)
    for page, text in rule_pages(chains, groups, series, steps, versions, names, where, memo):
        put(page, text)
    for i, rules in enumerate(_by_step(chains, len(names), where)):
        put(f"steps/{names[i]}.rules.html", memo("history-step-rules.html.j2", {
            "old": versions[i].label, "new": versions[i + 1].label, "page": f"{names[i]}.html", "rules": rules,
        }))
    put("rules/index.html", render_template("history-rules.html.j2", templates=templates, context={
        "rules": [{"id": l.last_id, "first_id": l.first_id,
                   "page": f"{rule_page_name(l.last_id).removeprefix('rules/')}#{l.anchor(l.last_id, where)}",
                   "changes": plural(len(l.events), "change")} for l in sorted(chains, key=lambda l: _id_key(l.last_id))],
    }))
    memo.save()
    indexes = {
        "index.json": index_json(versions, steps, names, warnings, base, spans, jump_names),
        "index.html": render_template("history-index.html.j2",
                                      index_context(versions, steps, names, warnings, spans, jump_names), templates),
        "feed.xml": render_template("history-feed.xml.j2", feed_context(versions, steps, names, base), templates),
    }
    with _signals_held():  # the three change together: a Ctrl-C or SIGTERM lands after the last
        for name in INDEXES:
            put(name, indexes[name])
    return tuple(sorted(pages))


def _base(base_url: str | None) -> str:
    """The prefix of the absolute links: `base_url` ending in ``/`` ("" without one)."""
    if base_url is None:
        return ""
    if not re.fullmatch(r"https?://[^\s\"<>]+", base_url):
        raise RuldiffError(f"--base-url {base_url}: not an http or https address", fix="give e.g. https://example.org/rules/")
    return base_url if base_url.endswith("/") else base_url + "/"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 substitution``, ``2 substitutions``, with the number's thousands separated.

    >>> plural(1, "substitution"), plural(3969, "rule"), plural(0, "change")
    ('1 substitution', '3,969 rules', '0 changes')
    """
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def _span_text(year: str, releases: int) -> str:
    return f"the changes of {year}, over {plural(releases, 'release')}"


def jumps(versions: Sequence[Version]) -> list[tuple[str, int, int]]:
    """The year-long jumps of a dated series: for each calendar year Y the
    series covers whole, (Y, the last version before Y, the last version
    before Y + 1), where those are not neighbours (their step is the jump).
    Each names two releases that no release added before or after changes:
    its address is permanent. None when a version has no date.

    >>> vs = [Version(d, "", d, "T", ()) for d in ("2019-06-01", "2019-09-01", "2020-03-01", "2020-08-01", "2021-02-01")]
    >>> jumps(vs)
    [('2020', 1, 3)]
    """
    if not versions or any(v.date is None for v in versions):
        return []
    dates = [v.date or "" for v in versions]
    first, last = int(dates[0][:4]), int(dates[-1][:4])
    before = {y: max(i for i, d in enumerate(dates) if d < f"{y:04d}-01-01") for y in range(first + 1, last + 1)}
    return [(str(y), before[y], before[y + 1]) for y in range(first + 1, last) if before[y + 1] - before[y] > 1]


@record
class Shown:
    """What a lineage's page shows of it: the versions from its first to the
    last it is shown in, and its ID in each (None: removed, or merged into
    another rule), the change that led to each, and whether it is still in
    the last release (its last run is then open: "and after")."""

    lineage: Lineage
    first: int
    ids: tuple[str | None, ...]
    """Its ID in each version from `first` on."""
    events: dict[int, tuple[int, str, tuple[str, ...], tuple[str, ...], str]]
    """Version index -> the change that led to it (the first, for a step with several)."""
    open: bool
    hashes: tuple[str | None, ...]
    """The `text_hash` of its text in each version from `first` on."""

    needed: tuple[tuple[int, str], ...]
    """(version, ID) of each text the page shows (`_needed`)."""

    def key(self, labels: Sequence[str], names: Sequence[str]) -> tuple[Any, ...]:
        """All its page depends on, without reading a text: the content
        (digest) of each version a text is taken from, the labels of the
        versions shown, the IDs, the changes and their steps' names."""
        needed = self.needed
        last = max([i for i, _ in needed] + list(self.events)) if self.open else self.first + len(self.ids) - 1
        return (
            tuple(self.hashes[i - self.first] for i, _ in needed),
            tuple(labels[self.first : last + 1]),
            self.ids[: last - self.first + 1],
            tuple((names[i - 1], e) for i, e in sorted(self.events.items())),
            self.open,
        )


def shown_lineage(lineage: Lineage, hashes: Sequence[dict[str, str]]) -> Shown:
    """The `Shown` of `lineage`, `hashes` the `Version.text_hashes` of each version."""
    versions = len(hashes)
    events: dict[int, tuple[int, str, tuple[str, ...], tuple[str, ...], str]] = {}
    for e in lineage.events:
        events.setdefault(e[0] + 1, e)
    end = lineage.spans[-1][1] if lineage.spans else lineage.first
    ids: list[str | None] = []
    for a, b, rule_id in lineage.spans:
        ids += [None] * (a - lineage.first - len(ids)) + [rule_id] * (b - a + 1)
    if end + 1 < versions and end + 1 in events:  # removed, or merged into another: shown so
        ids.append(None)
    alive = bool(lineage.spans) and end == versions - 1
    texts = tuple(hashes[lineage.first + k].get(i) if i is not None else None for k, i in enumerate(ids))
    return Shown(lineage, lineage.first, tuple(ids), events, alive, texts, _needed(lineage.first, ids, events, texts))


def _needed(first: int, ids: Sequence[str | None], events: dict[int, Any], hashes: Sequence[str | None]) -> tuple[tuple[int, str], ...]:
    """(version, ID) of each text a lineage's page shows: the first
    version's, each change's, and each where its text differs from the
    version before's (the comparison may call two texts the same that are
    not byte for byte); in the others, its text is the one before."""
    out = []
    for k, rule_id in enumerate(ids):
        i = first + k
        if rule_id is not None and (k == 0 or i in events or hashes[k] != hashes[k - 1]):
            out.append((i, rule_id))
    return tuple(out)


def lineage_runs(
    shown: Shown,
    versions: Sequence[Version],
    names: Sequence[str],
    texts: dict[tuple[int, str], str],
    edits: dict[tuple[int, str], tuple[tuple[str, str], ...]],
) -> list[dict[str, Any]]:
    """A lineage's text in each version and the word edits of each change,
    as runs (trace.py `runs`): what ``ruldiff trace -f html`` shows, each
    change linked to its step. `texts`: (version, ID) -> text, for each of
    `shown.needed`; `edits`: (step, anchor) -> the change's word edits."""
    entries: list[TraceEntry] = []
    text: str | None = None
    for k, rule_id in enumerate(shown.ids):
        i = shown.first + k
        event = shown.events.get(i)
        if rule_id is None:
            text = None
        elif (i, rule_id) in texts:  # else the same as the version before's
            text = texts[(i, rule_id)]
        change: str | None = None
        link_edits: tuple[tuple[str, str], ...] = ()
        others: tuple[str, ...] = ()
        if event is not None:
            _, change, old, new, anchor = event
            link_edits = edits.get((i - 1, anchor), ()) if old and new and rule_id is not None else ()
            before = entries[-1].id if entries else None
            others = tuple(dict.fromkeys(x for x in (*old, *new) if x != rule_id and x != before))
        entries.append(TraceEntry(versions[i], rule_id, text, change, link_edits, others))
    found = runs(entries)
    for r in found:
        i = shown.first + r.pop("at")
        event = shown.events.get(i)
        if r["change"] and event is not None:
            r["href"] = f"../steps/{names[i - 1]}.html#{event[4]}"
    if found and shown.open and found[-1]["id"] is not None:
        # Still in the last release: its last run is open ("and after"), so
        # that a release added later that leaves it as it is leaves its page.
        found[-1]["open"] = True
    return found


def page_groups(chains: Sequence[Lineage]) -> dict[str, list[int]]:
    """Each rule page, and the lineages (their positions in `chains`) it shows."""
    groups: dict[str, list[int]] = {}
    for c, lineage in enumerate(chains):
        for page in lineage.pages:
            groups.setdefault(page, []).append(c)
    return groups


def rule_pages(
    chains: Sequence[Lineage],
    groups: dict[str, list[int]],
    series: Series,
    steps: Sequence[Step],
    versions: Sequence[Version],
    names: Sequence[str],
    where: Sequence[str],
    memo: Memo,
) -> Iterator[tuple[str, str]]:
    """(page, text) of each rule page (`rule_page_name`), in order. A page
    whose `Shown.key`s are in `memo` is not built again: only the lineages of
    the others are given their texts (each document read once, for the
    texts it holds of them) and their edits (each step's, once)."""
    hashes = [v.text_hashes() for v in versions]
    shown = [shown_lineage(l, hashes) for l in chains]
    del hashes
    labels = [v.label for v in versions]
    keys = {page: digest("history-rule.html.j2", page, repr([
                (shown[c].key(labels, names), [where[a] for a, _, _ in chains[c].spans]) for c in members]))
            for page, members in groups.items()}
    todo = sorted({c for page, members in groups.items() if not memo.has(keys[page]) for c in members})
    wanted: dict[int, set[str]] = {}
    steps_wanted: set[int] = set()
    for c in todo:
        for i, rule_id in shown[c].needed:
            wanted.setdefault(i, set()).add(rule_id)
        steps_wanted.update(i - 1 for i in shown[c].events)
    texts: dict[tuple[int, str], str] = {}
    for i in sorted(wanted):
        texts.update(((i, rule_id), text) for rule_id, text in series.texts(versions[i], wanted[i]).items())
    edits: dict[tuple[int, str], tuple[tuple[str, str], ...]] = {}
    for i in sorted(steps_wanted):
        found = series.edits(versions[i], versions[i + 1])
        edits.update(((i, l.anchor), e) for l, e in zip(steps[i].links, found))
    templates = memo.templates
    histories: dict[int, tuple[list[dict[str, Any]], Any]] = {}

    def history(c: int) -> tuple[list[dict[str, Any]], Any]:
        # A lineage's runs, and (with the built-in templates) their HTML:
        # made once, not once per page it is on (the archive's 4,324
        # lineages are on 10,515 sections of rule pages).
        if c not in histories:
            found = lineage_runs(shown[c], versions, names, texts, edits)
            html = Markup(_template("trace-runs.html.j2").render(runs=found)) if templates is None else None
            histories[c] = (found, html)
        return histories[c]

    def make(page: str) -> str:
        return rule_page(page, [(chains[c], *history(c)) for c in groups[page]], versions, where, templates)

    pages = [page for page in sorted(groups) if not memo.has(keys[page])]
    made: dict[str, str] = {}

    def done(j: int, text: str) -> None:
        made[pages[j]] = text

    # Rendered on the series' processes, as the steps are: the pages of a
    # cold build took ~3 s of CPU in this process, after the steps.
    for name in ("history-rule.html.j2", "trace-runs.html.j2"):
        _template(name, templates)  # compiled once, before the workers are forked
    fan_out(pages, make, series.workers, done, weights=[len(groups[page]) for page in pages])
    for page in sorted(groups):
        yield page, memo.keyed(keys[page], lambda: made[page])


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
    template and context, in the cache (per series, keyed by its first
    release): a rerun renders again only the pages whose context changed.
    Adding a release changes a few dozen of the archive's 6,500 rule and
    step pages; rendering them all took ~1 of the ~2 s of CPU of a rerun.

    The pages are kept in `SHARDS` entries by their key's first two hex
    digits, each written again only when its pages changed: kept as one
    entry (64 MB on the archive), a rerun that changed 27 pages wrote it
    all again, ~0.25 s of CPU."""

    SHARDS = 256

    def __init__(self, store: Store, first: Version, variant: str = "", templates: str | None = None) -> None:
        self.store = store
        self.templates = templates
        self.key = digest(__version__, code_digest(), "pages", variant, first.digest)
        self.old: dict[str, str] = {}
        for shard in range(self.SHARDS):
            found = store.get("memo", self._shard_key(shard), _is_memo)
            if found is not None:
                self.old.update(found)
        self.new: dict[str, str] = {}

    def _shard_key(self, shard: int) -> str:
        return digest(self.key, str(shard))

    def __call__(self, name: str, context: dict[str, Any]) -> str:
        key = digest(name, repr(context))
        text = self.old.get(key)
        if text is None:
            text = render_template(name, context, self.templates)
        self.new[key] = text
        return text

    def has(self, key: str) -> bool:
        """Whether a page of this `key` was rendered by an earlier run."""
        return key in self.old

    def keyed(self, key: str, make: Callable[[], str]) -> str:
        """The page of `key` (a digest of all it depends on), rendered by
        `make` unless an earlier run did."""
        text = self.old.get(key)
        if text is None:
            text = make()
        self.new[key] = text
        return text

    def save(self) -> None:
        """Keep the pages of this run (only those: the entries do not grow),
        writing the shards whose pages changed."""
        old: list[dict[str, str]] = [{} for _ in range(self.SHARDS)]
        new: list[dict[str, str]] = [{} for _ in range(self.SHARDS)]
        for pages, shards in ((self.old, old), (self.new, new)):
            for key, text in pages.items():
                shards[int(key[:2], 16) % self.SHARDS][key] = text
        for shard in range(self.SHARDS):
            if new[shard] != old[shard]:
                self.store.put("memo", self._shard_key(shard), new[shard])


def _is_memo(value: Any) -> bool:
    """Whether a cached value has the shape `Memo` keeps: a dict of strings."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _is_pages(value: Any) -> bool:
    """Whether a cached value has the shape `step_pages` makes: a page per format."""
    return isinstance(value, tuple) and len(value) == len(SITE_FORMATS) and all(isinstance(p, str) for p in value)


def _by_step(chains: Sequence[Lineage], steps: int, where: Sequence[str]) -> list[list[dict[str, str]]]:
    """For each step, the rules it changes, each with its lineage page (in
    the order of the step's changelog)."""
    out: list[list[dict[str, str]]] = [[] for _ in range(steps)]
    for lineage in chains:
        for i, kind, old, new, anchor in lineage.events:
            target = new[0] if new else old[0]
            if lineage.id_at(i + 1 if new else i) != target:  # another rule merged into this one: listed there
                continue
            out[i].append({"label": ", ".join(new or old), "kind": kind, "anchor": anchor,
                           "page": f"../{rule_page_name(target)}#{lineage.anchor(target, where)}", "key": anchor})
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
    page: str,
    members: Sequence[tuple[Lineage, list[dict[str, Any]], Any]],
    versions: Sequence[Version],
    where: Sequence[str],
    templates: str | None = None,
) -> str:
    """The page of a rule ID (`rule_page_name`): the lineage of each rule
    that had that ID, with its text in each version and the word edits of
    each change (its `lineage_runs`; with each, its runs rendered by
    ``trace-runs.html.j2``, or None: the page renders them)."""
    rules = []
    shown_id = next(i for _, _, i in members[0][0].spans if rule_page_name(i) == page)
    for lineage, history, html in members:
        rule = {
            "anchor": lineage.anchor(shown_id, where),
            "ids": lineage.ids,
            "first_version": versions[lineage.first].label,
            "runs": history,
        }
        if html is not None:
            rule["runs_html"] = html
        rules.append(rule)
    return render_template("history-rule.html.j2", {
        "rule": shown_id,
        "lineages": rules,
        "tool": {"name": "ruldiff", "version": __version__},
    }, templates)


def _counts(step: Step) -> dict[str, int]:
    summary = step.summary
    out = {k: summary.get(k, 0) for k in KINDS}
    out["renumbered"] += summary.get("split", 0) + summary.get("merged", 0)
    out["substitutions"] = step.substitutions
    return out


def _step_entry(versions: Sequence[Version], step: Step, i: int, j: int, name: str, base: str,
                previous: str | None, following: str | None) -> dict[str, Any]:
    return {
        "old": versions[i].name,
        "new": versions[j].name,
        "date": versions[j].date,
        "summary": step.summary,
        "substitutions": step.substitutions,
        "pages": {fmt: f"{base}steps/{name}.{fmt}" for fmt in SITE_FORMATS},
        # The step JSON is the changelog contract (its schema allows no other keys):
        # its previous and next steps are given here.
        "previous": f"{base}steps/{previous}.json" if previous else None,
        "next": f"{base}steps/{following}.json" if following else None,
    }


def index_json(
    versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str], warnings: Sequence[str],
    base: str = "", spans: Sequence[tuple[str, int, int]] = (), jump_names: Sequence[str] = (),
) -> str:
    """``index.json``: the versions in order (by file name: no page holds a
    path of the build machine), each step's counts and pages (absolute
    under `base`, else relative to the site), and the year-long jumps."""
    last = len(names) - 1
    data = {
        "format": "ruldiff-history",
        "version": 2,
        "tool": {"name": "ruldiff", "version": __version__},
        "warnings": list(warnings),
        "versions": [{"file": v.name, "date": v.date, "title": v.title, "sha256": v.digest} for v in versions],
        "steps": [
            _step_entry(versions, s, s.index, s.index + 1, names[s.index], base,
                        names[s.index - 1] if s.index > 0 else None, names[s.index + 1] if s.index < last else None)
            for s in steps
        ],
        "jumps": [
            {"year": year, "old": versions[i].name, "new": versions[j].name,
             "pages": {fmt: f"{base}steps/{name}.{fmt}" for fmt in SITE_FORMATS}}
            for (year, i, j), name in zip(spans, jump_names)
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _timestamp(version: Version) -> str:
    """An Atom date from a release's effective date (none printed: the epoch,
    so that the feed never depends on when it was written)."""
    return f"{version.date or '1970-01-01'}T00:00:00Z"


def _summary(counts: dict[str, int]) -> str:
    """``3 added, 0 removed, 6 changed, 2 renumbered, 1 substitution``."""
    return ", ".join(f"{counts[k]:,} {k}" for k in KINDS) + ", " + plural(counts["substitutions"], "substitution")


def feed_context(versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str], base: str = "") -> dict[str, Any]:
    """What ``history-feed.xml.j2`` receives: an Atom entry per release but
    the first, newest first, identified by the digest of its content; its
    links absolute under `base` (else relative to the feed)."""
    entries = []
    for s in reversed(steps):
        new = versions[s.index + 1]
        entries.append({
            "title": f"{new.title} {new.label}",
            "id": f"urn:sha256:{new.digest}",
            "updated": _timestamp(new),
            "href": f"{base}steps/{names[s.index]}.html",
            "summary": _summary(_counts(s)),
        })
    return {
        "title": versions[-1].title,
        "id": f"urn:sha256:{versions[0].digest}",
        "updated": _timestamp(versions[-1]),
        "index": f"{base}index.html",
        "feed": f"{base}feed.xml",
        "entries": entries,
        "tool": {"name": "ruldiff", "version": __version__},
    }


CHART_HEIGHT = 160
"""Pixels of the chart's bars at their tallest."""
CHART_TOP = 12
"""Pixels above them, for the label of the highest mark."""
CHART_NARROW = 340
"""The narrowest the chart is laid out for (a 390 px phone, less the page's
margins): the years labelled are this far apart at least."""


def _day(date: str) -> int:
    return datetime.date.fromisoformat(date).toordinal()


def _ticks(top: int) -> list[int]:
    """The counts the chart's scale marks: 1, 2, 5, 10, 20, 50... up to
    `top`, on the square-root scale at least 18 px apart and 14 px above
    the axis, the largest first.

    >>> _ticks(3969), _ticks(12), _ticks(0)
    ([200, 500, 1000, 2000], [1, 2, 5, 10], [])
    """
    nice = [m * 10 ** e for e in range(7) for m in (1, 2, 5) if m * 10 ** e <= top]
    kept: list[int] = []
    for value in reversed(nice):
        y = CHART_HEIGHT * (value / top) ** 0.5
        if y >= 14 and (not kept or CHART_HEIGHT * (kept[-1] / top) ** 0.5 - y >= 18):
            kept.append(value)
    return sorted(kept)


def chart(versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str]) -> dict[str, Any]:
    """The chart of the index, laid out: a stacked bar per step, placed on a
    time axis by the date of its new release (in the order of the releases
    when one has no date), its height the step's changes on a square-root
    scale (a quiet release stays visible beside a rewrite), with the scale's
    marks and the years. Across, positions are percentages of the chart's
    width, so that it fills any screen without scaling its text; up, pixels."""
    totals = [sum(_counts(s)[k] for k in KINDS) for s in steps]
    top = max(totals, default=0) or 1
    dated = all(v.date for v in versions)
    if dated:
        days = [_day(v.date or "") for v in versions]
        lo, hi = days[0], max(days[-1], days[0] + 1)
        place = [(d - lo) / (hi - lo) for d in days]
    else:
        place = [i / max(len(versions) - 1, 1) for i in range(len(versions))]
    width = min(3.0, max(0.4, 60 / max(len(steps), 1)))  # % of the chart's width

    def x(f: float) -> float:  # 2% kept at each end
        return round(2 + 96 * f, 3)

    bars = []
    for s, total in zip(steps, totals):
        counts = _counts(s)
        height = CHART_HEIGHT * (total / top) ** 0.5
        y = float(CHART_TOP + CHART_HEIGHT)
        for kind in KINDS:
            h = height * counts[kind] / total if total else 0.0
            if h > 0:
                y -= h
                bars.append({"x": round(x(place[s.index + 1]) - width / 2, 3), "y": round(y, 2), "h": round(h, 2),
                             "w": width, "kind": kind,
                             "title": f"{versions[s.index + 1].label}: {counts[kind]:,} {kind}",
                             "href": f"steps/{names[s.index]}.html"})
    years: list[dict[str, Any]] = []
    if dated:
        first, last = int((versions[0].date or "")[:4]), int((versions[-1].date or "")[:4])
        every = max(1, -(-(last - first + 1) * 40 // CHART_NARROW))  # a label ~40 px wide at the narrowest
        for year in range(first + 1, last + 1):
            f = (_day(f"{year:04d}-01-01") - lo) / (hi - lo)
            years.append({"x": x(f), "label": str(year) if (year - first) % every == 0 or every == 1 else ""})
    marks = [{"y": round(CHART_TOP + CHART_HEIGHT - CHART_HEIGHT * (v / top) ** 0.5, 2), "label": f"{v:,}"}
             for v in _ticks(top)]
    return {"height": CHART_TOP + CHART_HEIGHT, "bars": bars, "years": years, "marks": marks, "dated": dated,
            "axis": "the date of each release" if dated else "the releases in order"}


def index_context(
    versions: Sequence[Version], steps: Sequence[Step], names: Sequence[str], warnings: Sequence[str],
    spans: Sequence[tuple[str, int, int]] = (), jump_names: Sequence[str] = (),
) -> dict[str, Any]:
    """What ``history-index.html.j2`` receives: the timeline rows, the
    chart laid out (`chart`), and the year-long jumps."""
    rows = []
    for s in steps:
        counts = _counts(s)
        rows.append({
            "old": versions[s.index].label,
            "new": versions[s.index + 1].label,
            "title": versions[s.index + 1].title,
            "page": f"steps/{names[s.index]}",
            **{k: counts[k] for k in KINDS},
            "substitutions": plural(counts["substitutions"], "substitution") if counts["substitutions"] else "",
        })
    first, last = versions[0], versions[-1]
    return {
        "title": last.title,
        "first": first.label,
        "last": last.label,
        "releases": len(versions),
        "warnings": list(warnings),
        "rows": rows,
        "chart": chart(versions, steps, names),
        "jumps": [{"year": year, "old": versions[i].label, "new": versions[j].label, "page": f"steps/{name}",
                   "releases": plural(j - i, "release")} for (year, i, j), name in zip(spans, jump_names)],
        "kinds": list(KINDS),
        "tool": {"name": "ruldiff", "version": __version__},
    }
