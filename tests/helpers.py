"""Build small rules documents in the Comprehensive Rules layout for tests."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from ruldiff.diff.pipeline import compare
from ruldiff.documents.load import load
from ruldiff.model import Comparison, Document
from ruldiff.documents.parse import parse
from ruldiff.documents.read import decode
from ruldiff.outputs.render import render


def layout(rules: list[tuple[str, str]], glossary: list[tuple[str, str]] = (), date: str = "May 1, 2024") -> str:  # type: ignore[assignment]
    """A document with the given (number, text) rules and (term, definition) entries.

    Numbers like "1" become sections, "100" headings, anything else rules; a
    text starting with "Example:" after a rule attaches to it.
    """
    out = ["Test Game Rules", "", f"These rules are effective as of {date}.", ""]
    for number, text in rules:
        if number == "Example":
            out.insert(len(out) - 1, text)
            continue
        sep = "" if number.endswith(".") or number[-1].isalpha() else "."
        out += [f"{number}{sep} {text}", ""]
    if glossary:
        out += ["Glossary", ""]
        for term, definition in glossary:
            out += [term, definition, ""]
    return "\n".join(out) + "\n"


def doc(rules: list[tuple[str, str]], glossary: list[tuple[str, str]] = (), path: str = "t.txt") -> Document:  # type: ignore[assignment]
    return parse(decode(layout(rules, glossary).encode("utf-8"), path))


def articles(folder: Path, *rules: str) -> Document:
    """A document of articles A1, A2... cited as "Article A2" (a profile of
    its own, written to `folder`): no number the built-in syntax knows."""
    from ruldiff.documents.profiles import load_profile

    spec = folder / "articles.yaml"
    spec.write_text(
        "name: articles\n"
        "numbered: '[A-Z]\\d'\n"
        "rule: '^(?P<id>[A-Z]\\d+)\\.\\s+(?P<text>.*)$'\n"
        "reference: '\\bArticle\\s+(?P<id>[A-Z]\\d+)'\n",
        encoding="utf-8",
    )
    text = "Club Rules\n\n" + "\n\n".join(rules) + "\n"
    return parse(decode(text.encode(), "rules.txt"), load_profile(str(spec)))


def write_pair(directory: Path, old: str, new: str) -> tuple[Path, Path]:
    """`old` and `new` written to old.txt and new.txt in `directory`."""
    paths = directory / "old.txt", directory / "new.txt"
    for path, text in zip(paths, (old, new)):
        path.write_text(text, encoding="utf-8")
    return paths


def write_rules_pair(folder: Path, old: list[tuple[str, str]], new: list[tuple[str, str]]) -> tuple[str, str]:
    """Two documents laid out by `layout`, as ``old.txt`` and ``new.txt`` in `folder`: their paths."""
    paths = folder / "old.txt", folder / "new.txt"
    for path, rules in zip(paths, (old, new)):
        path.write_text(layout(rules), encoding="utf-8")
    return str(paths[0]), str(paths[1])


REGENERATE = (
    "Regenerate (pytest --update-golden, or python tool/make_reports.py) only if this change "
    "in the output is intended and has been reviewed; otherwise the code has regressed: fix it."
)


def first_difference(name: str, actual: bytes, expected: bytes) -> str | None:
    """None when the bytes are equal; else where they first differ, line by line,
    shown with repr so that a carriage return or a BOM is visible."""
    if actual == expected:
        return None
    got, want = actual.splitlines(keepends=True), expected.splitlines(keepends=True)
    line = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    shown = [f"{name}: first difference at line {line + 1} ({len(actual)} bytes, expected {len(expected)})"]
    for i in range(max(0, line - 1), line + 2):
        if i < len(got) or i < len(want):
            a = repr(got[i]) if i < len(got) else "(end of file)"
            b = repr(want[i]) if i < len(want) else "(end of file)"
            mark = "  " if a == b else "! "
            shown.append(f"{mark}{i + 1}: expected {b}\n{mark}{' ' * len(str(i + 1))}  actual   {a}")
    return "\n".join(shown)


# Different, randomized string hashes (0 would turn randomization off).
HASH_SEEDS = ("1", "2", "12345")


def run_python(args: list[str], seed: str) -> bytes:
    """Standard output of ``python ARGS`` in a new process with PYTHONHASHSEED=seed
    (and no template cache); it must succeed."""
    env = {**os.environ, "PYTHONHASHSEED": seed, "RULDIFF_CACHE_DIR": ""}
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout


def same_under_every_hash_seed(args: list[str]) -> bytes:
    """The output of ``python ARGS``, the same bytes in a process per hash seed.
    Within one process, set and dict order of strings is fixed, so only
    separate processes catch output that depends on it."""
    outputs = {seed: run_python(args, seed) for seed in HASH_SEEDS}
    assert len(set(outputs.values())) == 1, f"output depends on PYTHONHASHSEED: {outputs}"
    return outputs[HASH_SEEDS[0]]


_KINDS = r"(added|removed|changed|renumbered|split|merged)\b"


def check_every_format(result: Comparison) -> None:
    """Each format says what the comparison found: its counts, and one entry
    per change of the right kind (not merely some text and a final newline)."""
    s = result.summary
    kinds = [c.kind.value for c in result.changes]
    counts = ", ".join(f"{s[k]} {k}" for k in ("added", "removed", "changed", "renumbered"))
    text = render(result, "text")
    assert f"\nsummary: {counts}" in text
    assert sorted(re.findall(r"^  [-+~<>] .+?  " + _KINDS, text, re.M)) == sorted(kinds)
    md = render(result, "md")
    table = " | ".join(str(s[k]) for k in ("added", "removed", "changed", "renumbered"))
    assert md.startswith("# Changes from ") and f"\n| {table} |" in md
    assert sorted(re.findall(r"^- (?:<a id=\"[^\"]+\"></a>)+\*\*.+?\*\* " + _KINDS, md, re.M)) == sorted(kinds)
    html = render(result, "html")
    assert html.startswith("<!DOCTYPE html>") and html.endswith("</html>\n")
    assert sorted(re.findall(r'class="change ' + _KINDS, html)) == sorted(kinds)
    data = json.loads(render(result, "json"))
    assert data["summary"] == s
    assert [c["kind"] for c in data["changes"]] == kinds
    for fmt, out in (("text", text), ("md", md), ("html", html)):
        assert out.endswith("\n") and not out.endswith("\n\n\n"), fmt


PAIR_OLD = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass.")])
PAIR_NEW = layout([("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle."), ("100.2.", "Draw a card.")])
"""The smallest pair with a change of each common kind (100.1 added, one
renumbered, 100.2 removed), for the command-line tests."""

RULDIFF = [sys.executable, "-m", "ruldiff"]
"""The command, run as a process."""


@functools.lru_cache(maxsize=8)
def real_comparison(old: str, new: str) -> Comparison:
    """`compare` of two real corpus files (paths), once per test session: the
    same pairs (the 17-year gap, the 2018 rewrite) are read by the schema,
    link, cap and corpus tests, and a comparison is frozen, so sharing it
    changes nothing a test can see but the time (~3 s for the 17-year gap)."""
    return compare(load(old), load(new))


def rule_tags(tmp_path: Path, old: str, new: str, other: str = "Rest.") -> list[str]:
    """The tags `ruldiff old new -f json` prints for rule 100.1, changed from
    `old` to `new`, beside rule 100.2 (`other`, the same in both)."""
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    docs = []
    for name, text in (("old.txt", old), ("new.txt", new)):
        path = tmp_path / name
        path.write_text(layout([("1", "Basics"), ("100", "General"), ("100.1.", text), ("100.2.", other)]), encoding="utf-8")
        docs.append(str(path))
    result = CliRunner().invoke(main, [*docs, "-f", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (change,) = json.loads(result.output)["changes"]
    assert change["new"] == "100.1"
    return list(change["tags"])
