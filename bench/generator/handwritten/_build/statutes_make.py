"""Write association-statutes/old.txt, new.txt and truth.json (hand-written statutes of a Swiss sports
association, in English as such statutes are translated).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/statutes_make.py

Statutes of a Swiss national federation, laid out as the English translation of a Swiss association's
statutes: chapters 'I. NAME, SEAT AND PURPOSE' (roman numeral with a title), articles 'Art. 12 Organs'
numbered through the whole document (not per chapter), paragraphs numbered by a bare number at the start
of the line ('1 The Association ...', no period or bracket), items 'a)'. An article of a single paragraph
has no paragraph number (the article's own unit, with its title, holds the text); one such article opens
a list of items directly ('Art. 12 let. c', ID 12(c)). Cited 'Art. 15 para. 1 let. h', 'Art. 14 para. 3',
'in accordance with Art. 25', 'under paragraph 3 above', 'under paragraph 1' (relative to the article it
stands in); two citations of another act ('Art. 60 et seq. of the Swiss Civil Code', 'Art. 69b of the
Swiss Civil Code') cite no unit. Hard-wrapped at 76 columns, paragraphs with a hanging indent of two and
items of five, no blank line between the paragraphs of an article, under a centred title block with the
dates of adoption; after the last article a closing block (the adoption and entry into force, place and
date, two signatures), which is no unit.

As standing_orders_make.py: the document is held as a tree of nodes with stable keys, numbers computed
from position; the planted edits (EDITS) are written by hand, the renumberings and the substitution's
units derived from the tree, and tree_docs.check / check_citations assert that every unit that differs
is accounted for by one edit and that every citation names the same unit in both versions (but the
stale one).
"""
import copy
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
sys.path.insert(0, ".")
import tree_docs as td  # noqa: E402
from tree_docs import item as I, para as P  # noqa: E402
from bench.generator.score import norm_id  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "association-statutes"
WIDTH = 76


def CH(key, title, *children):
    return {"key": key, "kind": "ch", "title": title, "children": list(children)}


def ART(key, title, *children, body=None):
    """An article: numbered paragraphs as children, or a `body` (a single unnumbered paragraph), which may
    be followed by items."""
    return {"key": key, "kind": "art", "title": title, "body": body, "children": list(children)}


# ---------------------------------------------------------------------------- title and closing blocks

TITLE_LINES = [
    "STATUTES",
    "",
    "of the",
    "",
    "SWISS OPEN WATER SWIMMING ASSOCIATION",
    "(Schweizerischer Freiwasserschwimm-Verband, SFSV)",
    "",
    "Adopted by the Founding Assembly on 14 March 2009",
    "Revised in full by the General Assembly on 23 April 2016",
]
TITLE_NOTE = ["", "English translation. In case of discrepancies, the German text prevails."]
TITLE_OLD = td.centre_text(TITLE_LINES + TITLE_NOTE, WIDTH)
TITLE_NEW = td.centre_text(TITLE_LINES + ["Amended by the General Assembly on 26 April 2025"] + TITLE_NOTE, WIDTH)

CLOSING_OLD = ("These Statutes were adopted by the General Assembly of 23 April 2016 in Olten. They replace "
               "the Statutes of 14 March 2009 and enter into force on 1 July 2016.")
CLOSING_NEW = CLOSING_OLD + (" They were amended by the General Assembly of 26 April 2025 in Biel/Bienne; "
                             "the amendments enter into force on 1 July 2025.")
SIGN_OLD = ("Olten, 23 April 2016", "Andrea Bühlmann", "Marc-Olivier Favre")
SIGN_NEW = ("Biel/Bienne, 26 April 2025", "Corinne Wyss", "Marc-Olivier Favre")


# ---------------------------------------------------------------------------- the old version

