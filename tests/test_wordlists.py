"""wordlists.py and markup.py: a Word file whose numbers come from Word's
list numbering reads as the same file with the numbers typed.

The DOCX files are built here: python-docx writes the document, and the
tests write ``word/numbering.xml`` by hand and add each paragraph's
``w:numPr`` (or its style's) as Word does.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from ruldiff.documents.markup import docx_text
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode
from ruldiff.documents.wordlists import LONGEST

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = f'xmlns:w="{W_NS}"'


def lvl(ilvl: int, fmt: str, text: str, start: int = 1, extra: str = "") -> str:
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'<w:lvlText w:val="{text}"/>{extra}</w:lvl>')


def numbering(abstracts: dict[int, Sequence[str]], nums: dict[int, str], head: str = "") -> str:
    """``word/numbering.xml``: abstract list id -> its ``w:lvl`` elements;
    ``w:numId`` -> the abstract list id (and any overrides, as XML after it)."""
    body = "".join(f'<w:abstractNum w:abstractNumId="{a}">{"".join(levels)}</w:abstractNum>'
                   for a, levels in abstracts.items())
    body += "".join(f'<w:num w:numId="{n}"><w:abstractNumId w:val="{spec.split(" ", 1)[0]}"/>'
                    f'{spec.split(" ", 1)[1] if " " in spec else ""}</w:num>' for n, spec in nums.items())
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{head}<w:numbering {NS}>{body}</w:numbering>'


OUTLINE = {0: [lvl(0, "decimal", "%1."), lvl(1, "decimal", "%1.%2"), lvl(2, "lowerLetter", "(%3)")]}
"""The numbering of bylaws: ``1.``, ``1.1``, ``(a)``."""

Para = tuple[str, int | None, int | None] | tuple[str, str]
"""(text, numId, ilvl), or (text, paragraph style name)."""


def make_docx(paragraphs: Sequence[Para], numbering_xml: str | None,
              styles: dict[str, tuple[int, int | None]] | None = None) -> bytes:
    """A Word file of `paragraphs`, its numbering.xml replaced by
    `numbering_xml`; `styles`: new paragraph styles -> the (numId, ilvl)
    their ``w:pPr/w:numPr`` gives (ilvl None: none given)."""
    import docx
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml import parse_xml

    document = docx.Document()
    for name, (num_id, ilvl) in (styles or {}).items():
        style = document.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        level = "" if ilvl is None else f'<w:ilvl w:val="{ilvl}"/>'
        style.element.get_or_add_pPr().append(parse_xml(f'<w:numPr {NS}>{level}<w:numId w:val="{num_id}"/></w:numPr>'))
    for spec in paragraphs:
        if len(spec) == 2:
            document.add_paragraph(spec[0], style=spec[1])
            continue
        text, num_id, ilvl = spec
        p = document.add_paragraph(text)
        if num_id is not None:
            level = "" if ilvl is None else f'<w:ilvl w:val="{ilvl}"/>'
            p._p.get_or_add_pPr().append(parse_xml(f'<w:numPr {NS}>{level}<w:numId w:val="{num_id}"/></w:numPr>'))
    out = io.BytesIO()
    document.save(out)
    if numbering_xml is None:
        return out.getvalue()
    rewritten = io.BytesIO()
    with zipfile.ZipFile(out) as old, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = numbering_xml.encode() if item.filename == "word/numbering.xml" else old.read(item)
            new.writestr(item, data)
    return rewritten.getvalue()


def lines(data: bytes) -> list[str]:
    return [line for line in docx_text(data, "t.docx").splitlines() if line]


# --- a document numbered both ways -------------------------------------------------

BYLAWS = [  # (typed number, level, text)
    ("1.", 0, "Members"),
    ("1.1", 1, "Anyone of age may join the club."),
    ("(a)", 2, "by writing to the secretary;"),
    ("(b)", 2, "by paying the yearly fee."),
    ("1.2", 1, "Members vote at meetings; see 2.1."),
    ("2.", 0, "Meetings"),
    ("2.1", 1, "The club meets once a year."),
    ("(a)", 2, "in spring;"),
    ("(b)", 2, "at the club house."),
    ("2.2", 1, "A meeting may be called by ten members."),
]


def test_automatic_numbers_read_as_the_typed_ones() -> None:
    front: list[Para] = [("Club Bylaws", None, None), ("Adopted 12 March 2024", None, None)]
    typed = make_docx(front + [(f"{n} {t}", None, None) for n, _, t in BYLAWS], None)
    automatic = make_docx(front + [(t, 1, level) for _, level, t in BYLAWS], numbering(OUTLINE, {1: "0"}))
    assert docx_text(automatic, "a.docx") == docx_text(typed, "t.docx")
    by_word, by_hand = parse(decode(automatic, "a.docx")), parse(decode(typed, "t.docx"))
    units = [(r.id, r.kind, r.text) for r in by_word.rules]
    assert units == [(r.id, r.kind, r.text) for r in by_hand.rules]
    assert {"1.1", "2.2"} <= {r.id for r in by_word.rules}


def test_letters_restart_under_each_clause_unless_the_level_says_never() -> None:
    paras: list[Para] = [(t, 1, level) for _, level, t in BYLAWS[:8]]
    assert lines(make_docx(paras, numbering(OUTLINE, {1: "0"})))[-1] == "(a) in spring;"
    never = {0: [*OUTLINE[0][:2], lvl(2, "lowerLetter", "(%3)", extra='<w:lvlRestart w:val="0"/>')]}
    assert lines(make_docx(paras, numbering(never, {1: "0"})))[-1] == "(c) in spring;"
    # Restart after level 1 only: a new level-1 clause does not restart level 3.
    after_first = {0: [*OUTLINE[0][:2], lvl(2, "lowerLetter", "(%3)", extra='<w:lvlRestart w:val="1"/>')]}
    assert lines(make_docx(paras, numbering(after_first, {1: "0"})))[-1] == "(a) in spring;"  # 2. is level 1
    paras_same_section = [(t, 1, level) for _, level, t in BYLAWS[:5]] + [("more", 1, 2)]
    assert lines(make_docx(paras_same_section, numbering(after_first, {1: "0"})))[-1] == "(c) more"


def test_a_second_list_of_the_same_kind_continues_unless_it_restarts() -> None:
    abstract = {0: [lvl(0, "decimal", "%1.")]}
    paras: list[Para] = [("One.", 1, 0), ("Two.", 1, 0), ("Then.", None, None), ("Three.", 2, 0)]
    assert lines(make_docx(paras, numbering(abstract, {1: "0", 2: "0"}))) == ["1. One.", "2. Two.", "Then.", "3. Three."]
    restart = '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>'
    assert lines(make_docx(paras, numbering(abstract, {1: "0", 2: f"0 {restart}"})))[-1] == "1. Three."


def test_a_start_override_starts_its_list_there() -> None:
    override = '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride>'
    paras: list[Para] = [("Five.", 1, 0), ("Six.", 1, 0), ("Sub.", 1, 1)]
    assert lines(make_docx(paras, numbering(OUTLINE, {1: f"0 {override}"}))) == ["5. Five.", "6. Six.", "6.1 Sub."]
    start = {0: [lvl(0, "upperRoman", "%1.", start=3)]}
    assert lines(make_docx([("Three.", 1, 0)], numbering(start, {1: "0"}))) == ["III. Three."]


def test_bullets_show_no_number_and_count_nothing() -> None:
    mixed = {0: [lvl(0, "decimal", "%1."), lvl(1, "bullet", "\uf0b7")]}
    paras: list[Para] = [("One.", 1, 0), ("a point", 1, 1), ("Two.", 1, 0), ("off", 0, 0)]
    assert lines(make_docx(paras, numbering(mixed, {1: "0"}))) == ["1. One.", "a point", "2. Two.", "off"]


def test_article_text_and_legal_numbering() -> None:
    articles = {0: [lvl(0, "upperRoman", "Article %1"), lvl(1, "lowerLetter", "Section %1.%2", extra="<w:isLgl/>")]}
    paras: list[Para] = [("Name", 1, 0), ("The club is named.", 1, 1), ("Purpose", 1, 0), ("It plays.", 1, 1)]
    assert lines(make_docx(paras, numbering(articles, {1: "0"}))) == [
        "Article I Name", "Section 1.1 The club is named.", "Article II Purpose", "Section 2.1 It plays."]


def test_numbering_inherited_from_a_paragraph_style() -> None:
    """A style's ``w:numPr`` numbers its paragraphs; without ``w:ilvl`` the
    level is the one that names the style (``w:pStyle``), as Word links
    heading styles to an outline list."""
    linked = {0: [lvl(0, "decimal", "%1.", extra='<w:pStyle w:val="Part"/>'),
                  lvl(1, "decimal", "%1.%2", extra='<w:pStyle w:val="Clause"/>'),
                  lvl(2, "lowerLetter", "(%3)")]}
    paras: list[Para] = [("Members", "Part"), ("Anyone may join.", "Clause"), ("by writing;", "Item"),
                         ("Members vote.", "Clause"), ("Meetings", "Part"), ("Yearly.", "Clause")]
    styles = {"Part": (1, None), "Clause": (1, None), "Item": (1, 2)}
    assert lines(make_docx(paras, numbering(linked, {1: "0"}), styles)) == [
        "1. Members", "1.1 Anyone may join.", "(a) by writing;", "1.2 Members vote.", "2. Meetings", "2.1 Yearly."]


def test_python_docx_list_styles_number_their_paragraphs() -> None:
    """python-docx's own template: "List Number" is numbered by its style; "List Bullet" is not."""
    import docx

    document = docx.Document()
    for text, style in (("Draw.", "List Number"), ("Note", "List Bullet"), ("Play.", "List Number")):
        document.add_paragraph(text, style=style)
    out = io.BytesIO()
    document.save(out)
    assert lines(out.getvalue()) == ["1. Draw.", "Note", "2. Play."]


