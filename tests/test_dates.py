"""dates.py: the effective date a document's front matter gives, in the forms
people write it, and the order of releases and the swapped-arguments
warning that rest on it. Invented text only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.dates import date_in, find_date
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def bylaws(*front: str, rule: str = "Members meet yearly.") -> str:
    """A small numbered document under the given front-matter lines."""
    return "\n".join(["Club Bylaws", *front, "", "1. Members", "", f"1.1 {rule}", "1.2 Members vote.", ""]) + "\n"


# --- one form at a time ---------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("Made on the 3rd day of June, 2025", "2025-06-03"),
        ("Signed this 21st day of September 2024", "2024-09-21"),
        ("Effective July 1, 2024", "2024-07-01"),
        ("Effective from 1 July 2024", "2024-07-01"),
        ("Adopted 12 March 2024, amended 18 February 2025", "2025-02-18"),
        ("Amended 18 February 2025; adopted 12 March 2024", "2025-02-18"),  # the order written does not matter
        ("Adopted March 12, 2024; amended Feb. 18, 2025 and Sept 9, 2025", "2025-09-09"),  # "and" shares the label
        ("Consolidated text as amended through 2 October 2023", "2023-10-02"),
        ("Last revised 5 May 2022", "2022-05-05"),
        ("Last revised: 2022-05-05", "2022-05-05"),
        ("2025-06-03", "2025-06-03"),
        ("Approved by the Board on 3 June 2025", "2025-06-03"),
        ("Effective 1 May 2025 until 30 April 2026", "2025-05-01"),  # a limit is no revision
        ("Adopted 01/03/2025", None),  # the 1st of March or the 3rd of January: never guessed
        ("Adopted 4/29/2026, amended 01/03/2027", None),  # the amendment cannot be read: no older date instead
        ("Adopted 4/29/2026", "2026-04-29"),
    ],
)
def test_each_form_of_a_date(line: str, date: str | None) -> None:
    assert find_date(["Club Bylaws", line]) == date
    doc = parse(decode(bylaws(line).encode(), "bylaws.txt"))
    assert (doc.title, doc.date) == ("Club Bylaws", date)  # a date line ends the title


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("Amended 3 May 2019, 4 June 2021", "2021-06-04"),  # a comma alone shares the label
        ("Amended 3 May 2019 & 4 June 2021", "2021-06-04"),
        ("Amended 3 May 2019; 4 June 2021", "2021-06-04"),
        ("Amended 3 May 2019 or 4 June 2021", "2021-06-04"),
        ("Amended 3 May 2019 and, 4 June 2021", "2021-06-04"),
        ("Amended 3 May 2019, printed 4 June 2021", "2019-05-03"),  # a word between: the label ends
    ],
)
def test_dates_joined_by_punctuation_and_or_share_one_label(line: str, date: str) -> None:
    assert find_date(["Club Bylaws", line]) == date


def test_a_revision_date_is_looked_for_in_the_first_sixty_lines() -> None:
    filler = ["Section text without a date."] * 58
    assert find_date(["Club Bylaws", *filler, "Amended 5 May 2022"]) == "2022-05-05"  # the 60th line
    assert find_date(["Club Bylaws", *filler, "", "Amended 5 May 2022"]) is None  # the 61st


def test_a_date_without_a_revision_label_is_taken_from_the_first_twenty_lines() -> None:
    filler = ["Section text without a date."] * 18
    assert find_date(["Club Bylaws", *filler, "Approved 5 May 2022"]) == "2022-05-05"  # the 20th line
    assert find_date(["Club Bylaws", *filler, "", "Approved 5 May 2022"]) is None  # the 21st


def test_a_profile_with_an_unknown_date_order_names_both_orders() -> None:
    from ruldiff.documents.profiles import profile_from_mapping
    from ruldiff.errors import ConfigError

    with pytest.raises(ConfigError, match="must be one of month-first, day-first$"):
        profile_from_mapping({"name": "x", "rule": r"^(?P<id>\d+\.\d+) (?P<text>.+)$", "dates": "sideways"}, "x.yaml")


def test_the_latest_revision_wins_across_lines_and_whatever_comes_first() -> None:
    front = ["Club Bylaws", "Adopted 12 March 2024", "Amended 18 February 2025", "Amended 2 June 2024"]
    assert find_date(front) == "2025-02-18"


def test_a_label_on_the_line_above_labels_the_date_under_it() -> None:
    assert find_date(["Club Bylaws", "© 2 May 2020", "Last revised:", "5 May 2022"]) == "2022-05-05"
    assert find_date(["Club Bylaws", "Adopted:", "5 May 2022", "Printed 1 June 2022"]) == "2022-05-05"


def test_without_a_revision_date_the_first_labelled_date_then_the_first_date() -> None:
    assert find_date(["Club Bylaws", "© 2 May 2020", "Approved 1 June 2020"]) == "2020-06-01"
    assert find_date(["Club Bylaws", "2 May 2020", "Printed 1 June 2020"]) == "2020-05-02"


def test_a_review_date_is_not_the_effective_date() -> None:
    assert find_date(["Leave Policy", "Next review: 1 January 2027", "Effective 1 January 2025"]) == "2025-01-01"
    assert find_date(["Leave Policy", "Review due 1 January 2027", "Adopted 1 January 2024"]) == "2024-01-01"


def test_the_ordinal_day_of_form_is_a_date_and_ends_a_title() -> None:
    m = date_in("Made on the 3rd day of June, 2025")
    assert m is not None and m.group() == "3rd day of June, 2025"
    assert date_in("On the 3rd day of play, draw") is None


# --- what rests on the date: history order and the swapped warning ----------------


def _amended(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Three releases, all adopted the same day, amended later each time;
    their file names sort the other way round."""
    folder = tmp_path / "in"
    folder.mkdir()
    paths = []
    for name, amended, rule in (("c.txt", "18 February 2025", "Members meet yearly."),
                                ("b.txt", "2 September 2025", "Members meet twice a year."),
                                ("a.txt", "10 January 2026", "Members meet every quarter.")):
        path = folder / name
        path.write_text(bylaws(f"Adopted 12 March 2024, amended {amended}", rule=rule), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1], paths[2]


