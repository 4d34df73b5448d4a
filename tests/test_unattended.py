"""Safe to run unattended, round two: what a user sees on hostile input.

Each input here made ruldiff run for minutes, take gigabytes, hang, write
something it should not, or end in "internal error" (issue "Safe to run
unattended, round two", items 7-24). The command runs as a process, under a
2 GB address-space limit and a 60 s timeout, so that a regression fails
the test rather than the machine; each case asserts the exit status, the one
line on stderr and, where a file is involved, that it is left as it was.
Time bounds are generous (each case takes well under 2 s now).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import layout, write_pair

RULDIFF = [sys.executable, "-m", "ruldiff"]
BOUND = 20.0  # seconds; the old code took minutes on each input, or never ended
MEMORY = 2_000_000_000  # bytes of address space the process may map

OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
NEW = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw a card.")])


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def ruldiff(*args: str, cwd: Path | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    """The command run as a process: bounded in memory and time."""
    start = time.monotonic()
    done = subprocess.run(  # type: ignore[call-overload]
        [*RULDIFF, *args], capture_output=True, text=True, timeout=60, preexec_fn=_limit, cwd=cwd,
        errors="backslashreplace", **kw,
    )
    assert time.monotonic() - start < BOUND, f"took {time.monotonic() - start:.1f} s"
    return done  # type: ignore[no-any-return]


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    """The one ``Error:`` line of a command that failed as documented."""
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0]


@pytest.fixture
def pair(tmp_path: Path) -> tuple[str, str]:
    old, new = write_pair(tmp_path, OLD, NEW)
    return str(old), str(new)


# --- 7: YAML aliases ----------------------------------------------------------------


def alias_bomb() -> str:
    """Nine levels of nine aliases in 1 KB: 9^9 values once expanded."""
    parts = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    parts += [f"&a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 9)]
    return "[" + ", ".join(parts) + "]"


@pytest.mark.parametrize(
    "option, text",
    [
        ("config", "order: {bomb}\n"),
        ("config-profile", "profile: {bomb}\n"),
        ("--notes", "'100.1': {bomb}\n"),
        ("--overrides", "- old: {bomb}\n"),
        ("--profile", "name: {bomb}\n"),
        ("check --config", "order: {bomb}\n"),
    ],
)
def test_yaml_aliases_are_refused_in_every_file(tmp_path: Path, pair: tuple[str, str], option: str, text: str) -> None:
    path = tmp_path / ("ruldiff.yaml" if option.startswith("config") else "editor.yaml")
    path.write_text(text.format(bomb=alias_bomb()), encoding="utf-8")
    if option.startswith("config"):
        done = ruldiff("trace", "100.1", *pair, cwd=tmp_path)
    elif option == "check --config":
        done = ruldiff("check", pair[1], "--config", str(path))
    else:
        done = ruldiff(*pair, option, str(path))
    line = one_error(done)
    assert f"{path.name}:1: " in line and "aliases (*name) are not allowed" in line, line


def test_a_wrong_config_value_is_shown_briefly(tmp_path: Path, pair: tuple[str, str]) -> None:
    (tmp_path / "ruldiff.yaml").write_text("order: [[" + ", ".join(["abcdef"] * 10_000) + "]]\n", encoding="utf-8")
    line = one_error(ruldiff("trace", "100.1", *pair, cwd=tmp_path))
    assert "order: expected a list of file names, not [[" in line and len(line) < 200, line


# --- 12: editors' files go through the checks of documents ---------------------------


EDITOR_OPTIONS = ["--notes", "--overrides", "--reviewed", "--profile", "check --config", "config"]


def run_with_editor_file(option: str, path: str, pair: tuple[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    if option == "check --config":
        return ruldiff("check", pair[1], "--config", path)
    if option == "config":  # ruldiff.yaml as a link to it
        (cwd / "ruldiff.yaml").symlink_to(path)
        return ruldiff("trace", "100.1", *pair, cwd=cwd)
    return ruldiff(*pair, option, path)


@pytest.mark.parametrize("option", EDITOR_OPTIONS)
@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_editor_files_must_be_regular_files(tmp_path: Path, pair: tuple[str, str], option: str, device: str) -> None:
    if device == "fifo":
        device = str(tmp_path / "fifo")
        os.mkfifo(device)
    line = one_error(run_with_editor_file(option, device, pair, tmp_path))
    assert "is not a regular file" in line, line


@pytest.mark.parametrize("option", [o for o in EDITOR_OPTIONS if o != "--reviewed"])
def test_editor_files_are_capped_in_size(tmp_path: Path, pair: tuple[str, str], option: str) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (4 * 2**20) + b"\n")
    line = one_error(run_with_editor_file(option, str(big), pair, tmp_path))
    assert line.endswith(": larger than the 4 MiB an editor's file may be"), line


def test_a_review_state_too_large_is_refused_and_kept(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = tmp_path / "review.json"
    state.write_bytes(b" " * (4 * 2**20 + 1))
    before = state.read_bytes()
    line = one_error(ruldiff("review", *pair, "--reviewed", str(state), "--accept-all"))
    assert "larger than the 4 MiB" in line and state.read_bytes() == before


# --- 17: a cause, not "internal error" ----------------------------------------------


def test_a_nul_in_the_config_is_a_located_error(tmp_path: Path, pair: tuple[str, str]) -> None:
    (tmp_path / "ruldiff.yaml").write_bytes(b"order: [a.txt]\nprofile: a\x00b\n")
    line = one_error(ruldiff("trace", "100.1", *pair, cwd=tmp_path))
    assert line.startswith("Error: ruldiff.yaml:2: cannot read: not valid YAML: unacceptable character #x0000"), line


@pytest.mark.parametrize("size", ["99999999999999999999G", "2000G", "9" * 400])
def test_an_absurd_max_size_is_a_usage_error(pair: tuple[str, str], size: str) -> None:
    line = one_error(ruldiff(*pair, "--max-size", size))
    assert "Invalid value for '--max-size'" in line and len(line) < 200, line


def test_a_review_state_nested_deep_is_refused_and_kept(tmp_path: Path, pair: tuple[str, str]) -> None:
    state = tmp_path / "review.json"
    state.write_text('{"ruldiff_reviewed": 1, "accepted": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    before = state.read_bytes()
    assert one_error(ruldiff(*pair, "--reviewed", str(state))) == f"Error: {state}: not a review state file: nested too deeply"
    one_error(ruldiff("review", *pair, "--reviewed", str(state), "--accept-all"))
    assert state.read_bytes() == before


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_a_lone_surrogate_in_a_note_is_a_located_error(tmp_path: Path, pair: tuple[str, str], fmt: str) -> None:
    notes = tmp_path / "notes.yaml"
    notes.write_text('"100.1": Fine.\n"100.2": "bad \\ud800 note"\n', encoding="utf-8")
    line = one_error(ruldiff(*pair, "--notes", str(notes), "-f", fmt))
    assert line.startswith(f"Error: {notes}:2: a lone surrogate"), line


def test_out_of_memory_is_one_line_with_a_cause(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from ruldiff.cli import main as cli

    def exhausted(*args: object, **kw: object) -> None:
        raise MemoryError

    monkeypatch.setattr(cli.main, "main", exhausted)
    assert cli._status(["a", "b"]) == 2
    assert capsys.readouterr().err == (
        "Error: out of memory: the inputs need more than this process may take (see docs/limits.md)\n"
    )


# --- 13: link schemes as a renderer reads them ---------------------------------------


@pytest.mark.parametrize(
    "url",
    ["javascript&colon;alert%281%29", "javascript&#58;alert%281%29", "javascript&#x3A;x", "javascript%3Ax",
     "jav&Tab;ascript:x", "java\\script:x", "javascript&amp;colon;x", "\u200bjavascript:x", "JAVASCRIPT&#x3a;x",
     "data&colon;text/html,x", "javascript%253Ax"],
)
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_disguised_script_link_stays_text(tmp_path: Path, pair: tuple[str, str], url: str, fmt: str) -> None:
    notes = tmp_path / "notes.yaml"
    notes.write_text(f"'100.1': 'See [docs]({url}).'\n", encoding="utf-8")
    done = ruldiff(*pair, "--notes", str(notes), "-f", fmt)
    assert done.returncode == 0, done.stderr
    assert "docs" in done.stdout
    assert ">docs</a>" not in done.stdout and "[docs](<" not in done.stdout


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_plain_links_still_work(tmp_path: Path, pair: tuple[str, str], fmt: str) -> None:
    notes = tmp_path / "notes.yaml"
    notes.write_text("'100.1': 'See [docs](https://example.org/a%20b) and [rule](#new-100.2).'\n", encoding="utf-8")
    done = ruldiff(*pair, "--notes", str(notes), "-f", fmt)
    assert ("[docs](<https://example.org/a%20b>)" if fmt == "md" else '<a href="https://example.org/a%20b">docs</a>') in done.stdout


# --- 20: the file a message names -----------------------------------------------------


def test_a_profile_path_too_long_is_named(pair: tuple[str, str]) -> None:
    long = "p" * 5000 + ".yaml"
    assert one_error(ruldiff(*pair, "--profile", long)) == f"Error: {long}: file name too long"


def test_a_profile_path_through_a_file_is_named(pair: tuple[str, str]) -> None:
    assert one_error(ruldiff(*pair, "--profile", pair[0] + "/p.yaml")) == f"Error: {pair[0]}/p.yaml: not a directory"


# --- 21: -o /dev/stdout into a closed pipe -------------------------------------------------


@pytest.mark.parametrize("output", [[], ["-o", "/dev/stdout"], ["-o", "-"]])
def test_a_closed_pipe_ends_quietly_with_or_without_o(pair: tuple[str, str], output: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([*RULDIFF, *pair, *output], stdout=write, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write)
    assert done.returncode == -13 and done.stderr == b""  # killed by SIGPIPE, as git is: the shell shows 141


# --- 22: a --max-chars too small ------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["md", "html", "text"])
def test_a_cap_too_small_is_an_error_naming_the_smallest_that_works(tmp_path: Path, pair: tuple[str, str], fmt: str) -> None:
    out = tmp_path / "out"
    out.write_text("kept\n", encoding="utf-8")
    line = one_error(ruldiff(*pair, "-f", fmt, "--max-chars", "1", "-o", str(out)))
    assert out.read_text(encoding="utf-8") == "kept\n"
    assert line.startswith("Error: --max-chars 1 is too small: "), line
    smallest = int(line.rsplit("give --max-chars ", 1)[1].split()[0])
    done = ruldiff(*pair, "-f", fmt, "--max-chars", str(smallest))
    assert done.returncode == 0 and done.stderr == "" and 0 < len(done.stdout.encode()) <= smallest
    one_error(ruldiff(*pair, "-f", fmt, "--max-chars", str(smallest - 1)))


# --- 15: two review sessions on one state file -----------------------------------------------


def test_concurrent_review_sessions_keep_every_entry(tmp_path: Path) -> None:
    rules = [("1", "Basics"), ("100", "General")] + [(f"100.{n}.", f"Rule {n} says one thing.") for n in range(1, 9)]
    old = tmp_path / "old.txt"
    old.write_text(layout(rules), encoding="utf-8")
    state = tmp_path / "review.json"
    sessions = []
    for n in range(1, 9):  # session n accepts the one change of its draft: 100.n
        draft = tmp_path / f"draft-{n}.txt"
        draft.write_text(layout([(i, t.replace(f"Rule {n} says one", f"Rule {n} says another")) for i, t in rules]), encoding="utf-8")
        sessions.append(subprocess.Popen(
            [*RULDIFF, "review", str(old), str(draft), "--reviewed", str(state), "--accept-all"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_limit,
        ))
    for session in sessions:
        out, err = session.communicate(timeout=60)
        assert session.returncode == 0 and err == "" and out.startswith("1 change recorded in "), (out, err)
    import json

    accepted = json.loads(state.read_text(encoding="utf-8"))["accepted"]
    assert sorted(accepted) == [f"100.{n}" for n in range(1, 9)]


# --- 18, 24: control and bidi characters --------------------------------------------------


CONTROL = set(map(chr, (*range(0x20), 0x7F, *range(0x80, 0xA0)))) - {"\t", "\n"}
BIDI_CHARS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def raw_controls(text: str) -> set[str]:
    return set(text) & (CONTROL | BIDI_CHARS)


def test_controls_in_a_note_are_escaped_in_terminal_text(tmp_path: Path, pair: tuple[str, str]) -> None:
    notes = tmp_path / "notes.yaml"
    notes.write_text('"100.1": "esc \\e]0;pwned\\a nul \\0 csi \\x9b31m rlo \\u202eevil"\n', encoding="utf-8")
    for color in ("never", "always"):
        done = ruldiff(*pair, "--notes", str(notes), "--color", color)
        assert done.returncode == 0, done.stderr
        body = done.stdout.replace("\x1b[", "") if color == "always" else done.stdout  # ruldiff's own colours
        assert raw_controls(body) == set(), raw_controls(body)
        assert "esc \\x1b]0;pwned\\x07 nul \\x00 csi \\x9b31m rlo \\u202eevil" in done.stdout


def test_a_newline_in_a_file_name_cannot_fake_an_error_line(tmp_path: Path, pair: tuple[str, str]) -> None:
    fake = tmp_path / "evil\nError: all is well"
    fake.mkdir()
    line = one_error(ruldiff(pair[0], str(fake / "x.txt")))
    assert "evil\\nError: all is well/x.txt" in line, line


def test_controls_in_a_file_name_are_escaped_in_warnings(tmp_path: Path, pair: tuple[str, str]) -> None:
    odd = tmp_path / "new\x1b]0;pwned\x07\nwarning: fake.txt"
    odd.write_text(NEW.replace("May 1, 2024", "June 1, 2025"), encoding="utf-8")
    done = ruldiff(str(odd), pair[0])  # NEW older than OLD: a warning naming both
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: NEW ("), done.stderr
    assert "new\\x1b]0;pwned\\x07\\nwarning: fake.txt" in lines[0] and raw_controls(done.stderr) == set()


def bidi_pair(tmp_path: Path) -> tuple[str, str]:
    old = layout([("1", "Basics"), ("100", "General"), ("100.1.", "A player may draw.")])
    new = layout([("1", "Basics"), ("100", "General"), ("100.1.", "A player \u202etsum\u202c draw.")])
    old_path, new_path = write_pair(tmp_path, old, new)
    return str(old_path), str(new_path)


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_a_right_to_left_override_is_shown_not_obeyed(tmp_path: Path, fmt: str) -> None:
    done = ruldiff(*bidi_pair(tmp_path), "-f", fmt)
    assert done.returncode == 0, done.stderr
    assert raw_controls(done.stdout) == set()
    assert ("\\u202etsum\\u202c" if fmt == "text" else "⟨U+202E⟩tsum⟨U+202C⟩") in done.stdout


def test_json_keeps_the_characters_as_data(tmp_path: Path) -> None:
    import json

    done = ruldiff(*bidi_pair(tmp_path), "-f", "json")
    assert "\u202etsum\u202c" in json.dumps(json.loads(done.stdout), ensure_ascii=False)


# --- 8: what a user's template builds, in all -------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        # 40 lists of 60 M items, each under the limit of one value (the report's case: 7.9 GB in 4.5 s)
        "{% set ns = namespace(keep=[]) %}{% for i in range(40) %}"
        "{% set ns.keep = ns.keep + [[0] * 60000000] %}{% endfor %}{{ ns.keep|length }}",
        # strings kept by '~' and by {% set %} blocks
        '{% set ns = namespace(s="x" * 60000000, k=[]) %}{% for i in range(40) %}'
        "{% set a %}{{ ns.s }}{% endset %}{% set ns.k = ns.k + [a ~ i] %}{% endfor %}{{ ns.k|length }}",
        # macros' text
        '{% macro m() %}{{ "x" * 60000000 }}{% endmacro %}{% set ns = namespace(k=[]) %}'
        "{% for i in range(40) %}{% set ns.k = ns.k + [m()] %}{% endfor %}{{ ns.k|length }}",
    ],
)
def test_a_template_is_bounded_in_what_it_builds_in_all(tmp_path: Path, pair: tuple[str, str], template: str) -> None:
    path = tmp_path / "t.md.j2"
    path.write_text(template, encoding="utf-8")
    out = tmp_path / "out.md"
    line = one_error(ruldiff(*pair, "-f", "md", "--template", str(path), "-o", str(out)))
    assert line.startswith(f"Error: {path}:1: ") and "the template built more than 512 MiB in all" in line, line
    assert not out.exists()
