import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
from pathlib import Path
from rowing_make import furniture

# Units are read from the text with its furniture and wrapping undone: the builder's patterns see each
# section's first line, which is all they need (ID, label, text from its first line).
rules = [
  (r"ARTICLE ([IVX]+)\. ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"Section (\d+)\. ", 1, lambda m, p, s: f"{p}.{m.group(1)}", "rule"),
]
edits = [
  {"kind": "list-item", "old": "I.2", "new": "I.2", "item": "to teach young people to row"},
  {"kind": "cosmetic", "old": "I.1", "new": "I.1", "what": "straight quotes to curly"},
  {"kind": "insert", "old": None, "new": "II.4"},
  {"kind": "renumber", "old": "II.4", "new": "II.5"},
  {"kind": "renumber", "old": "II.5", "new": "II.6"},
  {"kind": "stale", "old": "IV.4", "new": "IV.4", "reference": "Article II, Section 4", "should_be": "II.5"},
  {"kind": "reword", "old": "IV.5", "new": "IV.5"},
  {"kind": "reword", "old": "V.4", "new": "V.4", "note": "its title: Committee Quorum -> Committee Meetings"},
  {"kind": "remove", "old": "V.5", "new": None},
]
d = Path("bench/generator/handwritten/rowing-club-constitution")
build("rowing-club-constitution", "club constitution (hard-wrapped, hyphenated, paginated)", rules, edits,
      furniture={v: furniture((d / f"{v}.txt").read_text(encoding="utf-8")) for v in ("old", "new")})
