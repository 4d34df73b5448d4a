"""Issue #27 (gap-s30): the title quoted after a reference is the cited
rule's. Its words are no list items, and a rewrite seen only in such titles
is no rewrite of the document's wording: the titles follow the rules they
name. Invented text only; the real case by corpus path and rule ID at the
end."""

from __future__ import annotations

from helpers import doc
from test_claims import by_new
from test_families6 import _real

from ruldiff.diff.pipeline import compare
from ruldiff.diff.runs import Run
from ruldiff.diff.lists import list_items
from ruldiff.diff.text import in_cited_title


def test_a_chunk_of_a_cited_title_replaced_lists_nothing() -> None:
    run = Run(" on the Shelf", ", Scrolls, and Maps", "For more, see section 6, \"Books", ".\"")
    assert in_cited_title(run.before)
    assert list_items(run) is None
    assert list_items(Run("", " Scrolls,", 'see section 6, "Books, Maps,', ' and Charts."')) is None
    # The same item in the rule's own sentence is an item.
    assert list_items(Run("", " scrolls,", "The keeper lends books, maps,", " and charts to members.")) == (("scrolls",), ())


def test_what_stands_inside_a_cited_title() -> None:
    assert in_cited_title('(see rule 411, "Lending')
    assert in_cited_title("see rule 4.1, “Lending")
    assert not in_cited_title('the card reads, "Draw')
    assert not in_cited_title('see rule 411, "Lending." Then the')


_CITING = [
    ("100.1", 'A member may borrow three books (see rule 300.1, "{} Rules").'),
    ("100.2", 'A guest may read in the hall (see rule 300.1, "{} Rules").'),
    ("200.1", 'Fines are paid at the desk (see rule 300.1, "{} Rules").'),
]


def _releases(extra_old: list[tuple[str, str]], extra_new: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    head = [("1", "Library"), ("100", "Members"), ("200", "Fines"), ("300", "Lending")]
    old = head + [(n, t.format("Book")) for n, t in _CITING] + [("300.1", "Books are lent for two weeks.")] + extra_old
    new = head + [(n, t.format("Loan")) for n, t in _CITING] + [("300.1", "Books are lent for two weeks.")] + extra_new
    return compare(doc(sorted(old, key=lambda r: r[0])), doc(sorted(new, key=lambda r: r[0])))


def test_a_rewrite_seen_only_in_cited_titles_is_no_family() -> None:
    """"Book Rules" -> "Loan Rules" in three citations, nowhere else: no
    substitution line."""
    result = _releases([], [])
    assert not result.substitutions


def test_a_rewrite_in_prose_counts_its_titles_too() -> None:
    """The same words replaced in two rules' own sentences: a family, which
    the cited titles then follow."""
    prose = [("200.2", "The Book Rules of the hall apply on weekdays."), ("200.3", "Ask for the Book Rules at the desk.")]
    result = _releases(prose, [(n, t.replace("Book", "Loan")) for n, t in prose])
    assert [(s.old, s.new) for s in result.substitutions] == [("Book", "Loan")]
    assert by_new(result)["200.2"].tags == ("substitution",) and by_new(result)["100.1"].tags == ("substitution",)


def test_real_a_cited_section_title_is_no_rewrite_nor_list() -> None:
    """2004-06 -> 2009-07 (gap-s30, pair 0): "Playing Mana" -> "Mana" in
    three citations of the mana abilities section, and "Spells, Abilities,
    and Effects", section 6's title, read as three items of 111.1."""
    result = _real("mtg/2004-06-01.txt", "mtg/2009-07-11.txt")
    assert not any(s.old == "Playing Mana" for s in result.substitutions)
    assert "list-item" not in by_new(result)["111.1"].tags
