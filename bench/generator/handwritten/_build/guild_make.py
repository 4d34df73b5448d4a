"""Writes guild-constitution/old.txt and new.txt: a constitution (``ARTICLE II`` / ``Section 2.``
restarting in each article, cited ``Section 2 of Article II``), one paragraph per line.
Run from the repository root before guild.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """CONSTITUTION OF THE RIVERSIDE WEAVERS' GUILD

Ratified by the members on 2 May 2022

ARTICLE I
NAME AND PURPOSE

Section 1. The name of this organization is the Riverside Weavers' Guild.

Section 2. The purpose of the Guild is to teach and promote hand weaving, spinning and dyeing.

ARTICLE II
MEMBERSHIP

Section 1. Membership is open to any person interested in the purposes of the Guild.

Section 2. A member in good standing is one whose dues for the current year have been paid.

Section 3. A member whose dues are unpaid by March 31 ceases to be in good standing.

Section 4. Only members in good standing may vote, hold office or borrow the Guild's looms.

ARTICLE III
DUES

Section 1. Annual dues are set by the members at the annual meeting on the recommendation of the Board.

Section 2. Dues are payable on January 1 of each year.

Section 3. A member who joins after June 30 pays half the annual dues for that year.

ARTICLE IV
OFFICERS AND BOARD

Section 1. The officers are a President, a Vice-President, a Secretary and a Treasurer, elected at the annual meeting for terms of two years.

Section 2. The Board consists of the officers and three directors elected at the annual meeting.

Section 3. No person may hold the same office for more than three consecutive terms.

Section 4. Only members in good standing as defined in Section 2 of Article II may be elected to the Board.

Section 5. A vacancy on the Board is filled by the Board until the next annual meeting.

ARTICLE V
MEETINGS

Section 1. The annual meeting is held in October at a time and place set by the Board.

Section 2. Notice of the annual meeting shall be sent to every member at least thirty days before it.

Section 3. Fifteen members in good standing, as defined in Section 2 of Article II, form a quorum.

Section 4. A member may not vote by proxy. Voting rights are as provided in Section 4 of Article II.

ARTICLE VI
AMENDMENTS

Section 1. This Constitution may be amended by a two-thirds vote of the members present at the annual meeting, notice of the amendment having been given under Section 2 of Article V.
"""

EDITS = [
    ("Ratified by the members on 2 May 2022", "Ratified by the members on 2 May 2022 and amended on 14 October 2025"),
    # list item added in I.2
    ("to teach and promote hand weaving, spinning and dyeing.", "to teach and promote hand weaving, spinning, dyeing and felting."),
    # a section inserted in Article II: 2, 3, 4 -> 3, 4, 5; IV.4 and V.3 follow it (Section 3 of Article II); V.4 is left stale
    ("Section 2. A member in good standing is one", "Section 2. Family memberships cover two adults and their children living at one address.\n\nSection 3. A member in good standing is one"),
    ("Section 3. A member whose dues are unpaid", "Section 4. A member whose dues are unpaid"),
    ("Section 4. Only members in good standing may vote", "Section 5. Only members in good standing may vote"),
    ("Only members in good standing as defined in Section 2 of Article II may be elected", "Only members in good standing as defined in Section 3 of Article II may be elected"),
    ("Fifteen members in good standing, as defined in Section 2 of Article II, form a quorum.", "Fifteen members in good standing, as defined in Section 3 of Article II, form a quorum."),
    # Article III, Section 3 moved to Article IV? no: to the end of Article III's neighbour; reword III.2
    ("Dues are payable on January 1 of each year.", "Dues are payable on February 1 of each year."),
    # IV.3 removed, IV.4 and IV.5 become IV.3 and IV.4
    ("\n\nSection 3. No person may hold the same office for more than three consecutive terms.", ""),
    ("Section 4. Only members in good standing as defined", "Section 3. Only members in good standing as defined"),
    ("Section 5. A vacancy on the Board", "Section 4. A vacancy on the Board"),
    # reword V.2
    ("at least thirty days before it.", "at least twenty-one days before it."),
]


if __name__ == "__main__":
    write_versions("guild-constitution", OLD, EDITS, lambda t: t)
