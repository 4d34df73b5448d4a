"""Write court-rules/old.txt, new.txt and truth.json (hand-written local civil rules of a US district court).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/court_rules_make.py

The Local Civil Rules of a fictional United States District Court (District of East Merridale): a centred
title block, rules numbered by the Federal Rule they supplement ('LR 7.1 Motions.', the title run in on
the rule's line; numbers within a group have no gaps, groups do: 1, 5, 7, 16, 26, 56, 83), subdivisions
'(a)' with a run-in caption ('(a) Scope. These rules ...'), paragraphs '(1)' and subparagraphs '(A)'; IDs
as the document cites them, 'LR 7.1(b)(2)(A)'. Some rules are a single unnumbered paragraph under their
line, one has a lead-in before its definitions. Cited 'LR 16.2(b)', 'see LR 7.2', 'as provided in LR
7.1(b)(2)'; the Federal Rules are cited too ('Fed. R. Civ. P. 26(f)'): no units, unchanged. Hard-wrapped
at 72 columns with hanging indents, pages of 48 body lines with a running header (the revision date,
flush right) and a centred footer 'Civil Local Rules — Page 3', form feeds between pages. All text
invented.

Built like port_byelaws_make.py on tree_docs: the document is a tree of nodes with stable keys; numbers
are computed from position; the planted edits (EDITS) are written by hand; renumberings and the
substitution's units are derived, and `check` asserts that every differing unit is accounted for and
that every citation of the new version names the unit it named in the old one, the one stale reference
aside. `validate` reads the written files back.
"""
import copy
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
import tree_docs as td  # noqa: E402
from tree_docs import retext  # noqa: E402
from tree_docs import item as I, para as P, sub as S  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "court-rules"
WIDTH = 72
PAGE_BODY = 48      # body lines per page, between the header (and a blank) and a blank and the footer

TITLE_LINES = [
    "UNITED STATES DISTRICT COURT",
    "DISTRICT OF EAST MERRIDALE",
    "",
    "LOCAL CIVIL RULES",
    "",
]
TITLE = {"old": TITLE_LINES + ["Effective December 1, 2023"],
         "new": TITLE_LINES + ["Effective December 1, 2023", "As amended through December 1, 2025"]}
REVISED = {"old": "Revised December 1, 2023", "new": "Revised December 1, 2025"}


def R(key, title, *children, body=""):
    """A local rule: its line 'LR 7.1 Motions.' (the title run in), an unnumbered paragraph (`body`, a
    lead-in where it has subdivisions too) and its subdivisions."""
    return {"key": key, "kind": "rule", "title": title, "text": body, "children": list(children)}


def GROUP(number, *rules):
    return {"key": f"group-{number}", "kind": "group", "number": number, "text": "", "children": list(rules)}


