"""Write bargaining-agreement/old.txt, new.txt and truth.json (hand-written CBA pair).

The document is held as a tree of nodes with stable keys; labels (7.03, (b), (iv)) are
computed from position, so renumbering follows from the structural edits. The edits in
truth.json are written by hand below (EDITS) and checked against what the tree shows.
"""
import copy
import json
import re
import sys
import textwrap
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bargaining-agreement"
WIDTH = 72

TITLE_OLD = """\
                         COLLECTIVE AGREEMENT

                               BETWEEN

                     TAMARACK VALLEY TRANSIT LTD.

                                 AND

            UNITED MOTOR COACH EMPLOYEES' UNION, LOCAL 2214

              Term: January 1, 2022 to December 31, 2024
"""
TITLE_NEW = TITLE_OLD.replace("January 1, 2022 to December 31, 2024", "January 1, 2025 to December 31, 2027")


def A(key, n, title, *children, dash="–"):
    return {"key": key, "kind": "art", "n": n, "title": title, "dash": dash, "children": list(children)}


def C(key, text, *children):
    return {"key": key, "kind": "cl", "text": text, "children": list(children)}


def S(key, text, *children):
    return {"key": key, "kind": "sub", "text": text, "children": list(children)}


def I(key, text):
    return {"key": key, "kind": "item", "text": text, "children": []}


