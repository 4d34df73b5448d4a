"""cli.py, `-o FILE`: it writes what it was asked to write, and nothing else.

An input is never overwritten (by any name), a device or FIFO is written
through, a symbolic link stays a link, an existing file keeps its mode, a
read-only file is refused, and no temporary file is left on any way out.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import layout, write_pair

from ruldiff.cli.main import main
from ruldiff.cli.output import output_target

OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
NEW = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw a card.")])


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    return write_pair(tmp_path, OLD, NEW)


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def one_line_error(result) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    return str(lines[0])


def temp_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def stdout_of(*args: object) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return str(result.output)


@pytest.mark.parametrize("which", ["old", "new"])
@pytest.mark.parametrize("how", ["same path", "other spelling", "symlink", "hard link"])
def test_output_naming_an_input_is_refused_and_the_input_untouched(
    files: tuple[Path, Path], tmp_path: Path, which: str, how: str
) -> None:
    target = files[0] if which == "old" else files[1]
    before = target.read_bytes()
    if how == "same path":
        out = target
    elif how == "other spelling":
        (tmp_path / "sub").mkdir()
        out = tmp_path / "sub" / ".." / target.name
    elif how == "symlink":
        out = tmp_path / "link.txt"
        out.symlink_to(target)
    else:
        out = tmp_path / "hard.txt"
        os.link(target, out)
    line = one_line_error(run(*files, "-f", "md", "-o", out))
    assert line == f"Error: {out}: is an input of this command; not overwritten (write elsewhere)"
    assert target.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_output_naming_the_profile_or_the_template_read_is_refused(files: tuple[Path, Path], tmp_path: Path) -> None:
    profile = tmp_path / "mine.yaml"
    profile.write_text("name: mine\nrule: '^(?P<id>\\d{3}\\.\\d+)\\.?\\s+(?P<text>.*)$'\n", encoding="utf-8")
    templates = tmp_path / "tpl"
    templates.mkdir()
    template = templates / "changelog.md.j2"
    template.write_text("{{ summary.added }} added\n", encoding="utf-8")
    for args, read in (
        (["--profile", profile, "-o", profile], profile),
        (["-f", "md", "--templates", templates, "-o", template], template),
        (["parse", files[0], "--profile", profile, "-o", profile], profile),
    ):
        before = read.read_bytes()
        command = args if args[0] == "parse" else [*files, *args]
        assert "is an input" in one_line_error(run(*command))
        assert read.read_bytes() == before
    assert run(*files, "-f", "md", "--templates", templates).output == "1 added\n"  # the template works


@pytest.mark.parametrize(
    "command, option",
    [("diff", "--notes"), ("diff", "--overrides"), ("diff", "--reviewed"), ("check", "--notes"), ("check", "--overrides")],
)
def test_output_naming_an_editors_file_is_refused(files: tuple[Path, Path], tmp_path: Path, option: str, command: str) -> None:
    # Every file an editor gives is read, so none may be the output: -o
    # naming it (by its own name or another) is one line of error, and the
    # file is left as it was.
    editor = {
        "--notes": tmp_path / "notes.yaml",
        "--overrides": tmp_path / "overrides.yaml",
        "--reviewed": tmp_path / "review.json",
    }
    editor["--notes"].write_text("100.1: Shorter games.\n", encoding="utf-8")
    editor["--overrides"].write_text("- {old: 100.1, new: 100.2}\n", encoding="utf-8")
    assert run("review", *files, "--reviewed", editor["--reviewed"], "--accept-all").exit_code == 0
    given = [a for name, path in editor.items() if command == "diff" or name != "--reviewed" for a in (name, path)]  # check: no review
    before = {path: path.read_bytes() for path in editor.values()}
    link = tmp_path / "link"
    link.symlink_to(editor[option])
    for out in (editor[option], link):
        line = one_line_error(run(*([] if command == "diff" else ["check"]), *files, *given, "-o", out))
        assert line == f"Error: {out}: is an input of this command; not overwritten (write elsewhere)"
    assert {path: path.read_bytes() for path in editor.values()} == before
    # Written elsewhere, the same command works: the refusal is the output's alone.
    elsewhere = tmp_path / "out.txt"
    assert run(*([] if command == "diff" else ["check"]), *files, *given, "-o", elsewhere).exit_code in (0, 1)
    assert elsewhere.read_text(encoding="utf-8")


def test_parse_output_naming_its_input_is_refused(files: tuple[Path, Path], tmp_path: Path) -> None:
    link = tmp_path / "same.txt"
    link.symlink_to(files[0])
    assert "is an input" in one_line_error(run("parse", files[0], "-o", link))
    assert files[0].read_text(encoding="utf-8") == OLD


def written_through(device: str) -> bool:
    """Checked before a test writes to a system device: code that would
    replace the device with a file must fail here, not replace it."""
    return output_target(device, ()).through


def test_a_device_is_written_through_not_replaced(files: tuple[Path, Path]) -> None:
    assert written_through("/dev/null")
    assert run(*files, "-o", "/dev/null").exit_code == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # still the device, not a file


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_device_is_a_one_line_error(files: tuple[Path, Path]) -> None:
    assert written_through("/dev/full")
    line = one_line_error(run(*files, "-o", "/dev/full"))
    assert line == "Error: /dev/full: cannot write: No space left on device"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_written_through(files: tuple[Path, Path], tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert run(*files, "-f", "json", "-o", fifo).exit_code == 0
    reader.join(10)
    assert received == [stdout_of(*files, "-f", "json").encode("utf-8")]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert temp_files(tmp_path) == []


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout on this system")
def test_dev_stdout_is_written_through_and_an_appended_log_kept(files: tuple[Path, Path], tmp_path: Path) -> None:
    assert written_through("/dev/stdout")
    command = [sys.executable, "-m", "ruldiff", *map(str, files), "-o", "/dev/stdout"]
    piped = subprocess.run(command, capture_output=True, text=True, timeout=60)
    expected = stdout_of(*files)
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, expected, "")
    log = tmp_path / "log.txt"
    log.write_text("earlier runs\n", encoding="utf-8")
    with open(log, "a", encoding="utf-8") as appended:  # ruldiff ... -o /dev/stdout >> log.txt
        assert subprocess.run(command, stdout=appended, timeout=60).returncode == 0
    assert log.read_text(encoding="utf-8") == "earlier runs\n" + expected
    assert temp_files(tmp_path) == []


def test_a_symlink_stays_a_link_and_its_file_gets_the_text(files: tuple[Path, Path], tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    real = tmp_path / "site" / "changes.md"
    real.write_text("last release's notes\n", encoding="utf-8")
    link = tmp_path / "CHANGES.md"
    link.symlink_to(real)
    assert run(*files, "-f", "md", "-o", link).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == stdout_of(*files, "-f", "md")
    assert temp_files(tmp_path) == [] and temp_files(real.parent) == []


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_an_existing_file_keeps_its_mode(files: tuple[Path, Path], tmp_path: Path, mode: int) -> None:
    out = tmp_path / "changes.html"
    out.write_text("old", encoding="utf-8")
    out.chmod(mode)
    old_mask = os.umask(0o022)
    try:
        assert run(*files, "-f", "html", "-o", out).exit_code == 0
    finally:
        os.umask(old_mask)
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("mode", [0o444, 0o555])
def test_a_read_only_file_is_refused(files: tuple[Path, Path], tmp_path: Path, mode: int) -> None:
    out = tmp_path / "published.md"
    out.write_text("published notes\n", encoding="utf-8")
    out.chmod(mode)
    line = one_line_error(run(*files, "-f", "md", "-o", out))
    assert line == f"Error: {out}: is read-only; not overwritten (make it writable, or write elsewhere)"
    assert out.read_text(encoding="utf-8") == "published notes\n"
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert temp_files(tmp_path) == []


def test_a_directory_as_output_is_one_line(files: tuple[Path, Path], tmp_path: Path) -> None:
    line = one_line_error(run(*files, "-o", tmp_path))
    assert line == f"Error: {tmp_path}: is a directory (give a file name)"


def test_an_unreadable_input_is_one_line(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(OLD, encoding="utf-8")
    secret.chmod(0)
    if os.geteuid() == 0:  # root reads anything: make this file unreadable as it is for a user
        real_access, real_open = os.access, os.open

        def access(path: object, mode: int, *a: object, **kw: object) -> bool:
            return False if str(path) == str(secret) else real_access(path, mode, *a, **kw)  # type: ignore[arg-type]

        def open_(path: object, flags: int, *a: object, **kw: object) -> int:
            if str(path) == str(secret):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, flags, *a, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "access", access)
        monkeypatch.setattr(os, "open", open_)
    line = one_line_error(run(secret, files[1]))
    assert line == f"Error: {secret}: cannot read: Permission denied"


def test_an_error_while_writing_leaves_no_temporary_file(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No template cache: it renames files too, and a cold one would meet the
    # failing rename before the output does.
    monkeypatch.setenv("RULDIFF_CACHE_DIR", "")
    out = tmp_path / "changes.md"
    out.write_text("previous\n", encoding="utf-8")

    def failing_replace(src: object, dst: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", failing_replace)
    assert one_line_error(run(*files, "-f", "md", "-o", out)) == f"Error: {out}: cannot write: Input/output error"
    assert temp_files(tmp_path) == []
    assert out.read_text(encoding="utf-8") == "previous\n"

    def crashing_replace(src: object, dst: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(os, "replace", crashing_replace)
    with pytest.raises(RuntimeError):
        run(*files, "-f", "md", "-o", out)
    assert temp_files(tmp_path) == []
    assert out.read_text(encoding="utf-8") == "previous\n"


@pytest.mark.parametrize("existing", [True, False], ids=["existing target", "new target"])
def test_a_disk_full_halfway_leaves_the_target_as_it_was(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existing: bool
) -> None:
    """The file system fills up once part of the text is written: the error is
    one line, the partial temporary file goes, and the target is untouched
    (still there with its text and mode, or still absent)."""
    out = tmp_path / "changes.html"
    if existing:
        out.write_text("previous\n", encoding="utf-8")
        out.chmod(0o600)
    real_fdopen = os.fdopen
    written: list[str] = []

    class FillsUp:
        def __init__(self, f: Any) -> None:
            self.f = f

        def __enter__(self) -> FillsUp:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def fileno(self) -> int:
            return int(self.f.fileno())

        def write(self, text: str) -> int:
            self.f.write(text[:100])
            self.f.flush()
            written.append(text[:100])
            raise OSError(28, "No space left on device")

    real_open, temporary = os.open, set()

    def open_(path: Any, flags: int, *a: Any, **kw: Any) -> int:
        fd = real_open(path, flags, *a, **kw)
        if str(path).endswith(".tmp") and Path(path).parent == tmp_path:
            temporary.add(fd)  # the temporary file beside the target
        return fd

    def fdopen(fd: int, *a: Any, **kw: Any) -> Any:
        f = real_fdopen(fd, *a, **kw)
        return FillsUp(f) if fd in temporary else f

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "fdopen", fdopen)
    line = one_line_error(run(*files, "-f", "html", "-o", out))
    assert line == f"Error: {out}: cannot write: No space left on device"
    assert written and written[0].startswith("<!DOCTYPE html>")  # it did fail halfway
    assert temp_files(tmp_path) == []
    if existing:
        assert out.read_text(encoding="utf-8") == "previous\n"
        assert stat.S_IMODE(out.stat().st_mode) == 0o600
    else:
        assert not out.exists()


# The command, run for real, receives a signal just before its temporary file
# would be renamed over the target: it must remove it and exit 128 + signal.
SIGNAL_WHILE_WRITING = """
import os, signal, sys, time
import ruldiff.cli as cli
def replace(src, dst):
    os.kill(os.getpid(), int(os.environ["SIGNAL"]))
    time.sleep(30)  # the handler raises here