OLD = [
    GROUP(1,
          R("scope", "Scope and Citation.",
            P("scope-a", "Scope. These rules govern the practice in all civil actions and proceedings before the "
              "United States District Court for the District of East Merridale. They supplement the Federal "
              "Rules of Civil Procedure and are adopted under Fed. R. Civ. P. 83."),
            P("scope-b", "Citation. These rules may be cited as the Local Civil Rules, and an individual rule "
              "as \"LR\" followed by its number."),
            P("scope-c", "Departure. In the interest of justice, the assigned judge may suspend or modify the "
              "application of any of these rules in a particular case, on motion or on the judge's own "
              "initiative, after giving the parties notice and an opportunity to be heard.")),
          R("defs", "Definitions.",
            P("def-clerk", "\"Clerk\" means the Clerk of Court or any deputy clerk authorized to act for the "
              "Clerk."),
            P("def-judge", "\"Judge\" means the district judge or the magistrate judge to whom the case or the "
              "matter in question has been assigned."),
            P("def-efile", "\"Electronic filing\" means the submission of a document to the Court in electronic "
              "form through the Court's electronic case filing system."),
            P("def-pro-se", "\"Pro se party\" means a party who is not represented by an attorney admitted to "
              "practice before this Court."),
            body="As used in these rules, unless the context requires otherwise:")),
    GROUP(5,
          R("efile", "Electronic Filing.",
            P("ef-a", "Filing Required. Except as provided in this rule, every document filed by an attorney in "
              "a civil action shall be filed through the electronic case filing system, and a document so "
              "filed is filed when the Court's system issues a notice of electronic filing."),
            P("ef-b", "Registration. Every attorney admitted to practice before this Court who appears in a "
              "civil action shall register as a user of the electronic case filing system and shall keep the "
              "email address of the registration current."),
            P("ef-c", "Exceptions. The following documents shall be filed in paper with the Clerk:",
              S("ef-c1", "documents filed by a pro se party, unless the judge has given the party leave to "
                "file through the electronic case filing system;"),
              S("ef-c2", "documents to be filed under seal, until the Court has granted leave to file them "
                "under seal as provided in LR 5.3; and"),
              S("ef-c3", "charging documents and other papers that the Clerk is required by statute to "
                "receive in paper form.")),
            P("ef-d", "Signatures. The user name and password of an attorney, together with the attorney's "
              "typed name preceded by \"s/\", serve as the attorney's signature on any document filed "
              "electronically for all purposes under Fed. R. Civ. P. 11.")),
          R("form", "Form of Documents.",
            P("form-a", "Typeface and Spacing. The text of every document shall be double-spaced in a "
              "proportionally spaced typeface of not less than 12-point, with margins of at least one inch, "
              "on pages of 8 1/2 by 11 inches."),
            P("form-b", "Caption. The first page of every document shall state the case number, the title "
              "of the document, and the name of the judge to whom the case is assigned."),
            P("form-c", "Exhibits. Each exhibit to a document filed electronically shall be filed as a "
              "separate attachment, described by its exhibit number and a short description of its "
              "contents.")),
          R("seal", "Sealed Documents.",
            P("seal-a", "Motion Required. No document may be filed under seal without an order of the Court. "
              "A party seeking to file a document under seal shall file a motion stating the specific reasons "
              "that overcome the public's right of access and why no measure short of sealing will do."),
            P("seal-b", "Provisional Filing. A document that is the subject of a motion to seal shall be "
              "lodged provisionally through the electronic case filing system as a sealed event and shall "
              "remain sealed until the Court rules on the motion."))),
    GROUP(7,
          R("motions", "Motions.",
            P("mot-a", "Conference of Counsel. Before filing any motion, other than a motion to dismiss or for "
              "summary judgment, counsel for the moving party shall confer in good faith with counsel for each "
              "other party in an effort to resolve the matter without the Court. This requirement for "
              "discovery motions is governed by LR 7.2(a)."),
            P("mot-b", "Contents of Motion Papers. Every motion shall consist of the following:",
              S("mot-b1", "a notice of motion stating the relief sought and the rule or statute under which it "
                "is sought;"),
              S("mot-b2", "a memorandum of law, which shall not exceed the following lengths without leave "
                "of Court:",
                I("mot-b2a", "for a memorandum in support of or in opposition to a motion, 25 pages; and"),
                I("mot-b2b", "for a reply memorandum, 10 pages.")),
              S("mot-b3", "a proposed order, which shall be submitted in a form that can be edited.")),
            P("mot-c", "Response and Reply. A party opposing a motion shall file its memorandum in opposition "
              "within 14 days after service of the motion. The moving party may file a reply memorandum "
              "within 7 days after service of the memorandum in opposition."),
            P("mot-d", "Oral Argument. A party may request oral argument by so stating in the caption of its "
              "motion or memorandum in opposition. The Court may decide any motion without oral argument."),
            P("mot-e", "Courtesy Copies. A party filing a motion, together with its exhibits, that exceeds 50 "
              "pages in total shall deliver a paper courtesy copy to the chambers of the assigned judge within "
              "two business days.")),
          R("discmot", "Discovery Motions.",
            P("dm-a", "Certification. A motion to compel discovery or for a protective order shall include a "
              "certification that the movant has conferred in person or by telephone with the party failing to "
              "make disclosure or discovery, stating the date of the conference and the names of those who took "
              "part in it."),
            P("dm-b", "Joint Statement. Where the judge so directs, the parties shall file, instead of a "
              "motion, a joint statement of no more than 10 pages setting out each disputed request and each "
              "party's position on it.")),
          R("recon", "Motions for Reconsideration.",
            body="A motion for reconsideration of an interlocutory order shall be filed within 14 days after "
            "entry of the order and shall not exceed 10 pages. No response shall be filed unless the Court "
            "requests one, and the motion shall not be granted without such a request.")),
    GROUP(16,
          R("sched", "Scheduling Conference.",
            P("sch-a", "Scheduling Order. After the conference of the parties required by Fed. R. Civ. P. 26(f), "
              "the judge shall enter a scheduling order setting deadlines for joinder of other parties, "
              "amendment of the pleadings, completion of discovery, and filing of dispositive motions."),
            P("sch-b", "Discovery Disputes. Disputes arising under the scheduling order shall be presented as "
              "provided in the order, and otherwise as discovery motions (see LR 7.2). The parties shall not "
              "file a discovery motion while a conference with the judge on the dispute is pending.")),
          R("adr", "Alternative Dispute Resolution.",
            P("adr-a", "Referral. Every civil action, other than one exempt under Fed. R. Civ. P. 26(a)(1)(B), "
              "may be referred by the judge to mediation, early neutral evaluation, or a settlement conference, "
              "subject to the confidentiality required by LR 16.2(b)."),
            P("adr-b", "Confidentiality. Communications made in the course of a proceeding under this rule are "
              "confidential and shall not be disclosed to the judge or used for any purpose in the action."),
            P("adr-c", "Report of Outcome. Within 7 days after the close of the proceeding, the neutral shall "
              "report to the Clerk only whether the case settled in whole or in part.")),),
    GROUP(26,
          R("discfile", "Discovery Materials Not Filed.",
            body="Disclosures, interrogatories, requests for production or admission, and the answers and "
            "responses to them shall not be filed through the electronic case filing system until they are "
            "used in the proceeding, and then only those parts that are relevant to the matter before the "
            "Court.")),
    GROUP(56,
          R("sj", "Summary Judgment.",
            P("sj-a", "Statement of Facts. A motion for summary judgment shall be accompanied by a separate "
              "statement of the material facts as to which the movant contends there is no genuine dispute, "
              "set out in numbered paragraphs, each supported by a citation to the record."),
            P("sj-b", "Response. The opposing party shall respond to each numbered paragraph of the movant's "
              "statement, admitting or denying it, and may set out in further numbered paragraphs any "
              "additional facts that it contends preclude summary judgment."),
            P("sj-c", "Length. The memoranda on a motion for summary judgment are subject to the limits "
              "provided in LR 7.1(b)(2), and the statements under this rule are not counted against them."))),
    GROUP(83,
          R("admit", "Admission to Practice.",
            P("adm-a", "Roll of Attorneys. An attorney who is a member in good standing of the bar of the "
              "highest court of any State may apply for admission to the bar of this Court on the form "
              "provided by the Clerk, with an admission fee of $180."),
            P("adm-b", "Pro Hac Vice. An attorney not admitted to this Court may appear in a particular case "
              "with the judge's leave, on motion of a member of the bar of this Court, and shall register as "
              "a user of the electronic case filing system before any document is filed on the attorney's "
              "behalf."),
            P("adm-c", "Local Counsel. An attorney admitted pro hac vice shall associate with a member of the "
              "bar of this Court who maintains an office in the District and who shall sign every document "
              "filed in the case.")),
          R("sanct", "Sanctions.",
            body="An attorney or party who fails to comply with these rules may be subject to any sanction "
            "the Court considers appropriate, including the striking of a document, an award of fees and "
            "costs, and, for a motion for reconsideration filed in violation of LR 7.3, an order barring "
            "further such motions without leave.")),
]


