"""Rules kept as Markdown (``RULES.md`` in a club's or a project's
repository): read as a reader sees them rendered, with the numbers typed
after a heading's hashes, inside strong emphasis or after a bullet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode

OLD = """# Riverside Tennis Club Rules

## 1. Membership

1.1 Membership is open to anyone over twelve.

**1.2** Members pay dues each April.

## 2. Courts ##

- 2.1 Courts are booked online up to seven days ahead.
- 2.2 A booking lapses if the players are not on court ten minutes after its start.

### 2.3 Lights

2.3.1 Lights may be used until 10 pm.
"""


def test_a_markdown_file_reads_its_numbered_headings_and_rules() -> None:
    doc = parse(decode(OLD.encode(), "RULES.md"))
    assert [(r.id, r.parent) for r in doc.rules] == [
        ("1", None), ("1.1", "1"), ("1.2", "1"), ("2", None), ("2.1", "2"), ("2.2", "2"), ("2.3", "2"), ("2.3.1", "2.3"),
    ]
    assert doc.coverage.unread == 0
    assert {r.id: r.text for r in doc.rules}["2"] == "Courts"  # the closing hashes are markup


def test_the_same_text_in_a_txt_file_is_read_as_written() -> None:
    doc = parse(decode(OLD.encode(), "RULES.txt"))
    assert "2.3.1" not in [r.id for r in doc.rules]


def test_a_markdown_release_compared_with_the_next(tmp_path: Path) -> None:
    new = OLD.replace("seven days", "ten days").replace("### 2.3 Lights", "### 2.3 Floodlights")
    (tmp_path / "old.md").write_text(OLD, encoding="utf-8")
    (tmp_path / "new.md").write_text(new, encoding="utf-8")
    result = CliRunner().invoke(main, [str(tmp_path / "old.md"), str(tmp_path / "new.md"), "-f", "json"])
    assert result.exit_code == 0, result.output
    changes = json.loads(result.stdout)["changes"]
    assert sorted((c["old"], c["new"], c["kind"]) for c in changes) == [("2.1", "2.1", "changed"), ("2.3", "2.3", "changed")]


def test_markdown_releases_given_as_files_make_a_history(tmp_path: Path) -> None:
    """A DIR's ``*.md`` files are not collected (a README.md is no release):
    Markdown releases are given as FILES."""
    releases = tmp_path / "releases"
    releases.mkdir()
    (releases / "2025-01-01.md").write_text(OLD, encoding="utf-8")
    (releases / "2026-01-01.md").write_text(OLD.replace("seven days", "ten days"), encoding="utf-8")
    (releases / "README.md").write_text("# How to read these releases\n", encoding="utf-8")
    files = [str(releases / "2025-01-01.md"), str(releases / "2026-01-01.md")]
    result = CliRunner().invoke(main, ["history", *files, "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "index.html").is_file()
    from_dir = CliRunner().invoke(main, ["history", str(releases), "-o", str(tmp_path / "site2")])
    assert from_dir.exit_code == 2 and not (tmp_path / "site2").exists()


def test_numbered_lines_shown_as_code_are_not_rules() -> None:
    """A rules file that shows, in a code block, how a rule is typed keeps
    that block as typed: its ``## 9.`` and ``**9.1**`` are an example,
    not units of the document (fenced or indented four spaces)."""
    text = OLD + "\n## 3. Writing a rule\n\n3.1 Type a new rule like this:\n\n```\n## 9. Heading\n**9.1** A rule.\n```\n\n" \
        "3.2 Or indent it:\n\n    **8.1** Another rule.\n"
    ids = [r.id for r in parse(decode(text.encode(), "RULES.md")).rules]
    assert ids[-3:] == ["3", "3.1", "3.2"]
    assert not {"9", "9.1", "8.1"} & set(ids)


def test_rules_in_a_list_nested_four_spaces_in_are_units() -> None:
    """Formatters indent a nested list four spaces (two under a ``-`` is
    as common): either way its numbered items are rules of their own, not
    words of the item above."""
    text = "# Rules\n\n## 1. Dues\n\n- 1.1 Dues are paid in April.\n    - 1.1.1 Late dues cost more.\n" \
        "    - **1.1.2** Dues may be waived.\n  - 1.1.3 A member may pay twice a year.\n- 1.2 Members vote.\n"
    doc = parse(decode(text.encode(), "RULES.md"))
    assert [(r.id, r.parent) for r in doc.rules] == [
        ("1", None), ("1.1", "1"), ("1.1.1", "1.1"), ("1.1.2", "1.1"), ("1.1.3", "1.1"), ("1.2", "1")]
    assert {r.id: r.text for r in doc.rules}["1.1"] == "Dues are paid in April."


def test_a_one_hash_heading_and_an_underlined_number_after_a_bullet_are_markup() -> None:
    text = "# 1. Moorings\n\n1.1 A member moors at the east quay.\n\n- __1.2__ A visitor moors at the west quay.\n"
    doc = parse(decode(text.encode(), "RULES.md"))
    assert [(r.id, r.text) for r in doc.rules] == [
        ("1", "Moorings"), ("1.1", "A member moors at the east quay."), ("1.2", "A visitor moors at the west quay.")]


def test_a_hash_or_a_minus_with_no_space_after_it_is_text() -> None:
    """Markdown makes no heading of ``#4`` nor a list item of ``-2``: a
    line of a rule that starts with one keeps it."""
    text = "## 1. Moorings\n\n1.1 A late visitor scores\n-2 points and moors at berth\n#4 on the west quay.\n\n" \
        "1.2 A member moors at the east quay.\n"
    doc = parse(decode(text.encode(), "RULES.md"))
    assert {r.id: r.text for r in doc.rules}["1.1"] == "A late visitor scores -2 points and moors at berth #4 on the west quay."


@pytest.mark.parametrize("label", ["Section", "Sec."])
def test_a_bullet_before_a_labelled_number_is_markup(label: str) -> None:
    """``- Section 2.``: a bullet before a number's label word, with or
    without a full stop after the word, is dropped as one before a number is."""
    text = f"# Bylaws\n\n- {label} 1. The club is the Harbour Club.\n- {label} 2. Members pay dues in April.\n" \
        f"- {label} 3. Visitors moor at the west quay.\n"
    doc = parse(decode(text.encode(), "RULES.md"))
    assert [(r.id, r.text) for r in doc.rules] == [
        ("1", "The club is the Harbour Club."), ("2", "Members pay dues in April."), ("3", "Visitors moor at the west quay.")]
