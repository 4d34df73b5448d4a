"""history.py and ``ruldiff history``: the static site of a series, safe to
write, that works offline, the same whatever the number of workers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from helpers import layout

from ruldiff.cli.main import main
from ruldiff.errors import RuldiffError
from ruldiff.series.history import MANIFEST, SiteWriter, safe_name, site_files


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def build_sample(tmp_path: Path, *extra: str) -> Path:
    site = tmp_path / "site"
    result = run("history", ROOT / "corpora", "-o", site, *extra)
    assert result.exit_code == 0, result.output
    return site


STEPS = ["2024-01-15_to_2024-06-01", "2024-06-01_to_2025-02-10", "2025-02-10_to_2025-09-01"]


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample's site, built once for the tests that only read it."""
    return build_sample(tmp_path_factory.mktemp("history"))


def test_the_site_has_an_index_a_changelog_per_step_and_the_lineages(sample_site: Path) -> None:
    site = sample_site
    files = site_files(site)
    for name in ("index.html", "index.json", "rules/index.html"):
        assert name in files
    steps = [f for f in files if f.startswith("steps/") and f.endswith(".html") and ".rules." not in f]
    assert [Path(f).stem for f in steps] == [
        "2024-01-15_to_2024-06-01", "2024-06-01_to_2025-02-10", "2025-02-10_to_2025-09-01"]
    for stem in steps:
        for ext in ("md", "json"):
            assert stem.replace(".html", f".{ext}") in files
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    assert [v["date"] for v in index["versions"]] == ["2024-01-15", "2024-06-01", "2025-02-10", "2025-09-01"]
    assert index["steps"][0]["summary"]["added"] == 2 and index["steps"][2]["substitutions"] == 1
    assert [(s["previous"], s["next"]) for s in index["steps"]] == [
        (None, "steps/2024-06-01_to_2025-02-10.json"),
        ("steps/2024-01-15_to_2024-06-01.json", "steps/2025-02-10_to_2025-09-01.json"),
        ("steps/2024-06-01_to_2025-02-10.json", None)]
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "<svg" in html and 'href="steps/2025-02-10_to_2025-09-01.html"' in html


@pytest.mark.parametrize("step", range(len(STEPS)))
def test_each_step_links_to_its_own_previous_and_next_and_none_past_the_ends(sample_site: Path, step: int) -> None:
    site = sample_site
    name = STEPS[step]
    previous = STEPS[step - 1] if step > 0 else None
    following = STEPS[step + 1] if step + 1 < len(STEPS) else None
    html = (site / "steps" / f"{name}.html").read_text(encoding="utf-8")
    assert re.findall(r'href="([^"]+)" rel="prev"', html) == ([f"{previous}.html"] if previous else [])
    assert re.findall(r'href="([^"]+)" rel="next"', html) == ([f"{following}.html"] if following else [])
    assert ("<span>← previous</span>" in html) is (previous is None)
    assert ("<span>next →</span>" in html) is (following is None)
    assert f"<span>{name[:10]} → {name[-10:]}</span>" in html
    assert not re.search(r"\bof \d", html.split("</nav>")[0])  # no count of the steps: adding a release changes only neighbours
    md = (site / "steps" / f"{name}.md").read_text(encoding="utf-8").splitlines()[0]
    assert re.findall(r"\[← previous\]\(([^)]+)\)", md) == ([f"{previous}.md"] if previous else [])
    assert re.findall(r"\[next →\]\(([^)]+)\)", md) == ([f"{following}.md"] if following else [])
    assert md.startswith("← previous ·") is (previous is None) and md.endswith("· next →") is (following is None)
    assert f"[lineage of the rules changed here]({name}.rules.html)" in md


def test_steps_link_to_each_rules_lineage(sample_site: Path) -> None:
    site = sample_site
    rules = (site / "steps" / "2024-06-01_to_2025-02-10.rules.html").read_text(encoding="utf-8")
    links = [link.split("#") for link in re.findall(r'href="\.\./(rules/[^"]+)"', rules)]
    assert links and all((site / page).is_file() for page, _ in links)
    for page, anchor in links:  # each rule's lineage is a section of the page of its ID
        assert f'<section class="lineage" id="{anchor}">' in (site / page).read_text(encoding="utf-8")
    lineage = (site / links[0][0]).read_text(encoding="utf-8")
    # A lineage links each version's change to the anchor the changelog gives it.
    step_links = re.findall(r'href="\.\./steps/(2024-06-01_to_[^"#]+\.html)#([^"]+)"', lineage)
    assert step_links
    for page, anchor in step_links:
        assert f'id="{anchor}"' in (site / "steps" / page).read_text(encoding="utf-8"), anchor


