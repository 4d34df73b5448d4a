"""ahead.py: what the helper process loads and renders is what this process
would have, errors included, and the helper never outlives the command."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import Children
from helpers import doc, layout

from ruldiff.ahead import Ahead
from ruldiff.cli import main
from ruldiff.compare import compare
from ruldiff.errors import ConfigError, ReadError, TemplateError
from ruldiff.model import Document
from ruldiff.render import build_context, render, render_template

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the helper needs os.fork")

OLD = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass <quietly>.")]
NEW = [("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw two cards."), ("100.3.", "Pass <quietly>.")]


def old_doc() -> Document:
    return doc(OLD, path="old.txt")


def only_in_the_helper(parent: int) -> Document:
    """The old document, in the helper; this process loading it itself fails."""
    assert os.getpid() != parent, "loaded here, not by the helper"
    return old_doc()


@pytest.fixture
def context() -> dict[str, Any]:
    return build_context(compare(old_doc(), doc(NEW)))


_children: list[Children] = []


@pytest.fixture(autouse=True)
def _watch(children: Children) -> Iterator[None]:
    _children.append(children)
    yield
    _children.pop()


def children_left() -> bool:
    """Whether a helper this test started was not reaped (running, or a zombie:
    reaped now, as a side effect). Only this test's own children are looked at."""
    (watched,) = _children
    return bool(watched.unreaped())


@needs_fork
@pytest.mark.parametrize("name", ["changelog.md.j2", "changelog.html.j2"])
def test_the_helper_loads_and_renders_what_this_process_would(
    context: dict[str, Any], name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = os.getpid()
    with Ahead(lambda: only_in_the_helper(me), name) as ahead:
        assert ahead._pid is not None  # a helper was started
        assert ahead.old_document() == old_doc()
        # ...and it renders: this process falling back to rendering would fail.
        monkeypatch.setattr("ruldiff.ahead.render_template", None)
        text = ahead(context)
    monkeypatch.undo()
    assert text == render_template(name, context)
    assert "Shuffle." in text and "100.2 → 100.3" in text  # a changelog, not an empty page
    assert not children_left()


@needs_fork
def test_without_a_template_the_helper_only_loads_the_document() -> None:
    me = os.getpid()
    with Ahead(lambda: only_in_the_helper(me)) as ahead:
        assert ahead.old_document() == old_doc()
    assert not children_left()


def test_without_a_helper_everything_is_done_here(context: dict[str, Any]) -> None:
    with Ahead(old_doc, "changelog.md.j2", helper=False) as ahead:
        assert ahead._pid is None
        assert ahead.old_document() == old_doc()
        assert ahead(context) == render_template("changelog.md.j2", context)


@needs_fork
def test_a_helper_never_asked_is_stopped_and_reaped() -> None:
    with Ahead(old_doc, "changelog.html.j2") as ahead:
        pid = ahead._pid
        assert pid is not None
    assert _children[0].pids == [pid]  # the helper is watched...
    assert not children_left()  # ...and was reaped
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@needs_fork
def test_a_helper_that_died_is_replaced_by_working_here(context: dict[str, Any]) -> None:
    with Ahead(old_doc, "changelog.md.j2") as ahead:
        assert ahead._pid is not None
        os.kill(ahead._pid, signal.SIGKILL)
        assert ahead.old_document() == old_doc()
        assert ahead(context) == render_template("changelog.md.j2", context)
    assert not children_left()


@needs_fork
def test_a_context_marshal_cannot_write_is_rendered_here(context: dict[str, Any]) -> None:
    class Title(str):  # a str subclass: marshal refuses it, jinja2 does not
        pass

    context["new"]["title"] = Title(context["new"]["title"])
    with Ahead(old_doc, "changelog.md.j2") as ahead:
        ahead.old_document()
        assert ahead(context) == render_template("changelog.md.j2", context)
    assert not children_left()


@needs_fork
@pytest.mark.parametrize(
    "error",
    [
        ReadError("no such file", path="old.txt"),
        ConfigError("unknown key 'numbred'", key="numbred", path="p.yaml", fix="did you mean 'numbered'?"),
    ],
)
def test_an_error_loading_the_old_document_is_raised_here_as_it_was(error: Exception) -> None:
    def fail() -> Document:
        raise error

    with Ahead(fail, "changelog.md.j2") as ahead, pytest.raises(type(error)) as raised:
        ahead.old_document()
    assert str(raised.value) == str(error)
    assert vars(raised.value) == vars(error)
    assert not children_left()


@needs_fork
@pytest.mark.parametrize(
    ("name", "source", "message"),
    [
        ("changelog.md.j2", "{% if %}\n", "template syntax error"),
        ("changelog.md.j2", "{{ no_such_variable }}\n", "uses an unknown variable: 'no_such_variable' is undefined"),
        ("changelog.md.j2", "{% include 'missing.j2' %}\n", "template missing.j2 not found"),
        ("nowhere.j2", None, "template nowhere.j2 not found"),
    ],
)
def test_template_errors_come_back_as_the_same_error(
    context: dict[str, Any], tmp_path: Path, name: str, source: str | None, message: str
) -> None:
    if source is not None:
        (tmp_path / name).write_text(source, encoding="utf-8")
    with pytest.raises(TemplateError) as here:
        render_template(name, context, tmp_path)
    with Ahead(old_doc, name, tmp_path) as ahead, pytest.raises(TemplateError) as there:
        ahead.old_document()
        ahead(context)
    assert message in str(here.value)
    assert str(there.value) == str(here.value)
    assert vars(there.value) == vars(here.value)
    assert not children_left()


# --- through the command ------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(layout(OLD), encoding="utf-8")
    new.write_text(layout(NEW), encoding="utf-8")
    return str(old), str(new)


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@needs_fork
@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_the_command_gives_the_same_bytes_with_and_without_the_helper(files: tuple[str, str], fmt: str) -> None:
    with_helper, alone = run(*files, "-f", fmt, "-j", "2"), run(*files, "-f", fmt, "-j", "1")
    assert with_helper.exit_code == alone.exit_code == 0
    assert with_helper.output == alone.output == render(compare(doc(OLD, path=files[0]), doc(NEW, path=files[1])), fmt)
    assert not children_left()


@needs_fork
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_old_documents_error_comes_first_then_the_new_ones_then_the_template(
    files: tuple[str, str], tmp_path: Path, jobs: str
) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "changelog.html.j2").write_text("<p>\n{% if %}\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    missing, empty = str(tmp_path / "missing.txt"), str(tmp_path / "empty.txt")
    out = tmp_path / "out.html"
    common = ["-f", "html", "-j", jobs, "--templates", str(tmp_path / "t"), "-o", str(out)]
    outputs = [run(*pair, *common) for pair in [(missing, empty), (files[0], missing), files]]
    assert [r.exit_code for r in outputs] == [2, 2, 2]
    assert [r.output for r in outputs] == [
        f"Error: {missing}: no such file\n",
        f"Error: {missing}: no such file\n",
        f"Error: {tmp_path / 't' / 'changelog.html.j2'}:2: template syntax error: "
        "Expected an expression, got 'end of statement block'\n",
    ]
    assert not out.exists()
    assert not children_left()
