"""A call run in a forked process, its result sent back through a pipe.

- `Forked.start(call)` -> a process running ``call()``, or None where no
  process can be made (no ``os.fork``, out of processes);
- `forked.result()` -> what ``call()`` returned, once the process has
  ended; None if it failed (an exception, killed, a result `marshal`
  cannot write);
- `forked.stop()`: kill and reap a process whose result is no longer
  wanted (a no-op once `result` was read);
- `fork_held(in_child)` -> `os.fork` with SIGINT and SIGTERM held across
  it (every child ruldiff makes starts here).

What a comparison runs on a second core: the old document read while this
process reads the new one (load.read_ahead), and half of the word diffs
(worddiff.diff_all). Here, below both, as the lowest layer they share.
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

    def __init__(self, pid: int, reader: int) -> None:
        self._pid: int | None = pid
        self._reader: int | None = reader  # None once a file object owns it (and closes it)

    @classmethod
    def start(cls, call: Callable[[], Any]) -> Forked | None:
        """Fork a process that runs `call` and writes its result, marshalled,
        to a pipe; None when no pipe or process could be made."""
        if not hasattr(os, "fork"):
            return None
        try:
            reader, writer = os.pipe()
        except OSError:
            return None
        try:
            pid = fork_held()
        except OSError:  # out of processes or memory: the caller does the work
            os.close(reader)
            os.close(writer)
            return None
        if pid == 0:  # pragma: no cover - the child; what it sends is tested
            status = 1
            try:
                os.close(reader)
                data = marshal.dumps(call())
                with open(writer, "wb") as stream:
                    stream.write(data)
                status = 0
            finally:
                os._exit(status)
        os.close(writer)
        return cls(pid, reader)

    def result(self) -> Any | None:
        """What the call returned, once the process has ended; None if it failed."""
        assert self._pid is not None and self._reader is not None, "result() read twice, or after stop()"
        reader, self._reader = self._reader, None
        with open(reader, "rb") as stream:
            data = stream.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if status != 0:
            return None
        try:
            return marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return None

    def stop(self) -> None:
        """Kill and reap the process, if `result` has not already reaped it."""
        if self._pid is None:
            return
        pid, self._pid = self._pid, None
        if self._reader is not None:
            with contextlib.suppress(OSError):
                os.close(self._reader)
            self._reader = None
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
