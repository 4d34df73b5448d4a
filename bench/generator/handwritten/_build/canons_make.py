"""Writes diocesan-canons/old.txt and new.txt: canons of a diocese (``Title I`` / ``Canon 1.`` /
``Sec. 1.``, canons restarting in each title and sections in each canon, cited ``Title II, Canon 3,
Sec. 2``, ID ``II.3.2``), one paragraph per line. Run from the repository root before canons.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """CANONS OF THE DIOCESE OF WESTMARCH

As adopted by the Diocesan Convention, 18 October 2025

Title I. Of the Convention

Canon 1. Of Membership
Sec. 1. The Convention consists of the clergy canonically resident in the Diocese and the lay delegates elected by each parish.
Sec. 2. Each parish elects two lay delegates at its annual meeting, and each mission one.
Sec. 3. A lay delegate must be a communicant in good standing of the parish that elects the delegate.

Canon 2. Of Meetings
Sec. 1. The Convention meets once a year, in October, at a place appointed by the Bishop.
Sec. 2. A special meeting may be called by the Bishop, or by the Standing Committee when the see is vacant.
Sec. 3. Notice of every meeting shall be sent to each member at least sixty days before it.
Sec. 4. A quorum is one third of the clergy and one third of the parishes, represented by at least one delegate each.

Canon 3. Of Officers
Sec. 1. The Convention elects a Secretary and a Treasurer, each for a term of three years.
Sec. 2. The Secretary keeps the journal of the Convention and publishes it within six months of each meeting.
Sec. 3. The Treasurer keeps the accounts of the Diocese and reports to each annual meeting.

Title II. Of Parishes

Canon 1. Of the Vestry
Sec. 1. Each parish has a Vestry of not fewer than six and not more than twelve members, elected at the annual meeting.
Sec. 2. The Vestry manages the property and finances of the parish.
Sec. 3. The Vestry meets at least six times a year; the Rector presides.

Canon 2. Of Parish Accounts
Sec. 1. The Vestry shall keep accounts in the form prescribed by the Treasurer of the Diocese.
Sec. 2. The accounts shall be audited each year by a person who is not a member of the Vestry.
Sec. 3. A copy of the audited accounts shall be sent to the Treasurer of the Diocese by 1 May.

Canon 3. Of Parish Property
Sec. 1. No parish may sell or mortgage real property without the consent of the Standing Committee.
Sec. 2. An application for consent under Sec. 1 of this Canon shall be made through the Secretary of the Convention.

Title III. Of Discipline

Canon 1. Of Complaints
Sec. 1. A complaint against a member of the clergy shall be made in writing to the Bishop.
Sec. 2. A parish that has failed to send its accounts under Title II, Canon 2, Sec. 3 for two years may be reported to the Convention.

Canon 2. Of Amendment
Sec. 1. These Canons may be amended by a majority of each order voting at an annual meeting, notice of the amendment having been given under Title I, Canon 2, Sec. 3.
"""

EDITS = [
    ("As adopted by the Diocesan Convention, 18 October 2025", "As adopted by the Diocesan Convention, 18 October 2025, and amended 17 October 2026"),
    # reword I.1.2
    ("and each mission one.", "and each mission two."),
    # a section inserted in I.2: Sec. 3 -> 4 and 4 -> 5; III.2.1 keeps citing "Title I, Canon 2, Sec. 3", which stays right? no: it moved to Sec. 4
    ("Sec. 3. Notice of every meeting", "Sec. 3. Members may take part in a meeting by video link where the Bishop so directs.\nSec. 4. Notice of every meeting"),
    ("Sec. 4. A quorum is one third", "Sec. 5. A quorum is one third"),
    ("notice of the amendment having been given under Title I, Canon 2, Sec. 3.", "notice of the amendment having been given under Title I, Canon 2, Sec. 4."),
    # a canon inserted in Title II: Canons 2, 3 -> 3, 4; III.1.2 follows (xref-update)
    ("\n\nCanon 2. Of Parish Accounts", "\n\nCanon 2. Of Parish Registers\nSec. 1. Each parish shall keep a register of baptisms, confirmations, marriages and burials.\nSec. 2. The registers shall be inspected by the Archdeacon once every three years.\n\nCanon 3. Of Parish Accounts"),
    ("\n\nCanon 3. Of Parish Property", "\n\nCanon 4. Of Parish Property"),
    ("failed to send its accounts under Title II, Canon 2, Sec. 3", "failed to send its accounts under Title II, Canon 3, Sec. 3"),
    # remove I.3.3
    ("\nSec. 3. The Treasurer keeps the accounts of the Diocese and reports to each annual meeting.", ""),
    # reword II.3.3 (old II.2.3)
    ("to the Treasurer of the Diocese by 1 May.", "to the Treasurer of the Diocese by 1 June."),
    # cosmetic: a typo? none; title reworded: III.2 heading
    ("Canon 2. Of Amendment", "Canon 2. Of the Amendment of these Canons"),
]


if __name__ == "__main__":
    write_versions("diocesan-canons", OLD, EDITS, lambda t: t)
