"""Sub-items numbered under the item above them: ``(a)``, ``(ii)``, ``(3)``.

- `next_sub_item(stack, label)` -> the open sub-item labels after `label`.
- `sub_item_id(anchor, stack)` -> the ID of a sub-item: ``12.3(b)(ii)``.

A profile's ``subitem`` pattern finds a line such as ``(b) Any player...``;
its label only counts under the numbered item above it (``12.3``), so the
parser gives it the ID ``12.3(b)``, the way such items are cited. Nested
labels keep their styles: under ``(a)``, a ``(i)`` is a roman sub-item of
``(a)``, unless it follows an ``(h)``: then it is the letter after ``h``
(and ``(v)`` after ``(u)``, ``(x)`` after ``(w)``).
"""

from __future__ import annotations


__all__ = ["SubStack", "next_sub_item", "sub_item_id"]

SubStack = tuple[tuple[str, str], ...]
"""The open sub-items, outermost first, as (style, label); style ``1``
(digits), ``a`` (lower-case letters), ``A`` (capitals) or ``i`` (roman)."""

def _style(label: str, stack: SubStack) -> str:
    if label.isdigit():
        return "1"
    if label and not label.strip("ivx"):  # i, v, x only
        before = chr(ord(label) - 1) if len(label) == 1 else ""
        if not any(style == "a" and open_label == before for style, open_label in stack):
            return "i"
    return "A" if label.isupper() else "a"


def next_sub_item(stack: SubStack, label: str) -> SubStack:
    """The open sub-items once `label` is read: it closes the deepest open
    sub-item of its style and those inside it, or opens a level of its own.

    >>> s = next_sub_item((), "a"); s
    (('a', 'a'),)
    >>> s = next_sub_item(s, "i"); s
    (('a', 'a'), ('i', 'i'))
    >>> s = next_sub_item(s, "ii"); s
    (('a', 'a'), ('i', 'ii'))
    >>> next_sub_item(s, "b")
    (('a', 'b'),)
    >>> next_sub_item((('a', 'h'),), "i")
    (('a', 'i'),)
    """
    style = _style(label, stack)
    for depth in range(len(stack) - 1, -1, -1):
        if stack[depth][0] == style:
            return (*stack[:depth], (style, label))
    return (*stack, (style, label))


def sub_item_id(anchor: str, stack: SubStack) -> str:
    """The ID of the innermost sub-item of `stack` under the item `anchor`.

    >>> sub_item_id("12.3", (("a", "b"), ("i", "ii")))
    '12.3(b)(ii)'
    """
    return anchor + "".join(f"({label})" for _, label in stack)
