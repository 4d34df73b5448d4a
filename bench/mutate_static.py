#!/usr/bin/env python3
"""Static mutation testing: what mutmut never mutates.

Usage: bench/mutate_static.py [MODULE ...] [--operators OP,...] [--jobs N]
                              [--sample N --seed S] [--time-cap SECONDS] [--list]
                              [--log FILE] [--names FILE]

mutmut 3 mutates code inside functions only, so a module-level regex, a
table, a threshold, a class attribute or a template is never changed by
bench/mutation.py. This script makes those mutants itself, one change each:

- ``regex-class``: a character class of a module-level ``re.compile`` pattern
  loses its first member, or its negation (``[^...]`` <-> ``[...]``);
- ``regex-alternative``: one alternative of an ``a|b`` is removed;
- ``regex-anchor``: an anchor (``^ $ \\b \\A \\Z``) is removed, or a
  lookaround flipped (``(?=`` <-> ``(?!``, ``(?<=`` <-> ``(?<!``);
- ``regex-quantifier``: ``+`` becomes ``*``, ``?`` is dropped, ``{n}`` becomes ``{n+1}``;
- ``threshold``: a module-level or class-level number, alone or in a tuple,
  list or dict, is off by one (a float by a tenth of itself), either way;
- ``table``: two neighbouring entries of a tuple or list, or two values of
  a dict, are swapped; an entry of a dict, set (``frozenset((...))`` too:
  never swapped, its order means nothing) or ``str.maketrans`` table is dropped;
- ``template-filter``: a filter is dropped from a template's ``{{ ... }}``
  (``| e``, ``| md``, ``| edits_md`` ...);
- ``template-if``: an ``{% if ... %}`` (or ``elif``) holds always.

A pattern that no longer compiles, or a mutant identical to the original,
is not made; ``__all__`` is not mutated, nor a mutant that
bench/mutation-equivalent.txt lists as ``NAME ≡ WHY`` (no test can tell it
from the original, and the line says why). Each mutant is run against its module's unit tests only (TESTS
in bench/mutation.py; the templates against TEMPLATE_TESTS below), never
against tests/test_reports.py: a golden file alone does not kill a mutant.
The package is staged (copied) once per worker; the work tree is never touched.
A mutant is killed when the tests fail or time out. The score is reported per
module and per operator; survivors are listed with what was changed.

``.ci/run`` calls bench/mutation.py, which runs a sample of these mutants
after mutmut's (``--sample``, same seed).
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import dataclasses
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from mutation import PATHS, TESTS  # noqa: E402

PACKAGE = ROOT / "tool" / "ruldiff"
TEMPLATES = PACKAGE / "outputs" / "templates"

# The unit tests of each template, by the start of its name.
TEMPLATE_TESTS = {
    # The fastest first: -x stops at the first failure.
    "changelog": ["tests/test_template_reading.py", "tests/test_render.py", "tests/test_templates.py",
                  "tests/test_template_guards.py", "tests/test_render_text.py", "tests/test_notes.py",
                  "tests/test_annotate.py", "tests/test_cap.py", "tests/test_links.py"],
    "bulletin": ["tests/test_template_reading.py", "tests/test_render.py", "tests/test_templates.py",
                 "tests/test_template_guards.py", "tests/test_cap.py"],
    "history": ["tests/test_templates.py", "tests/test_history.py", "tests/test_config.py", "tests/test_site_safety.py"],
    "trace": ["tests/test_templates.py", "tests/test_template_guards.py", "tests/test_trace.py"],
}

OPERATORS = ("regex-class", "regex-alternative", "regex-anchor", "regex-quantifier", "threshold", "table",
             "template-filter", "template-if")

TIMEOUT = 300  # seconds a test run may take before the mutant counts as killed (a hang)


@dataclass(frozen=True)
class Mutant:
    module: str  # a key of TESTS, or "templates"
    operator: str
    file: str  # relative to the package
    line: int
    what: str  # the change, in a few words
    text: str  # the whole mutated file
    where: str = ""  # the assignment mutated ("_RANGE_END", "Class.NAME+2"): a name that no edit elsewhere moves

    @property
    def name(self) -> str:
        """The mutant's name, as bench/mutation-equivalent.txt lists it: the
        module, the file, the assignment (its line in a template), the
        operator and the change. A Python mutant is named by the assignment
        it changes and its line within it, not by its line in the file, so
        that an equivalent listed stays listed when code above it moves."""
        return f"{self.module}:{self.file}:{self.where or self.line}:{self.operator}:{self.what}"


# --- regexes ---------------------------------------------------------------------


def _scan(pattern: str) -> tuple[list[tuple[int, int]], list[int], list[int], list[int]]:
    """Character classes (start, end), alternation bars, anchors and
    quantifiers of a pattern, by position, outside escapes and classes."""
    classes, bars, anchors, quants = [], [], [], []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            if pattern[i + 1 : i + 2] in ("b", "A", "Z"):
                anchors.append(i)
            i += 2
            continue
        if c == "[":
            j = i + 1
            if pattern[j : j + 1] == "^":
                j += 1
            if pattern[j : j + 1] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            classes.append((i, j))
            i = j + 1
            continue
        if c == "|":
            bars.append(i)
        elif c in "^$":
            anchors.append(i)
        elif c in "+?" and i > 0 and pattern[i - 1] not in "(|*+?}" and not pattern[i - 1 : i + 1] == "(?":
            quants.append(i)
        elif c == "{" and re.match(r"\{\d+\}", pattern[i:]):
            quants.append(i)
        i += 1
    return classes, bars, anchors, quants


def _atom(body: str, k: int) -> int:
    """Length of one character of a class body at `k`: ``x``, ``\\d``, ``\\x7f``, ``\\u2019``."""
    if body[k : k + 1] != "\\":
        return 1
    return {"x": 4, "u": 6, "U": 10}.get(body[k + 1 : k + 2], 2)


def _first_member(body: str) -> int:
    """Length of the first member of a class body: ``\\d``, ``a-z``, ``\\x00-\\x08``, ``x``."""
    k = _atom(body, 0)
    if body[k : k + 1] == "-" and k + 1 < len(body):
        k += 1 + _atom(body, k + 1)
    return k


def _group_span(pattern: str, bar: int) -> tuple[int, int]:
    """The alternative after the bar at `bar`: up to the next bar or the
    group's end at the same depth."""
    depth, i = 0, bar + 1
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = _scan(pattern[i:])[0][0][1] + i + 1 if _scan(pattern[i:])[0] else i + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        elif c == "|" and depth == 0:
            break
        i += 1
    return bar, i


