"""The JSON Schema of ``--format json``: the contract, as a file that ships
in the package (``schema.json``, beside this module) and that
``ruldiff schema`` prints.

- `schema_text()` -> the schema, as the file holds it.
- `schema()` -> the schema, parsed.

The schema is data, not built from code: it is what a consumer reads and
what the tests hold the output to (tests/test_schema.py validates the sample
corpus and real release pairs against it), so a field added to the output
without being added here fails them.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "schema", "schema_text"]

SCHEMA_FILE = "schema.json"


def schema_text() -> str:
    """The JSON Schema (draft 2020-12) of ``--format json``, as shipped.

    >>> schema_text().startswith('{\\n  "$schema": "https://json-schema.org/draft/2020-12/schema"')
    True
    """
    return resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The schema, parsed.

    >>> schema()["properties"]["version"]
    {'const': 1}
    """
    parsed: dict[str, Any] = json.loads(schema_text())
    return parsed
