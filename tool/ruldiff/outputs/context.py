"""Comparison -> the template context: plain dicts, already grouped and
ordered, so that templates hold no logic (README, "Templates").

- `build_context(comparison, annotations)` -> the context every template
  receives, the contract documented there (dump it with ``--format context``).
- `MECHANICAL`: the tags of edits that carry no new meaning.
- `_anchors(sides)` -> the anchor of every old and new number with a change
  (also the anchors of the history pages, `series.releases`).

Cuts and runs of IDs come from `excerpt`, computed once in `build_context`.
"""

from __future__ import annotations

import re
from typing import Any

from .. import __version__
from .excerpt import cut_edits, id_runs
from .jsonout import _VALUE, _doc_json, _ids, _stale_json, _substitution_json
from ..model import Annotations, Change, ChangeKind, Comparison, Rule, RuleKind, change_id
from ..diff.references import own_references

__all__ = ["MECHANICAL", "build_context"]

_KINDS = ("added", "removed", "changed", "renumbered", "split", "merged", "unchanged")

_SECTION, _HEADING, _RULE, _GLOSSARY = RuleKind.SECTION, RuleKind.HEADING, RuleKind.RULE, RuleKind.GLOSSARY
_ADDED, _REMOVED, _RENUMBERED = ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.RENUMBERED
"""Read for every change and rule: module names, not the enums' members,
which Python 3.11 reads through a hook, ~20 times slower (`model._Enum`;
some 9,000 reads a context of the 2018 pair)."""


_SEE_ALSO = {
    "split": "perhaps split off this rule", "merged": "perhaps merged into this rule",
    "became": "what it became through the releases between", "was": "what it was, through the releases between",
}
"""What a hint of `Change.see_also` says, by its kind."""


def _stale_shown(refs: tuple[str, ...], should_be: tuple[str, ...]) -> list[str]:
    """Stale references as a reader sees them: ``rule 903.13 (now 903.11)``."""
    return [f"{r} (now {h})" if h else r for r, h in zip(refs, should_be)]


def _section_of(rule: Rule, index: dict[str, Rule]) -> Rule | None:
    """The top-level item a rule belongs to (itself, at the top): a section in
    the MTG rules, a root heading such as ``100. Game Concepts`` elsewhere, or
    a titled rule at the top (``Article 2`` / ``Definitions`` / ``For the
    purposes ...:`` / ``(a) ...``: a unit with a title and text of its own),
    whose points are grouped under its title as under a section's."""
    seen = 0
    while rule.parent is not None and seen < 10:
        parent = index.get(rule.parent)
        if parent is None:
            break
        rule, seen = parent, seen + 1
    return rule if _is_section(rule) else None


def _is_section(rule: Rule) -> bool:
    """Whether the changelog groups changes under `rule`: a section or
    heading, or a titled rule at the top (`_section_of`)."""
    return rule.kind in (_SECTION, _HEADING) or (
        rule.kind is _RULE and rule.parent is None and bool(rule.title)
    )


def _section_title(rule: Rule) -> str:
    """A section's title as the changelog heads its group: a titled rule's
    title; a section's text (its title), else the title printed above its
    number (``Registration of beekeepers`` / ``3.—(1) ...``, text none)."""
    return rule.title if rule.kind is _RULE else rule.text or rule.title


def _label(rule: Rule) -> str:
    if rule.kind is _GLOSSARY:
        return rule.id.removeprefix("glossary:")
    return rule.id


def _labels(rules: tuple[Rule, ...]) -> str | None:
    """The rules' labels joined by commas, or None without rules."""
    if not rules:
        return None
    if len(rules) == 1:  # all but splits and merges
        return _label(rules[0])
    return ", ".join([_label(r) for r in rules])


_ANCHOR_UNSAFE = re.compile(r"[^\w.-]+")


