"""Write insurance-policy/old.txt, new.txt and truth.json (hand-written homeowner's policy wording pair).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/insurance_make.py

A mutual insurer's homeowners policy form (all text invented): an AGREEMENT and a DEFINITIONS part
(unnumbered headings, no units) whose definitions are numbered '1.' to '12.' with points 'a.'; then
'SECTION I – PROPERTY COVERAGES' and 'SECTION II – LIABILITY COVERAGES', each with lettered parts
('A. Coverage A – Dwelling', 'G. Exclusions'; in Section II part A is 'Coverage E', part B
'Coverage F'), numbered paragraphs '1.', points 'a.' and items '(1)'. Paragraphs carry run-in
captions ('Appraisal. If you and we ...'). Cited 'Definition 9.', 'Definition 5.a.', 'Section I,
Exclusion 6.', 'Section II, Exclusion 1.a.', 'Exclusion 7. above', 'Condition 4.', 'paragraph C.3.
above', 'paragraph G. below', 'paragraph 1.g. above', 'a. or b. above', 'Coverage A or B',
'Coverages E and F', 'under Section II'. Hard-wrapped at 74 columns with hanging indents under a
centred title block, paginated: a running header with the form code on every page and a footer
'Page 3 of 10', pages separated by form feeds.

IDs: a definition is its number ('7', '10.a'); everything else is the section's roman numeral and
the labels down to it, dotted, an item in parentheses: 'I.A.1.b', 'I.C.4.d(1)', 'II.C.1.g'. A part
is its letter ('I.G', 'II.A'), whatever coverage letter its title gives it.

The document is held as a tree of nodes with stable keys; numbers are computed from position, so
renumbering follows from the structural edits. The planted edits (EDITS) are written by hand below;
the renumberings that follow from them, and the units of the substitution, are derived from the tree,
and `check` asserts that every unit that differs between the versions is accounted for by exactly
one edit (plus renumbering), that an xref-update changes nothing but citations, and that every
citation of the new version names the unit it named in the old one, the one stale reference aside.
`validate` then reads the written files back: truth.json loads, every unit's label, title and text
appear in its .txt (modulo wrapping and page furniture), and no continuation line looks like a label.
"""
import copy
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
import tree_docs as td  # noqa: E402
from tree_docs import item as IT, para as P, sub as S  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "insurance-policy"
WIDTH = 74
PAGE_BODY = 54          # body lines per page, between the header (and a blank) and a blank and the footer

FORM_OLD, FORM_NEW = "LM 00 03 04 19", "LM 00 03 06 25"
YEAR_OLD, YEAR_NEW = "2019", "2025"


def title_block(form, year):
    return td.centre([
        "LARCHMERE MUTUAL FIRE INSURANCE COMPANY",
        "",
        "HOMEOWNERS POLICY",
        "BROAD FORM – OWNER-OCCUPIED DWELLING",
        "",
        f"Form {form}",
        f"© Larchmere Mutual Fire Insurance Company, {year}",
    ], WIDTH)


# Each furniture line is one run of single-spaced words (the form code flush right; the page centred),
# so that a header or footer read into a unit's text is found by the scorer however its spacing is kept.
def header(form):
    return f"{form:>{WIDTH}}"


def footer(n, total):
    return f"Page {n} of {total}".center(WIDTH).rstrip()


AGREEMENT = ("In return for the premium paid and subject to every term of this policy, we will provide the "
             "insurance described in it. The Declarations, this form and any endorsements we attach together "
             "make up the policy.")
DEF_INTRO = ("In this policy, \"you\" and \"your\" refer to the named insured shown in the Declarations and to the "
             "named insured's spouse or civil partner, if a resident of the same household. \"We\", \"us\" and "
             "\"our\" refer to the Company. The other words and phrases printed in quotation marks have the "
             "meanings given to them below.")


# ---------------------------------------------------------------------------- the old version

def SEC(key, title, *children):
    return {"key": key, "kind": "sec", "title": title, "text": "", "children": list(children)}


def PART(key, title, *children, text=""):
    return {"key": key, "kind": "part", "title": title, "text": text, "children": list(children)}


DEFS = [
    P("d-acv", "\"Actual cash value\" means the amount it would cost, at the time of loss, to repair or replace "
      "damaged property with property of like kind and quality, less an allowance for physical wear, "
      "deterioration and obsolescence."),
    P("d-bi", "\"Bodily injury\" means physical harm, sickness or disease suffered by a person, including the care "
      "and loss of services it makes necessary and any death that results from it."),
    P("d-bus", "\"Business\" means a trade, profession or occupation carried on by an \"insured\" on a full-time, "
      "part-time or occasional basis, and any other activity carried on for money or other reward, except an "
      "activity for which no \"insured\" received more than $3,000 in all during the twelve months before the "
      "policy period began."),
    P("d-hhe", "\"Household employee\" means a person employed by an \"insured\" whose duties relate to the upkeep "
      "or use of the \"residence premises\", or who performs domestic duties for an \"insured\" elsewhere, but not "
      "a person whose duties are performed in the \"business\" of an \"insured\"."),
    P("d-ins", "\"Insured\" means:",
      S("d-ins-you", "you and the residents of your household who are your relatives, or who are under the age of "
        "21 and in the care of you or of a resident relative;"),
      S("d-ins-student", "a full-time student under the age of 24, who is your relative and was a resident of "
        "your household before leaving home to study; and"),
      S("d-ins-animal", "under Section II, any person or organization legally responsible for an animal or "
        "\"watercraft\" owned by a person described in a. or b. above, except a person or organization who has "
        "custody of it in the course of a \"business\" or without the owner's consent.")),
    P("d-mv", "\"Motorized vehicle\" means a self-propelled land vehicle, or a trailer while it is attached to one, "
      "but does not include a vehicle used only to maintain the \"residence premises\" that is not licensed for "
      "road use, or a motorized wheelchair."),
    P("d-occ", "\"Occurrence\" means an accident, or a series of related events arising from one cause, that "
      "results in \"bodily injury\" or \"property damage\" during the policy period."),
    P("d-pd", "\"Property damage\" means physical harm to tangible property, including its destruction, and the "
      "loss of use of that property."),
    P("d-rc", "\"Replacement cost\" means the cost, at the time of loss, of repairing or replacing damaged property "
      "with new property of comparable material and quality, intended for the same use, without any deduction "
      "for depreciation."),
    P("d-res", "\"Residence premises\" means the following, if its address is shown in the Declarations:",
      S("d-res-house", "the one-family or two-family dwelling in which you live, with its grounds and the other "
        "structures on them; or"),
      S("d-res-part", "that part of any other building in which you live.")),
    P("d-vac", "\"Vacant\" means that no one is living in the dwelling and it does not contain enough furniture and "
      "belongings to be lived in. A dwelling under construction is not \"vacant\"."),
    P("d-wc", "\"Watercraft\" means a boat or other craft designed to move on or under water, whether powered by "
      "engine, sail, oar, paddle or wind, including a personal watercraft, and any trailer designed to carry it."),
]