@pytest.mark.parametrize(("start", "lower"), [
    (14, "xiv"), (444, "cdxliv"), (1994, "mcmxciv"), (2024, "mmxxiv"), (3888, "mmmdccclxxxviii"), (3999, "mmmcmxcix"),
])
def test_roman_numbers_read_as_written_by_hand(start: int, lower: str) -> None:
    romans = {0: [lvl(0, "lowerRoman", "%1.", start=start)], 1: [lvl(0, "upperRoman", "(%1)", start=start)]}
    assert lines(make_docx([("Text.", 1, 0), ("More.", 2, 0)], numbering(romans, {1: "0", 2: "1"}))) == [
        f"{lower}. Text.", f"({lower.upper()}) More."]


def test_word_has_nine_list_levels_a_deeper_one_reads_as_the_ninth() -> None:
    levels = {0: [lvl(i, "decimal", f"L{i}.") for i in range(10)]}  # a tenth level is no level of Word's
    paras: list[Para] = [("Deep.", 1, 8), ("Deeper.", 1, 9)]
    assert lines(make_docx(paras, numbering(levels, {1: "0"}))) == ["L8. Deep.", "L8. Deeper."]


def test_a_start_past_words_largest_is_held_to_it() -> None:
    for start, shown in ((32767, "32767"), (40000, "32767")):
        big = {0: [lvl(0, "decimal", "%1.", start=start)]}
        assert lines(make_docx([("Text.", 1, 0)], numbering(big, {1: "0"}))) == [f"{shown}. Text."]