def _anchor(side: str, rule_id: str) -> str:
    """The anchor of a rule's number on one side: ``new-903.11``, ``old-903.13``.

    >>> _anchor("new", "glossary:Abandon"), _anchor("old", "702.19c"), _anchor("new", "Art_II-3.1"), _anchor("old", "§ 4")
    ('new-glossary-Abandon', 'old-702.19c', 'new-Art_II-3.1', 'old--4')
    """
    # Most IDs hold only word characters, dots and hyphens (str.isalnum is
    # what the pattern's \w means): nothing to replace, and no pattern asked
    # (1,306 anchors on the 2018 pair: build_context 80.5 -> 78.9 M instructions).
    if rule_id.replace(".", "").replace("-", "").replace("_", "").isalnum():
        return f"{side}-{rule_id}"
    return f"{side}-" + _ANCHOR_UNSAFE.sub("-", rule_id)


def _anchors(sides: list[tuple[tuple[Rule, ...], tuple[Rule, ...]]]) -> tuple[dict[str, str], dict[str, str]]:
    """The anchors of every old and every new number that has a change, one
    per number and side: a number removed and then reused (57 in the 17-year
    gap) has two, ``old-`` and ``new-``. Two IDs that read the same once made
    safe (``glossary:A B``, ``glossary:A-B``) get ``-2``, ``-3``... in reading
    order, so that no anchor repeats."""
    taken: set[str] = set()
    maps: tuple[dict[str, str], dict[str, str]] = ({}, {})
    for olds, news in sides:
        for side, rules, found in (("old", olds, maps[0]), ("new", news, maps[1])):
            for r in rules:
                if r.id in found:
                    continue
                anchor = base = _anchor(side, r.id)
                n = 1
                while anchor in taken:
                    n += 1
                    anchor = f"{base}-{n}"
                taken.add(anchor)
                found[r.id] = anchor
    return maps


MECHANICAL = frozenset({"cross-reference", "substitution", "cosmetic"})
"""Tags of edits that carry no new meaning: shown apart, folded."""


def _is_mechanical(tags: tuple[str, ...], text_changed: bool) -> bool:
    return text_changed and bool(tags) and set(tags) - {"stale-reference"} <= MECHANICAL


def _link(rule_id: str, anchors: dict[str, str]) -> dict[str, Any]:
    """An ID and the anchor of its change, or None where it has none here."""
    return {"id": rule_id, "anchor": anchors.get(rule_id)}


_PRINTED_ID = re.compile(r"[\w.-]+?(?=[.,;:)]*$)")


def _stale_links(
    refs: tuple[str, ...], should_be: tuple[str, ...], old: dict[str, str], new: dict[str, str]
) -> list[dict[str, Any]]:
    """Stale references as links: ``{"text", "anchor", "now", "now_anchor"}``,
    the reference as printed (``rule 903.13``) to its old number's change, and
    the number it should be to its new one.

    >>> _stale_links(("rule 903.13", "rule 100.9."), ("903.11", ""), {"903.13": "old-903.13"}, {})
    [{'text': 'rule 903.13', 'anchor': 'old-903.13', 'now': '903.11', 'now_anchor': None}, {'text': 'rule 100.9.', 'anchor': None, 'now': None, 'now_anchor': None}]
    """
    out = []
    for ref, now in zip(refs, should_be):
        printed = _PRINTED_ID.search(ref)
        out.append({
            "text": ref,
            "anchor": old.get(printed.group()) if printed else None,
            "now": now or None,
            "now_anchor": new.get(now) if now else None,
        })
    return out


def _range_links(ids: str, anchors: dict[str, str]) -> list[dict[str, Any]]:
    """The ends of a run of IDs (``903.10-903.13``, or one ID) as links."""
    first, sep, last = ids.partition("-")
    if sep and first in anchors and last in anchors:
        return [_link(first, anchors), _link(last, anchors)]
    return [_link(ids, anchors)]


