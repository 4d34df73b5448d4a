"""A series of releases of one document: the layer under ``history`` and ``trace``.

- `Version`: one release (path, content digest, effective date, item IDs).
- `Link`: one change of a step, reduced to what a lineage needs.
- `Step`: the comparison of two consecutive versions, reduced to its counts
  and links (the rendered pages are written by the caller, history.py).
- `admit(versions)` -> (the releases of the series, the others with why):
  one profile family, a date, a matching title (`titles_match`).
- `order(versions)` -> (versions in order, warnings): by the effective date
  printed in each document, else by file name.
- `Series(read, profile, store, workers, progress)`: reads and orders the
  versions (`versions`), then compares each consecutive pair (`steps`).
- `step_of(index, comparison)` -> `Step`.
- `fan_out(items, work, workers, done)`: `work` over `items` on up to
  `workers` forked processes, results in order to `done`.

How a series is computed, so that each document is parsed at most once and a
rerun after adding one release redoes only its step:

1. Each file is read and hashed (SHA-256). What ordering needs (date, title,
   IDs) is cached per digest; a document not in the cache is parsed once,
   and kept packed (`model.pack_document`, ~1 MB for a recent release) in
   memory and in the cache.
2. The versions are ordered by date (`order`).
3. Each step's result (counts, links, and whatever the caller rendered from
   the comparison) is cached under both digests; a step not in the cache is
   computed from the two packed documents (unpacking: ~7 ms for a recent
   release, against ~50 ms to parse it).

Every cache key holds ``__version__``, the digest of ruldiff's own files and
the profile, so another ruldiff or another profile never reads these entries
(store.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import os
import re
import selectors
import sys
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any, TypeVar

from .. import __version__
from ..diff.pipeline import compare
from ..errors import RuldiffError
from ..model import ChangeKind, Comparison, Document, pack_document, packed_texts, record, unpack_document
from ..documents.grammar import grammar_profile, parse_numbering
from ..documents.load import read_again
from ..documents.parse import parse, parse_bounded
from ..documents.profiles import BUILTIN, Profile, load_profile
from ..documents.fit import misfit_warning
from ..documents.read import Source, check_name, decode, name_shown
from ..outputs.context import _anchors
from .store import Store, code_digest, digest

__all__ = ["Link", "Series", "Step", "Version", "admit", "collect", "fan_out", "order", "step_of", "titles_match"]

T = TypeVar("T")
R = TypeVar("R")


@record
class Version:
    """One release of the document in a series."""

    path: str
    """As given (or found in the directory given)."""
    digest: str
    """SHA-256 of the file's bytes, hex."""
    date: str | None
    """The effective date printed in the document, ISO, if found."""
    title: str
    ids: tuple[str, ...]
    """Every item's ID (rules, then glossary), in document order."""
    profile: str = ""
    """The name of the profile that read it."""
    misfit: str = ""
    """The warning that its profile left much of it unread (fit.py), or ""."""
    hashes: str = ""
    """A short digest of each item's full text (`text_hash`), in the order
    of `ids`, joined: what a history's rule pages are keyed by, without
    reading the texts."""
    reading: str = ""
    """The numbering (a profile's ``numbering`` key) of another release of
    the series that this one was read by (`read_alike`); empty: read as
    detected."""

    def text_hashes(self) -> dict[str, str]:
        """Item ID -> `text_hash` of its full text."""
        w = TEXT_HASH
        return {rule_id: self.hashes[k * w : (k + 1) * w] for k, rule_id in enumerate(self.ids)}

    @property
    def name(self) -> str:
        """The file name without its directory."""
        return os.path.basename(self.path)

    @property
    def label(self) -> str:
        """How a reader names it: its date, else its file name."""
        return self.date or self.name


@record
class Link:
    """One change of a step, as a lineage follows it."""

    kind: str
    """A `ChangeKind` value."""
    old: tuple[str, ...]
    """IDs of the old rules (several for a merge); empty for an addition."""
    new: tuple[str, ...]
    """IDs of the new rules (several for a split); empty for a removal."""
    anchor: str
    """The change's anchor in the step's HTML changelog."""
    edits: tuple[tuple[str, str], ...]
    """(op, text) word edits from the main old rule to the main new one."""


