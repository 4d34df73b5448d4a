"""render.py: the JSON contract, templates, user overrides, escaping, determinism."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import check_every_format, doc, layout, same_under_every_hash_seed, write_pair

from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import TemplateError
from ruldiff.documents.parse import parse
from ruldiff.documents.profiles import load_profile
from ruldiff.documents.read import decode
from ruldiff.outputs.context import build_context
from ruldiff.model import Document
from ruldiff.outputs.render import render

OLD_RULES = [("1", "Basics"), ("100", "General"), ("100.1.", "Draw a card."), ("100.2.", "Pass <the> *turn*.")]
NEW_RULES = [("1", "Basics"), ("100", "General"), ("100.1.", "Shuffle first."), ("100.2.", "Draw a card."),
             ("100.3.", "Pass <the> *turn* & rest.")]
OLD_GLOSSARY, NEW_GLOSSARY = [("Ember", "Fuel for glyphs.")], [("Ember", "Fuel for glyphs and lanterns.")]
OLD = doc(OLD_RULES, OLD_GLOSSARY, path="old.txt")
NEW = doc(NEW_RULES, NEW_GLOSSARY, path="new.txt")
OLD_TEXT, NEW_TEXT = layout(OLD_RULES, OLD_GLOSSARY), layout(NEW_RULES, NEW_GLOSSARY)
RESULT = compare(OLD, NEW)


def test_json_contract() -> None:
    data = json.loads(render(RESULT, "json"))
    assert data["format"] == "ruldiff" and data["version"] == 1
    assert data["old"] == {"path": "old.txt", "title": "Test Game Rules", "date": "2024-05-01",
                           "rules": 4, "glossary": 1, "profile": "mtg-cr"}
    assert data["summary"] == {"added": 1, "removed": 0, "changed": 1, "renumbered": 2,
                               "split": 0, "merged": 0, "unchanged": 2}
    assert data["renumbering"] == [{"old": "100.1-100.2", "new": "100.2-100.3"}]
    assert data["substitutions"] == [] and data["stale_references"] == []
    kinds = {(c["old"], c["new"]): (c["kind"], c["tags"]) for c in data["changes"]}
    assert kinds == {
        (None, "100.1"): ("added", ["substantive"]),
        ("100.1", "100.2"): ("renumbered", []),
        ("100.2", "100.3"): ("renumbered", ["substantive"]),
        ("glossary:Ember", "glossary:Ember"): ("changed", ["substantive"]),
    }
    for change in data["changes"]:
        old = "".join(t for op, t in change["edits"] if op in "=-")
        new = "".join(t for op, t in change["edits"] if op in "=+")
        by_id = {r.id: r.full_text for r in OLD.items}, {r.id: r.full_text for r in NEW.items}
        assert old == (by_id[0][change["old"]] if change["old"] else "")
        assert new == (by_id[1][change["new"]] if change["new"] else "")


def test_html_is_escaped_and_self_contained() -> None:
    html = render(RESULT, "html")
    assert "Pass &lt;the&gt; *turn*" in html
    assert "<ins> &amp; rest</ins>" in html
    assert "<the>" not in html
    assert "http://" not in html and "https://" not in html
    # One script, inline: nothing is fetched.
    assert html.count("<script") == 1 and "<script>" in html and " src=" not in html
    assert 'id="new-100.3"' in html and 'id="old-100.2"' in html


def test_markdown_escapes_markdown_and_html() -> None:
    md = render(RESULT, "md")
    assert "Pass &lt;the&gt; \\*turn\\*" in md
    assert "**100.1 → 100.2** renumbered (text unchanged)" in md
    assert "<ins> and lanterns</ins>" in md


def test_a_substitutions_phrases_are_escaped_in_every_format() -> None:
    # The phrases of a substitution are document text: in Markdown an
    # emphasis mark or a tag in them is shown, never applied.
    def rules(word: str) -> list[tuple[str, str]]:
        return [("1", "Basics"), ("100", "General"), ("100.1.", f"The {word} keeper draws."),
                ("100.2.", f"The {word} keeper passes."), ("100.3.", f"Each {word} keeper waits."), ("100.4.", "Pass.")]

    result = compare(doc(rules("act*i*ve")), doc(rules("cur<b>rent")))
    assert [(s.old, s.new, s.count) for s in result.substitutions] == [("act*i*ve", "cur<b>rent", 3)]
    md = render(result, "md")
    assert "- **Substitution:** “act\\*i\\*ve” → “cur&lt;b&gt;rent”, 3 times in 3 rules" in md.splitlines()
    assert "<b>" not in md and "act*i*ve" not in md
    html = render(result, "html")
    assert "cur&lt;b&gt;rent" in html and "<b>rent" not in html
    assert "substitution: \"act*i*ve\" -> \"cur<b>rent\" (3 times in 3 rules)" in render(result, "text")  # text: as written


HOSTILE_NAMES = [
    "a`b.txt",
    "``x<script>alert(1)</script>.txt",
    "`",
    "a|b | c.txt",
    "*bold* _it_ [link](http://x) ~~s~~ #h.txt",
    " spaced .txt",
    "<img src=x onerror=alert(1)>.txt",
]


def code_span(cell: str) -> str:
    """What a GitHub table cell holding one code span shows."""
    cell = cell.strip(" ")
    fence = re.match("`+", cell)
    assert fence is not None, cell
    tick = fence.group()
    assert cell.endswith(tick) and len(cell) >= 2 * len(tick) + 1, cell
    inner = cell[len(tick) : -len(tick)]
    assert not re.search(f"(?<!`){tick}(?!`)", inner), f"the fence ends early in {cell!r}"
    inner = inner.replace("\\|", "|")  # the table's escape, undone before the span is read
    if inner.startswith(" ") and inner.endswith(" ") and inner.strip():
        inner = inner[1:-1]  # CommonMark drops one space on each side
    return inner


def outside_code_spans(markdown: str) -> str:
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", markdown, flags=re.S)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_markdown_shows_any_file_name_as_it_is(name: str) -> None:
    old = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Draw.")], path=name)
    new = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Draw two.")], path="new " + name)
    md = render(compare(old, new), "md")
    row = next(line for line in md.splitlines() if line.startswith("| File |"))
    cells = re.split(r"(?<!\\)\|", row)
    assert len(cells) == 5, row  # '', File, old, new, '': no cell split by the name
    assert [code_span(cells[2]), code_span(cells[3])] == [name, "new " + name]
    assert "<script" not in outside_code_spans(md) and "<img" not in outside_code_spans(md)


def test_markdown_escapes_numbers_and_profile_names_a_user_profile_lets_through(tmp_path: Path) -> None:
    # A user's profile may take any token for a rule number, and name itself.
    profile = tmp_path / "loose.yaml"
    profile.write_text(
        "name: <i>loose</i>\n"
        "numbered: '§'\n"
        "heading: '^§ (?P<id>[^.\\s]+) (?P<text>.+)$'\n"
        "rule: '^§ (?P<id>\\S+\\.\\S+) (?P<text>.+)$'\n",
        encoding="utf-8",
    )
    grammar = load_profile(str(profile))
    old = parse(decode("§ 1 Conduct\n§ 1.1 Greet.\n§ 1.2 Keep clear.\n".encode(), "old.txt"), grammar)
    new_text = "§ 1 Conduct\n§ 1.<img*src=x*onerror=alert(1)> Wave.\n§ 1.1_` Greet.\n§ 1.2 Keep clear.\n"
    new = parse(decode(new_text.encode(), "new.txt"), grammar)
    md = render(compare(old, new), "md")
    assert "1.&lt;img\\*src=x\\*onerror=alert(1)&gt;" in md  # the new rule, listed and shown
    assert "<img" not in md and "<i>" not in md
    assert "| Profile | &lt;i&gt;loose&lt;/i&gt; |" in md
    assert "1.1 → 1.1\\_\\`" in md  # the renumbering run


def test_markdown_escapes_the_number_a_possibly_stale_reference_cites(tmp_path: Path) -> None:
    """A user's profile numbers its rules "<b>702.3": the hint that an added
    rule may cite the old number of a renumbered rule shows that number as
    printed, not as an HTML tag that would make the rest of the line bold."""
    from test_references import AFTER, BEFORE

    profile = tmp_path / "tagged.yaml"
    profile.write_text(
        "name: tagged\n"
        "numbered: '§'\n"
        "heading: '^§ (?P<id>[^.\\s]+) (?P<text>.+)$'\n"
        "rule: '^§ (?P<id>\\S+\\.\\S+) (?P<text>.+)$'\n"
        "reference: 'rule (?P<id>[^\\s)]+)'\n",
        encoding="utf-8",
    )
    grammar = load_profile(str(profile))

    def read(rules: list[tuple[str, str]], path: str) -> Document:
        return parse(decode(("Keeper Rules\n\n" + "".join(f"§ <b>{i} {t}\n" for i, t in rules)).encode(), path), grammar)

    cited = ("702.6b", "A keeper with soaring and reach may block as if it had soaring (see rule <b>702.3).")
    md = render(compare(read(BEFORE, "old.txt"), read([*AFTER, cited], "new.txt")), "md")
    assert "  Possibly stale: &lt;b&gt;702.3 held “Soaring” before; now [&lt;b&gt;702.5](" in md
    assert "<b>" not in md


def test_context_is_grouped_by_section_and_json_serialisable() -> None:
    context = build_context(RESULT)
    assert [s["id"] for s in context["sections"]] == ["1"]
    # Substantive changes by section; a renumbering without edits is folded apart.
    assert [c["label"] for c in context["sections"][0]["changes"]] == ["100.1", "100.3"]
    assert [c["label"] for c in context["renumbered_only"]] == ["100.2"]
    assert context["new_rules"] == [{"label": "100.1", "anchor": "new-100.1", "title": None}]
    assert [c["label"] for c in context["glossary"]] == ["Ember"]
    assert json.loads(render(RESULT, "context")) == context


def test_text_without_colour_uses_word_diff_markers() -> None:
    text = render(RESULT, "text")
    assert "\x1b[" not in text
    assert "{+ and lanterns+}" in text
    assert "> 100.1 -> 100.2  renumbered (text unchanged)" in text
    coloured = render(RESULT, "text", color=True)
    assert "\x1b[32m" in coloured and "{+" not in coloured


def test_every_format_holds_every_change(sample: list[Path]) -> None:
    for old, new in zip(sample, sample[1:]):
        check_every_format(compare(load(str(old)), load(str(new))))
    check_every_format(RESULT)


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json", "context"])
def test_output_is_the_same_bytes_whatever_the_hash_seed(tmp_path: Path, fmt: str) -> None:
    old, new = write_pair(tmp_path, OLD_TEXT, NEW_TEXT)
    out = same_under_every_hash_seed(["-m", "ruldiff", str(old), str(new), "-f", fmt, "-j", "1"]).decode()
    # ...and it is the output of this process, not the same error or nothing each time.
    assert out == render(compare(load(str(old)), load(str(new))), fmt)
    assert "100.1" in out and "Shuffle first." in out


def test_user_template_overrides_builtin(tmp_path: Path) -> None:
    (tmp_path / "changelog.md.j2").write_text(
        "{{ summary.added }} added; first: {{ sections[0].changes[0].label }}\n", encoding="utf-8"
    )
    assert render(RESULT, "md", templates=tmp_path) == "1 added; first: 100.1\n"
    # The HTML template is not overridden, so the built-in one is used.
    assert render(RESULT, "html", templates=tmp_path).startswith("<!DOCTYPE html>")


def test_broken_or_missing_templates_raise_template_error(tmp_path: Path) -> None:
    (tmp_path / "changelog.md.j2").write_text("{{ nonsense.field }}\n", encoding="utf-8")
    with pytest.raises(TemplateError, match="unknown variable"):
        render(RESULT, "md", templates=tmp_path)
    (tmp_path / "changelog.md.j2").write_text("{% for %}\n", encoding="utf-8")
    with pytest.raises(TemplateError, match="syntax error") as err:
        render(RESULT, "md", templates=tmp_path)
    assert err.value.line == 1


def test_no_changes() -> None:
    same = compare(OLD, OLD)
    assert same.changes == ()
    assert "No changes." in render(same, "md")
    assert "no changes" in render(same, "text")
    assert json.loads(render(same, "json"))["changes"] == []


def test_compiled_templates_are_cached_and_the_cache_never_changes_the_output(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain = {fmt: render(RESULT, fmt) for fmt in ("md", "html")}
    for fmt in ("md", "html"):
        assert render(RESULT, fmt, cache=cache) == plain[fmt]  # compiles, writes the cache
    entries = sorted(cache.iterdir())
    assert len(entries) == 2 and all(e.suffix == ".jinja" for e in entries)
    for fmt in ("md", "html"):
        assert render(RESULT, fmt, cache=cache) == plain[fmt]  # loads from the cache
    for entry in entries:  # damaged entries are misses, compiled again
        entry.write_bytes(b"not bytecode")
    assert render(RESULT, "html", cache=cache) == plain["html"]


def test_an_edited_template_is_compiled_again_despite_the_cache(tmp_path: Path) -> None:
    cache, templates = tmp_path / "cache", tmp_path / "templates"
    templates.mkdir()
    (templates / "changelog.md.j2").write_text("first {{ summary.added }}\n", encoding="utf-8")
    assert render(RESULT, "md", templates=templates, cache=cache) == "first 1\n"
    (templates / "changelog.md.j2").write_text("second {{ summary.added }}\n", encoding="utf-8")
    assert render(RESULT, "md", templates=templates, cache=cache) == "second 1\n"


def test_a_cache_directory_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory should be", encoding="utf-8")
    assert render(RESULT, "html", cache=blocker / "cache") == render(RESULT, "html")
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def _plant(cache: Path, name: str, text: str) -> None:
    """Write into `cache` the entry for built-in template `name`, valid for its
    source, but holding the code of a template that renders `text`."""
    from jinja2.bccache import Bucket

    from ruldiff.outputs.templating import environment

    env = environment()
    source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
    cache_impl = environment(cache=cache).bytecode_cache
    assert cache_impl is not None
    bucket = Bucket(env, cache_impl.get_cache_key(name, filename), cache_impl.get_source_checksum(source))
    bucket.code = env.compile(text, name, filename)
    cache.mkdir(mode=0o700, exist_ok=True)
    with open(cache / f"{bucket.key}.jinja", "wb") as f:
        bucket.write_bytecode(f)


def test_a_cache_directory_others_can_write_is_not_used(tmp_path: Path) -> None:
    private, shared = tmp_path / "private", tmp_path / "shared"
    _plant(private, "changelog.md.j2", "planted\n")
    assert render(RESULT, "md", cache=private) == "planted\n"  # the cache is trusted...
    _plant(shared, "changelog.md.j2", "planted\n")
    shared.chmod(0o777)
    assert render(RESULT, "md", cache=shared) == render(RESULT, "md")  # ...only when private
    assert len(list(shared.iterdir())) == 1  # and nothing is written there


def test_edit_filters_escape_each_text_as_if_on_its_own() -> None:
    from markupsafe import escape

    from ruldiff.outputs.templating import edits_html, edits_md, md_escape

    wrap = {"=": "{}", "-": "<del>{}</del>", "+": "<ins>{}</ins>"}
    texts = ["1. a <b> & *c*\n", "- d", "# e", "2) f", " 3. g", "h_[i]", "+ j", ""]
    for sep in ("", "\x00"):  # a text holding the filters' separator is escaped alone
        edits = [{"op": "=-+"[i % 3], "text": sep + t if i == 3 else t} for i, t in enumerate(texts)]
        assert edits_md(edits) == "".join(wrap[e["op"]].format(md_escape(e["text"])) for e in edits)
        assert str(edits_html(edits)) == "".join(wrap[e["op"]].format(escape(e["text"])) for e in edits)
    assert edits_md([{"op": "+", "text": "1. x"}]) == "<ins>1\\. x</ins>"
    assert edits_md([{"op": "=", "text": "a "}, {"op": "+", "text": "1. x"}]) == "a <ins>1\\. x</ins>"


def test_cache_entries_unused_for_a_month_are_removed_and_used_ones_kept(tmp_path: Path) -> None:
    import os
    import time

    from ruldiff.outputs.files import CACHE_MAX_AGE

    cache = tmp_path / "cache"
    render(RESULT, "html", cache=cache)  # the built-in HTML template's entry
    (html_entry,) = cache.iterdir()
    cache.joinpath("stale.jinja").write_bytes(b"left by a template edited long ago")
    cache.joinpath(".x.jinja.123.tmp").write_bytes(b"left by an interrupted write")
    long_ago = time.time() - CACHE_MAX_AGE - 3600
    for entry in cache.iterdir():
        os.utime(entry, (long_ago, long_ago))
    render(RESULT, "html", cache=cache)  # loading an entry makes it young again
    assert html_entry.stat().st_mtime > long_ago + CACHE_MAX_AGE
    render(RESULT, "md", cache=cache)  # compiling another template prunes the cache
    left = sorted(e.name for e in cache.iterdir())
    assert html_entry.name in left and "stale.jinja" not in left and ".x.jinja.123.tmp" not in left
    assert len(left) == 2  # the HTML entry and the new Markdown one


def _entry(cache: Path) -> Path:
    (entry,) = [p for p in cache.iterdir() if p.suffix == ".jinja"]
    return entry


def test_cache_entries_are_created_private_whatever_the_umask(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    old = os.umask(0)
    try:
        render(RESULT, "md", cache=cache)
    finally:
        os.umask(old)
    assert stat.S_IMODE(_entry(cache).stat().st_mode) == 0o600
    assert [p.name for p in cache.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda entry: entry.chmod(0o664), id="group-writable"),
        pytest.param(lambda entry: entry.chmod(0o602), id="other-writable"),
        pytest.param(
            lambda entry: os.chown(entry, 65534, -1), id="owned-by-another-user",
            marks=pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown"),
        ),
    ],
)
def test_a_cache_entry_others_could_have_written_is_ignored_and_rewritten(
    tmp_path: Path, spoil: Callable[[Path], None]
) -> None:
    cache = tmp_path / "cache"
    _plant(cache, "changelog.md.j2", "planted\n")
    assert render(RESULT, "md", cache=cache) == "planted\n"  # a good entry is used...
    entry = _entry(cache)
    spoil(entry)
    assert render(RESULT, "md", cache=cache) == render(RESULT, "md")  # ...a spoilt one is not
    rewritten = _entry(cache).lstat()
    assert stat.S_ISREG(rewritten.st_mode) and stat.S_IMODE(rewritten.st_mode) == 0o600
    assert rewritten.st_uid == os.getuid()


def test_a_symlinked_cache_entry_is_ignored_and_replaced_not_followed(tmp_path: Path) -> None:
    cache, elsewhere = tmp_path / "cache", tmp_path / "elsewhere"
    _plant(elsewhere, "changelog.md.j2", "planted\n")
    planted = _entry(elsewhere)
    cache.mkdir(mode=0o700)
    (cache / planted.name).symlink_to(planted)
    assert render(RESULT, "md", cache=cache) == render(RESULT, "md")
    assert not (cache / planted.name).is_symlink()  # replaced by a real entry
    assert render(RESULT, "md", templates=None, cache=elsewhere) == "planted\n"  # the target is untouched


def test_a_cache_entry_that_is_a_fifo_is_ignored_without_waiting(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    render(RESULT, "md", cache=cache)
    entry = _entry(cache)
    entry.unlink()
    os.mkfifo(entry)
    assert render(RESULT, "md", cache=cache) == render(RESULT, "md")  # would hang if opened to read
    assert stat.S_ISREG(entry.lstat().st_mode)


def test_a_removed_rule_is_shown_under_its_renumbered_section() -> None:
    """The old section renumbered (9 -> 10): its removed rule joins the new
    section's group instead of opening "9." again among "10."'s changes."""
    old = doc([("9", "Combat"), ("900.1.", "Units fight."), ("900.2.", "Gone soon."), ("900.3.", "Both heal.")])
    new = doc([("8", "Moves"), ("800.1.", "Units move."), ("10", "Combat"), ("900.1.", "Units fight hard."),
               ("900.3.", "Both heal now.")])
    sections = build_context(compare(old, new))["sections"]
    ids = [s["id"] for s in sections]
    assert len(ids) == len(set(ids)), ids


def test_markdown_escapes_marks_that_start_a_line_and_line_breaks() -> None:
    from ruldiff.outputs.templating import md_escape

    assert md_escape("# Title") == "\\# Title"
    assert md_escape("3) three") == "3\\) three"
    # A line break is written <br>, so the marks after it stand inside one Markdown line.
    assert md_escape("- item\n  + sub\n3) three") == "\\- item<br>  + sub<br>3) three"
    assert md_escape("a - b # c 4. d") == "a - b # c 4. d"  # marks inside a line are plain text


@pytest.mark.parametrize(
    ("name", "span"),
    [
        ("a\r\nb|c", "`a\\r\\nb\\|c`"),  # a line break would end the table row
        ("tick`", "`` tick` ``"),
        (" lead", "` lead`"),
        ("trail ", "`trail `"),
        (" both ", "`  both  `"),  # CommonMark strips one space from each side
        ("   ", "`   `"),  # ...but not from a span of spaces only
    ],
)
def test_markdown_code_span_of_a_file_name(name: str, span: str) -> None:
    from ruldiff.outputs.templating import md_code

    assert md_code(name) == span
    assert code_span(span) == name.replace("\r", "\\r").replace("\n", "\\n")


def test_edit_filters_wrap_a_lone_edit_by_its_op_and_keep_texts_apart() -> None:
    from ruldiff.outputs.templating import edits_html, edits_md

    for filt in (edits_md, lambda edits: str(edits_html(edits))):
        assert filt([{"op": "-", "text": "gone"}]) == "<del>gone</del>"
        assert filt([{"op": "=", "text": "kept"}]) == "kept"
        assert filt([{"op": "?", "text": "odd"}]) == "<ins>odd</ins>"  # any other op is an insertion
        assert filt([{"op": "=", "text": "a b"}, {"op": "+", "text": "c"}]) == "a b<ins>c</ins>"
        assert filt([{"op": "=", "text": "a"}, {"op": "?", "text": "b"}]) == "a<ins>b</ins>"


def test_edit_filters_write_percent_signs_and_cuts_as_they_are() -> None:
    # A change is written with one format whose arguments are its texts
    # (`_write_edits`): a "%" in a text is text, never a conversion.
    from ruldiff.outputs.templating import edits_html, edits_md

    edits = [{"op": "=", "text": "50%s of "}, {"op": "-", "text": "%d%%"}, {"op": "…", "text": "cut % "},
             {"op": "+", "text": "100%"}]
    html = str(edits_html(edits))
    assert html.startswith("50%s of <del>%d%%</del><span class=\"cut\">") and html.endswith("</span></span><ins>100%</ins>")
    assert "<span>cut % </span>" in html
    assert edits_md(edits) == "50%s of <del>%d%%</del>\\[…\\] <ins>100%</ins>"


def _hostile_files(tmp_path: Path) -> list[str]:
    """Two documents whose every printed value holds markup ("<xq>", "*m*"):
    the title, the file names, a section's title (one added), the rule numbers (a
    user's profile takes any token), the texts of a rule added, changed,
    removed and renumbered; an editor's note; and the profile."""
    profile = tmp_path / "loose.yaml"
    profile.write_text(
        "name: loose\nnumbered: '§'\n"
        "heading: '^§ (?P<id>[^.\\s]+) (?P<text>.+)$'\nrule: '^§ (?P<id>\\S+\\.\\S+) (?P<text>.+)$'\n",
        encoding="utf-8",
    )
    head = "<xq>Club</xq> *Rules*\n\n§ 1 Conduct <xq>c</xq>*d*\n\n"
    old = tmp_path / "<xq>old*a*.txt"
    old.write_text(head + "§ 1.1 Greet <xq>g</xq>*h*.\n\n§ 1.2 Keep clear.\n\n§ 1.3 Old rule stays <xq>o</xq>.\n\n"
                   "§ 1.*4*<xq> Moved rule <xq>q</xq>.\n\n§ 1.5 Gone <xq>r</xq>*s* rule.\n\n"
                   "§ <xq>2*k* Extra <xq>e</xq>\n\n§ <xq>2*k*.1 Play fair.\n", encoding="utf-8")
    new = tmp_path / "<xq>new*b*.txt"
    new.write_text(head + "§ 1.<xq>n</xq>*m* Wave <xq>w</xq>*v*.\n\n§ 1.1 Greet <xq>g</xq>*h* warmly.\n\n"
                   "§ 1.2 Keep clear.\n\n§ 1.*3*<xq> Old rule stays <xq>o</xq> now.\n\n"
                   "§ 1.7 Moved rule <xq>q</xq> at last.\n\n§ <xq>2*k* Extra <xq>e</xq>\n\n§ <xq>2*k*.1 Play fair always.\n\n"
                   "§ 3 Added <xq>t</xq>*z*\n\n§ 3.1 Be kind.\n",
                   encoding="utf-8")
    notes = tmp_path / "notes.yaml"
    notes.write_text('"1.1": A <xq>note</xq> *here*.\n', encoding="utf-8")
    return [old.name, new.name, "--profile", profile.name, "--notes", notes.name]  # run from tmp_path