OLD = [
    A("purpose", 1, "PURPOSE AND DEFINITIONS",
      C("purpose", "The purpose of this Agreement is to maintain orderly relations between the Company and its "
        "employees, to set out the wages, hours and other terms of employment agreed between the parties, and to "
        "provide a prompt and fair way of settling differences."),
      C("defs", "In this Agreement:",
        S("def-co", "\"the Company\" means Tamarack Valley Transit Limited and its successors;"),
        S("def-emp", "\"employee\" means a person in the bargaining unit described in Article 2; and"),
        S("def-op", "\"Operator\" means an employee whose regular duties are driving a bus in scheduled or "
          "charter service."))),
    A("recog", 2, "RECOGNITION",
      C("recog", "The Company recognizes the Union as the sole bargaining agent for all employees of the Company "
        "working out of its Birch Falls and Okema garages, save and except supervisors, dispatchers, office and "
        "clerical staff, and persons excluded by law.")),
    A("security", 3, "UNION SECURITY",
      C("dues", "The Company shall deduct the regular monthly dues of the Union from the pay of every employee "
        "and shall remit the amount deducted to the Secretary-Treasurer of the Union by the fifteenth (15th) day "
        "of the following month, together with a list of the employees concerned."),
      C("steward", "A steward shall be given reasonable time off work without loss of pay to investigate a "
        "complaint and to present a grievance under Article 4.")),
    A("griev", 4, "GRIEVANCE PROCEDURE",
      C("griev-def", "A grievance is any difference between the parties about the interpretation, application "
        "or alleged violation of this Agreement."),
      C("steps", "Grievances shall be settled in the following manner:",
        S("step1", "Step 1: The employee, with or without a steward, shall present the grievance in writing to "
          "the Garage Superintendent within fifteen (15) working days of the occurence that gave rise to it. "
          "The Superintendent shall answer in writing within five (5) working days."),
        S("step2", "Step 2: If the grievance is not settled at Step 1, the Union may refer it to the Director of "
          "Operations within ten (10) working days of the answer. A meeting shall be held within ten (10) "
          "working days of the referral, and a written decision shall be given within five (5) working days "
          "of the meeting."),
        S("step3", "Step 3: If the grievance is not settled at Step 2, either party may refer it within thirty "
          "(30) days to a single arbitrator chosen by the parties, whose decision shall be final and "
          "binding.")),
      C("limits", "The time limits in this Article may be extended by agreement of the parties in writing.")),
    A("disc", 5, "DISCIPLINE",
      C("just-cause", "No employee who has completed the probationary period shall be disciplined or discharged "
        "except for just cause."),
      C("steward-present", "An employee shall be told of the right to have a steward present before any meeting "
        "at which discipline is to be given."),
      C("sunset", "A record of discipline shall be removed from an employee's file after eighteen (18) months "
        "in which no further discipline has been recorded."), dash="-"),
    A("senior", 6, "SENIORITY",
      C("seniority", "Seniority is the length of an employee's continuous service with the Company since the "
        "last date of hire."),
      C("probation", "A new employee shall be on probation until the employee has worked sixty (60) days."),
      C("loss", "An employee loses seniority and is deemed to have been terminated if the employee quits, is "
        "discharged for just cause, or is laid off for more than twenty-four (24) consecutive months.")),
    A("hours", 7, "HOURS OF WORK",
      C("week", "The regular work week for full-time employees shall be forty (40) hours, made up of five (5) "
        "days of eight (8) hours."),
      C("spread", "Every regular run shall be completed within a spread of eleven (11) hours from the time the "
        "Operator first reports for duty."),
      C("callin", "An Operator called in to work on a day off, or outside the Operator's regular run, shall be "
        "paid for not less than four (4) hours."),
      C("meals", "Meal periods shall be scheduled as follows:",
        S("meal-a", "a run of more than five (5) hours shall include an unpaid meal period of not less than "
          "thirty (30) minutes; and"),
        S("meal-b", "where a scheduled meal period cannot be taken because of traffic, weather or a breakdown, "
          "the time shall be paid at the overtime rate.")),
      C("pretrip", "An Operator shall be allowed fifteen (15) minutes with pay before the first trip of each day "
        "to carry out the pre-trip inspection of the bus required by law.")),
    A("ot", 8, "OVERTIME",
      C("ot-rate", "All time worked in excess of eight (8) hours in a day or forty (40) hours in a week shall be "
        "paid at one and one-half (1.5) times the employee's regular hourly rate."),
      C("ot-spread", "Time worked beyond the spread set out in clause 7.02 shall be paid at double the regular "
        "hourly rate."),
      C("ot-callin", "An Operator who is called in under clause 7.03 and who works longer than the minimum "
        "shall be paid at the overtime rate for the time worked beyond it.")),
    A("hol", 9, "PAID HOLIDAYS",
      C("hol-list", "The following shall be paid holidays:",
        S("stat", "the statutory holidays, namely:",
          I("h1", "New Year's Day"),
          I("h2", "Good Friday"),
          I("h3", "Victoria Day"),
          I("h4", "Canada Day"),
          I("h5", "Labour Day"),
          I("h6", "Thanksgiving Day"),
          I("h7", "Christmas Day"),
          I("h8", "Boxing Day")),
        S("proclaimed", "any other day proclaimed as a holiday by the federal or provincial government.")),
      C("hol-dayoff", "Where a paid holiday falls on an employee's scheduled day off, the employee shall be given "
        "another day off with pay within thirty (30) days, at a time agreed between the employee and the "
        "Company.")),
    A("vac", 10, "VACATIONS",
      C("vac", "An employee shall receive annual vacation with pay according to the employee's continuous "
        "service on January 1, as follows:",
        S("vac1", "after one (1) year, two (2) weeks;"),
        S("vac2", "after six (6) years, three (3) weeks; and"),
        S("vac3", "after fifteen (15) years, four (4) weeks."))),
    A("leave", 11, "LEAVES OF ABSENCE",
      C("bereave", "On the death of a member of the employee's immediate family, an employee shall be granted up "
        "to three (3) consecutive working days' leave without loss of pay."),
      C("jury", "An employee who is called for jury duty, or subpoenaed as a witness in a proceeding to which "
        "the employee is not a party, shall be paid the difference between the employee's regular wages and "
        "the fees received for that service.")),
    A("safety", 12, "HEALTH AND SAFETY",
      C("safe-prov", "The Company shall make reasonable provision for the safety and health of employees during "
        "working hours, and a joint health and safety committee shall meet at least once a month."),
      C("unsafe", "No Operator shall be required to take out a bus that the Operator believes on reasonable "
        "grounds to be unsafe. The inspection time provided in Clause 7.05 shall not be shortened for any "
        "reason.")),
    A("uniform", 13, "UNIFORMS",
      C("issue", "Each Operator shall be issued on hire with two (2) pairs of trousers, three (3) shirts, one (1) "
        "jacket and one (1) winter parka, and shall receive replacements as items become worn."),
      C("footwear", "An employee who works in the maintenance shop shall be reimbursed up to one hundred and "
        "fifty dollars ($150.00) in each calendar year for the purchase of approved safety footwear."),
      C("property", "Uniform items remain the property of the Company and shall be returned when employment "
        "ends.")),
    A("wages", 14, "WAGES",
      C("rates", "The hourly rates of pay shall be as follows:",
        S("r-op", "Operator, after the probationary period: $31.45;"),
        S("r-prob", "Operator, during the probationary period: $28.90;"),
        S("r-mech", "Mechanic: $38.20; and"),
        S("r-serv", "Service Attendant: $25.60.")),
      C("spare", "An Operator assigned to the spare board shall be paid a premium of seventy-five cents ($0.75) "
        "for each hour worked."),
      C("missed-meal", "Payment for a meal period missed under clause 7.04(b) shall be included in the pay for "
        "the period in which it was missed."),
      C("redcircle", "Service Attendants hired before March 1, 2009 shall continue to be paid at the former "
        "Garage Helper rate for as long as they remain in that classification."),
      C("payday", "Wages shall be paid every second Thursday by direct deposit to an account chosen by the "
        "employee")),
    A("term", 15, "DURATION",
      C("term", "This Agreement shall be in effect from January 1, 2022 to December 31, 2024, and shall "
        "continue in force from year to year after that unless either party gives the other written notice "
        "to bargain within ninety (90) days before its expiry.")),
]


