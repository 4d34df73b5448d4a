"""parse.py at its edges, through what `parse` reads: a date printed on the
title line is the document's date and no part of its title."""

from __future__ import annotations

import pytest

from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode


@pytest.mark.parametrize("printed", ["04/23/1999", "04/23/99", "4/23/1999"])
def test_a_date_on_the_title_line_is_the_date_not_part_of_the_title(printed: str) -> None:
    text = f"Club Rules {printed}\n\n100. General\n\n100.1. Boats are moored.\n\n100.2. Fees are paid.\n"
    doc = parse(decode(text.encode(), "rules.txt"))
    assert (doc.title, doc.date) == ("Club Rules", "1999-04-23")


@pytest.mark.parametrize("word", ["Appendix", "APPENDIX", "Annex", "ANNEX", "Schedule", "SCHEDULE"])
def test_an_appendix_annex_or_schedule_holds_its_items(word: str) -> None:
    text = (f"Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n"
            f"100.2. Fees are paid.\n\n{word} A - Fees and Forms of the Club\n\nA.1 Fees are due in spring.\n\n"
            "A.2 Forms are white.\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [(r.id, r.text) for r in doc.rules][-3:] == [
        ("A", "Fees and Forms of the Club"), ("A.1", "Fees are due in spring."), ("A.2", "Forms are white.")]


@pytest.mark.parametrize("line", ["Schedule A. Fees are paid in spring.", "Schedule A. Fees are paid in spring. Forms are white"])
def test_a_sentence_that_starts_like_an_appendix_is_text(line: str) -> None:
    text = ("Club Rules\n\nEffective 1 March 2024.\n\n100. General\n\n100.1. Boats are moored.\n\n"
            f"100.2. Fees are paid as the schedules say:\n{line}\n")
    doc = parse(decode(text.encode(), "rules.txt"))
    assert [r.id for r in doc.rules] == ["100", "100.1", "100.2"]
    assert doc.rules[-1].text.endswith(line)


def _rules_with(second: list[str]) -> str:
    lines = ["Test Game Rules", "", "These rules are effective as of May 1, 2024.", "", "1. Basics", "", "100. General", ""]
    for k in range(1, 4):
        lines += [f"100.{k}. Rule {k} says one thing.", *(second if k == 2 else ["Nothing more."]), ""]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("line", "unread"), [
    ("(b) Tenders are rowed.", 1), ("(iv) The fourth.", 1), ("§ 4 applies here.", 1), ("7. is as said", 1),
    ("7.", 1), ("1.2.3 is another rule.", 1), ("2 damage is dealt.", 0),
])
def test_a_line_that_starts_like_a_number_the_profile_does_not_read_is_counted_unread(line: str, unread: int) -> None:
    """Under a rule, a line that starts like an item (``(b)``, ``§ 4``,
    ``7.``, ``1.2.3``) but is not read as one is shown as unread; a number
    in running text (``2 damage``) is not."""
    doc = parse(decode(_rules_with([line]).encode(), "rules.txt"))
    assert [r.id for r in doc.rules] == ["1", "100", "100.1", "100.2", "100.3"]
    assert doc.coverage.unread == unread


def test_the_first_three_unread_lines_are_shown() -> None:
    four = ["(b) Tenders are rowed.", "§ 4 applies here.", "7. is as said", "1.2.3 is another rule."]
    doc = parse(decode(_rules_with(four).encode(), "rules.txt"))
    assert doc.coverage.unread == 4
    assert [text for _, text in doc.coverage.first_unread] == four[:3]