@pytest.mark.parametrize("style", ["changelog", "bulletin"])
@pytest.mark.parametrize("max_chars", [None, "1000"])  # 1000: shortened (the smallest that works is ~800)
def test_markdown_of_every_style_shows_markup_in_documents_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, style: str, max_chars: str | None
) -> None:
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    monkeypatch.chdir(tmp_path)
    args = [*_hostile_files(tmp_path), "-f", "md", "--style", style] + (["--max-chars", max_chars] if max_chars else [])
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    md = result.stdout
    shown = outside_code_spans(md)
    # Not one tag of the documents' is applied, nor one emphasis: each is escaped.
    assert "<xq>" not in shown and "</xq>" not in shown, md
    assert not re.search(r"(?<![\\*])\*[a-z]\*", shown.replace("*Editor’s note:*", "")), md
    assert "&lt;xq&gt;Club&lt;/xq&gt; \\*Rules\\*" in md  # the title
    if max_chars:
        assert "Shortened to fit 1,000 bytes" in md
        return
    assert "Conduct &lt;xq&gt;c&lt;/xq&gt;\\*d\\*" in md  # a section
    assert "1.&lt;xq&gt;n&lt;/xq&gt;\\*m\\*" in md  # a rule's number
    assert "1.3 → 1.\\*3\\*&lt;xq&gt;" in md and "1.\\*4\\*&lt;xq&gt; → 1.7" in md  # renumbered, either number
    assert "## &lt;xq&gt;2\\*k\\*. Extra &lt;xq&gt;e&lt;/xq&gt;" in md  # a section's number and title
    assert "&lt;xq&gt;2\\*k\\*.1" in md  # a changed rule's number
    assert "Added &lt;xq&gt;t&lt;/xq&gt;\\*z\\*" in md  # a heading's title, added
    assert "Greet &lt;xq&gt;g&lt;/xq&gt;\\*h\\*<ins> warmly</ins>." in md  # a change's edits
    assert "A &lt;xq&gt;note&lt;/xq&gt; *here*." in md  # the note is Markdown, its tags text
    assert "`<xq>old*a*.txt`" in md and "`<xq>new*b*.txt`" in md  # file names, as code


