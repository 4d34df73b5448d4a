"""Write religious-order-code/old.txt, new.txt and truth.json (hand-written constitutions of a religious
institute, numbered in the style of canon law).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/order_code_make.py

The constitutions of an invented congregation of sisters: a centred title block and a decree of
promulgation (no unit) before 'PART I – THE INSTITUTE AND ITS MEMBERS' and 'TITLE II – ADMISSION AND
FORMATION' headings (Roman numerals, centred; the titles numbered afresh in each part), then canons
numbered through the whole document. A canon is either one paragraph of text ('Can. 5 The
motherhouse ...') or divided into paragraphs, the first on the canon's own line ('Can. 10 §1. The
novitiate ...', then '§2. ...' at the line start); a paragraph, or a canon of one paragraph, may end
in numbered items '1°', '2°' indented under it. No blank line inside a canon; continuation lines
flush left (items: a hanging indent). Hard-wrapped at 74 columns.

Cited 'can. 50', 'can. 10 §3', 'can. 8 §1, 4°', 'can. 30, 2°', 'cann. 41-47', 'the preceding canon',
'§1 of this canon', '§2, 3° of this canon'; 'cann. 694-704 of the Code of Canon Law' cites another
law and is no reference to the document.

IDs: a canon is its number ('12'), a paragraph the canon and its paragraph ('12 §2'), an item the
paragraph and its number ('12 §2, 3°'), an item of a canon of one paragraph the canon and the number
('32, 2°'); a part 'Part I', a title 'Part I, Title II' (titles restart in each part, and the scorer
reads both as number tokens: 'i', 'i ii'). Labels as printed: 'PART I –', 'TITLE II –', 'Can. 12',
'§2.', '3°'. A canon divided into paragraphs is a heading unit with no text (its '§1.' unit starts on
the same line); a canon of one paragraph is a rule whose text is that paragraph (with the lead-in of
its items, if any). Parts and titles are heading units with their title.

The document is held as a tree of nodes with stable keys; canon, paragraph and item numbers are
computed from position, so renumbering follows from the structural edits. The planted edits (EDITS)
are written by hand below; the renumberings that follow from them, and the units of the
substitution, are derived from the tree (tree_docs.check), which asserts that every unit that
differs is accounted for by exactly one edit (plus renumbering), and that every citation of the new
version names the unit it named in the old one, the one stale reference aside.
"""
import copy
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
import tree_docs as td  # noqa: E402
from tree_docs import item as I, para as P  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "religious-order-code"
WIDTH = 74


TITLE_LINES = [
    "CONSTITUTIONS",
    "",
    "of the",
    "",
    "CONGREGATION OF THE SISTERS OF THE STILL WATER",
    "",
]
TITLE_OLD = td.centre_text(TITLE_LINES + ["Text approved by the Holy See, 8 December 2018"], WIDTH)
TITLE_NEW = td.centre_text(TITLE_LINES + ["Text approved by the Holy See, 8 December 2018",
                                          "as amended by the Twelfth General Chapter (2024)",
                                          "and approved, 11 March 2025"], WIDTH)

DECREE_OLD = [
    "The Eleventh General Chapter of the Congregation of the Sisters of the Still Water, assembled at "
    "Harrowmere from 2 to 27 July 2018, completed the revision of our Constitutions begun by the "
    "preceding Chapter, so that the text might express more faithfully the charism received from our "
    "foundress, Mother Ursula Penhallow, and the teaching of the Church on consecrated life.",
    "The revised text, submitted to the Holy See by the Chapter, was approved by decree of 8 December "
    "2018.",
    "Having received this approval, I hereby promulgate the Constitutions in the form that follows. They "
    "take effect on 2 February 2019, the feast of the Presentation of the Lord, and from that day every "
    "earlier text of the Constitutions ceases to have force. I ask every sister to receive them not as a "
    "burden of rules but as a way of life that she has freely chosen.",
    "Given at Harrowmere, on the Solemnity of the Epiphany, 6 January 2019.",
]
SIGNED_OLD = [("Sister Mary Alcott", "Superior General"), ("Sister Joan Treloar", "Secretary General")]

DECREE_NEW = [
    "The Twelfth General Chapter of the Congregation of the Sisters of the Still Water, assembled at "
    "Harrowmere from 6 to 30 July 2024, amended our Constitutions in several points: among other things "
    "it provided for the return of sisters who have left the Institute, added a period of apostolic "
    "experience to the second year of the novitiate, and gave the title of Moderator General to the "
    "office formerly called Superior General.",
    "The amended text, submitted to the Holy See by the Chapter, was approved by decree of 11 March "
    "2025.",
    "Having received this approval, I hereby promulgate the Constitutions as amended, in the form that "
    "follows. They take effect on 15 August 2025, the Solemnity of the Assumption, and from that day the "
    "text promulgated on 6 January 2019 ceases to have force.",
    "Given at Harrowmere, on the feast of Saint Joseph the Worker, 1 May 2025.",
]
SIGNED_NEW = [("Sister Helen Ashby", "Moderator General"), ("Sister Joan Treloar", "Secretary General")]


# ---------------------------------------------------------------------------- nodes

