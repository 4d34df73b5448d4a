import sys, json; sys.path.insert(0, "bench/generator/handwritten/_build"); from hw import build
rules = [
  (r"(\d+(?:\.\d+)*)\.  ", 0, lambda m, p, s: m.group(1), "rule"),
  (r"Appendix ([A-Z])\.  ", 0, lambda m, p, s: m.group(1), "rule"),
  (r"([A-Z]\.\d+)\.  ", 1, lambda m, p, s: m.group(1), "rule"),
]
edits = [
  {"kind": "reword", "old": "3.2", "new": "3.2"},
  {"kind": "insert", "old": None, "new": "3.3"},
  {"kind": "renumber", "old": "3.3", "new": "3.4"},
  {"kind": "reword", "old": "4.3.1", "new": "4.3.1"},
  {"kind": "remove", "old": "4.3.1.1", "new": None},
  {"kind": "list-item", "old": "5.1", "new": "5.1", "item": "3 for an idle timeout"},
  {"kind": "substitution", "old": "responding host", "new": "responder", "count": 2, "units": [["3.2", "3.2"], ["3.3", "3.4"]]},
  {"kind": "substitution", "old": "initiating host", "new": "initiator", "count": 3, "units": [["3.1", "3.1"], ["A.1", "A.1"], ["A.2", "A.2"]]},
]
build("rfc-standard", "RFC / standard", rules, edits, furniture=json.load(open("/tmp/rfc_furniture.json")))
