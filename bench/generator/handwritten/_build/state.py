import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"TITLE (\d+)$", 0, lambda m, p, s: m.group(1), "heading"),
  (r"ARTICLE (\d+)$", 1, lambda m, p, s: m.group(1), "heading"),
  (r"PART (\d+)$", 2, lambda m, p, s: "Part " + m.group(1), "heading"),
  (r"(\d+-\d+-\d+(?:\.\d+)?)\.", 3, lambda m, p, s: m.group(1), "rule"),
  (r"\((\d+(?:\.\d+)?)\)", 4, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([a-z])\)", 5, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "insert", "old": None, "new": "33-14-102(3)"},
  {"kind": "renumber", "old": "33-14-102(3)", "new": "33-14-102(4)"},
  {"kind": "renumber", "old": "33-14-102(4)", "new": "33-14-102(5)"},
  {"kind": "reword", "old": "33-14-102(5)", "new": "33-14-102(6)"},
  {"kind": "renumber", "old": "33-14-102(6)", "new": "33-14-102(7)"},
  {"kind": "reword", "old": "33-14-104(1)", "new": "33-14-104(1)"},
  {"kind": "insert", "old": None, "new": "33-14-106(1)(d)"},
  {"kind": "cosmetic", "old": "33-14-106(1)(c)", "new": "33-14-106(1)(c)", "what": "a list's last item's full stop becomes a semicolon"},
  {"kind": "stale", "old": "33-14-108(2)", "new": "33-14-108(2)", "reference": "section 33-14-102(3)", "should_be": "33-14-102(4)"},
  {"kind": "reword", "old": "33-14-109(1)", "new": "33-14-109(1)"},
]
build("state-statute", "state statute", rules, edits)
