"""Write building-code/old.txt, new.txt and truth.json (hand-written residential building code chapter pair).

Run from the repository root: .venv/bin/python bench/generator/handwritten/_build/building_code_make.py

One chapter of an invented residential building code in the style of the US model codes: a chapter
heading 'CHAPTER 3' with its title 'BUILDING PLANNING' on the next line, sections 'SECTION R302' with
their title on the next line, numbered provisions 'R302.1 Exterior walls. Text ...' (a run-in title,
then the text) and subprovisions 'R302.1.1', 'R302.2.3'. Some provisions are followed by an
'Exceptions:' line and numbered items '1.', '2.', '3.'; some by a single unnumbered 'Exception:'
paragraph. Cited 'Section R302.4', 'Section R302.2 or R302.3', 'Sections R302.9.1 and R302.9.2',
'Sections R302.5.1 through R302.5.3', 'in accordance with Section R303.2.1', 'Exception 4 of Section
R302.1'; tables are cited ('Table R302.1(1)', 'Table R302.6') but not printed, and other chapters of the
code are cited too ('Section P2904', 'Section M1505.4', 'Chapter 4'), none of them units of this
document. Centred chapter and section headings, hard-wrapped at 72 columns with hanging indents, a
running header '2027 RESIDENTIAL CODE' and page-number footers '3-1', '3-2', ... (flush right on odd
pages, flush left on even ones, as a bound book prints them), form feeds between pages. All text
invented.

Built like conduct_make.py and insurance_make.py on tree_docs: the document is a tree of nodes with stable
keys; numbers are computed from position; the planted edits (EDITS) are written by hand; renumberings and
the substitution's units are derived, and `check` asserts that every differing unit is accounted for,
that an xref-update changes nothing but citations, and that every citation of the new version names the
unit it named in the old one, the one stale reference aside. The split gives its second part a run-in
title of its own (as a code editor would), so it is checked here rather than by tree_docs (whose split
asks for the old text to be the two new texts joined): the old text is the two new texts joined once the
new run-in title is taken off. `validate` then reads the written files back.
"""
import copy
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, "bench/generator/handwritten/_build")
sys.path.insert(0, ".")
import tree_docs as td  # noqa: E402
from bench.generator.score import norm_id  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "building-code"
WIDTH = 72
PAGE_BODY = 54          # body lines per page, between the header (and a blank) and a blank and the footer
HEADER = "2027 RESIDENTIAL CODE"
CHAPTER, CHAPTER_TITLE = "3", "BUILDING PLANNING"


def SEC(key, title, *children):
    return {"key": key, "kind": "sec", "title": title, "children": list(children)}


def P(key, text, *children, exc=None):
    """A provision: its text opens with its run-in title; `exc` a single unnumbered 'Exception:' paragraph;
    its children are its numbered exception items (EX) and then its subprovisions (P)."""
    return {"key": key, "kind": "prov", "text": text, "exc": exc, "children": list(children)}


def EX(key, text):
    return {"key": key, "kind": "exc", "text": text, "children": []}


# ---------------------------------------------------------------------------- the old version

