"""The data model shared by every stage of the pipeline.

Everything here is a small frozen dataclass or an enum; stages are pure
functions from these types to these types (read -> parse -> align -> diff ->
classify -> render).

Public types:

- `RuleKind`   what a numbered item is: section, heading, rule, glossary entry.
- `Rule`       one item of a document, with its ID as printed.
  (`make_rules` builds many at once, for the parser.)
- `Coverage`   how much of a document its profile read, and as what.
- `Document`   a parsed rules document.
- `MatchHow`   why the aligner paired two rules.
- `Pair`       an old rule and/or a new rule that the aligner put together.
- `Op`, `Edit` one word-level edit (`=`, `-`, `+` and its text).
  (`make_edits` builds many at once, for the word diff.)
- `ChangeKind` added, removed, changed, renumbered.
- `Change`     a classified pair, with its edits and tags.
  (`make_change` builds one four times as fast, for the pipeline.)
- `Renumbering` a run of renumbered rules; `Substitution` a document-wide
  replacement.
- `Comparison` two documents and the changes between them.
- `Plan`       an editor's match overrides, as `compare` applies them.
- `Annotations` notes and review marks shown with a changelog.
- `change_id(change)` the ID notes and review state know a change by.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import MISSING, FrozenInstanceError, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing import dataclass_transform
else:  # read by type checkers alone (and absent from Python 3.10's typing)
    def dataclass_transform(**_: Any) -> Any:
        return lambda decorated: decorated

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def record(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True, slots=True)``: the same class for less work
    at import. Every type of the model, and the frozen records of the layers
    above, are declared with it.

    ``dataclasses`` writes each method of a class as source and compiles it:
    six compilations for a frozen class, though a run calls little more
    than the ``__init__`` of the 17 classes a comparison imports (a run on
    the 2018 pair called two other generated methods, 15 times). Here only
    ``__init__`` is compiled; the other methods are the same few functions
    for every class: the imports of a comparison ~54 M fewer (404 -> 350 M
    instructions, cachegrind), the 2018 pair's import stage 62.9 -> 55.9 ms
    of CPU (bench/stages.py, medians of 11, interleaved). `fields`,
    `dataclasses.replace`, equality, the hash (of the same tuple), repr,
    ``FrozenInstanceError``, copying and pickling behave as the dataclass's
    do (tests/test_model.py compares them).

    >>> @record
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> p = Point(1)
    >>> p, p == Point(1, 0), hash(p) == hash((1, 0)), dataclasses.replace(p, y=2)
    (Point(x=1, y=0), True, True, Point(x=1, y=2))
    >>> p.x = 2
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'x'
    """
    # A slotted dataclass with no generated method: its fields, slots and
    # __match_args__ made by ``dataclass``, nothing compiled.
    made: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=True)
    found = fields(made)
    key = _values(tuple(f.name for f in found if f.compare))

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(key(self))

    methods = {
        "__init__": _init(made, found), "__repr__": _repr(tuple(f.name for f in found if f.repr)),
        "__eq__": __eq__, "__hash__": __hash__, "__setattr__": _frozen_setattr, "__delattr__": _frozen_delattr,
        "__getstate__": _getstate, "__setstate__": _setstate,
    }
    for name, method in methods.items():
        setattr(made, name, method)
    return made  # type: ignore[no-any-return]


