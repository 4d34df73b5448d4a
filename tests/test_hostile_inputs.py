"""Hostile inputs are read in time and memory linear in their size, within one budget.

Each input here made the reader of 9442863 take minutes, hours or gigabytes
(issue "Safe to run unattended, round two"); each must now end, well within
the bound asserted, with exit status 2 and one line ``Error: FILE: ...``
through the command, or a typed `ReadError` from the API. The bounds are
generous (the new code takes well under 2 s on each): a slow machine is no
failure, the old behaviour is.

The makers below also write the inputs measured in docs/limits-measured.md.
"""

from __future__ import annotations

import io
import time
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.documents import load
from ruldiff.cli.main import main
from ruldiff.documents.read import decode
from ruldiff.errors import ReadError
from ruldiff.limits import MAX_LINES, MAX_SIZE

BOUND = 10.0  # seconds: the old code took more than 60 s on each input


# --- makers -------------------------------------------------------------------


def unclosed_html(pattern: str, times: int) -> bytes:
    """A page whose rules are followed by `pattern` (an unclosed ``<a``,
    ``</``, ``<!--``…) `times` times: html.parser rescanned the rest at each."""
    return ("<!DOCTYPE html><html><body><p>100.1. a</p>" + pattern * times + "\n").encode()


def pdf_of_streams(pages: int, stream: bytes) -> bytes:
    """A PDF of `pages` pages that all show one flate-compressed content stream."""
    packed = zlib.compress(stream, 9)
    kids = " ".join(f"{5 + n} 0 R" for n in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
    ]
    objects += [
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 3 0 R >> >> "
        b"/Contents 4 0 R >>"
    ] * pages
    body, offsets = b"%PDF-1.4\n", []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(body))
        body += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    xref = len(body)
    body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
    body += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return body + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(offsets) + 1, xref)


def text_stream(lines: int) -> bytes:
    """A content stream that shows ``100.1. a`` on `lines` lines (16 bytes each)."""
    return b"BT /F1 10 Tf 12 TL 50 800 Td\n" + b"(100.1. a) Tj T*\n" * lines + b"ET"


def _docx_parts(document_xml_chunks: list[bytes]) -> dict[str, bytes | list[bytes]]:
    types = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        b'<Default Extension="xml" ContentType="application/xml"/>'
        b'<Override PartName="/word/document.xml" ContentType='
        b'"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
    )
    rels = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        b'officeDocument" Target="word/document.xml"/></Relationships>'
    )
    return {"[Content_Types].xml": types, "_rels/.rels": rels, "word/document.xml": document_xml_chunks}