OLD = [
    SEC("s-design", "DESIGN CRITERIA",
        P("app", "Application. Buildings and structures, and every part of them, shall be designed and "
          "constructed to carry safely the dead, live, snow, wind and seismic loads imposed on them and to "
          "transfer those loads to the supporting soil. Construction shall follow the prescriptive provisions "
          "of this code, or shall be designed in accordance with Section R301.1.2.",
          P("app-alt", "Alternative provisions. As an alternative to the prescriptive provisions of this "
            "chapter, buildings of wood-frame, cold-formed steel or concrete construction shall be permitted "
            "to be designed and built in accordance with the standards referenced in Chapter 44, within the "
            "limits of application stated in each of those standards."),
          P("app-eng", "Engineered design. Where a building or any part of it falls outside the limits of the "
            "prescriptive provisions of this code, the elements that fall outside those limits shall be "
            "designed in accordance with accepted engineering practice. The engineered design need extend "
            "only to those elements, and shall be shown on the construction documents submitted with the "
            "application for a permit.")),
        P("climate", "Climatic and geographic design criteria. The design of every building shall take account "
          "of the climatic and geographic conditions of its site. The jurisdiction shall determine the ground "
          "snow load, the basic wind speed, the seismic design category, the frost line depth and the flood "
          "hazard areas that apply within its boundaries, and shall record them in Table R301.2."),
        P("story", "Story height. The wind and seismic provisions of this code apply to buildings in which no "
          "story is more than 11 feet 7 inches in height, measured from the top surface of one floor to the "
          "top surface of the floor above.",
          EX("story-wood", "A story of wood-frame construction shall be permitted to be not more than 13 feet "
             "7 inches in height where the studs of its exterior walls are designed in accordance with Section "
             "R301.1.2."),
          EX("story-base", "The height of a basement story enclosed by concrete or masonry foundation walls is "
             "not limited by this section where those walls comply with Chapter 4."))),
    SEC("s-fire", "FIRE-RESISTANT CONSTRUCTION",
        P("ext", "Exterior walls. Exterior walls, together with their projections, openings and penetrations, "
          "shall comply with Table R302.1(1) according to their fire separation distance. In dwellings "
          "equipped throughout with an automatic sprinkler system installed in accordance with Section P2904, "
          "exterior walls shall comply with Table R302.1(2) instead.",
          EX("ext-perp", "Walls, projections, openings and penetrations in walls that run perpendicular to the "
             "line used to measure the fire separation distance."),
          EX("ext-samelot", "Walls of a dwelling and of its accessory structures that stand on the same lot, "
             "where they face one another."),
          EX("ext-garage", "Detached garages accessory to a dwelling and located within 2 feet of a lot line, "
             "which shall be permitted to have roof eave projections of not more than 4 inches."),
          EX("ext-shed", "Detached tool sheds, playhouses and similar accessory structures of not more than "
             "200 square feet in floor area. Such structures need not provide wall, projection or opening "
             "protection, whatever their distance from the lot line."),
          P("ext-soffit", "Soffit protection. Where Table R302.1(1) requires a soffit to have a "
            "fire-resistance rating, the rating shall extend from the top of the exterior wall to the "
            "underside of the roof sheathing, and no vents shall be installed in the rated portion of the "
            "soffit."),
          P("ext-open", "Openings near lot lines. The total area of openings in an exterior wall having a "
            "fire separation distance of less than 5 feet shall not exceed 25 percent of the area of that "
            "wall. This limit does not apply to the structures described in Exception 4 of Section "
            "R302.1.")),
        P("town", "Townhouses. Each townhouse shall be separated from the adjoining townhouse by two 1-hour "
          "fire-resistance-rated wall assemblies, or by a common wall complying with Section R302.2.1. "
          "Assemblies shall be tested in accordance with ASTM E119 or UL 263 with exposure from both sides.",
          EX("town-sprink", "A common wall shall be permitted to have a fire-resistance rating of 1 hour where "
             "both townhouses are equipped throughout with an automatic sprinkler system installed in "
             "accordance with Section P2904."),
          EX("town-boxes", "Electrical outlet boxes shall be permitted in a common wall where they are listed "
             "for use in fire-resistance-rated assemblies and are installed as their listing requires."),
          P("town-common", "Common walls. A common wall shared by two townhouses shall have a "
            "fire-resistance rating of not less than 2 hours, and shall contain no plumbing or mechanical "
            "equipment, ducts or vents other than those passing through it. Penetrations of the wall shall "
            "be fireblocked in accordance with Section R302.11."),
          P("town-cont", "Continuity. The separation between townhouses shall extend without interruption "
            "from the top of the foundation to the underside of the roof sheathing, and through any "
            "enclosed eaves, soffits and similar spaces."),
          P("town-parapet", "Parapets. A parapet built as an extension of a common wall shall rise not less "
            "than 30 inches above the roof surface on each side of the wall.",
            exc="A parapet is not required where the roof has a Class C roof covering and the roof "
            "sheathing within 4 feet of the common wall on each side is of noncombustible material.")),
        P("two", "Two-family dwellings. The dwelling units of a two-family dwelling shall be separated from "
          "each other by wall and floor assemblies having a fire-resistance rating of not less than 1 hour "
          "when tested in accordance with ASTM E119 or UL 263. The wall assemblies shall extend to the "
          "underside of the roof sheathing.",
          EX("two-sprink", "A fire-resistance rating of 1/2 hour shall be permitted where both dwelling units "
             "are equipped throughout with an automatic sprinkler system installed in accordance with Section "
             "P2904."),
          EX("two-attic", "Wall assemblies need not extend through an attic space where the ceiling below it "
             "is protected by not less than 5/8-inch Type X gypsum wallboard and an attic draftstop is "
             "installed above and along the line of the wall."),
          P("two-support", "Supporting construction. Where Section R302.3 requires a floor assembly to be "
            "fire-resistance rated, the construction that supports it shall have a fire-resistance rating "
            "not less than that of the floor assembly.")),
        P("pen", "Rated penetrations. Penetrations of wall or floor-ceiling assemblies required to be "
          "fire-resistance rated by Section R302.2 or R302.3 shall be protected in accordance with this "
          "section.",
          P("pen-through", "Through penetrations. A through penetration shall be protected by an approved "
            "penetration firestop system, installed as tested in accordance with ASTM E814 or UL 1479 with a "
            "positive pressure differential of not less than 0.01 inch of water, and having an F rating not "
            "less than the required fire-resistance rating of the assembly it passes through.",
            EX("pen-steel", "Where the penetrating items are steel, ferrous or copper pipes, tubes or "
               "conduits, the annular space around them shall be permitted to be filled with concrete, grout "
               "or mortar for the full thickness of the assembly."),
            EX("pen-sprink", "The annular space around a fire sprinkler shall be permitted to be covered by "
               "a metal escutcheon plate.")),
          P("pen-membrane", "Membrane penetrations. Membrane penetrations shall be protected as through "
            "penetrations are protected under Section R302.4.1. Recessed fixtures in a rated assembly shall "
            "be installed so that the required fire-resistance rating is not reduced, by enclosing the "
            "fixture in gypsum wallboard of the same thickness as the membrane or by other approved "
            "means.")),
        P("gopen", "Dwelling-garage opening and penetration protection. Openings and penetrations in the walls "
          "and ceilings that separate a dwelling from its attached garage shall be protected in accordance "
          "with Sections R302.5.1 through R302.5.3.",
          P("gopen-door", "Opening protection. No door between an attached garage and the dwelling shall "
            "open directly into a room used for sleeping. Every other door between them shall be a solid "
            "wood door or a solid-core or honeycomb-core steel door not less than 1-3/8 inches thick, or a "
            "door rated for not less than 20 minutes, and shall be self-closing and self-latching."),
          P("gopen-duct", "Duct penetration. Ducts in the garage, and ducts passing through the walls or "
            "ceilings that separate the dwelling from the garage, shall be of sheet steel not less than "
            "0.019 inch (26 gage) thick and shall have no openings into the garage."),
          P("gopen-other", "Other penetrations. Any other penetration of the separation required by Section "
            "R302.6 shall be filled with approved material so as to resist the free passage of flame and "
            "products of combustion.")),
        P("gsep", "Dwelling-garage fire separation. An attached garage shall be separated from the dwelling "
          "and from its attic as Table R302.6 requires, by not less than 1/2-inch gypsum wallboard applied "
          "to the garage side, or, where a habitable room is above the garage, by not less than 5/8-inch "
          "Type X gypsum wallboard applied to the garage ceiling. Doors in the separation shall comply with "
          "Section R302.5.1."),
        P("stair", "Under-stair protection. Enclosed accessible space under a stairway shall have its walls, "
          "its under-stair surface and any soffits protected on the enclosed side with not less than "
          "1/2-inch gypsum wallboard."),
        P("foam", "Foam plastics. Foam plastic insulation shall be separated from the interior of the "
          "building by an approved thermal barrier of not less than 1/2-inch gypsum wallboard or a material "
          "of equal performance, except where the insulation has been tested as installed for the specific "
          "application and approved on that basis."),
        P("finish", "Flame spread index and smoke-developed index for wall and ceiling finishes. Wall and "
          "ceiling finishes shall comply with Sections R302.9.1 and R302.9.2.",
          P("finish-flame", "Flame spread index. Wall and ceiling finishes shall have a flame spread index "
            "of not more than 200 when tested in accordance with ASTM E84 or UL 723.",
            exc="This section does not apply to doors, to window sashes and frames, or to trim such as "
            "baseboards, handrails and chair rails."),
          P("finish-smoke", "Smoke-developed index. Wall and ceiling finishes shall have a smoke-developed "
            "index of not more than 450 - the same limit that applies to foam plastic trim - when tested in "
            "accordance with ASTM E84 or UL 723.")),
        P("insul", "Insulation. Insulation materials, including their facings and any vapor retarders or "
          "vapor-permeable membranes installed with them in floor-ceiling assemblies, roof-ceiling "
          "assemblies, walls, crawl spaces and attics, shall have a flame spread index of not more than 25 "
          "and a smoke-developed index of not more than 450. Foam plastic insulation shall also comply with "
          "Section R302.8."),
        P("fireblock", "Fireblocking. In combustible construction, fireblocking shall be provided to cut off "
          "all concealed draft openings, both vertical and horizontal, and to form an effective fire barrier "
          "between stories and between the top story and the roof space. Fireblocking shall be installed at "
          "the ceiling and floor levels of stud walls, at the top and bottom of stair stringers, and around "
          "vents, pipes, ducts and chimneys where they pass through a floor or ceiling.",
          P("fireblock-mat", "Fireblocking materials. Fireblocking shall consist of 2-inch nominal lumber, "
            "two thicknesses of 1-inch nominal lumber with broken lap joints, 23/32-inch wood structural "
            "panels, 1/2-inch gypsum wallboard, or batts of mineral wool or glass fiber securely retained in "
            "place.")),
        P("draft", "Draftstopping. In combustible construction where there is usable space both above and "
          "below the concealed space of a floor-ceiling assembly, draftstops shall be installed so that "
          "no concealed space exceeds 1,000 square feet in area. Draftstopping shall be provided in addition "
          "to the fireblocking required by Section R302.11."),
        P("floors", "Fire protection of floors. Floor assemblies not required elsewhere in this code to be "
          "fire-resistance rated shall be provided with a membrane of not less than 1/2-inch gypsum "
          "wallboard on the underside of the floor framing members.",
          EX("floors-sprink", "Floor assemblies located directly over a space protected by an automatic "
             "sprinkler system installed in accordance with Section P2904."),
          EX("floors-crawl", "Floor assemblies located directly over a crawl space that is not intended for "
             "storage or for the installation of fuel-fired or electric-powered appliances."),
          EX("floors-small", "Portions of a floor assembly not more than 80 square feet in aggregate area, "
             "where fireblocking is installed in accordance with Section R302.11 around the perimeter of the "
             "unprotected portion."),
          EX("floors-lumber", "Floor assemblies framed with sawn lumber joists of not less than 2-inch by "
             "10-inch nominal dimension."))),
    SEC("s-light", "LIGHT, VENTILATION AND HEATING",
        P("hab", "Habitable rooms. Habitable rooms shall have glazing with an aggregate area of not less than "
          "8 percent of the floor area of the room. Natural ventilation shall be provided through windows, "
          "skylights, doors, louvers or other openings to the outdoor air, with an openable area of not less "
          "than 4 percent of the floor area of the room ventilated.",
          EX("hab-mech", "The openable area need not be provided where the room is served by a whole-house "
             "mechanical ventilation system complying with Section M1505.4."),
          EX("hab-light", "The glazed area need not be provided where artificial light is provided that "
             "produces an average illumination of 6 footcandles over the area of the room at a height of 30 "
             "inches above the floor."),
          EX("hab-sun", "A sunroom addition or patio cover shall be permitted to provide the natural "
             "ventilation of an adjoining room where it complies with Section R303.2.1.")),
        P("adj", "Adjoining rooms. An interior room shall be permitted to be treated as part of an adjoining "
          "room for the purposes of Section R303.1 where not less than one-half of the area of the wall "
          "between them is open and unobstructed, and the opening is not less than one-tenth of the floor "
          "area of the interior room or 25 square feet, whichever is greater.",
          P("adj-sun", "Sunroom additions. A sunroom addition or enclosed patio cover shall be permitted to "
            "provide the natural ventilation required for an adjoining room where the openable area between "
            "the two is not less than 4 percent of their combined floor area, and the sunroom has openings "
            "to the outdoor air of not less than the same proportion.")),
        P("bath", "Bathrooms. Bathrooms, water closet compartments and similar rooms shall be provided with "
          "glazing of not less than 3 square feet in area, one-half of which shall be openable.",
          exc="Glazing is not required where artificial light and a local exhaust system discharging directly "
          "to the outdoors are provided as set out in Section M1505.2."),
        P("mech", "Mechanical ventilation. Where the air infiltration rate of a dwelling, measured in "
          "accordance with Section N1102.4.1.2, is less than 5 air changes per hour at a pressure of 50 "
          "pascals, the dwelling shall be provided with whole-house mechanical ventilation in accordance "
          "with Section M1505.4."),
        P("loc", "Opening location. Outdoor air intake and exhaust openings shall be located so that the "
          "ventilation air is not contaminated, in accordance with Sections R303.5.1 and R303.5.2.",
          P("loc-intake", "Intake openings. Mechanical and gravity outdoor air intake openings shall be "
            "located not less than 10 feet from any source of hazardous or noxious contaminants, such as "
            "plumbing vents, chimneys, exhaust outlets, vehicle parking areas and garbage storage areas, "
            "except where the intake opening is 3 feet or more below the source."),
          P("loc-exhaust", "Exhaust openings. Exhaust air shall not be directed onto a walkway, and exhaust "
            "openings shall terminate not less than 3 feet from property lines and from openings into the "
            "building, and not less than 10 feet from mechanical air intakes unless they are located 3 feet "
            "or more above the intake.")),
        P("screens", "Outside opening protection. Air exhaust and intake openings that terminate outdoors "
          "shall be protected with corrosion-resistant screens, louvers or grilles having openings of not "
          "less than 1/4 inch and not more than 1/2 inch in any dimension."),
        P("stairlight", "Stairway illumination. Every interior and exterior stairway shall be provided with "
          "an artificial light source located so as to illuminate its landings and treads. The light source "
          "of an interior stairway shall provide an illumination of not less than 1 footcandle measured at "
          "the center of the treads and landings.",
          P("stairlight-switch", "Light activation. Where the light source required by Section R303.7 is "
            "inside the building and the stairway has six or more risers, the light source shall be "
            "controlled by a wall switch at each floor level.",
            exc="A wall switch is not required where remote, central or automatic control of the lighting "
            "is provided.")),
        P("heat", "Required heating. Where the winter design temperature in Table R301.2 is below 60\u00b0F, "
          "every dwelling shall be provided with heating facilities capable of maintaining a room "
          "temperature of not less than 68\u00b0F at a point 3 feet above the floor and 2 feet from exterior "
          "walls in all habitable rooms at the design temperature. Portable space heaters shall not be used "
          "to achieve compliance with this section.")),
    SEC("s-area", "MINIMUM ROOM AREAS",
        P("area", "Minimum area. Habitable rooms shall have a floor area of not less than 70 square feet. "
          "Kitchens shall have a floor area of not less than 50 square feet and a clear passageway of not "
          "less than 3 feet between counter fronts and appliances or walls."),
        P("dim", "Minimum dimensions. Habitable rooms shall be not less than 7 feet in any horizontal "
          "dimension.",
          exc="Kitchens shall be permitted to have a horizontal dimension of less than 7 feet."),
        P("slope", "Height effect on room area. Portions of a room with a sloping ceiling measuring less "
          "than 5 feet, or with a furred ceiling measuring less than 7 feet, from the finished floor to the "
          "finished ceiling shall not be counted towards the minimum floor area required for that room.")),
    SEC("s-height", "CEILING HEIGHT",
        P("ceil", "Minimum height. Habitable space, hallways and the portions of basements containing them "
          "shall have a ceiling height of not less than 7 feet. Bathrooms, toilet rooms and laundry rooms "
          "shall have a ceiling height of not less than 6 feet 8 inches. The height shall be measured from "
          "the finished floor to the lowest projection from the ceiling.",
          EX("ceil-slope", "For rooms with sloped ceilings, the required floor area of the room, determined in "
             "accordance with Section R304.3, shall have a ceiling height of not less than 5 feet, and not "
             "less than one-half of it shall have a ceiling height of not less than 7 feet."),
          EX("ceil-fixture", "The ceiling height above a bathroom or toilet room fixture shall be such that "
             "the fixture can be used for its intended purpose. A shower or tub equipped with a showerhead "
             "shall have a ceiling height of not less than 6 feet 8 inches above an area of not less than 30 "
             "inches by 30 inches at the showerhead."),
          EX("ceil-beams", "Beams, ducts, pipes and similar obstructions spaced not less than 4 feet on "
             "center shall be permitted to project not more than 6 inches below the required ceiling "
             "height."),
          P("ceil-base", "Basements. Portions of basements that do not contain habitable space or hallways "
            "shall have a ceiling height of not less than 6 feet 4 inches.",
            exc="Beams, girders, ducts and similar obstructions shall be permitted to project to within 6 "
            "feet of the finished floor."))),
]


