"""Splits and merges: one rule whose text went into several, or several into one.

- `join_splits(changes, diff, fixed=frozenset())` -> changes with ``split``
  and ``merged`` kinds, found from the texts.
- `force_splits(changes, splits, diff)` -> changes with the ``split``
  changes an editor's overrides file asks for.

Claim: a paired rule and the added (removed) rules that hold the rest of one
old (new) rule's text are one ``split`` (``merged``) change. A rule added
(removed) within `SPLIT_WINDOW` changes of the pair is a part when
- its words are mostly in the whole (`SPLIT_COVER`) and the whole is clearly
  closer to the parts together than to its partner alone (`SPLIT_GAIN`);
- its sentences stand in the whole word for word (`VERBATIM_COVER`), or every
  sentence of the whole stands word for word in the kept part or in it
  (`_grown_part`: a part that grew as it was split off);
- it shares more two-word phrases of one sentence of the whole than the kept
  rules do (`_reworded_part`, `REWORDED_PHRASES`: reworded as it was split
  off); or, as the kept rule's new parent or child at the whole's level, two
  phrases of content words no other part holds (`_kin`, `KIN_PHRASES`);
- it took the whole's number, over the kept rest, holding every content word
  the rest lost (`_lifted_part`), or took it as the partner moved on
  (`_renumbered_part`);
- it holds a run of `RUN_WORDS` words of the whole, `RUN_LOST` of them content
  words the kept rules lack, and half its content words or more are the
  whole's (`_run_parts`, `RUN_COVER`: a clause or an example carried into a
  rule of its own);
- it stands anywhere in the document (`_far_parts`): a part by the tests above
  (or reworded, by `_reworded_parts`), `FAR_MIN` similar, holding `FAR_REST`
  content words the partner lacks, the only such rule of the whole and of no
  other whole (for a split, the partner keeping the whole's number);
- it is a copy, near or far, of a rule written for two things at once, each
  copy for one of them (`_copied`);
- it is the kept rule's twin, reworded as the two were split (`_twin`): the
  two `TWIN_ALIKE` similar, each holding a word of the whole the other
  lacks, the whole joining two such words by "or", "and" or "/" (a rule
  for "a spell or ability" made one rule for spells and one for
  abilities); near the pair, under its parent within `SIBLING_REACH`, or
  numbered alike in the section before or after its own (`_twins`: 601.4
  and 602.4);
- it is a new child of a part that holds such a run of the whole (within
  `LIST_REACH`): a list recast as subrules, one item each. (Session 16: a
  test of its own for that, `_listed_parts`, a child's first sentence
  standing in the whole's list, was removed: with it off, the 269 pairs of
  the archive and the eval sets gave byte-identical JSON and every test
  passed, its real cases found by the runs.)
The rule added under the whole's own number (removed from the partner's,
for a merge) is looked at wherever it stands, when it holds `OWN_COVER` of
its content words in the whole and `FAR_REST` at least (`_holds_most`): a
rule recast as a list keeps its intro under its number, its items between
the intro and the rest beyond `SPLIT_WINDOW`. Session 24: on the 381 pairs
of the archive and the eval sets, 22 pairs change, 10 distinct changes,
read by the lead in the texts, all right (2002-10 -> 2003-12: 409.1 -> 409.1
+ 409.2, its first paragraph word for word, had been "409.1 -> 409.2" and
"409.1 added"; 402.8 -> 402.8 + 402.8g or h, the intro of a list of
exceptions; 212.4e -> 212.4e + 212.4j + 212.4k; a Riftbound rule read
with the next one glued to it, 390.5.b -> 390.5.b + 391); without the
share, two more, wrong (indestructible's 700.4 taken for the "dies" rule
that took its number, in 8 pairs; a Riftbound heading "The Board"). Eval
sets: gap-s39 `renumbered` 97.3 -> 100%, split recall 1 -> 2 of 4; gap-s16
`added` 98.3 -> 100%, split recall 0 -> 1 of 1, pairing 99.0 -> 98.0% (the
split now claimed pairs 402.8 with its intro but misses five of its items,
which the exact pairing score counts as a wrong pair). Cost: splits 58 ->
58 ms of CPU on the 17-year gap, the semantic pass 249 -> 252
(`bench/claims.py --cpu --runs 3`, three rounds alternating with 7691aad).
No rule is a part that stands under a heading the release added (a
merge: removed), not the kept rule's, and is about that heading's subject,
which the whole does not name (`_of_a_new_subject`: a template's instance
for a new keyword, the alignment's step 11 for a part). Session 24: on the
374 pairs of the archive and the eval sets, two hints go, both wrong
(2004-06 -> 2007-07 and -> 2009-07: sunburst's redundancy rule 502.37d,
"see also" bushido's 502.38b); no claim changes; splits 57 -> 58 ms of
CPU on the 17-year gap (three rounds alternating with 47cd12f, medians:
noise).
In the glossary, whose neighbours are alphabetical, only an entry under an
inflection of the term (`_inflected`) or named in the other's headword
(`_named`: "Legend" + "Legendary" -> "Legend/Legendary"), or whose
headword holds the term among more words (`_compound`: "Tap" -> "Tap" +
"Tap Symbol"), is a part. Session 25: on the 381 pairs of the archive and
the eval sets, `_compound` makes 8 distinct splits, all right when read
(World + World Rule, Pass + Pass in Succession, Untap + Untap Step or
Untap Symbol, Source -> Source of an Ability + Source of Damage, Active
Player + Active Player, Nonactive Player Rule, Type + Type Line, Tap +
Tap Symbol), in 147 outputs; nothing else changes. Cost on the 17-year
gap: `compare` 5,533 -> 5,551 M instructions (cachegrind, hash seed 0, no
GC) as first written, a regular expression run on each headword of the
entries near a glossary change (921); about a third of that once a
headword that does not hold the term as a string is not read further.

The change's pair (the number `renumbered` shows) is the part at the whole's
place (`_number_kept`) when it holds `KEEP_SHARE` of the largest part's
share or the whole's opening sentence (`_opens`), else the largest
(`_main_part`).

Hint, never a claim: a rule near a paired rule with no part found, three
quarters of whose words are in it and that brings the whole a little closer
(`HINT_COVER`, `HINT_GAIN`), or that `_reworded_part` finds likely, not
certain, or a run part mostly of words of its own, or the kept rule's new
parent beyond the window that rewords the rule (`_far_kin`), carries its ID in
`Change.see_also` ("see also 103.6a, perhaps split off this rule"), counted
nowhere.

Precision (`bench/eval/score.py`, 920bff9): kind ``split`` 100% on blind
(3 of 3; recall 3 of 4), ``merged`` 100% (1 of 1); on gap-s20, untouched when
read, ``merged`` 100% (1 of 1; recall 1 of 4), no ``split`` claimed (recall 0
of 3); pairing, which splits and merges are part of, 100% on blind (232 of
232) and 96.7% on gap-s20 (88 of 91; its errors include rules split or merged
as they were reworded). Cost on the 17-year gap (`bench/claims.py`, "splits",
less the word diffs of the joined texts, counted under worddiff): 84 ms of
CPU of the semantic pass's 365 (`--cpu --runs 3`, medians of three rounds at
920bff9, session 14, load ~4; session 13's head: 83 of 321); `_far_parts`
and `_reworded_parts` are most of it. Session 15 (speed23, seven rounds
interleaved with c6d638e): 75 -> 70 ms of a pass of 308 -> 301, a
pair of one text passed over (`join_splits`, `_far_parts`) and `_cover`
cached; the 2018 pair's splits stage 8.1 -> 6.5 ms (`bench/stages.py --runs
11`; fd45db9 1.4). What is left is the tests' own reading: `_far_parts` ~20
ms (the index of the unpaired rules' words, 14,529 entries; 512 wholes
counted), the phrases `_reworded_parts` reads of 304 candidates ~15 (63 of
them likely), `_verbatim_part`'s sentences and skeletons ~10 (521 asked, 8
parts); each candidate reaching them has passed the word screens, which
no cheaper bound of the same answers was found to narrow.

History and the measures behind each rule: bench/README.md, "Session 14: the
module notebooks of align, splits and substitutions", then "merges12",
"pairing11", "pairing9", "pairing7", "Pairing round three" and the speed
rounds it names ("speed12", "Session 8", "Issue #25, semantic pass, session 7").
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import chain, pairwise

from .align import NEAR_MOVED_MIN, dice, of_another_subject, text_words
from .classify import _skeleton
from .text import FUNCTION_WORDS, ORDINALS, SENTENCE_END_OR_TEXT
from ..model import Change, ChangeKind, Edit, MatchHow, Rule, RuleKind

__all__ = ["forget_phrases", "force_splits", "join_splits", "parallel_merges"]


# The kinds as module constants: an enum member read from its class goes
# through `EnumType.__getattr__`'s hook, ~0.1 µs a look-up, and the loops
# below read a few for each of the 3,800 changes of the 17-year gap.
_ADDED, _REMOVED, _SPLIT = ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.SPLIT
_CHANGED, _RENUMBERED = ChangeKind.CHANGED, ChangeKind.RENUMBERED
_RULE, _GLOSSARY, _OVERRIDE, _TEXT = RuleKind.RULE, RuleKind.GLOSSARY, MatchHow.OVERRIDE, MatchHow.TEXT


SPLIT_COVER = 0.7
"""Least share of a new rule's words found in an old rule, for that new rule
to be a part split off the old one (or, for a merge, of the old rule's words
found in the new one)."""
SPLIT_GAIN = 0.1
"""How much more similar the old rule must be to the parts together than to
its partner alone."""
SPLIT_WINDOW = 3
"""Changes on each side of a pair looked at for the other parts of a split
or a merge."""
SIBLING_REACH = 10
"""Changes on each side of a pair looked at, beyond `SPLIT_WINDOW`, for a
part under the same parent as the pair's rule on its side, that brings the
whole `FAR_REST` content words its partner lacks (`_siblings`): a rule
merged into a sibling several new subrules away (2002-02 -> 2006-05: 418.5a
+ 418.5d -> 418.5h, four rules added between them), a sentence given a
rule of its own (416.1 -> 609.1 + 609.6, 2005-02 -> 2010-02). Session 25,
on the 381 pairs of the archive and the eval sets (`bench/claims_dump.py`):
20 distinct splits and merges made in 115 outputs, each read in the texts,
all right, 6 of them with parts still missing (418.5a's layer list, 402.8,
419.9a); one merge lost, already wrong (310.2b + 310.2d -> 510.1b); 8
distinct new hints (not claims), 6 right. Cost on the 17-year gap: +30 M
instructions of `compare` (5,551 -> 5,581 M, +0.5%, cachegrind, hash seed
0, no GC; the look-ups ~16 M, `_brings` ~7 M, the six candidates it lets
through the rest); no claim of that pair changes. Peak memory of its HTML
run 63.5 -> 64.0 MB (`bench/peakmem.py --runs 3`; a cache of `_brings`'
word sets, tried first, kept them past `text_words.cache_clear()`: 66.1)."""
VERBATIM_COVER = 0.4
"""Least share of a part's words found in the rule it was split off: a
part whose sentences stand there word for word (two fifths of its words)
has at least that."""
HINT_COVER = 0.75
"""Least share of a rule's words found in a changed rule near it for a hint
that it may be a part of a split or merge (`Change.see_also`)."""
HINT_GAIN = 0.02
"""How much closer the whole must be to the parts together than to its
partner alone for such a hint."""
SPLIT_MIN_WORDS = 4
"""Words a part found verbatim in the other rule must have: "Landwalk is an
evasion ability." is a part, "See rule 702." is not."""


