"""Writes uk-si-allotments/old.txt and new.txt: a UK statutory instrument (``1.—(1)`` on one line,
each regulation's title on the line above it, cited ``regulation 4(2)(b)``), one paragraph per line.
Run from the repository root before allotments.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """STATUTORY INSTRUMENTS

2026 No. 348

ALLOTMENTS, WALES

The Allotment Tenancies (Wales) Regulations 2026

Made 9th February 2026
Laid before Senedd Cymru 11th February 2026
Coming into force 1st April 2026

The Welsh Ministers make these Regulations in exercise of the powers conferred by section 14 of the Smallholdings and Allotments Act 1908.

Title, commencement and application
1.—(1) The title of these Regulations is the Allotment Tenancies (Wales) Regulations 2026 and they come into force on 1st April 2026.
(2) These Regulations apply in relation to Wales.

Interpretation
2. In these Regulations—
"allotment authority" means a county council or county borough council in Wales;
"plot" means an allotment garden let by an allotment authority;
"tenant" means the person to whom a plot is let;
"waiting list" means the list kept under regulation 3(1).

Waiting lists
3.—(1) Each allotment authority must keep a waiting list of persons who have applied for a plot.
(2) An application must be made in writing and must state—
(a) the name and address of the applicant;
(b) whether the applicant already holds a plot; and
(c) the size of plot preferred.
(3) The authority must acknowledge an application within 14 days.

Offer of plots
4.—(1) When a plot becomes vacant, the authority must offer it to the first person on the waiting list who lives within its area.
(2) An offer lapses if it is not accepted—
(a) within 21 days of the offer; or
(b) before any date stated in the offer, if later.
(3) A person whose offer lapses under paragraph (2) keeps their place on the waiting list.

Tenancy agreements
5.—(1) A plot must be let under a written tenancy agreement.
(2) The agreement must state the rent, the date on which it is payable and the rules of the site.
(3) Rent may not be increased more than once in any period of 12 months.

Cultivation
6.—(1) A tenant must keep the plot clean and in a good state of cultivation.
(2) No more than one quarter of a plot may be used for sheds, paths and other structures.
(3) A tenant may keep hens on a plot with the written consent of the authority, but may not keep a cockerel.

Notice to quit
7.—(1) An authority may end a tenancy by giving the tenant not less than 12 months' notice to quit, expiring on or before 6th April or on or after 29th September in any year.
(2) An authority may end a tenancy by one month's notice where the tenant has failed to comply with regulation 6(1) after a written warning.
(3) A notice under paragraph (2) must state the failure relied on.

Appeals
8.—(1) A tenant given notice under regulation 7(2) may appeal to the Welsh Ministers within 28 days.
(2) The notice has no effect while an appeal is pending.

Records
9. Each authority must publish, before 30th June in each year, the number of plots it lets, the number vacant and the length of its waiting list on 1st April of that year.

Revocation
10. The Allotment Tenancies (Wales) Regulations 1998 are revoked.

Gwenllian Parry
Minister for Rural Affairs, one of the Welsh Ministers
9th February 2026
"""

EDITS = [
    ("Made 9th February 2026\nLaid before Senedd Cymru 11th February 2026\nComing into force 1st April 2026",
     "Made 2nd November 2026\nLaid before Senedd Cymru 4th November 2026\nComing into force 1st January 2027"),
    # a point added in 3(2), the list's punctuation following it
    ("(b) whether the applicant already holds a plot; and\n(c) the size of plot preferred.",
     "(b) whether the applicant already holds a plot;\n(c) the size of plot preferred; and\n(d) whether the applicant needs a plot with step-free access."),
    # 4: a new paragraph (3) inserted, old (3) becomes (4); its reference to paragraph (2) stays right
    ("(3) A person whose offer lapses under paragraph (2) keeps their place on the waiting list.",
     "(3) An authority may offer a plot out of turn to a person who needs a plot with step-free access.\n(4) A person whose offer lapses under paragraph (2) keeps their place on the waiting list."),
    # reword 5(3)
    ("Rent may not be increased more than once in any period of 12 months.", "Rent may not be increased more than once in any period of 24 months."),
    # regulation 6A inserted, with its title
    ("\n\nNotice to quit\n", "\n\nCommunal areas\n6A. A tenant must not obstruct any path, water point or other communal area of the site.\n\nNotice to quit\n"),
    # 7: (2) gains an alternative citing the new regulation 6A
    ("has failed to comply with regulation 6(1) after a written warning.", "has failed to comply with regulation 6(1) or 6A after a written warning."),
    # cosmetic: apostrophe made curly in 7(1)
    ("12 months' notice to quit", "12 months’ notice to quit"),
    # remove 8(2)
    ("\n(2) The notice has no effect while an appeal is pending.", ""),
    ("9th February 2026\n", "2nd November 2026\n"),
]


if __name__ == "__main__":
    write_versions("uk-si-allotments", OLD, EDITS, lambda t: t)
