"""parse.py: front matter, headings, rules, examples, glossary, credits, old layouts."""

from __future__ import annotations

import importlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruldiff.errors import ParseError
from ruldiff.model import Coverage, Document, Rule, RuleKind
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import Profile, load_profile
from ruldiff.documents.read import decode

# The module: `ruldiff.documents.parse` the attribute is the function.
parse_module = importlib.import_module("ruldiff.documents.parse")


@pytest.fixture(autouse=True)
def _fresh_joined_patterns() -> None:
    """Each test builds its profiles' joined pattern itself: a pattern cached
    by an earlier test (or process) would hide what _joined_items does now."""
    parse_module._joined_items.cache_clear()

MODERN = """\
Tidepool Comprehensive Rules

These rules are effective as of March 3, 2025.

Introduction

This document explains how to play Tidepool.

Contents

1. Basics
100. General
101. Shells
2. Tides
200. General
Glossary
Credits

1. Basics

100. General

100.1. Tidepool is a game for two or more players.

100.1a A two-player game uses one pool.

100.1b A larger game uses two pools.
Example: Four players share two pools.
Example: Six players also share two pools.

100.2. Each player needs a deck of shells. See rule 101.1.

101. Shells

101.1. A shell is a card.

2. Tides

200. General

200.1. The tide rises at the start of each turn.

Glossary

Pool
The shared area where shells are played. See rule 100.1a.

Shell
1. A card.
2. A card's physical token.
See rule 101, "Shells."

Credits

Tidepool Design: A. Writer
Rules Editing: B. Editor
"""


def doc_of(text: str, path: str = "t.txt"):  # type: ignore[no-untyped-def]
    return parse(decode(text.encode("utf-8"), path))


def test_front_matter_title_date_and_intro() -> None:
    doc = doc_of(MODERN)
    assert doc.title == "Tidepool Comprehensive Rules"
    assert doc.date == "2025-03-03"
    assert doc.intro.splitlines() == [
        "These rules are effective as of March 3, 2025.",
        "Introduction",
        "This document explains how to play Tidepool.",
    ]


def test_contents_is_not_mistaken_for_rules() -> None:
    doc = doc_of(MODERN)
    ids = [r.id for r in doc.rules]
    assert ids == ["1", "100", "100.1", "100.1a", "100.1b", "100.2", "101", "101.1", "2", "200", "200.1"]
    assert len(set(ids)) == len(ids)


def test_kinds_texts_and_parents() -> None:
    rules = {r.id: r for r in doc_of(MODERN).rules}
    assert (rules["1"].kind, rules["1"].text, rules["1"].parent) == (RuleKind.SECTION, "Basics", None)
    assert (rules["100"].kind, rules["100"].text, rules["100"].parent) == (RuleKind.HEADING, "General", "1")
    assert rules["100.1"].kind is RuleKind.RULE
    assert rules["100.1"].text == "Tidepool is a game for two or more players."
    assert rules["100.1a"].parent == "100.1"
    assert rules["100.2"].parent == "100"
    assert rules["200.1"].parent == "200"
    assert rules["100.1a"].line == 25


def test_examples_attach_to_their_rule() -> None:
    rules = {r.id: r for r in doc_of(MODERN).rules}
    assert rules["100.1b"].text == "A larger game uses two pools."
    assert rules["100.1b"].examples == (
        "Example: Four players share two pools.",
        "Example: Six players also share two pools.",
    )
    assert rules["100.1b"].full_text.count("\n") == 2


def test_glossary_terms_senses_and_credits() -> None:
    doc = doc_of(MODERN)
    assert [g.id for g in doc.glossary] == ["glossary:Pool", "glossary:Shell"]
    shell = doc.glossary[1]
    assert shell.kind is RuleKind.GLOSSARY
    # Numbered senses are paragraphs of the definition, not rules.
    assert shell.text.splitlines() == ["1. A card.", "2. A card's physical token.", 'See rule 101, "Shells."']
    assert doc.credits.splitlines() == ["Tidepool Design: A. Writer", "Rules Editing: B. Editor"]


def test_a_term_glued_to_its_first_sense_is_split_from_it() -> None:
    # A release lost the line break after a term ("Shell1. A card."): the
    # term is "Shell", and "1. A card." its first sense.
    doc = doc_of(MODERN.replace("Shell\n1. A card.\n", "Shell1. A card.\n"))
    assert [g.id for g in doc.glossary] == ["glossary:Pool", "glossary:Shell"]
    assert doc.glossary[1].text.splitlines()[:2] == ["1. A card.", "2. A card's physical token."]


