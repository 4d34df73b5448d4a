"""read.py: every encoding and line ending of real rules documents, and clean errors."""

from __future__ import annotations

import codecs

import pytest

from ruldiff.errors import ReadError
from ruldiff.read import decode

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
