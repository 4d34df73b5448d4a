"""furniture.py at the edge of each of its bounds: a running header just
inside a bound is taken out of the text, just outside it is kept (a line
that comes back too seldom, too often, too irregularly or over too little of
the document is the document's own)."""

from __future__ import annotations

import pytest
from test_furniture import body, units

from ruldiff.documents.furniture import remove_furniture

HEADER = "HARBOUR SAILING CLUB RULES"
CONTENT = [line for line in body(units(600), 0)[4:] if line]  # rules, one a line, no blank line
TITLE = ["Harbour Sailing Club Rules", "", "Effective 1 March 2024.", ""]


def paged(pages: list[int], header: str = HEADER, tail: int = 0, at: int = 0) -> str:
    """The title, then a page of `n` lines (its header among them, on line
    `at` of the page) for each n of `pages`, then `tail` lines of rules: no
    form feed, the header never the document's first line."""
    lines, k = list(TITLE), 0
    for n in pages:
        page = CONTENT[k : k + n - 1]
        k += n - 1
        lines += page[:at] + [header] + page[at:]
    lines += CONTENT[k : k + tail]
    assert k + tail <= len(CONTENT)
    return "\n".join(lines) + "\n"


def kept(text: str, header: str = HEADER) -> int:
    """How many times the header is left in the text."""
    return remove_furniture(text).text.split("\n").count(header)


def test_a_header_of_80_characters_is_furniture_and_one_of_81_is_not() -> None:
    for length, left in ((80, 0), (81, 5)):
        header = ("Harbour Sailing Club, Rules of the Moorings and the Slipway " * 2)[:length - 1] + "X"
        assert len(header) == length
        assert kept(paged([30] * 5, header), header) == left, length


def test_a_header_on_three_pages_is_furniture_and_on_two_it_is_not() -> None:
    assert kept(paged([30] * 3)) == 0
    assert kept(paged([30] * 2, tail=30)) == 2


def test_a_line_back_every_20_lines_is_a_page_header_and_every_19_it_is_not_always() -> None:
    assert kept(paged([20] * 6)) == 0
    assert kept(paged([19] * 6)) > 0  # taken only where 38 lines apart: those between stay


def test_pages_of_150_lines_have_headers_and_of_151_they_do_not() -> None:
    assert kept(paged([150] * 3)) == 0
    assert kept(paged([151] * 3)) == 3


@pytest.mark.parametrize(("odd", "furniture"), [(70, True), (65, False), (140, True), (145, False)])
def test_a_page_may_be_07_to_14_times_the_usual_length(odd: int, furniture: bool) -> None:
    assert (kept(paged([100, 100, odd, 100, 100])) == 0) is furniture


@pytest.mark.parametrize(("size", "furniture"), [(300, True), (320, False)])
def test_a_header_without_numbers_must_span_half_the_document(size: int, furniture: bool) -> None:
    """Three headers 50 lines apart span 150 lines (with one interval): half of 300, less than half of 320."""
    text = paged([50] * 3, tail=size - 1 - len(TITLE) - 150)
    assert len(text.split("\n")) == size
    assert (kept(text) == 0) is furniture


def test_a_short_line_whose_number_goes_up_by_two_is_no_page_number() -> None:
    lines, k = list(TITLE), 0
    for n in range(1, 7):
        lines += [f"Chapter {2 * n}", *CONTENT[k : k + 29]]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text
    assert all(f"Chapter {2 * n}" in cleared.split("\n") for n in range(1, 7))


@pytest.mark.parametrize(("line", "furniture"), [(1, True), (2, False)])
def test_form_feeds_mark_pages_whose_second_line_is_their_edge(line: int, furniture: bool) -> None:
    """Pages of unlike lengths, told apart by form feeds: a header on each
    page's second line is at its edge, on its third it is not (nor at a
    regular interval)."""
    pages, k = [], 0
    for n in (30, 90, 40, 120, 35):
        page = CONTENT[k : k + n]
        k += n
        pages.append("\n".join(page[:line] + [HEADER] + page[line:]))
    text = "\n\f".join(["\n".join(TITLE), *pages]) + "\n"  # the title on a page of its own
    assert (kept(text) == 0) is furniture


