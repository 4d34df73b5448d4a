"""Write board-policies/old.txt, new.txt and truth.json (hand-written school board policy manual pair).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/board_policies_make.py

A school district's board policy manual, the 5000 series (Students): policies headed
'BP 5131.2 – Bullying' (one with a hyphen), coded by four digits with an optional decimal part that
sorts as a decimal fraction (5141.21 < 5141.3 < 5141.31 < 5141.52), so that a new policy goes into a
gap and renumbers nothing else. A policy opens with unnumbered paragraphs (some policies are only
that), then numbered paragraphs '1.' with lettered items 'a.'. Each policy may end with a
'Legal Reference:' block citing statutes (Education Code 48900-48927, 20 USC 1415(k), ...) that are
not references to the manual, and always ends with an 'Adopted: <date>  Revised: <date>' line (or
'Adopted: <date>' alone). Cited 'BP 5144.1', 'Board Policy 5145.3', 'BP 5144.1, paragraph 5',
'paragraph 6 of this policy', 'paragraph 1'; 'AR 5113' / 'Administrative Regulation AR 5113' names
the administrative regulations, another document. Hard-wrapped at 76 columns with hanging indents
under a centred title block; no contents list.

IDs: a policy is its code ('5131.2'), a paragraph the code and its number ('5131.2.4'), an item
the paragraph and its letter ('5113.1.d'); labels as printed ('BP 5131.2 –', '4.', 'd.'). Because
the scorer compares IDs as their number tokens, paragraph k of policy P and policy P.k would be the
same ID: no policy with numbered paragraphs has a sibling code P.k (5131 and 5144, whose decimal
children 5131.2 and 5144.1 exist, are unnumbered prose), and `check` asserts that the IDs of each
version are distinct as the scorer reads them.

Judgement calls: a policy's unnumbered paragraphs (before its first numbered paragraph) are the
policy's unit text, joined by a space; the Legal Reference block and the Adopted/Revised line are
no units and in no unit's text (as a signature block is none in uk-si-allotments); the Revised
dates that change (on every policy whose units changed, and the title block's 'revised through'
line) are therefore no edits.

The document is held as a tree of nodes with stable keys; paragraph and item numbers are computed
from position, policy codes are written on the policy. The planted edits (EDITS) are written by
hand below; the renumberings that follow from them, and the units of the substitution, are derived
from the tree, and `check` asserts that every unit that differs between the versions is accounted
for by exactly one edit (plus renumbering), that every citation of the new version names the unit
it named in the old one (the one stale reference aside), and that the Revised dates changed on
exactly the policies whose units changed.
"""
import copy
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(REPO))
sys.path.insert(0, "bench/generator/handwritten/_build")
from bench.generator.score import norm_id  # noqa: E402  (the scorer's reading of an ID)
import tree_docs as td  # noqa: E402
from tree_docs import item as S, para as P  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "board-policies"
WIDTH = 76
NEW_DATE = "June 12, 2025"


TITLE_LINES = [
    "ALDER CREEK UNIFIED SCHOOL DISTRICT",
    "",
    "BOARD POLICY MANUAL",
    "",
    "Series 5000: Students",
    "",
]
TITLE_OLD = td.centre_text(TITLE_LINES + ["As adopted by the Governing Board, revised through March 9, 2021"], WIDTH)
TITLE_NEW = td.centre_text(TITLE_LINES + [f"As adopted by the Governing Board, revised through {NEW_DATE}"], WIDTH)


def BP(key, code, title, *children, body=(), legal=(), adopted, revised=None, dash="–"):
    return {"key": key, "kind": "bp", "code": code, "title": title, "body": list(body), "dash": dash,
            "legal": list(legal), "adopted": adopted, "revised": revised, "children": list(children)}


