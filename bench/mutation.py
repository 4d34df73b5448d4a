#!/usr/bin/env python3
"""Mutation testing of ruldiff's core with mutmut, module by module.

Usage: bench/mutation.py [MODULE ...] [--jobs N] [--sample N --seed S] [--time-cap SECONDS]

Each MODULE (default: all of read parse align worddiff classify, the
modules of the semantic pass: semantic references runs substitutions lists
cosmetic splits moves diff_text, the outputs: render jsonout context text
templating files, then cli, and the rest of TESTS: documents/, cli_main and
cli_review, series/) is mutated on its own and its mutants are run
against that module's fast unit tests only (TESTS below), never the corpora or the golden
reports: a mutant that only a golden file notices counts as a survivor,
since a golden failure invites regeneration rather than a fix. For ``cli``
only the functions that write output are mutated (CLI_OUTPUT).

mutmut 3 imports the code under test from ``.``, ``src/`` or ``source/``
only, so each module is staged in WORKDIR/<module>/ as ``src/ruldiff`` plus
a copy of ``tests/``; the work tree is never touched. Mutants listed in
bench/mutation-equivalent.txt (name, then why it cannot change behaviour)
are left out of the score: they are equivalent, not untested. The names
number the mutants of a function in order, so they shift when that
function changes: review the list when a listed function is edited.

``--sample N --seed S`` runs N mutants per module chosen with a fixed seed
(what .ci/run does); ``--time-cap`` stops the whole run after that many
seconds and scores what was checked. Exit status: 0, or 2 when mutmut could
not run (a clean test run failing, say) or checked no mutant at all.
Survivors are listed, not failed on: the score is reported, and the full
run is the one to act on (see bench/README.md, "Mutation testing").

mutmut mutates code inside functions only. After it, the static mutants of
bench/mutate_static.py (module-level regexes, tables, thresholds, class
attributes, the templates) are run too: all of them for the modules given,
or with ``--sample N`` N/2 per operator (seeded likewise), and the templates'
when no module is named; ``--no-static`` leaves them out. Under
``--time-cap`` mutmut has 70% of the time and the static mutants the rest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = Path(sys.executable).with_name("mutmut")
EQUIVALENT = ROOT / "bench" / "mutation-equivalent.txt"

TESTS = {
    "read": ["tests/test_read.py", "tests/test_pdf.py"],
    "parse": ["tests/test_parse_edges.py", "tests/test_parse.py", "tests/test_profiles.py", "tests/test_outline.py"],
    "align": ["tests/test_align.py"],
    "worddiff": ["tests/test_worddiff.py", "tests/test_engines.py"],
    "classify": ["tests/test_classify.py"],
    # The semantic pass, one module per claim: each run against the same tests.
    # semantic.py tags the misspellings cosmetic.py finds corrected: test_cosmetic_typos.py tells them (0.6 s).
    "semantic": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py", "tests/test_cosmetic_typos.py"],
    "references": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py", "tests/test_references.py"],
    "runs": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py"],
    # test_families6.py: a rule and the examples that restate it, one place (`_without_illustrations`; 0.7 s).
    "substitutions": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py", "tests/test_families6.py", "tests/test_families10.py",
                      # test_substitutions_case.py: a phrase and its partner shown as written where the one replaced the other (session 28).
                      "tests/test_substitutions_case.py"],
    # test_lists_pairs.py: a pair grown into a list ("neither A nor B"), a conjunction moved between units (2 s).
    "lists": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py", "tests/test_lists.py",
              "tests/test_lists_pairs.py"],
    "cosmetic": ["tests/test_cosmetic_typos.py", "tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py"],
    "splits": [
        "tests/test_splits_main.py", "tests/test_splits_window.py", "tests/test_splits_kin.py",
        "tests/test_splits_far_kin.py", "tests/test_splits_far_reworded.py", "tests/test_splits_copies.py",
        "tests/test_splits_runs.py", "tests/test_splits_parallel.py", "tests/test_splits_twins.py",
        "tests/test_splits_steps.py",
        "tests/test_semantic.py", "tests/test_claims.py",
        "tests/test_semantic_edges.py",
    ],
    "moves": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py"],
    "diff_text": ["tests/test_semantic.py", "tests/test_claims.py", "tests/test_semantic_edges.py"],
    "render": ["tests/test_render.py", "tests/test_render_text.py", "tests/test_cap.py"],
    "jsonout": ["tests/test_render.py", "tests/test_render_text.py", "tests/test_annotate.py"],
    "context": [  # the fastest first: -x stops at the first failure
        "tests/test_render_text.py", "tests/test_notes.py", "tests/test_annotate.py", "tests/test_cap.py",
        "tests/test_render.py", "tests/test_links.py",
    ],
    "text": ["tests/test_render_text.py", "tests/test_annotate.py", "tests/test_notes.py"],
    "templating": ["tests/test_render.py", "tests/test_sandbox.py", "tests/test_links.py", "tests/test_annotate.py", "tests/test_notes.py"],
    "files": ["tests/test_render.py"],
    "cli": ["tests/test_cli.py", "tests/test_cli_output.py", "tests/test_cli_exit.py"],
    "markup": ["tests/test_markup.py", "tests/test_markdown_input.py", "tests/test_wordlists.py"],
    "dates": ["tests/test_dates.py", "tests/test_outline.py"],
    "wordlists": ["tests/test_wordlists.py"],
    "excerpt": ["tests/test_excerpt.py"],
    "stat": ["tests/test_stat.py"],
    "notemark": ["tests/test_notemark.py"],
    # Not the pty tests of test_cli_pager.py: their timeouts failed a clean run under load 17.
    "pager": ["tests/test_cli_pager.py::test_less_and_lv_are_told_to_show_colours_unless_the_user_set_them"],
    "config": ["tests/test_config.py"],
    "sandbox": ["tests/test_sandbox.py"],
    "errors": ["tests/test_errors.py", "tests/test_config.py"],
    # Round two, second share: the rest of documents/, the CLI's commands, the series.
    "grammar": ["tests/test_grammar_edges.py", "tests/test_grammar.py", "tests/test_parse.py"],
    "furniture": ["tests/test_furniture_bounds.py", "tests/test_furniture.py", "tests/test_parse.py"],
    "citations": ["tests/test_citations.py", "tests/test_references.py", "tests/test_parse.py"],
    "outline": ["tests/test_outline.py"],
    "cli_main": ["tests/test_cli.py", "tests/test_cli_help.py"],
    "cli_run": ["tests/test_cli_exit.py"],
    "cli_review": ["tests/test_review.py"],
    "forks": ["tests/test_forks.py"],
    "history": ["tests/test_series.py", "tests/test_history.py"],
    "releases": ["tests/test_series.py", "tests/test_history_series.py"],
    "site": ["tests/test_site_safety.py", "tests/test_history.py"],
    "store": ["tests/test_series.py"],
    "trace": ["tests/test_trace.py"],
}

# Where each module lives in the package (tool/ruldiff/<path>.py).
PATHS = {
    "read": "documents/read", "parse": "documents/parse", "align": "diff/align", "worddiff": "diff/worddiff",
    "classify": "diff/classify", "semantic": "diff/semantic", "references": "diff/references", "runs": "diff/runs",
    "substitutions": "diff/substitutions", "lists": "diff/lists", "cosmetic": "diff/cosmetic", "splits": "diff/splits",
    "moves": "diff/moves", "diff_text": "diff/text",
    "render": "outputs/render", "jsonout": "outputs/jsonout", "context": "outputs/context", "text": "outputs/text",
    "templating": "outputs/templating", "files": "outputs/files", "cli": "cli/output",
    "markup": "documents/markup", "dates": "documents/dates", "wordlists": "documents/wordlists",
    "excerpt": "outputs/excerpt", "stat": "outputs/stat", "notemark": "outputs/notemark", "pager": "outputs/pager",
    "config": "config", "sandbox": "sandbox", "errors": "errors",
    "grammar": "documents/grammar", "furniture": "documents/furniture", "citations": "documents/citations",
    "outline": "documents/outline", "cli_main": "cli/main", "cli_run": "cli/__init__", "cli_review": "cli/review", "forks": "series/forks",
    "history": "series/history", "releases": "series/releases", "site": "series/site", "store": "series/store",
    "trace": "series/trace",
}


def dotted(module: str) -> str:
    """The module's import name: ``ruldiff.diff.semantic``."""
    return "ruldiff." + PATHS[module].removesuffix("/__init__").replace("/", ".")


