"""Turn labellers' files into the evaluation set's labels and verdicts.

    python bench/eval/import_labels.py DIR [--set sample|holdout]

DIR holds one ``pair-NN.json`` per pair, as /tmp/packets/RUBRIC.md (written
by `sample.py --packets`) asks the labellers to write them: per drawn
change the true pairing, kind, tags, list items and stale references, and
verdicts on the pair's document-wide substitutions. This keeps IDs and
verdicts only: list items and substitution phrases become hashes
(`score.item_key`, `score.claim_key`), so no text of the documents enters
the repository. Writes ``<set>-labels.json`` (``labels.json`` for the
sample) and adds the verdicts to ``<set>-verdicts.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from score import claim_key, files_of, item_key  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--set", default="sample", choices=["sample", "holdout", "final", "fresh", "blind"])
    args = parser.parse_args()
    sample_file, labels_file, verdicts_file = files_of(args.set)
    drawn_all = json.loads(sample_file.read_text(encoding="utf-8"))["changes"]
    changes, subs = [], []
    for path in sorted(Path(args.folder).glob("pair-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        n = data["pair"]
        drawn = [c for c in drawn_all if c["pair"] == n]
        if len(drawn) != len(data["changes"]):
            raise SystemExit(f"{path}: {len(data['changes'])} labels for {len(drawn)} drawn changes")
        for key, c in zip(drawn, data["changes"]):
            changes.append({
                "pair": n, "old": key["old"], "new": key["new"],
                "true_old": c["true_old"], "true_new": c["true_new"], "kind": c["kind"],
                "tags": sorted(c["tags"]),
                "list_added_keys": [item_key(i) for i in c.get("list_added", [])],
                "list_removed_keys": [item_key(i) for i in c.get("list_removed", [])],
                "stale": c.get("stale", []), "unsure": bool(c.get("unsure")), "why": c.get("why", ""),
            })
        for s in data.get("substitutions", []):
            subs.append({"pair": n, "claim": claim_key(s["old"], s["new"]), "ok": bool(s["ok"]),
                         "why": s.get("why", "")})
    labels_file.write_text(
        '{\n"changes": [\n' + ",\n".join(json.dumps(x, ensure_ascii=False) for x in changes) + "\n]\n}\n",
        encoding="utf-8",
    )
    verdicts = json.loads(verdicts_file.read_text(encoding="utf-8")) if verdicts_file.exists() else {}
    known = {(v["pair"], v["claim"]) for v in verdicts.get("substitutions", [])}
    verdicts.setdefault("substitutions", []).extend(v for v in subs if (v["pair"], v["claim"]) not in known)
    verdicts.setdefault("stale", [])
    write_verdicts(verdicts_file, verdicts)
    print(f"{len(changes)} labelled changes -> {labels_file.name}", file=sys.stderr)


def write_verdicts(path: Path, verdicts: dict) -> None:  # type: ignore[type-arg]
    parts = []
    for kind in ("substitutions", "stale"):
        rows = ",\n".join(json.dumps(v, ensure_ascii=False) for v in verdicts.get(kind, []))
        parts.append(f'"{kind}": [\n{rows}\n]')
    path.write_text("{\n" + ",\n".join(parts) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
