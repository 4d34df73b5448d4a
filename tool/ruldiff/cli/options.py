"""Options shared by several commands, and what they resolve to.

- `max_size_option`, `no_pager_option`, `config_option`, `series_jobs_option`, `follow_links_option`;
  `format_option(choices, help)` and `color_option(what)`, worded per command.
- `diff_workers(jobs)`, `series_workers(jobs)`, `cache_dir()`, `series_cache()`: the defaults
  behind ``-j`` and the caches.

A size the layers below refuse (a `RuldiffError`) becomes
click's "Invalid value for '--option'" here, as click's own types do.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from ..documents.load import MAX_SIZE, parse_size
from ..errors import RuldiffError

__all__ = [
    "cache_dir", "color_option", "diff_workers", "config_option", "follow_links_option", "format_option", "max_size_option", "no_pager_option", "series_cache", "series_jobs_option",
    "series_workers",
]


def _size(ctx: click.Context, param: click.Parameter, value: str) -> int:
    try:
        return parse_size(value)
    except RuldiffError as exc:
        raise click.BadParameter(exc.message) from None


max_size_option = click.option(
    "--max-size",
    metavar="BYTES",
    callback=_size,
    default=str(MAX_SIZE),
    help="Refuse an input larger than this, such as 500K, 64M or 1G, before reading it "
    "all [default: 64M, some 50 times the largest real rules document].",
)


no_pager_option = click.option(
    "--no-pager", is_flag=True, help="Write straight to the terminal, not through a pager."
)


follow_links_option = click.option(
    "--follow-links", is_flag=True,
    help="Read the symbolic links in the releases folder too [default: skipped, with a warning].",
)


config_option = click.option(
    "--config", metavar="FILE",
    help="Project defaults (profile, templates, output, releases, order) [default: ./ruldiff.yaml, if there is one].",
)


series_jobs_option = click.option(
    "-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
    help="Parse and compare on up to N processes [default: 2, or 1 on a one-core machine; "
    "two took the whole MTG archive from 21.6 to 14.7 s].",
)


def format_option(choices: Sequence[str], help: str, default: str = "text") -> Callable[[Any], Any]:
    """``-f/--format``, into the parameter ``fmt``."""
    return click.option(
        "-f", "--format", "fmt", type=click.Choice(choices), default=default, show_default=True, help=help
    )


def color_option(what: str) -> Callable[[Any], Any]:
    """``--color``: whether `what` is coloured."""
    return click.option(
        "--color",
        type=click.Choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        help=f"Colour {what}: 'auto' colours only a terminal, and never with NO_COLOR set.",
    )


def diff_workers(jobs: int | None) -> int:
    """The processes of one comparison: ``-j``, else two where the machine
    has a second core that the last minute left idle (a 1-minute load
    average below the number of cores: a run of the bench alone, one
    command after another, holds it at ~1.2-1.9 on two cores), else one.

    A second process (OLD's reading, half the word diffs) shortens the run
    only on an idle core: where other work holds it, the helper's CPU
    competes with this process instead. Interleaved at load ~4-4.6 on two
    cores (HTML, 8-10 rounds), two processes against one: adjacent pair
    0.333 against 0.290 s and 0.276 against 0.215 s, 2018 pair 0.562
    against 0.504 s, 17-year gap 1.530 against 1.477 s and 1.215 against
    1.116 s; at load 2.4-3 (bench/four_runs.sh) two processes took the
    gap from 0.935 to 0.882 s, fd45db9 beside them as before."""
    if jobs is not None:
        return jobs
    cores = _cores()
    try:
        load = os.getloadavg()[0]
    except (OSError, AttributeError):  # no load average (Windows): no fork there either
        load = 0.0
    return 2 if cores >= 2 and load < cores else 1


def series_workers(jobs: int | None) -> int:
    """The processes of a history or a trace: ``-j``, else two (one on a one-core machine)."""
    return jobs if jobs is not None else min(2, _cores())


def _cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow
    fewer than the machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def cache_dir() -> Path | None:
    """Where compiled templates are cached: $RULDIFF_CACHE_DIR (empty: no
    cache), else $XDG_CACHE_HOME/ruldiff, else ~/.cache/ruldiff."""
    env = os.environ.get("RULDIFF_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ruldiff"


def series_cache() -> Path | None:
    """Where parsed documents and steps are cached: ``series/`` in `cache_dir`."""
    base = cache_dir()
    return base / "series" if base is not None else None