OLD = [
    CH("ch-name", "NAME, SEAT AND PURPOSE",
       ART("name", "Name and seat",
           P("name-name", "Under the name \"Schweizerischer Freiwasserschwimm-Verband (SFSV)\", in English \"Swiss "
             "Open Water Swimming Association\" (hereinafter \"the Association\"), there exists an association "
             "within the meaning of Art. 60 et seq. of the Swiss Civil Code."),
           P("name-seat", "The seat of the Association is at the place of its office, which is determined by the "
             "Executive Board."),
           P("name-neutral", "The Association is politically and denominationally neutral. It is a member of "
             "Swiss Olympic and of the international federation responsible for open water swimming.")),
       ART("purpose", "Purpose",
           P("pur-list", "The Association promotes open water swimming in Switzerland as a competitive, "
             "recreational and health sport. In particular, it:",
             I("pur-represent", "represents the interests of its members towards public authorities, Swiss "
               "Olympic and the international federations;"),
             I("pur-champs", "organises the Swiss open water championships and approves other competitions in "
               "accordance with its competition rules;"),
             I("pur-train", "trains and licenses referees, coaches and safety personnel;"),
             I("pur-youth", "promotes young swimmers and popular sport;"),
             I("pur-fair", "advocates clean sport, fair play and respect for the natural environment of lakes "
               "and rivers.")),
           P("pur-nonprofit", "The Association does not pursue any commercial purpose and does not seek to make "
             "a profit.")),
       ART("ethics", "Ethics and doping",
           P("eth-bound", "In pursuit of the purpose set out in Art. 2 para. 1 let. e, the Association, its "
             "members and their athletes, coaches and officials are bound by the Ethics Charter and the Doping "
             "Statute of Swiss Olympic."),
           P("eth-judge", "Violations of the Doping Statute are judged exclusively by the bodies designated in "
             "that Statute. The Association recognises their decisions."))),
    CH("ch-members", "MEMBERSHIP",
       ART("categories", "Categories of members",
           P("cat-list", "The Association has the following categories of members:",
             I("cat-active", "active members (clubs);"),
             I("cat-indiv", "individual members;"),
             I("cat-honour", "honorary members;"),
             I("cat-support", "supporting members.")),
           P("cat-vote", "The voting rights of the members at the General Assembly are governed by Art. 13.")),
       ART("active", "Active members",
           P("act-who", "Any club with legal personality under Swiss law which practises open water swimming, "
             "or has a section devoted to it, may become an active member."),
           P("act-statutes", "Active members shall ensure that their statutes do not conflict with these "
             "Statutes, and shall notify the office of any amendment to their statutes within 60 days.")),
       ART("individual", "Individual and supporting members",
           body="Natural persons who do not belong to a member club may be admitted as individual members. "
           "Natural and legal persons who wish to support the Association financially may be admitted as "
           "supporting members; they have no voting rights."),
       ART("honorary", "Honorary members",
           body="The General Assembly may, on a proposal from the Executive Board, appoint as honorary members "
           "persons who have rendered outstanding services to open water swimming or to the Association. "
           "Honorary members are exempt from membership fees."),
       ART("admission", "Admission",
           P("adm-apply", "Applications for admission shall be submitted in writing to the office. Clubs shall "
             "enclose their statutes and a list of their board members."),
           P("adm-decide", "The Executive Board decides on admission. It may refuse an application without "
             "stating its reasons."),
           P("adm-appeal", "An applicant whose application has been refused may appeal to the General Assembly "
             "within 30 days. The General Assembly decides finally under Art. 15 para. 1 let. h.")),
       ART("termination", "Termination of membership",
           P("ter-list", "Membership ends:",
             I("ter-resign", "by resignation;"),
             I("ter-exclude", "by exclusion under Art. 10;"),
             I("ter-dissolve", "in the case of clubs, by their dissolution or merger, and in the case of natural "
               "persons, by death.")),
           P("ter-notice", "Resignation is possible at the end of a calendar year, subject to six months' "
             "notice. It shall be declared by registered letter to the office."),
           P("ter-assets", "Outgoing members have no claim on the assets of the Association. The membership fee "
             "for the current year remains due in full.")),
       ART("exclusion", "Exclusion",
           P("exc-grounds", "A member may be excluded by the Executive Board for good cause, in particular if "
             "it:",
             I("exc-breach", "seriously or repeatedly breaches these Statutes, the regulations or the decisions "
               "of the organs of the Association;"),
             I("exc-fees", "fails to pay its membership fee despite two written reminders;"),
             I("exc-harm", "damages the reputation or the interests of the Association.")),
           P("exc-heard", "The member concerned shall be given an opportunity to state its case before the "
             "decision is taken."),
           P("exc-appeal", "A member excluded under paragraph 1 may appeal to the General Assembly within 30 "
             "days of notification of the decision. The appeal has no suspensive effect.")),
       ART("rights", "Rights and obligations of members",
           P("rig-use", "Members are entitled to take part in the activities of the Association and to use its "
             "services under the conditions laid down by the Executive Board."),
           P("rig-comply", "Members shall comply with the Statutes, the regulations and the decisions of the "
             "organs of the Association, and shall pay the membership fees fixed in accordance with Art. 25."),
           P("rig-list", "By 31 January of each year, active members shall notify the Secretary General of the "
             "number of their members holding a competition licence."))),
    CH("ch-organs", "ORGANISATION",
       ART("organs", "Organs",
           I("org-ga", "the General Assembly;"),
           I("org-board", "the Executive Board;"),
           I("org-disc", "the Disciplinary Committee;"),
           I("org-audit", "the Auditors."),
           body="The organs of the Association are:"),
       ART("composition", "General Assembly: composition and voting rights",
           P("com-supreme", "The General Assembly is the supreme organ of the Association. It consists of the "
             "delegates of the active members and of the individual and honorary members."),
           P("com-votes", "Each active member has one vote for every 50 licensed members or part thereof, but "
             "not more than five votes. Individual and honorary members have one vote each."),
           P("com-advisory", "The members of the Executive Board and the Secretary General take part in the "
             "General Assembly in an advisory capacity.")),
       ART("convening", "General Assembly: convening",
           P("conv-ordinary", "The ordinary General Assembly is held once a year, within the first five months "
             "of the financial year."),
           P("conv-extra", "An extraordinary General Assembly is convened by the Executive Board as required, "
             "or if members representing at least one fifth of the votes so request in writing, stating the "
             "items of business. It shall be held within three months of receipt of the request."),
           P("conv-invite", "The invitation, with the agenda and the proposals of the Executive Board, shall be "
             "sent to the members at least 30 days before the General Assembly. Notice by e-mail is "
             "sufficient."),
           P("conv-proposals", "Proposals by members shall reach the office by 31 January. Proposals received "
             "after that date, or too late to be included in the invitation under paragraph 3 above, may be "
             "dealt with only at the next General Assembly.")),
       ART("powers", "General Assembly: powers",
           P("pow-list", "The General Assembly has the following powers:",
             I("pow-minutes", "approval of the minutes of the previous General Assembly;"),
             I("pow-accounts", "approval of the annual report and the annual accounts, after hearing the report "
               "of the Auditors;"),
             I("pow-discharge", "discharge of the Executive Board;"),
             I("pow-elect", "election of the President, the other members of the Executive Board, the members "
               "of the Disciplinary Committee and the Auditors;"),
             I("pow-fees", "fixing of the membership fees in accordance with Art. 25;"),
             I("pow-budget", "approval of the budget;"),
             I("pow-statutes", "amendment of the Statutes;"),
             I("pow-appeals", "decisions on appeals under Art. 8 para. 3 and Art. 10 para. 3;"),
             I("pow-honour", "appointment of honorary members;"),
             I("pow-dissolve", "dissolution of the Association.")),
           P("pow-other", "It decides on all other matters reserved to it by law or by these Statutes, and on "
             "matters submitted to it by the Executive Board.")),
       ART("decisions", "General Assembly: decisions and elections",
           P("dec-quorum", "A duly convened General Assembly has a quorum regardless of the number of votes "
             "represented."),
           P("dec-majority", "Decisions are taken by a simple majority of the votes cast. Abstentions and "
             "invalid votes are not counted. In the event of a tie, the President has the casting vote."),
           P("dec-elect", "In elections, an absolute majority of the votes cast is required in the first ballot "
             "and a relative majority in the second."),
           P("dec-statutes", "Amendments of the Statutes require a majority of two thirds of the votes cast; "
             "the dissolution of the Association is governed by Art. 29."),
           P("dec-agenda", "Decisions may be taken only on items of business announced in accordance with "
             "Art. 14 para. 3.")),
       ART("board", "Executive Board: composition",
           P("brd-size", "The Executive Board consists of five to seven members, including the President. Apart "
             "from the President, it constitutes itself."),
           P("brd-elect", "The members of the Executive Board are elected by the General Assembly in accordance "
             "with Art. 15 para. 1 let. d."),
           P("brd-term", "The term of office is two years. Members may be re-elected three times."),
           P("brd-vacancy", "If a member leaves office during the term, the Executive Board may co-opt a "
             "replacement until the next General Assembly.")),
       ART("board-powers", "Executive Board: powers",
           P("bp-general", "The Executive Board manages the Association and represents it externally. It has "
             "all powers that are not assigned to another organ by law or by these Statutes."),
           P("bp-tasks", "Its tasks include in particular:",
             I("bp-prepare", "preparing and convening the General Assembly and implementing its decisions;"),
             I("bp-regs", "issuing the regulations of the Association, in particular the competition rules;"),
             I("bp-secgen", "appointing and supervising the Secretary General;"),
             I("bp-commissions", "appointing commissions and working groups and defining their tasks.")),
           P("bp-meetings", "The Executive Board meets at the invitation of the President as often as business "
             "requires, but at least four times a year. Any two of its members may request a meeting."),
           P("bp-decisions", "It has a quorum when the majority of its members are present. Decisions may also "
             "be taken by circular resolution, including by e-mail, unless a member requests oral deliberation; "
             "Art. 16 para. 2 applies by analogy.")),
       ART("signature", "Signing authority",
           body="The Association is bound by the joint signature of the President or the Vice-President with "
           "another member of the Executive Board or with the Secretary General."),
       ART("office", "Office",
           P("off-head", "The Executive Board appoints a Secretary General, who heads the office of the "
             "Association."),
           P("off-tasks", "The Secretary General conducts the day-to-day business, keeps the register of "
             "members and attends the meetings of the Executive Board in an advisory capacity."),
           P("off-regs", "The duties and powers of the office are laid down in organisational regulations "
             "issued by the Executive Board.")),
       ART("disciplinary", "Disciplinary Committee",
           P("dc-composition", "The Disciplinary Committee consists of a chairperson and two to four other "
             "members, none of whom may belong to any other organ of the Association."),
           P("dc-powers", "It judges breaches of these Statutes, the regulations and the competition rules, with "
             "the exception of doping offences under Art. 3 para. 2."),
           P("dc-procedure", "Its procedure is governed by the disciplinary regulations issued by the Executive "
             "Board.")),
       ART("sanctions", "Sanctions",
           P("san-list", "The Disciplinary Committee may impose a reprimand, a fine of up to CHF 5'000, a "
             "suspension from competitions for up to two years, or disqualification."),
           P("san-exclusion", "Exclusion from the Association may be pronounced only by the Executive Board "
             "under Art. 10.")),
       ART("auditors", "Auditors",
           P("aud-elect", "The General Assembly elects two auditors or a recognised audit firm for a term of "
             "one year. They may be re-elected."),
           P("aud-report", "The Auditors examine the annual accounts and report to the General Assembly in "
             "writing before it decides under Art. 15 para. 1 let. b."),
           P("aud-ordinary", "If the statutory conditions for an ordinary audit are met, the accounts shall be "
             "audited by a licensed audit firm in accordance with Art. 69b of the Swiss Civil Code."))),
    CH("ch-finances", "FINANCES",
       ART("resources", "Resources",
           body="The Association finances its activities through membership fees, licence and entry fees, "
           "contributions from Swiss Olympic and from public bodies, sponsorship income, donations and legacies. "
           "Its financial year is the calendar year."),
       ART("fees", "Membership fees",
           P("fee-fix", "The membership fees are fixed each year by the General Assembly for each category of "
             "member, on a proposal from the Executive Board."),
           P("fee-basis", "The fee of an active member is calculated according to the number of its licensed "
             "members on 31 December of the previous year."),
           P("fee-cap", "The annual fee may not exceed CHF 40 per licensed member of an active member or "
             "CHF 150 per individual member.")),
       ART("liability", "Liability",
           body="The Association is liable for its obligations with its assets alone. Any personal liability of "
           "the members is excluded."),
       ART("compensation", "Compensation",
           P("cmp-voluntary", "The members of the organs work on a voluntary basis. They are entitled to "
             "reimbursment of their actual expenses."),
           P("cmp-special", "For special services, the Executive Board may grant appropriate compensation within "
             "the limits of the budget."))),
    CH("ch-final", "FINAL PROVISIONS",
       ART("disputes", "Disputes",
           P("dsp-conciliation", "Disputes between the Association and its members, or between members, arising "
             "from these Statutes or the regulations shall first be submitted to the Executive Board for "
             "conciliation."),
           P("dsp-appeal", "Decisions of the Disciplinary Committee under Art. 21 may be appealed within 21 days "
             "to an independent arbitral tribunal, to the exclusion of the ordinary courts.")),
       ART("dissolution", "Dissolution",
           P("dis-vote", "The dissolution of the Association may be decided only by a General Assembly convened "
             "for that purpose, with a majority of three quarters of the votes represented."),
           P("dis-assets", "Any assets remaining after dissolution shall be transferred to a tax-exempt "
             "organisation domiciled in Switzerland that pursues the same or a similar purpose. Distribution "
             "among the members is excluded.")),
       ART("language", "Language",
           body="The official languages of the Association are German and French. In case of doubt, the German "
           "version of these Statutes and of the regulations prevails."),
       ART("transitional", "Transitional provisions",
           P("tra-terms", "The terms of office of the members of the organs in office when these Statutes enter "
             "into force run until the ordinary General Assembly of 2018."),
           P("tra-regs", "Regulations issued under the former statutes remain in force until they are replaced, "
             "insofar as they do not conflict with these Statutes."))),
]


