"""ruldiff check: every finding class on invented text, the ignore list and
config file, the command's formats and exit status, and real findings by ID."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruldiff.editorial.check import Finding, apply_ignores, check_document, check_release, parse_config
from ruldiff.editorial.check_render import render_findings
from ruldiff.cli.main import main
from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ConfigError
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import detect_profile
from ruldiff.documents.read import decode

from helpers import doc, layout

BASE = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns."),
    ("100.2", "Each keeper starts with three lanterns."),
    ("101", "Ember"),
    ("101.1", "Ember pays for glyphs."),
    ("101.2", "Unspent ember fades at the end of the turn."),
    ("102", "Wards"),
    ("102.1", "A ward is a relic."),
]


def codes(findings: tuple[Finding, ...]) -> list[tuple[str, str]]:
    return [(f.code, f.rule) for f in findings]


def with_rule(rule_id: str, text: str, after: str) -> list[tuple[str, str]]:
    rules = list(BASE)
    at = next(k for k, (i, _) in enumerate(rules) if i == after) + 1
    rules.insert(at, (rule_id, text))
    return rules


# --- one version -------------------------------------------------------------


def test_a_clean_document_has_no_findings() -> None:
    rules = with_rule("101.3", "See rule 100.2 and rules 101.1–101.2, and section 1.", "101.2")
    assert check_document(doc(rules, [("Ember", "What glyphs cost. See rule 101.1.")])) == ()


def test_reference_to_no_rule_is_dangling_with_its_line() -> None:
    d = doc(with_rule("101.3", "Unspent ember goes to the pool. See rule 100.7.", "101.2"))
    (f,) = check_document(d)
    assert (f.code, f.rule, f.cited) == ("dangling-reference", "101.3", "rule 100.7")
    assert f.line == next(r.line for r in d.rules if r.id == "101.3")
    assert f.severity == "problem"


def test_glossary_see_rule_and_range_ends_are_checked() -> None:
    d = doc(
        with_rule("101.3", "Follow rules 101.1–101.9 in order.", "101.2"),
        [("Lantern", "A marker of light. See rule 104.1.")],
    )
    found = {(f.rule, f.cited) for f in check_document(d)}
    assert found == {("101.3", "101.9"), ("glossary:Lantern", "rule 104.1")}


def test_reference_with_a_title_suggests_the_rule_of_that_title() -> None:
    d = doc(with_rule("101.3", "See rule 109, “Wards.”", "101.2"))
    (f,) = check_document(d)
    assert (f.code, f.suggestion) == ("dangling-reference", "102")


def test_reference_with_two_digits_swapped_suggests_the_rule() -> None:
    (f,) = check_document(doc(with_rule("101.3", "See rule 110.2.", "101.2")))
    assert (f.code, f.suggestion) == ("dangling-reference", "101.2")


def test_number_in_a_form_no_rule_uses_is_mistyped() -> None:
    rules = with_rule("100.2a", "A lantern is lit.", "100.2") + [("100.3", "See rule 100.2.a.")]
    f = next(f for f in check_document(doc(rules)) if f.rule == "100.3")
    assert (f.code, f.suggestion) == ("mistyped-reference", "100.2a")


def test_quoted_title_of_another_rule_is_a_title_mismatch() -> None:
    d = doc(with_rule("101.3", "See rule 101, “Wards.”", "101.2"))
    (f,) = check_document(d)
    assert (f.code, f.rule, f.suggestion) == ("title-mismatch", "101.3", "102")


def test_title_of_the_heading_above_or_a_short_form_is_no_mismatch() -> None:
    rules = with_rule("101.3", "See rule 102.1, “Wards,” and rule 101, “Ember.”", "101.2")
    assert check_document(doc(rules)) == ()


def test_number_printed_twice_is_a_duplicate_with_the_number_it_should_be() -> None:
    rules = BASE[:3] + [("100.2", "One."), ("100.3", "Two."), ("100.3", "Three.")] + BASE[4:]
    (f,) = check_document(doc(rules))
    assert (f.code, f.rule, f.suggestion) == ("duplicate-number", "100.3", "100.4")


def test_number_printed_with_a_space_inside_is_reported_once() -> None:
    text = layout([*BASE[:3], ("100.2", "One."), ("100.2a", "First."), ("100.2c", "Third.")])
    text = text.replace("100.2c Third.", "100. 2b Second.\n\n100.2c Third.")
    (f,) = check_document(parse(decode(text.encode(), "t.txt")))
    assert (f.code, f.rule, f.suggestion) == ("duplicate-number", "100", "100.2b")


def test_skipped_number_or_letter_is_a_gap() -> None:
    rules = BASE[:4] + [("100.2a", "A."), ("100.2c", "C."), ("100.4", "Four.")] + BASE[4:]
    found = check_document(doc(rules))
    assert [(f.code, f.rule, f.suggestion) for f in found] == [
        ("numbering-gap", "100.2c", "100.2b"),
        ("numbering-gap", "100.4", "100.3"),
    ]


def test_letters_l_and_o_may_be_skipped_or_used() -> None:
    letters = "abcdefghijkmnpq"  # no l, no o: the MTG way
    rules = BASE[:4] + [(f"100.2{c}", f"Item {c}.") for c in letters] + BASE[4:]
    assert check_document(doc(rules)) == ()
    rules = BASE[:4] + [(f"100.2{c}", f"Item {c}.") for c in "abcdefghijklmno"] + BASE[4:]
    assert check_document(doc(rules)) == ()


def test_number_below_the_one_before_is_out_of_order() -> None:
    rules = BASE[:4] + [("100.4", "Four."), ("100.3", "Three.")] + BASE[4:]
    found = codes(check_document(doc(rules)))
    assert ("out-of-order", "100.3") in found


CONTENTS = """Test Game Rules

