"""``ruldiff check FILE`` or ``ruldiff check OLD NEW``: a release reviewed before it is published."""

from __future__ import annotations

import os
import sys

import click

from ..config import load_config
from ..diff.pipeline import compare
from ..documents.load import STDIO, read_editor_file, shown
from ..documents.profiles import BUILTIN
from ..editorial.annotate import read_editorial
from ..editorial.check import (
    apply_ignores, check_document, check_ignore, check_release, is_problem, note_findings, override_findings,
    parse_config,
)
from ..editorial.check_render import CHECK_FORMATS, render_findings
from ..editorial.notes import Note, match_notes
from ..editorial.overrides import Override, apply as apply_overrides, unmet as unmet_overrides
from ..errors import RuldiffError
from .options import format_option, max_size_option, no_pager_option
from .output import deliver, inputs, output_target
from .read import read_documents, warn_swapped

__all__ = ["CHECK_CONFIG", "command"]


CHECK_CONFIG = "ruldiff.yaml"
"""The project's config file, read by ``check`` from the current directory
when --config is not given."""


@click.command("check")
@click.argument("documents", nargs=-1, required=True, metavar="FILE | OLD NEW")
@format_option(
    CHECK_FORMATS,
    "text: one line per finding, path:line: rule: code: reason; md: tables for a "
    "pull request; json: data for programs; github: GitHub Actions annotations, shown on "
    "the lines of a pull request; sarif: a SARIF 2.1.0 log (code scanning, SARIF viewers).",
)
@click.option(
    "--each",
    is_flag=True,
    help="Check each FILE on its own, as many as given (for a pre-commit hook), "
    "instead of FILE or OLD NEW.",
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
def command(
    documents: tuple[str, ...],
    fmt: str,
    each: bool,
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
      ruldiff check last.txt draft.txt -f github     annotations on a pull request's lines
      ruldiff check --each rules/*.txt               every file on its own (pre-commit)
    """
    if documents.count(STDIO) > 1:
        raise click.UsageError("only one document can be standard input ('-')")
    if notes is not None and len(documents) != 2:
        raise click.UsageError("--notes needs OLD and NEW: notes are matched to the changes between them")
    if overrides is not None and len(documents) != 2:
        raise click.UsageError("--overrides needs OLD and NEW: overrides say how their rules pair")
    if each and (notes is not None or overrides is not None):
        raise click.UsageError("--each checks files one by one; --notes and --overrides need OLD NEW")
    if each and fmt not in ("text", "github"):
        raise click.UsageError(f"--each writes one report per file; give -f text or -f github, not -f {fmt}")
    if each and output is not None:
        raise click.UsageError("--each writes to standard output; -o takes one report")
    config_path = config if config is not None else (CHECK_CONFIG if os.path.lexists(CHECK_CONFIG) else None)
    accepted: list[str] = [check_ignore(i) for i in ignores]
    if config_path is not None:
        text = read_editor_file(config_path, "config")
        accepted.extend(parse_config(text, config_path))
        profile = profile or load_config(text, config_path).profile  # as history and trace read it
    if each:
        problems = False
        for path in documents:
            inputs(path, profile=profile)  # each input refused as a one-file run refuses it
            rendered, problem = _report((path,), fmt, accepted, profile, max_size, None, None)
            *lines, summary = rendered.splitlines(keepends=True)  # the summary names its file
            deliver("".join(lines) + f"{shown(path)}: {summary}", None, paged=False)
            problems = problems or problem
        if problems:
            sys.exit(1)
        return
    if len(documents) > 2:
        raise click.UsageError("check takes FILE, or OLD NEW: at most two documents (--each: any number)")
    read = inputs(*documents, profile=profile) + [p for p in (config_path, notes, overrides) if p]
    target = output_target(output, read) if output is not None else None
    rendered, problem = _report(documents, fmt, accepted, profile, max_size, notes, overrides)
    deliver(rendered, target, paged=output is None and not no_pager)
    if problem:
        sys.exit(1)


def _report(
    documents: tuple[str, ...], fmt: str, accepted: list[str], profile: str | None, max_size: int,
    notes: str | None, overrides: str | None,
) -> tuple[str, bool]:
    """The findings of FILE, or of OLD NEW, rendered in `fmt`, and whether one is a problem."""
    editor = read_editorial(notes, overrides, None)
    editors_notes: tuple[Note, ...] = editor.notes or ()
    forced: tuple[Override, ...] = editor.overrides or ()
    # One at a time: a document's warnings come before the next one's errors.
    loaded = [one for path in documents for one in read_documents([path], profile, max_size)]
    text, grammar, new_doc = loaded[-1].source.text, loaded[-1].profile, loaded[-1].document
    if len(loaded) == 2:
        old_doc = loaded[0].document
        warn_swapped(old_doc, new_doc)
        comparison = compare(old_doc, new_doc, plan=apply_overrides(forced, old_doc, new_doc))
        findings = check_release(comparison, text, grammar)
        if overrides is not None:
            findings += tuple(override_findings(unmet_overrides(forced, old_doc, new_doc), overrides))
        if notes is not None:
            _, unused, clashes = match_notes(comparison, editors_notes)
            findings += tuple(note_findings(unused, notes) + note_findings(clashes, notes, "ambiguous-note"))
    else:
        findings = check_document(new_doc, text, grammar)
    kept, dropped = apply_ignores(findings, accepted)
    return render_findings(kept, fmt, [shown(d) for d in documents], dropped), any(is_problem(f) for f in kept)