# ---------------------------------------------------------------------------- the new version

NEW = copy.deepcopy(OLD)

# substitution first: "electronic case filing system" -> "CM/ECF system" in every unit that uses it (they
# carry no other edit)
TERM = td.Term([("electronic case filing system", "CM/ECF system")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, td.text_if_any)

# a rule inserted after LR 7.1: old LR 7.2 and LR 7.3 become LR 7.3 and LR 7.4
td.insert_after(
    td.find(NEW, "group-7")["children"], "motions",
    R("emerg", "Emergency Motions.",
      P("em-a", "Designation. A motion that requires a ruling within 7 days to prevent irreparable harm shall "
        "be designated an emergency motion in its caption and shall state the date by which a ruling is "
        "needed and the reason for that date."),
      P("em-b", "Notice. Before filing an emergency motion, the movant shall make every practicable effort to "
        "notify the chambers of the assigned judge and each other party by telephone or email, and shall "
        "certify in the motion the efforts made.")))
# cross-references following the renumbering
retext(NEW, "mot-a", "LR 7.2(a)", "LR 7.3(a)")
retext(NEW, "sanct", "LR 7.3", "LR 7.4")
# ... and one left stale: LR 16.1(b) still says "see LR 7.2" (discovery motions, now LR 7.3; the new LR 7.2
# is Emergency Motions)

# a subdivision removed: LR 7.1(d) Oral Argument; LR 7.1(e) becomes LR 7.1(d)
td.remove(td.find(NEW, "motions")["children"], "mot-d")

# a subdivision added in the middle: LR 16.2(b); old (b) and (c) become (c) and (d), the citation follows
td.insert_after(
    td.find(NEW, "adr")["children"], "adr-a",
    P("adr-sel", "Selection of the Neutral. The parties shall select the mediator or evaluator from the "
      "Court's panel of neutrals within 14 days after the order of referral, failing which the Clerk shall "
      "appoint one."))
retext(NEW, "adr-a", "LR 16.2(b)", "LR 16.2(c)")

# an item added to a list inside a sentence
retext(NEW, "sch-a", "amendment of the pleadings, completion of discovery",
       "amendment of the pleadings, disclosure of expert testimony, completion of discovery")

# rewords
retext(NEW, "form-a", "not less than 12-point", "not less than 13-point")
retext(NEW, "mot-b2a", "to a motion, 25 pages", "to a motion, 30 pages")
retext(NEW, "mot-c", "within 14 days after service of the motion", "within 21 days after service of the motion")
retext(NEW, "recon", "and the motion shall not be granted without such a request.",
       "and the Court will not grant the motion without first giving the other parties an opportunity to "
       "respond.")
retext(NEW, "adm-a", "an admission fee of $180", "an admission fee of $220")


# ---------------------------------------------------------------------------- units, layout

LETTERS = "abcdefghijklmn"


def units(tree):
    """The units (dicts, see tree_docs) in document order: rules 'LR <group>.<n>' numbered within their
    group, subdivisions (a), paragraphs (1), subparagraphs (A)."""
    out = []
    for group in tree:
        for ri, rule in enumerate(group["children"], 1):
            rid = f"LR {group['number']}.{ri}"
            out.append(td.unit(rule["key"], "rule", rid, rid, rule["text"], rule["title"]))
            for ai, a in enumerate(rule["children"]):
                aid = f"{rid}({LETTERS[ai]})"
                out.append(td.unit(a["key"], "subdiv", aid, f"({LETTERS[ai]})", a["text"]))
                for pi, p in enumerate(a["children"], 1):
                    pid = f"{aid}({pi})"
                    out.append(td.unit(p["key"], "para", pid, f"({pi})", p["text"]))
                    for si, s in enumerate(p["children"]):
                        sid = f"{pid}({LETTERS[si].upper()})"
                        out.append(td.unit(s["key"], "subpara", sid, f"({LETTERS[si].upper()})", s["text"]))
    return out


CITE = re.compile(r"LR (\d+\.\d+)((?:\([0-9a-zA-Z]+\))*)")
WORDS = re.compile(r"\bLR \d")
# the Federal Rules, cited but no units of this document: kept unchanged
OTHER = re.compile(r"Fed\. R\. Civ\. P\. \d+(?:\([0-9a-zA-Z]+\))*")

# Citations are not broken across lines, nor is a number parted from the word before it (a continuation
# line opening with a number or a bracketed letter would look like a unit's label).
GLUE = [CITE.pattern, OTHER.pattern, r"\$?\d[\d/,.-]*(?:-point)?"]
OPENS_UNIT = r"(LR \d|\([0-9a-zA-Z]+\)|\$?\d)"


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, GLUE, OPENS_UNIT)


