"""Synthetic numbered rules documents whose every planted edit is known.

- `make_family(seed, index)` -> a `Family`: two or three versions of one
  invented document (a numbering grammar, a layout, page furniture) and the
  edits planted between each pair.
- `write_family(family, directory)` -> the paths written: each version as
  ``vN.txt`` (always) and, for some families, ``vN.html`` / ``vN.docx`` /
  ``vN.pdf``, plus ``truth.json`` (the units of each version and, per pair,
  the planted edits, renumbering, substitutions and stale references).
- `main()`: ``python -m bench.generator.generate OUTDIR --seed N --families N``.

Everything is drawn from ``random.Random(f"{seed}:{index}")``: the same seed
and index give the same bytes, on any machine (no clock, no global state).

The model: a document is a tree of `Node`s. A node's identity (``uid``) lasts
across versions; its number does not — numbers are computed from its place
when a version is rendered, so inserting, removing, splitting, merging or
moving a unit renumbers whatever follows it, exactly as an editor's word
processor would. Cross-references are stored as ``{R<uid>}`` placeholders
and written in the citing style of the grammar when rendered, so they follow
renumbering unless a stale reference is planted (the placeholder is frozen to
its old text). Lists are ``{L<n>}`` placeholders over a list of items.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Family", "Node", "GRAMMARS", "make_family", "write_family", "main"]

# --------------------------------------------------------------------------
# Numbering


def roman(n: int) -> str:
    """Upper-case Roman numeral. >>> roman(14)  'XIV'"""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def letter(n: int, skip: str = "") -> str:
    """The n-th lower-case letter (1-based), skipping the letters in `skip`."""
    letters = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in skip]
    if n <= len(letters):
        return letters[n - 1]
    return letters[(n - 1) // len(letters) - 1] + letters[(n - 1) % len(letters)]


SUB_STYLES = {
    # style: (number -> token, printed label from token)
    "(a)": (lambda n: letter(n), lambda t: f"({t})"),
    "(1)": (lambda n: str(n), lambda t: f"({t})"),
    "(A)": (lambda n: letter(n).upper(), lambda t: f"({t})"),
    "(i)": (lambda n: roman(n).lower(), lambda t: f"({t})"),
    "a)": (lambda n: letter(n), lambda t: f"{t})"),
}


LEVEL_FORMS = {
    # kind: (label as printed at the line start, ID as the document cites it). Fields: {n} the
    # number, {pid} the parent's ID, {roman} n in Roman numerals, {code} 100 + n (`1-101`),
    # {head} parent * 100 + n - 1 (MTG's `100.`), {sub} MTG's letter (no l, no o), {art} the
    # parent article's number in Arabic (`Section 2.01`).
    "dec_top": ("{n}.", "{n}"),
    "dec": ("{pid}.{n}", "{pid}.{n}"),
    "mtg_sec": ("{n}.", "{n}"),
    "mtg_head": ("{head}.", "{head}"),
    "mtg_rule": ("{pid}.{n}.", "{pid}.{n}"),
    "mtg_sub": ("{pid}{sub}", "{pid}{sub}"),
    "chapter": ("CHAPTER {n}.", "{n}"),
    "sec_hyph": ("Sec. {pid}-{n}.", "{pid}-{n}"),
    "part": ("PART {n}", "{n}"),
    "code_hyph": ("{pid}-{code}.", "{pid}-{code}"),
    "sect_sign": ("§ {n}.", "§ {n}"),
    "sect_fed": ("§ {pid}.{n}", "§ {pid}.{n}"),
    "article": ("ARTICLE {roman}.", "{roman}"),
    "article_mixed": ("Article {roman}", "{roman}"),
    "section_dd": ("Section {art}.{n:02d}", "{art}.{n:02d}"),
    "art_section": ("Section {n}.", "{pid}.{n}"),
    "rule_top": ("Rule {n}.", "{n}"),
    "law_top": ("Law {n}", "{n}"),
    "law_num": ("{n}.", "{pid}.{n}"),
}


@dataclass(frozen=True)
class Level:
    """One level of a numbering grammar."""

    kind: str
    """What prints the number: see `Grammar.number`."""
    heading: bool = False
    """A heading (a title, no text of its own) rather than a rule."""
    titled: bool = False
    """A rule whose label is followed by a short title ("Sec. 4-12. Dogs at large.")."""


@dataclass(frozen=True)
class Grammar:
    """A numbering grammar: levels from the top, and how references cite a unit."""

    name: str
    levels: tuple[Level, ...]
    cite_word: str
    """The word a reference puts before an ID ("section", "rule", "Law"), or "" for `§`."""

    def number(self, level: int, n: int, parent: "Numbered | None", top: "Numbered | None") -> tuple[str, str]:
        """(label as printed at the start of the line, ID as the document cites it)."""
        kind = self.levels[level].kind
        pid = parent.id if parent else ""
        if kind in SUB_STYLES:
            token_of, label_of = SUB_STYLES[kind]
            token = token_of(n)
            return label_of(token), f"{pid}({token})"
        label, ident = LEVEL_FORMS[kind]
        fields = {"n": n, "pid": pid, "roman": roman(n), "code": 100 + n, "sub": letter(n, skip="lo"),
                  "head": int(pid) * 100 + n - 1 if pid.isdigit() else 0,
                  "art": _arabic_of_roman(pid) if pid and set(pid) <= set("IVXLC") else 0}
        return label.format(**fields), ident.format(**fields)

    def cite(self, ident: str, level: int) -> str:
        """How the text cites a unit with this ID."""
        kind = self.levels[level].kind if level >= 0 else "appendix"
        if kind == "appendix":
            return f"paragraph {ident}"
        if self.name == "sect_sign" or self.name == "federal":
            return ident  # "§ 2(a)": the ID carries its sign
        if self.name == "articles_restart":
            article, _, rest = ident.partition(".")
            return f"Article {article}, Section {rest}"
        return f"{self.cite_word} {ident}"


def _arabic_of_roman(text: str) -> int:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for i, c in enumerate(text):
        v = values[c]
        total += -v if i + 1 < len(text) and values[text[i + 1]] > v else v
    return total


SUB_SEQUENCES = [("(a)", "(i)", "(A)"), ("(1)", "(a)", "(i)"), ("(a)", "(1)", "(i)"), ("a)", "(i)"),
                 ("(1)", "(a)", "(A)"), ("(A)", "(1)", "(a)"), ("(i)", "(A)")]
"""Sub-item styles as documents nest them: never (a) under a), nor a style under itself."""


def _subs(rng: random.Random, count: int) -> tuple[Level, ...]:
    seq = rng.choice([s for s in SUB_SEQUENCES if len(s) >= count])
    return tuple(Level(s) for s in seq[:count])


def draw_grammar(rng: random.Random) -> Grammar:
    """A random numbering grammar, two to four levels deep."""
    name = rng.choice(list(GRAMMARS))
    depth = rng.randint(2, 4)
    return GRAMMARS[name](rng, depth)


def _g_decimal(rng, depth):
    levels = [Level("dec_top", heading=True), Level("dec")]
    if depth >= 3:
        levels.append(Level("dec"))
    if depth >= 4:
        levels += _subs(rng, 1)
    return Grammar("decimal", tuple(levels), rng.choice(["Section", "section", "clause", "paragraph"]))


def _g_mtg(rng, depth):
    levels = [Level("mtg_sec", heading=True), Level("mtg_head", heading=True), Level("mtg_rule")]
    if depth >= 3:
        levels.append(Level("mtg_sub"))
    return Grammar("mtg", tuple(levels), "rule")


def _g_municipal(rng, depth):
    levels = [Level("chapter", heading=True), Level("sec_hyph", titled=True), Level("(a)")]
    if depth >= 4:
        levels.append(Level("(1)"))
    return Grammar("municipal", tuple(levels[: max(depth, 3)]), "section")


def _g_code(rng, depth):
    levels = [Level("part", heading=True), Level("code_hyph")]
    sub = rng.choice(["(a)", "a)"])
    if depth >= 3:
        levels.append(Level(sub))
    if depth >= 4:
        levels.append(Level("(i)" if sub != "(i)" else "(1)"))
    return Grammar("code", tuple(levels), "section")


def _g_sect_sign(rng, depth):
    if rng.random() < 0.5:
        levels = [Level("part", heading=True), Level("sect_fed", titled=True), Level("(a)"), Level("(1)"), Level("(i)")]
        return Grammar("federal", tuple(levels[: depth + 1]), "")
    levels = [Level("sect_sign", titled=True), Level("(a)"), Level("(1)"), Level("(i)")]
    return Grammar("sect_sign", tuple(levels[:depth]), "")


def _g_articles_dd(rng, depth):
    top = Level(rng.choice(["article", "article_mixed"]), heading=True)
    levels = [top, Level("section_dd", titled=rng.random() < 0.7), Level("(a)"), Level("(i)")]
    return Grammar("articles_dd", tuple(levels[:depth]), "Section")


def _g_articles_restart(rng, depth):
    top = Level(rng.choice(["article", "article_mixed"]), heading=True)
    levels = [top, Level("art_section", titled=rng.random() < 0.5), Level("(a)"), Level("(1)")]
    return Grammar("articles_restart", tuple(levels[:depth]), "Section")


def _g_rules(rng, depth):
    levels = [Level("rule_top", heading=True), *_subs(rng, depth - 1)]
    return Grammar("rules", tuple(levels), rng.choice(["rule", "Rule"]))


def _g_laws(rng, depth):
    levels = [Level("law_top", heading=True), Level("law_num")]
    if depth >= 3:
        levels.append(Level("(a)"))
    return Grammar("laws", tuple(levels), "Law")


GRAMMARS = {
    "decimal": _g_decimal,
    "mtg": _g_mtg,
    "municipal": _g_municipal,
    "code": _g_code,
    "sect_sign": _g_sect_sign,
    "articles_dd": _g_articles_dd,
    "articles_restart": _g_articles_restart,
    "rules": _g_rules,
    "laws": _g_laws,
}

# --------------------------------------------------------------------------
# Vocabulary

ORGS = ["Riverton", "Ashgrove", "Kellmoor", "Dunhallow", "Marrowfield", "Pellbrook", "Stonecross", "Wexley",
        "Harrowgate", "Calder Vale", "Eastmere", "Lindqvist", "Brackenridge", "Oakhollow", "Fenwick"]
DOC_KINDS = ["Rules", "Code of Ordinances", "Bylaws", "Regulations", "Tournament Policy", "Club Rules",
             "Laws of the Game", "Handbook", "Standing Orders", "Covenants", "Code of Conduct"]
TOPICS = ["General Provisions", "Membership", "Meetings", "Officers", "Elections", "Fees and Charges", "Discipline",
          "Use of Facilities", "Competitions", "Equipment", "Conduct of Play", "Scoring", "Appeals", "Records",
          "Safety", "Parking", "Noise", "Animals", "Waste Collection", "Licensing", "Enforcement", "Penalties",
          "Amendments", "Finance", "Committees", "Eligibility", "Transfers", "Disputes", "Notices", "Insurance",
          "Maintenance", "Guests", "Field of Play", "Timekeeping", "Officials", "Misconduct"]
RULE_TITLES = ["Purpose", "Application", "Scope", "Definitions", "Quorum", "Notice of meetings", "Voting",
               "Term of office", "Vacancies", "Annual fee", "Late payment", "Suspension", "Hearings", "Minutes",
               "Dogs at large", "Hours of operation", "Permits required", "Inspection", "Exemptions", "Refunds",
               "Dress code", "Conduct of spectators", "Substitutes", "Forfeits", "Tie-breaks", "Protests",
               "Storage", "Signage", "Fencing", "Lighting", "Audit", "Reserves", "Delegation", "Removal"]
TERMS = ["Member", "Board", "Owner", "Premises", "Permit", "Licensee", "Council", "Director", "Registrar",
         "Tribunal", "Venue", "Fixture", "Assessment", "Delegate", "Steward", "Captain", "Official", "Season",
         "Common Area", "Dwelling", "Committee", "Guest", "Applicant", "Competitor", "Warden"]
NEW_TERMS = ["Participant", "Governing Body", "Proprietor", "Site", "Licence", "Holder", "Assembly", "Trustee",
             "Clerk", "Panel", "Ground", "Event", "Levy", "Representative", "Marshal", "Skipper", "Arbiter",
             "Term", "Shared Area", "Residence", "Working Group", "Visitor", "Candidate", "Entrant", "Keeper"]
ACTORS = ["person", "player", "resident", "team", "officer", "spectator", "coach", "contractor", "tenant", "student",
          "operator", "visitor", "candidate", "volunteer", "household"]
VERBS = ["submit", "display", "keep", "maintain", "record", "remove", "inspect", "approve", "renew", "register",
         "report", "store", "publish", "review", "pay"]
OBJECTS = ["the written notice", "a signed form", "the annual return", "any equipment", "the register", "all fees",
           "the score sheet", "a valid licence", "the minutes", "its accounts", "a copy of the decision",
           "the required deposit", "the match card", "any vehicle", "the approved plan"]
WHEN = ["within seven days", "before the start of each season", "at least fourteen days in advance",
        "no later than noon on the day concerned", "within thirty days of the request", "at every meeting",
        "before 1 March each year", "whenever asked by an official", "within forty-eight hours",
        "during the hours of daylight"]
LIST_ITEMS = ["the chair", "the secretary", "the treasurer", "two ordinary members", "a referee", "a timekeeper",
              "the groundskeeper", "the coach", "a first-aid officer", "the registrar", "a scorer", "an observer",
              "the vice-chair", "a youth representative", "the auditor", "gloves", "helmets", "shin guards",
              "mouthguards", "reflective vests", "a whistle", "a stopwatch", "spare balls", "a flag"]
ACTS = ["Public Health Act", "Local Government Act", "Companies Act", "Charities Act", "Road Traffic Act",
        "Licensing Act", "Environmental Protection Act", "Sports Integrity Act", "Housing Act"]
TYPOS = [  # (correct sentence, the same with a typo)
    ("Any notice is deemed received when it is delivered.", "Any notice is deemed recieved when it is delivered."),
    ("Separate records shall be kept for each season.", "Seperate records shall be kept for each season."),
    ("Where a vacancy has occurred, it shall be filled promptly.", "Where a vacancy has occured, it shall be filled promptly."),
    ("Reasonable accommodation shall be made for visitors.", "Reasonable accomodation shall be made for visitors."),
    ("All necessary steps shall be taken to prevent harm.", "All neccessary steps shall be taken to prevent harm."),
    ("The committee shall act independently of the board.", "The committee shall act independantly of the board."),
]
FURNITURE_FOOTERS = ["Page {n} of {N}", "- {n} -", "{n}", "Page {n}", "[{n}]"]


# --------------------------------------------------------------------------
# The document model


@dataclass
class Node:
    uid: int
    level: int
    title: str = ""
    sents: list[str] = field(default_factory=list)
    """Sentences; may hold {R<uid>} reference and {L<n>} list placeholders."""
    children: list["Node"] = field(default_factory=list)
    appendix: bool = False


@dataclass
class Numbered:
    node: Node
    label: str
    id: str
    level: int


@dataclass
class Doc:
    title: str
    grammar: Grammar
    top: list[Node]
    appendix: list[Node]
    """Appendix headings (`Appendix A` / `Annex B`) with `A.1` items; may be empty."""
    appendix_word: str
    lists: dict[int, list[str]]
    frozen: dict[tuple[int, int], str] = field(default_factory=dict)
    """(citing uid, cited uid) -> reference text frozen by a stale reference."""
    date: str = ""


@dataclass
class Family:
    name: str
    seed: str
    grammar: Grammar
    layout: dict
    formats: list[str]
    versions: list[Doc]
    pairs: list[dict]
    rendered: list[dict] = field(default_factory=list)
    docx_numbering: str = "typed"
    """How a ``.docx`` writes the unit numbers: ``typed`` in the text, or by Word's list
    numbering, each paragraph's own ``w:numPr`` (``numPr``) or its paragraph style's
    (``styles``); see `word_plan`."""


class _Ids:
    def __init__(self) -> None:
        self.next = 1

    def __call__(self) -> int:
        self.next += 1
        return self.next - 1


def number(doc: Doc) -> list[Numbered]:
    """Every unit of the document in reading order, with its label and ID."""
    out: list[Numbered] = []

    def walk(nodes: list[Node], parent: Numbered | None, top: Numbered | None) -> None:
        for i, node in enumerate(nodes, 1):
            label, ident = doc.grammar.number(node.level, i, parent, top)
            item = Numbered(node, label, ident, node.level)
            out.append(item)
            walk(node.children, item, top or item)

    walk(doc.top, None, None)
    for i, head in enumerate(doc.appendix):
        letter_ = "ABCDEFGH"[i]
        out.append(Numbered(head, f"{doc.appendix_word} {letter_}", letter_, -1))
        for j, item in enumerate(head.children, 1):
            out.append(Numbered(item, f"{letter_}.{j}", f"{letter_}.{j}", -1))
    return out


def render_text(doc: Doc, node: Node, ids: dict[int, Numbered], oxford: bool) -> str:
    """A node's sentences with references and lists written out."""
    def ref(m: re.Match) -> str:
        target = int(m.group(1))
        frozen = doc.frozen.get((node.uid, target))
        if frozen:
            return frozen
        t = ids[target]
        return doc.grammar.cite(t.id, t.level)

    def lst(m: re.Match) -> str:
        items = doc.lists[int(m.group(1))]
        if len(items) == 2:
            return f"{items[0]} and {items[1]}"
        return ", ".join(items[:-1]) + ("," if oxford else "") + " and " + items[-1]

    text = " ".join(node.sents)
    text = re.sub(r"\{R(\d+)\}", ref, text)
    return re.sub(r"\{L(\d+)\}", lst, text)