def _change_context(
    c: Change,
    olds: tuple[Rule, ...],
    news: tuple[Rule, ...],
    anchors: tuple[dict[str, str], dict[str, str]],
    syntax: re.Pattern[str] | None = None,
    title: str = "",
) -> dict[str, Any]:
    """One change of the context; `olds` and `news` are ``c.olds`` and ``c.news``
    (properties that build a tuple on every read), `anchors` the anchor of
    every old and every new number with a change (see `_anchors`)."""
    rule = c.new or c.old
    assert rule is not None
    item = rule.kind
    old_label = _labels(olds)
    new_label = _labels(news)
    old_anchors, new_anchors = anchors
    refs = []
    if item is _GLOSSARY:
        for _at, target, _printed in own_references(rule.full_text, syntax, title):
            if target in new_anchors and target not in refs and not target.startswith("glossary:"):
                refs.append(target)
    text_changed = c.text_changed
    value = _VALUE
    edits = [{"op": value[e.op], "text": e.text} for e in c.edits]
    own = [new_anchors[r.id] for r in news] + [old_anchors[r.id] for r in olds]
    if len(own) > 1:
        own = list(dict.fromkeys(own))
    shown = cut_edits(edits) if text_changed else edits
    # Most changes have no stale reference, hint, link or list item: their
    # lists are made empty without a call (3,797 changes on the 17-year gap).
    stale, should_be = c.stale, c.stale_should_be
    possibly, see_also = c.possibly_stale, c.see_also
    return {
        "id": rule.id,
        "kind": value[c.kind],
        "old": _ids(olds),
        "new": _ids(news),
        "label": new_label if new_label is not None else old_label,
        "old_label": old_label,
        "new_label": new_label,
        "anchor": own[0],
        "aliases": own[1:],
        "item": value[item],
        "title": rule.text if item is _SECTION or item is _HEADING else None,
        "tags": list(c.tags),
        "mechanical": _is_mechanical(c.tags, text_changed),
        "text_changed": text_changed,
        "edits": edits,
        "shown": shown,
        "cut": len(shown) != len(edits),
        "stale": list(stale),
        "stale_should_be": [h or None for h in should_be] if should_be else [],
        "stale_shown": _stale_shown(stale, should_be) if stale else [],
        "stale_links": _stale_links(stale, should_be, old_anchors, new_anchors) if stale else [],
        "possibly_stale": [
            {"reference": p, "target": t, "held": h, "now": n, "now_anchor": new_anchors.get(n),
             "shown": f"{t} held “{h}” before; now {n}"}
            for p, t, h, n in possibly
        ] if possibly else [],
        "items_added": list(c.items_added),
        "items_removed": list(c.items_removed),
        "moved": list(c.moved) if c.moved else None,
        "links": [{"id": t, "anchor": new_anchors[t]} for t in refs] if refs else [],
        "see_also": [
            {"kind": k, "id": i, "anchor": (new_anchors if k == "split" or k == "became" else old_anchors).get(i), "why": _SEE_ALSO[k]}
            for k, i in see_also
        ] if see_also else [],
        "old_line": c.old.line if c.old else None,
        "new_line": c.new.line if c.new else None,
        "note": None,
        "reviewed": None,
        "since_accepted": None,
    }


