"""grammar.py: a numbering grammar learned from the document, on invented
documents of every style (issue "Read any numbered document as published"),
the hook that reads with it a document no built-in profile reads, and the
grammar saved as a profile and read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruldiff.cli.main import main
from ruldiff.documents.grammar import grammar_profile, infer_grammar, parse_numbering, read_units, scan, spec_of
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import load_profile
from ruldiff.documents.read import decode
from ruldiff.errors import ConfigError, ParseError
from ruldiff.model import Document, Op, RuleKind
from ruldiff.outputs.jsonout import document_json
from ruldiff.outputs.render import render_document


def units(text: str) -> list[str]:
    """The IDs of `text`'s units under the grammar inferred from it."""
    grammar = infer_grammar(text)
    assert grammar is not None
    found, _ = read_units(text.split("\n"), grammar)
    return [u.id for u in found]


def read(text: str) -> Document:
    return parse(decode(text.encode("utf-8"), "t.txt"))


# --- the failures of the issue ------------------------------------------------

BYLAWS = "Bylaws\n\nSection 1. The name is X.\nSection 2. Anyone may join.\n"
CONSTITUTION = (
    "Constitution of the Chess Club\n\n"
    "ARTICLE I - NAME\n\nSection 1. The name is the Chess Club.\nSection 2. It meets on Fridays.\n\n"
    "ARTICLE II - MEMBERSHIP\n\nSection 1. Anyone may join.\nSection 2. Members pay dues.\n"
    "Section 3. Dues are due in May.\n"
)
CODE = (
    "Town Code\n\nChapter 4 - Public Order\n\n"
    "Sec. 4-11. Purpose. This chapter keeps the peace.\n"
    "Sec. 4-12. Noise. No person shall make loud noise.\n"
    "(a) Hours. Between 10 p.m. and 7 a.m.:\n(1) no music;\n(A) indoors;\n(B) outdoors;\n(2) no engines.\n"
    "(b) Exceptions. None.\n"
    "Sec. 4-13. Dogs. Dogs must be leashed.\n"
)


def test_bylaws_of_section_lines_are_read() -> None:
    doc = read(BYLAWS)
    assert doc.profile == "inferred" and doc.title == "Bylaws"
    assert [(r.id, r.text) for r in doc.rules] == [("1", "The name is X."), ("2", "Anyone may join.")]


def test_sections_restarting_in_each_article_are_cited_under_it() -> None:
    doc = read(CONSTITUTION)
    assert [r.id for r in doc.rules] == ["I", "I.1", "I.2", "II", "II.1", "II.2", "II.3"]
    assert {r.id: r.parent for r in doc.rules}["II.2"] == "II"
    assert [r.kind.value for r in doc.rules][:2] == ["section", "rule"] and doc.rules[0].text == "NAME"


def test_one_sub_item_more_changes_nothing() -> None:
    """A lone (a) item made the articles preset accept the constitution, with
    repeated IDs (Section 1#2): now it is read the same, with its item."""
    doc = read(CONSTITUTION.replace("Section 3. Dues are due in May.\n", "Section 3. Dues:\n(a) are due in May.\n"))
    assert [r.id for r in doc.rules] == ["I", "I.1", "I.2", "II", "II.1", "II.2", "II.3", "II.3(a)"]


# Hard-wrapped, no blank line between sections: the articles preset reads
# the articles but not "Section 1.01" lines, which run on into the article
# before; and a reference wrapped to a line's start ("subject to Section" /
# "1.03.") looks like a rule of its own.
WRAPPED_BYLAWS = (
    "Harbour Rowing Covenants\n\n"
    "Article I \u2014 Membership\n"
    "Section 1.01 Admission. Any person who rows may apply to the committee in\n"
    "writing, and the committee decides within a month.\n"
    "Section 1.02 Dues. Each member pays the dues the meeting sets. This is subject to Section\n"
    "1.03.\n"
    "Section 1.03 Arrears. A member three months in arrears may not use the boats\n"
    "until the arrears are paid.\n"
    "Article II \u2014 Boats\n"
    "Section 2.01 Booking. Boats are booked on the board in the boathouse.\n"
    "Section 2.02 Damage. Damage to a boat is reported to the captain the same day, and the\n"
    "captain decides who repairs it.\n"
    "Section 2.03 Lights. No boat leaves after dark without lights.\n"
)


def test_wrapped_section_lines_the_preset_misses_are_read_by_the_inferred_numbering() -> None:
    doc = read(WRAPPED_BYLAWS)
    assert [r.id for r in doc.rules] == ["I", "1.01", "1.02", "1.03", "II", "2.01", "2.02", "2.03"]
    by_id = {r.id: r.text for r in doc.rules}
    assert by_id["1.02"].endswith("This is subject to Section 1.03.")  # the wrapped reference stays in its sentence
    assert by_id["2.02"].endswith("captain decides who repairs it.")
    assert doc.coverage is not None and doc.coverage.unread == 0


def test_a_municipal_code_with_titles_run_into_the_text() -> None:
    doc = read(CODE)
    assert [r.id for r in doc.rules] == [
        "4", "4-11", "4-12", "4-12(a)", "4-12(a)(1)", "4-12(a)(1)(A)", "4-12(a)(1)(B)", "4-12(a)(2)",
        "4-12(b)", "4-13",
    ]
    rules = {r.id: r for r in doc.rules}
    assert (rules["4-12"].title, rules["4-12"].text) == ("Noise.", "No person shall make loud noise.")  # a run-in title
    assert rules["4-12(a)(1)(B)"].parent == "4-12(a)(1)" and rules["4-12"].parent == "4"