os.replace = replace
sys.argv = ["ruldiff", *sys.argv[1:]]
cli.run()
"""


@pytest.mark.parametrize("signum", [2, 15], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_writing_leaves_no_temporary_file(files: tuple[Path, Path], tmp_path: Path, signum: int) -> None:
    out = tmp_path / "changes.md"
    out.write_text("previous\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_WHILE_WRITING, *map(str, files), "-f", "md", "-o", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "SIGNAL": str(signum), "RULDIFF_CACHE_DIR": ""},  # the output's rename, not the cache's
        timeout=20,
    )
    assert (done.returncode, done.stderr) == (128 + signum, "")
    assert temp_files(tmp_path) == []
    assert out.read_text(encoding="utf-8") == "previous\n"


@pytest.fixture
def ascii_locale() -> Any:
    """The C locale for this process's text files: what a file opened without
    an explicit encoding would then be written in is ASCII."""
    import locale

    if sys.flags.utf8_mode:
        pytest.skip("in UTF-8 mode the locale does not set the encoding of files")
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


@pytest.mark.parametrize("how", ["file", "fifo"])
def test_the_output_is_utf8_whatever_the_locale(files: tuple[Path, Path], tmp_path: Path, ascii_locale: None,
                                                 how: str) -> None:
    expected = stdout_of(*files, "-f", "md").encode("utf-8")
    assert "→".encode() in expected  # something ASCII cannot hold
    out = tmp_path / "out.md"
    received: list[bytes] = []
    if how == "fifo":
        os.mkfifo(out)
        reader = threading.Thread(target=lambda: received.append(out.read_bytes()), daemon=True)
        reader.start()
    result = run(*files, "-f", "md", "-o", out)
    assert result.exit_code == 0, result.output
    if how == "fifo":
        reader.join(10)
        assert received == [expected]
    else:
        assert out.read_bytes() == expected


def test_a_missing_directory_is_named_as_given(files: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "no such dir" / "out.md"
    assert one_line_error(run(*files, "-o", out)) == f"Error: {out}: cannot write: directory does not exist"
    # Through a symbolic link, the error names the link, as the user wrote it.
    link = tmp_path / "link.md"
    link.symlink_to(out)
    assert one_line_error(run(*files, "-o", link)) == f"Error: {link}: cannot write: directory does not exist"


def test_a_temporary_file_that_cannot_be_made_is_one_line(
    files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.md"
    real_open = os.open

    def refusing(path: Any, flags: int, *a: Any, **kw: Any) -> int:
        if str(path).endswith(".tmp"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a, **kw)

    monkeypatch.setattr(os, "open", refusing)
    assert one_line_error(run(*files, "-o", out)) == f"Error: {out}: cannot write: Permission denied"
    assert not out.exists()
    link = tmp_path / "link.md"  # named as the user wrote it, not as the file it leads to
    link.symlink_to(out)
    assert one_line_error(run(*files, "-o", link)) == f"Error: {link}: cannot write: Permission denied"


def test_a_closed_standard_output_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from ruldiff.cli.output import emit
    from ruldiff.errors import RuldiffError

    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(RuldiffError) as err:
        emit("text")
    assert str(err.value) == "standard output: cannot write: it is closed"


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd on this system")
def test_a_descriptor_of_this_process_is_written_through_by_any_name(files: tuple[Path, Path], tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("earlier runs\n", encoding="utf-8")
    with open(log, "a", encoding="utf-8") as appended:  # what a shell's >> hands over
        fd = appended.fileno()
        (tmp_path / "hop").symlink_to(f"/dev/fd/{fd}")
        (tmp_path / "out.md").symlink_to("hop")  # relative: read from the link's own directory
        for name in (f"/dev/fd/{fd}", f"/proc/self/fd/{fd}", str(tmp_path / "out.md")):
            assert output_target(name, ()).through, name
        assert run(*files, "-o", f"/dev/fd/{fd}").exit_code == 0
    assert log.read_text(encoding="utf-8") == "earlier runs\n" + stdout_of(*files)


def test_a_regular_file_is_replaced_whatever_its_path_looks_like(tmp_path: Path) -> None:
    import tempfile

    top = Path(tempfile.mkdtemp(dir="/tmp"))  # /tmp/NAME/fd: "fd" where /proc/N/fd has it
    try:
        (top / "fd").write_text("old", encoding="utf-8")
        assert not output_target(str(top / "fd"), ()).through
    finally:
        (top / "fd").unlink()
        top.rmdir()
    # Forty links, the most the system follows, to a regular file: still that file.
    target = tmp_path / "file.md"
    target.write_text("old", encoding="utf-8")
    link = target
    for n in range(40):
        (tmp_path / f"link{n}").symlink_to(link.name)
        link = tmp_path / f"link{n}"
    assert not output_target(str(link), ()).through
    assert output_target(str(link), ()).real == str(target)


def test_an_input_that_cannot_be_read_is_no_reason_to_refuse_the_output(tmp_path: Path) -> None:
    out = tmp_path / "out.md"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o640)
    target = output_target(str(out), [str(tmp_path / "missing.txt"), "bad\0name"])
    assert (target.through, target.mode) == (False, 0o640)


def test_write_atomic_names_the_file_as_shown(tmp_path: Path) -> None:
    from ruldiff.cli.output import write_atomic
    from ruldiff.errors import RuldiffError

    missing = tmp_path / "no such dir" / "out.md"
    with pytest.raises(RuldiffError) as err:
        write_atomic(str(missing), "text", shown="out.md")
    assert str(err.value) == "out.md: cannot write: directory does not exist"
    with pytest.raises(RuldiffError) as err:
        write_atomic(str(missing), "text")
    assert str(err.value) == f"{missing}: cannot write: directory does not exist"


def test_a_text_longer_than_a_slice_is_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ruldiff.cli.output as output

    monkeypatch.setattr(output, "_SLICE", 7)  # slices cut inside a line and after a two-byte character
    text = "Règle 1 → “draw” a card.\n" * 5 + "end"
    out = tmp_path / "out.html"
    output.write_atomic(str(out), text)
    assert out.read_bytes() == text.encode("utf-8") and temp_files(tmp_path) == []


def test_a_page_from_its_context_is_the_page_from_the_comparison() -> None:
    from ruldiff.diff.pipeline import compare
    from ruldiff.documents.parse import parse
    from ruldiff.documents.read import decode
    from ruldiff.outputs.context import build_context
    from ruldiff.outputs.render import render

    comparison = compare(parse(decode(OLD.encode(), "old.txt")), parse(decode(NEW.encode(), "new.txt")))
    for fmt in ("html", "md", "text", "context"):
        assert render(None, fmt, context=build_context(comparison)) == render(comparison, fmt)
    assert render(None, "md", style="bulletin", context=build_context(comparison)) == render(comparison, "md", style="bulletin")
    with pytest.raises(ValueError, match="needs the comparison"):
        render(None, "json", context=build_context(comparison))


def test_a_stream_that_takes_part_of_the_text_is_given_the_rest() -> None:
    from ruldiff.cli.output import _write_all

    class Unbuffered:  # python -u: each write may take only a few bytes
        def __init__(self) -> None:
            self.data, self.flushed, self.calls = b"", False, 0

        def write(self, view: memoryview) -> int | None:
            self.calls += 1
            if self.calls == 2:
                return None  # a non-blocking stream that could take nothing this time
            self.data += bytes(view[:3])
            return min(3, len(view))

        def flush(self) -> None:
            self.flushed = True

    out = Unbuffered()
    _write_all(out, "Draw a card → then pass.".encode())  # type: ignore[arg-type]
    assert (out.data.decode(), out.flushed) == ("Draw a card → then pass.", True)


def test_an_interrupt_just_after_the_rename_is_still_an_interrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ruldiff.cli.output import write_atomic

    real_replace = os.replace

    def replaced_then_interrupted(src: Any, dst: Any) -> None:
        real_replace(src, dst)
        raise KeyboardInterrupt  # Ctrl-C as the rename returns: the temporary file is gone already

    monkeypatch.setattr(os, "replace", replaced_then_interrupted)
    out = tmp_path / "out.md"
    with pytest.raises(KeyboardInterrupt):
        write_atomic(str(out), "new text")
    assert out.read_text(encoding="utf-8") == "new text" and temp_files(tmp_path) == []


def test_standard_output_gets_the_encoded_text_through_its_buffer_or_its_text_layer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from ruldiff.cli.output import emit
    from ruldiff.errors import RuldiffError

    class Stdout:  # what sys.stdout is, with a binary buffer under it
        def __init__(self, errors: str, fails: OSError | None = None) -> None:
            self.encoding, self.errors, self.buffer, self.fails = "ascii", errors, io.BytesIO(), fails
            self.buffer.write = self.write_bytes  # type: ignore[method-assign]

        def write_bytes(self, data: memoryview) -> int:
            if self.fails is not None:
                raise self.fails
            return io.BytesIO.write(self.buffer, data)

        def write(self, text: str) -> int:
            raise AssertionError("the text layer would drop what an unbuffered stream does not take")

        def flush(self) -> None:
            pass

    out = Stdout("replace")
    monkeypatch.setattr(sys, "stdout", out)
    emit("Draw → pass")
    assert out.buffer.getvalue() == b"Draw ? pass"  # in the stream's encoding, with its error handler
    monkeypatch.setattr(sys, "stdout", Stdout("strict", OSError(28, "No space left on device")))
    with pytest.raises(RuldiffError) as err:
        emit("text")
    assert str(err.value) == "standard output: cannot write: No space left on device"
    text_only = io.StringIO()  # a stream with no buffer: written as text
    monkeypatch.setattr(sys, "stdout", text_only)
    emit("Draw → pass")
    assert text_only.getvalue() == "Draw → pass"


def test_output_target_names_the_path_as_given(tmp_path: Path) -> None:
    from ruldiff.errors import RuldiffError

    new, existing = tmp_path / "new.md", tmp_path / "old.md"
    existing.write_text("old", encoding="utf-8")
    assert output_target(str(new), ()).path == str(new)
    assert output_target(str(existing), ()).path == str(existing)
    with pytest.raises(RuldiffError) as err:
        output_target(str(existing / "out.md"), ())  # a file where a directory should be
    assert str(err.value) == f"{existing / 'out.md'}: cannot write: Not a directory"
