"""A private on-disk cache of plain values, for the series layer (series.py).

- `Store(directory)`: ``get(kind, key, valid)`` -> the value or None, ``put(kind,
  key, value)``; a `Store(None)` keeps nothing.
- `digest(*parts)` -> the hex SHA-256 of strings and bytes, each
  length-prefixed: how keys are made.

Entries are `marshal` data (tuples, strings, numbers, None: what
`model.pack_document` makes), one file per entry named ``<key>.<kind>``,
after the SHA-256 of that data (`HEADER` bytes). An entry that still
unmarshals is not for that a good one: one flipped bit in a cached title
once published a wrong title. So the digest is checked on every read (~1.3 ms
a MB), and the caller's `valid` checks the value's shape (a tuple of the
right length and types): any mismatch is a miss, and the value is
computed anew, never an error.
They are kept the way the template cache keeps compiled templates
(outputs/files.py): in a directory that only this user may write, each file
created 0600 with ``O_EXCL`` and renamed into place whole, never read
through a symbolic link nor from a file another user could have written.
A cache is only ever an optimisation: a directory that cannot be created,
read or written, or an entry that is damaged, is a miss, never an error.

Every key holds `__version__` and `code_digest` (series.py), so another
ruldiff, or the same one with an edited template, never reads what this
one wrote; entries unused for `MAX_AGE` are
removed when others are written.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..outputs.files import _NOFOLLOW, _NONBLOCK, _private, _trusted_entry, prune, write_entry

__all__ = ["MAX_AGE", "Store", "code_digest", "digest"]

HEADER = 32
"""The bytes of an entry before its marshal data: their SHA-256."""

MAX_AGE = 30 * 24 * 3600
"""Seconds an entry may stay unused before a write removes it (30 days, as
compiled templates): a new ruldiff leaves the entries of the old one
behind, ~120 MB for the whole MTG archive."""


def digest(*parts: str | bytes) -> str:
    """The hex SHA-256 of `parts`, each prefixed by its length, so that
    ``("ab", "c")`` and ``("a", "bc")`` differ.

    >>> digest("ab", "c") != digest("a", "bc")
    True
    >>> len(digest(b"x"))
    64
    """
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


@functools.cache
def code_digest() -> str:
    """The digest of ruldiff's own files (modules, templates, profiles):
    part of every key beside `__version__`, so that an edited template or
    module, or a development version between two releases, never reads what
    other code wrote. ~2 ms, once per process.

    >>> code_digest() == code_digest() and len(code_digest()) == 64
    True
    """
    package = Path(__file__).resolve().parent.parent
    files = sorted(p for p in package.rglob("*") if p.is_file() and p.suffix in (".py", ".j2", ".yaml", ".json"))
    parts: list[str | bytes] = []
    for path in files:
        parts += [str(path.relative_to(package)), path.read_bytes()]
    return digest(*parts)


class Store:
    """A directory of cache entries; `directory` None: no cache."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._pruned = False

    def get(self, kind: str, key: str, valid: Callable[[Any], bool] | None = None) -> Any:
        """The value stored under (`kind`, `key`), or None: None too when the
        entry's bytes are not those its digest was made of, or when `valid`
        (a check of its shape) says no."""
        if self.directory is None or not _private(self.directory):
            return None
        try:
            fd = os.open(self.directory / f"{key}.{kind}", os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
        except OSError:
            return None
        try:
            with os.fdopen(fd, "rb") as f:
                st = os.fstat(f.fileno())
                if not _trusted_entry(st):
                    return None
                data = f.read()
                if len(data) < HEADER or hashlib.sha256(data[HEADER:]).digest() != data[:HEADER]:
                    return None
                value = marshal.loads(data[HEADER:])
                if valid is not None and not valid(value):
                    return None
                if time.time() - st.st_mtime > 24 * 3600:  # in use: stays young, once a day
                    os.utime(f.fileno())
                return value
        except Exception:  # damaged, truncated, unreadable: a miss
            return None

    def has(self, kind: str, key: str) -> bool:
        """Whether an entry is stored under (`kind`, `key`), without reading
        it: `get` may still find it damaged."""
        if self.directory is None or not _private(self.directory):
            return False
        try:
            st = os.stat(self.directory / f"{key}.{kind}", follow_symlinks=False)
        except OSError:
            return False
        return _trusted_entry(st)

    def put(self, kind: str, key: str, value: Any) -> None:
        """Store `value` (marshal-able) under (`kind`, `key`); failures are ignored."""
        if self.directory is None:
            return
        try:
            data = marshal.dumps(value)
        except ValueError:
            return
        entry = hashlib.sha256(data).digest() + data
        if not write_entry(self.directory, f"{key}.{kind}", lambda f: f.write(entry)):
            return
        if not self._pruned:
            self._pruned = True
            prune(self.directory, MAX_AGE)