class _Factory:
    """The default of a field with a ``default_factory``, in ``__init__``."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _init(cls: Any, found: tuple[dataclasses.Field[Any], ...]) -> Any:
    """The ``__init__`` of a frozen record: each field set through
    ``object.__setattr__``, as a frozen dataclass's is (compiled: the one
    method whose arguments depend on the class)."""
    names: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params, body = [], []
    for f in found:
        if not f.init or getattr(f, "kw_only", False) is True or f.name == "self":
            raise TypeError(f"record {cls.__qualname__}: field {f.name!r} needs dataclasses.dataclass")
        if f.default is not MISSING:
            names[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not MISSING:
            names[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            body.append(f" if {f.name} is _FACTORY: {f.name} = _f_{f.name}()")
        else:
            params.append(f.name)
        body.append(f" _set(self, {f.name!r}, {f.name})")
    exec(f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or " pass"), names)  # noqa: S102
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a record's fields `names`, read in C (what a dataclass's
    ``__eq__`` compares and its ``__hash__`` hashes)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)


class _Enum(enum.Enum):
    """An enum whose members hash by identity, in C. Members are singletons, so
    this agrees with equality; `enum.Enum` hashes the name in Python, and the
    pipeline hashes kinds and ops hundreds of thousands of times.

    Reading a member (``Op.EQUAL``) costs ~800 instructions (~0.1 µs) on
    Python 3.11, twenty times a module name: the enum's metaclass has a
    ``__getattr__``, so every attribute of the class is read through a
    Python-level hook (3.12 removed it). Code that reads one per item or per
    edit keeps it in a module name (``_EQUAL = Op.EQUAL``)."""

    __hash__ = object.__hash__


class RuleKind(_Enum):
    """What a numbered item of a document is."""

    SECTION = "section"
    """A top-level section heading such as ``1. Game Concepts`` (ID ``1``)."""
    HEADING = "heading"
    """A rule heading such as ``100. General`` (ID ``100``)."""
    RULE = "rule"
    """A rule or subrule such as ``100.1.`` or ``100.1a``."""
    GLOSSARY = "glossary"
    """A glossary entry (ID ``glossary:<Term as printed>``)."""


@record
class Rule:
    """One item of a document: a section or rule heading, a rule, or a glossary entry."""

    id: str
    """The number as printed without its trailing period (``903.11``, ``100.1a``,
    ``714``), or ``glossary:<Term>``. Unique within a document: a number printed
    twice gets ``#2``, ``#3``… on its later occurrences."""
    kind: RuleKind
    text: str
    """The body as printed, hard-wrapped lines joined by one space; separate
    paragraphs joined by a newline. For headings, the title (``General``)."""
    examples: tuple[str, ...] = ()
    """``Example:`` paragraphs attached to this rule, in order, as printed."""
    parent: str | None = None
    """ID of the enclosing item (``100.1a`` -> ``100.1`` -> ``100`` -> ``1``)."""
    line: int = 0
    """1-based line of the source where the item starts."""
    notes: tuple[str, ...] = ()
    """Publisher's notes taken out of the text by the profile (``(refs: 202)``)."""
    title: str = ""
    """A run-in title printed between the number and the text (``Noise.`` of
    ``Sec. 4-12. Noise. No person shall ...``), not part of `text`; empty
    when the unit has none."""

    @property
    def full_text(self) -> str:
        """The text that is diffed: the run-in title and the body, then each
        example, each on its own line."""
        if not self.examples and not self.title:
            return self.text  # most rules: read without a second call (some 21,000 reads a comparison of the 2018 pair)
        return full_text(self.text, self.examples, self.title)


def full_text(text: str, examples: tuple[str, ...], title: str = "") -> str:
    """`Rule.full_text` of a rule's body, examples and run-in title (also of
    a packed rule, `packed_texts`)."""
    if not examples and not title:
        return text
    return "\n".join((title, text, *examples) if title else (text, *examples))


RuleRow = tuple[str, RuleKind, str, tuple[str, ...], str | None, int, tuple[str, ...], str]
"""Every field of a `Rule`, in field order: id, kind, text, examples, parent, line, notes, title."""

class _RuleDraft:
    """A rule under construction: the slots of `Rule`, but not frozen, so
    they are set by plain attribute stores; `make_rules` then makes it a Rule.
    (`_EditDraft` and `_ChangeDraft` are the same for `Edit` and `Change`:
    plain classes, where dataclasses made by `make_dataclass` cost ~1.5 M
    instructions each to create at import.)"""

    __slots__ = tuple(f.name for f in fields(Rule))


