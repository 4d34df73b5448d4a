"""A command's documents, read once each, with the warnings about how they were read.

- `read_documents(paths, profile, max_size)` -> one `Loaded` per path, in
  order (an error in the first is reported first), standard input read at
  most once, all read the same way when no profile is given (load.read_alike);
  then, on standard error, a warning for each document its
  profile did not fit (fit.py: from the text already decoded).
- `read_pair(old, new, profile, max_size, ahead)` -> the two documents
  of a comparison, as `read_documents` reads them; with `ahead`, OLD read
  by a forked process while this one reads NEW. `read_pair_then` keeps
  that process, to do more (`then`: load the template, outputs/ahead.py).
- `warn_profiles(old, new)`: the two were read with different profiles.
- `warn_swapped(old, new)`: NEW is dated before OLD.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from ..documents.fit import misfit_warning
from ..documents.forked import Forked
from ..documents.load import STDIO, Loaded, Stdin, read_alike, read_document
from ..errors import RuldiffError
from ..model import Document, pack_document, unpack_document
from .output import warn

__all__ = ["AHEAD_MIN", "read_documents", "read_pair", "read_pair_then", "warn_profiles", "warn_swapped"]


def read_documents(paths: Sequence[str], profile: str | None, max_size: int) -> list[Loaded]:
    """Read, decode and parse each of `paths` (``-``: standard input), then
    warn of each that its profile left much unread."""
    stdin = Stdin(max_size)
    loaded = [read_document(path, profile, max_size, stdin) for path in paths]
    if profile is None:  # releases of one document, read the same way (load.read_alike)
        loaded = read_alike(loaded)
    _warn_misfits(loaded, profile)
    return loaded


AHEAD_MIN = 32 * 1024
"""Fewest bytes of OLD that `read_pair` reads in a helper: forking costs
this process ~1.3 ms of CPU, reading a 2 KB document ~1 ms, a 100 KB one
~9 ms (Riftbound's tournament rules), an MTG release ~15-30 ms."""


def read_pair(old: str, new: str, profile: str | None, max_size: int, ahead: bool = False) -> tuple[Document, Document]:
    """The documents OLD and NEW, read, warned about and in the same order
    as `read_documents` reads them.

    With `ahead` and two files (not standard input), OLD of at least
    `AHEAD_MIN` bytes, a forked process
    (`Forked`) reads OLD and works out its misfit warning while this one
    reads NEW; only the document (`model.pack_document`) and the warning
    travel back. Whatever goes otherwise (OLD fails to read, the process
    fails, or either document was read by an inferred numbering, which
    `read_alike` may read again from its text), OLD is read here, as
    without `ahead`: errors and warnings come out the same, OLD's first.
    On an MTG release, reading takes ~15-30 ms of CPU and unpacking ~1-4."""
    first, second, helper = read_pair_then(old, new, profile, max_size, ahead)
    assert helper is None
    return first, second


def read_pair_then(
    old: str,
    new: str,
    profile: str | None,
    max_size: int,
    ahead: bool = False,
    then: Callable[[], Callable[[Any], Any]] | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> tuple[Document, Document, Forked | None]:
    """`read_pair`, and with `then` the helper that read OLD, still running:
    once OLD is sent it runs ``then()`` and waits to answer one request
    (`Forked.ask`) while this process compares. None where OLD was read
    here; the caller stops the helper (`Forked.stop`) when done with it.

    `meanwhile` is called once the helper is started, before NEW is read
    (without a helper, before either is read): work of this process's that
    needs neither document, done while the helper reads OLD. The command
    imports the layers that compare and write there (cli/diff.py)."""
    helper = None
    if ahead and STDIO not in (old, new) and _size(old) >= AHEAD_MIN:
        helper = Forked.start(lambda: _read_packed(old, profile, max_size), then)
    if helper is None:
        if meanwhile is not None:
            meanwhile()
        first, second = read_documents((old, new), profile, max_size)
        return first.document, second.document, None
    kept = False
    try:
        if meanwhile is not None:
            meanwhile()  # while the helper reads OLD; stopped below if it fails
        try:
            mine = read_document(new, profile, max_size)
        except RuldiffError:
            if helper.result() is None:  # OLD's error, if it has one, comes first
                read_document(old, profile, max_size)
            raise
        theirs = helper.result()
        kept = then is not None and theirs is not None and not theirs[2] and mine.document.numbering is None
    finally:
        if not kept:
            helper.stop()
    if theirs is None or theirs[2] or mine.document.numbering is not None:
        loaded = [read_document(old, profile, max_size), mine]
        if profile is None:
            loaded = read_alike(loaded)
        _warn_misfits(loaded, profile)
        return loaded[0].document, loaded[1].document, None
    packed, warning, _ = theirs
    try:
        if warning is not None:
            warn(warning.removeprefix("warning: "))
        _warn_misfits([mine], profile)
        return unpack_document(packed), mine.document, helper if kept else None
    except BaseException:
        helper.stop()
        raise


def _size(path: str) -> int:
    """The size of a file, 0 if it cannot be looked at (reading it says why)."""
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return 0


def _read_packed(path: str, profile: str | None, max_size: int) -> tuple[tuple[object, ...], str | None, bool]:
    """What `read_pair`'s helper sends back: a document, packed, its misfit
    warning, and whether it was read by an inferred numbering."""
    one = read_document(path, profile, max_size)
    doc = one.document
    return pack_document(doc), misfit_warning(one.source, doc, profile is not None), doc.numbering is not None


def _warn_misfits(loaded: list[Loaded], profile: str | None) -> None:
    for one in loaded:
        warning = misfit_warning(one.source, one.document, profile is not None)
        if warning is not None:
            warn(warning.removeprefix("warning: "))


def warn_profiles(old: Document, new: Document) -> None:
    """Say on standard error when OLD and NEW were read with two profiles:
    two versions of one document read with two grammars give a changelog
    of noise, and the output alone would not say why."""
    if old.profile != new.profile:
        warn(
            f"{old.path} was read with profile {old.profile}, {new.path} with "
            f"{new.profile}; give --profile to read both the same way"
        )


def warn_swapped(old: Document, new: Document) -> None:
    """Say on standard error, in one line, when NEW's effective date (as the
    documents print it, dates.py) is earlier than OLD's: the arguments are
    most likely swapped, and the changelog would run backwards (every
    added rule shown as removed). A warning, not an error: comparing an
    older release against a newer one can be meant."""
    if old.date is not None and new.date is not None and new.date < old.date:
        warn(
            f"NEW ({new.path}, effective {new.date}) is older than OLD ({old.path}, "
            f"effective {old.date}); swapped arguments? The order is: ruldiff OLD NEW"
        )
