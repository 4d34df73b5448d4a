"""Where a command writes: ``-o FILE``, standard output, the pager, the progress line.

- `output_target(path, inputs)` -> `Target`: where ``-o`` may write, checked
  before any work: never over an input, through a device, keeping a file's mode.
- `deliver(text, target, paged)` -> standard output (`emit`, `page_or_emit`)
  or the target (`write_atomic`: complete or absent).
- `inputs(...)`: every file a command reads, which ``-o`` must not name.
- `use_color`, `isatty`, `Progress`: how the terminal is written to.

Failures are `RuldiffError`s naming the file (or `OutputClosed`, when the
reader of standard output has gone); `main` turns them into one line.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

import click

from ..documents.load import STDIO
from ..documents.profiles import BUILTIN
from ..errors import RuldiffError, printable
from ..model import record
from .main import OutputClosed

__all__ = [
    "Progress", "Target", "deliver", "emit", "inputs", "isatty", "output_target", "page_or_emit", "stdout_error",
    "use_color", "warn", "write_atomic",
]


@record
class Target:
    """Where ``-o`` writes, as `output_target` found it."""

    path: str
    """As the user gave it (for messages)."""
    real: str
    """The file written: for a regular file, `path` with its symbolic links
    resolved, so that a link stays a link and the file it points to is
    replaced; else `path`."""
    mode: int | None
    """Permission bits of the existing regular file, kept; None for a new file."""
    through: bool
    """Not a regular file (a device such as /dev/null, a FIFO): opened and
    written, never replaced."""


def output_target(path: str, inputs: Sequence[str]) -> Target | None:
    """Check, before any work, where ``-o PATH`` may write; raise a
    RuldiffError where it must not.

    - ``-`` is standard output: None, as without ``-o``;

    - an input of the command (the same file, by device and inode: through
      symbolic or hard links too) is refused;
    - a directory is refused;
    - a file that is not a regular one (a device, a FIFO), or a file this
      process already has open (``/dev/stdout``, ``/dev/fd/N``: perhaps
      opened by the shell for appending, ``>>``), is written through;
    - a regular file that is read-only (no write permission bit, or not
      writable by this user) is refused: replacing it would defeat its
      protection, as the directory, not the file, decides who may rename;
    - otherwise a new file, or the existing one replaced with its mode kept.
    """
    if path == STDIO:
        return None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        real = os.path.realpath(path)  # a dangling link: the file it names is made
        if not os.path.isdir(os.path.dirname(real)):
            raise RuldiffError("cannot write: directory does not exist", path=path) from None
        return Target(path, real, None, False)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=path) from None
    if any(_same_file(info, other) for other in inputs):
        raise RuldiffError("is an input of this command; not overwritten", path=path, fix="write elsewhere")
    if stat.S_ISDIR(info.st_mode):
        raise RuldiffError("is a directory", path=path, fix="give a file name")
    if not stat.S_ISREG(info.st_mode) or _names_a_descriptor(path):
        return Target(path, path, None, True)
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise RuldiffError("is read-only; not overwritten", path=path, fix="make it writable, or write elsewhere")
    return Target(path, os.path.realpath(path), stat.S_IMODE(info.st_mode), False)


def _names_a_descriptor(path: str) -> bool:
    """Whether `path`, or a link on the way to its file, is one of this
    process's open files: ``/dev/fd/N`` or ``/proc/…/fd/N`` (``/dev/stdout``
    links to ``/proc/self/fd/1``)."""
    for _ in range(40):  # the kernel's own limit on links followed
        absolute = os.path.abspath(path)
        parts = absolute.split("/")
        if parts[1:3] == ["dev", "fd"] or (parts[1:2] == ["proc"] and parts[3:4] == ["fd"]):
            return True
        try:
            link = os.readlink(absolute)
        except OSError:
            return False
        path = os.path.join(os.path.dirname(absolute), link)
    return False


def inputs(
    *documents: str, profile: str | None = None, templates: str | None = None, template: str | None = None
) -> list[str]:
    """Every file a command reads, which ``-o`` must not name: the documents,
    a profile given as a file, the user's copy of the template."""
    found = list(documents)
    if profile is not None and profile not in BUILTIN:
        found.append(profile)
    if templates is not None and template is not None:
        found.append(os.path.join(templates, template))
    return found


def _same_file(info: os.stat_result, path: str) -> bool:
    """Whether `path` (``-``: standard input, whatever file it was opened
    from: ``-o new.txt < new.txt``) is the file `info` describes."""
    try:
        other = os.fstat(sys.stdin.fileno()) if path == STDIO else os.stat(path)
    except (OSError, ValueError, AttributeError):
        return False
    return (info.st_dev, info.st_ino) == (other.st_dev, other.st_ino)


def deliver(text: str, target: Target | None, *, paged: bool = False) -> None:
    """Write `text` to standard output (`emit`), through a pager when
    `paged` and standard output is a terminal (`page_or_emit`), or where
    `output_target` said: through a device or FIFO, else atomically
    (`write_atomic`)."""
    if target is None and paged:
        page_or_emit(text)
    elif target is None:
        emit(text)
    elif not target.through:
        write_atomic(target.real, text, mode=target.mode, shown=target.path)
    else:
        _write_through(target, text)


