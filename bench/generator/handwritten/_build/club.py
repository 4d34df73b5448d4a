import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"(\d+)\. ", 0, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\) ", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "remove", "old": "5", "new": None},
  {"kind": "reword", "old": "9", "new": "8"},
  {"kind": "cosmetic", "old": "11(a)", "new": "10(a)", "what": "straight apostrophe to curly"},
  {"kind": "reword", "old": "14", "new": "13", "note": "the Groundsman renamed Head Greenkeeper (once)"},
  {"kind": "xref-update", "old": "16", "new": "15"},
  {"kind": "insert", "old": None, "new": "18"},
]
build("club-house-rules", "club house rules", rules, edits)
