"""Work done ahead in a helper process: the old document and the template.

- `Ahead(load_old, template, templates, cache)` forks a helper that loads the
  old document (with the given function) and sends it back, then, for
  Markdown and HTML, imports jinja2, loads the template and waits.
  - `ahead.old_document()` -> the old document (or the error loading it gave);
  - `ahead(context)` -> the text the helper rendered from the context.

  Use it as a context manager: a helper never asked (an error came first) is
  stopped.

Why: a comparison of two adjacent releases spends about a third of its time
loading the two documents, and another fifth importing jinja2 and loading a
compiled template (~50 and ~60 ms each on the bench machine). None of these
depends on another, so while this process loads the new document and then
compares, the helper loads the old one, then the template; on a machine with
a second core, that work is off the path.

What crosses between the processes, each message written with `marshal`
behind its length: the old document as plain values (`model.pack_document`),
the context (plain dicts, lists, strings and numbers, see
`render.build_context`), and the rendered text; or an error, as its class and
fields. Everything else stays as without the helper:

- the document is parsed, and the text rendered, by the same code on the
  same input, so the output is byte for byte the same;
- errors are the same `RuldiffError`s, raised here in the same order: an
  error in the old document before one in the new, a document before a
  template;
- where there is no ``fork`` (Windows), or the helper fails in any other way
  (it was killed, a pipe broke, the context holds something `marshal` cannot
  write), this process loads the document or renders the template itself.

The helper only reads and writes its two pipes, the documents and the
template cache, as this process would; it ends with `os._exit`, so it never
runs this process's exit handlers nor flushes its buffers, and it dies with
this process, however this one ends (`forks.fork`).
"""

from __future__ import annotations

import marshal
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from . import errors
from .errors import RuldiffError
from .forks import fork
from .model import Document, pack_document, unpack_document
from .render import load_template, render_loaded, render_template

__all__ = ["Ahead"]

_LENGTH = 8
"""Bytes of the length written before each message (little-endian)."""


