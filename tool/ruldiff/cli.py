"""The command line: the only module that imports click, and the only one that does I/O.

    ruldiff OLD NEW [--format text|md|html|json|context] [-o FILE] [--exit-code]

`main` is a click group whose default command is ``diff``, so that
``ruldiff old.txt new.txt`` and ``ruldiff diff old.txt new.txt`` are the same,
and later subcommands fit beside it. Errors raised by the pipeline
(`RuldiffError`) are turned here, and only here, into one line on stderr and
exit status 2.
"""

from __future__ import annotations

import gc
import os
import stat
import sys
from pathlib import Path

import click

from . import __version__
from .ahead import Ahead
from .compare import compare
from .errors import ReadError, RuldiffError
from .model import Document
from .parse import parse, parse_bounded
from .read import decode
from .profiles import BUILTIN, load_profile
from .render import FORMATS, TEMPLATE_OF, render, render_document

__all__ = ["main", "run"]

GC_THRESHOLD = 100_000
"""Allocations between two collections of the youngest generation (Python's
default: 700). A run allocates some 10^5 small objects (rules, pairs, edits)
that live until it ends and form almost no reference cycles; with the default, the
cycle collector walks them hundreds of times, a sixth of the time of a
comparison of two releases. Reference counting still frees everything as usual."""

MAX_SIZE = 64 * 2**20
"""Default of ``--max-size``: the largest input read, in bytes (64 MiB; the
largest real rules document, a Comprehensive Rules release, is ~1.3 MB, and a
comparison peaks at ~11 times its two inputs together: 784 MB for two
36 MB documents, bench/README.md)."""

max_size_option = click.option(
    "--max-size",
    metavar="BYTES",
    callback=lambda ctx, param, value: parse_size(value),
    default=str(MAX_SIZE),
    help="Refuse an input larger than this (suffixes K, M, G: powers of 1024) [default: 64M].",
)


class Failure(click.ClickException):
    """A RuldiffError as click shows it: ``Error: <path>:<line>: <message>``, exit 2."""

    exit_code = 2


class DefaultGroup(click.Group):
    """A group that runs its default command when the first argument names none."""

    default_command = "diff"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "--version"):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruldiff")
def main() -> None:
    """Semantic diffs of numbered rules documents.

    \b
    ruldiff OLD NEW                      changelog in the terminal
    ruldiff OLD NEW -f html -o out.html  changelog as one HTML file
    ruldiff OLD NEW -f md -o CHANGES.md  changelog as Markdown
    ruldiff OLD NEW -f json              the JSON contract (see README)

    Exit status: 0 on success (with --exit-code: 0 if the documents have no
    changes, 1 if they have), 2 on any error.
    """


@main.command("diff")
@click.argument("old", type=click.Path(dir_okay=True, path_type=str))
@click.argument("new", type=click.Path(dir_okay=True, path_type=str))
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Output format. 'context' dumps what templates receive.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=str),
    help="Write to FILE (atomically) instead of standard output.",
)
@click.option(
    "--exit-code",
    is_flag=True,
    help="Exit with status 1 if there are changes, 0 if there are none.",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour terminal text. 'auto': only on a terminal, and not when NO_COLOR is set.",
)
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"Format profile: {', '.join(BUILTIN)}, or a YAML file. Detected when omitted.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to use: above one, a helper loads the old document and the "
    "Markdown or HTML template while the new document is loaded and compared, and the "
    "word diffs of large comparisons are shared among them [default: CPUs, at most 4]. "
    "The output does not depend on it.",
)
@click.option(
    "--templates",
    type=click.Path(file_okay=False, path_type=str),
    help="Directory of templates that replace the built-in ones of the same name.",
)
@max_size_option
def diff_command(
    old: str,
    new: str,
    fmt: str,
    output: str | None,
    exit_code: bool,
    color: str,
    profile: str | None,
    jobs: int | None,
    templates: str | None,
    max_size: int,
) -> None:
    """Compare two versions of a rules document."""
    workers = jobs if jobs is not None else min(4, os.cpu_count() or 1)
    template, cache = TEMPLATE_OF.get(fmt), cache_dir()
    # With a second process to spare, a helper loads the old document, then
    # the template, while this one loads the new document and compares (ahead.py).
    with Ahead(lambda: load(old, profile, max_size), template, templates, cache, helper=workers > 1) as ahead:
        try:
            try:
                new_doc = load(new, profile, max_size)
            except RuldiffError:
                ahead.old_document()  # an error in the old document is reported first
                raise
            old_doc = ahead.old_document()
            if old_doc.profile != new_doc.profile:
                # Two versions of one document read with two grammars give a
                # changelog of noise: say so, the output alone would not.
                click.echo(
                    f"warning: {old} was read with profile {old_doc.profile}, {new} with "
                    f"{new_doc.profile}; give --profile to read both the same way",
                    err=True,
                )
            comparison = compare(old_doc, new_doc, workers=workers)
            if templates is not None and not Path(templates).is_dir():
                raise RuldiffError("templates directory not found", path=templates)
            text = render(
                comparison,
                fmt,
                templates=templates,
                color=fmt == "text" and _use_color(color, output),
                cache=cache,
                prepared=ahead,
            )
            if output is None:
                click.echo(text, nl=False, color=True)
            else:
                write_atomic(output, text)
        except RuldiffError as exc:
            raise Failure(str(exc)) from None
    if exit_code and comparison.changes:
        sys.exit(1)