# --------------------------------------------------------------------------
# Building version 1


class Builder:
    def __init__(self, rng: random.Random, grammar: Grammar) -> None:
        self.rng = rng
        self.g = grammar
        self.uid = _Ids()
        self.terms = rng.sample(TERMS, 6)
        self.list_id = 0
        self.lists: dict[int, list[str]] = {}
        self.doc_word = rng.choice(["code", "rules", "bylaws", "regulations", "policy"])

    def sentence(self) -> str:
        r = self.rng
        t = r.choice(self.terms)
        forms = [
            f"Each {r.choice(ACTORS)} shall {r.choice(VERBS)} {r.choice(OBJECTS)} {r.choice(WHEN)}.",
            f"The {t} may {r.choice(VERBS)} {r.choice(OBJECTS)} {r.choice(WHEN)}.",
            f"No {r.choice(ACTORS)} may {r.choice(VERBS)} {r.choice(OBJECTS)} without the consent of the {t}.",
            f"A {r.choice(ACTORS)} who fails to {r.choice(VERBS)} {r.choice(OBJECTS)} may be fined {r.randint(2, 30) * 5} dollars by the {t}.",
            f"The {t} shall {r.choice(VERBS)} {r.choice(OBJECTS)} {r.choice(WHEN)} and keep a record of it.",
            f"Unless the {t} decides otherwise, {r.choice(OBJECTS)} must be kept for {r.randint(2, 12)} years.",
        ]
        return r.choice(forms)

    def list_sentence(self) -> str:
        self.list_id += 1
        pool = LIST_ITEMS[:15] if self.rng.random() < 0.6 else LIST_ITEMS[15:]
        self.lists[self.list_id] = self.rng.sample(pool, self.rng.randint(3, 4))
        t = self.rng.choice(self.terms)
        lead = self.rng.choice([f"The {t} shall consist of", f"Each {self.rng.choice(ACTORS)} must bring",
                                f"The following are required at every event:"])
        return f"{lead} {{L{self.list_id}}}." if not lead.endswith(":") else f"{lead} {{L{self.list_id}}}."

    def external(self) -> str:
        r = self.rng
        n = f"{r.randint(1, 9)}-{r.randint(1, 30)}" if r.random() < 0.5 else str(r.randint(2, 40))
        return r.choice([
            f"Nothing in these {self.doc_word} limits section {n} of the {r.choice(ACTS)}.",
            f"The duty in section {n} of the {r.choice(ACTS)} applies as well.",
            f"A fine under this provision is in addition to any penalty under section {n} of the {r.choice(ACTS)}.",
        ])

    def node(self, level: int) -> Node:
        lv = self.g.levels[level]
        n = Node(self.uid(), level)
        if lv.heading:
            n.title = self.rng.choice(TOPICS)
            if self.g.levels[level].kind in ("chapter", "part", "article"):
                n.title = n.title.upper()
            return n
        if lv.titled:
            n.title = self.rng.choice(RULE_TITLES)
        k = self.rng.choices([1, 2, 3], [3, 4, 2])[0]
        n.sents = [self.sentence() for _ in range(k)]
        roll = self.rng.random()
        if roll < 0.15:
            n.sents.append(self.list_sentence())
        elif roll < 0.22:
            n.sents.append(self.external())
        elif roll < 0.28:
            good, bad = self.rng.choice(TYPOS)
            n.sents.append(bad)
        return n

    def subtree(self, level: int, budget: int) -> Node:
        node = self.node(level)
        last = len(self.g.levels) - 1
        if level >= last:
            return node
        lv = self.g.levels[level]
        if lv.heading:
            count = self.rng.randint(2, 5)
            spend = 0
        else:
            count = self.rng.choice([0, 0, 0, 2, 3]) if budget > 0 else 0
            spend = 1
        node.children = [self.subtree(level + 1, budget - spend) for _ in range(count)]
        if lv.titled and node.children and self.rng.random() < 0.5:
            node.sents = []  # "Sec. 4-12. Title." followed by its subsections only
        if lv.heading and not node.children:
            node.children = [self.subtree(level + 1, budget - 1)]
        return node

    def definitions(self) -> Node:
        """A rule defining the family's terms: sub-items when the grammar has them."""
        rule_level = next(i for i, lv in enumerate(self.g.levels) if not lv.heading)
        node = Node(self.uid(), rule_level, title="Definitions" if self.g.levels[rule_level].titled else "")
        q1, q2 = ('"', '"') if self.rng.random() < 0.5 else ("“", "”")
        meanings = ["a person admitted under these {w}", "the body that manages the affairs of the organisation",
                    "the land and buildings used for the activity", "a written authority to act",
                    "the period between the opening and closing dates", "a scheduled match or event"]
        defs = [f"{q1}{t}{q2} means {self.rng.choice(meanings).format(w=self.doc_word)}." for t in self.terms[:4]]
        if rule_level + 1 < len(self.g.levels):
            node.sents = [f"In these {self.doc_word}:"]
            for d in defs:
                node.children.append(Node(self.uid(), rule_level + 1, sents=[d]))
        else:
            node.sents = [f"In these {self.doc_word}, " + defs[0][0].lower() + defs[0][1:]] + defs[1:]
        return node

    def document(self, title: str) -> Doc:
        tops = self.rng.randint(3, 6) if self.g.levels[0].heading else self.rng.randint(8, 18)
        budget = 2
        top = [self.subtree(0, budget) for _ in range(tops)]
        # The definitions go first in the first division that holds rules.
        first = top[0]
        holder = first
        while holder.children and self.g.levels[holder.level + 1].heading:
            holder = holder.children[0]
        if self.g.levels[holder.level].heading:
            holder.children.insert(0, self.definitions())
        else:
            top.insert(0, self.definitions())
        appendix: list[Node] = []
        word = self.rng.choice(["Appendix", "Annex", "Schedule"])
        if self.rng.random() < 0.3:
            for _ in range(self.rng.randint(1, 2)):
                head = Node(self.uid(), -1, title=self.rng.choice(["Forms", "Fees", "Field Dimensions", "Sample Notice", "Schedule of Penalties"]), appendix=True)
                head.children = [Node(self.uid(), -1, sents=[self.sentence()], appendix=True) for _ in range(self.rng.randint(2, 4))]
                appendix.append(head)
        return Doc(title, self.g, top, appendix, word, self.lists)

    def add_references(self, doc: Doc, count: int) -> None:
        """Put `count` cross-references into rules, each to another rule."""
        rules = [u for u in number(doc) if u.node.sents and u.level >= 0]
        for _ in range(count):
            citer, target = self.rng.sample(rules, 2)
            if any(f"{{R{target.node.uid}}}" in s for s in citer.node.sents):
                continue
            cite = f"{{R{target.node.uid}}}"
            form = self.rng.choice([f"Except as provided in {cite}, the {self.rng.choice(self.terms)} decides.",
                                    f"See {cite}.", f"This is subject to {cite}.",
                                    f"An appeal lies under {cite}."])
            citer.node.sents.append(form)