@record
class Step:
    """The comparison of version `index` with version `index` + 1."""

    index: int
    counts: tuple[tuple[str, int], ...]
    """Pairs by kind, as in ``summary`` of the JSON (``unchanged`` included)."""
    substitutions: int
    """Document-wide replacements found."""
    links: tuple[Link, ...]

    @property
    def summary(self) -> dict[str, int]:
        """The counts as a mapping."""
        return dict(self.counts)

    def forward(self) -> dict[str, tuple[str, Link]]:
        """Old ID -> (the new ID it became, the change), for every listed
        change that has both sides: a split follows its main new rule,
        every rule of a merge goes to the merged one."""
        out: dict[str, tuple[str, Link]] = {}
        for link in self.links:
            if link.old and link.new:
                for old in link.old:
                    out[old] = (link.new[0], link)
        return out

    def backward(self) -> dict[str, tuple[str, Link]]:
        """New ID -> (the old ID it came from, the change), as `forward` the other way."""
        out: dict[str, tuple[str, Link]] = {}
        for link in self.links:
            if link.old and link.new:
                for new in link.new:
                    out[new] = (link.old[0], link)
        return out

    def touched(self) -> tuple[frozenset[str], frozenset[str]]:
        """(old IDs, new IDs) of every listed change: the others are the same rule under the same ID."""
        return (frozenset(i for l in self.links for i in l.old), frozenset(i for l in self.links for i in l.new))


def step_of(index: int, comparison: Comparison) -> Step:
    """The `Step` of a comparison: its counts and one `Link` per change. In a
    split or merge, the first ID of the many side is the one paired (`Change.old` / `Change.new`)."""
    links = []
    # The anchors the changelog gives each change: its first new number's,
    # else its first old number's (context._anchors keeps them unique).
    old_anchors, new_anchors = _anchors([(c.olds, c.news) for c in comparison.changes])
    for c in comparison.changes:
        olds = ((c.old,) if c.old else ()) + (c.more if c.kind is ChangeKind.MERGED else ())
        news = ((c.new,) if c.new else ()) + (c.more if c.kind is ChangeKind.SPLIT else ())
        rule = c.new or c.old
        assert rule is not None
        links.append(
            Link(
                c.kind.value,
                tuple(r.id for r in olds),
                tuple(r.id for r in news),
                new_anchors[c.news[0].id] if c.news else old_anchors[c.olds[0].id],
                tuple((e.op.value, e.text) for e in c.edits),
            )
        )
    return Step(index, tuple(comparison.summary.items()), len(comparison.substitutions), tuple(links))


def _pack_step(step: Step) -> tuple[Any, ...]:
    """A step as plain values, without its edits (`_pack_edits`): a history
    never reads them, and unmarshalling them (tens of thousands of small
    tuples per step) took 1.2 of the 2.7 s of a rerun on the archive."""
    return (step.index, step.counts, step.substitutions, tuple((l.kind, l.old, l.new, l.anchor) for l in step.links))


def _is_packed_step(value: Any) -> bool:
    """Whether a cached value has the shape `_pack_step` makes.

    >>> _is_packed_step(_pack_step(Step(0, (("added", 1),), 0, (Link("added", (), ("1",), "r-1", ()),))))
    True
    >>> _is_packed_step((0, (("added", "1"),), 0, ()))
    False
    >>> _is_packed_step((0, (), 0, (("added", (), (1,), "r-1"),)))
    False
    """
    if not (isinstance(value, tuple) and len(value) == 4 and isinstance(value[0], int) and isinstance(value[2], int)):
        return False
    counts, links = value[1], value[3]
    return (
        isinstance(counts, tuple)
        and all(isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str) and isinstance(c[1], int) for c in counts)
        and _only(tuple, links) and _only(4, map(len, links), type_of=False)
        and _only(str, map(itemgetter(0), links)) and _only(str, map(itemgetter(3), links))
        and _only(tuple, map(itemgetter(1), links)) and _only(str, chain.from_iterable(map(itemgetter(1), links)))
        and _only(tuple, map(itemgetter(2), links)) and _only(str, chain.from_iterable(map(itemgetter(2), links)))
    )


def _is_packed_edits(value: Any) -> bool:
    """Whether a cached value has the shape `_pack_edits` makes.

    >>> _is_packed_edits(((("=", "a"), ("+", "b")), ())), _is_packed_edits(((("=", "a", "b"),),))
    (True, False)
    >>> _is_packed_edits(((("=", 1),),)), _is_packed_edits((["=", "a"],))
    (False, False)
    """
    if not (isinstance(value, tuple) and _only(tuple, value)):
        return False
    pairs = tuple(chain.from_iterable(value))
    return _only(tuple, pairs) and _only(2, map(len, pairs), type_of=False) and _only(str, chain.from_iterable(pairs))


def _only(kind: Any, values: Iterable[Any], *, type_of: bool = True) -> bool:
    """Whether every value is of type `kind` (exactly: marshal makes no
    subclasses), or, without `type_of`, equal to `kind`. The values are
    walked in C (a set of their types): checking the archive's 150 cached
    steps and their edits so takes 55 ms of CPU, against 116 ms value by
    value in Python (under load; a rerun reads every one)."""
    return set(map(type, values) if type_of else values) <= {kind}


TEXT_HASH = 12
"""Hex digits of `text_hash`: 48 bits, so that two texts of one rule that
differ are told apart (a collision among a rule's few hundred versions has
odds under 1 in 10^11)."""


