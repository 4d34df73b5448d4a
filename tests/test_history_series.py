"""Which files a history or a trace takes as releases, and the site's
addresses as releases are added: what a publisher checks before putting a
site online (issue #28)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

from ruldiff.cli.main import main
from ruldiff.series.history import MANIFEST, site_files

SAMPLE = sorted((ROOT / "corpora").glob("lanternfall-*.txt"))
NOTES = "Notes for the next release\n\nAsk the printer about the card stock.\nCheck the glossary.\n"


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def releases(tmp_path: Path, *which: int) -> Path:
    """A releases folder holding the sample's versions `which` (0 to 3)."""
    folder = tmp_path / "releases"
    folder.mkdir(exist_ok=True)
    for i in which:
        shutil.copy(SAMPLE[i], folder / SAMPLE[i].name)
    return folder


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")


def test_a_stray_file_is_skipped_with_a_warning_and_is_an_error_under_strict(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2)
    (folder / "NOTES.txt").write_text(NOTES, encoding="utf-8")
    result = run("history", folder, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    warning = [line for line in result.output.splitlines() if "NOTES.txt" in line]
    assert len(warning) == 1 and "skipped" in warning[0] and "read as paragraphs" in warning[0], result.output
    index = json.loads((tmp_path / "site" / "index.json").read_text(encoding="utf-8"))
    assert [v["file"] for v in index["versions"]] == [p.name for p in SAMPLE[:3]]
    assert max(s["summary"]["removed"] for s in index["steps"]) < 10  # no step of "everything removed"

    strict = run("history", folder, "-o", tmp_path / "strict", "--strict")
    assert strict.exit_code == 2
    (line,) = strict.output.strip().splitlines()
    assert "NOTES.txt" in line and "not a release of the series" in line and "Traceback" not in strict.output
    assert not (tmp_path / "strict").exists() or not site_files(tmp_path / "strict")

    traced = run("trace", "301.4", folder)
    assert traced.exit_code == 0 and "NOTES.txt: skipped" in traced.output
    assert run("trace", "301.4", folder, "--strict").exit_code == 2


def test_an_undated_copy_and_an_identical_copy_are_not_releases(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2)
    text = SAMPLE[1].read_text(encoding="utf-8")
    undated = re.sub(r"(?m)^.*effective.*$", "", text, flags=re.I)
    assert undated != text
    (folder / "copy-undated.txt").write_text(undated, encoding="utf-8")
    shutil.copy(SAMPLE[2], folder / "zz-copy.txt")
    result = run("history", folder, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert re.search(r"copy-undated\.txt: skipped: no effective date", result.output), result.output
    assert re.search(rf"zz-copy\.txt: skipped: the same content as {SAMPLE[2].name}", result.output), result.output
    assert "ordered by file name" not in result.output  # the dated releases keep their order
    index = json.loads((tmp_path / "site" / "index.json").read_text(encoding="utf-8"))
    assert len(index["versions"]) == 3


def test_another_documents_release_is_skipped_for_its_title(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2)
    text = SAMPLE[3].read_text(encoding="utf-8")
    title = text.splitlines()[0]
    assert "Lanternfall" in title
    (folder / "other.txt").write_text(text.replace(title, "Emberfall Tournament Policy", 1), encoding="utf-8")
    result = run("history", folder, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert re.search(r"other\.txt: skipped: its title, 'Emberfall Tournament Policy', is not", result.output), result.output
    index = json.loads((tmp_path / "site" / "index.json").read_text(encoding="utf-8"))
    assert "other.txt" not in [v["file"] for v in index["versions"]]


def test_history_and_trace_warn_when_the_profile_leaves_much_unread(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1)
    for args in (("history", folder, "-o", tmp_path / "site"), ("trace", "301.4", folder)):
        result = run(*args, "--profile", "riftbound")
        assert result.exit_code == 0, result.output
        misfits = [line for line in result.output.splitlines() if "left" in line and "unread" in line]
        assert len(misfits) == 2, result.output
        assert all("profile riftbound left" in line and "reads it better" in line for line in misfits)
        clean = run(*args[:-1], tmp_path / "clean") if args[0] == "history" else run(*args)
        assert "unread" not in clean.output


def _pages(site: Path) -> dict[str, bytes]:
    return {name: (site / name).read_bytes() for name in site_files(site) if name != MANIFEST}


def test_adding_an_older_and_a_newer_release_keeps_every_address_and_changes_only_what_changed(tmp_path: Path) -> None:
    folder = releases(tmp_path, 1, 2)
    site = tmp_path / "site"
    assert run("history", folder, "-o", site).exit_code == 0
    before = _pages(site)
    assert "steps/2024-06-01_to_2025-02-10.html" in before
    for added in (0, 3):  # one older, then one newer
        releases(tmp_path, added)
        assert run("history", folder, "-o", site).exit_code == 0
        after = _pages(site)
        assert set(before) <= set(after), sorted(set(before) - set(after))
        changed = [name for name in before if before[name] != after[name]]
        assert "steps/2024-06-01_to_2025-02-10.json" not in changed
        date = SAMPLE[added].name[12:22]
        for name in changed:  # a page changes only to show the release added
            if name not in ("index.html", "index.json", "feed.xml", "rules/index.html"):
                assert date in after[name].decode("utf-8"), (date, name)
        if added == 3:  # a rule the newer release leaves as it was keeps its page, byte for byte
            kept = [name for name in before if name.startswith("rules/") and name not in changed]
            assert len(kept) > 5, kept
        before = after


def test_no_page_prints_the_build_machines_paths_nor_counts_the_steps(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2)
    site = tmp_path / "site"
    assert run("history", folder, "-o", site).exit_code == 0
    for name, data in _pages(site).items():
        text = data.decode("utf-8")
        assert str(tmp_path) not in text and "releases/" not in text, name
        assert not re.search(r"\bstep \d+ of \d+", text), name


def test_base_url_makes_the_feeds_and_the_index_links_absolute(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2)
    site = tmp_path / "site"
    assert run("history", folder, "-o", site, "--base-url", "https://example.org/rules").exit_code == 0
    ns = {"a": "http://www.w3.org/2005/Atom"}
    feed = ET.parse(site / "feed.xml").getroot()
    links = [link.get("href") for link in feed.iter("{http://www.w3.org/2005/Atom}link")]
    assert links and all(str(h).startswith("https://example.org/rules/") for h in links), links
    assert feed.findall("a:entry", ns)[0].find("a:link", ns).get("href") == (  # type: ignore[union-attr]
        "https://example.org/rules/steps/2024-06-01_to_2025-02-10.html")
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    assert index["steps"][0]["pages"]["html"] == "https://example.org/rules/steps/2024-01-15_to_2024-06-01.html"
    assert index["steps"][0]["next"] == "https://example.org/rules/steps/2024-06-01_to_2025-02-10.json"
    bad = run("history", folder, "-o", tmp_path / "bad", "--base-url", "javascript:alert(1)")
    assert bad.exit_code == 2 and "--base-url" in bad.output


def test_counts_agree_in_number(tmp_path: Path) -> None:
    folder = releases(tmp_path, 0, 1, 2, 3)
    site = tmp_path / "site"
    assert run("history", folder, "-o", site).exit_code == 0
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert "1 substitution<" in feed and "1 substitutions" not in feed
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "1 substitution" in html and "1 substitutions" not in html


def _dated(tmp_path: Path, dates: list[str]) -> Path:
    """A series of invented releases, one per date, each changing one rule."""
    folder = tmp_path / "dated"
    folder.mkdir()
    for i, date in enumerate(dates):
        year, month, day = date.split("-")
        month_name = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"][int(month) - 1]
        rules = "\n\n".join(f"100.{n}. Rule {n} says {'more ' * (n == i % 5)}things." for n in range(1, 6))
        (folder / f"r-{date}.txt").write_text(
            f"Test Game Rules\n\nThese rules are effective as of {month_name} {int(day)}, {year}.\n\n"
            f"1. Basics\n\n100. General\n\n{rules}\n", encoding="utf-8")
    return folder


def test_year_long_jumps_compare_releases_that_are_not_neighbours(tmp_path: Path) -> None:
    dates = ["2019-03-01", "2019-09-01", "2020-02-01", "2020-06-01", "2020-10-01", "2021-04-01", "2022-01-05"]
    site = tmp_path / "site"
    result = run("history", _dated(tmp_path, dates), "-o", site)
    assert result.exit_code == 0, result.output
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    # 2020: in force on 2020-01-01 (2019-09-01) against on 2021-01-01 (2020-10-01); 2021: a step, no jump.
    assert [(j["year"], j["old"], j["new"]) for j in index["jumps"]] == [("2020", "r-2019-09-01.txt", "r-2020-10-01.txt")]
    page = site / index["jumps"][0]["pages"]["html"]
    assert page.is_file() and "2019-09-01 → 2020-10-01" in page.read_text(encoding="utf-8")
    assert 'href="steps/2019-09-01_to_2020-10-01.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_the_jumps_are_the_same_compared_by_two_workers_as_by_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The jumps are compared in the steps' fan-out, each after the step to its new release.
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")
    dates = ["2019-03-01", "2019-09-01", "2020-02-01", "2020-06-01", "2020-10-01", "2021-04-01", "2021-08-01",
             "2022-01-05", "2023-02-01"]
    folder = _dated(tmp_path, dates)
    sites = [tmp_path / f"site-{jobs}" for jobs in ("1", "2")]
    for site, jobs in zip(sites, ("1", "2")):
        result = run("history", folder, "-o", site, "-j", jobs)
        assert result.exit_code == 0, result.output
    index = json.loads((sites[1] / "index.json").read_text(encoding="utf-8"))
    assert [(j["year"], j["old"], j["new"]) for j in index["jumps"]] == [
        ("2020", "r-2019-09-01.txt", "r-2020-10-01.txt"), ("2021", "r-2020-10-01.txt", "r-2021-08-01.txt")]
    first = (sites[1] / index["jumps"][0]["pages"]["html"]).read_text(encoding="utf-8")
    assert "2019-09-01 → 2020-10-01" in first and 'href="2020-10-01_to_2021-08-01.html"' in first
    assert site_files(sites[0]) == site_files(sites[1])
    for name in site_files(sites[0]):
        assert (sites[0] / name).read_bytes() == (sites[1] / name).read_bytes(), name


def test_the_chart_has_a_time_axis_and_a_scale(tmp_path: Path) -> None:
    dates = ["2019-03-01", "2019-04-01", "2021-06-01", "2021-07-01"]
    site = tmp_path / "site"
    assert run("history", _dated(tmp_path, dates), "-o", site).exit_code == 0
    svg = (site / "index.html").read_text(encoding="utf-8").split("<svg")[1].split("</svg>")[0]
    xs = [float(x) for x in re.findall(r'<rect class="\w+" x="([\d.]+)%"', svg)]
    # On a time axis, the long gap before 2021-06-01 is wide, the month before it is narrow.
    assert xs and xs[1] - xs[0] > 10 * (xs[2] - xs[1]) > 0, xs
    assert re.findall(r">(20\d\d)</text>", svg) == ["2020", "2021"]
    assert re.search(r'<text class="axis" x="0" y="[\d.]+">\d+</text>', svg)  # the scale's marks
