"""A unit's title on its own line below its number, above the unit's own
unnumbered text (``Article 2`` / ``Definitions`` / ``For the purposes of
these Rules:`` / ``(a) ...``): the title is the unit's `Rule.title`, its text
the rest, and the changelog groups its points under it with its title.
All texts are invented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode
from ruldiff.model import Document

_RULES = """RULES OF THE HILLSIDE ALLOTMENT SOCIETY

Article 1
Membership
1. Any person living in the parish may apply for a plot.
2. The committee keeps a waiting list.

Article 2
Definitions
For the purposes of these Rules:
(a) 'plot' means a numbered strip of the Society's field;
(b) 'tenant' means a member who holds a plot.

Article 3
Rent
1. Rent is due on the first of March.
2. A tenant who does not pay by April loses the plot.

Article 4
Commencement
These Rules apply from {start}.
"""


def _parse(text: str) -> Document:
    return parse(decode(text.encode(), "t.txt"))


def test_a_title_below_a_number_alone_is_the_units_title_and_the_rest_its_text() -> None:
    doc = _parse(_RULES.format(start="1 May 2026"))
    by_id = {r.id: r for r in doc.rules}
    assert (by_id["2"].title, by_id["2"].text) == ("Definitions", "For the purposes of these Rules:")
    assert [r.id for r in doc.rules if r.parent == "2"] == ["2(a)", "2(b)"]
    assert (by_id["4"].title, by_id["4"].text) == ("Commencement", "These Rules apply from 1 May 2026.")
    # An article whose title is followed directly by numbered paragraphs stays a section, titled by its text.
    assert (by_id["1"].kind.value, by_id["1"].text, by_id["1"].title) == ("section", "Membership", "")
    assert (by_id["3"].kind.value, by_id["3"].text) == ("section", "Rent")


@pytest.mark.parametrize("body", [
    # A wrapped sentence: its next line goes on in lower case.
    "The committee may let\na second plot to a tenant with a large family.",
    # A list's first item: the next line is another short item, no sentence.
    "Spades\nForks\nRakes",
    # A short line, then one that ends the sentence begun above it.
    "The committee may let a second plot\nto a tenant.",
])
def test_a_short_first_line_that_is_no_title_stays_text(body: str) -> None:
    text = _RULES.replace("Commencement\nThese Rules apply from {start}.", body)
    rule = next(r for r in _parse(text).rules if r.id == "4")
    assert rule.title == ""
    assert rule.text == body.replace("\n", " ")


def test_titles_below_need_a_style_titled_so() -> None:
    # Articles with their text at once: one short line atop a unit is its text, not its title.
    text = ("RULES OF THE SOCIETY\n\nArticle 1\nAny person living in the parish may apply for a plot.\n\n"
            "Article 2\nThe committee keeps a waiting list of applicants.\n\n"
            "Article 3\nRent is due on the first of March each year.\n\n"
            "Article 4\nCommencement\nThese Rules apply from 1 May 2026.\n")
    rule = next(r for r in _parse(text).rules if r.id == "4")
    assert (rule.title, rule.text) == ("", "Commencement These Rules apply from 1 May 2026.")


def test_the_changelog_groups_a_titled_articles_points_under_its_title(tmp_path: Path) -> None:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(_RULES.format(start="1 May 2026"), encoding="utf-8")
    new.write_text(_RULES.format(start="1 June 2026").replace("who holds a plot", "who holds one plot or more"),
                   encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(main, [str(old), str(new), "-f", "json"])
    assert result.exit_code in (0, 1), result.output
    changes = {c["new"]: c for c in json.loads(result.output)["changes"]}
    assert set(changes) == {"2(b)", "4"}
    # The date changed, not the title: the title is no word of the edits.
    assert [e for e in changes["4"]["edits"] if e[0] != "="] == [["-", "May"], ["+", "June"]]
    assert not any("Commencement" in e[1] for e in changes["4"]["edits"] if e[0] != "=")
    result = runner.invoke(main, [str(old), str(new), "-f", "context"])
    sections = json.loads(result.output)["sections"]
    assert [(s["id"], s["title"], [c["label"] for c in s["changes"]]) for s in sections] == [
        ("2", "Definitions", ["2(b)"]), ("4", "Commencement", ["4"])]