# ---------------------------------------------------------------------------- the new version

def find(tree, key, kind=None):
    for node in tree:
        if node["key"] == key and (kind is None or node["kind"] == kind):
            return node
        hit = find(node["children"], key, kind)
        if hit:
            return hit
    return None


def parent_of(tree, key, kind):
    for node in tree:
        for ch in node["children"]:
            if ch["key"] == key and ch["kind"] == kind:
                return node
        hit = parent_of(node["children"], key, kind)
        if hit:
            return hit
    return None


def retext(tree, key, kind, before, after):
    node = find(tree, key, kind)
    assert node["text"].count(before) == 1, (key, before)
    node["text"] = node["text"].replace(before, after)


NEW = copy.deepcopy(OLD)
# insert a clause 7.03 (split runs): old 7.03-7.05 become 7.04-7.06
hours = find(NEW, "hours", "art")
hours["children"].insert(2, C("split", "A split run is a run made up of two (2) pieces of work separated by an "
                              "unpaid break of more than one (1) hour. An Operator working a split run shall be "
                              "paid a premium of two dollars and twenty-five cents ($2.25) for each day on which "
                              "a split run is worked."))
# two references follow the renumbering, one is left stale (12.02 still says Clause 7.05)
retext(NEW, "ot-callin", "cl", "clause 7.03", "clause 7.04")
retext(NEW, "missed-meal", "cl", "clause 7.04(b)", "clause 7.05(b)")
# rewords: a period, a probation length, a vacation step, wage rates, the term
retext(NEW, "sunset", "cl", "eighteen (18) months", "twelve (12) months")
retext(NEW, "probation", "cl", "sixty (60) days", "ninety (90) days")
retext(NEW, "vac3", "sub", "fifteen (15) years", "twelve (12) years")
retext(NEW, "r-op", "sub", "$31.45", "$33.80")
retext(NEW, "r-prob", "sub", "$28.90", "$31.05")
retext(NEW, "r-mech", "sub", "$38.20", "$41.05")
retext(NEW, "r-serv", "sub", "$25.60", "$27.50")
retext(NEW, "term", "cl", "January 1, 2022 to December 31, 2024", "January 1, 2025 to December 31, 2027")
# cosmetic: a spelling fixed, a missing full stop added
retext(NEW, "step1", "sub", "occurence", "occurrence")
find(NEW, "payday", "cl")["text"] += "."
# an item added at the end of the holiday list
find(NEW, "stat", "sub")["children"].append(I("h9", "Family Day"))
# a clause removed (14.04): 14.05 becomes 14.04
wages = find(NEW, "wages", "art")
wages["children"] = [c for c in wages["children"] if c["key"] != "redcircle"]
# a clause moved from Article 13 to the end of Article 12: 13.03 becomes 13.02
uniform, safety = find(NEW, "uniform", "art"), find(NEW, "safety", "art")
foot = next(c for c in uniform["children"] if c["key"] == "footwear")
uniform["children"].remove(foot)
safety["children"].append(foot)
# substitution: the Company -> the Employer, everywhere


def substitute(tree):
    n = 0
    for node in tree:
        if "text" in node:
            for a, b in (("the Company", "the Employer"), ("The Company", "The Employer")):
                n += node["text"].count(a)
                node["text"] = node["text"].replace(a, b)
        n += substitute(node["children"])
    return n


SUB_COUNT = substitute(NEW)

# ---------------------------------------------------------------------------- units, layout

ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]


def units(tree):
    """[(key, kind, id, label, unitkind, text)] in document order."""
    out = []
    for art in tree:
        n = art["n"]
        out.append((art["key"], "art", str(n), f"ARTICLE {n} {art['dash']}", "heading", art["title"]))
        for ci, cl in enumerate(art["children"], 1):
            cid = f"{n}.{ci:02d}"
            out.append((cl["key"], "cl", cid, cid, "rule", cl["text"]))
            for si, sub in enumerate(cl["children"]):
                letter = "abcdefgh"[si]
                sid = f"{cid}({letter})"
                out.append((sub["key"], "sub", sid, f"({letter})", "rule", sub["text"]))
                for ii, item in enumerate(sub["children"]):
                    out.append((item["key"], "item", f"{sid}({ROMAN[ii]})", f"({ROMAN[ii]})", "rule", item["text"]))
    return out


