"""``ruldiff history`` writes and removes only what its site owns (site.py),
reads only the releases it should (releases.py `collect`), and trusts no
damaged cache entry (store.py): what a user running it unattended checks."""

from __future__ import annotations

import json
import marshal
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

from ruldiff.cli.main import main
from ruldiff.series.history import MANIFEST, site_files
from ruldiff.series.store import HEADER, Store

SAMPLE = ROOT / "corpora"
RELEASES = sorted(SAMPLE.glob("lanternfall-*.txt"))


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args])


def failed(result, *words: str) -> None:  # type: ignore[no-untyped-def]
    """Exit status 2 and one line ``Error: ...`` holding `words`, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "internal error" not in lines[0], result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def releases(tmp_path: Path, n: int = 4) -> Path:
    folder = tmp_path / "rel"
    folder.mkdir()
    for path in RELEASES[:n]:
        shutil.copy(path, folder)
    return folder


# --- 1: removing never follows a link -----------------------------------------


def test_a_rebuild_never_removes_a_file_through_a_link_the_manifest_passes(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "data.txt").write_text("keep me")
    (victim / "index.html").write_text("keep me too")
    site = tmp_path / "site"
    assert run("history", SAMPLE, "-o", site).exit_code == 0
    (site / "assets").symlink_to(victim)
    (site / "gone").symlink_to(victim / "index.html")
    with (site / MANIFEST).open("a") as f:
        f.write("assets/data.txt\ngone\n/etc/passwd\n../victim/index.html\nsteps/../../victim/data.txt\n")
    result = run("history", SAMPLE, "-o", site)
    assert result.exit_code == 0, result.output
    assert (victim / "data.txt").read_text() == "keep me" and (victim / "index.html").read_text() == "keep me too"
    assert (site / "assets").is_symlink() and (site / "gone").is_symlink()
    warnings = result.stderr
    for entry in ("assets/data.txt", "gone", "'/etc/passwd'", "'../victim/index.html'", "'steps/../../victim/data.txt'"):
        assert entry in warnings, (entry, warnings)
    # Ignored once: the manifest now lists only this build's pages.
    listed = (site / MANIFEST).read_text().splitlines()
    assert not [n for n in listed if "assets" in n or "victim" in n or n in ("gone", "/etc/passwd")]


def test_a_directory_of_the_site_replaced_by_a_link_is_not_entered(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run("history", SAMPLE, "-o", site).exit_code == 0
    elsewhere = tmp_path / "elsewhere"
    shutil.move(str(site / "steps"), elsewhere)
    (site / "steps").symlink_to(elsewhere)
    before = sorted(p.name for p in elsewhere.iterdir())
    result = run("history", *RELEASES[:3], "-o", site)  # would remove the last step's pages
    assert result.exit_code == 2  # and writing into the link is refused
    assert sorted(p.name for p in elsewhere.iterdir()) == before


# --- 2: what SITE may be --------------------------------------------------------


def test_the_home_directory_and_the_root_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    failed(run("history", SAMPLE, "-o", home), "home directory")
    failed(run("history", SAMPLE, "-o", os.path.expanduser("~")), "home directory")
    assert list(home.iterdir()) == []
    failed(run("history", SAMPLE, "-o", "/"), "root directory")


def test_a_first_build_into_a_directory_of_someone_elses_files_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "mine"
    site.mkdir()
    (site / "index.html").write_text("my own page")
    (site / "feed.xml").write_text("my own feed")
    failed(run("history", SAMPLE, "-o", site), "feed.xml", "in the way", MANIFEST)  # the first, sorted
    assert sorted(p.name for p in site.iterdir()) == ["feed.xml", "index.html"]
    assert (site / "index.html").read_text() == "my own page"


def test_a_file_put_by_hand_where_a_new_page_goes_is_not_written_over(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run("history", *RELEASES[:3], "-o", site).exit_code == 0
    (site / "steps" / "2025-02-10_to_2025-09-01.html").write_text("mine")
    failed(run("history", SAMPLE, "-o", site), "2025-02-10_to_2025-09-01.html", "not written over")
    assert (site / "steps" / "2025-02-10_to_2025-09-01.html").read_text() == "mine"


def test_a_site_in_or_around_the_releases_is_refused(tmp_path: Path) -> None:
    rel = releases(tmp_path)
    failed(run("history", rel, "-o", rel), "inside the releases folder")
    failed(run("history", rel, "-o", rel / "site"), "inside the releases folder")
    failed(run("history", rel, "-o", tmp_path), "holds the releases folder")
    failed(run("history", *sorted(rel.iterdir()), "-o", tmp_path), "holds the release")
    assert sorted(p.name for p in rel.iterdir()) == [p.name for p in RELEASES]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rel"]
    assert run("history", rel, "-o", tmp_path / "site").exit_code == 0  # beside it: fine, and again
    assert run("history", rel, "-o", tmp_path / "site").exit_code == 0


# --- 3: a failed or stopped build ----------------------------------------------


def test_a_failed_build_leaves_the_indexes_alone_and_its_pages_owned(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert run("history", *RELEASES[:3], "-o", site).exit_code == 0
    before = {name: (site / name).read_bytes() for name in ("index.html", "index.json", "feed.xml")}
    broken = tmp_path / "templates"
    broken.mkdir()
    (broken / "history-feed.xml.j2").write_text("{{ nope }}\n")
    failed(run("history", SAMPLE, "-o", site, "--templates", broken), "nope")
    # The step pages of the fourth release were written, and listed first;
    # the index, the feed and index.json were not touched.
    assert [f for f in site_files(site) if "2025-09-01" in f]
    assert all((site / name).read_bytes() == text for name, text in before.items())
    assert "2025-09-01" in (site / MANIFEST).read_text()
    # So a later build of the three releases removes them.
    assert run("history", *RELEASES[:3], "-o", site).exit_code == 0
    assert not [f for f in site_files(site) if "2025-09-01" in f]
    assert json.loads((site / "index.json").read_text())["versions"][-1]["date"] == "2025-02-10"


def test_every_page_is_listed_before_it_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ruldiff.cli.history as cli  # the history command writes pages through its write_atomic

    site = tmp_path / "site"
    assert run("history", *RELEASES[:3], "-o", site).exit_code == 0
    real = cli.write_atomic
    unlisted: list[str] = []

    def checking(path: str, text: str, **kw: object) -> None:
        name = os.path.relpath(path, site)
        if name != MANIFEST and name not in (site / MANIFEST).read_text().splitlines():
            unlisted.append(name)
        real(path, text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "write_atomic", checking)
    assert run("history", SAMPLE, "-o", site, "-j", "1").exit_code == 0
    assert unlisted == []


# --- 4, 5: the files of a releases folder ------------------------------------


def test_links_in_the_releases_folder_are_skipped_unless_followed(tmp_path: Path) -> None:
    rel = releases(tmp_path, 3)
    secret = tmp_path / "secret.txt"
    shutil.copy(RELEASES[3], secret)  # a readable document, so that following it shows in the site
    (rel / "zz.txt").symlink_to(secret)
    site = tmp_path / "site"
    result = run("history", rel, "-o", site)
    assert result.exit_code == 0
    assert "zz.txt: skipped: a symbolic link" in result.stderr
    assert len(json.loads((site / "index.json").read_text())["versions"]) == 3
    result = run("trace", "100.1", rel)
    assert result.exit_code == 0 and "zz.txt: skipped" in result.stderr
    result = run("history", rel, "-o", site, "--follow-links")
    assert result.exit_code == 0 and "skipped" not in result.stderr
    assert len(json.loads((site / "index.json").read_text())["versions"]) == 4


def test_a_release_whose_name_is_not_utf8_is_named_escaped(tmp_path: Path) -> None:
    rel = releases(tmp_path)
    bad = os.fsdecode(bytes(rel) + b"/\xff.txt")
    Path(bad).write_bytes(RELEASES[0].read_bytes())
    result = run("history", rel, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert "\\xff.txt: skipped: the file name is not UTF-8" in result.stderr
    failed(run("history", bad, RELEASES[1], "-o", tmp_path / "site2"), "\\xff.txt", "not UTF-8")
    failed(run(bad, RELEASES[1], "-o", tmp_path / "out.html", "-f", "html"), "\\xff.txt", "not UTF-8")
    assert not (tmp_path / "site2").exists() and not (tmp_path / "out.html").exists()


# --- 6: cache entries ------------------------------------------------------------


def test_a_damaged_or_misshapen_cache_entry_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULDIFF_CACHE_DIR", str(cache))
    site, fresh = tmp_path / "site", tmp_path / "fresh"
    assert run("history", SAMPLE, "-o", fresh).exit_code == 0
    entries = cache / "series"
    # One flipped bit in every entry (a title, a step, a page): all recomputed.
    for entry in entries.iterdir():
        data = bytearray(entry.read_bytes())
        data[-1] ^= 0x01
        entry.write_bytes(bytes(data))
    result = run("history", SAMPLE, "-o", site)
    assert result.exit_code == 0, result.output
    assert all((site / f).read_bytes() == (fresh / f).read_bytes() for f in site_files(fresh))
    # Entries whose digest is right but whose shape is wrong: misses too.
    store = Store(entries)
    for entry in entries.iterdir():
        key, _, kind = entry.name.partition(".")
        store.put(kind, key, (1, "x"))
        assert marshal.loads(entry.read_bytes()[HEADER:]) == (1, "x")
    result = run("history", SAMPLE, "-o", site)
    assert result.exit_code == 0, result.output
    assert all((site / f).read_bytes() == (fresh / f).read_bytes() for f in site_files(fresh))
    assert run("trace", "100.1", SAMPLE).exit_code == 0


def test_the_index_feed_and_index_json_are_written_with_signals_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 10: the three change together. SIGINT and SIGTERM are held back
    while they are written, so a Ctrl-C lands after the last, never between
    two; pages are written with signals free."""
    import signal

    import ruldiff.cli.history as cli

    real = cli.write_atomic
    held: dict[str, bool] = {}

    def checking(path: str, text: str, **kw: object) -> None:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        held[os.path.relpath(path, site)] = signal.SIGTERM in blocked and signal.SIGINT in blocked
        real(path, text, **kw)  # type: ignore[arg-type]

    site = tmp_path / "site"
    monkeypatch.setattr(cli, "write_atomic", checking)
    assert run("history", *RELEASES[:3], "-o", site, "-j", "1").exit_code == 0
    assert {name for name, was in held.items() if was} == {"index.json", "index.html", "feed.xml"}
    assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # released after


def test_a_rule_numbered_in_capitals_gets_its_page(tmp_path: Path) -> None:
    """Bylaws number their articles in capital roman numerals: ``II.2`` is a
    plain page name, written like any other and kept by a rebuild."""
    folder = tmp_path / "rel"
    folder.mkdir()
    bylaws = ("Bylaws of the Example Club\n\nAdopted {date}.\n\nARTICLE I\nName\n\n"
              "Section 1. The name of this club is the Example Club.\n\nSection 2. The club meets in the town hall.\n\n"
              "ARTICLE II\nMembers\n\nSection 1. Any person may join.\n\nSection 2. Members pay dues each {when}.\n")
    (folder / "a.txt").write_text(bylaws.format(date="March 1, 2020", when="year"), encoding="utf-8")
    (folder / "b.txt").write_text(bylaws.format(date="June 1, 2021", when="season"), encoding="utf-8")
    site = tmp_path / "site"
    for _ in range(2):
        done = run("history", folder, "-o", site)
        assert done.exit_code == 0, done.output
        page = (site / "rules" / "II.2.html").read_text(encoding="utf-8")
        assert "Members pay dues each <del>year</del><ins>season</ins>." in page
