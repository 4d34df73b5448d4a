"""Anchors and links of the changelogs on the real corpora: unique, and
landing on the change they name (issue #15: an id repeated 57 times in the
17-year gap, and Riftbound tournament's "New rules → 704.3.a.1" jumped to
the removed rule of that number)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import corpora_dir, require
from helpers import real_comparison, same_under_every_hash_seed, write_pair

from ruldiff.outputs.context import build_context
from ruldiff.outputs.render import render

PAIRS = [
    ("mtg", "2009-10-01", "2026-01-16"),
    ("mtg", "2018-01-19", "2018-04-27"),
    ("riftbound-tournament", "2026-03-30", "2026-04-29"),
    ("riftbound-tournament", "2026-04-29", "2026-07-16"),
    ("riftbound", "2025-10-01", "2026-06-18"),
]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}-{p[2]}")
def test_every_link_lands_on_the_change_it_names(pair: tuple[str, str, str]) -> None:
    family, old, new = pair
    folder = require(corpora_dir() / family, f"{family} corpus")
    comparison = real_comparison(str(folder / f"{old}.txt"), str(folder / f"{new}.txt"))
    context = build_context(comparison)
    changes = [c for s in context["sections"] for c in s["changes"]]
    changes += context["glossary"] + context["mechanical"] + context["renumbered_only"]
    owner: dict[str, dict[str, object]] = {}
    for c in changes:
        for anchor in (c["anchor"], *c["aliases"]):
            assert anchor not in owner, anchor
            owner[anchor] = c
    for key, kind in (("new_runs", "added"), ("removed_runs", "removed")):
        for run in context[key]:
            for end in (run["first"], run["last"]):
                if end is not None:
                    target = owner[end["anchor"]]
                    assert target["kind"] == kind and end["label"] == target["label"], (end, target["kind"])
    for r in context["renumbering"]:
        for side in ("old", "new"):
            for link in r[f"{side}_links"]:
                if link["anchor"] is not None:
                    assert link["id"] in (owner[link["anchor"]][side] or ()), link
    html = render(comparison, "html")
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    assert set(re.findall(r'href="#([^"]+)"', html)) <= set(ids)


@pytest.mark.parametrize("args", [["-f", "md", "--style", "bulletin"], ["-f", "html", "--style", "bulletin"],
                                  ["-f", "md", "--max-chars", "1500"], ["-f", "text", "--style", "bulletin"]])
def test_new_outputs_are_the_same_bytes_whatever_the_hash_seed(tmp_path: Path, args: list[str]) -> None:
    old_text = "1. Basics\n\n100. General\n\n" + "".join(
        f"100.{i}. Rule {i} says a good many words about cards and players and turns, {i} times over.\n\n"
        for i in range(1, 12)
    )
    new_text = old_text.replace("players and turns, 3", "keepers and turns, 3").replace("100.7. Rule 7", "100.7. Law 7")
    new_text = new_text.replace("times over.", "times again.")  # enough changes for --max-chars to leave some out
    old, new = write_pair(tmp_path, old_text, new_text)
    out = same_under_every_hash_seed(["-m", "ruldiff", str(old), str(new), "-j", "1", *args]).decode()
    assert "100.3" in out
    assert ("Shortened to fit" in out) == ("--max-chars" in args)


def test_a_stale_reference_printed_with_its_full_stop_links_to_the_rule_it_named(tmp_path: Path) -> None:
    """A profile whose reference pattern takes the full stop after the
    number (``Article A1.``) still links the stale reference to the removed
    rule's change: the number is read without the marks that end the sentence."""
    from ruldiff.diff.pipeline import compare
    from ruldiff.documents.parse import parse
    from ruldiff.documents.profiles import load_profile
    from ruldiff.documents.read import decode

    spec = tmp_path / "articles.yaml"
    spec.write_text("name: articles\nnumbered: '[A-Z]\\d'\nrule: '^(?P<id>[A-Z]\\d+)\\.\\s+(?P<text>.*)$'\n"
                    "reference: '\\bArticle\\s+(?P<id>[A-Z]\\d+)\\.?'\n", encoding="utf-8")
    profile = load_profile(str(spec))
    old, new = ("Club Rules\n\n" + "\n\n".join(rules) + "\n" for rules in (
        ["A1. Boats are moored.", "A2. Fees are paid as in Article A1."], ["A2. Fees are paid as in Article A1."]))
    comparison = compare(*(parse(decode(text.encode(), "rules.txt"), profile) for text in (old, new)))
    html = render(comparison, "html")
    assert '<li>A2: <a href="#old-A1">Article A1.</a></li>' in html


@pytest.mark.parametrize("rule_id", ["702.19c", "glossary:Abandon", "Art_II-3.1", "§ 4", "4-12(a)", "...", "_", "１２.ｂ", "Ⅳ.2", "100.1a#2", ""])
def test_an_anchor_is_the_id_with_each_run_of_unsafe_characters_made_a_hyphen(rule_id: str) -> None:
    """context._anchor reads an ID of word characters, dots and hyphens
    without its pattern: the same anchor as the pattern gives, whatever the
    characters (Unicode digits and letters are word characters to both)."""
    from ruldiff.outputs.context import _ANCHOR_UNSAFE, _anchor

    assert _anchor("new", rule_id) == "new-" + _ANCHOR_UNSAFE.sub("-", rule_id)


def test_an_anchor_agrees_with_its_pattern_on_any_text() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from ruldiff.outputs.context import _ANCHOR_UNSAFE, _anchor

    @settings(max_examples=500, deadline=None)
    @given(st.text())
    def agrees(rule_id: str) -> None:
        assert _anchor("old", rule_id) == "old-" + _ANCHOR_UNSAFE.sub("-", rule_id)

    agrees()
