"""A changelog rendered ahead: by the helper that read OLD (`cli/read.py`,
`Forked`), with the built-in template it loaded while this process compared.

- `loading(name, cache)` -> what the helper runs once OLD is sent
  (``then``): `loaded_template`, which loads jinja2 and the template.
- `drawing(helper, name, cache)` -> the ``prepared`` of `render.render`:
  the context sent to the helper and its text brought back (`drawn`), or
  rendered here when the changelog is long or the helper fails.
- `RENDER_AHEAD_MAX`: most changes a changelog may have to be rendered ahead.

The output is the same either way; only where the work runs differs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..documents.forked import Forked

__all__ = ["RENDER_AHEAD_MAX", "drawing", "drawn", "loaded_template", "loading"]

RENDER_AHEAD_MAX = 1_000
"""Most changes a changelog may have for the helper that read OLD to render
it, with the template it loaded while this process compared (jinja2's
import and the template: ~21 ms of CPU). Its context goes there and its
text comes back marshalled, ~11 ms of CPU a megabyte both ways, about
1.1 KB a change: the 2018 pair's 676 changes, 0.8 MB, ~8 ms; the 17-year
gap's 3,794 changes, 4 MB, would cost more than the import saves."""


def loading(name: str, cache: Path | None) -> Callable[[], Callable[[dict[str, Any]], str]]:
    """What the helper runs once OLD is sent: the built-in template `name` loaded."""
    return partial(loaded_template, name, cache)


def drawing(helper: Forked, name: str, cache: Path | None) -> Callable[[dict[str, Any]], str]:
    """A context rendered with the built-in template `name` (`drawn`), by `helper` if it can."""
    return partial(drawn, helper, name, cache)


def loaded_template(name: str, cache: Path | None) -> Callable[[dict[str, Any]], str]:
    """In the helper: the built-in template `name` loaded, and what renders it."""
    from .templating import load_template, render_loaded

    loaded = load_template(name, None, cache)
    return lambda context: render_loaded(loaded, name, context)


def drawn(helper: Forked, name: str, cache: Path | None, context: dict[str, Any]) -> str:
    """`context` rendered with the built-in template `name`: by `helper`
    when the changelog is short enough (`RENDER_AHEAD_MAX`), else, or if the
    helper fails, here (`render_template`, which also raises any error of
    the template's)."""
    if context["total_changes"] <= RENDER_AHEAD_MAX:
        text = helper.ask(context)
        if isinstance(text, str):
            return text
    else:
        helper.stop()
    from .templating import render_template

    return render_template(name, context, cache=cache)
