"""Turn labellers' files into the evaluation set's labels and verdicts.

    python bench/eval/import_labels.py DIR [--set sample|holdout|...|gap-blind]

DIR holds one ``pair-NN.json`` per pair, as /tmp/packets/RUBRIC.md (written
by `sample.py --packets`) asks the labellers to write them: per drawn
change the true pairing, kind, tags, list items and stale references, and
verdicts on the pair's document-wide substitutions. This keeps IDs and
verdicts only: list items and substitution phrases become hashes
(`score.item_key`, `score.claim_key`), so no text of the documents enters
the repository. Writes ``<set>-labels.json`` (``labels.json`` for the
sample) and adds the verdicts to ``<set>-verdicts.json``.

A pair's file may also judge every claim printed for the pair, not only
those of the drawn changes (the gap sets, issue #27): ``variants`` under
each substitution, ``items`` (list items, each with its change's IDs, its
sign and the item) and ``stale`` (each stale-reference line: rule and
reference). A verdict marked ``unsure`` is kept, with ``ok`` null, and left
out of the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from score import SETS, claim_key, files_of, item_key  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--set", default="sample", choices=SETS)
    args = parser.parse_args()
    sample_file, labels_file, verdicts_file = files_of(args.set)
    drawn_all = json.loads(sample_file.read_text(encoding="utf-8"))["changes"]
    changes, subs, variants, items, stale = [], [], [], [], []
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
            claim = claim_key(s["old"], s["new"])
            subs.append({"pair": n, "claim": claim, **_verdict(s)})
            variants += [{"pair": n, "claim": claim, "variant": claim_key(v["old"], v["new"]), **_verdict(v)}
                         for v in s.get("variants", [])]
        items += [{"pair": n, "rule": (i["new"] or i["old"])[0], "sign": i["sign"], "item": item_key(i["item"]),
                   **_verdict(i)} for i in data.get("items", [])]
        stale += [{"pair": n, "rule": t["rule"], "reference": t["reference"], **_verdict(t)}
                  for t in data.get("stale", [])]
    labels_file.write_text(
        '{\n"changes": [\n' + ",\n".join(json.dumps(x, ensure_ascii=False) for x in changes) + "\n]\n}\n",
        encoding="utf-8",
    )
    verdicts = json.loads(verdicts_file.read_text(encoding="utf-8")) if verdicts_file.exists() else {}
    known = {(v["pair"], v["claim"]) for v in verdicts.get("substitutions", [])}
    verdicts.setdefault("substitutions", []).extend(v for v in subs if (v["pair"], v["claim"]) not in known)
    verdicts.setdefault("stale", [])
    for kind, rows, key in (("variants", variants, ("pair", "claim", "variant")), ("items", items, ("pair", "rule", "sign", "item")),
                            ("stale", stale, ("pair", "rule", "reference"))):
        known = {tuple(v[k] for k in key) for v in verdicts.get(kind, [])}
        if rows or kind in verdicts:
            verdicts.setdefault(kind, []).extend(v for v in rows if tuple(v[k] for k in key) not in known)
    write_verdicts(verdicts_file, verdicts)
    print(f"{len(changes)} labelled changes -> {labels_file.name}", file=sys.stderr)


def _verdict(v: dict) -> dict:  # type: ignore[type-arg]
    """A reader's verdict: ok (null when unsure), unsure only when set, and the reason."""
    unsure = bool(v.get("unsure"))
    return {"ok": None if unsure else bool(v["ok"]), **({"unsure": True} if unsure else {}),
            **({"fragment": True} if v.get("fragment") else {}), "why": v.get("why", "")}


def write_verdicts(path: Path, verdicts: dict) -> None:  # type: ignore[type-arg]
    parts = []
    for kind in ("substitutions", "variants", "items", "stale"):
        if kind not in verdicts and kind in ("variants", "items"):
            continue
        rows = ",\n".join(json.dumps(v, ensure_ascii=False) for v in verdicts.get(kind, []))
        parts.append(f'"{kind}": [\n{rows}\n]')
    path.write_text("{\n" + ",\n".join(parts) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