def PART(key, title, *children):
    return {"key": key, "kind": "part", "title": title, "text": "", "children": list(children)}


def TITLE(key, title, *children):
    return {"key": key, "kind": "title", "title": title, "text": "", "children": list(children)}


def CAN(key, text, *children):
    """A canon: `text` is its one paragraph (and the lead-in of its items), or '' when its children are
    paragraphs."""
    return {"key": key, "kind": "canon", "text": text, "children": list(children)}


OLD = [
    PART("p1", "THE INSTITUTE AND ITS MEMBERS",
         TITLE("t1-1", "NATURE, PURPOSE AND SPIRIT",
               CAN("name", "The Congregation of the Sisters of the Still Water, hereafter called \"the "
                   "Institute\", founded at Harrowmere in the year 1871 by Mother Ursula Penhallow, is a "
                   "religious institute of pontifical right whose members profess public vows and live a "
                   "common life in community."),
               CAN("purpose", "The purpose of the Institute is the glory of God and the service of the "
                   "poor, especially of the sick, the aged and those who live alone. The sisters pursue this "
                   "purpose chiefly by nursing the sick in their homes and in hospitals, by visiting the "
                   "housebound and by keeping houses of hospitality for travellers in need."),
               CAN("spirit", "The spirit of the Institute is one of quiet trust, plain living and ready "
                   "welcome. Each sister shall strive to recieve every person who comes to the house as a "
                   "guest sent by God, and to keep silence and recollection in her work as far as charity "
                   "allows."),
               CAN("law", "",
                   P("law-sources", "The Institute is governed by universal law, by these Constitutions and "
                     "by the Directory approved by the General Chapter."),
                   P("law-directory", "The Directory may not contradict these Constitutions; in case of "
                     "doubt the Constitutions prevail."),
                   P("law-interp", "The authentic interpretation of these Constitutions belongs to the Holy "
                     "See; a practical interpretation for the time between General Chapters belongs to the "
                     "Superior General with the consent of her council.")),
               CAN("motherhouse", "The motherhouse of the Institute is at Harrowmere. It may be transferred "
                   "elsewhere only by a decision of the General Chapter taken by two thirds of the votes of "
                   "the capitulars present.")),
         TITLE("t1-2", "ADMISSION AND FORMATION",
               CAN("admit", "",
                   P("admit-who", "Any Catholic woman who is free of canonical impediment, of sound health "
                     "and of suitable character, and who is moved by a right intention, may be admitted to "
                     "the Institute."),
                   P("admit-age", "A candidate shall be not less than eighteen and not more than forty "
                     "years of age; the Provincial Superior may dispense from the upper limit for a grave "
                     "reason.")),
               CAN("admit-right", "The right to admit candidates to the postulancy belongs to the Provincial "
                   "Superior, after she has heard the director of formation; the right to admit them to the "
                   "novitiate belongs to the Provincial Superior with the consent of her council."),
               CAN("docs", "",
                   P("docs-list", "Before admission to the novitiate a candidate shall present:",
                     I("docs-baptism", "certificates of baptism and confirmation;"),
                     I("docs-free", "a certificate of free status;"),
                     I("docs-priest", "a testimonial of good character from her parish priest;"),
                     I("docs-health", "a report on her health from a physician.")),
                   P("docs-other", "Where a candidate has previously belonged to another institute of "
                     "consecrated life, the Provincial Superior shall also obtain a testimonial from the "
                     "major superior of that institute.")),
               CAN("postulancy", "The postulancy lasts not less than six months and not more than one year. "
                   "During it the postulant lives in a house of the Institute designated by the Provincial "
                   "Superior and shares in its life and work, so that both she and the Institute may judge "
                   "her vocation. Before the end of the postulancy the Provincial Superior may ask for a "
                   "further report on the health of the postulant besides the one required by can. 8 §1, "
                   "4°."),
               CAN("novitiate", "",
                   P("nov-begin", "The novitiate begins when the candidate is received by the Provincial "
                     "Superior in the manner prescribed in the Directory, and lasts two years, of which the "
                     "first is the canonical year."),
                   P("nov-house", "The canonical year shall be spent in the novitiate house, apart from the "
                     "apostolic works of the Institute, in prayer, study and the common life."),
                   P("nov-absence", "An absence from the novitiate house of more than three months during "
                     "the canonical year, whether continuous or not, renders the novitiate invalid; an "
                     "absence of more than fifteen days must be made up.")),
               CAN("director", "",
                   P("dir-appoint", "The formation of novices is entrusted to a director of novices, a "
                     "sister in perpetual vows not less than thirty-five years of age, appointed by the "
                     "Superior General with the consent of her council."),
                   P("dir-charge", "The director of novices alone has charge of the novices, under the "
                     "authority of the Provincial Superior; she may have assistants, who are subject to her "
                     "in all that concerns formation.")),
               CAN("nov-leave", "A novice may freely leave the Institute. The Provincial Superior, after "
                   "hearing her council, may dismiss a novice for a just cause, which need not be made known "
                   "to the novice."),
               CAN("first-prof", "",
                   P("fp-end", "At the end of the novitiate a novice who is judged suitable shall be "
                     "admitted to temporary profession; otherwise she shall be dismissed. If doubt remains, "
                     "the Provincial Superior may extend the novitiate by not more than six months, which "
                     "shall be spent as can. 10 §2 provides."),
                   P("fp-right", "Admission to temporary profession belongs to the Provincial Superior with "
                     "the consent of her council, after she has received a written report from the "
                     "director of novices.")),
               CAN("juniorate", "",
                   P("jun-length", "After first profession the sisters continue their formation in the "
                     "juniorate for not less than three and not more than six years."),
                   P("jun-duties", "During the juniorate each sister shall:",
                     I("jun-study", "complete the studies and professional training required for the work "
                       "to which she is assigned;"),
                     I("jun-history", "deepen her knowledge of the history and spirit of the Institute;"),
                     I("jun-meet", "meet regularly with the sister appointed to accompany her;"),
                     I("jun-retreat", "make each year a retreat of eight days.")),
                   P("jun-companion", "The sister appointed under §2, 3° of this canon shall be in perpetual "
                     "vows, and may not be the local superior of the junior sister she accompanies."))),
         TITLE("t1-3", "VOWS AND PROFESSION",
               CAN("vows", "By the vows of chastity, poverty and obedience, taken publicly according to "
                   "these Constitutions, the sisters consecrate themselves wholly to God and to the service "
                   "of the poor."),
               CAN("prof-length", "",
                   P("pl-temp", "Temporary profession is made for one year and renewed each year; perpetual "
                     "profession may not be made before the sister has completed five years in temporary "
                     "vows."),
                   P("pl-early", "For a just cause the Provincial Superior may permit a renewal to be "
                     "anticipated, but not by more than one month.")),
               CAN("validity", "",
                   P("val-list", "For the validity of any profession it is required that the sister:",
                     I("val-nov", "has completed the novitiate validly, observing can. 10 §3;"),
                     I("val-admit", "has been freely admitted by the competent superior;"),
                     I("val-free", "makes her profession without force, grave fear or fraud;"),
                     I("val-age", "has reached the age required by universal law.")),
                   P("val-formula", "The formula of profession is that given in the Directory. Profession is "
                     "received by the superior who admitted the sister to it, or by her delegate.")),
               CAN("perpetual", "Admission to perpetual profession belongs to the Superior General with the "
                   "consent of her council, on the written request of the sister and the recommendation of "
                   "the Provincial Superior."),
               CAN("poverty", "",
                   P("pov-vow", "By the vow of poverty a sister renounces the right to use and dispose of "
                     "material goods without the permission of her lawful superior."),
                   P("pov-cede", "Before first profession each sister shall cede the administration of any "
                     "goods she owns to a person of her choice and shall freely dispose of their use and "
                     "revenue; before perpetual profession she shall make a will that is valid also in "
                     "civil law. Whatever she acquires afterwards by her own work or on account of the "
                     "Institute is acquired for the Institute.")),
               CAN("obedience", "By the vow of obedience the sisters bind themselves to obey their lawful "
                   "superiors when they command according to these Constitutions. A sister who believes a "
                   "command to be contrary to her conscience - which should happen rarely - shall make this "
                   "known to the superior with simplicity, and may have recourse to the higher superior."),
               CAN("absence", "The sisters shall live in the house of their community and shall not be "
                   "absent from it without the permission of the local superior. An absence of more than one "
                   "month requires the permission of the Provincial Superior, and an absence of more than one "
                   "year that of the general council.")),
         TITLE("t1-4", "SEPARATION FROM THE INSTITUTE",
               CAN("leave-temp", "",
                   P("lt-request", "A sister in temporary vows may, for a grave cause, ask leave to depart "
                     "from the Institute; the Superior General with the consent of her council may grant "
                     "it."),
                   P("lt-expiry", "When the period of her temporary profession has expired, a sister may "
                     "freely leave the Institute.")),
               CAN("indult", "A sister in perpetual vows may not ask for an indult of departure except for "
                   "the gravest reasons weighed before God. She shall present her petition to the major "
                   "superior, who shall forward it to the competent authority with her own opinion and that "
                   "of her council."),
               CAN("dismiss", "",
                   P("dis-law", "A sister may be dismissed from the Institute only for the causes and "
                     "according to the procedure laid down in cann. 694-704 of the Code of Canon Law."),
                   P("dis-warn", "Before any decree of dismissal is issued the sister shall be warned twice "
                     "in writing, given the opportunity to reply, and informed of her right of "
                     "recourse.")))),
    PART("p2", "THE GOVERNMENT OF THE INSTITUTE",
         TITLE("t2-1", "GENERAL PRINCIPLES",
               CAN("authority", "",
                   P("auth-service", "Authority in the Institute is exercised in a spirit of service, by "
                     "superiors and by chapters, according to these Constitutions."),
                   P("auth-who", "The superiors are the Superior General for the whole Institute, the "
                     "Provincial Superiors for their provinces and the local superiors for their houses; the "
                     "Superior General and the Provincial Superiors are major superiors.")),
               CAN("terms", "A sister may not hold the office of local superior for more than two consecutive "
                   "terms in the same house, nor the office of Provincial Superior for more than two "
                   "consecutive terms."),
               CAN("consent", "When these Constitutions require a superior to act with the consent of her "
                   "council, she acts invalidly against its vote; when they require her to hear her council, "
                   "she acts invalidly if she does not hear it, though she is not bound to follow its "
                   "opinion."),
               CAN("secrecy", "The members of every council are bound to keep secret the matters treated in "
                   "it, and a vote shall be taken by secret ballot whenever any member of the council so "
                   "requests.")),
         TITLE("t2-2", "THE GENERAL CHAPTER",
               CAN("gc-nature", "The General Chapter is the supreme authority of the Institute. It is "
                   "ordinary, held every six years, or extraordinary, convoked by the general council for a "
                   "grave reason."),
               CAN("gc-members", "The following are members of the General Chapter:",
                   I("gcm-office", "by right of office: the Superior General, the general councillors, the "
                     "Secretary General, the General Treasurer and the Provincial Superiors;"),
                   I("gcm-elected", "the delegates elected in each province, whose number is fixed by the "
                     "general council and shall be not less than the number of members by right of "
                     "office.")),
               CAN("gc-tasks", "",
                   P("gct-list", "The General Chapter shall:",
                     I("gct-elect", "hold the elections entrusted to it by these Constitutions;"),
                     I("gct-state", "examine the state of the Institute and of its works;"),
                     I("gct-patrimony", "safeguard the spiritual patrimony of the Institute and promote its "
                       "renewal;"),
                     I("gct-decrees", "enact general decrees, which bind the whole Institute until the next "
                       "ordinary General Chapter.")),
                   P("gct-amend", "Only the General Chapter may propose to the Holy See amendments to these "
                     "Constitutions, by a decision taken by two thirds of the votes of the capitulars "
                     "present.")),
               CAN("gc-convoke", "The convocation of the General Chapter shall be sent to every house at "
                   "least one year before its opening, and the elections of delegates under can. 30, 2° shall "
                   "be held in each province in the manner prescribed by the Directory."),
               CAN("election", "",
                   P("el-ballots", "For the election of the Superior General an absolute majority of the "
                     "votes of those present is required in the first three ballots; in the fourth ballot "
                     "only the two sisters who received the most votes in the third are eligible, and the "
                     "one who obtains the greater number of votes is elected."),
                   P("el-tie", "If the votes are equal in the fourth ballot, the sister senior by first "
                     "profession is elected; if they are equal in this too, the sister senior by age."),
                   P("el-eligible", "Only a sister who has been in perpetual vows for at least ten years "
                     "and is not less than forty years of age may be elected.")),
               CAN("councillors", "The four general councillors are elected one by one immediately after the "
                   "election referred to in the preceding canon, by the procedure of can. 33 §1; in the case "
                   "of equal votes, can. 33 §2 applies."),
               CAN("vicar", "After the election of the general councillors the General Chapter shall elect "
                   "one of them as Vicar General, who takes the place of the head of the Institute when she "
                   "is absent or impeded.")),
         TITLE("t2-3", "THE GENERAL GOVERNMENT",
               CAN("sg", "",
                   P("sg-power", "The Superior General governs the whole Institute with ordinary power, "
                     "according to universal law and these Constitutions. Her term of office is six years, "
                     "and she may be re-elected once for a consecutive term."),
                   P("sg-visit", "She shall visit every province at least once during her term, in person "
                     "or through a delegate.")),
               CAN("council", "The general council consists of the Vicar General and the three other general "
                   "councillors. It assists in the government of the Institute and meets at least once every "
                   "two months."),
               CAN("gc-consent", "",
                   P("gcc-list", "The consent of the general council is required:",
                     I("gcc-prov", "for the erection, suppression or merger of provinces;"),
                     I("gcc-house", "for the erection and suppression of houses;"),
                     I("gcc-appoint", "for the appointment and removal of Provincial Superiors and of their "
                       "councillors;"),
                     I("gcc-extra", "for acts of extraordinary administration under can. 49;"),
                     I("gcc-other", "in the other cases determined by these Constitutions.")),
                   P("gcc-hear", "The general council shall be heard before the appointment of the Secretary "
                     "General and of the General Treasurer, and in the matters concerning provinces and "
                     "houses dealt with in cann. 41-47 where its consent is not required.")),
               CAN("vacancy", "When the office of Superior General falls vacant, the Vicar General governs "
                   "the Institute and shall convoke an extraordinary General Chapter within six months, unless "
                   "the ordinary Chapter is due within one year. When the office of a general councillor "
                   "falls vacant, the remaining members of the general council appoint a sister in perpetual "
                   "vows to complete the term."),
               CAN("secretary", "The Secretary General draws up the acts of the general council, keeps the "
                   "archives of the Institute and authenticates its documents. She is appointed for six "
                   "years.")),
         TITLE("t2-4", "PROVINCES AND HOUSES",
               CAN("province", "",
                   P("prov-erect", "A province is a union of several houses under a Provincial Superior, "
                     "erected by the Superior General with the consent of her council."),
                   P("prov-size", "A province shall have at least six houses and forty professed sisters; "
                     "a smaller group of houses may be constituted as a region depending directly on the "
                     "general government.")),
               CAN("provincial", "The Provincial Superior governs her province with ordinary power, assisted "
                   "by a council of four sisters. She is appointed for four years, after a consultation of "
                   "the sisters in perpetual vows of the province conducted in the manner laid down in the "
                   "Directory."),
               CAN("prov-chapter", "",
                   P("pc-meet", "The provincial chapter is held every four years, before the appointment of "
                     "the Provincial Superior. The chapter reviews the life and works of the province, "
                     "proposes to the general council the names of sisters suitable for the office of "
                     "Provincial Superior, and may adopt provincial norms, which require the approval of "
                     "the general council."),
                   P("pc-members", "The members of the provincial chapter are the Provincial Superior, her "
                     "councillors, the local superiors and the delegates elected by the professed sisters "
                     "of the province."),
                   P("pc-elections", "Elections held in the provincial chapter, including the election of "
                     "delegates to the General Chapter, follow the procedure of cann. 33-34, with the "
                     "necessary adaptations.")),
               CAN("house", "A house is erected by the Superior General with the consent of her council, "
                   "after the written consent of the diocesan bishop has been obtained. Each house shall have "
                   "at least three professed sisters."),
               CAN("house-supp", "A house may be suppressed by the same authority after the diocesan bishop "
                   "has been consulted; the goods of a suppressed house pass to its province."),
               CAN("local", "The local superior is appointed by the Provincial Superior with the consent of "
                   "her council for three years. She shall see that the sisters of the house keep these "
                   "Constitutions, and shall meet with each sister privately at least twice a year."),
               CAN("house-council", "Each house has a house council, composed of all the professed sisters "
                   "of the house when they are not more than six, and otherwise of the local superior and "
                   "three sisters elected by the community. The house council shall be heard on the annual "
                   "budget of the house and on the timetable of the community."))),
    PART("p3", "TEMPORAL GOODS",
         TITLE("t3-1", "THE ADMINISTRATION OF GOODS",
               CAN("goods", "The Institute, its provinces and its houses are juridic persons and may "
                   "acquire, possess, administer and alienate temporal goods according to universal law and "
                   "these Constitutions. Their goods shall be administered as goods of the poor, with "
                   "prudence, openness and simplicity."),
               CAN("extra", "",
                   P("extra-list", "Acts of extraordinary administration are:",
                     I("extra-alien", "the alienation of immovable property;"),
                     I("extra-loan", "the contracting of a loan exceeding the sum fixed by the General "
                       "Chapter;"),
                     I("extra-legacy", "the acceptance of an inheritance or legacy burdened with "
                       "obligations;"),
                     I("extra-build", "the construction or substantial alteration of a building.")),
                   P("extra-permit", "For the acts listed in §1 of this canon the permission of the "
                     "Superior General with the consent of her council is required and, where the value "
                     "exceeds the amount fixed by the Holy See, the permission of the Holy See as well.")),
               CAN("treasurer", "The General Treasurer administers the goods of the Institute under the "
                   "direction of the Superior General and her council. She is appointed for six years and "
                   "shall present an account of her administration to the general council each year."),
               CAN("local-treas", "",
                   P("lt-entrust", "In each province and in each house the administration of goods is "
                     "entrusted to a provincial or local treasurer, who acts according to the instructions "
                     "issued by the General Treasurer under can. 50 and renders account to the superior and "
                     "her council each year."),
                   P("lt-debts", "No sister may contract debts in the name of the Institute, of a province "
                     "or of a house without the written permission of the competent superior.")),
               CAN("gifts", "Gifts received by individual sisters belong to their community; a legacy left to "
                   "the Institute shall be accepted only with the benefit of inventory.")),
         TITLE("t3-2", "FINAL PROVISIONS",
               CAN("amend", "",
                   P("amend-const", "These Constitutions may be amended only by the Holy See, on the "
                     "proposal of the General Chapter made according to can. 31 §2."),
                   P("amend-dir", "The Directory may be amended by the General Chapter by an absolute "
                     "majority of the votes of the capitulars present.")),
               CAN("copy", "Each sister shall have her own copy of these Constitutions and shall read them "
                   "attentively; superiors shall see that they are read in community at least once a "
                   "year."))),
]