These rules are effective as of May 1, 2024.

Contents

1. Game Concepts
100. General
101. Embers
103. Relics
Glossary

"""


def test_contents_entries_that_do_not_match_the_headings() -> None:
    body = layout(BASE).split("\n", 4)[4]  # the rules, without the front matter
    source = decode((CONTENTS + body).encode(), "t.txt")
    profile = detect_profile(source.text)
    d = parse(source, profile)
    found = sorted((f.rule, f.reason) for f in check_document(d, source.text, profile))
    assert found == [
        ("102", "heading 102. Wards is not in the Contents"),
        ("contents", "the Contents lists 101. Embers, but heading 101 is “Ember”"),
        ("contents", "the Contents lists 103. Relics, but there is no heading 103"),
    ]


def test_contents_dot_leaders_and_page_numbers_are_not_part_of_a_title() -> None:
    contents = CONTENTS.replace("101. Embers", "101. Ember.........4").replace("103. Relics", "102. Wards ....... 5")
    body = layout(BASE).split("\n", 4)[4]
    source = decode((contents + body).encode(), "t.txt")
    profile = detect_profile(source.text)
    assert check_document(parse(source, profile), source.text, profile) == ()


# --- two versions --------------------------------------------------------------

OLD = [
    ("1", "Game Concepts"),
    ("100", "General"),
    ("100.1", "Keepers tend lanterns of every colour in the circle."),
    ("100.2", "Each keeper starts the game with three lit lanterns and no ember."),
    ("100.3", "A keeper with no lit lantern loses the game at once."),
    ("100.4", "Relics strike during the dusk phase of their controller."),
    ("101", "Ember"),
    ("101.1", "Ember pays for glyphs. See rule 100.4."),
    ("101.2", "A keeper draws a glyph when a lantern is rekindled. See rule 100.3."),
    ("101.3", "Unspent ember fades at the end of the turn, unless a relic keeps it."),
]
GLOSSARY = [("Relic", "A glyph that stays. See rule 100.4."), ("Snuffed", "Not lit. See rule 100.3.")]


def release(new_rules: list[tuple[str, str]], glossary: list[tuple[str, str]]) -> tuple[Finding, ...]:
    return check_release(compare(doc(OLD, GLOSSARY, "old.txt"), doc(new_rules, glossary, "new.txt")))


def test_reference_left_at_the_old_number_of_a_renumbered_rule() -> None:
    new = OLD[:4] + [("100.3", "Lanterns are lit at the start of the game."),
                     ("100.4", OLD[4][1]), ("100.5", OLD[5][1])] + OLD[6:]
    found = release(new, [GLOSSARY[0], ("Snuffed", "Not lit. See rule 100.4.")])
    stale = [(f.code, f.rule, f.suggestion) for f in found if f.code == "renumbered-reference"]
    # 101.1 and the glossary's Relic cite 100.4 (now 100.5), 101.2 cites
    # 100.3 (now 100.4), all unchanged; Snuffed was updated.
    assert stale == [
        ("renumbered-reference", "101.1", "100.5"),
        ("renumbered-reference", "101.2", "100.4"),
        ("renumbered-reference", "glossary:Relic", "100.5"),
    ]
    assert ("glossary-link-moved", "glossary:Snuffed") in codes(found)


def test_reference_to_a_removed_rule() -> None:
    new = OLD[:4] + OLD[5:]  # 100.3 removed, and its number left free
    found = release(new, GLOSSARY[:1])
    assert [(f.code, f.rule) for f in found if f.severity == "problem"] == [
        ("numbering-gap", "100.4"),
        ("removed-reference", "101.2"),
    ]


def test_rules_citing_a_substantively_changed_rule_are_listed_for_review() -> None:
    new = OLD[:5] + [("100.4", "Relics strike during the dawn phase of every keeper.")] + OLD[6:]
    found = release(new, GLOSSARY)
    (f,) = [f for f in found if f.code == "cites-changed"]
    assert (f.rule, f.related, f.severity) == ("100.4", ("101.1", "glossary:Relic"), "review")


def test_a_release_that_changes_nothing_has_no_findings() -> None:
    assert release(OLD, GLOSSARY) == ()


# --- ignores and config -------------------------------------------------------------


def test_ignore_a_code_or_one_accepted_finding() -> None:
    a = Finding("numbering-gap", "100.4", 3, "r")
    b = Finding("dangling-reference", "101.1", 5, "r")
    assert apply_ignores([a, b], ["numbering-gap"]) == ((b,), 1)
    assert apply_ignores([a, b], ["dangling-reference:101.1"]) == ((a,), 1)
    assert apply_ignores([a, b], ["dangling-reference:999"]) == ((a, b), 0)


@pytest.mark.parametrize(
    "text, message",
    [
        ("check:\n  ignor: []\n", "unknown key check.ignor (did you mean check.ignore?)"),
        ("chek: {}\n", "unknown key 'chek' (did you mean 'check'?)"),  # one file for every command
        ("check:\n  ignore: [numbering-gapp]\n", "did you mean numbering-gap?"),
        ("check:\n  ignore: numbering-gap\n", "must be a list"),
        ("check: [\n", "ruldiff.yaml:2: cannot read"),
    ],
)
def test_config_errors_say_what_to_fix(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_config(text, "ruldiff.yaml")
    assert message in str(exc.value)
    assert str(exc.value).startswith("ruldiff.yaml")


# --- the command ----------------------------------------------------------------------


def write(tmp_path: Path, name: str, rules: list[tuple[str, str]]) -> str:
    path = tmp_path / name
    path.write_text(layout(rules), encoding="utf-8")
    return str(path)


def test_command_exit_status_clean_problems_and_error(tmp_path: Path) -> None:
    runner = CliRunner()
    clean = write(tmp_path, "clean.txt", BASE)
    broken = write(tmp_path, "broken.txt", with_rule("101.3", "See rule 100.7.", "101.2"))
    assert runner.invoke(main, ["check", clean]).exit_code == 0
    result = runner.invoke(main, ["check", broken])
    assert result.exit_code == 1
    assert f"{broken}:" in result.output and ": 101.3: dangling-reference: " in result.output
    assert runner.invoke(main, ["check", str(tmp_path / "missing.txt")]).exit_code == 2
    assert runner.invoke(main, ["check", broken, "--ignore", "dangling-reference:101.3"]).exit_code == 0
    assert runner.invoke(main, ["check", broken, "--ignore", "danglin"]).exit_code == 2


def test_command_json_output_and_the_config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = write(tmp_path, "broken.txt", with_rule("101.3", "See rule 100.7.", "101.2"))
    out = tmp_path / "review.json"
    result = CliRunner().invoke(main, ["check", broken, "-f", "json", "-o", str(out)])
    assert result.exit_code == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["ruldiff_check"] == 1 and data["documents"] == [broken]
    assert data["summary"] == {"problems": 1, "review": 0, "ignored": 0, "by_code": {"dangling-reference": 1}}
    assert data["findings"][0] == {
        "code": "dangling-reference", "severity": "problem", "rule": "101.3", "line": 19,
        "reason": "rule 101.3 cites rule 100.7, but there is no rule 100.7",
        "suggestion": "", "cited": "rule 100.7", "related": [], "path": "",
    }
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ruldiff.yaml").write_text("check:\n  ignore: [dangling-reference]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", broken])
    assert result.exit_code == 0 and "1 ignored" in result.output


def test_command_never_writes_over_an_input(tmp_path: Path) -> None:
    clean = write(tmp_path, "clean.txt", BASE)
    before = Path(clean).read_bytes()
    result = CliRunner().invoke(main, ["check", clean, "-o", clean])
    assert result.exit_code == 2 and Path(clean).read_bytes() == before


def test_command_on_two_versions_of_the_sample(sample: list[Path]) -> None:
    result = CliRunner().invoke(main, ["check", str(sample[1]), str(sample[2]), "--no-pager"])
    assert result.exit_code == 0, result.output
    assert "glossary-link-moved: glossary entry “Relic” now links 204 -> 205" in result.output


def test_markdown_lists_problems_then_what_to_review() -> None:
    findings = [Finding("cites-changed", "100.4", 7, "r2"), Finding("dangling-reference", "101.1", 9, "r1", "101.2")]
    md = render_findings(findings, "md", ["a.txt", "b.txt"])
    assert md.index("## Problems") < md.index("## To review")
    assert "| 9 | 101.1 | dangling-reference | r1 | 101.2 |" in md


def test_sample_corpus_is_clean(sample: list[Path]) -> None:
    for path in sample:
        source = decode(path.read_bytes(), str(path))
        profile = detect_profile(source.text)
        assert check_document(parse(source, profile), source.text, profile) == (), path


# --- real findings (by ID only) -----------------------------------------------------------


def real(corpora: Path, name: str) -> tuple[Finding, ...]:
    source = decode((corpora / name).read_bytes(), name)
    profile = detect_profile(source.text)
    return check_document(parse(source, profile), source.text, profile)


def test_real_dangling_references(corpora: Path) -> None:
    assert ("dangling-reference", "glossary:Map") in codes(real(corpora, "mtg/2026-01-16.txt"))
    assert ("dangling-reference", "602.4.a.8.f") in codes(real(corpora, "riftbound-tournament/2026-07-16.txt"))


def test_real_titles_that_name_another_rule(corpora: Path) -> None:
    found = {(f.code, f.rule): f.suggestion for f in real(corpora, "mtg/2025-04-04.txt")}
    assert found[("title-mismatch", "glossary:Endure")] == "701.62"
    found = {(f.code, f.rule): f.suggestion for f in real(corpora, "riftbound/2026-06-18.txt")}
    assert found[("title-mismatch", "328.1")] == "353"


def test_real_misprinted_numbers(corpora: Path) -> None:
    found = {(f.code, f.rule): f.suggestion for f in real(corpora, "mtg/2009-09-04.txt")}
    assert found[("duplicate-number", "702.30d")] == "702.30e"
    found = {(f.code, f.rule): f.suggestion for f in real(corpora, "mtg/2010-06-18.txt")}
    assert found[("numbering-gap", "505.54")] == "505.5"


def test_real_reference_left_at_an_old_number(corpora: Path) -> None:
    old, new = (load(str(corpora / "mtg" / n)) for n in ("2024-02-06.txt", "2024-03-08.txt"))
    found = {(f.code, f.rule): f.suggestion for f in check_release(compare(old, new))}
    assert found[("renumbered-reference", "glossary:Day")] == "728"
    assert found[("renumbered-reference", "502.2")] == "728"


def test_latest_releases_hold_no_finding_of_the_older_misprints(corpora: Path) -> None:
    # Precision guard: the sequence classes report nothing on the latest MTG release.
    found = codes(real(corpora, "mtg/2026-01-16.txt"))
    assert not [c for c in found if c[0] in ("duplicate-number", "numbering-gap", "out-of-order")]


def test_readme_walkthrough_output_is_the_tools(sample: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "For editors" walk-through (docs/editors.md): the draft its sed
    command makes, and each command's output as the page shows it."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "editors.md").read_text(encoding="utf-8")
    section = page.split("## A release review, on the sample corpus\n", 1)[1].split("\n## ", 1)[0]
    v2, v3 = sample[1], sample[2]
    text = v3.read_text(encoding="utf-8")
    text = text.replace("See rule 205, “Relics.”", "See rule 204, “Relics.”", 1).replace("See rule 104.1.", "See rule 104.7.")
    (tmp_path / "draft.txt").write_text(text, encoding="utf-8")
    (tmp_path / "corpora").mkdir()
    for path in (v2, v3):
        (tmp_path / "corpora" / path.name).write_bytes(path.read_bytes())
    monkeypatch.chdir(tmp_path)
    shown = [block.split("\n", 1) for block in section.split("```\n$ ")[1:]]
    shown = [(command, rest) for command, rest in shown if command.startswith("ruldiff check")]
    assert len(shown) == 2  # the review of the draft: alone, then against the last release
    for command, rest in shown:
        expected = rest.split("```", 1)[0]
        result = CliRunner().invoke(main, [*command.split()[1:], "--no-pager"])
        assert result.output == expected, command
        assert result.exit_code == 1
    assert CliRunner().invoke(main, ["check", f"corpora/{v2.name}", f"corpora/{v3.name}"]).exit_code == 0


_KIT = """Harbour League
Laws of the Game