GLUE = [r"\S+ (?:[Cc]lause|Article) \d+(?:\.\d+)?(?:\([a-z]+\))?",   # "in clause 7.04(b)", "under Article 4."
        r"\S+ \((?:\d+(?:\.\d+)?|\d+(?:st|nd|rd|th)|\$[\d.]+)\)",      # "forty (40)", "(15th)", "($0.75)"
        r"Step \d+:"]


def wrap(text, first, rest):
    for rx in GLUE:
        text = re.sub(rx, lambda m: m.group(0).replace(" ", "\u00a0"), text)
    lines = textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                          break_long_words=False, break_on_hyphens=False)
    return [line.replace("\u00a0", " ") for line in lines]


def layout(tree, title):
    out = [title]
    for key, kind, ident, label, ukind, text in units(tree):
        if kind == "art":
            out += ["", f"{label} {text}"]
        elif kind == "cl":
            out += [""] + wrap(text, label.ljust(7), " " * 7)
        elif kind == "sub":
            out += [""] + wrap(text, " " * 7 + label.ljust(5), " " * 12)
        else:
            prev = out[-1]
            if not re.match(r" {12}\(", prev):
                out.append("")
            out += wrap(text, " " * 12 + label.ljust(8), " " * 20)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

SUB_UNITS = [["1.01", "1.01"], ["1.02(a)", "1.02(a)"], ["2.01", "2.01"], ["3.01", "3.01"], ["6.01", "6.01"],
             ["9.02", "9.02"], ["12.01", "12.01"], ["13.03", "13.02"]]
EDITS = [
    {"kind": "substitution", "old": "the Company", "new": "the Employer", "count": 9, "units": SUB_UNITS,
     "note": "twice in 2.01; once as \"The Company\" at the start of 2.01, 3.01 and 12.01"},
    {"kind": "cosmetic", "old": "4.02(a)", "new": "4.02(a)", "what": "misspelling 'occurence' corrected"},
    {"kind": "reword", "old": "5.03", "new": "5.03", "note": "eighteen (18) months -> twelve (12) months"},
    {"kind": "reword", "old": "6.02", "new": "6.02", "note": "sixty (60) days -> ninety (90) days"},
    {"kind": "insert", "old": None, "new": "7.03"},
    {"kind": "renumber", "old": "7.03", "new": "7.04"},
    {"kind": "renumber", "old": "7.04", "new": "7.05"},
    {"kind": "renumber", "old": "7.04(a)", "new": "7.05(a)"},
    {"kind": "renumber", "old": "7.04(b)", "new": "7.05(b)"},
    {"kind": "renumber", "old": "7.05", "new": "7.06"},
    {"kind": "xref-update", "old": "8.03", "new": "8.03", "note": "clause 7.03 -> clause 7.04"},
    {"kind": "insert", "old": None, "new": "9.01(a)(ix)", "note": "an item added at the end of a list of "
     "(i)-(viii) items, no punctuation between the items"},
    {"kind": "reword", "old": "10.01(c)", "new": "10.01(c)", "note": "fifteen (15) years -> twelve (12) years"},
    {"kind": "stale", "old": "12.02", "new": "12.02", "reference": "Clause 7.05", "should_be": "7.06"},
    {"kind": "move", "old": "13.02", "new": "12.03"},
    {"kind": "renumber", "old": "13.03", "new": "13.02"},
    {"kind": "reword", "old": "14.01(a)", "new": "14.01(a)", "note": "$31.45 -> $33.80"},
    {"kind": "reword", "old": "14.01(b)", "new": "14.01(b)", "note": "$28.90 -> $31.05"},
    {"kind": "reword", "old": "14.01(c)", "new": "14.01(c)", "note": "$38.20 -> $41.05"},
    {"kind": "reword", "old": "14.01(d)", "new": "14.01(d)", "note": "$25.60 -> $27.50"},
    {"kind": "xref-update", "old": "14.03", "new": "14.03", "note": "clause 7.04(b) -> clause 7.05(b)"},
    {"kind": "remove", "old": "14.04", "new": None},
    {"kind": "cosmetic", "old": "14.05", "new": "14.04", "what": "missing full stop at the end added"},
    {"kind": "reword", "old": "15.01", "new": "15.01", "note": "term January 1, 2022 to December 31, 2024 -> "
     "January 1, 2025 to December 31, 2027"},
]