# ---------------------------------------------------------------------------- the new version

def retext(tree, key, before, after):
    td.replace_once(td.find(tree, key), "text", before, after)


NEW = copy.deepcopy(OLD)

# substitution first: "Superior General" -> "Moderator General" everywhere (its units carry no other edit)
TERM = td.Term([("Superior General", "Moderator General")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM)

# an item added to a list: can. 8 §1 gets a new 3°, old 3°-4° become 4°-5°
td.insert_after(td.find(NEW, "docs-list")["children"], "docs-free",
                I("docs-debts", "a declaration that she is free of debts and of any obligation that would "
                  "hinder her life in the Institute;"))
# a paragraph inserted in can. 10: a new §2, old §2-§3 become §3-§4
td.insert_after(td.find(NEW, "novitiate")["children"], "nov-begin",
                P("nov-apostolic", "During the second year the novices, remaining under the guidance of the "
                  "director of novices, shall undertake periods of apostolic experience in other houses of "
                  "the Institute, none of them longer than three months."))
# two canons inserted after can. 24: old 25-27 become 27-29
td.insert_after(
    td.find(NEW, "t1-4")["children"], "dismiss",
    CAN("after-leave", "",
        P("al-equity", "A sister who lawfully leaves the Institute or is dismissed from it may not claim "
          "anything from it for any work done in it. The Institute shall nevertheless treat her with equity "
          "and charity, and shall help her to provide for herself during the first months of her new "
          "life."),
        P("al-help", "The major superior shall see that a sister who leaves after many years in the "
          "Institute is helped to find work and lodging, and that her insurance for sickness and old age is "
          "in order.")),
    CAN("readmit", "A sister who has left the Institute lawfully, at the end of temporary profession or "
        "after an indult, may be readmitted by the Moderator General with the consent of her council without "
        "the obligation of repeating the novitiate; the Moderator General shall determine a suitable period "
        "of probation before temporary profession, according to can. 16 §1."))
# a canon removed (old 28, secrecy of councils): old 29-54 become 30-55
td.remove(td.find(NEW, "t2-1")["children"], "secrecy")

# cross-references following the renumbering
retext(NEW, "postulancy", "can. 8 §1, 4°", "can. 8 §1, 5°")
retext(NEW, "fp-end", "can. 10 §2", "can. 10 §3")
retext(NEW, "val-nov", "can. 10 §3", "can. 10 §4")
retext(NEW, "gc-convoke", "can. 30, 2°", "can. 31, 2°")
retext(NEW, "councillors", "can. 33 §1; in the case of equal votes, can. 33 §2",
       "can. 34 §1; in the case of equal votes, can. 34 §2")
retext(NEW, "gcc-extra", "can. 49", "can. 50")
retext(NEW, "gcc-hear", "cann. 41-47", "cann. 42-48")
retext(NEW, "pc-elections", "cann. 33-34", "cann. 34-35")
retext(NEW, "amend-const", "can. 31 §2", "can. 32 §2")
# ... and one left stale: 52 §1 still says "can. 50" (the General Treasurer, now can. 51; can. 50 is now
# the canon on acts of extraordinary administration)

# a paragraph split in two: old 43 §1 -> new 44 §1 and §2 (old §2-§3 become §3-§4)
td.split(td.find(NEW, "prov-chapter")["children"], td.find(NEW, "pc-meet"), "The chapter reviews ", "pc-review")

# rewords
retext(NEW, "admit-age", "not more than forty years", "not more than forty-five years")
retext(NEW, "nov-leave", "which need not be made known to the novice",
       "which shall be made known to the novice in writing")
retext(NEW, "pl-temp", "completed five years", "completed four years")
retext(NEW, "provincial", "appointed for four years", "appointed for three years")
retext(NEW, "lt-debts", "the written permission of the competent superior",
       "the written permission of the competent superior, given with the consent of her council")

# cosmetic: straight quotes made curly, a misspelling corrected, spaced hyphens made en dashes
node = td.find(NEW, "name")
node["text"] = td.curl_quotes(node["text"])
retext(NEW, "spirit", "recieve", "receive")
retext(NEW, "obedience", "conscience - which should happen rarely - shall",
       "conscience \u2013 which should happen rarely \u2013 shall")


# ---------------------------------------------------------------------------- units, layout

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]


