import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"SECTION (\d+): ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"(\d+\.\d+) ", 1, lambda m, p, s: m.group(1), "rule"),
  (r"([a-z])\) ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "cosmetic", "old": "2.3(b)", "new": "2.3(b)", "what": "'; and' becomes ';' before a new last item"},
  {"kind": "cosmetic", "old": "2.3(c)", "new": "2.3(c)", "what": "'.' becomes '; and' before a new last item"},
  {"kind": "insert", "old": None, "new": "2.3(d)"},
  {"kind": "insert", "old": None, "new": "3.3"},
  {"kind": "xref-update", "old": "3.3", "new": "3.4"},
  {"kind": "renumber", "old": "3.4", "new": "3.5"},
  {"kind": "renumber", "old": "3.4(a)", "new": "3.5(a)"},
  {"kind": "renumber", "old": "3.4(b)", "new": "3.5(b)"},
  {"kind": "renumber", "old": "3.5", "new": "3.6"},
  {"kind": "split", "old": "4.1", "new": ["4.1", "4.2"]},
  {"kind": "renumber", "old": "4.2", "new": "4.3"},
  {"kind": "reword", "old": "4.3", "new": "4.4"},
  {"kind": "reword", "old": "4.4", "new": "4.5", "note": "an office renamed (once in the document)"},
  {"kind": "renumber", "old": "4.5", "new": "4.6"},
]
build("league-handbook", "league handbook", rules, edits)
