"""Shared fixtures: the real corpora, the sample corpus, and --update-golden."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "corpora"


def corpora_dir() -> Path:
    """The shared real corpora: $RULDIFF_CORPORA, else ../shared/corpora beside the repo."""
    env = os.environ.get("RULDIFF_CORPORA")
    return Path(env) if env else ROOT.parent / "shared" / "corpora"


def pytest_configure(config: pytest.Config) -> None:
    # The command caches compiled templates in the user's cache directory;
    # tests use a directory of their own, removed at the end.
    if "RULDIFF_CACHE_DIR" not in os.environ:
        os.environ["RULDIFF_CACHE_DIR"] = tempfile.mkdtemp(prefix="ruldiff-test-cache-")
        config.stash[_OWN_CACHE] = os.environ["RULDIFF_CACHE_DIR"]


def pytest_unconfigure(config: pytest.Config) -> None:
    own = config.stash.get(_OWN_CACHE, None)
    if own is not None:
        shutil.rmtree(own, ignore_errors=True)


_OWN_CACHE = pytest.StashKey[str]()
T = TypeVar("T")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/ and reports/ from the current output instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def in_ci() -> bool:
    """Whether this run is CI's (.ci/run sets CI=true): there, missing data is an error."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def require(path: Path, what: str) -> Path:
    """PATH, a folder that must exist. Missing: a skip that names the folder
    actually missing on a developer's machine, a failure under CI=true, so that
    CI cannot pass without the real data."""
    missing = next((p for p in [*reversed(path.parents), path] if not p.is_dir()), None)
    if missing is None:
        return path
    source = f"RULDIFF_CORPORA={os.environ['RULDIFF_CORPORA']}" if os.environ.get("RULDIFF_CORPORA") \
        else "RULDIFF_CORPORA unset: the default, ../shared/corpora beside the repository"
    message = f"{what} not found: {missing} is missing ({source}; set RULDIFF_CORPORA to the shared corpora folder)"
    if in_ci():
        pytest.fail(f"{message}; CI=true, so this is an error, not a skip", pytrace=False)
    pytest.skip(message)


def each(items: Sequence[T], name: Callable[[T], str]) -> list[Any]:
    """Parameters read from the corpora at collection time; when there are none
    (the corpora are missing), one placeholder, so that the test still runs its
    ``corpora`` fixture, which fails under CI=true, instead of pytest quietly
    skipping an empty parameter set."""
    return [pytest.param(item, id=name(item)) for item in items] or [pytest.param(None, id="corpora-missing")]


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The real corpora folder; missing, tests that use it skip (fail under CI=true), saying why."""
    return require(corpora_dir() / "mtg", "real corpora").parent


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The seed excerpts the project was created from (beside the corpora)."""
    return require(corpora_dir().parent / "seeds", "seed excerpts")


@pytest.fixture(scope="session")
def sample() -> list[Path]:
    """The three versions of the invented sample game, oldest first."""
    files = sorted(SAMPLE.glob("lanternfall-*.txt"))
    assert len(files) >= 3, "the sample corpus needs at least three versions"
    return files


class Children:
    """The processes a test forks (through ``os.fork``), recorded as they start."""

    def __init__(self) -> None:
        self.pids: list[int] = []

    def unreaped(self) -> list[int]:
        """Those not yet waited for: running, or zombies (reaped now, as a side
        effect). Only this test's own children are looked at, never
        ``waitpid(-1)``, so a child leaked by another test cannot fail this one."""
        left = []
        for pid in self.pids:
            try:
                os.waitpid(pid, os.WNOHANG)  # running, or a zombie nobody waited for
            except ChildProcessError:
                continue  # waited for
            left.append(pid)
        return left


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> Children:
    """Records every process forked during the test; see `Children.unreaped`."""
    seen = Children()
    real_fork = os.fork

    def recording_fork() -> int:
        pid = real_fork()
        if pid > 0:
            seen.pids.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", recording_fork)
    return seen
