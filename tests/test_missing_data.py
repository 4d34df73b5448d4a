"""conftest.py: missing corpora or seeds skip a developer's run but fail CI's.

Each case runs pytest in a child process on one small test that needs the
data, with RULDIFF_CORPORA pointing where the data is not.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

ONE_CORPORA_TEST = "tests/test_corpora.py::test_corpora_hold_126_mtg_releases"
PLACEHOLDER = "tests/test_corpora.py::test_every_consecutive_release_diffs_consistently"
ONE_SEEDS_TEST = "tests/test_profiles.py::test_unnumbered_seed_parses_into_its_paragraphs"


def pytest_run(corpora: Path, ci: str | None, *tests: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["RULDIFF_CORPORA"] = str(corpora)
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rsE", "-p", "no:cacheprovider", "-o", "addopts=", *tests],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=300,
    )


def test_a_local_run_without_the_data_skips_naming_the_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "corpora"
    done = pytest_run(missing, None, ONE_CORPORA_TEST, ONE_SEEDS_TEST, PLACEHOLDER)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 skipped" in done.stdout and "error" not in done.stdout
    # The first folder that is missing, not the one below it that was looked for.
    assert done.stdout.count(f"{tmp_path / 'nowhere'} is missing") == 3, done.stdout
    assert "real corpora not found" in done.stdout and "seed excerpts not found" in done.stdout
    assert "set RULDIFF_CORPORA" in done.stdout


def test_a_corpora_folder_without_mtg_names_mtg_and_ci_false_is_a_local_run(tmp_path: Path) -> None:
    done = pytest_run(tmp_path, "false", ONE_CORPORA_TEST)
    assert done.returncode == 0 and "1 skipped" in done.stdout, done.stdout + done.stderr
    assert f"{tmp_path / 'mtg'} is missing" in done.stdout


def test_ci_without_the_data_fails_naming_the_path_and_the_variable(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "corpora"
    done = pytest_run(missing, "true", ONE_CORPORA_TEST, ONE_SEEDS_TEST, PLACEHOLDER)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "skipped" not in done.stdout
    assert "3 errors" in done.stdout
    for test in (ONE_CORPORA_TEST, ONE_SEEDS_TEST, PLACEHOLDER + "[corpora-missing]"):
        (line,) = [line for line in done.stdout.splitlines() if line.startswith(f"ERROR {test} ")]
        assert f"{tmp_path / 'nowhere'} is missing" in line, line
        assert f"RULDIFF_CORPORA={missing}" in line
        assert "CI=true, so this is an error, not a skip" in line


def test_ci_with_the_data_runs_the_tests(corpora: Path, seeds: Path) -> None:
    done = pytest_run(corpora, "true", ONE_CORPORA_TEST, ONE_SEEDS_TEST)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout and "skipped" not in done.stdout
