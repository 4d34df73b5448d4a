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


# --- a family's other half: "put ... token onto the deck" -> "create ... token" ---------------

_TOKENS = [
    ("100.1", "When the bell rings, {} a sailor token{}."),
    ("200.1", "If a gull lands, its keeper may {} a gull token{}."),
    ("300.1", "At dusk each captain must {} a lantern token{}."),
    ("400.1", "A storm lets the pilot {} a cloud token{}."),
]
_PUT_KEPT = [("500", "Holds")] + [
    (f"500.{k}", f"Rule {k} of the hold: put a crate in the hold before the tide turns.") for k in range(1, 13)
]
_TOKEN_HEAD = [("1", "Basics"), ("100", "Bells"), ("200", "Gulls"), ("300", "Lanterns"), ("400", "Storms")]


def _token_releases(rules: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    old = _TOKEN_HEAD + _PUT_KEPT + [(n, t.format("put", " onto the deck")) for n, t in rules]
    new = _TOKEN_HEAD + _PUT_KEPT + [(n, t.format("create", "")) for n, t in rules]
    return compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))


def test_the_verb_of_a_family_cut_in_two_goes_with_it() -> None:
    """"put X token onto the deck" -> "create X token" in four rules: the
    family names "token onto the deck" -> "token" ("put a" is kept in twelve
    rules, so "put a" -> "create a" is no family alone); the verb in the same
    sentence is the family's other half, and each rule is a substitution."""
    result = _token_releases(_TOKENS)
    assert any(s.new in ("token", "token / tokens") for s in result.substitutions)
    assert all(by_new(result)[n].tags == ("substitution",) for n, _ in _TOKENS)


def test_a_verb_beside_a_family_in_too_few_rules_stays_substantive() -> None:
    """The same edit in two rules: too few for a family's other half."""
    result = _token_releases(_TOKENS[:2])
    assert all("substantive" in by_new(result)[n].tags for n, _ in _TOKENS[:2])


def test_real_put_a_token_becomes_create_a_token() -> None:
    """2016-01 -> 2017-01 (gap-s31): 201.4a and 708.5a were tagged
    substantive for "put" -> "create", the half of the token rewrite the
    family line does not name."""
    result = _real("mtg/2016-01-16.txt", "mtg/2017-01-19.txt")
    assert by_new(result)["201.4a"].tags == ("substitution",)
    assert by_new(result)["708.5a"].tags == ("substitution",)
