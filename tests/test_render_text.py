"""render.py on a comparison built by hand, holding one of every kind of change:
the terminal text line by line, the JSON contract's rarer fields, and the
template context's grouping. The comparison is made here, not by compare(), so
that each field render.py shows is known exactly."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
import yaml

from ruldiff.model import (
    Change, ChangeKind, Comparison, Coverage, Document, Edit, Op, Renumbering, Rule, RuleKind, Substitution,
)
from ruldiff.outputs.context import build_context
from ruldiff.outputs.render import render, render_document
from ruldiff.outputs.text import render_text

K = RuleKind
EQ, DEL, INS = Op.EQUAL, Op.DELETE, Op.INSERT


def rule(rid: str, text: str, parent: str | None, line: int, kind: RuleKind = K.RULE) -> Rule:
    return Rule(rid, kind, text, parent=parent, line=line)


# Old: section 1 (heading 100: 100.1-100.6), section 2 (200: 200.1). New:
# section 1 (100: 100.1-100.5, 100.7), section 3 renumbered from 2 (300), a
# rule outside any section, and a changed glossary entry that cites 100.1.
S1, H100 = rule("1", "Basics", None, 1, K.SECTION), rule("100", "General", "1", 2, K.HEADING)
OLD_RULES = (
    S1, H100,
    rule("100.1", "Draw a card.", "100", 3),
    rule("100.2", "Keep seven cards and pass.", "100", 4),
    rule("100.3", "Roll a die.", "100", 5),
    rule("100.4", "Gone soon.", "100", 6),
    rule("100.5", "Tap it.", "100", 7),
    rule("100.6", "Untap it.", "100", 8),
    rule("2", "Play", None, 9, K.SECTION),
    rule("200", "Turns", "2", 10, K.HEADING),
    rule("200.1", "Old turn rule.", "200", 11),
)
NEW_RULES = (
    S1, H100,
    rule("100.1", "Draw two cards\nthen discard.", "100", 3),
    rule("100.2", "Keep seven cards.", "100", 4),
    rule("100.3", "Then pass.", "100", 5),
    rule("100.4", "Roll a die.", "100", 6),
    rule("100.5", "Tap or untap it.", "100", 7),
    rule("100.7", "Shuffle first.", "100", 8),
    rule("100.8", "See rule 100.4.", "100", 9),
    rule("3", "Play", None, 10, K.SECTION),
    rule("300", "Turns", "3", 11, K.HEADING),
    rule("X.1", "Loose rule.", None, 12),
)
EMBER_OLD = Rule("glossary:Ember", K.GLOSSARY, "Fuel. See rule 100.1.", line=20)
EMBER_NEW = Rule("glossary:Ember", K.GLOSSARY, "Fuel for glyphs. See rule 100.1, rule 100.7, rule 100.3, rule 100.1.", line=20)
OLD = Document("old.txt", "Old Rules", "2024-01-01", "mtg-cr", OLD_RULES, (EMBER_OLD,))
NEW = Document("new.txt", "", None, "mtg-cr", NEW_RULES, (EMBER_NEW,))
O = {r.id: r for r in OLD_RULES}
N = {r.id: r for r in NEW_RULES}

CHANGED = Change(
    ChangeKind.CHANGED, O["100.1"], N["100.1"],
    (Edit(EQ, "Draw "), Edit(DEL, "a card"), Edit(INS, "two cards\nthen discard"), Edit(EQ, ".")),
    tags=("list-item", "stale-reference", "substantive"), items_added=("cohort", "band"), items_removed=("troop",),
    stale=("rule 100.9", "rule 999.1"), stale_should_be=("100.8", ""), moved=("100. General", "101. Setup"),
)
SPLIT = Change(
    ChangeKind.SPLIT, O["100.2"], N["100.2"],
    (Edit(EQ, "Keep seven cards"), Edit(DEL, " and pass"), Edit(EQ, "."), Edit(INS, "\nThen pass.")),
    tags=("substantive",), more=(N["100.3"],),
)
RENUMBERED = Change(ChangeKind.RENUMBERED, O["100.3"], N["100.4"], (Edit(EQ, "Roll a die."),),
                    moved=("100. General", "101. Setup"))
REMOVED = Change(ChangeKind.REMOVED, O["100.4"], None, (Edit(DEL, "Gone soon."),), tags=("substantive",))
MERGED = Change(
    ChangeKind.MERGED, O["100.5"], N["100.5"],
    (Edit(EQ, "Tap "), Edit(INS, "or untap "), Edit(EQ, "it."), Edit(DEL, "\nUntap it.")),
    tags=("substantive",), more=(O["100.6"],), items_removed=("squad",),
)
ADDED = Change(ChangeKind.ADDED, None, N["100.7"], (Edit(INS, "Shuffle first."),), tags=("substantive",))
MECHANICAL = Change(
    ChangeKind.ADDED, None, N["100.8"], (Edit(INS, "See rule 100.4."),),
    tags=("cosmetic", "cross-reference", "stale-reference", "substitution"),  # none of them new meaning
)
# Removed from old section 2, which is section 3 now: shown under 3.
REMOVED_MOVED = Change(ChangeKind.REMOVED, O["200.1"], None, (Edit(DEL, "Old turn rule."),), tags=("substantive",))
LOOSE = Change(ChangeKind.ADDED, None, N["X.1"], (Edit(INS, "Loose rule."),), tags=("substantive",))
SECTION_RENUMBERED = Change(ChangeKind.RENUMBERED, O["2"], N["3"], (Edit(EQ, "Play"),))
GLOSSARY = Change(
    ChangeKind.CHANGED, EMBER_OLD, EMBER_NEW,
    (Edit(EQ, "Fuel"), Edit(INS, " for glyphs"), Edit(EQ, ". See rule 100.1"), Edit(INS, ", rule 100.7, rule 100.3, rule 100.1"),
     Edit(EQ, ".")), tags=("substantive",),
)
COUNTS = ((ChangeKind.ADDED, 3), (ChangeKind.REMOVED, 2), (ChangeKind.CHANGED, 2), (ChangeKind.RENUMBERED, 2),
          (ChangeKind.SPLIT, 1), (ChangeKind.MERGED, 1), (ChangeKind.UNCHANGED, 4))
VARIANTS = tuple((f"he or she v{i}", f"they v{i}", 9 - i) for i in range(7))  # one more than is shown
RICH = Comparison(
    OLD, NEW,
    (CHANGED, SPLIT, RENUMBERED, REMOVED, MERGED, ADDED, MECHANICAL, SECTION_RENUMBERED, REMOVED_MOVED, LOOSE,
     GLOSSARY),
    COUNTS,
    renumbering=(Renumbering("100.3", "100.4"), Renumbering("2", "3")),
    substitutions=(Substitution("he or she", "they", 12, ("100.1", "100.5"), VARIANTS),
                   Substitution("may", "can", 2, ("100.2",), (("may not", "cannot", 1),))),
    stale=(("100.1", ("rule 100.9", "rule 999.1"), ("100.8", "")),),
)

EXPECTED_TEXT = """\
Old Rules (2024-01-01) -> new.txt (no date)
--- old.txt: Old Rules (2024-01-01), 11 rules, 1 glossary entries, profile mtg-cr
+++ new.txt: (no date), 12 rules, 1 glossary entries, profile mtg-cr
summary: 3 added, 2 removed, 2 changed, 2 renumbered, 1 split, 1 merged, 4 unchanged
new rules: 100.7, 100.8, X.1
removed rules: 100.4, 200.1
renumbered: 100.3 -> 100.4; 2 -> 3
substitution: "he or she" -> "they" (12 times in 2 rules)
  with: "he or she v0" -> "they v0" (9); "he or she v1" -> "they v1" (8); \
