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
    used, unused, _ = match_notes(sample_pair(sample), notes)
    assert sorted(used) == ["205", "302.2b (removed)"]  # by change ID: a bare removed number is accepted
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


def _removed_and_renumbered(tmp_path: Path) -> tuple[Path, Path]:
    """OLD 100.3 removed, OLD 100.4 renumbered 100.3: two changes known by 100.3."""
    texts = ["Each keeper starts with seven cards in hand.", "The first keeper skips their first draw.",
             "A keeper may mulligan once before the game starts.", "Glyphs are shuffled into one common deck."]
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("Rules\n\n1. Basics\n\n100. General\n\n"
                   + "".join(f"100.{i}. {t}\n\n" for i, t in enumerate(texts, 1)), encoding="utf-8")
    new.write_text("Rules\n\n1. Basics\n\n100. General\n\n"
                   + "".join(f"100.{i}. {t}\n\n" for i, t in enumerate(texts[:2] + texts[3:], 1)), encoding="utf-8")
    return old, new


def test_a_note_names_which_change_it_means_and_a_key_of_two_is_a_warning(tmp_path: Path) -> None:
    old, new = _removed_and_renumbered(tmp_path)
    notes = tmp_path / "notes.yaml"
    notes.write_text("100.3 (removed): Mulligans go.\n", encoding="utf-8")
    out = CliRunner().invoke(main, [str(old), str(new), "-f", "json", "--notes", str(notes)])
    assert out.exit_code == 0 and "Warning" not in out.output.split("{", 1)[0]
    import json

    changes = {(c["kind"], c["new"] or c["old"]): c.get("note") for c in json.loads(out.output[out.output.index("{"):])["changes"]}
    assert changes == {("removed", "100.3"): "Mulligans go.", ("renumbered", "100.3"): None}
    # The bare number: the note goes to the change of that ID (the renumbered rule), with a warning.
    notes.write_text("100.3: Shuffled decks.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(old), str(new), "--notes", str(notes)])
    assert f"{notes}:1: 100.3: ambiguous-note: 100.3 names two changes" in result.output
    assert "write '100.3 (removed)' for the removed one" in result.output and result.exit_code == 1
    out = CliRunner().invoke(main, [str(old), str(new), "-f", "md", "--notes", str(notes)])
    assert out.output.count("Shuffled decks.") == 1
