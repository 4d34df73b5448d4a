"""reports/ holds the changelogs of the sample corpus; they must be up to date.

Regenerate them with ``python tool/make_reports.py`` (or ``pytest --update-golden``).
They double as golden files: any change to the output shows up here, byte for byte.
"""

from __future__ import annotations

import importlib.util
import os

from conftest import ROOT


def load_maker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_reports", ROOT / "tool" / "make_reports.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reports_are_up_to_date(update_golden: bool) -> None:
    maker = load_maker()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        expected = maker.reports()
    finally:
        os.chdir(cwd)
    assert len(expected) == 12  # 3 pairs x 4 formats
    reports = ROOT / "reports"
    if update_golden:
        for name, text in expected.items():
            (reports / name).write_text(text, encoding="utf-8", newline="\n")
    stale = [name for name, text in expected.items()
             if not (reports / name).is_file() or (reports / name).read_text(encoding="utf-8") != text]
    assert not stale, f"reports/ is stale, run: python tool/make_reports.py ({', '.join(stale)})"
    extra = sorted({p.name for p in reports.iterdir() if p.suffix in (".txt", ".md", ".html", ".json")} - set(expected))
    assert not extra, f"reports/ holds files make_reports.py does not write: {extra}"


def test_sample_reports_show_each_kind_of_change() -> None:
    text = (ROOT / "reports" / "lanternfall-2024-01-15_to_2024-06-01.txt").read_text(encoding="utf-8")
    assert "+ 102.2  added" in text
    assert "> 102.2 -> 102.3  renumbered (text unchanged)" in text
    assert "> 102.4 -> 102.5  renumbered [substantive]" in text
    assert "- 103.5  removed" in text
    assert "~ 201.2  changed [cosmetic]" in text
    assert "See rule [-102.3-]{+102.4+}." in text
    assert "+ Ember Limit  added" in text and "- Opening Hand  removed" in text
