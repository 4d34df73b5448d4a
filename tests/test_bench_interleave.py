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
        ["--rounds", "3", "--warmup", "0", f"quick={PY} -c 'import time; time.sleep(0.05)'",
         f"slow={PY} -c 'import time; time.sleep(0.2)'"]
    )
    out = capsys.readouterr().out
    assert status == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert set(rows) == {"quick", "slow"}
    assert float(rows["slow"][1]) >= 0.2  # the median of a process that sleeps 0.2 s
    # The ratio is the slow median over the quick one (rounded to 3 decimals as shown: the quick
    # command sleeps too, so that rounding its median moves the ratio by 1% at most; a bare
    # interpreter start, ~8 ms on a fast machine, rounded to 0.008, moved it by 5% and more).
    assert float(rows["slow"][-1]) == pytest.approx(float(rows["slow"][1]) / float(rows["quick"][1]), rel=0.05)
    assert float(rows["slow"][-1]) > 1.0


def test_rounds_interleave_the_commands_and_the_ratio_is_of_medians(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Times chosen so that median, mean, min and max give different ratios.
    times = {"a": iter([99.0, 1.0, 2.0, 9.0]), "b": iter([99.0, 3.0, 5.0, 30.0])}
    calls: list[str] = []

    def timed(argv: list[str]) -> float:
        calls.append(argv[0])
        return next(times[argv[0]])

    monkeypatch.setattr(interleave, "run_once", timed)
    assert interleave.main(["--rounds", "3", "--warmup", "1", "first=a x", "second=b y"]) == 0
    assert calls == ["a", "b"] * 4  # one warm-up round, then three, each command once per round in turn
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 rounds, each command once per round, in this order"
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert rows == {
        "first": ["2.000", "4.000", "1.000", "9.000", "1.00"],  # the warm-up's 99 s left out
        "second": ["5.000", "12.667", "3.000", "30.000", "2.50"],  # 5 / 2: medians
    }


def test_a_failing_command_stops_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    status = interleave.main(["--rounds", "1", f"bad={PY} -c 'raise SystemExit(\"boom\")'"])
    assert status == 2
    assert "bad failed: boom" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["no-equals-sign", "=python3", "name="])
def test_commands_must_be_named(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert interleave.main([spec]) == 2
    assert "NAME=COMMAND" in capsys.readouterr().err
