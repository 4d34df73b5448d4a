import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"PART ([A-Z])  ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"([A-Z]\d+)  ", 1, lambda m, p, s: m.group(1), "heading"),
  (r"([A-Z]\d+\.\d+)  ", 2, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\) ", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "substitution", "old": "Board of Examiners", "new": "Assessment Board", "count": 7,
   "note": "with the plural in B2's heading, and 'a' -> 'an' in B2.1 and C2.1",
   "units": [["B2.1", "B2.1"], ["B2.2", "B2.2"], ["B2.3", "B2.3"], ["B2.4", "B2.4"], ["B3.1", "B3.1"], ["B4.3", "B4.3"], ["C2.1", "C2.1"]]},
  {"kind": "reword", "old": "B2", "new": "B2", "note": "heading: Boards of Examiners -> Assessment Boards"},
  {"kind": "remove", "old": "B1.3", "new": None},
  {"kind": "insert", "old": None, "new": "B3.2"},
  {"kind": "renumber", "old": "B3.2", "new": "B3.3"},
  {"kind": "renumber", "old": "B3.3", "new": "B3.4"},
  {"kind": "reword", "old": "B4.2", "new": "B4.2"},
  {"kind": "insert", "old": None, "new": "C1.3"},
]
build("university-regulations", "university regulations", rules, edits)