# ---------------------------------------------------------------------------- the new version

def field(node):
    return "body" if node["kind"] == "art" else "text"


def retext(tree, key, before, after):
    node = td.find(tree, key)
    td.replace_once(node, field(node), before, after)


def text_slots(node):
    """A node's text: an article's body (none without one), a paragraph's or an item's text."""
    if node["kind"] == "ch":
        return []
    return [(node, field(node))] if node.get(field(node)) else []


NEW = copy.deepcopy(OLD)

# substitution first: "Secretary General" -> "Managing Director" everywhere (the units it touches carry
# no other edit)
TERM = td.Term([("Secretary General", "Managing Director")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, text_slots)

# an item inserted in the middle of a list: old 2(1)(e) becomes 2(1)(f)
td.insert_after(td.find(NEW, "pur-list")["children"], "pur-youth",
                I("pur-safety", "promotes water safety and the prevention of drowning accidents;"))
retext(NEW, "eth-bound", "Art. 2 para. 1 let. e", "Art. 2 para. 1 let. f")

# a paragraph split: old 8(2) -> 8(2) and 8(3); old 8(3) becomes 8(4)
td.split(td.find(NEW, "admission")["children"], td.find(NEW, "adm-decide"), "It may refuse", "adm-refuse")

# a paragraph inserted in Art. 14: old 14(3), 14(4) become 14(4), 14(5)
td.insert_after(td.find(NEW, "convening")["children"], "conv-extra",
                P("conv-date", "The Executive Board fixes the date and place of the ordinary General Assembly and "
                  "announces them to the members at least three months in advance."))
retext(NEW, "conv-proposals", "under paragraph 3 above", "under paragraph 4 above")
retext(NEW, "dec-agenda", "Art. 14 para. 3", "Art. 14 para. 4")

# an article inserted after Art. 14: old 15-21 become 16-22
td.insert_after(
    td.find(NEW, "ch-organs")["children"], "convening",
    ART("remote", "General Assembly: written or electronic procedure",
        P("rem-decide", "In exceptional circumstances, the Executive Board may decide that the General Assembly "
          "is held by electronic means without a physical venue, or that the members cast their votes in "
          "writing."),
        P("rem-limits", "The time limits of Art. 14 apply accordingly. The Executive Board ensures that the "
          "identity of the participants is established and that every member can state its opinion before "
          "the vote."),
        P("rem-quorum", "A decision taken in writing is valid only if members representing at least one half "
          "of the votes have taken part; the majorities required are governed by Art. 17.")))
# an article removed (old Art. 22 Sanctions, with its two paragraphs): old 23-31 keep their numbers
td.remove(td.find(NEW, "ch-organs")["children"], "sanctions")

# cross-references following the renumbering
retext(NEW, "adm-appeal", "Art. 15 para. 1 let. h", "Art. 16 para. 1 let. h")
retext(NEW, "pow-appeals", "Art. 8 para. 3", "Art. 8 para. 4")   # the split
retext(NEW, "brd-elect", "Art. 15 para. 1 let. d", "Art. 16 para. 1 let. d")
retext(NEW, "aud-report", "Art. 15 para. 1 let. b", "Art. 16 para. 1 let. b")
retext(NEW, "dsp-appeal", "Art. 21", "Art. 22")
# ... and one left stale: 18(4), now 19(4), still says "Art. 16 para. 2" (decisions by a simple majority,
# now Art. 17 para. 2; the new Art. 16 para. 2 is the General Assembly's residual powers)

# rewords
retext(NEW, "ter-notice", "six months' notice", "three months' notice")
retext(NEW, "com-votes", "one vote for every 50 licensed members or part thereof, but not more than five votes",
       "one vote for every 25 licensed members or part thereof, but not more than eight votes")
retext(NEW, "brd-term", "The term of office is two years. Members may be re-elected three times.",
       "The term of office is four years. Members may be re-elected once.")
retext(NEW, "dc-procedure", "Its procedure is governed by the disciplinary regulations issued by the Executive "
       "Board.", "Its procedure and the sanctions it may impose are laid down in disciplinary regulations, which "
       "require the approval of the General Assembly.")
retext(NEW, "fee-cap", "CHF 40 per licensed member of an active member or CHF 150",
       "CHF 60 per licensed member of an active member or CHF 200")
retext(NEW, "dis-assets", "similar purpose. Distribution", "similar purpose. If there is no such organisation, "
       "the assets shall be held in trust by Swiss Olympic for ten years. Distribution")

# an item added to a list in the text of an article
retext(NEW, "language", "are German and French.", "are German, French and Italian.")

# cosmetic: straight quotes made curly, "e-mail" spelt "email", a misspelling corrected
node = td.find(NEW, "name-name")
node["text"] = td.curl_quotes(node["text"])
retext(NEW, "conv-invite", "e-mail", "email")
retext(NEW, "cmp-voluntary", "reimbursment", "reimbursement")


# ---------------------------------------------------------------------------- units, layout

LETTERS = "abcdefghijklmnopq"
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]


