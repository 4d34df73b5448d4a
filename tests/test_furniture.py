"""Page furniture removed before parsing (documents/furniture.py): running
headers and footers, page numbers, form feeds; a paragraph broken by a page
rejoined. Every text here is invented."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ruldiff.cli.main import main
from ruldiff.documents.furniture import remove_furniture
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode

WORDS = ("members", "guests", "boats", "moorings", "the", "harbour", "keys", "committee", "shall", "keep",
         "record", "season", "tender", "slipway", "notice", "fees", "winter", "storage", "launch", "safety")


def units(count: int = 30, seed: int = 0) -> list[tuple[str, str]]:
    """An outline of sections and rules, ``(number, text)``, with invented words."""
    out: list[tuple[str, str]] = []
    k = seed
    for section in range(1, count // 5 + 1):
        out.append((f"{section}.", f"Part {section} of the Harbour"))
        for rule in range(1, 5):
            k += 7
            words = [WORDS[(k * (j + 3)) % len(WORDS)] for j in range(18 + k % 11)]
            out.append((f"{section}.{rule}", " ".join(words).capitalize() + "."))
    return out


def body(rules: list[tuple[str, str]], width: int) -> list[str]:
    lines = ["Harbour Sailing Club Rules", "", "Effective 1 March 2024.", ""]
    for number, text in rules:
        lines += textwrap.wrap(f"{number} {text}", width) if width else [f"{number} {text}"]
        lines.append("")
    return lines


def paginate(lines: list[str], per: int, header: str | None, footer: str | None, formfeed: bool) -> str:
    pages = [lines[i : i + per] for i in range(0, len(lines), per)]
    out = []
    for n, page in enumerate(pages, 1):
        top = [header.format(n=n, N=len(pages)), ""] if header else []
        bottom = ["", footer.format(n=n, N=len(pages))] if footer else []
        out.append("\n".join(top + page + bottom))
    return ("\n\f" if formfeed else "\n\n").join(out) + "\n"


def read(text: str) -> list[tuple[str, str]]:
    return [(r.id, r.text) for r in parse(decode(text.encode(), "rules.txt")).rules]


PLAIN = "\n".join(body(units(), 0)) + "\n"


@pytest.mark.parametrize("footer", ["Page {n} of {N}", "- {n} -", "{n}", "[{n}]", "p. {n}", "Page {n}",
                                    "Page {n} of {N}                 Supp. No. 4", "p. {n}   Harbour Sailing Club"])
@pytest.mark.parametrize("formfeed", [False, True])
def test_headers_and_page_numbers_are_not_read_into_rules(footer: str, formfeed: bool) -> None:
    text = paginate(body(units(), 0), 23, "HARBOUR SAILING CLUB   MARCH 2024", footer, formfeed)
    cleared = remove_furniture(text)
    assert "\f" not in cleared.text and "HARBOUR SAILING CLUB" not in cleared.text
    assert cleared.removed == 2 * text.count("HARBOUR SAILING CLUB")
    assert read(text) == read(PLAIN)


def test_the_count_is_shown_by_parse_text(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text(paginate(body(units(), 0), 23, None, "Page {n} of {N}", False), encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(path), "-f", "text"])
    assert result.exit_code == 0, result.output
    pages = path.read_text().count("Page ")
    assert f"furniture: {pages} lines removed" in result.output


def test_a_paragraph_broken_by_a_page_and_a_hyphen_is_joined_again() -> None:
    # One paragraph per line, but rule 2.3 runs over a page break, mid-word.
    before = ["Harbour Rules", "", "Effective 1 March 2024.", "", "1. Moorings", "", "1.1 Boats are moored.", ""]
    lines = [f"1.{n} Fees are paid in spring by every member." for n in range(2, 60)]
    start = "\n".join(before + lines[:30]) + "\n"
    page2 = "\n".join(lines[30:]) + "\n2. Launching\n2.1 Launch with care.\n2.2 Tenders are rowed.\n"
    rule = "the committee shall keep a record of every mooring allocated in the season"
    broken = (
        start + "\n- 1 -\n\f\nHARBOUR RULES\n\n" + page2
        + "2.3 the committee shall keep a record of every mooring allo-\n\n- 2 -\n\f\nHARBOUR RULES\n\n"
        + "cated in the season\n" + "\n".join(lines[:25]).replace("1.", "3.") + "\n\n- 3 -\n"
    )
    cleared = remove_furniture(broken)
    assert cleared.removed == 5
    assert dict(read(broken))["2.3"] == rule  # joined as parse.py joins a wrapped line: "allo" is no word


def test_an_item_numbered_in_lower_case_after_a_page_break_is_a_new_item() -> None:
    # "c) ..." starts in lower case, but it is the next item, not the sentence going on.
    def page(n: int, lines: list[str]) -> str:
        return "\n".join(["HARBOUR RULES", "", *lines, "", f"- {n} -"])

    rules = [f"{s}.{r} Fees are paid in spring by every member." for s in range(1, 4) for r in range(1, 25)]
    items = ["1.25 Boats are stored in winter:", "a) on the hard;", "b) in the shed;"]
    text = "\f".join([page(1, rules[:24] + items), page(2, ["c) on a trailer.", *rules[24:48]]),
                       page(3, rules[48:])]) + "\n"
    cleared = remove_furniture(text)
    assert "\nc) on a trailer." in cleared.text
    assert "in the shed; c)" not in cleared.text


def test_a_header_that_looks_like_a_numbered_line_is_furniture() -> None:
    # A running header that starts with a number (the year), the same on every page.
    text = paginate(body(units(), 0), 23, "2024 Harbour Sailing Club", "{n}", False)
    assert "2024 Harbour" not in remove_furniture(text).text
    assert read(text) == read(PLAIN)


def test_rules_alike_but_for_their_number_are_kept() -> None:
    # "N.2 Reserved." a page apart counts up like a page number, but words
    # follow the number: it is a unit.
    lines = ["Harbour Rules", ""]
    for section in range(1, 12):
        lines += [f"{section}. Part {section}", "", f"{section}.1 Boats are moored in rows.", "",
                  f"{section}.2 Reserved.", ""] + [f"{section}.{n} Fees are paid by day {n}." for n in range(3, 40)]
    text = "\n".join(lines) + "\n"
    cleared = remove_furniture(text)
    assert cleared.removed == 0 and cleared.text is text


def test_a_short_line_that_ends_the_sentence_above_is_kept() -> None:
    # "Director." ends a wrapped paragraph on every page, 30 lines apart, as
    # a footer would come back; it completes the line above, so it is text.
    # The page numbers below are still furniture.
    lines = ["Harbour Rules", ""]
    for n in range(1, 9):
        lines += [f"{n}. Part {n}", ""]
        lines += [f"{n}.{k} Boats are moored in row {k} by the members." for k in range(1, 25)]
        lines += [f"{n}.25 No boat may be launched without the consent of the", "Director.", "", f"- {n} -", ""]
    text = "\n".join(lines) + "\n"
    cleared = remove_furniture(text)
    assert cleared.text.count("Director.") == 8 and "- 3 -" not in cleared.text
    rules = dict(read(text))
    assert " ".join(rules["5.25"].split()) == "No boat may be launched without the consent of the Director."


def test_a_line_that_is_text_on_one_page_is_text_at_the_next_page_edge_too() -> None:
    # "Director." ends a wrapped paragraph at the foot of page 2, under its
    # sentence, and again at the top of page 3, under the running header,
    # where the sentence was broken by the page: the same line at two page
    # edges, as a running footer would be, but text both times.
    def page(n: int, lines: list[str]) -> str:
        return "\n".join(["HARBOUR RULES    2024", "", *lines])

    rules = [f"{s}.{r} Fees are paid in spring by every member." for s in range(1, 4) for r in range(1, 30)]
    pages = [rules[:25],
             [*rules[25:47], "2.19 No boat may be moored without the consent of the", "Director.",
              "2.20 No tender may be rowed at night without the consent of the"],
             ["Director.", "", *rules[49:70]],
             rules[70:]]
    text = "\f".join(page(n, lines) for n, lines in enumerate(pages, 1)) + "\n"
    cleared = remove_furniture(text)
    assert "HARBOUR RULES" not in cleared.text and cleared.text.count("Director.") == 2
    rules_read = dict(read(text))
    assert " ".join(rules_read["2.20"].split()) == "No tender may be rowed at night without the consent of the Director."


def test_the_end_of_a_sentence_broken_by_each_page_is_kept() -> None:
    # Every page breaks a sentence whose last line, "and keep a record of it.",
    # comes back at the top of each page, under the running header.
    lines: list[str] = []
    for n in range(1, 8):
        lines += ["Harbour Rules 2024", ""]
        lines += [f"{n}.{k} Boats are moored in row {k} by the members." for k in range(1, 30)]
        lines += [f"{n}.30 The committee shall inspect the moorings", "", f"- {n} -", ""]
        lines += ["" if n == 7 else "and keep a record of it."]
    text = "\n".join(["Harbour Rules", "", "1. Moorings", ""] + lines[2:]) + "\n"
    cleared = remove_furniture(text)
    assert cleared.text.count("and keep a record of it.") == 6 and "- 3 -" not in cleared.text
    assert "Harbour Rules 2024" not in cleared.text
    rules = dict(read(text))
    assert " ".join(rules["3.30"].split()) == "The committee shall inspect the moorings and keep a record of it."


def test_a_numbered_heading_is_never_removed() -> None:
    # Sections whose heading is the same but for its number, one a page apart.
    lines = ["Harbour Rules", ""]
    for section, size in enumerate((19, 8, 30, 12, 25, 20, 9), 1):
        lines += [f"Section {section}", ""] + [f"{section}.{n} Boats are moored in row {n}." for n in range(1, size)] + [""]
    text = "\n".join(lines) + "\n"
    assert remove_furniture(text).removed == 0


def test_rule_lines_are_those_of_the_file() -> None:
    text = paginate(body(units(), 0), 23, "HARBOUR SAILING CLUB   MARCH 2024", "- {n} -", True)
    file_lines = text.split("\n")
    for rule in parse(decode(text.encode(), "rules.txt")).rules:
        assert file_lines[rule.line - 1].lstrip("\f").startswith(rule.id)


def test_a_document_without_furniture_is_returned_as_it_is() -> None:
    cleared = remove_furniture(PLAIN)
    assert cleared.text is PLAIN and cleared.removed == 0


line_text = st.text(alphabet="abcdefghij klmnop.,;0123456789", min_size=1, max_size=60)


@settings(max_examples=150, deadline=None)
@given(st.lists(line_text, min_size=0, max_size=120, unique_by=lambda s: " ".join(s.split())))
def test_text_without_repeated_short_lines_is_unchanged(lines: list[str]) -> None:
    """No line repeats, not even once its numbers are set aside: the shapes
    differ. One line is furniture though printed once: page one's number
    alone on the last line ("1", "p. 1" in this alphabet), a one-page
    document's footer (tested apart: `test_a_bare_page_one_number_below_the_last_sentence_is_furniture`)."""
    import re

    shapes = [re.sub(r"\d+", "#", " ".join(s.split())) for s in lines]
    if len(set(shapes)) < len(shapes):
        lines = [s for s, shape in zip(lines, shapes) if shapes.count(shape) == 1]
    if lines and re.fullmatch(r"(?:p\.\s?)?1", lines[-1].strip()):
        lines = lines[:-1]
    text = "\n".join(lines) + "\n"
    cleared = remove_furniture(text)
    assert cleared.removed == 0 and cleared.text == text


