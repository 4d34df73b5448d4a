"""``ruldiff trace RULE FILES...|DIR``: the lineage of one rule across every version."""

from __future__ import annotations

import functools

import click

from ..documents.load import STDIO, read_input, read_project_config
from ..documents.profiles import BUILTIN
from ..errors import RuldiffError
from ..series.releases import Series, collect
from ..series.store import Store
from ..series.trace import TRACE_FORMATS, render_trace, trace
from . import series_collector
from .options import config_option, follow_links_option, format_option, max_size_option, no_pager_option, series_cache, series_jobs_option, series_workers
from .output import Progress, deliver, inputs, output_target

__all__ = ["command"]


@click.command("trace")
@click.argument("rule")
@click.argument("files", nargs=-1, metavar="FILES...|DIR")
@click.option("--in", "at", metavar="FILE|DATE",
              help="The version in which RULE has this ID (a file given, its name, or its date) "
              "[default: the last version that has it].")
@format_option(TRACE_FORMATS, "text: to read here; md, html: to share; json: one entry per version, for programs.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output); never to an input.")
@click.option("--profile", metavar="NAME|FILE",
              help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.")
@click.option("--strict", is_flag=True,
              help="A file that does not read as a release of the series (another profile, no date, another title) "
              "is an error, not skipped with a warning.")
@series_jobs_option
@config_option
@follow_links_option
@no_pager_option
@max_size_option
def command(
    rule: str, files: tuple[str, ...], at: str | None, fmt: str, output: str | None, profile: str | None,
    jobs: int | None, strict: bool, config: str | None, follow_links: bool, no_pager: bool, max_size: int,
) -> None:
    """The lineage of one rule across every version: its number and text in
    each, and the edits between them, following renumberings, splits and
    merges both ways from the version it is found in. RULE is an ID as
    printed (903.11) or a glossary term (glossary:Suspend).

    \b
    Examples:
      ruldiff trace 903.11 releases/ --in 2016-01-16
      ruldiff trace glossary:Suspend releases/ -f html -o suspend.html
    """
    series_collector()
    workers = series_workers(jobs)
    settings = read_project_config(config)
    files = files or settings.releases
    profile = profile or settings.profile
    if not files:
        raise click.UsageError("give the releases (FILES... or DIR), or set 'releases' in ruldiff.yaml")
    if STDIO in files:
        raise RuldiffError("a trace reads files, not standard input ('-')")
    paths = collect(files, follow_links=follow_links, warn=Progress().warn)
    target = output_target(output, inputs(*paths, profile=profile)) if output is not None else None
    read = functools.partial(read_input, max_size=max_size)
    with Progress() as progress:
        series = Series(read, profile=profile, store=Store(series_cache()), workers=workers, progress=progress)
        versions, warnings = series.versions(paths, settings.order, strict=strict)
        for w in warnings:
            progress.warn(w)
        start = None
        if at is not None:
            start = next((i for i, v in enumerate(versions) if at in (v.path, v.name, v.date)), None)
            if start is None:
                raise RuldiffError(f"--in {at}: no such version (give a file, its name, or its date)")
        steps = series.steps(versions, edits=True)
        texts = functools.cache(lambda i: {r.id: r.full_text for r in series.document(versions[i]).items})
        result = trace(rule, versions, steps, texts, at=start)
    deliver(render_trace(result, fmt), target, paged=output is None and not no_pager)
