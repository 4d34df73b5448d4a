"""documents/citations.py through what a user reads: the stale references
`ruldiff old new -f json` lists, for documents numbered with letters
(``A.1``) or roman numerals. Invented documents only."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.citations import citation_syntax, cited

_OLD = """Harbour Club Standing Orders

{a}. Moorings

{a}.1 Every boat has one mooring.

{a}.2 A mooring is paid for each spring, as {a}.1 says.

{b}. Tenders

{b}.1 Tenders are kept on the rack.

{b}.2 A tender left off the rack is moved, see {a}.2.
"""


def test_a_reference_left_at_an_old_lettered_number_is_stale(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A rule inserted at the head of the first division moves its rules
    down one: "see A.2" in the second division now names the
    wrong rule and is listed, with the number it should be."""
    a, b = "A", "B"
    old = _OLD.format(a=a, b=b)
    new = old.replace(f"{a}.1 Every boat", f"{a}.1 Every member may keep a boat.\n\n{a}.2 Every boat").replace(
        f"{a}.2 A mooring is paid for each spring, as {a}.1 says.", f"{a}.3 A mooring is paid for each spring, as {a}.2 says.")
    (tmp_path / "old.txt").write_text(old)
    (tmp_path / "new.txt").write_text(new)
    result = CliRunner().invoke(main, [str(tmp_path / "old.txt"), str(tmp_path / "new.txt"), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["stale_references"] == [
        {"rule": f"{b}.2", "references": [f"see {a}.2"], "should_be": [f"{a}.3"]}]


@pytest.mark.parametrize(("ids", "text", "found"), [
    (["A", "A.1", "B", "B.2"], "see B.2 and A.1, not rule 2.2 or the CLUB.2 form", ["B.2", "A.1"]),
    (["II", "II.1", "II.2"], "see II.2, not rule 2.2", ["II.2"]),
    (["1", "R1.1", "R1.2", "R4.3(a)"], "see R1.2 and R4.3(a), under R1.1, not rule 1.9 or the ER1.2 form",
     ["R1.2", "R4.3(a)", "R1.1"]),
    (["C1", "C1.1", "C2"], "see C2, under C1.1", ["C2", "C1.1"]),
])
def test_a_number_lettered_or_roman_is_cited_in_its_own_form(ids: list[str], text: str, found: list[str]) -> None:
    syntax = citation_syntax(ids)
    assert syntax is not None and [cited(m) for m in syntax.finditer(text)] == found


_LETTERED = """Lantern Club Rules

PART 1 - KEEPING

L1.1 Each keeper lights one lantern at dusk.
L1.2 A lantern that fails is reported to the warden.

PART 2 - WARDENS

L2.1 The warden replaces a lantern reported under L1.2 before midnight.
L2.2 A keeper who fails twice is heard by the council (see L1.1).
"""


def test_a_number_prefixed_by_a_letter_is_cited_and_its_references_followed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """IDs such as ``L1.2`` (a letter joined to the number): a rule
    inserted before L1.2 renumbers it; the reference that followed it is a
    cross-reference update, the one left behind is stale."""
    new = _LETTERED.replace("L1.2 A lantern", "L1.2 Lanterns are trimmed weekly.\nL1.3 A lantern").replace(
        "reported under L1.2", "reported under L1.3")
    out = _diff(tmp_path, _LETTERED, new)
    assert out["stale_references"] == []
    tags = {c["new"]: c["tags"] for c in out["changes"] if c["new"]}
    assert tags["L2.1"] == ["cross-reference"]
    stale = _diff(tmp_path, _LETTERED, new.replace("reported under L1.3", "reported under L1.2"))
    assert stale["stale_references"] == [{"rule": "L2.1", "references": ["under L1.2"], "should_be": ["L1.3"]}]


_CLUB = """Constitution of the Harbour Club

ARTICLE I
MEMBERS

Section 1. Anyone may join.

Section 2. A member in good standing has paid the fee.

Section 3. Only members in good standing vote.

ARTICLE II
MEETINGS

Section 1. A quorum is ten members in good standing, as defined in Section 2 of Article I.

Section 2. Voting is as provided in Section 3 of Article I.
"""


def _diff(tmp_path, old: str, new: str) -> dict:  # type: ignore[no-untyped-def]
    (tmp_path / "old.txt").write_text(old)
    (tmp_path / "new.txt").write_text(new)
    result = CliRunner().invoke(main, [str(tmp_path / "old.txt"), str(tmp_path / "new.txt"), "-f", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_a_unit_cited_before_its_division_follows_the_renumbering(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """"Section 2 of Article I" cites I.2: updated with it, a cross-reference;
    left at its old number, stale."""
    new = _CLUB.replace("Section 1. Anyone may join.", "Section 1. Anyone may join.\n\nSection 2. Guests may visit.").replace(
        "Section 2. A member in good", "Section 3. A member in good").replace(
        "Section 3. Only members", "Section 4. Only members").replace("in Section 2 of Article I.", "in Section 3 of Article I.")
    report = _diff(tmp_path, _CLUB, new)
    tags = {c["new"]: c["tags"] for c in report["changes"]}
    assert tags["II.1"] == ["cross-reference"]
    assert report["stale_references"] == [
        {"rule": "II.2", "references": ["Section 3 of Article I"], "should_be": ["I.4"]}]


def test_three_levels_numbered_in_each_other_are_cited_in_one_reference() -> None:
    # Canons: "Title I, Canon 2, Sec. 3" is I.2.3; "Title I, Canon 2" alone is I.2.
    syntax = citation_syntax(["I", "I.1", "I.1.1", "I.2", "I.2.3", "II", "II.1", "II.1.1"], ["title", "canon", "sec"])
    assert syntax is not None
    text = "under Title I, Canon 2, Sec. 3, or Title II, Canon 1 for a year, or Sec. 4 of the Parish Act"
    assert [cited(m) for m in syntax.finditer(text)] == ["I.2.3", "II.1"]


def test_a_reference_whose_middle_division_was_renumbered_is_a_cross_reference(tmp_path) -> None:  # type: ignore[no-untyped-def]
    old = ("Canons of the Harbour Chapel\n\nTitle I. Of Services\n\nCanon 1. Of Hours\nSec. 1. Services are at ten.\n"
           "Sec. 2. Evensong is at six.\n\nCanon 2. Of Music\nSec. 1. The organ is played.\nSec. 2. Hymns are sung.\n\n"
           "Title II. Of Wardens\n\nCanon 1. Of Duties\nSec. 1. Wardens choose the hymns under Title I, Canon 2, Sec. 2.\n"
           "Sec. 2. Wardens keep the keys.\n")
    new = old.replace("\n\nCanon 2. Of Music", "\n\nCanon 2. Of Bells\nSec. 1. Bells are rung at nine.\n\nCanon 3. Of Music").replace(
        "under Title I, Canon 2, Sec. 2.", "under Title I, Canon 3, Sec. 2.")
    report = _diff(tmp_path, old, new)
    assert {c["new"]: c["tags"] for c in report["changes"]}["II.1.1"] == ["cross-reference"]
    assert report["stale_references"] == []


@pytest.mark.parametrize(("text", "read"), [
    ("as Section 2 of Article II says", ["II.2"]),
    ("as Section 2 of this Article II says", ["II.2"]),
    ("as Section 2 of the Article II says", ["II.2"]),
    # "Subsection" is no "Section": only the article is cited.
    ("as Subsection 2 of Article II says", ["II"]),
    # In a document of two levels, a third number after them names no unit: the section is cited.
    ("under Article II, Section 2, Clause 3", ["II.2"]),
])
def test_a_unit_cited_with_its_division_in_a_document_of_two_levels(text: str, read: list[str]) -> None:
    syntax = citation_syntax(["I", "I.1", "I.2", "II", "II.1", "II.2"], ["article", "section"])
    assert syntax is not None
    assert [cited(m) for m in syntax.finditer(text)] == read
