"""Shared fixtures: the real corpora, the sample corpus, and --update-golden."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/ and reports/ from the current output instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The real corpora folder; tests that use it skip, saying why, when it is absent."""
    path = corpora_dir()
    if not (path / "mtg").is_dir():
        pytest.skip(
            f"real corpora not found at {path} (set RULDIFF_CORPORA to the shared corpora folder)"
        )
    return path


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The seed excerpts the project was created from (beside the corpora)."""
    path = corpora_dir().parent / "seeds"
    if not path.is_dir():
        pytest.skip(f"seed excerpts not found at {path} (set RULDIFF_CORPORA to the shared corpora folder)")
    return path


@pytest.fixture(scope="session")
def sample() -> list[Path]:
    """The three versions of the invented sample game, oldest first."""
    files = sorted(SAMPLE.glob("lanternfall-*.txt"))
    assert len(files) >= 3, "the sample corpus needs at least three versions"
    return files
