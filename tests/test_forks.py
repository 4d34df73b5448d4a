"""forks.py: a forked child never outlives the process that forked it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import Children

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the parent-death signal (prctl) is Linux's"
)

# A parent that forks a child sleeping for a minute, says the child's pid,
# then sleeps itself: it is then killed with SIGKILL, which no handler sees.
PARENT = """
import os, sys, time
from ruldiff.series.forks import fork
pid = fork()
if pid == 0:
    time.sleep(60)
    os._exit(0)
print(pid, flush=True)
time.sleep(60)
"""


def gone(pid: int, within: float) -> bool:
    """Whether process `pid` ends (or is a zombie) within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.02)
    return False


def test_a_child_dies_when_its_parent_is_killed_outright() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert not gone(child, 0.2)  # it is running, asleep
        parent.kill()
        parent.wait()
        assert gone(child, 5), "the child outlived its parent"
    finally:
        parent.kill()
        parent.wait()
        if not gone(child, 0):
            os.kill(child, signal.SIGKILL)  # not left behind when the test fails


def test_a_child_takes_back_the_default_stop_signals() -> None:
    # The command's handlers raise an exception to clean up; a child has
    # nothing to clean up and dies of the signal at once.
    script = """
import os, signal, time
from ruldiff.series.forks import fork
signal.signal(signal.SIGTERM, lambda *a: None)
signal.signal(signal.SIGINT, signal.SIG_IGN)
pid = fork()
# Held while forking, then released in both processes.
unblocked = not {signal.SIGINT, signal.SIGTERM} & signal.pthread_sigmask(signal.SIG_BLOCK, [])
if pid == 0:
    ok = signal.getsignal(signal.SIGTERM) == signal.SIG_DFL and signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    os._exit(0 if ok and unblocked else 1)
print(os.waitpid(pid, 0)[1], unblocked)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["0", "True"], done.stderr


def test_the_children_fixture_sees_a_child_nobody_waited_for(children: Children) -> None:
    from ruldiff.series.forks import fork

    pid = fork()
    if pid == 0:
        os._exit(0)
    assert children.pids == [pid]
    assert children.unreaped() == [pid]  # running, or a zombie (reaped by the look)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass  # it was the zombie
    assert children.unreaped() == []
