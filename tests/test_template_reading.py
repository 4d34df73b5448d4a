"""The changelog and the bulletin as a reader of `ruldiff old new -f html/md`
reads them, on small invented documents: the HTML page parsed (its headings,
summary, folds, links and buttons), the Markdown read as text. Each test
names what a reader would check; each part shows only what the comparison
holds (mutation issue #30: every built-in template's filters and guards)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main

# --- running ruldiff and reading what it writes ------------------------------------


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def pair(folder: Path, old: list[tuple[str, str]], new: list[tuple[str, str]],
         old_title: str = "Test Game Rules", new_title: str = "Test Game Rules") -> tuple[str, str]:
    """Two documents laid out by `layout` (the new one dated later), titled as given: their paths."""
    paths = folder / "old.txt", folder / "new.txt"
    for path, rules, title, date in zip(paths, (old, new), (old_title, new_title), ("May 1, 2024", "June 1, 2024")):
        path.write_text(layout(rules, date=date).replace("Test Game Rules", title, 1), encoding="utf-8")
    return str(paths[0]), str(paths[1])


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parts: list[str] = field(default_factory=list)
    inner: list[Element] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def find(self, tag: str, cls: str | None = None) -> list[Element]:
        """The elements inside this one of that tag (and class)."""
        return [e for e in self.inner if e.tag == tag and (cls is None or cls in e.classes)]


class _Page(HTMLParser):
    VOID = {"meta", "input", "br", "img", "link", "hr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#page", {})
        self.open: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        for outer in self.open:
            outer.inner.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while len(self.open) > 1:
            if self.open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.parts.append(data)


def parsed(html: str) -> Element:
    """The page as a tree of elements, each with the text inside it."""
    page = _Page()
    page.feed(html)
    page.close()
    return page.root


def words(text: str) -> str:
    return " ".join(text.split())


def dangling_links(page: Element) -> list[str]:
    """The `#…` links of a page that lead to no element of it."""
    ids = {e.attrs["id"] for e in page.inner if "id" in e.attrs}
    return [h for e in page.find("a") if (h := e.attrs.get("href", "")).startswith("#") and h[1:] not in ids]


# --- invented documents --------------------------------------------------------------

BASE = [("1", "Play"), ("100", "General"),
        ("100.1.", "Each keeper draws a glyph at dawn."),
        ("100.2.", "A keeper may pass instead of casting a lantern spell."),
        ("100.3.", "A keeper who passes loses one ember. See rule 100.2."),
        ("100.4.", "The lantern holds these colours: amber, teal, and violet."),
        ("100.5.", "Embers are counted at dusk by the warden."),
        ("2", "Combat"), ("200", "Duels"),
        ("200.1.", "A duel starts when a keeper challenges a warden."),
        ("200.2.", "A warden may refuse a duel once a round."),
        ("200.3.", "The warden keeps the ember tally."),
        ("200.4.", "A duel ends when one side has no embers left.")]

# One rule added (100.2) shifts 100.2-100.5 by one, 100.3's reference to 100.2
# follows it, a list gains an item, "warden" becomes "steward" in three rules,
# 200.2 goes, 200.4 is reworded.
EVERY_KIND = [("1", "Play"), ("100", "General"),
              ("100.1.", "Each keeper draws a glyph at dawn."),
              ("100.2.", "A keeper may kindle a lantern once a turn."),
              ("100.3.", "A keeper may pass instead of casting a lantern spell."),
              ("100.4.", "A keeper who passes loses one ember. See rule 100.3."),
              ("100.5.", "The lantern holds these colours: amber, teal, violet, and rose."),
              ("100.6.", "Embers are counted at dusk by the steward."),
              ("2", "Combat"), ("200", "Duels"),
              ("200.1.", "A duel starts when a keeper challenges a steward."),
              ("200.3.", "The steward keeps the ember tally."),
              ("200.4.", "A duel ends when one side has no embers or glyphs left.")]


# --- the review line ---------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "style"), [("html", "changelog"), ("md", "changelog"), ("html", "bulletin"),
                                            ("md", "bulletin")])
def test_the_review_line_ends_on_the_count_of_new_changes_unless_some_are_hidden(
        tmp_path: Path, fmt: str, style: str) -> None:
    old, new = pair(tmp_path, BASE, EVERY_KIND)
    state = str(tmp_path / "review.json")
    run("review", old, new, "--reviewed", state, "--accept", "100.2")
    shown = run(old, new, "--reviewed", state, "-f", fmt, "--style", style)
    hidden = run(old, new, "--reviewed", state, "--hide-reviewed", "-f", fmt, "--style", style)
    line = re.compile(r"Review:(?:\*\*)? (.*?)(?:</p>|$)", re.M)
    assert line.findall(shown) == ["1 accepted, 0 differs since accepted, 8 new."]
    assert line.findall(hidden) == ["1 accepted, 0 differs since accepted, 8 new; 1 accepted change hidden."]