@pytest.mark.parametrize("style", ["changelog", "bulletin"])
def test_html_of_every_style_shows_markup_in_documents_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, style: str
) -> None:
    from click.testing import CliRunner

    from ruldiff.cli.main import main

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*_hostile_files(tmp_path), "-f", "html", "--style", style], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    html = result.stdout
    assert "<xq>" not in html and "</xq>" not in html
    assert "&lt;xq&gt;Club&lt;/xq&gt; *Rules*" in html and "Conduct &lt;xq&gt;c&lt;/xq&gt;*d*" in html
    assert "1.&lt;xq&gt;n&lt;/xq&gt;*m*" in html and "1.3 → 1.*3*&lt;xq&gt;" in html and "1.*4*&lt;xq&gt; → 1.7" in html
    # The edits are marked up, and the note is Markdown made HTML, its tags text.
    assert "Greet &lt;xq&gt;g&lt;/xq&gt;*h*<ins> warmly</ins>." in html
    assert "<p>A &lt;xq&gt;note&lt;/xq&gt; <em>here</em>.</p>" in html


def test_html_contents_and_folds_count_what_they_list(sample: list[Path]) -> None:
    comparison = compare(load(str(sample[0])), load(str(sample[-1])))
    context = build_context(comparison)
    html = render(comparison, "html")
    assert context["glossary"] and context["mechanical"] and context["renumbered_only"] and context["substitutions"]
    for i, section in enumerate(context["sections"], 1):
        assert f'<li><a href="#s-{i}">{section["id"]}. {section["title"]}</a> ({len(section["changes"])})</li>' in html
    assert f'<a href="#glossary">Glossary</a> ({len(context["glossary"])})</li>' in html
    assert f'<a href="#mechanical">Mechanical changes</a> ({len(context["mechanical"])})</li>' in html
    assert f'<a href="#renumbered">Renumbered, text unchanged</a> ({len(context["renumbered_only"])})</li>' in html
    assert f'<summary><h2>Renumbered, text unchanged ({len(context["renumbered_only"])})</h2></summary>' in html
    assert (f'<summary><h2>Mechanical changes: cross-references, substitutions, cosmetic ({len(context["mechanical"])})'
            '</h2></summary>') in html
    for sub in context["substitutions"]:
        assert f'“{sub["old"]}” → “{sub["new"]}”: {sub["count"]} times in <details class="inline"><summary>{len(sub["rules"])} rules</summary>' in html
    # Each change carries its tags for the page's filter, one space apart.
    articles = dict(re.findall(r'<article class="change [^"]*" id="([^"]+)" data-tags="([^"]*)">', html))
    changes = [c for s in context["sections"] for c in s["changes"]] + context["glossary"] + context["mechanical"]
    assert changes and all(articles[c["anchor"]] == " ".join(c["tags"]) for c in changes)
    assert any(" " in articles[c["anchor"]] for c in changes)  # some change has two tags
    # A stale reference is counted in its fold too.
    stale = compare(doc([("1", "A"), ("100.1.", "Draw."), ("100.2.", "See rule 100.1.")]),
                    doc([("1", "A"), ("100.2.", "See rule 100.1.")]))
    stale_html = render(stale, "html")
    assert len(build_context(stale)["stale"]) == 1
    assert '<dt>Stale references (1)</dt><dd><ul><li>100.2: <a href="#old-100.1">rule 100.1</a></li></ul></dd>' in stale_html


