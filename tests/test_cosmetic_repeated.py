"""A cosmetic run whose two sides repeat across the document (a mark
respelled in many rules) is read once per pair of sides (`annotate`'s
`respelt`), and each run is still judged where it stands: beside a
rewording the mark goes with it, alone it is a cosmetic edit. Invented
text."""

from __future__ import annotations

from helpers import doc

from ruldiff.diff.pipeline import compare


def test_the_same_mark_respelled_beside_a_rewording_and_alone() -> None:
    old = [("1", "Basics"), ("100", "Bells"),
           ("100.1", "The keeper rings the bell; then the porter opens the gate."),
           ("100.2", "The warden locks the hall; then the cook lights the fire."),
           ("100.3", "The herald reads the list; then the guard closes the door.")]
    new = [("1", "Basics"), ("100", "Bells"),
           ("100.1", "The keeper strikes the bell, then the porter opens the gate."),
           ("100.2", "The warden locks the hall, then the cook lights the fire."),
           ("100.3", "The herald reads the list, then the guard closes the door.")]
    tags = {c.new.id: c.tags for c in compare(doc(old), doc(new)).changes if c.new}
    assert tags == {"100.1": ("substantive",), "100.2": ("cosmetic",), "100.3": ("cosmetic",)}
