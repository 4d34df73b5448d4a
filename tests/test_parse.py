"""parse.py: front matter, headings, rules, examples, glossary, credits, old layouts."""

from __future__ import annotations

import importlib
import re

import pytest

from ruldiff.errors import ParseError
from ruldiff.model import Document, RuleKind
from ruldiff.parse import parse
from ruldiff.profiles import Profile, load_profile
from ruldiff.read import decode

# The module: `ruldiff.parse` the attribute is the function.
parse_module = importlib.import_module("ruldiff.parse")

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
    assert str(err.value).startswith("empty.txt: no numbered rules found")


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
