"""Add a reader's verdicts on the claims `score.py --unjudged` listed.

    python bench/eval/import_judged.py --set SET UNJUDGED.json VERDICTS.jsonl

UNJUDGED.json is what ``score.py --set SET --unjudged FILE`` wrote (claims
no verdict covers, after the code changed what it prints); VERDICTS.jsonl
holds one line per claim, in the same order: ``{"ok": true|false|null,
"unsure": bool, "why": "..."}``. The verdicts are added to the set's
verdict file under their claim's keys (items hashed, as `import_labels`
does), so the next `score.py` counts them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from import_labels import _verdict as verdict, write_verdicts  # noqa: E402
from score import SETS, files_of, item_key  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", required=True, choices=SETS)
    parser.add_argument("unjudged")
    parser.add_argument("verdicts")
    args = parser.parse_args()
    claims = json.loads(Path(args.unjudged).read_text(encoding="utf-8"))
    lines = [json.loads(x) for x in Path(args.verdicts).read_text(encoding="utf-8").splitlines() if x.strip()]
    if len(lines) != len(claims):
        sys.exit(f"{args.verdicts}: {len(lines)} verdicts for {len(claims)} claims")
    verdicts_file = files_of(args.set)[2]
    verdicts = json.loads(verdicts_file.read_text(encoding="utf-8"))
    for claim, line in zip(claims, lines):
        judged = {"pair": claim["pair"]}
        if claim["type"] == "substitution":
            kind, judged["claim"] = "substitutions", claim["claim"]
        elif claim["type"] == "variant":
            kind, judged["claim"], judged["variant"] = "variants", claim["claim"], claim["variant"]
        elif claim["type"] == "item":
            kind = "items"
            judged.update(rule=claim["rule"], sign=claim["sign"], item=item_key(claim["item"]))
        else:
            kind = "stale"
            judged.update(rule=claim["rule"], reference=claim["reference"])
        verdicts.setdefault(kind, []).append({**judged, **verdict(line)})
    write_verdicts(verdicts_file, verdicts)
    print(f"{len(claims)} verdicts added to {verdicts_file.name}")


if __name__ == "__main__":
    main()
