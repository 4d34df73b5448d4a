"""Shared by the builders of the hand-written pairs held as a tree of nodes (standing_orders_make.py,
insurance_make.py, board_policies_make.py, building_code_make.py, port_byelaws_make.py): node
constructors and tree edits, the substitution's term, wrapping with hanging indents and centring,
pages, the consistency checks of the truth against the tree
(every differing unit accounted for by one edit, citations naming the same unit in both versions),
and writing old.txt, new.txt and truth.json. Each builder keeps its document: the text, the edits,
the numbering, the layout and the citation patterns.

A unit is a dict: key (the node's stable key), node (the node's kind), id, label, kind ('rule' or
'heading'), title (None but on headings), text, and whatever the builder adds.

Not run on its own; the builders import it (run them from the repository root).
"""
import json
import re
import textwrap

# ---------------------------------------------------------------------------- nodes, tree edits


def para(key, text, *children):
    return {"key": key, "kind": "para", "text": text, "children": list(children)}


def sub(key, text, *children):
    return {"key": key, "kind": "sub", "text": text, "children": list(children)}


def item(key, text):
    return {"key": key, "kind": "item", "text": text, "children": []}


def walk(nodes):
    """Every node of a list of trees, in document order."""
    for node in nodes:
        yield node
        yield from walk(node["children"])


def find(nodes, key):
    """The first node with this key, or None."""
    return next((node for node in walk(nodes) if node["key"] == key), None)


def insert_after(siblings, key, *nodes):
    at = [n["key"] for n in siblings].index(key) + 1
    siblings[at:at] = nodes


def remove(siblings, key):
    siblings[:] = [n for n in siblings if n["key"] != key]


def replace_once(holder, slot, before, after):
    """holder[slot] (a node and its field, or a list and an index) with `before`, printed once, replaced."""
    assert holder[slot].count(before) == 1, (before, holder[slot])
    holder[slot] = holder[slot].replace(before, after)


def retext(tree, key, before, after):
    """The text of the node `key` of `tree` with `before`, printed once, replaced (`replace_once`)."""
    replace_once(find(tree, key), "text", before, after)


def text_if_any(node):
    """A node's text as the substitution's slots (`substitute`): none for a node without one (a heading)."""
    return [(node, "text")] if node.get("text") else []


def split(siblings, node, at, key):
    """The paragraph `node` split before its sentence opening `at`: that sentence and what follows become
    a paragraph `key`, placed after it among its `siblings`."""
    first, rest = node["text"].split(" " + at, 1)
    node["text"] = first
    siblings.insert(siblings.index(node) + 1, para(key, at + rest))


def curl_quotes(text):
    return re.sub(r'"([^"]*)"', "\u201c\\1\u201d", text)


class Term:
    """The substitution's term: `pairs` of (before, after) replaced in turn. An occurrence of the term is
    pairs[0][0] in fold(text) (str.lower counts it capitalized as well); where the new form contains
    the term, `kept` is the new form, whose occurrences are no term left behind."""

    def __init__(self, pairs, fold=None, kept=None):
        self.pairs, self.fold, self.kept = pairs, fold or (lambda text: text), kept

    def count(self, text):
        return self.fold(text).count(self.pairs[0][0])

    def left(self, text):
        return self.count(text) - (self.fold(text).count(self.kept) if self.kept else 0)

    def apply(self, text):
        for before, after in self.pairs:
            text = text.replace(before, after)
        return text


def text_slot(node):
    return [(node, "text")]


def substitute(nodes, term, slots=text_slot):
    """Replace the term in every text of the nodes (`slots(node)`: its (holder, slot) pairs); the number
    of replacements."""
    n = 0
    for node in nodes:
        for holder, slot in slots(node):
            for before, after in term.pairs:
                n += holder[slot].count(before)
                holder[slot] = holder[slot].replace(before, after)
    return n


def unit(key, node, ident, label, text, title=None, **more):
    return {"key": key, "node": node, "id": ident, "label": label, "kind": "rule" if text else "heading",
            "title": title, "text": text, **more}


