import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"CHAPTER (\d+)\.", 0, lambda m, p, s: m.group(1), "heading"),
  (r"ARTICLE ([IVX]+)\.", 1, lambda m, p, s: m.group(1), "heading"),
  (r"Sec\. (\d+-\d+)\.", 2, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\)", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\)", 4, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
# Sub-items nest under the nearest Sec. (the article level is skipped for IDs).
def sec_parent(fn):
    return fn
edits = [
  {"kind": "substitution", "old": "animal control officer", "new": "animal warden", "count": 4,
   "units": [["6-1(a)", "6-1(a)"], ["6-3(a)", "6-3(a)"], ["6-4", "6-4"], ["6-15(a)", "6-16(a)"]]},
  {"kind": "xref-update", "old": "6-1(d)", "new": "6-1(d)"},
  {"kind": "list-item", "old": "6-12", "new": "6-12", "item": "whining"},
  {"kind": "insert", "old": None, "new": "6-13"},
  {"kind": "reword", "old": "6-15(b)", "new": "6-16(b)"},
  {"kind": "reword", "old": "6-16(b)", "new": "6-17(b)"},
  {"kind": "remove", "old": "6-16(c)", "new": None},
  {"kind": "reword", "old": "6-16(d)", "new": "6-17(c)"},
  {"kind": "renumber", "old": "6-14", "new": "6-15"},
  {"kind": "renumber", "old": "6-15", "new": "6-16"},
  {"kind": "renumber", "old": "6-16", "new": "6-17"},
]
build("municipal-code", "municipal code", rules, edits)
