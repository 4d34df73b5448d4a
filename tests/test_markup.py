"""markup.py: rules published as a Word file or a saved web page read like their text.

The DOCX files are written by the tests themselves (python-docx), from
invented sample text, as pdfmaker.py does for PDFs.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ReadError
from ruldiff.documents.markup import is_html
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode

RULES = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1.", "These rules apply to every game of Lanternfall."),
    ("100.1a", "A keeper starts with twenty embers & one lantern."),
    ("100.2.", "A keeper’s “ember” is a counter of light — see rule 100.1."),
    ("2", "Parts of a Turn"),
    ("200", "Turn Structure"),
    ("200.1.", "A turn has three steps: kindle, wander and rest."),
]
GLOSSARY = [("Ember", "A counter of light. See rule 100.1a.")]
TEXT = layout(RULES, GLOSSARY)


def make_docx(text: str, table_from: int | None = None) -> bytes:
    """A Word file of `text`: one paragraph per blank-line-separated block, its
    lines kept apart by line breaks (the glossary's term and definition); the
    blocks from `table_from` on in the cells of a one-column table."""
    import docx

    document = docx.Document()
    blocks = [b for b in text.split("\n\n") if b.strip()]
    for n, block in enumerate(blocks):
        if table_from is not None and n >= table_from:
            table = document.add_table(rows=len(blocks) - n, cols=1)
            for row, rest in zip(table.rows, blocks[n:]):
                row.cells[0].text = rest.strip()
            break
        first, *more = block.strip().split("\n")
        paragraph = document.add_paragraph(first)
        for line in more:
            run = paragraph.add_run()
            run.add_break()
            run.add_text(line)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def make_html(text: str) -> str:
    """A saved web page of `text`: navigation, scripts, styles, a header and a
    footer around the rules, each block a heading or a paragraph."""
    import html

    body = []
    for block in text.split("\n\n"):
        if block.strip():
            tag = "h2" if block[:1].isdigit() and "." not in block.split()[0][:-1] else "p"
            body.append(f"<{tag}>{'<br>'.join(html.escape(line) for line in block.strip().split(chr(10)))}</{tag}>")
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Rules | Lanternfall</title>"
        "<style>p { color: red }</style><script>var menu = '100.9. Not a rule';</script></head>\n"
        "<body><header><a href='/'>Home</a> <a href='/rules'>Rules</a></header>"
        "<nav><ul><li>1. Menu item</li><li>Search</li></ul></nav><main>\n"
        + "\n".join(body)
        + "\n</main><footer>© 2024 Lanternfall Games. <a href='/privacy'>Privacy</a></footer>"
        "<script>track();</script></body></html>\n"
    )


def test_docx_parses_into_the_same_rules_as_its_text() -> None:
    text = parse(decode(TEXT.encode(), "r.txt"))
    source = decode(make_docx(TEXT), "r.docx")
    assert source.encoding == "docx"
    word = parse(source)
    assert word.profile == text.profile == "mtg-cr"
    assert (word.title, word.date) == (text.title, text.date)
    assert [(r.id, r.kind, r.text) for r in word.rules] == [(r.id, r.kind, r.text) for r in text.rules]
    assert not compare(text, word).changes


def test_docx_tables_are_read_row_by_row() -> None:
    word = parse(decode(make_docx(TEXT, table_from=6), "r.docx"))
    text = parse(decode(TEXT.encode(), "r.txt"))
    assert [r.id for r in word.rules] == [r.id for r in text.rules]


def test_damaged_docx_is_a_one_line_error() -> None:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<w:document>not word at all")
    with pytest.raises(ReadError) as err:
        decode(data.getvalue(), "broken.docx")
    assert str(err.value).startswith("broken.docx: cannot read this DOCX")
    assert "\n" not in str(err.value)


def test_docx_that_unpacks_too_large_is_refused_before_unpacking() -> None:
    with pytest.raises(ReadError, match="unpacks to more than the 1,000 bytes allowed"):
        decode(make_docx(TEXT), "big.docx", max_size=1000)


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252", "utf-16"])
def test_saved_web_page_reads_like_its_text(encoding: str) -> None:
    page = decode(make_html(TEXT).encode(encoding), "rules.html")
    assert page.encoding == "html"
    assert "Home" not in page.text and "track" not in page.text and "Privacy" not in page.text
    assert "100.9" not in page.text and "Menu item" not in page.text
    text = parse(decode(TEXT.encode(), "r.txt"))
    web = parse(page)
    assert [(r.id, r.kind, r.text) for r in web.rules] == [(r.id, r.kind, r.text) for r in text.rules]
    assert not compare(text, web).changes


def test_text_that_only_holds_tags_is_not_a_web_page() -> None:
    source = decode(b"100.1. Draw a <b>card</b>.\n", "r.txt")
    assert source.encoding == "utf-8" and "<b>" in source.text


def test_cli_diffs_a_web_page_against_a_word_file(tmp_path: Path) -> None:
    (tmp_path / "old.html").write_text(make_html(TEXT), encoding="utf-8")
    (tmp_path / "new.docx").write_bytes(make_docx(TEXT.replace("twenty embers", "thirty embers")))
    result = CliRunner().invoke(main, [str(tmp_path / "old.html"), str(tmp_path / "new.docx"), "-f", "json"])
    data = json.loads(result.output)
    assert [(c["old"], c["kind"]) for c in data["changes"]] == [("100.1a", "changed")]
    assert ["-", "twenty"] in data["changes"][0]["edits"]


def test_python_docx_says_nothing_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "a.docx").write_bytes(make_docx(TEXT))
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", "parse", str(tmp_path / "a.docx"), "-f", "text"],
        capture_output=True, text=True,
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize(
    ("start", "page"),
    [
        ("<!DOCTYPE html>\n<html><body>", True),
        ("  \n<!doctype   HTML><p>1. Draw.</p>", True),
        ('<html lang="en"><body>', True),
        ("<HTML>\n<body>", True),
        ("<html\n  lang=en>", True),
        ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>', True),
        ("<?xml version='1.0'?><!-- made by hand --> <!-- twice -->\n<html>", True),
        ("<!-- a comment first -->\n<!DOCTYPE html>", True),
        ("<htmlx>", False),  # another tag
        ("<!DOCTYPEhtml>", False),
        ("<!DOCTYPE svg>", False),
        ("Club Bylaws\n<html>", False),  # a tag further on: a text that quotes one
        ("100.1. <b>Draw</b>.", False),
        ('<?xml version="1.0"?>\n<rules>', False),
    ],
)
def test_a_web_page_is_told_by_its_doctype_or_html_tag_first(start: str, page: bool) -> None:
    assert is_html(start) is page