def units(tree):
    """The units (dicts, see tree_docs) in document order."""
    out = []
    n = 0
    for ci, ch in enumerate(tree):
        out.append(td.unit(ch["key"], "ch", ROMAN[ci], f"{ROMAN[ci]}.", "", ch["title"]))
        for art in ch["children"]:
            n += 1
            a = str(n)
            out.append(td.unit(art["key"], "art", a, f"Art. {a}", art["body"] or "", art["title"]))
            paras = [c for c in art["children"] if c["kind"] == "para"]
            items = [c for c in art["children"] if c["kind"] == "item"]
            assert not (paras and items) and not (paras and art["body"]) and not (items and not art["body"])
            for li, it in enumerate(items):
                out.append(td.unit(it["key"], "item", f"{a}({LETTERS[li]})", f"{LETTERS[li]})", it["text"]))
            for pi, para in enumerate(paras, 1):
                assert pi < 10
                pid = f"{a}({pi})"
                out.append(td.unit(para["key"], "para", pid, str(pi), para["text"]))
                for li, it in enumerate(para["children"]):
                    out.append(td.unit(it["key"], "item", f"{pid}({LETTERS[li]})", f"{LETTERS[li]})", it["text"]))
    return out


# Citations and numbers are not broken across lines; where one would open a line (and look like the start
# of a paragraph, an item, a chapter or an article), the word before it is kept with it.
GLUE = [r"Art\. \d+[a-z]?(?: para\. \d+)?(?: let\. [a-z]\b)?", r"paragraph \d+", r"CHF \d[\d']*",
        r"\d{1,2} [A-Z][a-z]+ \d{4}", r"\d[\d']*"]
