"""diff/references.py (issues #26 item 5, #27 item 5): which references name
this document, cross-references inside sub-items, and the possibly stale
references of added rules. Invented documents only."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from helpers import doc, layout

from ruldiff.cli.main import main
from ruldiff.diff.pipeline import compare
from ruldiff.diff.references import References, Targets, repairs_references
from ruldiff.diff.runs import runs
from ruldiff.documents.citations import citation_syntax, cited
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import profile_from_mapping
from ruldiff.editorial.check import check_document
from ruldiff.documents.read import decode
from ruldiff.model import Comparison, Document, Edit, Op
from ruldiff.outputs.jsonout import to_json
from ruldiff.outputs.schema import schema


def read(text: str, path: str = "t.txt") -> Document:
    return parse(decode(text.encode("utf-8"), path))


def by_new(c: Comparison) -> dict[str, object]:
    return {ch.new.id: ch for ch in c.changes if ch.new}


# --- references to other documents ---------------------------------------------------


@pytest.mark.parametrize(
    "text, printed, other",
    [
        ("Fees follow section 12-7 of the Public Health Act.", "section 12-7", True),
        ("Boats follow § 5(b) of the Coastal Code.", "§ 5(b)", True),
        ("This is read with article 5 of the Treaty.", "article 5", True),
        ("As rule 5 of Chapter 3 says.", "rule 5", True),
        ("As rule 3.2(b) of Chapter 3 says.", "rule 3.2", True),  # the sub-items the syntax left out
        ("See CR 184.6.", "184.6", True),
        ("see the Comprehensive Rules, rule 601", "rule 601", True),
        ("Directive 2003/88/EC, article 7, sets the hours.", "article 7", True),
        ("Regulation (EU) 2016/679, Article 6(1), applies.", "Article 6(1)", True),
        # This document, named or not:
        ("See rule 5 of the Harbour Mooring Regulation.", "rule 5", False),
        ("See rule 5 of these rules.", "rule 5", False),
        ("See rule 5, which the Act of 1990 replaced.", "rule 5", False),
        ("Under rule 5 the fee is due.", "rule 5", False),
        ("Create a Zombie 2/2 token, then see rule 5.", "rule 5", False),  # no year: a creature, no document
        ("Ordinance 2004/17, section 3, applies.", "section 3", True),
        # "of" a lower-case phrase names no document; the act's number earlier still does:
        ("Directive 2003/88/EC, article 7 of this directive, sets the hours.", "article 7", True),
        # A year beside a slash is a document's number only after a name and a number on both sides:
        ("Division B 2025/26 plays under rule 5.", "rule 5", False),  # a letter, no name
        ("Players in eSports 2024/25 follow rule 5.", "rule 5", False),  # no word starts at the capital
        ("From January 2025/February 2025, rule 5 applies.", "rule 5", False),  # two dates, no number after
        ("Fees for Spring /2025 follow rule 5.", "rule 5", False),  # no number before
    ],
)
def test_a_reference_tied_to_another_act_names_another_document(text: str, printed: str, other: bool) -> None:
    refs = References({}, set(), None, "Harbour Mooring Regulation", {}, {})
    assert refs.other_document(text, text.index(printed), printed) is other


@pytest.mark.parametrize("text, in_range", [("Rules 701.1 to 702.4 apply.", True), ("Rules 701.1 to702.4 apply.", False)])
def test_a_number_ends_a_range_only_after_the_word_to_and_a_space(text: str, in_range: bool) -> None:
    """A range ("701.1 to 702.4") covers its rules whatever their numbers;
    "to702.4", read by a profile's own reference syntax, is no range's end."""
    assert References.in_range(text, text.index("702.4"), "702.4") is in_range


# --- sub-items, in each numbering ----------------------------------------------------

CODE = """Town Parking Code

Sec. 7-301. Definitions.
(a) A permit is a card the town clerk issues to a resident.
(b) A resident is a person who lives in the town.
Sec. 7-304. Permits.
(a) The clerk issues permits.
{items}
(b) A lost permit is replaced for a fee.
Sec. 7-305. Penalties.
(a) Parking without a permit is an offence, except as section 7-304(a)({bay}) allows.
(b) Fines are set under section 12-7 of the Public Health Act, not under section 7-304(a)({year}).
(c) Clamping follows CR 184.6, Directive 2003/88/EC and Regulation (EU) 2016/679.
"""
ITEMS_OLD = "(1) A permit lasts one year.\n(2) A permit holder may park in any marked bay."
ITEMS_NEW = "(1) A permit must be applied for in writing.\n(2) A permit lasts one year.\n(3) A permit holder may park in any marked bay."


def test_a_code_read_by_an_inferred_grammar_cites_its_sub_items() -> None:
    """(a)(1) is inserted: old (a)(1), (a)(2) become (a)(2), (a)(3). The
    citation updated from (a)(2) to (a)(3) is a cross-reference; the one left
    at (a)(1) is stale; the Public Health Act's section and CR 184.6 are not
    this code's."""
    old = read(CODE.format(items=ITEMS_OLD, bay="2", year="1"))
    new = read(CODE.format(items=ITEMS_NEW, bay="3", year="1"))
    assert new.profile == "inferred"
    c = compare(old, new)
    assert [(r.old, r.new) for r in c.renumbering] == [("7-304(a)(1)-7-304(a)(2)", "7-304(a)(2)-7-304(a)(3)")]
    assert by_new(c)["7-305(a)"].tags == ("cross-reference",)  # type: ignore[attr-defined]
    assert c.stale == (("7-305(b)", ("section 7-304(a)(1)",), ("7-304(a)(2)",)),)