# The output writing of cli/output.py: where -o and standard output are written.
CLI_OUTPUT = (
    "emit", "_write_all", "output_target", "_names_a_descriptor", "inputs",
    "_same_file", "deliver", "_write_through", "write_atomic",
)

STAGED_PYPROJECT = """\
[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-p no:cacheprovider"

[tool.mutmut]
source_paths = ["src/ruldiff"]
only_mutate = ["src/ruldiff/{path}.py"]
pytest_add_cli_args_test_selection = {tests}
use_git_change_detection = false
also_copy = ["tool", "corpora", "docs"]
"""

# Modules mutmut cannot run: the static mutants (bench/mutate_static.py) still cover them.
NOT_BY_MUTMUT = {
    "markup": "its trampoline changes the signature of the methods lxml calls on a parser target, "
              "so the unmutated module fails its own tests",
    "cli_run": "a package's __init__.py (cli/__init__): mutmut's run fails on it (exit 1 while generating); "
               "it holds one constant and the two-line `run`, which every CLI test goes through",
    # Added for their static mutants (issue #30) and never tried under mutmut: cli/main and
    # series/forks fork, set signal handlers and call os._exit, which a mutant could turn on mutmut.
    **{m: "added for its static mutants (issue #30), not yet tried under mutmut"
       for m in ("grammar", "furniture", "citations", "outline", "cli_main", "cli_review", "forks", "history",
                 "releases", "site", "store", "trace")},
}

