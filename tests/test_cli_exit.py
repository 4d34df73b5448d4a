"""cli.py: exit statuses and messages CI can trust.

0 / 1 (changes under --exit-code) / 2 (any error, one line on stderr, usage
errors included), 130 on SIGINT and 143 on SIGTERM with nothing left behind,
and a quiet end, as git's, when the reader of the output goes away. The
command runs as a process here: signals, pipes and the final flush are the
process's.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import layout, write_pair

from ruldiff.cli import main as cli
from ruldiff.diff import pipeline

OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
NEW = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw a card.")])
RULDIFF = [sys.executable, "-m", "ruldiff"]


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    old, new = write_pair(tmp_path, OLD, NEW)
    return str(old), str(new)


@pytest.fixture
def long_pair(tmp_path: Path) -> tuple[str, str]:
    """Two invented documents whose changelog (some 300 kB of JSON) is many
    times what a pipe holds."""
    old, new = tmp_path / "long-old.txt", tmp_path / "long-new.txt"
    old.write_text("".join(f"100.{n}. Rule {n} says {n} things.\n" for n in range(1, 2001)), encoding="utf-8")
    new.write_text("".join(f"100.{n}. Rule {n} says {n + 1} things.\n" for n in range(1, 2001)), encoding="utf-8")
    return str(old), str(new)


def ruldiff(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULDIFF, *args], capture_output=True, text=True, timeout=60, **kw)  # type: ignore[call-overload, no-any-return]


def assert_one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0]


@pytest.mark.parametrize(
    "args, message",
    [
        (["{old}", "{new}", "--bogus"], "Error: No such option '--bogus'"),
        (["{old}"], "Error: Missing argument 'NEW'."),
        (["{old}", "{new}", "-f", "pdf"], "Error: Invalid value for '-f' / '--format': 'pdf' is not one of"),
        (["{old}", "{new}", "-j", "0"], "Error: Invalid value for '-j' / '--jobs'"),
        (["parse", "{old}", "-f", "xml"], "Error: Invalid value for '-f' / '--format': 'xml' is not one of"),
        ([], "Error: no documents given: ruldiff OLD NEW"),
    ],
)
def test_usage_errors_are_one_line(files: tuple[str, str], args: list[str], message: str) -> None:
    old, new = files
    line = assert_one_line_error(ruldiff(*(a.format(old=old, new=new) for a in args)))
    assert line.startswith(message)
    command = "ruldiff" if not args else "ruldiff parse" if args[0] == "parse" else "ruldiff diff"
    assert line.endswith(f" (see '{command} --help')")


def test_help_and_version_still_exit_0(files: tuple[str, str]) -> None:
    assert ruldiff("--help").returncode == 0
    done = ruldiff("--version")
    assert done.returncode == 0 and done.stdout.startswith("ruldiff, version")


def test_exit_statuses_0_1_2(files: tuple[str, str], tmp_path: Path) -> None:
    old, new = files
    assert ruldiff(old, new).returncode == 0
    assert ruldiff(old, new, "--exit-code").returncode == 1
    assert ruldiff(old, old, "--exit-code").returncode == 0
    assert_one_line_error(ruldiff(old, str(tmp_path / "missing.txt"), "--exit-code"))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_stdout_is_a_one_line_error(files: tuple[str, str]) -> None:
    for args in (files, ("parse", files[0]), ("--help",)):
        with open("/dev/full", "w") as full:
            done = subprocess.run([*RULDIFF, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr == "Error: standard output: cannot write: No space left on device\n"


def test_a_closed_stdout_or_stderr_still_gives_the_status(files: tuple[str, str], tmp_path: Path) -> None:
    # `ruldiff a b >&-` and `ruldiff a missing 2>&-`: Python starts with no
    # sys.stdout / sys.stderr at all.
    closed_out = subprocess.run([*RULDIFF, *files], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                close_fds=True, preexec_fn=lambda: os.close(1), timeout=60)
    assert (closed_out.returncode, closed_out.stderr) == (2, "Error: standard output: cannot write: it is closed\n")
    out = tmp_path / "out.txt"
    written = subprocess.run([*RULDIFF, *files, "-o", str(out)], preexec_fn=lambda: os.close(1), timeout=60)
    assert written.returncode == 0 and out.read_text(encoding="utf-8").startswith("Test Game Rules")
    missing = str(tmp_path / "missing.txt")
    for args, status in (([files[0], missing], 2), ([*files, "--exit-code"], 1), (list(files), 0)):
        done = subprocess.run([*RULDIFF, *args], stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(2), timeout=60)
        assert done.returncode == status, args


@pytest.mark.parametrize("unbuffered", ["", "1"], ids=["buffered", "PYTHONUNBUFFERED"])
def test_a_closed_pipe_is_a_quiet_end_as_in_git(long_pair: tuple[str, str], unbuffered: str) -> None:
    # `ruldiff a b | head -1`: git ends killed by SIGPIPE, which the shell
    # shows as 141 and does not report; so does ruldiff, with nothing on stderr.
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    reader = subprocess.Popen([*RULDIFF, *long_pair, "-f", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert reader.stdout is not None and reader.stderr is not None
    first = reader.stdout.readline()
    reader.stdout.close()
    status = reader.wait(60)
    assert first == b"{\n"
    assert reader.stderr.read() == b""
    assert status == -signal.SIGPIPE


def test_a_bug_is_still_one_line_and_status_2(
    files: tuple[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kw: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(pipeline, "compare", broken)  # the command imports it when it compares
    assert cli._status([*files, "-j", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "Error: internal error: ZeroDivisionError: division by zero (please report it)\n"


# --- signals, on a real pair that takes a few seconds ---------------------


def children_of(pid: int) -> set[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry))
    return found


def cpu_and_state(pid: int) -> tuple[float, str]:
    """The CPU seconds (user + system) a process has used, and its state
    (R running, S sleeping...), from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), fields[0]