def test_a_citation_left_at_an_old_sub_item_is_stale() -> None:
    old = read(CODE.format(items=ITEMS_OLD, bay="2", year="2"))
    new = read(CODE.format(items=ITEMS_NEW, bay="2", year="3"))
    c = compare(old, new)
    assert c.stale == (("7-305(a)", ("section 7-304(a)(2)",), ("7-304(a)(3)",)),)
    assert by_new(c)["7-305(b)"].tags == ("cross-reference",)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "ids, text, cited",
    [
        (["7-301", "7-304(a)(1)"], "as section 7-304(a)(1) and 7-301 allow; rule 5, CR 184.6, section 7-304(a)(1)(b)", ["7-304(a)(1)", "7-301"]),
        (["§ 1", "§ 1(a)"], "under § 1(a), not Section 1(a)", ["§ 1(a)"]),
        (["II", "II.2", "II.2(a)"], "see II.2(a) and rule 2.2", ["II.2(a)"]),
    ],
)
def test_a_citation_is_a_number_of_a_form_the_document_is_numbered_in(ids: list[str], text: str, cited: list[str]) -> None:
    syntax = citation_syntax(ids)
    assert syntax is not None and [m.group("id") for m in syntax.finditer(text)] == cited


def test_a_document_cites_with_its_own_label_words_and_after_its_divisions() -> None:
    syntax = citation_syntax(["1", "1.1", "1.1(a)", "II", "II.2"], ["law", "article", "section"])
    assert syntax is not None
    text = "under Law 1.1(a), see Article II, Section 2, not section 3, Section 4 nor Law 12-7"
    # Two words alike are two references (3, 4), not one unit after its division (3.4).
    assert [cited(m) for m in syntax.finditer(text)] == ["1.1(a)", "II.2", "3", "4"]


def test_an_explicit_reference_in_a_numbering_profile_wins() -> None:
    """A profile's ``reference`` is the user's word: the syntax derived from
    the IDs is only for a profile without one."""
    text = "Club Rules\n\nSec. 1-1. Boats. See Art. 1-2.\nSec. 1-2. Oars. See section 1-1.\n"
    keys = {"name": "mine", "rule": "^(?P<id>x)(?P<text>)$", "numbering": "Sec 1-1"}
    own = parse(decode(text.encode(), "t.txt"), profile_from_mapping({**keys, "reference": r"\bArt\. (?P<id>\d-\d)"}, "p"))
    derived = parse(decode(text.encode(), "t.txt"), profile_from_mapping(keys, "p"))
    assert [r.id for r in own.rules] == [r.id for r in derived.rules] == ["1-1", "1-2"]
    sentence = "See Art. 1-2, see section 1-1."
    assert [m.group("id") for m in own.references.finditer(sentence)] == ["1-2"]  # type: ignore[union-attr]
    assert [m.group("id") for m in derived.references.finditer(sentence)] == ["1-1"]  # type: ignore[union-attr]


# --- bylaws: sections cited as they are numbered, through the CLI ----------------------

BYLAW_SECTIONS = [("Eligibility", "Any person who can swim fifty metres may apply."),
                  ("Application", "An application is made in writing to the Secretary."),
                  ("Dues", "Each member pays annual dues set by the Board."),
                  ("Suspension", "The Board may suspend a member whose dues are unpaid for ninety days."),
                  ("Resignation", "A member may resign by written notice, subject to {cite}.")]
GUESTS = ("Guests", "A member may bring two guests to any outing.")


