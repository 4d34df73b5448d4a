"""Installing the package: the built-in templates must work after both
``pip install .`` and ``pip install -e .`` (hatchling force-include only works
for the former; our templates live inside the package for that reason).

Each test builds a fresh virtual environment whose dependencies come from the
one running the tests, so that it needs no network.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLE


def fresh_venv(where: Path) -> Path:
    # Without pip of its own (ensurepip took 3.5 s of CPU a venv): the test
    # environment's pip installs into it, through --python.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, capture_output=True)
    python = where / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    # Dependencies (click, jinja2, diff-match-patch, pyyaml, hatchling) from the
    # environment running the tests. A path in a .pth file is appended after the
    # venv's own site-packages, so the package installed below takes precedence.
    ours = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    Path(purelib, "_deps_from_test_env.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python


@pytest.mark.parametrize("editable", [False, True], ids=["install", "editable"])
def test_installed_command_renders_builtin_templates(tmp_path: Path, editable: bool) -> None:
    python = fresh_venv(tmp_path / "venv")
    args = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-build-isolation", "-q"]
    args += ["-e", str(ROOT)] if editable else [str(ROOT)]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    where = subprocess.run(
        [str(python), "-c", "import ruldiff, os; print(os.path.dirname(ruldiff.__file__))"],
        check=True, capture_output=True, text=True, cwd=tmp_path,
    ).stdout.strip()
    if editable:
        assert Path(where) == ROOT / "tool" / "ruldiff"
    else:
        assert Path(where).is_relative_to(tmp_path / "venv")
        assert (Path(where) / "outputs" / "templates" / "changelog.html.j2").is_file()
        assert (Path(where) / "py.typed").is_file()
        assert (Path(where) / "outputs" / "schema.json").is_file()
    old, new = sorted(SAMPLE.glob("lanternfall-*.txt"))[:2]
    ruldiff = tmp_path / "venv" / "bin" / "ruldiff"
    for fmt, marker in (("html", "<!DOCTYPE html>"), ("md", "# Changes from")):
        out = tmp_path / f"changes.{fmt}"
        done = subprocess.run([str(ruldiff), str(old), str(new), "-f", fmt, "-o", str(out)],
                              capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert out.read_text(encoding="utf-8").startswith(marker)
    done = subprocess.run([str(ruldiff), "schema"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0 and '"$schema": "https://json-schema.org/draft/2020-12/schema"' in done.stdout


def test_a_comparison_loads_only_what_it_uses(tmp_path: Path) -> None:
    """The start is a third of a comparison of two releases: a plain
    `ruldiff OLD NEW -f html -o FILE` must not import what only other
    subcommands or an editor's files need (yaml, the history layer and its
    cache, the pager, the schema), nor what only other documents or options
    need (the inferred numbering, a project's config, the terminal text,
    --max-chars, editors' notes), and still writes its changelog."""
    out = tmp_path / "c.html"
    code = (
        "import sys, runpy\n"
        "sys.argv = ['ruldiff', *sys.argv[1:]]\n"
        "from ruldiff.cli import main as cli\n"
        "try:\n"
        "    cli._status(sys.argv[1:])\n"
        "finally:\n"
        "    loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'yaml' or m in\n"
        "        ('ruldiff.series.history', 'ruldiff.series.releases', 'ruldiff.series.store', 'ruldiff.outputs.pager', 'ruldiff.outputs.schema', 'subprocess',\n"
        "         'ruldiff.documents.grammar', 'ruldiff.config', 'ruldiff.outputs.text', 'ruldiff.outputs.cap', 'ruldiff.outputs.notemark'))\n"
        "    print(','.join(loaded))\n"
    )
    old, new = sorted(SAMPLE.glob("*.txt"))[:2]
    done = subprocess.run(
        [sys.executable, "-c", code, str(old), str(new), "-f", "html", "-o", str(out)],
        capture_output=True, text=True, check=True, env={**os.environ, "RULDIFF_CACHE_DIR": ""},
    )
    assert done.stdout.strip() == ""
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def _modules_loaded(args: list[str]) -> tuple[set[str], str]:
    """The modules a run of `ruldiff ARGS` (through `run`, as the console
    script) has imported when it ends, and what it wrote to standard output."""
    code = (
        "import os, sys\n"
        "sys.argv = ['ruldiff', *sys.argv[1:]]\n"
        "def report(status):\n"
        "    sys.stdout.flush()\n"
        "    sys.stderr.write('\\nMODULES ' + ','.join(sorted(sys.modules)) + '\\n')\n"
        "    sys.stderr.flush()\n"
        "    real_exit(status)\n"
        "real_exit, os._exit = os._exit, report\n"
        "from ruldiff.cli import run\n"
        "run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True, text=True, env={**os.environ, "RULDIFF_CACHE_DIR": ""},
    )
    assert done.returncode == 0, done.stderr
    return set(done.stderr.rsplit("MODULES ", 1)[1].strip().split(",")), done.stdout


def test_version_loads_only_the_entry_point() -> None:
    """`ruldiff --version` prints a constant: it imports click and the
    group's module, and nothing of the pipeline (yaml, jinja2, the model)."""
    loaded, out = _modules_loaded(["--version"])
    assert out.startswith("ruldiff, version ")
    assert sorted(m for m in loaded if m.split(".")[0] == "ruldiff") == ["ruldiff", "ruldiff.cli", "ruldiff.cli.main"]
    assert not {"yaml", "jinja2", "diff_match_patch", "json"} & loaded


def test_a_plain_json_comparison_loads_only_what_it_uses(tmp_path: Path) -> None:
    """`ruldiff OLD NEW -f json -o FILE` reads two documents, compares them
    and writes JSON: no templates (jinja2), no yaml, no other command, no
    editorial layer without an editor's file, no pager, no --stat, no other
    format's writer."""
    out = tmp_path / "c.json"
    old, new = sorted(SAMPLE.glob("*.txt"))[:2]
    loaded, _ = _modules_loaded([str(old), str(new), "-f", "json", "-o", str(out)])
    ours = {m for m in loaded if m.split(".")[0] == "ruldiff"}
    assert {"ruldiff.cli.diff", "ruldiff.diff.pipeline", "ruldiff.documents.load", "ruldiff.outputs.render"} <= ours
    assert not {m for m in ours if m.startswith(("ruldiff.series", "ruldiff.editorial"))}
    assert not ours & {
        "ruldiff.cli.check", "ruldiff.cli.history", "ruldiff.cli.parse", "ruldiff.cli.review", "ruldiff.cli.schema",
        "ruldiff.cli.trace", "ruldiff.outputs.pager", "ruldiff.outputs.schema", "ruldiff.outputs.stat",
        "ruldiff.outputs.templating", "ruldiff.outputs.text", "ruldiff.outputs.cap", "ruldiff.documents.grammar",
        "ruldiff.config",
    }
    assert not {m for m in loaded if m.split(".")[0] in ("yaml", "jinja2", "markupsafe")}
    assert "subprocess" not in loaded
    assert out.read_text(encoding="utf-8").startswith("{")
