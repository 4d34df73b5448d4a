"""grammar.py at its edges, through what `parse` reads and shows: a number
that jumps too far is out of sequence, a heading's title has at most so many
words, each style of numeral is written as docs/numbering.md says."""

from __future__ import annotations

import pytest

from ruldiff.documents.grammar import scan
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode

WORDS = "members of the club and their guests who keep boats in the harbour over winter".split()


def read(lines: list[str], name: str) -> list[tuple[str, str]]:
    doc = parse(decode("\n".join(lines).encode(), name))
    return [(r.id, r.kind.value) for r in doc.rules]


@pytest.mark.parametrize(("jump", "in_sequence"), [(10, True), (11, False)])
def test_a_code_may_skip_nine_repealed_sections_but_a_lone_tenth_is_text(jump: int, in_sequence: bool) -> None:
    lines = ["Town Code", "", "Adopted March 1, 2020.", ""]
    for n in (1, 2, 3, 4, 4 + jump):
        lines += [f"Sec. 7-{n}. The clerk keeps record {n} of the town.", ""]
    ids = [i for i, _ in read(lines, "code.txt")]
    assert (ids == ["7-1", "7-2", "7-3", "7-4", f"7-{4 + jump}"]) is in_sequence, ids


@pytest.mark.parametrize("jump", [11, 16, 96])
def test_a_code_resumes_its_sections_past_those_it_reserves(jump: int) -> None:
    """Municipal codes number each article's sections past a reserved block
    (``Sec. 4-4`` in Article I, ``Sec. 4-20`` opening Article II): a jump
    past `GAP` resumes the sequence when the next section follows it, or
    when it opens a division just headed."""
    lines = ["CHAPTER 7. TOWN RECORDS", "", "ARTICLE I. IN GENERAL", ""]
    for n in (1, 2, 3, 4, 4 + jump, 5 + jump):
        lines += [f"Sec. 7-{n}. The clerk keeps record {n} of the town.", ""]
    lines += ["ARTICLE II. ARCHIVES", "", f"Sec. 7-{5 + 2 * jump}. The archive is open on Mondays.", ""]
    ids = [i for i, _ in read(lines, "code.txt")]
    assert ids == ["7", "I", "7-1", "7-2", "7-3", "7-4", f"7-{4 + jump}", f"7-{5 + jump}", "II", f"7-{5 + 2 * jump}"]


def test_reserved_sections_in_the_plural_are_sections_of_the_code() -> None:
    lines = ["CHAPTER 7. TOWN RECORDS", "", "ARTICLE I. IN GENERAL", ""]
    lines += ["Sec. 7-1. The clerk keeps the records.", "", "Sec. 7-2. Records are public.", ""]
    lines += ["Secs. 7-3\u20147-19. Reserved.", "", "ARTICLE II. ARCHIVES", ""]
    lines += ["Sec. 7-20. The archive is open on Mondays.", "", "Sec. 7-21. Copies cost a dollar.", ""]
    units = read(lines, "code.txt")
    assert [i for i, _ in units] == ["7", "I", "7-1", "7-2", "7-3", "II", "7-20", "7-21"]


def test_a_bare_number_far_past_the_last_is_text_even_in_a_run() -> None:
    lines = ["Club Rules", "", "1. Members pay dues.", "", "2. Dues are yearly.", "", "3. The year starts in May.", ""]
    lines += ["1990. The club was founded.", "", "1991. The club joined the league.", ""]
    assert [i for i, _ in read(lines, "club.txt")] == ["1", "2", "3"]


@pytest.mark.parametrize(("words", "heading"), [(12, True), (13, False)])
def test_a_title_of_twelve_words_makes_a_heading_of_thirteen_a_rule(words: int, heading: bool) -> None:
    title = " ".join(WORDS[:words]).upper()
    lines = ["Club Bylaws", "", "Adopted March 1, 2020.", ""]
    for a, roman in enumerate(("I", "II", "III"), 1):
        lines += [f"ARTICLE {roman} - {title}", ""]
        for s in (1, 2):
            lines += [f"Section {s}. The club keeps record {s} of article {a}.", ""]
    units = read(lines, "bylaws.txt")
    assert [i for i, _ in units] == ["I", "I.1", "I.2", "II", "II.1", "II.2", "III", "III.1", "III.2"]
    assert units[0][1] == ("section" if heading else "rule")


