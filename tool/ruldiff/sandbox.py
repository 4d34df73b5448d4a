"""Templates are data, not code: the jinja2 sandbox and the limits of one render.

- `sandboxed_environment(**options)` -> a jinja2 ``ImmutableSandboxedEnvironment``
  (a subclass of it) that also bounds the sizes a template can build.
- `render_bounded(template, context)` -> the text; `RenderLimitError` past
  `MAX_OUTPUT` characters or `MAX_SECONDS`.
- `template_location(exc)` -> the (file, line) of the template code that raised.

Every template of a render with the user's templates (``--templates DIR``,
``--template FILE``) is rendered here, the built-in ones it may extend,
include or import as well, in this process or in a worker of
`series.fan_out`; the built-in templates alone, code of ours, render in a
plain environment (`outputs.templating.environment`). jinja2's sandbox refuses
attributes that start with ``_`` and the internals of functions and frames
(``cycler.__init__.__globals__`` is a `SecurityError`), so a template can reach
neither modules, files nor the environment; the immutable variant also refuses
to change the lists and dicts of the context. The sandbox does not bound work,
so three checks are added:

1. **Size**: ``*``, ``+`` and ``%`` on strings and lists, every call (macros,
   globals, methods) and every filter refuse a result or an argument larger
   than `MAX_OUTPUT`, and an int argument or a printf width above it (``'x' *
   10**10``, ``'x'|center(10**10)``, ``'%999999999d' % 1``); ``**`` refuses
   results above `MAX_POWER_BITS` bits. Python builds such values in one step
   that nothing could interrupt. A value that doubles through a loop (a
   ``namespace`` attribute) is refused when stored past the limit, and a
   ``replace`` whose result could pass it is refused beforehand.
   ``lipsum`` (pages of random words) is removed.
2. **Total**: the values a render builds are counted, in bytes
   (``sys.getsizeof``), against `MAX_BUILT` for the whole render: the
   results of operators, calls and filters, the text of ``~``, of
   ``{% set %}...{% endset %}`` blocks and of macros. The size check of 1.
   bounds each value; this bounds how many a template may keep (40 lists of
   60 M items, each under the limit, took 7.9 GB in 4.5 s). Counting what is
   built rather than what is alive also refuses a template that builds and
   drops hundreds of megabytes, which no real template does: the built-in
   templates, rendered in the sandbox, build about twice their output (3.0 MB
   for the 1.4 MB HTML page of 4,000 changed rules, 1.6 MB for its Markdown).
   A limit on the address
   space (RLIMIT_AS) was the other way: it is process-wide, so it would have
   to be set in a forked child that renders and sends the text back (a fork
   per render, and per shortening step of --max-chars; no such limit on
   macOS), where counting is exact, portable, and in the hooks already there.
3. **Output**: the text is generated in pieces (``Template.generate``) and
   the render stops once it is longer than `MAX_OUTPUT` characters.
4. **Time**: an interval timer (``SIGALRM``, in the main thread; elsewhere
   the time is checked between pieces) stops a render after `MAX_SECONDS`,
   which catches loops that print nothing (``range`` is already capped at
   100,000 items by the sandbox, but loops nest).

Cost, measured on the 17-year pair (2,611 entries; 15 renders each, in
turn, same process): HTML 96 -> 111 ms (2.3 M characters), Markdown 40 ->
57 ms; whole runs, interleaved 20 rounds: 1.32 -> 1.24 s and, with -j 1,
1.08 -> 1.10 s, inside the noise. ruldiff's own three filters are not
wrapped: they write a few times their input at most. See bench/README.md.
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .limits import TimeLimitError, time_limit

if TYPE_CHECKING:
    import jinja2

__all__ = ["MAX_OUTPUT", "MAX_SECONDS", "RenderLimitError", "render_bounded", "sandboxed_environment"]

MAX_OUTPUT = 64 * 2**20
"""Characters a render may produce, and the largest string, list or number a
template may build or pass to a function (64 Mi; the longest real changelog,
the 17-year gap in HTML, is 2.3 M characters)."""

MAX_SECONDS = 60.0
"""Seconds a render may take (the 17-year gap in HTML takes 0.3 s)."""

MAX_BUILT = 512 * 2**20
"""Bytes (``sys.getsizeof``) of the values one render of a user's template may
build in all: 512 MiB, some 80 times what the built-in HTML template builds
for the longest real changelog; with the output (at most `MAX_OUTPUT`
characters), what a render may take beyond its context."""

MAX_POWER_BITS = 1 << 16
"""Bits a ``**`` result may have: ``10**10**10`` would compute for hours."""

_NUMBER = re.compile(r"\d+")


class RenderLimitError(Exception):
    """A render went past `MAX_OUTPUT` or `MAX_SECONDS`; `location` is the
    template file and line it was at, when known."""

    def __init__(self, message: str, location: tuple[str, int] | None = None) -> None:
        super().__init__(message)
        self.location = location


def _size(value: object) -> int:
    """The length of a string or container, 0 for anything else."""
    return len(value) if isinstance(value, (str, bytes, list, tuple, dict)) else 0


def _too_big(value: object) -> bool:
    """Whether a value passed to or made by a template is over the limits: a
    string or container longer than `MAX_OUTPUT`, or an int above it (a width,
    a count)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) > MAX_OUTPUT
    return _size(value) > MAX_OUTPUT