# ---------------------------------------------------------------------------- the new version

def find(tree, key):
    hits = [n for n in td.walk(tree) if n["key"] == key]
    assert len(hits) == 1, key
    return hits[0]


def parent_list(tree, key):
    for container in [tree] + [n["children"] for n in td.walk(tree)]:
        if any(n["key"] == key for n in container):
            return container
    raise KeyError(key)


def retext(tree, key, before, after, field="text"):
    td.replace_once(find(tree, key), field, before, after)


def text_slots(node):
    """A node's texts: a provision's text and its unnumbered exception, an exception item's text."""
    return [(node, f) for f in ("text", "exc") if node.get(f)]


NEW = copy.deepcopy(OLD)

# substitution first: "gypsum wallboard" -> "gypsum board" everywhere (the units it touches carry no
# other edit)
TERM = td.Term([("gypsum wallboard", "gypsum board")])
SUB_COUNT = td.substitute(td.walk(NEW), TERM, text_slots)

# a provision inserted after R302.6: old R302.7-R302.13 (with their subprovisions and exception items)
# become R302.8-R302.14
td.insert_after(
    parent_list(NEW, "gsep"), "gsep",
    P("gattic", "Garage attic access. Where an access opening to an attic is located in the ceiling of an "
      "attached garage that is part of the separation required by Section R302.6, the opening shall be "
      "fitted with a cover of material equal to that of the separation, such as 5/8-inch Type X gypsum "
      "board, fastened or weighted so that it remains closed."))
