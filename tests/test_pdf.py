"""PDF input: text-based PDFs (written by the tests themselves) read like text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfmaker import make_pdf

from ruldiff.cli.main import main

# An invented tournament policy, numbered like the Riftbound documents (no
# blank lines, as text extracted from a PDF comes).
POLICY = [
    "Tidepool Tournament Rules",
    "Last Updated: 2026-05-01",
    "000. Golden Rule",
    "001. Every player deserves a fair and friendly event.",
    "100. Registration",
    "101. Players register before the first round begins.",
    "101.1. A player who arrives late may still register until the second round.",
    "101.1.a. The head judge decides whether a late player receives a loss for the first round.",
    "102. Each player brings one deck and a sideboard of up to eight shells.",
    "200. Rounds",
    "201. A round lasts forty minutes. See rule 101. Registration for more information.",
]


def write_text(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_pdf_parses_into_the_same_rules_as_its_text(tmp_path: Path) -> None:
    pdf = make_pdf(POLICY, tmp_path / "policy.pdf", per_page=6)  # two pages
    txt = write_text(tmp_path / "policy.txt", POLICY)
    from_pdf = json.loads(CliRunner().invoke(main, ["parse", str(pdf)]).output)
    from_txt = json.loads(CliRunner().invoke(main, ["parse", str(txt)]).output)
    assert from_pdf["profile"] == "riftbound" and from_pdf["date"] == "2026-05-01"
    strip = lambda items: [(i["id"], i["parent"], i["text"]) for i in items]  # noqa: E731
    assert strip(from_pdf["items"]) == strip(from_txt["items"])
    assert [i["id"] for i in from_pdf["items"]][:4] == ["000", "001", "100", "101"]


def test_pdf_against_its_text_has_no_changes_and_a_new_pdf_has_one(tmp_path: Path) -> None:
    pdf = make_pdf(POLICY, tmp_path / "old.pdf")
    txt = write_text(tmp_path / "old.txt", POLICY)
    assert CliRunner().invoke(main, [str(txt), str(pdf), "--exit-code"]).exit_code == 0
    changed = [line.replace("forty", "fifty") for line in POLICY]
    new_pdf = make_pdf(changed, tmp_path / "new.pdf")
    result = CliRunner().invoke(main, [str(pdf), str(new_pdf), "-f", "json"])
    data = json.loads(result.output)
    assert [(c["old"], c["kind"]) for c in data["changes"]] == [("201", "changed")]
    assert ["-", "forty"] in data["changes"][0]["edits"] and ["+", "fifty"] in data["changes"][0]["edits"]


def test_damaged_or_empty_pdf_is_a_one_line_error(tmp_path: Path) -> None:
    txt = write_text(tmp_path / "ok.txt", POLICY)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nthis is not really a PDF\n")
    empty = make_pdf([], tmp_path / "empty.pdf")
    for bad, message in ((broken, "cannot read this PDF"), (empty, "the PDF holds no text")):
        result = CliRunner().invoke(main, [str(txt), str(bad)])
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"Error: {bad}: {message}"), result.output


def encrypt(pdf: Path, out: Path, user_password: str, algorithm: str) -> Path:
    """`pdf` encrypted as publishers do (an owner password restricts copying)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(pdf))
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm=algorithm)
    with open(out, "wb") as f:
        writer.write(f)
    return out


def test_pdf_encrypted_with_an_empty_password_reads_like_its_text(tmp_path: Path) -> None:
    plain = make_pdf(POLICY, tmp_path / "plain.pdf")
    txt = write_text(tmp_path / "policy.txt", POLICY)
    for algorithm in ("AES-128", "AES-256", "RC4-128"):
        locked = encrypt(plain, tmp_path / f"{algorithm}.pdf", "", algorithm)
        assert b"/Encrypt" in locked.read_bytes() and b"Golden Rule" not in locked.read_bytes()
        result = CliRunner().invoke(main, [str(txt), str(locked), "--exit-code"])
        assert (result.exit_code, result.output.count("no changes")) == (0, 1), (algorithm, result.output)


def test_pdf_that_needs_a_password_is_a_one_line_error(tmp_path: Path) -> None:
    locked = encrypt(make_pdf(POLICY, tmp_path / "plain.pdf"), tmp_path / "locked.pdf", "secret", "AES-128")
    result = CliRunner().invoke(main, ["parse", str(locked)])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"Error: {locked}: the PDF needs a password (give an unencrypted PDF or its text)"
    ]


def test_pdf_aes_without_the_cryptography_package_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pypdf import PdfReader
    from pypdf.errors import DependencyError

    def no_aes(self: PdfReader, password: str) -> None:
        raise DependencyError("cryptography>=3.1 is required for AES algorithm")

    monkeypatch.setattr(PdfReader, "decrypt", no_aes)
    locked = encrypt(make_pdf(POLICY, tmp_path / "plain.pdf"), tmp_path / "aes.pdf", "", "AES-128")
    result = CliRunner().invoke(main, ["parse", str(locked)])
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert "needs the 'cryptography' package" in result.output and "pip install cryptography" in result.output


