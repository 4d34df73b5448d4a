#!/usr/bin/env python3
"""Every claim of every pair the project reads, as one JSON file, in process:
the fast check that a change moved only what it meant to.

Usage:
  PYTHONPATH=TREE/tool python bench/claims_dump.py write OUT.json   # ~80 s, two processes
  python bench/claims_dump.py compare A.json B.json                 # the changes that differ, by pair

`write` runs `compare` (what `ruldiff OLD NEW -f json` prints, as `to_json`
builds it) on every adjacent pair of each real corpus, the 17-year gap, and
every pair of the evaluation sets (bench/eval/*.json), in the tree on
PYTHONPATH. `compare` lists, for each pair whose output differs, the changes
and top-level fields that differ, one line each; exit 1 if any. Byte
identity of the CLI's outputs (HTML and Markdown too) is bench/identical.py's.

The corpora are read from $RULDIFF_CORPORA, else ../shared/corpora.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from identical import ROOT, corpora  # noqa: E402
from identical import pairs as cli_pairs  # noqa: E402

CORPORA = corpora()


def pairs() -> list[str]:
    """identical.py's pairs (each corpus's adjacent ones, the 17-year gap),
    then every eval-set pair, each once, as the sets name them."""
    out = [f"{old.parent.name}/{old.name} {new.parent.name}/{new.name}" for old, new in cli_pairs(CORPORA)]
    for f in sorted((ROOT / "bench" / "eval").glob("*.json")):
        if f.name.endswith(("labels.json", "verdicts.json")):
            continue
        out += json.loads(f.read_text(encoding="utf-8")).get("pairs", [])
    return list(dict.fromkeys(out))


def _one(pair: str) -> tuple[str, dict]:  # type: ignore[type-arg]
    from ruldiff.diff.pipeline import compare
    from ruldiff.documents.load import load
    from ruldiff.outputs.jsonout import to_json

    old, new = pair.split()
    return pair, to_json(compare(load(str(CORPORA / old)), load(str(CORPORA / new))))


def write(out: str) -> int:
    with ProcessPoolExecutor(2) as pool:
        result = dict(pool.map(_one, pairs()))
    Path(out).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    print(f"{len(result)} pairs -> {out}")
    return 0


def _key(change: dict) -> str:  # type: ignore[type-arg]
    return f"{change.get('old')} -> {change.get('new')}"


def compare(a_file: str, b_file: str) -> int:
    a = json.loads(Path(a_file).read_text(encoding="utf-8"))
    b = json.loads(Path(b_file).read_text(encoding="utf-8"))
    differ = 0
    for pair in sorted(a.keys() & b.keys()):
        if a[pair] == b[pair]:
            continue
        differ += 1
        print(f"== {pair}")
        for field in sorted(a[pair].keys() | b[pair].keys()):
            x, y = a[pair].get(field), b[pair].get(field)
            if x == y:
                continue
            if field == "changes":
                xs = {json.dumps(c, sort_keys=True): c for c in x}
                ys = {json.dumps(c, sort_keys=True): c for c in y}
                for sign, only in (("-", xs.keys() - ys.keys()), ("+", ys.keys() - xs.keys())):
                    for k in sorted(only):
                        c = (xs if sign == "-" else ys)[k]
                        print(f"  {sign} {_key(c)} {c.get('kind')} {c.get('tags')} {c.get('list_items')}")
            else:
                print(f"  ~ {field}")
    print(f"{differ} pairs differ ({len(a.keys() - b.keys())} only in {a_file}, {len(b.keys() - a.keys())} only in {b_file})")
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        sys.exit(write(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    sys.exit(__doc__)
