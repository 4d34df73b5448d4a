"""``ruldiff history FILES...|DIR -o SITE``: the history of a document as a static site."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from ..documents.load import STDIO, read_input, read_project_config
from ..documents.profiles import BUILTIN
from ..errors import RuldiffError
from ..series.history import SiteWriter, build
from ..series.releases import Series, collect
from ..series.store import Store
from . import series_collector
from .options import config_option, follow_links_option, max_size_option, series_cache, series_jobs_option, series_workers
from .output import Progress, inputs, write_atomic

__all__ = ["command"]


@click.command("history")
@click.argument("files", nargs=-1, metavar="FILES...|DIR")
@click.option("-o", "--output", "site", metavar="SITE",
              help="The directory of the site (created if missing; a page that changed is replaced) "
              "[default: 'output' of ruldiff.yaml].")
@click.option("--templates", type=click.Path(file_okay=False, path_type=str), metavar="DIR",
              help="Your own templates: a file in DIR named like a built-in one replaces it, on every page.")
@click.option("--base-url", metavar="URL",
              help="Where the site is published (https://...): the links of the feed and of index.json are absolute "
              "under it [default: relative links].")
@config_option
@click.option("--profile", metavar="NAME|FILE",
              help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.")
@click.option("--strict", is_flag=True,
              help="A file that does not read as a release of the series (another profile, no date, another title) "
              "is an error, not skipped with a warning.")
@series_jobs_option
@follow_links_option
@max_size_option
def command(
    files: tuple[str, ...], site: str | None, templates: str | None, base_url: str | None, config: str | None, profile: str | None,
    jobs: int | None, strict: bool, follow_links: bool, max_size: int,
) -> None:
    """Write the history of a document as a static site: every release in
    the order of the effective dates they print, a changelog per step (HTML,
    Markdown, JSON), a timeline and the lineage of each rule.

    A file that does not read as a release of the series (read by another
    profile than the others, undated among dated ones, another title) is
    skipped with a warning; with --strict, it is an error.

    Parsed documents and steps are cached: adding a release to the series
    redoes only its step.

    \b
    Examples:
      ruldiff history releases/ -o site          every release in releases/ (*.txt, *.pdf...)
      ruldiff history v1.txt v2.txt v3.txt -o site
      ruldiff history releases/ -o site --strict --base-url https://example.org/rules/
      ruldiff history                            as ruldiff.yaml says
    """
    series_collector()
    workers = series_workers(jobs)
    settings = read_project_config(config)
    files = files or settings.releases
    site = site or settings.output
    profile = profile or settings.profile
    templates = templates or settings.templates
    if not files or site is None:
        raise click.UsageError("give the releases (FILES... or DIR) and -o SITE, or set 'releases' and 'output' in ruldiff.yaml")
    if STDIO in files:
        raise RuldiffError("a history reads files, not standard input ('-')")
    paths = collect(files, follow_links=follow_links, warn=Progress().warn)
    read = functools.partial(read_input, max_size=max_size)
    template_files = [str(p) for p in Path(templates).glob("*.j2")] if templates is not None else []
    writer = SiteWriter(site, [*inputs(*paths, profile=profile), *template_files, *([config] if config else [])],
                        write_atomic, releases=files, warn=Progress().warn)
    store = Store(series_cache())
    with Progress() as progress:
        series = Series(read, profile=profile, store=store, workers=workers, progress=progress)
        pages = build(paths, series, writer, warn=progress.warn, templates=templates, explicit_order=settings.order,
                      claim=writer.claim, strict=strict, base_url=base_url)
    writer.prune(pages)
