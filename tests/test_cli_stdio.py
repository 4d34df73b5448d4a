"""cli.py, ``-``: standard input as OLD, NEW or FILE, standard output as ``-o -``.

Standard input is read as a file is (the same size cap, the same encoding
detection), once, and named ``<stdin>`` in messages and outputs.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import PAIR_NEW, PAIR_OLD, RULDIFF, write_pair

from ruldiff.cli.main import main

OLD, NEW = PAIR_OLD, PAIR_NEW


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    return write_pair(tmp_path, OLD, NEW)


def run(*args: object, input: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def one_line_error(result) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return str(lines[0])


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("which", ["old", "new"])
def test_dash_reads_standard_input_as_either_document(files: tuple[Path, Path], which: str, jobs: str) -> None:
    old, new = files
    from_files = json.loads(run(old, new, "-f", "json", "-j", jobs).output)
    args = ("-", new) if which == "old" else (old, "-")
    piped = run(*args, "-f", "json", "-j", jobs, input=(old if which == "old" else new).read_bytes())
    assert piped.exit_code == 0, piped.output
    data = json.loads(piped.output)
    assert data[which]["path"] == "<stdin>"
    assert data["changes"] == from_files["changes"] and data["summary"] == from_files["summary"]


def test_standard_input_in_any_encoding_is_read_as_a_file_is(files: tuple[Path, Path]) -> None:
    old, new = files
    expected = json.loads(run(old, new, "-f", "json").output)["changes"]
    for encoded in (NEW.encode("utf-16"), b"\xef\xbb\xbf" + NEW.replace("\n", "\r\n").encode()):
        result = run(old, "-", "-f", "json", input=encoded)
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["changes"] == expected


def test_errors_in_standard_input_name_it_stdin_with_the_line(files: tuple[Path, Path]) -> None:
    line = one_line_error(run(files[0], "-", input=b"1. Basics\n\n100.1. Draw \x81 card.\n"))
    assert line.startswith("Error: <stdin>:3: cannot decode byte 0x81")
    assert one_line_error(run(files[0], "-", input=b"")) == "Error: <stdin>: no paragraphs found (the file holds no text)"


def test_standard_input_over_max_size_is_refused(files: tuple[Path, Path]) -> None:
    cap = len(NEW.encode()) + 10  # OLD, a file, is under it
    padded = NEW.encode() + b"\n" * (cap - len(NEW.encode()))
    assert len(padded) == cap and run(files[0], "-", "--max-size", cap, input=padded).exit_code == 0
    line = one_line_error(run(files[0], "-", "--max-size", cap, input=padded + b"\n"))
    assert line == f"Error: <stdin>: larger than the {cap} bytes allowed (give --max-size to read larger files)"


def test_both_documents_from_standard_input_is_a_usage_error(files: tuple[Path, Path]) -> None:
    done = subprocess.run([*RULDIFF, "-", "-"], input=OLD, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("Error: OLD and NEW cannot both be standard input ('-'); give one of them as a file "
                           "(see 'ruldiff diff --help')\n")


def test_errors_keep_their_order_old_first(files: tuple[Path, Path], tmp_path: Path) -> None:
    # NEW from standard input is too large, OLD is missing: OLD's error is the one shown.
    missing = tmp_path / "missing.txt"
    line = one_line_error(run(missing, "-", "--max-size", "10", input=NEW.encode()))
    assert line == f"Error: {missing}: no such file"


def test_parse_reads_standard_input(files: tuple[Path, Path]) -> None:
    result = run("parse", "-", input=OLD.encode())
    assert result.exit_code == 0 and json.loads(result.output)["path"] == "<stdin>"


@pytest.mark.parametrize("fmt", ["text", "json", "md"])
def test_dash_o_dash_writes_standard_output_and_no_file(files: tuple[Path, Path], tmp_path: Path,
                                                        fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    plain = run(*files, "-f", fmt)
    dashed = run(*files, "-f", fmt, "-o", "-")
    assert dashed.exit_code == 0 and dashed.stdout_bytes == plain.stdout_bytes
    assert not (tmp_path / "-").exists()
    parsed = run("parse", files[0], "-o", "-")
    assert parsed.exit_code == 0 and parsed.output.startswith("{") and not (tmp_path / "-").exists()


def test_output_over_the_file_standard_input_reads_is_refused(files: tuple[Path, Path]) -> None:
    old, new = files
    before = new.read_bytes()
    with open(new, "rb") as stdin:
        done = subprocess.run([*RULDIFF, str(old), "-", "-o", str(new)], stdin=stdin, capture_output=True,
                              text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"Error: {new}: is an input of this command; not overwritten (write elsewhere)\n"
    assert new.read_bytes() == before


def test_a_pipeline_through_standard_input_and_output(files: tuple[Path, Path]) -> None:
    old, new = files
    done = subprocess.run([*RULDIFF, str(old), "-", "-f", "json", "-o", "-", "--exit-code"],
                          input=new.read_bytes(), capture_output=True, timeout=60)
    assert done.returncode == 1 and done.stderr == b""
    assert json.loads(done.stdout)["new"]["path"] == "<stdin>"


def test_a_closed_standard_input_is_a_one_line_error(files: tuple[Path, Path]) -> None:
    done = subprocess.run([*RULDIFF, str(files[0]), "-"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          preexec_fn=lambda: os.close(0), timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "Error: <stdin>: cannot read: it is closed\n")