# cross-references following that renumbering
retext(NEW, "finish", "Sections R302.9.1 and R302.9.2", "Sections R302.10.1 and R302.10.2")
retext(NEW, "insul", "Section R302.8", "Section R302.9")
retext(NEW, "draft", "Section R302.11", "Section R302.12")
retext(NEW, "floors-small", "Section R302.11", "Section R302.12")
# ... and one left stale: R302.2.1 (Common walls) still says "Section R302.11" (Fireblocking, now
# R302.12; the new R302.11 is Insulation)

# an exception item inserted in R302.1 as Exception 3: old Exceptions 3 and 4 become 4 and 5
td.insert_after(
    find(NEW, "ext")["children"], "ext-samelot",
    EX("ext-vents", "Foundation vents installed in accordance with this code, which shall be permitted in "
       "exterior walls of any fire separation distance."))
retext(NEW, "ext-open", "Exception 4 of Section", "Exception 5 of Section")

# a provision removed: R303.6 (Outside opening protection); old R303.7 and R303.8 become R303.6 and R303.7
td.remove(parent_list(NEW, "screens"), "screens")
retext(NEW, "stairlight-switch", "Section R303.7", "Section R303.6")

# a provision split in two: old R304.1 -> R304.1 and R304.2 (its second and third sentences, the
# kitchens, given the run-in title "Kitchens."); old R304.2 and R304.3 become R304.3 and R304.4
SPLIT_TITLE = "Kitchens."
SPLIT_AT = "Kitchens shall have"
node = find(NEW, "area")
first, rest = node["text"].split(" " + SPLIT_AT, 1)
node["text"] = first
siblings = parent_list(NEW, "area")
siblings.insert(siblings.index(node) + 1, P("kitchen", f"{SPLIT_TITLE} {SPLIT_AT}{rest}"))
retext(NEW, "ceil-slope", "Section R304.3", "Section R304.4")

