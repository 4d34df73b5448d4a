"""Time limits on work that untrusted input could make endless.

- `time_limit(seconds)`: a context manager; `TimeLimitError` when its block
  runs longer than `seconds`.

An interval timer (``SIGALRM``) interrupts the block between two Python
bytecodes, and inside a regular expression match too (``re`` checks for
signals as it backtracks), which a check of the clock between steps could not
do. Signals reach only the main thread: elsewhere, and where there is no
``setitimer`` (Windows), the block runs unbounded. Limits do not nest.
"""

from __future__ import annotations

import signal
import threading
from types import TracebackType
from typing import Any

__all__ = ["TimeLimitError", "time_limit"]


class TimeLimitError(Exception):
    """A block under `time_limit` ran out of time; `traceback` shows where."""


class _Expired(BaseException):
    """Raised by the timer's signal handler. A BaseException, so that no
    ``except Exception`` on the way (in jinja2, in a filter) swallows it."""


class time_limit:  # noqa: N801 (used as a function: ``with time_limit(5):``)
    """Within the block, `TimeLimitError` after `seconds`."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        self.previous: Any = None

    def __enter__(self) -> None:
        if self.active:
            self.previous = signal.signal(signal.SIGALRM, _expire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            # None: a handler not set from Python; the default is what is left.
            signal.signal(signal.SIGALRM, signal.SIG_DFL if self.previous is None else self.previous)
        if isinstance(value, _Expired):
            raise TimeLimitError(f"took longer than {self.seconds:g} s").with_traceback(tb) from None


def _expire(signum: int, frame: object) -> None:
    raise _Expired
