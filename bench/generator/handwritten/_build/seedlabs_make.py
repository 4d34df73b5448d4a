"""Writes federal-seed-labs/old.txt and new.txt: a US federal regulation (``PART 215``, ``Subpart
A``, ``§ 215.11(b)(2)(i)``, cited ``paragraph (c)(1) of this section``), hard-wrapped at 72 columns
with a running header and page numbers counting from 341, form feeds between pages.
Run from the repository root before seedlabs.py."""
import sys
import textwrap

sys.path.insert(0, "bench/generator/handwritten/_build")
from hw import write_versions  # noqa: E402

OLD = """PART 215—ACCREDITATION OF SEED TESTING LABORATORIES

Subpart A—General

§ 215.1 Purpose.

This part sets out the conditions under which the Administrator accredits laboratories that test agricultural and vegetable seed for germination and purity.

§ 215.2 Definitions.

As used in this part:

(a) Accredited laboratory means a laboratory accredited under this part.

(b) Administrator means the Administrator of the Agricultural Marketing Service or any officer to whom authority has been delegated.

(c) Analyst means a person who performs seed tests in a laboratory.

§ 215.3 Scope.

(a) This part applies to any laboratory that issues test reports for seed shipped in interstate commerce.

(b) This part does not apply to tests made by a person on seed that the person has grown for sowing on the person's own land.

Subpart B—Accreditation

§ 215.10 Application.

(a) A laboratory seeking accreditation shall apply to the Administrator on the form provided and shall state:

(1) The name and address of the laboratory;

(2) The names and qualifications of its analysts; and

(3) The kinds of seed it proposes to test.

(b) The Administrator shall acknowledge an application within 30 days of its receipt.

§ 215.11 Conditions of accreditation.

(a) A laboratory shall employ at least one analyst who holds a registration as a seed analyst.

(b) A laboratory shall take part in the referee testing program, as follows:

(1) It shall test each referee sample within 45 days of its receipt; and

(2) It shall report its results:

(i) On the form provided by the Administrator; and

(ii) Signed by the analyst who made the test.

(c) A laboratory shall keep a record of each test for at least 3 years.

§ 215.12 Duration of accreditation.

Accreditation remains in effect for 2 years and may be renewed under the procedure in § 215.10 of this subpart.

Subpart C—Suspension and Revocation

§ 215.20 Grounds for suspension.

(a) The Administrator may suspend the accreditation of a laboratory that:

(1) Fails to meet a condition of § 215.11(b)(2)(i) or (ii); or

(2) Issues a test report that it knows to be false.

(b) A suspension under paragraph (a) of this section takes effect on the date of the notice of suspension.

§ 215.21 Revocation.

The Administrator may revoke the accreditation of a laboratory whose accreditation has been suspended twice within 5 years.

§ 215.22 Hearings.

A laboratory whose accreditation is suspended or revoked may request a hearing within 30 days of the notice under § 215.20(b).
"""

EDITS = [
    ("(1) The name and address of the laboratory;\n\n(2) The names and qualifications of its analysts; and\n\n(3) The kinds of seed it proposes to test.",
     "(1) The name and address of the laboratory; and\n\n(2) The names and qualifications of its analysts."),
    # § 215.4 added in the gap, no renumbering
    ("\n\nSubpart B—Accreditation", "\n\n§ 215.4 Fees.\n\nThe Administrator shall charge each laboratory the fees set out in part 214 of this chapter.\n\nSubpart B—Accreditation"),
    # a paragraph inserted in § 215.11: (b) and (c) become (c) and (d); § 215.20 cites the new number, § 215.12 nothing
    ("(b) A laboratory shall take part in the referee testing program",
     "(b) A laboratory shall be open to inspection by the Administrator during its working hours.\n\n(c) A laboratory shall take part in the referee testing program"),
    ("(c) A laboratory shall keep a record of each test for at least 3 years.", "(d) A laboratory shall keep a record of each test for at least 5 years."),
    ("Fails to meet a condition of § 215.11(b)(2)(i) or (ii); or", "Fails to meet a condition of § 215.11(c)(2)(i) or (ii); or"),
    # reword § 215.12
    ("remains in effect for 2 years", "remains in effect for 3 years"),
    # a point added in § 215.20(a), the list's joiners following it
    ("(2) Issues a test report that it knows to be false.",
     "(2) Issues a test report that it knows to be false; or\n\n(3) Refuses an inspection under § 215.11(b)."),
    ("condition of § 215.11(c)(2)(i) or (ii); or", "condition of § 215.11(c)(2)(i) or (ii);"),
    # § 215.21 removed, § 215.22 keeps its number
    ("\n\n§ 215.21 Revocation.\n\nThe Administrator may revoke the accreditation of a laboratory whose accreditation has been suspended twice within 5 years.", ""),
    ("A laboratory whose accreditation is suspended or revoked may request", "A laboratory whose accreditation is suspended may request"),
]

HEADER = "Agricultural Marketing Service, USDA"


def paginate(text: str, per: int = 44, first: int = 341) -> str:
    body = []
    for paragraph in text.strip("\n").split("\n\n"):
        body += textwrap.wrap(paragraph, 72) + [""]
    pages = [body[i : i + per] for i in range(0, len(body), per)]
    out = []
    for n, page in enumerate(pages):
        out.append("\n".join([HEADER, "", *page, "", str(first + n)]))
    return "\n\f".join(out) + "\n"


def furniture(text: str) -> list[str]:
    return [line.lstrip("\f") for line in text.split("\n") if line.lstrip("\f") == HEADER or line.strip().isdigit()]


if __name__ == "__main__":
    write_versions("federal-seed-labs", OLD, EDITS, paginate)
