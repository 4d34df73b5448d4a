import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"TITLE ([IVX]+)$", 0, lambda m, p, s: m.group(1), "heading"),
  (r"CANON (\d+): ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "heading"),
  (r"Sec\. (\d+)\. ", 2, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
  (r"\(([a-z])\) ", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "reword", "old": "I.1.1", "new": "I.1.1"},
  {"kind": "insert", "old": None, "new": "I.1.4"},
  {"kind": "renumber", "old": "I.1.4", "new": "I.1.5"},
  {"kind": "list-item", "old": "I.3.1", "new": "I.3.1", "item": "receptions"},
  {"kind": "merge", "old": ["I.3.2", "I.3.3"], "new": "I.3.2", "note": "and the apostrophe of Bishop's made curly"},
  {"kind": "reword", "old": "III.1.1", "new": "III.1.1"},
]
build("church-canons", "church canons", rules, edits)
