"""Precision and recall of ruldiff's claims on the evaluation set.

    python bench/eval/score.py [--corpora DIR] [--unjudged FILE]

Reads ``sample.json`` (the changes drawn at random, `sample.py`; with
``--set holdout``, ``holdout.json`` and its ``holdout-*.json`` files),
``labels.json`` (the truth for each drawn change, found by reading the
texts: pairing, kind, tags, list items, stale references) and
``verdicts.json`` (verdicts on the document-wide claims of the sampled
pairs: substitutions and stale references). Runs ruldiff on every pair and
prints, as Markdown:

* pairing precision and recall, and the share of the pairs claimed that name
  no rule wrongly (a split or merge found with only some of its parts);
* per kind and per tag, precision and recall over the drawn changes;
* per summary line type (list items, substitutions, stale references),
  precision, and recall where the labels allow.

The gap sets (``--set gap-blind``, issue #27) judge every claim printed for
their pairs as well: each substitution line and each of its variants, each
stale-reference line, and the list items (all of a pair's, or `ITEM_SAMPLE`
drawn at random where it prints more; those outside the sample are counted
apart). Verdicts marked ``unsure`` are left out, like unsure changes.

Labels keep IDs and verdicts only: list items are stored as hashes of their
normalised text (`item_key`), never as the rules' text. A claim that no
verdict covers (the code changed what it prints) is counted apart as
*unjudged*, and listed with ``--unjudged FILE`` (for a person to judge).
Changes marked ``unsure`` by their labeller are left out of the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from sample import ITEM_SAMPLE, corpora_default, run_pair  # noqa: E402

TAGS = ("cosmetic", "cross-reference", "substitution", "list-item", "substantive", "stale-reference")
SETS = ["sample", "holdout", "final", "fresh", "blind", "gap-blind", "gap-fresh", "gap-final", "gap-s7", "gap-s8", "gap-s9", "gap-s10", "gap-s11", "gap-s12", "adj-s13", "gap-s14", "gap-s15", "gap-s16", "gap-s17", "gap-s18", "gap-s19", "adj-s14", "gap-s20", "gap-s21", "gap-s22", "gap-s23", "adj-s15", "gap-s24", "gap-s25", "adj-s16", "gap-s26", "gap-s27", "gap-s28", "gap-s29", "gap-s30", "gap-s31", "gap-s32", "adj-s19", "gap-s33", "gap-s34", "gap-s35", "gap-s36", "gap-s37", "gap-s38", "gap-s39", "gap-s40", "gap-s41", "gap-s42", "gap-s43", "gap-s44", "gap-s45", "gap-s46", "gap-s47", "gap-s48", "gap-s49"]
KINDS = ("added", "removed", "changed", "renumbered", "split", "merged")


def item_key(text: str) -> str:
    """A list item as stored in the labels: a hash of its normalised text."""
    norm = " ".join(text.casefold().strip(" \"“”'‘’").split())
    return hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def claim_key(*parts: str) -> str:
    """A document-wide claim as stored in the verdicts."""
    return item_key(" -> ".join(parts))


def files_of(name: str) -> tuple[Path, Path, Path]:
    """The sample, labels and verdicts files of an evaluation set."""
    if name == "sample":
        return HERE / "sample.json", HERE / "labels.json", HERE / "verdicts.json"
    return HERE / f"{name}.json", HERE / f"{name}-labels.json", HERE / f"{name}-verdicts.json"


class Score:
    def __init__(self) -> None:
        self.tp: Counter[str] = Counter()
        self.fp: Counter[str] = Counter()
        self.fn: Counter[str] = Counter()

    def add(self, name: str, claimed: bool, true: bool) -> None:
        if claimed and true:
            self.tp[name] += 1
        elif claimed:
            self.fp[name] += 1
        elif true:
            self.fn[name] += 1

    def row(self, name: str, title: str = "", recall: bool = True) -> str:
        """A table row; `recall` False for a claim no label can show missed."""
        tp, fp, fn = self.tp[name], self.fp[name], self.fn[name]
        p = f"{tp / (tp + fp):.1%} ({tp}/{tp + fp})" if tp + fp else "n/a"
        r = f"{tp / (tp + fn):.1%} ({tp}/{tp + fn})" if tp + fn and recall else "n/a"
        return f"| {title or name} | {p} | {r} |"


def find(changes: list, old: list[str], new: list[str], true_old: list[str] = (), true_new: list[str] = ()):  # type: ignore[no-untyped-def, assignment]
    """The change of the current output that holds the drawn rule: for a
    rule that truly became one other rule, the change holding that rule (a
    change the code now pairs otherwise is judged on what really happened to
    the rule, not on the pair drawn then); for a rule truly removed (added),
    the change holding it on its side (a rule drawn paired with a new rule
    that another old rule truly became is judged on its removal, not on the
    new rule's partner now: gap-s17's 200.5, drawn as 200.5 -> 109.1, where
    109.1 is old 200.8); else the change holding the rules as drawn."""
    searches = [(set(true_new), "news")] if len(true_old) == 1 and len(true_new) == 1 else []
    if bool(true_old) != bool(true_new):
        searches.append((set(true_old), "olds") if true_old else (set(true_new), "news"))
    searches.append((set(new), "news") if new else (set(old), "olds"))
    for ids, side in searches:
        for c in changes:
            if ids & {r.id for r in getattr(c, side)}:
                return c
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", default=corpora_default())
    parser.add_argument("--unjudged", help="write the claims no verdict covers to this JSON file")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every tag error")
    parser.add_argument(
        "--set", default="sample", choices=SETS,
        help="the evaluation set: 'sample' (tuned on), 'holdout' (one round of tuning), 'final' (a second"
        " round), 'fresh' (drawn before the third and fourth rounds, read for their errors), 'blind' (drawn"
        " and labelled after the fourth round, with MTG pairs in no other set), 'gap-blind' (releases 1 to 17"
        " years apart, every claim printed judged; tuned on since the pairing round of #27), 'gap-fresh' (gap"
        " pairs drawn after that round, labelled by one reader), 'gap-final' (gap pairs none of the other gap"
        " sets hold, drawn in session 6 and kept untouched until its end), 'gap-s7' (gap pairs none of the"
        " other gap sets hold, drawn in session 7 and kept from that session's helpers), 'gap-s8' (nine gap"
        " pairs none of the other gap sets hold, drawn at the end of session 7, after its changes), 'gap-s9' (nine gap pairs none of the other"
        " gap sets hold, drawn at the start of session 8 and kept from that session's helpers), 'gap-s10' (nine"
        " gap pairs none of the other gap sets hold, drawn and labelled after session 8's changes), 'gap-s11'"
        " (nine gap pairs none of the other gap sets hold, drawn at the start of session 9 and kept from that"
        " session's helpers), 'gap-s12' (nine gap pairs none of the other gap sets hold, drawn in session 9 after its"
        " first round and kept from its second), 'adj-s13' (twenty adjacent pairs: the fifteen MTG pairs no other"
        " adjacent set holds and every Riftbound pair, five or two changes each, drawn at the end of session 9),"
        " 'gap-s14' (nine gap pairs none of the other gap sets hold, eighteen changes each, drawn at the start of"
        " session 10 and kept from its helpers), 'gap-s15' (nine gap pairs, seven MTG pairs none of the other gap"
        " sets hold, the 17-year gap and Riftbound v1.1 against its latest, eighteen changes each, drawn at the"
        " start of session 11 and kept from its helpers), 'gap-s16' (nine gap pairs, the same design, drawn at"
        " the end of session 11, after all its changes, and read once), 'gap-s17' (nine gap pairs, the same design,"
        " drawn at the start of session 12 and kept from its helpers), ... 'gap-s24' (nine gap pairs, the same design,"
        " drawn after session 16's first changes to the claims), 'gap-s25' (the same design, drawn after every"
        " change of session 16), 'adj-s16' (fresh adjacent changes, drawn at its end; bench/eval/HISTORY.md"
        " has every set)",
    )
    args = parser.parse_args()
    corpora = Path(args.corpora)
    sample_file, labels_file, verdict_file = files_of(args.set)
    sample = json.loads(sample_file.read_text(encoding="utf-8"))
    labels = json.loads(labels_file.read_text(encoding="utf-8"))["changes"]
    verdicts = json.loads(verdict_file.read_text(encoding="utf-8")) if verdict_file.exists() else {}
    sub_ok = {(v["pair"], v["claim"]): v["ok"] for v in verdicts.get("substitutions", [])}
    fragment = {(v["pair"], v["claim"]) for v in verdicts.get("substitutions", []) if v.get("fragment")}
    stale_ok = {(v["pair"], v["rule"], v["reference"]): v["ok"] for v in verdicts.get("stale", [])}
    variant_ok = {(v["pair"], v["claim"], v["variant"]): v["ok"] for v in verdicts.get("variants", [])}
    item_ok = {(v["pair"], v["rule"], v["sign"], v["item"]): v["ok"] for v in verdicts.get("items", [])}
    outside = 0  # list items of a pair that prints more than ITEM_SAMPLE, not drawn to be judged

    by_pair: dict[int, list[dict]] = defaultdict(list)  # type: ignore[type-arg]
    for label in labels:
        by_pair[label["pair"]].append(label)
    pairing, kinds, tags, summary = Score(), Score(), Score(), Score()
    unsure = 0
    errors: list[str] = []
    unjudged: list[dict] = []  # type: ignore[type-arg]
    for n, pair in enumerate(sample["pairs"]):
        comparison = run_pair(corpora, pair)
        changes = list(comparison.changes)
        for label in by_pair.get(n, ()):
            if label.get("unsure"):
                unsure += 1
                continue
            c = find(changes, label["old"], label["new"], label["true_old"], label["true_new"])
            true_kind = label["kind"]
            if c is None:  # the rule is now unchanged (white space only, say): paired as it was drawn
                got_pair = (sorted(label["old"]), sorted(label["new"]))
                got_kind, got_tags = "none", set()
                got_added, got_removed, got_stale = set(), set(), set()
            else:
                got_pair = (sorted(r.id for r in c.olds), sorted(r.id for r in c.news))
                got_kind = c.kind.value
                got_tags = set(c.tags)
                got_added = {item_key(i) for i in c.items_added}
                got_removed = {item_key(i) for i in c.items_removed}
                got_stale = set(c.stale)
            true_pair = (sorted(label["true_old"]), sorted(label["true_new"]))
            claims_pair = got_pair is not None and bool(got_pair[0]) and bool(got_pair[1])
            truth_pairs = bool(true_pair[0]) and bool(true_pair[1])
            right = got_pair == true_pair
            if claims_pair:
                (pairing.tp if right else pairing.fp)["pairing"] += 1
                # No rule named wrongly: a split or merge found with some of
                # its parts, each of them right, counts here (never above).
                within = set(got_pair[0]) <= set(true_pair[0]) and set(got_pair[1]) <= set(true_pair[1])
                (pairing.tp if within else pairing.fp)["within"] += 1
            if truth_pairs and not right:
                pairing.fn["pairing"] += 1
            if (claims_pair or truth_pairs) and not right:
                errors.append(f"pair {n} pairing: got {got_pair} true {true_pair} ({label.get('why', '')})")
            for k in (*KINDS, "none"):
                kinds.add(k, got_kind == k, true_kind == k)
            true_tags = set(label["tags"])
            for t in TAGS:
                tags.add(t, t in got_tags, t in true_tags)
                if (t in got_tags) != (t in true_tags):
                    errors.append(f"pair {n} {label['old']}->{label['new']}: {t} claimed={t in got_tags} true={t in true_tags} ({label.get('why', '')})")
            true_added = set(label.get("list_added_keys", []))
            true_removed = set(label.get("list_removed_keys", []))
            for sign, got, true in (("+", got_added, true_added), ("-", got_removed, true_removed)):
                for key in got | true:
                    summary.add("list items", key in got, key in true)
                    if (key in got) != (key in true):
                        shown = [i for i in (c.items_added if sign == "+" else c.items_removed) if item_key(i) == key] if c else []
                        errors.append(f"pair {n} {label['old']}->{label['new']}: list item {sign}{shown or key}"
                                      f" claimed={key in got} true={key in true} ({label.get('why', '')})")
            for ref in got_stale | set(label.get("stale", [])):
                summary.add("stale references (drawn changes)", ref in got_stale, ref in label.get("stale", []))
        for s in comparison.substitutions:
            key = claim_key(s.old, s.new)
            if (n, key) in sub_ok:
                if sub_ok[(n, key)] is not None:  # None: the reader was unsure
                    summary.add("substitutions", True, sub_ok[(n, key)])
                    summary.add("substitutions whole (not a fragment)", True,
                                bool(sub_ok[(n, key)]) and (n, key) not in fragment)
                if sub_ok[(n, key)] is False:
                    errors.append(f"pair {n}: substitution {s.old!r} -> {s.new!r} judged false")
            else:
                unjudged.append({"type": "substitution", "pair": n, "claim": key, "old": s.old, "new": s.new,
                                 "count": s.count, "rules": list(s.rules[:8])})
            for old, new, count in s.variants if "variants" in verdicts else ():
                vkey = (n, key, claim_key(old, new))
                if vkey not in variant_ok:
                    unjudged.append({"type": "variant", "pair": n, "claim": key, "variant": vkey[2], "old": old,
                                     "new": new, "count": count})
                elif variant_ok[vkey] is not None:
                    summary.add("substitution variants", True, variant_ok[vkey])
                    if not variant_ok[vkey]:
                        errors.append(f"pair {n}: variant {old!r} -> {new!r} of {s.old!r} judged false")
        if "items" in verdicts:
            printed = [((c.news or c.olds)[0].id, sign, i) for c in changes
                       for sign, items in (("+", c.items_added), ("-", c.items_removed)) for i in items]
            for rule, sign, i in printed:
                ikey = (n, rule, sign, item_key(i))
                if ikey in item_ok:
                    if item_ok[ikey] is not None:
                        summary.add("list items printed", True, item_ok[ikey])
                    if item_ok[ikey] is False:
                        errors.append(f"pair {n} {rule}: list item {sign}{i!r} judged false")
                elif len(printed) > ITEM_SAMPLE:
                    outside += 1
                else:
                    unjudged.append({"type": "item", "pair": n, "rule": rule, "sign": sign, "item": i})
        for rule, refs, *_should in comparison.stale:
            for ref in refs:
                if (n, rule, ref) in stale_ok:
                    if stale_ok[(n, rule, ref)] is None:
                        continue
                    summary.add("stale references", True, stale_ok[(n, rule, ref)])
                    if not stale_ok[(n, rule, ref)]:
                        errors.append(f"pair {n} {rule}: stale reference {ref!r} judged false")
                else:
                    unjudged.append({"type": "stale", "pair": n, "rule": rule, "reference": ref})
    print(f"{len(labels)} labelled changes in {len(sample['pairs'])} pairs; {unsure} left out as unsure\n")
    print("| claim | precision | recall |\n|---|---|---|")
    print(pairing.row("pairing"))
    print(pairing.row("within", "pairing, no rule named wrongly (parts may be missing)", recall=False))
    for k in (*KINDS, "none"):
        print(kinds.row(k, f"kind {k}"))
    for t in TAGS:
        print(tags.row(t, f"tag {t}"))
    for name in ("list items", "substitutions", "stale references", "stale references (drawn changes)"):
        print(summary.row(name))
    if fragment:  # readers marked right-but-fragmentary lines (RUBRIC.md) in this set
        print(summary.row("substitutions whole (not a fragment)", recall=False))
    for name in ("substitution variants", "list items printed"):  # judged where printed: no recall
        if name in summary.tp or name in summary.fp:
            print(summary.row(name, recall=False))
    print(f"\nunjudged document-wide claims: {len(unjudged)}")
    if "items" in verdicts:
        print(f"list items printed outside the judged sample ({ITEM_SAMPLE} per pair at most): {outside}")
    if args.unjudged:
        Path(args.unjudged).write_text(json.dumps(unjudged, indent=1, ensure_ascii=False), encoding="utf-8")
    if args.verbose:
        print("\n".join(errors))


if __name__ == "__main__":
    main()
