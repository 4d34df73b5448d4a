import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
from pathlib import Path
from parking_make import furniture

rules = [
  (r"CHAPTER (\d+)\. ", 0, lambda m, p, s: m.group(1), "heading"),
  (r"ARTICLE ([IVX]+)\. ", 1, lambda m, p, s: f"Article {m.group(1)}", "heading"),
  (r"Sec\. (\d+-\d+)\. ", 2, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\) ", 3, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"\((\d+)\) ", 4, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
edits = [
  {"kind": "reword", "old": "9-3", "new": "9-3", "note": "and the reference to 9-14 updated to 9-15"},
  {"kind": "cosmetic", "old": "9-10(c)", "new": "9-10(c)", "what": "'; or' becomes ';' before a new last item"},
  {"kind": "cosmetic", "old": "9-10(d)", "new": "9-10(d)", "what": "'.' becomes '; or' before a new last item"},
  {"kind": "insert", "old": None, "new": "9-10(e)"},
  {"kind": "insert", "old": None, "new": "9-13"},
  {"kind": "renumber", "old": "9-13", "new": "9-14"},
  {"kind": "renumber", "old": "9-14", "new": "9-15"},
  {"kind": "renumber", "old": "9-15", "new": "9-16"},
  {"kind": "remove", "old": "9-23", "new": None},
  {"kind": "cosmetic", "old": "9-22", "new": "9-22", "what": "straight apostrophe to curly"},
]
d = Path("bench/generator/handwritten/parking-code")
build("parking-code", "town code chapter (Sec. 9-12., paginated with running header and footer)", rules, edits,
      furniture={v: furniture((d / f"{v}.txt").read_text(encoding="utf-8")) for v in ("old", "new")})
