"""Writes eu-ferries/old.txt and new.txt: an EU regulation with recitals, chapters, articles
(``Article 5``, ``Article 5a`` inserted), paragraphs and points cited ``Article 5(1)(a)``, and two
annexes; one paragraph per line. Run from the repository root before ferries.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """REGULATION (EU) 2026/1190 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL

of 23 June 2026

on the carriage of bicycles on passenger ferries

THE EUROPEAN PARLIAMENT AND THE COUNCIL OF THE EUROPEAN UNION,

Having regard to the Treaty on the Functioning of the European Union, and in particular Article 100(2) thereof,

Whereas:

(1) Cycling combined with sea travel is a growing form of sustainable tourism in the Union.

(2) Passengers who travel with bicycles often find that the conditions of carriage differ from one operator to another.

(3) Common rules on the carriage of bicycles should therefore be laid down.

HAVE ADOPTED THIS REGULATION:

CHAPTER I
GENERAL PROVISIONS

Article 1
Subject matter and scope
1. This Regulation lays down rules on the carriage of bicycles on passenger ferries operating services between ports situated in the territory of the Member States.
2. It does not apply to ships certified to carry fewer than 36 passengers.

Article 2
Definitions
For the purposes of this Regulation, the following definitions apply:
(1) 'carrier' means a natural or legal person offering carriage by passenger ferry to the general public;
(2) 'bicycle' means a pedal cycle, including a pedal cycle with electric assistance of not more than 250 watts;
(3) 'booking' means a reservation of carriage made by a passenger with a carrier or its agent.

CHAPTER II
CARRIAGE OF BICYCLES

Article 3
Obligation to carry
1. Carriers shall carry bicycles, assembled and ready for use, on every crossing, subject to the space available.
2. Carriers shall provide space for at least:
(a) eight bicycles on ships certified to carry up to 400 passengers; and
(b) sixteen bicycles on ships certified to carry more than 400 passengers.
3. Paragraph 2 does not apply to crossings of less than 30 minutes.

Article 4
Fees
1. Carriers may charge a fee for the carriage of a bicycle, which shall not exceed the fee charged for a passenger car divided by six.
2. The fee shall be shown at the time of booking together with the price of the ticket.

Article 5
Information
1. Carriers shall inform passengers, before booking, of:
(a) the number of places for bicycles on each crossing;
(b) the fee charged under Article 4(1); and
(c) the conditions for the carriage of bicycles with electric assistance.
2. The information referred to in paragraph 1 shall be given in an accessible format.

Article 6
Refusal of carriage
1. A carrier may refuse to carry a bicycle only where the space referred to in Article 3(2) is full or where carriage would endanger the safety of the ship.
2. Where carriage is refused, the carrier shall refund the fee paid under Article 4(1) within seven days.

CHAPTER III
FINAL PROVISIONS

Article 7
Penalties
Member States shall lay down the rules on penalties applicable to infringements of this Regulation and shall take all measures necessary to ensure that they are implemented.

Article 8
Review
By 31 December 2030, the Commission shall report on the application of this Regulation, taking into account the information given under Annex II.

Article 9
Entry into force
This Regulation shall enter into force on the twentieth day following that of its publication in the Official Journal of the European Union.

ANNEX I
Symbol for bicycle places
1. The symbol shows a bicycle in white on a blue square.
2. The side of the square shall be at least 10 cm.

ANNEX II
Information to be reported by carriers
1. The number of bicycles carried on each route.
2. The number of refusals under Article 6(1), and their grounds.
"""

EDITS = [
    ("of 23 June 2026", "of 23 June 2026\n\nas amended by Regulation (EU) 2027/88 of 14 January 2027"),
    # reword 1(2)
    ("certified to carry fewer than 36 passengers", "certified to carry fewer than 12 passengers"),
    # a definition inserted in Article 2: (3) -> (4)
    ("(3) 'booking' means", "(3) 'cargo bicycle' means a bicycle designed to carry goods or a second person, with a length of more than 2 metres;\n(4) 'booking' means"),
    # a point inserted in 3(2) and the list's joiners following it
    ("(a) eight bicycles on ships certified to carry up to 400 passengers; and\n(b) sixteen bicycles on ships certified to carry more than 400 passengers.",
     "(a) eight bicycles on ships certified to carry up to 400 passengers;\n(b) sixteen bicycles on ships certified to carry more than 400 passengers; and\n(c) two cargo bicycles on every ship."),
    # Article 5a inserted
    ("\n\nArticle 6\nRefusal of carriage",
     "\n\nArticle 5a\nCargo bicycles\n1. Carriers may require a booking for the carriage of a cargo bicycle.\n2. A cargo bicycle booked under paragraph 1 shall be carried on the crossing booked.\n\nArticle 6\nRefusal of carriage"),
    # reword 6(2)
    ("within seven days", "within fourteen days"),
    # Article 8 removed; 9 becomes 8
    ("\n\nArticle 8\nReview\nBy 31 December 2030, the Commission shall report on the application of this Regulation, taking into account the information given under Annex II.", ""),
    ("Article 9\nEntry into force", "Article 8\nEntry into force"),
    # Annex II: a point added
    ("2. The number of refusals under Article 6(1), and their grounds.",
     "2. The number of refusals under Article 6(1), and their grounds.\n3. The number of cargo bicycles carried."),
    # cosmetic in Annex I(1): a typo put right? no: straight quotes would need quotes; a double space
]


if __name__ == "__main__":
    write_versions("eu-ferries", OLD, EDITS, lambda t: t)
