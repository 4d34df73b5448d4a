"""Screenshots of the sample corpus's HTML changelogs: ``python tool/make_screenshots.py``.

Writes reports/screenshots/*.png from reports/*.html (run tool/make_reports.py
first): the v1 → v2 changelog in light and dark, filtered to the substantive
changes, and its bulletin; and, at a phone's 390 px and a desktop's 1280 px,
the first screen of the history site's index (reports/history), of the
lineage page of the rule with the most versions, and of the v1 → v2
changelog (``*.390.png``, ``*.1280.png``). Headless Chromium (/usr/bin/chromium, or
$RULDIFF_CHROMIUM) through the playwright package. Images depend on the
fonts installed, so they are not golden files: regenerate them when the look
of the page changes, and look at them before committing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tool"))

from ruldiff.documents.load import load  # noqa: E402
from ruldiff.diff.pipeline import compare  # noqa: E402
from ruldiff.outputs.render import render  # noqa: E402

OUT = ROOT / "reports" / "screenshots"
PAIR = "lanternfall-2024-01-15_to_2024-06-01"
SIZE = {"width": 1100, "height": 1100}


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    changelog = ROOT / "reports" / f"{PAIR}.html"
    bulletin = OUT / f"{PAIR}.bulletin.html"
    os.chdir(ROOT)
    comparison = compare(load("corpora/lanternfall-2024-01-15.txt"), load("corpora/lanternfall-2024-06-01.txt"))
    bulletin.write_text(render(comparison, "html", style="bulletin"), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("RULDIFF_CHROMIUM", "/usr/bin/chromium"))
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport=SIZE, color_scheme=scheme)
            page.goto(changelog.as_uri() + "#s-1")
            page.evaluate("() => window.scrollBy(0, -40)")
            page.locator("article .cut button").first.click()
            page.screenshot(path=str(OUT / f"{PAIR}.{scheme}.png"))
            print(f"wrote {OUT / f'{PAIR}.{scheme}.png'}")
            page.close()
        page = browser.new_page(viewport=SIZE)
        page.goto(changelog.as_uri())
        page.check("#substantive")
        page.fill("#q", "ember")
        page.locator("#tools").scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / f"{PAIR}.search.png"))
        print(f"wrote {OUT / f'{PAIR}.search.png'}")
        page = browser.new_page(viewport=SIZE)
        page.goto(bulletin.as_uri())
        page.screenshot(path=str(OUT / f"{PAIR}.bulletin.png"))
        print(f"wrote {OUT / f'{PAIR}.bulletin.png'}")
        for width in (390, 1280):
            for name, path in _pages(changelog):
                page = browser.new_page(viewport={"width": width, "height": 844 if width == 390 else 900})
                page.goto(path.as_uri())
                shot = OUT / f"{name}.{width}.png"
                page.screenshot(path=str(shot))
                print(f"wrote {shot}")
                page.close()
        browser.close()
    bulletin.unlink()


def _pages(changelog: Path) -> list[tuple[str, Path]]:
    """The pages shot at both widths: the site's index, the lineage page
    with the most versions shown, the changelog."""
    site = ROOT / "reports" / "history"
    rules = sorted(site.glob("rules/*.html"), key=lambda p: (-p.read_text(encoding="utf-8").count("<section"), p.name))
    return [("site-index", site / "index.html"), ("site-lineage", rules[0]), ("changelog", changelog)]


if __name__ == "__main__":
    main()
