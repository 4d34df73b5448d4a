"""A template made ready in a helper process while the comparison runs.

- `TemplateAhead(name, templates, cache)`: forks a helper that imports jinja2
  and loads the template at once, then waits; calling it with the context
  sends the context over, and returns the text the helper rendered. Use it as
  a context manager, so that a helper never asked (an error came first) is
  stopped.

Why: importing jinja2 and loading a compiled template cost about 80 ms on the
bench machine, a quarter of a comparison of two adjacent releases, and more
than parsing both documents. Nothing in them depends on the documents, so the
helper does them on another core while this process reads, parses and
compares; by the time the context is ready, so is the template.

What crosses between the processes: the context (plain dicts, lists, strings
and numbers, see `render.build_context`) one way, the rendered text or a
`TemplateError` the other, each written with `marshal` behind its length.
Everything else stays as without the helper:

- the text is rendered by the same code (`render.load_template` and
  `render.render_loaded`) on the same context, so it is the same text;
- a template error (missing template, syntax error, unknown variable) is
  raised here, as the same `TemplateError`, when the text is asked for, and
  after any error the documents gave first;
- where there is no ``fork`` (Windows), or the helper fails for any other
  reason (it was killed, a pipe broke, the context holds something `marshal`
  cannot write), the template is loaded and rendered in this process instead.

The helper only reads and writes its two pipes (and the template cache, as
this process would); it ends with `os._exit`, so it never runs this
process's exit handlers nor flushes its buffers.
"""

from __future__ import annotations

import marshal
import os
import signal
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from .errors import TemplateError
from .render import load_template, render_loaded, render_template

__all__ = ["TemplateAhead"]

_LENGTH = 8
"""Bytes of the length written before each message (little-endian)."""


class TemplateAhead:
    r"""A template loaded by a helper process; call it with a context to render it.

    >>> from ruldiff import compare, decode, parse, render
    >>> def doc(text): return parse(decode(("1. Basics\n\n100. General\n\n100.1. " + text).encode(), "x"))
    >>> comparison = compare(doc("Draw a card."), doc("Draw two cards."))
    >>> with TemplateAhead("changelog.md.j2") as ahead:
    ...     text = render(comparison, "md", prepared=ahead)
    >>> text == render(comparison, "md")
    True
    """

    def __init__(
        self,
        name: str,
        templates: str | Path | None = None,
        cache: str | Path | None = None,
        *,
        helper: bool = True,
    ) -> None:
        """`helper=False` (or no ``os.fork``) renders in this process when called."""
        self.name, self.templates, self.cache = name, templates, cache
        self._pid: int | None = None
        self._to: IO[bytes] | None = None
        self._from: IO[bytes] | None = None
        if helper and hasattr(os, "fork"):
            self._start()

    def _start(self) -> None:
        try:
            to_read, to_write = os.pipe()
            from_read, from_write = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:
            for fd in (to_read, to_write, from_read, from_write):
                os.close(fd)
            return
        if pid == 0:  # the helper
            status = 1
            try:
                os.close(to_write)
                os.close(from_read)
                _serve(to_read, from_write, self.name, self.templates, self.cache)
                status = 0
            finally:
                os._exit(status)
        os.close(to_read)
        os.close(from_write)
        self._pid = pid
        self._to = open(to_write, "wb")
        self._from = open(from_read, "rb")

    def __call__(self, context: dict[str, Any]) -> str:
        """The template rendered with `context` (by the helper if there is one)."""
        reply = self._ask(context) if self._pid is not None else None
        if reply is not None and reply[0] == "ok":
            return str(reply[1])
        if reply is not None and reply[0] == "error":
            _, message, path, line, fix = reply
            raise TemplateError(message, path=path, line=line, fix=fix)
        return render_template(self.name, context, self.templates, self.cache)

    def _ask(self, context: dict[str, Any]) -> tuple[Any, ...] | None:
        """Send the context, read the helper's reply; None if anything failed."""
        assert self._to is not None and self._from is not None
        try:
            try:
                _send(self._to, marshal.dumps(context))
            finally:
                self._to.close()  # the helper reads to the end of a message, not of the pipe
            reply = marshal.loads(_receive(self._from))
        except (OSError, EOFError, ValueError, TypeError):
            return None
        finally:
            self.close()
        return reply if isinstance(reply, tuple) and reply else None

    def close(self) -> None:
        """Stop the helper (if it is still waiting) and reap it."""
        pid, self._pid = self._pid, None
        for stream in (self._to, self._from):
            if stream is not None:
                stream.close()
        self._to = self._from = None
        if pid is None:
            return
        try:
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        except OSError:
            pass  # already reaped

    def __enter__(self) -> TemplateAhead:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _serve(
    inp: int, out: int, name: str, templates: str | Path | None, cache: str | Path | None
) -> None:
    """The helper: load the template, wait for the context, reply."""
    template: Any = None
    reply: tuple[Any, ...] = ("failed",)
    try:
        template = load_template(name, templates, cache)
    except TemplateError as exc:
        reply = _error(exc)
    except Exception:
        pass  # ("failed",): this process renders the template itself
    with open(inp, "rb") as f:
        try:
            context = marshal.loads(_receive(f))
        except (EOFError, ValueError):
            return  # not asked: an error came first, or the process ended
    if template is not None:
        try:
            reply = ("ok", render_loaded(template, name, context, templates))
        except TemplateError as exc:
            reply = _error(exc)
        except Exception:
            reply = ("failed",)
    with open(out, "wb") as f:
        _send(f, marshal.dumps(reply))


def _error(exc: TemplateError) -> tuple[Any, ...]:
    return ("error", exc.message, exc.path, exc.line, exc.fix)


def _send(stream: IO[bytes], data: bytes) -> None:
    stream.write(len(data).to_bytes(_LENGTH, "little"))
    stream.write(data)
    stream.flush()


def _receive(stream: IO[bytes]) -> bytes:
    """One message; EOFError if the pipe ends before it does."""
    header = stream.read(_LENGTH)
    if len(header) < _LENGTH:
        raise EOFError("no message")
    size = int.from_bytes(header, "little")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("message cut short")
    return data