def test_every_relative_link_of_the_site_resolves_and_nothing_is_fetched(sample_site: Path) -> None:
    site = sample_site
    for name in site_files(site):
        if not name.endswith(".html"):
            continue
        text = (site / name).read_text(encoding="utf-8")
        assert not re.search(r'(src|href)="(https?:)?//', text), name
        assert "<script src" not in text and "@import" not in text
        for target in re.findall(r'href="([^"#]+)', text):
            assert (site / name).parent.joinpath(target).resolve().is_file(), (name, target)


def test_every_link_of_the_site_lands_where_its_text_says(sample_site: Path) -> None:
    site = sample_site
    landed = 0
    for name in site_files(site):
        if not name.endswith(".html"):
            continue
        page = site / name
        text = page.read_text(encoding="utf-8")
        for target, anchor, label in re.findall(r'<a href="([^"#]*)(?:#([^"]*))?"[^>]*>([^<]*)</a>', text):
            where = page.parent.joinpath(target).resolve() if target else page
            if anchor:  # an anchor names an element of the page linked
                assert f'id="{anchor}"' in where.read_text(encoding="utf-8"), (name, target, anchor)
            if label in ("html", "md", "json"):  # the index's formats of a step
                assert target.endswith(f".{label}"), (name, target)
            elif target.startswith("../steps/") and re.fullmatch(r"\d{4}-\d{2}-\d{2}", label):
                # a lineage's version: the step that ends at that date
                assert Path(target).stem.endswith(f"_to_{label}"), (name, target, label)
            elif target.startswith("../steps/") or target.startswith("steps/"):
                continue
            elif target.startswith(("rules/", "../rules/")) and anchor and re.fullmatch(r"[\w.]+", label):
                # a rule's lineage: on the page of that ID, in a section that shows it
                assert Path(target).stem == label, (name, target, label)
                section = where.read_text(encoding="utf-8").split(f'id="{anchor}">')[1].split('<section class="lineage"')[0]
                assert label in section, (name, target, anchor, label)
            else:
                continue
            landed += 1
    assert landed > 20


def test_the_site_is_the_same_with_two_workers_and_with_a_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")
    one = build_sample(tmp_path / "a", "-j", "1")
    two = build_sample(tmp_path / "b", "-j", "2")
    monkeypatch.setenv("RULDIFF_CACHE_DIR", str(tmp_path / "cache"))
    build_sample(tmp_path / "c")
    cached = build_sample(tmp_path / "c2")
    for other in (two, cached):
        assert site_files(one) == site_files(other)
        for name in site_files(one):
            assert (one / name).read_bytes() == (other / name).read_bytes(), name


