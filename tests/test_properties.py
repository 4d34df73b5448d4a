"""Properties of a comparison, over generated rules documents (hypothesis).

Two versions of an invented document: numbered sections, headings and rules
of made-up words; the second version edits words, inserts and removes rules
(renumbering the rest of their heading) and moves a rule now and then. Every
comparison of such a pair must:

- rebuild both texts from each change's edits (``=`` and ``-`` give the old
  text, ``=`` and ``+`` the new one);
- leave every rule of both documents unchanged or in exactly one change;
- be empty from a document to itself;
- mirror itself when the documents are swapped;
- give the same bytes whatever PYTHONHASHSEED (and whatever -j, which diff ignores).

Examples are derandomized (the same ones every run) and bounded in number,
so the suite's time stays fixed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers import layout, run_python
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruldiff.diff.pipeline import compare
from ruldiff.model import Document
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode
from ruldiff.outputs.jsonout import to_json

WORDS = (
    "ember glyph lantern keeper vault tide stone gale flame ash shard rune beacon warden spire "
    "draw discard reveal shuffle place return each any may must until turn phase step pool"
).split()

FAST = settings(derandomize=True, deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(derandomize=True, deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])

Outline = list[tuple[int, list[str]]]
"""Rules grouped by heading: (heading number, the texts of its rules)."""

text_st = st.lists(st.sampled_from(WORDS), min_size=2, max_size=12).map(lambda ws: " ".join(ws).capitalize() + ".")


@st.composite
def outlines(draw: st.DrawFn) -> Outline:
    headings = draw(st.lists(st.sampled_from([100, 101, 102, 200, 201, 300]), min_size=1, max_size=5, unique=True))
    return [(h, draw(st.lists(text_st, min_size=0, max_size=8))) for h in sorted(headings)]


def _edit_text(draw: st.DrawFn, text: str) -> str:
    words = text.rstrip(".").split()
    at = draw(st.integers(0, len(words) - 1))
    how = draw(st.sampled_from(["replace", "insert", "delete"]))
    if how == "replace":
        words[at] = draw(st.sampled_from(WORDS))
    elif how == "insert":
        words.insert(at, draw(st.sampled_from(WORDS)))
    elif len(words) > 1:
        del words[at]
    return " ".join(words).capitalize() + "."


@st.composite
def revisions(draw: st.DrawFn, outline: Outline) -> Outline:
    """A later version: rules edited, removed, inserted and moved."""
    out: Outline = []
    moved: list[str] = []
    for heading, texts in outline:
        kept: list[str] = []
        for text in texts:
            action = draw(st.sampled_from(["keep", "keep", "keep", "edit", "remove", "insert", "move"]))
            if action == "remove":
                continue
            if action == "move":
                moved.append(text)
                continue
            kept.append(_edit_text(draw, text) if action == "edit" else text)
            if action == "insert":
                kept.append(draw(text_st))
        out.append((heading, kept))
    if moved and out:
        heading, texts = out[draw(st.integers(0, len(out) - 1))]
        texts[draw(st.integers(0, len(texts))):0] = moved
    return out


def render_outline(outline: Outline) -> str:
    rules: list[tuple[str, str]] = []
    for section in sorted({h // 100 for h, _ in outline}):
        rules.append((str(section), f"Section {section}"))
        for heading, texts in outline:
            if heading // 100 == section:
                rules.append((str(heading), f"Heading {heading}"))
                rules += [(f"{heading}.{k}.", text) for k, text in enumerate(texts, 1)]
    # Every version has at least one rule (a document without any is an error).
    rules += [("9", "Closing"), ("900", "Last Heading"), ("900.1.", "This rule closes every version.")]
    return layout(rules)


def document(text: str, path: str) -> Document:
    return parse(decode(text.encode("utf-8"), path))


pairs_st = outlines().flatmap(lambda o: st.tuples(st.just(o), revisions(o)))


def texts_of(doc: Document) -> dict[str, str]:
    """Each rule's text as the JSON contract joins it: body, then examples."""
    return {r.id: "\n".join((r.text, *r.examples)) for r in (*doc.rules, *doc.glossary)}


def ids(value: str | list[str] | None) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else value


def diff(old: Document, new: Document) -> dict[str, Any]:
    return to_json(compare(old, new))


@FAST
@given(pairs_st)
def test_both_texts_rebuild_from_the_edits(pair: tuple[Outline, Outline]) -> None:
    old, new = document(render_outline(pair[0]), "old.txt"), document(render_outline(pair[1]), "new.txt")
    old_texts, new_texts = texts_of(old), texts_of(new)
    for change in diff(old, new)["changes"]:
        before = "".join(text for op, text in change["edits"] if op in "=-")
        after = "".join(text for op, text in change["edits"] if op in "=+")
        assert before == "\n".join(old_texts[i] for i in ids(change["old"])), change
        assert after == "\n".join(new_texts[i] for i in ids(change["new"])), change


