"""``ruldiff diff OLD NEW --through RELEASES``: a rule moved and rewritten
over a long gap, named by a hint through the releases between
(series/lineage.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main

BASE = [
    ("1", "General"),
    ("1.1", "Each player starts the game with twenty life points."),
    ("1.2", "The player with the most life points at the end of the last round wins."),
    ("2", "Turns"),
    ("2.1", "A turn has three phases: draw, play and discard."),
    ("2.2", "In the draw phase, the active player draws two cards from the deck."),
    ("3", "Losing"),
    ("3.1", "A player with zero or fewer life points loses the game."),
]
# One rule, reworded a little at each release as it moves from 1.3 to 2.3 to 3.2:
# each step pairs it, the first and the last share too little to.
MOVER = (
    "A player who cannot draw a card from an empty deck loses the game at the next check.",
    "A player who is asked to draw a card from an empty deck loses the game when the state of the game is next checked.",
    "Anyone asked to draw from an empty library loses when the state of the game is next checked, even during "
    "another player's turn.",
)


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")


@pytest.fixture
def releases(tmp_path: Path) -> Path:
    """Three dated releases of an invented game; 2.3 of the last is a new rule that took the old number."""
    folder = tmp_path / "releases"
    folder.mkdir()
    versions = (
        BASE[:3] + [("1.3", MOVER[0])] + BASE[3:],
        BASE[:6] + [("2.3", MOVER[1])] + BASE[6:],
        BASE[:6] + [("2.3", "Spectators stay silent while a hand is being played.")] + BASE[6:] + [("3.2", MOVER[2])],
    )
    for year, rules in zip((2020, 2021, 2022), versions):
        (folder / f"{year}.txt").write_text(layout(rules, date=f"January 1, {year}"), encoding="utf-8")
    return folder


def changes(result) -> list[tuple[str | None, str | None, str, tuple[tuple[str, str], ...]]]:  # type: ignore[no-untyped-def]
    assert result.exit_code == 0, result.output
    return [(c["old"], c["new"], c["kind"], tuple((h["kind"], h["id"]) for h in c.get("see_also", [])))
            for c in json.loads(result.output)["changes"]]


def test_a_rule_moved_and_rewritten_gets_a_hint_through_the_releases_between(releases: Path) -> None:
    old, new = releases / "2020.txt", releases / "2022.txt"
    direct = run(old, new, "-f", "json")
    assert set(changes(direct)) == {(None, "2.3", "added", ()), ("1.3", None, "removed", ()), (None, "3.2", "added", ())}
    through = run(old, new, "-f", "json", "--through", releases)
    assert set(changes(through)) == {
        (None, "2.3", "added", ()), ("1.3", None, "removed", (("became", "3.2"),)), (None, "3.2", "added", (("was", "1.3"),)),
    }
    # A hint, never a claim: the counts are the direct comparison's.
    assert json.loads(through.output)["summary"] == json.loads(direct.output)["summary"]
    text = run(old, new, "--through", releases, "--no-pager").output
    assert "see also 3.2 (what it became through the releases between)" in text
    assert "see also 1.3 (what it was, through the releases between)" in text


def test_the_hint_links_to_the_rule_in_the_page(releases: Path, tmp_path: Path) -> None:
    page = tmp_path / "out.html"
    assert run(releases / "2020.txt", releases / "2022.txt", "--through", releases, "-f", "html", "-o", page).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert 'href="#' in html and "what it became through the releases between" in html


def test_releases_given_as_files_outside_the_folder_of_old_and_new(releases: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "pair"
    elsewhere.mkdir()
    for name in ("2020.txt", "2022.txt"):
        (elsewhere / name).write_bytes((releases / name).read_bytes())
    result = run(elsewhere / "2020.txt", elsewhere / "2022.txt", "-f", "json", "--through", releases / "2021.txt")
    assert ("1.3", None, "removed", (("became", "3.2"),)) in changes(result)


def test_without_a_release_between_nothing_changes(releases: Path) -> None:
    old, new = releases / "2020.txt", releases / "2021.txt"
    assert run(old, new, "-f", "json", "--through", releases).output == run(old, new, "-f", "json").output


def test_a_missing_releases_folder_is_an_error_in_one_line(releases: Path, tmp_path: Path) -> None:
    result = run(releases / "2020.txt", releases / "2022.txt", "--through", tmp_path / "nowhere")
    assert result.exit_code == 2 and "nowhere" in result.output and len(result.output.strip().splitlines()) == 1


def test_old_newer_than_new_is_refused_in_one_line(releases: Path) -> None:
    result = run(releases / "2022.txt", releases / "2020.txt", "--through", releases)
    assert result.exit_code == 2
    assert "OLD is not dated before NEW" in result.output and "2022.txt" in result.output
    assert "Traceback" not in result.output


def test_a_document_of_another_series_is_refused_in_one_line(releases: Path, tmp_path: Path) -> None:
    stray = tmp_path / "minutes.txt"
    text = layout(BASE, date="May 1, 2023").replace("Test Game Rules", "Harbour Club Bylaws")
    stray.write_text(text, encoding="utf-8")
    result = run(releases / "2020.txt", stray, "--through", releases)
    assert result.exit_code == 2
    assert "minutes.txt" in result.output and "--through" in result.output


def test_standard_input_is_a_usage_error(releases: Path) -> None:
    result = CliRunner().invoke(main, [str(releases / "2020.txt"), "-", "--through", str(releases)], input="x")
    assert result.exit_code == 2 and "--through" in result.output


def test_riftbound_rule_moved_while_rewritten(corpora: Path) -> None:
    """Riftbound v1.1's 322.4 is 323.6 of its latest release, reworded at
    each step: the direct comparison finds no pair (the two share too few
    words), the releases between say where it went. (gap-s20's 333.1.c ->
    337.2, the example here before session 21, is now paired directly, by
    align's step 12.)"""
    folder = corpora / "riftbound"
    files = sorted(folder.glob("*.txt"))
    direct = changes(run(files[0], files[-1], "-f", "json"))
    assert ("322.4", None, "removed", ()) in direct
    assert ("333.1.c", "337.2", "renumbered", ()) in direct
    through = changes(run(files[0], files[-1], "-f", "json", "--through", folder))
    assert ("322.4", None, "removed", (("became", "323.6"),)) in through
    assert (None, "323.6", "added", (("was", "322.4"),)) in through
    assert [c[:3] for c in through] == [c[:3] for c in direct]


def test_a_link_or_a_stray_file_in_the_folder_is_skipped_with_a_warning(releases: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(layout(BASE, date="January 1, 2021"), encoding="utf-8")
    (releases / "zz.txt").symlink_to(secret)
    (releases / "NOTES.txt").write_text("Notes for the next release\n\nAsk the printer.\n", encoding="utf-8")
    out = tmp_path / "out.json"
    result = run(releases / "2020.txt", releases / "2022.txt", "-f", "json", "--through", releases, "-o", out)
    assert result.exit_code == 0
    link = releases / "zz.txt"
    assert f"{link}: skipped: a symbolic link (give it as --through {link} to read it)" in result.output
    assert "NOTES.txt: skipped" in result.output
    hinted = [c for c in json.loads(out.read_text(encoding="utf-8"))["changes"] if c.get("see_also")]
    assert [(c["old"], c["new"], c["see_also"]) for c in hinted] == [
        ("1.3", None, [{"kind": "became", "id": "3.2"}]), (None, "3.2", [{"kind": "was", "id": "1.3"}])]


def test_several_through_options_add_up(releases: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (releases / "2021.txt").rename(other / "2021.txt")
    result = run(releases / "2020.txt", releases / "2022.txt", "-f", "json", "--through", releases, "--through", other)
    assert ("1.3", None, "removed", (("became", "3.2"),)) in changes(result)
