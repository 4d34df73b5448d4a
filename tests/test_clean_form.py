"""substitutions._clean_form: a candidate's form read once, its agreeing verb
set aside and its phrase cleaned (`_clean_phrase`), as the search for
rewrites reads every run's forms. Invented text."""

from __future__ import annotations

import pytest

from ruldiff.diff.substitutions import _clean_form, _clean_phrase, _without_agreement


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("he or she has", "they have", ("he or she", "they")),  # the verb agrees: set aside
    ("comes into play,", "enters the battlefield,", ("comes into play", "enters the battlefield")),
    ("a type, subtype", "types, subtypes", ("a type, subtype", "types, subtypes")),  # items of a list, no verb
    ("110.5a", "111.2", None),  # a number is no wording
])
def test_a_form_is_cleaned_as_its_phrase_without_the_agreeing_verb(old: str, new: str, expected: tuple[str, str] | None) -> None:
    assert _clean_form(old, new) == expected == _clean_phrase(*_without_agreement(old, new))
    assert _clean_form(old, new) == expected  # read again: the same answer
