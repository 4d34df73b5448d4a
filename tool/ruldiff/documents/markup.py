"""Rules published as a Word file, a web page or Markdown -> plain text, one paragraph a line.

- `is_docx(data)`, `docx_text(data, path, max_size)`: the paragraphs of a
  DOCX file (python-docx), tables included, in document order.
- `is_html(text)`, `html_text(text, path)`: the text of a saved web page,
  its scripts, styles, navigation, header, footer and forms dropped.
- `markdown_text(text)`: a Markdown file's (``.md``) text as a
  reader sees it rendered, line for line: the marks of a heading (``## 3.
  Fees``), of strong emphasis around a number (``**3.1**``) and a list's
  bullet before a typed number (``- 3.1``) dropped.

Both give text that is then parsed like any other, with the profile detected
or given: each paragraph (a Word paragraph, an HTML block such as ``<p>``,
``<li>`` or ``<h2>``) on a line of its own, blank lines between them, as in
the text releases. A number Word's list numbering puts before a
paragraph (``word/numbering.xml``, wordlists.py) is written before its text,
as if typed: a document that leaves its rule numbers to Word reads as one
that types them.

Both are read in time and memory linear in their size, within the budget of
limits.py: a DOCX's parts are inflated in chunks and counted as they come
(the sizes its directory declares are not trusted), and its paragraphs
counted before python-docx builds an object for each; a web page is parsed
by libxml2 (lxml), whose tokenizer never rescans, where Python's
``html.parser`` rescanned the rest of the page at every unclosed ``<``
(quadratic: 200 KB of ``<a`` took 25-107 s).
"""

from __future__ import annotations

import copy
import io
import re
import zipfile
from collections.abc import Mapping

from ..errors import ReadError
from ..limits import MAX_LINES, MAX_SIZE
from .wordlists import ListNumbers

__all__ = ["docx_text", "html_text", "is_docx", "is_html", "markdown_text"]

_CHUNK = 2**20
"""Bytes inflated at a time while a DOCX's parts are counted."""
# A paragraph element of WordprocessingML (``<w:p>``, ``<w:p w:rsidR=…>``)
# or DrawingML (text boxes, ``<a:p>``), whatever the namespace prefix: counted
# on the bytes, a C scan, before python-docx spends ~60 us and ~1.3 KB on each.
_PARAGRAPH = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?p[\s/>]")


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


def docx_text(data: bytes, path: str, max_size: int = MAX_SIZE) -> str:
    """The paragraphs of a DOCX file, a blank line between them (python-docx).

    A table's cells are read row by row, each cell's paragraphs in turn. A
    file python-docx cannot read is a `ReadError`, and so is one whose parts
    inflate to more than `max_size` bytes or that holds more paragraphs
    than `MAX_LINES` allows.
    """
    _check_parts(data, path, max_size)
    import docx  # only DOCX input pays for importing it
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    paragraphs: list[str] = []
    size = 0
    try:
        document = docx.Document(io.BytesIO(data))
        parts = {rel.reltype: rel.target_part for rel in document.part.rels.values() if not rel.is_external}
        lists = ListNumbers(
            _element(parts.get(RELATIONSHIP_TYPE.NUMBERING)), _element(parts.get(RELATIONSHIP_TYPE.STYLES))
        )

        def numbered(p: Paragraph) -> str:
            """The paragraph's text after the number Word shows before it (as if typed)."""
            number, text = lists.number(p._p), p.text
            return text if number is None or not text.strip() else f"{number} {text}"

        for block in document.iter_inner_content():
            texts = (
                [numbered(p) for row in block.rows for cell in row.cells for p in cell.paragraphs]
                if isinstance(block, Table)
                else [numbered(block)]
            )
            paragraphs += texts
            size += sum(map(len, texts))
            # Table cells that span columns repeat their paragraphs: counted as read.
            _check_extracted(len(paragraphs), size, path, max_size)
    except ReadError:
        raise
    except Exception as exc:  # python-docx and lxml raise many kinds of errors on a damaged file
        raise ReadError(f"cannot read this DOCX: {' '.join(str(exc).split())}", path=path) from None
    return _blocks(paragraphs)


def _element(part: object) -> object | None:
    """The root element of a part python-docx parsed as XML, or None."""
    return getattr(part, "element", None)