def make_rules(rows: Iterable[RuleRow]) -> tuple[Rule, ...]:
    """``tuple(Rule(*row) for row in rows)``, three times as fast: for the
    parser, which builds a few thousand rules per document.

    A frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, a slow call. Here each rule is drafted as a
    `_RuleDraft`, then turned into a Rule by assigning its ``__class__``, which
    Python allows between classes with the same slots. The result is an
    ordinary `Rule` (same class, equality, hash and repr). A row must give
    every field.

    >>> row = ("100.1", RuleKind.RULE, "Play nicely.", (), "100", 7, (), "")
    >>> (made,) = make_rules([row])
    >>> type(made) is Rule and made == Rule(*row) and hash(made) == hash(Rule(*row))
    True
    >>> made
    Rule(id='100.1', kind=<RuleKind.RULE: 'rule'>, text='Play nicely.', examples=(), parent='100', line=7, notes=(), title='')
    >>> made.text = "Play."
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'text'
    """
    out = []
    for rule_id, kind, text, examples, parent, line, notes, title in rows:
        rule: Any = _RuleDraft()
        rule.id = rule_id
        rule.kind = kind
        rule.text = text
        rule.examples = examples
        rule.parent = parent
        rule.line = line
        rule.notes = notes
        rule.title = title
        rule.__class__ = Rule
        out.append(rule)
    return tuple(out)


@record
class Coverage:
    """How a profile read a document: its non-blank lines, counted by what
    they were read as. A profile that does not fit the document leaves many
    lines `unread` (numbers it does not know, text it cannot place).

    >>> c = Coverage(lines=10, rules=6, headings=1, glossary=0, layout=1, unread=2)
    >>> c.unread_share
    0.2
    """

    lines: int
    """Non-blank lines in the document (for a profile that cuts lines
    holding several rules, ``inline``, the pieces)."""
    rules: int
    """Lines of rules: their numbered first lines, continuations and examples."""
    headings: int
    """Lines that start a section or a rule heading."""
    glossary: int
    """Lines of the glossary."""
    layout: int
    """Front matter (title, date, introduction, contents), decorations,
    credits and index."""
    unread: int
    """Lines the profile could not place: a line that starts with a number
    or a list label but no item, or a further paragraph in a rule (what a
    glossary or subrules become under a profile that does not know them)."""
    first_unread: tuple[tuple[int, str], ...] = ()
    """The first few unread lines, (1-based line, text)."""
    repaired: tuple[tuple[int, str], ...] = ()
    """Rule numbers printed with a space after their first dot, read as the
    rule expected there: (1-based line, the number as printed, "606. 8b")."""
    furniture: int = 0
    """Lines of page furniture (running headers and footers, page numbers)
    removed before the document was read (documents/furniture.py); the
    other counts are of the text without them."""

    @property
    def unread_share(self) -> float:
        """`unread` as a share of `lines` (0.0 for an empty document)."""
        return self.unread / self.lines if self.lines else 0.0


@record
class Document:
    """A parsed rules document."""

    path: str
    """Where it was read from, as given by the user."""
    title: str
    date: str | None
    """Effective date printed in the document, ISO ``YYYY-MM-DD``, if found."""
    profile: str
    """Name of the format profile that parsed it."""
    rules: tuple[Rule, ...]
    """Sections, headings, rules and subrules, in document order."""
    glossary: tuple[Rule, ...] = ()
    """Glossary entries, in document order."""
    intro: str = ""
    """Front matter before the rules (introduction), paragraphs joined by newlines."""
    credits: str = ""
    """The credits section, paragraphs joined by newlines."""
    numbered: bool = True
    """False for documents without rule numbers, whose IDs only give positions:
    their paragraphs are never reported as renumbered."""
    references: re.Pattern[str] | None = None
    """How the document refers to its rules (the profile's ``reference``,
    group ``id``); None for the built-in ``rule 903.13`` syntax."""
    coverage: Coverage | None = None
    """How much of the text the profile read, and as what (None when the
    document was not parsed from a text)."""
    numbering: str | None = None
    """The numbering grammar it was read by (a profile's ``numbering`` key,
    grammar.py), when it was read by one."""

    @property
    def items(self) -> tuple[Rule, ...]:
        """Every item: the numbered rules, then the glossary."""
        return self.rules + self.glossary


PackedDocument = tuple[Any, ...]
"""A `Document` as nested tuples of strings, numbers, booleans and None (see
`pack_document`)."""