def test_markdown_escapes_list_items_and_the_titles_of_new_runs() -> None:
    old = [("1", "Basics"), ("100", "General"), ("100.1.", "The glyph types are flame, tide, stone, and gale."),
           ("100.2.", "The seats are north, <xq>east</xq>*e*, south, and west.")]
    new = [("1", "Basics"), ("100", "General"), ("100.1.", "The glyph types are flame, tide, stone, gale, and <xq>ash</xq>*z*."),
           ("100.2.", "The seats are north, south, and west."), ("101", "<xq>Fresh</xq> *f*"), ("101.1.", "New rule."), ("101.2.", "Another.")]
    md = render(compare(doc(old), doc(new)), "md").splitlines()
    assert "- **New rules:** [101](#new-101) &lt;xq&gt;Fresh&lt;/xq&gt; \\*f\\*–[101.2](#new-101.2) (3 rules)" in md
    assert "- **List [100.1](#new-100.1):** + &lt;xq&gt;ash&lt;/xq&gt;\\*z\\*" in md
    assert "  List: + &lt;xq&gt;ash&lt;/xq&gt;\\*z\\*" in md
    assert "  List: − &lt;xq&gt;east&lt;/xq&gt;\\*e\\*" in md
    assert not any("<xq>" in line for line in md)


