"""Issue #27 item 2 (a family is one rewrite, printed right): each form of a
substitution is shown in the case it has where the rewrite was made, not in
the case the rules around it use most (`substitutions._as_written`).
Invented text only; the real cases by corpus path at the end."""

from __future__ import annotations

from helpers import doc
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.diff.substitutions import WRITTEN_LOOK, _written_together

_OLD = [
    ("1", "Team Play"),
    ("1.1", "In an LD match, each team is led by a captain chosen before the first game."),
    ("1.2", "The captain of a team may call one timeout in each half of the match."),
    ("1.3", "Each LD team has exactly five players, including its captain."),
    ("1.4", "A captain who leaves the field is replaced by another player of the same team, who becomes its captain."),
    ("1.5", "The LD format was created by players; an LD committee keeps the captain rules."),
]


def _new(name: str) -> list[tuple[str, str]]:
    """The same rules, the captain now a leader and the LD format named `name`."""
    a = "an" if name[0] in "AEIOU" else "a"
    return [
        ("1", "Team Play"),
        ("1.1", f"In {a} {name} match, each team is led by a leader chosen before the first game."),
        ("1.2", "The leader of a team may call one timeout in each half of the match."),
        ("1.3", f"Each {name} team has exactly five players, including its leader."),
        ("1.4", "A leader who leaves the field is replaced by another player of the same team, who becomes its leader."),
        ("1.5", f"The {name} format was created by players; {a} {name} committee keeps the leader rules."),
    ]


def test_each_form_is_shown_as_written_where_it_was_replaced() -> None:
    """"captain" became "leader" and "LD" became "Leader", the format's new
    name: the new rules write "leader" most, but the line must not say that
    "LD" became "leader"."""
    (sub,) = compare(doc(_OLD), doc(_new("Leader"))).substitutions
    forms = dict(zip(sub.old.split(" / "), sub.new.split(" / ")))
    assert forms == {"captain": "leader", "an LD": "a Leader", "LD": "Leader"}


def test_a_phrase_written_one_way_is_shown_that_way() -> None:
    """With another name for the format, "captain" -> "leader" is a line of
    its own, written as the rules write it."""
    subs = {(s.old, s.new) for s in compare(doc(_OLD), doc(_new("Guild"))).substitutions}
    assert ("captain", "leader") in subs


def _place(old: str, new: str) -> tuple[str, str, str, str]:
    """A place a rewrite was made (`_near_edits`): old text, lower-cased, new text, lower-cased."""
    return old, old.lower(), new, new.lower()


HEADING = _place("Removed From Play, a title", "Exiled, a title")
SENTENCE = _place("a card removed from play stays", "a card exiled stays")


def test_a_pair_is_read_as_most_places_write_it_together() -> None:
    assert _written_together("removed from play", "exiled", [HEADING, SENTENCE, SENTENCE]) == ("removed from play", "exiled")
    assert _written_together("removed from play", "exiled", [HEADING, HEADING, SENTENCE]) == ("Removed From Play", "Exiled")


def test_on_a_tie_the_first_place_holding_both_decides() -> None:
    only_old = _place("Removed from play", "gone")  # holds the old phrase, not the new
    assert _written_together("removed from play", "exiled", [only_old, SENTENCE, HEADING]) == ("removed from play", "exiled")
    assert _written_together("removed from play", "exiled", [only_old, HEADING, SENTENCE]) == ("Removed From Play", "Exiled")


def test_no_place_holding_both_says_nothing() -> None:
    assert _written_together("removed from play", "exiled", [_place("removed from play", "gone"),
                                                              _place("kept", "exiled")]) is None


def test_the_first_places_decide() -> None:
    # The first WRITTEN_LOOK places write the sentence's way, most; the
    # heading's way, written after them, is not read.
    first = [HEADING] + [SENTENCE] * (WRITTEN_LOOK - 1)
    assert _written_together("removed from play", "exiled", first + [HEADING] * WRITTEN_LOOK) == ("removed from play", "exiled")
    # Half and half over exactly the first WRITTEN_LOOK places, the last of
    # them a heading: a tie, which the first place (a heading) decides.
    half = WRITTEN_LOOK // 2
    places = [HEADING] + [SENTENCE] * half + [HEADING] * (half - 1) + [SENTENCE] * 10
    assert _written_together("removed from play", "exiled", places) == ("Removed From Play", "Exiled")


def test_a_phrase_only_inside_a_longer_word_is_not_written_there() -> None:
    inside = _place("Removed From Play here", "unexiled here")
    assert _written_together("removed from play", "exiled", [inside, SENTENCE]) == ("removed from play", "exiled")


def test_real_commander_rename_is_printed_as_written() -> None:
    """2009-10 -> 2012-10 (gap-s46): "general" became "commander" and "EDH"
    became "Commander", the variant's name; the line said "general" ->
    "Commander" and "an EDH" -> "a commander", the other way round."""
    (sub,) = [s for s in _real("mtg/2009-10-01.txt", "mtg/2012-10-01.txt").substitutions if "EDH" in s.old]
    forms = dict(zip(sub.old.split(" / "), sub.new.split(" / ")))
    assert forms["general"] == "commander"
    assert forms["an EDH"] == "a Commander"


def test_real_aura_variant_keeps_its_capital() -> None:
    """2005-02 -> 2006-02 (gap-s46): "A local-enchantment" became "An Aura"
    at the start of a sentence; the variant was printed "an Aura"."""
    (sub,) = [s for s in _real("mtg/2005-02-01.txt", "mtg/2006-02-01.txt").substitutions if "Aura" in s.new]
    assert ("A local-enchantment", "An Aura") in {(d, i) for d, i, _n in sub.variants}
