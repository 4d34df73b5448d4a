import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
# Recitals ((1) Whereas ...) are units: numbered, cited ("recital 3") and amended like articles.
rules = [
  (r"\((\d+)\) (?=[A-Z])", 0, lambda m, p, s: f"({m.group(1)})", "rule"),
  (r"CHAPTER ([IVX]+)$", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Article (\d+[a-z]?)$", 1, lambda m, p, s: m.group(1), "titled"),
  (r"ANNEX ([IVX]+)$", 0, lambda m, p, s: "Annex " + m.group(1), "heading"),
  (r"(\d+)\. ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\) ", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\(([a-z])\) ", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "reword", "old": "1(2)", "new": "1(2)"},
  {"kind": "insert", "old": None, "new": "2(3)"},
  {"kind": "renumber", "old": "2(3)", "new": "2(4)"},
  {"kind": "cosmetic", "old": "3(2)(a)", "new": "3(2)(a)", "what": "'; and' becomes ';' before a new last point"},
  {"kind": "cosmetic", "old": "3(2)(b)", "new": "3(2)(b)", "what": "'.' becomes '; and' before a new last point"},
  {"kind": "insert", "old": None, "new": "3(2)(c)"},
  {"kind": "insert", "old": None, "new": "5a"},
  {"kind": "insert", "old": None, "new": "5a(1)"},
  {"kind": "insert", "old": None, "new": "5a(2)"},
  {"kind": "reword", "old": "6(2)", "new": "6(2)"},
  {"kind": "remove", "old": "8", "new": None},
  {"kind": "renumber", "old": "9", "new": "8"},
  {"kind": "insert", "old": None, "new": "Annex II(3)"},
]
build("eu-ferries", "EU act (2): recitals, chapters, Article 5a", rules, edits)
