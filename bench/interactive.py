"""Time to interactive of HTML changelogs in headless Chromium (bench/README.md).

    python bench/interactive.py [--runs N] FILE.html...

For each page, the median over N loads (a fresh page each time) of:

- ``dcl``: DOMContentLoaded, from the start of navigation (ms);
- ``load``: the end of the load event;
- ``ready``: the first frame painted after the load event, when the page
  answers input (two animation frames after ``load``): the figure held
  against the 1-second budget of issue #15;
- ``filter``: from ticking "Substantive only" to the next frame painted;
- ``search``: from typing a word in the search box to the next frame painted.

Chromium is Debian's (``/usr/bin/chromium``, or $RULDIFF_CHROMIUM), driven
through the ``playwright`` package; nothing is fetched.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))"
READY = """() => new Promise(r => {
  const done = () => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())));
  document.readyState === "complete" ? done() : addEventListener("load", done);
})"""
TIMED = """([selector, action]) => new Promise(r => {
  const t = performance.now(), el = document.querySelector(selector);
  if (action === "tick") el.click(); else { el.value = action; el.dispatchEvent(new Event("input", {bubbles: true})); }
  requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t)));
})"""


def measure(browser: object, path: Path) -> dict[str, float]:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(path.resolve().as_uri(), wait_until="commit")
    ready = page.evaluate(READY)
    nav = page.evaluate(
        "() => { const n = performance.getEntriesByType('navigation')[0];"
        " return [n.domContentLoadedEventEnd, n.loadEventEnd]; }"
    )
    out = {"dcl": nav[0], "load": nav[1], "ready": ready}
    if page.query_selector("#substantive") is not None:
        out["filter"] = page.evaluate(TIMED, ["#substantive", "tick"])
        page.evaluate(TIMED, ["#substantive", "tick"])
        out["search"] = page.evaluate(TIMED, ["#q", "damage"])
    page.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("RULDIFF_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for path in args.files:
            runs = [measure(browser, path) for _ in range(args.runs)]
            keys = runs[0].keys()
            median = {k: statistics.median(r[k] for r in runs) for k in keys}
            size = path.stat().st_size
            print(
                f"{path.name}: {size / 1e6:.2f} MB, median of {args.runs}: "
                + ", ".join(f"{k} {v:.0f} ms" for k, v in median.items())
            )
        browser.close()


if __name__ == "__main__":
    main()