def units(tree):
    """The units (dicts, see tree_docs) in document order; a unit's `canon` is its canon's number, `first`
    whether a paragraph opens its canon's line."""
    out = []
    n = 0
    for pi, part in enumerate(tree):
        pid = f"Part {ROMAN[pi]}"
        out.append(td.unit(part["key"], "part", pid, f"PART {ROMAN[pi]} \u2013", "", part["title"]))
        for ti, title in enumerate(part["children"]):
            out.append(td.unit(title["key"], "title", f"{pid}, Title {ROMAN[ti]}", f"TITLE {ROMAN[ti]} \u2013",
                               "", title["title"]))
            for canon in title["children"]:
                n += 1
                c = str(n)
                out.append(td.unit(canon["key"], "canon", c, f"Can. {c}", canon["text"], canon=c))
                for k, child in enumerate(canon["children"], 1):
                    if child["kind"] == "item":      # items of a canon of one paragraph
                        out.append(td.unit(child["key"], "item", f"{c}, {k}\u00b0", f"{k}\u00b0", child["text"],
                                           canon=c))
                        continue
                    pid_ = f"{c} \u00a7{k}"
                    out.append(td.unit(child["key"], "para", pid_, f"\u00a7{k}.", child["text"], canon=c,
                                       first=k == 1))
                    for m, it in enumerate(child["children"], 1):
                        out.append(td.unit(it["key"], "item", f"{pid_}, {m}\u00b0", f"{m}\u00b0", it["text"],
                                           canon=c))
    return out