class Ahead:
    r"""The old document and the template, loaded by a helper process.

    >>> from ruldiff import compare, decode, parse, render
    >>> def doc(text): return parse(decode(("1. Basics\n\n100. General\n\n100.1. " + text).encode(), "x"))
    >>> with Ahead(lambda: doc("Draw a card."), "changelog.md.j2") as ahead:
    ...     comparison = compare(ahead.old_document(), doc("Draw two cards."))
    ...     text = render(comparison, "md", prepared=ahead)
    >>> text == render(comparison, "md")
    True
    """

    def __init__(
        self,
        load_old: Callable[[], Document],
        template: str | None = None,
        templates: str | Path | None = None,
        cache: str | Path | None = None,
        *,
        helper: bool = True,
    ) -> None:
        """`template`: the name of the template to load, None for none.
        `helper=False` (or no ``os.fork``): everything is done in this process
        when asked."""
        self.load_old, self.template, self.templates, self.cache = load_old, template, templates, cache
        self._pid: int | None = None
        self._to: IO[bytes] | None = None
        self._from: IO[bytes] | None = None
        self._old: Document | None = None
        if helper and hasattr(os, "fork"):
            self._start()

    def _start(self) -> None:
        try:
            to_read, to_write = os.pipe()
            from_read, from_write = os.pipe()
        except OSError:
            return
        try:
            pid = fork()  # the helper dies with this process
        except OSError:
            for fd in (to_read, to_write, from_read, from_write):
                os.close(fd)
            return
        if pid == 0:  # the helper
            status = 1
            try:
                os.close(to_write)
                os.close(from_read)
                self._serve(to_read, from_write)
                status = 0
            finally:
                os._exit(status)
        os.close(to_read)
        os.close(from_write)
        self._pid = pid
        self._to = open(to_write, "wb")
        self._from = open(from_read, "rb")

    # --- this process ---------------------------------------------------------

    def old_document(self) -> Document:
        """The old document, as `load_old` gives it (or the error it raises)."""
        if self._old is None:
            reply = self._receive() if self._pid is not None else None
            if reply is not None and reply[0] == "ok":
                self._old = unpack_document(reply[1])
            elif reply is not None and reply[0] == "error":
                raise _unpack_error(reply)
            else:
                self.close()  # anything else: no use asking the helper for more
                self._old = self.load_old()
        return self._old

    def __call__(self, context: dict[str, Any]) -> str:
        """The template rendered with `context` (by the helper if there is one).
        Call `old_document` first."""
        assert self.template is not None, "no template was named"
        reply = None
        if self._pid is not None and self._to is not None:
            try:
                _send(self._to, marshal.dumps(context))
                reply = self._receive()
            except ValueError:  # something marshal cannot write
                pass
            finally:
                self.close()
        if reply is not None and reply[0] == "ok":
            return str(reply[1])
        if reply is not None and reply[0] == "error":
            raise _unpack_error(reply)
        return render_template(self.template, context, self.templates, self.cache)

    def _receive(self) -> tuple[Any, ...] | None:
        """The helper's next message; None if there is none to read."""
        assert self._from is not None
        try:
            reply = marshal.loads(_read(self._from))
        except (OSError, EOFError, ValueError, TypeError):
            return None
        return reply if isinstance(reply, tuple) and reply else None

    def close(self) -> None:
        """Stop the helper (if it is still running) and reap it."""
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

    def __enter__(self) -> Ahead:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # --- the helper -----------------------------------------------------------

    def _serve(self, inp: int, out: int) -> None:
        """Load the old document and send it; then load the template, wait for
        the context, and send the text."""
        with open(out, "wb") as replies:
            reply = _attempt(lambda: ("ok", pack_document(self.load_old())))
            # Sent by a thread, so that loading the template goes on while this
            # process waits for the other to read (a document fills a pipe
            # many times over); a write waits without holding the GIL.
            sender = threading.Thread(target=_send, args=(replies, _dump(reply)))
            sender.start()
            template = self.template
            if template is None:
                sender.join()
                return
            loaded = _attempt(lambda: ("ok", load_template(template, self.templates, self.cache)))
            sender.join()
            with open(inp, "rb") as requests:
                try:
                    context = marshal.loads(_read(requests))
                except (EOFError, ValueError):
                    return  # not asked: an error came first, or the process ended
            reply = loaded
            if loaded[0] == "ok":
                reply = _attempt(lambda: ("ok", render_loaded(loaded[1], template, context, self.templates)))
            _send(replies, _dump(reply))


def _attempt(work: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
    """The reply for a piece of work: its result, its RuldiffError, or
    ("failed",) for anything else (the other process then does it itself)."""
    try:
        return work()
    except RuldiffError as exc:
        return ("error", type(exc).__name__, exc.message, exc.path, exc.line, exc.fix, getattr(exc, "key", None))
    except Exception:
        return ("failed",)


def _dump(reply: tuple[Any, ...]) -> bytes:
    try:
        return marshal.dumps(reply)
    except ValueError:  # something marshal cannot write
        return marshal.dumps(("failed",))


def _unpack_error(reply: tuple[Any, ...]) -> RuldiffError:
    _, name, message, path, line, fix, key = reply
    kind = getattr(errors, name, None)
    if not (isinstance(kind, type) and issubclass(kind, RuldiffError)):
        kind = RuldiffError
    if kind is errors.ConfigError:
        return errors.ConfigError(message, key=key, path=path, line=line, fix=fix)
    return kind(message, path=path, line=line, fix=fix)


def _send(stream: IO[bytes], data: bytes) -> None:
    try:
        stream.write(len(data).to_bytes(_LENGTH, "little"))
        stream.write(data)
        stream.flush()
    except (OSError, ValueError):
        pass  # the other process is gone: it does the work itself, or needs none


def _read(stream: IO[bytes]) -> bytes:
    """One message; EOFError if the pipe ends before it does."""
    header = stream.read(_LENGTH)
    if len(header) < _LENGTH:
        raise EOFError("no message")
    size = int.from_bytes(header, "little")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("message cut short")
    return data
