"""The README's two set-up commands exist, and .ci/run runs the test command verbatim;
the examples of the README and of the manual in docs/ are the tool's output."""

from __future__ import annotations

import re

import pytest
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


@pytest.mark.parametrize("page", ["README.md", "docs/output.md"])
def test_readme_sample_output_matches_the_tool(page: str) -> None:
    """Every line of the output excerpt (the README's, and the whole one of
    docs/output.md) is a line of the real output."""
    text = (ROOT / page).read_text(encoding="utf-8")
    excerpt = text.split("$ ruldiff corpora/lanternfall-2024-01-15.txt corpora/lanternfall-2024-06-01.txt\n")[1]
    excerpt = excerpt.split("```")[0]
    report = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.txt").read_text(encoding="utf-8")
    for line in excerpt.splitlines():
        if line.strip() in ("", "...") or "[...]" in line:
            continue
        assert line in report.splitlines(), line


def test_readme_json_excerpt_matches_the_tool() -> None:
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    excerpt = text.split("```json\n")[1].split("```")[0]
    report = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.json").read_text(encoding="utf-8")
    lines = {line.strip().rstrip(",") for line in report.splitlines()}
    for line in excerpt.splitlines():
        line = line.strip().rstrip(",")
        if line.startswith('{"old"') or line.startswith('"'):
            assert line in lines, line


def test_readme_trace_excerpt_is_the_tools_output() -> None:
    """docs/history.md's trace of 301.4 is what ``ruldiff trace 301.4 corpora`` prints, whole."""
    import os

    from click.testing import CliRunner

    from ruldiff.cli.main import main

    text = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
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

    text = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    shown = text.split("jq -c '.steps[2] | [.date, .summary, .substitutions]' reports/history/index.json\n")[1]
    step = json.loads((ROOT / "reports" / "history" / "index.json").read_text(encoding="utf-8"))["steps"][2]
    assert json.loads(shown.split("\n")[0]) == [step["date"], step["summary"], step["substitutions"]]


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings (outside code blocks)."""
    found, fence = set(), False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and (heading := re.match(r"#+ (.*)", line)):
            found.add(re.sub(r"[^\w\- ]", "", heading[1].lower()).replace(" ", "-"))
    return found


def test_the_links_of_the_readme_and_the_manual_lead_somewhere() -> None:
    """Every relative link (and image) of README.md and docs/*.md names a file
    that exists, and an anchor its page has."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    assert {p.name for p in pages} >= {"index.md", "usage.md", "json.md", "editors.md", "trust.md"}
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for page in pages:
        if page.parent.name == "docs" and page.name != "index.md":
            assert f"]({page.name})" in index, page.name
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            assert file.exists(), f"{page.name}: {target}"
            if anchor:
                assert anchor in anchors(file.read_text(encoding="utf-8")), f"{page.name}: {target}"


# One document of each style the README's "What it reads" table shows, and
# an ID it says that style is read as.
_STYLES = {
    "100.1a": "Rules\n\n100. General\n\n100.1. Play nicely.\n\n100.1a Share the dice.\n\n101. Turns\n\n101.1. Take turns.\n",
    "4-12(a)(1)": ("Town Code\n\nCHAPTER 4. ANIMALS\n\nSec. 4-12. Noise.\n(a) No dog shall bark at night.\n"
                   "(1) A first offence is a warning.\n(2) A second is a fine.\n(b) Cats are exempt.\n\n"
                   "Sec. 4-13. Leashes.\n(a) Dogs are leashed in parks.\n"),
    "§ 3(a)(i)": ("Harbour Regulations\n\n§ 3. Scope.\n(a) These rules apply to the harbour.\n(i) At all hours.\n"
                  "(ii) To all boats.\n(b) Nothing else.\n\n§ 4. Berths.\n(a) A berth is let by the year.\n"),
    "II.2": ("Bylaws of the Club\n\nARTICLE I - NAME\n\nSection 1. The name is the Club.\n\nSection 2. The seat is in town.\n\n"
             "ARTICLE II - MEMBERS\n\nSection 1. Anyone may join.\n\nSection 2. Members pay dues.\n"),
    "11.1": ("Laws of Quoits\n\nLaw 1 - The Pitch\n\n1. The pitch is flat.\n2. The pitch is long.\n\n"
             "Law 11 - Offside\n\n1. A player is offside when ahead.\n2. Offside is penalised.\n"),
    "5.1(a)": ("Regulation on Lamps\n\nArticle 5\nScope\n\n1. This Regulation applies to lamps:\n(a) oil lamps;\n"
               "(b) gas lamps.\n2. It does not apply to candles.\n\nArticle 6\nEntry into force\n\n1. It applies from 1 May.\n"),
}


@pytest.mark.parametrize("rule_id", list(_STYLES))
def test_each_style_the_readme_shows_reads_as_it_says(rule_id: str) -> None:
    from ruldiff.documents.parse import parse
    from ruldiff.documents.read import decode

    assert f"`{rule_id}`" in (ROOT / "README.md").read_text(encoding="utf-8")
    doc = parse(decode(_STYLES[rule_id].encode("utf-8"), "rules.txt"))
    assert rule_id in [r.id for r in doc.rules]