# mutmut 3.8.1 has no "generate only" command: its own first steps of `run`.
GENERATE = """\
from mutmut.__main__ import copy_src_dir, copy_also_copy_files, setup_source_paths, create_mutants
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants({jobs})
"""

# Appended to the staged tests/conftest.py: what a mutant must never do to
# the machine. Refusing it fails the test, so the mutant counts as killed.
# - A mutant of worddiff can make a worker think it is the parent and later
#   os.kill(0, SIGKILL): the whole process group, mutmut included.
# - A mutant of cli/output.py's output_target can take /dev/null for a regular file, and
#   write_atomic then renames a temporary file over the device (seen: every
#   later `> /dev/null` on the machine wrote to a file).
GUARD = """

_real_kill, _real_replace, _real_rename, _real_unlink = os.kill, os.replace, os.rename, os.unlink


def _mutation_guard_kill(pid: int, sig: int) -> None:
    if pid <= 1:
        raise AssertionError(f"os.kill({pid}, {sig}) would signal a process group or init")
    _real_kill(pid, sig)


def _mutation_guard_path(path: object) -> None:
    if os.path.realpath(os.fsdecode(path)).startswith(("/dev/", "/proc/", "/sys/")):
        raise AssertionError(f"{path}: a mutant would replace or remove a device")


def _mutation_guard_replace(src: object, dst: object, *args: object, **kw: object) -> None:
    _mutation_guard_path(dst)
    _real_replace(src, dst, *args, **kw)


def _mutation_guard_rename(src: object, dst: object, *args: object, **kw: object) -> None:
    _mutation_guard_path(dst)
    _real_rename(src, dst, *args, **kw)


def _mutation_guard_unlink(path: object, *args: object, **kw: object) -> None:
    _mutation_guard_path(path)
    _real_unlink(path, *args, **kw)


os.kill, os.replace, os.rename, os.unlink = (
    _mutation_guard_kill, _mutation_guard_replace, _mutation_guard_rename, _mutation_guard_unlink
)
"""

# Also appended to the staged tests/conftest.py: every functools cache of
# the package emptied before each test. mutmut forks each mutant's worker
# from a process that has run the tests already (its clean and stats runs),
# so a cache such as classify's lru_cached `_skeleton` holds every result the
# tests ask for, and the mutated function it calls (`_typography`, say) is
# never called: the mutant "survives" untested (issue #30). Cold caches also
# make the stats run record every test that reaches a function behind one.
COLD_CACHES = """

@pytest.fixture(autouse=True)
def _mutation_cold_caches() -> None:
    import sys

    for name, module in list(sys.modules.items()):
        if name == "ruldiff" or name.startswith("ruldiff."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
"""

