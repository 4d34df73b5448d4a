"""Write port-byelaws/old.txt, new.txt and truth.json (hand-written harbour byelaws of a small port authority).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/port_byelaws_make.py

A small port authority's harbour byelaws: a centred title block, 'PART II – NAVIGATION' headings (roman
numerals, the title on the same line), byelaws numbered straight through the Parts with a title line
('5. Speed limits'), paragraphs '(1)' and sub-paragraphs '(a)' below them; some byelaws are a single
unnumbered paragraph under their title line. The Interpretation byelaw has a lead-in ('In these
byelaws, unless the context otherwise requires—') and its definitions as numbered paragraphs, each
opening with the quoted term. A SCHEDULE of harbour charges at the end, items '1.'. Cited 'byelaw
14(2)(b)', 'byelaw 16', 'byelaws 9 to 12', 'paragraph (2) of this byelaw' (relative to the byelaw it
stands in), 'Part III', 'item 6 of the Schedule'. Hard-wrapped at 70 columns with hanging indents.
All text invented.

Built like standing_orders_make.py on tree_docs: the document is a tree of nodes with stable keys;
numbers are computed from position; the planted edits (EDITS) are written by hand; renumberings and the
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

OUT = Path(__file__).resolve().parent.parent / "port-byelaws"
WIDTH = 70

TITLE_LINES = [
    "WRENMOUTH HARBOUR AUTHORITY",
    "",
    "HARBOUR BYELAWS 2021",
    "",
    "Byelaws made by the Wrenmouth Harbour Authority under",
    "section 27 of the Wrenmouth Harbour Act 1968 for the",
    "regulation of the harbour and of the vessels using it",
    "",
    "Confirmed by the Secretary of State on 4 February 2021",
]
TITLE_OLD = td.centre_text(TITLE_LINES, WIDTH)
TITLE_NEW = td.centre_text(TITLE_LINES + ["", "As amended by the Wrenmouth Harbour (Amendment) Byelaws 2025"],
                           WIDTH)


def PART(key, title, *children):
    return {"key": key, "kind": "part", "title": title, "text": "", "children": list(children)}


def B(key, title, *children, body=""):
    """A byelaw: its title line, an unnumbered paragraph (`body`, a lead-in where it has paragraphs too)
    and its paragraphs."""
    return {"key": key, "kind": "byelaw", "title": title, "text": body, "children": list(children)}


def SCHED(key, title, *children):
    return {"key": key, "kind": "schedule", "title": title, "text": "", "children": list(children)}


OLD = [
    PART("p-prelim", "PRELIMINARY",
         B("cite", "Citation and commencement",
           body="These byelaws may be cited as the Wrenmouth Harbour Byelaws 2021 and shall come into force "
           "on 1 April 2021."),
         B("interp", "Interpretation",
           P("def-authority", "\"the Authority\" means the Wrenmouth Harbour Authority;"),
           P("def-harbour", "\"the harbour\" means the harbour of Wrenmouth within the limits set out in the "
             "Wrenmouth Harbour Act 1968, including the Inner Basin, the Outer Harbour and the approach "
             "channel;"),
           P("def-hm", "\"harbour master\" means the person appointed as harbour master by the Authority, and "
             "includes a deputy or assistant harbour master and any other person authorised by the Authority "
             "to act on the harbour master's behalf;"),
           P("def-inner", "\"the Inner Basin\" means the part of the harbour lying shoreward of a straight line "
             "drawn from the head of the North Pier to the head of the Fish Quay;"),
           P("def-mooring", "\"mooring\" means any buoy, chain, sinker, pile or pontoon berth used to secure a "
             "vessel, other than the vessel's own anchor;"),
           P("def-vessel", "\"vessel\" includes any ship, boat, yacht, personal watercraft, raft or other craft "
             "of any description used or capable of being used on water, whether or not it is "
             "self-propelled."),
           body="In these byelaws, unless the context otherwise requires\u2014"),
         B("apply", "Application",
           body="These byelaws apply within the harbour and on every quay, pier, pontoon and slipway of the "
           "Authority. Part III does not apply to a vessel of the armed forces of the Crown, and byelaws 13 "
           "to 16 do not apply to a lifeboat or other vessel of a recognised search and rescue service while "
           "it is on service.")),
    PART("p-nav", "NAVIGATION",
         B("directions", "Directions to vessels",
           P("dir-comply", "The master of every vessel shall comply with any direction given by the harbour "
             "master for regulating the time at which and the manner in which the vessel enters, leaves or "
             "moves within the harbour, or is moored or berthed in it."),
           P("dir-how", "A direction under paragraph (1) of this byelaw may be given orally, by radio, by "
             "signal or in writing, and a direction given on VHF channel 12 shall be treated as given to the "
             "master of the vessel to which it is addressed.")),
         B("speed", "Speed limits",
           P("speed-limit", "No vessel shall be navigated within the harbour at a speed exceeding 6 knots "
             "through the water, or within the Inner Basin at a speed exceeding 4 knots."),
           P("speed-care", "Whatever the speed of a vessel, its master shall ensure that it\u2014",
             S("speed-wash", "does not raise a wash which endangers or damages any other vessel, mooring, "
               "quay or structure;"),
             S("speed-stop", "can be stopped safely within the distance that is clear ahead; and"),
             S("speed-divers", "passes at the slowest speed at which it can be steered any vessel displaying "
               "the signal that divers are down.")),
           P("speed-except", "Paragraph (1) does not apply to a vessel engaged in search and rescue, in "
             "pilotage or in the enforcement of these byelaws, or to a vessel taking part in an event "
             "permitted under byelaw 16.")),
         B("channel", "Navigation in the approach channel",
           P("chan-side", "A vessel navigating in the approach channel shall keep as near to the starboard "
             "side of the channel as is safe and practicable, and a vessel of less than 20 metres in length "
             "shall not impede the passage of a vessel which can navigate safely only within the channel."),
           P("chan-anchor", "No vessel shall anchor in the approach channel except in an emergency, and the "
             "master of a vessel which anchors there shall inform the harbour master at once.")),
         B("pwc", "Personal watercraft",
           P("pwc-register", "No person shall launch or operate a personal watercraft in the harbour unless it "
             "is registered with the Authority and displays its registration mark on both sides of the hull, "
             "and no personal watercraft shall be operated within the Inner Basin except when proceeding "
             "directly to or from the public slipway."),
           P("pwc-fee", "The fee for registration under paragraph (1) of this byelaw shall be the charge "
             "set out in item 6 of the Schedule, and a registration shall expire at the end of the calendar "
             "year in which it was made.")),
         B("incidents", "Reporting of incidents",
           body="The master of a vessel which has been involved in a collision, grounding or fire within the "
           "harbour, or which has caused damage to any quay, mooring or navigation mark, shall report it to "
           "the harbour master as soon as practicable and in any event within 24 hours.")),
    PART("p-moor", "MOORING AND BERTHING",
         B("permits", "Mooring permits",
           P("perm-need", "No person shall lay, place or use a mooring in the harbour except under a permit "
             "issued by the Authority."),
           P("perm-apply", "An application for a permit shall be made on the form provided by the Authority and "
             "shall state\u2014",
             S("perm-name", "the name and address of the applicant;"),
             S("perm-vessel", "the name, length overall and type of the vessel to be moored; and"),
             S("perm-period", "the period for which the permit is sought.")),
           P("perm-expire", "A permit is personal to the holder and to the vessel named in it, shall not be "
             "transferred, and shall expire on 31 March next following the date of its issue.")),
         B("berthing", "Berthing at quays and pontoons",
           P("berth-alloc", "No vessel shall berth alongside a quay or pontoon of the Authority except at a "
             "berth allocated by the harbour master."),
           P("berth-visitors", "No vessel shall remain at the visitors' pontoon for more than 72 hours without "
             "the permission of the harbour master.")),
         B("rafting", "Rafting",
           body="The master of a vessel berthed at a quay or pontoon shall allow another vessel to berth "
           "alongside it when directed under byelaw 4(1), and the crew of the outer vessel shall cross the "
           "inner vessel by its foredeck only."),
         B("abandoned", "Unattended and abandoned vessels",
           P("aband-keep", "Every vessel moored or berthed in the harbour shall be kept in a seaworthy "
             "condition and properly secured against the weather. The owner of a vessel which is to be left "
             "unattended for more than 14 days shall give the Authority the name and telephone number of a "
             "person who will attend to the vessel in an emergency."),
           P("aband-notice", "Where a vessel appears to the Authority to have been abandoned, the Authority may "
             "fix to the vessel a notice requiring its owner to remove it from the harbour within 28 days."),
           P("aband-remove", "If a vessel is not removed within the time stated in a notice under paragraph "
             "(2) of this byelaw, the Authority may remove it to a place of safe keeping, and may sell or "
             "otherwise dispose of it if it is not claimed within a further three months."))),
    PART("p-safety", "SAFETY AND THE ENVIRONMENT",
         B("dangerous", "Dangerous goods",
           body="The master of a vessel carrying dangerous goods shall give the harbour master not less than 24 "
           "hours' notice before the vessel enters the harbour, stating the nature and quantity of the goods "
           "and where they are stowed."),
         B("pollution", "Pollution",
           P("poll-discharge", "No person shall discharge, or allow to escape, into the harbour any oil, fuel, "
             "sewage, oily bilge water or other polluting matter."),
           P("poll-escape", "The master of a vessel from which any polluting matter escapes shall\u2014",
             S("poll-stop", "take all practicable steps to stop or contain the escape;"),
             S("poll-report", "report the escape at once to the harbour master, stating the nature and "
               "quantity of the matter that has escaped; and"),
             S("poll-direct", "comply with any direction given under byelaw 4(1) for cleaning the harbour.")),
           P("poll-refuse", "Refuse, waste oil and the contents of holding tanks shall be deposited only in "
             "the receptacles and pump-out facilities provided by the Authority.")),
         B("swimming", "Swimming and diving",
           P("swim-where", "No person shall swim or dive in the approach channel, in the Inner Basin or within "
             "30 metres of any quay in use by commercial vessels."),
           P("swim-diving", "No person shall dive using breathing apparatus in the harbour except with the "
             "written permission of the Authority, and while a vessel or buoy close by displays the signal "
             "that divers are down.")),
         B("events", "Regattas and other events",
           P("ev-permit", "No person shall organise a regatta, race, swim or other event in the harbour without "
             "the written permission of the Authority, applied for not less than 28 days before the event is "
             "to take place."),
           P("ev-conditions", "Permission under paragraph (1) of this byelaw may be given subject to conditions "
             "as to the area and times of the event, the number and crewing of safety boats, and insurance "
             "against third party risks."),
           P("ev-swim", "A person taking part in an event permitted under this byelaw does not commit an "
             "offence against byelaw 15(1) by swimming within the area and times set for the event."))),
    PART("p-general", "GENERAL",
         B("charges", "Charges",
           P("chg-payable", "The charges set out in the Schedule shall be payable to the Authority by the owner "
             "or master of a vessel for the use of the harbour and its facilities."),
           P("chg-permit", "The charge for a mooring permit granted under byelaw 9 is payable in full before "
             "the permit is issued, and no part of it shall be refunded if the permit is surrendered."),
           P("chg-cleaning", "The owner of a vessel from which an escape has been reported under byelaw "
             "14(2)(b) shall pay to the Authority the reasonable cost of any cleaning carried out by it.")),
         B("obstruct", "Obstruction of officers",
           body="No person shall obstruct the harbour master or any other officer of the Authority acting in "
           "the execution of these byelaws, or refuse to give his or her name and address when asked to do "
           "so by such an officer."),
         B("trading", "Trading on quays",
           body="No person shall sell or offer for sale any goods or services on a quay, pier or slipway of the "
           "Authority, or from a vessel berthed there, without a licence granted by the Authority."),
         B("exempt", "Exemptions",
           body="The Authority may by notice in writing exempt any vessel or person from any of byelaws 5 to 7 "
           "or byelaws 9 to 12, for such period and on such conditions as may be stated in the notice."),
         B("penalties", "Penalties",
           body="Any person who contravenes any of these byelaws shall be guilty of an offence and liable on "
           "summary conviction to a fine not exceeding level 3 on the standard scale.")),
    SCHED("schedule", "HARBOUR CHARGES",
          I("ch-swing", "Annual mooring permit, swinging mooring, per metre of length overall: \u00a348.00."),
          I("ch-pontoon", "Annual mooring permit, pontoon berth, per metre of length overall: \u00a396.00."),
          I("ch-visitor", "Visitors' berth, per metre of length overall, per night or part of a night: "
            "\u00a32.80."),
          I("ch-slip", "Use of the public slipway, for each launch and recovery: \u00a38.00."),
          I("ch-slippass", "Annual slipway pass, for one named vessel: \u00a365.00."),
          I("ch-pwc", "Registration of a personal watercraft, for each calendar year or part of one: "
            "\u00a340.00.")),
]


# ---------------------------------------------------------------------------- the new version

NEW = copy.deepcopy(OLD)

# substitution first: "harbour master" -> "harbourmaster" everywhere (the units it touches carry no other edit)
TERM = td.Term([("harbour master", "harbourmaster")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, td.text_if_any)

# a byelaw inserted in Part II after byelaw 7: old 8-18 become 9-19
td.insert_after(
    td.find(NEW, "p-nav")["children"], "pwc",
    B("small", "Paddleboards, canoes and other small craft",
      P("small-wear", "A person using a paddleboard, canoe, kayak or other small unpowered craft in the harbour "
        "shall wear a buoyancy aid, and shall keep out of the approach channel except when crossing it by the "
        "shortest safe route."),
      P("small-dark", "No such craft shall be used in the harbour between sunset and sunrise unless it shows "
        "an all-round white light, and none shall enter the Inner Basin while the harbourmaster has closed it "
        "by signal.")))
# a byelaw removed (old 19, Trading on quays): old 20 and 21 keep their numbers
td.remove(td.find(NEW, "p-general")["children"], "trading")

# cross-references following the renumbering
retext(NEW, "apply", "byelaws 13 to 16", "byelaws 14 to 17")
retext(NEW, "speed-except", "byelaw 16", "byelaw 17")
retext(NEW, "chg-permit", "byelaw 9", "byelaw 10")
retext(NEW, "chg-cleaning", "byelaw 14(2)(b)", "byelaw 15(2)(b)")
retext(NEW, "exempt", "byelaws 9 to 12", "byelaws 10 to 13")
# ... and one left stale: 16(3), now 17(3), still says "byelaw 15(1)" (swimming, now 16(1); the new 15(1)
# is the prohibition of discharges in Pollution)

# a paragraph split in two: old 12(1) -> new 13(1) and 13(2); the relative reference in old 12(3) follows
td.split(td.find(NEW, "abandoned")["children"], td.find(NEW, "aband-keep"), "The owner of a vessel ",
         "aband-contact")
retext(NEW, "aband-remove", "paragraph (2) of this", "paragraph (3) of this")

# a sub-paragraph added to a list, in the middle: new 10(2)(b); old (b) and (c) become (c) and (d)
td.insert_after(
    td.find(NEW, "perm-apply")["children"], "perm-name",
    S("perm-contact", "a telephone number and an email address at which the applicant can be reached;"))

# rewords
retext(NEW, "speed-limit", "exceeding 6 knots", "exceeding 5 knots")
retext(NEW, "perm-expire", "shall expire on 31 March next following the date of its issue",
       "shall expire on 31 December in the year of its issue")
retext(NEW, "ev-permit", "not less than 28 days", "not less than 42 days")
retext(NEW, "penalties", "level 3 on the standard scale", "level 4 on the standard scale")
# a schedule charge changed
retext(NEW, "ch-visitor", "\u00a32.80", "\u00a33.20")

# cosmetic: the straight quotes of one definition made curly
node = td.find(NEW, "def-mooring")
node["text"] = td.curl_quotes(node["text"])


# ---------------------------------------------------------------------------- units, layout

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
LETTERS = "abcdefghijklmn"


def units(tree):
    """The units (dicts, see tree_docs) in document order: byelaws numbered straight through the Parts."""
    out = []
    n = 0
    for top in tree:
        if top["kind"] == "schedule":
            out.append(td.unit(top["key"], "schedule", "Schedule", "SCHEDULE \u2013", "", top["title"]))
            for ii, it in enumerate(top["children"], 1):
                out.append(td.unit(it["key"], "charge", f"Schedule({ii})", f"{ii}.", it["text"]))
            continue
        roman = ROMAN[len([u for u in out if u["node"] == "part"])]
        out.append(td.unit(top["key"], "part", f"Part {roman}", f"PART {roman} \u2013", "", top["title"]))
        for bl in top["children"]:
            n += 1
            b = str(n)
            out.append(td.unit(bl["key"], "byelaw", b, f"{b}.", bl["text"], bl["title"]))
            for pi, pa in enumerate(bl["children"], 1):
                pid = f"{b}({pi})"
                out.append(td.unit(pa["key"], "para", pid, f"({pi})", pa["text"]))
                for ai, sb in enumerate(pa["children"]):
                    aid = f"{pid}({LETTERS[ai]})"
                    out.append(td.unit(sb["key"], "sub", aid, f"({LETTERS[ai]})", sb["text"]))
    return out


# Citations are not broken across lines, nor is a number parted from the word before it (a continuation
# line opening with a number would look like a unit's label).
CITES = [r"byelaws? \d+(?:\([0-9a-z]+\))*(?: (?:to|or) \d+(?:\([0-9a-z]+\))*)?",
         r"(?:P|p)aragraph \(\d+\)(?: of this byelaw)?",
         r"Part [IVX]+",
         r"item \d+ of the Schedule",
         r"\u00a3?\d[\d.,]*"]
OPENS_UNIT = r"(\([0-9a-z]+\)|\u00a3?\d|PART [IVX]|SCHEDULE|[Bb]yelaws? \d|Part [IVX])"


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, CITES, OPENS_UNIT)


def layout(tree, title):
    out = [title.rstrip("\n"), ""]
    for u in units(tree):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind in ("part", "schedule"):
            out += ["", "", f"{label} {u['title']}"]
        elif kind == "byelaw":
            out += ["", f"{label} {u['title']}"]
            if text:
                out += [""] + wrap(text, "", "")
        elif kind == "para":
            out += [""] + wrap(text, label.ljust(5), " " * 5)
        elif kind == "sub":
            out += [""] + wrap(text, " " * 5 + label.ljust(5), " " * 10)
        else:
            out += [""] + wrap(text, label.ljust(5), " " * 5)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

EDITS = [
    {"kind": "substitution", "old": "harbour master", "new": "harbourmaster", "count": 12,
     "note": "'harbour master' -> 'harbourmaster' everywhere, four times in the definition 2(3) (once inside "
             "the quoted defined term, once as 'assistant harbour master', once as 'harbour master's'); the "
             "inserted byelaw 8 says 'harbourmaster' once more (not counted)"},
    {"kind": "xref-update", "old": "3", "new": "3", "note": "byelaws 13 to 16 -> byelaws 14 to 17"},
    {"kind": "cosmetic", "old": "2(5)", "new": "2(5)", "what": "straight quotes round the defined term made curly"},
    {"kind": "reword", "old": "5(1)", "new": "5(1)", "note": "harbour speed limit 6 knots -> 5 knots"},
    {"kind": "xref-update", "old": "5(3)", "new": "5(3)", "note": "byelaw 16 -> byelaw 17"},
    {"kind": "insert", "old": None, "new": "8",
     "note": "Paddleboards, canoes and other small craft, inserted in Part II after byelaw 7; old 8-18 "
             "become 9-19"},
    {"kind": "insert", "old": None, "new": "8(1)"},
    {"kind": "insert", "old": None, "new": "8(2)"},
    {"kind": "insert", "old": None, "new": "10(2)(b)",
     "note": "a sub-paragraph inserted in the middle of the list of what an application states; old "
             "(b) and (c) become (c) and (d), no punctuation changed"},
    {"kind": "reword", "old": "9(3)", "new": "10(3)",
     "note": "permits expire on 31 December in the year of issue instead of 31 March next following"},
    {"kind": "split", "old": "12(1)", "new": ["13(1)", "13(2)"],
     "note": "its second sentence (the emergency contact) made a paragraph; old 12(2) and 12(3) become "
             "13(3) and 13(4)"},
    {"kind": "xref-update", "old": "12(3)", "new": "13(4)",
     "note": "paragraph (2) of this byelaw -> paragraph (3) of this byelaw (the split)"},
    {"kind": "reword", "old": "16(1)", "new": "17(1)", "note": "event permission applied for 28 -> 42 days before"},
    {"kind": "stale", "old": "16(3)", "new": "17(3)", "reference": "byelaw 15(1)", "should_be": "16(1)",
     "note": "Swimming and diving moved from 15 to 16; the new 15(1) is the prohibition of discharges in "
             "Pollution"},
    {"kind": "xref-update", "old": "17(2)", "new": "18(2)", "note": "byelaw 9 -> byelaw 10"},
    {"kind": "xref-update", "old": "17(3)", "new": "18(3)", "note": "byelaw 14(2)(b) -> byelaw 15(2)(b)"},
    {"kind": "remove", "old": "19", "new": None,
     "note": "Trading on quays removed; with the byelaw inserted before it, 20 and 21 keep their numbers"},
    {"kind": "xref-update", "old": "20", "new": "20", "note": "byelaws 9 to 12 -> byelaws 10 to 13"},
    {"kind": "reword", "old": "21", "new": "21", "note": "fine level 3 -> level 4 on the standard scale"},
    {"kind": "reword", "old": "Schedule(3)", "new": "Schedule(3)",
     "note": "a schedule charge changed: visitors' berth \u00a32.80 -> \u00a33.20 per metre per night"},
]

CITE = re.compile(r"byelaws? (\d+)((?:\([0-9a-z]+\))*)(?: to (\d+))?"
                  r"|paragraph \((\d+)\) of this byelaw"
                  r"|Part ([IVX]+)\b"
                  r"|item (\d+) of the Schedule")
# a word that opens a citation: every one must be inside a match of CITE ('Paragraph (1) does not apply',
# the bare paragraph of 5(3), is resolved by hand below)
WORDS = re.compile(r"\bbyelaws? \d|\bparagraph \(\d|\bPart [IVX]|\bitem \d")


def resolve(m, u, us):
    if m.group(1):
        return [m.group(1), m.group(3)] if m.group(3) else [m.group(1) + m.group(2)]
    if m.group(4):
        return [u["id"].split("(")[0] + f"({m.group(4)})"]
    if m.group(5):
        return ["Part " + m.group(5)]
    return [f"Schedule({m.group(6)})"]


def citations(us):
    return td.citations(us, CITE, resolve, WORDS)


STALE = ("ev-swim", ["swim-where"], ["poll-discharge"])


def check(uo, un):
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT)
    co, cn = citations(uo), citations(un)
    td.check_citations(co, cn, STALE, new_resolve=True)
    for e in EDITS:
        if e["kind"] == "stale":
            assert [u["id"] for u in un if u["key"] == STALE[1][0]] == [e["should_be"]], e
    # no citation names a unit that is removed
    gone = {u["key"] for u in uo} - {u["key"] for u in un}
    assert not any(k in gone for v in co.values() for k in v)
    # the bare 'Paragraph (1)' of 5(3) names 5(1) in both versions
    for us in (uo, un):
        assert [u["id"] for u in us if u["key"] == "speed-limit"] == ["5(1)"]
        assert [u["text"].startswith("Paragraph (1) ") for u in us if u["key"] == "speed-except"] == [True]
    # the term: at least five units
    assert len(sub_units) >= 5, sub_units
    return derived, sub_units


def validate(truth):
    """Read the written files back: every unit's label, title and text in its .txt, in document order and
    nothing between them; no line wider than WIDTH; the lines that open with a label are exactly the
    units'."""
    loaded = json.loads((OUT / "truth.json").read_text(encoding="utf-8"))
    assert loaded == truth
    for v in loaded["versions"]:
        lines = (OUT / v["files"]["txt"]).read_text(encoding="utf-8").split("\n")
        furn, rest = td.units_in_order(v, lines, WIDTH)
        assert not furn and not rest.strip(), rest[:80]
        opens = [line for line in lines if re.match(OPENS_UNIT, line.strip())]
        assert len(opens) == len(v["units"]), (v["name"], len(opens), len(v["units"]))
        for line, u in zip(opens, v["units"]):
            assert line.strip().startswith(u["label"]), (v["name"], line, u["id"])