Law 1 - The Pitch

1.1 The pitch is a rectangle of grass kept short all season long.

1.2 Players follow the kit law; see 2.3(a) for studs.

Law 2 - The Players

2.3 Every player must wear shin guards and boots with moulded studs.
"""
_STUDS = "Metal studs are not allowed at any ground in the league."
_JEWELS = "Jewellery must be removed or taped over before the match."


@pytest.mark.parametrize("items, why", [
    ([f"(a) {_JEWELS}", f"(b) {_STUDS}"], "2.3(a) is now another rule"),  # swapped
    ([f"(b) {_STUDS}"], "no rule is 2.3(a) now"),  # (a) removed, old (a) renumbered (b)
])
def test_a_reference_left_at_a_renumbered_rule_gets_its_fix(tmp_path: Path, items: list[str], why: str) -> None:
    # The laws syntax reads "2.3(a)" after "see": the printed reference alone
    # no longer matches it, and check said "dangling" or nothing, where the
    # diff said "(now 2.3(b))".
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(_KIT + f"(a) {_STUDS}\n(b) {_JEWELS}\n", encoding="utf-8")
    new.write_text(_KIT + "\n".join(items) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(old), str(new), "--profile", "laws", "-f", "json"])
    assert result.exit_code == 1, result.output
    found = json.loads(result.output)["findings"]
    assert [(f["code"], f["rule"], f["suggestion"]) for f in found] == [("renumbered-reference", "1.2", "2.3(b)")]
    assert why in found[0]["reason"] and "now 2.3(b)" in found[0]["reason"]


def _kit_pair(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old, v1.txt", tmp_path / "new.txt"
    old.write_text(_KIT + f"(a) {_STUDS}\n(b) {_JEWELS}\n", encoding="utf-8")
    new.write_text(_KIT + f"(a) {_JEWELS}\n(b) {_STUDS}\n", encoding="utf-8")
    return old, new


def test_github_format_is_one_annotation_per_finding_on_its_line(tmp_path: Path) -> None:
    old, new = _kit_pair(tmp_path)
    result = CliRunner().invoke(main, ["check", str(old), str(new), "--profile", "laws", "-f", "github"])
    assert result.exit_code == 1
    first, summary = result.output.splitlines()
    assert first == (f"::error file={new},line=8,title=renumbered-reference (1.2)::rule 1.2 cites 2.3(a), "
                     "but that rule is now 2.3(b); 2.3(a) is now another rule")
    assert summary == "1 problem, 0 to review (1 renumbered-reference)"
    # A property's ',' and ':' and a message's newline are escaped as the runner reads them back.
    from ruldiff.editorial.check_render import render_findings

    odd = Finding("unused-note", "9.9", 3, "two\nlines, 100%", path="a:b,c.yaml")
    assert render_findings([odd], "github", ["x.txt"]).splitlines()[0] == (
        "::error file=a%3Ab%2Cc.yaml,line=3,title=unused-note (9.9)::two%0Alines, 100%25"
    )


def test_sarif_format_is_a_sarif_2_1_0_log(tmp_path: Path) -> None:
    old, new = _kit_pair(tmp_path)
    result = CliRunner().invoke(main, ["check", str(old), str(new), "--profile", "laws", "-f", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.output)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert run["tool"]["driver"]["name"] == "ruldiff" and [r["id"] for r in rules] == ["renumbered-reference"]
    (found,) = run["results"]
    assert found["ruleId"] == "renumbered-reference" and rules[found["ruleIndex"]]["id"] == found["ruleId"]
    assert found["level"] == "error" and "now 2.3(b)" in found["message"]["text"]
    place = found["locations"][0]["physicalLocation"]
    assert place == {"artifactLocation": {"uri": str(new).replace(" ", "%20")}, "region": {"startLine": 8}}
    assert [a["location"]["uri"] for a in run["artifacts"]][0].endswith("old%2C%20v1.txt")
    # No finding: a valid log with no result.
    clean = CliRunner().invoke(main, ["check", str(old), "--profile", "laws", "-f", "sarif"])
    assert clean.exit_code == 0 and json.loads(clean.output)["runs"][0]["results"] == []


def test_each_checks_every_file_on_its_own(tmp_path: Path) -> None:
    old, new = _kit_pair(tmp_path)
    gap = tmp_path / "gap.txt"
    gap.write_text(_KIT.replace("2.3 Every", "2.5 Every"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--each", str(old), str(new), str(gap), "--profile", "laws"])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert f"{old}: no problems found" in lines and f"{new}: no problems found" in lines
    assert any(line.startswith(f"{gap}:8: 1.2: dangling-reference") for line in lines)  # its own line, its own file
    for bad in (["-f", "json"], ["-o", str(tmp_path / "out")]):
        assert CliRunner().invoke(main, ["check", "--each", str(old), *bad]).exit_code == 2


def test_check_reads_the_documents_with_the_profile_ruldiff_yaml_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draft = tmp_path / "draft.txt"
    draft.write_text("House Rules\n\n1. Guests sign the book.\n\n2. Quiet hours begin at ten.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["check", "draft.txt"]).exit_code == 0
    (tmp_path / "ruldiff.yaml").write_text("profile: house.yaml\n", encoding="utf-8")
    named = CliRunner().invoke(main, ["check", "draft.txt"])
    assert named.exit_code == 2 and "house.yaml" in named.output  # the file's profile is the one looked for
    # The option still wins over the file.
    assert CliRunner().invoke(main, ["check", "draft.txt", "--profile", "outline"]).exit_code == 0