# ---------------------------------------------------------------------------- layout

def centre(lines, width):
    return [line.center(width).rstrip() if line else "" for line in lines]


def centre_text(lines, width):
    return "\n".join(centre(lines, width)) + "\n"


def wrap(text, first, rest, width, glue, opens_unit):
    """`text` wrapped at `width` after the indents `first` and `rest`. A match of any pattern in `glue` (the
    citations) is not broken across lines; if then a continuation line would open with a match of
    `opens_unit` (look like the start of a unit), the word before each glued match is kept with it too."""
    for before in ("", r"\S+ "):
        glued = text
        for rx in glue:
            glued = re.sub(before + rx, lambda m: m.group(0).replace(" ", "\u00a0"), glued)
        lines = textwrap.wrap(glued, width, initial_indent=first, subsequent_indent=rest,
                              break_long_words=False, break_on_hyphens=False)
        lines = [line.replace("\u00a0", " ") for line in lines]
        if not any(re.match(opens_unit, line.strip()) for line in lines[1:]):
            return lines
    raise AssertionError(lines)


# ---------------------------------------------------------------------------- checks

def citations(us, cite, resolve, words=None):
    """{unit key: [cited unit key or None, ...]} for every match of `cite` in the units' texts, resolved in
    that version by `resolve(match, unit, us)` (the IDs it names); with `words`, asserts that every match
    of it (a word that opens a citation) is inside a match of `cite`."""
    by_id = {u["id"]: u["key"] for u in us}
    out = {}
    for u in us:
        spans, cited = [], []
        for m in cite.finditer(u["text"]):
            spans.append(m.span())
            cited += [by_id.get(i) for i in resolve(m, u, us)]
        if words:
            for w in words.finditer(u["text"]):
                assert any(a <= w.start() < b for a, b in spans), (u["id"], w.group(0), u["text"])
        if cited:
            out[u["key"]] = cited
    return out


def check(uo, un, edits, term, sub_count, norm=None, extra=None):
    """Derive the renumberings and the substitution's units; assert that every unit that differs is
    accounted for by exactly one edit (plus renumbering, for the substitution's units). edits[0] is the
    substitution of `term`, `sub_count` its count as made. The IDs of a version are distinct as `norm`
    reads them; `extra(edit, old text, new text)` checks a reword, cosmetic, xref-update or list-item
    further. Returns (derived renumberings, [[old ID, new ID] of each substitution unit])."""
    for us in (uo, un):
        ids = [u["id"] for u in us]
        normed = [norm(i) for i in ids] if norm else ids
        assert len(set(normed)) == len(normed), [i for i, x in zip(ids, normed) if normed.count(x) > 1]
    o_by_key = {u["key"]: u for u in uo}
    n_by_key = {u["key"]: u for u in un}
    o_ids = [u["id"] for u in uo]
    n_ids = [u["id"] for u in un]
    claimed = {}
    for e in edits:
        if e["kind"] in ("substitution", "stale"):
            continue
        news = e["new"] if isinstance(e["new"], list) else [e["new"]]
        assert e["old"] is None or e["old"] in o_ids, e
        assert all(x is None or x in n_ids for x in news), e
        pair = (e["old"], news[0])
        assert pair not in claimed, pair
        claimed[pair] = e
    derived, sub_units = [], []
    for key in [u["key"] for u in uo] + [u["key"] for u in un if u["key"] not in o_by_key]:
        o, n = o_by_key.get(key), n_by_key.get(key)
        oi, ot = (o["id"], o["text"]) if o else (None, None)
        ni, nt = (n["id"], n["text"]) if n else (None, None)
        assert o is None or n is None or o["title"] == n["title"], ("a title changed", key)
        e = claimed.get((oi, ni))
        if o and n and term.count(ot):
            sub_units.append([oi, ni])
            assert term.apply(ot) == nt, ("substitution unit changes more than the term", oi)
            assert e is None, (oi, "substitution units carry no other edit")
            if oi != ni:
                derived.append({"kind": "renumber", "old": oi, "new": ni})
            continue
        if e is None and oi is None and any(e2["kind"] == "split" and ni in e2["new"] for e2 in edits):
            continue   # the second part of a split, checked with the first
        if e is None:
            assert ot == nt, (f"unaccounted {oi} -> {ni}", ot, nt)
            if oi != ni:
                assert oi and ni, (key, "insert/remove without an edit")
                derived.append({"kind": "renumber", "old": oi, "new": ni})
            continue
        kind = e["kind"]
        if kind in ("reword", "cosmetic", "xref-update", "list-item"):
            assert ot != nt, e
            if kind == "list-item":
                assert e["item"] in nt and e["item"] not in ot, e
            if extra:
                extra(e, ot, nt)
        elif kind == "insert":
            assert oi is None, e
        elif kind == "remove":
            assert ni is None, e
        elif kind == "split":
            part = [u for u in un if u["id"] == e["new"][1]][0]
            assert ot == nt + " " + part["text"] and e["new"][0] == ni, e
        else:
            raise AssertionError(e)
    # each edit claimed by the tree walk
    seen = {(o_by_key[k]["id"] if k in o_by_key else None, n_by_key[k]["id"] if k in n_by_key else None)
            for k in set(o_by_key) | set(n_by_key)}
    for pair, e in claimed.items():
        assert pair in seen, ("edit names no unit pair", e)
    # the stale reference: unchanged text, citing an old number
    for e in edits:
        if e["kind"] == "stale":
            ot = [u["text"] for u in uo if u["id"] == e["old"]][0]
            nt = [u["text"] for u in un if u["id"] == e["new"]][0]
            assert ot == nt and e["reference"] in nt, e
    # the substitution: every occurrence counted, none left
    count = sum(term.count(u["text"]) for u in uo)
    assert count == sub_count == edits[0]["count"], (count, sub_count, edits[0]["count"])
    assert not any(term.left(u["text"]) for u in un)
    return derived, sub_units


