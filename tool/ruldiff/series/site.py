"""Where a history site may be written, and what of it a build owns.

- `SiteWriter(site, inputs, write_file, releases=, warn=)`: checks SITE,
  reads its `MANIFEST`; then `claim(names)` lists pages in the manifest,
  ``writer(name, text)`` writes one (claimed first), `prune(pages)` removes
  the pages an earlier build owned that this one did not write.
- `MANIFEST`, `manifest_text(names)`, `site_files(path)`.

The rules, so that a build can run unattended (docs/history-safety.md):

- SITE is a new or empty directory, or one an earlier build wrote (it holds
  a manifest). Refused: the root and the home directory; a directory that
  holds files but no manifest (the error names the first); the releases
  folder, a directory inside it, or one that holds it or a release.
- A page is listed in the manifest before it is written (`claim`), so that
  a build that fails or is stopped halfway leaves no page that a later
  build does not know it owns; the final list is written after the pages.
  A page that exists but is not listed (put there by hand) is not written
  over.
- Removing walks SITE without following any link: each directory is opened
  relative to its parent with ``O_NOFOLLOW | O_DIRECTORY`` and the page
  removed with ``unlink(name, dir_fd=...)``. A manifest entry that is
  absolute, holds ``..`` or passes through a link is ignored, with a warning.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..documents.read import name_shown
from ..errors import RuldiffError

__all__ = ["MANIFEST", "SiteWriter", "manifest_text", "site_files"]

MANIFEST = ".ruldiff-pages"
"""The file, in a site, that lists the pages its builds own, one a line:
what a rebuild may remove (`SiteWriter.prune`)."""

_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def plain_name(name: str) -> bool:
    """Whether `name` is one a site's writer writes: parts of
    ``[A-Za-z0-9._-]``, none starting with a dot, separated by ``/``.

    >>> [plain_name(n) for n in ("steps/a.html", "../x", "/etc/passwd", "a//b", ".hidden", "")]
    [True, False, False, False, False, False]
    """
    return all(_SAFE.fullmatch(p) for p in name.split("/"))


def _within(path: str, directory: str) -> bool:
    """Whether the real path `path` is `directory` or inside it."""
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def check_place(site: str, releases: Sequence[str]) -> None:
    """Refuse a SITE that is the root or the home directory, or that is
    inside a releases folder of `releases` (the arguments as given: a
    directory or files), holds one, or holds a release: a second build
    would read its own pages as releases."""
    real = os.path.realpath(site)
    if real == os.path.realpath(os.sep):
        raise RuldiffError("refused as SITE: it is the root directory", path=site,
                           fix="give a directory of its own for the site")
    home = os.path.expanduser("~")
    if home != "~" and real == os.path.realpath(home):
        raise RuldiffError("refused as SITE: it is your home directory", path=site,
                           fix="give a directory of its own for the site")
    for release in releases:
        where = os.path.realpath(release)
        if os.path.isdir(release):
            if _within(real, where):
                raise RuldiffError(f"refused as SITE: it is inside the releases folder {release} "
                                   "(its pages would be read as releases)", path=site,
                                   fix="give a directory outside the releases folder")
            if _within(where, real):
                raise RuldiffError(f"refused as SITE: it holds the releases folder {release}", path=site,
                                   fix="give a directory outside the releases folder")
        elif _within(where, real):
            raise RuldiffError(f"refused as SITE: it holds the release {release}", path=site,
                               fix="give a directory that holds no release")


class SiteWriter:
    """Writes the pages of a site under `site`, and nowhere else, and
    removes only pages its builds wrote (see the module's docstring).

    A name is accepted only if each of its parts is a `safe_name`-like piece
    (so no ``..``, no absolute path, no hidden file); the directories on the
    way are created and must not be symbolic links; a file that is one of
    `inputs` is refused; writing is `write_file(path, text)` (atomic).
    `releases`: the releases as given (a folder, or files), which SITE must
    neither be in nor hold; `warn` is told of manifest entries ignored."""

    def __init__(
        self,
        site: str,
        inputs: Sequence[str],
        write_file: Callable[[str, str], None],
        *,
        releases: Sequence[str] = (),
        warn: Callable[[str], None] = lambda message: None,
    ) -> None:
        self.site = site
        self.write_file = write_file
        self.warn = warn
        self._inputs = set()
        for path in inputs:
            try:
                st = os.stat(path)
            except OSError:
                continue
            self._inputs.add((st.st_dev, st.st_ino))
        self._made: set[str] = set()
        if os.path.exists(site) and not os.path.isdir(site):
            raise RuldiffError("is not a directory", path=site, fix="give a directory for the site")
        check_place(site, releases)
        try:
            os.makedirs(site, exist_ok=True)
        except OSError as exc:
            raise RuldiffError(f"cannot create the site directory: {exc.strerror}", path=site) from None
        if not os.path.isdir(site):
            raise RuldiffError("is not a directory", path=site, fix="give a directory for the site")
        if self._is_input(site):
            raise RuldiffError("is an input of this command", path=site)
        self._manifest = os.path.join(site, MANIFEST)
        self._owned = self._read_manifest()
        self._listed = set(self._owned)
        """What the manifest on disk lists now."""

    def _read_manifest(self) -> set[str]:
        """The pages the manifest lists; none for a new or empty site. A
        site that holds files but no manifest is refused."""
        if os.path.islink(self._manifest):
            raise RuldiffError("is a symbolic link; not written through", path=self._manifest)
        try:
            with open(self._manifest, "rb") as f:
                lines = f.read().decode("utf-8", "surrogateescape").splitlines()
        except FileNotFoundError:
            try:
                names = sorted(os.listdir(self.site))
            except OSError as exc:
                raise RuldiffError(f"cannot list: {exc.strerror}", path=self.site) from None
            if names:
                raise RuldiffError(
                    f"is in the way: SITE holds files but no {MANIFEST}, so no ruldiff build wrote it",
                    path=name_shown(os.path.join(self.site, names[0])),
                    fix="give a new or empty directory for the site",
                )
            self._fresh = True
            return set()
        except OSError as exc:
            raise RuldiffError(f"cannot read: {exc.strerror}", path=self._manifest) from None
        self._fresh = False
        owned = set()
        for line in lines:
            if not line:
                continue
            if plain_name(line):
                owned.add(line)
            else:
                self.warn(f"{name_shown(self._manifest)}: ignored {name_shown(line)!r}: not a plain name inside the site")
        return owned

    def _is_input(self, path: str) -> bool:
        try:
            st = os.stat(path)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) in self._inputs

    def claim(self, names: Iterable[str]) -> None:
        """List `names` in the manifest (with every page it lists already),
        before any of them is written. A name not yet listed whose file
        exists (put there by hand) is refused: it is not the site's."""
        new = sorted(set(names) - self._listed)
        if not new:
            return
        for name in new:
            if not plain_name(name):
                raise RuldiffError(f"refused to write {name!r}: not a plain name inside the site", path=self.site)
            if not self._fresh and os.path.lexists(os.path.join(self.site, name)):
                raise RuldiffError(f"is not a page of this site (its {MANIFEST} does not list it); not written over",
                                   path=os.path.join(self.site, name), fix="move it away, or give another SITE")
        self._owned.update(new)
        self._write_manifest(self._owned)

    def _write_manifest(self, names: set[str]) -> None:
        if os.path.islink(self._manifest):
            raise RuldiffError("is a symbolic link; not written through", path=self._manifest)
        self.write_file(self._manifest, manifest_text(names))
        self._listed = set(names)

    def __call__(self, name: str, text: str) -> None:
        if not plain_name(name):
            raise RuldiffError(f"refused to write {name!r}: not a plain name inside the site", path=self.site)
        self.claim([name])
        parts = name.split("/")
        directory = self.site
        for part in parts[:-1]:
            directory = os.path.join(directory, part)
            if directory not in self._made:
                try:
                    os.mkdir(directory, 0o777)
                except FileExistsError:
                    pass
                except OSError as exc:
                    raise RuldiffError(f"cannot create directory: {exc.strerror}", path=directory) from None
                st = os.lstat(directory)
                if not stat.S_ISDIR(st.st_mode):
                    raise RuldiffError("is not a directory (a link?); not written into", path=directory)
                self._made.add(directory)
        path = os.path.join(self.site, *parts)
        if self._is_input(path):
            raise RuldiffError("is an input of this command; not overwritten", path=path, fix="give another SITE")
        if os.path.islink(path):
            raise RuldiffError("is a symbolic link; not written through", path=path)
        if self._same(path, text):
            return
        self.write_file(path, text)

    def prune(self, pages: Iterable[str]) -> tuple[str, ...]:
        """Remove the pages the manifest lists that are not among this
        build's `pages` (what `build` returns: a release taken out of the
        series, a rule no longer changed, a page of a build that failed),
        then record `pages` as the manifest; return the names removed.
        Files put in the site by hand (a ``CNAME``, say) are never touched,
        and only regular files reached without following a link are removed
        (`_remove`); a directory this leaves empty is removed too. Call it
        after a build that succeeded."""
        pages = set(pages)
        removed = [name for name in sorted(self._owned - pages) if self._remove(name)]
        self._owned = pages
        self._write_manifest(pages)
        return tuple(removed)

    def _remove(self, name: str) -> bool:
        """Remove the page `name`, walking from SITE one directory at a time
        without following links (``O_NOFOLLOW | O_DIRECTORY``, then
        ``unlink(dir_fd=...)``): a directory of the site replaced by a link
        to elsewhere is never entered. Whether it was removed; a link on the
        way is a warning."""
        parts = name.split("/")
        shown = name_shown(os.path.join(self.site, name))
        fds = [os.open(self.site, os.O_RDONLY | _DIRECTORY)]
        try:
            for part in parts[:-1]:
                try:
                    fds.append(os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=fds[-1]))
                except FileNotFoundError:
                    return False
                except OSError as exc:
                    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                        self.warn(f"{shown}: not removed: it passes through a link or a file, not a directory")
                        return False
                    raise RuldiffError(f"cannot remove a page of an earlier build: {exc.strerror}", path=shown) from None
            try:
                st = os.stat(parts[-1], dir_fd=fds[-1], follow_symlinks=False)
            except FileNotFoundError:
                return False
            if stat.S_ISLNK(st.st_mode):
                self.warn(f"{shown}: not removed: it is a symbolic link")
                return False
            if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) in self._inputs:
                return False
            try:
                os.unlink(parts[-1], dir_fd=fds[-1])
            except OSError as exc:
                raise RuldiffError(f"cannot remove a page of an earlier build: {exc.strerror}", path=shown) from None
            for k in range(len(parts) - 1, 0, -1):
                try:
                    os.rmdir(parts[k - 1], dir_fd=fds[k - 1])
                except OSError:
                    break  # not empty: a page of this build, or a file put there by hand
            return True
        finally:
            for fd in fds:
                os.close(fd)

    @staticmethod
    def _same(path: str, text: str) -> bool:
        """Whether the file at `path` already holds `text`: then it is left
        as it is. Rewriting a site is mostly rewriting the same pages, and on
        ext4 renaming a new file over an existing one flushes it to disk
        (``auto_da_alloc``): 2 ms a file, 9 of the 30 s of a rerun on the
        archive's 4,700 pages, against ~0.01 ms to read and compare a page."""
        try:
            with open(path, "rb") as f:
                st = os.fstat(f.fileno())
                data = text.encode("utf-8")
                return stat.S_ISREG(st.st_mode) and st.st_size == len(data) and f.read() == data
        except OSError:
            return False


def manifest_text(names: Iterable[str]) -> str:
    """The `MANIFEST` of a site whose build wrote the pages `names`."""
    return "".join(f"{name}\n" for name in sorted(names))


def site_files(path: Path) -> list[str]:
    """The files of a site directory, relative (for tests and the bench)."""
    return sorted(str(p.relative_to(path)) for p in path.rglob("*") if p.is_file())