# rewords
retext(NEW, "gopen-door", "not less than 1-3/8 inches thick", "not less than 1-3/4 inches thick")
retext(NEW, "bath", "one-half of which shall be openable", "not less than one-half of which shall be openable")
retext(NEW, "stairlight", "not less than 1 footcandle", "not less than 3 footcandles")
retext(NEW, "ceil-base", "not less than 6 feet 4 inches", "not less than 6 feet 8 inches")

# cosmetic: spaced hyphens respelled as em dashes
retext(NEW, "finish-smoke", "450 - the same limit that applies to foam plastic trim - when",
       "450\u2014the same limit that applies to foam plastic trim\u2014when")


# ---------------------------------------------------------------------------- units

def units(tree):
    """The units (dicts, see tree_docs) in document order. A provision's text is its run-in title and
    text, then its unnumbered 'Exception: ...' paragraph if it has one, then 'Exceptions:' if numbered
    exception items follow; each exception item is a unit of its own, ID '<provision> Exception <n>'."""
    out = [td.unit("chapter", "chapter", CHAPTER, f"CHAPTER {CHAPTER}", "", CHAPTER_TITLE)]

    def provisions(nodes, parent):
        for pi, p in enumerate(nodes, 1):
            assert p["kind"] == "prov", p["key"]
            pid = f"{parent}.{pi}"
            excs = [c for c in p["children"] if c["kind"] == "exc"]
            subs = [c for c in p["children"] if c["kind"] == "prov"]
            assert p["children"] == excs + subs and not (excs and p["exc"]), pid
            text = p["text"]
            if p["exc"]:
                text += " Exception: " + p["exc"]
            if excs:
                text += " Exceptions:"
            out.append(td.unit(p["key"], "prov", pid, pid, text, body=p["text"], exc=p["exc"], excs=len(excs)))
            for ei, e in enumerate(excs, 1):
                out.append(td.unit(e["key"], "exc", f"{pid} Exception {ei}", f"{ei}.", e["text"]))
            provisions(subs, pid)

    for si, sec in enumerate(tree, 1):
        sid = f"R{300 + si}"
        out.append(td.unit(sec["key"], "sec", sid, f"SECTION {sid}", "", sec["title"]))
        provisions(sec["children"], sid)
    return out


