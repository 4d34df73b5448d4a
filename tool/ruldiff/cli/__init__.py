"""The command line: the only module that imports click, and the only one that does I/O.

    ruldiff OLD NEW [--format text|md|html|json|context] [--stat] [-o FILE] [--exit-code]
    ruldiff parse FILE          ruldiff schema

`main` is a click group whose default command is ``diff``, so that
``ruldiff old.txt new.txt`` and ``ruldiff diff old.txt new.txt`` are the same,
and later subcommands fit beside it. ``-`` names standard input (OLD, NEW,
FILE: `Stdin`) and standard output (``-o -``); on a terminal the output goes
through a pager (`page_or_emit`, pager.py). Errors raised by the pipeline
(`RuldiffError`) are turned here, and only here, into one line on stderr and
exit status 2; so are click's usage errors, failures to write, and signals
(`run`). Where ``-o`` may write is decided here too (`output_target`): never
over an input, through a device, keeping a file's mode.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import os
import signal
import stat
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import click

from .. import __version__
from ..editorial.check import (
    apply_ignores, check_document, check_ignore, check_release, is_problem, note_findings, override_findings,
    parse_config,
)
from ..editorial.overrides import Override, apply as apply_overrides, parse_overrides, unmet as unmet_overrides
from ..editorial.notes import Note, match_notes, parse_notes
from ..editorial.annotate import Editorial
from ..editorial.annotate import annotate
from ..model import Change
from ..editorial.check_render import CHECK_FORMATS, render_findings
from ..diff.pipeline import compare
from ..config import CONFIG_NAME, Config, load_config
from ..errors import ReadError, RuldiffError
from ..model import Comparison, Document
from ..documents.fit import better_profile, fit_warning, misfit
from ..documents.parse import parse, parse_bounded
from ..documents.read import decode
from ..documents.profiles import BUILTIN, detect_profile, load_profile
from ..outputs.cap import parse_limit, size
from ..outputs.render import FORMATS, STYLES, build_context, change_text, render, render_document, template_name
from ..outputs.stat import render_stat
from ..series.trace import TRACE_FORMATS

if TYPE_CHECKING:
    from ..editorial.review import Accepted, Answer

# What only one subcommand needs (a history's site writer, store and worker
# pool; trace; the review walk; the pager, started only on a terminal; the
# schema) is imported inside it, so that the everyday comparison does not
# pay for it: with yaml, imported only for an editor's file, this took
# ~30 ms off the start of every comparison (bench/README.md).

__all__ = ["main", "run"]

GC_THRESHOLD = 100_000
"""Allocations between two collections of the youngest generation (Python's
default: 700). A run allocates some 10^5 small objects (rules, pairs, edits)
that live until it ends and form almost no reference cycles; with the default, the
cycle collector walks them hundreds of times, a sixth of the time of a
comparison of two releases. Reference counting still frees everything as usual."""

MAX_SIZE = 64 * 2**20
"""Default of ``--max-size``: the largest input read, in bytes (64 MiB; the
largest real rules document, a Comprehensive Rules release, is ~1.3 MB, and a
comparison peaks at ~11 times its two inputs together: 784 MB for two
36 MB documents, bench/README.md)."""

max_size_option = click.option(
    "--max-size",
    metavar="BYTES",
    callback=lambda ctx, param, value: parse_size(value),
    default=str(MAX_SIZE),
    help="Refuse an input larger than this, such as 500K, 64M or 1G, before reading it "
    "all [default: 64M, some 50 times the largest real rules document].",
)


no_pager_option = click.option(
    "--no-pager", is_flag=True, help="Write straight to the terminal, not through a pager."
)


class Failure(click.ClickException):
    """A RuldiffError as click shows it: ``Error: <path>:<line>: <message>``, exit 2."""

    exit_code = 2


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: raised by the command's signal handler, so
    that every ``finally`` on the way out runs (temporary files removed, child
    processes stopped and reaped); the command then exits with 128 + the
    signal's number. A BaseException, as KeyboardInterrupt is: no ``except
    Exception`` stops it on its way."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class OutputClosed(Exception):
    """Standard output is a pipe whose reader has gone (``ruldiff a b | head -1``)."""


class DefaultGroup(click.Group):
    """A group that runs its default command when the first argument names
    none of its commands nor one of its own options: ``ruldiff OLD NEW`` is
    ``ruldiff diff OLD NEW``, while ``ruldiff -h``, ``ruldiff --help`` and
    ``ruldiff --version`` stay the group's. (The group's options are read
    from its parameters, so that a short name such as ``-h`` is not forwarded
    to ``diff`` while ``--help`` is not, as it once was.)"""

    default_command = "diff"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in self._own_options(ctx):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)

    def _own_options(self, ctx: click.Context) -> set[str]:
        return {name for param in self.get_params(ctx) for name in (*param.opts, *param.secondary_opts)}


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruldiff")
def main() -> None:
    """Compare two releases of a numbered rules document (game rules,
    tournament policies, regulations): which rules were added, removed,
    changed or renumbered, and the words that changed in each.

    \b
    Examples:
      ruldiff old.txt new.txt                      the changelog, to read here
      ruldiff old.txt new.txt --stat               a summary: counts by section
      ruldiff old.txt new.txt --no-pager           no pager on a terminal
      ruldiff old.txt new.txt -f html -o out.html  one HTML page to share
      ruldiff old.txt new.txt -f md -o CHANGES.md  Markdown for a pull request
      ruldiff old.txt new.txt -f json | jq .       data for a script
      curl -s URL | ruldiff old.txt -              NEW from standard input
      ruldiff parse new.txt -f text                how a document is read
      ruldiff schema                               the JSON Schema of -f json

    \b
    Exit status: 0 success (with --exit-code: no changes), 1 changes found
    (only with --exit-code), 2 any error, told in one line.

    'ruldiff OLD NEW' is short for 'ruldiff diff OLD NEW'; see
    'ruldiff diff --help' for every option of a comparison.
    """


def _max_chars(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    if value is None:
        return None
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
        help="Shorten the changelog to at most N bytes, dropping detail first "
        "(renumbered-only, mechanical, long texts) and saying so at its end. "
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


def read_editor_file(path: str, what: str) -> str:
    """The text of an editor's file (notes, overrides, review state)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuldiffError(f"no such {what} file", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise RuldiffError(f"cannot read the {what}: {reason}", path=path) from None


