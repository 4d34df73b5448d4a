"""The ``ruldiff`` group and its entry point: the one place where errors become an exit status.

- `main`: the click group; ``ruldiff OLD NEW`` is ``ruldiff diff OLD NEW``
  (`DefaultGroup`), and each command's module is imported only when that
  command runs or the group's help lists it (`COMMANDS`).
- `run`: the console script (and ``python -m ruldiff``): `main` with its
  errors and signals turned into the documented exit status.

A `RuldiffError` raised by any command becomes `Failure` here (`DefaultGroup.invoke`),
one line ``Error: <path>:<line>: <message>`` and exit status 2; so do click's
usage errors, failures to write standard output, and signals (`_status`, `run`).

This module imports click and nothing of ruldiff at its top, so that
``ruldiff --version`` loads nothing it does not print: 93 modules in all,
3 of them ruldiff's, where it loaded 162 (35 of ruldiff's, with
diff_match_patch and json) before the commands were imported on use.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
import warnings
from typing import Any

import click

from .. import __version__

__all__ = ["COMMANDS", "Failure", "Interrupted", "OutputClosed", "main", "run"]

COMMANDS = ("check", "diff", "history", "parse", "review", "schema", "trace")
"""The commands: each the object `command` of the module ``ruldiff.cli.<name>``."""


class Failure(click.ClickException):
    """A RuldiffError as click shows it: ``Error: <path>:<line>: <message>``, exit 2."""

    exit_code = 2


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: raised by the command's signal handler, so
    that every ``finally`` on the way out runs (temporary files removed, child
    processes stopped and reaped); the command then exits with 128 + the
    signal's number. A BaseException, as KeyboardInterrupt is: no ``except
    Exception`` stops it on its way."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class OutputClosed(Exception):
    """Standard output is a pipe whose reader has gone (``ruldiff a b | head -1``)."""


class DefaultGroup(click.Group):
    """A group that runs its default command when the first argument names
    none of its commands nor one of its own options: ``ruldiff OLD NEW`` is
    ``ruldiff diff OLD NEW``, while ``ruldiff -h``, ``ruldiff --help`` and
    ``ruldiff --version`` stay the group's. (The group's options are read
    from its parameters, so that a short name such as ``-h`` is not forwarded
    to ``diff`` while ``--help`` is not, as it once was.)

    Its commands are `COMMANDS`, each imported when first asked for."""

    default_command = "diff"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in COMMANDS and args[0] not in self._own_options(ctx):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)

    def _own_options(self, ctx: click.Context) -> set[str]:
        return {name for param in self.get_params(ctx) for name in (*param.opts, *param.secondary_opts)}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command: click.Command = importlib.import_module(f"{__package__}.{cmd_name}").command
        return command

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a RuldiffError it raises becomes `Failure`: here, and only here."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            from ..errors import RuldiffError  # here, not at the top: see the module's docstring

            if isinstance(exc, RuldiffError):
                raise Failure(str(exc)) from None
            raise


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruldiff")
def main() -> None:
    """Compare two releases of a numbered rules document (game rules,
    tournament policies, regulations): which rules were added, removed,
    changed or renumbered, and the words that changed in each.

    \b
    Examples:
      ruldiff old.txt new.txt                      the changelog, to read here
      ruldiff old.txt new.txt --stat               a summary: counts by section
      ruldiff old.txt new.txt --no-pager           no pager on a terminal
      ruldiff old.txt new.txt -f html -o out.html  one HTML page to share
      ruldiff old.txt new.txt -f md -o CHANGES.md  Markdown for a pull request
      ruldiff old.txt new.txt -f json | jq .       data for a script
      curl -s URL | ruldiff old.txt -              NEW from standard input
      ruldiff parse new.txt -f text                how a document is read
      ruldiff schema                               the JSON Schema of -f json

    \b
    Exit status: 0 success (with --exit-code: no changes), 1 changes found
    (only with --exit-code), 2 any error, told in one line.

    'ruldiff OLD NEW' is short for 'ruldiff diff OLD NEW'; see
    'ruldiff diff --help' for every option of a comparison.
    """


def run() -> None:
    """The ``ruldiff`` command (and ``python -m ruldiff``, through
    `ruldiff.cli.run`, which has tuned the cycle collector): `main`, its
    errors and signals turned into the documented exit status, ending
    without a teardown.

    Exit status: 0, or 1 under ``--exit-code`` when the documents differ; 2
    for any error, always one line on stderr (click's usage errors included);
    130 on SIGINT and 143 on SIGTERM (128 + the signal's number), once
    temporary files are removed and child processes stopped; when standard
    output is a pipe whose reader has gone, the command ends quietly, killed
    by SIGPIPE as git is (the shell shows 141). Python warnings of the
    libraries (pypdf's on damaged PDFs) are not shown, unless asked for with
    ``-W`` or PYTHONWARNINGS.

    When the command is done, its output is flushed and the process ends at
    once (`os._exit`), as mypy's does: freeing the documents, pairs and edits
    one object at a time would take 3% of a comparison of two releases, for
    memory the system takes back anyway. Nothing is left to clean up by then:
    `-o` files are closed and renamed, the workers of a series waited for."""
    if not sys.warnoptions:
        warnings.simplefilter("ignore")
    for signum in _STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # not in a background job
            signal.signal(signum, _interrupt)
    try:
        status = _status(sys.argv[1:])
        _flush_stdout()
    except Interrupted as exc:
        status = 128 + exc.signum
    except OutputClosed:
        status = _end_as_git_does()
    except Failure as exc:
        status = _report(f"Error: {exc.format_message()}", exc.exit_code)
    _flush_stderr()
    os._exit(status)


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _interrupt(signum: int, frame: object) -> None:
    """The command's handler of SIGINT and SIGTERM: raise `Interrupted`, once;
    a second signal waits (is ignored) until the clean-up is done."""
    for other in _STOP_SIGNALS:
        signal.signal(other, signal.SIG_IGN)
    raise Interrupted(signum)


def _status(args: list[str]) -> int:
    """Run `main` on `args`; its exit status. Errors are written here, one
    line each."""
    try:
        result = main.main(args, prog_name="ruldiff", standalone_mode=False)
    except SystemExit as exc:
        if exc.code is not None and not isinstance(exc.code, int):
            return _report(str(exc.code), 2)
        return exc.code or 0
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "ruldiff"
        # Bare `ruldiff`: click's message is the whole help text.
        message = "no documents given: ruldiff OLD NEW" if isinstance(exc, _NO_ARGS) else exc.format_message()
        return _report(f"Error: {message} (see '{where} --help')", exc.exit_code)
    except click.ClickException as exc:
        return _report(f"Error: {exc.format_message()}", exc.exit_code)
    except click.Abort as exc:  # a KeyboardInterrupt where `run`'s handler is not installed
        return 130 if isinstance(exc.__context__, KeyboardInterrupt) else _report("Error: aborted", 2)
    except OutputClosed:
        raise
    except OSError as exc:
        # What click writes itself (help, version) failing: every other file
        # the command touches turns its OSErrors into RuldiffErrors. One
        # that names a file is that file's error, not standard output's.
        if exc.filename is not None:
            reason = exc.strerror or type(exc).__name__
            return _report(f"Error: {exc.filename}: {reason[:1].lower()}{reason[1:]}", 2)
        raise _stdout_failure(exc) from None
    except MemoryError:  # its message is empty: say what it is
        return _report("Error: out of memory: the inputs need more than this process may take (see docs/limits.md)", 2)
    except Exception as exc:  # a bug: still one line, and status 2
        return _report(f"Error: internal error: {type(exc).__name__}: {exc} (please report it)", 2)
    return result if isinstance(result, int) else 0


_NO_ARGS: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""click's error for a group run with no arguments (click 8.2 and later)."""


def _report(message: str, status: int) -> int:
    """Write `message` on stderr as one line (if stderr can still be
    written), control and bidi characters escaped (`errors.printable`: a
    newline in a file name shows as ``\\n``, and cannot start a line that
    looks like another ``Error:``); return `status`."""
    from ..errors import printable  # here, not at the top: see the module's docstring

    with contextlib.suppress(OSError, ValueError):
        click.echo(printable(message.rstrip("\n")), err=True)
    return status


def _end_as_git_does() -> int:
    """End as git does when the reader of its output has gone: killed by
    SIGPIPE, with no message (nothing more is written: the output buffered
    is dropped with the process). Returns 141 where there is no SIGPIPE."""
    sigpipe = getattr(signal, "SIGPIPE", None)
    if sigpipe is not None:
        _flush_stderr()
        signal.signal(sigpipe, signal.SIG_DFL)
        os.kill(os.getpid(), sigpipe)
    return 128 + 13


def _flush_stdout() -> None:
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise _stdout_failure(exc) from None
    except ValueError:  # closed
        pass


def _flush_stderr() -> None:
    """Flush stderr, if there is one (``2>&-`` leaves none) and it can be written."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()


def _stdout_failure(exc: OSError) -> Exception:
    """Standard output failing after the command: `OutputClosed`, or the
    error `output.stdout_error` names, as a `Failure`."""
    from .output import stdout_error  # only on this way out: --version loads only this module

    error = stdout_error(exc)
    return error if isinstance(error, OutputClosed) else Failure(str(error))
