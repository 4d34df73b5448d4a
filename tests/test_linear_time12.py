"""Session 12's new code in linear time on crafted input (review12).

Each input here made the code of the session quadratic: a rule of thousands
of sentences joined beside rewordings (cosmetic.goes_with read every
rewording of the rule for each join), a document of thousands of sections
numbered ``.0`` (parse._Builder tried every one for each rule). The bound is
on CPU time, as in test_hostile_inputs.py; the code before took several
times longer than it on each input."""

from __future__ import annotations

import time

from ruldiff import decode, parse
from ruldiff.diff.cosmetic import goes_with
from ruldiff.diff.runs import Run
from ruldiff.documents.profiles import load_profile

BOUND = 3.0  # seconds of CPU


def test_sentences_joined_beside_rewordings_are_read_in_linear_time() -> None:
    """6,000 joins ("[-. Put-]{+, put+}") in one rule, each with a
    rewording in the sentence before it and one in the sentence after:
    each join goes with the rewordings (both sentences reworded), found
    among the spans near it, not by reading all 12,000."""
    sentence = "Alpha shifts the token to zone, put the red token next to it. "
    n = 6000
    text = sentence * n
    runs, reworded = [], []
    for k in range(n):
        at = k * len(sentence)
        reworded += [(at + 6, at + 12), (at + 48, at + 55)]
        join = at + sentence.index(", put")
        runs.append(Run(". Put", ", put", text[max(0, join - 600) : join], text[join + 5 : join + 605], at=join))
    start = time.process_time()
    assert all(goes_with(p, reworded) for p in runs)
    assert time.process_time() - start < BOUND
    # One rewording only (the sentence after the join is kept): the join is an edit of its own.
    assert not goes_with(runs[7], reworded[::2])


def test_many_sections_numbered_point_zero_are_parsed_in_linear_time() -> None:
    """30,000 sections ``k.j.0``, each over a rule ``k.j.1`` (the outline
    profile): each rule's prefixes are looked up among the sections."""
    lines = ["Rules", ""]
    for k in range(1, 31):
        lines += [f"{k}. Chapter", ""]
        for j in range(1, 1000):
            lines += [f"{k}.{j}.0 Heading", "", f"{k}.{j}.1 Rule one.", ""]
    source = decode("\n".join(lines).encode(), "outline.txt")
    start = time.process_time()
    doc = parse(source, load_profile("outline"))
    assert time.process_time() - start < BOUND
    parents = {r.id: r.parent for r in doc.rules}
    assert parents["30.999.1"] == "30.999.0" and parents["30.999.0"] == "30"