def _check_parts(data: bytes, path: str, max_size: int) -> None:
    """Inflate every part of a DOCX in chunks, counting the bytes that come
    out, and refuse it past `max_size` bytes, or when its main part holds
    more paragraphs than `MAX_LINES` allows. The sizes a ZIP directory
    declares are not trusted: a part that inflates to more than it declares
    ends in a CRC error, but only after it has all been inflated (2.1 GB from
    a 1.9 MB file), which is what counting as it comes prevents."""
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for info in z.infolist():
                if info.file_size > max_size - total:  # what it declares is already too much
                    raise _too_large(path, max_size)
                main = info.filename == "word/document.xml"
                kept: list[bytes] = []
                # zipfile stops at the size declared (and checks the CRC
                # there): told a size a chunk past the budget, it inflates
                # what is there, and we count it.
                undeclared = copy.copy(info)
                undeclared.file_size = max_size - total + 2 * _CHUNK
                with z.open(undeclared) as part:
                    while chunk := part.read(_CHUNK):
                        total += len(chunk)
                        if total > max_size:
                            raise _too_large(path, max_size)
                        if main:
                            kept.append(chunk)
                if main:
                    paragraphs = len(_PARAGRAPH.findall(b"".join(kept)))
                    if paragraphs > MAX_LINES // 2:
                        raise _too_many(f"{paragraphs:,} paragraphs", path)
    except ReadError:
        raise
    except Exception as exc:  # zipfile: a bad CRC, a truncated or unsupported part
        raise ReadError(f"cannot read this DOCX: {' '.join(str(exc).split())}", path=path) from None


def _check_extracted(paragraphs: int, size: int, path: str, max_size: int) -> None:
    if size > max_size:
        raise ReadError(
            f"its text is larger than the {_mib(max_size)} allowed", path=path, fix="give --max-size to read larger files"
        )
    if paragraphs > MAX_LINES // 2:
        raise _too_many(f"more than {MAX_LINES // 2:,} paragraphs", path)


def _too_large(path: str, max_size: int) -> ReadError:
    return ReadError(
        f"the DOCX unpacks to more than the {_mib(max_size)} allowed",
        path=path,
        fix="give --max-size to read larger files, or save it as plain text",
    )


def _too_many(what: str, path: str) -> ReadError:
    return ReadError(
        f"it holds {what}, more than a rules document is read with ({MAX_LINES // 2:,})",
        path=path,
        fix="split the document",
    )


def _mib(size: int) -> str:
    return f"{size / 2**20:g} MiB" if size >= 2**20 else f"{size:,} bytes"


