"""Write conduct-code/old.txt, new.txt and truth.json (hand-written professional body's code of conduct pair).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/conduct_make.py

A professional body's Code of Professional Conduct: 'PRINCIPLE 1 — INTEGRITY' headings, rules 'R1.1',
'R1.2' (a capital R and a dotted number), guidance paragraphs 'G1.1.1' under a rule, and lettered items
'(a)' under a rule. Cited 'rule R2.3', 'see R4.1', 'guidance G3.2.1', 'rule R3.2(b)', 'Principle 4'.
Hard-wrapped at 76 columns with hanging indents under a centred title block, and a short list of
definitions at the end (terms in capitals; no units). All text invented.

Built like standing_orders_make.py on tree_docs: the document is a tree of nodes with stable keys;
numbers are computed from position; the planted edits (EDITS) are written by hand; renumberings and the
substitution's units are derived, and `check` asserts that every differing unit is accounted for and that
every citation of the new version names the unit it named in the old one, the one stale reference aside.
"""
import copy
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
import tree_docs as td  # noqa: E402
from tree_docs import retext  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "conduct-code"
WIDTH = 76

TITLE_OLD = td.centre_text([
    "THE INSTITUTE OF CHARTERED LAND SURVEYORS",
    "",
    "CODE OF PROFESSIONAL CONDUCT",
    "",
    "Binding on all members, student members and member firms",
    "",
    "Approved by the Council of the Institute on 3 February 2020",
    "and in force from 1 April 2020",
], WIDTH)
TITLE_NEW = td.centre_text([
    "THE SOCIETY OF CHARTERED LAND SURVEYORS",
    "",
    "CODE OF PROFESSIONAL CONDUCT",
    "",
    "Binding on all members, student members and member firms",
    "",
    "Approved by the Council of the Society on 11 September 2025",
    "and in force from 1 January 2026",
], WIDTH)


def PR(key, title, *children):
    return {"key": key, "kind": "principle", "title": title, "children": list(children)}


def R(key, text, *children):
    return {"key": key, "kind": "rule", "text": text, "children": list(children)}


def G(key, text):
    return {"key": key, "kind": "guidance", "text": text, "children": []}


def A(key, text):
    return {"key": key, "kind": "item", "text": text, "children": []}


