"""``ruldiff review OLD NEW --reviewed FILE``: the changes not yet accepted, one at a time.

Two sessions may share a state file (two editors, a script and an editor):
each writes under a lock (``FILE.lock`` beside it, ``flock``), re-reading the
file under that lock and writing its own answers over what is there
(`review.merge`), so that neither loses the other's entries. The lock is
held only while the file is re-read and replaced, never while an editor
answers; the lock file stays (removing it would let a third session lock
another file of the same name).
"""

from __future__ import annotations

import contextlib
import difflib
import os
import sys
import time
from collections.abc import Callable, Iterator

import click

from ..diff.pipeline import compare
from ..documents.load import STDIO, Stdin, load, read_editor_file
from ..documents.profiles import BUILTIN
from ..editorial.annotate import annotate, read_editorial
from ..editorial.review import Accepted, Answer, dump_reviewed, merge, parse_reviewed, partition, walk
from ..errors import RuldiffError
from ..model import Change, Comparison, change_id
from ..outputs.context import build_context
from ..outputs.text import change_text
from .options import color_option, max_size_option
from .output import inputs, isatty, output_target, use_color, warn, write_atomic

__all__ = ["command"]

LOCK_SECONDS = 30.0
"""How long a session waits for another to write the state file (which
takes milliseconds) before giving up: a process stopped while holding the
lock does not hang this one."""


@click.command("review")
@click.argument("old")
@click.argument("new")
@click.option(
    "--reviewed",
    metavar="FILE",
    required=True,
    help="The review state to read (when it exists) and write: JSON, one entry per accepted change.",
)
@click.option(
    "--accept-all",
    is_flag=True,
    help="Ask nothing: accept every change not yet accepted as it is now (for a script; "
    "without it, review asks in the terminal and refuses to run without one).",
)
@click.option(
    "--accept",
    "accept_ids",
    multiple=True,
    metavar="ID",
    help="Ask nothing: accept the change of this ID as it is now (repeatable; a removed rule's "
    "ID is '302.2b (removed)', as --list prints it).",
)
@click.option(
    "--list",
    "list_only",
    is_flag=True,
    help="Print the changes not yet accepted as they are (status, ID, kind; tab-separated), "
    "and write nothing.",
)
@click.option(
    "--overrides",
    metavar="FILE",
    help="Match overrides, as for 'ruldiff diff': the same pairing the changelog shows.",
)
@click.option(
    "--profile",
    metavar="NAME|FILE",
    help=f"How to read the documents: {', '.join(BUILTIN)}, or your own YAML profile. Detected when omitted.",
)
@color_option("the changes shown")
@max_size_option
def command(
    old: str,
    new: str,
    reviewed: str,
    accept_all: bool,
    accept_ids: tuple[str, ...],
    list_only: bool,
    overrides: str | None,
    profile: str | None,
    color: str,
    max_size: int,
) -> None:
    """Walk the changes from OLD to NEW not yet accepted (new ones, then
    those that differ since they were accepted), one at a time: accept,
    skip, note (accept with an editor's note) or quit. The review state
    FILE is written when the walk ends (quit included), all at once;
    Ctrl-C leaves it as it was. Sessions sharing FILE keep each other's
    answers (it is re-read and merged under a lock, FILE.lock).

    \b
    Examples:
      ruldiff review last.txt draft.txt --reviewed review.json
      ruldiff draft-1.txt draft-2.txt --reviewed review.json --hide-reviewed
      ruldiff review last.txt draft.txt --reviewed review.json --accept-all
      ruldiff review last.txt draft.txt --reviewed review.json --list
      ruldiff review last.txt draft.txt --reviewed review.json --accept 101.2a --accept '302.2b (removed)'
    """
    if reviewed == STDIO:
        raise click.UsageError("--reviewed must name a file: the review state is read and written there")
    modes = [name for name, on in (("--accept-all", accept_all), ("--accept", bool(accept_ids)),
                                   ("--list", list_only)) if on]
    if len(modes) > 1:
        raise click.UsageError(f"give one of {', '.join(modes)}: each says what the session does")
    scripted = bool(modes)
    if not scripted and (STDIO in (old, new) or not isatty(sys.stdin)):
        raise RuldiffError(
            "review asks in the terminal, and standard input is not one; "
            "give --accept-all, --accept ID or --list"
        )
    read = inputs(old, new, profile=profile) + ([overrides] if overrides else [])
    target = output_target(reviewed, read)  # before reading it: never an input
    if target is None or target.through:
        raise RuldiffError("is not a regular file; the review state is written as one", path=reviewed)
    state = _read_state(reviewed)
    editor = read_editorial(None, overrides, None)
    stdin = Stdin(max_size)
    old_doc, new_doc = (load(path, profile, max_size, stdin) for path in (old, new))
    plan, unmet = editor.plan(old_doc, new_doc)
    for warning in unmet:
        warn(warning)
    comparison = compare(old_doc, new_doc, plan=plan)
    if list_only:
        parts = partition(comparison.changes, state)
        for status, changes in (("new", parts.new), ("differs", parts.differs)):
            for c in changes:
                click.echo(f"{status}\t{change_id(c)}\t{c.kind.value}")
        return
    ask: Callable[[Change, int, int], Answer]
    if accept_all:
        ask = _accept_all
    elif accept_ids:
        ask = _accept_these(comparison, state, accept_ids)
    else:
        ask = _terminal_asker(comparison, state, use_color(color, None))
    after = walk(comparison.changes, state, ask)
    recorded = {k: a for k, a in after.items() if state.get(k) != a}
    with _locked(target.real, reviewed):
        current = _read_state(reviewed)
        write_atomic(target.real, dump_reviewed(merge(recorded, current)), mode=target.mode, shown=reviewed)
    n = len(recorded)
    kept = sum(1 for k, a in current.items() if k not in recorded and state.get(k) != a)
    also = f" (and {kept} another session recorded meanwhile, kept)" if kept else ""
    click.echo(f"{n} change{'s' if n != 1 else ''} recorded in {reviewed}{also}")