"he or she v2" -> "they v2" (7); "he or she v3" -> "they v3" (6); \
"he or she v4" -> "they v4" (5); "he or she v5" -> "they v5" (4); and 1 more
substitution: "may" -> "can" (2 times in 1 rules)
  with: "may not" -> "cannot" (1)
list 100.1: + cohort; + band; - troop
list 100.5: - squad
stale reference in 100.1: rule 100.9 (now 100.8), rule 999.1

1. Basics
  ~ 100.1  changed (moved from 100. General to 101. Setup) [list-item, stale-reference, substantive]
      Draw [-a card-]{+two cards+}
      {+then discard+}.
      list: + cohort; + band; - troop
      stale reference: rule 100.9 (now 100.8), rule 999.1
  < 100.2 -> 100.2, 100.3  split [substantive]
      Keep seven cards[- and pass-].
      {+Then pass.+}
  - 100.4  removed [substantive]
      [-Gone soon.-]
  > 100.5, 100.6 -> 100.5  merged [substantive]
      Tap {+or untap +}it.
      [-Untap it.-]
      list: - squad
  + 100.7  added [substantive]
      {+Shuffle first.+}

3. Play
  - 200.1  removed [substantive]
      [-Old turn rule.-]

(no section)
  + X.1  added [substantive]
      {+Loose rule.+}