def test_a_substitution_family_lists_its_forms_and_counts_in_markdown_and_html() -> None:
    def rules(texts: list[str]) -> Document:
        return doc([("1", "Basics"), ("100", "General")] + [(f"100.{i}.", t) for i, t in enumerate(texts, 1)])

    # the possessive is a form of its own (a verb that only agrees is not: #27)
    old = ["The keeper takes the relic.", "A relic's glow fades.", "Each relic's hum stops.", "The relic rests.",
           "A keeper's relic sings."]
    new = [t.replace("relic", "ember") for t in old]
    result = compare(rules(old), rules(new))
    md = render(result, "md").splitlines()
    assert "- **Substitution:** “relic” → “ember”, 5 times in 5 rules (with “relic's” → “ember's” 2)" in md
    assert '- <a id="new-100.1"></a><a id="old-100.1"></a>**100.1** changed · substitution' in md  # its tags
    html = render(result, "html")
    assert "<summary>5 rules</summary>" in html and "<summary>1 other form</summary>" in html
    assert "<summary><h2>Mechanical changes: cross-references, substitutions, cosmetic (5)</h2></summary>" in html


def test_html_escapes_every_value_a_template_prints(tmp_path: Path) -> None:
    hostile = doc([("1", "Basics"), ("100", "General"), ("100.1.", "Draw.")], path="<b>old</b>.txt")
    html = render(compare(hostile, NEW), "html")
    assert "&lt;b&gt;old&lt;/b&gt;.txt" in html and "<b>old" not in html
    # A user's HTML template, and an .html file it includes, escape too.
    (tmp_path / "changelog.html.j2").write_text("{{ old.path }} {% include 'part.html' %}", encoding="utf-8")
    (tmp_path / "part.html").write_text("{{ old.path }}", encoding="utf-8")
    assert render(compare(hostile, NEW), "html", templates=tmp_path) == (
        "&lt;b&gt;old&lt;/b&gt;.txt &lt;b&gt;old&lt;/b&gt;.txt\n"
    )