def test_history_orders_releases_by_their_latest_amendment(tmp_path: Path) -> None:
    _amended(tmp_path)
    site = tmp_path / "site"
    result = run("history", tmp_path / "in", "-o", site)
    assert result.exit_code == 0, result.output
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    assert [v["date"] for v in index["versions"]] == ["2025-02-18", "2025-09-02", "2026-01-10"]


def test_the_swapped_warning_fires_only_when_really_swapped(tmp_path: Path) -> None:
    first, second, _ = _amended(tmp_path)
    assert run(first, second).stderr == ""  # the same adoption date: the amendments decide
    swapped = run(second, first)
    assert swapped.stderr == (
        f"warning: NEW ({first}, effective 2025-02-18) is older than OLD ({second}, effective 2025-09-02); "
        "swapped arguments? The order is: ruldiff OLD NEW\n"
    )


CODE = """TOWN OF ALDER CREEK
CODE OF ORDINANCES
CHAPTER 4 - LIBRARIES

{date}

ARTICLE I. IN GENERAL

Sec. 4-101. Hours.
The library is open on weekdays from 9:00 a.m. to 8:00 p.m.

Sec. 4-102. Cards.
A resident may hold one library card.
"""


def test_a_date_line_under_the_opening_chapter_dates_the_document_and_is_not_its_text(tmp_path: Path) -> None:
    from ruldiff.diff.pipeline import compare
    from ruldiff.documents.load import load

    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(CODE.format(date="Effective March 1, 2022"), encoding="utf-8")
    new.write_text(CODE.format(date="Effective January 1, 2025"), encoding="utf-8")
    a, b = load(str(old)), load(str(new))
    assert (a.date, b.date) == ("2022-03-01", "2025-01-01")
    chapter = next(r for r in a.rules if r.id == "4")
    assert "Effective" not in chapter.full_text
    assert compare(a, b).changes == ()  # a new edition, no rule changed


def test_a_sentence_holding_a_date_under_a_chapter_stays_its_text(tmp_path: Path) -> None:
    from ruldiff.documents.load import load

    path = tmp_path / "code.txt"
    sentence = "This chapter was adopted by the council on March 1, 2022 after a public hearing."
    path.write_text(CODE.format(date=sentence), encoding="utf-8")
    doc = load(str(path))
    assert sentence in next(r for r in doc.rules if r.id == "4").full_text
