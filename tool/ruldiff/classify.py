"""Pair -> Change: decide what happened to a rule.

- `classify(pair)` -> `Change`, with its kind and word-level edits.
- `is_cosmetic(old, new)` -> whether two texts differ only in typography.

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

from .model import Change, ChangeKind, Edit, Op, Pair
from .worddiff import diff_words

__all__ = ["classify", "is_cosmetic", "same_words"]

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
# Words, without the underscores that mark italics in some releases
# ("_Future Sight_"): markup, not text.
_WORD = re.compile(r"[^\W_]+")
# A character lost in a conversion, between two letters: "they?re" for
# "they're" (2008-05), U+FFFD for a sign the converter could not map.
_GARBLED = re.compile(r"(?<=[^\W\d_])[?\ufffd](?=[^\W\d_])")
# Trademark signs written out: "Magic(tm)", "(R)".
_SIGN = re.compile(r"\((?:tm|r)\)", re.IGNORECASE)
# A mana or tap symbol in the old encoding, an "o" before the symbol's
# capital letter or its number ("{oR}", "oT", "o3"): the symbol itself.
# Case matters: "or" and "of" are words, "oR" and "o1" are not.
_OLD_SYMBOL = re.compile(r"(?<![^\W\d_])o(?=(?:[A-Z]|\d+)(?![^\W\d_]))")


# Cached: the edit runs of a release repeat the same few strings (a straight
# quote and its curly replacement, "can't" and "can’t") hundreds of times.
@functools.lru_cache(maxsize=4096)
def _skeleton(text: str) -> str:
    """The words of a text, case-folded, one space apart: what is left when
    typography is ignored."""
    text = _OLD_SYMBOL.sub("", _SIGN.sub(" ", text.translate(_TYPOGRAPHY))).replace("'", "")
    if "?" in text or "\ufffd" in text:
        text = _GARBLED.sub("", text)
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_WORD.findall(text))


def same_words(old: str, new: str) -> bool:
    """Whether two texts differ at most in white space, which is layout, not text.

    White space alone is never a change, even inside a word's characters
    ("Magic®" against "Magic ®", a range "601.2e-g" spaced out).

    >>> same_words("Draw a card.", "Draw  a card."), same_words("Magic®", "Magic ®")
    (True, True)
    >>> same_words("Draw a card.", "Draw a cart.")
    False
    """
    return old == new or old.split() == new.split() or "".join(old.split()) == "".join(new.split())


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
    >>> is_cosmetic("as they're chosen", "as they?re chosen")  # a character lost in a conversion
    True
    >>> is_cosmetic("Draw a card.", "Draw two cards.")
    False
    """
    # Compared without their spaces: where a lost or re-encoded character
    # stood between two words ("cost-it" / "cost\ufffdit") no word changed.
    a, b = _skeleton(old), _skeleton(new)
    return a == b or a.replace(" ", "") == b.replace(" ", "")


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
        return Change(ChangeKind.REMOVED, old, None, (Edit(Op.DELETE, old.full_text),), how=pair.how)
    if old is None:
        return Change(ChangeKind.ADDED, None, new, (Edit(Op.INSERT, new.full_text),), how=pair.how)
    if edits is None:
        edits = diff_words(old.full_text, new.full_text)
    if old.id != new.id and numbered:
        kind = ChangeKind.RENUMBERED
    elif not same_words(old.full_text, new.full_text):  # a re-wrapped rule is unchanged
        kind = ChangeKind.CHANGED
    else:
        kind = ChangeKind.UNCHANGED
    return Change(kind, old, new, edits, how=pair.how)
