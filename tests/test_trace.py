"""trace.py and ``ruldiff trace``: one rule followed through every version,
across renumberings, splits and merges, both ways from where it is found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT

from ruldiff.cli.main import main
from ruldiff.errors import RuldiffError
from ruldiff.series.releases import Link, Step, Version
from ruldiff.series.trace import find_start, follow

SAMPLE = ROOT / "corpora"


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def trace_json(*args: object) -> dict:  # type: ignore[type-arg]
    result = run("trace", *args, "-f", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_json_has_one_entry_per_version_with_null_where_the_rule_is_absent() -> None:
    data = trace_json("104.3", SAMPLE)
    assert data["rule"] == "104.3"
    assert [(v["date"], v["id"]) for v in data["versions"]] == [
        ("2024-01-15", None), ("2024-06-01", None), ("2025-02-10", None), ("2025-09-01", "104.3")]
    assert data["versions"][0]["text"] is None and data["versions"][3]["text"].startswith("If a game has lasted")
    assert set(data["versions"][0]) >= {"path", "date", "id", "text"}


def test_a_renumbered_rule_is_followed_back_to_its_old_number() -> None:
    data = trace_json("102.3", SAMPLE)
    assert [v["id"] for v in data["versions"]] == ["102.2", "102.3", "102.3", "102.3"]
    assert data["versions"][1]["change"] == "renumbered"


def test_it_is_followed_both_ways_from_the_version_given() -> None:
    data = trace_json("102.2", SAMPLE, "--in", "2024-01-15")
    assert [v["id"] for v in data["versions"]] == ["102.2", "102.3", "102.3", "102.3"]
    by_name = trace_json("102.2", SAMPLE, "--in", "lanternfall-2024-01-15.txt")
    assert by_name == data


def test_a_split_then_a_merge_keeps_one_lineage_with_its_edits() -> None:
    data = trace_json("301.4", SAMPLE)
    versions = data["versions"]
    # 301.4 kept its number and half its words at the split (splits.py, `_main_part`)
    assert [v["id"] for v in versions] == ["301.4", "301.4", "301.4", "301.4"]
    assert [v["change"] for v in versions] == [None, "changed", "split", "merged"]
    assert versions[3]["edits"] and all(op in "=-+" for op, _ in versions[3]["edits"])
    old = "".join(t for op, t in versions[3]["edits"] if op != "+")
    new = "".join(t for op, t in versions[3]["edits"] if op != "-")
    assert new == versions[3]["text"]
    # A merge's edits start from every rule merged, in order: both halves.
    assert old.startswith("Then the current keeper adds") and "The current keeper also adds" in old


def test_glossary_terms_are_traced_and_matched_without_case() -> None:
    data = trace_json("glossary:ember limit", SAMPLE)
    assert data["rule"] == "glossary:Ember Limit"
    assert [v["id"] is not None for v in data["versions"]] == [False, True, True, True]


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_each_format_shows_the_text_and_the_edits(fmt: str) -> None:
    result = run("trace", "101.2a", SAMPLE, "-f", fmt)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Lineage of 101.2a" in out and "2024-06-01" in out
    if fmt == "text":
        assert "[-only once-]{+no more than twice+}" in out
    else:
        assert "<del>only once</del><ins>no more than twice</ins>" in out


def test_an_unknown_rule_is_one_line_and_exit_2() -> None:
    result = run("trace", "999.9", SAMPLE)
    assert result.exit_code == 2 and "rule 999.9 not found in any version" in result.output
    result = run("trace", "101.1", SAMPLE, "--in", "1999-01-01")
    assert result.exit_code == 2 and "no such version" in result.output


def test_output_never_overwrites_an_input() -> None:
    result = run("trace", "101.1", SAMPLE, "-o", SAMPLE / "lanternfall-2024-01-15.txt")
    assert result.exit_code == 2 and "is an input" in result.output


def test_follow_through_a_merge_forward_and_a_split_backward() -> None:
    vs = [Version(n, "", None, "T", ids) for n, ids in (("a", ("1", "2")), ("b", ("1",)), ("c", ("1", "3")))]
    merge = Step(0, (), 0, (Link("merged", ("1", "2"), ("1",), "r-1", ()),))
    split = Step(1, (), 0, (Link("split", ("1",), ("3", "1"), "r-3", ()),))
    assert [i for i, _ in follow("2", 0, vs, [merge, split])] == ["2", "1", "3"]
    assert [i for i, _ in follow("3", 2, vs, [merge, split])] == ["1", "1", "3"]
    with pytest.raises(RuldiffError):
        find_start("4", vs)


def test_903_11_was_903_13_before_2016_and_903_10_after(corpora: Path) -> None:
    """The known transition of the MTG archive: 903.9 was deleted in
    2016-01-16, so 903.13 became 903.11, and 903.10 by 2016-07-22."""
    files = [corpora / "mtg" / f"{d}.txt" for d in ("2015-09-26", "2015-11-13", "2016-01-16", "2016-04-08", "2016-07-22")]
    data = trace_json("903.11", *files, "--in", "2016-01-16")
    assert [v["id"] for v in data["versions"]] == ["903.13", "903.13", "903.11", "903.11", "903.10"]
    assert "Commander" in data["versions"][2]["text"] or "commander" in data["versions"][2]["text"]


def _hostile_versions(tmp_path: Path) -> list[str]:
    """Three undated versions (labelled by their file names) of a rule whose
    number, text and file names hold markup; a user's profile reads them."""
    (tmp_path / "loose.yaml").write_text(
        "name: loose\nnumbered: '§'\nheading: '^§ (?P<id>[^.\\s]+) (?P<text>.+)$'\n"
        "rule: '^§ (?P<id>\\S+\\.\\S+) (?P<text>.+)$'\n", encoding="utf-8")
    names = []
    for name, text, other in (("<xq>v1*a*.txt", "Greet <xq>g</xq>*h*.", "Keep."),
                              ("<xq>v2*b*.txt", "Greet <xq>g</xq>*h* warmly.", "Keep."),
                              ("<xq>v3*c*.txt", "Greet <xq>g</xq>*h* warmly.", "Keep it.")):  # not a copy of v2
        (tmp_path / name).write_text(f"<xq>Club</xq>\n\n§ 1 Conduct\n\n§ 1.<xq>n</xq>*m* {text}\n\n§ 1.2 {other}\n",
                                     encoding="utf-8")
        names.append(name)
    return [*names, "--profile", "loose.yaml"]


