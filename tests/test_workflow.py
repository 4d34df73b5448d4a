"""The CI recipes work: the shell steps of each GitHub Actions workflow, run
here as the runner runs them (bash -e -o pipefail), on the sample corpus,
with ruldiff from this environment (act is not available here; the
`uses:` steps are GitHub's own). The pre-commit hook definition runs as
pre-commit would run it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, corpora_dir, require

HISTORY = ROOT / ".github" / "workflows" / "rules-history.yml"
PULL_REQUEST = ROOT / ".github" / "workflows" / "rules-pr.yml"
PAGES_URL = "https://owner.github.io/rules"


def workflow(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def trigger(flow: dict[str, Any]) -> dict[str, Any]:
    return flow.get("on", flow.get(True))  # type: ignore[no-any-return]  # YAML 1.1 reads a bare `on` as true


def shell_steps(flow: dict[str, Any], job: str) -> list[dict[str, Any]]:
    """The steps a runner runs as shell, but the install (ruldiff is this environment's)."""
    return [s for s in flow["jobs"][job]["steps"] if "run" in s and not s["name"].startswith("Install")]


def environment(flow: dict[str, Any], tmp_path: Path, **env: str) -> dict[str, str]:
    environ = dict(os.environ) | {str(k): str(v) for k, v in flow["env"].items()} | env
    return environ | {
        "RULDIFF_CACHE_DIR": str(tmp_path / "cache"),
        "PATH": str(Path(sys.executable).parent) + os.pathsep + environ.get("PATH", ""),
    }


def run_step(step: dict[str, Any], cwd: Path, environ: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = environ | {str(k): str(v) for k, v in step.get("env", {}).items() if "${{" not in str(v)}
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]], cwd=cwd, env=env,
                          capture_output=True, text=True)


def history_has_strict() -> bool:
    help_text = subprocess.run([sys.executable, "-m", "ruldiff", "history", "-h"], capture_output=True, text=True)
    return "--strict" in help_text.stdout


# --- the Pages recipe ---------------------------------------------------------------


def test_the_pages_recipe_runs_on_pushes_to_the_default_branch_and_publishes() -> None:
    flow = workflow(HISTORY)
    on = trigger(flow)
    assert on["push"]["paths"] == ["corpora/*.txt"] and on["push"]["branches"] == ["main"]
    uses = [s.get("uses", "") for s in flow["jobs"]["history"]["steps"]]
    for action in ("actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"):
        assert any(u.startswith(action) for u in uses), action
    assert flow["permissions"]["pages"] == "write"
    steps = {s["name"]: s["run"] for s in shell_steps(flow, "history")}
    assert "--strict" in steps["Write the history site"]
    assert '--base-url "$PAGES_URL/"' in steps["Write the history site"]
    assert "--max-chars" in steps["Newest changelog to the job summary"]
    assert "head -c" not in "".join(steps.values())  # never cut inside markup


def run_history(tmp_path: Path, releases: Path) -> str:
    if not history_has_strict():
        pytest.skip("ruldiff history --strict is another branch's (#28); the recipe uses it")
    flow = workflow(HISTORY)
    summary, outputs = tmp_path / "summary.md", tmp_path / "outputs"
    environ = environment(flow, tmp_path, RELEASES=str(releases), GITHUB_STEP_SUMMARY=str(summary),
                          GITHUB_OUTPUT=str(outputs), PAGES_URL=PAGES_URL)
    for step in shell_steps(flow, "history"):
        # The one condition the recipe's steps have: publish only a site written.
        if step.get("if") == "steps.site.outputs.publish == 'true'":
            if "publish=true" not in outputs.read_text(encoding="utf-8").splitlines():
                continue
        else:
            assert "if" not in step, step["if"]
        done = run_step(step, tmp_path, environ)
        assert done.returncode == 0, (step["name"], done.stderr)
    return summary.read_text(encoding="utf-8")


def test_the_summary_is_the_newest_changelog_with_links_to_the_published_page(tmp_path: Path) -> None:
    (tmp_path / "corpora").symlink_to(ROOT / "corpora")
    text = run_history(tmp_path, Path("corpora"))
    page = f"{PAGES_URL}/steps/2025-02-10_to_2025-09-01.html"
    assert text.startswith("# Changes from ") and "(2025-09-01)" in text.splitlines()[0]
    assert f"]({page}#new-" in text and "](#" not in text  # no in-page link left to lead nowhere
    assert (tmp_path / "site" / "steps" / "2025-02-10_to_2025-09-01.html").is_file()
    feed = (tmp_path / "site" / "feed.xml").read_text(encoding="utf-8")
    assert f'href="{page}"' in feed  # the feed's links absolute under the Pages address