def _words(rule: Rule) -> frozenset[str]:
    # Cached: join_splits looks at each rule from both of its neighbours, and
    # the alignment read most of these rules' words already. Most rules have
    # no example and no title: their text is read without `full_text`'s two
    # calls (some 19,000 look-ups on the 17-year gap).
    return text_words(rule.text if not rule.examples and not rule.title else rule.full_text)


# Cached: the screens of `join_splits` ask it in turn of one candidate and
# one whole (`_may_hold`, `_may_be_part`, `_reworded_parts`, `_part_of`,
# `_likely_part`: 4,135 questions of 1,661 pairs on the 17-year gap), a
# word set's hash computed once and kept by the set.
@functools.lru_cache(maxsize=4096)
def _cover(part: frozenset[str], whole: frozenset[str]) -> float:
    return len(part & whole) / len(part) if part else 0.0


def _part_of(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `whole` is `kept` and `part` together: `part`'s words are mostly
    in `whole`, and `whole` is clearly closer to both than to `kept` alone."""
    if part.kind is not kept.kind:
        return False
    whole_w, part_w = _words(whole), _words(part)
    if _cover(part_w, whole_w) < SPLIT_COVER:
        return False  # most neighbours: `kept`'s words are not needed
    kept_w = _words(kept)
    return dice(whole_w, kept_w | part_w) >= dice(whole_w, kept_w) + SPLIT_GAIN


# Cached: a rule near several changes is asked of by each (the 17-year
# gap's 527 questions of `_verbatim_part` name 308 parts and 365 wholes).
@functools.lru_cache(maxsize=1024)
def _sentence_words(text: str) -> tuple[tuple[tuple[str, int], ...], int]:
    """The sentences of a text as (their `_skeleton` words, how many), and
    the words of all of them."""
    sentences = tuple((words, len(words.split())) for words in map(_skeleton, SENTENCE_END_OR_TEXT.split(text)))
    return sentences, sum(n for _, n in sentences)


@functools.lru_cache(maxsize=1024)
def _spaced_skeleton(text: str) -> str:
    """A text's `_skeleton` between two spaces: a sentence's words, spaced
    likewise, stand in it word for word where they are a substring."""
    return f" {_skeleton(text)} "


def _verbatim_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether two fifths of `part`'s words are sentences that stand, word for
    word, in `whole` and not in `kept`: sentences split off into a rule of
    their own ("Landwalk is an evasion ability." leaving the rest of old
    702.12b; "Lands normally have no mana cost." going to a new 203.1c)."""
    # The part's words are its sentences' (a sentence end holds no word):
    # its text is not read whole. `kept` is read only once a sentence stands
    # in `whole`, which most neighbours have none of (522 of the 535 asked on
    # the 17-year gap are no part: 29 -> 17 ms of CPU).
    #
    # A step's sentence is the kept rule's own where it stands there but for
    # its ordinal (2014-05 -> 2017-06: "Second, the active player gets
    # priority." of the upkeep's 503.2 stands in the draw step's new 504.2,
    # which is old 504.3, "Third, ...", moved up one step: no part of it).
    sentences, total = _sentence_words(part.full_text)
    if total < SPLIT_MIN_WORDS:
        return False
    in_whole, in_kept = _spaced_skeleton(whole.full_text), ""
    found = 0
    for words, n in sentences:
        if n >= SPLIT_MIN_WORDS and f" {words} " in in_whole:
            in_kept = in_kept or _spaced_skeleton(kept.full_text)
            if f" {_without_ordinal(words)} " not in in_kept:
                found += n
    return 5 * found >= 2 * total  # two fifths: "Lands normally have no mana cost." of 203.1c


def _grown_part(whole: Rule, kept: Rule, part: Rule, rest: frozenset[str]) -> bool:
    """Whether every sentence of `whole` stands word for word in `kept` or in
    `part`, and one of `SPLIT_MIN_WORDS` words or more only in `part`: the
    rule was cut in two and the part split off grew (2022-11 -> 2024-02: old
    712.9's second sentence opens new 712.13a, whose new text and example
    make it four times the old sentence's length, too long for the share of
    its words `VERBATIM_COVER` asks of a part). Screened by words first:
    `rest`, the words of `whole` not in `kept`, must all be in `part`."""
    if not rest or part.kind is not kept.kind or not rest <= _words(part):
        return False
    in_kept, in_part = f" {_skeleton(kept.full_text)} ", f" {_skeleton(part.full_text)} "
    moved = False
    for sentence in SENTENCE_END_OR_TEXT.split(whole.full_text):
        words = _skeleton(sentence)
        if not words or f" {words} " in in_kept:
            continue
        if f" {words} " not in in_part:
            return False
        moved = moved or len(words.split()) >= SPLIT_MIN_WORDS
    return moved


def _lifted_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` took `whole`'s number and `kept` now stands under it,
    and `part` holds every content word of `whole` that `kept` lacks (a
    plural's "s" aside), two of them or more: a sentence lifted out of the
    rule into a new parent, the rest kept as its first child (2014-09 ->
    2016-09: old 201.2 -> a new 201.2 on which version of a name counts +
    201.2a, the old rule less those words; as "Two boats share a name if
    their English names match." -> 201.2 "A boat's name is its English
    name." + 201.2a "Two boats share a name if their names match.": the
    parent shares too few of the old rule's words for the tests above).
    The merge is the same seen backwards: a parent and its child made one
    rule under the parent's number."""
    if part.id != whole.id or kept.parent != part.id or part.kind is not kept.kind:
        return False
    rest = {_stem(w) for w in _content(_words(whole) - _words(kept))}
    return len(rest) >= LIFTED_WORDS and rest <= {_stem(w) for w in _words(part)}


LIFTED_WORDS = 2
"""Least content words a lifted part must bring (`_lifted_part`)."""


REWORDED_PHRASES = 3
"""Least two-word phrases a sentence of the whole shares with a reworded
part and not with the kept rule (`_reworded_part`): "a second match",
"allow player", "play a" ... of "One rule allows players to play a second
match." -> "Some rules allow players to play a second match."."""
KIN_PHRASES = 2
"""Least two-word phrases of one sentence of the whole that a reworded part
shares, and the kept rules lack, when the part is the kept rule's new
parent or new child (`_reworded_parts`), both words of two of them content
words: 2007-05 -> 2010-06 old 420.1's first sentence reworded as new 704.1,
"... conditions (listed below) ...", over its second, kept as 704.1a; not
2003-05 -> 2008-07 new 101.4b, a variant's mulligan rule under the one
moved from old 101.5, which shares "hand the" and "the first" with it."""
REWORDED_SHARE = 0.3
"""Least share of a reworded part's phrases that are the whole's: most of
a new rule that echoes three phrases of its neighbour's old text is new."""
REWORDED_REST = 3
"""Least words of the whole that the kept rules lack for a reworded part to
be looked for: a screen (the least on the census is 3, 119.4a of 2021-02,
whose "(Players can always pay 0 life.)" became a rule of its own)."""
REWORDED_COVER = 0.35
"""Least share of a reworded part's words found in the whole: a screen
before its phrases are read (the least share among the parts found on the
census, bench/README.md "Pairing round three", is 0.39: new 508.2b of
2016-09, the old step's trigger sentence rewritten at three times its
length)."""

_FUNCTION_PAIRS = frozenset((x, y) for x in FUNCTION_WORDS for y in FUNCTION_WORDS)


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """A word of four letters or more without the one "s" it ends in."""
    return word[:-1] if len(word) > 3 and word[-1] == "s" and word[-2] != "s" else word


@functools.lru_cache(maxsize=4096)
def _pairs(text: str) -> frozenset[tuple[str, str]]:
    """The two-word phrases of a text (its `_skeleton` words, a plural's
    final "s" dropped), those of two function words included: what a part's
    phrases (`_phrases`) are matched against, which need not drop them."""
    # Built in C but for the stems, which a cache looks up. Measured before
    # the screens of `_reworded_parts`, the splits stage of the 17-year gap
    # took 165 ms of CPU with a loop in Python over the words, 114 ms built
    # in C.
    return frozenset(pairwise(map(_stem, _skeleton(text).split())))


def forget_phrases() -> None:
    """Drop the phrases `_pairs` kept (up to 4,096 texts' sets, read only
    while splits are looked for), and the shares `_cover` kept (with the
    word sets they hold): the comparison's later stages and its output never
    read them (`pipeline.compare` calls this once splits are settled)."""
    _pairs.cache_clear()
    _cover.cache_clear()


def _phrases(text: str) -> frozenset[tuple[str, str]]:
    """The two-word phrases of a text, those of two function words left out:
    "play a" and "magic subgame" are phrases, "of the" is not."""
    return _pairs(text) - _FUNCTION_PAIRS


def _reworded_part(
    whole: Rule, part_p: frozenset[tuple[str, str]], kept_p: frozenset[tuple[str, str]], mine: int,
    others: Iterable[Rule], least: int = REWORDED_PHRASES,
) -> bool | None:
    """Whether a part (its phrases `part_p`, `mine` of them `whole`'s) is a
    reworded piece of `whole` that the kept rules (their phrases `kept_p`)
    did not take: True for a part, None for a hint (likely, not certain),
    False for neither.

    A part: a sentence of `whole` has `least` (`REWORDED_PHRASES`) two-word
    phrases or more that the part has and the kept rules lack, more than it shares with
    the kept rules; and the part shares more phrases with `whole` than with
    any rule of `others` (the rules on `whole`'s side of the changes near
    it): its text came from `whole`, not from a neighbour. Old 506.1
    (2003-12 -> 2009-02) became 506.1a, its definition, and a new 506.1,
    its first sentence reworded (as "One rule allows players to play a
    second match. A second match is ..." -> 506.1a "A second match is ..."
    + 506.1 "Some rules allow players to play a second match."): no
    sentence stands word for word, and the new 506.1 holds too few of the
    old rule's words for `SPLIT_GAIN`.

    A hint: the same, but the sentence shares more phrases with the part
    than with the kept rules only when the phrases the kept rules share with
    the part are counted too. The kept rules hold the sentence about as well
    as the part: a sentence cut in two (one ability's two triggers, one to
    each new rule), or an example reworded in place that a new rule's
    example echoes (2002-10 -> 2003-03: 500.2's "A player controls one
    creature that "attacks if able" and another ..." against the new 500.5's
    "... that "blocks if able" and another ...")."""
    # A sentence's phrases, and the part's, hold no function pairs: those
    # of the whole and of `others` need not drop theirs.
    found: bool | None = False
    for sentence in SENTENCE_END_OR_TEXT.split(whole.full_text):
        said = _pairs(sentence)
        ours = said & part_p
        only, theirs = len(ours - kept_p), len(said & kept_p)
        if only >= least and len(ours) > theirs:
            found = True if only > theirs else None
            if found:
                break
    if found is False or any(len(part_p & _pairs(r.full_text)) >= mine for r in others if r is not whole):
        return False
    return found


def _shape(rule_id: str) -> str:
    """A number's shape, its level in the numbering: "704.1" and "420.1" are
    "9.9", "704.1a" is "9.9a"."""
    return _LETTERS.sub("a", _DIGITS.sub("9", rule_id))


_DIGITS, _LETTERS = re.compile(r"\d+"), re.compile(r"[^\W\d_]+")


def _kin(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` and `kept` are parent and child, the parent at `whole`'s
    level (of its number's shape): the rule was cut in two, one piece under
    the other (old 420.1 -> 704.1 + 704.1a; old 306.2 -> 506.2 + 506.2a). A
    new parent of the kept rule at another level took other rules' text
    (2009-05 -> 2009-07: old 310.2b -> 510.1b, whose new parent 510.1 is
    old 310.1 and 310.2 reworded)."""
    if part.parent == kept.id:
        upper = kept
    elif kept.parent == part.id:
        upper = part
    else:
        return False
    return _shape(upper.id) == _shape(whole.id)


def _content_pairs(phrases: frozenset[tuple[str, str]]) -> int:
    """How many of `phrases` are two content words ("listed below", not "the first")."""
    return sum(x not in FUNCTION_WORDS and y not in FUNCTION_WORDS for x, y in phrases)


def _reworded_parts(
    whole: Rule, kept: list[Rule], candidates: Sequence[Rule | None], others: Callable[[], Iterable[Rule]]
) -> tuple[list[Rule], list[Rule]]:
    """The `candidates` that are reworded parts of `whole` beside the `kept`
    rules, and those that are likely parts (hints), in their order
    (`_reworded_part`; `others()` gives the rules on `whole`'s side of the
    changes near it).

    Screened from the cheapest up: a whole nearly all of whose words the
    kept rules hold (most rules edited in place beside a new one) has no
    piece left to reword (`REWORDED_REST`); a candidate of another kind, or
    a kept rule, or one a share `REWORDED_COVER` of whose words are not in
    `whole`, is no part (most neighbours stop here, before any phrase is
    read); nor is one that shares fewer than `REWORDED_PHRASES` of its
    phrases, or than a share `REWORDED_SHARE`, with `whole`, or fewer than
    `REWORDED_PHRASES` that the kept rules lack. The kept rules' phrases are
    read only once a candidate passes the screens before."""
    if not candidates or len(_words(whole).difference(*map(_words, kept))) < REWORDED_REST:
        return [], []
    whole_w = _words(whole)
    left = [
        r for r in candidates
        if r is not None and r.kind is whole.kind and all(r is not k for k in kept)
        and _cover(_words(r), whole_w) >= REWORDED_COVER
    ]
    parts: list[Rule] = []
    hints: list[Rule] = []
    kept_p: frozenset[tuple[str, str]] | None = None
    partner, kin_left = kept[0], []
    for r in left:
        part_p = _phrases(r.full_text)
        shared = part_p & _pairs(whole.full_text)
        mine = len(shared)
        # The partner's new parent or new child (its old one, for a merge)
        # at the whole's level (`_kin`): the numbering says where the piece
        # went, so a likely part is a part, and two phrases of content words
        # that no other part took will do (`KIN_PHRASES`), read once the
        # other parts are found.
        kin = _kin(whole, partner, r)
        likely = mine >= REWORDED_PHRASES and mine >= REWORDED_SHARE * len(part_p)
        if not likely and not (kin and _content_pairs(shared) >= KIN_PHRASES):
            continue
        if kept_p is None:
            kept_p = frozenset().union(*(_pairs(k.full_text) for k in kept)) - _FUNCTION_PAIRS
        if likely and len(shared - kept_p) >= REWORDED_PHRASES:
            found = _reworded_part(whole, part_p, kept_p, mine, others())
            if found is not False:
                (parts if found or kin else hints).append(r)
        elif kin and _content_pairs(shared - kept_p) >= KIN_PHRASES:
            kin_left.append((r, part_p, shared, mine))
    if kin_left and kept_p is not None:
        kept_p = kept_p.union(*(_pairs(p.full_text) for p in parts)) - _FUNCTION_PAIRS
        for r, part_p, shared, mine in kin_left:
            if _content_pairs(shared - kept_p) >= KIN_PHRASES and _reworded_part(whole, part_p, kept_p, mine, others(), KIN_PHRASES) is not False:
                parts.append(r)
    return parts, hints


RUN_WORDS = 8
"""Least words of a run of the whole that a part holds word for word, and
neither the kept rules nor the rules beside the whole hold (`_run_parts`):
a clause or an example carried into a rule of its own, the sentence around
it reworded ("... and its weight is what one porter can carry up a
stair." -> "A crate's weight is what one porter can carry up a stair.")."""
RUN_LOST = 2
"""Least content words of the whole that the kept rules lack (its lost
words) that such a run must hold (`_run_parts`): the run is a piece the
kept rules lost ("porter" and "carry" above, which no kept part holds),
not a phrase they reworded nor a template a new rule shares with them
(without it: a new example on the pattern of the rule's own, a new
trample variant beside the kept one)."""
RUN_COVER = 0.5
"""Least share of a run part's content words that are words of the whole
(`_run_parts`): half its words or more, the part is the whole's text carried
off (a clause cut out, an example moved and reworded, a requirement moved);
fewer, it is a new rule that holds one sentence or template of the whole
among words of its own (a new rule on creatures put into play blocking
that restates the old rule's last sentence; a new Saga rule on the
template of the old scheme rule), shown as a hint (`Change.see_also`), never
a claim."""


def _run_parts(
    whole: Rule, kept: Sequence[Rule], candidates: Sequence[Rule | None], others: Callable[[], Iterable[Rule]]
) -> tuple[list[Rule], list[Rule]]:
    """The `candidates` that hold a run of `RUN_WORDS` words of `whole`, word
    for word, with `RUN_LOST` of its lost words (content words none of the
    `kept` rules holds), a run that no rule of `kept` and no rule of
    `others()` (the rules on `whole`'s side of the changes near it) holds:
    the piece came from `whole`, and the kept rules did not take it. Those
    half of whose content words or more are `whole`'s (`RUN_COVER`) are
    parts, the others hints: (parts, hints). Screened by words first: a
    candidate that holds fewer than `RUN_LOST` lost words, or fewer than
    `RUN_WORDS` words of `whole`, is not read."""
    if not candidates:
        return [], []
    # Most wholes edited in place lost fewer than `RUN_LOST` content words:
    # nothing is read further.
    whole_w = _words(whole)
    lost = whole_w.difference(*map(_words, kept), FUNCTION_WORDS)
    if len(lost) < RUN_LOST:
        return [], []
    left = [r for r in candidates if r is not None and r.kind is whole.kind and all(r is not k for k in kept)
            and len(lost & (part_w := _words(r))) >= RUN_LOST and len(part_w & whole_w) >= RUN_WORDS]
    if not left:
        return [], []
    in_whole: set[str] | None = None
    out: list[Rule] = []
    hints: list[Rule] = []
    barred: set[str] | None = None
    for r in left:
        words = _skeleton(r.full_text).split()
        runs = [g for k in range(len(words) - RUN_WORDS + 1)
                if len(lost.intersection(g := words[k:k + RUN_WORDS])) >= RUN_LOST]
        if not runs:
            continue
        if in_whole is None:
            in_whole = _runs(whole.full_text)
        found = [s for g in runs if (s := " ".join(g)) in in_whole]
        if not found:
            continue
        if barred is None:
            barred = set().union(*(_runs(k.full_text) for k in kept),
                                 *(_runs(o.full_text) for o in others() if o is not whole))
        if any(g not in barred for g in found):
            (out if _cover(_content(_words(r)), whole_w) >= RUN_COVER else hints).append(r)
    return out, hints


def _runs(text: str) -> set[str]:
    """The runs of `RUN_WORDS` words of a text's `_skeleton`, each spaced
    likewise: a run of another text stands in the text word for word where
    it is one of them. Looked up in a set, not searched for in the text:
    linear in the rules' length, where each run searched for was quadratic
    (a crafted whole of 50,000 words and an added rule of 40,000 beside it,
    `compare` 3.4 -> 0.23 s of CPU, `_run_parts` 3.2 -> 0.05 s). Its cost
    on the 17-year gap: `_run_parts` 4.2 -> 5.1 ms of CPU (least of 5 in
    process, three rounds interleaved), the whole's runs built for the 32
    wholes that a candidate's runs are looked up in."""
    words = _skeleton(text).split()
    return set(map(" ".join, zip(*(words[k:] for k in range(RUN_WORDS)))))


def _may_be_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` holds enough of `whole`'s words (`VERBATIM_COVER`,
    the least a part or a hint asks for) to be looked at further."""
    return part.kind is kept.kind and _cover(_words(part), _words(whole)) >= VERBATIM_COVER


_LEAST_COVER = min(VERBATIM_COVER, REWORDED_COVER)


def _may_hold(whole: Rule, kept: Rule, candidates: Sequence[Rule | None]) -> bool:
    """Whether one of `candidates` passes the first screen of a test of
    `join_splits` for a part of `whole` beside `kept`: a share
    `_LEAST_COVER` of its words in `whole` (`_may_be_part`,
    `_reworded_parts`), every word of `whole` that `kept` lacks
    (`_grown_part`), or `whole`'s number (`_lifted_part`). A change none of
    whose neighbours does has no part and no hint, and is passed over
    before the tests' lists are built (552 of the 1,007 changes near an
    unpaired rule on the 17-year gap)."""
    whole_w = _words(whole)
    rest: frozenset[str] | None = None
    for r in candidates:
        if r is None:
            continue
        part_w = _words(r)
        if r.id == whole.id or _cover(part_w, whole_w) >= _LEAST_COVER:
            return True
        if rest is None:
            rest = whole_w - _words(kept)
        if rest and rest <= part_w:
            return True
    return False


def _is_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    return _may_be_part(whole, kept, part) and (_verbatim_part(whole, kept, part) or _part_of(whole, kept, part))


def _likely_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` is likely, not certainly, a part of `whole` beside
    `kept`: three quarters of its words in `whole` (`HINT_COVER`), and
    `whole` closer to both than to `kept` alone by at least `HINT_GAIN`
    (a split asks for `SPLIT_GAIN`). A hint (``Change.see_also``), never a
    claim."""
    if part.kind is not kept.kind:
        return False
    whole_w, part_w = _words(whole), _words(part)
    if _cover(part_w, whole_w) < HINT_COVER:
        return False
    kept_w = _words(kept)
    return dice(whole_w, kept_w | part_w) >= dice(whole_w, kept_w) + HINT_GAIN


def _renumbered_part(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` took `whole`'s number as its partner `kept` moved on,
    and may be the piece of it that stayed: as similar to `whole` as the
    alignment asks of a rule moved within its section (`NEAR_MOVED_MIN`,
    which would have paired the two had `kept` not been closer), three
    quarters of its words in it (`HINT_COVER`), holding a content word of
    it that `kept` lacks. A sentence cut in two, each half to one rule
    (2005-08 -> 2007-09: old 410.9a, "Whenever [this creature] blocks," or
    "Whenever [this creature] becomes blocked," ..., -> 410.9a for blocks
    and 410.9c for becoming blocked), which `kept` holds better than the
    part. Census (170 pairs, as for the copies above): 10 hints, 2 distinct
    (410.9a and 309.3 of 2006-02 -> 2006-05, the same cut), both a part; at
    `GAP_MIN` (0.5) it also hinted 702.124h -> 702.124k + 702.124h (2022-11
    -> 2024-02, 0.51: the new 702.124h defines "Partner" on the same
    template), wrong.

    A part, not a hint, since session 10 (issue #27 item 6: the numbering
    says where the piece stayed, as for `_kin`; gap-s10 and gap-s11 label
    both cuts a split): on every adjacent MTG and Riftbound pair and the
    17-year gap (`bench/identical.py` against c7e8fa9, every change read
    with both texts) 5 changes made, 4 distinct, all right: 2006-02 ->
    2006-05 309.3 -> 309.3 + 309.4 and 410.9a -> 410.9a + 410.9c; 2010-02 ->
    2010-04 and the 17-year gap 603.7d -> 603.7d + 603.7e (a delayed
    trigger's source from a spell and from an ability, one rule each); and,
    seen backwards, the 17-year gap's 705.1 + 705.2 -> 705.2 (the two kinds
    of coin flip made one rule, which took 705.2's number). Cost within the noise:
    the splits stage on the 17-year gap 71/70/72 -> 71/72/73 ms of CPU
    (`bench/claims.py --cpu --runs 3`, interleaved with c7e8fa9)."""
    if part.id != whole.id or kept.id == whole.id:  # (the callers' parts are of the kept rule's kind)
        return False
    whole_w, part_w = _words(whole), _words(part)
    if _cover(part_w, whole_w) < HINT_COVER or dice(whole_w, part_w) < NEAR_MOVED_MIN:
        return False
    return bool(_content((whole_w & part_w) - _words(kept)))


def _share(whole: Rule, part: Rule) -> int:
    """How many of `whole`'s words (with repeats) `part` holds."""
    return sum((Counter(_skeleton(whole.full_text).split()) & Counter(_skeleton(part.full_text).split())).values())


FAR_MIN = 0.7
"""Least similarity of a part found far from its whole (`_far_parts`): as
much as the alignment asks of a rule moved across the document
(align.MOVED_MIN), which would have paired the two had the whole been free."""


FAR_SIZE = FAR_MIN / (2 - FAR_MIN)
"""Least ratio of the smaller word set to the larger of two texts
`FAR_MIN` similar (Dice): a screen before their words are compared."""


FAR_REST = 3
"""Least content words of the whole that its partner lacks, and that a
part far from it holds (`_far_parts`): a part that brings the whole fewer
is not looked at (the least among the parts found, 2022-11 -> 2023-04
712.15 + 713.12 -> 712.19, brings 4)."""


FAR_COMMON = 100
"""A word that more unpaired rules hold ("player", "card") says nothing of
where a part went: `_far_parts` does not count it (each is some thousand
lookups on the 17-year gap)."""


def _content(words: frozenset[str]) -> frozenset[str]:
    return words - FUNCTION_WORDS


def _copy(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` is a copy of `whole` beside `kept` (`_copied`), `FAR_MIN`
    similar to it."""
    whole_w, part_w = _words(whole), _words(part)
    return dice(whole_w, part_w) >= FAR_MIN and _copied(whole_w, _words(kept), part_w)


def _copied(whole_w: frozenset[str], kept_w: frozenset[str], part_w: frozenset[str]) -> bool:
    """Whether a rule and its partner are two copies of `whole`, each for
    one of the things it named together: neither holds a word `whole` lacks,
    each holds a content word the other lacks, and the two hold every
    content word of it (its "or" may go: 2008-10 -> 2012-02: old 409.2a "...
    the spell or ability's controller decides ..." -> 601.3a "... the
    spell's controller ..." + 602.3a "... the ability's controller ...",
    casting and activating given a section each)."""
    if not (part_w <= whole_w and kept_w <= whole_w and _content(whole_w) <= kept_w | part_w):
        return False
    return bool(_content(part_w - kept_w)) and bool(_content(kept_w - part_w))  # each a copy of its own


TWIN_ALIKE = 0.8
"""Least similarity of a part to its partner for `_twin`: two rules on one
template, each for one of the things the whole named together."""

TWIN_SPAN = 3
"""Words on each side of an "or", "and" or "/" of the whole among which
`_named_together` looks for the two things (the whole's "spell or
activated ability", "Melded permanents and other double-faced
permanents")."""

_CONJUNCTIONS = frozenset({"or", "and", "/"})
_TOKEN = re.compile(r"[^\W_]+|/")


def _twin(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` and `kept` are twins made of `whole`, one for each of
    two things it named together, reworded as they were split: the two are
    `TWIN_ALIKE` similar, `part` as similar to `whole` as a far part must be
    (`FAR_MIN`), each holds a content word of `whole` the other lacks, and
    `whole` joins two such words by "or", "and" or "/" (`_named_together`).
    Old 409.3 "Playing a spell or ability that alters costs ..." -> 601.4
    "Casting a spell that alters costs ..." + 602.4 "Activating an ability
    that alters costs ..." (2008-10 -> 2009-10, casting and activating
    given a section each); old 419.5 "If an event is prevented or replaced
    ..." -> 614.6 (replaced) + 615.6 (prevented).

    Session 26: on the 395 pairs of the archive and the eval sets, 9
    distinct changes in 257 outputs, all right when read by the lead:
    409.1, 409.2, 409.2b and 409.3 -> 601.x + 602.x; 419.3, 419.4 and 419.5
    -> 614.x + 615.x (613.x + 614.x in 2009-07's numbering); Riftbound's
    attacker's and defender's lines 459.2.b.3 + 459.2.b.4 -> 464.2.c.3, and
    their subrules, merged. Eval sets: gap-s37 pairing 99.0 -> 100%, split
    recall 1 -> 3 of 3; gap-s33 99.0 -> 100%; gap-s23 and gap-s26 pairing
    recall +1 change each; no set lower. Without the "or"/"and" test, 62
    distinct candidates on the eval sets' pairs, half of them new rules on an
    old rule's template (escape beside retrace, one keyword beside another).
    Cost of `compare` (cachegrind, hash seed 0, GC off, glibc's malloc left
    out): the 17-year gap +42 M instructions of 5,569 M (+0.75%), no claim
    changed there, about 5-7 ms of CPU at this VM's 0.65-0.9 s for `compare`
    (CPU timings of the splits stage, interleaved with the session's start,
    swung by a third between rounds); the 2018 pair +4.7 M of 1,672 M
    (+0.3%): the look-ups
    of `_twins` for each paired rule whose text changed, and the word sets
    `_twin` reads of the siblings `_brings` turns down."""
    kept_w, part_w = _words(kept), _words(part)
    if 3 * min(len(kept_w), len(part_w)) < 2 * max(len(kept_w), len(part_w)):
        return False  # sizes too far apart for `TWIN_ALIKE` (most candidates)
    whole_w = _words(whole)
    if dice(kept_w, part_w) < TWIN_ALIKE or dice(whole_w, part_w) < FAR_MIN:
        return False
    brought, own = _content((whole_w - kept_w) & part_w), _content((whole_w - part_w) & kept_w)
    return bool(brought) and bool(own) and (
        _named_together(whole.full_text, brought, own) or _said_twice(whole.full_text, brought, own)
    )


def _named_together(text: str, one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether `text` joins a word of `one` and a word of `other` by "or",
    "and" or "/", each within `TWIN_SPAN` words of it."""
    tokens = _TOKEN.findall(text.lower())
    for i, t in enumerate(tokens):
        if t in _CONJUNCTIONS:
            before, after = tokens[max(i - TWIN_SPAN, 0):i], tokens[i + 1:i + 1 + TWIN_SPAN]
            if not one.isdisjoint(before) and not other.isdisjoint(after) or (
                not other.isdisjoint(before) and not one.isdisjoint(after)
            ):
                return True
    return False


def _said_twice(text: str, one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether `text` says one thing twice, once of a word of `one` and
    once of a word of `other`: two of its sentences `TWIN_ALIKE` similar,
    the one holding a word of `one` and none of `other`, the other the
    reverse. The two things named apart rather than together: old 403.5,
    "Activated abilities that read ... a sorcery mean ... ." and the same
    sentence of an instant, became 602.5d (sorcery) and 602.5e (instant)
    (2008-10 -> 2012-10, gap-s46). Precision: one distinct split on the
    423 pairs of the archive and the eval sets, that one, in 40 outputs,
    right; gap-s47, drawn after it, claims 2 splits, both right. Cost: 0.03
    ms of CPU on the 17-year gap (one call; in process, median of 9)."""
    sentences = [w for part in SENTENCE_END_OR_TEXT.split(text) if (w := text_words(part))]
    if len(sentences) < 2:
        return False
    ones = [k for k, w in enumerate(sentences) if not one.isdisjoint(w) and other.isdisjoint(w)]
    others = [k for k, w in enumerate(sentences) if not other.isdisjoint(w) and one.isdisjoint(w)]
    return any(dice(sentences[i], sentences[j]) >= TWIN_ALIKE for i in ones for j in others)


def _by_section(unpaired: Iterable[Change]) -> dict[tuple[bool, str, int], Change]:
    """The added (True) and removed (False) rules of the body by their number
    less its section, and the section ("602.4": "4", 602): where `_twins`
    looks."""
    out: dict[tuple[bool, str, int], Change] = {}
    for x in unpaired:
        r = x.new if x.kind is _ADDED else x.old
        if r is not None and r.kind is _RULE:
            head, dot, tail = r.id.partition(".")
            if dot and head.isdigit():
                out[x.kind is _ADDED, tail, int(head)] = x
    return out


def _twins(c: Change, by_section: Mapping[tuple[bool, str, int], Change], gone: set[int]) -> list[Change]:
    """The added (removed) rules numbered as `c`'s new (old) rule in the
    section before or after its own ("601.4": "600.4", "602.4",
    `_by_section`) that are its twins made of the old (new) rule (`_twin`):
    casting and activating given a section each, replacement and prevention
    effects too. (Twins under one parent are its siblings, `_siblings`.)"""
    assert c.old is not None and c.new is not None
    out = []
    for added, kept, whole in ((True, c.new, c.old), (False, c.old, c.new)):
        head, dot, tail = kept.id.partition(".")
        if not dot or not head.isdigit():
            continue
        n = int(head)
        for x in (by_section.get((added, tail, n - 1)), by_section.get((added, tail, n + 1))):
            if x is not None and id(x) not in gone:
                r = x.new if added else x.old
                if r is not None and _twin(whole, kept, r):
                    out.append(x)
    return out


def _far_parts(changes: Sequence[Change], fixed: frozenset[str]) -> dict[int, tuple[bool, Rule]]:
    """Parts of a split or merge that stand anywhere in the document: for the
    index of a paired change, (True, an added rule: a split) or (False, a
    removed rule: a merge) that is `FAR_MIN` similar to the whole, holds a content
    word of the whole that its partner lacks, while the partner holds one
    the part lacks (each brings the whole something), and is the only such
    rule of the whole and has no other such whole. A definition moved out
    into a list of its kind, the old rule now pointing to it (2020-08 ->
    2024-11: old 701.36a "Investigate means create a colorless Clue
    artifact token with ..." -> 701.36a "... Create a Clue token. See rule
    111.10f." + 111.10f "A Clue token is a colorless Clue artifact token
    with ...", 0.85 similar), or two sections' rules folded into one (711.10
    + 712.10 -> 712.16 "Melded permanents and other double-faced permanents
    can't be turned face down ..."; 711.15 + 712.11 -> 712.19, the second
    reworded, which `_reworded_parts` finds): far from each other in the
    changes, so beyond `SPLIT_WINDOW`. Candidates share a content word of the whole that
    its partner lacks, looked up in an index of the unpaired rules' words."""
    # The words each paired change's whole holds and its partner lacks
    # (most changes: fewer than `FAR_REST`, and nothing is looked up).
    wanted: list[tuple[int, bool, Rule, Rule, frozenset[str]]] = []
    for i, c in enumerate(changes):
        if c.old is None or c.new is None or c.old.kind is not _RULE or c.more or c.how is _OVERRIDE:
            continue
        if c.old.id in fixed or c.new.id in fixed:
            continue
        if c.how is _TEXT and c.old.full_text == c.new.full_text:
            # One text, renumbered: nothing lost, nothing gained. Its words,
            # which the alignment did not read (it paired the texts as they
            # are), are not read either: 189 texts of the 2018 pair, 276 of
            # the 17-year gap.
            continue
        old_w, new_w = _words(c.old), _words(c.new)
        if old_w is new_w:
            continue  # one text (cached once), renumbered: nothing lost, nothing gained
        # A rule split far away keeps its number with the part left there,
        # unless the part is a copy (`_copied`: the partner holds no word the
        # whole lacks, and is `FAR_MIN` similar to it), which any number may hold.
        same, lost = c.old.id == c.new.id, old_w >= new_w
        if (same or lost) and (rest := old_w.difference(new_w, FUNCTION_WORDS)):
            if len(rest) >= FAR_REST and same or lost and dice(old_w, new_w) >= FAR_MIN:
                wanted.append((i, True, c.old, c.new, rest))
        if not lost and (rest := new_w.difference(old_w, FUNCTION_WORDS)):
            if len(rest) >= FAR_REST or new_w >= old_w and dice(old_w, new_w) >= FAR_MIN:
                wanted.append((i, False, c.new, c.old, rest))
    if not wanted:
        return {}
    # The unpaired rules by those words, added and removed apart: an added
    # rule by the words of the splits' wholes only, a removed one by those
    # of the merges' (on the 17-year gap the added rules' entries 21,654 ->
    # some 7,000 of them).
    looked_up = tuple(frozenset().union(*(rest for _, split, *_, rest in wanted if split is side)) for side in (False, True))
    by_word: tuple[defaultdict[str, list[int]], defaultdict[str, list[int]]] = (defaultdict(list), defaultdict(list))
    rules: list[Rule] = []
    # Their words, read again for each whole that counts them (2,852 reads
    # on the 17-year gap), their size first: most are too small or too
    # large to be `FAR_MIN` similar to the whole.
    rules_w: list[frozenset[str]] = []
    for c in changes:
        added = c.kind is _ADDED
        rule = c.new if added else c.old if c.kind is _REMOVED else None
        if rule is None or rule.kind is not _RULE or rule.id in fixed:
            continue
        k, side, words = len(rules), by_word[added], _words(rule)  # removed rules', added rules'
        rules.append(rule)
        rules_w.append(words)
        for w in looked_up[added].intersection(words):
            side[w].append(k)
    found: dict[int, list[tuple[bool, Rule]]] = {}
    wholes: Counter[int] = Counter()
    for i, split, whole, kept, rest in wanted:
        whole_w, kept_w = _words(whole), _words(kept)
        least, most = FAR_SIZE * len(whole_w), len(whole_w) / FAR_SIZE
        # Counted by position in `rules`: most rules hold one or two of
        # those words, and are never compared.
        index = by_word[split]
        if len(rest) >= FAR_REST and (whole.id == kept.id or not split):
            held = Counter(chain.from_iterable(
                found_in for w in rest if len(found_in := index.get(w, ())) <= FAR_COMMON))
            ks = [k for k, n in held.items() if n >= FAR_REST]
            copy = False
        else:  # a copy holds every word of `rest`, and no word `whole` lacks
            first, *others = sorted((index.get(w, ()) for w in rest), key=len)
            ks = sorted(set(first).intersection(*others))
            copy = True
        for k in ks:
            part_w = rules_w[k]
            if not least <= len(part_w) <= most or copy and not part_w <= whole_w or dice(whole_w, part_w) < FAR_MIN:
                continue
            r = rules[k]
            if copy and not _copied(whole_w, kept_w, part_w):
                continue
            if _content((whole_w & kept_w) - part_w) and (
                copy or _is_part(whole, kept, r) or _reworded_parts(whole, [kept], [r], lambda: ())[0]
            ):
                found.setdefault(i, []).append((split, r))
                wholes[id(r)] += 1
    return {i: parts[0] for i, parts in found.items() if len(parts) == 1 and wholes[id(parts[0][1])] == 1}


LIST_REACH = 30
"""Changes after a split's first part looked at for its parts' children
(`_run_parts`): a list recast as subrules has one child per item."""


INFLECTION = 3
"""Most letters an inflection adds to a glossary term ("Suspend" ->
"Suspended", "Attack" -> "Attacking") for `_inflected`."""


def _inflected(entry: Rule, other: Rule) -> bool:
    """Whether two glossary terms are one an inflection of the other: the
    shorter, of four letters or more, begins the longer, which adds at most
    `INFLECTION` letters. An entry merged into its base ("Suspended", "A
    card is "suspended" if ...", made a sentence of "Suspend", 2008-10 ->
    2010-10): the glossary's only merges and splits, where the entries near
    each other are alphabetical neighbours, not parts of one text."""
    x, y = (r.id.partition(":")[2].casefold() for r in (entry, other))
    short, long = (x, y) if len(x) <= len(y) else (y, x)
    return len(short) >= 4 and long.startswith(short) and 0 < len(long) - len(short) <= INFLECTION


_TERMS = re.compile(r"\s*[/,]\s*")
_HEADWORD = re.compile(r"[^\W_]+")


def _compound(whole: Rule, entry: Rule) -> bool:
    """Whether glossary entry `entry`'s headword holds `whole`'s headword,
    word for word, among more words: a paragraph of an entry given an entry
    of its own named after the term ("Tap" -> "Tap" + "Tap Symbol", "Type"
    -> "Type" + "Card Type", "Active Player" -> "Active Player" + "Active
    Player, Nonactive Player Rule"), or merged back (seen backwards)."""
    term_s, entry_s = whole.id.partition(":")[2].casefold(), entry.id.partition(":")[2].casefold()
    if term_s not in entry_s:
        return False  # most neighbours: not read word by word
    term, words = _HEADWORD.findall(term_s), _HEADWORD.findall(entry_s)
    n = len(term)
    return 0 < n < len(words) and any(words[k:k + n] == term for k in range(len(words) - n + 1))


def _named(whole: Rule, entry: Rule) -> bool:
    """Whether the headword of glossary entry `whole` names several terms
    (cut at "/" or ","), one of them `entry`'s headword whole: two entries
    merged under one headword that names both ("Legend" and "Legendary" ->
    "Legend/Legendary", 1999-04 -> 1999-11), or split (seen backwards)."""
    terms = _TERMS.split(whole.id.partition(":")[2].casefold())
    return len(terms) > 1 and entry.id.partition(":")[2].casefold() in terms


def _far_kin(
    c: Change, new_parts: Sequence[Rule], old_parts: Sequence[Rule], split: Sequence[Rule | None],
    merge: Sequence[Rule | None], unpaired: dict[tuple[ChangeKind, str], Change], gone: set[int],
    olds: Callable[[], Iterable[Rule]], news: Callable[[], Iterable[Rule]],
) -> list[tuple[str, Rule]]:
    """Hints (`Change.see_also`) for the kept rule's new parent (its old
    parent, for a merge) at the whole's level (`_kin`), added (removed) but
    beyond `SPLIT_WINDOW`, that `_reworded_parts` finds a part or a likely
    one: a rule rewritten as a heading over new subrules, its old text's
    last sentence kept in the last of them (gap-s16: old 402.8 -> 402.8g, the
    new heading 402.8 seven changes before it). A hint, not a part: such a
    heading's other subrules are mostly reworded (a split that took the
    heading alone would pair the rule with part of its parts). On the
    archive (`bench/identical.py`, 393 outputs): 1 hint, right (2005-10 ->
    2006-02, the same 402.8). Cost on the 17-year gap: 0.25 ms of CPU (32
    calls: only a change whose kept rule's parent is unpaired), and 0.2 ms
    for `join_splits`' index of the unpaired rules by number."""
    out_hints: list[tuple[str, Rule]] = []
    for kind, whole, kept, side, parts, near, others in (
        ("split", c.old, c.new, _ADDED, new_parts, split, olds),
        ("merged", c.new, c.old, _REMOVED, old_parts, merge, news),
    ):
        assert whole is not None and kept is not None
        x = unpaired.get((side, kept.parent)) if kept.parent else None
        if x is None or id(x) in gone or _shape(kept.parent or "") != _shape(whole.id):
            continue
        r = x.new if side is _ADDED else x.old
        if r is None or any(r is p for p in (*parts, *near)):
            continue
        found, likely = _reworded_parts(whole, [kept, *parts], [r], others)
        if found or likely:
            out_hints.append((kind, r))
    return out_hints


KEEP_SHARE = 0.5
"""Least share of the whole's words (`_share`), against the largest part's,
that the part keeping the whole's number must hold to be the change's pair
(`_main_part`)."""


def _without_ordinal(words: str) -> str:
    """Words (`_skeleton`) without the ordinal that opens a step ("second
    the active player ..." -> "the active player ...")."""
    first, _, rest = words.partition(" ")
    return rest if first in ORDINALS else words


def _said_once(kept: Rule, parts: list[Rule]) -> list[Rule]:
    """The parts found beside `kept`, one of those that read the same but for
    the ordinal of a step: a whole that said a thing once gave it to one
    part. The one under `kept`'s parent stays, if one alone is; else none
    of them (a part missed, not a rule named wrongly).

    2007-10 -> 2012-10: the end of combat's 311.1 ("..., then the active
    player gets priority and players may play spells and abilities.") went
    to 511.1 and 511.2, "Second, the active player gets priority. ..."; the
    combat damage step's new 510.4, "Fourth, ..." the same, came from old
    310.4, yet held as many of the whole's words, and was reported a third
    part."""
    if len(parts) < 2:
        return parts  # most splits and merges: one part beside the pair
    texts = [_without_ordinal(_skeleton(r.full_text)) for r in parts]
    if len(set(texts)) == len(texts):
        return parts
    out = []
    for r, text in zip(parts, texts):
        alike = [p for p, t in zip(parts, texts) if t == text]
        if len(alike) == 1 or [p for p in alike if p.parent == kept.parent] == [r]:
            out.append(r)
    return out


def _main_part(whole: Rule, parts: Sequence[Rule], kept: Callable[[Rule], bool]) -> Rule:
    """The part a split (merge) is paired with: the one at the whole's
    place (`kept`, `_number_kept`) when it holds a fair share of the
    whole's words (`KEEP_SHARE` of the largest part's) or the whole's
    opening sentence (`_opens`), else the one holding most of them. A rule
    cut in two, one half kept under its number, the other given a new one,
    is not "renumbered" to the new half (old 107.3h -> 107.3h, its first
    sentence, + 107.3i, its second, 2018-08 -> 2018-10), nor is a rule that
    kept its opening under its number, however short (old 117.1 -> 117.1,
    its first sentence on the starting life total, + 117.1a, the longer
    second on a team's, 2009-09 -> 2009-10; old 601.3 -> 601.3 + 601.4,
    2019-08 -> 2019-10, where 601.2 still cites 601.3 for the opening); a
    rule whose number went to a new opening over its old text is (2016-07
    -> 2016-08 old 201.2 -> 201.2a, under a new 201.2). In a renumbered
    section a split's place is the one the section gives it (old 304.1 ->
    504.1, its opening, + 504.2 + 504.3 when 304 became 504, 2009-05 ->
    2009-07; not 504.2).

    Census (the 393 outputs of `bench/identical.py`, every change read with
    both texts): 30 splits and merges of 17 pairs changed, 29 right, 1
    doubtful (2020-08 -> 2020-09 713.2, whose new text generalises the old
    one; its specifics went to 713.2a); 26 entries left the `renumbered`
    line, 4 narrowed. The opening (session 13, against main's outputs at
    3e0aa16): 13 entries of 11 pairs left the `renumbered` line or
    narrowed, 11 right, 2 doubtful (2009-10 -> 2010-02 702.12b and 702.13a,
    each keeping the sentence that names the keyword's kind of ability over
    the definition given a number of its own: the keyword's heading, or
    its rule). The place under a renumbered parent (session 14, against
    e71da0c's outputs): 10 entries of the `renumbered` line changed on 2
    pairs, 8 right (2009-05 -> 2009-07: 207.2, 208.2, 304.1, 305.3, 306.2,
    504.2, 606.7a; the 17-year gap's 808.4c), 2 doubtful (the 17-year gap's
    702.12b and 702.13a, as above). Cost: a dictionary of the paired
    numbers built once per comparison (`join_splits`)."""
    shares = [_share(whole, r) for r in parts]
    main = max(range(len(parts)), key=lambda k: (shares[k], kept(parts[k])))
    keeper = next((k for k, r in enumerate(parts) if kept(r)), main)
    if keeper == main or shares[keeper] >= KEEP_SHARE * shares[main] or _opens(whole, parts, keeper):
        return parts[keeper]
    return parts[main]


def _number_kept(placed: Mapping[str, str], whole: Rule, split: bool) -> Callable[[Rule], bool]:
    """Whether a part of `whole` stands at its place. A merged rule's
    place is its number: the old part that had it. A split rule's is the
    number it had, or, when its parent was renumbered, that number under
    the parent's new one (old § 6(b) -> § 7(b) + § 7(c) when § 6 became
    § 7). Not for a merge: the old sibling a shifted section leaves at the
    new rule's number is no sign that it is the rule (2009-05 -> 2009-07:
    old 502.10b, the banding declaration the new 702.19c opens with, +
    502.10c, under a new 702.19b). `placed` maps each paired old rule's
    number to its new one. (The place a number keeps under a renumbered
    parent is the one the alignment reads too, `align._same_place`, there
    on its own index of the two documents.)"""
    if not split:
        return lambda part: part.id == whole.id
    there = whole.id
    parent = whole.parent
    if parent and there.startswith(parent) and (to := placed.get(parent)) is not None:
        there = to + there[len(parent):]
    return lambda part: part.id == there


def _opens(whole: Rule, parts: Sequence[Rule], keeper: int) -> bool:
    """Whether `parts[keeper]` holds `whole`'s opening, its first sentence:
    half its two-word phrases or more (word for word or reworded), and more
    of them than any other part. The rule's number stays with its opening
    (old 117.1 -> 117.1, its first sentence, + 117.1a, the longer second;
    not old 201.2 -> a new 201.2 over 201.2a, which holds the old opening)."""
    first = next((s for s in SENTENCE_END_OR_TEXT.split(whole.full_text) if s.strip()), "")
    said = _pairs(first)
    if not said:
        return False
    held = [len(said & _pairs(r.full_text)) for r in parts]
    return 2 * held[keeper] >= len(said) and all(n < held[keeper] for k, n in enumerate(held) if k != keeper)


def _of_a_new_subject(
    part: Rule, whole: Rule, kept: Rule, side: ChangeKind, unpaired: Mapping[tuple[ChangeKind, str], Change]
) -> bool:
    """Whether `part` stands under a heading the release added (`side`
    ADDED; for a merge, removed), not `kept`'s, and is about its subject,
    which `whole` does not name: a template's instance for a new subject,
    no part of the rule it reads like (the test of the alignment's step 11,
    `_twins`, for a part). Haunt's "A creature with haunt can't be blocked
    except by ..." is no part of Soar's old rule worded the same, which
    stays under Soar; a planeswalker's rule split into the three rules of a
    new section on loyalty abilities keeps its parts, under one heading."""
    if part.parent is None or part.parent == kept.parent:
        return False
    heading = unpaired.get((side, part.parent))
    if heading is None:
        return False  # most parts: under a heading both releases hold
    rule = heading.new if side is _ADDED else heading.old
    return rule is not None and of_another_subject(part, rule, whole)


OWN_COVER = 0.5
"""Least share of its content words that a rule holding the whole's number
beyond `SPLIT_WINDOW` must hold of the whole's to be looked at as a part
(`_holds_most`): a list recast as subrules puts its items between the
whole's intro, kept under its number, and the rest; a rule that only took
the number holds the words of another subject."""


def _siblings(c: Change, at: int, under: tuple[Mapping[str, list[int]], Mapping[str, list[int]]],
              changes: Sequence[Change], gone: set[int]) -> list[Change]:
    """The added (removed) rules under the parent of `c`'s new (old) rule,
    among the `SIBLING_REACH` changes on each side of `at` (its place in
    `changes`) but beyond `SPLIT_WINDOW`, that no split or merge took yet,
    and that bring the whole `FAR_REST` words (`_brings`) or are the
    partner's twins (`_twin`)."""
    assert c.old is not None and c.new is not None
    out: list[Change] = []
    if at < 0:
        return out
    for by_parent, parent in ((under[True], c.new.parent), (under[False], c.old.parent)):
        ks = by_parent.get(parent) if parent else None
        if not ks:
            continue  # most pairs: no rule without a partner under their parent
        for k in ks[bisect_left(ks, at - SIBLING_REACH):bisect_right(ks, at + SIBLING_REACH)]:
            x = changes[k]
            if abs(k - at) <= SPLIT_WINDOW or id(x) in gone:
                continue
            # the whole, its partner and the candidate: a split's (old, new, added), a merge's (new, old, removed)
            whole, kept, part = (c.old, c.new, x.new) if x.kind is _ADDED else (c.new, c.old, x.old)
            assert part is not None
            if _brings(whole, kept, part) or _twin(whole, kept, part):
                out.append(x)
    return out


def _at(out: Sequence[Change], x: Change, lo: int = 0, hi: int | None = None) -> int:
    """Where change `x` itself stands in `out`, looked for from `lo` to `hi`; -1 if not there."""
    return next((j for j in range(max(lo, 0), len(out) if hi is None else min(hi, len(out))) if out[j] is x), -1)


def _brings(whole: Rule, kept: Rule, part: Rule) -> bool:
    """Whether `part` holds `FAR_REST` content words of `whole` that its
    partner `kept` lacks."""
    rest = _words(whole).difference(_words(kept), FUNCTION_WORDS)
    return len(rest) >= FAR_REST and len(rest.intersection(_words(part))) >= FAR_REST


def _holds_most(whole: Rule, part: Rule | None) -> bool:
    """Whether `part` holds `OWN_COVER` of its content words in `whole`,
    and `FAR_REST` at least (a title of a word or two is no part: "The
    Board", after "... Non-Board Zones")."""
    if part is None:
        return False
    own = _content(_words(part))
    shared = len(own & _words(whole))
    return shared >= FAR_REST and shared >= OWN_COVER * len(own)


def join_splits(
    changes: Sequence[Change], diff: Callable[[str, str], tuple[Edit, ...]], fixed: frozenset[str] = frozenset()
) -> list[Change]:
    """Replace a paired rule and the added (removed) rules near it that hold
    the rest of one old (new) rule's text by a single ``split``
    (``merged``) change.

    The parts are looked for among the `SPLIT_WINDOW` changes on each side
    (a rule split in three has new rules between its parts, "112.10" /
    "112.10a" / "112.10b" / "112.10c"). The change is paired with the part
    that holds most of the old text, or with the one that kept its number
    if it holds a fair share of it (`_main_part`; `Change.new`, or
    `Change.old` for a merge); `Change.news` (`olds`) lists every part in document order.
    `diff` computes the word edits of the joined texts. A pair an editor
    forced (``override``), and the rules whose IDs are in `fixed` (those an
    editor's overrides name), are left as they are.
    """
    out = list(changes)
    far_parts = {id(changes[i]): part for i, part in _far_parts(changes, fixed).items()}
    # The added (removed) rules by number: a kept rule's new parent far from it (`_far_kin`).
    unpaired = {(x.kind, (x.new or x.old).id): x for x in changes if x.kind is _ADDED or x.kind is _REMOVED}  # type: ignore[union-attr]
    by_section = _by_section(unpaired.values())  # `_twins`
    gone: set[int] = set()  # the changes a split or merge took (by `id`)
    placed = {c.old.id: c.new.id for c in changes if c.old is not None and c.new is not None}  # `_number_kept`
    # Whether each change of `out` is a rule without a partner, kept beside
    # it as splits and merges join changes: each change's window is read as
    # a slice of flags, in C, not by a generator over its changes (3,687
    # windows on the 17-year gap, 676 on the 2018 pair: `compare` of the
    # 2018 pair 1,751 -> 1,745 M instructions).
    loose = [x.kind is _ADDED or x.kind is _REMOVED for x in out]
    # The unpaired rules under each parent, on each side, by their place in
    # `changes`: a part under the pair's parent beyond the window
    # (`SIBLING_REACH`) is found by a look-up and a bisection, not by reading
    # the changes around each pair.
    place = {id(x): k for k, x in enumerate(changes)}
    under: tuple[defaultdict[str, list[int]], defaultdict[str, list[int]]] = (defaultdict(list), defaultdict(list))
    for k, x in enumerate(changes):
        added = x.kind is _ADDED
        r = x.new if added else x.old if x.kind is _REMOVED else None
        if r is not None and r.parent and r.kind is _RULE:
            under[added][r.parent].append(k)  # removed rules', added rules'
    i = 0
    while i < len(out):
        c = out[i]
        if c.old is None or c.new is None or c.more or c.how is _OVERRIDE:
            i += 1
            continue
        glossary = c.old.kind is _GLOSSARY
        siblings = [] if glossary or not (c.new.parent in under[True] or c.old.parent in under[False]) else (
            _siblings(c, place.get(id(c), -1), under, changes, gone))
        # (A rule whose text stayed as it was has no twin made of it: not looked for.)
        twins = [] if glossary or c.old.text == c.new.text else _twins(c, by_section, gone)
        if not siblings and not twins and id(c) not in far_parts and True not in loose[max(i - SPLIT_WINDOW, 0):i + SPLIT_WINDOW + 1]:
            i += 1
            continue  # no rule near it without a partner, none far: no part, no hint (most changes)
        if c.how is _TEXT and not glossary and c.old.full_text == c.new.full_text:
            # A rule renumbered with its text: the partner holds every word
            # and sentence of the whole, so no test below takes a part or
            # hints one (each asks the part for something of the whole the
            # partner lacks, or the two texts to differ), and its words are
            # not read. (Not in the glossary: a headword that names the
            # other entry takes it whatever the texts, `_named`.)
            i += 1
            continue
        near = [j for d in range(1, SPLIT_WINDOW + 1) for j in (i - d, i + d) if 0 <= j < len(out)]
        for x in siblings:  # where each stands now (splits and merges before it took some changes)
            j = _at(out, x, i - 2 * SIBLING_REACH, i + 2 * SIBLING_REACH + 1)
            if j >= 0 and j not in near:
                near.append(j)
        for x in twins:  # anywhere (a section apart: 601.4, 602.4)
            j = _at(out, x)
            if j >= 0 and j not in near:
                near.append(j)
        if c.old.id != c.new.id and not glossary:
            # The rule added under the whole's own number (removed from the
            # partner's), however many items of a list recast as subrules
            # stand between (`_own_number`).
            own = unpaired.get((_ADDED, c.old.id)) or unpaired.get((_REMOVED, c.new.id))
            if own is not None and id(own) not in gone and _holds_most(c.old if own.kind is _ADDED else c.new,
                                                                      own.new if own.kind is _ADDED else own.old):
                at_own = _at(out, own)
                if at_own >= 0 and at_own not in near:
                    near.append(at_own)
        if fixed:
            near = [j for j in near if not any(r.id in fixed for r in (*out[j].olds, *out[j].news))]
        # A split is a merge seen backwards: one rule on one side holds the
        # words of its partner and of rules near it that have no partner.
        split = [out[j].new for j in near if out[j].kind is _ADDED]
        merge = [out[j].old for j in near if out[j].kind is _REMOVED]
        if not glossary:
            # A rule under a heading the release added (removed), about its
            # subject, is no part of a rule that is not (`_of_a_new_subject`).
            split = [r for r in split if r is None or not _of_a_new_subject(r, c.old, c.new, _ADDED, unpaired)]
            merge = [r for r in merge if r is None or not _of_a_new_subject(r, c.new, c.old, _REMOVED, unpaired)]
        if glossary:  # only an entry under an inflection of the term, or named in the headword (`_inflected`, `_named`)
            split = [r for r in split if r is not None and (_inflected(c.old, r) or _named(c.old, r) or _compound(c.old, r))]
            merge = [r for r in merge if r is not None and (_inflected(c.new, r) or _named(c.new, r) or _compound(c.new, r))]
        far = far_parts.get(id(c))
        at = -1  # where the far part's change stands
        if far is not None:
            # A part far away: its change, if no split or merge took it yet.
            at = next((j for j, x in enumerate(out) if (x.new if far[0] else x.old) is far[1]
                       and x.kind is (_ADDED if far[0] else _REMOVED)), -1)
            if at < 0 or at in near or not glossary and _of_a_new_subject(
                far[1], *((c.old, c.new, _ADDED) if far[0] else (c.new, c.old, _REMOVED)), unpaired
            ):
                far, at = None, -1
            else:
                near.append(at)
                (split if far[0] else merge).append(far[1])
        if not split and not merge or far is None and not (
            _may_hold(c.old, c.new, split) or _may_hold(c.new, c.old, merge)
        ):
            i += 1
            continue  # no rule near it without a partner that a test below could take: no part, no hint
        # Most neighbours hold too few of the other rule's words to be a
        # part, or the hint of one: ruled out once, cheaply.
        may_split = [r for r in split if r is not None and _may_be_part(c.old, c.new, r)]
        may_merge = [r for r in merge if r is not None and _may_be_part(c.new, c.old, r)]
        new_parts = [r for r in may_split if _verbatim_part(c.old, c.new, r) or _part_of(c.old, c.new, r)
                     or _copy(c.old, c.new, r) or _renumbered_part(c.old, c.new, r) or _twin(c.old, c.new, r)]
        old_parts = [r for r in may_merge if _verbatim_part(c.new, c.old, r) or _part_of(c.new, c.old, r)
                     or _copy(c.new, c.old, r) or _renumbered_part(c.new, c.old, r) or _twin(c.new, c.old, r)]
        if far is not None and all(far[1] is not r for r in (*new_parts, *old_parts)):
            (new_parts if far[0] else old_parts).append(far[1])
        # A part that grew as it was split off holds too little of the whole
        # for the screen above; it must hold every word of the whole that
        # its partner lacks (`rest`), read once per change.
        if grown_split := [r for r in split if r is not None and all(r is not m for m in may_split)]:
            rest = _words(c.old) - _words(c.new)
            new_parts += [r for r in grown_split if _grown_part(c.old, c.new, r, rest)]
        if grown_merge := [r for r in merge if r is not None and all(r is not m for m in may_merge)]:
            rest = _words(c.new) - _words(c.old)
            old_parts += [r for r in grown_merge if _grown_part(c.new, c.old, r, rest)]
        # A sentence lifted into a new parent that took the rule's number.
        new_parts += [r for r in split if r is not None and all(r is not p for p in new_parts)
                      and _lifted_part(c.old, c.new, r)]
        old_parts += [r for r in merge if r is not None and all(r is not p for p in old_parts)
                      and _lifted_part(c.new, c.old, r)]
        # A part reworded as it was split off shares phrases, not sentences,
        # with the whole (`_reworded_part`); the likely ones are hints.
        found, likely = _reworded_parts(c.old, [c.new, *new_parts], split, lambda: (r for j in near for r in out[j].olds))
        new_parts += found
        reworded = [("split", r) for r in likely]
        found, likely = _reworded_parts(c.new, [c.old, *old_parts], merge, lambda: (r for j in near for r in out[j].news))
        old_parts += found
        reworded += [("merged", r) for r in likely]
        # A clause or an example carried word for word into a part, the
        # sentence around it reworded (`_run_parts`).
        # One mostly of words of its own is a hint (`RUN_COVER`), shown
        # whether or not the rule has other parts.
        run_hints: list[tuple[str, Rule]] = []
        if not glossary:
            found, weak = _run_parts(c.old, [c.new, *new_parts], split, lambda: (r for j in near for r in out[j].olds))
            new_parts += found
            run_hints += [("split", r) for r in weak]
            found, weak = _run_parts(c.new, [c.old, *old_parts], merge, lambda: (r for j in near for r in out[j].news))
            old_parts += found
            run_hints += [("merged", r) for r in weak]
            reworded = [(k, r) for k, r in reworded if all(r is not p for p in (*new_parts, *old_parts))]
            if (_ADDED, c.new.parent) in unpaired or (_REMOVED, c.old.parent) in unpaired:  # most have no such parent
                run_hints += _far_kin(c, new_parts, old_parts, split, merge, unpaired, gone,
                                      lambda: (r for j in near for r in out[j].olds), lambda: (r for j in near for r in out[j].news))
        else:  # the glossary: the term's inflection says what the phrases left unsure
            new_parts += [r for k, r in reworded if k == "split" and all(r is not p for p in new_parts)]
            old_parts += [r for k, r in reworded if k == "merged" and all(r is not p for p in old_parts)]
            reworded = []
            # The headword names the part: two fifths of its words will do (`_may_be_part`).
            new_parts += [r for r in may_split if _named(c.old, r) and all(r is not p for p in new_parts)]
            old_parts += [r for r in may_merge if _named(c.new, r) and all(r is not p for p in old_parts)]
        if not new_parts and not old_parts:
            hints = [("split", r.id) for r in may_split if _likely_part(c.old, c.new, r)]
            hints += [("merged", r.id) for r in may_merge if _likely_part(c.new, c.old, r)]
            hints += [(k, r.id) for k, r in (*reworded, *run_hints) if (k, r.id) not in hints]
            if hints:
                out[i] = replace(c, see_also=tuple(hints))
            i += 1
            continue
        # A list recast as subrules: the parts' children that each took an item.
        for kept, side, parts_of in ((c.new, _ADDED, new_parts), (c.old, _REMOVED, old_parts)):
            if parts_of:
                ids = {r.id for r in (kept, *parts_of)}
                reach = range(max(i - SPLIT_WINDOW, 0), min(i + LIST_REACH + 1, len(out)))
                kids = [(j, r) for j in reach if out[j].kind is side
                        and (r := out[j].new if side is _ADDED else out[j].old) is not None and r.parent in ids
                        and all(r is not p for p in parts_of)]
                whole_r = c.old if side is _ADDED else c.new
                # A child of a part that carried a run of the whole away (`_run_parts`):
                # a list recast as subrules, each child taking one item of it.
                listed, weak = _run_parts(whole_r, (kept, *parts_of), [r for _, r in kids],
                                          lambda: (r for j in near for r in (out[j].olds if side is _ADDED else out[j].news)))
                run_hints += [("split" if side is _ADDED else "merged", r) for r in weak]
                if listed:
                    parts_of += listed
                    near += [j for j, r in kids if any(r is p for p in listed) and j not in near]
        if new_parts:
            whole, kind, parts = c.old, ChangeKind.SPLIT, [c.new, *_said_once(c.new, new_parts)]
        else:
            whole, kind, parts = c.new, ChangeKind.MERGED, [c.old, *_said_once(c.old, old_parts)]
        parts.sort(key=lambda r: r.line)
        # A part far away is never the pair: the change stands where the whole did.
        main = _main_part(whole, [r for r in parts if far is None or r is not far[1]],
                          _number_kept(placed, whole, kind is _SPLIT))
        more = tuple(r for r in parts if r is not main)
        joined = "\n".join(r.full_text for r in parts)
        # The run hints of the side split (merged), once each (a child of a
        # part is read twice), the parts found left out.
        see = tuple(dict.fromkeys((k, r.id) for k, r in run_hints
                                  if k == ("split" if kind is _SPLIT else "merged") and all(r is not p for p in parts)))
        if kind is _SPLIT:
            change = Change(kind, whole, main, diff(whole.full_text, joined), how=c.how, more=more, see_also=see)
        else:
            change = Change(kind, main, whole, diff(joined, whole.full_text), how=c.how, more=more, see_also=see)
        taken = [j for j in near if (out[j].new if new_parts else out[j].old) in parts]
        # The change stands where the first of its parts near it stood.
        first = min([i, *(j for j in taken if j != at)])
        if 0 <= at < first:
            first -= 1  # the far part stood before it
        for k in sorted((i, *taken), reverse=True):
            gone.add(id(out[k]))
            del out[k]  # in place: the list is not copied for each split or merge
            del loose[k]
        out.insert(first, change)
        loose.insert(first, False)  # a split or merge
        i = first + 1
    return out


def force_splits(
    changes: Sequence[Change],
    splits: Sequence[tuple[Rule, Rule, tuple[Rule, ...]]],
    diff: Callable[[str, str], tuple[Edit, ...]],
) -> list[Change]:
    """Make each (old rule, main part, every part) a ``split`` change, as an
    editor's overrides file says (overrides.py), whatever the texts: the
    changes that held its rules are replaced by it, where the first of them
    stood. The main part is the one the editor paired with the old rule."""
    out = list(changes)
    for whole, main, parts in splits:
        ids = {r.id for r in parts}
        involved = [
            k for k, c in enumerate(out)
            if (c.old is not None and c.old.id == whole.id) or any(r.id in ids for r in c.news)
        ]
        ordered = tuple(sorted(parts, key=lambda r: r.line))
        joined = "\n".join(r.full_text for r in ordered)
        change = Change(
            ChangeKind.SPLIT, whole, main, diff(whole.full_text, joined),
            how=MatchHow.OVERRIDE, more=tuple(r for r in ordered if r is not main),
        )
        first = min(involved) if involved else len(out)
        out = [c for k, c in enumerate(out) if k not in involved]
        out.insert(first, change)
    return out


PARALLEL_ALIKE = 0.5
"""Least similarity of a removed rule to its sibling, and to the sibling's
new text, for `parallel_merges`: two rules on one template."""

PARALLEL_REWRITTEN = 0.95
"""The sibling's new text is less alike than this to its old one: rewritten
(not the sibling kept as it was, its neighbour dropped)."""

PARALLEL_SLACK = 0.1
"""The removed rule is at most this much less alike to the new text than
the sibling is: the new text is as much the one's as the other's."""


def _folded(changes: Sequence[Change]) -> tuple[dict[str, str], frozenset[str]]:
    """Where each old parent's rules went, and the old parents dropped: the
    new parent that more than half of its rules the changes pair went
    under (a parent whose rules kept their number and text, none of them a
    change, is where it was: the caller's), and the parents reported
    removed. Two sections made one keep one heading and drop the other,
    their rules under the one kept (2020-07 -> 2024-08: "711 Double-Faced
    Cards" -> "712 Double-Faced Cards", "712 Meld Cards" dropped, its rules
    under the new 712 too)."""
    dropped = frozenset(c.old.id for c in changes if c.kind is _REMOVED and c.old is not None)
    # Counted in C (`Counter` of an iterable), one pass over the changes.
    moves = Counter((c.old.parent, c.new.parent) for c in changes if c.old is not None and c.new is not None)
    went: defaultdict[str, list[tuple[int, str]]] = defaultdict(list)
    for (old, new), n in moves.items():
        if old is not None and new is not None:
            went[old].append((n, new))
    out: dict[str, str] = {}
    for parent, to in went.items():
        n, there = max(to)
        if 2 * n > sum(k for k, _ in to):
            out[parent] = there
    return out, dropped


def parallel_merges(changes: Sequence[Change], diff: Callable[[str, str], tuple[Edit, ...]]) -> list[Change]:
    """Two parallel rules made one, claimed as a ``merged`` change: a rule
    reported removed whose sibling (the same parent) was paired and
    rewritten, when the two were alike (`PARALLEL_ALIKE`, one template
    for two cases) and the new text is about as alike to the removed rule
    as to the sibling (`PARALLEL_SLACK`): a rule for one case and a rule for
    another became one rule for both (Archenemy's and Planechase's
    subgame rules made one supplementary-deck rule in 2022-10; Riftbound's
    two Reaction lines for spells and units made one line for cards). Each
    removed rule joins the sibling's change it is most alike to; the change
    keeps its place and its pair, the removed rule's change goes.

    Precision (sessions 15 and 21, bench/README.md "Session 15: parallel
    rules made one"): as a hint (`see also`), of 20 candidates drawn at
    random on the gap pairs of the evaluation sets before the sibling test
    was set (any removed rule, any paired rule), 14 read right, and all 10
    that the sibling test keeps; of 17 drawn after it was set (every one of
    the 128 adjacent pairs, 7, and 10 more on the gap pairs), 17 read right:
    27 of 27, some ten distinct merges, a claim since session 21 (gap-s35,
    untouched until read, labelled Riftbound's 729.1.c.1 + 729.1.c.2 ->
    813.1.c.1 merged, which the hint named). Cost: the word sets of the
    removed rules and of the paired rules beside them (170 changes of the
    17-year gap's 3,780), read from the alignment's cache (`_words`): 1.2
    ms of CPU there (the median of seven comparisons, timed in the
    pipeline), 0.07 ms on the 2018 pair; and the word diff of each merge.

    Two sections made one (`_folded`): a removed rule of the other
    section joins too, when one of the two headings was dropped and the
    rules of both now stand under the kept rule's new parent, and the new
    text holds a content word of the removed rule that the kept rule lacks
    (it says something of the removed rule's own: the new face-down rule
    names melded permanents beside the other double-faced ones, 2020-07 ->
    2024-08, 711.10 + 712.10 -> 712.16, 0.82 like the meld rule and 0.93
    like its double-faced twin). Without that word, a rule of the dropped
    section alike to a kept rule was dropped with its section, not merged
    (the meld face-down rule 712.9 beside 711.9 -> 712.15, which gap-s41's
    reader labels a pair). Session 27, on the 409 pairs of the archive and
    the eval sets: 89 outputs change, 6 distinct merges, read by the lead
    in the texts, all right (the meld fold in five numberings, 712.4 +
    713.4 -> 712.8 among them; "bands with other" folded into banding,
    502.10h + 502.11c -> 702.19j and 502.10i + 502.11d -> 702.19m; the
    intervening "if" rules 404.3 + 410.8 -> 603.4; a spell's owner and
    controller, 200.5a + 213.4 -> 111.2); gap-final, gap-s40 and gap-s44
    each gain their labelled meld merge (pairing recall 98.6 -> 100%, 94.7
    -> 95.8%, 93.9 -> 94.9%), no set loses. Without the dropped heading,
    also 608.3 + 608.3a -> 608.3c, whose pair was already wrong; with the
    similarity slack in place of the word test, also 711.9 + 712.9 ->
    712.15. Cost: `compare` +8 M of 5,626 M instructions on the 17-year
    gap, +2 M of 1,245 M on the 2018 pair less glibc's malloc (cachegrind,
    hash seed 0, GC off); no claim of either pair changed. In ms of CPU on
    the 17-year gap (in process, median of 9): `parallel_merges` 1.4 ->
    2.5, `_folded` 0.85 of it."""
    removed: dict[str, list[tuple[Rule, frozenset[str]]]] = {}
    for c in changes:
        if c.kind is _REMOVED and c.old is not None and c.old.kind is _RULE and c.old.parent is not None:
            words = _words(c.old)
            if len(words) >= 6:
                removed.setdefault(c.old.parent, []).append((c.old, words))
    if not removed:
        return list(changes)
    went, dropped = _folded(changes)
    # The removed rules by where their parent's rules went.
    folded: defaultdict[str, list[tuple[str, Rule, frozenset[str]]]] = defaultdict(list)
    for parent, rules in removed.items():
        # A parent none of whose rules moved (those paired kept their number
        # and text) is where it was, unless it was dropped.
        there = went.get(parent, None if parent in dropped else parent)
        if there is not None:
            folded[there] += [(parent, r, wr) for r, wr in rules]
    best: dict[str, tuple[tuple[float, float, float], int, Rule]] = {}  # removed ID -> (its likeness, the change, it)
    for k, c in enumerate(changes):
        old, new = c.old, c.new
        if old is None or new is None or old.kind is not _RULE:
            continue
        if old.parent not in removed and (new.parent is None or new.parent not in folded):
            continue
        if (c.kind is not _CHANGED and c.kind is not _RENUMBERED) or c.more or c.how is _OVERRIDE:
            continue
        wp = _words(old)
        # Its siblings; and, when its section and another were made one (one
        # of the two headings dropped, the rules of both under its new
        # parent), the other's.
        beside = [(r, wr, False) for r, wr in (removed.get(old.parent, ()) if old.parent is not None else ())]
        if old.parent is not None and new.parent is not None and went.get(old.parent) == new.parent:
            beside += [(r, wr, True) for p, r, wr in folded.get(new.parent, ())
                       if p != old.parent and (p in dropped or old.parent in dropped)]
        alike = [(r, wr, rp, far) for r, wr, far in beside if (rp := dice(wr, wp)) >= PARALLEL_ALIKE]
        if not alike:
            continue  # no removed sibling on its template (most)
        wn = _words(new)
        pn = dice(wp, wn)
        if pn >= PARALLEL_REWRITTEN:
            continue
        for r, wr, rp, far in alike:
            rn = dice(wr, wn)
            # A sibling: the new text as much its own as the other's; a rule
            # of a folded section: the new text holds a word of its own.
            if rn >= PARALLEL_ALIKE and (_content(wr & wn) - wp if far else rn >= pn - PARALLEL_SLACK):
                score = (rn, rp, pn)
                if r.id not in best or score > best[r.id][0]:
                    best[r.id] = (score, k, r)
    joining: dict[int, list[Rule]] = {}
    for _, k, r in best.values():
        joining.setdefault(k, []).append(r)
    gone = {id(r) for rules in joining.values() for r in rules}
    out = []
    for k, c in enumerate(changes):
        if c.kind is _REMOVED and id(c.old) in gone:
            continue
        if k in joining:
            assert c.old is not None and c.new is not None
            parts = sorted([c.old, *joining[k]], key=lambda r: r.line)
            joined = "\n".join(r.full_text for r in parts)
            more = tuple(r for r in parts if r is not c.old)
            c = Change(ChangeKind.MERGED, c.old, c.new, diff(joined, c.new.full_text), how=c.how, more=more, see_also=c.see_also)
        out.append(c)
    return out
