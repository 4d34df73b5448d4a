"""Reading a command's inputs: files and standard input -> bytes -> `Source` -> `Document`, each read once.

- `read_input(path, max_size, stdin)` -> the bytes of a regular file, or of
  standard input (``-``), refused early when too large or not a file.
- `Stdin` -> standard input as a document: read once, kept for whoever asks.
- `read_document(path, profile, max_size, stdin)` -> `Loaded`: the decoded
  `Source`, the profile that read it and the `Document`; what the misfit
  check (fit.py) and ``check`` reuse instead of reading the file again.
- `load(...)` -> the `Document` alone.
- `read_editor_file(path, what)`, `read_project_config(path)` -> an
  editor's file (notes, overrides, review state, a profile, check's
  config), the project's defaults: through the checks of `read_input`
  (a regular file, opened without waiting), at most `EDITOR_MAX_SIZE`.
- `parse_size(text)`, `format_size(size)` -> ``64M`` <-> bytes.

Every failure is a `ReadError` (or another `RuldiffError`) naming the path;
nothing here knows about the command line.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ReadError, RuldiffError, brief
from ..model import Document, record
from .parse import parse, parse_bounded
from .profiles import BUILTIN, Profile, load_profile
from ..limits import EDITOR_MAX_SIZE, MAX_SIZE
from .read import Source, decode

if TYPE_CHECKING:
    from ..config import Config

__all__ = [
    "MAX_SIZE", "STDIN_NAME", "STDIO", "Loaded", "Stdin", "format_size", "load", "parse_size", "read_again", "read_alike", "read_document",
    "read_editor_file", "read_input", "read_project_config", "shown",
]

STDIO = "-"
"""The name that stands for standard input (as OLD, NEW or FILE) or
standard output (``-o -``)."""

STDIN_NAME = "<stdin>"
"""Standard input as messages and outputs name it."""


def shown(path: str) -> str:
    """`path` as messages name it: ``<stdin>`` for ``-``."""
    return STDIN_NAME if path == STDIO else path


class Stdin:
    """Standard input as a document: read once (it cannot be read twice), at
    most `max_size` bytes, as a file is; an error in reading it is kept and
    raised where the document is loaded, so that errors keep their order
    (OLD's before NEW's)."""

    def __init__(self, max_size: int = MAX_SIZE) -> None:
        self.max_size = max_size
        self._data: bytes | None = None
        self._error: ReadError | None = None

    def read(self) -> bytes:
        """The bytes of standard input (read on the first call)."""
        if self._data is None and self._error is None:
            try:
                self._data = _read_stdin(self.max_size)
            except ReadError as exc:
                self._error = exc
        if self._error is not None:
            raise self._error
        assert self._data is not None
        return self._data


def _read_stdin(max_size: int) -> bytes:
    stream = sys.stdin
    if stream is None:  # started with stdin closed (<&-)
        raise ReadError("cannot read: it is closed", path=STDIN_NAME)
    try:
        binary: Any = getattr(stream, "buffer", stream)
        data = binary.read(max_size + 1)
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=STDIN_NAME) from None
    except ValueError:  # closed
        raise ReadError("cannot read: it is closed", path=STDIN_NAME) from None
    if isinstance(data, str):  # a text stream without a binary layer
        data = data.encode("utf-8")
    if len(data) > max_size:
        raise _too_large(STDIN_NAME, max_size)
    return bytes(data)


@record
class Loaded:
    """A document as read: what it was decoded to, and how it was parsed."""

    source: Source
    """The decoded text (the bytes are dropped once decoded)."""
    profile: Profile
    """The profile that read it: given, or detected from `source`."""
    document: Document
    """`source` parsed with `profile`."""


def read_document(
    path: str, profile: str | None = None, max_size: int = MAX_SIZE, stdin: Stdin | None = None
) -> Loaded:
    """Read, decode and parse one document, with the named profile or a
    detected one; ``-`` is standard input (`stdin`, else read here)."""
    # The bytes are dropped once decoded: parsing never holds both.
    source = decode(read_input(path, max_size, stdin), shown(path), max_size)
    if profile is None:  # detected, or the numbering inferred when no preset reads it well
        document = parse(source)
        if document.numbering is not None:
            from .grammar import grammar_profile, parse_numbering  # only an inferred numbering pays for it

            return Loaded(source, grammar_profile(parse_numbering(document.numbering)), document)
        return Loaded(source, load_profile(document.profile), document)
    grammar = load_profile(profile)
    if profile not in BUILTIN:  # a user's file: patterns bounded in time
        return Loaded(source, grammar, parse_bounded(source, grammar, profile))
    return Loaded(source, grammar, parse(source, grammar))


def read_alike(loaded: Sequence[Loaded]) -> list[Loaded]:
    """Releases of one document read the same way. When some were read by
    the numbering inferred from them (grammar.py) and the others by a preset,
    each of the others is read again by that numbering (the first one
    inferred), and takes that reading when it leaves no more of its lines
    unread. A preset's misread threshold can fall between two releases (one
    leaves 10.3% of its lines unread, the next 9.7%); read by two grammars,
    their headings are units in one and text in the other, and the changelog
    is noise.

    >>> from ruldiff.documents.read import decode
    >>> from ruldiff.documents.grammar import grammar_profile, parse_numbering
    >>> def loaded(text: str) -> Loaded:
    ...     source = decode(text.encode(), "d.txt")
    ...     document = parse(source)
    ...     grammar = grammar_profile(parse_numbering(document.numbering)) if document.numbering else None
    ...     return Loaded(source, grammar or load_profile(document.profile), document)
    >>> a = loaded("Bylaws\\n\\nSection 1. The name is X.\\nSection 2. Anyone may join.\\n")
    >>> [one.document.profile for one in read_alike([a, a])]
    ['inferred', 'inferred']
    """
    inferred = next((one for one in loaded if one.document.numbering is not None), None)
    if inferred is None:
        return list(loaded)
    out = []
    for one in loaded:
        again = read_again(one.source, one.document, inferred.profile)
        out.append(one if again is None else Loaded(one.source, inferred.profile, again))
    return out


def read_again(source: Source, document: Document, inferred: Profile) -> Document | None:
    """`source`, read as `document` by a preset, read again by `inferred`
    (another release's numbering, `grammar_profile`), when that leaves no
    more of its lines unread; None when it does, when it fails, or when
    `document` was itself read by an inferred numbering. The rule of
    `read_alike`, shared by a series (series/releases.py)."""
    before = document.coverage
    if document.numbering is not None or before is None:
        return None
    try:
        again = parse(source, inferred)
    except RuldiffError:
        return None
    if again.coverage is None or again.coverage.unread > before.unread:
        return None
    return again


def load(path: str, profile: str | None = None, max_size: int = MAX_SIZE, stdin: Stdin | None = None) -> Document:
    """The `Document` of `read_document`."""
    return read_document(path, profile, max_size, stdin).document


def read_input(path: str, max_size: int = MAX_SIZE, stdin: Stdin | None = None) -> bytes:
    """The bytes of an input file, refused early when it is not a regular
    file (a directory, a device such as /dev/zero, a FIFO) or is larger than
    `max_size` bytes: looked at with stat() before it is opened (opening a
    device can have effects of its own), checked again on the open file, and
    never more than `max_size` + 1 bytes are read.

    ``-`` is standard input, whatever it is (a pipe, a file, a terminal),
    read up to `max_size` + 1 bytes and refused beyond `max_size`."""
    if path == STDIO:
        return (stdin if stdin is not None else Stdin(max_size)).read()
    return _read_file(path, max_size)


def _read_file(path: str, max_size: int, editor: bool = False) -> bytes:
    """The bytes of the regular file `path` (`read_input`); `editor`: an
    editor's file, not a document (for the messages)."""
    try:
        _check_input(path, os.stat(path), max_size, editor)
        # O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ReadError("no such file", path=path) from None
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    try:
        _check_input(path, os.fstat(fd), max_size, editor)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(max_size + 1)
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    finally:
        os.close(fd)
    if len(data) > max_size:  # it grew since
        raise _too_large(path, max_size, editor)
    return data


def _check_input(path: str, st: os.stat_result, max_size: int, editor: bool = False) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise ReadError("is a directory" if editor else "is a directory, not a rules document", path=path)
    if not stat.S_ISREG(st.st_mode):
        fix = "save it to a file" if editor else "save the document to a file"
        raise ReadError("is not a regular file (a device, FIFO or socket)", path=path, fix=fix)
    if st.st_size > max_size:
        raise _too_large(path, max_size, editor)


def _too_large(path: str, max_size: int, editor: bool = False) -> ReadError:
    if editor:
        return ReadError(f"larger than the {format_size(max_size)} an editor's file may be", path=path)
    return ReadError(
        f"larger than the {format_size(max_size)} allowed", path=path, fix="give --max-size to read larger files"
    )


MAX_SIZE_ALLOWED = 2**40
"""The largest ``--max-size``: 1 TiB (a budget, not memory taken; larger
sizes do not fit the integers the reading functions take)."""


def parse_size(text: str) -> int:
    """A size in bytes from ``123``, ``64K``, ``64M`` or ``1G`` (powers of 1024),
    at most `MAX_SIZE_ALLOWED`.

    >>> parse_size("64M"), parse_size("1500"), parse_size("2g")
    (67108864, 1500, 2147483648)
    """
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}
    number, unit = text.strip().rstrip("bB"), ""
    if number[-1:].upper() in ("K", "M", "G"):
        number, unit = number[:-1], number[-1].upper()
    if not number.isdigit() or int(number) == 0 or len(number) > 20:
        raise RuldiffError(f"expected a size such as 64M or 1500, not {brief(text)}")
    size = int(number) * units[unit]
    if size > MAX_SIZE_ALLOWED:  # read() takes an index-sized integer; no input is this large
        raise RuldiffError(f"at most {format_size(MAX_SIZE_ALLOWED)}, not {brief(text)}")
    return size


