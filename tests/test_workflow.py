"""The GitHub Actions recipe works: its own commands, run here on the sample
corpus, write the site and a job summary (cut to the limit when too long)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "rules-history.yml"


def workflow() -> dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def run_steps(tmp_path: Path, **env: str) -> Path:
    """Run the workflow's own shell steps (all but the install) in a copy of
    the sample, with ruldiff from this environment; return the summary file."""
    flow = workflow()
    steps = [s for s in flow["jobs"]["history"]["steps"] if "run" in s and not s["name"].startswith("Install")]
    assert [s["name"] for s in steps] == ["Write the history site", "Newest changelog to the job summary"]
    summary = tmp_path / "summary.md"
    environ = dict(os.environ) | {str(k): str(v) for k, v in flow["env"].items()} | env
    environ |= {"GITHUB_STEP_SUMMARY": str(summary), "RULDIFF_CACHE_DIR": str(tmp_path / "cache"),
                "PATH": str(Path(sys.executable).parent) + os.pathsep + environ.get("PATH", "")}
    (tmp_path / "corpora").symlink_to(ROOT / "corpora")
    for step in steps:
        subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]], cwd=tmp_path, env=environ, check=True)
    return summary


def test_the_workflow_triggers_on_new_versions_and_publishes_pages() -> None:
    flow = workflow()
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["paths"] == ["corpora/*.txt"]
    uses = [s.get("uses", "") for s in flow["jobs"]["history"]["steps"]]
    assert any(u.startswith("actions/upload-pages-artifact") for u in uses)
    assert any(u.startswith("actions/deploy-pages") for u in uses)
    assert flow["permissions"]["pages"] == "write"


def test_its_commands_write_the_site_and_the_newest_changelog_to_the_summary(tmp_path: Path) -> None:
    summary = run_steps(tmp_path)
    site = tmp_path / "site"
    assert (site / "index.html").is_file() and (site / "feed.xml").is_file()
    newest = (site / "steps" / "2025-02-10_to_2025-09-01.md").read_text(encoding="utf-8")
    assert summary.read_text(encoding="utf-8") == newest


def test_a_changelog_longer_than_the_limit_is_cut_with_a_note(tmp_path: Path) -> None:
    summary = run_steps(tmp_path, SUMMARY_LIMIT="1000")
    text = summary.read_text(encoding="utf-8", errors="replace")
    assert len(text.encode("utf-8", errors="replace")) <= 1000
    assert text.endswith("*Cut to fit the job summary: the whole changelog is in the published site.*\n")