def test_an_entry_with_no_blank_line_before_it_is_an_entry_of_its_own() -> None:
    # A release lost the blank line between two entries: a short capitalised
    # line after a finished definition is the next term, not more definition.
    text = MODERN.replace("Shell\n1. A card.", "Spray\nWater from a wave.\nShell\n1. A card.")
    doc = doc_of(text)
    assert [g.id for g in doc.glossary] == ["glossary:Pool", "glossary:Spray", "glossary:Shell"]
    assert doc.glossary[1].text == "Water from a wave."
    # A short last line is part of the definition: a term has a definition after it.
    two = MODERN.replace("See rule 100.1a.\n", "See rule 100.1a.\nSee Shell\n")
    assert [g.id for g in doc_of(two).glossary] == ["glossary:Pool", "glossary:Shell"]
    assert doc_of(two).glossary[0].text.endswith("See rule 100.1a.\nSee Shell")


def test_numbered_senses_after_a_blank_line_stay_in_their_entry() -> None:
    # Two releases set each sense of a term apart with blank lines; a sense
    # is still part of the definition, never a term of its own.
    text = MODERN.replace(
        "Shell\n1. A card.\n2. A card's physical token.\n",
        "Shell\nShell has two meanings.\n\n1. A card.\n\n2. A card's physical token.\n\nSpray\nWater from a wave.\n",
    )
    doc = doc_of(text)
    assert [g.id for g in doc.glossary] == ["glossary:Pool", "glossary:Shell", "glossary:Spray"]
    assert doc.glossary[1].text.splitlines() == ["Shell has two meanings.", "1. A card.", "2. A card's physical token."]
    assert doc.glossary[2].text == 'Water from a wave.\nSee rule 101, "Shells."'


WRAPPED = """\
==========================================
TIDEPOOL RULES                    07/04/01
==========================================

Contents
1. Basics
   100. General

------------------------------------------
1. Basics
------------------------------------------

100. General
------------

100.1. Tidepool is a game for two or more
players, played with shells. See rule
101.2. for the shell limit.

100.1a. A two-player game uses one pool.
  100.1b A larger game uses two pools.
Example: Four players share two pools
when they sit in pairs.

100.2. Each player needs a deck of shells.

Glossary

Pool
  The shared area where shells are
  played.

  A pool can hold any number of shells.

Index
  pool, 100.1a

Credits
Design: A. Writer
"""


def test_hard_wrapped_layout_joins_continuation_lines() -> None:
    doc = doc_of(WRAPPED)
    assert doc.title == "TIDEPOOL RULES"
    assert doc.date == "2001-07-04"
    rules = {r.id: r for r in doc.rules}
    assert list(rules) == ["1", "100", "100.1", "100.1a", "100.1b", "100.2"]
    # "See rule\n101.2. for..." is a reference inside the sentence, not rule 101.2.
    assert rules["100.1"].text == (
        "Tidepool is a game for two or more players, played with shells. "
        "See rule 101.2. for the shell limit."
    )
    assert rules["100.1b"].examples == ("Example: Four players share two pools when they sit in pairs.",)
    assert rules["100.1b"].parent == "100.1"  # a sibling of 100.1a, not its child
    assert rules["100.1b"].parent in rules


def test_hard_wrapped_glossary_paragraphs_and_index_dropped() -> None:
    doc = doc_of(WRAPPED)
    assert [g.id for g in doc.glossary] == ["glossary:Pool"]
    assert doc.glossary[0].text.splitlines() == [
        "The shared area where shells are played.",
        "A pool can hold any number of shells.",
    ]
    assert doc.credits == "Design: A. Writer"


def test_duplicate_numbers_get_a_suffix() -> None:
    doc = doc_of("1. A\n\n100. B\n\n100.1. One.\n\n100.1. Again.\n")
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.1#2"]