# --------------------------------------------------------------------------
# Planting edits


EDIT_KINDS = ["insert", "remove", "reword", "split", "merge", "move", "substitution", "stale", "list-item", "cosmetic"]


def _cited(doc: Doc) -> set[int]:
    found: set[int] = set()
    for u in number(doc):
        for s in u.node.sents:
            found.update(int(x) for x in re.findall(r"\{R(\d+)\}", s))
    return found


def _citers(doc: Doc) -> set[int]:
    return {u.node.uid for u in number(doc) if any("{R" in s for s in u.node.sents)}


def _parent_of(doc: Doc, uid: int) -> list[Node]:
    """The list that holds the node (its siblings)."""
    def walk(nodes: list[Node]) -> list[Node] | None:
        for n in nodes:
            if n.uid == uid:
                return nodes
            found = walk(n.children)
            if found is not None:
                return found
        return None
    return walk(doc.top) or walk(doc.appendix) or []


class Planter:
    """Plants edits in a copy of a document, recording what it did."""

    def __init__(self, rng: random.Random, builder: Builder, doc: Doc) -> None:
        self.rng = rng
        self.b = builder
        self.doc = doc
        self.touched: set[int] = _cited(doc) | _citers(doc)
        self.edits: list[dict] = []
        self.substitutions: list[dict] = []

    def leaves(self, *, sentences: int = 1) -> list[Node]:
        out = []
        for u in number(self.doc):
            n = u.node
            if u.level < 0 or n.children or self.doc.grammar.levels[n.level].heading:
                continue
            if n.uid in self.touched or len(n.sents) < sentences:
                continue
            if any("{L" in s for s in n.sents):
                continue
            out.append(n)
        return out

    def plant(self, kind: str) -> bool:
        return getattr(self, "_" + kind.replace("-", "_"))()

    def _insert(self) -> bool:
        cands = self.leaves()
        if not cands:
            return False
        near = self.rng.choice(cands)
        sibs = _parent_of(self.doc, near.uid)
        new = Node(self.b.uid(), near.level, title=self.rng.choice(RULE_TITLES) if near.title else "",
                   sents=[self.b.sentence() for _ in range(self.rng.randint(1, 2))])
        sibs.insert(sibs.index(near) + self.rng.randint(0, 1), new)
        self.touched.add(new.uid)
        self.edits.append({"kind": "insert", "uid": new.uid})
        return True

    def _remove(self) -> bool:
        cands = [n for n in self.leaves() if len(_parent_of(self.doc, n.uid)) > 1]
        if not cands:
            return False
        n = self.rng.choice(cands)
        _parent_of(self.doc, n.uid).remove(n)
        self.touched.add(n.uid)
        self.edits.append({"kind": "remove", "uid": n.uid})
        return True

    def _reword(self) -> bool:
        cands = self.leaves()
        self.rng.shuffle(cands)
        for n in cands:
            for i, s in enumerate(n.sents):
                new = _reword(s, self.rng)
                if new != s and "{" not in s:
                    n.sents[i] = new
                    self.touched.add(n.uid)
                    self.edits.append({"kind": "reword", "uid": n.uid, "from": s, "to": new})
                    return True
        return False

    def _split(self) -> bool:
        cands = [n for n in self.leaves(sentences=2) if not any(s in {b for _, b in TYPOS} for s in n.sents)]
        if not cands:
            return False
        n = self.rng.choice(cands)
        cut = self.rng.randint(1, len(n.sents) - 1)
        second = Node(self.b.uid(), n.level, title=self.rng.choice(RULE_TITLES) if n.title else "", sents=n.sents[cut:])
        n.sents = n.sents[:cut]
        sibs = _parent_of(self.doc, n.uid)
        sibs.insert(sibs.index(n) + 1, second)
        self.touched |= {n.uid, second.uid}
        self.edits.append({"kind": "split", "uid": n.uid, "into": [n.uid, second.uid]})
        return True

    def _merge(self) -> bool:
        leaves = {n.uid for n in self.leaves()}
        pairs = []
        for u in number(self.doc):
            sibs = u.node.children
            for a, b in zip(sibs, sibs[1:]):
                if a.uid in leaves and b.uid in leaves:
                    pairs.append((a, b))
        if not pairs:
            return False
        a, b = self.rng.choice(pairs)
        a_sents = list(a.sents)
        a.sents = a.sents + b.sents
        _parent_of(self.doc, b.uid).remove(b)
        self.touched |= {a.uid, b.uid}
        self.edits.append({"kind": "merge", "uid": a.uid, "from": [a.uid, b.uid], "a_sents": a_sents})
        return True

    def _move(self) -> bool:
        cands = self.leaves()
        self.rng.shuffle(cands)
        for n in cands:
            sibs = _parent_of(self.doc, n.uid)
            if len(sibs) < 2:
                continue
            # Another parent holding units of the same level (another article or section).
            homes = [u.node for u in number(self.doc) if u.level >= 0 and u.node.children
                     and u.node.children is not sibs and u.node.children[0].level == n.level]
            if not homes:
                continue
            home = self.rng.choice(homes)
            sibs.remove(n)
            home.children.insert(self.rng.randint(0, len(home.children)), n)
            self.touched.add(n.uid)
            self.edits.append({"kind": "move", "uid": n.uid})
            return True
        return False

    def _substitution(self) -> bool:
        counts = {}
        units = number(self.doc)
        for t in self.b.terms:
            pat = re.compile(rf"\b{re.escape(t)}\b", re.I)
            counts[t] = sum(len(pat.findall(" ".join(u.node.sents))) for u in units)
        options = [t for t, c in counts.items() if c >= 3 and t in TERMS]  # a term renamed once stays renamed
        if not options:
            return False
        old = self.rng.choice(options)
        new = NEW_TERMS[TERMS.index(old)]
        pat = re.compile(rf"\b{re.escape(old)}\b")
        lower = re.compile(rf"\b{re.escape(old.lower())}\b")
        hit = []
        for u in units:
            before = list(u.node.sents)
            u.node.sents = [lower.sub(new.lower(), pat.sub(new, s)) for s in u.node.sents]
            if u.node.sents != before:
                hit.append(u.node.uid)
        self.b.terms[self.b.terms.index(old)] = new
        self.touched.update(hit)
        self.substitutions.append({"old": old, "new": new, "count": counts[old], "uids": hit})
        self.edits.append({"kind": "substitution", "old": old, "new": new, "count": counts[old], "uids": hit})
        return True

    def _list_item(self) -> bool:
        for u in number(self.doc):
            n = u.node
            if n.uid in self.touched:
                continue
            for s in n.sents:
                m = re.search(r"\{L(\d+)\}", s)
                if m:
                    items = self.doc.lists[int(m.group(1))]
                    pool = [x for x in LIST_ITEMS if x not in items and (x in LIST_ITEMS[:15]) == (items[0] in LIST_ITEMS[:15])]
                    item = self.rng.choice(pool)
                    items.insert(self.rng.randint(1, len(items)), item) if self.rng.random() < 0.3 else items.append(item)
                    self.touched.add(n.uid)
                    self.edits.append({"kind": "list-item", "uid": n.uid, "item": item})
                    return True
        return False

    def _cosmetic(self) -> bool:
        bad = {b: g for g, b in TYPOS}
        for u in number(self.doc):
            n = u.node
            if n.uid in self.touched:
                continue
            for i, s in enumerate(n.sents):
                if s in bad:
                    n.sents[i] = bad[s]
                    self.touched.add(n.uid)
                    self.edits.append({"kind": "cosmetic", "uid": n.uid, "what": "typo"})
                    return True
                if '"' in s and s.count('"') == 2:
                    n.sents[i] = s.replace('"', "“", 1).replace('"', "”", 1)
                    self.touched.add(n.uid)
                    self.edits.append({"kind": "cosmetic", "uid": n.uid, "what": "quotes"})
                    return True
        return False

    def _stale(self) -> bool:
        return True  # planted after renumbering is known: see `plant_pair`


