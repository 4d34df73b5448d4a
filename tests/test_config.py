"""config.py: ruldiff.yaml, every key checked, and how history and trace use it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

from ruldiff.cli.main import main
from ruldiff.config import Config, load_config
from ruldiff.errors import ConfigError


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_every_key_is_read() -> None:
    text = "profile: mtg-cr\ntemplates: tpl\noutput: site\nreleases: corpora\norder: [b.txt, a.txt]\n"
    assert load_config(text) == Config("mtg-cr", "tpl", "site", ("corpora",), ("b.txt", "a.txt"))
    assert load_config("") == Config()


@pytest.mark.parametrize("text, message", [
    ("profil: mtg-cr\n", "unknown key 'profil' (did you mean 'profile'?)"),
    ("ordre: [a]\n", "unknown key 'ordre' (did you mean 'order'?)"),
    ("colour: red\n", "unknown key 'colour' (known keys: profile, templates, output, releases, order, check)"),
    ("profile: [a, b]\n", "profile: expected a string, not ['a', 'b']"),
    ("order: {a: 1}\n", "order: expected a list of file names"),
    ("order: [a, a]\n", "order: a name is listed twice"),
    ("- a\n- b\n", "expected keys and values"),
])
def test_a_wrong_key_or_value_is_named(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_config(text, "ruldiff.yaml")
    assert message in str(info.value)


def test_a_yaml_error_gives_its_line() -> None:
    with pytest.raises(ConfigError) as info:
        load_config("profile: mtg-cr\norder: [a, b\n", "ruldiff.yaml")
    assert str(info.value).startswith("ruldiff.yaml:") and info.value.line is not None


def test_history_takes_its_defaults_from_ruldiff_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rel").symlink_to(ROOT / "corpora")
    names = sorted(p.name for p in (ROOT / "corpora").glob("lanternfall-*.txt"))
    order = [names[1], names[0], *names[2:]]  # against the dates, on purpose
    (tmp_path / "ruldiff.yaml").write_text(f"releases: rel\noutput: out\norder: {json.dumps(order)}\n")
    result = run("history")
    assert result.exit_code == 0, result.output
    index = json.loads((tmp_path / "out" / "index.json").read_text(encoding="utf-8"))
    assert [v["file"] for v in index["versions"]] == order
    # An option given wins over the file.
    assert run("history", "-o", tmp_path / "other").exit_code == 0 and (tmp_path / "other" / "index.html").is_file()


def test_a_misspelt_key_stops_the_command_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ruldiff.yaml").write_text("output: out\nrelease: rel\n")
    result = run("history")
    assert result.exit_code == 2
    assert result.output == "Error: ruldiff.yaml: unknown key 'release' (did you mean 'releases'?)\n"


def test_a_version_missing_from_order_is_an_error(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("order: [lanternfall-2024-01-15.txt]\n")
    result = run("history", ROOT / "corpora", "-o", tmp_path / "s", "--config", config)
    assert result.exit_code == 2 and "not named in the order of ruldiff.yaml" in result.output


def test_templates_of_the_config_replace_the_changelog_of_each_step(tmp_path: Path) -> None:
    tpl = tmp_path / "tpl"
    tpl.mkdir()
    (tpl / "changelog.md.j2").write_text("{{ summary.added }} added\n")
    config = tmp_path / "c.yaml"
    config.write_text(f"templates: {tpl}\n")
    result = run("history", ROOT / "corpora", "-o", tmp_path / "s", "--config", config)
    assert result.exit_code == 0, result.output
    md = (tmp_path / "s" / "steps" / "2024-01-15_to_2024-06-01.md").read_text(encoding="utf-8")
    assert md.endswith("\n2 added\n")
    (tpl / "changelog.md.j2").write_text("{{ summary.removed }} removed\n")  # edited: not read from the cache
    assert run("history", ROOT / "corpora", "-o", tmp_path / "s", "--config", config).exit_code == 0
    md = (tmp_path / "s" / "steps" / "2024-01-15_to_2024-06-01.md").read_text(encoding="utf-8")
    assert md.endswith("\n2 removed\n")


def test_trace_reads_the_releases_of_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ruldiff.yaml").write_text(f"releases: {ROOT / 'corpora'}\n")
    result = run("trace", "102.3", "-f", "json")
    assert result.exit_code == 0, result.output
    assert [v["id"] for v in json.loads(result.stdout)["versions"]] == ["102.2", "102.3", "102.3", "102.3"]


def test_the_manual_documents_every_key() -> None:
    from dataclasses import fields

    table = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for f in fields(Config):
        assert f"| `{f.name}` |" in table, f.name
    example = table.split("```yaml\n")[1].split("```")[0]
    assert set(load_config(example).__slots__) == {f.name for f in fields(Config)}