SECTIONS = [
    SEC("s1", "PROPERTY COVERAGES",
        PART("covA", "Coverage A – Dwelling",
             P("a-cover", "We cover:",
               S("a-dwelling", "the dwelling on the \"residence premises\", including any structure attached to it; "
                 "and"),
               S("a-materials", "materials and supplies on or next to the \"residence premises\" for use in "
                 "building, altering or repairing the dwelling or the other structures there.")),
             P("a-land", "Land is not covered, whether or not the dwelling stands on it, and neither is the cost of "
               "restoring, stabilizing or replacing any land.")),
        PART("covB", "Coverage B – Other Structures",
             P("b-cover", "We cover other structures on the \"residence premises\" that are separated from the "
               "dwelling by a clear space, or joined to it only by a fence, a utility line or a similar connection. "
               "We do not cover a structure that is rented or held for rent to anyone who is not a tenant of the "
               "dwelling, unless it is used only as a private garage, or a structure from which a \"business\" is "
               "carried on."),
             P("b-limit", "The limit of liability for Coverage B is 10% of the Coverage A limit. Payment under "
               "Coverage B does not reduce the Coverage A limit.")),
        PART("covC", "Coverage C – Personal Property",
             P("c-covered", "Covered Property. We cover personal property owned or used by an \"insured\" while it "
               "is anywhere in the world. At your request, we will also cover personal property of others while it "
               "is on the part of the \"residence premises\" occupied by an \"insured\", and property of a guest or "
               "of a \"household employee\" while it is in any residence occupied by an \"insured\"."),
             P("c-elsewhere", "Property Kept Elsewhere. For personal property normally kept at a residence of an "
               "\"insured\" other than the \"residence premises\", we will pay no more than 10% of the limit for "
               "this coverage or $1,500, whichever is greater. This restriction does not apply during the first 30 "
               "days after you begin moving property to a newly acquired principal residence."),
             P("c-special", "Special Limits. The amounts below are the most we will pay in any one loss for each "
               "category of property listed. They do not increase the Coverage C limit.",
               S("c-money", "$250 for money, bank notes, coins, precious metals other than goldware and "
                 "silverware, and stored-value cards;"),
               S("c-papers", "$1,500 for securities, deeds, manuscripts, passports, tickets and stamps;"),
               S("c-jewels", "$2,500 in all for theft of jewellery, watches, furs and gemstones; and"),
               S("c-bizprop", "for property used mainly for \"business\" purposes:",
                 IT("c-biz-on", "$2,500 while it is on the \"residence premises\"; and"),
                 IT("c-biz-off", "$500 while it is away from the \"residence premises\"."))),
             P("c-notcovered", "Property Not Covered. We do not cover property that is scheduled and insured for a "
               "stated amount under this or any other policy; animals, birds and fish; \"motorized vehicles\" and "
               "aircraft, and their parts and equipment; or property belonging to lodgers or tenants who are not "
               "related to an \"insured\".")),
        PART("covD", "Coverage D – Loss of Use",
             text="If a loss covered by this Section makes the part of the \"residence premises\" where you live "
             "unfit to live in, we will pay the reasonable increase in your living expenses needed to maintain your "
             "household's usual standard of living, for the shortest time needed to repair or replace the damage "
             "or, if you move permanently, to settle your household elsewhere. The expiry of this policy does not "
             "end this coverage."),
        PART("addl", "Additional Coverages",
             P("e-trees", "Trees, Shrubs and Other Plants. We cover trees, shrubs, plants and lawns on the "
               "\"residence premises\" for loss caused by fire or lightning, explosion, riot or civil commotion, "
               "aircraft, vandalism or malicious mischief, or theft. We will pay up to 5% of the Coverage A limit "
               "in all, but no more than $750 for any one tree, shrub or plant."),
             P("e-firedept", "Fire Department Service Charge. We will pay up to $750 for any charge you are liable "
               "for, under a contract or agreement, when a fire department is called to save or protect covered "
               "property from a peril we insure against. No deductible applies to this coverage."),
             P("e-collapse", "Collapse. We cover direct physical loss to covered property involving the sudden and "
               "entire collapse of a building, or of any part of a building, caused only by one or more of the "
               "following:",
               S("e-col-perils", "any of the perils listed in paragraph F.2. below;"),
               S("e-col-decay", "decay or insect damage hidden from view, unless an \"insured\" knew of it before "
                 "the collapse; or"),
               S("e-col-weight", "the weight of people, contents, ice, snow or rain collecting on a roof.")),
             P("e-ordinance", "Ordinance or Law. You may use up to 10% of the Coverage A limit for the extra cost of "
               "repairing or rebuilding the damaged part of a covered building in the way that an ordinance or law "
               "in force at the time of loss requires. This coverage does not apply to loss described in paragraph "
               "G.8. below.")),
        PART("perils", "Perils Insured Against",
             P("f-ab", "Coverage A and Coverage B. We insure against risk of direct physical loss to property "
               "described in Coverages A and B, except loss excluded in paragraph G. below, and except loss caused "
               "by:",
               S("f-freeze", "freezing of a plumbing, heating or air conditioning system or a household appliance "
                 "while the dwelling is \"vacant\", as described in Definition 11., unless you have taken reasonable "
                 "care to keep the building heated or to shut off the water supply and drain the system;"),
               S("f-wear", "wear and tear, gradual deterioration, rust, corrosion, wet or dry rot, mildew, "
                 "mechanical breakdown, or damage by birds, vermin, rodents or insects; or"),
               S("f-build", "theft in or from a dwelling under construction, or of materials and supplies for use "
                 "in the construction, until the dwelling is finished and lived in.")),
             P("f-c", "Coverage C. We insure for direct physical loss to property described in Coverage C, other "
               "than property listed in paragraph C.4. above, caused by any of the following perils, unless the "
               "loss is excluded in paragraph G. below:",
               S("p-fire", "Fire or lightning."),
               S("p-wind", "Windstorm or hail, but not loss to property inside a building caused by rain, snow, "
                 "sleet, sand or dust unless the wind or hail first makes an opening in the roof or a wall through "
                 "which the rain, snow, sleet, sand or dust enters."),
               S("p-explosion", "Explosion."),
               S("p-riot", "Riot or civil commotion."),
               S("p-aircraft", "Aircraft and vehicles, including self-propelled missiles and spacecraft, but not "
                 "damage by a vehicle owned or driven by a resident of the \"residence premises\"."),
               S("p-smoke", "Smoke, meaning sudden and accidental damage from smoke, but not smoke from "
                 "agricultural smudging or industrial operations."),
               S("p-vandal", "Vandalism or malicious mischief."),
               S("p-falling", "Falling objects, but not loss to property inside a building unless the roof or an "
                 "outside wall of the building is first damaged by the falling object."),
               S("p-theft", "Theft, including attempted theft and the loss of property from a known place when it "
                 "is likely that the property was stolen, but not theft:",
                 IT("p-theft-ins", "committed by an \"insured\"; or"),
                 IT("p-theft-rented", "from any part of the \"residence premises\" rented by an \"insured\" to a "
                    "person who is not an \"insured\".")))),
        PART("excl1", "Exclusions",
             P("x-ordinance", "Ordinance or Law, meaning the enforcement of any ordinance or law that regulates the "
               "construction, repair or demolition of a building or other structure, except to the extent provided "
               "in paragraph E.4. above."),
             P("x-earth", "Earth Movement, meaning earthquake, landslide, mudflow, subsidence, sinkhole or any other "
               "movement of the earth, whether natural or caused by people. Direct loss by a fire or explosion that "
               "follows is covered."),
             P("x-water", "Water Damage, meaning:",
               S("x-flood", "flood, surface water, waves, tidal water or the overflow of any body of water, or spray "
                 "from any of these, whether or not driven by wind;"),
               S("x-sewer", "water or sewage that backs up through sewers or drains, or that overflows from a sump; "
                 "or"),
               S("x-ground", "groundwater, including water that presses on or seeps through a foundation, basement "
                 "floor, driveway, swimming pool or other structure.")),
             P("x-power", "Power Failure, meaning the failure of power or another utility service that takes place "
               "away from the \"residence premises\". If a peril we insure against follows on the \"residence "
               "premises\", we will pay for the loss that peril causes."),
             P("x-war", "War, meaning declared or undeclared war, civil war, insurrection, rebellion or revolution, "
               "a warlike act by a military force, or the destruction or seizure of property for a military "
               "purpose."),
             P("x-nuclear", "Nuclear Hazard, meaning any nuclear reaction, radiation or radioactive contamination, "
               "however caused."),
             P("x-intent", "Intentional Loss, meaning any loss arising out of an act that an \"insured\" commits, or "
               "conspires to commit, with the intention of causing a loss."),
             P("x-govt", "Governmental Action, meaning the destruction, confiscation or seizure of property by order "
               "of a governmental or public authority, except an order to destroy property to prevent the spread of "
               "a fire."),
             text="The exclusions below apply to every coverage in this Section. A loss described in any of them is "
             "not covered, even if another cause or event, whether or not insured, contributed to the loss at the "
             "same time or in any order."),
        PART("cond1", "Conditions",
             P("h-deductible", "Deductible. For each loss under this Section, we will pay only the part of the "
               "covered loss that is more than the deductible shown in the Declarations. If two or more deductibles "
               "apply to one loss, only the highest will be applied."),
             P("h-duties", "Duties After Loss. After a loss to covered property, you, or an \"insured\" who seeks "
               "coverage, must see that the following are done. We may refuse payment for failure to do them only "
               "if the failure has prejudiced us:",
               S("h-notice", "give prompt notice to us or our agent, and notify the police if the loss is by "
                 "theft;"),
               S("h-protect", "protect the property from further damage, make the repairs that are reasonable and "
                 "necessary to protect it, and keep a record of what they cost;"),
               S("h-inventory", "prepare a list of the damaged personal property showing the quantity, "
                 "description, \"actual cash value\" and amount of loss of each item, with the bills, receipts and "
                 "other papers that support it;"),
               S("h-exam", "as often as we reasonably ask, show us the damaged property, let us inspect and copy "
                 "your records, and answer our questions under oath, apart from any other \"insured\"; and"),
               S("h-proof", "send us, within 60 days after we ask for it, your signed and sworn proof of loss, "
                 "setting out the time and cause of the loss, the interests of every \"insured\" and of all others "
                 "in the property, and any other insurance that may cover the loss.")),
             P("h-settle", "Loss Settlement. We will settle a covered loss as follows:",
               S("h-acv", "personal property described in Coverage C, subject to the special limits in paragraph "
                 "C.3. above, and carpeting, household appliances, awnings and outdoor equipment, whether or not "
                 "attached to a building, at \"actual cash value\" at the time of loss, but for no more than the "
                 "cost to repair or replace the property;"),
               S("h-rc", "buildings described in Coverage A or B, at \"replacement cost\", as set out in Definition "
                 "9., on the following terms:",
                 IT("h-rc-full", "if, at the time of loss, the Coverage A limit is 80% or more of the full "
                    "\"replacement cost\" of the dwelling, we will pay the cost to repair or replace the damage, up "
                    "to the limit that applies, without deduction for depreciation;"),
                 IT("h-rc-under", "if the Coverage A limit is less than 80% of that \"replacement cost\", we will "
                    "pay the larger of the \"actual cash value\" of the damage and the proportion of the cost to "
                    "repair or replace it that the limit bears to 80% of the \"replacement cost\"; and"),
                 IT("h-rc-until", "until the repair or replacement is complete, we will pay no more than the "
                    "\"actual cash value\" of the damage, unless the cost to repair or replace is less than $2,500 "
                    "and less than 5% of the Coverage A limit."))),
             P("h-appraisal", "Appraisal. If you and we disagree about the amount of a loss, either of us may ask in "
               "writing for the amount to be set by appraisal. Each of us will then appoint an impartial appraiser "
               "within 20 days of the request, and the two appraisers will choose an umpire. A decision agreed to "
               "by any two of the three sets the amount of the loss. Each of us will pay our own appraiser and "
               "share the other costs equally."),
             P("h-suit", "Legal Action Against Us. You may not bring an action against us under this Section unless "
               "you have complied with all its terms, and the action must be started within two years after the "
               "date of the loss."),
             P("h-payment", "Payment of Claims. We will settle each loss with you and will pay you, unless another "
               "person is named in this policy or is legally entitled to payment. We will pay within 30 days after "
               "we receive your proof of loss and the amount of the loss has been agreed with you, fixed by a final "
               "judgment or set by an appraisal award under Condition 4."),
             P("h-mortgagee", "Mortgagee. If a mortgagee is named in the Declarations, we will pay any loss under "
               "Coverage A or B jointly to you and the mortgagee, as your interests appear. If we deny your claim "
               "because of an act described in Exclusion 7. above, the denial will not apply to a valid claim of "
               "the mortgagee. We will give the mortgagee at least 10 days' notice before we cancel this policy."),
             P("h-nuclear", "Nuclear Hazard. Loss caused by the nuclear hazard described in Section I, Exclusion 6. "
               "is not loss caused by fire, explosion or smoke, whether or not those perils are named in this "
               "Section."))),
    SEC("s2", "LIABILITY COVERAGES",
        PART("covE", "Coverage E – Personal Liability",
             P("e-pay", "pay, up to the limit of liability shown in the Declarations, the damages the \"insured\" is "
               "legally obliged to pay; and"),
             P("e-defend", "defend the \"insured\" at our cost, using lawyers we select, even if the allegations are "
               "untrue. We may investigate and settle any claim or suit as we think fit. We have no duty to defend "
               "a claim for injury or damage excluded by Section II, Exclusion 1.a., and our duty to defend ends "
               "once we have paid our full limit for the \"occurrence\" in judgments or settlements."),
             text="Where someone claims damages from an \"insured\", or sues an \"insured\", because of \"bodily "
             "injury\" or \"property damage\" resulting from an \"occurrence\" covered by this Section, we will:"),
        PART("covF", "Coverage F – Medical Payments to Others",
             P("f-onpremises", "on the \"residence premises\" with the permission of an \"insured\"; or"),
             P("f-away", "away from the \"residence premises\", if the \"bodily injury\" arises out of a condition on "
               "the \"residence premises\" or on the ways next to it, or is caused by the activities of an "
               "\"insured\", by a \"household employee\" in the course of working for an \"insured\", or by an "
               "animal owned by or in the care of an \"insured\"."),
             text="We will pay the reasonable medical expenses, including ambulance, hospital, nursing and funeral "
             "services, incurred within three years after an accident that causes \"bodily injury\", up to the "
             "limit shown in the Declarations for each person. This coverage does not apply to you or to the "
             "regular residents of your household, except a \"household employee\". It applies only to a person "
             "who is:"),
        PART("excl2", "Exclusions",
             P("y-both", "Coverage E and Coverage F. Coverages E and F do not apply to \"bodily injury\" or "
               "\"property damage\":",
               S("y-intended", "that an \"insured\" intended or expected, even where the injury or damage that "
                 "results is more serious than, or different from, what was meant;"),
               S("y-business", "arising out of a \"business\" carried on by an \"insured\", or out of the renting "
                 "of any premises by an \"insured\", other than the occasional renting of the \"residence "
                 "premises\" as a residence;"),
               S("y-professional", "arising out of professional services given, or not given, by an "
                 "\"insured\";"),
               S("y-motor", "arising out of the ownership, maintenance or use of a \"motorized vehicle\" by or for "
                 "an \"insured\";"),
               S("y-watercraft", "arising out of a \"watercraft\", as defined in Definition 12., that is owned by or "
                 "rented to an \"insured\" and is powered by engines of more than 50 horsepower in all, or is a "
                 "sailing vessel 26 feet or more in overall length;"),
               S("y-war", "caused by war, as described in Section I, Exclusion 5., including any consequence of "
                 "it; or"),
               S("y-nuclear", "arising out of the nuclear hazard described in Section I, Exclusion 6.")),
             P("y-eonly", "Coverage E Only. Coverage E does not apply to liability an \"insured\" has taken on under "
               "a contract, other than a written contract directly relating to the use or upkeep of the \"residence "
               "premises\"; to \"property damage\" to property owned by, rented to or in the care of an "
               "\"insured\"; or to \"bodily injury\" to a person for whom an \"insured\" must by law provide "
               "workers' compensation benefits, including a \"household employee\"."),
             P("y-fonly", "Coverage F Only. Coverage F does not apply to \"bodily injury\" to any person, other than "
               "a \"household employee\", who regularly lives on any part of the \"residence premises\", or to "
               "\"bodily injury\" from the nuclear hazard described in paragraph 1.g. above.")),
        PART("cond2", "Conditions",
             P("z-limit", "Limit of Liability. However many \"insureds\" there are, claims are made or persons are "
               "injured, the most we will pay under Coverage E for all damages resulting from one \"occurrence\" is "
               "the Coverage E limit shown in the Declarations."),
             P("z-separate", "Separate Insureds. This insurance applies to each \"insured\" as if each were insured "
               "separately, but this condition does not increase our limit for any one \"occurrence\"."),
             P("z-duties", "Duties After an Occurrence. After an \"occurrence\", you or another \"insured\" must give "
               "us written notice of it as soon as practicable, send us promptly every demand, summons or other "
               "legal paper received about it, and help us, when we ask, to make settlements, obtain evidence and "
               "attend hearings and trials."),
             P("z-injured", "Duties of an Injured Person - Coverage F. The injured person, or someone acting for that "
               "person, must give us written proof of the claim as soon as practicable, under oath if we ask, and "
               "must allow us to obtain copies of the medical reports and records that relate to it."),
             P("z-suit", "Legal Action Against Us. No one may bring an action against us under this Section unless "
               "its terms have been complied with, and no one may join us as a party to an action against an "
               "\"insured\". We may not be sued under Coverage E until the amount the \"insured\" owes has been "
               "fixed by a final judgment or by an agreement we have signed."))),
]