def check_citations(co, cn, stale, new_resolve=False):
    """Every citation (`citations` of the old and the new version) names the same unit in both versions,
    but the stale one: `stale` is (the citing unit's key, its cited keys in the old version and in the
    new). No old citation is dangling, nor with `new_resolve` any new one."""
    assert all(None not in v for v in co.values()), co
    if new_resolve:
        assert all(None not in v for v in cn.values()), cn
    stale_key, stale_old, stale_new = stale
    for key in co:
        if key in cn:
            if key == stale_key:
                assert co[key] == stale_old and cn[key] == stale_new, (co[key], cn[key])
            else:
                assert co[key] == cn[key], (key, co[key], cn[key])


# ---------------------------------------------------------------------------- the truth

def pair_truth(planted, derived, sub_units, uo, un):
    """The pair of truth.json: the planted edits (the substitution first) with its units, and the derived
    renumberings, in the order of the new version (a removed unit after the unit before it)."""
    edits = [dict(e) for e in planted]
    edits[0]["units"] = sub_units
    edits += derived
    order_new = {u["id"]: n for n, u in enumerate(un)}
    order_old = {u["id"]: n for n, u in enumerate(uo)}
    # old units' places in the new order: removed ones sit after the unit before them
    place = {}
    last = -1
    new_of = {u["key"]: u["id"] for u in un}
    for u in uo:
        if u["key"] in new_of:
            last = order_new[new_of[u["key"]]]
        place[u["id"]] = last + (0 if u["key"] in new_of else 0.5)

    def sort_key(e):
        if e["kind"] == "substitution":
            return (-1, 0)
        new = e["new"][0] if isinstance(e["new"], list) else e["new"]
        return (order_new[new], 0) if new else (place[e["old"]], order_old[e["old"]])

    edits.sort(key=sort_key)
    renumbering = {e["old"]: e["new"] for e in edits
                   if e["kind"] not in ("substitution", "stale") and isinstance(e["old"], str)
                   and isinstance(e["new"], str) and e["old"] != e["new"]}
    return {"old": "old", "new": "new", "edits": edits, "renumbering": renumbering,
            "substitutions": [{k: e[k] for k in ("old", "new", "count")} for e in edits if e["kind"] == "substitution"],
            "stale_references": [{"rule": e["new"], "reference": e["reference"]} for e in edits if e["kind"] == "stale"]}