def pack_document(doc: Document) -> PackedDocument:
    """A document as plain values (tuples of strings, numbers and None), for
    another process: `marshal` or `pickle` can carry it, and `unpack_document`
    gives the document back, equal to this one. Unpacking builds the rules
    with `make_rules`, several times faster than unpickling frozen
    dataclasses, which sets each field of each rule with a call.

    >>> doc = Document("a.txt", "T", None, "mtg", (Rule("1", RuleKind.SECTION, "Basics"),))
    >>> unpack_document(pack_document(doc)) == doc
    True
    """
    references = doc.references
    return (
        doc.path,
        doc.title,
        doc.date,
        doc.profile,
        _pack_rules(doc.rules),
        _pack_rules(doc.glossary),
        doc.intro,
        doc.credits,
        doc.numbered,
        (references.pattern, references.flags) if references is not None else None,
        _pack_coverage(doc.coverage),
        doc.numbering,
    )


def unpack_document(packed: PackedDocument) -> Document:
    """The document that `pack_document` packed."""
    path, title, date, profile, rules, glossary, intro, credits, numbered, references, coverage, numbering = packed
    return Document(
        path,
        title,
        date,
        profile,
        _unpack_rules(rules),
        _unpack_rules(glossary),
        intro,
        credits,
        numbered,
        re.compile(*references) if references is not None else None,
        _unpack_coverage(coverage),
        numbering,
    )


def packed_texts(packed: PackedDocument, ids: Container[str]) -> Iterator[tuple[str, str]]:
    """(ID, `Rule.full_text`) of each item of a packed document whose ID is
    in `ids`, in order, without unpacking it (the rules are not built): what
    a history's rule pages read of each release.

    >>> doc = Document("a.txt", "T", None, "mtg", (Rule("1", RuleKind.RULE, "Body", ("Example",)), Rule("2", RuleKind.RULE, "Two")))
    >>> list(packed_texts(pack_document(doc), {"1"}))
    [('1', 'Body\\nExample')]
    """
    for rows in (packed[4], packed[5]):
        for rule_id, _, text, examples, _, _, _, title in rows:
            if rule_id in ids:
                yield rule_id, full_text(text, examples, title)


def _pack_coverage(coverage: Coverage | None) -> tuple[Any, ...] | None:
    if coverage is None:
        return None
    return tuple(getattr(coverage, f.name) for f in fields(Coverage))


def _unpack_coverage(packed: tuple[Any, ...] | None) -> Coverage | None:
    if packed is None:
        return None
    lines, rules, headings, glossary, layout, unread, first, repaired, *rest = packed
    return Coverage(
        lines, rules, headings, glossary, layout, unread,
        tuple((n, text) for n, text in first), tuple((n, text) for n, text in repaired),
        rest[0] if rest else 0,  # packed before furniture was counted
    )


def _pack_rules(rules: tuple[Rule, ...]) -> tuple[tuple[Any, ...], ...]:
    return tuple(
        (r.id, r.kind.value, r.text, r.examples, r.parent, r.line, r.notes, r.title) for r in rules
    )


def _unpack_rules(rows: Iterable[tuple[Any, ...]]) -> tuple[Rule, ...]:
    kind = {k.value: k for k in RuleKind}
    return make_rules([(i, kind[k], t, e, p, n, notes, title) for i, k, t, e, p, n, notes, title in rows])


class MatchHow(_Enum):
    """Why the aligner paired two rules (or left one alone)."""

    SAME = "same"
    """Same ID and identical text."""
    TEXT = "text"
    """Identical text found once on each side, whatever the numbers."""
    NUMBER = "number"
    """Same ID, text similar enough."""
    SIMILAR = "similar"
    """Different IDs, text similar enough, at matching places in the documents."""
    MOVED = "moved"
    """Different IDs, text very similar, found anywhere in the document."""
    UNPAIRED = "unpaired"
    """Only on one side: added or removed."""
    OVERRIDE = "override"
    """Paired as an editor's overrides file says (overrides.py), whatever the texts."""


@record
class Pair:
    """An old rule and a new rule that the aligner put together, or one of them alone."""

    old: Rule | None
    new: Rule | None
    how: MatchHow
    similarity: float = 1.0
    """Word-set similarity of the two texts in [0, 1] (1.0 when one side is missing)."""


