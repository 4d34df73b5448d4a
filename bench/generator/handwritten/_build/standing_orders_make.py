"""Write standing-orders/old.txt, new.txt and truth.json (hand-written council Standing Orders pair).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/standing_orders_make.py

A city council's standing orders: 'STANDING ORDER 12 – QUESTIONS BY THE PUBLIC' headings (one with a
hyphen), paragraphs '(1)', sub-paragraphs '(a)', sub-sub-paragraphs '(i)'; some standing orders are a
single unnumbered paragraph under their heading. Cited 'Standing Order 14(6)', 'S.O. 16(1)',
'Standing Orders 14 to 20', 'paragraph (1) of this Standing Order', 'sub-paragraph (1)(a)'.
Hard-wrapped at 74 columns with hanging indents under a centred title block; no contents list.

The document is held as a tree of nodes with stable keys; numbers are computed from position, so
renumbering follows from the structural edits. The planted edits (EDITS) are written by hand below;
the renumberings that follow from them, and the units of the substitution, are derived from the tree,
and `check` asserts that every unit that differs between the versions is accounted for by exactly
one edit (plus renumbering) and that every citation of the new version names the unit it named in
the old one, the one stale reference aside.
"""
import copy
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
import tree_docs as td  # noqa: E402
from tree_docs import item as I, para as P, sub as S  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "standing-orders"
WIDTH = 74


TITLE_LINES = [
    "KESTREL BAY CITY COUNCIL",
    "",
    "STANDING ORDERS",
    "",
    "for the regulation of the proceedings and business",
    "of meetings of the Council",
    "",
    "Adopted by resolution of the Council on 14 March 2019",
]
TITLE_OLD = td.centre_text(TITLE_LINES, WIDTH)
TITLE_NEW = td.centre_text(TITLE_LINES + ["Revised edition incorporating amendments made on 9 June 2025"], WIDTH)


def SO(key, title, *children, body=None, dash="–"):
    return {"key": key, "kind": "so", "title": title, "body": body, "dash": dash, "children": list(children)}