OLD = {"defs": DEFS, "sections": SECTIONS}


# ---------------------------------------------------------------------------- the new version

def all_nodes(doc):
    return list(td.walk(doc["defs"])) + list(td.walk(doc["sections"]))


def find(doc, key):
    hits = [n for n in all_nodes(doc) if n["key"] == key]
    assert len(hits) == 1, key
    return hits[0]


def parent_list(doc, key):
    for container in [doc["defs"], doc["sections"]] + [n["children"] for n in all_nodes(doc)]:
        if any(n["key"] == key for n in container):
            return container
    raise KeyError(key)


def retext(doc, key, before, after):
    td.replace_once(find(doc, key), "text", before, after)


NEW = copy.deepcopy(OLD)

# substitution first: "household employee" -> "domestic employee" everywhere (6 times, in 6 units; once
# capitalized, as the defined term opening Definition 4.). The units it touches carry no other edit.
SUB_OLD, SUB_NEW = "household employee", "domestic employee"
TERM = td.Term([(SUB_OLD, SUB_NEW), (SUB_OLD.capitalize(), SUB_NEW.capitalize())], fold=str.lower)
SUB_COUNT = td.substitute(all_nodes(NEW), TERM)

# a definition inserted in the middle: "mould" as the new 7.; old 7.-12. become 8.-13.
td.insert_after(NEW["defs"], "d-mv",
                P("d-mould", "\"Mould\" means any type of fungus, mildew or mould, and any spores, odours or "
                  "substances that it produces or releases."))