OLD = [
    PR("p-int", "INTEGRITY",
       R("honest", "A member shall act honestly and in good faith in all professional dealings, and shall not "
         "knowingly or recklessly make any statement which is false or misleading.",
         G("honest-omit", "Honesty extends to what is left unsaid: a valuation report which omits a material "
           "qualification may mislead as surely as one which contains a false figure."),
         G("honest-correct", "A member who discovers that a statement previously made is innaccurate should "
           "correct it promptly, in writing where the original statement was in writing.")),
       R("induce", "A member shall not offer, give, solicit or accept\u2014",
         A("ind-gift", "any gift, hospitality or loan which might reasonably be regarded as likely to influence "
           "professional judgement;"),
         A("ind-intro", "any commission or fee for the introduction of a client, unless it has been disclosed "
           "to that client in writing; or"),
         A("ind-award", "any payment or favour in return for the award of work."),
         G("ind-modest", "Modest hospitality of a kind customarily offered in the course of business, and "
           "entered in the register kept under rule R5.3, will not normally breach rule R1.2.")),
       R("certify", "A member shall not sign or issue any certificate, report or opinion which the member knows "
         "or suspects to be false, or which relates to work that has not been carried out by the member or "
         "under supervision meeting the standard in rule R2.4."),
       R("report", "A member who becomes aware of a serious breach of this Code by another member shall report "
         "it to the Institute, unless the information is subject to legal professional privilege.",
         G("report-how", "A report under rule R1.4 should be made to the Professional Standards Department of "
           "the Institute and should set out the facts known to the member, without speculation."))),
    PR("p-comp", "COMPETENCE AND DUE CARE",
       R("scope", "A member shall undertake only such work as the member is competent to carry out, having "
         "regard to the member's knowledge, skill and experience and to the resources available.",
         G("scope-part", "Where an instruction falls partly outside the member's competence, the member may "
           "accept it if that part is carried out by a suitably qualified person, the client is told so before "
           "the work begins, and that person is supervised as rule R2.4 requires.")),
       R("cpd", "A member shall maintain professional competence by completing not less than twenty hours of "
         "continuing professional development in each calendar year, and shall keep a record of it in the "
         "form required by the Institute.",
         G("cpd-formal", "At least ten of the twenty hours should be formal learning, such as courses, "
           "conferences or structured online study; the remainder may be informal reading or mentoring."),
         G("cpd-break", "A member who is not in practice for part of a year, through illness, parental leave "
           "or otherwise, may seek a reduction in the requirement under guidance G2.2.1 pro rata.")),
       R("care", "A member shall carry out professional work with due care and diligence and shall complete it "
         "within a reasonable time, or within any time agreed with the client.",
         G("care-delay", "Where delay becomes likely, the member should tell the client promptly and explain "
           "the reasons for it and its likely effect on the instruction.")),
       R("supervise", "A member who supervises others shall ensure that they are adequately trained and "
         "supervised for the work they carry out, and remains responsible for work issued under the "
         "member's name.",
         G("sup-degree", "The degree of supervision required depends on the experience of the person "
           "supervised and the complexity of the work; see guidance G2.1.1."))),
    PR("p-obj", "OBJECTIVITY",
       R("bias", "A member shall not allow bias, conflict of interest or the undue influence of others to "
         "override professional judgement."),
       R("conflict", "A member shall not act, or continue to act, for a client where there is a conflict of "
         "interest, or a significant risk of one, unless\u2014",
         A("con-disclose", "the conflict has been disclosed in writing to every client affected;"),
         A("con-consent", "each of them has given informed consent in writing; and"),
         A("con-safe", "the member is satisfied that adequate safeguards, such as information barriers, can be "
           "put in place and maintained."),
         G("con-meaning", "A conflict of interest exists where the duty a member owes to one client conflicts "
           "with the duty owed to another, or with the member's own interest or that of the member's firm."),
         G("con-examples", "Examples include acting for both the buyer and the seller of the same property, and "
           "advising on a property in which the member or a close relative holds an interest."),
         G("con-record", "Consent obtained under rule R3.2(b) should be recorded, together with the safeguards "
           "adopted under rule R3.2(c), and the record kept for at least six years.")),
       R("both", "A member who has acted for one party in a transaction shall not act for another party in the "
         "same transaction without first obtaining the consent of both, as rule R3.2 requires and recorded as "
         "guidance G3.2.3 describes."),
       R("prior", "A member shall disclose to the client, before accepting instructions, any previous "
         "involvement with the property or with any other party to the matter.",
         G("prior-meaning", "\"Previous involvement\" includes any valuation, survey or agency instruction "
           "relating to the property in the preceding two years, whether or not it was completed."))),
    PR("p-conf", "CONFIDENTIALITY",
       R("keep", "A member shall keep confidential all information about a client's affairs acquired in the "
         "course of professional work, and shall not disclose it to any third party without the client's "
         "consent.",
         G("keep-after", "The duty of confidentiality continues after the instruction has ended, and after the "
           "death of the client.")),
       R("disclose", "A member may disclose confidential information without consent only where\u2014",
         A("dis-law", "disclosure is required by law or by order of a court;"),
         A("dis-inst", "disclosure is required by the Institute for the purpose of an investigation under rule "
           "R5.4; or"),
         A("dis-defend", "the member is defending a claim or complaint made against the member.")),
       R("use", "A member shall not use confidential information for the member's own advantage or for the "
         "advantage of a third party."),
       R("secure", "A member shall take reasonable steps to keep client records secure against loss and "
         "unauthorised access. Records held electronically shall be protected by appropriate passwords and "
         "encryption, and shall be backed up at regular intervals."),
       R("return", "On the termination of an instruction, a member shall return to the client, or deal with in "
         "accordance with the client's instructions, all documents belonging to the client, subject to any "
         "lien allowed by law.",
         G("ret-copies", "A member who retains copies of documents returned under rule R4.5 should hold them "
           "subject to the duty of confidentiality (see R4.1)."))),
    PR("p-beh", "PROFESSIONAL BEHAVIOUR",
       R("reput", "A member shall behave at all times in a manner which upholds the reputation of the "
         "profession and of the Institute.",
         G("reput-outside", "Conduct outside professional life, including a criminal conviction or behaviour on "
           "social media, may be relevant under Principle 5 where it reflects on the member's fitness to "
           "practise.")),
       R("respect", "A member shall treat clients, colleagues and members of the public with courtesy and "
         "respect, and shall not discriminate against, harass or victimise any person."),
       R("register", "A member shall keep a register of gifts and hospitality received with a value over \u00a350, "
         "and shall make it available to the Institute on request."),
       R("cooperate", "A member shall co-operate fully with any investigation by the Institute into the "
         "member's conduct or the conduct of another member, and shall reply to correspondence from the "
         "Institute within 21 days.",
         G("coop-rights", "A member under investigation is entitled to be told the nature of the allegation and "
           "may be accompanied at any hearing. Information given to the Institute in an investigation remains "
           "subject to Principle 4; see also guidance G1.4.1 and rule R4.2(b).")),
       R("pii", "A member shall hold professional indemnity insurance adequate to the member's practice, and "
         "shall notify the insurer promptly of any claim or of any circumstance likely to give rise to one."),
       R("complaints", "A member shall deal with complaints promptly and fairly, having regard to rule R2.3, "
         "and shall maintain a written complaints-handling procedure, a copy of which shall be given to any "
         "client on request.",
         G("compl-redress", "A member whose complaints procedure has been exhausted should refer the "
           "complainant to the redress scheme approved by the Institute."))),
]

