"""schema.json: the JSON Schema of ``--format json`` is valid draft 2020-12,
ships in the package, is what ``ruldiff schema`` prints, holds every real
output, and is strict enough to catch one that breaks the contract."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import ROOT, corpora_dir, each
from helpers import real_comparison
from jsonschema import Draft202012Validator

from ruldiff.diff.pipeline import compare
from ruldiff.cli.main import main
from ruldiff.documents.load import load
from ruldiff.model import ChangeKind
from ruldiff.outputs.context import MECHANICAL
from ruldiff.outputs.jsonout import JSON_FORMAT_VERSION, to_json
from ruldiff.outputs.render import render
from ruldiff.outputs.schema import schema, schema_text

VALIDATOR = Draft202012Validator(schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors(data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(data)]


def test_the_schema_is_valid_draft_2020_12_and_matches_the_version() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema()["properties"]["version"] == {"const": JSON_FORMAT_VERSION}


def test_the_command_prints_the_shipped_file() -> None:
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout == (ROOT / "tool" / "ruldiff" / "outputs" / "schema.json").read_text(encoding="utf-8") == schema_text()


def test_the_command_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "ruldiff.schema.json"
    result = CliRunner().invoke(main, ["schema", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0 and result.output == ""
    assert json.loads(out.read_text(encoding="utf-8")) == schema()


def test_the_enums_are_the_models() -> None:
    change = schema()["$defs"]["change"]["properties"]
    assert change["kind"]["enum"] == [k.value for k in ChangeKind if k is not ChangeKind.UNCHANGED]
    tags = set(change["tags"]["items"]["enum"])
    assert MECHANICAL <= tags and {"substantive", "list-item", "stale-reference"} <= tags
    assert list(schema()["properties"]["summary"]["required"]) == [k.value for k in ChangeKind]


@pytest.mark.parametrize("report", sorted((ROOT / "reports").glob("*.json")), ids=lambda p: p.stem)
def test_the_sample_reports_hold(report: Path) -> None:
    assert errors(json.loads(report.read_text(encoding="utf-8"))) == []


def test_the_command_output_holds_from_standard_input_too(sample: list[Path]) -> None:
    result = CliRunner().invoke(main, [str(sample[0]), "-", "-f", "json"], input=sample[2].read_bytes(),
                                catch_exceptions=False)
    data = json.loads(result.stdout)
    assert data["new"]["path"] == "<stdin>" and errors(data) == []


def _real_pairs() -> list[tuple[str, str]]:
    """Real release pairs of every kind: adjacent, the 2018 rewrite, the
    17-year gap, a hard-wrapped 1999 pair, 2004 (a phrase deleted across the
    document: a substitution to nothing), Riftbound core and tournament."""
    root = corpora_dir()
    pairs = [
        ("mtg/2025-11-14.txt", "mtg/2026-01-16.txt"),
        ("mtg/2018-01-19.txt", "mtg/2018-04-27.txt"),
        ("mtg/2009-10-01.txt", "mtg/2026-01-16.txt"),
        ("mtg/1999-04-23.txt", "mtg/1999-11-01.txt"),
        ("mtg/2004-06-01.txt", "mtg/2004-10-01.txt"),
        ("riftbound/2025-10-01.txt", "riftbound/2026-06-18.txt"),
        ("riftbound-tournament/2026-03-30.txt", "riftbound-tournament/2026-07-16.txt"),
    ]
    return [p for p in pairs if (root / p[0]).is_file() and (root / p[1]).is_file()]


@pytest.mark.parametrize("pair", each(_real_pairs(), lambda p: f"{p[0]}->{p[1].split('/')[-1]}"))
def test_real_outputs_hold(corpora: Path, pair: tuple[str, str]) -> None:
    data = json.loads(render(real_comparison(str(corpora / pair[0]), str(corpora / pair[1])), "json"))
    assert data["changes"], "a real pair has changes"
    assert errors(data) == []


# --- strict enough to be useful ---------------------------------------------


@pytest.fixture(scope="module")
def good(sample: list[Path]) -> dict[str, Any]:
    data = to_json(compare(load(str(sample[0])), load(str(sample[2]))))
    kinds = {c["kind"] for c in data["changes"]}
    assert {"added", "removed", "changed", "renumbered", "split", "merged"} <= kinds
    return json.loads(json.dumps(data))


def first(data: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in data["changes"] if c["kind"] == kind)


BREAKAGES = {
    "an unknown top-level key": lambda d: d.update(extra=1),
    "a missing key": lambda d: d.pop("stale_references"),
    "another version": lambda d: d.update(version=2),
    "an unknown key in a change": lambda d: d["changes"][0].update(comment="x"),
    "an unknown kind": lambda d: d["changes"][0].update(kind="unchanged"),
    "an unknown tag": lambda d: d["changes"][0]["tags"].append("important"),
    "a repeated tag": lambda d: d["changes"][0]["tags"].extend(d["changes"][0]["tags"][:1] or ["x", "x"]),
    "an unknown edit op": lambda d: d["changes"][0]["edits"][0].__setitem__(0, "~"),
    "an edit of three items": lambda d: d["changes"][0]["edits"][0].append("x"),
    "an added rule with an old ID": lambda d: first(d, "added").update(old="100.1"),
    "a removed rule with a new ID": lambda d: first(d, "removed").update(new="100.1"),
    "a split with one new ID": lambda d: first(d, "split").update(new="100.1"),
    "a merge with one old ID": lambda d: first(d, "merged").update(old="100.1"),
    "a date that is no date": lambda d: d["old"].update(date="2024-13-45"),
    "a date in another form": lambda d: d["old"].update(date="May 1, 2024"),
    "a summary count as text": lambda d: d["summary"].update(added="2"),
    "a summary without unchanged": lambda d: d["summary"].pop("unchanged"),
    "a substitution counted 0 times": lambda d: d["substitutions"][0].update(count=0),
    "a substitution of nothing for nothing": lambda d: d["substitutions"][0].update(old="", new=""),
    "a renumbering run with a key more": lambda d: d["renumbering"][0].update(shift=1),
    "moved as a list": lambda d: d["changes"][0].update(moved=["1", "2"]),
    "an empty hint": lambda d: d["changes"][0].update(see_also=[]),
    "a hint of another kind": lambda d: d["changes"][0].update(see_also=[{"kind": "renumbered", "id": "100.1"}]),
}


def test_a_hint_of_a_likely_split_holds(good: dict[str, Any]) -> None:
    hinted = copy.deepcopy(good)
    first(hinted, "changed").update(see_also=[{"kind": "split", "id": "100.3"}, {"kind": "merged", "id": "100.4"}])
    assert errors(hinted) == []


def test_a_phrase_deleted_across_the_document_holds(good: dict[str, Any]) -> None:
    deleted = copy.deepcopy(good)
    deleted["substitutions"][0].update(new="")  # a substitution to nothing
    assert errors(deleted) == []


@pytest.mark.parametrize("breakage", list(BREAKAGES), ids=list(BREAKAGES))
def test_an_output_that_breaks_the_contract_is_caught(good: dict[str, Any], breakage: str) -> None:
    assert errors(good) == []
    broken = copy.deepcopy(good)
    BREAKAGES[breakage](broken)
    assert errors(broken), f"{breakage} passed the schema"
