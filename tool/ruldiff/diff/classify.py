"""Pair -> Change: decide what happened to a rule.

- `classify(pair)` -> `Change`, with its kind and word-level edits.
- `is_cosmetic(old, new)` -> whether two texts differ only in typography.
- `same_glyphs(old, new)` -> whether they differ only in how their characters
  are printed, not in case or punctuation.

Kinds: a rule only in the new document is ``added``, only in the old one
``removed``; a pair with another number is ``renumbered`` (its edits tell
whether the text changed too); the same number with other text is ``changed``;
otherwise ``unchanged``. Tags, which need the whole document (renumbering,
substitutions), are set afterwards by `semantic.annotate`.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from ..model import Change, ChangeKind, Edit, Op, Pair, make_change
from .worddiff import diff_words

__all__ = ["classify", "is_cosmetic", "same_glyphs", "same_words"]

# Typographic variants that carry no meaning: curly and straight quotes and
# apostrophes, the dashes, the ellipsis, non-breaking and zero-width spaces.
_TYPOGRAPHY = str.maketrans(
    {
        "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'", "`": "'",
        "–": "-", "—": "-", "‑": "-", "−": "-", "…": "...",
        "\u00a0": " ", "\u200b": "",
        # Trademark signs carry no meaning in the text they mark.
        "™": " ", "®": " ",
    }
)
_TYPOGRAPHY_PAIRS = tuple((chr(k), v) for k, v in _TYPOGRAPHY.items())
# Words, without the underscores that mark italics in some releases
# ("_Future Sight_"): markup, not text.
# Signs that carry meaning are kept as words of their own: comparisons and
# a sign before a number ("+1/+1" is not "-1/-1", "≥ 3" not "≤ 3"), but not
# a dash between a word and a rule number, which is a range ("306-311",
# "409.1a-409.1f"; "X-1" keeps its sign).
# The signs a skeleton keeps as words besides the runs of letters and digits.
_SIGNS = r"[≤≥=≠±%×÷∞]|[<>](?=\s*[\dx])|(?<![^\W_])[+-](?=[\dx])|[+-](?=[\dx])(?!\d{3})"
_WORD = re.compile(r"[^\W_]+|" + _SIGNS)
# What `_WORD` makes a word of in a lower-cased ASCII text besides the runs
# of letters and digits: a comparison, or a sign before a number or an x.
# It starts with the set of those marks, which the regex engine scans for at
# C speed; `_WORD`'s alternatives are tried at every position.
_ASCII_SIGN = re.compile(r"[-+<>=%](?:(?<=[<>=%])|(?=[0-9x]))")
# Each byte of an ASCII letter or digit kept, of any other character a space.
_ASCII_ALNUM = bytes(c if c < 0x80 and chr(c).isalnum() else 0x20 for c in range(256))
# A character lost in a conversion, between two letters: "they?re" for
# "they're" (2008-05), U+FFFD for a sign the converter could not map.
# Compiled when first used, as `_old_symbol` and `_first_letter`: most
# releases never need them (~0.5 M instructions each at import).
_garbled = functools.cache(lambda: re.compile(r"(?<=[^\W\d_])[?\ufffd](?=[^\W\d_])"))
# Trademark signs written out: "Magic(tm)", "(R)".
_SIGN = re.compile(r"\((?:tm|r)\)", re.IGNORECASE)
# A mana or tap symbol in the old encoding, an "o" before the symbol's
# capital letter or its number ("{oR}", "oT", "o3"): the symbol itself.
# Case matters: "or" and "of" are words, "oR" and "o1" are not.
_old_symbol = functools.cache(lambda: re.compile(r"(?<![^\W\d_])o(?=(?:[A-Z]|\d+)(?![^\W\d_]))"))
# What every match of `_old_symbol` holds: a pattern that starts with a
# literal, which the regex engine finds at C speed; `_old_symbol`, which starts
# with a look-behind, tries every position (and is compiled only once this
# finds a place: few releases write the old symbols).
_OLD_SYMBOL_LETTERS = re.compile(r"o(?:[A-Z]|\d)")
_TYPOGRAPHY_ASCII = "`"  # the only ASCII character `_TYPOGRAPHY` maps


def _typography(text: str) -> str:
    """``text.translate(_TYPOGRAPHY)``: the typographic variants replaced.

    A translation with a table of non-ASCII characters looks each character
    up in a dict; here an ASCII text (most rules of old releases, most edit
    runs) is not translated, and another has only the characters it holds
    replaced, one `str.replace` each (no replacement holds a character of
    the table, so their order does not matter). With `_without_old_symbols`:
    _skeleton of 1,500 rules of 2026-01-16 50 -> 20 ms (of 2009-10-01 29 ->
    17 ms); on the 17-year gap, _verbatim_part (splits.py) 55 -> 28 ms and
    run building 66 -> 59 ms (CPU, medians of 7).

    >>> print(_typography("It’s “Swift”—now"), _typography("`x`"))
    It's "Swift"-now 'x'

    """
    if text.isascii():
        return text.replace(_TYPOGRAPHY_ASCII, "'") if _TYPOGRAPHY_ASCII in text else text
    for a, b in _TYPOGRAPHY_PAIRS:
        if a in text:
            text = text.replace(a, b)
    return text


def _without_old_symbols(text: str) -> str:
    """``_old_symbol().sub("", text)``, tried only where the literal search
    `_OLD_SYMBOL_LETTERS` finds a place it could match.

    >>> _without_old_symbols("oR {o2} or of 3")
    'R {2} or of 3'
    """
    return _old_symbol().sub("", text) if _OLD_SYMBOL_LETTERS.search(text) else text

# Damaged characters, for `_damaged` (see `_same_but_damaged`):
# - U+FFFD, a character a converter could not read ("DCI\ufffd");
# - a stray byte of another code page inside a word, read as a sign that no
#   word holds ("Dand\u0192n", "El-Hajj\u2030j", "Jun\u00a3n", "Ghazb\u00a0n"
#   for Dand\u00e2n, El-Hajj\u00e2j, Jun\u00fan, Ghazb\u00e1n): a non-ASCII
#   character between two letters that is neither a letter nor an apostrophe
#   or hyphen, or one of the signs that pass for letters (\u0192 florin, the
#   ordinals \u00aa \u00ba);
# - a trademark sign, which old releases wrote as a "T" or "r" stuck to the
#   word ("ArenaT", "Nightsr").
_ANY, _STRAY, _MARK = "\x00", "\x01", "\x02"
_stray_in_word = functools.cache(lambda: re.compile(  # compiled when a text first holds a damage (`_damaged`)
    r"(?<=[^\W\d_])(?:[\u0192\u00aa\u00ba]|(?![\u2019\u2018\u2010\u2011\u00ad])[^\x00-\x7f\w])(?=[^\W\d_])"
))
_TRADEMARK = re.compile(r"[\u2122\u00ae]|\((?:tm|r)\)", re.IGNORECASE)
# Whether a text holds any damage: ``\ufffd|[\u2122\u00ae]|\((?:tm|r)\)|``
# and `_stray_in_word`, ignoring case, written to start with the set of
# characters every damage starts with ("(" or one outside ASCII), which the
# regex engine scans for in C; the look-arounds then check what stands
# around it. Written as an alternation that began with a look-behind, it
# tried every position (the 1,482 texts `_damaged` read on the 17-year gap,
# 6.2 -> 0.9 ms of CPU). Case is spelled out, which keeps that scan:
# "(TM)", and \u0191, the capital of \u0192 (the same matches, tested on
# every character below U+30000). The set is written as what it is not: a
# range up to U+10FFFF took `re` 4 ms to compile, at every start.
_DAMAGE = re.compile(
    r"[^\x00-\x27\x29-\x7f](?:(?<=[\ufffd\u2122\u00ae])|(?<=\()(?:[tT][mM]|[rR])\)"
    r"|(?<=[^\W\d_][\u0191\u0192\u00aa\u00ba])(?=[^\W\d_])"
    r"|(?<=[^\W\d_][^\x00-\x7f\w\u2019\u2018\u2010\u2011\u00ad])(?=[^\W\d_]))"
)
# `_WORD`, with the wildcards of `_damaged` as letters.
_DAMAGED_WORD = re.compile(r"(?:[^\W_]|[\x00-\x02])+|" + _SIGNS)


# Cached: the edit runs of a release repeat the same few strings (a straight
# quote and its curly replacement, "can't" and "can’t") hundreds of times.
@functools.lru_cache(maxsize=4096)
def _skeleton(text: str) -> str:
    """The words of a text, case-folded, one space apart: what is left when
    typography is ignored."""
    text = _without_old_symbols(_SIGN.sub(" ", _typography(text))).replace("'", "")
    if "?" in text or "\ufffd" in text:
        text = _garbled().sub("", text)
    if text.isascii():
        # Nearly every text once its typography is plain (all but 6 of the
        # 5,326 rule texts the splits of the 17-year gap read). NFKC leaves
        # ASCII as it is, and casefold is lower; and where no mark `_WORD`
        # makes a word of is found (`_ASCII_SIGN`: 96% of those texts), its
        # words are the runs of letters and digits, which one byte
        # translation and str.split() cut at a third of the regex's cost.
        text = text.lower()
        if not _ASCII_SIGN.search(text):
            return " ".join(text.encode("ascii").translate(_ASCII_ALNUM).decode("ascii").split())
        return " ".join(_WORD.findall(text))
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_WORD.findall(text))


def same_words(old: str, new: str) -> bool:
    """Whether two texts differ at most in layout: white space that neither
    opens nor closes a break between two letters or digits (below).

    White space beside a mark is never a change, even inside a word's
    characters ("Magic®" against "Magic ®", a range "601.2e-g" spaced out).

    >>> same_words("Draw a card.", "Draw  a card."), same_words("Magic®", "Magic ®")
    (True, True)
    >>> same_words("Draw a card.", "Draw a cart.")
    False

    White space between two letters or digits is not layout: it says where
    one word ends, so closing or opening it is a respelling ("per cent" ->
    "percent", a typo "in a" -> "ina"), never "no change". A hyphen or a mark
    beside the space keeps it layout ("state- based" from a line break).

    >>> same_words("twenty per cent", "twenty percent"), same_words("state- based", "state-based")
    (False, True)
    """
    if old == new:
        return True
    a, b = old.split(), new.split()
    return a == b or ("".join(a) == "".join(b) and _word_ends(a) == _word_ends(b))


def _word_ends(words: list[str]) -> list[int]:
    """Where, in the words joined, a word ends between two letters or digits."""
    ends = []
    at = 0
    for word, following in zip(words, words[1:]):
        at += len(word)
        if word[-1].isalnum() and following[0].isalnum():
            ends.append(at)
    return ends


def is_cosmetic(old: str, new: str) -> bool:
    """Whether two texts differ only in typography: quotes, dashes, case,
    punctuation, spacing, italics markup, trademark signs, or a symbol's
    old encoding.

    >>> is_cosmetic('It\\'s "Swift."', "It’s “swift”.")
    True
    >>> is_cosmetic("_Future Sight_™", "Future Sight(R)"), is_cosmetic("{oR}{o2}", "{R}{2}")
    (True, True)
    >>> is_cosmetic("red or green", "red R green")
    False
    >>> is_cosmetic("each opponent's turn", "each opponents turn")  # an apostrophe misplaced
    True
    >>> is_cosmetic("a +1/+1 counter", "a -1/-1 counter"), is_cosmetic("power ≥ 3", "power ≤ 3")
    (False, False)
    >>> is_cosmetic("gets −1/−1", "gets -1/-1"), is_cosmetic("rules 601.2e–g", "rules 601.2e-g")
    (True, True)
    >>> is_cosmetic("rules 306-311", "rules 306\ufffd311")  # a range's dash lost in a conversion
    True
    >>> is_cosmetic("see www.example.com", "see <www.example.com>")  # markup around an address
    True
    >>> is_cosmetic("as they're chosen", "as they?re chosen")  # a character lost in a conversion
    True
    >>> is_cosmetic("Draw a card.", "Draw two cards.")
    False

    A character damaged in one text (see `_same_but_damaged`) stands for the
    one the other text has there:

    >>> is_cosmetic("Dand\u0192n and Jun\u00a3n", "Dand\u00e2n and Jun\u00fan"), is_cosmetic("ArenaT", "Arena\ufffd")
    (True, True)
    """
    if old.isascii() and new.isascii() and _kept_letters(old) != _kept_letters(new):
        return False
    # Compared without their spaces too: where a lost or re-encoded character
    # stood between two words ("cost-it" / "cost\ufffdit") no word changed.
    a, b = _skeleton(old), _skeleton(new)
    return a == b or a.replace(" ", "") == b.replace(" ", "") or _same_but_damaged(old, new)


def same_glyphs(old: str, new: str) -> bool:
    """Whether two texts differ only in how their characters are printed:
    a quote, apostrophe or dash for its variant, a trademark sign, a
    symbol's old spelling, a character lost or damaged in a conversion,
    spacing; not in case, nor in which marks they hold (italics markup is
    marks). The part of typography a rewording never makes: it may change a
    word's case or a mark (a full stop made a comma as two sentences are
    joined), not a straight quote into a curly one.

    >>> same_glyphs("can't", "can’t"), same_glyphs("a — b™", "a - b"), same_glyphs("that?s", "that's")
    (True, True, True)
    >>> same_glyphs(". Put", ", put"), same_glyphs("Put", "put"), same_glyphs("it's", "its"), same_glyphs("_A_", "A")
    (False, False, False, False)
    >>> same_glyphs("Mar\u0192n", "Mar\u00e2n"), same_glyphs("harbor", "Harbor(r)"), same_glyphs("LanternT", "Lantern(tm)")
    (True, False, True)
    """
    if _glyphs(old) == _glyphs(new):
        return True
    # A character damaged in one of them (`_same_but_damaged`, which ignores
    # case: the words' first letters are compared apart; "harbor" is not
    # "Harbor(r)").
    return (_damaged(old) is not None or _damaged(new) is not None) and _same_but_damaged(old, new) \
        and _initials(old) == _initials(new)


def _initials(text: str) -> list[bool]:
    """Whether each word of a text (white space apart) starts with a capital."""
    return [m.group().isupper() for m in map(_first_letter().search, text.split()) if m]


_first_letter = functools.cache(lambda: re.compile(r"[^\W\d_]"))


def _glyphs(text: str) -> str:
    """A text with its printing set aside (see `same_glyphs`): typography
    plain, trademark signs and old symbols' "o" dropped, a lost character
    read as an apostrophe, no white space."""
    text = _without_old_symbols(_TRADEMARK.sub("", _typography(text)))
    if "?" in text or "\ufffd" in text:
        text = _garbled().sub("'", text)
    return "".join(text.split())


# The letters and digits of an ASCII text that `is_cosmetic` keeps, in
# order and lower-cased, less "o", "t", "m" and "r": what `_skeleton` may
# drop ("oR", "(tm)", "(r)") or a trademark's wildcard stand for (`_ways`).
_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_NOT_KEPT = bytes(c for c in range(128) if not chr(c).isalnum()) + b"otmrOTMR"


def _kept_letters(text: str) -> bytes:
    """What two ASCII texts that differ only in typography have alike.

    An ASCII text's skeleton is its letters and digits, in order and
    lower-cased, less an old symbol's "o" and the letters of "(tm)" and
    "(r)" (a few signs besides); the only damage it can hold is a trademark
    sign, which stands for nothing, a space or a "t" or "r". So two ASCII
    texts whose letters and digits differ otherwise are no typography: told
    by one translation in C, no skeleton built (7,500 comparisons on the
    17-year gap, 2,840 of them told so: 31 -> 20 ms of CPU in all).

    >>> _kept_letters("Coldsnap(TM) 3"), _kept_letters("{oR}") == _kept_letters("{R}")
    (b'cldsnap3', True)
    """
    return text.encode("ascii").translate(_LOWER, _NOT_KEPT)


@functools.lru_cache(maxsize=4096)
def _damaged(text: str) -> str | None:
    """The skeleton of a text with its damaged characters (see above) as
    wildcards: U+FFFD -> `_ANY`, a stray sign in a word -> `_STRAY`, a
    trademark sign -> `_MARK`; None if it has none (`_DAMAGE`, which
    scans in C for the characters a damage starts with: an ASCII test
    before it, which spared its slower form most texts, no longer pays).
    Cost: the 1,482 texts it reads on the 17-year gap, 5.0 -> 1.4 ms of CPU."""
    if not _DAMAGE.search(text):
        return None
    text = _stray_in_word().sub(_STRAY, text.replace("\ufffd", _ANY))
    text = _TRADEMARK.sub(_MARK, text)
    text = _without_old_symbols(_typography(text)).replace("'", "")  # as _skeleton does
    text = unicodedata.normalize("NFKC", text).casefold()
    # The words `_skeleton` reads, the wildcards in them, and its signs: a
    # sign changed beside a damage ("Dand\u0192n deals \u2264 3" -> "... \u2265 3")
    # is no damage repaired.
    return " ".join(_DAMAGED_WORD.findall(text))


def _same_but_damaged(old: str, new: str) -> bool:
    """Whether two texts are the same but for characters damaged in one of
    them, each standing for what the other text has at its place:

    - U+FFFD for one character that is not a digit ("DCI\ufffd", "DCIT"), or
      for nothing at the end of a word;
    - a stray sign inside a word for one letter ("Dand\u0192n", "Dand\u00e2n");
    - a trademark sign for nothing, or for the "T" or "r" that ends a word in
      the other text ("ArenaT", "Arena\u2122").

    A wildcard never stands for a digit or for more than one character, and
    there must be one: texts without damage are compared as they are.

    >>> _same_but_damaged("El-Hajj\u2030j", "El-Hajjaj"), _same_but_damaged("Jun\u00a3n", "Junin")
    (True, True)
    >>> _same_but_damaged("blocker\ufffds", "blockers"), _same_but_damaged("deal 3\ufffd", "deal 35")
    (False, False)
    >>> _same_but_damaged("DCIT rules", "DCI\u2122 rules"), _same_but_damaged("Legendsr", "Legends\ufffd")
    (True, True)
    """
    a, b = _damaged(old), _damaged(new)
    if a is None and b is None:
        return False
    return _wild_match(a if a is not None else _skeleton(old), b if b is not None else _skeleton(new))


def _wild_match(a: str, b: str) -> bool:
    """Whether two skeletons with wildcards match, each wildcard on either
    side standing for what `_same_but_damaged` says. A search over pairs of
    positions: a wildcard offers at most three ways on, and each pair is
    visited once, so the cost is linear in the length times the wildcards."""
    todo, seen = [(0, 0)], set()
    while todo:
        i, j = todo.pop()
        # Equal characters, the common case, are walked over without branching.
        while i < len(a) and j < len(b) and a[i] == b[j] and a[i] > _MARK:
            i, j = i + 1, j + 1
        if i == len(a) and j == len(b):
            return True
        if (i, j) in seen:
            continue
        seen.add((i, j))
        if i < len(a) and a[i] <= _MARK:
            todo += ((i + 1, j + k) for k in _ways(a, i, b, j))
        if j < len(b) and b[j] <= _MARK:
            todo += ((i + k, j + 1) for k in _ways(b, j, a, i))
    return False


def _ways(a: str, i: int, b: str, j: int) -> tuple[int, ...]:
    """How many characters of `b` from `j` the wildcard ``a[i]`` may stand for."""
    after = a[i + 1 : i + 2]
    word_end = not after or after == " " or after <= _MARK
    nxt = b[j : j + 1]
    one = bool(nxt) and not nxt.isdigit()
    if a[i] == _ANY:
        return (1,) * one + (0,) * word_end
    if a[i] == _STRAY:
        return (1,) * one
    # A trademark sign: nothing, the "t" or "r" that ends the word before it,
    # or the space after that word.
    ways = [0]
    if nxt in ("t", "r") and j and b[j - 1].isalpha() and not b[j + 1 : j + 2].isalnum():
        ways.append(1)
        if b[j + 1 : j + 2] == " ":
            ways.append(2)
    elif nxt == " ":
        ways.append(1)
    return tuple(ways)


def classify(pair: Pair, edits: tuple[Edit, ...] | None = None, *, numbered: bool = True) -> Change:
    """Turn an aligned pair into a change with its word-level edits.

    `edits` are the word-level edits of the pair's texts, when already
    computed (`compare` computes them all at once, possibly in parallel).
    In documents without numbers (`numbered` False) IDs only give positions,
    so a pair is never ``renumbered``.

    >>> from ruldiff.model import Pair, Rule, RuleKind, MatchHow
    >>> old = Rule("1.1", RuleKind.RULE, "Draw a card.")
    >>> new = Rule("1.2", RuleKind.RULE, "Draw a card.")
    >>> c = classify(Pair(old, new, MatchHow.TEXT))
    >>> c.kind.value, c.text_changed
    ('renumbered', False)
    """
    old, new = pair.old, pair.new
    if old is None and new is None:
        raise ValueError("a pair needs an old or a new rule")
    if new is None:
        assert old is not None
        return make_change(ChangeKind.REMOVED, old, None, (Edit(Op.DELETE, old.full_text),), (), pair.how, (), (), (), (), None, ())
    if old is None:
        return make_change(ChangeKind.ADDED, None, new, (Edit(Op.INSERT, new.full_text),), (), pair.how, (), (), (), (), None, ())
    if edits is None:
        edits = diff_words(old.full_text, new.full_text)
    if old.id != new.id and numbered:
        kind = ChangeKind.RENUMBERED
    elif not same_words(old.full_text, new.full_text):  # a re-wrapped rule is unchanged
        kind = ChangeKind.CHANGED
    else:
        kind = ChangeKind.UNCHANGED
    return make_change(kind, old, new, edits, (), pair.how, (), (), (), (), None, ())