def units_in_order(version, lines, width):
    """Check one version of truth.json against its .txt read as `lines` (form feeds dropped): the
    furniture lines where the truth says, no line wider than `width`, and every unit's label, title and
    text in order (modulo wrapping and furniture), nothing between or after them. Returns the furniture
    lines found."""
    furniture = set(version["furniture"]["txt"])
    furn = [line.strip() for line in lines if line.strip() in furniture]
    assert furn == version["furniture"]["txt"], (version["name"], "furniture")
    assert all(len(line) <= width for line in lines), (version["name"], "too wide")
    flat = " ".join(" ".join(line.split()) for line in lines if line.strip() not in furniture)
    flat = " ".join(flat.split())
    at = 0
    for u in version["units"]:
        head = " ".join(x for x in (u["label"], u.get("title")) if x)
        where = flat.find(head, at)
        assert where >= 0, (version["name"], u["id"], head)
        assert at == 0 or not flat[at:where].strip(), (version["name"], u["id"], flat[at:where][:80])
        at = where + len(head)
        if u["text"]:
            t = " ".join(u["text"].split())
            assert flat[at:].lstrip().startswith(t), (version["name"], u["id"], t[:60], flat[at:at + 80])
            at = flat.find(t, at) + len(t)
    return furn, flat[at:]


def pages(body, size):
    """`body`, a list of (line, keep) pairs, cut into pages of `size` lines at most: no page opens
    with a blank line, and the lines to keep with what follows (headings), with the blanks after
    them, go to the next page."""
    out, page = [], []
    for line, keep in body:
        if not page and not line:
            continue
        page.append((line, keep))
        if len(page) >= size:
            carry = []
            while page and (page[-1][1] or not page[-1][0]):
                carry.insert(0, page.pop())
            out.append(page)
            while carry and not carry[0][0]:
                carry.pop(0)
            page = carry
    if page:
        out.append(page)
    return out


def report(truth, uo, un, planted, derived, sub_count, sub_units, cites, furniture):
    """The builder's line: units, edits, substitutions, citations and pages of each version."""
    n_cites = sum(len(v) for v in cites.values())
    print("units", len(uo), len(un), "edits", len(truth["pairs"][0]["edits"]), "planted", planted,
          "derived renumberings", len(derived), "substitution count", sub_count, "in", len(sub_units), "units;",
          "citations", n_cites, "in", len(cites), "units; pages", len(furniture["old"]) // 2,
          len(furniture["new"]) // 2)


def version(name, us, furniture=()):
    """A version of truth.json: its units (a title only on headings) and the furniture of its .txt."""
    out = []
    for u in us:
        v = {"id": u["id"], "label": u["label"], "kind": u["kind"]}
        if u["title"] is not None:
            v["title"] = u["title"]
        v["text"] = u["text"]
        out.append(v)
    return {"name": name, "files": {"txt": f"{name}.txt"}, "units": out, "furniture": {"txt": list(furniture)}}


def write(out, family, kind, texts, uo, un, planted, derived, sub_units, furniture=None):
    """Write old.txt and new.txt (`texts`, {name: text}) and truth.json into the folder `out`: the units of
    the old and the new version (`furniture`, {name: lines}, where the .txt has any), and their pair
    (`pair_truth`). Returns the truth."""
    furniture = furniture or {}
    versions = [version(name, us, furniture.get(name, ())) for name, us in (("old", uo), ("new", un))]
    pair = pair_truth(planted, derived, sub_units, uo, un)
    truth = {"family": family, "kind": kind, "formats": ["txt"], "versions": versions, "pairs": [pair]}
    out.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (out / f"{name}.txt").write_text(text, encoding="utf-8")
    (out / "truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return truth
