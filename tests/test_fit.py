"""fit.py and Document.coverage: how much of a document its profile read,
and the one-line warning when a profile does not fit (issue #14 item 2)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.fit import UNREAD_WARN, misfit
from ruldiff.model import Document, pack_document, unpack_document
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import load_profile
from ruldiff.documents.read import decode

from helpers import layout

FIXTURES = Path(__file__).parent / "fixtures"

# An invented game in the Comprehensive Rules layout: subrules 100.1a and a
# glossary, which the riftbound profile does not read.
GAME = layout(
    [("1", "Basics"), ("100", "General"), ("100.1", "Play nicely."),
     ("100.1a", "Greet the other players."), ("100.1b", "Shake hands at the end."),
     ("100.2", "Take turns."), ("100.2a", "The youngest player goes first."),
     ("100.2b", "Play passes to the left."), ("100.2c", "A turn ends when its player says so.")],
    [("Turn", "The time in which one player acts."), ("Player", "Someone who plays."),
     ("Table", "Where the game is played.")],
)


def read(text: str, profile: str | None = None) -> Document:
    return parse(decode(text.encode("utf-8"), "game.txt"), load_profile(profile) if profile else None)


def test_coverage_adds_up_to_every_non_blank_line() -> None:
    doc = read(GAME)
    c = doc.coverage
    assert c is not None
    assert c.lines == sum(1 for line in GAME.splitlines() if line.strip())
    assert c.rules + c.headings + c.glossary + c.layout + c.unread == c.lines
    assert (c.headings, c.glossary, c.unread) == (2, 7, 0)


def test_a_profile_that_does_not_fit_leaves_lines_unread() -> None:
    doc = read(GAME, "riftbound")
    c = doc.coverage
    assert c is not None and misfit(doc)
    assert c.unread_share >= UNREAD_WARN and c.glossary == 0
    assert c.first_unread[0] == (11, "100.1a Greet the other players.")


def test_coverage_crosses_to_the_helper_process() -> None:
    doc = read(GAME, "riftbound")
    assert unpack_document(pack_document(doc)) == doc


def test_the_warning_names_the_share_the_lines_and_a_better_profile(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(GAME, encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(game), "--profile", "riftbound", "-f", "json"])
    assert result.exit_code == 0
    warning = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1
    assert f"{game}: profile riftbound left " in warning[0]
    assert 'line 11: "100.1a Greet the other players."' in warning[0]
    assert warning[0].endswith("profile mtg-cr reads it better (--profile mtg-cr)")
    coverage = json.loads(result.stdout)["coverage"]
    assert coverage["glossary"] == 0 and coverage["first_unread"][0] == {"line": 11, "text": "100.1a Greet the other players."}


def test_one_warning_line_per_document_in_a_comparison(tmp_path: Path) -> None:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(GAME, encoding="utf-8")
    new.write_text(GAME.replace("Take turns.", "Take turns, always."), encoding="utf-8")
    result = CliRunner().invoke(main, [str(old), str(new), "--profile", "riftbound", "-j", "1"])
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert [w.split(":")[1].strip() for w in warnings] == [str(old), str(new)]


def test_no_warning_when_the_profile_fits(tmp_path: Path) -> None:
    for case in ("laws", "constitution", "house-rules"):
        result = CliRunner().invoke(main, [str(FIXTURES / case / "old.txt"), str(FIXTURES / case / "new.txt")])
        assert result.exit_code == 0 and "warning" not in result.stderr, case


def test_parse_text_shows_the_coverage() -> None:
    result = CliRunner().invoke(main, ["parse", str(FIXTURES / "laws" / "old.txt"), "-f", "text"])
    assert result.stdout.splitlines()[1] == (
        "coverage: 29 non-blank lines: 19 rules, 5 headings, 0 glossary, 5 layout, 0 unread (0%)"
    )


def test_mtg_read_as_riftbound_is_reported(corpora: Path) -> None:
    """The real case of the issue: MTG with --profile riftbound reads about
    1,446 of 3,264 rules and no glossary; a warning says so, and names mtg-cr."""
    path = corpora / "mtg" / "2026-01-16.txt"
    result = CliRunner().invoke(main, ["parse", str(path), "--profile", "riftbound", "-f", "json"])
    assert result.exit_code == 0
    (warning,) = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert f"{path}: profile riftbound left 72% of its 5,216 non-blank lines unread" in warning
    assert warning.endswith("(--profile mtg-cr)")
    data = json.loads(result.stdout)
    assert data["coverage"]["glossary"] == 0 and data["coverage"]["unread"] > 3000


def test_every_corpus_file_fits_its_own_profile(corpora: Path) -> None:
    for path in sorted(corpora.glob("*/*.txt")):
        doc = parse(decode(path.read_bytes(), str(path)))
        assert doc.coverage is not None and not misfit(doc), (path, doc.coverage)


def test_paragraphs_are_read_whole() -> None:
    doc = read("Dear players,\n\nthe club opens at noon.\nBring a board.\n")
    assert doc.coverage is not None and (doc.coverage.lines, doc.coverage.rules, doc.coverage.unread) == (3, 3, 0)