# an exclusion removed: Section I, Exclusion 4. (Power Failure); old 5.-8. become 4.-7.
td.remove(parent_list(NEW, "x-power"), "x-power")

# a paragraph split in two: old I.C.2 -> new I.C.2 and I.C.3; old C.3 and C.4 become C.4 and C.5
td.split(parent_list(NEW, "c-elsewhere"), find(NEW, "c-elsewhere"), "This restriction ", "c-newhome")

# cross-references following the renumbering
retext(NEW, "f-freeze", "Definition 11.", "Definition 12.")
retext(NEW, "h-rc", "Definition 9.", "Definition 10.")
retext(NEW, "y-watercraft", "Definition 12.", "Definition 13.")
retext(NEW, "e-ordinance", "G.8. below", "G.7. below")
retext(NEW, "f-c", "paragraph C.4. above", "paragraph C.5. above")
retext(NEW, "h-acv", "paragraph C.3. above", "paragraph C.4. above")
retext(NEW, "h-mortgagee", "Exclusion 7. above", "Exclusion 6. above")
retext(NEW, "y-war", "Section I, Exclusion 5.", "Section I, Exclusion 4.")
retext(NEW, "y-nuclear", "Section I, Exclusion 6.", "Section I, Exclusion 5.")
# ... and one left stale: Section I, Condition 8. (Nuclear Hazard) still says "Section I, Exclusion 6.",
# which now names Intentional Loss; the nuclear hazard exclusion is Exclusion 5.