def _check(values: Any, what: str) -> None:
    """A SecurityError naming `what` if any of `values`, or of the first items
    of a list or tuple among them, is over the limits."""
    for value in values:
        if _too_big(value) or isinstance(value, (tuple, list)) and any(map(_too_big, value[:64])):
            _refuse(f"{what}: value too large for a template")


def _check_format(text: object, what: str) -> None:
    """A SecurityError if a format string (``%`` or ``str.format``) asks for a
    width or precision above `MAX_OUTPUT`: ``'%999999999d' % 1``."""
    if isinstance(text, str) and any(len(n) > 7 and int(n) > MAX_OUTPUT for n in _NUMBER.findall(text)):
        _refuse(f"{what}: width too large for a template")


def _binop_too_big(operator: str, left: Any, right: Any) -> bool:
    """Whether ``left <operator> right`` would be over the limits, told
    before it is computed (for ``*``, ``**`` and ``+``).

    >>> _binop_too_big("*", "ab", 10**8), _binop_too_big("*", 3, 10**8), _binop_too_big("**", 10, 10**6)
    (True, False, True)
    """
    if operator == "**":
        if isinstance(left, int) and isinstance(right, int) and right > 0:
            return max(abs(left).bit_length(), 1) * right > MAX_POWER_BITS
        return False
    if operator == "*":
        count = right if isinstance(right, int) else left if isinstance(left, int) else 1
        return max(_size(left), _size(right)) * abs(count) > MAX_OUTPUT
    return _size(left) + _size(right) > MAX_OUTPUT


def _replace_too_big(text: object, old: object, new: object) -> bool:
    """Whether ``text.replace(old, new)`` could be over the limits (every
    place `old` could be, replaced): one C call, which nothing interrupts.

    >>> _replace_too_big("a" * 10**4, "a", "b" * 10**4), _replace_too_big("abc", "b", "xyz")
    (True, False)
    """
    if not (isinstance(text, str) and isinstance(old, str) and isinstance(new, str)):
        return False
    places = len(text) // len(old) if old else len(text) + 1
    return len(text) + places * max(len(new) - len(old), 0) > MAX_OUTPUT


_spent = [0]
"""Bytes built by the render under way (`render_bounded` resets it; one
render at a time in a process: renders do not nest)."""


def _charge(value: object, what: str) -> None:
    """Count `value`, just built, against `MAX_BUILT`."""
    if isinstance(value, (str, bytes, list, tuple, dict)):
        _spent[0] += sys.getsizeof(value)
        if _spent[0] > MAX_BUILT:
            _refuse_total(what)


def _precharge(estimate: int, what: str) -> None:
    """Refuse, before it is built, a value of about `estimate` bytes that
    would take the render past `MAX_BUILT`."""
    if _spent[0] + estimate > MAX_BUILT:
        _refuse_total(what)


def _estimate(value: object) -> int:
    """Bytes a value's text or items take, roughly: 1 a character, 8 an item."""
    return len(value) if isinstance(value, (str, bytes)) else 8 * _size(value)


def _refuse_total(what: str) -> None:
    from jinja2.exceptions import SecurityError

    raise SecurityError(f"{what}: the template built more than {MAX_BUILT // 2**20:,} MiB in all")


def _bounded_join(join: Callable[[Any], str], parts: tuple[Any, ...]) -> str:
    """``a ~ b``: the pieces joined by jinja2's own `join`, counted."""
    _precharge(sum(_estimate(p) for p in parts), "'~'")
    text = join(parts)
    _charge(text, "'~'")
    return text


def _bounded_concat(pieces: Any) -> str:
    """The text of a ``{% set %}`` block, a macro or a ``{% filter %}``
    block (jinja2's ``environment.concat``), counted."""
    pieces = list(pieces)
    _precharge(sum(_estimate(p) for p in pieces), "block")
    text = "".join(pieces)
    _charge(text, "block")
    return text


def _refuse(what: str) -> None:
    from jinja2.exceptions import SecurityError

    raise SecurityError(f"{what} (limit {MAX_OUTPUT:,} characters, {MAX_POWER_BITS:,} bits)")


