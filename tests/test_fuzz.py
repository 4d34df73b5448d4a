"""A bounded fuzz run of the reader, the parser and the command.

Whatever the bytes, `decode` + `parse` either give a document or raise a
`RuldiffError` (never another exception), and the command exits 0, 1 or 2
with at most one line on stderr and no traceback.

The run is derandomized (the same examples on every run, so CI is
deterministic) and bounded: RULDIFF_FUZZ_EXAMPLES sets the number of
examples of each test (default 150; the command's tests take a fifth of it,
the process test a twentieth). For a longer run by hand:

    RULDIFF_FUZZ_EXAMPLES=5000 .venv/bin/python -m pytest tests/test_fuzz.py

and RULDIFF_FUZZ_SEED=N draws other examples than the default ones.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, seed, settings
from hypothesis import strategies as st
from pdfmaker import make_pdf

from ruldiff.cli import main as cli
from ruldiff.errors import RuldiffError
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import BUILTIN, load_profile
from ruldiff.documents.read import decode

EXAMPLES = int(os.environ.get("RULDIFF_FUZZ_EXAMPLES", "150"))
SEED = os.environ.get("RULDIFF_FUZZ_SEED")


def bounded(examples: int) -> settings:
    """Settings of a test that draws `examples` examples, the same on every
    run (or those of RULDIFF_FUZZ_SEED), without a deadline: a slow machine
    is no failure."""
    return settings(
        max_examples=max(1, examples),
        deadline=None,
        derandomize=SEED is None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def seeded(test):  # type: ignore[no-untyped-def]
    """The test with RULDIFF_FUZZ_SEED's examples, when it is set."""
    return seed(int(SEED))(test) if SEED is not None else test


# --- what the documents are made of -----------------------------------------

# Pieces of the layouts the parser knows, and of what breaks them.
NUMBERS = st.sampled_from(
    ["1.", "9.", "10.", "100.", "100.1", "100.1.", "100.1a", "100.1a.", "999.99z", "103.1.b.2.", "000.",
     "1.a.", "5.a.", "408.f", "100.2#2", "12", "1)", "(a)", "§ 1.1", "Art. 3", "IV.", ""]
)
WORDS = st.sampled_from(
    ["Draw", "a", "card", "See", "rule", "rules", "section", "Example:", "EXAMPLE:", "Glossary", "Credits",
     "Contents", "Index", "Introduction", "These rules are effective as of", "May 1, 2024", "2024-05-01",
     "Comprehensive Rules", "and", "or", "“quoted”", "—", "...", "%", "{2/R}", "*", "_", "`", "<b>", "|",
     "\t", "\u200b", "\f", "\u00a0", "\ufeff", "ß", "İ", "ﬁ", "\u0301", "🂡", "=====", "-----"]
)
LINE = st.one_of(
    st.builds(lambda n, ws: " ".join([n, *ws]), NUMBERS, st.lists(WORDS, max_size=8)),
    st.lists(WORDS, max_size=6).map(" ".join),
    st.text(max_size=40),
    st.just(""),
)
ENDINGS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def rules_like(draw: st.DrawFn) -> bytes:
    """A text in the shape of a rules document, in one of the encodings read."""
    lines = draw(st.lists(LINE, max_size=60))
    text = "".join(line + draw(ENDINGS) for line in lines)
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252"]))
    return text.encode(encoding, errors="ignore")


@st.composite
def damaged_pdf(draw: st.DrawFn) -> bytes:
    """A PDF with some of its bytes changed, and perhaps cut or extended."""
    data = bytearray(PDF)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data) - 1))
        data[at] = draw(st.integers(0, 255))
    cut = draw(st.one_of(st.just(len(data)), st.integers(0, len(data))))
    return bytes(data[:cut]) + draw(st.binary(max_size=40))


PRINTABLE = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=8)
SENTENCE = st.lists(st.one_of(WORDS, PRINTABLE), min_size=1, max_size=10).map(" ".join)