def _reword(s: str, rng: random.Random) -> str:
    swaps = [("shall", "may"), ("may", "must"), ("seven", "ten"), ("fourteen", "twenty-one"), ("thirty", "sixty"),
             ("forty-eight", "seventy-two"), ("noon", "midnight"), ("daylight", "opening"), ("consent", "approval"),
             ("years", "months"), ("each season", "each calendar year")]
    rng.shuffle(swaps)
    for a, b in swaps:
        if re.search(rf"\b{a}\b", s):
            return re.sub(rf"\b{a}\b", b, s, count=1)
    m = re.search(r"\b(\d+)\b", s)
    if m:
        return s[: m.start()] + str(int(m.group(1)) + 5) + s[m.end():]
    return s


# --------------------------------------------------------------------------
# A family


def make_family(seed: int | str, index: int) -> Family:
    """Family `index` of seed `seed`: every version, and the truth between them."""
    key = f"{seed}:{index}"
    rng = random.Random(key)
    grammar = draw_grammar(rng)
    b = Builder(rng, grammar)
    org = rng.choice(ORGS)
    title = f"{org} {rng.choice(DOC_KINDS)}"
    doc = b.document(title)
    b.add_references(doc, rng.randint(2, 6))
    layout = {
        "wrap": rng.choice([0, 0, rng.randint(60, 100)]),
        "blank_between": rng.random() < 0.7,
        "hyphenate": rng.random() < 0.4,
        "oxford": rng.random() < 0.5,
        "page_lines": rng.randint(40, 60),
        "header": rng.random() < 0.6,
        "footer": rng.choice(FURNITURE_FOOTERS) if rng.random() < 0.7 else "",
        "formfeed": rng.random() < 0.5,
        "contents": rng.random() < 0.15,
    }
    if not layout["blank_between"] and not layout["wrap"]:
        layout["wrap"] = 0  # one paragraph per line, no blank lines: still one unit per line
    extra = rng.choices(["", "html", "docx", "pdf"], [4, 2, 2, 2])[0]
    formats = ["txt"] + ([extra] if extra else [])
    n_versions = rng.choice([2, 2, 3])
    months = sorted(rng.sample(range(1, 13), n_versions))
    year = rng.randint(2019, 2026)
    doc.date = f"{year}-{months[0]:02d}-01"
    versions = [doc]
    pairs = []
    for v in range(1, n_versions):
        new = copy.deepcopy(versions[-1])
        new.frozen = {}  # a stale reference planted last time is fixed in this version
        new.date = f"{year}-{months[v]:02d}-01"
        p = Planter(rng, b, new)
        kinds = rng.sample(EDIT_KINDS, rng.randint(3, 7))
        # A substitution reaches every unit: plant it first, so that the units it
        # touches are kept out of the other edits and each unit has one planted edit.
        kinds.sort(key=lambda k: k != "substitution")
        for kind in kinds:
            if kind != "stale":
                p.plant(kind)
        pairs.append(_truth_pair(versions[-1], new, p, "stale" in kinds, rng, layout))
        versions.append(new)
    # Drawn from a generator of its own, so that the text of every family (drawn from `rng`)
    # is what it was before DOCX files had Word's numbering.
    numbering = random.Random(key + ":docx").choices(["typed", "numPr", "styles"], [2, 2, 1])[0]
    return Family(f"f{index:04d}", key, grammar, layout, formats, versions, pairs, docx_numbering=numbering)


