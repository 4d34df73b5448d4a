"""classify.py and compare.py: kinds, tags and the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import doc

from ruldiff.diff.classify import classify, is_cosmetic, same_words
from ruldiff.diff.pipeline import compare
from ruldiff.model import ChangeKind, Document, MatchHow, Op, Pair, Rule, RuleKind
from ruldiff.diff.semantic import annotate


def rule(rule_id: str, text: str) -> Rule:
    return Rule(rule_id, RuleKind.RULE, text)


@pytest.mark.parametrize(
    "old, new, kind, tags",
    [
        (rule("1.1", "Draw."), rule("1.1", "Draw."), ChangeKind.UNCHANGED, ()),
        (rule("1.1", "Draw."), rule("1.1", "Draw two."), ChangeKind.CHANGED, ("substantive",)),
        (rule("1.1", 'Say "go".'), rule("1.1", "Say “go.”"), ChangeKind.CHANGED, ("cosmetic",)),
        (rule("1.1", "Draw."), rule("1.2", "Draw."), ChangeKind.RENUMBERED, ()),
        (rule("1.1", "Draw."), rule("1.2", "Draw two."), ChangeKind.RENUMBERED, ("substantive",)),
        (None, rule("1.2", "Draw."), ChangeKind.ADDED, ("substantive",)),
        (rule("1.1", "Draw."), None, ChangeKind.REMOVED, ("substantive",)),
    ],
)
def test_kinds_and_tags(old: Rule | None, new: Rule | None, kind: ChangeKind, tags: tuple[str, ...]) -> None:
    change = classify(Pair(old, new, MatchHow.NUMBER))
    assert change.kind is kind
    # Tags need the whole document: semantic.annotate sets them.
    document_old = Document("a", "T", None, "p", (old,) if old else ())
    document_new = Document("b", "T", None, "p", (new,) if new else ())
    (annotated,), _, _ = annotate([change], document_old, document_new)
    assert annotated.kind is kind and annotated.tags == tags
    # The edits rebuild both texts: EQUAL and DELETE the old, EQUAL and INSERT the new.
    assert "".join(e.text for e in change.edits if e.op is not Op.INSERT) == (old.full_text if old else "")
    assert "".join(e.text for e in change.edits if e.op is not Op.DELETE) == (new.full_text if new else "")
    same_text = old is not None and new is not None and old.full_text == new.full_text
    assert same_text == all(e.op is Op.EQUAL for e in change.edits) == (not change.text_changed)


def test_added_and_removed_carry_their_whole_text_as_one_edit() -> None:
    added = classify(Pair(None, Rule("1.2", RuleKind.RULE, "Draw.", ("Example: Ann draws.",)), MatchHow.UNPAIRED))
    assert [(e.op, e.text) for e in added.edits] == [(Op.INSERT, "Draw.\nExample: Ann draws.")]


@pytest.mark.parametrize(
    "old, new, cosmetic",
    [
        ("It's done.", "It’s done.", True),
        ("A — B", "A - B", True),
        ("two  spaces", "two spaces", True),
        ("Capital", "capital", True),
        ("a, b and c", "a, b, and c", True),
        ("a b", "a c", False),
        ("903.13", "903.11", False),
        # A range's dash re-encoded, or lost in a conversion, is typography ...
        ("See rules 306-311.", "See rules 306\u2013311.", True),
        ("in 409.1a-409.1f are", "in 409.1a\ufffd409.1f are", True),
        # ... but a sign before a small number is meaning.
        ("costs X-1", "costs X+1", False),
        ("gets +1/+1", "gets -1/-1", False),
        # A comparison is meaning too: its direction, or whether there is one.
        ("power < 3", "power > 3", False),
        ("power <3", "power 3", False),
        ("power ≥ 3", "power ≤ 3", False),
        ("toughness > X", "toughness < X", False),
        # A mana or tap symbol in the old encoding ("o" before its letter or
        # number) is the symbol; an "o" that starts a word is a letter.
        ("Add {oR}{oG}.", "Add {R}{G}.", True),
        ("Pay o3 and oT.", "Pay 3 and T.", True),
        ("the oRb glows", "the Rb glows", False),
        ("red or green", "red R green", False),
        # An apostrophe inside a word is not a damaged character standing for a letter.
        ("the keeper\u2019s turn", "the keeperxs turn", False),
    ],
)
def test_cosmetic(old: str, new: str, cosmetic: bool) -> None:
    assert is_cosmetic(old, new) is cosmetic


def test_compare_counts_every_kind_and_lists_no_unchanged() -> None:
    old = doc([("1", "A"), ("100.1.", "One."), ("100.2.", "Two."), ("100.3.", "Three keepers.")])
    new = doc([("1", "A"), ("100.1.", "Zero."), ("100.2.", "One."), ("100.3.", "Three keepers sit.")])
    result = compare(old, new)
    assert result.summary == {"added": 1, "removed": 1, "changed": 1, "renumbered": 1,
                              "split": 0, "merged": 0, "unchanged": 1}
    assert ChangeKind.UNCHANGED not in {c.kind for c in result.changes}
    assert sum(result.summary.values()) == len(result.changes) + result.summary["unchanged"]


def _words_by_hand(text: str) -> list[str]:
    """The words of a normalised text, scanned one character at a time from
    the rule in words (not from the regex that implements it): a run of
    letters and digits (no underscore: italics markup) is a word; so is each
    comparison or arithmetic sign; so is "<" or ">" before a number or x
    (spaces between allowed); so is "+" or "-" right before a digit or x,
    unless it follows a letter or digit and three digits follow it (a range
    of rule numbers, "306-311")."""
    words, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isalnum():
            j = i
            while j < len(text) and text[j].isalnum():
                j += 1
            words.append(text[i:j])
            i = j
            continue
        rest = text[i + 1:]
        if c in "≤≥=≠±%×÷∞":
            words.append(c)
        elif c in "<>" and rest.lstrip()[:1] and (rest.lstrip()[0].isdecimal() or rest.lstrip()[0] == "x"):
            words.append(c)
        elif c in "+-" and rest[:1] and (rest[0].isdecimal() or rest[0] == "x"):
            after_word = i > 0 and text[i - 1].isalnum()
            range_dash = len(rest) >= 3 and all(d.isdecimal() for d in rest[:3])
            if not (after_word and range_dash):
                words.append(c)
        i += 1
    return words


def test_skeleton_is_the_words_left_when_typography_is_ignored() -> None:
    # An oracle written independently of _skeleton's regex (`_words_by_hand`),
    # over an alphabet holding every character the regex branches on: the
    # comparison signs, "+" and "-" before and after digits, "x", spacing.
    import random
    import unicodedata

    from ruldiff.diff.classify import _TYPOGRAPHY, _skeleton

    def definition(text: str) -> str:
        text = unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY).replace("'", "").casefold()
        return " ".join(_words_by_hand(text))

    pieces = ["a", "B", "X", "ß", "ﬁ", "İ", "_", "1", "3", "306", " ", "\u00a0", "\u200b", "’", "“", "—", "–",
              "−", "…", "\n", ".", "x\u0301", "+", "-", "<", ">", "≥", "≤", "=", "%", "/", "x"]
    rng = random.Random(3)
    seen = set()
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        assert _skeleton(text) == definition(text), text
        seen.update(w for w in _skeleton(text).split() if w in "<>+-")
    assert seen == {"<", ">", "+", "-"}  # the branches on signs were exercised


def test_signs_and_comparisons_are_words_of_their_own() -> None:
    from ruldiff.diff.classify import _skeleton

    assert _skeleton("power < 3") == "power < 3" and _skeleton("power >x") == "power > x"
    assert _skeleton("gets +1/-1") == "gets + 1 - 1" and _skeleton("costs X-1") == "costs x - 1"
    assert _skeleton("rules 306-311") == "rules 306 311"  # a range's dash is not a sign
    assert _skeleton("a <b> tag") == "a b tag"  # markup, not a comparison


# --- characters damaged in one release ---------------------------------------


@pytest.mark.parametrize(
    "old, new",
    [
        ("Dand\u0192n and El-Hajj\u2030j", "Dand\u00e2n and El-Hajj\u00e2j"),  # stray DOS / Mac bytes
        ("Ghazb\u00a0n Ogre, Jun\u00a3n Efreet", "Ghazb\u00e1n Ogre, Jun\u00fan Efreet"),
        ("Dandan,", "Dand\u0192n ,"),  # a plain letter on the other side
        ("El-Hajj\u0192j", "El-Hajj\u2030j"),  # damaged on both sides
        ("the Lanternfall Arena\ufffd card", "the Lanternfall ArenaT card"),  # U+FFFD for a ™ written as T
        ("Wardens of the NightT.", "Wardens of the Night\u2122."),
        ("Old Realmsr and more", "Old Realms\u00ae and more"),
        ("keepers\ufffdeven the old", "keepers\u2014even the old"),
        ("Dand\u0192n deals \u2264 3", "Dandan deals \u2264 3"),  # the sign beside it kept
    ],
)
def test_a_damaged_character_is_cosmetic(old: str, new: str) -> None:
    assert is_cosmetic(old, new) and is_cosmetic(new, old)


@pytest.mark.parametrize(
    "old, new",
    [
        ("Deal 3\ufffd damage.", "Deal 35 damage."),  # a wildcard is never a digit
        ("the keeper\ufffds", "the keeper"),  # U+FFFD inside a word stands for a character
        ("Dand\u0192n", "Dandan the Great"),  # one character only
        ("draw a card", "drawT a card"),  # "T" only where the other text has a sign
        ("un caf\u00e9", "un cafe"),  # accented and plain letters differ without damage
        # A sign changed beside a character that is no damage: a dash or a florin not
        # between two letters, a bracket (ASCII) between them.
        ("power \u2264 3 \u2014even so", "power \u2265 3 \u2014even so"),
        ("power \u2264 3, keepers\u2014 so", "power \u2265 3, keepers\u2014 so"),
        ("a \u0192an with power \u2264 3", "a \u0192an with power \u2265 3"),
        ("a Ma\u0192 with power \u2264 3", "a Ma\u0192 with power \u2265 3"),
        ("keeper(s) with power \u2264 3", "keeper(s) with power \u2265 3"),
        # A sign changed beside a real damage, or beside a letter that only looks like one
        # (session 17: the damaged skeleton dropped the signs `_skeleton` keeps).
        ("Dand\u0192n deals \u2264 3", "Dand\u0192n deals \u2265 3"),
        ("Dand\u0191n gets +1/+1", "Dand\u0191n gets -1/-1"),
        ("the keeper\ufffds roll > 4", "the keeper\ufffds roll < 4"),
    ],
)
def test_damage_never_hides_a_real_edit(old: str, new: str) -> None:
    assert not is_cosmetic(old, new)

@pytest.mark.parametrize(
    "old, new, same",
    [
        ("Draw a card.", "Draw a card.", True),
        ("Draw a card.", "Draw  a\ncard.", True),
        ("Magic®", "Magic ®", True),  # white space inside a word's characters is layout too
        ("601.2e -g", "601.2e-g", True),
        ("Draw a card.", "Draw a cart.", False),
        ("Draw a card.", "Draw acard", False),
        ("twenty per cent", "twenty percent", False),  # a space between letters ends a word: a respelling
        ("Level3", "Level 3", False),
        ("state- based", "state-based", True),  # a hyphen beside it: a line break's layout
    ],
)
def test_same_words_ignores_white_space_only(old: str, new: str, same: bool) -> None:
    assert same_words(old, new) is same
    assert same_words(new, old) is same


def test_a_pair_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="^a pair needs an old or a new rule$"):
        classify(Pair(None, None, MatchHow.UNPAIRED))


@pytest.mark.parametrize("old, new", [(rule("1.1", "Draw."), None), (None, rule("1.1", "Draw.")),
                                      (rule("1.1", "Draw."), rule("1.2", "Draw two."))])
def test_the_change_says_how_its_rules_were_paired(old: Rule | None, new: Rule | None) -> None:
    for how in (MatchHow.TEXT, MatchHow.NUMBER):
        assert classify(Pair(old, new, how)).how is how


# --- through the command: what a user reads ----------------------------------


def _tags_of_the_change(tmp_path: Path, old: str, new: str) -> list[list[str]]:
    """The tags ``ruldiff OLD NEW -f json`` gives the changes of a rule
    "A creature with <old> gets a counter." rewritten with `new`."""
    from click.testing import CliRunner
    from helpers import write_rules_pair

    from ruldiff.cli.main import main

    files = write_rules_pair(tmp_path, [("1", "Basics"), ("100", "General"), ("100.1.", f"A creature with {old} gets a counter.")],
                             [("1", "Basics"), ("100", "General"), ("100.1.", f"A creature with {new} gets a counter.")])
    result = CliRunner().invoke(main, [*files, "-f", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return [c["tags"] for c in json.loads(result.stdout)["changes"]]


@pytest.mark.parametrize(
    "old, new",
    [
        ("power < 3", "power >3"),  # the comparison turned round, respaced
        ("power <3", "power 3"),  # the comparison dropped
        ("power ≥ 3", "power ≤ 3"),
        ("power 3", "power -3"),
    ],
)
def test_a_changed_sign_or_comparison_is_substantive(tmp_path: Path, old: str, new: str) -> None:
    assert _tags_of_the_change(tmp_path, old, new) == [["substantive"]]


@pytest.mark.parametrize(
    "old, new", [("gets +1/+1", "gets -1/-1"), ("power < 3", "power > 3"), ("a +1/+1 counter", "a -1/-1 counter")]
)
def test_a_sign_alone_changed_is_substantive(tmp_path: Path, old: str, new: str) -> None:
    # The edit run is the bare sign ("[-+-]{+-+}", "[-<-]{+>+}"), judged
    # with the number after it (runs._plain); once cosmetic, a shipped bug.
    assert _tags_of_the_change(tmp_path, old, new) == [["substantive"]]


# --- white space is layout -----------------------------------------------------


@pytest.mark.parametrize("new_text", ["Draw  a card.", "Draw a\ncard.", " Draw a card. ", "Draw\ta card."])
def test_a_white_space_only_difference_is_no_change(new_text: str) -> None:
    old, new = rule("100.1", "Draw a card."), rule("100.1", new_text)
    assert classify(Pair(old, new, MatchHow.NUMBER)).kind is ChangeKind.UNCHANGED
    result = compare(Document("a", "T", None, "p", (old,)), Document("b", "T", None, "p", (new,)))
    assert result.changes == () or list(result.changes) == []
    assert result.summary["unchanged"] == 1 and result.summary["changed"] == 0
    # ... while a changed word still is one.
    changed = compare(Document("a", "T", None, "p", (old,)), Document("b", "T", None, "p", (rule("100.1", "Draw a cart."),)))
    assert changed.summary["changed"] == 1


@pytest.mark.parametrize(("old", "new"), [("twenty per cent", "twenty percent"), ("the player’sMain Deck", "the player’s Main Deck")])
def test_a_word_break_opened_or_closed_is_a_cosmetic_change_not_none(tmp_path: Path, old: str, new: str) -> None:
    # Once read as layout: a release whose only edit was "per cent" ->
    # "percent" printed "no changes".
    assert _tags_of_the_change(tmp_path, old, new) == [["cosmetic"]]


@pytest.mark.parametrize(
    ("fancy", "plain"),
    [
        ("it\u2019s", "its"), ("it\u2018s", "its"), ("it\u201as", "its"), ("it`s caf\u00e9", "its caf\u00e9"),  # apostrophes join the word
        ("gets \u20131", "gets -1"), ("gets \u20141", "gets -1"), ("gets \u20111", "gets -1"), ("gets \u22121", "gets -1"),
        ("draw\u200bn", "drawn"),  # a zero-width space is no space
        ("Magic\u2122 and Arena\u00ae", "Magic and Arena"),
    ],
)
def test_each_typographic_variant_reads_as_the_plain_character(fancy: str, plain: str) -> None:
    """Written out, not read from the table the code uses: a drifted entry
    must fail here. Signs and word breaks matter beyond is_cosmetic (which
    also compares without spaces): splits count the skeleton's words."""
    from ruldiff.diff.classify import _skeleton

    assert _skeleton(fancy) == _skeleton(plain) == " ".join(_words_by_hand(plain.lower().replace("'", "")))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("as they?re chosen", "as theyre chosen"),  # a character lost between two letters joins them
        ("as they\ufffdre chosen", "as theyre chosen"),
        ("deal 3?a", "deal 3 a"),  # not beside a digit
        ("deal a?3", "deal a 3"),
        ("costs -?x", "costs x"),  # nor after a sign
        ("see a?-306", "see a - 306"),
        ("Magic(R) and Arena(tm)", "magic and arena"),  # trademark signs written out
        ("Pay o3.", "pay 3"),  # a symbol in the old encoding, a number alone
        ("the o is a letter", "the o is a letter"),
        ("Pay oT or the o.", "pay t or the o"),
    ],
)
def test_the_words_of_a_text_skip_damage_and_old_encodings(text: str, words: str) -> None:
    from ruldiff.diff.classify import _skeleton

    assert _skeleton(text) == words


