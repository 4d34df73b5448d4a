import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"ARTICLE ([IVX]+)$", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Section (\d+)\. ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
  (r"\(([a-z])\) ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "insert", "old": None, "new": "III.3"},
  {"kind": "reword", "old": "III.3", "new": "III.4"},
  {"kind": "reword", "old": "III.4", "new": "III.5"},
  {"kind": "renumber", "old": "III.5", "new": "III.6"},
  {"kind": "move", "old": "V.3", "new": "IV.4"},
  {"kind": "renumber", "old": "IV.4", "new": "IV.5"},
  {"kind": "renumber", "old": "IV.5", "new": "IV.6"},
  {"kind": "list-item", "old": "V.1(c)", "new": "V.1(c)", "item": "an attorney"},
  {"kind": "stale", "old": "VII.1", "new": "VII.1", "reference": "Article III, Section 3", "should_be": "III.4"},
]
build("hoa-bylaws", "HOA bylaws", rules, edits)
