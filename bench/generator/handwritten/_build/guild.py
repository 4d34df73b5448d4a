import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"ARTICLE ([IVX]+)$", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Section (\d+)\. ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
]
edits = [
  {"kind": "list-item", "old": "I.2", "new": "I.2", "item": "felting"},
  {"kind": "insert", "old": None, "new": "II.2"},
  {"kind": "renumber", "old": "II.2", "new": "II.3"},
  {"kind": "renumber", "old": "II.3", "new": "II.4"},
  {"kind": "renumber", "old": "II.4", "new": "II.5"},
  {"kind": "reword", "old": "III.2", "new": "III.2"},
  {"kind": "remove", "old": "IV.3", "new": None},
  {"kind": "xref-update", "old": "IV.4", "new": "IV.3", "note": "Section 2 of Article II -> Section 3 of Article II"},
  {"kind": "renumber", "old": "IV.5", "new": "IV.4"},
  {"kind": "reword", "old": "V.2", "new": "V.2"},
  {"kind": "xref-update", "old": "V.3", "new": "V.3"},
  {"kind": "stale", "old": "V.4", "new": "V.4", "reference": "Section 4 of Article II", "should_be": "II.5"},
]
build("guild-constitution", "constitution cited 'Section 2 of Article II'", rules, edits)
