"""semantic.py at the edges of its rules (issue #18): the splits an editor
forces, verb agreement, rule numbers that follow each other, the numbers a
reference update maps, and what tells a stale reference. Invented text only."""

from __future__ import annotations

import pytest

from ruldiff import semantic
from ruldiff.model import Change, ChangeKind, Edit, MatchHow, Op, Rule, RuleKind


def _rule(rule_id: str, text: str, line: int = 0, kind: RuleKind = RuleKind.RULE) -> Rule:
    return Rule(rule_id, kind, text, line=line)


def _joined(a: str, b: str) -> tuple[Edit, ...]:
    """A stand-in for the word diff: what it was asked to compare."""
    return (Edit(Op.DELETE, a), Edit(Op.INSERT, b))


# --- splits an editor forces (overrides) ----------------------------------------

OLD_RELIC = _rule("200.2", "A relic stays in the circle. A keeper may hold five.", line=10)
NEW_STAYS = _rule("200.2", "A relic stays in the circle.", line=20)
NEW_HOLDS = _rule("200.3", "A keeper may hold five.", line=22)


def _forced(changes: list[Change], main: Rule = NEW_STAYS) -> list[Change]:
    # Parts given out of order: the split lists them as the document does.
    return semantic.force_splits(changes, [(OLD_RELIC, main, (NEW_HOLDS, NEW_STAYS))], _joined)


def test_a_forced_split_replaces_the_changes_of_its_rules_where_the_first_stood() -> None:
    before = Change(ChangeKind.ADDED, None, _rule("100.1", "Draw.", line=1), ())
    changed = Change(ChangeKind.CHANGED, OLD_RELIC, NEW_STAYS, ())
    between = Change(ChangeKind.ADDED, None, _rule("100.9", "Rest.", line=21), ())
    added = Change(ChangeKind.ADDED, None, NEW_HOLDS, ())
    out = _forced([before, changed, between, added])
    assert [c.kind for c in out] == [ChangeKind.ADDED, ChangeKind.SPLIT, ChangeKind.ADDED]
    assert out[0] is before and out[2] is between
    split = out[1]
    assert (split.old, split.new, split.more, split.how) == (OLD_RELIC, NEW_STAYS, (NEW_HOLDS,), MatchHow.OVERRIDE)
    assert [r.id for r in split.news] == ["200.2", "200.3"]
    assert split.edits == _joined(OLD_RELIC.text, "A relic stays in the circle.\nA keeper may hold five.")


def test_a_forced_split_is_paired_with_the_part_the_editor_named() -> None:
    split = _forced([Change(ChangeKind.REMOVED, OLD_RELIC, None, ())], main=NEW_HOLDS)[0]
    assert (split.new, split.more) == (NEW_HOLDS, (NEW_STAYS,))


def test_a_forced_split_whose_rules_are_in_no_change_comes_last() -> None:
    other = Change(ChangeKind.CHANGED, _rule("100.1", "Draw."), _rule("100.1", "Draw two."), ())
    out = _forced([other])
    assert out[0] is other and [c.kind for c in out] == [ChangeKind.CHANGED, ChangeKind.SPLIT]


# --- verb agreement -------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, same_verb",
    [
        ("draws", "draw", True),
        ("draw", "draws,", True),  # punctuation on either side is no part of the word
        ("draws;", "draw", True),
        ("wishes", "wish", True),
        ("goes", "gx", False),  # "-es" dropped must leave the stem
        ("has", "have", True),
        ("were", "was", True),
        ("doesn’t", "don't", True),  # curly or straight, either side
        ("doesn't", "don’t", True),
        ("doesn't", "do", False),  # one negated, one not
        ("do", "doesn't", False),
        ("isn't", "aren't", True),
        ("cat", "ca", False),  # no "s" to drop
        ("us", "u", False),  # two letters are no verb and its "s"
        ("ups", "up", True),  # three are
        ("a", "an", False),
    ],
)
def test_agree(a: str, b: str, same_verb: bool) -> None:
    assert semantic._agree(a, b) is same_verb


