"""Text helpers the claims share: no claim of their own.

- `norm(text)` -> the text lower-cased, its white space collapsed.
- `phrase_pattern(phrase)` -> a pattern matching the phrase as whole words.
- `phrase_in(part, whole)` -> whether a phrase stands in a text as whole words.
- `SENTENCE_END`, `SENTENCE_END_OR_TEXT`, `WORD_EDGES`, `LETTER`: patterns
  read by more than one claim.
"""

from __future__ import annotations

import functools
import re

__all__ = ["LETTER", "SENTENCE_END", "SENTENCE_END_OR_TEXT", "WORD_EDGES", "norm", "phrase_in", "phrase_pattern"]


LETTER = re.compile(r"[^\W\d]")
SENTENCE_END = re.compile(r"[.:;!?]\s")
SENTENCE_END_OR_TEXT = re.compile(r"[.:;!?](?:\s|$)")


def norm(text: str) -> str:
    return " ".join(text.lower().split())


@functools.lru_cache(maxsize=1024)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")


WORD_EDGES = re.compile(r"^[^\w]*(.*?)[^\w]*$", re.DOTALL)


def phrase_in(part: str, whole: str) -> bool:
    return phrase_pattern(part).search(whole) is not None
