"""The HTML changelog in a real browser: headless Chromium (Debian's
/usr/bin/chromium, or $RULDIFF_CHROMIUM) through the ``playwright`` package.

Every page is loaded from a file with the network cut off: any request but
the page itself, any console error or uncaught exception fails the test.
The sample corpus and invented rules (with ``<script>`` and ``&`` in them)
are used everywhere; the real corpora (adjacent releases, 2018, the 17-year
gap) are loaded too, and skip locally without them (fail under CI=true).
Time to interactive is measured in bench/interactive.py, not here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import corpora_dir, in_ci, require
from helpers import doc

from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.outputs.render import render

CHROMIUM = os.environ.get("RULDIFF_CHROMIUM", "/usr/bin/chromium")


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).is_file():
        return f"{CHROMIUM} not found (apt-get install chromium, or set RULDIFF_CHROMIUM)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = _missing()
    if missing is not None:
        if in_ci():
            pytest.fail(f"{missing}; CI=true, so this is an error, not a skip", pytrace=False)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


class Page:
    """A page opened from a file, with what went wrong recorded."""

    def __init__(self, browser: Any, path: Path, **options: Any) -> None:
        self.path = path
        self.problems: list[str] = []
        self.page = browser.new_page(**options)
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.problems.append(f"console {m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"uncaught: {e}"))
        self.page.on("dialog", lambda d: (self.problems.append(f"dialog: {d.message}"), d.dismiss()))

        def route(r: Any) -> None:
            if r.request.url.split("#")[0].split("?")[0] != path.as_uri():
                self.problems.append(f"request: {r.request.url}")
                r.abort()
            else:
                r.continue_()

        self.page.route("**/*", route)

    def open(self, fragment: str = "") -> Any:
        self.page.goto(self.path.as_uri() + fragment, wait_until="load")
        return self.page

    def visible(self, selector: str) -> int:
        """How many elements match and are laid out (not hidden, not in a closed fold)."""
        return int(self.page.evaluate(
            "s => Array.from(document.querySelectorAll(s)).filter(e => e.getClientRects().length > 0).length",
            selector,
        ))


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    pages: list[Page] = []

    def opener(path: Path, fragment: str = "", **options: Any) -> Page:
        page = Page(browser, path, **options)
        pages.append(page)
        page.open(fragment)
        return page

    yield opener
    for page in pages:
        problems = page.problems
        page.page.close()
        assert problems == [], problems


def write_html(tmp_path: Path, old: Path | str, new: Path | str, name: str = "changes.html") -> Path:
    comparison = compare(load(str(old)), load(str(new)))
    out = tmp_path / name
    out.write_text(render(comparison, "html"), encoding="utf-8")
    return out


# --- checks shared by every page ---------------------------------------------

IDS_AND_LINKS = """() => {
  const ids = Array.from(document.querySelectorAll('[id]'), e => e.id);
  const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
  const known = new Set(ids);
  const broken = Array.from(document.querySelectorAll('a[href^="#"]'), a => decodeURIComponent(a.getAttribute('href').slice(1)))
    .filter(id => !known.has(id));
  return {dup: dup.slice(0, 5), broken: broken.slice(0, 5), ids: ids.length};
}"""


def check_ids_and_links(page: Any) -> None:
    found = page.evaluate(IDS_AND_LINKS)
    assert found["dup"] == [] and found["broken"] == [], found


def check_filters_and_search(p: Page) -> None:
    page = p.page
    total = p.visible("article.change")
    count = page.text_content("#count")
    assert count is not None and count.strip() == f"{page.locator('article.change').count()} changes"
    page.check("#substantive")
    assert p.visible("article.mechanical") == 0 and p.visible("article.plain") == 0
    assert page.text_content("#count").split(" of ")[1] == count  # type: ignore[union-attr]
    page.uncheck("#substantive")
    assert p.visible("article.change") == total
    for box in page.locator("input[name=kind]").all():
        kind = box.get_attribute("value")
        box.uncheck()
        assert p.visible(f"article.{kind}") == 0
        box.check()
    assert p.visible("article.change") == total
    # Search: every change shown holds the word, folds with a match open.
    page.fill("#q", "the")
    shown = page.evaluate(
        "() => Array.from(document.querySelectorAll('article.change')).filter(a => !a.hidden)"
        ".map(a => a.textContent.toLowerCase().includes('the'))"
    )
    assert shown and all(shown)
    page.fill("#q", "zzz-no-such-text")
    assert p.visible("article.change") == 0 and page.text_content("#count").startswith("0 of ")  # type: ignore[union-attr]
    page.fill("#q", "")


# --- the sample corpus: every feature ----------------------------------------


@pytest.fixture
def sample_page(tmp_path: Path, sample: list[Path], open_page: Any) -> Page:
    page: Page = open_page(write_html(tmp_path, sample[0], sample[-1]))
    return page


def test_sample_loads_clean_with_unique_ids_and_working_links(sample_page: Page) -> None:
    check_ids_and_links(sample_page.page)
    assert sample_page.page.is_visible("#tools")


def test_sample_filters_and_search(sample_page: Page) -> None:
    check_filters_and_search(sample_page)


def test_cuts_open_on_a_click_and_whole_text_toggles(sample_page: Page) -> None:
    page = sample_page.page
    cut = page.locator("article .cut").first
    assert not cut.locator("span").is_visible()
    cut.locator("button").click()
    assert cut.locator("span").is_visible() and cut.locator("button").get_attribute("aria-expanded") == "true"
    article = page.locator("article:has(button.whole)").nth(1)
    assert article.locator(".cut > span").first.is_hidden()
    article.locator("button.whole").click()
    spans = article.locator(".cut > span")
    assert all(spans.nth(i).is_visible() for i in range(spans.count()))
    article.locator("button.whole").click()
    assert spans.first.is_hidden()


def test_contents_opens_the_fold_it_points_to(sample_page: Page) -> None:
    page = sample_page.page
    for target in ("renumbered", "mechanical"):
        fold = page.locator(f"#{target} > details")
        assert fold.get_attribute("open") is None
        page.click(f"nav.contents a[href='#{target}']")
        assert fold.get_attribute("open") is not None
        assert sample_page.visible(f"#{target} article.change") > 0


def test_anchor_in_the_address_opens_its_fold(browser: Any, tmp_path: Path, sample: list[Path], open_page: Any) -> None:
    path = write_html(tmp_path, sample[0], sample[1])
    html = path.read_text(encoding="utf-8")
    # 102.2 -> 102.3, text unchanged: folded, reachable by its old and new number.
    assert 'id="new-102.3"' in html and 'id="old-102.2"' in html
    for fragment in ("#new-102.3", "#old-102.2"):
        p = open_page(path, fragment)
        assert p.visible(f"article:has([id='{fragment[1:]}']), article[id='{fragment[1:]}']") == 1
        assert p.page.locator("#renumbered > details").get_attribute("open") is not None
    # A link in the renumbering runs (folded "at a glance") opens it too.
    p = open_page(path)
    p.page.click("details.glance > summary")
    p.page.click("dl.bulletin a[href='#old-102.2']")
    assert p.page.locator("#renumbered > details").get_attribute("open") is not None


def test_j_and_k_move_between_changes(sample_page: Page) -> None:
    page = sample_page.page
    page.keyboard.press("j")
    first = page.evaluate("() => document.querySelector('article.current').id")
    page.keyboard.press("j")
    second = page.evaluate("() => document.querySelector('article.current').id")
    page.keyboard.press("k")
    assert first != second and page.evaluate("() => document.querySelector('article.current').id") == first
    assert page.locator("article.current").count() == 1
    # Not while typing in the search box.
    page.click("#q")
    page.keyboard.press("j")
    assert page.evaluate("() => document.querySelector('article.current').id") == first
    assert page.input_value("#q") == "j"


def test_print_shows_what_the_screen_shows_and_fits_a4(browser: Any, tmp_path: Path, sample: list[Path], open_page: Any) -> None:
    # A4 less 12 mm margins each side: 186 mm, 703 CSS pixels; Letter is wider.
    p = open_page(write_html(tmp_path, sample[0], sample[-1]), viewport={"width": 703, "height": 1000})
    p.page.emulate_media(media="print")
    assert p.visible("form.tools") == 0 and p.visible(".print-only") == 1
    # Unchanged text stays cut, its mark printed as text; folds stay folded.
    assert p.visible(".cut > span") == 0 and p.visible(".cut button") == p.page.locator(".cut button").count() > 0
    rendered = "s => Array.from(document.querySelectorAll(s)).filter(e => e.checkVisibility()).length"
    assert p.page.evaluate(rendered, "#renumbered article.change, #mechanical article.change") == 0
    assert p.page.evaluate("() => document.documentElement.scrollWidth") <= 703
    folded = len(p.page.pdf(format="A4"))
    # Opened on screen, printed: what an editor opens is what prints.
    p.page.emulate_media(media="screen")
    p.page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    p.page.locator("button.whole").first.click()
    p.page.emulate_media(media="print")
    assert p.page.evaluate(rendered, "#renumbered article.change") == p.page.locator("#renumbered article.change").count() > 0
    assert p.visible("article.whole .cut > span") > 0
    assert len(p.page.pdf(format="A4")) > folded and len(p.page.pdf(format="Letter")) > 0


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


COLOURS = """sels => sels.map(s => {
  const e = document.querySelector(s);
  if (!e) return null;
  let bg = null;
  for (let p = e; p && !bg; p = p.parentElement) {
    const c = getComputedStyle(p).backgroundColor;
    if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') bg = c;
  }
  return [s, getComputedStyle(e).color, bg || getComputedStyle(document.documentElement).backgroundColor];
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast_meets_wcag_aa_in_light_and_dark(tmp_path: Path, sample: list[Path], open_page: Any, scheme: str) -> None:
    p = open_page(write_html(tmp_path, sample[0], sample[-1]), color_scheme=scheme)
    selectors = ["body", "h1", "article h3 a.id", ".kind", ".tag", "del", "ins", "a", "p.note", "p.note.stale",
                 ".cut button", "form.tools output", "footer"]
    seen = []
    for found in p.page.evaluate(COLOURS, selectors):
        if found is None:
            continue
        name, ink, ground = found
        ink_rgb = tuple(float(x) for x in re.findall(r"[\d.]+", ink))
        ground_rgb = tuple(float(x) for x in re.findall(r"[\d.]+", ground))
        light, dark = sorted((_luminance(ink_rgb), _luminance(ground_rgb)), reverse=True)
        ratio = (light + 0.05) / (dark + 0.05)
        seen.append(name)
        assert ratio >= 4.5, f"{scheme}: {name} {ink} on {ground}: {ratio:.2f}"
    assert len(seen) >= 10
    background = p.page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor")
    assert (background == "rgb(255, 255, 255)") == (scheme == "light")


def test_insertions_and_deletions_are_marked_beyond_colour(sample_page: Page) -> None:
    page = sample_page.page
    style = page.evaluate(
        "() => ['del', 'ins'].map(t => { const e = document.querySelector(t);"
        " return [getComputedStyle(e).textDecorationLine, getComputedStyle(e, '::before').content]; })"
    )
    assert style[0][0] == "line-through" and "deleted" in style[0][1]
    assert style[1][0] == "underline" and "inserted" in style[1][1]


# --- untrusted rule text ------------------------------------------------------

HOSTILE = "Pay 1 & draw <script>window.pwned = 1; alert(1)</script> then <img src=x onerror=\"window.pwned = 2\"> rest"
FILLER = " one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen."


def test_script_and_ampersand_in_rule_text_show_literally_and_never_run(tmp_path: Path, open_page: Any) -> None:
    old = doc([("1", "Basics"), ("100", "General"), ("100.1.", HOSTILE + FILLER + " Draw a card.")])
    new = doc([("1", "Basics"), ("100", "General"), ("100.1.", HOSTILE + FILLER + " Draw two cards & <b>x</b>."),
               ("100.2.", "New & <script>window.pwned = 3</script>.")])
    path = tmp_path / "hostile.html"
    path.write_text(render(compare(old, new), "html"), encoding="utf-8")
    p = open_page(path)
    page = p.page
    # The cut holds the script text: open it, search it, print it.
    page.click("article .cut button")
    page.fill("#q", "<script>")
    text = page.text_content("main") or ""
    assert "<script>window.pwned = 1; alert(1)</script>" in text and "& draw" in text
    assert "<script>window.pwned = 3</script>" in text and "& <b>x</b>" in text
    assert page.evaluate("() => window.pwned") is None
    assert page.locator("main script, main img, main b").count() == 0
    assert p.visible("article.change") == 2


# --- search, the address, a phone ------------------------------------------------

HIGHLIGHTS = "() => CSS.highlights.has('ruldiff-search') ? CSS.highlights.get('ruldiff-search').size : 0"
IN_VIEW = """() => { const a = document.querySelector('article.current');
  if (!a) return null; const r = a.getBoundingClientRect();
  return {id: a.id, top: r.top, height: innerHeight, below: document.getElementById('tools').getBoundingClientRect().bottom}; }"""


def test_search_highlights_its_matches_and_jumps_to_the_first(sample_page: Page) -> None:
    page = sample_page.page
    # A word of a change far down the page: the first change holding it is scrolled to.
    word = "hearth"
    page.fill("#q", word)
    holders = page.evaluate(
        "w => Array.from(document.querySelectorAll('article.change')).filter(a => !a.hidden).map(a => a.id)", word)
    assert holders
    where = page.evaluate(IN_VIEW)
    assert where is not None and where["id"] == holders[0]
    assert where["below"] <= where["top"] < where["height"]  # in view, not under the sticky tools
    assert page.evaluate("() => scrollY") > 0
    # Every occurrence is painted, none elsewhere: the highlight's ranges read the word.
    texts = page.evaluate("""() => Array.from(CSS.highlights.get('ruldiff-search'), r => r.toString().toLowerCase())""")
    expected = page.evaluate(
        "w => Array.from(document.querySelectorAll('article.change')).filter(a => !a.hidden)"
        ".reduce((n, a) => n + a.textContent.toLowerCase().split(w).length - 1, 0)", word)
    assert texts == [word] * expected and expected >= len(holders)
    # Enter: the next change that holds it.
    page.press("#q", "Enter")
    if len(holders) > 1:
        assert page.evaluate(IN_VIEW)["id"] == holders[1]
    page.fill("#q", "")
    assert page.evaluate(HIGHLIGHTS) == 0


def test_filters_and_search_live_in_the_address_and_come_back_on_load(
    tmp_path: Path, sample: list[Path], open_page: Any
) -> None:
    path = write_html(tmp_path, sample[0], sample[-1])
    p = open_page(path)
    page = p.page
    page.fill("#q", "keeper")
    page.uncheck("input[name=kind][value=renumbered]")
    page.check("#substantive")
    search = page.evaluate("() => location.search")
    assert search == "?q=keeper&no-kind=renumbered&substantive=1"
    count = page.text_content("#count")
    # A link with that address (or a reload) shows the same changes.
    again = open_page(path, search).page
    assert again.input_value("#q") == "keeper" and again.text_content("#count") == count
    assert not again.is_checked("input[name=kind][value=renumbered]") and again.is_checked("#substantive")
    assert again.evaluate(HIGHLIGHTS) > 0 and again.evaluate(IN_VIEW) is not None
    # Cleared, the address is the page's own again; an anchor stays where it is.
    page.fill("#q", "")
    page.check("input[name=kind][value=renumbered]")
    page.uncheck("#substantive")
    assert page.evaluate("() => location.search") == ""
    anchored = open_page(path, "?q=keeper#glossary").page
    assert anchored.evaluate("() => location.hash") == "#glossary" and anchored.input_value("#q") == "keeper"


PHONE = {"width": 390, "height": 844}


def check_phone(p: Page) -> None:
    page = p.page
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("details.meta > summary")
    # The table's headings keep their words whole: "Effective" on one line.
    lines = page.evaluate("""() => Array.from(document.querySelectorAll('table.docs th')).map(th => {
      const r = document.createRange(); r.selectNodeContents(th);
      return [th.textContent, new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size]; })""")
    assert all(n <= 1 or " " in text for text, n in lines), lines
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_phone_scrolls_no_sideways(tmp_path: Path, sample: list[Path], open_page: Any) -> None:
    check_phone(open_page(write_html(tmp_path, sample[0], sample[-1]), viewport=PHONE))


def test_the_first_screen_shows_the_summary_then_changes(sample_page: Page) -> None:
    page = sample_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("() => scrollTo(0, 0)")
    first = page.evaluate("() => document.querySelector('main article.change').getBoundingClientRect().top")
    assert first < 800 - 40  # a change's heading at least
    summary = page.evaluate("() => document.querySelector('ul.summary').getBoundingClientRect().top")
    assert summary < 200
    assert page.locator("details.meta").get_attribute("open") is None


# --- the real corpora ---------------------------------------------------------

REAL = [("2025-11-14", "2026-01-16"), ("2018-01-19", "2018-04-27"), ("2009-10-01", "2026-01-16")]


@pytest.mark.parametrize("pair", REAL, ids=["adjacent", "2018", "17-year-gap"])
def test_real_changelog_works(tmp_path: Path, open_page: Any, pair: tuple[str, str]) -> None:
    mtg = require(corpora_dir() / "mtg", "real corpora")
    old, new = (mtg / f"{d}.txt" for d in pair)
    p = open_page(write_html(tmp_path, old, new))
    page = p.page
    check_ids_and_links(page)
    check_filters_and_search(p)
    # Each fold's contents link opens it; each id-link into a fold opens it.
    for target in ("renumbered", "mechanical"):
        if page.locator(f"#{target}").count():
            page.click(f"nav.contents a[href='#{target}']")
            assert page.locator(f"#{target} > details").get_attribute("open") is not None
    if page.locator("article.cut, article:has(.cut)").count():
        page.locator("article:has(button.whole) button.whole").first.click()
        assert page.locator("article.whole").count() == 1


@pytest.mark.parametrize("pair", REAL[:2], ids=["adjacent", "2018"])
def test_real_changelog_fits_a_phone_and_shows_changes_first(
    tmp_path: Path, open_page: Any, pair: tuple[str, str]
) -> None:
    mtg = require(corpora_dir() / "mtg", "real corpora")
    path = write_html(tmp_path, *(mtg / f"{d}.txt" for d in pair))
    check_phone(open_page(path, viewport=PHONE))
    desk = open_page(path, viewport={"width": 1280, "height": 800}).page
    assert desk.evaluate("() => document.querySelector('main article.change').getBoundingClientRect().top") < 760
