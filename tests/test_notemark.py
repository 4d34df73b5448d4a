"""notemark: an editor's note as safe HTML and Markdown, never raw HTML."""

from __future__ import annotations

import pytest

from ruldiff.outputs.notemark import note_html, note_md, safe_url


def test_the_subset_renders() -> None:
    assert note_html("Draw **two** cards, *not* one; see `702.9` and _this_.") == (
        "<p>Draw <strong>two</strong> cards, <em>not</em> one; see <code>702.9</code> and <em>this</em>.</p>"
    )


def test_paragraphs_and_line_breaks() -> None:
    assert note_html("One.\nStill one.\n\n\nTwo.") == "<p>One.<br>\nStill one.</p><p>Two.</p>"


@pytest.mark.parametrize(
    "url", ["https://example.org/faq?a=1&b=2", "http://example.org", "../rules.html#new-702.9", "#new-1.1", "faq.html"]
)
def test_safe_links_are_links(url: str) -> None:
    html = note_html(f"[the FAQ]({url})")
    assert html.startswith('<p><a href="') and ">the FAQ</a>" in html
    assert note_md(f"[the FAQ]({url})") == f"[the FAQ](<{url}>)"


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "vbscript:x", "java\tscript:x", "mailto:a@b"]
)
def test_other_schemes_stay_text(url: str) -> None:
    assert not safe_url(url)
    assert "<a " not in note_html(f"[click]({url})")
    assert "](" not in note_md(f"[click]({url})").replace("\\](", "")


@pytest.mark.parametrize(
    "raw",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        '[x](https://e.org/"onmouseover="alert(1))',
        "**<b>bold</b>**",
        "`<code>`",
        "&lt;already&gt; <!-- c -->",
    ],
)
def test_no_raw_html_gets_through(raw: str) -> None:
    html = note_html(raw)
    md = note_md(raw)
    for out in (html, md):
        assert "<script" not in out and "<img" not in out and "<!--" not in out and "<b>" not in out
    assert 'href="https://e.org/"' not in html


def test_markdown_keeps_the_list_item_and_escapes_marks() -> None:
    assert note_md("First.\n\n# not a heading\n- not a list", indent="  ") == (
        "First.\n\n  \\# not a heading\n  \\- not a list"
    )


@pytest.mark.parametrize(
    ("note", "html"),
    [
        ("a `` b", "a `` b"),  # an empty code span is no code
        ("``a`b``", "<code>a`b</code>"),  # a longer fence holds a backtick
        ("[a] and [b](https://x.org)", '[a] and <a href="https://x.org">b</a>'),  # the text ends at the first ]
        ("[](https://x.org)", "[](https://x.org)"),  # no text: no link
        ("[a]()", "[a]()"),  # no address: no link
        ("[a](x(y))", "[a](x(y))"),  # no parenthesis in an address
        ("**a**", "<strong>a</strong>"),
        ("*a*", "<em>a</em>"),
        ("*a b c*", "<em>a b c</em>"),
        ("2*3*4", "2*3*4"),  # inside a word: arithmetic, not emphasis
        ("*a*b", "*a*b"),
        ("a*b* c", "a*b* c"),
        ("* a*", "* a*"),  # a space inside the marks: no emphasis
        ("*a *", "*a *"),
        ("_a_", "<em>a</em>"),
        ("_a b_", "<em>a b</em>"),
        ("snake_case_name", "snake_case_name"),
        ("_ a_", "_ a_"),
        ("_a _", "_a _"),
        ("One.\n \nTwo.", "One.</p><p>Two."),  # a line of spaces or tabs parts paragraphs
        ("One.\n\t\nTwo.", "One.</p><p>Two."),
    ],
)
def test_each_mark_renders_only_where_markdown_would(note: str, html: str) -> None:
    assert note_html(note) == f"<p>{html}</p>"


@pytest.mark.parametrize(
    ("note", "md"),
    [
        ("a & b <c> d", "a &amp; b &lt;c&gt; d"),
        ("x\n  # y\n\t- z\n> q\n+ r", "x\n  \\# y\n\t\\- z\n&gt; q\n\\+ r"),  # no heading, list or quote, indented or not
        ("1. one\n2) two", "1\\. one\n2\\) two"),  # no numbered list
        ("a well-known rule 2.1", "a well-known rule 2.1"),  # marks inside a line stay as they are
        ("10 cards\n...and so on\n) x", "10 cards\n...and so on\n) x"),
    ],
)
def test_markdown_escapes_what_would_start_a_block_and_html(note: str, md: str) -> None:
    assert note_md(note, indent="") == md


@pytest.mark.parametrize(("url", "safe"), [("rules/a:b.html", True), ("http\\s://x", False), ("http\\://x", True)])
def test_a_scheme_is_read_before_any_slash_and_only_punctuation_is_unescaped(url: str, safe: bool) -> None:
    assert safe_url(url) is safe
