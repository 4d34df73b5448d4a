"""read.py: every encoding and line ending of real rules documents, and clean errors."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from pdfmaker import make_pdf

from ruldiff.errors import ReadError
from ruldiff.documents.read import decode
from ruldiff.documents.parse import parse

TEXT = "100.1. A keeper’s “ember” — café\n100.2. Next rule\n"


@pytest.mark.parametrize(
    "data, encoding",
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16-le"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16-be"),
        (TEXT.encode("utf-16-le"), "utf-16-le"),
        (TEXT.encode("utf-16-be"), "utf-16-be"),
        (TEXT.encode("cp1252"), "cp1252"),
    ],
)
def test_decodes_every_supported_encoding_to_the_same_text(data: bytes, encoding: str) -> None:
    source = decode(data, "rules.txt")
    assert source.text == TEXT
    assert source.encoding == encoding


@pytest.mark.parametrize(
    "raw, style",
    [
        (b"a\r\nb\r\n", "CRLF"),
        (b"a\rb\r", "CR"),
        (b"a\nb\n", "LF"),
        (b"a\r\nb\rc\n", "mixed"),
        (b"a", "none"),
    ],
)
def test_line_endings_all_become_lf(raw: bytes, style: str) -> None:
    source = decode(raw, "r.txt")
    assert "\r" not in source.text
    assert source.newline == style
    assert source.text.split("\n")[0] == "a"


def test_undecodable_bytes_name_file_and_line() -> None:
    # 0x81 is undefined in Windows-1252 and invalid in UTF-8.
    with pytest.raises(ReadError) as err:
        decode(b"line one\nline two\nbad \x81 byte\n", "old.txt")
    message = str(err.value)
    assert message.startswith("old.txt:3: ")
    assert "0x81" in message


def test_binary_file_is_rejected_not_decoded() -> None:
    with pytest.raises(ReadError) as err:
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "image.png")
    assert "image.png" in str(err.value)
    assert "not a text file" in str(err.value)


def test_control_characters_are_rejected_with_their_line() -> None:
    with pytest.raises(ReadError) as err:
        decode(b"100.1. ok\n100.2. bad\x07bell\n", "r.txt")
    assert str(err.value).startswith("r.txt:2: ")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("100.1. ok\r\n100.2. caf\u00e9 \u0085next\r\n".encode("utf-8"), "U+0085"),  # C1 in UTF-8
        (codecs.BOM_UTF8 + "100.1. ok\n100.2. \u009b\n".encode("utf-8"), "U+009B"),
        ("100.1. ok\n100.2. \u00e9\x1b[0m\n".encode("cp1252"), "U+001B"),  # C0 in Windows-1252
        (codecs.BOM_UTF16_LE + "100.1. ok\n100.2. \x7f\n".encode("utf-16-le"), "U+007F"),
    ],
)
def test_control_characters_are_rejected_in_every_encoding(data: bytes, code: str) -> None:
    with pytest.raises(ReadError) as err:
        decode(data, "r.txt")
    assert str(err.value).startswith(f"r.txt:2: not a text file: control character {code}")


def test_text_with_c2_bytes_that_are_no_controls_reads() -> None:
    # U+00A0 and U+00A9 are 0xC2 0xA0 and 0xC2 0xA9 in UTF-8; printable characters
    # of Windows-1252 in 0x80-0x9F (curly quotes) are no controls either.
    assert decode("100.1. \u00a0\u00a9 2026\n".encode("utf-8"), "r.txt").encoding == "utf-8"
    assert decode("100.1. \u201cquoted\u201d\n".encode("cp1252"), "r.txt").text == "100.1. \u201cquoted\u201d\n"


@pytest.mark.parametrize("many", [0, 31, 32, 33, 100])
def test_a_c1_control_is_found_after_any_number_of_c2_bytes(many: int) -> None:
    # decode() looks at the first 32 0xC2 bytes itself, and has a regex scan
    # the rest: a control past them is found all the same.
    head = "100.1. " + "\u00a9" * many + "\n"
    assert decode(head.encode("utf-8"), "r.txt").text == head
    with pytest.raises(ReadError) as err:
        decode((head + "100.2. \u0085\n").encode("utf-8"), "r.txt")
    assert str(err.value).startswith("r.txt:2: not a text file: control character U+0085")


def test_bare_line_feeds_among_crlf_make_mixed_endings() -> None:
    # Line feeds are counted in the same pass that looks for control characters.
    assert decode(b"a\r\nb\r\nc\nd\r\n", "r.txt").newline == "mixed"
    assert decode(b"a\r\nb\r\n\tc\r\n", "r.txt").newline == "CRLF"


def test_utf16_with_odd_length_is_an_error_not_mojibake() -> None:
    with pytest.raises(ReadError):
        decode(codecs.BOM_UTF16_LE + "100.1. rule".encode("utf-16-le") + b"\x00", "r.txt")


def test_rejects_str() -> None:
    with pytest.raises(TypeError):
        decode("text", "r.txt")  # type: ignore[arg-type]


# --- 8-bit encodings told apart by what the text says -----------------------

MARKED = "100.1. The Lanternfall™ keeper’s “ember” lasts 1–6 turns — café.\n"


def test_mac_roman_is_told_from_windows_1252_by_its_marks() -> None:
    source = decode(MARKED.encode("mac_roman"), "old.txt")
    assert source.encoding == "mac-roman"
    assert source.text == MARKED


def test_windows_1252_with_the_same_marks_stays_windows_1252() -> None:
    source = decode(MARKED.encode("cp1252"), "old.txt")
    assert (source.encoding, source.text) == ("cp1252", MARKED)


def test_latin_1_reads_as_its_windows_1252_superset() -> None:
    text = "100.1. Un café à la crème, s’il vous plaît.\n".replace("’", "'")
    source = decode(text.encode("latin-1"), "r.txt")
    assert (source.encoding, source.text) == ("cp1252", text)


def test_mac_roman_with_bytes_windows_1252_lacks_reads_as_mac_roman() -> None:
    # 0x8F (è) and 0x90 (ê) are undefined in Windows-1252.
    text = "100.1. Une règle “nette” et une fête.\n"
    assert b"\x8f" in text.encode("mac_roman")
    source = decode(text.encode("mac_roman"), "r.txt")
    assert (source.encoding, source.text) == ("mac-roman", text)


@pytest.mark.parametrize("text", [
    "100.1. \u00c9mile Dubois keeps the minutes.\n",
    "100.1. The \u00c9COLE and the CAF\u00c9 close at noon.\n",
    "100.1. Se\u00f1or \u00d3scar and \u00d1and\u00fa agree.\n",
])
def test_windows_1252_capital_letters_are_not_read_as_mac_roman_marks(text: str) -> None:
    # Mac Roman reads these bytes as marks (\u00c9 as "\u2026", \u00d3 as "\u201d"):
    # where they stand as capital letters of words, the file is Windows-1252.
    source = decode(text.encode("cp1252"), "r.txt")
    assert (source.encoding, source.text) == ("cp1252", text)


def test_mac_roman_quotes_around_a_word_in_capitals_stay_marks() -> None:
    text = "100.1. Shout \u201cHALT\u201d and wait \u2014 then go.\n"
    source = decode(text.encode("mac_roman"), "r.txt")
    assert (source.encoding, source.text) == ("mac-roman", text)


def test_bytes_that_read_as_no_text_stay_an_error_naming_the_line() -> None:
    # Mac Roman decodes every byte; these decode to signs between spaces, not text.
    with pytest.raises(ReadError) as err:
        decode(b"line one\nline two\nbad \x81 \x8d \x9d byte\n", "old.txt")
    assert str(err.value).startswith("old.txt:3: ")


def test_real_mac_roman_release_reads_without_garbled_characters(corpora) -> None:  # type: ignore[no-untyped-def]
    source = decode((corpora / "mtg" / "2004-02-01.txt").read_bytes(), "2004-02-01.txt")
    assert source.encoding == "mac-roman"
    assert "DCI™" in source.text and "–" in source.text
    assert "ª" not in source.text and "Ð" not in source.text


def test_real_windows_1252_releases_stay_windows_1252(corpora) -> None:  # type: ignore[no-untyped-def]
    for name in ("2003-12-01", "2006-07-15", "2013-07-11", "2022-10-07"):
        assert decode((corpora / "mtg" / f"{name}.txt").read_bytes(), name).encoding == "cp1252", name

# Exact messages: the file, the line, the cause and what to do.
NOT_TEXT = "(give a plain-text rules document)"
RESAVE = "(save the file as UTF-8)"
LE, BE = codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE


def utf16(text: str, order: str) -> bytes:
    return text.encode(f"utf-16-{order}", "surrogatepass")


@pytest.mark.parametrize(
    "data, message",
    [
        (b"100.1. ok\n100.2. bad\x07bell\n", f"r.txt:2: not a text file: control character U+0007 {NOT_TEXT}"),
        (b"line one\nline two\nbad \x81 byte\n",
         f"r.txt:3: cannot decode byte 0x81 at offset 22 as UTF-8, Windows-1252, Mac Roman {RESAVE}"),
        (codecs.BOM_UTF8 + b"ok\n\xff\n", f"r.txt:2: cannot decode byte 0xFF at offset 3 as utf-8 {RESAVE}"),
        # UTF-16: the line is counted in characters; U+010A's low byte is a line feed's.
        (LE + utf16("\u010a\nb", "le") + b"\x00\xd8" + utf16("A", "le"),
         f"r.txt:2: cannot decode byte 0x00 at offset 6 as utf-16-le {RESAVE}"),
        (BE + utf16("\u010a\nb", "be") + b"\xd8\x00" + utf16("A", "be"),
         f"r.txt:2: cannot decode byte 0xD8 at offset 6 as utf-16-be {RESAVE}"),
        # NUL bytes that are no UTF-16: the line of the first one.
        (b"\n\none\ntwo\x00\n\x00\n", f"r.txt:4: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (b"one\ntwo\nthr\x00ee\n", f"r.txt:3: not a text file: it contains NUL bytes {NOT_TEXT}"),  # NUL at an odd offset
        (b"one\ntwo\nth\x00ree\n", f"r.txt:3: not a text file: it contains NUL bytes {NOT_TEXT}"),  # at an even one
        (b"\x00" * 20, f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        # UTF-16 without a BOM is told by NUL bytes in more than 90% of one
        # half and fewer than 10% of the other: exactly 90% or 10% is not enough.
        (utf16("abcdefghi\u20ac", "le"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (utf16("abcdefghi\u0100", "le"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (utf16("abcdefghi\u20ac", "be"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (utf16("abcdefghi\u0100", "be"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (utf16("ab\x00cd\x00ef\x00ghijklmnopq", "le"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        # ...and below it, it is UTF-16, where a NUL character is a control.
        (utf16("abcdefghijklmnopqrs\x00", "le"), f"r.txt:1: not a text file: control character U+0000 {NOT_TEXT}"),
        (utf16("abcdefghijklmnopqrs\x00", "be"), f"r.txt:1: not a text file: control character U+0000 {NOT_TEXT}"),
        # The line of a control character, whatever the line endings.
        (LE + utf16("a\r\nb\r\nc\x07", "le"), f"r.txt:3: not a text file: control character U+0007 {NOT_TEXT}"),
        (LE + utf16("a\rb\rc\x07", "le"), f"r.txt:3: not a text file: control character U+0007 {NOT_TEXT}"),
        # Exactly 10% NUL bytes in one half is not UTF-16: a NUL character is.
        (utf16("abcdefghi\x00", "le"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        (utf16("abcdefghi\x00", "be"), f"r.txt:1: not a text file: it contains NUL bytes {NOT_TEXT}"),
        # UTF-16 found without a BOM, then a byte it cannot decode.
        (utf16("abcdefghijklmnopqrstuvwxyz", "le") + b"\x00\xd8" + utf16("A", "le"),
         f"r.txt:1: cannot decode byte 0x00 at offset 52 as utf-16-le {RESAVE}"),
        (utf16("abcdefghijklmnopqrstuvwxyz", "be") + b"\xd8\x00" + utf16("A", "be"),
         f"r.txt:1: cannot decode byte 0xD8 at offset 52 as utf-16-be {RESAVE}"),
    ],
)
def test_errors_say_exactly_where_and_what(data: bytes, message: str) -> None:
    with pytest.raises(ReadError) as err:
        decode(data, "r.txt")
    assert str(err.value) == message


@pytest.mark.parametrize("order", ["le", "be"])
@pytest.mark.parametrize("bom", [True, False], ids=["BOM", "no BOM"])
@pytest.mark.parametrize(
    "text, style",
    [("a\r\nb\r\n", "CRLF"), ("a\rb\r", "CR"), ("a\nb\n", "LF"), ("a\r\nb\rc\n", "mixed"), ("ab", "none")],
)
def test_utf16_line_endings_all_become_lf(order: str, bom: bool, text: str, style: str) -> None:
    data = ({"le": LE, "be": BE}[order] if bom else b"") + utf16(text, order)
    source = decode(data, "r.txt")
    assert (source.text, source.newline, source.encoding) == (
        text.replace("\r\n", "\n").replace("\r", "\n"), style, f"utf-16-{order}"
    )


@pytest.mark.parametrize("data, text", [(b"A\x00", "A"), (b"\x00A", "A")])
def test_one_utf16_character_is_enough(data: bytes, text: str) -> None:
    assert decode(data, "r.txt").text == text


@pytest.mark.parametrize(
    "text",
    [
        "\u0085 first byte of the file\n",
        "\u0080 lowest C1\n",
        "\u009f highest C1, then more\n",
        "\u00a9 then \u0085, then \u00a9 again\n",
        "\u00a9\u00a9 \u0085 \u00a9\u00a9\n",
    ],
)
def test_a_c1_control_is_found_anywhere_among_c2_bytes(text: str) -> None:
    with pytest.raises(ReadError, match="^r.txt:1: not a text file: control character U\\+00"):
        decode(text.encode("utf-8"), "r.txt")


def test_the_source_keeps_its_path() -> None:
    assert decode(b"100.1. Draw.\n", "rules/old.txt").path == "rules/old.txt"


def test_rejects_str_saying_what_it_needs() -> None:
    with pytest.raises(TypeError, match="^decode\\(\\) needs bytes, not str$"):
        decode("text", "r.txt")  # type: ignore[arg-type]


def test_utf16_is_told_from_the_first_4096_bytes_only() -> None:
    # U+0100 has a NUL low byte: 204 of the first 2048 characters are under
    # 10% of them, so this is UTF-16 LE; one more (the 2049th) would be over 10%
    # of 2049, were it looked at.
    text = ("\u0100" + "a" * 9) * 204 + "a" * (2048 - 2040) + "\u0100" + "tail"
    assert decode(utf16(text, "le"), "r.txt").text == text


def test_a_pdf_is_read_page_after_page(tmp_path: Path) -> None:
    lines = ["Tidepool Rules", "100. General", "101. Draw a shell.", "102. Pass."]
    data = make_pdf(lines, tmp_path / "p.pdf", per_page=2).read_bytes()
    source = decode(data, "rules/p.pdf")
    assert (source.path, source.encoding, source.newline) == ("rules/p.pdf", "pdf", "LF")
    # The second page starts with a form feed, as a printed text file marks it.
    assert source.text == "Tidepool Rules\n100. General\n\f101. Draw a shell.\n102. Pass.\n"
    assert [r.id for r in parse(source).rules] == ["100", "101", "102"]


def test_a_pdf_without_text_is_named_a_scan(tmp_path: Path) -> None:
    data = make_pdf([], tmp_path / "scan.pdf").read_bytes()
    with pytest.raises(ReadError) as err:
        decode(data, "scan.pdf")
    assert str(err.value) == "scan.pdf: the PDF holds no text (is it a scan?) (give a text-based PDF or its text)"


def test_a_damaged_pdf_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ReadError) as err:
        decode(b"%PDF-1.4\n1 0 obj\n<< /Type\n  /Catalog >>\nendobj\n", "bad.pdf")
    message = str(err.value)
    assert message.startswith("bad.pdf: cannot read this PDF: ") and "\n" not in message
    assert "  " not in message and "XX" not in message


def test_a_pdf_s_carriage_returns_become_line_feeds(tmp_path: Path) -> None:
    data = make_pdf(["Rules", "100. One\rTwo", "101. Three\r\nFour"], tmp_path / "cr.pdf").read_bytes()
    assert decode(data, "cr.pdf").text == "Rules\n100. One\nTwo\n101. Three\nFour\n"


@pytest.mark.parametrize("mark", list("\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u2022\u2122\u00ae\u00a9"))
@pytest.mark.parametrize("encoding", ["cp1252", "mac_roman"])
def test_each_typographic_mark_alone_tells_an_8_bit_encoding(mark: str, encoding: str) -> None:
    # A file whose only non-ASCII characters are one kind of mark: the count
    # of marks in each decoding must pick the encoding it was written in.
    text = f"Test Rules\n\n100.1. Say {mark}go{mark} twice.\n\n100.2. Then {mark}stop{mark} once.\n"
    data = text.encode(encoding)
    decoded = decode(data, "rules.txt")
    assert decoded.text == text
    if data.decode("cp1252") != data.decode("mac_roman"):  # "©" is the same byte in both
        assert decoded.encoding == encoding.replace("_", "-")


@pytest.mark.parametrize("encoding", ["cp1252", "mac_roman"])
def test_accented_letters_inside_words_tell_an_8_bit_encoding(encoding: str) -> None:
    # Letters with accents, at the start, middle and end of words, and no mark.
    text = "Test Rules\n\n100.1. The \u00e9l\u00e8ve orders a caf\u00e9 and a cr\u00eape; \u00e9mile waits.\n"
    decoded = decode(text.encode(encoding), "rules.txt")
    assert decoded.text == text and decoded.encoding == encoding.replace("_", "-")


@pytest.mark.parametrize(("in_words", "alone", "read"), [(9, 1, True), (18, 2, True), (17, 3, False)])
def test_a_file_only_mac_roman_decodes_is_read_when_nine_tenths_of_its_letters_sit_in_words(
    in_words: int, alone: int, read: bool
) -> None:
    """Bytes Windows-1252 leaves undefined (0x81, 0x8F) read in Mac Roman as
    Å and è: letters inside words, or alone where mojibake would put them."""
    data = ("Rules\n\n1. Basics\n\n1.1 " + " ".join(["cr\u00e8me"] * in_words + ["\u00c5"] * alone) + "\n").encode("mac_roman")
    if read:
        assert decode(data, "r.txt").encoding == "mac-roman"
    else:
        with pytest.raises(ReadError, match="as UTF-8, Windows-1252, Mac Roman"):
            decode(data, "r.txt")