@st.composite
def document_lines(draw: st.DrawFn) -> list[str]:
    """The lines of a well-formed document: title, date, sections, headings,
    rules and subrules, examples, perhaps a glossary."""
    lines = ["Fuzz Comprehensive Rules", "", "These rules are effective as of May 1, 2024.", ""]
    for section in range(1, draw(st.integers(1, 3)) + 1):
        lines += [f"{section}. {draw(SENTENCE)}", ""]
        for heading in range(section * 100, section * 100 + draw(st.integers(1, 3))):
            lines += [f"{heading}. {draw(SENTENCE)}", ""]
            for rule in range(1, draw(st.integers(1, 6)) + 1):
                lines += [f"{heading}.{rule}. {draw(SENTENCE)}", ""]
                for letter in "abc"[: draw(st.integers(0, 3))]:
                    lines += [f"{heading}.{rule}{letter} {draw(SENTENCE)}"]
                    if draw(st.booleans()):
                        lines += [f"Example: {draw(SENTENCE)}"]
                    lines += [""]
    if draw(st.booleans()):
        lines += ["Glossary", ""]
        for _ in range(draw(st.integers(1, 4))):
            lines += [draw(SENTENCE), draw(SENTENCE), ""]
    return lines


@st.composite
def edited(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """`lines` with a few lines removed, inserted, replaced or renumbered."""
    lines = list(lines)
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(lines)))
        action = draw(st.sampled_from(["remove", "insert", "replace", "renumber"]))
        if action == "insert" or at == len(lines):
            lines.insert(at, draw(st.one_of(LINE, SENTENCE)))
        elif action == "remove":
            del lines[at]
        elif action == "replace":
            lines[at] = draw(st.one_of(LINE, SENTENCE))
        else:
            lines[at] = draw(NUMBERS) + " " + lines[at].partition(" ")[2]
    return lines


def encoded(lines: list[str], ending: str = "\n", encoding: str = "utf-8") -> bytes:
    return "".join(line + ending for line in lines).encode(encoding, errors="ignore")