OLD = [
    BP("parents", "5020", "Parent Rights and Responsibilities",
       body=["The Governing Board recognizes that parents and guardians are their children's first teachers "
             "and that their continued involvement in the education of their children contributes greatly to "
             "student achievement and to a positive school climate. The Superintendent shall work with parents "
             "and guardians to develop meaningful opportunities for them to take part in the life of the "
             "school at every grade level.",
             "Parents and guardians of enrolled students have the right to be informed of school rules, "
             "attendance requirements, dress codes, and the procedures for visiting a school, and to receive "
             "notice of the rights described in this series in a language they understand."],
       legal=[("Education Code 51100-51102", "Parental involvement"),
              ("Education Code 48985", "Notices in a language other than English")],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("admission", "5111", "Admission",
       P("adm-age", "A child shall be admitted to kindergarten at the beginning of a school year if the child "
         "will reach five years of age on or before September 1 of that school year."),
       P("adm-docs", "Before a child is first admitted to a district school, the parent or guardian shall "
         "present:",
         S("adm-birth", "proof of the child's age, such as a certified copy of a birth record, a passport, or "
           "a record of baptism;"),
         S("adm-immun", "evidence that the child has received the immunizations required under BP 5141.3; "
           "and"),
         S("adm-resid", "proof that the parent or guardian resides within the attendance area of the school, "
           "or that the child holds an interdistrict attendance permit under BP 5117.")),
       P("adm-homeless", "A student who is homeless or in foster care shall be enrolled at once, even if he or "
         "she cannot produce the records normally required for enrollment, including the immunization "
         "records required under BP 5141.3."),
       body=["The Governing Board welcomes every child who is eligible to attend the district's schools. No "
             "child shall be refused admission for want of a document that the district is able to obtain by "
             "other means."],
       legal=[("Education Code 48000-48002", "Minimum age of admission"),
              ("Education Code 48200", "Compulsory attendance"),
              ("42 USC 11431-11435", "Education of homeless children and youths")],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("absences", "5113", "Absences and Excuses",
       P("abs-excused", "A student's absence shall be excused for any of the following reasons:",
         S("abs-illness", "personal illness or injury;"),
         S("abs-quarantine", "quarantine under the direction of a county or city health officer;"),
         S("abs-medical", "medical, dental, optometric, or chiropractic appointments;"),
         S("abs-funeral", "attendance at the funeral of a member of the student's immediate family, for not "
           "more than one day if the service is held in the state and not more than three days if it is "
           "held out of state;"),
         S("abs-religious", "observance of a religious holiday or ceremony of the student's faith; or"),
         S("abs-personal", "other justifiable personal reasons, when the absence has been requested in writing "
           "by the parent or guardian and approved in advance by the principal.")),
       P("abs-note", "A student who has been absent shall, on returning to school, present a written "
         "explanation of the absence signed by the parent or guardian within three school days. An absence "
         "not explained within that period shall be recorded as unexcused."),
       P("abs-makeup", "A student who is absent for a reason listed in paragraph 1 shall be allowed to complete "
         "all assignments and tests missed during the absence that can reasonably be provided and, on "
         "satisfactory completion within a reasonable period, shall be given full credit."),
       P("abs-truancy", "Unexcused absences and tardiness shall be addressed as provided in BP 5144 and, when a "
         "student is reported as a truant, in accordance with Administrative Regulation AR 5113."),
       body=["Regular attendance is essential to student learning. The Governing Board expects every student "
             "to attend school on each day that school is in session, and the Superintendent shall establish "
             "procedures for recording and reporting attendance in accordance with law."],
       legal=[("Education Code 48205", "Excused absences"),
              ("Education Code 48260-48273", "Truants")],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("intra", "5116.1", "Intradistrict Open Enrollment",
       P("intra-space", "Each year the Superintendent shall identify the schools that have space for additional "
         "students, and applications shall be received between January 15 and February 15 for the following "
         "school year."),
       P("intra-lottery", "When the number of applications for a school exceeds the space available, students "
         "shall be selected by a random, unbiased process, except that priority shall be given to:",
         S("intra-sibling", "siblings of students already attending the school; and"),
         S("intra-staff", "children of district employees assigned to the school.")),
       P("intra-displace", "No student who currently resides in the attendance area of a school shall be "
         "displaced from that school by a student transferring from outside the attendance area."),
       body=["Parents and guardians of students who reside within the district may apply to enroll their "
             "children in any district school, regardless of the location of their residence, subject to the "
             "priorities set out in this policy."],
       legal=[("Education Code 35160.5", "Intradistrict enrollment")],
       adopted="May 10, 2016"),
    BP("inter", "5117", "Interdistrict Attendance",
       P("inter-order", "Requests for interdistrict attendance shall be considered in the order in which they "
         "are received, and the Superintendent shall notify the parent or guardian of the decision within 30 "
         "calendar days."),
       P("inter-revoke", "A permit may be revoked if the student's attendance or conduct is unsatisfactory, "
         "except that a student who has completed grade 10 shall be allowed to remain enrolled in the district "
         "through grades 11 and 12."),
       P("inter-appeal", "A parent or guardian whose request is denied may appeal the decision to the county "
         "board of education within 30 calender days of the denial."),
       body=["The Governing Board recognizes that parents and guardians may have many reasons for wishing to "
             "enroll their children in a school in another district, and that students who reside in other "
             "districts may wish to attend school in this district."],
       legal=[("Education Code 46600-46611", "Interdistrict attendance agreements")],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("grades", "5121", "Grades for Student Achievement",
       body=["Grades shall reflect each student's level of achievement of the course objectives and shall be "
             "based on the teacher's observation and assessment of the student's work. A grade assigned by a "
             "teacher shall not be changed by any other person except to correct a clerical error or where the "
             "grade was the result of fraud or bad faith.",
             "A student's grade shall not be lowered solely because of an absence excused under BP 5113, "
             "paragraph 1, if the student has completed the missed work as allowed by that policy."],
       legal=[("Education Code 49066", "Final grades")],
       adopted="August 14, 2012", dash="-"),
    BP("records", "5125", "Student Records",
       P("rec-custodian", "The Superintendent shall designate a custodian of records at each school, who shall "
         "be responsible for the security of student records and for granting access to them as permitted by "
         "law."),
       P("rec-inspect", "A parent or guardian, or an adult student, may inspect the student's records during "
         "regular school hours within five business days of a request."),
       P("rec-release", "Student records shall not be released to any person or agency without the written "
         "consent of the parent or guardian, except as permitted by law or in response to a lawfully issued "
         "subpoena or court order."),
       P("rec-discipline", "Records of a student's disciplinary history, including any suspension or expulsion "
         "under BP 5144.1, shall be kept for five years after the student leaves the district."),
       body=["The Governing Board recognizes the importance of keeping accurate and complete student records "
             "and of protecting the privacy of the students and families to whom they relate."],
       legal=[("Education Code 49060-49085", "Student records"),
              ("20 USC 1232g", "Family Educational Rights and Privacy Act")],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("conduct", "5131", "Conduct",
       body=["The Governing Board believes that all students have the right to be educated in a positive "
             "learning environment free from disruption. Students are expected to conduct themselves in a "
             "manner that does not infringe on the rights of others or interfere with the school program.",
             "Conduct prohibited under this policy includes, without limitation, behavior that endangers "
             "students, staff, or others; damage to or theft of property; possession of weapons; and the use "
             "of obscene or abusive language. A student who violates this policy shall be subject to "
             "discipline in accordance with BP 5144 and, where the conduct warrants it, Board Policy "
             "5144.1."],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("bullying", "5131.2", "Bullying",
       P("bul-define", "For purposes of this policy, \"bullying\" means repeated physical, verbal, written, or "
         "electronic conduct by one or more students that is directed at another student and that places that "
         "student in reasonable fear of harm or substantially interferes with the student's education."),
       P("bul-report", "Any student who believes that he or she has been bullied, and any staff member who "
         "observes bullying, shall report it to the principal, who shall begin an investigation within two "
         "school days."),
       P("bul-notify", "The principal shall inform the parents or guardians of the students involved of the "
         "outcome of the investigation, subject to the limits on disclosure in BP 5125."),
       P("bul-discipline", "A student who engages in bullying on school premises or at a school activity shall "
         "be subject to discipline, which may include suspension or expulsion as provided in BP 5144.1, "
         "paragraph 5."),
       P("bul-training", "The Superintendent shall ensure that staff receive annual training on the prevention "
         "of bullying and on the procedures of this policy."),
       body=["The Governing Board recognizes the harmful effects of bullying on student learning and school "
             "attendance and desires to provide safe school environments that protect students from physical "
             "and emotional harm."],
       legal=[("Education Code 234-234.5", "Safe Place to Learn Act"),
              ("Education Code 48900", "Grounds for suspension and expulsion")],
       adopted="May 10, 2016", revised="October 11, 2018"),
    BP("dress", "5132", "Dress and Grooming",
       P("dress-rules", "The following rules shall apply to all regular school activities:",
         S("dress-shoes", "Shoes shall be worn at all times."),
         S("dress-insignia", "Clothing, jewelry, and personal items shall be free of writing, pictures, or "
           "other insignia that are vulgar, lewd, or obscene, or that promote the use of alcohol, drugs, or "
           "tobacco."),
         S("dress-sun", "Students shall be allowed to wear sun-protective clothing, including hats, for "
           "outdoor use during the school day.")),
       P("dress-site", "Each school may establish reasonable dress rules for physical education classes and "
         "for extracurricular activities, subject to the approval of the principal."),
       P("dress-correct", "A student who violates this policy shall be given an opportunity to correct the "
         "violation before any discipline is imposed."),
       body=["The Governing Board believes that appropriate dress and grooming contribute to a productive "
             "learning environment. Students shall give proper attention to personal cleanliness and shall "
             "wear clothes that are suitable for the school activities in which they take part."],
       legal=[("Education Code 35183", "School dress codes")],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("gangs", "5136", "Gangs",
       P("gang-monitor", "The principal shall watch for signs of gang activity at school and shall communicate "
         "regularly with local law enforcement agencies about any such activity."),
       P("gang-symbols", "Students shall not wear or display any clothing, jewelry, emblem, or symbol that the "
         "principal, after consulting local law enforcement, has determined to be associated with a gang."),
       body=["The Governing Board desires to keep district schools free from the threats and harmful influence "
             "of any gang."],
       adopted="August 14, 2012"),
    BP("medication", "5141.21", "Administering Medication and Monitoring Health Conditions",
       P("med-statement", "Before school personnel assist a student with medication, the parent or guardian "
         "shall provide a written statement from the student's physician giving the name of the medication, "
         "the dosage, and the times at which it is to be taken, together with a written request from the "
         "parent or guardian."),
       P("med-self", "A student may carry and self-administer an epinephrine auto-injector or inhaled asthma "
         "medication if the statement under paragraph 1 also confirms that the student is able to "
         "self-administer the medication."),
       P("med-storage", "All medication shall be stored in its original container in a locked cabinet -- never "
         "in a classroom or in a student's locker -- and a record shall be kept of each dose given."),
       P("med-emergency", "The Superintendent shall ensure that the school nurse or another trained employee is "
         "available at each school during the school day to administer emergency medication."),
       body=["A student who needs to take medication during the school day may be assisted by the school "
             "nurse or by other designated school personnel in accordance with this policy."],
       legal=[("Education Code 49423", "Administration of prescribed medication"),
              ("Education Code 49414", "Emergency epinephrine auto-injectors")],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("immun", "5141.3", "Immunizations",
       P("imm-required", "No child shall be admitted to a district school for the first time, or advanced to "
         "grade 7, unless the child has been fully immunized as required by law or has been granted a medical "
         "exemption."),
       P("imm-conditional", "A child who has not received all required immunizations may be admitted "
         "conditionally if the remaining doses are not yet due, and the Superintendent shall monitor the "
         "child's progress through the schedule of remaining doses."),
       P("imm-exclude", "Whenever there is good cause to believe that a student has been exposed to a disease "
         "against which the student has not been immunized, the student may be excluded from school until the "
         "local health officer is satisfied that the student is no longer at risk."),
       body=["The Governing Board desires to cooperate with state and local health agencies to encourage the "
             "immunization of all district students against preventable diseases."],
       legal=[("Health and Safety Code 120325-120380", "Immunization requirements")],
       adopted="August 14, 2012", revised="October 11, 2018"),
    BP("suicide", "5141.52", "Suicide Prevention",
       P("sui-plan", "The Superintendent shall develop measures for suicide prevention, intervention, and "
         "follow-up in consultation with school health professionals, school counselors, community mental "
         "health agencies, and suicide prevention experts."),
       P("sui-refer", "Any staff member who suspects that a student is at risk of suicide shall notify the "
         "principal or the school counselor at once, and the principal or counselor shall notify the "
         "student's parent or guardian unless doing so would place the student in danger."),
       P("sui-cards", "Each school serving students in any of grades 7 to 12 shall print the telephone number "
         "of a suicide prevention crisis line on student identification cards."),
       body=["The Governing Board recognizes that suicide is a leading cause of death among young people and "
             "that school staff who work with students every day are often in a position to recognize the "
             "warning signs."],
       legal=[("Education Code 215", "Suicide prevention policies")],
       adopted="May 10, 2016", revised="October 11, 2018"),
    BP("discipline", "5144", "Discipline",
       body=["The Governing Board is committed to providing a safe, supportive, and positive school environment "
             "in which students can learn. Discipline shall be used to correct misbehavior and to promote "
             "responsible conduct, and not merely to punish.",
             "Staff shall enforce the rules of conduct fairly, consistently, and without discrimination of any "
             "kind prohibited under BP 5145.3. Whenever possible, staff shall use positive interventions and "
             "other means of correction before resorting to suspension, which shall be imposed only in "
             "accordance with BP 5144.1."],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("suspension", "5144.1", "Suspension and Expulsion",
       P("sus-grounds", "A student may be suspended or recommended for expulsion only for an act that is "
         "related to school activity or attendance and that is listed as a ground for suspension or expulsion "
         "in Education Code 48900."),
       P("sus-other", "Suspension shall be imposed only when other means of correction have failed to bring "
         "about proper conduct, except that a student may be suspended for a first offense if the principal "
         "determines that the student's presence causes a danger to persons."),
       P("sus-principal", "A student may be suspended by the principal for not more than five consecutive "
         "school days. Before a suspension is imposed, the principal shall hold an informal conference with "
         "the student, at which the student shall be told the reason for the disciplinary action and given an "
         "opportunity to present his or her version of events."),
       P("sus-parent", "The parent or guardian of a suspended student shall be notified of the suspension by "
         "telephone on the day it is imposed and in writing within one school day, and shall be asked to "
         "attend a conference with school officials."),
       P("sus-expel", "The Governing Board may expel a student only on the recommendation of the principal and "
         "only after a hearing held under paragraph 6 of this policy."),
       P("sus-hearing", "At an expulsion hearing, which shall be held within 30 school days after the principal "
         "determines that the student has committed an act warranting expulsion, the student shall have the "
         "right to:",
         S("hear-counsel", "be represented by legal counsel or by an advisor who is not an attorney;"),
         S("hear-docs", "inspect and obtain copies of all documents to be used at the hearing;"),
         S("hear-witness", "question all witnesses who testify at the hearing; and"),
         S("hear-evidence", "present evidence, including the testimony of witnesses, on his or her own "
           "behalf.")),
       body=["The Governing Board has established standards of behavior in order to promote learning and to "
             "protect the safety and well-being of all students. When these standards are violated, it may be "
             "necessary to suspend or expel a student from regular classroom instruction."],
       legal=[("Education Code 48900-48927", "Suspension and expulsion"),
              ("Education Code 48911", "Suspension by the principal"),
              ("20 USC 1415(k)", "Discipline of students with disabilities")],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("nondisc", "5145.3", "Nondiscrimination and Harassment",
       P("nd-grounds", "No student shall be subjected to discrimination, harassment, intimidation, or bullying "
         "on the basis of actual or perceived race, color, ancestry, national origin, religion, sex, sexual "
         "orientation, gender identity, disability, or age, or on the basis of association with a person who "
         "has any of these characteristics."),
       P("nd-officer", "The Superintendent shall designate a compliance officer to receive and investigate "
         "complaints of discrimination, and shall publicize this policy to students, parents, and guardians "
         "at the beginning of each school year."),
       P("nd-discipline", "A student who engages in discrimination or harassment in violation of this policy "
         "shall be subject to discipline under BP 5144, and where the conduct is bullying as defined in BP "
         "5131.2, paragraph 1, the procedures of that policy shall also apply."),
       body=["The Governing Board desires to provide a safe school environment that allows all students equal "
             "access to district programs and activities."],
       legal=[("Education Code 200-262.4", "Prohibition of discrimination"),
              ("42 USC 2000d-2000d-7", "Title VI, Civil Rights Act of 1964")],
       adopted="August 14, 2012", revised="March 9, 2021"),
    BP("sexharass", "5145.7", "Sexual Harassment",
       P("sh-report", "Any student who believes that he or she has been subjected to sexual harassment, or who "
         "has witnessed it, is strongly encouraged to report the incident to a teacher, the principal, or the "
         "compliance officer designated under BP 5145.3, paragraph 2. A report may be made orally or in "
         "writing."),
       P("sh-investigate", "Complaints of sexual harassment shall be investigated and resolved promptly, and "
         "the complainant shall be informed in writing of the outcome within 60 calendar days."),
       P("sh-discipline", "A student who has engaged in sexual harassment may be suspended or recommended for "
         "expulsion, and a student recommended for expulsion shall have the hearing rights described in BP "
         "5144.1, paragraph 6."),
       body=["The Governing Board is committed to maintaining a school environment that is free from sexual "
             "harassment. Sexual harassment is a form of discrimination prohibited under BP 5145.3."],
       legal=[("Education Code 212.5", "Sexual harassment defined"),
              ("20 USC 1681-1688", "Title IX, Education Amendments of 1972")],
       adopted="May 10, 2016", revised="March 9, 2021"),
]


# ---------------------------------------------------------------------------- the new version

def retext(tree, key, before, after, para=None):
    """Replace `before` (printed once) in a paragraph's or item's text, or in body paragraph `para` of
    a policy."""
    node = td.find(tree, key)
    if node["kind"] == "bp":
        td.replace_once(node["body"], para, before, after)
    else:
        td.replace_once(node, "text", before, after)


NEW = copy.deepcopy(OLD)
TERM, TERM_NEW = "Superintendent", "Superintendent or designee"


SUBST = td.Term([(TERM, TERM_NEW)], kept=TERM_NEW)   # an occurrence of the new form is no term left


def text_slots(node):
    """A policy's texts are its unnumbered paragraphs; a paragraph's or an item's, its text."""
    return [(node["body"], i) for i in range(len(node["body"]))] if node["kind"] == "bp" else [(node, "text")]


# substitution first: "Superintendent" -> "Superintendent or designee" everywhere (the units it touches
# carry no other edit)
SUB_COUNT = td.substitute(td.walk(NEW), SUBST, text_slots)

# a policy inserted in the gap between 5131.2 and 5132: nothing else is renumbered
td.insert_after(
    NEW, "bullying",
    BP("drugs", "5131.6", "Alcohol and Other Drugs",
       P("drg-prohibit", "No student shall possess, use, sell, or be under the influence of alcohol, tobacco, "
         "cannabis, or any controlled substance on school premises, at any school-sponsored activity, or while "
         "going to or coming from school."),
       P("drg-discipline", "A student who violates paragraph 1 of this policy shall be subject to discipline "
         "under BP 5144.1 and may, instead of or in addition to discipline, be referred to an intervention or "
         "counseling program."),
       P("drg-educate", "The Superintendent or designee shall provide students with instruction on the effects "
         "of alcohol and drug use and shall make them aware of the mental health resources described in BP "
         "5141.52."),
       body=["The Governing Board believes that the use of alcohol or other drugs impairs a student's ability "
             "to learn, is physically and emotionally harmful, and has serious social and legal "
             "consequences."],
       legal=[("Education Code 48900", "Grounds for suspension"),
              ("Health and Safety Code 11053-11058", "Controlled substances")],
       adopted=NEW_DATE))

# a policy repealed: BP 5136 with its two paragraphs (nothing cites it)
td.remove(NEW, "gangs")

# a policy renumbered to a new code in the same place: BP 5141.3 -> BP 5141.31, every citation of it
# following
td.find(NEW, "immun")["code"] = "5141.31"
retext(NEW, "adm-immun", "BP 5141.3;", "BP 5141.31;")
retext(NEW, "adm-homeless", "BP 5141.3.", "BP 5141.31.")

# an item inserted in a lettered list: 5113.1.d, old d-f become e-g
td.insert_after(td.find(NEW, "abs-excused")["children"], "abs-medical",
                S("abs-mental", "appointments for mental or behavioral health services;"))

# a paragraph split in two: old 5144.1.3 -> new 5144.1.3 and 5144.1.4; old 4-6 become 5-7
td.split(td.find(NEW, "suspension")["children"], td.find(NEW, "sus-principal"), "Before a suspension ",
         "sus-conference")

# cross-references following the split ...
retext(NEW, "bul-discipline", "BP 5144.1, paragraph 5.", "BP 5144.1, paragraph 6.")
retext(NEW, "sus-expel", "paragraph 6 of this policy", "paragraph 7 of this policy")
# ... and one left stale: 5145.7.3 still says "BP 5144.1, paragraph 6" (the hearing rights, now paragraph 7;
# paragraph 6 is now the expulsion recommendation)

# rewords
retext(NEW, "abs-note", "within three school days", "within five school days")
retext(NEW, "grades", "as allowed by that policy", "within the time allowed by the teacher", para=1)
retext(NEW, "rec-inspect", "within five business days", "within three business days")
retext(NEW, "bul-report", "within two school days", "within one school day")
retext(NEW, "med-statement", "the student's physician", "the student's authorized health care provider")

# an item added to a list in the text of a paragraph
retext(NEW, "nd-grounds", "national origin, religion,", "national origin, immigration status, religion,")

# cosmetic: a misspelling corrected, straight quotes made curly, spaced double hyphens made em dashes
retext(NEW, "inter-appeal", "calender", "calendar")
retext(NEW, "bul-define", "\"bullying\"", "\u201cbullying\u201d")
retext(NEW, "med-storage", "cabinet -- never", "cabinet\u2014never")
retext(NEW, "med-storage", "locker -- and", "locker\u2014and")

# the Revised date of every policy whose units changed (the inserted one is only Adopted)
REVISED = ["parents", "admission", "absences", "intra", "inter", "grades", "records", "bullying", "medication",
           "immun", "suicide", "suspension", "nondisc"]
for key in REVISED:
    td.find(NEW, key)["revised"] = NEW_DATE


# ---------------------------------------------------------------------------- units, layout

LETTERS = "abcdefghijklmn"


def units(tree):
    """The units (dicts, see tree_docs) in document order, each with the key of its `policy`."""
    out = []
    for bp in tree:
        code = bp["code"]
        out.append(td.unit(bp["key"], "bp", code, f"BP {code} {bp['dash']}", " ".join(bp["body"]), bp["title"],
                           policy=bp["key"]))
        for pi, para in enumerate(bp["children"], 1):
            pid = f"{code}.{pi}"
            out.append(td.unit(para["key"], "para", pid, f"{pi}.", para["text"], policy=bp["key"]))
            for ai, item in enumerate(para["children"]):
                out.append(td.unit(item["key"], "item", f"{pid}.{LETTERS[ai]}", f"{LETTERS[ai]}.", item["text"],
                                   policy=bp["key"]))
    return out


# Citations are not broken across lines; where one would open a line, the word before it is kept with it.
GLUE = [r"(?:BP|Board Policy|AR|Administrative Regulation AR) \d{4}(?:\.\d+)?(?:, paragraph \d+)?",
        r"paragraph \d+(?: of this policy)?", r"Education Code \d+", r"grades? \d+(?: to \d+)?",
        r"\d+ (?:calendar|calender|school|business) days?"]
OPENS_UNIT = r"(\d+\.|[a-z]\.|BP |Board Policy|Legal Reference|Adopted:)"


def wrap(text, first, rest):
    # no continuation line may look like the start of a unit or of a policy's closing lines
    return td.wrap(text, first, rest, WIDTH, GLUE, OPENS_UNIT)


def layout(tree, title):
    out = [title.rstrip("\n")]
    for bp in tree:
        out += ["", "", f"BP {bp['code']} {bp['dash']} {bp['title']}"]
        for p in bp["body"]:
            out += [""] + wrap(p, "", "")
        for pi, para in enumerate(bp["children"], 1):
            out += [""] + wrap(para["text"], f"{pi}.".ljust(4), " " * 4)
            for ai, item in enumerate(para["children"]):
                out += [""] + wrap(item["text"], " " * 4 + f"{LETTERS[ai]}.".ljust(4), " " * 8)
        if bp["legal"]:
            out += ["", "Legal Reference:"]
            width = max(len(c) for c, _ in bp["legal"]) + 3
            out += ["    " + c.ljust(width) + d for c, d in bp["legal"]]
        out += ["", f"Adopted: {bp['adopted']}" + (f"  Revised: {bp['revised']}" if bp["revised"] else "")]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- the truth, by hand

# Every planted edit by (old ID, new ID). Renumberings of units with no other edit, and the units the
# substitution touches, are derived from the tree below and checked.
EDITS = [
    {"kind": "substitution", "old": "Superintendent", "new": "Superintendent or designee", "count": 10,
     "note": "every 'Superintendent' of the old version; the inserted BP 5131.6 says 'Superintendent or "
             "designee' once more (not counted)"},
    {"kind": "xref-update", "old": "5111.2.b", "new": "5111.2.b", "note": "BP 5141.3 -> BP 5141.31"},
    {"kind": "xref-update", "old": "5111.3", "new": "5111.3", "note": "BP 5141.3 -> BP 5141.31"},
    {"kind": "insert", "old": None, "new": "5113.1.d", "note": "an item inserted in the middle of a lettered list; "
     "old d-f become e-g"},
    {"kind": "reword", "old": "5113.2", "new": "5113.2", "note": "within three school days -> within five school "
     "days"},
    {"kind": "cosmetic", "old": "5117.3", "new": "5117.3", "what": "misspelling 'calender' corrected"},
    {"kind": "reword", "old": "5121", "new": "5121", "note": "in the second of the policy's two unnumbered "
     "paragraphs: 'as allowed by that policy' -> 'within the time allowed by the teacher'"},
    {"kind": "reword", "old": "5125.2", "new": "5125.2", "note": "five business days -> three business days"},
    {"kind": "cosmetic", "old": "5131.2.1", "new": "5131.2.1", "what": "straight quotes to curly"},
    {"kind": "reword", "old": "5131.2.2", "new": "5131.2.2", "note": "within two school days -> within one school "
     "day"},
    {"kind": "xref-update", "old": "5131.2.4", "new": "5131.2.4", "note": "BP 5144.1, paragraph 5 -> BP 5144.1, "
     "paragraph 6 (the split)"},
    {"kind": "insert", "old": None, "new": "5131.6", "note": "a policy in the gap between 5131.2 and 5132"},
    {"kind": "insert", "old": None, "new": "5131.6.1"},
    {"kind": "insert", "old": None, "new": "5131.6.2"},
    {"kind": "insert", "old": None, "new": "5131.6.3"},
    {"kind": "remove", "old": "5136", "new": None},
    {"kind": "remove", "old": "5136.1", "new": None},
    {"kind": "remove", "old": "5136.2", "new": None},
    {"kind": "reword", "old": "5141.21.1", "new": "5141.21.1", "note": "the student's physician -> the student's "
     "authorized health care provider"},
    {"kind": "cosmetic", "old": "5141.21.3", "new": "5141.21.3", "what": "spaced double hyphens to em dashes"},
    {"kind": "split", "old": "5144.1.3", "new": ["5144.1.3", "5144.1.4"], "note": "its second sentence made a "
     "paragraph; old 4-6 become 5-7"},
    {"kind": "xref-update", "old": "5144.1.5", "new": "5144.1.6", "note": "paragraph 6 of this policy -> "
     "paragraph 7 of this policy (the split)"},
    {"kind": "list-item", "old": "5145.3.1", "new": "5145.3.1", "item": "immigration status"},
    {"kind": "stale", "old": "5145.7.3", "new": "5145.7.3", "reference": "BP 5144.1, paragraph 6",
     "should_be": "5144.1.7", "note": "the hearing rights moved from 5144.1.6 to 5144.1.7 by the split; the new "
     "5144.1.6 is the paragraph on expulsion by the Board"},
]
# BP 5141.3 -> BP 5141.31 and its paragraphs (one of them a unit of the substitution) are derived renumberings.

CITE = re.compile(r"(?:BP|Board Policy) (\d{4}(?:\.\d+)?)(?:, paragraph (\d+))?"
                  r"|paragraph (\d+)(?: of this policy)?")


def resolve(m, u, us):
    if m.group(1):
        return [m.group(1) + (f".{m.group(2)}" if m.group(2) else "")]
    code = [v["id"] for v in us if v["node"] == "bp" and v["policy"] == u["policy"]][0]
    return [f"{code}.{m.group(3)}"]


def citations(us):
    """{unit key: [cited unit key, ...]} for every citation of this manual in the units' texts, resolved in
    that version ('AR 5113' and statutes are none)."""
    return td.citations(us, CITE, resolve)


# 5145.7.3 cites the hearing rights (5144.1.6, now 5144.1.7) in the old version and the expulsion
# recommendation (the new 5144.1.6) in the new
STALE = ("sh-discipline", ["sus-hearing"], ["sus-expel"])


def extra_check(e, ot, nt):
    """A cosmetic edit changes no word but the misspelling."""
    if e["kind"] == "cosmetic":
        assert re.sub(r"\W+", " ", ot).replace("calender", "calendar") == re.sub(r"\W+", " ", nt), e


def check(uo, un, old_tree, new_tree):
    """Derive the renumberings and the substitution's units; assert that every unit that differs is
    accounted for by exactly one edit (plus renumbering, for the substitution's units), that the IDs of
    each version are distinct as the scorer reads them, that every citation names the same unit in both
    versions but the stale one, and that the Revised dates changed on exactly the policies whose units
    changed."""
    derived, sub_units = td.check(uo, un, EDITS, SUBST, SUB_COUNT, norm=norm_id, extra=extra_check)
    o_by_key = {u["key"]: u for u in uo}
    n_by_key = {u["key"]: u for u in un}
    changed_policies = set()
    for key in [u["key"] for u in uo] + [u["key"] for u in un if u["key"] not in o_by_key]:
        o, n = o_by_key.get(key), n_by_key.get(key)
        if o is None or n is None or o["id"] != n["id"] or o["text"] != n["text"]:
            changed_policies.add((o or n)["policy"])
        if o and n and o["node"] == "bp":
            assert o["label"].split()[-1] == n["label"].split()[-1], ("a heading changed", key)
    # every citation names the same unit in both versions, but the stale one; the inserted policy's
    # citations all resolve
    co, cn = citations(uo), citations(un)
    td.check_citations(co, cn, STALE, new_resolve=True)
    # nothing cites the removed policy, and no removed unit cites anything
    removed = {k for k in o_by_key if k not in n_by_key}
    assert not any(set(v) & removed for v in co.values()) and not (set(co) & removed)
    # the removed policy had no occurrence of the substitution's term, nor has any title
    assert not any(TERM in o_by_key[k]["text"] for k in removed)
    assert not any(TERM in bp["title"] for bp in old_tree)
    # the Revised dates changed on exactly the policies whose units changed (inserted and removed aside)
    o_rev = {bp["key"]: bp["revised"] for bp in old_tree}
    n_rev = {bp["key"]: bp["revised"] for bp in new_tree}
    redated = {k for k in o_rev if k in n_rev and o_rev[k] != n_rev[k]}
    assert redated == changed_policies & set(o_rev) & set(n_rev), (redated ^ (changed_policies & set(n_rev)))
    assert all(bp["legal"] == td.find(new_tree, bp["key"])["legal"] for bp in old_tree
               if td.find(new_tree, bp["key"]))
    # codes in ascending order, as a manual files them
    for tree in (old_tree, new_tree):
        codes = [float(bp["code"]) for bp in tree]
        assert codes == sorted(codes), codes
    return derived, sub_units


def verify_files(text, us):
    """Each unit's label, title and text appear in the laid-out file, in order (modulo wrapping)."""
    flat = " ".join(text.split())
    pos = 0
    for u in us:
        want = " ".join(x for x in (u["label"], u["title"], u["text"]) if x)
        at = flat.find(want, pos)
        assert at >= 0, ("not found in order", u["id"], want[:80])
        pos = at + len(want)


KIND = ("school district board policy manual, 5000 series ('BP 5131.2 – Bullying' headings, codes of "
        "four digits with a decimal part, a new code filed in a gap; unnumbered opening paragraphs "
        "(the policy's unit text, joined by a space; some policies are only that), then '1.' / "
        "'a.'; IDs '5131.2', '5131.2.4', '5113.1.d'; cited 'BP 5144.1', 'Board Policy 5144.1', "
        "'BP 5144.1, paragraph 5', 'paragraph 6 of this policy'; 'AR 5113' (administrative "
        "regulations) and the statutes of each policy's 'Legal Reference:' block are not references "
        "to the manual; each policy closes with 'Adopted: <date>  Revised: <date>', no unit, whose "
        "Revised date changes on every policy that changed; hard-wrapped at 76 columns with hanging "
        "indents under a centred title block, no contents list)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units = check(uo, un, OLD, NEW)
    old_txt, new_txt = layout(OLD, TITLE_OLD), layout(NEW, TITLE_NEW)
    verify_files(old_txt, uo)
    verify_files(new_txt, un)
    assert max(len(line) for line in (old_txt + new_txt).splitlines()) <= WIDTH
    texts = {"old": old_txt, "new": new_txt}
    truth = td.write(OUT, "board-policies", KIND, texts, uo, un, EDITS, derived, sub_units)
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", len(EDITS),
          "derived renumberings", len(derived), "substitution count", SUB_COUNT, "in", len(sub_units), "units")


if __name__ == "__main__":
    sys.exit(main())
