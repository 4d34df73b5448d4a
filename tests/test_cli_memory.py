"""cli/diff.py, `_give_back_memory`: a long comparison's freed memory goes
back to the system before its page is rendered, and the page is the same."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout, write_pair

import ruldiff.cli.diff as diff_cli
from ruldiff.cli.main import main
from ruldiff.outputs.ahead import RENDER_AHEAD_MAX


def _pair(tmp_path: Path, changed: int) -> tuple[Path, Path]:
    """Two invented documents whose first `changed` rules each change a word."""
    numbers = [f"100.{n}" for n in range(1, changed + 1)]
    old = layout([("1", "Basics"), ("100", "General")] + [(n, f"The crew rows boat {n} home.") for n in numbers])
    new = layout([("1", "Basics"), ("100", "General")] + [(n, f"The crew sails boat {n} home.") for n in numbers])
    return write_pair(tmp_path, old, new)


def _page(old: Path, new: Path, out: Path) -> str:
    result = CliRunner().invoke(main, [str(old), str(new), "-f", "html", "-o", str(out), "-j", "1"])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("changed", "trims"), [(RENDER_AHEAD_MAX + 1, 1), (3, 0)])
def test_only_a_long_comparison_gives_memory_back_before_its_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: int, trims: int
) -> None:
    calls: list[None] = []
    monkeypatch.setattr(diff_cli, "_give_back_memory", lambda: calls.append(None))
    old, new = _pair(tmp_path, changed)
    page = _page(old, new, tmp_path / "out.html")
    assert len(calls) == trims
    assert f"100.{changed}" in page and "sails" in page


def test_the_page_is_the_same_with_the_memory_given_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = _pair(tmp_path, RENDER_AHEAD_MAX + 1)
    trimmed = _page(old, new, tmp_path / "trimmed.html")
    monkeypatch.setattr(diff_cli, "_give_back_memory", lambda: None)
    assert _page(old, new, tmp_path / "kept.html") == trimmed


@pytest.mark.parametrize("missing", ["module", "function"])
def test_a_system_without_malloc_trim_is_passed_over(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    """macOS, musl and Windows have no ``malloc_trim``; an interpreter may lack ctypes."""
    if missing == "module":
        monkeypatch.setitem(sys.modules, "ctypes", None)  # `import ctypes` raises ImportError
    else:
        monkeypatch.setitem(sys.modules, "ctypes", types.SimpleNamespace(CDLL=lambda name: types.SimpleNamespace()))
    diff_cli._give_back_memory()  # no error
