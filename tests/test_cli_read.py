"""cli/read.py: the two documents of a comparison, read alike with or without
a helper process reading OLD (`read_pair`, ``ruldiff diff -j``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main
from ruldiff.cli import read
from ruldiff.cli.read import read_pair
from ruldiff.documents import forked
from ruldiff.errors import RuldiffError
from ruldiff.limits import MAX_SIZE

FIXTURES = Path(__file__).parent / "fixtures"

# Subrules and a glossary, which the riftbound profile does not read: each
# document gets a misfit warning under --profile riftbound.
GAME = layout(
    [("1", "Basics"), ("100", "General"), ("100.1", "Play nicely."),
     ("100.1a", "Greet the other players."), ("100.1b", "Shake hands at the end."),
     ("100.2", "Take turns."), ("100.2a", "The youngest player goes first.")],
    [("Turn", "The time in which one player acts."), ("Player", "Someone who plays.")],
)


@pytest.fixture(autouse=True)
def helper_for_any_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "AHEAD_MIN", 0)  # the documents here are small


@pytest.fixture
def game(tmp_path: Path) -> tuple[str, str]:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(GAME, encoding="utf-8")
    new.write_text(GAME.replace("Take turns.", "Take turns, always."), encoding="utf-8")
    return str(old), str(new)


@pytest.mark.parametrize("profile", [None, "riftbound"])
def test_the_helper_reads_old_as_this_process_would(game: tuple[str, str], profile: str | None) -> None:
    assert read_pair(*game, profile, MAX_SIZE, ahead=True) == read_pair(*game, profile, MAX_SIZE, ahead=False)


def test_warnings_and_output_are_the_same_with_the_helper(game: tuple[str, str]) -> None:
    one, two = (CliRunner().invoke(main, [*game, "--profile", "riftbound", "-j", j]) for j in ("1", "2"))
    assert one.exit_code == two.exit_code == 0
    assert (one.stdout, one.stderr) == (two.stdout, two.stderr)
    warnings = [line.split(":")[1].strip() for line in two.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == list(game)  # OLD's first


def test_documents_read_by_a_preset_are_read_alike() -> None:
    pair = str(FIXTURES / "laws" / "old.txt"), str(FIXTURES / "laws" / "new.txt")
    assert read_pair(*pair, None, MAX_SIZE, ahead=True) == read_pair(*pair, None, MAX_SIZE, ahead=False)


def test_documents_read_by_an_inferred_numbering_are_read_here(tmp_path: Path) -> None:
    # Read by a numbering inferred from them (grammar.py): read_alike may read
    # one again by the other's, from its text, which only this process holds.
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("Bylaws\n\nSection 1. The name is X.\nSection 2. Anyone may join.\n", encoding="utf-8")
    new.write_text("Bylaws\n\nSection 1. The name is Y.\nSection 2. Anyone may join.\n", encoding="utf-8")
    ahead = read_pair(str(old), str(new), None, MAX_SIZE, ahead=True)
    assert ahead == read_pair(str(old), str(new), None, MAX_SIZE, ahead=False)
    assert ahead[0].numbering is not None


@pytest.mark.parametrize("missing, named", [("both", "old"), ("old", "old"), ("new", "new")])
def test_an_error_in_old_is_still_reported_first(game: tuple[str, str], missing: str, named: str) -> None:
    old, new = game
    old, new = (old + ".gone" if missing in ("both", "old") else old), (new + ".gone" if missing in ("both", "new") else new)
    with pytest.raises(RuldiffError) as caught:
        read_pair(old, new, None, MAX_SIZE, ahead=True)
    assert f"{named}.txt.gone" in str(caught.value)


def test_a_failed_helper_leaves_the_reading_to_this_process(game: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    expected = read_pair(*game, None, MAX_SIZE, ahead=False)
    monkeypatch.setattr(forked.marshal, "dumps", lambda data: 1 / 0)  # the helper ends with status 1
    assert read_pair(*game, None, MAX_SIZE, ahead=True) == expected


def test_a_small_old_document_is_read_here(game: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "AHEAD_MIN", 10**6)
    monkeypatch.setattr(read.Forked, "start", lambda call: pytest.fail("a helper was started"))
    assert read_pair(*game, None, MAX_SIZE, ahead=True) == read_pair(*game, None, MAX_SIZE, ahead=False)


@pytest.mark.parametrize("fmt", ["html", "md", "json"])
def test_each_format_is_the_same_with_the_helper(game: tuple[str, str], fmt: str) -> None:
    one, two = (CliRunner().invoke(main, [*game, "-f", fmt, "-j", j]) for j in ("1", "2"))
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout


def test_a_second_process_only_where_a_core_sat_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruldiff.cli import options

    monkeypatch.setattr(options.os, "sched_getaffinity", lambda pid: {0, 1})
    for load, workers in ((0.3, 2), (1.9, 2), (2.0, 1), (4.0, 1)):
        monkeypatch.setattr(options.os, "getloadavg", lambda load=load: (load, load, load))
        assert options.diff_workers(None) == workers, load
    assert options.diff_workers(3) == 3 and options.diff_workers(1) == 1  # -j decides
    monkeypatch.setattr(options.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    # One core allowed (a container, `taskset -c 0`) on a machine of many: one process.
    monkeypatch.setattr(options.os, "sched_getaffinity", lambda pid: {0})
    monkeypatch.setattr(options.os, "cpu_count", lambda: 8)
    assert options.diff_workers(None) == 1 and options.series_workers(None) == 1


def test_the_helper_renders_the_changelog_with_the_template_it_loaded(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ruldiff.outputs import templating

    expected = CliRunner().invoke(main, [*game, "-f", "html", "-j", "1"]).stdout
    # Not rendered here: the helper loaded the template while this process compared.
    monkeypatch.setattr(templating, "render_template", lambda *args, **kwargs: pytest.fail("rendered here"))
    two = CliRunner().invoke(main, [*game, "-f", "html", "-j", "2"])
    assert two.exit_code == 0 and two.stdout == expected


@pytest.mark.parametrize("how", ["the helper fails", "a long changelog"])
def test_otherwise_the_changelog_is_rendered_here(game: tuple[str, str], monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    from ruldiff.outputs import ahead, templating

    expected = CliRunner().invoke(main, [*game, "-f", "md", "-j", "1"]).stdout
    if how == "the helper fails":  # only the helper loads a template this way
        monkeypatch.setattr(ahead, "loaded_template", lambda name, cache: 1 / 0)
    else:
        monkeypatch.setattr(ahead, "RENDER_AHEAD_MAX", 0)
    rendered: list[str] = []
    here = templating.render_template
    monkeypatch.setattr(templating, "render_template", lambda name, *a, **k: rendered.append(name) or here(name, *a, **k))
    two = CliRunner().invoke(main, [*game, "-f", "md", "-j", "2"])
    assert two.exit_code == 0 and two.stdout == expected and rendered == ["changelog.md.j2"]


def test_a_helper_serves_one_request_then_ends() -> None:
    helper = forked.Forked.start(lambda: "read", lambda: str.upper)
    assert helper is not None and helper.result() == "read"
    assert helper.ask("render me") == "RENDER ME"
    assert helper.ask("again") is None  # one request: it has ended
    idle = forked.Forked.start(lambda: "read", lambda: str.upper)
    assert idle is not None and idle.result() == "read"
    idle.stop()  # never asked: stopped and reaped
    assert idle.ask("late") is None
