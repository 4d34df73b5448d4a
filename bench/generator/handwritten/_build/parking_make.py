"""Writes parking-code/old.txt and new.txt: a chapter of a town code, sections 'Sec. 9-12.' with run-in
titles, sub-items (a) / (1), wrapped at 70 columns, with a running header (the chapter, the code's name)
and a footer ('- 3 -') on every page of 36 lines, pages split by form feeds. Run from the repository
root before parking.py."""
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """TOWN OF WESTBURY CODE OF ORDINANCES
Supplement No. 14, current through Ordinance 2023-31

CHAPTER 9. MOTOR VEHICLES AND TRAFFIC

ARTICLE I. IN GENERAL

Sec. 9-1. Definitions. In this chapter, "commercial vehicle" means a vehicle of more than 10,000 pounds gross weight, and "town lot" means a parking lot owned or leased by the town.

Sec. 9-2. Enforcement. The police department and the parking enforcement officers enforce this chapter. A parking enforcement officer may issue a citation for any violation of Article II.

Sec. 9-3. Penalty. A violation of this chapter is an infraction punishable by a fine of not more than fifty dollars, unless another penalty is provided in Sec. 9-14.

ARTICLE II. PARKING

Sec. 9-10. Parking prohibited. No person shall park a vehicle:
(a) within fifteen feet of a fire hydrant;
(b) on a sidewalk or crosswalk;
(c) within twenty feet of an intersection; or
(d) in front of a public or private driveway.

Sec. 9-11. Time limits. No person shall park a vehicle for more than two hours on Main Street between Church Street and Mill Street between 8:00 a.m. and 6:00 p.m., Monday through Saturday, except on a legal holiday.

Sec. 9-12. Overnight parking. No person shall park a vehicle on any street between 2:00 a.m. and 6:00 a.m. from November 15 through April 1.
(a) The chief of police may suspend this section for a night when snow is not forecast.
(b) A resident whose dwelling has no driveway may obtain an overnight permit from the town clerk.

Sec. 9-13. Commercial vehicles. No person shall park a commercial vehicle on a residential street for more than one hour, except while loading or unloading.

Sec. 9-14. Towing. A vehicle parked in violation of Sec. 9-12 during a declared snow emergency may be towed at the owner's expense.
(a) The police department shall notify the owner in writing within twenty-four hours.
(b) The owner may recover the vehicle on payment of:
(1) the towing charge;
(2) a storage charge for each day; and
(3) any unpaid fine.

Sec. 9-15. Town lots. The board of selectmen may set the hours and fees of each town lot by resolution, and shall post them at the entrance of the lot.

ARTICLE III. PERMITS

Sec. 9-20. Residential permits. The town clerk shall issue a residential parking permit to a resident who shows proof of residence and the registration of the vehicle.

Sec. 9-21. Fees. The fee for a residential permit is twenty dollars a year. No fee is charged to a resident who is sixty-five years of age or older.

Sec. 9-22. Display. A permit shall be displayed on the inside of the windshield, on the driver's side, where it can be read from outside the vehicle.

Sec. 9-23. Revocation. The town clerk may revoke a permit that was obtained by a false statement or that is used on a vehicle other than the one for which it was issued.
"""

EDITS = [
    ("Supplement No. 14, current through Ordinance 2023-31", "Supplement No. 15, current through Ordinance 2024-12"),
    # reword 9-3
    ("a fine of not more than fifty dollars", "a fine of not more than seventy-five dollars"),
    # list item added to 9-10: (c) '; or' -> ';' and new (e) -- (d) '.' -> '; or'
    ("(c) within twenty feet of an intersection; or\n(d) in front of a public or private driveway.",
     "(c) within twenty feet of an intersection;\n(d) in front of a public or private driveway; or\n(e) in a space marked for electric vehicle charging, unless the vehicle is charging."),
    # insert a new 9-13, renumbering 9-13..9-15 as 9-14..9-16
    ("Sec. 9-13. Commercial vehicles.", "Sec. 9-13. Loading zones. No person shall park a vehicle in a loading zone for more than thirty minutes, except a commercial vehicle that is loading or unloading.\n\nSec. 9-14. Commercial vehicles."),
    ("Sec. 9-14. Towing.", "Sec. 9-15. Towing."),
    ("Sec. 9-15. Town lots.", "Sec. 9-16. Town lots."),
    # the reference in 9-3 updated to the renumbered towing section
    ("unless another penalty is provided in Sec. 9-14.", "unless another penalty is provided in Sec. 9-15."),
    # remove 9-23
    ("\n\nSec. 9-23. Revocation. The town clerk may revoke a permit that was obtained by a false statement or that is used on a vehicle other than the one for which it was issued.", ""),
    # cosmetic: straight apostrophe in 9-22 made curly
    ("on the driver's side", "on the driver’s side"),
]


def wrap(paragraph: str, width: int = 70) -> list[str]:
    lines, line = [], ""
    for word in paragraph.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def paginate(text: str, per: int = 36) -> str:
    body = []
    for paragraph in text.strip("\n").split("\n\n"):
        for line in paragraph.split("\n"):
            body += [line] if line.isupper() or line.startswith("Supplement") else wrap(line)
        body.append("")
    pages = [body[i : i + per] for i in range(0, len(body), per)]
    out = []
    for n, page in enumerate(pages, 1):
        if n > 1:
            out += ["WESTBURY CODE                              CHAPTER 9. MOTOR VEHICLES", ""]
        out += page + ["", f"- {n} -", "\f"]
    return "\n".join(out).rstrip("\f\n") + "\n"


def furniture(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.startswith(("WESTBURY CODE", "- "))]


if __name__ == "__main__":
    write_versions("parking-code", OLD, EDITS, paginate)