def _truth_pair(old: Doc, new: Doc, p: Planter, stale: bool, rng: random.Random, layout: dict) -> dict:
    """The planted edits from `old` to `new`, by ID, with everything they imply."""
    o_units = {u.node.uid: u for u in number(old)}
    n_units = {u.node.uid: u for u in number(new)}
    edits: list[dict] = []
    structural: set[int] = set()
    for e in p.edits:
        k = e["kind"]
        if k == "insert":
            edits.append({"kind": "insert", "old": None, "new": n_units[e["uid"]].id})
            structural.add(e["uid"])
        elif k == "remove":
            edits.append({"kind": "remove", "old": o_units[e["uid"]].id, "new": None})
            structural.add(e["uid"])
        elif k == "split":
            edits.append({"kind": "split", "old": o_units[e["uid"]].id, "new": [n_units[x].id for x in e["into"]]})
            structural.update(e["into"])
        elif k == "merge":
            edits.append({"kind": "merge", "old": [o_units[x].id for x in e["from"]], "new": n_units[e["uid"]].id})
            structural.update(e["from"])
    # Stale reference: a citer whose target was renumbered keeps the old text.
    stale_refs = []
    if stale:
        cands = []
        for u in number(new):
            for s in u.node.sents:
                for t in re.findall(r"\{R(\d+)\}", s):
                    t = int(t)
                    if t in o_units and t in n_units and o_units[t].id != n_units[t].id and u.node.uid not in structural:
                        cands.append((u.node.uid, t))
        if cands:
            citer, target = rng.choice(cands)
            old_cite = old.grammar.cite(o_units[target].id, o_units[target].level)
            new.frozen[(citer, target)] = old_cite
            stale_refs.append({"rule": n_units[citer].id, "reference": old_cite,
                               "should_be": n_units[target].id})
            edits.append({"kind": "stale", "old": o_units[citer].id, "new": n_units[citer].id, "reference": old_cite})
    merged = {x: e["uid"] for e in p.edits if e["kind"] == "merge" for x in e["from"]}
    stale_refs += _stale_kept(old, new, o_units, n_units, merged, edits)
    o_ids = {uid: u for uid, u in o_units.items()}
    n_ids = {uid: u for uid, u in n_units.items()}
    o_text = {uid: (u.node.title, render_text(old, u.node, o_ids, layout["oxford"])) for uid, u in o_units.items()}
    n_text = {uid: (u.node.title, render_text(new, u.node, n_ids, layout["oxford"])) for uid, u in n_units.items()}
    by_uid = {e.get("uid"): e for e in p.edits if e["kind"] in ("reword", "move", "list-item", "cosmetic")}
    subst_uids = {x for e in p.edits if e["kind"] == "substitution" for x in e["uids"]}
    renumbering = {}
    for uid in o_units:
        if uid not in n_units or uid in structural:
            continue
        a, b = o_units[uid], n_units[uid]
        if a.id != b.id:
            renumbering[a.id] = b.id
        e = by_uid.get(uid)
        if e:
            entry = {"kind": e["kind"], "old": a.id, "new": b.id}
            if e["kind"] == "list-item":
                entry["item"] = e["item"]
            if e["kind"] == "cosmetic":
                entry["what"] = e["what"]
            edits.append(entry)
        elif a.id != b.id:
            edits.append({"kind": "renumber", "old": a.id, "new": b.id})
        if o_text[uid] != n_text[uid] and not e and uid not in subst_uids:
            # Recorded beside a stale reference planted in the same unit too: its text changed
            # all the same (another reference updated, or last time's stale one put right).
            # A reference left stale last time and put right now is a fix, not a renumbering's update.
            fixed = [cite for (citer, _), cite in old.frozen.items() if citer == uid]
            entry = {"kind": "xref-fix" if fixed else "xref-update", "old": a.id, "new": b.id}
            if fixed:
                # Whether the stale reference named no unit of the old version: only then
                # does the pair show it was put right (else a reference retargeted).
                cites = {old.grammar.cite(u.id, u.level) for u in o_units.values()}
                entry["dangling"] = not any(cite in cites for cite in fixed)
            edits.append(entry)
    for e in p.edits:
        if e["kind"] == "substitution":
            edits.append({"kind": "substitution", "old": e["old"], "new": e["new"], "count": e["count"],
                          "units": [[o_units[x].id, n_units[x].id] for x in e["uids"] if x in o_units and x in n_units]})
    return {"edits": edits, "renumbering": renumbering, "substitutions": [
        {"old": e["old"], "new": e["new"], "count": e["count"]} for e in edits if e["kind"] == "substitution"],
        "stale_references": stale_refs}


