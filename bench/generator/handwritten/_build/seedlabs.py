import re
import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
from pathlib import Path
import hw
from seedlabs_make import furniture

# Units are read from the text with furniture and wrapping undone: joined back into paragraphs first.
orig = hw.units
def units(text, rules):
    lines = [l for l in text.replace("\f", "").split("\n") if l.strip() not in furniture(text)]
    # a paragraph broken by a page: the blank lines around the furniture between an open sentence and its end
    joined = re.sub(r"(?<=[a-z,])\n\n\n(?=[a-z])", "\n", "\n".join(lines))
    paragraphs = " ".join(l.strip() if l.strip() else "\n" for l in joined.split("\n")).split("\n")
    return orig("\n".join(p.strip() for p in paragraphs if p.strip()), rules)
hw.units = units
rules = [
  (r"PART (\d+)—", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Subpart ([A-Z])—", 1, lambda m, p, s: "Subpart " + m.group(1), "heading"),
  (r"§ (\d+\.\d+) ", 2, lambda m, p, s: "§ " + m.group(1), "rule"),
  (r"\((i{1,3}|iv|v)\) ", 5, lambda m, p, s: f"{p}({m.group(1)})", "rule"),  # no point (i) in this part: read as roman first
  (r"\(([a-z])\) ", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\) ", 4, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "cosmetic", "old": "§ 215.10(a)(1)", "new": "§ 215.10(a)(1)", "what": "';' becomes '; and' before the last item, the one after it removed"},
  {"kind": "cosmetic", "old": "§ 215.10(a)(2)", "new": "§ 215.10(a)(2)", "what": "'; and' becomes '.' as the last item"},
  {"kind": "remove", "old": "§ 215.10(a)(3)", "new": None},
  {"kind": "insert", "old": None, "new": "§ 215.4"},
  {"kind": "insert", "old": None, "new": "§ 215.11(b)"},
  {"kind": "renumber", "old": "§ 215.11(b)", "new": "§ 215.11(c)"},
  {"kind": "renumber", "old": "§ 215.11(b)(1)", "new": "§ 215.11(c)(1)"},
  {"kind": "renumber", "old": "§ 215.11(b)(2)", "new": "§ 215.11(c)(2)"},
  {"kind": "renumber", "old": "§ 215.11(b)(2)(i)", "new": "§ 215.11(c)(2)(i)"},
  {"kind": "renumber", "old": "§ 215.11(b)(2)(ii)", "new": "§ 215.11(c)(2)(ii)"},
  {"kind": "reword", "old": "§ 215.11(c)", "new": "§ 215.11(d)"},
  {"kind": "reword", "old": "§ 215.12", "new": "§ 215.12"},
  {"kind": "xref-update", "old": "§ 215.20(a)(1)", "new": "§ 215.20(a)(1)", "note": "and '; or' becomes ';' before a new last item"},
  {"kind": "cosmetic", "old": "§ 215.20(a)(2)", "new": "§ 215.20(a)(2)", "what": "'.' becomes '; or' before a new last item"},
  {"kind": "insert", "old": None, "new": "§ 215.20(a)(3)"},
  {"kind": "remove", "old": "§ 215.21", "new": None},
  {"kind": "reword", "old": "§ 215.22", "new": "§ 215.22"},
]
d = Path("bench/generator/handwritten/federal-seed-labs")
build("federal-seed-labs", "US federal regulation (2): hard-wrapped, paginated", rules, edits,
      furniture={v: furniture((d / f"{v}.txt").read_text(encoding="utf-8")) for v in ("old", "new")})