KIND = ("harbour byelaws of a small port authority ('PART II – NAVIGATION' headings, roman numerals with the "
        "title on the same line: IDs 'Part II', label 'PART II –', title 'NAVIGATION'; byelaws numbered "
        "straight through the Parts with a title line '5. Speed limits': ID '5', label '5.', title 'Speed "
        "limits', a heading but where the byelaw has an unnumbered paragraph of its own (its text, a rule); "
        "paragraphs '(1)' and sub-paragraphs '(a)', IDs '14(2)(b)' whatever the Part; the Interpretation "
        "byelaw 2 has a lead-in 'In these byelaws, unless the context otherwise requires—' as its text and "
        "its definitions as numbered paragraphs '(1)' opening with the quoted term, IDs '2(3)'; a 'SCHEDULE "
        "– HARBOUR CHARGES' at the end, ID 'Schedule', its items '1.' with IDs 'Schedule(1)', as Annex "
        "items are numbered in the EU truths; cited 'byelaw 14(2)(b)', 'byelaw 16', 'byelaws 9 to 12', "
        "'paragraph (2) of this byelaw' (relative to the byelaw it stands in), a bare 'Paragraph (1)' "
        "(same byelaw), 'Part III', 'item 6 of the Schedule'; an Act cited only in the title block and "
        "in a definition ('Wrenmouth Harbour Act 1968'), no unit; hard-wrapped at 70 columns with hanging "
        "indents under a centred title block, one line added to the title block in the new version (no unit, "
        "no edit); the renamed term counted once per occurrence in the old version's units, its units "
        "carry no other edit)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un)
    texts = {"old": layout(OLD, TITLE_OLD), "new": layout(NEW, TITLE_NEW)}
    truth = td.write(OUT, "port-byelaws", KIND, texts, uo, un, EDITS, derived, sub_units)
    validate(truth)
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", len(EDITS),
          "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in", len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