def text_hash(text: str) -> str:
    """A short digest of an item's text (`TEXT_HASH` hex digits)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:TEXT_HASH]


def _is_meta(value: Any) -> bool:
    """Whether a cached value is a document's (date, title, joined IDs,
    profile, misfit warning, text hashes, inferred numbering or "")."""
    return (
        isinstance(value, tuple) and len(value) == 7 and (value[0] is None or isinstance(value[0], str))
        and _is_strings(value[1:])
    )


def _is_bytes(value: Any) -> bool:
    return isinstance(value, bytes)


def _is_strings(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(x, str) for x in value)


def _pack_edits(step: Step) -> tuple[Any, ...]:
    return tuple(l.edits for l in step.links)


def _unpack_step(packed: Any, index: int, edits: Any = None) -> Step:
    _, counts, subs, links = packed
    if edits is None:
        edits = ((),) * len(links)
    return Step(
        index,
        tuple((k, n) for k, n in counts),
        subs,
        tuple(
            Link(k, tuple(o), tuple(n), a, tuple((op, t) for op, t in e))
            for (k, o, n, a), e in zip(links, edits, strict=True)
        ),
    )


def order(versions: Sequence[Version], explicit: Sequence[str] = ()) -> tuple[tuple[Version, ...], tuple[str, ...]]:
    """The versions oldest first, by the effective date each prints; by file
    name when one has none (and a warning naming those), and among versions
    of the same date (a warning too). With `explicit` (the ``order`` of
    ruldiff.yaml: file names, oldest first), in that order; a version it
    does not name is an error.

    >>> vs, w = order([Version("x/b.txt", "", "2020-01-01", "T", ()), Version("a.txt", "", None, "T", ())], ["b.txt", "a.txt"])
    >>> [x.path for x in vs], w
    (['x/b.txt', 'a.txt'], ())

    >>> v = lambda p, d: Version(p, "", d, "T", ())
    >>> vs, w = order([v("b.txt", "2020-01-01"), v("a.txt", "2021-01-01")])
    >>> [x.path for x in vs], w
    (['b.txt', 'a.txt'], ())
    >>> vs, w = order([v("b.txt", None), v("a.txt", "2021-01-01")])
    >>> [x.path for x in vs], w
    (['a.txt', 'b.txt'], ('no effective date found in b.txt: every version is ordered by file name',))
    """
    if explicit:
        rank = {name: i for i, name in enumerate(explicit)}
        missing = [v.name for v in versions if v.name not in rank]
        if missing:
            raise RuldiffError(
                f"not named in the order of ruldiff.yaml: {', '.join(missing[:5])}",
                fix="add its file name to 'order', or remove 'order' to order by dates",
            )
        return tuple(sorted(versions, key=lambda v: (rank[v.name], v.path))), ()
    by_name = sorted(versions, key=_name_key)
    undated = [v.name for v in by_name if v.date is None]
    if undated:
        shown = ", ".join(undated[:5]) + (f" and {len(undated) - 5} more" if len(undated) > 5 else "")
        return tuple(by_name), (f"no effective date found in {shown}: every version is ordered by file name",)
    ordered = tuple(sorted(by_name, key=lambda v: v.date or ""))
    warnings = []
    for date in sorted({v.date for v in ordered if v.date}):
        same = [v.name for v in ordered if v.date == date]
        if len(same) > 1:
            warnings.append(f"{', '.join(same)} give the same effective date, {date}: ordered by file name")
    return ordered, tuple(warnings)


TITLE_SHARE = 0.75
"""Share of the words of the shorter of two titles the longer must hold for
them to be one document's: a release's title as printed varies (the MTG
archive prints "Magic: The Gathering Comprehensive Rules" in 121 releases,
"COMPREHENSIVE RULES" in 2, and the same with a stray character in 3: all
share 4 of 5 words or more), while two documents of one family differ in a
word that matters ("Riftbound Core Rules", "Riftbound Tournament Rules":
2 of 3)."""


def _words(title: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[^\W_]+", title.casefold()))


def titles_match(a: str, b: str) -> bool:
    """Whether two titles name the same document (`TITLE_SHARE`); an empty
    title matches any.

    >>> titles_match("Magic: The Gathering Comprehensive Rules", "COMPREHENSIVE RULES")
    True
    >>> titles_match("Riftbound Core Rules", "Riftbound Tournament Rules")
    False
    """
    x, y = _words(a), _words(b)
    if not x or not y:
        return True
    return len(x & y) >= TITLE_SHARE * min(len(x), len(y))


def _most_common(values: Sequence[T]) -> T | None:
    """The value most of `values` hold, if one holds more than any other."""
    counts = Counter(values).most_common(2)
    if not counts or (len(counts) == 2 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def admit(versions: Sequence[Version], explicit: Sequence[str] = ()) -> tuple[list[Version], list[tuple[Version, str]]]:
    """The versions that read as releases of one series, and each other
    one with why it is not: a file with the same bytes as one before it (by
    name); one read by another profile than most of them; one with no
    effective date when others have one (unless `explicit` orders them); one
    whose title does not match the title most of them print (`titles_match`).
    Where no profile or title is held by more files than any other, that
    test keeps every file.

    >>> v = lambda p, d, t="Rules", prof="mtg-cr", sha="": Version(p, sha or p, d, t, (), prof)
    >>> kept, skipped = admit([v("a", "2020-01-01"), v("b", "2021-01-01"), v("c", None, "Notes", "paragraphs"),
    ...                        v("d", None), v("e", "2022-01-01", "Other Game Rulebook")])
    >>> [x.path for x in kept], [(x.path, why) for x, why in skipped]  # doctest: +NORMALIZE_WHITESPACE
    (['a', 'b'], [('c', 'read as paragraphs, the other releases as mtg-cr (--profile mtg-cr reads them all alike)'),
     ('d', 'no effective date found, while the other releases print one'),
     ('e', "its title, 'Other Game Rulebook', is not the other releases' ('Rules')")])
    """
    kept: list[Version] = []
    skipped: list[tuple[Version, str]] = []
    seen: dict[str, Version] = {}
    for version in sorted(versions, key=_name_key):
        first = seen.setdefault(version.digest, version)
        if first is not version:
            skipped.append((version, f"the same content as {first.name}"))
        else:
            kept.append(version)
    family = _most_common([v.profile for v in kept])
    dated = any(v.date for v in kept) and not explicit
    candidates = [v for v in kept if family is None or v.profile == family]
    title = _most_common([" ".join(sorted(_words(v.title))) for v in candidates if _words(v.title)])
    shown_title = next((v.title for v in candidates if " ".join(sorted(_words(v.title))) == title), "")
    out = []
    for version in kept:
        if family is not None and version.profile != family:
            hint = f" (--profile {family} reads them all alike)" if family in BUILTIN else ""
            skipped.append((version, f"read as {version.profile}, the other releases as {family}{hint}"))
        elif dated and not version.date:
            skipped.append((version, "no effective date found, while the other releases print one"))
        elif title is not None and not titles_match(version.title, shown_title):
            skipped.append((version, f"its title, {version.title!r}, is not the other releases' ({shown_title!r})"))
        else:
            out.append(version)
    skipped.sort(key=lambda s: _name_key(s[0]))
    return out, skipped


def _name_key(v: Version) -> tuple[str, str]:
    return (v.name, v.path)


def profile_key(profile: str | None, read: Callable[[str], bytes]) -> str:
    """What of the profile a cache key holds: a built-in's name (or none:
    detected), a user's file by its content."""
    if profile is None or profile in BUILTIN:
        return profile or ""
    return "file:" + digest(read(profile))