@pytest.mark.parametrize(
    "d, i, without",
    [
        ("he or she has", "they have", ("he or she", "they")),
        ("he has", "they have", ("he", "they")),
        ("has", "have", ("has", "have")),  # the verb alone is the whole candidate
        ("he has", "have", ("he has", "have")),
        ("he draws", "they draws", ("he draws", "they draws")),  # the same verb: no agreement
        ("he draws", "they pass", ("he draws", "they pass")),
        ("draws he", "draw they", ("draws he", "draw they")),  # only the last word agrees
    ],
)
def test_without_agreement(d: str, i: str, without: tuple[str, str]) -> None:
    assert semantic._without_agreement(d, i) == without


@pytest.mark.parametrize(
    "a, b, inflected",
    [
        (("enter the vault", "enter"), ("enters the vault", "enters"), True),
        (("enters the vault", "enters"), ("enters the vault", "enters"), False),  # the same candidate
        (("enter the vault", "enter"), ("enters the vault now", "enters"), False),  # not word for word
        (("enter the vault", "enter"), ("enters the vault", "leaves"), False),
    ],
)
def test_inflected(a: tuple[str, str], b: tuple[str, str], inflected: bool) -> None:
    assert semantic._inflected(a, b) is inflected


# --- rule numbers -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, follows",
    [
        ("903.10", "903.11", True),
        ("903.10", "904.11", False),  # another parent
        ("903", "903.1", False),
        ("", "", False),
        ("714.1", "714.a", False),  # a number, then a letter
        ("714.a", "714.1", False),
        ("1.10", "1.b", False),
        ("1.ab", "1.ac", False),  # letters, but not one each
        ("704.5s", "704.5t", True),
        ("704.5k", "704.5m", True),  # l is skipped
        ("704.5n", "704.5p", True),  # o too
        ("704.5a", "704.5c", False),  # b is not
        ("1.W", "1.Y", False),
    ],
)
def test_follows(a: str, b: str, follows: bool) -> None:
    assert semantic._follows(a, b) is follows


@pytest.mark.parametrize(
    "rule_id, last",
    [
        ("903.13a", ("903.13", "a")),
        ("103.1.b", ("103.1", "b")),
        ("12.3(b)", ("12.3", "b")),
        ("714", None),
        ("", None),
        ("A1", ("A", "1")),
    ],
)
def test_split_last(rule_id: str, last: tuple[str, str] | None) -> None:
    assert semantic._split_last(rule_id) == last


@pytest.mark.parametrize(
    "rule_id, parent, child",
    [("102.4a", "102.4", True), ("102.4a", "102", False), ("102", "102", False), ("102.4a", "a", False)],
)
def test_is_child(rule_id: str, parent: str, child: bool) -> None:
    assert semantic._is_child(rule_id, parent) is child


@pytest.mark.parametrize(
    "text, id_map, mapped",
    [
        ("rules 601.2e–g and 702.1", {"601.2e": "601.2f", "601.2g": "601.2h", "702.1": "702.2"},
         "rules 601.2f–h and 702.2"),
        ("rule 702.1 and 702.9", {"702.1": "702.2"}, "rule 702.2 and 702.9"),  # a number not moved stays
        ("rules 601.2e–g", {}, "rules 601.2e–g"),
        ("rules 601.2e–g", {"601.2e": "601.2f"}, "rules 601.2f–g"),  # only the first end moved
        ("rules 601.2e–g", {"601.2g": "601.2h"}, "rules 601.2e–h"),
        # The ends under two parents now: the first end mapped, the rest as written.
        ("rules 601.2e–g", {"601.2e": "602.1a", "601.2g": "602.2b"}, "rules 602.1a–g"),
        ("rules 601.2e–g", {"601.2e": "601.3", "601.2g": "601.4"}, "rules 601.3–g"),  # no letters left
        ("rules 601.2e–g", {"601.2e": "601.2f", "601.2g": "601.20"}, "rules 601.2f–g"),
    ],
)
def test_map_numbers(text: str, id_map: dict[str, str], mapped: str) -> None:
    assert semantic._map_numbers(text, id_map) == mapped


