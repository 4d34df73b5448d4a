"""``ruldiff schema``: the JSON Schema of ``--format json``."""

from __future__ import annotations

import click

from ..outputs.schema import schema_text
from .options import no_pager_option
from .output import deliver, output_target

__all__ = ["command"]


@click.command("schema")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE ('-': standard output).")
@no_pager_option
def command(output: str | None, no_pager: bool) -> None:
    """Print the JSON Schema (draft 2020-12) of '--format json': every key,
    its type and the values it takes. The schema ships with ruldiff, and
    describes exactly the output of this version.

    \b
    Examples:
      ruldiff schema -o ruldiff.schema.json
      ruldiff old.txt new.txt -f json -o changes.json
      check-jsonschema --schemafile ruldiff.schema.json changes.json
    """
    target = output_target(output, ()) if output is not None else None
    deliver(schema_text(), target, paged=output is None and not no_pager)
