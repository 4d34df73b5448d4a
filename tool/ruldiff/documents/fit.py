"""Whether a profile fits a document: the warning when it leaves much unread.

- `misfit(doc)` -> whether the document's profile left a large share of
  its lines unread (`UNREAD_WARN`).
- `better_profile(source, doc)` -> the profile ruldiff would pick, a
  built-in one or the numbering inferred from the document (`INFERRED`),
  when it reads the document better.
- `fit_warning(doc, better)` -> the one-line warning for standard error.
- `misfit_warning(source, doc, chosen)` -> that warning, when there is one,
  from the text already decoded: the document is never read again.

A profile applied to a document of another family reads some of it and
says nothing: MTG read with ``--profile riftbound`` gives 1,446 of its
3,264 rules and no glossary. The parser counts the lines it could not
place (`model.Coverage`); read with their own profile, no release of the
corpora leaves more than 1% of its non-blank lines unread, and a profile
of another family leaves 16-72%.
"""

from __future__ import annotations

from ..errors import RuldiffError
from ..model import Document
from .parse import parse
from .read import Source

__all__ = ["INFERRED", "UNREAD_WARN", "better_profile", "fit_warning", "misfit", "misfit_warning"]

UNREAD_WARN = 0.1
"""Share of non-blank lines left unread from which a profile does not fit
(every corpus file read with its own profile: under 0.01; MTG read as
Riftbound: 0.17-0.72)."""
INFERRED = "inferred"
"""`better_profile`'s answer when the numbering inferred from the document
reads it better than the profile given."""
SHOWN = 60
"""Characters of an unread line the warning shows."""


def misfit(doc: Document) -> bool:
    """Whether `doc`'s profile left `UNREAD_WARN` or more of its lines unread."""
    return doc.coverage is not None and doc.coverage.unread_share >= UNREAD_WARN


def better_profile(source: Source, doc: Document) -> str | None:
    """The profile ruldiff would pick for `source` (`INFERRED` for the
    numbering inferred from it, grammar.py), when it is not the one that
    read `doc` and leaves fewer lines unread; None otherwise."""
    try:
        other = parse(source)
    except RuldiffError:
        return None
    if other.coverage is None or doc.coverage is None or other.profile == doc.profile:
        return None
    if other.coverage.unread >= doc.coverage.unread:
        return None
    return INFERRED if other.numbering is not None else other.profile


def misfit_warning(source: Source, doc: Document, chosen: bool) -> str | None:
    """The warning for `doc` (parsed from `source`) when its profile left much
    of it unread, else None. Only when the profile was `chosen` by the user
    is a better one looked for, on `source`'s text: a detected profile is
    already the best guess."""
    if not misfit(doc):
        return None
    return fit_warning(doc, better_profile(source, doc) if chosen else None)


def fit_warning(doc: Document, better: str | None = None) -> str:
    """The warning for a document its profile did not fit: one line.

    >>> from ruldiff.model import Coverage
    >>> c = Coverage(200, 60, 10, 0, 5, 125, ((14, "100.1a Play nicely."),))
    >>> d = Document("mtg.txt", "T", None, "riftbound", (), coverage=c)
    >>> print(fit_warning(d, "mtg-cr"))
    warning: mtg.txt: profile riftbound left 62% of its 200 non-blank lines unread (line 14: "100.1a Play nicely."); profile mtg-cr reads it better (--profile mtg-cr)
    """
    coverage = doc.coverage
    assert coverage is not None
    shown = ", ".join(f'line {n}: "{_clip(text)}"' for n, text in coverage.first_unread[:2])
    message = (
        f"warning: {doc.path}: profile {doc.profile} left {coverage.unread_share:.0%} of its "
        f"{coverage.lines:,} non-blank lines unread ({shown})"
    )
    if better == INFERRED:
        message += "; the numbering inferred from it reads it better (leave out --profile; parse -f yaml shows it)"
    elif better is not None:
        message += f"; profile {better} reads it better (--profile {better})"
    return message


def _clip(text: str) -> str:
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"
