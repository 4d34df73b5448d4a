"""Editors' notes, match overrides and the review state in a changelog
(`ruldiff OLD NEW --notes/--overrides/--reviewed`), and `ruldiff review`;
invented text throughout."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from ruldiff.cli import main as cli, review as review_cli
from ruldiff.cli.main import main
from ruldiff.editorial.review import parse_reviewed
from ruldiff.outputs.schema import schema

from helpers import write_rules_pair

OLD = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns."),
    ("100.2", "Each keeper starts with three lanterns."),
    ("100.3", "A keeper may rest once per turn."),
    ("100.4", "Wards are relics and never leave play."),
    ("101", "Ember"),
    ("101.1", "Ember pays for glyphs."),
]
NEW = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns."),
    ("100.2", "Each keeper starts with four lanterns."),
    ("100.3", "A keeper may rest twice per turn."),
    ("101", "Ember"),
    ("101.1", "Ember pays for glyphs and wards."),
    ("101.2", "Unspent ember fades."),
]
VALIDATOR = Draft202012Validator(schema())


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def pair(tmp_path: Path) -> tuple[str, str]:
    return write_rules_pair(tmp_path, OLD, NEW)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- notes -----------------------------------------------------------------------


NOTES = """\
100.2: |
  Games ran short: a **fourth** lantern, see [the FAQ](https://example.org/faq).

  <script>alert(1)</script> [no](javascript:alert(1))
101.2: Ember no longer carries over.
"""


def test_notes_show_under_their_change_in_every_format(tmp_path: Path, pair: tuple[str, str]) -> None:
    notes = write(tmp_path, "notes.yaml", NOTES)
    code, text, err = run(*pair, "--notes", notes, "--no-pager")
    assert code == 0 and err == ""
    assert "      note: Games ran short: a **fourth** lantern" in text
    assert "      note: Ember no longer carries over." in text
    code, md, _ = run(*pair, "--notes", notes, "-f", "md")
    assert "*Editor’s note:* Games ran short: a **fourth** lantern, see [the FAQ](<https://example.org/faq>)." in md
    assert "&lt;script&gt;" in md and "<script>" not in md
    code, html, _ = run(*pair, "--notes", notes, "-f", "html")
    assert '<strong>fourth</strong> lantern, see <a href="https://example.org/faq">the FAQ</a>' in html
    assert "<script>alert" not in html and 'href="javascript' not in html
    for style in ("bulletin",):
        _, md, _ = run(*pair, "--notes", notes, "-f", "md", "--style", style)
        assert "*Editor’s note:* Ember no longer carries over." in md
        _, html, _ = run(*pair, "--notes", notes, "-f", "html", "--style", style)
        assert '<aside class="editor-note"><strong>Editor’s note</strong><p>Ember no longer carries over.</p>' in html
    code, out, _ = run(*pair, "--notes", notes, "-f", "json")
    data = json.loads(out)
    assert list(VALIDATOR.iter_errors(data)) == []
    notes_by_id = {(c["new"] or c["old"]): c["note"] for c in data["changes"]}
    assert notes_by_id["101.2"] == "Ember no longer carries over."
    assert notes_by_id["100.3"] is None


def test_without_notes_the_json_has_no_note_field(pair: tuple[str, str]) -> None:
    data = json.loads(run(*pair, "-f", "json")[1])
    assert all("note" not in c and "reviewed" not in c for c in data["changes"]) and "review" not in data


def test_an_unused_note_is_a_warning_with_did_you_mean(tmp_path: Path, pair: tuple[str, str]) -> None:
    notes = write(tmp_path, "notes.yaml", "100.1: Unchanged.\n101.3: Typo for 101.2.\n")
    code, _, err = run(*pair, "--notes", notes, "--no-pager")
    assert code == 0
    assert err.splitlines() == [
        f"warning: {notes}:1: the note for 100.1 matches no change: 100.1 did not change in this release",
        f"warning: {notes}:2: the note for 101.3 matches no change: 101.3 is no rule of either version; "
        "did you mean 101.2?",
    ]


@pytest.mark.parametrize(
    ("option", "text", "message"),
    [
        ("--notes", "[1, 2]\n", "expected a mapping of change IDs to notes"),
        ("--notes", "100.2: [a]\n", "the note for 100.2 must be text"),
        ("--overrides", "- {old: 100.4, gone: true}\n", "unknown key gone"),
        ("--reviewed", "{}\n", "not a review state file"),
    ],
)
def test_a_bad_file_is_one_line_and_exit_2(
    tmp_path: Path, pair: tuple[str, str], option: str, text: str, message: str
) -> None:
    path = write(tmp_path, "bad", text)
    code, out, err = run(*pair, option, path)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err and err.startswith(f"Error: {path}")


def test_a_missing_file_is_an_error(pair: tuple[str, str], tmp_path: Path) -> None:
    code, _, err = run(*pair, "--notes", str(tmp_path / "nope.yaml"))
    assert code == 2 and err == f"Error: {tmp_path / 'nope.yaml'}: no such notes file\n"


def test_output_never_overwrites_an_editors_file(tmp_path: Path, pair: tuple[str, str]) -> None:
    notes = write(tmp_path, "notes.yaml", NOTES)
    code, _, err = run(*pair, "--notes", notes, "-o", notes)
    assert code == 2 and "is an input of this command" in err
    assert Path(notes).read_text(encoding="utf-8") == NOTES


# --- overrides -------------------------------------------------------------------


def test_overrides_apply_before_the_alignment(tmp_path: Path, pair: tuple[str, str]) -> None:
    # 100.4 was removed and 101.2 added; force "100.4 became 101.2", then forbid it.
    forced = write(tmp_path, "o.yaml", "- {old: 100.4, new: 101.2}\n")
    data = json.loads(run(*pair, "--overrides", forced, "-f", "json")[1])
    assert {(c["old"], c["new"]) for c in data["changes"]} >= {("100.4", "101.2")}
    plain = json.loads(run(*pair, "-f", "json")[1])
    assert ("100.4", None) in {(c["old"], c["new"]) for c in plain["changes"]}


def test_an_override_that_no_longer_applies_is_a_warning(tmp_path: Path, pair: tuple[str, str]) -> None:
    path = write(tmp_path, "o.yaml", "- {old: 100.9, removed: true}\n- {new: 101.2, added: true}\n")
    code, out, err = run(*pair, "--overrides", path, "-f", "json")
    assert code == 0 and json.loads(out)["changes"]
    assert err == (
        f"warning: {path}:1: override “old 100.9 is removed” no longer applies: "
        f"old 100.9 is not a rule of {pair[0]}\n"
    )


# --- review state in the changelog ------------------------------------------------


def accept_all(pair: tuple[str, str], state: str) -> None:
    code, out, err = run("review", *pair, "--reviewed", state, "--accept-all")
    assert (code, err) == (0, "") and out == f"5 changes recorded in {state}\n"


def test_accepted_changes_are_marked_or_hidden(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = str(tmp_path / "review.json")
    accept_all(pair, state)
    code, text, _ = run(*pair, "--reviewed", state, "--no-pager")
    assert "review: 5 accepted, 0 differs since accepted, 0 new" in text
    assert "~ 100.2  changed [substantive]  [accepted]" in text
    code, text, _ = run(*pair, "--reviewed", state, "--hide-reviewed", "--no-pager")
    assert "review: 5 accepted, 0 differs since accepted, 0 new; 5 accepted changes hidden" in text
    assert "no changes left to review" in text and "100.2" not in text.split("review:")[1]
    data = json.loads(run(*pair, "--reviewed", state, "--hide-reviewed", "-f", "json")[1])
    assert data["changes"] == [] and data["review"] == {
        "accepted": 5, "differs": 0, "new": 0, "hidden": 5, "note": "5 accepted changes hidden",
    }
    assert list(VALIDATOR.iter_errors(data)) == []
    _, md, _ = run(*pair, "--reviewed", state, "-f", "md")
    assert "**100.2** changed · substantive · ✓ accepted" in md
    _, html, _ = run(*pair, "--reviewed", state, "--hide-reviewed", "-f", "html")
    assert "5 accepted changes hidden" in html and "No changes left to review." in html


def test_a_change_that_differs_since_it_was_accepted_is_flagged(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = str(tmp_path / "review.json")
    accept_all(pair, state)
    draft = [(i, "Each keeper starts with five lanterns." if i == "100.2" else t) for i, t in NEW]
    draft.append(("101.3", "Ember is red."))
    later = write(tmp_path, "draft.txt", "")
    from helpers import layout

    Path(later).write_text(layout(draft), encoding="utf-8")
    code, text, _ = run(pair[0], later, "--reviewed", state, "--hide-reviewed", "--no-pager")
    assert "review: 4 accepted, 1 differs since accepted, 1 new; 4 accepted changes hidden" in text
    assert "~ 100.2  changed [substantive]  [differs since accepted]" in text
    assert "+ 101.3  added [substantive]" in text and "101.1" not in text.split("review:")[1]
    data = json.loads(run(pair[0], later, "--reviewed", state, "-f", "json")[1])
    marks = {(c["new"] or c["old"]): c["reviewed"] for c in data["changes"]}
    assert marks["100.2"] == "differs" and marks["101.3"] == "new" and marks["101.1"] == "accepted"
    # What changed since it was accepted, word by word, beside the change since OLD.
    assert "      since accepted: Each keeper starts with [-four-]{+five+} lanterns." in text
    _, md, _ = run(pair[0], later, "--reviewed", state, "-f", "md")
    assert "*Since accepted:* Each keeper starts with <del>four</del><ins>five</ins> lanterns." in md
    _, html, _ = run(pair[0], later, "--reviewed", state, "-f", "html")
    assert "<strong>Since accepted:</strong> Each keeper starts with <del>four</del><ins>five</ins>" in html
    # A state written before the text was recorded: flagged, no word diff (nothing to diff from).
    old_state = json.loads(Path(state).read_text(encoding="utf-8"))
    for entry in old_state["accepted"].values():
        entry.pop("text")
    Path(state).write_text(json.dumps(old_state), encoding="utf-8")
    code, text, _ = run(pair[0], later, "--reviewed", state, "--no-pager")
    assert "[differs since accepted]" in text and "since accepted:" not in text


def test_review_lists_and_accepts_by_id_for_scripts(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = str(tmp_path / "review.json")
    code, out, err = run("review", *pair, "--reviewed", state, "--list")
    assert code == 0 and err == "" and not Path(state).exists()
    listed = [line.split("\t") for line in out.splitlines()]
    assert ["new", "100.4 (removed)", "removed"] in listed and ["new", "100.2", "changed"] in listed
    assert len(listed) == 5
    code, out, err = run("review", *pair, "--reviewed", state, "--accept", "100.2", "--accept", "100.4 (removed)")
    assert (code, err, out) == (0, "", f"2 changes recorded in {state}\n")
    assert sorted(parse_reviewed(Path(state).read_text(encoding="utf-8"), state)) == ["100.2", "100.4 (removed)"]
    _, out, _ = run("review", *pair, "--reviewed", state, "--list")
    assert [line.split("\t")[1] for line in out.splitlines()] == ["100.3", "101.1", "101.2"]
    # An ID with no change: an error naming the form it probably means; nothing written.
    before = Path(state).read_text(encoding="utf-8")
    code, out, err = run("review", *pair, "--reviewed", state, "--accept", "100.4")
    assert code == 2 and err.startswith("Error: --accept 100.4: no change has this ID; did you mean '100.4 (removed)'?")
    assert Path(state).read_text(encoding="utf-8") == before
    code, _, err = run("review", *pair, "--reviewed", state, "--accept", "100.3", "--list")
    assert code == 2 and "give one of --accept, --list" in err


def test_hide_reviewed_needs_reviewed(pair: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli._status([*pair, "--hide-reviewed"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: --hide-reviewed needs --reviewed FILE") and len(err.splitlines()) == 1


def test_the_output_is_the_same_run_after_run(tmp_path: Path, pair: tuple[str, str]) -> None:
    notes = write(tmp_path, "notes.yaml", NOTES)
    state = str(tmp_path / "review.json")
    accept_all(pair, state)
    runs = {run(*pair, "--notes", notes, "--reviewed", state, "-f", fmt)[1] for fmt in ("json",) for _ in range(2)}
    assert len(runs) == 1


# --- ruldiff review ----------------------------------------------------------------


def test_review_refuses_without_a_terminal(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = tmp_path / "review.json"
    code, out, err = run("review", *pair, "--reviewed", str(state), input="a\n")
    assert code == 2 and out == "" and not state.exists()
    assert err == (
        "Error: review asks in the terminal, and standard input is not one; "
        "give --accept-all, --accept ID or --list\n"
    )


def test_review_session_accept_skip_note_quit(
    tmp_path: Path, pair: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_cli, "isatty", lambda stream: True)
    state = tmp_path / "review.json"
    code, out, err = run("review", *pair, "--reviewed", str(state), "--color", "never",
                         input="a\nx\ns\nn\nFour: games ran *short*.\nq\n")
    assert code == 0, err
    assert "[1/5]\n  ~ 100.2  changed [substantive]" in out
    assert out.endswith(f"2 changes recorded in {state}\n")
    saved = parse_reviewed(state.read_text(encoding="utf-8"), str(state))
    assert sorted(saved) == ["100.2", "100.4 (removed)"]  # a removed number, apart from its reuse
    assert saved["100.4 (removed)"].note == "Four: games ran *short*." and saved["100.2"].note == ""
    # The next session starts where this one stopped: what was accepted is not asked again.
    code, out, _ = run("review", *pair, "--reviewed", str(state), "--color", "never", input="q\n")
    assert "[1/3]" in out and "100.2" not in out
    # A note given in the review shows in the changelog.
    _, text, _ = run(*pair, "--reviewed", str(state), "--no-pager")
    assert "      note: Four: games ran *short*." in text


def test_review_end_of_input_keeps_what_was_recorded(
    tmp_path: Path, pair: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review_cli, "isatty", lambda stream: True)
    state = tmp_path / "review.json"
    code, _, _ = run("review", *pair, "--reviewed", str(state), input="a\n")
    assert code == 0 and list(parse_reviewed(state.read_text(encoding="utf-8"), "s")) == ["100.2"]


def test_review_never_writes_over_an_input(tmp_path: Path, pair: tuple[str, str]) -> None:
    before = Path(pair[1]).read_bytes()
    code, _, err = run("review", *pair, "--reviewed", pair[1], "--accept-all")
    assert code == 2 and "is an input of this command" in err and len(err.splitlines()) == 1
    assert Path(pair[1]).read_bytes() == before


def test_review_state_file_is_deterministic_and_keeps_its_mode(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = tmp_path / "review.json"
    accept_all(pair, str(state))
    first = state.read_bytes()
    os.chmod(state, 0o640)
    code, out, _ = run("review", *pair, "--reviewed", str(state), "--accept-all")
    assert code == 0 and out == f"0 changes recorded in {state}\n"
    assert state.read_bytes() == first and (state.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_with_a_review_state_every_change_has_note_and_reviewed(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = str(tmp_path / "review.json")
    accept_all(pair, state)
    data = json.loads(run(*pair, "--reviewed", state, "-f", "json")[1])
    assert all(c["note"] is None and c["reviewed"] == "accepted" for c in data["changes"])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_review_in_a_real_pseudo_terminal(tmp_path: Path, pair: tuple[str, str]) -> None:
    import pty
    import select
    import sys
    import time

    state = tmp_path / "review.json"
    pid, fd = pty.fork()
    if pid == 0:  # the child: ruldiff on the terminal's side
        try:
            os.environ["NO_COLOR"] = "1"
            os.execv(sys.executable, [sys.executable, "-m", "ruldiff", "review", *pair, "--reviewed", str(state)])
        finally:
            os._exit(127)  # never back into pytest
    seen = b""

    def until(token: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 30
        while token not in seen:
            assert time.monotonic() < deadline, seen.decode(errors="replace")
            if select.select([fd], [], [], 1)[0]:
                seen += os.read(fd, 4096)

    for answer in (b"a\n", b"n\n", b"Why.\n", b"q\n"):
        until(b"note (Markdown" if answer == b"Why.\n" else b"q quit: ")
        seen = seen.replace(b"q quit: ", b"", 1) if answer != b"Why.\n" else seen.replace(b"note (Markdown", b"", 1)
        os.write(fd, answer)
    until(b"recorded in")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    saved = parse_reviewed(state.read_text(encoding="utf-8"), str(state))
    assert sorted(saved) == ["100.2", "100.3"] and saved["100.3"].note == "Why."