# Citations are not broken across lines; where one would open a line, the word before it is kept with it
# (so is a number: no continuation line opens with one).
CITES = [r"cann?\. \d+(?:-\d+)?(?: \u00a7\d+)?(?:, \d+\u00b0)?",
         r"\u00a7\d+(?:, \d+\u00b0)? of this canon", r"preceding canon", r"\d+\b"]
OPENS_UNIT = r"((?i:cann?\.) ?\d|\u00a7 ?\d|\d|PART [IVX]|TITLE [IVX])"


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, CITES, OPENS_UNIT)


def layout(tree, title, decree, signed):
    out = [title.rstrip("\n"), "", ""]
    out += td.centre(["DECREE OF PROMULGATION"], WIDTH) + [""]
    for para in decree:
        out += wrap(para, "", "") + [""]
    for name, office in signed:
        out += ["", " " * 44 + name, " " * 44 + office]
    out += ["", ""]
    us = units(tree)
    for i, u in enumerate(us):
        kind, label, text = u["node"], u["label"], u["text"]
        if kind == "part":
            out += ["", ""] + td.centre([f"{label} {u['title']}"], WIDTH)
        elif kind == "title":
            out += [""] + td.centre([f"{label} {u['title']}"], WIDTH)
        elif kind == "canon":
            out += [""]
            if text:
                out += wrap(text, label + " ", "")
        elif kind == "para":
            lead = f"{us[i - 1]['label']} {label} " if u["first"] else f"{label} "
            out += wrap(text, lead, "")
        else:
            out += wrap(text, "    " + label + " ", " " * 7)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