OPENS_UNIT = r"(\d+ |[a-z]\) |[IVX]+\. |Art\. \d)"


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, GLUE, OPENS_UNIT)


def layout(tree, title, closing, signature):
    """The text of a version; asserts that no line opens like a unit (a number, 'a)', 'IV.', 'Art. 3') but a
    unit's first line."""
    out = [title.rstrip("\n"), ""]
    starts = set()
    for u in units(tree):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind == "ch":
            out += ["", ""]
            starts.add(len(out))
            out += [f"{label} {u['title']}"]
        elif kind == "art":
            out += [""]
            starts.add(len(out))
            out += [f"{label} {u['title']}"]
            if text:
                out += wrap(text, "", "")
        elif kind == "para":
            starts.add(len(out))
            out += wrap(text, f"{label} ", "  ")
        else:
            starts.add(len(out))
            out += wrap(text, f"  {label} ", "     ")
    place, president, vice = signature
    out += ["", "", ""] + wrap(closing, "", "") + ["", place, "", "For the Swiss Open Water Swimming Association",
                                                 "", "The President:".ljust(38) + "The Vice-President:",
                                                 president.ljust(38) + vice]
    for i, line in enumerate(out):
        if re.match(OPENS_UNIT, line.strip()):
            assert i in starts, line
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

