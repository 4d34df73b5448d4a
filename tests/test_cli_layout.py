"""The layout options of ``ruldiff diff``: --style, --template, --max-chars."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ruldiff.cli.main import main


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_bulletin_style_in_every_human_format(sample: list[Path]) -> None:
    for fmt in ("md", "html", "text"):
        result = run(sample[0], sample[1], "-f", fmt, "--style", "bulletin")
        assert result.exit_code == 0, result.output
        assert "Renumbered, text unchanged" not in result.output
    md = run(sample[0], sample[1], "-f", "md", "--style", "bulletin").output
    assert md.startswith("# Lanternfall Comprehensive Rules: changes of 2024-06-01")


def test_template_file_renders_with_the_context_in_the_sandbox(tmp_path: Path, sample: list[Path]) -> None:
    mine = tmp_path / "mine.txt.j2"
    mine.write_text("{{ summary.added }} added; first: {{ new_runs[0].first.label }}\n", encoding="utf-8")
    result = run(sample[0], sample[1], "-f", "md", "--template", mine)
    assert result.exit_code == 0 and result.output == "2 added; first: 102.2\n"
    evil = tmp_path / "evil.md.j2"
    evil.write_text("{{ cycler.__init__.__globals__ }}\n", encoding="utf-8")
    result = run(sample[0], sample[1], "-f", "md", "--template", evil)
    assert result.exit_code == 2 and "not allowed" in result.output
    both = run(sample[0], sample[1], "--template", mine, "--templates", tmp_path)
    assert both.exit_code == 2 and "not both" in both.output
    missing = run(sample[0], sample[1], "-f", "md", "--template", tmp_path / "none.j2")
    assert missing.exit_code == 2 and "template not found" in missing.output


def test_max_chars_shortens_markdown_and_takes_presets(sample: list[Path]) -> None:
    whole = run(sample[0], sample[-1], "-f", "md").output
    short = run(sample[0], sample[-1], "-f", "md", "--max-chars", 4000).output
    assert len(short.encode()) <= 4000 < len(whole.encode()) and "Shortened to fit 4,000 bytes" in short
    assert run(sample[0], sample[-1], "-f", "md", "--max-chars", "comment").output == whole
    bad = run(sample[0], sample[-1], "--max-chars", "lots")
    assert bad.exit_code == 2 and "comment" in bad.output