# Every planted edit by (old ID, new ID). Renumberings of units with no other edit, and the units the
# substitution touches, are derived from the tree and checked.
EDITS = [
    {"kind": "substitution", "old": "Superior General", "new": "Moderator General", "count": 14,
     "note": "'Superior General' -> 'Moderator General' everywhere in the canons (twice in 25 \u00a72 -> 27 "
             "\u00a72); the inserted can. 26 says 'Moderator General' twice more (not counted); the decree of "
             "promulgation (no unit) names both"},
    {"kind": "cosmetic", "old": "1", "new": "1", "what": "straight quotes around 'the Institute' made curly"},
    {"kind": "cosmetic", "old": "3", "new": "3", "what": "misspelling 'recieve' corrected"},
    {"kind": "reword", "old": "6 \u00a72", "new": "6 \u00a72", "note": "upper age limit forty -> forty-five"},
    {"kind": "insert", "old": None, "new": "8 \u00a71, 3\u00b0", "note": "an item added to the list of "
     "documents (a declaration of freedom from debts); the old 3\u00b0 and 4\u00b0 become 4\u00b0 and 5\u00b0"},
    {"kind": "xref-update", "old": "9", "new": "9", "note": "can. 8 \u00a71, 4\u00b0 -> can. 8 \u00a71, 5\u00b0 "
     "(the item added)"},
    {"kind": "insert", "old": None, "new": "10 \u00a72", "note": "a paragraph on apostolic experience in the "
     "second year; the old \u00a72 and \u00a73 become \u00a73 and \u00a74"},
    {"kind": "reword", "old": "12", "new": "12", "note": "the cause of dismissal of a novice 'need not be made "
     "known' -> 'shall be made known to the novice in writing'"},
    {"kind": "xref-update", "old": "13 \u00a71", "new": "13 \u00a71", "note": "can. 10 \u00a72 -> can. 10 \u00a73"},
    {"kind": "reword", "old": "16 \u00a71", "new": "16 \u00a71", "note": "five years in temporary vows -> four"},
    {"kind": "xref-update", "old": "17 \u00a71, 1\u00b0", "new": "17 \u00a71, 1\u00b0",
     "note": "can. 10 \u00a73 -> can. 10 \u00a74"},
    {"kind": "cosmetic", "old": "20", "new": "20", "what": "spaced hyphens made spaced en dashes"},
    {"kind": "insert", "old": None, "new": "25"},
    {"kind": "insert", "old": None, "new": "25 \u00a71"},
    {"kind": "insert", "old": None, "new": "25 \u00a72"},
    {"kind": "insert", "old": None, "new": "26"},
    {"kind": "remove", "old": "28", "new": None, "note": "the canon on the secrecy of councils"},
    {"kind": "xref-update", "old": "32", "new": "33", "note": "can. 30, 2\u00b0 -> can. 31, 2\u00b0"},
    {"kind": "xref-update", "old": "34", "new": "35", "note": "can. 33 \u00a71 and can. 33 \u00a72 -> can. 34 "
     "\u00a71 and can. 34 \u00a72 ('the preceding canon' needs no change)"},
    {"kind": "xref-update", "old": "38 \u00a71, 4\u00b0", "new": "39 \u00a71, 4\u00b0",
     "note": "can. 49 -> can. 50"},
    {"kind": "xref-update", "old": "38 \u00a72", "new": "39 \u00a72", "note": "cann. 41-47 -> cann. 42-48"},
    {"kind": "reword", "old": "42", "new": "43", "note": "Provincial Superior appointed for four years -> three"},
    {"kind": "split", "old": "43 \u00a71", "new": ["44 \u00a71", "44 \u00a72"],
     "note": "its second sentence made a paragraph; the old \u00a72 and \u00a73 become \u00a73 and \u00a74"},
    {"kind": "xref-update", "old": "43 \u00a73", "new": "44 \u00a74", "note": "cann. 33-34 -> cann. 34-35"},
    {"kind": "stale", "old": "51 \u00a71", "new": "52 \u00a71", "reference": "can. 50", "should_be": "can. 51",
     "note": "the General Treasurer's canon moved from 50 to 51; the new can. 50 is the canon on acts of "
             "extraordinary administration"},
    {"kind": "reword", "old": "51 \u00a72", "new": "52 \u00a72", "note": "the superior's written permission "
     "for debts now 'given with the consent of her council'"},
    {"kind": "xref-update", "old": "53 \u00a71", "new": "54 \u00a71", "note": "can. 31 \u00a72 -> can. 32 \u00a72"},
]


