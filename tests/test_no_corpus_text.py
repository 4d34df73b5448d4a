"""The project never holds passages of the real documents: they are others'
copyrighted work. Every span quoted in the code, the tests, the manual and
the bench notes (between straight, curly or back quotes, seven words or
more) is looked for in the decoded corpora and the seed excerpts; none may
stand there word for word (case and white space aside)."""

from __future__ import annotations

import re
from pathlib import Path

from ruldiff.documents.read import decode

ROOT = Path(__file__).resolve().parents[1]
QUOTED = re.compile(r"[\"“`]([^\"“”`]{30,400})[\"”`]|['‘]([^'‘’\n]{30,400})['’]")
MIN_WORDS = 7


def _ours() -> list[Path]:
    globs = ["tool/**/*.py", "tests/**/*.py", "bench/**/*.py", "bench/**/*.md", "docs/*.md", "templates/**/*"]
    files = [p for g in globs for p in ROOT.glob(g) if p.is_file() and p.suffix in (".py", ".md", ".j2", ".yaml")]
    return [ROOT / "README.md", *sorted(files)]


def _quoted(text: str) -> set[str]:
    spans = set()
    for m in QUOTED.finditer(text):
        span = " ".join((m.group(1) or m.group(2)).replace("\\n", " ").replace("#", " ").split()).lower()
        if len(span.split()) >= MIN_WORDS:
            spans.add(span)
    return spans


def test_no_quoted_span_of_ours_stands_in_the_real_documents(corpora: Path, seeds: Path) -> None:
    # Each paragraph once: 126 releases of one document repeat most of theirs,
    # and a quoted span stands within one paragraph (lines wrapped inside
    # it joined).
    paragraphs: set[str] = set()
    for path in sorted([*corpora.rglob("*"), *seeds.rglob("*")]):
        if path.is_file() and path.suffix in (".txt", ".html", ".md") and path.name != "README.md":
            text = decode(path.read_bytes(), str(path)).text.lower()
            paragraphs.update(" ".join(block.split()) for block in re.split(r"\n[ \t]*\n", text))
    real = "\n".join(sorted(paragraphs))
    found = [
        f"{path.relative_to(ROOT)}: {span[:80]}"
        for path in _ours() if path.name != Path(__file__).name
        for span in sorted(_quoted(path.read_text(encoding="utf-8", errors="replace")))
        if span in real
    ]
    assert not found, "passages of the real documents:\n" + "\n".join(found)


def test_the_search_finds_a_passage_when_one_is_quoted() -> None:
    assert _quoted('doc = """A line "the quick brown fox jumps over the lazy dog" here"""') == {
        "the quick brown fox jumps over the lazy dog"}
    assert _quoted("short 'a b c' and `x y`") == set()
