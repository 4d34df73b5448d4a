"""Shorter views of a change for readers: context cuts and runs of IDs.

- `cut_edits(edits, words)` -> the edits with long unchanged runs cut to a few
  words around each edit: the cut text is kept, as an edit of op ``"…"``, so
  that a template may show it on demand (the HTML changelog opens it on a
  click) or print the mark alone (Markdown and terminal text).
- `cut_mark(mark, text)` -> the mark printed for a cut of `text`.
- `id_runs(items, positions)` -> consecutive IDs collapsed into runs, as
  ``701.9–701.9f (7 rules)`` reads.

Both are pure functions over the plain dicts of the template context
(`context.build_context`), computed once there: templates only display them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CONTEXT_WORDS", "CUT", "MIN_CUT", "MIN_RUN", "cut_edits", "cut_mark", "id_runs"]

CUT = "…"
"""The op of an edit cut from view: unchanged text, shown on demand."""

CONTEXT_WORDS = 6
"""Unchanged words kept on each side of an edit: enough to find the place in
the rule (and to read "may" -> "must" in its clause), few enough that a
one-word edit in a 2,800-character rule (205.3m) shows as one line."""

MIN_CUT = 10
"""Words a cut must hide at least: a cut of a few words saves less
than the mark and the click cost the reader."""

MIN_RUN = 3
"""IDs in a row that collapse into a run: two read as well listed."""



def _cut(text: str, keep_head: int, keep_tail: int, minimum: int) -> list[dict[str, str]] | None:
    """`text` as kept head, cut middle and kept tail, or None when the middle
    would hide fewer than `minimum` words. Cuts fall between words: the white
    space after a word stays with it."""
    # Most runs are too short to cut: told by counting their words in C (a
    # word is a run of characters that are not white space, as ``str.split``
    # cuts them). Cutting the edits of the 17-year gap (3,533 changes, 768
    # cut) went 43 -> 28 ms (median of 21 passes, both versions in one
    # process; 80 -> 56 ms on a busier machine).
    # A text shorter than 2n - 1 characters cannot hold n words (each a
    # character at least, white space between them): 2,900 of the gap's
    # 6,486 unchanged runs, left without a split (cutting its edits 13.7 ->
    # 11.4 ms of CPU, median of 15 passes, both versions in one process).
    # The words are counted up to `need` only: a split with a limit stops
    # there and leaves the rest whole, where the rule around a one-word
    # edit was cut into every word (`build_context` of 2018-01-19 ->
    # 2018-04-27, 484 changes cut: 95.2 -> 90.3 M instructions, cachegrind;
    # cutting the edits alone 2.9 -> 2.2 ms of CPU, least of 60 passes).
    need = keep_head + keep_tail + minimum
    if len(text) < 2 * need - 1 or len(text.split(None, need - 1)) < need:
        return None
    # Only the two ends are found, by splits with a limit: the words after
    # the head start where the head (its white space included) ends, and the
    # tail at its first word, found after what ``rsplit`` leaves before it
    # (only white space lies between). No piece of the text is copied but
    # the three pieces kept. (A match object per word made cutting the edits
    # of the 17-year gap cost 16 ms of CPU; splits, 9.5 ms: both in one
    # process, medians of 15.)
    start = len(text) - len(text.lstrip())
    if keep_head:
        rest = text.split(None, keep_head)
        head_end = len(text) - len(rest[keep_head]) if len(rest) > keep_head else len(text)
    else:
        head_end = start
    if not keep_tail:
        tail_start = len(text)  # its white space at the end kept with the last word
    else:
        before = text.rsplit(None, keep_tail)
        tail_start = text.find(before[1], len(before[0])) if len(before) > keep_tail else start
    pieces = [{"op": "=", "text": text[:head_end]}] if head_end else []
    if head_end < tail_start:
        pieces.append({"op": CUT, "text": text[head_end:tail_start]})
    if tail_start < len(text):
        pieces.append({"op": "=", "text": text[tail_start:]})
    return pieces


def cut_edits(
    edits: list[dict[str, str]], words: int = CONTEXT_WORDS, minimum: int = MIN_CUT
) -> list[dict[str, str]]:
    """The edits with each long unchanged run cut to `words` words next to the
    edits around it; the cut text becomes an edit of op `CUT`. Joined, the
    texts are the input's; an edit that is not a change (one ``=``, or an
    added or removed rule) is returned as it is.

    >>> edits = [{"op": "=", "text": "One two three four five six seven eight nine ten "},
    ...          {"op": "-", "text": "may"}, {"op": "+", "text": "must"},
    ...          {"op": "=", "text": " draw a card."}]
    >>> [(e["op"], e["text"]) for e in cut_edits(edits, words=2, minimum=3)]
    [('…', 'One two three four five six seven eight '), ('=', 'nine ten '), ('-', 'may'), ('+', 'must'), ('=', ' draw a card.')]
    >>> cut_edits(edits, words=2, minimum=9) == edits
    True
    """
    if len(edits) < 2:
        return edits
    # Only where there is something to cut is a new list made: the edits of
    # a change with no run long enough are returned as given (2018-01-19 ->
    # 2018-04-27: 154 of its 484 changes with a changed text; the 17-year
    # gap: 2,728 of 3,500).
    cuts: dict[int, list[dict[str, str]]] = {}
    last = len(edits) - 1
    for i, e in enumerate(edits):
        if e["op"] == "=":
            # A run before the first edit keeps its end, one after the last its
            # start, one between two edits both.
            pieces = _cut(e["text"], words if i else 0, words if i < last else 0, minimum)
            if pieces is not None:
                cuts[i] = pieces
    if not cuts:
        return edits
    out: list[dict[str, str]] = []
    for i, e in enumerate(edits):
        if i in cuts:
            out += cuts[i]
        else:
            out.append(e)
    return out


def cut_mark(mark: str, text: str) -> str:
    """The mark of a cut (``[…]``), followed by a space where the text cut
    ended with one (Markdown and terminal text print the mark alone).

    >>> cut_mark("[…]", "words cut "), cut_mark("[…]", "words cut")
    ('[…] ', '[…]')
    """
    return mark + " " if text[-1:].isspace() else mark


def id_runs(items: list[dict[str, Any]], positions: list[int]) -> list[dict[str, Any]]:
    """Items in a row (each position one more than the last) collapsed into
    runs of `MIN_RUN` or more: ``{"first", "last", "count"}``, where ``last``
    is None for a single item. `positions` are the items' places in their
    document, in the same order.

    >>> items = [{"label": x} for x in ("1", "2", "3", "7", "9", "10")]
    >>> [(r["first"]["label"], r["last"] and r["last"]["label"], r["count"])
    ...  for r in id_runs(items, [1, 2, 3, 7, 9, 10])]
    [('1', '3', 3), ('7', None, 1), ('9', None, 1), ('10', None, 1)]
    """
    runs: list[dict[str, Any]] = []
    start = 0
    for end in range(1, len(items) + 1):
        if end < len(items) and positions[end] == positions[end - 1] + 1:
            continue
        if end - start >= MIN_RUN:
            runs.append({"first": items[start], "last": items[end - 1], "count": end - start})
        else:
            runs.extend({"first": item, "last": None, "count": 1} for item in items[start:end])
        start = end
    return runs