@pytest.mark.parametrize(
    ("old", "new", "cosmetic"),
    [
        # A stray sign stands for one letter inside a word only.
        ("Jun\u00a3n", "Junin", True),
        ("a \u00a3n", "a xn", False),
        ("Jun\u00a3 x", "Juni x", False),
        ("_Dand\u0192n_", "Dand\u00e2n", True),  # italics marks around a damaged word
        # A trademark sign written out stands for the T or r an old release stuck to the word.
        ("Arena(TM) rules", "ArenaT rules", True),
        ("Legends(R) are", "Legendsr are", True),
        ("Arena(tm) rules", "ArenaT rules", True),  # in lower case too
        ("Legends(r) are", "Legendsr are", True),
        ("Pay o3.", "Pay 3.", True),
    ],
)
def test_damaged_characters_stand_for_what_the_other_text_has(old: str, new: str, cosmetic: bool) -> None:
    assert is_cosmetic(old, new) is cosmetic
    assert is_cosmetic(new, old) is cosmetic


def test_a_backtick_is_an_apostrophe() -> None:
    # Old plain-text releases wrote "can`t": one word, as "can't" and "can’t" are.
    from ruldiff.diff.classify import _skeleton

    assert _skeleton("you can`t") == _skeleton("you can't") == _skeleton("you can’t") == "you cant"