def _stale_kept(old: Doc, new: Doc, o_units: dict, n_units: dict, merged: dict[int, int], edits: list[dict]) -> list[dict]:
    """The stale references of the previous version that this release puts right by its
    renumbering alone, while it gives the unit each one named in `old` another number:
    the text does not change, and from the pair alone that is a reference left at the
    number of a unit the release renumbered, so stale by the pair's texts (appended to
    `edits` as ``stale-kept``; `merged` maps a unit merged away to the unit it went into).

    A reference planted stale in v2 (``Rule 2(D)``, meant for the unit v1 numbered 2(D),
    which v2 numbers 2(E)) names v2's 2(D); when v3 moves v2's 2(D) to 3(A) and numbers the
    meant unit 2(D) again, the reference reads right in v3 but names, in the pair v2 -> v3,
    a unit that the release renumbered (``stale reference in Rule 1(B): Rule 2(D) (now Rule
    3(A))``, as ruldiff reports it). The unit may also have been merged into another (its
    text is there now) or split (its first part keeps it). A stale reference that named no
    unit of `old`, or a unit the release removed, is left out: nothing of it moved.
    """
    o_cite = {old.grammar.cite(u.id, u.level): uid for uid, u in o_units.items()}
    out = []
    for (citer, target), cite in old.frozen.items():
        named = o_cite.get(cite)
        home = merged.get(named, named) if named is not None else None
        if citer not in n_units or target not in n_units or home not in n_units:
            continue
        meant = n_units[target]
        if new.grammar.cite(meant.id, meant.level) != cite or n_units[home].id == o_units[named].id:
            continue
        out.append({"rule": n_units[citer].id, "reference": cite, "should_be": n_units[home].id})
        edits.append({"kind": "stale-kept", "old": o_units[citer].id, "new": n_units[citer].id, "reference": cite})
    return out


# --------------------------------------------------------------------------
# Writing


def blocks(doc: Doc, layout: dict) -> list[dict]:
    """The document as paragraphs: {"kind", "text", "id", "label", "depth"}."""
    units = number(doc)
    ids = {u.node.uid: u for u in units}
    out = [{"kind": "title", "text": doc.title, "id": None, "depth": 0},
           {"kind": "para", "text": f"Effective {_long_date(doc.date)}.", "id": None, "depth": 0},
           {"kind": "para", "text": "This document governs the affairs described below. "
                                    f"Words defined in the definitions apply throughout.", "id": None, "depth": 0}]
    if layout.get("contents"):
        out.append({"kind": "para", "text": "Contents", "id": None, "depth": 0})
        for u in units:
            if u.level == 0:
                out.append({"kind": "para", "text": f"{u.label} {u.node.title}", "id": None, "depth": 0})
    for u in units:
        n = u.node
        text = render_text(doc, n, ids, layout["oxford"])
        is_heading = (u.level >= 0 and doc.grammar.levels[u.level].heading) or (u.level < 0 and n.children)
        if is_heading:
            sep = " " if u.label.endswith(".") else rng_sep(u)
            out.append({"kind": "heading", "text": f"{u.label}{sep}{n.title}", "id": u.id, "label": u.label,
                        "depth": max(u.level, 0), "body": n.title, "uid": n.uid, "level": u.level})
            continue
        body = f"{n.title}. {text}".strip() if n.title else text
        out.append({"kind": "rule", "text": f"{u.label} {body}".rstrip(), "id": u.id, "label": u.label,
                    "depth": max(u.level, 0), "body": body, "uid": n.uid, "level": u.level})
    return out


def rng_sep(u: Numbered) -> str:
    return " — " if u.label.startswith(("Law", "PART", "Appendix", "Annex", "Schedule", "Article")) else " "


def _long_date(iso: str) -> str:
    y, m, d = (int(x) for x in iso.split("-"))
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December"]
    return f"{months[m - 1]} {d}, {y}"


def _wrap(text: str, width: int, hyphenate: bool, rng: random.Random) -> list[str]:
    if not width:
        return [text]
    lines, line = [], ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        elif hyphenate and len(word) >= 9 and word.isalpha() and rng.random() < 0.5 and len(line) + 6 < width:
            cut = min(len(word) - 3, width - len(line) - 2)
            if cut >= 3:
                lines.append(f"{line} {word[:cut]}-")
                line = word[cut:]
            else:
                lines.append(line)
                line = word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def text_lines(bl: list[dict], layout: dict, rng: random.Random) -> list[tuple[str, str | None]]:
    """Lines of body text, each with the ID of the unit it starts (or None)."""
    out: list[tuple[str, str | None]] = []
    for b in bl:
        lines = _wrap(b["text"], layout["wrap"], layout["hyphenate"], rng)
        for i, line in enumerate(lines):
            out.append((line, b["id"] if i == 0 else None))
        if layout["blank_between"] or b["kind"] in ("title", "heading"):
            out.append(("", None))
    return out


def paginate(body: list[tuple[str, str | None]], layout: dict, title: str) -> tuple[list[list[str]], list[str]]:
    """Pages of lines with their furniture; and every furniture line written."""
    per = layout["page_lines"]
    chunks = [body[i: i + per] for i in range(0, len(body), per)] or [[]]
    total = len(chunks)
    pages, furniture = [], []
    for n, chunk in enumerate(chunks, 1):
        page = []
        if layout["header"]:
            head = f"{title.upper()}    {_long_date_short(layout)}".rstrip()
            page += [head, ""]
            furniture.append(head)
        page += [line for line, _ in chunk]
        if layout["footer"]:
            foot = layout["footer"].format(n=n, N=total)
            page += ["", foot]
            furniture.append(foot)
        pages.append(page)
    return pages, furniture


def _long_date_short(layout: dict) -> str:
    return layout.get("_date", "")