@pytest.mark.parametrize(
    ("printed", "ids"),
    [
        # the space after the first dot is a misprint: the rule is the one expected next
        ("100.1a One.\n\n100. 1b Two.\n\n100.1c Three.", ["100.1", "100.1a", "100.1b", "100.1c"]),
        ("100.2. Two.\n\n100. 2a Under two.", ["100.1", "100.2", "100.2a"]),
        # not the number expected next, or not lettered: a heading, as printed
        ("100.1a One.\n\n100. 3b Far away.", ["100.1", "100.1a", "100#2"]),
        ("100.1a One.\n\n100. 2 Players", ["100.1", "100.1a", "100#2"]),
    ],
)
def test_a_number_printed_with_a_space_after_its_dot_is_joined_only_where_expected(
    printed: str, ids: list[str]
) -> None:
    doc = doc_of(f"1. A\n\n100. B\n\n100.1. Zero.\n\n{printed}\n")
    assert [r.id for r in doc.rules][2:] == ids
    joined = [r for r in doc.rules if r.id in ("100.1b", "100.2a")]
    assert all(r.kind is RuleKind.RULE and not r.text[0].isdigit() for r in joined)
    # what was repaired stays known, for `ruldiff check` to report the misprint
    assert doc.coverage is not None
    assert [printed for _line, printed in doc.coverage.repaired] == [f"100. {r.id[4:]}" for r in joined]


def test_numbered_line_inside_unwrapped_paragraph_starts_a_rule() -> None:
    long = "x" * 300
    doc = doc_of(f"1. A\n\n100. B\n\n100.1. {long} ends without a stop\n100.2. Next.\n")
    assert [r.id for r in doc.rules][-2:] == ["100.1", "100.2"]


