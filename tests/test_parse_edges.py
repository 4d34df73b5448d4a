"""parse.py at its edges, through what `parse` reads: a date on the title
line, appendices, lines left unread, glossary terms, run-in titles, when a
document is hard-wrapped, when the profile detected gives way to the
numbering inferred from the document, and a document read by that numbering."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import load_profile
from ruldiff.documents.read import decode
from ruldiff.model import Coverage


@pytest.mark.parametrize("printed", ["04/23/1999", "04/23/99", "4/23/1999"])
def test_a_date_on_the_title_line_is_the_date_not_part_of_the_title(printed: str) -> None:
    text = f"Club Rules {printed}\n\n100. General\n\n100.1. Boats are moored.\n\n100.2. Fees are paid.\n"
    doc = parse(decode(text.encode(), "rules.txt"))
    assert (doc.title, doc.date) == ("Club Rules", "1999-04-23")


def test_a_number_that_only_ends_like_a_date_is_part_of_the_title() -> None:
    text = "Club Rules 104/23/1999\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n100.2. Fees are paid.\n"
    doc = parse(decode(text.encode(), "rules.txt"))
    assert (doc.title, doc.date) == ("Club Rules 104/23/1999", "2024-03-01")


@pytest.mark.parametrize("word", ["Appendix", "APPENDIX", "Annex", "ANNEX", "Schedule", "SCHEDULE"])
def test_an_appendix_annex_or_schedule_holds_its_items(word: str) -> None:
    text = (f"Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n"
            f"100.2. Fees are paid.\n\n{word} A - Fees and Forms of the Club\n\nA.1 Fees are due in spring.\n\n"
            "A.2 Forms are white.\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    # The whole document as its own profile reads it: the appendix read as
    # text would leave lines unread and hand the document to another numbering.
    assert [(r.id, r.text, r.line) for r in doc.rules] == [
        ("100", "General", 5), ("100.1", "Boats are moored.", 7), ("100.2", "Fees are paid.", 9),
        ("A", "Fees and Forms of the Club", 11), ("A.1", "Fees are due in spring.", 13), ("A.2", "Forms are white.", 15)]
    # Two headings (100 and the appendix), four rules, the title and date as layout.
    assert doc.coverage == Coverage(lines=8, rules=4, headings=2, glossary=0, layout=2, unread=0)


@pytest.mark.parametrize(("heading", "title"), [
    ("Appendix B - Fees", "Fees"), ("Appendix B \u2014 Fees", "Fees"), ("Appendix B: Fees", "Fees"),
    ("Appendix B. Fees", "Fees"), ("Appendix B Fees", "Fees"), ("Appendix B", ""), ("Appendix B \u201cFees\u201d", "\u201cFees\u201d"),
])
def test_an_appendix_heading_with_or_without_a_separator_or_a_title(heading: str, title: str) -> None:
    text = ("Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n"
            f"100.2. Fees are paid.\n\n{heading}\n\nB.1 Fees are due in spring.\n\nB.2 Forms are white.\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [(r.id, r.text) for r in doc.rules] == [
        ("100", "General"), ("100.1", "Boats are moored."), ("100.2", "Fees are paid."),
        ("B", title), ("B.1", "Fees are due in spring."), ("B.2", "Forms are white.")]


@pytest.mark.parametrize("line", ["Schedule A. Fees are paid in spring.", "Schedule A. Fees are paid in spring. Forms are white"])
def test_a_sentence_that_starts_like_an_appendix_is_text(line: str) -> None:
    text = ("Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n"
            f"100.2. Fees are paid as the schedules say:\n{line}\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [r.id for r in doc.rules] == ["100", "100.1", "100.2"]
    assert doc.rules[-1].text.endswith(line)


def _rules_with(second: list[str]) -> str:
    lines = ["Test Game Rules", "", "These rules are effective as of May 1, 2024.", "", "1. Basics", "", "100. General", ""]
    for k in range(1, 4):
        lines += [f"100.{k}. Rule {k} says one thing.", *(second if k == 2 else ["Nothing more."]), ""]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("line", "unread"), [
    ("(b) Tenders are rowed.", 1), ("(iv) The fourth.", 1), ("§ 4 applies here.", 1), ("7. is as said", 1),
    ("7.", 1), ("1.2.3 is another rule.", 1), ("2 damage is dealt.", 0),
    ("3.5% of the fee is kept.", 0), ("1.. is a slip of the pen.", 0),
])
def test_a_line_that_starts_like_a_number_the_profile_does_not_read_is_counted_unread(line: str, unread: int) -> None:
    """Under a rule, a line that starts like an item (``(b)``, ``§ 4``,
    ``7.``, ``1.2.3``) but is not read as one is shown as unread; a number
    in running text (``2 damage``) is not."""
    doc = parse(decode(_rules_with([line]).encode(), "rules.txt"))
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2", "100.3"]
    assert doc.coverage.unread == unread


@pytest.mark.parametrize("line", ["12.b is lettered.", "4.1.c is lettered.", "9.1a is lettered."])
def test_a_line_numbered_with_a_letter_the_profile_does_not_read_is_counted_unread(line: str) -> None:
    """A number with a letter among its parts (``12.b``, ``4.1.c``) starts
    like an item too: unread by the Comprehensive Rules profile, it is shown."""
    doc = parse(decode(_rules_with([line]).encode(), "rules.txt"), load_profile("mtg-cr"))
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2", "100.3"]
    assert [text for _, text in doc.coverage.first_unread] == [line]


def test_the_first_three_unread_lines_are_shown() -> None:
    four = ["(b) Tenders are rowed.", "§ 4 applies here.", "7. is as said", "1.2.3 is another rule."]
    doc = parse(decode(_rules_with(four).encode(), "rules.txt"))
    assert doc.coverage.unread == 4
    assert [text for _, text in doc.coverage.first_unread] == four[:3]


_GLOSSARY = """Kennel Club Rules

