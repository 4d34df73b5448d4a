"""Forked processes that never outlive the process that forked them.

- `fork()` -> `os.fork()`, the child bound to its parent.

ruldiff forks one kind of children: the workers of a series of releases
(`series.fan_out`, ``history -j N``). The parent stops and reaps them on every way
out it can see (its ``finally`` blocks, run on an error and, through the
command's signal handlers, on SIGINT and SIGTERM). What it cannot see is its
own sudden death (SIGKILL, the out-of-memory killer); then a worker would go
on diffing for seconds, for nobody. So each child, as it starts:

- asks the kernel to kill it when its parent dies (Linux's
  ``prctl(PR_SET_PDEATHSIG, SIGKILL)``, through ctypes; elsewhere the pipes
  it writes to break when the parent is gone, and it ends then);
- ends at once if its parent died before it could ask (``getppid`` is no
  longer the parent that forked it);
- takes back the default action of SIGINT and SIGTERM, where the parent had
  installed a handler of its own (the command's handlers raise an exception
  to clean up; a child has nothing to clean up, and a Ctrl-C, which the
  terminal sends to the whole process group, simply ends it).
"""

from __future__ import annotations

import os
import signal
import sys

from ..documents.forked import fork_held

__all__ = ["fork"]

_PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal the kernel sends this process when its parent
dies (linux/prctl.h)."""


def fork() -> int:
    """`os.fork`, the child set to die with its parent (see the module's
    docstring). Raises OSError as `os.fork` does. SIGINT and SIGTERM are held
    across the fork as for every child ruldiff makes (`forked.fork_held`)."""
    parent = os.getpid()
    return fork_held(lambda: _bind_to(parent))


def _bind_to(parent: int) -> None:
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def _die_with_parent() -> None:
    """Ask the kernel for SIGKILL when the parent dies (Linux only; a no-op
    where ctypes or prctl is missing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes  # ~5 ms, paid in the child only

        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (ImportError, OSError, AttributeError):
        pass
