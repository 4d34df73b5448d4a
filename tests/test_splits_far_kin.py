"""A rule rewritten as a heading over new subrules, its last sentence kept
in the last of them (splits.py, `_far_kin`): the new heading, the kept
rule's new parent at the old rule's level, stands more than `SPLIT_WINDOW`
changes from it, so it is shown as a `see also` hint on the kept rule's
change, never as a part, unless it holds the old rule's number and most of
its words (then the split's pair, `splits.OWN_COVER`). Invented text."""

from __future__ import annotations

from helpers import doc

from ruldiff.diff.pipeline import compare

HEAD = [("1", "Basics"), ("300", "Charges")]
TAIL = [("300.9", "The warden keeps the lantern until the round is over.")]
FIRST = ("300.1", "Each keeper starts the round with three torches in hand.")
LAST = ("300.3", "The warden may end the round early when every lantern is dark.")
WHOLE = ("300.2", "Powers work only while the lantern holding them is lit, unless the power is a colour-setting "
                  "power that sets the lantern's hue, or a power of a spark or a flare; a power that names its own "
                  "places works there too. A power whose cost moves the lantern out of a place works only in that place.")
SUBRULES = [
    ("300.2a", "A colour-setting power that sets a lantern's hue works everywhere."),
    ("300.2b", "A power that names the places it works in works only there."),
    ("300.2c", "A power that changes what its lantern costs works while the lantern is being bought."),
    ("300.2d", "A power that limits how its lantern may be bought works wherever it could be bought."),
    ("300.2e", "A power whose cost can't be paid while the lantern is lit works wherever the cost can be paid."),
    ("300.2f", "A power whose cost moves the lantern out of a place works only in that place."),
]


def _changes(heading: str) -> list[tuple[str, list[str], list[str], tuple[tuple[str, str], ...]]]:
    new = [FIRST, ("300.2", heading), *SUBRULES, LAST]
    result = compare(doc(HEAD + [FIRST, WHOLE, LAST] + TAIL), doc(HEAD + new + TAIL))
    return [(c.kind.value, [r.id for r in c.olds], [r.id for r in c.news], c.see_also) for c in result.changes]


def test_a_heading_that_rewords_the_old_rule_under_its_number_is_a_part() -> None:
    """The heading holds the old rule's number and most of its content words
    (`splits.OWN_COVER`): the intro of a rule recast as a list, the split's
    pair, however far from its kept sentence (session 24; before, a hint:
    the readers of gap-s16 and gap-s39 label the real case, 402.8, a split
    whose pair is the intro). The item that carries the colour-setting
    clause, under the same parent, is a part too (`splits.SIBLING_REACH`,
    session 25), as those readers label 402.8a."""
    heading = ("Powers of a spark or a flare usually work only while the spark is in the air. Powers of every "
               "other lantern usually work only while that lantern is lit. The exceptions follow.")
    changes = _changes(heading)
    assert ("split", ["300.2"], ["300.2", "300.2a", "300.2f"], ()) in changes
    assert not any(kind == "added" and news == ["300.2"] for kind, _olds, news, _see in changes)


def test_a_heading_of_its_own_words_is_no_hint() -> None:
    # No part, no hint: the heading is added; the whole went to its last
    # sentence and to the item with its colour-setting clause (a sibling).
    changes = _changes("The places where a power works are listed below.")
    assert ("added", [], ["300.2"], ()) in changes
    assert ("split", ["300.2"], ["300.2a", "300.2f"], ()) in changes