# --- each style -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Club Rules\n\n1. Scope\n1.1 These rules apply.\n1.1.1 Even on Sundays.\n1.1.2 And holidays.\n"
            "1.2 Members vote.\n2. Play\n2.1 Play fair.\n2.1.1 No cheating.\n",
            ["1", "1.1", "1.1.1", "1.1.2", "1.2", "2", "2.1", "2.1.1"], id="decimal"),
        pytest.param(
            "Act\n\n§ 1.1 Scope\n(a) This Act applies.\n(1) To members;\n(i) old;\n(ii) new;\n(2) to guests.\n"
            "(b) It binds all.\n§ 1.2 Terms\n(a) Words mean what they say.\n",
            ["§ 1.1", "§ 1.1(a)", "§ 1.1(a)(1)", "§ 1.1(a)(1)(i)", "§ 1.1(a)(1)(ii)", "§ 1.1(a)(2)",
             "§ 1.1(b)", "§ 1.2", "§ 1.2(a)"], id="section-sign"),
        pytest.param(
            "Statute\n\nSection 1.01 Name. The club is X.\nSection 1.02 Office. It sits in Y.\n(a) Main office.\n"
            "(b) Branch.\nSection 2.01 Members. Anyone may join.\n",
            ["1.01", "1.02", "1.02(a)", "1.02(b)", "2.01"], id="statute"),
        pytest.param(
            "Laws of the Game\n\nRule 12 - Fouls\n12.1 Direct free kick.\n12.1.1 Kicks.\n12.2 Indirect free kick.\n"
            "Rule 13 - Free Kicks\n13.1 Types.\n(a) direct;\n(b) indirect.\n",
            ["12", "12.1", "12.1.1", "12.2", "13", "13.1", "13.1(a)", "13.1(b)"], id="rule-laws"),
        pytest.param(
            "Regulation\n\nArticle 1\nSubject matter\n(1) This Regulation lays down rules.\n(2) It applies to all:\n"
            "(a) persons;\n(b) bodies.\nArticle 2\nScope\n(1) It applies here.\n\nAnnex I\nForms\n\nAnnex II\nFees\n"
            "1. Fee table.\n2. Fee rates.\n",
            ["1", "1(1)", "1(2)", "1(2)(a)", "1(2)(b)", "2", "2(1)", "Annex I", "Annex II", "Annex II.1", "Annex II.2"],
            id="articles-annex"),
        pytest.param(
            "Regulation\n\nArticle 1\n1. Rules are laid down (see Article 2(1)).\n2. They apply:\n(a) to persons.\n"
            "Article 2\n1. It applies here.\n",
            ["1", "1(1)", "1(2)", "1(2)(a)", "2", "2(1)"], id="articles-cited-in-brackets"),
        pytest.param(
            "Protocol\n\n5. Messages\n5.1 Format\n5.2 Fields\n5.2.1 Header\n5.2.2 Body\n5.2.3 Trailer\n"
            "5.2.3.1 Checksum\n5.2.3.2 Padding\n6. Security\n",
            ["5", "5.1", "5.2", "5.2.1", "5.2.2", "5.2.3", "5.2.3.1", "5.2.3.2", "6"], id="rfc"),
        pytest.param(
            "Building Code\n\n1-101 Title. This code is the Building Code.\n1-102 Scope. It applies to buildings.\n"
            "1-103 Intent. Safety.\n2-101 Permits. Get one.\n(a) In writing.\n2-102 Fees. Pay them.\n",
            ["1-101", "1-102", "1-103", "2-101", "2-101(a)", "2-102"], id="hyphenated"),
        pytest.param(
            "Appendices\n\nA.1 Forms are white.\nA.2 Forms are signed.\nA.2.1 In ink.\nB.1 Fees are paid.\n"
            "B.2 Fees are kept.\n",
            ["A.1", "A.2", "A.2.1", "B.1", "B.2"], id="appendix"),
        pytest.param(
            "Rules\n\n1. Members\na) pay dues;\nb) vote;\ni) in person;\nii) by post;\nc) attend.\n2. Guests\na) sign in.\n",
            ["1", "1(a)", "1(b)", "1(b)(i)", "1(b)(ii)", "1(c)", "2", "2(a)"], id="closing-bracket"),
    ],
)
def test_each_style_is_read_and_cited(text: str, expected: list[str]) -> None:
    assert units(text) == expected


def test_roman_and_letter_are_told_apart_by_their_sequence() -> None:
    letters = "".join(f"({c}) item {c};\n" for c in "abcdefgh")
    assert units(f"Rules\n\n1. One\n{letters}(i) item i;\n(j) item j.\n2. Two\n")[-4:] == ["1(h)", "1(i)", "1(j)", "2"]
    assert units("Rules\n\n1. One\n(g) seven;\n(h) eight;\n(i) one;\n(ii) two.\n2. Two\n")[-4:] == [
        "1(h)", "1(h)(i)", "1(h)(ii)", "2"]
    assert units("Rules\n\n1. One\n(a) first;\n(i) one;\n(ii) two;\n(b) second.\n2. Two\n") == [
        "1", "1(a)", "1(a)(i)", "1(a)(ii)", "1(b)", "2"]


def test_a_table_of_contents_is_front_matter() -> None:
    doc = read("Bylaws\n\nContents\nSection 1 Name ..... 2\nSection 2 Members ..... 3\n\n"
               "Section 1. Name. The name is X.\nSection 2. Members. Anyone may join.\n")
    assert [(r.id, r.line) for r in doc.rules] == [("1", 7), ("2", 8)]
    assert doc.coverage is not None and doc.coverage.unread == 0 and doc.coverage.layout == 4


def test_numbers_in_running_text_are_no_units() -> None:
    text = ("Rules\n\n1. Play\nIn 1990 the club began.\nSection 3 of the Act applies.\n2 players may sit.\n"
            "1990. A year.\n2. Pay\nIn a game, pay.\n")
    assert units(text) == ["1", "2"]


def test_tokens_are_described_by_style_not_family() -> None:
    samples = [t.style.sample for t in scan(
        ["ARTICLE II.", "Sec. 4-12. Noise.", "§ 2 Scope", "Law 3 - Ball", "(A) big", "a) small", "A.1 Form",
         "Annex B", "5.2.3.1 Checksum"])]
    assert samples == ["Article I", "Sec 1-1", "§ 1", "Law 1", "(A)", "a)", "A.1", "Annex A", "1.1.1.1"]


# --- honest errors and warnings ----------------------------------------------------


def test_a_document_without_numbered_units_keeps_its_errors(tmp_path: Path) -> None:
    assert infer_grammar("Dear members,\n\nsee you at noon.\n") is None
    assert read("Dear members,\n\nsee you at noon.\n").profile == "paragraphs"
    saved = tmp_path / "saved.yaml"
    saved.write_text("name: inferred\nrule: '^(?P<id>x)(?P<text>.*)$'\nnumbering: 'Section 1'\n", encoding="utf-8")
    prose = tmp_path / "prose.txt"
    prose.write_text("Dear members,\n\nsee you at noon.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(prose), "--profile", str(saved)])
    assert result.exit_code == 2 and "no numbered rules found" in result.output
    assert len(result.output.strip().splitlines()) == 1
    with pytest.raises(ParseError):
        parse(decode(b"Dear members,\n", "p.txt"), load_profile(str(saved)))


def test_a_wrong_numbering_key_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is not a numbering style"):
        parse_numbering("Section 1; hello")
    with pytest.raises(ConfigError, match="unknown numbering flag 'restart'"):
        parse_numbering("Article I; Section 1 < Article I, restart")


def test_a_misfit_names_the_lines_left_unread(tmp_path: Path) -> None:
    path = tmp_path / "code.txt"
    path.write_text(CODE, encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(path), "--profile", "outline"])
    assert result.stderr.startswith(f"warning: {path}: profile outline left 64% of its 11 non-blank lines unread (line 7: ")
    assert result.stderr.rstrip().endswith("; the numbering inferred from it reads it better (leave out --profile; "
                                           "parse -f yaml shows it)")


