"""Rules published as a Word file or a web page -> plain text, one paragraph a line.

- `is_docx(data)`, `docx_text(data, path)`: the paragraphs of a DOCX file
  (python-docx), tables included, in document order.
- `is_html(text)`, `html_text(text)`: the text of a saved web page, its
  scripts, styles, navigation, header, footer and forms dropped.

Both give text that is then parsed like any other, with the profile detected
or given: each paragraph (a Word paragraph, an HTML block such as ``<p>``,
``<li>`` or ``<h2>``) on a line of its own, blank lines between them, as in
the text releases. Word's automatic list numbers are not part of a
paragraph's text: a document whose rule numbers are typed reads; one that
leaves them to Word's list numbering reads as paragraphs without numbers.
"""

from __future__ import annotations

import io
import re
import zipfile
from html.parser import HTMLParser

from ..errors import ReadError

__all__ = ["docx_text", "html_text", "is_docx", "is_html"]

DOCX_MAX_UNPACKED = 256 * 1024 * 1024
"""Most bytes the parts of a DOCX may unpack to: a small file that unpacks to
gigabytes (a "zip bomb") is refused before it is unpacked."""


def is_docx(data: bytes) -> bool:
    """Whether bytes are a Word document: a ZIP archive holding ``word/document.xml``.

    >>> is_docx(b"100.1. Draw a card."), is_docx(b"PK\\x03\\x04 not really a zip")
    (False, False)
    """
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return "word/document.xml" in z.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def docx_text(data: bytes, path: str) -> str:
    """The paragraphs of a DOCX file, a blank line between them (python-docx).

    A table's cells are read row by row, each cell's paragraphs in turn. A
    file python-docx cannot read is a `ReadError`.
    """
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        if sum(info.file_size for info in z.infolist()) > DOCX_MAX_UNPACKED:
            raise ReadError(
                f"the DOCX unpacks to more than {DOCX_MAX_UNPACKED // 2**20} MiB",
                path=path,
                fix="save it as plain text",
            )
    import docx  # only DOCX input pays for importing it
    from docx.table import Table

    try:
        document = docx.Document(io.BytesIO(data))
        paragraphs: list[str] = []
        for block in document.iter_inner_content():
            if isinstance(block, Table):
                paragraphs += (p.text for row in block.rows for cell in row.cells for p in cell.paragraphs)
            else:
                paragraphs.append(block.text)
    except Exception as exc:  # python-docx and lxml raise many kinds of errors on a damaged file
        raise ReadError(f"cannot read this DOCX: {' '.join(str(exc).split())}", path=path) from None
    return _blocks(paragraphs)


# The start of a web page: an optional XML declaration and comments, then a
# doctype or an <html> tag.
_HTML_START = re.compile(r"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S)


def is_html(text: str) -> bool:
    """Whether a text is a web page (a doctype or an ``<html>`` tag first).

    >>> is_html("<!DOCTYPE html><html><body><p>1. Draw.</p></body></html>"), is_html("100.1. <b>Draw</b>.")
    (True, False)
    """
    return _HTML_START.match(text[:4096]) is not None


def html_text(text: str) -> str:
    """The text of a web page: each block on a line of its own, a blank line
    between blocks, what only a browser needs (scripts, styles) and the
    page's furniture (navigation, header, footer, forms) dropped.

    >>> html_text('<html><nav><a href="/">Home</a></nav><h2>1. Basics</h2>'
    ...           '<p>1.1 Draw a<br>card.</p><script>x()</script></html>')
    '1. Basics\\n\\n1.1 Draw a\\ncard.\\n'
    """
    reader = _PageReader()
    reader.feed(text)
    reader.close()
    return _blocks(reader.blocks)


def _blocks(paragraphs: list[str]) -> str:
    """Paragraphs as text: a blank line between them, white space collapsed
    within each line (a line break inside one is kept), empty ones dropped."""
    out = []
    for paragraph in paragraphs:
        lines = (" ".join(line.split()) for line in paragraph.split("\n"))
        text = "\n".join(line for line in lines if line)
        if text:
            out.append(text)
    return "\n\n".join(out) + "\n"


# Elements whose content is never text of the rules.
_DROPPED = frozenset(
    "script style noscript template nav header footer form button select textarea svg canvas iframe head".split()
)
# Elements that end a paragraph: blocks, list items, cells, headings.
_BREAKS = frozenset(
    "p div li dt dd tr td th h1 h2 h3 h4 h5 h6 section article main aside blockquote pre table "
    "ul ol dl hr title caption figcaption address details summary".split()
)
# Void elements have no end tag: one never opens a dropped stretch.
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


class _PageReader(HTMLParser):
    """Collects the text of a page as blocks (see `html_text`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.dropped = 0  # depth inside dropped elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _DROPPED and tag not in _VOID:
            self.dropped += 1
        elif tag == "br":
            self.current.append("\n")  # a line break inside the block
        elif tag in _BREAKS:
            self._end_block()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self.current.append("\n")
        elif tag in _BREAKS:
            self._end_block()

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROPPED and tag not in _VOID:
            self.dropped = max(0, self.dropped - 1)
        elif tag in _BREAKS:
            self._end_block()

    def handle_data(self, data: str) -> None:
        if not self.dropped:
            self.current.append(data)

    def close(self) -> None:
        super().close()
        self._end_block()

    def _end_block(self) -> None:
        if self.current:
            self.blocks.append("".join(self.current))
            self.current = []
