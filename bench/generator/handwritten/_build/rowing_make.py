"""Writes rowing-club-constitution/old.txt and new.txt: the paragraphs below, hard-wrapped at 64
columns, a long word that does not fit broken with a hyphen (as a typesetter would), a page header and
footer every 40 lines. Run from the repository root before rowing.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """CONSTITUTION OF THE ELMSTEAD ROWING CLUB
Adopted at the Annual General Meeting of 14 March 2019

ARTICLE I. NAME AND OBJECTS

Section 1. Name. The name of the organisation is the Elmstead Rowing Club, in this constitution called "the Club".

Section 2. Objects. The objects of the Club are to promote rowing on the River Elm, to provide boats and equipment for its members, and to take part in regattas and competitions.

Section 3. Colours. The colours of the Club are dark green and white, and its racing kit is approved by the Committee.

ARTICLE II. MEMBERSHIP

Section 1. Classes. The classes of membership are full, junior, social and honorary.

Section 2. Application. A person who wishes to join shall apply in writing to the Secretary. The Committee decides each application at its next meeting and its decision is final.

Section 3. Junior Members. A junior member is a member under eighteen years of age. A junior member may not vote at a General Meeting and may row only under the supervision of a qualified coach.

Section 4. Honorary Members. The Annual General Meeting may elect as an honorary member any person who has given outstanding service to the Club.

Section 5. Resignation. A member may resign by written notice to the Secretary. No subscription is refunded on resignation.

ARTICLE III. SUBSCRIPTIONS

Section 1. Amount. The subscription for each class of membership is fixed by the Annual General Meeting on the recommendation of the Treasurer.

Section 2. Payment. Subscriptions fall due on 1 April each year. A member whose subscription is unpaid on 1 June ceases to be a member, subject to Article III, Section 3.

Section 3. Hardship. The Committee may reduce or waive the subscription of a member in financial hardship. Its decision is confidential.

ARTICLE IV. GENERAL MEETINGS

Section 1. Annual General Meeting. The Annual General Meeting is held in March each year. It receives the accounts, elects the officers and the Committee, and fixes the subscriptions for the following year.

Section 2. Special General Meetings. The Secretary shall call a Special General Meeting within twenty-one days of a written request signed by ten full members, stating the business to be transacted.

Section 3. Notice. At least fourteen days' notice of a General Meeting shall be given to every member, with the agenda and any proposed amendment of this constitution.

Section 4. Voting. Each full member and each honorary member elected under Article II, Section 4 has one vote. Voting is by show of hands unless a secret ballot is demanded by five members present.

Section 5. Quorum. Twenty full members form a quorum. If no quorum is present within thirty minutes of the time appointed, the meeting stands adjourned for seven days.

ARTICLE V. OFFICERS AND COMMITTEE

Section 1. Officers. The officers of the Club are the Captain, the Secretary and the Treasurer, each elected for one year.

Section 2. Committee. The Committee consists of the officers and four members elected at the Annual General Meeting.

Section 3. Powers. The Committee manages the affairs of the Club between General Meetings and may make bye-laws that are consistent with this constitution.

Section 4. Committee Quorum. Four members of the Committee form a quorum of the Committee.

Section 5. Vacancies. The Committee may fill a vacancy among its members until the next Annual General Meeting.

ARTICLE VI. DISCIPLINE

Section 1. Complaints. A complaint about the conduct of a member shall be made in writing to the Secretary, who shall acknowledge it within seven days.

Section 2. Hearing. The Committee shall hear the member before it decides a complaint, and may reprimand, suspend or expel the member.

Section 3. Appeal. A member who is expelled may appeal to a Special General Meeting called under Article IV, Section 2, whose decision is final.

ARTICLE VII. AMENDMENT AND DISSOLUTION

Section 1. Amendment. This constitution may be amended by a two-thirds majority of the votes cast at a General Meeting, notice of which was given under Article IV, Section 3.

Section 2. Dissolution. On dissolution, the assets of the Club shall be given to another rowing club or to a charity chosen by the final General Meeting.
"""

EDITS = [
    ("Adopted at the Annual General Meeting of 14 March 2019", "As amended at the Annual General Meeting of 11 March 2025"),
    # insert II.4 Family Members: II.4 -> II.5, II.5 -> II.6; IV.4 keeps citing "Article II, Section 4" (stale)
    ("Section 4. Honorary Members.", "Section 4. Family Members. Two adults and their children living at one address may join together as family members, paying one family subscription.\n\nSection 5. Honorary Members."),
    ("Section 5. Resignation.", "Section 6. Resignation."),
    # reword IV.5
    ("Twenty full members form a quorum.", "Fifteen full members form a quorum."),
    # list item added to I.2
    ("to provide boats and equipment for its members, and to take part", "to provide boats and equipment for its members, to teach young people to row, and to take part"),
    # title reworded: V.4
    ("Section 4. Committee Quorum. Four members", "Section 4. Committee Meetings. Four members"),
    # cosmetic: straight quotes made curly in I.1
    ('called "the Club".', "called “the Club”."),
    # remove V.5, nothing after it in Article V
    ("\n\nSection 5. Vacancies. The Committee may fill a vacancy among its members until the next Annual General Meeting.", ""),
]


def wrap(paragraph: str, width: int = 64) -> list[str]:
    lines, line = [], ""
    for word in paragraph.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        elif len(word) >= 10 and word.isalpha() and width - len(line) - 2 >= 4:
            cut = width - len(line) - 2  # "line wo-" fills the width
            lines.append(f"{line} {word[:cut]}-")
            line = word[cut:]
        else:
            lines.append(line)
            line = word
    return lines + [line] if line else lines


def paginate(text: str, title: str, per: int = 40) -> str:
    body = []
    for paragraph in text.strip("\n").split("\n\n"):
        lines = paragraph.split("\n") if paragraph.isupper() or "\n" in paragraph else wrap(paragraph)
        body += lines + [""]
    pages = [body[i : i + per] for i in range(0, len(body), per)]
    out = []
    for n, page in enumerate(pages, 1):
        if n > 1:
            out += [f"{title}", ""]
        out += page
        out += ["", f"Page {n} of {len(pages)}", "\f"]
    return "\n".join(out).rstrip("\f\n") + "\n"


def furniture(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.startswith(("Page ", "ELMSTEAD ROWING CLUB CONSTITUTION"))]


if __name__ == "__main__":
    write_versions("rowing-club-constitution", OLD, EDITS, lambda t: paginate(t, "ELMSTEAD ROWING CLUB CONSTITUTION"))
