"""Issue #27 (families round eleven): a family is complete. A replacement
accepted only with its neighbour word ("hinder that" -> "impede that",
the bare word kept too often elsewhere to be taken alone) is the same
rewrite beside any other word. Invented text only; real cases by corpus
path and rule ID at the end."""

from __future__ import annotations

from helpers import doc
from test_claims import by_new
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.diff.substitutions import _bare_core

# Four rules in four sections replace "hinder that" with "impede that"; one
# more replaces "hinder the" with "impede the"; fifteen keep "hinder", which
# still means what it says there ("hinder the flow").
_WITH_THAT = [
    ("100.1", "Effects that would {} that knight from riding don't stop the joust."),
    ("200.1", "A spell may {} that squire from drawing a card this turn."),
    ("300.1", "No herald can {} that player from ringing the bell."),
    ("400.1", "Storms {} that rook from leaving the tower at dusk."),
]
_OTHER = ("500.1", "Rains that {} the caravan from moving end at noon.")
_KEPT = [("600", "Rivers")] + [
    (f"600.{k}", f"Dam {k} of the valley: its gates hinder the flow of the river until spring.") for k in range(1, 16)
]
_HEAD = [("1", "Basics"), ("100", "General"), ("200", "Spells"), ("300", "Heralds"), ("400", "Towers"),
         ("500", "Caravans")]


def _releases(rules: list[tuple[str, str]], old_word: str, new_word: str):  # type: ignore[no-untyped-def]
    old = _HEAD + _KEPT + [(n, t.format(old_word)) for n, t in rules]
    new = _HEAD + _KEPT + [(n, t.format(new_word)) for n, t in rules]
    return compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))


def test_a_family_takes_its_replacement_beside_another_word() -> None:
    """The fifth rule's "hinder the" -> "impede the" is the family's
    rewrite: one line naming the bare replacement, in five rules, each
    rule tagged ``substitution``."""
    result = _releases(_WITH_THAT + [_OTHER], "hinder", "impede")
    assert [(s.old, s.new, len(s.rules)) for s in result.substitutions] == [("hinder", "impede", 5)]
    assert all(by_new(result)[n].tags == ("substitution",) for n, _ in _WITH_THAT + [_OTHER])


def test_the_bare_replacement_alone_stays_refused() -> None:
    """Without the forms beside "that", "hinder" -> "impede" in one rule,
    the word kept fifteen times: no family, the rule substantive."""
    result = _releases([_OTHER], "hinder", "impede")
    assert not result.substitutions
    assert by_new(result)["500.1"].tags == ("substantive",)


def test_the_bare_replacement_a_function_word_makes() -> None:
    assert _bare_core(("hinder that", "impede that")) == ("hinder", "impede")
    assert _bare_core(("to hinder", "to impede")) == ("hinder", "impede")
    # An article or a short word swapped, an insertion, or a phrase with no neighbour: none.
    assert _bare_core(("a knight", "the knight")) is None
    assert _bare_core(("rides", "rides now")) is None
    assert _bare_core(("hinder", "impede")) is None


# --- the real cases (corpora by path and rule ID) ----------------------------------------------

def test_real_prevent_becomes_preclude_beside_any_word() -> None:
    """2015-09 -> 2018-01 (gap-s29): "prevent" -> "preclude" in six rules,
    four of them before "that"; "prevent" kept wherever damage is
    prevented. 603.2a ("prevent abilities") was tagged substantive."""
    result = _real("mtg/2015-09-26.txt", "mtg/2018-01-19.txt")
    family = [s for s in result.substitutions if s.new.startswith("preclude")]
    assert len(family) == 1 and {"603.2a", "104.2a", "702.7c"} <= set(family[0].rules)
    assert by_new(result)["603.2a"].tags == ("substitution",)