# rewords: limits and periods, and the new defined term used
retext(NEW, "c-money", "$250 for money", "$500 for money")
retext(NEW, "e-firedept", "up to $750 for any charge", "up to $1,000 for any charge")
retext(NEW, "f-wear", "wet or dry rot, mildew,", "wet or dry rot, \"mould\",")
retext(NEW, "h-proof", "within 60 days after we ask", "within 90 days after we ask")
retext(NEW, "h-appraisal", "within 20 days of the request", "within 30 days of the request")
retext(NEW, "h-suit", "within two years after", "within three years after")

# an item added to a list of perils, in the text of a paragraph
LIST_ITEM = "vehicles not owned or driven by a resident of your household"
retext(NEW, "e-trees", "civil commotion, aircraft, vandalism", f"civil commotion, aircraft, {LIST_ITEM}, vandalism")

# cosmetic: a straight apostrophe made curly, straight quotes made curly, a spaced hyphen made an en dash
retext(NEW, "covD", "household's usual", "household\u2019s usual")
node = find(NEW, "z-separate")
node["text"] = td.curl_quotes(node["text"])
retext(NEW, "z-injured", "Injured Person - Coverage F.", "Injured Person \u2013 Coverage F.")


# ---------------------------------------------------------------------------- units, layout

LETTERS = "abcdefghijklmnopqrstuvwxyz"
PART_LETTERS = "ABCDEFGH"
ROMAN = ["I", "II", "III"]


