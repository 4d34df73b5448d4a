"""``ruldiff parse FILE``: how a document is read (to check a profile)."""

from __future__ import annotations

import click

from ..documents.profiles import BUILTIN
from ..outputs.render import render_document
from .options import format_option, max_size_option, no_pager_option
from .output import deliver, inputs, output_target
from .read import read_documents

__all__ = ["command"]


@click.command("parse")
@click.argument("file")
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read it: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.",
)
@format_option(
    ["json", "yaml", "text"], "json or yaml: every item, for programs; text: an indented outline, to read.", "json"
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output); never to the input.")
@no_pager_option
@max_size_option
def command(file: str, profile: str | None, fmt: str, output: str | None, no_pager: bool, max_size: int) -> None:
    """Show how a document is read: its title, date, rules and glossary, and
    how much of it the profile read (to check a profile). FILE '-' reads
    standard input.

    \b
    Examples:
      ruldiff parse new.txt -f text | less
      ruldiff parse new.txt --profile my-rules.yaml -f yaml
    """
    target = output_target(output, inputs(file, profile=profile)) if output is not None else None
    [doc] = (one.document for one in read_documents([file], profile, max_size))
    deliver(render_document(doc, fmt), target, paged=output is None and not no_pager)
