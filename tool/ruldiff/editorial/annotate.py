"""What an editor adds to a changelog: notes, and the review state of each change.

- `Annotations`: the editors' notes and review marks of a run, by change ID,
  as `render.render` takes them.
- `annotate(comparison, notes=None, state=None, hide=False)` -> the
  comparison to render (accepted changes left out when `hide`) and its
  `Annotations`.
- `Editorial`: an editor's files for one run (notes, overrides, review
  state), parsed; `Editorial.plan` gives `compare` its plan,
  `Editorial.apply` the annotations, each with the warnings to show (notes
  and overrides that no longer apply, in the words ``ruldiff check`` uses).
- `read_editorial(notes, overrides, reviewed)` -> the `Editorial` of the
  files at those paths (None: not given), read and parsed.

A change is ``accepted`` (its fingerprint is recorded in the review state),
``differs`` (accepted once under its ID, but it reads otherwise now) or
``new`` (never reviewed): review.py. A note is the editor's, from the notes
file (notes.py) or, for a change the file says nothing of, from the review
state (``ruldiff review``'s "note").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from .check import note_findings, override_findings
from ..documents.load import read_editor_file
from ..model import Annotations, Comparison, Document, Plan, change_id, record
from .notes import Note, match_notes, parse_notes
from .overrides import Override, apply as apply_overrides, parse_overrides, unmet
from .review import Accepted, parse_reviewed, partition, since_accepted

__all__ = ["Annotations", "Editorial", "annotate", "read_editorial"]


def annotate(
    comparison: Comparison,
    notes: Mapping[str, str] | None = None,
    state: Mapping[str, Accepted] | None = None,
    hide: bool = False,
) -> tuple[Comparison, Annotations]:
    """The comparison to render and its annotations.

    `notes`: change ID -> Markdown (None: no notes file); `state`: the review
    state (None: none given); `hide`: leave the accepted changes out, counted.

    >>> from ruldiff.model import Change, ChangeKind, Comparison, Document, Rule, RuleKind
    >>> from ruldiff.editorial.review import fingerprint
    >>> d = Document("a", "T", None, "p", ())
    >>> a, b = (Change(ChangeKind.ADDED, None, Rule(i, RuleKind.RULE, "x"), ()) for i in ("1.1", "1.2"))
    >>> shown, ann = annotate(Comparison(d, d, (a, b), ()), {}, {"1.1": Accepted(fingerprint(a), "Why.")}, hide=True)
    >>> [change_id(c) for c in shown.changes], ann.hidden_note, ann.note("1.1"), ann.mark("1.2")
    (['1.2'], '1 accepted change hidden', 'Why.', 'new')
    """
    if state is None:
        return comparison, Annotations(None if notes is None else dict(notes))
    parts = partition(comparison.changes, state)
    review = {change_id(c): "accepted" for c in parts.accepted}
    review.update({change_id(c): "differs" for c in parts.differs})
    merged = {k: a.note for k, a in state.items() if a.note}
    merged.update(notes or {})
    counts = {"accepted": len(parts.accepted), "differs": len(parts.differs), "new": len(parts.new), "hidden": 0}
    since = {
        change_id(c): edits for c in parts.differs
        if (edits := since_accepted(c, state[change_id(c)])) is not None
    }
    if hide and parts.accepted:
        accepted = {id(c) for c in parts.accepted}
        comparison = dataclasses.replace(
            comparison, changes=tuple(c for c in comparison.changes if id(c) not in accepted)
        )
        counts["hidden"] = len(parts.accepted)
    return comparison, Annotations(merged, review, counts, since)


@record
class Editorial:
    """An editor's files for one run, parsed; None where not given."""

    notes: tuple[Note, ...] | None = None
    notes_path: str = ""
    overrides: tuple[Override, ...] | None = None
    overrides_path: str = ""
    state: Mapping[str, Accepted] | None = None

    def plan(self, old: Document, new: Document) -> tuple[Plan | None, list[str]]:
        """The overrides that apply, as `compare` takes them, and a warning
        for each that no longer does (``path:line: override ... no longer
        applies: why``)."""
        if self.overrides is None:
            return None, []
        found = override_findings(unmet(self.overrides, old, new), self.overrides_path)
        return apply_overrides(self.overrides, old, new), [f"{f.path}:{f.line}: {f.reason}" for f in found]

    def apply(self, comparison: Comparison, hide: bool = False) -> tuple[Comparison, Annotations | None, list[str]]:
        """The comparison to render, its annotations (None: no notes, no
        state), and a warning for each note that matches no change, with
        the ID it probably means."""
        if self.notes is None and self.state is None:
            return comparison, None, []
        warnings: list[str] = []
        by_id: dict[str, str] | None = None
        if self.notes is not None:
            used, unused, clashes = match_notes(comparison, self.notes)
            by_id = {k: n.text for k, n in used.items()}
            found = note_findings(unused, self.notes_path) + note_findings(clashes, self.notes_path, "ambiguous-note")
            warnings = [f"{f.path}:{f.line}: {f.reason}" for f in sorted(found, key=lambda f: f.line)]
        shown, annotations = annotate(comparison, by_id, self.state, hide)
        return shown, annotations, warnings


def read_editorial(notes: str | None, overrides: str | None, reviewed: str | None) -> Editorial:
    """An editor's files, read and parsed (each error one RuldiffError)."""
    return Editorial(
        notes=parse_notes(read_editor_file(notes, "notes"), notes) if notes is not None else None,
        notes_path=notes or "",
        overrides=parse_overrides(read_editor_file(overrides, "overrides"), overrides) if overrides is not None else None,
        overrides_path=overrides or "",
        state=parse_reviewed(read_editor_file(reviewed, "review state"), reviewed) if reviewed is not None else None,
    )
