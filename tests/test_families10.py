"""Issue #27 (families round ten): a deletion beside a kept word made in
many rules is a rewrite however often the new text keeps the old phrase
("enters[- the battlefield-]"), and an address respelled in several rules
by an edit inside it that gives no phrase (a path's piece deleted) is one
rewrite of the whole address. Invented text only; real cases by corpus path
and rule ID at the end."""

from __future__ import annotations

from helpers import doc
from test_claims import by_new
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.diff.runs import Run
from ruldiff.diff.substitutions import _address_token, _dropped

# Six rules in three sections drop "the tower" after "climbs"; fifteen more
# keep "climbs the tower" where it still means what it says, more than
# twice as often as it was dropped.
_DROPPED = [(f"{k // 2 + 1}00.{k % 2 + 1}", text) for k, text in enumerate((
    "When a knight climbs{} at dusk, its owner rings the bell once.",
    "A squire that climbs{} with a lantern may look at the top card.",
    "If a herald climbs{} during a feast, the feast ends at once.",
    "Each page that climbs{} is exempt from the tax on candles.",
    "A bard who climbs{} plays one song before the round begins.",
    "Whenever a rook climbs{} this turn, its keeper draws a card.",
))]
_KEPT = [("500", "Towers")] + [
    (f"500.{k}", f"Rule {k} of the guild: whoever climbs the tower keeps watch until dawn.")
    for k in range(1, 16)
]
_HEAD = [("1", "Basics"), ("100", "General"), ("200", "Feasts"), ("300", "Songs")] + _KEPT


def _releases(dropped: list[tuple[str, str]], gone: str):  # type: ignore[no-untyped-def]
    old = _HEAD + [(n, t.format(" the tower")) for n, t in dropped]
    new = _HEAD + [(n, t.format(gone)) for n, t in dropped]
    return compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))


def test_a_deletion_in_many_rules_is_a_rewrite_though_the_phrase_stays() -> None:
    """"the tower" dropped after "climbs" in six rules of three sections,
    kept in fifteen: one family, every rule tagged ``substitution``."""
    result = _releases(_DROPPED, "")
    assert [(s.old, s.new) for s in result.substitutions] == [("climbs the tower", "climbs")]
    changed = [c for c in result.changes if c.old and c.new]
    assert len(changed) == 6 and all(c.tags == ("substitution",) for c in changed)


def test_a_deletion_in_too_few_rules_stays_substantive() -> None:
    """Four rules: too few for a deletion the new text keeps elsewhere."""
    result = _releases(_DROPPED[:4], "")
    assert not result.substitutions
    changed = [c for c in result.changes if c.old and c.new]
    assert len(changed) == 4 and all("substantive" in c.tags for c in changed)


def test_an_item_removed_in_many_rules_is_no_rewrite() -> None:
    """"climbs the tower or the wall" -> "climbs the tower" in six rules,
    the pair kept in fifteen: an item removed is a list edit, never a
    substitution."""
    kept = [(f"600.{k}", f"Rule {k} of the watch: whoever climbs the tower or the wall keeps watch.")
            for k in range(1, 16)]
    old = _HEAD + [("600", "Walls")] + kept + [(n, t.format(" the tower or the wall")) for n, t in _DROPPED]
    new = _HEAD + [("600", "Walls")] + kept + [(n, t.format(" the tower")) for n, t in _DROPPED]
    result = compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))
    assert not any(s.new.endswith("tower") for s in result.substitutions)


def test_what_a_deletion_drops() -> None:
    assert _dropped(("climbs the tower", "climbs")) and _dropped(("the old tower", "tower"))
    # An item of a list, a phrase deleted whole, or no deletion at all: none.
    assert not _dropped(("tower or wall", "tower"))
    assert not _dropped(("bells, horns", "horns"))
    assert not _dropped(("the tower", ""))
    assert not _dropped(("a tower", "the tower"))


_ADDRESSED = [
    ("100.1", "The guild's charter is found at{} (Guild.example/en/{}charters)."),
    ("100.2", "Fair rules are kept at Guild.example/en/{}charters for every player."),
    ("200.1", "The feast calendar (see Guild.example/en/{}charters) names each feast."),
]


