"""Run many ruldiff commands in one process: the scorer's helper.

Run by the interpreter under test (``--python``), so it imports nothing but
the standard library and ruldiff. Reads one JSON array of arguments per line
on standard input (``["parse", "v1.txt", "-f", "json", "-o", "out.json"]``)
and answers one JSON line each on standard output: ``{"rc": N, "err": "..."}``.
What the command writes to its own standard output or error is captured, so
it cannot break the protocol. Saves the start-up of a process per command
(some 0.3 s each, more than a parse of a small document).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys


def main() -> None:
    channel = sys.stdout
    try:
        from ruldiff.cli import main as ruldiff_main
    except Exception as exc:  # report it on every request, so the scorer says why
        ruldiff_main = None
        failure = f"cannot import ruldiff: {type(exc).__name__}: {exc}"
    for line in sys.stdin:
        args = json.loads(line)
        captured = io.StringIO()
        rc = 2
        if ruldiff_main is None:
            captured.write(failure)
        else:
            try:
                with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
                    result = ruldiff_main.main(args, prog_name="ruldiff", standalone_mode=False)
                rc = result if isinstance(result, int) else 0
            except SystemExit as exc:
                rc = exc.code if isinstance(exc.code, int) else 2
            except BaseException as exc:  # a crash of the tool is a result to count, not the end of the run
                captured.write(f"{type(exc).__name__}: {exc}")
                rc = 2
        channel.write(json.dumps({"rc": rc, "err": captured.getvalue()[-400:]}) + "\n")
        channel.flush()


if __name__ == "__main__":
    main()
