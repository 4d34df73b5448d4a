"""``ruldiff diff OLD NEW`` (and ``ruldiff OLD NEW``): the changelog between two releases.

The options are wired here to the layers below: the documents read
(read.py), an editor's files (`read_editorial`), `compare`, then `render`
(a page from its context alone, the documents and the comparison let go
first, a long one's freed memory handed back: `_give_back_memory`) or
`render_stat`, delivered where ``-o`` says (output.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..documents.load import STDIO
from ..documents.profiles import BUILTIN
from ..errors import RuldiffError
from ..model import Document
from ..outputs import ahead
from ..outputs.render import FORMATS, STYLES, render, template_name
from .options import cache_dir, color_option, diff_workers, format_option, max_size_option
from .output import deliver, inputs, output_target, use_color, warn
from .read import read_pair_then, warn_profiles, warn_swapped

if TYPE_CHECKING:
    from ..editorial.annotate import Editorial

__all__ = ["command"]


def _max_chars(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    if value is None:
        return None
    from ..outputs.cap import parse_limit  # only --max-chars pays for it

    try:
        return parse_limit(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def layout_options(f: Any) -> Any:
    """How the changelog is laid out (issue #15): --style, --template, --max-chars."""
    f = click.option(
        "--max-chars",
        metavar="N|comment|summary",
        callback=_max_chars,
        help="Shorten the changelog (any format) to at most N bytes, dropping detail first "
        "(renumbered-only, mechanical, long texts; then later changes listed by ID) and saying "
        "at its end what it left out and the command for the whole. "
        "'comment': 65,536 (a GitHub comment); 'summary': 1 MiB (a CI job summary).",
    )(f)
    f = click.option(
        "--template",
        "template_file",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help="Render this one template (sandboxed) with the context --format context shows.",
    )(f)
    return click.option(
        "--style",
        type=click.Choice(STYLES),
        default="changelog",
        show_default=True,
        help="'bulletin': only the substantive changes, by section, as official update bulletins read.",
    )(f)


def editor_options(f: Any) -> Any:
    """An editor's files (issue #17): --notes, --overrides, --reviewed, --hide-reviewed."""
    f = click.option(
        "--hide-reviewed",
        is_flag=True,
        help="Leave out the changes --reviewed records as accepted (the output says how many).",
    )(f)
    f = click.option(
        "--reviewed",
        metavar="FILE",
        help="The review state 'ruldiff review' writes: changes accepted as they are now are "
        "marked (or left out, with --hide-reviewed); those that differ since are flagged.",
    )(f)
    f = click.option(
        "--overrides",
        metavar="FILE",
        help="Match overrides (YAML list: {old: 903.9, removed: true}, {old: 702.9, new: 702.10}, "
        "{old: 112.10, new: [112.10, 112.10c]}), applied before the automatic alignment; "
        "one that no longer applies is a warning.",
    )(f)
    return click.option(
        "--notes",
        metavar="FILE",
        help="Editors' notes (YAML: change ID -> Markdown), shown under their changes; a note "
        "whose ID has no change is a warning, with the ID it probably means.",
    )(f)


def chosen_template(
    fmt: str, style: str, template_file: str | None, templates: str | None
) -> tuple[str | None, str | None]:
    """The template to render and the directory searched first: the user's
    --template FILE, or the style's built-in template (None for text, json
    and context)."""
    if template_file is None:
        return template_name(fmt, style), templates
    if templates is not None:
        raise RuldiffError("give --template FILE or --templates DIR, not both")
    if not Path(template_file).is_file():
        raise RuldiffError("template not found", path=template_file)
    return os.path.basename(template_file), os.path.dirname(template_file) or "."


def _editorial(notes: str | None, overrides: str | None, reviewed: str | None) -> Editorial | None:
    """An editor's files, read and parsed; None when none is given. The
    editorial layer (notes, overrides, the review state, check's findings)
    is imported only then: ~16 ms of the start of a plain comparison."""
    if notes is None and overrides is None and reviewed is None:
        return None
    from ..editorial.annotate import read_editorial

    return read_editorial(notes, overrides, reviewed)


@click.command("diff")
@click.argument("old")
@click.argument("new")
@format_option(
    FORMATS,
    "text: for the terminal; md: Markdown (pull requests, wikis); html: one page with "
    "everything inline; json: data for programs (its schema: 'ruldiff schema'); "
    "context: what a template receives (to write your own).",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write to FILE instead of standard output ('-': standard output). FILE is complete "
    "or untouched, never half-written, and never one of the inputs.",
)
@click.option(
    "--no-pager",
    is_flag=True,
    help="Write straight to the terminal. Otherwise, on a terminal, the output goes "
    "through $RULDIFF_PAGER, $PAGER or less (with LESS=FRX unless LESS is set), as git does.",
)
@click.option(
    "--stat",
    is_flag=True,
    help="Only a summary, as 'git diff --stat': changes per section with a bar of their "
    "kinds, the totals by kind and tag, the main substitutions and renumbering runs.",
)
@click.option(
    "--exit-code",
    is_flag=True,
    help="Exit with status 1 if the documents differ and 0 if not, as 'git diff "
    "--exit-code' does (errors stay 2); the output is written either way.",
)
@color_option("the text format")
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. "
    "Detected when omitted; give it when a warning says a document was read badly.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Processes for a comparison: OLD read while NEW is, then the template loaded while "
    "they are compared, the word diffs of a long one shared (default: 2 where a second core "
    "sat idle over the last minute; 1: one process). "
    "The output is the same.",
)
@click.option(
    "--templates",
    type=click.Path(file_okay=False, path_type=str),
    metavar="DIR",
    help="Use your own templates: a file in DIR named like a built-in one "
    "(changelog.md.j2, changelog.html.j2) replaces it. Start from -f context.",
)
@click.option(
    "--through",
    multiple=True,
    metavar="DIR|FILE",
    help="The releases of the series (a folder, or files; may be repeated), for releases years "
    "apart: a rule reported removed gets a hint naming the rule it became step by step through "
    "the releases dated between OLD and NEW, when that rule is reported added (a hint, not a "
    "claim: nothing is paired or counted). The steps are cached, as 'ruldiff history' caches them.",
)
@max_size_option
@layout_options
@editor_options
def diff_command(
    old: str,
    new: str,
    fmt: str,
    output: str | None,
    no_pager: bool,
    stat: bool,
    exit_code: bool,
    color: str,
    profile: str | None,
    jobs: int | None,
    templates: str | None,
    max_size: int,
    style: str,
    template_file: str | None,
    max_chars: int | None,
    notes: str | None,
    overrides: str | None,
    reviewed: str | None,
    hide_reviewed: bool,
    through: tuple[str, ...] = (),
) -> None:
    """Compare two releases of a rules document: OLD, then NEW.

    Each is a text file in any common encoding, a text-based PDF, a Word
    file (.docx) or a saved web page; '-' reads it from standard input.

    \b
    Examples:
      ruldiff old.txt new.txt                      read the changelog here
      ruldiff old.txt new.txt --stat               only the counts, by section
      ruldiff old.txt new.txt -f html -o out.html  one page with everything
      ruldiff old.pdf new.pdf --profile mtg-cr     say how to read them
      ruldiff old.txt new.txt --exit-code -o CHANGES.md -f md || echo changed
      ruldiff old.txt new.txt --notes notes.yaml --reviewed review.json -f html -o out.html
      ruldiff releases/2009.txt releases/2026.txt --through releases/
    """
    if hide_reviewed and reviewed is None:
        raise click.UsageError("--hide-reviewed needs --reviewed FILE: the review state says what was accepted")
    workers = diff_workers(jobs)
    cache = cache_dir()
    layout = [
        name for name, given in (
            (f"--style {style}", style != "changelog"), ("--template", template_file is not None),
            ("--max-chars", max_chars is not None),
        ) if given
    ]
    if stat:
        clash = [f"--format {fmt}"] * (fmt != "text") + layout
        if clash:
            raise click.UsageError(f"--stat is a summary in text; it does not combine with {', '.join(clash)}")
    if fmt in ("json", "context") and layout:
        raise click.UsageError(f"--format {fmt} is the data, not a page; it does not combine with {', '.join(layout)}")
    if old == STDIO and new == STDIO:
        raise click.UsageError("OLD and NEW cannot both be standard input ('-'); give one of them as a file")
    if through and STDIO in (old, new, *through):
        raise click.UsageError("--through finds OLD and NEW among the releases by their files; give them as files, not '-'")
    template, templates = chosen_template(fmt, style, template_file, templates)
    read = inputs(old, new, profile=profile, templates=templates, template=template)
    releases = _releases(through) if through else []
    read += releases
    editor = _editorial(notes, overrides, reviewed)
    read += [p for p in (notes, overrides, reviewed) if p is not None]
    target = output_target(output, read) if output is not None else None
    # An error in OLD is reported first; the decoded texts are not kept past the warnings.
    # The helper that reads OLD then loads the built-in template, to render a changelog short enough (outputs/ahead.py).
    then = None
    if template is not None and templates is None and max_chars is None and not stat:
        then = ahead.loading(template, cache)
    old_doc, new_doc, helper = read_pair_then(
        old, new, profile, max_size, ahead=workers > 1, then=then, meanwhile=_import_comparing
    )
    from ..diff.pipeline import compare
    from ..outputs.context import build_context

    try:
        warn_profiles(old_doc, new_doc)
        warn_swapped(old_doc, new_doc)
        plan, unmet = editor.plan(old_doc, new_doc) if editor is not None else (None, [])
        comparison = compare(old_doc, new_doc, plan=plan, workers=workers)
        if through:
            comparison = _lineage(comparison, releases, old, new, profile, max_size, jobs)
        shown_comparison, annotations, unused = (
            editor.apply(comparison, hide_reviewed) if editor is not None else (comparison, None, [])
        )
        for warning in unmet + unused:
            warn(warning)
        if templates is not None and not Path(templates).is_dir():
            raise RuldiffError("templates directory not found", path=templates)
        changed = bool(comparison.changes)
        if stat:
            from ..outputs.stat import render_stat  # only for --stat: ~1.4 ms of every other start

            text = render_stat(shown_comparison, color=use_color(color, output))
        elif fmt == "json":
            text = render(shown_comparison, fmt, annotations=annotations)
        else:
            # A page needs only its context: the documents and the comparison
            # go before it is written, their memory reused by the page.
            context = build_context(shown_comparison, annotations)
            del old_doc, new_doc, plan, comparison, shown_comparison
            if context["total_changes"] > ahead.RENDER_AHEAD_MAX:
                _give_back_memory()
            text = render(
                None,
                fmt,
                context=context,
                templates=templates,
                color=fmt == "text" and use_color(color, output),
                cache=cache,
                prepared=ahead.drawing(helper, template, cache) if helper is not None and template is not None else None,
                style=style,
                template=template,
                max_chars=max_chars,
            )
            del context
        deliver(text, target, paged=output is None and not no_pager)
        if exit_code and changed:
            sys.exit(1)
    finally:
        if helper is not None:
            helper.stop()


