import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"PART (\d+)—", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Subpart ([A-Z])—", 1, lambda m, p, s: "Subpart " + m.group(1), "heading"),
  (r"(§ \d+\.\d+)", 2, lambda m, p, s: m.group(1), "rule"),
  (r"\(([ivx]+)\)", 5, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([a-z])\)", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\)", 4, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([ivx]+)\)", 5, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
subst = [[x, x] for x in ["§ 412.2(a)", "§ 412.10(a)", "§ 412.11(c)", "§ 412.21(a)", "§ 412.21(b)"]] + [["§ 412.10(c)", "§ 412.10(d)"], ["§ 412.10(c)(2)", "§ 412.10(d)(2)"]]
edits = [
  {"kind": "substitution", "old": "Administrator", "new": "Director", "count": 8, "units": subst},
  {"kind": "remove", "old": "§ 412.3", "new": None},
  {"kind": "insert", "old": None, "new": "§ 412.10(c)"},
  {"kind": "insert", "old": None, "new": "§ 412.11(b)(2)(iii)"},
  {"kind": "cosmetic", "old": "§ 412.11(b)(2)(i)", "new": "§ 412.11(b)(2)(i)", "what": "'; and' becomes ';' before a new last item"},
  {"kind": "reword", "old": "§ 412.12(b)", "new": "§ 412.12(b)"},
]
build("federal-regulation", "federal regulation", rules, edits)
