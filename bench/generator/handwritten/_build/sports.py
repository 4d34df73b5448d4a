import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"Law (\d+) – ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"(\d+)\. ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
]
edits = [
  {"kind": "substitution", "old": "goalkeeper", "new": "keeper", "count": 6,
   "units": [["1.4", "1.4"], ["3.1", "3.1"], ["3.3", "3.3"], ["4.2", "4.2"], ["7.3", "7.4"]]},
  {"kind": "xref-update", "old": "2.2", "new": "2.2"},
  {"kind": "move", "old": "4.4", "new": "6.3"},
  {"kind": "reword", "old": "6.2", "new": "6.2"},
  {"kind": "insert", "old": None, "new": "7.2"},
  {"kind": "renumber", "old": "7.2", "new": "7.3"},
]
build("sports-laws", "sports laws", rules, edits)
