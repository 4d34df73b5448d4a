import sys; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
import hw
hw.units = hw.units_run_in  # "1.—(1) Text": regulation 1 and its paragraph (1), one line
rules = hw.UK_RULES
edits = [
  {"kind": "cosmetic", "old": "3(2)(b)", "new": "3(2)(b)", "what": "'; and' becomes ';' before a new last point"},
  {"kind": "cosmetic", "old": "3(2)(c)", "new": "3(2)(c)", "what": "'.' becomes '; and' before a new last point"},
  {"kind": "insert", "old": None, "new": "3(2)(d)"},
  {"kind": "insert", "old": None, "new": "4(3)"},
  {"kind": "renumber", "old": "4(3)", "new": "4(4)"},
  {"kind": "reword", "old": "5(3)", "new": "5(3)"},
  {"kind": "insert", "old": None, "new": "6A"},
  {"kind": "reword", "old": "7(2)", "new": "7(2)", "note": "a reference to the inserted regulation 6A"},
  {"kind": "cosmetic", "old": "7(1)", "new": "7(1)", "what": "straight apostrophe to curly"},
  {"kind": "remove", "old": "8(2)", "new": None},
]
build("uk-si-allotments", "UK statutory instrument (2)", rules, edits)