DEFS = [
    ("CLIENT", "means any person or body for whom a member undertakes, or agrees to undertake, professional "
     "work, whether or not a fee is charged."),
    ("CONFIDENTIAL INFORMATION", "means information of any kind, however held, which is not in the public "
     "domain and which a member acquires in the course of professional work."),
    ("FIRM", "means a partnership, company or other practice through which one or more members offer "
     "professional services to the public."),
    ("MEMBER", "means a member of any grade, and includes a student member and, where the context allows, a "
     "member firm."),
]
DEFS_OLD = DEFS + [("THE INSTITUTE", "means the Institute of Chartered Land Surveyors, incorporated by Royal "
                    "Charter.")]
DEFS_NEW = DEFS + [("THE SOCIETY", "means the Society of Chartered Land Surveyors, incorporated by Royal "
                    "Charter and formerly named the Institute of Chartered Land Surveyors.")]


# ---------------------------------------------------------------------------- the new version

NEW = copy.deepcopy(OLD)

# substitution first: "Institute" -> "Society" throughout (the units it touches carry no other edit)
TERM = td.Term([("Institute", "Society")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, td.text_if_any)

# a rule inserted after R2.2: old R2.3 and R2.4 (and their guidance) become R2.4 and R2.5
td.insert_after(
    td.find(NEW, "p-comp")["children"], "cpd",
    R("tech", "A member who uses software, automated valuation models or other technology in carrying out "
      "professional work shall understand its limitations and remains responsible for any advice given in "
      "reliance on it."))
retext(NEW, "certify", "rule R2.4", "rule R2.5")
retext(NEW, "complaints", "rule R2.3", "rule R2.4")
# ... and one left stale: G2.1.1 still says "rule R2.4" (supervision, now R2.5; R2.4 is now due care)

# a guidance paragraph removed: old G3.2.2; G3.2.3 becomes G3.2.2
td.remove(td.find(NEW, "conflict")["children"], "con-examples")
retext(NEW, "both", "guidance G3.2.3", "guidance G3.2.2")

# a rule split in two: old R4.4 -> R4.4 and R4.5; old R4.5 becomes R4.6
td.split(td.find(NEW, "p-conf")["children"], td.find(NEW, "secure"), "Records held electronically ",
         "secure-elec")
td.find(NEW, "secure-elec")["kind"] = "rule"
retext(NEW, "ret-copies", "rule R4.5", "rule R4.6")

# rewords
retext(NEW, "care", "within a reasonable time, or within any time agreed with the client",
       "within the time agreed with the client or, if no time was agreed, within a reasonable time")
retext(NEW, "prior", "to the client, before accepting instructions,",
       "to the client in writing, before accepting instructions,")
retext(NEW, "pii", "insurance adequate to the member's practice",
       "insurance with a limit of indemnity of not less than \u00a31 million for each and every claim")

# an item added to a list within an item's text
retext(NEW, "ind-gift", "any gift, hospitality or loan", "any gift, hospitality, loan or preferential discount")

# cosmetic: a misspelling corrected; straight quotes made curly
retext(NEW, "honest-correct", "innaccurate", "inaccurate")
node = td.find(NEW, "prior-meaning")
node["text"] = td.curl_quotes(node["text"])


# ---------------------------------------------------------------------------- units, layout

LETTERS = "abcdefghijklmn"


def units(tree):
    out = []
    for pi, pr in enumerate(tree, 1):
        n = str(pi)
        out.append(td.unit(pr["key"], "principle", n, f"PRINCIPLE {n} \u2014", "", pr["title"]))
        for ri, rule in enumerate(pr["children"], 1):
            rid = f"R{n}.{ri}"
            out.append(td.unit(rule["key"], "rule", rid, rid, rule["text"]))
            items = [c for c in rule["children"] if c["kind"] == "item"]
            guides = [c for c in rule["children"] if c["kind"] == "guidance"]
            assert rule["children"] == items + guides, rid
            for ai, it in enumerate(items):
                out.append(td.unit(it["key"], "item", f"{rid}({LETTERS[ai]})", f"({LETTERS[ai]})", it["text"]))
            for gi, g in enumerate(guides, 1):
                gid = f"G{n}.{ri}.{gi}"
                out.append(td.unit(g["key"], "guidance", gid, gid, g["text"]))
    return out


CITES = [r"[RG]\d+\.\d+(?:\.\d+)?(?:\([a-z]\))?", r"Principle \d+"]
OPENS_UNIT = r"(\([a-z]\)|[RG]\d+\.\d|PRINCIPLE|Principle \d|DEFINITIONS)"


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, CITES, OPENS_UNIT)