@st.composite
def similar_pair(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """Two versions of one document: a comparison with something to report."""
    old = draw(document_lines())
    new = draw(edited(old))
    return encoded(old), encoded(new, draw(ENDINGS), draw(st.sampled_from(["utf-8", "utf-16", "cp1252"])))


def _pdf() -> bytes:
    with tempfile.TemporaryDirectory() as directory:
        lines = ["Test Rules", "These rules are effective as of May 1, 2024.", "1. Basics", "100. General",
                 "100.1. Draw a card.", "100.2. Pass.", "Glossary", "Pool", "Where shells go."]
        return make_pdf(lines, Path(directory) / "rules.pdf").read_bytes()


PDF = _pdf()

DOCUMENTS = st.one_of(
    st.binary(max_size=2000),
    rules_like(),
    damaged_pdf(),
    document_lines().flatmap(edited).map(encoded),
)
PAIRS = st.one_of(st.tuples(DOCUMENTS, DOCUMENTS), similar_pair(), similar_pair())
PROFILES = st.sampled_from([None, *BUILTIN])


# --- read + parse -------------------------------------------------------------


@seeded
@bounded(EXAMPLES)
@given(data=DOCUMENTS, profile=PROFILES)
def test_read_and_parse_give_a_document_or_a_ruldiff_error(data: bytes, profile: str | None) -> None:
    try:
        document = parse(decode(data, "fuzz.txt"), load_profile(profile) if profile else None)
    except RuldiffError as exc:
        event(f"{type(exc).__name__}: {re.split(r'[:0-9]', exc.message)[0]}")  # --hypothesis-show-statistics
        # An error a user can act on: a message of one line, naming the file.
        assert exc.message.strip() and "\n" not in str(exc), str(exc)
        assert exc.path == "fuzz.txt" or exc.path is None, exc.path
    else:
        event(f"parsed, {'some' if document.rules else 'no'} numbered rules")
        # A document, whatever the bytes: from the file given, with the profile
        # asked for, its rules numbered and in text.
        assert document.path == "fuzz.txt"
        assert profile is None or document.profile == load_profile(profile).name
        assert document.date is None or re.fullmatch(r"\d{4}-\d{2}-\d{2}", document.date)
        for rule in (*document.rules, *document.glossary):
            assert rule.id and rule.id == rule.id.strip() and isinstance(rule.text, str), rule


# --- the command, in this process -------------------------------------------


@seeded
@bounded(EXAMPLES // 5)
@given(
    pair=PAIRS,
    options=st.lists(
        st.sampled_from([["-f", "md"], ["-f", "html"], ["-f", "json"], ["-f", "context"], ["--exit-code"],
                         ["-j", "1"], ["-j", "2"], ["--profile", "paragraphs"], ["--profile", "riftbound"]]),
        max_size=3,
    ),
)
def test_the_command_exits_0_1_or_2_with_at_most_one_line(
    tmp_path_factory: pytest.TempPathFactory, pair: tuple[bytes, bytes], options: list[list[str]]
) -> None:
    directory = tmp_path_factory.mktemp("fuzz")
    (directory / "old.txt").write_bytes(pair[0])
    (directory / "new.txt").write_bytes(pair[1])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli._status([str(directory / "old.txt"), str(directory / "new.txt"), *sum(options, [])])
    check(status, err.getvalue())


def check(status: int, stderr: str) -> None:
    event(f"exit {status} {re.split(r'[:0-9(]', stderr.rpartition(': ')[2])[0] if status == 2 else ''}")
    lines = stderr.splitlines()
    # A warning (two documents read with two profiles) is the only other line.
    errors = [line for line in lines if not line.startswith("warning: ")]
    assert status in (0, 1, 2), stderr
    assert len(errors) <= 1 and "Traceback" not in stderr, stderr
    assert "internal error" not in stderr, stderr
    assert (status == 2) == bool(errors), (status, stderr)


# --- the command, as a process ------------------------------------------------


@seeded
@bounded(EXAMPLES // 20)
@given(pair=PAIRS)
def test_the_command_as_a_process_exits_0_1_or_2_with_at_most_one_line(
    tmp_path_factory: pytest.TempPathFactory, pair: tuple[bytes, bytes]
) -> None:
    directory = tmp_path_factory.mktemp("fuzz")
    (directory / "old.txt").write_bytes(pair[0])
    (directory / "new.txt").write_bytes(pair[1])
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", str(directory / "old.txt"), str(directory / "new.txt"), "--exit-code"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    check(done.returncode, done.stderr)


# --- each input format, as bytes shaped like it -------------------------------

HTML_PIECES = st.sampled_from(
    ["<!DOCTYPE html>", "<html>", "<head>", "</head>", "<body>", "<p>", "</p>", "<br>", "<a", "</", "<!--", "-->",
     "<?", "<!", "<![", "<![CDATA[", "]]>", "<script>", "</script>", "<nav>", "&amp;", "&#", "&#x110000;", "<", ">",
     "100.1. Draw a card.", "\n", "\x00", "\ufeff"]
)
HTML_LIKE = st.builds(
    lambda pieces, tail: ("<!DOCTYPE html><html>" + "".join(pieces)).encode("utf-8", "ignore") + tail,
    st.lists(HTML_PIECES, max_size=80), st.binary(max_size=40),
)


@st.composite
def zip_like(draw: st.DrawFn) -> bytes:
    """A ZIP archive shaped like a DOCX (its main part present, or not), some
    of its bytes changed: the directory's sizes and CRCs may lie."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))) as z:
        z.writestr("[Content_Types].xml", draw(st.sampled_from([CONTENT_TYPES, b"<Types/>", b""])))
        if draw(st.booleans()):
            z.writestr("_rels/.rels", RELS)
        body = draw(st.lists(st.sampled_from([b"<w:p>", b"<w:r><w:t>100.1. Draw.</w:t></w:r>", b"</w:p>", b"<",
                                              b" " * 1000]), max_size=30))
        z.writestr("word/document.xml", b"<w:document " + W + b"><w:body>" + b"".join(body))
    data = bytearray(out.getvalue())
    for _ in range(draw(st.integers(0, 4))):
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    return bytes(data)


PDF_LIKE = st.one_of(damaged_pdf(), st.binary(max_size=400).map(lambda b: b"%PDF-1.4\n" + b))
FORMATS = {
    "txt": st.one_of(st.binary(max_size=2000), rules_like()),
    "html": HTML_LIKE,
    "docx": zip_like(),
    "pdf": PDF_LIKE,
}
W = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
CONTENT_TYPES = (
    b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    b'<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" '
    b'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
)
RELS = (
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
    b'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    b'Target="word/document.xml"/></Relationships>'
)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_each_format_exits_0_or_2_with_at_most_one_line_in_bounded_time(
    tmp_path_factory: pytest.TempPathFactory, fmt: str
) -> None:
    """`ruldiff parse` of random bytes shaped like each format: exit 0 or 2,
    at most one line on stderr, each example within hypothesis's deadline
    (5 s, generous: the examples are small and read in milliseconds)."""

    @settings(
        max_examples=30, deadline=5000, derandomize=SEED is None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=FORMATS[fmt])
    def parse_one(data: bytes) -> None:
        path = tmp_path_factory.mktemp("format") / f"input.{fmt}"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli._status(["parse", str(path), "-f", "json"])
        check(status, err.getvalue())
        assert status in (0, 2), err.getvalue()

    seeded(parse_one)()


# --- editors' YAML files --------------------------------------------------------

YAML_PIECES = st.sampled_from(
    ["order:", "profile:", "releases:", "check:", " ignore:", "name:", "rule:", "'100.1':", "100.2:", "- old:",
     "  new:", " removed: true", " added: true", "[", "]", "{", "}", ", ", "- ", "  ", "\n", "&a ", "*a", "<<: *a",
     "!!python/object:os.system", "!!binary", "\"\\ud800\"", "\"\\e\\x9b\\u202e\"", "|", ">", "---", "...", "#",
     "\x00", "\x1b", "\t", "\ufeff", "%YAML 1.1", "? ", ": ", "'", '"', "x" * 70, "1e999", "~", "null"]
)
YAML_BYTES = st.one_of(
    st.lists(YAML_PIECES, max_size=30).map(lambda pieces: "".join(pieces).encode("utf-8", "surrogatepass")),
    st.binary(max_size=300),
)
YAML_USE = st.sampled_from(["--notes", "--overrides", "--profile", "check --config", "--reviewed"])


@seeded
@bounded(EXAMPLES // 3)
@given(data=YAML_BYTES, use=YAML_USE)
def test_any_bytes_as_an_editors_file_exit_0_1_or_2_with_one_error_line_in_bounded_time(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, use: str
) -> None:
    import time

    directory = tmp_path_factory.mktemp("fuzz-yaml")
    old, new, editor = directory / "old.txt", directory / "new.txt", directory / "editor.yaml"
    old.write_text("Rules\n\n1. Basics\n\n100. General\n\n100.1. Draw a card.\n\n100.2. Pass.\n", encoding="utf-8")
    new.write_text("Rules\n\n1. Basics\n\n100. General\n\n100.1. Draw two cards.\n\n100.2. Pass.\n", encoding="utf-8")
    editor.write_bytes(data)
    args = ["check", str(new), "--config", str(editor)] if use == "check --config" else [str(old), str(new), use, str(editor)]
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli._status(args)
    assert time.process_time() - start < 10, (time.process_time() - start, data)
    check(status, err.getvalue())
    assert not set(err.getvalue()) & set(map(chr, (*range(9), *range(11, 32), 0x7F, *range(0x80, 0xA0)))), err.getvalue()