def write_family(fam: Family, directory: Path, docx_autonumber: bool | None = None) -> list[Path]:
    """Write every version in every format of the family, and truth.json.

    A ``.docx`` leaves its unit numbers to Word's list numbering or types them, as
    the family drew (`Family.docx_numbering`); `docx_autonumber` True or False
    overrides the draw for every family. A version whose numbers Word would not
    show exactly (see `word_plan`) is typed whatever was asked; truth.json says,
    per version, which was written (``docx_autonumber``, ``docx_numbering``).
    """
    mode = fam.docx_numbering
    if docx_autonumber is not None:
        mode = ("numPr" if mode == "typed" else mode) if docx_autonumber else "typed"
    directory.mkdir(parents=True, exist_ok=True)
    rng = random.Random(fam.seed + ":layout")
    written: list[Path] = []
    truth_versions = []
    for v, doc in enumerate(fam.versions, 1):
        name = f"v{v}"
        layout = dict(fam.layout, _date=doc.date)
        bl = blocks(doc, layout)
        body = text_lines(bl, layout, rng)
        has_furniture = layout["header"] or layout["footer"]
        if has_furniture:
            pages, furniture = paginate(body, layout, doc.title)
            sep = "\n\f" if layout["formfeed"] else "\n\n"
            txt = sep.join("\n".join(p) for p in pages) + "\n"
        else:
            furniture = []
            txt = "\n".join(line for line, _ in body) + "\n"
        files = {"txt": f"{name}.txt"}
        furniture_by = {"txt": furniture}
        (directory / files["txt"]).write_text(txt, encoding="utf-8")
        written.append(directory / files["txt"])
        for fmt in fam.formats[1:]:
            path = directory / f"{name}.{fmt}"
            if fmt == "html":
                _write_html(bl, doc.title, path)
            elif fmt == "docx":
                plan = word_plan(bl, doc.grammar, doc.appendix_word) if mode != "typed" else None
                # Numbering through styles takes one w:num a level: MTG's per-section lists go by w:numPr.
                styled = plan is not None and mode == "styles" and len(plan.nums) == 2
                _write_docx(bl, doc.title if layout["header"] else "", path, plan, styled)
                furniture_by["docx"] = [doc.title] if layout["header"] else []
                docx_written = "typed" if plan is None else "styles" if styled else "numPr"
            elif fmt == "pdf":
                lines = [line for line, _ in text_lines(bl, dict(layout, wrap=layout["wrap"] or 90), rng)]
                furniture_by["pdf"] = _write_pdf(lines, path, layout, doc.title)
            files[fmt] = path.name
            written.append(path)
        units = [{"id": b["id"], "label": b["label"], "kind": b["kind"], "text": b["body"]} for b in bl if b["id"]]
        version = {"name": name, "date": doc.date, "files": files, "units": units,
                   "furniture": {k: sorted(set(v)) for k, v in furniture_by.items()}}
        if "docx" in files:
            version |= {"docx_autonumber": docx_written != "typed", "docx_numbering": docx_written}
        truth_versions.append(version)
    truth = {
        "family": fam.name, "seed": fam.seed, "grammar": fam.grammar.name,
        "levels": [lv.kind for lv in fam.grammar.levels], "layout": fam.layout, "formats": fam.formats,
        "docx_autonumber": any(v.get("docx_autonumber") for v in truth_versions),
        "versions": truth_versions,
        "pairs": [dict(old=f"v{i + 1}", new=f"v{i + 2}", **pair) for i, pair in enumerate(fam.pairs)],
    }
    (directory / "truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(directory / "truth.json")
    return written


def _write_html(bl: list[dict], title: str, path: Path) -> None:
    from html import escape
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title></head>\n<body>\n"]
    for b in bl:
        t = escape(b["text"])
        if b["kind"] == "title":
            parts.append(f"<h1>{t}</h1>\n")
        elif b["kind"] == "heading":
            parts.append(f"<h{min(b['depth'] + 2, 6)}>{t}</h{min(b['depth'] + 2, 6)}>\n")
        else:
            parts.append(f"<p>{t}</p>\n")
    parts.append("</body></html>\n")
    path.write_text("".join(parts), encoding="utf-8")


# --------------------------------------------------------------------------
# Word's automatic list numbering


@dataclass(frozen=True)
class WordLevel:
    """One level (``w:lvl``) of a Word list."""

    fmt: str
    """``w:numFmt``: decimal, lowerLetter, upperLetter, lowerRoman or upperRoman."""
    text: str
    """``w:lvlText``: the number shown, ``%n`` being level n's counter (1-based)."""
    start: int = 1
    """``w:start``."""
    legal: bool = False
    """``w:isLgl``: every ``%n`` shown in decimal (``Section %1.0%2`` under ``Article %1`` in Roman)."""


_WORD_SUBS = {"(a)": ("lowerLetter", "({})"), "(1)": ("decimal", "({})"), "(A)": ("upperLetter", "({})"),
              "(i)": ("lowerRoman", "({})"), "a)": ("lowerLetter", "{})")}

START_UNDER = {"mtg_head": 100}
"""Levels whose first number is their parent's times this (MTG's ``100.`` under ``1.``): Word
cannot derive a start from a counter, so each parent paragraph opens a new ``w:num`` whose
``w:lvlOverride/w:startOverride`` sets the parent's level to its own number and this one
to the product, as Word's "Set numbering value" does."""


def word_level(kind: str, k: int) -> WordLevel | None:
    """How Word's list numbering prints a grammar level of this kind at list level `k` (0-based)."""
    here, up, up2 = f"%{k + 1}", f"%{k}", f"%{k - 1}"
    if kind in _WORD_SUBS:
        fmt, shape = _WORD_SUBS[kind]
        return WordLevel(fmt, shape.format(here))
    return {
        "dec_top": WordLevel("decimal", f"{here}."),
        "dec": WordLevel("decimal", ".".join(f"%{j + 1}" for j in range(k + 1))),
        "mtg_sec": WordLevel("decimal", f"{here}."),
        "mtg_head": WordLevel("decimal", f"{here}.", start=START_UNDER["mtg_head"]),
        "mtg_rule": WordLevel("decimal", f"{up}.{here}."),
        "mtg_sub": WordLevel("lowerLetter", f"{up2}.{up}{here}"),
        "chapter": WordLevel("decimal", f"CHAPTER {here}."),
        "sec_hyph": WordLevel("decimal", f"Sec. {up}-{here}."),
        "part": WordLevel("decimal", f"PART {here}"),
        "code_hyph": WordLevel("decimal", f"{up}-{here}.", start=101),
        "sect_sign": WordLevel("decimal", f"§ {here}."),
        "sect_fed": WordLevel("decimal", f"§ {up}.{here}"),
        "article": WordLevel("upperRoman", f"ARTICLE {here}."),
        "article_mixed": WordLevel("upperRoman", f"Article {here}"),
        # A literal 0: right for sections 1-9 only, and a version with a tenth stays typed.
        "section_dd": WordLevel("decimal", f"Section {up}.0{here}", legal=True),
        "art_section": WordLevel("decimal", f"Section {here}."),
        "rule_top": WordLevel("decimal", f"Rule {here}."),
        "law_top": WordLevel("decimal", f"Law {here}"),
        "law_num": WordLevel("decimal", f"{here}."),
    }.get(kind)


@dataclass(frozen=True)
class WordPlan:
    """The lists of one DOCX: what ``word/numbering.xml`` holds and which paragraph is on which."""

    abstracts: dict[int, tuple[WordLevel, ...]]
    """``w:abstractNumId`` -> its levels."""
    nums: dict[int, tuple[int, tuple[tuple[int, int], ...]]]
    """``w:numId`` -> (its ``w:abstractNumId``, its (``w:ilvl``, ``w:startOverride``) pairs)."""
    paragraphs: dict[int, tuple[int, int]]
    """A unit's uid -> the (``w:numId``, ``w:ilvl``) of its paragraph."""


MAIN_NUM, APPENDIX_NUM = 101, 102
"""The ``w:numId`` (and ``w:abstractNumId``) of the rules' list and of the appendix's; the
template's own lists keep their IDs."""


def word_plan(bl: list[dict], grammar: Grammar, appendix_word: str) -> WordPlan | None:
    """Word's list numbering for the units of `bl`, or None where it would not show
    every unit's label exactly (a level Word cannot print, or a number it would count
    otherwise): such a version keeps its numbers typed."""
    levels = tuple(word_level(lv.kind, k) for k, lv in enumerate(grammar.levels))
    if None in levels:
        return None
    abstracts = {MAIN_NUM: levels,
                 APPENDIX_NUM: (WordLevel("upperLetter", f"{appendix_word} %1"), WordLevel("decimal", "%1.%2"))}
    nums: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {MAIN_NUM: (MAIN_NUM, ()), APPENDIX_NUM: (APPENDIX_NUM, ())}
    paragraphs: dict[int, tuple[int, int]] = {}
    current = MAIN_NUM
    for b in bl:
        if "uid" not in b:
            continue
        level = b["level"]
        if level < 0:
            paragraphs[b["uid"]] = (APPENDIX_NUM, 0 if b["kind"] == "heading" else 1)
            continue
        below = grammar.levels[level + 1].kind if level + 1 < len(grammar.levels) else ""
        if below in START_UNDER:
            if not b["id"].isdigit():
                return None
            current = max(nums) + 1
            nums[current] = (MAIN_NUM, ((level, int(b["id"])), (level + 1, int(b["id"]) * START_UNDER[below])))
        paragraphs[b["uid"]] = (current, level)
    plan = WordPlan(abstracts, nums, paragraphs)
    shown = word_shows(plan, [b["uid"] for b in bl if "uid" in b])
    return plan if all(shown[b["uid"]] == b["label"] for b in bl if "uid" in b) else None


def word_shows(plan: WordPlan, order: list[int]) -> dict[int, str]:
    """The number Word shows before each unit's paragraph, the units taken in document order.

    Word counts each level of an abstract list over every paragraph on it, whichever
    ``w:num`` it goes through; a paragraph restarts the levels below its own; a
    ``w:num``'s start overrides restart their levels the first time it is used.
    """
    counters: dict[int, list[int | None]] = {}
    used: set[int] = set()
    shown: dict[int, str] = {}
    for uid in order:
        num_id, ilvl = plan.paragraphs[uid]
        abstract, overrides = plan.nums[num_id]
        starts = [lv.start for lv in plan.abstracts[abstract]]
        for at, value in overrides:
            starts[at] = value
        count = counters.setdefault(abstract, [None] * len(starts))
        if num_id not in used:
            used.add(num_id)
            for at, _ in overrides:
                count[at] = None
        count[ilvl] = starts[ilvl] if count[ilvl] is None else count[ilvl] + 1
        count[ilvl + 1:] = [None] * (len(count) - ilvl - 1)
        level = plan.abstracts[abstract][ilvl]

        def fill(m: re.Match) -> str:
            j = int(m.group(1)) - 1
            value = count[j] if count[j] is not None else starts[j]
            return _word_format(value, "decimal" if level.legal else plan.abstracts[abstract][j].fmt)

        shown[uid] = re.sub(r"%([1-9])", fill, level.text)
    return shown


def _word_format(n: int, fmt: str) -> str:
    """A counter as Word prints it in a ``w:numFmt`` (letters past z repeat: aa, bb)."""
    if fmt in ("lowerLetter", "upperLetter"):
        text = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)
        return text.upper() if fmt == "upperLetter" else text
    if fmt in ("lowerRoman", "upperRoman"):
        return roman(n).lower() if fmt == "lowerRoman" else roman(n)
    return str(n)