def layout(tree, title, defs):
    out = [title.rstrip("\n"), ""]
    for u in units(tree):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind == "principle":
            out += ["", "", f"{label} {u['title']}"]
        elif kind == "rule":
            out += [""] + wrap(text, label.ljust(6), " " * 6)
        elif kind == "item":
            out += [""] + wrap(text, " " * 6 + label.ljust(5), " " * 11)
        else:
            out += [""] + wrap(text, " " * 6 + label.ljust(8), " " * 14)
    out += ["", "", "DEFINITIONS", "", "In this Code\u2014"]
    for term, meaning in defs:
        out += [""] + wrap(f"{term} {meaning}", "", " " * 4)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

EDITS = [
    {"kind": "substitution", "old": "Institute", "new": "Society", "count": 10,
     "note": "the body renamed: 'the Institute' -> 'the Society' in every unit (also in the title block "
             "and the definitions, which are not units)"},
    {"kind": "cosmetic", "old": "G1.1.2", "new": "G1.1.2", "what": "misspelling 'innaccurate' corrected"},
    {"kind": "list-item", "old": "R1.2(a)", "new": "R1.2(a)", "item": "preferential discount"},
    {"kind": "xref-update", "old": "R1.3", "new": "R1.3", "note": "rule R2.4 -> rule R2.5"},
    {"kind": "stale", "old": "G2.1.1", "new": "G2.1.1", "reference": "R2.4", "should_be": "R2.5",
     "note": "supervision moved from R2.4 to R2.5; the new R2.4 is the due-care rule"},
    {"kind": "insert", "old": None, "new": "R2.3"},
    {"kind": "reword", "old": "R2.3", "new": "R2.4",
     "note": "'within a reasonable time, or within any time agreed' -> 'within the time agreed ... or, if no "
             "time was agreed, within a reasonable time'"},
    {"kind": "remove", "old": "G3.2.2", "new": None},
    {"kind": "xref-update", "old": "R3.3", "new": "R3.3", "note": "guidance G3.2.3 -> guidance G3.2.2"},
    {"kind": "reword", "old": "R3.4", "new": "R3.4", "note": "disclosure to be made in writing"},
    {"kind": "cosmetic", "old": "G3.4.1", "new": "G3.4.1", "what": "straight quotes to curly"},
    {"kind": "split", "old": "R4.4", "new": ["R4.4", "R4.5"], "note": "its second sentence made a rule"},
    {"kind": "xref-update", "old": "G4.5.1", "new": "G4.6.1", "note": "rule R4.5 -> rule R4.6"},
    {"kind": "reword", "old": "R5.5", "new": "R5.5",
     "note": "'adequate to the member's practice' -> 'with a limit of indemnity of not less than £1 million'"},
    {"kind": "xref-update", "old": "R5.6", "new": "R5.6", "note": "rule R2.3 -> rule R2.4"},
]

CITE = re.compile(r"(?<![A-Za-z0-9.])([RG]\d+\.\d+(?:\.\d+)?(?:\([a-z]\))?)|Principle (\d+)")


def resolve(m, u, us):
    return [m.group(1) or m.group(2)]


def citations(us):
    return td.citations(us, CITE, resolve)


STALE = ("scope-part", ["supervise"], ["care"])


def check(uo, un):
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT)
    co, cn = citations(uo), citations(un)
    td.check_citations(co, cn, STALE, new_resolve=True)
    return derived, sub_units


KIND = ("professional body's code of professional conduct ('PRINCIPLE 1 — INTEGRITY' headings, rules "
        "'R1.1', guidance paragraphs 'G1.1.1' under a rule, lettered items '(a)' under a rule; cited "
        "'rule R2.3', 'see R4.1', 'guidance G3.2.1', 'rule R3.2(b)', 'Principle 4'; hard-wrapped at 76 "
        "columns with hanging indents under a centred title block, a definitions list at the end with terms "
        "in capitals that are not units)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un)
    texts = {"old": layout(OLD, TITLE_OLD, DEFS_OLD), "new": layout(NEW, TITLE_NEW, DEFS_NEW)}
    truth = td.write(OUT, "conduct-code", KIND, texts, uo, un, EDITS, derived, sub_units)
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", len(EDITS),
          "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in", len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