def format_size(size: int) -> str:
    """``64 MiB``, ``1.5 KiB``, ``100 bytes``.

    >>> format_size(64 * 2**20), format_size(1536), format_size(100)
    ('64 MiB', '1.5 KiB', '100 bytes')
    """
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{size / scale:.4g} {unit}"
    return f"{size} bytes"


def read_editor_file(path: str, what: str) -> str:
    """The text (UTF-8) of an editor's file (notes, overrides, review state,
    a profile, check's config), read as `read_input` reads a document: only
    a regular file, opened without waiting (a FIFO, /dev/zero are refused),
    at most `EDITOR_MAX_SIZE` bytes. ``-`` is a file of that name here."""
    try:
        data = _read_file(path, EDITOR_MAX_SIZE, editor=True)
    except ReadError as exc:
        if exc.message == "no such file":
            raise RuldiffError(f"no such {what} file", path=path) from None
        raise
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RuldiffError(f"cannot read the {what}: not UTF-8 text", path=path) from None


def read_project_config(path: str | None) -> Config:
    """The project's defaults: `path`, else ``ruldiff.yaml`` in the current
    directory if there is one (whatever it is: a device or a FIFO there is an
    error, not a file ignored), else none."""
    from ..config import CONFIG_NAME, Config, load_config  # only the commands with a config pay for it

    if path is None:
        if not os.path.lexists(CONFIG_NAME):
            return Config()
        path = CONFIG_NAME
    return load_config(read_editor_file(path, "config"), path)