def _numbering_xml(plan: WordPlan, styles: dict[tuple[int, int], str]) -> tuple[list[str], list[str]]:
    """The ``w:abstractNum`` and ``w:num`` elements of `plan`; `styles`: (abstract, level) ->
    the paragraph style a level names in ``w:pStyle``."""
    from html import escape
    ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    abstracts = []
    for a, levels in plan.abstracts.items():
        lvls = "".join(
            f'<w:lvl w:ilvl="{k}"><w:start w:val="{lv.start}"/><w:numFmt w:val="{lv.fmt}"/>'
            + (f'<w:pStyle w:val="{styles[(a, k)]}"/>' if (a, k) in styles else "")
            + ("<w:isLgl/>" if lv.legal else "")
            + f'<w:lvlText w:val="{escape(lv.text)}"/><w:lvlJc w:val="left"/>'
            f'<w:pPr><w:ind w:left="{360 * (k + 1)}" w:hanging="360"/></w:pPr></w:lvl>'
            for k, lv in enumerate(levels))
        abstracts.append(f'<w:abstractNum {ns} w:abstractNumId="{a}"><w:multiLevelType w:val="multilevel"/>'
                         f'{lvls}</w:abstractNum>')
    nums = []
    for num_id, (a, overrides) in plan.nums.items():
        over = "".join(f'<w:lvlOverride w:ilvl="{at}"><w:startOverride w:val="{v}"/></w:lvlOverride>'
                       for at, v in overrides)
        nums.append(f'<w:num {ns} w:numId="{num_id}"><w:abstractNumId w:val="{a}"/>{over}</w:num>')
    return abstracts, nums


def _write_docx(bl: list[dict], header: str, path: Path, plan: WordPlan | None = None,
                styled: bool = False) -> None:
    """A Word file of the blocks: the numbers typed, or (`plan`) left to Word's list
    numbering, each paragraph on its list by its own ``w:numPr`` or (`styled`) by its
    paragraph style's. Its bytes depend on nothing but the arguments."""
    import datetime
    import io
    import zipfile

    import docx  # python-docx
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml import parse_xml

    d = docx.Document()
    d.core_properties.created = datetime.datetime(2020, 1, 1)
    if header:
        d.sections[0].header.paragraphs[0].text = header
    styles: dict[tuple[int, int], str] = {}
    names: dict[str, str] = {}
    if plan:
        if styled:
            # As Word links a list to styles: the rules' heading levels to the built-in
            # Heading styles, other levels to styles of their own; a style's w:numPr names
            # its level only above the first (Word leaves w:ilvl 0 out).
            headings = {b["level"] for b in bl if b["kind"] == "heading" and b.get("level", -1) >= 0}
            for a, levels in plan.abstracts.items():
                for k in range(len(levels)):
                    if a == MAIN_NUM and k in headings:
                        style = d.styles[f"Heading {k + 1}"]
                        name = style.name
                    else:
                        name = f"{'Appendix' if a == APPENDIX_NUM else 'Rule'} Level {k + 1}"
                        style = d.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
                        style.base_style = d.styles["Normal"]
                    numpr = style.element.get_or_add_pPr().get_or_add_numPr()
                    if k:
                        numpr.get_or_add_ilvl().val = k
                    numpr.get_or_add_numId().val = a
                    styles[(a, k)] = style.style_id
                    names[style.style_id] = name
        root = d.part.numbering_part.element
        abstracts, nums = _numbering_xml(plan, styles)
        first_num = root.find(f"{{{root.nsmap['w']}}}num")
        for xml in abstracts:  # every w:abstractNum before the first w:num, as the schema orders them
            first_num.addprevious(parse_xml(xml))
        for xml in nums:
            root.append(parse_xml(xml))
    for b in bl:
        where = plan.paragraphs.get(b.get("uid", -1)) if plan else None
        text = b["body"] if where else b["text"]
        if styled and where:
            d.add_paragraph(text, style=names[styles[(plan.nums[where[0]][0], where[1])]])
            continue
        if b["kind"] == "title":
            p = d.add_heading(text, level=0)
        elif b["kind"] == "heading":
            p = d.add_heading(text, level=min(b["depth"] + 1, 9))
        else:
            p = d.add_paragraph(text)
        if where:
            numpr = p._p.get_or_add_pPr().get_or_add_numPr()
            numpr.get_or_add_ilvl().val = where[1]
            numpr.get_or_add_numId().val = where[0]
    raw = io.BytesIO()
    d.save(raw)
    # python-docx stamps each zip entry with the clock: rewrite them with a fixed time.
    with zipfile.ZipFile(raw) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            new.writestr(zipfile.ZipInfo(item.filename, date_time=(2020, 1, 1, 0, 0, 0)), old.read(item),
                         compress_type=zipfile.ZIP_DEFLATED)


def _pdfmaker():
    """tests/pdfmaker.py, the repository's text-only PDF writer (loaded by path: tests/ is no package)."""
    import importlib.util
    path = Path(__file__).resolve().parents[2] / "tests" / "pdfmaker.py"
    spec = importlib.util.spec_from_file_location("_ruldiff_pdfmaker", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write_pdf(lines: list[str], path: Path, layout: dict, title: str) -> list[str]:
    """A text-only PDF with the running header and footer on each page; the furniture lines written."""
    per = layout["page_lines"]
    pages = [lines[i: i + per] for i in range(0, len(lines), per)] or [[]]
    furniture: list[str] = []
    flat: list[str] = []
    for n, page in enumerate(pages, 1):
        page = page + [""] * (per - len(page))
        if layout["header"]:
            page = [f"{title.upper()}    {layout.get('_date', '')}", ""] + page
            furniture.append(page[0])
        if layout["footer"]:
            page = page + ["", layout["footer"].format(n=n, N=len(pages))]
            furniture.append(page[-1])
        flat += [x.encode("cp1252", "replace").decode("cp1252") for x in page]
    extra = 2 * bool(layout["header"]) + 2 * bool(layout["footer"])
    _pdfmaker().make_pdf(flat, path, per_page=per + extra)
    return furniture


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--families", type=int, default=20)
    args = ap.parse_args(argv)
    for i in range(args.families):
        fam = make_family(args.seed, i)
        write_family(fam, args.outdir / fam.name)
    print(f"wrote {args.families} families to {args.outdir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
