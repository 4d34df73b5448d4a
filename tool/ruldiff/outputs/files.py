"""Cache files: entries written whole, in a directory of this user's only,
read only when no one else could have written them, pruned when unused.

- `write_entry(directory, name, write)` -> whether the entry was written.
- `prune(directory, max_age, suffixes)`: remove entries unused that long.
- `_private(directory)`, `_trusted_entry(stat)`: whether a directory, an
  entry, may be trusted (a cache entry is code or data the next run uses).

Used by the compiled-template cache (`templating`) and the series cache
(`series.store`).
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

__all__ = ["CACHE_MAX_AGE", "prune", "write_entry"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _trusted_entry(st: os.stat_result) -> bool:
    """Whether a cache entry may be run: a regular file of this user's that
    no one else may write (it is unpickled code)."""
    if not hasattr(os, "getuid"):
        return stat.S_ISREG(st.st_mode)
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


_DAY = 24 * 3600
CACHE_MAX_AGE = 30 * _DAY
"""Compiled templates unused for this long (seconds) are removed from the
cache when another is written: one entry is left behind by every template
file that was edited or used from a new directory."""


def write_entry(directory: Path, name: str, write: Callable[[BinaryIO], object]) -> bool:
    """Write a cache entry `name` in `directory` with `write`: created if
    missing, only in a `_private` directory, and readable by this user only
    from its creation on; written to a temporary file then renamed, so that
    readers see a whole entry or none (a link is replaced, not followed).
    False, and nothing left behind, when it could not be written."""
    target = directory / name
    tmp = directory / f".{name}.{os.urandom(8).hex()}.tmp"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(directory):
            return False
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, target)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False
    return True


def prune(directory: Path, max_age: float, suffixes: tuple[str, ...] | None = None) -> None:
    """Remove the cache entries (those ending with `suffixes`, if given; and
    temporary files of interrupted writes) not used for `max_age` seconds.
    The template cache runs it only after a template was compiled, which is
    rare: an entry is used for as long as its template is not edited."""
    limit = time.time() - max_age
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if (suffixes is None or entry.name.endswith(suffixes)) and entry.is_file(follow_symlinks=False):
                    try:
                        if entry.stat(follow_symlinks=False).st_mtime < limit:
                            os.unlink(entry.path)
                    except OSError:
                        pass
    except OSError:
        pass


def _private(directory: Path) -> bool:
    """Whether a directory belongs to this user and no one else may write in it
    (as jinja2 asks of its own default cache directory): a cache entry is code
    that the next run executes."""
    if not hasattr(os, "getuid"):
        return True  # Windows: the user's profile directory is private already
    try:
        st = directory.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and not st.st_mode & 0o022
