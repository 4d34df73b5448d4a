"""reports/ holds the changelogs of the sample corpus; they must be up to date.

They double as golden files: any change to the output shows up here, byte for byte.
Regenerate them (``python tool/make_reports.py`` or ``pytest --update-golden``) only
when the change in output is intended and reviewed.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from conftest import ROOT
from helpers import REGENERATE, first_difference


def load_maker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_reports", ROOT / "tool" / "make_reports.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rewrite(directory: Path, expected: dict[str, str]) -> None:
    """--update-golden: write the golden files that differ, then fail, so
    that the run that rewrote them never passes; the next run, without the
    option, checks them (and a review of the diff says what changed)."""
    written = []
    for name, text in expected.items():
        path, data = directory / name, text.encode("utf-8")
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(name)
    if written:
        pytest.fail(f"--update-golden rewrote {len(written)} file(s) in {directory.relative_to(ROOT)}: "
                    f"{', '.join(written[:5])}{' ...' if len(written) > 5 else ''}; review them and run the tests "
                    "again without --update-golden", pytrace=False)


def test_reports_are_up_to_date(update_golden: bool) -> None:
    maker = load_maker()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        expected = maker.reports()
    finally:
        os.chdir(cwd)
    assert len(expected) == 20  # 4 pairs x (4 formats + the Markdown bulletin)
    reports = ROOT / "reports"
    if update_golden:
        rewrite(reports, expected)
    # Bytes, not decoded text: a report whose line ends became CRLF, or that
    # gained a BOM, is stale too.
    stale = [first_difference(f"reports/{name}", (reports / name).read_bytes(), text.encode("utf-8"))
             if (reports / name).is_file() else f"reports/{name}: missing"
             for name, text in expected.items()]
    stale = [s for s in stale if s]
    if stale:
        pytest.fail("reports/ differs from the output of the code:\n" + "\n".join(stale) + "\n" + REGENERATE, pytrace=False)
    extra = sorted({p.name for p in reports.iterdir() if p.suffix in (".txt", ".md", ".html", ".json")} - set(expected))
    assert not extra, f"reports/ holds files make_reports.py does not write: {extra}"


def test_history_site_is_up_to_date(update_golden: bool) -> None:
    """reports/history/ is the sample's history site, as make_reports.py
    (and ``ruldiff history corpora -o reports/history``) writes it."""
    maker = load_maker()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        expected = maker.history()
    finally:
        os.chdir(cwd)
    site = ROOT / "reports" / "history"
    if update_golden:
        rewrite(site, expected)
    assert "index.html" in expected and "steps/2025-02-10_to_2025-09-01.md" in expected
    stale = [first_difference(f"reports/history/{name}", (site / name).read_bytes(), text.encode("utf-8"))
             if (site / name).is_file() else f"reports/history/{name}: missing"
             for name, text in expected.items()]
    stale = [s for s in stale if s]
    if stale:
        pytest.fail("reports/history differs from the output of the code:\n" + "\n".join(stale[:10]) + "\n" + REGENERATE,
                    pytrace=False)
    extra = sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file() and str(p.relative_to(site)) not in expected)
    assert not extra, f"reports/history holds files make_reports.py does not write: {extra}"


def test_sample_reports_show_each_kind_of_change() -> None:
    text = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.txt").read_text(encoding="utf-8")
    assert "+ 102.2  added" in text
    assert "> 102.2 -> 102.3  renumbered (text unchanged)" in text
    assert "> 102.4 -> 102.5  renumbered [substantive]" in text
    assert "- 103.5  removed" in text
    assert "~ 201.2  changed [cosmetic]" in text
    assert "See rule [-102.3-]{+102.4+}." in text
    assert "+ Ember Limit  added" in text and "- Opening Hand  removed" in text


def test_a_golden_differing_only_in_line_ends_is_shown_where_and_how() -> None:
    golden = "+ 1.1  added\n  Draw.\n- 1.2  removed\n".encode()
    assert first_difference("g", golden, golden) is None
    crlf = golden.replace(b"\n", b"\r\n")
    shown = first_difference("g", crlf, golden)
    assert shown is not None
    assert shown.splitlines()[0] == "g: first difference at line 1 (39 bytes, expected 36)"
    assert "expected b'+ 1.1  added\\n'" in shown and "actual   b'+ 1.1  added\\r\\n'" in shown
    # A line missing at the end, after equal ones.
    shown = first_difference("g", golden.rsplit(b"-", 1)[0], golden)
    assert shown is not None and "first difference at line 3" in shown and "(end of file)" not in shown.split("\n")[0]
    assert "expected b'- 1.2  removed\\n'" in shown


def test_update_golden_fails_the_run_that_rewrote() -> None:
    """A golden file rewritten by --update-golden fails its test in that run
    (the next run checks it); one that was already right passes untouched."""
    directory = ROOT / "reports" / ".golden-probe"
    try:
        (directory / "sub").mkdir(parents=True)
        (directory / "same.md").write_bytes(b"kept\n")
        (directory / "stale.md").write_bytes(b"old\n")
        with pytest.raises(pytest.fail.Exception, match=r"rewrote 2 file\(s\).*stale\.md, sub/new\.md"):
            rewrite(directory, {"same.md": "kept\n", "stale.md": "new\n", "sub/new.md": "x\n"})
        assert (directory / "stale.md").read_bytes() == b"new\n" and (directory / "sub" / "new.md").is_file()
        rewrite(directory, {"same.md": "kept\n", "stale.md": "new\n", "sub/new.md": "x\n"})  # nothing to write: passes
    finally:
        import shutil

        shutil.rmtree(directory, ignore_errors=True)