def test_user_template_output_ends_with_its_own_newlines_or_one(tmp_path: Path) -> None:
    template = tmp_path / "changelog.md.j2"
    template.write_text("{{ summary.added }} added", encoding="utf-8")
    assert render(RESULT, "md", templates=tmp_path) == "1 added\n"
    template.write_text("{{ summary.added }} added\n\n", encoding="utf-8")
    assert render(RESULT, "md", templates=tmp_path) == "1 added\n\n"


def test_template_errors_name_the_template_and_where_it_was_looked_for(tmp_path: Path) -> None:
    from ruldiff.outputs.templating import BUILTIN_TEMPLATES, load_template

    (tmp_path / "changelog.md.j2").write_text("{{ nonsense }}\n", encoding="utf-8")
    with pytest.raises(TemplateError, match="^template changelog.md.j2 uses an unknown variable: 'nonsense'"):
        render(RESULT, "md", templates=tmp_path)
    (tmp_path / "changelog.md.j2").write_text("{% include 'part.md' %}\n", encoding="utf-8")
    with pytest.raises(TemplateError) as err:
        render(RESULT, "md", templates=tmp_path)
    assert str(err.value).startswith(f"template part.md not found; searched {tmp_path}, {BUILTIN_TEMPLATES}")
    with pytest.raises(TemplateError) as err:
        load_template("nowhere.md.j2", tmp_path)
    assert str(err.value).startswith(f"template nowhere.md.j2 not found; searched {tmp_path}, {BUILTIN_TEMPLATES}")
    # Too deep for the compiler, which says nowhere where: the template is named.
    (tmp_path / "changelog.md.j2").write_text("{% if 1 %}" * 400 + "{% endif %}" * 400, encoding="utf-8")
    with pytest.raises(TemplateError, match="nested too deep") as err:
        load_template("changelog.md.j2", tmp_path)
    assert err.value.path == "changelog.md.j2"