# Every planted edit by (old ID, new ID). Renumberings of units with no other edit, and the units the
# substitution touches, are derived from the tree below and checked.
EDITS = [
    {"kind": "substitution", "old": "Secretary General", "new": "Managing Director", "count": 6,
     "note": "the head of the office renamed in all six places (6 units); never in a title"},
    {"kind": "cosmetic", "old": "1(1)", "new": "1(1)", "what": "straight quotes to curly"},
    {"kind": "insert", "old": None, "new": "2(1)(e)", "note": "an item inserted in the middle of the list"},
    {"kind": "xref-update", "old": "3(1)", "new": "3(1)", "note": "Art. 2 para. 1 let. e -> let. f (the item "
     "inserted before it)"},
    {"kind": "split", "old": "8(2)", "new": ["8(2)", "8(3)"], "note": "its second sentence made a paragraph"},
    {"kind": "xref-update", "old": "8(3)", "new": "8(4)", "note": "Art. 15 para. 1 let. h -> Art. 16 para. 1 "
     "let. h"},
    {"kind": "reword", "old": "9(2)", "new": "9(2)", "note": "six months' notice -> three months' notice"},
    {"kind": "reword", "old": "13(2)", "new": "13(2)", "note": "one vote per 50 licensed members, at most five "
     "-> one per 25, at most eight"},
    {"kind": "insert", "old": None, "new": "14(3)", "note": "a paragraph inserted; 14(3), 14(4) become 14(4), "
     "14(5)"},
    {"kind": "cosmetic", "old": "14(3)", "new": "14(4)", "what": "'e-mail' spelt 'email'"},
    {"kind": "xref-update", "old": "14(4)", "new": "14(5)", "note": "'under paragraph 3 above' -> 'under "
     "paragraph 4 above' (relative to the article)"},
    {"kind": "insert", "old": None, "new": "15"},
    {"kind": "insert", "old": None, "new": "15(1)"},
    {"kind": "insert", "old": None, "new": "15(2)"},
    {"kind": "insert", "old": None, "new": "15(3)"},
    {"kind": "xref-update", "old": "15(1)(h)", "new": "16(1)(h)", "note": "Art. 8 para. 3 -> Art. 8 para. 4 "
     "(the split); Art. 10 para. 3 unchanged"},
    {"kind": "xref-update", "old": "16(5)", "new": "17(5)", "note": "Art. 14 para. 3 -> Art. 14 para. 4 (the "
     "paragraph inserted)"},
    {"kind": "xref-update", "old": "17(2)", "new": "18(2)", "note": "Art. 15 para. 1 let. d -> Art. 16 para. 1 "
     "let. d"},
    {"kind": "reword", "old": "17(3)", "new": "18(3)", "note": "term of two years, re-electable three times -> "
     "four years, re-electable once"},
    {"kind": "stale", "old": "18(4)", "new": "19(4)", "reference": "Art. 16 para. 2", "should_be": "17(2)",
     "note": "decisions by a simple majority moved from Art. 16 para. 2 to Art. 17 para. 2; the new Art. 16 "
             "para. 2 is the General Assembly's residual powers"},
    {"kind": "reword", "old": "21(3)", "new": "22(3)", "note": "procedure 'governed by the disciplinary "
     "regulations issued by the Executive Board' -> procedure and sanctions 'laid down in disciplinary "
     "regulations, which require the approval of the General Assembly' (Art. 22 Sanctions removed)"},
    {"kind": "remove", "old": "22", "new": None},
    {"kind": "remove", "old": "22(1)", "new": None},
    {"kind": "remove", "old": "22(2)", "new": None},
    {"kind": "xref-update", "old": "23(2)", "new": "23(2)", "note": "Art. 15 para. 1 let. b -> Art. 16 para. 1 "
     "let. b"},
    {"kind": "reword", "old": "25(3)", "new": "25(3)", "note": "caps CHF 40 / CHF 150 -> CHF 60 / CHF 200"},
    {"kind": "cosmetic", "old": "27(1)", "new": "27(1)", "what": "misspelling 'reimbursment' corrected"},
    {"kind": "xref-update", "old": "28(2)", "new": "28(2)", "note": "Art. 21 -> Art. 22"},
    {"kind": "reword", "old": "29(2)", "new": "29(2)", "note": "a sentence added: assets held in trust by Swiss "
     "Olympic for ten years if there is no such organisation"},
    {"kind": "list-item", "old": "30", "new": "30", "item": "Italian",
     "note": "'German and French' -> 'German, French and Italian' in the article's single paragraph"},
]