def test_two_versions_differing_only_in_pagination_and_wrapping_are_the_same(tmp_path: Path) -> None:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(paginate(body(units(), 72), 31, "HARBOUR SAILING CLUB   MARCH 2024", "Page {n} of {N}", True),
                   encoding="utf-8")
    new.write_text(paginate(body(units(), 58), 44, "Harbour Sailing Club Rules", "- {n} -", False), encoding="utf-8")
    result = CliRunner().invoke(main, [str(old), str(new), "-f", "json", "--exit-code"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["changes"] == []


@pytest.mark.parametrize("blank", ["\n", ""])
def test_a_bare_page_one_number_below_the_last_sentence_is_furniture(blank: str) -> None:
    # A one-page code exported with a bare page number: after a blank line, or right below
    # the last sentence as text read from a PDF has it, "1" is no part of the last rule.
    lines = [line for line in body(units(10), 60) if line or blank]
    text = "\n".join(lines).rstrip() + f"\n{blank}1\n"
    last_id, last_text = read(text)[-1]
    assert last_text.endswith(".") and not last_text.endswith("\n1")
    assert read(text.replace("\n1\n", "\n").rstrip() + "\n") == read(text)
    assert read("Rules\n\n1. One.\n2. Under Law\n1\n")[-1][1].endswith("1")  # below a sentence left open: text


@pytest.mark.parametrize("footer", ["- 1 -", "Page 1 of 1", "[1]", "Page 1"])
def test_the_footer_of_a_one_page_document_is_furniture(footer: str) -> None:
    # Printed once, it cannot come back page after page; as the last line of the text, after a
    # blank line, a page number of page one is the footer, not the end of the last rule.
    text = "\n".join(body(units(10), 0)) + f"\n\n{footer}\n"
    assert footer not in read(text)[-1][1]
    assert read("Rules\n\n1. One.\n2. Closing text\n1\n")[-1][1].endswith("1")  # a bare 1 is text


# Lines of one shape, written differently: white space of other kinds, other
# digits (Arabic-Indic, full-width), roman numerals, a literal "#".
SAME_SHAPES = [
    ("Page 3 of 9", "Page\u00a012 of 13", "Page \u0663 of \u0669", "Page  \uff17 of 9 ", "Page\t3\u2003of 10"),
    ("- iv -", "- 4 -", "- XII -", "-\u00a0x\u00a0-"),
    ("# 3", "#  12", "\u3000# 7"),
    ("Harbour Club \u2014 March 2024", "Harbour\u00a0Club \u2014 March 2025"),
]


@pytest.mark.parametrize("lines", SAME_SHAPES)
def test_lines_of_one_shape_have_one_skeleton(lines: tuple[str, ...]) -> None:
    """The skeleton filter (`_skeleton`) shapes only the lines whose skeleton
    another line shares: it must never tell apart two lines of one shape,
    ASCII or not."""
    from ruldiff.documents.furniture import _shape, _skeleton

    assert len({_shape(line)[0] for line in lines}) == 1  # type: ignore[index]
    assert len({_skeleton(line) for line in lines}) == 1


def test_a_footer_written_with_other_spaces_is_furniture() -> None:
    """A running footer whose pages write its space as a non-breaking one,
    is one footer: the ASCII and the other lines are grouped together."""
    lines = paginate(body(units(), 0), 23, None, "PAGE-{n}", False).split("\n")
    expected = remove_furniture("\n".join(lines))
    assert expected.removed > 2
    text = "\n".join(line.replace("PAGE-", "Page\u00a0" if k % 2 else "Page ") for k, line in enumerate(lines))
    cleared = remove_furniture(text)
    assert cleared.removed == expected.removed
    assert "Page" not in cleared.text


def test_the_lines_split_to_look_for_furniture_are_given_to_the_parser() -> None:
    """A text long enough to have pages, and without furniture, comes back
    itself with its lines (the parser splits it no second time); a text with
    furniture, or too short, comes back without them."""
    cleared = remove_furniture(PLAIN)
    assert cleared.text is PLAIN and cleared.lines == PLAIN.split("\n")
    paged = paginate(body(units(), 0), 23, "HARBOUR SAILING CLUB   MARCH 2024", "- {n} -", False)
    assert remove_furniture(paged).lines is None
    assert remove_furniture("1. One.\n2. Two.\n").lines is None
    assert read(PLAIN) == [(r.id, r.text) for r in parse(decode(PLAIN.encode(), "rules.txt"), None).rules]


@pytest.mark.parametrize("word", ["Page", "page", "PAGE", "p.", "Pg."])
def test_a_page_number_beside_a_supplement_is_a_page_number_whatever_the_words_case(word: str) -> None:
    """``Page 3 of 9    Supp. No. 7`` (a code's supplement beside its page
    number): the word before the number says it counts pages, so the words
    after it do not make the line a unit's number."""
    from ruldiff.documents.furniture import _numbers_lines

    run = [(0, (1, 9, 7)), (40, (2, 9, 7))]
    assert _numbers_lines(f"{word} # of #    Supp. No. #", run) is False
    assert _numbers_lines("Rule # of #    Supp. No. #", run) is True


def test_a_running_header_or_footer_of_two_pages_without_form_feeds_is_furniture() -> None:
    """Twice is furniture only at the document's ends: the header on its first
    line, the page number on its last (`_furniture` shapes no other pair)."""
    lines = body(units(20), 0)
    per = len(lines) // 2 + 1  # two pages, each longer than MIN_GAP
    for header, footer in (("HARBOUR SAILING CLUB   MARCH 2024", None), (None, "Page {n} of {N}")):
        text = paginate(lines, per, header, footer, False)
        cleared = remove_furniture(text)
        assert cleared.removed == 2
        assert "MARCH 2024" not in cleared.text and "Page 1 of 2" not in cleared.text
        assert read(text) == read("\n".join(lines) + "\n")


def test_headings_listed_in_the_contents_and_over_their_rules_are_kept() -> None:
    """Each heading printed twice, far apart (a contents list, then over its
    rules), is the document's own: a pair of lines in the middle of a
    document is never furniture, and is not weighed as such."""
    rules = units(40)
    contents = ["Contents", ""] + [f"{n} {t}" for n, t in rules if n.endswith(".")] + [""]
    lines = body(rules, 0)
    text = "\n".join(lines[:4] + contents + lines[4:]) + "\n"
    cleared = remove_furniture(text)
    assert cleared.removed == 0 and cleared.text is text


def test_an_item_lettered_with_a_period_after_a_page_break_starts_its_own_line() -> None:
    """"a.  give notice" after a page's footer is the list's first item, not
    the sentence before the break going on (found by the hand-written
    insurance policy of session 23, whose list lost its first three items)."""
    body = [f"Line {i} of the policy text." for i in range(1, 40)] + ["1.  Duties after loss. You must do the following:"]
    body += ["", "                Page 1 of 2", "\f", "    a.  give notice to us;", "", "    b.  protect the property."]
    body += [f"Line {i} of the policy text." for i in range(41, 80)] + ["", "                Page 2 of 2"]
    cleared = remove_furniture("\n".join(body) + "\n")
    assert "    a.  give notice to us;" in cleared.text.split("\n")
