import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"Title ([IVX]+)\. ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Canon (\d+)\. ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "heading"),
  (r"Sec\. (\d+)\. ", 2, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
]
edits = [
  {"kind": "reword", "old": "I.1.2", "new": "I.1.2"},
  {"kind": "insert", "old": None, "new": "I.2.3"},
  {"kind": "renumber", "old": "I.2.3", "new": "I.2.4"},
  {"kind": "renumber", "old": "I.2.4", "new": "I.2.5"},
  {"kind": "xref-update", "old": "III.2.1", "new": "III.2.1"},
  {"kind": "remove", "old": "I.3.3", "new": None},
  {"kind": "insert", "old": None, "new": "II.2"},
  {"kind": "insert", "old": None, "new": "II.2.1"},
  {"kind": "insert", "old": None, "new": "II.2.2"},
  {"kind": "renumber", "old": "II.2", "new": "II.3"},
  {"kind": "renumber", "old": "II.2.1", "new": "II.3.1"},
  {"kind": "renumber", "old": "II.2.2", "new": "II.3.2"},
  {"kind": "reword", "old": "II.2.3", "new": "II.3.3"},
  {"kind": "renumber", "old": "II.3", "new": "II.4"},
  {"kind": "renumber", "old": "II.3.1", "new": "II.4.1"},
  {"kind": "renumber", "old": "II.3.2", "new": "II.4.2"},
  {"kind": "xref-update", "old": "III.1.2", "new": "III.1.2"},
  {"kind": "reword", "old": "III.2", "new": "III.2", "note": "its title: Of Amendment -> Of the Amendment of these Canons"},
]
build("diocesan-canons", "church canons (2): Title I, Canon 1., Sec. 1.", rules, edits)