CITE = re.compile(r"Art\. (\d+[a-z]?)\b(?: para\. (\d+))?(?: let\. ([a-z])\b)?|paragraph (\d+)")
CITE_WORDS = re.compile(r"\bArt\.|\bpara\.|\blet\.|\bparagraph\b")
OTHER_ACT = (" et seq. of the Swiss Civil Code", " of the Swiss Civil Code")


def resolve(m, u, us):
    if m.group(4):   # 'paragraph 3': of the article it stands in
        return [u["id"].split("(")[0] + f"({m.group(4)})"]
    if u["text"][m.end():].startswith(OTHER_ACT):
        return []   # an article of the Civil Code
    ident = m.group(1)
    if m.group(2):
        ident += f"({m.group(2)})"
    if m.group(3):
        ident += f"({m.group(3)})"
    return [ident]


def citations(us):
    return td.citations(us, CITE, resolve, CITE_WORDS)


# 18(4), now 19(4), cites the simple majority (16(2), now 17(2)) in the old version and the General
# Assembly's residual powers (the new 16(2)) in the new
STALE = ("bp-decisions", ["dec-majority"], ["pow-other"])


def check(uo, un):
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT, norm=norm_id)
    td.check_citations(citations(uo), citations(un), STALE, new_resolve=True)
    return derived, sub_units