def units(doc):
    """The units (dicts, see tree_docs) in document order, each with its context `ctx`: (section roman or
    None, part ID or None, paragraph ID or None)."""
    out = []
    for di, d in enumerate(doc["defs"], 1):
        did = str(di)
        out.append(td.unit(d["key"], "def", did, f"{di}.", d["text"], ctx=(None, None, did)))
        for ai, sub in enumerate(d["children"]):
            out.append(td.unit(sub["key"], "defsub", f"{did}.{LETTERS[ai]}", f"{LETTERS[ai]}.", sub["text"],
                               ctx=(None, None, did)))
    for si, sec in enumerate(doc["sections"]):
        sid = ROMAN[si]
        out.append(td.unit(sec["key"], "sec", sid, f"SECTION {sid} –", "", sec["title"], ctx=(sid, None, None)))
        for pi, part in enumerate(sec["children"]):
            L = PART_LETTERS[pi]
            prt = f"{sid}.{L}"
            out.append(td.unit(part["key"], "part", prt, f"{L}.", part["text"], part["title"], ctx=(sid, prt, None)))
            for ni, para in enumerate(part["children"], 1):
                pid = f"{prt}.{ni}"
                out.append(td.unit(para["key"], "para", pid, f"{ni}.", para["text"], ctx=(sid, prt, pid)))
                for ai, sub in enumerate(para["children"]):
                    aid = f"{pid}.{LETTERS[ai]}"
                    out.append(td.unit(sub["key"], "sub", aid, f"{LETTERS[ai]}.", sub["text"], ctx=(sid, prt, pid)))
                    for ii, item in enumerate(sub["children"], 1):
                        out.append(td.unit(item["key"], "item", f"{aid}({ii})", f"({ii})", item["text"],
                                           ctx=(sid, prt, pid)))
    return out


# Citations. One regex, its alternatives tried in order; `resolve` turns a match into the IDs it names.
CITE = re.compile(
    r"(?P<def>Definition (?P<dn>\d+)\.(?:(?P<dx>[a-z])\.)?(?: or (?P<dn2>\d+)\.(?P<dx2>[a-z])\.)?)"
    r"|(?P<ec>(?:Section (?P<es>I|II), )?(?P<ew>Exclusion|Condition) (?P<en>\d+)\.(?:(?P<ex>[a-z])\.)?)"
    r"|(?P<para>paragraph (?:(?P<pl>[A-H])\.)?(?:(?P<pn>\d+)\.)?(?:(?P<px>[a-z])\.)? (?:above|below))"
    r"|(?P<cov>Coverages? (?P<c1>[A-F])(?: (?:or|and) (?P<c2>[A-F]))?\b)"
    r"|(?P<rel>\b(?P<r1>[a-z])\. or (?P<r2>[a-z])\. above)"
    r"|(?P<sec>Section (?P<sn>I|II)\b)")
# Words that open a citation: every one in a text must sit inside a CITE match.
CITE_WORDS = re.compile(r"\b(?:Definition|Exclusion|Condition|paragraph|Coverages?|Section) (?:[A-Z0-9]|I\b)")
PART_OF = {("I", "Exclusion"): "G", ("I", "Condition"): "H", ("II", "Exclusion"): "C", ("II", "Condition"): "D"}


def resolve(m, u, us):
    sid, prt, pid = u["ctx"]
    if m.group("def"):
        out = [m.group("dn") + (f".{m.group('dx')}" if m.group("dx") else "")]
        if m.group("dn2"):
            out.append(f"{m.group('dn2')}.{m.group('dx2')}")
        return out
    if m.group("ec"):
        s = m.group("es") or sid
        base = f"{s}.{PART_OF[(s, m.group('ew'))]}.{m.group('en')}"
        return [base + (f".{m.group('ex')}" if m.group("ex") else "")]
    if m.group("para"):
        if m.group("pl"):
            base = f"{sid}.{m.group('pl')}"
        else:
            base = prt
        for g in ("pn", "px"):
            if m.group(g):
                base += "." + m.group(g)
        return [base]
    if m.group("cov"):
        out = []
        for g in ("c1", "c2"):
            if m.group(g):
                hits = [v["id"] for v in us if v["node"] == "part" and v["title"].startswith(
                    f"Coverage {m.group(g)} ")]
                assert len(hits) == 1, m.group(0)
                out += hits
        return out
    if m.group("rel"):
        return [f"{pid}.{m.group('r1')}", f"{pid}.{m.group('r2')}"]
    if m.group("sec"):
        return [m.group("sn")]
    raise AssertionError(m.group(0))


