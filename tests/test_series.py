"""series.py and store.py: versions ordered by their printed dates, each
document parsed once, steps cached by content so that adding a release redoes
only its step, and the forked workers giving what one process gives."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest
from helpers import layout

from ruldiff.series import releases as series_module
from ruldiff.errors import RuldiffError
from ruldiff.series.releases import Series, Version, collect, fan_out, order
from ruldiff.series.store import Store


def write_versions(tmp_path: Path, count: int = 4) -> list[str]:
    """`count` invented releases, each changing one rule and adding another."""
    paths = []
    for i in range(count):
        rules = [("1", "Basics"), ("100", "General"), ("100.1.", f"Draw {i + 1} cards.")]
        rules += [(f"100.{n + 2}.", f"Rule number {n} of the game.") for n in range(i + 1)]
        path = tmp_path / f"v{i}.txt"
        path.write_text(layout(rules, date=f"May {i + 1}, 2024"), encoding="utf-8")
        paths.append(str(path))
    return paths


class Counting:
    """Counts the parses and the comparisons a series makes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parsed: list[str] = []
        self.compared = 0
        real_parse, real_compare = series_module.parse_source, series_module.compare

        def parse_source(source: Any, profile: str | None) -> Any:  # every parse of a series goes through it
            self.parsed.append(source.path)
            return real_parse(source, profile)

        def compare(old: Any, new: Any, **kw: Any) -> Any:
            self.compared += 1
            return real_compare(old, new, **kw)

        monkeypatch.setattr(series_module, "parse_source", parse_source)
        monkeypatch.setattr(series_module, "compare", compare)


def read(path: str) -> bytes:
    return Path(path).read_bytes()


def v(path: str, date: str | None) -> Version:
    return Version(path, "", date, "T", ())


def test_versions_are_ordered_by_the_date_they_print_not_their_names() -> None:
    ordered, warnings = order([v("c.txt", "2020-01-01"), v("a.txt", "2022-01-01"), v("b.txt", "2021-01-01")])
    assert [x.path for x in ordered] == ["c.txt", "b.txt", "a.txt"] and warnings == ()


def test_a_tie_is_ordered_by_name_and_warned_about() -> None:
    ordered, warnings = order([v("b.txt", "2020-01-01"), v("a.txt", "2020-01-01")])
    assert [x.path for x in ordered] == ["a.txt", "b.txt"]
    assert warnings == ("a.txt, b.txt give the same effective date, 2020-01-01: ordered by file name",)


def test_a_missing_date_orders_everything_by_name_with_a_warning() -> None:
    ordered, warnings = order([v("b.txt", "2020-01-01"), v("a.txt", None)])
    assert [x.path for x in ordered] == ["a.txt", "b.txt"]
    assert warnings and "no effective date found in a.txt" in warnings[0]


def test_each_document_is_parsed_once_though_two_steps_use_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = write_versions(tmp_path)
    count = Counting(monkeypatch)
    s = Series(read, store=Store(None))
    versions, _ = s.versions(list(reversed(paths)))
    steps = s.steps(versions)
    assert sorted(count.parsed) == sorted(paths)
    assert count.compared == 3 and [st.index for st in steps] == [0, 1, 2]
    assert [x.path for x in versions] == paths


def test_a_rerun_parses_and_compares_nothing_and_adding_a_release_redoes_only_its_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = write_versions(tmp_path, 5)
    store = Store(tmp_path / "cache")
    first = Series(read, store=store)
    versions, _ = first.versions(paths[:4])
    before = first.steps(versions, lambda c: ("page",), variant="site")
    count = Counting(monkeypatch)
    again = Series(read, store=store)
    versions, _ = again.versions(paths[:4])
    delivered: list[Any] = []
    assert again.steps(versions, lambda c: ("page",), variant="site", deliver=lambda i, p: delivered.append((i, p))) == before
    assert count.parsed == [] and count.compared == 0 and delivered == [(i, ("page",)) for i in range(3)]
    more = Series(read, store=store)
    versions, _ = more.versions(paths)
    steps = more.steps(versions, lambda c: ("page",), variant="site")
    assert count.parsed == [paths[4]] and count.compared == 1 and len(steps) == 4
    assert steps[:3] == before


def test_cache_entries_are_private_to_the_user(tmp_path: Path) -> None:
    paths = write_versions(tmp_path, 2)
    s = Series(read, store=Store(tmp_path / "cache"))
    s.steps(s.versions(paths)[0])
    assert stat.S_IMODE((tmp_path / "cache").stat().st_mode) == 0o700
    entries = list((tmp_path / "cache").iterdir())
    assert entries and all(stat.S_IMODE(e.stat().st_mode) == 0o600 for e in entries)


def test_a_damaged_or_foreign_cache_entry_is_a_miss(tmp_path: Path) -> None:
    store = Store(tmp_path / "cache")
    store.put("x", "k", ("a", 1))
    assert store.get("x", "k") == ("a", 1)
    (tmp_path / "cache" / "k.x").write_bytes(b"\x00garbage")
    assert store.get("x", "k") is None
    store.put("x", "k", ("a", 1))
    os.chmod(tmp_path / "cache" / "k.x", 0o666)  # writable by others: never read
    assert store.get("x", "k") is None
    assert Store(None).get("x", "k") is None


