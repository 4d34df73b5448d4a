"""The pager, as git runs one: the output of a command run on a terminal goes
through ``less`` (or the user's pager), which lets a long changelog be read
and searched and quits at once when it fits on the screen.

- `pager_command(environ)` -> the command to run, or None for none:
  ``RULDIFF_PAGER``, else ``PAGER``, else ``less``; an empty value or
  ``cat`` means no pager.
- `page(data, command, environ)` -> runs the pager with `data` on its
  standard input and waits for it; raises `PagerError` when it cannot be
  started.

Whether to page at all (standard output a terminal, no ``-o``, no
``--no-pager``) is the command line's decision (cli.py), as is what to do
when the pager cannot start. This module only runs it.
"""

from __future__ import annotations

import contextlib
import shlex
import subprocess
from collections.abc import Mapping

__all__ = ["DEFAULT_PAGER", "PagerError", "page", "pager_command"]

DEFAULT_PAGER = "less"

PAGER_ENV = {"LESS": "FRX", "LV": "-c"}
"""Set for the pager when the user has not set them, as git does: less quits
when the text fits on one screen (F), shows colours (R) and leaves the text
on the screen when it quits (X); lv shows colours (-c)."""

_SHELL_CHARS = set("|&;<>()$`\\\"' \t\n*?[#~=%")
"""Characters that make a pager command a shell command (git's list, less
the space, which only splits words). A command without them is run
directly, so that a missing program is an error here rather than a
message from the shell."""


class PagerError(Exception):
    """The pager could not be started."""


def pager_command(environ: Mapping[str, str]) -> str | None:
    """The pager to run, or None for none.

    >>> pager_command({}), pager_command({"PAGER": "more"}), pager_command({"PAGER": "more", "RULDIFF_PAGER": "most"})
    ('less', 'more', 'most')
    >>> pager_command({"PAGER": ""}), pager_command({"RULDIFF_PAGER": "cat"})
    (None, None)
    """
    for name in ("RULDIFF_PAGER", "PAGER"):
        if name in environ:
            command = environ[name].strip()
            return None if command in ("", "cat") else command
    return DEFAULT_PAGER


def _argv(command: str) -> list[str]:
    """How to run `command`: split into words when it is a plain command line
    (``less -S``), else through the shell.

    >>> _argv("less -S"), _argv("less | tee log")
    (['less', '-S'], ['/bin/sh', '-c', 'less | tee log'])
    """
    if set(command) - {" "} & _SHELL_CHARS:
        return ["/bin/sh", "-c", command]
    return shlex.split(command)


def page(data: bytes, command: str, environ: Mapping[str, str]) -> None:
    """Run `command` with `data` on its standard input, and wait until it ends.

    A pager quit before it read everything (``q`` in less) is a normal end:
    the rest is not written. Whatever else happens meanwhile (a signal
    raising an exception, Ctrl-C), the pager's input is closed and the pager
    waited for before the exception goes on, so that it restores the
    terminal before anything else is written there."""
    env = {**PAGER_ENV, **environ}
    try:
        pager = subprocess.Popen(_argv(command), stdin=subprocess.PIPE, env=env)
    except OSError as exc:
        raise PagerError(f"cannot run pager {command!r}: {exc.strerror}") from None
    assert pager.stdin is not None
    try:
        with contextlib.suppress(BrokenPipeError):
            pager.stdin.write(data)
        with contextlib.suppress(BrokenPipeError):
            pager.stdin.close()
        pager.wait()
    except BaseException:
        with contextlib.suppress(OSError):
            pager.stdin.close()
        _wait(pager)
        raise


def _wait(pager: subprocess.Popen[bytes]) -> None:
    """Wait for the pager, whatever signals come meanwhile."""
    while True:
        try:
            pager.wait()
            return
        except BaseException:  # another signal: the pager still owns the terminal
            continue