# ---------------------------------------------------------------------------- citations

R = r"R3\d\d(?:\.\d+)*"
# References to units of this chapter: an exception item, or one or more provisions ('Section R302.2 or
# R302.3', 'Sections R302.9.1 and R302.9.2', 'Sections R302.5.1 through R302.5.3': each ID named).
CITE = re.compile(rf"Exception (?P<en>\d+) of Section (?P<es>{R})"
                  rf"|Sections? (?P<s1>{R})(?P<more>(?:(?:,| or| and| through) {R})*)")
TABLE = re.compile(rf"Table R\d+(?:\.\d+)*(?:\(\d+\))?")
# Every 'R3..' in a text is in a CITE match or names a table (not printed, no unit)
CITE_WORDS = re.compile(rf"(?<!Table )\b{R}")


def resolve(m, u, us):
    if m.group("en"):
        return [f"{m.group('es')} Exception {m.group('en')}"]
    return [m.group("s1")] + re.findall(R, m.group("more") or "")


def citations(us):
    return td.citations(us, CITE, resolve, CITE_WORDS)


def strip_cites(text):
    return CITE.sub("<cite>", text)


# Citations of other chapters of the code (not units of this document), kept unchanged
OTHER = re.compile(r"Section [MNP]\d+(?:\.\d+)*|Chapter \d+")


# ---------------------------------------------------------------------------- layout

# A citation (and a table's name, a standard's) is not broken across lines; no continuation line may look
# like the start of a unit or of an exceptions list.
GLUE = [CITE.pattern, TABLE.pattern, OTHER.pattern, r"(?:ASTM|UL) E?\d+"]
OPENS_UNIT = re.compile(r"(?:R\d{3}(?:\.\d+)+|\d+\.)(?:\s|$)|Exceptions?:|SECTION |CHAPTER ")


def wrap(text, first, rest):
    return td.wrap(text, first, rest, WIDTH, GLUE, OPENS_UNIT)


def body_lines(tree):
    """The document's lines before pagination, each marked True where a page may not end after it (a
    heading and the 'Exceptions:' line are kept with what follows)."""
    out = []

    def add(lines, keep=False):
        out.extend((line, keep) for line in lines)

    for u in units(tree):
        kind, label, title = u["node"], u["label"], u["title"]
        if kind == "chapter":
            add(td.centre([label, title], WIDTH), keep=True)
        elif kind == "sec":
            add(["", ""])
            add(td.centre([label, title], WIDTH), keep=True)
        elif kind == "prov":
            add([""] + wrap(u["body"], label + " ", "    "))
            if u["exc"]:
                add([""] + wrap("Exception: " + u["exc"], "    ", "    "))
            if u["excs"]:
                add([""])
                add(["    Exceptions:"], keep=True)
        else:
            add(wrap(u["text"], "    " + label + " ", "       "))
    return out


def footer(n):
    """The page number '3-n': flush right on odd pages, flush left on even ones."""
    num = f"{CHAPTER}-{n}"
    return num.rjust(WIDTH) if n % 2 else num


