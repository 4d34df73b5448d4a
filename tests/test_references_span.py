"""The span of a document's first parts (`references.first_parts`), which
tells a reference to another chapter from a stale one in this document."""

from __future__ import annotations

from ruldiff import compare, decode, parse
from ruldiff.diff.references import first_parts


def test_a_number_inserted_after_another_gives_no_first_part() -> None:
    """``12a`` is a number of one part (12, then an inserted 12a): its first
    part is ``12a``, not in figures, as ``5a``'s is; never ``1``."""
    assert first_parts(["12a", "13", "14"]) == (13, 14)
    assert first_parts(["5a", "123b"]) is None
    assert first_parts(["12-4a", "100.1a"]) == (12, 100)


def test_a_chapter_with_an_inserted_article_does_not_flag_another_chapters_number() -> None:
    """A chapter whose articles run 12a to 14 citing article 3: another
    chapter's, nothing to check it against here (as chapter 8 citing
    chapter 32 is not flagged)."""
    old = "Harbour Code, Chapter 12\n\n12. Moorings.\n\n12a. Berths are let by the year.\n\n13. Fees are paid in March.\n\n14. Gates are shut at dusk.\n"
    new = old.replace("in March.", "in April, as article 3 provides.")
    result = compare(parse(decode(old.encode(), "old.txt")), parse(decode(new.encode(), "new.txt")))
    assert [r.id for r in result.old.rules] == ["12a", "13", "14"]
    assert not any(c.stale for c in result.changes)
