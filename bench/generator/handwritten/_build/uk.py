import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
import hw
rules = [
  (r"(\d+[A-Z]?)\.—$", 0, lambda m, p, s: m.group(1), "rule"),
  (r"\((\d+)\)", 1, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
  (r"(\d+[A-Z]?)\. ", 0, lambda m, p, s: m.group(1), "rule"),
  (r"\(([a-z])\)", 2, lambda m, p, s: f"{p}({m.group(1)})", "rule"),
]
# "1.—(1) Text": regulation 1 and its paragraph (1) start on one line; split them for the helper.
import re
orig = hw.units
def units(text, rules):
    return orig(re.sub(r"^(\d+[A-Z]?\.—)\(1\)", r"\1\n(1)", text, flags=re.M), rules)
hw.units = units
edits = [
  {"kind": "reword", "old": "3(2)(b)", "new": "3(2)(b)"},
  {"kind": "insert", "old": None, "new": "4A"},
  {"kind": "list-item", "old": "7(2)", "new": "7(2)", "item": "wax"},
  {"kind": "cosmetic", "old": "7(3)", "new": "7(3)", "what": "straight apostrophe to curly"},
  {"kind": "reword", "old": "8(1)", "new": "8(1)", "note": "a reference to the inserted regulation 4A"},
]
build("uk-statutory-instrument", "UK statutory instrument", rules, edits)