W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def docx(paragraphs: int, padding: int = 0, claimed: int | None = None) -> bytes:
    """A Word file of `paragraphs` one-word paragraphs, then `padding` bytes
    of spaces in its body, its main part's size declared as `claimed` bytes
    in the ZIP directory when given (a lie: the zip-bomb shape)."""
    chunks = [b'<?xml version="1.0" encoding="UTF-8"?><w:document ' + W + b"><w:body>"]
    chunks += [b"<w:p><w:r><w:t>x</w:t></w:r></w:p>" * 1000] * (paragraphs // 1000)
    chunks += [b"<w:p><w:r><w:t>100.1. Draw.</w:t></w:r></w:p>"]
    chunks += [b" " * 2**20] * (padding // 2**20)
    chunks += [b"</w:body></w:document>"]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in _docx_parts(chunks).items():
            with z.open(name, "w") as part:
                for chunk in content if isinstance(content, list) else [content]:
                    part.write(chunk)
    data = out.getvalue()
    if claimed is not None:  # rewrite the main part's size in the central directory
        at = data.index(b"PK\x01\x02word/document.xml"[:4], data.index(b"PK\x01\x02"))
        while data[at + 46 : at + 46 + 17] != b"word/document.xml":
            at = data.index(b"PK\x01\x02", at + 4)
        data = data[: at + 24] + claimed.to_bytes(4, "little") + data[at + 28 :]
    return data


def run(*args: str) -> tuple[int, str, float]:
    """Exit status, output and the CPU seconds the command took. CPU time, not wall
    time: the bound is on the work an input can cause, and a loaded machine (CI
    shares its cores) must not fail a test whose work is within it."""
    start = time.process_time()
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output, time.process_time() - start


def one_error_line(output: str, path: Path) -> str:
    lines = output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: "), output
    return lines[0]


# --- 1. HTML in linear time ---------------------------------------------------


@pytest.mark.parametrize("pattern", ["<a", "</", "<!--", "<?", "<!", "<!["])
def test_html_with_many_unclosed_tags_is_read_in_linear_time(tmp_path: Path, pattern: str) -> None:
    # 300,000 of them: html.parser took ~25 s for 100,000 `<a` and four times as long per doubling.
    page = tmp_path / "slow.html"
    page.write_bytes(unclosed_html(pattern, 300_000))
    status, output, seconds = run("parse", str(page), "-f", "json")
    assert seconds < BOUND
    assert status == 0 and '"100.1"' in output and "internal error" not in output


def test_html_without_the_optional_head_end_tag_reads_its_body() -> None:
    page = b"<html><head><title>T</title><body><p>100.1. Draw.</p>"
    assert decode(page, "r.html").text == "100.1. Draw.\n"


# --- 2. PDF content under one budget ------------------------------------------


def test_pdf_pages_sharing_one_large_stream_are_refused_before_they_are_read(tmp_path: Path) -> None:
    # 3,000 pages x 2 MB of content: hours of pypdf; the content is measured first.
    pdf = tmp_path / "shared.pdf"
    pdf.write_bytes(pdf_of_streams(3000, text_stream(131_072)))
    assert pdf.stat().st_size < 500_000
    status, output, seconds = run("parse", str(pdf))
    assert seconds < BOUND and status == 2
    line = one_error_line(output, pdf)
    assert "its pages hold more content to interpret than the 64 MiB allowed" in line


def test_pdf_content_is_held_to_max_size() -> None:
    # One page, 2 MB of content in a 5 KB file: 22 s of pypdf, refused at once under a 1 MiB budget.
    data = pdf_of_streams(1, text_stream(131_072))
    start = time.process_time()
    with pytest.raises(ReadError, match="more content to interpret than the 1 MiB allowed"):
        decode(data, "one.pdf", max_size=2**20)
    assert time.process_time() - start < BOUND


def test_pdf_operators_drawn_are_held_to_the_budget() -> None:
    # 15 KB of content, 5,000 operators of 3 bytes: over a budget of 32,000 / 8 = 4,000 operators.
    stream = b"BT /F1 10 Tf 12 TL 50 800 Td (100.1. a) Tj" + b" T*" * 5000 + b" ET"
    with pytest.raises(ReadError, match="draw more than 4,000 operators"):
        decode(pdf_of_streams(1, stream), "ops.pdf", max_size=32_000)


def test_pdf_within_the_budget_reads_as_before() -> None:
    # Two pages of three lines, the second starting with a form feed (read.py marks each page).
    assert decode(pdf_of_streams(2, text_stream(3)), "ok.pdf").text == "100.1. a\n" * 3 + "\f" + "100.1. a\n" * 3


# --- 3. DOCX bytes counted as they are inflated -------------------------------


def test_docx_that_lies_about_its_size_is_stopped_at_the_budget(tmp_path: Path) -> None:
    # Its directory claims 100 KB; it inflates to 80 MiB (the issue's: 2.1 GB from 1.9 MB).
    data = docx(1, padding=80 * 2**20, claimed=100_000)
    assert len(data) < 200_000
    path = tmp_path / "bomb.docx"
    path.write_bytes(data)
    status, output, seconds = run("parse", str(path))
    assert seconds < BOUND and status == 2
    assert "the DOCX unpacks to more than the 64 MiB allowed" in one_error_line(output, path)


def test_docx_budget_follows_max_size() -> None:
    data = docx(1, padding=4 * 2**20)
    with pytest.raises(ReadError, match="unpacks to more than the 3 MiB allowed"):
        decode(data, "big.docx", max_size=3 * 2**20)
    assert decode(data, "big.docx").text == "100.1. Draw.\n"
    lying = docx(1, padding=4 * 2**20, claimed=100_000)
    with pytest.raises(ReadError, match="unpacks to more than the 3 MiB allowed"):
        decode(lying, "bomb.docx", max_size=3 * 2**20)
    with pytest.raises(ReadError, match="cannot read this DOCX: Bad CRC-32"):  # within the budget: damaged
        decode(lying, "bomb.docx")


# --- 4. what is decoded is counted, not only the bytes read -------------------


def test_docx_of_too_many_paragraphs_is_refused_before_python_docx_reads_them(tmp_path: Path) -> None:
    # 630,000 one-word paragraphs in ~100 KB: 36 s and 850 MB in python-docx.
    path = tmp_path / "many.docx"
    path.write_bytes(docx(630_000))
    status, output, seconds = run("parse", str(path))
    assert seconds < BOUND and status == 2
    assert "it holds 630,001 paragraphs, more than a rules document is read with" in one_error_line(output, path)


def test_text_of_too_many_lines_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # 2.9 million lines of `1.1 x` (17 MB): 3.0 GB to parse.
    path = tmp_path / "lines.txt"
    path.write_bytes(b"1.1 x\n" * 2_900_000)
    status, output, seconds = run("parse", str(path))
    assert seconds < BOUND and status == 2
    assert "it has 2,900,000 lines, more than a rules document is read with (500,000" in one_error_line(output, path)


def test_web_page_of_too_many_blocks_is_refused() -> None:
    page = b"<!DOCTYPE html><html><body>" + b"<p>x" * (MAX_LINES // 2 + 1)
    with pytest.raises(ReadError, match="more than 250,000 blocks of text"):
        decode(page, "many.html")


def test_the_commands_default_budget_is_the_readers() -> None:
    assert load.MAX_SIZE == MAX_SIZE


# --- long runs inside a changed rule: every pattern and the word diff linear --

@pytest.mark.parametrize("run", [" ", "7", ".", "(", ")", "( . 1"], ids=["spaces", "digits", "dots", "open", "close", "mixed"])
def test_a_megabyte_run_in_a_changed_rule_is_compared_in_linear_time(tmp_path: Path, run: str) -> None:
    """1 MB runs of spaces, digits, dots and brackets inside a rule that
    changed (and inside a list that gained an item): a pattern tried from
    every position of such a run, or a word diff token by token, took time
    quadratic in it (100,000 spaces: 33 s; 40,000 dots: 2.4 s and growing as
    the square). Through the command, to the HTML page."""
    filler = (run * (2**20 // len(run)))
    old = f"Game Rules\n\n1. Basics\n\n100. General\n\n100.1. The types are artifact, {filler}creature, and land.\n"
    new = f"Game Rules\n\n1. Basics\n\n100. General\n\n100.1. The types are artifact, enchantment,{filler}creature, and land.\n"
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(old, encoding="utf-8")
    b.write_text(new, encoding="utf-8")
    start = time.process_time()
    result = CliRunner().invoke(main, [str(a), str(b), "-f", "html", "-o", str(tmp_path / "c.html")])
    took = time.process_time() - start
    assert result.exit_code == 0, result.output
    assert took < 20, f"{took:.1f} s"
    assert "100.1" in (tmp_path / "c.html").read_text(encoding="utf-8")


def test_pdf_page_of_a_huge_content_stream_is_refused_in_bounded_time(tmp_path: Path) -> None:
    """One page whose 2 MB content stream shows 130,000 runs of text (a 5 KB
    file): pypdf's time on a page grows faster than its runs, and this page
    took 22 s alone. A page is held to PDF_TEXT_RUNS_PER_PAGE."""
    from ruldiff.limits import PDF_TEXT_RUNS_PER_PAGE

    path = tmp_path / "page.pdf"
    path.write_bytes(pdf_of_streams(1, text_stream(130_000)))
    assert path.stat().st_size < 20_000
    code, err, took = run("parse", str(path))
    assert code == 2 and took < 10, (code, took)
    assert one_error_line(err, path).endswith(
        f"a page shows more than {PDF_TEXT_RUNS_PER_PAGE:,} runs of text, more than a page of rules holds (give its text)"
    )