def test_a_cache_directory_is_created_with_its_parents_for_this_user_only(tmp_path: Path) -> None:
    cache = tmp_path / "a" / "b" / "cache"
    old = os.umask(0)
    try:
        assert render(RESULT, "md", cache=cache) == render(RESULT, "md")
    finally:
        os.umask(old)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert [e.suffix for e in cache.iterdir()] == [".jinja"]


def test_a_cache_others_may_read_but_not_write_is_used(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _plant(cache, "changelog.md.j2", "planted\n")
    cache.chmod(0o755)
    _entry(cache).chmod(0o755)
    assert render(RESULT, "md", cache=cache) == "planted\n"


def test_a_cache_entry_in_use_is_kept_young_once_a_day(tmp_path: Path) -> None:
    import time

    cache = tmp_path / "cache"
    _plant(cache, "changelog.md.j2", "planted\n")
    entry = _entry(cache)
    for age, refreshed in ((3600, False), (2 * 24 * 3600, True)):
        then = time.time() - age
        os.utime(entry, (then, then))
        assert render(RESULT, "md", cache=cache) == "planted\n"  # used, not compiled again
        assert (entry.stat().st_mtime > then + 60) is refreshed, age


def test_pruning_the_cache_removes_only_its_own_old_entries(tmp_path: Path) -> None:
    import time

    from ruldiff.outputs.files import CACHE_MAX_AGE

    cache, elsewhere = tmp_path / "cache", tmp_path / "elsewhere.jinja"
    cache.mkdir(mode=0o700)
    elsewhere.write_text("a file the cache links to", encoding="utf-8")
    (cache / "notes.txt").write_text("the user's", encoding="utf-8")
    (cache / "dir.jinja").mkdir()
    (cache / "link.jinja").symlink_to(elsewhere)
    (cache / "old.jinja").write_bytes(b"an entry unused for a month")
    long_ago = time.time() - CACHE_MAX_AGE - 3600
    for path in cache.iterdir():
        os.utime(path, (long_ago, long_ago), follow_symlinks=False)
    render(RESULT, "md", cache=cache)  # compiles, writes an entry, prunes
    left = sorted(p.name for p in cache.iterdir() if p.name != _entry_name(cache))
    assert left == ["dir.jinja", "link.jinja", "notes.txt"]
    assert elsewhere.read_text(encoding="utf-8") == "a file the cache links to"


def _entry_name(cache: Path) -> str:
    """The one regular .jinja file in `cache`: the entry a render wrote."""
    (entry,) = [p.name for p in cache.iterdir() if p.suffix == ".jinja" and p.is_file() and not p.is_symlink()]
    return entry


def test_without_user_ids_the_cache_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no os.getuid: the cache is the user's profile directory, private already."""
    cache = tmp_path / "cache"
    _plant(cache, "changelog.md.j2", "planted\n")
    monkeypatch.delattr(os, "getuid")
    assert render(RESULT, "md", cache=cache) == "planted\n"


def test_a_cache_write_never_follows_a_link_planted_at_its_temporary_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, victim = tmp_path / "cache", tmp_path / "victim"
    render(RESULT, "md", cache=cache)
    name = _entry(cache).name
    _entry(cache).unlink()
    victim.write_text("kept", encoding="utf-8")
    monkeypatch.setattr(os, "urandom", lambda n: b"\x01" * n)  # a temporary name known in advance
    (cache / f".{name}.{'01' * 8}.tmp").symlink_to(victim)
    assert render(RESULT, "md", cache=cache) == render(RESULT, "md")
    assert victim.read_text(encoding="utf-8") == "kept"


def test_a_substitution_with_one_other_form_says_form_not_forms() -> None:
    def rules(texts: list[str]) -> Document:
        return doc([("1", "Basics"), ("100", "General")] + [(f"100.{i}.", t) for i, t in enumerate(texts, 1)])

    old = ["The keeper takes the relic.", "A relic's glow fades.", "The relic rests."]
    new = [t.replace("relic", "ember") for t in old]
    html = render(compare(rules(old), rules(new)), "html")
    assert "1 other forms" not in html and "1 rules<" not in html
    assert re.search(r"<summary>1 other form</summary>", html), re.findall(r"<summary>[^<]*</summary>", html)


def test_a_likely_split_is_shown_as_a_hint_in_every_format_and_counted_nowhere() -> None:
    turned = "A relic stays in the circle after it is cast, and its keeper may turn it once each round."
    burned = " Relics that are turned cannot be burned by a flame glyph or a gale glyph."
    likely = "Its keeper may turn a relic in the circle, but a flame glyph cannot burn it once turned."
    base = [("1", "Relics"), ("100", "General"), ("100.1.", "Relics are glyphs kept by a keeper.")]
    result = compare(doc([*base, ("100.2.", turned + burned)]), doc([*base, ("100.2.", turned), ("100.3.", likely)]))
    assert [c.kind.value for c in result.changes] == ["changed", "added"]
    assert result.summary["split"] == 0 and result.summary["added"] == 1
    data = json.loads(render(result, "json"))
    assert data["changes"][0]["see_also"] == [{"kind": "split", "id": "100.3"}]
    assert "see_also" not in data["changes"][1]
    assert "see also 100.3 (perhaps split off this rule)" in render(result, "text")
    assert "*See also [100.3](#new-100.3) (perhaps split off this rule)*" in render(result, "md")
    assert '<p class="note hint"><em>See also <a href="#new-100.3">100.3</a> (perhaps split off this rule)</em></p>' in render(result, "html")


def test_a_likely_merge_is_shown_as_a_hint_naming_the_removed_rule() -> None:
    turned = "A relic stays in the circle after it is cast, and its keeper may turn it once each round."
    burned = " Relics that are turned cannot be burned by a flame glyph or a gale glyph."
    likely = "Its keeper may turn a relic in the circle, but a flame glyph cannot burn it once turned."
    base = [("1", "Relics"), ("100", "General"), ("100.1.", "Relics are glyphs kept by a keeper.")]
    result = compare(doc([*base, ("100.2.", turned), ("100.3.", likely)]), doc([*base, ("100.2.", turned + burned)]))
    assert [c.kind.value for c in result.changes] == ["changed", "removed"]
    assert json.loads(render(result, "json"))["changes"][0]["see_also"] == [{"kind": "merged", "id": "100.3"}]
    assert "see also 100.3 (perhaps merged into this rule)" in render(result, "text")