def citations(us):
    """{unit key: [cited unit key or None, ...]} for every citation in the units' texts, resolved in that
    version; asserts every citing word is inside a recognised citation."""
    return td.citations(us, CITE, resolve, CITE_WORDS)


def strip_cites(text):
    return CITE.sub("<cite>", text)


# Layout. Citations are not broken across lines, and where one would open a line the word before it is
# kept with it; no continuation line may look like the start of a unit.
OPENS_UNIT = re.compile(r"(?:\(\d+\)|[a-z]\.|\d+\.|[A-H]\.)(?:\s|$)|SECTION ")


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, ["(?:" + CITE.pattern + ")"], OPENS_UNIT)


def body_lines(doc):
    """The document's lines before pagination, each marked True where a page may not end after it
    (a heading is kept with what follows)."""
    out = []

    def add(lines, keep=False):
        out.extend((line, keep) for line in lines)

    add([""])
    add(["AGREEMENT", ""], keep=True)
    add(wrap(AGREEMENT, "", ""))
    add(["", "DEFINITIONS", ""], keep=True)
    add(wrap(DEF_INTRO, "", ""))
    for u in units(doc):
        kind, label, title, text = u["node"], u["label"], u["title"], u["text"]
        if kind == "def":
            add([""] + wrap(text, label.ljust(4), " " * 4))
        elif kind == "defsub":
            add([""] + wrap(text, " " * 4 + label.ljust(4), " " * 8))
        elif kind == "sec":
            add(["", ""])
            add([f"{label} {title}", ""], keep=True)
            out.pop()
        elif kind == "part":
            add([""])
            add([f"{label.ljust(4)}{title}"], keep=True)
            if text:
                add([""], keep=True)
                add(wrap(text, " " * 4, " " * 4))
        elif kind == "para":
            add([""] + wrap(text, " " * 4 + label.ljust(4), " " * 8))
        elif kind == "sub":
            add([""] + wrap(text, " " * 8 + label.ljust(4), " " * 12))
        else:
            add([""] + wrap(text, " " * 12 + label.ljust(4), " " * 16))
    return out


def paginate(doc, form, year):
    body = [(line, False) for line in title_block(form, year)] + body_lines(doc)
    pages = td.pages(body, PAGE_BODY)
    total = len(pages)
    out, furniture = [], []
    for n, pg in enumerate(pages, 1):
        lines = [line for line, _ in pg]
        while lines and not lines[-1]:
            lines.pop()
        head, foot = header(form), footer(n, total)
        furniture += [head.strip(), foot.strip()]
        out += [head, ""] + lines + [""] * (PAGE_BODY - len(lines) + 1) + [foot]
        if n < total:
            out.append("\f")
    text = "\n".join(out) + "\n"
    return text.replace("\n\f\n", "\n\f"), furniture


# ---------------------------------------------------------------------------- the truth, by hand

# Every planted edit by (old ID, new ID). Renumberings of units with no other edit, and the units the
# substitution touches, are derived from the tree below and checked.
EDITS = [
    {"kind": "substitution", "old": SUB_OLD, "new": SUB_NEW, "count": 6,
     "note": "'household employee' -> 'domestic employee' in every unit that uses it, once capitalized as the "
             "defined term opening Definition 4. ('\"Household employee\" means')"},
    {"kind": "insert", "old": None, "new": "7", "note": "definition of \"mould\" inserted; old Definitions 7.-12. "
     "become 8.-13."},
    {"kind": "split", "old": "I.C.2", "new": ["I.C.2", "I.C.3"], "note": "Property Kept Elsewhere: its second "
     "sentence (the newly acquired residence) made a paragraph of its own; old C.3 and C.4 become C.4 and C.5"},
    {"kind": "reword", "old": "I.C.3.a", "new": "I.C.4.a", "note": "special limit for money $250 -> $500"},
    {"kind": "cosmetic", "old": "I.D", "new": "I.D", "what": "straight apostrophe to curly (household\u2019s)"},
    {"kind": "list-item", "old": "I.E.1", "new": "I.E.1", "item": LIST_ITEM,
     "note": "a peril added to the inline list of perils for trees, shrubs and plants"},
    {"kind": "reword", "old": "I.E.2", "new": "I.E.2", "note": "fire department service charge $750 -> $1,000"},
    {"kind": "xref-update", "old": "I.E.4", "new": "I.E.4", "note": "paragraph G.8. below -> paragraph G.7. below"},
    {"kind": "xref-update", "old": "I.F.1.a", "new": "I.F.1.a", "note": "Definition 11. -> Definition 12."},
    {"kind": "reword", "old": "I.F.1.b", "new": "I.F.1.b", "note": "'mildew' -> '\"mould\"' (the new definition)"},
    {"kind": "xref-update", "old": "I.F.2", "new": "I.F.2", "note": "paragraph C.4. above -> paragraph C.5. above"},
    {"kind": "remove", "old": "I.G.4", "new": None, "note": "the Power Failure exclusion"},
    {"kind": "reword", "old": "I.H.2.e", "new": "I.H.2.e", "note": "proof of loss within 60 days -> 90 days"},
    {"kind": "xref-update", "old": "I.H.3.a", "new": "I.H.3.a", "note": "paragraph C.3. above -> paragraph C.4. "
     "above"},
    {"kind": "xref-update", "old": "I.H.3.b", "new": "I.H.3.b", "note": "Definition 9. -> Definition 10."},
    {"kind": "reword", "old": "I.H.4", "new": "I.H.4", "note": "appraisers appointed within 20 days -> 30 days"},
    {"kind": "reword", "old": "I.H.5", "new": "I.H.5", "note": "action within two years -> three years"},
    {"kind": "xref-update", "old": "I.H.7", "new": "I.H.7", "note": "Exclusion 7. above -> Exclusion 6. above"},
    {"kind": "stale", "old": "I.H.8", "new": "I.H.8", "reference": "Section I, Exclusion 6", "should_be": "I.G.5",
     "note": "the nuclear hazard exclusion moved from 6. to 5. when Exclusion 4. was removed; the new "
             "Exclusion 6. is Intentional Loss"},
    {"kind": "xref-update", "old": "II.C.1.e", "new": "II.C.1.e", "note": "Definition 12. -> Definition 13."},
    {"kind": "xref-update", "old": "II.C.1.f", "new": "II.C.1.f", "note": "Section I, Exclusion 5. -> Section I, "
     "Exclusion 4."},
    {"kind": "xref-update", "old": "II.C.1.g", "new": "II.C.1.g", "note": "Section I, Exclusion 6. -> Section I, "
     "Exclusion 5."},
    {"kind": "cosmetic", "old": "II.D.2", "new": "II.D.2", "what": "straight quotes to curly"},
    {"kind": "cosmetic", "old": "II.D.4", "new": "II.D.4", "what": "spaced hyphen in the caption to an en dash"},
]
STALE_KEYS = ("h-nuclear", ["x-nuclear"], ["x-intent"])


