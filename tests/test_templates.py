"""The built-in templates, read as a reader reads their pages: every link
leads somewhere on the page, every label says what the change is, nothing
is shown that the comparison does not hold (no review mark without a review
state, no note without notes, no stray separator).

Each check runs over the sample corpus's pairs, in Markdown and HTML, as a
changelog and as a bulletin, whole and shortened, with and without editors'
notes and a review state."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import ROOT

from ruldiff.diff.pipeline import compare
from ruldiff.documents.load import load
from ruldiff.editorial.annotate import annotate
from ruldiff.editorial.review import Accepted, fingerprint
from ruldiff.model import Comparison, change_id
from ruldiff.outputs.cap import LimitTooSmall
from ruldiff.outputs.render import render

SAMPLE = sorted((ROOT / "corpora").glob("lanternfall-*.txt"))
PAIRS = [(0, 1), (1, 2)]  # between them every kind of change and a substitution
KINDS_WITH_TWO_NUMBERS = ("renumbered", "split", "merged")
STEPS = ["2024-01-15_to_2024-06-01", "2024-06-01_to_2025-02-10", "2025-02-10_to_2025-09-01"]


@lru_cache(maxsize=None)
def comparison(a: int, b: int) -> Comparison:
    return compare(load(str(SAMPLE[a])), load(str(SAMPLE[b])))


def annotated(a: int, b: int) -> tuple[Comparison, object, dict[str, str], dict[str, str]]:
    """The pair with a note on its first substantive change, its second
    accepted as it is and its third as it was before (it differs since): the
    comparison, annotations, notes and the review marks expected by ID."""
    c = comparison(a, b)
    first, second, third = [change for change in c.changes if "substantive" in change.tags][:3]  # in the bulletin too
    notes = {change_id(first): "Checked against the **errata**."}
    state = {change_id(second): Accepted(fingerprint(second)), change_id(third): Accepted("0" * 16, "", "older text")}
    shown, annotations = annotate(c, notes, state)
    return shown, annotations, notes, {change_id(second): "accepted", change_id(third): "differs"}


def pages(a: int, b: int, fmt: str) -> list[tuple[str, str]]:
    """(what, page) for each style: whole, cut to the least it can be, and to about half."""
    c = comparison(a, b)
    out = []
    for style in ("changelog", "bulletin"):
        whole = render(c, fmt, style=style)
        out.append((f"{style} {a}->{b}", whole))
        with pytest.raises(LimitTooSmall) as too_small:
            render(c, fmt, style=style, max_chars=100)
        smallest = too_small.value.smallest
        for limit in (smallest, (smallest + len(whole.encode())) // 2):  # every entry left out; about half
            out.append((f"{style} {a}->{b} cut to {limit}", render(c, fmt, style=style, max_chars=limit)))
    return out


def test_a_change_alone_shows_no_empty_list_or_section() -> None:
    """One rule reworded, nothing else: no list of new or removed rules, no
    glossary, no substitution, no stale reference, nothing left out."""
    from helpers import doc

    one = compare(doc([("1", "Basics"), ("100.1.", "Draw a glyph.")], [("Glyph", "A card.")]),
                  doc([("1", "Basics"), ("100.1.", "Draw two glyphs.")], [("Glyph", "A card.")]))
    assert [c.kind.value for c in one.changes] == ["changed"]
    for fmt in ("md", "html"):
        for style in ("changelog", "bulletin"):
            page = render(one, fmt, style=style)
            assert "100.1" in page and "two glyphs" in page.replace("<ins>", "").replace("</ins>", ""), (fmt, style)
            for absent in ("New rules", "Removed rules", r"(## |<h2[^>]*>)Glossary", "Renumbered:", "Renumbered, text",
                           "Substitution", "Stale", "Listed by ID", "Shortened", "Review:"):
                assert not re.search(absent, page), (fmt, style, absent)


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_html_link_leads_to_an_element_of_the_page(a: int, b: int) -> None:
    for what, page in pages(a, b, "html"):
        ids = set(re.findall(r'\bid="([^"]*)"', page))
        targets = re.findall(r'href="#([^"]*)"', page)
        assert targets or "cut to" in what, what  # cut to the least, a page may hold no entry to link to
        assert [t for t in targets if t not in ids] == [], what


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_markdown_link_leads_to_an_anchor_of_the_page(a: int, b: int) -> None:
    for what, page in pages(a, b, "md"):
        ids = set(re.findall(r'<a id="([^"]*)"></a>', page))
        targets = re.findall(r"\]\(#([^)]*)\)", page)
        assert targets or "cut to" in what, what
        assert [t for t in targets if t not in ids] == [], what


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_no_list_ends_on_a_separator_and_nothing_reads_none(a: int, b: int) -> None:
    for fmt in ("md", "html"):
        for what, page in pages(a, b, fmt):
            # A list's separator (", " or "; ") before its end: the closing tag of a list, or the line's end.
            stray = re.search(r"[,;] +(</(?!del>|ins>|span>)|$)", page, re.M)  # not a cut inside a text
            assert stray is None, (what, page[stray.start() - 60 : stray.end() + 20] if stray else "")
            assert not re.search(r"\bNone\b", page), what
            if "Listed by ID only" in page:  # a heading with its list under it, never empty
                assert re.search(r"^- \*\*|<li>", page.split("Listed by ID only", 1)[1][:400], re.M), what
            # No value shown as Python writes it: a list, a dict, a tuple of edits.
            assert not re.search(r"\[\(|\[\{|\[&#39;|\['|\{&#39;|\{'|\(&#39;|\('", page), what


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_each_html_heading_names_the_change_by_its_kind(a: int, b: int) -> None:
    """Two numbers (old → new) only for a rule that moved; an added rule is
    "added" in the changelog, "new" in the bulletin; any other, its kind."""
    c = comparison(a, b)
    for style in ("changelog", "bulletin"):
        page = render(c, "html", style=style)
        articles = re.findall(r'<article [^>]*?class="(?:change )?(\w+)[^"]*"[^>]*>.*?<h3>(.*?)</h3>', page, re.S)
        assert articles, style
        for kind, heading in articles:
            kind_shown = re.search(r'<span class="kind">([^<]*)</span>', heading)
            added = "new" if style == "bulletin" else "added"
            assert kind_shown is not None, heading
            assert kind_shown.group(1).split(" (")[0] == (added if kind == "added" else kind), heading
            label = re.sub(r"<[^>]*>", "", heading.split('<span class="kind"')[0]).strip()
            assert ("→" in label) == (kind in KINDS_WITH_TWO_NUMBERS), heading
            assert "  " not in label, heading  # no empty title


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_review_marks_and_notes_show_only_where_given(a: int, b: int) -> None:
    plain = comparison(a, b)
    shown, annotations, notes, marks = annotated(a, b)
    for fmt in ("md", "html"):
        for style in ("changelog", "bulletin"):
            bare = render(plain, fmt, style=style)
            assert "accepted" not in bare.replace("not yet accepted", "") and "differs since" not in bare, (fmt, style)
            assert "Editor’s note" not in bare and "Editor's note" not in bare, (fmt, style)
            page = render(shown, fmt, style=style, annotations=annotations)  # type: ignore[arg-type]
            assert page.count("✓ accepted") == sum(m == "accepted" for m in marks.values()), (fmt, style)
            assert page.count("⚠ differs since accepted") == sum(m == "differs" for m in marks.values()), (fmt, style)
            assert page.count("Editor’s note") == len(notes), (fmt, style)
            assert ("<strong>errata</strong>" if fmt == "html" else "**errata**") in page  # the note's Markdown


# --- the history site and the trace ---------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    out = tmp_path_factory.mktemp("site") / "site"
    done = CliRunner().invoke(main, ["history", str(ROOT / "corpora"), "-o", str(out)])
    assert done.exit_code == 0, done.output
    return out


def _links(page: str, suffix: str) -> list[str]:
    if suffix == ".md":
        return re.findall(r"\]\(([^)#]*)\)", page)
    return [h for h in re.findall(r'href="([^"#]*)"', page) if h and not h.startswith(("http:", "https:"))]


def test_every_link_of_the_history_site_leads_to_one_of_its_pages(site: Path) -> None:
    pages = [p for p in site.rglob("*") if p.suffix in (".html", ".md")]
    assert len(pages) > 20
    for page in pages:
        for link in _links(page.read_text(encoding="utf-8"), page.suffix):
            assert (page.parent / link).is_file(), (page.relative_to(site), link)


def _nav(page: str, fmt: str) -> str:
    return page.split("\n", 1)[0] if fmt == "md" else page.split('<nav class="history"', 1)[1].split("</nav>", 1)[0]


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_first_and_last_steps_link_to_no_step_before_and_after(site: Path, fmt: str) -> None:
    first, middle, last = (_nav((site / "steps" / f"{s}.{fmt}").read_text(encoding="utf-8"), fmt) for s in STEPS)
    if fmt == "md":
        assert first.startswith("← previous · ") and last.endswith(" · next →")
        assert middle.startswith("[← previous](") and middle.endswith(".md)") and "[next →](" in middle
    else:
        assert "<span>← previous</span>" in first and "<span>next →</span>" in last
        assert 'rel="prev"' not in first and 'rel="next"' not in last
        assert 'rel="prev"' in middle and 'rel="next"' in middle
    for nav in (first, middle, last):  # each step changed rules; no step spans a year (no ": span")
        assert nav.count("lineage of the rules changed here") == 1 and not re.search(r"\d: ", nav), nav


def test_the_index_leaves_a_kind_without_changes_blank_and_labels_some_years(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    cells = re.findall(r'<td class="n" data-kind="\w+">([^<]*)</td>', index)
    assert cells and "0" not in cells and "" in cells  # a step without removals, say: a blank cell
    assert "<text" in index and not re.search(r"<text[^>]*></text>", index)
    assert "Year by year" not in index  # no release a year or more after another: no yearly jump
    assert not re.search(r"[;,] *</td>", index)


@pytest.mark.parametrize("rule", ["101.2a", "102.3", "103.5", "203.3a"])
def test_a_trace_reads_without_empty_parts(rule: str) -> None:
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    for fmt in ("md", "html"):
        done = CliRunner().invoke(main, ["trace", rule, str(ROOT / "corpora"), "-f", fmt])
        assert done.exit_code == 0, done.output
        out = done.output
        assert "(1 versions)" not in out and "()" not in out and not re.search(r"\bNone\b", out), out
        assert ", with )" not in out and ", with</" not in out, out


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_the_bulletin_names_each_change_by_its_kind_and_quotes_no_removed_text(a: int, b: int) -> None:
    c = comparison(a, b)
    html, md = render(c, "html", style="bulletin"), render(c, "md", style="bulletin")
    articles = re.findall(r'<article id="[^"]*" class="(\w+)">(.*?)</article>', html, re.S)
    assert articles
    for kind, inside in articles:
        assert ("<p>" in inside) is (kind != "removed"), inside  # a removed rule is named, its text not quoted
    entries = re.findall(r"^\*\*<a id=[^\n]*?\*\*[^\n]*? · (new|removed|changed|renumbered|split|merged)\b(.*?)(?=^\*\*<a id=|^## |\Z)",
                         md, re.M | re.S)
    assert [k for k, _ in entries] == [{"added": "new"}.get(k, k) for k, _ in articles]
    for kind, after in entries:
        assert ("\n> " in after) is (kind != "removed"), after


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_capped_bulletin_lists_each_sections_ids_by_kind_and_nothing_after_the_last(fmt: str) -> None:
    c = comparison(0, 1)
    whole = render(c, fmt, style="bulletin")
    page = next(p for limit in range(len(whole.encode()) - 1, 0, -300)
                if "Listed by ID only" in (p := render(c, fmt, style="bulletin", max_chars=limit)))
    listed = page.split("Listed by ID only", 1)[1].split("Shortened", 1)[0]
    assert re.search(r"(changed|added|removed|renumbered) [\w.]+(, [\w.]+)*; (changed|added|removed|renumbered) ", listed)
    assert not re.search(r"[,;] *(</li>|$)", listed, re.M), listed
