"""Limits on work that untrusted input could make endless or huge.

- `time_limit(seconds)`: a context manager; `TimeLimitError` when its block
  runs longer than `seconds`.
- `MAX_SIZE`, `MAX_LINES`, `PDF_BYTES_PER_OPERATOR`: the budget of reading
  one input (documents/read.py, documents/markup.py). ``--max-size`` bounds
  every stage of it, not only the bytes of the file: the bytes a DOCX
  inflates to, the page content a PDF makes pypdf interpret (a stream used
  by many pages counted each time), and the text extracted. Past the budget,
  reading stops with a one-line `ReadError`, before the expensive work where
  the size is known up front.

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

__all__ = ["EDITOR_MAX_SIZE", "MAX_LINES", "MAX_SIZE", "PDF_BYTES_PER_OPERATOR", "TimeLimitError", "time_limit"]

MAX_SIZE = 64 * 2**20
"""Default of ``--max-size`` (documents/load.py takes it from here): 64 MiB,
some 50 times the largest real rules document
(a Comprehensive Rules release, ~1.3 MB of text). Every decoded stage of an
input is held to it (see the module docstring)."""

EDITOR_MAX_SIZE = 4 * 2**20
"""Largest editor's file: ruldiff.yaml, a profile, notes, overrides, a
review state (documents/load.py `read_editor_file`): 4 MiB, some 20 times
a notes file with a note of a paragraph for every change of the 17-year
gap (2,611 changes). Not changed by ``--max-size``, which is the budget of
a document. The YAML reader takes 1-3 s a megabyte, so this is seconds,
where an 18 MB notes file took 154 s."""

MAX_LINES = 500_000
"""Most lines (blank ones too) the decoded text of one document may have.
Parsing costs ~1 KB of memory a line whatever the line holds (2.9 million
lines of ``1.1 x``, 20 MB, took 3.0 GB), so the byte budget alone lets a
64 MiB text of short lines take ~10 GB. The largest real document has
~6,500 non-blank lines (~13,000 with the blank ones): this is ~40 times
that, holds bench/scale.py's largest documented case (300,000 rules, a
line each), and keeps parsing one document under ~0.5 GB. A web page or a
Word file gives two lines a paragraph (a blank line between), so at most
half as many paragraphs; a rule starts a line, so rules are bounded too."""

PDF_BYTES_PER_OPERATOR = 8
"""Least bytes of ``--max-size`` per content operator (``Tj``, ``T*``…) that
pypdf interprets, forms (``Do``) counted each time they are drawn: at most
8 Mi operators at the default. pypdf spends ~20-30 us an operator, so
that is minutes, not the hours a small file could ask for. Real PDFs hold
21-40 bytes of content an operator (two manuals in /usr/share/doc and
tests/pdfmaker.py's pages), and their content is 1-4 times their text."""


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


PDF_TEXT_RUNS_PER_PAGE = 20_000
"""Most runs of text (Tj, TJ, ' and " operators) one PDF page may show. A
page of rules shows a few thousand at most (80 lines, each cut into a few
runs for kerning); pypdf's time on a page grows faster than its runs (20,000:
0.9 s, 130,000: 22 s, from a 5 KB file), so a page past this is refused."""
