"""parallel.py: steps run in a forked helper, and the same answers without one."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ruldiff.parallel import Helper

PARENT = os.getpid()
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="helpers fork on Linux only")


def steps(get: Callable[[], Any]) -> Iterator[Any]:
    yield {"pid": os.getpid(), "doc": ("1.1", "rule", "Draw a card.", (), None, 3, ())}
    yield [get().upper(), get()[::-1]]


def run(helper: Helper) -> list[Any]:
    first = helper.next()
    helper.put("abc")
    helper.put("xyz")
    return [first["doc"], helper.next()]


EXPECTED = [("1.1", "rule", "Draw a card.", (), None, 3, ()), ["ABC", "zyx"]]


@linux_only
def test_steps_run_in_another_process_and_answer_as_they_would_here() -> None:
    with Helper(steps) as forked:
        assert forked.next()["pid"] != os.getpid()
    with Helper(steps) as forked, Helper(steps, fork=False) as local:
        assert run(forked) == run(local) == EXPECTED


@linux_only
def test_a_helper_that_fails_is_replaced_by_this_process() -> None:
    def fails_in_helper(get: Callable[[], Any]) -> Iterator[Any]:
        yield "loaded"
        if os.getpid() != PARENT:
            raise RuntimeError("only in the helper")
        yield get() * 2

    with Helper(fails_in_helper) as h:
        assert h.next() == "loaded"
        h.put(21)
        assert h.next() == 42


@linux_only
def test_a_helper_that_dies_is_replaced_by_this_process() -> None:
    def pid_then_double(get: Callable[[], Any]) -> Iterator[Any]:
        yield os.getpid()
        yield get() * 2

    with Helper(pid_then_double) as h:
        os.kill(h.next(), signal.SIGKILL)
        h.put(21)
        assert h.next() == 42


@linux_only
def test_an_answer_marshal_cannot_carry_is_computed_here() -> None:
    def unmarshalable(get: Callable[[], Any]) -> Iterator[Any]:
        yield object() if os.getpid() != PARENT else "plain"

    with Helper(unmarshalable) as h:
        assert h.next() == "plain"


@pytest.mark.parametrize("fork", [True, False])
def test_an_error_of_the_steps_is_raised_here_with_its_type(fork: bool) -> None:
    def broken(get: Callable[[], Any]) -> Iterator[Any]:
        raise ValueError(f"bad input {get()}")
        yield

    with Helper(broken, fork=fork) as h:
        h.put(7)
        with pytest.raises(ValueError, match="bad input 7"):
            h.next()


@linux_only
def test_no_process_is_left_behind() -> None:
    h = Helper(steps)
    pid = h.next()["pid"]
    h.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    h.close()  # twice is harmless


def test_what_the_diff_helper_sends_travels_whole() -> None:
    # The documents and the template context cross between the processes as
    # marshal data: anything marshal cannot carry would quietly cost the
    # helper (the main process would do the work again).
    import marshal
    from pathlib import Path

    from ruldiff.cli import load
    from ruldiff.compare import compare
    from ruldiff.model import Document
    from ruldiff.render import build_context

    sample = Path(__file__).resolve().parent.parent / "corpora"
    old, new = (load(str(p)) for p in sorted(sample.glob("lanternfall-*.txt"))[::2])
    for doc in (old, new):
        assert Document.from_plain(marshal.loads(marshal.dumps(doc.to_plain()))) == doc
    context = build_context(compare(old, new))
    assert marshal.loads(marshal.dumps(context)) == context