def test_a_user_template_edited_since_a_cached_build_is_what_the_next_build_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cache keeps rendered pages (each step's changelog, each group's
    # lineages): a template the user edits between two builds must show in
    # the second, though the documents, and so the rest of each key, are the same.
    monkeypatch.setenv("RULDIFF_CACHE_DIR", str(tmp_path / "cache"))
    tpl = tmp_path / "tpl"
    tpl.mkdir()
    for word in ("before", "after"):
        (tpl / "changelog.md.j2").write_text(f"{word}: {{{{ summary.added }}}} added\n", encoding="utf-8")
        (tpl / "history-rule.html.j2").write_text(f"<p>{word}: {{{{ rule }}}}</p>\n", encoding="utf-8")
        site = build_sample(tmp_path / word, "--templates", tpl)
        md = (site / "steps" / f"{STEPS[0]}.md").read_text(encoding="utf-8")
        assert md.endswith(f"\n{word}: 2 added\n"), md
        lineages = [f for f in site_files(site) if f.startswith("rules/") and f != "rules/index.html"]
        assert lineages
        for page in lineages:
            assert (site / page).read_text(encoding="utf-8").startswith(f"<p>{word}: "), page
    assert list((tmp_path / "cache").iterdir())  # the second build had a cache to read


def test_the_sample_history_in_reports_is_what_the_documented_command_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    site = tmp_path / "site"
    assert run("history", "corpora", "-o", site).exit_code == 0
    reports = ROOT / "reports" / "history"
    assert site_files(site) == site_files(reports)
    for name in site_files(site):
        assert (site / name).read_bytes() == (reports / name).read_bytes(), name


def test_names_from_documents_never_leave_the_site(tmp_path: Path) -> None:
    docs = tmp_path / "in"
    docs.mkdir()
    rules = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw.")]
    # No dates: the versions are named by file name, which holds path syntax.
    for i, name in enumerate(("..%2f..%2fescape *x*.txt", "a;b <c>.txt")):
        text = layout(rules + [("100.2.", f"Rule {i}.")]).replace("These rules are effective as of May 1, 2024.", "")
        (docs / name).write_text(text, encoding="utf-8")
    site = tmp_path / "site"
    result = run("history", *sorted(docs.iterdir()), "-o", site)
    assert result.exit_code == 0, result.output
    assert "no effective date found" in result.output
    outside = {p.name for p in tmp_path.iterdir()}
    assert outside == {"in", "site"}
    pages = [f for f in site_files(site) if f != MANIFEST]
    assert all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", part) for f in pages for part in f.split("/"))
    # The versions' labels are the file names, shown as text in each page's navigation.
    (step,) = [f for f in pages if f.startswith("steps/") and f.endswith(".md")]
    nav = (site / step).read_text(encoding="utf-8").splitlines()[0]
    assert nav.endswith(" · ..%2f..%2fescape \\*x\\*.txt → a;b &lt;c&gt;.txt · next →"), nav
    html = (site / step.replace(".md", ".html")).read_text(encoding="utf-8")
    assert "<span>..%2f..%2fescape *x*.txt → a;b &lt;c&gt;.txt</span>" in html and "<c>" not in html


def test_the_writer_refuses_paths_out_of_the_site_and_inputs(tmp_path: Path) -> None:
    written: list[str] = []
    source = tmp_path / "site" / "index.json"
    source.parent.mkdir()
    source.write_text("an input")
    (source.parent / MANIFEST).write_text("index.json\n")  # an earlier build's page, since made an input
    writer = SiteWriter(str(tmp_path / "site"), [str(source)], lambda path, text: written.append(path))
    for bad in ("../x.html", "/etc/x", ".hidden", "a/../../x", ""):
        with pytest.raises(RuldiffError, match="not a plain name"):
            writer(bad, "x")
    with pytest.raises(RuldiffError, match="is an input"):
        writer("index.json", "x")
    assert source.read_text() == "an input" and written == []
    writer("steps/a.html", "x")
    # The manifest lists a page before it is written.
    assert written == [str(tmp_path / "site" / MANIFEST), str(tmp_path / "site" / "steps" / "a.html")]


@pytest.mark.parametrize("jobs", ["1", "2"])  # with 2, worker processes write the step pages
def test_a_rebuild_removes_the_pages_only_an_earlier_build_wrote(tmp_path: Path, jobs: str) -> None:
    site = build_sample(tmp_path, "-j", jobs)
    (site / "CNAME").write_text("rules.example.org\n")  # put there by hand: never removed
    (site / "steps" / "notes.txt").write_text("mine")
    first_three = sorted((ROOT / "corpora").glob("lanternfall-*.txt"))[:3]
    assert run("history", *first_three, "-o", site, "-j", jobs).exit_code == 0
    fresh = tmp_path / "fresh"
    assert run("history", *first_three, "-o", fresh).exit_code == 0
    # The last step's pages and the lineages only it changed are gone: the
    # site is what a first build of three releases writes, plus the hand-made files.
    assert site_files(site) == sorted([*site_files(fresh), "CNAME", "steps/notes.txt"])
    assert not [f for f in site_files(site) if "2025-09-01" in f]
    assert all((site / f).read_bytes() == (fresh / f).read_bytes() for f in site_files(fresh))


def test_pruning_removes_only_plain_regular_files_the_manifest_lists(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "old").mkdir(parents=True)
    (site / "old" / "page.html").write_text("old page")
    (tmp_path / "outside.txt").write_text("not the site's")
    (site / "link.html").symlink_to(tmp_path / "outside.txt")
    listed = ["../outside.txt", "link.html", "old/page.html", "index.html", "/etc/passwd", ""]
    (site / ".ruldiff-pages").write_text("".join(f"{n}\n" for n in listed))
    written: dict[str, str] = {}
    writer = SiteWriter(str(site), [], lambda path, text: written.__setitem__(path, text))
    writer("index.html", "new index")
    assert writer.prune(["index.html"]) == ("old/page.html",)
    assert not (site / "old").exists()  # left empty, so removed
    assert (tmp_path / "outside.txt").read_text() == "not the site's" and (site / "link.html").is_symlink()
    assert written[str(site / ".ruldiff-pages")] == "index.html\n"


def test_a_site_that_is_an_input_file_is_refused(tmp_path: Path) -> None:
    result = run("history", ROOT / "corpora", "-o", ROOT / "corpora" / "lanternfall-2024-01-15.txt")
    assert result.exit_code == 2 and "not a directory" in result.output


def test_a_history_needs_two_versions_and_files(tmp_path: Path) -> None:
    result = run("history", ROOT / "corpora" / "lanternfall-2024-01-15.txt", "-o", tmp_path / "s")
    assert result.exit_code == 2 and "at least two versions" in result.output
    assert run("history", "-", "-o", tmp_path / "s").exit_code == 2


def test_no_progress_bar_when_piped(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["history", str(ROOT / "corpora"), "-o", str(tmp_path / "s")])
    assert result.exit_code == 0 and result.stderr == ""


def test_safe_names() -> None:
    assert safe_name("glossary:Suspend") == "glossary-Suspend"
    assert safe_name("/../..") == "x" and safe_name("a" * 100) == "a" * 60


def test_history_on_the_archive_orders_by_printed_date(corpora: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real releases whose file names and printed dates disagree (2021-02-24
    prints 2021-02-15) stay in date order; a slice of the archive."""
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")
    files = sorted((corpora / "mtg").glob("2021-0*.txt"))
    site = tmp_path / "site"
    result = run("history", *files, "-o", site)
    assert result.exit_code == 0, result.output
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    dates = [v["date"] for v in index["versions"]]
    assert dates == sorted(dates) and "2021-02-15" in dates


def test_the_atom_feed_has_one_entry_per_release_newest_first_and_escapes(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    docs = tmp_path / "in"
    docs.mkdir()
    for i, date in enumerate(("May 1, 2024", "June 1, 2024")):
        text = layout([("1", "Basics"), ("100", "General"), ("100.1.", f"Draw {i} <cards> & more.")], date=date)
        (docs / f"v{i}.txt").write_text(text.replace("Test Game Rules", "Rules <&> of \"Test\""), encoding="utf-8")
    site = tmp_path / "site"
    assert run("history", docs, "-o", site).exit_code == 0
    ns = {"a": "http://www.w3.org/2005/Atom"}
    feed = ET.parse(site / "feed.xml").getroot()
    entries = feed.findall("a:entry", ns)
    assert len(entries) == 1
    assert entries[0].findtext("a:title", namespaces=ns) == 'Rules <&> of "Test" 2024-06-01'
    assert entries[0].findtext("a:updated", namespaces=ns) == "2024-06-01T00:00:00Z"
    href = entries[0].find("a:link", ns).get("href")  # type: ignore[union-attr]
    assert (site / str(href)).is_file()
    sample = ET.parse(build_sample(tmp_path / "s") / "feed.xml").getroot()
    assert [e.findtext("a:updated", namespaces=ns) for e in sample.findall("a:entry", ns)] == [
        "2025-09-01T00:00:00Z", "2025-02-10T00:00:00Z", "2024-06-01T00:00:00Z"]


def test_each_step_is_the_pairs_changelog_as_ruldiff_writes_it_plus_navigation() -> None:
    """The site's step pages are ``ruldiff OLD NEW -f FMT`` (reports/), the
    HTML and Markdown with the navigation added on top, the JSON untouched
    (the contract's schema allows no other keys), each release named by its
    file name only: no page prints where the build machine keeps them."""
    reports, site = ROOT / "reports", ROOT / "reports" / "history" / "steps"

    def report(name: str) -> str:
        return (reports / name).read_text(encoding="utf-8").replace("corpora/lanternfall-", "lanternfall-")

    for step, pair in (("2024-01-15_to_2024-06-01", "lanternfall-2024-01-15_to_2024-06-01"),
                       ("2025-02-10_to_2025-09-01", "lanternfall-2025-02-10_to_2025-09-01")):
        assert (site / f"{step}.json").read_text(encoding="utf-8") == report(f"{pair}.json")
        page = (site / f"{step}.html").read_text(encoding="utf-8")
        nav = re.search(r'<nav class="history".*?</nav>\n', page, re.S)
        assert nav is not None
        assert page.replace(nav.group(), "", 1) == report(f"{pair}.html")
        md = (site / f"{step}.md").read_text(encoding="utf-8")
        assert md.split("\n\n", 1)[1] == report(f"{pair}.md")
    for name in site_files(ROOT / "reports" / "history"):
        assert "corpora/" not in (ROOT / "reports" / "history" / name).read_text(encoding="utf-8"), name


def test_the_navigation_opens_the_body_of_a_users_changelog_page_too(tmp_path: Path) -> None:
    """A user's template may give ``<body>`` attributes: the navigation still
    goes first inside it, not above the document's head."""
    tpl = tmp_path / "tpl"
    tpl.mkdir()
    (tpl / "changelog.html.j2").write_text(
        '<!DOCTYPE html>\n<html><head><title>{{ old.title }}</title></head>\n<body class="mine" data-x="1">\n'
        "<p>{{ summary.added }} added</p>\n</body></html>\n", encoding="utf-8")
    site = build_sample(tmp_path, "--templates", tpl)
    page = (site / "steps" / f"{STEPS[0]}.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>\n<html><head>")
    head, body = page.split('<body class="mine" data-x="1">', 1)
    assert "<nav" not in head
    assert body.lstrip().startswith('<nav class="history"') and "<p>2 added</p>" in body


@pytest.mark.parametrize(("first", "last", "every"), [(2009, 2025, 2), (1847, 2025, 22)])
def test_the_charts_years_are_labelled_as_often_as_40_px_labels_fit_in_340_px(first: int, last: int, every: int) -> None:
    """A year's label is ~40 px wide and the chart may be 340 px narrow (a
    phone): 17 years need 680 px, so every other one is labelled; 179 years,
    one in 22 (21 would need 341 px)."""
    from ruldiff.series.history import chart
    from ruldiff.series.releases import Version

    versions = [Version(f"{y}.txt", str(y), f"{y}-01-01", "Rules", (), "mtg-cr") for y in (first, last)]
    labelled = [int(y["label"]) for y in chart(versions, (), ())["years"] if y["label"]]
    assert labelled == list(range(first + every, last + 1, every))


def test_a_year_long_jump_links_to_no_lineage_and_unlabelled_years_show_no_label(tmp_path: Path) -> None:
    """Releases from 2009 to 2025: the jump over 2010 (in force on its first
    day against on the next year's) is no step, so its navigation offers no
    lineage of rules changed there, while each step's does; the index's chart
    spans 17 years and labels every other one, the others a tick alone, never
    an empty label."""
    folder = tmp_path / "releases"
    folder.mkdir()
    dates = ["March 1, 2009", "September 1, 2009", "February 1, 2010", "October 1, 2010", "May 1, 2025"]
    for n, date in enumerate(dates):
        rules = [("1", "Play"), ("100", "General")] + [(f"100.{k}.", f"Keepers draw {k} glyphs.") for k in range(1, n + 2)]
        (folder / f"r{n}.txt").write_text(layout(rules, date=date), encoding="utf-8")
    site = tmp_path / "site"
    done = CliRunner().invoke(main, ["history", str(folder), "-o", str(site)])
    assert done.exit_code == 0, done.output
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    jumps = [site / j["pages"][fmt] for j in index["jumps"] for fmt in ("html", "md")]
    steps = [site / s["pages"][fmt] for s in index["steps"] for fmt in ("html", "md")]
    assert len(jumps) == 2 and len(steps) == 8
    for page in jumps + steps:
        links = page.read_text(encoding="utf-8").count("lineage of the rules changed here")
        assert links == (page in steps), page.name
    html = (site / "index.html").read_text(encoding="utf-8")
    labels = re.findall(r'<text class="axis" x="[\d.]+%" y="\d+" text-anchor="middle">([^<]*)</text>', html)
    assert labels == [str(y) for y in range(2011, 2026, 2)]


def test_a_history_collects_reference_cycles_as_a_long_run_must(tmp_path: Path) -> None:
    """A single comparison runs with the cycle collector almost idle
    (`GC_THRESHOLD`); a history compares release after release in one
    process and collects every `SERIES_GC_THRESHOLD` allocations, or the
    cycles each step leaves pile up (bench/history.py: 270 -> 306 MB on the
    MTG archive)."""
    import gc

    from ruldiff.cli import GC_THRESHOLD, SERIES_GC_THRESHOLD

    before = gc.get_threshold()
    try:
        gc.set_threshold(GC_THRESHOLD, 50, 100)
        build_sample(tmp_path)
        assert gc.get_threshold()[0] == SERIES_GC_THRESHOLD < GC_THRESHOLD
    finally:
        gc.set_threshold(*before)