def _address_releases(rules: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    head = [("1", "Basics"), ("100", "General"), ("200", "Feasts")]
    old = head + [(n, t.replace("{}", "", 1).format("archive/") if t.count("{}") == 2 else t.format("archive/"))
                  for n, t in rules]
    new = head + [(n, t.replace("{}", "", 1).format("") if t.count("{}") == 2 else t.format("")) for n, t in rules]
    return compare(doc(old), doc(new))


def test_an_address_respelled_in_several_rules_is_one_rewrite() -> None:
    """"archive/" deleted from one address in three rules: one line naming
    the whole address, each rule tagged ``substitution``."""
    result = _address_releases(_ADDRESSED)
    assert [(s.old, s.new) for s in result.substitutions] == [
        ("Guild.example/en/archive/charters", "Guild.example/en/charters")
    ]
    assert all(by_new(result)[n].tags == ("substitution",) for n, _ in _ADDRESSED)


def test_an_address_respelled_in_one_rule_is_no_rewrite() -> None:
    result = _address_releases(_ADDRESSED[:1])
    assert not result.substitutions
    assert by_new(result)["100.1"].tags == ("substantive",)


def test_the_address_a_run_edits_inside() -> None:
    assert _address_token(Run("archive/", "", "at (Guild.example/en/", "charters). Then")) == (
        "guild.example/en/archive/charters", "guild.example/en/charters")
    assert _address_token(Run("<www.a.example/b", "A.example/B", "(", "/c.aspx>).")) == (
        "www.a.example/b/c.aspx", "a.example/b/c.aspx")
    # A run that ends the address with its closing marks: the marks are no part of it.
    assert _address_token(Run("b.aspx>", "c.aspx>", "(see <www.a.example/", ").")) == (
        "www.a.example/b.aspx", "www.a.example/c.aspx")
    assert _address_token(Run("rules.", "en/rules.", "at www.a.example/", " Then")) == (
        "www.a.example/rules", "www.a.example/en/rules")
    # Words between spaces, or a run that is no piece of an address: none.
    assert _address_token(Run("old", "new", "the ", " rule")) is None
    assert _address_token(Run("archive/", "", "the ", " charters")) is None


# --- the real cases (corpora by path and rule ID) ----------------------------------------------

def test_real_enters_the_battlefield_across_four_years() -> None:
    """2021-09 -> 2025-11: "enters[- the battlefield-]" in 39 rules, the
    phrase kept about 100 times where it means what it says."""
    result = _real("mtg/2021-09-24.txt", "mtg/2025-11-14.txt")
    assert by_new(result)["603.6a"].tags == ("substitution",)
    family = [s for s in result.substitutions if s.new.startswith("enters")]
    assert len(family) == 1 and len(family[0].rules) >= 30
    assert by_new(result)["731.1c"].tags == ("cosmetic", "substitution")
    assert any(s.new.endswith("/en/rules-documents") for s in result.substitutions)


def test_real_spell_or_ability_narrowed_is_no_rewrite() -> None:
    """2009-05 -> 2009-07: "spell[- or ability-]" in 15 rules removes an item."""
    result = _real("mtg/2009-05-01.txt", "mtg/2009-07-11.txt")
    assert not any(s.old == "spell or ability" for s in result.substitutions)


# The guild's address respelled in four rules, wrapped in angle brackets in
# two of them as it was ("at www.guild.example/rules" -> "at
# <Guild.example/Rules>"): the word diff puts the opening bracket in the run
# and leaves the closing one beyond the kept path.
_WRAPPED = [
    ("100.1", "Charters are kept at {}/halls/list.html, open to every squire."),
    ("100.2", "Every herald reads the charter at {}/halls/list.html before the feast."),
    ("200.1", "Lanterns are sold at {} to any knight in good standing."),
    ("200.2", "A bard may ask the steward at {} for a second song."),
]


def test_a_phrase_never_opens_an_angle_bracket_it_does_not_close() -> None:
    old = [("1", "Basics"), ("100", "Halls"), ("200", "Lanterns")] + [
        (n, t.format("www.guild.example")) for n, t in _WRAPPED]
    new = [("1", "Basics"), ("100", "Halls"), ("200", "Lanterns")] + [
        (n, t.format("<Guild.example" if "/halls" in t else "Guild.example").replace(".html,", ".html>,")
         .replace(".html before", ".html> before")) for n, t in _WRAPPED]
    result = compare(doc(old), doc(new))
    printed = [(s.old, s.new) for s in result.substitutions]
    assert printed, "the respelled address is a rewrite made in four rules"
    assert all("guild.example" in o.lower() and "Guild.example" in n for o, n in printed), printed
    for old_phrase, new_phrase in printed:
        for opening, closing in ("<>", "()", "[]"):
            assert new_phrase.count(opening) == new_phrase.count(closing), new_phrase
            assert old_phrase.count(opening) == old_phrase.count(closing), old_phrase


def test_a_deletion_after_a_quoted_word_has_that_word_beside_it() -> None:
    """"Ring the bell only ..." -> "Ring only ..." in three rules, one of them
    quoting the phrase ("for example, “Ring the bell only once”"): the
    quotation mark before "Ring" stands beyond it, so all three are one
    rewrite, none left ("the bell" alone, which other rules keep, is none)."""
    rules = [("100.1", "Bells are rung by keepers."),
             ("100.2", "If a keeper has a limit on its bell (for example, “Ring{} only once each night”), it applies to every tower."),
             ("100.3", "The night bell means “Ring{} only if a stranger came to the gate this night.”"),
             ("100.4", "The dawn bell means “Ring{} only once, and only after the watch has changed.”")]
    kept = [(f"200.{k}", f"A keeper who hears the bell of tower {k} opens the gate.") for k in range(1, 6)]
    old = doc([("1", "Bells"), ("100", "Ringing")] + [(n, t.format(" the bell")) for n, t in rules] + [("200", "Gates")] + kept)
    new = doc([("1", "Bells"), ("100", "Ringing")] + [(n, t.format("")) for n, t in rules] + [("200", "Gates")] + kept)
    result = compare(old, new)
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("Ring the bell", "Ring", 3)]
    assert all(c.tags == ("substitution",) for c in result.changes)


def test_real_activate_this_ability_only_once() -> None:
    """2021-06 -> 2024-08 (gap-s39): "Activate this ability only" ->
    "Activate only" in 602.5b (quoted, after an opening quotation mark),
    702.142a and 707.11: one rewrite, 602.5b no longer ``substantive``."""
    result = _real("mtg/2021-06-09.txt", "mtg/2024-08-02.txt")
    line = next(s for s in result.substitutions if s.new == "Activate")
    assert line.old == "Activate this ability" and {"602.5b", "702.142a", "707.11"} <= set(line.rules)
    assert by_new(result)["602.5b"].tags == ("substitution",)