def test_the_numbering_inferred_names_each_style_as_the_manual_writes_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``1`` arabic, ``I`` and ``i`` roman, ``A`` and ``a`` letters; ``(a)``,
    ``A)`` and a bare numeral as printed: what ``ruldiff parse -f yaml``
    shows, to be saved as a profile."""
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    code = tmp_path / "code.txt"
    code.write_text(
        "Town Code\n\nAdopted March 1, 2020.\n\nARTICLE I - GENERAL\n\nSec. 1-1. The clerk keeps records.\n\n"
        "(a) Records are kept in ink.\n\n(b) Records are kept for ten years.\n\n(i) Old records go to the archive.\n\n"
        "Sec. 1-2. The mayor signs.\n\nARTICLE II - FEES\n\nSec. 2-1. Fees are paid in spring.\n\n"
        "A) Late fees double.\n\nSec. 2-2. Fees are posted.\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["parse", str(code), "-f", "yaml"])
    assert done.exit_code == 0, done.output
    assert "  numbering: Article I; Sec 1-1 < Article I; (a); (i); A)\n" in done.output


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def test_articles_numbered_one_to_a_hundred_and_one_in_roman_numerals_are_all_read() -> None:
    """Every letter's value is crossed (IV, IX, XL, XC, C); LXXXVIII, eight
    letters, is longer than a numeral is read (seven), so it is left out, as
    a repealed article would be."""
    numbers = [n for n in range(1, 102) if n != 88]
    lines = ["Club Bylaws", "", "Adopted March 1, 2020.", ""]
    for n in numbers:
        lines += [f"ARTICLE {_roman(n)}", "", f"Section 1. The club keeps record {n}.", ""]
    ids = [i for i, _ in read(lines, "bylaws.txt")]
    assert ids[::2] == [_roman(n) for n in numbers] and ids[1::2] == [f"{_roman(n)}.1" for n in numbers]


def test_sections_that_restart_under_each_article_are_shown_restarting(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """docs/numbering.md's own example: ``Article I; Section 1 < Article I, restarting``."""
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    bylaws = tmp_path / "bylaws.txt"
    bylaws.write_text("Club Bylaws\n\nAdopted March 1, 2020.\n\nARTICLE I - NAME\n\nSection 1. The club is named.\n\n"
                      "Section 2. The club meets.\n\nARTICLE II - MEMBERS\n\nSection 1. Anyone may join.\n\n"
                      "Section 2. Dues are paid.\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["parse", str(bylaws), "-f", "yaml"])
    assert done.exit_code == 0, done.output
    assert "  numbering: Article I; Section 1 < Article I, restarting\n" in done.output


_LABELS = ["Part", "Chapter", "Title", "Article", "Section", "Rule", "Law", "Clause", "Annex", "Schedule", "Division",
           "Book", "Canon", "Regulation", "Paragraph", "Appendix", "Item"]


def test_a_document_numbered_in_seventeen_styles_is_read_in_the_sixteen_most_used() -> None:
    """17 labels one after another, each used once less than the one before
    (``Part`` 18 times ... ``Appendix`` 3 times, ``Item`` twice): the
    16 most used are units; the two ``Item`` lines are text of the last one."""
    lines = ["Club Code", "", "Adopted March 1, 2020.", ""]
    for k, label in enumerate(_LABELS):
        lines += [f"{label} {n}. The clerk keeps record {n} of the {label.lower()}s.\n" for n in range(1, 19 - k)]
    doc = parse(decode("\n".join(lines).encode(), "code.txt"))
    assert [r.id for r in doc.rules][-4:] == ["Paragraph 4", "Appendix 1", "Appendix 2", "Appendix 3"]
    assert doc.rules[-1].text.endswith("Item 2. The clerk keeps record 2 of the items.")


def test_a_division_after_the_articles_is_shown_with_its_word(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Annexes after the articles keep their word in their IDs (``Annex II``),
    and the numbering shown says so, as docs/numbering.md writes it."""
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    bylaws = tmp_path / "bylaws.txt"
    bylaws.write_text("Club Bylaws\n\nAdopted March 1, 2020.\n\nARTICLE I - NAME\n\nSection 1. The club is named.\n\n"
                      "Section 2. The club meets.\n\nARTICLE II - MEMBERS\n\nSection 1. Anyone may join.\n\n"
                      "Section 2. Dues are paid.\n\nANNEX I - FORMS\n\nSection 1. Forms are white.\n\n"
                      "ANNEX II - FEES\n\nSection 1. Fees are due.\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["parse", str(bylaws), "-f", "yaml"])
    assert done.exit_code == 0, done.output
    assert "  numbering: Article I; Section 1 < Article I; Annex I, with its word\n" in done.output


def test_a_measure_wrapped_to_the_start_of_a_line_is_no_number() -> None:
    """``2.5kg of rope`` at a line's start goes on rule 1.3's sentence: a
    number is followed by a space or ends the line."""
    lines = ["Club Rules", "", "Adopted March 1, 2020.", "", "1.1 Boats are moored at the quay.", "", "1.2 Fees are paid.", "",
             "1.3 Each boat carries", "2.5kg of rope and a lamp.", "", "1.4 Forms are white.", "", "2.1 Boats are painted.", "",
             "2.2 Fees double.", ""]
    doc = parse(decode("\n".join(lines).encode(), "rules.txt"))
    assert [(r.id, r.text) for r in doc.rules][2:4] == [("1.3", "Each boat carries 2.5kg of rope and a lamp."), ("1.4", "Forms are white.")]


def test_a_heading_in_capitals_that_ends_in_a_letter_is_no_number() -> None:
    """``AGENDA`` is no unit ``Agend A``: a label and its number are parted by a space."""
    lines = ["Club Bylaws", "", "Adopted March 1, 2020.", "", "ARTICLE I - NAME", "", "Section 1. The club is named.", "",
             "Section 2. The club meets.", "", "AGENDA", "", "Section 3. The agenda is sent.", "", "ARTICLE II - MEMBERS", "",
             "Section 1. Anyone may join.", "", "Section 2. Dues are paid.", ""]
    assert [i for i, _ in read(lines, "bylaws.txt")] == ["I", "I.1", "I.2", "I.3", "II", "II.1", "II.2"]


def test_of_two_styles_used_alike_past_the_sixteenth_the_first_is_kept_in_every_run(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``Appendix`` and ``Item`` both used twice, the 16th and 17th styles:
    ``Appendix``, met first, is read, in every process (the styles were a
    set, whose order changes with the hash seed: one run kept ``Item``)."""
    import json

    from helpers import same_under_every_hash_seed

    lines = ["Club Code", "", "Adopted March 1, 2020.", ""]
    for k, label in enumerate(_LABELS):
        lines += [f"{label} {n}. The clerk keeps record {n} of the {label.lower()}s.\n" for n in range(1, max(3, 18 - k))]
    code = tmp_path / "code.txt"
    code.write_text("\n".join(lines), encoding="utf-8")
    out = same_under_every_hash_seed(["-m", "ruldiff", "parse", str(code), "-f", "json"])
    assert [i["id"] for i in json.loads(out)["items"]][-3:] == ["Paragraph 3", "Appendix 1", "Appendix 2"]


def test_sections_numbered_after_their_roman_article_are_read() -> None:
    """``II.1`` under ``II. Members``: a number of a roman article, then a
    dot and the section's number."""
    lines = ["Club Bylaws", "", "I. Name", "", "I.1 The club is called the Otter Club.", "", "I.2 Its colours are blue.", "",
             "II. Members", "", "II.1 Anyone may join.", "", "II.2 Members pay dues each year.", "",
             "III. Meetings", "", "III.1 The club meets monthly.", ""]
    assert [i for i, _ in read(lines, "bylaws.txt")] == ["I", "I.1", "I.2", "II", "II.1", "II.2", "III", "III.1"]


_LEADS = ["see", "see under", "under", "in", "to", "of", "by", "with", "per", "rule", "rules", "section", "sections",
          "sec.", "secs.", "law", "laws", "article", "articles", "paragraph", "paragraphs", "clause", "clauses", "part",
          "parts", "chapter", "chapters", "regulation", "regulations", "subsection", "subsections", "annex", "appendix",
          "schedule", "canon", "canons", "title", "titles", "§", "article IV,", "section 3,", "part 2,", "chapter 7,",
          "title 9,", "law 5,", "rule 6,", "canon 8,", "section 4.b,", "Article IV, Section", "Title II, Canon",
          "part 2, chapter", "article 3, paragraphs"]


@pytest.mark.parametrize("lead", [*(f"as set out {w}" for w in _LEADS), "as set out. See", "as set out; see", "See", "Under section"])
def test_a_number_after_a_word_that_cites_is_a_reference_wrapped_to_the_line_start(lead: str) -> None:
    """``as set out in`` / ``1.3 of these rules.``: a number at the start
    of a line, after a line that ends with a word that cites or leads into a
    reference (after a lower-case word or a sentence's end, or alone), is the
    reference going on, not a number of the document's own (`scan`)."""
    lines = ["1.1 Boats are moored at the quay.", "1.2 The fee is paid each spring", lead, "1.3 of these rules.",
             "1.4 Gates are shut at dusk.", "1.5 Fees double in May."]
    assert [t.number for t in scan(lines)] == ["1.1", "1.2", "1.4", "1.5"]


@pytest.mark.parametrize("name", ["articles", "laws", "outline"])
def test_a_built_in_profile_reads_a_lead_in_as_the_grammar_does(name: str) -> None:
    """The lead-in pattern is written in the three built-in profiles that
    read wrapped numbered text and in the grammar (`REFERENCE_LEAD`): a
    change to one must be made to all four."""
    from ruldiff.documents.grammar import REFERENCE_LEAD
    from ruldiff.documents.profiles import load_profile

    lead = load_profile(name).reference_lead
    assert lead is not None and lead.pattern == REFERENCE_LEAD.pattern


@pytest.mark.parametrize("line", ["as set out by Mr Smith", "as set out by Ms Smith in", "as set out insection", "as set out seein",
                                  "as set out (in", "as set out-in", "as set out.in", "in 2 parts",
                                  "on the underparts", "as set out in the rules,"])
def test_a_number_after_a_line_that_ends_in_no_citing_word_is_a_unit(line: str) -> None:
    """A name, a word that only ends like one that cites (``insection``,
    ``underparts``, ``seein``), a citing word glued to a bracket, a dash or a full stop
    or after a figure (``in 2 parts``), or a clause ended by a comma does not
    make the number after it a reference."""
    lines = ["1.1 Boats are moored at the quay.", "1.2 The fee is paid each spring", line, "1.3 Gates are shut.",
             "1.4 Fees double in May."]
    assert [t.number for t in scan(lines)] == ["1.1", "1.2", "1.3", "1.4"]


@pytest.mark.parametrize("line", ['1.2 Members said "pay." Fees are due per', "1.2 Members said (pay.) Fees are due per",
                                  "1.2 Dues are set under Sec."])
def test_a_short_numbered_line_that_ends_a_sentence_then_cites_leads_into_the_next_number(line: str) -> None:
    """A numbered line short enough for a heading is running text when a
    sentence ends in it, after its closing quote or bracket too, or when it
    ends with ``Sec.``: the number at the start of the next line is the
    reference it leads into, not a unit of its own."""
    lines = ["1.1 Boats are moored at the quay.", line, "1.3 of these rules.", "1.4 Gates are shut at dusk.",
             "1.5 Fees double in May."]
    assert [t.number for t in scan(lines)] == ["1.1", "1.2", "1.4", "1.5"]


@pytest.mark.parametrize("line", ["1.2 Club and ground rules", "1.2 Fees of 2.5 percent and rules"])
def test_a_short_numbered_line_that_ends_no_sentence_is_a_heading_even_ending_in_a_citing_word(line: str) -> None:
    """``rules`` may lead into a number, but a short numbered line with no
    sentence's end in it (a full stop inside a figure ends none) is a
    heading: the number on the next line is a unit."""
    lines = ["1.1 Boats are moored at the quay.", line, "1.3 Members keep them.", "1.4 Gates are shut at dusk."]
    assert [t.number for t in scan(lines)] == ["1.1", "1.2", "1.3", "1.4"]


def test_a_policy_numbered_from_point_zero_nests_its_sections_under_it() -> None:
    """``3.0 DEFINITIONS`` heads ``3.1`` and ``3.2`` (policies and standards
    number a section's heading ``.0``); ``4.0`` is 3.0's sibling, and
    ``4.2.1`` is nested under ``4.2`` as before."""
    from ruldiff.model import RuleKind

    lines = ["Travel Policy", "", "1.0 PURPOSE", "This policy covers travel.", "", "3.0 DEFINITIONS",
             "3.1 Approver: the manager who approves a trip.", "3.2 Per diem: a daily allowance.", "",
             "4.0 BOOKING", "4.1 Flights are booked on the portal.", "4.2 Economy class is required.",
             "4.2.1 Business class may be approved for long flights.", "4.3 Hotels are booked at the agreed rate."]
    doc = parse(decode("\n".join(lines).encode(), "policy.txt"))
    parents = {r.id: r.parent for r in doc.rules}
    assert parents == {"1.0": None, "3.0": None, "3.1": "3.0", "3.2": "3.0", "4.0": None, "4.1": "4.0",
                       "4.2": "4.0", "4.2.1": "4.2", "4.3": "4.0"}
    assert {r.kind for r in doc.rules if r.id in ("3.1", "4.2.1")} == {RuleKind.RULE}
    # Read by the inferred grammar (sections apart, as a word processor
    # writes them), the same numbering nests the same way.
    policy = ["Acme Corporation", "Travel Policy", "Revision 4", "", "1.0 PURPOSE", "This policy covers travel.", "",
              "2.0 SCOPE", "It applies to all staff.", "", "3.0 DEFINITIONS",
              "3.1 Approver: the manager who approves a trip.", "3.2 Per diem: a daily allowance.", "",
              "4.0 BOOKING", "4.1 Flights are booked on the portal.", "4.2 Economy class is required.",
              "4.2.1 Business class may be approved for long flights.", "4.2.2 First class is never paid.",
              "4.3 Hotels are booked at the agreed rate.", "", "5.0 EXPENSES", "5.1 Receipts are kept.",
              "5.2 Claims are made within a month."]
    doc = parse(decode("\n".join(policy).encode(), "policy.txt"))
    assert doc.profile == "inferred"
    assert {r.id: r.parent for r in doc.rules} == {
        **parents, "2.0": None, "4.2.2": "4.2", "5.0": None, "5.1": "5.0", "5.2": "5.0"}


def test_a_section_numbered_point_double_zero_heads_its_numbers_as_point_zero_does() -> None:
    """``1.00 PURPOSE`` over ``1.01``, ``1.02`` (a policy numbered in two
    digits): read by the outline profile as by the inferred grammar, the
    zeros head their prefix, and ``1.10`` is an ordinary section under it."""
    lines = ["Booking Policy", "", "1.00 PURPOSE", "", "1.01 This policy says how rooms are booked.", "",
             "1.02 It applies to every member.", "", "1.10 Guests are members for a day.", "", "2.00 BOOKING", "",
             "2.01 A member books a room a week ahead.", "", "2.02 A booking lapses after ten minutes."]
    doc = parse(decode("\n".join(lines).encode(), "policy.txt"))
    assert {r.id: r.parent for r in doc.rules} == {
        "1.00": None, "1.01": "1.00", "1.02": "1.00", "1.10": "1.00", "2.00": None, "2.01": "2.00", "2.02": "2.00"}