CITE = re.compile(r"(?P<other>cann?\. [\d\-]+ of the Code of Canon Law)"
                  r"|cann?\. (?P<can>\d+)(?!\d)(?:-(?P<to>\d+)(?!\d))?(?: \u00a7(?P<par>\d+)(?!\d))?"
                  r"(?:, (?P<item>\d+)\u00b0)?"
                  r"|\u00a7(?P<rpar>\d+)(?:, (?P<ritem>\d+)\u00b0)? of this canon"
                  r"|the (?P<prec>preceding) canon")
WORDS = re.compile(r"\bcann?\.|of this canon|preceding canon|\u00a7")


def resolve(m, u, us):
    if m.group("other"):
        return []
    if m.group("prec"):
        return [str(int(u["canon"]) - 1)]
    if m.group("rpar"):
        c, par, item = u["canon"], m.group("rpar"), m.group("ritem")
    else:
        c, par, item = m.group("can"), m.group("par"), m.group("item")
        if m.group("to"):
            return [c, m.group("to")]
    ident = c + (f" \u00a7{par}" if par else "")
    return [ident + (f", {item}\u00b0" if item else "")]


def citations(us):
    """{unit key: [cited unit key, ...]} for every citation in the units' texts, resolved in that version."""
    return td.citations(us, CITE, resolve, WORDS)