def body_lines(tree, name):
    """The body as (line, keep with what follows) pairs: the title block, then the units."""
    out = [(line, False) for line in td.centre(TITLE[name], WIDTH)] + [("", False)]

    def add(lines, keep=False):
        out.extend((line, keep) for line in lines)

    for u in units(tree):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind == "rule":
            add([""])
            add([f"{label} {u['title']}"], keep=True)
            if text:
                add([""] + wrap(text, "", ""))
        elif kind == "subdiv":
            add([""] + wrap(text, label + " ", " " * 4))
        elif kind == "para":
            add([""] + wrap(text, " " * 4 + label + " ", " " * 8))
        else:
            add([""] + wrap(text, " " * 8 + label + " ", " " * 12))
    return out


def header(name):
    return REVISED[name].rjust(WIDTH)


def footer(n):
    return f"Civil Local Rules \u2014 Page {n}".center(WIDTH).rstrip()


def paginate(tree, name):
    pages = td.pages(body_lines(tree, name), PAGE_BODY)
    out, furniture = [], []
    for n, pg in enumerate(pages, 1):
        lines = [line for line, _ in pg]
        while lines and not lines[-1]:
            lines.pop()
        head, foot = header(name), footer(n)
        furniture += [head.strip(), foot.strip()]
        out += [head, ""] + lines + [""] * (PAGE_BODY - len(lines) + 1) + [foot]
        if n < len(pages):
            out.append("\f")
    text = "\n".join(out) + "\n"
    return text.replace("\n\f\n", "\n\f"), furniture


