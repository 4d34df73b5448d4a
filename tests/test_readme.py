"""The README's two set-up commands exist, and .ci/run runs the test command verbatim."""

from __future__ import annotations

import re

from conftest import ROOT


def shell_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_readme_has_the_run_and_test_commands() -> None:
    blocks = shell_blocks()
    run = next(b for b in blocks if "ruldiff corpora/" in b)
    test = next(b for b in blocks if "pytest" in b)
    assert run.startswith("python3 -m venv .venv && ") and "pip install" in run
    assert test.startswith("python3 -m venv .venv && ")


def test_ci_runs_the_readme_test_command() -> None:
    test = next(b for b in shell_blocks() if "pytest" in b)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test in ci.splitlines()


def test_readme_sample_output_matches_the_tool() -> None:
    """Every line of the README's output excerpt is a line of the real output."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    excerpt = text.split("$ ruldiff corpora/lanternfall-2024-01-15.txt corpora/lanternfall-2024-06-01.txt\n")[1]
    excerpt = excerpt.split("```")[0]
    report = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.txt").read_text(encoding="utf-8")
    for line in excerpt.splitlines():
        if line.strip() in ("", "...") or "[...]" in line:
            continue
        assert line in report.splitlines(), line


def test_readme_json_excerpt_matches_the_tool() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    excerpt = text.split("```json\n")[1].split("```")[0]
    report = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.json").read_text(encoding="utf-8")
    lines = {line.strip().rstrip(",") for line in report.splitlines()}
    for line in excerpt.splitlines():
        line = line.strip().rstrip(",")
        if line.startswith('{"old"') or line.startswith('"'):
            assert line in lines, line


def test_readme_trace_excerpt_is_the_tools_output() -> None:
    """The README's trace of 301.4 is what ``ruldiff trace 301.4 corpora`` prints, whole."""
    import os

    from click.testing import CliRunner

    from ruldiff.cli.main import main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    excerpt = text.split("$ ruldiff trace 301.4 corpora\n")[1].split("```")[0]
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, ["trace", "301.4", "corpora"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0 and result.stdout == excerpt


def test_readme_history_excerpt_matches_the_sample_site() -> None:
    import json

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = text.split("jq -c '.steps[2] | [.date, .summary, .substitutions]' reports/history/index.json\n")[1]
    step = json.loads((ROOT / "reports" / "history" / "index.json").read_text(encoding="utf-8"))["steps"][2]
    assert json.loads(shown.split("\n")[0]) == [step["date"], step["summary"], step["substitutions"]]
