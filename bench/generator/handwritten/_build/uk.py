import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
import hw
hw.units = hw.units_run_in  # "1.—(1) Text": regulation 1 and its paragraph (1), one line
rules = hw.UK_RULES
edits = [
  {"kind": "reword", "old": "3(2)(b)", "new": "3(2)(b)"},
  {"kind": "insert", "old": None, "new": "4A"},
  {"kind": "list-item", "old": "7(2)", "new": "7(2)", "item": "wax"},
  {"kind": "cosmetic", "old": "7(3)", "new": "7(3)", "what": "straight apostrophe to curly"},
  {"kind": "reword", "old": "8(1)", "new": "8(1)", "note": "a reference to the inserted regulation 4A"},
]
build("uk-statutory-instrument", "UK statutory instrument", rules, edits)