@pytest.mark.parametrize(
    "rule_id, heading",
    [("714.1a", "714"), ("§ 7(1)", "§ 7"), ("A.1", "A"), ("714", None), ("A", None), ("", None)],
)
def test_heading(rule_id: str, heading: str | None) -> None:
    assert semantic._heading(rule_id) == heading


# --- reference updates ----------------------------------------------------------------

RANGE_MAP = {"601.2g": "601.2h", "601.2y": "601.2z", "601.2z": "601.2y", "601.2a": "601.2b",
             "601.2b": "601.2a", "601.2B": "601.2c", "702.1": "702.2"}


@pytest.mark.parametrize(
    "deleted, inserted, before, update",
    [
        ("g", "h", "Follow 601.2a–", True),  # the end of a range of subrules, one letter
        ("y", "z", "Follow 601.2a–", True),
        ("z", "y", "Follow 601.2a–", True),
        ("a", "b", "Follow 601.2a–", True),
        ("b", "a", "Follow 601.2a–", True),
        ("g", "h", "Follow 601.2a and ", False),  # no range before it
        ("B", "c", "Follow 601.2a–", False),  # a capital is no subrule letter
        ("702.1", "702.2", "See rule ", True),
        ("702.1", "702.9", "See rule ", False),  # not where 702.1 went
        ("rule 702.1", "section 702.2", "See ", False),  # the number follows, the words do not
        ("702.5", "702.6", "See rule ", False),  # 702.5 did not move
        ("two", "three", "Draw ", False),
    ],
)
def test_is_reference_update(deleted: str, inserted: str, before: str, update: bool) -> None:
    assert semantic._is_reference_update(deleted, inserted, before, RANGE_MAP) is update


# --- stale references ----------------------------------------------------------------------


def _refs(id_map: dict[str, str], new_ids: set[str], old_texts: dict[str, str] | None = None,
          new_texts: dict[str, str] | None = None) -> semantic._References:
    return semantic._References(id_map, new_ids, None, "Test Game Rules", old_texts or {}, new_texts or {})


def _stale(refs: semantic._References, text: str, own: str = "100.1") -> tuple[tuple[str, ...], tuple[str, ...]]:
    return refs.stale(text, semantic._reference_spans(text), own, lambda s, t: True)


def test_a_reference_to_no_rule_is_stale_once_with_no_suggestion() -> None:
    refs = _refs({}, {"100.1", "100.2"})
    assert _stale(refs, "See rule 100.9, then rule 100.9 again.") == (("rule 100.9",), ("",))
    assert _stale(refs, "See rule 100.1 and rule 100.9.") == (("rule 100.9",), ("",))  # its own number aside
    assert _stale(refs, "See rule 100.2 and rule 100.9.") == (("rule 100.9",), ("",))
    assert _stale(_refs({}, set()), "See rule 100.1.") == ((), ())  # a rule's own number is never stale


def test_a_reference_to_a_rule_gone_elsewhere_suggests_where() -> None:
    refs = _refs({"100.3": "100.4"}, {"100.4"})
    assert _stale(refs, "See rule 100.3.") == (("rule 100.3",), ("100.4",))


def test_a_kept_reference_to_a_renumbered_rule_is_stale() -> None:
    refs = _refs({"100.3": "100.4"}, {"100.3", "100.4"})
    assert _stale(refs, "See 100.3 first.") == (("100.3",), ("100.4",))
    assert _stale(_refs({"100.3": "100.4"}, {"100.2", "100.3", "100.4"}), "See 100.2–100.3 first.") == ((), ())  # a range's end
    # Written by the release (not kept): as the editors meant it.
    assert refs.stale("See 100.3.", semantic._reference_spans("See 100.3."), "100.1", lambda s, t: False) == ((), ())
    assert _stale(_refs({}, {"100.3"}), "See 100.3 first.") == ((), ())  # not renumbered


def test_a_kept_reference_to_a_number_that_still_holds_its_rule_or_its_text_is_not_stale() -> None:
    moved = {"100.3": "100.4"}
    same = _refs(moved, {"100.3", "100.4"}, {"100.3": "Spells"}, {"100.3": "Spells on the stack"})
    assert _stale(same, "See rule 100.3.") == ((), ())
    child = _refs({"102.4": "102.4a"}, {"102.4", "102.4a"})
    assert _stale(child, "See rule 102.4.") == ((), ())  # its text went down into 102.4a


