"""Review state: fingerprints, what a later run shows, the walk, the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ConfigError
from ruldiff.model import Change, Comparison
from ruldiff.editorial.review import Accepted, accepted_text, change_id, dump_reviewed, fingerprint, parse_reviewed, partition, walk


def pair(sample: list[Path], a: int, b: int) -> Comparison:
    return compare(load(str(sample[a])), load(str(sample[b])))


def test_fingerprints_are_stable_and_tell_changes_apart(sample: list[Path]) -> None:
    one, two = pair(sample, 1, 2), pair(sample, 1, 2)
    prints = [fingerprint(c) for c in one.changes]
    assert prints == [fingerprint(c) for c in two.changes]
    assert len(set(prints)) == len(prints)


def test_a_later_run_shows_only_what_is_new_or_differs(sample: list[Path]) -> None:
    first = pair(sample, 0, 1)
    state = {change_id(c): Accepted(fingerprint(c)) for c in first.changes}
    again = partition(first.changes, state)
    assert (len(again.accepted), again.differs, again.new) == (len(first.changes), (), ())
    assert again.hidden_note == f"{len(first.changes)} accepted changes hidden"
    later = partition(pair(sample, 0, 2).changes, state)
    # v1 -> v3 holds v1 -> v2's changes, some edited again by v3, and v3's own.
    assert later.accepted and later.new
    assert all(change_id(c) in state for c in later.differs)
    assert not any(change_id(c) in state for c in later.new)


def test_walk_accepts_notes_skips_and_quits(sample: list[Path]) -> None:
    changes = pair(sample, 1, 2).changes
    answers = iter([("accept", ""), ("skip", ""), ("note", " Why: **wards**. "), ("quit", "")])
    asked: list[tuple[int, int]] = []

    def ask(c: Change, k: int, n: int) -> tuple[str, str]:
        asked.append((k, n))
        return next(answers)

    state = walk(changes, {}, ask)
    assert asked == [(1, len(changes)), (2, len(changes)), (3, len(changes)), (4, len(changes))]
    assert state == {
        change_id(changes[0]): Accepted(fingerprint(changes[0]), "", accepted_text(changes[0])),
        change_id(changes[2]): Accepted(fingerprint(changes[2]), "Why: **wards**.", accepted_text(changes[2])),
    }
    # The next session starts with what was skipped.
    first_asked: list[str] = []
    walk(changes, state, lambda c, k, n: (first_asked.append(change_id(c)), ("quit", ""))[1])
    assert first_asked == [change_id(changes[1])]


def test_state_file_round_trips_and_is_deterministic() -> None:
    state = {"903.11": Accepted("ab" * 10, "Moved."), "100.1": Accepted("cd" * 10)}
    text = dump_reviewed(state)
    assert parse_reviewed(text, "r.json") == state
    assert text == dump_reviewed(dict(reversed(list(state.items()))))
    assert text.index('"100.1"') < text.index('"903.11"') and '"note"' in text and text.endswith("}\n")


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not valid JSON"),
        ('{"accepted": {}}', "not a review state file"),
        ('{"ruldiff_reviewed": 1, "accepted": []}', "'accepted' must map"),
        ('{"ruldiff_reviewed": 1, "accepted": {"1.1": {}}}', "needs a fingerprint"),
    ],
)
def test_a_bad_state_file_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_reviewed(text, "r.json")
    assert message in str(exc.value) and str(exc.value).startswith("r.json")


def test_a_number_removed_and_reused_is_two_changes_reviewed_apart() -> None:
    from ruldiff.model import Change, ChangeKind, Edit, Op, Rule, RuleKind
    from ruldiff.editorial.review import Accepted, accepted_text, change_id, fingerprint, partition

    gone = Change(ChangeKind.REMOVED, Rule("903.9", RuleKind.RULE, "Old."), None, (Edit(Op.DELETE, "Old."),))
    reused = Change(ChangeKind.ADDED, None, Rule("903.9", RuleKind.RULE, "New."), (Edit(Op.INSERT, "New."),))
    state = {change_id(gone): Accepted(fingerprint(gone), "")}
    parts = partition([gone, reused], state)
    assert (parts.accepted, parts.differs, parts.new) == ((gone,), (), (reused,))


# --- the command, in a terminal -------------------------------------------------------------


def _four_changes(tmp_path: Path) -> tuple[str, str]:
    from helpers import write_rules_pair

    old = [("1", "Basics"), ("100", "General")] + [(f"100.{n}", f"Rule {n} says one thing.") for n in range(1, 5)]
    new = [(i, t.replace("says one", "says another")) for i, t in old]
    return write_rules_pair(tmp_path, old, new)


def _review(monkeypatch: pytest.MonkeyPatch, args: list[str], answers: str):  # type: ignore[no-untyped-def]
    """`ruldiff review` with its standard input taken for a terminal, answered by `answers`."""
    from click.testing import CliRunner

    import ruldiff.cli.review as review_command
    from ruldiff.cli.main import main

    monkeypatch.setattr(review_command, "isatty", lambda stream: True)
    return CliRunner().invoke(main, ["review", *args], input=answers, catch_exceptions=False)


def test_each_letter_answers_as_the_prompt_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = _four_changes(tmp_path)
    state = tmp_path / "review.json"
    # 100.1: x (not offered: asked again), a accept; 100.2: s skip; 100.3: n note (then the note); 100.4: q quit.
    done = _review(monkeypatch, [old, new, "--reviewed", str(state)], "x\na\ns\nn\nchecked twice\nq\n")
    assert done.exit_code == 0, done.output
    assert "a accept, s skip, n note, q quit" in done.output
    assert done.output.count("Error:") == 1 and "Error: 'x' is not one of" in done.output  # only x refused
    assert done.output.rstrip().endswith(f"2 changes recorded in {state}")
    accepted = parse_reviewed(state.read_text(encoding="utf-8"), str(state))
    assert sorted(accepted) == ["100.1", "100.3"]
    assert (accepted["100.1"].note, accepted["100.3"].note) == ("", "checked twice")
    # The next session asks about the skipped one and the one not reached, in order.
    again = _review(monkeypatch, [old, new, "--reviewed", str(state)], "q\n")
    assert "100.2" in again.output and "[1/2]" in again.output


def test_a_lock_held_by_another_session_is_waited_for_30_s(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is faked: each wait of the session moves it on, and the
    lock is held by another open file all along."""
    import fcntl
    import os
    from types import SimpleNamespace

    import ruldiff.cli.review as review_command
    from ruldiff.cli.main import main
    from click.testing import CliRunner

    old, new = _four_changes(tmp_path)
    state = tmp_path / "review.json"
    clock = [1000.0]
    monkeypatch.setattr(review_command, "time", SimpleNamespace(
        monotonic=lambda: clock[0], sleep=lambda s: clock.__setitem__(0, clock[0] + s)))
    fd = os.open(f"{state}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        done = CliRunner().invoke(main, ["review", old, new, "--reviewed", str(state), "--accept-all"])
    finally:
        os.close(fd)
    assert done.exit_code == 2
    assert "another session has held the lock for 30 s; nothing written" in done.output
    assert 1030.0 < clock[0] <= 1030.1  # gave up at the first look past 30 s
    assert not state.exists()