# ---------------------------------------------------------------------------- the truth, by hand

EDITS = [
    {"kind": "substitution", "old": "electronic case filing system", "new": "CM/ECF system", "count": 7,
     "note": "'electronic case filing system' -> 'CM/ECF system' in every unit that uses it, once each: LR "
             "1.2(c), 5.1(a), 5.1(b), 5.1(c)(1), 5.3(b), 26.1 and 83.1(b); the inserted LR 7.2(a) and (b) do "
             "not use it"},
    {"kind": "reword", "old": "LR 5.2(a)", "new": "LR 5.2(a)", "note": "minimum type size 12-point -> 13-point"},
    {"kind": "xref-update", "old": "LR 7.1(a)", "new": "LR 7.1(a)", "note": "LR 7.2(a) -> LR 7.3(a)"},
    {"kind": "reword", "old": "LR 7.1(b)(2)(A)", "new": "LR 7.1(b)(2)(A)",
     "note": "memorandum length 25 -> 30 pages"},
    {"kind": "reword", "old": "LR 7.1(c)", "new": "LR 7.1(c)", "note": "time to oppose a motion 14 -> 21 days"},
    {"kind": "remove", "old": "LR 7.1(d)", "new": None,
     "note": "Oral Argument removed; old LR 7.1(e) becomes LR 7.1(d)"},
    {"kind": "insert", "old": None, "new": "LR 7.2",
     "note": "Emergency Motions inserted after LR 7.1; old LR 7.2 and LR 7.3 become LR 7.3 and LR 7.4"},
    {"kind": "insert", "old": None, "new": "LR 7.2(a)"},
    {"kind": "insert", "old": None, "new": "LR 7.2(b)"},
    {"kind": "reword", "old": "LR 7.3", "new": "LR 7.4",
     "note": "its last sentence reworded: the motion is not granted without a request for a response -> "
             "not granted without first giving the other parties an opportunity to respond"},
    {"kind": "list-item", "old": "LR 16.1(a)", "new": "LR 16.1(a)", "item": "disclosure of expert testimony",
     "note": "a deadline added to the list of the scheduling order, in the middle of the sentence"},
    {"kind": "stale", "old": "LR 16.1(b)", "new": "LR 16.1(b)", "reference": "LR 7.2", "should_be": "LR 7.3",
     "note": "Discovery Motions moved from LR 7.2 to LR 7.3; the new LR 7.2 is Emergency Motions"},
    {"kind": "xref-update", "old": "LR 16.2(a)", "new": "LR 16.2(a)", "note": "LR 16.2(b) -> LR 16.2(c)"},
    {"kind": "insert", "old": None, "new": "LR 16.2(b)",
     "note": "subdivision Selection of the Neutral inserted; old (b) and (c) become (c) and (d)"},
    {"kind": "reword", "old": "LR 83.1(a)", "new": "LR 83.1(a)", "note": "admission fee $180 -> $220"},
    {"kind": "xref-update", "old": "LR 83.2", "new": "LR 83.2", "note": "LR 7.3 -> LR 7.4"},
]

STALE = ("sch-b", ["discmot"], ["emerg"])


def resolve(m, u, us):
    return [f"LR {m.group(1)}{m.group(2)}"]


