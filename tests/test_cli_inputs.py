"""cli.py, reading inputs: what is not a regular file, or is too large, is
refused early, with one line naming the file, without reading it whole."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main
from ruldiff.documents.load import MAX_SIZE, read_input

OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])


@pytest.fixture
def good(tmp_path: Path) -> str:
    path = tmp_path / "good.txt"
    path.write_text(OLD, encoding="utf-8")
    return str(path)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def timed(*args: str) -> tuple[int, str]:
    """`run`, which must be quick: refusing is done before any reading."""
    start = time.monotonic()
    outcome = run(*args)
    assert time.monotonic() - start < 5
    return outcome


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("first", [True, False])
def test_dev_zero_is_refused_at_once(good: str, jobs: str, first: bool) -> None:
    pair = ("/dev/zero", good) if first else (good, "/dev/zero")
    assert timed(*pair, "-j", jobs) == (
        2, "Error: /dev/zero: is not a regular file (a device, FIFO or socket) (save the document to a file)\n"
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_fifo_is_refused_with_or_without_a_writer(good: str, tmp_path: Path, jobs: str) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    expected = (2, f"Error: {fifo}: is not a regular file (a device, FIFO or socket) (save the document to a file)\n")
    assert timed(good, str(fifo), "-j", jobs) == expected  # no writer: opening must not wait
    def write() -> None:
        try:
            fifo.write_bytes(OLD.encode())
        except BrokenPipeError:  # ruldiff closed it unread, as it should
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        assert timed(good, str(fifo), "-j", jobs) == expected
    finally:
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # lets a writer still waiting go on
        writer.join(timeout=5)
        os.close(reader)


def test_a_directory_is_refused(good: str, tmp_path: Path) -> None:
    assert timed(str(tmp_path), good) == (2, f"Error: {tmp_path}: is a directory, not a rules document\n")
    assert timed("parse", str(tmp_path))[0] == 2


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_over_max_size_is_refused_naming_the_limit(good: str, tmp_path: Path, jobs: str) -> None:
    big = tmp_path / "big.txt"
    big.write_text(OLD + "x" * 2048, encoding="utf-8")
    assert timed(good, str(big), "--max-size", "2K", "-j", jobs) == (
        2, f"Error: {big}: larger than the 2 KiB allowed (give --max-size to read larger files)\n"
    )
    assert timed("parse", str(big), "--max-size", "2K")[0] == 2
    assert run(good, str(big), "--max-size", "1M", "-j", jobs)[0] == 0  # raised, it is read


def test_the_default_is_well_above_any_real_document_and_exact_at_the_limit(tmp_path: Path) -> None:
    assert MAX_SIZE == 64 * 2**20  # docs/usage.md says so; real documents are ~1.3 MB at most
    exact = tmp_path / "exact.txt"
    exact.write_bytes(b"a" * 1000)
    assert read_input(str(exact), 1000) == b"a" * 1000
    with pytest.raises(Exception, match="larger than the 999 bytes allowed"):
        read_input(str(exact), 999)


@pytest.mark.parametrize("size", ["0", "12X", "-5", ""])
def test_a_bad_max_size_is_a_usage_error(good: str, size: str) -> None:
    status, output = run(good, good, "--max-size", size)
    assert status == 2 and "Invalid value for '--max-size'" in output