def paginate(tree):
    body = body_lines(tree)
    pages = td.pages(body, PAGE_BODY)
    out, furniture = [], []
    for n, pg in enumerate(pages, 1):
        lines = [line for line, _ in pg]
        while lines and not lines[-1]:
            lines.pop()
        head, foot = HEADER.center(WIDTH).rstrip(), footer(n)
        furniture += [head.strip(), foot.strip()]
        out += [head, ""] + lines + [""] * (PAGE_BODY - len(lines) + 1) + [foot]
        if n < len(pages):
            out.append("\f")
    text = "\n".join(out) + "\n"
    return text.replace("\n\f\n", "\n\f"), furniture


# ---------------------------------------------------------------------------- the truth, by hand

SUB_UNITS_NOTE = ("'gypsum wallboard' -> 'gypsum board' in every unit that uses it: R302.3 Exception 2, "
                  "R302.4.2, R302.6, R302.7 (now R302.8), R302.8 (now R302.9), R302.11.1 (now R302.12.1) and "
                  "R302.13 (now R302.14), once each but twice in R302.6; the inserted R302.7 says 'gypsum "
                  "board' once more (not counted)")

EDITS = [
    {"kind": "substitution", "old": "gypsum wallboard", "new": "gypsum board", "count": 8,
     "note": SUB_UNITS_NOTE},
    {"kind": "insert", "old": None, "new": "R302.1 Exception 3",
     "note": "an exception item (foundation vents) inserted; old Exceptions 3 and 4 become 4 and 5"},
    {"kind": "xref-update", "old": "R302.1.2", "new": "R302.1.2",
     "note": "Exception 4 of Section R302.1 -> Exception 5 of Section R302.1"},
    {"kind": "stale", "old": "R302.2.1", "new": "R302.2.1", "reference": "Section R302.11",
     "should_be": "R302.12",
     "note": "Fireblocking moved from R302.11 to R302.12 when R302.7 was inserted; the new R302.11 is "
             "Insulation"},
    {"kind": "reword", "old": "R302.5.1", "new": "R302.5.1", "note": "door thickness 1-3/8 -> 1-3/4 inches"},
    {"kind": "insert", "old": None, "new": "R302.7",
     "note": "Garage attic access inserted; old R302.7-R302.13 become R302.8-R302.14"},
    {"kind": "xref-update", "old": "R302.9", "new": "R302.10",
     "note": "Sections R302.9.1 and R302.9.2 -> Sections R302.10.1 and R302.10.2"},
    {"kind": "cosmetic", "old": "R302.9.2", "new": "R302.10.2", "what": "spaced hyphens respelled as em dashes"},
    {"kind": "xref-update", "old": "R302.10", "new": "R302.11", "note": "Section R302.8 -> Section R302.9"},
    {"kind": "xref-update", "old": "R302.12", "new": "R302.13", "note": "Section R302.11 -> Section R302.12"},
    {"kind": "xref-update", "old": "R302.13 Exception 3", "new": "R302.14 Exception 3",
     "note": "Section R302.11 -> Section R302.12"},
    {"kind": "reword", "old": "R303.3", "new": "R303.3",
     "note": "'one-half of which shall be openable' -> 'not less than one-half of which ...'"},
    {"kind": "remove", "old": "R303.6", "new": None,
     "note": "Outside opening protection removed; old R303.7 and R303.8 become R303.6 and R303.7"},
    {"kind": "reword", "old": "R303.7", "new": "R303.6", "note": "stairway illumination 1 -> 3 footcandles"},
    {"kind": "xref-update", "old": "R303.7.1", "new": "R303.6.1", "note": "Section R303.7 -> Section R303.6"},
    {"kind": "split", "old": "R304.1", "new": ["R304.1", "R304.2"],
     "note": "its sentence on kitchens made a provision of its own, given the run-in title 'Kitchens.'; "
             "old R304.2 and R304.3 become R304.3 and R304.4"},
    {"kind": "xref-update", "old": "R305.1 Exception 1", "new": "R305.1 Exception 1",
     "note": "Section R304.3 -> Section R304.4"},
    {"kind": "reword", "old": "R305.1.1", "new": "R305.1.1",
     "note": "basement ceiling height 6 feet 4 inches -> 6 feet 8 inches"},
]

STALE = ("town-common", ["fireblock"], ["insul"])


def extra_check(e, ot, nt):
    """An xref-update changes nothing but citations; the cosmetic edit nothing but its dashes."""
    if e["kind"] == "xref-update":
        assert strip_cites(ot) == strip_cites(nt), ("an xref-update changes more than citations", e)
    if e["kind"] == "cosmetic":
        assert nt.replace("\u2014", " - ") == ot, e