OLD = [
    SO("interp", "INTERPRETATION",
       P("interp-defs", "In these Standing Orders, unless the context otherwise requires—",
         S("def-chair", "\"the Chairman\" means the Mayor or other person presiding at a meeting of the Council "
           "under Standing Order 3;"),
         S("def-clear", "\"clear days\", in relation to a period of notice, means the days between the day on "
           "which the notice is given and the day of the meeting, not counting either of those days or any "
           "Saturday, Sunday or public holiday;"),
         S("def-member", "\"Member\" means a member of the Council, and includes the Mayor; and"),
         S("def-clerk", "\"the Town Clerk\" means the officer appointed by the Council as its proper officer for "
           "meetings, or any other officer authorised by the Town Clerk to act in that capacity.")),
       P("interp-refs", "A reference in these Standing Orders to a Standing Order, paragraph or sub-paragraph by "
         "number is a reference to the Standing Order, paragraph or sub-paragraph so numbered in these Standing "
         "Orders as in force at the time.")),
    SO("meetings", "MEETINGS OF THE COUNCIL",
       P("annual", "The annual meeting of the Council shall be held in May of each year, and the Council shall in "
         "addition hold not fewer than six ordinary meetings in each year on dates fixed at the annual meeting."),
       P("extraordinary", "The Mayor may call an extraordinary meeting of the Council at any time. If five "
         "Members sign a requisition for an extraordinary meeting and deliver it to the Town Clerk, and the Mayor "
         "refuses to call a meeting or fails to call one within seven days, those Members may themselves call "
         "it."),
       P("summons", "A summons to attend each meeting, specifying the business to be transacted, shall be sent to "
         "every Member at least five clear days before the meeting.")),
    SO("presiding", "PRESIDING AT MEETINGS",
       body="The Mayor, if present, shall preside at every meeting of the Council. If the Mayor is absent, the "
       "Deputy Mayor shall preside, and if both are absent the Members present shall elect one of their number "
       "to preside at that meeting. A decision of the Chairman on the interpretation of these Standing Orders "
       "shall be final."),
    SO("quorum", "QUORUM",
       P("quorum-size", "No business shall be transacted at a meeting of the Council unless at least one quarter "
         "of the whole number of Members are present."),
       P("quorum-start", "If a quorum is not present fifteen minutes after the time fixed for the start of a "
         "meeting, the meeting shall not take place, and the business on the summons shall be taken at the next "
         "ordinary meeting unless the Mayor calls an extraordinary meeting for it."),
       P("quorum-count", "If during any meeting the Chairman, having counted the number of Members present, "
         "declares that a quorum is not present, the meeting shall stand adjourned and the business not "
         "transacted shall be taken at a date and time fixed by the Chairman at the time of the adjournment.")),
    SO("order", "ORDER OF BUSINESS",
       P("order-list", "Except as provided in paragraph (2) of this Standing Order, the order of business at every "
         "ordinary meeting shall be—",
         S("ob-preside", "to choose a Member to preside, if the Mayor and the Deputy Mayor are both absent;"),
         S("ob-interests", "to receive any declarations of interest;"),
         S("ob-minutes", "to approve the minutes of the last meeting as a correct record;"),
         S("ob-announce", "to receive any announcements by the Mayor;"),
         S("ob-petitions", "to receive petitions under Standing Order 9 and deputations under Standing Order 8;"),
         S("ob-pubq", "to answer questions asked by the public under Standing Order 10;"),
         S("ob-memq", "to answer questions asked by Members under Standing Order 11;"),
         S("ob-reports", "to receive and consider the reports and minutes of committees;"),
         S("ob-motions", "to consider motions of which notice has been given under Standing Order 12; and"),
         S("ob-other", "to consider any other business specified in the summons.")),
       P("order-vary", "The order of business may be varied by the Chairman at the meeting, or by a resolution "
         "passed on a motion which shall be moved, seconded and put without discussion, but the business in "
         "sub-paragraph (1)(a) shall always be taken first.")),
    SO("minutes", "MINUTES",
       P("min-approve", "The Chairman shall put the question that the minutes of the previous meeting be approved "
         "as a correct record. No discussion shall take place on the minutes except on their accuracy, and any "
         "question of their accuracy shall be raised by motion."),
       P("min-sign", "Once the minutes have been approved, the Chairman shall sign them and initial each page.")),
    SO("interests", "DECLARATIONS OF INTEREST",
       body="A Member who has a disclosable pecuniary interest in any matter to be considered at a meeting shall "
       "disclose the nature of the interest when that matter is reached, or as soon as the interest becomes "
       "apparent, and shall withdraw from the room while the matter is discussed and voted on, unless the "
       "Standards Committee has granted a dispensation."),
    SO("deputations", "DEPUTATIONS",
       P("dep-notice", "The Council may receive a deputation of not more than five persons on any matter within "
         "its powers if notice of the deputation, stating its subject, has been given to the Town Clerk at least "
         "seven clear days before the meeting."),
       P("dep-speak", "One member of the deputation may address the Council for not more than five minutes, and "
         "Members may then ask questions of the deputation for not more than ten minutes in all."),
       P("dep-refer", "The Council shall not debate the subject of a deputation at the meeting at which it is "
         "received, but shall refer it without discussion to the committee concerned under Standing Order "
         "23(2)."),
       dash="-"),
    SO("petitions", "PETITIONS",
       P("pet-size", "A petition signed by at least 250 persons who live, work or study in the City may be "
         "presented at an ordinary meeting by a Member or by the lead petitioner."),
       P("pet-deliver", "A petition shall be delivered to the Town Clerk at least ten clear days before the "
         "meeting at which it is to be presented, and shall give the name and address of the lead petitioner."),
       P("pet-outcome", "After the petition has been presented, the Council shall, without debate—",
         S("pet-act", "take the action requested in the petition;"),
         S("pet-refer", "refer the petition to the committee concerned for a report; or"),
         S("pet-none", "resolve to take no action, and state its reasons for doing so."))),
    SO("pubq", "QUESTIONS BY THE PUBLIC",
       P("pubq-who", "A person who lives, works or studies in the City may ask one question at an ordinary "
         "meeting of the Mayor, the Leader of the Council or the Member who leads on the matter concerned."),
       P("pubq-notice", "Notice of a question shall be recieved by the Town Clerk in writing not later than noon "
         "on the fourth working day before the meeting, and shall give the name and address of the "
         "questioner."),
       P("pubq-reject", "The Town Clerk may reject a question which—",
         S("pubq-r1", "is not about a matter for which the Council has a responsibility or which affects the "
           "City;"),
         S("pubq-r2", "is defamatory, frivolous or offensive; or"),
         S("pubq-r3", "is substantially the same as a question put at a meeting of the Council in the past six "
           "months.")),
       P("pubq-time", "The period allowed for questions by the public shall not exceed thirty minutes, and any "
         "question not answered within that period shall be answered in writing.")),
    SO("memq", "QUESTIONS BY MEMBERS",
       P("memq-who", "A Member may ask the Mayor or the Leader of the Council any question about a matter for "
         "which the Council has a responsibility or which affects the City."),
       P("memq-how", "A Member may ask a question—",
         S("memq-meeting", "at an ordinary meeting, if—",
           I("memq-notice", "notice of the question has been given to the Town Clerk not later than noon on the "
             "third working day before the meeting; or"),
           I("memq-urgent", "the question relates to an urgent matter and the Chairman has agreed to it being "
             "asked; or")),
         S("memq-writing", "in writing at any time, by delivering it to the Town Clerk, who shall obtain a "
           "written answer within ten working days.")),
       P("memq-supp", "A Member who has asked a question at a meeting may ask one supplementary question arising "
         "directly from the reply, without notice, and the supplementary question shall be put and answered "
         "without discussion."),
       P("memq-time", "The time allowed for questions by Members under paragraph (2)(a) of this Standing Order "
         "shall not exceed thirty minutes.")),
    SO("motions", "MOTIONS ON NOTICE",
       P("mot-notice", "Except for motions which may be moved without notice under Standing Order 13, every motion "
         "shall be in writing, signed by the mover and the seconder, and delivered to the Town Clerk not later "
         "than noon on the seventh clear day before the meeting."),
       P("mot-book", "The Town Clerk shall date every notice of motion as it is received, number it, and enter it "
         "in a book which shall be open to the inspection of every Member."),
       P("mot-scope", "A motion shall be relevant to a matter for which the Council has a responsibility or which "
         "affects the City, and the Town Clerk may reject any motion which is, in the opinion of the Town Clerk, "
         "defamatory, frivolous or offensive."),
       P("mot-notmoved", "If a motion set out in the summons is not moved, either by the Member who gave notice of "
         "it or by another Member on that Member's behalf, it shall be treated as withdrawn and shall not be "
         "moved without fresh notice.")),
    SO("without", "MOTIONS WITHOUT NOTICE",
       P("wn-list", "The following motions may be moved without notice—",
         S("wn-preside", "to appoint a Member to preside at a meeting at which the Mayor and the Deputy Mayor are "
           "absent;"),
         S("wn-minutes", "to approve the minutes as a correct record;"),
         S("wn-order", "to vary the order of business under Standing Order 5(2);"),
         S("wn-refer", "to refer a matter to a committee or to an officer;"),
         S("wn-adopt", "to receive or adopt the report or minutes of a committee;"),
         S("wn-amend", "to move an amendment in accordance with Standing Order 15;"),
         S("wn-adjourn", "to adjourn the meeting or the debate, or to move the closure under S.O. 16(1);"),
         S("wn-exclude", "to exclude the public under Standing Order 22; and"),
         S("wn-consent", "to give the consent of the Council where consent is required by these Standing "
           "Orders."))),
    SO("debate", "RULES OF DEBATE",
       P("deb-stand", "A Member shall stand when speaking and shall address the Chairman. If two or more Members "
         "rise at once, the Chairman shall call on one to speak first, and the others shall sit down."),
       P("deb-relevance", "A Member shall speak only to the motion or amendment under discussion, or on a point of "
         "order or a personal explanation under Standing Order 17."),
       P("deb-second", "A motion or amendment shall not be discussed unless it has been moved and seconded. The "
         "seconder may, when seconding, reserve the right to speak until a later stage of the debate."),
       P("deb-length", "No speech shall exceed ten minutes, except with the consent of the Council, and the mover "
         "of a motion on notice may speak for not more than fifteen minutes."),
       P("deb-once", "A Member shall not speak more than once on any motion, except—",
         S("once-amend", "to speak once on an amendment moved by another Member;"),
         S("once-further", "to move a further amendment, if the motion has been amended since the Member last "
           "spoke;"),
         S("once-order", "on a point of order or to make a personal explanation; or"),
         S("once-reply", "in exercise of a right of reply.")),
       P("deb-reply", "The mover of a motion has a right of reply at the end of the debate on the motion, "
         "immediately before it is put to the vote. If an amendment is moved, the mover of the original motion "
         "may also reply at the end of the debate on the amendment, but may not otherwise speak on it."),
       P("deb-newmatter", "A Member exercising a right of reply under paragraph (6) of this Standing Order shall "
         "confine the reply to answering previous speakers and shall not introduce new matter.")),
    SO("amend", "AMENDMENTS",
       P("am-kinds", "An amendment shall be relevant to the motion and shall be either—",
         S("am-refer", "to refer the matter to a committee for consideration or reconsideration;"),
         S("am-leave", "to leave out words;"),
         S("am-leave-insert", "to leave out words and insert or add others; or"),
         S("am-insert", "to insert or add words.")),
       P("am-negate", "An amendment shall not have the effect of negating the motion, and only one amendment may "
         "be moved and discussed at a time."),
       P("am-result", "If an amendment is lost, another amendment may be moved on the original motion. If an "
         "amendment is carried, the motion as amended shall take the place of the original motion and shall "
         "become the substantive motion on which any further amendment may be moved."),
       P("am-writing", "An amendment shall be in writing and shall be handed to the Chairman before it is "
         "moved.")),
    SO("closure", "CLOSURE MOTIONS",
       P("cl-motions", "A Member who has not spoken in the debate may move, at the end of a speech by another "
         "Member, \"that the question be now put\", \"that the debate be now adjourned\" or \"that the Council "
         "proceed to the next business\"."),
       P("cl-reply", "If a motion that the question be now put is seconded and carried, the mover of the original "
         "motion shall have a right of reply under Standing Order 14(6) before the motion is put to the vote.")),
    SO("order-pts", "POINTS OF ORDER AND PERSONAL EXPLANATIONS",
       P("po-rise", "A Member may rise on a point of order or to make a personal explanation at any time, and "
         "shall be heard at once. A point of order shall relate only to an alleged breach of these Standing "
         "Orders or of the law, and the Member shall specify the Standing Order or the law and the way in which "
         "it has been breached."),
       P("po-personal", "A personal explanation shall be confined to some material part of an earlier speech by "
         "the Member - in the present debate - which may appear to have been misunderstood."),
       P("po-ruling", "The ruling of the Chairman on a point of order or on the admissibility of a personal "
         "explanation shall not be open to discussion.")),
    SO("voting", "VOTING",
       P("vote-majority", "Unless these Standing Orders or the law provide otherwise, every question shall be "
         "decided by a majority of the Members present and voting, by a show of hands."),
       P("vote-casting", "If there is an equal number of votes for and against, the Chairman shall have a second "
         "or casting vote."),
       P("vote-recorded", "If before a vote is taken ten Members present at the meeting so demand, the names of "
         "the Members voting for and against the question, and of those abstaining, shall be recorded in the "
         "minutes."),
       P("vote-own", "A Member may, immediately after a vote is taken, require that the way in which that Member "
         "voted be recorded in the minutes.")),
    SO("rescind", "RESCISSION OF A PREVIOUS RESOLUTION",
       P("resc-bar", "No motion to rescind a resolution passed within the preceding six months, and no motion to "
         "the same effect as one which has been rejected within that period, shall be proposed unless—",
         S("resc-notice", "notice of it has been given under Standing Order 12 and signed by at least ten "
           "Members; or"),
         S("resc-committee", "it is recommended by a committee in a report to the Council.")),
       P("resc-again", "When a motion under paragraph (1) of this Standing Order has been disposed of, no similar "
         "motion may be moved within a further period of six months.")),
    SO("disorder", "DISORDERLY CONDUCT",
       P("dis-member", "If in the opinion of the Chairman a Member has persistently disregarded the ruling of the "
         "Chairman, or has behaved improperly or offensively, or has wilfully obstructed business, any Member "
         "may move that the Member named be not further heard, and that motion shall be put and determined "
         "without discussion."),
       P("dis-continue", "If the Member named continues to behave improperly after a motion under paragraph (1) "
         "of this Standing Order has been carried, the Chairman may move that the Member leave the meeting or be "
         "removed from it, or may adjourn the meeting for such period as the Chairman thinks fit."),
       P("dis-public", "If a member of the public interrupts the proceedings, the Chairman shall warn the person "
         "concerned, and if the interruption continues the Chairman may order that person to be removed from "
         "the room.")),
    SO("attendance", "RECORD OF ATTENDANCE",
       P("att-sign", "Every Member attending a meeting of the Council shall sign the attendance book kept for that "
         "purpose before the end of the meeting."),
       P("att-fail", "A Member who fails to sign the attendance book shall be treated as absent, unless the Town "
         "Clerk is satisfied that the Member was present at the meeting.")),
    SO("exclusion", "EXCLUSION OF THE PUBLIC",
       P("ex-resolve", "The Council may by resolution exclude the public from a meeting during any item of "
         "business whenever it is likely that confidential or exempt information would be disclosed if members "
         "of the public were present."),
       P("ex-state", "The resolution shall state, in relation to each item, the description of the exempt "
         "information that gives rise to the exclusion.")),
    SO("committees", "COMMITTEES",
       P("com-appoint", "At its annual meeting the Council shall appoint the Finance Committee, the Planning "
         "Committee, the Licensing Committee and the Standards Committee, and may at any time appoint such other "
         "committees as it thinks fit."),
       P("com-refer", "The Council may refer to a committee any matter within its powers, including a petition "
         "referred under S.O. 9(3)(b) or a deputation received under Standing Order 8, and the committee shall "
         "report on it to the Council."),
       P("com-rules", "Except where these Standing Orders provide otherwise, Standing Orders 14 to 20 apply to "
         "meetings of committees as they apply to meetings of the Council, with any necessary modifications."),
       P("com-preside", "Each committee shall appoint one of its members to preside at its meetings for the year, "
         "and the Member so appointed shall have the powers of the Chairman under these Standing Orders.")),
    SO("suspend", "SUSPENSION AND VARIATION OF STANDING ORDERS",
       P("sus-motion", "Any of these Standing Orders may be suspended at a meeting on a motion without notice, if "
         "at least one half of the whole number of Members are present, but a suspension shall last only for "
         "the duration of the meeting."),
       P("sus-except", "No motion to suspend Standing Order 18(3) or Standing Order 19 shall be moved."),
       P("sus-vary", "A motion to add to, vary or revoke these Standing Orders shall, when proposed and seconded, "
         "stand adjourned without discussion to the next ordinary meeting of the Council.")),
]


