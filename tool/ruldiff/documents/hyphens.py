"""Words broken by a hyphen at the end of a line, joined as the document spells them.

- `hyphen_kept(text)` -> ``kept(before, after)``: whether a line that ends
  with a broken word (``... the regis-``) and the line that completes it
  (``tration of ...``) are joined with the hyphen or without it.

A hyphen at a line's end is either the compound's own (``type-`` /
``changing``: ``type-changing``) or one a typesetter put in to break a word
(``regis-`` / ``tration``: ``registration``). Kept where it was put in, a
word re-wrapped in the next release (``registration`` in one piece) is a
change; dropped where it is the compound's, ``typechanging`` is one. The
document says which it is:

1. a word the document prints elsewhere on one line decides: ``registration``
   printed whole drops the hyphen, ``type-changing`` printed whole keeps it;
2. a word printed nowhere else follows the document's habit: where more of
   its broken words are found whole without the hyphen than with it, the
   document hyphenates its words (soft hyphens), and the hyphen goes;
   otherwise (no evidence, or compounds) it stays, as it always did.

Its cost: nothing for a document without a broken word; one that has one
pays, at the first, for a pass over its words (a set of them, once).
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["hyphen_kept"]

# A word broken at a line's end: letters, a hyphen, the line break, letters.
_BREAK = re.compile(r"([^\W\d_]+)-[ \t]*\n[ \t\f]*([^\W\d_]+)")
# A word as printed on one line, compounds whole (``type-changing``).
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def hyphen_kept(text: str) -> Callable[[str, str], bool]:
    """Whether `text` keeps the hyphen that ends a line (`before`) when it
    joins the next line (`after`) to it, without a space: dropped where the
    document breaks words (see the module docstring), kept otherwise. The
    document's words are read at the first question, so a document that has
    no broken word pays nothing.

    >>> kept = hyphen_kept("The regis-\\ntration is due. A registration lapses. A type-changing effect.")
    >>> kept("the regis-", "tration"), kept("a type-", "changing"), kept("the accom-", "modation")
    (False, True, False)
    >>> hyphen_kept("No breaks here.")("a well-", "known")
    True
    """
    words: set[str] = set()
    habit: list[bool] = []  # the document's habit, once read

    def kept(before: str, after: str) -> bool:
        head = _last_word(before[:-1]).casefold()
        tail = _first_word(after).casefold()
        if not head or not tail:
            return True
        if not habit:
            words.update(w.casefold() for w in _WORD.findall(text))
            habit.append(_breaks_words(text, words))
        if f"{head}-{tail}" in words:
            return True
        return not (head + tail in words or (habit[0] and after[:1].islower()))

    return kept


def _breaks_words(text: str, words: set[str]) -> bool:
    """Whether more of the words `text` breaks at a line's end are printed
    whole elsewhere without the hyphen than with it."""
    soft = hard = 0
    for m in _BREAK.finditer(text):
        head, tail = m.group(1).casefold(), m.group(2).casefold()
        soft += head + tail in words
        hard += f"{head}-{tail}" in words
    return soft > hard


def _last_word(s: str) -> str:
    n = len(s)
    while n and s[n - 1].isalpha():
        n -= 1
    return s[n:]


def _first_word(s: str) -> str:
    n = 0
    while n < len(s) and s[n].isalpha():
        n += 1
    return s[:n]