@pytest.mark.parametrize("space", ["  ", "\t", " \u00a0"])
def test_a_header_printed_with_other_spacing_on_some_pages_is_one_header(space: str) -> None:
    """Two pages with the header as printed, two with a wider space in it:
    one header on four pages, not two headers on two pages each."""
    other = HEADER.replace(" ", space, 1)
    text = paged([60] * 4)
    at = [i for i, line in enumerate(text.split("\n")) if line == HEADER]
    lines = text.split("\n")
    for i in at[1::2]:
        lines[i] = other
    cleared = remove_furniture("\n".join(lines)).text.split("\n")
    assert HEADER not in cleared and other not in cleared


@pytest.mark.parametrize(("strays", "found"), [(2, True), (3, False)])
def test_page_numbers_are_found_after_two_stray_numbers_on_lines_of_their_own(strays: int, found: bool) -> None:
    """Bare numbers on lines of their own (``9``, ``7``) before the first
    page: the runs from the first and the second are tried and fail, the
    third is tried too (then no more)."""
    lines = list(TITLE)
    for stray in (9, 7, 8)[:strays]:
        lines += [str(stray), CONTENT[stray]]
    k = 10
    for page in range(1, 6):
        lines += CONTENT[k : k + 29] + [str(page)]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert all(str(p) not in cleared for p in range(1, 6)) is found


ROMAN = ["i", "ii", "iii", "iv", "v"]


def roman(n: int) -> str:
    """``n`` in roman numerals, lower case."""
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + letters, n - value
    return out


# Each run crosses the first use of a letter (iv, ix, xl, xc, cd), so that a letter worth one more or
# one less than it should be breaks the count; m needs the last page of a 1000-page document (below).
@pytest.mark.parametrize("first", [1, 8, 38, 89, 399])
@pytest.mark.parametrize("case", [str.lower, str.upper])
def test_pages_numbered_in_roman_numerals_lose_their_numbers(case, first: int) -> None:  # type: ignore[no-untyped-def]
    lines, k = list(TITLE), 0
    for n in range(first, first + 5):
        lines += CONTENT[k : k + 29] + ["", f"- {case(roman(n))} -", ""]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert [line for line in cleared if line.startswith("- ")] == []
    assert CONTENT[0] in cleared and CONTENT[k - 1] in cleared


@pytest.mark.parametrize("footer", ["- é{} -", "- {}é -"])
def test_roman_letters_against_an_accented_letter_are_a_word_not_a_page_number(footer: str) -> None:
    """``- ié -``, ``- iié -``, ... at each page's foot are kept: a roman
    numeral is a page number only alone among signs, and an accented letter
    is a letter like any other."""
    lines, k = list(TITLE), 0
    for n in range(1, 6):
        lines += CONTENT[k : k + 29] + ["", footer.format(roman(n)), ""]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert [line for line in cleared if line.startswith("- ")] == [footer.format(roman(n)) for n in range(1, 6)]


def test_a_word_numbered_in_roman_numerals_is_a_heading_not_a_page_number() -> None:
    """``PART ii`` at the interval of a page is kept: a roman numeral is a
    page number only alone among signs (``- ii -``), where an arabic one may
    follow a short word (``Page 2``)."""
    lines, k = list(TITLE), 0
    for numeral in ROMAN:
        lines += [f"PART {numeral}", *CONTENT[k : k + 29]]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert [line for line in cleared if line.startswith("PART ")] == [f"PART {n}" for n in ROMAN]