def _read_state(path: str) -> dict[str, Accepted]:
    """The review state in `path`, empty when there is no such file yet."""
    return parse_reviewed(read_editor_file(path, "review state"), path) if os.path.lexists(path) else {}


@contextlib.contextmanager
def _locked(real: str, shown: str) -> Iterator[None]:
    """An exclusive lock on ``<real>.lock`` (made if need be) for the block:
    a second session waits there until the first has written. Where there is
    no ``flock`` (Windows), the block runs unlocked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    lock = f"{real}.lock"
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(lock, flags, 0o666)
    except OSError as exc:
        raise RuldiffError(f"cannot lock the review state: {exc.strerror}", path=f"{shown}.lock") from None
    try:
        deadline = time.monotonic() + LOCK_SECONDS
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise RuldiffError(
                        f"another session has held the lock for {LOCK_SECONDS:g} s; nothing written",
                        path=f"{shown}.lock", fix="try again once it has finished",
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # releases the lock


def _accept_all(change: Change, k: int, n: int) -> Answer:
    return ("accept", "")


def _accept_these(comparison: Comparison, state: dict[str, Accepted], ids: tuple[str, ...]) -> Callable[
    [Change, int, int], Answer
]:
    """`walk`'s answer for ``--accept ID...``: accept those, skip the rest. An
    ID that is no change of this comparison is an error, with the closest
    one; an ID accepted as it is is nothing to do."""
    known = {change_id(c) for c in comparison.changes}
    for wanted in ids:
        if wanted not in known:
            close = difflib.get_close_matches(wanted, sorted(known), n=1, cutoff=0.6)
            removed = f"{wanted} (removed)"
            hint = removed if removed in known else (close[0] if close else "")
            raise RuldiffError(
                f"--accept {wanted}: no change has this ID" + (f"; did you mean {hint!r}?" if hint else ""),
                fix="ruldiff review ... --list prints the IDs of the changes not yet accepted",
            )
    chosen = set(ids)

    def ask(change: Change, k: int, n: int) -> Answer:
        return ("accept", "") if change_id(change) in chosen else ("skip", "")

    return ask


_ANSWERS = {"a": "accept", "s": "skip", "n": "note", "q": "quit"}


def _terminal_asker(
    comparison: Comparison, state: dict[str, Accepted], color: bool
) -> Callable[[Change, int, int], Answer]:
    """`review.walk`'s question in the terminal: the change as the text
    changelog shows it, then a one-letter answer; end of input is quit."""
    _, annotations = annotate(comparison, None, state)
    context = build_context(comparison, annotations)
    # By ID and kind: a number removed and then reused is two changes of one ID.
    shown = {
        (c["id"], c["kind"]): c
        for group in (*(s["changes"] for s in context["sections"]), context["glossary"], context["mechanical"],
                      context["renumbered_only"])
        for c in group
    }

    def ask(change: Change, k: int, n: int) -> Answer:
        rule = change.new or change.old
        assert rule is not None
        click.echo(f"\n[{k}/{n}]")
        click.echo(change_text(shown[rule.id, change.kind.value], color=color), nl=False)
        try:
            letter = click.prompt(
                "a accept, s skip, n note, q quit", type=click.Choice(list(_ANSWERS)), show_choices=False
            )
            action = _ANSWERS[letter]
            note = click.prompt("note (Markdown, one line)") if action == "note" else ""
        except click.Abort:  # end of input
            return ("quit", "")
        return (action, note)

    return ask
