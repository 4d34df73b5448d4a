"""Cosmetic edits beyond one run's typography: marks beside a rewording, respelled symbols, misspellings corrected.

- `punctuation_run(run)`, `goes_with(run, reworded)` -> whether a run that
  is typography alone is punctuation a rewording may explain, and whether
  one beside it does, rather than being a cosmetic edit of its own.
- `joins_sentences(a, b)` -> whether one text ends a sentence where the
  other goes on.
- `printed_at_edges(deleted, inserted)` -> whether a reworded run holds,
  beside the rewording, a word printed another way.
- `marks_only(a, b)` -> whether one text is the other with marks added or
  dropped, and nothing else.
- `marks_at_edges(text)` -> the marks a text starts and ends with.
- `symbol_of(run)`, `respellings(runs, old)` -> the symbol a run respells,
  and the symbols the release respelled everywhere.
- `word_of(run)`, `corrections(runs, old, new)` -> the word a run replaces,
  and the misspellings the release corrected.

Claims: a comma, quote or bracket added or dropped beside a rewording (within
`ABSORB` characters, or in its sentence; a bracket opened in place of another
mark too; or, however far, one half of a pair of marks whose other half the
rewording added or dropped with new words inside the pair, `completes_pair`)
belongs to that rewording, not a ``cosmetic`` edit of its own, and
so do two sentences joined into one (or one split) when both are reworded; a
mark replaced by another is ``cosmetic`` wherever it is, and so is a word
printed another way ("can't" -> "can’t") that the word diff took into a
reworded run (`printed_at_edges`). A symbol respelled at every place it stood ("{C}" ->
"{CHAOS}") is ``cosmetic`` too, and so is a misspelling corrected
("recieved" -> "received", `corrections`). (A run that is typography alone is told
when the runs are built: runs.py.)

Precision, on the blind set (426 changes; docs/trust.md): ``cosmetic`` 94.3%
as drawn, 100% now (33 of 33; the tag, whether runs.py or this module made
it). Cost on the 17-year gap (`bench/claims.py`, "cosmetic"): 8 ms (9 ms of
CPU) of the semantic pass's 329 ms (327 ms of CPU); with `corrections`,
9 -> 13 ms of CPU (`--cpu --runs 3`; see `corrections`). With the texts
`corrections` counts in shared with substitutions (`text.DocumentText`):
13/14/14 -> 12/12/12 ms of CPU on the 17-year gap, 11/11/11 -> 4/3/4 on
the 2018 pair (`--cpu --runs 5`, three rounds interleaved with the code
before, load ~7). Session 12 (`punctuation_run`, `joins_sentences`, a bracket
a rewording closes, `printed_at_edges`): the archive's 49 changed changes read,
46 right, 1 wrong (a damaged dash inside a reworded run, 402.9 of 2001-07-23,
no longer tagged: the run's bracket goes with the rewording now, and the dash
stands too far inside the run), 2 doubtful; ``cosmetic`` on gap-s15 96.9 ->
100%, every eval set the same or better (bench/README.md). Cost on the 17-year
gap: the "cosmetic" stage 13/14/14 -> 28/38/28 ms of CPU (`--cpu --runs 3`,
three rounds interleaved with 325d500, load ~8; 3,317 calls to
`punctuation_run`, 1,923 to `printed_at_edges`, ~5 ms each alone with the
caches emptied), the semantic pass within the noise (331/349/363 ->
363/353/357).
Session 17 (`completes_pair`, found on gap-s25: Riftbound's 317.3.b ->
317.2.d, "Insert “3e. ... lost.”", its closing quote a run of its own after
a kept sentence, judged not cosmetic): on the 283 pairs of the archive and
the eval sets, 6 pairs and 2 distinct changes move, both read right (that
one, and 306.9's "[-as-]{+. (This is+} ... See rule 704.{+)+}"), none
else; a first version without the test of new words inside the pair also
took brackets put around kept sentences ("[-See-]{+(See+} rule 308 ...{+)
Using+}", 12 more changes): cosmetic, and still so. Cost: read only for a
run no rewording beside it explains whose differing characters are all
halves of pairs (`may_complete_pair`): annotate's loop on the 17-year gap
63.5 -> 57 ms of CPU against a2895b8 (`bench/claims.py --cpu --runs 3`,
four rounds, order alternated); a first version that read the rewordings
for every such run (some 1,500 changes, most a quote curled) cost 25 ms.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from operator import itemgetter

from .classify import is_cosmetic, same_glyphs
from .runs import Run
from .text import LETTER, DocumentText, word_edges
from ..model import Document

__all__ = [
    "completes_pair", "corrections", "may_complete_pair", "goes_with", "joins_sentences", "marks_at_edges", "marks_only", "printed_at_edges", "punctuation_run",
    "respellings", "symbol_of", "word_of",
]


ABSORB = 12
"""Characters between a punctuation-only edit and a rewording within which
the punctuation goes with the rewording, not a cosmetic edit of its own."""


_SYMBOL = re.compile(r"\{[^{}\s]{1,12}\}")
_symbol_inside = functools.cache(lambda: re.compile(r"[^{}\s]{1,12}"))  # compiled when first used: rare


def symbol_of(run: Run) -> tuple[str, str] | None:
    """The symbol a run respells, old and new ("{C}" -> "{CHAOS}"), whether
    the word diff kept the braces out of the run or not; else None."""
    d, i = run.deleted.strip(), run.inserted.strip()
    if _SYMBOL.fullmatch(d) and _SYMBOL.fullmatch(i):
        return d, i
    if run.before.endswith("{") and run.after.startswith("}") and _symbol_inside().fullmatch(d) and _symbol_inside().fullmatch(i):
        return f"{{{d}}}", f"{{{i}}}"
    return None


def respellings(runs: dict[int, list[Run]], old: Document) -> set[tuple[str, str]]:
    """Symbols the release respelled: every occurrence of the old symbol in
    the old document replaced by one same new symbol, in two rules or more
    ("{C}" -> "{CHAOS}" in all seven chaos rules of 2015-07, when {C} was
    to mean colorless mana). A symbol's spelling is typography, so each such
    run is ``cosmetic``; one replaced here and kept there is a real edit."""
    where: dict[tuple[str, str], set[int]] = defaultdict(set)
    count: Counter[tuple[str, str]] = Counter()
    for n, rs in runs.items():
        for run in rs:
            if not run.plain and (symbol := symbol_of(run)) is not None:
                where[symbol].add(n)
                count[symbol] += 1
    if not count:
        return set()  # most releases
    text = "\n".join(r.full_text for r in old.items)
    return {
        symbol for symbol, k in count.items()
        if len(where[symbol]) >= 2 and text.count(symbol[0]) == k
        and sum(c for (o, _), c in count.items() if o == symbol[0]) == k  # one new spelling
    }


def punctuation_run(run: Run) -> bool:
    """Whether a run that is typography alone is one a rewording beside it
    may explain (`goes_with`): marks alone, marks added or dropped beside a
    word ("[-(This-]{+This+}"), a bracket opened or closed in place of
    another mark ("[-: two-]{+ (two+}"), or two sentences joined into one or one
    split in two ("[-. Put-]{+, put+}": a full stop for a comma, the next
    word's case with it). A word printed another way ("can't" -> "can’t"),
    or its case alone, is a cosmetic edit of its own.

    >>> r = punctuation_run
    >>> r(Run(",", ";", "", "")), r(Run(". Put", ", put", "", "")), r(Run("Put", "put", "", ""))
    (True, True, False)
    """
    d, i = run.deleted, run.inserted
    if not LETTER.search(d + i) or marks_only(d.strip(), i.strip()):
        return True
    return joins_sentences(d, i) or _half_bracket(d, i)


def _half_bracket(a: str, b: str) -> bool:
    """Whether one text opens or closes a bracket the other does not: the
    marks it has beyond the other's hold one half of a pair of brackets
    and not the other half ("[-: two-]{+ (two+}", where a rewording later
    in the sentence closes it). Such a mark belongs with the text that
    holds its other half (`_balanced`).

    >>> _half_bracket(": two", " (two"), _half_bracket("two", "(two)"), _half_bracket("<two", "[two"), _half_bracket("2) It", "(2) it")
    (True, False, False, False)
    """
    if _BRACKETS.isdisjoint(a) and _BRACKETS.isdisjoint(b) or _depth(a) == _depth(b):
        return False
    # The brackets it adds leave the new text open, or those it drops were
    # open in the old: not a pair the run completes itself ("2) It" -> "(2) it").
    added, dropped = Counter(b) - Counter(a), Counter(a) - Counter(b)
    return any(added[ch] for ch in _BRACKETS) and _depth(b) != 0 or any(dropped[ch] for ch in _BRACKETS) and _depth(a) != 0


def _depth(text: str) -> int:
    """Brackets a text opens, less those it closes, whatever their shape:
    a bracket restyled ("<X>" -> "[X]") opens or closes nothing."""
    return sum(text.count(o) - text.count(c) for o, c in ("()", "[]", "<>", "{}"))


_BRACKETS = frozenset("()[]<>{}")


def joins_sentences(a: str, b: str) -> bool:
    """Whether one text ends a sentence where the other goes on: two
    sentences joined into one, or one split in two, the words kept.

    >>> joins_sentences(". Put", ", put"), joins_sentences("; see", ". See"), joins_sentences("Put", "put")
    (True, True, False)
    >>> joins_sentences("e.g. Put", "e.g. put"), joins_sentences('." Then', '," then'), joins_sentences(" . . .", "")
    (False, True, False)
    """
    if _STOPS.isdisjoint(a) and _STOPS.isdisjoint(b):
        return False  # most runs: no regex run
    return len(_SENTENCE_STARTS.findall(a)) != len(_SENTENCE_STARTS.findall(b))


_STOPS = frozenset(".!?")


# A full stop after a word, the quotes and brackets it closes, and the white
# space after, not before another stop (the dots of an ellipsis, ". . .").
_SENTENCE_STARTS = re.compile(r"(?<!\s)[.!?][\"”’')\]]*\s+(?!\.)")


def goes_with(p: Run, reworded: Sequence[tuple[int, int]]) -> bool:
    """Whether a run of `punctuation_run` goes with a rewording of its rule
    rather than being a cosmetic edit of its own: right beside it (within
    `ABSORB` characters), or, when it only adds or drops a mark (a comma
    that closed a deleted clause, brackets lost with their words), in the
    same sentence (and so does one that opens or closes a bracket in place
    of another mark: "[-: two-]{+ (two+}"). Two sentences joined into one, or one split in two
    (`joins_sentences`), go with a rewording of both: one in the sentence
    before the join and one in the sentence after it (a definition recast
    whole, "[-. Put-]{+, put+}"); beside a rewording of one of them, even
    right beside it, the join is an edit of its own ("dues[-; see-]{+. (See+}
    rule 4.)", "close [[-this-]{+a+} gate][-; it-]{+. It+} stays shut"). A mark
    replaced by another (a straight quote by a curly one) is cosmetic
    wherever it is.

    `reworded` is in text order, as the runs are (each span starts and
    stops at or after the one before): only the spans within reach of the
    run, its context or `ABSORB` characters, are read, found by bisection
    (a rule of 2,000 sentences joined, each beside two rewordings:
    `goes_with` 3.4 s -> 0.06 s of CPU; 4,000: 0.10 s, where the reading
    of every span took four times as long)."""
    end = p.at + len(p.inserted)
    joins = joins_sentences(p.deleted, p.inserted)
    one_sided = not joins and (_only_adds_or_drops(p.deleted.strip(), p.inserted.strip()) or _half_bracket(p.deleted, p.inserted))
    sides = set()
    # A span tells only if it stops at most the run's context (or `ABSORB`)
    # before the run and starts at most that far after it.
    lo = bisect.bisect_left(reworded, p.at - max(len(p.before), ABSORB), key=itemgetter(1))
    hi = bisect.bisect_right(reworded, end + max(len(p.after), ABSORB), lo, key=itemgetter(0))
    for start, stop in reworded[lo:hi]:
        if start - ABSORB <= end and p.at <= stop + ABSORB and not joins:
            return True
        if one_sided or joins:
            after = stop <= p.at
            between = p.before[-(p.at - stop) :] if after else p.after[: start - end]
            # A quote or bracket right after the full stop that ends the
            # rewording's sentence closes that sentence ("... counters.[-"-]").
            closes = after and _CLOSING.fullmatch((p.deleted + p.inserted).strip()) is not None
            if (after and p.at - stop <= len(p.before) or start >= end and start - end <= len(p.after)) \
                    and not _SENTENCE_BREAK.search(between.rstrip(".!?") if closes else between):
                if not joins:
                    return True
                sides.add(after)
    return len(sides) == 2


def completes_pair(p: Run, rewordings: Sequence[Run]) -> bool:
    """Whether a run of `punctuation_run` adds (or drops) one half of a
    pair of marks whose other half a rewording of the same rule added (or
    dropped) alone, however far from it, with new words inside the pair:
    the closing quote of a sentence quoted as it was reworded ("Insert
    “3e. Each player’s ... lost.”", where the word diff kept the last
    sentence and left the closing quote a run of its own), the closing
    bracket of "[-as-]{+. (This is+} a state-based action.{+)+}". The two
    halves are one edit, the rewording's. Brackets put around kept words
    ("[-See-]{+(See+} rule 308.{+) Using ...+}": the rewording's half only
    glued to its edge, or "(See rule [-104.3.-]{+107.4e.)+}": only a
    number inside) are an edit of their own: cosmetic.

    >>> r = lambda d, i: Run(d, i, "", "")
    >>> completes_pair(r("", "”"), [r("As it ends", "Insert “3e. It")]), completes_pair(r("", ")"), [r(" as", ". (This is")])
    (True, True)
    >>> completes_pair(r("See", "(See"), [r("", ") Using")]), completes_pair(r("", ")"), [r("104.3.", "107.4e.")])
    (False, False)
    >>> completes_pair(r(")", ""), [r(". (See", "). See")]), completes_pair(r("", ","), [r("a", "(b")])
    (False, False)

    A half the rewording dropped (added) alone is the same mark moved with
    it: "[-This-]{+(This+} ... [-(See rule 4, "Lamps."-]{+See rule 4.+})".

    >>> completes_pair(r("This", "(This"), [r('(See rule 4, "Lamps."', "See rule 4.")])
    True
    """
    if not may_complete_pair(p):
        return False
    # (Some character differs, so one of the two is not empty.)
    added, dropped = Counter(p.inserted) - Counter(p.deleted), Counter(p.deleted) - Counter(p.inserted)
    for marks, side in ((added, 1), (dropped, 0)):
        for ch in marks:
            pair = _HALF.get(ch)
            if pair is None or not any(
                _encloses_new(r, pair, ch == pair[1], side) or _moves_half(r, pair, ch == pair[0], side) for r in rewordings
            ):
                return False
    return True


def _moves_half(r: Run, pair: tuple[str, str], opener: bool, side: int) -> bool:
    """Whether rewording `r` drops (for a mark added, `side` 1) or adds the
    same half of `pair` unmatched: the mark moved as the words were
    reworded ("[-This-]{+(This+} is a state-based effect.
    [-(See rule 420, "State-Based Effects."-]{+See rule 420.+})": the
    bracket now opens a sentence earlier, the rewording's edit). The
    rewording must change words: marks moved around kept words are an
    edit of their own."""
    return _unmatched(r.deleted if side else r.inserted, pair, opener) and (
        _WORDS.findall(r.deleted.lower()) != _WORDS.findall(r.inserted.lower())
    )


def _unmatched(text: str, pair: tuple[str, str], opener: bool) -> bool:
    """Whether `text` holds one half of `pair` more than the other: the
    opener if `opener`, else the closer."""
    o, c = pair
    return text.count(o) - text.count(c) == (1 if opener else -1)


def may_complete_pair(p: Run) -> bool:
    """Whether every character one side of a run has and the other lacks
    is a half of a pair of marks (`completes_pair` can only hold then): a
    cheap test, sets of a few characters, before the rewordings are read
    (the 17-year gap: some 1,500 changes hold a mark no rewording explains,
    most a quote straightened or curled, none a half of a pair alone).

    >>> may_complete_pair(Run("", "”", "", "")), may_complete_pair(Run('"', "“", "", ""))
    (True, False)
    """
    differ = set(p.inserted) ^ set(p.deleted)
    return bool(differ) and differ <= _HALF.keys()


def _encloses_new(r: Run, pair: tuple[str, str], opener: bool, side: int) -> bool:
    """Whether rewording `r` holds, on its inserted (`side` 1) or deleted
    side, the half of `pair` left unmatched there (the opener if `opener`),
    with words inside the pair, within the rewording, that the rewording
    changed: not only glued to the edge of kept words, not only a number."""
    text, other = (r.inserted, r.deleted) if side else (r.deleted, r.inserted)
    o, c = pair
    if not _unmatched(text, pair, opener):
        return False
    inner = text[text.rindex(o) + 1 :] if opener else text[: text.index(c)]
    words = [w for w in _WORDS.findall(inner.lower()) if not any(ch.isdigit() for ch in w)]
    if not words:
        return False
    edge = [w for w in _WORDS.findall(other.lower()) if not any(ch.isdigit() for ch in w)]
    return words != (edge[-len(words) :] if opener else edge[: len(words)])


_WORDS = re.compile(r"\w+")


def printed_at_edges(deleted: str, inserted: str) -> bool:
    """Whether a run the word diff made of a rewording and the words beside
    it holds, among those words, one printed another way
    (`classify.same_glyphs`: "[-boat's name, berth, ... doesn't-]{+boat’s
    name and berth doesn’t+}", "can?t" -> "can't"): a cosmetic edit
    beside the rewording. Read word by word from each end while the two
    sides' words are the same but for typography; a word's case or marks
    changed there goes with the rewording, and so do the quotes around a
    word, printed another way or not (as `goes_with` has a mark right
    beside a rewording): only what a word holds inside its quotes counts.

    >>> printed_at_edges("boat's name, berth don't", "boat’s name don’t"), printed_at_edges("Put any", "put all")
    (True, False)
    >>> printed_at_edges("See “Mooring.”", 'Read "Mooring."'), printed_at_edges("boats—even an", "boats-even a")
    (False, True)
    """
    if deleted.isascii() and inserted.isascii() and not _ASCII_PRINTING.search(deleted + inserted):
        return False  # no variant, damage, sign or old symbol to print another way (most runs of old releases)
    # The words at each end, `_EDGE_WORDS` at most: not every word of a long run.
    heads = zip(_first_words(deleted), _first_words(inserted))
    tails = zip(_last_words(deleted), _last_words(inserted))
    for pairs in (heads, tails):
        for x, y in pairs:
            if x == y:
                continue
            if not is_cosmetic(x, y):
                break
            x, y = _core(x), _core(y)
            if x != y and _WORDLIKE.search(x) and same_glyphs(x, y):
                return True
    return False


def _first_words(text: str) -> list[str]:
    """The first `_EDGE_WORDS` words of a text, white space apart.

    >>> _first_words("a b"), len(_first_words("w " * 20))
    (['a', 'b'], 8)
    """
    return text.split(None, _EDGE_WORDS)[:_EDGE_WORDS]


def _last_words(text: str) -> list[str]:
    """The last `_EDGE_WORDS` words of a text, the last first.

    >>> _last_words("a b"), _last_words("a b c d e f g h i j")[-1]
    (['b', 'a'], 'c')
    """
    return text.rsplit(None, _EDGE_WORDS)[::-1][:_EDGE_WORDS]


_EDGE_WORDS = 8
# What an ASCII text needs to hold a word printed another way: a character a
# conversion lost, a backquote, a trademark sign written out, a symbol's old "o".
_ASCII_PRINTING = re.compile(r"[?`]|\((?:[tT][mM]|[rR])\)|o[A-Z0-9]")


def _core(word: str) -> str:
    """A word without the quotes around it: quotes restyled beside a
    rewording go with it, as a mark alone does (`goes_with`)."""
    return word.strip(_QUOTES)


_QUOTES = "\"'`“”‘’„‚"
# What makes a word of a token: a letter, or a trademark sign (one glued to a
# name: "Lanternfall[-™ league-]{+® league+}"); a mark alone goes with a
# rewording right beside it.
_WORDLIKE = re.compile(r"[^\W\d_]|[\u2122\u00ae]")


def marks_only(a: str, b: str) -> bool:
    """Whether one text is the other with marks added or dropped, and
    nothing else: "[-(This-]{+This+}" drops a bracket the word diff glued
    to a word; "Coldsnap(tm)" -> "Coldsnap" drops letters.

    >>> marks_only("(This", "This"), marks_only("Coldsnap(tm)", "Coldsnap"), marks_only("This", "this")
    (True, False, False)
    """
    if not _only_adds_or_drops(a, b):
        return False  # most runs: no Counter built (11.8 -> 3.4 ms of CPU on the 17-year gap)
    extra = Counter(a) - Counter(b) if len(a) >= len(b) else Counter(b) - Counter(a)
    return not any(ch.isalnum() for ch in extra) and not _balanced(extra)


def _balanced(marks: Counter[str]) -> bool:
    """Whether marks hold both halves of a pair: quotes put around a word
    ("[-“mulligan”-]{+mulligan+}") are an edit of their own, wherever a
    rewording is; one half alone belongs with the text that holds the other.

    >>> _balanced(Counter("“”")), _balanced(Counter("(")), _balanced(Counter('""'))
    (True, False, True)
    """
    return any(marks[o] and marks[c] for o, c in _PAIRS) or marks['"'] >= 2 or marks["'"] >= 2


_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"), ("‘", "’"))
_HALF = {ch: pair for pair in _PAIRS[:3] for ch in pair}  # not ‘’: ’ is an apostrophe too


_SENTENCE_BREAK = re.compile(r"[.!?][\"”’')\]]*(?:\s|$)")  # a full stop, with the quotes it closes
_CLOSING = re.compile(r"[\"”’')\]]+")


def _only_adds_or_drops(a: str, b: str) -> bool:
    """Whether one text is the other with some characters left out: a run
    that only adds or drops marks, even one the word diff glued to a word
    ("[-(This-]{+This+}"), not one that replaces a mark by another.

    >>> _only_adds_or_drops("(This", "This"), _only_adds_or_drops("", ","), _only_adds_or_drops('"This', "“This")
    (True, True, False)
    """
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    rest = iter(long)
    return all(ch in rest for ch in short)


def marks_at_edges(text: str) -> tuple[str, str]:
    """The marks (no letters, digits or spaces) a text starts and ends with.

    >>> marks_at_edges(" <https://a.example"), marks_at_edges("www.a.example")
    (('<', ''), ('', ''))
    """
    stripped = text.strip()
    start, end = word_edges(stripped)
    return stripped[:start], stripped[end:]


_ONE_WORD = re.compile(r"[^\W\d_]{4,}")


def word_of(run: Run) -> tuple[str, str] | None:
    """The word a run replaces by another, old and new, in lower case: one
    word of letters alone, four or more, on each side; else None."""
    d, i = run.deleted.strip(), run.inserted.strip()
    if _ONE_WORD.fullmatch(d) and _ONE_WORD.fullmatch(i):
        return d.lower(), i.lower()
    return None


def corrections(runs: dict[int, list[Run]], old: DocumentText, new: DocumentText) -> set[tuple[str, str]]:
    """Misspellings the release corrected ("recieved" -> "received"): a
    one-word run whose two words, four letters or more, are one letter apart
    (one added or dropped inside, one replaced, or two neighbours swapped),
    neither inflecting the other ("updates" -> "updated", "card" -> "cards")
    nor starting or ending it ("able" -> "unable"), where the old word stands
    once in the old document and nowhere in the new one, and the new word is
    how the old document already spells it elsewhere (and the new one, beside
    this run). No dictionary: the documents are the evidence. Two words both
    in use ("form" / "from") are a rewording; a word replaced at several
    places, a term renamed, is a substitution; a word with a digit is none.

    Precision: every run this makes ``cosmetic`` on the real corpora (all
    adjacent MTG and Riftbound pairs, the 17-year gap) read: 34 of 34 right,
    in 33 changes of seven MTG pairs (none on Riftbound or the gap): 16 of
    those changes now ``cosmetic`` alone, 17 ``cosmetic`` beside a
    rewording (32 changes' tags changed; one was tagged ``cosmetic``
    already). Recall on the generator's planted typos is low by design of
    its documents (the corrected word seldom stands elsewhere in them):
    bench/README.md, "Misspellings corrected". Cost on the 17-year gap: 3 ms
    of CPU before the texts were shared (two candidates, both rejected by
    the new document); now ~0, the documents' texts being those
    substitutions built already (on the 2018 pair, 7 ms of CPU less);
    none where no one-word run is one letter from its replacement."""
    candidates: set[tuple[str, str]] = set()
    for rs in runs.values():
        for run in rs:
            if not run.plain and (pair := word_of(run)) is not None and _one_letter_apart(*pair):
                candidates.add(pair)
    if not candidates:
        return set()  # most releases
    # The new document first: a word it still holds is no misspelling (most
    # candidates: "these" -> "those"); the old one read only if a candidate
    # is left. Both are the texts substitutions count phrases in, shared
    # (`DocumentText`: lower-cased, white space collapsed, which moves no
    # word's edges).
    new_text = new.text
    candidates = {(a, b) for a, b in candidates if not _count(a, new_text, 1) and _count(b, new_text, 2) == 2}
    if not candidates:
        return set()
    old_text = old.text
    return {(a, b) for a, b in candidates if _count(a, old_text, 2) == 1 and _count(b, old_text, 1)}


def _count(word: str, text: str, enough: int) -> int:
    """How often a word stands in a text as a whole word, counted up to
    `enough`. A pattern that starts with the word's letters, which the regex
    engine finds at C speed, and the letter before each match looked at
    here: a look-behind first would be tried at every position (counting
    every word of both documents of the 17-year gap cost 70 ms of CPU).

    >>> _count("card", "card cards discard card.", 5), _count("card", "card card card", 2)
    (2, 2)
    """
    whole = (m for m in re.finditer(re.escape(word) + r"(?![^\W\d_])", text)
             if not (m.start() and text[m.start() - 1].isalpha()))
    return sum(1 for _ in itertools.islice(whole, enough))


def _one_letter_apart(a: str, b: str) -> bool:
    """Whether two words are one letter apart, neither ending or starting
    the other: one letter added or dropped inside, one replaced, or two
    neighbours swapped.

    >>> _one_letter_apart("recieved", "received"), _one_letter_apart("occured", "occurred")
    (True, True)
    >>> _one_letter_apart("card", "cards"), _one_letter_apart("able", "unable"), _one_letter_apart("form", "farm")
    (False, False, True)
    >>> _one_letter_apart("updates", "updated"), _one_letter_apart("abiliy", "ability")  # an inflection; a typo
    (False, True)
    """
    if a == b or abs(len(a) - len(b)) > 1 or _stems(a) & _stems(b):
        return False
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if long.startswith(short) or long.endswith(short):
        return False
    k = next(k for k in range(len(short)) if a[k] != b[k])
    if len(a) != len(b):
        return short[k:] == long[k + 1 :]
    return a[k + 1 :] == b[k + 1 :] or (a[k + 2 :] == b[k + 2 :] and a[k] == b[k + 1] and a[k + 1] == b[k])


_ENDINGS = ("s", "es", "d", "ed", "e", "er", "ing")


def _stems(word: str) -> set[str]:
    """The word and what is left of it without an inflection's ending:
    two words that share one differ by inflection ("updates", "updated")."""
    return {word} | {word[: -len(e)] for e in _ENDINGS if word.endswith(e)}
