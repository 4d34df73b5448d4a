import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"(\d+)\. (?=[A-Z][a-z]+( [a-z]+)*$)", 0, lambda m, p, s: m.group(1), "heading"),
  (r"\(([a-h])\) ", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([ivx]+)\) ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "insert", "old": None, "new": "3(c)"},
  {"kind": "renumber", "old": "3(c)", "new": "3(d)"},
  {"kind": "renumber", "old": "3(d)", "new": "3(e)"},
  {"kind": "reword", "old": "4(b)", "new": "4(b)"},
  {"kind": "insert", "old": None, "new": "4(c)"},
  {"kind": "renumber", "old": "4(c)", "new": "4(d)"},
  {"kind": "renumber", "old": "4(d)", "new": "4(e)"},
  {"kind": "reword", "old": "4(e)", "new": "4(f)", "note": "4(d) added to the periods it overrides"},
  {"kind": "cosmetic", "old": "5(c)(ii)", "new": "5(c)(ii)", "what": "'; and' becomes ';' before a new last item"},
  {"kind": "cosmetic", "old": "5(c)(iii)", "new": "5(c)(iii)", "what": "'.' becomes '; and' before a new last item"},
  {"kind": "insert", "old": None, "new": "5(c)(iv)"},
  {"kind": "remove", "old": "6(c)", "new": None},
  {"kind": "cosmetic", "old": "7(b)", "new": "7(b)", "what": "straight apostrophe to curly"},
  {"kind": "substitution", "old": "Data Protection Officer", "new": "Information Governance Lead", "count": 3,
   "units": [["2(a)", "2(a)"], ["2(c)(iii)", "2(c)(iii)"], ["6(b)", "6(b)"]]},
]
build("retention-policy", "records retention policy", rules, edits)