def _bounded_filter(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    """A filter that refuses arguments and results over the limits; jinja2
    calls filters directly, not through the sandbox's `call`."""

    @functools.wraps(function)  # keeps jinja2's pass_context/pass_eval_context marks
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _check(itertools.chain(args[1:], kwargs.values()), f"filter {name}")
        if name == "format" and args:
            _check_format(args[0], "filter format")
        texts = [a for a in args if isinstance(a, str)]  # after jinja2's eval context
        if name == "replace" and len(texts) >= 3 and _replace_too_big(*texts[:3]):
            _refuse("filter replace: result too large for a template")
        result = function(*args, **kwargs)
        _check((result,), f"filter {name}")
        _charge(result, f"filter {name}")
        return result

    return bounded


@functools.lru_cache(maxsize=1)
def _environment_class() -> type[jinja2.Environment]:
    """The sandboxed environment class (built once: jinja2 is imported lazily)."""
    import jinja2.compiler
    import jinja2.sandbox
    import jinja2.utils

    class Generator(jinja2.compiler.CodeGenerator):
        """jinja2's code generator, with ``a ~ b`` joined by `_bounded_join`."""

        def visit_Concat(self, node: Any, frame: Any) -> None:
            # jinja2's own (3.1), with `environment.bounded_join(<join>, (a, b, ))` for `<join>((a, b, ))`.
            if frame.eval_ctx.volatile:
                join = "(markup_join if context.eval_ctx.volatile else str_join)"
            else:
                join = "markup_join" if frame.eval_ctx.autoescape else "str_join"
            self.write(f"environment.bounded_join({join}, (")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

    class Namespace(jinja2.utils.Namespace):
        """``namespace()``, whose attributes may not grow past the limits."""

        def __setitem__(self, name: str, value: Any) -> None:
            _check((value,), f"namespace attribute {name}")
            super().__setitem__(name, value)

    class Bounded(jinja2.sandbox.ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset({"*", "**", "+", "%"})
        code_generator_class = Generator
        concat = staticmethod(_bounded_concat)
        bounded_join = staticmethod(_bounded_join)

        def __init__(self, **options: Any) -> None:
            super().__init__(**options)
            self.globals.pop("lipsum", None)
            self.globals["namespace"] = Namespace

        def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
            if operator == "%":  # printf formatting when `left` is a string
                _check_format(left, "'%'")
                _check((right,), "'%'")
            elif _binop_too_big(operator, left, right):
                _refuse(f"'{operator}' result too large for a template")
            if operator in ("*", "+"):
                count = right if isinstance(right, int) else left if isinstance(left, int) else 1
                _precharge((_estimate(left) + _estimate(right)) * max(abs(count), 1), f"'{operator}'")
            result = super().call_binop(context, operator, left, right)
            _charge(result, f"'{operator}'")
            return result

        def call(__self, __context: jinja2.runtime.Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
            what = f"call of {getattr(__obj, '__name__', type(__obj).__name__)}"
            _check(itertools.chain(args, kwargs.values()), what)
            receiver = getattr(__obj, "__self__", None)
            if getattr(__obj, "__name__", None) == "replace" and len(args) >= 2 and _replace_too_big(receiver, *args[:2]):
                _refuse(f"{what}: result too large for a template")
            if getattr(__obj, "__name__", None) in ("format", "format_map"):
                # jinja2 hands templates str.format wrapped (`__wrapped__`).
                _check_format(getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None), what)
            result = super().call(__context, __obj, *args, **kwargs)
            _check((result,), what)
            _charge(result, what)
            return result

    return Bounded


def sandboxed_environment(**options: Any) -> jinja2.Environment:
    """A sandboxed, bounded jinja2 environment with these options; call
    `bound_filters` once its filters are all added."""
    return _environment_class()(**options)


def bound_filters(env: jinja2.Environment) -> None:
    """Wrap every filter of `env` in the size checks (see the module docstring)."""
    env.filters = {name: _bounded_filter(f, name) for name, f in env.filters.items()}


def render_bounded(template: jinja2.Template, context: dict[str, Any]) -> str:
    """The template rendered with `context`, at most `MAX_OUTPUT` characters
    and `MAX_SECONDS` seconds; `RenderLimitError` past either, and the
    template's own errors (jinja2's, SecurityError, ZeroDivisionError...) as raised."""
    deadline = time.monotonic() + MAX_SECONDS
    _spent[0] = 0
    pieces: list[str] = []
    size = 0
    try:
        with time_limit(MAX_SECONDS):
            chunks = template.generate(**context)
            while batch := list(itertools.islice(chunks, 4096)):
                pieces += batch
                size += sum(map(len, batch))
                if size > MAX_OUTPUT:
                    raise RenderLimitError(f"output longer than {MAX_OUTPUT:,} characters")
                if time.monotonic() > deadline:  # where the timer cannot run
                    raise RenderLimitError(f"took longer than {MAX_SECONDS:g} s")
    except TimeLimitError as exc:
        raise RenderLimitError(str(exc), template_location(exc)) from None
    return "".join(pieces)


def template_location(exc: BaseException) -> tuple[str, int] | None:
    """The template file and line whose code raised `exc`, innermost last
    wins: the frames of compiled template code (``__jinja_template__``), or the
    frames jinja2 puts in their place when it rewrites a traceback."""
    import traceback

    found = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            found = (template.filename or template.name, template.get_corresponding_lineno(line))
        elif frame.f_code.co_name == "top-level template code" or frame.f_code.co_name.startswith("block "):
            found = (frame.f_code.co_filename, line)
    return found