def citations(us):
    return td.citations(us, CITE, resolve, WORDS)


def strip_cites(text):
    return CITE.sub("<cite>", text)


def extra_check(e, ot, nt):
    """An xref-update changes nothing but citations; a list-item nothing but the item (and its comma)."""
    if e["kind"] == "xref-update":
        assert strip_cites(ot) == strip_cites(nt), ("an xref-update changes more than citations", e)
    if e["kind"] == "list-item":
        assert nt.replace(e["item"] + ", ", "") == ot, e


def check(uo, un):
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT, extra=extra_check)
    co, cn = citations(uo), citations(un)
    td.check_citations(co, cn, STALE, new_resolve=True)
    for e in EDITS:
        if e["kind"] == "stale":
            assert [u["id"] for u in un if u["key"] == STALE[1][0]] == [e["should_be"]], e
    # no citation names a unit that is removed, nor is a citing unit removed
    gone = {u["key"] for u in uo} - {u["key"] for u in un}
    assert not any(k in gone for v in co.values() for k in v)
    assert not gone & set(co)
    # the Federal Rules cited are unchanged
    o_by_key = {u["key"]: u for u in uo}
    for u in un:
        if u["key"] in o_by_key:
            assert OTHER.findall(u["text"]) == OTHER.findall(o_by_key[u["key"]]["text"]), u["id"]
    # the term: at least five units
    assert len(sub_units) >= 5, sub_units
    return derived, sub_units, co


def validate(truth):
    """Read the written files back: every unit's label, title and text in its .txt (modulo wrapping and page
    furniture), in document order, nothing between or after them; the furniture lines where the truth
    says; no line wider than WIDTH; the lines that open with a label are exactly the units'."""
    loaded = json.loads((OUT / "truth.json").read_text(encoding="utf-8"))
    assert loaded == truth
    for v in loaded["versions"]:
        raw = (OUT / v["files"]["txt"]).read_text(encoding="utf-8")
        assert raw.count("\f") == len(v["furniture"]["txt"]) // 2 - 1
        lines = raw.replace("\f", "").split("\n")
        furn, rest = td.units_in_order(v, lines, WIDTH)
        assert not rest.strip(), rest[:80]
        opens = [line for line in lines if re.match(OPENS_UNIT, line.strip())]
        assert len(opens) == len(v["units"]), (v["name"], len(opens), len(v["units"]))
        for line, u in zip(opens, v["units"]):
            assert line.strip().startswith(u["label"] + " "), (v["name"], line, u["id"])


KIND = ("local civil rules of a US district court (rules 'LR 7.1 Motions.' with the title run in on the "
        "rule's line: ID and label 'LR 7.1', title 'Motions.', a heading but where the rule has an "
        "unnumbered paragraph of its own (its text, a rule; LR 1.2's is the lead-in of its definitions); "
        "rules numbered within groups named for the Federal Rule they supplement (1, 5, 7, 16, 26, 56, 83), "
        "no group headings; subdivisions '(a)' with run-in captions kept at the start of their text "
        "('Scope. These rules ...'), paragraphs '(1)', subparagraphs '(A)', IDs 'LR 7.1(b)(2)(A)' as cited; "
        "cited 'LR 7.3(a)', 'see LR 7.2', 'as provided in LR 7.1(b)(2)'; the Federal Rules of Civil "
        "Procedure cited ('Fed. R. Civ. P. 26(a)(1)(B)'): no units, unchanged; a centred title block (a "
        "line added in the new version, no unit, no edit); hard-wrapped at 72 columns with hanging indents, "
        "pages of 48 body lines with a running header 'Revised December 1, 2023' flush right (2025 in the "
        "new version) and a centred footer 'Civil Local Rules — Page 3', form feeds between pages; the "
        "renamed term counted once per occurrence in the old version's units, its units carry no other "
        "edit)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units, cites = check(uo, un)
    texts, furniture = {}, {}
    for name, tree in (("old", OLD), ("new", NEW)):
        texts[name], furniture[name] = paginate(tree, name)
    truth = td.write(OUT, "court-rules", KIND, texts, uo, un, EDITS, derived, sub_units, furniture)
    validate(truth)
    td.report(truth, uo, un, len(EDITS), derived, SUB_COUNT, sub_units, cites, furniture)


if __name__ == "__main__":
    sys.exit(main())