class Op(_Enum):
    """A word-level edit operation, written as in the JSON contract."""

    EQUAL = "="
    DELETE = "-"
    INSERT = "+"


@record
class Edit:
    """One run of text that is kept, deleted or inserted."""

    op: Op
    text: str



class _EditDraft:
    """An edit under construction (see `_RuleDraft`)."""

    __slots__ = tuple(f.name for f in fields(Edit))


def make_edits(pairs: Iterable[tuple[Op, str]]) -> tuple[Edit, ...]:
    """``tuple(Edit(op, text) for op, text in pairs)``, twice as fast (an
    `_EditDraft`, as `make_rules` does): for the word diff, which builds
    some 17,000 edits on the 17-year gap.

    >>> made = make_edits([(Op.EQUAL, "Draw "), (Op.DELETE, "a card")])
    >>> made == (Edit(Op.EQUAL, "Draw "), Edit(Op.DELETE, "a card")) and type(made[0]) is Edit
    True
    """
    out = []
    for op, text in pairs:
        edit: Any = _EditDraft()
        edit.op = op
        edit.text = text
        edit.__class__ = Edit
        out.append(edit)
    return tuple(out)


class ChangeKind(_Enum):
    """What happened to a rule between the two versions."""

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"
    """Same number, different text."""
    RENUMBERED = "renumbered"
    """Different number; the edits show whether the text changed too."""
    SPLIT = "split"
    """One old rule became several new ones (`Change.new` and `Change.more`)."""
    MERGED = "merged"
    """Several old rules (`Change.old` and `Change.more`) became one new rule."""
    UNCHANGED = "unchanged"
    """Same number, same text. Counted in the summary, never listed."""


@record
class Change:
    """A classified pair: what happened to one rule, with its word-level edits."""

    kind: ChangeKind
    old: Rule | None
    new: Rule | None
    edits: tuple[Edit, ...]
    """Word-level edits from the old full text to the new one. Joining the ``=``
    and ``-`` texts gives the old text, ``=`` and ``+`` the new text. A rule
    that is only added or removed has one edit holding all its text."""
    tags: tuple[str, ...] = ()
    """Sorted labels: ``substantive``, ``cosmetic``, ``cross-reference``,
    ``substitution``, ``list-item``, ``stale-reference`` (see semantic.py)."""
    how: MatchHow = MatchHow.UNPAIRED
    more: tuple[Rule, ...] = ()
    """The other rules on the many side of a split (new) or merge (old)."""
    stale: tuple[str, ...] = ()
    """References in the new text that point nowhere, or at the old number of a
    renumbered rule, as printed (``rule 903.13``)."""
    items_added: tuple[str, ...] = ()
    """Items added to a list in the rule (``cohort``)."""
    items_removed: tuple[str, ...] = ()
    """Items removed from a list in the rule."""
    moved: tuple[str, str] | None = None
    """(old heading, new heading) when a rule moved under another heading."""
    stale_should_be: tuple[str, ...] = ()
    """For each of `stale`, the ID it should probably point to (the new number
    of the rule it pointed to), or ``""`` when there is none to suggest."""
    possibly_stale: tuple[tuple[str, str, str, str], ...] = ()
    """References of an added rule to the old number of a rule the release
    renumbered, whose words say they mean what that number held before: a
    hint, weaker than `stale` (diff/references.py). Each is (reference as
    printed, its target, the start of what the target held before, the
    target's old rule's new number)."""
    see_also: tuple[tuple[str, str], ...] = ()
    """A hint, never a claim (no count, no kind): ``("split", ID)`` for an
    added rule near this change that probably holds part of its old text,
    ``("merged", ID)`` for a removed rule whose text it probably took in
    (splits.py): a split or merge likely but not certain; with ``--through``,
    ``("became", ID)`` on a removed rule for the added rule it became step
    by step through the releases between, and ``("was", ID)`` back on that
    rule (series/lineage.py). A ``split`` or ``became`` ID is the new
    document's, a ``merged`` or ``was`` ID the old one's."""

    @property
    def text_changed(self) -> bool:
        """Whether any edit inserts or deletes more than white space.

        Line breaks and spacing are layout: a rule re-wrapped, or whose lines
        were joined differently, has the same text.
        """
        for e in self.edits:  # a loop, not any(...): read for every change by every stage
            if e.op is not _EQUAL and not e.text.isspace():
                return True
        return False

    @property
    def olds(self) -> tuple[Rule, ...]:
        """Every old rule of the change, in document order (`old` is the one
        a merge is paired with: the one that holds most of the new text)."""
        first = (self.old,) if self.old else ()
        if self.kind is not _MERGED or not self.more:
            return first
        return tuple(sorted(first + self.more, key=_by_line))

    @property
    def news(self) -> tuple[Rule, ...]:
        """Every new rule of the change, in document order (`new` is the one
        a split is paired with: the one that holds most of the old text)."""
        first = (self.new,) if self.new else ()
        if self.kind is not _SPLIT or not self.more:
            return first
        return tuple(sorted(first + self.more, key=_by_line))