These rules are effective as of March 3, 2025.

100. General

100.1. Every dog is registered.

100.2. Every owner pays the fee.

Glossary

Cat (Pet)
An animal the club does not register.
Dog's Bowl
The dish a dog eats from.
Kit-Bag
What an owner carries: lead, brush, treats:
Tail/Rear
The back of a dog (see rule 100.1)
Bread & Butter Fee
The fee every owner pays!
Lead
A strap, as in the St. Bernard show
Members Only
is a sign on the gate.

Kennel1. A dog's house.
2. A pack of dogs.

Credits

Written by the club.
"""


def test_glossary_terms_with_no_blank_line_between_them_are_entries_of_their_own() -> None:
    """A short capitalised line after a definition that ended its sentence
    (``.``, ``:``, ``)``, ``!``) starts the next entry, whatever its term
    holds (``'``, ``( )``, ``-``, ``/``, ``&``); after a definition that did
    not end ("... the St. Bernard show") it is the definition going on. A
    term glued to its first sense ("Kennel1. A dog's house.") is the term,
    its senses the definition."""
    doc = parse(decode(_GLOSSARY.encode(), "rules.txt"))
    glossary = {r.id.removeprefix("glossary:"): r.text for r in doc.glossary}
    assert list(glossary) == ["Cat (Pet)", "Dog's Bowl", "Kit-Bag", "Tail/Rear", "Bread & Butter Fee", "Lead", "Kennel"]
    assert glossary["Lead"] == "A strap, as in the St. Bernard show\nMembers Only\nis a sign on the gate."
    assert glossary["Kennel"] == "1. A dog's house.\n2. A pack of dogs."


_SECTIONS = ["Noise. No person shall play music after ten.", "Dogs on leads. Every dog is kept on a lead.",
             "Annual fee. \u201cFee\u201d means the sum each owner pays.",
             "Every owner of a dog in the town pays the fee each spring. The clerk keeps the list."]
_FIVE_OF_SEVEN = [*_SECTIONS[:3], "Bins. Bins go out on Monday.", "Lids. Lids are shut.", "A bin left out is fined.",
                  "A fee is due."]


@pytest.mark.parametrize(("texts", "titles"), [
    # Three of four sections start with a short sentence: those are titles;
    # the fourth's long first sentence is its text.
    (_SECTIONS, ["Noise.", "Dogs on leads.", "Annual fee.", ""]),
    (_SECTIONS[:2], ["", ""]),  # two sections alone do not make a style of titles
    (_FIVE_OF_SEVEN, [""] * 7),  # five of seven is not most of them
])
def test_a_run_in_title_is_a_title_only_where_most_sections_have_one(texts: list[str], titles: list[str]) -> None:
    code = "Town Code\n\n" + "".join(f"Sec. 1-{k}. {t}\n\n" for k, t in enumerate(texts, 1))
    doc = parse(decode(code.encode(), "code.txt"))
    assert [r.id for r in doc.rules] == [f"1-{k}" for k in range(1, len(texts) + 1)]
    assert [r.title for r in doc.rules] == titles
    assert [r.title + " " + r.text if r.title else r.text for r in doc.rules] == texts



@pytest.mark.parametrize("gap", ["  ", "\u00a0 ", "\t"])
def test_a_run_in_title_followed_by_two_spaces_or_a_tab_is_still_a_title(gap: str) -> None:
    """Two spaces after a full stop are how many people type: "Noise.  No
    person ..." has the title "Noise." as "Noise. No person ..." has."""
    code = "Town Code\n\n" + "".join(f"Sec. 1-{k}. {t.replace('. ', '.' + gap, 1)}\n\n" for k, t in enumerate(_SECTIONS, 1))
    doc = parse(decode(code.encode(), "code.txt"))
    assert [r.title for r in doc.rules] == ["Noise.", "Dogs on leads.", "Annual fee.", ""]
    assert doc.rules[0].text == "No person shall play music after ten."


def test_a_space_typed_before_a_run_in_title_s_full_stop_is_a_slip() -> None:
    """"Fees . Members pay ..." has the title "Fees.": read as text, it and
    one more such slip would leave too few titled sections for any title."""
    texts = [_SECTIONS[0], "Fees . Members pay the fee.", "Dogs on leads  . Every dog is kept on a lead.", _SECTIONS[3]]
    code = "Town Code\n\n" + "".join(f"Sec. 1-{k}. {t}\n\n" for k, t in enumerate(texts, 1))
    doc = parse(decode(code.encode(), "code.txt"))
    assert [r.title for r in doc.rules] == ["Noise.", "Fees.", "Dogs on leads.", ""]
    assert [r.text for r in doc.rules][1:3] == ["Members pay the fee.", "Every dog is kept on a lead."]


def test_an_abbreviation_opening_a_section_is_no_run_in_title() -> None:
    """In a code of titled sections, "U.S. residents pay ..." starts with a
    capital and a full stop, but "U." is no title: a title is followed by a
    space."""
    texts = [*_SECTIONS[:3], "U.S. residents pay the fee each spring."]
    code = "Town Code\n\n" + "".join(f"Sec. 1-{k}. {t}\n\n" for k, t in enumerate(texts, 1))
    doc = parse(decode(code.encode(), "code.txt"))
    assert [r.title for r in doc.rules] == ["Noise.", "Dogs on leads.", "Annual fee.", ""]
    assert doc.rules[3].text == "U.S. residents pay the fee each spring."

def test_retyping_two_spaces_after_each_title_as_one_changes_nothing(tmp_path: Path) -> None:
    """A release that only respaces its run-in titles reports no change."""
    def code(gap: str) -> str:
        return "Town Code\n\n" + "".join(f"Sec. 1-{k}. {t.replace('. ', '.' + gap, 1)}\n\n" for k, t in enumerate(_SECTIONS, 1))
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(code("  "), encoding="utf-8")
    new.write_text(code(" "), encoding="utf-8")
    result = CliRunner().invoke(main, [str(old), str(new), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["changes"] == []

def test_a_rule_number_printed_with_a_space_after_its_first_dot_is_read_as_the_rule() -> None:
    """"100. 1b A boat ..." after 100.1a is rule 100.1b (the next number),
    not a heading 100 titled "1b A boat ..."."""
    text = ("Club Rules\n\nThese rules are effective as of May 1, 2024.\n\n1. Basics\n\n100. General\n\n"
            "100.1. Boats are moored.\n\n100.1a A boat has a name.\n\n100. 1b A boat has a colour.\n\n100.2. Fees are paid.\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [(r.id, r.text) for r in doc.rules][-3:] == [
        ("100.1a", "A boat has a name."), ("100.1b", "A boat has a colour."), ("100.2", "Fees are paid.")]


def test_sections_numbered_under_roman_articles_are_each_read(tmp_path: Path) -> None:
    """`I.` / `I.1` / `II.` / `II.1`: a section carries its article's roman
    number. Once read as a letter (`I.1` like `A.1`), every section after
    article I was glued into its article's text, with nothing left unread
    and no warning."""
    old = ("Club Bylaws\n\nI. Name\n\nI.1 The club is called the Otter Club.\n\nI.2 Its colours are blue.\n\n"
           "II. Members\n\nII.1 Anyone may join.\n\nII.2 Members pay dues each year.\n\n"
           "III. Meetings\n\nIII.1 The club meets monthly.\n\nIII.2 See II.2 for dues.\n")
    new = old.replace("II.1 Anyone may join.\n\nII.2 Members", "II.1 Members")
    (tmp_path / "old.txt").write_text(old, encoding="utf-8")
    (tmp_path / "new.txt").write_text(new, encoding="utf-8")
    parsed = CliRunner().invoke(main, ["parse", str(tmp_path / "old.txt"), "-f", "json"])
    assert parsed.exit_code == 0, parsed.output
    items = json.loads(parsed.output)["items"]
    assert [(i["id"], i["parent"]) for i in items] == [
        ("I", None), ("I.1", "I"), ("I.2", "I"), ("II", None), ("II.1", "II"), ("II.2", "II"),
        ("III", None), ("III.1", "III"), ("III.2", "III"),
    ]
    assert [i["text"] for i in items if i["id"] == "II"] == ["Members"]
    diff = CliRunner().invoke(main, [str(tmp_path / "old.txt"), str(tmp_path / "new.txt"), "-f", "json"])
    data = json.loads(diff.output)
    assert [(c["kind"], c["old"], c["new"]) for c in data["changes"]] == [("removed", "II.1", None), ("renumbered", "II.2", "II.1")]
    assert data["stale_references"] == [{"rule": "III.2", "references": ["See II.2"], "should_be": ["II.1"]}]


def _wrapping_rules(pairs: int, singles: int, straddling: bool = False) -> str:
    """A document under the section and heading lines: `pairs` rules that run
    on into a plain line, then `singles` rules of one line each; with
    `straddling`, one more rule that runs on, then five single ones."""
    lines = ["Club Rules", "", "1. Basics", "100. General"]
    k = 0
    for runs_on in [True] * pairs + [False] * singles + ([True] + [False] * 5 if straddling else []):
        k += 1
        lines.append(f"100.{k}. Rule {k} holds.")
        if runs_on:
            lines.append(f"and goes on, note {k}.")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("pairs", "singles", "wrapped"), [(20, 58, True), (19, 60, False)])
def test_a_document_is_hard_wrapped_from_a_fifth_of_its_lines_running_on(pairs: int, singles: int, wrapped: bool) -> None:
    """Of 100 lines (the section and heading lines counted), 20 that run on
    into a plain line make the document hard-wrapped: the plain line goes on
    its rule's sentence. 19 do not: it is a paragraph of its own."""
    doc = parse(decode(_wrapping_rules(pairs, singles).encode(), "rules.txt"), load_profile("mtg-cr"))
    first = next(r for r in doc.rules if r.id == "100.1")
    assert first.text == ("Rule 1 holds. and goes on, note 1." if wrapped else "Rule 1 holds.\nand goes on, note 1.")


def test_whether_a_document_is_wrapped_is_decided_by_its_first_1500_lines() -> None:
    """The first 1,500 lines of the rules decide: here 300 of them run on
    (a fifth, the last of them the 1,500th line), so the document is
    hard-wrapped; 299 of the first 1,499 or 300 of the first 1,501 would not be."""
    text = _wrapping_rules(299, 899, straddling=True)
    doc = parse(decode(text.encode(), "rules.txt"), load_profile("mtg-cr"))
    rules = {r.id: r.text for r in doc.rules}
    assert len(text.split("\n")) - 3 >= 1501
    assert rules["100.1"] == "Rule 1 holds. and goes on, note 1."
    assert rules["100.1199"] == "Rule 1199 holds. and goes on, note 1199."


# --- when the detected profile gives way to the numbering inferred ----------


def _club_rules(rules: int, lettered: int) -> str:
    """Rules 100.1 ... of one line each, the first `lettered` of them with an
    item ``(a)`` under it, which the Comprehensive Rules profile does not read."""
    lines = ["Club Rules", "", "100. General", ""]
    for k in range(1, rules + 1):
        lines.append(f"100.{k}. Boats of class {k} are moored.")
        if k <= lettered:
            lines.append(f"(a) A boat of class {k} has a name.")
        lines.append("")
    return "\n".join(lines)


@pytest.mark.parametrize(("rules", "profile"), [(43, "inferred"), (44, "mtg-cr")])
def test_a_tenth_of_the_lines_unread_hands_the_document_to_the_numbering_inferred(rules: int, profile: str) -> None:
    """5 of 50 lines unread by the profile detected (the ``(a)`` items) is a
    tenth: the numbering inferred from the document reads them as items.
    5 of 51 is less: the detected profile keeps the document."""
    doc = parse(decode(_club_rules(rules, 5).encode(), "rules.txt"))
    assert doc.profile == profile
    assert ("100.1(a)" in {r.id for r in doc.rules}) == (profile == "inferred")


def _constitution(first: int, second: int) -> str:
    """Sections that restart in each article; the articles preset reads the
    second article's again (``Section 1#2``)."""
    lines = ["Constitution of the Rowing Club", "", "ARTICLE I - NAME", ""]
    for k in range(1, first + 1):
        lines += [f"Section {k}. Rule {k} of the name holds.", ""]
        if k == 1:
            lines += ["(a) The name is the Otter Club.", ""]
    lines += ["ARTICLE II - MEMBERS", ""]
    for k in range(1, second + 1):
        lines += [f"Section {k}. Rule {k} of members holds.", ""]
    return "\n".join(lines)


@pytest.mark.parametrize(("first", "profile"), [(15, "inferred"), (16, "articles")])
def test_a_tenth_of_the_items_numbered_again_hands_the_document_to_the_numbering_inferred(first: int, profile: str) -> None:
    """Two sections of 20 items numbered again by the articles preset (a
    tenth) make the inferred numbering read the document, each section under
    its article (``II.1``); two of 21 do not."""
    doc = parse(decode(_constitution(first, 2).encode(), "bylaws.txt"))
    assert doc.profile == profile
    assert [r.id for r in doc.rules][-2:] == (["II.1", "II.2"] if profile == "inferred" else ["Section 1#2", "Section 2#2"])


def _harbour_code(forms: int) -> str:
    """A code the outline preset does not read (``1-101.``) above an annex it
    reads: it takes the code (17 lines) for front matter."""
    body = "".join(f"PART {p} - PART {p}\n\n" + "".join(
        f"{p}-{100 + r}. The keeper keeps record {r} of part {p}.\n" for r in range(1, 5)) for p in range(1, 4))
    annex = "".join(f"A.{k} Form {k} is white.\n" for k in range(1, forms + 1))
    return f"Harbour Code\n\nEffective 1 March 2024.\n\n{body}Annex A - Forms\n\n{annex}"


@pytest.mark.parametrize(("forms", "profile"), [(15, "inferred"), (16, "outline")])
def test_a_profile_that_leaves_over_half_the_lines_before_its_first_rule_gives_way(forms: int, profile: str) -> None:
    """17 lines before the first rule of 33 is over half: the numbering
    inferred reads the code. 17 of 34 is half, no more: the preset keeps it."""
    doc = parse(decode(_harbour_code(forms).encode(), "code.txt"))
    assert doc.profile == profile
    assert doc.rules[0].id == ("1" if profile == "inferred" else "A")


def _three_articles(members: int) -> str:
    """Articles I-III; only article III's first section holds an item, so the
    articles preset starts the body at article II's first section and takes
    three sections above it, numbered as sections of the body, for front
    matter with other words."""
    lines = ["Constitution of the Rowing Club", "", "ARTICLE I - NAME", "", "Section 1. The club is the Otter Club.", "",
             "Section 2. Its colours are blue.", "", "ARTICLE II - MEMBERS", ""]
    for k in range(1, members + 1):
        lines += [f"Section {k}. Rule {k} of members holds.", ""]
    lines += ["ARTICLE III - MEETINGS", "", "Section 1. The club meets monthly.", "", "(a) Members are told a week before.", ""]
    return "\n".join(lines)


@pytest.mark.parametrize(("members", "profile"), [(10, "inferred"), (11, "articles")])
def test_a_front_matter_that_numbers_a_quarter_of_the_items_otherwise_gives_way(members: int, profile: str) -> None:
    """3 lines before the first rule numbered as 3 of the 12 items the
    preset read, with other words, are a quarter: the inferred numbering
    reads every article. 3 of 13 are less: the preset keeps the document."""
    doc = parse(decode(_three_articles(members).encode(), "bylaws.txt"))
    assert doc.profile == profile
    assert ([r.id for r in doc.rules][:2] == ["I", "I.1"]) == (profile == "inferred")


@pytest.mark.parametrize(("plain", "profile"), [(5, "inferred"), (6, "paragraphs")])
def test_a_letter_is_read_as_numbered_when_half_its_paragraphs_are_numbered(plain: int, profile: str) -> None:
    """5 numbered paragraphs of 10 are half: the items ``(1)`` ... ``(5)``
    are read; 5 of 11 stay paragraphs of a letter."""
    paras = [f"Dear member, this is note {k} of the letter." for k in range(1, plain + 1)]
    paras += [f"({k}) Item {k} of the list is kept." for k in range(1, 6)]
    doc = parse(decode(("\n\n".join(paras) + "\n").encode(), "letter.txt"))
    assert doc.profile == profile
    assert [r.id for r in doc.rules][:1] == (["(1)"] if profile == "inferred" else ["p1"])


_MOORED = "Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n100.2. Fees are paid.\n\n"


@pytest.mark.parametrize(("tail", "ids"), [
    ("SCHEDULES\n\nSchedule A - Fees\n\nA.1 Fees are due in spring.\n", ["A", "A.1"]),  # a heading over the schedules
    ("ANNEX XIV - Forms\n\nA.1 Forms are white.\n", []),  # an annex numbered in roman figures
])
def test_a_line_that_only_starts_like_an_appendix_heading_opens_no_appendix(tail: str, ids: list[str]) -> None:
    """``SCHEDULES`` is no schedule ``S``, and ``ANNEX XIV`` no annex ``X``
    titled ``IV - Forms``: an appendix's letter stands alone after its word."""
    doc = parse(decode((_MOORED + tail).encode(), "rules.txt"), load_profile("mtg-cr"))
    assert [r.id for r in doc.rules] == ["100", "100.1", "100.2", *ids]


def test_an_appendix_item_numbered_in_three_parts_is_not_read_as_its_first_two() -> None:
    """``A.1.1 Forms are white.`` is no item ``A.1`` whose text starts ``1 Forms``."""
    doc = parse(decode((_MOORED + "Appendix A - Forms\n\nA.1.1 Forms are white.\n\nA.1.2 In ink.\n").encode(), "rules.txt"),
                load_profile("mtg-cr"))
    assert [r.id for r in doc.rules] == ["100", "100.1", "100.2", "A"]


# --- a document read by the numbering inferred from it ----------------------

_BYLAWS = """Otter Club Bylaws

Adopted March 1, 2020.

These bylaws govern the club
and its boats.

ARTICLE I - NAME

Section 1. The club is called the Otter
Club of the harbour.

Section 2. Its colours are blue and
white; its members wear them in sum-
mer.

Each member keeps a flag.

----------

ARTICLE II - MEMBERS

Section 1. Anyone may join the club; members
pay dues.
Section 30. is repealed.
Section 2.
Dues are paid in May -
or June, on sea-
going boats too: a sea-going boat pays.
"""


def test_a_document_read_by_its_inferred_numbering_keeps_each_unit_whole() -> None:
    """Bylaws with no preset: each section runs to the next, its lines
    joined with a space (a word broken by a hyphen joined whole, its hyphen
    kept where the document spells it so elsewhere; a dash is no hyphen), a blank
    line starting a paragraph; the title, date and introduction are the
    front matter; an article's title is a heading; a section number out of
    sequence is text of the section above, and counted unread, on its line."""
    doc = parse(decode(_BYLAWS.encode(), "bylaws.txt"))
    assert (doc.profile, doc.title, doc.date) == ("inferred", "Otter Club Bylaws", "2020-03-01")
    assert doc.intro == "Adopted March 1, 2020.\nThese bylaws govern the club and its boats."
    assert [(r.id, r.kind.value, r.text, r.parent, r.line) for r in doc.rules] == [
        ("I", "section", "NAME", None, 8),
        ("I.1", "rule", "The club is called the Otter Club of the harbour.", "I", 10),
        ("I.2", "rule", "Its colours are blue and white; its members wear them in summer.\nEach member keeps a flag.", "I", 13),
        ("II", "section", "MEMBERS", None, 21),
        ("II.1", "rule", "Anyone may join the club; members pay dues. Section 30. is repealed.", "II", 23),
        ("II.2", "rule", "Dues are paid in May - or June, on sea-going boats too: a sea-going boat pays.", "II", 26),
    ]
    # 20 lines: 4 of front matter and a rule of dashes are layout, 2 titles, 1 unread.
    assert doc.coverage == Coverage(lines=20, rules=12, headings=2, glossary=0, layout=5, unread=1,
                                    first_unread=((25, "Section 30. is repealed."),))


def test_a_document_read_by_its_inferred_numbering_cites_a_section_after_its_article() -> None:
    from ruldiff.documents.citations import cited

    doc = parse(decode(_BYLAWS.encode(), "bylaws.txt"))
    assert doc.references is not None
    assert [cited(m) for m in doc.references.finditer("as Article II, Section 2 says")] == ["II.2"]


def test_a_profile_numbering_that_reads_no_unit_is_one_error(tmp_path: Path) -> None:
    """A saved numbering (``Section 1``) over minutes with no section: one
    line naming the file, the profile and what to try, exit 2."""
    profile = tmp_path / "bylaws.yaml"
    profile.write_text("name: bylaws\nrule: '^(?P<id>x)(?P<text>.*)$'\nnumbering: 'Section 1'\n", encoding="utf-8")
    minutes = tmp_path / "minutes.txt"
    minutes.write_text("Minutes\n\nThe club met on Monday.\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["parse", str(minutes), "--profile", str(profile)])
    assert done.exit_code == 2
    assert done.stderr == (f"Error: {minutes}: no numbered rules found (is this a rules document? profile bylaws "
                           "expects numbered lines; for paragraphs without numbers, use --profile paragraphs)\n")


_KENNEL = ("Kennel Club Rules\n\nThese rules are effective as of March 3, 2025.\n\n100. General\n\n"
           "100.1. Every dog is registered.\n\n100.2. Every owner pays the fee.\n\nGlossary\n\n")


@pytest.mark.parametrize(("glossary", "entries"), [
    ("Cat\nA pet.\nDog\nA friend.\n", [("Cat", "A pet."), ("Dog", "A friend.")]),  # four lines: two entries
    # A doubled space inside a term is a slip; "&" may open a term's word.
    ("Cat\nA pet.\nDog  Bowl\nA dish.\n", [("Cat", "A pet."), ("Dog Bowl", "A dish.")]),
    ("Cat\nA pet.\nDog \nA friend.\n", [("Cat", "A pet."), ("Dog", "A friend.")]),  # a space left after it
    ("Cat\nA pet.\nAT&T Line\nA phone line.\n", [("Cat", "A pet."), ("AT&T Line", "A phone line.")]),
    # A term glued to its first sense after a closing bracket is parted from it; after a digit or
    # a hyphen the number is the term's own.
    ("Cat [Pet]1. A pet.\n2. A tiger.\n", [("Cat [Pet]", "1. A pet.\n2. A tiger.")]),
    ("Cat (Pet)1. A pet.\n", [("Cat (Pet)", "1. A pet.")]),
    ("Form 11. A form.\n\nCat\nA pet.\n", [("Form 11. A form.", ""), ("Cat", "A pet.")]),
    ("Level-1. A rank.\n\nCat\nA pet.\n", [("Level-1. A rank.", ""), ("Cat", "A pet.")]),
    ("Tier_1. A rank.\n\nCat\nA pet.\n", [("Tier_1. A rank.", ""), ("Cat", "A pet.")]),
    # A short line last in its block has no definition under it: no term.
    ("Cat\nA pet.\nDog\nA friend.\nMembers Only\n", [("Cat", "A pet."), ("Dog", "A friend.\nMembers Only")]),
    # An indented block goes on the entry above, its example with it.
    ("Cat\nA pet.\n\n    Example: a cat is one.\n", [("Cat", "A pet.")]),
])
def test_glossary_entries_glued_in_one_block_are_parted_at_a_term_with_a_definition(glossary: str, entries: list[tuple[str, str]]) -> None:
    doc = parse(decode((_KENNEL + glossary).encode(), "rules.txt"))
    assert [(r.id.removeprefix("glossary:"), r.text, r.title) for r in doc.glossary] == [(t, d, "") for t, d in entries]
    assert [r.examples for r in doc.glossary][:1] == [("Example: a cat is one.",) if "Example" in glossary else ()]


def test_a_profile_with_no_example_pattern_reads_its_glossary(tmp_path: Path) -> None:
    """Without an ``example`` key, an ``Example:`` paragraph is text like any other."""
    spec = tmp_path / "kennel.yaml"
    spec.write_text("name: kennel\nnumbered: '\\d'\nheading: '^(?P<id>\\d{3})\\.\\s+(?P<text>\\S.*)$'\n"
                    "rule: '^(?P<id>\\d{3}\\.\\d+)\\.\\s+(?P<text>.*)$'\nglossary: Glossary\n", encoding="utf-8")
    doc = parse(decode((_KENNEL + "Cat\nA pet.\nExample: a cat.\n").encode(), "rules.txt"), load_profile(str(spec)))
    assert [(r.id, r.text, r.examples) for r in doc.glossary] == [("glossary:Cat", "A pet.\nExample: a cat.", ())]


def test_a_sub_item_is_numbered_under_the_item_above_on_its_own_line() -> None:
    doc = parse(decode(_constitution(3, 1).encode(), "bylaws.txt"), load_profile("articles"))
    assert [(r.id, r.kind.value, r.text, r.line) for r in doc.rules][:3] == [
        ("ARTICLE I", "section", "NAME", 3), ("Section 1", "heading", "Rule 1 of the name holds.", 5),
        ("Section 1(a)", "rule", "The name is the Otter Club.", 7)]


_PAGES = [["100.1. Boats are moored.", "100.2. Fees are paid.", "100.3. Forms are white.", "100.4. Dogs are leashed."],
          ["100.5. Lights are lit.", "(b) Tenders are rowed.", "100.6. Bins are shut.", "100.7. Gates are locked."],
          ["100.8. Keys are kept.", "100.8a Spare keys are kept too.", "100. 8b Lost keys are paid for.", "100.9. Fines are due."]]


def test_items_of_a_paged_document_are_found_on_the_lines_of_the_file() -> None:
    """Running headers and page numbers are left out of the text, and every
    line ruldiff names (an item's, an unread line, a repaired number, a
    glossary term) is the line of the file, pages and all."""
    text = "Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n" + "\n\f".join(
        "\n".join(["CLUB RULES", *lines, f"Page {p}"]) for p, lines in enumerate(_PAGES, 1)
    ) + "\nGlossary\n\nBerth\nA place a boat is moored.\n"
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [(r.id, r.line) for r in doc.rules] == [
        ("100", 5), ("100.1", 8), ("100.2", 9), ("100.3", 10), ("100.4", 11), ("100.5", 14), ("100.6", 16),
        ("100.7", 17), ("100.8", 20), ("100.8a", 21), ("100.8b", 22), ("100.9", 23)]
    assert [(r.id, r.text, r.line) for r in doc.glossary] == [("glossary:Berth", "A place a boat is moored.", 27)]
    assert doc.rules[-1].text == "Fines are due."  # no page number
    assert doc.coverage == Coverage(lines=18, rules=11, headings=1, glossary=3, layout=2, unread=1,
                                    first_unread=((15, "(b) Tenders are rowed."),), repaired=((22, "100. 8b"),),
                                    furniture=6)


def test_a_section_with_only_a_title_and_its_own_items_holds_no_section_after_it() -> None:
    # "§ 2. Permits required." holds (a) and (b); § 3 and § 4, sentences wrapped over two lines,
    # are beside it, not in it: this document's headings end sentences (§ 2 does, on one line), so a
    # wrapped one is a heading as well. § 1, wrapped too, starts the rules: no front matter.
    text = ("Harbour Code\n\n§ 1. Berths. A berth is let by the year and the\nholder keeps it clean.\n\n"
            "§ 2. Permits required.\n\n(a) A permit is needed to launch.\n\n(b) A permit is needed to moor.\n\n"
            "§ 3. Fees. Each holder pays a fee by March and\nkeeps the receipt.\n\n§ 4. Keys. The keys are kept\nby the warden.\n")
    doc = parse(decode(text.encode(), "t.txt"))
    assert [(r.id, r.parent) for r in doc.rules] == [
        ("§ 1", None), ("§ 2", None), ("§ 2(a)", "§ 2"), ("§ 2(b)", "§ 2"), ("§ 3", None), ("§ 4", None)]
    assert {r.kind.value for r in doc.rules if "(" not in r.id} == {"heading"}


@pytest.mark.parametrize("wrapped", [2, 3, 4, 6])
def test_a_first_heading_wrapped_over_any_number_of_lines_starts_the_rules(wrapped: int) -> None:
    # § 1 runs over `wrapped` lines. However long, it is the first heading, and the document's
    # headings are read alike: before, one wrapped over four lines was left in the front matter,
    # and every § of the document became a rule.
    words = "A berth is let by the year and the holder keeps it clean and the warden keeps the list".split()
    lines = [" ".join(words[k::wrapped]) for k in range(wrapped)]
    text = ("Harbour Code\n\n§ 1. Berths. " + "\n".join(lines) + ".\n\n§ 2. Permits required.\n\n"
            "(a) A permit is needed to launch.\n\n§ 3. Fees. Each holder pays a fee by March and\nkeeps the receipt.\n")
    doc = parse(decode(text.encode(), "t.txt"))
    assert [(r.id, r.kind.value) for r in doc.rules] == [
        ("§ 1", "heading"), ("§ 2", "heading"), ("§ 2(a)", "rule"), ("§ 3", "heading")]
    assert doc.intro == ""


_TITLED = ("The Moorings Regulations\n\n{0}\n1. These are the Moorings Regulations.\n\n{1}\n2. Berths are let.\n\n"
           "{2}\n3. Fees are paid.\n\n4. Breach is an offence.\n")


@pytest.mark.parametrize(("titles", "read"), [
    # Three short lines above numbers are the units' titles; two are not enough: the end of the unit before.
    (("Citation", "Berths", "Fees"), ["Citation", "Berths", "Fees", ""]),
    (("Citation", "Berths", ""), ["", "", "", ""]),
    # A title has ten words at most: an eleventh makes a line of text, and two titles are left.
    (("Citation", "Berths", "Fees of the harbour paid by the members each year"),
     ["Citation", "Berths", "Fees of the harbour paid by the members each year", ""]),
    (("Citation", "Berths", "Fees of the harbour paid by the members each calendar year"), ["", "", "", ""]),
])
def test_titles_above_numbers_take_three_units_and_ten_words_at_most(titles: tuple[str, ...], read: list[str]) -> None:
    text = _TITLED.format(*titles).replace("\n\n\n", "\n\n")
    doc = parse(decode(text.encode(), "t.txt"))
    assert [r.title for r in doc.rules] == read
    assert doc.rules[2].text == "Fees are paid."  # a title is never the end of the unit above
    if not any(read):
        assert doc.rules[1].text == f"Berths are let.\n{titles[2]}".rstrip()


@pytest.mark.parametrize(("office", "closing"), [
    ("Minister for Harbours", True),
    # A line of a closing block has sixteen words at most; one of seventeen is text, and the block with it.
    ("Minister of State for Harbours Moorings Slipways Piers Jetties Quays Docks Wharves Locks Weirs and Beaches", True),
    ("Minister of State for Harbours Moorings Slipways Piers Jetties Quays Docks Wharves Locks Weirs Canals and Beaches", False),
])
def test_a_closing_block_has_short_lines(office: str, closing: bool) -> None:
    text = ("The Moorings Regulations\n\n1. These are the Moorings Regulations.\n\n2. Berths are let.\n\n"
            f"3. The 1998 Regulations are revoked.\n\nA. Byrne\n{office}\n1st May 2026\n")
    doc = parse(decode(text.encode(), "t.txt"))
    signed = f"A. Byrne {office} 1st May 2026"
    assert doc.rules[-1].text == ("The 1998 Regulations are revoked." if closing else f"The 1998 Regulations are revoked.\n{signed}")


def test_front_items_counts_the_lines_before_the_first_rule_at_most_once() -> None:
    """`_front_items`: a Contents whose entries read as the body's items
    with other words. Each line before the first rule counts once at most,
    so a front shorter than the share of the rules is not read; at the
    share it is."""
    from ruldiff.documents.parse import FRONT_ITEMS, _front_items, _parse

    profile = load_profile("mtg-cr")
    contents = ["100. Generic", "101. Other words"]

    def front_items(rules: int) -> bool:
        body = [f"{100 + n}. Heading {n}\n\n{100 + n}.1. Rule {n}." for n in range(rules // 2)]
        text = "\n".join([*contents, "", *body]) + "\n"
        source = decode(text.encode(), "f.txt")
        doc = _parse(source, profile)
        assert doc.rules[0].line - 1 == len(contents) + 1  # the Contents and a blank line
        return _front_items(source, profile, doc)

    assert FRONT_ITEMS == 0.25
    assert front_items(8)  # 2 items of 8 rules: a quarter
    assert not front_items(16)  # 3 lines before the first of 16 rules: fewer than a quarter