def parse_bytes(data: bytes, path: str, profile: str | None) -> Document:
    """Decode and parse a document as `cli.load` does, from bytes already read."""
    return parse_source(decode(data, path), profile)


def parse_source(source: Source, profile: str | None) -> Document:
    """Parse a decoded document as `cli.load` does."""
    if profile is not None and profile not in BUILTIN:
        return parse_bounded(source, load_profile(profile), profile)
    return parse(source, load_profile(profile) if profile is not None else None)


class Series:
    """The versions of a series and the steps between them, computed once
    each and cached (see the module's docstring).

    `read` gives a file's bytes (the command's checks on inputs); `store` is
    the cache; `workers` > 1 parses and compares on that many forked
    processes; `progress(what, done, total)` is told as work is done."""

    def __init__(
        self,
        read: Callable[[str], bytes],
        *,
        profile: str | None = None,
        store: Store | None = None,
        workers: int = 1,
        progress: Callable[[str, int, int], None] | None = None,
    ) -> None:
        self.read = read
        self.profile = profile
        self.store = store or Store(None)
        self.workers = workers
        self.progress = progress or (lambda what, done, total: None)
        self._key = digest(__version__, code_digest(), profile_key(profile, read))
        self._packed: dict[str, bytes] = {}
        """Cache key (`_doc_key`) -> marshalled packed document, for those parsed by this run."""

    # --- versions --------------------------------------------------------

    def versions(
        self, paths: Sequence[str], explicit: Sequence[str] = (), *, strict: bool = False
    ) -> tuple[tuple[Version, ...], tuple[str, ...]]:
        """Read each file, find its date (parsing it unless cached), keep
        those that read as releases of the series (`admit`), and order them
        (`order`, `explicit` its order of file names). The warnings name, by
        file name: each file skipped and why (with `strict`, the first is an
        error instead), each release its profile left much of unread (fit.py),
        and what is doubtful in the order."""
        found: list[Version | None] = [None] * len(paths)
        numberings: dict[str, str] = {}  # digest -> the numbering inferred for it ("": read by a preset)
        missing: list[tuple[int, str, str]] = []
        for i, path in enumerate(paths):
            sha = digest(self.read(path))
            meta = self.store.get("meta", self._doc_key(sha), _is_meta)
            if meta is None:
                missing.append((i, path, sha))
            else:
                date, title, ids, profile, warning, hashes, numberings[sha] = meta
                found[i] = Version(path, sha, date, title, _split_ids(ids), profile, warning, hashes)
        total, seen = len(paths), len(paths) - len(missing)
        self.progress("read", seen, total)

        def work(item: tuple[int, str, str]) -> tuple[Any, ...]:
            _, path, sha = item
            data = self.read(path)
            if digest(data) != sha:
                raise RuldiffError("changed while being read", path=path, fix="run again")
            source = decode(data, path)
            del data
            doc = parse_source(source, self.profile)
            warning = misfit_warning(source, doc, self.profile is not None) or ""
            del source
            ids = tuple(r.id for r in doc.items)
            hashes = "".join(text_hash(r.full_text) for r in doc.items)
            # Kept without the file's name: the cache is by content, the name may change.
            warning = warning.removeprefix("warning: ").removeprefix(f"{doc.path}: ")
            return (doc.date, doc.title, ids, doc.profile, warning, hashes, doc.numbering or "",
                    marshal.dumps(pack_document(doc)))

        def done(j: int, result: Any) -> None:
            nonlocal seen
            i, path, sha = missing[j]
            date, title, ids, profile, warning, hashes, numberings[sha], packed = result
            self._packed[self._doc_key(sha)] = packed
            self.store.put("meta", self._doc_key(sha),
                           (date, title, _joined_ids(ids), profile, warning, hashes, numberings[sha]))
            self.store.put("doc", self._doc_key(sha), packed)
            found[i] = Version(path, sha, date, title, tuple(ids), profile, warning, hashes)
            seen += 1
            self.progress("read", seen, total)

        fan_out(missing, work, self.workers, done, weights=[_size(p) for _, p, _ in missing])
        versions = [v for v in found if v is not None]
        if self.profile is None:
            # Read alike before telling releases from strays: a release read by
            # the numbering inferred from another is of the same profile family.
            versions = self._read_alike(order(versions, explicit)[0], numberings)
        kept, skipped = admit(versions, explicit)
        if strict and skipped:
            version, why = skipped[0]
            raise RuldiffError(f"not a release of the series: {why}", path=version.path,
                               fix="move it out of the releases, or leave out --strict to skip it with a warning")
        warnings = [f"{v.name}: skipped: {why}" for v, why in skipped]
        warnings += [f"{v.name}: {v.misfit}" for v in sorted(kept, key=_name_key) if v.misfit]
        ordered, doubts = order(kept, explicit)
        return ordered, (*warnings, *doubts)

    def _read_alike(self, versions: Sequence[Version], numberings: dict[str, str]) -> list[Version]:
        """The versions read the same way, as ``diff`` reads OLD and NEW
        (`documents.load.read_alike`): when some were read by the numbering
        inferred from them and others by a preset, each of the others is
        read again by the numbering of the first inferred (in date order),
        and takes that reading when it leaves no more of its lines unread.
        Each reading is cached under the numbering it was read by."""
        spec = next((numberings[v.digest] for v in versions if numberings[v.digest]), "")
        if not spec:
            return list(versions)
        profile = grammar_profile(parse_numbering(spec))
        out = []
        for v in versions:
            if not numberings[v.digest]:
                v = self._read_again(v, spec, profile)
            out.append(v)
        return out

    def _read_again(self, version: Version, spec: str, profile: Profile) -> Version:
        """`version` read by `spec` (`read_alike`), when that reading is taken."""
        key = self._doc_key(version.digest, spec)
        meta = self.store.get("meta", key, _is_meta)
        if meta is None:
            again = read_again(decode(self.read(version.path), version.path), self.document(version), profile)
            if again is None:
                meta = (None, "", "", "", "", "", "")  # not taken
            else:
                hashes = "".join(text_hash(r.full_text) for r in again.items)
                meta = (again.date, again.title, _joined_ids([r.id for r in again.items]), again.profile, "",
                        hashes, spec)
                packed = marshal.dumps(pack_document(again))
                self._packed[key] = packed
                self.store.put("doc", key, packed)
            self.store.put("meta", key, meta)
        date, title, ids, read_by, _, hashes, taken = meta
        if taken != spec:
            return version
        # Taken only when it leaves no more lines unread: no misfit warning of its own.
        return Version(version.path, version.digest, date, title, _split_ids(ids), read_by, "", hashes, spec)

    def _doc_key(self, sha: str, reading: str = "") -> str:
        return digest(self._key, "doc", sha, reading) if reading else digest(self._key, "doc", sha)

    def document(self, version: Version) -> Document:
        """The parsed document of a version: unpacked from this run's memory or
        the cache, else parsed (a cache entry gone since `versions`)."""
        key = self._doc_key(version.digest, version.reading)
        packed = self._packed.get(key)
        if packed is None:
            packed = self.store.get("doc", key, _is_bytes)
        if packed is not None:
            try:
                doc = unpack_document(marshal.loads(packed) if isinstance(packed, bytes) else packed)
            except Exception:  # a damaged entry: parsed anew
                pass
            else:
                # Cached by content: the same bytes may have been read under another name.
                return doc if doc.path == version.path else dataclasses.replace(doc, path=version.path)
        if version.reading:
            return parse(decode(self.read(version.path), version.path), grammar_profile(parse_numbering(version.reading)))
        return parse_bytes(self.read(version.path), version.path, self.profile)

    def texts(self, version: Version, ids: Container[str]) -> dict[str, str]:
        """The full text of each item of `version` whose ID is in `ids` (of
        two items with one ID, the later's), read from its packed document
        without building its rules; this run's packed copy is let go (the
        cache keeps it). A history reads each release's texts once, after
        its steps: the archive's 126 packed releases, kept until then, were
        ~118 MB of the peak of its cold build."""
        key = self._doc_key(version.digest, version.reading)
        packed = self._packed.pop(key, None)
        if packed is None:
            packed = self.store.get("doc", key, _is_bytes)
        if packed is not None:
            try:
                return dict(packed_texts(marshal.loads(packed), ids))
            except Exception:  # a damaged entry: parsed anew
                pass
        return {r.id: r.full_text for r in self.document(version).items if r.id in ids}

    # --- steps -----------------------------------------------------------

    def steps(
        self,
        versions: Sequence[Version],
        render: Callable[[Comparison], Any] = lambda c: None,
        *,
        variant: str = "",
        deliver: Callable[[int, Any], None] = lambda i, out: None,
        edits: bool = False,
        rendered_shape: Callable[[Any], bool] = lambda rendered: True,
        jumps: Sequence[tuple[int, int]] = (),
    ) -> tuple[Step, ...]:
        """Compare each consecutive pair of `versions`: one `Step` each, in order.
        Also, in the same fan-out, each (old, new) pair of indexes of `jumps`
        (rendered and delivered as the steps are, `deliver`'s index the
        number of steps plus the jump's; not returned), each worked right
        after the step that ends at its new version, so that it unpacks one
        document more and the workers' shares stay even. Compared one call
        each, a history's 25 year-long jumps ran one at a time in one process:
        ~8 s of the archive's cold build on the 2-core machine.

        `render(comparison)` makes what the caller keeps of a comparison
        (marshal-able: its pages), cached with the step under `variant`
        (a name for what else the pages depend on; "": nothing rendered);
        `deliver(index, rendered)` is given it, from whichever process
        computed it, or from the cache. With `edits`, the links hold their
        word edits (a trace shows them; a history does not need them).
        `rendered_shape` checks what the cache gives back for `render`: an
        entry it refuses is computed anew."""
        total = max(len(versions) - 1, 0)
        pairs = [(i, i + 1) for i in range(total)] + list(jumps)
        # The order work is done in: each jump after the step to its new version.
        after = sorted(range(len(pairs)), key=lambda i: (pairs[i][1], i >= total))
        out: list[Step | None] = [None] * len(pairs)
        todo: list[int] = []
        keys = [self._step_key(versions[i], versions[j]) for i, j in pairs]
        page_keys = [digest(k, "pages", variant) for k in keys]
        cached: list[int] = []
        for i in after:
            try:
                packed_edits = self.store.get("edits", keys[i], _is_packed_edits) if edits else None
                if edits and packed_edits is None:
                    raise LookupError
                step = _unpack_step(self.store.get("step", keys[i], _is_packed_step), i, packed_edits)
            except Exception:  # missing (None), damaged, or without the edits asked for
                todo.append(i)
                continue
            if variant and not self.store.has("pages", page_keys[i]):
                todo.append(i)
                continue
            out[i] = step
            cached.append(i)
        done_count = 0
        late: list[int] = []

        def deliver_cached() -> None:
            # The cached steps' pages, read and delivered here while the
            # workers compare the others: on a rerun after adding a release,
            # delivering the archive's 150 steps took ~0.5 s of CPU, which
            # the new step and jump then waited for.
            nonlocal done_count
            for i in cached:
                rendered = self.store.get("pages", page_keys[i], rendered_shape) if variant else None
                if variant and rendered is None:  # damaged: compared again
                    late.append(i)
                    continue
                deliver(i, rendered)
                done_count += 1
            self.progress("compare", done_count, len(pairs))
        previous: list[tuple[str, Document]] = []

        def document(v: Version) -> Document:
            # A worker's steps are consecutive: the new document of one is
            # the old one of the next, unpacked once.
            if previous and previous[0][0] == v.digest:
                return previous[0][1]
            doc = self.document(v)
            previous[:] = [(v.digest, doc)]
            return doc

        def work(i: int) -> Any:
            old = document(versions[pairs[i][0]])
            new = document(versions[pairs[i][1]])
            comparison = compare(old, new)
            step = step_of(i, comparison)
            packed, packed_edits = _pack_step(step), _pack_edits(step)
            rendered = render(comparison) if variant else None
            del comparison
            self.store.put("step", keys[i], packed)
            self.store.put("edits", keys[i], packed_edits)
            if variant:
                self.store.put("pages", page_keys[i], rendered)
            deliver(i, rendered)
            return (packed, packed_edits if edits else None)

        def compute(indexes: list[int], meanwhile: Callable[[], None] | None = None) -> None:
            def done(j: int, result: Any) -> None:
                nonlocal done_count
                i = indexes[j]
                out[i] = _unpack_step(result[0], i, result[1])
                done_count += 1
                self.progress("compare", done_count, len(pairs))

            weights = [_size(versions[pairs[i][0]].path) + _size(versions[pairs[i][1]].path) for i in indexes]
            fan_out(indexes, work, self.workers, done, weights=weights, meanwhile=meanwhile)

        compute(todo, deliver_cached)
        if late:
            compute(late)
        return tuple(s for s in out[:total] if s is not None)

    def edits(self, old: Version, new: Version) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The word edits of each link of the step from `old` to `new`, in
        order: from the cache, else the step compared again. What a history
        reads for the few steps whose lineage pages it renders again, where
        reading every step's edits took ~1 s of a rerun on the archive."""
        found = self.store.get("edits", self._step_key(old, new), _is_packed_edits)
        if found is not None:
            return tuple(tuple((op, t) for op, t in e) for e in found)
        return tuple(l.edits for l in step_of(0, compare(self.document(old), self.document(new))).links)

    def _step_key(self, old: Version, new: Version) -> str:
        # The paths are part of the pages (and of the JSON): in the key too.
        return digest(self._key, "step", old.digest, new.digest, old.path, new.path, old.reading, new.reading)