def page_or_emit(text: str) -> None:
    """Show `text` through the pager when standard output is a terminal and
    a pager is set (`pager.pager_command`), else `emit` it. The text is
    complete before the pager starts, so an error is never paged, and the
    pager is waited for before the command ends, a signal included (exit
    130 on Ctrl-C, once the pager has restored the terminal). A pager that
    cannot be started is a warning, and the text is written straight."""
    # Imported here: the pager (and subprocess) only on a terminal.
    from ..outputs.pager import PagerError, page, pager_command

    stream = sys.stdout
    command = pager_command(os.environ)
    if command is None or stream is None or not isatty(stream):
        emit(text)
        return
    try:
        stream.flush()
        page(text.encode(stream.encoding, stream.errors or "strict"), command, os.environ)
    except PagerError as exc:
        if any(name in os.environ for name in ("RULDIFF_PAGER", "PAGER")):  # not the default missing
            warn(f"{exc}; writing to the terminal (set PAGER, or give --no-pager)")
        emit(text)
    except OSError as exc:
        raise stdout_error(exc) from None


def warn(message: str) -> None:
    """``warning: <message>`` on standard error, one line, control and bidi
    characters escaped (`errors.printable`): a file name or a note cannot
    send commands to the terminal or fake a line of its own."""
    click.echo(f"warning: {printable(message)}", err=True)


def isatty(stream: Any) -> bool:
    """Whether `stream` is a terminal (False for one that is closed or none)."""
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


def use_color(choice: str, output: str | None) -> bool:
    """``--color``: 'auto' colours only a terminal, never with NO_COLOR set
    or TERM=dumb, nor when writing to a file."""
    if choice != "auto":
        return choice == "always"
    if (output is not None and output != STDIO) or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout is not None and sys.stdout.isatty()


def _write_through(target: Target, text: str) -> None:
    """Open and write, appending: what is already in the file (a log the
    shell opened with ``>>`` and passed as /dev/stdout) is kept; a device or
    a FIFO has nothing to keep. A pipe whose reader has gone (``-o
    /dev/stdout | head -1``) ends the command as it does on standard output
    (`OutputClosed`)."""
    try:
        with open(target.real, "a", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise OutputClosed() from None
        raise RuldiffError(f"cannot write: {exc.strerror}", path=target.path) from None


_SLICE = 1 << 16
"""Characters `write_atomic` encodes and writes at a time."""


def write_atomic(path: str, text: str, *, mode: int | None = None, shown: str | None = None) -> None:
    """Write a file so that it is either complete or absent: a temporary file
    ``.NAME.<hex>.tmp`` in the same directory, renamed over the target once
    fully written, and removed on every other way out (an error, an
    exception, `Interrupted` by a signal).

    The temporary file has a random 64-bit name and is opened with
    ``O_EXCL``, so it never takes over another file: what `tempfile.mkstemp`
    does, whose import (with `shutil`, `random` and the compression modules)
    would cost more than the rest of this function. It gets `mode` (the
    replaced file's), else the permissions any new file gets (0666 less the
    umask). Errors name `shown` (default: `path`)."""
    shown = shown if shown is not None else path
    target = Path(path)
    directory = target.parent
    if not directory.is_dir():
        raise RuldiffError("cannot write: directory does not exist", path=shown)
    tmp = directory / f".{target.name}.{os.urandom(8).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=shown) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            if mode is not None:
                os.fchmod(f.fileno(), mode)
            # In slices: the text encoded whole would be a second copy of
            # the page at the run's peak (the 17-year gap's HTML, 2.4 MB).
            for at in range(0, len(text), _SLICE):
                f.write(text[at : at + _SLICE])
        os.replace(tmp, target)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise RuldiffError(f"cannot write: {exc.strerror}", path=shown) from None
        raise


def emit(text: str) -> None:
    """Write `text` to standard output, all of it, flushed. A closed pipe
    raises `OutputClosed`; any other failure (a full disk, /dev/full) a
    RuldiffError."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed (>&-)
        raise RuldiffError("cannot write: it is closed", path="standard output")
    try:
        binary = getattr(stream, "buffer", None)
        if binary is None:
            stream.write(text)
            stream.flush()
            return
        stream.flush()
        _write_all(binary, text.encode(stream.encoding, stream.errors or "strict"))
    except OSError as exc:
        raise stdout_error(exc) from None


def _write_all(out: BinaryIO, data: bytes) -> None:
    """Write all of `data` to `out` and flush it. An unbuffered stream
    (PYTHONUNBUFFERED, ``python -u``) may take only part of a long text, and
    say so only in what it returns; its text layer would drop the rest
    without a word. Taking the rest in a loop also makes a pipe whose reader
    has gone an error (EPIPE) rather than a short, silent output."""
    view = memoryview(data)
    while view:
        written = out.write(view)
        view = view[written or 0 :]
    out.flush()


def stdout_error(exc: OSError) -> Exception:
    """Standard output failing: `OutputClosed` for a pipe whose reader has
    gone, else a RuldiffError."""
    if exc.errno == errno.EPIPE:
        return OutputClosed()
    return RuldiffError(f"cannot write: {exc.strerror}", path="standard output")


class Progress:
    """A progress line on standard error while a series is read and
    compared, on a terminal only (quiet when piped); warnings are written
    on lines of their own."""

    def __init__(self) -> None:
        self.tty = isatty(sys.stderr)
        self.shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self._clear()

    def __call__(self, what: str, done: int, total: int) -> None:
        if not self.tty or total == 0:
            return
        width = 30
        filled = width * done // total
        label = {"read": "reading ", "compare": "comparing"}.get(what, what)
        sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()
        self.shown = True

    def warn(self, message: str) -> None:
        self._clear()
        warn(message)

    def _clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False