def reading_a_pipe(pid: int, state: str) -> bool:
    """Whether the process sleeps in a read of a pipe: its kernel wait channel
    names a pipe where /proc shows it, else its state is S (sleeping)."""
    try:
        with open(f"/proc/{pid}/wchan", encoding="ascii", errors="replace") as f:
            channel = f.read().strip()
    except OSError:
        channel = ""
    return "pipe" in channel if channel not in ("", "0") else state == "S"


def start_and_signal(
    args: list[str], signum: int, cpu: float, *, blocked: bool = False
) -> tuple[int, str, set[int]]:
    """Start the command, wait until it is mid-run: `cpu` seconds of CPU used
    (its imports take ~0.1-0.3 s here) or, with `blocked`, asleep reading its
    standard input, a pipe this test never writes to; send `signum`; its exit
    status, stderr, and the child processes seen."""
    process = subprocess.Popen(
        [*RULDIFF, *args], stdin=subprocess.PIPE if blocked else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 30
        used, state = 0.0, "R"
        def mid_run() -> bool:
            return reading_a_pipe(process.pid, state) if blocked else used >= cpu

        while not mid_run() and process.poll() is None and time.monotonic() < deadline:
            seen |= children_of(process.pid)
            used, state = cpu_and_state(process.pid)
            time.sleep(0.005)
        assert process.poll() is None, f"the command ended before it had used {cpu} s of CPU"
        assert mid_run(), "the command was never seen mid-run"
        process.send_signal(signum)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, err, seen


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="the test reads the command's CPU time and children in /proc")


def assert_interrupted_cleanly(old: Path, new: Path, out_dir: Path, signum: int) -> None:
    """Signal a comparison mid-run (given -j 3): 128 + the signal, nothing
    on stderr, no file left, no child left running (a word-diff worker is
    killed and reaped)."""
    out = out_dir / "changes.html"
    status, err, seen = start_and_signal([str(old), str(new), "-f", "html", "-o", str(out), "-j", "3"], signum, 0.6)
    assert (status, err) == (128 + signum, "")
    assert not out.exists() and list(out_dir.iterdir()) == []
    time.sleep(0.05)
    assert not [pid for pid in seen if os.path.exists(f"/proc/{pid}")], "a child process outlived the command"


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_run_ends_with_128_plus_it_and_leaves_nothing(corpora: Path, tmp_path: Path, signum: int) -> None:
    mtg = corpora / "mtg"
    assert_interrupted_cleanly(mtg / "2009-10-01.txt", mtg / "2026-01-16.txt", tmp_path, signum)


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_run_on_invented_documents(tmp_path: Path, signum: int) -> None:
    # The same without the real corpora: 10,000 invented rules, half of them
    # edited, take about 1.2 s of CPU (4,000 took 0.6 s once the
    # start got faster: the command could end before the signal).
    words = "draw card shell pool tide keeper ember glyph turn phase player lantern vault".split()
    pick = random.Random(13).choice
    old = [f"100.{n}. " + " ".join(pick(words) for _ in range(40)) for n in range(1, 10001)]
    new = [line + " and " + pick(words) if n % 2 else line for n, line in enumerate(old)]
    (tmp_path / "in").mkdir()
    (tmp_path / "out").mkdir()
    pair = tmp_path / "in" / "old.txt", tmp_path / "in" / "new.txt"
    for path, lines in zip(pair, (old, new)):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_interrupted_cleanly(*pair, tmp_path / "out", signum)