def build_context(comparison: Comparison, annotations: Annotations | None = None) -> dict[str, Any]:
    """The context every template receives (dump it with ``--format context``).

    Keys, in the order a release bulletin reads:

    - ``tool`` (name, version); ``old`` and ``new`` (as in the JSON contract);
      ``summary`` (counts by kind, ``unchanged`` included); ``total_changes``;
      ``kind_counts`` and ``tag_counts``: ``{"kind"|"tag", "count"}`` of the
      kinds and tags the changes have (what the HTML page filters by);
    - ``new_rules`` and ``removed_rules``: ``{"label", "anchor", "title"}`` of
      every added and removed numbered rule; ``new_runs`` and ``removed_runs``:
      the same collapsed into runs of rules in a row, ``{"first", "last",
      "count"}`` (``last`` None for a rule alone), read ``701.9–701.9f (7 rules)``;
    - ``renumbering``: ``{"old", "new", "old_links", "new_links"}`` runs, the
      links being the run's ends ``{"id", "anchor"}``; ``substitutions``:
      ``{"old", "new", "count", "rules", "rule_links", "variants"}``;
      ``list_items``: ``{"label", "anchor", "added", "removed"}``; ``stale``:
      ``{"rule", "rule_anchor", "references", "should_be", "shown", "links"}``
      (``shown``: each reference with the ID it should be, ``rule 903.13 (now
      903.11)``; ``links``: the same as ``{"text", "anchor", "now",
      "now_anchor"}``);
    - ``sections``: the substantive changes of the numbered rules, as
      ``{"id", "title", "changes"}`` groups in reading order (``id`` None for
      rules outside any section);
    - ``glossary``: every glossary change;
    - ``mechanical``: changes whose edits are only cross-reference updates,
      substitutions or cosmetic;
    - ``renumbered_only``: rules renumbered with their text unchanged;
    - ``omitted``: what a shortened changelog left out (`cap.shorten`), or None;
    - ``review``: with ``--reviewed``, ``{"accepted", "differs", "new",
      "hidden", "note"}``: how many changes the review state marks each way,
      how many accepted ones were left out (``--hide-reviewed``) and a
      sentence saying so (``note``, None when none); else None.

    Each change has ``kind``, ``old``, ``new``, ``label``, ``old_label``,
    ``new_label``, ``anchor`` and ``aliases`` (the anchors of its numbers,
    ``new-903.11`` and ``old-903.13``: unique, one per number and side, the
    new first), ``item`` (section/heading/rule/glossary), ``title``, ``tags``,
    ``mechanical``, ``text_changed``, ``edits`` (``{"op", "text"}``),
    ``shown`` (the edits with long unchanged runs cut, each cut an edit of op
    ``"…"`` holding the text cut: `excerpt.cut_edits`), ``cut`` (whether
    ``shown`` has a cut), ``stale``,
    ``stale_should_be``, ``stale_shown``, ``stale_links``, ``possibly_stale``
    (an added rule's hints: ``{"reference", "target", "held", "now",
    "now_anchor", "shown"}``, `references.References.possibly_stale`), ``items_added``,
    ``items_removed``, ``moved`` (``[old heading, new heading]`` or None),
    ``links`` (rules a glossary entry refers to that have a change here:
    ``{"id", "anchor"}``), ``see_also`` (a hint, never a claim: rules near
    the change that probably hold part of its text, a split or merge likely
    but not certain: ``{"kind", "id", "anchor", "why"}``, kind ``split``
    for an added rule, ``merged`` for a removed one, ``why`` the words that
    say so), ``old_line`` and ``new_line``, ``id`` (the change
    ID notes and the review state use: NEW's number, OLD's for a removed
    rule), ``note`` (the editor's note, Markdown: write it with the
    ``note_md`` or ``note_html`` filter; None without one) and ``reviewed``
    (``accepted``, ``differs`` or ``new`` with ``--reviewed``; else None),
    ``since_accepted`` (for a change that differs since accepted, the word
    edits from the text accepted to the text now, ``{"op", "text"}``; else
    None).

    A link's ``anchor`` is None where the ID has no change here: the
    templates print it as plain text.
    """
    old_index = {r.id: r for r in comparison.old.rules}
    new_index = {r.id: r for r in comparison.new.rules}
    # Change.olds and Change.news build a tuple on each read: read them once.
    sides = [(c.olds, c.news) for c in comparison.changes]
    anchors = _anchors(sides)
    old_anchors, new_anchors = anchors
    sections: list[dict[str, Any]] = []
    glossary: list[dict[str, Any]] = []
    mechanical: list[dict[str, Any]] = []
    renumbered_only: list[dict[str, Any]] = []
    new_rules: list[dict[str, Any]] = []
    removed_rules: list[dict[str, Any]] = []
    list_items: list[dict[str, Any]] = []
    syntax = comparison.new.references
    # A removed rule is shown under its old section's new self, where the
    # section was renumbered (Riftbound's "440. Step 3" became 444): else the
    # removed rules among the new ones would open the same section again
    # under its old number, alternating with the new.
    moved_sections = {
        c.old.id: c.new
        for c in comparison.changes
        if c.old is not None and c.new is not None and _is_section(c.old)
    }
    for c, (olds, news) in zip(comparison.changes, sides):
        rule = c.new or c.old
        assert rule is not None
        item = _change_context(c, olds, news, anchors, syntax, comparison.new.title)
        if annotations is not None:
            item["note"] = annotations.note(change_id(c))
            item["reviewed"] = annotations.mark(change_id(c))
            if change_id(c) in annotations.since:
                item["since_accepted"] = cut_edits(
                    [{"op": _VALUE[e.op], "text": e.text} for e in annotations.since[change_id(c)]]
                )
        if c.items_added or c.items_removed:
            list_items.append({k: item[k] for k in ("label", "anchor", "items_added", "items_removed")})
        if rule.kind is _GLOSSARY:
            glossary.append(item)
            continue
        brief = {"label": item["label"], "anchor": item["anchor"], "title": item["title"]}
        if c.kind is _ADDED:
            new_rules.append(brief)
        elif c.kind is _REMOVED:
            removed_rules.append(brief)
        if c.kind is _RENUMBERED and not item["text_changed"]:
            renumbered_only.append(item)
            continue
        if item["mechanical"]:
            mechanical.append(item)
            continue
        if c.new:
            section = _section_of(c.new, new_index)
        else:
            section = _section_of(rule, old_index)
            if section is not None:
                section = moved_sections.get(section.id, section)
        key = section.id if section else None
        if not sections or sections[-1]["id"] != key:
            sections.append(
                {"id": key, "title": _section_title(section) if section else None, "changes": []}
            )
        sections[-1]["changes"].append(item)
    tag_counts: dict[str, int] = {}
    for c in comparison.changes:
        for t in c.tags:
            tag_counts[t] = tag_counts.get(t, 0) + 1
    old_at = {r.id: i for i, r in enumerate(comparison.old.rules)}
    new_at = {r.id: i for i, r in enumerate(comparison.new.rules)}
    return {
        "tool": {"name": "ruldiff", "version": __version__},
        "old": _doc_json(comparison.old),
        "new": _doc_json(comparison.new),
        "summary": comparison.summary,
        "total_changes": len(comparison.changes),
        "kind_counts": [
            {"kind": k, "count": comparison.summary.get(k, 0)}
            for k in _KINDS if k != "unchanged" and comparison.summary.get(k)
        ],
        "tag_counts": [{"tag": t, "count": tag_counts[t]} for t in sorted(tag_counts)],
        "new_rules": new_rules,
        "removed_rules": removed_rules,
        "new_runs": id_runs(new_rules, [new_at.get(r["label"], -2) for r in new_rules]),
        "removed_runs": id_runs(removed_rules, [old_at.get(r["label"], -2) for r in removed_rules]),
        "renumbering": [
            {
                "old": r.old, "new": r.new,
                "old_links": _range_links(r.old, old_anchors),
                "new_links": _range_links(r.new, new_anchors),
            }
            for r in comparison.renumbering
        ],
        "substitutions": [
            {**_substitution_json(s), "rule_links": [_link(r, new_anchors) for r in s.rules]}
            for s in comparison.substitutions
        ],
        "list_items": list_items,
        "stale": [
            {
                **_stale_json(s),
                "rule_anchor": new_anchors.get(s[0]),
                "shown": _stale_shown(s[1], s[2]),
                "links": _stale_links(s[1], s[2], old_anchors, new_anchors),
            }
            for s in comparison.stale
        ],
        "sections": sections,
        "glossary": glossary,
        "mechanical": mechanical,
        "renumbered_only": renumbered_only,
        "omitted": None,
        "review": annotations.summary() if annotations is not None else None,
    }
