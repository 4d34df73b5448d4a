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
