"""sandbox.py: a user's template runs nothing, reads nothing, and stops within
bounds; its errors are one line naming the template file and line, exit 2,
the same with and without the helper process."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import write_rules_pair

from ruldiff import sandbox
from ruldiff.cli.main import main

OLD = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass the turn.")]
NEW = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw two cards."), ("100.2.", "Pass the turn.")]


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    return write_rules_pair(tmp_path, OLD, NEW)


def run_template(files: tuple[str, str], tmp_path: Path, source: str, jobs: str) -> tuple[int, str]:
    """Exit status and output of ``ruldiff -f md`` with `source` as the user's Markdown template."""
    templates = tmp_path / "t"
    templates.mkdir(exist_ok=True)
    (templates / "changelog.md.j2").write_text(source, encoding="utf-8")
    result = CliRunner().invoke(
        main, [*files, "-f", "md", "-j", jobs, "--templates", str(templates)], catch_exceptions=False
    )
    return result.exit_code, result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("source", "line", "message"),
    [
        # Code execution through a global's function internals (the classic escape).
        ("{{ cycler.__init__.__globals__.os.popen('touch PWNED').read() }}\n", 1,
         "template not allowed to do this: access to attribute '__init__'"),
        ("ok\n{{ self.__init__.__globals__['__builtins__']['open']('/etc/passwd').read() }}\n", 2,
         "template not allowed to do this: access to attribute '__init__'"),
        ("{{ summary.__class__.__mro__ }}\n", 1, "template not allowed to do this: access to attribute '__class__'"),
        # The context is the template's to read, not to change.
        ("{{ new_rules.append(1) }}\n", 1, "template not allowed to do this"),
        # Errors of the template's own making.
        ("first\nsecond\n{{ 1/0 }}\n", 3, "template failed: ZeroDivisionError: division by zero"),
        ("{% macro f() %}{{ f() }}{% endmacro %}\n{{ f() }}\n", 2, "template failed: calls nested too deep"),
        # Sizes built in one step that no timer could interrupt.
        ("{{ 'x' * 10**10 }}\n", 1, "'*' result too large for a template"),
        ("\n{{ 'x' | center(10**10) }}\n", 2, "filter center: value too large for a template"),
        ("{{ '%999999999d' % 1 }}\n", 1, "'%': width too large for a template"),
        ("{{ '{:>999999999}'.format(1) }}\n", 1, "width too large for a template"),
        ("{{ 10 ** 10000000 }}\n", 1, "'**' result too large for a template"),
        ("{{ ('a' * 60000000) | replace('a', 'bbbbbbbbbbbbbbbb') }}\n", 1, "filter replace: result too large"),
        ("{{ ('a' * 60000000).replace('a', 'bbbbbbbbbbbbbbbb') }}\n", 1, "call of replace: result too large"),
        ("{{ range(10**9) | length }}\n", 1, "value too large for a template"),
        ("{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}\n", 1,
         "namespace attribute s: value too large for a template"),
    ],
)
def test_a_template_that_breaks_out_or_fails_is_one_line_naming_file_and_line(
    files: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, line: int,
    message: str, jobs: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, output = run_template(files, tmp_path, source, jobs)
    assert status == 2
    assert output.startswith(f"Error: {tmp_path / 't' / 'changelog.md.j2'}:{line}: ")
    assert message in output
    assert output.count("\n") == 1 and "Traceback" not in output
    assert not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_templates_cannot_read_the_environment_or_files(
    files: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    monkeypatch.setenv("RULDIFF_SECRET", "s3cret")
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cret", encoding="utf-8")
    for source in (
        "{{ cycler.__init__.__globals__.os.environ }}",
        "{% include '" + str(secret) + "' %}",
        "{% include '../secret.txt' %}",
        "{{ joiner.__call__.__globals__ }}",
    ):
        status, output = run_template(files, tmp_path, source, jobs)
        assert status == 2 and "s3cret" not in output, source


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("limit", "value", "body", "where", "message"),
    [
        ("MAX_OUTPUT", 100_000, "{{ i }}", "", "output longer than 100,000 characters"),
        ("MAX_SECONDS", 0.5, "", "{dir}/changelog.md.j2:2", "took longer than 0.5 s"),  # prints nothing
    ],
)
def test_a_render_past_its_limits_stops_with_a_clear_error(
    files: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str,
    limit: str, value: float, body: str, where: str, message: str,
) -> None:
    monkeypatch.setattr(sandbox, limit, value)
    loop = "Changes\n{% for i in range(100000) %}{% for j in range(100000) %}" + body + "{% endfor %}{% endfor %}\n"
    start = time.monotonic()
    status, output = run_template(files, tmp_path, loop, jobs)
    assert time.monotonic() - start < 10
    assert status == 2
    where = where.format(dir=tmp_path / "t") or "changelog.md.j2"
    assert output == f"Error: {where}: template stopped: {message}\n"


def test_the_timer_is_put_back_as_it_was(files: tuple[str, str], tmp_path: Path) -> None:
    import signal

    before = signal.getsignal(signal.SIGALRM)
    status, _ = run_template(files, tmp_path, "{{ summary.changed }}\n", "1")
    assert status == 0
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_legitimate_template_keeps_its_features(files: tuple[str, str], tmp_path: Path) -> None:
    source = (
        "{% set ns = namespace(n=0) %}{% for s in sections %}{% for c in s.changes %}"
        "{% set ns.n = ns.n + 1 %}{% endfor %}{% endfor %}"
        "{{ ns.n }} {{ '%-3s|' % summary.changed }} {{ '{}!'.format('hi') }} {{ 'ab' * 2 }} {{ 2 ** 10 }}"
        " {{ range(3) | list }} {{ [1] + [2] }} {{ 'x' | center(5) }}|\n"
    )
    status, output = run_template(files, tmp_path, source, "1")
    assert (status, output) == (0, "1 1  | hi! abab 1024 [0, 1, 2] [1, 2]   x  |\n")


def test_the_limits_are_checked_before_the_work() -> None:
    """The predicate that guards ``*``, ``**`` and ``+`` answers from the
    operands' sizes alone."""
    too_big = sandbox._binop_too_big
    assert too_big("*", "x", sandbox.MAX_OUTPUT + 1) and too_big("*", sandbox.MAX_OUTPUT + 1, "x")
    assert not too_big("*", "x", sandbox.MAX_OUTPUT) and not too_big("*", 10**20, 10**20)
    assert too_big("**", 2, sandbox.MAX_POWER_BITS + 1) and not too_big("**", 2, 100)
    assert not too_big("**", 2, -(10**9))  # a fraction, small
    assert too_big("+", [0] * sandbox.MAX_OUTPUT, [0]) and not too_big("+", "a", "b")


@pytest.mark.parametrize(
    ("user", "fmt"),
    [
        ({"changelog.md.j2": "{{ summary.changed }} changed\n"}, "md"),  # the user's own template
        ({"changelog.md.j2": "{% extends 'changelog.html.j2' %}"}, "md"),  # a built-in one it extends
        ({"changelog.md.j2": "{% include 'changelog.html.j2' %}"}, "md"),  # ... or includes
        ({"changelog.md.j2": "x\n"}, "html"),  # a built-in one rendered with the user's directory
    ],
)
def test_only_the_built_in_templates_alone_render_outside_the_sandbox(
    files: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user: dict[str, str], fmt: str
) -> None:
    """The built-in templates are code of ours: alone, they render in a plain
    environment, without the sandbox's limits; with a user's directory,
    everything the render loads is sandboxed and bounded."""
    from ruldiff.outputs.templating import load_template

    monkeypatch.setattr(sandbox, "MAX_OUTPUT", 2)
    built_in = CliRunner().invoke(main, [*files, "-f", fmt], catch_exceptions=False)
    assert built_in.exit_code == 0 and len(built_in.output) > 2
    assert not load_template(f"changelog.{fmt}.j2").environment.sandboxed
    templates = tmp_path / "t"
    templates.mkdir()
    for name, source in user.items():
        (templates / name).write_text(source, encoding="utf-8")
    assert load_template(f"changelog.{fmt}.j2", templates).environment.sandboxed
    result = CliRunner().invoke(main, [*files, "-f", fmt, "--templates", str(templates)], catch_exceptions=False)
    assert result.exit_code == 2
    # stopped by the sandbox's limits: the output's, or a value's in the built-in code
    assert re.search(r": template (stopped: output longer than 2 characters|not allowed to do this: .* too large)",
                     result.output), result.output


@pytest.mark.parametrize(("elapsed", "stopped"), [(59.5, False), (60.5, True)])
def test_a_render_may_take_sixty_seconds_and_no_more(
    monkeypatch: pytest.MonkeyPatch, elapsed: float, stopped: bool
) -> None:
    """The clock is faked: the render starts at 0 and every later reading is
    `elapsed` seconds on (the check where no timer can run)."""
    from types import SimpleNamespace

    readings = iter([0.0])
    monkeypatch.setattr(sandbox, "time", SimpleNamespace(monotonic=lambda: next(readings, elapsed)))
    template = sandbox.sandboxed_environment().from_string("{{ 6 * 7 }}")
    if stopped:
        with pytest.raises(sandbox.RenderLimitError, match=r"^took longer than 60 s$"):
            sandbox.render_bounded(template, {})
    else:
        assert sandbox.render_bounded(template, {}) == "42"


HOSTILE_OLD = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card & <b>shout</b> \"now\"."),
               ("100.2.", "Pass the turn.")]
