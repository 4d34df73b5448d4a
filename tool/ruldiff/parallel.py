"""Steps of a job run in a forked helper process while this one goes on.

- `Helper(steps, fork=True)`: run the generator function `steps` in a forked
  process. `Helper.next()` returns what it yields next; `Helper.put(value)`
  gives it a value, which it takes with the ``get`` function it is called
  with. A yield does not wait: the helper goes on to its next step while this
  process uses the answer.

Why: on a machine with two cores, reading and parsing one document while the
main process reads the other, and importing jinja2 and loading a template
while it compares, take the time of a quarter of a run off the wall clock.

A helper is only ever an optimisation. The values it yields and receives
travel through pipes as `marshal` data (plain str, int, float, bool, None,
tuples, lists and dicts), several times faster than pickle. When the helper
cannot start (no ``fork`` on the platform, ``fork=False``), fails (an
exception, a value marshal cannot carry) or dies, the steps run in this
process instead, from the start: the steps already answered run again and
their answers are dropped. An error is therefore raised here with its own type
and message, exactly as if no helper had been used, and the result never
depends on whether one was.

The steps must be deterministic and free of side effects that matter when run
twice (reading files, importing modules, compiling templates into a cache).
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Helper", "in_helper"]

Steps = Callable[[Callable[[], Any]], Iterator[Any]]
"""A generator function called with ``get``: it yields answers and calls
``get()`` for the next value put by the caller."""

_HEADER = 8  # bytes of the length that precedes each message


class Helper:
    """A generator run in a forked process, with this process as fallback.

    >>> def steps(get):
    ...     yield "ready"
    ...     yield get() * 2
    >>> with Helper(steps) as h:
    ...     first = h.next()
    ...     h.put(21)
    ...     first, h.next()
    ('ready', 42)
    """

    def __init__(self, steps: Steps, *, fork: bool = True) -> None:
        self._steps = steps
        self._put: list[Any] = []  # values given so far, to replay locally
        self._answered = 0  # answers received so far
        self._local: Iterator[Any] | None = None
        self._pid: int | None = None
        if fork and hasattr(os, "fork") and sys.platform.startswith("linux"):
            self._start()

    def next(self) -> Any:
        """The next answer of the steps (StopIteration when they are done)."""
        if self._pid is not None:
            try:
                ok, answer = _read(self._from_child)
                if ok:
                    self._answered += 1
                    return answer
            except (OSError, EOFError, ValueError, TypeError):
                pass
            self.close()
        if self._local is None:
            self._local = self._run_here()
            for _ in range(self._answered):  # answered by the helper already
                next(self._local)
        answer = next(self._local)
        self._answered += 1
        return answer

    def put(self, value: Any) -> None:
        """Give the steps the value of their next ``get()``."""
        self._put.append(value)
        if self._pid is not None:
            try:
                _write(self._to_child, value)
            except (OSError, ValueError, TypeError):
                self.close()  # `next` will run the steps here

    def close(self) -> None:
        """Stop the helper process, if any, and wait for it."""
        if self._pid is None:
            return
        pid, self._pid = self._pid, None
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        try:
            os.waitpid(pid, 0)
        except OSError:
            pass

    def __enter__(self) -> Helper:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run_here(self) -> Iterator[Any]:
        values = iter(self._put)

        def get() -> Any:
            try:
                return next(values)
            except StopIteration:
                raise RuntimeError("a helper step asked for a value never put") from None

        return self._steps(get)

    def _start(self) -> None:
        child_in, self._to_child = os.pipe()
        self._from_child, child_out = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            for fd in (child_in, self._to_child, self._from_child, child_out):
                os.close(fd)
            return
        if pid == 0:  # the helper: never returns
            os.close(self._to_child)
            os.close(self._from_child)
            _serve(self._steps, child_in, child_out)
        os.close(child_in)
        os.close(child_out)
        self._pid = pid


_IN_HELPER = False


def in_helper() -> bool:
    """Whether this process is a helper: its answers must be marshal data,
    while steps run in the main process may yield any object."""
    return _IN_HELPER


def _serve(steps: Steps, inbox: int, outbox: int) -> None:
    """Run the steps in the helper, writing each answer as soon as it is
    yielded, then exit without the parent's clean-up (buffered output, atexit)."""
    global _IN_HELPER
    _IN_HELPER = True
    status = 0
    try:
        for answer in steps(lambda: _read(inbox)):
            _write(outbox, (True, answer))
    except BaseException:  # the parent redoes the work and reports the error
        status = 1
        try:
            _write(outbox, (False, None))
        except BaseException:
            pass
    finally:
        os._exit(status)


def _write(fd: int, value: Any) -> None:
    data = marshal.dumps(value)
    view = memoryview(len(data).to_bytes(_HEADER, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


def _read(fd: int) -> Any:
    size = int.from_bytes(_read_exactly(fd, _HEADER), "little")
    return marshal.loads(_read_exactly(fd, size))


def _read_exactly(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            raise EOFError("the helper process ended")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