@needs_proc
def test_a_ctrl_c_under_exit_code_on_identical_files_is_130_not_1(corpora: Path) -> None:
    # The new one is read from standard input, which stays open: the
    # command waits there, mid-run, until the signal.
    same = corpora / "mtg" / "2026-01-16.txt"
    status, err, _ = start_and_signal([str(same), "-", "--exit-code", "-j", "2"], signal.SIGINT, 0, blocked=True)
    assert (status, err) == (130, "")


# --- --exit-code in pipelines ----------------------------------------------


def sh(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`script` in bash with pipefail, `ruldiff` standing for this package's command."""
    command = " ".join(RULDIFF)
    return subprocess.run(["bash", "-c", f"set -o pipefail\nruldiff() {{ {command} \"$@\"; }}\n{script}"],
                          capture_output=True, text=True, timeout=120, env={**os.environ, **env})


def test_exit_code_through_a_pipe_reaches_pipefail_and_the_output_is_whole(files: tuple[str, str]) -> None:
    old, new = files
    done = sh(f'ruldiff {old} {new} --exit-code -f json | python3 -c "import json,sys; '
              f'print(len(json.load(sys.stdin)[\'changes\']))"; echo "status ${{PIPESTATUS[0]}}"')
    assert done.stdout == "3\nstatus 1\n" and done.stderr == ""  # 100.1 added and removed, one renumbered


def test_exit_code_in_shell_conditions(files: tuple[str, str], tmp_path: Path) -> None:
    old, new = files
    out = tmp_path / "changes.md"
    done = sh(
        f"if ruldiff {old} {old} --exit-code > /dev/null; then echo same; fi\n"
        f"ruldiff {old} {new} --exit-code -f md -o {out} || echo \"changed: $?\"\n"
        f"ruldiff {old} {tmp_path}/missing.txt --exit-code; echo \"error: $?\"\n"
        f"ruldiff {old} - --exit-code --stat < {new} > /dev/null; echo \"stat from stdin: $?\"\n"
    )
    assert done.stdout == "same\nchanged: 1\nerror: 2\nstat from stdin: 1\n"
    assert done.stderr == f"Error: {tmp_path}/missing.txt: no such file\n"  # only the error says anything
    assert out.read_text(encoding="utf-8").startswith("# Changes from")  # written whole, then status 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["{old}", "{new}", "--stat", "-f", "json"],
         "Error: --stat is a summary in text; it does not combine with --format json (see 'ruldiff diff --help')"),
        (["{old}", "{new}", "--stat", "--style", "bulletin", "--max-chars", "100"],
         "Error: --stat is a summary in text; it does not combine with --style bulletin, --max-chars "
         "(see 'ruldiff diff --help')"),
        (["{old}", "{new}", "-f", "json", "--max-chars", "comment"],
         "Error: --format json is the data, not a page; it does not combine with --max-chars "
         "(see 'ruldiff diff --help')"),
        (["-", "-"], "Error: OLD and NEW cannot both be standard input ('-'); give one of them as a file "
                     "(see 'ruldiff diff --help')"),
        (["schema", "extra"], "Error: Got unexpected extra argument (extra) (see 'ruldiff schema --help')"),
        (["schema", "-o", "{dir}"], "Error: {dir}: is a directory (give a file name)"),
        (["-", "{old}", "--max-size", "10"], "Error: <stdin>: larger than the 10 bytes allowed "
                                             "(give --max-size to read larger files)"),
    ],
    ids=["stat-with-json", "stat-with-layout", "json-with-a-cap", "stdin-twice", "schema-extra", "schema-to-a-directory", "stdin-too-large"],
)
def test_errors_of_this_releases_options_are_one_line(
    files: tuple[str, str], tmp_path: Path, args: list[str], message: str
) -> None:
    old, new = files
    with open(new, "rb") as stdin:
        done = ruldiff(*(a.format(old=old, new=new, dir=tmp_path) for a in args), stdin=stdin)
    assert assert_one_line_error(done) == message.format(dir=tmp_path)
