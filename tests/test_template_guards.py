"""The changelog's `{% if %}` guards, read as a reader of `ruldiff old new
-f md/html` reads them: a part appears only when there is something to put
in it (mutation issue #30: each guard held always survived the other tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import write_rules_pair

from ruldiff.cli.main import main


def changelog(tmp_path: Path, old: list[tuple[str, str]], new: list[tuple[str, str]], fmt: str) -> str:
    a, b = write_rules_pair(tmp_path, old, new)
    result = CliRunner().invoke(main, [a, b, "-f", fmt])
    assert result.exit_code == 0, result.output
    return result.output


BASE = [("1", "Play"), ("100", "General"), ("100.1.", "Each keeper draws a glyph."),
        ("100.2.", "A keeper may pass instead of casting.")]


def test_stale_references_listed_in_the_summary_only_when_there_is_one(tmp_path: Path) -> None:
    citing = BASE + [("100.3.", "See rule 100.2.")]
    removed = [r for r in citing if r[0] != "100.2."]
    with_stale = changelog(tmp_path, citing, removed, "html")
    assert "<dt>Stale references (1)</dt>" in with_stale
    # A summary of new rules, without a stale reference, has no empty fold for them.
    added = citing + [("100.4.", "A keeper may kindle a lantern once a turn.")]
    without = changelog(tmp_path, citing, added, "html")
    assert "<dt>New rules (1)</dt>" in without and "Stale references" not in without


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_change_whose_text_did_not_change_does_not_quote_its_text(tmp_path: Path, fmt: str) -> None:
    # 100.2 renumbered to 100.3 word for word: the entry names the move, quotes nothing.
    old = BASE
    new = BASE[:3] + [("100.2.", "A keeper may discard a glyph at dusk."), ("100.3.", BASE[3][1])]
    page = changelog(tmp_path, old, new, fmt)
    assert "may discard a glyph" in page  # the added rule is quoted
    assert "pass instead of casting" not in page  # the moved rule, unchanged, is not


def test_an_edited_rule_with_no_list_link_or_hint_shows_no_empty_note(tmp_path: Path) -> None:
    edited = [(n, t.replace("draws", "takes")) for n, t in BASE]
    html = changelog(tmp_path, BASE, edited, "html")
    assert "takes" in html
    for empty in ("List: <", "<p class=\"note\">See <", "See also <"):
        assert empty not in html


def test_the_bulletin_names_the_part_before_the_first_section_as_such(tmp_path: Path) -> None:
    old = [("100.1.", "Each keeper draws a glyph."), ("1", "Play"), ("100", "General"), ("100.2.", "A keeper may pass.")]
    new = [("100.1.", "Each keeper takes a glyph."), ("1", "Play"), ("100", "General"),
           ("100.2.", "A keeper may pass now.")]
    a, b = write_rules_pair(tmp_path, old, new)
    result = CliRunner().invoke(main, [a, b, "-f", "html", "--style", "bulletin"])
    assert result.exit_code == 0, result.output
    assert "<h2>Before the first section</h2>" in result.output and "<h2>1. Play</h2>" in result.output
    assert "None" not in result.output


def test_a_trace_in_html_shows_each_run_s_text_and_marks_absent_only_runs_without_the_rule(tmp_path: Path) -> None:
    from helpers import layout

    versions = [[("1", "Play"), ("100", "General"), ("100.1.", "Each keeper draws a glyph.")],
                [("1", "Play"), ("100", "General"), ("100.1.", "Each keeper draws a glyph.")],
                [("1", "Play"), ("100", "General"), ("100.1.", "Each keeper draws two glyphs.")],
                [("1", "Play"), ("100", "General"), ("100.2.", "Each keeper draws two glyphs.")]]
    paths = []
    for n, rules in enumerate(versions):
        path = tmp_path / f"v{n}.txt"
        path.write_text(layout(rules, date=f"May {n + 1}, 2024"), encoding="utf-8")
        paths.append(str(path))
    result = CliRunner().invoke(main, ["trace", "100.1", *paths, "-f", "html"])
    assert result.exit_code == 0, result.output
    html = result.output
    assert "<p class=\"text\">Each keeper draws a glyph.</p>" in html  # the first run, unchanged, its text
    assert html.count('class="run"') >= 2  # the runs holding the rule are not marked absent
