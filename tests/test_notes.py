"""Editors' notes: the file format, and which notes match no change."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ConfigError
from ruldiff.editorial.notes import Note, match_notes, parse_notes


def test_keys_are_read_as_written_and_notes_keep_their_markdown() -> None:
    notes = parse_notes('903.10: |\n  Moved **up**.\n\n  - one\n"glossary:Relic": Short.\n702.1a: x\n', "n.yaml")
    assert [(n.id, n.line) for n in notes] == [("903.10", 1), ("glossary:Relic", 5), ("702.1a", 6)]
    assert notes[0].text == "Moved **up**.\n\n- one"


@pytest.mark.parametrize(
    "text, message",
    [
        ("- 903.1\n", "expected a mapping"),
        ("903.1: Why.\n903.1: Again.\n", "903.1 has two notes (the other at line 1)"),
        ("903.1: [a, b]\n", "must be text"),
        ("903.1: ''\n", "must be text"),
        ("903.1: [\n", "not valid YAML"),
    ],
)
def test_a_bad_notes_file_says_where(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_notes(text, "n.yaml")
    assert message in str(exc.value) and str(exc.value).startswith("n.yaml")


def sample_pair(sample: list[Path]):  # type: ignore[no-untyped-def]
    return compare(load(str(sample[1])), load(str(sample[2])))


def test_notes_match_changes_and_unused_ones_say_what_they_mean(sample: list[Path]) -> None:
    notes = [
        Note("205", "Relics moved to make room for wards.", 1),
        Note("302.2b", "Removed: rekindling is no cast.", 2),
        Note("204.4", "Written for the old number.", 3),
        Note("101.1", "A rule that did not change.", 4),
        Note("302.9", "No such rule.", 5),
    ]
    used, unused = match_notes(sample_pair(sample), notes)
    assert sorted(used) == ["205", "302.2b"]
    assert [(u.note.id, u.did_you_mean) for u in unused] == [("204.4", "205.4"), ("101.1", ""), ("302.9", "302.2")]
    assert "old number of a rule now 205.4" in unused[0].reason
    assert "did not change" in unused[1].reason


def test_command_reports_unused_notes_at_their_line(sample: list[Path], tmp_path: Path) -> None:
    notes = tmp_path / "notes.yaml"
    notes.write_text("205: Why.\n204.4: Old number.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(sample[1]), str(sample[2]), "--notes", str(notes)])
    assert result.exit_code == 1
    assert f"{notes}:2: 204.4: unused-note: " in result.output and "did you mean 205.4?" in result.output
    notes.write_text("205: Why.\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["check", str(sample[1]), str(sample[2]), "--notes", str(notes)]).exit_code == 0
    assert CliRunner().invoke(main, ["check", str(sample[2]), "--notes", str(notes)]).exit_code == 2