def _bylaws(style: str, sections: list[tuple[str, str]], cite: str, see: str) -> str:
    """Bylaws of three articles in a numbering `style`: ``dotted``
    (``Section 2.4.``), ``through`` (``Section 6.``, numbered through the
    document) or ``restarting`` (``Section 4.`` in each article, cited
    ``Article II, Section 4``); `cite` and `see` are the numbers in article
    II of the section two references point at."""
    articles = [("NAME AND PURPOSE", [("Name", "The club is the Harbour Rowing Club."),
                                      ("Purpose", "The club promotes rowing on the harbour.")]),
                ("MEMBERSHIP", sections),
                ("MEETINGS", [("Annual Meeting", "The annual meeting is held in March."),
                              ("Quorum", "Twenty members form a quorum. See {see} for members who may not vote."),
                              ("Notice", "Notice is given as under {first}, and as section 9 of the Clubs Act asks.")])]
    count = 0
    numbers: dict[tuple[int, int], str] = {}
    for a, (_, units) in enumerate(articles, 1):
        for k, _unit in enumerate(units, 1):
            count += 1
            numbers[(a, k)] = {"dotted": f"{a}.{k}", "through": str(count), "restarting": str(k)}[style]

    def ref(a: int, k: int) -> str:
        roman = "I" * a
        return f"Article {roman}, Section {k}" if style == "restarting" else f"Section {numbers[(a, k)]}"

    lines = ["Bylaws of the Harbour Rowing Club", ""]
    for a, (heading, units) in enumerate(articles, 1):
        lines += [f"ARTICLE {'I' * a}. {heading}", ""]
        for k, (title, body) in enumerate(units, 1):
            body = body.format(cite=ref(2, int(cite)), see=ref(2, int(see)), first=ref(1, 2))
            lines += [f"Section {numbers[(a, k)]}. {title}. {body}", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("style", ["dotted", "through", "restarting"])
def test_a_bylaws_section_cited_after_a_renumbering_is_stale_or_updated(style: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A section inserted in article II shifts Suspension from the 4th to the
    5th place: the reference left at the old number is stale, the one that
    follows is a cross-reference, and the Clubs Act's section is neither."""
    old = tmp_path / "old.txt"
    new = tmp_path / "new.txt"
    old.write_text(_bylaws(style, BYLAW_SECTIONS, cite="4", see="4"), encoding="utf-8")
    new.write_text(_bylaws(style, [BYLAW_SECTIONS[0], GUESTS, *BYLAW_SECTIONS[1:]], cite="5", see="4"), encoding="utf-8")
    result = CliRunner().invoke(main, [str(old), str(new), "-f", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    suspension = {"dotted": ("2.4", "2.5"), "through": ("6", "7"), "restarting": ("II.4", "II.5")}[style]
    quorum = {"dotted": "3.2", "through": "10", "restarting": "III.2"}[style]
    resignation = {"dotted": "2.6", "through": "8", "restarting": "II.6"}[style]
    printed = "Article II, Section 4" if style == "restarting" else f"Section {suspension[0]}"
    assert out["stale_references"] == [{"rule": quorum, "references": [printed], "should_be": [suspension[1]]}]
    assert {c["new"]: c["tags"] for c in out["changes"]}[resignation] == ["cross-reference"]


HARBOUR = """Harbour Mooring Regulation

§ 1. Scope
(a) This regulation applies to every public berth in the harbour.
§ 5. Fees
(a) A fee is payable for each night a vessel stays at a berth.
{fees}
§ 6. Exemptions
(a) A vessel that qualifies under § 5({reduced}) pays half the winter rate.
(b) A rescue vessel pays nothing, whatever § 5({due}) says about arrival.
(c) Fishing boats follow section 12-7 of the Public Health Act and § 5(b) of the Coastal Code.
"""
FEES_OLD = "(b) A reduced fee applies to vessels shorter than eight metres.\n(c) Fees are due on arrival."
FEES_NEW = ("(b) A visitor's fee applies to vessels registered elsewhere.\n"
            "(c) A reduced fee applies to vessels shorter than eight metres.\n(d) Fees are due on arrival.")


def test_paragraph_sign_sub_items_map_through_the_renumbering() -> None:
    c = compare(read(HARBOUR.format(fees=FEES_OLD, reduced="b", due="c")),
                read(HARBOUR.format(fees=FEES_NEW, reduced="c", due="c")))
    assert by_new(c)["§ 6(a)"].tags == ("cross-reference",)  # type: ignore[attr-defined]
    assert c.stale == (("§ 6(b)", ("§ 5(c)",), ("§ 5(d)",)),)  # the Coastal Code's § 5(b) is not this one


ARTICLES = """Heron Rowing Club Statutes

Article 1. Members
(1) The club admits rowers.
(2) Members:
{duties}
Article 2. Dues
(1) A member who fails to do what Article 1(2)({dues}) asks loses the vote.
(2) Fees follow Article 5 of the Treaty and Regulation (EU) 2016/679, Article 6(1).
"""
DUTIES_OLD = "(a) pay dues;\n(b) vote at meetings."
DUTIES_NEW = "(a) train weekly;\n(b) pay dues;\n(c) vote at meetings."


@pytest.mark.parametrize("dues, tags, stale", [
    ("b", ("cross-reference",), ()),
    ("a", (), (("Article 2(1)", ("Article 1(2)(a)",), ("Article 1(2)(b)",)),)),
])
def test_article_sub_items_map_through_the_renumbering(dues: str, tags: tuple[str, ...], stale: object) -> None:
    c = compare(read(ARTICLES.format(duties=DUTIES_OLD, dues="a")), read(ARTICLES.format(duties=DUTIES_NEW, dues=dues)))
    assert c.new.profile == "articles"
    assert getattr(by_new(c).get("Article 2(1)"), "tags", ()) == tags
    assert c.stale == stale


OUTLINE = """Rowing Club Rules

1. Boats
1.1 Members may book boats.
1.2 Members:
{items}
2. Safety
2.1 A crew that breaks rule 1.2({log}) loses its booking.
2.2 Lifejackets follow section 4 of the Water Safety Code.
"""


@pytest.mark.parametrize("log, tags, stale", [
    ("c", ("cross-reference",), ()),
    ("b", None, (("2.1", ("1.2(b)",), ("1.2(c)",)),)),
])
def test_outline_sub_items_map_through_the_renumbering(log: str, tags: object, stale: object) -> None:
    old = read(OUTLINE.format(items="(a) book a day ahead;\n(b) sign the log.", log="b"))
    new = read(OUTLINE.format(items="(a) book a day ahead;\n(b) pay the fee;\n(c) sign the log.", log=log))
    c = compare(old, new)
    assert getattr(by_new(c).get("2.1"), "tags", None) == tags
    assert c.stale == stale


# --- a dangling reference put right (issue #26: the generator's xref-fix) --------------

RIVER = """Harbour Rowing Club Rules

1. Membership
1.1 Any person who can swim fifty metres may apply.
1.2 An application is made in writing to the Secretary.
1.3 A member may resign by written notice, as set out in {cite}.
2. Boats
{boats}
"""
RIVER_BOATS = ["2.1 A boat is booked through the boatman.", "2.2 A damaged boat is reported at once to the boatman.",
         "2.3 Boats are rinsed with fresh water after each outing."]


@pytest.mark.parametrize("old_cite, new_cite, tags, stale", [
    # 2.5 named no rule of the old rules: put right, only a reference changed
    ("2.5", "2.2", ("cross-reference",), ()),
    # 2.1 named a rule: now another one, a substantive edit
    ("2.1", "2.2", ("substantive",), ()),
    # still dangling: no rule 2.4 in the new rules either
    ("2.5", "2.4", ("stale-reference", "substantive"), (("1.3", ("2.4",), ("",)),)),
    # another act's section is never this document's to put right
    ("2.5 of the Licensing Act", "2.2 of the Licensing Act", ("substantive",), ()),
    # more changed than the number, in the same edit: a word, or a number that is no reference
    ("2.5 by post", "2.2 in person", ("substantive",), ()),
    ("2.5 within 7 days", "2.2 within 9 days", ("substantive",), ()),
])
def test_a_reference_that_named_no_rule_put_right_is_a_cross_reference(
    old_cite: str, new_cite: str, tags: tuple[str, ...], stale: object,
) -> None:
    """A reference left at a number the old rules do not hold (an earlier
    release renumbered it away), given a number the new rules hold: the
    edit only repairs a reference. No renumbering in this release explains
    it, so only the old number's naming nothing tells it from a retarget."""
    c = compare(read(RIVER.format(cite=old_cite, boats="\n".join(RIVER_BOATS))),
                read(RIVER.format(cite=new_cite, boats="\n".join(RIVER_BOATS))))
    assert getattr(by_new(c)["1.3"], "tags") == tags
    assert c.stale == stale


def test_a_dangling_reference_put_right_beside_a_renumbering() -> None:
    """A rule inserted at 2.1 shifts the boats' rules; the reference left
    dangling at 2.7 is put right to the new 2.3 in the same release, and
    one that followed the renumbering in the same edit is an update."""
    old = read(RIVER.format(cite="2.7 and 2.2", boats="\n".join(RIVER_BOATS)))
    boats = ["2.1 Oars are kept in the rack.", *(f"2.{k + 2}{b[3:]}" for k, b in enumerate(RIVER_BOATS))]
    new = read(RIVER.format(cite="2.3 and 2.3", boats="\n".join(boats)))
    c = compare(old, new)
    assert [(r.old, r.new) for r in c.renumbering] == [("2.1-2.3", "2.2-2.4")]
    assert getattr(by_new(c)["1.3"], "tags") == ("cross-reference",)
    # The same repair to the old number of a renumbered rule: 2.2 named a rule, now 2.3.
    retargeted = compare(read(RIVER.format(cite="2.2", boats="\n".join(RIVER_BOATS))),
                         read(RIVER.format(cite="2.4", boats="\n".join(boats))))
    assert getattr(by_new(retargeted)["1.3"], "tags") == ("substantive",)


def test_a_dangling_section_of_an_article_put_right(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Sections numbered again in each article, cited after their article:
    "Article II, Section 7" named no section (article II has five)."""
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(_bylaws("restarting", BYLAW_SECTIONS, cite="5", see="4").replace("Section 4 for", "Section 7 for"),
                   encoding="utf-8")
    new.write_text(_bylaws("restarting", BYLAW_SECTIONS, cite="5", see="4"), encoding="utf-8")
    out = json.loads(CliRunner().invoke(main, [str(old), str(new), "-f", "json"]).output)
    assert [(c["new"], c["tags"]) for c in out["changes"]] == [("III.2", ["cross-reference"])]


def test_a_dangling_rule_number_put_right_in_the_comprehensive_rules_layout() -> None:
    """The built-in syntax (``rule 100.9``): the old rules end at 100.3."""
    old_rules = [*BASE_RULES, ("100.3.", "Every other keeper waits. See rule 100.9.")]
    for cite, tags in [("rule 100.2", ("cross-reference",)), ("rules 100.2", ("substantive",))]:
        new_rules = [*BASE_RULES, ("100.3.", f"Every other keeper waits. See {cite}.")]
        assert getattr(by_new(compare(doc(old_rules), doc(new_rules)))["100.3"], "tags") == tags


def test_a_reference_edited_in_two_runs_is_read_whole_from_the_old_text() -> None:
    """"§ 5(b)(3)" -> "§ 4(a)(4)", cut by the word diff into `5(b` -> `4(a`
    and `3` -> `4`: the old reference named § 5(b)(3), a rule (now § 4(c)(4)),
    so this is a retarget. Read with the other run's new text around it, the
    first run would seem to repair a dangling § 5(b)(4)."""
    old_ids = ["§ 4", "§ 4(a)", "§ 4(a)(1)", "§ 5", "§ 5(b)", "§ 5(b)(1)", "§ 5(b)(2)", "§ 5(b)(3)"]
    new_ids = ["§ 4", "§ 4(a)", "§ 4(a)(1)", "§ 4(a)(4)", "§ 4(c)", "§ 4(c)(4)"]
    edits = [Edit(Op.EQUAL, "Fees are paid as under § "), Edit(Op.DELETE, "5(b"), Edit(Op.INSERT, "4(a"),
             Edit(Op.EQUAL, ")("), Edit(Op.DELETE, "3"), Edit(Op.INSERT, "4"), Edit(Op.EQUAL, ") each year.")]
    targets = Targets(frozenset(old_ids), frozenset(new_ids), "Harbour Code")
    found = runs(edits, {"§ 5(b)(3)": "§ 4(c)(4)"}, citation_syntax(old_ids + new_ids), targets)
    assert [(r.deleted, r.inserted, r.plain) for r in found] == [("5(b", "4(a", ""), ("3", "4", "")]


BASE_RULES = [("1", "Basics"), ("100", "General"), ("100.1.", "The active keeper draws a glyph."),
              ("100.2.", "The active keeper chooses the order of triggered effects.")]


# --- possibly stale references in added rules ----------------------------------------

BEFORE = [("1", "Basics"), ("7", "Keywords"), ("702", "Keyword Abilities"), ("702.1", "Most keywords are abilities."),
          ("702.2", "Lanternlight"), ("702.2a", "Lanternlight lets a keeper see the hidden glyphs."),
          ("702.3", "Soaring"), ("702.3a", "A keeper with soaring can't be blocked except by a keeper with reach."),
          ("702.4", "Reach"), ("702.4a", "Reach lets a keeper block a keeper with soaring.")]
# Two keywords inserted before Soaring: old 702.3 (Soaring) is now 702.5, old 702.4 (Reach) 702.6.
AFTER = BEFORE[:6] + [("702.3", "Tidecall"), ("702.3a", "Tidecall lets a keeper draw a glyph from the tide pool."),
                      ("702.4", "Emberward"), ("702.4a", "Emberward keeps a keeper from burning glyphs."),
                      ("702.5", "Soaring"), ("702.5a", "A keeper with soaring can't be blocked except by a keeper with reach."),
                      ("702.6", "Reach"), ("702.6a", "Reach lets a keeper block a keeper with soaring.")]


def test_an_added_rule_citing_the_old_number_of_a_renumbered_rule_is_possibly_stale() -> None:
    new = AFTER + [("702.6b", "A keeper with soaring and reach may block as if it had soaring (see rule 702.3).")]
    c = compare(doc(BEFORE), doc(new))
    hint = by_new(c)["702.6b"]
    assert hint.possibly_stale == (("rule 702.3", "702.3", "Soaring", "702.5"),)  # type: ignore[attr-defined]
    assert hint.tags == ("substantive",) and hint.stale == ()  # type: ignore[attr-defined]
    assert c.stale == ()  # a hint: not among the stale references the summary lists


def test_an_added_rule_whose_citation_means_what_the_number_holds_now_is_not_flagged() -> None:
    new = AFTER + [("702.6b", "A keeper with reach may draw from the tide pool as tidecall allows (see rule 702.3).")]
    assert by_new(compare(doc(BEFORE), doc(new)))["702.6b"].possibly_stale == ()  # type: ignore[attr-defined]


def test_an_added_rule_citing_a_number_without_saying_what_it_means_is_not_flagged() -> None:
    new = AFTER + [("702.6b", "See rule 702.3.")]
    assert by_new(compare(doc(BEFORE), doc(new)))["702.6b"].possibly_stale == ()  # type: ignore[attr-defined]


def test_a_possibly_stale_reference_is_a_hint_in_json_and_text_and_not_a_tag(tmp_path) -> None:  # type: ignore[no-untyped-def]
    new = AFTER + [("702.6b", "A keeper with soaring and reach may block as if it had soaring (see rule 702.3).")]
    c = compare(doc(BEFORE), doc(new))
    out = to_json(c)
    Draft202012Validator(schema()).validate(out)
    (change,) = [ch for ch in out["changes"] if ch["new"] == "702.6b"]
    assert change["possibly_stale"] == [{"reference": "rule 702.3", "target": "702.3", "held": "Soaring", "now": "702.5"}]
    assert "stale-reference" not in change["tags"] and out["stale_references"] == []
    assert all("possibly_stale" not in ch for ch in out["changes"] if ch["new"] != "702.6b")
    (tmp_path / "a.txt").write_text(layout(BEFORE), encoding="utf-8")
    (tmp_path / "b.txt").write_text(layout(new), encoding="utf-8")
    for fmt, shown in (("text", "possibly stale: 702.3 held “Soaring” before; now 702.5"),
                       ("md", "Possibly stale: 702.3 held “Soaring” before; now [702.5]"),
                       ("html", "Possibly stale: 702.3 held “Soaring” before; now <a href=")):
        result = CliRunner().invoke(main, [str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "-f", fmt, "-o", "-"])
        assert result.exit_code == 0 and shown in result.output, fmt


def test_check_finds_no_dangling_reference_in_a_codes_own_citations_or_another_acts() -> None:
    """`ruldiff check` reads the code's citations as the diff does: neither
    "section 7-304(a)(1)" (read whole) nor the Public Health Act's section is
    a reference to no rule."""
    code = read(CODE.format(items=ITEMS_OLD, bay="2", year="1"))
    assert [f.code for f in check_document(code) if f.code == "dangling-reference"] == []
    broken = read(CODE.format(items=ITEMS_OLD, bay="7", year="1"))
    assert [(f.rule, f.cited) for f in check_document(broken) if f.code == "dangling-reference"] == [
        ("7-305(a)", "section 7-304(a)(7)")
    ]


RULES = """Boat Club Rules

Rule 1. Boats
{items}
Rule 2. Safety
(a) A crew that breaks rule 1({log}) loses its booking.
(b) Lifejackets are worn, as rule 1(c) of the Water Safety Code asks.
"""
BOATS = ["Members book boats a day ahead.", "A crew signs the log.", "A crew that damages a boat reports it."]


def _items(texts: list[str]) -> str:
    return "\n".join(f"({'abcd'[k]}) {t}" for k, t in enumerate(texts))


@pytest.mark.parametrize("log, tags, stale", [
    ("c", ("cross-reference",), ()),
    ("b", None, (("Rule 2(a)", ("rule 1(b)",), ("Rule 1(c)",)),)),
])
def test_a_rule_cited_in_lower_case_with_its_sub_items_follows_the_renumbering(log: str, tags: object, stale: object) -> None:
    """Under the laws profile a rule's ID keeps its word (``Rule 1(b)``); the
    text cites it ``rule 1(b)``. The Water Safety Code's rule 1(c) is another
    document's."""
    old = read(RULES.format(items=_items(BOATS), log="b"))
    new = read(RULES.format(items=_items([BOATS[0], "Oars are racked after use.", *BOATS[1:]]), log=log))
    assert new.profile == "laws"
    c = compare(old, new)
    assert getattr(by_new(c).get("Rule 2(a)"), "tags", None) == tags
    assert c.stale == stale


def test_a_reference_left_at_the_number_its_own_rule_now_holds_is_stale() -> None:
    """Old 1.2 cites 1.3; a rule inserted before it makes it 1.3 and the old
    1.3 becomes 1.4: the citation, left as it was, now names its own rule."""
    head = "Club Rules\n\n1. Boats\n1.1 Members book boats.\n"
    old = head + "1.2 A crew signs the log, see 1.3.\n1.3 Oars are racked.\n"
    new = head + "1.2 Crews are of four.\n1.3 A crew signs the log, see 1.3.\n1.4 Oars are racked.\n"
    c = compare(read(old), read(new))
    assert c.stale == (("1.3", ("1.3",), ("1.4",)),)



@pytest.mark.parametrize(
    "cite, stale",
    [
        # The sentence speaks of lanterns, which old 2.1 held and 2.2 holds now: stale.
        ("Wardens trim the lanterns before they are lit (see 2.1).", (("1.1", ("2.1",), ("2.2",)),)),
        # It speaks of the banners, the tower and noon, which the new 2.1 holds: the number is right.
        ("Guards raise the banners on the tower at noon (see 2.1).", ()),
        # Two words in common with the new 2.1 are not enough to drop the flag.
        ("Guards raise the banners by the tower (see 2.1).", (("1.1", ("2.1",), ("2.2",)),)),
    ],
)
def test_a_kept_reference_whose_sentence_speaks_of_what_the_number_now_holds_is_not_stale(
    cite: str, stale: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
) -> None:
    """A release inserts 2.1 and the old 2.1 becomes 2.2; the citing rule 1.1
    is left alone. Its reference is stale only if what it speaks of moved."""
    head = "Keep Rules\n\n1. Watch\n1.1 " + cite + "\n2. Lights\n"
    lantern = "2.{} Lanterns are lit at dusk and trimmed at dawn.\n"
    old = read(head + lantern.format(1))
    new = read(head + "2.1 Banners fly from the tower at noon and at dusk.\n" + lantern.format(2))
    assert compare(old, new).stale == stale

# --- what the built-in syntax reads at the edges (issue #30: static mutants) -------------------

from ruldiff.diff.references import is_reference_update, reference_spans, references, renumbering  # noqa: E402
from ruldiff.model import Change, ChangeKind, Rule, RuleKind  # noqa: E402


@pytest.mark.parametrize(
    "text, cited",
    [
        # The end of a range of headings is cited too, however the range is written.
        ("See rules 702-704.", ["702", "704"]),
        ("See rules 702–704.", ["702", "704"]),
        ("See rules 702 — 704.", ["702", "704"]),
        ("See rules 702 through 704.", ["702", "704"]),
        ("See rules 702 to 704.", ["702", "704"]),
        ("See rules 100 to 104.The next rules differ.", ["100", "104"]),  # a space missing after the period
        # An end that is a rule of its own is read as one, once; never as its heading.
        ("See rules 702.1a–704.1b.", ["702.1a", "704.1b"]),
        ("See rules 702 to 704.1x.", ["702", "704.1x"]),
        ("See rules 702–704.b now.", ["702"]),  # a sub-item of 704, not 704
        ("See rules 702 to 7045.", ["702"]),  # four digits: no heading's number
    ],
)
def test_the_end_of_a_range_is_cited(text: str, cited: list[str]) -> None:
    assert [target for target, _ in references(text)] == cited


def _renumbered(old: str, new: str) -> Change:
    return Change(ChangeKind.RENUMBERED, Rule(old, RuleKind.RULE, "Draw."), Rule(new, RuleKind.RULE, "Draw."), ())


def test_renumbered_rules_with_capital_letters_collapse_into_one_run() -> None:
    runs = renumbering([_renumbered("5.A", "5.B"), _renumbered("5.B", "5.C"), _renumbered("5.C", "5.D")])
    assert [(r.old, r.new) for r in runs] == [("5.A-5.C", "5.B-5.D")]


@pytest.mark.parametrize(
    "before, update",
    [
        ("See rules 601.2a-", True),  # a hyphen
        ("See rules 601.2a–", True),
        ("See rules 601.2a— ", False),  # a space before the letter: no range of letters
        ("See rules 601.2a– and 702.", False),  # the range closed before the edit
        ("See rules 1601.2a–", False),  # no rule number: four digits
        ("See rules 601.a–", False),
    ],
)
def test_the_last_letter_of_a_range_of_subrules_updated(before: str, update: bool) -> None:
    # 601.2g became 601.2h: "601.2a–g" -> "601.2a–h" edits one letter.
    id_map = {"601.2g": "601.2h", "601.g": "601.h", "702.g": "702.h"}
    assert is_reference_update("g", "h", before, id_map) is update


def _stale_refs(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    refs = References({"100.3": "100.4"}, {"100.2", "100.3", "100.4"}, None, "Test Game Rules", {}, {})
    return refs.stale(text, reference_spans(text), "100.1", lambda s, t: True)


@pytest.mark.parametrize(
    "text, stale",
    [
        ("See 100.2–100.3 first.", ()),  # the end of a range still covers its rules
        ("See 100.2 through 100.3 first.", ()),
        ("Roll 1–6, 100.3 applies.", ("100.3",)),  # a dash earlier is no range of this reference
        ("Move it into 100.3 now.", ("100.3",)),  # "into" is no "to"
        ("Go to 5 or 100.3 now.", ("100.3",)),  # a "to" earlier is no range of this reference
    ],
)
def test_a_kept_reference_at_the_end_of_a_range_is_not_stale(text: str, stale: tuple[str, ...]) -> None:
    assert _stale_refs(text)[0] == stale


@pytest.mark.parametrize(
    "title, named",
    [
        ("Untap Step", True),
        ("The Untap Step of Each Keeper", True),  # six words
        ("The Untap Step of Each Keeper Now", False),  # seven: a rule's text, no title
    ],
)
def test_a_reference_beside_its_target_s_title_is_named(title: str, named: bool) -> None:
    refs = References({}, set(), None, "", {}, {"502": title})
    text = f"{title.lower()} (see rule 502)"
    assert refs.named(text, text.index("rule 502"), "rule 502", "502") is named


@pytest.mark.parametrize("gap, named", [(30, True), (31, False)])
def test_a_title_named_within_40_characters_of_the_reference(gap: int, named: bool) -> None:
    refs = References({}, set(), None, "", {}, {"502": "Untap Step"})
    # The title ends `gap` characters before the reference, so starts gap + 10 before it.
    before = "untap step" + " " * gap + "rule 502 applies."
    assert refs.named(before, before.index("rule 502"), "rule 502", "502") is named
    after = "rule 502" + " " * gap + "untap step"
    assert refs.named(after, 0, "rule 502", "502") is named


@pytest.mark.parametrize(
    "cited, flagged",
    [
        ("(see rule 702.3).", True),
        ("(see rule 702.3) first.", True),
        ("as rule 702.3 today says.", True),
        # The start of a range covers its rules, whatever their numbers now.
        ("(see rules 702.3-702.4).", False),
        ("(see rules 702.3–702.4).", False),
        ("(see rules 702.3 — 702.4).", False),
        ("(see rules 702.3 through 702.4).", False),
        ("(see rules 702.3 to 702.4).", False),
    ],
)
def test_an_added_rule_citing_a_range_from_an_old_number_is_not_flagged(cited: str, flagged: bool) -> None:
    new = AFTER + [("702.6b", f"A keeper with soaring and reach may block as if it had soaring {cited}")]
    hints = by_new(compare(doc(BEFORE), doc(new)))["702.6b"].possibly_stale  # type: ignore[attr-defined]
    assert [h[1] for h in hints] == (["702.3"] if flagged else [])


@pytest.mark.parametrize(
    "text, at, other",
    [
        # Another document's abbreviation right before the number, "rule" or "section" between or not.
        ("See MTR 2.", "2", True),
        ("See MTR section 2.", "2", True),
        ("See MTR sections 2 and 3.", "2", True),
        ("See CR rule 184.6.", "184.6", True),
        ("See CR rules 184.6 and 184.7.", "184.6", True),
        ("See RTR rule 184.6.", "184.6", False),  # this document's own initials
        ("REMINDER 184.6 applies.", "184.6", False),  # a word in capitals, longer than an abbreviation
        ("A GM may apply rule 184.6.", "rule", False),  # an abbreviation elsewhere in the sentence
        ("See CR184.6.", "184.6", False),
        ("See MTR rule5.", "5", False),
        # A document named after the reference, in its sentence; the next sentence names nothing of it.
        ("See 184.6. The Core Rules differ.", "184.6", False),
        ("See rule 184.6 in the Core Rules.", "rule", True),
        ("See rule 184.6 in the Core Guide.", "rule", True),
        ("See rule 184.6 in the Core Policy.", "rule", True),
        ("See rule 184.6 in the Core Regulations.", "rule", True),
        ("See rule 184.6 in the Core Procedures.", "rule", True),
        ("See rule 184.6 in the Core Handbook.", "rule", True),
        ("See rule 184.6 in the Core Rulesbook.", "rule", False),  # no name: a word that starts as one
        ("See rule 184.6 in theCore Rules.", "rule", False),  # a capital inside a word starts no name
        ("See rule 184.6 in the CoreRules.", "rule", False),
        # A number in roman numerals is read to its end: the name after it is in its sentence.
        ("See Article IV in the Core Rules.", "Article", True),
        # A full stop after the number, then a word in lower case: the sentence goes on.
        ("See 184.6. eSports Event Rules apply.", "184.6", True),
        # A title quoted right after the reference, in straight or curly quotes, is what it cites.
        ('See section 6, "Multiplayer Rules."', "section", False),
        ("See section 6, “Multiplayer Rules.”", "section", False),
        ("See section 6, “Multiplayer,” in the “Core Rules.”", "section", True),  # the title ends at its own mark
        ("See section 6, “the Core Rules apply.", "section", True),  # a quote never closed is no title
        ('See section 6 of the Core Rules, "Multiplayer."', "section", True),  # quoted after the name: not the title
    ],
)
def test_what_ties_a_reference_to_another_document(text: str, at: str, other: bool) -> None:
    refs = References({}, set(), None, "Riftbound Tournament Rules", {}, {})
    assert refs.other_document(text, text.index(at)) is other


@pytest.mark.parametrize(
    "text, printed, other",
    [
        ("See rule 5 of Chapter 3.", "rule 5", True),
        ("See rule 5 of the Core Rules.", "rule 5", True),
        ("See rule 5 of the Riftbound Tournament Rules.", "rule 5", False),  # this document
        ("As the Core Rules say, rule 5 of these applies.", "rule 5", True),  # "of" no capitalised name: the sentence decides
        ("See rule 5 (b) of Chapter 3.", "rule 5", False),  # a space before the sub-item: not one of the reference's
        ("See rule 5 ofChapter 3.", "rule 5", False),  # a capital inside a word starts no name
        ("See rule 5 of theCore Rules.", "rule 5", False),
        # The rest of the number the syntax left out, then "of" a name: another document's.
        ("See section 12-7 of the Public Health Act.", "section 12", True),
        ("See section 12–7 of the Public Health Act.", "section 12", True),
        ("See section 12.7 of the Public Health Act.", "section 12", True),
        # A document cited by number and year before the reference, the year on either side.
        ("Under Directive 2003/88, article 7 applies.", "article 7", True),
        ("Under Regulation 88/2003, article 7 applies.", "article 7", True),
        ("A Zombie 2/2, article 7 applies.", "article 7", False),  # no year: a creature's power
        # A slip of the pen between the reference and its document still ties them: read as this
        # document's, the reference could be flagged stale on a guess.
        ("See rule 5. of Chapter 3.", "rule 5", True),
        ("See rule 5of Chapter 3.", "rule 5", True),
        ("See rule 5,of Chapter 3.", "rule 5", True),
        ("See rule 5((b) of Chapter 3.", "rule 5", True),
        # A bracket the reference did not open closes the sentence's own: "of" is past it.
        ("Members (see rule 5(b)) of the Board vote.", "rule 5", False),
        ("Members (see rule 5) of the Board vote.", "rule 5", False),
        ("Under Directive2003/88, article 7 applies.", "article 7", True),
        ("Under Regulation (EU)2016/679, article 7 applies.", "article 7", True),
        ("Under Regulation(EU) 2016/679, article 7 applies.", "article 7", True),
    ],
)
def test_a_reference_of_a_named_or_numbered_document(text: str, printed: str, other: bool) -> None:
    refs = References({}, set(), None, "Riftbound Tournament Rules", {}, {})
    assert refs.other_document(text, text.index(printed), printed) is other


@pytest.mark.parametrize(
    "sentence",
    [
        "A keeper with soaring and reach can't be blocked except by a keeper with reach (see rule 702.3a).",
        "Keepers with soaring can't be blocked except by keepers with reach (see rule 702.3a).",  # plural or not
    ],
)
def test_a_possibly_stale_reference_shows_the_first_eight_words_the_number_held(sentence: str) -> None:
    c = compare(doc(BEFORE), doc(AFTER + [("702.6b", sentence)]))
    assert by_new(c)["702.6b"].possibly_stale == (  # type: ignore[attr-defined]
        ("rule 702.3a", "702.3a", "A keeper with soaring can't be blocked except …", "702.5a"),
    )


@pytest.mark.parametrize(
    "held, holds, stale",
    [
        ("Keepers draw glyphs at dawn.", "Keepers draw embers at dusk.", False),  # 3 of 5 words each: 0.6, the same rule
        ("Keepers draw glyphs at dawn from decks.", "Keepers draw embers at dawn near fires.", True),  # 4 of 7: 0.57
        ("Keepers draw glyphs at dawn.", "Wardens count embers by night.", True),
    ],
)
def test_a_kept_reference_is_stale_unless_its_number_still_holds_most_of_the_same_words(
        held: str, holds: str, stale: bool) -> None:
    """Rule 100.2 moved to 100.3 word for word, a new 100.2 written, and a
    rule still citing "rule 100.2": stale, unless the new 100.2 shares three
    words in five (Dice 0.6) with what 100.2 held."""
    base = [("1", "Play"), ("100", "General"), ("100.1.", "Lanterns burn until the last round ends.")]
    cite = "A keeper follows rule 100.2 at all times."
    c = compare(doc(base + [("100.2.", held), ("100.3.", cite)]),
                doc(base + [("100.2.", holds), ("100.3.", held), ("100.4.", cite)]))
    assert c.stale == ((("100.4", ("rule 100.2",), ("100.3",)),) if stale else ())


@pytest.mark.parametrize("old_number, new_number, ids, lead", [
    ("100.2c", "100.2b", ["100.2a", "100.2b"], "see rule "),  # a lower-case letter
    ("4(C)", "4(B)", ["4", "4(A)", "4(B)"], "as in section "),  # a capital letter alone
    ("VII", "IV", ["I", "II", "III", "IV", "IV.1"], "as in Article "),  # Roman numerals
    ("IX", "II", ["I", "II", "III", "IV", "IV.1"], "as in Article "),
])
def test_a_dangling_number_of_letters_or_roman_numerals_put_right_is_a_repair(
    old_number: str, new_number: str, ids: list[str], lead: str,
) -> None:
    """The pieces of a rule number are digits, a letter alone or a Roman
    numeral: a reference whose number changed in those only, from one that
    named nothing to one that names a rule, is a repair (`cross-reference`)."""
    targets = Targets(frozenset(ids), frozenset(ids), "Club Rules")
    syntax = None if "." in ids[0] else citation_syntax(ids)
    assert repairs_references(old_number, new_number, lead, ", the chair decides.", {i: i for i in ids}, syntax, targets)


def test_the_changes_citing_a_moved_or_missing_number_are_found_in_one_pass_text_by_text() -> None:
    """`References.citing` reads the changes' new texts joined: a reference
    is found in its own text only, never one cut by the join ("rule" ending
    one text, a number opening the next), and a text that holds a NUL is
    read alone."""
    from ruldiff.model import Change, ChangeKind, Rule, RuleKind

    def changed(rule_id: str, text: str) -> Change:
        rule = Rule(rule_id, RuleKind.RULE, text)
        return Change(ChangeKind.CHANGED, rule, rule, ())

    refs = References({"101.1": "101.2", "101.2": "101.3"}, {"101.2", "101.3", "102.1"}, None, "T", {}, {})
    changes = [
        changed("102.1", "Follow rule"),  # "rule" + the next text's number is no reference
        changed("101.2", "104.9 is gone."),  # 104.9 names nothing: this text's, not the one before
        changed("101.3", "See rule 101.1."),  # renumbered: 101.1 is 101.2 now
        changed("102.2", "See rule 102.1 and rules 102.1-101.3."),  # all kept
    ]
    # Each citing change comes with its text's references, as its own scan finds them.
    found = refs.citing(changes)
    assert list(found) == [1, 2]
    assert found == {k: reference_spans(changes[k].new.full_text) for k in (1, 2)}  # type: ignore[union-attr]
    with_nul = [*changes[:3], changed("102.2", "Ends\0 with rule 104.9.")]
    assert refs.citing(with_nul) == {k: reference_spans(with_nul[k].new.full_text) for k in (1, 2, 3)}  # type: ignore[union-attr]
    assert refs.citing([changed("102.2", "rule 102.1")]) == {}


# A release that inserts a section moves "Charms" from 212.4 to 213.4, and a
# new rule cites it by its old number with its title: 212.4 is now another
# rule, and the title says which rule was meant.
_OLD_CHARMS = [("212", "Charms and Wards"), ("212.3", "A ward guards one tile."),
               ("212.4", "Charms"), ("212.4a", "A charm is played from the hand."),
               ("212.5", "A charm and a ward may share a tile.")]
_NEW_CHARMS = [("212", "Charms and Wards"), ("212.3", "A ward guards one tile."),
               ("212.4", "A ward is lifted at dusk and set again at dawn."),
               ("213.4", "Charms"), ("213.4a", "A charm is played from the hand."),
               ("213.5", "A charm and a ward may share a tile.")]


def test_a_reference_whose_quoted_title_is_another_rules_is_stale_whoever_wrote_it() -> None:
    added = ("213.6", 'A charm named by a ward is no charm. See rule 212.4, "Charms."')
    c = compare(doc(_OLD_CHARMS), doc(_NEW_CHARMS + [added]))
    change = next(x for x in c.changes if x.new is not None and x.new.id == "213.6")
    assert change.stale == ("rule 212.4",) and change.stale_should_be == ("213.4",)
    assert "stale-reference" in change.tags
    # Cited by its new number with the same title, it is right.
    right = ("213.6", 'A charm named by a ward is no charm. See rule 213.4, "Charms."')
    c = compare(doc(_OLD_CHARMS), doc(_NEW_CHARMS + [right]))
    assert next(x for x in c.changes if x.new is not None and x.new.id == "213.6").stale == ()


def test_real_a_reference_naming_its_new_target_in_the_singular_is_not_stale() -> None:
    """2018-01 -> 2023-04 (gap-s34): 712.7 says "a substitute card (see rule
    713)", 713 now "Substitute Cards" (the old 713, Checklist Cards, moved to
    716): the release wrote the reference for the rule that took the number.
    It was flagged stale ("rule 713 (now 716)")."""
    from test_families6 import _real

    result = _real("mtg/2018-01-19.txt", "mtg/2023-04-14.txt")
    assert not any(rule == "712.7" for rule, *_ in result.stale)
    assert any(rule == "glossary:Last Known Information" for rule, *_ in result.stale)  # still stale


AGREEMENT = """COLLECTIVE AGREEMENT

ARTICLE 7 – HOURS OF WORK

7.01 The normal work week is five shifts of eight hours.
{inserted}7.0{n2} A shift may be split once, with no part shorter than two hours.
7.0{n3} Overtime is paid at one and one half times the regular rate.

ARTICLE 8 – PAY

8.01 An operator whose shift is split under clause 7.0{cite} is paid a premium of one hour.
8.02 Clause 7.0{cite3} applies to charter work as well.
"""


@pytest.mark.parametrize("cite, cite3, tags, stale", [
    ("3", "4", ("cross-reference",), ()),  # both citations follow the inserted clause
    ("3", "3", ("cross-reference",), (("8.02", ("7.03",), ("7.04",)),)),  # one left behind: stale
])
def test_clauses_cited_after_a_citing_word_map_through_the_renumbering(
    cite: str, cite3: str, tags: tuple[str, ...], stale: object
) -> None:
    # "clause 7.02" / "Clause 7.03": a dotted number after the word that
    # cites it, as a collective agreement writes its citations (the articles
    # profile read them only after "see", "under" or "in").
    old = read(AGREEMENT.format(inserted="", n2="2", n3="3", cite="2", cite3="3"))
    new = read(AGREEMENT.format(inserted="7.02 Each shift starts at the depot.\n", n2="3", n3="4", cite=cite, cite3=cite3))
    c = compare(old, new)
    assert c.new.profile == "articles"
    assert getattr(by_new(c).get("8.01"), "tags", ()) == tags
    assert c.stale == stale
