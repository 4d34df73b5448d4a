"""A command's documents, read once each, with the warnings about how they were read.

- `read_documents(paths, profile, max_size)` -> one `Loaded` per path, in
  order (an error in the first is reported first), standard input read at
  most once, all read the same way when no profile is given (load.read_alike);
  then, on standard error, a warning for each document its
  profile did not fit (fit.py: from the text already decoded).
- `warn_profiles(old, new)`: the two were read with different profiles.
- `warn_swapped(old, new)`: NEW is dated before OLD.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..documents.fit import misfit_warning
from ..documents.load import Loaded, Stdin, read_alike, read_document
from ..model import Document
from .output import warn

__all__ = ["read_documents", "warn_profiles", "warn_swapped"]


def read_documents(paths: Sequence[str], profile: str | None, max_size: int) -> list[Loaded]:
    """Read, decode and parse each of `paths` (``-``: standard input), then
    warn of each that its profile left much unread."""
    stdin = Stdin(max_size)
    loaded = [read_document(path, profile, max_size, stdin) for path in paths]
    if profile is None:  # releases of one document, read the same way (load.read_alike)
        loaded = read_alike(loaded)
    for one in loaded:
        warning = misfit_warning(one.source, one.document, profile is not None)
        if warning is not None:
            warn(warning.removeprefix("warning: "))
    return loaded


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
