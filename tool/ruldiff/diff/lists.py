"""List items: an edit that adds or removes whole items of an enumeration.

- `list_items(run)` -> (added, removed) items if a run edits an
  enumeration, else None.
- `entangled(runs, k)` -> whether run `k` has a rewording so near that the
  word diff may have cut one list edit in two.
- `without(items, kept)` -> items less those `kept` counts.
- `joined(runs, skip)` -> the runs that are pieces of one list edit the
  word diff cut in two or more, read together.
- `NOT_AN_ITEM`: function words, never an item on their own (substitutions
  read them as function words too).

Claim: a run is ``list-item`` when each side is made of whole items of a
list (`_list_side`: never a fragment, a clause or a function word), the
"and" before the last item moving with them, and the list around the edit
has three items or more (``..., cohort, constellation, ...``). A run that
replaces a chunk of a list, cut by the word diff anywhere ("[-Alara,
Arkhos-]{+The Abyss, Alara, Amonkhet, Arkhos+}"), is read item by item
(`_replaced_items`): the items its clause gained and lost. A clause is
never an item: a piece that opens with "if", "when", "however",
"including"…, an aside between commas before a clause, a word of a title
cited with its rule. Nor is a verb with its object ("becomes a battle",
"take a special action": `_predicate`; a gerund, "winning the game", is an
item); "and/or" is one separator; and a quoted item is one item, whatever
separators it holds ("“Choose one or more —,”": `_separators`). A list has
one conjunction: a piece between an "and" and an "or" is a word of one
item, never an item ("..., and [-suspending or-] ignoring continuous
effects", `_between_two_conjunctions`; session 26, gap-s42: on the 402
pairs of the archive and the eval sets, 14 outputs change, the one wrong
item "suspending" gone from 408.1i and the glossary's Special Action, and
their `list-item` tag with it; nothing else; list items on gap-s42 96.8 ->
100%, `list-item` recall 4 -> 3 of 5, the tag having stood on that wrong
item; the test runs on 37 of 1,450 sides read on the 17-year gap, those
holding both an "and" and an "or").

Families round six (#27 item 4; bench/README.md): a new first item right
after the determiner of its list ("one{+ battle,+} creature, …"), an item
added while the others were re-sorted (400.4b, read item by item with the
determiner as its lead and the clause after the list set aside), and a list
with an empty place (", ,": symbols lost in a conversion) naming nothing.
On gap-s10 ``list-item`` recall 25 -> 75% and list items 100% (3 of 3); on
gap-s9 recall 67 -> 100%; on the whole archive 5 changes gain right items
(battle twice, conspiracy, zone twice), all read; the three wrong ones a
first version named ("another{+ reads+}", "a[- category or-]", the lost
symbols "X, Y") are closed off, and one right one with them ("the
[-card, spell,-]{+spell+} or permanent", 2009-07). Cost: within the noise of the
stage "lists" (36/34 -> 36/36 ms, `bench/claims.py --cpu --runs 3`).

A pair grown into a list (#27 item 4, session 10; `_pair_items`): "creature
or planeswalker" -> "battle, creature, or planeswalker", "neither A nor B"
-> "not C, A, or B", and a list of three cut to a pair, read as shapes: the
list side an enumeration with the serial comma, the pair's two items two of
its items in order, the sentence around them the same (less "neither",
"either", "both": `recast`, then ``substantive`` too). On adj-s13
``list-item`` recall 75 -> 100% and list items 95.7 -> 100% (114.1, "zone(s)"
dropped), on gap-s8 33 -> 67% (120.1a, "a battle"), every other set unchanged;
on the whole archive 16 changes gain items, all right, and 46 on the 68 gap
pairs of the eval sets, all right (the same nine edits); no family changed.
Cost: the stage "lists" 31/32/31 -> 35/35/34 ms of CPU on the 17-year gap
(`bench/claims.py --cpu --runs 3`, three rounds interleaved with 6733d3a):
158 runs gain or lose two commas and are read as shapes, 5 of them named.

Precision, on the blind set (426 changes; docs/trust.md): ``list-item``
93.8% as drawn, 100% now (16 of 16, recall 100%); list items named 97.6% as
drawn (41 of 42), 100% now (43 of 43, recall 100%). On the six gap pairs of
#27 (read, not labelled; bench/README.md): 22 entries new or grown with the
chunks read item by item, all right; 6 wrong ones gone (clauses read as
items), none lost that was right. Cost on the 17-year gap
(`bench/claims.py --cpu --runs 3`, "lists", interleaved with the code
before, in two sessions): 30/30 -> 46/44 and 31/31 -> 48/46 ms of CPU (259
runs read item by item, 22 of them lists), of a semantic pass of about 460
-> 480 ms on a loaded machine. The item pointers looked for only where
their literal stands (`_without_pointers`): 38 -> 28 ms of CPU (stage
`list_items`, min of 5 runs on a loaded machine, issue #25 item 3).

The predicate, "and/or" and quoted-item rules (#27, families round four;
bench/README.md): on gap-final, list items in drawn changes 91.7% (11/12)
-> 100% (12/12), ``list-item`` 50% (1/2) -> 100% (2/2), list items
printed 98.8% (251/254) -> 100% (250/250); on the whole archive 12 changes
differ, all read right (8 wrong items gone, 7 right ones named). Cost: the
stage "lists" 35/36 -> 35/35 ms of CPU on the 17-year gap (`--cpu --runs
3`, interleaved): a quotation is looked for only where a quote mark is.
Session 8 (one `_LIST_SEPARATOR` scan per piece and per clause, the text
around a run read once its own text passes `_replaced_items`' first test,
`joined` reading `Run.plain` itself): 35/35 -> 30/31 ms (`--cpu --runs 5`,
two rounds interleaved with c7ed747). Session 15 (a piece with no comma,
"and" or "or" not cut by the separator pattern, `_separated`; `joined`
stopping at the first run that adds or drops a comma): 38 -> 35 ms
(`--cpu --runs 3`, medians of seven rounds interleaved with c6d638e).

Session 17: a modal word followed by "of" is a noun, not a clause word
(`_noun_of`: "will of the council", an ability word, made the chunk it
ended unreadable). Found on gap-s26 (207.2c, 2014-05 -> 2016-07: four
of eleven ability words missed, and the rule tagged ``substantive``). On
the 290 pairs of the archive and the eval sets, 15 changes move, all the
ability-word rule, each read against the two lists: every item named
added is in the new list alone (the 17-year gap: 46 named, was none), none
removed, and ``substantive`` dropped where the items were the only edit.
No other output changes; cost nothing measurable (one test per clause word).
And a piece set between two commas whose only separator is a bare "and" or
"or", the list's serial ", and" still to come, is one item
(`_one_item_between_commas`: gap-s26, 408.g -> 408.2g, 1999-11 -> 2003-03,
"declaring attacking or blocking creatures" was named as two items, judged
wrong): on the 290 pairs, 2 changes move, that rule in two pairs, right.

Session 23: a run that only inserts or deletes, printed by the word diff
one word off ("the{+ Housing Committee, the+} Licensing Committee",
"partner{+—[text], partner+} with [name]"), is read one word earlier or
later when it reads as no list edit where it stands (`_slid`). On the 374
pairs of the archive and the eval sets, 10 pairs change, three edits: the
partner variant added to the partner-abilities lists (702.124a, and
702.124n/p; gap-s21's label had it as a miss), both right; 706.2, 2014-07
-> 2014-09, "+ by its face-down status" named in the list of what modifies
the copiable values: right as an item the list gained, though the item it
replaced ("by abilities that caused the object to be face down", in another
run) is not named. Found by a hand-written document written after the
session's other changes (standing-orders: its committee added to a list,
99.0% of its edits recovered, was 98.1%); generator seeds 970141527,
2026 and 444690756: edits recovered +6, +6, +16 (list-item), nothing else
changed. Cost: the stage "lists" on the 17-year gap 30/30/31 -> 32/32/33 ms
of CPU (`bench/claims.py --cpu --runs 3`, three rounds interleaved with
b3bf29f): 211 runs that read as no list edit, only insert or delete, and
hold a separator, read a second time, ~12 µs each.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Container, Sequence

from .align import dice, word_set
from .classify import is_cosmetic
from .runs import Run
from .text import in_cited_title

__all__ = ["NOT_AN_ITEM", "entangled", "joined", "list_items", "more_often", "recast", "requalified_items", "serial_tail", "without"]


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
_SEPARATOR = r"(?<!\s)\s*(?:,\s*(?:(?:{0})\b)?|\b(?:{0})\b)\s*"
_LIST_SEPARATOR = re.compile(_SEPARATOR.format("and/or|and|or"))
_CLOSED = re.compile(r",\s*(?:and|or)\s[^,]*,\s*$")  # "…, or land," before the edit
_OXFORD_AND_OR = re.compile(r",[\s\"“”]*(?:and|or)\b")
_ENDS_WITH_AND_OR = re.compile(r"\b(?:and|or)$")
_STARTS_WITH_AND_OR = re.compile(r"(?:and|or)\b")
_LIST_WINDOW = 6  # words on each side of an edit where its list's commas must be
# An item's pointer to its rule, "Elm (see rule 105)"; one whose number was
# left out ("Elm (see rule )") is a pointer all the same.
_ITEM_POINTER = re.compile(r"(?<!\s)\s*\((?:see )?(?:rules?|sections?) [\w.–-]*\)")


def _without_pointers(text: str) -> str:
    """``_ITEM_POINTER.sub("", text)``, tried only on a text that holds what
    every match does, "(rule", "(section" or "(see ": found by `str` in C,
    where the pattern, which opens with a look-behind, is tried at every
    position (most runs and their 200 characters around; lists on the
    17-year gap 38 -> 28 ms of CPU).

    >>> _without_pointers("Saga (see rule 714), Class"), _without_pointers("Saga (Class)")
    ('Saga, Class', 'Saga (Class)')
    """
    if "(" in text and ("(rule" in text or "(section" in text or "(see " in text):
        return _ITEM_POINTER.sub("", text)
    return text


_FINAL_SEPARATOR = re.compile(r"\s*,?\s*(?:and|or)\s")
# A side whose last separator is an "and" or "or" ends with its list's last
# item. (No clause mark is left to exclude: `_NOT_IN_ITEM` turned such sides away.)
_EMPTY_ITEM = re.compile(r",\s+,")  # two separators with nothing between
_LAST_AFTER_AND_OR = re.compile(r"\s(?:and|or)\s[^,]*$")
# What ends the clause a list sits in.
_LIST_INTRO = re.compile(r"(?:\b(?:are|include|includes|including)|:)$")
# A determiner before a list governs all its items ("one battle, creature,
# planeswalker, or player"; "If a conspiracy, phenomenon, plane … card"): the
# first item stands right after it.
# (Not one after a separator: "red, blue or a{+ green,+} gold" puts no first item.)
_DETERMINER = re.compile(r"(?:^|\s)(?<!,\s)(?<!\band\s)(?<!\bor\s)(?:a|an|the|one|another|each|any|every)$", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[;:.!?()\n]")
_UP_TO_CLAUSE_END = re.compile(r".*[;:.!?()\n]", re.DOTALL)  # to the last clause end: one match, from the end
_SHARED_END = ".;:!?"
_CITED = re.compile(r"\brules?\s+\d[\w.]*,?\s*[\"“]", re.IGNORECASE)


def _separated(text: str) -> tuple[list[str], bool, bool]:
    """The items of a piece of a list (`_ITEM_ENDS` stripped), and whether it
    starts and ends with a separator.

    >>> _separated(", cohort, and")
    (['cohort'], True, True)
    >>> _separated("doubles or sets")
    (['doubles', 'sets'], False, False)
    >>> _separated(" Saga rites "), _separated("sorcery")
    ((['Saga rites'], False, False), (['sorcery'], False, False))
    """
    core = text.strip(_ITEM_ENDS)
    if '"' not in text and "“" not in text and "”" not in text:  # most pieces: no quotation to keep whole, and the split in C
        # A separator is never empty: one at the start (end) of the text
        # leaves an empty first (last) piece, read from the one split
        # rather than from a match and a search for the last separator.
        # A separator holds a comma, "and" or "or": a piece with none is one
        # piece, and the pattern, tried at every position, is not run.
        parts = _LIST_SEPARATOR.split(core) if "," in core or "and" in core or "or" in core else [core]
        starts = ends = False
        if len(parts) > 1:
            starts, ends = parts[0] == "", parts[-1] == ""
    else:
        # The quotation marks around an item are read before they are
        # stripped: "“Choose one or more —,”" is one quoted item.
        lead = len(text) - len(text.lstrip(_ITEM_ENDS))
        end = lead + len(core)
        cuts = [(max(a, lead) - lead, min(b, end) - lead) for a, b in _separators(_fold(text)) if b > lead and a < end]
        parts = _cut(core, cuts)
        starts = bool(cuts) and cuts[0][0] == 0 and core != ""
        ends = bool(cuts) and cuts[-1][1] == len(core) and cuts[-1][1] > cuts[-1][0]
    items = [p.strip(_ITEM_ENDS) for p in parts]
    return [p for p in items if p], starts, ends


_QUOTED = re.compile(r'"[^"]*"')


def _separators(folded: str) -> list[tuple[int, int]]:
    """Where the separators of a list are in a text (`_fold`ed), less those
    inside a quotation: a quoted item is one item, whatever it holds
    ("“Choose one or more —”" is no two items).

    >>> _separators('Ash, "one or more", Elm'), _separators('"Ash," "one or more," or "Elm"')
    ([(3, 5), (18, 20)], [(4, 5), (19, 20), (21, 25)])
    """
    cuts = [m.span() for m in _LIST_SEPARATOR.finditer(folded)]
    if '"' not in folded or not cuts:
        return cuts  # most texts: no quotation
    quoted = [m.span() for m in _QUOTED.finditer(folded)]
    # A separator that closes a quotation ("“Ash,” “Elm,” and “Oak”"), or
    # opens it ("“or scheme”"), is the list's own.
    return [(a, b) for a, b in cuts if not any(q + 1 < a and b < e - 1 for q, e in quoted)]


def _cut(text: str, cuts: list[tuple[int, int]]) -> list[str]:
    """`text` cut at the separators `cuts` (as `re.split` cuts it)."""
    out, at = [], 0
    for a, b in cuts:
        out.append(text[at:a])
        at = b
    out.append(text[at:])
    return out


def _is_item(text: str) -> bool:
    """Whether a piece between separators can be a whole item: a few words,
    not a reference, not only function words, and not a clause (a pronoun or
    an auxiliary verb: "if no action was taken, a judge allows it, and …"
    lists conditions, not names).

    A piece that opens with a word that opens a clause ("however", "if a
    player won", "when the effect resolves", "including …") is an aside,
    not an item; nor is one with no letter or digit (a "/" left of a
    reworded "power/toughness").

    >>> _is_item("cohort"), _is_item("a judge allows it"), _is_item("the"), _is_item("rule 702.1")
    (True, False, False, False)
    >>> _is_item("however"), _is_item("if a player won"), _is_item("/"), _is_item("{C/W}")
    (False, False, False, True)

    Nor is a verb with its object (`_predicate`).

    >>> _is_item("becomes a battle"), _is_item("a battle"), _is_item("winning the game")
    (False, True, True)
    """
    words = text.split()
    return (
        0 < len(words) <= 4
        and not _predicate(words)
        and not _REFERENCE_ITEM.fullmatch(text)
        and any(w.lower() not in NOT_AN_ITEM for w in words)
        and not any(w.replace("’", "'") in _CLAUSE_WORDS and not _noun_of(words, k) for k, w in enumerate(words))
        and words[0].lower().strip(_ITEM_ENDS) not in _CLAUSE_OPENERS
        and _WORD_CHAR.search(text) is not None
    )


def _noun_of(words: list[str], k: int) -> bool:
    """Whether the clause word at `k` is a noun, followed by "of": a modal
    verb is followed by a verb, never by "of" ("will of the council", an
    ability word; "can of worms").

    >>> _noun_of("will of the council".split(), 0), _noun_of("it will".split(), 1)
    (True, False)
    """
    return words[k].lower() in _MODAL_NOUNS and k + 1 < len(words) and words[k + 1].lower() == "of"


_MODAL_NOUNS = frozenset("can may must will".split())


def _predicate(words: list[str]) -> bool:
    """Whether the words of a piece are a verb with its object: a first
    word followed by an article ("becomes a battle", "take a special
    action") or by "being" ("stops being a creature"). A list of predicates
    tells what something does, not items; a gerund names an act, and is an
    item ("rowing, steering, and winning the race").

    >>> _predicate("stops being a creature".split()), _predicate("Lord of the Rings".split()), _predicate("winning the race".split())
    (True, False, False)
    """
    if len(words) < 2 or words[1].lower() not in _AFTER_A_VERB:
        return False
    first = words[0].lower()
    return first not in NOT_AN_ITEM and not first.endswith("ing")


# Words that follow a verb, never the first word of a name: "becomes a
# battle", "takes the turn", "stops being a creature".
_AFTER_A_VERB = frozenset("a an the being".split())
# Words that open a clause or an aside, never an item.
_CLAUSE_OPENERS = frozenset(
    "if when whenever unless until while although though because however including excluding whether "
    "once since otherwise instead therefore thus hence".split()
)
_WORD_CHAR = re.compile(r"\w")
_BRACKET = re.compile(r"[\[\]]")


_CLAUSE_WORDS = frozenset(
    "it they them you he she we is are was were be been has have had can can't may must will would should"
    " do does did don't doesn't didn't isn't aren't wasn't won't"
    " it's they're you're we're he's she's that's there's".split()
)


def _list_side(text: str, before: str, after: str, alone: bool = False) -> list[str] | None:
    """The whole items one side of a run adds or removes, or None if that
    side is not made of whole items of a list.

    Each item must be a whole piece between two separators: a separator (in
    the run, or right outside it) on its left, and one or the end of the
    clause on its right. "[-, doubles-] a player's life total, or …" removes
    no item: the item was "doubles a player's life total". `alone`: the
    run only inserts or only deletes this side.
    """
    if not text.strip(_ITEM_ENDS):
        return []
    # An item may carry a pointer to its rule: "Saga (see rule 714)".
    text = _without_pointers(text)
    if _NOT_IN_ITEM.search(text):
        return None  # most runs: read before the text around them (with the
        # other side read only when this one is a list: list_items 28.6 ->
        # 17.9 ms of CPU on the 17-year gap)
    before, after = _without_pointers(before[-200:]), _without_pointers(after[:200])
    items, starts, ends = _separated(text)
    tail = before.rstrip(_ITEM_ENDS)
    head = after.lstrip(_ITEM_ENDS)
    if len(items) == 1 and "or" in (around := tail[-8:] + text + head[:8]) and "and" in around and (
        _between_two_conjunctions(text, tail, head, starts, ends)
    ):
        return None  # a word of one item, between the list's conjunction and another
    # One item whose words a bare "and"/"or" joins: each of its parts reads
    # as an item would (the whole may be longer than one).
    joined_item = (
        len(items) > 1 and ends and (starts or tail.endswith(",")) and _one_item_between_commas(text, head)
        and all(_is_item(i) for i in items)
    )
    if joined_item:
        items = [text.strip(_ITEM_ENDS + ",")]
    left = (
        starts or tail.endswith(",") or _ENDS_WITH_AND_OR.search(tail[-4:]) is not None
        # A new first item, before the words that introduce the list ("The
        # artifact types are{+ Blood,+} Clue, …"), ends with its separator.
        # So does a first item kept while another is put before it
        # ("are[-Arcane-]{+Adventure, Arcane,+} and Trap").
        or ((ends or _STARTS_WITH_AND_OR.match(head) is not None) and _LIST_INTRO.search(tail) is not None)
        # So does a new first item after the determiner that governs the
        # list ("dealt to one{+ battle,+} creature, planeswalker, or
        # player"; "If a [-plane-]{+conspiracy+}, phenomenon, …").
        # Its comma must be in the run: "is a[- category or-] characteristic"
        # drops one of two alternatives, and "another{+ reads+}, "…" is a
        # verb. And the run must only insert or delete it: "Each
        # [-keeper draws,-]{+rival draws, sings,+} shuffles" rewords a subject.
        or (alone and ends and text.rstrip(_ITEM_ENDS).endswith(",") and _DETERMINER.search(tail[-14:]) is not None)
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
        # So is the last of several, put after a kept item, when the "and"
        # or "or" before it is the side's last separator ("films[- and
        # maps-]{+, maps and games+} to members" appends "games").
        # The separator before it may stand outside the run ("conspiracy,
        # phenomenon, [-vanguard, or scheme-]{+plane, scheme, or
        # vanguard+} card").
        or (len(items) > 1 and (starts or tail.endswith(",")) and _LAST_AFTER_AND_OR.search(text) is not None)
    )
    if not (left and right) or not (joined_item or all(_is_item(i) for i in items)):
        return None
    return items


_LEADING_CONJUNCTION = re.compile(r"[\s,]*(and/or|and|or)\b")
_TRAILING_CONJUNCTION = re.compile(r"\b(and/or|and|or)[\s,]*$")


def _between_two_conjunctions(text: str, tail: str, head: str, starts: bool, ends: bool) -> bool:
    """Whether the one piece of a run stands between an "and" and an "or"
    (in the run, or right outside it): a list has one conjunction, so the
    other joins words of one item. "The special actions are playing a
    land, ..., and [-suspending or-] ignoring continuous effects" drops a
    word of the last item, not an item (2003-07 -> 2008-07, 408.1i; gap-s42).

    >>> _between_two_conjunctions(" and suspending or", "", " ignoring effects", True, True)
    True
    >>> _between_two_conjunctions(" cohort,", ", and", " constellation", False, True)
    False
    """
    core = text.strip(_ITEM_ENDS)
    left = _LEADING_CONJUNCTION.match(core) if starts else _TRAILING_CONJUNCTION.search(tail[-8:])
    right = _TRAILING_CONJUNCTION.search(core) if ends else _LEADING_CONJUNCTION.match(head[:8])
    return left is not None and right is not None and left.group(1) != right.group(1)


def _one_item_between_commas(text: str, head: str) -> bool:
    """Whether a piece set between two commas of a list, its only
    separators a bare "and" or "or", is one item: the list's own last
    separator, a serial ", and" (", or"), is still to come after it, so the
    conjunction inside the piece joins words of one item ("untapping,
    {+declaring attacking or blocking creatures,+} cleanup, and mana burn").

    >>> _one_item_between_commas(" declaring attacking or blocking creatures,", " cleanup, and mana burn")
    True
    >>> _one_item_between_commas(" dusk, or dawn,", " noon, and night"), _one_item_between_commas(" attacking or blocking,", " and more")
    (False, False)
    """
    core = text.strip(_ITEM_ENDS + ",")
    return "," not in core and _OXFORD_AND_OR.search(_CLAUSE_END.split(head, maxsplit=1)[0]) is not None


def list_items(run: Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) items if the run edits an enumeration, else None.

    Both sides must be whole items of a list (`_list_side`), and the clause
    the edit sits in must hold a list: two commas (three items) on the side
    that has the items.

    A run that only inserts (or deletes) text between two copies of one
    word may stand one word earlier or later with the same text around it:
    the word diff put "the{+ Housing Committee, the+} Licensing Committee"
    where the item reads "{+the Housing Committee, +}the Licensing
    Committee". Read so when it reads as no list edit where it stands
    (`_slid`).
    """
    found = _list_items(run)
    if found is not None:
        return found
    inserts, deletes = bool(run.inserted.strip()), bool(run.deleted.strip())
    # Only a run that inserts or deletes alone, its side holding a separator
    # (a comma, "and", "or") for the item it may carry, is read again.
    if inserts == deletes or not _LIST_SEPARATOR.search(run.inserted if inserts else run.deleted):
        return None
    return next((items for slid in _slid(run, inserts) if (items := _list_items(slid)) is not None), None)


_LAST_WORD = re.compile(r"\s(\w+)$")
_FIRST_WORD = re.compile(r"^(\w+)\s")


def _slid(run: Run, inserts: bool) -> list[Run]:
    """The run that only inserts (`inserts`) or deletes, moved one word
    earlier (its text ends with the word before it) and one word later (it
    starts with the word after it): the same edit of the same text, read
    with another word kept. Only the texts move: the moved run is read for
    its items, never placed (its `Run.at`, `Run.old` and `Run.new` are the
    run's own).

    >>> [(r.before, r.inserted, r.after) for r in _slid(Run("", " b, the", "a the", " c"), True)]
    [('a ', 'the b, ', 'the c')]
    """
    side = "inserted" if inserts else "deleted"
    text = getattr(run, side)
    out = []
    m = _LAST_WORD.search(text)
    if m is not None and _ends_with(run.before, m.group(1)):
        w = m.group(1)
        out.append(run._replace(before=run.before[: -len(w)], after=w + run.after, **{side: w + text[: m.start(1)]}))
    m = _FIRST_WORD.match(text)
    if m is not None and _starts_with(run.after, m.group(1)):
        w = m.group(1)
        out.append(run._replace(before=run.before + w, after=run.after[len(w):], **{side: text[m.end(1):] + w}))
    return out


def _list_items(run: Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """`list_items` of the run where it stands."""
    # A mark both sides end with is kept text the word diff swept into the
    # run: "green[-.-]{+, and gold.+}" appends "gold" after the final "and".
    if run.deleted and run.inserted and run.deleted[-1] == run.inserted[-1] and run.deleted[-1] in _SHARED_END:
        end = run.deleted[-1]
        run = run._replace(deleted=run.deleted[:-1], inserted=run.inserted[:-1], after=end + run.after)
    added = _list_side(run.inserted, run.before, run.after, not run.deleted.strip())
    removed = None if added is None else _list_side(run.deleted, run.before, run.after, not run.inserted.strip())
    if added is None or removed is None:
        # Most runs: no comma, so no chunk of a list replaced either.
        if run.deleted.count(",") + run.inserted.count(",") < 2 or in_cited_title(run.before):
            return None
        return _replaced_items(run) or _pair_items(run)
    # An item cited inside a quoted title is a word of that title: "See
    # rule 202, "Mana Cost and{+ Color+}"" lists nothing, nor does a chunk
    # of it replaced ('section 6, "Spells[- on the Stack-]{+, Abilities,
    # and Effects+}"', 2004-06 -> 2009-07, gap-s30; read after the cheap
    # tests above, which most runs fail).
    if in_cited_title(run.before):
        return None
    if added and removed:
        # An item kept between two new ones can be swept into the run by the
        # cleanup of the word diff ("[-Lukka][+Lolth, Lukka, Mordenkainen]"):
        # an item on both sides is kept. What is left must be one side only.
        kept = Counter(added) & Counter(removed)
        added, removed = list(without(tuple(added), kept)), list(without(tuple(removed), kept))
        if added and removed:
            return _replaced_items(run)  # items swapped: read item by item ("sorcery, tribal" -> "scheme, sorcery")
    # The list itself, not only its sentence, must have two commas (three
    # items): the few words on each side of the edit, within its clause.
    # "chooses a permanent{+ or player+} for it" adds to no list, however
    # many commas the sentence has elsewhere.
    before, after = _without_pointers(run.before[-200:]), _without_pointers(run.after[:200])
    near_before = " ".join(_CLAUSE_END.split(before)[-1].split()[-_LIST_WINDOW:])
    near_after = " ".join(_CLAUSE_END.split(after, maxsplit=1)[0].split()[:_LIST_WINDOW])
    for side, other, items in ((run.inserted, run.deleted, added), (run.deleted, run.inserted, removed)):
        if items and (near_before + side + near_after).count(",") < 2:
            return None
        # A list with an empty place on either side lost words in a
        # conversion ("Numeral symbols, , and can …", the symbols printed as
        # images): what it names is damage, not an edit.
        # (The other side read only where the run replaced it: around an
        # insertion, the text without it may show two separators the word
        # diff left on either side of the new item.)
        if items and (
            _EMPTY_ITEM.search(before[-40:] + side + after[:40])
            or (other.strip() and _EMPTY_ITEM.search(before[-40:] + other + after[:40]))
        ):
            return None
        # A list already closed by its "and"/"or" takes no item after it:
        # "plays a spell, ability, or land,{+ or takes a special action,+}"
        # adds a second predicate. So does an aside set off by the run's own
        # commas, "artifact, creature, or land card[-, or any permanent,-]
        # has": an alternative to the whole list, not one of its items (a
        # list that goes on after its closed part, "{0}, {1}, and so on{+,
        # and the hybrid symbols+}.", may still take one).
        aside = side.strip(_ITEM_ENDS)
        if items and _FINAL_SEPARATOR.match(side) and _CLOSED.search(
            near_before + "," * (aside.startswith(",") and aside.endswith(","))
        ):
            return None
        # A side that ends with a comma puts its items before the next one,
        # which must then be an item, not a clause: "In the variant{+, a
        # variant made by fans,+} each deck is led by …" is an aside.
        if (
            items and side.rstrip(_ITEM_ENDS).endswith(",") and not _STARTS_WITH_AND_OR.match(near_after)
            # its last item: "…, or “scheme,” it means …", "“spell,”{+ or “scheme,”+} it means …"
            and not _OXFORD_AND_OR.search(side) and not _FINAL_SEPARATOR.match(side)
        ):
            following = _LIST_SEPARATOR.split(near_after, maxsplit=1)[0]
            if any(w.replace("’", "'") in _CLAUSE_WORDS for w in following.split()):
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
        # (A comma that only closes the side is no separator of its own.)
        if items and "," not in side.strip(_ITEM_ENDS).rstrip(",") and _FINAL_SEPARATOR.match(side):
            joined_to = near_before.split(",")[-1].strip(_ITEM_ENDS + " ")
            # Nor one joined to the list's own last item ("a card, or copy
            # of a spell{+ or card+}," offers two kinds of copy).
            if "," not in near_before or (
                joined_to and (not _is_item(joined_to) or _STARTS_WITH_AND_OR.match(joined_to))
            ):
                return None
    return tuple(added), tuple(removed)


def _fold(text: str) -> str:
    """Typography folded, one character for one, so that a list compared
    item by item does not see "Rowan's" and "Rowan’s" as two items. (Six
    `str.replace`, in C: `str.translate` with a table of these characters
    took 35 of the 37 ms `_replaced_items` cost on the 17-year gap.)

    >>> _fold("Rowan’s")
    "Rowan's"
    """
    return (text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
            .replace("\n", " ").replace("\t", " "))


_CHUNK_CONTEXT = 200  # characters on each side of a run read for its list (beyond, kept items only)
CLAUSE_ITEMS_MAX = 2000
"""Most items, old and new together, a replaced chunk's clause is read for
(`_replaced_items`): its items are matched pair by pair (`_respelled_out`,
the lookups of the kept ones), so a run of 4,000 items each way took 7.6 s,
20,000 took three minutes. The longest list of the corpora, the creature
types of an MTG release, holds under 300 items (the whole archive reads the
same with this bound)."""


def _replaced_items(run: Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, removed) items of a run that replaces a chunk of a list, read
    item by item: the clause the run sits in, before and after, cut into
    items at its separators, and the items of one that the other lacks.

    A word diff cuts a long list where it likes ("[-Alara, Arkhos-]{+The
    Abyss, Alara, Amonkhet, Arkhos+}"): its runs are not whole items, but
    the items around them are. Said only when both clauses are lists (two
    commas), the run changes items of the list and nothing else, every item
    it adds or removes is an item (`_is_item`), and it is no swap of one
    item for another (a rewording, or a substitution's).
    """
    deleted, inserted = _without_pointers(run.deleted), _without_pointers(run.inserted)
    # What differs, once typography is folded: the run less the text its
    # two sides share at their ends.
    d_f, i_f = _fold(deleted), _fold(inserted)
    if d_f == i_f or _CLAUSE_END.findall(d_f) != _CLAUSE_END.findall(i_f):
        return None  # typography only; or, most long rewrites, a clause added or taken: no list edit alone
        # (145 of the 312 runs asked on the 17-year gap: the text around is read after)
    before = _without_pointers(run.before[-_CHUNK_CONTEXT:])
    after = _without_pointers(run.after[:_CHUNK_CONTEXT])
    old, new = before + deleted + after, before + inserted + after
    b_f, a_f = _fold(before), _fold(after)
    old_f, new_f = b_f + d_f + a_f, b_f + i_f + a_f
    head = _shared_head(d_f, i_f)
    shared = _shared_head(d_f[head:][::-1], i_f[head:][::-1])
    start, end_old, end_new = len(before) + head, len(before) + len(d_f) - shared, len(before) + len(i_f) - shared
    if _CLAUSE_END.search(old_f, start, end_old) or _CLAUSE_END.search(new_f, start, end_new):
        return None  # the edit crosses a clause: no list edit alone
    last_end = _UP_TO_CLAUSE_END.match(old_f, 0, start)  # the last clause end before the edit
    clause_start = last_end.end() if last_end else 0
    old_items, old_keys = _clause(old, old_f, clause_start, end_old)
    new_items, new_keys = _clause(new, new_f, clause_start, end_new)
    if len(old_keys) < 2 or len(new_keys) < 2:
        return None
    if len(old_keys) + len(new_keys) > CLAUSE_ITEMS_MAX:
        return None  # no real list is this long: nothing said, rather than items matched pair by pair
    # A first item may carry the words that introduce the list ("The land
    # types are Cave"), and a last one the words that end the sentence
    # ("convoke costs"): set aside when both clauses share them.
    governed = False  # whether the list's first item follows a determiner, not words that introduce it
    if old_keys[0] != new_keys[0]:
        lead = _lead(old_keys[0], new_keys[0])
        if lead is None:
            return None
        governed = _LIST_INTRO.search(lead) is None
        # (Its quotes go with the words before it: "are “Ash,”" lists Ash.)
        for pieces in (old_keys, new_keys, old_items, new_items):
            pieces[0] = pieces[0][len(lead):].strip(_ITEM_ENDS)
    # A clause both sides end with after the list, past a comma ("…, or
    # vanguard card would leave the command zone, it remains …"), is none of
    # its items: set aside, so that the list's own last item is read.
    while (
        len(old_keys) > 2 and len(new_keys) > 2 and old_keys[-1] == new_keys[-1]
        and old_keys[-2] != new_keys[-2] and not _is_item(old_items[-1])
    ):
        for pieces in (old_keys, new_keys, old_items, new_items):
            pieces.pop()
    # The tail is no part of an item from its first word that no other item
    # ends with: in "plane cards, vanguard cards, and conspiracy cards
    # function …" "cards" is part of each item, "function …" is not.
    # Nor is there a tail when either last item stands whole in the other
    # list ("…, permanents, and abilities on the stack" -> "…, abilities on
    # the stack, and combat damage on the stack": "on the stack" is of both).
    if old_keys[-1] != new_keys[-1] and old_keys[-1] not in new_keys and new_keys[-1] not in old_keys:
        words = _tail(_fold(old_items[-1]).lower(), _fold(new_items[-1]).lower()).split()
        ends = {k.split()[-1] for k in old_keys[:-1] + new_keys[:-1]}
        while words and _key(words[0]) in ends:
            words.pop(0)
        if words:
            tail = " ".join(words)
            old_items[-1] = old_items[-1][: -len(tail)].strip(_ITEM_ENDS)
            new_items[-1] = new_items[-1][: -len(tail)].strip(_ITEM_ENDS)
            old_keys[-1], new_keys[-1] = _key(_fold(old_items[-1])), _key(_fold(new_items[-1]))
    kept = Counter(old_keys) & Counter(new_keys)
    added = [new_items[new_keys.index(k)] for k in without(tuple(new_keys), kept)]
    removed = [old_items[old_keys.index(k)] for k in without(tuple(old_keys), kept)]
    if added and removed:
        added, removed = _respelled_out(added, removed)
    if not added and not removed:
        return None
    # After a determiner, a first item swapped is as likely a subject
    # reworded ("Each [-keeper draws-]{+rival draws, sings+}, shuffles"):
    # only items gained, or only items lost, are a list edit.
    if governed and added and removed:
        return None
    # One item for another where the edit holds no separator is a rewording
    # of that item ("[-tribal-]{+kindred+}"), not a list edit; with one
    # ("sorcery, tribal" -> "scheme, sorcery") the list itself was edited.
    if len(added) == 1 and len(removed) == 1 and not (
        _LIST_SEPARATOR.search(old_f, start, end_old) or _LIST_SEPARATOR.search(new_f, start, end_new)
    ):
        return None
    # Items renamed in place, each where the other stood ("hand, [-in
    # play-]{+battlefield+}, graveyard, stack, [-removed from the
    # game-]{+exile+}"), are a rewording of those items, not a list edit.
    if len(old_keys) == len(new_keys) and len(added) == len(removed) and all(
        old_keys.index(_key(_fold(r))) == new_keys.index(_key(_fold(a))) for r, a in zip(removed, added)
    ):
        return None
    # The side that names items is a list around the edit: two commas
    # (three items) within a few words of it, as `list_items` asks ("allow
    # the card[- or token-]{+, spell, or permanent+}" grows a pair of
    # alternatives, and names nothing).
    near_before = " ".join(old_f[clause_start:start].split()[-_LIST_WINDOW:])
    if (added and (near_before + new_f[start:end_new] + _near_after(new_f, end_new)).count(",") < 2) or (
        removed and (near_before + old_f[start:end_old] + _near_after(old_f, end_old)).count(",") < 2
    ):
        return None
    if not all(_is_item(i) and not _BRACKET.search(i) for i in added + removed):
        return None  # a piece of a clause, or of a placeholder ("[doesn't]")
    # Nor is a word of a title cited with its rule ("See rule 104, "Winning
    # and Losing,"" renamed): a list of references lists no items.
    if _CITED.search(old_f, clause_start, end_old) or _CITED.search(new_f, clause_start, end_new):
        return None
    # Last, what is left is read for items only named another way: it takes
    # items out of an answer, never makes one.
    added, removed = _renamed_out(added, removed)
    if not added and not removed:
        return None
    return tuple(added), tuple(removed)


# A separator of a pair or of a list, "nor" too ("neither a creature nor a
# planeswalker"): read by `_pair_items` only.
_PAIR_SEPARATOR = re.compile(_SEPARATOR.format("and/or|and|or|nor"))
# The word that opens a pair and has no place before a list of three:
# "neither A nor B" is "not A, B, or C"; "either A or B", "both A and B"
# are "A, B, or C", "A, B, and C".
_PAIR_LEAD = {("nor", "or"): (re.compile(r"(?:^|(?<=\s))neither\s+(?!.*\sneither\s)"), "not "),
              ("or", "or"): (re.compile(r"(?:^|(?<=\s))either\s+(?!.*\seither\s)"), ""),
              ("and", "and"): (re.compile(r"(?:^|(?<=\s))both\s+(?!.*\sboth\s)"), "")}


def _pair_items(run: Run) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(added, ()) items of a run that grows a pair of alternatives into a
    list ("creature or planeswalker" -> "battle, creature, or
    planeswalker"; "neither A nor B" -> "not C, A, or B"), or ((), removed)
    of one that cuts a list to a pair; else None.

    A list has three items (bench/eval/RUBRIC.md): the side that is a list
    must read as an enumeration, its items cut by plain commas and the last
    by a comma and the pair's own conjunction (the serial comma: without
    it one comma and an "and" are as often a clause and a predicate,
    docs/limits.md); the pair's two items must be two of its items, in
    order; the sentence around the two is the same on both sides (less
    the word that opens the pair, "neither" -> "not", "either", "both");
    every item it names and every item between two commas is an item
    (`_is_item`).
    """
    deleted, inserted = _without_pointers(run.deleted), _without_pointers(run.inserted)
    d_f, i_f = _fold(deleted), _fold(inserted)
    gained = i_f.count(",") - d_f.count(",")
    if abs(gained) < 2:
        return None  # most runs: a list of three holds two commas more than its pair
    before = _without_pointers(run.before[-_CHUNK_CONTEXT:])
    after = _without_pointers(run.after[:_CHUNK_CONTEXT])
    pair, items = (deleted, inserted) if gained > 0 else (inserted, deleted)
    pair_f = _pair_fold(before + pair + after)
    list_text = before + items + after
    list_f = _pair_fold(list_text)
    p_core, l_core = _pair_fold(pair), _pair_fold(items)
    if len(list_f) != len(list_text) or len(pair_f) != len(before) + len(pair) + len(after):
        return None  # a letter lower-cased to two ("İ"): the folded text no longer maps onto the text
    head = _shared_head(p_core, l_core)
    shared = _shared_head(p_core[head:][::-1], l_core[head:][::-1])
    start = len(before) + head
    p_end, l_end = len(before) + len(p_core) - shared, len(before) + len(l_core) - shared
    if _CLAUSE_END.search(pair_f, start, p_end) or _CLAUSE_END.search(list_f, start, l_end):
        return None  # the edit crosses a clause
    last_end = _UP_TO_CLAUSE_END.match(pair_f, 0, start)
    clause_start = last_end.end() if last_end else 0
    m = _CLAUSE_END.search(pair_f, p_end)
    clause_end = m.start() if m else len(pair_f)
    cuts = [(a.start(), a.end()) for a in _PAIR_SEPARATOR.finditer(pair_f, clause_start, clause_end)]
    for k, (a, b) in enumerate(cuts):
        conj = pair_f[a:b].strip()
        if "," in conj:
            continue  # a pair is joined by its conjunction alone
        p0 = cuts[k - 1][1] if k else clause_start
        p1_end = cuts[k + 1][0] if k + 1 < len(cuts) else clause_end
        if not p0 <= start or not p_end <= p1_end:
            continue  # the edit is no part of this pair
        found = _pair_in_list(pair_f[p0:a], pair_f[b:p1_end], conj, list_f, p0, p1_end + l_end - p_end)
        if found is None:
            continue
        named = [list_text[x:y] for x, y in found]
        if not all(_is_item(i) and not _BRACKET.search(i) for i in named):
            return None
        if _CITED.search(pair_f, clause_start, p_end) or _CITED.search(list_f, clause_start, l_end):
            return None  # a word of a title cited with its rule
        return (tuple(named), ()) if gained > 0 else ((), tuple(named))
    return None


_OPENS_PAIR = re.compile(r"\b(?:neither|either|both)\b", re.IGNORECASE)


def recast(run: Run) -> bool:
    """Whether a list edit also drops (or adds) the word that opens a pair,
    "neither", "either" or "both" ("[-neither a lake nor-]{+not a dune, a
    lake, or+}"): a word of the sentence reworded with the list, whose
    change is ``substantive`` beside its ``list-item``.

    >>> recast(Run("neither a nor", "not c, a, or", "", "", "", "", "")), recast(Run(" or b", ", b, or c", "", "", "", "", ""))
    (True, False)
    """
    return len(_OPENS_PAIR.findall(run.deleted)) != len(_OPENS_PAIR.findall(run.inserted))


def _pair_fold(text: str) -> str:
    """`_fold`, lower-cased, with an optional plural's brackets ("zone(s)")
    read as letters of its word, not as a clause's: one character for one.

    >>> _pair_fold("Zone(s)").startswith("zone"), "(" in _pair_fold("Zone(s)"), len(_pair_fold("Zone(s)"))
    (True, False, 7)
    """
    return _fold(text).lower().replace("(s)", "\x01s\x01")


def _pair_in_list(
    y1: str, y2: str, conj: str, list_f: str, start: int, stop: int
) -> list[tuple[int, int]] | None:
    """Where the items stand that the list `list_f[start:stop]` holds
    beyond the pair `y1` `conj` `y2` (folded, lower-cased), if it is an
    enumeration of three items or more that holds the two, in order, with
    the same words before the first and after the last; else None."""
    segment = list_f[start:stop]
    seps = list(_PAIR_SEPARATOR.finditer(segment))
    if len(seps) < 2 or any(s.group().strip() != "," for s in seps[:-1]):
        return None  # no list of three, or one with a clause in it
    last = seps[-1].group().strip()
    if not last.startswith(",") or last == ",":
        return None  # no serial comma before the last item
    list_conj = last[1:].strip()
    bounds = [0] + [x for s in seps for x in s.span()] + [len(segment)]
    pieces = [(start + bounds[i], start + bounds[i + 1]) for i in range(0, len(bounds), 2)]
    pieces = [_stripped(list_f, a, b) for a, b in pieces]
    texts = [list_f[a:b] for a, b in pieces]
    y1, y2 = y1.strip(_ITEM_ENDS), y2.strip(_ITEM_ENDS)
    leads = [y1] if list_conj == conj else []
    lead = _PAIR_LEAD.get((conj, list_conj))
    if lead is not None and lead[0].search(y1):
        leads.append(lead[0].sub(lead[1], y1, count=1))
    middle = texts[1:-1]
    if not leads or not all(_is_item(t) for t in middle) or len(set(middle)) < len(middle):
        return None  # not an enumeration (or one the word diff read with a run of its neighbour's)
    for first in leads:
        i, x1 = _first_of_pair(first, texts[0], middle)
        if i is None:
            continue
        j, xn = _last_of_pair(y2, texts[-1], middle)
        if j is None or j <= i:
            continue
        n = len(texts)
        out = []
        for k in range(n):
            if k in (i, j):
                continue
            a, b = pieces[k]
            if k == 0:
                a = b - x1
            elif k == n - 1:
                b = a + xn
            out.append(_stripped(list_f, a, b))
        named = [list_f[a:b] for a, b in out]
        # An item named that the pair holds too is no item added: the run
        # read alone was one piece of a wider edit.
        if out and all(named) and not any(_ends_with(y1, t) or _starts_with(y2, t) for t in named):
            return out
    return None


def _ends_with(text: str, word: str) -> bool:
    """Whether `text` ends with the whole words `word`."""
    return text == word or (text.endswith(word) and not _WORD_CHAR.match(text[-len(word) - 1]))


def _starts_with(text: str, word: str) -> bool:
    """Whether `text` starts with the whole words `word`."""
    return text == word or (text.startswith(word) and not _WORD_CHAR.match(text[len(word)]))


def _stripped(text: str, a: int, b: int) -> tuple[int, int]:
    """`text[a:b]` less `_ITEM_ENDS` at both ends, as a span."""
    while a < b and text[a] in _ITEM_ENDS:
        a += 1
    while b > a and text[b - 1] in _ITEM_ENDS:
        b -= 1
    return a, b


def _first_of_pair(y1: str, l0: str, middle: list[str]) -> tuple[int | None, int]:
    """Which item of the list the pair's first piece `y1` is (0: the list's
    first piece, the same words), and how long the list's first item is
    when it is not the pair's (the words `y1` has before its item begin it)."""
    if y1 == l0:
        return 0, 0
    for i, x in enumerate(middle, 1):
        if y1 == x:
            return (i, len(l0)) if l0 else (None, 0)
        if _ends_with(y1, x):
            lead = y1[: -len(x)]
            if l0.startswith(lead) and len(l0) > len(lead) and lead[-1].isspace():
                return i, len(l0) - len(lead)
    return None, 0


def _last_of_pair(y2: str, ln: str, middle: list[str]) -> tuple[int | None, int]:
    """Which item of the list the pair's second piece `y2` is (the last:
    the same words), and how long the list's last item is when it is not
    the pair's (the words `y2` has after its item end it)."""
    n = len(middle) + 1
    if y2 == ln:
        return n, 0
    for j, x in enumerate(middle, 1):
        if y2 == x:
            return j, len(ln)
        if _starts_with(y2, x) and y2[len(x)] != "'":
            tail = y2[len(x):]
            if ln.endswith(tail) and len(ln) > len(tail):  # (tail opens with no word character: _starts_with)
                return j, len(ln) - len(tail)
    return None, 0


def _respelled_out(added: list[str], removed: list[str]) -> tuple[list[str], list[str]]:
    """`added` and `removed` less the items only respelled: an item whose
    old and new spellings differ in typography or a damaged character
    alone (`classify.is_cosmetic`: "Dandan" printed "Dandƒn" by a broken
    encoding) is neither added nor removed. Asked of chunks that both add
    and remove items, and of spellings a few characters apart.

    >>> _respelled_out(["Dandƒn", "Elf"], ["Dandan", "Orc"])
    (['Elf'], ['Orc'])
    """
    kept_added = list(added)
    kept_removed = []
    for r in removed:
        twin = next((a for a in kept_added if abs(len(a) - len(r)) <= _RESPELL_SLACK and is_cosmetic(r, a)), None)
        if twin is None:
            kept_removed.append(r)
        else:
            kept_added.remove(twin)
    return kept_added, kept_removed


def _renamed_out(added: list[str], removed: list[str]) -> tuple[list[str], list[str]]:
    """`added` and `removed` less the items only named another way: one item
    whose words are those of two or more items of the other side together
    ("power/toughness" -> "power" and "toughness"), or that the other side
    names with the noun the list's items share (`_shared_noun`): the same
    thing listed, not one added and one removed (gap-s25, 201.1, 1999-04 ->
    2004-06).

    >>> _renamed_out(["power", "toughness", "Elf"], ["power/toughness", "Orc"])
    (['Elf'], ['Orc'])
    """
    if not added or not removed:
        return added, removed
    words_of = {item: word_set(item) for item in (*added, *removed)}
    gone_added: set[int] = set()
    gone_removed: set[int] = set()
    # Words an item carries after its twin's on the other side: the noun
    # the list's items share ("artifact, creature, or enchantment spell"),
    # which the reading of the list left on its last item; taken off the
    # items left too.
    tails: set[str] = set()
    for mine, theirs, gone_mine, gone_theirs in ((removed, added, gone_removed, gone_added),
                                                 (added, removed, gone_added, gone_removed)):
        for k, item in enumerate(mine):
            if k in gone_mine or not words_of[item]:
                continue
            w = words_of[item]
            left = [(j, t) for j, t in enumerate(theirs) if j not in gone_theirs and words_of[t]]
            # Grown: all its words in one item of the other side (the same
            # item only when what it grew by is the list's shared noun).
            grown = [j for j, t in left if w < words_of[t]]
            # Cut in pieces: two or more items of the other side whose words,
            # each a part of its words, make its words together.
            parts = [j for j, t in left if words_of[t] < w]
            if len(grown) == 1 and (tail := _shared_noun(item, theirs[grown[0]], (*added, *removed))):
                gone_mine.add(k)
                gone_theirs.add(grown[0])
                tails.add(tail)
            elif len(parts) >= 2 and frozenset().union(*(words_of[theirs[j]] for j in parts)) == w:
                gone_mine.add(k)
                gone_theirs.update(parts)
    kept_added = [_untailed(a, tails) for j, a in enumerate(added) if j not in gone_added]
    kept_removed = [_untailed(r, tails) for k, r in enumerate(removed) if k not in gone_removed]
    return kept_added, kept_removed


def _shared_noun(short: str, long: str, items: Sequence[str]) -> str:
    """The words `long` adds after `short` ("enchantment" -> "enchantment
    spell"), when another of `items` ends with them too ("planeswalker
    spell"): the noun the list's items share, which its reading left on
    its last items; else "". A qualifier put before an item ("oak" -> "red
    oak", "credit" -> "illustration credit") may name another thing: not
    read as the same item.

    >>> _shared_noun("oak", "oak branch", ["oak", "oak branch", "yew branch"]), _shared_noun("oak", "red oak", ["yew"])
    ('branch', '')
    """
    short_f, long_f = _fold(short).lower().strip(), _fold(long).lower().strip()
    if not long_f.startswith(short_f + " "):
        return ""
    tail = long_f[len(short_f):].strip()
    others = (_fold(i).lower().strip() for i in items if i not in (short, long))
    return tail if any(o.endswith(" " + tail) and o != tail for o in others) else ""


def _untailed(item: str, tails: set[str]) -> str:
    """`item` less one of `tails` it ends with (a shared noun), if any is.

    >>> _untailed("planeswalker spell", {"spell"}), _untailed("spell", {"spell"}), _untailed("rune", {"spell"})
    ('planeswalker', 'spell', 'rune')
    """
    folded = _fold(item).lower()
    for tail in tails:
        if folded.endswith(" " + tail) and len(folded) > len(tail) + 1:
            return item[: len(item) - len(tail)].rstrip(_ITEM_ENDS)
    return item



_RESPELL_SLACK = 3  # characters a respelling may add or drop ("Æ" -> "Ae", "(R)" -> "®")


def _shared_head(a: str, b: str) -> int:
    """The length of the text `a` and `b` start with, found by halving
    (slices compared in C, not characters one by one in Python).

    >>> _shared_head("Ash, Elm", "Ash, Oak"), _shared_head("", "Ash"), _shared_head("Ash", "Ash")
    (5, 0, 3)
    """
    low, high = 0, min(len(a), len(b))
    while low < high:
        mid = (low + high + 1) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def _near_after(folded: str, end: int) -> str:
    """The few words after an edit, within its clause."""
    return " ".join(_CLAUSE_END.split(folded[end : end + 200], maxsplit=1)[0].split()[:_LIST_WINDOW])


def _clause(text: str, folded: str, start: int, edit_end: int) -> tuple[list[str], list[str]]:
    """The items of the clause of `text` from `start` to the first clause
    end after `edit_end` (or the end of the window read), and their folded
    keys."""
    m = _CLAUSE_END.search(folded, edit_end)
    end = m.start() if m else len(folded)  # a clause longer than the window: its last piece, cut, is kept text
    items, keys = [], []
    clause = folded[start:end]
    # `_fold` keeps every separator where it was (one character for one, no
    # word character made or taken): the separators found in the folded
    # clause cut the text too, the pattern scanned once.
    cuts = _separators(clause)
    pieces = zip(_cut(text[start:end], cuts), _cut(clause, cuts))
    for piece, key in pieces:
        if key.strip(_ITEM_ENDS):
            items.append(piece.strip(_ITEM_ENDS))
            keys.append(_key(key.strip(_ITEM_ENDS)))
    return items, keys


def _key(item: str) -> str:
    """An item as compared: an item put in the plural or recased is the
    same item ("supertype" / "supertypes"), reworded, not added.

    >>> _key("Supertypes") == _key("supertype")
    True
    """
    item = item.lower()
    return item[:-1] if item.endswith("s") else item


def _tail(a: str, b: str) -> str:
    """The words two last items share after their items ("costs" of
    "kicker costs" and "convoke costs"), or "" if none, or if they are all
    of one of them.

    >>> _tail("kicker costs", "convoke costs"), _tail("Equipment", "Fortification"), _tail("red cat", "cat")
    ('costs', '', '')
    """
    a_words, b_words = a.split(), b.split()
    n = 0
    while n < len(a_words) and n < len(b_words) and a_words[-1 - n] == b_words[-1 - n]:
        n += 1
    if n == 0 or n == len(a_words) or n == len(b_words):
        return ""
    return " ".join(a_words[-n:])


def _lead(a: str, b: str) -> str | None:
    """The words two first items share before their items, if they end
    with words that introduce a list ("the land types are") or the
    determiner that governs it ("If a"), else None.

    >>> _lead("The land types are Desert", "The land types are Cave")
    'The land types are'
    >>> _lead("If a plane", "If a conspiracy")
    'If a'
    >>> _lead("Put plane cards", "Put scheme cards")
    """
    a_words, b_words = a.split(), b.split()
    n = 0
    while n < len(a_words) and n < len(b_words) and a_words[n] == b_words[n]:
        n += 1
    lead = " ".join(a_words[:n])
    if not lead or not (_LIST_INTRO.search(lead) or _DETERMINER.search(lead)) or n == len(a_words) or n == len(b_words):
        return None
    return lead


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


def joined(runs: Sequence[Run], skip: Container[int]) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Runs that are pieces of one list edit the word diff cut apart, read
    as one run item by item (`_replaced_items`): the first run of such a
    group maps to the items the list gained and lost, the others to none.

    An item appended after the last one is often aligned with it ("the
    chair, the secretary,{+ the registrar,+} and the
    [-registrar-]{+vice-chair+}"; "members[- and-]{+,+} a youth
    representative{+ and a timekeeper+}"): read alone, one run names the
    wrong item and the other is a rewording, or neither is a list. Runs go
    together when no more than `_LIST_WINDOW` words of one clause stand
    between them and none is explained already (by its text alone,
    `Run.plain`, or in `skip`: by a substitution) or white space alone; a group is read together only when one of its runs is no list
    edit of its own (`list_items`, `entangled`), and kept only when the
    whole clause, read item by item, changed by items alone, all gained or
    all lost, and holds one "or" at most (`_one_conjunction`).

    Precision: every group it takes on the real corpora (all adjacent MTG
    and Riftbound pairs, the 17-year gap) read: 4 changes, 4 right (one of
    them named the wrong item before); on the generator's seed 2026,
    list-item recovered 79.2% -> 97.9% (bench/README.md, "Planted edits by
    kind, issue #26"). Cost on the 17-year gap, where it takes no group
    (1,233 changes looked at, 283 add or drop a comma): about 10 ms of CPU
    ("lists" 38 -> 50 ms in `bench/claims.py --cpu --runs 3`).
    """
    # An item gained or lost adds or drops a comma, in one run at least
    # (most changes: none does, and no group is built).
    for run in runs:
        if run.deleted.count(",") != run.inserted.count(","):
            break
    else:
        return {}
    groups: list[list[int]] = []
    for k, run in enumerate(runs):
        if run.plain or k in skip or not (run.old or run.new):
            continue
        if groups and groups[-1][-1] == k - 1 and _same_clause(runs[k - 1], run):
            groups[-1].append(k)
        else:
            groups.append([k])
    out: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for group in groups:
        if len(group) < 2 or all(runs[j].deleted.count(",") == runs[j].inserted.count(",") for j in group):
            continue  # most runs: alone in their clause, or no comma added or dropped
        run = _join([runs[j] for j in group])
        # (A pair grown into a list, or a list cut to one, is read whatever
        # other "or" its clause holds: its items are found by its shape.)
        items = (_replaced_items(run) if _one_conjunction(run) else None) or _pair_items(run)
        # Items gained, or items lost: one list edit. A clause that both
        # gained and lost ("or enchantment spell" -> "enchantment,
        # planeswalker spell") was rewritten; its runs are read alone, as
        # are runs each a list edit of its own.
        if items is not None and not (items[0] and items[1]) and not all(
            list_items(runs[j]) is not None and not entangled(runs, j) for j in group
        ):
            out[group[0]] = items
            out.update((j, ((), ())) for j in group[1:])
    return out


_ALTERNATIVE = re.compile(r"\bor\b")


def _one_conjunction(run: Run) -> bool:
    """Whether the clause a run sits in has at most one "or" on each side,
    the one before a list's last item: a second one makes an item of
    alternatives ("transform, convert, or enter the battlefield transformed
    or converted"), which a reading item by item would cut. An "and" inside
    an item ("the chair and the clerk, the treasurer, and the registrar")
    joins it on both sides alike and cuts nothing: counted, it sent such a
    clause back to its runs read alone, which named the wrong item (0 of the
    393 real outputs change)."""
    before, after = _CLAUSE_END.split(run.before[-_CHUNK_CONTEXT:])[-1], _CLAUSE_END.split(run.after[:_CHUNK_CONTEXT], maxsplit=1)[0]
    return all(len(_ALTERNATIVE.findall(before + side + after)) <= 1 for side in (run.deleted, run.inserted))


def _kept_between(first: Run, second: Run) -> str | None:
    """The new text between two runs, or None if it is longer than the
    text kept before the second."""
    gap = second.at - (first.at + len(first.inserted))
    return second.before[len(second.before) - gap :] if 0 <= gap <= len(second.before) else None


def _same_clause(first: Run, second: Run) -> bool:
    """Whether two runs stand in one clause, a few words apart."""
    kept = _kept_between(first, second)
    return kept is not None and len(kept.split()) <= _LIST_WINDOW and not _CLAUSE_END.search(kept)


def _join(group: Sequence[Run]) -> Run:
    """Runs of one clause as one run, the kept text between them on both sides."""
    deleted, inserted = [group[0].deleted], [group[0].inserted]
    for first, second in zip(group, group[1:]):
        kept = _kept_between(first, second) or ""
        deleted += [kept, second.deleted]
        inserted += [kept, second.inserted]
    return group[0]._replace(deleted="".join(deleted), inserted="".join(inserted), after=group[-1].after)


SAME_SENTENCE = 0.6
"""Least share of words (Dice) two sentences that hold one item must have
to be one sentence of the rule, written before and after (`more_often`)."""
_SENTENCE_BREAK = re.compile(r"(?<=[.!?;:])\s+(?=[^\w\s]|[A-Z0-9])")
"""Where `more_often` cuts a text into sentences: after a mark that ends
one, before a capital, a digit or a mark (not before a lower-case word: a
list after "zones:", or a mis-encoded quotation mark, "?Pick one? is")."""


def more_often(items: tuple[str, ...], before: str, after: str) -> tuple[str, ...]:
    """The `items` that `after` holds more often than `before`, or as often
    but in no sentence that `before` held it in (whole words, case aside).
    An item added that the same sentence of the rule held before, as often,
    only moved in its list, or stood where the word diff cut it loose.

    2007-10 -> 2012-10, 613.4's example sums a creature's power: its list
    named the counter's +1/+1 first, and names it last now, after the new
    item, a resolved spell's, whose place the word diff's runs pair with
    the counter's old one; the counter's item was printed added (gap-s46,
    gap-s47 and gap-s48 each judged that item wrong). An item
    the rule held in another sentence is added all the same (2009 -> 2010:
    the command zone joined 400.1's list of zones; before, only a sentence
    of its own on casual variants named it).

    Session 29: on the 444 pairs of the archive and the eval sets it took
    only that item away (16 pairs; a count alone, without the sentence,
    also took four right ones: "command" above, "Artifacts" joined to the
    subtypes' list, "snow-covered", "Time Lord" moved out of the creature
    types' list into a sentence of its own). Cost on the 17-year gap: 0.7
    to 0.9 ms (98 calls; in process, medians of 7, two runs).

    >>> more_often(("+1 from the shelf", "Saga"), "It is a, +1 from the shelf, b.", "It is a, b, Saga, +1 from the shelf.")
    ('Saga',)
    >>> more_often(("command",), "Zones: hand, exile. Some use the command zone.", "Zones: hand, exile, command.")
    ('command',)
    """
    low_before, low_after = before.casefold(), after.casefold()
    out = []
    sentences: tuple[list[str], list[str]] | None = None
    for item in items:
        low = item.casefold()
        if low not in low_before:
            out.append(item)  # most items: not in the rule before at all
            continue
        holds = re.compile(rf"(?<!\w){re.escape(low)}(?!\w)")
        if len(holds.findall(low_after)) > len(holds.findall(low_before)):
            out.append(item)
            continue
        if sentences is None:
            sentences = [x.casefold() for x in _SENTENCE_BREAK.split(before)], [x.casefold() for x in _SENTENCE_BREAK.split(after)]
        was = [word_set(x) for x in sentences[0] if holds.search(x)]
        now = [word_set(x) for x in sentences[1] if holds.search(x)]
        if not any(dice(w, n) >= SAME_SENTENCE for w in was for n in now):
            out.append(item)
    return tuple(out)


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


# The end of an item of a list whose items are units of their own ("(b) the
# refill count; and" / "(c) the label."): its closing marks and the list's
# conjunction before the next item. Searched in the last `_TAIL_REACH`
# characters only.
_TAIL = re.compile(r"(?:[\s.;,:]*\b(and|or)\b)?[\s.;,:]*$")
_TAIL_REACH = 24


def serial_tail(old: str, new: str) -> str | None:
    """What a unit's edit does to its end, when that is all it edits: the
    list's conjunction ("and", "or") the item gained or lost at its end,
    "" when only its closing marks changed, None otherwise (its words
    changed, or "and" became "or": a change of meaning).

    An item of a list set out as units of its own ("(a) ...;" "(b) ...;
    and" "(c) ....") holds the list's serial conjunction when it is the
    item before the last: when the list gains or loses a last item, the
    conjunction moves between units. The conjunction is the list's, not the
    item's; moved, it is bookkeeping (`annotate` tags it cosmetic when a
    unit beside it was added or removed, or took the conjunction).

    >>> serial_tail("the refill count; and", "the refill count;"), serial_tail("the label.", "the label; and")
    ('and', 'and')
    >>> serial_tail("the label.", "the label;"), serial_tail("the label; and", "the label; or"), serial_tail("a label.", "the label.")
    ('', None, None)
    >>> serial_tail("cats and", "cats and dogs")
    """
    if old == new or abs(len(old) - len(new)) > _TAIL_REACH:
        return None
    keep = min(len(old), len(new)) - _TAIL_REACH
    if keep > 0 and old[:keep] != new[:keep]:
        return None  # an edit before the end (most changes): one comparison in C, no pattern
    a, b = _TAIL.search(old, max(0, len(old) - _TAIL_REACH)), _TAIL.search(new, max(0, len(new) - _TAIL_REACH))
    if a is None or b is None or a.start() != b.start() or old[: a.start()] != new[: b.start()] or not old[: a.start()].strip():
        return None
    x, y = a.group(1), b.group(1)
    if x and y:
        return "" if x == y else None
    return x or y or ""


def requalified_items(removed: Sequence[str], added: Sequence[str]) -> dict[str, str]:
    """The removed items that stand whole at the start or end of an added
    item, or hold one so, each with that item, the first found (each item
    taken once): one item named with more or fewer words.

    Precision (session 18): on the 297 pairs of the archive and the eval
    sets, 3 changes, 2 distinct, both the same item renamed ("credit" ->
    "illustration credit", 1999 -> 2004/2005; "type" -> "card type",
    2003-05 -> 2008-07), where a removed and an added item were printed
    (gap-s28: 2 list items of 287 judged wrong). Cost: asked only of a
    change that adds and removes items (none measurable).

    >>> requalified_items(("credit", "legal text"), ("illustration credit", "artist"))
    {'credit': 'illustration credit'}
    >>> requalified_items(("blue mana",), ("mana", "blue"))
    {'blue mana': 'mana'}
    >>> requalified_items(("red",), ("redirect",))
    {}
    """
    out: dict[str, str] = {}
    taken: set[str] = set()
    for r in removed:
        low = r.casefold()
        for a in added:
            other = a.casefold()
            if a in taken or low == other:
                continue
            short, long = (low, other) if len(low) < len(other) else (other, low)
            if long.startswith(short + " ") or long.endswith(" " + short):
                out[r] = a
                taken.add(a)
                break
    return out
