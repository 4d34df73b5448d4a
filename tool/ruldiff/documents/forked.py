"""A call run in a forked process, its result sent back through a pipe.

- `Forked.start(call)` -> a process running ``call()``, or None where no
  process can be made (no ``os.fork``, out of processes);
- `forked.result()` -> what ``call()`` returned, once the process has
  ended; None if it failed (an exception, killed, a result `marshal`
  cannot write);
- `Forked.start(call, then)`: the same, and once the result is sent the
  process runs ``then()`` and stays, to answer one request:
  `forked.ask(request)` -> ``then()(request)``, or None if it failed;
- `forked.stop()`: kill and reap a process whose result is no longer
  wanted (a no-op once `result` was read, or `ask` answered);
- `fork_held(in_child)` -> `os.fork` with SIGINT and SIGTERM held across
  it (every child ruldiff makes starts here).

What a comparison runs on a second core: the old document read while this
process reads the new one (cli/read.py), then the template loaded while this
one compares, to render the changelog (cli/diff.py), and half of the word
diffs (worddiff.diff_all). Here, below both, as the lowest layer they share.
The child runs nothing of this process's clean-up (it ends with
``os._exit``: no atexit handler, no buffered output flushed twice), and
SIGINT or SIGTERM end it at once: they are held while the process forks,
until the child has taken back their default action (`fork_held`, which a
series' workers start with too), so that the command's handlers (which
raise to clean up) never run in the child. The
caller falls back to doing the work itself whenever `result` is None, so a
failed child changes nothing but the time. Unlike a series' workers
(series/forks.py) the child does not ask to die with its parent: it lives
~20-150 ms, and if its parent is killed outright its write to the pipe
fails and it ends then.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import signal
from collections.abc import Callable
from typing import Any

__all__ = ["Forked", "fork_held"]

_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def fork_held(in_child: Callable[[], None] | None = None) -> int:
    """`os.fork`, with SIGINT and SIGTERM held while the process forks and
    until the child has taken back their default action (where the parent
    had a handler of its own) and run `in_child`: a signal in between would
    run the parent's handler in the child, which would then clean up as if
    it were the command. Raises OSError as `os.fork` does. Both kinds of
    child ruldiff makes start here: a `Forked` call, and a series' worker
    (series/forks.py, which also binds the child to its parent)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                for signum in _STOP_SIGNALS:
                    if callable(signal.getsignal(signum)):  # not where the parent ignores it
                        signal.signal(signum, signal.SIG_DFL)
                if in_child is not None:
                    in_child()
            except BaseException:  # never go on running the parent's code
                os._exit(1)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pid


class Forked:
    """A forked process running one call (see the module's docstring)."""

    def __init__(self, pid: int, reader: int, requests: int | None = None, replies: int | None = None) -> None:
        self._pid: int | None = pid
        self._reader: int | None = reader  # None once a file object owns it (and closes it)
        self._requests = requests  # with `then`: this process's ends of the request and reply pipes
        self._replies = replies

    @classmethod
    def start(cls, call: Callable[[], Any], then: Callable[[], Callable[[Any], Any]] | None = None) -> Forked | None:
        """Fork a process that runs `call` and writes its result, marshalled,
        to a pipe; None when no pipe or process could be made. With `then`,
        the process then runs ``then()`` and waits for one request (`ask`),
        which it answers with what ``then()`` returned, called on it; it ends
        when the request is answered, or when none can come any more."""
        if not hasattr(os, "fork"):
            return None
        fds: list[int] = []
        try:
            for _ in range(1 if then is None else 3):
                fds.extend(os.pipe())
        except OSError:
            _close(fds)
            return None
        reader, writer, *served = fds
        try:
            pid = fork_held()
        except OSError:  # out of processes or memory: the caller does the work
            _close(fds)
            return None
        if pid == 0:  # pragma: no cover - the child; what it sends is tested
            status = 1
            try:
                _close([reader, *served[1:3]])  # this process's ends: the reader, the request writer, the reply reader
                data = marshal.dumps(call())
                with open(writer, "wb") as stream:
                    stream.write(data)
                if then is not None:
                    _serve(then, served[0], served[3])
                status = 0
            finally:
                os._exit(status)
        _close([writer, served[0], served[3]] if served else [writer])
        return cls(pid, reader, *served[1:3])

    def result(self) -> Any | None:
        """What the call returned; None if it failed. Without `then`, once
        the process has ended."""
        assert self._pid is not None and self._reader is not None, "result() read twice, or after stop()"
        reader, self._reader = self._reader, None
        with open(reader, "rb") as stream:
            data = stream.read()
        if self._requests is not None:  # the process goes on, to serve a request
            return _loaded(data) if data else None
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        return _loaded(data) if status == 0 else None

    def ask(self, request: Any) -> Any | None:
        """What the process's ``then()`` returns for `request` (marshalled
        both ways), once the process has ended; None if it failed or was
        stopped."""
        if self._pid is None or self._requests is None or self._replies is None:
            return None
        requests, replies, self._requests, self._replies = self._requests, self._replies, None, None
        try:
            data = marshal.dumps(request)
            with open(requests, "wb") as stream:
                stream.write(len(data).to_bytes(_LENGTH, "little"))
                stream.write(data)
        except (OSError, ValueError):  # gone (a broken pipe), or nothing marshal can write
            self._replies = replies
            self.stop()
            return None
        with open(replies, "rb") as stream:
            data = stream.read()
        pid, self._pid = self._pid, None
        _, status = os.waitpid(pid, 0)
        return _loaded(data) if status == 0 else None

    def stop(self) -> None:
        """Kill and reap the process, if `result` or `ask` has not already reaped it."""
        _close([fd for fd in (self._reader, self._requests, self._replies) if fd is not None])
        self._reader = self._requests = self._replies = None
        if self._pid is None:
            return
        pid, self._pid = self._pid, None
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


_LENGTH = 8
"""Bytes of the length written before a request (little-endian): the process
that serves it cannot wait for the end of its pipe, which a process forked
later from this one may hold open too."""


def _serve(then: Callable[[], Callable[[Any], Any]], requests: int, replies: int) -> None:  # pragma: no cover - the child
    """In the forked process: ``then()``, then one request read and answered."""
    answer = then()
    with open(requests, "rb") as stream:
        size = stream.read(_LENGTH)
        if len(size) < _LENGTH:  # none will come: the parent closed its end
            return
        data = stream.read(int.from_bytes(size, "little"))
    reply = marshal.dumps(answer(marshal.loads(data)))
    with open(replies, "wb") as stream:
        stream.write(reply)


def _loaded(data: bytes) -> Any | None:
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None


def _close(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