Glossary
  ~ Ember  changed [substantive]
      Fuel{+ for glyphs+}. See rule 100.1{+, rule 100.7, rule 100.3, rule 100.1+}.
      see: 100.1, 100.7, 100.3

Mechanical changes (cross-references, substitutions, cosmetic)
  + 100.8  added [cosmetic, cross-reference, stale-reference, substitution]
      {+See rule 100.4.+}

Renumbered, text unchanged
  > 100.3 -> 100.4  renumbered (text unchanged) (moved from 100. General to 101. Setup)
  > 2 -> 3  renumbered (text unchanged)
"""


def test_text_shows_every_part_of_a_comparison() -> None:
    assert render(RICH, "text") == EXPECTED_TEXT
    assert render_text(build_context(RICH)) == EXPECTED_TEXT  # plain text unless colour is asked for


def test_colour_paints_each_part_and_each_line_of_an_edit() -> None:
    lines = render(RICH, "text", color=True).splitlines()
    assert lines[0] == "\x1b[1mOld Rules (2024-01-01) -> new.txt (no date)\x1b[0m"
    at = lines.index("\x1b[1m1. Basics\x1b[0m") + 1
    assert lines[at : at + 3] == [
        "  \x1b[1m\x1b[33m~ 100.1\x1b[0m\x1b[2m  changed (moved from 100. General to 101. Setup)"
        " [list-item, stale-reference, substantive]\x1b[0m",
        "      Draw \x1b[31m\x1b[9ma card\x1b[0m\x1b[32m\x1b[4mtwo cards\x1b[0m",
        "      \x1b[32m\x1b[4mthen discard\x1b[0m.",
    ]
    assert "  \x1b[1m\x1b[31m- 100.4\x1b[0m\x1b[2m  removed [substantive]\x1b[0m" in lines
    assert "  \x1b[1m\x1b[32m+ 100.7\x1b[0m\x1b[2m  added [substantive]\x1b[0m" in lines
    assert "\x1b[1mGlossary\x1b[0m" in lines and "" in lines  # blank lines are never painted
    assert "[-" not in "\n".join(lines) and "{+" not in "\n".join(lines)


def test_deletions_and_insertions_are_told_apart_without_colour() -> None:
    # Struck through and underlined (SGR 9, 4) with colour; brackets without.
    painted = render(RICH, "text", color=True)
    for mark in ("\x1b[9m", "\x1b[4m"):
        assert mark in painted
    plain = render(RICH, "text")
    assert "Draw [-a card-]{+two cards+}" in plain


def test_json_holds_moves_stale_references_and_substitution_variants() -> None:
    data = json.loads(render(RICH, "json"))
    assert data["changes"][0] == {
        "old": "100.1", "new": "100.1", "kind": "changed", "tags": ["list-item", "stale-reference", "substantive"],
        "edits": [["=", "Draw "], ["-", "a card"], ["+", "two cards\nthen discard"], ["=", "."]],
        "stale": ["rule 100.9", "rule 999.1"], "stale_should_be": ["100.8", None],
        "list_items": {"added": ["cohort", "band"], "removed": ["troop"]},
        "moved": {"old": "100. General", "new": "101. Setup"},
    }
    assert (data["changes"][1]["old"], data["changes"][1]["new"], data["changes"][1]["moved"]) == (
        "100.2", ["100.2", "100.3"], None)
    assert data["stale_references"] == [
        {"rule": "100.1", "references": ["rule 100.9", "rule 999.1"], "should_be": ["100.8", None]}
    ]
    assert data["substitutions"][0]["variants"][:2] == [
        {"old": "he or she v0", "new": "they v0", "count": 9}, {"old": "he or she v1", "new": "they v1", "count": 8}
    ]
    assert data["substitutions"][1] == {"old": "may", "new": "can", "count": 2, "rules": ["100.2"],
                                        "variants": [{"old": "may not", "new": "cannot", "count": 1}]}


def test_context_groups_changes_by_their_section_in_the_new_document() -> None:
    context = build_context(RICH)
    assert [(s["id"], s["title"], [c["label"] for c in s["changes"]]) for s in context["sections"]] == [
        ("1", "Basics", ["100.1", "100.2, 100.3", "100.4", "100.5", "100.7"]),
        ("3", "Play", ["200.1"]),  # removed from section 2, which became 3
        (None, None, ["X.1"]),
    ]
    assert [c["label"] for c in context["mechanical"]] == ["100.8"]
    assert [(c["label"], c["title"]) for c in context["renumbered_only"]] == [("100.4", None), ("3", "Play")]
    heading = Change(ChangeKind.ADDED, None, rule("101", "Setup", "1", 9, K.HEADING), (Edit(INS, "Setup"),))
    assert build_context(replace(RICH, changes=(heading,)))["new_rules"] == [
        {"label": "101", "anchor": "new-101", "title": "Setup"}]
    assert context["removed_rules"] == [{"label": "100.4", "anchor": "old-100.4", "title": None},
                                        {"label": "200.1", "anchor": "old-200.1", "title": None}]
    assert context["stale"][0]["shown"] == ["rule 100.9 (now 100.8)", "rule 999.1"]
    changed = context["sections"][0]["changes"][0]
    assert changed["stale_should_be"] == ["100.8", None]
    assert (changed["stale_shown"], changed["moved"]) == (["rule 100.9 (now 100.8)", "rule 999.1"],
                                                          ["100. General", "101. Setup"])
    assert (changed["old_line"], changed["new_line"], changed["mechanical"]) == (3, 3, False)
    merged = context["sections"][0]["changes"][3]
    assert (merged["old"], merged["old_label"], merged["new_label"]) == (["100.5", "100.6"], "100.5, 100.6", "100.5")
    (ember,) = context["glossary"]
    assert (ember["label"], ember["anchor"], ember["links"]) == ("Ember", "new-glossary-Ember", [
        {"id": "100.1", "anchor": "new-100.1"}, {"id": "100.7", "anchor": "new-100.7"},
        {"id": "100.3", "anchor": "new-100.3"}])
    # Each once, and each to an anchor of its own: 100.3, shown in 100.2's
    # split, has its number's anchor on that change (issue #15).


# `ruldiff parse`: a parsed document shown as JSON, YAML or indented text.
PARSED = Document(
    "rules.txt", "Règles du jeu", "2024-01-01", "mtg-cr",
    (S1, H100,
     Rule("100.1", K.RULE, "Draw a card.\nThen pass.", ("Example: you draw one.",), "100", 3, ("(refs: 2)",)),
     Rule("100.1a", K.RULE, "Draw “two” on the first turn.", (), "100.1", 5),
     Rule("X.1", K.RULE, "Loose rule.", (), None, 7),
     Rule("200.1", K.RULE, "Its heading is missing.", (), "200", 8)),
    (Rule("glossary:Ember", K.GLOSSARY, "Fuel.", line=9),),
    coverage=Coverage(1200, 800, 30, 100, 250, 20, ((14, "1a stray line"), (40, "another"))),
)


def test_parsed_document_as_text_is_indented_by_depth() -> None:
    assert render_document(PARSED, "text") == (
        "Règles du jeu (2024-01-01), profile mtg-cr\n"
        "coverage: 1,200 non-blank lines: 800 rules, 30 headings, 100 glossary, 250 layout, 20 unread (2%)\n"
        "1  Basics\n"
        "  100  General\n"
        "    100.1  Draw a card. / Then pass.\n"
        "        Example: you draw one.\n"
        "      100.1a  Draw “two” on the first turn.\n"
        "X.1  Loose rule.\n"
        "200.1  Its heading is missing.\n"
        "glossary:Ember  Fuel.\n"
    )
    bare = replace(PARSED, date=None, coverage=None, rules=(), glossary=())
    assert render_document(bare, "text") == "Règles du jeu (no date), profile mtg-cr\n"


def test_parsed_document_as_json_and_yaml_holds_every_item() -> None:
    data = json.loads(render_document(PARSED, "json"))
    assert list(data) == ["profile", "path", "title", "date", "coverage", "items"]
    assert (data["profile"], data["path"], data["title"], data["date"]) == (
        "mtg-cr", "rules.txt", "Règles du jeu", "2024-01-01")
    assert data["coverage"] == {
        "lines": 1200, "rules": 800, "headings": 30, "glossary": 100, "layout": 250, "unread": 20,
        "first_unread": [{"line": 14, "text": "1a stray line"}, {"line": 40, "text": "another"}],
    }
    assert data["items"][2] == {
        "id": "100.1", "parent": "100", "kind": "rule", "line": 3, "text": "Draw a card.\nThen pass.",
        "examples": ["Example: you draw one."], "notes": ["(refs: 2)"],
    }
    assert [(i["id"], i["kind"], i["parent"]) for i in data["items"]] == [
        ("1", "section", None), ("100", "heading", "1"), ("100.1", "rule", "100"), ("100.1a", "rule", "100.1"),
        ("X.1", "rule", None), ("200.1", "rule", "200"), ("glossary:Ember", "glossary", None)]
    assert "Règles du jeu" in render_document(PARSED, "json")  # written as it is, not \u-escaped
    assert json.loads(render_document(replace(PARSED, coverage=None), "json"))["coverage"] is None
    dumped = render_document(PARSED, "yaml")
    assert yaml.safe_load(dumped) == data
    assert dumped.startswith("profile: mtg-cr\npath: rules.txt\ntitle: Règles du jeu\n")  # in order, unescaped
    long = replace(PARSED, rules=(Rule("1", K.SECTION, " ".join(f"w{i}" for i in range(60))),))
    assert (  # folded at 100 columns, not 80
        "  text: w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23 w24 w25\n"
        "    w26 w27 w28 w29 w30 w31 w32 w33 w34 w35 w36 w37 w38 w39 w40 w41 w42 w43 w44 w45 w46 w47 w48 w49 w50\n"
        "    w51 w52 w53 w54 w55 w56 w57 w58 w59\n"
    ) in render_document(long, "yaml")
    with pytest.raises(ValueError, match="unknown format 'xml'; expected json, yaml or text"):
        render_document(PARSED, "xml")


def test_glossary_links_follow_the_documents_own_reference_syntax() -> None:
    syntax = re.compile(r"\bArt\.\s*(?P<id>[\d.]+\d)")
    ember = Rule("glossary:Ember", K.GLOSSARY, "Fuel. See Art. 100.7 (not rule 100.1).", line=20)
    changed = replace(GLOSSARY, new=ember)
    comparison = replace(RICH, new=replace(NEW, references=syntax), changes=(CHANGED, ADDED, changed))
    (entry,) = build_context(comparison)["glossary"]
    assert entry["links"] == [{"id": "100.7", "anchor": "new-100.7"}]


def test_json_is_written_unescaped() -> None:
    out = render(replace(RICH, old=replace(OLD, title="Règles “anciennes”")), "json")
    assert '"title": "Règles “anciennes”"' in out


def _sections(rules: tuple[Rule, ...], changed: Rule) -> list[str | None]:
    """The section ids a change to `changed` (added to a document of `rules`) is grouped under."""
    new = replace(NEW, rules=rules, glossary=())
    added = Change(ChangeKind.ADDED, None, changed, (Edit(INS, changed.text),), tags=("substantive",))
    return [s["id"] for s in build_context(replace(RICH, new=new, changes=(added,)))["sections"]]


def test_a_change_is_grouped_under_its_top_level_item_however_deep() -> None:
    chain = [S1] + [rule(f"1.{'1.' * n}1", "Deep.", None, n + 2) for n in range(10)]
    chain = [r if i == 0 else replace(r, parent=chain[i - 1].id) for i, r in enumerate(chain)]
    assert _sections(tuple(chain), chain[-1]) == ["1"]  # ten levels below its section
    # No section above: a heading at the top is the group; a rule alone is in none.
    assert _sections((H100, N["100.7"]), N["100.7"]) == ["100"]
    assert _sections((N["X.1"],), N["X.1"]) == [None]
    # Parents that loop (a profile's mistake) end the walk instead of hanging it.
    loop = (rule("7.1", "A.", "7.2", 1), rule("7.2", "B.", "7.1", 2))
    assert _sections(loop, loop[0]) == [None]


def test_an_added_or_removed_rule_without_text_shows_an_empty_body() -> None:
    empty = rule("100.9", "", "100", 9)
    for change, mark in ((Change(ChangeKind.ADDED, None, empty, (Edit(INS, ""),)), "+ 100.9  added"),
                         (Change(ChangeKind.ADDED, None, empty, ()), "+ 100.9  added"),  # no text, no edit
                         (Change(ChangeKind.REMOVED, empty, None, (Edit(DEL, ""),)), "- 100.9  removed"),
                         (Change(ChangeKind.REMOVED, empty, None, ()), "- 100.9  removed")):
        text = render(replace(RICH, changes=(change,)), "text")
        assert text.endswith(f"\n1. Basics\n  {mark}\n      \n"), text  # no empty [--] or {++}


def test_text_heads_each_side_with_its_title_or_else_its_path() -> None:
    swapped = replace(RICH, old=replace(OLD, title="", date=None), new=replace(NEW, title="New", date="2025-02-03"))
    assert render(swapped, "text").startswith("old.txt (no date) -> New (2025-02-03)\n")
    nothing = replace(RICH, changes=(), renumbering=(), substitutions=(), stale=())
    assert render(nothing, "text").endswith(", 4 unchanged\nno changes\n")


def test_render_hands_a_prepared_template_the_context_and_names_the_formats() -> None:
    assert render(RICH, "md", prepared=lambda context: json.dumps(context)) == json.dumps(build_context(RICH))
    with pytest.raises(ValueError, match=r"^unknown format 'pdf'; expected one of text, md, html, json, context$"):
        render(RICH, "pdf")


def test_six_forms_of_a_substitution_are_all_shown_and_none_counted() -> None:
    six = replace(RICH, substitutions=(Substitution("he or she", "they", 12, ("100.1",), VARIANTS[:6]),))
    (line,) = [line for line in render(six, "text").splitlines() if line.startswith("  with: ")]
    assert line.endswith('"he or she v5" -> "they v5" (4)')


def test_substitution_variants_are_shown_as_text_six_at_most_in_markdown_all_in_html() -> None:
    marked = tuple((f"he *or* she v{i}", f"<b>they</b> v{i}", 9 - i) for i in range(8))
    rich = replace(RICH, substitutions=(Substitution("he or she", "they", 12, ("100.1",), marked),))
    md = render(rich, "md")
    (line,) = [line for line in md.splitlines() if line.startswith("- **Substitution:**")]
    assert [line.count(f"“he \\*or\\* she v{i}” → “&lt;b&gt;they&lt;/b&gt; v{i}”") for i in range(8)] == [1] * 6 + [0, 0]
    assert line.endswith("; and 2 more)") and "<b>" not in md
    html = render(rich, "html")
    assert "<summary>8 other forms</summary>" in html and "<b>" not in html
    assert all(f"“he *or* she v{i}” → “&lt;b&gt;they&lt;/b&gt; v{i}”" in html for i in range(8))


def test_markdown_shows_headings_and_tags_as_text_and_counts_what_it_folds() -> None:
    md = render(RICH, "md")
    assert "**100.3 → 100.4** renumbered (text unchanged) (moved from 100\\. General to 101\\. Setup)" in md
    assert "**100.2 → 100.2, 100.3** split · substantive" in md  # tags as words, not a list
    assert "<summary>Renumbered, text unchanged (2)</summary>" in md
    assert "<summary>Mechanical changes: cross-references, substitutions, cosmetic (1)</summary>" in md