@pytest.mark.parametrize(
    "old, new, same",
    [
        ("Spells", "Spells on the stack", True),
        ("Spells", "Spells on the stack of a keeper", True),  # all its words, however few of the new
        ("Lands", "Land", True),  # plural or not, either side
        ("Land", "Lands", True),
        ("alpha beta gamma delta", "alpha beta gamma eps zeta eta", True),  # 0.6
        ("alpha beta gamma delta", "alpha beta gamma eps zeta eta iota", False),
        ("Spells", None, False),
        (None, "Spells", False),
        ("", "Spells", False),
    ],
)
def test_same_content(old: str | None, new: str | None, same: bool) -> None:
    refs = _refs({}, set(), {"1": old} if old is not None else {}, {"1": new} if new is not None else {})
    assert refs.same_content("1") is same


@pytest.mark.parametrize(
    "text, printed, other",
    [
        ("CR 184.6 says so.", "184.6", True),  # an abbreviation at the very start
        ("TGR 184.6 says so.", "184.6", False),  # this document's own initials
        ("See rule 5.1 Rules apply.", "rule 5.1", False),
        ("Core Rules" + " " * 190 + "rule 5.1", "rule 5.1", True),  # a name 200 characters back
        ("Core Rules" + " " * 191 + "rule 5.1", "rule 5.1", False),  # 201
        ("See rule 5.1 of the Core Rules.", "rule 5.1", True),
        ("See rule 5.1 of the Test Game Rules.", "rule 5.1", False),
    ],
)
def test_other_document(text: str, printed: str, other: bool) -> None:
    assert _refs({}, set()).other_document(text, text.index(printed)) is other


# --- punctuation beside a rewording ---------------------------------------------------------


def _punctuation(deleted: str, inserted: str, at: int, before: str = "", after: str = "") -> semantic._Run:
    return semantic._Run(deleted, inserted, before, after, "cosmetic", "", "", at)


NO_STOP = "y" * 100
STOP_AT_45 = "x" * 45 + ". " + "y" * 53  # a sentence ends 55 characters back


@pytest.mark.parametrize(
    "p, reworded, goes",
    [
        # A mark replaced by another goes with a rewording right beside it (12 characters)...
        (_punctuation('"', "“", 30), [(43, 50)], True),
        (_punctuation('"', "“", 30), [(44, 50)], False),
        (_punctuation('"', "“", 30), [(10, 18)], True),
        (_punctuation('"', "“", 30), [(10, 17)], False),
        # ...never further, even in its sentence.
        (_punctuation('"', "“", 30, NO_STOP, NO_STOP), [(100, 110)], False),
        # A mark only dropped or added goes with a rewording in its sentence.
        (_punctuation(",", "", 10, after="y" * 30), [(40, 45)], True),
        (_punctuation("", ",", 10, after="y" * 30), [(41, 45)], True),
        (_punctuation(",", "", 10, after="y" * 30), [(41, 45)], False),  # past the text after it
        (_punctuation(",", "", 10, after="y" * 20), [(100, 105)], False),
        (_punctuation(",", "", 10, before=STOP_AT_45, after="y" * 50), [(40, 45)], True),
        (_punctuation(",", "", 10, after="y. " * 20), [(40, 45)], False),  # another sentence
        (_punctuation(",", "", 60, before=NO_STOP[:40]), [(10, 20)], True),
        (_punctuation(",", "", 60, before=STOP_AT_45), [(10, 20)], True),
        (_punctuation(",", "", 60, before=STOP_AT_45), [(0, 2)], False),
        (_punctuation(",", "", 60, before=NO_STOP[:39]), [(10, 20)], False),  # before the text before it
        (_punctuation(",", "", 60, before=NO_STOP[:10]), [(10, 20)], False),
        (_punctuation(",", "", 60), [], False),
    ],
)
def test_goes_with(p: semantic._Run, reworded: list[tuple[int, int]], goes: bool) -> None:
    assert semantic._goes_with(p, reworded) is goes