def test_a_step_whose_cached_pages_are_damaged_is_compared_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = write_versions(tmp_path, 4)
    store = Store(tmp_path / "cache")
    s = Series(read, store=store, workers=2)
    versions = s.versions(paths)[0]
    first = s.steps(versions, lambda c: (c.new.path,), variant="site")
    pages = sorted((tmp_path / "cache").glob("*.pages"))
    assert len(pages) == 3
    pages[0].write_bytes(b"\x00garbage")  # there, but damaged: found so only when read
    count = Counting(monkeypatch)
    delivered: dict[int, Any] = {}
    again = Series(read, store=store, workers=2).steps(versions, lambda c: (c.new.path,), variant="site",
                                                       deliver=delivered.__setitem__)
    assert again == first and count.compared == 1
    assert delivered == {i: (versions[i + 1].path,) for i in range(3)}


def test_a_history_key_changes_with_the_ruldiff_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = write_versions(tmp_path, 2)
    store = Store(tmp_path / "cache")
    s = Series(read, store=store)
    s.steps(s.versions(paths)[0])
    monkeypatch.setattr(series_module, "__version__", "99.0")
    count = Counting(monkeypatch)
    s = Series(read, store=store)
    s.steps(s.versions(paths)[0])
    assert len(count.parsed) == 2 and count.compared == 1


def test_two_workers_give_what_one_gives(tmp_path: Path) -> None:
    paths = write_versions(tmp_path, 5)
    one = Series(read, store=Store(None), workers=1)
    two = Series(read, store=Store(None), workers=2)
    v1, v2 = one.versions(paths)[0], two.versions(paths)[0]
    assert v1 == v2
    assert one.steps(v1, edits=True) == two.steps(v2, edits=True)


def test_an_error_in_a_worker_is_raised_here(tmp_path: Path) -> None:
    def work(x: int) -> int:
        if x == 3:
            raise RuldiffError("bad item", path=f"item{x}")
        return x

    got: list[tuple[int, int]] = []
    with pytest.raises(RuldiffError, match="bad item") as info:
        fan_out([1, 2, 3, 4], work, 2, lambda j, r: got.append((j, r)))
    assert info.value.path == "item3"


def test_fan_out_gives_every_result_with_two_workers() -> None:
    got: dict[int, int] = {}
    fan_out(list(range(7)), lambda x: x * x, 2, got.__setitem__, weights=[7, 1, 1, 1, 1, 1, 1])
    assert got == {i: i * i for i in range(7)}


@pytest.mark.parametrize("items", [[], [5], [1, 2, 3]])
def test_fan_out_runs_meanwhile_once_here_while_the_workers_work(items: list[int]) -> None:
    here, calls = os.getpid(), []
    got: dict[int, tuple[int, int]] = {}
    fan_out(items, lambda x: (x, os.getpid()), 2, got.__setitem__, meanwhile=lambda: calls.append(os.getpid()))
    assert calls == [here]
    assert sorted(got) == list(range(len(items))) and [got[j][0] for j in sorted(got)] == items
    assert all(pid != here for _, pid in got.values())  # even one item is worked by a worker


def test_a_directory_gives_its_documents_not_its_readme(tmp_path: Path) -> None:
    for name in ("b.txt", "a.pdf", "README.md", ".hidden.txt", "notes.yaml"):
        (tmp_path / name).write_text("x")
    (tmp_path / "sub.txt").mkdir()
    assert collect([str(tmp_path)]) == [str(tmp_path / "a.pdf"), str(tmp_path / "b.txt")]
    with pytest.raises(RuldiffError, match="holds no documents"):
        collect([str(tmp_path / "sub.txt")])


@pytest.mark.parametrize(("a", "b", "same"), [
    # A title printed with one word of four changed is still the document's (3 of 4 words shared)...
    ("Emberfall Comprehensive Rules Document", "EMBERFALL COMPREHENSIVE RULES, Revised", True),
    # ... a document of the same family differs in the words that matter (5 of 7 shared).
    ("Emberfall Official Tournament Rules for Organized Play", "Emberfall Official Casual Rules for Home Play", False),
])
def test_a_title_is_the_documents_when_three_quarters_of_its_words_are(a: str, b: str, same: bool) -> None:
    assert series_module.titles_match(a, b) is same
    v = lambda path, title: Version(path, path, f"202{path[0]}-01-01", title, (), "mtg-cr")  # noqa: E731
    kept, skipped = series_module.admit([v("1.txt", a), v("2.txt", a), v("3.txt", b)])
    assert [x.path for x in kept] == (["1.txt", "2.txt", "3.txt"] if same else ["1.txt", "2.txt"])


def test_a_folder_of_no_documents_names_the_files_it_looks_for(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("not a release\n", encoding="utf-8")
    with pytest.raises(RuldiffError) as raised:
        collect([str(tmp_path)])
    assert str(raised.value).endswith("holds no documents (.txt, .pdf, .docx, .htm, .html)")
