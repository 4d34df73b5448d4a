"""Issue #27 items 5 and 7 (families round eight): a new term coordinated
beside an old one across the document ("plane" -> "plane or phenomenon")
is one rewrite, counted over all its forms, though no one form reaches the
rules a bare insertion needs. Invented text only; real cases by corpus path
and rule ID at the end."""

from __future__ import annotations

from helpers import doc
from test_claims import by_new
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.diff.substitutions import _coordinated

# Four rules in two sections insert "or beacon" after "lantern"; three more
# insert "and beacon cards" after "lantern cards". Neither form alone is in
# the five rules an insertion needs.
_SINGLE = [
    ("100.1", "A lantern{} card lights the hall when its keeper rings a bell."),
    ("100.2", "Each player may look at the top lantern{} card of the pile before drawing."),
    ("200.1", "The owner of a lantern{} card is whoever brought it to the fair."),
    ("200.2", "Any ability of a face-up lantern{} that mentions you applies to its whole team."),
]
_PLURAL = [
    ("300.1", "In the Festival variant, lantern cards{} add light and chance to the game."),
    ("300.2", "Outside the capital, lantern cards{} are exempt from the tax on candles."),
    ("300.3", "Players shuffle lantern cards{} separately before the first round begins."),
]
# Rules both releases hold as they are: "lantern" and "lantern cards" stay
# elsewhere, as "plane" does in the real rules, so the old words kept say
# nothing of the rewrite.
_KEPT = [("500", "Lanterns")] + [
    (f"500.{k}", f"The {w} lantern card and the lantern cards it names stay lit until dawn.")
    for k, w in enumerate(("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"), 1)
]
_HEAD = [("1", "Basics"), ("100", "General"), ("200", "Owners"), ("300", "Variants")] + _KEPT


def _releases(extra_old: list[tuple[str, str]] = (), single_only: bool = False):  # type: ignore[assignment, no-untyped-def]
    plural = [] if single_only else _PLURAL
    old = _HEAD + [(n, t.format("")) for n, t in _SINGLE + plural] + list(extra_old)
    new = (
        _HEAD
        + [(n, t.format(" or beacon")) for n, t in _SINGLE]
        + [(n, t.format(" and beacon cards")) for n, t in plural]
        + list(extra_old)
    )
    return compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))


def test_a_new_term_coordinated_in_its_forms_is_one_rewrite() -> None:
    """"beacon" added beside "lantern" in seven rules, in two forms of four
    and three: both forms are printed, every rule tagged ``substitution``
    and none ``substantive``."""
    result = _releases()
    news = {s.new for s in result.substitutions}
    assert news == {"lantern or beacon", "cards and beacon cards"}
    changed = [c for c in result.changes if c.old and c.new]
    assert len(changed) == 7
    assert all(c.tags == ("substitution",) for c in changed)


def test_one_form_alone_in_too_few_rules_is_no_rewrite() -> None:
    """The four rules of one form, without the other: an insertion in four
    rules is not enough, and they stay ``substantive``."""
    result = _releases(single_only=True)
    assert not result.substitutions
    changed = [c for c in result.changes if c.old and c.new]
    assert len(changed) == 4 and all("substantive" in c.tags for c in changed)


def test_a_term_the_old_release_already_used_is_no_rewrite() -> None:
    """"beacon" stood in eight rules of the old release: coordinated beside
    "lantern" in seven more, it is an edit of what those rules say."""
    had = [(f"400.{k}", f"Rule {w} of the beacon tower is kept by the warden.") for k, w in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight"), 1)]
    result = _releases(extra_old=[("400", "Towers")] + had)
    assert not result.substitutions
    changed = [c for c in result.changes if c.old and c.new]
    assert len(changed) == 7 and all("substantive" in c.tags for c in changed)


def test_the_term_a_coordination_adds() -> None:
    assert _coordinated(("lantern", "lantern or beacon")) == "beacon"
    assert _coordinated(("cards", "cards and beacon cards")) == "beacon"
    # No conjunction, the neighbour after the insertion, or a function word only: none.
    assert _coordinated(("lantern", "lantern of beacon")) == ""
    assert _coordinated(("card", "or beacon card")) == ""
    assert _coordinated(("lantern", "lantern or the")) == ""
    assert _coordinated(("lantern", "glowing lantern")) == ""


# --- the real cases (corpora by path and rule ID) ----------------------------------------------

def test_real_phenomenon_added_beside_plane_is_a_rewrite() -> None:
    result = _real("mtg/2010-10-01.txt", "mtg/2013-11-01.txt")
    assert by_new(result)["901.6"].tags == ("substitution",)
    assert any(s.old == "plane" and s.new == "plane or phenomenon" for s in result.substitutions)
    result = _real("mtg/2011-09-30.txt", "mtg/2015-01-23.txt")
    assert by_new(result)["801.18"].tags == ("cosmetic", "substitution")


def test_real_player_coordinated_beside_permanent_stays_substantive() -> None:
    """"permanent[+ or player+]" in two protection rules and 704.5n: the
    old release had "player" everywhere, so no family."""
    result = _real("mtg/2019-05-03.txt", "mtg/2023-10-13.txt")
    assert not any(s.new.endswith("or player") for s in result.substitutions)
    assert "substantive" in by_new(result)["704.5n"].tags