def test_pypdf_repairs_say_nothing_on_stderr(tmp_path: Path) -> None:
    # A PDF whose cross-reference offset is wrong: pypdf repairs it, and logs
    # that it did; the command's stderr stays empty.
    good = make_pdf(POLICY, tmp_path / "good.pdf")
    data = good.read_bytes()
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(data[: data.rindex(b"startxref")] + b"startxref\n12\n%%EOF\n")
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", str(good), str(bad), "--exit-code"], capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("damage", ["cut in half", "no %%EOF", "garbage after the header"])
def test_a_damaged_pdf_prints_only_the_one_line_error(tmp_path: Path, damage: str) -> None:
    """pypdf warns on damaged files ("EOF marker not found", "incorrect
    startxref"): on a real stderr, only ruldiff's error line is printed."""
    data = make_pdf(POLICY, tmp_path / "good.pdf").read_bytes()
    bad = {
        "cut in half": data[: len(data) // 2],
        "no %%EOF": data[: data.rindex(b"%%EOF")],
        "garbage after the header": b"%PDF-1.4\n" + b"\x00garbage" * 50,
    }[damage]
    (tmp_path / "bad.pdf").write_bytes(bad)
    for args in (["parse", str(tmp_path / "bad.pdf")], [str(tmp_path / "good.pdf"), str(tmp_path / "bad.pdf")]):
        done = subprocess.run([sys.executable, "-m", "ruldiff", *args], capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        assert done.stderr.splitlines() == [done.stderr.strip()], done.stderr
        assert done.stderr.startswith(f"Error: {tmp_path / 'bad.pdf'}: cannot read this PDF")


@pytest.mark.parametrize("show", [b"(a) Tj", b"[(a) 5 (b)] TJ", b"(a) '", b"1 2 (a) \""])
def test_every_operator_that_shows_text_counts_towards_a_pages_runs(
    show: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_hostile_inputs import pdf_of_streams

    from ruldiff.documents import read
    from ruldiff.documents.read import decode
    from ruldiff.errors import ReadError

    monkeypatch.setattr(read, "PDF_TEXT_RUNS_PER_PAGE", 50)
    page = b"BT /F1 10 Tf 12 TL 50 800 Td\n" + (show + b"\n") * 51 + b"ET"
    with pytest.raises(ReadError, match="a page shows more than 50 runs of text"):
        decode(pdf_of_streams(1, page), "r.pdf")
    decode(pdf_of_streams(1, b"BT /F1 10 Tf 12 TL 50 800 Td\n" + (show + b"\n") * 50 + b"ET"), "r.pdf")


def test_a_two_page_pdf_s_page_numbers_stay_out_of_its_rules(tmp_path: Path) -> None:
    """A page number printed at the foot of each of two pages ("- 1 -",
    "- 2 -"), the first in the middle of a rule that runs on to the next
    page: pypdf gives the pages apart, read as a printed text file marks
    them (a form feed), so the numbers are furniture, not rule text (a
    generated family of session 19, seed 219309583: "section - 1 - 28")."""
    body = [f"{k}. Members of the club shall keep rule {k} at every meeting of the year." for k in range(1, 25)]
    page_one = ["Oarsmen Club Handbook", "Effective April 1, 2023.", *body, "25. The duty in section",
                "- 1 -"]
    page_two = ["28 of the Charter applies as well.", "26. The secretary keeps the minutes.", "- 2 -"]
    pdf = make_pdf(page_one + page_two, tmp_path / "handbook.pdf", per_page=len(page_one))
    data = json.loads(CliRunner().invoke(main, ["parse", str(pdf)]).output)
    texts = {i["id"]: i["text"] for i in data["items"]}
    assert texts["25"] == "The duty in section 28 of the Charter applies as well."
    assert texts["26"] == "The secretary keeps the minutes."


def test_a_wrapped_first_section_after_an_introduction_is_read(tmp_path: Path) -> None:
    """A PDF's text has no blank line between the introduction and "§ 1",
    whose heading runs over two lines: "§ 1" was left in the front matter
    and its items unread (a generated family of session 20, seed
    952747087, f0070)."""
    lines = ["Rowing Club Rules", "Effective May 1, 2024.",
             "These rules govern the club and its boats. Words defined below have the",
             "same meaning throughout.",
             "§ 1. Definitions. In these rules, unless § 3(b) says otherwise, the Warden",
             "decides.",
             "(a) \"Boat\" means any craft owned by the club, whether kept in the shed or on",
             "the landing stage.",
             "(b) \"Member\" means a person who has paid the annual fee for the current",
             "year.",
             "§ 2. Dues. Each member pays the annual fee by the first day of March, or by",
             "the first day of the month after joining.",
             "§ 3. Boats.",
             "(a) A boat is signed out in the book by the shed door before it leaves the",
             "shed.",
             "(b) The Warden may close the river for the day."]
    for k in range(4, 14):  # enough sections that the first one's lines are few of the whole
        lines += [f"§ {k}. Duty {k}. A member on duty {k} keeps the shed in order and reports to",
                  "the Warden.", f"(a) Duty {k} starts at dawn.", f"(b) Duty {k} ends at dusk."]
    pdf = make_pdf(lines, tmp_path / "rules.pdf")
    data = json.loads(CliRunner().invoke(main, ["parse", str(pdf)]).output)
    texts = {i["id"]: i["text"] for i in data["items"]}
    assert list(texts)[:3] == ["§ 1", "§ 1(a)", "§ 1(b)"]
    assert texts["§ 1"].endswith("unless § 3(b) says otherwise, the Warden decides.")
    assert data["coverage"]["unread"] == 0