def extra_check(e, ot, nt):
    """An xref-update changes nothing but citations; a cosmetic edit nothing but quotes and dashes."""
    if e["kind"] == "xref-update":
        assert strip_cites(ot) == strip_cites(nt), ("an xref-update changes more than citations", e)
    if e["kind"] == "cosmetic":
        plain = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2019": "'", "\u2013": "-"})
        assert ot.translate(plain) == nt.translate(plain), e


def check(uo, un):
    """Derive the renumberings and the substitution's units; assert that every unit that differs is
    accounted for by exactly one edit (plus renumbering, for the substitution's units), and that every
    citation names the same unit in both versions but the stale one. Returns the old version's citations
    too."""
    derived, sub_units = td.check(uo, un, EDITS, TERM, SUB_COUNT, extra=extra_check)
    for e in EDITS:
        if e["kind"] == "stale":
            assert [u["id"] for u in un if u["key"] == STALE_KEYS[1][0]] == [e["should_be"]], e
    # every citation names the same unit in both versions, but the stale one; none is dangling
    co, cn = citations(uo), citations(un)
    assert set(co) == set(cn), set(co) ^ set(cn)
    td.check_citations(co, cn, STALE_KEYS, new_resolve=True)
    # cited units are never removed or split
    removed_or_split = ({u["key"] for u in uo} - {u["key"] for u in un}) | {"c-elsewhere"}
    assert not any(k in removed_or_split for v in co.values() for k in v)
    assert not any(k in removed_or_split for k in co)
    return derived, sub_units, co


def validate(truth):
    """Read the written files back: every unit's label, title and text in its .txt (modulo wrapping and
    page furniture), in document order; the furniture lines where the truth says."""
    loaded = json.loads((OUT / "truth.json").read_text(encoding="utf-8"))
    assert loaded == truth
    for v in loaded["versions"]:
        raw = (OUT / v["files"]["txt"]).read_text(encoding="utf-8")
        lines = raw.replace("\f", "").split("\n")
        td.units_in_order(v, lines, WIDTH)
        # a unit's label is the only thing that opens a line with a label: count label lines
        opens = [line for line in lines if OPENS_UNIT.match(line.strip()) and not line.startswith("SECTION")]
        body_units = [u for u in v["units"] if not u["label"].startswith("SECTION")]
        assert len(opens) == len(body_units), (v["name"], len(opens), len(body_units))


KIND = ("homeowners insurance policy form ('SECTION I – PROPERTY COVERAGES' / 'A. Coverage A – "
        "Dwelling' / '1.' / 'a.' / '(1)', paragraphs with run-in captions; numbered definitions "
        "'1.'-'12.' under an unnumbered DEFINITIONS heading (IDs '7', '10.a'); other IDs dotted "
        "from the section: 'I.C.4.d(1)', 'II.C.1.g'; in Section II part A is Coverage E and part B "
        "Coverage F; cited 'Definition 9.', 'Section I, Exclusion 6.', 'Section II, Exclusion "
        "1.a.', 'Exclusion 7. above', 'Condition 4.', 'paragraph C.3. above', 'paragraph 1.g. "
        "above', 'Coverage A or B'; hard-wrapped at 74 columns with hanging indents under a centred "
        "title block, a running header with the form code and 'Page 3 of 10' footers, form feeds "
        "between pages)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units, cites = check(uo, un)
    texts, furniture = {}, {}
    for name, doc, form, year in (("old", OLD, FORM_OLD, YEAR_OLD), ("new", NEW, FORM_NEW, YEAR_NEW)):
        texts[name], furniture[name] = paginate(doc, form, year)
    truth = td.write(OUT, "insurance-policy", KIND, texts, uo, un, EDITS, derived, sub_units, furniture)
    validate(truth)
    td.report(truth, uo, un, len(EDITS), derived, SUB_COUNT, sub_units, cites, furniture)


if __name__ == "__main__":
    sys.exit(main())