_EQUAL, _MERGED, _SPLIT = Op.EQUAL, ChangeKind.MERGED, ChangeKind.SPLIT
"""Read by `Change`'s properties, once per edit or per call (see `_Enum`)."""


class _ChangeDraft:
    """A change under construction (see `_RuleDraft`)."""

    __slots__ = tuple(f.name for f in fields(Change))


def make_change(
    kind: ChangeKind,
    old: Rule | None,
    new: Rule | None,
    edits: tuple[Edit, ...],
    tags: tuple[str, ...],
    how: MatchHow,
    more: tuple[Rule, ...],
    stale: tuple[str, ...],
    items_added: tuple[str, ...],
    items_removed: tuple[str, ...],
    moved: tuple[str, str] | None,
    stale_should_be: tuple[str, ...],
    possibly_stale: tuple[tuple[str, str, str, str], ...] = (),
    see_also: tuple[tuple[str, str], ...] = (),
) -> Change:
    """``Change(...)`` given every field, in field order, four times as fast
    (a `_ChangeDraft`, as `make_rules` does: a change has fourteen fields):
    for `classify` and `annotate`, which build one per change (some 7,600
    on the 17-year gap, ~3.5 µs less each).

    >>> r = Rule("1.1", RuleKind.RULE, "Draw.")
    >>> args = (ChangeKind.CHANGED, r, r, (), ("cosmetic",), MatchHow.SAME, (), (), (), (), None, ())
    >>> made = make_change(*args)
    >>> type(made) is Change and made == Change(*args) and hash(made) == hash(Change(*args))
    True
    """
    change: Any = _ChangeDraft()
    change.kind = kind
    change.old = old
    change.new = new
    change.edits = edits
    change.tags = tags
    change.how = how
    change.more = more
    change.stale = stale
    change.items_added = items_added
    change.items_removed = items_removed
    change.moved = moved
    change.stale_should_be = stale_should_be
    change.possibly_stale = possibly_stale
    change.see_also = see_also
    change.__class__ = Change
    return change  # type: ignore[no-any-return]


def _by_line(rule: Rule) -> int:
    return rule.line


@record
class Renumbering:
    """A run of rules renumbered by the same shift: ``903.10-903.13`` -> ``903.8-903.11``."""

    old: str
    """An ID, or a range of IDs ``first-last``."""
    new: str


@record
class Substitution:
    """The same replacement made across several rules (``he or she`` -> ``they``)."""

    old: str
    new: str
    count: int
    """Occurrences replaced, over all rules."""
    rules: tuple[str, ...]
    """IDs (new numbering) of the rules where it was made, in reading order."""
    variants: tuple[tuple[str, str, int], ...] = ()
    """The other forms of the same rewrite, (old, new, count), most frequent
    first: another new phrase for the same old one (``he or she`` -> ``that
    player``), a longer phrase that holds it, or the verb agreement it forces
    (``he or she has`` -> ``they have``). `old` and `new` are the main forms,
    joined by `` / `` when the rewrite has several (``he or she / his or her``).
    Phrases are found whatever their case, and given as the rules write them
    most often ("Eventide" -> "Shards of Alara"), a phrase and its partner
    as written together where the one replaced the other when those differ
    ("general" -> "commander" beside "EDH" -> "Commander")."""


