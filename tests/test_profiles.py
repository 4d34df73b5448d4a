"""profiles.py and the parse command: YAML profiles, detection, clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.errors import ConfigError
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import BUILTIN, detect_profile, load_profile
from ruldiff.documents.read import decode

# An invented code of conduct numbered "§ 1.2", which no built-in profile reads.
CODE = """\
Harbor Club Code
§ 1 Conduct
§ 1.1 Members greet the harbour master on arrival.
§ 1.2 Members keep the pier clear after dusk.
§ 2 Boats
§ 2.1 Every boat carries a lantern.
"""

PROFILE = r"""
name: harbor
description: an invented club code, numbered with section signs
numbered: '§'
heading: '^§ (?P<id>\d+) (?P<text>.+)$'
rule: '^§ (?P<id>\d+\.\d+) (?P<text>.+)$'
"""


def test_builtin_profiles_load() -> None:
    assert set(BUILTIN) >= {"mtg-cr", "riftbound"}
    for name in BUILTIN:
        assert load_profile(name).name == name


def test_user_profile_from_a_file_needs_no_code(tmp_path: Path) -> None:
    path = tmp_path / "harbor.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    doc = parse(decode(CODE.encode(), "code.txt"), load_profile(str(path)))
    assert doc.profile == "harbor"
    assert [(r.id, r.parent, r.text) for r in doc.rules] == [
        ("1", None, "Conduct"),
        ("1.1", "1", "Members greet the harbour master on arrival."),
        ("1.2", "1", "Members keep the pier clear after dusk."),
        ("2", None, "Boats"),
        ("2.1", "2", "Every boat carries a lantern."),
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("name: x\nrule: '(?P<id>1)(?P<text>.*)'\nexmaple: 'E'\n", "unknown key 'exmaple' (did you mean 'example'?)"),
        ("name: x\nrule: '(?P<id>1'\n", "key 'rule' is not a valid regular expression"),
        ("name: x\nrule: '(\\d)'\n", "key 'rule' must have the named groups"),
        ("name: x\n", "missing key 'rule'"),
        ("name: x\nrule: [1, 2]\n", "key 'rule' must be a string, not list"),
        ("name: x\nrule: 'a\n  b: [\n", "not valid YAML"),
        ("- just\n- a list\n", "a profile must be a YAML mapping"),
    ],
)
def test_broken_profile_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_profile(str(path))
    assert str(err.value).startswith(str(path))
    assert message in str(err.value)


def test_broken_profile_on_the_command_line_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("name: x\nrule: '(?P<id>1'\n", encoding="utf-8")
    doc = tmp_path / "code.txt"
    doc.write_text(CODE, encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(doc), "--profile", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"Error: {path}: key 'rule' is not a valid regular expression: missing ), unterminated subpattern at position 0"
    ]


def test_unknown_profile_name() -> None:
    with pytest.raises(ConfigError, match="no profile named 'nope'"):
        load_profile("nope")


def test_detection() -> None:
    assert detect_profile("Riftbound Core Rules\nLast Updated: 2025-10-01\n000. Golden Rules\n").name == "riftbound"
    assert detect_profile("Lanternfall Comprehensive Rules\n\n1. Game\n").name == "mtg-cr"
    assert detect_profile("Dear players,\n\nthe club opens at noon.\n").name == "paragraphs"


def test_parse_command_json(tmp_path: Path) -> None:
    path = tmp_path / "harbor.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    doc = tmp_path / "code.txt"
    doc.write_text(CODE, encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(doc), "--profile", str(path)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["profile"] == "harbor" and data["title"] == "Harbor Club Code"
    assert [i["id"] for i in data["items"]] == ["1", "1.1", "1.2", "2", "2.1"]
    assert data["items"][1] == {"id": "1.1", "parent": "1", "kind": "rule", "line": 3,
                                "text": "Members greet the harbour master on arrival.", "examples": [], "notes": []}
    for fmt in ("yaml", "text"):
        out = CliRunner().invoke(main, ["parse", str(doc), "--profile", str(path), "-f", fmt])
        assert out.exit_code == 0 and "Members keep the pier clear after dusk." in out.output


def test_web_copy_seed_parses_into_its_rules_with_notes(seeds: Path) -> None:
    """Seed 002: a web copy of rule 107.4 with navigation lines and (refs: …) notes."""
    path = next(seeds.glob("002_*.txt"))
    result = CliRunner().invoke(main, ["parse", str(path)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["profile"] == "web-rules"
    assert [i["id"] for i in data["items"]] == ["107.4"] + [f"107.4{c}" for c in "abcdefgh"]
    assert all(i["parent"] == "107.4" for i in data["items"][1:])
    by_id = {i["id"]: i for i in data["items"]}
    assert by_id["107.4a"]["notes"] == ["(refs: 202)"]
    assert "(refs:" not in " ".join(i["text"] for i in data["items"])
    assert not any("↑" in i["text"] or "·" in i["text"] for i in data["items"])


def test_builtin_profiles_read_the_same_with_pyyaml(tmp_path: Path) -> None:
    """The built-in files are read by a small flat-YAML reader (PyYAML is slow to
    import); PyYAML must read them to the very same profiles."""
    from ruldiff.documents.profiles import FORMATS_DIR, _parse_flat

    import yaml

    for path in sorted(FORMATS_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert _parse_flat(text) == yaml.safe_load(text), path.name
        copy = tmp_path / path.name
        copy.write_text(text, encoding="utf-8")
        assert load_profile(str(copy)) == load_profile(path.stem)


def test_inline_numbered_seed_parses_into_exactly_its_rules(seeds: Path) -> None:
    """Seed 000: a Riftbound symbols section with every rule on one line."""
    path = next(seeds.glob("000_*.txt"))
    data = json.loads(CliRunner().invoke(main, ["parse", str(path)]).output)
    assert data["profile"] == "inline-rules"
    assert [i["id"] for i in data["items"]] == [
        "1", "2", "3", "4", "5", "5.a", "5.b", "6", "6.a", "6.b", "6.c", "7", "7.a", "7.b"
    ]
    by_id = {i["id"]: i for i in data["items"]}
    # A reference followed by the cited rule's title stays inside rule 4: no rule 134.
    assert "See rule 134." in by_id["4"]["text"] and "134" not in by_id
    assert by_id["6.a"]["parent"] == "6"
    assert len(by_id["6.c"]["examples"]) == 2
    assert all(e.startswith("Example:") for e in by_id["6.c"]["examples"])


def test_inline_numbers_out_of_sequence_are_not_rules() -> None:
    text = "Rules 1. Draw two cards. 2. Pay 5. Then discard 7. 3. End the turn.\n"
    doc = parse(decode(text.encode(), "r.txt"), load_profile("inline-rules"))
    assert [(r.id, r.text) for r in doc.rules] == [
        ("1", "Draw two cards."),
        ("2", "Pay 5. Then discard 7."),
        ("3", "End the turn."),
    ]


def seed_004_versions(seeds: Path, tmp_path: Path) -> tuple[str, str]:
    """Seed 004 holds old/new pairs of paragraphs (examples follow their
    paragraph): the old document is the first of each pair, the new the second."""
    text = next(seeds.glob("004_*.txt")).read_text(encoding="utf-8")
    units: list[list[str]] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        if paragraph.startswith("Example:") and units:
            units[-1].append(paragraph)
        else:
            units.append([paragraph])
    assert len(units) % 2 == 0
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("\n\n".join("\n\n".join(u) for u in units[0::2]) + "\n", encoding="utf-8")
    new.write_text("\n\n".join("\n\n".join(u) for u in units[1::2]) + "\n", encoding="utf-8")
    return str(old), str(new)


def test_unnumbered_paragraphs_align_by_content(seeds: Path, tmp_path: Path) -> None:
    old, new = seed_004_versions(seeds, tmp_path)
    result = CliRunner().invoke(main, [old, new, "--profile", "paragraphs", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["old"]["profile"] == "paragraphs"
    kinds = [c["kind"] for c in data["changes"]]
    assert "renumbered" not in kinds and data["renumbering"] == []
    assert kinds.count("removed") == 1 and kinds.count("added") == 1
    removed = next(c for c in data["changes"] if c["kind"] == "removed")
    added = next(c for c in data["changes"] if c["kind"] == "added")
    assert "can also represent colorless mana" in removed["edits"][0][1]
    assert added["edits"][0][1].startswith("The colorless mana symbol {C}")
    edits = [(tuple(o for o, _ in c["edits"]), c["edits"]) for c in data["changes"] if c["kind"] == "changed"]
    pairs = [{(op, text.strip()) for op, text in e} for _, e in edits]
    assert any({("-", "alternate"), ("+", "alternative")} <= p for p in pairs)
    assert any({("-", "903.13"), ("+", "903.11")} <= p for p in pairs)
    assert any(any(op == "+" and "cohort" in text for op, text in p) for p in pairs)
    # Every old paragraph but one is paired with a new one.
    assert data["summary"]["changed"] + data["summary"]["unchanged"] == data["old"]["rules"] - 1


def test_a_document_without_numbers_is_detected_as_paragraphs(tmp_path: Path) -> None:
    prose = tmp_path / "prose.txt"
    prose.write_text("Just a letter.\n\nNo rules in it.\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", str(prose), "-f", "text"])
    assert result.exit_code == 0
    assert "profile paragraphs" in result.output
    assert "p1  Just a letter." in result.output and "p2  No rules in it." in result.output
    result = CliRunner().invoke(main, ["parse", str(prose), "--profile", "mtg-cr"])
    assert result.exit_code == 2 and "use --profile paragraphs" in result.output


def test_unnumbered_seed_parses_into_its_paragraphs(seeds: Path) -> None:
    """Seed 004: 58 paragraphs, four of them examples of the paragraph before."""
    path = next(seeds.glob("004_*.txt"))
    data = json.loads(CliRunner().invoke(main, ["parse", str(path)]).output)
    assert data["profile"] == "paragraphs"
    assert [i["id"] for i in data["items"]] == [f"p{n}" for n in range(1, 55)]
    assert sum(len(i["examples"]) for i in data["items"]) == 4


# --- a user's patterns are bounded in time ------------------------------------

_MINE = """\
name: mine
numbered: '\\d'
heading: '^(?P<id>\\d{3})\\.\\s+(?P<text>\\S.*)$'
section: '^(?P<id>\\d{1,2})\\.\\s+(?P<text>[A-Z].*)$'
rule: '^(?P<id>\\d{3}\\.\\d+[a-z]?)\\.?\\s+(?P<text>.*)$'
"""
_DIGITS = "Test Rules\n\n1. Basics\n\n100. General\n\n100.1. See " + "1" * 40 + " and more.\n\n100.2. Pass.\n" + "2" * 40 + "\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("key", "pattern"),
    [
        ("reference", "(?P<id>(\\d+\\.?)+)x"),  # runs during the comparison: checked while parsing
        ("note", "((\\d+)+)!"),
        ("rule", "^(?P<id>(\\d+)+)\\.\\s+(?P<text>.*)$"),
    ],
)
def test_a_pattern_that_backtracks_without_end_is_an_error_naming_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str, key: str, pattern: str
) -> None:
    import time

    from ruldiff.documents import profiles
    monkeypatch.setattr(profiles, "PATTERN_SECONDS", 0.3)
    lines = [line for line in _MINE.splitlines() if not line.startswith(f"{key}:")]
    profile = tmp_path / "mine.yaml"
    profile.write_text("\n".join([*lines, f"{key}: '{pattern}'"]) + "\n", encoding="utf-8")
    doc = tmp_path / "doc.txt"
    doc.write_text(_DIGITS, encoding="utf-8")
    start = time.monotonic()
    result = CliRunner().invoke(main, [str(doc), str(doc), "--profile", str(profile), "-j", jobs])
    assert time.monotonic() - start < 10  # without the limit: hours
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: {profile}: the pattern of key '{key}' took longer than 0.3 s on {doc} (")
    assert result.output.count("\n") == 1


def test_a_users_copy_of_a_builtin_profile_reads_as_the_builtin(tmp_path: Path) -> None:
    """The time limit changes nothing for patterns that behave."""
    from ruldiff.documents.profiles import FORMATS_DIR

    copy = tmp_path / "copy.yaml"
    copy.write_text((FORMATS_DIR / "mtg-cr.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    doc = tmp_path / "doc.txt"
    doc.write_text(_DIGITS, encoding="utf-8")
    mine = CliRunner().invoke(main, ["parse", str(doc), "--profile", str(copy)])
    builtin = CliRunner().invoke(main, ["parse", str(doc), "--profile", "mtg-cr"])
    assert mine.exit_code == builtin.exit_code == 0
    assert json.loads(mine.output)["items"] == json.loads(builtin.output)["items"]


def test_the_budget_grows_with_the_document() -> None:
    from ruldiff.documents.profiles import pattern_budget

    assert pattern_budget(0) == 2.0 and pattern_budget(64 * 2**20) > 300


def test_time_limit_stops_a_regular_expression_and_puts_the_timer_back() -> None:
    """What bounds a user's patterns: ``re`` checks for signals as it backtracks."""
    import re
    import signal
    import time

    from ruldiff.limits import TimeLimitError, time_limit

    before = signal.getsignal(signal.SIGALRM)
    start = time.monotonic()
    with pytest.raises(TimeLimitError, match="took longer than 0.2 s"):
        with time_limit(0.2):
            re.search(r"(\d+)+x", "1" * 60)
    assert time.monotonic() - start < 5
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with time_limit(5):  # quick work is left alone
        assert re.search(r"(\d+)+x", "12x")
