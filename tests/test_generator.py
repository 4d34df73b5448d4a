"""bench/generator: the synthetic documents are reproducible, their truth is what
was written, and the scorer runs end to end."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.generator import score  # noqa: E402
from bench.generator.generate import make_family, write_family  # noqa: E402


def _digest(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(directory.iterdir())
            if p.suffix != ".docx"}  # a .docx zip holds python-docx's own timestamps


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    for index in (0, 7):
        write_family(make_family("t", index), tmp_path / "a" / str(index))
        write_family(make_family("t", index), tmp_path / "b" / str(index))
        assert _digest(tmp_path / "a" / str(index)) == _digest(tmp_path / "b" / str(index))
    write_family(make_family("u", 0), tmp_path / "c")
    assert _digest(tmp_path / "c") != _digest(tmp_path / "a" / "0")


def test_truth_matches_what_was_written(tmp_path: Path) -> None:
    grammars, kinds = set(), set()
    for index in range(15):
        fam = make_family("t", index)
        directory = tmp_path / fam.name
        write_family(fam, directory)
        truth = json.loads((directory / "truth.json").read_text(encoding="utf-8"))
        grammars.add(truth["grammar"])
        ids_of = {}
        for version in truth["versions"]:
            text = (directory / version["files"]["txt"]).read_text(encoding="utf-8")
            starts = {line.lstrip("\f") for line in text.splitlines()}
            ids = [u["id"] for u in version["units"]]
            assert len(ids) == len(set(ids)), f"{fam.name} {version['name']}: an ID twice"
            for unit in version["units"]:
                # Every unit's label starts a line, followed by its text or title.
                label = unit["label"]
                assert any(s == label or (s.startswith(label + " ") and unit["text"].split(" ")[0] in s)
                           for s in starts), (fam.name, unit)
            for line in version["furniture"]["txt"]:
                assert line in starts
            ids_of[version["name"]] = set(ids)
        for pair in truth["pairs"]:
            old, new = ids_of[pair["old"]], ids_of[pair["new"]]
            for edit in pair["edits"]:
                kinds.add(edit["kind"])
                for side, known in (("old", old), ("new", new)):
                    value = edit.get(side)
                    if edit["kind"] == "substitution" or value is None:
                        continue
                    for ident in value if isinstance(value, list) else [value]:
                        assert ident in known, (fam.name, pair["old"], edit)
            for a, b in pair["renumbering"].items():
                assert a in old and b in new
            for stale in pair["stale_references"]:
                text = (directory / f"{pair['new']}.txt").read_text(encoding="utf-8")
                assert stale["reference"] in re.sub(r"\s+", " ", text)
    assert len(grammars) >= 6
    assert {"insert", "remove", "reword", "split", "merge", "move", "substitution", "renumber"} <= kinds


def test_formats_are_written(tmp_path: Path) -> None:
    seen = set()
    for index in range(40):
        fam = make_family("t", index)
        if set(fam.formats) - {"txt"} - seen:
            paths = write_family(fam, tmp_path / fam.name)
            seen |= {p.suffix[1:] for p in paths}
    assert {"txt", "html", "docx", "pdf"} <= seen
    pdf = next(tmp_path.glob("*/v1.pdf")).read_bytes()
    assert pdf.startswith(b"%PDF-1.4") and pdf.rstrip().endswith(b"%%EOF")


def test_ids_compare_as_number_tokens() -> None:
    assert score.norm_id("Sec. 4-12(a)(1)") == score.norm_id("4-12a1")
    assert score.norm_id("Article IV, Section 2") == score.norm_id("IV.2")
    assert score.norm_id("Rule 2#2") != score.norm_id("Rule 2")


def test_scorer_runs_and_prints_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert score.main(["--families", "5", "--seed", "t", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "| all |" in out and "units read exactly" in out
    assert "### Planted edits recovered, by kind and format" in out