def _import_comparing() -> None:
    """Import the layers that compare the documents and build the page's
    context (~17 ms of CPU: the diff layer's modules and their patterns),
    while the helper reads OLD (`read_pair_then`'s ``meanwhile``): done
    before OLD is sent back rather than before the helper is forked, this
    work leaves the path of the command's time."""
    from ..diff import pipeline  # noqa: F401
    from ..outputs import context  # noqa: F401


def _releases(through: tuple[str, ...]) -> list[str]:
    """The files of ``--through``: each a folder (its documents, symbolic
    links left out as a history leaves them) or a file."""
    from ..series.releases import collect

    return [p for given in through for p in collect([given], warn=warn, to_follow="give it as --through {path} to read it")]


def _lineage(direct: Any, releases: list[str], old: str, new: str, profile: str | None, max_size: int,
             jobs: int | None) -> Any:
    """The comparison with the hints of ``--through`` (series/lineage.py):
    the releases read and compared step by step (cached), from OLD to NEW."""
    import functools

    from ..documents.load import read_input
    from ..series.lineage import between, lineage_hints, relation
    from ..series.releases import Series
    from ..series.store import Store
    from .options import series_cache, series_workers
    from .output import Progress

    with Progress() as progress:
        series = Series(functools.partial(read_input, max_size=max_size), profile=profile,
                        store=Store(series_cache()), workers=series_workers(jobs), progress=progress)
        versions, steps = between(series, releases, old, new, warn=progress.warn)
    return lineage_hints(direct, relation(versions, steps))


def _give_back_memory() -> None:
    """Return the C heap's free pages to the system (glibc's
    ``malloc_trim``), where the C library has it; elsewhere nothing.

    Called once a long comparison is let go, before its page is rendered
    here (more changes than `ahead.RENDER_AHEAD_MAX`): the memory the
    documents and the comparison freed stays with the process, in pieces
    too scattered for jinja2's import, the template and the page to be
    given, so the page took fresh memory above it, and the run peaked
    while rendering. On the 17-year gap (HTML, ``-j 1``) the trim hands
    back ~15 MB (60.8 -> 45.5 MB resident) and the peak falls from
    67.9-68.2 to 62.1-62.3 MB (`bench/peakmem.py --runs 3`, three rounds
    alternated with the code before; by hash seed 1-12, 65.7-66.8 ->
    62.9-63.7 MB). Its cost, ctypes' import and the trim: +4.3 M
    instructions on that run (+0.07%), its CPU time the same within the
    noise (bench/README.md, "speed18"). A changelog short enough for the
    helper to render never gets here, nor does one rendered here, short
    (``-j 1``)."""
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (ImportError, OSError, AttributeError, TypeError):  # no ctypes, or no malloc_trim (macOS, musl, Windows)
        pass


command = diff_command