def test_a_single_release_is_no_failure(tmp_path: Path) -> None:
    one = tmp_path / "one"
    one.mkdir()
    shutil.copy(ROOT / "corpora" / "lanternfall-2024-01-15.txt", one)
    text = run_history(tmp_path, one)
    assert text == f"Only 1 release in `{one}`: nothing to compare yet, nothing published.\n"
    assert not (tmp_path / "site").exists()
    flow = workflow(HISTORY)
    guarded = [s.get("id", s.get("name")) for s in flow["jobs"]["history"]["steps"] if "if" in s]
    assert guarded == ["pages", "Write the history site", "Newest changelog to the job summary", None, "deploy"]  # None: the upload


def test_a_changelog_over_the_summary_limit_is_shortened_by_ruldiff(tmp_path: Path) -> None:
    mtg = require(corpora_dir() / "mtg", "real corpora")
    releases = tmp_path / "releases"
    releases.mkdir()
    for name in ("2009-10-01.txt", "2026-01-16.txt"):  # the 17-year gap: its Markdown is over 1 MiB
        shutil.copy(mtg / name, releases)
    text = run_history(tmp_path, releases)
    assert len(text.encode("utf-8")) <= 1_048_576
    assert "Shortened to fit" in text and "](#" not in text
    assert text.rstrip().endswith("Generated by ruldiff " + text.rstrip().rsplit("Generated by ruldiff ", 1)[1])


# --- the pull-request recipe --------------------------------------------------------