@FAST
@given(pairs_st)
def test_every_rule_is_unchanged_or_in_exactly_one_change(pair: tuple[Outline, Outline]) -> None:
    old, new = document(render_outline(pair[0]), "old.txt"), document(render_outline(pair[1]), "new.txt")
    result = diff(old, new)
    old_texts, new_texts = texts_of(old), texts_of(new)
    in_changes_old = [i for c in result["changes"] for i in ids(c["old"])]
    in_changes_new = [i for c in result["changes"] for i in ids(c["new"])]
    assert len(in_changes_old) == len(set(in_changes_old)) and len(in_changes_new) == len(set(in_changes_new))
    assert set(in_changes_old) <= old_texts.keys() and set(in_changes_new) <= new_texts.keys()
    unchanged_old = old_texts.keys() - set(in_changes_old)
    unchanged_new = new_texts.keys() - set(in_changes_new)
    # Unchanged: the same number with the same text on both sides.
    assert unchanged_old == unchanged_new
    assert all(old_texts[i] == new_texts[i] for i in unchanged_old)
    assert result["summary"]["unchanged"] == len(unchanged_old)


@FAST
@given(outlines())
def test_a_document_compared_with_itself_has_no_changes(outline: Outline) -> None:
    text = render_outline(outline)
    result = diff(document(text, "a.txt"), document(text, "b.txt"))
    assert result["changes"] == [] and result["renumbering"] == [] and result["substitutions"] == []


_MIRROR = {"added": "removed", "removed": "added", "split": "merged", "merged": "split"}


def _unique_texts(outline: Outline) -> bool:
    texts = [t for _, ts in outline for t in ts]
    return len(texts) == len(set(texts))


@FAST
@given(pairs_st.filter(lambda pair: _unique_texts(pair[0]) and _unique_texts(pair[1])))
def test_swapping_the_documents_mirrors_the_changes(pair: tuple[Outline, Outline]) -> None:
    """Only for documents whose rules all differ: when one text is printed
    twice, which copy pairs with which is a tie that the aligner breaks by
    position, and the two directions may break it differently (both answers
    are right: ``Ember. Ember. Tide.`` -> ``Ember. Tide. Ember. Tide.``)."""
    a, b = document(render_outline(pair[0]), "a.txt"), document(render_outline(pair[1]), "b.txt")
    forward = {(str(ids(c["old"])), str(ids(c["new"])), c["kind"]) for c in diff(a, b)["changes"]}
    backward = {
        (str(ids(c["new"])), str(ids(c["old"])), _MIRROR.get(c["kind"], c["kind"])) for c in diff(b, a)["changes"]
    }
    assert forward == backward


def run_ruldiff(old: Path, new: Path, jobs: str, seed: str) -> bytes:
    return run_python(["-m", "ruldiff", str(old), str(new), "-f", "json", "-j", jobs], seed)


@settings(SLOW, max_examples=4)  # three processes an example; the 320 bulk rules give each example its many word diffs
@given(pairs_st)
def test_the_output_does_not_depend_on_processes_or_hash_seed(
    tmp_path_factory: Any, pair: tuple[Outline, Outline]
) -> None:
    # 320 more edited rules: a comparison with many word diffs. (-j is
    # accepted and ignored by diff: it must change nothing either.)
    bulk = 320
    folder = tmp_path_factory.mktemp("pair")
    old, new = folder / "old.txt", folder / "new.txt"
    old.write_text(render_outline([*pair[0], (800, [f"Bulk rule {k} keeps its ember." for k in range(bulk)])]), encoding="utf-8")
    new.write_text(render_outline([*pair[1], (800, [f"Bulk rule {k} keeps its glyph." for k in range(bulk)])]), encoding="utf-8")
    runs = {(jobs, seed): run_ruldiff(old, new, jobs, seed) for jobs, seed in [("1", "0"), ("2", "1"), ("1", "12345")]}
    assert len(set(runs.values())) == 1, runs
    assert json.loads(next(iter(runs.values())))["format"] == "ruldiff"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("abXx09 -+<>=%_.,;:'()/\t\n"), max_size=40)
       | st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_the_skeleton_cuts_an_ascii_text_into_the_words_its_pattern_finds(text: str) -> None:
    # classify._skeleton's fast path (#25): an ASCII text with no sign or
    # comparison `_ASCII_SIGN` finds is cut by a byte translation; it must
    # give the words `_WORD` gives, or fall back to it.
    from ruldiff.diff import classify

    lowered = text.lower()
    pattern = " ".join(classify._WORD.findall(lowered))
    if not classify._ASCII_SIGN.search(lowered):
        assert " ".join(lowered.encode("ascii").translate(classify._ASCII_ALNUM).decode("ascii").split()) == pattern