def test_a_number_of_a_hundred_characters_is_shown_a_longer_one_is_not() -> None:
    for pad, shown in ((99, True), (100, False)):  # "x" * pad, then the counter "1"
        long = {0: [lvl(0, "decimal", "x" * pad + "%1")]}
        number = "x" * pad + "1"
        assert lines(make_docx([("Text.", 1, 0)], numbering(long, {1: "0"}))) == ([f"{number} Text."] if shown else ["Text."])


# --- hostile numbering ------------------------------------------------------------


def test_a_huge_start_shows_no_endless_number() -> None:
    huge = {0: [lvl(0, "lowerLetter", "%1%1%1%1%1%1%1%1%1", start=999_999_999)]}
    assert lines(make_docx([("Text.", 1, 0)], numbering(huge, {1: "0"}))) == ["Text."]
    long_text = {0: [lvl(0, "decimal", "x" * 10_000 + "%1")]}
    assert lines(make_docx([("Text.", 1, 0)], numbering(long_text, {1: "0"}))) == ["Text."]
    assert LONGEST < 10_000


def test_numbering_xml_entities_are_not_resolved(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    head = f'<!DOCTYPE w:numbering [<!ENTITY leak SYSTEM "{secret.as_uri()}">]>'
    xml = numbering({0: [lvl(0, "decimal", "%1.")]}, {1: "0"}, head).replace("</w:numbering>", "<w:x>&leak;</w:x></w:numbering>")
    text = docx_text(make_docx([("Text.", 1, 0)], xml), "t.docx")
    assert text == "1. Text.\n" and "SECRET" not in text


@pytest.mark.parametrize("broken", [
    '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="x"/></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
    '<w:num w:numId="1"><w:abstractNumId w:val="7"/></w:num>',
    '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="-3"/><w:lvlText w:val="%9%"/></w:lvl></w:abstractNum>'
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="99"/></w:num>',
])
def test_broken_numbering_reads_without_error(broken: str) -> None:
    xml = f'<?xml version="1.0" encoding="UTF-8"?><w:numbering {NS}>{broken}</w:numbering>'
    assert lines(make_docx([("Text.", 1, 42)], xml))[0].endswith("Text.")
