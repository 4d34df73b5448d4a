"""The changelog and the bulletin as a reader of `ruldiff old new -f html/md`
reads them, on small invented documents: the HTML page parsed (its headings,
summary, folds, links and buttons), the Markdown read as text. Each test
names what a reader would check; each part shows only what the comparison
holds (mutation issue #30: every built-in template's filters and guards)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import layout

from ruldiff.cli.main import main

# --- running ruldiff and reading what it writes ------------------------------------


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def pair(folder: Path, old: list[tuple[str, str]], new: list[tuple[str, str]],
         old_title: str = "Test Game Rules", new_title: str = "Test Game Rules") -> tuple[str, str]:
    """Two documents laid out by `layout` (the new one dated later), titled as given: their paths."""
    paths = folder / "old.txt", folder / "new.txt"
    for path, rules, title, date in zip(paths, (old, new), (old_title, new_title), ("May 1, 2024", "June 1, 2024")):
        path.write_text(layout(rules, date=date).replace("Test Game Rules", title, 1), encoding="utf-8")
    return str(paths[0]), str(paths[1])


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parts: list[str] = field(default_factory=list)
    inner: list[Element] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def find(self, tag: str, cls: str | None = None) -> list[Element]:
        """The elements inside this one of that tag (and class)."""
        return [e for e in self.inner if e.tag == tag and (cls is None or cls in e.classes)]


class _Page(HTMLParser):
    VOID = {"meta", "input", "br", "img", "link", "hr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#page", {})
        self.open: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        for outer in self.open:
            outer.inner.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while len(self.open) > 1:
            if self.open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.parts.append(data)


def parsed(html: str) -> Element:
    """The page as a tree of elements, each with the text inside it."""
    page = _Page()
    page.feed(html)
    page.close()
    return page.root


def words(text: str) -> str:
    return " ".join(text.split())


def dangling_links(page: Element) -> list[str]:
    """The `#…` links of a page that lead to no element of it."""
    ids = {e.attrs["id"] for e in page.inner if "id" in e.attrs}
    return [h for e in page.find("a") if (h := e.attrs.get("href", "")).startswith("#") and h[1:] not in ids]


# --- invented documents --------------------------------------------------------------

BASE = [("1", "Play"), ("100", "General"),
        ("100.1.", "Each keeper draws a glyph at dawn."),
        ("100.2.", "A keeper may pass instead of casting a lantern spell."),
        ("100.3.", "A keeper who passes loses one ember. See rule 100.2."),
        ("100.4.", "The lantern holds these colours: amber, teal, and violet."),
        ("100.5.", "Embers are counted at dusk by the warden."),
        ("2", "Combat"), ("200", "Duels"),
        ("200.1.", "A duel starts when a keeper challenges a warden."),
        ("200.2.", "A warden may refuse a duel once a round."),
        ("200.3.", "The warden keeps the ember tally."),
        ("200.4.", "A duel ends when one side has no embers left.")]

# One rule added (100.2) shifts 100.2-100.5 by one, 100.3's reference to 100.2
# follows it, a list gains an item, "warden" becomes "steward" in three rules,
# 200.2 goes, 200.4 is reworded.
EVERY_KIND = [("1", "Play"), ("100", "General"),
              ("100.1.", "Each keeper draws a glyph at dawn."),
              ("100.2.", "A keeper may kindle a lantern once a turn."),
              ("100.3.", "A keeper may pass instead of casting a lantern spell."),
              ("100.4.", "A keeper who passes loses one ember. See rule 100.3."),
              ("100.5.", "The lantern holds these colours: amber, teal, violet, and rose."),
              ("100.6.", "Embers are counted at dusk by the steward."),
              ("2", "Combat"), ("200", "Duels"),
              ("200.1.", "A duel starts when a keeper challenges a steward."),
              ("200.3.", "The steward keeps the ember tally."),
              ("200.4.", "A duel ends when one side has no embers or glyphs left.")]


# --- the review line ---------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "style"), [("html", "changelog"), ("md", "changelog"), ("html", "bulletin"),
                                            ("md", "bulletin")])
def test_the_review_line_ends_on_the_count_of_new_changes_unless_some_are_hidden(
        tmp_path: Path, fmt: str, style: str) -> None:
    old, new = pair(tmp_path, BASE, EVERY_KIND)
    state = str(tmp_path / "review.json")
    run("review", old, new, "--reviewed", state, "--accept", "100.2")
    shown = run(old, new, "--reviewed", state, "-f", fmt, "--style", style)
    hidden = run(old, new, "--reviewed", state, "--hide-reviewed", "-f", fmt, "--style", style)
    line = re.compile(r"Review:(?:\*\*)? (.*?)(?:</p>|$)", re.M)
    assert line.findall(shown) == ["1 accepted, 0 differs since accepted, 8 new."]
    assert line.findall(hidden) == ["1 accepted, 0 differs since accepted, 8 new; 1 accepted change hidden."]


# --- the HTML changelog's header ------------------------------------------------------------


def test_the_html_heading_names_the_title_once_when_it_did_not_change(tmp_path: Path) -> None:
    same = parsed(run(*pair(tmp_path, BASE, EVERY_KIND), "-f", "html"))
    assert words(same.find("h1")[0].text) == "Changes: Test Game Rules, 2024-05-01 → 2024-06-01"
    renamed = parsed(run(*pair(tmp_path, BASE, EVERY_KIND, new_title="Lantern Rules"), "-f", "html"))
    assert words(renamed.find("h1")[0].text) == "Changes: Test Game Rules → Lantern Rules, 2024-05-01 → 2024-06-01"


def test_the_html_summary_counts_each_kind_and_names_split_and_merged_only_when_there_are_some(
        tmp_path: Path) -> None:
    page = parsed(run(*pair(tmp_path, BASE, EVERY_KIND), "-f", "html"))
    chips = [words(li.text) for li in page.find("ul", "summary")[0].find("li")]
    assert chips == ["1 added", "1 removed", "3 changed", "4 renumbered", "5 unchanged"]


def test_the_html_summary_at_a_glance_counts_each_list(tmp_path: Path) -> None:
    page = parsed(run(*pair(tmp_path, BASE, EVERY_KIND), "-f", "html"))
    glance = page.find("details", "glance")[0]
    assert words(glance.find("summary")[0].text) == (
        "At a glance: new rules (1), removed rules (1), renumbering runs (1), substitutions (1), list items (1)")
    folds = {words(dt.text): words(dd.text) for dt, dd in zip(glance.find("dt"), glance.find("dd"))}
    assert folds == {"New rules (1)": "100.2", "Removed rules (1)": "200.2",
                     "Renumbering runs (1)": "100.2–100.5 → 100.3–100.6",
                     "Substitutions": "“warden” → “steward”: 3 times in 3 rules100.6, 200.1, 200.3",
                     "List items (1)": "100.5: + rose"}
    assert [words(s.text) for s in glance.find("summary")[1:]] == ["3 rules"]  # the substitution's rules, folded
    assert "Show all" not in glance.text  # a short list is not folded


# --- what a page with nothing in a part leaves out -----------------------------------------


def test_identical_documents_read_no_changes_with_no_tools_contents_or_lists(tmp_path: Path) -> None:
    old, new = pair(tmp_path, BASE, BASE)
    page = parsed(run(old, new, "-f", "html"))
    assert [words(m.text) for m in page.find("main")] == ["No changes."]
    assert not page.find("form") and not page.find("nav") and not page.find("details", "glance")
    md = run(old, new, "-f", "md")
    assert "\nNo changes.\n" in md and "## " not in md.split("## Summary", 1)[1]


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_no_changes_left_to_review_only_when_the_review_hid_them_all(tmp_path: Path, fmt: str) -> None:
    one = [(n, t.replace("draws", "takes")) for n, t in BASE]
    old, new = pair(tmp_path, BASE, one)
    state = str(tmp_path / "review.json")
    run("review", old, new, "--reviewed", state, "--accept-all")
    hidden = run(old, new, "--reviewed", state, "--hide-reviewed", "-f", fmt)
    assert "No changes left to review." in hidden
    for plain in (run(old, old, "-f", fmt), run(old, old, "--reviewed", state, "-f", fmt)):
        assert "No changes." in plain and "left to review" not in plain
    assert "No changes" not in run(old, new, "-f", fmt)


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_rule_reworded_alone_has_no_summary_at_a_glance_and_no_mechanical_part(tmp_path: Path, fmt: str) -> None:
    out = run(*pair(tmp_path, BASE, [(n, t.replace("draws", "takes")) for n, t in BASE]), "-f", fmt)
    assert "takes" in out and "At a glance" not in out and "Mechanical" not in out
    if fmt == "html":
        assert [words(li.text) for li in parsed(out).find("nav")[0].find("li")] == ["1. Play (1)"]


def test_a_rule_renumbered_word_for_word_alone_offers_no_tags_to_filter(tmp_path: Path) -> None:
    moved = [("1", "Play"), ("100", "General"), ("100.1.", BASE[2][1]), ("100.3.", BASE[3][1])]
    old, new = pair(tmp_path, BASE[:4], moved)  # 100.2 -> 100.3, word for word
    page = parsed(run(old, new, "-f", "html"))
    assert [words(li.text) for li in page.find("nav")[0].find("li")] == ["Renumbered, text unchanged (1)"]
    assert [words(legend.text) for legend in page.find("legend")] == ["Kinds"]  # no change has a tag
    md = run(old, new, "-f", "md")
    assert "Mechanical changes" not in md and "Renumbered, text unchanged (1)" in md
    assert "\n- **100.2 → 100.3** renumbered (text unchanged)\n" in re.sub(r"<a id=[^>]*></a>", "", md)


@pytest.mark.parametrize(("old", "new", "folds"), [
    (BASE, BASE + [("100.3.", "A keeper may kindle a lantern once a turn.")], ["New rules (1)"]),
    (BASE, BASE[:-1], ["Removed rules (1)"]),
])
def test_the_summary_at_a_glance_folds_only_the_lists_that_have_entries(
        tmp_path: Path, old: list[tuple[str, str]], new: list[tuple[str, str]], folds: list[str]) -> None:
    page = parsed(run(*pair(tmp_path, old, new), "-f", "html"))
    glance = page.find("details", "glance")[0]
    assert [words(dt.text) for dt in glance.find("dt")] == folds
    assert words(glance.find("summary")[0].text) == "At a glance: " + folds[0].lower()


def test_a_page_of_changes_never_says_there_are_none(tmp_path: Path) -> None:
    old, new = pair(tmp_path, BASE, EVERY_KIND)
    for fmt in ("html", "md"):
        assert "No changes" not in run(old, new, "-f", fmt)


# --- each entry -------------------------------------------------------------------------------


def test_text_unchanged_is_said_of_renumbered_rules_alone_and_substantive_only_hides_the_plain_ones(
        tmp_path: Path) -> None:
    """'Substantive only' (the page's filter) hides the articles marked
    mechanical or plain: exactly the mechanical changes and the rules
    renumbered word for word."""
    old, new = pair(tmp_path, BASE, EVERY_KIND)
    page = parsed(run(old, new, "-f", "html"))
    articles = {words(a.find("a", "id")[0].text): a for a in page.find("article")}
    unchanged = {label for label, a in articles.items() if "(text unchanged)" in a.find("span", "kind")[0].text}
    assert unchanged == {"100.2 → 100.3"}
    assert {label for label, a in articles.items() if a.classes & {"mechanical", "plain"}} == {
        "100.2 → 100.3", "100.3 → 100.4", "100.5 → 100.6", "200.1", "200.3"}
    assert {label for label, a in articles.items() if "plain" in a.classes} == unchanged
    md = run(old, new, "-f", "md")
    assert md.count("(text unchanged)") == 1


def test_only_a_change_whose_text_is_cut_offers_its_whole_text(tmp_path: Path) -> None:
    long = ("A keeper may pass instead of casting a lantern spell, and a keeper who passes keeps every glyph "
            "in hand, draws none at dusk, lights no lantern and may not challenge a warden until the next "
            "round begins, unless the warden challenges first.")
    old = BASE[:3] + [("100.2.", long + " Then the round ends."), ("100.3.", "Glyphs are drawn at dawn.")]
    new = BASE[:3] + [("100.2.", long + " Then the turn ends."), ("100.3.", "Glyphs are drawn at dusk.")]
    page = parsed(run(*pair(tmp_path, old, new), "-f", "html"))
    whole = {words(a.find("a", "id")[0].text): [words(b.text) for b in a.find("button", "whole")]
             for a in page.find("article")}
    assert whole == {"100.2": ["Whole text"], "100.3": []}


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_changes_before_the_first_section_are_headed_as_such(tmp_path: Path, fmt: str) -> None:
    old = [("100.1.", "Each keeper draws a glyph."), *BASE[:2], ("100.2.", "A keeper may pass.")]
    new = [("100.1.", "Each keeper takes a glyph."), *BASE[:2], ("100.2.", "A keeper may pass now.")]
    out = run(*pair(tmp_path, old, new), "-f", fmt)
    if fmt == "md":
        assert re.findall(r"^## (.*)", out, re.M) == ["Summary", "Before the first section", "1. Play"]
        return
    page = parsed(out)
    assert [words(li.text) for li in page.find("nav")[0].find("li")] == ["Before the first section (1)", "1. Play (1)"]
    assert [words(h.text) for h in page.find("h2")] == ["Contents", "Before the first section", "1. Play"]


# --- stale references, links on a shortened page ------------------------------------------------

# A rule added as 100.2 shifts 100.2-100.5 by one; the old 100.3 (now 100.4)
# still cites "rule 100.2", which now means the added rule: stale, now 100.3.
SHIFTED = BASE[:3] + [("100.2.", "A keeper may kindle a lantern once a turn.")] + [
    (f"100.{int(n[4]) + 1}.", t) for n, t in BASE[3:7]] + BASE[7:]


def test_a_stale_reference_reads_as_the_rule_printed_then_its_number_now(tmp_path: Path) -> None:
    old, new = pair(tmp_path, BASE, SHIFTED)
    md = run(old, new, "-f", "md")
    assert "- **Stale reference in [100.4](#new-100.4):** [rule 100.2](#old-100.2) (now [100.3](#new-100.3))\n" in md
    assert "\n  ⚠ Stale reference: [rule 100.2](#old-100.2) (now [100.3](#new-100.3))\n" in md
    assert "- **Renumbered:** [100.2](#old-100.2)–[100.5](#old-100.5) → [100.3](#new-100.3)–[100.6](#new-100.6)\n" in md
    page = parsed(run(old, new, "-f", "html"))
    glance = page.find("details", "glance")[0]
    assert words(glance.find("summary")[0].text) == (
        "At a glance: new rules (1), renumbering runs (1), stale references (1)")
    folds = {words(dt.text): words(dd.text) for dt, dd in zip(glance.find("dt"), glance.find("dd"))}
    assert folds["Stale references (1)"] == "100.4: rule 100.2 (now 100.3)"
    stale = [words(p.text) for p in page.find("p", "stale")]
    assert stale == ["Stale reference: rule 100.2 (now 100.3)"]


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_every_link_of_a_shortened_page_leads_to_an_entry_on_it(tmp_path: Path, fmt: str) -> None:
    """Shortened step by step, a page names what it left out as text: the
    stale reference, its rule, its number now, the list items, the runs."""
    old, new = pair(tmp_path, BASE, SHIFTED)
    size = len(run(old, new, "-f", fmt).encode())
    too_small = CliRunner().invoke(main, [old, new, "-f", fmt, "--max-chars", "1"])
    least = int(re.findall(r"give --max-chars (\d+) or more", too_small.output)[0])
    pages = [run(old, new, "-f", fmt, "--max-chars", str(limit)) for limit in range(least, size, (size - least) // 12)]
    assert len(pages) > 3 and any("Stale reference" in p and "#new-100.4" not in p for p in pages)
    for page in pages:
        if fmt == "html":
            assert dangling_links(parsed(page)) == []
        else:
            ids = set(re.findall(r'<a id="([^"]*)"></a>', page))
            assert [t for t in re.findall(r"\]\(#([^)]*)\)", page) if t not in ids] == []


# --- the Markdown changelog's own parts ----------------------------------------------------------


def test_the_markdown_summary_table_has_a_column_per_kind_and_split_and_merged_only_when_some(
        tmp_path: Path) -> None:
    md = run(*pair(tmp_path, BASE, EVERY_KIND), "-f", "md")
    table = md.split("## Summary\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert table == ["| Added | Removed | Changed | Renumbered | Unchanged |", "|---:|---:|---:|---:|---:|",
                     "| 1 | 1 | 3 | 4 | 5 |"]


def test_a_markdown_entry_without_tags_list_or_links_ends_on_its_kind(tmp_path: Path) -> None:
    md = re.sub(r"<a id=[^>]*></a>", "", run(*pair(tmp_path, BASE, SHIFTED), "-f", "md"))
    assert "\n- **100.2 → 100.3** renumbered (text unchanged)\n" in md
    edited = re.sub(r"<a id=[^>]*></a>", "", run(*pair(tmp_path, BASE, [(n, t.replace("draws", "takes"))
                                                                          for n, t in BASE]), "-f", "md"))
    assert "\n- **100.1** changed · substantive\n" in edited
    entry = edited.split("**100.1** changed", 1)[1].split("\n---", 1)[0]
    assert [line.strip()[:2] for line in entry.splitlines() if line.strip()] == ["· ", "> "]  # no List:, See, hint


@pytest.mark.parametrize(("rewrite", "html", "md"), [
    ({"keeper": "warden"},
     ["“keeper” → “warden”: 3 times in", "3 rules", "1 other form", "“keeper's” → “warden's” (1)"],
     "- **Substitution:** “keeper” → “warden”, 3 times in 3 rules (with “keeper's” → “warden's” 1)"),
    ({" The phrase": ""},
     ["“The phrase” deleted: 4 times in", "4 rules"],
     "- **Substitution:** “The phrase” deleted, 4 times in 4 rules"),
])
def test_a_substitution_reads_old_to_new_or_deleted_with_its_counts_and_other_forms(
        tmp_path: Path, rewrite: dict[str, str], html: list[str], md: str) -> None:
    texts = ['The keeper shuffles, then he or she draws a glyph. The phrase "Ember" means pay.',
             'A keeper who passes waits until he or she draws. The phrase "Hush" means silence.',
             'The keeper\'s glyph goes where he or she can see it. The phrase "Glimmer" means shine.',
             'Wardens keep the vault. The phrase "Tidecall" means draw a glyph.']
    changed = []
    for t in texts:
        for a, b in rewrite.items():
            t = t.replace(a, b)
        changed.append(t)
    numbered = [("1", "Basics"), ("100", "General")]
    old, new = pair(tmp_path, numbered + [(f"100.{i}.", t) for i, t in enumerate(texts, 1)] + [("100.9.", "Rest.")],
                    numbered + [(f"100.{i}.", t) for i, t in enumerate(changed, 1)] + [("100.9.", "Rest.")])
    glance = parsed(run(old, new, "-f", "html")).find("details", "glance")[0]
    sub = next(dd for dt, dd in zip(glance.find("dt"), glance.find("dd")) if dt.text == "Substitutions")
    head, *folded = html
    assert words(sub.text).startswith(head)
    assert [words(e.text) for e in sub.find("summary")] + [words(li.text) for li in sub.find("li")[1:]] == folded
    assert md + "\n" in run(old, new, "-f", "md")


# --- Markdown: a name shown as written, never read as markup -----------------------------------


def test_a_shortened_markdown_page_names_sections_terms_and_files_as_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A title with asterisks, a glossary term with angle brackets or an
    underscore, a file name with angle brackets: escaped, so that GitHub
    shows them as written (not in italics, not swallowed as a tag); the
    command that writes the whole page is a code span, as typed."""
    section = [("1", "Play *and* Duels"), ("100", "General")]
    old = section + [("100.1.", "Each keeper draws a glyph at dawn."), ("100.2.", "A keeper may pass.")]
    new = section + [("100.1.", "Each keeper takes a glyph at dawn."), ("100.2.", "A keeper may pass now.")]
    terms = [("Glyph <major>", "A card of power."), ("Ember_Pool", "Where embers go.")]
    monkeypatch.chdir(tmp_path)
    Path("v<1>.txt").write_text(layout(old, terms), encoding="utf-8")
    Path("v<2>.txt").write_text(layout(new, [(t, d.replace("go", "all go").replace("of", "of great"))
                                             for t, d in terms]), encoding="utf-8")
    for style in ("changelog", "bulletin"):
        too_small = CliRunner().invoke(main, ["v<1>.txt", "v<2>.txt", "-f", "md", "--style", style, "--max-chars", "1"])
        least = int(re.findall(r"give --max-chars (\d+) or more", too_small.output)[0])
        limit, md = next((n, md) for n in range(least, least + 1000, 25)
                         if "Glossary:** changed" in (md := run("v<1>.txt", "v<2>.txt", "-f", "md", "--style", style,
                                                                "--max-chars", str(n))))
        assert "<major>" not in md, style
        flag = " --style bulletin" if style == "bulletin" else ""
        note = md.split("> [!NOTE]\n", 1)[1]
        assert note.startswith(f"> Shortened to fit {limit} bytes") and f"`ruldiff 'v<1>.txt' 'v<2>.txt' -f md{flag}`" in note
        listed = md.split("## Listed by ID only\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
        assert listed == ["- **1\\. Play \\*and\\* Duels:** changed 100.1, 100.2",
                          "- **Glossary:** changed Glyph &lt;major&gt;, Ember\\_Pool"], style


def test_a_possibly_stale_hint_quotes_what_the_rule_held_as_written(tmp_path: Path) -> None:
    base = [("1", "Play"), ("100", "General"), ("100.1.", "Each keeper draws a glyph at dawn.")]
    passing = "A keeper may pass *twice* instead of casting a lantern spell."
    counted = "Embers are counted at dusk by the warden."
    old, new = pair(tmp_path, [*base, ("100.2.", passing), ("100.3.", counted)],
                    [*base, ("100.2.", "Glyphs are shuffled before the first round."), ("100.3.", passing),
                     ("100.4.", counted),
                     ("100.5.", "A keeper who passes instead of casting a lantern spell loses an ember (see rule 100.2).")])
    md = run(old, new, "-f", "md")
    assert "\n  Possibly stale: 100.2 held “A keeper may pass \\*twice\\* instead of casting …” before; now " \
           "[100.3](#new-100.3)\n" in md


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_reference_to_a_removed_rule_is_stale_with_no_number_now(tmp_path: Path, fmt: str) -> None:
    new = [(n, t.replace("loses one ember", "loses two embers")) for n, t in BASE if n != "100.2."]
    out = run(*pair(tmp_path, BASE, new), "-f", fmt)  # 100.3 edited, still citing the removed 100.2
    if fmt == "md":
        assert "\n  ⚠ Stale reference: [rule 100.2](#old-100.2)\n" in out
        assert "- **Stale reference in [100.3](#new-100.3):** [rule 100.2](#old-100.2)\n" in out
        return
    page = parsed(out)
    assert [words(p.text) for p in page.find("p", "stale")] == ["Stale reference: rule 100.2"]
    glance = page.find("details", "glance")[0]
    assert [words(dd.text) for dt, dd in zip(glance.find("dt"), glance.find("dd")) if "Stale" in dt.text] == [
        "100.3: rule 100.2"]


def test_a_list_item_removed_is_named_once_with_nothing_after_it(tmp_path: Path) -> None:
    colours = [("1", "Play"), ("100", "General"), ("100.1.", "The lantern holds these colours: amber, teal, rose, and violet.")]
    md = run(*pair(tmp_path, colours, [(n, t.replace(" teal,", "")) for n, t in colours]), "-f", "md")
    assert "- **List [100.1](#new-100.1):** − teal\n" in md and "\n  List: − teal\n" in md
