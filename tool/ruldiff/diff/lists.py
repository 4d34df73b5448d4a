"""List items: an edit that adds or removes whole items of an enumeration.

- `list_items(run)` -> (added, removed) items if a run edits an
  enumeration, else None.
- `entangled(runs, k)` -> whether run `k` has a rewording so near that the
  word diff may have cut one list edit in two.
- `without(items, kept)` -> items less those `kept` counts.
- `NOT_AN_ITEM`: function words, never an item on their own (substitutions
  read them as function words too).

Claim: a run is ``list-item`` when each side is made of whole items of a
list (`_list_side`: never a fragment, a clause or a function word), the
"and" before the last item moving with them, and the list around the edit
has three items or more (``..., cohort, constellation, ...``).

Precision, on the blind set (426 changes; docs/trust.md): ``list-item``
93.8% as drawn, 100% now (15 of 15); list items named 97.6% as drawn (41 of
42), 100% now (41 of 41). Cost on the 17-year gap (`bench/claims.py`,
"lists"): 18 ms (18 ms of CPU) of the semantic pass's 329 ms (327 ms of
CPU).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .runs import Run

__all__ = ["NOT_AN_ITEM", "entangled", "list_items", "without"]


NEAR_RUN = 8
"""Characters of kept text between two edit runs within which they may be
one edit the word diff cut in two: a list edit beside a rewording names no
items (`entangled`)."""


_NOT_IN_ITEM = re.compile(r"[;:.!?()]")
_ITEM_ENDS = " \t\n\"“”"
# What a list of references leaves as items: "rule 712", "rule", "113", "903.11".
_REFERENCE_ITEM = re.compile(r"(?:rules?|sections?)(?:\s+\d.*)?|\d+(?:\.\w+)*", re.IGNORECASE)


# Words that are never an item of a list on their own: function words, and
# the catch-alls that close a list ("…, or similar", "and so on").
NOT_AN_ITEM = frozenset(
    "a an the in on at of to for by with from as into onto than then if so "
    "that this these those it its is are be was were there their they them "
    "which who whom whose when while where not no any each all some such one "
    "and or nor but also only either similar etc so on like other others more".split()
)
# A separator of a list: a comma (with the "and"/"or" that may follow it),
# or "and"/"or" alone.
# Patterns that open with \s* start only at the first white space of a run
# ((?<!\s)): tried from every space of a long run, they took time quadratic
# in its length (100,000 spaces in a changed rule: 33 s); the match found is
# the same, since whatever a later start reaches, the first one does.
_LIST_SEPARATOR = re.compile(r"(?<!\s)\s*(?:,\s*(?:(?:and|or)\b)?|\b(?:and|or|and/or)\b)\s*")
_ENDS_WITH_AND_OR = re.compile(r"\b(?:and|or)$")
_STARTS_WITH_AND_OR = re.compile(r"(?:and|or)\b")
_LIST_WINDOW = 6  # words on each side of an edit where its list's commas must be
_ITEM_POINTER = re.compile(r"(?<!\s)\s*\((?:see )?(?:rules?|sections?) [\w.–-]+\)")
_FINAL_SEPARATOR = re.compile(r"\s*,?\s*(?:and|or)\s")
# What ends the clause a list sits in.
_LIST_INTRO = re.compile(r"(?:\b(?:are|include|includes|including)|:)$")
_CLAUSE_END = re.compile(r"[;:.!?()\n]")


def _separated(text: str) -> tuple[list[str], bool, bool]:
    """The items of a piece of a list (`_ITEM_ENDS` stripped), and whether it
    starts and ends with a separator.

    >>> _separated(", cohort, and")
    (['cohort'], True, True)
    >>> _separated("doubles or sets")
    (['doubles', 'sets'], False, False)
    """
    core = text.strip(_ITEM_ENDS)
    parts = _LIST_SEPARATOR.split(core)
    starts = _LIST_SEPARATOR.match(core) is not None and core != ""
    ends = False
    for m in _LIST_SEPARATOR.finditer(core):
        ends = m.end() == len(core) and m.end() > m.start()
    items = [p.strip(_ITEM_ENDS) for p in parts]
    return [p for p in items if p], starts, ends


def _is_item(text: str) -> bool:
    """Whether a piece between separators can be a whole item: a few words,
    not a reference, not only function words, and not a clause (a pronoun or
    an auxiliary verb: "if no action was taken, a judge allows it, and …"
    lists conditions, not names).

    >>> _is_item("cohort"), _is_item("a judge allows it"), _is_item("the"), _is_item("rule 702.1")
    (True, False, False, False)
    """
    words = text.split()
    return (
        0 < len(words) <= 4
        and not _REFERENCE_ITEM.fullmatch(text)
        and any(w.lower() not in NOT_AN_ITEM for w in words)
        and not any(w.replace("’", "'") in _CLAUSE_WORDS for w in words)
    )


_CLAUSE_WORDS = frozenset(
    "it they them you he she we is are was were be been has have had can can't may must will would should"
    " it's they're you're we're he's she's that's there's".split()
)


def _list_side(text: str, before: str, after: str) -> list[str] | None:
    """The whole items one side of a run adds or removes, or None if that
    side is not made of whole items of a list.

    Each item must be a whole piece between two separators: a separator (in
    the run, or right outside it) on its left, and one or the end of the
    clause on its right. "[-, doubles-] a player's life total, or …" removes
    no item: the item was "doubles a player's life total".
    """
    if not text.strip(_ITEM_ENDS):
        return []
    # An item may carry a pointer to its rule: "Saga (see rule 714)".
    text = _ITEM_POINTER.sub("", text)
    if _NOT_IN_ITEM.search(text):
        return None  # most runs: read before the text around them (with the
        # other side read only when this one is a list: list_items 28.6 ->
        # 17.9 ms of CPU on the 17-year gap)
    before, after = _ITEM_POINTER.sub("", before[-200:]), _ITEM_POINTER.sub("", after[:200])
    items, starts, ends = _separated(text)
    tail = before.rstrip(_ITEM_ENDS)
    head = after.lstrip(_ITEM_ENDS)
    left = (
        starts or tail.endswith(",") or _ENDS_WITH_AND_OR.search(tail[-4:]) is not None
        # A new first item, before the words that introduce the list ("The
        # artifact types are{+ Blood,+} Clue, …"), ends with its separator.
        # So does a first item kept while another is put before it
        # ("are[-Arcane-]{+Adventure, Arcane,+} and Trap").
        or ((ends or _STARTS_WITH_AND_OR.match(head) is not None) and _LIST_INTRO.search(tail) is not None)
    )
    right = (
        ends
        or not head
        or head[0] in ",.;:)"
        or _STARTS_WITH_AND_OR.match(head) is not None
        # One item after the "and" or "or" that ends a list is its last
        # item, whatever the sentence goes on with ("a planeswalker{+, or a
        # battle+} can be attacked").
        or (len(items) == 1 and _FINAL_SEPARATOR.match(text) is not None)
    )
    if not (left and right) or not all(_is_item(i) for i in items):
        return None
    return items


def list_items(run: Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) items if the run edits an enumeration, else None.

    Both sides must be whole items of a list (`_list_side`), and the clause
    the edit sits in must hold a list: two commas (three items) on the side
    that has the items.
    """
    added = _list_side(run.inserted, run.before, run.after)
    if added is None:
        return None  # most runs: the other side is not read
    removed = _list_side(run.deleted, run.before, run.after)
    if removed is None:
        return None
    if added and removed:
        # An item kept between two new ones can be swept into the run by the
        # cleanup of the word diff ("[-Lukka][+Lolth, Lukka, Mordenkainen]"):
        # an item on both sides is kept. What is left must be one side only.
        kept = Counter(added) & Counter(removed)
        added, removed = list(without(tuple(added), kept)), list(without(tuple(removed), kept))
        if added and removed:
            return None
    # The list itself, not only its sentence, must have two commas (three
    # items): the few words on each side of the edit, within its clause.
    # "chooses a permanent{+ or player+} for it" adds to no list, however
    # many commas the sentence has elsewhere.
    before, after = _ITEM_POINTER.sub("", run.before[-200:]), _ITEM_POINTER.sub("", run.after[:200])
    near_before = " ".join(_CLAUSE_END.split(before)[-1].split()[-_LIST_WINDOW:])
    near_after = " ".join(_CLAUSE_END.split(after, maxsplit=1)[0].split()[:_LIST_WINDOW])
    for side, other, items in ((run.inserted, run.deleted, added), (run.deleted, run.inserted, removed)):
        if items and (near_before + side + near_after).count(",") < 2:
            return None
        # The list must be there on the other side too: "if possible[-, by
        # exhausting, or recycling runes-]." drops a clause, not two items.
        if items and not _LIST_SEPARATOR.search(f"{near_before} {other} {near_after}"):
            return None
        # An item appended after "or"/"and" ends a list whose other items
        # come before it: "a different object{+ or player+} causes the Aura,
        # Equipment, or Fortification" adds to no list.
        # Nor does one joined by "or"/"and" to a piece that is no item: "…,
        # whether they're tapped{+ or flipped+}, and …" widens a clause.
        if items and "," not in side and _FINAL_SEPARATOR.match(side):
            joined_to = near_before.split(",")[-1].strip()
            if "," not in near_before or (joined_to and not _is_item(joined_to)):
                return None
    return tuple(added), tuple(removed)


def entangled(runs: Sequence[Run], k: int) -> bool:
    """Whether run `k` has a neighbour within `NEAR_RUN` characters that
    edits words but no list: the word diff may then have cut one edit of the
    list in two, and the items each part names are not those the list lost
    ("{G}[-, {X}, {Y},-] and {[-Z-]{+X+}}" removes {Y} and {Z}, not {X})."""
    run = runs[k]
    for j in (k - 1, k + 1):
        if not 0 <= j < len(runs) or runs[j].plain or not (runs[j].old or runs[j].new):
            continue
        first, second = (runs[j], run) if j < k else (run, runs[j])
        if second.at - (first.at + len(first.inserted)) <= NEAR_RUN and list_items(runs[j]) is None:
            return True
    return False


def without(items: tuple[str, ...], kept: Counter[str]) -> tuple[str, ...]:
    """`items` in order, less as many of each item as `kept` counts.

    >>> without(("Lolth", "Lukka", "Mordenkainen"), Counter({"Lukka": 1}))
    ('Lolth', 'Mordenkainen')
    """
    left = Counter(kept)
    out = []
    for item in items:
        if left[item]:
            left[item] -= 1
        else:
            out.append(item)
    return tuple(out)
