"""documents/citations.py through what a user reads: the stale references
`ruldiff old new -f json` lists, for documents numbered with letters
(``A.1``) or roman numerals. Invented documents only."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.citations import citation_syntax, cited

_OLD = """Harbour Club Standing Orders

{a}. Moorings

{a}.1 Every boat has one mooring.

{a}.2 A mooring is paid for each spring, as {a}.1 says.

{b}. Tenders

{b}.1 Tenders are kept on the rack.

{b}.2 A tender left off the rack is moved, see {a}.2.
"""


def test_a_reference_left_at_an_old_lettered_number_is_stale(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A rule inserted at the head of the first division moves its rules
    down one: "see A.2" in the second division now names the
    wrong rule and is listed, with the number it should be."""
    a, b = "A", "B"
    old = _OLD.format(a=a, b=b)
    new = old.replace(f"{a}.1 Every boat", f"{a}.1 Every member may keep a boat.\n\n{a}.2 Every boat").replace(
        f"{a}.2 A mooring is paid for each spring, as {a}.1 says.", f"{a}.3 A mooring is paid for each spring, as {a}.2 says.")
    (tmp_path / "old.txt").write_text(old)
    (tmp_path / "new.txt").write_text(new)
    result = CliRunner().invoke(main, [str(tmp_path / "old.txt"), str(tmp_path / "new.txt"), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["stale_references"] == [
        {"rule": f"{b}.2", "references": [f"see {a}.2"], "should_be": [f"{a}.3"]}]


@pytest.mark.parametrize(("ids", "text", "found"), [
    (["A", "A.1", "B", "B.2"], "see B.2 and A.1, not rule 2.2 or the CLUB.2 form", ["B.2", "A.1"]),
    (["II", "II.1", "II.2"], "see II.2, not rule 2.2", ["II.2"]),
])
def test_a_number_lettered_or_roman_is_cited_in_its_own_form(ids: list[str], text: str, found: list[str]) -> None:
    syntax = citation_syntax(ids)
    assert syntax is not None and [cited(m) for m in syntax.finditer(text)] == found
