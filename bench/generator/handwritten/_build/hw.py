"""Run from the repository root: python3 bench/generator/handwritten/_build/<doc>.py
(rfc_versions.py first for the RFC). Helper to write truth.json for a hand-written pair (not shipped): units by
line patterns I wrote for each document, renumbering by identical text."""
import json, re, sys
from pathlib import Path

def units(text, rules):
    out, stack = [], []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        for rx, level, fn, kind in rules:
            m = re.match(rx, line)
            if m:
                while stack and stack[-1][0] >= level:
                    stack.pop()
                parent = stack[-1][1] if stack else ""
                ident = fn(m, parent, stack)
                rest = line[m.end():].strip()
                if kind == "rule" and not rest:
                    j = i + 1
                    while j < len(lines) and not lines[j].strip():
                        j += 1
                    if j < len(lines) and not any(re.match(r[0], lines[j]) for r in rules):
                        rest = lines[j].strip()
                if kind == "titled":  # "Article 2" / "Definitions" / its own text, if any, before its points
                    title = lines[i + 1].strip()
                    after = lines[i + 2].strip() if i + 2 < len(lines) else ""
                    rest = after if after and not any(re.match(r[0], after) for r in rules) else ""
                    out.append({"id": ident, "label": m.group(0).strip(), "kind": "rule" if rest else "heading",
                                "title": title, "text": rest})
                else:
                    out.append({"id": ident, "label": m.group(0).strip(), "kind": kind, "text": rest})
                stack.append((level, ident))
                break
    ids = [u["id"] for u in out]
    dup = {x for x in ids if ids.count(x) > 1}
    assert not dup, dup
    return out

def build(directory, kind, rules, edits, formats=("txt",), furniture=None, extra=None):
    d = Path(__file__).resolve().parent.parent / directory  # handwritten/<directory>
    vs = []
    for name in ("old", "new"):
        vs.append({"name": name, "files": {"txt": f"{name}.txt"},
                   "units": units((d / f"{name}.txt").read_text(encoding="utf-8"), rules),
                   "furniture": {"txt": (furniture or {}).get(name, [])}})
    o = {u["id"]: u for u in vs[0]["units"]}
    n = {u["id"]: u for u in vs[1]["units"]}
    involved_old, involved_new = set(), set()
    for e in edits:
        for side, s in (("old", involved_old), ("new", involved_new)):
            v = e.get(side)
            if e["kind"] == "substitution":
                for a, b in e.get("units", []):
                    involved_old.add(a); involved_new.add(b)
                continue
            for x in (v if isinstance(v, list) else [v] if v else []):
                assert x in (o if side == "old" else n), (side, x, e)
                s.add(x)
    for e in list(edits):
        if e["kind"] == "substitution":
            for a, b in e.get("units", []):
                if a != b and not any(x.get("old") == a and x["kind"] != "substitution" for x in edits):
                    edits.append({"kind": "renumber", "old": a, "new": b})
    renum = {e["old"]: e["new"] for e in edits if e["kind"] not in ("substitution", "stale") and isinstance(e.get("old"), str) and isinstance(e.get("new"), str) and e["old"] != e["new"]}
    # Units not named in an edit: identical text under another ID -> renumber.
    by_text_new = {}
    for u in vs[1]["units"]:
        by_text_new.setdefault(u["text"], []).append(u["id"])
    for u in vs[0]["units"]:
        if u["id"] in involved_old:
            continue
        if u["id"] in n and n[u["id"]]["text"] == u["text"] and u["id"] not in involved_new:
            continue
        cands = [x for x in by_text_new.get(u["text"], []) if x not in involved_new]
        if len(cands) == 1 and cands[0] != u["id"]:
            edits.append({"kind": "renumber", "old": u["id"], "new": cands[0]})
            renum[u["id"]] = cands[0]
            involved_old.add(u["id"]); involved_new.add(cands[0])
        else:
            print("UNACCOUNTED old", u["id"], u["text"][:70], file=sys.stderr)
    for u in vs[1]["units"]:
        if u["id"] not in involved_new and not (u["id"] in o and o[u["id"]]["text"] == u["text"]):
            print("UNACCOUNTED new", u["id"], u["text"][:70], file=sys.stderr)
    pair = {"old": "old", "new": "new", "edits": edits, "renumbering": renum,
            "substitutions": [{k: e[k] for k in ("old", "new", "count")} for e in edits if e["kind"] == "substitution"],
            "stale_references": [{"rule": e["new"], "reference": e["reference"]} for e in edits if e["kind"] == "stale"]}
    truth = {"family": d.name, "kind": kind, "formats": list(formats), "versions": vs, "pairs": [pair]}
    if extra: truth.update(extra)
    (d / "truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(d.name, [len(v["units"]) for v in vs], "edits", len(edits))


def write_versions(directory, old, edits, layout):
    """Write handwritten/<directory>/old.txt and new.txt: `old`, and `old` with each (before, after) of
    `edits` replaced (each `before` printed once), both laid out by `layout(text) -> text`."""
    d = Path(__file__).resolve().parent.parent / directory
    new = old
    for a, b in edits:
        assert new.count(a) == 1, a
        new = new.replace(a, b)
    for name, text in (("old", old), ("new", new)):
        (d / f"{name}.txt").write_text(layout(text), encoding="utf-8")


# A UK statutory instrument's units: "3.—(1) Text" (regulation 3 and its paragraph (1) on one line),
# "4. Text", "(2)", "(a)". `units_run_in` splits the first two for the line patterns.
UK_RULES = [
  (r"(\d+[A-Z]?)\.—$", 0, lambda m, p, s: m.group(1), "rule"),
  (r"\((\d+)\)", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"(\d+[A-Z]?)\. ", 0, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\)", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]


_units = units  # build() calls `units`, which a document's script may replace with this:


def units_run_in(text, rules):
    return _units(re.sub(r"^(\d+[A-Z]?\.—)\(1\)", r"\1\n(1)", text, flags=re.M), rules)
