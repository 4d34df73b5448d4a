"""cli.py, help: ``-h`` and ``--help`` alike at every level, and help that
speaks to a user (what each option gives, with examples)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main


def helped(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), prog_name="ruldiff", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return str(result.output)


@pytest.mark.parametrize("command", [[], ["diff"], ["parse"], ["schema"]], ids=["group", "diff", "parse", "schema"])
def test_short_and_long_help_are_the_same(command: list[str]) -> None:
    assert helped(*command, "-h") == helped(*command, "--help")


def test_bare_help_is_the_groups_and_lists_the_commands() -> None:
    text = helped("-h")
    assert text.startswith("Usage: ruldiff [OPTIONS] COMMAND [ARGS]...")
    assert "Commands:" in text and "diff " in text and "parse " in text
    listed = [line.split()[0] for line in text.split("Commands:\n", 1)[1].splitlines() if line.startswith("  ")]
    assert listed == ["check", "diff", "history", "parse", "review", "schema", "trace"]  # in the order of a dictionary


def test_the_default_command_still_runs_and_still_takes_help_after_the_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # `ruldiff OLD NEW -h` is the help of what would run: diff's.
    assert helped("old.txt", "new.txt", "-h") == helped("diff", "--help")


def test_help_has_examples_and_says_what_options_give() -> None:
    group, diff = helped("--help"), helped("diff", "--help")
    assert "Examples:" in group and "ruldiff old.txt new.txt -f html -o out.html" in group
    assert "Exit status: 0" in group
    assert "Examples:" in diff and "'-' reads it from standard input" in diff
    jobs = diff.split("--jobs N", 1)[1].split("--templates", 1)[0]
    assert "1: one process" in " ".join(jobs.split()) and "output is the same" in " ".join(jobs.split())
    assert "Examples:" in helped("parse", "--help")


@pytest.mark.parametrize("command", ["diff", "parse", "schema", "check", "history", "trace", "review"])
def test_each_commands_help_has_examples_and_cites_no_file_that_is_not_installed(command: str) -> None:
    text = helped(command, "-h")
    assert "Examples:" in text
    assert "README" not in text and "bench/" not in text
