"""stat.py: ``--stat``, a summary as short as git's, with the right counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from helpers import doc

from ruldiff.diff.pipeline import compare
from ruldiff.cli.main import main
from ruldiff.documents.load import load
from ruldiff.outputs.stat import render_stat


def test_the_sample_pair_summary_is_pinned(sample: list[Path]) -> None:
    text = render_stat(compare(load(str(sample[0])), load(str(sample[1]))))
    assert text == (
        "Lanternfall Comprehensive Rules (2024-01-15) -> Lanternfall Comprehensive Rules (2024-06-01)\n"
        " 1  Game Concepts   |  9 +-~~~>>>>\n"
        " 2  Glyphs          |  3 ~~~\n"
        " 3  Turn Structure  | 10 ~~~~~~~~~~\n"
        " Glossary           |  3 +-~\n"
        " 25 changes: 2 added (+), 2 removed (-), 17 changed (~), 4 renumbered (>); 56 unchanged\n"
        " tags: 10 substantive, 8 substitution, 2 list-item, 1 cosmetic, 1 cross-reference\n"
        ' substitutions: "active" -> "current" (8)\n'
        " renumbering: 1 run: 102.2-102.5 -> 102.3-102.6\n"
    )


def test_counts_add_up_to_the_summary(sample: list[Path]) -> None:
    comparison = compare(load(str(sample[0])), load(str(sample[2])))
    text = render_stat(comparison)
    per_section = [int(m) for m in re.findall(r"^ .+?  \| +(\d+) ", text, re.M)]
    assert sum(per_section) == len(comparison.changes)
    kinds = {k: n for k, n in comparison.summary.items() if k != "unchanged"}
    marks = {"added": "+", "removed": "-", "changed": "~", "renumbered": ">"}
    for kind, mark in marks.items():  # bars are not scaled here: one mark per change
        assert sum(line.split("| ")[1].count(mark) for line in text.splitlines() if "| " in line) == kinds[kind]


def test_bars_are_scaled_to_the_largest_section_and_keep_each_kind() -> None:
    old = [("1", "Basics"), *[(f"100.{n}.", f"Rule {n}.") for n in range(1, 201)], ("2", "Other"), ("200.1.", "Keep.")]
    new = [("1", "Basics"), *[(f"100.{n}.", f"Rule {n} now.") for n in range(1, 201)],
           ("2", "Other"), ("200.1.", "Keep."), ("200.2.", "New.")]
    text = render_stat(compare(doc(old), doc(new)))
    bars = {line.split()[1]: line.split()[-1] for line in text.splitlines() if "| " in line}
    assert bars == {"Basics": "~" * 40, "Other": "+"}  # the longest bar is 40 marks, wherever it is written


def test_many_sections_show_the_largest_and_count_the_rest() -> None:
    # Root headings (100, 101, ...), as a Riftbound release has some 200 of.
    old: list[tuple[str, str]] = []
    new: list[tuple[str, str]] = []
    for h in range(100, 125):
        old += [(str(h), f"Part {h}"), (f"{h}.1.", "Players draw a card."), (f"{h}.2.", "Players may pass their turn.")]
        edited = "Players may pass their whole turn." if h != 103 else "Players may pass their turn."
        new += [(str(h), f"Part {h}"), (f"{h}.1.", "Players draw a card."), (f"{h}.2.", edited)]
        if h in (107, 110):
            new.append((f"{h}.3.", "Players may shout."))
    lines = render_stat(compare(doc(old), doc(new))).splitlines()
    rows = [line for line in lines if "| " in line]
    assert len(rows) == 20  # at most 20 sections, the other 5 (4 with a change) counted
    assert rows[0] == " 100  Part 100  | 1 ~"  # in reading order
    assert " 107  Part 107  | 2 +~" in rows and " 110  Part 110  | 2 +~" in rows  # the largest kept
    assert not any(row.startswith(" 124 ") for row in rows)  # a small one, last, counted
    assert " … 4 more sections with fewer changes: 4 in all" in lines
    assert " 103  Part 103  | 1 ~" not in lines  # no change there at all


def test_colour_paints_the_bars_only() -> None:
    comparison = compare(doc([("1", "A"), ("100.1.", "Draw.")]), doc([("1", "A"), ("100.1.", "Draw two.")]))
    assert "\x1b[33m~\x1b[0m" in render_stat(comparison, color=True)
    assert "\x1b[" not in render_stat(comparison)


def test_no_changes() -> None:
    same = doc([("1", "A"), ("100.1.", "Draw.")])
    assert render_stat(compare(same, same)).splitlines()[1:] == [" no changes; 2 unchanged"]


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_command_prints_the_summary_and_keeps_exit_code(sample: list[Path]) -> None:
    old, new = str(sample[0]), str(sample[1])
    result = run(old, new, "--stat", "--exit-code")
    assert result.exit_code == 1 and result.stdout == render_stat(compare(load(old), load(new)))
    assert run(old, old, "--stat", "--exit-code").exit_code == 0


@pytest.mark.parametrize("fmt", ["md", "html", "json", "context"])
def test_stat_with_another_format_is_a_usage_error(sample: list[Path], fmt: str) -> None:
    from ruldiff.cli import main as cli

    assert cli._status([str(sample[0]), str(sample[1]), "--stat", "-f", fmt]) == 2


def test_the_manual_example_is_the_output(sample: list[Path]) -> None:
    readme = (ROOT / "docs" / "output.md").read_text(encoding="utf-8")
    shown = readme.split("$ ruldiff corpora/lanternfall-2024-01-15.txt corpora/lanternfall-2024-06-01.txt --stat\n")[1]
    assert shown.split("```")[0] == render_stat(compare(load(str(sample[0])), load(str(sample[1]))))


def test_each_kind_has_its_mark_colour_and_place_in_the_legend(sample: list[Path]) -> None:
    comparison = compare(load(str(sample[0])), load(str(sample[2])))  # a split and a merge, among the rest
    summary = comparison.summary
    assert all(summary.get(k) for k in ("added", "removed", "changed", "renumbered", "split", "merged"))
    plain = render_stat(comparison)
    legend = (f" {len(comparison.changes)} changes: {summary['added']} added (+), {summary['removed']} removed (-), "
              f"{summary['changed']} changed (~), {summary['renumbered']} renumbered (>), {summary['split']} split (<), "
              f"{summary['merged']} merged (<); {summary['unchanged']} unchanged")
    assert legend in plain.splitlines()
    bars = [line.split()[-1] for line in plain.splitlines() if "| " in line]
    assert all(re.fullmatch(r"\+*-*~*>*<*", bar) for bar in bars)  # each bar in the legend's order
    marks = "".join(bars)
    assert marks.count("<") == summary["split"] + summary["merged"]
    painted = render_stat(comparison, color=True)
    colours = {"+": "32", "-": "31", "~": "33", ">": "36", "<": "36"}
    for mark, colour in colours.items():
        assert f"\x1b[{colour}m{mark}" in painted, mark
    assert all(colours[m] == c for c, m in re.findall(r"\x1b\[(\d+)m([-+~<>])", painted))


@pytest.mark.parametrize("many", [6, 7])
def test_five_substitutions_and_renumbering_runs_are_named_the_rest_counted(sample: list[Path], many: int) -> None:
    from dataclasses import replace

    comparison = compare(load(str(sample[0])), load(str(sample[1])))
    sub, run_ = comparison.substitutions[0], comparison.renumbering[0]
    comparison = replace(
        comparison,
        substitutions=tuple(replace(sub, old=f"old{i}", new=f"new{i}") for i in range(many)),
        renumbering=tuple(replace(run_, old=f"{i}.1", new=f"{i}.2") for i in range(many)),
    )
    lines = render_stat(comparison).splitlines()
    subs = next(line for line in lines if line.startswith(" substitutions: "))
    assert subs.count(" -> ") == 5 and '"old4" -> "new4"' in subs and subs.endswith(f"; and {many - 5} more")
    runs = next(line for line in lines if line.startswith(" renumbering: "))
    assert runs.startswith(f" renumbering: {many} runs: 0.1 -> 0.2;") and runs.count(" -> ") == 5
    assert "4.1 -> 4.2" in runs and runs.endswith(f"; and {many - 5} more")


def test_a_section_label_is_cut_past_36_characters() -> None:
    for title, shown in (("T" * 33, "1  " + "T" * 33), ("T" * 34, "1  " + "T" * 32 + "…")):
        old, new = doc([("1", title), ("100.1.", "Draw.")]), doc([("1", title), ("100.1.", "Draw two.")])
        assert render_stat(compare(old, new)).splitlines()[1] == f" {shown}  | 1 ~"


@pytest.mark.parametrize(("args", "names_files"), [([], True), (["--stat"], False), (["--max-chars", "3000"], True)])
def test_a_colour_sequence_in_a_file_name_is_escaped_when_ruldiff_does_not_paint(
    sample: list[Path], tmp_path: Path, args: list[str], names_files: bool
) -> None:
    # The same bytes as ruldiff's own red: spared only where ruldiff paints,
    # so text written to a file or a pipe never carries a raw ESC.
    old = tmp_path / "old\x1b[31mred.txt"
    old.write_bytes(sample[0].read_bytes())
    out = run(str(old), str(sample[-1]), *args).output
    assert "\x1b" not in out
    assert ("old\\x1b[31mred.txt" in out) is names_files