def check(uo, un):
    """The split checked here (its second part gained a run-in title); the rest by tree_docs, to which the
    split is shown as a reword of its first part and an insert of its second. Every citation names the same
    unit in both versions but the stale one, and none is dangling; cited units are never removed or split;
    citations of other chapters are unchanged."""
    split = [e for e in EDITS if e["kind"] == "split"]
    shown = [e for e in EDITS if e["kind"] != "split"]
    for e in split:
        shown += [{"kind": "reword", "old": e["old"], "new": e["new"][0]},
                  {"kind": "insert", "old": None, "new": e["new"][1]}]
        ot = [u["text"] for u in uo if u["id"] == e["old"]][0]
        n0, n1 = ([u["text"] for u in un if u["id"] == i][0] for i in e["new"])
        assert n1.startswith(SPLIT_TITLE + " ") and ot == n0 + " " + n1[len(SPLIT_TITLE) + 1:], e
    derived, sub_units = td.check(uo, un, shown, TERM, SUB_COUNT, norm=norm_id, extra=extra_check)
    # the split's second part carries no renumbering of its own; the reword shown for its first part is no
    # renumbering either (same ID)
    co, cn = citations(uo), citations(un)
    td.check_citations(co, cn, STALE, new_resolve=True)
    for e in EDITS:
        if e["kind"] == "stale":
            assert [u["id"] for u in un if u["key"] == STALE[1][0]] == [e["should_be"]], e
    gone = ({u["key"] for u in uo} - {u["key"] for u in un}) | {"area"}
    assert not any(k in gone for v in co.values() for k in v)
    o_by_key = {u["key"]: u for u in uo}
    for u in un:
        if u["key"] in o_by_key:
            assert OTHER.findall(u["text"]) == OTHER.findall(o_by_key[u["key"]]["text"]), u["id"]
    return derived, sub_units, co


def validate(truth):
    """Read the written files back: every unit's label, title and text in its .txt (modulo wrapping and
    page furniture), in document order; the furniture lines where the truth says; no line too wide; the
    lines that open with a label are exactly the units'."""
    loaded = json.loads((OUT / "truth.json").read_text(encoding="utf-8"))
    assert loaded == truth
    for v in loaded["versions"]:
        raw = (OUT / v["files"]["txt"]).read_text(encoding="utf-8")
        assert raw.count("\f") == len(v["furniture"]["txt"]) // 2 - 1
        lines = raw.replace("\f", "").split("\n")
        furn, rest = td.units_in_order(v, lines, WIDTH)
        assert not rest.strip(), rest[:80]
        provs = [line for line in lines if re.match(r"R\d{3}\.\d", line)]
        items = [line for line in lines if re.match(r"    \d+\. ", line)]
        assert len(provs) == sum(1 for u in v["units"] if re.fullmatch(r"R\d{3}(?:\.\d+)+", u["id"])), v["name"]
        assert len(items) == sum(1 for u in v["units"] if " Exception " in u["id"]), v["name"]
        opens = [line for line in lines if line[:1] == " " and OPENS_UNIT.match(line.strip())
                 and not re.match(r"    (?:\d+\. |Exceptions?:)", line) and line.strip() not in furn
                 and not line.strip().startswith(("SECTION ", "CHAPTER "))]
        assert not opens, (v["name"], opens)


KIND = ("residential building code chapter in the style of the US model codes ('CHAPTER 3' with its "
        "title 'BUILDING PLANNING' on the next line, 'SECTION R302' with its title on the next line, both "
        "headings with the title in 'title'; provisions 'R302.1' and subprovisions 'R302.1.1' with a run-in "
        "title kept at the start of the unit's text ('Exterior walls. Exterior walls, ...'), as the other "
        "truths keep run-in captions; an unnumbered 'Exception:' paragraph is part of its provision's text, "
        "and an 'Exceptions:' line is the last word of its provision's text (the lead-in of its items); each "
        "numbered exception item '1.' is a unit of its own, ID '<provision> Exception <n>' (label '1.'), "
        "as the document cites it ('Exception 4 of Section R302.1'), numbered within its provision as "
        "other truths number lettered or numbered items within their parent; the word keeps it apart from "
        "the subprovision 'R302.1.1' when IDs are compared as number tokens; cited 'Section R302.4', "
        "'Section R302.2 or R302.3', 'Sections R302.9.1 and R302.9.2', 'Sections R302.5.1 through R302.5.3', "
        "'Exception 4 of Section R302.1'; tables cited ('Table R302.1(1)', 'Table R302.6') but not printed, "
        "and other chapters cited ('Section P2904', 'Section M1505.4', 'Chapter 44'): no units, unchanged; "
        "centred headings, hard-wrapped at 72 columns with hanging indents, a running header '2027 "
        "RESIDENTIAL CODE' and page numbers '3-1', '3-2', ... flush right on odd pages and flush left on "
        "even ones, form feeds between pages; the split gives its second part a run-in title of its own)")


def main():
    uo, un = units(OLD), units(NEW)
    derived, sub_units, cites = check(uo, un)
    texts, furniture = {}, {}
    for name, tree in (("old", OLD), ("new", NEW)):
        texts[name], furniture[name] = paginate(tree)
    truth = td.write(OUT, "building-code", KIND, texts, uo, un, EDITS, derived, sub_units, furniture)
    validate(truth)
    td.report(truth, uo, un, len(EDITS), derived, SUB_COUNT, sub_units, cites, furniture)


if __name__ == "__main__":
    sys.exit(main())
