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

1. a word the document prints elsewhere on one line decides: ``type-changing``
   printed whole keeps the hyphen, ``registration`` printed whole drops it;
2. else a second piece that the document prints as a word elsewhere
   (``aid`` of ``first-aid``, ``token`` of ``non-token``) ends a compound
   or follows a prefix: the hyphen stays;
3. else a second piece that goes on with a hyphen of its own
   (``permanent-`` / ``type-changing``) is a part of a compound: a
   typesetter's cut leaves one word, so the hyphen stays;
4. else the second piece is no word of the document (``tration``): the
   typesetter cut the word, and the hyphen goes (when the next line goes on
   in lower case).

Its cost: nothing for a document without a broken word; one that has one
pays, at the first, for a pass over its words (counted, once).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable

__all__ = ["hyphen_kept"]


# A word broken at a line's end: letters, a hyphen, the line break, letters.
@functools.cache
def _break() -> re.Pattern[str]:
    return re.compile(r"([^\W\d_]+)-[ \t]*\n[ \t\f]*([^\W\d_]+)")


# A word as printed on one line, compounds whole (``type-changing``).
_word = functools.cache(lambda: re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*"))


def hyphen_kept(text: str) -> Callable[[str, str], bool]:
    """Whether `text` keeps the hyphen that ends a line (`before`) when it
    joins the next line (`after`) to it, without a space (see the module
    docstring). The document's words are read at the first question, so a
    document that has no broken word pays nothing.

    >>> kept = hyphen_kept("The regis-\\ntration is due. A registration lapses. A type-changing effect.\\n"
    ...                    "No token: a non-\\ntoken card.")
    >>> kept("the regis-", "tration"), kept("a type-", "changing"), kept("a non-", "token card")
    (False, True, True)
    >>> kept("the accom-", "modation"), kept("the accom-", "Modation")
    (False, True)
    >>> kept("a permanent-", "type-changing effect"), kept("the accom-", "modation-")
    (True, False)
    """
    words: Counter[str] = Counter()
    pieces: Counter[str] = Counter()  # words that are a piece of a broken word
    read: list[bool] = []

    def kept(before: str, after: str) -> bool:
        head = _last_word(before[:-1]).casefold()
        tail = _first_word(after).casefold()
        if not head or not tail:
            return True
        if not read:
            read.append(True)
            words.update(w.casefold() for w in _word().findall(text))
            for m in _break().finditer(text):
                pieces[m.group(1).casefold()] += 1
                pieces[m.group(2).casefold()] += 1
        if f"{head}-{tail}" in words:
            return True
        if head + tail in words:
            return False
        # Printed beyond the breaks (this one a break too, even across a page's furniture).
        if words[tail] > max(pieces[tail], 1):
            return True  # a word of the document: a compound's, or after a prefix
        if after[len(tail) : len(tail) + 1] == "-" and after[len(tail) + 1 : len(tail) + 2].isalpha():
            return True  # the compound goes on: ``permanent-`` / ``type-changing``
        return not after[:1].islower()

    return kept


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
