import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"Article (\d+[a-z]?)$", 0, lambda m, p, s: m.group(1), "titled"),
  (r"ANNEX ([IVX]+)$", 0, lambda m, p, s: "Annex " + m.group(1), "heading"),
  (r"(\d+)\. ", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\) ", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([a-z])\) ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "cosmetic", "old": "4(2)(b)", "new": "4(2)(b)", "what": "'; and' becomes ';' before a new last point"},
  {"kind": "cosmetic", "old": "4(2)(c)", "new": "4(2)(c)", "what": "'.' becomes '; and' before a new last point"},
  {"kind": "insert", "old": None, "new": "4(2)(d)"},
  {"kind": "insert", "old": None, "new": "5a"},
  {"kind": "insert", "old": None, "new": "5a(1)"},
  {"kind": "insert", "old": None, "new": "5a(2)"},
  {"kind": "reword", "old": "7(1)", "new": "7(1)"},
  {"kind": "remove", "old": "7(2)", "new": None},
  {"kind": "renumber", "old": "7(3)", "new": "7(2)"},
  {"kind": "insert", "old": None, "new": "Annex II(3)"},
  {"kind": "renumber", "old": "Annex II(3)", "new": "Annex II(4)"},
  {"kind": "cosmetic", "old": "Annex I(1)", "new": "Annex I(1)", "what": "straight quotes to curly"},
]
build("eu-act", "EU act", rules, edits)