def test_markdown_and_html_show_markup_in_the_versions_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    args = _hostile_versions(tmp_path)
    md = run("trace", "1.<xq>n</xq>*m*", *args, "-f", "md").stdout
    assert md.splitlines()[0] == "# Lineage of 1.&lt;xq&gt;n&lt;/xq&gt;\\*m\\*"
    assert "## &lt;xq&gt;v1\\*a\\*.txt: 1.&lt;xq&gt;n&lt;/xq&gt;\\*m\\*" in md  # a version alone, the rule's text
    assert "Greet &lt;xq&gt;g&lt;/xq&gt;\\*h\\*." in md
    assert ("## &lt;xq&gt;v2\\*b\\*.txt … &lt;xq&gt;v3\\*c\\*.txt (2 versions): 1.&lt;xq&gt;n&lt;/xq&gt;\\*m\\* (changed)"
            in md)  # a run of versions, the rule's edits
    assert "Greet &lt;xq&gt;g&lt;/xq&gt;\\*h\\*<ins> warmly</ins>." in md
    assert "<xq>" not in md and "</xq>" not in md
    html = run("trace", "1.<xq>n</xq>*m*", *args, "-f", "html").stdout
    assert "<xq>" not in html and "</xq>" not in html
    assert "<h3>&lt;xq&gt;v1*a*.txt: 1.&lt;xq&gt;n&lt;/xq&gt;*m*</h3>" in html
    assert "Greet &lt;xq&gt;g&lt;/xq&gt;*h*<ins> warmly</ins>." in html


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_a_split_and_a_merge_name_the_other_rule_they_involve(fmt: str) -> None:
    # From the version where 301.4 was split into 301.4 and 301.5, merged back later.
    result = run("trace", "301.4", SAMPLE, "--in", "2025-02-10", "-f", fmt)
    assert result.exit_code == 0, result.output
    shown = ["split (with 301.5)", "merged (with 301.5)"] if fmt == "text" else ["(split, with 301.5)", "(merged, with 301.5)"]
    for change in shown:
        assert change in result.output


def test_the_rule_a_split_names_is_shown_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loose.yaml").write_text(
        "name: loose\nnumbered: '§'\nheading: '^§ (?P<id>[^.\\s]+) (?P<text>.+)$'\n"
        "rule: '^§ (?P<id>\\S+\\.\\S+) (?P<text>.+)$'\n", encoding="utf-8")
    gains = "Then the keeper adds ember to their pool equal to the number of their lit lanterns"
    (tmp_path / "v1.txt").write_text(f"Club\n\n§ 1 Conduct\n\n§ 1.1 Keep the hall clean.\n\n§ 1.2 {gains}, and adds one "
                                     "more ember for each relic they control.\n\n§ 1.3 Leave quietly.\n", encoding="utf-8")
    (tmp_path / "v2.txt").write_text(f"Club\n\n§ 1 Conduct\n\n§ 1.1 Keep the hall clean.\n\n§ 1.2 {gains}.\n\n§ 1.<b>*z* "
                                     "The keeper also adds one more ember for each relic they control.\n\n§ 1.3 Leave quietly.\n",
                                     encoding="utf-8")
    md = run("trace", "1.2", "v1.txt", "v2.txt", "--profile", "loose.yaml", "-f", "md").stdout
    assert "## v2.txt: 1.2 (split, with 1.&lt;b&gt;\\*z\\*)" in md and "<b>" not in md
    html = run("trace", "1.2", "v1.txt", "v2.txt", "--profile", "loose.yaml", "-f", "html").stdout
    assert "(split, with 1.&lt;b&gt;*z*)</h3>" in html and "<b>" not in html


def test_the_formats_are_offered_in_the_order_the_help_explains_them() -> None:
    helped = run("trace", "-h").output
    assert "-f, --format [text|md|html|json]" in helped
    said = " ".join(helped.split())
    assert said.index("text: to read here") < said.index("md, html: to share") < said.index("json: one entry")
    refused = run("trace", "101.1", SAMPLE, "-f", "xml")
    assert refused.exit_code == 2 and "'xml' is not one of 'text', 'md', 'html', 'json'" in refused.output
