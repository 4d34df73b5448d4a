"""cli.py: the command a user runs, its exit status, its errors and its files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_difference, layout, write_pair

from ruldiff.cli.main import main

OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
NEW = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw a card."), ("100.3.", "Pass.")])


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    old, new = write_pair(tmp_path, OLD, NEW)
    return str(old), str(new)


def run(*args: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def test_default_command_prints_the_changelog(files: tuple[str, str]) -> None:
    result = run(*files)
    assert result.exit_code == 0
    assert "summary: 1 added, 0 removed, 0 changed, 2 renumbered, 2 unchanged" in result.output
    assert "+ 100.1  added" in result.output
    assert "\x1b[" not in result.output  # not a terminal: no colour


def test_diff_subcommand_is_the_same(files: tuple[str, str]) -> None:
    assert run("diff", *files).output == run(*files).output


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json", "context"])
def test_every_format_writes_the_same_bytes_to_a_file_and_to_stdout(files: tuple[str, str], tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"out.{fmt}"
    assert run(*files, "--format", fmt, "-o", str(out)).exit_code == 0
    printed = run(*files, "-f", fmt)
    assert printed.exit_code == 0 and printed.stdout_bytes
    # Bytes, not decoded text: a file written with CRLF line ends, or a BOM, differs.
    difference = first_difference(str(out), out.read_bytes(), printed.stdout_bytes)
    assert difference is None, difference
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp file left


def test_output_file_is_readable_by_others(files: tuple[str, str], tmp_path: Path) -> None:
    out = tmp_path / "changes.html"
    old_mask = os.umask(0o022)
    try:
        result = run(*files, "-f", "html", "-o", str(out))
    finally:
        os.umask(old_mask)
    assert result.exit_code == 0 and result.output == ""
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert out.stat().st_mode & 0o777 == 0o644


def test_exit_code_flag(files: tuple[str, str]) -> None:
    old, new = files
    assert run(old, new, "--exit-code").exit_code == 1
    assert run(old, old, "--exit-code").exit_code == 0
    assert run(old, new).exit_code == 0


def test_json_output_is_the_contract(files: tuple[str, str]) -> None:
    data = json.loads(run(*files, "-f", "json").output)
    assert data["format"] == "ruldiff"
    assert [(c["old"], c["new"], c["kind"]) for c in data["changes"]] == [
        (None, "100.1", "added"),
        ("100.1", "100.2", "renumbered"),
        ("100.2", "100.3", "renumbered"),
    ]


def test_colour_always_and_no_color(files: tuple[str, str]) -> None:
    assert "\x1b[" in run(*files, "--color", "always").output
    assert "\x1b[" not in run(*files, "--color", "never").output


def one_line_error(result) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return lines[0]


def test_missing_file(files: tuple[str, str], tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.txt")
    line = one_line_error(run(files[0], missing))
    assert line == f"Error: {missing}: no such file"


def test_directory_instead_of_file(files: tuple[str, str], tmp_path: Path) -> None:
    line = one_line_error(run(str(tmp_path), files[1]))
    assert str(tmp_path) in line and "directory" in line


def test_undecodable_file_names_file_and_line(files: tuple[str, str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"1. Basics\n\n100.1. Draw \x81 card.\n")
    line = one_line_error(run(str(bad), files[1]))
    assert line.startswith(f"Error: {bad}:3: cannot decode byte 0x81")


def test_no_rules_found(files: tuple[str, str], tmp_path: Path) -> None:
    prose = tmp_path / "prose.txt"
    prose.write_text("Just a letter.\nNo rules in it.\n", encoding="utf-8")
    line = one_line_error(run(files[0], str(prose), "--profile", "mtg-cr"))
    assert line.startswith(f"Error: {prose}: no numbered rules found")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    assert "no paragraphs found" in one_line_error(run(files[0], str(empty)))


def test_failed_run_leaves_no_output_file(files: tuple[str, str], tmp_path: Path) -> None:
    out = tmp_path / "changes.html"
    one_line_error(run(files[0], str(tmp_path / "nope.txt"), "-f", "html", "-o", str(out)))
    assert not out.exists()
    bad_templates = tmp_path / "tpl"
    bad_templates.mkdir()
    (bad_templates / "changelog.html.j2").write_text("{{ missing.thing }}", encoding="utf-8")
    one_line_error(run(*files, "-f", "html", "-o", str(out), "--templates", str(bad_templates)))
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.txt", "old.txt", "tpl"]


def test_output_into_missing_directory(files: tuple[str, str], tmp_path: Path) -> None:
    line = one_line_error(run(*files, "-o", str(tmp_path / "no" / "out.md")))
    assert "directory does not exist" in line


def test_unknown_format_is_a_usage_error(files: tuple[str, str]) -> None:
    assert run(*files, "-f", "pdf").exit_code == 2


def test_user_templates(files: tuple[str, str], tmp_path: Path) -> None:
    tpl = tmp_path / "tpl"
    tpl.mkdir()
    (tpl / "changelog.md.j2").write_text("{{ summary.renumbered }} renumbered\n", encoding="utf-8")
    assert run(*files, "-f", "md", "--templates", str(tpl)).output == "2 renumbered\n"


def test_jobs_do_not_change_the_output(files: tuple[str, str]) -> None:
    assert run(*files, "-j", "1", "-f", "json").output == run(*files, "-j", "3", "-f", "json").output


def test_python_dash_m_and_no_color_env(files: tuple[str, str]) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", *files, "--exit-code"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 1
    assert "renumbered" in done.stdout and "\x1b[" not in done.stdout
    done = subprocess.run([sys.executable, "-m", "ruldiff", files[0], "/nonexistent/x.txt"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == "Error: /nonexistent/x.txt: no such file"


def test_template_cache_location(files: tuple[str, str], tmp_path: Path) -> None:
    xdg = tmp_path / "xdg"
    env = {"RULDIFF_CACHE_DIR": None, "XDG_CACHE_HOME": str(xdg)}
    first = run(*files, "-f", "html", env=env).output  # type: ignore[arg-type]
    assert [p.suffix for p in (xdg / "ruldiff").iterdir()] == [".jinja"]
    assert run(*files, "-f", "html", env=env).output == first  # type: ignore[arg-type]
    own = tmp_path / "own"
    assert run(*files, "-f", "html", env={"RULDIFF_CACHE_DIR": str(own)}).output == first
    assert [p.suffix for p in own.iterdir()] == [".jinja"]
    # An empty RULDIFF_CACHE_DIR turns the cache off.
    off = tmp_path / "off"
    uncached = run(*files, "-f", "md", env={"RULDIFF_CACHE_DIR": "", "XDG_CACHE_HOME": str(off)})
    # The command did its work (a failed run would cache nothing either)...
    assert uncached.exit_code == 0 and uncached.output == run(*files, "-f", "md").output
    assert uncached.output.startswith("# Changes from ")
    assert not off.exists()  # ...without a cache


def test_documents_read_with_different_profiles_get_a_warning(files: tuple[str, str], tmp_path: Path) -> None:
    prose = tmp_path / "notes.txt"
    prose.write_text("Some notes without numbers.\n\nAnother paragraph.\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", files[0], str(prose), "-f", "json"], capture_output=True, text=True
    )
    assert done.returncode == 0 and json.loads(done.stdout)["new"]["profile"] == "paragraphs"
    assert done.stderr == (
        f"warning: {files[0]} was read with profile mtg-cr, {prose} with paragraphs; "
        "give --profile to read both the same way\n"
    )
    # The same profile on both sides: nothing on stderr.
    same = subprocess.run([sys.executable, "-m", "ruldiff", *files, "-f", "json"], capture_output=True, text=True)
    assert same.returncode == 0 and same.stderr == ""


def test_the_command_ends_without_losing_output(tmp_path: Path) -> None:
    # `run` ends the process with os._exit once the output is flushed: a long
    # changelog on a pipe must arrive whole, and equal the one written by -o.
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("".join(f"100.{n}. Rule {n} says {n} things.\n" for n in range(1, 1001)), encoding="utf-8")
    new.write_text("".join(f"100.{n}. Rule {n} says {n + 1} things.\n" for n in range(1, 1001)), encoding="utf-8")
    out = tmp_path / "out.json"
    command = [sys.executable, "-m", "ruldiff", str(old), str(new), "-f", "json", "-j", "1"]
    piped = subprocess.run(command, capture_output=True)
    written = subprocess.run([*command, "-o", str(out)], capture_output=True)
    assert piped.returncode == 0 and written.returncode == 0 and piped.stderr == b""
    assert len(json.loads(piped.stdout)["changes"]) == 1000
    assert piped.stdout == out.read_bytes()


def test_new_older_than_old_warns_once_that_the_arguments_look_swapped(tmp_path: Path) -> None:
    older = layout([("1", "Basics"), ("100.1.", "Draw a card.")], date="May 1, 2024")
    newer = layout([("1", "Basics"), ("100.1.", "Draw two cards.")], date="June 3, 2024")
    (tmp_path / "a.txt").write_text(older, encoding="utf-8")
    (tmp_path / "b.txt").write_text(newer, encoding="utf-8")
    a, b = str(tmp_path / "a.txt"), str(tmp_path / "b.txt")
    swapped = run(b, a, "--exit-code")
    assert swapped.exit_code == 1 and swapped.stdout.startswith("Test Game Rules (2024-06-03) -> Test Game Rules (2024-05-01)")
    assert swapped.stderr == (
        f"warning: NEW ({a}, effective 2024-05-01) is older than OLD ({b}, effective 2024-06-03); "
        "swapped arguments? The order is: ruldiff OLD NEW\n"
    )
    assert run(a, b).stderr == ""  # the right order
    assert run(a, a).stderr == ""  # the same date
    undated = tmp_path / "undated.txt"
    undated.write_text("\n".join(line for line in older.splitlines() if "effective" not in line) + "\n", encoding="utf-8")
    assert run(b, str(undated)).stderr == ""  # a date missing: nothing to compare
    piped = CliRunner().invoke(main, [b, "-"], input=older.encode(), catch_exceptions=False)
    assert "warning: NEW (<stdin>, effective 2024-05-01) is older than OLD" in piped.stderr