@pytest.mark.parametrize(
    ("old", "new", "cosmetic"),
    [
        ("e-mail", "email", True),  # the same letters, split differently: no word changed
        ("blocker\ufffd", "blockers", True),  # a lost character at a word's end stands for one letter
        ("DCI\ufffd\ufffd rules", "DCIxy rules", True),
        ("x\ufffd", "x5", False),  # never for a digit
        ("Jun\u00a3\u00a3n", "Junin", False),  # two stray signs are not one letter
        ("Arenar rules", "Arena\u2122 rules", True),  # the r an old release stuck on for ®/™
        ("the T rule", "the \u2122 rule", False),  # a T standing alone is a word, not a sign
        ("Arena \u2122", "Arena T", False),
    ],
)
def test_what_a_damaged_character_may_stand_for(old: str, new: str, cosmetic: bool) -> None:
    assert is_cosmetic(old, new) is cosmetic
    assert is_cosmetic(new, old) is cosmetic


@pytest.mark.parametrize("old, new", [(rule("1.1", "Draw."), None), (None, rule("1.1", "Draw.")),
                                      (rule("1.1", "Draw."), rule("1.1", "Draw two."))])
def test_a_classified_change_has_nothing_yet_that_annotate_adds(old: Rule | None, new: Rule | None) -> None:
    # annotate extends these; a None in their place is not "none yet".
    change = classify(Pair(old, new, MatchHow.NUMBER))
    assert (change.tags, change.more, change.stale, change.items_added, change.items_removed,
            change.stale_should_be) == ((), (), (), (), (), ())
