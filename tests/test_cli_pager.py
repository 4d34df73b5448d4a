"""cli.py and pager.py: a pager on a terminal, as git runs one.

Only when standard output is a terminal (a pseudo-terminal here), no ``-o``
and no ``--no-pager``; ``RULDIFF_PAGER``, then ``PAGER``, then ``less``;
``LESS=FRX`` unless set. Ctrl-C while paging waits for the pager, then
exits 130.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import PAIR_NEW, PAIR_OLD, RULDIFF, write_pair

OLD, NEW = PAIR_OLD, PAIR_NEW


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    old, new = write_pair(tmp_path, OLD, NEW)
    return str(old), str(new)


@pytest.fixture
def pager(tmp_path: Path) -> tuple[str, Path]:
    """A pager that records its input and the LESS it was given."""
    log = tmp_path / "paged.txt"
    script = tmp_path / "pager.sh"
    script.write_text(f'#!/bin/sh\necho "LESS=$LESS" > {log}\ncat >> {log}\n', encoding="utf-8")
    script.chmod(0o755)
    return str(script), log


def on_a_terminal(args: list[str], env: dict[str, str], stdin: int | None = None) -> tuple[int, bytes, str]:
    """Run the command with its standard output on a pseudo-terminal: its
    exit status, what reached the terminal, and its stderr."""
    main, other = pty.openpty()
    process = subprocess.Popen([*RULDIFF, *args], stdin=stdin if stdin is not None else subprocess.DEVNULL,
                               stdout=other, stderr=subprocess.PIPE, env=env)
    os.close(other)
    shown = b""
    try:
        while True:
            ready, _, _ = select.select([main], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: the terminal's last writer has gone
                break
            if not chunk:
                break
            shown += chunk
        assert process.stderr is not None
        err = process.stderr.read().decode()
        status = process.wait(30)
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
            process.wait()
    return status, shown, err


def environ(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PAGER", "RULDIFF_PAGER", "LESS")}
    env.update(values)
    return env


def test_a_terminal_gets_the_pager_with_less_frx(files: tuple[str, str], pager: tuple[str, Path]) -> None:
    command, log = pager
    status, shown, err = on_a_terminal([*files, "--color", "never", "--exit-code"], environ(PAGER=command))
    assert (status, err) == (1, "")  # --exit-code still says what it found
    paged = log.read_text(encoding="utf-8")
    assert paged.startswith("LESS=FRX\nTest Game Rules (2024-05-01) -> Test Game Rules (2024-05-01)\n")
    assert b"Test Game Rules" not in shown  # it went to the pager, not around it


def test_ruldiff_pager_wins_and_less_as_set_is_kept(files: tuple[str, str], pager: tuple[str, Path]) -> None:
    command, log = pager
    status, _, _ = on_a_terminal(list(files), environ(PAGER="false", RULDIFF_PAGER=command, LESS="-S"))
    assert status == 0 and log.read_text(encoding="utf-8").startswith("LESS=-S\n")


@pytest.mark.parametrize("how", ["--no-pager", "-o -", "PAGER=cat", "PAGER="])
def test_no_pager_when_told(files: tuple[str, str], pager: tuple[str, Path], how: str) -> None:
    command, log = pager
    args, env = list(files), environ(PAGER=command)
    if how.startswith("-"):
        args += how.split()
    else:
        env["PAGER"] = how.split("=", 1)[1]
    status, shown, err = on_a_terminal(args, env)
    assert (status, err) == (0, "")
    assert not log.exists() and b"Test Game Rules" in shown


def test_no_pager_when_output_is_not_a_terminal(files: tuple[str, str], pager: tuple[str, Path], tmp_path: Path) -> None:
    command, log = pager
    done = subprocess.run([*RULDIFF, *files], capture_output=True, env=environ(PAGER=command), timeout=60)
    assert done.returncode == 0 and done.stdout.startswith(b"Test Game Rules") and not log.exists()
    out = tmp_path / "out.txt"
    status, shown, _ = on_a_terminal([*files, "-o", str(out)], environ(PAGER=command))
    assert status == 0 and shown == b"" and not log.exists() and out.is_file()


def test_parse_is_paged_too(files: tuple[str, str], pager: tuple[str, Path]) -> None:
    command, log = pager
    status, _, _ = on_a_terminal(["parse", files[0], "-f", "text"], environ(PAGER=command))
    assert status == 0 and "Test Game Rules (2024-05-01), profile mtg-cr" in log.read_text(encoding="utf-8")


def test_errors_are_never_paged(files: tuple[str, str], pager: tuple[str, Path], tmp_path: Path) -> None:
    command, log = pager
    status, shown, err = on_a_terminal([files[0], str(tmp_path / "missing.txt")], environ(PAGER=command))
    assert (status, shown) == (2, b"") and err == f"Error: {tmp_path / 'missing.txt'}: no such file\n"
    assert not log.exists()


def test_a_pager_that_cannot_start_is_a_warning_and_the_text_still_shows(files: tuple[str, str], tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-pager")
    status, shown, err = on_a_terminal(list(files), environ(PAGER=missing))
    assert status == 0 and b"Test Game Rules" in shown
    assert err == f"warning: cannot run pager '{missing}': No such file or directory; writing to the terminal " \
        "(set PAGER, or give --no-pager)\n"


def test_a_pager_quit_early_is_a_normal_end(tmp_path: Path) -> None:
    # `q` in less before the end: the pager closes its input; no error, no traceback.
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("".join(f"100.{n}. Rule {n} says {n} things.\n" for n in range(1, 2001)), encoding="utf-8")
    new.write_text("".join(f"100.{n}. Rule {n} says {n + 1} things.\n" for n in range(1, 2001)), encoding="utf-8")
    status, _, err = on_a_terminal([str(old), str(new), "-f", "json"], environ(PAGER="head -c 10 >/dev/null"))
    assert (status, err) == (0, "")


def test_ctrl_c_while_paging_waits_for_the_pager_then_exits_130(files: tuple[str, str], tmp_path: Path) -> None:
    started, ended = tmp_path / "started", tmp_path / "ended"
    script = tmp_path / "slow-pager.sh"
    # The pager ignores SIGINT, as less does, and takes its time.
    script.write_text(f"#!/bin/sh\ntrap '' INT\ncat > /dev/null\ntouch {started}\nsleep 1\ntouch {ended}\n",
                      encoding="utf-8")
    script.chmod(0o755)
    main, other = pty.openpty()
    process = subprocess.Popen([*RULDIFF, *files], stdin=subprocess.DEVNULL, stdout=other, stderr=subprocess.PIPE,
                               env=environ(PAGER=str(script)))
    os.close(other)
    try:
        deadline = time.monotonic() + 30
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started.exists()
        process.send_signal(signal.SIGINT)
        status = process.wait(30)
        assert process.stderr is not None
        assert (status, process.stderr.read()) == (130, b"")
        assert ended.exists(), "the command ended before its pager"
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
            process.wait()


def test_stdin_piped_in_and_the_terminal_paged(files: tuple[str, str], pager: tuple[str, Path]) -> None:
    command, log = pager
    with open(files[1], "rb") as new:
        status, _, _ = on_a_terminal([files[0], "-", "--color", "never"], environ(PAGER=command), stdin=new.fileno())
    assert status == 0 and "+++ <stdin>:" in log.read_text(encoding="utf-8")


def test_the_default_less_missing_writes_straight_and_says_nothing(files: tuple[str, str], tmp_path: Path) -> None:
    status, shown, err = on_a_terminal(list(files), environ(PATH=str(tmp_path)))  # no less on this PATH
    assert (status, err) == (0, "") and b"Test Game Rules" in shown


def test_less_and_lv_are_told_to_show_colours_unless_the_user_set_them(tmp_path: Path) -> None:
    from ruldiff.outputs.pager import page

    seen = tmp_path / "env.txt"
    command = f"cat > /dev/null; printf '%s|%s' \"$LESS\" \"$LV\" > {seen}"
    page(b"text\n", command, {"PATH": os.environ.get("PATH", "")})
    assert seen.read_text(encoding="utf-8") == "FRX|-c"
    page(b"text\n", command, {"PATH": os.environ.get("PATH", ""), "LESS": "S", "LV": "-a"})
    assert seen.read_text(encoding="utf-8") == "S|-a"