def regex_mutants(pattern: str) -> list[tuple[str, str, str]]:
    """(operator, what, mutated pattern) for one pattern."""
    out = []
    classes, bars, anchors, quants = _scan(pattern)
    for start, end in classes:
        body_start = start + 1 + (pattern[start + 1 : start + 2] == "^")
        body = pattern[body_start:end]
        k = _first_member(body)
        if len(body) > k:
            out.append(("regex-class", f"{pattern[start:end + 1]} loses {body[:k]}",
                        pattern[:body_start] + body[k:] + pattern[end:]))
        negated = pattern[start + 1 : start + 2] == "^"
        flipped = pattern[: start + 1] + ("" if negated else "^") + pattern[start + 1 + negated :]
        out.append(("regex-class", f"{pattern[start:end + 1]} negation flipped", flipped))
    for bar in bars:
        a, b = _group_span(pattern, bar)
        out.append(("regex-alternative", f"alternative {pattern[a + 1:b]!r} removed", pattern[:a] + pattern[b:]))
    if bars:  # the first alternative of the whole pattern or of the first bar's group
        first = bars[0]
        depth, i = 0, first - 1
        while i >= 0:
            c = pattern[i]
            if c == ")" and (i == 0 or pattern[i - 1] != "\\"):
                depth += 1
            elif c == "(" and (i == 0 or pattern[i - 1] != "\\"):
                if depth == 0:
                    break
                depth -= 1
            i -= 1
        head = i + 1
        if pattern[head : head + 2] == "?:":
            head += 2
        out.append(("regex-alternative", f"alternative {pattern[head:first]!r} removed",
                    pattern[:head] + pattern[first + 1 :]))
    for a in anchors:
        width = 2 if pattern[a] == "\\" else 1
        out.append(("regex-anchor", f"anchor {pattern[a:a + width]} removed", pattern[:a] + pattern[a + width :]))
    for look, other in (("(?=", "(?!"), ("(?!", "(?="), ("(?<=", "(?<!"), ("(?<!", "(?<=")):
        for m in re.finditer(re.escape(look), pattern):
            if m.start() and pattern[m.start() - 1] == "\\":
                continue
            out.append(("regex-anchor", f"{look} -> {other}", pattern[: m.start()] + other + pattern[m.end() :]))
    for q in quants:
        c = pattern[q]
        if c == "+":
            out.append(("regex-quantifier", "+ -> *", pattern[:q] + "*" + pattern[q + 1 :]))
        elif c == "?":
            out.append(("regex-quantifier", "? dropped", pattern[:q] + pattern[q + 1 :]))
        else:
            m = re.match(r"\{(\d+)\}", pattern[q:])
            assert m
            out.append(("regex-quantifier", f"{m.group()} -> {{{int(m.group(1)) + 1}}}",
                        pattern[:q] + "{" + str(int(m.group(1)) + 1) + "}" + pattern[q + m.end() :]))
    valid = []
    for op, what, new in out:
        if new == pattern:
            continue
        try:
            re.compile(new)
        except re.error:
            continue
        valid.append((op, what, new))
    return valid


