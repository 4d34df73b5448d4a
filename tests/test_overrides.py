"""Match overrides: the file format, which ones no longer apply, and how a
comparison follows them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.cli.main import main
from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ConfigError
from ruldiff.model import Comparison
from ruldiff.editorial.overrides import Plan, apply, parse_overrides, unmet

from helpers import doc

FILE = """\
- {old: 903.10, removed: true}
- {new: 701.9, added: true}
- old: 702.9
  new: 702.10
- {old: 112.10, new: [112.10, 112.10c]}
"""


def test_the_four_kinds_and_their_lines() -> None:
    found = parse_overrides(FILE, "o.yaml")
    assert [(o.old, o.new, o.line) for o in found] == [
        ("903.10", (), 1), (None, ("701.9",), 2), ("702.9", ("702.10",), 3), ("112.10", ("112.10", "112.10c"), 5),
    ]
    assert [o.shown for o in found][1:3] == ["new 701.9 is added", "old 702.9 became 702.10"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("old: 1.1\n", "expected a list"),
        ("- 1.1\n", "a mapping"),
        ("- {old: 1.1}\n", "an override is"),
        ("- {old: 1.1, new: 1.2, removed: true}\n", "an override is"),
        ("- {old: 1.1, news: 1.2}\n", "unknown key news"),
        ("- {old: 1.1, new: [1.2, 1.2]}\n", "listed twice"),
        ("- {old: [\n", "not valid YAML"),
    ],
)
def test_a_bad_overrides_file_says_where(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_overrides(text, "o.yaml")
    assert message in str(exc.value) and str(exc.value).startswith("o.yaml")


OLD = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns of every colour in the circle."),
    ("100.2", "Each keeper starts the game with three lit lanterns and no ember."),
    ("100.3", "Relics strike during the dusk phase of their controller."),
]
NEW = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns of every colour in the circle."),
    ("100.2", "Each keeper starts the game with three lit lanterns and two ember."),
    ("100.3", "Relics strike during the dusk phase of their controller."),
    ("100.4", "Ember left at the end of a turn fades."),
]


def changes(c: Comparison) -> list[tuple[str, str | None, list[str], str]]:
    return [(ch.kind.value, ch.old.id if ch.old else None, [r.id for r in ch.news], ch.how.value) for ch in c.changes]


def run(overrides: str) -> Comparison:
    old, new = doc(OLD, path="old.txt"), doc(NEW, path="new.txt")
    return compare(old, new, plan=apply(parse_overrides(overrides, "o.yaml"), old, new))


def test_without_overrides_nothing_changes() -> None:
    old, new = doc(OLD, path="old.txt"), doc(NEW, path="new.txt")
    assert compare(old, new, plan=Plan()) == compare(old, new)
    assert changes(compare(old, new)) == [("changed", "100.2", ["100.2"], "number"), ("added", None, ["100.4"], "unpaired")]


def test_removed_not_changed() -> None:
    # A removed rule stands after the new place of the rule before it, as the aligner places it.
    assert changes(run("- {old: 100.2, removed: true}\n- {new: 100.2, added: true}\n")) == [
        ("removed", "100.2", [], "unpaired"),
        ("added", None, ["100.2"], "unpaired"),
        ("added", None, ["100.4"], "unpaired"),
    ]


def test_forced_pairing_and_split_in_reading_order() -> None:
    assert changes(run("- {old: 100.3, new: 100.4}\n")) == [
        ("changed", "100.2", ["100.2"], "number"),
        ("added", None, ["100.3"], "unpaired"),
        ("renumbered", "100.3", ["100.4"], "override"),
    ]
    # 100.4 holds none of 100.2's words: the aligner alone never calls it a part.
    assert changes(run("- {old: 100.2, new: [100.2, 100.4]}\n")) == [
        ("split", "100.2", ["100.2", "100.4"], "override"),
    ]


def test_overrides_that_no_longer_apply() -> None:
    old, new = doc(OLD, path="old.txt"), doc(NEW, path="new.txt")
    found = parse_overrides("- {old: 100.9, removed: true}\n- {old: 100.2, new: 100.7}\n"
                            "- {old: 100.3, new: 100.3}\n- {old: 100.3, removed: true}\n", "o.yaml")
    assert [why for _, why in unmet(found, old, new)] == [
        "old 100.9 is not a rule of old.txt",
        "new 100.7 is not a rule of new.txt",
        "a rule it names is in an earlier override",
    ]
    assert apply(found, old, new) == Plan(pairs=(("100.3", "100.3"),))


def test_command_follows_overrides_and_reports_stale_ones(sample: list[Path], tmp_path: Path) -> None:
    path = tmp_path / "overrides.yaml"
    path.write_text("- {old: 204.4, removed: true}\n- {new: 205.4, added: true}\n- {old: 903.9, removed: true}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(sample[1]), str(sample[2]), "--overrides", str(path)])
    assert result.exit_code == 1
    assert f"{path}:3: 903.9: stale-override: override “old 903.9 is removed” no longer applies" in result.output
    old, new = load(str(sample[1])), load(str(sample[2]))
    c = compare(old, new, plan=apply(parse_overrides(path.read_text(encoding="utf-8"), str(path)), old, new))
    assert ("removed", "204.4", [], "unpaired") in changes(c) and c.summary["renumbered"] == 5
    assert CliRunner().invoke(main, ["check", str(sample[2]), "--overrides", str(path)]).exit_code == 2