@pytest.mark.parametrize(("footer", "furniture"), [
    ("3", True), ("- 3 -", True), ("[3]", True), ("p. 3", True), ("p.3", True), ("Page 3", True),
    ("PAGE 3 of 3", True), ("Pg 3", True), ("-- 3 --", True), ("(3)", True), ("3 of 3", True),
    ("3 Fees", False), ("3 TAX", False), ("Rule 3.", False), ("Section 3", False), ("Pages 3", False), ("3 of 3 rules", False),
    ("Page 3 of 4", False), ("2", False), ("Schedule 3", False),
])
def test_the_last_line_is_the_last_pages_number_only_in_a_page_numbers_shape(footer: str, furniture: bool) -> None:
    """Three pages, marked by form feeds; the last line alone is numbered:
    taken for the last page's number only when it reads as one (the count of
    pages, with at most a short word before it and signs around it)."""
    pages = ["\n".join(CONTENT[k : k + 30]) for k in (0, 30, 60)]
    text = "\n\f".join(pages) + f"\n\n{footer}\n"
    cleared = remove_furniture(text).text.rstrip("\n").split("\n")
    assert (cleared[-1] != footer) is furniture, cleared[-3:]


@pytest.mark.parametrize("footer", ["PAGE 1", "PAGE 1 OF 1", "p. 1", "p.1", "Page 1 of 1", "Page1", "- 1 -", "-1-", "[1]"])
def test_a_one_page_documents_page_number_is_furniture(footer: str) -> None:
    text = "\n".join([*TITLE, *CONTENT[:12], "", footer]) + "\n"
    assert remove_furniture(text).text.rstrip("\n").split("\n")[-1] == CONTENT[11]


def test_numbered_headings_in_capitals_at_a_pages_interval_are_kept() -> None:
    """``Article 3. GENERAL PROVISIONS`` comes back every 30 lines with its
    number counting up, as a page number would: words after the number make
    it a heading, in capitals as in lower case."""
    lines, k = list(TITLE), 0
    for n in range(1, 7):
        lines += [f"Article {n}. GENERAL PROVISIONS", *CONTENT[k : k + 29]]
        k += 29
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert [line for line in cleared if line.startswith("Article ")] == [f"Article {n}. GENERAL PROVISIONS" for n in range(1, 7)]


@pytest.mark.parametrize("item", ["f) by post;", "iv) by post;"])
def test_an_item_in_lower_case_after_a_page_break_starts_a_line_of_its_own(item: str) -> None:
    lines, k = list(TITLE), 0
    for n in range(1, 5):
        lines += CONTENT[k : k + 27] + ["", f"- {n} -", ""]
        k += 27
        if n == 2:
            lines += [item]
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert item in cleared  # not joined to the line before it, as the sentence going on would be


@pytest.mark.parametrize(("numeral", "pages", "furniture"), [("M", 1000, True), ("M", 999, False), ("CMXCIX", 999, True)])
def test_the_last_page_of_a_thousand_is_numbered_m(numeral: str, pages: int, furniture: bool) -> None:
    """A page per line, form feeds between: the last line alone, ``- M -``,
    is the number of the last page only if there are a thousand."""
    lines = [f"Mooring {k} is kept for member {k}." for k in range(1, pages + 1)]
    text = "\n\f".join(lines) + f"\n\n- {numeral} -\n"
    assert (remove_furniture(text).text.rstrip("\n").split("\n")[-1] != f"- {numeral} -") is furniture


def test_headers_whose_first_word_is_spelled_in_roman_numeral_letters_are_words() -> None:
    """Left and right pages headed "MIX CODE" and "MID CODE": two running
    headers, both taken out. A roman numeral is a page number only alone
    among signs ("- xii -"); read as numerals (1009, 1499), the two lines
    were one header whose number jumps, and stayed in the rules."""
    lines, k = list(TITLE), 0
    for header in ["MIX CODE", "MID CODE"] * 3:
        lines += [header, *CONTENT[k : k + 39]]
        k += 39
    cleared = remove_furniture("\n".join(lines) + "\n").text.split("\n")
    assert "MIX CODE" not in cleared and "MID CODE" not in cleared
    assert CONTENT[0] in cleared