# --- Python modules ------------------------------------------------------------


def _replace(source: str, node: ast.AST, new: str) -> str:
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.encode("utf-8")))
    data = source.encode("utf-8")
    start = offsets[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
    end = offsets[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
    return (data[:start] + new.encode("utf-8") + data[end:]).decode("utf-8")


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _numbers(node: ast.AST) -> list[ast.Constant]:
    """The numbers of a constant value: itself, or its entries (nested)."""
    if _is_number(node):
        return [node]  # type: ignore[list-item]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for e in node.elts for n in _numbers(e)]
    if isinstance(node, ast.Dict):
        return [n for e in node.values for n in _numbers(e)]
    return []


def _module_values(tree: ast.Module) -> list[tuple[str, int, ast.expr]]:
    """The values assigned at module level and in class bodies, each with
    the name assigned ("NAME", "Class.NAME") and the line it starts on; but
    ``__all__``'s: the order of the names it exports means nothing."""
    out = []
    for stmt in tree.body:
        cached = _cached_value(stmt)
        if cached is not None:  # a pattern compiled on first use: named by its function
            assert isinstance(stmt, ast.FunctionDef)
            out.append((stmt.name, cached.lineno, cached))
            continue
        bodies = [stmt] if not isinstance(stmt, ast.ClassDef) else stmt.body
        prefix = stmt.name + "." if isinstance(stmt, ast.ClassDef) else ""
        for s in bodies:
            if isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is not None:
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                    continue
                name = "=".join(ast.unparse(t) for t in targets)
                out.append((prefix + name, s.lineno, s.value))
    return out


def _cached_value(stmt: ast.stmt) -> ast.expr | None:
    """What a module-level ``@functools.cache`` function of no arguments
    returns, when its body is only that (a docstring aside): a value made on
    first use (a pattern compiled lazily), mutated as the module-level
    value it stands for."""
    if not (isinstance(stmt, ast.FunctionDef) and not stmt.args.args and stmt.decorator_list
            and all(ast.unparse(d) == "functools.cache" for d in stmt.decorator_list)):
        return None
    body = stmt.body[1:] if ast.get_docstring(stmt, clean=False) is not None else stmt.body
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None


def _regex_calls(value: ast.AST) -> list[ast.Constant]:
    """String literals that are patterns of re.compile calls in `value`."""
    found = []
    for node in ast.walk(value):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile"
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            for part in ast.walk(node.args[0]):
                if isinstance(part, ast.Constant) and isinstance(part.value, str) and part.value:
                    found.append(part)
    return found


def python_mutants(module: str) -> list[Mutant]:
    rel = PATHS[module] + ".py"
    source = (PACKAGE / rel).read_text(encoding="utf-8")
    tree = ast.parse(source)
    out: list[Mutant] = []

    where = ""

    def at(node: ast.AST) -> str:
        line: int = node.lineno  # type: ignore[attr-defined]
        return where + (f"+{line - start}" if line != start else "")

    def add(op: str, node: ast.AST, what: str, new_src: str) -> None:
        text = _replace(source, node, new_src)
        if text != source:
            out.append(Mutant(module, op, rel, node.lineno, what, text, at(node)))  # type: ignore[attr-defined]

    for where, start, value in _module_values(tree):
        regexes = _regex_calls(value)
        for const in regexes:
            for op, what, new in regex_mutants(const.value):
                add(op, const, what, repr(new))
        if regexes:
            continue
        for num in _numbers(value):
            v = num.value
            for changed in ((v + 1, v - 1) if isinstance(v, int) else (v * 1.1, v * 0.9)):
                add("threshold", num, f"{v!r} -> {changed!r}", repr(changed))
        table = value
        unordered = isinstance(table, ast.Set)  # a set's order means nothing: entries dropped, never swapped
        if isinstance(table, ast.Call) and table.args and isinstance(table.func, (ast.Name, ast.Attribute)):
            callee = ast.unparse(table.func)
            if callee in ("frozenset", "set", "tuple", "str.maketrans", "dict"):
                table = table.args[0]
                unordered = callee in ("frozenset", "set") and isinstance(table, (ast.Tuple, ast.List, ast.Set))
        seg = lambda n: ast.get_source_segment(source, n)  # noqa: E731
        if unordered and len(table.elts) >= 2:  # type: ignore[attr-defined]
            elts = table.elts  # type: ignore[attr-defined]
            for i, key in enumerate(elts):
                kept = ", ".join(seg(e) or "" for j, e in enumerate(elts) if j != i)
                new_src = ("(" + kept + ",)") if isinstance(table, ast.Tuple) else ("[" + kept + "]")
                if isinstance(table, ast.Set):
                    new_src = "{" + kept + "}"
                out.append(Mutant(module, "table", rel, key.lineno, f"entry {seg(key)} dropped", _replace(source, table, new_src), at(key)))
            continue
        if isinstance(table, (ast.Tuple, ast.List)) and len(table.elts) >= 2:
            for i in range(len(table.elts) - 1):
                a, b = table.elts[i], table.elts[i + 1]
                if seg(a) == seg(b):
                    continue
                swapped = _replace(_replace(source, b, seg(a) or ""), a, seg(b) or "")
                if swapped != source:
                    out.append(Mutant(module, "table", rel, a.lineno, f"entries {i} and {i + 1} swapped", swapped, at(a)))
        if isinstance(table, ast.Dict) and len(table.keys) >= 2:
            for i in range(len(table.values) - 1):
                a, b = table.values[i], table.values[i + 1]
                if seg(a) == seg(b):
                    continue
                swapped = _replace(_replace(source, b, seg(a) or ""), a, seg(b) or "")
                out.append(Mutant(module, "table", rel, a.lineno, f"values {i} and {i + 1} swapped", swapped, at(a)))
        if isinstance(table, ast.Dict) and len(table.keys) >= 2:
            items = table.keys if isinstance(table, ast.Dict) else table.elts
            for i, key in enumerate(items):
                if key is None:
                    continue
                kept = [j for j in range(len(items)) if j != i]
                if isinstance(table, ast.Dict):
                    body = ", ".join(f"{seg(table.keys[j])}: {seg(table.values[j])}" for j in kept if table.keys[j] is not None)
                    new_src = "{" + body + "}"
                else:
                    new_src = "{" + ", ".join(seg(items[j]) or "" for j in kept) + "}"
                out.append(Mutant(module, "table", rel, key.lineno, f"entry {seg(key)} dropped", _replace(source, table, new_src), at(key)))
    return out


# --- templates -------------------------------------------------------------------

_EXPRESSION = re.compile(r"\{\{-?(.*?)-?\}\}", re.S)
_FILTER = re.compile(r"\|\s*([a-z_]+)(\([^()]*\))?")
_IF = re.compile(r"\{%-?\s*(if|elif)\s+(.*?)\s*-?%\}", re.S)


def template_mutants() -> list[Mutant]:
    out = []
    for path in sorted(TEMPLATES.glob("*.j2")):
        rel = str(path.relative_to(PACKAGE))
        source = path.read_text(encoding="utf-8")
        for expr in _EXPRESSION.finditer(source):
            for f in _FILTER.finditer(expr.group(1)):
                start, end = expr.start(1) + f.start(), expr.start(1) + f.end()
                line = source.count("\n", 0, start) + 1
                out.append(Mutant("templates", "template-filter", rel, line, f"| {f.group(1)} dropped",
                                  source[:start] + source[end:]))
        for m in _IF.finditer(source):
            line = source.count("\n", 0, m.start()) + 1
            new = source[: m.start(2)] + "true" + source[m.end(2) :]
            out.append(Mutant("templates", "template-if", rel, line, f"{m.group(1)} {m.group(2)[:40]} -> true", new))
    return out


def mutants(modules: list[str]) -> list[Mutant]:
    """The mutants of `modules`, but those bench/mutation-equivalent.txt lists."""
    out = []
    for module in modules:
        out += template_mutants() if module == "templates" else python_mutants(module)
    # Two mutants can make the same change on one line (two `[a-z]` in one
    # pattern): the second is named "... (#2)", so that an equivalent listed
    # by name never leaves out a twin that is not.
    seen: dict[str, int] = {}
    for k, m in enumerate(out):
        seen[m.name] = seen.get(m.name, 0) + 1
        if seen[m.name] > 1:
            out[k] = dataclasses.replace(m, what=f"{m.what} (#{seen[m.name]})")
    skip = equivalents()
    names = {m.name for m in out}
    for name in sorted(skip):
        if name.split(":", 1)[0] in modules and name not in names:
            # the assignment or template line it names has changed: read it again
            print(f"mutate_static: listed as equivalent, but no such mutant: {name}", file=sys.stderr)
    return [m for m in out if m.name not in skip]


def equivalents() -> dict[str, str]:
    """The static mutants bench/mutation-equivalent.txt lists: a line
    ``NAME ≡ WHY`` (a name holds spaces, so ``≡`` ends it), name -> why."""
    out = {}
    for line in (ROOT / "bench" / "mutation-equivalent.txt").read_text(encoding="utf-8").splitlines():
        name, sep, why = line.partition(" ≡ ")
        if sep and not line.startswith("#"):
            out[name.strip()] = why.strip()
    return out


ONLY_TESTS: list[str] = []
"""``--tests``: the test files every mutant is run against instead of its own
(a first, fast pass: what they kill is killed; what survives is run again
against its own tests)."""


def tests_of(mutant: Mutant) -> list[str]:
    if ONLY_TESTS:
        return ONLY_TESTS
    if mutant.module != "templates":
        return TESTS[mutant.module]
    stem = Path(mutant.file).name
    return next(tests for prefix, tests in TEMPLATE_TESTS.items() if stem.startswith(prefix))


# --- running -------------------------------------------------------------------


def stage(where: Path) -> Path:
    """A copy of the package to mutate, importable from `where`/tool."""
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(PACKAGE, where / "tool" / "ruldiff", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return where


def run_tests(where: Path, tests: list[str], timeout: float) -> int:
    """Exit status of the tests against the staged package (-1: timed out)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "RULDIFF_CACHE_DIR")}
    env.update(PYTHONPATH=str(where / "tool"), PYTHONDONTWRITEBYTECODE="1",
               RULDIFF_CORPORA=str(where / "no-corpora"))
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
           "-o", "addopts=", *tests]
    try:
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=timeout, start_new_session=True)
    except subprocess.TimeoutExpired:
        return -1
    return done.returncode


def check(mutant: Mutant, where: Path, deadline: float | None = None) -> bool | None:
    """Whether the mutant is killed (its tests fail or hang); None when the
    run was stopped by `deadline` before it could tell."""
    target = where / "tool" / "ruldiff" / mutant.file
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant.text, encoding="utf-8")
    timeout = TIMEOUT if deadline is None else max(1.0, min(TIMEOUT, deadline - time.monotonic()))
    try:
        status = run_tests(where, tests_of(mutant), timeout)
    finally:
        target.write_text(original, encoding="utf-8")
    if status == -1 and timeout < TIMEOUT:
        return None
    return status != 0


def score(results: list[tuple[Mutant, bool]], key: str) -> list[tuple[str, int, int]]:
    rows: dict[str, list[int]] = {}
    for m, killed in results:
        row = rows.setdefault(getattr(m, key), [0, 0])
        row[0] += 1
        row[1] += killed
    return [(k, n, k_) for k, (n, k_) in sorted(rows.items())]


def report(results: list[tuple[Mutant, bool]], out=sys.stdout) -> None:  # type: ignore[no-untyped-def]
    for key in ("module", "operator"):
        print(f"\n{key:<18} {'checked':>7} {'killed':>6} {'score':>6}", file=out)
        total = [0, 0]
        for name, n, k in score(results, key):
            total[0] += n
            total[1] += k
            print(f"{name:<18} {n:>7} {k:>6} {100 * k / n:>5.1f}%", file=out)
        if total[0]:
            print(f"{'all':<18} {total[0]:>7} {total[1]:>6} {100 * total[1] / total[0]:>5.1f}%", file=out)


def run(chosen: list[Mutant], jobs: int, deadline: float | None, workdir: Path,
        log: Path | None = None, clean: bool = True) -> list[tuple[Mutant, bool]]:
    """Check `chosen` on `jobs` staged copies; stop starting new ones at
    `deadline` and stop those running then, unscored. `log`: a file that
    gets every result as it comes. `clean`: first check that the tests pass
    without a mutant (a failing test would kill every mutant)."""
    workers = [stage(workdir / f"w{i}") for i in range(jobs)]
    status = run_tests(workers[0], sorted({t for m in chosen for t in tests_of(m)}), TIMEOUT * 4) if clean and chosen else 0
    if status != 0:
        raise SystemExit(f"the unit tests fail without any mutant (exit {status}): fix them first")
    free = list(workers)
    results: list[tuple[Mutant, bool]] = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        pending: dict[concurrent.futures.Future[bool | None], tuple[Mutant, Path]] = {}
        queue = list(chosen)
        while queue or pending:
            while queue and free and (deadline is None or time.monotonic() < deadline):
                m, w = queue.pop(0), free.pop()
                pending[pool.submit(check, m, w, deadline)] = (m, w)
            if not pending:
                print(f"static: stopped by the time cap, {len(queue)} mutants not checked", flush=True)
                break
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                m, w = pending.pop(fut)
                free.append(w)
                killed = fut.result()
                if killed is None:
                    print(f"  not scored (stopped by the time cap): {m.name}", flush=True)
                    continue
                results.append((m, killed))
                if log is not None:
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(f"{'killed' if killed else 'survived'} {m.name}\n")
                if not killed:
                    print(f"  survived: {m.name}", flush=True)
    return results


@contextlib.contextmanager
def workdir(given: Path | None, prefix: str = "ruldiff-static-mutation-") -> Iterator[Path]:
    """`given`, or a new folder of this run's alone, removed when done: two
    runs that staged into one shared folder mutated one copy of the package
    at once and scored each other's mutants."""
    if given is not None:
        yield given
        return
    where = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


def main(args: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    choices = [*TESTS, "templates"]
    parser.add_argument("modules", nargs="*", metavar="MODULE", help=f"default: {' '.join(choices)}")
    parser.add_argument("--operators", help=f"comma-separated, of: {', '.join(OPERATORS)}")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, help="only N mutants per module, chosen with --seed")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--time-cap", type=float)
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--log", type=Path, help="append every result to this file as it comes")
    parser.add_argument("--names", type=Path,
                        help="only the mutants named in this file, one a line (a --log's lines, say)")
    parser.add_argument("--workdir", type=Path,
                        help="where the package is staged (kept); default: a new folder of this run's, removed at "
                        "the end, so that two runs never mutate one copy")
    parser.add_argument("--tests", help="comma-separated test files to run every mutant against instead of its "
                        "own: a fast first pass, whose survivors are then run again with --names")
    opts = parser.parse_args(args)
    ONLY_TESTS[:] = opts.tests.split(",") if opts.tests else []
    unknown = set(opts.modules) - set(choices)
    if unknown:
        parser.error(f"unknown module(s) {sorted(unknown)}; choose from {' '.join(choices)}")
    operators = set(opts.operators.split(",")) if opts.operators else set(OPERATORS)
    if operators - set(OPERATORS):
        parser.error(f"unknown operator(s) {sorted(operators - set(OPERATORS))}")
    modules = opts.modules or choices
    chosen = [m for m in mutants(modules) if m.operator in operators]
    if opts.names:
        # A name holds spaces, even at its end ("[ \t] loses  "): only a
        # --log's "killed " or "survived " is taken off.
        wanted = {re.sub(r"^(killed|survived) ", "", line)
                  for line in opts.names.read_text(encoding="utf-8").splitlines()}
        chosen = [m for m in chosen if m.name in wanted]
    if opts.sample is not None:
        sampled = []
        for module in modules:
            mine = [m for m in chosen if m.module == module]
            sampled += random.Random(f"{opts.seed}:static:{module}").sample(mine, min(opts.sample, len(mine)))
        chosen = sampled
    if opts.list:
        for m in chosen:
            print(m.name)
        print(f"{len(chosen)} mutants")
        return 0
    deadline = time.monotonic() + opts.time_cap if opts.time_cap else None
    with workdir(opts.workdir) as where:
        results = run(chosen, opts.jobs, deadline, where, opts.log)
    report(results)
    return 0 if results or not chosen else 2


if __name__ == "__main__":
    sys.exit(main())