# ---------------------------------------------------------------------------- the new version

def field(node):
    return "body" if node["kind"] == "so" else "text"


def retext(tree, key, before, after):
    node = td.find(tree, key)
    td.replace_once(node, field(node), before, after)


def text_slots(node):
    """A node's text: a standing order's body (none without one), a paragraph's or an item's text."""
    return [(node, field(node))] if node.get(field(node)) else []


NEW = copy.deepcopy(OLD)

# substitution first: "Chairman" -> "Chair" everywhere (the units it touches carry no other edit)
TERM = td.Term([("Chairman", "Chair")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, text_slots)

# two standing orders inserted after Standing Order 9: old 10-20 become 12-22
td.insert_after(
    NEW, "petitions",
    SO("filming", "FILMING AND RECORDING OF MEETINGS",
       P("film-allowed", "Any person present at a meeting of the Council may film, photograph or make an audio "
         "recording of the proceedings, other than any part of a meeting from which the public have been "
         "excluded under Standing Order 23."),
       P("film-conduct", "A person recording a meeting shall not disrupt its proceedings, and shall not film or "
         "photograph any member of the public who has asked not to be filmed."),
       P("film-stop", "The Chair may direct that any recording be stopped if, in the opinion of the Chair, it is "
         "disrupting the meeting, and the direction shall be complied with immediately.")),
    SO("remote", "ATTENDANCE BY ELECTRONIC MEANS",
       P("remote-link", "A Member who is unable to attend a meeting in person may, with the consent of the Mayor, "
         "take part in it by video link, but shall not count towards the quorum under Standing Order 4(1) and "
         "shall not vote."),
       P("remote-record", "The Town Clerk shall keep an electronic record of the Members present at each meeting, "
         "whether in person or by video link, and that record shall be conclusive evidence of attendance.")))
# a standing order removed (old 21, with its two paragraphs): old 22-24 become 23-25
td.remove(NEW, "attendance")

# cross-references following the renumbering
retext(NEW, "ob-pubq", "Standing Order 10", "Standing Order 12")
retext(NEW, "ob-memq", "Standing Order 11", "Standing Order 13")
retext(NEW, "ob-motions", "Standing Order 12", "Standing Order 14")
retext(NEW, "mot-notice", "Standing Order 13", "Standing Order 15")
retext(NEW, "wn-amend", "Standing Order 15", "Standing Order 17")
retext(NEW, "wn-adjourn", "S.O. 16(1)", "S.O. 18(1)")
retext(NEW, "wn-exclude", "Standing Order 22", "Standing Order 23")
retext(NEW, "deb-relevance", "Standing Order 17", "Standing Order 19")
retext(NEW, "deb-newmatter", "paragraph (6) of this", "paragraph (7) of this")   # after the split below
retext(NEW, "cl-reply", "Standing Order 14(6)", "Standing Order 16(7)")
retext(NEW, "resc-notice", "Standing Order 12", "Standing Order 14")
retext(NEW, "com-rules", "Standing Orders 14 to 20", "Standing Orders 16 to 22")
retext(NEW, "sus-except", "Standing Order 18(3) or Standing Order 19", "Standing Order 20(3) or Standing Order 21")
# ... and one left stale: 8(3) still says "Standing Order 23(2)" (Committees, now 24(2); 23(2) is now
# the second paragraph of Exclusion of the Public)

# a paragraph split in two: old 14(3) -> new 16(3) and 16(4)
td.split(td.find(NEW, "debate")["children"], td.find(NEW, "deb-second"), "The seconder ", "deb-reserve")

# rewords
retext(NEW, "quorum-size", "one quarter", "one third")
retext(NEW, "pet-size", "at least 250 persons", "at least 500 persons")
retext(NEW, "memq-notice", "third working day", "second working day")
retext(NEW, "mot-notmoved", "it shall be treated as withdrawn and shall not be moved without fresh notice",
       "it shall, unless the Council agrees to postpone it, be treated as withdrawn and may not be moved again "
       "within six months")
retext(NEW, "deb-length", "No speech shall exceed ten minutes", "No speech shall exceed seven minutes")
retext(NEW, "vote-recorded", "taken ten Members", "taken five Members")

# an item added to a list in the text of a paragraph
retext(NEW, "com-appoint", "the Planning Committee, the Licensing",
       "the Planning Committee, the Housing Committee, the Licensing")

# cosmetic: a misspelling corrected, straight quotes made curly, spaced hyphens made en dashes
retext(NEW, "pubq-notice", "recieved", "received")
node = td.find(NEW, "cl-motions")
node["text"] = td.curl_quotes(node["text"])
retext(NEW, "po-personal", "Member - in the present debate - which", "Member \u2013 in the present debate \u2013 which")


# ---------------------------------------------------------------------------- units, layout

ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
LETTERS = "abcdefghijklmn"


def units(tree):
    """The units (dicts, see tree_docs) in document order."""
    out = []
    for si, so in enumerate(tree, 1):
        n = str(si)
        out.append(td.unit(so["key"], "so", n, f"STANDING ORDER {n} {so['dash']}", so["body"] or "", so["title"]))
        for pi, para in enumerate(so["children"], 1):
            pid = f"{n}({pi})"
            out.append(td.unit(para["key"], "para", pid, f"({pi})", para["text"]))
            for ai, sub in enumerate(para["children"]):
                aid = f"{pid}({LETTERS[ai]})"
                out.append(td.unit(sub["key"], "sub", aid, f"({LETTERS[ai]})", sub["text"]))
                for ii, item in enumerate(sub["children"]):
                    iid = f"{aid}({ROMAN[ii]})"
                    out.append(td.unit(item["key"], "item", iid, f"({ROMAN[ii]})", item["text"]))
    return out


# Citations are not broken across lines; where one would open a line, the word before it is kept with it.
CITES = [r"(?:Standing Orders? |S\.O\. )\d+(?:\([0-9a-z]+\))*(?: (?:or|to) (?:Standing Order )?\d+(?:\([0-9a-z]+\))*)?",
         r"(?:sub-)?paragraph \(\d+\)(?:\([a-z]+\))*"]
OPENS_UNIT = r"(\([0-9a-z]+\)|\d+[.)]|STANDING ORDER|Standing Orders? \d|S\.O\.)"


def wrap(text, first, rest):
    # no continuation line may look like the start of a unit
    return td.wrap(text, first, rest, WIDTH, CITES, OPENS_UNIT)


def layout(tree, title):
    out = [title.rstrip("\n"), ""]
    for u in units(tree):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind == "so":
            out += ["", f"{label} {u['title']}"]
            if text:
                out += [""] + wrap(text, "", "")
        elif kind == "para":
            out += [""] + wrap(text, label.ljust(5), " " * 5)
        elif kind == "sub":
            out += [""] + wrap(text, " " * 5 + label.ljust(5), " " * 10)
        else:
            out += [""] + wrap(text, " " * 10 + label.ljust(6), " " * 16)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

# Every planted edit by (old ID, new ID). Renumberings of units with no other edit, and the units the
# substitution touches, are derived from the tree below and checked.
EDITS = [
    {"kind": "substitution", "old": "Chairman", "new": "Chair", "count": 20,
     "note": "'the Chairman' -> 'the Chair' everywhere, once inside the quoted defined term in 1(1)(a); "
             "the inserted Standing Order 10 uses 'the Chair' twice more (not counted)"},
    {"kind": "reword", "old": "4(1)", "new": "4(1)", "note": "quorum one quarter -> one third"},
    {"kind": "xref-update", "old": "5(1)(f)", "new": "5(1)(f)", "note": "Standing Order 10 -> Standing Order 12"},
    {"kind": "xref-update", "old": "5(1)(g)", "new": "5(1)(g)", "note": "Standing Order 11 -> Standing Order 13"},
    {"kind": "xref-update", "old": "5(1)(i)", "new": "5(1)(i)", "note": "Standing Order 12 -> Standing Order 14"},
    {"kind": "stale", "old": "8(3)", "new": "8(3)", "reference": "Standing Order 23(2)", "should_be": "24(2)",
     "note": "Committees moved from 23 to 24; the new 23(2) is a paragraph of Exclusion of the Public"},
    {"kind": "reword", "old": "9(1)", "new": "9(1)", "note": "250 persons -> 500 persons"},
    {"kind": "insert", "old": None, "new": "10"},
    {"kind": "insert", "old": None, "new": "10(1)"},
    {"kind": "insert", "old": None, "new": "10(2)"},
    {"kind": "insert", "old": None, "new": "10(3)"},
    {"kind": "insert", "old": None, "new": "11"},
    {"kind": "insert", "old": None, "new": "11(1)"},
    {"kind": "insert", "old": None, "new": "11(2)"},
    {"kind": "cosmetic", "old": "10(2)", "new": "12(2)", "what": "misspelling 'recieved' corrected"},
    {"kind": "reword", "old": "11(2)(a)(i)", "new": "13(2)(a)(i)", "note": "third working day -> second working day"},
    {"kind": "xref-update", "old": "12(1)", "new": "14(1)", "note": "Standing Order 13 -> Standing Order 15"},
    {"kind": "reword", "old": "12(4)", "new": "14(4)", "note": "treated as withdrawn: 'shall not be moved without "
     "fresh notice' -> 'unless the Council agrees to postpone it ... may not be moved again within six months'"},
    {"kind": "xref-update", "old": "13(1)(f)", "new": "15(1)(f)", "note": "Standing Order 15 -> Standing Order 17"},
    {"kind": "xref-update", "old": "13(1)(g)", "new": "15(1)(g)", "note": "S.O. 16(1) -> S.O. 18(1)"},
    {"kind": "xref-update", "old": "13(1)(h)", "new": "15(1)(h)", "note": "Standing Order 22 -> Standing Order 23"},
    {"kind": "xref-update", "old": "14(2)", "new": "16(2)", "note": "Standing Order 17 -> Standing Order 19"},
    {"kind": "split", "old": "14(3)", "new": ["16(3)", "16(4)"], "note": "its second sentence made a paragraph"},
    {"kind": "reword", "old": "14(4)", "new": "16(5)", "note": "ten minutes -> seven minutes"},
    {"kind": "xref-update", "old": "14(7)", "new": "16(8)", "note": "paragraph (6) of this Standing Order -> "
     "paragraph (7) of this Standing Order (the split)"},
    {"kind": "cosmetic", "old": "16(1)", "new": "18(1)", "what": "straight quotes to curly"},
    {"kind": "xref-update", "old": "16(2)", "new": "18(2)", "note": "Standing Order 14(6) -> Standing Order 16(7)"},
    {"kind": "cosmetic", "old": "17(2)", "new": "19(2)", "what": "spaced hyphens to spaced en dashes"},
    {"kind": "reword", "old": "18(3)", "new": "20(3)", "note": "ten Members -> five Members"},
    {"kind": "xref-update", "old": "19(1)(a)", "new": "21(1)(a)", "note": "Standing Order 12 -> Standing Order 14"},
    {"kind": "remove", "old": "21", "new": None},
    {"kind": "remove", "old": "21(1)", "new": None},
    {"kind": "remove", "old": "21(2)", "new": None},
    {"kind": "list-item", "old": "23(1)", "new": "24(1)", "item": "the Housing Committee"},
    {"kind": "xref-update", "old": "23(3)", "new": "24(3)", "note": "Standing Orders 14 to 20 -> Standing Orders "
     "16 to 22"},
    {"kind": "xref-update", "old": "24(2)", "new": "25(2)", "note": "Standing Order 18(3) or Standing Order 19 -> "
     "Standing Order 20(3) or Standing Order 21"},
]


CITE = re.compile(r"(?:Standing Orders? |S\.O\. )(\d+)((?:\([0-9a-z]+\))*)(?: to (\d+))?"
                  r"|(?:sub-)?paragraph (\(\d+\)(?:\([a-z]+\))*)(?= of this Standing Order|\b)")


def resolve(m, u, us):
    if m.group(1):
        if m.group(3):   # a range: both ends
            return [m.group(1), m.group(3)]
        return [m.group(1) + m.group(2)]
    return [u["id"].split("(")[0] + m.group(4)]


def citations(us):
    """{unit key: [cited unit key, ...]} for every citation in the units' texts, resolved in that version."""
    return td.citations(us, CITE, resolve)


# 8(3) cites Committees (23(2), now 24(2)) in the old version and Exclusion of the Public (the new 23(2))
STALE = ("dep-refer", ["com-refer"], ["ex-state"])


def check(uo, un):
    """Derive the renumberings and the substitution's units; assert that every unit that differs is
    accounted for by exactly one edit (plus renumbering, for the substitution's units), and that every
    citation names the same unit in both versions but the stale one."""
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT)
    td.check_citations(citations(uo), citations(un), STALE)
    return derived, sub_units


KIND = ("city council standing orders ('STANDING ORDER 12 – QUESTIONS BY THE PUBLIC' / '(1)' / '(a)' / "
        "'(i)', some orders a single unnumbered paragraph (the order's unit, with its title); cited "
        "'Standing Order 14(6)', 'S.O. 16(1)', 'Standing Orders 14 to 20', 'paragraph (1) of this "
        "Standing Order', 'sub-paragraph (1)(a)'; hard-wrapped at 74 columns with hanging indents under "
        "a centred title block, no contents list)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un)
    texts = {"old": layout(OLD, TITLE_OLD), "new": layout(NEW, TITLE_NEW)}
    truth = td.write(OUT, "standing-orders", KIND, texts, uo, un, EDITS, derived, sub_units)
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", len(EDITS),
          "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in", len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
