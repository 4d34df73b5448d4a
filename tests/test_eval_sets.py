"""The evaluation sets of issue #12 (bench/eval/) hold IDs and verdicts
only, never the rules' text: the documents are others' copyrighted work.
A glossary ID that swallowed its first sense once carried a sentence of the
text into a label file; these checks keep that from happening again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

EVAL = Path(__file__).resolve().parent.parent / "bench" / "eval"
SETS = ("sample", "holdout", "final", "fresh", "blind", "gap-blind", "gap-fresh", "gap-final", "gap-s7", "gap-s8", "gap-s9", "gap-s10", "gap-s11", "gap-s12", "adj-s13", "gap-s14", "gap-s15", "gap-s16", "gap-s17", "gap-s18", "gap-s19", "adj-s14", "gap-s20", "gap-s21", "gap-s22", "gap-s23", "adj-s15", "gap-s24", "gap-s25", "adj-s16", "gap-s26", "gap-s27", "gap-s28", "gap-s29", "gap-s30", "gap-s31", "gap-s32", "adj-s19", "gap-s33", "gap-s34", "gap-s35", "gap-s36", "gap-s37", "gap-s38", "gap-s39", "gap-s40", "gap-s41", "gap-s42", "gap-s43", "gap-s44", "gap-s45", "gap-s46", "gap-s47", "gap-s48", "gap-s49")
# 12 changes from each of 9 or 10 pairs; the others 400 or more
MIN_ENTRIES = {name: 100 for name in SETS if name.startswith("gap-")} | {"adj-s13": 170, "adj-s14": 170, "adj-s15": 170, "adj-s16": 170, "adj-s19": 132}  # 85 drawn, 85 labels each; adj-s19: 66 and 66

# A rule number in any of the corpora's styles ("100.1a", "103.1.b.2",
# "606#2", "N3"), or a glossary term of a few words.
RULE_ID = re.compile(r"[\w.#-]{1,24}")
GLOSSARY_ID = re.compile(r"glossary:(?!.*[.!?:] )[^\n]{1,90}")  # a term (old headwords list their forms), never a sentence
WHY_MAX = 240  # a reader's reason, in their own few words


def _files(name: str) -> list[Path]:
    stem = "" if name == "sample" else f"{name}-"
    drawn = EVAL / ("sample.json" if name == "sample" else f"{name}.json")
    return [drawn, EVAL / f"{stem}labels.json", EVAL / f"{stem}verdicts.json"]


def _ids(entry: dict) -> list[str]:  # type: ignore[type-arg]
    return [i for key in ("old", "new", "true_old", "true_new") for i in entry.get(key, [])]


@pytest.mark.parametrize("name", SETS)
def test_every_id_of_a_set_is_a_rule_number_or_a_short_term(name: str) -> None:
    drawn, labels, _verdicts = _files(name)
    entries = json.loads(drawn.read_text(encoding="utf-8"))["changes"]
    entries += json.loads(labels.read_text(encoding="utf-8"))["changes"]
    assert len(entries) >= MIN_ENTRIES.get(name, 400)
    bad = {i for e in entries for i in _ids(e) if not (RULE_ID.fullmatch(i) or GLOSSARY_ID.fullmatch(i))}
    assert not bad, f"{name}: IDs that are not a number or a short term (text of the rules?): {sorted(bad)[:3]}"


@pytest.mark.parametrize("name", SETS)
def test_every_reason_is_a_few_words_of_the_reader(name: str) -> None:
    _drawn, labels, verdicts = _files(name)
    reasons = [e.get("why", "") for e in json.loads(labels.read_text(encoding="utf-8"))["changes"]]
    for rows in json.loads(verdicts.read_text(encoding="utf-8")).values():
        reasons += [v.get("why", "") for v in rows]
    long = [r for r in reasons if len(r) > WHY_MAX]
    assert not long, f"{name}: reasons longer than {WHY_MAX} characters: {long[:1]}"


def test_a_glossary_id_with_a_sentence_in_it_is_refused() -> None:
    assert GLOSSARY_ID.fullmatch("glossary:Face Up")
    assert GLOSSARY_ID.fullmatch("glossary:You, Your")
    assert GLOSSARY_ID.fullmatch("glossary:Diving, “Diving with [name]”")
    assert not GLOSSARY_ID.fullmatch("glossary:Tide1. A zone where shells are kept. See rule 101.")


@pytest.mark.parametrize("name", SETS)
def test_phrases_and_list_items_are_kept_as_hashes_only(name: str) -> None:
    _drawn, _labels, verdicts = _files(name)
    rows = json.loads(verdicts.read_text(encoding="utf-8"))
    keys = [v[k] for kind in ("substitutions", "variants", "items") for v in rows.get(kind, [])
            for k in ("claim", "variant", "item") if k in v]
    assert keys or name != "gap-blind"
    bad = [k for k in keys if not re.fullmatch(r"[0-9a-f]{12}", k)]
    assert not bad, f"{name}: a phrase or list item kept as text, not as its hash: {bad[:1]}"