HOSTILE_NEW = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw two cards & <i>'whisper'</i>."),
               ("100.2.", "Pass the <script>turn</script>."), ("100.3.", "Say \"<&>\" and 'stop'.")]


@pytest.mark.parametrize("name", ["changelog.html.j2", "bulletin.html.j2"])
@pytest.mark.parametrize("cached", [False, True])
def test_the_built_in_templates_escape_what_they_show_as_markupsafe_does(
    tmp_path: Path, name: str, cached: bool
) -> None:
    """The built-in templates escape their outputs with `templating._escaped`
    (plain strings, not markupsafe's Markup): the page is the one jinja2's
    own escaping writes, byte for byte, on texts full of ``& < > ' "``, read
    from the bytecode cache or compiled; a user's directory keeps jinja2's
    escaping (sandboxed)."""
    import jinja2

    from ruldiff.diff.pipeline import compare
    from ruldiff.documents.load import load
    from ruldiff.outputs import templating
    from ruldiff.outputs.context import build_context

    old, new = write_rules_pair(tmp_path, HOSTILE_OLD, HOSTILE_NEW)
    context = build_context(compare(load(old), load(new)))
    cache = tmp_path / "cache" if cached else None
    for _ in range(1 + cached):  # with a cache: compiled and written, then read back
        trusted = templating.load_template(name, None, cache)
    assert trusted.root_render_func.__globals__["escape"] is templating._escaped
    reference = templating._environment(None, None)
    reference.template_class = jinja2.Template  # markupsafe's escape, as compiled
    expected = templating.render_loaded(reference.get_template(name), name, context)
    assert "&lt;script&gt;turn&lt;/script&gt;" in expected and "&#34;&lt;&amp;&gt;&#34;" in expected
    assert templating.render_loaded(trusted, name, context) == expected
    user = tmp_path / "mine"
    user.mkdir()
    sandboxed = templating.load_template(name, user)
    assert sandboxed.root_render_func.__globals__["escape"] is not templating._escaped
    assert templating.render_loaded(sandboxed, name, context, user) == expected