def check_layout(text, us):
    """Every unit's text is in the file, its lines joined."""
    flat = re.sub(r"\s+", " ", text)
    for u in us:
        assert u["text"] in flat, u["id"]


KIND = ("statutes of a Swiss sports association in English translation ('I. NAME, SEAT AND PURPOSE' "
        "chapters, 'Art. 12 Organs' numbered through the document, paragraphs by a bare number at the line "
        "start ('1 The Association ...'), items 'a)'; single-paragraph articles unnumbered (the article's "
        "unit), one opening a list directly (ID 12(a)); cited 'Art. 15 para. 1 let. h', 'Art. 14 para. 3', "
        "'under paragraph 3 above', and 'Art. 60 et seq. of the Swiss Civil Code' (another act); "
        "hard-wrapped at 76 columns with hanging indents under a centred title block, a closing block with "
        "the adoption, place, date and signatures after the last article)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un)
    texts = {"old": layout(OLD, TITLE_OLD, CLOSING_OLD, SIGN_OLD), "new": layout(NEW, TITLE_NEW, CLOSING_NEW, SIGN_NEW)}
    check_layout(texts["old"], uo)
    check_layout(texts["new"], un)
    truth = td.write(OUT, "association-statutes", KIND, texts, uo, un, EDITS, derived, sub_units)
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", len(EDITS),
          "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in", len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
