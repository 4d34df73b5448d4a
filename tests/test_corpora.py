"""The real corpora (../shared/corpora or $RULDIFF_CORPORA): every MTG release
reads and parses, and releases we read by hand are diffed correctly.

These texts are others' copyrighted work: they are read at test time, never
copied into this repository.
"""

from __future__ import annotations

import functools
import json
import marshal
import re
from pathlib import Path

import pytest
from conftest import corpora_dir, each
from helpers import check_every_format, real_comparison

from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.model import Change, ChangeKind, Comparison, Document, Op, RuleKind, pack_document, unpack_document
from ruldiff.outputs.context import build_context
from ruldiff.outputs.render import render

MTG = sorted((corpora_dir() / "mtg").glob("*.txt"))


@functools.lru_cache(maxsize=None)
def doc(name: str) -> Document:
    return load(str(corpora_dir() / "mtg" / f"{name}.txt"))


@functools.lru_cache(maxsize=None)
def diff(old: str, new: str) -> Comparison:
    return real_comparison(str(corpora_dir() / "mtg" / f"{old}.txt"), str(corpora_dir() / "mtg" / f"{new}.txt"))


def readme_table(corpora: Path) -> dict[str, tuple[str, int]]:
    """The corpora README's table: file stem -> (effective date, naive rule count)."""
    rows = {}
    for line in (corpora / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| mtg/(\S+)\.txt \|.*?\| (\d{4}-\d\d-\d\d)(?: ≠file)? \| (\d+) / (\d+) / (\d+) \|", line)
        if m:
            rows[m.group(1)] = (m.group(2), sum(int(m.group(i)) for i in (3, 4, 5)))
    return rows


# What the corpora README counts: lines that start, in column 0, with
# NNN.N followed by a period, a space or a subrule letter.
NAIVE = re.compile(r"^\d{3}\.\d+(?:\.|\s|[a-z])")
SENTENCE_END = tuple('.:;!?)"”’]')


def test_corpora_hold_126_mtg_releases(corpora: Path) -> None:
    assert len(MTG) == 126
    assert len(readme_table(corpora)) == 126


@pytest.mark.parametrize("path", each(MTG, lambda p: p.stem))
def test_every_mtg_release_parses_with_the_rules_it_holds(corpora: Path, path: Path) -> None:
    document = doc(path.stem)
    date, readme_count = readme_table(corpora)[path.stem]
    assert document.date == date
    assert "Comprehensive Rules" in document.title or "COMPREHENSIVE RULES" in document.title
    assert len(document.glossary) > 150
    assert document.credits
    kinds = {r.kind for r in document.rules}
    assert kinds == {RuleKind.SECTION, RuleKind.HEADING, RuleKind.RULE}
    # No ID twice; every parent exists and comes before its child.
    position = {r.id: n for n, r in enumerate(document.rules)}
    assert len(position) == len(document.rules)
    assert all(r.parent is None or position[r.parent] < position[r.id] for r in document.rules)
    # What the cache of a series keeps (series.py) is this document again.
    assert unpack_document(marshal.loads(marshal.dumps(pack_document(document)))) == document

    # The rules we found are the numbered lines the README counts, except for
    # differences each explained by the text around them.
    text = path.read_bytes()
    from ruldiff.documents.read import decode

    lines = decode(text, str(path)).text.split("\n")
    naive = {n + 1 for n, line in enumerate(lines) if NAIVE.match(line)}
    if path.stem == "2004-02-01":
        # The README's counter did not take "409.1f" followed by byte 0xD0 (an
        # en dash, misencoded in this file) for a subrule; it did in 2003-10-01.
        readme_count += 1
    assert len(naive) == readme_count  # our reading of the README's count
    ours = {r.line for r in document.rules if r.kind is RuleKind.RULE}
    for line in sorted(naive - ours):
        # A reference hard-wrapped onto the start of a line: "...See rule" / "419.8 ..."
        previous = lines[line - 2].rstrip()
        assert previous and not previous.endswith(SENTENCE_END), (line, previous[-40:], lines[line - 1][:40])
    for line in sorted(ours - naive):
        # A rule the naive count misses: indented, or a misprinted number
        # ("408.f", "306.b", "606. 8b").
        raw = lines[line - 1]
        assert raw[:1].isspace() or re.match(r"^\d{3}\.(?:[a-z]| \d+[a-z]) ", raw), raw[:40]


@pytest.mark.parametrize("path", each(MTG[::5] + MTG[-1:], lambda p: p.stem))
def test_a_release_diffed_with_itself_has_no_changes(corpora: Path, path: Path) -> None:
    result = compare(doc(path.stem), doc(path.stem))
    assert result.changes == ()
    assert result.summary["unchanged"] == len(doc(path.stem).items)


def by_old(result: Comparison) -> dict[str, Change]:
    return {c.old.id: c for c in result.changes if c.old}


def by_new(result: Comparison) -> dict[str, Change]:
    return {c.new.id: c for c in result.changes if c.new}


def deleted(change: Change) -> list[str]:
    return [e.text.strip() for e in change.edits if e.op is Op.DELETE]


def inserted(change: Change) -> list[str]:
    return [e.text.strip() for e in change.edits if e.op is Op.INSERT]


def test_2016_commander_renumbering(corpora: Path) -> None:
    """2015-11-13 -> 2016-01-16: 903.8 and 903.9 removed, 903.10-903.13 become 903.8-903.11."""
    result = diff("2015-11-13", "2016-01-16")
    old = by_old(result)
    assert old["903.8"].kind is ChangeKind.REMOVED
    assert old["903.9"].kind is ChangeKind.REMOVED
    for before, after in [("903.10", "903.8"), ("903.11", "903.9"), ("903.12", "903.10"),
                          ("903.13", "903.11"), ("903.13a", "903.11a")]:
        change = old[before]
        assert change.kind is ChangeKind.RENUMBERED and change.new is not None
        assert change.new.id == after
        assert not change.text_changed


def test_2016_reference_update_and_rewording_in_104_3j(corpora: Path) -> None:
    change = by_new(diff("2015-11-13", "2016-01-16"))["104.3j"]
    assert change.kind is ChangeKind.CHANGED
    assert "903.13" in " ".join(deleted(change)) and "903.11" in " ".join(inserted(change))
    assert "Also see" in " ".join(deleted(change)) and "See also" in " ".join(inserted(change))


def test_2016_cohort_added_to_ability_words(corpora: Path) -> None:
    change = by_new(diff("2015-11-13", "2016-01-16"))["207.2c"]
    assert change.kind is ChangeKind.CHANGED
    assert any("cohort" in text for text in inserted(change))
    assert not any("cohort" in text for text in deleted(change))


def test_2016_glossary_suspend_alternate_to_alternative(corpora: Path) -> None:
    change = by_new(diff("2015-11-13", "2016-01-16"))["glossary:Suspend"]
    assert change.kind is ChangeKind.CHANGED
    assert deleted(change) == ["alternate"] and inserted(change) == ["alternative"]


def test_no_glossary_term_is_a_sense_number(corpora: Path) -> None:
    # 1999-11 and 2003-05 set the numbered senses of a term ("1. To counter a
    # spell…", "2. A counter is a marker…") apart with blank lines; each
    # sense must stay in its entry, or it becomes a term that every
    # neighbouring release adds or removes.
    senses = {
        path.stem: [g.id for g in doc(path.stem).glossary if re.match(r"glossary:\d", g.id)] for path in MTG
    }
    assert {name: ids for name, ids in senses.items() if ids} == {}
    # 2021-06-09 lost the line break after 11 terms ("Ante1. A zone…").
    glued = {path.stem: [g.id for g in doc(path.stem).glossary if re.search(r"[a-z]1\. ", g.id)] for path in MTG}
    assert {name: ids for name, ids in glued.items() if ids} == {}
    assert "glossary:Ante" in {g.id for g in doc("2021-06-09").glossary}
    counter = next(g for g in doc("2003-05-26").glossary if g.id == "glossary:Counter")
    assert [line[:3] for line in counter.text.splitlines()] == ["Cou", "1. ", "2. "]


def test_2018_double_inserted_shifts_every_later_keyword_action(corpora: Path) -> None:
    """2018-01-19 -> 2018-04-27: 701.9 Double is new; 701.9 Exchange and every later
    keyword action move down one number, each reported once as renumbered."""
    result = diff("2018-01-19", "2018-04-27")
    new = by_new(result)
    assert new["701.9"].kind is ChangeKind.ADDED and new["701.9"].new.text == "Double"  # type: ignore[union-attr]
    shifted = [c for c in result.changes if c.old and re.fullmatch(r"701\.(9|[1-9]\d)[a-z]?", c.old.id)]
    assert len(shifted) > 100
    for change in shifted:
        number, letter = re.fullmatch(r"701\.(\d+)([a-z]?)", change.old.id).groups()  # type: ignore[union-attr]
        assert change.kind is ChangeKind.RENUMBERED, change.old.id  # type: ignore[union-attr]
        assert change.new is not None and change.new.id == f"701.{int(number) + 1}{letter}"
    exchange = by_old(result)["701.9"]
    assert exchange.new is not None and exchange.new.id == "701.10" and not exchange.text_changed
    # Nothing of 701 was reported as removed: renumbering is never removal plus addition.
    assert not [c for c in result.changes if c.kind is ChangeKind.REMOVED and c.old.id.startswith("701.")]  # type: ignore[union-attr]


def test_2018_state_based_action_and_saga_section(corpora: Path) -> None:
    result = diff("2018-01-19", "2018-04-27")
    new, old = by_new(result), by_old(result)
    assert new["704.5s"].kind is ChangeKind.ADDED
    assert old["704.5s"].new.id == "704.5t"  # type: ignore[union-attr]
    assert new["714"].kind is ChangeKind.ADDED and new["714"].new.text == "Saga Cards"  # type: ignore[union-attr]
    assert old["714"].kind is ChangeKind.RENUMBERED and old["714"].new.id == "715"  # type: ignore[union-attr]
    assert sum(1 for c in result.changes if c.new and c.new.id.startswith("714.")) >= 8


def test_2018_he_or_she_becomes_they_across_the_document(corpora: Path) -> None:
    result = diff("2018-01-19", "2018-04-27")
    touched = [c for c in result.changes if any("he or she" in t.lower() for t in deleted(c))]
    assert len(touched) > 100
    assert all(c.kind in (ChangeKind.CHANGED, ChangeKind.RENUMBERED, ChangeKind.SPLIT) for c in touched)
    assert not any("he or she" in r.full_text for r in doc("2018-04-27").items)


def test_encoding_change_alone_makes_no_change(corpora: Path) -> None:
    """2016-07-22 (cp1252, CRLF) -> 2016-08-26 (UTF-16 LE): only real edits, no cosmetic noise."""
    result = diff("2016-07-22", "2016-08-26")
    assert result.summary["unchanged"] > 2600
    assert len(result.changes) < 100
    assert not [c for c in result.changes if "cosmetic" in c.tags]


@pytest.mark.parametrize("pair", [("2015-11-13", "2016-01-16"), ("2018-01-19", "2018-04-27"),
                                  ("2009-10-01", "2026-01-16"), ("1999-04-23", "2003-10-01")])
def test_edits_rebuild_both_texts_and_counts_add_up(corpora: Path, pair: tuple[str, str]) -> None:
    result = diff(*pair)
    old_text = {r.id: r.full_text for r in result.old.items}
    new_text = {r.id: r.full_text for r in result.new.items}
    for c in result.changes:
        if c.olds:
            old = "\n".join(old_text[r.id] for r in c.olds)
            assert "".join(e.text for e in c.edits if e.op is not Op.INSERT) == old
        if c.news:
            new = "\n".join(new_text[r.id] for r in c.news)
            assert "".join(e.text for e in c.edits if e.op is not Op.DELETE) == new
    # Every rule of each document is in exactly one change, or unchanged.
    unchanged = result.summary["unchanged"]
    assert sum(len(c.olds) for c in result.changes) + unchanged == len(result.old.items)
    assert sum(len(c.news) for c in result.changes) + unchanged == len(result.new.items)


def test_output_is_byte_identical_across_runs(corpora: Path) -> None:
    one = compare(doc("2009-10-01"), doc("2026-01-16"))
    two = compare(doc("2009-10-01"), doc("2026-01-16"))
    assert render(one, "json") == render(two, "json")
    assert render(one, "html") == render(diff("2009-10-01", "2026-01-16"), "html")
    data = json.loads(render(one, "json"))
    assert data["old"]["rules"] == len(doc("2009-10-01").rules)


def test_2016_renumbering_map_and_mechanical_edits(corpora: Path) -> None:
    result = diff("2015-11-13", "2016-01-16")
    assert ("903.10-903.13", "903.8-903.11") in [(r.old, r.new) for r in result.renumbering]
    new = by_new(result)
    # 104.3j: the reference follows 903.13 -> 903.11, and "Also see" -> "See also",
    # made in both rules that had it: nothing substantive.
    assert new["104.3j"].tags == ("cross-reference", "substitution")
    subs = {(s.old, s.new): s for s in result.substitutions}
    assert subs[("Also see", "See also")].rules == ("104.3j", "305.6")
    assert new["207.2c"].tags == ("list-item",)
    assert new["207.2c"].items_added == ("cohort",)


def test_2018_substitutions_and_map(corpora: Path) -> None:
    result = diff("2018-01-19", "2018-04-27")
    # The pronoun rewrite is one family, listed once with its forms inside.
    pronouns = [s for s in result.substitutions if "he or she" in s.old.split(" / ")]
    assert len(pronouns) == 1
    assert dict(zip(pronouns[0].old.split(" / "), pronouns[0].new.split(" / "))) == {
        "he or she": "they", "his or her": "their", "him or her": "them", "himself or herself": "themselves",
    }
    assert pronouns[0].count >= 350
    # Its other new phrase is a form; a verb that only agrees is the rewrite's own, counted in (#27).
    forms = {(d, i) for d, i, _n in pronouns[0].variants}
    assert ("he or she", "that player") in forms and ("he or she has", "they have") not in forms
    assert not [s for s in result.substitutions if s.old.endswith(".") or s.new.endswith(".")]
    # A rule whose only edits are the rewrite and the verb agreement it forces
    # is a substitution, never substantive (issue #12: 101.4, 104.3c).
    changes = by_new(result)
    assert changes["101.4"].tags == ("substitution",)
    assert changes["104.3c"].tags == ("cosmetic", "substitution")  # "loses" -> "lose", a comma
    runs = [(r.old, r.new) for r in result.renumbering]
    assert ("701.9-701.39", "701.10-701.40") in runs
    assert ("714-720", "715-721") in runs  # section 714 Sagas pushes 714-720 down
    # Subrules that follow their renumbered heading are not moves.
    assert by_old(result)["714.1"].moved is None
    mechanical = [c for c in result.changes if c.text_changed and set(c.tags) <= {"substitution", "cross-reference"}]
    assert len(mechanical) > 150


def test_stale_references_found_in_published_releases(corpora: Path) -> None:
    """References that point at no rule, as published (checked by reading the texts)."""
    latest = diff("2025-11-14", "2026-01-16")
    assert ("glossary:Map", ("rule 110.10",), ("",)) in latest.stale  # 110.10 does not exist in 2026-01-16
    assert "110.10" not in {r.id for r in doc("2026-01-16").rules}
    dominaria = diff("2018-01-19", "2018-04-27")
    assert ("702.123d", ("rule 903.11a",), ("",)) in dominaria.stale
    assert "903.11a" not in {r.id for r in doc("2018-04-27").rules}


RIFTBOUND = {
    # file: numbered lines, as the corpora README counts them
    "riftbound/2025-10-01": 1616,
    "riftbound/2025-12-01": 1795,
    "riftbound/2026-03-30": 2088,
    "riftbound/2026-06-18": 2381,
    "riftbound-tournament/2026-03-30": 873,
    "riftbound-tournament/2026-04-29": 886,
    "riftbound-tournament/2026-07-16": 935,
}


@pytest.mark.parametrize("name", sorted(RIFTBOUND))
def test_riftbound_versions_parse_with_every_numbered_line(corpora: Path, name: str) -> None:
    document = load(str(corpora / f"{name}.txt"))
    assert document.profile == "riftbound"
    assert document.date == name.rsplit("/", 1)[1]
    assert len(document.rules) == RIFTBOUND[name]
    assert len({r.id for r in document.rules}) == len(document.rules)
    # A reference followed by the cited rule's title ("See rule 207. Upkeep for
    # more information.") is never a rule of its own.
    assert not [r for r in document.rules if re.match(r"[A-Z][A-Za-z]*(?: [A-Za-z]+){0,3} for more information", r.text)]
    assert unpack_document(marshal.loads(marshal.dumps(pack_document(document)))) == document


def test_riftbound_rewrapping_is_not_a_change(corpora: Path) -> None:
    """v1.1 has one rule per line; v1.2 is hard-wrapped at ~120 columns."""
    old = load(str(corpora / "riftbound/2025-10-01.txt"))
    new = load(str(corpora / "riftbound/2025-12-01.txt"))
    result = compare(old, new)
    # 452.1 -> 456.1, 458.2 -> 462.2, ... and 451.1.c -> 455.1.c ("non- deterministically", a line-end hyphen)
    assert_wrapping_is_no_edit(result, renumbered_rewrapped=9)
    assert result.summary["unchanged"] > 900
    assert result.summary["changed"] < 40


def test_riftbound_renumbering_map_is_a_few_runs(corpora: Path) -> None:
    """v1.1 -> v1.2 inserts two headings before 137 and shifts sections 3, 4 and
    7: the map collapses hundreds of dotted subrules (138.1.a.2 ->
    140.1.a.2) into the runs of their headings."""
    result = compare(load(str(corpora / "riftbound/2025-10-01.txt")), load(str(corpora / "riftbound/2025-12-01.txt")))
    runs = [(r.old, r.new) for r in result.renumbering]
    assert ("135-142", "137-144") in runs  # 135. Flavor Text ... 142. -> 137. ... 144.
    assert ("716-733", "726-743") in runs  # 716. Keywords ... 733. Vision -> 726. ... 743.
    assert len(runs) < 25
    assert not [r for r in runs if r[0].startswith("138.")]  # implied by 138 -> 140


def test_riftbound_dotted_reference_update_is_a_cross_reference(corpora: Path) -> None:
    """v1.3 -> v1.4: rule 457.1 became 462.1 and its only edit is the reference to
    442.2.a, which became 447.2.a."""
    result = compare(load(str(corpora / "riftbound/2026-03-30.txt")), load(str(corpora / "riftbound/2026-06-18.txt")))
    (change,) = [c for c in result.changes if c.old and c.old.id == "457.1"]
    assert change.new is not None and change.new.id == "462.1"
    assert change.tags == ("cross-reference",)
    assert [(e.op, e.text.strip()) for e in change.edits if e.op is not Op.EQUAL] == [
        (Op.DELETE, "442.2.a"), (Op.INSERT, "447.2.a")
    ]


def test_mtg_rewrapping_is_not_a_change(corpora: Path) -> None:
    """1999-04-23 is hard-wrapped at 78 columns, 1999-11-01 has one paragraph per
    line: the rules whose words are the same are unchanged."""
    result = diff("1999-04-23", "1999-11-01")
    assert result.summary["unchanged"] > 350
    assert_wrapping_is_no_edit(result, renumbered_rewrapped=0)


def assert_wrapping_is_no_edit(result: Comparison, renumbered_rewrapped: int) -> None:
    """Re-wrapping is never a change of text, renumbered rules included: a
    change whose rules hold the same words is a renumbering whose edits (if
    any: they rebuild both texts, line breaks included) are white space, or
    at most cosmetic; one that changes its text changed a word."""
    checked = paired = 0
    for c in result.changes:
        if not (c.olds and c.news):
            continue
        paired += 1
        before = "".join("\n".join(r.full_text for r in c.olds).split())
        after = "".join("\n".join(r.full_text for r in c.news).split())
        if before == after:
            assert c.kind is ChangeKind.RENUMBERED and "substantive" not in c.tags, (c.kind.value, c.tags)
            if all(e.text.isspace() for e in c.edits if e.op is not Op.EQUAL):
                assert not c.text_changed and not c.tags, (c.old.id if c.old else None, c.tags)
            olds, news = (tuple(r.full_text for r in rules) for rules in (c.olds, c.news))
            checked += olds != news  # re-wrapped, not only renumbered
        else:
            assert c.text_changed, (c.kind.value, c.old.id if c.old else None)
    assert paired > 0 and checked == renumbered_rewrapped, (paired, checked)


def consecutive(folder: str) -> list[tuple[str, str]]:
    names = [f"{folder}/{p.stem}" for p in sorted((corpora_dir() / folder).glob("*.txt"))]
    return list(zip(names, names[1:]))


ARCHIVE = consecutive("mtg") + consecutive("riftbound") + consecutive("riftbound-tournament")


@functools.lru_cache(maxsize=4)
def any_doc(name: str) -> Document:
    return load(str(corpora_dir() / f"{name}.txt"))


@pytest.mark.parametrize("pair", each(ARCHIVE, lambda pair: f"{pair[0]}..{pair[1].rsplit('/', 1)[1]}"))
def test_every_consecutive_release_diffs_consistently(corpora: Path, pair: tuple[str, str]) -> None:
    """The whole archive: every change rebuilds both texts, every rule is
    accounted for exactly once, and every format renders."""
    old, new = any_doc(pair[0]), any_doc(pair[1])
    result = compare(old, new)
    old_text = {r.id: r.full_text for r in old.items}
    new_text = {r.id: r.full_text for r in new.items}
    for c in result.changes:
        if c.olds:
            assert "".join(e.text for e in c.edits if e.op is not Op.INSERT) == "\n".join(old_text[r.id] for r in c.olds)
        if c.news:
            assert "".join(e.text for e in c.edits if e.op is not Op.DELETE) == "\n".join(new_text[r.id] for r in c.news)
    unchanged = result.summary["unchanged"]
    assert sum(len(c.olds) for c in result.changes) + unchanged == len(old.items)
    assert sum(len(c.news) for c in result.changes) + unchanged == len(new.items)
    check_every_format(result)


def test_list_items_of_real_lists(corpora: Path) -> None:
    # 2024-11: five colorless hybrid mana symbols appended to 107.4's list.
    symbols = by_new(diff("2024-08-02", "2024-11-08"))["107.4"]
    assert symbols.tags == ("list-item",)
    assert symbols.items_added == ("{C/W}", "{C/U}", "{C/B}", "{C/R}", "{C/G}")
    # 2021-07: Lolth and Mordenkainen land on both sides of Lukka, which the
    # word diff's cleanup sweeps into one run ("[-Lukka][+Lolth, Lukka,
    # Mordenkainen]"): Lukka is kept, the two are added.
    walkers = by_new(diff("2021-06-09", "2021-07-12"))["205.3j"]
    assert walkers.tags == ("list-item",)
    assert {"Lolth", "Mordenkainen"} <= set(walkers.items_added) and "Lukka" not in walkers.items_added
    assert walkers.items_removed == ()
    # 2023-04: "a battle" joins "a player or a planeswalker" in 506.3.
    attacked = by_new(diff("2022-11-18", "2023-04-14"))["506.3"]
    assert attacked.tags == ("list-item",) and attacked.items_added == ("a battle",)


def test_claims_fixed_on_the_fresh_evaluation_set(corpora: Path) -> None:
    # 2019-10: "Adventure" put before "Arcane", the first item, which stays.
    spell_types = by_new(diff("2019-08-23", "2019-10-04"))["205.3k"]
    assert (spell_types.items_added, spell_types.items_removed) == (("Adventure",), ())
    # 2007-07: "See Landcycling." -> "See Typecycling." in five glossary
    # entries is one rename; the misprinted "606. 8b" is read as 606.8b
    # in both releases, so that rule is unchanged, not removed and added.
    result = diff("2007-05-01", "2007-07-13")
    assert ("Landcycling", "Typecycling", 5) in {(s.old, s.new, s.count) for s in result.substitutions}
    assert by_new(result)["glossary:Islandcycling"].tags == ("substitution",)
    assert not [c for c in result.changes if {"606.8b", "606#2"} & {r.id for r in (*c.olds, *c.news)}]
    # 2026-07 tournament rules: a clause of two alternatives dropped whole is no list edit.
    tournament = any_doc("riftbound-tournament/2026-04-29"), any_doc("riftbound-tournament/2026-07-16")
    dropped = by_new(compare(*tournament))["702.9.b.2"]
    assert "list-item" not in dropped.tags and dropped.items_removed == ()
    # 2026-04 tournament rules: the first example of a list of unsporting
    # conduct, reworded with no word kept, is that item changed, not one
    # removed and one added.
    april = compare(any_doc("riftbound-tournament/2026-03-30"), any_doc("riftbound-tournament/2026-04-29"))
    example = by_new(april)["704.3.a.1"]
    assert example.kind is ChangeKind.CHANGED and [r.id for r in example.olds] == ["704.3.a.1"]
    # 2008-10: the DCI document centre's web address, updated the same way
    # in seven rules and entries, is one substitution; in 100.5 the brackets
    # put around the new address come with it.
    web = diff("2008-07-15", "2008-10-01")
    (address,) = [s for s in web.substitutions if "wizards.com" in s.old]
    assert (address.old, address.new, address.count) == (
        "www.wizards.com/default.asp", "http://www.wizards.com/Magic/TCG/Events.aspx", 7  # as written
    )
    assert by_new(web)["100.5"].tags == ("substitution",)
    # 2024-03 -> 2024-06: a section title renamed in place is that title, renamed.
    renamed = by_new(diff("2024-03-08", "2024-06-07"))["308"]
    assert renamed.kind is ChangeKind.CHANGED and [r.id for r in renamed.olds] == ["308"]


def test_claims_fixed_on_the_blind_evaluation_set(corpora: Path) -> None:
    # 2009-07 reused the numbers of moved sections: "the untap step (see
    # rule 502)" and "rule 603, "Handling Triggered Abilities"" are right.
    m10 = diff("2009-05-01", "2009-07-11")
    flagged = {(rule, ref) for rule, refs, _ in m10.stale for ref in refs}
    assert not flagged & {("500.3", "rule 502"), ("505.3", "rule 603")}
    assert ("401.6", "rule 602.1i") in flagged  # a rule that does not exist still is
    # 2024-11: a blocked and a blocking creature's rules, both rewritten
    # where they stood, keep their numbers; so 702.22k's reference is right.
    foundations = diff("2024-08-02", "2024-11-08")
    for number in ("510.1c", "510.1d"):
        change = by_new(foundations)[number]
        assert change.kind is ChangeKind.CHANGED and [r.id for r in change.olds] == [number]
    assert "702.22k" not in {rule for rule, _, _ in foundations.stale}
    # 2006-10: "tapped{+ or flipped+}" widens a clause of a list of clauses;
    # the set-name update reaches the entry with "Coldsnap(tm)".
    time_spiral = diff("2006-07-15", "2006-10-01")
    assert by_new(time_spiral)["217.1b"].items_added == ()
    assert ("Coldsnap", "Time Spiral", 7) in {(s.old, s.new, s.count) for s in time_spiral.substitutions}
    assert by_new(time_spiral)["glossary:Artifact Type"].tags == ("substitution",)
    # 2017-04: a bracket dropped with the rewording that held its other half.
    assert "cosmetic" not in by_new(diff("2017-01-19", "2017-04-28"))["104.3h"].tags
    # Symbols respelled everywhere they stood: {P} -> {PW} in 2011-05 (when
    # {P} became Phyrexian mana), {C} -> {CHAOS} in 2015-07 (when {C} became
    # colorless mana).
    assert by_new(diff("2011-04-01", "2011-05-01"))["107.11"].tags == ("cosmetic",)
    assert by_new(diff("2015-03-27", "2015-07-17"))["309.7"].tags == ("cosmetic",)


def test_pairings_fixed_on_the_fresh_gap_set(corpora: Path) -> None:
    # 2003-12 -> 2009-02: 506.1's first sentence, reworded, became a rule of
    # its own (506.1) and the rest 506.1a; 212.6b's once-a-turn part,
    # reworded, went to 212.6c and its last sentences to 212.6e. Splits, not
    # one part paired and the other added.
    gap = diff("2003-12-01", "2009-02-01")
    for old, parts in (("506.1", ["506.1", "506.1a"]), ("212.6b", ["212.6c", "212.6e"])):
        (split,) = [c for c in gap.changes if [r.id for r in c.olds] == [old]]
        assert (split.kind, [r.id for r in split.news]) == (ChangeKind.SPLIT, parts)
    # 2015-09 -> 2019-10: the token rules moved from 110.5 to 111 together;
    # 110.5a, reworded, still stands between 110.5 (111.1) and 110.5b (111.3).
    token = by_new(diff("2015-09-26", "2019-10-04"))["111.2"]
    assert [r.id for r in token.olds] == ["110.5a"]


def test_pairings_fixed_on_the_final_gap_set(corpora: Path) -> None:
    def parts(result: Comparison, old: str) -> tuple[str, list[str], list[str]]:
        (change,) = [c for c in result.changes if old in [r.id for r in c.olds]]
        return change.kind.value, [r.id for r in change.olds], [r.id for r in change.news]

    # 2003-05 -> 2005-08: "503. Copying Spells and Abilities" -> "503. Copying
    # Objects" over the same rules (the parent of the same children).
    assert parts(diff("2003-05-26", "2005-08-01"), "503") == ("changed", ["503"], ["503"])
    # 2016-08 -> 2016-09: the English-version clause lifted into a new 201.2
    # over the rest, now 201.2a (a sentence lifted into a new parent).
    assert parts(diff("2016-07-22", "2016-08-26"), "201.2") == ("split", ["201.2"], ["201.2", "201.2a"])
    # 2021-04 -> 2021-06: the Clue token's definition moved into the list of
    # predefined tokens, 701.36a now pointing to 111.10f (a part far away).
    assert parts(diff("2021-04-19", "2021-06-09"), "701.36a") == ("split", ["701.36a"], ["111.10f", "701.36a"])
    # 2022-11 -> 2023-04: the meld section folded into the double-faced cards'.
    assert parts(diff("2022-11-18", "2023-04-14"), "713.12") == ("merged", ["712.15", "713.12"], ["712.19"])
    # Riftbound 2025-10 -> 2026-06: 340.2, reworded, keeps its place as its
    # section moved to 344 (the same place in a hole).
    rift = real_comparison(str(corpora_dir() / "riftbound" / "2025-10-01.txt"),
                           str(corpora_dir() / "riftbound" / "2026-06-18.txt"))
    assert parts(rift, "340.2") == ("renumbered", ["340.2"], ["344.2"])


def test_glossary_headwords_renamed_across_the_rules_pair(corpora: Path) -> None:
    """A headword renamed in the rules that say it pairs with the new one,
    its definition rewritten (issue #27, item 6; gap-s11 pair 1)."""
    def partner(result: Comparison, old: str) -> list[str]:
        (change,) = [c for c in result.changes if old in [r.id for r in c.olds]]
        return [r.id for r in change.news]

    gap = diff("2007-09-07", "2010-10-01")
    assert partner(gap, "glossary:Comes into Play") == ["glossary:Enters the Battlefield"]
    m10 = diff("2009-05-01", "2009-07-11")
    for old, new in (("Leaves Play", "Leaves the Battlefield"), ("State-Based Effects", "State-Based Actions"),
                     ("Removed from the Game", "Exile"), ("Game Action", "Turn-Based Action")):
        assert partner(m10, f"glossary:{old}") == [f"glossary:{new}"]


def test_pairings_fixed_on_the_s8_gap_set(corpora: Path) -> None:
    def parts(result: Comparison, old: str) -> tuple[str, list[str], list[str]]:
        (change,) = [c for c in result.changes if old in [r.id for r in c.olds]]
        return change.kind.value, [r.id for r in change.olds], [r.id for r in change.news]

    # 2008-10 -> 2010-10: the title rule 212.7 made the heading 307 over the
    # same subrules; the glossary's "Suspended" merged into "Suspend".
    gap = diff("2008-10-01", "2010-10-01")
    assert parts(gap, "212.7") == ("renumbered", ["212.7"], ["307"])
    assert parts(gap, "glossary:Suspended") == (
        "merged", ["glossary:Suspend", "glossary:Suspended"], ["glossary:Suspend"])
    # 2012-07 -> 2013-07: the headword kept, now "(Obsolete)", its text rewritten.
    assert parts(diff("2012-07-01", "2013-07-11"), "glossary:Unblockable")[2] == ["glossary:Unblockable (Obsolete)"]
    # 2010-10 -> 2013-11 (gap-s7): "EDH" renamed "Commander", the old
    # headword kept as a pointer to it.
    assert parts(diff("2010-10-01", "2013-11-01"), "glossary:EDH")[2] == ["glossary:Commander"]


# --- issue 14: encodings and damaged characters ------------------------------

_GARBLED = re.compile("[\u00aa\u00d0]")


def test_mac_roman_release_has_no_garbled_changes(corpora: Path) -> None:
    """2004-02-01 is Mac Roman: against 2003-12-01 no edit is a ™ read as ª
    or an en dash read as Ð (22 such changes before)."""
    for c in diff("2003-12-01", "2004-02-01").changes:
        assert not any(_GARBLED.search(e.text) for e in c.edits if e.op is not Op.EQUAL), c


@pytest.mark.parametrize(
    "old, new, ids",
    [
        # ™ written as a plain T in one release and as U+FFFD in the next.
        ("2001-09-24", "2002-02-20", ["200.1", "206.2", "502.17a", "glossary:Promotional Cards"]),
        # Card names spelled with stray bytes of a DOS code page (Dandƒn for Dandân).
        ("2013-11-01", "2014-02-01", ["700.6a"]),
        ("2018-10-05", "2019-01-25", ["700.8a"]),
        ("2019-01-25", "2019-05-03", ["700.8a"]),
    ],
)
def test_a_damaged_character_is_only_cosmetic(corpora: Path, old: str, new: str, ids: list[str]) -> None:
    changes = {c.old.id: c for c in diff(old, new).changes if c.old is not None}
    for rule_id in ids:
        assert changes[rule_id].tags == ("cosmetic",), (rule_id, changes[rule_id].edits)


_STRAY = re.compile(r"[^\W\d_][\u0192\u2030\u00a3\u00a0\u2013][^\W\d_]")


@pytest.mark.parametrize(
    "old, new",
    # The releases whose edits spell words with stray bytes (2013-04-29 ->
    # 2013-07-11 has no edit with a non-ASCII character at all: not here).
    [("2006-05-01", "2006-07-15"), ("2007-05-01", "2007-07-13"),
     ("2013-11-01", "2014-02-01"), ("2018-10-05", "2019-01-25"), ("2019-01-25", "2019-05-03")],
)
def test_a_word_with_a_stray_byte_is_never_substantive(corpora: Path, old: str, new: str) -> None:
    """Each deleted/inserted run that spells a word with a stray byte is cosmetic."""
    from ruldiff.diff.classify import is_cosmetic

    checked = 0
    for c in diff(old, new).changes:
        edits = [e for e in c.edits if e.op is not Op.EQUAL]
        for deleted, inserted in zip(edits, edits[1:]):
            if (deleted.op, inserted.op) == (Op.DELETE, Op.INSERT) and _STRAY.search(deleted.text + inserted.text):
                assert is_cosmetic(deleted.text, inserted.text), (c.old, deleted.text, inserted.text)
                checked += 1
    assert checked > 0, "no edit with a stray byte: the pair tests nothing"


# --- issue 14: Riftbound headings from the joined paragraph -------------------


def test_riftbound_v1_1_to_v1_2_changelog_is_clean(corpora: Path) -> None:
    """No rule removed and added again with the same words (old 123, the rule
    that became 457), no changed rule whose edits are only white space, no
    section printed twice, no group outside every section."""
    old = load(str(corpora / "riftbound/2025-10-01.txt"))
    new = load(str(corpora / "riftbound/2025-12-01.txt"))
    result = compare(old, new)
    removed = {" ".join(c.old.full_text.split()) for c in result.changes if c.kind is ChangeKind.REMOVED and c.old}
    added = {" ".join(c.new.full_text.split()) for c in result.changes if c.kind is ChangeKind.ADDED and c.new}
    assert not removed & added
    assert all(c.text_changed for c in result.changes if c.kind is ChangeKind.CHANGED)
    pairs = {(c.old.id, c.new.id) for c in result.changes if c.old and c.new}
    assert ("453", "457") in pairs
    kinds = {r.id: r.kind for r in old.rules}, {r.id: r.kind for r in new.rules}
    assert kinds[0]["123"] is kinds[1]["123"] is RuleKind.RULE
    sections = [s["id"] for s in build_context(result)["sections"]]
    assert None not in sections
    assert len(sections) == len(set(sections)), sections


def test_headings_pair_by_children_paired_as_moved_and_reworded(corpora: Path) -> None:
    # 2007-09 -> 2012-10 (gap-s18): "420. State-Based Effects" became "704.
    # State-Based Actions" over the same rules, each moved and reworded;
    # 2005-10 -> 2009-10: the "In Play" zone rule 217.5 became the heading
    # "403. Battlefield" over the same rules.
    def new_of(result: Comparison, old: str) -> tuple[str, list[str]]:
        (change,) = [c for c in result.changes if old in [r.id for r in c.olds]]
        return change.kind.value, [r.id for r in change.news]

    assert new_of(diff("2007-09-07", "2012-10-01"), "420") == ("renumbered", ["704"])
    assert new_of(diff("2005-10-01", "2009-10-01"), "217.5") == ("renumbered", ["403"])


def test_rules_on_one_template_pair_with_their_own_text(corpora: Path) -> None:
    # 2009-02 -> 2012-02 (gap-s24's pair): the keyword rules moved from 502
    # to 702 in another order; a gap of step 4 held only one old rule of a
    # template and paired it with its neighbour's new text ("horsemanship"
    # with "shadow", 0.81; "shadow" with "flying", 0.75) while its own text
    # (0.94-0.95) was left over; steps 6b's rounds move each pair to its own.
    gap = diff("2009-02-01", "2012-02-01")
    news = {r.id: [n.id for n in c.news] for c in gap.changes for r in c.olds}
    assert news["502.17b"] == ["702.29b"] and news["502.8b"] == ["702.26b"] and news["502.70b"] == ["702.16b"]
    assert news["502.17a"] == ["702.29a"]


def test_list_items_only_named_another_way_are_not_named(corpora: Path) -> None:
    # 1999-04 -> 2004-06 (gap-s25): 201.1's card parts, "power/toughness"
    # -> "power and toughness": no item; nor "credit" -> "illustration
    # credit", the same part named more fully (gap-s25's and gap-s28's
    # readers: both judged the two items printed wrong; 64d0737).
    def items(old: str, new: str, rule: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        (change,) = [c for c in diff(old, new).changes if c.old is not None and c.old.id == rule]
        return change.items_added, change.items_removed

    assert items("1999-04-23", "2004-06-01", "201.1") == ((), ())
    # 2007-09 -> 2007-10: the noun the list's items share is no part of the new item.
    assert items("2007-09-07", "2007-10-01", "419.8a") == (("planeswalker",), ())


def test_rules_between_paired_siblings_pair_with_the_rule_between_theirs(corpora: Path) -> None:
    # Session 22 (align step 9b): the labelled misses gap-s28 (2018-07 ->
    # 2020-08, the Brawl mulligan rule 903.11f -> 903.12g, a rule inserted
    # above it) and gap-s22 (2018-10 -> 2022-10, the multiplayer mulligan
    # 800.5 -> 800.6), both rewritten for the new mulligan where their
    # neighbours' partners stand; and Riftbound 2025-10 -> 2026-06's
    # 462.8.e -> 489.8.f, its subrule between it and its next sibling.
    def news_of(result: Comparison, old: str) -> list[str]:
        (change,) = [c for c in result.changes if old in [r.id for r in c.olds]]
        return [r.id for r in change.news]

    assert news_of(diff("2018-07-13", "2020-08-07"), "903.11f") == ["903.12g"]
    assert news_of(diff("2018-10-05", "2022-10-07"), "800.5") == ["800.6"]
    rift = real_comparison(str(corpora_dir() / "riftbound" / "2025-10-01.txt"),
                           str(corpora_dir() / "riftbound" / "2026-06-18.txt"))
    assert news_of(rift, "462.8.e") == ["489.8.f"]
    # The last rule of a list, its predecessor's partner before it and its
    # parent's partner's list ending after it: 2003-12 -> 2009-02, the
    # subgame within a subgame (506.7 -> 506.6); 2007-10 -> 2012-02 (gap-s22),
    # the controller rule 214.4 -> 110.2.
    assert news_of(diff("2003-12-01", "2009-02-01"), "506.7") == ["506.6"]
    assert "110.2" in news_of(diff("2007-10-01", "2012-02-01"), "214.4")
    # At the same place but about another thing: the loop rule 421.5 is no
    # shortcut rule 714.5 (2008-10 -> 2010-10).
    assert news_of(diff("2008-10-01", "2010-10-01"), "421.5") == []