@main.command("parse")
@click.argument("file", type=click.Path(dir_okay=True, path_type=str))
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"Format profile: {', '.join(BUILTIN)}, or a YAML file. Detected when omitted.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["json", "yaml", "text"]),
    default="json",
    show_default=True,
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=str), help="Write to FILE.")
@max_size_option
def parse_command(file: str, profile: str | None, fmt: str, output: str | None, max_size: int) -> None:
    """Print the parsed structure of a document (to check a profile)."""
    try:
        text = render_document(load(file, profile, max_size), fmt)
        if output is None:
            click.echo(text, nl=False)
        else:
            write_atomic(output, text)
    except RuldiffError as exc:
        raise Failure(str(exc)) from None


def run() -> None:
    """The ``ruldiff`` command (and ``python -m ruldiff``): `main`, with the
    cycle collector tuned for one short run, ending without a teardown.

    When the command is done, its output is flushed and the process ends at
    once (`os._exit`), as mypy's does: freeing the documents, pairs and edits
    one object at a time would take 3% of a comparison of two releases, for
    memory the system takes back anyway. Nothing is left to clean up by then:
    `-o` files are closed and renamed, the word-diff workers waited for.
    Should a flush fail (a closed pipe), the interpreter ends as usual and
    reports it."""
    gc.set_threshold(GC_THRESHOLD, 50, 100)
    try:
        main(prog_name="ruldiff")
        status = 0
    except SystemExit as exc:
        if exc.code is not None and not isinstance(exc.code, int):
            raise  # a message to print: leave it to the interpreter
        status = exc.code or 0
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(status)
    os._exit(status)


def load(path: str, profile: str | None = None, max_size: int = MAX_SIZE) -> Document:
    """Read, decode and parse one document, with the named profile or a detected one."""
    # The bytes are dropped once decoded: parsing never holds both.
    source = decode(read_input(path, max_size), path)
    if profile is not None and profile not in BUILTIN:  # a user's file: patterns bounded in time
        return parse_bounded(source, load_profile(profile), profile)
    grammar = load_profile(profile) if profile is not None else None
    return parse(source, grammar)


def read_input(path: str, max_size: int = MAX_SIZE) -> bytes:
    """The bytes of an input file, refused early when it is not a regular
    file (a directory, a device such as /dev/zero, a FIFO) or is larger than
    `max_size` bytes: looked at with stat() before it is opened (opening a
    device can have effects of its own), checked again on the open file, and
    never more than `max_size` + 1 bytes are read."""
    try:
        _check_input(path, os.stat(path), max_size)
        # O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ReadError("no such file", path=path) from None
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    try:
        _check_input(path, os.fstat(fd), max_size)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(max_size + 1)
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror}", path=path) from None
    finally:
        os.close(fd)
    if len(data) > max_size:  # it grew since
        raise _too_large(path, max_size)
    return data


def _check_input(path: str, st: os.stat_result, max_size: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise ReadError("is a directory, not a rules document", path=path)
    if not stat.S_ISREG(st.st_mode):
        raise ReadError("is not a regular file (a device, FIFO or socket)", path=path, fix="save the document to a file")
    if st.st_size > max_size:
        raise _too_large(path, max_size)


def _too_large(path: str, max_size: int) -> ReadError:
    return ReadError(
        f"larger than the {format_size(max_size)} allowed", path=path, fix="give --max-size to read larger files"
    )


def parse_size(text: str) -> int:
    """A size in bytes from ``123``, ``64K``, ``64M`` or ``1G`` (powers of 1024).

    >>> parse_size("64M"), parse_size("1500"), parse_size("2g")
    (67108864, 1500, 2147483648)
    """
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}
    number, unit = text.strip().rstrip("bB"), ""
    if number[-1:].upper() in ("K", "M", "G"):
        number, unit = number[:-1], number[-1].upper()
    if not number.isdigit() or int(number) == 0:
        raise click.BadParameter(f"expected a size such as 64M or 1500, not {text!r}")
    return int(number) * units[unit]


def format_size(size: int) -> str:
    """``64 MiB``, ``1.5 KiB``, ``100 bytes``.

    >>> format_size(64 * 2**20), format_size(1536), format_size(100)
    ('64 MiB', '1.5 KiB', '100 bytes')
    """
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{size / scale:.4g} {unit}"
    return f"{size} bytes"


def write_atomic(path: str, text: str) -> None:
    """Write a file so that it is either complete or absent: a temporary file
    in the same directory, renamed over the target once fully written.

    The temporary file has a random 64-bit name and is opened with
    ``O_EXCL``, so it never takes over another file: what `tempfile.mkstemp`
    does, whose import (with `shutil`, `random` and the compression modules)
    would cost more than the rest of this function. The file gets the
    permissions any new file gets (0666 less the umask)."""
    target = Path(path)
    directory = target.parent
    if not directory.is_dir():
        raise RuldiffError("cannot write: directory does not exist", path=path)
    tmp = directory / f".{target.name}.{os.urandom(8).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise RuldiffError(f"cannot write: {exc.strerror}", path=path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise RuldiffError(f"cannot write: {exc.strerror}", path=path) from None


def cache_dir() -> Path | None:
    """Where compiled templates are cached: $RULDIFF_CACHE_DIR (empty: no
    cache), else $XDG_CACHE_HOME/ruldiff, else ~/.cache/ruldiff."""
    env = os.environ.get("RULDIFF_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ruldiff"


def _use_color(choice: str, output: str | None) -> bool:
    if choice != "auto":
        return choice == "always"
    if output is not None or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()