# --- the grammar as a profile -------------------------------------------------------


@pytest.mark.parametrize("text", [BYLAWS, CONSTITUTION, CODE])
def test_an_inferred_grammar_saved_as_a_profile_reads_the_same_units(tmp_path: Path, text: str) -> None:
    path = tmp_path / "doc.txt"
    path.write_text(text, encoding="utf-8")
    shown = CliRunner().invoke(main, ["parse", str(path), "-f", "yaml"])
    assert shown.exit_code == 0, shown.output
    data = yaml.safe_load(shown.output)
    saved = tmp_path / "saved.yaml"
    saved.write_text(yaml.safe_dump(data["grammar"], allow_unicode=True), encoding="utf-8")
    again = CliRunner().invoke(main, ["parse", str(path), "--profile", str(saved)])
    assert again.exit_code == 0, again.output
    before = [(i["id"], i["parent"], i["text"]) for i in data["items"]]
    assert [(i["id"], i["parent"], i["text"]) for i in json.loads(again.output)["items"]] == before


def test_a_preset_reads_what_it_reads_well_and_shows_no_grammar(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text("Rules\n\n1. Scope\n\n1.1 These rules apply.\n1.2 Play fair.\n", encoding="utf-8")
    data = json.loads(CliRunner().invoke(main, ["parse", str(path)]).output)
    assert data["profile"] == "outline" and "grammar" not in data


# --- generated numberings -------------------------------------------------------------

ROMAN = ["I", "II", "III", "IV"]
LETTERS = "abcd"
# Each style: how a number is printed at position n (1-based), and how the ID
# is built from the parent's ID (None at the top).
TOPS = {
    "Article {R} - TITLE": lambda n: ("ARTICLE " + ROMAN[n - 1] + " - GENERAL", ROMAN[n - 1]),
    "Section {n}.": lambda n: (f"Section {n}.", str(n)),
    "{n}.": lambda n: (f"{n}.", str(n)),
    "Rule {n} -": lambda n: (f"Rule {n} -", str(n)),
    "§ {n}": lambda n: (f"§ {n}", f"§ {n}"),
    "Chapter {n}": lambda n: (f"Chapter {n}", str(n)),
}
ITEMS = {
    "(a)": lambda n: (f"({LETTERS[n - 1]})", f"({LETTERS[n - 1]})"),
    "(1)": lambda n: (f"({n})", f"({n})"),
    "(i)": lambda n: (f"({ROMAN[n - 1].lower()})", f"({ROMAN[n - 1].lower()})"),
    "a)": lambda n: (f"{LETTERS[n - 1]})", f"({LETTERS[n - 1]})"),
    "(A)": lambda n: (f"({LETTERS[n - 1].upper()})", f"({LETTERS[n - 1].upper()})"),
    "1)": lambda n: (f"{n})", f"({n})"),
    "{n}.": lambda n: (f"{n}.", f".{n}"),
    "Section {n}.": lambda n: (f"Section {n}.", f".{n}"),
}


@st.composite
def numberings(draw: st.DrawFn) -> tuple[str, list[str]]:
    top = draw(st.sampled_from(sorted(TOPS)))
    depth = draw(st.integers(2, 4))
    bare = sorted(i for i in ITEMS if not i.startswith("Section"))
    items = draw(st.lists(st.sampled_from(bare), min_size=depth - 1, max_size=depth - 1, unique=True))
    if top == "{n}.":
        items = [i for i in items if i != "{n}."] or ["(a)"]
    if top in ("Article {R} - TITLE", "Chapter {n}", "Rule {n} -") and "{n}." not in items and draw(st.booleans()):
        items[0] = "Section {n}."  # a division in a division: ARTICLE I, then Section 1
    counts = [draw(st.integers(2, 3))] + [draw(st.integers(1, 3)) for _ in items]
    lines = ["Rules of the Club", ""]
    ids: list[str] = []

    def emit(level: int, parent: str | None) -> None:
        count = counts[level]
        for n in range(1, count + 1):
            printed, own = (TOPS[top] if level == 0 else ITEMS[items[level - 1]])(n)
            unit = own if parent is None else parent + own
            ids.append(unit)
            lines.append(f"{printed} Text of unit {len(ids)}.")
            if level + 1 <= len(items):
                emit(level + 1, unit)

    emit(0, None)
    return "\n".join(lines) + "\n", ids


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(numberings())
def test_generated_numberings_are_recovered_exactly(case: tuple[str, list[str]]) -> None:
    text, expected = case
    assert units(text) == expected


def test_inference_is_linear_in_the_document() -> None:
    """A long document of long lines: one bounded match per line."""
    body = "".join(f"Section {n}. {'word ' * 200}\n(a) {'x' * 5000}\n" for n in range(1, 2001))
    grammar = infer_grammar("Rules\n\n" + body)
    assert grammar is not None and spec_of(grammar) == "Section 1; (a)"


def test_two_releases_one_inferred_one_read_by_a_preset_are_read_alike() -> None:
    """A school's code of conduct written for this test after the inference
    was built (tests/fixtures/student-code): `PART II - CONDUCT` headings,
    `2.1` rules, `(a)` items, a running footer. The old release leaves 10.3%
    of its lines unread by the `outline` preset and is inferred; the new one
    9.7%, under the threshold. Read alike, the changelog is the five edits
    that were planted, with no heading removed and none glued to a rule."""
    import json

    from click.testing import CliRunner

    from ruldiff.cli.main import main

    fixtures = Path(__file__).parent / "fixtures" / "student-code"
    result = CliRunner().invoke(main, [str(fixtures / "old.txt"), str(fixtures / "new.txt"), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert "read with profile" not in result.stderr
    data = json.loads(result.stdout)
    assert data["new"]["date"] == "2025-01-06"  # "Adopted ..., amended January 6, 2025"
    kinds = {(c["old"], c["new"], c["kind"]) for c in data["changes"]}
    assert kinds == {
        ("1.3(c)", "1.3(c)", "changed"), ("2.2", "2.2", "changed"), (None, "2.4", "added"),
        ("3.1(b)", "3.1(b)", "changed"), (None, "3.1(c)", "added"), ("3.4", "3.4", "changed"),
        ("2.4", "2.5", "renumbered"), ("2.5", "2.6", "renumbered"), ("3.1(c)", "3.1(d)", "renumbered"),
    }
    assert "PART" not in json.dumps([c["edits"] for c in data["changes"]])  # no footer, no heading in a rule


def test_a_series_reads_its_releases_alike_as_diff_does(tmp_path: Path) -> None:
    """`history` and `trace` read a series as `diff` reads OLD and NEW: the
    release a preset reads is read again by the numbering inferred for the
    other (the student code above), so the step between them is the same
    changelog, cached under that reading."""
    from ruldiff.series.releases import Series
    from ruldiff.series.store import Store

    fixtures = Path(__file__).parent / "fixtures" / "student-code"
    paths = [str(fixtures / "old.txt"), str(fixtures / "new.txt")]
    for attempt in ("cold", "cached"):
        series = Series(lambda p: Path(p).read_bytes(), store=Store(tmp_path / "cache"))
        versions, _ = series.versions(paths)
        old, new = versions
        assert old.reading == "" and new.reading == series.document(old).numbering, attempt
        assert series.document(new).profile == "inferred"
        (step,) = series.steps(versions)
        counts = dict(step.counts)
        assert (counts.get("changed"), counts.get("added"), counts.get("renumbered")) == (4, 2, 3), attempt


def test_a_citation_of_another_act_is_no_reference_of_the_document() -> None:
    """An inferred numbering cites its units with a word before the number
    (``section 4-12(a)``, ``Law 1.5``); ``section 4 of the Harbour Act`` is
    another document's section, never a stale reference of this one."""
    old = ("Harbour Rules\n\nCHAPTER 1. MOORING\n\nSec. 1-1. Berths. A berth is let by the year. "
           "See section 1-2(a).\n\nSec. 1-2. Fees. Fees are due in March.\n(a) A late fee is ten pounds.\n"
           "(b) No fee is due under section 4 of the Harbour Act.\n\nSec. 1-3. Lights. Lights are lit at dusk.\n")
    new = old + "\nSec. 1-4. Buoys. No buoy is moved but under section 5 of the Harbour Act.\n"
    doc = read(new)
    assert doc.references is not None
    texts = " ".join(r.text for r in read(old).rules)
    assert [m.group("id") for m in doc.references.finditer(texts)][:1] == ["1-2(a)"]
    assert [m.group("id") for m in doc.references.finditer("Sec. 1-3, section 1-2(b).")] == ["1-3", "1-2(b)"]
    from ruldiff.diff.pipeline import compare

    comparison = compare(read(old), doc)
    assert comparison.stale == ()  # 1-2(a) still holds the late fee; the Act is not this code


def test_a_chapter_citing_another_chapter_of_its_code_flags_no_stale_reference() -> None:
    """Chapter 8 of a code cites ``section 4-25`` (the animal chapter) and
    ``chapter 32`` (zoning): numbers neither version holds, nor any division
    above them, outside the chapter's own numbers. Nothing here tells whether
    they are stale, so nothing is said; a section of chapter 8 that no longer
    exists still is."""
    from ruldiff.diff.pipeline import compare

    old = ("CHAPTER 8. NOISE\n\nSec. 8-1. Hours. Quiet hours are set under chapter 32.\n\n"
           "Sec. 8-2. Animals. No dog may bark at night. See also section 4-25.\n\n"
           "Sec. 8-3. Fines. A fine is set by section 8-2.\n\nSec. 8-4. Appeals. Appeals go to the council.\n")
    new = old.replace("Fines. A fine is set by section 8-2.", "Fines. A fine is set by section 8-2 and section 8-9.")
    comparison = compare(read(old), read(new))
    assert [(rule, refs) for rule, refs, _ in comparison.stale] == [("8-3", ("section 8-9",))]


def test_a_number_that_restarts_under_its_law_is_cited_after_it() -> None:
    text = ("Laws of Quoits\n\nLaw 1 - The Pitch\n1. The pitch is flat.\n2. See Law 2.1.\n"
            "Law 2 - The Quoits\n1. Quoits are iron.\n2. See Law 1.2 and Law 1.\n")
    doc = read(text)
    assert [r.id for r in doc.rules][:3] == ["1", "1.1", "1.2"]
    assert doc.references is not None
    assert [m.group("id") for m in doc.references.finditer(doc.rules[-1].text)] == ["1.2", "1"]


def test_a_schedule_after_a_section_with_text_is_a_division_of_its_own() -> None:
    """`§ 2. Fees. Each ...` has text of its own: `Schedule A` after it is
    not nested in it (as `Section 1` is in `ARTICLE I - NAME`)."""
    text = ("Harbour Code\n\n§ 1. Berths. A berth is let by the year.\n(a) In March.\n"
            "§ 2. Fees. Each member pays a fee.\n\nSchedule A - Forms\n\nA.1 The form is white.\n"
            "A.2 The form is signed.\n")
    assert units(text) == ["§ 1", "§ 1(a)", "§ 2", "Schedule A", "A.1", "A.2"]  # lettered: cited with its word


def test_a_number_of_several_parts_never_starts_again_under_its_prefix() -> None:
    """A reference wrapped to a line start (`Section 1.01.` after `1.03`) is
    text of the unit above, not a second `1.01`."""
    text = ("Bylaws\n\nArticle I - Name\n\nSection 1.01 Name. The club is X.\nSection 1.02 Seat. It sits in Y.\n"
            "Section 1.03 Aims. It aims at Z, as set out in\nSection 1.01.\n\nArticle II - Members\n\n"
            "Section 2.01 Joining. Anyone may join.\n")
    assert units(text) == ["I", "1.01", "1.02", "1.03", "II", "2.01"]


def test_a_preset_that_reads_most_of_a_document_as_front_matter_gives_way() -> None:
    """`outline` finds its first rule at the appendix and takes the code
    above it for front matter (no line unread): more layout than rules, so
    the numbering inferred from the document reads it."""
    body = "".join(f"PART {p} - PART {p}\n\n" + "".join(
        f"{p}-{100 + r}. The keeper keeps record {r} of part {p}.\n" for r in range(1, 5)) for p in range(1, 4))
    text = f"Harbour Code\n\nEffective 1 March 2024.\n\n{body}Annex A - Forms\n\nA.1 Forms are white.\nA.2 In ink.\n"
    doc = read(text)
    assert doc.profile == "inferred"
    assert [r.id for r in doc.rules][:3] == ["1", "1-101", "1-102"]


# --- run-in titles ------------------------------------------------------------

TITLED = (
    "Town Code\n\nCHAPTER 4. NUISANCES\n\n"
    "Sec. 4-1. Noise. No person shall play music after ten.\n"
    "Sec. 4-2. Dogs. No dog may bark at night.\n"
    "Sec. 4-3. Burning of leaves. Leaves are burnt in October. See Sec. 4-2.\n"
    "Sec. 4-4. Fees. A fee is due for each permit.\n"
)


def test_a_run_in_title_is_the_units_title_not_its_text() -> None:
    doc = read(TITLED)
    rules = {r.id: r for r in doc.rules}
    assert (rules["4-1"].title, rules["4-1"].text) == ("Noise.", "No person shall play music after ten.")
    assert (rules["4-3"].title, rules["4-3"].text) == ("Burning of leaves.", "Leaves are burnt in October. See Sec. 4-2.")
    # ... and so the outputs show it: a field of the item in JSON, bracketed in the outline.
    items = {i["id"]: i for i in document_json(doc)["items"]}
    assert items["4-1"]["title"] == "Noise." and items["4-1"]["text"] == "No person shall play music after ten."
    assert "title" not in items["4"]
    assert "  4-1  [Noise.] No person shall play music after ten." in render_document(doc, "text")


def test_a_new_title_and_new_text_are_told_apart() -> None:
    from ruldiff.diff.pipeline import compare

    new = TITLED.replace("Noise. No person", "Loud music. No person").replace("bark at night", "bark after dark")
    changes = {c.new.id: c for c in compare(read(TITLED), read(new)).changes if c.new is not None}
    # The edits of 4-1 are all in its title, on a line of its own in what is diffed; 4-2's in its text.
    edited = [e.text for e in changes["4-1"].edits if e.op is not Op.EQUAL]
    assert "".join(edited).strip() in ("NoiseLoud music", "Loud musicNoise") and not any("\n" in t for t in edited)
    assert changes["4-1"].new is not None and changes["4-1"].new.text == "No person shall play music after ten."
    assert changes["4-2"].new is not None and changes["4-2"].new.title == "Dogs."
    assert changes["4-2"].new.text.startswith("No dog may bark after dark.")


def test_a_short_first_sentence_is_text_when_most_units_have_none() -> None:
    # "Fees." opens one unit of four: a short sentence, not the document's titles.
    doc = read(
        "Club Rules\n\nSection 1. Members pay dues every year on the first of May.\n"
        "Section 2. Fees. A fee is due for each guest brought to the club.\n"
        "Section 3. A fee is due. It is paid at the bar.\n"
        "Section 4. The committee may waive any fee for good cause.\n"
    )
    assert [r.text for r in doc.rules][1:3] == [
        "Fees. A fee is due for each guest brought to the club.", "A fee is due. It is paid at the bar."]


# --- references wrapped to the start of a line ---------------------------------

WRAPPED_REFERENCES = (
    "Town Code\n\nCHAPTER 1. ANIMALS\n\n"
    "Sec. 1-1. Dogs. No dog may bark at night. An appeal lies under\nSec. 1-3.\n"
    "Sec. 1-2. Cats. No cat may sing after ten. As provided in Article II,\nSection 5. Cats may purr.\n"
    "Sec. 1-3. Fees. A fee is due. Nothing limits section\n4-19 of the Road Traffic Act.\n"
    "Sec. 1-4. Birds. A bird may sing.\n"
)


def test_a_number_after_a_line_that_leads_into_it_is_a_reference_not_a_unit() -> None:
    doc = read(WRAPPED_REFERENCES)
    assert [r.id for r in doc.rules] == ["1", "1-1", "1-2", "1-3", "1-4"]
    rules = {r.id: r for r in doc.rules}
    assert rules["1-1"].text == "No dog may bark at night. An appeal lies under Sec. 1-3."
    assert rules["1-2"].text.endswith("As provided in Article II, Section 5. Cats may purr.")
    assert rules["1-3"].text.endswith("Nothing limits section 4-19 of the Road Traffic Act.")


def test_a_title_ending_in_a_citing_word_is_no_lead() -> None:
    # "Playing Rules" and a short heading of its own end in words a reference may follow.
    doc = read(
        "League Handbook\n\nSection 1. Playing Rules\n1.1 Games start at noon.\n1.2 Games end at dusk.\n\n"
        "Section 2. Fees and charges\n\nUse of club parts\n2.1 Members pay dues.\n2.2 Guests pay a fee.\n"
    )
    assert [r.id for r in doc.rules if r.kind is not RuleKind.SECTION] == ["1.1", "1.2", "2.1", "2.2"]


def test_an_appendix_after_a_wrapped_unit_is_not_nested_in_it() -> None:
    # The first line of 5-3 ("Forfeits. A student who fails to") is no title: the schedule is a division.
    doc = read(
        "Code\n\nCHAPTER 5. GAMES\n\nSec. 5-1. Play. Each team plays.\nSec. 5-2. Rest. Each team rests.\n"
        "Sec. 5-3. Forfeits. A student who fails to\nkeep the card may be fined.\nSchedule A - Sample Notice\n\n"
        "A.1 The notice is white.\nA.2 It is signed.\n"
    )
    assert [r.id for r in doc.rules][-3:] == ["Schedule A", "A.1", "A.2"]
    assert {r.id: r.parent for r in doc.rules}["Schedule A"] is None


def test_numbers_that_carry_their_divisions_letter() -> None:
    # University regulations: Part A holds A1, A2, whose rules are A1.1, A1.2 ...
    doc = read(
        "Regulations\n\nPART A  GENERAL\n\nA1  Application\nA1.1  These apply to all.\nA1.2  Senate may vary them.\n\n"
        "A2  Definitions\nA2.1  A credit is ten hours.\n\nPART B  ASSESSMENT\n\nB1  Marks\nB1.1  The pass mark is 40.\n"
        "B1.2  A student may resit once:\n(a) in August; or\n(b) with the next cohort.\n"
    )
    assert [r.id for r in doc.rules] == [
        "Part A", "A1", "A1.1", "A1.2", "A2", "A2.1", "Part B", "B1", "B1.1", "B1.2", "B1.2(a)", "B1.2(b)"]
    assert doc.numbering == "Part A, with its word; A1; A1.1; (a)"
    again = parse(decode(b"Regs\n\nPART A  X\n\nA1  Y\nA1.1  Z.\n", "r.txt"), grammar_profile(parse_numbering(doc.numbering)))
    assert [r.id for r in again.rules] == ["Part A", "A1", "A1.1"]


def test_a_heading_whose_number_the_sections_carry_is_a_unit() -> None:
    # One chapter (9, 9-10) and one title/article (33-14-101): numbers past the usual gap, printed once,
    # and the articles of the one chapter are cited I, II (not 9.I: nothing shows them restarting).
    code = read(
        "Town Code\n\nCHAPTER 9. TRAFFIC\n\nARTICLE I. IN GENERAL\n\nSec. 9-1. Scope. This applies.\n"
        "Sec. 9-2. Fines. Fines are due.\n\nARTICLE II. PARKING\n\nSec. 9-10. Hydrants. No parking.\n"
    )
    assert [r.id for r in code.rules] == ["9", "I", "9-1", "9-2", "II", "9-10"]
    statute = read(
        "TITLE 33\nPARKS\n\nARTICLE 14\nBoating\n\nPART 1\nGENERAL\n\n33-14-101. Title. This is the Boating Act.\n"
        "33-14-102. Scope. It applies to vessels.\n"
    )
    assert [r.id for r in statute.rules] == ["33", "14", "1", "33-14-101", "33-14-102"]
    # "Effective 1 March 2024." is no heading, though 1-101 carries a 1.
    dated = read("Code\n\nEffective 1 March 2024.\n\nPART 1 - GENERAL\n\n1-101. X.\n1-102. Y.\n\nPART 2 - MORE\n\n2-101. Z.\n")
    assert [r.id for r in dated.rules] == ["1", "1-101", "1-102", "2", "2-101"]


# --- styles of regulations, acts and canons (issue #26, hand-written set 2) ---


def test_a_number_closed_by_a_dash_or_a_colon_is_a_unit() -> None:
    # Federal style: "PART 7—TITLE", "Subpart A—Title"; canons: "CANON 2: Of the Wardens".
    doc = read("PART 7—MOORINGS\n\nSubpart A—General\n\n§ 7.1 Scope.\n(a) All berths.\n§ 7.2 Fees.\n\n"
               "Subpart B—Winter\n\n§ 7.10 Storage.\n")
    assert [r.id for r in doc.rules] == ["7", "Subpart A", "§ 7.1", "§ 7.1(a)", "§ 7.2", "Subpart B", "§ 7.10"]
    canons = read("Canons\n\nTITLE I\nOF PARISHES\n\nCANON 1: Of Vestries\nSec. 1. A vestry meets.\nSec. 2. It keeps minutes.\n"
                  "CANON 2: Of Wardens\nSec. 1. Two wardens serve.\n\nTITLE II\nOF CLERGY\n\nCANON 1: Of Curates\n"
                  "Sec. 1. A curate assists.\n")
    assert [r.id for r in canons.rules] == ["I", "I.1", "I.1.1", "I.1.2", "I.2", "I.2.1", "II", "II.1", "II.1.1"]


def test_a_paragraph_run_in_after_its_regulations_number_is_a_unit_of_its_own() -> None:
    # UK style: "3.—(1) Text" is regulation 3 and its paragraph (1); "4." has no paragraphs.
    text = ("The Moorings Regulations\n\n1.—(1) These Regulations apply to the harbour.\n(2) They apply all year.\n"
            "2. Berths are let by the year.\n3.—(1) A keeper must register.\n(2) A register states—\n"
            "(a) the name; and\n(b) the berth.\n")
    doc = read(text)
    assert [r.id for r in doc.rules] == ["1", "1(1)", "1(2)", "2", "3", "3(1)", "3(2)", "3(2)(a)", "3(2)(b)"]
    rules = {r.id: r for r in doc.rules}
    assert rules["3(1)"].text == "A keeper must register." and rules["3"].text == ""


def test_a_number_inserted_after_another_is_in_sequence() -> None:
    # "Article 5a" between 5 and 6; "4A." between 4. and 5.
    articles = ("Regulation\n\nArticle 4\nScope\n1. It applies.\n\nArticle 5\nMarking\n1. Mark it.\n2. Keep it.\n\n"
                "Article 5a\nReturns\n1. Return it as Article 5(2) says.\n\nArticle 6\nReview\n1. Review it.\n")
    assert [r.id for r in read(articles).rules] == ["4", "4(1)", "5", "5(1)", "5(2)", "5a", "5a(1)", "6", "6(1)"]
    regs = "Regulations\n\n3. Keepers register.\n4. Changes are notified.\n4A. Returns are sent.\n5. Disease is notified.\n"
    assert [r.id for r in read(regs).rules] == ["3", "4", "4A", "5"]


def test_a_title_on_the_line_above_a_number_is_that_units_title() -> None:
    # UK style: each regulation's title stands alone above its number. Read as the end of the
    # regulation before, a regulation inserted with its title would change that one too.
    old = ("The Moorings Regulations\n\nCitation\n1. These are the Moorings Regulations.\n\nBerths\n2. Berths are let.\n\n"
           "Fees\n3. Fees are paid.\n\nOffences\n4. Breach is an offence.\n")
    new = old.replace("\n\nFees\n", "\n\nKeys\n2A. Keys are issued.\n\nFees\n")
    doc = read(old)
    titles = {r.id: r.title for r in doc.rules}
    assert titles == {"1": "Citation", "2": "Berths", "3": "Fees", "4": "Offences"}
    assert doc.rules[1].text == "Berths are let." and "Citation" not in doc.intro
    from ruldiff.diff.pipeline import compare

    changes = compare(doc, read(new)).changes
    assert [(c.kind.value, c.new.id if c.new else None) for c in changes if c.kind.value != "unchanged"] == [("added", "2A")]
    # One short line above one number is the end of the unit before it.
    single = read("Rules\n\n1. Boats are moored.\n\nIn winter\n2. Fees are paid.\n")
    assert single.rules[0].text.endswith("In winter") and single.rules[1].title == ""


def test_a_closing_block_of_signatures_is_no_part_of_the_last_unit() -> None:
    # A name, an office and a date below the last regulation: signed anew, they change no regulation.
    old = ("The Moorings Regulations\n\nCitation\n1. These are the Moorings Regulations.\n\nBerths\n2. Berths are let.\n\n"
           "Revocation\n3. The 1998 Regulations are revoked.\n\nA. Byrne\nMinister for Harbours\n1st May 2026\n")
    doc = read(old)
    assert doc.rules[-1].text == "The 1998 Regulations are revoked."
    assert doc.coverage is not None and (doc.coverage.layout, doc.coverage.unread) == (4, 0)  # the title, the three lines below
    from ruldiff.diff.pipeline import compare

    changes = compare(doc, read(old.replace("1st May 2026", "2nd June 2026"))).changes
    assert all(c.kind.value == "unchanged" for c in changes)
    # A last rule's list whose items end no sentence stays its text.
    listed = read("Rules\n\n1. Boats are moored.\n\n2. Fees are paid:\n\nin cash\nby card\n")
    assert listed.rules[-1].text.endswith("in cash by card")


def test_a_section_number_wrapped_from_a_citation_drops_no_article() -> None:
    # Hard-wrapped bylaws whose units are the sections, numbered again in
    # each article. Two citations wrap before their number: "... Article
    # III," / "Section 2." and "... under Article I, Section" / "1. See ...".
    # Neither number starts a unit, and no article is taken for front matter
    # before a rule that is not one (found after the first two articles, the
    # "1." made the reading start at Article III).
    text = (
        "OTTER CLUB BYLAWS\n\nEffective May 1, 2026.\n\n"
        "ARTICLE I. NAME\n\n"
        "Section 1. The club is called the Otter Club and meets at the old mill\n"
        "by the river.\n"
        "Section 2. Its colours are blue and silver. This is subject to Article III,\n"
        "Section 2.\n"
        "Section 3. The club seal is kept by the secretary.\n"
        "ARTICLE II. MEMBERS\n\n"
        "Section 1. Anyone who can swim fifty yards may join the club after a\n"
        "trial swim.\n"
        "Section 2. Members pay dues each spring. An appeal lies under Article I, Section\n"
        "1. See also the rules of the mill.\n"
        "ARTICLE III. MEETINGS\n\n"
        "Section 1. The club meets on the first Monday of each month.\n"
        "Section 2. Ten members are a quorum at any meeting of the club.\n"
    )
    doc = read(text)
    assert [r.id for r in doc.rules] == ["I", "I.1", "I.2", "I.3", "II", "II.1", "II.2", "III", "III.1", "III.2"]
    rules = {r.id: r for r in doc.rules}
    assert rules["I.2"].text.endswith("subject to Article III, Section 2.")
    assert rules["II.2"].text.endswith("Article I, Section 1. See also the rules of the mill.")


# --- labels of two words (session 23: standing orders) -----------------------

STANDING_ORDERS = (
    "RIVERTON PARISH COUNCIL\n\nSTANDING ORDERS\n\n"
    "STANDING ORDER 1 – MEETINGS\n\n"
    "(1)  The council meets monthly.\n"
    "(2)  An extra meeting may be called by the chair.\n\n"
    "STANDING ORDER 2 – QUORUM\n\n"
    "(1)  Three members are a quorum.\n"
    "(2)  Without a quorum the meeting stands adjourned, and—\n"
    "     (a)  the business is taken at the next meeting; or\n"
    "     (b)  the chair fixes another date.\n\n"
    "STANDING ORDER 3 – MOTIONS\n\n"
    "(1)  A motion lapses as Standing Order 2(2)(a) says, or as S.O. 1(2) allows.\n"
)


def test_a_label_of_two_words_numbers_the_units() -> None:
    """"STANDING ORDER 2 – QUORUM" is a unit like "ARTICLE II - QUORUM": a
    label may be two capitalised words written alike; its paragraphs are
    cited after it, and so are its citations, the label's initials too."""
    assert units(STANDING_ORDERS) == ["1", "1(1)", "1(2)", "2", "2(1)", "2(2)", "2(2)(a)", "2(2)(b)", "3", "3(1)"]
    doc = read(STANDING_ORDERS)
    assert doc.numbering == "Standing Order 1; (1); (a)"
    assert [r.id for r in doc.rules][:3] == ["1", "1(1)", "1(2)"]
    assert doc.references is not None
    rule = next(r for r in doc.rules if r.id == "3(1)")
    from ruldiff.documents.citations import cited

    assert [cited(m) for m in doc.references.finditer(rule.text)] == ["2(2)(a)", "1(2)"]


def test_a_label_of_two_words_in_title_case() -> None:
    text = STANDING_ORDERS.replace("STANDING ORDER", "Standing Order")
    assert units(text)[:4] == ["1", "1(1)", "1(2)", "2"]
    assert parse_numbering(spec_of(infer_grammar(text))) == infer_grammar(text)  # saved and read back


def test_two_words_written_unalike_or_cited_in_a_sentence_are_no_label() -> None:
    """A label's two words are written alike: "Under section 3." is no
    label, nor is a label followed by a lower-case word (a citation)."""
    assert scan(["Under section 3. Text."]) == []
    assert scan(["Standing Order 3 provides that members vote."]) == []
    assert [t.style.label for t in scan(["Standing Order 3. Voting."])] == ["standing order"]


def test_a_date_in_a_running_header_is_no_number() -> None:
    """"TOWN RULES    2024-02-01": a header's date, not section 2024-02-01
    under a label "TOWN RULES"; a code's hyphenated sections still are."""
    assert scan(["TOWN RULES    2024-02-01"]) == []
    assert [t.number for t in scan(["Sec. 33-14-101. Scope."])] == ["33-14-101"]
    text = "TOWN RULES    2024-02-01\n\nRule 1. One.\nRule 2. Two.\n"
    assert units(text) == ["1", "2"]


# --- codes with room between them (session 23: a board's policy manual) --------

POLICIES = (
    "Board Policy Manual\n\n"
    "BP 4020 – Visitors\n\nVisitors sign in at the office.\n\n"
    "BP 4112 – Admission\n\n1.  A child of five may enrol.\n\n2.  A parent shows:\n\n"
    "    a.  proof of age; and\n\n    b.  proof of address, as BP 4141.3 asks.\n\n"
    "BP 4116.1 – Transfers\n\n1.  A parent may ask for a transfer.\n\n"
    "BP 4131 – Conduct\n\nStudents behave.\n\n"
    "BP 4141.21 – Medicines\n\n1.  The nurse keeps them.\n\n"
    "BP 4141.3 – Health Examinations\n\n1.  Each child is examined.\n\n"
    "BP 4144 – Discipline\n\n1.  See BP 4131.\n"
)


def test_policy_codes_with_room_between_them_number_the_units() -> None:
    """A manual numbers its policies by codes with gaps between them (BP
    4020, BP 4112): each a heading with its label and title, each greater
    than the one before, read as a code (4141.21 before 4141.3). The codes
    of two parts are IDs of their own, not clashing with those of one."""
    assert [u for u in units(POLICIES) if u[0].isdigit()] == [
        "4020", "4112", "4112.1", "4112.2", "4116.1", "4116.1.1", "4131",
        "4141.21", "4141.21.1", "4141.3", "4141.3.1", "4144", "4144.1",
    ]
    assert spec_of(infer_grammar(POLICIES)).startswith("Bp 1; 1., restarting")


def test_numbers_that_jump_are_still_no_codes_without_their_headings() -> None:
    """A labelled number that jumps far is a unit only as a heading with
    its title: "Rule 120 applies ..." lines are sentences, not codes."""
    text = "Rules\n\nRule 1. Start.\nRule 2. Play.\nRule 120 applies to every game.\nRule 3. End.\n"
    assert units(text) == ["1", "2", "3"]


def test_a_citation_wrapped_to_a_line_start_is_no_label_of_two_words() -> None:
    """"See Section 4.01." alone on a line is a sentence's end, not a unit
    labelled "See Section" (found by generator seed 927880201, family 165)."""
    assert scan(["See Section 4.01."]) == []
    assert scan(["Under Article 3. Text."]) == []


def test_definitions_numbered_before_the_sections_keep_their_numbers() -> None:
    """A policy numbers its definitions 1.-3. before its first section, and
    the paragraphs of each part 1., 2. again: the part's are cited after the
    part (I.A.1), the definitions alone (1), not 1#2."""
    text = (
        "Policy\n\nDEFINITIONS\n\n1.  \"Home\" means the house.\n\n2.  \"You\" means the holder.\n\n"
        "3.  \"We\" means the insurer.\n\n"
        "SECTION I – PROPERTY\n\nA.  Coverage A – Home\n\n    1.  We cover the home.\n\n    2.  Land is not covered.\n\n"
        "B.  Coverage B – Sheds\n\n    1.  We cover sheds.\n\n"
        "SECTION II – LIABILITY\n\nA.  Coverage E – Liability\n\n    1.  We pay damages.\n"
    )
    assert units(text) == ["1", "2", "3", "I", "I.A", "I.A.1", "I.A.2", "I.B", "I.B.1", "II", "II.A", "II.A.1"]


# --- paragraphs numbered by a bare number (session 23: a Swiss association's statutes) ----

STATUTES = (
    "STATUTES\n\nI. NAME AND PURPOSE\n\n"
    "Art. 1 Name\n1 The Club is an association under the Civil Code.\n2 Its seat is in Bern.\n\n"
    "Art. 2 Purpose\n1 The Club promotes rowing. In particular, it:\na) holds regattas;\nb) trains coxes.\n"
    "2 It seeks no profit.\n\n"
    "II. MEMBERS\n\nArt. 3 Members\n1 Any rower may join.\n2 The Board admits members.\n3 Members pay\n"
    "  40 Francs a year.\n"
)


def test_paragraphs_numbered_by_a_bare_number_are_units() -> None:
    """Statutes written the Swiss or German way number each article's
    paragraphs 1, 2, 3 with no period after the number; read as units when
    the document numbers its paragraphs so throughout, cited as the
    document cites them ("Art. 2 para. 1" is 2(1))."""
    assert units(STATUTES) == ["I", "1", "1(1)", "1(2)", "2", "2(1)", "2(1)(a)", "2(1)(b)", "2(2)", "II", "3",
                               "3(1)", "3(2)", "3(3)"]
    grammar = infer_grammar(STATUTES)
    assert spec_of(grammar) == "I.; Art 1; 1; a)"
    assert parse_numbering(spec_of(grammar)) == grammar  # saved as a profile and read back


def test_a_bare_number_in_running_text_is_still_no_unit() -> None:
    """"2 players may sit" at a line's start, and a wrapped line starting
    "40 Francs", number nothing: without paragraphs numbered so throughout
    a bare number is text, and a line that goes on a sentence is no
    paragraph."""
    text = "Rules\n\nRule 1. Seats.\n2 Players may sit at each table.\nRule 2. Dice.\nEach player has\n3 Dice.\n"
    assert units(text) == ["1", "2"]
    assert "40" not in " ".join(units(STATUTES))


# --- canon law's numbering (session 23: a religious order's constitutions) ----------

CANONS = (
    "CONSTITUTIONS\n\nPART I – THE MEMBERS\n\nTITLE I – ADMISSION\n\n"
    "Can. 1 The Institute admits women of sound health.\n\n"
    "Can. 2 §1. Before admission a candidate shall present:\n    1° a certificate of baptism;\n"
    "    2° a report on her health.\n§2. The Provincial may ask for more.\n\n"
    "TITLE II – VOWS\n\nCan. 3 The vows are made for life.\n\n"
    "PART II – GOVERNMENT\n\nTITLE I – THE CHAPTER\n\nCan. 4 §1. The Chapter meets every six years.\n"
    "§2. It elects the Moderator.\n"
)


def test_canon_law_s_paragraphs_run_in_and_items_in_degrees_are_units() -> None:
    """A canon's first paragraph runs in on the canon's line ("Can. 2 §1.")
    and belongs to it, its items are numbered 1°, 2°, and its titles start
    again in each part: each a unit, cited after the one it stands in."""
    assert units(CANONS) == ["I", "I.I", "1", "2", "2.§ 1", "2.§ 1(1)", "2.§ 1(2)", "2.§ 2", "I.II", "3",
                             "II", "II.I", "4", "4.§ 1", "4.§ 2"]
    assert "1°" in spec_of(infer_grammar(CANONS))


# A code whose provisions (R2.1, R2.1.1) hold numbered exception items
# ("1.", "2.") that restart in each provision: written for this test.
EXCEPTIONS = (
    "SECTION R2\nLANTERNS\n\n"
    "R2.1 Height. A lantern hangs at least 7 feet above the path.\n"
    "Exceptions:\n1. Lanterns over a private garden.\n2. Lanterns on a porch.\n"
    "R2.1.1 Mounting. Each lantern is mounted on a bracket.\n"
    "R2.1.2 Glass. Each lantern has tempered glass.\n"
    "R2.2 Fuel. Lanterns burn oil.\n"
    "Exceptions:\n1. Electric lanterns.\n"
    "R2.2.1 Storage. Oil is stored in a shed.\n"
)


def test_items_restarting_under_a_provision_of_several_parts_do_not_take_its_subprovisions_numbers() -> None:
    """An item "1." under R2.1 is R2.1(1), not R2.1.1, the provision after
    it; and R2.1.1, by its number, is R2.1's, not the item's."""
    doc = read(EXCEPTIONS)
    assert [(r.id, r.parent) for r in doc.rules] == [
        ("R2", None), ("R2.1", "R2"), ("R2.1(1)", "R2.1"), ("R2.1(2)", "R2.1"), ("R2.1.1", "R2.1"),
        ("R2.1.2", "R2.1"), ("R2.2", "R2"), ("R2.2(1)", "R2.2"), ("R2.2.1", "R2.2"),
    ]


def test_an_exception_inserted_renumbers_the_exceptions_only() -> None:
    """A third exception inserted first under R2.1: the two items after it
    are renumbered, R2.1.1 and R2.1.2 are not."""
    from ruldiff.diff.pipeline import compare

    new = EXCEPTIONS.replace("Exceptions:\n1. Lanterns over", "Exceptions:\n1. Lanterns in a mine.\n2. Lanterns over") \
        .replace("2. Lanterns on a porch.", "3. Lanterns on a porch.")
    result = compare(read(EXCEPTIONS), read(new))
    kinds = {(c.old.id if c.old else None, c.new.id if c.new else None): c.kind.value for c in result.changes}
    assert kinds == {(None, "R2.1(1)"): "added", ("R2.1(1)", "R2.1(2)"): "renumbered", ("R2.1(2)", "R2.1(3)"): "renumbered"}