FAKE_GH = """#!/bin/bash
# A stand-in for the gh CLI: logs each call; lists the comment it wrote before.
printf '%s\\n' "$*" >> "$GH_STATE/calls"
for a in "$@"; do
  case "$a" in body=@*) cp "${a#body=@}" "$GH_STATE/body.md" ;; esac
done
case "$*" in
  *"-X POST"*) echo 41 > "$GH_STATE/id" ;;
  *"-X PATCH"*) ;;
  *) [ -f "$GH_STATE/id" ] && cat "$GH_STATE/id" ;;
esac
exit 0
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def pull_request(tmp_path: Path) -> tuple[Path, str]:
    """A repository whose base holds two releases, and a pull request that
    changes the second (a reference made dangling) and adds a third."""
    repo = tmp_path / "repo"
    (repo / "corpora").mkdir(parents=True)
    sample = sorted((ROOT / "corpora").glob("lanternfall-*.txt"))
    for f in sample[:2]:
        shutil.copy(f, repo / "corpora")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "empty")
    git(repo, "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    base = git(repo, "rev-parse", "HEAD").strip()
    second = repo / "corpora" / sample[1].name
    text = second.read_text(encoding="utf-8")
    assert "(See rule 103.4.)" in text
    second.write_text(text.replace("(See rule 103.4.)", "(See rule 103.99.)", 1), encoding="utf-8")
    shutil.copy(sample[2], repo / "corpora")
    git(repo, "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "pull request")
    return repo, base


def run_pull_request(tmp_path: Path, repo: Path, base: str) -> dict[str, subprocess.CompletedProcess[str]]:
    flow = workflow(PULL_REQUEST)
    state = tmp_path / "gh"
    state.mkdir(exist_ok=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "gh").write_text(FAKE_GH, encoding="utf-8")
    (bin_dir / "gh").chmod(0o755)
    environ = environment(flow, tmp_path, BASE=base, PR="7", GITHUB_REPOSITORY="owner/rules", GH_STATE=str(state))
    environ["PATH"] = f"{bin_dir}{os.pathsep}{environ['PATH']}"
    return {s["name"]: run_step(s, repo, environ) for s in shell_steps(flow, "changelog")}


def test_the_pull_request_recipe_comments_once_and_updates_its_comment(
    tmp_path: Path, pull_request: tuple[Path, str]
) -> None:
    flow = workflow(PULL_REQUEST)
    assert trigger(flow)["pull_request"]["paths"] == ["corpora/*.txt"]
    assert flow["permissions"]["pull-requests"] == "write"
    repo, base = pull_request
    done = run_pull_request(tmp_path, repo, base)
    assert done["Pair each changed release with its base"].returncode == 0
    pairs = (repo / ".ruldiff" / "pairs.tsv").read_text(encoding="utf-8").splitlines()
    assert pairs == [
        ".ruldiff/base/corpora/lanternfall-2024-06-01.txt\tcorpora/lanternfall-2024-06-01.txt",  # changed: its base
        ".ruldiff/base/corpora/lanternfall-2024-06-01.txt\tcorpora/lanternfall-2025-02-10.txt",  # added: the newest
    ]
    posted = done["Post or update the changelog comment"]
    assert posted.returncode == 0, posted.stderr
    calls = (tmp_path / "gh" / "calls").read_text(encoding="utf-8").splitlines()
    assert calls[0].startswith("api repos/owner/rules/issues/7/comments --paginate")
    assert calls[1] == "api -X POST repos/owner/rules/issues/7/comments -F body=@.ruldiff/comment.md"
    body = (tmp_path / "gh" / "body.md").read_text(encoding="utf-8")
    assert body.startswith("<!-- ruldiff changelog -->\n") and len(body.encode("utf-8")) <= 65_536
    assert body.count("# Changes from ") == 2 and "103.99" in body
    # The check puts each finding on its line of NEW, and fails on a problem.
    checked = done["Check each changed release"]
    assert checked.returncode == 1
    assert "::error file=corpora/lanternfall-2024-06-01.txt,line=" in checked.stdout
    assert "103.99" in checked.stdout
    # A new push: the same comment, updated.
    run_pull_request(tmp_path, repo, base)
    calls = (tmp_path / "gh" / "calls").read_text(encoding="utf-8").splitlines()
    assert calls[3] == "api -X PATCH repos/owner/rules/issues/comments/41 -F body=@.ruldiff/comment.md"


def test_a_large_pull_request_comment_is_shortened_to_fit(tmp_path: Path, pull_request: tuple[Path, str]) -> None:
    mtg = require(corpora_dir() / "mtg", "real corpora")
    repo, base = pull_request
    shutil.copy(mtg / "2026-01-16.txt", repo / "corpora" / "lanternfall-2030-01-01.txt")  # a huge change
    git(repo, "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "more")
    done = run_pull_request(tmp_path, repo, base)
    assert done["Post or update the changelog comment"].returncode == 0, done["Post or update the changelog comment"].stderr
    body = (tmp_path / "gh" / "body.md").read_text(encoding="utf-8")
    assert len(body.encode("utf-8")) <= 65_536 and "Shortened to fit" in body and "<ins></ins>" not in body


# --- the pre-commit hook ------------------------------------------------------------


def test_the_pre_commit_hook_checks_each_staged_file(tmp_path: Path) -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "ruldiff-check" and hook["language"] == "python"
    # pre-commit runs the entry with the staged files that match, all at once.
    good = sorted((ROOT / "corpora").glob("lanternfall-*.txt"))[:2]
    bad = tmp_path / "draft.txt"
    bad.write_text(good[1].read_text(encoding="utf-8").replace("(See rule 103.4.)", "(See rule 103.99.)", 1),
                   encoding="utf-8")
    entry = hook["entry"].split()
    assert entry[0] == "ruldiff"
    command = [sys.executable, "-m", "ruldiff", *entry[1:]]
    ok = subprocess.run([*command, *map(str, good)], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.count("no problems found") == 2
    failed = subprocess.run([*command, *map(str, good), str(bad)], capture_output=True, text=True)
    assert failed.returncode == 1 and f"{bad}:" in failed.stdout and "103.99" in failed.stdout


# --- the install line ---------------------------------------------------------------


def install_step(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    flow = workflow(path)
    (install,) = [s for s in flow["jobs"][next(iter(flow["jobs"]))]["steps"] if s.get("name") == "Install ruldiff"]
    return flow, install


@pytest.mark.parametrize("path", [HISTORY, PULL_REQUEST])
def test_both_recipes_install_ruldiff_from_one_variable(path: Path) -> None:
    flow, install = install_step(path)
    assert install["run"] == 'python -m pip install "$RULDIFF"' and flow["env"]["RULDIFF"] == "."


def test_the_install_step_takes_a_git_url_as_in_a_users_repository(tmp_path: Path) -> None:
    # In a user's repository RULDIFF is git+https://github.com/OWNER/ruldiff@TAG:
    # the same form, here from this clone (git+file), resolved by pip without installing.
    # One run serves both recipes: the test above shows their install steps are one line.
    if not (ROOT / ".git").exists():
        pytest.skip("not a git clone: no git URL to install from")
    flow, install = install_step(HISTORY)
    environ = environment(flow, tmp_path, RULDIFF=f"git+file://{ROOT}")
    run = install["run"].replace("python -m pip install", f"{sys.executable} -m pip install --dry-run --no-deps")
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", run], cwd=tmp_path, env=environ,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Would install ruldiff-" in done.stdout