def read_editor_files(notes: str | None, overrides: str | None, reviewed: str | None) -> Editorial:
    """An editor's files, read and parsed (each error one RuldiffError)."""
    from ..editorial.review import parse_reviewed

    return Editorial(
        notes=parse_notes(read_editor_file(notes, "notes"), notes) if notes is not None else None,
        notes_path=notes or "",
        overrides=parse_overrides(read_editor_file(overrides, "overrides"), overrides) if overrides is not None else None,
        overrides_path=overrides or "",
        state=parse_reviewed(read_editor_file(reviewed, "review state"), reviewed) if reviewed is not None else None,
    )


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


@main.command("diff")
@click.argument("old")
@click.argument("new")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text: for the terminal; md: Markdown (pull requests, wikis); html: one page with "
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
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the text format: 'auto' colours only a terminal, and never with NO_COLOR set.",
)
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
    help="Accepted and ignored, for the scripts that pass it: a comparison runs in one "
    "process, which measured as fast as using more cores or faster.",
)
@click.option(
    "--templates",
    type=click.Path(file_okay=False, path_type=str),
    metavar="DIR",
    help="Use your own templates: a file in DIR named like a built-in one "
    "(changelog.md.j2, changelog.html.j2) replaces it. Start from -f context.",
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
    """
    if hide_reviewed and reviewed is None:
        raise click.UsageError("--hide-reviewed needs --reviewed FILE: the review state says what was accepted")
    del jobs  # accepted and ignored: see bench/README.md, "What pays"
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
    try:
        template, templates = chosen_template(fmt, style, template_file, templates)
        inputs = _inputs(old, new, profile=profile, templates=templates, template=template)
        editor = read_editor_files(notes, overrides, reviewed)
        inputs += [p for p in (notes, overrides, reviewed) if p is not None]
        target = output_target(output, inputs) if output is not None else None
    except RuldiffError as exc:
        raise Failure(str(exc)) from None
    stdin = Stdin(max_size)
    try:
        old_doc = load(old, profile, max_size, stdin)  # an error in the old document is reported first
        new_doc = load(new, profile, max_size, stdin)
        warn_misfit(old_doc, profile, max_size, stdin)
        warn_misfit(new_doc, profile, max_size, stdin)
        if old_doc.profile != new_doc.profile:
            # Two versions of one document read with two grammars give a
            # changelog of noise: say so, the output alone would not.
            click.echo(
                f"warning: {shown(old)} was read with profile {old_doc.profile}, {shown(new)} with "
                f"{new_doc.profile}; give --profile to read both the same way",
                err=True,
            )
        warn_swapped(old_doc, new_doc)
        plan, unmet = editor.plan(old_doc, new_doc)
        comparison = compare(old_doc, new_doc, plan=plan)
        shown_comparison, annotations, unused = editor.apply(comparison, hide_reviewed)
        for warning in unmet + unused:
            click.echo(f"warning: {warning}", err=True)
        if templates is not None and not Path(templates).is_dir():
            raise RuldiffError("templates directory not found", path=templates)
        if stat:
            text = render_stat(shown_comparison, color=_use_color(color, output))
        else:
            text = render(
                shown_comparison,
                fmt,
                templates=templates,
                color=fmt == "text" and _use_color(color, output),
                cache=cache,
                style=style,
                template=template,
                max_chars=max_chars,
                annotations=annotations,
            )
            if max_chars is not None and size(text) > max_chars:
                click.echo(
                    f"warning: even shortened, the changelog is {size(text):,} bytes, over {max_chars:,}", err=True
                )
    except RuldiffError as exc:
        raise Failure(str(exc)) from None
    try:
        deliver(text, target, paged=output is None and not no_pager)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None
    if exit_code and comparison.changes:
        sys.exit(1)


@main.command("parse")
@click.argument("file")
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read it: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["json", "yaml", "text"]),
    default="json",
    show_default=True,
    help="json or yaml: every item, for programs; text: an indented outline, to read.",
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output); never to the input.")
@no_pager_option
@max_size_option
def parse_command(
    file: str, profile: str | None, fmt: str, output: str | None, no_pager: bool, max_size: int
) -> None:
    """Show how a document is read: its title, date, rules and glossary, and
    how much of it the profile read (to check a profile). FILE '-' reads
    standard input.

    \b
    Examples:
      ruldiff parse new.txt -f text | less
      ruldiff parse new.txt --profile my-rules.yaml -f yaml
    """
    stdin = Stdin(max_size)
    try:
        target = output_target(output, _inputs(file, profile=profile)) if output is not None else None
        doc = load(file, profile, max_size, stdin)
        warn_misfit(doc, profile, max_size, stdin)
        deliver(render_document(doc, fmt), target, paged=output is None and not no_pager)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None


@main.command("schema")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output).")
@no_pager_option
def schema_command(output: str | None, no_pager: bool) -> None:
    """Print the JSON Schema (draft 2020-12) of '--format json': every key,
    its type and the values it takes. The schema ships with ruldiff, and
    describes exactly the output of this version.

    \b
    Examples:
      ruldiff schema -o ruldiff.schema.json
      ruldiff old.txt new.txt -f json -o changes.json
      check-jsonschema --schemafile ruldiff.schema.json changes.json
    """
    from ..outputs.schema import schema_text

    try:
        target = output_target(output, ()) if output is not None else None
        deliver(schema_text(), target, paged=output is None and not no_pager)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None


CHECK_CONFIG = "ruldiff.yaml"
"""The project's config file, read by ``check`` from the current directory
when --config is not given."""


@main.command("check")
@click.argument("documents", nargs=-1, required=True, metavar="FILE | OLD NEW")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(CHECK_FORMATS),
    default="text",
    show_default=True,
    help="text: one line per finding, path:line: rule: code: reason; md: tables for a "
    "pull request; json: data for programs (schema in the README, 'For editors').",
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output); never to an input.")
@click.option(
    "--ignore",
    "ignores",
    multiple=True,
    metavar="CODE[:RULE]",
    help="Leave out a kind of finding (numbering-gap), or one finding an editor has "
    "accepted (dangling-reference:702.19). Repeatable; adds to the config file's check.ignore.",
)
@click.option(
    "--config",
    metavar="FILE",
    help=f"The project's config file (YAML, key check.ignore) [default: {CHECK_CONFIG} "
    "in the current directory, when there is one].",
)
@click.option(
    "--notes",
    metavar="FILE",
    help="Editors' notes (YAML: change ID -> Markdown); with OLD NEW, a note whose ID "
    "has no change is reported, with the ID it probably means.",
)
@click.option(
    "--overrides",
    metavar="FILE",
    help="Match overrides (YAML list: {old: 903.9, removed: true}, {old: 112.10, new: [112.10, "
    "112.10c]}...), applied before the alignment; one that no longer applies is reported.",
)
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.",
)
@no_pager_option
@max_size_option
def check_command(
    documents: tuple[str, ...],
    fmt: str,
    output: str | None,
    ignores: tuple[str, ...],
    config: str | None,
    notes: str | None,
    overrides: str | None,
    profile: str | None,
    no_pager: bool,
    max_size: int,
) -> None:
    """Review a release before it is published: FILE alone, or what NEW
    broke since OLD.

    \b
    One version: references to rules that do not exist, in a form no rule
    is numbered in, or whose quoted title is another rule's; numbers printed
    twice, skipped or out of order; Contents entries that do not match the
    headings. With OLD and NEW, also: references still at the old number
    of a renumbered rule, references to removed rules, and, to review, the
    rules that cite each substantively changed rule and the glossary
    entries whose links moved.

    \b
    Exit status: 0 no problems (findings to review alone are no problem),
    1 problems found, 2 error.

    \b
    Examples:
      ruldiff check draft.txt
      ruldiff check last.txt draft.txt -f md -o REVIEW.md
      ruldiff check draft.txt --ignore numbering-gap --ignore dangling-reference:702.19
    """
    if len(documents) > 2:
        raise click.UsageError("check takes FILE, or OLD NEW: at most two documents")
    if documents.count(STDIO) > 1:
        raise click.UsageError("only one document can be standard input ('-')")
    if notes is not None and len(documents) != 2:
        raise click.UsageError("--notes needs OLD and NEW: notes are matched to the changes between them")
    if overrides is not None and len(documents) != 2:
        raise click.UsageError("--overrides needs OLD and NEW: overrides say how their rules pair")
    stdin = Stdin(max_size)
    try:
        config_path = config if config is not None else (CHECK_CONFIG if os.path.isfile(CHECK_CONFIG) else None)
        accepted: list[str] = [check_ignore(i) for i in ignores]
        if config_path is not None:
            try:
                config_text = Path(config_path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise RuldiffError(f"cannot read the config file: {exc}", path=config_path) from None
            accepted.extend(parse_config(config_text, config_path))
        inputs = _inputs(*documents, profile=profile) + [p for p in (config_path, notes, overrides) if p]
        editor = read_editor_files(notes, overrides, None)
        editors_notes: tuple[Note, ...] = editor.notes or ()
        forced: tuple[Override, ...] = editor.overrides or ()
        target = output_target(output, inputs) if output is not None else None
        loaded = []
        for path in documents:
            source = decode(read_input(path, max_size, stdin), shown(path))
            grammar = load_profile(profile) if profile is not None else detect_profile(source.text)
            if profile is not None and profile not in BUILTIN:
                doc = parse_bounded(source, grammar, profile)
            else:
                doc = parse(source, grammar)
            warn_misfit(doc, profile, max_size, stdin)
            loaded.append((source.text, grammar, doc))
        text, grammar, new_doc = loaded[-1]
        if len(loaded) == 2:
            warn_swapped(loaded[0][2], new_doc)
            old_doc = loaded[0][2]
            comparison = compare(old_doc, new_doc, plan=apply_overrides(forced, old_doc, new_doc))
            findings = check_release(comparison, text, grammar)
            if overrides is not None:
                findings += tuple(override_findings(unmet_overrides(forced, old_doc, new_doc), overrides))
            if notes is not None:
                _, unused = match_notes(comparison, editors_notes)
                findings += tuple(note_findings(unused, notes))
        else:
            findings = check_document(new_doc, text, grammar)
        kept, dropped = apply_ignores(findings, accepted)
        rendered = render_findings(kept, fmt, [shown(d) for d in documents], dropped)
        deliver(rendered, target, paged=output is None and not no_pager)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None
    if any(is_problem(f) for f in kept):
        sys.exit(1)


series_jobs_option = click.option(
    "-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
    help="Parse and compare on up to N processes [default: 2, or 1 on a one-core machine; "
    "two took the whole MTG archive from 21.6 to 14.7 s, see bench/README.md].",
)


def series_workers(jobs: int | None) -> int:
    """The processes of a history or a trace: ``-j``, else two (one on a one-core machine)."""
    return jobs if jobs is not None else min(2, os.cpu_count() or 1)


follow_links_option = click.option(
    "--follow-links", is_flag=True,
    help="Read the symbolic links in the releases folder too [default: skipped, with a warning].",
)


config_option = click.option(
    "--config", metavar="FILE",
    help="Project defaults (profile, templates, output, releases, order) [default: ./ruldiff.yaml, if there is one].",
)


@main.command("history")
@click.argument("files", nargs=-1, metavar="FILES...|DIR")
@click.option("-o", "--output", "site", metavar="SITE",
              help="The directory of the site (created if missing; a page that changed is replaced) "
              "[default: 'output' of ruldiff.yaml].")
@click.option("--templates", type=click.Path(file_okay=False, path_type=str), metavar="DIR",
              help="Your own templates: a file in DIR named like a built-in one replaces it, on every page.")
@config_option
@click.option("--profile", metavar="NAME|FILE",
              help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.")
@series_jobs_option
@follow_links_option
@max_size_option
def history_command(
    files: tuple[str, ...], site: str | None, templates: str | None, config: str | None, profile: str | None,
    jobs: int | None, follow_links: bool, max_size: int,
) -> None:
    """Write the history of a document as a static site: every release in
    the order of the effective dates they print, a changelog per step (HTML,
    Markdown, JSON), a timeline and the lineage of each rule.

    Parsed documents and steps are cached (see README, "Cache"): adding a
    release to the series redoes only its step.

    \b
    Examples:
      ruldiff history releases/ -o site          every release in releases/ (*.txt, *.pdf...)
      ruldiff history v1.txt v2.txt v3.txt -o site
      ruldiff history                            as ruldiff.yaml says
    """
    from ..series.history import SiteWriter, build
    from ..series.releases import Series, collect
    from ..series.store import Store

    workers = series_workers(jobs)
    try:
        settings = _project_config(config)
        files = files or settings.releases
        site = site or settings.output
        profile = profile or settings.profile
        templates = templates or settings.templates
        if not files or site is None:
            raise click.UsageError("give the releases (FILES... or DIR) and -o SITE, or set 'releases' and 'output' in ruldiff.yaml")
        if STDIO in files:
            raise RuldiffError("a history reads files, not standard input ('-')")
        paths = collect(files, follow_links=follow_links, warn=_Progress().warn)
        read = functools.partial(read_input, max_size=max_size)
        template_files = [str(p) for p in Path(templates).glob("*.j2")] if templates is not None else []
        writer = SiteWriter(site, [*_inputs(*paths, profile=profile), *template_files, *([config] if config else [])],
                            write_atomic, releases=files, warn=_Progress().warn)
        store = Store(_series_cache())
        with _Progress() as progress:
            series = Series(read, profile=profile, store=store, workers=workers, progress=progress)
            pages = build(paths, series, writer, warn=progress.warn, templates=templates, explicit_order=settings.order,
                          claim=writer.claim)
        writer.prune(pages)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None


@main.command("trace")
@click.argument("rule")
@click.argument("files", nargs=-1, metavar="FILES...|DIR")
@click.option("--in", "at", metavar="FILE|DATE",
              help="The version in which RULE has this ID (a file given, its name, or its date) "
              "[default: the last version that has it].")
@click.option("-f", "--format", "fmt", type=click.Choice(TRACE_FORMATS), default="text", show_default=True,
              help="text: to read here; md, html: to share; json: one entry per version, for programs.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output); never to an input.")
@click.option("--profile", metavar="NAME|FILE",
              help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.")
@series_jobs_option
@config_option
@follow_links_option
@no_pager_option
@max_size_option
def trace_command(
    rule: str, files: tuple[str, ...], at: str | None, fmt: str, output: str | None, profile: str | None,
    jobs: int | None, config: str | None, follow_links: bool, no_pager: bool, max_size: int,
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
    from ..series.releases import Series, collect
    from ..series.store import Store
    from ..series.trace import render_trace, trace

    workers = series_workers(jobs)
    try:
        settings = _project_config(config)
        files = files or settings.releases
        profile = profile or settings.profile
        if not files:
            raise click.UsageError("give the releases (FILES... or DIR), or set 'releases' in ruldiff.yaml")
        if STDIO in files:
            raise RuldiffError("a trace reads files, not standard input ('-')")
        paths = collect(files, follow_links=follow_links, warn=_Progress().warn)
        target = output_target(output, _inputs(*paths, profile=profile)) if output is not None else None
        read = functools.partial(read_input, max_size=max_size)
        with _Progress() as progress:
            series = Series(read, profile=profile, store=Store(_series_cache()), workers=workers, progress=progress)
            versions, warnings = series.versions(paths, settings.order)
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
    except RuldiffError as exc:
        raise Failure(str(exc)) from None


def _project_config(path: str | None) -> Config:
    """The project's defaults: `path`, else ``ruldiff.yaml`` in the current
    directory if there is one, else none."""
    if path is None:
        if not os.path.isfile(CONFIG_NAME):
            return Config()
        path = CONFIG_NAME
    return load_config(decode(read_input(path, MAX_SIZE), path).text, path)


def _series_cache() -> Path | None:
    """Where parsed documents and steps are cached: ``series/`` in `cache_dir`."""
    base = cache_dir()
    return base / "series" if base is not None else None


class _Progress:
    """A progress line on standard error while a series is read and
    compared, on a terminal only (quiet when piped); warnings are written
    on lines of their own."""

    def __init__(self) -> None:
        self.tty = _isatty(sys.stderr)
        self.shown = False

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self._clear()

    def __call__(self, what: str, done: int, total: int) -> None:
        if not self.tty or total == 0:
            return
        width = 30
        filled = width * done // total
        label = {"read": "reading ", "compare": "comparing"}.get(what, what)
        sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()
        self.shown = True

    def warn(self, message: str) -> None:
        self._clear()
        click.echo(f"warning: {message}", err=True)

    def _clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


@main.command("review")
@click.argument("old")
@click.argument("new")
@click.option(
    "--reviewed",
    metavar="FILE",
    required=True,
    help="The review state to read (when it exists) and write: JSON, one entry per accepted change.",
)
@click.option(
    "--accept-all",
    is_flag=True,
    help="Ask nothing: accept every change not yet accepted as it is now (for a script; "
    "without it, review asks in the terminal and refuses to run without one).",
)
@click.option(
    "--overrides",
    metavar="FILE",
    help="Match overrides, as for 'ruldiff diff': the same pairing the changelog shows.",
)
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the changes shown: 'auto' colours only a terminal, and never with NO_COLOR set.",
)
@max_size_option
def review_command(
    old: str,
    new: str,
    reviewed: str,
    accept_all: bool,
    overrides: str | None,
    profile: str | None,
    color: str,
    max_size: int,
) -> None:
    """Walk the changes from OLD to NEW not yet accepted (new ones, then
    those that differ since they were accepted), one at a time: accept,
    skip, note (accept with an editor's note) or quit. The review state
    FILE is written when the walk ends (quit included), all at once;
    Ctrl-C leaves it as it was.

    \b
    Examples:
      ruldiff review last.txt draft.txt --reviewed review.json
      ruldiff draft-1.txt draft-2.txt --reviewed review.json --hide-reviewed
      ruldiff review last.txt draft.txt --reviewed review.json --accept-all
    """
    from ..editorial.review import dump_reviewed, parse_reviewed, walk

    if reviewed == STDIO:
        raise click.UsageError("--reviewed must name a file: the review state is read and written there")
    if not accept_all and (STDIO in (old, new) or not _isatty(sys.stdin)):
        raise Failure(
            "review asks in the terminal, and standard input is not one; "
            "give --accept-all to accept every unreviewed change"
        )
    try:
        inputs = _inputs(old, new, profile=profile) + ([overrides] if overrides else [])
        target = output_target(reviewed, inputs)  # before reading it: never an input
        if target is None or target.through:
            raise RuldiffError("is not a regular file; the review state is written as one", path=reviewed)
        state = (
            parse_reviewed(read_editor_file(reviewed, "review state"), reviewed) if os.path.exists(reviewed) else {}
        )
        editor = read_editor_files(None, overrides, None)
        stdin = Stdin(max_size)
        old_doc = load(old, profile, max_size, stdin)
        new_doc = load(new, profile, max_size, stdin)
        plan, unmet = editor.plan(old_doc, new_doc)
        for warning in unmet:
            click.echo(f"warning: {warning}", err=True)
        comparison = compare(old_doc, new_doc, plan=plan)
        ask = _accept_all if accept_all else _terminal_asker(comparison, state, _use_color(color, None))
        after = walk(comparison.changes, state, ask)
        write_atomic(target.real, dump_reviewed(after), mode=target.mode, shown=reviewed)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None
    recorded = sum(1 for k, a in after.items() if state.get(k) != a)
    click.echo(f"{recorded} change{'s' if recorded != 1 else ''} recorded in {reviewed}")


def _accept_all(change: Change, k: int, n: int) -> Answer:
    return ("accept", "")


_ANSWERS = {"a": "accept", "s": "skip", "n": "note", "q": "quit"}


def _terminal_asker(
    comparison: Comparison, state: dict[str, Accepted], color: bool
) -> Callable[[Change, int, int], Answer]:
    """`review.walk`'s question in the terminal: the change as the text
    changelog shows it, then a one-letter answer; end of input is quit."""
    _, annotations = annotate(comparison, None, state)
    context = build_context(comparison, annotations)
    # By ID and kind: a number removed and then reused is two changes of one ID.
    shown = {
        (c["id"], c["kind"]): c
        for group in (*(s["changes"] for s in context["sections"]), context["glossary"], context["mechanical"],
                      context["renumbered_only"])
        for c in group
    }

    def ask(change: Change, k: int, n: int) -> Answer:
        rule = change.new or change.old
        assert rule is not None
        click.echo(f"\n[{k}/{n}]")
        click.echo(change_text(shown[rule.id, change.kind.value], color=color), nl=False)
        try:
            letter = click.prompt(
                "a accept, s skip, n note, q quit", type=click.Choice(list(_ANSWERS)), show_choices=False
            )
            action = _ANSWERS[letter]
            note = click.prompt("note (Markdown, one line)") if action == "note" else ""
        except click.Abort:  # end of input
            return ("quit", "")
        return (action, note)

    return ask


def run() -> None:
    """The ``ruldiff`` command (and ``python -m ruldiff``): `main`, with the
    cycle collector tuned for one short run, its errors and signals turned
    into the documented exit status, ending without a teardown.

    Exit status: 0, or 1 under ``--exit-code`` when the documents differ; 2
    for any error, always one line on stderr (click's usage errors included);
    130 on SIGINT and 143 on SIGTERM (128 + the signal's number), once
    temporary files are removed and child processes stopped; when standard
    output is a pipe whose reader has gone, the command ends quietly, killed
    by SIGPIPE as git is (the shell shows 141). Python warnings of the
    libraries (pypdf's on damaged PDFs) are not shown, unless asked for with
    ``-W`` or PYTHONWARNINGS.

    When the command is done, its output is flushed and the process ends at
    once (`os._exit`), as mypy's does: freeing the documents, pairs and edits
    one object at a time would take 3% of a comparison of two releases, for
    memory the system takes back anyway. Nothing is left to clean up by then:
    `-o` files are closed and renamed, the workers of a series waited for."""
    gc.set_threshold(GC_THRESHOLD, 50, 100)
    if not sys.warnoptions:
        warnings.simplefilter("ignore")
    for signum in _STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # not in a background job
            signal.signal(signum, _interrupt)
    try:
        status = _status(sys.argv[1:])
        _flush_stdout()
    except Interrupted as exc:
        status = 128 + exc.signum
    except OutputClosed:
        status = _end_as_git_does()
    except RuldiffError as exc:
        status = _report(f"Error: {exc}", 2)
    _flush_stderr()
    os._exit(status)


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _interrupt(signum: int, frame: object) -> None:
    """The command's handler of SIGINT and SIGTERM: raise `Interrupted`, once;
    a second signal waits (is ignored) until the clean-up is done."""
    for other in _STOP_SIGNALS:
        signal.signal(other, signal.SIG_IGN)
    raise Interrupted(signum)


def _status(args: list[str]) -> int:
    """Run `main` on `args`; its exit status. Errors are written here, one
    line each."""
    try:
        result = main.main(args, prog_name="ruldiff", standalone_mode=False)
    except SystemExit as exc:
        if exc.code is not None and not isinstance(exc.code, int):
            return _report(str(exc.code), 2)
        return exc.code or 0
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "ruldiff"
        # Bare `ruldiff`: click's message is the whole help text.
        message = "no documents given: ruldiff OLD NEW" if isinstance(exc, _NO_ARGS) else exc.format_message()
        return _report(f"Error: {message} (see '{where} --help')", exc.exit_code)
    except click.ClickException as exc:
        return _report(f"Error: {exc.format_message()}", exc.exit_code)
    except click.Abort as exc:  # a KeyboardInterrupt where `run`'s handler is not installed
        return 130 if isinstance(exc.__context__, KeyboardInterrupt) else _report("Error: aborted", 2)
    except OutputClosed:
        raise
    except OSError as exc:
        # What click writes itself (help, version) failing: every other file
        # the command touches turns its OSErrors into RuldiffErrors.
        raise _stdout_error(exc) from None
    except Exception as exc:  # a bug: still one line, and status 2
        return _report(f"Error: internal error: {type(exc).__name__}: {exc} (please report it)", 2)
    return result if isinstance(result, int) else 0


_NO_ARGS: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""click's error for a group run with no arguments (click 8.2 and later)."""


def _report(message: str, status: int) -> int:
    """Write `message` on stderr as one line (if stderr can still be
    written); return `status`."""
    with contextlib.suppress(OSError, ValueError):
        click.echo(" ".join(message.splitlines()), err=True)
    return status


def _end_as_git_does() -> int:
    """End as git does when the reader of its output has gone: killed by
    SIGPIPE, with no message (nothing more is written: the output buffered
    is dropped with the process). Returns 141 where there is no SIGPIPE."""
    sigpipe = getattr(signal, "SIGPIPE", None)
    if sigpipe is not None:
        _flush_stderr()
        signal.signal(sigpipe, signal.SIG_DFL)
        os.kill(os.getpid(), sigpipe)
    return 128 + 13


def emit(text: str) -> None:
    """Write `text` to standard output, all of it, flushed. A closed pipe
    raises `OutputClosed`; any other failure (a full disk, /dev/full) a
    RuldiffError."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed (>&-)
        raise RuldiffError("cannot write: it is closed", path="standard output")
    try:
        binary = getattr(stream, "buffer", None)
        if binary is None:
            stream.write(text)
            stream.flush()
            return
        stream.flush()
        _write_all(binary, text.encode(stream.encoding, stream.errors or "strict"))
    except OSError as exc:
        raise _stdout_error(exc) from None


def _write_all(out: BinaryIO, data: bytes) -> None:
    """Write all of `data` to `out` and flush it. An unbuffered stream
    (PYTHONUNBUFFERED, ``python -u``) may take only part of a long text, and
    say so only in what it returns; its text layer would drop the rest
    without a word. Taking the rest in a loop also makes a pipe whose reader
    has gone an error (EPIPE) rather than a short, silent output."""
    view = memoryview(data)
    while view:
        written = out.write(view)
        view = view[written or 0 :]
    out.flush()


def _flush_stdout() -> None:
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise _stdout_error(exc) from None
    except ValueError:  # closed
        pass


def _flush_stderr() -> None:
    """Flush stderr, if there is one (``2>&-`` leaves none) and it can be written."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()


def _stdout_error(exc: OSError) -> Exception:
    if exc.errno == errno.EPIPE:
        return OutputClosed()
    return RuldiffError(f"cannot write: {exc.strerror}", path="standard output")


STDIO = "-"
"""The name that stands for standard input (as OLD, NEW or FILE) or
standard output (``-o -``)."""

STDIN_NAME = "<stdin>"
"""Standard input as messages and outputs name it."""


def shown(path: str) -> str:
    """`path` as messages name it: ``<stdin>`` for ``-``."""
    return STDIN_NAME if path == STDIO else path


class Stdin:
    """Standard input as a document: read once (it cannot be read twice), at
    most `max_size` bytes, as a file is; an error in reading it is kept and
    raised where the document is loaded, so that errors keep their order
    (OLD's before NEW's)."""

    def __init__(self, max_size: int = MAX_SIZE) -> None:
        self.max_size = max_size
        self._data: bytes | None = None
        self._error: ReadError | None = None

    def read(self) -> bytes:
        """The bytes of standard input (read on the first call)."""
        if self._data is None and self._error is None:
            try:
                self._data = _read_stdin(self.max_size)
            except ReadError as exc:
                self._error = exc
        if self._error is not None:
            raise self._error
        assert self._data is not None
        return self._data


def _read_stdin(max_size: int) -> bytes:
    stream = sys.stdin
    if stream is None:  # started with stdin closed (<&-)
        raise ReadError("cannot read: it is closed", path=STDIN_NAME)
    try:
        binary: Any = getattr(stream, "buffer", stream)
        data = binary.read(max_size + 1)
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=STDIN_NAME) from None
    except ValueError:  # closed
        raise ReadError("cannot read: it is closed", path=STDIN_NAME) from None
    if isinstance(data, str):  # a text stream without a binary layer
        data = data.encode("utf-8")
    if len(data) > max_size:
        raise _too_large(STDIN_NAME, max_size)
    return bytes(data)


def load(path: str, profile: str | None = None, max_size: int = MAX_SIZE, stdin: Stdin | None = None) -> Document:
    """Read, decode and parse one document, with the named profile or a
    detected one; ``-`` is standard input (`stdin`, else read here)."""
    # The bytes are dropped once decoded: parsing never holds both.
    source = decode(read_input(path, max_size, stdin), shown(path))
    if profile is not None and profile not in BUILTIN:  # a user's file: patterns bounded in time
        return parse_bounded(source, load_profile(profile), profile)
    grammar = load_profile(profile) if profile is not None else None
    return parse(source, grammar)


def warn_misfit(doc: Document, profile: str | None, max_size: int = MAX_SIZE, stdin: Stdin | None = None) -> None:
    """Say on standard error, in one line, when `doc`'s profile left much
    of it unread (fit.py), with a built-in profile that reads it better.
    Only then is the document read again, to try that profile."""
    if not misfit(doc):
        return
    better = None
    if profile is not None:  # a detected profile is already the best guess
        path = STDIO if stdin is not None and doc.path == STDIN_NAME else doc.path
        better = better_profile(decode(read_input(path, max_size, stdin), doc.path), doc)
    click.echo(fit_warning(doc, better), err=True)


def warn_swapped(old: Document, new: Document) -> None:
    """Say on standard error, in one line, when NEW's effective date (as the
    documents print it, dates.py) is earlier than OLD's: the arguments are
    most likely swapped, and the changelog would run backwards (every
    added rule shown as removed). A warning, not an error: comparing an
    older release against a newer one can be meant."""
    if old.date is not None and new.date is not None and new.date < old.date:
        click.echo(
            f"warning: NEW ({new.path}, effective {new.date}) is older than OLD ({old.path}, "
            f"effective {old.date}); swapped arguments? The order is: ruldiff OLD NEW",
            err=True,
        )


def read_input(path: str, max_size: int = MAX_SIZE, stdin: Stdin | None = None) -> bytes:
    """The bytes of an input file, refused early when it is not a regular
    file (a directory, a device such as /dev/zero, a FIFO) or is larger than
    `max_size` bytes: looked at with stat() before it is opened (opening a
    device can have effects of its own), checked again on the open file, and
    never more than `max_size` + 1 bytes are read.

    ``-`` is standard input, whatever it is (a pipe, a file, a terminal),
    read up to `max_size` + 1 bytes and refused beyond `max_size`."""
    if path == STDIO:
        return (stdin if stdin is not None else Stdin(max_size)).read()
    try:
        _check_input(path, os.stat(path), max_size)
        # O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ReadError("no such file", path=path) from None
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    try:
        _check_input(path, os.fstat(fd), max_size)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(max_size + 1)
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    finally:
        os.close(fd)
    if len(data) > max_size:  # it grew since
        raise _too_large(path, max_size)
    return data


def _check_input(path: str, st: os.stat_result, max_size: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise ReadError("is a directory, not a rules document", path=path)
    if not stat.S_ISREG(st.st_mode):
        raise ReadError("is not a regular file (a device, FIFO or socket)", path=path, fix="save the document to a file")
    if st.st_size > max_size:
        raise _too_large(path, max_size)


def _too_large(path: str, max_size: int) -> ReadError:
    return ReadError(
        f"larger than the {format_size(max_size)} allowed", path=path, fix="give --max-size to read larger files"
    )


def parse_size(text: str) -> int:
    """A size in bytes from ``123``, ``64K``, ``64M`` or ``1G`` (powers of 1024).

    >>> parse_size("64M"), parse_size("1500"), parse_size("2g")
    (67108864, 1500, 2147483648)
    """
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}
    number, unit = text.strip().rstrip("bB"), ""
    if number[-1:].upper() in ("K", "M", "G"):
        number, unit = number[:-1], number[-1].upper()
    if not number.isdigit() or int(number) == 0:
        raise click.BadParameter(f"expected a size such as 64M or 1500, not {text!r}")
    return int(number) * units[unit]


def format_size(size: int) -> str:
    """``64 MiB``, ``1.5 KiB``, ``100 bytes``.

    >>> format_size(64 * 2**20), format_size(1536), format_size(100)
    ('64 MiB', '1.5 KiB', '100 bytes')
    """
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{size / scale:.4g} {unit}"
    return f"{size} bytes"


@dataclass(frozen=True)
class Target:
    """Where ``-o`` writes, as `output_target` found it."""

    path: str
    """As the user gave it (for messages)."""
    real: str
    """The file written: for a regular file, `path` with its symbolic links
    resolved, so that a link stays a link and the file it points to is
    replaced; else `path`."""
    mode: int | None
    """Permission bits of the existing regular file, kept; None for a new file."""
    through: bool
    """Not a regular file (a device such as /dev/null, a FIFO): opened and
    written, never replaced."""


def output_target(path: str, inputs: Sequence[str]) -> Target | None:
    """Check, before any work, where ``-o PATH`` may write; raise a
    RuldiffError where it must not.

    - ``-`` is standard output: None, as without ``-o``;

    - an input of the command (the same file, by device and inode: through
      symbolic or hard links too) is refused;
    - a directory is refused;
    - a file that is not a regular one (a device, a FIFO), or a file this
      process already has open (``/dev/stdout``, ``/dev/fd/N``: perhaps
      opened by the shell for appending, ``>>``), is written through;
    - a regular file that is read-only (no write permission bit, or not
      writable by this user) is refused: replacing it would defeat its
      protection, as the directory, not the file, decides who may rename;
    - otherwise a new file, or the existing one replaced with its mode kept.
    """
    if path == STDIO:
        return None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        real = os.path.realpath(path)  # a dangling link: the file it names is made
        if not os.path.isdir(os.path.dirname(real)):
            raise RuldiffError("cannot write: directory does not exist", path=path) from None
        return Target(path, real, None, False)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=path) from None
    if any(_same_file(info, other) for other in inputs):
        raise RuldiffError("is an input of this command; not overwritten", path=path, fix="write elsewhere")
    if stat.S_ISDIR(info.st_mode):
        raise RuldiffError("is a directory", path=path, fix="give a file name")
    if not stat.S_ISREG(info.st_mode) or _names_a_descriptor(path):
        return Target(path, path, None, True)
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise RuldiffError("is read-only; not overwritten", path=path, fix="make it writable, or write elsewhere")
    return Target(path, os.path.realpath(path), stat.S_IMODE(info.st_mode), False)


def _names_a_descriptor(path: str) -> bool:
    """Whether `path`, or a link on the way to its file, is one of this
    process's open files: ``/dev/fd/N`` or ``/proc/…/fd/N`` (``/dev/stdout``
    links to ``/proc/self/fd/1``)."""
    for _ in range(40):  # the kernel's own limit on links followed
        absolute = os.path.abspath(path)
        parts = absolute.split("/")
        if parts[1:3] == ["dev", "fd"] or (parts[1:2] == ["proc"] and parts[3:4] == ["fd"]):
            return True
        try:
            link = os.readlink(absolute)
        except OSError:
            return False
        path = os.path.join(os.path.dirname(absolute), link)
    return False


def _inputs(
    *documents: str, profile: str | None = None, templates: str | None = None, template: str | None = None
) -> list[str]:
    """Every file a command reads, which ``-o`` must not name: the documents,
    a profile given as a file, the user's copy of the template."""
    inputs = list(documents)
    if profile is not None and profile not in BUILTIN:
        inputs.append(profile)
    if templates is not None and template is not None:
        inputs.append(os.path.join(templates, template))
    return inputs


def _same_file(info: os.stat_result, path: str) -> bool:
    """Whether `path` (``-``: standard input, whatever file it was opened
    from: ``-o new.txt < new.txt``) is the file `info` describes."""
    try:
        other = os.fstat(sys.stdin.fileno()) if path == STDIO else os.stat(path)
    except (OSError, ValueError, AttributeError):
        return False
    return (info.st_dev, info.st_ino) == (other.st_dev, other.st_ino)


def deliver(text: str, target: Target | None, *, paged: bool = False) -> None:
    """Write `text` to standard output (`emit`), through a pager when
    `paged` and standard output is a terminal (`page_or_emit`), or where
    `output_target` said: through a device or FIFO, else atomically
    (`write_atomic`)."""
    if target is None and paged:
        page_or_emit(text)
    elif target is None:
        emit(text)
    elif not target.through:
        write_atomic(target.real, text, mode=target.mode, shown=target.path)
    else:
        _write_through(target, text)


def page_or_emit(text: str) -> None:
    """Show `text` through the pager when standard output is a terminal and
    a pager is set (`pager.pager_command`), else `emit` it. The text is
    complete before the pager starts, so an error is never paged, and the
    pager is waited for before the command ends, a signal included (exit
    130 on Ctrl-C, once the pager has restored the terminal). A pager that
    cannot be started is a warning, and the text is written straight."""
    from ..outputs.pager import PagerError, page, pager_command

    stream = sys.stdout
    command = pager_command(os.environ)
    if command is None or stream is None or not _isatty(stream):
        emit(text)
        return
    try:
        stream.flush()
        page(text.encode(stream.encoding, stream.errors or "strict"), command, os.environ)
    except PagerError as exc:
        if any(name in os.environ for name in ("RULDIFF_PAGER", "PAGER")):  # not the default missing
            click.echo(f"warning: {exc}; writing to the terminal (set PAGER, or give --no-pager)", err=True)
        emit(text)
    except OSError as exc:
        raise _stdout_error(exc) from None


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


def _write_through(target: Target, text: str) -> None:
    """Open and write, appending: what is already in the file (a log the
    shell opened with ``>>`` and passed as /dev/stdout) is kept; a device or
    a FIFO has nothing to keep."""
    try:
        with open(target.real, "a", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=target.path) from None


def write_atomic(path: str, text: str, *, mode: int | None = None, shown: str | None = None) -> None:
    """Write a file so that it is either complete or absent: a temporary file
    ``.NAME.<hex>.tmp`` in the same directory, renamed over the target once
    fully written, and removed on every other way out (an error, an
    exception, `Interrupted` by a signal).

    The temporary file has a random 64-bit name and is opened with
    ``O_EXCL``, so it never takes over another file: what `tempfile.mkstemp`
    does, whose import (with `shutil`, `random` and the compression modules)
    would cost more than the rest of this function. It gets `mode` (the
    replaced file's), else the permissions any new file gets (0666 less the
    umask). Errors name `shown` (default: `path`)."""
    shown = shown if shown is not None else path
    target = Path(path)
    directory = target.parent
    if not directory.is_dir():
        raise RuldiffError("cannot write: directory does not exist", path=shown)
    tmp = directory / f".{target.name}.{os.urandom(8).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=shown) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            if mode is not None:
                os.fchmod(f.fileno(), mode)
            f.write(text)
        os.replace(tmp, target)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise RuldiffError(f"cannot write: {exc.strerror}", path=shown) from None
        raise


def cache_dir() -> Path | None:
    """Where compiled templates are cached: $RULDIFF_CACHE_DIR (empty: no
    cache), else $XDG_CACHE_HOME/ruldiff, else ~/.cache/ruldiff."""
    env = os.environ.get("RULDIFF_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ruldiff"


def _use_color(choice: str, output: str | None) -> bool:
    if choice != "auto":
        return choice == "always"
    if (output is not None and output != STDIO) or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout is not None and sys.stdout.isatty()
