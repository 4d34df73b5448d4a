"""bench/interleave.py: whole commands timed in turn, round after round."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "interleave.py"
spec = importlib.util.spec_from_file_location("interleave", SCRIPT)
assert spec is not None and spec.loader is not None
interleave = importlib.util.module_from_spec(spec)
spec.loader.exec_module(interleave)

PY = sys.executable


def test_each_command_is_timed_every_round_and_compared_with_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    status = interleave.main(
        ["--rounds", "3", "--warmup", "0", f"quick={PY} -c pass", f"slow={PY} -c 'import time; time.sleep(0.2)'"]
    )
    out = capsys.readouterr().out
    assert status == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert set(rows) == {"quick", "slow"}
    assert rows["quick"][-1] == "1.00"
    assert float(rows["slow"][1]) >= 0.2  # the median of a process that sleeps 0.2 s
    assert float(rows["slow"][-1]) > 1.0


def test_a_failing_command_stops_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    status = interleave.main(["--rounds", "1", f"bad={PY} -c 'raise SystemExit(\"boom\")'"])
    assert status == 2
    assert "bad failed: boom" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["no-equals-sign", "=python3", "name="])
def test_commands_must_be_named(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert interleave.main([spec]) == 2
    assert "NAME=COMMAND" in capsys.readouterr().err
