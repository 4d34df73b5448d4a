"""Bytes -> text, in one place: encodings, byte-order marks, line endings.

- `decode(data, path, max_size)` -> `Source`: the text with every line
  ending turned into ``\\n``, and the encoding and line-ending style that
  were found. A text-based PDF is read through its text layer (pypdf), a
  Word file (DOCX) and a saved web page (HTML) through `markup`.
- `name_shown(path)` -> the path as a message shows it: bytes of a file name
  that are not UTF-8 escaped (``\\xff``); `check_name(path)` refuses such
  a name for a document, whose name is printed in every output.

Reading is held to one budget (limits.py): `max_size` (``--max-size``)
bounds every stage that decoding makes larger than the bytes read (a DOCX
inflated, a PDF's page content interpreted, the text extracted), and
`MAX_LINES` the lines of the text, so that time and memory stay linear in
the input whatever it holds.

Rules documents come in every encoding their publishers ever used. In the 126
Magic: The Gathering releases of 1999-2026 alone there are ASCII, Windows-1252,
UTF-8 with and without a byte-order mark, and UTF-16 in both byte orders with a
BOM; line endings are CRLF, LF, bare CR (classic Mac OS) or a mix of them in one
file. The order of attempts below is what makes that work without guessing:

1. A byte-order mark is authoritative (UTF-8, UTF-16 LE/BE).
2. UTF-16 without a BOM is recognised by its NUL bytes (every other byte of
   ASCII text is zero); otherwise a NUL byte means the file is not text.
3. Strict UTF-8. A non-UTF-8 file is very unlikely to decode as UTF-8 by chance,
   so success is trusted.
4. An 8-bit encoding, told by what the text says: Windows-1252 (the superset
   of Latin-1 that Windows editors write; a Latin-1 file reads the same) or
   Mac Roman (classic Mac OS). Both decode most bytes, so the bytes alone
   cannot choose; the characters can. Rules text uses typographic marks
   (curly quotes, dashes, ™ ®), and each encoding turns the other's marks
   into letters and signs that no text uses (Mac Roman ``DCI™`` and ``1–6``
   read as Windows-1252 are ``DCIª`` and ``1Ð6``). The decoding with more
   of those marks wins; a tie is Windows-1252. Seven bytes are marks in Mac
   Roman and capitals in Windows-1252 (… – — “ ” ‘ ’ against É Ð Ñ Ò Ó Ô Õ):
   where they stand as a capital of a word ("Émile", "CAFÉ") they are not
   counted as marks. Five byte values are undefined
   in Windows-1252: a file holding them is Mac Roman only if its non-ASCII
   characters then read as text (marks, or letters inside words), and
   otherwise an error naming the line, never mojibake.

   Detectors were measured on the 36 8-bit MTG releases and lose to this
   test: chardet 7.7 calls the Mac Roman release ISO-8859-1 (and ten
   Windows-1252 ones ASCII), charset-normalizer 3.5 calls nearly all of
   them cp1250 or cp775.

Decoded text that still holds control characters (other than tab and form
feed) is not a text document, and is rejected with the line where they appear.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import os
import re
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import ReadError
from ..limits import MAX_LINES, MAX_SIZE, PDF_BYTES_PER_OPERATOR, PDF_TEXT_RUNS_PER_PAGE
from ..model import record

__all__ = ["Source", "decode"]

# C0 controls other than tab, LF, VT, FF, CR; DEL; C1 controls. Seen in no real
# rules document, always in binary files.
_control = functools.cache(lambda: re.compile(r"[\x00-\x08\x0e-\x1f\x7f\x80-\x9f]"))
# The same test on the bytes of a UTF-8 or Windows-1252 file, ten times faster
# than the regex on the text: deleting every byte that may appear but LF leaves
# the C0 controls and DEL, and the line feeds, which decode() counts in the same
# pass; a C1 control is U+0080-U+009F, in UTF-8 0xC2 0x80-0x9F (in
# Windows-1252 those bytes are printable characters or undecodable).
_TEXT_BYTES = bytes([0x09, *range(0x0B, 0x0E), *range(0x20, 0x7F), *range(0x80, 0x100)])
_c1_utf8 = functools.cache(lambda: re.compile(rb"\xc2[\x80-\x9f]"))
_EIGHT_BIT = ("cp1252", "mac-roman")
# A text whose first character but spaces is "<" may be a web page.
_TAG_FIRST = re.compile(r"\s*<")


# Typographic marks of rules text. Each 8-bit encoding reads the other's as
# letters or signs (see the module docstring), so the count of these in the
# two decodings tells which one the file was written in.
@functools.cache
def _typographic_marks() -> re.Pattern[str]:
    return re.compile("[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u2022\u2122\u00ae\u00a9]")


@functools.cache
def _not_marks(encoding: str) -> bytes:
    """Every byte that does not read as one of those marks in an 8-bit
    encoding; worked out on first use, so that a UTF-8 file never pays for
    it (nor for importing the two codecs): ~1 ms of the start of a comparison."""
    return bytes(b for b in range(256) if _typographic_marks().fullmatch(bytes([b]).decode(encoding, "replace")) is None)


# Bytes that Mac Roman reads as a mark (… – — “ ” ‘ ’) and Windows-1252 as a
# capital letter (É Ð Ñ Ò Ó Ô Õ); see `_capitals`.
_ambiguous = functools.cache(lambda: re.compile(rb"[\xc9\xd0-\xd5]"))
_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + bytes(range(0xC0, 0x100)))
_UPPER_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ" + bytes(range(0xC0, 0xDF)))


# A non-ASCII letter with a letter beside it: part of a word ("café").
@functools.cache
def _in_word() -> re.Pattern[str]:
    return re.compile(r"(?<=[^\W\d_])[^\x00-\x7f\W\d_]|[^\x00-\x7f\W\d_](?=[^\W\d_])")


_non_ascii = functools.cache(lambda: re.compile(r"[^\x00-\x7f]"))
READS_AS_TEXT = 0.9
"""Least share of the non-ASCII characters of a file that Windows-1252
cannot decode that must be marks or letters inside words for it to be read
as Mac Roman."""


@record
class Source:
    """Decoded text of a file, with what was found about its bytes."""

    path: str
    text: str
    """The text, every line ending normalised to ``\\n``, no BOM."""
    encoding: str
    """``utf-8``, ``utf-8-sig``, ``utf-16-le``, ``utf-16-be``, ``cp1252``,
    ``mac-roman``, ``pdf``, ``docx`` or ``html``."""
    newline: str
    """``LF``, ``CRLF``, ``CR``, ``mixed`` or ``none``."""


def name_shown(path: str) -> str:
    """`path` as a message shows it: the bytes of a name that are not UTF-8
    (which `os.fsdecode` keeps as lone surrogates, and no output can encode)
    escaped, so that the line can be written and the file found.

    >>> name_shown(os.fsdecode(b"rel/\\xff.txt")), name_shown("rel/é.txt")
    ('rel/\\\\xff.txt', 'rel/é.txt')
    """
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def check_name(path: str) -> None:
    """Refuse a document whose file name is not UTF-8: the name is printed
    in every output (the changelog's header, a site's pages), which could
    not be written (once an internal ``UnicodeEncodeError``)."""
    if name_shown(path) != path:
        raise ReadError("the file name is not UTF-8, and outputs print it", path=name_shown(path),
                        fix="rename the file")


def decode(data: bytes, path: str, max_size: int = MAX_SIZE) -> Source:
    """Decode the bytes of a rules document, whatever its encoding and line endings.

    A `ReadError` when what it decodes to is over the budget: more than
    `max_size` bytes inflated, interpreted or extracted, or more than
    `MAX_LINES` lines.

    >>> decode(b"100.1. Keepers start with\\r\\n20 ember.\\r", "r.txt").text
    '100.1. Keepers start with\\n20 ember.\\n'
    >>> decode("caf\\u00e9".encode("cp1252"), "r.txt").encoding
    'cp1252'
    """
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"decode() needs bytes, not {type(data).__name__}")
    check_name(path)
    source = _decode(bytes(data), path, max_size)
    # A text holds no more line breaks than characters: only a longer one is
    # counted (5.6 M instructions on a Comprehensive Rules release, whose
    # characters beyond Latin-1 make `str.count` walk it one by one).
    lines = source.text.count("\n") if len(source.text) > MAX_LINES else 0
    if lines > MAX_LINES:
        raise ReadError(
            f"it has {lines:,} lines, more than a rules document is read with ({MAX_LINES:,}; "
            "the largest real one has ~13,000)",
            path=path,
            fix="split the document",
        )
    return source


def _decode(data: bytes, path: str, max_size: int) -> Source:
    if data[:5] == b"%PDF-":
        return _from_pdf(data, path, max_size)
    if data[:4] == b"PK\x03\x04":  # a ZIP archive: a Word file?
        from .markup import docx_text, is_docx  # only such input pays for importing it

        if is_docx(data):
            return Source(path=path, text=docx_text(data, path, max_size), encoding="docx", newline="LF")
    newline = None
    may_hold_controls = True  # unless the bytes prove otherwise
    if not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and b"\x00" not in data:
        # An ASCII-compatible encoding (UTF-8 or Windows-1252). One pass over
        # the bytes finds the control characters and counts the line feeds.
        rest = data.translate(None, _TEXT_BYTES)
        lf = rest.count(b"\n")
        may_hold_controls = len(rest) > lf
        # Line endings are normalised on the bytes (CR is never part of a
        # multi-byte character there), which is several times faster than on
        # the text.
        if b"\r" not in data:
            newline = "LF" if lf else "none"
        else:
            joined = data.replace(b"\r\n", b"\n")
            crlf = len(data) - len(joined)
            cr = b"\r" in joined  # a bare CR: memchr-fast, unlike count()
            newline = _style(crlf, cr, lf - crlf)
            data = joined.replace(b"\r", b"\n") if cr else joined
    encoding, text = _decode_text(data, path)
    if may_hold_controls or (encoding not in _EIGHT_BIT and _c1_in_utf8(data)):
        bad = _control().search(text)
        if bad:
            raise ReadError(
                f"not a text file: control character U+{ord(bad.group()):04X}",
                path=path,
                line=_line_of(text, bad.start()),
                fix="give a plain-text rules document",
            )
    if newline is None:  # UTF-16
        newline = _newline_style(text)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _TAG_FIRST.match(text):  # a saved web page, in any of the encodings above?
        from .markup import html_text, is_html

        if is_html(text):
            return Source(path=path, text=html_text(text, path), encoding="html", newline=newline)
    if path.lower().endswith((".md", ".markdown")):
        from .markup import markdown_text

        text = markdown_text(text)
    return Source(path=path, text=text, encoding=encoding, newline=newline)


def _c1_in_utf8(data: bytes) -> bool:
    """Whether UTF-8 bytes hold a C1 control: 0xC2 then 0x80-0x9F.

    Rules documents hold few 0xC2 bytes (the lead byte of ©, ®, a no-break
    space), and looking at each one that find() (memchr) turns up is much
    faster than a regex scan of every byte; past a few dozen of them, the
    regex scans the rest.
    """
    at = data.find(b"\xc2")
    for _ in range(32):
        if at < 0:
            return False
        if b"\x80" <= data[at + 1 : at + 2] <= b"\x9f":
            return True
        at = data.find(b"\xc2", at + 1)
    return at >= 0 and _c1_utf8().search(data, at) is not None


def _from_pdf(data: bytes, path: str, max_size: int = MAX_SIZE) -> Source:
    """The text of a text-based PDF, page after page (pypdf).

    Rules are often published as PDF only. pypdf reads the text layer of each
    page into lines; a scanned PDF has no text layer and is an error, as is
    one that needs a password or a file pypdf cannot make sense of. A PDF
    encrypted with an empty password (as publishers do to restrict printing
    or copying, often with AES) is read: pypdf decrypts AES with the
    ``cryptography`` package, a dependency (``pypdf[crypto]``). What pypdf
    says while it repairs a damaged file (warnings, log messages) is not
    shown: a file it reads is read, one it cannot is a `ReadError`.

    A few KB of PDF can ask for hours of work: one flate-compressed content
    stream of 2 MB is 5 KB, and 3,000 pages may all point at it. So the
    content of every page is measured before any is interpreted (a stream
    counted each time a page uses it) and held to `max_size`; while pages
    are read, the operators pypdf interprets (a form drawn many times
    counted each time) are held to `max_size` / `PDF_BYTES_PER_OPERATOR`,
    and the text extracted to `max_size`.
    """
    import io

    from pypdf import PdfReader  # only PDF input pays for importing it
    from pypdf.errors import DependencyError

    try:
        with _quiet("pypdf"):
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise ReadError("the PDF needs a password", path=path, fix="give an unencrypted PDF or its text")
            _check_content(reader.pages, path, max_size)
            operators = _Operators(max_size // PDF_BYTES_PER_OPERATOR, path)
            pages, size = [], 0
            for page in reader.pages:
                operators.runs = 0
                pages.append(page.extract_text(visitor_operand_before=operators.count) or "")
                size += len(pages[-1])
                if size > max_size:
                    raise _over_budget("its text is larger", max_size, path)
    except ReadError:
        raise
    except DependencyError:  # pypdf[crypto] not installed: AES needs it
        raise ReadError(
            "the PDF is encrypted with AES, which needs the 'cryptography' package",
            path=path,
            fix="pip install cryptography, or give an unencrypted PDF or its text",
        ) from None
    except Exception as exc:  # pypdf raises many kinds of errors on a damaged file
        raise ReadError(f"cannot read this PDF: {_one_line(str(exc))}", path=path) from None
    # Each page after the first starts with a form feed, as a printed text
    # file marks it: furniture.py finds running headers and page numbers at
    # the edges of the pages (a two-page PDF's "- 1 -" in mid-text is no
    # line of the document).
    text = "\n\f".join(page.rstrip("\n") for page in pages)
    text = _control().sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    if not text.strip():
        raise ReadError(
            "the PDF holds no text (is it a scan?)", path=path, fix="give a text-based PDF or its text"
        )
    return Source(path=path, text=text + "\n", encoding="pdf", newline="LF")


def _check_content(pages: Sequence[Any], path: str, max_size: int) -> None:
    """Refuse a PDF whose pages' content streams, decoded, add up to more
    than `max_size` bytes, a stream that several pages use counted for each
    (each is interpreted again). Each stream is decoded once (pypdf keeps
    it for the text extraction that follows); the count stops at the budget."""
    from pypdf.generic import ArrayObject, StreamObject

    sizes: dict[int, int] = {}  # decoded size of each stream object seen
    total = 0
    for page in pages:
        contents = page.get("/Contents")
        contents = contents.get_object() if contents is not None else None
        for item in contents if isinstance(contents, ArrayObject) else [contents]:
            stream = item.get_object() if item is not None else None
            if not isinstance(stream, StreamObject):
                continue
            if id(stream) not in sizes:
                sizes[id(stream)] = len(stream.get_data())
            total += sizes[id(stream)]
            if total > max_size:
                raise _over_budget("its pages hold more content to interpret", max_size, path)


_SHOW_TEXT = frozenset((b"Tj", b"TJ", b"'", b'"', "Tj", "TJ", "'", '"'))


class _Operators:
    """Counts the content operators pypdf interprets (its
    ``visitor_operand_before``), a `ReadError` past `limit`."""

    def __init__(self, limit: int, path: str) -> None:
        self.left, self.limit, self.path = limit, limit, path
        self.runs = 0  # runs of text shown on the page being read

    def count(self, operator: Any, operands: Any, cm: Any, tm: Any) -> None:
        self.left -= 1
        if operator in _SHOW_TEXT:
            # pypdf's time on one page grows faster than its runs of text
            # (10,000: 0.3 s, 20,000: 0.9 s, 130,000: 22 s): a page is held to
            # PDF_TEXT_RUNS_PER_PAGE, which no page of rules comes near.
            self.runs += 1
            if self.runs > PDF_TEXT_RUNS_PER_PAGE:
                raise ReadError(
                    f"a page shows more than {PDF_TEXT_RUNS_PER_PAGE:,} runs of text, more than a page of rules holds",
                    path=self.path,
                    fix="give its text",
                )
        if self.left < 0:
            raise ReadError(
                f"its pages draw more than {self.limit:,} operators, the most read with this --max-size",
                path=self.path,
                fix="give --max-size to read larger files, or give its text",
            )


def _over_budget(what: str, max_size: int, path: str) -> ReadError:
    return ReadError(
        f"{what} than the {_size(max_size)} allowed", path=path, fix="give --max-size to read larger files"
    )


def _size(size: int) -> str:
    return f"{size / 2**20:g} MiB" if size >= 2**20 else f"{size:,} bytes"


@contextlib.contextmanager
def _quiet(logger: str) -> Iterator[None]:
    """No Python warnings, and no messages from the named logger or its
    children (``pypdf._reader``…), inside: they stop at a handler that drops
    them, instead of reaching Python's last-resort handler, which writes to
    stderr."""
    import logging

    log = logging.getLogger(logger)
    drop, propagate = logging.NullHandler(), log.propagate
    log.addHandler(drop)
    log.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        log.removeHandler(drop)
        log.propagate = propagate


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _decode_text(data: bytes, path: str) -> tuple[str, str]:
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig", _strict(data[3:], "utf-8", path)
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", _strict(data[2:], "utf-16-le", path)
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", _strict(data[2:], "utf-16-be", path)
    if b"\x00" in data:
        head = data[:4096]
        even, odd = head[0::2], head[1::2]
        if len(head) >= 2 and odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
            return "utf-16-le", _strict(data, "utf-16-le", path)
        if len(head) >= 2 and even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
            return "utf-16-be", _strict(data, "utf-16-be", path)
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise ReadError(
            "not a text file: it contains NUL bytes",
            path=path,
            line=line,
            fix="give a plain-text rules document",
        )
    try:
        return "utf-8", data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return _eight_bit(data, path)


def _eight_bit(data: bytes, path: str) -> tuple[str, str]:
    """Windows-1252 or Mac Roman, whichever the text reads as (see the
    module docstring).

    >>> _eight_bit("Magic™ 1–6".encode("mac_roman"), "r.txt")
    ('mac-roman', 'Magic™ 1–6')
    >>> _eight_bit("Magic™ 1–6".encode("cp1252"), "r.txt")
    ('cp1252', 'Magic™ 1–6')
    >>> _eight_bit("Émile’s ÉCOLE".encode("cp1252"), "r.txt")
    ('cp1252', 'Émile’s ÉCOLE')
    """
    if _marks(data, "mac_roman") > _marks(data, "cp1252"):
        return "mac-roman", data.decode("mac_roman")  # Mac Roman defines all 256 bytes
    try:
        return "cp1252", data.decode("cp1252")
    except UnicodeDecodeError:
        mac = data.decode("mac_roman")
        if _reads_as_text(mac):
            return "mac-roman", mac
        return "cp1252", _strict(data, "cp1252", path, tried="UTF-8, Windows-1252, Mac Roman")


def _marks(data: bytes, encoding: str) -> int:
    """How many typographic marks the bytes hold read in an 8-bit encoding:
    counted on the bytes, one pass that deletes all others (0.5 ms a
    release, where counting them in both decoded texts took 8 ms).

    >>> _marks("“Magic™”".encode("mac_roman"), "mac_roman"), _marks("“Magic™”".encode("mac_roman"), "cp1252")
    (3, 0)

    A byte that Windows-1252 reads as a capital letter in a word ("Émile")
    is not counted as a Mac Roman mark (…mile):

    >>> _marks("Émile".encode("cp1252"), "mac_roman")
    0
    """
    marks = len(data.translate(None, _not_marks(encoding)))
    if encoding == "mac_roman" and marks:
        marks -= _capitals(data)
    return marks


def _capitals(data: bytes) -> int:
    """How many of the bytes that Mac Roman reads as marks and Windows-1252
    as capitals (É Ð Ñ Ò Ó Ô Õ) stand where Windows-1252 reads a capital
    letter of a word: the first letter of a capitalised word ("Émile"), or
    one in a word in capitals ("ÉCOLE", "CAFÉ"). Mac Roman's marks stand
    beside spaces, digits and lowercase letters ("1–6", "word—word"), or in
    pairs around a word ("“MAGIC”", which Windows-1252 would read "ÒMAGICÓ").

    >>> _capitals("Émile, ÉCOLE, CAFÉ, ÒMAGICÓ, 1Ð6, wordÑword".encode("cp1252"))
    3
    """
    count = 0
    ambiguous = _ambiguous()
    for hit in ambiguous.finditer(data):
        start = end = hit.start()
        while start and data[start - 1] in _WORD_BYTES:
            start -= 1
        end += 1
        while end < len(data) and data[end] in _WORD_BYTES:
            end += 1
        word = data[start:end]
        if len(word) < 2 or (ambiguous.fullmatch(word[:1]) and ambiguous.fullmatch(word[-1:])):
            continue
        if all(b in _UPPER_BYTES for b in word) or (start == hit.start() and word[1] not in _UPPER_BYTES):
            count += 1
    return count


def _reads_as_text(text: str) -> bool:
    """Whether most non-ASCII characters of a text are typographic marks or
    letters inside words, as in real text and not in mojibake or binary data.

    >>> _reads_as_text("Un café “noir”"), _reads_as_text("bad Å byte ¸ here")
    (True, False)
    """
    odd = len(_non_ascii().findall(text))
    plain = len(_typographic_marks().findall(text)) + len(_in_word().findall(text))
    return odd > 0 and plain >= READS_AS_TEXT * odd


def _strict(data: bytes, encoding: str, path: str, tried: str | None = None) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start]
        if encoding.startswith("utf-16"):
            unit = prefix.decode(encoding, "replace")
            line = unit.count("\n") + 1
        else:
            line = prefix.count(b"\n") + 1
        raise ReadError(
            f"cannot decode byte 0x{data[exc.start]:02X} at offset {exc.start} "
            f"as {tried or encoding}",
            path=path,
            line=line,
            fix="save the file as UTF-8",
        ) from None


def _line_of(text: str, offset: int) -> int:
    head = text[:offset].replace("\r\n", "\n").replace("\r", "\n")
    return head.count("\n") + 1


def _newline_style(text: str) -> str:
    crlf = text.count("\r\n")
    return _style(crlf, text.count("\r") - crlf, text.count("\n") - crlf)


def _style(crlf: int, cr: int, lf: int) -> str:
    """``CRLF``, ``CR``, ``LF``, ``mixed`` or ``none`` from the counts of each
    ending (or from whether each is present: only that is read)."""
    kinds = [name for name, n in (("CRLF", crlf), ("CR", cr), ("LF", lf)) if n]
    if not kinds:
        return "none"
    return kinds[0] if len(kinds) == 1 else "mixed"