@pytest.mark.parametrize(
    "text",
    ["", "Just some prose.\nNothing numbered here.\n", "Contents\n1. Basics\n100. General\n"],
)
def test_no_rules_is_a_parse_error_naming_the_file(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(decode(text.encode("utf-8"), "empty.txt"), load_profile("mtg-cr"))
    assert str(err.value) == (
        "empty.txt: no numbered rules found (is this a rules document? profile mtg-cr expects numbered lines; "
        "for paragraphs without numbers, use --profile paragraphs)"
    )


def test_a_document_without_numbers_is_read_as_paragraphs_and_an_empty_one_is_an_error() -> None:
    doc = doc_of("Just some prose.\n\nNothing numbered here.\n")
    assert doc.profile == "paragraphs" and [r.id for r in doc.rules] == ["p1", "p2"]
    with pytest.raises(ParseError, match="no paragraphs found"):
        doc_of("\n\n")


def test_crlf_and_lf_documents_parse_identically() -> None:
    lf = doc_of(MODERN)
    crlf = parse(decode(MODERN.replace("\n", "\r\n").encode("utf-8"), "t.txt"))
    cr = parse(decode(MODERN.replace("\n", "\r").encode("cp1252", "replace"), "t.txt"))
    assert lf == crlf
    assert lf.rules == cr.rules


@pytest.mark.parametrize(
    "rule_id",
    ["100.1a", "103.1.b.2", "901.4.All", "0a0a", "a0a0", "1..2", "", "#2", "12#3#4", "\u0661\u0662.3a", "7\u00e9b"],
)
def test_segments_of_all_ids_at_once_are_those_of_each_id(rule_id: str) -> None:
    # \d+ or [a-z]+ runs, up to any "#": found for a whole document at once,
    # through character classes for ASCII IDs.
    ids = ["100.1", rule_id, "5"]
    expected = [len(re.findall(r"\d+|[a-z]+", i.partition("#")[0])) for i in ids]
    assert parse_module._segments(ids) == expected


# --- numbered lines read with one joined pattern --------------------------


def _parsed_both_ways(
    text: str, profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> Document | None:
    """The document parsed with the joined item pattern, once checked to be
    what trying the profile's patterns one by one gives (None: no rules)."""
    assert parse_module._joined_items(profile) is not None
    docs: list[Document | None] = []
    for joined in (True, False):
        if not joined:
            monkeypatch.setattr(parse_module, "_joined_items", lambda profile: None)
        try:
            docs.append(parse(decode(text.encode("utf-8"), "t.txt"), profile))
        except ParseError:
            docs.append(None)
    assert docs[0] == docs[1]
    return docs[0]


@pytest.mark.parametrize("name", ["mtg-cr", "riftbound", "inline-rules"])
@pytest.mark.parametrize("text", [MODERN, WRAPPED], ids=["modern", "wrapped"])
def test_joined_item_pattern_reads_like_the_patterns_one_by_one(
    name: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _parsed_both_ways(text, load_profile(name), monkeypatch)


def test_joined_item_pattern_tells_the_kinds_apart_through_nested_groups(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    profile = Profile(
        name="nested",
        heading=re.compile(r"^(?P<id>\d{3})\.\s+((?P<text>[A-Z]\w*)( \w+)*)$"),
        section=re.compile(r"^(?P<id>\d)\.\s+(?P<text>(\w+)\s*(\w*))$"),
        rule=re.compile(r"^((?P<id>\d{3}\.\d+[a-z]?)\.?)\s+(?P<text>.*)$"),
        numbered=re.compile(r"(\d)"),
    )
    text = "1. Basics\n\n100. General Rules\n\n100.1. One.\n100.1a two\n\n101. lower case\n"
    doc = _parsed_both_ways(text, profile, monkeypatch)
    assert doc is not None
    assert [(r.id, r.kind.value, r.text) for r in doc.rules] == [
        ("1", "section", "Basics"),
        ("100", "heading", "General"),
        ("100.1", "rule", "One."),
        ("100.1a", "rule", "two\n101. lower case"),
    ]


@pytest.mark.parametrize(
    ("rule", "text"),
    [
        (r"(?i)^(?P<id>\d+)\.\s+(?P<text>.*)$", "Twelve."),  # inline flags: valid only at the start
        (r"^(?P<id>\d+)(\.)\s+(?P<text>.*?)\2?$", "Twelve"),  # a backreference by number
        (r"^(?P<id>\d+)(?P<dot>\.)\s+(?P<text>.*?)(?P=dot)?$", "Twelve"),  # by name
        (r"^(?P<id>\d+)(\.)?(?(2)\s+|x)(?P<text>.*)$", "Twelve."),  # a conditional
        (r"^(?P<id>\d+)\.\s+(?P<text>.*)(\(?P<x>)?$", "Twelve."),  # "(?P<" that is no group
    ],
)
def test_patterns_that_cannot_be_joined_are_tried_one_by_one(rule: str, text: str) -> None:
    profile = Profile(name="odd", rule=re.compile(rule))
    assert parse_module._joined_items(profile) is None
    doc = parse(decode(b"Intro\n\n12. Twelve.\n", "t.txt"), profile)
    assert [(r.id, r.text) for r in doc.rules] == [("12", text)]


def test_a_decoration_wins_over_a_numbered_item_in_the_joined_pattern(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    profile = Profile(
        name="deco",
        rule=re.compile(r"^(?P<id>\d+)\.\s+(?P<text>.*)$"),
        decoration=re.compile(r"^(\d+\.\s+)?-{3,}$"),
    )
    text = "Intro\n\n12. Twelve.\n13. -----\n----\nmore\n\n14. Fourteen.\n"
    doc = _parsed_both_ways(text, profile, monkeypatch)
    assert doc is not None
    assert [(r.id, r.text) for r in doc.rules] == [("12", "Twelve.\nmore"), ("14", "Fourteen.")]


def test_a_profile_with_notes_is_not_joined() -> None:
    # The note pattern edits a line between the decoration test and the others.
    assert parse_module._joined_items(load_profile("web-rules")) is None


def test_patterns_with_other_flags_are_not_joined() -> None:
    verbose = Profile(name="v", rule=re.compile(r"^(?P<id>\d+) \. \s+ (?P<text>.*)$", re.VERBOSE))
    mixed = Profile(name="m", rule=re.compile(r"^(?P<id>\d+)\.\s+(?P<text>.*)$", re.IGNORECASE))
    assert parse_module._joined_items(verbose) is None
    assert parse_module._joined_items(mixed) is None


# --- Riftbound: heading or rule from the joined paragraph ---------------------

_LANTERN_ONE_LINE = """Lanternfall Core Rules
Last Updated: 2025-01-01
100. Game Concepts
101. Keepers
102. Keepers include, but are not limited to, the following: Wardens in any zone Embers in any zone Tokens
102.1. A keeper is a game object.
103. If two embers would flare at once and no order is given, the elder ember flares first
103.1. Elder embers carry a timestamp.
104. The Ember Step
104.1. Flare every ember.
"""
# The same rules hard-wrapped as from v1.2 on: continuation lines carry no number.
_LANTERN_WRAPPED = """Lanternfall Core Rules
Last Updated: 2025-02-01
100. Game Concepts
101. Keepers
102. Keepers include, but are not limited to, the following:
Wardens in any zone
Embers in any zone
Tokens
102.1. A keeper is a game object.
103. If two embers would flare at once
and no order is given, the elder ember flares first
103.1. Elder embers carry a timestamp.
104. The Ember Step
104.1. Flare every ember.
"""


@pytest.mark.parametrize("text", [_LANTERN_ONE_LINE, _LANTERN_WRAPPED], ids=["one-line", "wrapped"])
def test_riftbound_heading_or_rule_comes_from_the_joined_paragraph(text: str) -> None:
    document = parse(decode(text.encode(), "r.txt"), load_profile("riftbound"))
    kinds = {r.id: r.kind for r in document.rules}
    assert kinds == {
        "100": RuleKind.HEADING, "101": RuleKind.HEADING, "102": RuleKind.RULE, "102.1": RuleKind.RULE,
        "103": RuleKind.RULE, "103.1": RuleKind.RULE, "104": RuleKind.HEADING, "104.1": RuleKind.RULE,
    }


def test_riftbound_root_rules_sit_under_the_heading_before_them() -> None:
    document = parse(decode(_LANTERN_WRAPPED.encode(), "r.txt"), load_profile("riftbound"))
    parents = {r.id: r.parent for r in document.rules}
    assert parents["102"] == parents["103"] == "101"
    assert parents["102.1"] == "102" and parents["104.1"] == "104"


def test_coverage_counts_every_non_blank_line_once() -> None:
    # MODERN: 12 lines of front matter and 3 of credits (layout), 13 in the
    # rules (5 headings, 8 lines of rules and examples), 7 in the glossary.
    assert doc_of(MODERN).coverage == Coverage(35, 8, 5, 7, 15, 0)
    # WRAPPED: the rules region's decorations are layout; a continuation line
    # that starts like a rule number is counted unread, by its line.
    assert doc_of(WRAPPED).coverage == Coverage(28, 7, 2, 5, 13, 1, ((18, "101.2. for the shell limit."),))
    blank_lines = MODERN.replace("\n\n", "\n \n\t\n")  # lines of white space are blank too
    assert doc_of(blank_lines).coverage == Coverage(35, 8, 5, 7, 15, 0)
    no_glossary = MODERN[: MODERN.index("Glossary\n\nPool")] + "Credits\n\nTidepool Design: A. Writer\n"
    assert doc_of(no_glossary).coverage == Coverage(27, 8, 5, 0, 14, 0)


def test_glossary_entries_start_on_their_term_line() -> None:
    assert [(g.id, g.line) for g in doc_of(MODERN).glossary] == [("glossary:Pool", 45), ("glossary:Shell", 48)]
    assert [(g.id, g.line) for g in doc_of(WRAPPED).glossary] == [("glossary:Pool", 29)]


@pytest.mark.parametrize(
    ("rule_id", "successors"),
    [
        ("5", {"5.1", "5.a", "6"}),
        ("5.b", {"5.b.1", "5.b.a", "5.c", "6"}),
        ("5.1.c", {"5.1.c.1", "5.1.c.a", "5.1.d", "5.2", "6"}),
        ("09", {"09.1", "09.a", "10"}),  # zero-padded as printed
        ("5.z", {"5.z.1", "5.z.a", "6"}),  # no letter after z
        ("5.ab", {"5.ab.1", "5.ab.a", "6"}),  # a segment of two letters has no next one
    ],
)
def test_numbers_that_may_follow_a_rule_numbered_inline(rule_id: str, successors: set[str]) -> None:
    assert parse_module._successors(rule_id) == successors


POCKET = """\
Pocket Rules

1. Setup. Each player takes 3 tokens. 2. Turns. Play in order, see rule 3. Then 2.a. The first \
player goes first. Example: Ann starts. 2.b. Then pass.
3. Scoring. Count tokens. 7. Not a rule.

12 stray line
"""


def test_rules_numbered_inline_are_cut_at_each_next_number_but_not_at_references() -> None:
    doc = parse(decode(POCKET.encode(), "p.txt"), load_profile("inline-rules"))
    assert (doc.path, doc.title, doc.intro, doc.credits, doc.glossary) == ("p.txt", "Pocket Rules", "", "", ())
    assert [(r.id, r.line, r.text, r.examples) for r in doc.rules] == [
        ("1", 3, "Setup. Each player takes 3 tokens.", ()),
        ("2", 3, "Turns. Play in order, see rule 3. Then", ()),  # "see rule 3." is a reference
        ("2.a", 3, "The first player goes first.", ("Example: Ann starts.",)),
        ("2.b", 3, "Then pass.", ()),
        ("3", 4, "Scoring. Count tokens. 7. Not a rule.\n12 stray line", ()),  # 7 cannot follow 3
    ]
    # Counted in pieces, and an unread line named by its line in the file.
    assert doc.coverage == Coverage(8, 6, 0, 0, 1, 1, ((6, "12 stray line"),))


def test_paragraphs_without_numbers_join_their_lines_and_keep_their_examples() -> None:
    text = "First paragraph line one\nline two.\n\nExample: an example of it.\n\n\nSecond\tparagraph\u200b.\n"
    doc = parse(decode(text.encode(), "p.txt"), load_profile("paragraphs"))
    assert doc == Document(
        path="p.txt", title="", date=None, profile="paragraphs", numbered=False,
        rules=(
            Rule("p1", RuleKind.RULE, "First paragraph line one line two.", ("Example: an example of it.",), None, 1),
            Rule("p2", RuleKind.RULE, "Second paragraph.", (), None, 7),
        ),
        coverage=Coverage(lines=4, rules=4, headings=0, glossary=0, layout=0, unread=0),
    )
    with pytest.raises(ParseError) as err:
        parse(decode(b"\n \n", "blank.txt"), load_profile("paragraphs"))
    assert str(err.value) == "blank.txt: no paragraphs found (the file holds no text)"


def test_tabs_are_spaces_and_zero_width_spaces_nothing() -> None:
    tab, zero_width = ("100.2. Each player", "100.2. Each\tplayer"), ("101.1. A shell", "101.1. A\u200b shell")
    for edits in ((tab,), (zero_width,), (tab, zero_width)):
        text = MODERN
        for old, new in edits:
            text = text.replace(old, new)
        rules = {r.id: r.text for r in doc_of(text).rules}
        assert (rules["100.2"], rules["101.1"]) == ("Each player needs a deck of shells. See rule 101.1.",
                                                    "A shell is a card.")


WRAPPED_MORE = WRAPPED.replace(
    "100.2. Each player needs a deck of shells.\n",
    """\
100.2. Each player needs a deck of non-
token shells, a -
few -1/-
1 counters and an x-
(y) marker.

100.3
The text on the next line. A token is a shell.

101. Shells and
Tides

102. Each player draws a card at the
start of each turn.

103. Who goes first when
both players are ready?

104. Shout out loud when
you win!
""",
).replace(
    "\n  A pool can hold any number of shells.\n",
    """\n A pool can hold any number of shells.
Example: A pool holds ten
shells.
---------------
Tide
The water that rises
at the start of each turn, and then falls.
    An indented line starts a paragraph.

   ------
Tide
A second entry of the same term.
""",
)


def test_hard_wrapped_lines_join_broken_words_empty_starts_and_wrapped_titles() -> None:
    rules = {r.id: r for r in doc_of(WRAPPED_MORE).rules}
    # A hyphen ending a word joins the next line's word, kept where that is a
    # word of the document ("token", printed in 100.3); a lone one, or one
    # before punctuation, is followed by a space.
    assert rules["100.2"].text == "Each player needs a deck of non-token shells, a - few -1/-1 counters and an x- (y) marker."
    assert rules["100.3"].text == "The text on the next line. A token is a shell."  # the number alone on its line
    # A heading whose title runs on is still one; a "heading" that runs on
    # into a sentence is a rule, whatever ends it.
    assert [(i, rules[i].kind, rules[i].text) for i in ("101", "102", "103", "104")] == [
        ("101", RuleKind.HEADING, "Shells and Tides"),
        ("102", RuleKind.RULE, "Each player draws a card at the start of each turn."),
        ("103", RuleKind.RULE, "Who goes first when both players are ready?"),
        ("104", RuleKind.RULE, "Shout out loud when you win!"),
    ]


def test_hard_wrapped_glossary_joins_lines_at_the_same_indent_and_keeps_examples() -> None:
    glossary = doc_of(WRAPPED_MORE).glossary
    assert [(g.id, g.text.splitlines(), g.examples) for g in glossary] == [
        ("glossary:Pool", ["The shared area where shells are played.", "A pool can hold any number of shells."],
         ("Example: A pool holds ten shells.",)),  # a block indented by one space continues the entry
        ("glossary:Tide", ["The water that rises at the start of each turn, and then falls.",
                           "An indented line starts a paragraph."], ()),  # a decoration ends a block
        ("glossary:Tide#2", ["A second entry of the same term."], ()),
    ]


def test_a_plain_line_after_an_example_is_more_of_the_example() -> None:
    text = MODERN.replace("Example: Six players also share two pools.\n",
                          "Example: Six players also share two pools.\nThe pools sit side by side.\n")
    rule = {r.id: r for r in doc_of(text).rules}["100.1b"]
    assert (rule.text, rule.examples) == ("A larger game uses two pools.", (
        "Example: Four players share two pools.", "Example: Six players also share two pools.",
        "The pools sit side by side."))
    assert doc_of(text).coverage == Coverage(36, 9, 5, 7, 15, 0)  # read, not unread


def test_notes_a_profile_takes_out_of_the_text_stay_with_their_rule() -> None:
    text = "↑ Section 1\n100.1 Draw a card. (refs: 202)\n100.2 Pass. (ref: 100.1)\n(refs: 7)\n100.3 Rest.\n"
    doc = parse(decode(text.encode(), "web.txt"), load_profile("web-rules"))
    assert [(r.id, r.text, r.notes) for r in doc.rules] == [
        ("100.1", "Draw a card.", ("(refs: 202)",)),
        ("100.2", "Pass.", ("(ref: 100.1)", "(refs: 7)")),
        ("100.3", "Rest.", ()),
    ]


def test_the_title_is_the_first_three_lines_of_the_first_paragraph_cleaned() -> None:
    front = "TIDEPOOL   __COMPREHENSIVE__\nRULES\nFOR\nTWO PLAYERS\n\nThese rules are effective as of May 1, 2024.\n\n"
    assert doc_of(front + MODERN[MODERN.index("1. Basics\n\n100."):]).title == "TIDEPOOL COMPREHENSIVE RULES FOR"


def test_sub_items_do_not_make_a_document_hard_wrapped() -> None:
    text = (
        "Club Laws\n\nThese laws were written by the members\nof the club, for the club.\n\n"
        "Law 1 Players\n1.1 Each side has\n(a) a captain\n(b) a keeper\n1.2 Each player wears\n(a) boots\n"
        "(b) a shirt\nLaw 2 Ball\n2.1 The ball is round.\n"
    )
    doc = parse(decode(text.encode(), "laws.txt"), load_profile("laws"))
    assert doc.intro == "These laws were written by the members\nof the club, for the club."  # lines kept
    assert [r.id for r in doc.rules] == ["Law 1", "1.1", "1.1(a)", "1.1(b)", "1.2", "1.2(a)", "1.2(b)", "Law 2", "2.1"]


@pytest.mark.parametrize(
    ("text", "slow"),
    [
        ("Intro\n\n12. Twelve.\n" + "11 " * 28 + "\n", "the pattern of key 'reference'"),  # a long line
        ("Intro\n\n12. Twelve.\n" + "11\n" * 28, None),  # short lines: the pattern is run line by line
    ],
)
def test_a_users_pattern_is_bounded_in_time_line_by_line(
    monkeypatch: pytest.MonkeyPatch, text: str, slow: str | None
) -> None:
    from ruldiff.documents import profiles
    from ruldiff.errors import ConfigError

    monkeypatch.setattr(profiles, "PATTERN_SECONDS", 0.2)
    profile = Profile(name="mine", rule=re.compile(r"^(?P<id>\d+)\.\s+(?P<text>.*)$"),
                      reference=re.compile(r"(?P<id>(\d+\s?)+)x"))  # backtracks without end over "11 11 ..."
    source = decode(text.encode(), "doc.txt")
    if slow is None:
        assert [r.id for r in parse_module.parse_bounded(source, profile, "mine.yaml").rules] == ["12"]
        return
    with pytest.raises(ConfigError) as err:
        parse_module.parse_bounded(source, profile, "mine.yaml")
    assert str(err.value).startswith(f"mine.yaml: {slow} took longer than 0.2 s on doc.txt")
    assert (err.value.key, err.value.fix) == ("reference", "a repeat inside a repeat, such as (\\d+)+, can backtrack without end")
    # Too slow as a whole, though no pattern is on its own: the message names them all.
    monkeypatch.setattr(parse_module, "slow_pattern", lambda *args: None)
    with pytest.raises(ConfigError, match=r"^mine.yaml: the profile's patterns took longer than 0.2 s") as err:
        parse_module.parse_bounded(source, profile, "mine.yaml")
    assert err.value.key is None


def test_only_an_index_between_glossary_and_credits_is_dropped() -> None:
    doc = doc_of(WRAPPED.replace("Credits\nDesign: A. Writer\n", "Credits\nDesign: A. Writer\nIndex\nA. Reader\n"))
    assert [g.id for g in doc.glossary] == ["glossary:Pool"]
    assert doc.credits == "Design: A. Writer Index A. Reader"


def test_a_glossary_term_may_follow_its_heading_at_once() -> None:
    doc = doc_of(MODERN.replace("Glossary\n\nPool", "Glossary\nPool"))
    assert [g.id for g in doc.glossary] == ["glossary:Pool", "glossary:Shell"]


# --- words broken at a line's end, references wrapped to a line's start -------

def _outline(body: str) -> Document:
    return parse(decode(("Harbour Rules\n\nEffective 1 March 2024.\n\n" + body).encode(), "h.txt"))


HYPHENATED = (
    "1. Moorings\n\n"
    "1.1 Every boat needs a current registration certificate from the office before it\n"
    "is moored, and the regis-\ntration is renewed each spring by the owner of the boat.\n"
    "1.2 A self-governing club may moor its boats without a certificate from the office,\n"
    "and a self-\ngoverning club keeps its own register of moorings in the clubhouse.\n"
    "1.3 The accommo-\ndation of visiting boats is at the harbour master's discretion.\n"
    "1.4 Visiting boats show their certi-\nficate and pay the harbour dues on arrival.\n"
)


def test_a_word_broken_at_a_lines_end_is_spelled_as_the_document_spells_it() -> None:
    rules = {r.id: r.text for r in _outline(HYPHENATED).rules}
    assert "and the registration is renewed" in rules["1.1"]  # printed whole elsewhere: the hyphen was put in
    assert "and a self-governing club keeps" in rules["1.2"]  # a compound printed whole: its hyphen stays
    # Printed nowhere else, and "accommo" and "dation" are no words of it: the typesetter's hyphen goes.
    assert rules["1.3"].startswith("The accommodation of visiting boats")


def test_a_word_hyphenated_in_one_release_only_is_no_change() -> None:
    from ruldiff.diff.pipeline import compare

    rewrapped = HYPHENATED.replace("regis-\ntration", "registration\n").replace("accommo-\ndation", "accommodation\n")
    assert rewrapped.count("-\n") == HYPHENATED.count("-\n") - 2
    old, new = _outline(HYPHENATED), _outline(rewrapped)
    assert [c.new.id for c in compare(old, new).changes if c.new is not None] == []


def test_a_profile_reads_a_reference_wrapped_to_a_lines_start_as_text() -> None:
    doc = _outline(
        "1. Moorings\n\n1.1 Boats are moored at the pontoon and nowhere else in the harbour. See Section\n"
        "2.1. The harbour master decides where.\n1.2 Owners keep their boats in good repair at all\n"
        "times and pay the dues that are set out in the schedule every year.\n\n2. Launching\n\n"
        "2.1 Boats are launched from the slipway at high water only, as the notice in the\n"
        "office says, and never at night.\n2.2 A tender is rowed, not towed, in the harbour.\n"
    )
    assert doc.profile == "outline"
    assert [r.id for r in doc.rules] == ["1", "1.1", "1.2", "2", "2.1", "2.2"]
    assert {r.id: r.text for r in doc.rules}["1.1"].endswith("See Section 2.1. The harbour master decides where.")


def _joined_line_by_line(lines: list[str], kept: bool) -> str:
    """The join a paragraph's lines were given one line at a time (before
    session 20): the reference the builder's pieces must give."""
    out = lines[0]
    for text in lines[1:]:
        if out.endswith("-") and out[-2:-1].strip() and text[:1].isalnum():
            out = out + text if kept else out[:-1] + text
        else:
            out = f"{out} {text}"
    return out


@given(
    st.lists(st.text(alphabet="ab- 1", min_size=1, max_size=6).map(str.strip).filter(bool), min_size=1, max_size=12),
    st.booleans(),
)
def test_a_paragraph_s_lines_join_as_they_did_one_line_at_a_time(lines: list[str], kept: bool) -> None:
    """The builder joins a paragraph's lines once it is complete (joined at
    each line, a paragraph of n lines cost O(n^2): bench/scale.py
    --wrapped); the text is the same, broken words and all."""
    from ruldiff.documents.parse import _Builder

    builder = _Builder(hyphen=lambda before, after: kept)
    builder.start("100.1", RuleKind.RULE, lines[0], 1)
    for text in lines[1:]:
        builder.extend(text)
    builder.paragraph("Next.")
    (rule,) = builder.freeze()
    assert rule.text.split("\n") == [_joined_line_by_line(lines, kept), "Next."]