@record
class Comparison:
    """Two documents and every change between them, in reading order."""

    old: Document
    new: Document
    changes: tuple[Change, ...]
    """Every change except ``unchanged`` ones, numbered rules first (in the new
    document's order, removed rules where they stood), then the glossary."""
    counts: tuple[tuple[ChangeKind, int], ...]
    """How many pairs of each kind, ``unchanged`` included, in ChangeKind order."""
    renumbering: tuple[Renumbering, ...] = ()
    """The old -> new numbers, collapsed into runs, in old document order."""
    substitutions: tuple[Substitution, ...] = ()
    """Replacements made across the document, most frequent first."""
    stale: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    """(rule ID, its stale references, the ID each should probably point to or
    ``""``) for every rule of the new document, changed or not, whose
    references point nowhere or, unchanged from the old text, at a rule that
    was renumbered."""

    @property
    def summary(self) -> dict[str, int]:
        """The counts as a plain mapping, e.g. ``{"added": 3, ...}``."""
        return {kind.value: n for kind, n in self.counts}


def change_id(change: Change) -> str:
    """NEW's number of the change; OLD's, marked, for a removed rule: a
    number removed and then reused by an added rule is two changes, each
    reviewed on its own.

    >>> from ruldiff.model import Change, ChangeKind, Rule, RuleKind
    >>> r = Rule("903.9", RuleKind.RULE, "x")
    >>> change_id(Change(ChangeKind.ADDED, None, r, ())), change_id(Change(ChangeKind.REMOVED, r, None, ()))
    ('903.9', '903.9 (removed)')
    """
    if change.new is not None:
        return change.new.id
    assert change.old is not None
    return f"{change.old.id} (removed)"


@record
class Plan:
    """The overrides that apply, as `compare` uses them."""

    pairs: tuple[tuple[str, str], ...] = ()
    """(old ID, new ID) paired whatever their texts: a pairing, and the main
    part of a split (the part with the old number, else the first listed)."""
    removed: tuple[str, ...] = ()
    """Old IDs left unpaired."""
    added: tuple[str, ...] = ()
    """New IDs left unpaired: ``added``, and the other parts of a split."""
    splits: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(old ID, every new part) of each split."""

    @property
    def taken_old(self) -> set[str]:
        return {o for o, _ in self.pairs} | set(self.removed)

    @property
    def taken_new(self) -> set[str]:
        return {n for _, n in self.pairs} | set(self.added)

    def __bool__(self) -> bool:
        return bool(self.pairs or self.removed or self.added)


@record
class Annotations:
    """Notes and review marks of one run."""

    notes: Mapping[str, str] | None = None
    """Change ID -> the note (Markdown); None when no notes were given, so
    that outputs say nothing of notes."""
    review: Mapping[str, str] | None = None
    """Change ID -> ``accepted``, ``differs`` or ``new``; None when no review
    state was given."""
    counts: Mapping[str, int] = field(default_factory=dict)
    """``accepted``, ``differs``, ``new`` and ``hidden``: how many changes of
    each (hidden: accepted ones left out)."""
    since: Mapping[str, tuple[Edit, ...]] = field(default_factory=dict)
    """Change ID -> the word edits from the text accepted to the text now,
    for a change that differs since accepted (when the state recorded it)."""

    def note(self, rule_id: str) -> str | None:
        return None if self.notes is None else self.notes.get(rule_id)

    def mark(self, rule_id: str) -> str | None:
        return None if self.review is None else self.review.get(rule_id, "new")

    @property
    def hidden_note(self) -> str:
        """``3 accepted changes hidden``, or ``""``."""
        n = self.counts.get("hidden", 0)
        return f"{n} accepted change{'s' if n != 1 else ''} hidden" if n else ""

    def summary(self) -> dict[str, object] | None:
        """The review counts as the JSON and the template context give them."""
        if self.review is None:
            return None
        keys = ("accepted", "differs", "new", "hidden")
        return {**{k: self.counts.get(k, 0) for k in keys}, "note": self.hidden_note or None}
