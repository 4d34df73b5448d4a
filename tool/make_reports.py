"""Regenerate reports/ from the sample corpus: ``python tool/make_reports.py``.

For each pair of successive versions in corpora/ (and the first against the
last), writes the changelog in every format to reports/; and the history site
of all the versions to reports/history/, as ``ruldiff history corpora -o
reports/history`` writes it. tests/test_reports.py fails when reports/
differs from what this would write.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tool"))

from ruldiff.documents.load import load  # noqa: E402
from ruldiff.diff.pipeline import compare  # noqa: E402
from ruldiff.series.history import MANIFEST, SiteWriter, build, manifest_text  # noqa: E402
from ruldiff.outputs.render import render  # noqa: E402
from ruldiff.series.releases import Series, collect  # noqa: E402
from ruldiff.series.store import Store  # noqa: E402

EXTENSIONS = {"text": "txt", "md": "md", "html": "html", "json": "json"}


def pairs(corpora: Path) -> list[tuple[Path, Path]]:
    versions = sorted(corpora.glob("lanternfall-*.txt"))
    out = list(zip(versions, versions[1:]))
    if len(versions) > 2:
        out.append((versions[0], versions[-1]))
    return out


def reports() -> dict[str, str]:
    """File name -> content of every report, paths relative to the repository."""
    out: dict[str, str] = {}
    for old, new in pairs(ROOT / "corpora"):
        comparison = compare(load(str(old.relative_to(ROOT))), load(str(new.relative_to(ROOT))))
        stem = f"{old.stem}_to_{new.stem.removeprefix('lanternfall-')}"
        for fmt, ext in EXTENSIONS.items():
            out[f"{stem}.{ext}"] = render(comparison, fmt)
        out[f"{stem}.bulletin.md"] = render(comparison, "md", style="bulletin")
    return out


def history() -> dict[str, str]:
    """Path inside the site -> content of every file of the sample's history
    site (run from the repository's root: the paths in it are relative)."""
    out: dict[str, str] = {}
    series = Series(lambda path: Path(path).read_bytes(), store=Store(None))
    out[MANIFEST] = manifest_text(build(collect(["corpora"]), series, out.__setitem__))
    return out


def main() -> None:
    import os

    os.chdir(ROOT)
    target = ROOT / "reports"
    target.mkdir(exist_ok=True)
    for name, text in reports().items():
        (target / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote reports/{name}")
    site = target / "history"
    pages = history()
    del pages[MANIFEST]  # the writer records it, and removes the pages an earlier run wrote and this one did not
    writer = SiteWriter(str(site), [], lambda path, text: Path(path).write_text(text, encoding="utf-8", newline="\n"))
    writer.claim(pages)
    for name, text in pages.items():
        writer(name, text)
    writer.prune(pages)
    print(f"wrote reports/history/ (the sample's history site)")


if __name__ == "__main__":
    main()