KILLED = {1, 3, 24, -24, 36, 152, 255}  # a failing test, or a timeout (mutmut's stats.py)


def stage(module: str, workdir: Path) -> Path:
    """A fresh copy of the package as src/ruldiff and of tests/, configured for one module."""
    where = workdir / module
    shutil.rmtree(where, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "tool" / "ruldiff", where / "src" / "ruldiff", ignore=ignore)
    shutil.copytree(ROOT / "tests", where / "tests", ignore=ignore)
    # Read as data by some tests (a profile's YAML, the sample corpus); never imported from there.
    shutil.copytree(ROOT / "tool", where / "tool", ignore=ignore)
    shutil.copytree(ROOT / "corpora", where / "corpora", ignore=ignore)
    shutil.copytree(ROOT / "docs", where / "docs", ignore=ignore)  # the manual's examples, checked against the output
    with open(where / "tests" / "conftest.py", "a", encoding="utf-8") as conftest:
        conftest.write(GUARD + COLD_CACHES)
    (where / "pyproject.toml").write_text(
        STAGED_PYPROJECT.format(path=PATHS[module], tests=json.dumps(TESTS[module])), encoding="utf-8"
    )
    return where


def unit_tests_only(where: Path) -> dict[str, str]:
    """The environment of a mutation run: the module's unit tests only. A
    test file may also hold a test of the real corpora (test_read.py reads
    one release); with no corpora and not under CI, those skip, as on a
    developer's machine without the data, instead of failing as CI wants."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["RULDIFF_CORPORA"] = str(where / "no-corpora")
    return env


def results(where: Path, module: str) -> dict[str, int | None]:
    """Mutant name -> exit code of its test run (None: not run yet)."""
    meta = where / "mutants" / "src" / "ruldiff" / f"{PATHS[module]}.py.meta"
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    if module == "cli":
        codes = {k: v for k, v in codes.items()
                 if any(k.split(".")[-1].startswith(f"x_{f}__mutmut_") for f in CLI_OUTPUT)}
    return codes


def equivalents() -> dict[str, str]:
    """bench/mutation-equivalent.txt: mutant name -> why it is equivalent."""
    out = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and " ≡ " not in line:  # a static mutant's (mutate_static.py)
            name, _, why = line.partition(" ")
            out[name] = why.strip()
    return out


def main(args: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", metavar="MODULE", help=f"default: {' '.join(TESTS)}")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--sample", type=int, help="run only N mutants per module")
    parser.add_argument("--seed", type=int, default=18, help="seed of the sample (default 18)")
    parser.add_argument("--time-cap", type=float, help="stop after this many seconds in all")
    parser.add_argument("--functions", help="only the mutants of these functions (comma-separated names)")
    parser.add_argument("--workdir", type=Path,
                        help="where each module is staged (kept, for `mutmut show`); default: a new folder of "
                        "this run's, removed at the end, so that two runs never restage each other's module")
    parser.add_argument("--no-static", dest="static", action="store_false",
                        help="leave out the static mutants (bench/mutate_static.py)")
    opts = parser.parse_args(args)
    unknown = set(opts.modules) - set(TESTS)
    if unknown:
        parser.error(f"unknown module(s) {sorted(unknown)}; choose from {' '.join(TESTS)}")
    sys.path.insert(0, str(ROOT / "bench"))
    import mutate_static

    kept = opts.workdir is not None
    with mutate_static.workdir(opts.workdir, prefix="ruldiff-mutation-") as opts.workdir:
        return _run(opts, kept)


def _run(opts: argparse.Namespace, kept: bool) -> int:
    started = time.monotonic()
    deadline = started + opts.time_cap * (0.7 if opts.static else 1) if opts.time_cap else None
    skip = equivalents()
    rows, checked_any, broken = [], False, False
    for module in opts.modules or list(TESTS):
        if module in NOT_BY_MUTMUT:
            print(f"{module}: not run by mutmut ({NOT_BY_MUTMUT[module]}); its static mutants are", flush=True)
            continue
        where = stage(module, opts.workdir)
        subprocess.run([sys.executable, "-c", GENERATE.format(jobs=opts.jobs)], cwd=where, check=True,
                       stdout=subprocess.DEVNULL)
        names = sorted(results(where, module))
        if opts.functions:
            # x_name__mutmut_N for a function, xǁClassǁname__mutmut_N for a method
            wanted = [f.strip() for f in opts.functions.split(",")]
            names = [n for n in names if any(n.split(".")[-1].split("__mutmut_")[0] in (f"x_{f}", f)
                                             or n.split("__mutmut_")[0].endswith(f"ǁ{f}") for f in wanted)]
        if opts.sample is not None:
            names = sorted(random.Random(f"{opts.seed}:{module}").sample(names, min(opts.sample, len(names))))
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            print(f"{module}: not run, the time cap was reached", flush=True)
            continue
        whole = opts.sample is None and module != "cli" and not opts.functions
        patterns = [f"{dotted(module)}.*"] if whole else names
        # mutmut in a session of its own, so that the time cap stops it and
        # every runner it forked.
        # SIGINT's default action back: a shell starting this in the background
        # leaves SIGINT ignored, which the CLI's signal tests would inherit.
        proc = subprocess.Popen([str(MUTMUT), "run", "--max-children", str(opts.jobs), *patterns], cwd=where,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                                env=unit_tests_only(where))
        try:
            output, _ = proc.communicate(timeout=left)
            if proc.returncode != 0:
                broken = True
                print(f"{module}: mutmut failed ({proc.returncode}):\n{output[-3000:]}", flush=True)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            print(f"{module}: stopped by the time cap; scoring what was checked", flush=True)
        codes = {k: v for k, v in results(where, module).items() if k in set(names)}
        equivalent = [k for k in codes if k in skip]
        run = {k: v for k, v in codes.items() if v is not None and k not in skip}
        killed = [k for k, v in run.items() if v in KILLED]
        survived = sorted(k for k in run if k not in killed)
        checked_any = checked_any or bool(run)
        score = f"{100 * len(killed) / len(run):.1f}%" if run else "-"
        rows.append((module, len(codes), len(equivalent), len(run), len(killed), score))
        for name in survived:
            see = f"cd {where} && {MUTMUT} show {name}" if kept else "--workdir DIR keeps the copy for `mutmut show`"
            print(f"  survived: {name} (exit {run[name]}); see: {see}", flush=True)
        print(f"{module}: {len(killed)} of {len(run)} killed ({score}), {len(equivalent)} equivalent", flush=True)
    print(f"\n{'module':<10} {'mutants':>7} {'equiv.':>6} {'checked':>7} {'killed':>6} {'score':>6}")
    for module, total, eq, n, k, score in rows:
        print(f"{module:<10} {total:>7} {eq:>6} {n:>7} {k:>6} {score:>6}")
    if opts.static and not opts.functions:
        checked_any = static(opts, started) or checked_any
    return 2 if broken or not checked_any else 0


def static(opts: argparse.Namespace, started: float) -> bool:
    """The static mutants (bench/mutate_static.py) of the modules run: all,
    or a seeded sample of N/2 per operator. Whether any was checked."""
    import mutate_static

    modules = list(opts.modules or TESTS) + ([] if opts.modules else ["templates"])
    chosen = mutate_static.mutants(modules)
    if opts.sample is not None:
        picked = []
        for op in mutate_static.OPERATORS:
            mine = [m for m in chosen if m.operator == op]
            picked += random.Random(f"{opts.seed}:static:{op}").sample(mine, min(max(1, opts.sample // 2), len(mine)))
        chosen = picked
    deadline = started + opts.time_cap if opts.time_cap else None
    print(f"\nstatic mutants (bench/mutate_static.py): {len(chosen)}", flush=True)
    # A sample (.ci/run) follows a whole test run that passed: no clean run of its own.
    results = mutate_static.run(chosen, opts.jobs, deadline, opts.workdir / "static", clean=opts.sample is None)
    mutate_static.report(results)
    return bool(results)


if __name__ == "__main__":
    sys.exit(main())
