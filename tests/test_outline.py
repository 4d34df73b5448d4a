"""Numbering schemes read without a profile (issue #14): decimal outlines,
laws, articles and sections, sub-items, appendices; their detection, dates
and references, and diffs of the invented documents in tests/fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.diff.pipeline import compare
from ruldiff.documents.dates import find_date
from ruldiff.model import ChangeKind, Comparison, Document
from ruldiff.documents.outline import next_sub_item
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import detect_profile, load_profile
from ruldiff.documents.read import decode
from ruldiff.diff.references import references

FIXTURES = Path(__file__).parent / "fixtures"


def read(text: str, path: str = "t.txt") -> Document:
    return parse(decode(text.encode("utf-8"), path))


def fixture(case: str, version: str) -> Document:
    path = FIXTURES / case / f"{version}.txt"
    return parse(decode(path.read_bytes(), str(path)))


def pair(case: str) -> Comparison:
    return compare(fixture(case, "old"), fixture(case, "new"))


def ids(doc: Document) -> list[str]:
    return [r.id for r in doc.rules]


# --- each scheme, detected ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "profile", "expected"),
    [
        # Decimal outline, with and without trailing periods, sections with and without.
        ("Rules\n\n1. Scope\n\n1.1. These rules apply.\n1.1.1 Even here.\n\n2 Play\n\n2.1 Play fair.\n",
         "outline", ["1", "1.1", "1.1.1", "2", "2.1"]),
        # A top-level rule whose text is a sentence, and lettered sub-items.
        ("Rules\n\n1. Be kind.\n1.1 Say hello.\n(a) to guests;\n(b) to staff.\n2. Be quiet.\n2.1 After ten.\n",
         "outline", ["1", "1.1", "1.1(a)", "1.1(b)", "2", "2.1"]),
        # Appendix numbers.
        ("Rules\n\n1. Play\n\n1.1 Play fair.\n1.2 Play on.\n\nAppendix A - Forms\n\nA.1 Use form 1.\nA.2 Sign it.\n",
         "outline", ["1", "1.1", "1.2", "A", "A.1", "A.2"]),
        # Law N, Rule N.
        ("Laws\n\nLaw 1 - The Field\n1.1 Grass.\nLaw 2 - The Ball\n2.1 Round.\n12.3(b) Pumped.\n",
         "laws", ["Law 1", "1.1", "Law 2", "2.1", "12.3(b)"]),
        ("Club Rules\n\nRule 1. Members pay.\nRule 2. Members vote.\nRule 3 - Meetings\n3.1 Monthly.\n",
         "laws", ["Rule 1", "Rule 2", "Rule 3", "3.1"]),
        # Article N, § N, Section N, numbered paragraphs and roman sub-items.
        ("Statute\n\nArticle 1 - Name\n§ 1 Name\n(1) We are the club.\n(a) first;\n(i) this;\n(ii) that.\n"
         "(b) second.\nArticle II - Aims\nSection 2. Aims\n(1) Chess.\n",
         "articles", ["Article 1", "§ 1", "§ 1(1)", "§ 1(1)(a)", "§ 1(1)(a)(i)", "§ 1(1)(a)(ii)",
                      "§ 1(1)(b)", "Article II", "Section 2", "Section 2(1)"]),
    ],
)
def test_each_numbering_scheme_is_detected_and_read(text: str, profile: str, expected: list[str]) -> None:
    doc = read(text)
    assert doc.profile == profile
    assert ids(doc) == expected


@pytest.mark.parametrize(
    ("body", "profile", "ids_before"),
    [
        ("1. Play\n\n100. General\n\n100.1. Play fair.\n\n100.2. Play on.\n", "mtg-cr",
         ["1", "100", "100.1", "100.2"]),
        ("Law 1 - The Field\n1.1 Grass.\n1.2 Lines.\n", "laws", ["Law 1", "1.1", "1.2"]),
        ("Article 1 - Name\n§ 1 Name\n(1) We are the club.\n(2) We play.\n", "articles",
         ["Article 1", "§ 1", "§ 1(1)", "§ 1(2)"]),
    ],
)
@pytest.mark.parametrize("wrapped", [False, True])
def test_an_appendix_is_read_under_any_profile(body: str, profile: str, ids_before: list[str], wrapped: bool) -> None:
    # "Appendix A" / "Annex B" and their items A.1, A.2, after the profile's
    # own numbering; a reference wrapped to a line start ("paragraph" /
    # "B.2 ...") stays text, and so does a sentence starting "Schedule A".
    appendix = (
        "Appendix A - Forms\nA.1 Use form 1.\nA.2 Sign it, as paragraph\nA.1 says.\n"
        "Annex B\nB.1 Fees are due.\nSchedule A sets out nothing.\n"
    )
    if not wrapped:
        appendix = appendix.replace("paragraph\nA.1", "paragraph A.1")
    doc = parse(decode(f"Rules\n\n{body}\n{appendix}".encode(), "t.txt"), load_profile(profile))
    assert ids(doc) == [*ids_before, "A", "A.1", "A.2", "B", "B.1"]
    by_id = {r.id: r for r in doc.rules}
    assert by_id["A"].text == "Forms" and by_id["A"].kind.value == "section"
    assert by_id["A.2"].parent == "A" and by_id["A.2"].text.startswith("Sign it, as paragraph")
    assert "Schedule A sets out nothing." in by_id["B.1"].text
    assert doc.coverage is not None and doc.coverage.unread == 0


def test_items_nest_under_their_parents() -> None:
    doc = fixture("constitution", "old")
    parent = {r.id: r.parent for r in doc.rules}
    assert parent["§ 2(1)(a)"] == "§ 2(1)" and parent["§ 2(1)"] == "§ 2" and parent["§ 2"] == "Article 1"
    doc = fixture("house-rules", "old")
    parent = {r.id: r.parent for r in doc.rules}
    assert parent["1.3.1"] == "1.3" and parent["1.3"] == "1" and parent["A.1"] == "A"


def test_roman_and_letter_sub_items_are_told_apart() -> None:
    stack = ()
    for label in "abcdefgh":
        stack = next_sub_item(stack, label)
    assert next_sub_item(stack, "i") == (("a", "i"),)  # (i) after (h): a letter
    assert next_sub_item((("a", "a"),), "i") == (("a", "a"), ("i", "i"))  # under (a): roman


def test_mtg_and_riftbound_detection_is_unchanged() -> None:
    assert detect_profile("Lanternfall Comprehensive Rules\n\n1. Game\n").name == "mtg-cr"
    assert detect_profile("Game Rules\n\n1. Basics\n\n100. General\n\n100.1. Play nicely.\n").name == "mtg-cr"
    assert detect_profile("Riftbound Core Rules\nLast Updated: 2025-10-01\n\n000. Golden\n001. Rule.\n").name == "riftbound"
    assert detect_profile("Dear players,\n\nthe club opens at noon.\n").name == "paragraphs"


def test_a_last_updated_line_does_not_make_an_outline_riftbound() -> None:
    doc = read("House Rules\nLast Updated: 2025-03-01\n\n1. Kitchen\n\n1.1 Wash up.\n1.2 Dry up.\n")
    assert doc.profile == "outline" and doc.date == "2025-03-01" and doc.title == "House Rules"


def test_one_keyword_sentence_does_not_switch_the_scheme() -> None:
    """One line starting "Rule 5" in a decimal outline is no laws numbering."""
    text = "Rules\n\n1. Play\n\n1.1 Play fair.\n1.2 Rule 5 of the county applies.\n1.3 Play on.\n"
    assert read(text).profile == "outline"


# --- title and date -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("Effective 1 March 2025", "2025-03-01"),
        ("Effective: March 1, 2025", "2025-03-01"),
        ("In force from the 1st of March, 2025", "2025-03-01"),
        ("1st March 2025", "2025-03-01"),
        ("2025-03-01", "2025-03-01"),
        ("Last updated: 1 Mar. 2025", "2025-03-01"),
        ("Last updated: 13/03/2025", "2025-03-13"),
        ("Last updated: 01/03/2025", None),  # the 1st of March, or the 3rd of January?
    ],
)
def test_effective_date_forms(line: str, date: str | None) -> None:
    doc = read(f"League Laws\n{line}\n\nLaw 1 - Field\n1.1 Grass.\nLaw 2 - Ball\n2.1 Round.\n")
    assert (doc.title, doc.date) == ("League Laws", date)  # a date line ends the title


def test_no_date() -> None:
    doc = read("League Laws\nVersion 2\n\nLaw 1 - Field\n1.1 Grass.\nLaw 2 - Ball\n2.1 Round.\n")
    assert (doc.title, doc.date) == ("League Laws Version 2", None)


def test_a_line_saying_effective_wins_over_an_earlier_date() -> None:
    assert find_date(["Rules (first edition 2019-05-01)", "Effective 1 March 2025"]) == "2025-03-01"


def test_dates_are_iso_in_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [str(FIXTURES / "laws" / "old.txt"), str(FIXTURES / "laws" / "new.txt"), "-f", "json"])
    data = json.loads(result.output)
    assert (data["old"]["date"], data["new"]["date"]) == ("2025-03-01", "2025-09-01")
    assert data["new"]["profile"] == "laws"


# --- references --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "text", "expected"),
    [
        ("outline", "see 4.3, 4.5 and 4.6; under rule 2 and Appendix A", ["4.3", "4.5", "4.6", "2", "A"]),
        ("outline", "a shot from 9.15 metres, in 2.5 seconds, see 3 players", []),
        ("laws", "see Law 12, as in Law 12.3 and 14.1(b)", ["Law 12", "12.3", "14.1(b)"]),
        # A rule's sub-items, its word in any case: the ID as its line prints it.
        ("laws", "under rule 3(b)(ii) or Rule 4(A), not rule 5 of the Fishing Code", ["Rule 3(b)(ii)", "Rule 4(A)", "Rule 5"]),
        ("articles", "under § 7(2), Article 3 and Section 4; see 2.1", ["§ 7(2)", "Article 3", "Section 4", "2.1"]),
    ],
)
def test_references_in_each_scheme(profile: str, text: str, expected: list[str]) -> None:
    syntax = load_profile(profile).reference
    assert [target for target, _ in references(text, syntax)] == expected


# --- diffs of the invented documents ------------------------------------------------


def test_laws_diff_finds_renumbering_moves_splits_and_reference_updates() -> None:
    c = pair("laws")
    by_new = {ch.new.id: ch for ch in c.changes if ch.new}
    assert {(r.old, r.new) for r in c.renumbering} >= {("2.3-2.4", "2.4-2.5"), ("3.3", "4.3")}
    assert "2.4(a)" not in {r.old for r in c.renumbering}  # implied by 2.4 -> 2.5
    moved = by_new["4.3"]
    assert moved.kind is ChangeKind.RENUMBERED and moved.old is not None and moved.old.id == "3.3"
    assert moved.moved == ("Law 3", "Law 4")  # the headings it sat under, as the document numbers them
    (split,) = [ch for ch in c.changes if ch.kind is ChangeKind.SPLIT]
    assert split.old is not None and split.old.id == "5.1" and [r.id for r in split.news] == ["5.1", "5.2"]
    assert by_new["3.3"].tags == ("cross-reference",) and by_new["5.3"].tags == ("cross-reference",)
    assert {ch.new.id for ch in c.changes if ch.kind is ChangeKind.ADDED and ch.new} == {"2.3", "2.5(c)"}
    assert not c.stale


def test_constitution_diff_finds_renumbered_paragraphs_and_reference_updates() -> None:
    c = pair("constitution")
    assert [(r.old, r.new) for r in c.renumbering] == [("§ 7-§ 8", "§ 8-§ 9")]
    by_new = {ch.new.id: ch for ch in c.changes if ch.new}
    assert by_new["§ 4(3)"].tags == ("cross-reference",)
    assert by_new["§ 3(2)"].kind is ChangeKind.SPLIT
    assert by_new["§ 8(1)"].moved is None  # it followed its paragraph, § 7 -> § 8
    assert {ch.new.id for ch in c.changes if ch.kind is ChangeKind.ADDED and ch.new} == {"§ 2(1)(d)", "§ 7", "§ 7(1)"}
    assert not c.stale


def test_house_rules_diff_reads_the_appendix_and_bare_references() -> None:
    c = pair("house-rules")
    assert {(r.old, r.new) for r in c.renumbering} >= {("1.3", "1.4"), ("A.1-A.2", "A.2-A.3"), ("3.3", "4.2")}
    by_new = {ch.new.id: ch for ch in c.changes if ch.new}
    assert by_new["1.4"].tags == ("cross-reference",)  # (see A.1) -> (see A.2)
    assert by_new["2.2"].tags == ("cross-reference",)  # see 4.2 -> see 4.3
    assert by_new["1.2"].kind is ChangeKind.SPLIT
    assert by_new["4.2"].moved == ("3", "4")
    assert not c.stale


def test_a_stale_bare_reference_is_flagged() -> None:
    """2.2 still says "see 4.2" when the rule it meant is now 4.3."""
    old = fixture("house-rules", "old")
    new_text = (FIXTURES / "house-rules" / "new.txt").read_text(encoding="utf-8").replace("see 4.3", "see 4.2")
    c = compare(old, parse(decode(new_text.encode(), "new.txt")))
    assert c.stale == (("2.2", ("4.2",), ("4.3",)),)  # 4.2 became 4.3


def test_fixture_documents_are_read_whole() -> None:
    for case in ("laws", "constitution", "house-rules"):
        for version in ("old", "new"):
            coverage = fixture(case, version).coverage
            assert coverage is not None and coverage.unread == 0, (case, version, coverage)


def test_a_contents_of_numbered_headings_is_not_read_as_sections() -> None:
    text = ("Club Rules\n\nContents\n1. Scope\n2. Play\n3. Money\n\n"
            "1. Scope\n\n1.1 These rules apply.\n\n2. Play\n\n2.1 Play fair.\n\n3. Money\n\n3.1 Pay.\n")
    doc = read(text)
    assert ids(doc) == ["1", "1.1", "2", "2.1", "3", "3.1"] and doc.rules[0].line == 8


def test_the_new_profile_keys_are_checked(tmp_path: Path) -> None:
    from ruldiff.errors import ConfigError

    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nrule: '^(?P<id>\\d+)\\s(?P<text>.*)$'\ndates: sideways\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="'dates' must be one of month-first, day-first"):
        load_profile(str(bad))
    bad.write_text("name: x\nrule: '^(?P<id>\\d+)\\s(?P<text>.*)$'\nsubitem: '^\\((?P<id>[a-z])\\)'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="'subitem' must have the named groups"):
        load_profile(str(bad))


def test_a_users_profile_may_number_sub_items(tmp_path: Path) -> None:
    profile = tmp_path / "club.yaml"
    profile.write_text(
        "name: club\nnumbered: 'R'\nrule: '^R(?P<id>\\d+)\\s+(?P<text>.*)$'\n"
        "subitem: '^\\((?P<id>[a-z]|[ivx]+)\\)\\s+(?P<text>.*)$'\ndates: day-first\n",
        encoding="utf-8",
    )
    doc = parse(
        decode("Club\n01/03/2025\n\nR1 Pay.\n(a) cash;\n(i) coins;\n(b) card.\nR2 Vote.\n".encode(), "c.txt"),
        load_profile(str(profile)),
    )
    assert ids(doc) == ["1", "1(a)", "1(a)(i)", "1(b)", "2"] and doc.date == "2025-03-01"


def test_a_sub_item_label_a_users_pattern_leaves_empty_is_no_sub_item(tmp_path: Path) -> None:
    """A profile's sub-item pattern that can match an empty label ("()")
    does not make "() ..." a sub-item with an ID like ``1()``: the line is
    the text of the item above."""
    profile = tmp_path / "club.yaml"
    profile.write_text(
        "name: club\nnumbered: 'R'\nrule: '^R(?P<id>\\d+)\\s+(?P<text>.*)$'\n"
        "subitem: '^\\((?P<id>[a-z]*|[ivx]+)\\)\\s+(?P<text>.*)$'\n",
        encoding="utf-8",
    )
    doc = parse(decode("Club\n\nR1 Pay.\n(a) cash;\n() or as the treasurer says.\nR2 Vote.\n".encode(), "c.txt"),
                load_profile(str(profile)))
    assert ids(doc) == ["1", "1(a)", "2"]
    assert doc.rules[1].text.endswith("or as the treasurer says.")