def check(uo, un):
    """Every unit that differs is accounted for by exactly one edit (substitution units aside), and each
    edit's IDs agree with what the tree says."""
    o_by_key = {(k, kind): (i, t) for k, kind, i, _, _, t in uo}
    n_by_key = {(k, kind): (i, t) for k, kind, i, _, _, t in un}
    o_ids = {i for _, _, i, _, _, _ in uo}
    n_ids = {i for _, _, i, _, _, _ in un}
    sub_old = {a for a, b in SUB_UNITS}
    claimed = {}
    for e in EDITS:
        if e["kind"] in ("substitution", "stale"):
            continue
        pair = (e["old"], e["new"])
        assert e["old"] is None or e["old"] in o_ids, e
        assert e["new"] is None or e["new"] in n_ids, e
        assert pair not in claimed, pair
        claimed[pair] = e
    problems = []
    for key in o_by_key.keys() | n_by_key.keys():
        (oi, ot), (ni, nt) = o_by_key.get(key, (None, None)), n_by_key.get(key, (None, None))
        if oi == ni and ot == nt:
            assert (oi, ni) not in claimed, ("edit on an unchanged unit", oi)
            continue
        e = claimed.get((oi, ni))
        in_sub = oi in sub_old
        if in_sub:
            assert [oi, ni] in SUB_UNITS, (oi, ni)
            ot_s = ot.replace("the Company", "the Employer").replace("The Company", "The Employer")
            assert ot_s == nt, ("substitution unit changes more than the term", oi)
            if oi != ni:
                assert e and e["kind"] == "renumber", (oi, ni)
            else:
                assert e is None, (oi, "substitution units carry no other edit")
            continue
        if e is None:
            problems.append(f"unaccounted {oi} -> {ni}")
            continue
        kind = e["kind"]
        if kind == "renumber":
            assert ot == nt and oi != ni, e
        elif kind == "move":
            assert ot == nt and oi.split(".")[0] != ni.split(".")[0], e
        elif kind in ("reword", "cosmetic", "xref-update"):
            assert ot != nt, e
        elif kind == "insert":
            assert oi is None, e
        elif kind == "remove":
            assert ni is None, e
        else:
            problems.append(f"unexpected edit kind {kind} for {oi} -> {ni}")
    for e in EDITS:
        if e["kind"] == "stale":
            # the citing unit is unchanged and its reference now names another unit
            (oi, ot), = [(i, t) for k, kind, i, _, _, t in uo if i == e["old"]]
            (ni, nt), = [(i, t) for k, kind, i, _, _, t in un if i == e["new"]]
            assert ot == nt and e["reference"] in nt, e
    count = sum(t.count("the Company") + t.count("The Company") for *_, t in uo)
    assert count == SUB_COUNT == EDITS[0]["count"], (count, SUB_COUNT)
    assert not any("Company" in t for *_, t in un)
    return problems


def main():
    uo, un = units(OLD), units(NEW)
    problems = check(uo, un)
    for p in problems:
        print(p, file=sys.stderr)
    assert not problems
    renumbering = {e["old"]: e["new"] for e in EDITS
                   if e["kind"] not in ("substitution", "stale") and e["old"] and e["new"] and e["old"] != e["new"]}
    pair = {"old": "old", "new": "new", "edits": EDITS, "renumbering": renumbering,
            "substitutions": [{k: e[k] for k in ("old", "new", "count")} for e in EDITS if e["kind"] == "substitution"],
            "stale_references": [{"rule": e["new"], "reference": e["reference"]} for e in EDITS if e["kind"] == "stale"]}
    versions = []
    for name, us in (("old", uo), ("new", un)):
        versions.append({"name": name, "files": {"txt": f"{name}.txt"},
                         "units": [{"id": i, "label": l, "kind": k, "text": t} for _, _, i, l, k, t in us],
                         "furniture": {"txt": []}})
    truth = {"family": "bargaining-agreement",
             "kind": "collective bargaining agreement ('ARTICLE 7 – HOURS OF WORK' / '7.01' / '(a)' / '(i)', cited "
                     "'clause 7.04(b)', 'Clause 7.05', 'Article 4'; hard-wrapped at 72 columns with hanging indents, "
                     "a centred title block with the term dates)",
             "formats": ["txt"], "versions": versions, "pairs": [pair]}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "old.txt").write_text(layout(OLD, TITLE_OLD), encoding="utf-8")
    (OUT / "new.txt").write_text(layout(NEW, TITLE_NEW), encoding="utf-8")
    (OUT / "truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("units", len(uo), len(un), "edits", len(EDITS), "substitution count", SUB_COUNT)


if __name__ == "__main__":
    main()