# 52 §1 cites the General Treasurer's canon (50, now 51) in the old version and the canon on acts of
# extraordinary administration (the new 52) in the new
STALE = ("lt-entrust", ["treasurer"], ["extra"])


def norm_id(ident):
    """An ID as the scorer compares it (bench/generator/score.py's norm_id, for IDs without '#')."""
    words = {"part", "title", "canon"}
    return " ".join(t for t in re.findall(r"[a-z]+|\d+", ident.lower()) if t not in words)


def check(uo, un):
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT, norm=norm_id)
    td.check_citations(citations(uo), citations(un), STALE, new_resolve=False)
    # the stale reference names an existing unit in the new version, not the one meant
    cn = citations(un)
    assert cn["lt-entrust"] == ["extra"], cn["lt-entrust"]
    # no canon of the new version is cited by a number that no longer exists, but the planted one
    assert all(None not in v for v in cn.values()), cn
    return derived, sub_units


def check_text(us, text):
    """Every unit's text is in the .txt, its words in order (the wrapping aside), and every label opens a
    line."""
    flat = " ".join(text.split())
    pos = 0
    for u in us:
        if u["text"]:
            at = flat.find(" ".join(u["text"].split()), pos)
            assert at >= 0, u["id"]
            pos = at
    lines = [line.strip() for line in text.splitlines()]
    for u in us:
        if u["node"] == "canon":
            assert any(line.startswith(u["label"] + " ") for line in lines), u["id"]


KIND = ("constitutions of a religious institute in the style of canon law ('PART I – THE INSTITUTE AND ITS "
        "MEMBERS' / 'TITLE II – ADMISSION AND FORMATION', centred, titles restarting in each part; canons "
        "numbered through the document, 'Can. 12 The ...' of one paragraph or 'Can. 10 §1. The ...' with "
        "'§2.' at the line start, items '1°' indented; IDs '12', '10 §2', '8 §1, 3°', '32, 2°', 'Part I, "
        "Title II'; cited 'can. 10 §3', 'can. 8 §1, 4°', 'can. 30, 2°', 'cann. 41-47', 'the preceding "
        "canon', '§2, 3° of this canon', and 'cann. 694-704 of the Code of Canon Law' (another law); a "
        "decree of promulgation (no unit) before the first canon; hard-wrapped at 74 columns under a "
        "centred title block, no blank line inside a canon)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un)
    texts = {"old": layout(OLD, TITLE_OLD, DECREE_OLD, SIGNED_OLD),
             "new": layout(NEW, TITLE_NEW, DECREE_NEW, SIGNED_NEW)}
    check_text(uo, texts["old"])
    check_text(un, texts["new"])
    for us in (uo, un):
        for u in us:
            u.pop("canon", None)
            u.pop("first", None)
    truth = td.write(OUT, "religious-order-code", KIND, texts, uo, un, EDITS, derived, sub_units)
    print("units", len(uo), len(un), "canons", sum(u["node"] == "canon" for u in uo),
          sum(u["node"] == "canon" for u in un), "edits", len(truth["pairs"][0]["edits"]), "planted",
          len(EDITS), "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in",
          len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