# The start of a web page: an optional XML declaration and comments, then a
# doctype or an <html> tag.
_HTML_START = re.compile(r"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S)


def is_html(text: str) -> bool:
    """Whether a text is a web page (a doctype or an ``<html>`` tag first).

    >>> is_html("<!DOCTYPE html><html><body><p>1. Draw.</p></body></html>"), is_html("100.1. <b>Draw</b>.")
    (True, False)
    """
    return _HTML_START.match(text[:4096]) is not None


def html_text(text: str, path: str = "<page>") -> str:
    """The text of a web page: each block on a line of its own, a blank line
    between blocks, what only a browser needs (scripts, styles) and the
    page's furniture (navigation, header, footer, forms) dropped.

    >>> html_text('<html><nav><a href="/">Home</a></nav><h2>1. Basics</h2>'
    ...           '<p>1.1 Draw a<br>card.</p><script>x()</script></html>')
    '1. Basics\\n\\n1.1 Draw a\\ncard.\\n'

    The page is parsed by libxml2 (lxml's HTML parser, already installed
    for python-docx): linear in the page, where ``html.parser`` was
    quadratic on unclosed tags, and it ends the ``<head>`` where the body
    starts even without ``</head>`` (optional in HTML), where
    ``html.parser`` left the whole page inside it, dropped. No network, no
    DTD, no entities beyond HTML's own; ``huge_tree`` off keeps libxml2's
    limits on nesting and on the size of one text node.
    """
    from lxml import etree  # only HTML input pays for importing it

    reader = _PageReader(path)
    parser = etree.HTMLParser(
        target=reader, recover=True, no_network=True, huge_tree=False, remove_comments=True, remove_pis=True
    )
    try:
        parser.feed(text)
        parser.close()
    except ReadError:
        raise
    except etree.LxmlError as exc:
        raise ReadError(f"cannot read this web page: {' '.join(str(exc).split())}", path=path) from None
    reader.end_block()
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


class _PageReader:
    """Collects the text of a page as blocks (see `html_text`): the target
    of lxml's parser, called for each start tag, end tag and run of text.
    libxml2 closes what the page leaves open (``<p>``, ``<li>``, ``<head>``)
    where HTML says it ends, with an end tag of its own."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.dropped = 0  # depth inside dropped elements

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        if tag in _DROPPED:
            self.dropped += 1
        elif tag == "br":
            self.current.append("\n")  # a line break inside the block
        elif tag in _BREAKS:
            self.end_block()

    def end(self, tag: str) -> None:
        if tag in _DROPPED:
            self.dropped = max(0, self.dropped - 1)
        elif tag in _BREAKS:
            self.end_block()

    def data(self, data: str) -> None:
        if not self.dropped:
            self.current.append(data)

    def close(self) -> None:
        pass

    def end_block(self) -> None:
        if self.current:
            self.blocks.append("".join(self.current))
            self.current = []
            if len(self.blocks) > MAX_LINES // 2:
                raise _too_many(f"more than {MAX_LINES // 2:,} blocks of text", self.path)


# One line's markup before its text, its indent set apart (`markdown_text`):
# a heading's hashes, or a list's bullet then a typed number; strong emphasis
# around the line's first words (``**3.1**``, ``**Note:**``), closed on the
# line. Bounded: a heading's marks are at most six, the emphasised run at
# most 60 characters; a heading's closing hashes are stripped, not searched.
_MD_LEAD = re.compile(r"(?:#{1,6}[ \t]+|[-*+][ \t]+(?=\*\*|__|[\d(§]|[A-Z][a-z]{1,11}\.? \d))")
_MD_ITEM = re.compile(r"[-*+][ \t]|\d{1,9}[.)][ \t]")  # a list item, bullet or ordered
_MD_STRONG = re.compile(r"^(\*\*|__)([^*_\n]{1,60}?)\1")


def markdown_text(text: str) -> str:
    r"""A Markdown file's text with the markup of its numbered lines dropped,
    line for line (a rule's line is the file's): what a reader sees of
    ``## 3. Fees``, ``### 3.2 Refunds``, ``**3.1** Dues are paid``, ``-
    3.1.1 Late dues``, and of a list nested four spaces in. Everything else
    is kept as written, code above all: a line inside a fence (three
    backticks or tildes), or indented four spaces outside a list, is shown
    as typed, so its markup stays.

    >>> markdown_text("# Club Rules\n## 3. Fees ##\n**3.1** Dues.\n- 3.1.1 Late.\n- a bullet\n")
    'Club Rules\n3. Fees\n3.1 Dues.\n3.1.1 Late.\n- a bullet\n'
    >>> markdown_text("- 3.1 Dues.\n    - 3.1.1 Late.\n\nText.\n\n    **3.2** typed\n```\n## 4. typed\n```")
    '3.1 Dues.\n3.1.1 Late.\n\nText.\n\n    **3.2** typed\n```\n## 4. typed\n```'
    """
    lines = text.split("\n")
    fence = ""
    in_list = False  # an indented line in a list is its item's, not code
    for k, line in enumerate(lines):
        bare = line.lstrip(" ")
        indent = len(line) - len(bare)
        if not bare or (indent >= 4 and not in_list and not fence):
            continue
        if (indent < 4 or in_list) and bare[:3] in ("```", "~~~") and (not fence or bare.startswith(fence)):
            fence = "" if fence else bare[:3]
            continue
        if fence:
            continue
        if _MD_ITEM.match(bare):
            in_list = True
        elif not indent:
            in_list = False
        if bare[:1] not in "#-*+_":
            continue
        lead = _MD_LEAD.match(bare)
        rest = bare[lead.end():] if lead else bare if bare[:2] in ("**", "__") else line
        if lead and lead.group()[:1] == "#":
            bare = rest.rstrip(" \t")
            if bare.endswith("#") and bare.rstrip("#")[-1:] in (" ", "\t", ""):
                rest = bare.rstrip("#").rstrip(" \t")  # ## 3. Fees ##: the closing hashes
        rest = _MD_STRONG.sub(r"\2", rest, count=1)
        lines[k] = rest
    return "\n".join(lines)
