"""The history site in a real browser (headless Chromium, as test_browser.py):
it fits a 390 px phone without sideways scrolling, and the chart's labels
stay apart at 10 and at 126 releases."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import ROOT
from test_browser import Page, browser  # noqa: F401  (the fixture)

from ruldiff.cli.main import main

PHONE = {"viewport": {"width": 390, "height": 844}}


def _site(tmp_path: Path, folder: Path) -> Path:
    site = tmp_path / "site"
    result = CliRunner().invoke(main, ["history", str(folder), "-o", str(site)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return site


def _series(tmp_path: Path, count: int) -> Path:
    """`count` invented releases over 17 years, each changing a rule, one
    rule with a word too long for a phone's line."""
    folder = tmp_path / f"series-{count}"
    folder.mkdir()
    start = datetime.date(2009, 10, 1)
    for i in range(count):
        day = start + datetime.timedelta(days=round(i * 17 * 365 / max(count - 1, 1)))
        rules = "\n\n".join(f"100.{n}. Rule {n} says {'more ' * ((i + n) % 3)}things." for n in range(1, 8))
        (folder / f"r-{day.isoformat()}.txt").write_text(
            f"Test Game Rules\n\nThese rules are effective as of {day:%B} {day.day}, {day.year}.\n\n"
            f"1. Basics\n\n100. General\n\n{rules}\n\n100.9. See {'x' * 80}{i % 2}.\n", encoding="utf-8")
    return folder


def _width(browser: Any, path: Path) -> int:  # noqa: F811
    page = Page(browser, path, **PHONE)
    opened = page.open()
    width = int(opened.evaluate("document.documentElement.scrollWidth"))
    assert not page.problems, page.problems
    page.page.close()
    return width


def test_the_sample_site_fits_a_390_px_screen(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    site = _site(tmp_path, ROOT / "corpora")
    for name in ("index.html", "rules/301.4.html", "rules/index.html", "steps/2024-06-01_to_2025-02-10.rules.html"):
        assert _width(browser, site / name) <= 390, name


@pytest.mark.parametrize("count", [10, 126])
def test_the_chart_is_readable_at_10_and_126_releases_on_a_phone(browser: Any, tmp_path: Path, count: int) -> None:  # noqa: F811
    site = _site(tmp_path, _series(tmp_path, count))
    for name in ("index.html", "rules/100.9.html"):
        assert _width(browser, site / name) <= 390, name
    page = Page(browser, site / "index.html", **PHONE)
    opened = page.open()
    boxes = opened.evaluate(
        "[...document.querySelectorAll('svg text')].map(t => { const b = t.getBoundingClientRect();"
        " return [t.textContent, b.left, b.right, b.top, b.bottom]; })")
    years = [b for b in boxes if len(b[0]) == 4 and b[0].isdigit() and b[0].startswith("20")]
    assert len(years) >= 4, boxes
    for a, b in zip(years, years[1:]):  # the years' labels do not touch
        assert b[1] - a[2] >= 4, (a, b)
    svg = opened.evaluate("(() => { const b = document.querySelector('svg').getBoundingClientRect(); return [b.left, b.right]; })()")
    assert all(svg[0] <= b[1] and b[2] <= svg[1] for b in boxes), (svg, boxes)
    bars = opened.evaluate("[...document.querySelectorAll('svg rect')].map(r => r.getBoundingClientRect().width)")
    assert len(bars) >= count - 1 and min(bars) >= 1, (len(bars), min(bars))
    page.page.close()