def _joined_ids(ids: Sequence[str]) -> str:
    """A document's IDs as one string, as the cache keeps them: unmarshalling
    3,000 strings for each of 126 releases took 0.2 s of a rerun; one string
    each, split in C, ~0.02 s. (An ID never holds a NUL: parse.py reads lines.)

    >>> _split_ids(_joined_ids(("1", "100.1a", "glossary:Suspend")))
    ('1', '100.1a', 'glossary:Suspend')
    >>> _split_ids(_joined_ids(()))
    ()
    """
    return "\x00".join(ids)


def _split_ids(joined: str) -> tuple[str, ...]:
    return tuple(joined.split("\x00")) if joined else ()


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 1


# --- forked workers ------------------------------------------------------------


def fan_out(
    items: Sequence[T],
    work: Callable[[T], R],
    workers: int,
    done: Callable[[int, R], None],
    *,
    weights: Sequence[int] | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> None:
    """``done(j, work(items[j]))`` for every item, and `meanwhile()` in this
    process while the workers work (before them without workers). With `workers` > 1 and
    more than one item, the items are cut into that many consecutive runs of
    about equal `weights`, each run worked by a forked process (forks.py)
    that sends its results, marshalled, through a pipe; `done` is called in
    this process, as results arrive (in order within a run). A RuldiffError
    in a worker is raised here; the workers are stopped and reaped on every
    way out. Results must be marshal-able.

    What it pays, measured (bench/history.py, whole MTG archive, 3
    interleaved rounds on the 2-core machine at load 1.1-1.2): a cold site
    took 25.6 s with one process and 16.4 s with two (ratio 0.64; CPU time
    the same, 25.5 and 24.7 s), a rerun after adding a release 1.80 and 1.68 s.
    So the commands use two processes unless ``-j`` says otherwise. (An
    earlier measurement found no gain: each worker then also forked a
    helper process and word-diff workers of its own, since removed, and the
    machine was shared with other jobs at load 3-4.) Each worker takes a run
    of consecutive steps, so each document is still unpacked once per worker.

    >>> got = []
    >>> fan_out([1, 2, 3], lambda x: x * 10, 1, lambda j, r: got.append((j, r)))
    >>> got
    [(0, 10), (1, 20), (2, 30)]
    """
    if workers <= 1 or len(items) < (1 if meanwhile is not None else 2):
        if meanwhile is not None:
            meanwhile()
        for j, item in enumerate(items):
            done(j, work(item))
        return
    runs = _runs(weights if weights is not None else [1] * len(items), min(workers, len(items)))
    from .forks import fork

    children: list[tuple[int, int]] = []  # (pid, read end)
    try:
        for start, end in runs:
            r, w = os.pipe()
            pid = fork()
            if pid == 0:  # the worker
                os.close(r)
                _work_run(items, work, start, end, w)
            os.close(w)
            children.append((pid, r))
        if meanwhile is not None:
            meanwhile()
        _collect(children, runs, done)
    finally:
        for pid, r in children:
            try:
                os.close(r)
            except OSError:
                pass
            try:
                os.kill(pid, 15)
            except OSError:
                pass
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _runs(weights: Sequence[int], n: int) -> list[tuple[int, int]]:
    """`n` consecutive, non-empty ranges of about equal total weight.

    >>> _runs([1, 1, 1, 1], 2), _runs([5, 1, 1, 1, 1], 2)
    ([(0, 2), (2, 4)], [(0, 1), (1, 5)])
    """
    total, start, acc = sum(weights), 0, 0
    runs: list[tuple[int, int]] = []
    for j, w in enumerate(weights):
        acc += w
        left = n - len(runs) - 1
        if left and acc * n >= total * (len(runs) + 1) and len(weights) - j - 1 >= left:
            runs.append((start, j + 1))
            start = j + 1
    runs.append((start, len(weights)))
    return runs


def _work_run(items: Sequence[Any], work: Callable[[Any], Any], start: int, end: int, fd: int) -> None:
    """In a worker: work items[start:end], each result written as a length
    and a marshal record; an error as a record of its own; then exit."""
    status = 0
    try:
        with os.fdopen(fd, "wb") as out:
            for j in range(start, end):
                try:
                    record = marshal.dumps(("ok", j, work(items[j])))
                except RuldiffError as exc:
                    record = marshal.dumps(("error", j, (exc.message, exc.path, exc.line, exc.fix)))
                    status = 1
                out.write(len(record).to_bytes(8, "big") + record)
                if status:
                    break
    except BaseException:
        status = 2
    finally:
        sys.stdout.flush() if sys.stdout else None
        os._exit(status)


def _collect(children: list[tuple[int, int]], runs: list[tuple[int, int]], done: Callable[[int, Any], None]) -> None:
    """Read the workers' records as they come, calling `done` on each."""
    buffers = {r: b"" for _, r in children}
    expected = sum(end - start for start, end in runs)
    got = 0
    with selectors.DefaultSelector() as sel:
        for _, r in children:
            sel.register(r, selectors.EVENT_READ)
        while sel.get_map():
            for key, _ in sel.select():
                fd = key.fd
                assert isinstance(fd, int)
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    sel.unregister(fd)
                    continue
                buffers[fd] += chunk
                for record in _records(buffers, fd):
                    tag, j, value = marshal.loads(record)
                    if tag == "error":
                        message, path, line, fix = value
                        raise RuldiffError(message, path=path, line=line, fix=fix)
                    done(j, value)
                    got += 1
    if got != expected:
        raise RuldiffError("a worker process ended early", fix="try -j 1")


def _records(buffers: dict[int, bytes], fd: int) -> Iterator[bytes]:
    buf = buffers[fd]
    while len(buf) >= 8:
        size = int.from_bytes(buf[:8], "big")
        if len(buf) < 8 + size:
            break
        yield buf[8 : 8 + size]
        buf = buf[8 + size :]
    buffers[fd] = buf


DOCUMENT_SUFFIXES = (".txt", ".pdf", ".docx", ".htm", ".html")
"""The files of a directory that `collect` takes as releases."""


def collect(
    args: Sequence[str], *, follow_links: bool = False, warn: Callable[[str], None] = lambda message: None,
    to_follow: str = "give --follow-links to read it",
) -> list[str]:
    """The files of a series: FILES as given, or the documents in one DIR:
    its regular files named ``*.txt``, ``*.pdf``, ``*.docx``, ``*.htm`` or
    ``*.html`` (not hidden ones; a README.md beside them is not a release).

    In a DIR, a symbolic link is skipped, with a `warn`ing naming it, unless
    `follow_links`: a link put there (``zz.txt -> /etc/passwd``) would
    otherwise publish what it points to (`to_follow` says how to read it, its
    ``{path}`` the link's). So is a file whose name is not
    UTF-8, which no page could print (named with its bytes escaped); given
    as one of FILES, such a name is an error.

    A series is in no particular order here: `order` decides."""
    if len(args) == 1 and os.path.isdir(args[0]):
        directory = args[0]
        try:
            names = sorted(os.listdir(directory))
        except OSError as exc:
            raise RuldiffError(f"cannot list: {exc.strerror}", path=name_shown(directory)) from None
        check_name(directory)
        files = []
        for name in names:
            path = os.path.join(directory, name)
            if name.startswith(".") or not name.lower().endswith(DOCUMENT_SUFFIXES):
                continue
            if name_shown(name) != name:
                warn(f"{name_shown(path)}: skipped: the file name is not UTF-8 (rename it)")
            elif os.path.islink(path) and not follow_links:
                warn(f"{path}: skipped: a symbolic link ({to_follow.format(path=path)})")
            elif os.path.isfile(path):
                files.append(path)
        if not files:
            raise RuldiffError(f"holds no documents ({', '.join(DOCUMENT_SUFFIXES)})", path=directory)
        return files
    for path in args:
        check_name(path)
    return list(args)
